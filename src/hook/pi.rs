//! Pi, through the extension `askrisky install pi` writes.
//!
//! Pi's extensions are TypeScript modules loaded from
//! `~/.pi/agent/extensions/`; a `tool_call` handler blocks a call by
//! returning `{block: true, reason}`, and a handler that throws blocks it
//! too; `input` sees what the person submitted, with its `source`
//! (`interactive` typed, `rpc` from the program driving Pi, `extension`
//! sent by an extension); `ctx.hasUI` is false in print (`-p`) and JSON
//! modes, where nobody can be asked (sources: Pi's extensions
//! documentation). askrisky's extension sends
//! `{"hook_event_name", "tool_name", "tool_call_id", "input", "cwd",
//! "session_id", "has_ui"}` for a tool call and `{"hook_event_name":
//! "input", "text", "source", "session_id"}` for a prompt, and blocks
//! unless askrisky answers `allow` or `pass` — or `ask` and the person
//! confirms in Pi's own dialog.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::{Event, PayloadError, Permission, SessionInfo, str_field};

fn session_info(v: &Value) -> SessionInfo {
    SessionInfo {
        session_id: str_field(v, "/session_id"),
        tool_use_id: str_field(v, "/tool_call_id"),
        can_ask: Some(v.get("has_ui").and_then(Value::as_bool).unwrap_or(false)),
        ..SessionInfo::default()
    }
}

/// Reads the extension's payload.
pub fn event(v: &Value) -> Result<Event, PayloadError> {
    let name = str_field(v, "/hook_event_name").ok_or(PayloadError::Missing("hook_event_name"))?;
    match name.as_str() {
        "tool_call" => {
            if str_field(v, "/tool_name").as_deref() != Some("bash") {
                return Ok(Event::Other);
            }
            Ok(Event::Command {
                command: str_field(v, "/input/command")
                    .ok_or(PayloadError::Missing("input.command"))?,
                description: None,
                cwd: str_field(v, "/cwd").map(PathBuf::from),
                session: session_info(v),
            })
        }
        // Text an extension sent is not the person's.
        "input" => match str_field(v, "/source").as_deref() {
            Some("interactive" | "rpc") => Ok(Event::Prompt {
                prompt: str_field(v, "/text").ok_or(PayloadError::Missing("text"))?,
                session: session_info(v),
            }),
            _ => Ok(Event::Other),
        },
        _ => Ok(Event::Other),
    }
}

/// Writes the extension's answer.
pub fn answer(event: &Event, verdict: &Permission) -> Value {
    if !matches!(event, Event::Command { .. }) {
        return json!({"decision": "pass"});
    }
    match verdict {
        Permission::Allow { reason } | Permission::Rewrite { reason, .. } => {
            json!({"decision": "allow", "reason": reason})
        }
        Permission::Ask { reason } => json!({"decision": "ask", "reason": reason}),
        Permission::Deny { reason } => json!({"decision": "deny", "reason": reason}),
        Permission::Pass => json!({"decision": "pass"}),
    }
}

/// A payload for something askrisky has no opinion on: `doctor`'s probe of
/// the installed hook, answered without side effects.
pub fn probe() -> Value {
    json!({"hook_event_name": "tool_call", "tool_name": "read", "input": {}, "has_ui": false})
}

/// The payload of a shell command `line` run in `cwd`, as the agent sends it.
pub fn command_payload(line: &str, cwd: &std::path::Path) -> Value {
    json!({"hook_event_name": "tool_call", "tool_name": "bash", "tool_call_id": "probe", "input": {"command": line}, "cwd": cwd, "session_id": "probe", "has_ui": true})
}
