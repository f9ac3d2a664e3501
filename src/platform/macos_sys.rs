//! The few macOS system calls that no safe crate offers, each a thin,
//! checked wrapper: the crate's one exception to `unsafe_code` (see
//! `lib.rs`).
//!
//! - `sysctl`, for `KERN_PROCARGS2` (a process's arguments). The `sysctl`
//!   crate asks the kernel for a node's format first, and macOS registers
//!   this node without one, so it cannot read it.
//! - `proc_pidinfo` (`PROC_PIDTBSDINFO`: parent and start time) and
//!   `proc_pidfdinfo` (`PROC_PIDFDVNODEPATHINFO`: what a descriptor
//!   opens), into buffers of the size the call is told.
//! - `sigaction`, only to read a handler (a null new action changes
//!   nothing).
//!
//! Each call writes only into a buffer this module owns, of the length it
//! passes, and the length the kernel reports is checked before a byte is
//! read. What comes back is parsed in safe code.

use std::ffi::{c_int, c_void};

/// `PROC_PIDFDVNODEPATHINFO` of `<sys/proc_info.h>` (not in `libc`).
const PROC_PIDFDVNODEPATHINFO: c_int = 2;
/// The size of `struct proc_fileinfo`, which comes first in
/// `struct vnode_fdinfowithpath` (two `u32`, an `off_t`, two 32-bit ints).
const PROC_FILEINFO_SIZE: usize = 24;

/// The value of sysctl `mib` as bytes: its size asked first, then read.
pub fn sysctl_bytes(mib: &[c_int]) -> std::io::Result<Vec<u8>> {
    let mut mib = mib.to_vec();
    let len = u32::try_from(mib.len()).map_err(|_| std::io::ErrorKind::InvalidInput)?;
    let mut size: usize = 0;
    // SAFETY: `mib` holds `len` ints; a null old pointer asks only for the
    // size, written to `size`; no new value is given.
    let rc = unsafe {
        libc::sysctl(
            mib.as_mut_ptr(),
            len,
            std::ptr::null_mut(),
            &mut size,
            std::ptr::null_mut(),
            0,
        )
    };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    let mut buf = vec![0u8; size];
    // SAFETY: `buf` is `size` bytes long and `size` says so; the kernel
    // writes at most that many and sets `size` to what it wrote.
    let rc = unsafe {
        libc::sysctl(
            mib.as_mut_ptr(),
            len,
            buf.as_mut_ptr().cast::<c_void>(),
            &mut size,
            std::ptr::null_mut(),
            0,
        )
    };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    buf.truncate(size);
    Ok(buf)
}

/// `PROC_PIDTBSDINFO` of process `pid`.
pub fn bsd_info(pid: u64) -> Option<libc::proc_bsdinfo> {
    let pid = c_int::try_from(pid).ok()?;
    let size = std::mem::size_of::<libc::proc_bsdinfo>();
    // SAFETY: `proc_bsdinfo` is integers and byte arrays only: all zeroes
    // is a valid value of it.
    let mut info: libc::proc_bsdinfo = unsafe { std::mem::zeroed() };
    // SAFETY: the buffer is `info`, exactly `size` bytes, and is told so.
    let wrote = unsafe {
        libc::proc_pidinfo(
            pid,
            libc::PROC_PIDTBSDINFO,
            0,
            (&raw mut info).cast::<c_void>(),
            c_int::try_from(size).ok()?,
        )
    };
    (usize::try_from(wrote).ok() == Some(size)).then_some(info)
}

/// The path descriptor `fd` of process `pid` opens, when it opens a file.
pub fn fd_path(pid: u64, fd: u32) -> Option<Vec<u8>> {
    let pid = c_int::try_from(pid).ok()?;
    let fd = c_int::try_from(fd).ok()?;
    let size = PROC_FILEINFO_SIZE + std::mem::size_of::<libc::vnode_info_path>();
    let mut buf = vec![0u8; size];
    // SAFETY: `buf` is `size` bytes and the call is told so.
    let wrote = unsafe {
        libc::proc_pidfdinfo(
            pid,
            fd,
            PROC_PIDFDVNODEPATHINFO,
            buf.as_mut_ptr().cast::<c_void>(),
            c_int::try_from(size).ok()?,
        )
    };
    if usize::try_from(wrote).ok() != Some(size) {
        return None;
    }
    let at = PROC_FILEINFO_SIZE + std::mem::offset_of!(libc::vnode_info_path, vip_path);
    let path = buf.get(at..)?;
    let end = path.iter().position(|b| *b == 0)?;
    Some(path[..end].to_vec())
}

/// Whether signal `sig` is ignored by this process now.
pub fn signal_ignored(sig: c_int) -> bool {
    // SAFETY: `sigaction` is a plain C struct: all zeroes is a valid value.
    let mut old: libc::sigaction = unsafe { std::mem::zeroed() };
    // SAFETY: a null new action only reads the handler into `old`.
    let rc = unsafe { libc::sigaction(sig, std::ptr::null(), &mut old) };
    rc == 0 && old.sa_sigaction == libc::SIG_IGN
}
