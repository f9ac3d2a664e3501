//! Contained runs a hook already decided.
//!
//! Where an agent's hook can hand back a rewritten command (Claude Code's
//! `updatedInput`), askrisky answers "allow" with the command wrapped so
//! that it runs through `askrisky exec --contained TOKEN -- SHELL -c LINE`
//! in the agent's own shell, folder and environment. The wrapped run must
//! not be decided twice (the hook already decided and logged it, with the
//! session's context a second decision would lack), so the hook leaves a
//! token: a random name in askrisky's state folder, whose record binds the
//! exact argv and folder and is signed with askrisky's key.
//!
//! What an agent could do with it: nothing it could not do already. A
//! forged or edited record does not verify, and the line is then decided
//! like any other; a genuine token runs only its own argv in its own
//! folder, once, within a few minutes — and contained.

use std::path::Path;
use std::time::Duration;

use super::Store;
use crate::key::Key;

/// How long a token waits for its run.
const MAX_AGE: Duration = Duration::from_secs(10 * 60);

fn valid_token(t: &str) -> bool {
    t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit())
}

fn store(state: &Path) -> Store {
    Store::new(state, "contained", MAX_AGE, valid_token)
}

fn parts<'a>(token: &'a str, argv: &'a [String], cwd: &'a str) -> Vec<&'a [u8]> {
    let mut p: Vec<&[u8]> = vec![b"contained-run", token.as_bytes(), cwd.as_bytes()];
    p.extend(argv.iter().map(|a| a.as_bytes()));
    p
}

/// Records a token for running `argv` in `cwd` contained; the token, or
/// `None` when it could not be written (the hook then answers without
/// rewriting).
pub fn grant(state: &Path, argv: &[String], cwd: &str) -> Option<String> {
    let key = Key::load(state).ok()?;
    let token = crate::util::random_id().ok()?;
    let mac = key.sign(&parts(&token, argv, cwd));
    let body = serde_json::json!({"argv": argv, "cwd": cwd, "mac": mac}).to_string();
    store(state).put(&token, body.as_bytes()).ok()?;
    Some(token)
}

/// Spends `token` if askrisky granted it for exactly `argv` in `cwd`.
pub fn take(state: &Path, token: &str, argv: &[String], cwd: &str) -> bool {
    let s = store(state);
    let Some(v) = s
        .get(token)
        .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
    else {
        return false;
    };
    let signed_argv: Option<Vec<String>> = v.get("argv").and_then(|a| {
        a.as_array()?
            .iter()
            .map(|x| x.as_str().map(str::to_owned))
            .collect()
    });
    let (Some(signed_argv), Some(signed_cwd), Some(mac)) = (
        signed_argv,
        v.get("cwd").and_then(serde_json::Value::as_str),
        v.get("mac").and_then(serde_json::Value::as_str),
    ) else {
        return false;
    };
    signed_argv == argv
        && signed_cwd == cwd
        && Key::load(state).is_ok_and(|k| k.verify(&parts(token, argv, cwd), mac))
        && s.spend(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(line: &str) -> Vec<String> {
        vec!["/bin/bash".into(), "-c".into(), line.into()]
    }

    #[test]
    fn a_token_runs_its_own_line_once() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let t = grant(state.path(), &argv("make"), "/p").unwrap_or_else(|| panic!("no token"));
        assert!(!take(state.path(), &t, &argv("make; rm -rf ~"), "/p"));
        assert!(!take(state.path(), &t, &argv("make"), "/q"));
        assert!(take(state.path(), &t, &argv("make"), "/p"));
        assert!(!take(state.path(), &t, &argv("make"), "/p"), "spent");
    }

    #[test]
    fn a_forged_record_is_worth_nothing() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let t = "a".repeat(32);
        let body = serde_json::json!({"argv": argv("rm -rf x"), "cwd": "/p", "mac": "00"});
        store(state.path())
            .put(&t, body.to_string().as_bytes())
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!take(state.path(), &t, &argv("rm -rf x"), "/p"));
        assert!(!take(state.path(), "../nested/x", &argv("rm -rf x"), "/p"));
    }
}
