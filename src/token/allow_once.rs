//! Allow-once codes: approving, from the person's own terminal, a command
//! that was refused because nobody could be asked.
//!
//! Every such refusal records the exact request (line, folder, session)
//! under a short random code in askrisky's state folder (0600). `askrisky
//! approve CODE`, run by the person, shows the card for that request; on
//! "run" the code may be spent once, within ten minutes, by an identical
//! retry. A different line, folder or session, a second retry, or an
//! expired code is not covered; the blocked tier is refused before codes
//! are looked at. Reading or writing these files is in the danger set for
//! the agent.
//!
//! The approval is of what the card showed: the danger-set rules the line
//! matched and the scripts it runs as they were read then. A retry that
//! matches a rule the card did not name, or runs a script that changed
//! since (`bash deploy.sh` after `deploy.sh` was rewritten), is not
//! covered and asks again.

use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::Store;
use crate::key::Key;
use crate::util::unix_now as now;

/// How long an approval may be spent.
pub const VALID_FOR: Duration = Duration::from_secs(10 * 60);
/// How long an unapproved code is kept.
const KEEP: Duration = Duration::from_secs(24 * 3600);
/// Code alphabet: no 0/O, 1/I/L, U.
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTVWXYZ";

/// One recorded request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The command line.
    pub line: String,
    /// The folder.
    pub cwd: String,
    /// The session, if any.
    pub session: Option<String>,
    /// Who asked (`exec`, `hook:codex`, …).
    pub surface: String,
    /// When it was refused (seconds since the epoch).
    pub created: u64,
    /// When the person approved it, if they did.
    pub approved: Option<u64>,
    /// The danger-set rules the card showed when the person approved it.
    #[serde(default)]
    pub codes: Vec<String>,
    /// A digest of the scripts the line ran as the card showed them (empty
    /// when it ran none).
    #[serde(default)]
    pub files: String,
    /// askrisky's signature over the code and every field above: a record
    /// written by anyone else (a forged "approved") does not verify.
    #[serde(default)]
    pub mac: String,
}

impl Pending {
    /// A request refused now, not yet approved.
    pub fn new(line: &str, cwd: &str, session: Option<&str>, surface: &str) -> Self {
        Self {
            line: line.to_owned(),
            cwd: cwd.to_owned(),
            session: session.map(str::to_owned),
            surface: surface.to_owned(),
            created: now(),
            approved: None,
            codes: Vec::new(),
            files: String::new(),
            mac: String::new(),
        }
    }

    fn parts(&self, code: &str) -> [Vec<u8>; 9] {
        let opt = |o: Option<u64>| o.map_or_else(Vec::new, |t| t.to_be_bytes().to_vec());
        [
            code.as_bytes().to_vec(),
            self.line.as_bytes().to_vec(),
            self.cwd.as_bytes().to_vec(),
            self.session.as_deref().unwrap_or("\0").as_bytes().to_vec(),
            self.surface.as_bytes().to_vec(),
            self.created.to_be_bytes().to_vec(),
            opt(self.approved),
            self.codes.join("\n").into_bytes(),
            self.files.as_bytes().to_vec(),
        ]
    }

    fn signed(mut self, key: &Key, code: &str) -> Self {
        self.mac = key.sign(&self.parts(code));
        self
    }
}

fn is_code(name: &str) -> bool {
    name.len() == 8 && name.bytes().all(|b| ALPHABET.contains(&b))
}

fn store(state: &Path) -> Store {
    Store::new(state, "approvals", KEEP, is_code)
}

impl Pending {
    /// How long the person took to approve it, from the refusal (ms).
    pub fn answer_ms(&self) -> Option<u64> {
        self.approved
            .map(|t| t.saturating_sub(self.created).saturating_mul(1000))
    }
}

/// Normalises what a person typed (`k7q2 9xm3`, `K7Q2-9XM3`) to a code.
pub fn normalise(code: &str) -> Option<String> {
    let c: String = code
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    is_code(&c).then_some(c)
}

/// The code as shown: `K7Q2-9XM3`.
pub fn show(code: &str) -> String {
    format!(
        "{}-{}",
        &code[..4.min(code.len())],
        &code[4.min(code.len())..]
    )
}

/// Records a refused request; returns its code.
pub fn record(state: &Path, p: &Pending) -> std::io::Result<String> {
    let key = Key::load(state)?;
    let code: String = crate::util::random_bytes::<8>()?
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()]))
        .collect();
    let p = p.clone().signed(&key, &code);
    let body = serde_json::to_vec(&p).map_err(std::io::Error::other)?;
    store(state).put(&code, &body)?;
    Ok(code)
}

/// Reads a recorded request: only one askrisky signed, under this code.
pub fn get(state: &Path, code: &str) -> Option<Pending> {
    let p: Pending = serde_json::from_slice(&store(state).get(code)?).ok()?;
    let key = Key::load(state).ok()?;
    key.verify(&p.parts(code), &p.mac).then_some(p)
}

/// What the person saw on the card: the rules and the scripts' digest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The danger-set rule codes the line matched.
    pub codes: Vec<String>,
    /// A digest of the scripts it runs, as read.
    pub files: String,
}

impl Shown {
    /// Whether a retry that matched `codes` and runs `files` is what was
    /// shown: no rule the card did not name, the same scripts.
    pub fn covers(&self, codes: &[&str], files: &str) -> bool {
        codes.iter().all(|c| self.codes.iter().any(|a| a == c)) && self.files == files
    }
}

/// Marks a code approved by the person, now, for what the card showed.
pub fn approve(state: &Path, code: &str, shown: &Shown) -> std::io::Result<()> {
    let mut p = get(state, code).ok_or_else(|| std::io::Error::other("no such code"))?;
    p.approved = Some(now());
    p.codes.clone_from(&shown.codes);
    p.files.clone_from(&shown.files);
    let p = p.signed(&Key::load(state)?, code);
    let body = serde_json::to_vec(&p).map_err(std::io::Error::other)?;
    store(state).put(code, &body)
}

/// Spends an approval matching this exact request, if there is one: the
/// same line, folder and session, matching no rule and running no script
/// other than the card showed (`codes`, `files`: what the retry matches
/// and runs now). The file is renamed away first, so two retries cannot
/// both spend it. Returns the spent request.
pub fn take(
    state: &Path,
    line: &str,
    cwd: &str,
    session: Option<&str>,
    codes: &[&str],
    files: &str,
) -> Option<Pending> {
    let store = store(state);
    store.names().into_iter().find_map(|code| {
        get(state, &code).filter(|p| {
            let fresh = p
                .approved
                .is_some_and(|t| now().saturating_sub(t) <= VALID_FOR.as_secs());
            let shown = Shown {
                codes: p.codes.clone(),
                files: p.files.clone(),
            };
            fresh
                && p.line == line
                && p.cwd == cwd
                && p.session.as_deref() == session
                && shown.covers(codes, files)
                && store.spend(&code)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pending(line: &str) -> Pending {
        Pending {
            line: line.into(),
            cwd: "/p".into(),
            session: Some("codex/s1".into()),
            surface: "hook:codex".into(),
            created: now(),
            approved: None,
            codes: Vec::new(),
            files: String::new(),
            mac: String::new(),
        }
    }

    /// An approval is of what the card showed: a retry that matches a rule
    /// it did not name, or runs a changed script, is not covered.
    #[test]
    fn codes_cover_only_what_the_card_showed() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let code =
            record(state.path(), &pending("bash deploy.sh")).unwrap_or_else(|e| panic!("{e}"));
        let shown = Shown {
            codes: vec!["delete.recursive".into()],
            files: "sha256:aa".into(),
        };
        approve(state.path(), &code, &shown).unwrap_or_else(|e| panic!("{e}"));
        let take_now = |codes: &[&str], files: &str| {
            take(
                state.path(),
                "bash deploy.sh",
                "/p",
                Some("codex/s1"),
                codes,
                files,
            )
        };
        assert_eq!(
            take_now(&["delete.recursive"], "sha256:bb"),
            None,
            "a changed script"
        );
        assert_eq!(
            take_now(&["delete.recursive", "secret.read"], "sha256:aa"),
            None,
            "a rule the card did not show"
        );
        // The record cannot be edited to widen it: the signature covers it.
        let file = state.path().join("approvals").join(&code);
        let mut wider = get(state.path(), &code).unwrap_or_else(|| panic!("no record"));
        wider.files = "sha256:bb".into();
        std::fs::write(&file, serde_json::to_vec(&wider).unwrap_or_default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(take_now(&["delete.recursive"], "sha256:bb"), None);
        approve(state.path(), &code, &shown).unwrap_err();
    }

    #[test]
    fn codes_are_spent_once_and_only_by_the_same_request() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let code = record(state.path(), &pending("git push -f")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(normalise(&show(&code).to_lowercase()), Some(code.clone()));
        // Not approved yet: nothing to spend.
        assert_eq!(
            take(state.path(), "git push -f", "/p", Some("codex/s1"), &[], ""),
            None
        );
        approve(state.path(), &code, &Shown::default()).unwrap_or_else(|e| panic!("{e}"));
        // A different line, folder or session is not covered.
        assert_eq!(
            take(
                state.path(),
                "git push -f origin",
                "/p",
                Some("codex/s1"),
                &[],
                ""
            ),
            None
        );
        assert_eq!(
            take(state.path(), "git push -f", "/q", Some("codex/s1"), &[], ""),
            None
        );
        assert_eq!(take(state.path(), "git push -f", "/p", None, &[], ""), None);
        // The same one is, once.
        assert!(take(state.path(), "git push -f", "/p", Some("codex/s1"), &[], "").is_some());
        assert_eq!(
            take(state.path(), "git push -f", "/p", Some("codex/s1"), &[], ""),
            None
        );
    }

    #[test]
    fn expired_approvals_are_not_spent() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut p = pending("ls");
        p.approved = Some(now() - VALID_FOR.as_secs() - 5);
        let code = record(state.path(), &p).unwrap_or_else(|e| panic!("{e}"));
        assert!(get(state.path(), &code).is_some());
        assert_eq!(
            take(state.path(), "ls", "/p", Some("codex/s1"), &[], ""),
            None
        );
    }

    #[test]
    fn forged_and_copied_records_are_not_spent() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let code = record(state.path(), &pending("git push -f")).unwrap_or_else(|e| panic!("{e}"));
        let file = state.path().join("approvals").join(&code);
        // Written by someone else: "approved", without askrisky's signature.
        let mut forged = get(state.path(), &code).unwrap_or_else(|| panic!("no record"));
        forged.approved = Some(now());
        std::fs::write(&file, serde_json::to_vec(&forged).unwrap_or_default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(get(state.path(), &code), None);
        assert_eq!(
            take(state.path(), "git push -f", "/p", Some("codex/s1"), &[], ""),
            None
        );
        // A genuine approval copied under a second code is not a second one.
        let code = record(state.path(), &pending("ls")).unwrap_or_else(|e| panic!("{e}"));
        approve(state.path(), &code, &Shown::default()).unwrap_or_else(|e| panic!("{e}"));
        let copy = if code == "ABCDEFGH" {
            "HGFEDCBA"
        } else {
            "ABCDEFGH"
        };
        std::fs::copy(
            state.path().join("approvals").join(&code),
            state.path().join("approvals").join(copy),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(get(state.path(), copy), None);
        let genuine = get(state.path(), &code);
        assert!(genuine.is_some());
        assert_eq!(
            take(state.path(), "ls", "/p", Some("codex/s1"), &[], ""),
            genuine
        );
        assert_eq!(
            take(state.path(), "ls", "/p", Some("codex/s1"), &[], ""),
            None
        );
    }

    /// An approval is good for ten minutes, and an unapproved code is kept
    /// for a day.
    #[test]
    fn lifetimes() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut p = pending("ls");
        p.approved = Some(now() - 300);
        let code = record(state.path(), &p).unwrap_or_else(|e| panic!("{e}"));
        let genuine = get(state.path(), &code);
        assert!(genuine.is_some());
        assert_eq!(
            take(state.path(), "ls", "/p", Some("codex/s1"), &[], ""),
            genuine
        );
        let code = record(state.path(), &pending("make")).unwrap_or_else(|e| panic!("{e}"));
        let two_hours = std::time::SystemTime::now() - Duration::from_secs(2 * 3600);
        std::fs::File::options()
            .write(true)
            .open(state.path().join("approvals").join(&code))
            .and_then(|f| f.set_modified(two_hours))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(get(state.path(), &code).is_some(), "kept for a day");
    }

    #[test]
    fn codes_use_the_whole_alphabet() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut seen = std::collections::HashSet::new();
        for _ in 0..40 {
            let code = record(state.path(), &pending("ls")).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(normalise(&code), Some(code.clone()));
            seen.extend(code.chars());
        }
        assert!(seen.len() > 20, "{seen:?}");
    }

    #[test]
    fn malformed_codes_are_refused() {
        for bad in [
            "",
            "ABC",
            "0000-0000",
            "IIII-LLLL",
            "../../../x",
            "ABCD-EFGH-J",
        ] {
            assert_eq!(normalise(bad), None, "{bad}");
        }
    }
}
