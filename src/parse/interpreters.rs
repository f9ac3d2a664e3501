//! What interpreters run besides a command line: the script file an
//! interpreter is handed, the module python runs, the files node or ruby
//! load first, the code given inline by `-c`/`-e`, awk's `system()`
//! strings, Tcl's `spawn`/`exec`, the programs go runs in place of what it
//! builds.

use super::Word;

/// The programs go is told to run in place of what it builds (`go test
/// -exec 'qemu-aarch64 -L /usr/aarch64-linux-gnu' ./...`) or around each
/// compiler step (`-toolexec`): each value as a word, a command line.
pub fn go_exec_values(name: &str, args: &[Word]) -> Vec<Word> {
    if name != "go" {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        let v = w.value.as_str();
        if v == "--" {
            break;
        }
        let option = v.split('=').next().unwrap_or(v);
        if !v.starts_with('-') || !matches!(option.trim_start_matches('-'), "exec" | "toolexec") {
            continue;
        }
        match v.split_once('=') {
            Some((_, value)) => out.push(Word {
                value: value.to_owned(),
                ..w.clone()
            }),
            None => {
                out.extend(args.get(i).cloned());
                i += 1;
            }
        }
    }
    out
}

/// Files an interpreter loads as code before its program, by an option:
/// node's (and bun's, deno's) `-r`/`--require`/`--import`/`--loader`/
/// `--preload`, ruby's `-r`, php's `-d auto_prepend_file=`. Each is the
/// value and whether it is known exactly; only values that name a file
/// (`./x.js`, `/tmp/x.rb`, `hook.cjs`), not an installed package
/// (`-r dotenv/config`, `--import tsx`) or a `data:` URL, which is code of
/// its own.
pub fn preloads(name: &str, args: &[Word]) -> Vec<(String, bool)> {
    const NODE: &[&str] = &[
        "-r",
        "--require",
        "--import",
        "--loader",
        "--experimental-loader",
        "--preload",
    ];
    const CODE: &[&str] = &[".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".rb", ".php"];
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        i += 1;
        if v == "--" || !v.starts_with('-') {
            break;
        }
        // Asked only for its version or help, the interpreter prints it
        // and exits before it loads anything (`node -r ./x.js --version`).
        // (ruby's `-v` also runs the program, verbosely).
        if matches!(v, "--version" | "--help" | "-h") || v == "-v" && base != "ruby" {
            return Vec::new();
        }
        let value: Option<(String, bool)> = match base {
            "node" | "nodejs" | "bun" | "deno" | "tsx" | "ts-node" => {
                if NODE.contains(&v) {
                    i += 1;
                    args.get(i - 1).map(|n| (n.value.clone(), n.literal))
                } else {
                    v.split_once('=')
                        .filter(|(o, _)| NODE.contains(o))
                        .map(|(_, f)| (f.to_owned(), w.literal))
                }
            }
            "ruby" if v == "-r" => {
                i += 1;
                args.get(i - 1).map(|n| (n.value.clone(), n.literal))
            }
            "ruby" => v.strip_prefix("-r").map(|f| (f.to_owned(), w.literal)),
            "php" => {
                let setting = if v == "-d" {
                    i += 1;
                    args.get(i - 1).map(|n| (n.value.as_str(), n.literal))
                } else {
                    v.strip_prefix("-d").map(|f| (f, w.literal))
                };
                setting.and_then(|(s, literal)| {
                    let (key, file) = s.split_once('=')?;
                    matches!(key.trim(), "auto_prepend_file" | "auto_append_file")
                        .then(|| (file.to_owned(), literal))
                })
            }
            _ => return out,
        };
        if let Some((file, literal)) = value {
            let names_file = !file.starts_with("data:")
                && (file.starts_with(['/', '.', '~', '$'])
                    || CODE.iter().any(|e| file.ends_with(e))
                    || !literal);
            if names_file && !file.is_empty() {
                out.push((file, literal));
            }
        }
    }
    out
}

/// The script Oracle's consoles run by `@`: `sqlplus -s /@PRD @/tmp/fix.sql`
/// (also `@@`), SQLcl's `sql` and Db2's `clpplus` alike. (`user/pw@db` is a
/// connection, not a script: its `@` is not first.)
pub fn at_script<'a>(name: &str, args: &'a [Word]) -> Option<&'a str> {
    if !matches!(name, "sqlplus" | "sql" | "clpplus") {
        return None;
    }
    args.iter().find_map(|w| {
        let path = w.value.strip_prefix('@')?.trim_start_matches('@');
        // (`/@PRD`'s `@` comes after the slash: a wallet login.)
        (!path.is_empty()).then_some(path)
    })
}

/// The file a program runs as its own kind of code when an option names
/// it (`cmake -P s.cmake`, `gdb -x cmds`, `vim -S session.vim`, `awk -f
/// prog.awk`): askrisky reads none of these languages, so such a file
/// the same line wrote or fetched is code known only at run time.
pub fn script_option_file<'a>(name: &str, args: &'a [Word]) -> Option<&'a Word> {
    let options: &[&str] = match name {
        "cmake" => &["-P"],
        "gdb" => &["-x", "--command"],
        "lldb" => &["-s", "--source", "-S", "--source-before-file"],
        "vim" | "nvim" | "vi" | "gvim" | "view" => &["-S", "-u"],
        "emacs" => &["-l", "--load", "--script"],
        "awk" | "gawk" | "mawk" | "nawk" | "sed" | "gsed" => &["-f", "--file"],
        "psql" => &["-f", "--file"],
        // Other database servers' clients, handed a file of statements.
        "sqlcmd" => &["-i", "--input-file"],
        "snowsql" => &["-f", "--filename"],
        "usql" | "vsql" | "trino" => &["-f", "--file"],
        "hdbsql" => &["-I"],
        "sqlite3" => &["-init"],
        "mysql" | "mariadb" => &["--init-command"],
        "ninja" | "samu" => &["-f"],
        "pwsh" | "powershell" | "pwsh.exe" | "powershell.exe" => &["-File", "-file", "-f", "-F"],
        // The MongoDB shell runs each `.js` file it is handed after its
        // connection string (`mongosh URI drop.js`).
        "mongosh" | "mongo" => {
            return args
                .iter()
                .take_while(|w| w.value != "--")
                .find(|w| w.value.ends_with(".js") && !w.value.starts_with('-'));
        }
        "cqlsh" => &["-f", "--file"],
        "redis-cli" => &["--eval"],
        // Any other program's option named for a file of code or queries
        // (`clickhouse-client --queries-file q.sql`, `--script x`,
        // `--init-file`).
        _ => return generic_script_option(args),
    };
    let mut words = args.iter();
    while let Some(w) = words.next() {
        let v = w.value.as_str();
        if v == "--" {
            return None;
        }
        if options.contains(&v) {
            return words.next();
        }
    }
    None
}

/// [`script_option_file`] for a program no table knows: the value of an
/// option whose name says it is a file of code, queries or commands.
fn generic_script_option(args: &[Word]) -> Option<&Word> {
    let mut words = args.iter();
    while let Some(w) = words.next() {
        match w.value.as_str() {
            "--" => return None,
            "--script" | "--script-file" | "--queries-file" | "--query-file" | "--sql-file"
            | "--init-file" | "--exec-file" | "--commands-file" | "--command-file"
            | "--batch-file" => return words.next(),
            _ => {}
        }
    }
    None
}

/// The script file an interpreter runs (`python3 tool.py`, `node a.js`,
/// `perl -w x.pl`, `ruby r.rb`, `php x.php`, `lua x.lua`): its first
/// operand past the options, those that take a value skipped. `None` when
/// it runs code given inline (`-c`, `-e`), a module (`python3 -m`), its
/// stdin, or nothing; or when the program is no such interpreter.
pub fn script_operand<'a>(name: &str, args: &'a [Word]) -> Option<&'a Word> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    // Options that take the next word as their value, and those after
    // which no script file is run.
    let (values, stops): (&[&str], &[&str]) = match base {
        "python" | "pypy" | "ipython" | "hython" | "mayapy" | "pvpython" | "pvbatch" => (
            &["-W", "-X", "-Q", "--check-hash-based-pycs"],
            &["-c", "-m"],
        ),
        "node" | "nodejs" => (
            &[
                "-r",
                "--require",
                "--import",
                "--loader",
                "--experimental-loader",
                "-C",
                "--conditions",
                "--input-type",
                "--title",
                "--env-file",
            ],
            &[
                "-e",
                "--eval",
                "-p",
                "--print",
                "-i",
                "--interactive",
                "--test",
            ],
        ),
        "perl" => (&["-I", "-M", "-m"], &["-e", "-E"]),
        "ruby" => (&["-I", "-r", "-C", "-E", "--encoding"], &["-e"]),
        "php" => (&["-c", "-d", "-z", "-t"], &["-r", "-a", "-S"]),
        "lua" | "luajit" => (&["-l"], &["-e", "-i"]),
        _ => return None,
    };
    // Short options clustered (`-uc`, `-ne`): a stop anywhere in the
    // cluster of a language that reads clusters stops it.
    let clusters = matches!(base, "python" | "pypy" | "perl" | "ruby");
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        if v == "--" {
            return args.get(i + 1);
        }
        if v == "-" || stops.contains(&v) {
            return None;
        }
        if base == "php" && v == "-f" {
            return args.get(i + 1);
        }
        if values.contains(&v) {
            i += 2;
            continue;
        }
        if v.starts_with('-') && v.len() > 1 {
            let stopped = clusters
                && !v.starts_with("--")
                && stops.iter().any(|s| {
                    s.len() == 2 && {
                        // Letters before a value-taking one are options;
                        // after it they are its value (`-Ie` is a folder).
                        let letters: String = v[1..]
                            .chars()
                            .take_while(|c| !values.iter().any(|o| o.len() == 2 && o.ends_with(*c)))
                            .collect();
                        letters.contains(&s[1..])
                    }
                });
            if stopped
                || stops
                    .iter()
                    .any(|s| s.starts_with("--") && v.starts_with(&format!("{s}=")))
            {
                return None;
            }
            i += 1;
            continue;
        }
        return Some(w);
    }
    None
}

/// The module `python -m MODULE` runs (`-m MODULE`, `-mMODULE`, or a
/// cluster ending in `m`): from the folder it runs in first, so a module
/// there is a script of the project's.
pub fn python_module(args: &[Word]) -> Option<&str> {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        if v == "--" || v == "-" || !v.starts_with('-') {
            return None;
        }
        if matches!(v, "-W" | "-X" | "--check-hash-based-pycs") {
            i += 2;
            continue;
        }
        if let Some(cluster) = v.strip_prefix('-').filter(|c| !c.starts_with('-')) {
            if cluster.contains('c') {
                return None;
            }
            if let Some(at) = cluster.find('m') {
                let rest = &cluster[at + 1..];
                return if rest.is_empty() {
                    args.get(i + 1).and_then(Word::known)
                } else {
                    Some(rest)
                };
            }
        }
        i += 1;
    }
    None
}

/// awk's program text: its first word that is not an option or an
/// option's value (`-v k=v`, `-F :`); `None` when it reads its program
/// from a file (`-f`) or has none.
pub fn awk_program(args: &[Word]) -> Option<&Word> {
    let mut it = args.iter();
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
        return Some(w);
    }
    None
}

/// The shell commands a general-purpose language's code hands the shell
/// in a plain string: `system("…")` (Perl, Ruby, PHP, Python's
/// `os.system`), PHP's `exec`, `shell_exec`, `passthru`, `popen`, node's
/// `execSync`/`exec`, Python's `subprocess.getoutput`, also Perl's and
/// Ruby's call without parentheses (`system "…"`) and Ruby's `%q(…)`.
/// A string with a backslash, or one joined to more, is left to the rules
/// that judge the code: only what is plainly run is walked as shell.
/// Python's own `exec` runs Python, not the shell (`python`).
pub fn shell_call_strings(code: &str, python: bool) -> Vec<&str> {
    // Asked of every interpreter's inline code: each name holds one of
    // these, found by a vectorised search set up once.
    static PARTS: std::sync::LazyLock<[memchr::memmem::Finder<'static>; 5]> =
        std::sync::LazyLock::new(|| {
            ["exec", "system", "open", "put", "thru"].map(memchr::memmem::Finder::new)
        });
    let mut found = Vec::new();
    // `exec`, `system`, `popen`, `passthru`, `getoutput`: one of these.
    if !PARTS.iter().any(|f| f.find(code.as_bytes()).is_some()) {
        return found;
    }
    // One pass over the code's names (`[A-Za-z0-9_]` runs): most inline
    // code names none of these.
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !(bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        let name = &code[start..i];
        if python && name == "exec"
            || !matches!(
                name,
                "system"
                    | "exec"
                    | "shell_exec"
                    | "passthru"
                    | "popen"
                    | "execSync"
                    | "getoutput"
                    | "getstatusoutput"
            )
        {
            continue;
        }
        if let Some(text) = call_string(&code[i..]) {
            found.push(text);
        }
    }
    found
}

/// The plain string a call hands over, from just after its name: `("…")`,
/// `('…', …)`, Ruby's `(%q(…))`, or Perl's and Ruby's ` "…"` with no
/// parentheses.
fn call_string(after: &str) -> Option<&str> {
    let trimmed = after.trim_start();
    let (inner, parens) = match trimmed.strip_prefix('(') {
        Some(rest) => (rest.trim_start(), true),
        // Perl's and Ruby's `system "…"`: a blank, then the string.
        None if trimmed.len() < after.len() => (trimmed, false),
        None => return None,
    };
    let (text, rest) = if let Some(body) = inner
        .strip_prefix("%q(")
        .or_else(|| inner.strip_prefix("%Q("))
        .or_else(|| inner.strip_prefix("%("))
    {
        let end = body.find(['(', ')'])?;
        if !body[end..].starts_with(')') {
            return None;
        }
        (&body[..end], &body[end + 1..])
    } else {
        let quote = inner.chars().next().filter(|q| matches!(q, '"' | '\''))?;
        let body = &inner[1..];
        let end = body.find(quote)?;
        (&body[..end], &body[end + 1..])
    };
    let rest = rest.trim_start();
    let ends = if parens {
        rest.starts_with([')', ','])
    } else {
        rest.is_empty() || rest.starts_with([';', ')', '\n']) || rest.starts_with("or ")
    };
    (ends && !text.contains('\\') && !text.trim().is_empty()).then_some(text)
}

/// The commands an awk program hands the shell by `system("…")` or reads
/// from by `"…" | getline` with a plain string (no escape, no
/// concatenation), and the program with those taken out: what is left is
/// judged as awk, each string as shell code (`gawk 'BEGIN{system("date
/// -u")}'`, `gawk 'BEGIN { while (("git log -5" | getline l) > 0) print
/// l }'`).
pub fn awk_system_strings(code: &str) -> (Vec<&str>, String) {
    // Each found: where its text starts and ends in `code`, the command,
    // and what stands in its place.
    let mut found: Vec<(usize, usize, &str, &str)> = Vec::new();
    let named_at = |at: usize| {
        code[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'))
    };
    for (at, _) in code.match_indices("system") {
        // `mysystem(…)` is a function of the program's own.
        if !named_at(at) {
            continue;
        }
        // awk allows blanks before the parenthesis (`system ("…")`).
        let Some(after) = code[at + "system".len()..].trim_start().strip_prefix('(') else {
            continue;
        };
        let Some(body) = after.trim_start().strip_prefix('"') else {
            continue;
        };
        let Some(end) = body.find('"') else {
            continue;
        };
        let text = &body[..end];
        let close = body[end + 1..].trim_start();
        if text.contains('\\') || !close.starts_with(')') {
            continue;
        }
        found.push((at, code.len() - close.len() + 1, text, "0"));
    }
    for (at, _) in code.match_indices("getline") {
        if !named_at(at) {
            continue;
        }
        // Back from `getline`: a `|`, then a plain string.
        let Some(before) = code[..at].trim_end().strip_suffix('|') else {
            continue;
        };
        let Some(body) = before.trim_end().strip_suffix('"') else {
            continue;
        };
        let Some(open) = body.rfind('"') else {
            continue;
        };
        let text = &body[open + 1..];
        // An escaped quote is inside the string, not its start.
        if text.contains('\\') || body[..open].ends_with('\\') {
            continue;
        }
        found.push((open, at, text, ""));
    }
    found.sort_unstable_by_key(|f| f.0);
    let mut strings = Vec::new();
    let mut rest = String::with_capacity(code.len());
    let mut last = 0;
    for (from, to, text, stand_in) in found {
        if from < last {
            continue;
        }
        strings.push(text);
        rest.push_str(&code[last..from]);
        rest.push_str(stand_in);
        last = to;
    }
    rest.push_str(&code[last..]);
    (strings, rest)
}

/// Interpreters that run code given inline (`-c`, `-e`, `-r`) or on stdin.
pub fn inline_code_flags(name: &str) -> Option<&'static [&'static str]> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    Some(match base {
        "python" | "pypy" | "ipython" | "hython" | "mayapy" | "pvpython" | "pvbatch" => &["-c"],
        "node" | "nodejs" | "bun" | "tsx" | "ts-node" => &["-e", "--eval", "-p", "--print"],
        "deno" => &["eval"],
        "perl" => &["-e", "-E"],
        // latexmk's start-up code, Perl (`latexmk -e '$pdflatex=…' -pdf`).
        "latexmk" => &["-e"],
        "ruby" => &["-e"],
        // Rake's Ruby, run before its tasks (`rake -e 'sh "…"'`).
        "rake" => &[
            "-e",
            "--execute",
            "-p",
            "--execute-print",
            "-E",
            "--execute-continue",
        ],
        "php" => &["-r"],
        "lua" | "luajit" => &["-e"],
        "osascript" => &["-e"],
        "rscript" | "r" | "julia" | "elixir" | "iex" | "racket" => &["-e"],
        "emacs" => &["--eval"],
        "guile" => &["-c"],
        "expect" => &["-c"],
        // The MongoDB shell's JavaScript (`mongosh --eval 'db.x.find()'`).
        "mongosh" | "mongo" => &["--eval"],
        "pwsh" | "powershell" => &["-c", "-command", "-Command"],
        "cmd" | "cmd.exe" => &["/c", "/C", "/k", "/K", "/r", "/R"],
        "groovy" | "scala" | "kotlin" | "kotlinc" => &["-e"],
        // Scala CLI's snippets (`scala-cli run -e '…'`), Ammonite's code.
        "scala-cli" => &[
            "-e",
            "--execute-script",
            "--execute-scala",
            "--execute-java",
        ],
        "amm" => &["-c", "--code"],
        "clojure" | "clj" | "bb" => &["-e", "--eval"],
        "sbcl" | "ccl" | "ccl64" => &["--eval"],
        "ecl" | "erl" => &["-eval"],
        "clisp" => &["-x"],
        // Nim's `--eval:CODE` (the colon read by `inline_code`).
        "nim" => &["--eval"],
        "gdb" => &["-ex", "--eval-command", "-iex", "--init-eval-command"],
        "lldb" => &["-o", "--one-line", "-O", "--one-line-before-file", "-k"],
        "octave" | "octave-cli" => &["--eval"],
        "raku" | "rakudo" => &["-e"],
        "matlab" => &["-batch", "-r"],
        // Blender runs Python given on its command line.
        "blender" => &["--python-expr"],
        // Unreal's editor too (`UnrealEditor-Cmd Game.uproject
        // -ExecutePythonScript="import …"`), a script's path or code.
        "unrealeditor-cmd" | "unrealeditor" | "ue4editor-cmd" | "ue4editor" => {
            &["-ExecutePythonScript"]
        }
        // Their code comes from a script file or stdin only.
        // jbang runs Java from stdin too (`jbang -`).
        "tclsh" | "wish" | "jimsh" | "jshell" | "jbang" => &[],
        _ => return None,
    })
}

/// The commands plain Tcl code, as `expect -c` runs it, starts with
/// `spawn` or `exec` (the text after the word, read as a command line),
/// when that is all the code does: every statement one of the few that
/// only start, wait for or end a program. `send` (typed into what was
/// spawned) counts only when every program spawned is run by its path
/// (`spawn ./configure; send "\r"`: a prompt of the project's, whose
/// program is judged), never when a shell, an interpreter or a console
/// may read it as commands (`spawn ssh h; send "rm -rf x\r"`). `None`
/// for anything more — command substitution (`[…]`), variables, braces,
/// escapes other than `\r`, `\n`, `\t` and `\"`: such code is judged
/// as code.
pub fn tcl_commands(code: &str) -> Option<Vec<&str>> {
    const QUIET: &[&str] = &[
        "expect",
        "exp_continue",
        "interact",
        "wait",
        "close",
        "exit",
        "puts",
        "log_user",
        "sleep",
    ];
    let plain_escapes = code
        .match_indices('\\')
        .all(|(i, _)| matches!(code.as_bytes().get(i + 1), Some(b'r' | b'n' | b't' | b'"')));
    if code.contains(['[', '$', '{']) || !plain_escapes {
        return None;
    }
    let mut out = Vec::new();
    let mut sends = false;
    for statement in code.split([';', '\n']).map(str::trim) {
        if statement.is_empty() || statement.starts_with('#') {
            continue;
        }
        let (head, rest) = statement
            .split_once(char::is_whitespace)
            .map_or((statement, ""), |(h, r)| (h, r.trim()));
        match head {
            "spawn" | "exec" if !rest.is_empty() => out.push(rest),
            "send" => sends = true,
            h if QUIET.contains(&h) => {}
            _ => return None,
        }
    }
    let by_path = |c: &&str| c.split_whitespace().next().is_some_and(|p| p.contains('/'));
    if sends && (out.is_empty() || !out.iter().all(by_path)) {
        return None;
    }
    Some(out)
}

/// Whether an interpreter's next word makes it check or format the files
/// it is handed rather than run them (`php -l`, `ruby -c`, `node
/// --check`, `deno fmt`, `deno lint`).
pub fn only_checks(program: &str, next: Option<&Word>) -> bool {
    let Some(next) = next.filter(|w| w.literal) else {
        return false;
    };
    matches!(
        (program, next.value.as_str()),
        ("php", "-l" | "--syntax-check")
            | ("ruby", "-c")
            | ("node", "--check" | "-c")
            | ("deno", "fmt" | "lint" | "check")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A call's plain string, each way it may be handed over, and the
    /// forms that hand over something else.
    #[test]
    fn strings_handed_to_calls() {
        for (after, want) in [
            ("(\"ls /\")", Some("ls /")),
            (" \"ls /\" or die", Some("ls /")),
            (" \"ls /\";", Some("ls /")),
            ("(%q(ls /))", Some("ls /")),
            // No blank and no parenthesis: another name goes on.
            ("\"ls /\"", None),
            // A string joined to more is not the whole argument.
            ("(%q(ls) + x)", None),
            ("(\"ls\" + x)", None),
            ("(\"a\\\\b\")", None),
        ] {
            assert_eq!(call_string(after), want, "{after}");
        }
    }

    #[test]
    fn files_programs_run_by_an_option() {
        let file = |line: &str| {
            let script = crate::parse::parse(line);
            let c = &script.commands[0];
            let name = c.name().map(|n| n.into_owned()).unwrap_or_default();
            script_option_file(&name, c.args()).map(|w| w.value.clone())
        };
        for (line, want) in [
            ("cmake -P s.cmake", Some("s.cmake")),
            ("gdb -q -x cmds ./app", Some("cmds")),
            ("lldb -s cmds ./app", Some("cmds")),
            ("vim -S session.vim", Some("session.vim")),
            ("nvim -u init.vim x", Some("init.vim")),
            ("emacs --batch -l x.el", Some("x.el")),
            ("awk -f p.awk data.csv", Some("p.awk")),
            ("sed -f s.sed in.txt", Some("s.sed")),
            ("psql -f q.sql", Some("q.sql")),
            (
                "sqlcmd -S db1 -d StoreDB -i /tmp/fix.sql",
                Some("/tmp/fix.sql"),
            ),
            ("hdbsql -U KEY -I x.sql", Some("x.sql")),
            ("snowsql -c prod -f q.sql", Some("q.sql")),
            ("trino --server h --file q.sql", Some("q.sql")),
            ("usql pg://db1/app -f q.sql", Some("q.sql")),
            ("sqlcmd -S db1 -Q x", None),
            ("sqlite3 -init i.sql app.db", Some("i.sql")),
            ("mysql --init-command x", Some("x")),
            ("cmake --build build", None),
            ("gdb ./app", None),
            ("awk -- -f x", None),
            ("ls -f x", None),
        ] {
            assert_eq!(file(line).as_deref(), want, "{line}");
        }
    }

    fn words(line: &str) -> Vec<Word> {
        line.split_whitespace().map(Word::literal).collect()
    }

    /// Each `-exec`/`-toolexec` value is taken once: the word after a
    /// spaced option is its value, not read again as an option, and `--`
    /// ends the options.
    #[test]
    fn go_exec_values_take_each_value_once() {
        let values = |line: &str| -> Vec<String> {
            let args = words(line);
            go_exec_values("go", &args)
                .into_iter()
                .map(|w| w.value)
                .collect()
        };
        assert_eq!(values("test -exec -exec ./x"), ["-exec"]);
        assert_eq!(values("run -toolexec=./t -exec ./w ."), ["./t", "./w"]);
        assert_eq!(values("run -- -exec ./w"), Vec::<String>::new());
        assert_eq!(go_exec_values("gofmt", &words("-exec ./w")), Vec::new());
    }

    /// Each interpreter's preload options, one row per branch: spaced and
    /// attached values, several in a row, packages and `data:` URLs left
    /// out, options after the program not read, help and version loading
    /// nothing (except ruby's `-v`, which runs the program).
    #[test]
    fn preloads_by_interpreter() {
        let table: &[(&str, &str, &[&str])] = &[
            ("node", "-r ./hook.js app.js", &["./hook.js"]),
            ("node18", "--require=./h.cjs app.js", &["./h.cjs"]),
            (
                "node",
                "-r hook.mjs -r ./b.js app.js",
                &["hook.mjs", "./b.js"],
            ),
            ("node", "-r dotenv/config app.js", &[]),
            ("node", "--import=data:text/javascript,x app.js", &[]),
            ("node", "-r ./x.js --version", &[]),
            ("node", "-r ./x.js -v", &[]),
            ("node", "-r ./x.js -h", &[]),
            ("node", "app.js -r ./h.js", &[]),
            ("node", "-- -r ./h.js", &[]),
            ("bun", "--preload ./p.ts x.ts", &["./p.ts"]),
            ("ruby", "-r ./x.rb -v app.rb", &["./x.rb"]),
            ("ruby", "-r./y.rb app.rb", &["./y.rb"]),
            ("ruby", "-r x.rb -r ./z.rb app.rb", &["x.rb", "./z.rb"]),
            ("ruby", "-r json app.rb", &[]),
            (
                "php",
                "-d auto_prepend_file=/tmp/p.php x.php",
                &["/tmp/p.php"],
            ),
            ("php", "-dauto_append_file=./a.php x.php", &["./a.php"]),
            (
                "php",
                "-d memory_limit=1G -d auto_prepend_file=./p.php x.php",
                &["./p.php"],
            ),
            ("php", "-d memory_limit=1G x.php", &[]),
            ("python3", "-r ./x.py", &[]),
        ];
        for (name, line, want) in table {
            let got: Vec<String> = preloads(name, &words(line))
                .into_iter()
                .map(|(f, _)| f)
                .collect();
            assert_eq!(got, *want, "{name} {line}");
        }
        // A value known only at run time may name any file; an empty one
        // names none.
        let unknown = Word {
            literal: false,
            ..Word::literal("$HOOK")
        };
        let args = [Word::literal("-r"), unknown, Word::literal("app.js")];
        assert_eq!(preloads("node", &args), [("$HOOK".to_owned(), false)]);
        let args = [
            Word::literal("-r"),
            Word::literal(""),
            Word::literal("app.js"),
        ];
        assert_eq!(preloads("node", &args), Vec::new());
    }

    #[test]
    fn script_operands_by_interpreter() {
        let table: &[(&str, &str, Option<&str>)] = &[
            ("python3", "-- x.py", Some("x.py")),
            ("python3", "-W ignore x.py", Some("x.py")),
            ("python3", "-c 'x'", None),
            ("php", "-f x.php", Some("x.php")),
            ("php", "x.php", Some("x.php")),
            ("node", "-f --x app.js", Some("app.js")),
            ("node", "--inspect app.js", Some("app.js")),
            ("node", "--eval=x app.js", None),
            ("perl", "-Ie lib/x.pl", Some("lib/x.pl")),
            ("perl", "-ne 'print' f", None),
            ("ruby", "-", None),
            ("lua", "-l socket x.lua", Some("x.lua")),
            ("cargo", "run", None),
        ];
        for (name, line, want) in table {
            let args = words(line);
            assert_eq!(
                script_operand(name, &args).map(|w| w.value.as_str()),
                *want,
                "{name} {line}"
            );
        }
    }

    #[test]
    fn python_modules() {
        let table: &[(&str, Option<&str>)] = &[
            ("-m http.server", Some("http.server")),
            ("-W ignore -m http.server", Some("http.server")),
            ("-X dev -mvenv .venv", Some("venv")),
            ("-um pip", Some("pip")),
            ("-- -m x", None),
            ("- -m x", None),
            ("x.py -m y", None),
            ("-c 'x' -m y", None),
        ];
        for (line, want) in table {
            assert_eq!(python_module(&words(line)), *want, "{line}");
        }
    }

    #[test]
    fn awk_programs() {
        assert_eq!(
            awk_program(&words("-")).map(|w| w.value.as_str()),
            Some("-")
        );
        assert_eq!(
            awk_program(&words("-F : -v k=v {print} f")).map(|w| w.value.as_str()),
            Some("{print}")
        );
        assert_eq!(awk_program(&words("-f prog.awk f")), None);
    }

    #[test]
    fn inline_code_flags_by_name() {
        assert!(inline_code_flags("python3.12").is_some());
        assert!(inline_code_flags("python3").is_some());
        assert!(inline_code_flags("cargo").is_none());
        for name in ["pwsh", "powershell", "cmd", "cmd.exe", "lldb"] {
            assert!(inline_code_flags(name).is_some(), "{name}");
        }
    }

    #[test]
    fn plain_tcl_that_only_starts_programs() {
        assert_eq!(tcl_commands("spawn ls; expect eof"), Some(vec!["ls"]));
        assert_eq!(
            tcl_commands("exec rm -rf build\nputs done"),
            Some(vec!["rm -rf build"])
        );
        assert_eq!(tcl_commands("# c\nexpect eof"), Some(vec![]));
        assert_eq!(
            tcl_commands("spawn ./configure; expect \"prefix\"; send \"\\r\"; expect eof"),
            Some(vec!["./configure"])
        );
        for code in [
            "spawn ssh h; send \"rm -rf x\\r\"",
            "spawn ./x; spawn bash; send \"rm -rf x\\r\"",
            "send \"rm -rf x\\r\"",
            "spawn ./x; send \"\\x72\"",
            "spawn ls [exec id]",
            "spawn $prog",
            "if {1} {exec id}",
            "set x 1",
            "spawn",
        ] {
            assert_eq!(tcl_commands(code), None, "{code}");
        }
    }

    #[test]
    fn script_operands() {
        for (name, args, want) in [
            ("python3", "tool.py a", Some("tool.py")),
            ("python3", "-u -W ignore tool.py", Some("tool.py")),
            ("python3.12", "-X dev tool.py", Some("tool.py")),
            ("python3", "-c code", None),
            ("python3", "-uc code", None),
            ("python3", "-m mod", None),
            ("python3", "-", None),
            ("python3", "", None),
            ("node", "--require ./r.js a.js", Some("a.js")),
            ("node", "-e code", None),
            ("perl", "-w x.pl", Some("x.pl")),
            ("perl", "-Ilib x.pl", Some("x.pl")),
            ("perl", "-ne print x", None),
            ("ruby", "-I lib r.rb", Some("r.rb")),
            ("php", "-f x.php", Some("x.php")),
            ("lua", "x.lua", Some("x.lua")),
            ("ls", "x.py", None),
        ] {
            let w = words(args);
            assert_eq!(
                script_operand(name, &w).map(|w| w.value.as_str()),
                want,
                "{name} {args}"
            );
        }
        for (args, want) in [
            ("-m tool", Some("tool")),
            ("-u -m pkg.tool x", Some("pkg.tool")),
            ("-mtool", Some("tool")),
            ("-um tool", Some("tool")),
            ("-c x", None),
            ("tool.py", None),
        ] {
            assert_eq!(python_module(&words(args)), want, "{args}");
        }
    }

    #[test]
    fn shell_call_strings_are_the_plain_ones() {
        for (code, want) in [
            ("exec(\"rm -rf /home\");", &["rm -rf /home"][..]),
            ("import os; os.system('rm -rf ~')", &["rm -rf ~"]),
            ("system(%q(rm -rf /))", &["rm -rf /"]),
            ("system \"rm -rf /etc\"", &["rm -rf /etc"]),
            (
                "require('child_process').execSync('ls -la', {stdio: 'inherit'})",
                &["ls -la"],
            ),
            ("echo shell_exec( 'id' );", &["id"]),
            ("mysystem(\"rm -rf /\")", &[]),
            ("system_x(\"rm -rf /\")", &[]),
            ("system(\"rm -rf \" . $dir)", &[]),
            ("system(\"rm -rf \\\"/\\\"\")", &[]),
            ("exec(compile(src, 'f', 'exec'))", &[]),
            ("print('exec')", &[]),
            ("system()", &[]),
        ] {
            assert_eq!(shell_call_strings(code, false), want, "{code}");
        }
        for (code, want) in [
            ("exec('print(1)')", &[][..]),
            ("import os; os.system('rm -rf ~')", &["rm -rf ~"]),
        ] {
            assert_eq!(shell_call_strings(code, true), want, "{code}");
        }
    }

    #[test]
    fn awk_system_strings_are_the_plain_ones() {
        for (code, strings, rest) in [
            ("BEGIN{system(\"date -u\")}", &["date -u"][..], "BEGIN{0}"),
            (
                "{ system( \"a\" ); system(\"b\") }",
                &["a", "b"],
                "{ 0; 0 }",
            ),
            ("{system(\"rm \" $1)}", &[], "{system(\"rm \" $1)}"),
            ("{system(\"a\\\"b\")}", &[], "{system(\"a\\\"b\")}"),
            ("{system(x)}", &[], "{system(x)}"),
            ("{ system (\"a\") }", &["a"], "{ 0 }"),
            ("{mysystem = 1}", &[], "{mysystem = 1}"),
            ("{mysystem(\"a\")}", &[], "{mysystem(\"a\")}"),
            ("{system(\"a", &[], "{system(\"a"),
            ("{print}", &[], "{print}"),
            (
                "BEGIN { while ((\"git log -5\" | getline l) > 0) print l }",
                &["git log -5"],
                "BEGIN { while ((getline l) > 0) print l }",
            ),
            (
                "{\"date\"|getline d; system(\"x\")}",
                &["date", "x"],
                "{getline d; 0}",
            ),
            ("{cmd | getline l}", &[], "{cmd | getline l}"),
            ("{\"a\" $1 | getline l}", &[], "{\"a\" $1 | getline l}"),
            ("{\"a\\\"b\" | getline}", &[], "{\"a\\\"b\" | getline}"),
        ] {
            let (found, left) = awk_system_strings(code);
            assert_eq!((found.as_slice(), left.as_str()), (strings, rest), "{code}");
        }
    }
}
