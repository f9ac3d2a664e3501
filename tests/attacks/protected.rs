//! askrisky's own folders — its config, its state, the inbox's runtime
//! folder — are protected the same way on every surface: a write into any
//! of them asks (or is denied where nobody can ask), in autopilot, where
//! nothing else on these lines would stop them. An agent behind a hook is
//! protected exactly as one behind `exec`.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};

use common::Env;
use serde_json::{Value, json};

/// A scratch home in autopilot, with a runtime folder outside it.
fn env() -> (Env, PathBuf) {
    let env = Env::new();
    env.config("mode = \"autopilot\"\n");
    let runtime = env.dir.path().join("run");
    std::fs::DirBuilder::new()
        .mode(0o700)
        .create(&runtime)
        .expect("runtime dir");
    (env, runtime)
}

/// askrisky's three folders under that home and runtime folder.
fn own_folders(env: &Env, runtime: &Path) -> [PathBuf; 3] {
    [
        env.home.join(".config/askrisky"),
        env.state_dir(),
        runtime.join("askrisky"),
    ]
}

fn write_line(folder: &Path) -> String {
    format!("echo planted > {}/planted", folder.display())
}

#[test]
fn exec_and_check() {
    let (env, runtime) = env();
    for folder in own_folders(&env, &runtime) {
        let line = write_line(&folder);
        let out = env
            .askrisky(["exec", "-c", &line])
            .env("XDG_RUNTIME_DIR", &runtime)
            .output();
        out.status(81);
        assert!(out.stderr().contains("[protected.write]"), "{line}");
        assert!(!folder.join("planted").exists(), "{line} ran");
        let out = env
            .askrisky(["check", "--json", "-c", &line])
            .env("XDG_RUNTIME_DIR", &runtime)
            .output();
        out.status(81);
        let v: Value = serde_json::from_str(&out.stdout()).expect("json");
        assert_eq!(v["codes"], json!(["protected.write"]), "{line}");
    }
    // The same line elsewhere runs.
    env.askrisky(["exec", "-c", "echo ok > ok.txt"])
        .env("XDG_RUNTIME_DIR", &runtime)
        .output()
        .status(0);
}

/// Each agent's payload for a shell command.
fn payload(agent: &str, env: &Env, command: &str) -> Value {
    let cwd = &env.project;
    match agent {
        "claude-code" => json!({"session_id":"s1","cwd":cwd,"hook_event_name":"PreToolUse",
                                "tool_name":"Bash","tool_input":{"command":command}}),
        "codex" => json!({"session_id":"s1","cwd":cwd,"hook_event_name":"PreToolUse",
                          "tool_name":"Bash","tool_input":{"command":command}}),
        "gemini" => json!({"session_id":"s1","cwd":cwd,"hook_event_name":"BeforeTool",
                           "tool_name":"run_shell_command","tool_input":{"command":command}}),
        "cursor" => json!({"conversation_id":"s1","hook_event_name":"beforeShellExecution",
                           "command":command,"cwd":cwd}),
        "copilot" => json!({"timestamp":1764460800000u64,"cwd":cwd,"toolName":"bash",
                            "toolArgs": json!({"command":command}).to_string()}),
        other => panic!("no payload for {other}"),
    }
}

/// The answer's permission and reason, in each agent's own fields.
fn answer(agent: &str, v: &Value) -> (String, String) {
    let s = |p: &str| {
        v.pointer(p)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    match agent {
        "claude-code" | "codex" => (
            s("/hookSpecificOutput/permissionDecision"),
            s("/hookSpecificOutput/permissionDecisionReason"),
        ),
        "gemini" => (s("/decision"), s("/reason")),
        "cursor" => (s("/permission"), s("/agent_message")),
        "copilot" => (s("/permissionDecision"), s("/permissionDecisionReason")),
        other => panic!("no answer for {other}"),
    }
}

fn hook(env: &Env, runtime: &Path, agent: &str, payload: &Value) -> Value {
    let out = env
        .askrisky(["hook", agent])
        .env("XDG_RUNTIME_DIR", runtime)
        .stdin(payload.to_string().as_bytes())
        .output();
    out.status(0);
    serde_json::from_str(&out.stdout()).unwrap_or_else(|e| panic!("{e}: {}", out.stdout()))
}

#[test]
fn every_agents_hook() {
    let (env, runtime) = env();
    for agent in ["claude-code", "codex", "gemini", "cursor", "copilot"] {
        // Codex's hook can only deny, and Gemini CLI's "ask" reaches nobody
        // when no Gemini with a person at its terminal started the hook (as
        // here); the others hand it to the person.
        let want = if matches!(agent, "codex" | "gemini") {
            "deny"
        } else {
            "ask"
        };
        for folder in own_folders(&env, &runtime) {
            let line = write_line(&folder);
            let v = hook(&env, &runtime, agent, &payload(agent, &env, &line));
            let (permission, reason) = answer(agent, &v);
            assert_eq!(permission, want, "{agent}: {line}: {v}");
            assert!(reason.contains("[protected.write]"), "{agent}: {line}: {v}");
        }
        let v = hook(
            &env,
            &runtime,
            agent,
            &payload(agent, &env, "echo ok > ok.txt"),
        );
        assert_ne!(answer(agent, &v).0, want, "{agent}: an ordinary write: {v}");
    }
    // Claude Code's own file tool, into each folder.
    for folder in own_folders(&env, &runtime) {
        let write = json!({"session_id":"s1","cwd":env.project,"hook_event_name":"PreToolUse",
                           "tool_name":"Write","tool_input":{"file_path":folder.join("config.toml"),"content":"x"}});
        let v = hook(&env, &runtime, "claude-code", &write);
        let (permission, reason) = answer("claude-code", &v);
        assert_eq!(permission, "ask", "{v}");
        assert!(reason.contains("[protected.write]"), "{v}");
    }
}

#[test]
fn the_guarded_shell() {
    let (env, runtime) = env();
    for folder in own_folders(&env, &runtime) {
        let line = write_line(&folder);
        env.askrisky(["guard", "--silent", "-c", &line])
            .env("XDG_RUNTIME_DIR", &runtime)
            .output()
            .status(81);
        // Without a terminal to show the card on, it does not run.
        let out = env
            .askrisky(["guard", "-c", &line])
            .env("XDG_RUNTIME_DIR", &runtime)
            .output();
        out.status(81);
        assert!(out.stderr().contains("[protected.write]"), "{line}");
    }
    env.askrisky(["guard", "--silent", "-c", "echo ok > ok.txt"])
        .env("XDG_RUNTIME_DIR", &runtime)
        .output()
        .status(0);
}

/// The inbox is shown the same reason. A listener in the inbox's place
/// reads each question `exec` sends it and answers "don't run" (unsigned,
/// so `exec` would not have taken a "run" from it either: not run, 81).
#[test]
fn the_inbox() {
    let (env, runtime) = env();
    let dir = runtime.join("askrisky");
    std::fs::DirBuilder::new()
        .mode(0o700)
        .create(&dir)
        .expect("inbox dir");
    let sock = dir.join("inbox.sock");
    let listener = UnixListener::bind(&sock).expect("bind");
    std::fs::set_permissions(&sock, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let folders = own_folders(&env, &runtime);
    let asked = std::thread::spawn(move || {
        let mut questions = Vec::new();
        for _ in 0..3 {
            let (stream, _) = listener.accept().expect("accept");
            let mut line = String::new();
            BufReader::new(&stream)
                .read_line(&mut line)
                .expect("question");
            questions.push(serde_json::from_str::<Value>(&line).expect("json"));
            (&stream)
                .write_all(b"{\"answer\":\"dont_run\"}\n")
                .expect("reply");
        }
        questions
    });
    for folder in &folders {
        let line = write_line(folder);
        env.askrisky(["exec", "-c", &line])
            .env("XDG_RUNTIME_DIR", &runtime)
            .output()
            .status(81);
        assert!(!folder.join("planted").exists(), "{line} ran");
    }
    let questions = asked.join().expect("listener");
    for (q, folder) in questions.iter().zip(&folders) {
        assert_eq!(q["kind"], "ask");
        assert_eq!(q["command"], write_line(folder));
        assert_eq!(
            q.pointer("/decision/reason/matches/0/code"),
            Some(&json!("protected.write")),
            "{q}"
        );
    }
}
