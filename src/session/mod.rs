//! Session: what the person asked for, and what the agent did and read.
//!
//! Trust is decided by provenance, not by wording: a goal is text the person
//! typed (recorded by a prompt hook, or read from a transcript record that
//! can only come from the person's input box). Everything else — the agent's
//! words, tool calls and results, files, summaries, the harness's own notes —
//! is activity, shown to the reviewer inside a fence and never as the person.

use serde::{Deserialize, Serialize};

/// What the reviewer is told about the session.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    /// Goals the person typed, oldest first.
    pub goals: Vec<String>,
    /// Answers the person gave when the agent asked them something.
    pub choices: Vec<Choice>,
    /// What happened, oldest first.
    pub activity: Vec<Activity>,
    /// Why some context is missing ("the transcript could not be read: …"),
    /// shown to the reviewer and on the card.
    pub notes: Vec<String>,
}

/// A question the agent asked and the person's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// The question.
    pub question: String,
    /// The person's answer.
    pub answer: String,
}

/// One thing that happened in the session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activity {
    /// What kind of thing.
    pub kind: ActivityKind,
    /// Its text.
    pub text: String,
}

/// Kinds of activity, as labelled for the reviewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActivityKind {
    /// The agent's own words.
    Agent,
    /// A tool call with its input.
    ToolCall,
    /// A tool's output.
    ToolResult,
    /// A note from the agent's software (harness text, summaries).
    Note,
    /// Words typed before the session was resumed: no longer counted as
    /// the person's, shown for context.
    EarlierGoal,
}

impl ActivityKind {
    /// The label shown to the reviewer.
    pub fn label(self) -> &'static str {
        match self {
            Self::Agent => "[agent]",
            Self::ToolCall => "[tool call]",
            Self::ToolResult => "[tool result]",
            Self::Note => "[note]",
            Self::EarlierGoal => "[earlier goal, before a resume]",
        }
    }
}
