//! The decision log: one versioned JSON record per decision, appended to
//! `$XDG_STATE_HOME/askrisky/log.jsonl`.
//!
//! Each record is written with a single `write` on a file opened for append
//! and held under an exclusive lock, so concurrent askrisky processes never
//! interleave lines. A log that cannot be written never blocks a decision:
//! the caller warns on stderr and goes on.

use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Version of the record schema.
pub const SCHEMA_VERSION: u32 = 1;

/// What finally happened to the command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// It was run (askrisky exec'd it, or a hook allowed it).
    Ran,
    /// Refused: blocked tier.
    Refused,
    /// Not run: it needed a person and none could answer.
    NotRun,
    /// Not run: the person said no.
    Declined,
    /// Handed to the agent's own permission prompt (hooks).
    AskedAgent,
    /// Left to the agent's own approval rules (hooks, with no mode in the
    /// person's config, for a line not in the danger set): the agent may
    /// run it, ask about it or refuse it, and askrisky does not learn which
    /// — so a report of it having run is not the person's answer.
    LeftToAgent,
    /// Not run: interrupted while deciding.
    Cancelled,
}

/// Who made the final call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DecidedBy {
    /// A blocked-tier or danger-set rule.
    Rule,
    /// The mode (`ask` asks about everything; `autopilot` runs what is clear).
    Mode,
    /// The person's allow rule.
    AllowRule,
    /// The reviewer's ratings.
    Reviewer,
    /// The person, answering.
    Person,
    /// Strict mode: no person could answer, so "ask" became "not run".
    Strict,
    /// The agent's own permission prompt.
    Agent,
    /// A signal (Ctrl-C, SIGTERM) ended askrisky while it decided.
    Interrupt,
}

/// The reviewer's part of a record.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
pub struct ReviewerRecord {
    /// True when the reviewer returned valid ratings.
    pub answered: bool,
    /// Why not, when it did not (`timeout`, `http_status`, …).
    pub unavailable_reason: Option<String>,
    /// Detail of the failure, one line.
    pub unavailable_detail: Option<String>,
    /// Ratings, when answered.
    pub risk: Option<String>,
    /// Ratings, when answered.
    pub authorization: Option<String>,
    /// Ratings, when answered.
    pub injection: Option<bool>,
    /// The reviewer's sentence.
    pub reason: Option<String>,
    /// Provider wire format.
    pub provider: Option<String>,
    /// Model.
    pub model: Option<String>,
    /// Time spent on the review.
    pub duration_ms: Option<u64>,
    /// Input tokens, when the provider reported them.
    pub input_tokens: Option<u64>,
    /// Output tokens, when the provider reported them.
    pub output_tokens: Option<u64>,
    /// Cost, when prices are configured and tokens known; never 0 for unknown.
    pub cost: Option<f64>,
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct Record {
    /// Schema version ([`SCHEMA_VERSION`]).
    pub v: u32,
    /// UTC time, RFC 3339.
    pub time: String,
    /// Which surface asked (`exec`, `hook:claude-code`, …).
    pub surface: String,
    /// The folder.
    pub cwd: String,
    /// The command line.
    pub command: String,
    /// The simple commands found in it.
    pub commands: Vec<String>,
    /// Effective mode.
    pub mode: String,
    /// Where the mode came from.
    pub mode_source: String,
    /// Danger tier.
    pub tier: String,
    /// Matched rule codes.
    pub rules: Vec<String>,
    /// The policy's verdict before any person answered.
    pub decision: String,
    /// What happened.
    pub outcome: Outcome,
    /// Who made the final call.
    pub decided_by: DecidedBy,
    /// Why, one line.
    pub reason: String,
    /// The person's message to the agent ("don't run and tell the agent why").
    pub message: Option<String>,
    /// The reviewer's part; null when no review was needed.
    pub reviewer: Option<ReviewerRecord>,
    /// Time from start to decision.
    pub duration_ms: u64,
    /// Time the person took to answer, when asked.
    pub answer_ms: Option<u64>,
    /// The agent session, when known.
    pub session: Option<String>,
    /// For a command that ran: whether it ran contained, and with what.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contained: Option<Contained>,
    /// On a hook's record: the agent's id for this tool call (Claude
    /// Code's `tool_use_id`), when it gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<String>,
    /// On a request handed to the agent's own prompt: where the agent's
    /// transcript was then, so that the person's answer there can be read
    /// from it later.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<TranscriptAt>,
    /// On the record of the person's answer at the agent's own prompt
    /// (written when the agent reports that the command ran): the `time`
    /// of the record it answers, which has the same surface, session, call
    /// and command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answers: Option<String>,
}

impl Record {
    /// Whether this record is a request the hook handed to the agent's own
    /// prompt ("ask"), whose answer there may be recorded later.
    pub fn asked_the_agent(&self) -> bool {
        self.outcome == Outcome::AskedAgent && self.decision == "ask" && self.answers.is_none()
    }
}

/// A transcript, and how long it was.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct TranscriptAt {
    /// Its path, as the agent gave it.
    pub path: String,
    /// Its length in bytes when the request was handed over.
    pub len: u64,
}

/// How a command that ran was contained (see `contain`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct Contained {
    /// True when it ran contained; false when it ran without the floor.
    pub applied: bool,
    /// Why it ran uncontained ("approved by the person", "containment is
    /// off in your config", …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why_not: Option<String>,
    /// The folders it could write.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub writable: Vec<String>,
    /// What it could not read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unreadable: Vec<String>,
    /// The process bound set (`RLIMIT_NPROC`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_processes: Option<u64>,
}

/// The log file's path in a state folder.
pub fn path(state_dir: &Path) -> PathBuf {
    state_dir.join("log.jsonl")
}

/// Signs the parts of a chain link (askrisky's key, through the caller:
/// this module sits below the key's).
pub type Signer<'a> = &'a dyn Fn(&[&[u8]]) -> String;

/// Checks a chain link's MAC.
pub type Checker<'a> = &'a dyn Fn(&[&[u8]], &str) -> bool;

/// What a chain link's MAC covers first: no other MAC of askrisky's key
/// signs the same bytes.
const CHAIN_DOMAIN: &[u8] = b"askrisky log chain v1";

/// The end of a sealed line: `,"chain":"<64 hex>"}`.
const CHAIN_KEY: &str = ",\"chain\":\"";

/// A sealed line's body (the record as it was signed) and its MAC.
fn unseal(line: &str) -> Option<(String, &str)> {
    let i = line.rfind(CHAIN_KEY)?;
    let mac = line[i + CHAIN_KEY.len()..].strip_suffix("\"}")?;
    (mac.len() == 64 && mac.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| (format!("{}}}", &line[..i]), mac))
}

/// The seal of the log's last line, or "" (a new chain) when there is
/// none, or it has no seal.
fn last_seal(p: &Path) -> String {
    let Ok(mut file) = crate::files::open(p, crate::files::Whose::Own) else {
        return String::new();
    };
    let Ok(len) = file.metadata().map(|m| m.len()) else {
        return String::new();
    };
    // Lines end in a seal of fixed length: the last 128 bytes hold it.
    let start = len.saturating_sub(128);
    let mut tail = Vec::new();
    if file.seek(SeekFrom::Start(start)).is_err() || file.read_to_end(&mut tail).is_err() {
        return String::new();
    }
    let text = String::from_utf8_lossy(&tail);
    let last = text.trim_end_matches('\n');
    last.rsplit('\n')
        .next()
        .and_then(|l| {
            let i = l.rfind(CHAIN_KEY)?;
            let mac = l[i + CHAIN_KEY.len()..].strip_suffix("\"}")?;
            (mac.len() == 64).then(|| mac.to_owned())
        })
        .unwrap_or_default()
}

/// Appends one record as one `write` to the log opened for appending. The
/// log is askrisky's own file: a FIFO, a symlink or a second hard link in
/// its place is refused ([`crate::files`]). The lock keeps concurrent
/// writers apart; one held longer than [`crate::files::LOCK_WAIT`] is not
/// waited for (the single append still lands whole), so holding it cannot
/// stall a decision or keep records out.
///
/// With `sign`, the record is sealed: its line ends in `"chain"`, a MAC
/// over the previous line's seal and the record as written, so a record
/// edited, removed or put in between breaks the chain from there on
/// ([`verify`]).
pub fn append(state_dir: &Path, record: &Record, sign: Option<Signer<'_>>) -> std::io::Result<()> {
    let body = serde_json::to_string(record).map_err(std::io::Error::other)?;
    let p = path(state_dir);
    let open = || crate::files::open_append(&p);
    // The folder exists on every run but the first: try the file first.
    let mut file = match open() {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(state_dir)?;
            open()?
        }
        // Something else is in the log's place: a second name for it (to
        // edit records through), a symlink, a FIFO. It is moved aside, kept
        // for the person to look at, and a new log begins.
        Err(e) if is_refused(&e) => {
            let aside = state_dir.join(format!(
                "log.jsonl.refused-{}-{}",
                crate::util::unix_now(),
                std::process::id()
            ));
            std::fs::rename(&p, &aside)?;
            eprintln!(
                "askrisky: warning: the decision log was not a plain file of its own ({e}); moved to {}",
                aside.display()
            );
            open()?
        }
        other => other?,
    };
    let locked = crate::files::lock(&file, crate::files::LOCK_WAIT);
    let mut line = match sign {
        Some(sign) => {
            // Read under the lock: the seal before is the one written last.
            let prev = last_seal(&p);
            let mac = sign(&[CHAIN_DOMAIN, prev.as_bytes(), body.as_bytes()]);
            let open = body.strip_suffix('}').unwrap_or(&body);
            format!("{open}{CHAIN_KEY}{mac}\"}}")
        }
        None => body,
    };
    line.push('\n');
    let result = file.write_all(line.as_bytes());
    if locked {
        let _ = file.unlock();
    }
    result
}

fn is_refused(e: &std::io::Error) -> bool {
    e.get_ref()
        .is_some_and(|i| i.downcast_ref::<crate::files::Refused>().is_some())
}

/// What [`verify`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verified {
    /// Every sealed record checks; `unsealed` records came before the
    /// first seal (written before askrisky sealed its log).
    Intact {
        /// Sealed records.
        sealed: usize,
        /// Unsealed records before them.
        unsealed: usize,
    },
    /// The first record (1-based line number) whose seal does not hold:
    /// it, or one before it, was changed, removed or put in.
    Broken {
        /// Its line number.
        line: usize,
        /// Its time and command, when readable.
        what: String,
        /// Why.
        why: String,
    },
}

/// Checks the log's chain from its first line: each sealed record's MAC
/// must cover the seal before it and the record as written.
pub fn verify(state_dir: &Path, check: Checker<'_>) -> std::io::Result<Verified> {
    use std::io::BufRead;
    let file = match crate::files::open(&path(state_dir), crate::files::Whose::Own) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Verified::Intact {
                sealed: 0,
                unsealed: 0,
            });
        }
        Err(e) => return Err(e),
    };
    let mut prev = String::new();
    let (mut sealed, mut unsealed) = (0, 0);
    for (i, line) in std::io::BufReader::new(file).split(b'\n').enumerate() {
        let line = String::from_utf8_lossy(&line?).into_owned();
        if line.is_empty() {
            continue;
        }
        let what = || {
            serde_json::from_str::<Record>(&line)
                .map(|r| format!("{} {}", r.time, crate::escape::escape(&r.command)))
                .unwrap_or_else(|_| "(unreadable)".into())
        };
        let broken = |why: &str| Verified::Broken {
            line: i + 1,
            what: what(),
            why: why.to_owned(),
        };
        match unseal(&line) {
            None if sealed == 0 => unsealed += 1,
            None => return Ok(broken("it has no seal, after sealed records")),
            Some((body, mac)) => {
                if !check(&[CHAIN_DOMAIN, prev.as_bytes(), body.as_bytes()], mac) {
                    return Ok(broken(
                        "its seal does not match: it, or a record before it, was changed, removed or put in",
                    ));
                }
                sealed += 1;
                prev = mac.to_owned();
            }
        }
    }
    Ok(Verified::Intact { sealed, unsealed })
}

/// Reads the last `n` lines of the log (reading only the end of the file).
pub fn tail(state_dir: &Path, n: usize) -> std::io::Result<Vec<String>> {
    let mut file = match crate::files::open(&path(state_dir), crate::files::Whose::Own) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let len = file.metadata()?.len();
    let mut chunk: u64 = 64 * 1024;
    loop {
        let start = len.saturating_sub(chunk);
        file.seek(SeekFrom::Start(start))?;
        let mut buf = Vec::new();
        file.read_to_end(&mut buf)?;
        let text = String::from_utf8_lossy(&buf);
        let mut lines: Vec<&str> = text.lines().collect();
        if start > 0 && !lines.is_empty() {
            lines.remove(0); // possibly partial
        }
        if lines.len() >= n || start == 0 {
            let from = lines.len().saturating_sub(n);
            return Ok(lines[from..].iter().map(|s| (*s).to_owned()).collect());
        }
        chunk *= 4;
    }
}

/// Longest log line read back; a longer one (a damaged log) is passed to
/// [`each_back`]'s callback as [`OVERLONG`] and skipped.
pub const MAX_LINE: usize = 16 << 20;

/// What [`each_back`] passes in place of a line longer than [`MAX_LINE`]
/// (not a record).
pub const OVERLONG: &str = "\0(a line too long to read)";

/// Calls `each` for every line of the log, newest first, reading the file
/// backwards from its end a chunk at a time, so looking at the last days
/// of a large log reads only those; stops when `each` returns false. A
/// missing log has no lines; a last line still being written is passed as
/// it is (it will not parse); a line longer than [`MAX_LINE`] is passed as
/// [`OVERLONG`], never held whole.
pub fn each_back(state_dir: &Path, mut each: impl FnMut(&str) -> bool) -> std::io::Result<()> {
    const CHUNK: u64 = 64 * 1024;
    let mut file = match crate::files::open(&path(state_dir), crate::files::Whose::Own) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    let mut end = file.metadata()?.len();
    // The pieces of a line cut by chunk boundaries, the last piece first.
    let mut cut: Vec<Vec<u8>> = Vec::new();
    let mut cut_len = 0;
    // Inside an overlong line, already passed on: its bytes are dropped.
    let mut skipping = false;
    let joined = |last: &[u8], cut: &[Vec<u8>]| -> Vec<u8> {
        let mut line = last.to_vec();
        for piece in cut.iter().rev() {
            line.extend_from_slice(piece);
        }
        line
    };
    while end > 0 {
        let start = end.saturating_sub(CHUNK);
        file.seek(SeekFrom::Start(start))?;
        let mut data = Vec::new();
        (&mut file).take(end - start).read_to_end(&mut data)?;
        if data.is_empty() {
            break;
        }
        end = start;
        let mut pieces: Vec<&[u8]> = data.split(|b| *b == b'\n').collect();
        // After the chunk's last newline: the start of the cut line.
        let last = pieces.pop().unwrap_or_default();
        if pieces.is_empty() {
            // No newline here: all of it is more of the cut line.
            if !skipping {
                cut.push(last.to_vec());
                cut_len += last.len();
                if cut_len > MAX_LINE {
                    cut.clear();
                    cut_len = 0;
                    skipping = true;
                    if !each(OVERLONG) {
                        return Ok(());
                    }
                }
            }
            continue;
        }
        // The newline before it ends the cut line: it is whole.
        if !skipping {
            let line = joined(last, &cut);
            if !line.is_empty() && !each(&String::from_utf8_lossy(&line)) {
                return Ok(());
            }
        }
        skipping = false;
        cut.clear();
        // Unless this is the file's start, the first piece may be cut.
        let first = if start > 0 {
            Some(pieces.remove(0))
        } else {
            None
        };
        for line in pieces.iter().rev().filter(|l| !l.is_empty()) {
            if !each(&String::from_utf8_lossy(line)) {
                return Ok(());
            }
        }
        cut_len = first.map_or(0, <[u8]>::len);
        cut.extend(first.map(<[u8]>::to_vec));
    }
    // The file's first line, if it was still cut.
    let line = joined(&[], &cut);
    if !skipping && !line.is_empty() {
        each(&String::from_utf8_lossy(&line));
    }
    Ok(())
}

/// Calls `each` for every line appended to the log from now on.
pub fn follow(state_dir: &Path, mut each: impl FnMut(&str) -> bool) -> std::io::Result<()> {
    let p = path(state_dir);
    let mut pos = std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
    let mut pending = String::new();
    loop {
        if let Ok(mut f) = crate::files::open(&p, crate::files::Whose::Own) {
            let len = f.metadata()?.len();
            if len < pos {
                pos = 0; // truncated or replaced
            }
            if len > pos {
                f.seek(SeekFrom::Start(pos))?;
                let mut buf = Vec::new();
                f.read_to_end(&mut buf)?;
                pos += buf.len() as u64;
                pending.push_str(&String::from_utf8_lossy(&buf));
                while let Some(i) = pending.find('\n') {
                    let line: String = pending.drain(..=i).collect();
                    if !each(line.trim_end()) {
                        return Ok(());
                    }
                }
            }
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(i: usize) -> Record {
        Record {
            v: SCHEMA_VERSION,
            time: crate::util::now_rfc3339(),
            surface: "exec".into(),
            cwd: "/tmp".into(),
            command: format!("echo {i}"),
            commands: vec![format!("echo {i}")],
            mode: "autopilot".into(),
            mode_source: "default".into(),
            tier: "clear".into(),
            rules: vec![],
            decision: "run".into(),
            outcome: Outcome::Ran,
            decided_by: DecidedBy::Mode,
            reason: "not in the danger set".into(),
            message: None,
            reviewer: None,
            duration_ms: 1,
            answer_ms: None,
            session: None,
            contained: None,
            call: None,
            transcript: None,
            answers: None,
        }
    }

    #[test]
    fn concurrent_appends_never_interleave() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let state = dir.path().to_path_buf();
        let threads: Vec<_> = (0..8)
            .map(|t| {
                let state = state.clone();
                std::thread::spawn(move || {
                    for i in 0..50 {
                        let mut r = record(t * 1000 + i);
                        r.command = format!("{} {}", "x".repeat(5000), r.command);
                        append(&state, &r, None).unwrap_or_else(|e| panic!("{e}"));
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap_or_else(|_| panic!("thread"));
        }
        let lines = tail(&state, 10_000).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(lines.len(), 400);
        for l in lines {
            let r: Record = serde_json::from_str(&l).unwrap_or_else(|e| panic!("{e}: {l}"));
            assert_eq!(r.v, SCHEMA_VERSION);
        }
    }

    #[test]
    fn a_log_with_a_second_name_is_moved_aside() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        append(dir.path(), &record(1), None).unwrap_or_else(|e| panic!("{e}"));
        // A hard link made elsewhere, through which records could be edited.
        let other = dir.path().join("elsewhere");
        std::fs::hard_link(path(dir.path()), &other).unwrap_or_else(|e| panic!("{e}"));
        append(dir.path(), &record(2), None).unwrap_or_else(|e| panic!("{e}"));
        let lines = tail(dir.path(), 10).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(lines.len(), 1, "a new log began");
        assert!(lines[0].contains("echo 2"));
        // The old one is kept, and what the link names is no longer the log.
        let aside = std::fs::read_dir(dir.path())
            .map(|d| {
                d.flatten()
                    .filter(|e| {
                        e.file_name()
                            .to_string_lossy()
                            .starts_with("log.jsonl.refused-")
                    })
                    .count()
            })
            .unwrap_or_default();
        assert_eq!(aside, 1);
        let linked = std::fs::read_to_string(&other).unwrap_or_default();
        assert!(linked.contains("echo 1") && !linked.contains("echo 2"));
    }

    #[test]
    fn lines_are_read_back_from_the_end() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut written = Vec::new();
        for i in 0..3000 {
            let mut r = record(i);
            // Lines of many lengths, so chunks cut them anywhere.
            r.command = format!("echo {i} {}", "é".repeat(i % 97));
            append(dir.path(), &r, None).unwrap_or_else(|e| panic!("{e}"));
            written.push(r.command);
        }
        let mut read = Vec::new();
        each_back(dir.path(), |l| {
            let r: Record = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            read.push(r.command);
            true
        })
        .unwrap_or_else(|e| panic!("{e}"));
        written.reverse();
        assert_eq!(read, written);
        // Stopping early reads no more.
        let mut n = 0;
        each_back(dir.path(), |_| {
            n += 1;
            n < 5
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(n, 5);
        each_back(&dir.path().join("none"), |_| panic!("no log, no lines"))
            .unwrap_or_else(|e| panic!("{e}"));
    }

    /// A line longer than anything askrisky writes (a damaged log) is passed
    /// on as one unreadable line, not held whole; the lines around it are
    /// read.
    #[test]
    fn an_overlong_line_is_skipped() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        append(dir.path(), &record(1), None).unwrap_or_else(|e| panic!("{e}"));
        {
            use std::io::Write;
            let mut f = std::fs::OpenOptions::new()
                .append(true)
                .open(path(dir.path()))
                .unwrap_or_else(|e| panic!("{e}"));
            let junk = vec![b'x'; MAX_LINE + 100_000];
            f.write_all(&junk).unwrap_or_else(|e| panic!("{e}"));
            f.write_all(b"\n").unwrap_or_else(|e| panic!("{e}"));
        }
        append(dir.path(), &record(2), None).unwrap_or_else(|e| panic!("{e}"));
        let mut seen = Vec::new();
        each_back(dir.path(), |l| {
            assert!(l.len() < 1000, "a line of {} bytes", l.len());
            seen.push(
                serde_json::from_str::<Record>(l)
                    .map(|r| r.command)
                    .unwrap_or_else(|_| l.to_owned()),
            );
            true
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seen, ["echo 2", OVERLONG, "echo 1"]);
    }

    /// A sealed log verifies; a record edited in the middle is named, and
    /// so is one removed.
    #[test]
    fn the_chain_names_the_first_broken_record() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let key = |parts: &[&[u8]]| -> String {
            let mut ctx =
                ring::hmac::Context::with_key(&ring::hmac::Key::new(ring::hmac::HMAC_SHA256, b"k"));
            for p in parts {
                ctx.update(&(p.len() as u64).to_be_bytes());
                ctx.update(p);
            }
            ctx.sign()
                .as_ref()
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect()
        };
        let check = |parts: &[&[u8]], mac: &str| key(parts) == mac;
        append(dir.path(), &record(0), None).unwrap_or_else(|e| panic!("{e}"));
        for i in 1..6 {
            append(dir.path(), &record(i), Some(&key)).unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(
            verify(dir.path(), &check).unwrap_or_else(|e| panic!("{e}")),
            Verified::Intact {
                sealed: 5,
                unsealed: 1
            }
        );
        let text = std::fs::read_to_string(path(dir.path())).unwrap_or_default();
        let edited = text.replace("echo 3", "echo X");
        std::fs::write(path(dir.path()), &edited).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            verify(dir.path(), &check),
            Ok(Verified::Broken { line: 4, .. })
        ));
        // A record removed: the one after it no longer follows.
        let removed: Vec<&str> = text.lines().filter(|l| !l.contains("echo 2")).collect();
        std::fs::write(path(dir.path()), removed.join("\n") + "\n")
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            verify(dir.path(), &check),
            Ok(Verified::Broken { line: 3, .. })
        ));
    }

    #[test]
    fn tail_reads_the_end() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        for i in 0..2000 {
            append(dir.path(), &record(i), None).unwrap_or_else(|e| panic!("{e}"));
        }
        let last = tail(dir.path(), 3).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(last.len(), 3);
        assert!(last[2].contains("echo 1999"));
        assert!(
            tail(&dir.path().join("none"), 3)
                .unwrap_or_default()
                .is_empty()
        );
    }
}
