//! macOS: processes from `proc_pidinfo` and `KERN_PROCARGS2`, peer
//! credentials from `getpeereid`, no kernel floor (yet).
//!
//! Built and linted for macOS on every CI run, but not run there: the
//! parsing is tested on any system ([`super::procargs`]), the system
//! calls only where macOS runs them. What fails here answers "not known",
//! and each caller is written so that "not known" is the strict side: a
//! nesting token is not accepted, Gemini CLI is taken as headless, no
//! signal is taken as ignored.

use std::path::PathBuf;

use super::Os;
use super::macos_sys as sys;

pub const OS: Os = Os::MacOs;
/// APFS and HFS+ volumes are case-insensitive unless formatted otherwise.
pub const CASE_INSENSITIVE_PATHS: bool = true;
/// `/bin/sh` is a small program that runs the shell this link names
/// (`/bin/bash` unless the person chose dash or zsh).
pub const SH_SELECTOR: Option<&str> = Some("/private/var/select/sh");

pub(super) use super::no_floor as floor;

pub fn peer_uid(stream: &std::os::unix::net::UnixStream) -> std::io::Result<u32> {
    nix::unistd::getpeereid(stream)
        .map(|(uid, _gid)| uid.as_raw())
        .map_err(std::io::Error::from)
}

pub fn parent_of(pid: u64) -> Option<u64> {
    sys::bsd_info(pid).map(|i| u64::from(i.pbi_ppid))
}

pub fn cmdline(pid: u64) -> Option<Vec<String>> {
    let pid = i32::try_from(pid).ok()?;
    let buf = sys::sysctl_bytes(&[libc::CTL_KERN, libc::KERN_PROCARGS2, pid]).ok()?;
    super::procargs::arguments(&buf)
}

pub fn start_time(pid: u64) -> Option<u64> {
    // Microseconds since 1970: finer than any pid reuse.
    let i = sys::bsd_info(pid)?;
    i.pbi_start_tvsec
        .checked_mul(1_000_000)?
        .checked_add(i.pbi_start_tvusec)
}

pub fn own_exe() -> PathBuf {
    std::env::current_exe().unwrap_or_else(|_| PathBuf::from("askrisky"))
}

pub fn ignored_signals() -> Vec<i32> {
    (1..32).filter(|s| sys::signal_ignored(*s)).collect()
}

pub fn fd_is_terminal(pid: u64, fd: u32) -> bool {
    sys::fd_path(pid, fd).is_some_and(|p| p.starts_with(b"/dev/tty"))
}

pub fn threads_on_machine() -> Option<u64> {
    None
}

pub fn notifier(title: &str, body: &str) -> std::process::Command {
    // The texts are the script's arguments, never part of its source: a
    // quote in the command line cannot end a string and run code.
    let mut cmd = std::process::Command::new("osascript");
    cmd.args([
        "-e",
        "on run argv",
        "-e",
        "display notification (item 2 of argv) with title (item 1 of argv)",
        "-e",
        "end run",
        title,
        body,
    ]);
    cmd
}

pub fn make_fifo(path: &std::path::Path) -> std::io::Result<()> {
    nix::unistd::mkfifo(path, nix::sys::stat::Mode::from_bits_truncate(0o600))
        .map_err(std::io::Error::from)
}
