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
//! of that process tree is worth nothing. On systems without `/proc` the
//! ancestry cannot be checked, and children are decided as usual.

use std::path::Path;
use std::time::Duration;

use super::Store;

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
/// then decided as usual).
pub fn grant(state: &Path, line: &str) -> Option<String> {
    let token = crate::util::random_id().ok()?;
    let body = serde_json::json!({"pid": std::process::id(), "line": line}).to_string();
    store(state).put(&token, body.as_bytes()).ok()?;
    Some(token)
}

/// True when `token` was granted to one of this process's ancestors.
pub fn accepted(state: &Path, token: &str) -> bool {
    let Some(pid) = store(state)
        .get(token)
        .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
        .and_then(|v| v.get("pid").and_then(serde_json::Value::as_u64))
    else {
        return false;
    };
    ancestors(std::process::id()).contains(&pid)
}

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
        if parent == 1 {
            break;
        }
        cur = parent;
    }
    out
}

fn parent_of(pid: u64) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold spaces or ')'.
    let after = &stat[stat.rfind(')')? + 1..];
    after.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_parent_is_an_ancestor() {
        let a = ancestors(std::process::id());
        if std::path::Path::new("/proc/self/stat").exists() {
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
}
