//! Opening files so that nothing put in their place can make askrisky hang,
//! follow a link somewhere else, or write through a second name.
//!
//! The threat: an agent of the same user cannot write askrisky's folders
//! through a vetted command, but it can try sideways. A FIFO in place of the
//! log or a transcript makes a plain `open` wait forever, and an agent's
//! host that waits on a hook past its timeout often runs the tool anyway. A
//! `flock` held on the log does the same to a plain `lock`. A symlink or a
//! hard link into askrisky's folders, made from the agent's workspace, lets
//! it edit the config or trim the log under another name.
//!
//! So every open here is non-blocking, is checked on the open descriptor to
//! be a regular file, and for askrisky's own files ([`Whose::Own`]) does not
//! follow a final symlink and refuses a file with a second hard link. Locks
//! are taken with a bounded wait.

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;
use std::time::{Duration, Instant};

/// Whose file it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    /// askrisky's own (config, log, session store, tokens, key): never
    /// through a final symlink, never with a second hard link.
    Own,
    /// Someone else's that askrisky only reads (a project file, an agent's
    /// transcript): links are followed, but it must be a regular file.
    Foreign,
}

/// Why a file was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Refused {
    /// A FIFO, socket, device or folder where a file should be.
    #[error("not a regular file")]
    NotRegular,
    /// A second name for the same file exists somewhere.
    #[error("it has {0} hard links; askrisky's own files have one")]
    HardLinks(u64),
    /// A symbolic link where askrisky's own file should be.
    #[error("it is a symbolic link; askrisky's own files must be regular files")]
    Symlink,
}

fn refused(r: Refused) -> std::io::Error {
    std::io::Error::other(r)
}

fn flags(whose: Whose) -> i32 {
    let nofollow = match whose {
        Whose::Own => rustix::fs::OFlags::NOFOLLOW.bits(),
        Whose::Foreign => 0,
    };
    let bits = rustix::fs::OFlags::NONBLOCK.bits() | rustix::fs::OFlags::CLOEXEC.bits() | nofollow;
    i32::try_from(bits).unwrap_or(i32::MAX)
}

/// Checks an open file: regular, and for askrisky's own, one link only.
/// With it, its length when checked.
fn checked(file: File, whose: Whose) -> std::io::Result<(File, u64)> {
    let meta = file.metadata()?;
    if !meta.file_type().is_file() {
        return Err(refused(Refused::NotRegular));
    }
    if whose == Whose::Own && meta.nlink() > 1 {
        return Err(refused(Refused::HardLinks(meta.nlink())));
    }
    Ok((file, meta.len()))
}

/// What `open` says when `O_NOFOLLOW` met a symlink (ELOOP), as [`Refused`].
fn symlink_is_refused(e: std::io::Error) -> std::io::Error {
    if e.raw_os_error() == Some(rustix::io::Errno::LOOP.raw_os_error()) {
        refused(Refused::Symlink)
    } else {
        e
    }
}

/// Opens a file for reading.
pub fn open(path: &Path, whose: Whose) -> std::io::Result<File> {
    open_sized(path, whose).map(|(file, _)| file)
}

/// [`open`], with the file's length when it was checked.
#[expect(clippy::disallowed_methods, reason = "the one checked open")]
fn open_sized(path: &Path, whose: Whose) -> std::io::Result<(File, u64)> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(flags(whose))
        .open(path)
        .map_err(symlink_is_refused)?;
    checked(file, whose)
}

/// Opens (creating it 0600 if missing) one of askrisky's own files for
/// appending.
#[expect(clippy::disallowed_methods, reason = "the one checked open")]
pub fn open_append(path: &Path) -> std::io::Result<File> {
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .custom_flags(flags(Whose::Own))
        .open(path)
        .map_err(symlink_is_refused)?;
    checked(file, Whose::Own).map(|(file, _)| file)
}

/// Reads a whole file as text, at most `max` bytes (more is an error).
/// `Ok(None)` when it does not exist.
pub fn read_text(path: &Path, whose: Whose, max: u64) -> std::io::Result<Option<String>> {
    read_bytes(path, whose, max)?
        .map(|bytes| {
            String::from_utf8(bytes)
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
        })
        .transpose()
}

/// Reads a whole file, at most `max` bytes (more is an error). `Ok(None)`
/// when it does not exist. The buffer is sized by the file's length when
/// opened, so a file that did not grow takes one read: files read for
/// every command (a repository's config) cost few system calls.
pub fn read_bytes(path: &Path, whose: Whose, max: u64) -> std::io::Result<Option<Vec<u8>>> {
    let (file, len) = match open_sized(path, whose) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    // One byte past the length: a file that grew since fills it, and is
    // read on to its end.
    let want = len.min(max);
    let room = usize::try_from(want.saturating_add(1)).unwrap_or(usize::MAX);
    let mut bytes = vec![0; room];
    let mut file = file.take(max + 1);
    // (An interrupted read is an error: the caller takes the file as
    // unreadable, which asks.)
    let first = file.read(&mut bytes)?;
    bytes.truncate(first);
    // All the length said it holds, in one read: that is the whole file,
    // as of when it was opened (what any later reader sees may differ
    // anyway). Otherwise, read on to the end: a file that grew, one past
    // `max` (its first read fills the room), one whose length says 0 as
    // the files of `/proc` do.
    if first as u64 != len || first == 0 {
        file.read_to_end(&mut bytes)?;
    }
    if bytes.len() as u64 > max {
        return Err(std::io::Error::other(format!("larger than {max} bytes")));
    }
    Ok(Some(bytes))
}

/// How long askrisky waits for a lock another process holds.
pub const LOCK_WAIT: Duration = Duration::from_millis(500);

/// Takes an exclusive lock on `file`, waiting at most `wait`. Returns false
/// when another process held it all that time: the caller goes on without
/// it (an append is still one `write`), so a lock held on purpose cannot
/// stall askrisky.
pub fn lock(file: &File, wait: Duration) -> bool {
    let until = Instant::now() + wait;
    loop {
        match file.try_lock() {
            Ok(()) => return true,
            Err(std::fs::TryLockError::WouldBlock) if Instant::now() < until => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(_) => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(e: &std::io::Error) -> Option<&Refused> {
        e.get_ref().and_then(|i| i.downcast_ref::<Refused>())
    }

    #[test]
    fn only_regular_files_open() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let fifo = dir.path().join("fifo");
        crate::platform::make_fifo(&fifo).unwrap_or_else(|e| panic!("{e}"));
        // A FIFO nobody writes to: a plain open would wait forever.
        for whose in [Whose::Own, Whose::Foreign] {
            let e = open(&fifo, whose).err().unwrap_or_else(|| panic!("opened"));
            assert_eq!(refusal(&e), Some(&Refused::NotRegular));
        }
        // For appending, a FIFO without a reader cannot even be opened.
        assert!(open_append(&fifo).is_err());
        assert_eq!(
            open(dir.path(), Whose::Foreign)
                .err()
                .as_ref()
                .and_then(refusal),
            Some(&Refused::NotRegular)
        );
    }

    #[test]
    fn own_files_have_one_name() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let own = dir.path().join("log.jsonl");
        std::fs::write(&own, "x\n").unwrap_or_else(|e| panic!("{e}"));
        assert!(open(&own, Whose::Own).is_ok());
        assert!(open_append(&own).is_ok());
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&own, &link).unwrap_or_else(|e| panic!("{e}"));
        let e = open(&link, Whose::Own)
            .err()
            .unwrap_or_else(|| panic!("opened"));
        assert_eq!(refusal(&e), Some(&Refused::Symlink));
        assert!(open_append(&link).is_err());
        assert!(
            open(&link, Whose::Foreign).is_ok(),
            "others' links are followed"
        );
        let hard = dir.path().join("hard");
        std::fs::hard_link(&own, &hard).unwrap_or_else(|e| panic!("{e}"));
        for p in [&own, &hard] {
            let e = open(p, Whose::Own)
                .err()
                .unwrap_or_else(|| panic!("opened"));
            assert_eq!(refusal(&e), Some(&Refused::HardLinks(2)));
            assert!(open_append(p).is_err());
        }
        assert!(open(&hard, Whose::Foreign).is_ok());
    }

    #[test]
    fn reads_are_bounded_and_missing_files_are_none() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let p = dir.path().join("f");
        assert_eq!(read_text(&p, Whose::Own, 10).ok(), Some(None));
        std::fs::write(&p, "0123456789").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            read_text(&p, Whose::Own, 10).ok().flatten().as_deref(),
            Some("0123456789")
        );
        assert!(read_text(&p, Whose::Own, 9).is_err());
        assert!(read_bytes(&p, Whose::Own, 0).is_err());
        std::fs::write(&p, "").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read_bytes(&p, Whose::Own, 10).ok(), Some(Some(Vec::new())));
        // A file whose length says 0 but that holds text, as `/proc`'s do,
        // is read to its end.
        let status = read_text(Path::new("/proc/self/status"), Whose::Foreign, 1 << 20)
            .ok()
            .flatten()
            .unwrap_or_default();
        assert!(status.contains("Pid:"), "{status:?}");
        // Longer than one read's room: read on.
        let long = "x".repeat(100_000);
        std::fs::write(&p, &long).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            read_text(&p, Whose::Own, 200_000).ok().flatten().as_deref(),
            Some(long.as_str())
        );
        assert!(read_text(&p, Whose::Own, 99_999).is_err());
    }

    #[test]
    fn a_held_lock_is_waited_on_briefly() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let p = dir.path().join("f");
        let holder = open_append(&p).unwrap_or_else(|e| panic!("{e}"));
        assert!(lock(&holder, Duration::ZERO));
        let other = open_append(&p).unwrap_or_else(|e| panic!("{e}"));
        let started = Instant::now();
        assert!(!lock(&other, Duration::from_millis(50)));
        assert!(started.elapsed() >= Duration::from_millis(50));
        let _ = holder.unlock();
        assert!(lock(&other, Duration::from_millis(50)));
    }
}
