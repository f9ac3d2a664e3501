//! The system askrisky runs on: the one place that knows it.
//!
//! Everything here answers a question the guard needs to keep its
//! promises (SPEC §9, §10), and each system answers it its own way:
//!
//! | question | why the guard asks | Linux | macOS |
//! |---|---|---|---|
//! | [`peer_uid`] | only the person's own processes may put a request in the inbox | `SO_PEERCRED` | `getpeereid` |
//! | [`parent_of`], [`ancestors`] | a nesting token holds only below the process it was granted to | `/proc/PID/stat` | `proc_pidinfo` |
//! | [`start_time`] | a reused pid is not the process a token was granted to | `/proc/PID/stat` | `proc_pidinfo` |
//! | [`cmdline`] | which agent started the hook, and in which mode | `/proc/PID/cmdline` | `KERN_PROCARGS2` |
//! | [`fd_is_terminal`] | whether a person sits at the agent's screen | `/proc/PID/fd` | `proc_pidfdinfo` |
//! | [`own_exe`] | starting askrisky again, after an upgrade too | `/proc/self/exe` | the path it was started from |
//! | [`ignored_signals`] | a signal ignored at start stays ignored for the command | `SigIgn` of `/proc/self/status` | `sigaction` |
//! | [`threads_on_machine`] | the process bound of a contained run | `/proc/loadavg` | not known: no bound |
//! | [`notifier`] | the inbox's desktop notification | `notify-send` | `osascript` |
//! | [`SH_SELECTOR`] | which shell `/bin/sh` is, to read a line as it will | a link | `/private/var/select/sh` |
//! | [`CASE_INSENSITIVE_PATHS`] | `~/.BASHRC` is `~/.bashrc` where the file system folds case | no | yes (the default volume format) |
//! | [`floor`] | the kernel floor under what runs without approval | Landlock | none yet: asks instead |
//!
//! The rest of the crate asks these and never the system's name: no
//! `cfg(target_os)` outside this folder (`tests/lines/layers.rs` holds that),
//! so every check above the floor — the danger set, the parser, the
//! policy — is the same code, and is tested, on every system.
//!
//! What reads process tables parses their bytes in plain functions
//! ([`procargs`], the `stat` line), tested on any system; only the calls
//! that fetch the bytes differ.

use std::path::{Path, PathBuf};

pub mod procargs;

#[cfg(target_os = "linux")]
mod landlock;
#[cfg(target_os = "linux")]
mod linux;
#[cfg(target_os = "linux")]
use linux as imp;

#[cfg(target_os = "macos")]
mod macos;
#[cfg(target_os = "macos")]
#[allow(unsafe_code)]
mod macos_sys;
#[cfg(target_os = "macos")]
use macos as imp;

#[cfg(not(target_os = "linux"))]
mod no_floor;
#[cfg(not(any(target_os = "linux", target_os = "macos")))]
mod other;
#[cfg(not(any(target_os = "linux", target_os = "macos")))]
use other as imp;

/// The systems askrisky tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Os {
    /// Linux (WSL included: it is Linux to a program).
    Linux,
    /// macOS.
    MacOs,
    /// Another Unix: nothing is known of its processes, and nothing
    /// runs contained.
    Other,
}

/// The system this build runs on.
pub const OS: Os = imp::OS;

/// Whether paths are compared without regard to case: the default file
/// system of macOS (APFS, case-insensitive) opens `~/.BASHRC` as
/// `~/.bashrc`, so a protected or secret path written in other case is
/// still that file. A case-sensitive volume on macOS only makes askrisky
/// stricter than it needs to be there.
pub const CASE_INSENSITIVE_PATHS: bool = imp::CASE_INSENSITIVE_PATHS;

/// A link naming the shell that `/bin/sh` runs, where `/bin/sh` is a
/// program that picks one (macOS: bash by default, dash or zsh when the
/// person chose so); `None` where `/bin/sh` itself is a link or the shell.
pub const SH_SELECTOR: Option<&str> = imp::SH_SELECTOR;

/// The user id of the process at the other end of a Unix socket.
pub fn peer_uid(stream: &std::os::unix::net::UnixStream) -> std::io::Result<u32> {
    imp::peer_uid(stream)
}

/// The parent of process `pid`, when it can be read.
pub fn parent_of(pid: u64) -> Option<u64> {
    imp::parent_of(pid)
}

/// The pids above `pid`, nearest first; empty where the system does not
/// say (then what needs them refuses: a nesting token is not accepted).
pub fn ancestors(pid: u32) -> Vec<u64> {
    let mut out = Vec::new();
    let mut cur = u64::from(pid);
    // A bound, and a stop at a repeat: a table read while it changes
    // must not loop.
    for _ in 0..128 {
        let Some(parent) = parent_of(cur) else {
            break;
        };
        if parent == 0 || out.contains(&parent) {
            break;
        }
        out.push(parent);
        cur = parent;
    }
    out
}

/// The arguments process `pid` was started with.
pub fn cmdline(pid: u64) -> Option<Vec<String>> {
    imp::cmdline(pid)
}

/// When process `pid` started, in the system's own unit (clock ticks since
/// boot on Linux, microseconds since 1970 on macOS): with the pid, it names
/// one process for as long as the machine runs. Only ever compared with
/// another value from this function on the same machine.
pub fn start_time(pid: u64) -> Option<u64> {
    imp::start_time(pid)
}

/// This process's own program file, for starting askrisky again: on Linux
/// `/proc/self/exe`, which still names the running binary after an
/// upgrade replaced or removed the file at its path; elsewhere the path it
/// was started from.
pub fn own_exe() -> PathBuf {
    imp::own_exe()
}

/// The signals this process has ignored now (at start, before askrisky
/// handles any). Where the system does not say, none.
pub fn ignored_signals() -> Vec<i32> {
    imp::ignored_signals()
}

/// Whether file descriptor `fd` of process `pid` is a terminal. `false`
/// where it cannot be told, which reads as "nobody at the screen": the
/// side on which a question is never lost.
pub fn fd_is_terminal(pid: u64, fd: u32) -> bool {
    imp::fd_is_terminal(pid, fd)
}

/// How many threads run on the machine now (an upper bound of the user's
/// own), for the process bound of a contained run; `None` where not known.
pub fn threads_on_machine() -> Option<u64> {
    imp::threads_on_machine()
}

/// The command that shows a desktop notification with `title` and `body`.
/// Both go to it as arguments, never as code: `body` is a command line an
/// agent wrote.
pub fn notifier(title: &str, body: &str) -> std::process::Command {
    imp::notifier(title, body)
}

/// Makes a FIFO at `path` (mode 0600): the tests plant one where askrisky
/// must not hang on it.
pub fn make_fifo(path: &Path) -> std::io::Result<()> {
    imp::make_fifo(path)
}

/// Which shell `/bin/sh` runs, where a selector link says (see
/// [`SH_SELECTOR`]): the link's target, resolved on disk.
pub fn sh_selected() -> Option<PathBuf> {
    SH_SELECTOR.and_then(|s| std::fs::canonicalize(Path::new(s)).ok())
}

/// The kernel floor under what runs without a person's approval (see
/// `contain`): rules given as data, applied just before exec.
pub mod floor {
    use std::path::{Path, PathBuf};

    use crate::platform::imp;

    /// What one rule grants on a folder tree (or a file).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Grant {
        /// Read files, list folders, run programs.
        Read,
        /// List the folder only.
        List,
        /// Read and write: make, change, remove, rename.
        ReadWrite,
        /// Write to an existing file only (devices such as `/dev/null`).
        WriteFile,
    }

    /// Why the floor could not be had.
    #[derive(Debug)]
    pub enum FloorError {
        /// The kernel (or system) cannot contain commands here.
        Unsupported(String),
        /// Building or applying the rules failed.
        Setup(String),
        /// A path a rule names could not be opened.
        Path {
            /// The path.
            path: PathBuf,
            /// Why.
            source: std::io::Error,
        },
    }

    /// What the floor is called here, for messages (`Landlock`).
    pub const NAME: &str = imp::floor::NAME;

    /// Rules built and ready to apply.
    pub struct Prepared(imp::floor::Prepared);

    impl Prepared {
        /// Builds the rules: `grants` on paths (canonical), and a bound on
        /// new processes. Fails where the floor is not available, or a
        /// rule's path cannot be opened.
        pub fn new<'a>(
            grants: impl Iterator<Item = (&'a Path, Grant)>,
            max_processes: Option<u64>,
        ) -> Result<Self, FloorError> {
            imp::floor::Prepared::new(grants, max_processes).map(Self)
        }

        /// Restricts this thread, and so the command exec'd from it and
        /// all it starts. Rules the kernel did not enforce are an error.
        pub fn apply(self) -> Result<(), FloorError> {
            self.0.apply()
        }
    }

    /// Whether the floor can be had here, and a short account of it when
    /// it can (`Landlock ABI 5`). Restricts only a short-lived thread.
    pub fn probe() -> Result<String, FloorError> {
        imp::floor::probe()
    }

    /// Whether the floor can be had here (cheap: nothing restricted).
    pub fn available() -> Result<(), FloorError> {
        imp::floor::available()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ancestry_ends_and_holds_no_repeat() {
        let a = ancestors(std::process::id());
        assert!(!a.contains(&0));
        let mut seen = a.clone();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), a.len(), "{a:?}");
        if OS == Os::Other {
            assert!(a.is_empty());
        }
    }

    #[test]
    fn what_cannot_be_read_is_none() {
        assert_eq!(start_time(u64::MAX), None);
        assert_eq!(cmdline(u64::MAX), None);
        assert_eq!(parent_of(u64::MAX), None);
        assert!(!fd_is_terminal(u64::MAX, 0));
    }

    #[test]
    fn the_notifier_gets_the_text_as_arguments() {
        let body = "rm -rf ~ \"; do shell script \"id";
        let cmd = notifier("askrisky: approval needed", body);
        let args: Vec<_> = cmd
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(args.last().map(String::as_str), Some(body), "{args:?}");
    }
}
