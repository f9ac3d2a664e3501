//! `askrisky suggest` on the real binary, over a fixture log: what it
//! proposes and the diff it shows, that it writes nothing without the
//! person's terminal, and (in tmux) that the person's yes — for each
//! danger-set rule, then for the whole change — writes the rules, keeping
//! the config's comments.

use crate::common;

use common::Env;
use common::tmux::Pane;

const BIN: &str = env!("CARGO_BIN_EXE_askrisky");
const FIXTURE: &str = include_str!("../fixtures/log/suggest.jsonl");
const CONFIG: &str =
    "# my settings\nmode = \"review\" # keep this\n\n[[allow]]\nline = \"make test\"\n";

fn with_log() -> Env {
    let env = Env::new();
    std::fs::create_dir_all(env.state_dir()).expect("state dir");
    std::fs::write(env.state_dir().join("log.jsonl"), FIXTURE).expect("log");
    env.config(CONFIG);
    env
}

fn config(env: &Env) -> String {
    std::fs::read_to_string(env.config_path()).unwrap_or_default()
}

#[test]
fn without_a_terminal_it_shows_the_diff_and_writes_nothing() {
    let env = with_log();
    let out = env.askrisky(["suggest", "--min", "3"]).output();
    out.status(81);
    assert_eq!(config(&env), CONFIG, "written without the person");
    assert!(
        out.stderr()
            .contains("not written: adding allow rules needs your yes on your own terminal"),
        "{}",
        out.stderr()
    );
    let path = env.config_path().display().to_string();
    insta::with_settings!({filters => vec![
        (path.as_str(), "[config]"),
        (r"\d{4}-\d{2}-\d{2}", "[date]"),
    ]}, {
        insta::assert_snapshot!("no_terminal", out.stdout());
    });
    // The danger set is offered only when asked for, and still needs a yes
    // per rule on the terminal.
    let out = env
        .askrisky(["suggest", "--min", "3", "--include-danger"])
        .output();
    out.status(81);
    assert!(
        out.stdout()
            .contains("line \"rm -rf build\", covering delete.recursive, delete.forced"),
        "{}",
        out.stdout()
    );
    assert!(
        out.stdout()
            .contains("each need your yes on your own terminal: left out"),
        "{}",
        out.stdout()
    );
    assert!(
        !out.stdout().contains("+ line = \"rm -rf build\""),
        "{}",
        out.stdout()
    );
    assert_eq!(config(&env), CONFIG);
    // CI is no one to ask, even with a terminal at hand.
    let out = env
        .askrisky(["suggest", "--min", "3"])
        .env("CI", "true")
        .attached()
        .output();
    out.status(81);
    assert!(out.stderr().contains("CI is set"), "{}", out.stderr());
    assert_eq!(config(&env), CONFIG);
    // Nothing approved often enough: nothing to suggest.
    let out = env.askrisky(["suggest", "--min", "50"]).output();
    out.status(0);
    assert!(
        out.stdout().starts_with("nothing to suggest"),
        "{}",
        out.stdout()
    );
    env.askrisky(["suggest", "--min", "0"]).output().status(2);
}

/// A config whose top-level key fell into its last `[[allow]]` table (an
/// easy slip when appending to a file that `suggest` wrote) is not
/// written over: the error names the key, the table, and the fix.
#[test]
fn a_top_level_key_in_the_last_table_is_named_not_written_over() {
    let env = with_log();
    let broken = format!("{CONFIG}approval_wait_s = 30\n");
    env.config(&broken);
    let out = env.askrisky(["suggest", "--min", "3"]).output();
    assert_ne!(out.code(), Some(0), "{}", out.stdout());
    assert!(
        out.stderr().contains(
            "config.toml:6: `approval_wait_s` is inside the [[allow]] table that starts on line 4"
        ) && out
            .stderr()
            .contains("move it above line 4, the first table"),
        "{}",
        out.stderr()
    );
    assert_eq!(config(&env), broken);
}

fn pane(env: &Env, args: &str) -> Pane {
    let vars = vec![
        ("HOME", env.home.display().to_string()),
        ("PATH", std::env::var("PATH").unwrap_or_default()),
        ("LANG", "C.UTF-8".to_owned()),
        ("ASKRISKY", BIN.to_owned()),
    ];
    Pane::start(
        &env.project,
        &vars,
        &format!("\"$ASKRISKY\" suggest {args} > out.txt 2> err.txt"),
        220,
        40,
    )
}

/// Waits until a question that starts with `start` asks for its answer.
#[track_caller]
fn wait_question(p: &Pane, start: &str) {
    common::wait_until(
        || {
            let s = p.screen(false);
            s.lines()
                .any(|l| l.contains(start) && l.trim_end().ends_with("[y/N]"))
                .then_some(())
        },
        || format!("never asked {start:?}:\n{}", p.screen(false)),
    );
    common::wait_until(
        || p.is_raw().then_some(()),
        || format!("the question never read keys:\n{}", p.screen(false)),
    );
}

#[test]
fn the_persons_yes_writes_the_rules_and_keeps_the_comments() {
    common::require!("tmux");
    let env = with_log();
    let p = pane(&env, "--min 3 --include-danger");
    wait_question(&p, "Allow line \"rm -rf build\"");
    p.keys(&["y"]);
    wait_question(&p, "Write 4 allow rule(s) to");
    p.keys(&["y"]);
    assert_eq!(p.status(), 0, "{}", p.screen(false));
    let text = config(&env);
    assert!(text.starts_with(CONFIG), "{text}");
    for rule in [
        "[[allow]]\nline = \"git status\"",
        "[[allow]]\nline = \"make lint\"",
        "[[allow]]\nline = \"rm -rf build\"\ncovers = [\"delete.recursive\", \"delete.forced\"]",
        "[[allow]]\nprefix = [\"cargo\", \"test\"]",
    ] {
        assert!(text.contains(rule), "{rule} not in:\n{text}");
    }
    assert!(
        text.contains("by askrisky suggest: you approved this 3 times"),
        "{text}"
    );
    // The rules are in force: these run with nobody to ask.
    std::fs::create_dir_all(env.project.join("build")).expect("mkdir");
    env.askrisky(["exec", "-c", "rm -rf build"])
        .output()
        .status(0);
    assert!(!env.project.join("build").exists());
    // A line the log never showed approved still asks.
    env.askrisky(["exec", "-c", "make deploy"])
        .output()
        .status(81);
}

#[test]
fn no_writes_nothing_and_a_danger_no_leaves_that_rule_out() {
    common::require!("tmux");
    let env = with_log();
    // No at the end: nothing written.
    let p = pane(&env, "--min 3");
    wait_question(&p, "Write 3 allow rule(s) to");
    p.keys(&["n"]);
    assert_eq!(p.status(), 82);
    assert_eq!(config(&env), CONFIG);
    drop(p);
    std::fs::remove_file(env.project.join("status")).expect("the first run's status");
    // No to the danger-set rule: the others only.
    let p = pane(&env, "--min 3 --include-danger");
    wait_question(&p, "Allow line \"rm -rf build\"");
    p.keys(&["Enter"]);
    wait_question(&p, "Write 3 allow rule(s) to");
    p.keys(&["y"]);
    assert_eq!(p.status(), 0);
    let text = config(&env);
    assert!(text.contains("line = \"make lint\""), "{text}");
    assert!(!text.contains("rm -rf build"), "{text}");
}
