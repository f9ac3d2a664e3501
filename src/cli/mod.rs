//! The command line: [`args`] defines every flag once; each subcommand has
//! its own small module that turns its arguments into a request, calls the
//! library, and renders the result. None of them decides anything: a
//! command line to judge goes to [`crate::decide`].

pub mod args;
mod check;
mod doctor;
mod exec;
mod guard;
mod history;
pub mod manual;
mod person;
mod setup;
mod shell_check;
mod show;

use std::io::Write;
use std::path::PathBuf;

pub use args::{Cli, Command};

use crate::config::Overrides;
use crate::decide::SessionChoice;
use crate::session::TranscriptSource;

/// Errors that stop askrisky before it can decide. None of them runs the
/// command.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
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
    /// The session store failed.
    #[error(transparent)]
    Store(#[from] crate::session::store::StoreError),
    /// A command that only the person may run, run without a terminal.
    #[error("{what} ({why})")]
    NeedsTerminal {
        /// What needs the person's terminal.
        what: &'static str,
        /// Why there is none.
        why: crate::tty::TtyError,
    },
    /// `askrisky goal` with nothing to add.
    #[error("the goal is empty")]
    EmptyGoal,
    /// Not an allow-once code.
    #[error("{0:?} is not an approval code (like K7Q2-9XM3)")]
    NotACode(String),
    /// An allow-once code that is not (or no longer) recorded.
    #[error("no request with code {0}: it was used, has expired, or never existed")]
    NoSuchCode(String),
    /// The approval could not be written.
    #[error("cannot record the approval: {0}")]
    Approval(std::io::Error),
    /// The inbox failed.
    #[error(transparent)]
    Inbox(#[from] crate::inbox::InboxError),
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
    /// A `--since` that is not a time.
    #[error("--since: {0}")]
    Since(String),
    /// The HTML report could not be written (or may not be, there).
    #[error("{0}: not written: {1}")]
    Html(PathBuf, String),
    /// The config could not be changed.
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
}

impl CliError {
    /// Whether the command line itself was wrong (exit 2, as for the
    /// flags clap rejects), rather than askrisky failing.
    pub fn is_usage(&self) -> bool {
        matches!(self, Self::EmptyGoal | Self::NotACode(_) | Self::Since(_))
    }
}

/// `writeln!` to an output, as a [`CliError`].
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*).map_err($crate::cli::CliError::Output)
    };
}
pub(crate) use say;

/// Where the session context comes from (`--session`, `--transcript`).
#[derive(Clone, Debug, Default)]
pub struct ContextFlags {
    /// `--session` / `ASKRISKY_SESSION`.
    pub session: Option<String>,
    /// `--transcript`.
    pub transcript: Option<PathBuf>,
}

impl ContextFlags {
    /// The session a command-line request belongs to: the one named, or
    /// the current one.
    fn session(&self) -> SessionChoice {
        match &self.session {
            Some(id) => SessionChoice::Named(id.clone()),
            None => SessionChoice::Current,
        }
    }

    /// How often a project file's warnings are said for this request: once
    /// per session — the one named, else the current one, else the session
    /// of the process that started askrisky.
    fn warn_scope(&self, state: Option<&std::path::Path>) -> crate::decide::WarnScope {
        let named = self.session.clone().or_else(|| {
            state
                .and_then(|st| crate::session::store::current(st).ok().flatten())
                .map(|r| r.display())
        });
        match named {
            Some(s) => crate::decide::WarnScope::Session(format!("session:{s}")),
            None => crate::decide::WarnScope::parent_process(),
        }
    }

    /// A transcript given on the command line: read only inside the
    /// agents' own transcript folders (the agent may have written it).
    fn transcript(&self) -> Option<TranscriptSource> {
        self.transcript.clone().map(TranscriptSource::Given)
    }
}

/// Runs a parsed command line; returns the exit status (`exec` returns only
/// when the command did not run).
pub fn run(cli: Cli) -> Result<u8, CliError> {
    let overrides = Overrides {
        mode: cli.mode.map(Into::into),
        no_prompt: cli.no_prompt,
    };
    let context = ContextFlags {
        session: cli.session.clone(),
        transcript: cli.transcript.clone(),
    };
    match cli.command {
        Command::Exec(args) => exec::run(&args, &overrides, &context, cli.verbose),
        Command::Check(args) => check::run(&args, &overrides, &context),
        Command::Guard {
            line,
            fish,
            zsh,
            silent,
            enter,
        } => guard::run(
            &line,
            guard::syntax(fish, zsh),
            guard::How { silent, enter },
            &overrides,
        ),
        Command::Init { shell } => guard::init(shell),
        Command::Hook { agent, after } => setup::hook(agent, after, overrides),
        Command::Install { agent, dry_run } => setup::install(agent, dry_run, true),
        Command::Uninstall { agent, dry_run } => setup::install(agent, dry_run, false),
        Command::Doctor => doctor::run(),
        Command::Shims(args::ShimsCommand::Install { dir }) => setup::shims_install(&dir),
        Command::Inbox { no_bell, notify } => person::inbox(!no_bell, notify),
        Command::Approve { code } => person::approve(&code, &overrides),
        Command::Status => person::status(&overrides),
        Command::Goal { text } => person::goal(&text.join(" "), &context),
        Command::Session(cmd) => person::session(&cmd, &context),
        Command::Eval(args) => show::eval(&args),
        Command::Rules(args) => show::rules(&args, &overrides),
        Command::Log(args) => show::log(&args),
        Command::Report(args) => history::report(&args),
        Command::Suggest(args) => history::suggest(&args, &overrides),
        Command::Completions { shell } => {
            std::io::stdout()
                .write_all(&args::generate(shell.into()))
                .map_err(CliError::Output)?;
            Ok(0)
        }
        Command::Generate { kind } => {
            std::io::stdout()
                .write_all(&args::generate(kind))
                .map_err(CliError::Output)?;
            Ok(0)
        }
    }
}

/// The folder askrisky runs in.
fn cwd() -> Result<PathBuf, CliError> {
    std::env::current_dir().map_err(CliError::Cwd)
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

/// The absolute path of this binary, for hook commands, shims and snippets.
fn self_path() -> Result<PathBuf, CliError> {
    std::env::current_exe()
        .and_then(std::fs::canonicalize)
        .map_err(CliError::SelfPath)
}
