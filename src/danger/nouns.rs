//! The verb reader's words, read from words alone: the verbs that
//! destroy (`delete`, `purge`, `rb`), and nouns that make a verb after
//! them destroy or send (`atlas schema clean`, `stripe payments create`,
//! `argocd app sync`).

/// Parts of a subcommand word that destroy or empty something.
pub(super) const DESTROY: &[&str] = &[
    "delete",
    "del",
    "destroy",
    "remove",
    "rm",
    "rmi",
    // crictl's pods removed.
    "rmp",
    "rb",
    "purge",
    "wipe",
    "wipeout",
    "erase",
    "reset",
    // A database or store made anew, empty (`kamdbctl reinit kamailio`).
    "reinit",
    "drop",
    "dropdb",
    "truncate",
    "prune",
    "forget",
    "terminate",
    "deregister",
    "unregister",
    "revoke",
    "deactivate",
    "deallocate",
    "decommission",
    "teardown",
    "undeploy",
    "nuke",
    "uninstall",
    "unset",
    "flush",
    "flushall",
    "flushdb",
    "expunge",
    // A program's definition dropped from a running region (`zowe cics
    // discard program PAYR01`), changes thrown away.
    "discard",
    // What was kept let go of early (`amtool silence expire ID`: the
    // alerts it held back fire; `… tokens expire`).
    "expire",
    "evict",
    "zap",
    "shred",
    "obliterate",
    "unpublish",
    "garbage",
    "downgrade",
    "rimraf",
    "gc",
    "vacuum",
    "loss",
    // A store rebuilt from what can still be read (`kopia repository
    // repair`, `restic repair index`): what cannot is dropped.
    "repair",
    // `pulumi down`, `azd down`, `railway down`, `tilt down`, `goose down`:
    // what was deployed or migrated is taken away.
    "down",
    // An account or a service put out of use (`gam update user x
    // suspended on`).
    "suspend",
    "suspended",
    // Processes ended (`tmux kill-server`, `screen -X kill`).
    "kill",
    // A machine or device turned off or restarted (`adb reboot`,
    // `ipmitool … chassis power cycle`): what runs there stops.
    "reboot",
    "poweroff",
    "shutdown",
    // A release withdrawn for everyone who depends on it (`mix
    // hex.retire`, `gem yank`).
    "retire",
    "yank",
    // A machine taken out of its network or cluster (`zerotier-cli leave
    // NET`, `docker swarm leave`, `consul leave`).
    "leave",
    // Said as a noun: `aws kms schedule-key-deletion`.
    "deletion",
    "removal",
    "destruction",
    // Said as one word: iRODS's `irm`, Proxmox's `pvecm delnode`,
    // git-annex's `dropunused` (content no branch uses, gone).
    "irm",
    "irmtrash",
    "delnode",
    "deluser",
    "delgroup",
    "dropunused",
];

/// Verbs that destroy only after a noun that holds data or secrets:
/// `atlas schema clean` drops every object in it, `vault secrets disable`
/// deletes the engine's data; `make clean` and `feature disable` do not.
const AFTER_NOUN: &[(&[&str], &[&str])] = &[
    (
        &[
            "schema",
            "db",
            "database",
            "databases",
            "bucket",
            "table",
            "tables",
            "keyspace",
            "index",
            "indices",
            "data",
            "volume",
            "volumes",
            "storage",
            "queue",
            "topic",
            // `adb shell pm clear com.x`: an app's data on the device.
            "pm",
            "app",
            "apps",
            "package",
            "packages",
            // `trash-empty`, `gio trash --empty`: gone for good.
            "trash",
            // `wp site empty`: a site's posts and pages.
            "site",
            "sites",
            "collection",
            "collections",
        ],
        &["clean", "clear", "empty"],
    ),
    (&["secrets", "secret", "auth", "engine"], &["disable"]),
    // What is live now, put back as it was (`ha backups restore`,
    // `gcloud sql backups restore`): the changes since are gone.
    (
        &["backup", "backups", "snapshot", "snapshots"],
        &["restore"],
    ),
    // What runs or guards on its own, turned off: `gh workflow disable`,
    // `pd schedule disable`, `aws events disable-rule`.
    (
        &[
            "workflow",
            "workflows",
            "pipeline",
            "pipelines",
            "webhook",
            "webhooks",
            "trigger",
            "triggers",
            "schedule",
            "schedules",
            "alarm",
            "alarms",
            "monitor",
            "monitors",
            "rule",
            "rules",
            "user",
            "users",
            "account",
            "accounts",
            // A directory's machines and service logins (`ipa
            // host-disable web03`: its keys are removed).
            "host",
            "hosts",
            "principal",
            "principals",
            "mfa",
            "protection",
            "key",
            "keys",
            "token",
            "tokens",
            "backup",
            "backups",
            "replication",
            // What serves others, taken offline: `firebase
            // hosting:disable`, `gcloud services disable`.
            "hosting",
            "site",
            "sites",
            "service",
            "services",
            "domain",
            "domains",
            "function",
            "functions",
            "endpoint",
            "endpoints",
            "api",
            "apis",
            "app",
            "apps",
        ],
        &["disable", "suspend"],
    ),
    (&["power"], &["off", "cycle", "down"]),
    // What a store holds, cleaned up: blocks marked for deletion deleted
    // (`thanos tools bucket cleanup`), an index's old entries.
    (
        &[
            "bucket", "buckets", "storage", "index", "indices", "table", "tables", "keyspace",
        ],
        &["cleanup"],
    ),
    // A log's records cut off at an offset (`rpk topic trim-prefix`):
    // every consumer behind it loses them.
    (
        &[
            "topic",
            "topics",
            "partition",
            "partitions",
            "stream",
            "streams",
        ],
        &["trim"],
    ),
    // A TPM cleared: every key it sealed is gone (`tpm2_clear`).
    (&["tpm", "tpm2"], &["clear", "forceclear"]),
    // A machine's filter turned off or emptied (`fwconsole firewall
    // disable`, `… firewall flush`): every port it closed is open.
    (
        &["firewall", "firewalls", "waf"],
        &["disable", "stop", "off", "flush"],
    ),
    // A server reinstalled from an image: its disk is wiped (`hcloud
    // server rebuild`, `linode-cli linodes rebuild`).
    (
        &[
            "server",
            "servers",
            "instance",
            "instances",
            "droplet",
            "droplets",
            "linode",
            "linodes",
            "vm",
            "vms",
            "machine",
            "machines",
            "node",
            "nodes",
            "host",
            "hosts",
        ],
        &["rebuild", "reinstall", "reimage", "reprovision"],
    ),
    // A repository or project made read-only and set aside for everyone:
    // `gh repo archive`.
    (
        &["repo", "repos", "repository", "project", "projects"],
        &["archive"],
    ),
];

/// Verbs that send something out only after a noun that says what
/// (`twilio api:core:messages:create`, `stripe payments create`): a
/// message, a payment or a transaction cannot be called back.
const SENT_AFTER_NOUN: &[&str] = &[
    "message",
    "messages",
    "sms",
    "email",
    "emails",
    "mail",
    "notification",
    "notifications",
    "tweet",
    "tweets",
    // Social posting tools, named as the noun (`toot post …`).
    "toot",
    "status",
    "statuses",
    "transaction",
    "transactions",
    "tx",
    "payment",
    "payments",
    "payout",
    "payouts",
    "invoice",
    "invoices",
    "charge",
    "charges",
    "refund",
    "refunds",
];

/// Whether `verb` sends `noun` out ([`SENT_AFTER_NOUN`]).
pub(super) fn sent_after_noun(noun: &str, verb: &str) -> bool {
    matches!(verb, "create" | "send" | "post" | "submit" | "issue")
        && SENT_AFTER_NOUN.contains(&noun)
        || matches!(verb, "create" | "apply" | "sync" | "update" | "add")
            && ROLLED_OUT.contains(&noun)
        // `sentry-cli releases finalize`: the release marked out.
        || verb == "finalize" && matches!(noun, "release" | "releases")
        // `fastly service-version activate`: the version serves everyone.
        || verb == "activate" && matches!(noun, "version" | "versions" | "service-version" | "release")
        // `argocd app sync`: what the cluster runs made what git says.
        || verb == "sync" && matches!(noun, "app" | "apps" | "application" | "applications")
        // `gh workflow run deploy.yml`: a workflow started on the forge
        // runs there, with the repository's secrets, whatever it does.
        || matches!(verb, "run" | "trigger" | "dispatch")
            && matches!(noun, "workflow" | "workflows" | "pipeline" | "pipelines")
        // `pd incident resolve`, `opsgenie alert close`: the page ended for
        // everyone on call, the alert's escalation with it.
        || matches!(
            verb,
            "resolve" | "ack" | "acknowledge" | "close" | "snooze" | "merge" | "reassign"
        ) && matches!(noun, "incident" | "incidents" | "alert" | "alerts")
        // A key-value store's keys written (`consul kv put`, `nats kv put`):
        // the settings every service reads from it.
        || matches!(verb, "put" | "import") && noun == "kv"
        // Alerting and recording rules made the server's (`mimirtool
        // rules sync`, `cortextool rules load`, `mimirtool alertmanager
        // load`): what pages whom, changed for everyone.
        || matches!(verb, "sync" | "load")
            && matches!(noun, "rules" | "rule" | "alertmanager" | "ruler")
        // A consumer group moved to another offset (`rpk group seek`):
        // records read again, or skipped.
        || verb == "seek" && matches!(noun, "group" | "groups")
        // A service's stored secret replaced (`gh secret set`, `wrangler
        // secret put`): what every run reads, and the old value is gone.
        || matches!(verb, "set" | "put") && matches!(noun, "secret" | "secrets")
        // A deployed app taken offline for everyone (`modal app stop`,
        // `az webapp stop`).
        || verb == "stop" && matches!(noun, "app" | "apps" | "webapp" | "functionapp")
        // A running server stopped under whoever uses it (`jupyter server
        // stop 8888`).
        || verb == "stop" && matches!(noun, "server" | "servers" | "notebook" | "kernel")
        // A key that opens an account or a repository added to it (`gh
        // ssh-key add`, `gh repo deploy-key add --allow-write`).
        || verb == "add" && (noun.ends_with("-key") || matches!(noun, "key" | "keys" | "sshkey"))
}

/// Nouns for what is rolled out or turned off for everyone when created,
/// applied or synced (`az deployment group create`, `argocd app sync`,
/// `amtool silence add`).
pub(super) const ROLLED_OUT: &[&str] = &[
    "deployment",
    "deployments",
    "deploys",
    "rollout",
    "rollouts",
    "silence",
    "silences",
    "maintenance",
    "downtime",
];

/// Whether `verb` destroys after `noun` ([`AFTER_NOUN`]).
pub(super) fn after_noun(noun: &str, verb: &str) -> bool {
    AFTER_NOUN
        .iter()
        // (The verbs first: their lists are short, and most words are none.)
        .any(|(nouns, verbs)| verbs.contains(&verb) && nouns.contains(&noun))
        // Any database by its name (`hs hubdb clear 5123456`).
        || noun.ends_with("db") && matches!(verb, "clean" | "clear" | "empty" | "cleanup")
}

/// A word split where tools join words: `apps:destroy` ─► `apps`,
/// `destroy`; `erase_flash`, `uninstall-all`, `dropAll` likewise;
/// lowercased.
pub(super) fn parts(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for ch in word.chars() {
        if matches!(ch, ':' | '-' | '_' | '.') {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if ch.is_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        prev_lower = ch.is_lowercase();
        cur.extend(ch.to_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}
