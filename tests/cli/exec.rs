//! `askrisky exec` on the real binary: what runs, what does not, and how.

use crate::common;

use std::os::unix::process::ExitStatusExt;

use common::Env;

const AUTOPILOT: &str = "mode = \"autopilot\"\n";

#[test]
fn exit_status_passes_through() {
    let env = Env::new();
    env.config(AUTOPILOT);
    env.askrisky(["exec", "-c", "echo out; echo err >&2; exit 7"])
        .output()
        .status(7);
    let out = env.askrisky(["exec", "--", "sh", "-c", "exit 3"]).output();
    out.status(3);
    let out = env
        .askrisky(["exec", "-c", "echo out; echo err >&2"])
        .output();
    out.status(0);
    assert_eq!(out.stdout(), "out\n");
    assert_eq!(out.stderr(), "err\n");
}

#[test]
fn stdin_reaches_the_command() {
    let env = Env::new();
    env.config(AUTOPILOT);
    let out = env
        .askrisky(["exec", "--", "cat"])
        .stdin(b"hello\nworld\n")
        .output();
    out.status(0);
    assert_eq!(out.stdout(), "hello\nworld\n");
}

#[test]
fn the_command_replaces_askrisky() {
    let env = Env::new();
    env.config(AUTOPILOT);
    // $$ of the shell is the pid askrisky started with.
    let child = env
        .askrisky(["exec", "-c", "echo $$; echo $PPID"])
        .attached()
        .spawn();
    let pid = child.id();
    let out = child.wait_with_output().expect("wait");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(pid.to_string().as_str()), "{text}");
    assert_eq!(
        lines.next(),
        Some(std::process::id().to_string().as_str()),
        "{text}"
    );
}

#[track_caller]
fn wait_until_exec(pid: u32, comm: &str) {
    let now = || std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
    common::wait_until(
        || (now().trim() == comm).then_some(()),
        || format!("process {pid} never became {comm}: {}", now()),
    );
}

#[test]
fn signals_reach_the_command_as_if_run_directly() {
    for (signal, number) in [("-TERM", 15), ("-INT", 2), ("-HUP", 1)] {
        let env = Env::new();
        env.config(AUTOPILOT);
        let mut child = env
            .askrisky(["exec", "--", "sleep", "30"])
            .attached()
            .spawn();
        wait_until_exec(child.id(), "sleep");
        let ignored = askrisky::signals::ignored_at_start().contains(&number);
        // Started from a background job (SIGINT ignored): the command
        // inherits that, as it would if run directly. The kernel drops a
        // signal the process ignores as it is sent.
        assert_eq!(common::ignores(child.id(), number), ignored, "{signal}");
        let sent = std::process::Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .expect("kill");
        assert!(sent.success());
        if ignored {
            assert!(child.try_wait().expect("try_wait").is_none(), "{signal}");
            child.kill().expect("kill");
            let _ = child.wait();
            continue;
        }
        let status = child.wait().expect("wait");
        assert_eq!(status.signal(), Some(number), "{signal}: {status:?}");
    }
}

#[test]
fn sigpipe_is_default_for_the_command() {
    let env = Env::new();
    env.config(AUTOPILOT);
    let mut child = env.askrisky(["exec", "--", "yes"]).attached().spawn();
    // Close the read end: `yes` must die of SIGPIPE, not loop on EPIPE.
    drop(child.stdout.take());
    let status = child.wait().expect("wait");
    assert_eq!(status.signal(), Some(13), "{status:?}");
}

#[test]
fn ask_without_a_terminal_refuses_with_a_reason() {
    let env = Env::new();
    let marker = env.project.join("ran");
    let out = env
        .askrisky(["exec", "--", "touch", marker.to_str().expect("utf8")])
        .output();
    out.status(81);
    assert!(!marker.exists(), "the command ran");
    let err = out.stderr();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("askrisky: not run: "), "{err}");
    assert!(err.contains("[mode.ask]"), "{err}");
    assert!(err.contains("no terminal"), "{err}");
}

#[test]
fn danger_in_autopilot_refuses_with_the_rule_code() {
    let env = Env::new();
    env.config(AUTOPILOT);
    let victim = env.project.join("build");
    std::fs::create_dir_all(&victim).expect("mkdir");
    let out = env.askrisky(["exec", "-c", "rm -rf build"]).output();
    out.status(81);
    assert!(victim.exists(), "the command ran");
    assert!(
        out.stderr().contains("[delete.recursive]"),
        "{}",
        out.stderr()
    );
    // One line, with what to do instead.
    assert_eq!(out.stderr().lines().count(), 1, "{}", out.stderr());
    assert!(
        out.stderr().contains("Safer ways: Move the folder aside"),
        "{}",
        out.stderr()
    );
}

#[test]
fn no_prompt_and_ci_are_strict() {
    let env = Env::new();
    for (flag, env_var, why) in [
        (Some("--no-prompt"), None, "--no-prompt was given"),
        (None, Some(("CI", "true")), "CI is set"),
        (
            None,
            Some(("ASKRISKY_NO_PROMPT", "1")),
            "ASKRISKY_NO_PROMPT is set",
        ),
    ] {
        let mut args = vec![];
        if let Some(f) = flag {
            args.push(f);
        }
        args.extend(["exec", "--", "true"]);
        let mut run = env.askrisky(&args).attached();
        if let Some((k, v)) = env_var {
            run = run.env(k, v);
        }
        let out = run.output();
        out.status(81);
        assert!(out.stderr().contains(why), "{}", out.stderr());
    }
}

#[test]
fn blocked_is_refused_even_in_autopilot() {
    let env = Env::new();
    env.config(AUTOPILOT);
    // HOME is a scratch folder: if this ever ran, only the scratch is lost.
    let out = env.askrisky(["exec", "-c", "rm -rf ~"]).output();
    out.status(80);
    assert!(env.home.exists());
    let err = out.stderr();
    assert!(err.starts_with("askrisky: refused: "), "{err}");
    assert!(err.contains("[delete.root]"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.trim_end()
            .ends_with("A safer way: Delete only the folder you mean, by a path inside the project, never a home, the root or a system folder (e.g. `rm -r ./build`)."),
        "{err}"
    );
}

#[test]
fn missing_program_is_127() {
    let env = Env::new();
    env.config(AUTOPILOT);
    let out = env
        .askrisky(["exec", "--", "no-such-program-askrisky"])
        .output();
    out.status(127);
    assert!(
        out.stderr().contains("cannot run no-such-program-askrisky"),
        "{}",
        out.stderr()
    );
}

#[test]
fn argv_is_run_exactly_not_through_a_shell() {
    let env = Env::new();
    env.config(AUTOPILOT);
    let out = env
        .askrisky(["exec", "--", "printf", "%s|", "a b", "$HOME", "*", "'q'"])
        .output();
    out.status(0);
    assert_eq!(out.stdout(), "a b|$HOME|*|'q'|");
}

#[test]
fn arguments_that_are_not_utf8_ask() {
    use std::os::unix::ffi::OsStrExt;
    let env = Env::new();
    env.config(AUTOPILOT);
    let bad = std::ffi::OsStr::from_bytes(b"\xff\x9b");
    let out = env
        .askrisky([
            std::ffi::OsStr::new("exec"),
            std::ffi::OsStr::new("--"),
            std::ffi::OsStr::new("echo"),
            bad,
        ])
        .output();
    out.status(81);
    assert!(
        out.stderr().contains("[parse.unparseable]"),
        "{}",
        out.stderr()
    );
}

#[test]
fn every_decision_is_logged() {
    let env = Env::new();
    env.config(AUTOPILOT);
    env.askrisky(["exec", "--", "true"]).output().status(0);
    env.askrisky(["exec", "-c", "rm -rf ~"]).output().status(80);
    env.askrisky(["exec", "-c", "git push --force"])
        .output()
        .status(81);
    let log = env.log();
    assert_eq!(log.len(), 3);
    let fields = |r: &serde_json::Value| {
        (
            r["command"].as_str().unwrap_or_default().to_owned(),
            r["outcome"].as_str().unwrap_or_default().to_owned(),
            r["decided_by"].as_str().unwrap_or_default().to_owned(),
            r["tier"].as_str().unwrap_or_default().to_owned(),
        )
    };
    assert_eq!(
        fields(&log[0]),
        ("true".into(), "ran".into(), "mode".into(), "clear".into())
    );
    assert_eq!(
        fields(&log[1]),
        (
            "rm -rf ~".into(),
            "refused".into(),
            "rule".into(),
            "blocked".into()
        )
    );
    assert_eq!(
        fields(&log[2]),
        (
            "git push --force".into(),
            "not_run".into(),
            "strict".into(),
            "danger".into()
        )
    );
    assert_eq!(log[2]["rules"], serde_json::json!(["git.force_push"]));
    assert_eq!(log[0]["v"], 1);
    assert_eq!(log[0]["mode"], "autopilot");
    assert!(log[0]["reviewer"].is_null());
    assert!(log[0]["duration_ms"].is_u64());
    let listed = env.askrisky(["log", "-n", "2"]).output();
    listed.status(0);
    assert_eq!(listed.stdout().lines().count(), 2);
}

#[test]
fn an_unwritable_log_does_not_block_the_decision() {
    let env = Env::new();
    env.config(AUTOPILOT);
    std::fs::create_dir_all(env.home.join(".local/state")).expect("mkdir");
    // A file where the state folder should be.
    std::fs::write(env.state_dir(), "not a folder").expect("write");
    let out = env.askrisky(["exec", "--", "echo", "ran"]).output();
    out.status(0);
    assert_eq!(out.stdout(), "ran\n");
    assert!(
        out.stderr().contains("cannot write the decision log"),
        "{}",
        out.stderr()
    );
}

#[test]
fn the_configured_shell_runs_lines() {
    let env = Env::new();
    env.config("mode = \"autopilot\"\nshell = \"/bin/bash\"\n");
    let out = env
        .askrisky(["exec", "-c", "echo ${BASH_VERSION:+bash}"])
        .output();
    out.status(0);
    assert_eq!(out.stdout(), "bash\n");
}
