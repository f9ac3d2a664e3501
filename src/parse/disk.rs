//! Scripts on disk: what a line runs from files that were there before it.
//!
//! The threat: the agent writes `x.sh` (or a `package.json` script, or a
//! Makefile recipe) with its own file tool, which askrisky does not vet,
//! and then runs `bash x.sh`, `./x.sh`, `source x.sh`, `npm run x` or
//! `make x`: the line looks harmless, the file is not. With a [`Disk`]
//! (given by `decide`: the folder the line runs in), the walker reads such
//! files — bounded, regular files only, so nothing planted can make it hang
//! — and walks their code as nested code of the shell that runs it. What
//! cannot be read, or is not there yet, is code known only at run time,
//! which asks. What the file held when it was read is kept in
//! [`Script::files`](super::Script) for the person to see.
//!
//! A program run by name is read only when `PATH` finds it inside the
//! folder the line runs in (`./bin`, `node_modules/.bin`).
//!
//! Long-lived project files often hold code askrisky cannot follow (a
//! program name in a variable, an `include` in a Makefile). Such problems
//! count only for a file changed since the session began (`Disk::since`):
//! an older file is the project's own, not something the agent just
//! planted. What the danger set finds in any file always counts.
//!
//! Without a `Disk` (pure parsing, as in tests) files are not read, but a
//! script named by a word known only at run time (`bash "$x"`) is still
//! code known only at run time.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::makefile::{Invocation, Recipes};
use super::walker::Walker;
use super::{Origin, Problem, SimpleCommand, Word, programs};
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

/// Folders that belong to the system or a package manager, not to whoever
/// runs the agent: scripts found there are not read.
fn is_system_folder(p: &Path) -> bool {
    const SYSTEM: &[&str] = &[
        "/usr",
        "/bin",
        "/sbin",
        "/lib",
        "/lib32",
        "/lib64",
        "/opt",
        "/snap",
        "/nix",
        "/etc",
        "/System",
        "/Library",
        "/Applications",
    ];
    p.is_absolute() && SYSTEM.iter().any(|s| p.starts_with(s))
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

/// A file read for the line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScriptFile {
    /// Where it is (for a `package.json` script: `package.json#NAME`).
    pub path: String,
    /// What it held when it was read.
    pub text: String,
}

/// What reading a file gave.
enum Found {
    /// Its text.
    Text(PathBuf, String),
    /// A file that is not text (a compiled program).
    NotText,
    /// Not known before the line runs: the problem to report.
    Unknown(Problem),
    /// No disk to read from (pure parsing).
    NoDisk,
}

/// How a script file's first line says it is run.
#[derive(Debug, PartialEq, Eq)]
enum Shebang {
    /// No `#!`: run by `sh` (shells and `execvp` fall back to it).
    None,
    /// A shell, by name.
    Shell(String),
    /// Another interpreter, by name.
    Other(String),
}

fn shebang(text: &str) -> Shebang {
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

impl Walker {
    /// Reads a file the line runs.
    fn find(&mut self, value: &str) -> Found {
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
        if self.disk_read >= MAX_SCRIPTS_TOTAL {
            return Found::Unknown(Problem::TooLong {
                bytes: self.disk_read,
            });
        }
        match files::read_text(&path, Whose::Foreign, MAX_SCRIPT_BYTES) {
            Ok(Some(text)) => {
                self.disk_read += text.len();
                Found::Text(path, text)
            }
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Found::NotText,
            Err(e) if e.to_string().starts_with("larger than") => {
                Found::Unknown(Problem::TooLong {
                    bytes: usize::try_from(MAX_SCRIPT_BYTES).unwrap_or(usize::MAX) + 1,
                })
            }
            // Not there now (whatever is there when it runs is unknown),
            // unreadable, or not a regular file.
            Ok(None) | Err(_) => unknown(value),
        }
    }

    /// Walks code read from `path` as `program`'s, depth below the command
    /// that runs it. Problems found in a file older than the session do
    /// not count; its commands always do.
    fn walk_file(&mut self, program: &str, path: &Path, shown: String, text: &str, depth: u8) {
        self.script.files.push(ScriptFile {
            path: shown,
            text: text.to_owned(),
        });
        let before = self.script.problems.len();
        self.source_for(program, text, Origin::File, depth);
        let old = self.disk.as_ref().is_some_and(|d| {
            std::fs::metadata(path)
                .and_then(|m| m.modified())
                .is_ok_and(|t| t < d.since)
        });
        if old {
            self.script.problems.truncate(before);
        }
    }

    /// `bash FILE`, `source FILE`, `. FILE`: the file named, when the line
    /// did not write it.
    pub(super) fn disk_script(&mut self, program: &str, file: &Word, depth: u8) {
        if !file.literal {
            self.problem(Problem::DynamicCode {
                program: program.to_owned(),
            });
            return;
        }
        match self.find(&file.value) {
            Found::Text(path, text) => {
                let shown = path.display().to_string();
                self.walk_file(program, &path, shown, &text, depth);
            }
            Found::Unknown(p) => self.problem(p),
            Found::NotText | Found::NoDisk => {}
        }
    }

    /// A program run by its path (`./x.sh`), or a script in a folder of
    /// `PATH` that is not the system's: a shell script is walked as code of
    /// its shell, another interpreter's is kept for the danger rules.
    pub(super) fn disk_program(&mut self, cmd: &mut SimpleCommand) {
        if self.disk.is_none() {
            return;
        }
        let Some(first) = cmd.argv.first().filter(|w| w.literal) else {
            return;
        };
        let by_path = first.value.contains('/');
        let value = if by_path {
            first.value.clone()
        } else {
            let Some(found) = self.disk.as_ref().and_then(|d| {
                d.user_path
                    .iter()
                    .map(|dir| dir.join(&first.value))
                    .find(|p| p.is_file())
            }) else {
                return;
            };
            found.display().to_string()
        };
        if super::writes::file_name(&value).is_some_and(|n| self.written_names.contains_key(n)) {
            return;
        }
        let depth = cmd.depth + 1;
        match self.find(&value) {
            Found::Text(path, text) => match shebang(&text) {
                Shebang::None => {
                    let shown = path.display().to_string();
                    self.walk_file("sh", &path, shown, &text, depth);
                }
                Shebang::Shell(shell) => {
                    let shown = path.display().to_string();
                    self.walk_file(&shell, &path, shown, &text, depth);
                }
                Shebang::Other(interpreter) => {
                    self.script.files.push(ScriptFile {
                        path: path.display().to_string(),
                        text: text.clone(),
                    });
                    if programs::inline_code_flags(&interpreter).is_some() {
                        cmd.script_text = Some(text);
                    }
                }
            },
            Found::Unknown(p) if by_path => self.problem(p),
            Found::Unknown(_) | Found::NotText | Found::NoDisk => {}
        }
    }

    /// Package scripts (`npm run NAME`, `npm test`, `yarn NAME`, …) and
    /// Makefile recipes (`make TARGET`) the command runs.
    pub(super) fn disk_recipes(&mut self, cmd: &SimpleCommand) {
        if self.disk.is_none() {
            return;
        }
        let Some(name) = cmd.name() else {
            return;
        };
        let depth = cmd.depth + 1;
        if name == "make" || name == "gmake" {
            self.make(cmd, depth);
            return;
        }
        let Some(scripts) = package_scripts(&name, cmd.args()) else {
            return;
        };
        if scripts.iter().any(|s| s == "*") {
            self.problem(Problem::DynamicCode {
                program: name.into_owned(),
            });
            return;
        }
        let Some(found) = self.package_json() else {
            self.problem(Problem::DynamicCode {
                program: name.into_owned(),
            });
            return;
        };
        let Some((path, json)) = found else {
            return;
        };
        let Some(table) = json.get("scripts").and_then(serde_json::Value::as_object) else {
            return;
        };
        for script in scripts {
            if let Some(code) = table.get(&script).and_then(serde_json::Value::as_str) {
                let shown = format!("{}#scripts.{script}", path.display());
                // Package managers run scripts with `sh -c`.
                self.walk_file("sh", &path, shown, code, depth);
            }
        }
    }

    /// The nearest `package.json` at or above the folder: `None` when that
    /// cannot be known before the line runs or cannot be read as JSON,
    /// `Some(None)` when there is none.
    #[allow(clippy::option_option)]
    fn package_json(&mut self) -> Option<Option<(PathBuf, serde_json::Value)>> {
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
}

/// The package scripts a package-manager command runs, in order (`pre`,
/// the script, `post`), or `None` when it runs none.
fn package_scripts(program: &str, args: &[Word]) -> Option<Vec<String>> {
    if !matches!(program, "npm" | "pnpm" | "yarn" | "bun") {
        return None;
    }
    let mut words = args.iter();
    let mut positional = Vec::new();
    for w in words.by_ref() {
        if !w.literal {
            // A script name known only at run time: every script may run.
            return Some(vec!["*".into()]);
        }
        if w.value == "--" {
            break;
        }
        if w.value.starts_with('-') {
            continue;
        }
        positional.push(w.value.as_str());
        if positional.len() == 2 {
            break;
        }
    }
    const INSTALL: &[&str] = &[
        "preinstall",
        "install",
        "postinstall",
        "preprepare",
        "prepare",
        "postprepare",
    ];
    let around = |s: &str| vec![format!("pre{s}"), s.to_owned(), format!("post{s}")];
    let run = match (program, positional.as_slice()) {
        ("npm" | "pnpm" | "bun", ["run" | "run-script" | "rum" | "urn", name, ..]) => around(name),
        ("yarn", ["run", name, ..]) => around(name),
        ("npm" | "pnpm" | "yarn", ["test" | "t" | "tst", ..]) => around("test"),
        ("npm" | "pnpm" | "yarn", ["start", ..]) => around("start"),
        ("npm" | "pnpm", ["stop", ..]) => around("stop"),
        ("npm" | "pnpm", ["restart", ..]) => {
            let mut v = around("restart");
            v.extend(around("stop"));
            v.extend(around("start"));
            v
        }
        ("npm" | "pnpm" | "yarn" | "bun", ["install" | "i" | "ci" | "add", ..]) | ("yarn", []) => {
            INSTALL.iter().map(|s| (*s).to_owned()).collect()
        }
        // `yarn NAME` and `pnpm NAME` run a script of that name when it is
        // not one of their own commands.
        ("yarn" | "pnpm", [name, ..]) if !is_builtin(program, name) => around(name),
        _ => return None,
    };
    Some(run)
}

fn is_builtin(program: &str, name: &str) -> bool {
    const YARN: &[&str] = &[
        "add",
        "audit",
        "autoclean",
        "bin",
        "cache",
        "check",
        "config",
        "create",
        "dedupe",
        "dlx",
        "exec",
        "generate-lock-entry",
        "global",
        "help",
        "import",
        "info",
        "init",
        "install",
        "licenses",
        "link",
        "list",
        "login",
        "logout",
        "node",
        "outdated",
        "owner",
        "pack",
        "plugin",
        "policies",
        "publish",
        "remove",
        "rebuild",
        "set",
        "tag",
        "team",
        "unlink",
        "unplug",
        "up",
        "upgrade",
        "upgrade-interactive",
        "version",
        "versions",
        "why",
        "workspace",
        "workspaces",
    ];
    const PNPM: &[&str] = &[
        "add",
        "audit",
        "bin",
        "config",
        "create",
        "dedupe",
        "deploy",
        "dlx",
        "doctor",
        "env",
        "exec",
        "fetch",
        "help",
        "import",
        "init",
        "install",
        "install-test",
        "licenses",
        "link",
        "list",
        "ls",
        "outdated",
        "pack",
        "patch",
        "patch-commit",
        "prune",
        "publish",
        "rebuild",
        "remove",
        "rm",
        "root",
        "server",
        "setup",
        "store",
        "un",
        "uninstall",
        "unlink",
        "update",
        "up",
        "why",
    ];
    match program {
        "yarn" => YARN.contains(&name),
        "pnpm" => PNPM.contains(&name),
        _ => true,
    }
}

impl Walker {
    /// `make [-C DIR] [-f FILE] [NAME=VALUE…] [TARGET…]`: the recipe lines
    /// that would run, each walked as `sh` code, when the Makefile can be
    /// read without running make; otherwise code known only at run time,
    /// counted only for a Makefile changed since the session began.
    fn make(&mut self, cmd: &SimpleCommand, depth: u8) {
        let unknown = Problem::DynamicCode {
            program: "make".into(),
        };
        let Some(call) = Invocation::parse(cmd.args()) else {
            self.problem(unknown);
            return;
        };
        let candidates = call.candidates();
        let Some(disk) = &self.disk else { return };
        let located: Vec<PathBuf> = candidates
            .iter()
            .filter_map(|c| disk.locate(c, self.moved))
            .collect();
        if located.len() != candidates.len() {
            self.problem(unknown);
            return;
        }
        let Some(path) = located
            .into_iter()
            .find(|p| std::fs::symlink_metadata(p).is_ok())
        else {
            // No Makefile: make finds nothing to run (or only its built-in
            // rules, which compile).
            return;
        };
        let shown = path.display().to_string();
        let text = match self.find(&shown) {
            Found::Text(_, t) => t,
            Found::Unknown(p) => {
                self.problem(p);
                return;
            }
            Found::NotText | Found::NoDisk => return,
        };
        let Recipes { lines, opaque } = call.recipes(&text);
        self.script.files.push(ScriptFile { path: shown, text });
        let changed = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .map_or(true, |t| self.disk.as_ref().is_none_or(|d| t >= d.since));
        let before = self.script.problems.len();
        for l in &lines {
            self.source_for("make", l, Origin::File, depth);
        }
        if !changed {
            self.script.problems.truncate(before);
        } else if opaque {
            self.problem(unknown);
        }
    }
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

    fn words(args: &[&str]) -> Vec<Word> {
        args.iter().map(|a| Word::literal(*a)).collect()
    }

    #[test]
    fn package_manager_commands_and_their_scripts() {
        let s = |p: &str, a: &[&str]| package_scripts(p, &words(a));
        let around = |n: &str| Some(vec![format!("pre{n}"), n.to_owned(), format!("post{n}")]);
        assert_eq!(s("npm", &["run", "build"]), around("build"));
        assert_eq!(s("npm", &["run-script", "-s", "lint"]), around("lint"));
        assert_eq!(s("npm", &["test"]), around("test"));
        assert_eq!(s("npm", &["t"]), around("test"));
        assert_eq!(s("yarn", &["build"]), around("build"));
        assert_eq!(s("yarn", &["add", "left-pad"]).map(|v| v.len()), Some(6));
        assert_eq!(s("pnpm", &["dev"]), around("dev"));
        assert_eq!(s("pnpm", &["why", "x"]), None);
        assert_eq!(s("npm", &["view", "x"]), None);
        assert_eq!(
            s("npm", &["install"]).map(|v| v.contains(&"postinstall".to_owned())),
            Some(true)
        );
        assert_eq!(s("bun", &["run", "x"]), around("x"));
        // Only package managers run package scripts, whatever their words.
        let dynamic = [Word::literal("run"), Word::dynamic("$X")];
        assert_eq!(package_scripts("npm", &dynamic), Some(vec!["*".to_owned()]));
        assert_eq!(package_scripts("echo", &dynamic), None);
    }

    #[test]
    fn package_scripts_and_make_recipes_a_line_runs_are_walked() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let cwd = dir.path().to_path_buf();
        let write = |name: &str, text: &str| {
            std::fs::write(cwd.join(name), text).unwrap_or_else(|e| panic!("{e}"));
        };
        write(
            "package.json",
            r#"{"scripts":{"build":"tsc","prebuild":"shred -u notes","lint":"eslint ."}}"#,
        );
        write("Makefile", "clean:\n\trm -rf out\n");
        let disk = || Disk {
            cwd: cwd.clone(),
            home: None,
            user_path: Vec::new(),
            since: SystemTime::UNIX_EPOCH,
        };
        let names = |line: &str| -> Vec<String> {
            crate::parse::parse_on(line, crate::parse::Syntax::Bash, disk())
                .commands
                .iter()
                .filter_map(|c| c.name().map(std::borrow::Cow::into_owned))
                .collect()
        };
        assert_eq!(names("npm run build"), ["shred", "tsc", "npm"]);
        assert_eq!(names("npm run lint"), ["eslint", "npm"]);
        assert_eq!(names("make clean"), ["rm", "make"]);
        // Not a package manager: its words name no script.
        assert_eq!(names("echo build"), ["echo"]);
        // A script named at run time may be any of them.
        let dynamic = crate::parse::parse_on("npm run $T", crate::parse::Syntax::Bash, disk());
        assert!(!dynamic.problems.is_empty());
    }
}
