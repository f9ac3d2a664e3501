//! git: the config keys that make it run a program or send data
//! elsewhere, and the operands of `git checkout` that are paths.
//!
//! A git setting can run any program on the next `git log` or `git
//! fetch` (`core.pager`, `core.sshCommand`, an alias starting with `!`,
//! `core.fsmonitor`) or send the next push elsewhere (`url.*.insteadOf`).
//! The keys known to do neither are listed; every other key counts.

use super::cmd::Cmd;
use crate::parse::programs::{self, has_flag, operands, option_values};

/// git config keys that never make git run a program.
const SAFE_GIT_KEYS: &[&str] = &[
    "color.*",
    "user.name",
    "user.email",
    "user.signingkey",
    "advice.*",
    "init.defaultbranch",
    "commit.gpgsign",
    "tag.gpgsign",
    "pull.rebase",
    "pull.ff",
    "push.default",
    "push.autosetupremote",
    "merge.conflictstyle",
    "rebase.autosquash",
    "rebase.autostash",
    "log.date",
    "format.pretty",
    "diff.renames",
    "diff.algorithm",
    "core.autocrlf",
    "core.filemode",
    "core.ignorecase",
    "core.quotepath",
    "core.whitespace",
    "core.eol",
    "core.safecrlf",
    "core.longpaths",
    "column.ui",
    "branch.sort",
    "tag.sort",
    "fetch.prune",
    "help.autocorrect",
    "status.showuntrackedfiles",
    "gc.auto",
    "maintenance.auto",
    "safe.directory",
    "http.sslverify",
    "feature.manyfiles",
    "index.threads",
    "pack.threads",
    "core.compression",
    "core.bigfilethreshold",
    "core.abbrev",
    "core.commentchar",
    "core.commentstring",
    "core.precomposeunicode",
    "core.symlinks",
    "core.untrackedcache",
    "core.preloadindex",
    "core.splitindex",
    "core.sparsecheckout",
    "core.checkstat",
    "core.trustctime",
    "core.logallrefupdates",
    "core.excludesfile",
    "core.attributesfile",
    "commit.verbose",
    "commit.cleanup",
    "commit.status",
    "commit.template",
    "diff.colormoved",
    "diff.mnemonicprefix",
    "diff.noprefix",
    "diff.context",
    "diff.submodule",
    "merge.ff",
    "merge.log",
    "merge.renames",
    "rerere.enabled",
    "rerere.autoupdate",
    "fetch.parallel",
    "fetch.prunetags",
    "fetch.writecommitgraph",
    "pull.twohead",
    "push.followtags",
    "push.autosetupmerge",
    "branch.autosetupmerge",
    "branch.autosetuprebase",
    "status.short",
    "status.branch",
    "status.submodulesummary",
    "log.decorate",
    "log.abbrevcommit",
    "log.follow",
    "log.showsignature",
    "format.signoff",
    "blame.date",
    "grep.linenumber",
    "grep.extendedregexp",
    "i18n.commitencoding",
    "i18n.logoutputencoding",
    "gui.*",
    "rebase.updaterefs",
    "rebase.missingcommitscheck",
    "submodule.recurse",
    "transfer.fsckobjects",
    "fetch.fsckobjects",
    "receive.fsckobjects",
    "gpg.format",
    "user.useconfigonly",
    "checkout.defaultremote",
    "worktree.guessremote",
    "credential.usehttppath",
    "lfs.*",
    "protocol.version",
    "fetch.prune",
    "fetch.parallel",
    "http.version",
    "pack.threads",
    "maintenance.auto",
    "gc.auto",
    "status.showuntrackedfiles",
    "log.showsignature",
    "blame.ignorerevsfile",
];

/// git config keys whose value is a program git runs: harmless when that
/// is a plain pager or editor (`core.pager=cat`, `core.editor vim`).
const GIT_PROGRAM_KEYS: &[&str] = &[
    "core.pager",
    "pager.*",
    "core.editor",
    "sequence.editor",
    "diff.tool",
    "merge.tool",
];

/// Programs that are only a pager or an editor.
const PAGERS_AND_EDITORS: &[&str] = &[
    "cat",
    "less",
    "more",
    "most",
    "bat",
    "delta",
    "diff-so-fancy",
    "diff-highlight",
    "vim",
    "vi",
    "nvim",
    "nano",
    "emacs",
    "emacsclient",
    "code",
    "subl",
    "mate",
    "hx",
    "helix",
    "micro",
    "kak",
    "zed",
    "true",
    "vimdiff",
    "meld",
    "kdiff3",
    "opendiff",
    "nvimdiff",
    "bbedit",
];

/// Whether setting git config `key` (to `value`, when known) makes git run
/// a program or send data elsewhere. Keys askrisky knows to be neither
/// are harmless; so are aliases to git commands, and the program keys set
/// to a plain pager or editor. Any other key counts: git grows keys that
/// run programs (`core.fsmonitor`, `diff.*.textconv`, `filter.*.smudge`,
/// `credential.helper`) or move data (`url.*.insteadOf`, `remote.*.url`).
pub(super) fn git_setting_risky(key: &str, value: Option<&str>) -> bool {
    let key = key.to_ascii_lowercase();
    let key_is = |k: &&str| match k.strip_suffix('*') {
        Some(p) => key.starts_with(p),
        None => key == *k,
    };
    if SAFE_GIT_KEYS.iter().any(key_is) {
        return false;
    }
    if let Some(rest) = key.strip_prefix("alias.") {
        // An alias is a git command line; `!` makes it a shell command,
        // and git's own options in it can set any other key.
        return rest.is_empty()
            || value.is_none_or(|v| {
                let v = v.trim_start();
                v.starts_with('!')
                    || v.split_whitespace().any(|w| {
                        w.starts_with("--config")
                            || w.starts_with("--exec-path")
                            || w.starts_with("-c")
                    })
            });
    }
    if GIT_PROGRAM_KEYS.iter().any(key_is) {
        return value.is_none_or(|v| {
            let plain = v
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || " -_./=".contains(c));
            let program = v.split_whitespace().next().unwrap_or("");
            !(plain && PAGERS_AND_EDITORS.contains(&programs::program_name(program).as_str()))
        });
    }
    true
}

/// Whether a command sets a git option that makes git run a program:
/// `git -c KEY=VALUE`, `git clone -c`, `git submodule -c`, or `git config
/// KEY VALUE` (not reading, listing or unsetting), for a key that
/// [`git_setting_risky`] counts.
pub(super) fn config_runs_program(c: &Cmd<'_>) -> bool {
    let risky = |kv: &str| match kv.split_once('=') {
        Some((k, v)) => git_setting_risky(k, Some(v)),
        None => git_setting_risky(kv, Some("true")),
    };
    let overrides = c.git_config_overrides();
    if overrides.iter().any(|kv| risky(kv)) {
        return true;
    }
    c.git().is_some_and(|(sub, rest)| {
        if sub == "clone" || sub == "submodule" {
            return option_values(rest, &["-c", "--config"])
                .iter()
                .any(|kv| risky(kv));
        }
        if sub != "config" {
            return false;
        }
        let reading = has_flag(
            rest,
            &[
                "--get",
                "--get-all",
                "--get-regexp",
                "-l",
                "--list",
                "--show-origin",
                "--unset",
                "--unset-all",
                "--get-urlmatch",
                "--get-color",
                "--get-colorbool",
                "--remove-section",
            ],
        ) || operands(rest).first().is_some_and(|w| {
            matches!(
                w.value.as_str(),
                "get" | "list" | "unset" | "remove-section"
            )
        });
        let ops = operands(rest);
        let (key, value) = match ops.first().map(|w| w.value.as_str()) {
            Some("set") => (ops.get(1), ops.get(2)),
            _ => (ops.first(), ops.get(1)),
        };
        !reading
            && value.is_some()
            && key.is_some_and(|k| git_setting_risky(&k.value, value.map(|v| v.value.as_str())))
    })
}

/// True when a `git checkout` operand reads as a path rather than a
/// branch or tag: a pathspec (`:/`, `:(glob)…`), `.`, `./x`, `../x`, a
/// glob, or a file name with an extension (`src/lib.rs`; `v1.2.3` is a
/// tag, its last part no extension).
pub(super) fn looks_like_path(v: &str) -> bool {
    if v.starts_with(':') || v.starts_with("./") || v.starts_with("../") || v == "." || v == ".." {
        return true;
    }
    if v.contains(['*', '?', '[']) {
        return true;
    }
    let last = v.rsplit('/').next().unwrap_or(v);
    last.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=5).contains(&ext.len())
            && ext.chars().all(|c| c.is_ascii_alphabetic())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_settings_that_run_or_move() {
        for (key, value) in [
            ("core.pager", Some("sh -c x")),
            ("core.pager", Some("less; id")),
            ("core.pager", None),
            ("Core.Editor", Some("./e.sh")),
            ("pager.log", Some("x")),
            ("alias.x", Some("!rm -rf ~")),
            ("alias.x", Some(" -c core.pager=sh log")),
            ("alias.x", Some("--config-env=x=y log")),
            ("alias.x", None),
            ("alias.", Some("status")),
            ("core.fsmonitor", Some("true")),
            ("url.x.insteadof", Some("y")),
            ("credential.helper", Some("store")),
            ("some.new.key", Some("x")),
        ] {
            assert!(git_setting_risky(key, value), "{key} {value:?}");
        }
        for (key, value) in [
            ("alias.st", Some("status")),
            ("alias.co", Some("checkout -b")),
            ("core.editor", Some("vim")),
            ("core.editor", Some("code --wait")),
            ("core.pager", Some("cat")),
            ("sequence.editor", Some("/usr/bin/nvim")),
            ("user.name", Some("A B")),
            ("color.ui", Some("auto")),
            ("pull.rebase", Some("true")),
        ] {
            assert!(!git_setting_risky(key, value), "{key} {value:?}");
        }
    }

    #[test]
    fn checkout_operands_that_are_paths() {
        for v in [
            ":/",
            ":(glob)*.rs",
            ".",
            "..",
            "./src",
            "../x",
            "*.rs",
            "src/lib.rs",
            "a.py",
        ] {
            assert!(looks_like_path(v), "{v}");
        }
        for v in [
            "main",
            "feature/login",
            "v1.2.3",
            "release-2.0",
            ".hidden",
            "x.",
            "a.toolongext",
        ] {
            assert!(!looks_like_path(v), "{v}");
        }
    }
}
