//! Uses of askrisky that loosen it: changing the goals, sessions,
//! approvals or hooks it trusts, or moving the folders it reads them from.
//!
//! These are the person's to change, from their own terminal. An agent
//! that runs `askrisky goal 'delete all files'`, approves its own request
//! or points `XDG_CONFIG_HOME` at a config of its own has taken the guard
//! off.

use super::cmd::Cmd;
use crate::parse::programs;

/// Whether variable `name` moves askrisky (`NAME=value askrisky …`, `env
/// NAME=value askrisky …`): the folders askrisky reads its config and
/// sessions from, and its own variables, are the person's, not the
/// agent's.
fn moves_askrisky(name: &str) -> bool {
    name.starts_with("ASKRISKY_")
        || matches!(
            name,
            "HOME" | "XDG_CONFIG_HOME" | "XDG_STATE_HOME" | "XDG_RUNTIME_DIR"
        )
}

/// Whether a command changes what askrisky trusts or how it asks: its
/// subcommands that change goals, sessions, approvals, hooks or allow
/// rules, the options that pick another session or transcript, and its
/// own variables or folders set, exported, unset or cleared for it.
pub(super) fn loosens(c: &Cmd<'_>) -> bool {
    loosens_as(c, false)
}

/// [`loosens`], for a line typed at the person's own guarded shell: their
/// own askrisky commands that only show something or ask them on this
/// terminal (`approve`, `inbox`, `goal`, `session new|list|show`,
/// `install`, `init`) are theirs to run there. What takes askrisky's
/// guard away or changes what it trusts without asking still asks
/// (`uninstall`, `shims`, `hook`, `suggest`, `session use`, another
/// session, transcript or folder): an agent that types into this terminal
/// could have typed it, and a typed line looks the same.
pub(super) fn loosens_typed(c: &Cmd<'_>) -> bool {
    loosens_as(c, true)
}

fn loosens_as(c: &Cmd<'_>, typed: bool) -> bool {
    if c.is(&[
        "export", "declare", "typeset", "setenv", "local", "readonly", "unset",
    ]) {
        // `ASKRISKY_GUARD` is the person's own switch for the shell
        // they type in (`askrisky init`); agents' commands never
        // pass through that guard, and typed there `guard.switched_off`
        // asks before it is set. Home and the XDG folders decide
        // where askrisky reads its config and state. `declare -p HOME`
        // only prints them.
        let prints =
            !c.is(&["setenv", "unset"]) && c.flag(&["-p"]) && !c.values().any(|v| v.contains('='));
        return !prints
            && c.values().any(|v| {
                let name = v.split('=').next().unwrap_or(v);
                (v.starts_with("ASKRISKY_") && name != "ASKRISKY_GUARD")
                    || matches!(
                        name,
                        "HOME" | "XDG_CONFIG_HOME" | "XDG_STATE_HOME" | "XDG_RUNTIME_DIR"
                    )
            })
            || (c.is(&["setenv"])
                && c.operands()
                    .first()
                    .is_some_and(|w| moves_askrisky(&w.value)));
    }
    // `HOME=/tmp/h; askrisky …`: a setting for the rest of the line.
    if c.command.argv.is_empty() {
        return c.command.assignments.iter().any(|(n, _)| moves_askrisky(n));
    }
    // `env -u XDG_CONFIG_HOME askrisky …`, `env -i askrisky …`.
    if c.is(&["env"]) {
        let runs_askrisky = c.values().any(|v| programs::program_name(v) == "askrisky");
        return runs_askrisky
            && (c.flag(&["-i", "--ignore-environment"])
                || c.values().any(|v| v == "-")
                || c.option_values(&["-u", "--unset"])
                    .iter()
                    .any(|v| moves_askrisky(v)));
    }
    if !c.is(&["askrisky"]) {
        return false;
    }
    if c.command.assignments.iter().any(|(n, _)| moves_askrisky(n)) {
        return true;
    }
    let mut words = c.args().iter().map(|w| w.value.as_str());
    while let Some(w) = words.next() {
        match w {
            // Which session's goals the reviewer reads, and which
            // transcript stands for what the person asked.
            "--session" | "--transcript" => return true,
            _ if w.starts_with("--session=") || w.starts_with("--transcript=") => {
                return true;
            }
            "--mode" => {
                words.next();
            }
            _ if w.starts_with('-') => {}
            _ if typed => {
                return match w {
                    "session" => words.any(|w| w == "use"),
                    _ => matches!(w, "uninstall" | "shims" | "hook" | "suggest"),
                };
            }
            _ => {
                return matches!(
                    w,
                    "goal"
                        | "session"
                        | "approve"
                        | "install"
                        | "uninstall"
                        | "shims"
                        | "inbox"
                        | "init"
                        | "hook"
                        // Writes allow rules, after a yes typed on
                        // the terminal the agent may be sharing.
                        | "suggest"
                );
            }
        }
    }
    false
}
