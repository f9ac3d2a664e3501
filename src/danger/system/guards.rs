//! The machine's guards: the endpoint security agents that watch it for
//! an intruder, told to stop, unload, forget who they are or let
//! something by, and the authorities its programs trust. An agent steered
//! by what it read must not switch off what would have seen it.

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
        // The JDK's trusted authorities changed (`keytool -importcert
        // -cacerts`): every Java program on the machine trusts the new one.
        "keytool" => {
            c.flag(&[
                "-importcert",
                "-import",
                "-delete",
                "-storepasswd",
                "-changealias",
            ]) && (c.flag(&["-cacerts"])
                || c.option_values(&["-keystore"])
                    .iter()
                    .any(|k| k.ends_with("cacerts")))
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

#[cfg(test)]
mod tests {
    use crate::danger::fixture::on;

    #[test]
    fn agents_changed_and_looked_at() {
        for (line, changes) in [
            ("falconctl -s --tags=quarantine", true),
            ("falconctl -d -f --aid", true),
            ("falconctl -sf --cid=X", true),
            ("falconctl --set --apd=TRUE", true),
            ("falconctl --delete --aid", true),
            ("falconctl -g --aid", false),
            ("falconctl --get --version", false),
            ("sentinelctl control stop", true),
            ("sentinelctl unprotect", true),
            ("sentinelctl control status", false),
            ("sentinelctl version", false),
            ("mdatp config real-time-protection --value disabled", true),
            ("mdatp exclusion folder add --path /tmp", true),
            ("mdatp health", false),
            ("mdatp threat list", false),
            ("keytool -importcert -file ca.crt -cacerts", true),
            (
                "keytool -delete -alias x -keystore /usr/lib/jvm/j/lib/security/cacerts",
                true,
            ),
            ("keytool -importcert -file ca.crt -keystore app.jks", false),
            ("keytool -list -cacerts", false),
        ] {
            assert_eq!(
                on(line, |c| super::security_agent_changes(
                    c,
                    c.operands().first().map_or("", |w| w.value.as_str())
                )),
                changes,
                "{line}"
            );
        }
    }
}
