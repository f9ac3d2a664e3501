//! Looking through what a command runs: wrappers (`sudo`, `env`, `xargs`,
//! `find -exec`, `parallel`, `python3 -m`), shells and `eval` given code
//! as strings or stdin, code-valued variables, and programs that run shell
//! code given in their arguments (tmux, git, sed, vim, gdb, …).

use super::walker::Walker;
use super::xargs::spliced;
use super::{Origin, Problem, SimpleCommand, Word, programs};

mod inside;

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
    ///
    /// `name` is the command's [`SimpleCommand::name`].
    pub(super) fn declared_code(&mut self, cmd: &SimpleCommand, name: Option<&str>) {
        let Some(name) = name else {
            return;
        };
        let args = cmd.args();
        let settings: Vec<(&str, Word)> = match name {
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
        match &*name {
            "eval" => {
                // bash's eval takes `--` as the end of its options and runs
                // the rest (`eval -- 'rm -rf /'`).
                let code = match args.first() {
                    Some(w) if w.literal && w.value == "--" => &args[1..],
                    _ => args,
                };
                // A tool's own set-up code (`eval "$(direnv hook bash)"`):
                // its command is walked as a substitution; what it prints
                // is no code the line chose. Only where nothing before it
                // on the line, and no setting on the eval, could put
                // another program, function or alias in the tool's place
                // (`direnv(){ echo …; }; eval "$(direnv hook bash)"`).
                if let [w] = code
                    && cmd.assignments.is_empty()
                    && self.only_substitutions_before(cmd)
                    && super::shell_setup::is_setup_output(&w.value)
                {
                    return None;
                }
                self.spliced_code(cmd, &name, code);
                self.code_words(&name, code, Origin::Eval, depth);
                return None;
            }
            "find" => {
                self.find_exec(cmd);
                return None;
            }
            "fd" | "fdfind" => {
                self.fd_exec(cmd);
                return None;
            }
            // GNU tar hands the commands its options name to `sh -c`.
            "tar" | "gtar" => self.tar_commands(cmd, &name, depth),
            // awk hands `system("…")`'s string to `sh -c`.
            "awk" | "gawk" | "mawk" | "nawk" => {
                if let Some(program) = super::interpreters::awk_program(args).filter(|w| w.literal)
                {
                    for text in super::interpreters::awk_system_strings(&program.value).0 {
                        self.source_for("sh", text, Origin::ShellString, depth);
                    }
                }
            }
            // at and batch run their job with `sh` later: read from stdin,
            // or from the file `-f` names (`echo 'wipefs -a /dev/sda' | at
            // now`); their lists and removals hold no job.
            "at" | "batch" if !programs::has_flag(args, &["-l", "-r", "-d", "-c", "-V"]) => {
                let file = args
                    .iter()
                    .position(|w| w.value == "-f")
                    .and_then(|i| args.get(i + 1));
                // (`-fFILE` attached: the file's name, as a word of its own.)
                let attached = args.iter().find_map(|w| {
                    let name = w.value.strip_prefix("-f").filter(|n| !n.is_empty())?;
                    Some(Word {
                        value: name.to_owned(),
                        ..w.clone()
                    })
                });
                self.script_file("sh", file.or(attached.as_ref()), cmd, depth);
            }
            "source" | "." => {
                let file = match args {
                    [dashes, rest @ ..] if dashes.literal && dashes.value == "--" => rest.first(),
                    _ => args.first(),
                };
                if file.is_some_and(|f| f.value == "-") {
                    // zsh sources a file named `-` found on PATH; bash
                    // takes the word after it: not known before it runs.
                    self.problem(Problem::DynamicCode {
                        program: name.to_string(),
                    });
                } else if file.is_some() {
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
                                program: name.to_string(),
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
                        program: name.to_string(),
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
            "gdb" | "cgdb" | "gdb-multiarch" => return self.gdb(cmd, depth),
            // Plain Tcl that only starts programs: each is a command of
            // the line (other code is judged as code by the danger set).
            "expect" => {
                for code in args.iter().zip(args.iter().skip(1)) {
                    if let ("-c", code) = (code.0.value.as_str(), code.1)
                        && code.literal
                        && let Some(commands) = super::interpreters::tcl_commands(&code.value)
                    {
                        for text in commands {
                            self.source(text, Origin::ShellString, depth);
                        }
                    }
                }
                return None;
            }
            "capsh" => return capsh(cmd),
            // SQL's commands are walked, and its other words speculated on
            // as any program's (`psql -c '\\! rm -rf x'`).
            "duckdb" => {
                for sql in args.iter().filter(|w| w.literal) {
                    for text in super::editor_scripts::shellfs_commands(&sql.value) {
                        self.source(text, Origin::ShellString, depth);
                    }
                }
            }
            "psql" => {
                let stdin = cmd.stdin_text.iter().map(String::as_str);
                let sql: Vec<&str> = args
                    .iter()
                    .filter(|w| w.literal)
                    .map(|w| w.value.as_str())
                    .chain(stdin)
                    .collect();
                for text in sql
                    .iter()
                    .flat_map(|s| super::editor_scripts::sql_program_commands(s))
                {
                    self.source(text, Origin::ShellString, depth);
                }
            }
            _ => {}
        }
        // `time -o F CMD` read as bash reads it: the `time` keyword, then a
        // "program" named `-o`. dash has no such keyword and runs GNU time,
        // which runs CMD; no program is named like an option.
        if is_time_option(cmd) {
            let mut inner = cmd.clone();
            inner.argv.insert(0, Word::literal("time"));
            inner.via.push(name.into_owned());
            inner.origin = Origin::Wrapper;
            return Some(inner);
        }
        // A CMake script read from stdin (`cmake -P /dev/stdin <<'EOF'`) or
        // from a process substitution (`cmake -P <(echo '…')`): what it
        // runs and removes are commands of the line.
        let script = (name == "cmake")
            .then(|| args.iter().position(|w| w.value == "-P"))
            .flatten()
            .and_then(|i| args.get(i + 1))
            .filter(|w| w.process);
        if script.is_some()
            || name == "cmake"
                && programs::option_values(args, &["-P"])
                    .iter()
                    .any(|v| programs::is_stdin_path(v))
        {
            let text = match script {
                Some(w) => w.output.as_deref(),
                None => cmd.stdin_text.as_deref(),
            };
            match text.and_then(super::editor_scripts::cmake_commands) {
                Some(commands) => {
                    for text in commands {
                        self.source(&text, Origin::ShellString, depth);
                    }
                }
                None => self.problem(Problem::DynamicCode {
                    program: name.into_owned(),
                }),
            }
            return None;
        }
        if name == "cmake" && args.first().is_some_and(|w| w.known() == Some("-E")) {
            let mut inner = cmd.clone();
            inner.argv = cmake_tool(args.get(1..).unwrap_or_default())?;
            inner.via.push(name.into_owned());
            inner.origin = Origin::Wrapper;
            return Some(inner);
        }
        // `yarn node ARGS` runs node with ARGS, in the project's setup.
        if name == "yarn" && args.first().is_some_and(|w| w.known() == Some("node")) {
            let mut inner = cmd.clone();
            inner.argv = args.to_vec();
            inner.via.push(name.into_owned());
            inner.origin = Origin::Wrapper;
            return Some(inner);
        }
        if programs::is_python(&name) {
            // The shell commands its inline code plainly runs
            // (`os.system("rm -rf /home")`): not a guess.
            if let Some(code) = args
                .iter()
                .position(|w| w.value == "-c")
                .and_then(|at| args.get(at + 1))
            {
                for text in super::interpreters::shell_call_strings(&code.value, true) {
                    self.source(text, Origin::ShellString, depth);
                }
            }
            let mut inner = cmd.clone();
            inner.argv = python_module(args)?;
            inner.via.push(name.into_owned());
            inner.origin = Origin::Wrapper;
            return Some(inner);
        }
        let rest: Vec<Option<&str>> = args.iter().map(Word::known).collect();
        let Some(spec) = programs::wrapper_for(&name, &rest) else {
            return self.unknown_runner(cmd, &name);
        };
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
                let from = self.script.commands.len();
                self.code_words(&name, words, Origin::ShellString, depth);
                if programs::is_far_client(&name) {
                    self.on_far_side(from, &name);
                }
                return None;
            }
            Inner::LoginShell => {
                let mut inner = cmd.clone();
                inner.argv = vec![Word::literal("sh")];
                inner
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
                    let options = cmd.argv.get(1..start).unwrap_or_default();
                    inner.placeholder = xargs_placeholder(options).or(inner.placeholder);
                    for mut other in super::xargs::other_lines(&inner, cmd, options) {
                        other.via.push(name.clone().into_owned());
                        other.origin = Origin::Wrapper;
                        self.resolve(other);
                    }
                    super::xargs::known_input(&mut inner, cmd, options);
                }
                inner
            }
        };
        inner.via.push(name.into_owned());
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
            let mut code = code.join(" ");
            // A function bash imports from its environment
            // (`BASH_FUNC_ls%%=() { …; }`): its body, as the definition.
            if program.starts_with("BASH_FUNC_") && code.trim_start().starts_with("()") {
                code.insert_str(0, "imported_function ");
            }
            // less's input filter is a command after `|` (its output is
            // the file), `||` or `|-` (also run on a pipe): the marks are
            // less's, the rest is the shell's.
            if matches!(program, "LESSOPEN" | "LESSCLOSE") {
                let t = code.trim_start();
                let t = t
                    .strip_prefix('|')
                    .map_or(t, |r| r.strip_prefix(['|', '-']).unwrap_or(r));
                // `%s` is the file less opens: known only when it runs.
                code = t.replace("%s", "\"$1\"");
            }
            // An editor is run with the file to edit after its words
            // (`GIT_EDITOR='cp ~/.netrc' git commit` copies the secret over
            // the message): that file is known only when it runs.
            if is_editor_variable(program) {
                code.push_str(" \"$1\"");
            }
            self.source_for(program, &code, origin, depth);
        } else {
            self.problem(Problem::DynamicCode {
                program: program.to_owned(),
            });
        }
    }

    /// `bash -c STRING`, `bash -s`, `bash` fed by a pipe or heredoc.
    fn shell(&mut self, cmd: &SimpleCommand, name: &str, depth: u8) {
        // `bash -n …` only reads its program: nothing in it runs.
        if programs::shell_noexec(cmd.args()) {
            return;
        }
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
            // The start-up file it reads first (interactive shells do; a
            // line can make one interactive): judged as its code.
            if matches!(v, "--rcfile" | "--init-file") {
                if self.disk.is_on() || args.get(i + 1).is_some_and(|f| !f.literal) {
                    self.script_file(name, args.get(i + 1), cmd, depth);
                } else {
                    // No disk to read it from: known only when it runs.
                    self.problem(Problem::DynamicCode {
                        program: name.to_owned(),
                    });
                }
                i += 2;
                continue;
            }
            if matches!(v, "-o" | "+o" | "-O" | "+O") {
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
        // Interactive zsh reads `#` as a word unless `interactive_comments`
        // is set: `ls # ; rm -rf ~` runs the rm there.
        let interactive = args.iter().take_while(|a| a.value != "--").any(|a| {
            a.value.starts_with('-') && !a.value.starts_with("--") && a.value.contains('i')
        });
        if interactive
            && programs::shell_name(name) == Some("zsh")
            && operand
                .and_then(|i| args.get(i))
                .is_some_and(|code| command_mode && code.value.contains('#'))
        {
            self.problem(Problem::Ambiguous {
                construct: "a # in interactive zsh (a comment only with interactive_comments)"
                    .into(),
            });
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

    /// Code `program` runs, read in its shell's grammar (see `readings`).
    pub(super) fn source_for(&mut self, program: &str, src: &str, origin: Origin, depth: u8) {
        if origin != Origin::Stdin {
            self.source_named(program, src, origin, depth);
            return;
        }
        // Text fed to a shell that, read as code, feeds itself to a shell
        // again (`echo 'a |\n sh' | bash`: the inner `sh` reads the same
        // stdin) would be read once per level, each copy several times
        // over: once on the way down is enough, and deeper is too deep.
        if self.bounds.feeding.iter().any(|t| t == src) {
            self.problem(Problem::TooDeep);
            return;
        }
        self.bounds.feeding.push(src.to_owned());
        self.source_named(program, src, origin, depth);
        self.bounds.feeding.pop();
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

    /// fd's `-x`/`--exec` (once per file found) and `-X`/`--exec-batch`
    /// (once, with them all): every word after it, up to a `;`, is the
    /// command, run as `find -exec` runs its own (`fd -e pyc . ~ -x
    /// unlink`).
    fn fd_exec(&mut self, cmd: &SimpleCommand) {
        let args = cmd.args();
        let Some(at) = args
            .iter()
            .position(|w| matches!(w.value.as_str(), "-x" | "--exec" | "-X" | "--exec-batch"))
        else {
            return;
        };
        let rest = args.get(at + 1..).unwrap_or_default();
        let end = rest
            .iter()
            .position(|w| w.value == ";")
            .unwrap_or(rest.len());
        if end == 0 {
            return;
        }
        let mut inner = cmd.clone();
        inner.argv = rest[..end].to_vec();
        inner
            .via
            .push(cmd.name().map(|n| n.into_owned()).unwrap_or_default());
        inner.origin = Origin::FindExec;
        inner.depth = cmd.depth;
        self.resolve(inner);
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
            // parallel's own `--dry-run` prints each job and runs none.
            if matches!(v, "--dry-run" | "--dryrun")
                && args[i].literal
                && !super::option_values::may_be_value("parallel", args, i)
            {
                return;
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
            let template = &args[i..template_end];
            // One list of literal arguments (`parallel rm -rf ::: /etc
            // /usr`): each job is the template with its argument, put in
            // for `{}` or after the template's words; an argument that is
            // not plain text goes in quoted, as parallel quotes it.
            let inputs = args.get(template_end + 1..).unwrap_or_default();
            let one_list = !inputs.is_empty()
                && inputs.len() <= 64
                && inputs
                    .iter()
                    .all(|a| a.literal && !a.value.starts_with(":::"))
                && template.iter().all(|w| w.literal);
            if one_list && args[template_end].value == ":::" {
                let text: Vec<&str> = template.iter().map(|w| w.value.as_str()).collect();
                let text = text.join(" ");
                for input in inputs {
                    let plain = input
                        .value
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "/._~-+=:@%,".contains(c));
                    let arg = if plain {
                        input.value.clone()
                    } else {
                        format!("'{}'", input.value.replace('\'', "'\\''"))
                    };
                    let job = if text.contains("{}") {
                        text.replace("{}", &arg)
                    } else {
                        format!("{text} {arg}")
                    };
                    self.source_for("parallel", &job, Origin::ShellString, depth);
                }
            } else {
                self.code_words("parallel", template, Origin::ShellString, depth);
            }
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

/// `capsh … -- ARGS` runs bash with ARGS (`capsh -- -c 'CMD'`).
fn capsh(cmd: &SimpleCommand) -> Option<SimpleCommand> {
    let args = cmd.args();
    let at = args.iter().position(|w| w.value == "--")?;
    let mut inner = cmd.clone();
    inner.argv = std::iter::once(Word::literal("bash"))
        .chain(args.get(at + 1..).unwrap_or_default().iter().cloned())
        .collect();
    inner.via.push("capsh".into());
    inner.origin = Origin::Wrapper;
    Some(inner)
}

/// True when the command's program, named `name` (its
/// [`SimpleCommand::name`]), may run other code that
/// [`Walker::look_through`] must find (a shell, `eval`, a wrapper, …).
pub(super) fn runs_others(cmd: &SimpleCommand, name: Option<&str>) -> bool {
    let Some(name) = name else {
        return false;
    };
    programs::is_shell(name)
        || programs::is_python(name)
        || is_time_option(cmd)
        || matches!(
            name,
            "eval"
                | "find"
                | "alias"
                | "trap"
                | "parallel"
                | "source"
                | "."
                | "gdb"
                | "cgdb"
                | "gdb-multiarch"
                | "capsh"
                | "awk"
                | "gawk"
                | "mawk"
                | "nawk"
                | "tar"
                | "gtar"
                | "at"
                | "batch"
                | "cmake"
                | "fd"
                | "fdfind"
                | "expect"
                | "duckdb"
                | "psql"
        )
        || programs::WRAPPERS.iter().any(|w| w.names.contains(&name))
        || programs::is_dynamic_loader(name)
}

/// True when the command's first word, as written, is an option: under
/// bash's `time` keyword that is GNU time's (`time -o F CMD`). A program
/// path whose last part starts with `-` (`./-x`) is a program.
fn is_time_option(cmd: &SimpleCommand) -> bool {
    cmd.argv
        .first()
        .and_then(Word::known)
        .is_some_and(|v| v.starts_with('-') && v.len() > 1)
}

/// cmake's portable tools (`cmake -E rm -rf /usr`, `cmake -E
/// remove_directory build`, `cmake -E copy a ~/.bashrc`): each is the
/// command it stands for, so the rules on that command judge it. `env`,
/// `time` and `chdir DIR` run the command after them. `None` for the
/// tools that only print or compare.
fn cmake_tool(args: &[Word]) -> Option<Vec<Word>> {
    let (tool, rest) = args.split_first()?;
    let as_command: &[&str] = match tool.known()? {
        "rm" | "remove" => &["rm"],
        "remove_directory" => &["rm", "-r"],
        "copy" | "copy_if_different" => &["cp"],
        "copy_directory" | "copy_directory_if_different" => &["cp", "-r"],
        "rename" => &["mv"],
        "make_directory" => &["mkdir", "-p"],
        "touch" => &["touch"],
        "touch_nocreate" => &["touch", "-c"],
        "create_symlink" => &["ln", "-s"],
        "create_hardlink" => &["ln"],
        "tar" => &["tar"],
        "cat" => &["cat"],
        "env" => &["env"],
        "time" => &[],
        "chdir" => {
            return rest
                .get(1..)
                .filter(|r| !r.is_empty())
                .map(<[Word]>::to_vec);
        }
        _ => return None,
    };
    let mut argv: Vec<Word> = as_command.iter().map(|w| Word::literal(*w)).collect();
    argv.extend(rest.iter().cloned());
    (!argv.is_empty()).then_some(argv)
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
    /// A login shell that reads its commands from stdin.
    LoginShell,
}

/// Finds where a wrapper's own options end and its command begins.
fn wrapped(spec: &programs::Wrapper, argv: &[Word]) -> Inner {
    let mut i = if spec.subcommand.is_some() { 2 } else { 1 };
    let mut options_done = false;
    let mut skipped = 0usize;
    let mut assignments = Vec::new();
    let mut through_shell = spec.joins_into_shell;
    let mut no_login = false;
    let mut quiet = |opt: &str| {
        no_login |= spec.login_shell_unless.is_some_and(|o| o.contains(&opt));
    };
    while i < argv.len() {
        let w = &argv[i];
        if !w.literal {
            // `env -i PATH="$PATH" cargo check`: a name spelled out before
            // the `=` makes an assignment whatever its value becomes (an
            // expansion cannot reach back past the `=`); the value stays
            // one known only at run time.
            if spec.assignments
                && let Some((name, value)) = w.value.split_once('=')
                && is_name(name)
            {
                let mut value_word = w.clone();
                value_word.value = value.to_owned();
                assignments.push((name.to_owned(), value_word));
                i += 1;
                continue;
            }
            break;
        }
        let v = w.value.as_str();
        if !options_done && spec.lone_dash && v == "-" {
            i += 1;
            continue;
        }
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
                    Some(a) => split_string(spec, Word::literal(a), argv.get(i + 1..)),
                    None => argv
                        .get(i + 1)
                        .cloned()
                        .map_or(Inner::Nothing, |w| split_string(spec, w, argv.get(i + 2..))),
                };
            }
            if spec.no_exec_options.contains(&opt) {
                return Inner::Nothing;
            }
            quiet(opt);
            through_shell |= spec.shell_flags.contains(&opt);
            i += if spec.with_value.contains(&opt) && attached.is_none() {
                2
            } else {
                1
            };
            continue;
        }
        // A one-dash option of several letters named in full takes the
        // next word (`arch -arch arm64 swift build`).
        if !options_done && v.len() > 2 && !v.starts_with("--") && spec.with_value.contains(&v) {
            i += 2;
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
                            .map_or(Inner::Nothing, |w| split_string(spec, w, argv.get(i + 2..)))
                    } else {
                        split_string(spec, Word::literal(rest), argv.get(i + 1..))
                    };
                }
                if spec.no_exec_options.contains(&opt.as_str()) {
                    return Inner::Nothing;
                }
                quiet(&opt);
                through_shell |= spec.shell_flags.contains(&opt.as_str());
                if spec.with_value.contains(&opt.as_str()) {
                    skip_next = rest.is_empty();
                    break;
                }
            }
            i += if skip_next { 2 } else { 1 };
            continue;
        }
        // `env` takes any `NAME=VALUE` before the command, names a shell
        // would not accept included (`BASH_FUNC_ls%%=() { …; }`).
        if spec.assignments
            && let Some((name, value)) = v.split_once('=')
            && (is_name(name) || !name.is_empty() && !name.starts_with('-'))
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
        if spec.login_shell_unless.is_some() && !no_login && skipped == spec.operands {
            Inner::LoginShell
        } else {
            Inner::Nothing
        }
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

/// The command line a string option gives: for `env -S`, the string's
/// words and then every word after it (`env -S 'AWS_PROFILE=prod aws'
/// ecr batch-delete-image …` runs `aws ecr batch-delete-image …`, the
/// variable set); for other wrappers, the string alone, as their shell
/// runs it.
fn split_string(spec: &super::programs::Wrapper, string: Word, rest: Option<&[Word]>) -> Inner {
    match rest.filter(|r| !r.is_empty() && spec.names.contains(&"env")) {
        Some(rest) => Inner::Shell(Word {
            value: super::quote::joined(
                &string.value,
                &rest.iter().map(|w| w.value.clone()).collect::<Vec<_>>(),
            ),
            literal: string.literal && rest.iter().all(|w| w.literal),
            ..string
        }),
        None => Inner::Shell(string),
    }
}

/// Variables naming the editor a program starts on a file (`GIT_EDITOR`,
/// `VISUAL`, `FCEDIT`, `KUBE_EDITOR`).
fn is_editor_variable(name: &str) -> bool {
    name.to_ascii_uppercase().ends_with("EDITOR") || matches!(name, "VISUAL" | "FCEDIT")
}
