//! The machine's endpoint security agents: the tools that watch it for an
//! intruder, told to stop, unload, forget who they are or let something
//! by. An agent steered by what it read must not switch off what would
//! have seen it.

use super::super::cmd::Cmd;

/// Whether a command changes an endpoint security agent: CrowdStrike's
/// `falconctl` setting or deleting (`-s`, `-d`; `-g` only reads),
/// SentinelOne's `sentinelctl` beyond its status and version, Microsoft
/// Defender's `mdatp` settings, exclusions and allowed threats.
pub(super) fn security_agent_changes(c: &Cmd<'_>, sub: &str) -> bool {
    match c.name.as_str() {
        "falconctl" => c.args().iter().any(|w| {
            let v = w.value.as_str();
            matches!(v, "--set" | "--delete")
                || v.starts_with("--set=")
                || (v.starts_with("-s") || v.starts_with("-d")) && !v.starts_with("--")
        }),
        "sentinelctl" => {
            let second = c.operands().get(1).map_or("", |w| w.value.as_str());
            !matches!(sub, "" | "version" | "help" | "status" | "about")
                && !matches!(second, "status" | "list" | "show" | "get" | "")
                || matches!(sub, "unprotect" | "unload" | "uninstall")
        }
        "mdatp" => {
            sub == "config"
                || c.operands()
                    .iter()
                    .skip(1)
                    .any(|w| matches!(w.value.as_str(), "add" | "remove" | "set" | "disable"))
        }
        _ => false,
    }
}
