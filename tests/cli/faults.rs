//! The fault matrix for faults that are not the reviewer's: a line askrisky
//! cannot analyse, a config it cannot use and a log it cannot write, in
//! each of the three modes. Every row asserts that
//! the command did not run (or, for the log, that the decision was still
//! the right one) and names the specific reason. The reviewer's own faults
//! (timeouts, HTTP errors, malformed replies, SIGINT and SIGTERM while it
//! thinks, …) are rows in `tests/cli/review.rs`; the transcript's in `tests/cli/session.rs`; the card's in
//! `tests/terminal/card.rs`. docs/faults.md's table lists them all.

use crate::common;

use common::Env;
use common::fake_provider::{self as fake, Fake};

/// The three modes, each with a config that would let a clear command run
/// without a person where the mode allows it: autopilot, and review with a
/// reviewer that approves everything.
fn modes() -> Vec<(&'static str, Env, Option<Fake>)> {
    let ask = Env::new();
    let autopilot = Env::new();
    autopilot.config("mode = \"autopilot\"\n");
    let f = Fake::always(fake::openai("low", "explicit", false, "Fine."));
    let review = Env::new();
    review.config(&fake::review_config("openai", &f.base, 5));
    vec![
        ("ask", ask, None),
        ("autopilot", autopilot, None),
        ("review", review, Some(f)),
    ]
}

/// Runs `LINE` (which would create `ran` if it ran) through `exec -c`.
fn attempt(env: &Env, line: &str) -> (Option<i32>, String, bool) {
    let out = env
        .askrisky(["exec", "-c", line])
        .cwd(&env.project)
        .env("TEST_KEY", "k")
        .output();
    (out.code(), out.stderr(), env.project.join("ran").exists())
}

/// Asserts the row: not run, exit 81, the reason in stderr and the log,
/// and the reviewer never asked.
fn asks_in_every_mode(line: &str, reason: &str) {
    for (mode, env, fake) in modes() {
        let (code, err, ran) = attempt(&env, line);
        assert!(!ran, "{mode}: the command ran");
        assert_eq!(code, Some(81), "{mode}: {err}");
        assert!(err.contains(reason), "{mode}: {reason:?} not in {err}");
        let log = env.log();
        assert_eq!(log.len(), 1, "{mode}: {log:?}");
        assert_eq!(log[0]["outcome"], "not_run", "{mode}");
        if let Some(f) = fake {
            assert!(f.requests().is_empty(), "{mode}: the reviewer was asked");
        }
    }
}

#[test]
fn unparseable_line() {
    asks_in_every_mode("touch ran; echo \"unterminated", "[parse.unparseable]");
}

#[test]
fn nesting_past_the_bound() {
    // Each `eval` is one more string level; 20 is past the bound.
    let evals = "eval ".repeat(20);
    asks_in_every_mode(&format!("{evals}touch ran"), "[parse.too_deep]");
    let parens = format!("{}touch ran{}", "(".repeat(150), ")".repeat(150));
    asks_in_every_mode(&parens, "[parse.too_deep]");
    // Unclosed parentheses the shell parser backtracks on exponentially.
    asks_in_every_mode(
        "(((((((((((((((((((((touch ran(((((((((r&b x|d",
        "[parse.too_deep]",
    );
}

#[test]
fn oversized_line() {
    // Past the longest line askrisky analyses (128 KiB). No single argument
    // can be that long, so it arrives the way agents send lines: in a
    // hook's JSON (Claude Code's here), and the answer is "ask".
    let line = format!("touch ran # {}", "x".repeat(130 * 1024));
    for (mode, env, fake) in modes() {
        let payload = serde_json::json!({
            "session_id": "s1", "cwd": env.project, "hook_event_name": "PreToolUse",
            "tool_name": "Bash", "tool_input": {"command": line},
        });
        let out = env
            .askrisky(["hook", "claude-code"])
            .stdin(payload.to_string().as_bytes())
            .env("TEST_KEY", "k")
            .output();
        out.status(0);
        let answer: serde_json::Value =
            serde_json::from_str(&out.stdout()).expect("the answer is JSON");
        let out = &answer["hookSpecificOutput"];
        assert_eq!(out["permissionDecision"], "ask", "{mode}: {answer}");
        let reason = out["permissionDecisionReason"].as_str().unwrap_or_default();
        assert!(reason.contains("[parse.too_long]"), "{mode}: {reason}");
        if let Some(f) = fake {
            assert!(f.requests().is_empty(), "{mode}: the reviewer was asked");
        }
    }
}

#[test]
fn a_malformed_config_falls_back_to_ask() {
    for broken in [
        // A typo'd key: the whole file is refused, not just the key.
        "mode = \"autopilot\"\n[[allow]]\nlin = \"touch ran\"\n",
        // Not TOML.
        "mode = autopilot\n",
        // A mode that does not exist.
        "mode = \"yolo\"\n",
    ] {
        let env = Env::new();
        env.config(broken);
        let (code, err, ran) = attempt(&env, "touch ran");
        assert!(!ran, "{broken:?}: the command ran");
        assert_eq!(code, Some(81), "{broken:?}: {err}");
        let first = err.lines().next().unwrap_or_default();
        assert!(first.contains("config.toml"), "{broken:?}: {err}");
        assert!(err.contains("[mode.ask]"), "{broken:?}: {err}");
        assert_eq!(
            env.log()[0]["mode_source"],
            "config error (falls back to ask)"
        );
    }
}

#[test]
fn an_unreadable_config_falls_back_to_ask() {
    let env = Env::new();
    // A folder where the file should be cannot be read as one (the tests
    // may run as root, which reads any file regardless of its mode).
    std::fs::create_dir_all(env.config_path()).expect("mkdir");
    let (code, err, ran) = attempt(&env, "touch ran");
    assert!(!ran);
    assert_eq!(code, Some(81), "{err}");
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn a_config_others_can_write_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::new();
    env.config("mode = \"autopilot\"\n");
    std::fs::set_permissions(env.config_path(), std::fs::Permissions::from_mode(0o666))
        .expect("chmod");
    let (code, err, ran) = attempt(&env, "touch ran");
    assert!(!ran);
    assert_eq!(code, Some(81), "{err}");
    assert!(err.contains("writable by others"), "{err}");
}

#[test]
fn an_unwritable_log_keeps_every_decision() {
    for (mode, env, _fake) in modes() {
        std::fs::create_dir_all(env.home.join(".local/state")).expect("mkdir");
        // A file where the state folder should be.
        std::fs::write(env.state_dir(), "not a folder").expect("write");
        // The danger set still asks...
        let (code, err, ran) = attempt(&env, "rm -rf build; touch ran");
        assert!(!ran, "{mode}: it ran");
        assert_eq!(code, Some(81), "{mode}: {err}");
        assert!(err.contains("[delete.recursive]"), "{mode}: {err}");
        assert!(
            err.contains("cannot write the decision log"),
            "{mode}: {err}"
        );
        // ...and the blocked tier is still refused.
        let (code, err, ran) = attempt(&env, "rm -rf ~; touch ran");
        assert!(!ran, "{mode}: it ran");
        assert_eq!(code, Some(80), "{mode}: {err}");
    }
}
