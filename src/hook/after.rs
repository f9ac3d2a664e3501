//! After a tool ran: the person's answer at the agent's own prompt.
//!
//! When askrisky's hook answers "ask", the agent shows its own prompt and
//! askrisky never sees the answer. Claude Code reports each command that
//! ran with a PostToolUse event; askrisky's hook for it (`askrisky hook
//! claude-code --after`, installed from [`crate::agents::Row::after`])
//! matches the event to the request it handed over — the same session, and
//! the same call id (`tool_use_id`), or the same command line where the
//! event has no id — and records that the command ran on the person's yes
//! at that prompt. A request of askrisky's that was not an "ask" (allowed,
//! denied, or left to the agent's own rules, which may have run it without
//! a prompt) is never matched, and one call is recorded once.
//!
//! This hook only records. Its answer is always the empty object, printed
//! before anything is read from the log — for any input, for input it
//! cannot read, and (through `hook::supervise` and the watchdog) when the
//! recording fails or its process dies — so it cannot change a decision
//! and its failure cannot stop the agent.
//!
//! Claude Code runs a command after "ask" without the person where its
//! permission mode skips prompts: only in the modes that prompt (`default`,
//! `acceptEdits`, `plan`) is the run recorded as the person's approval;
//! otherwise as run at the agent's say.
//!
//! A decline leaves no PostToolUse. Where Claude Code marks it in the
//! transcript (see [`crate::session::transcript::rejected_calls`]),
//! `report` counts it; elsewhere the answer stays unknown.

use std::path::Path;

use serde_json::Value;

use super::{Agent, str_field};
use crate::log::{self, Contained, DecidedBy, Outcome, Record};

/// The answer to every event this hook gets.
pub const ANSWER: &str = "{}";

/// How many log records, newest first, are looked through for the request.
const MAX_RECORDS: usize = 20_000;

/// How old a request may be and still be matched: an agent's prompt may
/// wait a while, but not for days.
const MAX_AGE_MS: u64 = 24 * 3600 * 1000;

/// Claude Code's permission modes in which a command it was told to ask
/// about runs only on the person's yes.
const PROMPTING_MODES: &[&str] = &["default", "acceptEdits", "plan"];

/// A command the agent reports it ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ran {
    /// The session, as askrisky's records name it (`claude-code/ID`).
    pub session: String,
    /// The agent's id for the call.
    pub call: Option<String>,
    /// The command line, as the agent sent it.
    pub command: String,
    /// The agent's permission mode at the time.
    pub permission_mode: Option<String>,
}

/// Reads an agent's after-tool event: a shell command that ran. `None`
/// for anything else (another event, another tool, input that is not a
/// JSON object), which this hook ignores.
pub fn read(agent: Agent, input: &[u8]) -> Option<Ran> {
    if agent.row().after.is_empty() {
        return None;
    }
    let v: Value = serde_json::from_slice(input).ok()?;
    let event = str_field(&v, "/hook_event_name")?;
    let known = agent.row().after.iter().any(|(name, matcher)| {
        *name == event
            && matcher.is_none_or(|m| str_field(&v, "/tool_name").is_some_and(|t| t == m))
    });
    if !known {
        return None;
    }
    let id = str_field(&v, "/session_id").unwrap_or_else(|| "default".into());
    Some(Ran {
        session: format!("{}/{id}", agent.name()),
        call: str_field(&v, "/tool_use_id").filter(|c| !c.is_empty()),
        command: str_field(&v, "/tool_input/command")?,
        permission_mode: str_field(&v, "/permission_mode"),
    })
}

/// What looking through the log for a command's request found.
#[derive(Debug, PartialEq)]
pub enum Found {
    /// The request handed to the agent's prompt, not yet answered.
    Asked(Box<Record>),
    /// Nothing to record: the call was decided otherwise, or its answer is
    /// already recorded, or no request of askrisky's is there.
    Nothing,
}

/// Looks through log lines, newest first, for the request `ran` answers.
/// `now_ms`: the time now, for the age bound.
pub fn find<'a>(
    lines: impl IntoIterator<Item = &'a str>,
    surface: &str,
    ran: &Ran,
    now_ms: u64,
) -> Found {
    for (n, line) in lines.into_iter().enumerate() {
        if n >= MAX_RECORDS {
            break;
        }
        if let Some(found) = judge(line, surface, ran, now_ms) {
            return found;
        }
    }
    Found::Nothing
}

/// One log line, newest first: `Some` when it settles what `ran` answers.
fn judge(line: &str, surface: &str, ran: &Ran, now_ms: u64) -> Option<Found> {
    let r = serde_json::from_str::<Record>(line).ok()?;
    if crate::util::parse_rfc3339(&r.time).is_some_and(|t| t + MAX_AGE_MS < now_ms) {
        return Some(Found::Nothing);
    }
    if r.surface != surface || r.session.as_deref() != Some(ran.session.as_str()) {
        return None;
    }
    let same = match (&ran.call, &r.call) {
        (Some(id), Some(rid)) => id == rid,
        // A record without an id is matched by its command only when the
        // event has no id either.
        (Some(_), None) => false,
        (None, _) => r.command == ran.command,
    };
    if !same {
        return None;
    }
    // The newest record of this call decides: an answer already recorded,
    // or a decision other than "ask", ends the search.
    Some(if r.asked_the_agent() && r.command == ran.command {
        Found::Asked(Box::new(r))
    } else {
        Found::Nothing
    })
}

/// The record of the answer to `ask`: the command ran, approved by the
/// person at `title`'s own prompt where the agent's mode prompts.
pub fn answer_record(ask: &Record, ran: &Ran, title: &str) -> Record {
    let mode = ran.permission_mode.as_deref().unwrap_or("unknown");
    let by_person = PROMPTING_MODES.contains(&mode);
    let reason = if by_person {
        format!("approved by the person at {title}'s own prompt")
    } else {
        format!(
            "ran after askrisky asked; {title}'s permission mode was {mode}, which may not have shown its prompt"
        )
    };
    Record {
        time: crate::util::now_rfc3339(),
        outcome: Outcome::Ran,
        decided_by: if by_person {
            DecidedBy::Person
        } else {
            DecidedBy::Agent
        },
        reason,
        message: None,
        reviewer: None,
        duration_ms: 0,
        answer_ms: None,
        contained: Some(Contained {
            applied: false,
            why_not: Some(format!(
                "run by {title} as it sent it, after its own prompt"
            )),
            ..Contained::default()
        }),
        transcript: None,
        answers: Some(ask.time.clone()),
        ..ask.clone()
    }
}

/// Records the answer to the request `ran` answers, in the log in `state`,
/// sealed like every record. Nothing when there is no such request.
pub fn record(agent: Agent, state: &Path, ran: &Ran) -> std::io::Result<()> {
    let surface = format!("hook:{}", agent.name());
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, crate::util::millis);
    let mut found = Found::Nothing;
    let mut seen = 0;
    log::each_back(state, |line| {
        seen += 1;
        match judge(line, &surface, ran, now) {
            Some(f) => {
                found = f;
                false
            }
            None => seen < MAX_RECORDS,
        }
    })?;
    let Found::Asked(ask) = found else {
        return Ok(());
    };
    let r = answer_record(&ask, ran, agent.row().title);
    let key = crate::key::Key::load(state).ok();
    let sign = |parts: &[&[u8]]| key.as_ref().map(|k| k.sign(parts)).unwrap_or_default();
    let signer: Option<log::Signer<'_>> = key.is_some().then_some(&sign);
    log::append(state, &r, signer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(time: &str, call: Option<&str>, command: &str) -> Record {
        Record {
            v: log::SCHEMA_VERSION,
            time: time.into(),
            surface: "hook:claude-code".into(),
            cwd: "/p".into(),
            command: command.into(),
            commands: vec![command.into()],
            mode: "autopilot".into(),
            mode_source: "config".into(),
            tier: "danger".into(),
            rules: vec!["delete.recursive".into()],
            decision: "ask".into(),
            outcome: Outcome::AskedAgent,
            decided_by: DecidedBy::Agent,
            reason: "Deletes a folder".into(),
            message: None,
            reviewer: None,
            duration_ms: 3,
            answer_ms: None,
            session: Some("claude-code/s1".into()),
            contained: None,
            call: call.map(str::to_owned),
            transcript: Some(log::TranscriptAt {
                path: "/t.jsonl".into(),
                len: 10,
            }),
            answers: None,
        }
    }

    fn ran(call: Option<&str>, command: &str) -> Ran {
        Ran {
            session: "claude-code/s1".into(),
            call: call.map(str::to_owned),
            command: command.into(),
            permission_mode: Some("default".into()),
        }
    }

    const NOW: u64 = 1_795_000_000_000;

    fn at(ms_before: u64) -> String {
        crate::util::rfc3339(
            std::time::UNIX_EPOCH + std::time::Duration::from_millis(NOW - ms_before),
        )
    }

    fn lines(records: &[Record]) -> Vec<String> {
        records
            .iter()
            .rev()
            .map(|r| serde_json::to_string(r).unwrap_or_default())
            .collect()
    }

    fn found(records: &[Record], r: &Ran) -> Found {
        let l = lines(records);
        find(l.iter().map(String::as_str), "hook:claude-code", r, NOW)
    }

    #[test]
    fn the_ask_of_the_same_call_is_found() {
        let a = ask(&at(5000), Some("toolu_1"), "rm -rf target");
        let other = ask(&at(4000), Some("toolu_2"), "rm -rf dist");
        assert_eq!(
            found(
                &[a.clone(), other.clone()],
                &ran(Some("toolu_1"), "rm -rf target")
            ),
            Found::Asked(Box::new(a.clone()))
        );
        // Another session, or another call: nothing.
        let mut elsewhere = a.clone();
        elsewhere.session = Some("claude-code/s2".into());
        assert_eq!(
            found(&[elsewhere], &ran(Some("toolu_1"), "rm -rf target")),
            Found::Nothing
        );
        assert_eq!(
            found(&[other], &ran(Some("toolu_1"), "rm -rf target")),
            Found::Nothing
        );
        // The same id with another command (an id reused or forged): nothing.
        assert_eq!(
            found(&[a], &ran(Some("toolu_1"), "rm -rf /")),
            Found::Nothing
        );
    }

    #[test]
    fn without_an_id_the_newest_record_of_the_command_decides() {
        let a = ask(&at(5000), None, "rm -rf target");
        assert_eq!(
            found(std::slice::from_ref(&a), &ran(None, "rm -rf target")),
            Found::Asked(Box::new(a.clone()))
        );
        // Allowed the next time: that run is not the answer to the old ask.
        let mut allowed = ask(&at(1000), None, "rm -rf target");
        allowed.outcome = Outcome::Ran;
        allowed.decision = "run".into();
        assert_eq!(
            found(&[a, allowed], &ran(None, "rm -rf target")),
            Found::Nothing
        );
    }

    #[test]
    fn a_line_left_to_the_agents_rules_is_no_ones_answer() {
        // No mode set: the hook left `ls` to Claude Code, which may have run
        // it without a prompt. Its run is not the person's approval.
        let mut left = ask(&at(5000), Some("toolu_1"), "ls");
        left.outcome = Outcome::LeftToAgent;
        assert_eq!(found(&[left], &ran(Some("toolu_1"), "ls")), Found::Nothing);
    }

    #[test]
    fn only_an_unanswered_ask_is_matched() {
        let a = ask(&at(5000), Some("toolu_1"), "rm -rf target");
        let answer = answer_record(&a, &ran(Some("toolu_1"), "rm -rf target"), "Claude Code");
        assert_eq!(answer.answers.as_deref(), Some(a.time.as_str()));
        assert_eq!(answer.outcome, Outcome::Ran);
        assert_eq!(answer.decided_by, DecidedBy::Person);
        // Recorded once: a second PostToolUse for the call finds the answer.
        assert_eq!(
            found(&[a.clone(), answer], &ran(Some("toolu_1"), "rm -rf target")),
            Found::Nothing
        );
        // A call askrisky allowed, or handed on without asking
        // (host_permissions = "keep"), is not an approval.
        let mut allowed = a.clone();
        allowed.outcome = Outcome::Ran;
        allowed.decision = "run".into();
        assert_eq!(
            found(&[allowed], &ran(Some("toolu_1"), "rm -rf target")),
            Found::Nothing
        );
        let mut passed = a;
        passed.decision = "run".into();
        assert_eq!(
            found(&[passed], &ran(Some("toolu_1"), "rm -rf target")),
            Found::Nothing
        );
    }

    #[test]
    fn old_requests_are_not_matched() {
        let a = ask(&at(MAX_AGE_MS + 1000), Some("toolu_1"), "rm -rf target");
        assert_eq!(
            found(&[a], &ran(Some("toolu_1"), "rm -rf target")),
            Found::Nothing
        );
    }

    #[test]
    fn a_mode_without_prompts_is_not_the_persons_approval() {
        let a = ask(&at(5000), Some("toolu_1"), "rm -rf target");
        let mut r = ran(Some("toolu_1"), "rm -rf target");
        r.permission_mode = Some("bypassPermissions".into());
        let answer = answer_record(&a, &r, "Claude Code");
        assert_eq!(answer.decided_by, DecidedBy::Agent);
        assert!(
            answer.reason.contains("bypassPermissions"),
            "{}",
            answer.reason
        );
        r.permission_mode = None;
        assert_eq!(
            answer_record(&a, &r, "Claude Code").decided_by,
            DecidedBy::Agent
        );
    }

    #[test]
    fn only_the_after_event_of_a_shell_command_is_read() {
        let post = serde_json::json!({"session_id":"s1","transcript_path":"/t","cwd":"/p","permission_mode":"default",
            "hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf target","description":"d"},
            "tool_response":{"stdout":"","stderr":"","interrupted":false,"isImage":false},"tool_use_id":"toolu_1"});
        assert_eq!(
            read(Agent::ClaudeCode, post.to_string().as_bytes()),
            Some(Ran {
                session: "claude-code/s1".into(),
                call: Some("toolu_1".into()),
                command: "rm -rf target".into(),
                permission_mode: Some("default".into()),
            })
        );
        let mut other = post.clone();
        other["tool_name"] = "Read".into();
        assert_eq!(read(Agent::ClaudeCode, other.to_string().as_bytes()), None);
        let mut pre = post.clone();
        pre["hook_event_name"] = "PreToolUse".into();
        assert_eq!(read(Agent::ClaudeCode, pre.to_string().as_bytes()), None);
        assert_eq!(read(Agent::Codex, post.to_string().as_bytes()), None);
        for junk in [
            &b"not json"[..],
            b"[]",
            b"{}",
            b"{\"hook_event_name\":\"PostToolUse\",\"tool_name\":\"Bash\"}",
        ] {
            assert_eq!(read(Agent::ClaudeCode, junk), None);
        }
    }
}
