//! What the rule table's checks consult beyond the command itself: the
//! inline code given to interpreters and whether it looks risky, whether a
//! shell reads its program from a file, find's starting points, the paths
//! a word may name, and lists of options and git config keys.

use super::Cmd;
use crate::parse::{Word, programs};

/// Options of npm, given before the subcommand, that take a value.
pub(super) const NPM_GLOBAL_VALUES: &[&str] = &[
    "-w",
    "--workspace",
    "-C",
    "--prefix",
    "--registry",
    "--userconfig",
    "--cache",
    "--loglevel",
    "--otp",
    "--tag",
    "--access",
];

/// Options of pnpm, given before the subcommand, that take a value (its
/// `-w` is `--workspace-root`, a flag).
pub(super) const PNPM_GLOBAL_VALUES: &[&str] = &[
    "--filter",
    "-F",
    "-C",
    "--dir",
    "--registry",
    "--loglevel",
    "--reporter",
    "--otp",
    "--tag",
    "--access",
];

/// Options of docker, podman and nerdctl, given before the subcommand, that
/// take a value.
pub(super) const CONTAINER_GLOBAL_VALUES: &[&str] = &[
    "-H",
    "--host",
    "-c",
    "--context",
    "--config",
    "-l",
    "--log-level",
    "--tlscacert",
    "--tlscert",
    "--tlskey",
    "--connection",
    "--url",
    "--identity",
    "--root",
    "--runroot",
    "--storage-driver",
    "-n",
    "--namespace",
    "-a",
    "--address",
];

/// git config keys that never make git run a program.
pub(super) const SAFE_GIT_KEYS: &[&str] = &[
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

/// find's starting points: the words before its first expression. find's
/// own options (`-H`, `-L`, `-P`, `-D opts`, `-O3`, `--`) come first, and
/// stopping at them would hide the root in `find -L / -delete`.
pub(super) fn find_starting_points(args: &[Word]) -> Vec<&Word> {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        match w.value.as_str() {
            "-H" | "-L" | "-P" => i += 1,
            "-D" => i += 2,
            "--" => {
                i += 1;
                break;
            }
            v if v.starts_with("-O") => i += 1,
            _ => break,
        }
    }
    args.get(i..)
        .unwrap_or_default()
        .iter()
        .take_while(|w| !(w.value.starts_with('-') || matches!(w.value.as_str(), "(" | "!")))
        .collect()
}

/// True when find deletes what it finds: `-delete`, or `-exec`/`-execdir`
/// of rm, unlink or shred.
pub(super) fn find_deletes(args: &[Word]) -> bool {
    args.iter().enumerate().any(|(i, w)| {
        w.value == "-delete"
            || (matches!(w.value.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir")
                && args.get(i + 1).is_some_and(|p| {
                    matches!(
                        programs::program_name(&p.value).as_str(),
                        "rm" | "unlink" | "shred" | "srm"
                    )
                }))
    })
}

/// True when find's tests pick some files by name, time, size or owner
/// (`-name .DS_Store`), rather than everything below its starting points.
/// A negation or an alternative (`!`, `-not`, `-o`) may pick everything
/// again, so it counts as no pick.
pub(super) fn find_narrows(args: &[Word]) -> bool {
    const PICKS: &[&str] = &[
        "-name",
        "-iname",
        "-path",
        "-ipath",
        "-wholename",
        "-iwholename",
        "-regex",
        "-iregex",
        "-newer",
        "-anewer",
        "-cnewer",
        "-mtime",
        "-mmin",
        "-atime",
        "-amin",
        "-ctime",
        "-cmin",
        "-size",
        "-user",
        "-group",
        "-uid",
        "-gid",
        "-nouser",
        "-nogroup",
        "-perm",
        "-empty",
        "-links",
        "-inum",
        "-samefile",
        "-lname",
        "-ilname",
        "-used",
        "-newermt",
    ];
    let values: Vec<&str> = args.iter().map(|w| w.value.as_str()).collect();
    // `-name '*'` and `-regex '.*'` pick everything.
    let everything = |v: &str| v.chars().all(|c| matches!(c, '*' | '.'));
    values
        .iter()
        .enumerate()
        .any(|(i, v)| PICKS.contains(v) && !values.get(i + 1).is_some_and(|next| everything(next)))
        && !values
            .iter()
            .any(|v| matches!(*v, "!" | "-not" | "-o" | "-or" | ","))
}

/// True when a shell reads its program from a file operand (not from
/// stdin, which `-`, `/dev/stdin` and its aliases also name). Other
/// interpreters with a file operand are not counted as reading stdin at all.
pub(super) fn reads_own_script(c: &Cmd<'_>) -> bool {
    // A shell with an operand (and no -s) runs that file, not stdin.
    let mut it = c.args().iter();
    while let Some(w) = it.next() {
        let v = w.value.as_str();
        if matches!(v, "-o" | "+o" | "-O" | "+O" | "--rcfile" | "--init-file") {
            it.next();
            continue;
        }
        if v.starts_with('-') || v.starts_with('+') {
            if v.contains('s') && !v.starts_with("--") {
                return false;
            }
            continue;
        }
        return !programs::is_stdin_path(v);
    }
    false
}

/// The inline program given to an interpreter: `Some(Some(text))` when
/// known, `Some(None)` when only known at run time, `None` when there is
/// none (the interpreter runs a file, or is not an interpreter).
pub(super) fn inline_code(c: &Cmd<'_>) -> Option<Option<String>> {
    if c.is(&["awk", "gawk", "mawk", "nawk"]) {
        let mut it = c.args().iter();
        while let Some(w) = it.next() {
            let v = w.value.as_str();
            if matches!(v, "-f" | "--file") {
                return None;
            }
            if matches!(v, "-v" | "-F" | "--assign" | "--field-separator") {
                it.next();
                continue;
            }
            if v.starts_with('-') && v.len() > 1 {
                continue;
            }
            return Some(w.literal.then(|| w.value.clone()));
        }
        return None;
    }
    if c.is(&[
        "pwsh",
        "powershell",
        "pwsh-preview",
        "powershell.exe",
        "pwsh.exe",
    ]) {
        return powershell_code(c);
    }
    let flags = programs::inline_code_flags(&c.name)?;
    let args = c.args();
    for (i, w) in args.iter().enumerate() {
        let v = w.value.as_str();
        if v == "--" {
            break;
        }
        // `-e` itself, or a cluster of short options ending in it (`-ne`).
        let takes_code = flags.contains(&v)
            || (v.starts_with('-')
                && flags.iter().any(|f| f.len() == 2 && v.ends_with(&f[1..]))
                && v[1..].chars().all(|ch| ch.is_ascii_alphabetic()));
        if takes_code {
            return Some(
                args.get(i + 1)
                    .and_then(|code| code.literal.then(|| code.value.clone())),
            );
        }
        if let Some(code) = flags.iter().find_map(|f| v.strip_prefix(&format!("{f}=")))
            && f_is_long(flags, v)
        {
            return Some(w.literal.then(|| code.to_owned()));
        }
    }
    // No inline flag: a script the line wrote before running it.
    if let Some(text) = &c.command.script_text {
        return Some(Some(text.clone()));
    }
    // The program is the text of `<(…)` when the script
    // operand is one (only known at run time unless it is a literal echo).
    if let Some(script) = c.operands().first()
        && script.process
    {
        return Some(script.output.clone());
    }
    // A program on stdin (`python3 - <<EOF`, `python3 <<EOF`, `python3
    // /dev/stdin <<EOF`).
    let runs_stdin = args.is_empty() || args.iter().any(|w| programs::is_stdin_path(&w.value));
    if runs_stdin && (c.command.stdin_text.is_some() || c.command.stdin_dynamic) {
        return Some(c.command.stdin_text.clone());
    }
    None
}

/// PowerShell takes any prefix of a parameter's name, in any case
/// (`-c`, `-Com`, `-e`, `-enc`, `-EncodedCommand`), and a command with no
/// parameter at all (`powershell 'Remove-Item …'`). Encoded or not, what
/// it runs is code: the interpreter is judged as running it.
fn powershell_code(c: &Cmd<'_>) -> Option<Option<String>> {
    let args = c.args();
    for (i, w) in args.iter().enumerate() {
        let v = w.value.to_ascii_lowercase();
        let Some(name) = v.strip_prefix('-').map(|n| n.trim_start_matches('-')) else {
            // A first operand that is not a script file is a command.
            return (!v.ends_with(".ps1")).then(|| w.literal.then(|| w.value.clone()));
        };
        let name = name.split(':').next().unwrap_or(name);
        if !name.is_empty()
            && ("command".starts_with(name) || "encodedcommand".starts_with(name) || name == "ec")
        {
            return Some(
                args.get(i + 1)
                    .and_then(|code| code.literal.then(|| code.value.clone())),
            );
        }
        if name == "file" || name == "f" {
            return None;
        }
    }
    None
}

fn f_is_long(flags: &[&str], v: &str) -> bool {
    flags
        .iter()
        .any(|f| f.starts_with("--") && v.starts_with(f))
}

/// Whether inline code, in its language, deletes, spawns, opens sockets or
/// evaluates code it builds at run time (how obfuscation hides the rest).
pub(super) fn risky_code(interpreter: &str, code: &str) -> bool {
    let base = interpreter.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let tokens: &[&str] = match base {
        "python" | "pypy" => &[
            "os.remove",
            "os.unlink",
            "os.rmdir",
            "removedirs",
            "rmtree",
            ".unlink(",
            ".rmdir(",
            "os.system",
            "os.popen",
            "os.exec",
            "os.spawn",
            "os.fork",
            "os.kill",
            "subprocess",
            "pty",
            "socket",
            "urllib",
            "http.client",
            "requests",
            "eval(",
            "exec(",
            "compile(",
            "__import__",
            "importlib",
            "getattr(",
            "b64decode",
            "marshal",
            "pickle",
            "ctypes",
            "shutil.move",
            // Names imported bare (`from os import system`).
            "system(",
            "popen(",
            "spawnl",
            "spawnv",
            "execv",
            "execl",
            "rmtree",
            "unlink(",
            "rmdir(",
            "kill(",
            "from os import",
            "from shutil import",
            "from subprocess import",
            "from pty import",
            "from socket import",
            "builtins",
            "globals()",
        ],
        "node" | "nodejs" | "bun" | "deno" => &[
            "child_process",
            "exec(",
            "execSync",
            "spawn",
            "fork(",
            "unlink",
            "rmSync",
            "rmdir",
            ".rm(",
            "fs.rm",
            "'net'",
            "\"net\"",
            "'http",
            "\"http",
            "https",
            "dgram",
            "'tls'",
            "fetch(",
            "eval(",
            "Function(",
            "process.binding",
            "vm.",
            "import(",
            "Deno.run",
            "Deno.Command",
            "Deno.remove",
            "Bun.spawn",
            "$`",
        ],
        "perl" => &[
            "system",
            "exec",
            "unlink",
            "rmtree",
            "remove_tree",
            "`",
            "qx",
            "fork",
            "socket",
            "Socket",
            "Net::",
            "LWP",
            "HTTP::",
            "eval",
            "open",
            "rmdir",
            "kill",
            "readpipe",
            "syscall",
            "require",
            "do ",
        ],
        "ruby" => &[
            "system",
            "exec",
            "spawn",
            "`",
            "%x",
            "popen",
            "Open3",
            "fork",
            "FileUtils",
            "File.delete",
            "File.unlink",
            "Dir.rmdir",
            "rm_rf",
            "Socket",
            "Net::HTTP",
            "open-uri",
            "URI.open",
            "eval",
            "send(",
            "Kernel",
            "public_send",
            "TCPSocket",
            "UDPSocket",
            "UNIXSocket",
            "TCPServer",
            "instance_eval",
            "class_eval",
            "syscall",
            // `open("|cmd")` and its kin run cmd.
            "(\"|",
            "('|",
            "open \"|",
            "open '|",
            "IO.",
        ],
        "php" => &[
            "system",
            "exec",
            "passthru",
            "popen",
            "proc_open",
            "pcntl",
            "`",
            "unlink",
            "rmdir",
            "fsockopen",
            "socket_",
            "curl_",
            "file_get_contents",
            "eval",
            "assert(",
            "create_function",
            "include",
            "require",
            "shell_exec",
            "proc_open",
            "call_user_func",
            "array_map",
            "array_filter",
            "usort",
            "preg_replace",
            "ReflectionFunction",
        ],
        "lua" | "luajit" => &[
            "os.execute",
            "io.popen",
            "os.remove",
            "socket",
            "load(",
            "loadstring",
            "dofile",
        ],
        "awk" | "gawk" | "mawk" | "nawk" => &[
            "system(",
            "| getline",
            "|getline",
            "|&",
            "\"sh\"",
            "/inet/",
            // `print | "cmd"` and `printf … | "cmd"` pipe into a command.
            "| \"",
            "|\"",
            "| cmd",
            "|cmd",
        ],
        "osascript" => &[
            "do shell script",
            "delete",
            "System Events",
            "keystroke",
            "run script",
        ],
        // Anything a shell-like interpreter runs inline is treated as code.
        _ => return true,
    };
    // PHP calls a function named by a variable (`$f('id')`).
    if base == "php" && php_variable_call(code) {
        return true;
    }
    tokens.iter().any(|t| contains_word(code, t))
}

/// True when `token` occurs in `code` where a name starts: not inside a
/// longer name (`pty` is not in `empty`, `system` not in `filesystem`).
fn contains_word(code: &str, token: &str) -> bool {
    let name_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let starts_name = token.chars().next().is_some_and(name_char);
    // Most tokens are in no code at all: one search says so.
    if !code.contains(token) {
        return false;
    }
    code.match_indices(token)
        .any(|(i, _)| !starts_name || !code[..i].chars().next_back().is_some_and(name_char))
}

/// True when PHP code calls through a variable: `$f(…)`, `$x['f'](…)`.
fn php_variable_call(code: &str) -> bool {
    let b = code.as_bytes();
    b.iter().enumerate().any(|(i, &c)| {
        if c != b'$' {
            return false;
        }
        let mut j = i + 1;
        while b
            .get(j)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            j += 1;
        }
        if j == i + 1 {
            return false;
        }
        // An index or two between the name and the call.
        while b.get(j) == Some(&b'[') {
            while b.get(j).is_some_and(|c| *c != b']') {
                j += 1;
            }
            j += 1;
        }
        while b.get(j) == Some(&b' ') {
            j += 1;
        }
        b.get(j) == Some(&b'(')
    })
}

/// A word and the paths it may name: `--file=X`, `key=@X`, `@X`, `if=X`.
pub(super) fn path_candidates(v: &str) -> impl Iterator<Item = &str> {
    let after_eq = v.split_once('=').map(|(_, r)| r);
    // `REV:PATH` (`git show HEAD:.env`), `host:PATH`.
    let after_colon = v.split_once(':').map(|(_, r)| r);
    [
        Some(v),
        after_eq,
        after_colon,
        v.strip_prefix('@'),
        after_eq.and_then(|r| r.strip_prefix('@')),
    ]
    .into_iter()
    .flatten()
    .filter(|p| !p.is_empty())
}

/// sed's short options that take a value.
pub(super) const SED_VALUES: &str = "efl";
/// perl's short options that take a value (attached, most of them).
pub(super) const PERL_VALUES: &str = "eEMmIxFCdDl";
/// ruby's short options that take a value.
pub(super) const RUBY_VALUES: &str = "eErIxFCKTW";

/// True when `sed`, `perl` or `ruby` edits files in place: `-i` alone, in a
/// cluster (`-ni`, `-pi`) or with a backup suffix (`-i.bak`, `-Ei~`), or
/// `--in-place` (abbreviated too).
/// `stops` are the tool's short options that take a value: letters after
/// one are that value (`-Ilib`, `-MFile::Find`, `-e'…'`).
pub(super) fn in_place(args: &[Word], stops: &str) -> bool {
    args.iter()
        .map(|w| w.value.as_str())
        .take_while(|v| *v != "--")
        .any(|v| match v.strip_prefix("--") {
            Some(long) => {
                programs::long_names(long.split('=').next().unwrap_or(long), "in-place", &[])
            }
            None => v.strip_prefix('-').is_some_and(|cluster| {
                cluster
                    .chars()
                    .take_while(|c| c.is_ascii_alphabetic() && !stops.contains(*c))
                    .chain(cluster.chars().take(1))
                    .any(|c| c == 'i')
            }),
        })
}

/// The words of a command that name what it reads. Not read: a search
/// pattern (`grep -rn id_rsa .`, `git log -S KEY`), what is only written
/// (`cp .env.example .env`, `openssl genrsa -out server.key`), a key used
/// rather than shown (`ssh -i KEY`), files git only stages or forgets
/// (`git rm --cached .env`), and files a command only names, moves or
/// changes the mode of.
pub(super) fn read_words<'a>(c: &Cmd<'a>) -> Vec<&'a str> {
    if c.is(&[
        "echo",
        "printf",
        "ls",
        "stat",
        "test",
        "[",
        "basename",
        "dirname",
        "realpath",
        "readlink",
        "file",
        "mkdir",
        "touch",
        "export",
        "cd",
        "chmod",
        "chown",
        "chgrp",
        "rm",
        "unlink",
        "mv",
        "ssh-keygen",
        "ssh-add",
        "git-crypt",
    ]) {
        return Vec::new();
    }
    let args = c.args();
    let all = || args.iter().map(|w| w.value.as_str());
    if c.is(&["grep", "egrep", "fgrep", "ag", "ack", "zgrep", "sed"]) {
        return search_read(args, &[]);
    }
    if c.is(&["awk", "gawk", "mawk", "nawk"]) {
        return search_read(args, &["-v", "-F"]);
    }
    if c.is(&["rg", "ripgrep"]) {
        return search_read(args, &["-r"]);
    }
    if c.is(&["cp", "install", "ln", "rsync", "scp", "sftp"]) {
        // The last operand (or `-t DIR`) is written; `-i KEY` is used.
        let kept = without_values(args, &["-i", "-F", "-P", "-o", "-S", "-l", "-c", "-J"]);
        let into = crate::parse::target_dirs(&c.name, args);
        let mut ops: Vec<&str> = if c.is(&["scp", "sftp"]) {
            kept.into_iter()
                .filter(|v| !(v.starts_with('-') && v.len() > 1))
                .collect()
        } else {
            c.operands()
                .iter()
                .map(|w| w.value.as_str())
                .filter(|v| !into.contains(v))
                .collect()
        };
        if into.is_empty() {
            ops.pop();
        }
        if c.is(&["ln"]) {
            return Vec::new();
        }
        return ops;
    }
    if c.is(&["ssh", "mosh"]) {
        return without_values(args, &["-i", "-F"]);
    }
    if c.is(&["openssl"]) {
        let written = c.option_values(&["-out", "-keyout"]);
        return all().filter(|v| !written.contains(v)).collect();
    }
    if c.is(&["curl", "wget", "wget2", "aria2c", "http", "https", "xh"]) {
        return all().filter(|v| !remote_url(v)).collect();
    }
    if c.is(&[
        "cargo", "npm", "pnpm", "docker", "podman", "kubectl", "helm", "gh", "go",
    ]) {
        // The subcommand names no file (`cargo test`, `npm run …`). Only a
        // first word: after an option it may be the option's value
        // (`cargo --config FILE build`).
        let skip = usize::from(args.first().is_some_and(|w| !w.value.starts_with('-')));
        return all().skip(skip).collect();
    }
    if let Some((sub, rest)) = c.git() {
        return match sub {
            // Only the index or the working tree's bookkeeping changes.
            "rm" | "mv" | "check-ignore" | "check-attr" | "ls-files" | "status" | "clean"
            | "restore" | "checkout" | "switch" | "reset" | "update-index" => Vec::new(),
            "grep" => search_read(rest, &[]),
            _ => {
                let mut read = without_values(
                    rest,
                    &[
                        "-S",
                        "-G",
                        "--grep",
                        "--author",
                        "--committer",
                        "-m",
                        "--message",
                    ],
                );
                // What these fetch from or send to is another machine.
                if matches!(
                    sub,
                    "clone" | "fetch" | "pull" | "push" | "ls-remote" | "remote" | "submodule"
                ) {
                    read.retain(|v| !remote_url(v));
                }
                read
            }
        };
    }
    all().collect()
}

/// True for the URL of another machine (`https://x/.env`): what it names
/// is fetched, not read here. A `file:` URL names a file on this machine.
fn remote_url(value: &str) -> bool {
    value.split_once("://").is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            && !scheme.eq_ignore_ascii_case("file")
    })
}

/// The words, less the options in `options` and their values (`-i KEY`,
/// `-iKEY`, `--grep=X`, `--grep X`).
fn without_values<'a>(args: &'a [Word], options: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        i += 1;
        if options.contains(&v) {
            i += 1;
        } else if !options.iter().any(|o| {
            v.strip_prefix(o)
                .is_some_and(|r| !r.is_empty() && (!o.starts_with("--") || r.starts_with('=')))
        }) {
            out.push(v);
        }
    }
    out
}

/// What a search tool reads: its files, and pattern files (`-f FILE`),
/// not the pattern (the first operand, unless `-e`/`-f` gave it).
/// `with_value` adds the tool's own short options that take a value.
fn search_read<'a>(args: &'a [Word], with_value: &[&str]) -> Vec<&'a str> {
    const VALUES: &[&str] = &[
        "-e",
        "--regexp",
        "-m",
        "--max-count",
        "-A",
        "-B",
        "-C",
        "--context",
        "-g",
        "--glob",
        "-t",
        "--type",
        "-T",
        "--type-not",
        "--include",
        "--exclude",
        "--exclude-dir",
        "-d",
        "-D",
        "--color",
        "--colour",
        "-j",
        "--threads",
        "-M",
        "--max-columns",
        "--replace",
        "--label",
        "-v",
        "--assign",
        "-F",
        "--field-separator",
    ];
    let mut out = Vec::new();
    let mut pattern_given = false;
    let mut i = 0;
    let mut rest = false;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        i += 1;
        if rest || !(v.starts_with('-') && v.len() > 1) {
            if pattern_given {
                out.push(v);
            } else {
                pattern_given = true;
            }
            continue;
        }
        if v == "--" {
            rest = true;
            continue;
        }
        if matches!(v, "-f" | "--file") {
            out.extend(args.get(i).map(|w| w.value.as_str()));
            pattern_given = true;
            i += 1;
        } else if let Some(f) = v.strip_prefix("--file=") {
            out.push(f);
            pattern_given = true;
        } else if matches!(v, "-e" | "--regexp") || v.starts_with("--regexp=") {
            pattern_given = true;
            i += usize::from(!v.contains('='));
        } else if VALUES.contains(&v) || with_value.contains(&v) {
            i += 1;
        }
    }
    out
}

/// True when the command reads the folders it is given as a whole: a
/// recursive copy, search or archive.
pub(super) fn reads_recursively(c: &Cmd<'_>) -> bool {
    c.is(&[
        "tar",
        "gtar",
        "bsdtar",
        "7z",
        "7za",
        "borg",
        "restic",
        "duplicity",
        "rclone",
    ]) || (c.is(&[
        "grep", "egrep", "fgrep", "zip", "cp", "scp", "chmod", "chown",
    ]) && c.flag(&[
        "-r",
        "-R",
        "--recursive",
        "-a",
        "--archive",
        "--dereference-recursive",
    ])) || (c.is(&["rsync"]) && c.flag(&["-r", "--recursive", "-a", "--archive"]))
        || (c.is(&["rg", "ag"]) && c.flag(&["--hidden", "-u", "-uu", "-uuu", "--no-ignore"]))
        || c.is(&["rclone", "gsutil", "azcopy"])
        || (c.is(&["aws"]) && c.flag(&["--recursive"]))
}

/// The quoted strings in a piece of code (`'…'`, `"…"`, `` `…` ``), the
/// file names code opens.
pub(super) fn quoted_strings(code: &str) -> impl Iterator<Item = &str> {
    let mut rest = code;
    std::iter::from_fn(move || {
        loop {
            let start = rest.find(['\'', '"', '`'])?;
            let quote = rest[start..].chars().next()?;
            let body = &rest[start + 1..];
            let Some(end) = body.find(quote) else {
                rest = "";
                return None;
            };
            let found = &body[..end];
            rest = &body[end + 1..];
            if !found.is_empty() {
                return Some(found);
            }
        }
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

/// Whether a cloud, cluster or container CLI deletes resources (the
/// cloud pack's `cloud.destroy`).
pub(super) fn cloud_destroys(c: &Cmd<'_>) -> bool {
    if !c.is(&[
        "kubectl",
        "oc",
        "k3s",
        "microk8s.kubectl",
        "helm",
        "terraform",
        "tofu",
        "terragrunt",
        "pulumi",
        "cdk",
        "cdktf",
        "serverless",
        "sls",
        "aws",
        "gcloud",
        "az",
        "doctl",
        "linode-cli",
        "hcloud",
        "ibmcloud",
        "oci",
        "firebase",
        "netlify",
        "vercel",
        "gsutil",
        "flyctl",
        "fly",
        "heroku",
        "docker",
        "podman",
        "nerdctl",
        "docker-compose",
        "podman-compose",
    ]) {
        return false;
    }
    let ops: Vec<&str> = c.operands().iter().map(|w| w.value.as_str()).collect();
    let has = |w: &str| ops.contains(&w);
    let first = ops.first().copied().unwrap_or("");
    match c.name.as_str() {
        "kubectl" | "oc" | "k3s" | "microk8s.kubectl" => {
            ops.iter().any(|w| matches!(*w, "delete" | "drain"))
        }
        "helm" => ops
            .iter()
            .any(|w| matches!(*w, "uninstall" | "delete" | "del" | "un")),
        "terraform" | "tofu" | "terragrunt" => {
            has("destroy")
                || (has("apply") && c.flag(&["-destroy", "--destroy"]))
                || (has("state") && (has("rm") || has("replace-provider")))
                || (has("workspace") && has("delete"))
        }
        "pulumi" | "cdk" | "cdktf" => has("destroy") || (has("stack") && has("rm")),
        "serverless" | "sls" => has("remove"),
        "aws" => {
            let s3_rm = ops.windows(2).any(|w| {
                w[0] == "s3" && matches!(w[1], "rm" | "rb")
                    || w[0] == "s3" && w[1] == "sync" && c.flag(&["--delete"])
            });
            s3_rm
                || ops.iter().any(|w| {
                    [
                        "delete-",
                        "terminate-",
                        "remove-",
                        "deregister-",
                        "purge-",
                        "destroy-",
                    ]
                    .iter()
                    .any(|p| w.starts_with(p))
                })
        }
        "gcloud" | "az" | "doctl" | "linode-cli" | "hcloud" | "ibmcloud" | "oci" | "firebase"
        | "netlify" | "vercel" => ops.iter().any(|w| {
            matches!(*w, "delete" | "remove" | "rm" | "destroy" | "purge") || w.ends_with(":delete")
        }),
        "gsutil" => matches!(first, "rm" | "rb") || (first == "rsync" && c.flag(&["-d"])),
        "flyctl" | "fly" => has("destroy"),
        "heroku" => ops.iter().any(|w| w.ends_with(":destroy")),
        "docker" | "podman" | "nerdctl" | "docker-compose" | "podman-compose" => {
            let compose_down = (c.is(&["docker-compose", "podman-compose"]) || has("compose"))
                && has("down")
                && c.flag(&["-v", "--volumes", "--rmi"]);
            compose_down
                || (has("volume") && ops.iter().any(|w| matches!(*w, "rm" | "prune")))
                || (has("system") && has("prune") && c.flag(&["--volumes"]))
        }
        _ => false,
    }
}

/// Whether a database client runs SQL (or a command) that drops or
/// empties a database, schema or table (the cloud pack's `db.destroy`).
pub(super) fn db_destroys(c: &Cmd<'_>) -> bool {
    let sql: Vec<String> = match c.name.as_str() {
        "psql" | "cockroach" | "clickhouse-client" | "duckdb" | "sqlcmd" => {
            let mut v: Vec<String> = c
                .option_values(&["-c", "--command", "-q", "--query", "-Q"])
                .into_iter()
                .map(str::to_owned)
                .collect();
            v.extend(c.command.stdin_text.clone());
            v
        }
        "mysql" | "mariadb" => {
            let mut v: Vec<String> = c
                .option_values(&["-e", "--execute"])
                .into_iter()
                .map(str::to_owned)
                .collect();
            v.extend(c.command.stdin_text.clone());
            v
        }
        "sqlite3" | "sqlite" => {
            let mut v: Vec<String> = c
                .operands()
                .iter()
                .skip(1)
                .map(|w| w.value.clone())
                .collect();
            v.extend(c.command.stdin_text.clone());
            v
        }
        "redis-cli" | "valkey-cli" | "keydb-cli" => {
            return c
                .values()
                .any(|v| matches!(v.to_ascii_uppercase().as_str(), "FLUSHALL" | "FLUSHDB"))
                || c.command
                    .stdin_text
                    .as_ref()
                    .is_some_and(|t| t.to_ascii_uppercase().contains("FLUSH"));
        }
        "mongo" | "mongosh" => {
            let mut v: Vec<String> = c
                .option_values(&["--eval"])
                .into_iter()
                .map(str::to_owned)
                .collect();
            v.extend(c.command.stdin_text.clone());
            return v.iter().any(|code| {
                ["dropDatabase", ".drop(", "deleteMany({})", "remove({})"]
                    .iter()
                    .any(|t| code.contains(t))
            });
        }
        "dropdb" | "dropuser" => return true,
        "mysqladmin" => {
            return c
                .operands()
                .iter()
                .any(|w| w.value.eq_ignore_ascii_case("drop"));
        }
        _ => return false,
    };
    sql.iter().any(|s| sql_destroys(s))
}

/// Whether SQL drops a database, schema or table, truncates one, or
/// deletes every row (`DELETE FROM t` with no `WHERE`). Text in quotes
/// is not SQL (`SELECT 'DROP TABLE x'`).
pub(super) fn sql_destroys(sql: &str) -> bool {
    let mut plain = String::with_capacity(sql.len());
    let mut quote = None;
    for ch in sql.chars() {
        match quote {
            Some(q) if ch == q => quote = None,
            Some(_) => {}
            None if ch == '\'' || ch == '"' => quote = Some(ch),
            None => plain.push(ch.to_ascii_uppercase()),
        }
    }
    plain.split(';').any(|statement| {
        let words: Vec<&str> = statement.split_whitespace().collect();
        let starts = |a: &str, b: &[&str]| {
            words.first() == Some(&a) && words.get(1).is_some_and(|w| b.contains(w))
        };
        starts(
            "DROP",
            &["DATABASE", "SCHEMA", "TABLE", "OWNED", "USER", "ROLE"],
        ) || words.first() == Some(&"TRUNCATE")
            || (starts("DELETE", &["FROM"]) && !words.contains(&"WHERE"))
    })
}

/// True when a command is told to only rehearse (`-n`, `--dry-run`), and
/// nothing later on its line takes that back (`--no-dry-run`,
/// `--dry-run=false`): a rehearsal changes nothing.
pub(super) fn dry_run(args: &[Word], short_n: bool) -> bool {
    let flags: &[&str] = if short_n {
        &["-n", "--dry-run"]
    } else {
        &["--dry-run"]
    };
    programs::has_flag(args, flags)
        && !args.iter().any(|w| {
            let v = w.value.as_str();
            v.starts_with("--no-dry")
                || v.strip_prefix("--dry-run=").is_some_and(|x| {
                    matches!(
                        x.to_ascii_lowercase().as_str(),
                        "false" | "0" | "no" | "off"
                    )
                })
        })
}

/// What a command makes a link to: `ln [-s] TARGET… [NAME]`, `link
/// TARGET NAME`, `cp -l`/`-s` (`--link`, `--symbolic-link`) SOURCE… DEST.
pub(super) fn linked_to<'a>(c: &Cmd<'a>) -> Vec<&'a str> {
    if !c.is(&["ln", "link", "cp"]) {
        return Vec::new();
    }
    let ops: Vec<&str> = c.operands().iter().map(|w| w.value.as_str()).collect();
    let into_values = crate::parse::target_dirs(&c.name, c.args());
    let into_dir = !into_values.is_empty();
    let sources = |ops: Vec<&'a str>| -> Vec<&'a str> {
        match ops.split_last() {
            // `ln TARGET` makes a link named after it, here.
            Some((_, rest)) if !into_dir && !rest.is_empty() => rest.to_vec(),
            _ => ops,
        }
    };
    let ops: Vec<&str> = ops
        .into_iter()
        .filter(|v| !into_values.contains(v))
        .collect();
    if c.is(&["ln"]) {
        return sources(ops);
    }
    if c.is(&["link"]) {
        return ops.into_iter().take(1).collect();
    }
    if c.is(&["cp"]) && c.flag(&["-l", "--link", "-s", "--symbolic-link"]) {
        return sources(ops);
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::danger::Place;
    use crate::parse::parse;

    /// Runs `f` on the first command of `line`, in the example place.
    fn on<T>(line: &str, f: impl Fn(&Cmd<'_>) -> T) -> T {
        let script = parse(line);
        let ctx = Place::example();
        let command = script
            .commands
            .first()
            .unwrap_or_else(|| panic!("no command in {line:?}"));
        f(&Cmd::new(command, &ctx))
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

    #[test]
    fn sql_that_destroys() {
        for sql in [
            "DROP TABLE t",
            "drop database x;",
            "select 1; drop schema s cascade",
            "TRUNCATE t",
            "truncate table t",
            "DELETE FROM t",
            "delete from t;",
            "DROP OWNED BY x",
        ] {
            assert!(sql_destroys(sql), "{sql}");
        }
        for sql in [
            "SELECT 'DROP TABLE x'",
            "select \"truncate\" from t",
            "DELETE FROM t WHERE id = 1",
            "CREATE TABLE drop_log (x int)",
            "INSERT INTO t VALUES ('DELETE FROM t')",
            "",
        ] {
            assert!(!sql_destroys(sql), "{sql}");
        }
    }

    #[test]
    fn find_picks_and_deletes() {
        let words = |line: &str| -> Vec<Word> { line.split(' ').map(Word::literal).collect() };
        for line in [
            ". -name x -delete",
            "~ -mtime +3 -exec rm {} +",
            "/ -empty -delete",
        ] {
            assert!(find_narrows(&words(line)), "{line}");
        }
        for line in [
            "~ -delete",
            "~ -name * -delete",
            "~ -regex .* -delete",
            "~ ! -name x -delete",
            "~ -not -name x -delete",
            "~ -name x -o -true -delete",
            "~ -type f -delete",
        ] {
            assert!(!find_narrows(&words(line)), "{line}");
        }
        for line in [
            "~ -delete",
            "~ -exec rm {} +",
            "~ -execdir /bin/shred {} ;",
            "~ -ok unlink {} ;",
        ] {
            assert!(find_deletes(&words(line)), "{line}");
        }
        for line in ["~ -print", "~ -exec ls {} +", "~ -exec"] {
            assert!(!find_deletes(&words(line)), "{line}");
        }
    }

    #[test]
    fn words_and_calls_in_inline_code() {
        for (code, token) in [
            ("os.system(x)", "system("),
            ("system(x)", "system("),
            ("(\"|id\")", "(\"|"),
            ("x;pty.spawn()", "pty"),
        ] {
            assert!(contains_word(code, token), "{code} {token}");
        }
        for (code, token) in [
            ("empty", "pty"),
            ("filesystem", "system"),
            ("my_socket", "socket"),
        ] {
            assert!(!contains_word(code, token), "{code} {token}");
        }
        for code in ["$f('id')", "$f ('id')", "$x['a']('id')", "$a[0][1]('x')"] {
            assert!(php_variable_call(code), "{code}");
        }
        for code in ["$a = 1;", "echo $a;", "f($a)", "$ (x)", "$"] {
            assert!(!php_variable_call(code), "{code}");
        }
        assert_eq!(
            quoted_strings("open('a') + \"b\" + `c` + '' + 'open").collect::<Vec<_>>(),
            ["a", "b", "c"]
        );
    }

    #[test]
    fn rehearsals_and_in_place_edits() {
        let words = |line: &str| -> Vec<Word> { line.split(' ').map(Word::literal).collect() };
        for (line, short_n, want) in [
            ("-n", true, true),
            ("-n", false, false),
            ("--dry-run", false, true),
            ("--dry", false, true),
            ("--dry-run --no-dry-run", false, false),
            ("--dry-run=false", false, false),
            ("--dry-run=OFF", false, false),
            ("--dry-run=true", false, true),
            ("-f", true, false),
        ] {
            assert_eq!(dry_run(&words(line), short_n), want, "{line}");
        }
        for line in [
            "-i",
            "-i.bak",
            "-ni",
            "-Ei~",
            "--in-place",
            "--in-pl=.b",
            "-i -e x",
        ] {
            assert!(in_place(&words(line), SED_VALUES), "{line}");
        }
        for line in ["-n", "-e", "--", "-- -i", "x -E", "-f", "-fi"] {
            assert!(!in_place(&words(line), SED_VALUES), "{line}");
        }
        for line in ["-pi", "-i.bak", "-pie"] {
            assert!(in_place(&words(line), PERL_VALUES), "{line}");
        }
        for line in ["-Ilib", "-MFile::Find", "-Ei", "-ne"] {
            assert!(!in_place(&words(line), PERL_VALUES), "{line}");
        }
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
    fn what_commands_read_and_link() {
        for (line, want) in [
            ("grep -rn id_rsa .", &["."][..]),
            ("grep -e x -f pats a", &["pats", "a"]),
            ("grep --regexp=x a", &["a"]),
            ("grep --file=p a", &["p", "a"]),
            ("grep -- -x a", &["a"]),
            ("grep -A 3 x a", &["a"]),
            ("rg -r y x a", &["a"]),
            ("awk -F , '{print}' f", &["f"]),
            ("sed -n 1p f", &["f"]),
            ("cp a b c", &["a", "b"]),
            ("cp -t d a b", &["a", "b"]),
            ("cp --target-directory=d a", &["a"]),
            ("scp -i k -P 22 a h:", &["a"]),
            ("scp -r a h:", &["a"]),
            ("scp a - h:", &["a", "-"]),
            ("ln -s a b", &[]),
            ("ssh -i k -F cfg h ls", &["h", "ls"]),
            ("ssh -ik h", &["h"]),
            ("openssl genrsa -out k 2048", &["genrsa", "-out", "2048"]),
            ("git log -S x --grep=y p", &["p"]),
            ("git rm --cached .env", &[]),
            ("git grep x f", &["f"]),
            ("rm .env", &[]),
            ("cat a b", &["a", "b"]),
        ] {
            let got = on(line, |c| {
                read_words(c)
                    .into_iter()
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            });
            assert_eq!(got, want, "{line}");
        }
        for (line, want) in [
            ("ln -s a b", &["a"][..]),
            ("ln a", &["a"]),
            ("ln -t d a b", &["a", "b"]),
            ("link a b", &["a"]),
            ("cp -l a b", &["a"]),
            ("cp --symbolic-link a b c", &["a", "b"]),
            ("cp a b", &[]),
            ("mv a b", &[]),
        ] {
            let got = on(line, |c| {
                linked_to(c)
                    .into_iter()
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            });
            assert_eq!(got, want, "{line}");
        }
    }

    #[test]
    fn powershell_parameters_by_any_prefix() {
        for (line, code) in [
            ("pwsh -c x", Some(Some("x"))),
            ("pwsh -Com x", Some(Some("x"))),
            ("pwsh -EncodedCommand e", Some(Some("e"))),
            ("pwsh -e e", Some(Some("e"))),
            ("pwsh -ec e", Some(Some("e"))),
            ("pwsh --command x", Some(Some("x"))),
            ("powershell 'Get-Item x'", Some(Some("Get-Item x"))),
            ("pwsh -NoProfile -c x", Some(Some("x"))),
            ("pwsh -c $X", Some(None)),
            ("pwsh -File a.ps1", None),
            ("pwsh -f build", None),
            ("pwsh -File build", None),
            ("pwsh -c run.ps1", Some(Some("run.ps1"))),
            ("pwsh -Command run.ps1", Some(Some("run.ps1"))),
            ("pwsh -enc x.ps1", Some(Some("x.ps1"))),
            ("pwsh -ec x.ps1", Some(Some("x.ps1"))),
            ("pwsh -encodedcommand x.ps1", Some(Some("x.ps1"))),
            ("pwsh a.ps1", None),
            ("pwsh -NoProfile", None),
        ] {
            let got = on(line, inline_code);
            assert_eq!(got, code.map(|c| c.map(str::to_owned)), "{line}");
        }
    }
}
