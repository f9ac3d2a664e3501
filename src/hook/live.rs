//! The hook surface: an agent's event ─► a [`Request`] ─► [`decide`] ─►
//! the agent's [`Permission`]. Nothing is decided here; this only says
//! what each verdict becomes where that agent can (or cannot) ask, and
//! whether "run" is an "allow" or is left to the agent's own rules
//! (`host_permissions`).
//!
//! Answer first, record second: what would be written (the log record, a
//! goal in the session store) waits until the answer is on stdout, so a
//! file that is slow to write cannot delay the answer past the agent's
//! timeout.
//!
//! In review mode the reviewer reads the agent's transcript, which the
//! agent may not have written up to this very call yet (Claude Code writes
//! it asynchronously, and a fast model's call can reach the hook first).
//! So before deciding, the hook waits — at most [`CALL_WAIT`] — until the
//! transcript holds this call's id; past that it decides with what is
//! there, which fails closed when the context is unusable.

use std::cell::RefCell;
use std::path::PathBuf;
use std::time::Duration;

use super::{Agent, Decider, Event, Permission, SessionInfo};
use crate::config::{HostPermissions, Mode, Overrides};
use crate::decide::{self, End, Options, Request, Ruling, SessionChoice, Setup, Surface};
use crate::log::{DecidedBy, Outcome};
use crate::policy::{Reason, Verdict};
use crate::session::TranscriptSource;
use crate::session::store::{self, Entry, SessionRef};
use crate::session::transcript;

/// The longest wait for the agent's transcript to record the call.
pub const CALL_WAIT: Duration = Duration::from_millis(1_500);

/// Decides with askrisky's config and state.
pub struct Live {
    /// Flags given to `askrisky hook` (tightening only).
    overrides: Overrides,
    /// The deadline, moved out when a review may take its own timeout.
    watchdog: Option<super::watchdog::Watchdog>,
    /// What to write once the answer is out.
    after: RefCell<Vec<Box<dyn FnOnce()>>>,
}

/// The agent's session id, or `default` for an agent that gave none.
fn session_id(session: &SessionInfo) -> String {
    session
        .session_id
        .clone()
        .unwrap_or_else(|| "default".into())
}

/// A project file's warnings are said once per project and agent session.
fn warn_scope(agent: Agent, session: &SessionInfo) -> decide::WarnScope {
    decide::WarnScope::Session(format!("hook:{}/{}", agent.name(), session_id(session)))
}

impl Live {
    /// A decider for one hook call.
    pub fn new(overrides: Overrides, watchdog: Option<super::watchdog::Watchdog>) -> Self {
        Self {
            overrides,
            watchdog,
            after: RefCell::new(Vec::new()),
        }
    }

    /// Writes what waited for the answer (call once it is printed).
    pub fn finish(&self) {
        for f in self.after.take() {
            f();
        }
    }

    fn later(&self, f: impl FnOnce() + 'static) {
        self.after.borrow_mut().push(Box::new(f));
    }

    /// The setup for an event in `cwd` (the agent's folder when it gave an
    /// absolute one, else askrisky's own), resolved through links: a folder
    /// given as a link into askrisky's own (or any protected) folder is
    /// judged as the folder it is, where the command's writes land.
    fn setup(&self, cwd: Option<&PathBuf>) -> Setup {
        let cwd = cwd
            .filter(|c| c.is_absolute())
            .cloned()
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("/"));
        let cwd = std::fs::canonicalize(&cwd).unwrap_or(cwd);
        Setup::load(&self.overrides, cwd)
    }

    /// Appends to the agent session's part of askrisky's session store,
    /// once the answer is out.
    fn remember(&self, agent: Agent, session: &SessionInfo, entry: Entry) {
        let state = crate::config::Dirs::from_env().state;
        let r = SessionRef::new(agent.name(), &session_id(session)).ok();
        let (Some(state), Some(r)) = (state, r) else {
            eprintln!("askrisky: not recorded: no state folder or no usable session id");
            return;
        };
        self.later(move || {
            if let Err(e) = store::append(&state, &r, &entry) {
                eprintln!("askrisky: warning: cannot record in the session store: {e}");
            }
        });
    }

    /// Decides on a request of the agent's session.
    fn rule(
        &self,
        agent: Agent,
        mut request: Request,
        session: &SessionInfo,
        setup: &Setup,
    ) -> Ruling {
        request.session = SessionChoice::Agent {
            agent: agent.name().to_owned(),
            id: session_id(session),
        };
        // The transcript path comes from the agent's harness: read it.
        request.transcript = session.transcript.clone().map(TranscriptSource::Harness);
        if let (Some(dog), Some(reviewer)) = (&self.watchdog, &setup.settings.reviewer)
            && setup.settings.mode.value == Mode::Review
        {
            // The reviewer has its own deadline, and the transcript may be
            // waited on: the answer waits for both.
            dog.extend(
                super::watchdog::BOUND + CALL_WAIT + Duration::from_secs(reviewer.timeout_s),
            );
        }
        // Only a review reads the transcript: wait for it to catch up.
        if setup.settings.mode.value == Mode::Review
            && let (Some(path), Some(id)) = (&session.transcript, &session.tool_use_id)
        {
            transcript::wait_for_call(path, id, CALL_WAIT);
        }
        decide::decide(setup, request, &Options::quiet())
    }

    /// What a ruling becomes for this agent; its record is written once the
    /// answer is out. `can_ask`: whether the agent can put a question to a
    /// person for this call.
    ///
    /// The record keeps the agent's id for the call; one handed to the
    /// agent's own prompt also keeps where its transcript was, so that the
    /// person's answer there can be matched to it later (`hook::after`).
    fn answer(
        &self,
        setup: Setup,
        agent: Agent,
        session: &SessionInfo,
        can_ask: bool,
        ruling: Ruling,
    ) -> Permission {
        let (permission, end) = answer(&setup, agent, can_ask, &ruling);
        let asked = matches!(permission, Permission::Ask { .. }) && !agent.row().after.is_empty();
        let transcript = session.transcript.clone().filter(|_| asked);
        let call = session.tool_use_id.clone();
        self.later(move || {
            // Its length is taken once the answer is out, like the rest
            // of the record: the person's answer comes after it anyway.
            let at = transcript.map(|p| crate::log::TranscriptAt {
                len: std::fs::metadata(&p).map_or(0, |m| m.len()),
                path: p.display().to_string(),
            });
            ruling.record(&setup, end.call(call).transcript(at));
        });
        permission
    }
}

/// What a ruling becomes for this agent, and how the decision ended.
/// `can_ask`: whether the agent can put a question to a person for this
/// call.
fn answer(setup: &Setup, agent: Agent, can_ask: bool, ruling: &Ruling) -> (Permission, End) {
    let explain = ruling.explain();
    // What to do instead, for the agent to act on.
    let safer = ruling.safer().map(|s| format!(" {s}")).unwrap_or_default();
    let safer_tail = ruling.safer_tail();
    let keep = setup.settings.host_permissions == HostPermissions::Keep;
    let (permission, end) = match ruling.verdict {
        // The person's config keeps the agent's own permission rules: no
        // "allow", which would skip them.
        Verdict::Run if keep => (
            Permission::Pass,
            End::new(Outcome::AskedAgent, DecidedBy::Agent),
        ),
        Verdict::Run if ruling.approved_once => (
            Permission::Allow {
                reason: "askrisky: the person approved this once with an allow-once code".into(),
            },
            End::new(Outcome::Ran, DecidedBy::Person),
        ),
        Verdict::Run if ruling.session_approved => (
            Permission::Allow {
                reason: "askrisky: the person approved this exact command, in this folder, for the rest of this session".into(),
            },
            End::new(Outcome::Ran, DecidedBy::Person),
        ),
        Verdict::Run => match contained(setup, agent, ruling) {
            Contain::Not(why) => (
                Permission::Allow {
                    reason: format!("askrisky: {explain}"),
                },
                End::new(Outcome::Ran, ruling.by).contained(Some(crate::log::Contained {
                    applied: false,
                    why_not: Some(why),
                    ..crate::log::Contained::default()
                })),
            ),
            Contain::Wrapped(command, record) => (
                Permission::Rewrite {
                    reason: format!("askrisky: {explain}; runs contained (writes only in the project, temporary folders and tool caches)"),
                    command,
                },
                End::new(Outcome::Ran, ruling.by).contained(Some(record)),
            ),
            // The floor was due and cannot be had: the person decides.
            Contain::Failed(why) if can_ask && setup.settings.no_prompt.is_none() => (
                Permission::Ask {
                    reason: format!("askrisky: {why}: it would run uncontained [contain.unavailable]"),
                },
                End::new(Outcome::AskedAgent, DecidedBy::Agent),
            ),
            Contain::Failed(why) => (
                Permission::Deny {
                    reason: format!("askrisky: not run: {why}: it would run uncontained [contain.unavailable]"),
                },
                End::new(Outcome::NotRun, DecidedBy::Strict),
            ),
        },
        Verdict::Refuse => (
            Permission::Deny {
                reason: format!(
                    "askrisky refused this command: {explain}. It is in the blocked tier: nobody can approve it through askrisky; do not retry it or work around it.{safer}"
                ),
            },
            End::new(Outcome::Refused, DecidedBy::Rule),
        ),
        // No mode in the person's config: a line askrisky has nothing
        // against is the agent's own to allow or ask about.
        Verdict::Ask
            if setup.settings.defers_clear_lines()
                && ruling.evaluation.decision.reason == Reason::AskMode =>
        {
            (
                Permission::Pass,
                End::new(Outcome::LeftToAgent, DecidedBy::Agent).message(Some(
                    "left to the agent's own approval rules: not in the danger set, and your config sets no mode".into(),
                )),
            )
        }
        Verdict::Ask => match (&setup.settings.no_prompt, can_ask) {
            (Some(src), _) => (
                Permission::Deny {
                    reason: format!(
                        "askrisky: not run: {explain} (it needs a person's approval, and none can answer: {}){safer_tail}",
                        src.why_no_prompt()
                    ),
                },
                End::new(Outcome::NotRun, DecidedBy::Strict),
            ),
            (None, true) => (
                Permission::Ask {
                    reason: format!("askrisky: {explain}{safer_tail}"),
                },
                End::new(Outcome::AskedAgent, DecidedBy::Agent),
            ),
            (None, false) => (
                Permission::Deny {
                    reason: format!(
                        "askrisky: this command needs the person's approval and {}: {explain}.{}{safer}",
                        if agent.can_ask() {
                            "nobody can answer this agent's question now"
                        } else {
                            "this agent cannot ask"
                        },
                        how_to_approve(setup, ruling)
                    ),
                },
                End::new(Outcome::NotRun, DecidedBy::Strict),
            ),
        },
    };
    (permission, end)
}

/// How a command the hook lets run will run.
enum Contain {
    /// As the agent sent it, and why not contained.
    Not(String),
    /// Wrapped to run contained: the command, and the log's account.
    Wrapped(String, crate::log::Contained),
    /// Containment was due and cannot be set up.
    Failed(String),
}

/// Whether a command this hook lets run is handed back wrapped to run
/// contained: for agents whose hook can rewrite the command, when no
/// person approved it and containment is on. The wrapper runs the line in
/// the shell the agent would have used, in its folder and environment:
/// `ASKRISKY exec --contained TOKEN -- SHELL -c LINE`, the token binding
/// exactly that argv and folder (see `token::contained`).
fn contained(setup: &Setup, agent: Agent, ruling: &Ruling) -> Contain {
    let c = &setup.settings.contain;
    if !agent.row().rewrites {
        return Contain::Not(format!(
            "{}'s hook cannot hand back a command: the floor is absent there",
            agent.row().title
        ));
    }
    if ruling.by == DecidedBy::Person {
        return Contain::Not("approved by the person".into());
    }
    if !c.enabled {
        return Contain::Not("containment is off in your config".into());
    }
    if let Err(e) = crate::contain::kernel::available() {
        return match c.unavailable {
            crate::contain::Unavailable::Run => {
                Contain::Not(format!("{e}; your config says to run anyway"))
            }
            crate::contain::Unavailable::Ask => Contain::Failed(e.to_string()),
        };
    }
    let wrap = || -> Result<Contain, String> {
        let shell = super::shell::path_of(agent, &|k| std::env::var(k).ok())
            .ok_or("the agent's shell could not be found")?;
        let exe = std::env::current_exe().map_err(|e| format!("askrisky's own path: {e}"))?;
        let state = setup.dirs.state.as_deref().ok_or("no state folder")?;
        let cwd = ruling.request.cwd.display().to_string();
        let argv = vec![
            shell.display().to_string(),
            "-c".to_owned(),
            ruling.request.line.clone(),
        ];
        let policy =
            crate::decide::floor::policy(setup, &ruling.request.cwd).map_err(|e| e.to_string())?;
        let token = crate::token::contained::grant(state, &argv, &cwd)
            .ok_or("the run's token could not be written")?;
        let mut words = vec![
            exe.display().to_string(),
            "exec".into(),
            "--contained".into(),
            token,
            "--".into(),
        ];
        words.extend(argv);
        let record = crate::log::Contained {
            applied: true,
            why_not: None,
            writable: policy
                .writable
                .iter()
                .map(|w| w.display().to_string())
                .collect(),
            unreadable: policy
                .unreadable
                .iter()
                .map(|w| w.display().to_string())
                .collect(),
            max_processes: policy.max_processes,
        };
        Ok(Contain::Wrapped(crate::parse::shell_quote(&words), record))
    };
    wrap().unwrap_or_else(|why| Contain::Failed(format!("containment could not be set up: {why}")))
}

/// For agents that can only deny: how the person can let the retry run.
fn how_to_approve(setup: &Setup, ruling: &Ruling) -> String {
    match ruling.allow_once_code(setup) {
        Some(code) => format!(
            " Tell the person: to allow it once, run `askrisky approve {code}` in your own terminal, then ask me to retry the same command."
        ),
        None => format!(
            " The person can run it in their own terminal, for example: askrisky exec -c {}",
            crate::parse::shell_quote(std::slice::from_ref(&ruling.request.line))
        ),
    }
}

/// A prompt event whose hook process descends from a command askrisky
/// vetted was not sent by the agent's prompt box: an agent can run
/// `askrisky hook …` with a payload of its own to plant "goals" the
/// reviewer would read as the person's word.
fn from_a_vetted_command() -> bool {
    std::env::var_os(decide::VETTED_ENV).is_some()
}

impl Decider for Live {
    fn decide(&self, agent: Agent, event: &Event) -> Permission {
        let surface = Surface::Hook(agent.name().to_owned());
        if matches!(event, Event::Prompt { .. } | Event::Resumed { .. }) && from_a_vetted_command()
        {
            eprintln!(
                "askrisky: not recorded: this prompt event comes from a command askrisky ran, not from the agent's prompt box"
            );
            return Permission::Pass;
        }
        match event {
            Event::Prompt { prompt, session } => {
                self.remember(
                    agent,
                    session,
                    Entry::Goal {
                        time: crate::util::now_rfc3339(),
                        text: prompt.clone(),
                        source: surface.name(),
                    },
                );
                Permission::Pass
            }
            Event::Resumed { session } => {
                self.remember(
                    agent,
                    session,
                    Entry::Resume {
                        time: crate::util::now_rfc3339(),
                    },
                );
                Permission::Pass
            }
            Event::FileWrite {
                path,
                tool,
                cwd,
                session,
            } => {
                let setup = self.setup(cwd.as_ref());
                setup.warn_project(&warn_scope(agent, session));
                let request =
                    Request::file_write(path.clone(), tool, setup.place.cwd.clone(), surface);
                let ruling = self.rule(agent, request, session, &setup);
                // A write outside askrisky's concern is the agent's own to
                // allow or ask about: answering "allow" would skip its
                // prompt. Nothing was decided, so nothing is logged.
                if ruling.verdict == Verdict::Run {
                    return Permission::Pass;
                }
                let can_ask = super::host::can_ask(agent, session);
                self.answer(setup, agent, session, can_ask, ruling)
            }
            Event::Command {
                command,
                description,
                cwd,
                session,
            } => {
                let setup = self.setup(cwd.as_ref());
                setup.warn_project(&warn_scope(agent, session));
                let syntax = super::shell::syntax_of(agent, &|k| std::env::var(k).ok());
                let mut request = Request::line(command, syntax, setup.place.cwd.clone(), surface);
                request.explanation.clone_from(description);
                let ruling = self.rule(agent, request, session, &setup);
                let can_ask = super::host::can_ask(agent, session);
                self.answer(setup, agent, session, can_ask, ruling)
            }
            Event::Other => Permission::Pass,
        }
    }
}
