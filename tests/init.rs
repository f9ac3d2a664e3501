//! `askrisky init bash|zsh|fish`: a real interactive shell in tmux with the
//! snippet loaded, driven by keystrokes.

mod common;

use common::Env;
use common::tmux::Pane;

const BIN: &str = env!("CARGO_BIN_EXE_askrisky");

/// An interactive `shell` with the guard loaded, in the project folder.
/// `vars`: more `NAME=value` settings for the shell's environment.
fn start(env: &Env, shell: &str, vars: &str) -> Pane {
    // Each shell starts with the prompt `start> `, to show it reads input.
    let (start, load) = match shell {
        "bash" => (
            "PS1='start> ' bash --norc --noprofile -i",
            format!("eval \"$('{BIN}' init bash)\""),
        ),
        "zsh" => (
            "PS1='start> ' zsh -f -i",
            format!("eval \"$('{BIN}' init zsh)\""),
        ),
        _ => (
            "fish --no-config -C \"function fish_prompt; printf 'start> '; end\" -i",
            format!("'{BIN}' init fish | source"),
        ),
    };
    let script = format!(
        "exec env -i HOME='{}' PATH='{}' TERM=xterm-256color LANG=C.UTF-8 HISTFILE='{}/hist' HISTCONTROL=ignoreboth {vars} {start}",
        env.home.display(),
        std::env::var("PATH").unwrap_or_default(),
        env.home.display()
    );
    let pane = Pane::start(&env.project, &[], &script, 110, 40);
    wait_prompt_is(&pane, "start>");
    pane.text(&load);
    pane.keys(&["Enter"]);
    // A prompt the tests can recognise.
    pane.text(match shell {
        "bash" => "PS1='guard$ '",
        "zsh" => "PROMPT='guard$ '",
        _ => "function fish_prompt; printf 'guard$ '; end",
    });
    pane.keys(&["Enter"]);
    pane.text("echo guard-loaded");
    pane.keys(&["Enter"]);
    pane.wait_for("\nguard-loaded");
    pane
}

fn line(p: &Pane, text: &str) {
    p.text(text);
    p.keys(&["Enter"]);
}

/// Types a command over several lines.
fn lines(p: &Pane, texts: &[&str]) {
    for text in texts {
        line(p, text);
    }
}

/// Waits until the shell shows a fresh prompt: it reads input again.
#[track_caller]
fn wait_prompt(p: &Pane) {
    wait_prompt_is(p, "guard$");
}

/// Waits until the last line on the screen is `prompt`.
#[track_caller]
fn wait_prompt_is(p: &Pane, prompt: &str) {
    let shown = |screen: &str| {
        let last = screen.lines().rev().find(|l| !l.trim().is_empty());
        last.is_some_and(|l| l.trim_end() == prompt)
    };
    common::wait_until(
        || shown(&p.screen(false)).then_some(()),
        || format!("no prompt {prompt:?}:\n{}", p.screen(false)),
    );
}

/// Waits until `text` is on the screen `n` times.
#[track_caller]
fn wait_count(p: &Pane, text: &str, n: usize) -> String {
    common::wait_until(
        || Some(p.screen(false)).filter(|s| s.matches(text).count() >= n),
        || format!("{text:?} never showed {n} times:\n{}", p.screen(false)),
    )
}

fn exists(env: &Env, name: &str) -> bool {
    env.project.join(name).exists()
}

#[track_caller]
fn wait_file(env: &Env, name: &str) {
    common::wait_until(
        || exists(env, name).then_some(()),
        || format!("{name} never appeared"),
    );
}

fn guarded_shell(shell: &str) {
    common::require!("tmux", shell);
    let env = Env::new();
    std::fs::create_dir_all(env.project.join("build")).expect("mkdir");
    std::fs::create_dir_all(env.project.join("keep")).expect("mkdir");
    let p = start(&env, shell, "");

    // A clear line runs at once.
    line(&p, "touch clear-ran && echo clear-done");
    p.wait_for("\nclear-done");
    assert!(exists(&env, "clear-ran"));

    // The danger set shows the card; "don't run" keeps the folder.
    line(&p, "rm -rf build");
    let screen = p.wait_for("waiting for your answer");
    assert!(screen.contains("[delete.recursive]"), "{shell}: {screen}");
    assert!(
        !screen.contains("[t] don't run, tell the agent why"),
        "{shell}: {screen}"
    );
    p.keys(&["n"]);
    p.wait_for("askrisky: not run: rm -rf build");
    wait_prompt(&p);

    // A history reference is checked as what it expands to.
    if shell != "fish" {
        line(&p, "!!");
        p.wait_for("waiting for your answer");
        p.keys(&["n"]);
        wait_count(&p, "askrisky: not run: rm -rf build", 2);
        wait_prompt(&p);
    }
    // Lines history keeps out (Debian's and Ubuntu's default bash sets
    // HISTCONTROL=ignoreboth: a leading space, a repeat) are checked whole
    // all the same; a pipe checked command by command would pass.
    if shell == "bash" {
        for typed in [
            " curl -s http://127.0.0.1:9/x | sh",
            "curl -s http://127.0.0.1:9/x | sh",
            "curl -s http://127.0.0.1:9/x | sh",
        ] {
            line(&p, typed);
            let screen = p.wait_for("waiting for your answer");
            assert!(screen.contains("[exec.pipe_to_shell]"), "{screen}");
            p.keys(&["n"]);
            wait_prompt(&p);
        }
    }
    // A zsh glob qualifier runs code the POSIX grammar does not show.
    if shell == "zsh" {
        line(&p, "ls *(e:'touch qual-ran':)");
        let screen = p.wait_for("waiting for your answer");
        assert!(screen.contains("[parse.dynamic_code]"), "{screen}");
        p.keys(&["n"]);
        wait_prompt(&p);
        assert!(!exists(&env, "qual-ran"), "the qualifier ran");
    }
    line(&p, "echo after-no");
    p.wait_for("\nafter-no");
    assert!(exists(&env, "build"), "{shell}: it ran");

    // The shell's own syntax: fish's `(…)` is a command substitution.
    let subst = if shell == "fish" {
        "echo (echo sub)-ok"
    } else {
        "echo $(echo sub)-ok"
    };
    line(&p, subst);
    p.wait_for("\nsub-ok");

    // A command over several lines runs once complete, checked whole.
    let (open, close) = if shell == "fish" {
        ("for i in 1 2", "end")
    } else {
        ("for i in 1 2; do", "done")
    };
    lines(&p, &[open, "echo multi-$i", close]);
    p.wait_for("\nmulti-2");
    std::fs::create_dir_all(env.project.join("build2")).expect("mkdir");
    let (open, close) = if shell == "fish" {
        ("if true", "end")
    } else {
        ("if true; then", "fi")
    };
    lines(&p, &[open, "rm -rf build2", close]);
    let screen = p.wait_for("waiting for your answer");
    assert!(screen.contains("rm -rf build2"), "{shell}: {screen}");
    p.keys(&["n"]);
    p.wait_for(&format!("askrisky: not run: {open}"));
    wait_prompt(&p);
    line(&p, "echo after-multi");
    p.wait_for("\nafter-multi");
    assert!(
        exists(&env, "build2"),
        "{shell}: the multi-line command ran"
    );

    // "Run once" runs it.
    line(&p, "rm -rf build && echo removed");
    p.wait_for("waiting for your answer");
    p.keys(&["r"]);
    p.wait_for("\nremoved");
    assert!(!exists(&env, "build"));

    // The blocked tier never runs, and no card is offered.
    line(&p, "rm -rf ~ && touch blocked-ran");
    p.wait_for("askrisky: refused:");
    line(&p, "echo after-blocked");
    p.wait_for("\nafter-blocked");
    assert!(
        !exists(&env, "blocked-ran") && env.home.exists(),
        "{shell}: blocked ran"
    );

    // cd and export change the shell itself (no subshell).
    let (set, show) = if shell == "fish" {
        (
            "set -gx GUARD_VAR 42; cd keep",
            "echo var=$GUARD_VAR dir=(basename $PWD)",
        )
    } else {
        (
            "export GUARD_VAR=42; cd keep",
            "echo var=$GUARD_VAR dir=${PWD##*/}",
        )
    };
    line(&p, set);
    line(&p, show);
    p.wait_for("var=42 dir=keep");

    // Exit status of a line that ran is as without the guard.
    let status = if shell == "fish" {
        "false; echo st=$status"
    } else {
        "false; echo st=$?"
    };
    line(&p, status);
    p.wait_for("st=1");

    // History keeps what was typed, refused lines too (fish as comments:
    // it records only lines it runs). The screen is cleared first, so what
    // shows comes from history.
    line(&p, "clear");
    // Cleared: the prompt is all there is (the one before `clear` ran
    // would pass a check of the last line alone).
    common::wait_until(
        || {
            let screen = p.screen(false);
            let mut shown = screen.lines().filter(|l| !l.trim().is_empty());
            (shown.next().map(str::trim_end) == Some("guard$") && shown.next().is_none())
                .then_some(())
        },
        || format!("{shell}: the screen was not cleared:\n{}", p.screen(false)),
    );
    let hist = if shell == "fish" {
        "history search --max 40 rm | cat"
    } else {
        "fc -l -30"
    };
    line(&p, hist);
    p.wait_for("rm -rf build && echo removed");
    // The whole list is out once the prompt is back.
    wait_prompt(&p);
    let screen = p.screen(false);
    assert!(screen.contains("rm -rf ~"), "{shell}: {screen}");
    assert!(screen.contains("rm -rf build2"), "{shell}: {screen}");
    if shell == "bash" {
        // ...and history still follows HISTCONTROL.
        assert_eq!(screen.matches("127.0.0.1:9/x").count(), 1, "{screen}");
    }

    // ASKRISKY_GUARD=off in the person's own shell turns it off.
    let off = if shell == "fish" {
        "set -gx ASKRISKY_GUARD off"
    } else {
        "export ASKRISKY_GUARD=off"
    };
    line(&p, off);
    std::fs::create_dir_all(env.project.join("keep/gone")).expect("mkdir");
    line(&p, "rm -rf gone && touch off-ran");
    wait_file(&env, "keep/off-ran");
}

#[test]
fn bash() {
    guarded_shell("bash");
}

#[test]
fn zsh() {
    guarded_shell("zsh");
}

#[test]
fn fish() {
    guarded_shell("fish");
}

#[test]
fn bash_with_no_history_size() {
    common::require!("tmux", "bash");
    // HISTSIZE=0 keeps nothing; lines are still checked whole, repeats too.
    let env = Env::new();
    let p = start(&env, "bash", "HISTSIZE=0");
    for _ in 0..2 {
        line(&p, "curl -s http://127.0.0.1:9/x | sh");
        let screen = p.wait_for("waiting for your answer");
        assert!(screen.contains("[exec.pipe_to_shell]"), "{screen}");
        p.keys(&["n"]);
        wait_prompt(&p);
    }
}

/// In a guarded bash, what the project file cannot set is said with the
/// first line typed there, not again with every line after it.
#[test]
fn a_project_files_warning_is_said_once_per_shell() {
    common::require!("tmux", "bash");
    let env = Env::new();
    env.project_file("host_permissions = \"skip\"\n");
    let p = start(&env, "bash", "");
    for n in 1..=3 {
        line(&p, &format!("echo line-{n}-ran"));
        p.wait_for(&format!("\nline-{n}-ran"));
        wait_prompt(&p);
    }
    let screen = p.screen(false);
    assert_eq!(
        screen.matches("`host_permissions` ignored").count(),
        1,
        "{screen}"
    );
}
