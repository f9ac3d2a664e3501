//! What the walker holds while it walks one line, in groups by what each
//! is about, so that each part of the walk reads and changes only the
//! groups it needs:
//!
//! - `walk`: the walk over brush's syntax tree, down to each simple command
//!   (the bounds, the code being walked);
//! - `resolve`: a simple command recorded and looked through (the code's
//!   stdin, what the line writes);
//! - `wrappers`: what a command runs through its words (the bounds);
//! - `readings`: code read the way each shell that may run it reads it
//!   (the code being walked);
//! - `evaluated`: strings bash evaluates later (the prompt strings);
//! - `scripts`: files a command runs, written on the line or on disk (what
//!   the line writes, the disk);
//! - `variables`: commands walked again with the values the line gives
//!   its variables (the loops' values).

use super::disk::{self, Disk};
use super::shells::Dialect;
use super::writes::Writes;
use super::{Origin, Problem, Script, SimpleCommand};

/// Walks one line and gathers its [`Script`].
#[derive(Default)]
pub(super) struct Walker {
    /// What was found so far.
    pub(super) script: Script,
    /// How much has been walked, against the bounds on it.
    pub(super) bounds: Bounds,
    /// The code being walked.
    pub(super) code: Code,
    /// The files the line writes.
    pub(super) writes: Writes,
    /// Where the files the line runs are read from.
    pub(super) disk: disk::Reader,
    /// Strings that `${x@P}` would run.
    pub(super) prompts: Prompts,
    /// Values the line gives its variables, beyond its assignments.
    pub(super) vars: Vars,
}

/// Values the line gives its variables other than by assignment, kept
/// until the whole line is walked (see `variables`).
#[derive(Default)]
pub(super) struct Vars {
    /// A `for` loop's variable and each word it takes.
    pub(super) loops: Vec<(String, String)>,
}

/// How much has been walked. A hostile line must not run askrisky out of
/// memory or stack, or make it walk the same text without end.
#[derive(Default)]
pub(super) struct Bounds {
    /// Bytes of code walked so far (see
    /// [`MAX_WALKED_BYTES`](super::MAX_WALKED_BYTES)).
    pub(super) walked: usize,
    /// The nesting of the code being walked and of every code it is
    /// inside (see [`MAX_TOTAL_SYNTAX_DEPTH`](super::MAX_TOTAL_SYNTAX_DEPTH)).
    pub(super) enclosing_depth: usize,
    /// Stdin texts being read as code, outermost first.
    pub(super) feeding: Vec<String>,
    /// Above zero while a string that may be code is walked (see
    /// `runners`).
    pub(super) speculating: u32,
}

/// The code being walked.
pub(super) struct Code {
    /// The grammar of the reading being walked (see `readings`).
    pub(super) dialect: Dialect,
    /// The code being walked, when it may hold `(`: brush's places in it
    /// tell arithmetic from nested subshells (see `readings`).
    pub(super) text: String,
    /// The stdin of the command whose code is being walked (`sh -c CODE`,
    /// `eval`): the code's commands read it too.
    pub(super) stdin: Option<Stdin>,
    /// Lists of plain words are read without the parser (see `plain`);
    /// off only in the tests that hold the two readings to the same walk.
    pub(super) plain_reading: bool,
}

impl Default for Code {
    fn default() -> Self {
        Self {
            dialect: Dialect::default(),
            text: String::new(),
            stdin: None,
            plain_reading: true,
        }
    }
}

/// What arrives on a command's stdin.
#[derive(Clone, Default)]
pub(super) struct Stdin {
    /// The text, when it is known.
    pub(super) text: Option<String>,
    /// Text arrives that is only known at run time.
    pub(super) dynamic: bool,
    /// The programs that feed it through a pipe.
    pub(super) upstream: Vec<String>,
}

/// Strings that bash runs as code when `${x@P}` expands them, kept until
/// the whole line is walked.
#[derive(Default)]
pub(super) struct Prompts {
    /// A `${x@P}` was seen: strings holding substitutions may run.
    pub(super) expanded: bool,
    /// Literal strings holding substitutions.
    pub(super) strings: Vec<String>,
}

impl Walker {
    /// A walker that reads the files the line runs from `disk` (`None`:
    /// they are not read).
    pub(super) fn new(disk: Option<Disk>) -> Self {
        Self {
            disk: disk::Reader::new(disk),
            ..Self::default()
        }
    }

    /// Records what could not be analysed, once.
    pub(super) fn problem(&mut self, p: Problem) {
        if !self.script.problems.contains(&p) {
            self.script.problems.push(p);
        }
    }

    /// Whether every command found so far on the line is `cmd` itself,
    /// runs inside a command substitution (its own words') or is only a
    /// guess at what an unknown program's words run: nothing
    /// before it could have defined a function, an alias or a program
    /// path in place of one it names.
    pub(super) fn only_substitutions_before(&self, cmd: &SimpleCommand) -> bool {
        self.script
            .commands
            .iter()
            .all(|c| c.origin == Origin::Substitution || c.possible || c.argv == cmd.argv)
    }

    /// The programs of the commands found since `start`.
    pub(super) fn names_since(&self, start: usize) -> Vec<String> {
        self.script.commands[start..]
            .iter()
            .filter_map(|c| c.name().map(std::borrow::Cow::into_owned))
            .collect()
    }
}
