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

/// `askrisky guard -c LINE`: a line the person typed at their own shell.
/// It is their explicit request, so the reviewer is not asked and nothing
/// outside the danger set waits: the blocked tier is refused, the danger
/// set gets the card. Only decisions that stop or ask are logged.
/// `silent` only says which it would be, for a shell that must prepare the
/// terminal before anything is written to it.
pub(super) fn run(
    line: &str,
    syntax: Syntax,
    silent: bool,
    overrides: &Overrides,
) -> Result<u8, CliError> {
    let setup = Setup::load(overrides, super::cwd()?);
    // Once per shell, and only where something is shown: `--silent` shows
    // nothing, so it must not use up the one time.
    if !silent {
        setup.warn_project(&decide::WarnScope::parent_process());
    }
    let request = Request::line(line, syntax, setup.place.cwd.clone(), Surface::Shell);
    let ruling = decide::decide(&setup, request, &Options::quiet());
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
