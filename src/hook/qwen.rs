//! Qwen Code hooks.
//!
//! Sources: Qwen Code's hooks documentation (`~/.qwen/settings.json`,
//! `hooks.PreToolUse[{matcher, hooks:[{type:"command", command, timeout}]}]`
//! with the timeout in milliseconds; PreToolUse input `tool_name`,
//! `tool_input`, `tool_use_id`, `permission_mode`; output
//! `hookSpecificOutput.permissionDecision` allow | deny | ask with
//! `permissionDecisionReason`, where "ask" falls back to "deny" in headless
//! runs; exit codes other than 0 and 2 are non-blocking errors, so the tool
//! runs). Its shell tool is `run_shell_command`, whose folder is
//! `directory` (older: `dir_path`), relative to the project.
//!
//! UserPromptSubmit's `prompt` is whatever goes to the model next, tool
//! results included; only `submitted_prompt`, present when the person typed
//! it in the terminal, is the person's word.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::{Event, PayloadError, Permission, SessionInfo, str_field};

fn session_info(v: &Value) -> SessionInfo {
    // Qwen Code's chat records are not a transcript format askrisky reads:
    // goals come from its prompt hook.
    SessionInfo {
        session_id: str_field(v, "/session_id"),
        tool_use_id: str_field(v, "/tool_use_id"),
        ..SessionInfo::default()
    }
}

/// Reads a Qwen Code hook payload.
pub fn event(v: &Value) -> Result<Event, PayloadError> {
    let name = str_field(v, "/hook_event_name").ok_or(PayloadError::Missing("hook_event_name"))?;
    match name.as_str() {
        "PreToolUse" => {
            let tool = str_field(v, "/tool_name").unwrap_or_default();
            if tool != "run_shell_command" {
                return Ok(Event::Other);
            }
            let cwd = str_field(v, "/cwd").map(PathBuf::from);
            let dir = str_field(v, "/tool_input/directory")
                .or_else(|| str_field(v, "/tool_input/dir_path"))
                .filter(|d| !d.is_empty());
            let cwd = match (dir, cwd) {
                (Some(d), Some(c)) => Some(c.join(d)),
                (Some(d), None) => Some(PathBuf::from(d)),
                (None, c) => c,
            };
            Ok(Event::Command {
                command: str_field(v, "/tool_input/command")
                    .ok_or(PayloadError::Missing("tool_input.command"))?,
                description: str_field(v, "/tool_input/description"),
                cwd,
                session: session_info(v),
            })
        }
        "UserPromptSubmit" => match str_field(v, "/submitted_prompt") {
            Some(prompt) => Ok(Event::Prompt {
                prompt,
                session: session_info(v),
            }),
            None => Ok(Event::Other),
        },
        "SessionStart" => match str_field(v, "/source").as_deref() {
            Some("resume" | "compact") => Ok(Event::Resumed {
                session: session_info(v),
            }),
            _ => Ok(Event::Other),
        },
        _ => Ok(Event::Other),
    }
}

/// Writes Qwen Code's answer.
pub fn answer(event: &Event, verdict: &Permission) -> Value {
    if !matches!(event, Event::Command { .. }) {
        return json!({});
    }
    let (decision, reason) = match verdict {
        Permission::Allow { reason } | Permission::Rewrite { reason, .. } => ("allow", reason),
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
    json!({"hook_event_name": "PreToolUse", "tool_name": "read_file", "tool_input": {}})
}

/// The payload of a shell command `line` run in `cwd`, as the agent sends it.
pub fn command_payload(line: &str, cwd: &std::path::Path) -> Value {
    json!({"session_id": "probe", "cwd": cwd, "hook_event_name": "PreToolUse", "tool_name": "run_shell_command", "tool_input": {"command": line}, "tool_use_id": "probe"})
}
