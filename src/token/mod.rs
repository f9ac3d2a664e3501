//! Tokens: one small store of expiring records in askrisky's state folder,
//! used for allow-once codes ([`allow_once`]), the person's approvals of a
//! line for the rest of a session ([`session_approval`]) and the nesting
//! tokens of approved commands ([`nested`]).
//!
//! Each token is one file named by its (random) token, in a folder of its
//! kind under the state folder (0700; files 0600, written atomically).
//! Names are checked before any path is built from them, so a token taken
//! from the environment or typed by a person cannot reach outside the
//! folder. A token is fresh while its file is younger than the kind's
//! lifetime; older files are swept whenever a new one is written. Spending
//! a token renames it away first, so two processes cannot both spend it.

pub mod allow_once;
pub mod contained;
pub mod nested;
pub mod session_approval;

use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Most bytes of a token file read.
const MAX_TOKEN_BYTES: u64 = 256 * 1024;

/// One kind of token and its folder.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
    lifetime: Duration,
    valid_name: fn(&str) -> bool,
}

impl Store {
    /// The store for tokens kept in `state/<folder>`, fresh for `lifetime`,
    /// whose names pass `valid_name`.
    pub fn new(
        state: &Path,
        folder: &str,
        lifetime: Duration,
        valid_name: fn(&str) -> bool,
    ) -> Self {
        Self {
            dir: state.join(folder),
            lifetime,
            valid_name,
        }
    }

    fn path(&self, name: &str) -> Option<PathBuf> {
        (self.valid_name)(name).then(|| self.dir.join(name))
    }

    /// Writes (or replaces) a token, sweeping stale ones first.
    pub fn put(&self, name: &str, body: &[u8]) -> std::io::Result<()> {
        let path = self
            .path(name)
            .ok_or_else(|| std::io::Error::other("not a valid token name"))?;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&self.dir)?;
        self.sweep();
        crate::util::write_atomically(&path, body)
    }

    /// A fresh token's body.
    pub fn get(&self, name: &str) -> Option<Vec<u8>> {
        let path = self.path(name)?;
        let age = std::fs::symlink_metadata(&path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| SystemTime::now().duration_since(t).ok())?;
        if age > self.lifetime {
            return None;
        }
        crate::files::read_text(&path, crate::files::Whose::Own, MAX_TOKEN_BYTES)
            .ok()
            .flatten()
            .map(String::into_bytes)
    }

    /// The names of the tokens in the store (fresh or not).
    pub fn names(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(str::to_owned))
            .filter(|n| (self.valid_name)(n))
            .collect()
    }

    /// Spends a token: true for exactly one caller.
    pub fn spend(&self, name: &str) -> bool {
        let Some(path) = self.path(name) else {
            return false;
        };
        let spent = self.dir.join(format!(".{name}.spent"));
        if std::fs::rename(path, &spent).is_ok() {
            let _ = std::fs::remove_file(&spent);
            return true;
        }
        false
    }

    /// Drops tokens past their lifetime.
    fn sweep(&self) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        for e in entries.flatten() {
            let old = e
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| SystemTime::now().duration_since(t).ok())
                .is_some_and(|age| age > self.lifetime);
            if old {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(n: &str) -> bool {
        n.len() == 4 && n.bytes().all(|b| b.is_ascii_hexdigit())
    }

    #[test]
    fn tokens_are_named_kept_and_spent_once() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let s = Store::new(state.path(), "t", Duration::from_secs(60), hex);
        assert!(s.put("../x", b"no").is_err());
        assert!(s.put("zzzz", b"no").is_err());
        s.put("ab12", b"body").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.get("ab12").as_deref(), Some(&b"body"[..]));
        assert_eq!(s.get("../t/ab12"), None);
        assert_eq!(s.names(), ["ab12"]);
        assert!(s.spend("ab12"));
        assert!(!s.spend("ab12"));
        assert_eq!(s.get("ab12"), None);
        assert!(s.names().is_empty());
    }

    #[test]
    fn stale_tokens_are_not_read_and_are_swept() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let s = Store::new(state.path(), "t", Duration::from_secs(60), hex);
        s.put("ab12", b"body").unwrap_or_else(|e| panic!("{e}"));
        let past = SystemTime::now() - Duration::from_secs(120);
        std::fs::File::options()
            .write(true)
            .open(state.path().join("t/ab12"))
            .and_then(|f| f.set_modified(past))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.get("ab12"), None);
        s.put("cd34", b"new").unwrap_or_else(|e| panic!("{e}"));
        assert!(!s.names().contains(&"ab12".to_owned()));
    }

    #[test]
    fn tokens_are_read_up_to_their_bound() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let s = Store::new(state.path(), "t", Duration::from_secs(60), hex);
        let max = usize::try_from(MAX_TOKEN_BYTES).unwrap_or(usize::MAX);
        // A session approval names a whole line, which may be long.
        s.put("ab12", &vec![b'x'; max])
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.get("ab12").map(|b| b.len()), Some(max));
        s.put("cd34", &vec![b'x'; max + 1])
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.get("cd34"), None);
    }
}
