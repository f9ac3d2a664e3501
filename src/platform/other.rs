//! Any other Unix: nothing is known of its processes (what needs them
//! refuses or asks), no peer credentials (the inbox takes no request), and
//! no kernel floor (a contained run asks instead).

use std::path::PathBuf;

use super::Os;

pub const OS: Os = Os::Other;
pub const CASE_INSENSITIVE_PATHS: bool = false;
pub const SH_SELECTOR: Option<&str> = None;

pub(super) use super::no_floor as floor;

pub fn peer_uid(_stream: &std::os::unix::net::UnixStream) -> std::io::Result<u32> {
    Err(std::io::ErrorKind::Unsupported.into())
}

pub fn parent_of(_pid: u64) -> Option<u64> {
    None
}

pub fn cmdline(_pid: u64) -> Option<Vec<String>> {
    None
}

pub fn start_time(_pid: u64) -> Option<u64> {
    None
}

pub fn own_exe() -> PathBuf {
    std::env::current_exe().unwrap_or_else(|_| PathBuf::from("askrisky"))
}

pub fn ignored_signals() -> Vec<i32> {
    Vec::new()
}

pub fn fd_is_terminal(_pid: u64, _fd: u32) -> bool {
    false
}

pub fn threads_on_machine() -> Option<u64> {
    None
}

pub fn notifier(title: &str, body: &str) -> std::process::Command {
    let mut cmd = std::process::Command::new("notify-send");
    cmd.arg("--").arg(title).arg(body);
    cmd
}

pub fn make_fifo(_path: &std::path::Path) -> std::io::Result<()> {
    Err(std::io::ErrorKind::Unsupported.into())
}
