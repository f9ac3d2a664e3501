//! The command view: one simple command as the rules see it.
//!
//! A rule asks of a command what it is (`is`, `git`), which options and
//! operands it has, and what it writes or links to. Those answers are
//! worked out here once, so each rule reads as what it catches, and a
//! file written by any known writer (`tee`, `cp`, `sed -i`, `curl -o`, `dd
//! of=`, an archive unpacked) is seen by every rule that asks.

use super::links::on_disk;
use super::place::Place;
use crate::parse::programs::{has_flag, operands, option_values};
use crate::parse::{Redirect, SimpleCommand, Word};

/// What a command's subcommand verb does, for any tool (`verbs` reads
/// the words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Does {
    /// Deletes, resets, wipes, uninstalls, deregisters.
    Destroys,
    /// Deploys, publishes, releases, rolls back, flashes.
    Deploys,
}

/// A program that runs the query language it is handed (`Cmd::query_console`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct QueryConsole {
    /// A database's own client, whose options, files and standard input
    /// carry statements the rules read (`psql -c`, `sqlcmd -Q`, `db2
    /// -tvf`); else a console only its standard input is read for.
    pub(super) client: bool,
    /// Its SQL can write a table to another machine or hand it to a
    /// program (`COPY … TO 's3://…'`, `EXPORT DATA`, `INSERT INTO
    /// FUNCTION s3(…)`).
    pub(super) exports: bool,
}

/// Command-line HTTP clients, whose words are a request: curl and its
/// front end curlie, wget, HTTPie (`http`, `https`) and xh.
pub(super) const HTTP_CLIENTS: &[&str] = &[
    "curl", "curlie", "wget", "wget2", "http", "https", "xh", "xhs",
];

/// netcat by the names systems install it under.
pub(super) const NETCATS: &[&str] = &["nc", "ncat", "netcat", "nc.traditional", "nc.openbsd"];

pub(super) use crate::util::{NameSet, slots_for};

/// Whether `word` is in `set`.
pub(super) fn among<const M: usize>(set: &NameSet<M>, word: &str) -> bool {
    set.contains(word)
}

/// One simple command as the rules see it.
pub struct Cmd<'a> {
    /// The parsed command.
    pub command: &'a SimpleCommand,
    /// Program name (basename, lowercase); empty when unknown or absent.
    pub name: String,
    /// Where it runs.
    pub ctx: &'a Place,
    /// Links the line makes to the root, a home or a system folder.
    pub root_links: &'a [String],
    /// [`Cmd::written_paths`], worked out once: several rules ask.
    written: std::cell::OnceCell<Vec<String>>,
    /// [`Cmd::operands`], worked out once: most rules ask.
    operands: std::cell::OnceCell<Vec<&'a Word>>,
    /// What its subcommand verb does, worked out once: four rules ask.
    verb: std::cell::OnceCell<Option<(Does, bool)>>,
    /// The inline code it runs, worked out once: five rules ask.
    inline: std::cell::OnceCell<Option<Option<String>>>,
    /// The options that hand it inline code, worked out once: eight
    /// rules ask of every command.
    code_flags: std::cell::OnceCell<Option<&'static [&'static str]>>,
}

/// kubectl's, oc's and helm's options that take a value, given before
/// the subcommand.
const KUBE_GLOBAL_VALUES: &[&str] = &[
    "-n",
    "--namespace",
    "--context",
    "--kubeconfig",
    "--kube-context",
    "--cluster",
    "--user",
    "-s",
    "--server",
    "--as",
    "--as-group",
    "--token",
    "--request-timeout",
    "-v",
];

impl<'a> Cmd<'a> {
    /// Wraps a parsed command.
    pub fn new(command: &'a SimpleCommand, ctx: &'a Place) -> Self {
        let name = command
            .name()
            .map(std::borrow::Cow::into_owned)
            .unwrap_or_default();
        Self::named(command, ctx, name)
    }

    /// [`Cmd::new`] for a command whose [`SimpleCommand::name`] the
    /// caller has worked out already (empty when there is none).
    pub fn named(command: &'a SimpleCommand, ctx: &'a Place, name: String) -> Self {
        Self {
            name,
            command,
            ctx,
            root_links: &[],
            written: std::cell::OnceCell::new(),
            operands: std::cell::OnceCell::new(),
            verb: std::cell::OnceCell::new(),
            inline: std::cell::OnceCell::new(),
            code_flags: std::cell::OnceCell::new(),
        }
    }

    /// [`crate::parse::interpreters::inline_code_flags`] of its name,
    /// worked out once.
    pub(super) fn code_flags(&self) -> Option<&'static [&'static str]> {
        *self
            .code_flags
            .get_or_init(|| crate::parse::interpreters::inline_code_flags(&self.name))
    }

    /// [`Place::is_catastrophic`], also through a link the line made to
    /// such a folder (`ln -s / r; rm -rf r/`) or one on disk.
    pub fn is_catastrophic(&self, value: &str) -> bool {
        if self.ctx.is_catastrophic(value) {
            return true;
        }
        // `r/*` empties what `r` names. `rm -rf r` removes `r` itself, a
        // link or not: only the folders above it are followed (`rm -rf
        // r/etc` deletes `/etc` when `r` is a link to the root).
        let trimmed = value.trim_end_matches(['*', '/']);
        if trimmed == value && matches!(self.name.as_str(), "rm" | "unlink") {
            return value.rsplit_once('/').is_some_and(|(parent, last)| {
                on_disk(self.ctx, parent)
                    .is_some_and(|real| self.ctx.is_catastrophic(&format!("{real}/{last}")))
            });
        }
        let folder = if trimmed.is_empty() { value } else { trimmed };
        (!self.root_links.is_empty() && self.root_links.contains(&self.ctx.resolve(folder)))
            || on_disk(self.ctx, folder).is_some_and(|real| self.ctx.is_catastrophic(&real))
    }

    /// What the command's subcommand verb does, and whether the program
    /// is a cloud or cluster tool: `work`'s answer, worked out once (the
    /// verb rules and the cloud pack ask; `verbs` knows how).
    pub(super) fn verb_once(
        &self,
        work: impl FnOnce() -> Option<(Does, bool)>,
    ) -> Option<(Does, bool)> {
        *self.verb.get_or_init(work)
    }

    /// The inline code it runs (see `interpreters::inline_code`), `work`'s
    /// answer, worked out once.
    pub(super) fn inline_once(
        &self,
        work: impl FnOnce() -> Option<Option<String>>,
    ) -> Option<Option<&str>> {
        self.inline.get_or_init(work).as_ref().map(Option::as_deref)
    }

    /// True when the program is one of `names`. A name ending in `*`
    /// matches by prefix (`mkfs*` matches `mkfs.ext4`). The names are
    /// compared one by one: a long list of exact names asked of every
    /// command costs less as a `matches!` on `name`, or [`Cmd::is_among`].
    pub fn is(&self, names: &[&str]) -> bool {
        names.iter().any(|n| match n.strip_suffix('*') {
            Some(prefix) => self.name.starts_with(prefix),
            None => self.name == *n,
        })
    }

    /// True when the command runs on another machine: on the far side
    /// of ssh, a file-transfer client's batch, a fleet runner or a
    /// router login.
    pub fn on_far_side(&self) -> bool {
        self.command
            .via
            .iter()
            .any(|v| crate::parse::programs::is_far_client(v))
    }

    /// True when `localhost` is not this machine: the command runs on
    /// another (ssh's far side, a fleet runner) or in a cluster's pod
    /// (`kubectl exec deploy/gw -- curl localhost:8080/…`), where the
    /// loopback is the live service itself.
    pub(super) fn loopback_elsewhere(&self) -> bool {
        self.on_far_side()
            || self
                .command
                .via
                .iter()
                .any(|v| matches!(v.as_str(), "kubectl" | "oc" | "kubectl.exe"))
    }

    /// True when a command on another machine writes a file there that
    /// is not scratch (`ssh pos1 "perl -i -pe '…' /opt/pos/payment.ini"`):
    /// what it writes changes a machine others rely on.
    pub(super) fn writes_on_far_side(&self) -> bool {
        let kept = |p: &String| {
            !(super::place::in_scratch_folder(p) || p.starts_with("/dev/") || p == "-")
        };
        self.on_far_side()
            && (self.written_paths().iter().any(kept)
                // An archive unpacked there (`tar -xzf r.tgz -C /opt/pos`).
                || self.written_folders().iter().any(kept))
            && !super::dryrun::rehearses_as(&self.name, self.args())
    }

    /// What a program that runs the query language it is handed is, if
    /// it is one: the one table every reader of SQL asks. A `match`: it
    /// is asked of every command.
    pub(super) fn query_console(&self) -> Option<QueryConsole> {
        // (Whether it is a client, whether its SQL can export.)
        let (client, exports) = match self.name.as_str() {
            "psql" | "pgcli" | "mysql" | "mariadb" | "sqlite3" | "sqlcmd" | "duckdb"
            | "clickhouse-client" | "cockroach" | "usql" | "snowsql" => (true, true),
            "mycli" | "sqlite" | "hdbsql" | "sqlplus" | "isql" | "db2" | "mongosh" | "mongo"
            | "cqlsh" => (true, false),
            "clickhouse" | "clickhouse-local" | "bq" | "trino" | "presto" | "spark-sql"
            | "beeline" => (false, true),
            "influx" | "vsql" | "impala-shell" | "hive" | "cypher-shell" | "nzsql" | "ysqlsh"
            | "gsql" | "sqlline" => (false, false),
            _ => return None,
        };
        Some(QueryConsole { client, exports })
    }

    /// True for a database client that runs the SQL (or query language)
    /// it is handed against the database its words name.
    pub(super) fn is_sql_client(&self) -> bool {
        self.query_console().is_some_and(|q| q.client)
    }

    /// [`Cmd::is`] for a long list made a [`NameSet`]: one hashed
    /// look-up, where `is` compares the names one by one.
    pub(super) fn is_among<const M: usize>(&self, set: &NameSet<M>) -> bool {
        set.contains(&self.name)
    }

    /// Arguments after the program name.
    pub fn args(&self) -> &'a [Word] {
        self.command.args()
    }

    /// Argument values (as the program receives them).
    pub fn values(&self) -> impl Iterator<Item = &'a str> {
        self.args().iter().map(|w| w.value.as_str())
    }

    /// True when any option in `flags` is given before `--`. Short options
    /// match inside clusters (`-r` in `-rf`); long ones also with `=value`.
    pub fn flag(&self, flags: &[&str]) -> bool {
        has_flag(self.args(), flags)
    }

    /// [`Cmd::flag`] for a rehearsal flag: one that stands as an option,
    /// not as the value of the option before it (`--exclude --dry-run`).
    pub fn rehearses_by(&self, flags: &[&str]) -> bool {
        crate::parse::option_values::has_rehearsal_flag(&self.name, self.args(), flags)
    }

    /// [`Cmd::flag`] for a tool whose own long options `exact` are
    /// prefixes of the flags (`gpg --export` is not `--export-secret-keys`).
    pub fn flag_of(&self, flags: &[&str], exact: &[&str]) -> bool {
        crate::parse::programs::has_flag_of(self.args(), flags, exact)
    }

    /// Arguments that are not options (all of them after `--`).
    pub fn operands(&self) -> &[&'a Word] {
        self.operands.get_or_init(|| {
            // A cluster client's options before its subcommand take a
            // value (`kubectl -n maps get secret x`): the value is no
            // subcommand.
            if matches!(self.name.as_str(), "kubectl" | "oc" | "helm") {
                self.subcommand_operands(KUBE_GLOBAL_VALUES)
            } else {
                operands(self.args())
            }
        })
    }

    /// The subcommand and the operands after it, past the tool's own
    /// leading options: those in `with_value` take the next word as their
    /// value, so it is not the subcommand (`npm -w pkg publish`, `docker
    /// --context prod push img`).
    pub fn subcommand_operands(&self, with_value: &[&str]) -> Vec<&'a Word> {
        let args = self.args();
        let mut i = 0;
        while let Some(w) = args.get(i) {
            let v = w.value.as_str();
            if v == "--" || !(v.starts_with('-') && v.len() > 1) {
                break;
            }
            i += if with_value.contains(&v) { 2 } else { 1 };
        }
        operands(args.get(i..).unwrap_or_default())
    }

    /// The value given to an option: `--opt=V`, `--opt V`, `-oV`, `-o V`.
    pub fn option_values(&self, names: &[&str]) -> Vec<&'a str> {
        option_values(self.args(), names)
    }

    /// The values of long options named in full (`--key-file=V`,
    /// `--key-file V`): for options asked of every program, whose
    /// abbreviations (`--key`, `--vault`) are other options of most.
    pub fn full_option_values(&self, names: &[&str]) -> Vec<&'a str> {
        let args = self.args();
        let mut out = Vec::new();
        for (i, w) in args.iter().enumerate() {
            let v = w.value.as_str();
            if v == "--" {
                break;
            }
            if !v.starts_with("--") {
                continue;
            }
            let (name, attached) = v.split_once('=').map_or((v, None), |(n, a)| (n, Some(a)));
            if names.contains(&name) {
                match attached {
                    Some(value) => out.push(value),
                    None => out.extend(args.get(i + 1).map(|w| w.value.as_str())),
                }
            }
        }
        out
    }

    /// For `git`: the subcommand and its arguments, after git's own options.
    pub fn git(&self) -> Option<(&'a str, &'a [Word])> {
        if self.name != "git" {
            return None;
        }
        let args = self.args();
        let i = crate::parse::programs::git_subcommand_at(args)?;
        Some((args.get(i)?.value.as_str(), args.get(i + 1..)?))
    }

    /// `git -c KEY=VALUE` settings given on the command line.
    pub fn git_config_overrides(&self) -> Vec<&'a str> {
        if self.name != "git" {
            return Vec::new();
        }
        let args = self.args();
        let mut out = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let v = args[i].value.as_str();
            if !v.starts_with('-') {
                break;
            }
            if matches!(v, "-c" | "--config-env") {
                if let Some(kv) = args.get(i + 1) {
                    out.push(kv.value.as_str());
                }
                i += 2;
            } else if let Some(kv) = v.strip_prefix("--config-env=") {
                out.push(kv);
                i += 1;
            } else if matches!(
                v,
                "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--exec-path"
            ) {
                i += 2;
            } else {
                i += 1;
            }
        }
        out
    }

    /// Every redirection of the command.
    pub fn redirects(&self) -> &'a [Redirect] {
        &self.command.redirects
    }

    /// Whether what the command prints goes only to the screen (or
    /// nowhere): written on the line itself, in no function, substitution
    /// or string another program runs, not piped to another program, nor
    /// written to a file another may read. A list of names printed so is
    /// only seen; piped to `xargs cat` or `cpio -o`, or substituted into
    /// `cat $(find ~/.ssh -type f)`, the files it names are read.
    pub fn output_only_shown(&self) -> bool {
        matches!(self.command.origin, crate::parse::Origin::Line)
            && self.command.depth == 0
            && self.command.in_function.is_none()
            && !self.command.piped
            && !self.redirects().iter().any(|r| {
                r.op.writes() && r.fd.is_none_or(|fd| fd == 1) && r.target.value != "/dev/null"
            })
    }

    /// Paths the command writes: redirection targets, and the files that
    /// well-known writers write by operand or option (`tee F`, `cp … DEST`,
    /// `mv SRC… DEST`, `sed -i … F`, `curl -o F`, `sort -o F`, `dd of=F`,
    /// …). A copy into a folder also names the file it makes there
    /// (`cp .bashrc ~` writes `~/.bashrc`). The writers' table is
    /// [`crate::parse::written_by_words`], shared with the walk, which
    /// judges a script a line writes before it runs it.
    pub fn written_paths(&self) -> &[String] {
        self.written.get_or_init(|| self.find_written_paths())
    }

    fn find_written_paths(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .redirects()
            .iter()
            .filter(|r| r.op.writes())
            .map(|r| r.target.value.clone())
            .collect();
        out.extend(crate::parse::written_by_words(self.command));
        out
    }

    /// Folders the command writes files of names it alone knows into: an
    /// archive unpacked (`tar -x -C D`, `unzip -d D`), a patch applied
    /// without naming its file (into the folder it runs in, `.`).
    pub fn written_folders(&self) -> Vec<String> {
        crate::parse::written_folders(self.command)
    }

    /// Folders a recursive copy fills with names its source alone knows:
    /// the destination itself for a source's contents (`cp -r dots/. ~/`,
    /// `rsync -a dots/ ~/`, `cp -r dots/* ~/`, `cp -rT dots ~`, `ditto dots
    /// ~`), else the folder named after the source in it (`cp -r
    /// dots/.config ~/` fills `~/.config`).
    pub fn copied_into(&self) -> Vec<String> {
        let rsync = self.is(&["rsync"]);
        let ditto = self.is(&["ditto"]);
        let recursive = ditto
            || rsync && self.flag(&["-r", "-a", "--recursive", "--archive"])
            || self.is(&["cp", "gcp"])
                && self.flag(&["-r", "-R", "-a", "--recursive", "--archive"]);
        // A rehearsal copies nothing (`rsync -a --delete -n empty/ /`).
        let rehearsal = || super::dryrun::rehearses_as(&self.name, self.args());
        if !recursive {
            // Any tool's `sync` (or recursive `cp`) subcommand fills its
            // destination folder (`b2 sync b2://b/claude/ ~/.claude/`):
            // the verb, a source and the folder at least.
            if self.args().len() < 3 {
                return Vec::new();
            }
            return crate::parse::synced_folder(&self.name, self.args())
                .filter(|_| !rehearsal())
                .into_iter()
                .collect();
        }
        if rehearsal() {
            return Vec::new();
        }
        let whole = !rsync && self.flag(&["-T", "--no-target-directory"]);
        let targets = crate::parse::target_dirs(&self.name, self.args());
        let ops: Vec<&str> = crate::parse::copy_operands(&self.name, self.args())
            .into_iter()
            .map(|w| w.value.as_str())
            .filter(|v| !targets.contains(v))
            .collect();
        let (dests, sources) = match ops.split_last() {
            _ if !targets.is_empty() => (targets, &ops[..]),
            Some((dest, sources)) => (vec![*dest], sources),
            None => return Vec::new(),
        };
        let mut out = Vec::new();
        for dest in dests {
            for source in sources {
                let base = source
                    .trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .unwrap_or(source);
                let contents = whole
                    || ditto
                    || matches!(base, "." | "")
                    || rsync && source.ends_with('/')
                    || base.contains(['*', '?', '[']);
                out.push(if contents {
                    dest.to_owned()
                } else {
                    format!("{}/{base}", dest.trim_end_matches('/'))
                });
            }
        }
        out
    }

    /// What a command makes a link to: `ln [-s] TARGET… [NAME]`, `link
    /// TARGET NAME`, `cp -l`/`-s` (`--link`, `--symbolic-link`) SOURCE… DEST.
    pub fn linked_to(&self) -> Vec<&'a str> {
        if !self.is(&["ln", "link", "cp"]) {
            return Vec::new();
        }
        let ops: Vec<&str> = self.operands().iter().map(|w| w.value.as_str()).collect();
        let into_values = crate::parse::target_dirs(&self.name, self.args());
        let into_dir = !into_values.is_empty();
        let sources = |ops: Vec<&'a str>| -> Vec<&'a str> {
            match ops.split_last() {
                // `ln TARGET` makes a link named after it, here.
                Some((_, rest)) if !into_dir && !rest.is_empty() => rest.to_vec(),
                _ => ops,
            }
        };
        let ops: Vec<&str> = ops
            .into_iter()
            .filter(|v| !into_values.contains(v))
            .collect();
        if self.is(&["ln"]) {
            return sources(ops);
        }
        if self.is(&["link"]) {
            return ops.into_iter().take(1).collect();
        }
        if self.is(&["cp"]) && self.flag(&["-l", "--link", "-s", "--symbolic-link"]) {
            return sources(ops);
        }
        Vec::new()
    }
}

/// Whether a server or tool is told only to check a configuration, which
/// it reads and changes nothing (`visudo -c`, `sshd -t`, `nginx -t`, `nft
/// -c`, `haproxy -c`, `apachectl configtest`, `named-checkconf`,
/// `kamailio -c`, `fail2ban-regex`). The
/// check letter must stand as an option (`nginx -c -t` starts nginx with
/// the configuration file `-t`).
pub(super) fn checks_config(c: &Cmd<'_>) -> bool {
    match c.name.as_str() {
        "visudo" => c.rehearses_by(&["-c", "--check"]),
        "sshd" | "nginx" | "openresty" | "httpd" | "apache2" => c.rehearses_by(&["-t", "-T"]),
        "nft" => c.rehearses_by(&["-c", "--check"]),
        // Parsed and tested, not committed.
        "iptables-restore" | "ip6tables-restore" => c.rehearses_by(&["-t", "--test"]),
        "haproxy" => c.rehearses_by(&["-c"]),
        "apachectl" | "apache2ctl" => {
            c.rehearses_by(&["-t"])
                || c.operands()
                    .first()
                    .is_some_and(|w| w.value == "configtest")
        }
        "named-checkconf" | "named-checkzone" | "kamailio-check" | "unbound-checkconf"
        | "testparm" => true,
        // A filter tried on a log: both only read.
        "fail2ban-regex" => true,
        "fail2ban-client" => c.rehearses_by(&["-t", "--test"]),
        // (kamailio's `-t` is a folder to chroot to.)
        "kamailio" => c.rehearses_by(&["-c"]),
        "dhcpd" | "kea-dhcp4" | "kea-dhcp6" => c.rehearses_by(&["-t", "-T"]),
        "opensips" | "varnishd" => c.rehearses_by(&["-C"]),
        "rsyslogd" => c.rehearses_by(&["-N"]),
        "squid" => c.option_values(&["-k"]).first() == Some(&"parse"),
        "promtool" | "caddy" | "systemd-analyze" => c
            .operands()
            .first()
            .is_some_and(|w| matches!(w.value.as_str(), "check" | "validate" | "verify")),
        _ => false,
    }
}

/// The file of httpie's (and its kin's) `field@PATH`, which uploads the
/// file as the field (`http -f POST url file@.env`): what follows the
/// first `@` when a field name comes before it.
pub(super) fn after_key_at(v: &str) -> Option<&str> {
    let (key, path) = v.split_once('@')?;
    // `user@host:path` is scp's, not a field's.
    (!key.is_empty()
        && !path.is_empty()
        && !path
            .split('/')
            .next()
            .is_some_and(|first| first.contains(':'))
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')))
    .then_some(path)
}

/// Whether go's flags (on its command line or in `GOFLAGS`) name a program
/// it runs: `-toolexec`, `-exec`, one dash or two, `=` or not.
pub(super) fn go_runs_another<'a>(words: impl Iterator<Item = &'a str>) -> bool {
    words.into_iter().any(|w| {
        let name = w.split('=').next().unwrap_or(w).trim_start_matches('-');
        w.starts_with('-') && matches!(name, "toolexec" | "exec")
    })
}

/// Whether a command names the server it talks to by an option
/// (`--address`, `--host`, `--server`, `--url`, `--endpoint`,
/// `--registry`, `--master`) and every such server is this machine's
/// loopback, with no address elsewhere in its words. Those names exactly:
/// an option that only ends so may name a helper, not where the work goes
/// (`--build-host 127.0.0.1` while the deploy goes out).
pub(super) fn to_loopback_only(c: &Cmd<'_>) -> bool {
    const SERVER: &[&str] = &[
        "address", "addr", "host", "server", "url", "endpoint", "registry", "master",
    ];
    let args = c.args();
    let mut servers = 0;
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        let v = w.value.as_str();
        if v == "--" {
            break;
        }
        let Some(option) = v.strip_prefix("--") else {
            // An address outside an option is another server named.
            if v.contains("://") {
                return false;
            }
            continue;
        };
        let (name, value) = match option.split_once('=') {
            Some((n, value)) => (n, Some(value)),
            None => (option, None),
        };
        let name = name.to_ascii_lowercase();
        if !SERVER.contains(&name.as_str()) {
            continue;
        }
        let (value, literal) = match value {
            Some(value) => (value, w.literal),
            None => {
                i += 1;
                args.get(i - 1)
                    .map_or(("", false), |w| (w.value.as_str(), w.literal))
            }
        };
        let rest = value.split_once("://").map_or(value, |(_, r)| r);
        let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
        if !literal || !is_loopback(host) {
            return false;
        }
        servers += 1;
    }
    servers > 0
}

/// Whether a host (with or without its port) is this machine's
/// loopback: `localhost`, `127.0.0.1:1025`, `[::1]:25`.
pub(super) fn is_loopback(host: &str) -> bool {
    let host = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        // A bare IPv6 address has colons of its own and no port.
        None if host.matches(':').count() > 1 => host,
        None => host
            .rsplit_once(':')
            .filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit()))
            .map_or(host, |(h, _)| h),
    };
    host.eq_ignore_ascii_case("localhost")
        || host == "::1"
        || host.strip_prefix("127.").is_some_and(|rest| {
            rest.split('.').count() == 3 && rest.split('.').all(|p| p.parse::<u8>().is_ok())
        })
}

/// The host an address names, its scheme already taken off
/// (`user:pw@paste.example:443/x?y` ─► `paste.example`).
pub(super) fn host_of(rest: &str) -> &str {
    let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
    // An IPv6 address keeps its colons (`[::1]:8080` ─► `[::1]`).
    if host.starts_with('[') {
        return host.split_inclusive(']').next().unwrap_or(host);
    }
    host.rsplit_once(':').map_or(host, |(h, _)| h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts_are_told_apart() {
        for (host, want) in [
            ("localhost", true),
            ("LOCALHOST:1025", true),
            ("127.0.0.1", true),
            ("127.0.0.1:1025", true),
            ("127.1.2.3", true),
            ("[::1]:25", true),
            ("::1", true),
            ("127.0.0.1.evil.example", false),
            ("127.0.0", false),
            ("localhost.evil.example", false),
            ("smtp.example.com:587", false),
            ("10.0.0.1", false),
            ("", false),
        ] {
            assert_eq!(is_loopback(host), want, "{host}");
        }
    }

    use crate::danger::fixture::{named_first, on};
    use crate::parse::parse;

    /// Each query console's kind, as every reader of SQL asks it.
    #[test]
    fn query_consoles_by_kind() {
        for (name, client, exports) in [
            ("psql", Some(true), Some(true)),
            ("snowsql", Some(true), Some(true)),
            ("cqlsh", Some(true), Some(false)),
            ("sqlplus", Some(true), Some(false)),
            ("beeline", Some(false), Some(true)),
            ("clickhouse-local", Some(false), Some(true)),
            ("influx", Some(false), Some(false)),
            ("curl", None, None),
        ] {
            let line = format!("{name} x");
            let kind = on(&line, |c| c.query_console());
            assert_eq!(kind.map(|q| q.client), client, "{name}");
            assert_eq!(kind.map(|q| q.exports), exports, "{name}");
            assert_eq!(
                on(&line, |c| c.is_sql_client()),
                client == Some(true),
                "{name}"
            );
        }
    }

    /// What a command writes, by operand and option, as the rules see it: the
    /// files ([`Cmd::written_paths`]) and the folders it fills with names it
    /// alone knows ([`Cmd::written_folders`]).
    #[test]
    fn what_each_writer_writes() {
        let ctx = Place::example();
        let none: &[&str] = &[];
        let mut failures = Vec::new();
        for (line, paths, folders) in [
            ("tee a b", &["a", "b"][..], none),
            ("echo x > a", &["a"], none),
            ("cat < a", none, none),
            ("mv a b", &["a", "b", "b", "b/a"], none),
            // `-t DIR`: every operand lands there, in a cluster too.
            ("mv -t d a", &["a", "d", "d/a"], none),
            ("mv -t ~ .bashrc", &[".bashrc", "~", "~/.bashrc"], none),
            (
                "mv --target-directory=~ .bashrc",
                &[".bashrc", "~", "~/.bashrc"],
                none,
            ),
            ("cp a b", &["b", "b/a"], none),
            ("cp .bashrc ~", &["~", "~/.bashrc"], none),
            ("cp -t d/ x/a b", &["d/", "d/a", "d/b"], none),
            ("cp -vt ~ .bashrc", &["~", "~/.bashrc"], none),
            ("cp -rvt~ .bashrc", &["~", "~/.bashrc"], none),
            ("cp --target ~ .bashrc", &["~", "~/.bashrc"], none),
            ("install -t d a", &["d", "d/a"], none),
            (
                "ln -st ~/.local/bin x/git",
                &["~/.local/bin", "~/.local/bin/git"],
                none,
            ),
            // Not a target folder: rsync's `-t` keeps times, scp's is its sink.
            ("rsync -t x ~/.bashrc", &["~/.bashrc", "~/.bashrc/x"], none),
            ("scp -t x ~/.bashrc", &["~/.bashrc"], none),
            ("sed -i s/a/b/ f g", &["f", "g"], none),
            ("sed s/a/b/ f", none, none),
            ("perl -pi -e s/a/b/ f", &["f"], none),
            ("ruby -i -e x f", &["f"], none),
            ("perl -e x f", none, none),
            // `-I` takes a value: `-Ii` adds the folder `i`, not `-i`.
            ("ruby -Ii -e x f", none, none),
            ("perl -Ii -e x f", none, none),
            ("sed -Ii s/a/b/ f", &["f"], none),
            (
                "find . -fprint a -fls b -fprintf c %p",
                &["a", "b", "c"],
                none,
            ),
            ("find . -print", none, none),
            ("strace -o t ls", &["t"], none),
            ("ltrace --output=t ls", &["t"], none),
            ("time -o t ls", &["t"], none),
            ("valgrind --log-file=t ls", &["t"], none),
            ("perf stat -o t ls", &["t"], none),
            ("dd if=a of=b", &["b"], none),
            ("sort -o s a", &["s"], none),
            ("uniq a b", &["b"], none),
            ("uniq a", none, none),
            ("openssl genrsa -out k", &["k"], none),
            ("ssh-keygen -f k", &["k"], none),
            ("patch -o out f p", &["out", "f"], none),
            ("patch -p1 f", &["f"], none),
            ("patch -p 1 f", &["f"], none),
            ("patch -- -f", &["-f"], none),
            ("patch -p1", none, &["."]),
            ("patch -p1 -d sub", none, &["sub"]),
            ("patch -", &["-"], none),
            ("git config -f c k v", &["c"], none),
            ("git config k v", none, none),
            ("git clone u d", &["d"], none),
            ("git clone u", none, none),
            ("git -C x clone --depth 1 u d", &["d"], none),
            ("curl -o f u", &["f"], none),
            ("wget -O f u", &["f"], none),
            ("tar -xf a.tar", none, &["."]),
            ("tar xf a.tar -C d", none, &["d"]),
            ("tar --extract -f a --directory=d", none, &["d"]),
            ("tar -cf a.tar d", &["a.tar"], none),
            ("tar cf a.tar d", &["a.tar"], none),
            ("unzip a.zip", none, &["."]),
            ("unzip a.zip -d d", none, &["d"]),
            ("cpio -i", none, &["."]),
            ("cpio --extract", none, &["."]),
            ("cpio -o", none, none),
            ("ls a", none, none),
        ] {
            let script = parse(line);
            let cmd = Cmd::new(named_first(&script, line), &ctx);
            if cmd.written_paths() != paths || cmd.written_folders() != folders {
                failures.push(format!(
                    "{line}: writes {:?} into {:?}",
                    cmd.written_paths(),
                    cmd.written_folders()
                ));
            }
        }
        assert!(failures.is_empty(), "{failures:#?}");
    }

    #[test]
    fn what_commands_link() {
        for (line, want) in [
            ("ln -s a b", &["a"][..]),
            ("ln a", &["a"]),
            ("ln -t d a b", &["a", "b"]),
            ("link a b", &["a"]),
            ("cp -l a b", &["a"]),
            ("cp --symbolic-link a b c", &["a", "b"]),
            ("cp a b", &[]),
            ("mv a b", &[]),
        ] {
            let got = on(line, |c| {
                c.linked_to()
                    .into_iter()
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            });
            assert_eq!(got, want, "{line}");
        }
    }
}
