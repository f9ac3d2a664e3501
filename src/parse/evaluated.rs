//! Strings bash (and zsh) evaluate as code after quote removal.
//!
//! A quoted string is data to the grammar, but bash runs code from some
//! strings later:
//!
//! - an array subscript is expanded wherever a variable name or an
//!   arithmetic expression is evaluated: `let 'a[$(rm -rf ~)]'`,
//!   `declare`, `printf -v`, `read`, `unset`, `test -v`, `[[ -v ]]`,
//!   `[[ x -eq y ]]`, `${!x}` and arithmetic on a variable whose value is
//!   `a[$(…)]`. Any literal word holding such a subscript has its
//!   substitutions walked as code ([`subscript_code`]), wherever it stands:
//!   the routes from a string to arithmetic are too many to follow;
//! - prompt strings: `PS4='$(…)'` with `set -x`, `PS0`–`PS3` in an
//!   interactive shell, and `${x@P}` on any value;
//! - `mapfile -C CODE`, `trap -- CODE`;
//! - names given new meanings: `hash -p /bin/rm ls` and
//!   `BASH_CMDS[ls]=/bin/rm` make `ls` run `rm`; `BASH_ALIASES[x]=…` and
//!   `alias x=…` make `x` run the alias (dash and zsh expand aliases in
//!   scripts too); `enable -f lib.so` loads a builtin from a file;
//! - code put on a file descriptor (`exec 3<<<'…'`, `cmd 3<<EOF`) and then
//!   read as a program (`. /dev/fd/3`, `bash <&3`).

use super::walker::Walker;
use super::{Origin, Problem, RedirectOp, SimpleCommand, Word, programs, word};

/// Most strings kept for a later `${x@P}` on the line.
const MAX_CODE_STRINGS: usize = 256;

impl Walker {
    /// Walks the code in literal words that bash may evaluate, and keeps
    /// strings that `${x@P}` would run.
    pub(super) fn evaluated_words(&mut self, words: &[Word], raw: &str, depth: u8) {
        // A byte search first: most words have no `@`, `$` or backquote,
        // and a two-byte search costs more than the word.
        if raw.contains('@') && raw.contains("@P") {
            self.prompts.expanded = true;
        }
        for w in words {
            // Also in a word only partly known (`'a[$(cmd)]'$x`): the
            // subscript is text either way.
            match subscript_code(&w.value) {
                Some(subs) => {
                    for sub in subs {
                        self.source(&sub, Origin::Substitution, depth + 1);
                    }
                }
                None => self.problem(Problem::DynamicCode {
                    program: "an array subscript".into(),
                }),
            }
            if !w.literal {
                continue;
            }
            if self.prompts.strings.len() < MAX_CODE_STRINGS
                && (w.value.contains('$') && w.value.contains("$(") || w.value.contains('`'))
            {
                self.prompts.strings.push(w.value.clone());
            }
        }
    }

    /// What a command makes bash evaluate: prompt strings it sets,
    /// `mapfile -C`, `enable -f`.
    ///
    /// `name` is the command's [`SimpleCommand::name`].
    pub(super) fn evaluated_code(&mut self, cmd: &SimpleCommand, name: Option<&str>) {
        let depth = cmd.depth + 1;
        for (name, value) in &cmd.assignments {
            if is_prompt(name) {
                self.prompt_code(&value.value, depth);
            }
            // zsh's `functions[NAME]=BODY` defines a function.
            if element(name, "functions").is_some() {
                self.code_words("zsh", std::slice::from_ref(value), Origin::Eval, depth);
            }
            // zsh's function search path: what `autoload` loads from it is
            // the line's choice.
            if matches!(name.as_str(), "fpath" | "FPATH") || element(name, "fpath").is_some() {
                self.problem(Problem::DynamicCode {
                    program: "autoload".into(),
                });
            }
        }
        let Some(name) = name else {
            return;
        };
        let args = cmd.args();
        match name {
            "export" | "declare" | "typeset" | "readonly" | "local" => {
                for a in args {
                    let Some((var, value)) = a.value.split_once('=') else {
                        continue;
                    };
                    if is_prompt(var.trim_end_matches('+')) {
                        self.prompt_code(value, depth);
                    }
                    // zsh's `typeset functions[NAME]=BODY` defines a function.
                    if element(var, "functions").is_some() {
                        let mut body = a.clone();
                        body.value = value.to_owned();
                        self.code_words("zsh", std::slice::from_ref(&body), Origin::Eval, depth);
                    }
                }
            }
            "mapfile" | "readarray" => {
                let mut i = 0;
                while let Some(a) = args.get(i) {
                    let code = match a.value.as_str() {
                        "-C" => args.get(i + 1).cloned(),
                        v if v.starts_with("-C") => {
                            let mut w = a.clone();
                            w.value = v[2..].to_owned();
                            Some(w)
                        }
                        _ => None,
                    };
                    if let Some(code) = code {
                        self.code_words(name, std::slice::from_ref(&code), Origin::Eval, depth);
                    }
                    i += 1;
                }
            }
            // `compgen -C CMD` runs CMD, `-F FUNC` calls FUNC; `complete`
            // stores them to run at the next completion.
            "compgen" | "complete" => {
                let mut i = 0;
                while let Some(a) = args.get(i) {
                    if matches!(a.value.as_str(), "-C" | "-F") {
                        if let Some(code) = args.get(i + 1) {
                            // Run with the words being completed after its
                            // own: arguments known only then.
                            let mut code = code.clone();
                            code.value.push_str(" \"${COMP_WORDS[@]}\"");
                            self.code_words(name, std::slice::from_ref(&code), Origin::Eval, depth);
                        }
                        i += 1;
                    }
                    i += 1;
                }
            }
            // `bind -x 'KEYS: CMD'` runs CMD when the keys are pressed.
            "bind" => {
                let mut i = 0;
                while let Some(a) = args.get(i) {
                    if a.value == "-x"
                        && let Some(spec) = args.get(i + 1)
                    {
                        let mut code = spec.clone();
                        if let Some((_, cmd)) = spec.value.split_once(':') {
                            code.value = cmd.trim().trim_matches('"').to_owned();
                        }
                        self.code_words(name, std::slice::from_ref(&code), Origin::Eval, depth);
                        i += 1;
                    }
                    i += 1;
                }
            }
            // `history -s LINE` stores LINE where `fc -s` runs it.
            "history" if args.iter().any(|a| a.value == "-s") => {
                let line: Vec<Word> = args
                    .iter()
                    .skip_while(|a| a.value.starts_with('-'))
                    .cloned()
                    .collect();
                self.code_words(name, &line, Origin::Eval, depth);
            }
            // `fc -s`, `fc -e EDITOR`, bare `fc`: re-run (or edit and run)
            // a line from history, whichever it is when it runs. `fc -l`
            // lists; zsh's `-R`, `-W`, `-A`, `-p`, `-P` move history
            // between files and stacks.
            "fc" if !programs::has_flag(args, &["-l", "-R", "-W", "-A", "-p", "-P"]) => {
                self.problem(Problem::DynamicCode {
                    program: "fc".into(),
                });
            }
            // zsh's `autoload NAME` runs the file NAME from the function
            // path when NAME is called: known for zsh's own functions.
            "autoload"
                if args
                    .iter()
                    .filter(|a| !a.value.starts_with(['-', '+']))
                    .any(|a| !ZSH_OWN_FUNCTIONS.contains(&a.value.as_str())) =>
            {
                self.problem(Problem::DynamicCode {
                    program: "autoload".into(),
                });
            }
            "enable" if args.iter().any(|a| a.value.starts_with("-f")) => {
                self.problem(Problem::DynamicCode {
                    program: "enable -f".into(),
                });
            }
            _ => {}
        }
    }

    /// Substitutions in a prompt string run when it is shown.
    fn prompt_code(&mut self, value: &str, depth: u8) {
        for sub in word::substitutions_in(&as_double_quoted(value)) {
            self.source(&sub, Origin::Substitution, depth);
        }
    }

    /// After the whole line is walked: names remapped by `hash -p`,
    /// `BASH_CMDS` and aliases, code on descriptors, and `${x@P}`.
    pub(super) fn finish(&mut self) {
        self.line_variables();
        self.line_links();
        if self.prompts.expanded {
            for s in std::mem::take(&mut self.prompts.strings) {
                self.prompt_code(&s, 1);
            }
        }
        self.remapped_names();
        self.descriptor_code();
    }

    /// `hash -p PATH NAME`, `BASH_CMDS[NAME]=PATH`: NAME runs PATH.
    /// `alias NAME=BODY`, `BASH_ALIASES[NAME]=BODY`: NAME runs BODY.
    fn remapped_names(&mut self) {
        let mut paths: Vec<(String, Word)> = Vec::new();
        let mut aliases: Vec<(String, String)> = Vec::new();
        let mut bash_aliases: Vec<String> = Vec::new();
        let mut unknown = false;
        for c in &self.script.commands {
            for (n, v) in &c.assignments {
                // zsh's `commands[NAME]=PATH` and `aliases[NAME]=BODY` too.
                if let Some(key) = element(n, "BASH_CMDS").or_else(|| element(n, "commands")) {
                    paths.push((key, v.clone()));
                } else if let Some(key) =
                    element(n, "BASH_ALIASES").or_else(|| element(n, "aliases"))
                {
                    aliases.push((key, v.value.clone()));
                    bash_aliases.push(v.value.clone());
                    unknown |= !v.literal;
                } else if n == "BASH_CMDS" || n == "BASH_ALIASES" || zsh_alias_table(n) {
                    unknown = true;
                }
            }
            let args = c.args();
            match c.name().as_deref() {
                Some("hash") => {
                    if let Some(i) = args.iter().position(|a| a.value == "-p") {
                        let path = args.get(i + 1).cloned();
                        for n in args.iter().skip(i + 2) {
                            if let Some(p) = &path {
                                paths.push((n.value.clone(), p.clone()));
                            }
                            unknown |= !n.literal;
                        }
                    }
                }
                Some("alias") => {
                    for a in args {
                        if let Some((n, body)) = a.value.split_once('=') {
                            aliases.push((n.to_owned(), body.to_owned()));
                        }
                    }
                }
                Some("declare" | "typeset" | "local" | "export" | "readonly") => {
                    for a in args {
                        let Some((n, v)) = a.value.split_once('=') else {
                            continue;
                        };
                        // zsh's `export commands[ls]=/bin/rm` too.
                        if let Some(key) =
                            element(n, "BASH_CMDS").or_else(|| element(n, "commands"))
                        {
                            let mut w = a.clone();
                            w.value = v.to_owned();
                            paths.push((key, w));
                        } else if let Some(key) =
                            element(n, "BASH_ALIASES").or_else(|| element(n, "aliases"))
                        {
                            aliases.push((key, v.to_owned()));
                            bash_aliases.push(v.to_owned());
                            unknown |= !a.literal;
                        } else if n == "BASH_CMDS" || n == "BASH_ALIASES" || zsh_alias_table(n) {
                            unknown = true;
                        }
                    }
                }
                _ => {}
            }
        }
        if unknown {
            self.problem(Problem::DynamicCommand {
                word: "BASH_CMDS, BASH_ALIASES or hash -p".into(),
            });
        }
        if paths.is_empty() && aliases.is_empty() {
            return;
        }
        let commands: Vec<SimpleCommand> = self.script.commands.clone();
        // `alias` bodies are walked where they are defined; these not.
        for body in &bash_aliases {
            self.source_named("alias", body, Origin::Definition, 1);
        }
        for c in &commands {
            let Some(name) = c.argv.first().and_then(Word::known) else {
                continue;
            };
            for (n, path) in &paths {
                if n == name {
                    let mut inner = c.clone();
                    inner.argv[0] = path.clone();
                    inner.via.push("hash".into());
                    inner.origin = super::Origin::Wrapper;
                    self.resolve(inner);
                }
            }
            for (n, body) in &aliases {
                if n == name {
                    let rest: Vec<String> = c.args().iter().map(|w| w.value.clone()).collect();
                    let line = format!("{body} {}", super::shell_quote(&rest));
                    self.source_named("alias", &line, Origin::Definition, c.depth + 1);
                }
            }
        }
    }

    /// Text put on a descriptor (`3<<<'…'`, `exec <<EOF`) is read as code
    /// when the line reads code from a descriptor: a shell, `source`, `.`
    /// or `eval`, and a `/dev/fd/N`, `/proc/…/fd/N`, `/dev/stdin` or a
    /// `<&N` anywhere on it.
    fn descriptor_code(&mut self) {
        let mut texts = Vec::new();
        let mut reads_fd = false;
        let mut reader = None;
        for c in &self.script.commands {
            let name = c.name();
            let exec_only = c.argv.len() == 1 && name.as_deref() == Some("exec");
            for r in &c.redirects {
                let here = matches!(r.op, RedirectOp::HereDoc | RedirectOp::HereString);
                if here && (exec_only || r.fd.is_some_and(|fd| fd != 0)) {
                    texts.push(r.target.clone());
                }
                if r.op == RedirectOp::Duplicate {
                    reads_fd = true;
                }
            }
            if c.args().iter().any(|a| names_descriptor(&a.value)) {
                reads_fd = true;
            }
            // Copied only for the first reader: most commands are none.
            if let Some(n) = name
                && (super::programs::is_shell(&n) || matches!(&*n, "source" | "." | "eval"))
            {
                reader.get_or_insert_with(|| n.into_owned());
            }
        }
        let (Some(reader), true) = (reader, reads_fd) else {
            return;
        };
        let program = if super::programs::is_shell(&reader) {
            reader
        } else {
            "source".to_owned()
        };
        for t in texts {
            if t.literal {
                self.source_named(&program, &t.value, Origin::Stdin, 1);
            } else {
                self.problem(Problem::DynamicCode {
                    program: program.clone(),
                });
            }
        }
    }
}

/// `NAME[KEY]` → KEY, for NAME.
/// zsh's tables of global and suffix aliases: an element set there
/// (`galiases[x]=…`, `saliases[txt]=…`) changes what later words run.
fn zsh_alias_table(name: &str) -> bool {
    element(name, "galiases").is_some() || element(name, "saliases").is_some()
}

fn element(assigned: &str, name: &str) -> Option<String> {
    assigned
        .strip_prefix(name)?
        .strip_prefix('[')?
        .strip_suffix(']')
        .map(str::to_owned)
}

/// Functions zsh ships in its own function path, autoloaded by name.
const ZSH_OWN_FUNCTIONS: &[&str] = &[
    "compinit",
    "bashcompinit",
    "promptinit",
    "colors",
    "add-zsh-hook",
    "add-zle-hook-widget",
    "is-at-least",
    "vcs_info",
    "zmv",
    "zcalc",
    "zargs",
    "zed",
    "edit-command-line",
    "run-help",
    "url-quote-magic",
    "bracketed-paste-magic",
    "select-word-style",
    "up-line-or-beginning-search",
    "down-line-or-beginning-search",
];

fn is_prompt(name: &str) -> bool {
    matches!(name, "PS0" | "PS1" | "PS2" | "PS3" | "PS4")
}

/// A path through which a process reads one of its descriptors.
fn names_descriptor(value: &str) -> bool {
    value.starts_with("/dev/fd/")
        || value == "/dev/stdin"
        || (value.starts_with("/proc/") && value.contains("/fd/"))
}

/// `value` as the inside of a double-quoted word, where substitutions
/// run and quotes are plain characters.
fn as_double_quoted(value: &str) -> String {
    let mut s = String::with_capacity(value.len() + 2);
    s.push('"');
    for c in value.chars() {
        if c == '"' {
            s.push('\\');
        }
        s.push(c);
    }
    s.push('"');
    s
}

/// The substitutions inside the array subscripts of `value`
/// (`a[$(rm -rf ~)]`), which bash expands when it evaluates the string as
/// a variable name or in arithmetic. Empty for most words: only a word
/// with a `[` and a `$(` or backquote is looked at.
pub fn subscript_code(value: &str) -> Option<Vec<String>> {
    if !value.contains('[') || !(value.contains("$(") || value.contains('`')) {
        return Some(Vec::new());
    }
    let b = value.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let named =
            i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b']');
        if b[i] == b'[' && named {
            // Where the subscript ends depends on how bash skips the
            // substitutions inside it (`a[$(rm -]]rf ~)]`): every
            // substitution after the `[` is taken as the subscript's. Read
            // as a word, then as a double-quoted one; code neither reading
            // can parse is not known (None).
            let rest = &value[i + 1..];
            if !(rest.contains("$(") || rest.contains('`')) {
                return Some(Vec::new());
            }
            for text in [rest.to_owned(), as_double_quoted(rest)] {
                let n = word::normalize(&text);
                if n.error.is_none() && !n.substitutions.is_empty() {
                    return Some(n.substitutions);
                }
            }
            return None;
        }
        i += 1;
    }
    Some(Vec::new())
}

#[cfg(test)]
mod tests {
    use super::subscript_code;

    #[test]
    fn subscripts_with_code() {
        let code = |v: &str| subscript_code(v).unwrap_or_else(|| panic!("{v}: not read"));
        assert_eq!(code("a[$(rm -rf ~)]"), ["rm -rf ~"]);
        assert_eq!(code("x=a[`id`]+1"), ["id"]);
        assert_eq!(code("m[k][$(id)]"), ["id"]);
        assert_eq!(code("a[$(echo ]]; rm -rf ~)]"), ["echo ]]; rm -rf ~"]);
        assert_eq!(code("a[$(rm -rf\\\" ~)=x]"), ["rm -rf\\\" ~"]);
        assert!(code("$(rm -rf ~)").is_empty());
        assert!(code("[$(id)]").is_empty());
        assert!(code("a[1]").is_empty());
        assert_eq!(subscript_code("a[$(x"), None);
    }
}
