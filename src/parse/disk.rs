//! Scripts on disk: reading the files a line runs that were there before
//! it.
//!
//! The threat: the agent writes `x.sh` (or a `package.json` script, or a
//! Makefile recipe) with its own file tool, which askrisky does not vet,
//! and then runs `bash x.sh`, `./x.sh`, `source x.sh`, `npm run x` or
//! `make x`: the line looks harmless, the file is not. With a [`Disk`]
//! (given by `decide`: the folder the line runs in), such files are read —
//! bounded, regular files only, through `crate::files`, so nothing planted
//! can make askrisky hang — and the walker walks their code as nested code
//! of the shell that runs it. What cannot be read, or is not there yet, is
//! code known only at run time, which asks.
//!
//! This module only reads: a [`Reader`] gives a file's path and text, or
//! says what it is instead (not text, not known before the line runs); the
//! walker decides what to do with it (see `scripts`).
//!
//! A program run by name is read only when `PATH` finds it inside the
//! folder the line runs in (`./bin`, `node_modules/.bin`).
//!
//! Long-lived project files often hold code askrisky cannot follow (a
//! program name in a variable, an `include` in a Makefile). Such problems
//! count only for a file changed since the session began (`Disk::since`):
//! an older file is the project's own, not something the agent just
//! planted. "Changed" is the file's status-change time (ctime), which the
//! kernel sets on every write and no one can set back: a file's
//! modification time is the writer's to choose (`touch -d 2001-01-01`).
//! What the danger set finds in any file always counts.
//!
//! A file is read as text whatever its bytes (a shell runs a script with
//! a stray byte that is not UTF-8 all the same), unless it is a compiled
//! program by its first bytes; what program a compiled file is, `identity`
//! tells.
//!
//! Without a `Disk` (pure parsing, as in tests) files are not read.

use std::io::Read;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::identity::{Identifier, Identity, is_compiled, is_system_folder};
use super::{Problem, programs};
use crate::files::{self, Whose};

/// Most bytes of one script file read; a larger one asks.
pub const MAX_SCRIPT_BYTES: u64 = 256 * 1024;
/// Most bytes of script files read for one line; past it, what is left
/// asks.
pub const MAX_SCRIPTS_TOTAL: usize = 1 << 20;

/// Where a line runs, for reading the files it runs.
#[derive(Clone, Debug)]
pub struct Disk {
    /// The folder the line starts in.
    pub cwd: PathBuf,
    /// The person's home, for `~`.
    pub home: Option<PathBuf>,
    /// The `PATH` entries inside the folder the line runs in (`./bin`,
    /// `node_modules/.bin`, relative entries): where a script the agent
    /// wrote in its workspace is run by name. Folders elsewhere hold tools
    /// installed earlier (version-manager shims, askrisky's own shims) and
    /// are not read.
    pub user_path: Vec<PathBuf>,
    /// When the session began: problems inside a file older than this do
    /// not count (see the module docs).
    pub since: SystemTime,
}

impl Disk {
    /// The disk seen from `cwd`, with `PATH` as the command will have it.
    pub fn new(
        cwd: PathBuf,
        home: Option<PathBuf>,
        path_var: Option<&std::ffi::OsStr>,
        since: SystemTime,
    ) -> Self {
        let user_path = path_var
            .map(|p| {
                std::env::split_paths(p)
                    .filter(|d| !is_system_folder(d))
                    .map(|d| if d.is_absolute() { d } else { cwd.join(d) })
                    .filter(|d| d.starts_with(&cwd))
                    .collect()
            })
            .unwrap_or_default();
        Self {
            cwd,
            home,
            user_path,
            since,
        }
    }

    /// The file a path word names, when it is known before the line runs:
    /// `None` for a relative path once the line has changed folder.
    fn locate(&self, value: &str, moved: bool) -> Option<PathBuf> {
        if value == "~" {
            return self.home.clone();
        }
        if let Some(rest) = value.strip_prefix("~/") {
            return self.home.as_ref().map(|h| h.join(rest));
        }
        if value.starts_with('/') {
            return Some(PathBuf::from(value));
        }
        if value.starts_with('~') || moved {
            return None;
        }
        Some(self.cwd.join(value))
    }
}

/// What reading a file gave.
pub(super) enum Found {
    /// Its text (bytes that are not UTF-8 replaced).
    Text(PathBuf, String),
    /// A compiled program (ELF, Mach-O), by its first bytes.
    NotText,
    /// Not known before the line runs: the problem to report.
    Unknown(Problem),
    /// No disk to read from (pure parsing).
    NoDisk,
}

/// How a script file's first line says it is run.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Shebang {
    /// No `#!`: run by `sh` (shells and `execvp` fall back to it).
    None,
    /// A shell, by name.
    Shell(String),
    /// Another interpreter, by name.
    Other(String),
}

/// How `text`, a script file's, says it is run.
pub(super) fn shebang(text: &str) -> Shebang {
    let Some(line) = text.strip_prefix("#!") else {
        return Shebang::None;
    };
    let line = line.lines().next().unwrap_or("");
    let mut words = line.split_whitespace();
    let mut program = words.next().map(programs::program_name).unwrap_or_default();
    // `#!/usr/bin/env [-S] bash`: the program is the next word.
    if program == "env" {
        program = words
            .find(|w| !w.starts_with('-') && !w.contains('='))
            .map(programs::program_name)
            .unwrap_or_default();
    }
    if programs::is_shell(&program) {
        Shebang::Shell(program)
    } else {
        Shebang::Other(program)
    }
}

/// The disk as one line's walk reads it: where from (`None`: files are not
/// read), how much was read, and whether relative paths still name the
/// files they name now.
#[derive(Default)]
pub(super) struct Reader {
    disk: Option<Disk>,
    /// Bytes of files read so far (bounded by [`MAX_SCRIPTS_TOTAL`]).
    read: usize,
    /// A `cd` came before: relative paths no longer name known files.
    moved: bool,
    /// What the programs run by path are (see `identity`), made when the
    /// line first runs one.
    identifier: Option<Identifier>,
}

/// How a file's bytes must look for the program that reads it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// A shell's: any bytes, read as text.
    Lenient,
    /// Another interpreter's: text that is not clean UTF-8, holds a NUL or
    /// is an archive (`python3 app.pyz` runs the zip's `__main__.py`) is
    /// code askrisky cannot read.
    Strict,
}

impl Reader {
    pub(super) fn new(disk: Option<Disk>) -> Self {
        Self {
            disk,
            ..Self::default()
        }
    }

    /// True when files are read (a [`Disk`] was given).
    pub(super) fn is_on(&self) -> bool {
        self.disk.is_some()
    }

    /// Whether a path word names a file now (after a `cd`, a relative one
    /// names what is unknown: no).
    pub(super) fn is_file(&self, value: &str) -> bool {
        self.disk
            .as_ref()
            .and_then(|d| d.locate(value, self.moved))
            .is_some_and(|p| p.is_file())
    }

    /// The line changes folder (`cd`, `pushd`, `popd`): from here on, a
    /// relative path names whatever is there when it runs.
    pub(super) fn moved(&mut self) {
        self.moved = true;
    }

    /// Reads a file a shell runs, named by a word as written.
    pub(super) fn read(&mut self, value: &str) -> Found {
        self.read_as(value, Reading::Lenient)
    }

    /// Reads a file an interpreter other than a shell runs (`python3
    /// tool.py`): what is not clean text is code known only at run time.
    pub(super) fn read_strict(&mut self, value: &str) -> Found {
        self.read_as(value, Reading::Strict)
    }

    fn read_as(&mut self, value: &str, reading: Reading) -> Found {
        let Some(disk) = &self.disk else {
            return Found::NoDisk;
        };
        let unknown = |program: &str| {
            Found::Unknown(Problem::DynamicCode {
                program: program.to_owned(),
            })
        };
        let Some(path) = disk.locate(value, self.moved) else {
            return unknown(value);
        };
        if self.read >= MAX_SCRIPTS_TOTAL {
            return Found::Unknown(Problem::TooLong { bytes: self.read });
        }
        let file = match files::open(&path, Whose::Foreign) {
            Ok(f) => f,
            // Not there now (whatever is there when it runs is unknown),
            // unreadable, or not a regular file.
            Err(_) => return unknown(value),
        };
        let mut bytes = Vec::new();
        if file
            .take(MAX_SCRIPT_BYTES + 1)
            .read_to_end(&mut bytes)
            .is_err()
        {
            return unknown(value);
        }
        if is_compiled(&bytes) {
            return Found::NotText;
        }
        if bytes.len() as u64 > MAX_SCRIPT_BYTES {
            return Found::Unknown(Problem::TooLong {
                bytes: usize::try_from(MAX_SCRIPT_BYTES).unwrap_or(usize::MAX) + 1,
            });
        }
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                if reading == Reading::Strict {
                    return unknown(value);
                }
                String::from_utf8_lossy(e.as_bytes()).into_owned()
            }
        };
        if reading == Reading::Strict && (text.contains('\0') || text.contains("PK\u{3}\u{4}")) {
            return unknown(value);
        }
        self.read += text.len();
        Found::Text(path, text)
    }

    /// What the program a word names by its path is (see `identity`):
    /// `AsNamed` when files are not read or the path is not known before
    /// the line runs.
    pub(super) fn identify(&mut self, value: &str) -> Identity {
        let Some(disk) = &self.disk else {
            return Identity::AsNamed;
        };
        let Some(path) = disk.locate(value, self.moved) else {
            return Identity::AsNamed;
        };
        let cwd = disk.cwd.clone();
        self.identifier
            .get_or_insert_with(|| Identifier::new(&cwd))
            .identify(&path)
    }

    /// The file a program run by name is, when a folder of `PATH` inside
    /// the folder the line runs in holds it.
    pub(super) fn on_path(&self, name: &str) -> Option<PathBuf> {
        self.disk.as_ref().and_then(|d| {
            d.user_path
                .iter()
                .map(|dir| dir.join(name))
                .find(|p| p.is_file())
        })
    }

    /// True for a file last changed before the session began: problems
    /// found in it do not count (see the module docs). Its status-change
    /// time says so, not its modification time, which a writer can set.
    pub(super) fn older_than_session(&self, path: &Path) -> bool {
        self.disk.as_ref().is_some_and(|d| {
            std::fs::metadata(path).is_ok_and(|m| changed_at(&m).is_some_and(|t| t < d.since))
        })
    }

    /// The nearest `package.json` at or above the folder: `None` when that
    /// cannot be known before the line runs or cannot be read as JSON,
    /// `Some(None)` when there is none.
    #[allow(clippy::option_option)]
    pub(super) fn package_json(&self) -> Option<Option<(PathBuf, serde_json::Value)>> {
        if self.moved {
            return None;
        }
        let disk = self.disk.as_ref()?;
        let Some(path) = disk
            .cwd
            .ancestors()
            .map(|d| d.join("package.json"))
            .find(|p| std::fs::symlink_metadata(p).is_ok())
        else {
            return Some(None);
        };
        let text = files::read_text(&path, Whose::Foreign, MAX_SCRIPT_BYTES)
            .ok()
            .flatten()?;
        let json = serde_json::from_str(&text).ok()?;
        Some(Some((path, json)))
    }

    /// The first of `candidates` (paths as written, in the order make
    /// looks for them) that is there: `None` when one of them cannot be
    /// known before the line runs, `Some(None)` when none is there.
    #[allow(clippy::option_option)]
    pub(super) fn first_present(&self, candidates: &[String]) -> Option<Option<PathBuf>> {
        let disk = self.disk.as_ref()?;
        let located: Vec<PathBuf> = candidates
            .iter()
            .filter_map(|c| disk.locate(c, self.moved))
            .collect();
        if located.len() != candidates.len() {
            return None;
        }
        Some(
            located
                .into_iter()
                .find(|p| std::fs::symlink_metadata(p).is_ok()),
        )
    }
}

/// When a file's status last changed (its ctime): set by the kernel on
/// every write, rename or link, and never by a program to a time of its
/// choosing.
fn changed_at(m: &std::fs::Metadata) -> Option<SystemTime> {
    let secs = u64::try_from(m.ctime()).ok()?;
    let nanos = u32::try_from(m.ctime_nsec()).ok()?;
    SystemTime::UNIX_EPOCH.checked_add(Duration::new(secs, nanos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shebangs() {
        assert_eq!(shebang("echo hi"), Shebang::None);
        assert_eq!(shebang("#!/bin/bash\nx"), Shebang::Shell("bash".into()));
        assert_eq!(
            shebang("#!/usr/bin/env bash\n"),
            Shebang::Shell("bash".into())
        );
        assert_eq!(
            shebang("#!/usr/bin/env -S zsh -f\n"),
            Shebang::Shell("zsh".into())
        );
        assert_eq!(
            shebang("#!/usr/bin/python3\n"),
            Shebang::Other("python3".into())
        );
        assert_eq!(shebang("#! /bin/sh -e\n"), Shebang::Shell("sh".into()));
    }
}
