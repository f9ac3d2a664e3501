//! What only the person does, from their own terminal: answer at the inbox,
//! approve a refused request once, add goals, choose the session.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{CliError, ContextFlags, args::SessionCommand, say};
use crate::approve::{self, Answer, Card};
use crate::config::{Dirs, Overrides};
use crate::decide::{self, Options, Request, Setup, Surface};
use crate::exit;
use crate::parse::Syntax;
use crate::policy::Verdict;
use crate::session::store::{self, Entry, SessionRef};
use crate::token::{allow_once, session_approval};
use crate::tty::Tty;

/// The person's terminal, or the error that says this needs one.
fn terminal(what: &'static str) -> Result<Tty, CliError> {
    Tty::open().map_err(|why| CliError::NeedsTerminal { what, why })
}

fn state_dir() -> Result<PathBuf, CliError> {
    Dirs::from_env().state.ok_or(CliError::NoStateDir)
}

/// `askrisky inbox`.
pub(super) fn inbox(bell: bool, notify: bool) -> Result<u8, CliError> {
    crate::inbox::serve(&Dirs::from_env(), crate::inbox::Announce { bell, notify })?;
    Ok(0)
}

/// `askrisky approve CODE`: the person approves one refused request.
pub(super) fn approve(code: &str, overrides: &Overrides) -> Result<u8, CliError> {
    let setup = Setup::load(overrides, super::cwd()?);
    setup.warn_project(&crate::decide::WarnScope::Always);
    let state = setup.dirs.state.clone().ok_or(CliError::NoStateDir)?;
    let code = allow_once::normalise(code).ok_or_else(|| CliError::NotACode(code.to_owned()))?;
    let pending = allow_once::get(&state, &code)
        .ok_or_else(|| CliError::NoSuchCode(allow_once::show(&code)))?;
    let mut tty = terminal("approving needs your own terminal")?;
    // Decide again, as the retry will be decided: the blocked tier is never
    // approvable, and the card shows today's reasons.
    let request = Request::line(
        &pending.line,
        // The shell of the refused request is not recorded: the strictest
        // reading (the retry is decided again in its own).
        Syntax::Unknown,
        PathBuf::from(&pending.cwd),
        Surface::Approve,
    );
    let ruling = decide::decide(&setup, request, &Options::quiet());
    if ruling.verdict == Verdict::Refuse {
        eprintln!(
            "askrisky: cannot approve: {} (blocked tier)",
            ruling.explain()
        );
        return Ok(exit::REFUSED);
    }
    let from = format!(
        "{}{} · allow-once code {}",
        pending.surface,
        pending
            .session
            .as_deref()
            .map(|x| format!(" · session {x}"))
            .unwrap_or_default(),
        allow_once::show(&code)
    );
    let card = Card {
        command: &pending.line,
        cwd: &pending.cwd,
        explanation: None,
        decision: &ruling.evaluation.decision,
        offer_always: false,
        offer_tell: false,
        // A request of a session may be approved for the rest of it.
        offer_session: pending.session.is_some(),
        from: Some(&from),
        files: &ruling.evaluation.script.files,
    };
    let timeout = setup
        .settings
        .answer_timeout_s
        .map(std::time::Duration::from_secs);
    match approve::ask(&mut tty, &card, timeout).answer {
        Answer::NoAnswer(why) => {
            eprintln!("askrisky: not approved: {}", why.reason());
            Ok(exit::NEEDS_PERSON)
        }
        Answer::Run => {
            allow_once::approve(&state, &code, &ruling.shown()).map_err(CliError::Approval)?;
            eprintln!(
                "askrisky: approved once: the same command, folder and session may run within 10 minutes"
            );
            Ok(0)
        }
        Answer::ForSession => {
            let session = pending.session.as_deref().unwrap_or_default();
            ruling
                .approve_for_session(&setup, session)
                .map_err(CliError::Approval)?;
            allow_once::approve(&state, &code, &ruling.shown()).map_err(CliError::Approval)?;
            eprintln!(
                "askrisky: approved for session {}: the same command in the same folder runs for the rest of it (at most {} hours)",
                crate::escape::escape(session),
                session_approval::VALID_FOR.as_secs() / 3600
            );
            Ok(0)
        }
        Answer::Declined | Answer::Tell(_) | Answer::AlwaysAllow => {
            eprintln!("askrisky: not approved");
            Ok(exit::DECLINED)
        }
    }
}

/// `askrisky status`.
pub(super) fn status(overrides: &Overrides) -> Result<u8, CliError> {
    let setup = Setup::load(overrides, super::cwd()?);
    setup.warn_project(&crate::decide::WarnScope::Always);
    let mut out = std::io::stdout().lock();
    let inbox = match crate::inbox::status(&setup.dirs) {
        Ok(n) => format!("listening, {n} request(s) waiting"),
        Err(e) => e.to_string(),
    };
    say!(out, "inbox:  {inbox}")?;
    let mode = &setup.settings.mode;
    say!(out, "mode:   {} (from {})", mode.value, mode.source)?;
    if setup.settings.defers_clear_lines() {
        say!(
            out,
            "hooks:  lines not in the danger set are left to each agent's own approval rules (your config sets no mode; mode = \"ask\" asks about every line)"
        )?;
    }
    if let Some(src) = &setup.settings.no_prompt {
        say!(out, "prompt: never ({})", src.why_no_prompt())?;
    }
    Ok(0)
}

/// `askrisky goal TEXT`: the person adds a goal from their own terminal.
pub(super) fn goal(text: &str, context: &ContextFlags) -> Result<u8, CliError> {
    let state = state_dir()?;
    // Goals are the person's word: an agent without a terminal cannot add one.
    terminal("goals can only be added from your own terminal")?;
    let text = text.trim();
    if text.is_empty() {
        return Err(CliError::EmptyGoal);
    }
    let (r, created) = match &context.session {
        Some(id) => (SessionRef::parse(id)?, false),
        None => match store::current(&state)? {
            Some(r) => (r, false),
            None => (new_session(&state)?, true),
        },
    };
    store::append(
        &state,
        &r,
        &Entry::Goal {
            time: crate::util::now_rfc3339(),
            text: text.to_owned(),
            source: "terminal".into(),
        },
    )?;
    if created {
        eprintln!("askrisky: started session {}", r.display());
    }
    eprintln!("askrisky: goal added to session {}", r.display());
    Ok(0)
}

fn new_session(state: &Path) -> Result<SessionRef, CliError> {
    let r = SessionRef::new(store::CLI_AGENT, &store::new_id()?)?;
    store::set_current(state, &r)?;
    Ok(r)
}

/// `askrisky session new|list|show|use`.
pub(super) fn session(cmd: &SessionCommand, context: &ContextFlags) -> Result<u8, CliError> {
    let state = state_dir()?;
    let mut out = std::io::stdout().lock();
    match cmd {
        SessionCommand::New => {
            terminal("`session new` changes which goals count; run it from your own terminal")?;
            // The session that was current ends here, and its approvals
            // with it.
            if let Ok(Some(old)) = store::current(&state) {
                let n = session_approval::revoke(&state, &old.display());
                if n > 0 {
                    eprintln!(
                        "askrisky: ended {n} session approval(s) of {}",
                        old.display()
                    );
                }
            }
            let r = new_session(&state)?;
            say!(out, "{}", r.display())?;
        }
        SessionCommand::Use { id } => {
            terminal("`session use` changes which goals count; run it from your own terminal")?;
            let r = SessionRef::parse(id)?;
            store::set_current(&state, &r)?;
            say!(out, "{}", r.display())?;
        }
        SessionCommand::List => {
            let current = store::current(&state).ok().flatten();
            for (r, t) in store::list(&state) {
                let entries = store::read(&state, &r).unwrap_or_default();
                let goals = entries
                    .iter()
                    .filter(|x| matches!(x, Entry::Goal { .. }))
                    .count();
                let mark = if current.as_ref() == Some(&r) {
                    "*"
                } else {
                    " "
                };
                say!(
                    out,
                    "{mark} {:<40} {goals:>3} goals  last change {}",
                    r.display(),
                    crate::util::rfc3339(t)
                )?;
            }
        }
        SessionCommand::Show { id } => {
            let r = match id.as_deref().or(context.session.as_deref()) {
                Some(id) => SessionRef::parse(id)?,
                None => store::current(&state)?.ok_or(store::StoreError::NoCurrent)?,
            };
            say!(out, "session {}", r.display())?;
            for entry in store::read(&state, &r)? {
                let line = match entry {
                    Entry::Goal { time, text, source } => {
                        format!("{time}  goal ({source}): {text}")
                    }
                    Entry::Choice {
                        time,
                        question,
                        answer,
                    } => format!("{time}  choice: {question} -> {answer}"),
                    Entry::Activity {
                        time,
                        activity,
                        text,
                    } => format!("{time}  {} {text}", activity.label()),
                    Entry::Resume { time } => format!("{time}  resumed"),
                };
                say!(out, "{}", crate::escape::escape(&line))?;
            }
            let approved = session_approval::of_session(&state, &r.display());
            if !approved.is_empty() {
                say!(out, "approved for this session (until it ends):")?;
            }
            for a in approved {
                let rules = if a.codes.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", a.codes.join(", "))
                };
                say!(
                    out,
                    "  {}  {}  in {}{rules}  (until {})",
                    crate::util::rfc3339(
                        std::time::UNIX_EPOCH + std::time::Duration::from_secs(a.created)
                    ),
                    crate::escape::escape(&a.line),
                    crate::escape::escape(&a.cwd),
                    crate::util::rfc3339(
                        std::time::UNIX_EPOCH + std::time::Duration::from_secs(a.expires())
                    ),
                )?;
            }
        }
    }
    Ok(0)
}
