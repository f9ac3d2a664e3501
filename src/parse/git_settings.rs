//! Commands git is told to run by settings given on the line: `git -c
//! KEY=VALUE` and the `GIT_CONFIG_COUNT`, `GIT_CONFIG_KEY_n`,
//! `GIT_CONFIG_VALUE_n` variables set for it.
//!
//! The threat this stops: `git -c core.fsmonitor='rm -rf ~ #' status`
//! reads as a status, but git runs the fsmonitor setting with a shell
//! before it reads the index, and an alias of `!…` runs its text in place
//! of the subcommand. Read as the commands they are, they are judged as
//! those commands: for certain where git surely runs them, as a guess
//! (asked, never refused on it) where it only may (a pager, an editor, a
//! diff or filter driver).

use super::{SimpleCommand, Word};

/// Subcommands that never read the index, so never start an fsmonitor
/// (the danger rules' reading of a planted fsmonitor uses it too).
pub(crate) const NO_INDEX: &[&str] = &[
    "version",
    "help",
    "init",
    "clone",
    "config",
    "ls-remote",
    "remote",
    "var",
    "credential",
    "fetch",
    "push",
    "send-pack",
    "fetch-pack",
    "bundle",
];

/// Subcommands that reach a remote, through `core.sshCommand` when it is
/// an ssh one.
const REMOTE: &[&str] = &["fetch", "pull", "push", "clone", "ls-remote", "submodule"];

/// Settings whose value is a command git may run, depending on what the
/// subcommand does and the files it meets.
fn may_run(key: &str) -> bool {
    let (section, name) = key.rsplit_once('.').unwrap_or(("", key));
    matches!(
        key,
        "core.pager"
            | "core.editor"
            | "sequence.editor"
            | "core.askpass"
            | "gpg.program"
            | "gpg.ssh.program"
            | "gpg.x509.program"
            | "diff.external"
            | "credential.helper"
    ) || section.starts_with("pager")
        || section.starts_with("diff.") && matches!(name, "textconv" | "command")
        || section.starts_with("filter.") && matches!(name, "clean" | "smudge" | "process")
        || section.starts_with("merge.") && name == "driver"
}

/// A value git reads as a boolean (`core.fsmonitor=true` starts git's own
/// daemon, no command).
fn is_boolean(value: &str) -> bool {
    matches!(
        value.to_ascii_lowercase().as_str(),
        "" | "true" | "false" | "yes" | "no" | "on" | "off" | "1" | "0"
    )
}

/// The settings the command gives git, keys in lower case: the entries
/// of `GIT_CONFIG_PARAMETERS`, `-c KEY=VALUE` and `--config-env
/// KEY=VARIABLE` among git's own options (`own`; the variable's value
/// from the command's assignments), and each `GIT_CONFIG_KEY_n` with its
/// `GIT_CONFIG_VALUE_n` among the command's assignments (read whatever
/// `GIT_CONFIG_COUNT` says: reading one git would not only asks more).
/// In git's order: the last one wins.
pub(super) fn settings(cmd: &SimpleCommand, own: &[Word]) -> Vec<(String, String)> {
    let assigned = |name: &str| {
        cmd.assignments
            .iter()
            .rev()
            .find(|(v, _)| v == name)
            .map(|(_, w)| w.value.as_str())
    };
    let mut out = assigned("GIT_CONFIG_PARAMETERS").map_or_else(Vec::new, parameters);
    let mut words = own.iter().map(|w| w.value.as_str());
    while let Some(word) = words.next() {
        let (setting, from_env) = match word {
            "-c" => (words.next(), false),
            "--config-env" => (words.next(), true),
            _ => (word.strip_prefix("--config-env="), true),
        };
        let Some((key, value)) = setting.and_then(|s| s.split_once('=')) else {
            continue;
        };
        let value = if from_env {
            assigned(value)
        } else {
            Some(value)
        };
        if let Some(value) = value {
            out.push((key.to_ascii_lowercase(), value.to_owned()));
        }
    }
    for (name, key) in &cmd.assignments {
        if let Some(n) = name.strip_prefix("GIT_CONFIG_KEY_")
            && let Some((_, value)) = cmd
                .assignments
                .iter()
                .rev()
                .find(|(v, _)| v.strip_prefix("GIT_CONFIG_VALUE_") == Some(n))
        {
            out.push((key.value.to_ascii_lowercase(), value.value.clone()));
        }
    }
    out
}

/// The entries of `GIT_CONFIG_PARAMETERS` as git quotes them for the
/// programs it starts: `'key'='value'` (or the older `'key=value'`),
/// quoted the shell's way, separated by spaces.
fn parameters(text: &str) -> Vec<(String, String)> {
    let mut entries = vec![String::new()];
    let mut quoted = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        let last = entries.last_mut();
        match c {
            '\'' => quoted = !quoted,
            '\\' if !quoted => last.into_iter().for_each(|e| e.extend(chars.next())),
            c if c.is_whitespace() && !quoted => entries.push(String::new()),
            c => last.into_iter().for_each(|e| e.push(c)),
        }
    }
    entries
        .iter()
        .filter_map(|e| e.split_once('='))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_owned()))
        .collect()
}

/// The alias `sub` the line defines for this git (`git -c
/// alias.x='!rm -rf ~' x`): alias names are case-insensitive.
pub(super) fn alias<'a>(settings: &'a [(String, String)], sub: &str) -> Option<&'a str> {
    settings
        .iter()
        .rev()
        .find(|(k, _)| {
            k.strip_prefix("alias.")
                .is_some_and(|n| n.eq_ignore_ascii_case(sub))
        })
        .map(|(_, v)| v.as_str())
}

/// The commands other than aliases that git's settings on this line run
/// for the subcommand `sub`, and whether git surely runs each (`false`:
/// it only may).
pub(super) fn commands(settings: &[(String, String)], sub: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    for (key, value) in settings.iter().cloned() {
        if key == "core.fsmonitor" {
            if !is_boolean(&value) {
                // Started before the index is read: by every subcommand
                // that reads it.
                out.push((value, !NO_INDEX.contains(&sub)));
            }
        } else if key == "core.sshcommand" {
            if REMOTE.contains(&sub) {
                out.push((value, false));
            }
        } else if may_run(&key) && !is_boolean(&value) {
            out.push((value.trim_start_matches('!').to_owned(), false));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::parse::{Origin, SimpleCommand, Syntax, parse_as};

    /// The commands git's line settings run, each with whether it surely
    /// runs (`true`) or only may: found both ways (a variable's value is
    /// also read as a guess), it surely runs.
    fn runs(line: &str) -> Vec<(String, bool)> {
        let mut out: Vec<(String, bool)> = Vec::new();
        for c in parse_as(line, Syntax::Bash).commands.iter() {
            if c.origin != Origin::ShellString {
                continue;
            }
            let shown = SimpleCommand::display(c);
            match out.iter_mut().find(|(s, _)| *s == shown) {
                Some(found) => found.1 |= !c.possible,
                None => out.push((shown, !c.possible)),
            }
        }
        out
    }

    #[test]
    fn settings_that_run_commands_are_walked_as_sure_as_git_runs_them() {
        let sure = |s: &str| vec![(s.to_owned(), true)];
        let maybe = |s: &str| vec![(s.to_owned(), false)];
        assert_eq!(
            runs("git -c core.fsmonitor='rm -rf ~ #' status"),
            sure("rm -rf ~")
        );
        assert_eq!(
            runs(
                "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='rm x' git diff"
            ),
            sure("rm x")
        );
        assert_eq!(runs("git -c CORE.FSMONITOR='rm x' add ."), sure("rm x"));
        assert_eq!(
            runs(r#"GIT_CONFIG_PARAMETERS="'alias.s=!rm -f '\''a b'\'''" git s"#),
            sure("rm -f 'a b'")
        );
        // Fetching reads no index: the monitor only may start.
        assert_eq!(runs("git -c core.fsmonitor='rm x' fetch"), maybe("rm x"));
        assert_eq!(runs("git -c core.pager='rm x' log"), maybe("rm x"));
        assert_eq!(runs("git -c core.sshCommand='rm x' push"), maybe("rm x"));
        assert_eq!(runs("git -c alias.St='!rm x' st"), sure("rm x"));
        // Settings given by name of a variable, and the variable git hands
        // its own children (either of its quotings).
        assert_eq!(
            runs("X='rm x' git --config-env=core.fsmonitor=X status"),
            sure("rm x")
        );
        assert_eq!(
            runs("X='rm x' git --config-env core.fsmonitor=X status"),
            sure("rm x")
        );
        assert_eq!(
            runs("GIT_CONFIG_PARAMETERS=\"'color.ui'='auto' 'core.fsmonitor'='rm x'\" git status"),
            sure("rm x")
        );
        // Within git's quotes a backslash is itself.
        assert_eq!(
            runs(r#"GIT_CONFIG_PARAMETERS="'core.fsmonitor'='rm x\ y'" git status"#),
            sure("rm 'x y'")
        );
        assert_eq!(runs("git -c 'diff.bin.textconv=rm x' diff"), maybe("rm x"));
        assert_eq!(
            runs("git -c 'filter.f.smudge=rm x' checkout ."),
            maybe("rm x")
        );
        // None: a boolean monitor (git's own daemon), ssh's setting for a
        // subcommand that reaches no remote, a setting that runs nothing,
        // one given after the subcommand (its own option).
        assert_eq!(runs("git -c 'merge.x.driver=rm x' merge b"), maybe("rm x"));
        for line in [
            "git -c 'merge.x.name=rm x' merge b",
            "git -c 'diff.x.xfuncname=rm x' diff",
            "git -c 'filter.x.required=rm x' checkout .",
            "git -c 'x.y.textconv=rm x' diff",
            "git -C 'core.fsmonitor=rm x' status",
            "git -c core.fsmonitor=true status",
            "git -c core.sshCommand='rm x' status",
            "git -c color.ui='rm x' log",
            "git log -c core.fsmonitor='rm x'",
            "git --config-env=core.fsmonitor=X status",
            "GIT_CONFIG_PARAMETERS=\"'core.fsmonitor'\" git status",
            "git -c core.fsmonitor='rm x'",
        ] {
            assert_eq!(runs(line), vec![], "{line}");
        }
    }
}
