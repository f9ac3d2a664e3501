//! OpenCode, through the plugin `askrisky install opencode` writes.
//!
//! OpenCode has no command hooks; its plugins are JavaScript modules that
//! it loads from `plugins/` in its config folder
//! (`~/.config/opencode/plugins/`). A plugin's `tool.execute.before` hook
//! is called with `({tool, sessionID, callID}, {args})` and blocks the
//! call by throwing: the error's message is the tool result the model
//! reads. `chat.message` is called with `({sessionID, agent, model,
//! messageID, variant}, {message, parts})` for each user message (checked
//! against OpenCode 1.18.33). askrisky's plugin passes OpenCode's own
//! objects through unchanged, as `{"hook_event_name", "input", "output",
//! "directory", "session"}`, runs `askrisky hook opencode`, and throws
//! unless the answer is `allow` or `pass` — also when askrisky fails,
//! prints something else or takes too long.
//!
//! `session` is what OpenCode says of the call's session: `{"id",
//! "parent_id", "root_id"}`, or null when it could not say. A session with
//! a parent is a subagent's, started by the task tool: its "user message"
//! is the prompt the model wrote, never the person's goal, and its commands
//! act for the root session, whose goals are the person's.
//!
//! The `bash` tool's arguments are `command`, `timeout`, `workdir`
//! (relative to the session's folder) and, in older versions,
//! `description`. A plugin can only let a call through or stop it: "ask"
//! becomes a denial that says how to approve (see
//! [`super::Agent::can_ask`]).

use std::path::PathBuf;

use serde_json::{Value, json};

use super::{Event, PayloadError, Permission, SessionInfo, str_field};

/// The session a call belongs to: the root session (the person's) when
/// the plugin could tell it, else the call's own.
fn session_info(v: &Value) -> SessionInfo {
    SessionInfo {
        session_id: str_field(v, "/session/root_id").or_else(|| str_field(v, "/input/sessionID")),
        tool_use_id: str_field(v, "/input/callID"),
        ..SessionInfo::default()
    }
}

/// Whether the message was typed in a session of the person's own: one
/// OpenCode vouched for, with no parent. A subagent's prompt, or one from a
/// session OpenCode could not describe, is not the person's word.
fn from_the_person(v: &Value) -> bool {
    let Some(session) = v.get("session").and_then(Value::as_object) else {
        return false;
    };
    let id = str_field(v, "/input/sessionID");
    id.is_some()
        && session.get("id").and_then(Value::as_str) == id.as_deref()
        && session.get("parent_id").is_none_or(Value::is_null)
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
            if role.as_deref().is_some_and(|r| r != "user") || !from_the_person(v) {
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
        Permission::Allow { reason } | Permission::Rewrite { reason, .. } => {
            json!({"decision": "allow", "reason": reason})
        }
        Permission::Pass => json!({"decision": "pass"}),
        // The plugin cannot ask: the reason says how to approve.
        Permission::Ask { reason } | Permission::Deny { reason } => {
            json!({"decision": "deny", "reason": reason})
        }
    }
}

/// A payload for something askrisky has no opinion on: `doctor`'s probe of
/// the installed hook, answered without side effects.
pub fn probe() -> Value {
    json!({"hook_event_name": "tool.execute.before", "input": {"tool": "read", "sessionID": "probe", "callID": "probe"}, "output": {"args": {}}})
}

/// The payload of a shell command `line` run in `cwd`, as the agent sends it.
pub fn command_payload(line: &str, cwd: &std::path::Path) -> Value {
    json!({"hook_event_name": "tool.execute.before", "directory": cwd, "input": {"tool": "bash", "sessionID": "probe", "callID": "probe"}, "output": {"args": {"command": line}}, "session": {"id": "probe", "parent_id": null, "root_id": "probe"}})
}
