//! The guarded shell's own machinery: what a line typed there can do to
//! the guard itself.
//!
//! `askrisky init` puts a check before every line typed: in bash a DEBUG
//! trap (with `extdebug`, so that a refusal skips the command) and a check
//! on Enter; in zsh ZLE widgets around `accept-line` and a DEBUG trap
//! behind them; in fish an Enter binding and a preexec handler (see
//! `shell/`). A typed line runs in that very shell, so it can take the
//! check away for every line after it: remove the trap, turn `extdebug`
//! off, rebind Enter, replace the widgets, shadow a builtin the snippet
//! calls, re-run a refused line from history (the guard never sees what
//! `fc` runs), or leave code to run while the next line is typed — key
//! bindings and completions run there, and the guard skips that time on
//! purpose (it would otherwise check every completion). Whatever can type
//! into the shell can type these — the person, or an agent that drives the
//! terminal — so each asks. The snippets also put back what they find
//! gone before the next line runs; these rules are what makes taking it
//! away a question first.

use super::cmd::Cmd;
use super::place::Typed;
use crate::parse::Syntax;

/// The shell the line was typed at (bash when not typed: the rules that
/// call this apply only to typed lines).
fn shell(c: &Cmd<'_>) -> Syntax {
    c.ctx.typed.as_ref().map_or(Syntax::Bash, |t| t.shell)
}

/// Whether the line names the guard's own functions or variables
/// (`__askrisky_bin=true`, `unset -f __askrisky_preexec`, `(( __askrisky_seen
/// = 0 ))`, fish's `functions -e __askrisky_execute`): read on the line as
/// typed, since arithmetic and function bodies hold no command to match.
pub(super) fn names_internals(t: &Typed) -> bool {
    t.line.contains("__askrisky")
}

/// Whether a command switches the guard off or weakens it for the lines
/// after it.
pub(super) fn switches_off(c: &Cmd<'_>) -> bool {
    let sh = shell(c);
    touches_debug_trap(c)
        || turns_off_option(c, sh)
        || rebinds_enter(c, sh)
        || replaces_accept_widget(c, sh)
        || disables_builtins(c, sh)
        || (sh == Syntax::Zsh && c.is(&["add-zsh-hook"]) && c.flag(&["-d", "-D"]))
        || shadows_what_the_guard_calls(c, sh)
        || assigned(c, sh)
            .iter()
            .any(|(n, frozen)| guarded_name(n, sh) || (*frozen && adjusted(n, sh)))
}

/// `trap … DEBUG`, set, replaced or removed (bash's guard is that trap,
/// zsh's backstop another), and zsh's `TRAPDEBUG` function; `trap -p` and
/// `trap -l` only show.
fn touches_debug_trap(c: &Cmd<'_>) -> bool {
    if c.command.in_function.as_deref() == Some("TRAPDEBUG") || c.values().any(|v| v == "TRAPDEBUG")
    {
        return true;
    }
    if !c.is(&["trap"]) {
        return false;
    }
    let shows = c
        .args()
        .first()
        .is_some_and(|w| matches!(w.value.as_str(), "-p" | "-l" | "-P"));
    !shows
        && c.values().any(|v| {
            let v = v.to_ascii_uppercase();
            v == "DEBUG" || v == "SIGDEBUG"
        })
}

/// Options the guard needs, turned off: bash's `extdebug` (without it a
/// refusal does not stop the command), `functrace` (`set -T`: without it
/// a subshell `( … )` runs with no trap) and `history` (the whole line is
/// read back from it); zsh's `DEBUG_BEFORE_CMD` (the trap could no longer
/// skip a command) and `ZLE` (no widget reads the line).
fn turns_off_option(c: &Cmd<'_>, sh: Syntax) -> bool {
    let protected: &[&str] = match sh {
        Syntax::Bash => &["extdebug", "functrace", "history"],
        Syntax::Zsh => &["debugbeforecmd", "zle"],
        _ => return false,
    };
    // zsh reads option names without case or underscores, and `no` in
    // front turns one the other way.
    let norm = |v: &str| v.to_ascii_lowercase().replace(['_', '-'], "");
    let off_named = |v: &str| protected.contains(&norm(v).as_str());
    let on_negated = |v: &str| {
        norm(v)
            .strip_prefix("no")
            .is_some_and(|n| protected.contains(&n))
    };
    let values: Vec<&str> = c.values().collect();
    match c.name.as_str() {
        "shopt" => c.flag(&["-u"]) && values.iter().any(|v| off_named(v)),
        "unsetopt" => values.iter().any(|v| off_named(v)),
        "setopt" => values.iter().any(|v| on_negated(v)),
        "set" => {
            // `set +T`, `set +o functrace`, zsh's `set +Z`, `set -o nozle`.
            let letter = if sh == Syntax::Bash { 'T' } else { 'Z' };
            values.iter().enumerate().any(|(i, v)| {
                let next = values.get(i + 1).copied().unwrap_or_default();
                match *v {
                    "+o" => off_named(next),
                    "-o" => on_negated(next),
                    _ => v.strip_prefix('+').is_some_and(|l| {
                        l.chars().all(char::is_alphanumeric) && l.contains(letter)
                    }),
                }
            })
        }
        _ => false,
    }
}

/// Whether `key` (as bind, bindkey or fish's bind spell it) is Enter:
/// Control-M or Control-J, as the characters, escapes or names.
fn is_enter(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    let k = k.trim_matches('"');
    key.contains(['\r', '\n'])
        || [
            "\\c-m", "\\c-j", "\\r", "\\n", "^m", "^j", "\\cm", "\\cj", "\\x0d", "\\x0a", "\\015",
            "\\012",
        ]
        .iter()
        .any(|e| k.contains(e))
        || matches!(
            k,
            "c-m"
                | "c-j"
                | "control-m"
                | "control-j"
                | "ctrl-m"
                | "ctrl-j"
                | "return"
                | "newline"
                | "enter"
        )
}

/// The key of one of bash's `bind` arguments: `"\C-m": accept-line` or
/// `Control-m: accept-line`.
fn readline_key(arg: &str) -> &str {
    match arg.strip_prefix('"') {
        Some(rest) => rest.split('"').next().unwrap_or(rest),
        None => arg.split(':').next().unwrap_or(arg),
    }
}

/// The widgets that run the line in zsh: the guard wraps each.
const ACCEPT_WIDGETS: &[&str] = &[
    "accept-line",
    "accept-and-hold",
    "accept-line-and-down-history",
    "accept-and-infer-next-history",
];

/// Enter bound to something else, or its binding removed: bash's `bind`
/// (its Enter runs the early check that keeps `$?`; `-f` reads bindings
/// from a file, `-u accept-line` unbinds it), zsh's `bindkey` (Enter is the
/// widget the guard wraps; a key bound to a builtin `.accept-*` widget
/// runs the line past it), fish's `bind` (Enter runs the check).
fn rebinds_enter(c: &Cmd<'_>, sh: Syntax) -> bool {
    let values: Vec<&str> = c.values().collect();
    match (sh, c.name.as_str()) {
        (Syntax::Bash, "bind") => values.iter().enumerate().any(|(i, v)| {
            (!v.starts_with('-') && is_enter(readline_key(v)))
                || v.starts_with("-f")
                || (*v == "-u" && values.get(i + 1).is_some_and(|f| *f == "accept-line"))
        }),
        (Syntax::Zsh, "bindkey") => {
            let (opts, rest): (Vec<&str>, Vec<&str>) =
                values.iter().partition(|v| v.starts_with('-'));
            let removes = opts.iter().any(|o| o.contains('r') || o.contains('s'));
            let keymaps = opts.iter().any(|o| o.contains('A') || o.contains('N'));
            // `-M keymap` names a keymap, not a key.
            let pairs: Vec<&str> = rest
                .iter()
                .copied()
                .filter(|v| !values.windows(2).any(|w| w[0] == "-M" && w[1] == *v))
                .collect();
            let dotted = |w: &str| {
                w.strip_prefix('.')
                    .is_some_and(|w| ACCEPT_WIDGETS.contains(&w))
            };
            (keymaps && rest.contains(&".safe"))
                || pairs.iter().any(|w| dotted(w))
                || match pairs.as_slice() {
                    [key, ..] if removes => is_enter(key),
                    [key, widget, ..] => is_enter(key) && *widget != "accept-line",
                    _ => false,
                }
        }
        (Syntax::Fish, "bind") => {
            let erase = c.flag(&["-e", "--erase"]);
            let all = c.flag(&["-a", "--all"]);
            let operands = fish_bind_operands(c);
            (erase && all)
                || operands
                    .first()
                    .is_some_and(|k| is_enter(k) && (erase || operands.len() > 1))
        }
        _ => false,
    }
}

/// fish's `bind` operands: the key, then the commands; the values of
/// `-M`/`--mode` and `-m`/`--sets-mode` left out.
fn fish_bind_operands<'a>(c: &Cmd<'a>) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut skip = false;
    let mut rest = false;
    for v in c.values() {
        if skip {
            skip = false;
        } else if rest || !v.starts_with('-') || v == "-" {
            out.push(v);
        } else if v == "--" {
            rest = true;
        } else if matches!(v, "-M" | "--mode" | "-m" | "--sets-mode") {
            skip = true;
        }
    }
    out
}

/// zsh's `zle -N`, `-A`, `-D` or `-C` naming a widget that runs the line:
/// `zle -A .accept-line accept-line` puts zsh's own back in the guard's
/// place, `zle -A .accept-line go` makes a second one that skips it.
fn replaces_accept_widget(c: &Cmd<'_>, sh: Syntax) -> bool {
    sh == Syntax::Zsh
        && c.is(&["zle"])
        && c.flag(&["-N", "-A", "-D", "-C"])
        && c.operands()
            .iter()
            .any(|w| ACCEPT_WIDGETS.contains(&w.value.trim_start_matches('.')))
}

/// bash's `enable -n` (turns off a builtin the guard calls) and `enable
/// -f` (loads one from a file, in its place); zsh's `disable`.
fn disables_builtins(c: &Cmd<'_>, sh: Syntax) -> bool {
    (c.is(&["enable"]) && c.flag(&["-n", "-f", "-d"]))
        || (sh == Syntax::Zsh && c.is(&["disable"]) && !c.operands().is_empty())
}

/// Builtins the snippets call: a function or alias of that name runs in
/// their place (a function named `builtin` even takes `builtin x`).
/// `askrisky` is here too: a line that is only `askrisky exec …` goes to
/// exec unjudged by the guard, trusting the name to be askrisky.
fn relied_on(name: &str, sh: Syntax) -> bool {
    let common = [
        "askrisky", "builtin", "command", "trap", "printf", "return", "set", "local", "eval",
    ];
    let own: &[&str] = match sh {
        Syntax::Zsh => &[
            "zle",
            "print",
            "setopt",
            "unsetopt",
            "unfunction",
            "typeset",
            "zmodload",
            "add-zsh-hook",
            "bindkey",
            "emulate",
        ],
        Syntax::Fish => &[
            "commandline",
            "string",
            "bind",
            "functions",
            "status",
            "test",
            "contains",
            "source",
        ],
        _ => &[
            "history", "shopt", "bind", "read", "declare", "unset", "readonly", "shift",
        ],
    };
    common.contains(&name) || own.contains(&name)
}

/// A function or alias named like [`relied_on`], or `askrisky` pointed at
/// another file (`hash -p`, zsh's `hash name=path`).
fn shadows_what_the_guard_calls(c: &Cmd<'_>, sh: Syntax) -> bool {
    if c.command
        .in_function
        .as_deref()
        .is_some_and(|f| relied_on(f, sh))
    {
        return true;
    }
    match c.name.as_str() {
        "alias" => c.values().any(|v| {
            let name = v.split('=').next().unwrap_or(v);
            !v.starts_with('-') && (v.contains('=') || sh == Syntax::Fish) && relied_on(name, sh)
        }),
        // bash's `hash -p FILE askrisky`, zsh's `hash askrisky=FILE`.
        "hash" => c
            .values()
            .any(|v| v.starts_with("askrisky=") || (v == "askrisky" && c.flag(&["-p"]))),
        _ => false,
    }
}

/// Variables the guard reads: its own switch (`ASKRISKY_GUARD`, which
/// turns it off: the person's to set, so it asks first); bash's
/// `READLINE_*` and `COMP_*`, which say "a key binding or completion is
/// running" and so skip the check; the settings it adjusts around each
/// line, frozen by `readonly`; zsh's hook arrays and its `functions`,
/// `commands` and `aliases` tables for the names the guard relies on.
fn guarded_name(name: &str, sh: Syntax) -> bool {
    let (base, key) = match name.split_once('[') {
        Some((b, k)) => (b, k.trim_end_matches(']').trim_matches(['"', '\''])),
        None => (name, ""),
    };
    match (sh, base) {
        // A name computed at run time could be any of them.
        (_, "ASKRISKY_GUARD" | "$") => true,
        (Syntax::Bash, b) => {
            b.starts_with("READLINE_")
                || b.starts_with("COMP_")
                || ((b == "BASH_CMDS" || b == "BASH_ALIASES")
                    && (key.is_empty() || relied_on(key, sh)))
        }
        (Syntax::Zsh, "precmd_functions" | "preexec_functions") => true,
        (Syntax::Zsh, "functions" | "commands" | "aliases" | "builtins") => {
            key.is_empty() || relied_on(key, sh)
        }
        _ => false,
    }
}

/// Settings bash's snippet changes around each line (history is made to
/// record every line while it is read, and `PS0` and `PROMPT_COMMAND`
/// carry its hooks): made read-only, the snippet can no longer do so.
fn adjusted(name: &str, sh: Syntax) -> bool {
    sh == Syntax::Bash
        && matches!(
            name,
            "PS0" | "PROMPT_COMMAND" | "HISTCONTROL" | "HISTIGNORE" | "HISTSIZE" | "HISTCMD"
        )
}

/// The names a command sets for the shell itself (not for one command):
/// plain assignments (`X=1`), the `declare` family, `read`, `printf -v`,
/// fish's `set`, zsh's `vared`; `readonly` names even without a value
/// (freezing one the guard must change is switching it off). `unset`
/// counts only for zsh's hook arrays and the tables (a name it empties).
/// A name computed at run time is returned as `$`: none can be ruled out.
/// Each name comes with whether it is also made read-only.
fn assigned(c: &Cmd<'_>, sh: Syntax) -> Vec<(String, bool)> {
    if c.command.argv.is_empty() {
        return c
            .command
            .assignments
            .iter()
            .map(|(n, _)| (n.clone(), false))
            .collect();
    }
    let mut out: Vec<String> = Vec::new();
    let name_of = |w: &crate::parse::Word| -> String {
        if !w.literal {
            return "$".into();
        }
        let n = w.value.split('=').next().unwrap_or(&w.value);
        n.trim_end_matches('+').to_owned()
    };
    let args = c.args();
    let freezes = c.is(&["readonly"]) || c.flag(&["-r"]);
    match c.name.as_str() {
        "declare" | "typeset" | "local" | "export" | "readonly" | "integer" | "float" => {
            for w in args.iter().filter(|w| !w.value.starts_with(['-', '+'])) {
                if freezes || w.value.contains('=') || !w.literal {
                    out.push(name_of(w));
                }
            }
        }
        "read" | "mapfile" | "readarray" | "vared" => {
            out.extend(c.operands().iter().map(|w| name_of(w)));
        }
        "printf" => out.extend(c.option_values(&["-v"]).iter().map(|v| (*v).to_owned())),
        "set" if sh == Syntax::Fish => {
            let query = c.flag(&[
                "-e", "--erase", "-q", "--query", "-S", "--show", "-n", "--names",
            ]);
            if let (false, Some(w)) = (query, c.operands().first()) {
                out.push(name_of(w));
            }
        }
        "unset" | "unfunction" => out.extend(
            c.operands()
                .iter()
                .map(|w| name_of(w))
                .filter(|n| sh == Syntax::Zsh && !n.starts_with("ASKRISKY_")),
        ),
        _ => {}
    }
    out.into_iter().map(|n| (n, freezes)).collect()
}

/// Whether a command sets up or runs code the guard never checks: it runs
/// while a line is being typed (a key binding, a completion), where the
/// guard does not look, or at once from a completion builtin.
pub(super) fn unchecked_code(c: &Cmd<'_>) -> bool {
    match shell(c) {
        Syntax::Fish => fish_unchecked(c),
        sh => {
            // bash's `bind -x` and `complete`/`compgen` `-C` (a command)
            // and `-F` (a function); zsh has them with bashcompinit.
            (c.is(&["bind"]) && c.flag(&["-x"]))
                || (c.is(&["complete", "compgen"]) && c.flag(&["-C", "-F"]))
                || (sh == Syntax::Zsh && zsh_unchecked(c))
        }
    }
}

/// zsh: a widget (`zle -N`, `-C`), a handler run when a descriptor is
/// ready while a line is typed (`zle -F`), completion functions
/// (`compdef`, `compctl`), and `sched`, which runs a command between
/// lines.
fn zsh_unchecked(c: &Cmd<'_>) -> bool {
    let operands = c.operands().len();
    (c.is(&["zle"]) && c.flag(&["-N", "-C"]))
        || (c.is(&["zle"]) && c.flag(&["-F"]) && operands >= 2)
        || (c.is(&["compdef"]) && operands > 0)
        || (c.is(&["compctl"]) && !c.flag(&["-L"]) && !c.args().is_empty())
        || (c.is(&["sched"]) && operands >= 2)
}

/// fish's input functions: a key bound only to these runs no code.
const FISH_INPUT_FUNCTIONS: &[&str] = &[
    "accept-autosuggestion",
    "and",
    "backward-bigword",
    "backward-char",
    "backward-delete-char",
    "backward-jump",
    "backward-jump-till",
    "backward-kill-bigword",
    "backward-kill-line",
    "backward-kill-path-component",
    "backward-kill-word",
    "backward-word",
    "begin-selection",
    "begin-undo-group",
    "beginning-of-buffer",
    "beginning-of-history",
    "beginning-of-line",
    "cancel",
    "cancel-commandline",
    "capitalize-word",
    "complete",
    "complete-and-search",
    "delete-char",
    "delete-or-exit",
    "down-line",
    "downcase-word",
    "end-of-buffer",
    "end-of-history",
    "end-of-line",
    "end-selection",
    "end-undo-group",
    "execute",
    "exit",
    "expand-abbr",
    "force-repaint",
    "forward-bigword",
    "forward-char",
    "forward-jump",
    "forward-jump-till",
    "forward-single-char",
    "forward-word",
    "history-pager",
    "history-prefix-search-backward",
    "history-prefix-search-forward",
    "history-search-backward",
    "history-search-forward",
    "history-token-search-backward",
    "history-token-search-forward",
    "insert-line-over",
    "insert-line-under",
    "kill-bigword",
    "kill-inner-line",
    "kill-line",
    "kill-selection",
    "kill-whole-line",
    "kill-word",
    "nextd-or-forward-word",
    "or",
    "pager-toggle-search",
    "prevd-or-backward-word",
    "redo",
    "repaint",
    "repaint-mode",
    "repeat-jump",
    "repeat-jump-reverse",
    "self-insert",
    "self-insert-notfirst",
    "suppress-autosuggestion",
    "swap-selection-start-stop",
    "togglecase-char",
    "togglecase-selection",
    "transpose-chars",
    "transpose-words",
    "undo",
    "up-line",
    "upcase-word",
    "yank",
    "yank-pop",
];

/// fish: a key bound to anything but input functions (a command, which
/// runs when the key is pressed), and completions that run commands: an
/// argument list with a command substitution, or a condition.
fn fish_unchecked(c: &Cmd<'_>) -> bool {
    match c.name.as_str() {
        "bind" if !c.flag(&["-e", "--erase"]) => fish_bind_operands(c)
            .iter()
            .skip(1)
            .any(|f| !FISH_INPUT_FUNCTIONS.contains(f)),
        "complete" => {
            c.flag(&["-n", "--condition"])
                || c.option_values(&["-a", "--arguments"])
                    .iter()
                    .any(|v| v.contains('('))
        }
        _ => false,
    }
}

/// Whether a command runs a line again from history: `fc` but for
/// listing and zsh's history-file and stack options, and `r` (zsh's
/// `fc -e -`, and a common bash alias for `fc -s`).
pub(super) fn reruns(c: &Cmd<'_>) -> bool {
    shell(c) != Syntax::Fish
        && ((c.is(&["fc"]) && !c.flag(&["-l", "-R", "-W", "-A", "-p", "-P"])) || c.is(&["r"]))
}
