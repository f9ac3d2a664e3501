//! Decide: one request, end to end, the same for every surface.
//!
//! `exec`, `check`, every agent's hook, the guarded shell, `approve` and
//! `eval` all come here: the surface turns its input into a [`Request`],
//! calls [`decide`], and renders the [`Ruling`] in its own protocol (exec
//! or a card, hook JSON, an exit status). Everything in between lives here
//! once: askrisky's folders and settings ([`Setup`]), the folders it
//! protects, the session the reviewer reads, the evaluation (parse ─►
//! danger ─► allow ─► review ─► policy), allow-once codes, nesting tokens,
//! the one log record per decision and who decided.
//!
//! Why one home: two copies of this step drift, and a drift here is a hole
//! (an agent behind a hook once had fewer protected folders than one behind
//! `exec`). Every surface now protects exactly [`Dirs::protected`].

pub mod evaluate;
pub mod floor;
mod record;
pub mod request;

use std::path::{Path, PathBuf};
use std::time::Instant;

pub use evaluate::{ANALYSIS_BUDGET, ANALYSIS_STACK, Evaluation, allow_for, analyse};
pub use record::End;
pub use request::{Request, SessionChoice, Subject, Surface};

use crate::config::{self, Dirs, Mode, Overrides, Settings, Source, Sourced};
use crate::danger::{self, Assessment, Match, Place, Tier};
use crate::log::DecidedBy;
use crate::parse::disk::Disk;
use crate::policy::{Allow, Reason, Review, ReviewFailure, Verdict};
use crate::review::{self, Reviewed};
use crate::session::store::SessionRef;
use crate::session::{self, ContextError, Session, store};
use crate::token::{allow_once, nested, session_approval};

/// Set in the environment of every command askrisky runs. A process that
/// has it descends from a vetted command, not from the agent's own harness.
pub const VETTED_ENV: &str = "ASKRISKY_VETTED";

/// What every decision needs: askrisky's folders, the merged settings, and
/// where the command runs with the folders askrisky protects.
#[derive(Clone, Debug)]
pub struct Setup {
    /// askrisky's folders.
    pub dirs: Dirs,
    /// The merged settings (strictest wins).
    pub settings: Settings,
    /// Home, working folder and protected folders, for the danger set.
    pub place: Place,
}

impl Setup {
    /// Reads askrisky's folders from its own environment and the settings
    /// that apply in `cwd`; says on stderr what was wrong with the config,
    /// and what of a flag or the environment was ignored. What a project
    /// file could not set is for [`Setup::warn_project`] to say.
    pub fn load(overrides: &Overrides, cwd: PathBuf) -> Self {
        let dirs = Dirs::from_env();
        let settings = config::load(&dirs, &cwd, overrides, &|k| std::env::var(k).ok());
        for e in &settings.errors {
            eprintln!("askrisky: config error: {e} (using ask mode until it is fixed)");
        }
        for w in settings.warnings.iter().filter(|w| !w.from_project()) {
            eprintln!("askrisky: {w}");
        }
        Self::new(dirs, settings, cwd)
    }

    /// Says on stderr what the project file could not set: every time for
    /// `WarnScope::Always` (`check`, `doctor`, the person's own commands),
    /// else once per project and session. The mark that it was said lives
    /// in askrisky's state folder ([`crate::session::warned`]); it only
    /// ever keeps a warning from being repeated, never changes a decision.
    pub fn warn_project(&self, scope: &WarnScope) {
        let texts: Vec<String> = self
            .settings
            .warnings
            .iter()
            .filter(|w| w.from_project())
            .map(ToString::to_string)
            .collect();
        if texts.is_empty() {
            return;
        }
        let first = match (scope, self.dirs.state.as_deref()) {
            (WarnScope::Always, _) | (_, None) => true,
            (WarnScope::Session(key), Some(state)) => {
                crate::session::warned::first_time(state, key, &texts.join("\n"))
            }
        };
        if !first {
            return;
        }
        let once = match scope {
            WarnScope::Always => "",
            WarnScope::Session(_) => " (said once per project and session)",
        };
        for t in &texts {
            eprintln!("askrisky: {t}{once}");
        }
    }

    /// A setup from parts (eval and tests build their own settings).
    pub fn new(dirs: Dirs, settings: Settings, cwd: PathBuf) -> Self {
        let place = Place::new(dirs.home.clone(), cwd, dirs.protected());
        Self {
            dirs,
            settings,
            place,
        }
    }

    /// The place of a request: where it runs, and for a line typed at a
    /// guarded shell, that shell and the line (the `guard.*` rules then
    /// apply: the line runs in the shell whose guard it could take away).
    fn place_for(&self, request: &Request) -> Place {
        let typed = (request.surface == Surface::Shell)
            .then(|| danger::Typed::new(request.syntax(), &request.line));
        Place {
            cwd: request.cwd.clone(),
            typed,
            ..self.place.clone()
        }
    }
}

/// How often a project file's warnings are said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WarnScope {
    /// Every time (`check`, `doctor`, the person's own commands).
    Always,
    /// Once per project and this session: an agent's session, a guarded
    /// shell, a process that calls askrisky again and again. The key names
    /// the session (`hook:claude-code/5f1e…`, `shell:4242:9911`).
    Session(String),
}

impl WarnScope {
    /// Once per session of the process that started this one (its parent,
    /// named with its start time, so a reused pid is another session):
    /// the guarded shell, or an agent's harness calling `askrisky exec`.
    /// Every time where the parent cannot be told.
    pub fn parent_process() -> Self {
        let parent = u64::from(std::os::unix::process::parent_id());
        match crate::platform::start_time(parent) {
            Some(start) if parent > 1 => Self::Session(format!("process:{parent}:{start}")),
            _ => Self::Always,
        }
    }
}

/// How a surface wants the decision made.
pub struct Options<'a> {
    /// Show "reviewing the command…" on the terminal during a review.
    pub status_line: bool,
    /// Own Ctrl-C, SIGTERM, SIGHUP and SIGQUIT while the reviewer is asked
    /// (and, with [`Ruling::watch_signals`], while a person is): askrisky
    /// then ends without running and logs the cancellation.
    pub watch_signals: bool,
    /// Where the reviewer's API key is read from.
    pub env: &'a dyn Fn(&str) -> Option<String>,
}

fn process_env(k: &str) -> Option<String> {
    std::env::var(k).ok()
}

impl Options<'static> {
    /// No status line, no signal watcher, keys from askrisky's environment.
    pub fn quiet() -> Self {
        Self {
            status_line: false,
            watch_signals: false,
            env: &process_env,
        }
    }
}

/// A decision on one request, ready to be acted on and recorded.
#[must_use = "a ruling must be acted on (run, ask or refuse) and recorded"]
pub struct Ruling {
    /// What was decided on.
    pub request: Request,
    /// The parse, the danger set's assessment, the allow rule, the review
    /// and the policy's decision.
    pub evaluation: Evaluation,
    /// What to do: the policy's verdict, or `Run` when the person approved
    /// exactly this request once with an allow-once code.
    pub verdict: Verdict,
    /// Who made the call when the verdict is `Run` or `Refuse`.
    pub by: DecidedBy,
    /// The mode the decision was made in, and where it came from.
    pub mode: Sourced<Mode>,
    /// The session, as `agent/id`, when known.
    pub session: Option<String>,
    /// True when an allow-once approval was spent on this request.
    pub approved_once: bool,
    /// How long the person took to approve the allow-once code spent here,
    /// from the refusal (for the log's answer time).
    pub person_answer_ms: Option<u64>,
    /// True when the person had approved exactly this request for the rest
    /// of its session (see [`session_approval`]).
    pub session_approved: bool,
    started: Instant,
    watcher: Option<crate::signals::Cancel>,
}

impl Ruling {
    /// The decision's reason as one line.
    pub fn explain(&self) -> String {
        self.evaluation.decision.explain()
    }

    /// What to do instead, as one sentence for a refusal or a hook reason
    /// ("A safer way: …"), when a rule behind the decision has one.
    pub fn safer(&self) -> Option<String> {
        danger::safer::sentence(&danger::safer_ways(self.evaluation.decision.matches()))
    }

    /// The safer way as the end of a one-line message (`. A safer way:
    /// ….`), or nothing.
    pub fn safer_tail(&self) -> String {
        self.safer().map(|s| format!(". {s}")).unwrap_or_default()
    }

    /// Writes this decision's log record (one per process: see
    /// [`record::write`]).
    pub fn record(&self, setup: &Setup, end: End) {
        record::write(&setup.dirs, &record::of(self, end));
    }

    /// Records the request under a fresh allow-once code and returns the
    /// code, as shown (`K7Q2-9XM3`). `None` when nothing could be recorded,
    /// or for an agent's file write (which has no command to retry).
    pub fn allow_once_code(&self, setup: &Setup) -> Option<String> {
        if matches!(self.request.subject, Subject::FileWrite { .. }) {
            return None;
        }
        let state = setup.dirs.state.as_deref()?;
        let pending = allow_once::Pending::new(
            &self.request.line,
            &self.request.cwd.display().to_string(),
            self.session.as_deref(),
            &self.request.surface.name(),
        );
        allow_once::record(state, &pending)
            .ok()
            .map(|c| allow_once::show(&c))
    }

    /// What the card shows of this decision, for an allow-once approval
    /// bound to it: the rules matched and the scripts run, as read.
    pub fn shown(&self) -> allow_once::Shown {
        allow_once::Shown {
            codes: self
                .evaluation
                .assessment
                .codes()
                .into_iter()
                .map(str::to_owned)
                .collect(),
            files: files_digest(&self.evaluation.script),
        }
    }

    /// Records the person's approval of exactly this request (line,
    /// folder, the rules it matched, the files it runs as read) for the
    /// rest of `session`. Never for the blocked tier or a file write.
    pub fn approve_for_session(&self, setup: &Setup, session: &str) -> std::io::Result<()> {
        if self.evaluation.assessment.tier == Tier::Blocked
            || matches!(self.request.subject, Subject::FileWrite { .. })
        {
            return Err(std::io::Error::other(
                "the blocked tier and file writes cannot be approved for a session",
            ));
        }
        let state = setup
            .dirs
            .state
            .as_deref()
            .ok_or_else(|| std::io::Error::other("no state folder"))?;
        let codes = self
            .evaluation
            .assessment
            .codes()
            .into_iter()
            .map(str::to_owned)
            .collect();
        let approval = session_approval::Approval::new(
            &self.request.line,
            &self.request.cwd.display().to_string(),
            session,
            codes,
            files_digest(&self.evaluation.script),
        );
        session_approval::grant(state, &approval).map(|_| ())
    }

    /// Starts the signal watcher if it is not running yet: from here until
    /// askrisky execs or exits, an interrupt is logged as a cancellation.
    pub fn watch_signals(&mut self, setup: &Setup) {
        if self.watcher.is_none() {
            self.watcher = Some(record::watch(
                setup,
                &self.request,
                &self.mode,
                self.started,
                false,
            ));
        }
    }

    /// The environment askrisky adds for a command it runs:
    /// - [`VETTED_ENV`], so that what the command starts is known to come
    ///   from a vetted command (a prompt event from there is not the
    ///   person's: see `hook::live`);
    /// - under a shim (or when itself nested), a nesting token bound to this
    ///   process, so that what the approved command starts runs unless it
    ///   hits the blocked tier or the danger set.
    pub fn command_env(&self, setup: &Setup) -> Vec<(&'static str, String)> {
        let mut env = vec![(VETTED_ENV, "1".to_owned())];
        let under_shim = std::env::var_os(nested::SHIM_ENV).is_some();
        if under_shim || self.mode.source == Source::Nested {
            env.extend(
                setup
                    .dirs
                    .state
                    .as_deref()
                    .and_then(|st| nested::grant(st, &self.request.line))
                    .map(|token| (nested::ENV, token)),
            );
        }
        env
    }
}

/// Decides on a request. Never fails: every fault (an unreadable session, a
/// reviewer that cannot answer, a line that does not parse) is a value in
/// the evaluation, and every such value asks.
pub fn decide(setup: &Setup, request: Request, options: &Options<'_>) -> Ruling {
    let started = Instant::now();
    let state = setup.dirs.state.as_deref();
    let mode = mode_for(setup, &request);
    let session = session_ref(state, &request.session)
        .ok()
        .flatten()
        .map(|r| r.display());
    let place = setup.place_for(&request);
    let disk = disk_for(setup, &request);
    let mut watcher = None;
    let evaluation = match &request.subject {
        Subject::FileWrite { path, tool } => file_write(&place, path, tool, &request.line),
        Subject::Line(_) | Subject::Argv(_) => evaluate::evaluate(
            &request,
            mode.value,
            &setup.settings,
            &place,
            disk.as_ref(),
            || {
                if options.watch_signals {
                    watcher = Some(record::watch(setup, &request, &mode, started, true));
                }
                let _status = options
                    .status_line
                    .then(|| crate::approve::Spinner::start("reviewing the command…"));
                review_request(setup, &request, options.env)
            },
        ),
    };
    let mut evaluation = evaluation;
    contain_or_ask(setup, &request, &mut evaluation);
    let policy = evaluation.decision.verdict;
    // An allow-once code the person approved for exactly this request
    // (line, folder, session): spent here, once, and only where the
    // command will run.
    let spent = (policy == Verdict::Ask
        && request.surface.runs()
        && !matches!(request.subject, Subject::FileWrite { .. }))
    .then(|| {
        state.and_then(|st| {
            allow_once::take(
                st,
                &request.line,
                &request.cwd.display().to_string(),
                session.as_deref(),
                &evaluation.assessment.codes(),
                &files_digest(&evaluation.script),
            )
        })
    })
    .flatten();
    let approved_once = spent.is_some();
    let person_answer_ms = spent.as_ref().and_then(allow_once::Pending::answer_ms);
    // Or an approval of exactly this request for the rest of its session;
    // not spent, and never of the blocked tier (which refuses).
    let session_approved = !approved_once
        && policy == Verdict::Ask
        && session_approved(state, &request, session.as_deref(), &evaluation);
    let (verdict, by) = if approved_once || session_approved {
        (Verdict::Run, DecidedBy::Person)
    } else {
        (policy, decided_by(&evaluation.decision.reason))
    };
    Ruling {
        request,
        evaluation,
        verdict,
        by,
        mode,
        session,
        approved_once,
        person_answer_ms,
        session_approved,
        started,
        watcher,
    }
}

/// Whether a run on this surface would be contained: `exec`, `check`
/// (which says what `exec` would do), and the hooks of agents that let
/// askrisky rewrite the command (it then runs through `askrisky exec`).
pub fn contains(request: &Request) -> bool {
    match &request.surface {
        Surface::Exec | Surface::Check => true,
        Surface::Hook(agent) => {
            crate::agents::Agent::named(agent).is_some_and(|a| a.row().rewrites)
        }
        Surface::Shell | Surface::Approve | Surface::Eval => false,
    }
}

/// What containment does to a line the policy would run without a person:
/// it runs contained, unless it cannot be (the kernel cannot contain here
/// and the person's config does not say to run anyway) or the request
/// asked to run uncontained (`exec --uncontained`). Those ask: running
/// without the floor is the person's call. Pure but for the one probe of
/// the kernel.
fn contain_or_ask(setup: &Setup, request: &Request, evaluation: &mut Evaluation) {
    if evaluation.decision.verdict != Verdict::Run
        || !contains(request)
        || matches!(request.subject, Subject::FileWrite { .. })
    {
        return;
    }
    let contain = &setup.settings.contain;
    let ask = |code: &str, detail: String| crate::policy::Decision {
        verdict: Verdict::Ask,
        reason: Reason::Containment {
            code: code.to_owned(),
            detail,
        },
    };
    if request.uncontained {
        evaluation.decision = ask(
            "contain.requested",
            "running it uncontained was asked for: that needs a person's approval".into(),
        );
        return;
    }
    if !contain.enabled || contain.unavailable == crate::contain::Unavailable::Run {
        return;
    }
    if let Err(e) = crate::contain::kernel::available() {
        evaluation.decision = ask(
            "contain.unavailable",
            format!("{e}, and it would run uncontained: a person must approve it"),
        );
    }
}

/// Whether the person approved exactly this request for the rest of its
/// session: the same line, folder and session, no danger-set rule the
/// approval did not name, the same files read. Where the decision leads to
/// running it, and in `check`, which says what would happen; never for a
/// blocked line or an agent's file write.
fn session_approved(
    state: Option<&Path>,
    request: &Request,
    session: Option<&str>,
    evaluation: &Evaluation,
) -> bool {
    let (Some(state), Some(session)) = (state, session) else {
        return false;
    };
    // Never the blocked tier, nor a file write (neither can be approved
    // for a session), and only where a command runs or `check` says
    // whether it would.
    let approvable = evaluation.assessment.tier != Tier::Blocked
        && !matches!(request.subject, Subject::FileWrite { .. });
    if !approvable || !(request.surface.runs() || request.surface == Surface::Check) {
        return false;
    }
    session_approval::find(
        state,
        &request.line,
        &request.cwd.display().to_string(),
        session,
        &evaluation.assessment.codes(),
        &files_digest(&evaluation.script),
    )
    .is_some()
}

/// A digest of the files a line runs, as they were read and judged (empty
/// when it runs none): an approval of `bash build.sh` is of that script.
fn files_digest(script: &crate::parse::Script) -> String {
    if script.files.is_empty() {
        return String::new();
    }
    let mut ctx = ring::digest::Context::new(&ring::digest::SHA256);
    for f in &script.files {
        for part in [f.path.as_bytes(), f.text.as_bytes()] {
            ctx.update(&(part.len() as u64).to_be_bytes());
            ctx.update(part);
        }
    }
    let hex: String = ctx
        .finish()
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("sha256:{hex}")
}

/// How far back a file counts as the project's own rather than something
/// written in this session, when the session's start is not known.
const SESSION_GUESS: std::time::Duration = std::time::Duration::from_secs(12 * 3600);

/// Where the scripts a request runs are read from (see `parse::disk`):
/// its folder, and the session's start for telling a project's own files
/// from ones written since. Not for a line the person typed at their own
/// shell (their scripts are theirs), nor for eval's cases (their folders
/// are not this machine's).
fn disk_for(setup: &Setup, request: &Request) -> Option<Disk> {
    if matches!(request.surface, Surface::Shell | Surface::Eval) {
        return None;
    }
    let now = std::time::SystemTime::now();
    let started = setup.dirs.state.as_deref().and_then(|st| {
        let r = session_ref(Some(st), &request.session).ok().flatten()?;
        std::fs::metadata(store::path(st, &r))
            .and_then(|m| m.created())
            .ok()
    });
    let since = started.unwrap_or_else(|| now.checked_sub(SESSION_GUESS).unwrap_or(now));
    Some(Disk::new(
        request.cwd.clone(),
        setup.dirs.home.clone(),
        std::env::var_os("PATH").as_deref(),
        since,
    ))
}

/// Who decided, by the policy's reason. Exhaustive on purpose: a new
/// reason must say who it belongs to.
fn decided_by(reason: &Reason) -> DecidedBy {
    match reason {
        Reason::Blocked { .. } | Reason::Danger { .. } | Reason::Containment { .. } => {
            DecidedBy::Rule
        }
        Reason::AllowRule { .. } => DecidedBy::AllowRule,
        Reason::AskMode | Reason::Clear => DecidedBy::Mode,
        Reason::ReviewerAllowed { .. }
        | Reason::ReviewerAsked { .. }
        | Reason::ReviewerUnavailable { .. } => DecidedBy::Reviewer,
    }
}

/// The mode a request is decided in. Settings give it, except:
/// - a line the person typed at their own guarded shell is their explicit
///   request: only the blocked tier and the danger set stop it;
/// - an agent's own file tool is judged only on protected paths (its own
///   permission prompt covers the rest);
/// - a child of an approved command (a nesting token granted to one of this
///   process's ancestors) runs unless it hits the danger set.
fn mode_for(setup: &Setup, request: &Request) -> Sourced<Mode> {
    let autopilot = |source| Sourced {
        value: Mode::Autopilot,
        source,
    };
    if request.surface == Surface::Shell {
        return autopilot(Source::Typed);
    }
    if matches!(request.subject, Subject::FileWrite { .. }) {
        return autopilot(Source::FileTool);
    }
    let nested = request
        .nested_token
        .as_deref()
        .zip(setup.dirs.state.as_deref())
        .is_some_and(|(token, state)| nested::accepted(state, token));
    if nested {
        return autopilot(Source::Nested);
    }
    setup.settings.mode.clone()
}

/// An agent's file tool writing `path`: in the danger set when the path is
/// protected (`protected.write`), clear otherwise.
fn file_write(place: &Place, path: &Path, tool: &str, line: &str) -> Evaluation {
    // A file with more than one name (a hard link made earlier): writing it
    // writes every name, and another may be protected — which a path
    // cannot show.
    let names = std::fs::symlink_metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map_or(1, |m| std::os::unix::fs::MetadataExt::nlink(&m));
    let shared = (names > 1)
        .then(|| format!("a file with {names} names (hard links); another may be protected"));
    let matches: Vec<Match> = danger::protected::protected_reason(place, &path.to_string_lossy())
        .map(str::to_owned)
        .or(shared)
        .map(|what| Match {
            code: "protected.write".into(),
            tier: Tier::Danger,
            sentence: format!(
                "{tool} would change {} ({what}), which controls what runs later or how askrisky guards",
                crate::escape::escape(&path.display().to_string())
            ),
            command: line.to_owned(),
            operands: None,
        })
        .into_iter()
        .collect();
    let assessment = Assessment {
        tier: matches.first().map_or(Tier::Clear, |m| m.tier),
        matches,
    };
    Evaluation::of(
        crate::parse::Script::default(),
        assessment,
        Allow::None,
        Review::NotNeeded,
        None,
        Mode::Autopilot,
    )
}

/// The session a choice names, if any.
fn session_ref(
    state: Option<&Path>,
    choice: &SessionChoice,
) -> Result<Option<SessionRef>, ContextError> {
    Ok(match choice {
        SessionChoice::None | SessionChoice::Built(_) => None,
        SessionChoice::Current => match state {
            Some(st) => store::current(st)?,
            None => None,
        },
        SessionChoice::Named(s) => Some(SessionRef::parse(s)?),
        SessionChoice::Agent { agent, id } => SessionRef::new(agent, id).ok(),
    })
}

/// What the reviewer is told about the session: askrisky's own store, then
/// the transcript (one from the agent's harness is read; one given on a
/// command line only inside the agents' transcript folders).
fn load_session(setup: &Setup, request: &Request) -> Result<Session, ContextError> {
    if let SessionChoice::Built(s) = &request.session {
        return Ok((**s).clone());
    }
    let state = setup.dirs.state.as_deref();
    let chosen = session_ref(state, &request.session)?;
    let allowed =
        session::transcript_dirs(setup.dirs.home.as_deref(), &setup.settings.transcript_dirs);
    session::load(
        state,
        chosen.as_ref(),
        request.transcript.as_ref(),
        &allowed,
    )
}

fn unavailable(cause: ReviewFailure, detail: impl Into<String>) -> Reviewed {
    Reviewed {
        review: Review::Unavailable {
            cause,
            detail: detail.into(),
        },
        meta: review::Meta::default(),
    }
}

/// Asks the configured reviewer about a request.
fn review_request(
    setup: &Setup,
    request: &Request,
    env: &dyn Fn(&str) -> Option<String>,
) -> Reviewed {
    if request.surface == Surface::Approve {
        return unavailable(
            ReviewFailure::NotCalled,
            "you are approving this request yourself",
        );
    }
    let session = match load_session(setup, request) {
        Ok(s) => s,
        // Without the context it was promised the reviewer cannot judge
        // injection: it is not asked, and the person decides.
        Err(e) => return unavailable(ReviewFailure::Context, e.to_string()),
    };
    let cwd = request.cwd.display().to_string();
    review::review(
        &prompt_input(request, &cwd, &session),
        setup.settings.reviewer.as_ref(),
        env,
    )
}

/// What the reviewer is shown of a request.
fn prompt_input<'a>(
    request: &'a Request,
    cwd: &'a str,
    session: &'a Session,
) -> review::prompt::Input<'a> {
    review::prompt::Input {
        command: &request.line,
        cwd,
        explanation: request.explanation.as_deref(),
        session,
    }
}

/// The exact reviewer request a decision would send (`check
/// --show-prompt`; or why the reviewer could not be sent one), or the
/// context that could not be read, in which case none would be sent.
pub fn preview(setup: &Setup, request: &Request) -> Result<String, ContextError> {
    let session = load_session(setup, request)?;
    let cwd = request.cwd.display().to_string();
    let input = prompt_input(request, &cwd, &session);
    Ok(review::preview(&input, setup.settings.reviewer.as_ref())
        .unwrap_or_else(|e| format!("{e}\n")))
}

#[cfg(test)]
mod tests;
