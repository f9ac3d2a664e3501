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

pub mod store;
pub mod transcript;
pub mod warned;

use std::path::{Path, PathBuf};

/// Where a transcript path came from: the agent's harness (a hook payload)
/// or a command line, which the agent may have written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptSource {
    /// From the agent's harness: read it.
    Harness(PathBuf),
    /// From a command line: read only inside the agents' transcript folders.
    Given(PathBuf),
}

/// Why the session context could not be read. A review without the context
/// it was promised cannot judge injection: the reviewer is not asked, and
/// the command goes to the person.
#[derive(Debug, thiserror::Error)]
pub enum ContextError {
    /// The transcript could not be read.
    #[error("the session's transcript could not be read: {0}")]
    Transcript(#[from] transcript::TranscriptError),
    /// askrisky's own session store could not be read.
    #[error("askrisky's session store could not be read: {0}")]
    Store(#[from] store::StoreError),
}

/// The agents' own transcript folders under a home folder, plus any the
/// person's config adds.
pub fn transcript_dirs(home: Option<&Path>, extra: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = home
        .map(|h| {
            crate::agents::ROWS
                .iter()
                .filter(|r| r.reads_transcripts)
                .flat_map(|r| r.transcripts.iter())
                .map(|t| h.join(t.trim_end_matches('/')))
                .collect()
        })
        .unwrap_or_default();
    dirs.extend(extra.iter().cloned());
    dirs
}

/// True when `path`, with every symlink resolved, is inside one of `dirs`
/// (also resolved). A transcript the agent wrote in its workspace, or linked
/// into place, is not a transcript.
pub fn inside(path: &Path, dirs: &[PathBuf]) -> bool {
    // A missing file is judged by its folder, so that a transcript that
    // should be there but is not is an error (asks), not a shrug.
    let real = std::fs::canonicalize(path).or_else(|e| match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) => std::fs::canonicalize(parent).map(|p| p.join(name)),
        _ => Err(e),
    });
    let Ok(real) = real else {
        return false;
    };
    dirs.iter()
        .filter_map(|d| std::fs::canonicalize(d).ok())
        .any(|d| real.starts_with(&d))
}

/// Builds the session for a request: goals from askrisky's store first
/// (the prompt hook's record), then transcript goals not already there;
/// activity from both; the resume rule applied to each source.
pub fn load(
    state: Option<&Path>,
    session: Option<&store::SessionRef>,
    transcript: Option<&TranscriptSource>,
    allowed: &[PathBuf],
) -> Result<Session, ContextError> {
    let mut s = match (state, session) {
        (Some(state), Some(r)) => store::to_session(&store::read(state, r)?),
        _ => Session::default(),
    };
    let path = match transcript {
        None => None,
        Some(TranscriptSource::Harness(p)) => Some(p),
        Some(TranscriptSource::Given(p)) if inside(p, allowed) => Some(p),
        Some(TranscriptSource::Given(p)) => {
            s.notes.push(format!(
                "the transcript {} was not read: it is outside the agents' transcript folders, so anyone could have written it",
                p.display()
            ));
            None
        }
    };
    if let Some(p) = path {
        let t = transcript::read(p)?.to_session();
        for g in t.goals {
            if !s.goals.iter().any(|h| h.trim() == g.trim()) {
                s.goals.push(g);
            }
        }
        for c in t.choices {
            if !s.choices.contains(&c) {
                s.choices.push(c);
            }
        }
        s.activity.extend(t.activity);
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcripts_outside_the_agents_folders_are_refused() {
        let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let claude = home.path().join(".claude/projects/-home-user-project");
        std::fs::create_dir_all(&claude).unwrap_or_else(|e| panic!("{e}"));
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/transcripts/claude-code.jsonl");
        let real = claude.join("s.jsonl");
        std::fs::copy(&fixture, &real).unwrap_or_else(|e| panic!("{e}"));
        let planted = home.path().join("workspace-transcript.jsonl");
        std::fs::copy(&fixture, &planted).unwrap_or_else(|e| panic!("{e}"));
        let link = claude.join("link.jsonl");
        std::os::unix::fs::symlink(&planted, &link).unwrap_or_else(|e| panic!("{e}"));
        let dirs = transcript_dirs(Some(home.path()), &[]);

        let ok = load(None, None, Some(&TranscriptSource::Given(real)), &dirs)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!ok.goals.is_empty());
        assert!(ok.notes.is_empty());

        for p in [planted.clone(), link] {
            let s = load(None, None, Some(&TranscriptSource::Given(p.clone())), &dirs)
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(s.goals.is_empty(), "{p:?} was read");
            assert!(s.notes[0].contains("was not read"), "{:?}", s.notes);
        }
        // From the harness, the same path is read.
        let s = load(None, None, Some(&TranscriptSource::Harness(planted)), &dirs)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!s.goals.is_empty());
    }

    #[test]
    fn store_goals_come_first_and_duplicates_merge() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let r = store::SessionRef::new("claude-code", "s").unwrap_or_else(|e| panic!("{e}"));
        store::append(
            state.path(),
            &r,
            &store::Entry::Goal {
                time: "t".into(),
                text: "now commit the fix".into(),
                source: "hook:claude-code".into(),
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/transcripts/claude-code.jsonl");
        let s = load(
            Some(state.path()),
            Some(&r),
            Some(&TranscriptSource::Harness(fixture)),
            &[],
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            s.goals,
            [
                "now commit the fix",
                "also update the changelog",
                "run it headless"
            ]
        );
    }

    #[test]
    fn unreadable_context_is_an_error() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let garbage = dir.path().join("g.jsonl");
        std::fs::write(&garbage, "not a transcript\n").unwrap_or_else(|e| panic!("{e}"));
        assert!(load(None, None, Some(&TranscriptSource::Harness(garbage)), &[]).is_err());
        let missing = dir.path().join("missing.jsonl");
        assert!(load(None, None, Some(&TranscriptSource::Harness(missing)), &[]).is_err());
    }
}
