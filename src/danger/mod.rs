//! Danger: a parsed line ─► its tier and every rule it matches.
//!
//! The blocked tier is what no one may approve through askrisky (machine-wide
//! catastrophe). The danger set is what is irreversible or crosses a
//! boundary: it always goes to the person, never to the reviewer. Both are
//! one table of data in [`rules`], each rule with the lines it must catch and
//! the lines it must leave alone.

pub mod paths;
pub mod rules;
mod scan;

use serde::{Deserialize, Serialize};

use crate::parse::{Problem, Redirect, Script, SimpleCommand, Word};
pub use paths::Place;
use rules::{Check, RULES};

/// How dangerous a line is. Ordered: the strictest wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    /// Nothing in the danger set.
    Clear,
    /// Irreversible or boundary-crossing: the person decides.
    Danger,
    /// Machine-wide catastrophe: refused, nobody can approve it here.
    Blocked,
}

impl Tier {
    /// The tier's name as shown and logged.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Clear => "clear",
            Self::Danger => "danger",
            Self::Blocked => "blocked",
        }
    }
}

/// One rule that matched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    /// Stable reason code, e.g. `delete.recursive`.
    pub code: String,
    /// The rule's tier.
    pub tier: Tier,
    /// One sentence for the person.
    pub sentence: String,
    /// The simple command that matched (empty for line-level problems).
    pub command: String,
}

/// The verdict of the danger set on a whole line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Assessment {
    /// The strictest tier of all matches; `Clear` when nothing matched.
    pub tier: Tier,
    /// Every match, strictest first, in the order found.
    pub matches: Vec<Match>,
}

impl Assessment {
    /// The codes of all matches.
    pub fn codes(&self) -> Vec<&str> {
        self.matches.iter().map(|m| m.code.as_str()).collect()
    }
}

/// A danger rule added by the user's or the project's config: any command
/// whose argv starts with `prefix` (program name compared by basename).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraRule {
    /// Reason code (shown and logged).
    pub code: String,
    /// One sentence for the person.
    pub sentence: String,
    /// argv prefix, e.g. `["kubectl", "delete"]`.
    pub prefix: Vec<String>,
}

/// Classifies every command of a parsed line.
pub fn assess(script: &Script, ctx: &Place, extra: &[ExtraRule]) -> Assessment {
    let mut matches: Vec<Match> = Vec::new();
    let mut add = |m: Match| {
        if !matches.contains(&m) {
            matches.push(m);
        }
    };
    let (folders, too_many_folders) = folders(script, ctx);
    for command in &script.commands {
        for ctx in &folders {
            let cmd = Cmd::new(command, ctx);
            for rule in RULES {
                if let Check::Command(f) = rule.check
                    && f(&cmd)
                {
                    add(Match {
                        code: rule.code.to_owned(),
                        tier: rule.tier,
                        sentence: rule.sentence.to_owned(),
                        command: command.display(),
                    });
                }
            }
        }
        for rule in extra {
            if prefix_matches(command, &rule.prefix) {
                add(Match {
                    code: rule.code.clone(),
                    tier: Tier::Danger,
                    sentence: rule.sentence.clone(),
                    command: command.display(),
                });
            }
        }
    }
    // More folders than are followed: a `cd` past the bound could be the one
    // that matters, so the line is beyond what askrisky analyses.
    let folders_problem = too_many_folders.then_some(Problem::TooDeep);
    for problem in script.problems.iter().chain(&folders_problem) {
        for rule in RULES {
            if let Check::Problem(f) = rule.check
                && f(problem)
            {
                add(Match {
                    code: rule.code.to_owned(),
                    tier: rule.tier,
                    sentence: rule.sentence.to_owned(),
                    // What the shells read differently, for the person.
                    command: match problem {
                        Problem::Ambiguous { construct } => construct.clone(),
                        _ => String::new(),
                    },
                });
            }
        }
    }
    matches.sort_by_key(|m| std::cmp::Reverse(m.tier));
    Assessment {
        tier: matches.first().map_or(Tier::Clear, |m| m.tier),
        matches,
    }
}

/// Most folders a line is judged in (where it starts included).
pub const MAX_FOLDERS: usize = 8;

/// The folders the commands of a line may run in: where the line starts,
/// and each folder a `cd` or `pushd` on it may move to. A `cd` changes what
/// relative paths name (`cd ~ && echo x >> .bashrc` writes `~/.bashrc`,
/// `cd / && rm -rf *` empties the root); whether and when each `cd` runs is
/// not followed, so every command is judged in each of these folders (a cd
/// in a loop is taken to run once). A
/// `cd` to a folder only known at run time cannot be followed. The second
/// value is true when there are more than [`MAX_FOLDERS`].
fn folders(script: &Script, ctx: &Place) -> (Vec<Place>, bool) {
    let targets: Vec<&str> = script
        .commands
        .iter()
        .filter(|c| matches!(c.name().as_deref(), Some("cd" | "pushd")))
        .filter_map(|c| {
            match operands(c.args()).first() {
                // A bare `cd` goes home.
                None => Some("~"),
                // `cd -` goes back to a folder askrisky does not know.
                Some(w) if w.literal && w.value != "-" => Some(w.value.as_str()),
                Some(_) => None,
            }
        })
        .collect();
    let mut cwds = vec![ctx.resolve(&ctx.cwd.to_string_lossy())];
    // Each cd, in the order found, may or may not have run: `cd a; cd b`
    // may end in the start, a, b or a/b. So each target is resolved from
    // every folder reached before it.
    let mut too_many = false;
    'targets: for target in &targets {
        for i in 0..cwds.len() {
            let from = Place {
                cwd: cwds[i].clone().into(),
                ..ctx.clone()
            };
            let to = from.resolve(target);
            if !cwds.contains(&to) {
                if cwds.len() == MAX_FOLDERS {
                    too_many = true;
                    break 'targets;
                }
                cwds.push(to);
            }
        }
    }
    let contexts = cwds
        .into_iter()
        .map(|cwd| Place {
            cwd: cwd.into(),
            ..ctx.clone()
        })
        .collect();
    (contexts, too_many)
}

/// True when the command's argv starts with `prefix` (literal words only;
/// the program compared by its basename).
pub fn prefix_matches(command: &SimpleCommand, prefix: &[String]) -> bool {
    if prefix.is_empty() || command.argv.len() < prefix.len() {
        return false;
    }
    command
        .argv
        .iter()
        .zip(prefix)
        .enumerate()
        .all(|(i, (w, p))| {
            w.literal
                && if i == 0 {
                    crate::parse::programs::program_name(&w.value)
                        == crate::parse::programs::program_name(p)
                } else {
                    w.value == *p
                }
        })
}

/// One simple command as the rules see it.
pub struct Cmd<'a> {
    /// The parsed command.
    pub command: &'a SimpleCommand,
    /// Program name (basename, lowercase); empty when unknown or absent.
    pub name: String,
    /// Where it runs.
    pub ctx: &'a Place,
}

impl<'a> Cmd<'a> {
    /// Wraps a parsed command.
    pub fn new(command: &'a SimpleCommand, ctx: &'a Place) -> Self {
        Self {
            name: command.name().unwrap_or_default(),
            command,
            ctx,
        }
    }

    /// True when the program is one of `names`. A name ending in `*`
    /// matches by prefix (`mkfs*` matches `mkfs.ext4`).
    pub fn is(&self, names: &[&str]) -> bool {
        names.iter().any(|n| match n.strip_suffix('*') {
            Some(prefix) => self.name.starts_with(prefix),
            None => self.name == *n,
        })
    }

    /// Arguments after the program name.
    pub fn args(&self) -> &'a [Word] {
        self.command.args()
    }

    /// Argument values (as the program receives them).
    pub fn values(&self) -> impl Iterator<Item = &'a str> {
        self.args().iter().map(|w| w.value.as_str())
    }

    /// True when any option in `flags` is given before `--`. Short options
    /// match inside clusters (`-r` in `-rf`); long ones also with `=value`.
    pub fn flag(&self, flags: &[&str]) -> bool {
        has_flag(self.args(), flags)
    }

    /// Arguments that are not options (all of them after `--`).
    pub fn operands(&self) -> Vec<&'a Word> {
        operands(self.args())
    }

    /// The subcommand and the operands after it, past the tool's own
    /// leading options: those in `with_value` take the next word as their
    /// value, so it is not the subcommand (`npm -w pkg publish`, `docker
    /// --context prod push img`).
    pub fn subcommand_operands(&self, with_value: &[&str]) -> Vec<&'a Word> {
        let args = self.args();
        let mut i = 0;
        while let Some(w) = args.get(i) {
            let v = w.value.as_str();
            if v == "--" || !(v.starts_with('-') && v.len() > 1) {
                break;
            }
            i += if with_value.contains(&v) { 2 } else { 1 };
        }
        operands(args.get(i..).unwrap_or_default())
    }

    /// The value given to an option: `--opt=V`, `--opt V`, `-oV`, `-o V`.
    pub fn option_values(&self, names: &[&str]) -> Vec<&'a str> {
        option_values(self.args(), names)
    }

    /// For `git`: the subcommand and its arguments, after git's own options.
    pub fn git(&self) -> Option<(&'a str, &'a [Word])> {
        if self.name != "git" {
            return None;
        }
        let args = self.args();
        let mut i = 0;
        while i < args.len() {
            let v = args[i].value.as_str();
            if matches!(
                v,
                "-C" | "-c"
                    | "--git-dir"
                    | "--work-tree"
                    | "--namespace"
                    | "--exec-path"
                    | "--config-env"
                    | "--super-prefix"
                    | "--attr-source"
            ) {
                i += 2;
            } else if v.starts_with('-') {
                i += 1;
            } else {
                return Some((v, &args[i + 1..]));
            }
        }
        None
    }

    /// `git -c KEY=VALUE` settings given on the command line.
    pub fn git_config_overrides(&self) -> Vec<&'a str> {
        if self.name != "git" {
            return Vec::new();
        }
        let args = self.args();
        let mut out = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let v = args[i].value.as_str();
            if !v.starts_with('-') {
                break;
            }
            if matches!(v, "-c" | "--config-env") {
                if let Some(kv) = args.get(i + 1) {
                    out.push(kv.value.as_str());
                }
                i += 2;
            } else if let Some(kv) = v.strip_prefix("--config-env=") {
                out.push(kv);
                i += 1;
            } else if matches!(
                v,
                "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--exec-path"
            ) {
                i += 2;
            } else {
                i += 1;
            }
        }
        out
    }

    /// Every redirection of the command.
    pub fn redirects(&self) -> &'a [Redirect] {
        &self.command.redirects
    }

    /// Paths the command writes: redirection targets, and the files that
    /// well-known writers write (`tee F`, `cp … DEST`, `mv SRC… DEST`,
    /// `sed -i … F`, …).
    pub fn written_paths(&self) -> Vec<&'a str> {
        let mut out: Vec<&str> = self
            .redirects()
            .iter()
            .filter(|r| r.op.writes())
            .map(|r| r.target.value.as_str())
            .collect();
        let ops = self.operands();
        let values = |ws: &[&'a Word]| ws.iter().map(|w| w.value.as_str()).collect::<Vec<_>>();
        match self.name.as_str() {
            "tee" | "truncate" | "rm" | "unlink" | "shred" | "touch" | "chmod" | "chown"
            | "chgrp" | "chattr" | "setfacl" | "rmdir" | "mkdir" => out.extend(values(&ops)),
            // mv takes its sources away from where they were: moving
            // `.askrisky.toml` or `~/.bashrc` aside changes what guards or
            // runs later as surely as overwriting them.
            "mv" => {
                out.extend(values(&ops));
                out.extend(self.option_values(&["-t", "--target-directory"]));
            }
            "cp" | "install" | "ln" | "rsync" | "scp" => {
                let targets = self.option_values(&["-t", "--target-directory"]);
                if targets.is_empty() {
                    out.extend(ops.last().map(|w| w.value.as_str()));
                } else {
                    out.extend(targets);
                }
            }
            "sed" | "perl" | "ruby" if self.flag(&["-i", "--in-place"]) => {
                out.extend(values(&ops).into_iter().skip(1));
            }
            "dd" => out.extend(self.values().filter_map(|v| v.strip_prefix("of="))),
            "git" => {
                if let Some(("config", rest)) = self.git() {
                    out.extend(option_values(rest, &["-f", "--file"]));
                }
            }
            _ => {}
        }
        out
    }
}

fn has_flag(args: &[Word], flags: &[&str]) -> bool {
    for a in args {
        let v = a.value.as_str();
        if v == "--" {
            return false;
        }
        if let Some(long) = v.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or(long);
            if flags.iter().any(|f| f.strip_prefix("--") == Some(name)) {
                return true;
            }
        } else if let Some(cluster) = v.strip_prefix('-') {
            if flags.contains(&v) {
                return true;
            }
            if flags.iter().any(|f| {
                f.len() == 2 && !f.starts_with("--") && f[1..].chars().all(|c| cluster.contains(c))
            }) && cluster.chars().all(|c| c.is_ascii_alphanumeric())
            {
                return true;
            }
        }
    }
    false
}

fn operands(args: &[Word]) -> Vec<&Word> {
    let mut out = Vec::new();
    let mut rest = false;
    for a in args {
        if rest {
            out.push(a);
        } else if a.value == "--" {
            rest = true;
        } else if !(a.value.starts_with('-') && a.value.len() > 1) {
            out.push(a);
        }
    }
    out
}

fn option_values<'a>(args: &'a [Word], names: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let v = args[i].value.as_str();
        if v == "--" {
            break;
        }
        for n in names {
            if v == *n {
                if let Some(next) = args.get(i + 1) {
                    out.push(next.value.as_str());
                }
            } else if let Some(rest) = v.strip_prefix(n) {
                if n.starts_with("--") {
                    if let Some(val) = rest.strip_prefix('=') {
                        out.push(val);
                    }
                } else if !rest.is_empty() {
                    out.push(rest);
                }
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests;
