//! Scripts a line runs from files: a file written earlier on the same
//! line (`cat > x.sh <<EOF … bash x.sh`), or one on disk (`bash x.sh`,
//! `./x.sh`, `source x.sh`, `npm run x`, `make x`) that the agent may have
//! written with its own file tool, which askrisky does not vet. Their code
//! is walked as nested code of the shell that runs it; what cannot be
//! known before the line runs is code known only at run time, which asks.
//! What a file on disk held when it was read is kept in
//! [`Script::files`](super::Script) for the person to see.
//!
//! What the line writes is kept by `writes`, the disk is read by `disk`,
//! and Makefiles are read by `makefile`: here the walker decides what to
//! walk of them.
//!
//! Without a disk (pure parsing, as in tests) files are not read, but a
//! script named by a word known only at run time (`bash "$x"`) is still
//! code known only at run time.

use std::path::Path;

use super::disk::{Found, Shebang, shebang};
use super::makefile::{Invocation, Recipes};
use super::walker::Walker;
use super::{Origin, Problem, ScriptFile, SimpleCommand, Word, programs};

impl Walker {
    /// Runs what a command runs from files, before its words are looked
    /// through: a script the line wrote, a program or script on disk,
    /// package scripts and Makefile recipes.
    pub(super) fn run_files(&mut self, cmd: &mut SimpleCommand) {
        if matches!(cmd.name().as_deref(), Some("cd" | "pushd" | "popd")) {
            self.disk.moved();
        }
        self.run_written(cmd);
        self.bash_env(cmd);
        self.disk_program(cmd);
        self.disk_interpreter_script(cmd);
        self.preloads(cmd);
        self.disk_recipes(cmd);
    }

    /// Files an interpreter is told by an option to load before its
    /// program (`node -r /tmp/.x/p.js --version`, `ruby -r./x.rb -e 1`):
    /// their code runs as surely as the program's, so it is read from the
    /// line's writes or from disk and kept with the command for the danger
    /// rules. One that cannot be read, or is named only at run time, is
    /// code known only at run time.
    fn preloads(&mut self, cmd: &mut SimpleCommand) {
        let Some(name) = cmd.name().map(std::borrow::Cow::into_owned) else {
            return;
        };
        let files = super::interpreters::preloads(&name, cmd.args());
        if files.is_empty() {
            return;
        }
        let unknown = Problem::DynamicCode {
            program: name.clone(),
        };
        let mut known = Vec::new();
        for (file, literal) in files {
            if !literal {
                self.problem(unknown.clone());
                continue;
            }
            if self.writes.may_have_written(&file) {
                for text in self.written_texts(&file) {
                    match text {
                        Some(text) => known.push(text),
                        None => self.problem(unknown.clone()),
                    }
                }
                continue;
            }
            match self.disk.read_strict(&file) {
                Found::Text(path, text) => {
                    self.script.files.push(ScriptFile {
                        path: path.display().to_string(),
                        text: text.clone(),
                    });
                    known.push(text);
                }
                Found::Unknown(p) => self.problem(p),
                Found::NotText => self.problem(unknown.clone()),
                Found::NoDisk => {}
            }
        }
        if !known.is_empty() {
            cmd.preload_text = Some(known.join("\n"));
        }
    }

    /// bash sources the file `BASH_ENV` names before it runs a script or
    /// `-c` string (`BASH_ENV=./ci/env.sh bash ./ci/run-tests.sh`): the
    /// file is read as `source` would read it, from the line's writes or
    /// from disk, and asks when neither can be read. Any other value is
    /// the danger rules' (`env.hijack`).
    fn bash_env(&mut self, cmd: &SimpleCommand) {
        if cmd.name().as_deref() != Some("bash") {
            return;
        }
        let Some((_, file)) = cmd.assignments.iter().rev().find(|(n, w)| {
            n == "BASH_ENV" && w.literal && !matches!(w.value.as_str(), "" | "/dev/null")
        }) else {
            return;
        };
        let file = file.clone();
        let depth = cmd.depth + 1;
        let texts = self.written_texts(&file.value);
        if !texts.is_empty() {
            self.run_texts("bash", texts, depth);
        } else if self.disk.is_on() {
            self.disk_script("bash", &file, depth);
        } else {
            // Not read, so not known: as any code known only when it runs.
            self.problem(Problem::DynamicCode {
                program: "bash".to_owned(),
            });
        }
    }

    /// What a shell or `source` runs when not given a string: the file
    /// named, or stdin when none is (`None`). The text of `<(echo …)`, of a
    /// file the line wrote, or of a file on disk is known; a `<(…)` of
    /// anything else is code known only at run time, and `/dev/stdin` is
    /// stdin.
    pub(super) fn script_file(
        &mut self,
        program: &str,
        file: Option<&Word>,
        cmd: &SimpleCommand,
        depth: u8,
    ) {
        let from = self.script.commands.len();
        self.script_file_text(program, file, cmd, depth);
        // A shell an ssh login runs on the far side (`ssh web01 <<< 'rm
        // x'`): what its script runs is that machine's too.
        if let Some(client) = cmd.via.iter().find(|v| programs::is_far_client(v)) {
            self.on_far_side(from, &client.clone());
        }
    }

    /// [`Walker::script_file`]'s reading of the script.
    fn script_file_text(
        &mut self,
        program: &str,
        file: Option<&Word>,
        cmd: &SimpleCommand,
        depth: u8,
    ) {
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
            // disk.
            Some(w) if !(w.literal && programs::is_stdin_path(&w.value)) => {
                let texts = self.written_texts(&w.value);
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

    /// The texts of the files written earlier on the line that `path` may
    /// be (see [`Writes::read`](super::writes::Writes::read)).
    fn written_texts(&mut self, path: &str) -> Vec<Option<String>> {
        match self.writes.read(path) {
            Ok(texts) => texts,
            Err(p) => {
                self.problem(p);
                Vec::new()
            }
        }
    }

    /// The whole text of the file written earlier on the line that a
    /// literal `path` names, when it is known; `None` when the line wrote
    /// no such file, or wrote one whose text is known only at run time (or
    /// too much of it: that is a problem of its own).
    pub(super) fn written_whole(&mut self, path: &Word) -> Option<String> {
        self.written_text(path, true)
    }

    /// [`Walker::written_whole`], leaving the file unread for a command
    /// that runs it later on the line.
    pub(super) fn written_peek(&mut self, path: &Word) -> Option<String> {
        self.written_text(path, false)
    }

    /// [`Walker::written_whole`] (`mark`) or [`Walker::written_peek`].
    fn written_text(&mut self, path: &Word, mark: bool) -> Option<String> {
        if !path.literal || self.writes.is_empty() {
            return None;
        }
        // More written text than askrisky reads asks, as for a script.
        let texts = if mark {
            self.written_texts(&path.value)
        } else {
            match self.writes.peek(&path.value) {
                Ok(texts) => texts,
                Err(p) => {
                    self.problem(p);
                    return None;
                }
            }
        };
        if texts.is_empty() {
            return None;
        }
        texts
            .into_iter()
            .collect::<Option<Vec<String>>>()
            .map(|t| t.join("\n"))
    }

    /// Walks the texts of written files a shell runs; unknown text is code
    /// known only at run time.
    fn run_texts(&mut self, program: &str, texts: Vec<Option<String>>, depth: u8) {
        for text in texts {
            match text {
                Some(text) => {
                    self.source_for(program, &text, Origin::Stdin, depth);
                }
                None => self.problem(Problem::DynamicCode {
                    program: program.to_owned(),
                }),
            }
        }
    }

    /// A program run from a file written earlier on the line: executed by
    /// its path (`./x.sh`), its text is walked as shell code, or kept for
    /// the danger rules when its `#!` line names another interpreter; run
    /// by an interpreter (`python3 x.py`), its text is kept for the danger
    /// rules. When the text is unknown (`curl … > x.sh; ./x.sh`, `cp a.sh
    /// x.sh; ./x.sh`), it is code known only at run time.
    fn run_written(&mut self, cmd: &mut SimpleCommand) {
        if self.writes.is_empty() {
            return;
        }
        let Some(name) = cmd.name().map(std::borrow::Cow::into_owned) else {
            return;
        };
        let depth = cmd.depth + 1;
        let program = cmd
            .argv
            .first()
            .filter(|w| w.value.contains('/'))
            .map(|w| w.value.clone())
            .map(|path| self.written_texts(&path))
            .unwrap_or_default();
        if !program.is_empty() {
            let mut shell_texts = Vec::new();
            for text in program {
                match text.as_deref().map(shebang) {
                    Some(Shebang::Other(interpreter)) => {
                        self.interpreted(cmd, &interpreter, text.unwrap_or_default());
                    }
                    _ => shell_texts.push(text),
                }
            }
            self.run_texts(&name, shell_texts, depth);
            return;
        }
        // Fetched and run by a program's own option (`aria2c -d /tmp -o
        // s.cmake URL && cmake -P /tmp/s.cmake`), or by Oracle's consoles'
        // `@file` (`sqlplus -s /@PRD @/tmp/fix.sql`).
        if let Some(value) = super::interpreters::script_option_file(&name, cmd.args())
            .map(|w| w.value.clone())
            .or_else(|| super::interpreters::at_script(&name, cmd.args()).map(str::to_owned))
            && self.writes.may_have_written(&value)
        {
            // A database client's file of plain statements the line wrote
            // (`printf 'UPDATE …' > /tmp/fix.sql && sqlcmd -i /tmp/fix.sql`)
            // is read as the statements it would be fed: the SQL rules judge
            // it. One that may hold a client's own commands (a backslash
            // anywhere: psql's `\o |cmd`, `\!`, `\i`; sqlcmd's `!!` and
            // `:r`; `@file`; SQL*Plus's `HOST`, `SPOOL`, `START`), which may
            // run a shell or another file, or write one, is not read: code
            // known only at run time.
            let oracle = matches!(name.as_str(), "sqlplus" | "sql" | "clpplus");
            let statements = (oracle
                || matches!(
                    name.as_str(),
                    "psql" | "sqlcmd" | "hdbsql" | "snowsql" | "usql" | "vsql" | "trino"
                ))
            .then(|| self.written_texts(&value))
            .filter(|texts| {
                !texts.is_empty()
                    && texts.iter().all(|t| {
                        t.as_deref().is_some_and(|t| {
                            !t.contains(['\\', '!'])
                                && !t.lines().any(|l| {
                                    let l = l.trim_start();
                                    l.starts_with([':', '@', '$']) || oracle && sqlplus_command(l)
                                })
                        })
                    })
            });
            match statements {
                Some(texts) => {
                    let mut fed: Vec<String> = cmd.stdin_text.take().into_iter().collect();
                    fed.extend(texts.into_iter().flatten());
                    cmd.stdin_text = Some(fed.join("\n"));
                }
                None => self.problem(Problem::DynamicCode {
                    program: name.clone(),
                }),
            }
        }
        if super::interpreters::inline_code_flags(&name).is_some()
            && let Some(file) = super::interpreters::script_operand(&name, cmd.args())
        {
            let texts = self.written_texts(&file.value);
            if texts.iter().any(Option::is_none) {
                self.problem(Problem::DynamicCode { program: name });
            }
            let known: Vec<String> = texts.into_iter().flatten().collect();
            if !known.is_empty() {
                cmd.script_text = Some(known.join("\n"));
            }
        }
    }

    /// A script run by its path whose `#!` line names `interpreter`, not
    /// a shell: its text is kept for the danger rules, which judge it as
    /// they judge that interpreter's inline code. An interpreter whose
    /// code askrisky does not read, or text that is not clean, is code
    /// known only at run time.
    fn interpreted(&mut self, cmd: &mut SimpleCommand, interpreter: &str, text: String) {
        let clean = !text.contains(['\u{FFFD}', '\0']);
        if super::interpreters::inline_code_flags(interpreter).is_some() && clean {
            cmd.script_text = Some(text);
            cmd.interpreter = Some(interpreter.to_owned());
        } else {
            self.problem(Problem::DynamicCode {
                program: interpreter.to_owned(),
            });
        }
    }

    /// `python3 tool.py`, `node a.js`, `perl x.pl`, `ruby r.rb`: the script
    /// an interpreter runs, read from disk and kept for the danger rules,
    /// which judge it as they judge `python3 -c CODE`; it is shown to the
    /// person and bound into an approval like a shell script. One that
    /// cannot be read as clean text (missing, too long, compiled, an
    /// archive) is code known only at run time.
    fn disk_interpreter_script(&mut self, cmd: &mut SimpleCommand) {
        if !self.disk.is_on() || cmd.script_text.is_some() {
            return;
        }
        let Some(name) = cmd.name().map(std::borrow::Cow::into_owned) else {
            return;
        };
        if super::interpreters::inline_code_flags(&name).is_none() {
            return;
        }
        if programs::is_python(&name)
            && let Some(module) = super::interpreters::python_module(cmd.args())
        {
            self.project_module(cmd, &name, module.to_owned());
            return;
        }
        let Some(file) = super::interpreters::script_operand(&name, cmd.args()).cloned() else {
            return;
        };
        if file.process
            || (file.literal && programs::is_stdin_path(&file.value))
            || self.writes.may_have_written(&file.value)
        {
            return;
        }
        let unknown = Problem::DynamicCode {
            program: name.clone(),
        };
        if !file.literal {
            self.problem(unknown);
            return;
        }
        match self.disk.read_strict(&file.value) {
            Found::Text(path, text) => {
                self.script.files.push(ScriptFile {
                    path: path.display().to_string(),
                    text: text.clone(),
                });
                cmd.script_text = Some(text);
            }
            Found::Unknown(p) => self.problem(p),
            Found::NotText => self.problem(unknown),
            Found::NoDisk => {}
        }
    }

    /// `python3 -m tool`: Python looks in the folder it runs in first, so
    /// `tool.py` (or `tool/__main__.py`) there is a script the line runs,
    /// read like `python3 tool.py`. A module found nowhere in the folder
    /// is an installed one; after a `cd` the folder is not known, and the
    /// module is not read.
    fn project_module(&mut self, cmd: &mut SimpleCommand, name: &str, module: String) {
        let base = module.replace('.', "/");
        let candidates = [format!("{base}.py"), format!("{base}/__main__.py")];
        if candidates.iter().any(|c| self.writes.may_have_written(c)) {
            self.problem(Problem::DynamicCode {
                program: name.to_owned(),
            });
            return;
        }
        let Some(Some(path)) = self.disk.first_present(&candidates) else {
            return;
        };
        match self.disk.read_strict(&path.display().to_string()) {
            Found::Text(path, text) => {
                self.script.files.push(ScriptFile {
                    path: path.display().to_string(),
                    text: text.clone(),
                });
                cmd.script_text = Some(text);
            }
            Found::Unknown(p) => self.problem(p),
            Found::NotText => self.problem(Problem::DynamicCode {
                program: name.to_owned(),
            }),
            Found::NoDisk => {}
        }
    }

    /// Walks code read from `path` as `program`'s, depth below the command
    /// that runs it. Problems found in a file older than the session do
    /// not count; its commands always do.
    fn walk_file(&mut self, program: &str, path: &Path, shown: String, text: &str, depth: u8) {
        self.script.files.push(ScriptFile {
            path: shown,
            text: text.to_owned(),
        });
        let before = self.script.problems.len();
        self.source_for(program, text, Origin::File, depth);
        if self.disk.older_than_session(path) {
            self.script.problems.truncate(before);
        }
    }

    /// `direnv allow [DIR|FILE]`: the `.envrc` it lets run at every `cd`,
    /// read from the disk and judged as the shell code it is, when the
    /// line did not write it (then it is judged as written; see
    /// `runs_what_it_wrote`). The person's own review of the file is what
    /// the command stands in for.
    pub(super) fn direnv_allowed(&mut self, cmd: &SimpleCommand) {
        let args = cmd.args();
        if !args
            .first()
            .is_some_and(|w| matches!(w.value.as_str(), "allow" | "permit" | "grant"))
            || self.writes.may_have_written(".envrc")
        {
            return;
        }
        let file = match args.get(1) {
            None => Word::literal(".envrc"),
            Some(w) if !w.literal => {
                self.problem(Problem::DynamicCode {
                    program: "direnv".into(),
                });
                return;
            }
            Some(w) if w.value.ends_with(".envrc") || w.value.ends_with(".env") => w.clone(),
            Some(w) if w.value == "." => Word::literal(".envrc"),
            Some(w) => Word::literal(format!("{}/.envrc", w.value.trim_end_matches('/'))),
        };
        self.disk_script("direnv", &file, cmd.depth + 1);
    }

    /// `bash FILE`, `source FILE`, `. FILE`: the file named, when the line
    /// did not write it.
    fn disk_script(&mut self, program: &str, file: &Word, depth: u8) {
        if !file.literal {
            self.problem(Problem::DynamicCode {
                program: program.to_owned(),
            });
            return;
        }
        match self.disk.read(&file.value) {
            Found::Text(path, text) => {
                let shown = path.display().to_string();
                self.walk_file(program, &path, shown, &text, depth);
            }
            Found::Unknown(p) => self.problem(p),
            Found::NotText | Found::NoDisk => {}
        }
    }

    /// A program run by its path (`./x.sh`), or a script in a folder of
    /// `PATH` that is not the system's: a shell script is walked as code of
    /// its shell, another interpreter's is kept for the danger rules.
    fn disk_program(&mut self, cmd: &mut SimpleCommand) {
        if !self.disk.is_on() {
            return;
        }
        let Some(first) = cmd.argv.first().filter(|w| w.literal) else {
            return;
        };
        let by_path = first.value.contains('/');
        let value = if by_path {
            first.value.clone()
        } else {
            let Some(found) = self.disk.on_path(&first.value) else {
                return;
            };
            found.display().to_string()
        };
        if self.writes.may_have_written(&value) {
            return;
        }
        let depth = cmd.depth + 1;
        match self.disk.read(&value) {
            Found::Text(path, text) => match shebang(&text) {
                Shebang::None => {
                    let shown = path.display().to_string();
                    self.walk_file("sh", &path, shown, &text, depth);
                }
                Shebang::Shell(shell) => {
                    let shown = path.display().to_string();
                    self.walk_file(&shell, &path, shown, &text, depth);
                }
                Shebang::Other(interpreter) => {
                    self.script.files.push(ScriptFile {
                        path: path.display().to_string(),
                        text: text.clone(),
                    });
                    // What cannot be read in a file older than the session
                    // is the project's own (see `disk`).
                    let before = self.script.problems.len();
                    self.interpreted(cmd, &interpreter, text);
                    if self.disk.older_than_session(&path) {
                        self.script.problems.truncate(before);
                    }
                }
            },
            Found::Unknown(p) if by_path => self.problem(p),
            Found::Unknown(_) | Found::NotText | Found::NoDisk => {}
        }
    }

    /// Package scripts (`npm run NAME`, `npm test`, `yarn NAME`, …) and
    /// Makefile recipes (`make TARGET`) the command runs.
    fn disk_recipes(&mut self, cmd: &SimpleCommand) {
        let Some(name) = cmd.name() else {
            return;
        };
        let depth = cmd.depth + 1;
        if name == "make" || name == "gmake" {
            self.make(cmd, depth);
            return;
        }
        if name == "just" {
            self.just(cmd, depth);
            return;
        }
        let Some(scripts) = package_scripts(&name, cmd.args()) else {
            return;
        };
        // A script named at run time, or a `package.json` written earlier
        // on the line (`sed -i … package.json && turbo run test`): what
        // runs is only known then, whatever is on disk now.
        if scripts.iter().any(|s| s == "*") || self.writes.may_have_written("package.json") {
            self.problem(Problem::DynamicCode {
                program: name.into_owned(),
            });
            return;
        }
        if !self.disk.is_on() {
            return;
        }
        let Some(found) = self.disk.package_json() else {
            self.problem(Problem::DynamicCode {
                program: name.into_owned(),
            });
            return;
        };
        let Some((path, json)) = found else {
            return;
        };
        let Some(table) = json.get("scripts").and_then(serde_json::Value::as_object) else {
            return;
        };
        for script in scripts {
            if let Some(code) = table.get(&script).and_then(serde_json::Value::as_str) {
                let shown = format!("{}#scripts.{script}", path.display());
                // Package managers run scripts with `sh -c`.
                self.walk_file("sh", &path, shown, code, depth);
            }
        }
    }

    /// `make [-C DIR] [-f FILE…] [--eval TEXT…] [NAME=VALUE…] [TARGET…]`:
    /// the recipe lines that would run, each walked as `sh` code, when the
    /// Makefiles can be read without running make; otherwise code known
    /// only at run time. That counts only for Makefiles changed since the
    /// session began, never for Makefile text the line gives itself
    /// (`--eval`, `-f -` fed a heredoc); a Makefile the line wrote earlier
    /// holds what is only known when it runs.
    fn make(&mut self, cmd: &SimpleCommand, depth: u8) {
        let unknown = Problem::DynamicCode {
            program: "make".into(),
        };
        // A Makefile the line prints into a process substitution (`make -f
        // <(printf 'all:\n\t…')`): its text, when the substitution's
        // output is known; else known only when it runs.
        let args = cmd.args();
        let fed: Vec<usize> = (1..args.len())
            .filter(|&i| {
                args[i].process
                    && matches!(args[i - 1].value.as_str(), "-f" | "--file" | "--makefile")
            })
            .collect();
        if !fed.is_empty() {
            let texts: Option<Vec<&str>> = fed.iter().map(|&i| args[i].output.as_deref()).collect();
            let mut named = args.to_vec();
            for &i in &fed {
                named[i] = Word::literal("/dev/fd/63");
            }
            match (texts, Invocation::parse(&named)) {
                (Some(texts), Some(call)) if call.files.len() == fed.len() => {
                    self.walk_recipes("make", call.recipes(&texts.join("\n")), true, depth);
                }
                _ => self.problem(unknown),
            }
            return;
        }
        let Some(call) = Invocation::parse(cmd.args()) else {
            if self.disk.is_on() {
                self.problem(unknown);
            }
            return;
        };
        let mut changed = !call.evals.is_empty();
        // A Makefile this line wrote (`printf 'all:\n\t…' > Mk && make
        // -f Mk`), with or without the disk: read as written where the
        // line says every named one whole, else known only when it runs.
        let candidates = call.candidates();
        if candidates.iter().any(|c| self.writes.may_have_written(c)) {
            let written: Option<Vec<String>> = if call.files.is_empty() {
                None
            } else {
                candidates
                    .iter()
                    .map(|c| self.written_whole(&Word::literal(c.as_str())))
                    .collect()
            };
            let Some(texts) = written else {
                self.problem(unknown);
                return;
            };
            let Recipes { lines, opaque } = call.recipes(&texts.join("\n"));
            for l in &lines {
                self.source_for("make", l, Origin::File, depth);
            }
            if opaque {
                self.problem(unknown);
            }
            return;
        }
        if !self.disk.is_on() {
            // Without the disk the Makefiles are not read (as for a line
            // without `--eval`); the line's own Makefile text is: `--eval`,
            // and `-f -` or `-f /dev/stdin` with a here-document.
            let stdin =
                !call.files.is_empty() && call.files.iter().all(|f| programs::is_stdin_path(f));
            let text = match (&cmd.stdin_text, stdin) {
                (Some(t), true) => t.clone(),
                (None, true) => {
                    self.problem(unknown);
                    return;
                }
                _ => String::new(),
            };
            if changed || stdin {
                let Recipes { lines, opaque } = call.recipes(&text);
                for l in &lines {
                    self.source_for("make", l, Origin::File, depth);
                }
                if opaque {
                    self.problem(unknown);
                }
            }
            return;
        }
        let named: Vec<String> = if call.files.is_empty() {
            match self.disk.first_present(&candidates) {
                None => {
                    self.problem(unknown);
                    return;
                }
                Some(Some(path)) => vec![path.display().to_string()],
                // No Makefile: make finds nothing to run but the text the
                // line gives it (or its built-in rules, which compile).
                Some(None) => Vec::new(),
            }
        } else {
            candidates
        };
        let mut text = String::new();
        for file in named {
            if programs::is_stdin_path(&file) {
                // `make -f - <<EOF`: the line's own text.
                match &cmd.stdin_text {
                    Some(t) => text.push_str(t),
                    None => {
                        self.problem(unknown);
                        return;
                    }
                }
                changed = true;
                continue;
            }
            match self.disk.read(&file) {
                Found::Text(path, t) => {
                    changed |= !self.disk.older_than_session(&path);
                    text.push_str(&t);
                    text.push('\n');
                    self.script.files.push(ScriptFile {
                        path: path.display().to_string(),
                        text: t,
                    });
                }
                Found::Unknown(p) => {
                    self.problem(p);
                    return;
                }
                Found::NotText | Found::NoDisk => return,
            }
        }
        self.walk_recipes("make", call.recipes(&text), changed, depth);
    }

    /// Walks a task runner's recipe lines as `sh` code. What they hold
    /// that cannot be read, and what only the runner works out (`opaque`),
    /// counts only for a recipe file changed since the session began: the
    /// person's own, older file is theirs; its commands are judged still.
    fn walk_recipes(&mut self, runner: &str, recipes: Recipes, changed: bool, depth: u8) {
        let Recipes { lines, opaque } = recipes;
        let before = self.script.problems.len();
        for l in &lines {
            self.source_for(runner, l, Origin::File, depth);
        }
        if !changed {
            self.script.problems.truncate(before);
        } else if opaque {
            self.problem(Problem::DynamicCode {
                program: runner.into(),
            });
        }
    }
}

impl Walker {
    /// `just [-f FILE] [RECIPE…]`: the recipe lines that would run, each
    /// walked as `sh` code, when the justfile can be read; what only `just`
    /// works out is code known only at run time, as for `make`, counted
    /// only for a justfile changed since the session began.
    fn just(&mut self, cmd: &SimpleCommand, depth: u8) {
        if !self.disk.is_on() {
            return;
        }
        let unknown = Problem::DynamicCode {
            program: "just".into(),
        };
        let args = cmd.args();
        if args.iter().any(|w| !w.literal) {
            self.problem(unknown);
            return;
        }
        // Looks that run no recipe.
        const LOOKS: &[&str] = &[
            "-l",
            "--list",
            "--summary",
            "-s",
            "--show",
            "--dump",
            "--evaluate",
            "-h",
            "--help",
            "-V",
            "--version",
            "-n",
            "--dry-run",
            "--fmt",
            "--check",
            "--variables",
            "--groups",
            "--completions",
            "--man",
            "--init",
        ];
        if args.iter().any(|w| LOOKS.contains(&w.value.as_str())) {
            return;
        }
        let mut named = Vec::new();
        let mut file = None;
        let mut it = args.iter().map(|w| w.value.as_str());
        while let Some(v) = it.next() {
            match v {
                "-f" | "--justfile" => file = it.next(),
                "-d" | "--working-directory" | "--set" | "--shell" | "--dotenv-path" => {
                    // A folder or a setting of its own: what runs is
                    // elsewhere or otherwise.
                    self.problem(unknown);
                    return;
                }
                _ if v.starts_with('-') => {}
                _ => named.push(v),
            }
        }
        let candidates: Vec<String> = match file {
            Some(f) => vec![f.to_owned()],
            None => ["justfile", "Justfile", ".justfile"]
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
        };
        if candidates.iter().any(|c| self.writes.may_have_written(c)) {
            self.problem(unknown);
            return;
        }
        let path = match self.disk.first_present(&candidates) {
            None => {
                self.problem(unknown);
                return;
            }
            Some(Some(path)) => path,
            // No justfile here: just looks in the folders above, which
            // askrisky does not follow.
            Some(None) => {
                self.problem(unknown);
                return;
            }
        };
        let (text, changed) = match self.disk.read(&path.display().to_string()) {
            Found::Text(path, t) => {
                let changed = !self.disk.older_than_session(&path);
                self.script.files.push(ScriptFile {
                    path: path.display().to_string(),
                    text: t.clone(),
                });
                (t, changed)
            }
            Found::Unknown(p) => {
                self.problem(p);
                return;
            }
            Found::NotText | Found::NoDisk => return,
        };
        let recipes = super::justfile::just_recipes(&text, &named);
        self.walk_recipes("just", recipes, changed, depth);
    }
}

/// Whether a line of a SQL*Plus script is one of its own commands that
/// runs a shell or another script, or writes a file (`HOST rm -rf x`,
/// `SPOOL ~/.bashrc`, `START other.sql`, `SAVE`, `STORE`, `EDIT`, `GET`),
/// under any of the short forms it takes.
fn sqlplus_command(line: &str) -> bool {
    let word = line
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    matches!(
        word.as_str(),
        "ho" | "hos"
            | "host"
            | "spo"
            | "spoo"
            | "spool"
            | "sta"
            | "star"
            | "start"
            | "sav"
            | "save"
            | "sto"
            | "stor"
            | "store"
            | "ed"
            | "edi"
            | "edit"
            | "get"
    )
}

/// The package scripts a package-manager command runs, in order (`pre`,
/// the script, `post`), or `None` when it runs none.
fn package_scripts(program: &str, args: &[Word]) -> Option<Vec<String>> {
    if !matches!(program, "npm" | "pnpm" | "yarn" | "bun" | "turbo" | "lerna") {
        return None;
    }
    let mut words = args.iter();
    let mut positional = Vec::new();
    for w in words.by_ref() {
        if !w.literal {
            // A script name known only at run time: every script may run.
            return Some(vec!["*".into()]);
        }
        if w.value == "--" {
            break;
        }
        if w.value.starts_with('-') {
            continue;
        }
        positional.push(w.value.as_str());
        if positional.len() == 2 {
            break;
        }
    }
    const INSTALL: &[&str] = &[
        "preinstall",
        "install",
        "postinstall",
        "preprepare",
        "prepare",
        "postprepare",
    ];
    let around = |s: &str| vec![format!("pre{s}"), s.to_owned(), format!("post{s}")];
    let run = match (program, positional.as_slice()) {
        ("npm" | "pnpm" | "bun", ["run" | "run-script" | "rum" | "urn", name, ..]) => around(name),
        ("yarn", ["run", name, ..]) => around(name),
        // Monorepo runners run the script of that name (`turbo run test`,
        // `lerna run build`), the root package's among them.
        ("turbo" | "lerna", ["run", name, ..]) => around(name),
        ("npm" | "pnpm" | "yarn", ["test" | "t" | "tst", ..]) => around("test"),
        ("npm" | "pnpm" | "yarn", ["start", ..]) => around("start"),
        ("npm" | "pnpm", ["stop", ..]) => around("stop"),
        ("npm" | "pnpm", ["restart", ..]) => {
            let mut v = around("restart");
            v.extend(around("stop"));
            v.extend(around("start"));
            v
        }
        ("npm" | "pnpm" | "yarn" | "bun", ["install" | "i" | "ci" | "add", ..]) | ("yarn", []) => {
            INSTALL.iter().map(|s| (*s).to_owned()).collect()
        }
        // `yarn NAME` and `pnpm NAME` run a script of that name when it is
        // not one of their own commands.
        ("yarn" | "pnpm", [name, ..]) if !is_builtin(program, name) => around(name),
        _ => return None,
    };
    Some(run)
}

fn is_builtin(program: &str, name: &str) -> bool {
    const YARN: &[&str] = &[
        "add",
        "audit",
        "autoclean",
        "bin",
        "cache",
        "check",
        "config",
        "create",
        "dedupe",
        "dlx",
        "exec",
        "generate-lock-entry",
        "global",
        "help",
        "import",
        "info",
        "init",
        "install",
        "licenses",
        "link",
        "list",
        "login",
        "logout",
        "node",
        "outdated",
        "owner",
        "pack",
        "plugin",
        "policies",
        "publish",
        "remove",
        "rebuild",
        "set",
        "tag",
        "team",
        "unlink",
        "unplug",
        "up",
        "upgrade",
        "upgrade-interactive",
        "version",
        "versions",
        "why",
        "workspace",
        "workspaces",
    ];
    const PNPM: &[&str] = &[
        "add",
        "audit",
        "bin",
        "config",
        "create",
        "dedupe",
        "deploy",
        "dlx",
        "doctor",
        "env",
        "exec",
        "fetch",
        "help",
        "import",
        "init",
        "install",
        "install-test",
        "licenses",
        "link",
        "list",
        "ls",
        "outdated",
        "pack",
        "patch",
        "patch-commit",
        "prune",
        "publish",
        "rebuild",
        "remove",
        "rm",
        "root",
        "server",
        "setup",
        "store",
        "un",
        "uninstall",
        "unlink",
        "update",
        "up",
        "why",
    ];
    match program {
        "yarn" => YARN.contains(&name),
        "pnpm" => PNPM.contains(&name),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::disk::Disk;
    use std::time::SystemTime;

    /// The disk a test's line runs on: its folder, no home, every file
    /// counted as older than the session.
    fn disk_at(cwd: &std::path::Path) -> Disk {
        Disk {
            cwd: cwd.to_path_buf(),
            home: None,
            user_path: Vec::new(),
            since: SystemTime::UNIX_EPOCH,
        }
    }

    fn words(args: &[&str]) -> Vec<Word> {
        args.iter().map(|a| Word::literal(*a)).collect()
    }

    #[test]
    fn package_manager_commands_and_their_scripts() {
        let s = |p: &str, a: &[&str]| package_scripts(p, &words(a));
        let around = |n: &str| Some(vec![format!("pre{n}"), n.to_owned(), format!("post{n}")]);
        assert_eq!(s("npm", &["run", "build"]), around("build"));
        assert_eq!(s("npm", &["run-script", "-s", "lint"]), around("lint"));
        assert_eq!(s("npm", &["test"]), around("test"));
        assert_eq!(s("npm", &["t"]), around("test"));
        assert_eq!(s("yarn", &["build"]), around("build"));
        assert_eq!(s("yarn", &["add", "left-pad"]).map(|v| v.len()), Some(6));
        assert_eq!(s("pnpm", &["dev"]), around("dev"));
        assert_eq!(s("pnpm", &["why", "x"]), None);
        assert_eq!(s("npm", &["view", "x"]), None);
        assert_eq!(
            s("npm", &["install"]).map(|v| v.contains(&"postinstall".to_owned())),
            Some(true)
        );
        assert_eq!(s("bun", &["run", "x"]), around("x"));
        // Only package managers run package scripts, whatever their words.
        let dynamic = [Word::literal("run"), Word::dynamic("$X")];
        assert_eq!(package_scripts("npm", &dynamic), Some(vec!["*".to_owned()]));
        assert_eq!(package_scripts("echo", &dynamic), None);
    }

    #[test]
    fn package_scripts_and_make_recipes_a_line_runs_are_walked() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let cwd = dir.path().to_path_buf();
        let write = |name: &str, text: &str| {
            std::fs::write(cwd.join(name), text).unwrap_or_else(|e| panic!("{e}"));
        };
        write(
            "package.json",
            r#"{"scripts":{"build":"tsc","prebuild":"shred -u notes","lint":"eslint ."}}"#,
        );
        write("Makefile", "clean:\n\trm -rf out\n");
        let disk = || disk_at(&cwd);
        let names = |line: &str| -> Vec<String> {
            crate::parse::parse_on(line, crate::parse::Syntax::Bash, disk())
                .commands
                .iter()
                .filter_map(|c| c.name().map(std::borrow::Cow::into_owned))
                .collect()
        };
        assert_eq!(names("npm run build"), ["shred", "tsc", "npm"]);
        assert_eq!(names("npm run lint"), ["eslint", "npm"]);
        assert_eq!(names("make clean"), ["rm", "make"]);
        // Not a package manager: its words name no script.
        assert_eq!(names("echo build"), ["echo"]);
        // A script named at run time may be any of them.
        let dynamic = crate::parse::parse_on("npm run $T", crate::parse::Syntax::Bash, disk());
        assert!(!dynamic.problems.is_empty());
    }

    #[test]
    fn direnv_allow_reads_the_envrc_it_allows() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let cwd = dir.path().to_path_buf();
        let write = |name: &str, text: &str| {
            std::fs::write(cwd.join(name), text).unwrap_or_else(|e| panic!("{e}"));
        };
        std::fs::create_dir(cwd.join("sub")).unwrap_or_else(|e| panic!("{e}"));
        write(".envrc", "shred -u notes\n");
        write("sub/.envrc", "wipefs x\n");
        write("dev.env", "chmod 777 y\n");
        let disk = || disk_at(&cwd);
        let parsed = |line: &str| crate::parse::parse_on(line, crate::parse::Syntax::Bash, disk());
        let names = |line: &str| -> Vec<String> {
            parsed(line)
                .commands
                .iter()
                .filter_map(|c| c.name().map(std::borrow::Cow::into_owned))
                .collect()
        };
        for (line, want) in [
            ("direnv allow", &["shred", "direnv"][..]),
            ("direnv allow .", &["shred", "direnv"]),
            ("direnv permit sub", &["wipefs", "direnv"]),
            ("direnv grant sub/", &["wipefs", "direnv"]),
            ("direnv allow sub/.envrc", &["wipefs", "direnv"]),
            ("direnv allow dev.env", &["chmod", "direnv"]),
            ("direnv status", &["direnv"]),
            ("direnv deny", &["direnv"]),
            // Written on the line: judged as written, not as on disk.
            (
                "echo 'touch y' > .envrc; direnv allow",
                &["echo", "touch", "direnv"],
            ),
        ] {
            assert_eq!(names(line), want, "{line}");
        }
        assert!(!parsed("direnv allow \"$D\"").problems.is_empty());
        assert!(parsed("direnv allow sub").problems.is_empty());
    }

    #[test]
    fn interpreter_scripts_and_preloads_are_read_from_disk() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let cwd = dir.path().to_path_buf();
        let write = |name: &str, text: &str| {
            std::fs::write(cwd.join(name), text).unwrap_or_else(|e| panic!("{e}"));
        };
        write("tool.py", "import shutil\n");
        write("hook.js", "require('child_process')\n");
        let disk = || disk_at(&cwd);
        let parsed = |line: &str| crate::parse::parse_on(line, crate::parse::Syntax::Bash, disk());
        let first = |line: &str| parsed(line).commands.first().cloned().unwrap_or_default();
        // The script an interpreter runs, and what it preloads.
        assert_eq!(
            first("python3 tool.py").script_text.as_deref(),
            Some("import shutil\n")
        );
        assert_eq!(
            first("node -r ./hook.js -e 1").preload_text.as_deref(),
            Some("require('child_process')\n")
        );
        // Not read when only the version is asked; code known only when
        // the line runs, or a file that is not there, asks.
        assert_eq!(first("node -r ./hook.js --version").preload_text, None);
        assert!(parsed("node -r ./hook.js --version").problems.is_empty());
        assert!(!parsed("node -r ./gone.js -e 1").problems.is_empty());
        assert!(!parsed("node -r \"$H\" -e 1").problems.is_empty());
        assert!(!parsed("python3 gone.py").problems.is_empty());
        // Several preloads are all kept.
        write("b.js", "b\n");
        assert_eq!(
            first("node -r ./hook.js --require=./b.js -e 1")
                .preload_text
                .as_deref(),
            Some("require('child_process')\n\nb\n")
        );
    }
}
