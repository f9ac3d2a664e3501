//! Each surface reads a line as the shell that runs it, on the real
//! binary: `exec -c` as the configured shell (symlinks followed), a shim's
//! `exec -- /path/to/sh -c LINE` as the shell at that path, `check
//! --shell`, and a hook as its agent's shell.

use crate::common;

use common::Env;

/// Hidden from bash, run by dash: dash ends `$'…'` at its first quote.
const DASH_HIDES: &str = "echo $'\\';rm -rf ~;#'";

fn config(env: &Env, shell: &str) {
    env.config(&format!("mode = \"autopilot\"\nshell = \"{shell}\"\n"));
}

#[test]
fn exec_reads_a_line_as_the_configured_shell() {
    if !common::have("dash") || !common::have("bash") {
        return;
    }
    let env = Env::new();
    // A link named sh to dash is dash.
    let link = env.dir.path().join("sh");
    std::os::unix::fs::symlink(which("dash"), &link).expect("symlink");
    config(&env, link.to_str().expect("utf8"));
    let out = env.askrisky(["exec", "-c", DASH_HIDES]).output();
    out.status(80);
    assert!(out.stderr().contains("delete.root"), "{}", out.stderr());
    // bash reads one echo, and runs it.
    config(&env, &which("bash"));
    let out = env.askrisky(["exec", "-c", DASH_HIDES]).output();
    out.status(0);
    assert!(out.stdout().contains(";rm -rf ~;#"), "{}", out.stdout());
}

#[test]
fn a_construct_dash_reads_otherwise_asks_under_dash_only() {
    let env = Env::new();
    config(&env, "/bin/sh");
    for (shell, want) in [("dash", 81), ("bash", 0), ("zsh", 0), ("unknown", 81)] {
        let out = env
            .askrisky(["check", "--shell", shell, "-c", "[[ -f x ]] && cat x"])
            .output();
        out.status(want);
        if want == 81 {
            assert!(out.stdout().contains("parse.ambiguous"), "{}", out.stdout());
            assert!(out.stdout().contains("[[ … ]]"), "{}", out.stdout());
        }
    }
}

#[test]
fn a_shim_argv_is_read_as_the_real_shell_it_names() {
    if !common::have("dash") || !common::have("bash") {
        return;
    }
    let env = Env::new();
    config(&env, "/bin/sh");
    let out = env
        .askrisky(["exec", "--", &which("dash"), "-c", DASH_HIDES])
        .output();
    out.status(80);
    let out = env
        .askrisky(["exec", "--", &which("bash"), "-c", DASH_HIDES])
        .output();
    out.status(0);
}

#[test]
fn a_hook_reads_a_line_as_its_agents_shell() {
    let env = Env::new();
    config(&env, "/bin/sh");
    let payload = |cmd: &str| {
        serde_json::json!({"session_id":"s","cwd": env.project, "hook_event_name":"PreToolUse",
            "tool_name":"run_shell_command","tool_input":{"command": cmd}})
        .to_string()
    };
    // Gemini CLI runs `bash -c`: bash's test is routine there.
    let out = env
        .askrisky(["hook", "gemini"])
        .stdin(payload("[[ -f x ]] && cat x").as_bytes())
        .output();
    out.status(0);
    assert!(!out.stdout().contains("ambiguous"), "{}", out.stdout());
    // Cursor's shell is not known: dash's reading counts.
    let cursor = serde_json::json!({"hook_event_name":"beforeShellExecution",
        "command": DASH_HIDES, "cwd": env.project, "conversation_id":"c"})
    .to_string();
    let out = env
        .askrisky(["hook", "cursor"])
        .stdin(cursor.as_bytes())
        .output();
    out.status(0);
    assert!(out.stdout().contains("delete.root"), "{}", out.stdout());
}

fn which(name: &str) -> String {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|d| d.join(name))
        .find(|p| p.exists())
        .unwrap_or_else(|| format!("/bin/{name}").into())
        .to_string_lossy()
        .into_owned()
}
