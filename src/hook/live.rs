//! The real decider behind `askrisky hook <agent>`: the shared engine, the
//! session store and the log. No policy lives here; it maps the engine's
//! decision onto what each agent's hook can express.

use std::path::PathBuf;
use std::time::Instant;

use super::{Agent, Context, Decider, Event, Verdict};
use crate::config::{self, Dirs, Overrides};
use crate::danger;
use crate::engine;
use crate::log::{self, DecidedBy, Outcome};
use crate::policy::{Reason, Review, Verdict as V};
use crate::request::{Request, Surface, Syntax};
use crate::review;
use crate::session::store::{self, Record, SessionRef};
use crate::session::{self, TranscriptSource};

/// Decides with askrisky's engine, config and state.
pub struct Live {
    /// Flags given to `askrisky hook` (tightening only).
    pub overrides: Overrides,
}

fn session_ref(agent: Agent, ctx: &Context) -> Option<SessionRef> {
    let id = ctx.session_id.as_deref().unwrap_or("default");
    SessionRef::new(agent.name(), id).ok()
}

impl Live {
    fn record(&self, agent: Agent, ctx: &Context, rec: &Record) {
        let dirs = Dirs::from_env();
        let (Some(state), Some(r)) = (dirs.state, session_ref(agent, ctx)) else {
            eprintln!("askrisky: not recorded: no state folder or no usable session id");
            return;
        };
        if let Err(e) = store::append(&state, &r, rec) {
            eprintln!("askrisky: warning: cannot record in the session store: {e}");
        }
    }

    fn file_write(
        &self,
        agent: Agent,
        path: &std::path::Path,
        tool: &str,
        cwd: Option<&PathBuf>,
    ) -> Verdict {
        let dirs = Dirs::from_env();
        let cwd = cwd
            .filter(|c| c.is_absolute())
            .cloned()
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("/"));
        let ctx = danger::Context {
            home: dirs.home.clone(),
            cwd,
            own_dirs: dirs
                .config
                .iter()
                .chain(dirs.state.iter())
                .cloned()
                .collect(),
        };
        let Some(what) = danger::paths::protected_reason(&ctx, &path.to_string_lossy()) else {
            return Verdict::Pass;
        };
        let reason = format!(
            "askrisky: {tool} would change {} ({what}), which controls what runs later or how askrisky guards [protected.write]",
            crate::escape::escape(&path.display().to_string())
        );
        // One record per decision, file writes included.
        let settings = config::load(&dirs, &ctx.cwd, &self.overrides, &|k| std::env::var(k).ok());
        let (outcome, decided_by) = if agent.can_ask() {
            (Outcome::AskedAgent, DecidedBy::Agent)
        } else {
            (Outcome::NotRun, DecidedBy::Strict)
        };
        let rec = log::Record {
            v: log::SCHEMA_VERSION,
            time: log::now_rfc3339(),
            surface: format!("hook:{}", agent.name()),
            cwd: ctx.cwd.display().to_string(),
            command: format!("{tool} {}", path.display()),
            commands: Vec::new(),
            mode: settings.mode.value.as_str().into(),
            mode_source: settings.mode.source.to_string(),
            tier: "danger".into(),
            rules: vec!["protected.write".into()],
            decision: "ask".into(),
            outcome,
            decided_by,
            reason: reason.clone(),
            message: None,
            reviewer: None,
            duration_ms: 0,
            answer_ms: None,
            session: None,
        };
        if let Some(state) = &dirs.state
            && let Err(e) = log::append(state, &rec)
        {
            eprintln!("askrisky: warning: cannot write the decision log: {e}");
        }
        if agent.can_ask() {
            Verdict::Ask { reason }
        } else {
            Verdict::Deny { reason }
        }
    }

    fn command(
        &self,
        agent: Agent,
        command: &str,
        description: Option<&str>,
        cwd: Option<&PathBuf>,
        context: &Context,
    ) -> Verdict {
        let started = Instant::now();
        let dirs = Dirs::from_env();
        let cwd = cwd
            .filter(|c| c.is_absolute())
            .cloned()
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("/"));
        let settings = config::load(&dirs, &cwd, &self.overrides, &|k| std::env::var(k).ok());
        for e in &settings.errors {
            eprintln!("askrisky: config error: {e} (using ask mode until it is fixed)");
        }
        let request = Request {
            line: command.to_owned(),
            argv: None,
            cwd: cwd.clone(),
            explanation: description.map(str::to_owned),
            surface: Surface::Hook(agent.name().to_owned()),
            not_utf8: false,
            syntax: Syntax::Posix,
        };
        let ctx = danger::Context {
            home: dirs.home.clone(),
            cwd: cwd.clone(),
            own_dirs: dirs
                .config
                .iter()
                .chain(dirs.state.iter())
                .cloned()
                .collect(),
        };
        let chosen = session_ref(agent, context);
        let eval = engine::evaluate(&request, &settings, &ctx, |r, _| {
            let allowed = session::transcript_dirs(dirs.home.as_deref(), &settings.transcript_dirs);
            // The transcript path comes from the agent's harness: read it.
            let transcript = context.transcript.clone().map(TranscriptSource::Harness);
            match session::load(
                dirs.state.as_deref(),
                chosen.as_ref(),
                transcript.as_ref(),
                &allowed,
            ) {
                Ok(s) => {
                    let cwd = r.cwd.display().to_string();
                    let input = review::prompt::Input {
                        command: &r.line,
                        cwd: &cwd,
                        explanation: r.explanation.as_deref(),
                        session: &s,
                    };
                    review::review(&input, settings.reviewer.as_ref(), &|k| {
                        std::env::var(k).ok()
                    })
                }
                Err(e) => review::Outcome {
                    review: Review::Unavailable {
                        cause: "context".into(),
                        detail: e.to_string(),
                    },
                    meta: review::Meta::default(),
                },
            }
        });
        let explain = eval.decision.explain();
        let by_reason = match &eval.decision.reason {
            Reason::Blocked { .. } | Reason::Danger { .. } => DecidedBy::Rule,
            Reason::AllowRule { .. } => DecidedBy::AllowRule,
            Reason::AskMode | Reason::Clear => DecidedBy::Mode,
            _ => DecidedBy::Reviewer,
        };
        let session_name = chosen.as_ref().map(SessionRef::display);
        // A retry the person approved once with an allow-once code.
        let approved_once = eval.decision.verdict == V::Ask
            && dirs.state.as_deref().is_some_and(|st| {
                crate::approvals::take(
                    st,
                    command,
                    &cwd.display().to_string(),
                    session_name.as_deref(),
                )
                .is_some()
            });
        let (verdict, outcome, by) = match eval.decision.verdict {
            V::Ask if approved_once => (
                Verdict::Allow {
                    reason: "askrisky: the person approved this once with an allow-once code"
                        .into(),
                },
                Outcome::Ran,
                DecidedBy::Person,
            ),
            V::Run => (
                Verdict::Allow {
                    reason: format!("askrisky: {explain}"),
                },
                Outcome::Ran,
                by_reason,
            ),
            V::Refuse => (
                Verdict::Deny {
                    reason: format!(
                        "askrisky refused this command: {explain}. It is in the blocked tier: nobody can approve it through askrisky; do not retry it or work around it."
                    ),
                },
                Outcome::Refused,
                DecidedBy::Rule,
            ),
            V::Ask => match (&settings.no_prompt, agent.can_ask()) {
                (Some(src), _) => (
                    Verdict::Deny {
                        reason: format!(
                            "askrisky: not run: {explain} (it needs a person's approval, and none can answer: {})",
                            src.why_no_prompt()
                        ),
                    },
                    Outcome::NotRun,
                    DecidedBy::Strict,
                ),
                (None, true) => (
                    Verdict::Ask {
                        reason: format!("askrisky: {explain}"),
                    },
                    Outcome::AskedAgent,
                    DecidedBy::Agent,
                ),
                (None, false) => (
                    Verdict::Deny {
                        reason: format!(
                            "askrisky: this command needs the person's approval and this agent cannot ask: {explain}.{}",
                            self.how_to_approve(&request, session_name.as_deref())
                        ),
                    },
                    Outcome::NotRun,
                    DecidedBy::Strict,
                ),
            },
        };
        let mut rec = crate::app::record(&request, &settings, &eval, outcome, by, started);
        rec.session = chosen.map(|r| r.display());
        match &dirs.state {
            Some(state) => {
                if let Err(e) = log::append(state, &rec) {
                    eprintln!("askrisky: warning: cannot write the decision log: {e}");
                }
            }
            None => eprintln!("askrisky: warning: no state folder for the decision log (set HOME)"),
        }
        verdict
    }
}

impl Live {
    /// For agents that can only deny: how the person can let the retry run.
    fn how_to_approve(&self, request: &Request, session: Option<&str>) -> String {
        let code = Dirs::from_env().state.and_then(|state| {
            crate::approvals::record(
                &state,
                &crate::approvals::Pending {
                    line: request.line.clone(),
                    cwd: request.cwd.display().to_string(),
                    session: session.map(str::to_owned),
                    surface: request.surface.name(),
                    created: std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs()),
                    approved: None,
                },
            )
            .ok()
        });
        match code {
            Some(c) => format!(
                " Tell the person: to allow it once, run `askrisky approve {}` in your own terminal, then ask me to retry the same command.",
                crate::approvals::show(&c)
            ),
            None => format!(
                " The person can run it in their own terminal, for example: askrisky exec -c {}",
                crate::request::shell_quote(std::slice::from_ref(&request.line))
            ),
        }
    }
}

impl Decider for Live {
    fn decide(&self, agent: Agent, event: &Event) -> Verdict {
        match event {
            Event::Prompt { prompt, context } => {
                self.record(
                    agent,
                    context,
                    &Record::Goal {
                        time: log::now_rfc3339(),
                        text: prompt.clone(),
                        source: format!("hook:{}", agent.name()),
                    },
                );
                Verdict::Pass
            }
            Event::Resumed { context } => {
                self.record(
                    agent,
                    context,
                    &Record::Resume {
                        time: log::now_rfc3339(),
                    },
                );
                Verdict::Pass
            }
            Event::FileWrite {
                path, tool, cwd, ..
            } => self.file_write(agent, path, tool, cwd.as_ref()),
            Event::Command {
                command,
                description,
                cwd,
                context,
            } => self.command(
                agent,
                command,
                description.as_deref(),
                cwd.as_ref(),
                context,
            ),
            Event::Other => Verdict::Pass,
        }
    }
}
