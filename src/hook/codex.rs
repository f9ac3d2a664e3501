//! Codex CLI hooks.
//!
//! Sources: the Codex hooks documentation (hooks.json or `[hooks]` in
//! config.toml; PreToolUse with tool_name `Bash` and `tool_input.command`,
//! UserPromptSubmit with `prompt`; non-managed hooks run only once the
//! person trusts them in `/hooks`). Codex honours only a denial
//! (`permissionDecision: "deny"` with a reason, or exit 2); "ask" or a bare
//! "allow" is logged as a hook failure and the command runs. So askrisky
//! answers "ask" with a denial whose reason tells the person how to approve,
//! and "allow" with no decision. Codex shows the reason followed by
//! ". Command: …", so the reason's own final period is left off.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::{Event, PayloadError, Permission, SessionInfo, str_field};

fn session_info(v: &Value) -> SessionInfo {
    SessionInfo {
        session_id: str_field(v, "/session_id"),
        transcript: str_field(v, "/transcript_path").map(PathBuf::from),
        tool_use_id: str_field(v, "/tool_use_id"),
        can_ask: None,
    }
}

/// The command line of a Codex shell call: a string, or an argv such as
/// `["bash", "-lc", "LINE"]`.
fn command(v: &Value) -> Option<String> {
    match v.pointer("/tool_input/command")? {
        Value::String(s) => Some(s.clone()),
        Value::Array(parts) => {
            let words: Vec<String> = parts
                .iter()
                .map(|p| p.as_str().map(str::to_owned))
                .collect::<Option<_>>()?;
            Some(crate::parse::shell_quote(&words))
        }
        _ => None,
    }
}

/// Reads a Codex hook payload.
pub fn event(v: &Value) -> Result<Event, PayloadError> {
    let name = str_field(v, "/hook_event_name").ok_or(PayloadError::Missing("hook_event_name"))?;
    match name.as_str() {
        "PreToolUse" => {
            let tool = str_field(v, "/tool_name").unwrap_or_default();
            if !matches!(
                tool.as_str(),
                "Bash" | "shell" | "local_shell" | "exec_command"
            ) {
                return Ok(Event::Other);
            }
            Ok(Event::Command {
                command: command(v).ok_or(PayloadError::Missing("tool_input.command"))?,
                description: None,
                cwd: str_field(v, "/cwd").map(PathBuf::from),
                session: session_info(v),
            })
        }
        "UserPromptSubmit" => Ok(Event::Prompt {
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

/// Writes Codex's answer.
pub fn answer(event: &Event, verdict: &Permission) -> Value {
    if !matches!(event, Event::Command { .. }) {
        return json!({});
    }
    let reason = match verdict {
        Permission::Allow { .. } | Permission::Rewrite { .. } | Permission::Pass => {
            return json!({});
        }
        // Codex cannot ask; the reason says how the person can run it.
        Permission::Deny { reason } | Permission::Ask { reason } => {
            reason.trim_end().trim_end_matches('.').to_owned()
        }
    };
    json!({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": reason,
        }
    })
}

/// A payload for something askrisky has no opinion on: `doctor`'s probe of
/// the installed hook, answered without side effects.
pub fn probe() -> Value {
    json!({"hook_event_name": "PreToolUse", "tool_name": "apply_patch", "tool_input": {}})
}

/// The payload of a shell command `line` run in `cwd`, as the agent sends it.
pub fn command_payload(line: &str, cwd: &std::path::Path) -> Value {
    json!({"session_id": "probe", "cwd": cwd, "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": line}, "tool_use_id": "probe"})
}
