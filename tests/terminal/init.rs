//! `askrisky init bash|zsh|fish`: a real interactive shell in tmux with the
//! snippet loaded, driven by keystrokes.

use crate::common;

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

/// A cleared screen and a fresh prompt: what shows next is new.
fn fresh(p: &Pane) {
    line(p, "clear");
    wait_prompt(p);
}

/// Types `text` on a cleared screen, waits until its card reads keys and
/// answers `key`; returns the card.
#[track_caller]
fn card(p: &Pane, text: &str, key: &str) -> String {
    fresh(p);
    line(p, text);
    let screen = p.wait_card();
    p.keys(&[key]);
    wait_prompt(p);
    screen
}

/// Types `text`, which must show no card: its output, `done`, shows.
#[track_caller]
fn runs_without_card(p: &Pane, text: &str, done: &str) -> String {
    fresh(p);
    line(p, text);
    let screen = p.wait_for(done);
    assert!(!screen.contains("waiting for your answer"), "{screen}");
    screen
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

    // A line that did not run, refused or declined, leaves the status of
    // the last line that ran.
    let show = if shell == "fish" {
        "echo status=$status"
    } else {
        "echo status=$?"
    };
    for (not_run, key) in [
        ("rm -rf ~ && touch blocked-ran", None),
        ("rm -rf status-kept", Some("n")),
    ] {
        fresh(&p);
        line(&p, "false");
        wait_prompt(&p);
        line(&p, not_run);
        match key {
            Some(k) => {
                p.wait_card();
                p.keys(&[k]);
            }
            None => {
                p.wait_for("askrisky: refused:");
            }
        }
        wait_prompt(&p);
        line(&p, show);
        let screen = p.wait_for("\nstatus=");
        assert!(screen.contains("status=1"), "{shell}: {not_run}: {screen}");
    }

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

    // ASKRISKY_GUARD=off in the person's own shell turns it off, once
    // they say so: anything that types into the shell could type it.
    let off = if shell == "fish" {
        "set -gx ASKRISKY_GUARD off"
    } else {
        "export ASKRISKY_GUARD=off"
    };
    fresh(&p);
    line(&p, off);
    let screen = p.wait_card();
    assert!(screen.contains("[guard.switched_off]"), "{shell}: {screen}");
    p.keys(&["r"]);
    wait_prompt(&p);
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

/// A line the guard refused is still in history; re-running it from
/// there (`fc -s`, `fc -e -`, zsh's `r`) asks first.
fn history_rerun(shell: &str, reruns: &[&str]) {
    common::require!("tmux", shell);
    let env = Env::new();
    std::fs::create_dir_all(env.project.join("build")).expect("mkdir");
    let p = start(&env, shell, "");
    card(&p, "rm -rf build", "n");
    for rerun in reruns {
        let screen = card(&p, rerun, "n");
        assert!(
            screen.contains("[guard.rerun]"),
            "{shell}: {rerun}: {screen}"
        );
        assert!(
            exists(&env, "build"),
            "{shell}: {rerun} ran the refused line"
        );
    }
}

#[test]
fn bash_history_rerun_asks() {
    history_rerun("bash", &["fc -s", "fc -e - rm", "fc -s build=build"]);
}

#[test]
fn zsh_history_rerun_asks() {
    history_rerun("zsh", &["r", "fc -e -", "r rm"]);
}

/// The guard's own hooks in bash: switching them off from a line asks
/// first; found off all the same (a sourced script did it, unseen), they
/// are put back and the line that came meanwhile does not run.
#[test]
fn bash_guard_cannot_be_switched_off_unnoticed() {
    common::require!("tmux", "bash");
    let env = Env::new();
    std::fs::create_dir_all(env.project.join("build")).expect("mkdir");
    let p = start(&env, "bash", "");

    // Without extdebug a refused line would print "not run" and run: the
    // line asks, and once it ran the next prompt puts extdebug back.
    let screen = card(&p, "shopt -u extdebug", "r");
    assert!(screen.contains("[guard.switched_off]"), "{screen}");
    p.wait_for("the guard was switched off in this shell (extdebug");
    card(&p, "rm -rf build; touch ran-after-extdebug", "n");
    assert!(exists(&env, "build") && !exists(&env, "ran-after-extdebug"));

    let screen = card(&p, "trap - DEBUG", "r");
    assert!(screen.contains("[guard.switched_off]"), "{screen}");
    p.wait_for("the guard was switched off in this shell (the DEBUG trap)");
    card(&p, "rm -rf build; touch ran-after-trap", "n");
    assert!(exists(&env, "build") && !exists(&env, "ran-after-trap"));

    for typed in [
        "set +T",
        "__askrisky_bin=/bin/true",
        "unset -f __askrisky_preexec",
    ] {
        let screen = card(&p, typed, "n");
        assert!(screen.contains("[guard."), "{typed}: {screen}");
    }

    // A script takes the trap, extdebug and the prompt hook away: Enter
    // finds them gone, puts them back, and the line does not run.
    std::fs::write(
        env.project.join("off1.sh"),
        "trap - DEBUG\nshopt -u extdebug\nPROMPT_COMMAND=\n",
    )
    .expect("write");
    fresh(&p);
    line(&p, "source off1.sh");
    wait_prompt(&p);
    line(&p, "touch ran-off1");
    p.wait_for("askrisky: not run: this line came while the guard was off");
    wait_prompt(&p);
    assert!(!exists(&env, "ran-off1"), "ran while the guard was off");

    // Enter rebound too: the trap finds extdebug off before the line, puts
    // it back (so its refusal stops the line), and the line does not run.
    std::fs::write(
        env.project.join("off2.sh"),
        "shopt -u extdebug\nbind '\"\\C-m\": accept-line'\nPROMPT_COMMAND=\n",
    )
    .expect("write");
    fresh(&p);
    line(&p, "source off2.sh");
    wait_prompt(&p);
    line(&p, "touch ran-off2");
    p.wait_for("askrisky: not run: this line came while the guard was off");
    wait_prompt(&p);
    assert!(!exists(&env, "ran-off2"), "ran while the guard was off");

    // Whole again: the next line is checked.
    let screen = card(&p, "rm -rf build", "n");
    assert!(screen.contains("[delete.recursive]"), "{screen}");
    assert!(exists(&env, "build"));
}

/// Code bound to a key or a completion runs while a line is typed, where
/// the guard does not check: setting it up asks first.
#[test]
fn bash_unchecked_code_asks() {
    common::require!("tmux", "bash");
    let env = Env::new();
    let p = start(&env, "bash", "");
    let screen = card(&p, r#"bind -x '"\C-t": touch bound-ran'"#, "n");
    assert!(screen.contains("[guard.unchecked_code]"), "{screen}");
    p.keys(&["C-t"]);
    let screen = card(&p, "complete -C 'touch completion-ran' xx", "n");
    assert!(screen.contains("[guard.unchecked_code]"), "{screen}");
    p.text("xx ");
    p.keys(&["Tab", "Tab", "C-u"]);
    line(&p, "echo typed-on");
    p.wait_for("\ntyped-on");
    assert!(!exists(&env, "bound-ran") && !exists(&env, "completion-ran"));
}

/// zsh: replacing the widget that runs a line asks first; a line that
/// reaches the shell past the widgets all the same (a sourced script
/// replaced them, or a key zsh binds to its own accept widgets) is not
/// run, and the widgets go back.
#[test]
fn zsh_guard_cannot_be_switched_off_unnoticed() {
    common::require!("tmux", "zsh");
    let env = Env::new();
    std::fs::create_dir_all(env.project.join("build")).expect("mkdir");
    let p = start(&env, "zsh", "");

    for typed in [
        "zle -A .accept-line accept-line",
        "bindkey '^M' .accept-line",
        "preexec_functions=()",
        "trap - DEBUG",
    ] {
        let screen = card(&p, typed, "n");
        assert!(screen.contains("[guard.switched_off]"), "{typed}: {screen}");
    }

    // Escape-a (accept-and-hold) runs a line too: it is checked.
    fresh(&p);
    p.text("rm -rf build");
    p.keys(&["Escape", "a"]);
    p.wait_card();
    p.keys(&["n"]);
    wait_prompt(&p);
    assert!(exists(&env, "build"), "accept-and-hold ran it unchecked");

    std::fs::write(
        env.project.join("off.zsh"),
        "zle -A .accept-line accept-line\n",
    )
    .expect("write");
    fresh(&p);
    line(&p, "source off.zsh");
    wait_prompt(&p);
    line(&p, "touch ran-off");
    p.wait_for("askrisky: not run: this line reached the shell without the guard's check");
    wait_prompt(&p);
    assert!(!exists(&env, "ran-off"), "ran past the guard");

    // The preexec hook gone too: put back before the next line.
    std::fs::write(
        env.project.join("off2.zsh"),
        "zle -A .accept-line accept-line\npreexec_functions=()\n",
    )
    .expect("write");
    fresh(&p);
    line(&p, "source off2.zsh");
    p.wait_for("the guard was switched off in this shell (the preexec hook)");
    wait_prompt(&p);
    line(&p, "touch ran-off2");
    p.wait_for("askrisky: not run: this line reached the shell without the guard's check");
    wait_prompt(&p);
    assert!(!exists(&env, "ran-off2"), "ran past the guard");

    let screen = card(&p, "rm -rf build", "n");
    assert!(screen.contains("[delete.recursive]"), "{screen}");
    assert!(exists(&env, "build"));
}

/// fish: rebinding Enter or erasing the guard's function asks first; a
/// rebinding done unseen (a sourced script) is undone before the next
/// line, and said.
#[test]
fn fish_guard_cannot_be_switched_off_unnoticed() {
    common::require!("tmux", "fish");
    let env = Env::new();
    std::fs::create_dir_all(env.project.join("build")).expect("mkdir");
    let p = start(&env, "fish", "");

    let screen = card(&p, "functions -e __askrisky_execute", "n");
    assert!(screen.contains("[guard.internals]"), "{screen}");
    let screen = card(&p, r"bind \ct 'touch bound-ran'", "n");
    assert!(screen.contains("[guard.unchecked_code]"), "{screen}");
    p.keys(&["C-t"]);

    let screen = card(&p, r"bind \r execute", "r");
    assert!(screen.contains("[guard.switched_off]"), "{screen}");
    p.wait_for("the guard was switched off in this shell (Enter no longer ran its check)");
    card(&p, "rm -rf build", "n");
    assert!(exists(&env, "build"));

    std::fs::write(
        env.project.join("off.fish"),
        "bind \\r execute\nbind \\n execute\nbind -M insert \\r execute\n",
    )
    .expect("write");
    fresh(&p);
    line(&p, "source off.fish");
    p.wait_for("the guard was switched off in this shell (Enter no longer ran its check)");
    wait_prompt(&p);
    let screen = card(&p, "rm -rf build", "n");
    assert!(screen.contains("[delete.recursive]"), "{screen}");
    assert!(exists(&env, "build") && !exists(&env, "bound-ran"));

    // fish cannot stop a line from its preexec event: with the prompt
    // event erased as well, a line gets past, and fish says so plainly.
    std::fs::write(
        env.project.join("off2.fish"),
        "functions -e __askrisky_say\nbind \\r execute\n",
    )
    .expect("write");
    fresh(&p);
    line(&p, "source off2.fish");
    wait_prompt(&p);
    line(&p, "touch ran-unchecked");
    p.wait_for("fish runs it unchecked; the guard is back on for the next line");
    wait_file(&env, "ran-unchecked");
    wait_prompt(&p);
    let screen = card(&p, "rm -rf build", "n");
    assert!(screen.contains("[delete.recursive]"), "{screen}");
    assert!(exists(&env, "build"));
}

/// The person's own askrisky commands typed at their guarded shell: those
/// that only show or ask them run without a card; those that loosen
/// askrisky still ask, with advice for this terminal.
fn own_askrisky_commands(shell: &str) {
    common::require!("tmux", shell);
    let env = Env::new();
    let p = start(&env, shell, "");
    runs_without_card(
        &p,
        &format!("'{BIN}' goal 'tidy the build folder'"),
        "goal added to session",
    );
    runs_without_card(&p, &format!("'{BIN}' status"), "mode:");
    let screen = card(&p, &format!("'{BIN}' uninstall codex"), "n");
    assert!(screen.contains("[guard.askrisky]"), "{shell}: {screen}");
    assert!(!screen.contains("[askrisky.self]"), "{shell}: {screen}");
}

#[test]
fn bash_own_askrisky_commands() {
    own_askrisky_commands("bash");
}

#[test]
fn zsh_own_askrisky_commands() {
    own_askrisky_commands("zsh");
}

#[test]
fn fish_own_askrisky_commands() {
    own_askrisky_commands("fish");
}

/// `askrisky exec …` typed at the guarded shell asks once, on exec's own
/// card: the guard lets the line through to exec, which decides.
fn exec_asks_once(shell: &str) {
    common::require!("tmux", shell);
    let env = Env::new();
    std::fs::create_dir_all(env.project.join("build")).expect("mkdir");
    let p = start(&env, shell, "");
    fresh(&p);
    line(&p, &format!("'{BIN}' exec -c 'rm -rf build'"));
    p.wait_card();
    p.keys(&["r"]);
    common::wait_until(
        || (!exists(&env, "build")).then_some(()),
        || format!("{shell}: build is still there:\n{}", p.screen(false)),
    );
    wait_prompt(&p);
    let screen = p.screen(false);
    assert!(
        !screen.contains("waiting for your answer"),
        "{shell}: {screen}"
    );
}

#[test]
fn bash_exec_asks_once() {
    exec_asks_once("bash");
}

#[test]
fn zsh_exec_asks_once() {
    exec_asks_once("zsh");
}

#[test]
fn fish_exec_asks_once() {
    exec_asks_once("fish");
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
