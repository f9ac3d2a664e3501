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
];

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
        "awk" | "gawk" | "mawk" | "nawk" => {
            &["system(", "| getline", "|getline", "|&", "\"sh\"", "/inet/"]
        }
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
    tokens.iter().any(|t| code.contains(t))
}

/// A word and the paths it may name: `--file=X`, `key=@X`, `@X`, `if=X`.
pub(super) fn path_candidates(v: &str) -> impl Iterator<Item = &str> {
    let after_eq = v.split_once('=').map(|(_, r)| r);
    [
        Some(v),
        after_eq,
        v.strip_prefix('@'),
        after_eq.and_then(|r| r.strip_prefix('@')),
    ]
    .into_iter()
    .flatten()
    .filter(|p| !p.is_empty())
}
