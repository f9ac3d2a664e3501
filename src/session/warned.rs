//! Which warnings were already said: a mark per (session, warning) in
//! askrisky's state folder, `warned/<digest>`, so that what a project
//! file could not set is said once per project and session, not on every
//! hook call or every line typed.
//!
//! A mark can only keep a warning from being said again. Nothing reads it
//! for a decision, so planting one (which would take a write into the
//! state folder, itself in the danger set) hides at most a repeat of a
//! warning — and the digest covers the warning's text, so a project file
//! that changes what it tries is warned about again.
//!
//! Marking is atomic: the mark is made with `O_CREAT | O_EXCL`, so of two
//! hook calls at once exactly one says the warning. A mark older than
//! [`FRESH_FOR`] no longer counts (a session whose id never changes, or an
//! agent that gives none, hears the warning again the next day).

use std::fs::OpenOptions;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// How long a mark counts.
pub const FRESH_FOR: Duration = Duration::from_secs(12 * 3600);

/// The folder of marks in a state folder.
pub fn root(state: &Path) -> PathBuf {
    state.join("warned")
}

fn mark(state: &Path, scope: &str, text: &str) -> PathBuf {
    let mut ctx = ring::digest::Context::new(&ring::digest::SHA256);
    for part in [scope.as_bytes(), text.as_bytes()] {
        ctx.update(&(part.len() as u64).to_be_bytes());
        ctx.update(part);
    }
    let hex: String = ctx
        .finish()
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    root(state).join(hex)
}

/// Whether a file's mark is recent enough to count. A time after `now`
/// (a mark made since `now` was read) is recent.
fn fresh(meta: &std::fs::Metadata, now: SystemTime) -> bool {
    meta.is_file()
        && meta
            .modified()
            .is_ok_and(|t| now.duration_since(t).map_or(true, |age| age < FRESH_FOR))
}

/// Whether `text` is said for the first time in `scope` (within
/// [`FRESH_FOR`]); marks it said. When no mark can be read or made, true:
/// a warning is said too often rather than never.
pub fn first_time(state: &Path, scope: &str, text: &str) -> bool {
    let now = SystemTime::now();
    let path = mark(state, scope, text);
    match std::fs::symlink_metadata(&path) {
        Ok(m) if fresh(&m, now) => return false,
        // Stale: made again below. Something else in its place (a folder)
        // cannot be a mark: the warning is said.
        Ok(_) => {
            if std::fs::remove_file(&path).is_err() {
                return true;
            }
        }
        Err(_) => {}
    }
    let dir = root(state);
    if std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(&dir)
        .is_err()
    {
        return true;
    }
    #[expect(
        clippy::disallowed_methods,
        reason = "a new empty mark, created exclusively without following a link; never read"
    )]
    let made = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .custom_flags(
            i32::try_from(
                rustix::fs::OFlags::NOFOLLOW.bits() | rustix::fs::OFlags::NONBLOCK.bits(),
            )
            .unwrap_or(0),
        )
        .open(&path);
    match made {
        Ok(_) => {
            prune(&dir, now);
            true
        }
        // Another call made it first: it says the warning.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => false,
        Err(_) => true,
    }
}

/// Most marks looked at when stale ones are removed.
const PRUNE_AT_MOST: usize = 1_000;

/// Removes stale marks (a few at a time, so a full folder costs little).
fn prune(dir: &Path, now: SystemTime) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten().take(PRUNE_AT_MOST) {
        if let Ok(m) = e.path().symlink_metadata()
            && m.is_file()
            && !fresh(&m, now)
        {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn once_per_scope_and_text() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let st = dir.path();
        // (scope, text, said)
        let rows: &[(&str, &str, bool)] = &[
            ("hook:claude-code/s1", "w1", true),
            ("hook:claude-code/s1", "w1", false),
            ("hook:claude-code/s1", "w1", false),
            // Another session, or another warning: said again.
            ("hook:claude-code/s2", "w1", true),
            ("hook:claude-code/s1", "w1\nw2", true),
            ("shell:42:7", "w1", true),
            ("shell:42:7", "w1", false),
        ];
        for (scope, text, said) in rows {
            assert_eq!(first_time(st, scope, text), *said, "{scope} {text:?}");
        }
        use std::os::unix::fs::MetadataExt;
        for e in std::fs::read_dir(root(st))
            .unwrap_or_else(|e| panic!("{e}"))
            .flatten()
        {
            let m = e.metadata().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(m.mode() & 0o777, 0o600);
        }
    }

    #[test]
    fn a_stale_or_strange_mark_does_not_count() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let st = dir.path();
        assert!(first_time(st, "s", "w"));
        let p = mark(st, "s", "w");
        let old = SystemTime::now() - FRESH_FOR - Duration::from_secs(60);
        std::fs::File::options()
            .write(true)
            .open(&p)
            .and_then(|f| f.set_modified(old))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(first_time(st, "s", "w"), "stale");
        assert!(!first_time(st, "s", "w"));
        // A folder where the mark would be is not a mark.
        std::fs::remove_file(&p).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir(&p).unwrap_or_else(|e| panic!("{e}"));
        assert!(first_time(st, "s", "w"));
    }

    #[test]
    fn without_a_usable_state_folder_it_is_always_said() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let file = dir.path().join("state");
        std::fs::write(&file, "").unwrap_or_else(|e| panic!("{e}"));
        assert!(first_time(&file, "s", "w"));
        assert!(first_time(&file, "s", "w"));
    }
}
