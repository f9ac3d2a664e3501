//! Editors' and tools' scripts read as text: the shell commands a sed
//! script, a vim Ex command or DuckDB's shell file system runs.

/// The commands DuckDB's `shellfs` extension runs for SQL that loads it:
/// a file name ending in `|` is a command whose output is read (`SELECT *
/// FROM read_csv('curl … | sh |')`), one starting with `|` a command
/// written to (`COPY t TO '| sh'`). Nothing without the extension.
pub(super) fn shellfs_commands(sql: &str) -> Vec<&str> {
    if !sql.to_ascii_lowercase().contains("shellfs") {
        return Vec::new();
    }
    sql.split('\'')
        .skip(1)
        .step_by(2)
        .filter_map(|s| {
            let t = s.trim();
            t.strip_suffix('|').or_else(|| t.strip_prefix('|'))
        })
        .collect()
}

/// The shell command an Ex command runs, if it runs one.
pub(super) fn vim_shell(ex: &str) -> Option<&str> {
    let mut t = ex.trim_start_matches([':', ' ', '\t']);
    // A range before the command (`%`, `1,$`, `.`).
    t = t.trim_start_matches(|c: char| c.is_ascii_digit() || ",.$%'<>".contains(c));
    for prefix in ["silent!", "silent", "exe", "r", "read", "w", "write", "sil"] {
        if let Some(rest) = t.strip_prefix(prefix) {
            let rest = rest.trim_start();
            if rest.starts_with('!') {
                t = rest;
                break;
            }
        }
    }
    t.strip_prefix('!')
}

/// The command lines a Velociraptor query's `execve()` calls run, each
/// as its words (`execve(argv=['systemctl', 'stop', 'sshd'])`), or `None`
/// for one whose list is not plain quoted strings (a variable, an
/// escape): the caller asks about it.
pub(super) fn vql_execve_argvs(vql: &str) -> Vec<Option<Vec<String>>> {
    vql.match_indices("execve")
        .map(|(at, _)| execve_argv(&vql[at + "execve".len()..]))
        .collect()
}

/// The `argv=[…]` list after one `execve`, if it is plain strings.
fn execve_argv(rest: &str) -> Option<Vec<String>> {
    let rest = rest.trim_start().strip_prefix('(')?;
    let list = &rest[rest.find("argv")? + "argv".len()..];
    let mut list = list
        .trim_start()
        .strip_prefix('=')?
        .trim_start()
        .strip_prefix('[')?;
    let mut words = Vec::new();
    loop {
        list = list.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        if list.starts_with(']') {
            return (!words.is_empty()).then_some(words);
        }
        let quote = list.chars().next().filter(|c| matches!(c, '\'' | '"'))?;
        let body = &list[1..];
        let end = body.find(quote)?;
        let word = &body[..end];
        if word.contains('\\') {
            return None;
        }
        words.push(word.to_owned());
        list = &body[end + 1..];
    }
}

/// Whether vim, run in silent Ex mode, is given only commands that print
/// or change its buffer and then quits without saving (`vim -es -c
/// 'g/hooksPath/p' -c 'qa!' .git/config`): it writes no file. Every
/// option must be one known not to load a script or a file of keys, and
/// every command one known to run nothing and write nothing: anything
/// else is read as the editor writing what it opened.
pub fn vim_only_reads<'a>(name: &str, args: impl IntoIterator<Item = &'a str>) -> bool {
    if !matches!(name, "vim" | "vi" | "nvim") {
        return false;
    }
    let mut commands = Vec::new();
    let (mut ex, mut silent) = (false, false);
    let mut it = args.into_iter();
    while let Some(v) = it.next() {
        match v {
            "-es" | "-Es" => (ex, silent) = (true, true),
            "-e" | "-E" => ex = true,
            "-s" => silent = true,
            "-n" | "-N" | "-R" | "-X" | "--clean" | "--noplugin" | "--headless" => {}
            // No settings file but none at all.
            "-u" | "-U" | "-i" => {
                if it.next() != Some("NONE") {
                    return false;
                }
            }
            "-c" | "--cmd" => match it.next() {
                Some(c) => commands.push(c),
                None => return false,
            },
            "--" => break,
            _ => {
                if let Some(c) = v.strip_prefix('+') {
                    commands.push(c);
                } else if v.starts_with('-') {
                    return false;
                }
            }
        }
    }
    ex && silent
        && commands.last().is_some_and(|c| quits_unsaved(c))
        && commands
            .iter()
            .all(|c| c.split('|').all(|part| ex_only_edits(part, 0)))
}

/// An Ex command that quits without writing (`qa!`, `q!`, `cq`).
fn quits_unsaved(command: &str) -> bool {
    matches!(
        command.trim().trim_start_matches(':'),
        "q!" | "qa!" | "qall!" | "quit!" | "quitall!" | "cq" | "cq!" | "cquit" | "cquit!"
    )
}

/// One Ex command (no `|`) that only prints, changes the buffer or quits
/// unsaved: no write, no shell, no expression, no keys, no script.
fn ex_only_edits(command: &str, depth: u8) -> bool {
    let t = command.trim_start_matches([':', ' ', '\t']);
    // A range before the command (`%`, `1,$`, `.`, `'a`).
    let t = t.trim_start_matches(|c: char| c.is_ascii_digit() || ",.$%'<>;+-".contains(c));
    let word_len = t
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(t.len());
    let (word, rest) = t.split_at(word_len);
    match word {
        "" => rest.trim().is_empty() || matches!(rest.trim(), "#" | "="),
        "p" | "print" | "P" | "nu" | "number" | "l" | "list" | "d" | "delete" | "j" | "join"
        | "m" | "move" | "t" | "co" | "copy" => !rest.contains(['!', '\\']),
        // `s/a/\=system(…)/` evaluates an expression.
        "s" | "substitute" => !rest.contains("\\="),
        // `g/re/cmd`: the command run on each line must be one of these.
        "g" | "global" | "v" | "vglobal" if depth == 0 => {
            let rest = rest.strip_prefix('!').unwrap_or(rest);
            let mut chars = rest.chars();
            let Some(delim) = chars.next().filter(|c| !c.is_ascii_alphanumeric()) else {
                return false;
            };
            let body = chars.as_str();
            let mut escaped = false;
            let end = body.char_indices().find(|&(_, c)| {
                let hit = c == delim && !escaped;
                escaped = c == '\\' && !escaped;
                hit
            });
            end.is_some_and(|(i, _)| ex_only_edits(&body[i + delim.len_utf8()..], 1))
        }
        _ => quits_unsaved(t),
    }
}

/// The commands a sed script runs with `e COMMAND`, and whether a
/// substitution's `e` flag (or a bare `e`) runs the pattern space.
pub(super) fn scan_sed(script: &str) -> (Vec<String>, bool) {
    let mut commands = Vec::new();
    let mut runs_output = false;
    let chars: Vec<char> = script.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        // At the start of a command: skip addresses and blanks.
        while let Some(&c) = chars.get(i) {
            match c {
                ' ' | '\t' | '\n' | ';' | '{' | '}' | '!' | ',' | '$' | '~' | '+' => {
                    i += 1;
                    continue;
                }
                '0'..='9' => {
                    i += 1;
                    continue;
                }
                '/' | '\\' => {
                    // An address regex: `/re/` or `\cREc`.
                    let delim = if c == '\\' {
                        i += 1;
                        chars.get(i).copied().unwrap_or('/')
                    } else {
                        '/'
                    };
                    i += 1;
                    while i < chars.len() && chars[i] != delim {
                        if chars[i] == '\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                    i += 1;
                    // Flags of the address (`I`, `M`).
                    while matches!(chars.get(i), Some('I' | 'M')) {
                        i += 1;
                    }
                    continue;
                }
                _ => break,
            }
        }
        let Some(&c) = chars.get(i) else {
            break;
        };
        match c {
            'e' => {
                let rest: String = chars[i + 1..].iter().take_while(|c| **c != '\n').collect();
                if rest.trim().is_empty() {
                    runs_output = true;
                } else {
                    commands.push(rest.trim_start().to_owned());
                }
                i += 1 + rest.chars().count();
            }
            's' | 'y' => {
                let Some(&delim) = chars.get(i + 1) else {
                    break;
                };
                i += 2;
                let mut seen = 0;
                while i < chars.len() && seen < 2 {
                    if chars[i] == '\\' {
                        i += 2;
                        continue;
                    }
                    if chars[i] == delim {
                        seen += 1;
                    }
                    i += 1;
                }
                // Flags, up to the end of the command.
                while let Some(&f) = chars.get(i) {
                    if f == 'e' && c == 's' {
                        runs_output = true;
                    }
                    if matches!(f, ';' | '\n' | '}') {
                        break;
                    }
                    if f == 'w' {
                        // `w FILE` takes the rest of the line.
                        while i < chars.len() && chars[i] != '\n' {
                            i += 1;
                        }
                        break;
                    }
                    i += 1;
                }
            }
            'a' | 'i' | 'c' | 'r' | 'R' | 'w' | 'W' | 'b' | 't' | 'T' | ':' | 'q' | 'Q' | 'l'
            | 'L' | 'v' | 'F' | 'z' => {
                // Text or a file name to the end of the line (or, for
                // labels and branches, to `;`).
                while i < chars.len() && chars[i] != '\n' {
                    if matches!(c, 'b' | 't' | 'T' | 'q' | 'Q' | 'l' | 'L' | 'v' | 'z')
                        && chars[i] == ';'
                    {
                        break;
                    }
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    (commands, runs_output)
}

/// The shell commands a database client's escapes run, each known from
/// its literal words (given here): sqlite's and DuckDB's `.shell`/`.system` lines,
/// MySQL's `system`/`\!` and psql's `\!` statements, also after a `;`,
/// IPython's `!` lines (`sqlite3 :memory: '.shell sudo wipefs -af
/// /dev/sda'`, `ipython -c '!curl … | sh'`). These are not
/// guesses: the client hands the rest of the line to a shell.
pub(super) fn client_escapes<'a>(name: &str, words: &[&'a str]) -> Vec<&'a str> {
    let (prefixes, statements): (&[&str], bool) = match name {
        "sqlite3" | "sqlite" | "duckdb" => (&[".shell ", ".system "], false),
        "mysql" | "mariadb" => (&["system ", "\\! "], true),
        "psql" => (&["\\! "], true),
        // SQL*Plus's `HOST` (and `!` on Unix) hands the rest to a shell.
        "sqlplus" => (&["HOST ", "host ", "HO ", "ho ", "!"], false),
        // IPython's shell escapes (`ipython -c '!curl … | bash'`).
        "ipython" | "ipython3" => (&["!!", "!"], false),
        _ => return Vec::new(),
    };
    let mut out = Vec::new();
    for line in words.iter().flat_map(|w| w.lines()) {
        // Where a statement may start: the line's start, and after each
        // `;` for a client whose escapes are statements.
        let starts = std::iter::once(0).chain(
            line.match_indices(';')
                .map(|(i, _)| i + 1)
                .filter(|_| statements),
        );
        for at in starts {
            let piece = line[at..].trim_start();
            if let Some(rest) = prefixes.iter().find_map(|p| piece.strip_prefix(p)) {
                out.push(rest);
            }
        }
    }
    out
}

/// The shell commands an ed script runs: a line `!CMD`, and `w !CMD`,
/// `r !CMD` or `e !CMD` after any address (`1,$w !sh`). (`red`, the
/// restricted ed, runs none.)
pub(super) fn ed_escapes(script: &str) -> Vec<&str> {
    script
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            if let Some(rest) = line.strip_prefix('!') {
                return Some(rest);
            }
            let body = line.trim_start_matches(|c: char| {
                c.is_ascii_digit() || matches!(c, ',' | '.' | '$' | ';' | '+' | '-' | ' ')
            });
            let mut chars = body.chars();
            matches!(chars.next(), Some('w' | 'W' | 'r' | 'e' | 'E'))
                .then(|| chars.as_str().trim_start().strip_prefix('!'))
                .flatten()
        })
        .collect()
}

/// The commands SQL hands the database server's shell: PostgreSQL's
/// `COPY … TO PROGRAM 'cmd'` and `COPY … FROM PROGRAM 'cmd'` (run on the
/// server's host, as its service user).
pub(super) fn sql_program_commands(sql: &str) -> Vec<&str> {
    let lower = sql.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = lower.get(from..).and_then(|t| t.find("program")) {
        let end = from + at + "program".len();
        from = end;
        let before = lower.get(..end - "program".len()).unwrap_or("");
        if !before.ends_with(char::is_whitespace) {
            continue;
        }
        let rest = sql.get(end..).unwrap_or("");
        let Some(quoted) = rest.trim_start().strip_prefix('\'') else {
            continue;
        };
        if let Some((command, _)) = quoted.split_once('\'') {
            out.push(command);
        }
    }
    out
}

/// What a CMake script (`cmake -P /dev/stdin <<'EOF' …`) runs and
/// changes, as shell lines: each `execute_process(COMMAND …)` and
/// `exec_program(…)` its command, and `file(REMOVE…)`, `file(WRITE…)`,
/// `file(APPEND…)` the `rm` or the write they stand for. `None` when a
/// command is built from a variable (`${X}`), known only when it runs.
pub(super) fn cmake_commands(script: &str) -> Option<Vec<String>> {
    /// `execute_process`'s own keywords, which end a command's words.
    const KEYWORDS: &[&str] = &[
        "WORKING_DIRECTORY",
        "TIMEOUT",
        "RESULT_VARIABLE",
        "RESULTS_VARIABLE",
        "OUTPUT_VARIABLE",
        "ERROR_VARIABLE",
        "INPUT_FILE",
        "OUTPUT_FILE",
        "ERROR_FILE",
        "OUTPUT_QUIET",
        "ERROR_QUIET",
        "COMMAND_ECHO",
        "OUTPUT_STRIP_TRAILING_WHITESPACE",
        "ERROR_STRIP_TRAILING_WHITESPACE",
        "ENCODING",
        "ECHO_OUTPUT_VARIABLE",
        "ECHO_ERROR_VARIABLE",
        "COMMAND_ERROR_IS_FATAL",
        "ARGS",
    ];
    let quote = |words: &[String]| {
        words
            .iter()
            .map(|w| format!("'{}'", w.replace('\'', r"'\''")))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = Vec::new();
    for (name, args) in cmake_calls(script) {
        // Code run by a name known only when it runs: a file included, a
        // string evaluated (`cmake_language(EVAL CODE …)`).
        if matches!(name.as_str(), "include" | "cmake_language") {
            return None;
        }
        // What a call that acts is given through a variable is known only
        // when it runs; a message or a setting (`message(STATUS
        // "${CMAKE_VERSION}")`) acts on nothing.
        if matches!(name.as_str(), "execute_process" | "exec_program" | "file")
            && args.iter().any(|a| a.contains("${") || a.contains("$ENV{"))
        {
            return None;
        }
        match name.as_str() {
            "execute_process" | "exec_program" => {
                let mut command: Vec<String> = Vec::new();
                let mut inside = name == "exec_program";
                for a in args.iter().chain(std::iter::once(&"COMMAND".to_owned())) {
                    // exec_program's `ARGS` come before the program's words.
                    if a == "ARGS" && name == "exec_program" {
                        continue;
                    }
                    if a == "COMMAND" || KEYWORDS.contains(&a.as_str()) {
                        if !command.is_empty() {
                            out.push(quote(&command));
                            command.clear();
                        }
                        inside = a == "COMMAND";
                        continue;
                    }
                    if inside {
                        command.push(a.clone());
                    }
                }
            }
            "file" => match args.split_first() {
                Some((op, rest)) if op == "REMOVE" => out.push(format!("rm -f {}", quote(rest))),
                Some((op, rest)) if op == "REMOVE_RECURSE" => {
                    out.push(format!("rm -rf {}", quote(rest)));
                }
                Some((op, rest)) if op == "WRITE" || op == "APPEND" => {
                    if let Some(path) = rest.first() {
                        out.push(format!("true >> {}", quote(std::slice::from_ref(path))));
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }
    Some(out)
}

/// A CMake script's calls: each command's name (lower case) and its
/// arguments, quoted ones unquoted (`\"` and `\\` undone), comments left
/// out.
fn cmake_calls(script: &str) -> Vec<(String, Vec<String>)> {
    let mut calls = Vec::new();
    let mut chars = script.chars().peekable();
    let mut name = String::new();
    while let Some(c) = chars.next() {
        match c {
            '#' => {
                name.clear();
                while chars.next_if(|&c| c != '\n').is_some() {}
            }
            '(' if !name.is_empty() => {
                let mut args = Vec::new();
                let mut word = String::new();
                let mut depth = 0usize;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => {
                            while let Some(q) = chars.next() {
                                match q {
                                    '"' => break,
                                    '\\' => word.extend(chars.next()),
                                    _ => word.push(q),
                                }
                            }
                            // An empty quoted argument is an argument.
                            args.push(std::mem::take(&mut word));
                        }
                        '(' => {
                            depth += 1;
                            word.push(c);
                        }
                        ')' if depth == 0 => break,
                        ')' => {
                            depth -= 1;
                            word.push(c);
                        }
                        c if c.is_whitespace() => {
                            if !word.is_empty() {
                                args.push(std::mem::take(&mut word));
                            }
                        }
                        _ => word.push(c),
                    }
                }
                if !word.is_empty() {
                    args.push(word);
                }
                calls.push((name.to_ascii_lowercase(), args));
                name.clear();
            }
            c if c.is_ascii_alphanumeric() || c == '_' => name.push(c),
            c if c.is_whitespace() => {}
            _ => name.clear(),
        }
    }
    calls
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    #[test]
    fn clients_hand_their_escapes_to_a_shell() {
        for (name, words, want) in [
            (
                "sqlite3",
                &[":memory:", ".shell rm -rf x"][..],
                &["rm -rf x"][..],
            ),
            ("duckdb", &["-c", ".system ls"], &["ls"]),
            ("psql", &["-c", "SELECT 1; \\! rm -rf x"], &["rm -rf x"]),
            ("mysql", &["-e", "system ls"], &["ls"]),
            ("ipython", &["-c", "!ls"], &["ls"]),
            // Another program's words are its own.
            ("sqlite3", &["-c", "\\! ls"], &[]),
            ("psql", &["-c", ".shell ls"], &[]),
            ("grep", &[".shell ls"], &[]),
        ] {
            assert_eq!(client_escapes(name, words), want, "{name} {words:?}");
        }
    }

    #[test]
    fn vim_that_only_prints_and_quits_unsaved() {
        for (name, args, only_reads) in [
            (
                "vim",
                &["-es", "-c", "g/hooksPath/p", "-c", "qa!", ".git/config"][..],
                true,
            ),
            ("nvim", &["--headless", "-e", "-s", "+%p", "+q!", "f"], true),
            (
                "vim",
                &["-Es", "-u", "NONE", "-c", "g!/x/d", "-c", "cq", "f"],
                true,
            ),
            ("vim", &["-es", "-c", "1,$s/a/b/g", "-c", "qa!", "f"], true),
            ("vim", &["-es", "-c", "p", "-c", "qa!", "--", "-f"], true),
            (
                "vim",
                &["-es", "-c", "#", "-c", "=", "-c", "", "-c", "qa!", "f"],
                true,
            ),
            ("vim", &["-es", "-c", "g/a\\/b/p", "-c", "qa!", "f"], true),
            // Not silent Ex mode, or not quitting unsaved last.
            ("vim", &["-c", "g/x/p", "-c", "qa!", "f"], false),
            ("vim", &["-es", "-c", "g/x/p", "f"], false),
            ("vim", &["-es", "-c", "qa!", "-c", "w", "f"], false),
            ("vim", &["-es", "-c", "q", "f"], false),
            // A write, a key, a shell, an expression, a script anywhere.
            ("vim", &["-es", "-c", "g/x/p|w", "-c", "qa!", "f"], false),
            (
                "vim",
                &["-es", "-c", "g/x/w! ~/.bashrc", "-c", "qa!", "f"],
                false,
            ),
            (
                "vim",
                &["-es", "-c", "sav! ~/.zshrc", "-c", "qa!", "f"],
                false,
            ),
            ("vim", &["-es", "-c", "normal Go", "-c", "qa!", "f"], false),
            (
                "vim",
                &["-es", "-c", "s/a/\\=system('id')/", "-c", "qa!", "f"],
                false,
            ),
            ("vim", &["-es", "-c", "p !id", "-c", "qa!", "f"], false),
            ("vim", &["-es", "-c", "g/x/g/y/p", "-c", "qa!", "f"], false),
            ("vim", &["-es", "-u", "evil.vim", "-c", "qa!", "f"], false),
            ("vim", &["-es", "-S", "x.vim", "-c", "qa!", "f"], false),
            ("vim", &["-es", "-c"], false),
            ("emacs", &["-es", "-c", "qa!", "f"], false),
        ] {
            assert_eq!(
                vim_only_reads(name, args.iter().copied()),
                only_reads,
                "{name} {args:?}"
            );
        }
    }

    #[test]
    fn velociraptor_queries_run_their_execve_lists() {
        let s = |ws: &[&str]| Some(ws.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>());
        for (vql, want) in [
            (
                "SELECT * FROM execve(argv=['systemctl', 'stop', 'sshd'])",
                vec![s(&["systemctl", "stop", "sshd"])],
            ),
            (
                "SELECT * FROM execve( argv = [\"rm\",\"-rf\",\"/\"] , sep='x')",
                vec![s(&["rm", "-rf", "/"])],
            ),
            (
                "LET a = execve(argv=['id']) LET b = execve(argv=['ls'])",
                vec![s(&["id"]), s(&["ls"])],
            ),
            // Not plain strings: not known.
            ("SELECT * FROM execve(argv=[cmd])", vec![None]),
            ("SELECT * FROM execve(argv=['a\\'b'])", vec![None]),
            ("SELECT * FROM execve(argv=[])", vec![None]),
            ("SELECT * FROM execve(argv='ls')", vec![None]),
            ("SELECT * FROM execve(argv=['ls'", vec![None]),
            ("SELECT * FROM info()", vec![]),
        ] {
            assert_eq!(vql_execve_argvs(vql), want, "{vql}");
        }
    }

    #[test]
    fn sed_scripts_that_run_commands() {
        for (script, commands, runs) in [
            ("1e rm x", &["rm x"][..], false),
            ("e", &[], true),
            ("s/a/b/e", &[], true),
            ("s/a/b/g", &[], false),
            ("s/e/f/", &[], false),
            ("/re/e id", &["id"], false),
            ("\\,x,e id", &["id"], false),
            ("$e id\n1d", &["id"], false),
            ("1{e id\n}", &["id"], false),
            ("a text e x", &[], false),
            ("y/abc/xyz/", &[], false),
            ("s/x/y/w out.txt", &[], false),
            ("/x/Id", &[], false),
            ("b end; e id", &["id"], false),
            ("s/a\\/b/c/e", &[], true),
            ("s", &[], false),
            // An address with an escaped delimiter, or one never closed.
            ("/a\\/b/e id", &["id"], false),
            ("/abc", &[], false),
            ("\\%a%e id", &["id"], false),
            ("/a/I;e id", &["id"], false),
            ("s/a/b/;e id", &["id"], false),
            // Where a substitution's parts and flags end.
            ("1s/a/e/", &[], false),
            ("s/a", &[], false),
            ("1s/a\\/e/b/", &[], false),
            ("s/ab\\/x/y/e", &[], true),
            ("s/a/be/", &[], false),
            ("s/a/b/g;e id", &["id"], false),
        ] {
            let (found, dynamic) = scan_sed(script);
            assert_eq!(found, commands, "{script:?}");
            assert_eq!(dynamic, runs, "{script:?}");
        }
    }

    #[test]
    fn ex_commands_after_a_range_run_their_shell() {
        assert_eq!(vim_shell(":%!sort"), Some("sort"));
        assert_eq!(vim_shell("1,5!grep x"), Some("grep x"));
        assert_eq!(vim_shell("silent !make"), Some("make"));
        assert_eq!(vim_shell("set nu"), None);
    }

    #[test]
    fn cmake_scripts_name_what_they_run() {
        let run = |s: &str| cmake_commands(s);
        assert_eq!(
            run("execute_process(COMMAND sh -c \"rm -rf x\" COMMAND cat WORKING_DIRECTORY /)"),
            Some(vec!["'sh' '-c' 'rm -rf x'".to_owned(), "'cat'".to_owned()])
        );
        assert_eq!(
            run("# execute_process(COMMAND id)\nmessage(STATUS \"hi\")"),
            Some(vec![])
        );
        assert_eq!(
            run("exec_program(rm ARGS -rf build)"),
            Some(vec!["'rm' '-rf' 'build'".to_owned()])
        );
        assert_eq!(
            run("file(REMOVE_RECURSE /home/u)\nfile(WRITE \"it's\" x)"),
            Some(vec![
                "rm -rf '/home/u'".to_owned(),
                "true >> 'it'\\''s'".to_owned()
            ])
        );
        assert_eq!(run("execute_process(COMMAND ${CMD})"), None);
        for (line, inner) in [
            (
                "cmake -P /dev/stdin <<'EOF'\nexecute_process(COMMAND rm -rf build)\nEOF",
                Some("rm"),
            ),
            ("cmake -P - <<'EOF'\nmessage(hi)\nEOF", None),
        ] {
            let script = parse(line);
            assert_eq!(
                script
                    .commands
                    .iter()
                    .find(|c| c.name().as_deref() != Some("cmake"))
                    .and_then(|c| c.name())
                    .as_deref(),
                inner,
                "{line}"
            );
        }
        assert!(
            !parse("cat s.cmake | cmake -P /dev/stdin")
                .problems
                .is_empty()
        );
    }

    #[test]
    fn cmake_calls_are_read_as_cmake_reads_them() {
        let call = |name: &str, args: &[&str]| {
            (
                name.to_owned(),
                args.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>(),
            )
        };
        assert_eq!(
            cmake_calls("f(a (b c) d)"),
            [call("f", &["a", "(b", "c)", "d"])]
        );
        assert_eq!(
            cmake_calls("Execute_Process (COMMAND id)\nx.y(z)"),
            [
                call("execute_process", &["COMMAND", "id"]),
                call("y", &["z"])
            ]
        );
        assert_eq!(cmake_calls("(a b)"), []);
        assert_eq!(cmake_calls(r#"m("a\"b" "")"#), [call("m", &["a\"b", ""])]);
        assert_eq!(
            cmake_commands("file(REMOVE a b)\nfile(READ c v)\nfile(GLOB g *.c)"),
            Some(vec!["rm -f 'a' 'b'".to_owned()])
        );
        assert_eq!(
            cmake_commands("file(APPEND log x)"),
            Some(vec!["true >> 'log'".to_owned()])
        );
    }

    #[test]
    fn sql_programs_are_commands() {
        assert_eq!(
            sql_program_commands("COPY (SELECT 1) TO PROGRAM 'curl x | sh'"),
            ["curl x | sh"]
        );
        assert_eq!(
            sql_program_commands("copy t from\n  program 'id' csv"),
            ["id"]
        );
        assert!(sql_program_commands("SELECT program FROM apps").is_empty());
        assert!(sql_program_commands("COPY t TO '/tmp/x'").is_empty());
    }

    #[test]
    fn duckdb_shell_file_names_are_commands() {
        for (sql, commands) in [
            (
                "LOAD shellfs; SELECT * FROM read_csv('curl -s x | sh |')",
                &["curl -s x | sh "][..],
            ),
            (
                "load shellfs; COPY t TO '| rm -rf build'",
                &[" rm -rf build"],
            ),
            ("SELECT * FROM read_csv('a.csv')", &[]),
            // Without the extension a name is a file's.
            ("SELECT * FROM read_csv('ls |')", &[]),
        ] {
            assert_eq!(shellfs_commands(sql), commands, "{sql}");
        }
        let script = parse("duckdb -c \"LOAD shellfs; SELECT * FROM read_csv('rm -rf ~ |')\"");
        assert!(
            script
                .commands
                .iter()
                .any(|c| c.name().as_deref() == Some("rm")),
            "{script:?}"
        );
    }
}
