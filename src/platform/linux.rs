//! Linux: processes from `/proc`, peer credentials from `SO_PEERCRED`,
//! the floor from Landlock.

use std::path::PathBuf;

use super::Os;

pub const OS: Os = Os::Linux;
pub const CASE_INSENSITIVE_PATHS: bool = false;
/// `/bin/sh` is a link (Debian's to dash) or the shell itself.
pub const SH_SELECTOR: Option<&str> = None;

pub(super) use super::landlock as floor;

pub fn peer_uid(stream: &std::os::unix::net::UnixStream) -> std::io::Result<u32> {
    rustix::net::sockopt::socket_peercred(stream)
        .map(|cred| cred.uid.as_raw())
        .map_err(Into::into)
}

/// The fields of `/proc/PID/stat` after the command name, which is in
/// parentheses and may itself hold spaces or `)`: counted from the last
/// `)`, so a process named `a) b c` cannot shift them.
fn stat_fields(stat: &str) -> Option<Vec<&str>> {
    Some(stat[stat.rfind(')')? + 1..].split_whitespace().collect())
}

#[expect(
    clippy::disallowed_methods,
    reason = "a file of /proc, which only the kernel provides"
)]
fn stat(pid: u64) -> Option<String> {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()
}

pub fn parent_of(pid: u64) -> Option<u64> {
    // Field 4 (ppid); fields after the name start at field 3 (state).
    stat_fields(&stat(pid)?)?.get(4 - 3)?.parse().ok()
}

#[expect(
    clippy::disallowed_methods,
    reason = "a file of /proc, which only the kernel provides"
)]
pub fn cmdline(pid: u64) -> Option<Vec<String>> {
    let raw = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
    Some(
        raw.split(|b| *b == 0)
            .filter(|a| !a.is_empty())
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect(),
    )
}

pub fn start_time(pid: u64) -> Option<u64> {
    // Field 22 (starttime, clock ticks since boot).
    stat_fields(&stat(pid)?)?.get(22 - 3)?.parse().ok()
}

pub fn own_exe() -> PathBuf {
    let proc_self = std::path::Path::new("/proc/self/exe");
    if proc_self.exists() {
        return proc_self.to_path_buf();
    }
    std::env::current_exe().unwrap_or_else(|_| proc_self.to_path_buf())
}

#[expect(
    clippy::disallowed_methods,
    reason = "a file of /proc, which only the kernel provides"
)]
pub fn ignored_signals() -> Vec<i32> {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    ignored_in_status(&status)
}

/// The signals of the `SigIgn` mask in a `/proc/PID/status` text.
fn ignored_in_status(status: &str) -> Vec<i32> {
    let mask = status
        .lines()
        .find_map(|l| l.strip_prefix("SigIgn:").map(str::trim))
        .and_then(|hex| u64::from_str_radix(hex, 16).ok())
        .unwrap_or(0);
    (1..=64).filter(|n| mask & (1u64 << (n - 1)) != 0).collect()
}

pub fn fd_is_terminal(pid: u64, fd: u32) -> bool {
    std::fs::read_link(format!("/proc/{pid}/fd/{fd}")).is_ok_and(|t| {
        let t = t.to_string_lossy();
        t.starts_with("/dev/pts/") || t.starts_with("/dev/tty")
    })
}

#[expect(
    clippy::disallowed_methods,
    reason = "a file of /proc, which only the kernel provides"
)]
pub fn threads_on_machine() -> Option<u64> {
    // The fourth field is `running/total`.
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace()
        .nth(3)?
        .split('/')
        .nth(1)?
        .parse()
        .ok()
}

pub fn notifier(title: &str, body: &str) -> std::process::Command {
    let mut cmd = std::process::Command::new("notify-send");
    cmd.arg("--").arg(title).arg(body);
    cmd
}

pub fn make_fifo(path: &std::path::Path) -> std::io::Result<()> {
    rustix::fs::mknodat(
        rustix::fs::CWD,
        path,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .map_err(Into::into)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ancestry_and_start_times() {
        let me = u64::from(std::process::id());
        let a = super::super::ancestors(std::process::id());
        let parent = rustix::process::getppid()
            .map_or(0, |p| u64::from(p.as_raw_nonzero().get().unsigned_abs()));
        assert_eq!(a.first().copied(), Some(parent));
        // The chain ends at init: pid 0 (the kernel) is nobody's ancestor here.
        assert_eq!(a.last().copied(), Some(1));
        assert!(!a.contains(&0));
        let mine = start_time(me).unwrap_or_else(|| panic!("no start time"));
        let theirs = start_time(parent).unwrap_or_else(|| panic!("no start time"));
        assert!(theirs <= mine, "a parent starts first");
        assert_eq!(start_time(u64::MAX), None);
    }

    #[test]
    fn stat_fields_count_from_the_end_of_the_name() {
        let stat = "42 (a) b 1 2) S 7 42 42 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 12345 1 2";
        let f = stat_fields(stat).unwrap_or_default();
        assert_eq!(f.get(4 - 3), Some(&"7"));
        assert_eq!(f.get(22 - 3), Some(&"12345"));
        assert_eq!(stat_fields("no name here"), None);
    }

    #[test]
    fn command_lines_are_read_whole() {
        let me = u64::from(std::process::id());
        let args: Vec<String> = std::env::args().collect();
        assert_eq!(cmdline(me), Some(args));
        assert_eq!(cmdline(u64::MAX), None);
    }

    #[test]
    fn the_ignored_mask_is_read_bit_by_bit() {
        assert_eq!(
            ignored_in_status("Name:\tx\nSigIgn:\t0000000000000005\n"),
            [1, 3]
        );
        assert_eq!(ignored_in_status("SigIgn:\tzz\n"), Vec::<i32>::new());
        assert_eq!(ignored_in_status(""), Vec::<i32>::new());
    }

    #[test]
    fn our_own_terminal_is_seen_as_one_or_not() {
        let me = u64::from(std::process::id());
        assert_eq!(
            fd_is_terminal(me, 0),
            rustix::termios::isatty(std::io::stdin())
        );
    }
}
