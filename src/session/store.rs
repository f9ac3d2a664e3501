//! askrisky's own session store: `$XDG_STATE_HOME/askrisky/sessions/<agent>/<id>.jsonl`.
//!
//! This is where the most trusted goals live: what an agent's prompt hook
//! saw the person submit, and what the person added with `askrisky goal`
//! from their own terminal. It sits outside every workspace, files are 0600
//! in a 0700 folder, each record is one locked append, and writing here is
//! in the danger set when an agent tries it. Session and agent names are
//! checked so that no name can reach outside the store.

use std::io::Write;
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{Activity, ActivityKind, Choice, Session};

/// Agent namespace for sessions the person manages by hand.
pub const CLI_AGENT: &str = "cli";

/// A session, by agent and id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRef {
    /// The agent namespace (`claude-code`, `codex`, `cli`, …).
    pub agent: String,
    /// The session id.
    pub id: String,
}

/// Errors reading or writing the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A name that could leave the store folder or is empty.
    #[error("{0:?} is not a valid session name (letters, digits, '.', '_', '-'; at most 128)")]
    BadName(String),
    /// File system error.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// No session selected.
    #[error("no current session: start one with `askrisky session new`, or pass --session ID")]
    NoCurrent,
}

fn valid_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 128
        && s != "."
        && s != ".."
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

impl SessionRef {
    /// Parses `AGENT/ID` or `ID` (agent `cli`).
    pub fn parse(s: &str) -> Result<Self, StoreError> {
        let (agent, id) = match s.split_once('/') {
            Some((a, i)) => (a, i),
            None => (CLI_AGENT, s),
        };
        Self::new(agent, id)
    }

    /// Checks both names.
    pub fn new(agent: &str, id: &str) -> Result<Self, StoreError> {
        for n in [agent, id] {
            if !valid_name(n) {
                return Err(StoreError::BadName(n.to_owned()));
            }
        }
        Ok(Self {
            agent: agent.to_owned(),
            id: id.to_owned(),
        })
    }

    /// `agent/id`.
    pub fn display(&self) -> String {
        format!("{}/{}", self.agent, self.id)
    }
}

/// One line of a session file.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    /// Something the person typed.
    Goal {
        /// When (RFC 3339).
        time: String,
        /// The text.
        text: String,
        /// Who recorded it (`terminal`, `hook:claude-code`, …).
        source: String,
    },
    /// An answer the person gave to the agent's question.
    Choice {
        /// When.
        time: String,
        /// The question.
        question: String,
        /// The answer.
        answer: String,
    },
    /// Something that happened (for agents without transcripts).
    Activity {
        /// When.
        time: String,
        /// What kind.
        activity: ActivityKind,
        /// Its text.
        text: String,
    },
    /// The session was resumed: earlier goals no longer count as the
    /// person's current word.
    Resume {
        /// When.
        time: String,
    },
}

/// The sessions folder in a state folder.
pub fn root(state: &Path) -> PathBuf {
    state.join("sessions")
}

/// A session file's path.
pub fn path(state: &Path, r: &SessionRef) -> PathBuf {
    root(state).join(&r.agent).join(format!("{}.jsonl", r.id))
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Appends one record (one locked write; file 0600, folders 0700).
pub fn append(state: &Path, r: &SessionRef, record: &Entry) -> Result<(), StoreError> {
    let p = path(state, r);
    if let Some(dir) = p.parent() {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(io(dir))?;
    }
    let mut line = serde_json::to_string(record).map_err(|e| StoreError::Io {
        path: p.clone(),
        source: std::io::Error::other(e),
    })?;
    line.push('\n');
    // askrisky's own file: no FIFO, symlink or second name in its place; a
    // lock held past the bound is not waited for (see `crate::files`).
    let mut f = crate::files::open_append(&p).map_err(io(&p))?;
    let locked = crate::files::lock(&f, crate::files::LOCK_WAIT);
    let r = f.write_all(line.as_bytes()).map_err(io(&p));
    if locked {
        let _ = f.unlock();
    }
    r
}

/// Most bytes of a session file read.
const MAX_SESSION_BYTES: u64 = 16 << 20;

/// Reads a session's records; a missing session is empty. Lines that do
/// not parse are skipped (a half-written last line), but a file with
/// content and no readable record is an error.
pub fn read(state: &Path, r: &SessionRef) -> Result<Vec<Entry>, StoreError> {
    let p = path(state, r);
    let text = match crate::files::read_text(&p, crate::files::Whose::Own, MAX_SESSION_BYTES) {
        Ok(Some(t)) => t,
        Ok(None) => return Ok(Vec::new()),
        Err(e) => return Err(io(&p)(e)),
    };
    let records: Vec<Entry> = text
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    if records.is_empty() && !text.trim().is_empty() {
        return Err(StoreError::Io {
            path: p,
            source: std::io::Error::other("no readable records"),
        });
    }
    Ok(records)
}

/// Turns records into a session, applying the resume rule: goals recorded
/// before the last resume are shown as activity, not as the person's.
pub fn to_session(records: &[Entry]) -> Session {
    let last_resume = records
        .iter()
        .rposition(|r| matches!(r, Entry::Resume { .. }));
    let mut s = Session::default();
    for (i, r) in records.iter().enumerate() {
        let before_resume = last_resume.is_some_and(|lr| i < lr);
        match r {
            Entry::Goal { text, .. } if before_resume => s.activity.push(Activity {
                kind: ActivityKind::EarlierGoal,
                text: text.clone(),
            }),
            Entry::Goal { text, .. } => s.goals.push(text.clone()),
            Entry::Choice {
                question, answer, ..
            } => s.choices.push(Choice {
                question: question.clone(),
                answer: answer.clone(),
            }),
            Entry::Activity { activity, text, .. } => s.activity.push(Activity {
                kind: *activity,
                text: text.clone(),
            }),
            Entry::Resume { .. } => {}
        }
    }
    s
}

/// The file naming the current session (set by `session new`/`use`).
fn current_file(state: &Path) -> PathBuf {
    root(state).join("current")
}

/// The current session, if one was chosen.
pub fn current(state: &Path) -> Result<Option<SessionRef>, StoreError> {
    let p = current_file(state);
    match crate::files::read_text(&p, crate::files::Whose::Own, 4096) {
        Ok(Some(t)) if t.trim().is_empty() => Ok(None),
        Ok(Some(t)) => SessionRef::parse(t.trim()).map(Some),
        Ok(None) => Ok(None),
        Err(e) => Err(io(&p)(e)),
    }
}

/// Makes `r` the current session.
pub fn set_current(state: &Path, r: &SessionRef) -> Result<(), StoreError> {
    let p = current_file(state);
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(root(state))
        .map_err(io(&p))?;
    crate::util::write_atomically(&p, format!("{}\n", r.display()).as_bytes()).map_err(io(&p))
}

/// A new random session id.
pub fn new_id() -> Result<String, StoreError> {
    let fence = crate::util::random_id().map_err(|source| StoreError::Io {
        path: PathBuf::from("/dev/urandom"),
        source,
    })?;
    Ok(fence.chars().take(12).collect())
}

/// Every session in the store: (ref, records, modified time).
pub fn list(state: &Path) -> Vec<(SessionRef, std::time::SystemTime)> {
    let mut out = Vec::new();
    let Ok(agents) = std::fs::read_dir(root(state)) else {
        return out;
    };
    for a in agents.flatten() {
        let Ok(files) = std::fs::read_dir(a.path()) else {
            continue;
        };
        for f in files.flatten() {
            let name = f.file_name().to_string_lossy().into_owned();
            let Some(id) = name.strip_suffix(".jsonl") else {
                continue;
            };
            if let Ok(r) = SessionRef::new(&a.file_name().to_string_lossy(), id) {
                let t = f
                    .metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH);
                out.push((r, t));
            }
        }
    }
    out.sort_by_key(|e| std::cmp::Reverse(e.1));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cannot_leave_the_store() {
        for bad in [
            "",
            "..",
            ".",
            "a/b/c",
            "../x",
            "x y",
            "é",
            "a\0b",
            &"x".repeat(129),
        ] {
            assert!(SessionRef::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            SessionRef::parse("claude-code/5f1e-22.a").ok(),
            Some(SessionRef {
                agent: "claude-code".into(),
                id: "5f1e-22.a".into()
            })
        );
        assert_eq!(
            SessionRef::parse("abc").map(|r| r.agent).ok().as_deref(),
            Some(CLI_AGENT)
        );
    }

    #[test]
    fn append_read_and_resume_rule() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let r = SessionRef::new("cli", "s1").unwrap_or_else(|e| panic!("{e}"));
        let goal = |t: &str| Entry::Goal {
            time: "t".into(),
            text: t.into(),
            source: "terminal".into(),
        };
        for rec in [
            goal("old goal"),
            Entry::Resume { time: "t".into() },
            goal("new goal"),
            Entry::Choice {
                time: "t".into(),
                question: "Which?".into(),
                answer: "A".into(),
            },
        ] {
            append(dir.path(), &r, &rec).unwrap_or_else(|e| panic!("{e}"));
        }
        let s = to_session(&read(dir.path(), &r).unwrap_or_default());
        assert_eq!(s.goals, ["new goal"]);
        assert_eq!(
            s.activity,
            [Activity {
                kind: ActivityKind::EarlierGoal,
                text: "old goal".into()
            }]
        );
        assert_eq!(s.choices.len(), 1);
        use std::os::unix::fs::MetadataExt;
        let mode = std::fs::metadata(path(dir.path(), &r))
            .map(|m| m.mode() & 0o777)
            .unwrap_or(0);
        assert_eq!(mode, 0o600);
    }

    #[test]
    fn garbage_is_an_error_and_a_partial_line_is_not() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let r = SessionRef::new("cli", "g").unwrap_or_else(|e| panic!("{e}"));
        let p = path(dir.path(), &r);
        std::fs::create_dir_all(p.parent().unwrap_or(dir.path())).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&p, "garbage\nmore garbage\n").unwrap_or_else(|e| panic!("{e}"));
        assert!(read(dir.path(), &r).is_err());
        std::fs::write(&p, "{\"kind\":\"goal\",\"time\":\"t\",\"text\":\"x\",\"source\":\"terminal\"}\n{\"kind\":\"go").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read(dir.path(), &r).map(|v| v.len()).ok(), Some(1));
    }

    #[test]
    fn current_session() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(current(dir.path()).ok().flatten(), None);
        let r = SessionRef::new("codex", "abc").unwrap_or_else(|e| panic!("{e}"));
        set_current(dir.path(), &r).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(current(dir.path()).ok().flatten(), Some(r));
    }
}
