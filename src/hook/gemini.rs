//! Gemini CLI hooks.
//!
//! Sources: Gemini CLI's hooks reference (BeforeTool with `tool_name` and
//! `tool_input`, BeforeAgent with `prompt`, SessionStart with `source`;
//! output `decision` and `reason`) and its hook types, whose decision set is
//! `ask | block | deny | approve | allow`. A hook that fails makes Gemini CLI
//! warn and continue, so askrisky always answers with a decision.
//!
//! `run_shell_command` runs in `dir_path` (older versions: `directory`),
//! which Gemini CLI resolves against its target folder when relative: so
//! is it here, against the payload's `cwd`. Whether a person is there to
//! answer "ask" is not in the payload; the hook surface finds out
//! ([`super::host`]), and turns "ask" into a denial when nobody is.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::{Event, PayloadError, Permission, SessionInfo, str_field};

fn session_info(v: &Value) -> SessionInfo {
    SessionInfo {
        session_id: str_field(v, "/session_id"),
        transcript: str_field(v, "/transcript_path").map(PathBuf::from),
        ..SessionInfo::default()
    }
}

/// Where the command runs: `dir_path` (or `directory`) resolved against
/// `cwd`, else `cwd`. A relative folder with no `cwd` to resolve it
/// against is left relative; the hook surface then uses its own folder,
/// which is where Gemini CLI started it.
fn command_dir(v: &Value) -> Option<PathBuf> {
    let cwd = str_field(v, "/cwd").map(PathBuf::from);
    let dir = str_field(v, "/tool_input/dir_path")
        .or_else(|| str_field(v, "/tool_input/directory"))
        .filter(|d| !d.is_empty());
    match (dir, cwd) {
        (Some(d), Some(c)) => Some(c.join(d)),
        (Some(d), None) => Some(PathBuf::from(d)),
        (None, c) => c,
    }
}

/// Reads a Gemini CLI hook payload.
pub fn event(v: &Value) -> Result<Event, PayloadError> {
    let name = str_field(v, "/hook_event_name").ok_or(PayloadError::Missing("hook_event_name"))?;
    match name.as_str() {
        "BeforeTool" => {
            let tool = str_field(v, "/tool_name").unwrap_or_default();
            if tool != "run_shell_command" {
                return Ok(Event::Other);
            }
            let cwd = command_dir(v);
            Ok(Event::Command {
                command: str_field(v, "/tool_input/command")
                    .ok_or(PayloadError::Missing("tool_input.command"))?,
                description: str_field(v, "/tool_input/description"),
                cwd,
                session: session_info(v),
            })
        }
        "BeforeAgent" => Ok(Event::Prompt {
            prompt: str_field(v, "/prompt").ok_or(PayloadError::Missing("prompt"))?,
            session: session_info(v),
        }),
        "SessionStart" => match str_field(v, "/source").as_deref() {
            Some("resume") => Ok(Event::Resumed {
                session: session_info(v),
            }),
            _ => Ok(Event::Other),
        },
        _ => Ok(Event::Other),
    }
}

/// Writes Gemini CLI's answer.
pub fn answer(event: &Event, verdict: &Permission) -> Value {
    if !matches!(event, Event::Command { .. }) {
        return json!({});
    }
    match verdict {
        Permission::Allow { reason } | Permission::Rewrite { reason, .. } => {
            json!({"decision": "allow", "reason": reason})
        }
        // The reason already names askrisky.
        Permission::Ask { reason } => {
            json!({"decision": "ask", "reason": reason, "systemMessage": reason})
        }
        Permission::Deny { reason } => json!({"decision": "deny", "reason": reason}),
        Permission::Pass => json!({}),
    }
}

/// A payload for something askrisky has no opinion on: `doctor`'s probe of
/// the installed hook, answered without side effects.
pub fn probe() -> Value {
    json!({"hook_event_name": "BeforeTool", "tool_name": "read_file", "tool_input": {}})
}

/// The payload of a shell command `line` run in `cwd`, as the agent sends it.
pub fn command_payload(line: &str, cwd: &std::path::Path) -> Value {
    json!({"session_id": "probe", "cwd": cwd, "hook_event_name": "BeforeTool", "tool_name": "run_shell_command", "tool_input": {"command": line}})
}
