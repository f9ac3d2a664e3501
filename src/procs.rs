//! Processes, from `/proc` (Linux): who a process's ancestors are and when
//! a process started (so that a pid reused by another process is not taken
//! for the one it used to name). Elsewhere nothing is known, and what needs
//! it refuses.

/// The pids above `pid`, nearest first (Linux `/proc`; empty elsewhere).
pub fn ancestors(pid: u32) -> Vec<u64> {
    let mut out = Vec::new();
    let mut cur = u64::from(pid);
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

/// The parent of process `pid`.
pub fn parent_of(pid: u64) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold spaces or ')'.
    let after = &stat[stat.rfind(')')? + 1..];
    after.split_whitespace().nth(1)?.parse().ok()
}

/// The arguments process `pid` was started with.
pub fn cmdline(pid: u64) -> Option<Vec<String>> {
    let raw = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
    Some(
        raw.split(|b| *b == 0)
            .filter(|a| !a.is_empty())
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect(),
    )
}

/// When process `pid` started (clock ticks since boot), which together with
/// the pid names one process for as long as the machine runs.
pub fn start_time(pid: u64) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 1..];
    // Fields after the name start at field 3 (state); starttime is 22.
    after.split_whitespace().nth(22 - 3)?.parse().ok()
}

/// This process's own program file, for starting askrisky again: on Linux
/// `/proc/self/exe`, which still names the running binary after an upgrade
/// replaced or removed the file at its path; elsewhere the path it was
/// started from.
pub fn own_exe() -> std::path::PathBuf {
    let proc_self = std::path::Path::new("/proc/self/exe");
    if cfg!(target_os = "linux") && proc_self.exists() {
        return proc_self.to_path_buf();
    }
    std::env::current_exe().unwrap_or_else(|_| proc_self.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ancestry_and_start_times() {
        let me = u64::from(std::process::id());
        let a = ancestors(std::process::id());
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
        // Field 22 of stat, counted from the end of the name: a thread
        // named `a) b c` here would shift a count made from the front.
        let stat = std::fs::read_to_string(format!("/proc/{me}/stat")).unwrap_or_default();
        let field22 = stat
            .rsplit(')')
            .next()
            .and_then(|rest| rest.split_whitespace().nth(19))
            .and_then(|f| f.parse().ok());
        assert_eq!(Some(mine), field22);
    }

    #[test]
    fn command_lines_are_read_whole() {
        let me = u64::from(std::process::id());
        let args: Vec<String> = std::env::args().collect();
        assert_eq!(cmdline(me), Some(args));
        assert_eq!(cmdline(u64::MAX), None);
    }
}
