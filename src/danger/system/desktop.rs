//! The desktop session: its settings databases, default applications,
//! app sandboxes, the session and its services reached over D-Bus, and
//! terminal multiplexers' sessions.

use super::super::cmd::Cmd;

/// Whether a command changes the desktop's settings or its session:
/// settings written to dconf, KConfig or Xfconf (`gsettings set`,
/// `dconf load /org/gnome/`, `kwriteconfig6 --file kwinrc …`), which
/// program opens a kind of file or link (`xdg-mime default`, `xdg-settings
/// set`), what a Flatpak app may reach (`flatpak override`), a method
/// called over D-Bus that stops, restarts or logs out (`busctl call …
/// StopUnit`, `gdbus call … logout`), a screen session told to quit, or
/// a system snapshot taken or restored (`timeshift --restore`).
/// `sub` is the first operand.
pub(super) fn changes_session(c: &Cmd<'_>, sub: &str) -> bool {
    // A `match`: asked of every command.
    match c.name.as_str() {
        "gsettings" => matches!(sub, "set" | "reset" | "reset-recursively"),
        "dconf" => matches!(sub, "write" | "load" | "reset"),
        // (A file given by a relative path is a project's own fixture.)
        "kwriteconfig5" | "kwriteconfig6" => !c
            .option_values(&["--file"])
            .iter()
            .any(|f| f.contains('/') && !f.starts_with(['/', '~', '$'])),
        "xfconf-query" => c.flag(&["-s", "--set", "-r", "--reset", "-n", "--create"]),
        "xdg-settings" => sub == "set",
        "xdg-mime" => matches!(sub, "default" | "install" | "uninstall"),
        "flatpak" => sub == "override" && !c.flag(&["--show"]),
        "gdbus" | "busctl" | "dbus-send" | "qdbus" | "qdbus6" | "qdbus-qt5" => {
            c.values().any(acting_method)
        }
        "screen" => {
            c.flag(&["-X"])
                && c.values()
                    .any(|v| matches!(v, "quit" | "kill" | "pow_detach"))
        }
        "timeshift" => c.flag(&["--create", "--check", "--restore", "--delete-all"]),
        _ => false,
    }
}

/// A D-Bus method (the last part of `org.x.Manager.StopUnit`, or a
/// `--method` value) that stops, kills, restarts, powers off or logs out,
/// starts a unit or a program (`StartTransientUnit` runs any command),
/// runs code (GNOME Shell's `Eval`), or unmounts.
fn acting_method(word: &str) -> bool {
    const ACTS: &[&str] = &[
        "stop",
        "kill",
        "restart",
        "reboot",
        "poweroff",
        "halt",
        "suspend",
        "hibernate",
        "logout",
        "terminate",
        "shutdown",
        "mask",
        "disable",
        "reset",
        "delete",
        "remove",
        "start",
        "eval",
        "exec",
        "unmount",
        "enable",
    ];
    let method = word.rsplit('.').next().unwrap_or(word);
    method.len() <= 64
        && method
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && ACTS.iter().any(|a| {
            method
                .get(..a.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(a))
        })
}
