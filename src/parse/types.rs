//! What the parse finds: the [`Script`] of a line, its simple commands,
//! their redirections and where they were found, the files it runs that
//! were read, and the [`Problem`]s that could not be analysed.

use serde::Serialize;

use super::{Word, programs};

/// Everything found in one command line.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Script {
    /// Every simple command, in the order found, including nested ones.
    pub commands: Vec<SimpleCommand>,
    /// What could not be analysed. Any problem makes the line "not clear".
    pub problems: Vec<Problem>,
    /// Files the line runs that were read from disk, with what they held
    /// when read (scripts, package scripts, Makefiles): shown to the
    /// person, since that is what was judged.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<ScriptFile>,
}

/// A file read for the line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScriptFile {
    /// Where it is (for a `package.json` script: `package.json#NAME`).
    pub path: String,
    /// What it held when it was read.
    pub text: String,
}

impl Script {
    /// Simple commands as written (wrapper layers not counted twice): a
    /// prefix allow rule only applies when this is exactly one.
    pub fn written_count(&self) -> usize {
        self.commands
            .iter()
            .filter(|c| !matches!(c.origin, Origin::Wrapper | Origin::Variable))
            .count()
    }
}

/// One simple command: a program and its words.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SimpleCommand {
    /// argv; `argv[0]` is the program as written. Empty for a line that
    /// only assigns or redirects (`> file`).
    pub argv: Vec<Word>,
    /// `NAME=value` settings before the program (and those given to `env`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub assignments: Vec<(String, Word)>,
    /// Redirections, including those of enclosing compound commands.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub redirects: Vec<Redirect>,
    /// Wrappers looked through to reach this command, outermost first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub via: Vec<String>,
    /// Where the command was found.
    pub origin: Origin,
    /// How many strings deep it was found (0: the line itself).
    pub depth: u8,
    /// Programs that feed this one's stdin through a pipe.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub upstream: Vec<String>,
    /// Text known to arrive on stdin: a heredoc, a here-string, or the
    /// literal output of `echo`/`printf` piped in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stdin_text: Option<String>,
    /// Stdin text exists but is only known at run time.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stdin_dynamic: bool,
    /// Part of a pipeline of more than one command.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub piped: bool,
    /// Run in the background (`&`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub background: bool,
    /// Name of the shell function whose body holds this command.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_function: Option<String>,
    /// Text that xargs replaces with each line of its input in this
    /// command's words (`xargs -I{} sh -c '{}'`): where it stands, the words
    /// are only known at run time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// The program an interpreter runs from a file (`cat > x.py <<EOF …
    /// python3 x.py`, `python3 tool.py`, `./t.py`), for the danger rules.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script_text: Option<String>,
    /// Code an interpreter loads before its program, from files named by
    /// an option (`node -r ./hook.js`, `ruby -r/tmp/x.rb`), for the danger
    /// rules: judged with the program's own code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preload_text: Option<String>,
    /// Found in the words of a program that may run them, not known to
    /// (an unknown wrapper's, a string that reads as code): judged as a
    /// command, but never refused outright on that guess alone.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub possible: bool,
    /// The interpreter of `script_text` when the program run is the script
    /// itself (`./t.py`, whose `#!` line names `python3`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interpreter: Option<String>,
    /// The program the file that runs is, when it is not the one the name
    /// typed says (see `resolve`): a link's target (`./b2` ─► `bash`),
    /// askrisky's own binary under another name, a copy of a system
    /// program. Rules and the walk know the command by it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
}

impl SimpleCommand {
    /// The program name rules match on, when it is known.
    pub fn name(&self) -> Option<std::borrow::Cow<'_, str>> {
        if let Some(program) = &self.program {
            return Some(std::borrow::Cow::Borrowed(program));
        }
        self.argv
            .first()
            .and_then(Word::known)
            .map(programs::program_name_of)
    }

    /// The arguments after the program name.
    pub fn args(&self) -> &[Word] {
        self.argv.get(1..).unwrap_or_default()
    }

    /// The command as one line, for people and logs. A word with a blank
    /// in it is quoted, so it reads as the one word the program gets
    /// (`tar --to-command='rm -rf ~'`, not three words).
    pub fn display(&self) -> String {
        let mut parts: Vec<String> = self
            .assignments
            .iter()
            .map(|(n, v)| format!("{n}={}", shown_word(v)))
            .collect();
        parts.extend(self.argv.iter().map(shown_word));
        parts.join(" ")
    }
}

/// A word as [`SimpleCommand::display`] shows it: as it is, or quoted
/// when it holds a blank (single quotes for known text, double quotes for
/// text with expansions left in it).
fn shown_word(w: &Word) -> String {
    if w.value.is_empty() {
        return "''".to_owned();
    }
    if !w.value.contains(char::is_whitespace) {
        return w.value.clone();
    }
    if w.literal {
        // The home stays unquoted, as the shell must see it to expand it.
        let (home, rest) = match w.value.strip_prefix("~/") {
            Some(rest) => ("~/", rest),
            None => ("", w.value.as_str()),
        };
        format!("{home}'{}'", rest.replace('\'', r"'\''"))
    } else {
        format!("\"{}\"", w.value.replace('\\', r"\\").replace('"', r#"\""#))
    }
}

/// Where a simple command was found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// Written in the line itself (including compound commands and functions).
    #[default]
    Line,
    /// Inside `$(…)` or backticks.
    Substitution,
    /// Inside `<(…)` or `>(…)`.
    ProcessSubstitution,
    /// The string given to a shell's `-c`, `su -c`, `watch`, `ssh host`, …
    ShellString,
    /// The words given to `eval`.
    Eval,
    /// A program fed to a shell on stdin (heredoc, here-string, `echo … |`),
    /// through a pipe it opens as its script (`bash <(echo …)`), or in a
    /// file written earlier on the line (`echo … > x.sh; bash x.sh`).
    Stdin,
    /// Behind a wrapper (`sudo`, `env`, `xargs`, `timeout`, …).
    Wrapper,
    /// Run by `find -exec`/`-execdir`/`-ok`.
    FindExec,
    /// The body of an `alias` or `trap` defined in the line.
    Definition,
    /// Read from a file on disk the line runs (`bash x.sh`, `./x.sh`,
    /// `npm run x`, `make x`).
    File,
    /// A command of the line again, with values the line gave the
    /// variables it expands (`F=~/.ssh/id_rsa; cat "$F"`), or with the
    /// targets of links it made (`ln -s ~/.aws a; cat a/credentials`).
    Variable,
}

/// One redirection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Redirect {
    /// The file descriptor redirected, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fd: Option<i32>,
    /// What the redirection does.
    pub op: RedirectOp,
    /// The file (or descriptor) it names.
    pub target: Word,
}

/// What a redirection does with its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RedirectOp {
    /// `<`
    Read,
    /// `>`, `>|`, `&>`
    Write,
    /// `>>`, `&>>`
    Append,
    /// `<>`
    ReadWrite,
    /// `>&N`, `<&N`
    Duplicate,
    /// `<<`
    HereDoc,
    /// `<<<`
    HereString,
}

impl RedirectOp {
    /// True when the target file is written.
    pub fn writes(self) -> bool {
        matches!(self, Self::Write | Self::Append | Self::ReadWrite)
    }

    /// True when the target file is read.
    pub fn reads(self) -> bool {
        matches!(self, Self::Read | Self::ReadWrite)
    }
}

/// Something about the line that could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Problem {
    /// The shell grammar does not accept the line (or a string run inside it).
    Unparseable {
        /// The parser's message.
        detail: String,
    },
    /// Nesting past askrisky's bounds.
    TooDeep,
    /// Longer than askrisky analyses.
    TooLong {
        /// Length in bytes.
        bytes: usize,
    },
    /// The analysis did not finish within its time budget.
    TooSlow {
        /// The budget, in milliseconds.
        budget_ms: u64,
    },
    /// The program name is only known at run time (`$cmd`, `"$(echo rm)"`).
    DynamicCommand {
        /// The word as written.
        word: String,
    },
    /// The file run is a program askrisky cannot name: a process's own
    /// file (`/proc/self/exe`, `/dev/fd/3`), or a compiled program written
    /// in the project or a temporary folder that is no known build output.
    UnknownProgram {
        /// The path as written.
        path: String,
    },
    /// Code handed to a shell, `eval` or an interpreter is only known at run
    /// time (`bash -c "$x"`, `eval "$(…)"`).
    DynamicCode {
        /// The program that runs it.
        program: String,
    },
    /// The shell that runs the line may read it differently from how
    /// askrisky read it with another shell's grammar (`$'…'` under dash,
    /// `[[ … ]]` under dash, `=rm` under zsh): the readings run different
    /// commands.
    Ambiguous {
        /// The construct, and which shell reads it how.
        construct: String,
    },
}

#[cfg(test)]
mod tests {
    use crate::parse::parse;

    /// Each word shows as the one word the program gets: a blank in a
    /// word is quoted, in single quotes when its text is known.
    #[test]
    fn display_quotes_words_with_blanks() {
        let shown = |line: &str| -> Vec<String> {
            parse(line).commands.iter().map(|c| c.display()).collect()
        };
        assert_eq!(shown("rm -rf build"), ["rm -rf build"]);
        assert_eq!(
            shown("git commit -m 'it'\\''s done'"),
            ["git commit -m 'it'\\''s done'"]
        );
        assert_eq!(shown("echo \"$HOME/my dir\""), ["echo ~/'my dir'"]);
        assert_eq!(shown("echo \"$X/my dir\""), ["echo \"$X/my dir\""]);
        assert_eq!(shown("X='a b' make ''"), ["X='a b' make ''"]);
    }
}
