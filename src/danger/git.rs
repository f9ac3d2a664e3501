//! git: the config keys that make it run a program or send data
//! elsewhere, and the operands of `git checkout` that are paths.
//!
//! A git setting can run any program on the next `git log` or `git
//! fetch` (`core.pager`, `core.sshCommand`, an alias starting with `!`,
//! `core.fsmonitor`) or send the next push elsewhere (`url.*.insteadOf`).
//! The keys known to do neither are listed; every other key counts.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::cmd::Cmd;
use super::gitdir::{RepoConfig, repo_config};
use super::place::Place;
use crate::parse::programs::{self, has_flag, operands, option_values};
use crate::util::{ascii_prefix, ascii_suffix};

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
    // Every repository trusted, whoever owns it (`safe.directory '*'`, or
    // every one below a folder: `/srv/*`): the check that keeps another
    // user's hooks and config from running is off there.
    if key == "safe.directory" {
        return value.is_none_or(|v| v.trim().ends_with('*'));
    }
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
    // gh made git's credential helper (`gh auth setup-git`): git config's
    // `credential.helper`, written by another program.
    if c.is(&["gh"]) && {
        let ops = c.operands();
        ops.first().is_some_and(|w| w.value == "auth")
            && ops.get(1).is_some_and(|w| w.value == "setup-git")
    } {
        return true;
    }
    c.git().is_some_and(|(sub, rest)| {
        // A remote's address changed (`git remote set-url --push origin
        // …`): `remote.*.url` or `pushurl` in other words; every later
        // push of the repository goes there.
        if sub == "remote" {
            return operands(rest).first().is_some_and(|w| w.value == "set-url");
        }
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

/// Mercurial told on its command line to load or run code: an extension
/// from a file (`hg --config extensions.x=/tmp/x.py log`), a hook, a
/// shell alias, a pager, an editor, a merge or diff tool, an ssh command.
/// A bundled extension turned on by name (`extensions.rebase=`) or off
/// (`=!`) runs nothing new.
pub(super) fn hg_config_runs_program(c: &Cmd<'_>) -> bool {
    if !c.is(&["hg", "chg", "sl"]) {
        return false;
    }
    c.full_option_values(&["--config"]).iter().any(|kv| {
        let (key, value) = kv.split_once('=').unwrap_or((kv, ""));
        let key = key.to_ascii_lowercase();
        let (section, name) = key.split_once('.').unwrap_or((&key, ""));
        match section {
            "extensions" => !value.is_empty() && !value.starts_with('!'),
            "hooks" | "pager" | "merge-tools" | "extdiff" => true,
            "alias" => value.trim_start().starts_with('!'),
            "ui" => matches!(name, "editor" | "merge" | "ssh" | "remotecmd"),
            _ => false,
        }
    })
}

/// Whether a git command would run a program its repository's own config
/// names: an alias of `!…` (or one that sets options), `core.fsmonitor`,
/// a hook in `core.hooksPath` that the command runs, `core.sshCommand`,
/// `core.pager`/`pager.*`, `core.editor`, `diff.*.textconv`,
/// `filter.*.clean|smudge|process`, `credential.helper` and their kin, for
/// the commands that run each. The config is read as git finds it (`-C`,
/// `--git-dir`, `GIT_DIR`, a `.git` file, a bare repository's folder),
/// includes too; one that cannot be read may set anything.
///
/// The threat: a config the agent planted runs its code under `git
/// status`, a line that looks like nothing and that a person's allow
/// rule may cover.
pub(super) fn repo_config_runs(c: &Cmd<'_>) -> bool {
    if c.name != "git" {
        return false;
    }
    let args = c.args();
    let Some(at) = programs::git_subcommand_at(args) else {
        return false;
    };
    let Some(sub) = args.get(at).and_then(crate::parse::Word::known) else {
        return false;
    };
    // Where git looks: `-C DIR` (each from the last), `--git-dir`.
    let mut start = c.ctx.cwd.clone();
    let mut git_dir: Option<PathBuf> = c
        .command
        .assignments
        .iter()
        .find(|(n, _)| n == "GIT_DIR")
        .map(|(_, v)| PathBuf::from(c.ctx.resolve(&v.value)));
    let options = &args[..at];
    let mut i = 0;
    while let Some(w) = options.get(i) {
        let here = Place {
            cwd: start.clone(),
            ..c.ctx.clone()
        };
        match w.value.as_str() {
            "-C" => {
                if let Some(d) = options.get(i + 1) {
                    start = PathBuf::from(here.resolve(&d.value));
                }
                i += 2;
                continue;
            }
            "--git-dir" => {
                if let Some(d) = options.get(i + 1) {
                    git_dir = Some(PathBuf::from(here.resolve(&d.value)));
                }
                i += 2;
                continue;
            }
            v => {
                if let Some(d) = v.strip_prefix("--git-dir=") {
                    git_dir = Some(PathBuf::from(here.resolve(d)));
                }
            }
        }
        i += 1;
    }
    let Some(config) = repo_config(&start, git_dir.as_deref(), c.ctx.home.as_deref()) else {
        return false;
    };
    if config.unreadable {
        return true;
    }
    let paged = has_flag(options, &["-p", "--paginate"]);
    let unpaged = has_flag(options, &["-P", "--no-pager"]);
    let home = c.ctx.home.as_deref();
    runs_config(
        &config,
        home,
        &sub.to_ascii_lowercase(),
        paged && !unpaged,
        unpaged,
        0,
    )
}

/// Whether running git subcommand `sub` runs a program `config` names.
fn runs_config(
    config: &RepoConfig,
    home: Option<&Path>,
    sub: &str,
    paged: bool,
    unpaged: bool,
    depth: u8,
) -> bool {
    let builtin = GIT_BUILTINS.binary_search(&sub).is_ok();
    // An alias or another program (`git-foo`): anything may run.
    let any = !builtin;
    let at = |list: &[&str]| any || list.contains(&sub);
    // Compared without lowercased copies: every git command's config is
    // read this way.
    let partial = config.entries.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("extensions.partialclone")
            || (ascii_prefix(k, "remote.") && ascii_suffix(k, ".promisor") && is_true(v))
    });
    let pager_of_sub = |k: &str| {
        ascii_prefix(k, "pager.")
            && k.get("pager.".len()..)
                .is_some_and(|c| c.eq_ignore_ascii_case(sub))
    };
    let pages = paged
        || at(PAGING)
        || config
            .entries
            .iter()
            .rev()
            .find(|(k, _)| pager_of_sub(k))
            .is_some_and(|(_, v)| is_true(v));
    for (key, value) in &config.entries {
        let lower = key.to_ascii_lowercase();
        let bytes = lower.as_bytes();
        let (Some(first), Some(last)) = (
            bytes.iter().position(|&b| b == b'.'),
            bytes.iter().rposition(|&b| b == b'.'),
        ) else {
            continue;
        };
        let (section, name) = (&lower[..first], &lower[last + 1..]);
        let runs = match section {
            "alias" => {
                // Aliases are case-insensitive, and never shadow a builtin.
                let alias = &key["alias.".len()..];
                !builtin
                    && alias.eq_ignore_ascii_case(sub)
                    && (git_setting_risky(key, Some(value))
                        || depth >= 8
                        || value.split_whitespace().next().is_some_and(|next| {
                            let next = next.to_ascii_lowercase();
                            runs_config(config, home, &next, paged, unpaged, depth + 1)
                        }))
            }
            "core" => match name {
                "fsmonitor" => {
                    !is_boolean(value)
                        && (any || !crate::parse::git_settings::NO_INDEX.contains(&sub))
                }
                "hookspath" => runs_hook(&config.top, home, value, sub, builtin),
                "pager" => !unpaged && pages && git_setting_risky(key, Some(value)),
                "editor" => at(EDITING) && git_setting_risky(key, Some(value)),
                "sshcommand" | "gitproxy" | "askpass" | "alternaterefscommand" => {
                    partial || at(NETWORK)
                }
                _ => false,
            },
            "pager" => {
                let command = &lower["pager.".len()..];
                !unpaged
                    && (any || command == sub)
                    && !is_boolean(value)
                    && git_setting_risky(key, Some(value))
            }
            "sequence" => {
                name == "editor" && at(&["rebase", "pull"]) && git_setting_risky(key, Some(value))
            }
            "credential" => {
                name == "helper" && !is_plain_credential_program(value) && (partial || at(NETWORK))
            }
            "remote" => {
                (matches!(name, "uploadpack" | "receivepack" | "vcs")
                    || (matches!(name, "url" | "pushurl") && is_command_url(value)))
                    && (partial || at(NETWORK))
            }
            "url" => is_command_url(&lower["url.".len()..]) && (partial || at(NETWORK)),
            "protocol" => {
                name == "allow"
                    && matches!(value.as_str(), "always" | "user")
                    && (partial || at(NETWORK))
            }
            "diff" => {
                let driver = lower.matches('.').count() >= 2;
                ((name == "external" || (driver && matches!(name, "textconv" | "command")))
                    && at(DIFF))
                    || (matches!(name, "tool" | "guitool")
                        && sub == "difftool"
                        && git_setting_risky(key, Some(value)))
            }
            "filter" => matches!(name, "clean" | "smudge" | "process") && at(WORKTREE),
            "lfs" => {
                (lower.starts_with("lfs.customtransfer.") || lower.starts_with("lfs.extension."))
                    && (partial || at(NETWORK) || at(WORKTREE))
            }
            "gpg" => name == "program" && at(SIGNING),
            "merge" => {
                (name == "driver" && at(MERGING))
                    || (matches!(name, "tool" | "guitool")
                        && sub == "mergetool"
                        && git_setting_risky(key, Some(value)))
            }
            "mergetool" => matches!(name, "cmd" | "path") && at(&["mergetool"]),
            "difftool" => matches!(name, "cmd" | "path") && at(&["difftool"]),
            "interactive" => {
                name == "difffilter"
                    && at(&[
                        "add", "checkout", "commit", "reset", "restore", "stash", "switch",
                    ])
            }
            "submodule" => {
                name == "update" && value.trim_start().starts_with('!') && at(SUBMODULES)
            }
            "sendemail" => at(&["send-email"]),
            "web" | "browser" | "man" | "instaweb" => at(&["help", "instaweb", "web--browse"]),
            _ => false,
        };
        if runs {
            return true;
        }
    }
    false
}

/// Whether a folder of hooks (`core.hooksPath`, from the work tree's top
/// when relative) holds one that git subcommand `sub` runs: any at all
/// for a command git does not know (an alias, a program of its own).
fn runs_hook(top: &Path, home: Option<&Path>, folder: &str, sub: &str, builtin: bool) -> bool {
    let dir = match (folder.strip_prefix("~/"), home) {
        (Some(rest), Some(h)) => h.join(rest),
        _ => top.join(folder),
    };
    let runnable = |p: &Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if !builtin {
        return std::fs::read_dir(&dir)
            .is_ok_and(|entries| entries.flatten().take(256).any(|e| runnable(&e.path())));
    }
    hooks_of(sub).iter().any(|h| runnable(&dir.join(h)))
}

/// The hooks a git subcommand may run.
fn hooks_of(sub: &str) -> &'static [&'static str] {
    const COMMIT: &[&str] = &[
        "pre-commit",
        "prepare-commit-msg",
        "commit-msg",
        "post-commit",
        "post-rewrite",
        "pre-auto-gc",
        "post-index-change",
        "reference-transaction",
    ];
    match sub {
        "commit" | "cherry-pick" | "revert" | "commit-tree" => COMMIT,
        "merge" | "pull" | "rebase" | "am" | "stash" => &[
            "pre-commit",
            "pre-merge-commit",
            "prepare-commit-msg",
            "commit-msg",
            "post-commit",
            "post-merge",
            "pre-rebase",
            "post-rewrite",
            "post-checkout",
            "applypatch-msg",
            "pre-applypatch",
            "post-applypatch",
            "pre-auto-gc",
            "post-index-change",
            "reference-transaction",
        ],
        "checkout" | "switch" | "clone" | "worktree" | "bisect" | "restore" | "reset" => &[
            "post-checkout",
            "post-index-change",
            "reference-transaction",
        ],
        "push" => &["pre-push", "reference-transaction"],
        "fetch" | "gc" | "maintenance" => &["pre-auto-gc", "reference-transaction"],
        "send-email" => &["sendemail-validate"],
        "receive-pack" => &[
            "pre-receive",
            "update",
            "proc-receive",
            "post-receive",
            "post-update",
            "push-to-checkout",
            "reference-transaction",
        ],
        _ => &["post-index-change", "reference-transaction"],
    }
}

/// A value git reads as a boolean (`core.fsmonitor = true` starts git's
/// own monitor, no program of the config's).
fn is_boolean(v: &str) -> bool {
    matches!(
        v.to_ascii_lowercase().as_str(),
        "" | "true" | "false" | "yes" | "no" | "on" | "off" | "1" | "0"
    )
}

fn is_true(v: &str) -> bool {
    matches!(v.to_ascii_lowercase().as_str(), "true" | "yes" | "on" | "1")
}

/// A credential program git ships or a system keychain provides: run as
/// `git credential-NAME`, from git's own folder.
fn is_plain_credential_program(v: &str) -> bool {
    let name = v.split_whitespace().next().unwrap_or("");
    v.is_empty()
        || matches!(
            name,
            "store"
                | "cache"
                | "osxkeychain"
                | "libsecret"
                | "manager"
                | "manager-core"
                | "wincred"
        )
}

/// A remote URL that runs a command (`ext::sh -c …`, `fd::`).
fn is_command_url(v: &str) -> bool {
    let v = v.trim_start().to_ascii_lowercase();
    v.starts_with("ext::") || v.starts_with("fd::")
}

/// git's own subcommands: a name that is none of them may be an alias.
/// Sorted (a test checks): looked up by binary search for every git
/// command.
const GIT_BUILTINS: &[&str] = &[
    "add",
    "am",
    "annotate",
    "apply",
    "archive",
    "bisect",
    "blame",
    "branch",
    "bundle",
    "cat-file",
    "check-attr",
    "check-ignore",
    "check-mailmap",
    "check-ref-format",
    "checkout",
    "checkout-index",
    "cherry",
    "cherry-pick",
    "citool",
    "clean",
    "clone",
    "column",
    "commit",
    "commit-graph",
    "commit-tree",
    "config",
    "count-objects",
    "credential",
    "describe",
    "diff",
    "diff-files",
    "diff-index",
    "diff-tree",
    "difftool",
    "fetch",
    "fetch-pack",
    "filter-branch",
    "fmt-merge-msg",
    "for-each-ref",
    "for-each-repo",
    "format-patch",
    "fsck",
    "fsmonitor--daemon",
    "gc",
    "grep",
    "hash-object",
    "help",
    "index-pack",
    "init",
    "instaweb",
    "interpret-trailers",
    "lfs",
    "log",
    "ls-files",
    "ls-remote",
    "ls-tree",
    "mailinfo",
    "mailsplit",
    "maintenance",
    "merge",
    "merge-base",
    "merge-file",
    "merge-index",
    "merge-tree",
    "mergetool",
    "mktag",
    "mktree",
    "multi-pack-index",
    "mv",
    "name-rev",
    "notes",
    "pack-objects",
    "pack-refs",
    "prune",
    "prune-packed",
    "pull",
    "push",
    "range-diff",
    "read-tree",
    "rebase",
    "receive-pack",
    "reflog",
    "remote",
    "repack",
    "replace",
    "request-pull",
    "rerere",
    "reset",
    "restore",
    "rev-list",
    "rev-parse",
    "revert",
    "rm",
    "send-email",
    "send-pack",
    "shortlog",
    "show",
    "show-branch",
    "show-ref",
    "sparse-checkout",
    "stash",
    "status",
    "stripspace",
    "submodule",
    "switch",
    "symbolic-ref",
    "tag",
    "unpack-file",
    "unpack-objects",
    "update-index",
    "update-ref",
    "update-server-info",
    "upload-archive",
    "upload-pack",
    "var",
    "verify-commit",
    "verify-pack",
    "verify-tag",
    "version",
    "whatchanged",
    "worktree",
    "write-tree",
];

/// Subcommands that page their output.
const PAGING: &[&str] = &[
    "log",
    "show",
    "diff",
    "grep",
    "blame",
    "annotate",
    "shortlog",
    "reflog",
    "whatchanged",
    "branch",
    "tag",
    "config",
    "stash",
    "range-diff",
    "help",
    "cherry",
    "diff-tree",
    "diff-index",
    "diff-files",
    "format-patch",
];
/// Subcommands that may open an editor.
const EDITING: &[&str] = &[
    "commit",
    "merge",
    "pull",
    "rebase",
    "tag",
    "revert",
    "cherry-pick",
    "notes",
    "config",
    "add",
    "am",
    "branch",
    "replace",
    "send-email",
    "stash",
];
/// Subcommands that reach a remote (and the programs that carry it).
const NETWORK: &[&str] = &[
    "fetch",
    "pull",
    "push",
    "clone",
    "ls-remote",
    "remote",
    "submodule",
    "archive",
    "fetch-pack",
    "send-pack",
    "lfs",
    "maintenance",
    "request-pull",
    "credential",
    "gc",
];
/// Subcommands that may show a diff (and run a textconv or external diff).
const DIFF: &[&str] = &[
    "diff",
    "log",
    "show",
    "blame",
    "annotate",
    "grep",
    "cat-file",
    "format-patch",
    "add",
    "stash",
    "range-diff",
    "status",
    "commit",
    "difftool",
    "whatchanged",
    "reset",
    "checkout",
    "restore",
    "merge",
    "pull",
    "rebase",
    "am",
    "cherry-pick",
    "revert",
    "diff-tree",
    "diff-index",
    "diff-files",
    "request-pull",
    "switch",
];
/// Subcommands that read or write work-tree files (and run filters).
const WORKTREE: &[&str] = &[
    "add",
    "status",
    "diff",
    "commit",
    "checkout",
    "switch",
    "restore",
    "reset",
    "stash",
    "merge",
    "pull",
    "rebase",
    "cherry-pick",
    "revert",
    "am",
    "apply",
    "clone",
    "rm",
    "mv",
    "update-index",
    "checkout-index",
    "read-tree",
    "worktree",
    "submodule",
    "sparse-checkout",
    "blame",
    "archive",
    "grep",
    "hash-object",
    "cat-file",
    "describe",
    "diff-index",
    "diff-files",
    "bisect",
    "mergetool",
    "difftool",
    "lfs",
];
/// Subcommands that sign or check signatures.
const SIGNING: &[&str] = &[
    "commit",
    "tag",
    "merge",
    "pull",
    "rebase",
    "cherry-pick",
    "revert",
    "am",
    "verify-commit",
    "verify-tag",
    "log",
    "show",
    "push",
    "commit-tree",
    "stash",
    "fmt-merge-msg",
];
/// Subcommands that merge files (and run merge drivers).
const MERGING: &[&str] = &[
    "merge",
    "pull",
    "rebase",
    "cherry-pick",
    "revert",
    "am",
    "stash",
    "checkout",
    "switch",
    "restore",
    "apply",
    "merge-file",
    "merge-tree",
    "mergetool",
];
/// Subcommands that update submodules.
const SUBMODULES: &[&str] = &[
    "submodule",
    "clone",
    "pull",
    "fetch",
    "checkout",
    "switch",
    "reset",
    "restore",
];

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
    use crate::danger::fixture::on_disk_home;

    /// Whether `line`, run in `ctx`, runs code from its repository's
    /// config (in every folder a `cd` may take it to).
    fn runs_repo_code(ctx: &Place, line: &str) -> bool {
        crate::danger::assess(&crate::parse::parse(line), ctx, &[])
            .codes()
            .contains(&"git.repo_config")
    }

    fn write(path: &Path, text: &str) {
        if let Some(d) = path.parent() {
            std::fs::create_dir_all(d).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
    }

    /// git's own subcommands are found by binary search: out of order,
    /// one would read as an alias (anything may run) or worse, an alias
    /// as a builtin.
    #[test]
    fn git_builtins_are_sorted_and_found() {
        assert!(GIT_BUILTINS.is_sorted());
        for sub in ["add", "lfs", "worktree", "write-tree", "status"] {
            assert!(GIT_BUILTINS.binary_search(&sub).is_ok(), "{sub}");
        }
        assert!(GIT_BUILTINS.binary_search(&"st").is_err());
    }

    /// A planted config runs code under the git commands that read each
    /// key: wherever git finds it, includes too.
    #[test]
    fn a_repositorys_own_config_that_runs_code() {
        let (_dir, ctx) = on_disk_home();
        let p = ctx.cwd.clone();
        let config = p.join(".git/config");
        let base = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote \"origin\"]\n\turl = https://x/r\n";
        write(&config, base);
        for line in [
            "git status",
            "git log",
            "git push",
            "git commit -m x",
            "git st",
        ] {
            assert!(!runs_repo_code(&ctx, line), "{line}");
        }
        let cases: &[(&str, &[&str], &[&str])] = &[
            (
                "[core]\n\tfsmonitor = rm -rf ~\n",
                &["git status", "git diff", "git add .", "git commit -m x"],
                &["git ls-remote", "git version"],
            ),
            ("[core]\n\tfsmonitor = true\n", &[], &["git status"]),
            (
                "[core]\n\tpager = sh -c x\n",
                &["git log", "git diff", "git -p status"],
                &["git status", "git --no-pager log"],
            ),
            ("[core]\n\tpager = less -R\n", &[], &["git log"]),
            ("[pager]\n\tstatus = ./x\n", &["git status"], &["git log"]),
            ("[pager]\n\tlog = false\n", &[], &["git log"]),
            (
                "[core]\n\teditor = ./e.sh\n",
                &["git commit"],
                &["git status"],
            ),
            (
                "[core]\n\tsshCommand = ./s\n",
                &["git fetch", "git push"],
                &["git status"],
            ),
            (
                "[alias]\n\tst = !rm -rf ~\n",
                &["git st", "git ST"],
                &["git status"],
            ),
            ("[alias]\n\tst = status\n", &[], &["git st"]),
            (
                "[alias]\n\tst = status\n[core]\n\tfsmonitor = x\n",
                &["git st"],
                &[],
            ),
            (
                "[diff \"img\"]\n\ttextconv = ./conv\n",
                &["git diff", "git log -p", "git show"],
                &["git push", "git fetch"],
            ),
            (
                "[filter \"x\"]\n\tclean = ./c\n",
                &["git status", "git add .", "git checkout main"],
                &["git fetch"],
            ),
            (
                "[credential]\n\thelper = !./h\n",
                &["git fetch", "git pull"],
                &["git status"],
            ),
            ("[credential]\n\thelper = store\n", &[], &["git push"]),
            (
                "[remote \"o\"]\n\turl = ext::sh -c x\n",
                &["git fetch"],
                &["git status"],
            ),
            (
                "[gpg]\n\tprogram = ./g\n",
                &["git commit -S -m x"],
                &["git status"],
            ),
            (
                "[merge \"m\"]\n\tdriver = ./d %A\n",
                &["git merge x"],
                &["git status"],
            ),
            // Unknown to git: an alias or a program of its own.
            ("[core]\n\tsshCommand = ./s\n", &["git mystery"], &[]),
            // A partial clone fetches what is missing under any command:
            // its ssh command runs under `git status` too.
            (
                "[extensions]\n\tpartialClone = origin\n[core]\n\tsshCommand = ./s\n",
                &["git status"],
                &[],
            ),
            (
                "[remote \"origin\"]\n\tpromisor = true\n[core]\n\tsshCommand = ./s\n",
                &["git status"],
                &[],
            ),
            (
                "[remote \"origin\"]\n\tpromisor = false\n[core]\n\tsshCommand = ./s\n",
                &[],
                &["git status"],
            ),
            (
                "[extensions]\n\tpartialClone = origin\n",
                &[],
                &["git status"],
            ),
            // Another subcommand's pager setting does not page this one.
            (
                "[pager]\n\tlog = true\n[core]\n\tpager = ./p\n",
                &["git log"],
                &["git status"],
            ),
            (
                "[pager]\n\tstatus = true\n[core]\n\tpager = ./p\n",
                &["git status"],
                &[],
            ),
        ];
        for (text, runs, quiet) in cases {
            write(&config, &format!("{base}{text}"));
            for line in *runs {
                assert!(runs_repo_code(&ctx, line), "{text:?}: {line}");
            }
            for line in *quiet {
                assert!(!runs_repo_code(&ctx, line), "{text:?}: {line}");
            }
        }
        // Hooks in the folder `core.hooksPath` names, for the commands that
        // run them.
        write(&config, &format!("{base}[core]\n\thooksPath = .husky/_\n"));
        let hook = p.join(".husky/_/pre-commit");
        write(&hook, "#!/bin/sh\nrm -rf ~\n");
        std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o755))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(runs_repo_code(&ctx, "git commit -m x"));
        assert!(!runs_repo_code(&ctx, "git status"));
        let index_hook = p.join(".husky/_/post-index-change");
        write(&index_hook, "#!/bin/sh\nrm -rf ~\n");
        std::fs::set_permissions(&index_hook, std::fs::Permissions::from_mode(0o755))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(runs_repo_code(&ctx, "git status"));
        // Included files are read; one that cannot be read may set anything.
        write(
            &config,
            &format!("{base}[include]\n\tpath = ../extra.cfg\n"),
        );
        write(&p.join("extra.cfg"), "[core]\n\tfsmonitor = ./x\n");
        assert!(runs_repo_code(&ctx, "git status"));
        write(
            &config,
            &format!("{base}[includeIf \"onbranch:x\"]\n\tpath = ../extra.cfg\n"),
        );
        assert!(runs_repo_code(&ctx, "git status"));
        // A setting named `….path` that is no include is not followed
        // (`submodule.x.path`).
        write(&p.join(".git/sub.cfg"), "[core]\n\tfsmonitor = ./x\n");
        write(
            &config,
            &format!("{base}[submodule \"x\"]\n\tpath = sub.cfg\n"),
        );
        assert!(!runs_repo_code(&ctx, "git status"));
        write(&config, &format!("{base}[includeif]\n\tx = sub.cfg\n"));
        assert!(!runs_repo_code(&ctx, "git status"));
        // Includes nested past the depth git reads may set anything.
        for n in 0..14 {
            write(
                &p.join(format!(".git/deep{n}.cfg")),
                &format!("[include]\n\tpath = deep{}.cfg\n", n + 1),
            );
        }
        write(&p.join(".git/deep14.cfg"), "[user]\n\tname = x\n");
        write(&config, &format!("{base}[include]\n\tpath = deep0.cfg\n"));
        assert!(runs_repo_code(&ctx, "git status"));
        write(&config, &format!("{base}[include]\n\tpath = deep8.cfg\n"));
        assert!(!runs_repo_code(&ctx, "git status"));
        write(&config, "[core\n");
        assert!(runs_repo_code(&ctx, "git status"));
        // Past the bound on files read, what is left unread may set
        // anything; below it, harmless includes are harmless.
        let mut includes = String::from(base);
        for n in 0..40 {
            write(&p.join(format!("inc{n}.cfg")), "[user]\n\tname = x\n");
            includes.push_str(&format!("[include]\n\tpath = ../inc{n}.cfg\n"));
            if n == 20 {
                write(&config, &includes);
                assert!(!runs_repo_code(&ctx, "git status"));
            }
        }
        write(&config, &includes);
        assert!(runs_repo_code(&ctx, "git status"));
        // `config.worktree` counts when the config turns it on, as git
        // reads it then; otherwise git never reads it.
        write(
            &p.join(".git/config.worktree"),
            "[core]\n\tfsmonitor = ./x\n",
        );
        write(&config, base);
        assert!(!runs_repo_code(&ctx, "git status"));
        for on in ["true", "yes", "2", "On"] {
            write(
                &config,
                &format!("{base}[extensions]\n\tworktreeConfig = {on}\n"),
            );
            assert!(runs_repo_code(&ctx, "git status"), "{on}");
        }
        write(&config, &format!("{base}[extensions]\n\tworktreeConfig\n"));
        assert!(runs_repo_code(&ctx, "git status"));
        write(
            &config,
            &format!("{base}[extensions]\n\tworktreeConfig = off\n"),
        );
        assert!(!runs_repo_code(&ctx, "git status"));
        write(&config, base);
        // A `.git` file naming a folder of the agent's, found from below.
        let sub = p.join("vendor/lib");
        write(&sub.join(".git"), "gitdir: ../../planted\n");
        write(&p.join("planted/config"), "[core]\n\tfsmonitor = ./x\n");
        let below = Place {
            cwd: sub.join("src"),
            ..ctx.clone()
        };
        std::fs::create_dir_all(&below.cwd).unwrap_or_else(|e| panic!("{e}"));
        assert!(runs_repo_code(&below, "git status"));
        assert!(runs_repo_code(&ctx, "git -C vendor/lib status"));
        assert!(runs_repo_code(&ctx, "cd vendor/lib && git status"));
        assert!(runs_repo_code(&ctx, "git --git-dir=planted status"));
        assert!(runs_repo_code(&ctx, "GIT_DIR=planted git status"));
        // A bare repository's files in a folder: git finds them there.
        let bare = p.join("bare");
        write(&bare.join("HEAD"), "ref: refs/heads/main\n");
        std::fs::create_dir_all(bare.join("objects")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(bare.join("refs")).unwrap_or_else(|e| panic!("{e}"));
        write(
            &bare.join("config"),
            "[core]\n\tbare = true\n\tfsmonitor = ./x\n",
        );
        assert!(runs_repo_code(&ctx, "git -C bare status"));
        assert!(!runs_repo_code(&ctx, "git status"));
    }

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
