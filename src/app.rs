//! The CLI surfaces: `exec`, `check`, `rules`, `log`, `generate`.
//!
//! Each surface builds a [`Request`], runs the [`engine`], and acts on the
//! decision. Nothing here decides: it only gathers inputs (config, terminal,
//! reviewer) and carries out what the policy returned.

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use crate::approve::{self, Answer, Card};
use crate::cli::{CheckArgs, Cli, Command, LogArgs, RulesArgs, Target};
use crate::config::{self, Dirs, Overrides, Settings};
use crate::danger::{self, Context, Tier, rules::RULES};
use crate::engine::{self, Evaluation};
use crate::exit;
use crate::log::{self, DecidedBy, Outcome, Record};
use crate::policy::{Reason, Review, Verdict};
use crate::request::{Request, Surface, Syntax, shell_quote};
use crate::review;
use crate::session::store::{self, SessionRef};
use crate::session::{ContextError, Session, TranscriptSource};
use crate::tty::Tty;

/// Errors that stop askrisky before it can decide. None of them runs the
/// command.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The working folder is gone or unreadable.
    #[error("cannot read the current folder: {0}")]
    Cwd(std::io::Error),
    /// Writing output failed.
    #[error("cannot write output: {0}")]
    Output(std::io::Error),
    /// Reading the log failed.
    #[error("cannot read the log {0}: {1}")]
    Log(PathBuf, std::io::Error),
    /// No state folder (neither `XDG_STATE_HOME` nor `HOME` is set).
    #[error("no state folder: set HOME or XDG_STATE_HOME")]
    NoStateDir,
    /// A session command failed.
    #[error("{0}")]
    Session(String),
    /// Installing hooks failed (the settings file is untouched).
    #[error(transparent)]
    Install(#[from] crate::install::InstallError),
    /// Where this askrisky binary is could not be found.
    #[error("cannot find this askrisky binary's path: {0}")]
    SelfPath(std::io::Error),
    /// An eval could not start.
    #[error(transparent)]
    Eval(#[from] crate::eval::EvalError),
    /// Writing the shims failed.
    #[error("{0}: cannot write: {1}")]
    Shims(PathBuf, std::io::Error),
}

/// Runs a parsed command line; returns the exit status (`exec` returns only
/// when the command did not run).
pub fn run(cli: Cli) -> Result<u8, AppError> {
    let overrides = Overrides {
        mode: cli.mode,
        no_prompt: cli.no_prompt,
    };
    let context = ContextFlags {
        session: cli.session.clone(),
        transcript: cli.transcript.clone(),
    };
    match cli.command {
        Command::Exec(target) => exec(&target, &overrides, &context, cli.verbose),
        Command::Check(args) => check(&args, &overrides, &context),
        Command::Hook { agent } => {
            let input = crate::hook::read_input();
            let live = crate::hook::live::Live { overrides };
            let out = crate::hook::handle(agent, &input, &live);
            // Nothing else may reach stdout: it is the agent's protocol.
            let mut stdout = std::io::stdout().lock();
            let _ = writeln!(stdout, "{out}");
            let _ = stdout.flush();
            Ok(0)
        }
        Command::Eval(args) => eval(&args),
        Command::Install { agent, dry_run } => install(agent, dry_run, true),
        Command::Uninstall { agent, dry_run } => install(agent, dry_run, false),
        Command::Doctor => doctor(),
        Command::Shims(crate::cli::ShimsCommand::Install { dir }) => shims_install(&dir),
        Command::Inbox { no_bell, notify } => {
            let dirs = Dirs::from_env();
            crate::inbox::serve(
                &dirs,
                crate::inbox::Announce {
                    bell: !no_bell,
                    notify,
                },
            )
            .map_err(|e| AppError::Session(e.to_string()))?;
            Ok(0)
        }
        Command::Approve { code } => approve_code(&code, &overrides),
        Command::Status => status(&overrides),
        Command::Init { shell } => init(shell),
        Command::Guard {
            line,
            fish,
            zsh,
            silent,
        } => {
            let syntax = match (fish, zsh) {
                (true, _) => Syntax::Fish,
                (_, true) => Syntax::Zsh,
                _ => Syntax::Posix,
            };
            guard(&line, syntax, silent, &overrides)
        }
        Command::Goal { text } => goal(&text.join(" "), &context),
        Command::Session(cmd) => session_command(&cmd, &context),
        Command::Rules(args) => rules(&args),
        Command::Log(args) => show_log(&args),
        Command::Generate { kind } => {
            std::io::stdout()
                .write_all(&crate::cli::generate(kind))
                .map_err(AppError::Output)?;
            Ok(0)
        }
    }
}

/// Where the session context comes from (`--session`, `--transcript`).
#[derive(Clone, Debug, Default)]
pub struct ContextFlags {
    /// `--session` / `ASKRISKY_SESSION`.
    pub session: Option<String>,
    /// `--transcript`.
    pub transcript: Option<PathBuf>,
}

/// What every deciding surface needs.
pub struct Setup {
    dirs: Dirs,
    settings: Settings,
    ctx: Context,
}

pub fn setup(overrides: &Overrides) -> Result<Setup, AppError> {
    let cwd = std::env::current_dir().map_err(AppError::Cwd)?;
    let dirs = Dirs::from_env();
    let settings = config::load(&dirs, &cwd, overrides, &|k| std::env::var(k).ok());
    for e in &settings.errors {
        eprintln!("askrisky: config error: {e} (using ask mode until it is fixed)");
    }
    for w in &settings.warnings {
        eprintln!("askrisky: {w}");
    }
    let ctx = Context {
        home: dirs.home.clone(),
        cwd,
        own_dirs: own_dirs(&dirs),
    };
    Ok(Setup {
        dirs,
        settings,
        ctx,
    })
}

fn request(target: &Target, cwd: PathBuf, surface: Surface) -> Request {
    match &target.line {
        Some(line) => Request {
            line: line.clone(),
            argv: None,
            cwd,
            explanation: None,
            surface,
            not_utf8: false,
            syntax: Syntax::Posix,
        },
        None => {
            let not_utf8 = target.argv.iter().any(|a| a.to_str().is_none());
            let words: Vec<String> = target
                .argv
                .iter()
                .map(|a| match a.to_str() {
                    Some(s) => s.to_owned(),
                    None => crate::escape::escape_bytes(a.as_encoded_bytes()),
                })
                .collect();
            Request {
                line: shell_quote(&words),
                argv: Some(target.argv.clone()),
                cwd,
                explanation: None,
                surface,
                not_utf8,
                syntax: Syntax::Posix,
            }
        }
    }
}

/// askrisky's own folders: config, state, and the inbox's runtime folder.
pub fn own_dirs(dirs: &Dirs) -> Vec<PathBuf> {
    dirs.config
        .iter()
        .chain(dirs.state.iter())
        .cloned()
        .chain(crate::inbox::runtime_dir(dirs))
        .collect()
}

/// The session selected for a request: `--session`/`ASKRISKY_SESSION`, or
/// the current one; plus a `--transcript` if one was given.
fn load_session(s: &Setup, flags: &ContextFlags) -> Result<Session, ContextError> {
    let state = s.dirs.state.as_deref();
    let chosen = match &flags.session {
        Some(id) => Some(SessionRef::parse(id)?),
        None => match state {
            Some(st) => store::current(st)?,
            None => None,
        },
    };
    let transcript = flags.transcript.clone().map(TranscriptSource::Given);
    let allowed =
        crate::session::transcript_dirs(s.dirs.home.as_deref(), &s.settings.transcript_dirs);
    crate::session::load(state, chosen.as_ref(), transcript.as_ref(), &allowed)
}

/// The session a request belongs to, as `agent/id`, for allow-once codes.
fn chosen_session(s: &Setup, flags: &ContextFlags) -> Option<String> {
    match &flags.session {
        Some(id) => SessionRef::parse(id).ok().map(|r| r.display()),
        None => s
            .dirs
            .state
            .as_deref()
            .and_then(|st| store::current(st).ok().flatten())
            .map(|r| r.display()),
    }
}

/// Records a refused request and says how the person can allow it once.
pub fn allow_once_code(s: &Setup, request: &Request, session: Option<&str>) -> String {
    let Some(state) = s.dirs.state.as_deref() else {
        return String::new();
    };
    let pending = crate::approvals::Pending {
        line: request.line.clone(),
        cwd: request.cwd.display().to_string(),
        session: session.map(str::to_owned),
        surface: request.surface.name(),
        created: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        approved: None,
    };
    match crate::approvals::record(state, &pending) {
        Ok(code) => format!(
            " — to allow it once, run in your own terminal: askrisky approve {}",
            crate::approvals::show(&code)
        ),
        Err(_) => String::new(),
    }
}

/// A review that could not start because the context could not be read.
fn context_unavailable(e: &ContextError) -> review::Outcome {
    review::Outcome {
        review: Review::Unavailable {
            cause: "context".into(),
            detail: e.to_string(),
        },
        meta: review::Meta::default(),
    }
}

/// Reviews a request with the configured reviewer (reading the key from
/// askrisky's own environment), showing a status line on the terminal.
fn review(
    settings: &Settings,
    request: &Request,
    session: &Session,
    status: bool,
) -> review::Outcome {
    let cwd = request.cwd.display().to_string();
    let input = review::prompt::Input {
        command: &request.line,
        cwd: &cwd,
        explanation: request.explanation.as_deref(),
        session,
    };
    let _spinner = status.then(|| approve::Spinner::start("reviewing the command…"));
    review::review(&input, settings.reviewer.as_ref(), &|k| {
        std::env::var(k).ok()
    })
}

fn decided_by(reason: &Reason) -> DecidedBy {
    match reason {
        Reason::Blocked { .. } | Reason::Danger { .. } => DecidedBy::Rule,
        Reason::AllowRule { .. } => DecidedBy::AllowRule,
        Reason::AskMode | Reason::Clear => DecidedBy::Mode,
        Reason::ReviewerAllowed { .. }
        | Reason::ReviewerAsked { .. }
        | Reason::ReviewerUnavailable { .. } => DecidedBy::Reviewer,
    }
}

/// Builds the log record for a decision.
pub fn record(
    request: &Request,
    settings: &Settings,
    eval: &Evaluation,
    outcome: Outcome,
    decided_by: DecidedBy,
    started: Instant,
) -> Record {
    let meta = eval.review_meta.clone().unwrap_or_default();
    let base = log::ReviewerRecord {
        provider: meta.provider.clone(),
        model: meta.model.clone(),
        duration_ms: Some(u64::try_from(meta.duration.as_millis()).unwrap_or(u64::MAX)),
        input_tokens: meta.input_tokens,
        output_tokens: meta.output_tokens,
        cost: meta.cost,
        ..log::ReviewerRecord::default()
    };
    let reviewer = match &eval.review {
        Review::NotNeeded => None,
        Review::Rated(r) => Some(log::ReviewerRecord {
            answered: true,
            risk: Some(r.risk.as_str().into()),
            authorization: Some(r.authorization.as_str().into()),
            injection: Some(r.injection),
            reason: Some(r.reason.clone()),
            ..base
        }),
        Review::Unavailable { cause, detail } => Some(log::ReviewerRecord {
            answered: false,
            unavailable_reason: Some(cause.clone()),
            unavailable_detail: Some(detail.clone()),
            ..base
        }),
    };
    Record {
        v: log::SCHEMA_VERSION,
        time: log::now_rfc3339(),
        surface: request.surface.name(),
        cwd: request.cwd.display().to_string(),
        command: request.line.clone(),
        commands: eval.script.commands.iter().map(|c| c.display()).collect(),
        mode: settings.mode.value.as_str().into(),
        mode_source: settings.mode.source.to_string(),
        tier: eval.assessment.tier.as_str().into(),
        rules: eval
            .assessment
            .matches
            .iter()
            .map(|m| m.code.clone())
            .collect(),
        decision: eval.decision.verdict.as_str().into(),
        outcome,
        decided_by,
        reason: eval.decision.explain(),
        message: None,
        reviewer,
        duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        answer_ms: None,
        session: None,
    }
}

/// The record written if a signal ends askrisky before it decides.
fn pending_record(request: &Request, settings: &Settings, started: Instant) -> Record {
    Record {
        v: log::SCHEMA_VERSION,
        time: log::now_rfc3339(),
        surface: request.surface.name(),
        cwd: request.cwd.display().to_string(),
        command: request.line.clone(),
        commands: Vec::new(),
        mode: settings.mode.value.as_str().into(),
        mode_source: settings.mode.source.to_string(),
        tier: String::new(),
        rules: Vec::new(),
        decision: String::new(),
        outcome: Outcome::Cancelled,
        decided_by: DecidedBy::Interrupt,
        reason: "interrupted while deciding".into(),
        message: None,
        reviewer: None,
        duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        answer_ms: None,
        session: None,
    }
}

/// One decision, one record: the signal watcher and the main thread can
/// both reach the end (a closed terminal both hangs up and fails the read);
/// whichever writes first is the record.
/// The lock is held while writing, so an exit from the signal path cannot
/// cut the main thread's record short.
static LOGGED: std::sync::Mutex<bool> = std::sync::Mutex::new(false);

fn write_log(dirs: &Dirs, r: &Record) {
    let mut logged = LOGGED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if *logged {
        return;
    }
    *logged = true;
    match &dirs.state {
        Some(state) => {
            if let Err(e) = log::append(state, r) {
                eprintln!("askrisky: warning: cannot write the decision log: {e}");
            }
        }
        None => eprintln!("askrisky: warning: no state folder for the decision log (set HOME)"),
    }
}

/// Why no person can answer, or the terminal to ask on.
fn person(settings: &Settings) -> Result<Tty, String> {
    if let Some(source) = &settings.no_prompt {
        return Err(source.why_no_prompt());
    }
    Tty::open().map_err(|e| e.to_string())
}

fn exec(
    target: &Target,
    overrides: &Overrides,
    context: &ContextFlags,
    verbose: u8,
) -> Result<u8, AppError> {
    let started = Instant::now();
    let mut s = setup(overrides)?;
    let request = request(target, s.ctx.cwd.clone(), Surface::Exec);
    // Inside an approved command (see `nested`), only the blocked tier and
    // the danger set stop a child.
    let nested = std::env::var(crate::nested::ENV)
        .ok()
        .zip(s.dirs.state.clone())
        .is_some_and(|(token, state)| crate::nested::accepted(&state, &token));
    if nested {
        s.settings.mode = config::Sourced {
            value: config::Mode::Autopilot,
            source: config::Source::Nested,
        };
    }
    // Fast paths need no watcher: until askrisky execs, a signal's default
    // action ends it without running anything. The slow paths (a review, a
    // card) install one to put the terminal back and log the cancellation.
    let watch = |reviewing: bool| {
        let mut r = pending_record(&request, &s.settings, started);
        if reviewing {
            r.reviewer = Some(log::ReviewerRecord {
                answered: false,
                unavailable_reason: Some("cancelled".into()),
                unavailable_detail: Some("interrupted while the reviewer was asked".into()),
                ..log::ReviewerRecord::default()
            });
        }
        let dirs = s.dirs.clone();
        crate::signals::Cancel::install(move |sig| {
            r.reason = format!("interrupted by signal {sig} while deciding");
            r.duration_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
            write_log(&dirs, &r);
        })
    };
    let mut watcher = None;
    let status_line = s.settings.no_prompt.is_none();
    let session_name = chosen_session(&s, context);
    let eval = engine::evaluate(&request, &s.settings, &s.ctx, |r, _| {
        watcher = Some(watch(true));
        match load_session(&s, context) {
            Ok(session) => review(&s.settings, r, &session, status_line),
            Err(e) => context_unavailable(&e),
        }
    });
    let run_it = |why: DecidedBy, answer_ms: Option<u64>, message: Option<String>| -> u8 {
        let mut r = record(&request, &s.settings, &eval, Outcome::Ran, why, started);
        r.answer_ms = answer_ms;
        r.message = message;
        write_log(&s.dirs, &r);
        if verbose > 0 {
            eprintln!("askrisky: run: {}", eval.decision.explain());
        }
        // Under a shim, the command's children may come back: give them
        // the token that lets them run unless they hit the danger set.
        let mut env = Vec::new();
        if (nested || std::env::var_os(crate::nested::SHIM_ENV).is_some())
            && let Some(token) = s
                .dirs
                .state
                .as_deref()
                .and_then(|st| crate::nested::grant(st, &request.line))
        {
            env.push((crate::nested::ENV, token));
        }
        let err = match &request.argv {
            Some(argv) => crate::exec::argv(argv, &env),
            None => crate::exec::line(&s.settings.shell, &request.line, &env),
        };
        eprintln!("{}", err.message);
        err.status
    };
    match eval.decision.verdict {
        Verdict::Run => Ok(run_it(decided_by(&eval.decision.reason), None, None)),
        Verdict::Refuse => {
            write_log(
                &s.dirs,
                &record(
                    &request,
                    &s.settings,
                    &eval,
                    Outcome::Refused,
                    DecidedBy::Rule,
                    started,
                ),
            );
            eprintln!(
                "askrisky: refused: {} (blocked: askrisky never runs this; if you truly mean it, run it yourself outside askrisky)",
                eval.decision.explain()
            );
            Ok(exit::REFUSED)
        }
        // An allow-once code the person approved for exactly this request.
        Verdict::Ask
            if s.dirs.state.as_deref().is_some_and(|st| {
                crate::approvals::take(
                    st,
                    &request.line,
                    &request.cwd.display().to_string(),
                    session_name.as_deref(),
                )
                .is_some()
            }) =>
        {
            Ok(run_it(
                DecidedBy::Person,
                None,
                Some("approved once with an allow-once code".into()),
            ))
        }
        Verdict::Ask => match person(&s.settings) {
            Err(why) => {
                // No terminal: the person may be at an inbox in another pane.
                let inbox = if s.settings.no_prompt.is_none() {
                    watcher.get_or_insert_with(|| watch(false));
                    let ask = crate::inbox::Request {
                        v: 1,
                        command: request.line.clone(),
                        cwd: request.cwd.display().to_string(),
                        explanation: request.explanation.clone(),
                        decision: eval.decision.clone(),
                        surface: request.surface.name(),
                        session: session_name.clone(),
                    };
                    let wait = std::time::Duration::from_secs(s.settings.approval_wait_s);
                    Some(crate::inbox::ask(&s.dirs, &ask, wait))
                } else {
                    None
                };
                match inbox {
                    Some(Ok(crate::inbox::Reply::Run)) => {
                        return Ok(run_it(DecidedBy::Person, None, None));
                    }
                    Some(Ok(crate::inbox::Reply::Tell { message })) => {
                        let mut r = record(
                            &request,
                            &s.settings,
                            &eval,
                            Outcome::Declined,
                            DecidedBy::Person,
                            started,
                        );
                        r.message = Some(message.clone());
                        write_log(&s.dirs, &r);
                        eprintln!("askrisky: not run: the person declined and says: {message}");
                        return Ok(exit::DECLINED);
                    }
                    Some(Ok(_)) => {
                        write_log(
                            &s.dirs,
                            &record(
                                &request,
                                &s.settings,
                                &eval,
                                Outcome::Declined,
                                DecidedBy::Person,
                                started,
                            ),
                        );
                        eprintln!("askrisky: not run: the person declined");
                        return Ok(exit::DECLINED);
                    }
                    _ => {}
                }
                let why = match inbox {
                    Some(Err(
                        crate::inbox::InboxError::NotListening | crate::inbox::InboxError::NoDir,
                    ))
                    | None => why,
                    Some(Err(e)) => format!("{why}; {e}"),
                    Some(Ok(_)) => why,
                };
                write_log(
                    &s.dirs,
                    &record(
                        &request,
                        &s.settings,
                        &eval,
                        Outcome::NotRun,
                        DecidedBy::Strict,
                        started,
                    ),
                );
                let code = allow_once_code(&s, &request, session_name.as_deref());
                eprintln!(
                    "askrisky: not run: {} (needs a person's approval, and none could answer: {why}){code}",
                    eval.decision.explain()
                );
                Ok(exit::NEEDS_PERSON)
            }
            Ok(mut tty) => {
                watcher.get_or_insert_with(|| watch(false));
                let offer_always = eval.assessment.tier == Tier::Clear && request.argv.is_none();
                let cwd = request.cwd.display().to_string();
                let card = Card {
                    command: &request.line,
                    cwd: &cwd,
                    explanation: request.explanation.as_deref(),
                    decision: &eval.decision,
                    offer_always,
                    offer_tell: true,
                    from: None,
                };
                let timeout = s
                    .settings
                    .answer_timeout_s
                    .map(std::time::Duration::from_secs);
                let asked = approve::ask(&mut tty, &card, timeout);
                drop(tty);
                let ms = Some(u64::try_from(asked.took.as_millis()).unwrap_or(u64::MAX));
                match asked.answer {
                    Answer::Run => Ok(run_it(DecidedBy::Person, ms, None)),
                    Answer::AlwaysAllow => {
                        if let Some(path) = s.dirs.user_file() {
                            let note = format!(
                                "added {} by askrisky from the approval card (folder {})",
                                log::now_rfc3339(),
                                cwd
                            );
                            if let Err(e) = config::add_allow_line(&path, &request.line, &note) {
                                eprintln!("askrisky: could not save the allow rule: {e}");
                            }
                        }
                        Ok(run_it(DecidedBy::Person, ms, None))
                    }
                    not_run => {
                        let (outcome, status, said, message) = match not_run {
                            Answer::NoAnswer(why) => (
                                Outcome::NotRun,
                                exit::NEEDS_PERSON,
                                why.reason().to_owned(),
                                None,
                            ),
                            Answer::Tell(m) => (
                                Outcome::Declined,
                                exit::DECLINED,
                                format!("the person declined and says: {m}"),
                                Some(m),
                            ),
                            _ => (
                                Outcome::Declined,
                                exit::DECLINED,
                                "the person declined".to_owned(),
                                None,
                            ),
                        };
                        let mut r = record(
                            &request,
                            &s.settings,
                            &eval,
                            outcome,
                            DecidedBy::Person,
                            started,
                        );
                        r.answer_ms = ms;
                        r.message = message;
                        write_log(&s.dirs, &r);
                        eprintln!("askrisky: not run: {said}");
                        Ok(status)
                    }
                }
            }
        },
    }
}

/// The `check --json` document (schema 1).
#[derive(serde::Serialize)]
struct CheckReport<'a> {
    schema: u32,
    decision: Verdict,
    explanation: String,
    codes: Vec<String>,
    reason: &'a Reason,
    tier: Tier,
    matches: &'a [danger::Match],
    commands: Vec<String>,
    problems: &'a [crate::parse::Problem],
    mode: &'a config::Sourced<config::Mode>,
    modes_given: &'a [config::Sourced<config::Mode>],
    allow_rule: Option<&'a str>,
    review: &'a Review,
    config_errors: &'a [String],
    config_warnings: &'a [String],
}

fn check(args: &CheckArgs, overrides: &Overrides, context: &ContextFlags) -> Result<u8, AppError> {
    let s = setup(overrides)?;
    let request = request(&args.target, s.ctx.cwd.clone(), Surface::Check);
    let session = load_session(&s, context);
    if args.show_prompt {
        let session = match session {
            Ok(session) => session,
            Err(e) => {
                println!(
                    "no request would be sent: {}",
                    crate::escape::escape(&e.to_string())
                );
                return Ok(exit::NEEDS_PERSON);
            }
        };
        let cwd = request.cwd.display().to_string();
        let input = review::prompt::Input {
            command: &request.line,
            cwd: &cwd,
            explanation: request.explanation.as_deref(),
            session: &session,
        };
        let text = review::preview(&input, s.settings.reviewer.as_ref())
            .unwrap_or_else(|e| format!("{e}\n"));
        std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(AppError::Output)?;
        return Ok(0);
    }
    let eval = engine::evaluate(&request, &s.settings, &s.ctx, |r, _| match &session {
        Ok(session) => review(&s.settings, r, session, false),
        Err(e) => context_unavailable(e),
    });
    let mut out = std::io::stdout().lock();
    if args.json {
        let report = CheckReport {
            schema: 1,
            decision: eval.decision.verdict,
            explanation: eval.decision.explain(),
            codes: eval.decision.codes(),
            reason: &eval.decision.reason,
            tier: eval.assessment.tier,
            matches: &eval.assessment.matches,
            commands: eval.script.commands.iter().map(|c| c.display()).collect(),
            problems: &eval.script.problems,
            mode: &s.settings.mode,
            modes_given: &s.settings.modes_given,
            allow_rule: match &eval.allow {
                crate::policy::Allow::Covered(r) => Some(r.as_str()),
                crate::policy::Allow::None => None,
            },
            review: &eval.review,
            config_errors: &s.settings.errors,
            config_warnings: &s.settings.warnings,
        };
        let text = serde_json::to_string_pretty(&report).map_err(|e| AppError::Output(e.into()))?;
        writeln!(out, "{text}").map_err(AppError::Output)?;
    } else {
        let esc = crate::escape::escape;
        let mut w = |s: String| writeln!(out, "{s}").map_err(AppError::Output);
        w(format!("decision: {}", eval.decision.verdict.as_str()))?;
        w(format!("why:      {}", esc(&eval.decision.explain())))?;
        w(format!("tier:     {}", eval.assessment.tier.as_str()))?;
        w(format!(
            "mode:     {} (from {})",
            s.settings.mode.value, s.settings.mode.source
        ))?;
        for m in &s.settings.modes_given {
            if m != &s.settings.mode {
                w(format!(
                    "          also given: {} (from {})",
                    m.value, m.source
                ))?;
            }
        }
        for m in &eval.assessment.matches {
            let on = if m.command.is_empty() {
                String::new()
            } else {
                format!("  ({})", esc(&m.command))
            };
            w(format!(
                "rule:     {} [{}] {}{on}",
                m.tier.as_str(),
                m.code,
                m.sentence
            ))?;
        }
        for c in &eval.script.commands {
            let via = if c.via.is_empty() {
                String::new()
            } else {
                format!("  (via {})", c.via.join(" > "))
            };
            w(format!("command:  {}{via}", esc(&c.display())))?;
        }
        for p in &eval.script.problems {
            w(format!(
                "problem:  {}",
                esc(&serde_json::to_string(p).unwrap_or_default())
            ))?;
        }
    }
    Ok(match eval.decision.verdict {
        Verdict::Run => exit::RUN,
        Verdict::Ask => exit::NEEDS_PERSON,
        Verdict::Refuse => exit::REFUSED,
    })
}

fn rules(args: &RulesArgs) -> Result<u8, AppError> {
    let mut out = std::io::stdout().lock();
    if args.json {
        let list: Vec<_> = RULES
            .iter()
            .map(|r| {
                serde_json::json!({
                    "code": r.code,
                    "tier": r.tier,
                    "sentence": r.sentence,
                    "examples": r.examples,
                    "counterexamples": r.counterexamples,
                })
            })
            .collect();
        let text = serde_json::to_string_pretty(&list).map_err(|e| AppError::Output(e.into()))?;
        writeln!(out, "{text}").map_err(AppError::Output)?;
        return Ok(0);
    }
    for tier in [Tier::Blocked, Tier::Danger] {
        let title = match tier {
            Tier::Blocked => "Blocked tier (refused; nobody can approve it through askrisky)",
            _ => "Danger set (always the person's decision)",
        };
        writeln!(out, "{title}\n").map_err(AppError::Output)?;
        for r in RULES.iter().filter(|r| r.tier == tier) {
            writeln!(out, "  {:<24} {}", r.code, r.sentence).map_err(AppError::Output)?;
            let ex: Vec<String> = r
                .examples
                .iter()
                .take(3)
                .map(|e| crate::escape::escape(e))
                .collect();
            if !ex.is_empty() {
                writeln!(out, "  {:<24} e.g. {}", "", ex.join("  ·  "))
                    .map_err(AppError::Output)?;
            }
        }
        writeln!(out).map_err(AppError::Output)?;
    }
    Ok(0)
}

fn show_log(args: &LogArgs) -> Result<u8, AppError> {
    let dirs = Dirs::from_env();
    let state = dirs.state.ok_or(AppError::NoStateDir)?;
    let mut out = std::io::stdout().lock();
    let print = |out: &mut std::io::StdoutLock<'_>, line: &str| -> std::io::Result<()> {
        if args.json {
            return writeln!(out, "{line}");
        }
        match serde_json::from_str::<Record>(line) {
            Ok(r) => {
                let outcome = serde_json::to_value(r.outcome)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default();
                let by = serde_json::to_value(r.decided_by)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default();
                writeln!(
                    out,
                    "{}  {:<9} {:<10} {}  — {}",
                    r.time.get(..19).unwrap_or(&r.time),
                    outcome,
                    by,
                    crate::escape::escape(&r.command),
                    crate::escape::escape(&r.reason)
                )
            }
            Err(_) => writeln!(out, "(unreadable record) {}", crate::escape::escape(line)),
        }
    };
    let lines = log::tail(&state, args.lines).map_err(|e| AppError::Log(log::path(&state), e))?;
    for l in &lines {
        print(&mut out, l).map_err(AppError::Output)?;
    }
    if args.follow {
        out.flush().map_err(AppError::Output)?;
        log::follow(&state, |l| {
            print(&mut out, l).and_then(|()| out.flush()).is_ok()
        })
        .map_err(|e| AppError::Log(log::path(&state), e))?;
    }
    Ok(0)
}

/// The argv given to `exec --`, for callers that build requests themselves.
pub fn argv_request(argv: Vec<OsString>, cwd: PathBuf) -> Request {
    request(&Target { line: None, argv }, cwd, Surface::Exec)
}

/// Replaces the default panic message with one line, and says nothing for
/// the parser panics that are caught and reported as "unparseable".
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        if crate::parse::panics_are_expected() {
            return;
        }
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!(
            "askrisky: internal error{at}: {}",
            crate::escape::escape(&msg)
        );
    }));
}

/// `askrisky goal TEXT`: the person adds a goal from their own terminal.
fn goal(text: &str, context: &ContextFlags) -> Result<u8, AppError> {
    let state = Dirs::from_env().state.ok_or(AppError::NoStateDir)?;
    // Goals are the person's word: an agent without a terminal cannot add one.
    if let Err(e) = Tty::open() {
        return Err(AppError::Session(format!(
            "goals can only be added from your own terminal ({e})"
        )));
    }
    let text = text.trim();
    if text.is_empty() {
        return Err(AppError::Session("the goal is empty".into()));
    }
    let session_err = |e: store::StoreError| AppError::Session(e.to_string());
    let (r, created) = match &context.session {
        Some(id) => (SessionRef::parse(id).map_err(session_err)?, false),
        None => match store::current(&state).map_err(session_err)? {
            Some(r) => (r, false),
            None => (new_session(&state)?, true),
        },
    };
    store::append(
        &state,
        &r,
        &store::Record::Goal {
            time: log::now_rfc3339(),
            text: text.to_owned(),
            source: "terminal".into(),
        },
    )
    .map_err(session_err)?;
    if created {
        eprintln!("askrisky: started session {}", r.display());
    }
    eprintln!("askrisky: goal added to session {}", r.display());
    Ok(0)
}

fn new_session(state: &std::path::Path) -> Result<SessionRef, AppError> {
    let err = |e: store::StoreError| AppError::Session(e.to_string());
    let id = store::new_id().map_err(err)?;
    let r = SessionRef::new(store::CLI_AGENT, &id).map_err(err)?;
    store::set_current(state, &r).map_err(err)?;
    Ok(r)
}

/// `askrisky session new|list|show|use`.
fn session_command(
    cmd: &crate::cli::SessionCommand,
    context: &ContextFlags,
) -> Result<u8, AppError> {
    use crate::cli::SessionCommand as S;
    let state = Dirs::from_env().state.ok_or(AppError::NoStateDir)?;
    let err = |e: store::StoreError| AppError::Session(e.to_string());
    let needs_terminal = |what: &str| -> Result<(), AppError> {
        Tty::open().map(|_| ()).map_err(|e| {
            AppError::Session(format!(
                "{what} changes which goals count; run it from your own terminal ({e})"
            ))
        })
    };
    let mut out = std::io::stdout().lock();
    match cmd {
        S::New => {
            needs_terminal("`session new`")?;
            let r = new_session(&state)?;
            writeln!(out, "{}", r.display()).map_err(AppError::Output)?;
        }
        S::Use { id } => {
            needs_terminal("`session use`")?;
            let r = SessionRef::parse(id).map_err(err)?;
            store::set_current(&state, &r).map_err(err)?;
            writeln!(out, "{}", r.display()).map_err(AppError::Output)?;
        }
        S::List => {
            let current = store::current(&state).ok().flatten();
            for (r, t) in store::list(&state) {
                let records = store::read(&state, &r).unwrap_or_default();
                let goals = records
                    .iter()
                    .filter(|x| matches!(x, store::Record::Goal { .. }))
                    .count();
                let mark = if current.as_ref() == Some(&r) {
                    "*"
                } else {
                    " "
                };
                writeln!(
                    out,
                    "{mark} {:<40} {goals:>3} goals  last change {}",
                    r.display(),
                    log::rfc3339(t)
                )
                .map_err(AppError::Output)?;
            }
        }
        S::Show { id } => {
            let r = match id.as_deref().or(context.session.as_deref()) {
                Some(id) => SessionRef::parse(id).map_err(err)?,
                None => store::current(&state)
                    .map_err(err)?
                    .ok_or_else(|| err(store::StoreError::NoCurrent))?,
            };
            writeln!(out, "session {}", r.display()).map_err(AppError::Output)?;
            for rec in store::read(&state, &r).map_err(err)? {
                let line = match rec {
                    store::Record::Goal { time, text, source } => {
                        format!("{time}  goal ({source}): {text}")
                    }
                    store::Record::Choice {
                        time,
                        question,
                        answer,
                    } => format!("{time}  choice: {question} -> {answer}"),
                    store::Record::Activity {
                        time,
                        activity,
                        text,
                    } => {
                        format!("{time}  {} {text}", activity.label())
                    }
                    store::Record::Resume { time } => format!("{time}  resumed"),
                };
                writeln!(out, "{}", crate::escape::escape(&line)).map_err(AppError::Output)?;
            }
        }
    }
    Ok(0)
}

/// The absolute path of this binary, for hook commands and shims.
fn self_path() -> Result<PathBuf, AppError> {
    std::env::current_exe()
        .and_then(std::fs::canonicalize)
        .map_err(AppError::SelfPath)
}

/// `askrisky install|uninstall <agent> [--dry-run]`.
fn install(agent: crate::hook::Agent, dry_run: bool, add: bool) -> Result<u8, AppError> {
    use crate::install;
    let home = Dirs::from_env().home.ok_or(install::InstallError::NoHome)?;
    let plan = if add {
        install::plan_install(agent, &home, &self_path()?)?
    } else {
        install::plan_uninstall(agent, &home)?
    };
    let mut out = std::io::stdout().lock();
    let path = plan.path.display().to_string();
    if !plan.changes() {
        writeln!(
            out,
            "{path}: already {}",
            if add {
                "installed"
            } else {
                "without askrisky's hooks"
            }
        )
        .map_err(AppError::Output)?;
        return Ok(0);
    }
    writeln!(
        out,
        "--- {path}\n+++ {path}{}",
        if dry_run {
            " (dry run: not written)"
        } else {
            ""
        }
    )
    .map_err(AppError::Output)?;
    let before = plan.before.clone().unwrap_or_default();
    let after = plan.after.clone().unwrap_or_default();
    write!(
        out,
        "{}",
        crate::escape::escape_lines(&install::diff(&before, &after)).join("\n")
    )
    .map_err(AppError::Output)?;
    writeln!(out).map_err(AppError::Output)?;
    if dry_run {
        return Ok(0);
    }
    let backup = install::apply(&plan)?;
    if let Some(b) = backup {
        writeln!(out, "backup: {}", b.display()).map_err(AppError::Output)?;
    }
    if add && agent == crate::hook::Agent::Codex {
        writeln!(out, "Codex runs a new hook only after you trust it: open /hooks in Codex and trust askrisky's.")
            .map_err(AppError::Output)?;
    }
    Ok(0)
}

/// `askrisky doctor`: per agent, is the hook installed, and does it answer?
fn doctor() -> Result<u8, AppError> {
    use crate::hook::Agent;
    use crate::install;
    let home = Dirs::from_env().home.ok_or(install::InstallError::NoHome)?;
    let mut out = std::io::stdout().lock();
    let mut problems = 0;
    let on_path = |names: &[&str]| {
        std::env::var_os("PATH").is_some_and(|p| {
            std::env::split_paths(&p).any(|d| names.iter().any(|n| d.join(n).is_file()))
        })
    };
    for agent in Agent::ALL {
        let settings = install::settings_path(agent, &home);
        let present = settings.parent().is_some_and(std::path::Path::exists)
            || on_path(match agent {
                Agent::ClaudeCode => &["claude"],
                Agent::Codex => &["codex"],
                Agent::Gemini => &["gemini"],
                Agent::Cursor => &["cursor", "cursor-agent"],
                Agent::Copilot => &["copilot"],
            });
        let status = match install::installed_command(agent, &home) {
            Err(e) => {
                problems += 1;
                format!("settings unreadable: {e}")
            }
            Ok(None) if present => {
                "found; askrisky's hook not installed (askrisky install ".to_owned()
                    + agent.name()
                    + ")"
            }
            Ok(None) => "not found".to_owned(),
            Ok(Some(cmd)) => match probe(&cmd, agent) {
                Ok(()) => format!("hook installed and answering ({cmd})"),
                Err(e) => {
                    problems += 1;
                    format!("hook installed but NOT answering: {e} ({cmd})")
                }
            },
        };
        writeln!(
            out,
            "{:<12} {}",
            agent.name(),
            crate::escape::escape(&status)
        )
        .map_err(AppError::Output)?;
    }
    Ok(if problems > 0 { 1 } else { 0 })
}

/// Runs an installed hook command with a harmless payload and checks that
/// it answers with a JSON object.
fn probe(cmd: &str, agent: crate::hook::Agent) -> Result<(), String> {
    use std::process::{Command, Stdio};
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(crate::install::probe_payload(agent).to_string().as_bytes());
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    match serde_json::from_str::<serde_json::Value>(text.trim()) {
        Ok(serde_json::Value::Object(_)) if out.status.success() => Ok(()),
        _ => Err(format!(
            "exit {:?}, output {:?}",
            out.status.code(),
            text.trim()
        )),
    }
}

/// The shim script, with this binary's path.
const SHIM: &str = include_str!("../shims/sh");

/// `askrisky shims install DIR`.
fn shims_install(dir: &std::path::Path) -> Result<u8, AppError> {
    use std::os::unix::fs::PermissionsExt;
    let bin = self_path()?;
    let script = SHIM.replace(
        "@ASKRISKY_BIN@",
        &bin.display().to_string().replace('"', "\\\""),
    );
    std::fs::create_dir_all(dir).map_err(|e| AppError::Shims(dir.to_path_buf(), e))?;
    for name in ["sh", "bash"] {
        let p = dir.join(name);
        crate::config::write_atomically(&p, script.as_bytes())
            .map_err(|e| AppError::Shims(p.clone(), e))?;
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| AppError::Shims(p.clone(), e))?;
    }
    let d = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    println!(
        "shims written to {}\nput it first on PATH for the agent, e.g.:  export PATH=\"{}:$PATH\"",
        d.display(),
        d.display()
    );
    Ok(0)
}

/// `askrisky eval CORPUS.jsonl… [--json] [--limit N] [--jobs N]`.
fn eval(args: &crate::cli::EvalArgs) -> Result<u8, AppError> {
    use crate::eval;
    let s = setup(&Overrides::default())?;
    let reviewer = s
        .settings
        .reviewer
        .clone()
        .ok_or(eval::EvalError::NoReviewer)?;
    let mut cases = eval::read_cases(&args.corpus)?;
    if let Some(n) = args.limit {
        cases.truncate(n);
    }
    let env = |k: &str| std::env::var(k).ok();
    let results = eval::run_all(
        &cases,
        &reviewer,
        s.dirs.home.as_deref(),
        &env,
        args.jobs,
        &eval::progress_bar,
    );
    let report = eval::report(&results);
    let mut out = std::io::stdout().lock();
    if args.json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| AppError::Output(e.into()))?;
        writeln!(out, "{text}").map_err(AppError::Output)?;
    } else {
        write!(out, "{}", eval::render(&report)).map_err(AppError::Output)?;
    }
    Ok(0)
}

/// The shell snippets, with this binary's path.
fn init(shell: crate::cli::InitShell) -> Result<u8, AppError> {
    use crate::cli::InitShell;
    let snippet = match shell {
        InitShell::Bash => include_str!("../shell/askrisky.bash"),
        InitShell::Zsh => include_str!("../shell/askrisky.zsh"),
        InitShell::Fish => include_str!("../shell/askrisky.fish"),
    };
    let bin = self_path()?;
    let quoted = shell_quote(&[bin.display().to_string()]);
    let mut out = std::io::stdout().lock();
    write!(out, "{}", snippet.replace("@ASKRISKY_BIN@", &quoted)).map_err(AppError::Output)?;
    Ok(0)
}

/// `askrisky guard -c LINE`: a line the person typed at their own shell.
/// It is their explicit request, so the reviewer is not asked and nothing
/// outside the danger set waits: the blocked tier is refused, the danger
/// set gets the card. Only decisions that stop or ask are logged.
/// `silent` only says which it would be, for a shell that must prepare the
/// terminal before anything is written to it.
fn guard(line: &str, syntax: Syntax, silent: bool, overrides: &Overrides) -> Result<u8, AppError> {
    let started = Instant::now();
    let mut s = setup(overrides)?;
    s.settings.mode = config::Sourced {
        value: config::Mode::Autopilot,
        source: config::Source::Flag("typed at the person's own shell".into()),
    };
    let request = Request {
        line: line.to_owned(),
        argv: None,
        cwd: s.ctx.cwd.clone(),
        explanation: None,
        surface: Surface::Hook("shell".into()),
        not_utf8: false,
        syntax,
    };
    let eval = engine::evaluate(&request, &s.settings, &s.ctx, |_, _| review::Outcome {
        review: Review::NotNeeded,
        meta: review::Meta::default(),
    });
    if silent {
        return Ok(match eval.decision.verdict {
            Verdict::Run => exit::RUN,
            Verdict::Refuse => exit::REFUSED,
            Verdict::Ask => exit::NEEDS_PERSON,
        });
    }
    match eval.decision.verdict {
        Verdict::Run => Ok(0),
        Verdict::Refuse => {
            write_log(
                &s.dirs,
                &record(
                    &request,
                    &s.settings,
                    &eval,
                    Outcome::Refused,
                    DecidedBy::Rule,
                    started,
                ),
            );
            eprintln!(
                "askrisky: refused: {} (blocked tier: askrisky never runs this; to run it anyway, turn the guard off for this shell with ASKRISKY_GUARD=off)",
                eval.decision.explain()
            );
            Ok(exit::REFUSED)
        }
        Verdict::Ask => {
            let Ok(mut tty) = Tty::open() else {
                eprintln!(
                    "askrisky: not run: {} (no terminal to ask on)",
                    eval.decision.explain()
                );
                return Ok(exit::NEEDS_PERSON);
            };
            let cwd = request.cwd.display().to_string();
            let card = Card {
                command: &request.line,
                cwd: &cwd,
                explanation: None,
                decision: &eval.decision,
                offer_always: false,
                offer_tell: false,
                from: None,
            };
            let timeout = s
                .settings
                .answer_timeout_s
                .map(std::time::Duration::from_secs);
            let asked = if syntax == Syntax::Fish {
                approve::ask_and_vanish(&mut tty, &card, timeout)
            } else {
                approve::ask(&mut tty, &card, timeout)
            };
            let (outcome, status) = match asked.answer {
                Answer::Run | Answer::AlwaysAllow => (Outcome::Ran, 0),
                Answer::NoAnswer(_) => (Outcome::NotRun, exit::NEEDS_PERSON),
                Answer::Declined | Answer::Tell(_) => (Outcome::Declined, exit::DECLINED),
            };
            if syntax == Syntax::Fish && status != 0 {
                // fish redraws its prompt over what is below it; its
                // snippet shows this once the prompt is back.
                eprintln!("{}", approve::summary(&request.line, &asked.answer));
            }
            let mut r = record(
                &request,
                &s.settings,
                &eval,
                outcome,
                DecidedBy::Person,
                started,
            );
            r.answer_ms = Some(u64::try_from(asked.took.as_millis()).unwrap_or(u64::MAX));
            write_log(&s.dirs, &r);
            Ok(status)
        }
    }
}

/// `askrisky approve CODE`: the person approves one refused request.
fn approve_code(code: &str, overrides: &Overrides) -> Result<u8, AppError> {
    let err = |m: String| AppError::Session(m);
    let s = setup(overrides)?;
    let state = s.dirs.state.clone().ok_or(AppError::NoStateDir)?;
    let code = crate::approvals::normalise(code)
        .ok_or_else(|| err(format!("{code:?} is not an approval code (like K7Q2-9XM3)")))?;
    let pending = crate::approvals::get(&state, &code).ok_or_else(|| {
        err(format!(
            "no request with code {}: it was used, has expired, or never existed",
            crate::approvals::show(&code)
        ))
    })?;
    let mut tty =
        Tty::open().map_err(|e| err(format!("approving needs your own terminal ({e})")))?;
    // Decide again, as the retry will be decided: the blocked tier is never
    // approvable, and the card shows today's reasons.
    let request = Request {
        line: pending.line.clone(),
        argv: None,
        cwd: PathBuf::from(&pending.cwd),
        explanation: None,
        surface: Surface::Exec,
        not_utf8: false,
        syntax: Syntax::Posix,
    };
    let ctx = Context {
        cwd: request.cwd.clone(),
        ..s.ctx.clone()
    };
    let eval = engine::evaluate(&request, &s.settings, &ctx, |_, _| review::Outcome {
        review: Review::Unavailable {
            cause: "not_called".into(),
            detail: "you are approving this request yourself".into(),
        },
        meta: review::Meta::default(),
    });
    if eval.decision.verdict == Verdict::Refuse {
        eprintln!(
            "askrisky: cannot approve: {} (blocked tier)",
            eval.decision.explain()
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
        crate::approvals::show(&code)
    );
    let card = Card {
        command: &pending.line,
        cwd: &pending.cwd,
        explanation: None,
        decision: &eval.decision,
        offer_always: false,
        offer_tell: false,
        from: Some(&from),
    };
    let asked = approve::ask(
        &mut tty,
        &card,
        s.settings
            .answer_timeout_s
            .map(std::time::Duration::from_secs),
    );
    if let Answer::NoAnswer(why) = asked.answer {
        eprintln!("askrisky: not approved: {}", why.reason());
        return Ok(exit::NEEDS_PERSON);
    }
    if matches!(asked.answer, Answer::Run) {
        crate::approvals::approve(&state, &code)
            .map_err(|e| err(format!("cannot record the approval: {e}")))?;
        eprintln!(
            "askrisky: approved once: the same command, folder and session may run within 10 minutes"
        );
        Ok(0)
    } else {
        eprintln!("askrisky: not approved");
        Ok(exit::DECLINED)
    }
}

/// `askrisky status`.
fn status(overrides: &Overrides) -> Result<u8, AppError> {
    let s = setup(overrides)?;
    let mut out = std::io::stdout().lock();
    let inbox = match crate::inbox::status(&s.dirs) {
        Ok(n) => format!("listening, {n} request(s) waiting"),
        Err(e) => e.to_string(),
    };
    writeln!(out, "inbox:  {inbox}").map_err(AppError::Output)?;
    writeln!(
        out,
        "mode:   {} (from {})",
        s.settings.mode.value, s.settings.mode.source
    )
    .map_err(AppError::Output)?;
    if let Some(src) = &s.settings.no_prompt {
        writeln!(out, "prompt: never ({})", src.why_no_prompt()).map_err(AppError::Output)?;
    }
    Ok(0)
}
