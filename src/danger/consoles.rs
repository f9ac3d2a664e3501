//! Consoles told what to do by their words: Kerberos's admin console by
//! its `-q` command, a game server's remote console by each command it
//! sends. What the console runs is the act, not the console's own name.

use super::cmd::{Cmd, Does};

/// Kerberos's admin console told what to do by `-q` (`kadmin.local -q
/// "delprinc -force host/old"`, `kadmin -q "cpw -randkey krbtgt/R"`): a
/// principal or a policy deleted, or keys and passwords changed for the
/// realm; its lists and gets change nothing.
pub(super) fn kadmin_query(c: &Cmd<'_>) -> Option<Does> {
    if !c.is(&["kadmin", "kadmin.local"]) {
        return None;
    }
    let queries = c.option_values(&["-q", "--query"]);
    queries
        .iter()
        .filter_map(|q| q.split_whitespace().next())
        .fold(None, |does, v| {
            let now = match v {
                "delprinc" | "delete_principal" | "delpol" | "delete_policy" | "purgekeys" => {
                    Some(Does::Destroys)
                }
                "getprinc" | "get_principal" | "listprincs" | "list_principals" | "getprincs"
                | "get_principals" | "getpol" | "get_policy" | "listpols" | "list_policies"
                | "getprivs" | "get_privs" | "getstrs" | "get_strings" | "?" | "help" => None,
                _ => Some(Does::Deploys),
            };
            if does == Some(Does::Destroys) {
                does
            } else {
                now.or(does)
            }
        })
}

/// A game server's remote console (`mcrcon -p … stop`, `rcon-cli "op
/// bob"`, gorcon's `rcon -a host:port kick x`): each operand is a command
/// the live server runs, in turn (`mcrcon … help stop` asks for help,
/// then stops it). Only its reports leave the server as it was.
pub(super) fn rcon_console(c: &Cmd<'_>) -> Option<Does> {
    let values: &[&str] = match c.name.as_str() {
        "mcrcon" => &["-H", "-P", "-p", "-w"],
        "rcon-cli" => &["--host", "--port", "--password", "--config"],
        "rcon" | "gorcon" => &[
            "-a",
            "--address",
            "-p",
            "--password",
            "-c",
            "--config",
            "-e",
            "--env",
            "-l",
            "--log",
            "-t",
            "--type",
        ],
        _ => return None,
    };
    let args = c.args();
    let mut i = 0;
    let mut changes = false;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        i += 1;
        if values.contains(&v) {
            i += 1;
        } else if !v.starts_with('-') {
            let mut parts = v.split_whitespace();
            let first = parts.next().unwrap_or_default().to_ascii_lowercase();
            let second = parts.next().unwrap_or_default();
            let reports = matches!(
                first.trim_start_matches('/'),
                "list"
                    | "help"
                    | "?"
                    | "tps"
                    | "mspt"
                    | "seed"
                    | "banlist"
                    | "version"
                    | "ver"
                    | "plugins"
                    | "pl"
                    | "status"
                    | "players"
                    | "showplayers"
                    | "info"
            ) || matches!(first.as_str(), "whitelist" | "time")
                && matches!(second, "list" | "query");
            changes |= !reports;
        }
    }
    changes.then_some(Does::Deploys)
}
