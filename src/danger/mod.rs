//! Danger: a parsed line ─► its tier and every rule it matches.
//!
//! The blocked tier is what no one may approve through askrisky (machine-wide
//! catastrophe). The danger set is what is irreversible or crosses a
//! boundary: it always goes to the person, never to the reviewer. Both are
//! one table of data in [`rules`], each rule with the lines it must catch and
//! the lines it must leave alone.
//!
//! What the rules consult lives beside its data, one subject to a module
//! (the secret files and stores in `secrets`, the protected ones in
//! [`protected`], …). The modules are layered, bottom first below: each
//! uses only modules of the items before its own, so there is no import
//! circle (`tests/lines/layers.rs` holds that).
//!
//! - `tier`; `place` (where a command runs, and what a path names there,
//!   lexically); `glob` (shell patterns); `find`, `dryrun`, `flashers`,
//!   `nouns`, `runaway`, `windows_code` and `code_disks` (which read words or code only); [`safer`] (what to do instead, keyed by
//!   rule code);
//! - the disk: `links` (a path followed through links, each lookup once
//!   per line), `gitdir` (where a `.git` file points, and the config git
//!   reads in the repository it finds);
//! - `cmd` (a command as the rules see it: what it is, its options and
//!   operands, what it writes and links to); `folders` (every folder a
//!   `cd` may move a line's commands to, and the links it makes to a
//!   root);
//! - what a path is: `secrets` (and the stores that hand them out),
//!   [`protected`]; what a chain's command lines send: `chains`; what a
//!   console is told to run: `consoles`; what a machine's management
//!   tool is told: `machines`; what an HTTP request does to
//!   the server it reaches: `requests`; what a
//!   tool's words do, for any tool: `verbs`; what
//!   they name, for a program no table knows: `meaning`;
//! - what a command does, by subject: `reads`, `interpreters`, `git`,
//!   `tools`, `cloud`, `system`, `perms`, `environment`, `askrisky_self`,
//!   `sends` (files from outside the project sent to another machine),
//!   `fetched` (code from outside any registry run or built at once),
//!   `devices` (whole devices written by a program whose words say so),
//!   `guarded` (what a line typed at a guarded shell does to its guard);
//! - [`rules`], the table, each row naming its check;
//! - [`assess`], here: the table run on every command, in every folder
//!   the line may run in.

mod askrisky_self;
mod chains;
mod cloud;
mod cmd;
mod code_disks;
mod consoles;
mod devices;
mod dryrun;
mod environment;
mod fetched;
mod find;
mod flashers;
mod folders;
mod git;
mod gitdir;
mod glob;
mod guarded;
mod interpreters;
mod links;
mod machines;
mod meaning;
mod nouns;
mod perms;
mod place;
pub mod protected;
mod reads;
mod requests;
pub mod rules;
mod runaway;
pub mod safer;
mod secrets;
mod sends;
mod site;
mod system;
mod tier;
mod tools;
mod tree_deletes;
mod verb_forms;
mod verbs;
mod windows_code;

use serde::{Deserialize, Serialize};

use crate::parse::{Problem, Script, SimpleCommand};
use cmd::Cmd;
use folders::{folders, root_links};
pub use place::{Place, Typed};
use rules::{Check, RULES};
pub use safer::Operands;
pub use tier::Tier;

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
    /// Its program and arguments, for a safer way's example that names
    /// its operand ([`safer_ways`]); `None` where a word is only known at
    /// run time, or there is no command. Not part of the JSON.
    #[serde(skip)]
    pub operands: Option<Operands>,
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

/// The safer ways for these matches ([`safer::advise`]).
pub fn safer_ways(matches: &[Match]) -> Vec<safer::Advice> {
    let uses: Vec<(&str, Option<&Operands>)> = matches
        .iter()
        .map(|m| (m.code.as_str(), m.operands.as_ref()))
        .collect();
    safer::advise(&uses)
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
    /// The file that defines it (set when the file is read, never from
    /// its text), for `askrisky rules`.
    #[serde(skip)]
    pub file: Option<std::path::PathBuf>,
}

impl ExtraRule {
    /// The entry that turns a pack of built-in rules off.
    pub fn pack_off(pack: &str) -> Self {
        Self {
            code: format!("pack.{pack}_off"),
            sentence: format!("The {pack} danger pack is off in your config."),
            prefix: Vec::new(),
            pack_off: Some(pack.to_owned()),
            file: None,
        }
    }
}

/// Classifies every command of a parsed line.
pub fn assess(script: &Script, ctx: &Place, extra: &[ExtraRule]) -> Assessment {
    let _lookups = links::OneLine::start();
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
        // A command that only prints its help or version does nothing its
        // words say: the rules see a harmless program in its place, with
        // the same settings and redirections, which still act.
        let stand_in;
        let name = command.name();
        let (judged, name) = if dryrun::prints_only(
            name.as_deref().unwrap_or(""),
            command.argv.first(),
            command.args(),
        ) {
            stand_in = SimpleCommand {
                argv: vec![crate::parse::Word::literal("true")],
                ..command.clone()
            };
            (&stand_in, stand_in.name())
        } else {
            (command, name)
        };
        // Worked out once for every folder the command may run in.
        let name = name.unwrap_or_default();
        for ctx in &folders {
            let mut cmd = Cmd::named(judged, ctx, name.clone().into_owned());
            cmd.root_links = &root_links;
            for rule in RULES.iter().filter(enabled) {
                if let Check::Command(f) = rule.check
                    && f(&cmd)
                {
                    // A command that only may run (an unknown program's
                    // words) asks; it is never refused on that guess.
                    let tier = if command.possible {
                        rule.tier.min(Tier::Danger)
                    } else {
                        rule.tier
                    };
                    add(Match {
                        code: rule.code.to_owned(),
                        tier,
                        sentence: rule.sentence.to_owned(),
                        command: command.display(),
                        operands: Operands::of(command),
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
                    operands: Operands::of(command),
                });
            }
        }
    }
    // A line typed at a guarded shell, read as typed.
    if let Some(typed) = &ctx.typed {
        for rule in RULES {
            if let Check::Typed(f) = rule.check
                && f(typed)
            {
                add(Match {
                    code: rule.code.to_owned(),
                    tier: rule.tier,
                    sentence: rule.sentence.to_owned(),
                    command: String::new(),
                    operands: None,
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
                    operands: None,
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

#[cfg(test)]
mod fixture;
#[cfg(test)]
mod tests;
