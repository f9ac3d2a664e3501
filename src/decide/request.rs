//! A request: one command (or file write) someone wants to run, where it
//! comes from, and which session it belongs to.

use std::ffi::OsString;
use std::path::PathBuf;

use serde::Serialize;

use crate::session::{Session, TranscriptSource};

/// Who handed askrisky the command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Surface {
    /// `askrisky exec`.
    Exec,
    /// `askrisky check`.
    Check,
    /// An agent's hook (`askrisky hook <agent>`), by agent name.
    Hook(String),
    /// A line the person typed at a guarded shell (`askrisky guard`).
    Shell,
    /// `askrisky approve CODE`: the person re-reading a refused request.
    Approve,
    /// `askrisky eval`: labelled cases, never run.
    Eval,
}

impl Surface {
    /// Short name for logs.
    pub fn name(&self) -> String {
        match self {
            Self::Exec => "exec".into(),
            Self::Check => "check".into(),
            Self::Hook(agent) => format!("hook:{agent}"),
            Self::Shell => "shell".into(),
            Self::Approve => "approve".into(),
            Self::Eval => "eval".into(),
        }
    }

    /// Whether a decision here leads to the command running, so that an
    /// allow-once approval may be spent on it (`check` and `eval` only look).
    pub fn runs(&self) -> bool {
        matches!(self, Self::Exec | Self::Hook(_))
    }
}

/// What is to be decided.
#[derive(Clone, Debug)]
pub enum Subject {
    /// A command line in a shell language.
    Line(Syntax),
    /// `exec -- CMD ARGS…`: the exact argv to run (the request's line is
    /// these words shell-quoted).
    Argv(Vec<OsString>),
    /// An agent's own file tool about to write a file.
    FileWrite {
        /// The file, as the agent gave it.
        path: PathBuf,
        /// The tool's name (`Write`, `Edit`, …).
        tool: String,
    },
}

/// Which session's goals and activity the reviewer sees.
#[derive(Clone, Debug, Default)]
pub enum SessionChoice {
    /// No session.
    #[default]
    None,
    /// askrisky's current session (`askrisky session use`).
    Current,
    /// `--session` / `ASKRISKY_SESSION`: `AGENT/ID` or `ID`, as given.
    Named(String),
    /// An agent's session, from its hook payload.
    Agent {
        /// The agent's name.
        agent: String,
        /// The agent's session id.
        id: String,
    },
    /// A session already built (eval cases).
    Built(Box<Session>),
}

/// One command to decide on.
#[derive(Clone, Debug)]
pub struct Request {
    /// The command line, as classified and shown. For an argv request, the
    /// arguments shell-quoted into one line; for a file write, the tool and
    /// the path.
    pub line: String,
    /// What it is.
    pub subject: Subject,
    /// The folder it runs in.
    pub cwd: PathBuf,
    /// The agent's own explanation of the command, if it gave one.
    pub explanation: Option<String>,
    /// Who asked.
    pub surface: Surface,
    /// Whose session it belongs to.
    pub session: SessionChoice,
    /// A transcript to read the session from.
    pub transcript: Option<TranscriptSource>,
    /// The nesting token from the environment (`ASKRISKY_NESTED`), if any.
    pub nested_token: Option<String>,
}

impl Request {
    /// A command line in `syntax`.
    pub fn line(line: impl Into<String>, syntax: Syntax, cwd: PathBuf, surface: Surface) -> Self {
        Self {
            line: line.into(),
            subject: Subject::Line(syntax),
            cwd,
            explanation: None,
            surface,
            session: SessionChoice::None,
            transcript: None,
            nested_token: None,
        }
    }

    /// An exact argv (`exec -- CMD ARGS…`). An argument that is not UTF-8
    /// is shown escaped, and the command counts as not analysable.
    pub fn argv(argv: Vec<OsString>, cwd: PathBuf, surface: Surface) -> Self {
        let words: Vec<String> = argv
            .iter()
            .map(|a| match a.to_str() {
                Some(s) => s.to_owned(),
                None => crate::escape::escape_bytes(a.as_encoded_bytes()),
            })
            .collect();
        Self {
            line: shell_quote(&words),
            subject: Subject::Argv(argv),
            ..Self::line("", Syntax::Posix, cwd, surface)
        }
    }

    /// An agent's file tool writing `path`.
    pub fn file_write(path: PathBuf, tool: &str, cwd: PathBuf, surface: Surface) -> Self {
        Self {
            line: format!("{tool} {}", path.display()),
            subject: Subject::FileWrite {
                path,
                tool: tool.to_owned(),
            },
            ..Self::line("", Syntax::Posix, cwd, surface)
        }
    }

    /// The shell language of the line.
    pub fn syntax(&self) -> Syntax {
        match self.subject {
            Subject::Line(s) => s,
            Subject::Argv(_) | Subject::FileWrite { .. } => Syntax::Posix,
        }
    }

    /// True when an argument of an argv request is not valid UTF-8.
    pub fn not_utf8(&self) -> bool {
        match &self.subject {
            Subject::Argv(argv) => argv.iter().any(|a| a.to_str().is_none()),
            Subject::Line(_) | Subject::FileWrite { .. } => false,
        }
    }
}

/// The shell language of a command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Syntax {
    /// The POSIX shell's (bash's): what agents and `sh -c` run.
    #[default]
    Posix,
    /// fish's: lines typed at a guarded fish, restated before analysis
    /// (see `parse::fish`).
    Fish,
    /// zsh's: lines typed at a guarded zsh, analysed as POSIX shell plus
    /// what zsh alone runs (see `parse::zsh`).
    Zsh,
}

impl Syntax {
    /// The shell that reads lines in this syntax, as [`crate::parse::parse_for`]
    /// names it.
    pub fn shell(self) -> &'static str {
        match self {
            Self::Posix => "sh",
            Self::Fish => "fish",
            Self::Zsh => "zsh",
        }
    }
}

/// Quotes words for a POSIX shell so that parsing the result yields them
/// back exactly.
pub fn shell_quote(words: &[String]) -> String {
    words
        .iter()
        .map(|w| {
            if !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%^".contains(c))
            {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_round_trips_through_the_parser() {
        let cases: &[&[&str]] = &[
            &["rm", "-rf", "/"],
            &["echo", "it's", "a \"test\"", "$HOME", "`x`", "*", ""],
            &["printf", "%s\\n", "a b", "~", "{a,b}", ";", "&&"],
            &["x", "line\nbreak", "tab\there", "é🎉"],
        ];
        for words in cases {
            let words: Vec<String> = words.iter().map(|s| (*s).to_owned()).collect();
            let line = shell_quote(&words);
            let script = crate::parse::parse(&line);
            let argv: Vec<String> = script.commands[0]
                .argv
                .iter()
                .map(|w| w.value.clone())
                .collect();
            assert_eq!(argv, words, "{line}");
            assert!(script.commands[0].argv.iter().all(|w| w.literal), "{line}");
        }
    }
}
