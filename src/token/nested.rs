//! Nesting: the children of an approved command.
//!
//! With the shims on PATH, an approved `make test` that runs `sh -c …` for
//! each recipe line comes back through askrisky for every one of them.
//! Asking again for each would make the approval meaningless noise, so the
//! rule is: **inside a command that was approved, children run unless they
//! hit the blocked tier or the danger set** (autopilot for that tree).
//!
//! The marker must not be something the agent can forge to loosen its own
//! next command. When askrisky runs an approved command under a shim, it
//! writes a random token to its state folder with the pid the command will
//! have (askrisky's own: exec keeps it) and passes the token in
//! `ASKRISKY_NESTED`. A child accepts the token only if the file exists, is
//! recent, and that pid is one of the child's ancestors. A token copied out
//! of that process tree is worth nothing. Where the system does not say
//! who a process's ancestors are (see `platform`), the ancestry cannot be
//! checked, and children are decided as usual.

use std::path::Path;
use std::time::Duration;

use super::Store;
use crate::key::Key;

/// The environment variable carrying the token to children.
pub const ENV: &str = "ASKRISKY_NESTED";
/// Set by the shims: the approved command's children may come back.
pub const SHIM_ENV: &str = "ASKRISKY_SHIM";
/// How long a token is honoured.
const MAX_AGE: Duration = Duration::from_secs(24 * 3600);

fn valid_token(t: &str) -> bool {
    t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit())
}

fn store(state: &Path) -> Store {
    Store::new(state, "nested", MAX_AGE, valid_token)
}

/// Creates a token for the command about to replace this process. Returns
/// it for `ASKRISKY_NESTED`; `None` if it could not be written (children are
/// then decided as usual). The record is bound to this process (pid and
/// start time, so a reused pid is not it) and signed with askrisky's key.
pub fn grant(state: &Path, line: &str) -> Option<String> {
    let key = Key::load(state).ok()?;
    let token = crate::util::random_id().ok()?;
    let pid = std::process::id();
    let start = crate::platform::start_time(u64::from(pid))?;
    let mac = key.sign(&parts(&token, u64::from(pid), start, line));
    let body =
        serde_json::json!({"pid": pid, "start": start, "line": line, "mac": mac}).to_string();
    store(state).put(&token, body.as_bytes()).ok()?;
    Some(token)
}

fn parts<'a>(token: &'a str, pid: u64, start: u64, line: &'a str) -> [Vec<u8>; 4] {
    [
        token.as_bytes().to_vec(),
        pid.to_be_bytes().to_vec(),
        start.to_be_bytes().to_vec(),
        line.as_bytes().to_vec(),
    ]
}

/// True when `token` was granted, by askrisky, to one of this process's
/// ancestors, and that ancestor is still the process it was granted to.
pub fn accepted(state: &Path, token: &str) -> bool {
    let Some(v) = store(state)
        .get(token)
        .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
    else {
        return false;
    };
    let field = |k: &str| v.get(k).and_then(serde_json::Value::as_u64);
    let (Some(pid), Some(start), Some(line), Some(mac)) = (
        field("pid"),
        field("start"),
        v.get("line").and_then(serde_json::Value::as_str),
        v.get("mac").and_then(serde_json::Value::as_str),
    ) else {
        return false;
    };
    let signed = Key::load(state).is_ok_and(|key| {
        let p = parts(token, pid, start, line);
        key.verify(&p, mac)
    });
    signed
        && crate::platform::ancestors(std::process::id()).contains(&pid)
        && crate::platform::start_time(pid) == Some(start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_parent_is_an_ancestor() {
        let a = crate::platform::ancestors(std::process::id());
        if crate::platform::OS != crate::platform::Os::Other {
            assert_eq!(
                a.first().copied(),
                Some(u64::from(
                    rustix::process::getppid().map_or(0, |p| p.as_raw_nonzero().get() as u32)
                ))
            );
        }
    }

    #[test]
    fn tokens_from_outside_the_tree_are_refused() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        // A token granted by this process: this process is not its own
        // ancestor, so a sibling (or this process itself) cannot use it.
        let t = grant(state.path(), "make").unwrap_or_default();
        assert!(!accepted(state.path(), &t));
        assert!(!accepted(state.path(), "not-a-token"));
        assert!(!accepted(state.path(), &"0".repeat(32)));
        assert!(!accepted(state.path(), "../../etc/passwd0000000000000000"));
    }

    /// A token written for an ancestor is accepted only with askrisky's
    /// signature and only while that ancestor is the same process.
    #[test]
    fn tokens_are_signed_and_bound_to_one_process() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let key = Key::load(state.path()).unwrap_or_else(|e| panic!("{e}"));
        let parent = crate::platform::ancestors(std::process::id())
            .first()
            .copied()
            .unwrap_or_else(|| panic!("no parent"));
        let start = crate::platform::start_time(parent).unwrap_or_else(|| panic!("no start"));
        let write = |token: &str, pid: u64, start: u64, mac: &str| {
            let body = serde_json::json!({"pid": pid, "start": start, "line": "make", "mac": mac});
            store(state.path())
                .put(token, body.to_string().as_bytes())
                .unwrap_or_else(|e| panic!("{e}"));
        };
        let t = "a".repeat(32);
        write(
            &t,
            parent,
            start,
            &key.sign(&parts(&t, parent, start, "make")),
        );
        assert!(accepted(state.path(), &t));
        // Forged: no signature, or another token's, or pid 1.
        let u = "b".repeat(32);
        write(&u, parent, start, "");
        assert!(!accepted(state.path(), &u));
        write(
            &u,
            parent,
            start,
            &key.sign(&parts(&t, parent, start, "make")),
        );
        assert!(!accepted(state.path(), &u));
        let init = crate::platform::start_time(1).unwrap_or_default();
        write(&u, 1, init, "");
        assert!(!accepted(state.path(), &u), "pid 1, unsigned");
        // The same pid, started at another time, is another process.
        write(
            &u,
            parent,
            start + 1,
            &key.sign(&parts(&u, parent, start + 1, "make")),
        );
        assert!(!accepted(state.path(), &u));
    }

    #[test]
    fn a_grant_is_a_signed_record_for_this_process() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let t = grant(state.path(), "make test").unwrap_or_else(|| panic!("no token"));
        assert!(valid_token(&t));
        let body: serde_json::Value =
            serde_json::from_slice(&store(state.path()).get(&t).unwrap_or_default())
                .unwrap_or_default();
        assert_eq!(body["pid"], u64::from(std::process::id()));
        assert_eq!(body["line"], "make test");
        // Kept for a day, not an hour.
        let two_hours = std::time::SystemTime::now() - Duration::from_secs(2 * 3600);
        std::fs::File::options()
            .write(true)
            .open(state.path().join("nested").join(&t))
            .and_then(|f| f.set_modified(two_hours))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(store(state.path()).get(&t).is_some());
    }

    /// A token's name is all the agent controls: one that leaves the
    /// folder finds nothing, even where a genuine record lies.
    #[test]
    fn token_names_cannot_leave_the_folder() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let t = grant(state.path(), "make").unwrap_or_else(|| panic!("no token"));
        let outside = state.path().join("elsewhere");
        std::fs::create_dir_all(&outside).unwrap_or_else(|e| panic!("{e}"));
        std::fs::copy(state.path().join("nested").join(&t), outside.join(&t))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            store(state.path())
                .get(&format!("../elsewhere/{t}"))
                .is_none()
        );
        assert!(!valid_token(&format!("../elsewhere/{t}")));
        assert!(!valid_token(&t[1..]));
        assert!(!valid_token(&"g".repeat(32)));
    }
}
