//! Exec: replace askrisky's process with the approved command.
//!
//! No child process, no wrapper left behind: the command gets askrisky's pid,
//! its stdin/stdout/stderr, its place in the terminal's process group, and
//! signals sent to it; its exit status is the status the caller sees. Rust's
//! `exec` also restores the default SIGPIPE disposition that the Rust runtime
//! ignores, so pipelines behave as if the command had been run directly.

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Command;

use crate::contain::kernel::Prepared;
use crate::exit;

/// Why exec failed, with the status a shell would report.
#[derive(Debug)]
pub struct ExecError {
    /// 127 (not found) or 126 (cannot execute).
    pub status: u8,
    /// One line for stderr.
    pub message: String,
}

fn failed(program: &str, e: &std::io::Error) -> ExecError {
    let status = if e.kind() == std::io::ErrorKind::NotFound {
        exit::NOT_FOUND
    } else {
        exit::NOT_EXECUTABLE
    };
    ExecError {
        status,
        message: format!("askrisky: cannot run {program}: {e}"),
    }
}

/// Contains this process, when `floor` says so, as the last step before
/// exec: from here on nothing askrisky does could be stopped by the rules
/// it sets, and everything the command does is. Fails closed: a floor
/// that cannot be applied runs nothing.
fn contain(floor: Option<Prepared>) -> Result<(), ExecError> {
    match floor {
        None => Ok(()),
        Some(p) => p.apply().map_err(|e| ExecError {
            status: exit::FAILED,
            message: format!("askrisky: not run: {e}"),
        }),
    }
}

/// Runs `argv` in place of this process (searching `PATH`), contained by
/// `floor` when given. Returns only on failure.
pub fn argv(argv: &[OsString], env: &[(&str, String)], floor: Option<Prepared>) -> ExecError {
    let Some((program, args)) = argv.split_first() else {
        return ExecError {
            status: exit::FAILED,
            message: "askrisky: no command given".into(),
        };
    };
    if let Err(e) = contain(floor) {
        return e;
    }
    let e = Command::new(program)
        .args(args)
        .envs(env.iter().map(|(k, v)| (*k, v)))
        .exec();
    failed(&crate::escape::escape(&program.to_string_lossy()), &e)
}

/// Runs `shell -c line` in place of this process, contained by `floor`
/// when given. Returns only on failure.
pub fn line(
    shell: &Path,
    line: &str,
    env: &[(&str, String)],
    floor: Option<Prepared>,
) -> ExecError {
    if let Err(e) = contain(floor) {
        return e;
    }
    let e = Command::new(shell)
        .arg("-c")
        .arg(line)
        .envs(env.iter().map(|(k, v)| (*k, v)))
        .exec();
    failed(&shell.display().to_string(), &e)
}
