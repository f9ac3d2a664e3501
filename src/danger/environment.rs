//! Environment variables that make programs load or run other code.
//!
//! `LD_PRELOAD=/tmp/x.so ls` runs `/tmp/x.so` inside `ls`; `BASH_ENV`
//! runs a file in every shell script started after it; `GIT_CONFIG_*`
//! sets any git option, `core.pager` included. Set on a command or
//! exported for the rest of the line, each hands a later program code of
//! the setter's choosing.

use super::cmd::Cmd;

/// Whether setting `name` to `value` makes programs load or run other
/// code.
fn loads_code(name: &str, value: &str) -> bool {
    match name {
        "LD_PRELOAD"
        | "LD_AUDIT"
        | "LD_LIBRARY_PATH"
        | "DYLD_INSERT_LIBRARIES"
        | "DYLD_LIBRARY_PATH"
        | "BASH_ENV"
        | "ENV"
        | "PROMPT_COMMAND"
        | "PERL5OPT"
        | "RUBYOPT"
        | "PYTHONSTARTUP"
        | "GIT_EXEC_PATH"
        | "GIT_CONFIG_PARAMETERS"
        | "GIT_CONFIG_COUNT"
        | "GIT_TEMPLATE_DIR" => true,
        "NODE_OPTIONS" => [
            "--require",
            "-r ",
            "--import",
            "--loader",
            "--experimental-loader",
        ]
        .iter()
        .any(|f| value.contains(f)),
        n => n.starts_with("GIT_CONFIG_KEY_") || n.starts_with("GIT_CONFIG_VALUE_"),
    }
}

/// Whether a command sets such a variable, for itself (`LD_PRELOAD=x ls`)
/// or for the rest of the line (`export BASH_ENV=x`).
pub(super) fn hijacks(c: &Cmd<'_>) -> bool {
    c.command
        .assignments
        .iter()
        .any(|(n, v)| loads_code(n, &v.value))
        || (c.is(&[
            "export", "declare", "typeset", "readonly", "local", "setenv",
        ]) && c
            .values()
            .any(|a| a.split_once('=').is_some_and(|(n, v)| loads_code(n, v))))
}
