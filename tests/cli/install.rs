//! `askrisky install|uninstall <agent>` and `doctor` in a scratch home.

use crate::common;

use common::Env;
use serde_json::{Value, json};

const AGENTS: [&str; 8] = [
    "claude-code",
    "codex",
    "gemini",
    "cursor",
    "copilot",
    "opencode",
    "pi",
    "qwen",
];

fn settings(env: &Env, agent: &str) -> std::path::PathBuf {
    env.home.join(match agent {
        "claude-code" => ".claude/settings.json",
        "codex" => ".codex/hooks.json",
        "gemini" => ".gemini/settings.json",
        "cursor" => ".cursor/hooks.json",
        "opencode" => ".config/opencode/plugins/askrisky.js",
        "pi" => ".pi/agent/extensions/askrisky.ts",
        "qwen" => ".qwen/settings.json",
        _ => ".copilot/hooks/askrisky.json",
    })
}

/// A settings file as JSON, or a plugin file as its text in a JSON string.
fn read_any(p: &std::path::Path) -> Value {
    let text = std::fs::read_to_string(p).unwrap_or_default();
    serde_json::from_str(&text).unwrap_or(Value::String(text))
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
        let v = read_any(&p);
        let n = count_ours(&v);
        assert!(n >= 1, "{agent}: {v}");
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
        assert_eq!(count_ours(&read_any(&p)), n);
        // Uninstall: gone.
        env.askrisky(["uninstall", agent]).output().status(0);
        assert_eq!(count_ours(&read_any(&p)), 0, "{agent}");
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
    // After a command ran: the hook that records the person's answer at
    // Claude Code's own prompt.
    let post = &v["hooks"]["PostToolUse"][0];
    assert_eq!(post["matcher"], "Bash");
    assert!(
        post["hooks"][0]["command"]
            .as_str()
            .is_some_and(|c| c.ends_with(" hook claude-code --after")),
        "{post}"
    );
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
    let out = env
        .askrisky(["doctor"])
        .env("PATH", env.self_on_path())
        .output();
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
    let out = env
        .askrisky(["doctor"])
        .env("PATH", env.self_on_path())
        .output();
    out.status(1);
    let cursor = out
        .stdout()
        .lines()
        .find(|l| l.starts_with("cursor"))
        .unwrap_or_default()
        .to_owned();
    assert!(
        cursor.contains("PROBLEM: hook installed but NOT answering"),
        "{cursor}"
    );
    assert!(
        cursor.ends_with("fix: askrisky install cursor (it writes this askrisky's path)"),
        "{cursor}"
    );
}

#[test]
fn a_plugin_file_askrisky_did_not_write_is_left_alone() {
    let env = Env::new();
    let p = settings(&env, "opencode");
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(&p, "export const Mine = async () => ({});\n").expect("write");
    let out = env.askrisky(["install", "opencode"]).output();
    out.status(83);
    assert!(
        out.stderr().contains("a file askrisky did not write"),
        "{}",
        out.stderr()
    );
    env.askrisky(["uninstall", "opencode"]).output().status(83);
    assert!(
        std::fs::read_to_string(&p)
            .unwrap_or_default()
            .contains("Mine")
    );
    // Its own file is rewritten and removed.
    std::fs::remove_file(&p).expect("rm");
    env.askrisky(["install", "pi"]).output().status(0);
    let text = std::fs::read_to_string(settings(&env, "pi")).unwrap_or_default();
    assert!(text.contains("pi.on(\"tool_call\""), "{text}");
    env.askrisky(["uninstall", "pi"]).output().status(0);
    assert!(!settings(&env, "pi").exists());
}

#[test]
fn plugins_go_where_their_agent_loads_them_from() {
    // Pi reads `~` in PI_CODING_AGENT_DIR as the home folder; OpenCode's
    // folder follows XDG_CONFIG_HOME.
    let env = Env::new();
    for (agent, var, value, file) in [
        (
            "pi",
            "PI_CODING_AGENT_DIR",
            "~/pi-agent".to_owned(),
            env.home.join("pi-agent/extensions/askrisky.ts"),
        ),
        (
            "pi",
            "PI_CODING_AGENT_DIR",
            env.home.join("abs-pi").display().to_string(),
            env.home.join("abs-pi/extensions/askrisky.ts"),
        ),
        (
            "opencode",
            "XDG_CONFIG_HOME",
            env.home.join("xdg").display().to_string(),
            env.home.join("xdg/opencode/plugins/askrisky.js"),
        ),
    ] {
        env.askrisky(["install", agent])
            .env(var, &value)
            .output()
            .status(0);
        assert!(file.is_file(), "{agent} {var}={value}: {}", file.display());
        let out = env.askrisky(["doctor"]).env(var, &value).output();
        let line = out
            .stdout()
            .lines()
            .find(|l| l.starts_with(&format!("{agent} ")))
            .map(str::to_owned)
            .unwrap_or_default();
        assert!(line.contains("installed and answering"), "{line}");
        env.askrisky(["uninstall", agent])
            .env(var, &value)
            .output()
            .status(0);
        assert!(!file.exists());
    }
}

#[test]
fn doctor_finds_a_plugin_an_older_askrisky_wrote() {
    let env = Env::new();
    for agent in ["opencode", "pi"] {
        env.askrisky(["install", agent]).output().status(0);
        let p = settings(&env, agent);
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        let line = |out: String| {
            out.lines()
                .find(|l| l.starts_with(&format!("{agent} ")))
                .map(str::to_owned)
                .unwrap_or_default()
        };
        let out = env.askrisky(["doctor"]).output();
        assert!(
            line(out.stdout()).contains("hook installed and answering"),
            "{}",
            out.stdout()
        );
        // Another version of the plugin, still askrisky's and answering.
        std::fs::write(
            &p,
            text.replace("const TIMEOUT_MS = 120000;", "const TIMEOUT_MS = 60000;"),
        )
        .expect("write");
        let out = env.askrisky(["doctor"]).output();
        out.status(1);
        assert!(
            line(out.stdout()).contains(&format!("run askrisky install {agent}")),
            "{}",
            out.stdout()
        );
        // Installing again puts this askrisky's back.
        env.askrisky(["install", agent]).output().status(0);
        assert_eq!(std::fs::read_to_string(&p).unwrap_or_default(), text);
    }
}

#[test]
fn doctor_says_codex_has_not_trusted_the_hook() {
    let env = Env::new();
    let out = env.askrisky(["install", "codex"]).output();
    out.status(0);
    assert!(
        out.stdout()
            .contains("installed, not trusted: open /hooks in Codex to trust it"),
        "{}",
        out.stdout()
    );
    let line = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("codex"))
            .unwrap_or_default()
            .to_owned()
    };
    let out = env.askrisky(["doctor"]).output();
    out.status(1);
    assert!(
        line(&out.stdout())
            .contains("installed, not trusted: Codex runs it only once you trust it")
            && line(&out.stdout()).ends_with("fix: open /hooks in Codex to trust it"),
        "{}",
        out.stdout()
    );
    // The person trusts both hooks in Codex's /hooks, which records their
    // hashes (computed here as Codex does, for askrisky's own entries).
    let hooks = settings(&env, "codex");
    let v = read_json(&hooks);
    let bin = std::fs::canonicalize(env!("CARGO_BIN_EXE_askrisky")).expect("bin");
    let cmd = format!("{} hook codex", bin.display());
    assert_eq!(
        v["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
        json!(cmd)
    );
    let key = |event: &str| format!("{}:{event}:0:0", hooks.display());
    let mut config = String::new();
    for (event, matcher) in [
        ("pre_tool_use", Some("Bash")),
        ("user_prompt_submit", None),
        ("session_start", Some("resume")),
    ] {
        let mut def = json!({"event_name": event, "hooks": [{"async": false, "command": cmd, "timeout": 60, "type": "command"}]});
        if let Some(m) = matcher {
            def["matcher"] = json!(m);
        }
        let text = serde_json::to_string(&sorted(&def)).expect("json");
        let hash = sha256(text.as_bytes());
        config.push_str(&format!(
            "[hooks.state.\"{}\"]\ntrusted_hash = \"sha256:{hash}\"\n",
            key(event)
        ));
    }
    std::fs::write(env.home.join(".codex/config.toml"), &config).expect("write");
    let out = env.askrisky(["doctor"]).output();
    assert!(
        line(&out.stdout()).contains("hook installed, trusted and answering"),
        "{}",
        out.stdout()
    );
    // A changed entry needs trusting again.
    std::fs::write(
        env.home.join(".codex/config.toml"),
        config.replacen("trusted_hash = \"sha256:", "trusted_hash = \"sha256:0", 1),
    )
    .expect("write");
    let out = env.askrisky(["doctor"]).output();
    assert!(
        line(&out.stdout()).contains("not trusted"),
        "{}",
        out.stdout()
    );
}

/// The value with every object's keys sorted.
fn sorted(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<_> = m.keys().collect();
            keys.sort();
            Value::Object(
                keys.into_iter()
                    .map(|k| (k.clone(), sorted(&m[k])))
                    .collect(),
            )
        }
        Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// SHA-256 by the system's sha256sum (coreutils), as an independent check.
fn sha256(data: &[u8]) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new("sha256sum")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("sha256sum");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(data)
        .expect("write");
    let out = child.wait_with_output().expect("sha256sum");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_owned()
}
