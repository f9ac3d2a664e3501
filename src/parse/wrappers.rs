//! Looking through what a command runs: wrappers (`sudo`, `env`, `xargs`,
//! `find -exec`, `parallel`, `python3 -m`), shells and `eval` given code
//! as strings, files or stdin, code-valued variables, and the text a
//! command is known to feed a pipe.

use super::{MAX_PASS_THROUGH, Origin, Problem, SimpleCommand, Walker, Word, programs};

impl Walker {
    /// Reports code that xargs fills in from its input at run time
    /// (`xargs -I{} sh -c '{}'`): a file name or line becomes code.
    fn spliced_code(&mut self, cmd: &SimpleCommand, program: &str, words: &[Word]) {
        if words.iter().any(|w| spliced(cmd, w)) {
            self.problem(Problem::DynamicCode {
                program: program.to_owned(),
            });
        }
    }

    /// `export PAGER='…'`, `declare -x GIT_SSH_COMMAND=…`, `setenv EDITOR …`:
    /// a variable that programs run as a command, set for everything after
    /// it on the line (`export PAGER='rm -rf ~'; git log`).
    pub(super) fn declared_code(&mut self, cmd: &SimpleCommand) {
        let Some(name) = cmd.name() else {
            return;
        };
        let args = cmd.args();
        let settings: Vec<(&str, Word)> = match name.as_str() {
            "export" | "declare" | "typeset" | "readonly" | "local" => args
                .iter()
                .filter_map(|a| {
                    let (var, value) = a.value.split_once('=')?;
                    // `PAGER+=…` appends to a value askrisky does not know.
                    let appended = var.ends_with('+');
                    let mut w = Word::literal(value);
                    w.literal = a.literal && !appended;
                    Some((var.trim_end_matches('+'), w))
                })
                .collect(),
            "setenv" => match args {
                [var, value, ..] if var.literal => vec![(var.value.as_str(), value.clone())],
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        for (var, value) in settings {
            if programs::is_code_variable(var) {
                self.code_words(
                    var,
                    std::slice::from_ref(&value),
                    Origin::ShellString,
                    cmd.depth + 1,
                );
            }
        }
    }

    /// Finds the command run by `cmd`'s program, if it runs one: the next
    /// wrapper layer is returned; code in strings is walked here.
    pub(super) fn look_through(&mut self, cmd: &SimpleCommand) -> Option<SimpleCommand> {
        let name = cmd.name()?;
        let args = cmd.args();
        let depth = cmd.depth + 1;
        if programs::is_shell(&name) {
            self.shell(cmd, &name, depth);
            return None;
        }
        match name.as_str() {
            "eval" => {
                // bash's eval takes `--` as the end of its options and runs
                // the rest (`eval -- 'rm -rf /'`).
                let code = match args.first() {
                    Some(w) if w.literal && w.value == "--" => &args[1..],
                    _ => args,
                };
                self.spliced_code(cmd, &name, code);
                self.code_words(&name, code, Origin::Eval, depth);
                return None;
            }
            "find" => {
                self.find_exec(cmd);
                return None;
            }
            "source" | "." => {
                let file = match args {
                    [dashes, rest @ ..] if dashes.literal && dashes.value == "--" => rest.first(),
                    _ => args.first(),
                };
                if file.is_some() {
                    self.script_file(&name, file, cmd, depth);
                }
                return None;
            }
            "alias" => {
                for a in args {
                    if let Some((_, body)) = a.value.split_once('=') {
                        if a.literal {
                            self.source(body, Origin::Definition, depth);
                        } else {
                            self.problem(Problem::DynamicCode {
                                program: name.clone(),
                            });
                        }
                    }
                }
                return None;
            }
            "trap" => {
                // `trap -- CODE SIG`: `--` ends the options. A first word
                // known only at run time may be `--` too (`-$x-`).
                if args.first().is_some_and(|w| !w.literal) {
                    self.problem(Problem::DynamicCode {
                        program: name.clone(),
                    });
                }
                let args = match args.first() {
                    Some(w) if w.value == "--" => &args[1..],
                    _ => args,
                };
                if let Some(action) = args.first().filter(|a| !a.value.starts_with('-')) {
                    self.code_words(
                        &name,
                        std::slice::from_ref(action),
                        Origin::Definition,
                        depth,
                    );
                }
                return None;
            }
            "parallel" => {
                self.parallel(cmd, depth);
                return None;
            }
            _ => {}
        }
        if programs::is_python(&name) {
            let mut inner = cmd.clone();
            inner.argv = python_module(args)?;
            inner.via.push(name);
            inner.origin = Origin::Wrapper;
            return Some(inner);
        }
        let rest: Vec<Option<&str>> = args.iter().map(Word::known).collect();
        let spec = programs::wrapper_for(&name, &rest)?;
        let mut inner = match wrapped(spec, &cmd.argv) {
            Inner::Nothing => return None,
            Inner::Shell(w) => {
                self.spliced_code(cmd, &name, std::slice::from_ref(&w));
                self.code_words(&name, std::slice::from_ref(&w), Origin::ShellString, depth);
                return None;
            }
            Inner::Joined(start) => {
                let words = cmd.argv.get(start..).unwrap_or_default();
                self.spliced_code(cmd, &name, words);
                self.code_words(&name, words, Origin::ShellString, depth);
                return None;
            }
            Inner::Command { start, assignments } => {
                for (n, v) in &assignments {
                    if programs::is_code_variable(n) {
                        self.code_words(n, std::slice::from_ref(v), Origin::ShellString, depth);
                    }
                }
                let mut inner = cmd.clone();
                inner.argv = cmd.argv.get(start..).unwrap_or_default().to_vec();
                inner.assignments.extend(assignments);
                if name == "xargs" {
                    inner.placeholder =
                        xargs_placeholder(cmd.argv.get(1..start).unwrap_or_default())
                            .or(inner.placeholder);
                }
                inner
            }
        };
        inner.via.push(name);
        inner.origin = Origin::Wrapper;
        Some(inner)
    }

    /// Words that a program joins with spaces and runs as shell code.
    pub(super) fn code_words(&mut self, program: &str, words: &[Word], origin: Origin, depth: u8) {
        if words.is_empty() {
            return;
        }
        if words.iter().all(|w| w.literal) {
            let code: Vec<&str> = words.iter().map(|w| w.value.as_str()).collect();
            self.source_for(program, &code.join(" "), origin, depth);
        } else {
            self.problem(Problem::DynamicCode {
                program: program.to_owned(),
            });
        }
    }

    /// `bash -c STRING`, `bash -s`, `bash` fed by a pipe or heredoc.
    fn shell(&mut self, cmd: &SimpleCommand, name: &str, depth: u8) {
        let name = &self.real_shell(cmd, name);
        let args = cmd.args();
        let mut command_mode = false;
        let mut stdin_mode = false;
        let mut operand = None;
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            let v = a.value.as_str();
            if !a.literal {
                operand = Some(i);
                break;
            }
            if v == "--" || v == "-" {
                operand = args.get(i + 1).map(|_| i + 1);
                break;
            }
            if matches!(v, "-o" | "+o" | "-O" | "+O" | "--rcfile" | "--init-file") {
                i += 2;
                continue;
            }
            if v.starts_with("--") {
                i += 1;
                continue;
            }
            if (v.starts_with('-') || v.starts_with('+')) && v.len() > 1 {
                command_mode |= v.starts_with('-') && v.contains('c');
                stdin_mode |= v.contains('s');
                i += 1;
                continue;
            }
            operand = Some(i);
            break;
        }
        if command_mode {
            match operand.and_then(|i| args.get(i)) {
                Some(code) => {
                    self.spliced_code(cmd, name, std::slice::from_ref(code));
                    self.code_words(name, std::slice::from_ref(code), Origin::ShellString, depth);
                }
                None => self.problem(Problem::DynamicCode {
                    program: name.to_owned(),
                }),
            }
        } else {
            let file = if stdin_mode {
                None
            } else {
                operand.and_then(|i| args.get(i))
            };
            self.script_file(name, file, cmd, depth);
        }
    }

    /// What a shell or `source` runs when not given a string: the file
    /// named, or stdin when none is (`None`). The text of `<(echo …)`, of a
    /// file the line wrote, or of a file on disk is known; a `<(…)` of
    /// anything else is code known only at run time, and `/dev/stdin` is
    /// stdin.
    fn script_file(&mut self, program: &str, file: Option<&Word>, cmd: &SimpleCommand, depth: u8) {
        match file {
            Some(w) if w.process => match &w.output {
                Some(text) => {
                    self.source_for(program, text, Origin::Stdin, depth);
                }
                None => self.problem(Problem::DynamicCode {
                    program: program.to_owned(),
                }),
            },
            // A file the line wrote is read as written; any other, from
            // disk (see `disk`).
            Some(w) if !(w.literal && programs::is_stdin_path(&w.value)) => {
                let texts = self.read_written(&w.value);
                if texts.is_empty() {
                    self.disk_script(program, w, depth);
                } else {
                    self.run_texts(program, texts, depth);
                }
            }
            _ => {
                // The program arrives on stdin. When it is only known at
                // run time, the danger rules judge what feeds it.
                if let Some(text) = &cmd.stdin_text {
                    self.source_for(program, text, Origin::Stdin, depth);
                }
            }
        }
    }

    /// Code `program` runs, read in its shell's grammar (see `readings`).
    pub(super) fn source_for(&mut self, program: &str, src: &str, origin: Origin, depth: u8) {
        self.source_named(program, src, origin, depth);
    }

    /// `find … -exec CMD {} ;` and friends.
    fn find_exec(&mut self, cmd: &SimpleCommand) {
        let args = cmd.args();
        let mut i = 0;
        while i < args.len() {
            let v = args[i].value.as_str();
            if matches!(v, "-exec" | "-execdir" | "-ok" | "-okdir") {
                let start = i + 1;
                let mut end = start;
                while end < args.len() && !matches!(args[end].value.as_str(), ";" | "+") {
                    end += 1;
                }
                if end > start {
                    let mut inner = cmd.clone();
                    inner.argv = args[start..end].to_vec();
                    inner.via.push("find".to_owned());
                    inner.origin = Origin::FindExec;
                    inner.depth = cmd.depth;
                    self.resolve(inner);
                }
                i = end + 1;
            } else {
                i += 1;
            }
        }
    }

    /// GNU parallel runs its command template, or each argument after
    /// `:::` when no template is given, through a shell.
    fn parallel(&mut self, cmd: &SimpleCommand, depth: u8) {
        const WITH_VALUE: &[&str] = &[
            "-j",
            "--jobs",
            "-S",
            "--sshlogin",
            "-a",
            "--arg-file",
            "--colsep",
            "-C",
            "-d",
            "--delimiter",
            "-E",
            "-I",
            "--joblog",
            "--results",
            "--tmpdir",
            "--workdir",
            "-N",
            "-n",
            "--max-args",
            "-L",
            "-l",
            "--timeout",
            "--delay",
            "--halt",
            "--memfree",
            "--load",
            "--retries",
            "--tag-string",
            "--env",
        ];
        let args = cmd.args();
        let mut i = 0;
        while i < args.len() {
            let v = args[i].value.as_str();
            if v.starts_with(":::") {
                break;
            }
            if v.starts_with('-') {
                i += if WITH_VALUE.contains(&v) { 2 } else { 1 };
                continue;
            }
            break;
        }
        let template_end = args[i.min(args.len())..]
            .iter()
            .position(|a| a.value.starts_with(":::"))
            .map_or(args.len(), |p| p + i);
        if template_end > i {
            self.code_words(
                "parallel",
                &args[i..template_end],
                Origin::ShellString,
                depth,
            );
        } else {
            for a in args.get(template_end + 1..).unwrap_or_default() {
                if a.value.starts_with(":::") {
                    continue;
                }
                self.code_words(
                    "parallel",
                    std::slice::from_ref(a),
                    Origin::ShellString,
                    depth,
                );
            }
        }
    }
}

/// True when the command's program may run other code that
/// [`Walker::look_through`] must find (a shell, `eval`, a wrapper, …).
pub(super) fn runs_others(cmd: &SimpleCommand) -> bool {
    let Some(name) = cmd.name() else {
        return false;
    };
    programs::is_shell(&name)
        || programs::is_python(&name)
        || matches!(
            name.as_str(),
            "eval" | "find" | "alias" | "trap" | "parallel" | "source" | "."
        )
        || programs::WRAPPERS
            .iter()
            .any(|w| w.names.contains(&name.as_str()))
}

/// `python3 -m twine upload …` runs the module as its tool (`twine upload
/// …`): the module and the words after it, as a command. `None` when
/// Python runs inline code (`-c`), a script, or stdin instead.
fn python_module(args: &[Word]) -> Option<Vec<Word>> {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.known()?;
        if v.starts_with("--") {
            i += if v == "--check-hash-based-pycs" { 2 } else { 1 };
            continue;
        }
        let cluster = v.strip_prefix('-').filter(|c| !c.is_empty())?;
        let mut next = i + 1;
        for (j, c) in cluster.char_indices() {
            let attached = &cluster[j + c.len_utf8()..];
            match c {
                'c' => return None,
                'm' => {
                    let mut argv = Vec::new();
                    if attached.is_empty() {
                        argv.push(args.get(next)?.clone());
                        next += 1;
                    } else {
                        argv.push(Word::literal(attached));
                    }
                    argv.extend(args.get(next..).unwrap_or_default().iter().cloned());
                    return Some(argv);
                }
                'W' | 'X' => {
                    if attached.is_empty() {
                        next += 1;
                    }
                    break;
                }
                _ => {}
            }
        }
        i = next;
    }
    None
}

/// What a wrapper runs.
enum Inner {
    Nothing,
    Command {
        start: usize,
        assignments: Vec<(String, Word)>,
    },
    /// A shell string given to an option (`su -c STRING`).
    Shell(Word),
    /// The words from this index are joined and run by a shell.
    Joined(usize),
}

/// Finds where a wrapper's own options end and its command begins.
fn wrapped(spec: &programs::Wrapper, argv: &[Word]) -> Inner {
    let mut i = if spec.subcommand.is_some() { 2 } else { 1 };
    let mut options_done = false;
    let mut skipped = 0usize;
    let mut assignments = Vec::new();
    let mut through_shell = spec.joins_into_shell;
    while i < argv.len() {
        let w = &argv[i];
        if !w.literal {
            break;
        }
        let v = w.value.as_str();
        if !options_done && v == "--" {
            options_done = true;
            i += 1;
            continue;
        }
        if !options_done && v.starts_with("--") {
            let (opt, attached) = match v.split_once('=') {
                Some((o, a)) => (o, Some(a)),
                None => (v, None),
            };
            if spec.string_options.contains(&opt) {
                return match attached {
                    Some(a) => Inner::Shell(Word::literal(a)),
                    None => argv
                        .get(i + 1)
                        .cloned()
                        .map_or(Inner::Nothing, Inner::Shell),
                };
            }
            if spec.no_exec_options.contains(&opt) {
                return Inner::Nothing;
            }
            through_shell |= spec.shell_flags.contains(&opt);
            i += if spec.with_value.contains(&opt) && attached.is_none() {
                2
            } else {
                1
            };
            continue;
        }
        if !options_done && v.starts_with('-') && v.len() > 1 {
            let mut skip_next = false;
            for (j, c) in v.char_indices().skip(1) {
                let opt = format!("-{c}");
                let rest = &v[j + c.len_utf8()..];
                if spec.string_options.contains(&opt.as_str()) {
                    return if rest.is_empty() {
                        argv.get(i + 1)
                            .cloned()
                            .map_or(Inner::Nothing, Inner::Shell)
                    } else {
                        Inner::Shell(Word::literal(rest))
                    };
                }
                if spec.no_exec_options.contains(&opt.as_str()) {
                    return Inner::Nothing;
                }
                through_shell |= spec.shell_flags.contains(&opt.as_str());
                if spec.with_value.contains(&opt.as_str()) {
                    skip_next = rest.is_empty();
                    break;
                }
            }
            i += if skip_next { 2 } else { 1 };
            continue;
        }
        if spec.assignments
            && let Some((name, value)) = v.split_once('=')
            && is_name(name)
        {
            assignments.push((name.to_owned(), Word::literal(value)));
            i += 1;
            continue;
        }
        if skipped < spec.operands {
            skipped += 1;
            i += 1;
            continue;
        }
        break;
    }
    if i >= argv.len() {
        Inner::Nothing
    } else if through_shell {
        Inner::Joined(i)
    } else {
        Inner::Command {
            start: i,
            assignments,
        }
    }
}

fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The text the first command of a pipeline stage writes into the pipe
/// (a wrapper's layers are looked at through the outermost one).
pub(super) fn echoed_text(cmd: &SimpleCommand) -> Option<String> {
    if cmd.origin == Origin::Wrapper {
        return None;
    }
    output_text(cmd)
}

/// The text a command is known to write: `echo`/`printf` of literal words
/// (`echo 'rm -rf /' | sh`), and `cat` or `tee` passing on text they are
/// known to read (`cat <<EOF | sh`, `echo … | tee log | sh`).
pub(super) fn output_text(cmd: &SimpleCommand) -> Option<String> {
    let name = cmd.name()?;
    // Without file operands (or with only `-`) cat copies stdin as is; tee
    // always does. Each stage holds a copy, so only so many are followed.
    let passes_on = cmd.upstream.len() <= MAX_PASS_THROUGH;
    match name.as_str() {
        "cat" if passes_on && cmd.args().iter().all(|a| a.literal && a.value == "-") => {
            return cmd.stdin_text.clone();
        }
        "tee" if passes_on => return cmd.stdin_text.clone(),
        "echo" | "printf" => {}
        _ => return None,
    }
    let mut args = cmd.args();
    while name == "echo"
        && args
            .first()
            .is_some_and(|a| matches!(a.value.as_str(), "-n" | "-e" | "-E" | "-ne" | "-en"))
    {
        args = &args[1..];
    }
    if !args.iter().all(|a| a.literal) {
        return None;
    }
    // `printf FORMAT ARGS…` writes the format with the arguments in it.
    if name == "printf" {
        let (format, rest) = args.split_first()?;
        let rest: Vec<&str> = rest.iter().map(|a| a.value.as_str()).collect();
        let text = super::evaluated::printf_text(&format.value, &rest);
        return Some(super::evaluated::with_escapes(&text.replace("\\n", "\n")));
    }
    let text: Vec<&str> = args.iter().map(|a| a.value.as_str()).collect();
    Some(super::evaluated::with_escapes(
        &text.join(" ").replace("\\n", "\n"),
    ))
}

/// True when xargs fills this word in from its input.
pub(super) fn spliced(cmd: &SimpleCommand, word: &Word) -> bool {
    cmd.placeholder
        .as_deref()
        .is_some_and(|p| word.value.contains(p))
}

/// The text xargs replaces with each input line: `-I R`, `-IR`, `-i[R]`,
/// `--replace[=R]` (both default to `{}`), BSD `-J R`.
fn xargs_placeholder(options: &[Word]) -> Option<String> {
    let mut found = None;
    let mut i = 0;
    while let Some(w) = options.get(i) {
        let v = w.value.as_str();
        i += 1;
        let value = match v {
            "-I" | "-J" => options.get(i).map(|n| n.value.clone()),
            "-i" | "--replace" => Some("{}".to_owned()),
            _ => v
                .strip_prefix("--replace=")
                .or_else(|| v.strip_prefix("-I"))
                .or_else(|| v.strip_prefix("-J"))
                .or_else(|| v.strip_prefix("-i"))
                .map(str::to_owned),
        };
        found = value.filter(|p| !p.is_empty()).or(found);
    }
    found
}
