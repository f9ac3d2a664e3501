//! Hooks: an agent's hook JSON on stdin ─► askrisky's decision ─► the
//! agent's answer on stdout.
//!
//! Each agent module only translates: its payload into an [`Event`], and a
//! [`Permission`] back into its JSON. The decision is the shared engine's.
//!
//! The threat specific to hooks: several agents run the tool anyway when a
//! hook crashes, exits with an unexpected status or prints invalid JSON
//! (Claude Code with exit 1, Gemini CLI and Copilot CLI on any failure). So
//! [`handle`] never fails: bad input, a panic, an unwritable log — every
//! path still prints a valid answer that denies or asks, and exits 0.

pub mod after;
pub mod claude;
pub mod codex;
pub mod copilot;
pub mod cursor;
pub mod gemini;
pub mod host;
pub mod live;
pub mod opencode;
pub mod pi;
pub mod qwen;
pub mod shell;
pub mod supervise;
pub mod watchdog;

use std::path::PathBuf;

use serde_json::Value;

pub use crate::agents::Agent;

/// What the agent's hook reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A shell command is about to run.
    Command {
        /// The command line.
        command: String,
        /// The agent's description of it.
        description: Option<String>,
        /// Where it runs.
        cwd: Option<PathBuf>,
        /// Session ids and transcript.
        session: SessionInfo,
    },
    /// A file is about to be written by the agent's own file tool.
    FileWrite {
        /// The file.
        path: PathBuf,
        /// The tool's name.
        tool: String,
        /// Where the agent runs.
        cwd: Option<PathBuf>,
        /// Session ids.
        session: SessionInfo,
    },
    /// The person submitted a prompt.
    Prompt {
        /// What they typed.
        prompt: String,
        /// Session ids.
        session: SessionInfo,
    },
    /// The session was resumed or compacted.
    Resumed {
        /// Session ids.
        session: SessionInfo,
    },
    /// Anything askrisky has no opinion on (another tool, another event).
    Other,
}

/// Why a payload could not be read as an event.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PayloadError {
    /// A field the event needs is absent (or not a string).
    #[error("no {0}")]
    Missing(&'static str),
    /// A field that must hold JSON text does not.
    #[error("{0} is not JSON: {1}")]
    NotJson(&'static str, String),
}

/// Where the session's context is, and what the host said about this call.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SessionInfo {
    /// The agent's session id.
    pub session_id: Option<String>,
    /// The agent's transcript, from its harness.
    pub transcript: Option<PathBuf>,
    /// The id of this tool call, as the transcript will record it.
    pub tool_use_id: Option<String>,
    /// Whether the host said it can put a question to a person right now
    /// (a plugin that knows its UI); `None` when the payload does not say.
    pub can_ask: Option<bool>,
}

/// What askrisky answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Permission {
    /// Let it run.
    Allow {
        /// Why (shown to the person where the agent shows it).
        reason: String,
    },
    /// Hand it to the person through the agent's own permission prompt.
    Ask {
        /// Why, for the person.
        reason: String,
    },
    /// Let it run, as this command instead (the hook's agent runs what the
    /// hook hands back): the same line, wrapped to run contained through
    /// askrisky. Only for agents whose hook can rewrite
    /// ([`crate::agents::Row::rewrites`]).
    Rewrite {
        /// Why (shown to the person where the agent shows it).
        reason: String,
        /// The command to run in place of the agent's.
        command: String,
    },
    /// Do not run it.
    Deny {
        /// Why, for the agent (and the person where shown).
        reason: String,
    },
    /// No opinion: the agent's own rules apply.
    Pass,
}

/// The longest reason put in an answer (agents cap hook output).
const MAX_REASON: usize = 2_000;

impl Permission {
    fn capped(self) -> Self {
        let cap = |s: String| crate::util::cut_middle(&s, MAX_REASON);
        match self {
            Self::Allow { reason } => Self::Allow {
                reason: cap(reason),
            },
            // The command is never cut: cut, it would be another command.
            Self::Rewrite { reason, command } => Self::Rewrite {
                reason: cap(reason),
                command,
            },
            Self::Ask { reason } => Self::Ask {
                reason: cap(reason),
            },
            Self::Deny { reason } => Self::Deny {
                reason: cap(reason),
            },
            Self::Pass => Self::Pass,
        }
    }
}

/// Reads a payload's field as a string.
pub(crate) fn str_field(v: &Value, pointer: &str) -> Option<String> {
    v.pointer(pointer)
        .and_then(Value::as_str)
        .map(str::to_owned)
}

/// The longest hook input read (agents send one JSON object).
const MAX_INPUT: u64 = 16 << 20;

/// Runs one hook call: reads the payload, decides, and returns the answer
/// to print. Never fails and never panics out: see the module docs.
pub fn handle(agent: Agent, input: &[u8], deps: &dyn Decider) -> String {
    let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let payload: Value = match serde_json::from_slice(input) {
            Ok(v @ Value::Object(_)) => v,
            Ok(_) => {
                return fail_closed(
                    agent,
                    "askrisky could not read the hook input (not a JSON object)",
                );
            }
            Err(e) => {
                return fail_closed(
                    agent,
                    &format!("askrisky could not read the hook input ({e})"),
                );
            }
        };
        let event = match agent {
            Agent::ClaudeCode => claude::event(&payload),
            Agent::Codex => codex::event(&payload),
            Agent::Gemini => gemini::event(&payload),
            Agent::Cursor => cursor::event(&payload),
            Agent::Copilot => copilot::event(&payload),
            Agent::OpenCode => opencode::event(&payload),
            Agent::Pi => pi::event(&payload),
            Agent::Qwen => qwen::event(&payload),
        };
        let event = match event {
            Ok(e) => e,
            Err(e) => {
                return fail_closed(
                    agent,
                    &format!("askrisky could not read the hook input: {e}"),
                );
            }
        };
        let verdict = deps.decide(agent, &event).capped();
        answer(agent, &event, &verdict, &payload)
    }));
    answer.unwrap_or_else(|_| fail_closed(agent, "askrisky failed while deciding"))
}

/// Reads stdin (bounded) for [`handle`].
pub fn read_input() -> Vec<u8> {
    use std::io::Read;
    let mut buf = Vec::new();
    let _ = std::io::stdin().take(MAX_INPUT).read_to_end(&mut buf);
    buf
}

/// The answer when askrisky cannot tell what the agent wants: never allow.
/// Gemini CLI meets "ask" in a headless run by stopping the turn, and which
/// run this is cannot be told here: it is denied.
pub(crate) fn fail_closed(agent: Agent, why: &str) -> String {
    let verdict = if agent.can_ask() && agent != Agent::Gemini {
        Permission::Ask {
            reason: format!("{why}; the person must decide"),
        }
    } else {
        Permission::Deny {
            reason: format!("{why}; not run"),
        }
    };
    // Without a parsed event, answer as for a command.
    let event = Event::Command {
        command: String::new(),
        description: None,
        cwd: None,
        session: SessionInfo::default(),
    };
    answer(agent, &event, &verdict, &Value::Null)
}

fn answer(agent: Agent, event: &Event, verdict: &Permission, payload: &Value) -> String {
    let v = match agent {
        Agent::ClaudeCode => claude::answer(event, verdict, payload),
        Agent::Codex => codex::answer(event, verdict),
        Agent::Gemini => gemini::answer(event, verdict),
        Agent::Cursor => cursor::answer(event, verdict),
        Agent::Copilot => copilot::answer(event, verdict),
        Agent::OpenCode => opencode::answer(event, verdict),
        Agent::Pi => pi::answer(event, verdict),
        Agent::Qwen => qwen::answer(event, verdict),
    };
    v.to_string()
}

/// A payload `agent` sends for something askrisky has no opinion on: a
/// harmless probe that the installed hook answers without side effects.
pub fn probe_payload(agent: Agent) -> Value {
    match agent {
        Agent::ClaudeCode => claude::probe(),
        Agent::Codex => codex::probe(),
        Agent::Gemini => gemini::probe(),
        Agent::Cursor => cursor::probe(),
        Agent::Copilot => copilot::probe(),
        Agent::OpenCode => opencode::probe(),
        Agent::Pi => pi::probe(),
        Agent::Qwen => qwen::probe(),
    }
}

/// The payload `agent` sends for a shell command `line` run in `cwd`.
pub fn command_payload(agent: Agent, line: &str, cwd: &std::path::Path) -> Value {
    match agent {
        Agent::ClaudeCode => claude::command_payload(line, cwd),
        Agent::Codex => codex::command_payload(line, cwd),
        Agent::Gemini => gemini::command_payload(line, cwd),
        Agent::Cursor => cursor::command_payload(line, cwd),
        Agent::Copilot => copilot::command_payload(line, cwd),
        Agent::OpenCode => opencode::command_payload(line, cwd),
        Agent::Pi => pi::command_payload(line, cwd),
        Agent::Qwen => qwen::command_payload(line, cwd),
    }
}

/// What [`handle`] needs from the rest of askrisky (the engine, the session
/// store, the log), so adapters stay pure translators and tests can drive
/// them.
pub trait Decider {
    /// Decides on an event.
    fn decide(&self, agent: Agent, event: &Event) -> Permission;
}

#[cfg(test)]
mod tests;
