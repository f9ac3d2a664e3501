//! Interpreters: the code a line hands one inline, and whether it looks
//! risky in its language.
//!
//! `python3 -c`, `node -e`, `perl -e` and their kin run code askrisky does
//! not parse as a shell line. What such code can do is told by what it
//! names: deleting files, starting programs, opening sockets, or building
//! code at run time to hide the rest. Each language's names are one row
//! of [`LANGUAGES`].

use super::cmd::Cmd;
use crate::parse::fragments::Fragments;
use crate::parse::programs;
use languages::LANGUAGES;

mod languages;

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

/// Whether an interpreter's code reads an environment variable named for
/// a secret, to print it or to do anything else with it the line cannot
/// show (`python3 -c "print(os.getenv('GITHUB_TOKEN'))"`).
pub(super) fn code_prints_secret_env(c: &Cmd<'_>) -> bool {
    if c.code_flags().is_none() {
        return false;
    }
    let Some(Some(code)) = inline_code(c) else {
        return false;
    };
    let lower = code.to_ascii_lowercase();
    [
        "getenv",
        "environ",
        "env[",
        "process.env",
        "env.fetch",
        "$env:",
    ]
    .iter()
    .any(|e| lower.contains(e))
        && super::secrets::names_secret_variable(code)
}

/// The inline program given to an interpreter: `Some(Some(text))` when
/// known, `Some(None)` when only known at run time, `None` when there is
/// none (the interpreter runs a file, or is not an interpreter).
pub(super) fn inline_code<'c>(c: &'c Cmd<'_>) -> Option<Option<&'c str>> {
    c.inline_once(|| read_inline_code(c))
}

/// [`inline_code`], worked out.
fn read_inline_code(c: &Cmd<'_>) -> Option<Option<String>> {
    // A script run by its path (`./t.py`), its `#!` line naming the
    // interpreter: its text, read as that interpreter's code.
    if c.command.interpreter.is_some()
        && let Some(text) = &c.command.script_text
    {
        return Some(Some(text.clone()));
    }
    if c.is(&["awk", "gawk", "mawk", "nawk"]) {
        // A plain `system("…")` string is walked as the shell's code (see
        // `parse`): the rest is judged as awk.
        let w = crate::parse::interpreters::awk_program(c.args())?;
        return Some(
            w.literal
                .then(|| crate::parse::interpreters::awk_system_strings(&w.value).1),
        );
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
    // cmd's `/c` (or `/k`, `/r`): every word after it is its command line.
    if c.is(&["cmd", "cmd.exe"]) {
        let args = c.args();
        let at = args.iter().position(|w| {
            ["/c", "/k", "/r"]
                .iter()
                .any(|f| w.value.eq_ignore_ascii_case(f))
        })?;
        let rest = args.get(at + 1..).unwrap_or_default();
        return Some(rest.iter().all(|w| w.literal).then(|| {
            rest.iter()
                .map(|w| w.value.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        }));
    }
    if c.is(VIMS) {
        return vim_code(c);
    }
    if let Some(code) = console_code(c) {
        return Some(code);
    }
    // Liquidsoap's script given as an expression, not a `.liq` file
    // (`liquidsoap 'output.dummy(blank())'`); `--check` only checks it.
    if c.name == "liquidsoap" {
        if c.flag(&["-c", "--check", "--check-lib"]) {
            return None;
        }
        let w = c.operands().first()?;
        return (!w.value.ends_with(".liq")).then(|| w.literal.then(|| w.value.clone()));
    }
    // Mix runs Elixir code given to its `run` task (`mix run -e
    // 'File.rm_rf!("x")'`); its other tasks take no code.
    if c.is(&["mix"]) {
        if c.operands().first().is_none_or(|w| w.value != "run") {
            return None;
        }
        let args = c.args();
        let code: Vec<&crate::parse::Word> = args
            .iter()
            .enumerate()
            .filter_map(|(i, w)| match w.value.split_once('=') {
                Some(("--eval", _)) => Some(w),
                _ => matches!(w.value.as_str(), "-e" | "--eval")
                    .then(|| args.get(i + 1))
                    .flatten(),
            })
            .collect();
        if code.is_empty() {
            return None;
        }
        return Some(code.iter().all(|w| w.literal).then(|| {
            code.iter()
                .map(|w| w.value.strip_prefix("--eval=").unwrap_or(&w.value))
                .collect::<Vec<_>>()
                .join("\n")
        }));
    }
    let flags = c.code_flags()?;
    let args = c.args();
    // Told only to check or format (`php -l`, `ruby -c`): nothing runs.
    if crate::parse::interpreters::only_checks(&c.name, args.first()) {
        return None;
    }
    // Every piece of code given (`perl -e A -e B`, `gdb -ex A -ex B`), one
    // a line; `None` once one is known only at run time.
    let mut code: Option<Vec<String>> = None;
    let mut known = true;
    let mut add = |piece: Option<&crate::parse::Word>, text: Option<&str>| match text
        .filter(|_| piece.is_some_and(|w| w.literal))
    {
        Some(t) => code.get_or_insert_with(Vec::new).push(t.to_owned()),
        None => {
            code.get_or_insert_with(Vec::new);
            known = false;
        }
    };
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        i += 1;
        if v == "--" {
            break;
        }
        if c.is(&["node", "nodejs", "bun"])
            && let Some(code) = data_url_module(v, args.get(i))
        {
            return Some(code);
        }
        // `-e` itself, or a cluster of short options ending in it (`-ne`).
        let takes_code = flags.contains(&v)
            || (v.starts_with('-')
                && flags.iter().any(|f| f.len() == 2 && v.ends_with(&f[1..]))
                && v[1..].chars().all(|ch| ch.is_ascii_alphabetic()));
        if takes_code {
            let next = args.get(i);
            add(next.or(Some(w)), next.map(|n| n.value.as_str()));
            i += 1;
            continue;
        }
        if let Some(text) = flags.iter().find_map(|f| v.strip_prefix(&format!("{f}=")))
            && f_is_long(flags, v)
        {
            add(Some(w), Some(text));
        }
        // Perl's module flag carrying more than a module's name
        // (`-M'strict;system q{…}'` is `use strict;system q{…};`): code.
        if c.is(&["perl"]) && (v.starts_with("-M") || v.starts_with("-m")) {
            let (piece, text) = match &v[2..] {
                "" => (args.get(i), args.get(i).map(|n| n.value.as_str())),
                attached => (Some(w), Some(attached)),
            };
            if text.is_some_and(|t| t.contains([';', ' ', '(', '{', '`', '\n'])) {
                add(piece, text);
            }
        }
        // Nim's options take their value after a colon (`--eval:'exec
        // "x"'`).
        if c.is(&["nim"])
            && let Some(text) = v.strip_prefix("--eval:")
        {
            add(Some(w), Some(text));
        }
    }
    // Files loaded by an option before the program (`node -r ./x.js`) are
    // judged with it, and alone when there is nothing else (`node -r
    // ./x.js --version`).
    let preload = c.command.preload_text.as_deref();
    let with_preload = |text: String| match preload {
        Some(p) => format!("{p}\n{text}"),
        None => text,
    };
    if let Some(pieces) = code {
        return Some(known.then(|| with_preload(pieces.join("\n"))));
    }
    // No inline flag: a script the line wrote before running it.
    if let Some(text) = &c.command.script_text {
        return Some(Some(with_preload(text.clone())));
    }
    if let Some(text) = preload {
        return Some(Some(text.to_owned()));
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
    // Options only, none naming a module (`jshell -q <<< …`, `python3 -u
    // <<EOF`): the program is stdin too.
    // A database shell's operands name the database, not a script
    // (`mongosh "mongodb://db1/players" <<< 'db.x.deleteMany({…})'`).
    let database_shell = c.is(&["mongosh", "mongo"]);
    let runs_stdin = args.iter().all(|w| {
        w.value.starts_with('-') && w.value != "-m" || database_shell && !w.value.ends_with(".js")
    }) || args.iter().any(|w| programs::is_stdin_path(&w.value));
    if runs_stdin && (c.command.stdin_text.is_some() || c.command.stdin_dynamic) {
        return Some(c.command.stdin_text.clone());
    }
    None
}

/// The interpreter whose language a command's code is in: the one a
/// script's `#!` line names (`./t.py`), else the program.
pub(super) fn language<'a>(c: &'a Cmd<'_>) -> &'a str {
    if c.is(&["rails", "rake"]) {
        return "ruby";
    }
    if c.is(&["wp", "drush"]) {
        return "php";
    }
    if c.is(&["guix"]) {
        return "guile";
    }
    if c.name == "exiftool" {
        return "perl";
    }
    if c.name.starts_with("nextpnr") {
        return "python3";
    }
    c.command.interpreter.as_deref().unwrap_or(&c.name)
}

/// Code an application's own console runs against its data: `rails
/// runner 'User.delete_all'` (`rails r`), Laravel's `php artisan tinker
/// --execute='User::truncate()'`, `wp eval`, `drush php:eval`. (Django's `manage.py shell -c` is
/// read as Python's `-c`.) A runner given a script file (`rails runner
/// script/fix.rb`) is not read here.
fn console_code(c: &Cmd<'_>) -> Option<Option<String>> {
    let ops = c.operands();
    let first = ops.first().map(|w| w.value.as_str());
    // An application's REPL fed its code on stdin (`guix repl <<EOF`,
    // `rails console <<< 'User.delete_all'`, `php artisan tinker < fix.php`):
    // the code is what stdin holds.
    let repl = c.is(&["guix"]) && first == Some("repl")
        || c.is(&["rails"]) && matches!(first, Some("console" | "c"))
        || c.is(&["php"])
            && first == Some("artisan")
            && ops.get(1).is_some_and(|w| w.value == "tinker")
            && !c.args().iter().any(|w| w.value.starts_with("--execute"));
    if repl {
        let fed = c.command.stdin_text.is_some() || c.command.stdin_dynamic;
        return fed.then(|| c.command.stdin_text.clone());
    }
    let code = if c.is(&["rails"])
        && ops
            .first()
            .is_some_and(|w| matches!(w.value.as_str(), "runner" | "r"))
    {
        ops.get(1).filter(|w| !w.value.ends_with(".rb"))?
    } else if c.is(&["php"])
        && ops.first().is_some_and(|w| w.value == "artisan")
        && ops.get(1).is_some_and(|w| w.value == "tinker")
    {
        let args = c.args();
        let at = args
            .iter()
            .position(|w| w.value == "--execute" || w.value.starts_with("--execute="))?;
        let w = args.get(at)?;
        if let Some(text) = w.value.strip_prefix("--execute=") {
            return Some(w.literal.then(|| text.to_owned()));
        }
        args.get(at + 1)?
    } else if c.is(&["wp", "drush"])
        && ops
            .first()
            .is_some_and(|w| matches!(w.value.as_str(), "eval" | "php:eval" | "php-eval" | "ev"))
    {
        // WordPress's and Drupal's PHP run inside the site (`wp eval
        // 'wp_delete_post(12, true);'`, `drush php:eval …`).
        ops.get(1)?
    } else if c.name == "exiftool" {
        return exiftool_perl(c.args());
    } else if c.name.starts_with("nextpnr") {
        return nextpnr_python(c.args());
    } else if c.is(&["sbt"]) {
        // sbt's `eval` command compiles and runs the Scala after it
        // (`sbt 'eval scala.sys.process.Process(…).!'`).
        let code = ops.iter().find(|w| w.value.starts_with("eval "))?;
        let text = code.value.strip_prefix("eval ").unwrap_or_default();
        return Some(code.literal.then(|| text.to_owned()));
    } else {
        return None;
    };
    Some(code.literal.then(|| code.value.clone()))
}

/// The Python scripts nextpnr runs around its steps (`nextpnr-ice40
/// --pre-place <(echo 'import shutil; …')`, `--run s.py`): a script given
/// by a process substitution is its text (known only at run time unless
/// a literal echo). `None` when none is given that way.
fn nextpnr_python(args: &[crate::parse::Word]) -> Option<Option<String>> {
    args.windows(2).find_map(|pair| {
        (matches!(
            pair[0].value.as_str(),
            "--pre-pack" | "--pre-place" | "--pre-route" | "--post-route" | "--run"
        ) && pair[1].process)
            .then(|| pair[1].output.clone())
    })
}

/// The Perl ExifTool evaluates: every condition (`-if 'not system("rm -rf
/// ~/x")'`, `-if2 …`, each of several) and every expression of its
/// advanced formatting (`-p '${FileName;system("…")}'`, in any argument:
/// a tag copied, a file name made). `None` when there is none; `Some(None)`
/// when one is known only at run time.
fn exiftool_perl(args: &[crate::parse::Word]) -> Option<Option<String>> {
    let mut code: Option<Vec<&str>> = None;
    let mut known = true;
    let mut words = args.iter();
    while let Some(w) = words.next() {
        let condition = w
            .value
            .strip_prefix("-if")
            .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()));
        let piece = if condition { words.next() } else { Some(w) };
        let Some(piece) = piece else { break };
        let mut found = Vec::new();
        if condition {
            found.push(piece.value.as_str());
        }
        // `${TAG;EXPR}`: the expression after the first `;`, to the word's
        // last `}` (the Perl may hold braces of its own).
        let mut rest = piece.value.as_str();
        while let Some(at) = rest.find("${") {
            let inner = &rest[at + 2..];
            let end = inner.rfind('}').unwrap_or(inner.len());
            if let Some((_, expr)) = inner[..end].split_once(';') {
                found.push(expr);
            }
            rest = &inner[end..];
        }
        if !found.is_empty() || condition {
            known &= piece.literal;
            code.get_or_insert_with(Vec::new).extend(found);
        }
    }
    code.map(|c| known.then(|| c.join("\n")))
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

/// vim and its kin: their commands (`-c CMD`, `--cmd CMD`, `+CMD`) are
/// Vim script, which runs programs (`:!`, `system()`, `:terminal`) and
/// other languages (`:lua`, `:py3`).
const VIMS: &[&str] = &["vim", "vi", "nvim", "gvim", "vimdiff", "ex", "view"];

/// The Vim script a vim is told to run, one command a line; `None` inside
/// when one is known only at run time.
fn vim_code(c: &Cmd<'_>) -> Option<Option<String>> {
    let args = c.args();
    let mut code = Vec::new();
    let mut it = args.iter();
    while let Some(w) = it.next() {
        let v = w.value.as_str();
        let command = if matches!(v, "-c" | "--cmd") {
            it.next()
        } else if v.len() > 1 && v.starts_with('+') {
            Some(w)
        } else {
            continue;
        };
        match command {
            Some(cmd) if cmd.literal => code.push(cmd.value.trim_start_matches('+').to_owned()),
            Some(_) => return Some(None),
            None => {}
        }
    }
    (!code.is_empty()).then(|| Some(code.join("\n")))
}

fn f_is_long(flags: &[&str], v: &str) -> bool {
    // (`-ExecutePythonScript=…`, gdb's `-ex=…`: long with one dash.)
    flags
        .iter()
        .any(|f| (f.starts_with("--") || f.len() > 2) && v.starts_with(f))
}

/// Whether inline code, in its language, deletes, spawns, opens sockets or
/// evaluates code it builds at run time (how obfuscation hides the rest).
pub(super) fn risky_code(interpreter: &str, code: &str) -> bool {
    let base = interpreter.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    if super::windows_code::powershell_what_if(base, code) {
        return false;
    }
    if matches!(
        base.trim_end_matches(".exe"),
        "pwsh" | "powershell" | "pwsh-preview"
    ) {
        return !super::windows_code::powershell_reads_only(code);
    }
    if base.trim_end_matches(".exe") == "cmd" {
        return !super::windows_code::cmd_reads_only(code);
    }
    // Anything a shell-like interpreter runs inline is treated as code.
    let Some(at) = LANGUAGES
        .iter()
        .position(|l| l.interpreters.contains(&base))
    else {
        return true;
    };
    let language = &LANGUAGES[at];
    if language.variable_calls
        && (php_variable_call(code) || php_fetches(code) || php_deletes(code))
    {
        return true;
    }
    // Tcl that only spawns programs: the walk judged each as a command.
    if base == "expect" && crate::parse::interpreters::tcl_commands(code).is_some() {
        return false;
    }
    if language.interpreters.contains(&"vim") {
        return code.lines().any(vim_line_risky);
    }

    if calls_a_destroying_method(code) || writes_a_plc_tag(code) {
        return true;
    }
    // One pass over the code says whether any risky name is in it at all
    // (most code holds none); only then is each looked for where a name
    // starts.
    let screen = RISKY_SCREENS[at].get_or_init(|| Fragments::new(language.risky.iter().copied()));
    screen.in_text(code) && language.risky.iter().any(|t| contains_word(code, t))
}

/// Whether PHP calls a function named for deleting or emptying what it
/// is given: a content system's records (`wp_delete_post(12, true)`,
/// `node_delete_multiple($ids)`, `delete_option('x')`).
fn php_deletes(code: &str) -> bool {
    let bytes = code.as_bytes();
    memchr::memchr_iter(b'(', bytes).any(|at| {
        let len = bytes[..at]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        code.get(at - len..at).is_some_and(|name| {
            name.split('_').any(|part| {
                ["delete", "truncate", "drop", "destroy", "purge"]
                    .iter()
                    .any(|v| part.eq_ignore_ascii_case(v))
            })
        })
    })
}

/// Whether code calls a method named for deleting what a client holds
/// (`MongoClient(u).drop_database("events")`, `s3.delete_bucket(…)`,
/// `db.dropDatabase()`): whatever library the client comes from, the
/// method's name says what it does there.
fn calls_a_destroying_method(code: &str) -> bool {
    let bytes = code.as_bytes();
    memchr::memchr_iter(b'(', bytes).any(|at| {
        let name_byte = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
        let len = bytes[..at]
            .iter()
            .rev()
            .take_while(|b| name_byte(b))
            .count();
        let start = at - len;
        // (A name that starts with no such verb, nor ends in a reset,
        // settled at its first letter: most are.)
        // Called on an object (`.`, PHP's `->`) or a class (`::`).
        let on_object = start.checked_sub(1).is_some_and(|b| bytes[b] == b'.')
            || start
                .checked_sub(2)
                .is_some_and(|b| matches!(&bytes[b..start], b"->" | b"::"));
        if !(8..=40).contains(&len) || !on_object {
            return false;
        }
        let name = &bytes[start..at];
        if ends_in_a_destroying_verb(name) {
            return true;
        }
        if !matches!(
            bytes[start].to_ascii_lowercase(),
            b'd' | b'r' | b'p' | b'w' | b'e'
        ) && !bytes[at - 5..at].eq_ignore_ascii_case(b"reset")
        {
            return false;
        }
        // The name lowercased without its underscores, on the stack.
        let mut joined = [0u8; 40];
        let mut n = 0;
        for b in bytes[start..at].iter().filter(|b| **b != b'_') {
            joined[n] = b.to_ascii_lowercase();
            n += 1;
        }
        let joined = std::str::from_utf8(&joined[..n]).unwrap_or_default();
        // (pandas's `drop_duplicates` keeps one of each row.)
        super::verb_forms::destroys_joined(joined) && !joined.ends_with("duplicates")
            // A plant's controller written or stopped through its client
            // library (pymodbus's `c.write_register(100, 0)`, snap7's
            // `c.plc_stop()`, `c.db_write(…)`, asyncua's
            // `node.write_value(…)`): a machine moves or stops.
            || matches!(
                joined,
                "writeregister"
                    | "writeregisters"
                    | "writecoil"
                    | "writecoils"
                    | "writesingleregister"
                    | "writemultipleregisters"
                    | "writesinglecoil"
                    | "writemultiplecoils"
                    | "plcstop"
                    | "plccoldstart"
                    | "plchotstart"
                    | "dbwrite"
                    | "writearea"
                    | "abwrite"
                    | "writevalue"
            )
    })
}

/// Whether code writes a tag of an Allen-Bradley controller through its
/// Python clients (pycomm3's `plc.write(('Sorter_Run', False))`,
/// pylogix's `comm.Write('Tag', 0)`): a machine on the floor starts,
/// stops or moves. Their reads (`plc.read(…)`) only look.
fn writes_a_plc_tag(code: &str) -> bool {
    ["pycomm3", "pylogix", "cpppo"]
        .iter()
        .any(|m| code.contains(m))
        && (code.contains(".write(") || code.contains(".Write("))
}

/// Whether a method's name puts a destroying verb after what it acts on
/// (pika's `ch.queue_purge('tasks')`, `ch.exchange_delete(…)`, a client's
/// `bucketDelete(…)`): the verb is its own word, after `_` or starting
/// with a capital, and what comes before it names a thing, not an event
/// (`on_delete`, `handle_drop`, `before_destroy` run on one).
fn ends_in_a_destroying_verb(name: &[u8]) -> bool {
    const VERBS: &[&[u8]] = &[
        b"purge",
        b"delete",
        b"drop",
        b"truncate",
        b"wipe",
        b"destroy",
        b"erase",
    ];
    const EVENTS: &[&[u8]] = &[
        b"on", b"handle", b"before", b"after", b"can", b"is", b"should", b"allow",
    ];
    VERBS.iter().any(|verb| {
        let Some(cut) = name.len().checked_sub(verb.len()).filter(|&c| c > 1) else {
            return false;
        };
        let (noun, tail) = name.split_at(cut);
        let own_word = noun.last() == Some(&b'_') || tail[0].is_ascii_uppercase();
        let noun = noun.strip_suffix(b"_").unwrap_or(noun);
        own_word
            && tail.eq_ignore_ascii_case(verb)
            && !EVENTS.iter().any(|e| {
                noun.len() >= e.len()
                    && noun[..e.len()].eq_ignore_ascii_case(e)
                    && noun
                        .get(e.len())
                        .is_none_or(|b| *b == b'_' || b.is_ascii_uppercase())
            })
    })
}

/// Each language's risky names as one screen, built when its code is
/// first read.
static RISKY_SCREENS: std::sync::LazyLock<Vec<std::sync::OnceLock<Fragments>>> =
    std::sync::LazyLock::new(|| {
        LANGUAGES
            .iter()
            .map(|_| std::sync::OnceLock::new())
            .collect()
    });

/// One line of Vim script: code for another language that vim runs
/// (`lua print(vim.version().minor)`, `py3 import os; …`) is judged in
/// that language, with what Neovim's Lua API runs or deletes; the rest
/// as Vim script.
fn vim_line_risky(line: &str) -> bool {
    /// Neovim's Lua calls that start programs, run Vim commands or change
    /// files.
    const NVIM_LUA: &[&str] = &[
        "vim.fn.system",
        "vim.fn.jobstart",
        "vim.fn.termopen",
        "vim.fn.delete",
        "vim.fn.rename",
        "vim.fn.writefile",
        "vim.fn.execute",
        "vim.fn[",
        "vim.call",
        "vim.system",
        "vim.cmd",
        "vim.loop",
        "vim.uv",
        "nvim_command",
        "nvim_exec",
        "nvim_call",
        "io.open",
        "require",
    ];
    let line = line.trim_start().trim_start_matches(':');
    let other = [
        ("lua", "lua"),
        ("py3", "python"),
        ("python3", "python"),
        ("py", "python"),
        ("python", "python"),
        ("perl", "perl"),
        ("ruby", "ruby"),
    ]
    .iter()
    .find_map(|(command, language)| {
        let code = line.strip_prefix(command)?.strip_prefix(' ')?;
        Some((*language, code))
    });
    match other {
        Some((language, code)) => {
            risky_code(language, code)
                || language == "lua" && NVIM_LUA.iter().any(|t| code.contains(t))
        }
        None => {
            // `!` runs a shell command where a command starts (`:!rm x`,
            // `:%!sort`, `:r !cmd`, `:w !cmd`); after a command's name it
            // only forces it (`qa!`, `w!`).
            let command = line.trim_start_matches(|c: char| {
                c.is_ascii_digit()
                    || matches!(
                        c,
                        '.' | ',' | '%' | '$' | '\'' | '<' | '>' | '+' | '-' | ' '
                    )
            });
            // (`:w! file` forces the write: only `:w !cmd`, with a blank
            // before the `!`, pipes to a command; `:r!cmd` reads one.)
            let bang = command.starts_with('!')
                || ["r", "read", "w", "write"].iter().any(|c| {
                    command.strip_prefix(c).is_some_and(|rest| {
                        rest.trim_start().starts_with('!')
                            && (c.starts_with('r') || rest.starts_with(char::is_whitespace))
                    })
                });
            // An option's value read (`echo &runtimepath`, `&shell`,
            // `&l:makeprg`) names no command.
            let line = without_option_reads(line);
            bang || LANGUAGES
                .iter()
                .find(|l| l.interpreters.contains(&"vim"))
                .is_some_and(|vim| {
                    vim.risky
                        .iter()
                        .filter(|t| **t != "!")
                        .any(|t| contains_word(&line, t))
                })
        }
    }
}

/// A line of Vim script without its option reads (`&name`, `&l:name`,
/// `&g:name`), which name options, not commands.
fn without_option_reads(line: &str) -> std::borrow::Cow<'_, str> {
    if !line.contains('&') {
        return std::borrow::Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let name = after
            .strip_prefix("l:")
            .or_else(|| after.strip_prefix("g:"))
            .unwrap_or(after);
        let len = name
            .find(|c: char| !c.is_ascii_lowercase())
            .unwrap_or(name.len());
        if len == 0 {
            out.push('&');
            rest = after;
        } else {
            out.push(' ');
            rest = &name[len..];
        }
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
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
    // A member named like a statement is no statement: PHP's
    // `json_decode(…)->require` reads a field, it loads no file.
    // Nor is a key named so (`…, true)["require"]` reads composer.json's
    // `require`): the word alone in quotes.
    let member = |i: usize| {
        matches!(token, "require" | "include")
            && (code[..i].ends_with("->")
                || code[..i].ends_with("::")
                || [b'"', b'\''].iter().any(|q| {
                    i.checked_sub(1).and_then(|b| code.as_bytes().get(b)) == Some(q)
                        && code.as_bytes().get(i + token.len()) == Some(q)
                }))
    };
    code.match_indices(token).any(|(i, _)| {
        (!starts_name || !code[..i].chars().next_back().is_some_and(name_char)) && !member(i)
    })
}

/// True when PHP's `file_get_contents` is given anything but a quoted
/// name with no scheme (`file_get_contents("composer.json")` reads a file;
/// a URL, a variable or an expression may fetch from the network).
fn php_fetches(code: &str) -> bool {
    const CALL: &str = "file_get_contents";
    let lower = code.to_ascii_lowercase();
    lower.match_indices(CALL).any(|(i, _)| {
        let rest = lower[i + CALL.len()..].trim_start();
        let Some(arg) = rest.strip_prefix('(').map(str::trim_start) else {
            return true;
        };
        let Some(quote) = arg.chars().next().filter(|c| matches!(c, '"' | '\'')) else {
            return true;
        };
        let body = &arg[1..];
        match body.find(quote) {
            Some(end) => {
                body[..end].contains("://") || !body[end + 1..].trim_start().starts_with([')', ','])
            }
            None => true,
        }
    })
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

/// The quoted strings in a piece of code, the file names code opens.
pub(super) use crate::parse::quoted_strings;

/// The files a piece of code names: its quoted strings, and where the
/// code builds a path from the home folder (`Bun.env.HOME + '/.bashrc'`,
/// `os.homedir()`, `Path.home() / ".ssh"`), each string also as a name
/// below home — so code that writes a startup file or reads a key is
/// seen whichever way it spells the folder.
pub(super) fn code_paths(code: &str) -> impl Iterator<Item = std::borrow::Cow<'_, str>> {
    const HOME: &[&str] = &["HOME", "homedir", "home()", "Dir.home", "home_dir"];
    let from_home = HOME.iter().any(|h| code.contains(h));
    quoted_strings(code).flat_map(move |s| {
        let below = (from_home && !s.starts_with('~'))
            .then(|| std::borrow::Cow::Owned(format!("~/{}", s.trim_start_matches('/'))));
        std::iter::once(std::borrow::Cow::Borrowed(s)).chain(below)
    })
}

/// Whether the unquoted words of a command's inline code may name files
/// on disk (PowerShell's `Get-Content notes`, Tcl's `[open notes]`, Vim's
/// `:e notes`, gdb's `source notes`): for every interpreter but those
/// whose languages write file names as strings.
pub(super) fn bare_words_name_files(c: &Cmd<'_>) -> bool {
    let base = language(c).trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == '.');
    !LANGUAGES
        .iter()
        .any(|l| l.names_quoted && l.interpreters.contains(&base))
}

/// The unquoted words of a piece of code: the files PowerShell and cmd
/// read by name as they stand (`Get-Content .env`, `type .env`), and
/// Tcl's inside brackets (`[open ~/.netrc]`).
pub(super) fn code_words(code: &str) -> impl Iterator<Item = &str> {
    code.split(|c: char| c.is_whitespace() || matches!(c, ';' | '|' | '&' | ',' | '[' | ']'))
        .filter(|w| !w.is_empty() && !w.contains(['\'', '"', '`']))
}

/// The paths inline code hands to a recursive delete as its first
/// argument, written as a plain string (`shutil.rmtree("/var")`,
/// `rmtree("/var")`, `FileUtils.rm_rf("/usr")`, `fs.rmSync("..",
/// {recursive: true})`), or as the home folder itself
/// (`shutil.rmtree(Path.home())`, `remove_tree($ENV{HOME})`): what the
/// blocked tier asks of `rm -rf`'s operands. Anything built at run time is
/// no such path; the code still asks as code that deletes.
pub(super) fn deletes_tree(c: &Cmd<'_>) -> Vec<String> {
    let Some(Some(code)) = inline_code(c) else {
        return Vec::new();
    };
    match c.name.as_str() {
        "cmd" | "cmd.exe" => super::tree_deletes::windows_tree_deletes(code, false),
        "pwsh" | "pwsh.exe" | "powershell" | "powershell.exe" => {
            super::tree_deletes::windows_tree_deletes(code, true)
        }
        _ => super::tree_deletes::tree_deletes(code),
    }
}

/// Node's `--import data:text/javascript,CODE` (and `--require`, `-r`,
/// `--loader`): a module given as a `data:` URL is inline code. Its text,
/// or `None` inside when it is known only at run time or base64-encoded.
fn data_url_module(v: &str, next: Option<&crate::parse::Word>) -> Option<Option<String>> {
    const LOADS: &[&str] = &[
        "--import",
        "--require",
        "-r",
        "--loader",
        "--experimental-loader",
    ];
    let (value, literal) = match v.split_once('=') {
        Some((flag, value)) if LOADS.contains(&flag) => (value.to_owned(), true),
        None if LOADS.contains(&v) => {
            let w = next?;
            (w.value.clone(), w.literal)
        }
        _ => return None,
    };
    if !literal {
        return Some(None);
    }
    let url = value.strip_prefix("data:")?;
    let (kind, code) = url.split_once(',')?;
    Some((!kind.ends_with(";base64")).then(|| code.to_owned()))
}

/// Whether an interpreter reads its program from stdin: no inline code
/// (`-c`, `-e`), no module (`python3 -m json.tool`), and no script file
/// but the stdin itself (`python3`, `python3 -u`, `perl --`, `node -`).
pub(super) fn program_from_stdin(c: &Cmd<'_>) -> bool {
    let Some(code) = c.code_flags() else {
        return false;
    };
    let module = c.name.starts_with("python") && c.flag(&["-m"]);
    !c.flag(code)
        && !module
        && !crate::parse::interpreters::only_checks(&c.name, c.args().first())
        && c.operands()
            .first()
            .is_none_or(|w| crate::parse::programs::is_stdin_path(&w.value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::danger::fixture::on;

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
    }

    #[test]
    fn methods_named_for_destroying() {
        for code in [
            "ch.queue_purge('replenishment.tasks')",
            "ch.exchange_delete('orders')",
            "c.bucketDelete(b)",
            "s.index_drop('x')",
            "db.drop_database('events')",
            "x.issue_delete(1)",
            "x.canvas_purge(y)",
        ] {
            assert!(calls_a_destroying_method(code), "{code}");
        }
        for code in [
            "ch.queue_declare('tasks')",
            "m.on_delete(f)",
            "w.handle_drop(e)",
            "m.before_destroy(f)",
            "x.isDelete(y)",
            "c.undelete(k)",
            "queue_purge('q')",
            "x.purge()",
            "df.drop_duplicates()",
            "m.onItem_delete(f)",
            "m.on_item_delete(f)",
            "w._destroy()",
            "o.xDestroy()",
        ] {
            assert!(!calls_a_destroying_method(code), "{code}");
        }
        // nextpnr's scripts are read only when a process substitution
        // gives one; a script file on disk is not read here.
        let words = |line: &str| -> Vec<crate::parse::Word> {
            line.split(' ').map(crate::parse::Word::literal).collect()
        };
        assert_eq!(
            nextpnr_python(&words("--pre-place s.py --json top.json")),
            None
        );
        assert_eq!(nextpnr_python(&words("--json top.json")), None);
    }

    /// The first row naming an interpreter is the one its code is read
    /// by: a second row naming it again would never be read.
    #[test]
    fn each_interpreter_has_one_language() {
        let mut seen = std::collections::HashSet::new();
        for name in LANGUAGES.iter().flat_map(|l| l.interpreters) {
            assert!(seen.insert(name), "{name} is in two rows of LANGUAGES");
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
            let got = on(line, |c| inline_code(c).map(|code| code.map(str::to_owned)));
            assert_eq!(got, code.map(|c| c.map(str::to_owned)), "{line}");
        }
    }
}
