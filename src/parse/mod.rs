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

mod decoders;
mod depth;
pub mod disk;
mod echo;
mod editor_scripts;
mod evaluated;
mod fleet;
pub(crate) mod fragments;
pub(crate) mod git_settings;
mod handed;
mod identity;
pub mod interpreters;
mod justfile;
mod made_links;
mod makefile;
mod mounts;
pub mod nesting;
pub(crate) mod option_values;
mod plain;
mod quote;
mod readings;
mod resolve;
mod runners;
mod scripts;
mod shell_setup;
pub mod shells;
mod types;
mod variables;
mod walk;
mod walker;
mod wrapper_table;
mod wrappers;
mod writes;
mod xargs;

pub(crate) use depth::guarded;
pub use depth::{
    MAX_COMMANDS, MAX_LINE_BYTES, MAX_NESTING, MAX_PAREN_DEPTH, MAX_PASS_THROUGH, MAX_SYNTAX_DEPTH,
    MAX_TOTAL_SYNTAX_DEPTH, MAX_UPSTREAM, MAX_WALKED_BYTES, MAX_WRITTEN_BYTES,
    MAX_WRITTEN_CANDIDATES, panics_are_expected, paren_depth, syntax_depth,
};
pub use editor_scripts::vim_only_reads;
use plain::plain_words;
pub use quote::{quoted_strings, shell_quote};
pub use runners::wrapped_at;
pub use shells::{Construct, Dialect, Syntax};
pub use types::{Origin, Problem, Redirect, RedirectOp, Script, ScriptFile, SimpleCommand};
use walker::Walker;
pub use word::Word;
pub use writes::{
    copies, copy_operands, downloaded, synced_folder, target_dirs, written_by_words,
    written_folders,
};

/// Parses a command line, in bash's grammar, into every simple command it
/// can run.
pub fn parse(line: &str) -> Script {
    parse_as(line, Syntax::Bash)
}

/// Parses a line run by a shell of `syntax`: every reading of it is walked
/// (see `readings`).
pub fn parse_as(line: &str, syntax: Syntax) -> Script {
    walk(line, syntax, None)
}

/// Parses a line in `syntax`, reading from `disk` the scripts it runs
/// (see [`disk`]): what `decide` does for a line about to run.
pub fn parse_on(line: &str, syntax: Syntax, disk: disk::Disk) -> Script {
    walk(line, syntax, Some(disk))
}

/// Parses a line written for `shell`, a program name (see
/// [`Syntax::for_program`]).
pub fn parse_for(shell: &str, line: &str) -> Script {
    parse_as(line, Syntax::for_program(shell))
}

fn walk(line: &str, syntax: Syntax, disk: Option<disk::Disk>) -> Script {
    let mut walker = Walker::new(disk);
    read(&mut walker, line, syntax);
    walker.finish();
    walker.script
}

fn read(walker: &mut Walker, line: &str, syntax: Syntax) {
    match plain_words(line).filter(|_| read_alike(line, syntax)) {
        // Equivalent to the full parse (a property test checks it), only
        // without the parser's cost for lines like `git status`.
        Some(words) => walker.resolve(SimpleCommand {
            argv: words.into_iter().map(Word::literal).collect(),
            ..SimpleCommand::default()
        }),
        None => {
            walker.source_as(syntax, line, Origin::Line, 0);
        }
    }
}

/// True for a line that is one simple command of plain words and that
/// every shell of `syntax` reads alike (zsh's `=name` and `noglob` are
/// plain words too).
pub fn is_plain_as(line: &str, syntax: Syntax) -> bool {
    plain_words(line).is_some() && read_alike(line, syntax)
}

/// For a line of plain words: true when every shell of `syntax` reads it
/// as plain words.
fn read_alike(line: &str, syntax: Syntax) -> bool {
    syntax != Syntax::Fish
        && (!syntax.dialects().contains(&Dialect::Zsh) || Dialect::Zsh.constructs(line).is_empty())
}

/// True for a line that is one simple command of plain words: its analysis
/// never reaches the shell parser and takes time linear in its length.
pub fn is_plain(line: &str) -> bool {
    plain_words(line).is_some()
}

#[cfg(test)]
mod tests;
