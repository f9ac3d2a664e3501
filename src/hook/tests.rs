//! Each agent's payloads ─► events ─► exact answers, with scripted verdicts;
//! and every way the input can be bad still yields a valid, closed answer.

use super::*;
use serde_json::json;

struct Scripted(Permission);

impl Decider for Scripted {
    fn decide(&self, _: Agent, _: &Event) -> Permission {
        self.0.clone()
    }
}

struct Panics;

impl Decider for Panics {
    fn decide(&self, _: Agent, _: &Event) -> Permission {
        panic!("boom")
    }
}

fn run(agent: Agent, payload: &Value, verdict: Permission) -> Value {
    let out = handle(agent, payload.to_string().as_bytes(), &Scripted(verdict));
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn ask() -> Permission {
    Permission::Ask {
        reason: "why".into(),
    }
}

fn claude_bash(cmd: &str) -> Value {
    json!({"session_id":"abc","transcript_path":"/home/u/.claude/projects/p/abc.jsonl","cwd":"/home/u/p",
           "permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash",
           "tool_input":{"command":cmd,"description":"d"},"tool_use_id":"t1","future_field":{"x":1}})
}

#[test]
fn claude_code() {
    let p = claude_bash("rm -rf build");
    assert_eq!(
        claude::event(&p),
        Ok(Event::Command {
            command: "rm -rf build".into(),
            description: Some("d".into()),
            cwd: Some("/home/u/p".into()),
            session: SessionInfo {
                session_id: Some("abc".into()),
                transcript: Some("/home/u/.claude/projects/p/abc.jsonl".into()),
            },
        })
    );
    for (v, d) in [
        (ask(), "ask"),
        (
            Permission::Allow {
                reason: "why".into(),
            },
            "allow",
        ),
        (
            Permission::Deny {
                reason: "why".into(),
            },
            "deny",
        ),
    ] {
        assert_eq!(
            run(Agent::ClaudeCode, &p, v),
            json!({"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":d,"permissionDecisionReason":"why"}})
        );
    }
    let prompt = json!({"session_id":"abc","transcript_path":"/t","cwd":"/","hook_event_name":"UserPromptSubmit","prompt":"fix it"});
    assert!(
        matches!(claude::event(&prompt), Ok(Event::Prompt { prompt, .. }) if prompt == "fix it")
    );
    assert_eq!(run(Agent::ClaudeCode, &prompt, Permission::Pass), json!({}));
    let write = json!({"session_id":"abc","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/home/u/.bashrc","content":"x"}});
    assert!(matches!(claude::event(&write), Ok(Event::FileWrite { tool, .. }) if tool == "Write"));
    let read = json!({"session_id":"abc","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/etc/passwd"}});
    assert_eq!(claude::event(&read), Ok(Event::Other));
    assert_eq!(run(Agent::ClaudeCode, &read, Permission::Pass), json!({}));
    let resume = json!({"session_id":"abc","hook_event_name":"SessionStart","source":"resume"});
    assert!(matches!(claude::event(&resume), Ok(Event::Resumed { .. })));
}

#[test]
fn codex_only_denies() {
    let p = json!({"session_id":"s","turn_id":"t","transcript_path":"/r.jsonl","cwd":"/p","hook_event_name":"PreToolUse",
                   "model":"gpt-5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":["bash","-lc","git push -f"]},"tool_use_id":"c1"});
    assert!(
        matches!(codex::event(&p), Ok(Event::Command { command, .. }) if command == "bash -lc 'git push -f'")
    );
    let denied = json!({"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"why"}});
    assert_eq!(run(Agent::Codex, &p, ask()), denied);
    assert_eq!(
        run(
            Agent::Codex,
            &p,
            Permission::Deny {
                reason: "why".into()
            }
        ),
        denied
    );
    assert_eq!(
        run(
            Agent::Codex,
            &p,
            Permission::Allow {
                reason: "why".into()
            }
        ),
        json!({})
    );
    let s = json!({"session_id":"s","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls -la"}});
    assert!(matches!(codex::event(&s), Ok(Event::Command { command, .. }) if command == "ls -la"));
}

#[test]
fn gemini() {
    let p = json!({"session_id":"s","transcript_path":"/t.json","cwd":"/p","hook_event_name":"BeforeTool","timestamp":"2026-11-29T00:00:00Z",
                   "tool_name":"run_shell_command","tool_input":{"command":"npm test","description":"run tests","dir_path":"/p/sub"}});
    assert!(
        matches!(gemini::event(&p), Ok(Event::Command { cwd: Some(c), .. }) if c == std::path::Path::new("/p/sub"))
    );
    assert_eq!(
        run(Agent::Gemini, &p, ask()),
        json!({"decision":"ask","reason":"why","systemMessage":"askrisky: why"})
    );
    assert_eq!(
        run(
            Agent::Gemini,
            &p,
            Permission::Deny {
                reason: "no".into()
            }
        ),
        json!({"decision":"deny","reason":"no"})
    );
    let other = json!({"hook_event_name":"BeforeTool","tool_name":"read_file","tool_input":{}});
    assert_eq!(gemini::event(&other), Ok(Event::Other));
    let prompt = json!({"session_id":"s","hook_event_name":"BeforeAgent","prompt":"refactor"});
    assert!(matches!(gemini::event(&prompt), Ok(Event::Prompt { .. })));
}

#[test]
fn cursor() {
    let p = json!({"conversation_id":"c1","generation_id":"g1","hook_event_name":"beforeShellExecution","command":"git push","cwd":"/p","workspace_roots":["/p"]});
    assert_eq!(
        run(Agent::Cursor, &p, ask()),
        json!({"permission":"ask","user_message":"why","agent_message":"askrisky: the person must approve this command: why"})
    );
    let prompt = json!({"conversation_id":"c1","hook_event_name":"beforeSubmitPrompt","prompt":"hi","attachments":[]});
    assert_eq!(
        run(Agent::Cursor, &prompt, Permission::Pass),
        json!({"continue": true})
    );
}

#[test]
fn copilot() {
    let p = json!({"timestamp":1764460800000u64,"cwd":"/p","toolName":"bash","toolArgs":"{\"command\":\"rm -rf dist\",\"description\":\"clean\"}"});
    assert!(
        matches!(copilot::event(&p), Ok(Event::Command { command, .. }) if command == "rm -rf dist")
    );
    assert_eq!(
        run(Agent::Copilot, &p, ask()),
        json!({"permissionDecision":"ask","permissionDecisionReason":"why"})
    );
    let bad_args = json!({"cwd":"/p","toolName":"bash","toolArgs":"{not json"});
    assert!(copilot::event(&bad_args).is_err());
    let prompt = json!({"timestamp":1,"cwd":"/p","prompt":"do it"});
    assert!(matches!(copilot::event(&prompt), Ok(Event::Prompt { .. })));
}

#[test]
fn bad_input_never_allows() {
    let cases: &[&[u8]] = &[
        b"",
        b"not json",
        b"{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\"}",
        b"[]",
        b"\xff\xfe",
    ];
    for agent in Agent::ALL {
        for input in cases {
            let out = handle(
                agent,
                input,
                &Scripted(Permission::Allow { reason: "x".into() }),
            );
            let v: Value =
                serde_json::from_str(&out).unwrap_or_else(|e| panic!("{agent:?}: {e}: {out}"));
            let text = v.to_string();
            assert!(!text.contains("\"allow\""), "{agent:?} {input:?}: {text}");
            // An event of another agent's protocol is simply not ours ({}).
            let foreign =
                input.starts_with(b"{") && !matches!(agent, Agent::ClaudeCode | Agent::Codex);
            if !foreign {
                assert!(
                    text.contains("ask") || text.contains("deny"),
                    "{agent:?} {input:?}: {text}"
                );
            }
        }
    }
}

#[test]
fn a_panic_while_deciding_still_answers() {
    for agent in Agent::ALL {
        let payload = match agent {
            Agent::ClaudeCode => claude_bash("ls"),
            Agent::Codex => {
                json!({"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}})
            }
            Agent::Gemini => {
                json!({"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls"}})
            }
            Agent::Cursor => {
                json!({"hook_event_name":"beforeShellExecution","command":"ls","cwd":"/"})
            }
            Agent::Copilot => {
                json!({"toolName":"bash","toolArgs":"{\"command\":\"ls\"}","cwd":"/"})
            }
        };
        let out = handle(agent, payload.to_string().as_bytes(), &Panics);
        assert!(
            out.contains("ask") || out.contains("deny"),
            "{agent:?}: {out}"
        );
        assert!(
            out.contains("askrisky failed while deciding"),
            "{agent:?}: {out}"
        );
    }
}

#[test]
fn long_reasons_are_capped() {
    let p = claude_bash("ls");
    let v = run(
        Agent::ClaudeCode,
        &p,
        Permission::Ask {
            reason: "x".repeat(50_000),
        },
    );
    let r = v
        .pointer("/hookSpecificOutput/permissionDecisionReason")
        .and_then(Value::as_str)
        .unwrap_or_default();
    assert!(r.chars().count() <= MAX_REASON);
}
