//! Middleware and database servers' own controls: a queue manager, a
//! database instance or an application server stopped, started, failed
//! over or reconfigured, by its own command line or by a statement fed
//! to its console. Whoever else uses the server loses it meanwhile.

use super::super::cmd::Cmd;

/// Whether a command stops, starts or reconfigures a middleware or
/// database server (see the module), or a console is fed a statement
/// that stops, starts or swaps its database (`sqlplus / as sysdba <<<
/// 'SHUTDOWN IMMEDIATE'`, `dgmgrl … "switchover to 'stby'"`).
pub(super) fn server_controls(c: &Cmd<'_>, sub: &str) -> bool {
    match c.name.as_str() {
        // IBM MQ's queue managers and listeners, Db2's instance.
        "endmqm" | "strmqm" | "endmqlsr" | "db2stop" | "db2start" => true,
        // Tomcat's and WebLogic's own scripts.
        "catalina.sh" => matches!(sub, "stop" | "start" | "run"),
        "startWebLogic.sh"
        | "stopWebLogic.sh"
        | "startManagedWebLogic.sh"
        | "stopManagedWebLogic.sh" => true,
        "jboss-cli.sh" | "jboss-cli" => jboss_changes(c),
        name @ ("sqlplus" | "rman" | "dgmgrl" | "clpplus" | "db2") => {
            let mut texts: Vec<&str> = c.command.stdin_text.iter().map(String::as_str).collect();
            if matches!(name, "dgmgrl" | "db2") {
                texts.extend(c.operands().iter().map(|w| w.value.as_str()));
            }
            texts.iter().any(|t| controls_in(t))
        }
        _ => false,
    }
}

/// Whether console text holds a statement that stops, starts or swaps
/// the database, at a line's start or after a `;`.
fn controls_in(text: &str) -> bool {
    text.split(['\n', ';']).any(|statement| {
        let mut words = statement.split_whitespace().map(str::to_ascii_uppercase);
        let first = words.next().unwrap_or_default();
        matches!(
            first.as_str(),
            "SHUTDOWN"
                | "STARTUP"
                | "SWITCHOVER"
                | "FAILOVER"
                | "REINSTATE"
                | "CONVERT"
                | "QUIESCE"
        ) || first == "ALTER" && words.next().is_some_and(|w| w == "SYSTEM")
    })
}

/// Whether WildFly's or JBoss's CLI is told to change the server: any
/// operation but a read (`:shutdown`, `:reload`, `…:remove`, `deploy`),
/// given by `--command`/`--commands` or in a `--file` it cannot show.
fn jboss_changes(c: &Cmd<'_>) -> bool {
    if !c.full_option_values(&["--file"]).is_empty() {
        return true;
    }
    c.full_option_values(&["--command", "--commands"])
        .iter()
        .flat_map(|v| v.split(','))
        .any(|command| {
            let command = command.trim();
            let op = match command.rsplit_once(':') {
                Some((_, op)) if command.starts_with(['/', ':']) => op,
                _ => command,
            };
            let op = op.split(['(', ' ']).next().unwrap_or_default();
            !(op.is_empty()
                || op.starts_with("read")
                || op.ends_with("-info")
                || command.split_whitespace().any(|w| w == "--help")
                || matches!(
                    op,
                    "ls" | "cd"
                        | "pwd"
                        | "echo"
                        | "help"
                        | "version"
                        | "whoami"
                        | "connect"
                        | "query"
                        | "validate-address"
                ))
        })
}
