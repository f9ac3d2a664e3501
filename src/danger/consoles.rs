//! Consoles told what to do by their words: Kerberos's admin console by
//! its `-q` command or the lines typed into it, a game server's remote console by each command it
//! sends. What the console runs is the act, not the console's own name.

use super::cmd::{Cmd, Does};

/// Kerberos's admin console told what to do by `-q` (`kadmin.local -q
/// "delprinc -force host/old"`, `kadmin -q "cpw -randkey krbtgt/R"`): a
/// principal or a policy deleted, or keys and passwords changed for the
/// realm; its lists and gets change nothing.
pub(super) fn kadmin_query(c: &Cmd<'_>) -> Option<Does> {
    if !matches!(c.name.as_str(), "kadmin" | "kadmin.local") {
        return None;
    }
    // Its commands by `-q`, or typed on its input a line each (`printf
    // 'delprinc -force x\n' | kadmin.local`).
    let queries = c.option_values(&["-q", "--query"]);
    let typed = c.command.stdin_text.as_deref().unwrap_or_default().lines();
    queries
        .iter()
        .copied()
        .chain(typed)
        .filter_map(|q| q.split_whitespace().next())
        .fold(None, |does, v| {
            let now = match v {
                "delprinc" | "delete_principal" | "delpol" | "delete_policy" | "purgekeys" => {
                    Some(Does::Destroys)
                }
                "getprinc" | "get_principal" | "listprincs" | "list_principals" | "getprincs"
                | "get_principals" | "getpol" | "get_policy" | "listpols" | "list_policies"
                | "getprivs" | "get_privs" | "getstrs" | "get_strings" | "?" | "help" | "quit"
                | "exit" | "q" => None,
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

/// Oracle's RMAN fed its commands on its input (`rman target / <<<
/// 'RESTORE DATABASE;'`, a here-document, `run { … }` blocks): a restore
/// or recovery puts old data over the live database, a delete or a
/// backup's `DELETE INPUT` loses backups, a shutdown, `ALTER DATABASE`,
/// `CONFIGURE`, `SQL` or `HOST` changes the running instance. A restore
/// told `PREVIEW` or `VALIDATE` only reads, as do its lists, reports and
/// backups.
pub(super) fn rman_script(c: &Cmd<'_>) -> Option<Does> {
    if c.name != "rman" {
        return None;
    }
    let text = c.command.stdin_text.as_deref()?.to_ascii_lowercase();
    text.split([';', '{', '}', '\n'])
        .filter_map(|statement| {
            let words: Vec<&str> = statement.split_whitespace().collect();
            let has = |w: &str| words.contains(&w);
            match *words.first()? {
                "restore" | "recover" if !has("preview") && !has("validate") => {
                    Some(Does::Destroys)
                }
                "delete" | "drop" | "flashback" | "duplicate" | "unregister" | "reset"
                | "switch" => Some(Does::Destroys),
                "backup" if has("delete") => Some(Does::Destroys),
                "shutdown" | "startup" | "alter" | "configure" | "sql" | "host" => {
                    Some(Does::Deploys)
                }
                _ => None,
            }
        })
        .reduce(|a, b| if a == Does::Destroys { a } else { b })
}

/// A telephony server's console told one command (`asterisk -rx 'core
/// restart now'`, `rasterisk -x 'channel request hangup all'`, `fs_cli -x
/// shutdown`, `kamcmd dispatcher.reload`): the live server runs it. Its
/// `show`, `list`, `get` and `status` commands report; hang-ups and
/// deletions destroy; anything else changes the running service. So with
/// a cache server's console (`varnishadm`), a scheduler's, a mainframe
/// operator's and Db2's; and tools whose act their name or an option
/// says (one look-up of the program's name for all of them).
pub(super) fn console_command(c: &Cmd<'_>) -> Option<Does> {
    let args = c.args();
    let command: &str = match c.name.as_str() {
        // `-x CMD`, also at the end of a cluster (`-rx`, `-rvx`).
        "asterisk" | "rasterisk" => {
            let at = args.iter().position(|w| {
                // (Letters only after the dash: no long option.)
                let v = w.value.as_str();
                v.starts_with('-')
                    && v.ends_with('x')
                    && v[1..].bytes().all(|b| b.is_ascii_alphabetic())
            })?;
            args.get(at + 1)?.value.as_str()
        }
        "fs_cli" => c.option_values(&["-x", "--execute"]).first().copied()?,
        // OpenSIPS's management command, by its words (`opensips-cli -x
        // mi dlg_end_dlg 2311 9812` ends a live call).
        // (Its words after `-x` are the command, quoted or not.)
        "opensips-cli" => {
            let at = args.iter().position(|w| w.value == "-x")?;
            let command: Vec<&str> = args
                .get(at + 1..)?
                .iter()
                .map(|w| w.value.as_str())
                .skip_while(|w| *w == "mi")
                .collect();
            // A module's report said at the end of its command's name,
            // without arguments, which would set it (`dr_gw_status` shows
            // the gateways; `dr_gw_status 2 1` disables one).
            if let [only] = command[..]
                && only
                    .rsplit('_')
                    .next()
                    .is_some_and(|w| matches!(w, "status" | "list" | "show" | "stats" | "info"))
            {
                return None;
            }
            return console_does(&command.join(" ").replace('_', " "));
        }
        // The RPC method and its arguments (`kamcmd ul.rm location bob`).
        "kamcmd" | "sercmd" => {
            let first = c.operands().first()?.value.as_str();
            return console_does(&first.replace(['.', '_'], " "));
        }
        // Varnish's admin console, past its `-n`/`-S`/`-T`/`-t` values:
        // a ban invalidates every cached object it matches (`varnishadm
        // ban req.url '~' .`), as a purge does; `vcl.use`, `param.set`,
        // `stop` change the running cache; `ban.list`, `vcl.list` report.
        // Without a command, it runs the lines it reads (`echo 'ban
        // req.url ~ ^/api/' | varnishadm`).
        "varnishadm" => {
            let mut words = args.iter().map(|w| w.value.as_str());
            let first = loop {
                match words.next() {
                    Some("-n" | "-S" | "-T" | "-t") => {
                        words.next();
                    }
                    Some(o) if o.starts_with('-') => {}
                    w => break w,
                }
            };
            let varnish = |line: &str| match line.split_whitespace().next() {
                Some("ban") => Some(Does::Destroys),
                Some(first) => console_does(&first.replace('.', " ")),
                None => None,
            };
            return match first {
                Some(first) => varnish(first),
                None => c
                    .command
                    .stdin_text
                    .as_deref()?
                    .lines()
                    .filter_map(varnish)
                    .reduce(|a, b| if a == Does::Destroys { a } else { b }),
            };
        }
        // IBM Workload Scheduler's console (`conman "kill
        // CLMPROD#EOD.POSTGL;noask"`, `conman sj @#@`): its reports by
        // their short and long names; any other command acts on the live
        // plan.
        "conman" => {
            let command: Vec<&str> = c.operands().iter().map(|w| w.value.as_str()).collect();
            let command = command.join(" ");
            let first = command
                .split([' ', ';'])
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase();
            if first.is_empty()
                || matches!(
                    first.as_str(),
                    "sj" | "showjobs"
                        | "ss"
                        | "showschedules"
                        | "sc"
                        | "showcpus"
                        | "sp"
                        | "showprompts"
                        | "sr"
                        | "showresources"
                        | "sf"
                        | "showfiles"
                        | "sd"
                        | "showdomain"
                        | "v"
                        | "version"
                        | "help"
                        | "listsym"
                        | "lc"
                )
            {
                return None;
            }
            return console_does(&command.replace(';', " "));
        }
        // Tools whose act their name or an option says, not a verb.
        "ansible" => return ansible_state(c),
        // Captured packets sent again onto a live segment (`tcpreplay
        // --intf1=eth1 iec104.pcap`): whatever listens there acts on them.
        "tcpreplay" | "tcpreplay-edit" | "tcpliveplay" => return Some(Does::Deploys),
        // IBM MQ's sample getter takes each message off the queue for
        // good (`amqsget ACARS.UPLINK.IN QMACARS`); `amqsbcg` only browses.
        "amqsget" | "amqsgetc" => return (!c.operands().is_empty()).then_some(Does::Destroys),
        // Ignition's gateway restored from a backup over its projects and
        // settings, or its admin login reset (`gwcmd -r gw.gwbk -y`,
        // `gwcmd --passwd`).
        "gwcmd" => {
            return c
                .flag(&["-r", "--restore", "-p", "--passwd"])
                .then_some(Does::Destroys);
        }
        // z/OS operator commands (`opercmd "P CICSPRD1"`, `zowe zos-console
        // issue command "C CLMBATCH"`), read below.
        "opercmd" => return mvs_command(&c.operands().first()?.value),
        "zowe"
            if args
                .first()
                .is_some_and(|w| matches!(w.value.as_str(), "zos-console" | "console")) =>
        {
            let ops = c.operands();
            let text = ops
                .get(3)
                .filter(|_| ops.get(1).is_some_and(|w| w.value == "issue"))?;
            return mvs_command(&text.value);
        }
        // AutoSys's events, each a change to the live scheduler
        // (`sendevent -E CHANGE_STATUS -s SUCCESS -J JOB` releases what
        // waits on the job; `KILLJOB`, `DELETEJOB`, `STOP_DEMON`).
        "sendevent" => {
            let event = c.option_values(&["-E"]).first()?.to_ascii_lowercase();
            return Some(
                if matches!(event.as_str(), "killjob" | "deletejob" | "stop_demon") {
                    Does::Destroys
                } else {
                    Does::Deploys
                },
            );
        }
        // Db2's own commands to the instance, beside its SQL: applications
        // forced off, a database deactivated or quiesced, history pruned,
        // a catalog entry dropped, a restore over a database.
        "db2" => {
            let first = c.operands().first()?.value.to_ascii_lowercase();
            return match first.split_whitespace().next()? {
                "force" | "prune" | "uncatalog" | "restore" | "drop" => Some(Does::Destroys),
                // A load or import that replaces the table's rows (`LOAD
                // FROM x.del OF DEL REPLACE INTO t`); an insert only adds.
                "load" | "import" => c
                    .operands()
                    .iter()
                    .flat_map(|w| w.value.split_whitespace())
                    .any(|w| w.eq_ignore_ascii_case("replace"))
                    .then_some(Does::Destroys),
                "deactivate" | "quiesce" | "stop" | "rollforward" | "unquiesce" => {
                    Some(Does::Deploys)
                }
                _ => None,
            };
        }
        _ => return None,
    };
    console_does(command)
}

/// What an ad-hoc ansible module is told to make of what it names, on
/// every host of the pattern (`ansible lpars -m zos_data_set -a
/// "name=PRD.CLAIMS.WORK state=absent"` deletes the data set; `-m service
/// -a 'name=nginx state=restarted'` restarts a live service): whatever the
/// module, `absent` takes it away. Check mode changes nothing.
fn ansible_state(c: &Cmd<'_>) -> Option<Does> {
    if c.flag(&["-C", "--check"]) {
        return None;
    }
    c.option_values(&["-a", "--args"])
        .iter()
        .flat_map(|text| text.split([' ', ',']))
        .filter_map(|pair| pair.strip_prefix("state="))
        .map(|v| v.trim_matches(['\'', '"']))
        .find_map(|state| match state {
            "absent" | "purged" | "deleted" | "removed" | "wiped" => Some(Does::Destroys),
            "stopped" | "restarted" | "reloaded" | "killed" | "unmounted" | "rebooted" => {
                Some(Does::Deploys)
            }
            _ => None,
        })
}

/// What a z/OS operator command does, by its verb (`P CICSPRD1` stops
/// the region, `C JOB1` cancels a job, `V 0A80,OFFLINE` varies a device,
/// JES2's `$P`, `$C`, `$E`): stopping, cancelling, forcing and purging take
/// work away; starting, modifying, varying, setting and replying change
/// the running system. Displays (`D A,L`, `$DJ`) only report.
fn mvs_command(text: &str) -> Option<Does> {
    let verb = text
        .trim_start()
        .split([' ', ','])
        .next()?
        .to_ascii_uppercase();
    let jes = verb.strip_prefix('$');
    let letter = jes.map_or(verb.as_str(), |v| v.get(..1).unwrap_or_default());
    match letter {
        "C" | "CANCEL" | "FORCE" | "Z" | "HALT" | "P" | "STOP" | "PURGE" => Some(Does::Destroys),
        "D" | "DISPLAY" | "" => None,
        _ if jes.is_some() => Some(Does::Deploys),
        "S" | "START" | "F" | "MODIFY" | "V" | "VARY" | "T" | "SET" | "SETPROG" | "K" | "R"
        | "REPLY" | "E" | "RESET" | "QUIESCE" | "SWITCH" | "I" => Some(Does::Deploys),
        _ => None,
    }
}

/// What one console command does, by its words (see [`console_command`]):
/// a destroying word anywhere destroys; a report is said in the first two
/// words (`core show channels`, `sofia status`), so a name that happens
/// to be `show` (`database del show key`) reports nothing.
fn console_does(command: &str) -> Option<Does> {
    let words = || command.split_whitespace().map(str::to_ascii_lowercase);
    if words().any(|w| {
        matches!(
            w.as_str(),
            "hangup"
                | "del"
                | "delete"
                | "deltree"
                | "remove"
                | "rm"
                | "kill"
                | "drop"
                | "flush"
                | "purge"
        )
    }) {
        return Some(Does::Destroys);
    }
    if words().take(2).any(|w| {
        matches!(
            w.as_str(),
            "show"
                | "list"
                | "get"
                | "status"
                | "help"
                | "ping"
                | "version"
                | "uptime"
                | "stats"
                | "dump"
                | "info"
                | "print"
                | "lookup"
        )
    }) {
        return None;
    }
    Some(Does::Deploys)
}

/// What WebSphere's admin console is told by its inline script (`wsadmin
/// -lang jython -c "AdminApp.uninstall('App')"`, Jacl's `$AdminControl
/// stopServer s1 n1`): a call named for what it destroys, or a server
/// stopped or restarted. A script that only lists reads. Likewise the
/// static method a Unity editor runs in batch mode, by its name
/// (`-executeMethod Build.DeployToPlayFabCDN`).
pub(super) fn admin_script(c: &Cmd<'_>, verb_of: fn(&str) -> Option<Does>) -> Option<Does> {
    if matches!(c.name.as_str(), "unity" | "unity-editor" | "unity.exe") {
        return c
            .option_values(&["-executeMethod", "-executemethod"])
            .iter()
            .find_map(|m| verb_of(m.rsplit('.').next().unwrap_or(m)));
    }
    if !matches!(c.name.as_str(), "wsadmin" | "wsadmin.sh") {
        return None;
    }
    let mut does = None;
    for code in c.option_values(&["-c"]) {
        for name in code.split(|ch: char| !ch.is_ascii_alphanumeric()) {
            if verb_of(name) == Some(Does::Destroys) {
                return Some(Does::Destroys);
            }
            let lower = name.to_ascii_lowercase();
            if lower.starts_with("stop") || lower.starts_with("restart") {
                does = Some(Does::Deploys);
            }
        }
    }
    does
}

/// The command string a TSO console runs, if the command is one.
pub(super) fn tso_command<'a>(c: &Cmd<'a>) -> Option<&'a str> {
    let ops = c.operands();
    let said = |i: usize| ops.get(i).map(|w| w.value.as_str());
    let text = match c.name.as_str() {
        "tsocmd" => ops.first(),
        "zowe"
            if matches!(said(0), Some("zos-tso" | "tso" | "zos-console" | "console"))
                && said(1) == Some("issue")
                && matches!(said(2), Some("command" | "cmd")) =>
        {
            ops.get(3)
        }
        // IDCAMS's statements (`zowe zos-files invoke ams-statements
        // "DELETE A.B CLUSTER PURGE"`).
        "zowe"
            if matches!(said(0), Some("zos-files" | "files"))
                && said(1) == Some("invoke")
                && matches!(said(2), Some("ams-statements" | "as")) =>
        {
            ops.get(3)
        }
        _ => None,
    }?;
    Some(text.value.as_str())
}

#[cfg(test)]
mod tests {
    use super::{Does, mvs_command};

    /// z/OS operator commands by their verb, JES2's by the letter after
    /// its `$`; displays report.
    #[test]
    fn operator_commands_by_their_verb() {
        for (text, want) in [
            ("P CICSPRD1", Some(Does::Destroys)),
            ("  c CLMBATCH", Some(Does::Destroys)),
            ("FORCE X,ARM", Some(Does::Destroys)),
            ("$PJ123", Some(Does::Destroys)),
            ("$CJ42", Some(Does::Destroys)),
            ("S CICSPRD1", Some(Does::Deploys)),
            ("F CICSPRD1,CEMT I TASK", Some(Does::Deploys)),
            ("V 0A80,OFFLINE", Some(Does::Deploys)),
            ("$EJ12345", Some(Does::Deploys)),
            ("$SPRT1", Some(Does::Deploys)),
            ("$HJ123", Some(Does::Deploys)),
            ("D A,L", None),
            ("DISPLAY IPLINFO", None),
            ("$DJ123", None),
            ("$D", None),
            ("", None),
            ("LISTCAT", None),
        ] {
            assert_eq!(mvs_command(text), want, "{text:?}");
        }
    }
}
