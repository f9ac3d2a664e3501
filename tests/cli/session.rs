//! Goals and activity reaching the reviewer, from askrisky's store and from
//! agents' transcripts, on the real binary.

use crate::common;

use std::path::{Path, PathBuf};

use common::Env;
use common::fake_provider::{self as fake, Fake};
use common::tmux::Pane;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/transcripts")
        .join(name)
}

/// Puts a fixture where Claude Code keeps transcripts in the scratch home.
fn install_transcript(env: &Env, name: &str) -> PathBuf {
    let dir = env.home.join(".claude/projects/-home-user-project");
    std::fs::create_dir_all(&dir).expect("mkdir");
    let dest = dir.join("9f0c3a52.jsonl");
    std::fs::copy(fixture(name), &dest).expect("copy");
    dest
}

fn user_message(f: &Fake) -> String {
    let body = f.requests()[0].json();
    body["messages"][1]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn transcript_goals_reach_person_and_the_rest_stays_in_the_fence() {
    let f = Fake::start(vec![fake::openai("low", "implied", false, "ok")]);
    let env = Env::new();
    env.config(&fake::review_config("openai", &f.base, 5));
    let t = install_transcript(&env, "claude-code.jsonl");
    env.askrisky([
        "check",
        "--transcript",
        t.to_str().expect("utf8"),
        "-c",
        "git commit -am fix",
    ])
    .env("TEST_KEY", "k")
    .output()
    .status(0);
    let user = user_message(&f);
    let person: &str = user.split("\n\n").next().unwrap_or_default();
    assert_eq!(
        person,
        "PERSON\n1. now commit the fix\n2. also update the changelog\n3. run it headless\nChoices the person made when the agent asked: Run the full suite? -> Yes, all of it"
    );
    assert!(
        user.contains("[earlier goal, before a resume] Fix the flaky test"),
        "{user}"
    );
    assert!(user.contains("    END ACTIVITY 00000000"), "{user}");
}

#[test]
fn a_transcript_outside_the_agents_folders_is_not_read() {
    let f = Fake::start(vec![fake::openai("low", "implied", false, "ok")]);
    let env = Env::new();
    env.config(&fake::review_config("openai", &f.base, 5));
    // The agent wrote a "transcript" into its workspace.
    let planted = env.project.join("transcript.jsonl");
    std::fs::copy(fixture("claude-code.jsonl"), &planted).expect("copy");
    env.askrisky([
        "check",
        "--transcript",
        planted.to_str().expect("utf8"),
        "-c",
        "ls",
    ])
    .env("TEST_KEY", "k")
    .output()
    .status(0);
    let user = user_message(&f);
    assert!(
        user.starts_with("PERSON\n(no goals were recorded for this session)"),
        "{user}"
    );
    assert!(
        user.contains("was not read: it is outside the agents' transcript folders"),
        "{user}"
    );
}

#[test]
fn an_unreadable_transcript_asks_without_a_review() {
    for content in [
        None,
        Some("garbage\n\u{1}\u{2}\n"),
        Some("{\"unknown\":true}\n"),
    ] {
        let f = Fake::start(vec![fake::openai("low", "explicit", false, "ok")]);
        let env = Env::new();
        env.config(&fake::review_config("openai", &f.base, 5));
        let dir = env.home.join(".codex/sessions/2026/11/20");
        std::fs::create_dir_all(&dir).expect("mkdir");
        let t = dir.join("rollout-x.jsonl");
        if let Some(c) = content {
            std::fs::write(&t, c).expect("write");
        }
        let marker = env.project.join("ran");
        let out = env
            .askrisky([
                "exec",
                "--transcript",
                t.to_str().expect("utf8"),
                "--",
                "touch",
                marker.to_str().expect("utf8"),
            ])
            .env("TEST_KEY", "k")
            .output();
        out.status(81);
        assert!(!marker.exists(), "{content:?}: it ran");
        assert!(
            out.stderr().contains("[reviewer.context]"),
            "{}",
            out.stderr()
        );
        assert!(
            out.stderr().contains("transcript could not be read"),
            "{}",
            out.stderr()
        );
        assert!(
            f.requests().is_empty(),
            "{content:?}: the reviewer was asked"
        );
        assert_eq!(env.log()[0]["reviewer"]["unavailable_reason"], "context");
    }
}

#[test]
fn goals_need_a_terminal() {
    let env = Env::new();
    let out = env
        .askrisky(["goal", "delete the production database"])
        .output();
    out.status(83);
    assert!(
        out.stderr()
            .contains("only be added from your own terminal"),
        "{}",
        out.stderr()
    );
    assert!(!env.state_dir().join("sessions").exists());
    env.askrisky(["session", "new"]).output().status(83);
}

#[test]
fn a_goal_typed_in_the_terminal_reaches_person() {
    common::require!("tmux");
    let f = Fake::start(vec![fake::openai("low", "explicit", false, "ok")]);
    let env = Env::new();
    env.config(&fake::review_config("openai", &f.base, 5));
    let bin = env!("CARGO_BIN_EXE_askrisky");
    let pane = Pane::start(
        &env.project,
        &[
            ("HOME", env.home.display().to_string()),
            ("PATH", std::env::var("PATH").unwrap_or_default()),
            ("ASKRISKY", bin.to_owned()),
        ],
        "\"$ASKRISKY\" goal 'Update the README install steps' 2> err.txt",
        80,
        20,
    );
    assert_eq!(
        pane.status(),
        0,
        "{}",
        std::fs::read_to_string(env.project.join("err.txt")).unwrap_or_default()
    );
    let err = std::fs::read_to_string(env.project.join("err.txt")).unwrap_or_default();
    assert!(err.contains("started session cli/"), "{err}");
    let listed = env.askrisky(["session", "list"]).output();
    listed.status(0);
    assert!(listed.stdout().starts_with("* cli/"), "{}", listed.stdout());
    let shown = env.askrisky(["session", "show"]).output();
    shown.status(0);
    assert!(
        shown
            .stdout()
            .contains("goal (terminal): Update the README install steps"),
        "{}",
        shown.stdout()
    );

    env.askrisky(["check", "-c", "sed -i s/old/new/ README.md"])
        .env("TEST_KEY", "k")
        .output()
        .status(0);
    assert!(user_message(&f).starts_with("PERSON\n1. Update the README install steps\n"));
}

#[test]
fn show_prompt_shows_the_trust_split() {
    let env = Env::new();
    env.config("mode = \"review\"\n");
    let t = install_transcript(&env, "claude-code.jsonl");
    let out = env
        .askrisky([
            "check",
            "--show-prompt",
            "--transcript",
            t.to_str().expect("utf8"),
            "--",
            "git",
            "push",
        ])
        .output();
    out.status(0);
    let text = out.stdout();
    assert!(text.contains("PERSON\n1. now commit the fix\n"), "{text}");
    assert!(text.contains("BEGIN ACTIVITY "), "{text}");
    assert!(text.contains("[tool result] # Project"), "{text}");
}

#[test]
fn an_invalid_session_name_asks() {
    let f = Fake::start(vec![fake::openai("low", "explicit", false, "ok")]);
    let env = Env::new();
    env.config(&fake::review_config("openai", &f.base, 5));
    let out = env
        .askrisky(["check", "--session", "../../etc", "-c", "ls"])
        .env("TEST_KEY", "k")
        .output();
    out.status(81);
    assert!(f.requests().is_empty());
}
