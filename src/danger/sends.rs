//! Files sent to another machine from outside the project: a copy to a
//! remote host or a cloud bucket (`rsync -az ~/work/ sync@203.0.113.77:/srv/drop/`,
//! `gsutil -m rsync -r ~/src gs://tmp-drop/src`, `rclone move ~/data/raw
//! gdrive:archive`). The project's own output sent somewhere (`aws s3 cp
//! build/ s3://site/ --recursive`) is the work; the person's other files
//! leaving the machine is what a steered agent does to take them.

use super::cmd::Cmd;
use super::place::{at_or_below, in_scratch_folder};

/// Whether the command copies a file or folder from outside the working
/// folder (and outside the scratch folders) to another machine.
pub(super) fn sends_outside_files(c: &Cmd<'_>) -> bool {
    // A `match`: asked of every command.
    let (sources, dest) = match c.name.as_str() {
        "rsync" | "scp" => {
            let ops: Vec<&str> = crate::parse::copy_operands(&c.name, c.args())
                .into_iter()
                .map(|w| w.value.as_str())
                .collect();
            match ops.split_last() {
                Some((dest, sources)) if on_host(dest) => (sources.to_vec(), *dest),
                _ => return false,
            }
        }
        "gsutil" | "s3cmd" | "rclone" | "azcopy" | "aws" => {
            let ops: Vec<&str> = c.operands().iter().map(|w| w.value.as_str()).collect();
            let (verbs, rest): (&[&str], &[&str]) = match c.name.as_str() {
                "gsutil" => (&["cp", "rsync", "mv"], ops.get(1..).unwrap_or_default()),
                "s3cmd" => (&["put", "sync"], ops.get(1..).unwrap_or_default()),
                "rclone" => (
                    &["copy", "sync", "move", "copyto", "moveto"],
                    ops.get(1..).unwrap_or_default(),
                ),
                "azcopy" => (&["copy", "sync", "cp"], ops.get(1..).unwrap_or_default()),
                _ if ops.first() == Some(&"s3") => {
                    (&["cp", "sync", "mv"], ops.get(2..).unwrap_or_default())
                }
                _ => return false,
            };
            let sub = if c.name == "aws" {
                ops.get(1)
            } else {
                ops.first()
            };
            if !sub.is_some_and(|s| verbs.contains(s)) {
                return false;
            }
            match rest.split_last() {
                Some((dest, sources)) if dest.contains("://") || on_host(dest) => {
                    (sources.to_vec(), *dest)
                }
                _ => return false,
            }
        }
        _ => return false,
    };
    if dest.is_empty() || super::dryrun::rehearses_as(&c.name, c.args()) {
        return false;
    }
    let cwd = c.ctx.cwd.to_string_lossy();
    sources.iter().any(|s| {
        if s.contains("://") || on_host(s) || s.is_empty() {
            return false;
        }
        let resolved = c.ctx.resolve(s);
        !at_or_below(&resolved, &cwd) && !in_scratch_folder(&resolved)
    })
}

/// A remote path as rsync, scp and rclone write it: `host:path`,
/// `user@host:path`, `remote:path` (a colon before any slash).
fn on_host(v: &str) -> bool {
    match v.split_once(':') {
        Some((host, _)) => !host.is_empty() && !host.contains('/') && !v.starts_with('-'),
        None => false,
    }
}
