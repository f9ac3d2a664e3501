//! OpenCode, through the plugin `askrisky install opencode` writes.
//!
//! OpenCode has no command hooks; its plugins are JavaScript modules
//! loaded from `~/.config/opencode/plugins/` whose `tool.execute.before`
//! hook blocks a tool call by throwing, and whose `chat.message` hook sees
//! each message the person sends (sources: OpenCode's plugin
//! documentation and its `@opencode-ai/plugin` types). askrisky's plugin
//! passes OpenCode's own objects through unchanged, as
//! `{"hook_event_name", "input", "output", "directory"}`, runs
//! `askrisky hook opencode`, and throws unless the answer is `allow` or
//! `pass` — also when askrisky fails, prints something else or takes too
//! long.
//!
//! The `bash` tool's arguments are `command`, `description`, `timeout` and
//! (newer versions) `workdir`, relative to the session's folder. A plugin
//! can only let a call through or stop it: "ask" becomes a denial that
//! says how to approve (see [`super::Agent::can_ask`]).

use std::path::PathBuf;

use serde_json::{Value, json};

use super::{Event, PayloadError, Permission, SessionInfo, str_field};

fn session_info(v: &Value) -> SessionInfo {
    SessionInfo {
        session_id: str_field(v, "/input/sessionID"),
        tool_use_id: str_field(v, "/input/callID"),
        ..SessionInfo::default()
    }
}

/// Reads the plugin's payload.
pub fn event(v: &Value) -> Result<Event, PayloadError> {
    let name = str_field(v, "/hook_event_name").ok_or(PayloadError::Missing("hook_event_name"))?;
    match name.as_str() {
        "tool.execute.before" => {
            let tool = str_field(v, "/input/tool").ok_or(PayloadError::Missing("input.tool"))?;
            if tool != "bash" {
                return Ok(Event::Other);
            }
            let command = str_field(v, "/output/args/command")
                .ok_or(PayloadError::Missing("output.args.command"))?;
            let dir = str_field(v, "/directory").map(PathBuf::from);
            let cwd = match (str_field(v, "/output/args/workdir"), dir) {
                (Some(w), Some(d)) => Some(d.join(w)),
                (Some(w), None) => Some(PathBuf::from(w)),
                (None, d) => d,
            };
            Ok(Event::Command {
                command,
                description: str_field(v, "/output/args/description"),
                cwd,
                session: session_info(v),
            })
        }
        "chat.message" => {
            // The person's message: its text parts that OpenCode did not
            // add itself (file contents, tool output are `synthetic`).
            let role = str_field(v, "/output/message/role");
            if role.as_deref().is_some_and(|r| r != "user") {
                return Ok(Event::Other);
            }
            let parts = v
                .pointer("/output/parts")
                .and_then(Value::as_array)
                .ok_or(PayloadError::Missing("output.parts"))?;
            let text: Vec<&str> = parts
                .iter()
                .filter(|p| p.get("type").and_then(Value::as_str) == Some("text"))
                .filter(|p| !p.get("synthetic").and_then(Value::as_bool).unwrap_or(false))
                .filter_map(|p| p.get("text").and_then(Value::as_str))
                .filter(|t| !t.trim().is_empty())
                .collect();
            if text.is_empty() {
                return Ok(Event::Other);
            }
            Ok(Event::Prompt {
                prompt: text.join("\n"),
                session: session_info(v),
            })
        }
        _ => Ok(Event::Other),
    }
}

/// Writes the plugin's answer: `allow` and `pass` let the call through,
/// anything else stops it with the reason.
pub fn answer(event: &Event, verdict: &Permission) -> Value {
    if !matches!(event, Event::Command { .. }) {
        return json!({"decision": "pass"});
    }
    match verdict {
        Permission::Allow { reason } => json!({"decision": "allow", "reason": reason}),
        Permission::Pass => json!({"decision": "pass"}),
        // The plugin cannot ask: the reason says how to approve.
        Permission::Ask { reason } | Permission::Deny { reason } => {
            json!({"decision": "deny", "reason": reason})
        }
    }
}
