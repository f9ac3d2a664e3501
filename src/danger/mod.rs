//! Danger: a parsed line ─► its tier and every rule it matches.
//!
//! The blocked tier is what no one may approve through askrisky (machine-wide
//! catastrophe). The danger set is what is irreversible or crosses a
//! boundary: it always goes to the person, never to the reviewer. Both are
//! one table of data in [`rules`], each rule with the lines it must catch and
//! the lines it must leave alone.

pub mod paths;
pub mod rules;
pub mod safer;
mod scan;

use std::borrow::Cow;

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
    /// Set only by the person's own config (never read from a file as
    /// a rule): this entry matches nothing and turns the named pack of
    /// built-in rules off (see [`rules::PACKS`]).
    #[serde(skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub pack_off: Option<String>,
}

impl ExtraRule {
    /// The entry that turns a pack of built-in rules off.
    pub fn pack_off(pack: &str) -> Self {
        Self {
            code: format!("pack.{pack}_off"),
            sentence: format!("The {pack} danger pack is off in your config."),
            prefix: Vec::new(),
            pack_off: Some(pack.to_owned()),
        }
    }
}

/// Classifies every command of a parsed line.
pub fn assess(script: &Script, ctx: &Place, extra: &[ExtraRule]) -> Assessment {
    let _lookups = paths::OneLine::start();
    let mut matches: Vec<Match> = Vec::new();
    let mut add = |m: Match| {
        if !matches.contains(&m) {
            matches.push(m);
        }
    };
    let (folders, too_many_folders) = folders(script, ctx);
    let root_links = root_links(script, &folders);
    let off: Vec<&str> = extra.iter().filter_map(|r| r.pack_off.as_deref()).collect();
    let enabled = |r: &&rules::Rule| {
        off.is_empty()
            || !rules::PACKS
                .iter()
                .any(|(pack, codes)| off.contains(pack) && codes.contains(&r.code))
    };
    for command in &script.commands {
        for ctx in &folders {
            let mut cmd = Cmd::new(command, ctx);
            cmd.root_links = &root_links;
            for rule in RULES.iter().filter(enabled) {
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
            if rule.pack_off.is_none() && prefix_matches(command, &rule.prefix) {
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

/// The links a line makes to the root, a home or a system folder (`ln -s
/// / r`), resolved in every folder the line may run in: deleting through
/// one (`rm -rf r/`) deletes what it points to.
fn root_links(script: &Script, folders: &[Cow<'_, Place>]) -> Vec<String> {
    let mut out = Vec::new();
    for c in &script.commands {
        let maybe = c
            .argv
            .first()
            .is_some_and(|w| w.value.ends_with("ln") || w.value.ends_with("cp"));
        if !maybe {
            continue;
        }
        let name = c.name().unwrap_or_default();
        let symbolic = has_flag(c.args(), &["-s", "--symbolic"]);
        if !(symbolic && matches!(&*name, "ln" | "cp")) {
            continue;
        }
        let ops = operands(c.args());
        let Some((link, targets)) = ops.split_last() else {
            continue;
        };
        for ctx in folders {
            if targets.iter().any(|t| ctx.is_catastrophic(&t.value)) {
                out.push(ctx.resolve(&link.value));
            }
        }
    }
    out
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
fn folders<'p>(script: &Script, ctx: &'p Place) -> (Vec<Cow<'p, Place>>, bool) {
    let mut targets: Vec<String> = script
        .commands
        .iter()
        .filter(|c| matches!(c.name().as_deref(), Some("cd" | "pushd")))
        .filter_map(|c| {
            match operands(c.args()).first() {
                // A bare `cd` goes home.
                None => Some("~".to_owned()),
                // `cd -` goes back to a folder askrisky does not know.
                Some(w) if w.literal && w.value != "-" => Some(w.value.clone()),
                Some(_) => None,
            }
        })
        .collect();
    // With CDPATH set on the line, `cd NAME` may go to any of its folders'
    // NAME (`CDPATH=~/.config; cd askrisky`).
    let cdpath = cd_paths(script);
    if !cdpath.is_empty() {
        let relative: Vec<String> = targets
            .iter()
            .filter(|t| !t.starts_with(['/', '~', '.']))
            .cloned()
            .collect();
        for t in relative {
            for base in &cdpath {
                targets.push(format!("{}/{t}", base.trim_end_matches('/')));
            }
        }
    }
    let start = ctx.resolve(&ctx.cwd.to_string_lossy());
    // The usual line: no cd, and the folder already as resolved.
    if targets.is_empty() && ctx.cwd.as_os_str() == start.as_str() {
        return (vec![Cow::Borrowed(ctx)], false);
    }
    let mut cwds = vec![start];
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
        .map(|cwd| {
            Cow::Owned(Place {
                cwd: cwd.into(),
                ..ctx.clone()
            })
        })
        .collect();
    (contexts, too_many)
}

/// The folders of every CDPATH the line sets (`CDPATH=a:b`, `export
/// CDPATH=…`).
fn cd_paths(script: &Script) -> Vec<String> {
    let mut out = Vec::new();
    for c in &script.commands {
        let assigned = c
            .assignments
            .iter()
            .filter(|(n, _)| n == "CDPATH")
            .map(|(_, v)| v.value.as_str());
        let exported = c
            .args()
            .iter()
            .filter_map(|w| w.value.strip_prefix("CDPATH="));
        for value in assigned.chain(exported) {
            out.extend(
                value
                    .split(':')
                    .filter(|p| !p.is_empty())
                    .map(str::to_owned),
            );
        }
    }
    out
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
    /// Links the line makes to the root, a home or a system folder.
    pub root_links: &'a [String],
    /// [`Cmd::written_paths`], worked out once: several rules ask.
    written: std::cell::OnceCell<Vec<String>>,
    /// [`Cmd::operands`], worked out once: most rules ask.
    operands: std::cell::OnceCell<Vec<&'a Word>>,
}

impl<'a> Cmd<'a> {
    /// Wraps a parsed command.
    pub fn new(command: &'a SimpleCommand, ctx: &'a Place) -> Self {
        Self {
            name: command
                .name()
                .map(std::borrow::Cow::into_owned)
                .unwrap_or_default(),
            command,
            ctx,
            root_links: &[],
            written: std::cell::OnceCell::new(),
            operands: std::cell::OnceCell::new(),
        }
    }

    /// [`Place::is_catastrophic`], also through a link the line made to
    /// such a folder (`ln -s / r; rm -rf r/`) or one on disk.
    pub fn is_catastrophic(&self, value: &str) -> bool {
        if self.ctx.is_catastrophic(value) {
            return true;
        }
        // `r/*` empties what `r` names.
        let trimmed = value.trim_end_matches(['*', '/']);
        let folder = if trimmed.is_empty() { value } else { trimmed };
        (!self.root_links.is_empty() && self.root_links.contains(&self.ctx.resolve(folder)))
            || paths::on_disk(self.ctx, folder).is_some_and(|real| self.ctx.is_catastrophic(&real))
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

    /// [`Cmd::flag`] for a tool whose own long options `exact` are
    /// prefixes of the flags (`gpg --export` is not `--export-secret-keys`).
    pub fn flag_of(&self, flags: &[&str], exact: &[&str]) -> bool {
        crate::parse::programs::has_flag_of(self.args(), flags, exact)
    }

    /// Arguments that are not options (all of them after `--`).
    pub fn operands(&self) -> &[&'a Word] {
        self.operands.get_or_init(|| operands(self.args()))
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
        let i = crate::parse::programs::git_subcommand_at(args)?;
        Some((args.get(i)?.value.as_str(), args.get(i + 1..)?))
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
    /// well-known writers write by operand or option (`tee F`, `cp … DEST`,
    /// `mv SRC… DEST`, `sed -i … F`, `curl -o F`, `sort -o F`, `dd of=F`,
    /// …). A copy into a folder also names the file it makes there
    /// (`cp .bashrc ~` writes `~/.bashrc`).
    pub fn written_paths(&self) -> &[String] {
        self.written.get_or_init(|| self.find_written_paths())
    }

    fn find_written_paths(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .redirects()
            .iter()
            .filter(|r| r.op.writes())
            .map(|r| r.target.value.clone())
            .collect();
        let ops = self.operands();
        let values = |ws: &[&'a Word]| ws.iter().map(|w| w.value.clone()).collect::<Vec<_>>();
        let owned = |vs: Vec<&str>| vs.into_iter().map(str::to_owned).collect::<Vec<_>>();
        match self.name.as_str() {
            "tee" | "truncate" | "rm" | "unlink" | "shred" | "touch" | "chmod" | "chown"
            | "chgrp" | "chattr" | "setfacl" | "rmdir" | "mkdir" | "sponge" | "ed" | "ex"
            | "link" | "mkfifo" | "srm" | "wipe" => out.extend(values(ops)),
            // mv takes its sources away from where they were: moving
            // `.askrisky.toml` or `~/.bashrc` aside changes what guards or
            // runs later as surely as overwriting them.
            "mv" => {
                let targets = crate::parse::target_dirs(&self.name, self.args());
                out.extend(
                    ops.iter()
                        .filter(|w| !targets.contains(&w.value.as_str()))
                        .map(|w| w.value.clone()),
                );
                out.extend(crate::parse::copies(self.command).into_iter().map(|c| c.0));
            }
            // Where each copy lands, `-t DIR` too (see `copies`).
            "cp" | "install" | "ln" | "rsync" => {
                out.extend(crate::parse::copies(self.command).into_iter().map(|c| c.0));
            }
            "scp" => out.extend(ops.last().map(|w| w.value.clone())),
            "sed" | "gsed" | "perl" | "ruby"
                if scan::in_place(
                    self.args(),
                    match self.name.as_str() {
                        "perl" => scan::PERL_VALUES,
                        "ruby" => scan::RUBY_VALUES,
                        _ => scan::SED_VALUES,
                    },
                ) =>
            {
                out.extend(values(ops).into_iter().skip(1));
            }
            // find's -fprint/-fprint0/-fls FILE and -fprintf FILE FORMAT.
            "find" => {
                let args = self.args();
                for (i, w) in args.iter().enumerate() {
                    if matches!(
                        w.value.as_str(),
                        "-fprint" | "-fprint0" | "-fprintf" | "-fls"
                    ) {
                        out.extend(args.get(i + 1).map(|w| w.value.clone()));
                    }
                }
            }
            "strace" | "ltrace" | "time" | "valgrind" | "perf" => {
                out.extend(owned(self.option_values(&["-o", "--output", "--log-file"])));
            }
            "dd" => out.extend(
                self.values()
                    .filter_map(|v| v.strip_prefix("of="))
                    .map(str::to_owned),
            ),
            "sort" | "uniq" | "openssl" | "ssh-keygen" | "patch" => {
                out.extend(owned(self.option_values(&["-o", "--output", "-out", "-f"])));
                if self.name == "patch" {
                    out.extend(patch_files(self.args()).first().map(|w| w.value.clone()));
                }
                if self.name == "uniq" {
                    out.extend(ops.get(1).map(|w| w.value.clone()));
                }
            }
            "git" => match self.git() {
                Some(("config", rest)) => out.extend(owned(option_values(rest, &["-f", "--file"]))),
                Some(("clone", rest)) => {
                    let ops = operands(rest);
                    if ops.len() >= 2 {
                        out.extend(ops.last().map(|w| w.value.clone()));
                    }
                }
                _ => {}
            },
            _ => {}
        }
        if self.is(&["curl", "wget", "wget2", "aria2c"]) {
            out.extend(crate::parse::downloaded(self.command));
        }
        out
    }

    /// Folders the command writes files of names it alone knows into: an
    /// archive unpacked (`tar -x -C D`, `unzip -d D`), a patch applied
    /// without naming its file (into the folder it runs in, `.`).
    pub fn written_folders(&self) -> Vec<String> {
        let args = self.args();
        match self.name.as_str() {
            "tar" | "gtar" | "bsdtar" => {
                let extracting = self.flag(&["-x", "--extract", "--get"])
                    || args
                        .first()
                        .is_some_and(|w| !w.value.starts_with('-') && w.value.contains('x'));
                if !extracting {
                    return Vec::new();
                }
                let dirs = self.option_values(&["-C", "--directory"]);
                if dirs.is_empty() {
                    vec![".".to_owned()]
                } else {
                    dirs.into_iter().map(str::to_owned).collect()
                }
            }
            "unzip" => {
                let dirs = self.option_values(&["-d"]);
                if dirs.is_empty() {
                    vec![".".to_owned()]
                } else {
                    dirs.into_iter().map(str::to_owned).collect()
                }
            }
            "patch" if patch_files(args).is_empty() => {
                let dirs = self.option_values(&["-d", "--directory"]);
                if dirs.is_empty() {
                    vec![".".to_owned()]
                } else {
                    dirs.into_iter().map(str::to_owned).collect()
                }
            }
            "cpio" if self.flag(&["-i", "--extract"]) => vec![".".to_owned()],
            _ => Vec::new(),
        }
    }
}

pub(crate) use crate::parse::programs::{has_flag, operands, option_values};

/// patch's operands (the file to patch, then the patch), past the options
/// that take a value.
fn patch_files(args: &[Word]) -> Vec<&Word> {
    const VALUES: &[&str] = &[
        "-d", "-p", "-i", "-o", "-r", "-B", "-F", "-z", "-D", "-V", "-Y", "-g",
    ];
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        if v == "--" {
            out.extend(args.get(i + 1..).unwrap_or_default());
            break;
        }
        if VALUES.contains(&v) {
            i += 2;
            continue;
        }
        if !(v.starts_with('-') && v.len() > 1) {
            out.push(w);
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests;
