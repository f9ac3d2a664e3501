//! A request: one command (or file write) someone wants to run, where it
//! comes from, and which session it belongs to.

use std::ffi::OsString;
use std::path::PathBuf;

use serde::Serialize;

use crate::parse::Syntax;
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
    /// `exec --uncontained`: a line that would run contained asks the
    /// person instead, and runs uncontained once approved.
    pub uncontained: bool,
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
            uncontained: false,
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
            line: crate::parse::shell_quote(&words),
            subject: Subject::Argv(argv),
            ..Self::line("", Syntax::Bash, cwd, surface)
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
            ..Self::line("", Syntax::Bash, cwd, surface)
        }
    }

    /// The shell language of the line.
    pub fn syntax(&self) -> Syntax {
        match self.subject {
            Subject::Line(s) => s,
            // An argv is run as it is, with no shell: its quoting is read
            // alike by every shell, and bash's reading is exact.
            Subject::Argv(_) | Subject::FileWrite { .. } => Syntax::Bash,
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::ffi::OsStringExt;

    #[test]
    fn requests_say_what_they_are() {
        let cwd = PathBuf::from("/p");
        let argv: Vec<OsString> = ["rm", "-rf", "my dir"].iter().map(OsString::from).collect();
        let r = Request::argv(argv.clone(), cwd.clone(), Surface::Exec);
        assert_eq!(r.line, "rm -rf 'my dir'");
        assert!(matches!(&r.subject, Subject::Argv(a) if *a == argv));
        assert_eq!(r.syntax(), Syntax::Bash);
        assert!(!r.not_utf8());
        let bad = vec![OsString::from("cat"), OsString::from_vec(vec![0xff, b'x'])];
        let r = Request::argv(bad, cwd.clone(), Surface::Exec);
        assert!(r.not_utf8());
        assert_eq!(r.line, "cat '\\xffx'");
        let r = Request::line("ls (pwd)", Syntax::Fish, cwd.clone(), Surface::Shell);
        assert_eq!(r.syntax(), Syntax::Fish);
        assert!(!r.not_utf8());
        let w = Request::file_write(".git/hooks/x".into(), "Write", cwd, Surface::Check);
        assert_eq!(w.line, "Write .git/hooks/x");
        assert!(
            matches!(&w.subject, Subject::FileWrite { path, tool } if path.ends_with("x") && tool == "Write")
        );
        assert_eq!(w.syntax(), Syntax::Bash);
    }
}
