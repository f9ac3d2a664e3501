//! Programs that run shell code given in their arguments but run no
//! command of their own words: tmux, `screen -X`, hyperfine, git (its
//! aliases, `rebase -x`, `submodule foreach`, `bisect run`), sed's `e`,
//! vim's `:!`, ssh's local commands, rsync's far-side program, zip's test
//! command.

use crate::parse::programs;
use crate::parse::types::{Origin, Problem, SimpleCommand};
use crate::parse::walker::Walker;
use crate::parse::word::Word;

impl Walker {
    /// Programs that run shell code given in their arguments but run no
    /// command of their own words: tmux, `screen -X`, hyperfine, git
    /// (`rebase -x`, `submodule foreach`, `bisect run`), sed's `e`, vim's
    /// `:!`. Their code is walked; the command itself is recorded as is.
    pub(crate) fn look_inside(&mut self, name: &str, cmd: &SimpleCommand) {
        let depth = cmd.depth + 1;
        match name {
            "tmux" => self.tmux(cmd, depth),
            "screen" => self.screen_command(cmd, depth),
            "hyperfine" => self.hyperfine(cmd, depth),
            "git" => self.git_runs(cmd, depth),
            "sed" | "gsed" => self.sed_runs(cmd, depth),
            "vim" | "vi" | "nvim" | "ex" | "view" | "gvim" => self.vim_runs(cmd, depth),
            "sftp" | "lftp" | "smbclient" => {
                self.file_session(name, cmd, depth);
                self.tool_commands(name, cmd.args(), depth);
            }
            "ssh" | "scp" | "rsync" | "zip" | "man" => self.tool_commands(name, cmd.args(), depth),
            "mvn" | "mvnw" => self.maven_exec(cmd, depth),
            // What tox's overrides on the line make it run.
            "tox" => {
                for (text, sure) in crate::parse::fleet::tox_commands(cmd.args()) {
                    if sure {
                        self.source(&text, Origin::ShellString, depth);
                    } else {
                        self.speculate(&text, depth);
                    }
                }
            }
            _ => {
                // A client's or a console's shell escape runs its command
                // for certain (`sqlite3 db '.shell …'`, `ipython -c '!…'`).
                // (Also in what it reads on stdin: `sqlplus -s / <<'EOF' …
                // HOST rm -rf …`.)
                let words: Vec<&str> = cmd
                    .args()
                    .iter()
                    .filter(|w| w.literal)
                    .map(|w| w.value.as_str())
                    .chain(cmd.stdin_text.as_deref())
                    .collect();
                for text in crate::parse::editor_scripts::client_escapes(name, &words) {
                    self.source(text, Origin::ShellString, depth);
                }
                // ed's commands read on stdin (`ed -s f <<< '!rm -rf ~/x'`,
                // `w !sh`); fed ones the line cannot show (`cat s.ed | ed
                // f`), it may run any command.
                if name == "ed" {
                    match &cmd.stdin_text {
                        Some(script) => {
                            for text in crate::parse::editor_scripts::ed_escapes(script) {
                                self.source(text, Origin::ShellString, depth);
                            }
                        }
                        None if cmd.stdin_dynamic => self.problem(Problem::DynamicCode {
                            program: "ed".into(),
                        }),
                        None => {}
                    }
                }
            }
        }
    }

    /// gdb's commands given with `-ex` that run a shell (`shell CMD`,
    /// `!CMD`, `pipe … | CMD`) are walked; a script of its own, Python or
    /// Guile is code known only at run time. `--args PROG …` is the
    /// program it debugs, and runs.
    pub(super) fn gdb(&mut self, cmd: &SimpleCommand, depth: u8) -> Option<SimpleCommand> {
        let args = cmd.args();
        for v in programs::option_values(
            args,
            &[
                "-ex",
                "--ex",
                "-eval-command",
                "--eval-command",
                "-iex",
                "--iex",
                "-init-eval-command",
            ],
        ) {
            let t = v.trim_start();
            if let Some(code) = t
                .strip_prefix("shell")
                .or_else(|| t.strip_prefix('!'))
                .filter(|_| {
                    !t.starts_with("shell")
                        || t[5..].starts_with(char::is_whitespace)
                        || t.len() == 5
                })
            {
                self.source(code, Origin::ShellString, depth);
            } else if [
                "python", "py ", "pi", "guile", "pipe", "|", "source", "define",
            ]
            .iter()
            .any(|p| t.starts_with(p))
            {
                self.problem(Problem::DynamicCode {
                    program: "gdb".into(),
                });
            }
        }
        if !programs::option_values(args, &["-x", "--command", "-ix", "--init-command"]).is_empty()
        {
            self.problem(Problem::DynamicCode {
                program: "gdb".into(),
            });
        }
        let at = args.iter().position(|w| w.value == "--args")?;
        let mut inner = cmd.clone();
        inner.argv = args.get(at + 1..).unwrap_or_default().to_vec();
        inner.via.push("gdb".into());
        inner.origin = Origin::Wrapper;
        (!inner.argv.is_empty()).then_some(inner)
    }

    /// tmux runs shell commands given to `new-session`, `new-window`,
    /// `split-window`, `respawn-pane`, `run-shell`, `if-shell`,
    /// `display-popup`, `pipe-pane` and its own `-c`; `send-keys` types its
    /// keys into a shell.
    fn tmux(&mut self, cmd: &SimpleCommand, depth: u8) {
        const GLOBAL_VALUES: &[&str] = &["-L", "-S", "-f", "-T"];
        const VALUES: &[&str] = &[
            "-t", "-s", "-n", "-c", "-e", "-x", "-y", "-F", "-l", "-f", "-w", "-h", "-N", "-T",
            "-b", "-d", "-S", "-X", "-E",
        ];
        let args = cmd.args();
        let mut i = 0;
        while let Some(w) = args.get(i) {
            let v = w.value.as_str();
            if v == "-c" {
                self.code_words(
                    "tmux",
                    args.get(i + 1..i + 2).unwrap_or_default(),
                    Origin::ShellString,
                    depth,
                );
                return;
            }
            if v.starts_with('-') && v.len() > 1 {
                i += if GLOBAL_VALUES.contains(&v) { 2 } else { 1 };
                continue;
            }
            break;
        }
        // Commands are separated by `;` words (`tmux new -d \; send-keys …`).
        let rest = args.get(i..).unwrap_or_default();
        for part in rest.split(|w| w.value == ";" || w.value == "\\;") {
            let Some((sub, opts)) = part.split_first() else {
                continue;
            };
            let sub = sub.value.as_str();
            let mut j = 0;
            while let Some(w) = opts.get(j) {
                let v = w.value.as_str();
                if v == "--" {
                    j += 1;
                    break;
                }
                if v.starts_with('-') && v.len() > 1 {
                    let flag_takes_value = v
                        .chars()
                        .last()
                        .is_some_and(|c| VALUES.contains(&format!("-{c}").as_str()))
                        && !(sub.starts_with("new") && v == "-d")
                        && !(sub.starts_with("split") && v == "-d")
                        && !(sub.starts_with("send") && v == "-X");
                    j += if flag_takes_value { 2 } else { 1 };
                    continue;
                }
                break;
            }
            let words = opts.get(j..).unwrap_or_default();
            match sub {
                "new-session" | "new" | "new-window" | "neww" | "split-window" | "splitw"
                | "respawn-pane" | "respawnp" | "respawn-window" | "respawnw" | "run-shell"
                | "run" | "if-shell" | "if" | "display-popup" | "popup" | "pipe-pane" | "pipep" => {
                    self.code_words("tmux", words, Origin::ShellString, depth)
                }
                "send-keys" | "send" => {
                    let keys: Vec<Word> = words
                        .iter()
                        .filter(|w| !matches!(w.value.as_str(), "Enter" | "C-m" | "KPEnter"))
                        .cloned()
                        .collect();
                    self.code_words("tmux", &keys, Origin::ShellString, depth);
                }
                _ => {}
            }
        }
    }

    /// `screen -X stuff TEXT` types TEXT into a session's shell; `-X exec`
    /// and `-X screen` run a command there.
    fn screen_command(&mut self, cmd: &SimpleCommand, depth: u8) {
        let args = cmd.args();
        let Some(at) = args.iter().position(|w| w.value == "-X") else {
            return;
        };
        let rest = args.get(at + 1..).unwrap_or_default();
        if let Some((sub, words)) = rest.split_first()
            && matches!(sub.value.as_str(), "stuff" | "exec" | "screen")
        {
            // `stuff` reads `^M` (and `\r`, `\n`) as the Enter key.
            let typed: Vec<Word> = words
                .iter()
                .map(|w| Word {
                    value: w
                        .value
                        .replace("^M", "\n")
                        .replace("\\r", "\n")
                        .replace("\\n", "\n"),
                    ..w.clone()
                })
                .collect();
            self.code_words("screen", &typed, Origin::ShellString, depth);
        }
    }

    /// hyperfine runs each command it times, and its `--prepare`,
    /// `--setup`, `--cleanup` and `--conclude` commands, through a shell.
    fn hyperfine(&mut self, cmd: &SimpleCommand, depth: u8) {
        const VALUES: &[&str] = &[
            "-w",
            "--warmup",
            "-m",
            "--min-runs",
            "-M",
            "--max-runs",
            "-r",
            "--runs",
            "-S",
            "--shell",
            "--style",
            "-u",
            "--time-unit",
            "--export-asciidoc",
            "--export-csv",
            "--export-json",
            "--export-markdown",
            "--export-orgmode",
            "-n",
            "--command-name",
            "--output",
            "--input",
            "--sort",
            "-D",
            "--parameter-step-size",
        ];
        const CODE: &[&str] = &[
            "-p",
            "--prepare",
            "-s",
            "--setup",
            "-c",
            "--cleanup",
            "-C",
            "--conclude",
        ];
        let args = cmd.args();
        let mut i = 0;
        while let Some(w) = args.get(i) {
            let v = w.value.as_str();
            let name = v.split('=').next().unwrap_or(v);
            if CODE.contains(&name) {
                match v.split_once('=') {
                    Some((_, code)) => {
                        let mut word = w.clone();
                        word.value = code.to_owned();
                        self.code_words("hyperfine", &[word], Origin::ShellString, depth);
                        i += 1;
                    }
                    None => {
                        self.code_words(
                            "hyperfine",
                            args.get(i + 1..i + 2).unwrap_or_default(),
                            Origin::ShellString,
                            depth,
                        );
                        i += 2;
                    }
                }
            } else if matches!(name, "-L" | "--parameter-list") {
                i += 3;
            } else if matches!(name, "-P" | "--parameter-scan") {
                i += 4;
            } else if VALUES.contains(&name) && !v.contains('=') {
                i += 2;
            } else if v.starts_with('-') && v.len() > 1 {
                i += 1;
            } else {
                self.code_words(
                    "hyperfine",
                    std::slice::from_ref(w),
                    Origin::ShellString,
                    depth,
                );
                i += 1;
            }
        }
    }

    /// git runs shell commands given to `rebase -x`/`--exec`, `submodule
    /// foreach`, `bisect run` and `difftool`/`mergetool -x`.
    fn git_runs(&mut self, cmd: &SimpleCommand, depth: u8) {
        let args = cmd.args();
        let Some((at, sub, rest)) = programs::git_subcommand_at(args)
            .and_then(|i| Some((i, args.get(i..)?.split_first()?)))
            .map(|(i, (sub, rest))| (i, sub, rest))
        else {
            return;
        };
        // An alias the line itself defines (`git -c alias.x='!rm -rf ~'
        // x`, or as `GIT_CONFIG_KEY_0`/`GIT_CONFIG_VALUE_0`) runs its
        // value: after `!` a shell line, else git's own words.
        // The settings the line gives git, read once for both.
        let settings =
            crate::parse::git_settings::settings(cmd, args.get(..at).unwrap_or_default());
        if let Some(value) = crate::parse::git_settings::alias(&settings, &sub.value) {
            match value.trim_start().strip_prefix('!') {
                Some(line) => self.source(line, Origin::ShellString, depth),
                None => self.source(&format!("git {value}"), Origin::ShellString, depth),
            }
        }
        // What its other settings on the line run (`git -c
        // core.fsmonitor='rm -rf ~ #' status`): for certain where git
        // surely runs it, else as a guess.
        for (text, certain) in crate::parse::git_settings::commands(&settings, &sub.value) {
            if certain {
                self.source(&text, Origin::ShellString, depth);
            } else {
                self.speculate(&text, depth);
            }
        }
        match sub.value.as_str() {
            "rebase" => {
                for code in programs::option_values(rest, &["-x", "--exec"]) {
                    self.source(code, Origin::ShellString, depth);
                }
            }
            "submodule" => {
                let ops = programs::operands(rest);
                if let Some(at) = ops.iter().position(|w| w.value == "foreach") {
                    let words: Vec<Word> = ops[at + 1..].iter().map(|w| (*w).clone()).collect();
                    self.code_words("git", &words, Origin::ShellString, depth);
                }
            }
            "bisect" => {
                if let Some(at) = rest.iter().position(|w| w.value == "run") {
                    let mut inner = cmd.clone();
                    inner.argv = rest.get(at + 1..).unwrap_or_default().to_vec();
                    inner.via.push("git".into());
                    inner.origin = Origin::Wrapper;
                    if !inner.argv.is_empty() {
                        self.resolve(inner);
                    }
                }
            }
            "difftool" | "mergetool" => {
                for code in programs::option_values(rest, &["-x", "--extcmd"]) {
                    self.source(code, Origin::ShellString, depth);
                }
            }
            _ => {}
        }
    }

    /// sed's `e COMMAND` runs COMMAND in a shell, and the `e` flag of `s`
    /// runs what the substitution made, which is only known at run time.
    fn sed_runs(&mut self, cmd: &SimpleCommand, depth: u8) {
        let args = cmd.args();
        let mut scripts: Vec<&Word> = Vec::new();
        let mut given = false;
        let mut i = 0;
        while let Some(w) = args.get(i) {
            let v = w.value.as_str();
            if matches!(v, "-e" | "--expression") {
                scripts.extend(args.get(i + 1));
                given = true;
                i += 2;
                continue;
            }
            if let Some(s) = v.strip_prefix("--expression=") {
                let _ = s;
                scripts.push(w);
                given = true;
            } else if matches!(v, "-f" | "--file") || v.starts_with("--file=") {
                // A script file askrisky does not read.
                given = true;
            } else if !v.starts_with('-') && !given {
                scripts.push(w);
                given = true;
            }
            i += 1;
        }
        for w in scripts {
            let text = w.value.strip_prefix("--expression=").unwrap_or(&w.value);
            if !w.literal {
                continue;
            }
            let (commands, runs_output) = crate::parse::editor_scripts::scan_sed(text);
            for c in commands {
                self.source(&c, Origin::ShellString, depth);
            }
            if runs_output {
                self.problem(Problem::DynamicCode {
                    program: "sed".into(),
                });
            }
        }
    }

    /// vim's `-c CMD`, `--cmd CMD` and `+CMD` run Ex commands; `:!CMD`
    /// (also `:silent !CMD`, `:r !CMD`, `:w !CMD`) runs CMD in a shell.
    fn vim_runs(&mut self, cmd: &SimpleCommand, depth: u8) {
        let args = cmd.args();
        let mut ex: Vec<&str> = programs::option_values(args, &["-c", "--cmd"]);
        ex.extend(
            args.iter()
                .filter_map(|w| w.value.strip_prefix('+'))
                .filter(|v| !v.is_empty() && !v.chars().all(|c| c.is_ascii_digit())),
        );
        for e in ex {
            if let Some(code) = crate::parse::editor_scripts::vim_shell(e) {
                self.source(code, Origin::ShellString, depth);
            }
        }
    }

    /// Commands these tools hand to a shell: ssh's `ProxyCommand` and
    /// `LocalCommand` run here (`sh -c`), rsync's `--rsync-path` on the
    /// far side, zip's `-TT` with the archive's name after it, man's pager
    /// with the page on its input.
    fn tool_commands(&mut self, name: &str, args: &[Word], depth: u8) {
        let lines: Vec<String> = match name {
            "rsync" => programs::option_values(args, &["--rsync-path"])
                .into_iter()
                .map(str::to_owned)
                .collect(),
            // man hands its pager and browser to a shell (`man -P cat`).
            "man" => programs::option_values(args, &["-P", "--pager", "-H", "--html"])
                .into_iter()
                .map(str::to_owned)
                .collect(),
            "zip" => programs::option_values(args, &["-TT", "--unzip-command"])
                .into_iter()
                .map(str::to_owned)
                .collect(),
            _ => ssh_commands(args),
        };
        for line in lines {
            self.source(&line, Origin::ShellString, depth);
        }
    }
}

/// The local commands of ssh's options (`-o ProxyCommand='nc %h %p'`,
/// `-oLocalCommand=…`, `-o "ProxyCommand …"`), as ssh hands them to the
/// shell (`none` is a program of that name to the reading: harmless).
fn ssh_commands(args: &[Word]) -> Vec<String> {
    programs::ssh_settings(args)
        .filter(|(key, _)| {
            key.eq_ignore_ascii_case("ProxyCommand") || key.eq_ignore_ascii_case("LocalCommand")
        })
        .map(|(_, value)| value.to_owned())
        .collect()
}
