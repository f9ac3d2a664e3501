//! Programs that may run a command given in their words, though no table
//! says so: a container or a cluster told what to run (`podman exec db
//! dropdb prod`, `kubectl exec pod -- rm -rf /data`), a sandbox or
//! scheduler wrapping it (`bwrap --bind / / rm -rf ~/data`, `aws-vault
//! exec prod -- aws s3 rb …`), or a client handed a shell command in a
//! string (`mysql -e 'system rm -rf ~/t'`, `sqlite3 db '.shell …'`,
//! `ansible all -m shell -a '…'`, `heroku run 'rake db:reset'`).
//!
//! The threat: each such program was a way around every rule, because the
//! command it ran was only an argument. So for a program that is not known
//! to take only data and files, the words after `--`, or from the first
//! word that names a program the danger set knows, are judged as the
//! command it may run; and a word that reads as shell code is walked as
//! code — speculatively: what it holds counts only where it names such a
//! program, and nothing in it that cannot be read asks (it may be prose).

use super::walker::Walker;
use super::{Origin, SimpleCommand, Word, programs};

/// Programs whose names, among another program's words, start a command
/// it may run: those the danger set has rules for, shells and
/// interpreters, and tools that act on data, services or hosts.
const COMMAND_WORDS: &[&str] = &[
    "rm",
    "rmdir",
    "shred",
    "dd",
    "mkfs",
    "wipefs",
    "chmod",
    "chown",
    "chgrp",
    "mv",
    "cp",
    "ln",
    "truncate",
    "kill",
    "pkill",
    "killall",
    "shutdown",
    "reboot",
    "halt",
    "poweroff",
    "systemctl",
    "service",
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "python",
    "python3",
    "perl",
    "ruby",
    "node",
    "php",
    "curl",
    "wget",
    "nc",
    "ncat",
    "socat",
    "ssh",
    "scp",
    "rsync",
    "tar",
    "git",
    "docker",
    "kubectl",
    "helm",
    "terraform",
    "aws",
    "gcloud",
    "az",
    "sudo",
    "su",
    "doas",
    "dropdb",
    "createdb",
    "psql",
    "mysql",
    "mongo",
    "mongosh",
    "redis-cli",
    "rake",
    "rails",
    "bundle",
    "npm",
    "npx",
    "yarn",
    "pnpm",
    "pip",
    "pip3",
    "apt",
    "apt-get",
    "dnf",
    "yum",
    "brew",
    "crontab",
    "at",
    "chroot",
    "mount",
    "umount",
    "find",
    "xargs",
    "env",
    "eval",
    "exec",
    "source",
    "make",
    "cargo",
    "go",
    "java",
    "dotnet",
    "mvn",
    "gradle",
    "sqlite3",
    "chattr",
    "useradd",
    "userdel",
    "usermod",
    "passwd",
    "iptables",
    "nft",
    "ufw",
    "truncate",
    "parted",
    "fdisk",
    "sfdisk",
    "blkdiscard",
    "cryptsetup",
    "lvremove",
    "vgremove",
    "zfs",
    "zpool",
    "btrfs",
    "manage.py",
    "artisan",
    "flask",
    "django-admin",
    "alembic",
    "prisma",
    "knex",
    "sequelize",
    "liquibase",
    "flyway",
];

/// Programs whose words are data, patterns, messages or files, never a
/// command they run (or whose commands their own rules read): a word
/// like `rm` among them is text.
const TAKE_NO_COMMAND: &[&str] = &[
    "echo",
    "printf",
    "grep",
    "egrep",
    "fgrep",
    "zgrep",
    "rg",
    "ag",
    "ack",
    "sed",
    "gsed",
    "awk",
    "gawk",
    "mawk",
    "nawk",
    "cat",
    "less",
    "more",
    "head",
    "tail",
    "wc",
    "sort",
    "uniq",
    "cut",
    "tr",
    "jq",
    "yq",
    "git",
    "cargo",
    "rustc",
    "go",
    "gofmt",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "deno",
    "pip",
    "pip3",
    "uv",
    "poetry",
    "ls",
    "cp",
    "mv",
    "rm",
    "ln",
    "mkdir",
    "touch",
    "chmod",
    "chown",
    "diff",
    "cmp",
    "patch",
    "tar",
    "zip",
    "unzip",
    "gzip",
    "xz",
    "zstd",
    "curl",
    "wget",
    "ssh",
    "scp",
    "sftp",
    "rsync",
    "make",
    "cmake",
    "ninja",
    "meson",
    "man",
    "info",
    "help",
    "which",
    "type",
    "whereis",
    "test",
    "[",
    "expr",
    "bc",
    "dc",
    "basename",
    "dirname",
    "realpath",
    "readlink",
    "stat",
    "file",
    "du",
    "df",
    "tree",
    "find",
    "locate",
    "fd",
    "fdfind",
    "pytest",
    "jest",
    "vitest",
    "mocha",
    "tsc",
    "eslint",
    "prettier",
    "black",
    "ruff",
    "mypy",
    "pylint",
    "shellcheck",
    "shfmt",
    "gh",
    "glab",
    "hub",
    "notify-send",
    "osascript",
    "say",
    "espeak",
    "logger",
    "wall",
    "write",
    "mail",
    "mutt",
    "tee",
    "base64",
    "xxd",
    "od",
    "hexdump",
    "strings",
    "column",
    "fold",
    "fmt",
    "nl",
    "tac",
    "rev",
    "comm",
    "join",
    "paste",
    "split",
    "csplit",
    "seq",
    "yes",
    "date",
    "cal",
    "sleep",
    "true",
    "false",
    "export",
    "setenv",
    "alias",
    "unalias",
    "set",
    "unset",
    "declare",
    "typeset",
    "local",
    "readonly",
    "read",
    "printenv",
    "command",
    "builtin",
    "hash",
    "history",
    "fc",
    "cd",
    "pushd",
    "popd",
    "trap",
    "wait",
    "jobs",
    "fg",
    "bg",
    "disown",
    "exit",
    "return",
    "shift",
    "source",
    ".",
    "eval",
    "exec",
    "time",
    "nice",
    "nohup",
    "timeout",
    "sudo",
    "doas",
    "su",
    "env",
    "xargs",
    "watch",
    "parallel",
    "tmux",
    "screen",
    "vim",
    "vi",
    "nvim",
    "emacs",
    "nano",
    "code",
    "openssl",
    "gpg",
    "age",
    "ssh-keygen",
    "ssh-add",
    "kill",
    "pkill",
    "killall",
    // askrisky's own words are lines it judges; what `exec` runs is a
    // wrapper's command (see `programs`).
    "askrisky",
];

/// Options whose value is a message or a title: prose, not code.
const MESSAGE_OPTIONS: &[&str] = &[
    "-m",
    "--message",
    "--title",
    "--body",
    "--description",
    "--comment",
    "--note",
    "--subject",
    "--summary",
    "--text",
    "--label",
];

/// Whether `word`, as a program, is one the danger set knows.
fn names_a_command(word: &Word) -> bool {
    word.literal && COMMAND_WORDS.contains(&programs::program_name(&word.value).as_str())
}

/// Sandboxes and namespace tools: what follows their options is the
/// command they run.
const SANDBOXES: &[&str] = &[
    "bwrap",
    "nsenter",
    "unshare",
    "systemd-nspawn",
    "proot",
    "fakeroot",
    "fakechroot",
    "flatpak-spawn",
    "firejail",
    "toolbox",
    "distrobox-enter",
    "schroot",
    "lxc-attach",
    "lxc-execute",
    "ip",
];

/// Subcommand words that hand what follows to something that runs it: a
/// container, a pod, a machine (`podman exec db …`, `docker compose run
/// web …`, `kubectl debug …`, `heroku run …`).
const RUNS_WHAT_FOLLOWS: &[&str] = &[
    "exec", "run", "enter", "shell", "debug", "ssh", "attach", "execute", "netns",
];

/// Where, in a command's words, a command it may run starts: after `--`
/// (when a word follows that is no option); or, for a sandbox or after a
/// subcommand that runs what follows (`exec`, `run`), at the first later
/// word that names a program the danger set knows. Never the first word,
/// where a tool takes its subcommand, and never a subcommand's own name
/// (`aws s3 rm …` removes objects, it runs no `rm`). `None` when there is
/// none.
fn command_start(name: &str, args: &[Word]) -> Option<usize> {
    if let Some(dashes) = args.iter().position(|w| w.literal && w.value == "--")
        && args
            .get(dashes + 1)
            .is_some_and(|w| !w.value.starts_with('-') && !w.value.is_empty())
    {
        return Some(dashes + 1);
    }
    let from = if SANDBOXES.contains(&name) {
        0
    } else {
        args.iter()
            .position(|w| w.literal && RUNS_WHAT_FOLLOWS.contains(&w.value.as_str()))?
    };
    args.iter()
        .enumerate()
        .skip(from.max(1))
        .skip_while(|(i, _)| *i == from)
        .find(|(_, w)| names_a_command(w))
        .map(|(i, _)| i)
}

/// The text of a word that may be a shell command: one with a blank or an
/// operator in it, or the value of `key=VALUE` that has one.
fn code_text(word: &Word) -> Option<&str> {
    if !word.literal {
        return None;
    }
    let v = word.value.as_str();
    let code = |s: &str| s.contains([' ', '\t', '\n', ';', '|', '&']);
    // `key=VALUE`, `--opt=VALUE`: the value.
    if let Some((key, rest)) = v.split_once('=')
        && !key.is_empty()
        && key
            .trim_start_matches('-')
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
    {
        return Some(rest).filter(|r| code(r));
    }
    Some(v).filter(|v| code(v) && !v.starts_with('-'))
}

impl Walker {
    /// For a program no table knows, the command it may run from its
    /// words (see the module docs), returned to be looked through like a
    /// wrapper's; code in its strings is walked here.
    pub(super) fn unknown_runner(
        &mut self,
        cmd: &SimpleCommand,
        name: &str,
    ) -> Option<SimpleCommand> {
        if TAKE_NO_COMMAND.contains(&name) || programs::is_shell(name) {
            return None;
        }
        let args = cmd.args();
        let depth = cmd.depth + 1;
        for (i, w) in args.iter().enumerate() {
            let after_message = i
                .checked_sub(1)
                .and_then(|p| args.get(p))
                .is_some_and(|prev| MESSAGE_OPTIONS.contains(&prev.value.as_str()));
            if after_message {
                continue;
            }
            if let Some(text) = code_text(w) {
                self.speculate(text, depth);
            }
        }
        let start = command_start(name, args)?;
        let mut inner = cmd.clone();
        inner.argv = args.get(start..).unwrap_or_default().to_vec();
        inner.via.push(name.to_owned());
        inner.origin = Origin::Wrapper;
        Some(inner)
    }

    /// Walks `text` as code a program may run: its commands count only
    /// where they name a program the danger set knows (or hold one in
    /// their words), and nothing it holds that cannot be read asks.
    fn speculate(&mut self, text: &str, depth: u8) {
        if depth > super::MAX_NESTING {
            return;
        }
        let start = self.script.commands.len();
        let problems = self.script.problems.len();
        self.bounds.speculating += 1;
        self.source(text, Origin::ShellString, depth);
        self.bounds.speculating -= 1;
        self.script.problems.truncate(problems);
        let found: Vec<SimpleCommand> = self.script.commands.drain(start..).collect();
        for c in found {
            if c.argv.first().is_some_and(names_a_command) {
                self.script.commands.push(c);
            } else if let Some(at) = c.argv.iter().skip(1).position(names_a_command) {
                let mut inner = c.clone();
                inner.argv = c.argv.get(at + 1..).unwrap_or_default().to_vec();
                inner.origin = Origin::Wrapper;
                self.resolve(inner);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<Word> {
        line.split(' ').map(Word::literal).collect()
    }

    #[test]
    fn where_a_command_starts() {
        let at = |name: &str, line: &str| command_start(name, &words(line));
        assert_eq!(at("aws-vault", "exec prod -- aws s3 rb x"), Some(3));
        assert_eq!(at("podman", "exec db dropdb prod"), Some(2));
        assert_eq!(at("docker", "compose run web rake db:drop"), Some(3));
        assert_eq!(at("bwrap", "--bind / / rm -rf x"), Some(3));
        assert_eq!(at("mytool", "run -- --nocapture"), None);
        assert_eq!(at("mytool", "status --all"), None);
        assert_eq!(at("aws", "s3 rm s3://b/x --recursive"), None);
        assert_eq!(at("chrt", "10 rm -rf x"), None);
    }

    #[test]
    fn words_that_may_be_code() {
        assert_eq!(code_text(&Word::literal("rm -rf x")), Some("rm -rf x"));
        assert_eq!(
            code_text(&Word::literal("commands=rm -rf /var/log")),
            Some("rm -rf /var/log")
        );
        assert_eq!(code_text(&Word::literal("plain")), None);
        assert_eq!(code_text(&Word::literal("--opt=a b")), Some("a b"));
    }
}
