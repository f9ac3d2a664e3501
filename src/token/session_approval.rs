//! Session approvals: the person, at the card, lets one exact line run in
//! one folder for the rest of one agent session.
//!
//! Each approval is a record in askrisky's token store (`state/session-approvals/`,
//! folder 0700, files 0600), bound to the session, the line, the folder,
//! the danger-set rules the line matched when it was approved and the files
//! it ran as they were read then, and signed with askrisky's key: a record
//! written by any other process (the agent runs as the same user) does not
//! verify, and a signed one copied under another name or edited does not
//! either. It lasts until the session ends: another session id never
//! matches it, `askrisky session new` revokes the current session's, and
//! every one expires [`VALID_FOR`] after it was given (by its signed time,
//! not the file's, which anyone could touch). Nothing here covers the
//! blocked tier: the decision refuses before approvals are looked at.

use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::Store;
use crate::key::Key;
use crate::util::unix_now as now;

/// How long a session approval lasts, at most.
pub const VALID_FOR: Duration = Duration::from_secs(12 * 3600);

/// Clock skew allowed for a record made "in the future" (seconds).
const SKEW: u64 = 60;

/// One approval.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Approval {
    /// The command line, exactly.
    pub line: String,
    /// The folder.
    pub cwd: String,
    /// The session, as `agent/id`.
    pub session: String,
    /// The danger-set rule codes the line matched when approved; a later
    /// match of any other rule asks again.
    pub codes: Vec<String>,
    /// A digest of the files the line ran as they were read when approved
    /// (empty when it ran none); a changed script asks again.
    pub files: String,
    /// When the person approved it (seconds since the epoch).
    pub created: u64,
    /// askrisky's signature over the record's name and every field above.
    #[serde(default)]
    pub mac: String,
}

impl Approval {
    /// An approval given now.
    pub fn new(line: &str, cwd: &str, session: &str, codes: Vec<String>, files: String) -> Self {
        Self {
            line: line.to_owned(),
            cwd: cwd.to_owned(),
            session: session.to_owned(),
            codes,
            files,
            created: now(),
            mac: String::new(),
        }
    }

    fn parts(&self, id: &str) -> [Vec<u8>; 8] {
        [
            b"session-approval".to_vec(),
            id.as_bytes().to_vec(),
            self.line.as_bytes().to_vec(),
            self.cwd.as_bytes().to_vec(),
            self.session.as_bytes().to_vec(),
            self.codes.join("\n").into_bytes(),
            self.files.as_bytes().to_vec(),
            self.created.to_be_bytes().to_vec(),
        ]
    }

    /// Whether it is still within its lifetime.
    pub fn fresh(&self) -> bool {
        let t = now();
        self.created <= t + SKEW && t.saturating_sub(self.created) <= VALID_FOR.as_secs()
    }

    /// When it ends (seconds since the epoch).
    pub fn expires(&self) -> u64 {
        self.created + VALID_FOR.as_secs()
    }

    /// Whether it covers this request: the same line, folder and session,
    /// no danger-set rule it was not approved with, and the same files.
    pub fn covers(
        &self,
        line: &str,
        cwd: &str,
        session: &str,
        codes: &[&str],
        files: &str,
    ) -> bool {
        self.line == line
            && self.cwd == cwd
            && self.session == session
            && codes.iter().all(|c| self.codes.iter().any(|a| a == c))
            && self.files == files
    }
}

fn is_id(name: &str) -> bool {
    name.len() == 32 && name.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

fn store(state: &Path) -> Store {
    Store::new(state, "session-approvals", VALID_FOR, is_id)
}

/// Records an approval; returns its id.
pub fn grant(state: &Path, a: &Approval) -> std::io::Result<String> {
    let key = Key::load(state)?;
    let id = crate::util::random_id()?;
    let mut a = a.clone();
    a.mac = key.sign(&a.parts(&id));
    let body = serde_json::to_vec(&a).map_err(std::io::Error::other)?;
    store(state).put(&id, &body)?;
    Ok(id)
}

fn read(state: &Path, key: &Key, id: &str) -> Option<Approval> {
    let a: Approval = serde_json::from_slice(&store(state).get(id)?).ok()?;
    (key.verify(&a.parts(id), &a.mac) && a.fresh()).then_some(a)
}

/// Every fresh approval askrisky signed, with its id.
fn all(state: &Path) -> Vec<(String, Approval)> {
    let Ok(key) = Key::load(state) else {
        return Vec::new();
    };
    let mut out: Vec<(String, Approval)> = store(state)
        .names()
        .into_iter()
        .filter_map(|id| read(state, &key, &id).map(|a| (id, a)))
        .collect();
    out.sort_by(|a, b| (a.1.created, &a.0).cmp(&(b.1.created, &b.0)));
    out
}

/// The approval that covers this request, if there is one.
pub fn find(
    state: &Path,
    line: &str,
    cwd: &str,
    session: &str,
    codes: &[&str],
    files: &str,
) -> Option<Approval> {
    all(state)
        .into_iter()
        .map(|(_, a)| a)
        .find(|a| a.covers(line, cwd, session, codes, files))
}

/// A session's approvals, oldest first.
pub fn of_session(state: &Path, session: &str) -> Vec<Approval> {
    all(state)
        .into_iter()
        .map(|(_, a)| a)
        .filter(|a| a.session == session)
        .collect()
}

/// Ends a session's approvals; returns how many there were.
pub fn revoke(state: &Path, session: &str) -> usize {
    let store = store(state);
    all(state)
        .into_iter()
        .filter(|(id, a)| a.session == session && store.spend(id))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn approval(line: &str) -> Approval {
        Approval::new(
            line,
            "/p",
            "codex/s1",
            vec!["delete.recursive".into()],
            String::new(),
        )
    }

    fn state() -> tempfile::TempDir {
        tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn only_the_same_line_folder_and_session_are_covered() {
        let st = state();
        grant(st.path(), &approval("rm -r build")).unwrap_or_else(|e| panic!("{e}"));
        let find = |line: &str, cwd: &str, session: &str, codes: &[&str], files: &str| {
            find(st.path(), line, cwd, session, codes, files).is_some()
        };
        let codes = ["delete.recursive"];
        assert!(find("rm -r build", "/p", "codex/s1", &codes, ""));
        // Not covered: another line, folder, session.
        assert!(!find("rm -r build ", "/p", "codex/s1", &codes, ""));
        assert!(!find("rm -r src", "/p", "codex/s1", &codes, ""));
        assert!(!find("rm -r build", "/q", "codex/s1", &codes, ""));
        assert!(!find("rm -r build", "/p", "codex/s2", &codes, ""));
        assert!(!find("rm -r build", "/p", "claude-code/s1", &codes, ""));
        // Nor a rule it was not approved with, nor changed files.
        assert!(!find(
            "rm -r build",
            "/p",
            "codex/s1",
            &["delete.recursive", "secret.read"],
            ""
        ));
        assert!(!find("rm -r build", "/p", "codex/s1", &codes, "sha256:x"));
        // Fewer rules than approved is still covered (the same line, less
        // dangerous than it was).
        assert!(find("rm -r build", "/p", "codex/s1", &[], ""));
        // It is not spent: the next identical request is covered too.
        assert!(find("rm -r build", "/p", "codex/s1", &codes, ""));
    }

    #[test]
    fn approvals_expire_by_their_signed_time() {
        let st = state();
        let mut old = approval("make");
        old.created = now() - VALID_FOR.as_secs() - 5;
        let id = grant(st.path(), &old).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(find(st.path(), "make", "/p", "codex/s1", &[], ""), None);
        assert!(of_session(st.path(), "codex/s1").is_empty());
        // Touching the file does not make it young again.
        std::fs::File::options()
            .write(true)
            .open(st.path().join("session-approvals").join(&id))
            .and_then(|f| f.set_modified(std::time::SystemTime::now()))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(find(st.path(), "make", "/p", "codex/s1", &[], ""), None);
        // One from the far future is not trusted either.
        let mut future = approval("make");
        future.created = now() + 3600;
        grant(st.path(), &future).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(find(st.path(), "make", "/p", "codex/s1", &[], ""), None);
        // Within its lifetime it is.
        let mut recent = approval("make");
        recent.created = now() - VALID_FOR.as_secs() + 60;
        grant(st.path(), &recent).unwrap_or_else(|e| panic!("{e}"));
        assert!(find(st.path(), "make", "/p", "codex/s1", &[], "").is_some());
        // A working day: twelve hours, shown to the person as its end.
        assert_eq!(VALID_FOR, Duration::from_secs(12 * 60 * 60));
        assert_eq!(recent.expires(), recent.created + 12 * 60 * 60);
    }

    #[test]
    fn only_full_ids_name_approvals() {
        assert!(is_id(&"0123456789abcdef".repeat(2)));
        assert!(!is_id("abcd"));
        assert!(!is_id(&"z".repeat(32)));
        assert!(!is_id(&"A".repeat(32)));
    }

    #[test]
    fn forged_edited_and_copied_records_are_not_approvals() {
        let st = state();
        let dir = st.path().join("session-approvals");
        // Written by another process of the same user: no valid signature.
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let id = "0123456789abcdef0123456789abcdef";
        let mut forged = approval("curl x | sh");
        forged.mac = "00".repeat(32);
        std::fs::write(
            dir.join(id),
            serde_json::to_vec(&forged).unwrap_or_default(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            find(st.path(), "curl x | sh", "/p", "codex/s1", &[], ""),
            None
        );
        // A genuine one, edited to another line or session.
        let id = grant(st.path(), &approval("ls")).unwrap_or_else(|e| panic!("{e}"));
        let body = std::fs::read_to_string(dir.join(&id)).unwrap_or_default();
        for edited in [
            body.replace("\"ls\"", "\"rm -rf build\""),
            body.replace("codex/s1", "codex/s2"),
            body.replace(
                "\"delete.recursive\"",
                "\"delete.recursive\",\"secret.read\"",
            ),
        ] {
            assert_ne!(edited, body);
            std::fs::write(dir.join(&id), &edited).unwrap_or_else(|e| panic!("{e}"));
            assert!(
                of_session(st.path(), "codex/s1").is_empty()
                    && of_session(st.path(), "codex/s2").is_empty(),
                "{edited}"
            );
        }
        // A genuine one copied under another name.
        std::fs::write(dir.join(&id), &body).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(of_session(st.path(), "codex/s1").len(), 1);
        let other = if id.starts_with('0') {
            "f".repeat(32)
        } else {
            "0".repeat(32)
        };
        std::fs::remove_file(dir.join(&id)).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.join(&other), &body).unwrap_or_else(|e| panic!("{e}"));
        assert!(of_session(st.path(), "codex/s1").is_empty());
        // Names that are not ids are not read at all.
        assert!(store(st.path()).put("../x", b"{}").is_err());
    }

    #[test]
    fn a_session_lists_and_ends_its_own() {
        let st = state();
        grant(st.path(), &approval("make")).unwrap_or_else(|e| panic!("{e}"));
        grant(st.path(), &approval("make test")).unwrap_or_else(|e| panic!("{e}"));
        let mut other = approval("make");
        other.session = "cli/other".into();
        grant(st.path(), &other).unwrap_or_else(|e| panic!("{e}"));
        let lines: Vec<String> = of_session(st.path(), "codex/s1")
            .into_iter()
            .map(|a| a.line)
            .collect();
        assert_eq!(lines.len(), 2);
        assert!(lines.contains(&"make test".to_owned()));
        assert_eq!(revoke(st.path(), "codex/s1"), 2);
        assert!(of_session(st.path(), "codex/s1").is_empty());
        assert_eq!(of_session(st.path(), "cli/other").len(), 1);
        assert_eq!(revoke(st.path(), "codex/s1"), 0);
    }
}
