//! The guarded shell: `askrisky init SHELL` prints the snippet, and the
//! snippet runs `askrisky guard -c LINE` before each line typed.

use std::io::Write;
use std::time::Duration;

use super::{CliError, args::InitShell};
use crate::approve::{self, Answer, Card};
use crate::config::Overrides;
use crate::decide::{self, End, Options, Request, Setup, Surface};
use crate::exit;
use crate::log::{DecidedBy, Outcome};
use crate::parse::Syntax;
use crate::policy::Verdict;
use crate::tty::Tty;
use crate::util::millis;

/// The syntax the snippet said the line is in.
pub(super) fn syntax(fish: bool, zsh: bool) -> Syntax {
    match (fish, zsh) {
        (true, _) => Syntax::Fish,
        (_, true) => Syntax::Zsh,
        _ => Syntax::Bash,
    }
}

/// How the snippet wants a line checked.
#[derive(Clone, Copy, Debug)]
pub(super) struct How {
    /// Only say which it would be (exit status), for a shell that must
    /// prepare the terminal before anything is written to it.
    pub silent: bool,
    /// The line as Enter was pressed, before the shell read it: one that
    /// does not parse yet is left to the shell ([`exit::UNFINISHED`]).
    pub enter: bool,
}

/// `askrisky guard -c LINE`: a line the person typed at their own shell.
/// It is their explicit request, so the reviewer is not asked and nothing
/// outside the danger set waits: the blocked tier is refused, the danger
/// set gets the card. Only decisions that stop or ask are logged.
pub(super) fn run(
    line: &str,
    syntax: Syntax,
    how: How,
    overrides: &Overrides,
) -> Result<u8, CliError> {
    let silent = how.silent;
    let cwd = super::cwd()?;
    // `askrisky exec …` decides, and asks, itself: judged here too, it
    // would ask twice.
    if hands_to_exec(line, syntax, &cwd) {
        return Ok(exit::RUN);
    }
    let setup = Setup::load(overrides, cwd);
    // Once per shell. `--silent` prints nothing but this on stderr, which
    // the snippets that show it leave on the terminal (bash's Enter);
    // where stderr is dropped (the others' quick pass), it must not use up
    // the one time.
    if !silent || how.enter {
        setup.warn_project(&decide::WarnScope::parent_process());
    }
    let request = Request::line(line, syntax, setup.place.cwd.clone(), Surface::Shell);
    let ruling = decide::decide(&setup, request, &Options::quiet());
    // bash's Enter sees a line before bash has read it: `for f in *; do`
    // waits for more, and a syntax error runs nothing. Either is checked
    // whole, before it runs, by the snippet's trap.
    let unfinished = ruling
        .evaluation
        .script
        .problems
        .iter()
        .any(|p| matches!(p, crate::parse::Problem::Unparseable { .. }));
    if how.enter && unfinished {
        return Ok(exit::UNFINISHED);
    }
    if silent {
        return Ok(match ruling.verdict {
            Verdict::Run => exit::RUN,
            Verdict::Refuse => exit::REFUSED,
            Verdict::Ask => exit::NEEDS_PERSON,
        });
    }
    match ruling.verdict {
        Verdict::Run => Ok(exit::RUN),
        Verdict::Refuse => {
            ruling.record(&setup, End::new(Outcome::Refused, DecidedBy::Rule));
            eprintln!(
                "askrisky: refused: {} (blocked tier: askrisky never runs this; to run it anyway, turn the guard off for this shell with ASKRISKY_GUARD=off){}",
                ruling.explain(),
                ruling.safer_tail()
            );
            Ok(exit::REFUSED)
        }
        Verdict::Ask => {
            let mut tty = match Tty::open() {
                Ok(t) => t,
                Err(e) => {
                    ruling.record(&setup, End::new(Outcome::NotRun, DecidedBy::Strict));
                    eprintln!(
                        "askrisky: not run: {} (no terminal to ask on: {e}){}",
                        ruling.explain(),
                        ruling.safer_tail()
                    );
                    return Ok(exit::NEEDS_PERSON);
                }
            };
            let cwd = ruling.request.cwd.display().to_string();
            let card = Card {
                command: &ruling.request.line,
                cwd: &cwd,
                explanation: None,
                decision: &ruling.evaluation.decision,
                offer_always: false,
                offer_tell: false,
                offer_session: false,
                from: None,
                files: &ruling.evaluation.script.files,
            };
            let timeout = setup.settings.answer_timeout_s.map(Duration::from_secs);
            let asked = if syntax == Syntax::Fish {
                approve::ask_and_vanish(&mut tty, &card, timeout)
            } else {
                approve::ask(&mut tty, &card, timeout)
            };
            let (outcome, status) = match asked.answer {
                Answer::Run | Answer::AlwaysAllow | Answer::ForSession => (Outcome::Ran, exit::RUN),
                Answer::NoAnswer(_) => (Outcome::NotRun, exit::NEEDS_PERSON),
                Answer::Declined | Answer::Tell(_) => (Outcome::Declined, exit::DECLINED),
            };
            if syntax == Syntax::Fish && status != exit::RUN {
                // fish redraws its prompt over what is below it; its
                // snippet shows this once the prompt is back.
                eprintln!("{}", approve::summary(&ruling.request.line, &asked.answer));
            }
            ruling.record(
                &setup,
                End::new(outcome, DecidedBy::Person).answered_in(millis(asked.took)),
            );
            Ok(status)
        }
    }
}

/// Whether a typed line is only `askrisky exec …`, to be decided by exec
/// alone: exec judges the command it is given at least as strictly as the
/// guard would (the blocked tier refused, the danger set on its card, the
/// rest by the configured mode), on this same terminal. Only a line that
/// is that one command and nothing the shell runs first — no assignment,
/// redirection, pipe, background, substitution, other command or word
/// known only at run time — with no other session or transcript named
/// (`guard.askrisky` asks for those), and whose `askrisky` is this very
/// program as the shell finds it on PATH or at the path written. (A
/// function, alias or `hash` entry named `askrisky` is typed only past
/// `guard.switched_off`.)
fn hands_to_exec(line: &str, syntax: Syntax, cwd: &std::path::Path) -> bool {
    use crate::parse::{Origin, SimpleCommand};
    let script = crate::parse::parse_as(line, syntax);
    if !script.problems.is_empty() {
        return false;
    }
    let mut outer = script
        .commands
        .iter()
        .filter(|c| c.depth == 0 && c.origin == Origin::Line);
    let (Some(exec), None) = (outer.next(), outer.next()) else {
        return false;
    };
    // Everything else on the line is what exec is given to run.
    // (By the name it was typed as: this binary may be installed under
    // another; that it is this binary is checked below.)
    let exec_name = exec.name();
    let given_to_exec = |c: &SimpleCommand| {
        c.depth > 0
            || (c.origin == Origin::Wrapper
                && c.via.first().map(String::as_str) == exec_name.as_deref())
    };
    let others_inside = script
        .commands
        .iter()
        .filter(|c| !std::ptr::eq(*c, exec))
        .all(given_to_exec);
    let names_session = exec
        .args()
        .iter()
        .any(|w| w.value.starts_with("--session") || w.value.starts_with("--transcript"));
    others_inside
        && !names_session
        && exec.assignments.is_empty()
        && exec.redirects.is_empty()
        && !exec.piped
        && !exec.background
        && exec.argv.iter().all(|w| w.literal)
        && exec.argv.get(1).is_some_and(|w| w.value == "exec")
        && exec
            .argv
            .first()
            .is_some_and(|w| is_this_program(&w.value, cwd))
}

/// Whether `program`, as the shell would find it (a path as written,
/// else the first executable of that name on PATH), is this binary.
fn is_this_program(program: &str, cwd: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let found = if program.contains('/') {
        Some(cwd.join(program))
    } else {
        std::env::var_os("PATH").and_then(|path| {
            std::env::split_paths(&path)
                .filter(|d| !d.as_os_str().is_empty())
                .map(|d| cwd.join(d).join(program))
                .find(|p| {
                    std::fs::metadata(p)
                        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
                })
        })
    };
    let me = super::self_path().ok();
    found
        .and_then(|p| std::fs::canonicalize(p).ok())
        .is_some_and(|p| Some(p) == me)
}

/// The shell snippets, with this binary's path.
pub(super) fn init(shell: InitShell) -> Result<u8, CliError> {
    let snippet = match shell {
        InitShell::Bash => include_str!("../../shell/askrisky.bash"),
        InitShell::Zsh => include_str!("../../shell/askrisky.zsh"),
        InitShell::Fish => include_str!("../../shell/askrisky.fish"),
    };
    let bin = super::self_path()?;
    let quoted = crate::parse::shell_quote(&[bin.display().to_string()]);
    let mut out = std::io::stdout().lock();
    write!(out, "{}", snippet.replace("@ASKRISKY_BIN@", &quoted)).map_err(CliError::Output)?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only a line that is exactly this askrisky's `exec` goes to exec
    /// unjudged: anything the shell would run around it is the guard's.
    #[test]
    fn only_a_plain_exec_of_this_askrisky_is_handed_over() {
        let me = super::super::self_path().unwrap_or_else(|e| panic!("{e}"));
        let me = crate::parse::shell_quote(&[me.display().to_string()]);
        let cwd = std::env::temp_dir();
        let handed = |line: &str| hands_to_exec(&line.replace("ME", &me), Syntax::Bash, &cwd);
        assert!(handed("ME exec -c 'rm -rf build'"));
        assert!(handed("ME exec -- rm -rf build"));
        assert!(handed("ME exec -c 'sudo rm -rf /' "));
        for line in [
            "ME exec -c 'rm -rf build' > ~/.bashrc",
            "ME exec -c ls | sh",
            "ME exec -c ls &",
            "ME exec -c ls; rm -rf build",
            "ME exec -c \"$(rm -rf build)\"",
            "ME exec -c \"$CMD\"",
            "HOME=/tmp/h ME exec -c ls",
            "ME --session other exec -c ls",
            "ME check -c 'rm -rf build'",
            "/bin/true exec -c 'rm -rf build'",
            "askrisky-not-here exec -c 'rm -rf build'",
            "if true; then ME exec -c ls; fi",
        ] {
            assert!(!handed(line), "{line}");
        }
    }
}
