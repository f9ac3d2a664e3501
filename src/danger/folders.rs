//! Where a line's commands run: every folder a `cd` on it may move them
//! to, and the links it makes to a root.
//!
//! `cd ~ && echo x >> .bashrc` writes `~/.bashrc`; `cd / && rm -rf *`
//! empties the root; `ln -s / r; rm -rf r/` deletes through a link made a
//! moment before. Each command is judged in every folder it may run in.

use std::borrow::Cow;

use super::place::Place;
use crate::parse::Script;
use crate::parse::programs::{has_flag, operands};

/// The links a line makes to the root, a home or a system folder (`ln -s
/// / r`), resolved in every folder the line may run in: deleting through
/// one (`rm -rf r/`) deletes what it points to.
pub(super) fn root_links(script: &Script, folders: &[Cow<'_, Place>]) -> Vec<String> {
    let mut out = Vec::new();
    for c in &script.commands {
        let maybe = c
            .argv
            .first()
            .is_some_and(|w| w.value.ends_with("ln") || w.value.ends_with("cp"));
        if !maybe {
            continue;
        }
        let name = c.name().unwrap_or_default();
        let symbolic = has_flag(c.args(), &["-s", "--symbolic"]);
        if !(symbolic && matches!(&*name, "ln" | "cp")) {
            continue;
        }
        let ops = operands(c.args());
        let Some((link, targets)) = ops.split_last() else {
            continue;
        };
        for ctx in folders {
            if targets.iter().any(|t| ctx.is_catastrophic(&t.value)) {
                out.push(ctx.resolve(&link.value));
            }
        }
    }
    out
}

/// Most folders a line is judged in (where it starts included).
pub const MAX_FOLDERS: usize = 8;

/// The folders the commands of a line may run in: where the line starts,
/// and each folder a `cd` or `pushd` on it may move to. A `cd` changes what
/// relative paths name (`cd ~ && echo x >> .bashrc` writes `~/.bashrc`,
/// `cd / && rm -rf *` empties the root); whether and when each `cd` runs is
/// not followed, so every command is judged in each of these folders (a cd
/// in a loop is taken to run once). A
/// `cd` to a folder only known at run time cannot be followed. The second
/// value is true when there are more than [`MAX_FOLDERS`].
pub(super) fn folders<'p>(script: &Script, ctx: &'p Place) -> (Vec<Cow<'p, Place>>, bool) {
    let mut targets: Vec<String> = script
        .commands
        .iter()
        .filter(|c| matches!(c.name().as_deref(), Some("cd" | "pushd")))
        .filter_map(|c| {
            match operands(c.args()).first() {
                // A bare `cd` goes home.
                None => Some("~".to_owned()),
                // `cd -` goes back to a folder askrisky does not know.
                Some(w) if w.literal && w.value != "-" => Some(w.value.clone()),
                Some(_) => None,
            }
        })
        .collect();
    // With CDPATH set on the line, `cd NAME` may go to any of its folders'
    // NAME (`CDPATH=~/.config; cd askrisky`).
    let cdpath = cd_paths(script);
    if !cdpath.is_empty() {
        let relative: Vec<String> = targets
            .iter()
            .filter(|t| !t.starts_with(['/', '~', '.']))
            .cloned()
            .collect();
        for t in relative {
            for base in &cdpath {
                targets.push(format!("{}/{t}", base.trim_end_matches('/')));
            }
        }
    }
    // Borrowed when the folder is already resolved, as it mostly is; text
    // needs no lossy copy first.
    let lossy;
    let start = match ctx.cwd.to_str() {
        Some(cwd) => ctx.resolve_cow(cwd),
        None => {
            lossy = ctx.cwd.to_string_lossy();
            ctx.resolve_cow(&lossy)
        }
    };
    // The usual line: no cd, and the folder already as resolved.
    if targets.is_empty() && ctx.cwd.as_os_str() == &*start {
        return (vec![Cow::Borrowed(ctx)], false);
    }
    let mut cwds = vec![start.into_owned()];
    // Each cd, in the order found, may or may not have run: `cd a; cd b`
    // may end in the start, a, b or a/b. So each target is resolved from
    // every folder reached before it.
    let mut too_many = false;
    'targets: for target in &targets {
        for i in 0..cwds.len() {
            let from = Place {
                cwd: cwds[i].clone().into(),
                ..ctx.clone()
            };
            let to = from.resolve(target);
            if !cwds.contains(&to) {
                if cwds.len() == MAX_FOLDERS {
                    too_many = true;
                    break 'targets;
                }
                cwds.push(to);
            }
        }
    }
    let contexts = cwds
        .into_iter()
        .map(|cwd| {
            Cow::Owned(Place {
                cwd: cwd.into(),
                ..ctx.clone()
            })
        })
        .collect();
    (contexts, too_many)
}

/// The folders of every CDPATH the line sets (`CDPATH=a:b`, `export
/// CDPATH=…`).
fn cd_paths(script: &Script) -> Vec<String> {
    let mut out = Vec::new();
    for c in &script.commands {
        let assigned = c
            .assignments
            .iter()
            .filter(|(n, _)| n == "CDPATH")
            .map(|(_, v)| v.value.as_str());
        let exported = c
            .args()
            .iter()
            .filter_map(|w| w.value.strip_prefix("CDPATH="));
        for value in assigned.chain(exported) {
            out.extend(
                value
                    .split(':')
                    .filter(|p| !p.is_empty())
                    .map(str::to_owned),
            );
        }
    }
    out
}
