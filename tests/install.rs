//! `askrisky install|uninstall <agent>` and `doctor` in a scratch home.

mod common;

use common::Env;
use serde_json::{Value, json};

const AGENTS: [&str; 5] = ["claude-code", "codex", "gemini", "cursor", "copilot"];

fn settings(env: &Env, agent: &str) -> std::path::PathBuf {
    env.home.join(match agent {
        "claude-code" => ".claude/settings.json",
        "codex" => ".codex/hooks.json",
        "gemini" => ".gemini/settings.json",
        "cursor" => ".cursor/hooks.json",
        _ => ".copilot/hooks/askrisky.json",
    })
}

fn read_json(p: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap_or_default()).unwrap_or(Value::Null)
}

fn count_ours(v: &Value) -> usize {
    let text = v.to_string();
    text.matches(" hook ").count()
}

#[test]
fn fresh_install_then_again_then_uninstall() {
    for agent in AGENTS {
        let env = Env::new();
        let out = env.askrisky(["install", agent]).output();
        out.status(0);
        assert!(
            out.stdout().contains("+ "),
            "{agent}: no diff shown: {}",
            out.stdout()
        );
        let p = settings(&env, agent);
        let v = read_json(&p);
        let n = count_ours(&v);
        assert!(n >= 2, "{agent}: {v}");
        let bin = std::fs::canonicalize(env!("CARGO_BIN_EXE_askrisky")).expect("bin");
        assert!(
            v.to_string()
                .contains(&format!("{} hook {agent}", bin.display())),
            "{agent}: {v}"
        );
        // Again: nothing changes, nothing duplicated.
        let again = env.askrisky(["install", agent]).output();
        again.status(0);
        assert!(
            again.stdout().contains("already installed"),
            "{agent}: {}",
            again.stdout()
        );
        assert_eq!(count_ours(&read_json(&p)), n);
        // Uninstall: gone.
        env.askrisky(["uninstall", agent]).output().status(0);
        assert_eq!(count_ours(&read_json(&p)), 0, "{agent}");
    }
}

#[test]
fn other_hooks_are_kept() {
    let env = Env::new();
    let p = settings(&env, "claude-code");
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    let original = json!({
        "model": "opus",
        "permissions": {"allow": ["Bash(npm test)"]},
        "hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/opt/lint-guard.sh"}]}],
            "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
        }
    });
    std::fs::write(&p, serde_json::to_string_pretty(&original).expect("json")).expect("write");
    env.askrisky(["install", "claude-code"]).output().status(0);
    let v = read_json(&p);
    assert_eq!(v["model"], "opus");
    assert_eq!(v["permissions"], original["permissions"]);
    assert_eq!(v["hooks"]["Stop"], original["hooks"]["Stop"]);
    let pre = v["hooks"]["PreToolUse"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(pre.len(), 2);
    assert_eq!(pre[0], original["hooks"]["PreToolUse"][0]);
    assert_eq!(pre[1]["matcher"], "Bash|Write|Edit|MultiEdit|NotebookEdit");
    // A backup of the old file sits beside it.
    let backups: Vec<_> = std::fs::read_dir(p.parent().expect("parent"))
        .expect("ls")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("askrisky-backup"))
        .collect();
    assert_eq!(backups.len(), 1);
    assert_eq!(read_json(&backups[0].path()), original);
    // Uninstall restores exactly the others.
    env.askrisky(["uninstall", "claude-code"])
        .output()
        .status(0);
    assert_eq!(read_json(&p), original);
}

#[test]
fn dry_run_writes_nothing() {
    let env = Env::new();
    let out = env.askrisky(["install", "gemini", "--dry-run"]).output();
    out.status(0);
    assert!(out.stdout().contains("dry run"));
    assert!(out.stdout().contains("run_shell_command"));
    assert!(!settings(&env, "gemini").exists());
}

#[test]
fn malformed_settings_are_left_untouched() {
    for (agent, bad) in [
        ("claude-code", "{ \"hooks\": [1, 2"),
        ("gemini", "[]"),
        (
            "cursor",
            "{\"version\":1,\"hooks\":{\"beforeShellExecution\":\"nope\"}}",
        ),
        ("codex", "{\"hooks\": 3}"),
    ] {
        let env = Env::new();
        let p = settings(&env, agent);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(&p, bad).expect("write");
        let out = env.askrisky(["install", agent]).output();
        out.status(83);
        let err = out.stderr();
        assert!(err.contains(&p.display().to_string()), "{agent}: {err}");
        assert!(err.contains("not valid settings"), "{agent}: {err}");
        assert_eq!(err.lines().count(), 1, "{agent}: {err}");
        assert_eq!(
            std::fs::read_to_string(&p).unwrap_or_default(),
            bad,
            "{agent}: changed"
        );
    }
}

#[test]
fn doctor_sees_installed_hooks_answer() {
    let env = Env::new();
    env.askrisky(["install", "claude-code"]).output().status(0);
    env.askrisky(["install", "cursor"]).output().status(0);
    let out = env.askrisky(["doctor"]).output();
    out.status(0);
    let text = out.stdout();
    let line = |a: &str| {
        text.lines()
            .find(|l| l.starts_with(a))
            .unwrap_or_default()
            .to_owned()
    };
    assert!(
        line("claude-code").contains("hook installed and answering"),
        "{text}"
    );
    assert!(
        line("cursor").contains("hook installed and answering"),
        "{text}"
    );
    assert!(line("codex").contains("not found"), "{text}");
    // A hook pointing at a missing binary is reported, not hidden.
    let p = settings(&env, "cursor");
    let broken = std::fs::read_to_string(&p)
        .unwrap_or_default()
        .replace(env!("CARGO_BIN_EXE_askrisky"), "/nonexistent/askrisky");
    let canon = std::fs::canonicalize(env!("CARGO_BIN_EXE_askrisky"))
        .expect("bin")
        .display()
        .to_string();
    std::fs::write(&p, broken.replace(&canon, "/nonexistent/askrisky")).expect("write");
    let out = env.askrisky(["doctor"]).output();
    out.status(1);
    assert!(out.stdout().contains("NOT answering"), "{}", out.stdout());
}
