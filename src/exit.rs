//! askrisky's own exit statuses.
//!
//! `askrisky exec` passes the command's status through untouched once the
//! command runs. When it does not run, askrisky exits with one of these,
//! chosen outside what shells use for themselves (1, 2, 126, 127, 128+N).

/// The command would run (`check`).
pub const RUN: u8 = 0;
/// Refused: the blocked tier (nobody can approve it through askrisky).
pub const REFUSED: u8 = 80;
/// Not run: it needs a person and none could answer (no terminal, `CI`,
/// `--no-prompt`); also `check`'s status for "ask".
pub const NEEDS_PERSON: u8 = 81;
/// Not run: the person said no.
pub const DECLINED: u8 = 82;
/// Not run: askrisky itself failed before it could decide.
pub const FAILED: u8 = 83;
/// Not run: interrupted (Ctrl-C, SIGTERM) while deciding.
pub const INTERRUPTED: u8 = 84;
/// `guard --enter`: the line does not parse yet (unfinished, or wrong);
/// the shell reads on or reports it, and the guard checks it once whole.
pub const UNFINISHED: u8 = 85;
/// Not run: the command line given to askrisky was wrong (an unknown flag,
/// a missing argument, a value that is not one), as for every CLI.
pub const USAGE: u8 = 2;
/// The command was not found (as a shell reports it).
pub const NOT_FOUND: u8 = 127;
/// The command could not be executed (as a shell reports it).
pub const NOT_EXECUTABLE: u8 = 126;
