//! Cursor hooks.
//!
//! Sources: Cursor's hooks documentation (`~/.cursor/hooks.json`, version 1;
//! beforeShellExecution with `command`, `cwd`, `conversation_id`; output
//! `permission` allow | deny | ask with `user_message` for the person and
//! `agent_message` for the agent; beforeSubmitPrompt with `prompt`, answered
//! `{"continue": true}`).

use std::path::PathBuf;

use serde_json::{Value, json};

use super::{Event, PayloadError, Permission, SessionInfo, str_field};

fn session_info(v: &Value) -> SessionInfo {
    SessionInfo {
        session_id: str_field(v, "/conversation_id"),
        transcript: str_field(v, "/transcript_path").map(PathBuf::from),
        ..SessionInfo::default()
    }
}

/// Reads a Cursor hook payload.
pub fn event(v: &Value) -> Result<Event, PayloadError> {
    let name = str_field(v, "/hook_event_name").unwrap_or_else(|| {
        if v.get("command").is_some() {
            "beforeShellExecution".into()
        } else if v.get("prompt").is_some() {
            "beforeSubmitPrompt".into()
        } else {
            String::new()
        }
    });
    match name.as_str() {
        "beforeShellExecution" => Ok(Event::Command {
            command: str_field(v, "/command").ok_or(PayloadError::Missing("command"))?,
            description: None,
            cwd: str_field(v, "/cwd").map(PathBuf::from),
            session: session_info(v),
        }),
        "beforeSubmitPrompt" => Ok(Event::Prompt {
            prompt: str_field(v, "/prompt").ok_or(PayloadError::Missing("prompt"))?,
            session: session_info(v),
        }),
        _ => Ok(Event::Other),
    }
}

/// Writes Cursor's answer.
pub fn answer(event: &Event, verdict: &Permission) -> Value {
    match event {
        Event::Prompt { .. } => json!({"continue": true}),
        Event::Command { .. } => match verdict {
            Permission::Allow { reason } | Permission::Rewrite { reason, .. } => {
                json!({"permission": "allow", "user_message": reason, "agent_message": reason})
            }
            Permission::Ask { reason } => {
                json!({"permission": "ask", "user_message": reason, "agent_message": format!("askrisky: the person must approve this command: {reason}")})
            }
            Permission::Deny { reason } => {
                json!({"permission": "deny", "user_message": reason, "agent_message": reason})
            }
            Permission::Pass => json!({}),
        },
        _ => json!({}),
    }
}

/// A payload for something askrisky has no opinion on: `doctor`'s probe of
/// the installed hook, answered without side effects.
pub fn probe() -> Value {
    json!({"hook_event_name": "afterFileEdit"})
}

/// The payload of a shell command `line` run in `cwd`, as the agent sends it.
pub fn command_payload(line: &str, cwd: &std::path::Path) -> Value {
    json!({"conversation_id": "probe", "generation_id": "probe", "hook_event_name": "beforeShellExecution", "command": line, "cwd": cwd, "workspace_roots": [cwd]})
}
