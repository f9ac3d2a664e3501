//! GitHub Copilot CLI hooks.
//!
//! Sources: Copilot CLI's hooks documentation (`~/.copilot/hooks/*.json`,
//! version 1; preToolUse with `toolName` and `toolArgs`, a JSON *string*;
//! output `permissionDecision` allow | deny | ask with
//! `permissionDecisionReason`; userPromptSubmitted with `prompt`, whose
//! output is ignored). Failures and timeouts fail open in Copilot CLI, so
//! askrisky always answers with a decision.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::{Event, PayloadError, Permission, SessionInfo, str_field};

fn session_info(v: &Value) -> SessionInfo {
    SessionInfo {
        session_id: str_field(v, "/sessionId").or_else(|| str_field(v, "/session_id")),
        ..SessionInfo::default()
    }
}

/// Reads a Copilot CLI hook payload (the event is told by its fields).
pub fn event(v: &Value) -> Result<Event, PayloadError> {
    if let Some(tool) = str_field(v, "/toolName") {
        if !matches!(tool.as_str(), "bash" | "shell" | "powershell") {
            return Ok(Event::Other);
        }
        let args: Value = match v.get("toolArgs") {
            Some(Value::String(s)) => serde_json::from_str(s)
                .map_err(|e| PayloadError::NotJson("toolArgs", e.to_string()))?,
            Some(obj @ Value::Object(_)) => obj.clone(),
            _ => return Err(PayloadError::Missing("toolArgs")),
        };
        return Ok(Event::Command {
            command: str_field(&args, "/command")
                .ok_or(PayloadError::Missing("command in toolArgs"))?,
            description: str_field(&args, "/description"),
            cwd: str_field(v, "/cwd").map(PathBuf::from),
            session: session_info(v),
        });
    }
    if let Some(prompt) = str_field(v, "/prompt") {
        return Ok(Event::Prompt {
            prompt,
            session: session_info(v),
        });
    }
    Ok(Event::Other)
}

/// Writes Copilot CLI's answer.
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
    json!({"permissionDecision": decision, "permissionDecisionReason": reason})
}

/// A payload for something askrisky has no opinion on: `doctor`'s probe of
/// the installed hook, answered without side effects.
pub fn probe() -> Value {
    json!({"toolName": "view", "toolArgs": "{}"})
}

/// The payload of a shell command `line` run in `cwd`, as the agent sends it.
pub fn command_payload(line: &str, cwd: &std::path::Path) -> Value {
    json!({"timestamp": 1, "cwd": cwd, "toolName": "bash", "toolArgs": json!({"command": line}).to_string()})
}
