//! `askrisky exec`: decide, then run the command in askrisky's place, or
//! ask the person (the card on the terminal, else the inbox), or refuse.

use std::time::Duration;

use super::{CliError, ContextFlags, args::ExecArgs, args::Target};
use crate::approve::{self, Answer, Card};
use crate::config::Overrides;
use crate::decide::{self, End, Options, Request, Ruling, Setup, Subject, Surface, floor};
use crate::exit;
use crate::inbox::{self, InboxError, Reply};
use crate::log::{DecidedBy, Outcome};
use crate::parse::Syntax;
use crate::policy::Verdict;
use crate::tty::Tty;
use crate::util::millis;

/// The request `exec` and `check` decide on: `-c LINE` or `-- CMD ARGS…`.
/// A line is read as the shell that runs it reads it: the configured
/// `shell` (`exec -c` runs `SHELL -c LINE`), or the one `check --shell`
/// names.
pub(super) fn request(
    target: &Target,
    setup: &Setup,
    context: &ContextFlags,
    surface: Surface,
    shell: Option<&str>,
) -> Request {
    let cwd = setup.place.cwd.clone();
    let syntax = match shell {
        Some(s) => Syntax::from_name(s).unwrap_or_else(|| Syntax::of_path(std::path::Path::new(s))),
        None => Syntax::of_path(&setup.settings.shell),
    };
    let mut request = match &target.line {
        Some(line) => Request::line(line, syntax, cwd, surface),
        None => Request::argv(target.argv.clone(), cwd, surface),
    };
    request.session = context.session();
    request.transcript = context.transcript();
    request
}

pub(super) fn run(
    args: &ExecArgs,
    overrides: &Overrides,
    context: &ContextFlags,
    verbose: u8,
) -> Result<u8, CliError> {
    let target = &args.target;
    let setup = Setup::load(overrides, super::cwd()?);
    // A line askrisky's hook already decided, wrapped to run contained:
    // run it so, without deciding again. A token that does not verify is
    // worth nothing: the line is decided like any other.
    if let Some(token) = &args.contained
        && let Some(status) = prejudged(&setup, target, token, verbose)
    {
        return Ok(status);
    }
    setup.warn_project(&context.warn_scope(setup.dirs.state.as_deref()));
    let mut request = request(target, &setup, context, Surface::Exec, None);
    request.uncontained = args.uncontained;
    // Inside an approved command (see `token::nested`), only the blocked
    // tier and the danger set stop a child.
    request.nested_token = std::env::var(crate::token::nested::ENV).ok();
    // Fast paths need no watcher: until askrisky execs, a signal's default
    // action ends it without running anything. A review or a card installs
    // one, to put the terminal back and log the cancellation.
    let options = Options {
        status_line: setup.settings.no_prompt.is_none(),
        watch_signals: true,
        ..Options::quiet()
    };
    let mut ruling = decide::decide(&setup, request, &options);
    match ruling.verdict {
        Verdict::Run => Ok(run_it(
            &setup,
            &ruling,
            End::new(Outcome::Ran, ruling.by),
            verbose,
        )),
        Verdict::Refuse => {
            ruling.record(&setup, End::new(Outcome::Refused, DecidedBy::Rule));
            eprintln!(
                "askrisky: refused: {} (blocked: askrisky never runs this; if you truly mean it, run it yourself outside askrisky){}",
                ruling.explain(),
                ruling.safer_tail()
            );
            Ok(exit::REFUSED)
        }
        Verdict::Ask => Ok(ask(&setup, &mut ruling, verbose)),
    }
}

/// Records the run and replaces this process with the command, contained
/// unless a person approved it (see `decide::floor`). Returns only when
/// exec failed, with the status a shell would give; a floor that was due
/// and could not be set up runs nothing.
fn run_it(setup: &Setup, ruling: &Ruling, end: End, verbose: u8) -> u8 {
    let floor = match floor::floor(setup, &ruling.request.cwd, end.by) {
        Ok(f) => f,
        Err(e) => {
            ruling.record(
                setup,
                End::new(Outcome::NotRun, DecidedBy::Rule).message(Some(e.to_string())),
            );
            eprintln!(
                "askrisky: not run: {e}; it would have run uncontained [contain.unavailable] — a person's approval runs it as it is: askrisky exec --uncontained …"
            );
            return exit::NEEDS_PERSON;
        }
    };
    ruling.record(setup, end.contained(Some(floor.record())));
    if verbose > 0 {
        eprintln!("askrisky: run: {}", ruling.explain());
        eprintln!("{}", floor.note());
    }
    // Written before the floor goes up: the state folder is out of reach
    // after it.
    let env = ruling.command_env(setup);
    let prepared = floor.into_prepared();
    let err = match &ruling.request.subject {
        Subject::Argv(argv) => crate::exec::argv(argv, &env, prepared),
        Subject::Line(_) | Subject::FileWrite { .. } => {
            crate::exec::line(&setup.settings.shell, &ruling.request.line, &env, prepared)
        }
    };
    eprintln!("{}", err.message);
    err.status
}

/// Runs a line the hook decided (see `token::contained`), contained; `None`
/// when the token is not askrisky's for exactly this argv in this folder.
fn prejudged(setup: &Setup, target: &Target, token: &str, verbose: u8) -> Option<u8> {
    let state = setup.dirs.state.as_deref()?;
    let argv: Vec<String> = target
        .argv
        .iter()
        .map(|a| a.to_str().map(str::to_owned))
        .collect::<Option<_>>()?;
    let cwd = setup.place.cwd.display().to_string();
    if target.line.is_some() || !crate::token::contained::take(state, token, &argv, &cwd) {
        eprintln!("askrisky: the hook's token does not hold for this command; deciding it anew");
        return None;
    }
    // The hook decided and logged it; the floor is due (no person approved).
    let floor = match floor::floor(setup, &setup.place.cwd, DecidedBy::Mode) {
        Ok(f) => f,
        Err(e) => {
            eprintln!(
                "askrisky: not run: {e}; it would have run uncontained [contain.unavailable]"
            );
            return Some(exit::NEEDS_PERSON);
        }
    };
    if verbose > 0 {
        eprintln!("{}", floor.note());
    }
    let env = [(decide::VETTED_ENV, "1".to_owned())];
    let argv: Vec<std::ffi::OsString> = target.argv.clone();
    let err = crate::exec::argv(&argv, &env, floor.into_prepared());
    eprintln!("{}", err.message);
    Some(err.status)
}

/// Why no person can answer here, or the terminal to ask on.
fn person(setup: &Setup) -> Result<Tty, String> {
    if let Some(source) = &setup.settings.no_prompt {
        return Err(source.why_no_prompt());
    }
    Tty::open().map_err(|e| e.to_string())
}

fn ask(setup: &Setup, ruling: &mut Ruling, verbose: u8) -> u8 {
    match person(setup) {
        Ok(tty) => card(setup, ruling, tty, verbose),
        Err(why) => nobody_here(setup, ruling, &why, verbose),
    }
}

/// No terminal: the person may be at an inbox in another pane. Anything but
/// an explicit "run" from there does not run.
fn nobody_here(setup: &Setup, ruling: &mut Ruling, why: &str, verbose: u8) -> u8 {
    let inbox = if setup.settings.no_prompt.is_none() {
        ruling.watch_signals(setup);
        let question = inbox::Question {
            v: 1,
            command: ruling.request.line.clone(),
            cwd: ruling.request.cwd.display().to_string(),
            explanation: ruling.request.explanation.clone(),
            decision: ruling.evaluation.decision.clone(),
            surface: ruling.request.surface.name(),
            session: ruling.session.clone(),
            nonce: String::new(),
            files: ruling.evaluation.script.files.clone(),
        };
        let wait = Duration::from_secs(setup.settings.approval_wait_s);
        let asked = std::time::Instant::now();
        Some((inbox::ask(&setup.dirs, &question, wait), asked.elapsed()))
    } else {
        None
    };
    // The person's answer time at the inbox: from the question sent to the
    // answer back, as the command waited for it.
    let took = inbox.as_ref().map_or(0, |(_, t)| millis(*t));
    let inbox = inbox.map(|(reply, _)| reply);
    let person = |outcome| End::new(outcome, DecidedBy::Person).answered_in(took);
    match inbox {
        Some(Ok(Reply::Run)) => return run_it(setup, ruling, person(Outcome::Ran), verbose),
        Some(Ok(Reply::RunForSession)) => {
            let note = approve_for_session(setup, ruling, "at the inbox");
            return run_it(
                setup,
                ruling,
                person(Outcome::Ran).message(Some(note)),
                verbose,
            );
        }
        Some(Ok(Reply::Tell { message })) => {
            ruling.record(
                setup,
                person(Outcome::Declined).message(Some(message.clone())),
            );
            eprintln!("askrisky: not run: the person declined and says: {message}");
            return exit::DECLINED;
        }
        Some(Ok(Reply::DontRun | Reply::Status { .. })) => {
            ruling.record(setup, person(Outcome::Declined));
            eprintln!("askrisky: not run: the person declined");
            return exit::DECLINED;
        }
        Some(Err(_)) | None => {}
    }
    let why = match inbox {
        Some(Err(InboxError::NotListening | InboxError::NoDir)) | Some(Ok(_)) | None => {
            why.to_owned()
        }
        Some(Err(e)) => format!("{why}; {e}"),
    };
    ruling.record(setup, End::new(Outcome::NotRun, DecidedBy::Strict));
    let code = ruling
        .allow_once_code(setup)
        .map(|c| format!(" — to allow it once, run in your own terminal: askrisky approve {c}"))
        .unwrap_or_default();
    eprintln!(
        "askrisky: not run: {} (needs a person's approval, and none could answer: {why}){code}{}",
        ruling.explain(),
        ruling.safer_tail()
    );
    exit::NEEDS_PERSON
}

/// The card on the person's terminal.
fn card(setup: &Setup, ruling: &mut Ruling, mut tty: Tty, verbose: u8) -> u8 {
    ruling.watch_signals(setup);
    let request = &ruling.request;
    let offer_always = ruling.evaluation.assessment.tier == crate::danger::Tier::Clear
        && matches!(request.subject, Subject::Line(_));
    // Only a request of a session can be approved for the rest of it.
    let offer_session = ruling.session.is_some()
        && ruling.evaluation.assessment.tier != crate::danger::Tier::Blocked
        && !matches!(request.subject, Subject::FileWrite { .. });
    let cwd = request.cwd.display().to_string();
    let card = Card {
        command: &request.line,
        cwd: &cwd,
        explanation: request.explanation.as_deref(),
        decision: &ruling.evaluation.decision,
        offer_always,
        offer_tell: true,
        offer_session,
        from: None,
        files: &ruling.evaluation.script.files,
    };
    let timeout = setup.settings.answer_timeout_s.map(Duration::from_secs);
    let asked = approve::ask(&mut tty, &card, timeout);
    drop(tty);
    let person = |outcome| End::new(outcome, DecidedBy::Person).answered_in(millis(asked.took));
    match asked.answer {
        Answer::Run => run_it(setup, ruling, person(Outcome::Ran), verbose),
        Answer::AlwaysAllow => {
            if let Some(path) = setup.dirs.user_file() {
                let note = format!(
                    "added {} by askrisky from the approval card (folder {cwd})",
                    crate::util::now_rfc3339(),
                );
                if let Err(e) = crate::config::add_allow_line(&path, &ruling.request.line, &note) {
                    eprintln!("askrisky: could not save the allow rule: {e}");
                }
            }
            run_it(setup, ruling, person(Outcome::Ran), verbose)
        }
        Answer::ForSession => {
            let note = approve_for_session(setup, ruling, "on the card");
            run_it(
                setup,
                ruling,
                person(Outcome::Ran).message(Some(note)),
                verbose,
            )
        }
        Answer::NoAnswer(why) => {
            ruling.record(setup, person(Outcome::NotRun));
            eprintln!("askrisky: not run: {}", why.reason());
            exit::NEEDS_PERSON
        }
        Answer::Tell(m) => {
            ruling.record(setup, person(Outcome::Declined).message(Some(m.clone())));
            eprintln!("askrisky: not run: the person declined and says: {m}");
            exit::DECLINED
        }
        Answer::Declined => {
            ruling.record(setup, person(Outcome::Declined));
            eprintln!("askrisky: not run: the person declined");
            exit::DECLINED
        }
    }
}

/// Records the person's approval of this request for the rest of its
/// session (given `where`); the note for the log. The command runs this
/// once either way: the person said so.
fn approve_for_session(setup: &Setup, ruling: &Ruling, r#where: &str) -> String {
    let Some(session) = ruling.session.clone() else {
        return format!("approved {where} once (the request belongs to no session)");
    };
    match ruling.approve_for_session(setup, &session) {
        Ok(()) => format!("approved {where} for the rest of session {session}"),
        Err(e) => {
            eprintln!("askrisky: could not save the session approval (ran once): {e}");
            format!("approved {where} once (the session approval could not be saved)")
        }
    }
}
