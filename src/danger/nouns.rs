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
    // A device taken out of its fleet's management, its policies and
    // enrolment gone (GAM's `action deprovision_retiring_device`, an MDM's
    // `unenroll`).
    "deprovision",
    "unenroll",
    // A Chromebook reset to its factory state, its user data gone.
    "powerwash",
    "revoke",
    // A service, engine, job or account put out of use (`vault secrets
    // disable kv/`, `birdc disable peer1`: a BGP session dropped), a
    // user shut out (`…/Admin/BanUsers`, `varnishadm ban …` empties a
    // cache), a device's keys and settings erased (`request system
    // zeroize`).
    "disable",
    "ban",
    "zeroize",
    "zeroise",
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
    // Processes ended (`tmux kill-server`, `screen -X kill`), a live
    // client thrown off its broker or server (`emqx ctl clients kick
    // rtu-14-gw`).
    "kill",
    "kick",
    // A client thrown off a captive portal or a wireless network
    // (`ndsctl deauth 10.8.12.45`).
    "deauth",
    "deauthenticate",
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

/// First parts of a word that only look at, or take back, what follows
/// (`get-deletion-status`, `cancel-key-deletion`, `list-removals`): the
/// word is no verb.
pub(super) const LOOKS_FIRST: &[&str] = &[
    "get", "list", "describe", "show", "view", "cancel", "abort", "undo", "restore", "recover",
    "preview", "estimate", "check", "validate", "status", // (`ceph osd ok-to-stop 3`.)
    "ok",
];

/// Parts of a subcommand word that change something outside this machine
/// or a device: deploying, publishing, releasing, rolling back, flashing.
pub(super) const DEPLOY: &[&str] = &[
    "deploy",
    "publish",
    "release",
    "rollback",
    // A deployed change taken back (`sqitch revert --to @HEAD^^ db:pg://…`).
    "revert",
    "promote",
    "upload",
    "flash",
    "burn",
    "sideload",
    // `dnscontrol push`, `prisma db push`, `cachix push`: what is here is
    // made what is there (git's own rules judge `git push`).
    "push",
    // `fastlane deliver`, `eas submit`: a build handed to an app store.
    "deliver",
    "submit",
    // A build handed to testers (`firebase appdistribution:distribute`).
    "distribute",
    // What cannot be called back once out: `cast send`, `solana transfer`,
    // `bitcoin-cli sendrawtransaction`, `aws ses send-email`.
    "send",
    "sendrawtransaction",
    "transfer",
    "broadcast",
    "withdraw",
    // Money sent back to a buyer (`…/shipments/ID/refund`, a payment's
    // refund): it cannot be called back either.
    "refund",
    "pay",
    // A service it runs stopped, restarted or made to read its settings
    // again, or handed to another machine (`monit stop all`, `rd system
    // restart`, `repmgr standby switchover`): whoever relies on it is cut
    // off, or served by what was changed.
    "stop",
    "restart",
    "reload",
    "halt",
    "failover",
    "switchover",
    "takeover",
];

/// Options by which a tool that otherwise only shows what it would do
/// does it (`octodns-sync --doit`, `--no-dry-run`). (A match: asked of
/// every option word.)
pub(super) fn does_it(option: &str) -> bool {
    matches!(
        option,
        "doit"
            | "do-it"
            | "no-dry-run"
            | "no-dryrun"
            | "no-noop"
            | "for-real"
            | "yes-i-really-mean-it"
            // `forge script … --broadcast` sends the transactions it
            // rehearsed; `fastlane deliver --submit_for_review` hands the
            // build to review.
            | "broadcast"
            | "submit_for_review"
            | "submit-for-review"
            // `earthly --push +release`, `ko build --push`: what was built
            // is pushed to a registry.
            | "push"
            // `xcrun altool --upload-app -f App.ipa`: the build goes to the
            // store.
            | "upload-app"
            | "upload-package"
            // `webin-cli … -validate -submit`: the submission is made.
            | "submit"
    )
}

/// Verbs that only edit the project (its manifest, lock file or build
/// output), per tool, unless one of the options that make them global is
/// given.
pub(super) const PROJECT_LOCAL: &[(&[&str], &[&str], &[&str])] = &[
    (
        &["npm", "pnpm", "yarn", "bun"],
        &[
            "remove",
            "rm",
            "uninstall",
            "un",
            "r",
            "unlink",
            "prune",
            // The package's own `stop` and `restart` scripts, read and
            // judged as code.
            "stop",
            "restart",
        ],
        &["-g", "--global", "--location=global"],
    ),
    (&["cargo"], &["remove", "rm"], &[]),
    (
        &["poetry", "uv", "pdm", "pipenv", "hatch", "rye"],
        &["remove", "rm"],
        &[],
    ),
    (&["go"], &["clean"], &["-modcache", "-cache"]),
    // Packages the project names fetched into its folders (`dotnet
    // restore`, `nuget restore`).
    (&["dotnet"], &["remove", "restore"], &[]),
    (&["nuget", "paket", "libman"], &["restore"], &[]),
    // The project's own development containers or virtual machine, on
    // this machine, stopped or started again (`ddev stop`, `vagrant
    // halt`, `supabase stop`).
    (
        &[
            "ddev",
            "lando",
            "sail",
            "supabase",
            "colima",
            "vagrant",
            "docker-compose",
            "podman-compose",
        ],
        &["stop", "restart", "halt", "reload"],
        &[],
    ),
    // A data file's tracking file (`dvc remove data.csv.dvc`).
    (&["dvc"], &["remove"], &[]),
    // Other version controls' `forget` and `remove` untrack a file, their
    // `revert` is a commit or a file's own edits (the whole tree's asks, by
    // its own rule), and their `push` is git's (which git's own rules
    // judge): forced, each asks.
    (
        &["hg", "chg", "sl", "fossil", "bzr", "brz", "jj"],
        &["forget", "remove", "rm", "delete", "del", "push", "revert"],
        &["-f", "--force"],
    ),
    (&["composer"], &["remove", "rm"], &["global"]),
    // Subversion's delete of a working copy's file is a change to commit
    // (given a URL it commits at once: `verb_forms::remote_operand`).
    (&["svn"], &["delete", "del", "remove", "rm"], &[]),
    // Environment modules (Lmod's `module`, `ml`) change only the shell
    // they run in: `module purge` unloads what it loaded.
    (
        &["module", "ml"],
        &[
            "purge", "unload", "rm", "del", "remove", "reset", "swap", "switch",
        ],
        &[],
    ),
    // make's targets are read as verbs (`make deploy`, `make flash`), but
    // a `release` target builds the optimised variant here.
    (&["make", "gmake"], &["release"], &[]),
    // Dependencies of the project, in its manifest: `flutter pub remove`,
    // `gleam remove`, `pixi remove`, `bundle remove`, `meltano remove`.
    (&["flutter", "dart"], &["clean", "remove"], &[]),
    (
        &[
            "gleam", "pixi", "deno", "bundle", "bundler", "spago", "meltano", "paket", "elm-json",
            "shards", "mix", "rebar3", "julia",
            // A modpack's mods, in its pack files (`packwiz remove create`).
            "packwiz",
        ],
        &["remove", "rm", "uninstall"],
        &["-g", "--global"],
    ),
];

/// What a package registry keeps for everyone: a project-local verb after
/// one of these changes the registry (`yarn npm tag remove`).
pub(super) const REGISTRY_NOUNS: &[&str] = &[
    "tag",
    "dist-tag",
    "dist-tags",
    "owner",
    "owners",
    "token",
    "tokens",
    "team",
    "access",
    "hook",
    "hooks",
    "org",
    "star",
];

/// Subcommand words that only look: after a verb-like noun they say the
/// command reads (`gh release list`, `fly secrets list`).
pub(super) const READS: &[&str] = &[
    "list", "ls", "get", "show", "status", "view", "describe", "info", "inspect", "logs", "log",
    "cat", "search", "find", "history", "version", "help", "diff", "plan", "preview", "check",
    "validate", "lint", "test", "dev", "watch", "whoami", "print", "dump",
    // (`r10k deploy display`.)
    "display",
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
