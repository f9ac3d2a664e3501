//! Approvals without a terminal: the inbox in another pane, and allow-once
//! codes, with real processes.

use crate::common;

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::Env;
use common::tmux::Pane;

const BIN: &str = env!("CARGO_BIN_EXE_askrisky");

fn runtime(env: &Env) -> std::path::PathBuf {
    let r = env.dir.path().join("run");
    std::fs::create_dir_all(&r).expect("mkdir");
    r
}

/// `askrisky inbox` in a tmux pane.
fn inbox(env: &Env) -> Pane {
    let vars = vec![
        ("HOME", env.home.display().to_string()),
        ("PATH", std::env::var("PATH").unwrap_or_default()),
        ("XDG_RUNTIME_DIR", runtime(env).display().to_string()),
        ("LANG", "C.UTF-8".to_owned()),
        ("ASKRISKY", BIN.to_owned()),
    ];
    let p = Pane::start(
        &env.project,
        &vars,
        "\"$ASKRISKY\" inbox --no-bell",
        100,
        30,
    );
    p.wait_for("waiting for requests");
    p
}

/// `askrisky exec` with no terminal, waiting on the inbox.
fn exec(env: &Env, args: &[&str]) -> Child {
    env.askrisky(["exec"].iter().chain(args.iter()))
        .env("XDG_RUNTIME_DIR", runtime(env))
        .spawn()
}

/// What `askrisky status` says.
fn status(env: &Env) -> String {
    env.askrisky(["status"])
        .env("XDG_RUNTIME_DIR", runtime(env))
        .output()
        .stdout()
}

fn finish(child: Child) -> (Option<i32>, String) {
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_inbox_answers_run_dont_run_and_tell() {
    common::require!("tmux");
    let env = Env::new();
    let p = inbox(&env);
    // Run once.
    let c = exec(&env, &["-c", "touch via-inbox"]);
    let screen = p.wait_card();
    assert!(screen.contains("touch via-inbox"), "{screen}");
    assert!(screen.contains("from     exec"), "{screen}");
    assert!(
        !screen.contains("[s]"),
        "no session, no session approval: {screen}"
    );
    p.keys(&["r"]);
    assert_eq!(finish(c).0, Some(0));
    assert!(env.project.join("via-inbox").exists());
    // Don't run.
    p.wait_for("waiting for requests");
    let c = exec(&env, &["-c", "touch refused"]);
    p.wait_card();
    p.keys(&["n"]);
    let (code, err) = finish(c);
    assert_eq!(code, Some(82), "{err}");
    assert!(!env.project.join("refused").exists());
    // Tell the agent why.
    p.wait_for("waiting for requests");
    let c = exec(&env, &["-c", "touch told"]);
    p.wait_card();
    p.keys(&["t"]);
    p.wait_for("message for the agent");
    p.text("use the Makefile");
    p.keys(&["Enter"]);
    let (code, err) = finish(c);
    assert_eq!(code, Some(82));
    assert!(
        err.contains("the person declined and says: use the Makefile"),
        "{err}"
    );
    let log = env.log();
    assert_eq!(
        log.iter().filter(|r| r["decided_by"] == "person").count(),
        3
    );
}

/// `s` at the inbox: the command runs, and the same line of the same
/// session, in the same folder, runs from then on without a card.
#[test]
fn the_inbox_can_approve_for_the_session() {
    common::require!("tmux");
    let env = Env::new();
    let p = inbox(&env);
    let c = exec(&env, &["--session", "cli/s3", "-c", "touch made"]);
    let screen = p.wait_card();
    assert!(screen.contains("session cli/s3"), "{screen}");
    let words = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("[s] allow for this session"), "{screen}");
    p.keys(&["s"]);
    assert_eq!(finish(c).0, Some(0));
    assert_eq!(
        env.log()[0]["message"],
        "approved at the inbox for the rest of session cli/s3"
    );
    // No card this time: it runs at once.
    std::fs::remove_file(env.project.join("made")).expect("rm");
    let (code, err) = finish(exec(&env, &["--session", "cli/s3", "-c", "touch made"]));
    assert_eq!(code, Some(0), "{err}");
    assert!(env.project.join("made").exists());
    assert!(p.screen(false).contains("waiting for requests"));
}

#[test]
fn two_requests_get_their_own_answers() {
    common::require!("tmux");
    let env = Env::new();
    let p = inbox(&env);
    let first = exec(&env, &["-c", "touch first"]);
    let screen = p.wait_card();
    assert!(screen.contains("touch first"), "{screen}");
    let second = exec(&env, &["-c", "touch second"]);
    // The second waits in the inbox's queue while the first is shown; both
    // wait for the person.
    let queued = || status(&env).contains("listening, 2 request(s) waiting");
    common::wait_until(
        || queued().then_some(()),
        || format!("the second request never queued: {}", status(&env)),
    );
    p.keys(&["n"]);
    p.wait_for("touch second");
    let screen = p.wait_card();
    assert!(screen.contains("waited"), "{screen}");
    p.keys(&["r"]);
    assert_eq!(finish(second).0, Some(0));
    assert_eq!(finish(first).0, Some(82));
    assert!(env.project.join("second").exists());
    assert!(!env.project.join("first").exists());
}

#[test]
fn a_wait_that_times_out_refuses() {
    common::require!("tmux");
    let env = Env::new();
    env.config("approval_wait_s = 1\n");
    let p = inbox(&env);
    let started = Instant::now();
    let (code, err) = finish(exec(&env, &["-c", "touch late"]));
    assert_eq!(code, Some(81), "{err}");
    assert!(err.contains("no answer from the inbox within 1 s"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(!env.project.join("late").exists());
    // Its card does not stay up asking for an answer that runs nothing.
    let screen = p.wait_for("stopped waiting");
    assert!(!screen.contains("waiting for your answer"), "{screen}");
    assert!(p.screen(false).contains("waiting for requests"));
    let out = status(&env);
    assert!(out.contains("listening, 0 request(s) waiting"), "{out}");
}

/// The person's answers at the inbox, and at `askrisky approve` for an
/// allow-once code, are timed in the log as the card's are.
#[test]
fn answers_at_the_inbox_and_for_codes_are_timed() {
    common::require!("tmux");
    let env = Env::new();
    let p = inbox(&env);
    let c = exec(&env, &["-c", "touch timed"]);
    p.wait_card();
    p.keys(&["r"]);
    assert_eq!(finish(c).0, Some(0));
    let log = env.log();
    assert_eq!(log[0]["decided_by"], "person");
    assert!(log[0]["answer_ms"].is_u64(), "{}", log[0]);
}

#[test]
fn a_killed_inbox_refuses_without_hanging() {
    common::require!("tmux");
    let env = Env::new();
    let p = inbox(&env);
    let c = exec(&env, &["-c", "touch orphan"]);
    p.wait_for("waiting for your answer");
    let started = Instant::now();
    p.close();
    let (code, err) = finish(c);
    assert_eq!(code, Some(81), "{err}");
    assert!(err.contains("closed the request"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(!env.project.join("orphan").exists());
}

#[test]
fn another_user_cannot_ask() {
    // The system's python3: another user cannot run one installed in a home.
    common::require!("tmux", "setpriv", "/usr/bin/python3");
    let env = Env::new();
    let p = inbox(&env);
    // Open the folder and socket to everyone, so only the peer check stands.
    let dir = runtime(&env).join("askrisky");
    let scratch = env.dir.path().to_path_buf();
    for (path, mode) in [
        (&scratch, "755"),
        (&runtime(&env), "755"),
        (&dir, "777"),
        (&dir.join("inbox.sock"), "666"),
    ] {
        assert!(
            Command::new("chmod")
                .args([mode, path.to_str().expect("utf8")])
                .status()
                .expect("chmod")
                .success()
        );
    }
    let client = format!(
        "import socket\ns=socket.socket(socket.AF_UNIX)\ns.connect('{}')\ns.settimeout(30)\ntry:\n    s.sendall(b'{{\"kind\":\"status\"}}\\n')\n    got = s.recv(100)\nexcept socket.timeout:\n    got = None\nexcept OSError:\n    got = b''\nprint('neither answered nor closed' if got is None else 'refused' if not got else 'answered ' + repr(got))",
        dir.join("inbox.sock").display()
    );
    let mut c = Command::new("setpriv")
        .args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "/usr/bin/python3",
            "-c",
            &client,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("setpriv");
    let mut out = String::new();
    let _ = c.stdout.take().expect("stdout").read_to_string(&mut out);
    let mut err = String::new();
    let _ = c.stderr.take().expect("stderr").read_to_string(&mut err);
    let _ = c.wait();
    assert!(err.is_empty(), "the client could not even connect: {err}");
    // It could connect (the folder is open), but got no answer.
    assert_eq!(out.trim(), "refused", "another user got an answer: {out}");
    assert!(p.screen(false).contains("waiting for requests"));
}

#[test]
fn allow_once_codes() {
    common::require!("tmux");
    let env = Env::new();
    // No terminal, no inbox: refused, with a code.
    let run = |line: &str| {
        let out = env
            .askrisky(["exec", "-c", line])
            .env("XDG_RUNTIME_DIR", runtime(&env))
            .output();
        (out.code(), out.stderr())
    };
    let (code, err) = run("touch approved");
    assert_eq!(code, Some(81));
    let approval = err
        .split("askrisky approve ")
        .nth(1)
        .map(|s| s.trim().to_owned())
        .unwrap_or_else(|| panic!("no code in: {err}"));
    // The person approves it in their own terminal.
    let vars = vec![
        ("HOME", env.home.display().to_string()),
        ("PATH", std::env::var("PATH").unwrap_or_default()),
        ("ASKRISKY", BIN.to_owned()),
    ];
    let p = Pane::start(
        &env.project,
        &vars,
        &format!("\"$ASKRISKY\" approve {approval} 2> approve.txt"),
        100,
        30,
    );
    let screen = p.wait_card();
    assert!(
        screen.contains("touch approved") && screen.contains(&approval),
        "{screen}"
    );
    // The request belongs to no session: nothing to approve it for.
    assert!(!screen.contains("[s]"), "{screen}");
    p.keys(&["r"]);
    assert_eq!(p.status(), 0);
    // A different command is not covered.
    assert_eq!(run("touch other").0, Some(81));
    // The same one runs once...
    assert_eq!(run("touch approved").0, Some(0));
    assert!(env.project.join("approved").exists());
    // ...and asks again the second time.
    std::fs::remove_file(env.project.join("approved")).expect("rm");
    assert_eq!(run("touch approved").0, Some(81));
    assert!(!env.project.join("approved").exists());
    let log = env.log();
    // The retry the code let through is the person's, timed from the
    // refusal to their yes.
    assert!(
        log.iter().any(|r| r["decided_by"] == "person"
            && r["outcome"] == "ran"
            && r["answer_ms"].is_u64()),
        "{log:?}"
    );
    // An unknown or spent code is refused.
    let out = env.askrisky(["approve", &approval]).output();
    out.status(83);
    assert!(
        out.stderr().contains("no request with code"),
        "{}",
        out.stderr()
    );
}

/// A refused request of a session can be approved, from the person's own
/// terminal, for the rest of that session: every identical retry of that
/// session runs, nothing else does.
#[test]
fn allow_once_codes_can_approve_for_the_session() {
    common::require!("tmux");
    let env = Env::new();
    let run = |session: Option<&str>, line: &str| {
        let mut args = vec![];
        if let Some(s) = session {
            args.extend(["--session", s]);
        }
        args.extend(["exec", "-c", line]);
        let out = env
            .askrisky(&args)
            .env("XDG_RUNTIME_DIR", runtime(&env))
            .output();
        (out.code(), out.stderr())
    };
    let (code, err) = run(Some("cli/s9"), "touch approved");
    assert_eq!(code, Some(81));
    let approval = err
        .split("askrisky approve ")
        .nth(1)
        .and_then(|s| s.split('.').next())
        .map(|s| s.trim().to_owned())
        .unwrap_or_else(|| panic!("no code in: {err}"));
    let vars = vec![
        ("HOME", env.home.display().to_string()),
        ("PATH", std::env::var("PATH").unwrap_or_default()),
        ("ASKRISKY", BIN.to_owned()),
    ];
    let p = Pane::start(
        &env.project,
        &vars,
        &format!("\"$ASKRISKY\" approve {approval} 2> approve.txt"),
        100,
        30,
    );
    let screen = p.wait_card();
    assert!(screen.contains("session cli/s9"), "{screen}");
    assert!(screen.contains("[s] allow for this"), "{screen}");
    p.keys(&["s"]);
    assert_eq!(p.status(), 0);
    let said = std::fs::read_to_string(env.project.join("approve.txt")).unwrap_or_default();
    assert!(said.contains("approved for session cli/s9"), "{said}");
    // Every identical retry of that session runs ...
    for _ in 0..3 {
        assert_eq!(run(Some("cli/s9"), "touch approved").0, Some(0));
    }
    // ... and nothing else.
    assert_eq!(run(None, "touch approved").0, Some(81));
    assert_eq!(run(Some("cli/other"), "touch approved").0, Some(81));
    assert_eq!(run(Some("cli/s9"), "touch other").0, Some(81));
}

#[test]
fn the_blocked_tier_cannot_be_approved() {
    let env = Env::new();
    let out = env.askrisky(["exec", "-c", "rm -rf ~"]).output();
    out.status(80);
    assert!(
        !out.stderr().contains("askrisky approve"),
        "{}",
        out.stderr()
    );
}

#[test]
fn status_reports_the_inbox() {
    common::require!("tmux");
    let env = Env::new();
    let out = env
        .askrisky(["status"])
        .env("XDG_RUNTIME_DIR", runtime(&env))
        .output();
    out.status(0);
    assert!(
        out.stdout().contains("no inbox is listening"),
        "{}",
        out.stdout()
    );
    let _p = inbox(&env);
    let out = env
        .askrisky(["status"])
        .env("XDG_RUNTIME_DIR", runtime(&env))
        .output();
    assert!(
        out.stdout().contains("listening, 0 request(s) waiting"),
        "{}",
        out.stdout()
    );
    assert!(out.stdout().contains("mode:   ask"), "{}", out.stdout());
}

/// A same-user relay: moves the inbox's socket aside and listens at its
/// path, so the request of `rm -rf victim` reaches it; it then sends the
/// inbox the same request with another command. Returns the asker, the
/// relay's connection to the real inbox (opened before the socket moved)
/// and the connection from the asker.
fn relay(
    env: &Env,
    restore: bool,
) -> (
    Child,
    std::os::unix::net::UnixStream,
    std::os::unix::net::UnixStream,
) {
    use std::io::{BufRead, Write};
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::net::{UnixListener, UnixStream};
    let sock = runtime(env).join("askrisky/inbox.sock");
    let aside = sock.with_file_name("inbox.real");
    let to_inbox = UnixStream::connect(&sock).expect("connect to the inbox");
    std::fs::rename(&sock, &aside).expect("move the socket aside");
    let listener = UnixListener::bind(&sock).expect("bind in its place");
    std::fs::set_permissions(&sock, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let asker = exec(env, &["-c", "rm -rf victim"]);
    let (from_asker, _) = listener.accept().expect("the asker connects");
    let mut line = String::new();
    std::io::BufReader::new(&from_asker)
        .read_line(&mut line)
        .expect("the request");
    assert!(line.contains("rm -rf victim"), "{line}");
    if restore {
        drop(listener);
        std::fs::remove_file(&sock).expect("remove the relay's socket");
        std::fs::rename(&aside, &sock).expect("put the socket back");
    }
    let forged = line.replace("rm -rf victim", "echo hello");
    (&to_inbox).write_all(forged.as_bytes()).expect("relay");
    (asker, to_inbox, from_asker)
}

/// Passes the inbox's answer, if any comes within a short wait, back to
/// the asker.
fn pass_answer(
    to_inbox: &std::os::unix::net::UnixStream,
    from_asker: &mut std::os::unix::net::UnixStream,
) {
    use std::io::{BufRead, Write};
    let _ = to_inbox.set_read_timeout(Some(Duration::from_secs(10)));
    let mut answer = String::new();
    let _ = std::io::BufReader::new(to_inbox).read_line(&mut answer);
    let _ = from_asker.write_all(answer.as_bytes());
}

/// The person's "run" for the command a relay showed is not an answer to
/// the request that waits: the signature covers the whole request.
#[test]
fn a_relayed_request_cannot_borrow_the_persons_answer() {
    common::require!("tmux");
    let env = Env::new();
    std::fs::create_dir_all(env.project.join("victim")).expect("mkdir");
    let p = inbox(&env);
    let (asker, to_inbox, mut from_asker) = relay(&env, true);
    let screen = p.wait_card();
    assert!(screen.contains("echo hello"), "{screen}");
    p.keys(&["r"]);
    pass_answer(&to_inbox, &mut from_asker);
    drop(from_asker);
    let (code, err) = finish(asker);
    assert!(
        env.project.join("victim").exists(),
        "the relayed answer ran it: {err}"
    );
    assert_eq!(code, Some(81), "{err}");
    assert!(err.contains("not signed by askrisky's inbox"), "{err}");
}

/// Once its socket was moved or replaced, the inbox shows no card: what
/// reaches it may be relayed.
#[test]
fn an_inbox_whose_socket_was_replaced_shows_no_card() {
    common::require!("tmux");
    let env = Env::new();
    std::fs::create_dir_all(env.project.join("victim")).expect("mkdir");
    let p = inbox(&env);
    let (asker, to_inbox, mut from_asker) = relay(&env, false);
    let screen = p.wait_for("was not shown");
    assert!(screen.contains("WARNING"), "{screen}");
    assert!(!screen.contains("echo hello"), "{screen}");
    if p.screen(false).contains("waiting for your answer") {
        p.keys(&["r"]);
    }
    pass_answer(&to_inbox, &mut from_asker);
    drop(from_asker);
    let (code, err) = finish(asker);
    assert!(env.project.join("victim").exists(), "it ran: {err}");
    assert_eq!(code, Some(81), "{err}");
}
