//! A request: one command someone wants to run, and where it comes from.

use std::ffi::OsString;
use std::path::PathBuf;

use serde::Serialize;

/// Who handed askrisky the command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Surface {
    /// `askrisky exec`.
    Exec,
    /// `askrisky check`.
    Check,
    /// An agent's hook (`askrisky hook <agent>`).
    Hook(String),
}

impl Surface {
    /// Short name for logs.
    pub fn name(&self) -> String {
        match self {
            Self::Exec => "exec".into(),
            Self::Check => "check".into(),
            Self::Hook(agent) => format!("hook:{agent}"),
        }
    }
}

/// One command to decide on.
#[derive(Clone, Debug)]
pub struct Request {
    /// The command line, as classified and shown. For an argv request, the
    /// arguments shell-quoted into one line.
    pub line: String,
    /// For `exec -- CMD ARGS…`: the exact argv to run.
    pub argv: Option<Vec<OsString>>,
    /// The folder it runs in.
    pub cwd: PathBuf,
    /// The agent's own explanation of the command, if it gave one.
    pub explanation: Option<String>,
    /// Who asked.
    pub surface: Surface,
    /// An argument was not valid UTF-8: the line shows it escaped, and the
    /// command is treated as not analysable.
    pub not_utf8: bool,
    /// The shell language `line` is written in.
    pub syntax: Syntax,
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
