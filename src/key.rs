//! askrisky's key: what makes its tokens unforgeable by a process that can
//! write its folders but not read its secrets.
//!
//! Allow-once approvals, nesting tokens and the inbox's answers stand in
//! for the person's say-so, and all of them pass through files or sockets
//! that any process of the same user could write. Each carries an HMAC
//! (SHA-256) under a random key kept in `state/keys/mac` (folder 0700, file
//! 0600, askrisky's own file: no link, FIFO or second name). A vetted
//! command that reads the key is in the danger set (`secret.read`), and so
//! is one that writes the folder (`protected.write`). What this does not
//! stop: a process that reads the key without going through askrisky (the
//! docs say so plainly).

use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use ring::hmac;

/// The signing key.
pub struct Key(hmac::Key);

/// Where the key lives.
pub fn path(state: &Path) -> PathBuf {
    state.join("keys").join("mac")
}

fn decode(hex: &str) -> Option<Vec<u8>> {
    let hex = hex.trim();
    if hex.len() != 64 {
        return None;
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect()
}

impl Key {
    /// Reads the key, making one the first time. Fails (and so every token
    /// fails to verify, which asks) when the key file is not a single
    /// regular file of the right form.
    pub fn load(state: &Path) -> std::io::Result<Self> {
        let p = path(state);
        let read = || -> std::io::Result<Option<Self>> {
            match crate::files::read_text(&p, crate::files::Whose::Own, 256)? {
                None => Ok(None),
                Some(text) => decode(&text)
                    .map(|bytes| Some(Self(hmac::Key::new(hmac::HMAC_SHA256, &bytes))))
                    .ok_or_else(|| std::io::Error::other("the key file is not a key")),
            }
        };
        if let Some(k) = read()? {
            return Ok(k);
        }
        let dir = state.join("keys");
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&dir)?;
        let hex = crate::util::random_id()? + &crate::util::random_id()?;
        // Written whole beside it, then put in place only if no key is
        // there yet: of two processes making it at once, one key wins and
        // both read it, and nobody ever reads half a key.
        let tmp = dir.join(format!(".mac.{}.tmp", crate::util::random_id()?));
        #[expect(
            clippy::disallowed_methods,
            reason = "a new file of its own, created exclusively (never an existing one)"
        )]
        let made = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&tmp)
            .and_then(|mut f| {
                use std::io::Write;
                f.write_all(hex.as_bytes())?;
                f.sync_all()
            })
            .and_then(|()| {
                rustix::fs::renameat_with(
                    rustix::fs::CWD,
                    &tmp,
                    rustix::fs::CWD,
                    &p,
                    rustix::fs::RenameFlags::NOREPLACE,
                )
                .map_err(std::io::Error::from)
            });
        let _ = std::fs::remove_file(&tmp);
        match made {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
        read()?.ok_or_else(|| std::io::Error::other("the key file vanished"))
    }

    /// The MAC of `parts` (each length-prefixed, so no two lists of parts
    /// sign the same bytes), as hex.
    pub fn sign<P: AsRef<[u8]>>(&self, parts: &[P]) -> String {
        let mut ctx = hmac::Context::with_key(&self.0);
        for p in parts {
            let p = p.as_ref();
            ctx.update(&(p.len() as u64).to_be_bytes());
            ctx.update(p);
        }
        ctx.sign()
            .as_ref()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// Whether `mac` is the MAC of `parts` (compared in constant time).
    pub fn verify<P: AsRef<[u8]>>(&self, parts: &[P], mac: &str) -> bool {
        let Some(given) = decode(mac) else {
            return false;
        };
        let mut msg = Vec::new();
        for p in parts {
            let p = p.as_ref();
            msg.extend_from_slice(&(p.len() as u64).to_be_bytes());
            msg.extend_from_slice(p);
        }
        hmac::verify(&self.0, &msg, &given).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_key_per_state_folder_and_macs_bind_every_part() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let a = Key::load(state.path()).unwrap_or_else(|e| panic!("{e}"));
        let b = Key::load(state.path()).unwrap_or_else(|e| panic!("{e}"));
        let mac = a.sign(&["git push -f", "/p"]);
        assert!(b.verify(&["git push -f", "/p"], &mac));
        assert!(!b.verify(&["git push -f", "/q"], &mac));
        assert!(
            !b.verify(&["git push -f/", "p"], &mac),
            "parts are delimited"
        );
        assert!(!b.verify(&["git push -f", "/p"], "00"));
        assert!(!b.verify(&["git push -f", "/p"], &"0".repeat(64)));
        let other = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let c = Key::load(other.path()).unwrap_or_else(|e| panic!("{e}"));
        assert!(!c.verify(&["git push -f", "/p"], &mac));
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path(state.path()))
            .map(|m| m.permissions().mode() & 0o777)
            .unwrap_or_default();
        assert_eq!(mode, 0o600);
    }

    /// Many processes making the key at once all end up with the same one.
    #[test]
    fn one_key_even_when_made_at_once() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let macs: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|_| s.spawn(|| Key::load(state.path()).map(|k| k.sign(&["x"]))))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| panic!("thread"))
                        .unwrap_or_else(|e| panic!("{e}"))
                })
                .collect()
        });
        assert!(macs.iter().all(|m| *m == macs[0]), "{macs:?}");
    }

    #[test]
    fn a_key_file_that_is_not_one_is_refused() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(state.path().join("keys")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(path(state.path()), "not a key").unwrap_or_else(|e| panic!("{e}"));
        assert!(Key::load(state.path()).is_err());
        // A link to a key the agent knows is not followed.
        std::fs::remove_file(path(state.path())).unwrap_or_else(|e| panic!("{e}"));
        let planted = state.path().join("planted");
        std::fs::write(&planted, "ab".repeat(32)).unwrap_or_else(|e| panic!("{e}"));
        std::os::unix::fs::symlink(&planted, path(state.path())).unwrap_or_else(|e| panic!("{e}"));
        assert!(Key::load(state.path()).is_err());
    }

    /// A key that cannot be made says why (not that it vanished): `keys`
    /// here leads into /proc, where not even root can create a file.
    #[test]
    fn a_key_that_cannot_be_made_says_why() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::os::unix::fs::symlink("/proc", state.path().join("keys"))
            .unwrap_or_else(|e| panic!("{e}"));
        let err = Key::load(state.path())
            .err()
            .unwrap_or_else(|| panic!("a key was made"));
        assert!(!err.to_string().contains("vanished"), "{err}");
    }
}
