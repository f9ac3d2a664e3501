//! What a repository's `.askrisky.toml` cannot set is said once per
//! project and session — an agent's session, a guarded shell, the process
//! calling `exec` — and every time in `check`, on the real binary. The
//! mark lives in askrisky's state folder and never changes a decision.

use crate::common;

use common::Env;
use serde_json::{Value, json};

const IGNORED: &str = "`host_permissions` ignored: only your user config can set it";

/// A project file with a key it cannot set.
fn env() -> Env {
    let env = Env::new();
    env.project_file("host_permissions = \"skip\"\n");
    env
}

fn said(err: &str) -> usize {
    err.lines().filter(|l| l.contains(IGNORED)).count()
}

fn claude(env: &Env, session: &str, line: &str) -> (Value, String) {
    let payload = json!({"session_id": session, "cwd": env.project, "hook_event_name": "PreToolUse",
                         "tool_name": "Bash", "tool_input": {"command": line}, "tool_use_id": "t1"});
    let out = env
        .askrisky(["hook", "claude-code"])
        .stdin(payload.to_string().as_bytes())
        .output();
    out.status(0);
    let v = serde_json::from_str(out.stdout().trim()).unwrap_or_else(|e| panic!("{e}"));
    (v, out.stderr())
}

#[test]
fn a_hook_says_it_once_per_project_and_session() {
    let env = env();
    // (session, said)
    let rows: &[(&str, usize)] = &[("s1", 1), ("s1", 0), ("s1", 0), ("s2", 1), ("s2", 0)];
    for (session, want) in rows {
        let (_, err) = claude(&env, session, "rm -rf build");
        assert_eq!(said(&err), *want, "{session}: {err}");
    }
    // The mark decides nothing: the answer is the same every time.
    let (first, _) = claude(&env, "s3", "rm -rf build");
    let (again, _) = claude(&env, "s3", "rm -rf build");
    assert_eq!(first, again);
    assert_eq!(
        first["hookSpecificOutput"]["permissionDecision"], "ask",
        "{first}"
    );
    // A project file that changes what it tries is warned about again.
    env.project_file(
        "host_permissions = \"skip\"\nreviewer = { provider = \"openai\", model = \"m\" }\n",
    );
    let (_, err) = claude(&env, "s1", "ls");
    assert_eq!(said(&err), 1, "{err}");
    assert!(err.contains("`reviewer` ignored"), "{err}");
    assert!(err.contains("(said once per project and session)"), "{err}");
    // The marks are askrisky's own, private files in its state folder.
    use std::os::unix::fs::MetadataExt;
    let marks: Vec<_> = std::fs::read_dir(env.state_dir().join("warned"))
        .expect("marks")
        .flatten()
        .collect();
    assert!(!marks.is_empty());
    for m in marks {
        assert_eq!(m.metadata().expect("meta").mode() & 0o777, 0o600);
    }
}

#[test]
fn check_says_it_every_time() {
    let env = env();
    for _ in 0..2 {
        let out = env.askrisky(["check", "-c", "ls"]).output();
        assert_eq!(said(&out.stderr()), 1, "{}", out.stderr());
    }
}

/// The guarded shell's lines come from one shell process: the first line
/// typed in the project says it, the next ones do not; another shell does
/// again. A `--silent` check shows nothing, so it does not use it up.
#[test]
fn a_guarded_shell_says_it_once_per_shell() {
    let env = env();
    // Started by this test process, as a shell starts each check.
    let guard = |silent: bool| {
        let mut args = vec!["guard"];
        if silent {
            args.push("--silent");
        }
        args.extend(["-c", "ls"]);
        let out = env.askrisky(args).attached().output();
        out.status(0);
        out.stderr()
    };
    assert_eq!(said(&guard(true)), 0);
    assert_eq!(said(&guard(false)), 1);
    assert_eq!(said(&guard(false)), 0);
    assert_eq!(said(&guard(true)), 0);
    // Another shell: said again.
    let out = env
        .askrisky(["guard", "-c", "ls"])
        .attached()
        .through("sh", &["-c", "\"$0\" \"$@\"; :"])
        .output();
    assert_eq!(said(&out.stderr()), 1, "{}", out.stderr());
}

/// `exec` called again and again by one process (an agent's harness) says
/// it once; with a session named, once for that session.
#[test]
fn exec_says_it_once_per_caller_or_session() {
    let env = env();
    let exec = |session: Option<&str>| {
        let mut args = Vec::new();
        if let Some(s) = session {
            args.extend(["--session", s]);
        }
        args.extend(["exec", "--no-prompt", "--", "true"]);
        env.askrisky(args).attached().output().stderr()
    };
    assert_eq!(said(&exec(None)), 1);
    assert_eq!(said(&exec(None)), 0);
    assert_eq!(said(&exec(Some("job-1"))), 1);
    assert_eq!(said(&exec(Some("job-1"))), 0);
    assert_eq!(said(&exec(Some("job-2"))), 1);
}
