//! Agents' own transcripts: Claude Code JSONL, Codex rollout JSONL and
//! Gemini CLI chats, read from the end.
//!
//! Transcripts reach hundreds of megabytes, so only the last
//! [`TAIL_BYTES`] are read: the time and memory a review takes do not grow
//! with the session. A record counts as the person's goal only when its
//! format proves the person typed it; tool output, the agent's words,
//! injected environment text, compaction summaries and the harness's own
//! notes are activity. Unknown record types are skipped, and a half-written
//! last line is tolerated.

use std::collections::HashMap;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{Activity, ActivityKind, Choice, Session};

/// How much of the end of a transcript is read.
pub const TAIL_BYTES: u64 = 1 << 20;
/// Largest single-document (JSON, not JSONL) chat file read whole.
pub const MAX_WHOLE_FILE: u64 = 8 << 20;

/// Which agent wrote a transcript.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Claude Code.
    ClaudeCode,
    /// Codex CLI rollout.
    Codex,
    /// Gemini CLI chat (JSONL or one JSON document).
    Gemini,
}

/// Why a transcript could not be used.
#[derive(Debug, thiserror::Error)]
pub enum TranscriptError {
    /// It could not be opened or read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// Its content is not a transcript askrisky knows.
    #[error("{0}: not a Claude Code, Codex or Gemini CLI transcript")]
    Unknown(PathBuf),
}

/// One thing a transcript says, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// Text the person typed.
    Goal(String),
    /// The person's answer to the agent's question.
    Choice(Choice),
    /// Everything else.
    Activity(Activity),
    /// A resume or compaction: goals before it no longer count as current.
    Boundary,
}

/// What was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    /// The format recognised.
    pub format: Format,
    /// Events, oldest first.
    pub events: Vec<Item>,
}

impl Transcript {
    /// The session it describes, with the resume rule applied: goals before
    /// the last boundary are shown as activity.
    pub fn to_session(&self) -> Session {
        let last = self.events.iter().rposition(|e| *e == Item::Boundary);
        let mut s = Session::default();
        for (i, e) in self.events.iter().enumerate() {
            match e {
                Item::Goal(t) if last.is_some_and(|l| i < l) => s.activity.push(Activity {
                    kind: ActivityKind::EarlierGoal,
                    text: t.clone(),
                }),
                Item::Goal(t) => s.goals.push(t.clone()),
                Item::Choice(c) => s.choices.push(c.clone()),
                Item::Activity(a) => s.activity.push(a.clone()),
                Item::Boundary => {}
            }
        }
        s
    }
}

/// Reads the end of a transcript file.
pub fn read(path: &Path) -> Result<Transcript, TranscriptError> {
    let io = |source| TranscriptError::Io {
        path: path.to_path_buf(),
        source,
    };
    // The agent's file, from its harness: links are followed, but only a
    // regular file is read (a FIFO in its place would hang the hook).
    let mut f = crate::files::open(path, crate::files::Whose::Foreign).map_err(io)?;
    let len = f.metadata().map_err(io)?.len();
    let start = len.saturating_sub(TAIL_BYTES);
    f.seek(SeekFrom::Start(start)).map_err(io)?;
    let mut buf = Vec::with_capacity(usize::try_from(len - start).unwrap_or(0));
    f.take(TAIL_BYTES).read_to_end(&mut buf).map_err(io)?;
    let text = String::from_utf8_lossy(&buf);
    if let Some(t) = from_tail(&text, start > 0) {
        return Ok(t);
    }
    // A cut single-document chat: read it whole if it is small enough.
    if start > 0 && len <= MAX_WHOLE_FILE {
        let whole = crate::files::read_text(path, crate::files::Whose::Foreign, MAX_WHOLE_FILE)
            .map_err(io)?
            .unwrap_or_default();
        if let Some(t) = from_document(&whole) {
            return Ok(t);
        }
    }
    Err(TranscriptError::Unknown(path.to_path_buf()))
}

/// How much of a transcript's end the first look for a tool call reads.
const CALL_TAIL: u64 = 256 << 10;
/// How often the transcript is looked at again while waiting.
const CALL_POLL: std::time::Duration = std::time::Duration::from_millis(20);

/// Waits, at most `limit`, until the transcript at `path` holds the tool
/// call `id` (the agent may write its current turn after calling the hook).
/// Reads only the transcript's end, then only what was appended since the
/// last look. Returns whether the call was seen; a file that is missing or
/// cannot be read is looked at again until the time is up.
pub fn wait_for_call(path: &Path, id: &str, limit: std::time::Duration) -> bool {
    if id.is_empty() {
        return false;
    }
    let deadline = std::time::Instant::now() + limit;
    let needle = id.as_bytes();
    // Where the next look starts, and the bytes kept from the last one so
    // an id cut by the end of a read is still found.
    let mut from: Option<u64> = None;
    let mut carry: Vec<u8> = Vec::new();
    loop {
        if let Ok(mut f) = crate::files::open(path, crate::files::Whose::Foreign) {
            let len = f.metadata().map(|m| m.len()).unwrap_or(0);
            let start = match from {
                Some(p) if p <= len => p,
                // First look, or the file was replaced: its end.
                _ => {
                    carry.clear();
                    len.saturating_sub(CALL_TAIL)
                }
            };
            let mut buf = std::mem::take(&mut carry);
            if f.seek(SeekFrom::Start(start)).is_ok()
                && f.take(len - start).read_to_end(&mut buf).is_ok()
            {
                if buf.windows(needle.len()).any(|w| w == needle) {
                    return true;
                }
                let keep = buf.len().saturating_sub(needle.len());
                carry = buf.split_off(keep);
                from = Some(len);
            }
        }
        let now = std::time::Instant::now();
        if now >= deadline {
            return false;
        }
        std::thread::sleep(CALL_POLL.min(deadline - now));
    }
}

/// How much of a transcript [`rejected_calls`] reads past where it starts.
pub const REJECTED_SPAN: u64 = 16 << 20;

/// The tool calls among `ids` that the person rejected at Claude Code's
/// own prompt, as its transcript at `path` records them, read from byte
/// `from` on (at most [`REJECTED_SPAN`] bytes; from the start when the
/// file is now shorter, as after a rewrite).
///
/// Claude Code writes the result of a rejected call as a `user` record
/// whose `tool_result` block names the call and whose `toolDenialKind` is
/// `user-rejected`; a call stopped by Esc while it ran says `interrupted`,
/// and older versions leave the field out — both share the text a
/// rejection has, so only the field counts. The record is read as JSON,
/// the field as a field: text in a tool's output cannot pass for it. A
/// file that cannot be read rejects nothing.
pub fn rejected_calls(
    path: &Path,
    from: u64,
    ids: &std::collections::HashSet<String>,
) -> std::collections::HashSet<String> {
    let mut out = std::collections::HashSet::new();
    let Ok(mut f) = crate::files::open(path, crate::files::Whose::Foreign) else {
        return out;
    };
    let len = f.metadata().map_or(0, |m| m.len());
    let start = if from <= len { from } else { 0 };
    let mut buf = Vec::new();
    if f.seek(SeekFrom::Start(start)).is_err()
        || f.take(REJECTED_SPAN).read_to_end(&mut buf).is_err()
    {
        return out;
    }
    for line in buf.split(|b| *b == b'\n') {
        if !ids
            .iter()
            .any(|id| !id.is_empty() && line.windows(id.len()).any(|w| w == id.as_bytes()))
        {
            continue;
        }
        let Ok(v) = serde_json::from_slice::<Value>(line) else {
            continue;
        };
        if v.get("type").and_then(Value::as_str) != Some("user") {
            continue;
        }
        let rejected = v.get("toolDenialKind").and_then(Value::as_str) == Some("user-rejected");
        let blocks = v
            .pointer("/message/content")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        for b in blocks {
            if b.get("type").and_then(Value::as_str) == Some("tool_result")
                && let Some(id) = b.get("tool_use_id").and_then(Value::as_str)
                && ids.contains(id)
                && rejected
            {
                out.insert(id.to_owned());
            }
        }
    }
    out
}

/// Reads the end of a transcript, given as text. `cut` says the text starts
/// mid-file, so its first line is partial and it cannot be a whole JSON
/// document.
pub fn from_tail(text: &str, cut: bool) -> Option<Transcript> {
    let mut lines = text.split('\n');
    if cut {
        lines.next();
    }
    let values: Vec<Value> = lines
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(Value::is_object)
        .collect();
    if let Some(t) = parse_values(&values) {
        return Some(t);
    }
    if cut { None } else { from_document(text) }
}

/// Older Gemini CLI chats: one JSON document with a `messages` array.
fn from_document(text: &str) -> Option<Transcript> {
    let doc = serde_json::from_str::<Value>(text).ok()?;
    let msgs = doc.get("messages").and_then(Value::as_array)?;
    Some(Transcript {
        format: Format::Gemini,
        events: gemini(msgs),
    })
}

/// Recognises the format of parsed records and reads them.
pub fn parse_values(values: &[Value]) -> Option<Transcript> {
    let ty = |v: &Value| {
        v.get("type")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned()
    };
    let codex = values.iter().any(|v| {
        v.get("payload").is_some_and(Value::is_object)
            && matches!(
                ty(v).as_str(),
                "session_meta" | "response_item" | "event_msg" | "turn_context" | "compacted"
            )
    });
    if codex {
        return Some(Transcript {
            format: Format::Codex,
            events: codex_events(values),
        });
    }
    let claude = values.iter().any(|v| {
        (matches!(ty(v).as_str(), "user" | "assistant") && v.get("message").is_some())
            || matches!(
                ty(v).as_str(),
                "queue-operation" | "summary" | "file-history-snapshot" | "last-prompt"
            )
            || (ty(v) == "system" && v.get("sessionId").is_some())
    });
    if claude {
        return Some(Transcript {
            format: Format::ClaudeCode,
            events: claude_events(values),
        });
    }
    let gemini_like = values
        .iter()
        .any(|v| matches!(ty(v).as_str(), "user" | "gemini") && v.get("content").is_some());
    if gemini_like {
        return Some(Transcript {
            format: Format::Gemini,
            events: gemini(values),
        });
    }
    None
}

fn act(kind: ActivityKind, text: impl Into<String>) -> Item {
    Item::Activity(Activity {
        kind,
        text: text.into(),
    })
}

/// Text of a content value: a string, or an array of `{type:"text", text}`
/// (or Gemini `{text}`) parts.
fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| match p {
                Value::String(s) => Some(s.clone()),
                _ => p.get("text").and_then(Value::as_str).map(str::to_owned),
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Text the harness puts in the person's turn: slash-command expansions,
/// shell-mode output, reminders, notifications. Never the person's goal.
fn is_harness_text(t: &str) -> bool {
    const TAGS: &[&str] = &[
        "<command-name>",
        "<command-message>",
        "<command-args>",
        "<local-command-stdout>",
        "<local-command-stderr>",
        "<local-command-caveat>",
        "<bash-input>",
        "<bash-stdout>",
        "<bash-stderr>",
        "<task-notification>",
        "<system-reminder>",
        "<user-prompt-submit-hook>",
        "<environment_context>",
        "<user_instructions>",
        "Caveat: The messages below were generated by the user while running local commands",
        "[Request interrupted by user",
    ];
    let t = t.trim_start();
    TAGS.iter().any(|tag| t.starts_with(tag))
}

fn claude_events(values: &[Value]) -> Vec<Item> {
    let mut out = Vec::new();
    let mut tool_names: HashMap<String, String> = HashMap::new();
    let mut session: Option<String> = None;
    for v in values {
        let ty = v.get("type").and_then(Value::as_str).unwrap_or("");
        // A different session id further on means a resumed session: what
        // came before was typed in another session.
        if let Some(sid) = v.get("sessionId").and_then(Value::as_str) {
            if session.as_deref().is_some_and(|s| s != sid) {
                out.push(Item::Boundary);
            }
            session = Some(sid.to_owned());
        }
        let flag = |k: &str| v.get(k).and_then(Value::as_bool).unwrap_or(false);
        match ty {
            "user" => {
                let content = v.pointer("/message/content").unwrap_or(&Value::Null);
                let source_ok = match v.get("promptSource").and_then(Value::as_str) {
                    None => true,
                    Some(s) => matches!(s, "typed" | "queued" | "sdk"),
                };
                let not_person =
                    flag("isMeta") || flag("isCompactSummary") || flag("isSidechain") || !source_ok;
                let mut texts = Vec::new();
                match content {
                    Value::String(s) => texts.push(s.clone()),
                    Value::Array(blocks) => {
                        for b in blocks {
                            match b.get("type").and_then(Value::as_str) {
                                Some("text") => {
                                    texts.push(
                                        b.get("text")
                                            .and_then(Value::as_str)
                                            .unwrap_or("")
                                            .to_owned(),
                                    );
                                }
                                Some("tool_result") => {
                                    let id =
                                        b.get("tool_use_id").and_then(Value::as_str).unwrap_or("");
                                    let result = text_of(b.get("content").unwrap_or(&Value::Null));
                                    if tool_names.get(id).map(String::as_str)
                                        == Some("AskUserQuestion")
                                    {
                                        out.extend(choices(v, &result));
                                    }
                                    out.push(act(ActivityKind::ToolResult, result));
                                }
                                _ => {}
                            }
                        }
                    }
                    _ => {}
                }
                for t in texts.into_iter().filter(|t| !t.trim().is_empty()) {
                    if flag("isCompactSummary") {
                        out.push(act(ActivityKind::Note, format!("compaction summary: {t}")));
                    } else if not_person || is_harness_text(&t) {
                        out.push(act(ActivityKind::Note, t));
                    } else {
                        out.push(Item::Goal(t));
                    }
                }
            }
            "assistant" => {
                let blocks = v
                    .pointer("/message/content")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default();
                for b in blocks {
                    match b.get("type").and_then(Value::as_str) {
                        Some("text") => {
                            let t = b.get("text").and_then(Value::as_str).unwrap_or("");
                            if !t.trim().is_empty() {
                                out.push(act(ActivityKind::Agent, t));
                            }
                        }
                        Some("tool_use") => {
                            let name = b
                                .get("name")
                                .and_then(Value::as_str)
                                .unwrap_or("?")
                                .to_owned();
                            if let Some(id) = b.get("id").and_then(Value::as_str) {
                                tool_names.insert(id.to_owned(), name.clone());
                            }
                            let input = b.get("input").map(Value::to_string).unwrap_or_default();
                            out.push(act(ActivityKind::ToolCall, format!("{name} {input}")));
                        }
                        _ => {}
                    }
                }
            }
            "system" if v.get("subtype").and_then(Value::as_str) == Some("compact_boundary") => {
                out.push(Item::Boundary);
            }
            "summary" => {
                if let Some(s) = v.get("summary").and_then(Value::as_str) {
                    out.push(act(ActivityKind::Note, format!("summary: {s}")));
                }
            }
            _ => {}
        }
    }
    out
}

/// The person's answers to `AskUserQuestion`, from the structured result
/// the harness records beside the tool result.
fn choices(record: &Value, _result_text: &str) -> Vec<Item> {
    let Some(answers) = record
        .pointer("/toolUseResult/answers")
        .and_then(Value::as_object)
    else {
        return Vec::new();
    };
    answers
        .iter()
        .map(|(q, a)| {
            Item::Choice(Choice {
                question: q.clone(),
                answer: text_of(a),
            })
        })
        .collect()
}

fn codex_events(values: &[Value]) -> Vec<Item> {
    let mut out = Vec::new();
    // The person's words, from the records that carry them; the mirrored
    // copy in a role-"user" message (written just before) is then skipped.
    let goals: Vec<String> = values
        .iter()
        .filter(|v| v.get("type").and_then(Value::as_str) == Some("event_msg"))
        .filter_map(|v| v.get("payload"))
        .filter(|p| p.get("type").and_then(Value::as_str) == Some("user_message"))
        .filter_map(|p| p.get("message").map(text_of))
        .collect();
    let mut first = true;
    for v in values {
        let ty = v.get("type").and_then(Value::as_str).unwrap_or("");
        let p = v.get("payload").unwrap_or(&Value::Null);
        let pty = p.get("type").and_then(Value::as_str).unwrap_or("");
        match ty {
            // A second session header further on means a resumed session.
            "session_meta" if !first => out.push(Item::Boundary),
            "compacted" => {
                out.push(Item::Boundary);
                let m = p.get("message").map(text_of).unwrap_or_default();
                if !m.is_empty() {
                    out.push(act(ActivityKind::Note, format!("compaction summary: {m}")));
                }
            }
            "event_msg" => match pty {
                // The one record Codex writes for what the person submitted.
                "user_message" => {
                    let m = p.get("message").map(text_of).unwrap_or_default();
                    if !m.trim().is_empty() {
                        out.push(Item::Goal(m));
                    }
                }
                "agent_message" => {
                    let m = p.get("message").map(text_of).unwrap_or_default();
                    out.push(act(ActivityKind::Agent, m));
                }
                _ => {}
            },
            "response_item" => match pty {
                "message" => {
                    let role = p.get("role").and_then(Value::as_str).unwrap_or("");
                    let t = text_of(p.get("content").unwrap_or(&Value::Null));
                    if t.trim().is_empty() {
                        continue;
                    }
                    match role {
                        "assistant" => out.push(act(ActivityKind::Agent, t)),
                        // Injected environment context and AGENTS.md text
                        // arrive as role "user" too: never the person. The
                        // person's own words are already a goal above.
                        _ if !goals.iter().any(|g| g.trim() == t.trim()) => {
                            out.push(act(ActivityKind::Note, t));
                        }
                        _ => {}
                    }
                }
                "function_call" | "custom_tool_call" => {
                    let name = p.get("name").and_then(Value::as_str).unwrap_or("?");
                    let args = p
                        .get("arguments")
                        .or_else(|| p.get("input"))
                        .map(text_of)
                        .unwrap_or_default();
                    out.push(act(ActivityKind::ToolCall, format!("{name} {args}")));
                }
                "local_shell_call" => {
                    let cmd = p
                        .pointer("/action/command")
                        .map(Value::to_string)
                        .unwrap_or_default();
                    out.push(act(ActivityKind::ToolCall, format!("shell {cmd}")));
                }
                "function_call_output" | "custom_tool_call_output" => {
                    let o = p.get("output").unwrap_or(&Value::Null);
                    let t = o.get("content").map(text_of).unwrap_or_else(|| text_of(o));
                    out.push(act(ActivityKind::ToolResult, t));
                }
                _ => {}
            },
            _ => {}
        }
        first = false;
    }
    out
}

fn gemini(values: &[Value]) -> Vec<Item> {
    let mut out = Vec::new();
    for v in values {
        let ty = v.get("type").and_then(Value::as_str).unwrap_or("");
        let content = text_of(v.get("content").unwrap_or(&Value::Null));
        match ty {
            "user" if !content.trim().is_empty() => out.push(Item::Goal(content)),
            "gemini" | "model" => {
                if !content.trim().is_empty() {
                    out.push(act(ActivityKind::Agent, content));
                }
                for call in v
                    .get("toolCalls")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    let name = call.get("name").and_then(Value::as_str).unwrap_or("?");
                    let args = call.get("args").map(Value::to_string).unwrap_or_default();
                    out.push(act(ActivityKind::ToolCall, format!("{name} {args}")));
                    if let Some(r) = call.get("result") {
                        let t = match r {
                            Value::String(s) => s.clone(),
                            other => other.to_string(),
                        };
                        out.push(act(ActivityKind::ToolResult, t));
                    }
                }
            }
            "info" | "error" | "warning" if !content.trim().is_empty() => {
                out.push(act(ActivityKind::Note, content));
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests;
