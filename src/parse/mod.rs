//! Parse: a command line ─► every simple command it can run.
//!
//! The line is parsed as a real shell program by brush (see
//! `docs/design/parser.md` for why brush and not tree-sitter or word
//! splitting). The walker then visits every place a command can hide:
//! pipelines, `&&`/`||`/`;` lists, subshells, brace groups, `if`/`for`/
//! `while`/`case`, function bodies, `$(…)`, backticks, process substitution,
//! arithmetic, `[[ ]]`, heredoc bodies, the strings given to `bash -c`,
//! `eval`, `ssh host '…'`, `su -c`, `watch`, `alias`, `trap`, and the
//! commands behind wrappers (`sudo`, `env`, `xargs`, `find -exec`, …).
//!
//! Nothing here decides anything. What could not be known — a line that
//! does not parse, a command name computed at run time, nesting past the
//! bound — is reported as a [`Problem`], and the danger module turns every
//! problem into "ask".

pub mod fish;
pub mod programs;
pub mod word;
pub mod zsh;

mod depth;
pub mod disk;
mod quote;
mod types;
mod walker;
mod wrappers;
mod writes;

pub(crate) use depth::guarded;
pub use depth::{
    MAX_LINE_BYTES, MAX_NESTING, MAX_PAREN_DEPTH, MAX_PASS_THROUGH, MAX_SYNTAX_DEPTH,
    MAX_WRITTEN_BYTES, MAX_WRITTEN_CANDIDATES, panics_are_expected, paren_depth, syntax_depth,
};
pub use quote::shell_quote;
pub use types::{Origin, Problem, Redirect, RedirectOp, Script, SimpleCommand};
use walker::Walker;
pub use word::Word;
pub use writes::{copies, downloaded};

/// Parses a command line into every simple command it can run.
pub fn parse(line: &str) -> Script {
    let mut walker = Walker::default();
    match plain_words(line) {
        // Equivalent to the full parse (a property test checks it), only
        // without the parser's cost for lines like `git status`.
        Some(words) => walker.resolve(SimpleCommand {
            argv: words.into_iter().map(Word::literal).collect(),
            ..SimpleCommand::default()
        }),
        None => {
            walker.source(line, Origin::Line, 0);
        }
    }
    walker.script
}

/// Parses a line in `syntax`, reading from `disk` the scripts it runs
/// (see [`disk`]): what `decide` does for a line about to run.
pub fn parse_on(line: &str, syntax: Syntax, disk: disk::Disk) -> Script {
    let mut walker = Walker {
        disk: Some(disk),
        ..Walker::default()
    };
    if syntax == Syntax::Posix {
        match plain_words(line) {
            Some(words) => walker.resolve(SimpleCommand {
                argv: words.into_iter().map(Word::literal).collect(),
                ..SimpleCommand::default()
            }),
            None => {
                walker.source(line, Origin::Line, 0);
            }
        }
    } else {
        walker.source_for(syntax.shell(), line, Origin::Line, 0);
    }
    walker.script
}

/// Parses a line written for `shell`, a program name: fish's and zsh's
/// lines are read as [`Walker::source_for`] reads code handed to them, any
/// other as POSIX shell.
pub fn parse_for(shell: &str, line: &str) -> Script {
    if !matches!(shell, "fish" | "zsh") {
        return parse(line);
    }
    let mut walker = Walker::default();
    walker.source_for(shell, line, Origin::Line, 0);
    walker.script
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
    /// The shell that reads lines in this syntax, as [`parse_for`] names it.
    pub fn shell(self) -> &'static str {
        match self {
            Self::Posix => "sh",
            Self::Fish => "fish",
            Self::Zsh => "zsh",
        }
    }
}

/// True for a line that is one simple command of plain words: its analysis
/// never reaches the shell parser and takes time linear in its length.
pub fn is_plain(line: &str) -> bool {
    plain_words(line).is_some()
}

/// The words of a line that is one simple command made only of plain words
/// (no quoting, expansion, operators, assignments or reserved words).
fn plain_words(line: &str) -> Option<Vec<&str>> {
    let plain = |b: u8| b.is_ascii_alphanumeric() || b"-_./:,+@%^".contains(&b);
    if !line
        .bytes()
        .all(|b| plain(b) || b == b' ' || b == b'\t' || b == b'=')
    {
        return None;
    }
    let words: Vec<&str> = line.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    let first = words.first()?;
    const RESERVED: &[&str] = &[
        "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac",
        "in", "select", "function", "time", "coproc",
    ];
    if first.contains('=') || RESERVED.contains(first) {
        return None;
    }
    Some(words)
}

#[cfg(test)]
mod tests;
