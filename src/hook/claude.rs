//! Claude Code hooks.
//!
//! Sources: Claude Code's hooks reference (PreToolUse, UserPromptSubmit,
//! SessionStart input fields; `hookSpecificOutput.permissionDecision`
//! allow | deny | ask with `permissionDecisionReason`), and runs of Claude
//! Code 2.1.197 offline against a fake model server: `deny` and `ask` both
//! stop the command in `-p` mode, `allow` skips Claude Code's own checks,
//! and a hook that exits 1 or prints invalid JSON lets the command run.
//! UserPromptSubmit stdout that is plain text would be added to the prompt;
//! a JSON object without fields adds nothing.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::{Event, PayloadError, Permission, SessionInfo, str_field};

/// Claude Code's file tools whose target path is checked.
const FILE_TOOLS: &[(&str, &str)] = &[
    ("Write", "/tool_input/file_path"),
    ("Edit", "/tool_input/file_path"),
    ("MultiEdit", "/tool_input/file_path"),
    ("NotebookEdit", "/tool_input/notebook_path"),
];

fn session_info(v: &Value) -> SessionInfo {
    SessionInfo {
        session_id: str_field(v, "/session_id"),
        transcript: str_field(v, "/transcript_path").map(PathBuf::from),
        tool_use_id: str_field(v, "/tool_use_id"),
        can_ask: None,
    }
}

/// Reads a Claude Code hook payload.
pub fn event(v: &Value) -> Result<Event, PayloadError> {
    let name = str_field(v, "/hook_event_name").ok_or(PayloadError::Missing("hook_event_name"))?;
    let cwd = str_field(v, "/cwd").map(PathBuf::from);
    match name.as_str() {
        "PreToolUse" => {
            let tool = str_field(v, "/tool_name").ok_or(PayloadError::Missing("tool_name"))?;
            if tool == "Bash" {
                let command = str_field(v, "/tool_input/command")
                    .ok_or(PayloadError::Missing("tool_input.command"))?;
                return Ok(Event::Command {
                    command,
                    description: str_field(v, "/tool_input/description"),
                    cwd,
                    session: session_info(v),
                });
            }
            if let Some((_, ptr)) = FILE_TOOLS.iter().find(|(t, _)| *t == tool) {
                let path =
                    str_field(v, ptr).ok_or(PayloadError::Missing("file path in tool_input"))?;
                return Ok(Event::FileWrite {
                    path: PathBuf::from(path),
                    tool,
                    cwd,
                    session: session_info(v),
                });
            }
            Ok(Event::Other)
        }
        "UserPromptSubmit" => Ok(Event::Prompt {
            prompt: str_field(v, "/prompt").ok_or(PayloadError::Missing("prompt"))?,
            session: session_info(v),
        }),
        "SessionStart" => match str_field(v, "/source").as_deref() {
            Some("resume" | "compact") => Ok(Event::Resumed {
                session: session_info(v),
            }),
            _ => Ok(Event::Other),
        },
        _ => Ok(Event::Other),
    }
}

/// Writes Claude Code's answer. A rewritten command goes back as
/// `updatedInput`: the tool's input as the agent sent it (`payload`), with
/// only `command` replaced, so its other fields (`timeout`,
/// `run_in_background`, `description`) stand.
pub fn answer(event: &Event, verdict: &Permission, payload: &Value) -> Value {
    if !matches!(event, Event::Command { .. } | Event::FileWrite { .. }) {
        return json!({});
    }
    if let Permission::Rewrite { reason, command } = verdict {
        let mut input = payload
            .get("tool_input")
            .filter(|v| v.is_object())
            .cloned()
            .unwrap_or_else(|| json!({}));
        input["command"] = json!(command);
        return json!({
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "allow",
                "permissionDecisionReason": reason,
                "updatedInput": input,
            }
        });
    }
    let (decision, reason) = match verdict {
        Permission::Rewrite { reason, .. } | Permission::Allow { reason } => ("allow", reason),
        Permission::Ask { reason } => ("ask", reason),
        Permission::Deny { reason } => ("deny", reason),
        Permission::Pass => return json!({}),
    };
    json!({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": decision,
            "permissionDecisionReason": reason,
        }
    })
}

/// A payload for something askrisky has no opinion on: `doctor`'s probe of
/// the installed hook, answered without side effects.
pub fn probe() -> Value {
    json!({"hook_event_name": "PreToolUse", "tool_name": "Read", "tool_input": {"file_path": "README.md"}})
}

/// The payload of a shell command `line` run in `cwd`, as the agent sends it.
pub fn command_payload(line: &str, cwd: &std::path::Path) -> Value {
    json!({"session_id": "probe", "cwd": cwd, "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": line}, "tool_use_id": "probe"})
}
