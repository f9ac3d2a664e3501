//! What a tool's subcommand does, for any tool: the verbs that destroy,
//! deploy or flash, recognised by the word, whatever the program is called.
//!
//! The threat this stops: a danger set keyed on program names does not
//! converge — every cloud, cluster, backup, firmware and package tool has
//! its own `delete` (`doctl compute droplet delete`, `flyctl apps destroy`,
//! `restic forget --prune`, `heroku pg:reset`, `esptool.py erase_flash`),
//! and no table lists them all. So the subcommand words of a command are
//! read as words: split at `:`, `-`, `_` and camel-case humps, and any part
//! that is a destructive or outward verb asks. The tools whose verbs the
//! danger set already knows in full keep their own rules, and the verbs
//! that only edit the project (`npm remove`, `cargo remove`) stay clear.

pub(super) use super::cmd::Does;
use super::cmd::{Cmd, NameSet, slots_for};
use super::nouns::{
    DEPLOY, DESTROY, LOOKS_FIRST, PROJECT_LOCAL, READS, REGISTRY_NOUNS, ROLLED_OUT, after_noun,
    parts, sent_after_noun,
};
use super::verb_forms::{destroys_joined, sends_joined};

/// Nouns that make `rotate` destroy: rotating a key, secret or token
/// revokes the old one for whoever still uses it (`keyman rotate --all`,
/// `vault operator rotate`); rotating an image or a log does not.
const ROTATED_SECRETS: &[&str] = &[
    "key", "secret", "token", "cred", "cert", "password", "kms", "vault", "master",
];

/// Tools whose subcommands the danger set judges with rules of their own
/// in full (git's, the databases', the deleting commands'): their words
/// are not read again here.
/// The long lists of names asked of every command, sorted when compiled.
static OWN_RULES_SET: NameSet<{ slots_for(OWN_RULES.len()) }> = NameSet::new(OWN_RULES);
static WORDS_ARE_DATA_SET: NameSet<{ slots_for(WORDS_ARE_DATA.len()) }> =
    NameSet::new(WORDS_ARE_DATA);
pub(super) static CLOUD_SET: NameSet<{ slots_for(CLOUD.len()) }> = NameSet::new(CLOUD);
static PUBLISHERS_SET: NameSet<{ slots_for(PUBLISHERS.len()) }> = NameSet::new(PUBLISHERS);
/// The verb words, likewise: asked of every subcommand word.
static DESTROY_SET: NameSet<{ slots_for(DESTROY.len()) }> = NameSet::new(DESTROY);
static READS_SET: NameSet<{ slots_for(READS.len()) }> = NameSet::new(READS);
static DEPLOY_SET: NameSet<{ slots_for(DEPLOY.len()) }> = NameSet::new(DEPLOY);
static LOOKS_FIRST_SET: NameSet<{ slots_for(LOOKS_FIRST.len()) }> = NameSet::new(LOOKS_FIRST);

const OWN_RULES: &[&str] = &[
    "git",
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "redis-cli",
    "mongosh",
    "mongo",
    "systemctl",
    "rm",
    "find",
    "docker",
    "podman",
    "nerdctl",
    "docker-compose",
    "podman-compose",
    "rsync",
    "shred",
    "dd",
    "truncate",
    "tar",
    "zip",
    // Processes: `process.kill` judges them.
    "kill",
    "pkill",
    "killall",
];

/// Cloud and cluster tools: their verbs are read here, but they count in
/// the cloud pack (`cloud.destroy`, `cloud.deploy`), which the person's
/// own config may turn off.
pub(super) const CLOUD: &[&str] = &[
    "kubectl",
    "oc",
    "k3s",
    "microk8s.kubectl",
    "helm",
    "terraform",
    "tofu",
    "terragrunt",
    "pulumi",
    "cdk",
    "cdktf",
    "serverless",
    "sls",
    "aws",
    "gcloud",
    "az",
    "doctl",
    "linode-cli",
    "hcloud",
    "ibmcloud",
    "oci",
    "firebase",
    "netlify",
    "vercel",
    "gsutil",
    "flyctl",
    "fly",
    "heroku",
    "nomad",
    "consul",
    "vault",
    "eksctl",
    "kind",
    "minikube",
    // Virtual clusters, Kubernetes on bare metal and Proxmox's machines
    // and containers; other clouds' own command lines.
    "vcluster",
    "talosctl",
    "kops",
    "qm",
    "pct",
    "pvesh",
    "openstack",
    "scw",
    "civo",
    "exo",
    "vultr-cli",
    "aliyun",
    "tccli",
    "upctl",
    "modal",
    "runpodctl",
    "sf",
    "sfdx",
    // A shared cluster's scheduler and file system: its jobs, accounts
    // and quotas are everyone's (`scontrol update JobId=…`, `sacctmgr -i
    // modify user …`, `lfs setquota`).
    "scontrol",
    "sacctmgr",
    "lfs",
];

/// What cloud and cluster tools do to what runs there, beyond the
/// outward verbs of every tool: applying, installing, scaling, patching;
/// and what they make in an account (`heroku create`, `doctl databases
/// create`, `linode-cli volumes resize`, `doctl apps update`): it is
/// billed, and seen by everyone who shares the account.
const CLOUD_DEPLOY: &[&str] = &[
    "apply",
    "install",
    "upgrade",
    "scale",
    "patch",
    "replace",
    "rollout",
    "up",
    "set",
    "edit",
    "restart",
    "stop",
    "cordon",
    "taint",
    "create",
    "update",
    "resize",
    "modify",
    "requeue",
    "hold",
    "setquota",
    "setstripe",
];

/// What a cloud or cluster tool makes or refreshes on this machine, not
/// in an account: a chart's skeleton (`helm create charts/api`), the
/// chart index, a chart's dependencies and a plugin (`helm repo update`,
/// `helm dependency update`, `helm plugin update`: helm changes a cluster
/// by `install`, `upgrade`, `rollback`), a local cluster in containers
/// (`kind create cluster`, `minikube`), the tool's own components
/// (`gcloud components update`).
fn made_here(c: &Cmd<'_>, before: &str, word: &str) -> bool {
    match word {
        "create" => matches!(c.name.as_str(), "helm" | "kind" | "minikube"),
        "update" => c.name == "helm" || c.name == "gcloud" && before == "components",
        _ => false,
    }
}

/// Programs that read or print their words as data: a verb among them is
/// text (`grep -r delete src`, `echo deploy`).
const WORDS_ARE_DATA: &[&str] = &[
    "echo",
    "printf",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "ack",
    "sed",
    "awk",
    "gawk",
    "cat",
    "less",
    "more",
    "head",
    "tail",
    "jq",
    "yq",
    "man",
    "info",
    "help",
    "which",
    "type",
    "command",
    "whatis",
    "apropos",
    "tldr",
    "test",
    "[",
    "true",
    "false",
    "sort",
    "uniq",
    "wc",
    "tr",
    "cut",
    "column",
    "ls",
    "tree",
    "file",
    "stat",
    "git-log",
    "basename",
    "dirname",
    "diff",
    "cmp",
    "comm",
    "fold",
    "fmt",
    "nl",
    "expr",
    "seq",
    "yes",
    "printenv",
    "env",
    "export",
    "set",
    "unset",
    "alias",
    "local",
    "declare",
    "read",
    "cd",
    "pushd",
    "popd",
    "mkdir",
    "touch",
    "cp",
    "mv",
    "ln",
    "chmod",
    "chown",
    "tar",
    "zip",
    "unzip",
    "gzip",
    "gunzip",
    "xz",
    "ninja",
    "cmake",
    "getprop",
    "fd",
    "fdfind",
    // Test runners: their words pick tests by name (`pytest -k
    // delete_collection`, `jest -t delete_user`).
    "pytest",
    "py.test",
    "jest",
    "vitest",
    "mocha",
    "phpunit",
    "rspec",
    // Dumps: `--add-drop-database` says what the dump will hold.
    "mysqldump",
    "mariadb-dump",
    "pg_dump",
    "pg_dumpall",
];

/// Package managers whose publishing `publish.package` judges.
const PUBLISHERS: &[&str] = &[
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "cargo",
    "twine",
    "poetry",
    "flit",
    "uv",
    "hatch",
    "pdm",
    "vsce",
    "ovsx",
    "gem",
    "gh",
    "mvn",
    "gradle",
    "gradlew",
    "./gradlew",
];

/// Package managers whose `run NAME` runs a script of the project's.
const SCRIPT_RUNNERS: &[&str] = &["npm", "pnpm", "yarn", "bun", "deno"];

/// How many words at the head of a command are read as its subcommand.
const SUBCOMMAND_WORDS: usize = 4;

/// What a command's words say it does, and whether the tool is a cloud or
/// cluster tool (whose verbs count in the cloud pack). Worked out once per
/// command.
pub(super) fn verb(c: &Cmd<'_>) -> Option<(Does, bool)> {
    c.verb_once(|| verb_uncached(c))
}

fn verb_uncached(c: &Cmd<'_>) -> Option<(Does, bool)> {
    if let Some(does) = super::verb_forms::said_by_form(c) {
        return Some((does, false));
    }
    if super::verb_forms::build_target_deploys(c, verb_of) {
        return Some((Does::Deploys, false));
    }
    // Spark run on this machine's own cores (`spark-submit --master
    // 'local[4]' jobs/etl.py`) submits nothing to a cluster.
    if c.name == "spark-submit" && {
        let masters = c.option_values(&["--master"]);
        !masters.is_empty() && masters.iter().all(|m| m.starts_with("local"))
    } {
        return None;
    }
    // tmux's keys are typed into a pane, whose command is walked as one
    // (`tmux send-keys -t dev 'npm run watch' C-m`); they send nothing away.
    if c.name == "tmux"
        && c.operands()
            .first()
            .is_some_and(|w| w.value.starts_with("send"))
    {
        return None;
    }
    if c.name.is_empty() || c.is_among(&OWN_RULES_SET) || c.is_among(&WORDS_ARE_DATA_SET) {
        return None;
    }
    // Laravel's own `…:publish` commands copy a package's or the
    // framework's files into the project (`php artisan vendor:publish
    // --tag=horizon-config`); an application's may publish anywhere.
    if matches!(c.name.as_str(), "php" | "artisan" | "sail")
        && c.operands().iter().take(2).any(|w| {
            matches!(
                w.value.as_str(),
                "vendor:publish" | "config:publish" | "lang:publish" | "stub:publish"
            )
        })
        && (c.name == "artisan"
            || c.operands()
                .first()
                .is_some_and(|w| w.value.ends_with("artisan")))
    {
        return None;
    }
    if named_destroyer(&c.name) && !super::dryrun::rehearses_as(&c.name, c.args()) {
        return Some((Does::Destroys, false));
    }
    // A script named for what it destroys, run by its interpreter (`php
    // admin/cli/uninstall_plugins.php`, `python3 purge_old_data.py`), as
    // when it is run by its own name (`./purge_old_data.py`).
    if let Some(file) = crate::parse::interpreters::script_operand(&c.name, c.args())
        .map(|w| w.value.as_str())
        .filter(|f| !is_test_file(f))
        && named_destroyer(f_name(file))
        && !super::dryrun::rehearses_as(&c.name, c.args())
    {
        return Some((Does::Destroys, false));
    }
    let cloud = c.is_among(&CLOUD_SET);
    match tool_verb(c, cloud) {
        // Sent to a server on this machine (`ray job submit --address
        // http://127.0.0.1:8265 -- python train.py`, `npm publish
        // --registry http://localhost:4873`): nothing leaves it.
        Some(Does::Deploys) if !cloud && super::cmd::to_loopback_only(c) => None,
        d => d.map(|d| (d, cloud)),
    }
}

fn tool_verb(c: &Cmd<'_>, cloud: bool) -> Option<Does> {
    // Help, a version, a rehearsal: nothing is done.
    if super::dryrun::rehearses_as(&c.name, c.args()) {
        return None;
    }
    // WSL's distribution deleted with everything in it (`wsl.exe
    // --unregister Ubuntu`): a wrapper's own option, read before its
    // words are taken as the command it runs.
    if matches!(c.name.as_str(), "wsl" | "wsl.exe") && c.flag(&["--unregister"]) {
        return Some(Does::Destroys);
    }
    if super::verb_forms::repairs_or_reloads(c) {
        return Some(Does::Destroys);
    }
    // A wrapper's words are the command it runs, judged on its own.
    let rest: Vec<Option<&str>> = c.args().iter().map(|w| Some(w.value.as_str())).collect();
    if crate::parse::programs::wrapper_for(&c.name, &rest).is_some()
        || crate::parse::programs::is_shell(&c.name)
    {
        return None;
    }
    // A chain's transaction, by its command line or its console's code.
    if let Some(does) = super::chains::sends_on_chain(c).or_else(|| super::chains::console_sends(c))
    {
        return Some(does);
    }
    if let Some(does) = super::consoles::rcon_console(c)
        .or_else(|| super::consoles::kadmin_query(c))
        .or_else(|| super::consoles::console_command(c))
        .or_else(|| super::consoles::rman_script(c))
    {
        return Some(does);
    }
    if let Some(decided) = super::machines::manages(c) {
        return decided;
    }
    if let Some(does) = super::consoles::admin_script(c, verb_of) {
        return Some(does);
    }
    let mut words = subcommand_words(c);
    // A pull or merge request merged (`gh pr merge 12`, `glab mr merge 3`,
    // `tea pulls merge 4`): the change lands on the shared branch, for
    // everyone, whatever the forge's tool is called. Turning its automatic
    // merge off merges nothing.
    if words.windows(2).any(|p| {
        matches!(
            p.first().copied(),
            Some(
                "pr" | "prs"
                    | "mr"
                    | "pull"
                    | "pulls"
                    | "pull-request"
                    | "pull-requests"
                    | "merge-request"
                    | "merge-requests"
            )
        ) && p.get(1) == Some(&"merge")
    }) && !c.flag(&["--disable-auto"])
    {
        return Some(Does::Deploys);
    }
    // A console fed its command on stdin (`echo "delete volume=v1 yes" |
    // bconsole`): the first line's words are its subcommand. Not an
    // interpreter's program, which is judged as code.
    if words.is_empty()
        && c.code_flags().is_none()
        && let Some(text) = &c.command.stdin_text
    {
        words = text
            .lines()
            .next()
            .unwrap_or_default()
            .split_whitespace()
            .take(SUBCOMMAND_WORDS)
            .collect();
    }
    // A service's control port fed its commands through netcat or telnet
    // (`printf 'studio_out.stop\nquit\n' | nc 127.0.0.1 1234`,
    // `echo flush_all | nc cache01 11211`): each line's first word is a
    // command to it.
    if let Some(text) = &c.command.stdin_text
        && (c.is(super::cmd::NETCATS) || matches!(c.name.as_str(), "telnet" | "socat"))
        && let Some(does) = text
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .filter_map(verb_of)
            .reduce(|a, b| if a == Does::Destroys { a } else { b })
    {
        return Some(does);
    }
    // A TSO command handed over as one string (`tsocmd "DELUSER
    // JSMITH"`, `zowe zos-tso issue command "DELETE 'A.B'"`): its first
    // word is the verb.
    if let Some(text) = super::consoles::tso_command(c) {
        words = text.split_whitespace().take(SUBCOMMAND_WORDS).collect();
    }
    // A build tool's target named by its label (`bazel run
    // //deploy:prod.apply`, `bazel run //images:push`): its parts.
    if matches!(
        c.name.as_str(),
        "bazel" | "bazelisk" | "buck" | "buck2" | "pants" | "plz" | "please"
    ) && words.first() == Some(&"run")
        && let Some(target) = words.get(1)
    {
        let parts = target.split(['/', ':']).filter(|p| !p.is_empty());
        // Destroying outranks deploying.
        if let Some(does) = parts
            .filter_map(verb_of)
            .reduce(|a, b| if a == Does::Destroys { a } else { b })
        {
            return Some(does);
        }
    }
    // An API path written to names what the write does by its last part
    // (`vault write -f transit/keys/payments/rotate`, `consul … put
    // sys/revoke`): a key rotated or revoked whatever the tool is.
    if words
        .first()
        .is_some_and(|w| matches!(*w, "write" | "post" | "put" | "call" | "invoke"))
        && let Some(does) = words.get(1).and_then(|p| {
            let last = p
                .rsplit('/')
                .next()
                .filter(|l| !l.is_empty() && p.contains('/'))?;
            if matches!(last, "rotate" | "rekey") {
                return Some(Does::Destroys);
            }
            verb_of(last).filter(|d| matches!(d, Does::Destroys | Does::Deploys))
        })
    {
        return Some(does);
    }
    // A package manager's script runner names a script, which is read and
    // judged as code: its name is no verb (`npm run deploy`).
    if c.is(SCRIPT_RUNNERS)
        && words
            .first()
            .is_some_and(|w| matches!(*w, "run" | "run-script"))
    {
        return None;
    }
    // A secret manager's values changed for every service that reads
    // them (`chamber write prod-api K V`, `doppler secrets set X=1`), or
    // its audit log, a login method or a token turned off
    // (`vault audit disable file/`, `vault token revoke …`, `vault
    // operator seal`).
    if matches!(
        c.name.as_str(),
        "chamber" | "doppler" | "infisical" | "berglas" | "teller" | "vault" | "bao"
    ) && (words.iter().any(|w| {
        matches!(
            *w,
            "write"
                | "set"
                | "put"
                | "import"
                | "upload"
                | "delete"
                | "rm"
                | "unset"
                | "revoke"
                | "seal"
        )
    }) || words
        .windows(2)
        .any(|w| matches!(w, ["audit" | "auth", "disable"])))
    {
        return Some(Does::Deploys);
    }
    // An environment inside the project is the project's to change
    // (`conda remove -p ./.conda-env numpy`).
    if matches!(c.name.as_str(), "conda" | "mamba" | "micromamba")
        && c.option_values(&["-p", "--prefix"])
            .first()
            .is_some_and(|p| super::place::below_working_folder(p))
    {
        return None;
    }
    // A tool's own download cache is the tool's to empty (`pip cache
    // purge`, `npm cache clean`): it is fetched again when needed.
    // (A forge's CI caches are its own, for every run: `gh cache delete`.)
    if words.first().is_some_and(|w| *w == "cache") && !matches!(c.name.as_str(), "gh" | "glab") {
        return None;
    }
    // Package managers that say what they do by a letter: pacman's `-R`.
    if matches!(
        c.name.as_str(),
        "pacman" | "yay" | "paru" | "pikaur" | "pamac"
    ) && c
        .values()
        .next()
        .is_some_and(|v| v.starts_with("-R") || v == "--remove" || v == "remove")
    {
        return Some(Does::Destroys);
    }
    // And those that say it by an option: dpkg's `-r`/`-P`, rpm's `-e`,
    // Portage's `-C`/`--depclean`, nix-env's `-e`.
    if c.name == "dpkg" && c.flag(&["-r", "-P", "--remove", "--purge"])
        || c.name == "rpm" && c.flag(&["-e", "--erase"])
        || c.name == "emerge" && c.flag(&["-C", "-c", "-P", "--unmerge", "--depclean", "--prune"])
        || c.name == "nix-env" && c.flag(&["-e", "--uninstall"])
        // The Nix store's garbage collected (its `--print-…` forms list).
        || c.name == "nix-store"
            && c.flag(&["--gc"])
            && !c.flag(&["--print-dead", "--print-live", "--print-roots"])
        // Guix's profile and kubectx's kubeconfig lose an entry.
        || c.name == "guix"
            && c.operands().first().is_some_and(|w| w.value == "package")
            && c.flag(&["-r", "--remove"])
        || matches!(c.name.as_str(), "kubectx" | "kubens") && c.flag(&["-d"])
        // An app and its data taken off a phone (`ideviceinstaller -U
        // com.x`).
        || c.name == "ideviceinstaller" && c.flag(&["-U", "--uninstall"])
    {
        return Some(Does::Destroys);
    }
    // A generator named by its package (`nx g @nx/workspace:remove lib`,
    // `ng generate @schematics/x:delete`): its own name is the verb.
    if matches!(c.name.as_str(), "nx" | "ng")
        && matches!(words.first(), Some(&("g" | "generate")))
        && let Some(generator) = c
            .operands()
            .get(1)
            .and_then(|w| w.value.rsplit_once(':'))
            .map(|(_, name)| name)
        && let Some(does) = verb_of(generator)
    {
        return Some(does);
    }
    // An HTTP request that deletes, its method glued to its option
    // (`curl -XDELETE …`, `wget --method=DELETE …`), or a search engine's
    // or database's action named in the address (`curl -XPOST
    // 'localhost:9200/logs/_delete_by_query'`, CouchDB's `_purge`).
    if c.is(super::cmd::HTTP_CLIENTS)
        && (c.values().any(|v| {
            super::requests::glued_method(v).is_some_and(|m| m.eq_ignore_ascii_case("delete"))
        }) || c.operands().iter().any(|w| {
            super::requests::address_actions(&w.value).any(|a| verb_of(a) == Some(Does::Destroys))
        }))
    {
        return Some(Does::Destroys);
    }
    if let Some(does) = super::requests::http_action(c, verb_of)
        .or_else(|| super::requests::device_command(c, verb_of))
        .or_else(|| super::requests::topic_command(c, verb_of))
        .or_else(|| super::requests::forge_api_writes(c).then_some(Does::Deploys))
    {
        return Some(does);
    }
    // A key sent to a public keyserver (`gpg --send-keys KEYID`): it can
    // never be taken back from the keyservers that copy it.
    if matches!(c.name.as_str(), "gpg" | "gpg2") && c.flag(&["--send-keys", "--send-key"]) {
        return Some(Does::Deploys);
    }
    // PlatformIO's libraries and tools of the project (`pio pkg uninstall
    // --library X` edits `platformio.ini`), unless `-g`; a package sent
    // to or taken from the registry is not the project's.
    if matches!(c.name.as_str(), "pio" | "platformio")
        && words.first() == Some(&"pkg")
        && !c.flag(&["-g", "--global"])
        && !words
            .get(1)
            .is_some_and(|w| matches!(*w, "publish" | "unpublish"))
    {
        return None;
    }
    // A directory server's entries changed (`ldapmodify -f reset.ldif`,
    // `ldappasswd`); `-n` only shows what would be done.
    if matches!(
        c.name.as_str(),
        "ldapmodify" | "ldapadd" | "ldapmodrdn" | "ldappasswd"
    ) && !c.flag(&["-n"])
    {
        return Some(Does::Deploys);
    }
    if c.name == "fastlane"
        && let Some(does) = super::verb_forms::fastlane_action(c, &words)
    {
        return does;
    }
    // A file copied to a phone or an emulator (`adb push app.apk
    // /data/local/tmp/`) is sent to a device on the desk, not published;
    // the same for Guix's look at what garbage collection would take
    // (`guix gc --list-dead`), a file copied to or from a Multipass
    // machine of this one (`multipass transfer vm:/var/log/x.log logs/`,
    // `vagrant upload`:
    // where it lands is judged as any write), and a Pulumi stack's
    // settings, kept in the project's `Pulumi.<stack>.yaml` (`pulumi
    // config set image.tag v2`, `pulumi config rm image.tag`).
    if c.name == "adb" && words.first() == Some(&"push")
        || c.name == "multipass" && words.first() == Some(&"transfer")
        // Vagrant's upload goes to a machine of this one, as Multipass's
        // transfer does (`vagrant upload scripts/provision.sh /tmp/p.sh`).
        || c.name == "vagrant" && words.first() == Some(&"upload")
        // Liquibase's `*-sql` commands print the SQL they would run
        // (`liquibase rollback-count-sql --count=5`).
        || c.name == "liquibase"
            && words
                .first()
                .is_some_and(|w| w.to_ascii_lowercase().ends_with("sql"))
        || c.name == "pulumi" && words.first() == Some(&"config")
        || c.name == "guix"
            && words.first() == Some(&"gc")
            && c.values().any(|v| v.starts_with("--list-"))
            && !c.flag(&[
                "-d",
                "--delete",
                "-D",
                "--delete-generations",
                "-C",
                "--collect-garbage",
            ])
    {
        return None;
    }
    // Tools whose destroying form is not a verb of its own.
    // (Past a site alias: `wp @prod search-replace …`.)
    let ops = c.operands();
    let first = match ops.first() {
        Some(w) if is_site_alias(&w.value) => ops.get(1),
        w => w,
    }
    .map_or("", |w| w.value.as_str());
    // `dotnet publish` lays out what would be deployed, in `bin/`; with a
    // publish profile it may deploy it.
    if c.name == "dotnet"
        && first == "publish"
        && !c
            .values()
            .any(|v| v.contains("PublishProfile") || v.contains("DeployOnBuild"))
    {
        return None;
    }
    // flyway's clean drops every object in the schema; cosign's removes a
    // registry image's signatures and attestations.
    if (matches!(c.name.as_str(), "flyway" | "cosign") && first == "clean")
        // Nextflow's past runs' work folders (`nextflow clean -f`); `-n`
        // lists them.
        || (c.name == "nextflow" && first == "clean" && !c.flag(&["-n", "-dry-run"]))
        // rsnapshot's run of an interval rotates, dropping the oldest
        // snapshot; `-t` shows the commands.
        || (c.name == "rsnapshot"
            && !matches!(first, "" | "configtest" | "du" | "diff" | "version" | "help" | "sync")
            && !c.flag(&["-t"]))
        // Duplicate finders told to delete what they find.
        || (matches!(c.name.as_str(), "fdupes" | "jdupes") && c.flag(&["-d", "--delete"]))
        // Uninstalls what the Brewfile does not list (it only lists
        // without `--force`).
        || (c.name == "brew"
            && first == "bundle"
            && c.values().any(|v| v == "cleanup")
            && c.flag(&["--force", "--zap"]))
        // rclone's mirrors delete what the source lacks; its moves delete
        // each source file once sent (`rclone move`, as rsync's
        // `--remove-source-files`).
        || (c.name == "rclone" && matches!(first, "sync" | "bisync" | "move" | "moveto"))
        || (c.name == "artisan" || c.name == "php" && first == "artisan")
            && c.values().any(|v| v == "migrate:fresh")
        || (c.name == "tarsnap" && c.flag(&["-d"]))
        // Other version controls' history rewrites and discarded work:
        // `hg strip`, `hg histedit`, `hg purge`, `hg update -C`, `hg
        // revert --all`; `bzr uncommit`; `fossil scrub`.
        || (matches!(c.name.as_str(), "hg" | "chg" | "sl")
            && (matches!(
                first,
                "strip" | "debugstrip" | "prune" | "histedit" | "rollback" | "purge" | "clean"
            ) || matches!(first, "update" | "up" | "checkout" | "co" | "goto")
                && c.flag(&["-C", "--clean"])
                || first == "revert" && c.flag(&["-a", "--all"])))
        // Subversion's working copy reverted as a whole (its files never
        // committed deleted, `cleanup --remove-unversioned`, are read by
        // the option's name).
        || (c.name == "svn"
            && first == "revert"
            && (c.flag(&["-R", "--recursive"])
                || c.full_option_values(&["--depth"]).contains(&"infinity")))
        // Jujutsu's deleted bookmarks deleted on the remote too.
        || (c.name == "jj" && first == "git" && words.get(1) == Some(&"push") && c.flag(&["--deleted"]))
        // A disk image made smaller: what was past the new end is gone.
        || (c.name == "qemu-img" && first == "resize" && c.flag(&["--shrink"]))
        || (matches!(c.name.as_str(), "bzr" | "brz") && matches!(first, "uncommit" | "clean-tree"))
        || (c.name == "fossil" && matches!(first, "scrub" | "purge" | "clean"))
        // An overlay's changes written into its base image for good.
        || (c.name == "qemu-img" && first == "commit")
        // WordPress's database rewritten in place (`wp search-replace old
        // new --all-tables`; `--dry-run` only counts).
        || (c.name == "wp" && first == "search-replace")
        // Postfix's queue emptied: the mail in it is never sent.
        || (c.name == "postsuper" && c.flag(&["-d"]))
        // Perforce's specs deleted on the server (`p4 client -d ws`, `p4
        // depot -d old`, `p4 user -d -f bob`).
        || (c.name == "p4"
            && matches!(
                first,
                "client" | "workspace" | "depot" | "user" | "group" | "label" | "branch"
                    | "stream" | "job" | "remote" | "server"
            )
            && c.flag(&["-d"]))
        // Perforce's working files thrown away (`p4 clean`: opened files
        // reverted, files added locally deleted); `-n` only lists them.
        || (c.name == "p4" && words.iter().take(3).any(|w| *w == "clean") && !c.flag(&["-n"]))
        // dbt's full refresh drops and rebuilds the target's tables.
        || (c.name == "dbt" && c.flag(&["--full-refresh"]))
        || (matches!(c.name.as_str(), "zfs" | "zpool")
            && matches!(first, "destroy" | "rollback" | "labelclear")
            && !c.flag(&["-n"]))
    {
        return Some(Does::Destroys);
    }
    if super::chains::sent_to_main_network(c, &words, |w| super::cmd::among(&READS_SET, w)) {
        return Some(Does::Deploys);
    }
    // Perforce's protections, triggers or file types replaced on the
    // server, from stdin or by an editor (`p4 protect -i < t.txt`,
    // `P4EDITOR='cp t.txt' p4 typemap`); `-o` only prints them.
    // (Past the global options' values: `p4 -u admin protect -i`.)
    if c.name == "p4"
        && words
            .iter()
            .take(3)
            .any(|w| matches!(*w, "protect" | "triggers" | "typemap"))
        && !c.flag(&["-o"])
    {
        return Some(Does::Deploys);
    }
    // dbt run against the production target builds its tables there
    // (`dbt build --target prod`, even `--empty`: the tables are made).
    if c.name == "dbt"
        && matches!(
            words.first(),
            Some(&("run" | "build" | "seed" | "snapshot" | "run-operation"))
        )
        && c.full_option_values(&["--target", "-t"]).iter().any(|t| {
            matches!(
                t.to_ascii_lowercase().as_str(),
                "prod" | "production" | "prd"
            )
        })
    {
        return Some(Does::Deploys);
    }
    // Firmware built and written to a board (`esphome run node.yaml`).
    if c.name == "esphome" && matches!(words.first(), Some(&("run" | "upload"))) {
        return Some(Does::Deploys);
    }
    // A game's build or a workshop item uploaded to Steam (`steamcmd
    // +login builder +run_app_build app.vdf +quit`): steamcmd's commands
    // are `+` words.
    if matches!(c.name.as_str(), "steamcmd" | "steamcmd.sh" | "steamcmd.exe")
        && c.values().any(|v| {
            matches!(
                v.strip_prefix('+')
                    .unwrap_or_default()
                    .to_ascii_lowercase()
                    .as_str(),
                "run_app_build"
                    | "run_app_build_http"
                    | "run_workshop_build"
                    | "workshop_build_item"
            )
        })
    {
        return Some(Does::Deploys);
    }
    // surge publishes the folder it is given unless told one of its own
    // commands (`surge dist/ preview.surge.sh`).
    if c.name == "surge"
        && !matches!(
            first,
            "login" | "logout" | "whoami" | "list" | "token" | "plan" | "teardown" | "help"
        )
        && !c.flag(&["-h", "--help", "-V", "--version"])
    {
        return Some(Does::Deploys);
    }
    // robocopy's mirror deletes what the source lacks; `/L` only lists.
    if matches!(c.name.as_str(), "robocopy" | "robocopy.exe")
        && c.values()
            .any(|v| v.eq_ignore_ascii_case("/MIR") || v.eq_ignore_ascii_case("/PURGE"))
        && !c.values().any(|v| v.eq_ignore_ascii_case("/L"))
    {
        return Some(Does::Destroys);
    }
    // Mail sent: swaks and sendmail always send; `mail`, `mutt` and their
    // kin when given an address.
    // sendmail's `-bv` (check addresses), `-bp` (print the queue) and `-bt`
    // (test the rules) send nothing, when no other mode is asked for.
    let sendmail_looks = || {
        let modes: Vec<&str> = c.values().filter(|v| v.starts_with("-b")).collect();
        !modes.is_empty() && modes.iter().all(|v| matches!(*v, "-bv" | "-bp" | "-bt"))
    };
    // Mail handed to a catcher on this machine (MailHog, Mailpit:
    // `swaks --server 127.0.0.1:1025`) leaves nothing behind it.
    let local_server = || {
        let servers = c.option_values(&["--server", "-s", "--host"]);
        !servers.is_empty() && servers.iter().all(|v| super::cmd::is_loopback(v))
    };
    if matches!(c.name.as_str(), "swaks" | "sendmail" | "msmtp" | "ssmtp")
        && !(c.name == "sendmail" && sendmail_looks())
        && !(matches!(c.name.as_str(), "swaks" | "msmtp") && local_server())
        || matches!(
            c.name.as_str(),
            "mail" | "mailx" | "s-nail" | "mutt" | "neomutt"
        ) && c.operands().iter().any(|w| w.value.contains('@'))
    {
        return Some(Does::Deploys);
    }
    // A message to an address, by any tool (`postmark email raw --to
    // team@example.com --subject …`).
    if c.full_option_values(&["--to", "--recipient", "--recipients", "--rcpt"])
        .iter()
        .any(|v| super::verb_forms::is_address(v))
        && c.args().iter().any(|w| {
            matches!(
                w.value.split('=').next(),
                Some("--subject" | "--text" | "--body" | "--html" | "--message" | "--msg")
            )
        })
    {
        return Some(Does::Deploys);
    }
    // An Airflow pipeline run for real: its tasks load, move and delete
    // whatever they are written to (`airflow dags test` runs every task,
    // only without recording the run; `tasks test` one of them).
    if c.name == "airflow"
        && matches!(
            (first, c.operands().get(1).map(|w| w.value.as_str())),
            ("dags", Some("test" | "trigger" | "backfill")) | ("tasks", Some("test" | "run"))
        )
    {
        return Some(Does::Deploys);
    }
    // Atlas applies a schema or migrations to the database its URL names
    // (`atlas schema apply --url "$DB_URL" --auto-approve`), or drops
    // every object in it (`schema clean`); `--dry-run` only prints.
    if c.name == "atlas"
        && !crate::parse::option_values::says_dry_run("atlas", c.args(), &["--dry-run"])
    {
        let ops = c.operands();
        let pair = (
            ops.first().map_or("", |w| w.value.as_str()),
            ops.get(1).map_or("", |w| w.value.as_str()),
        );
        match pair {
            ("schema", "clean") => return Some(Does::Destroys),
            ("schema", "apply") | ("migrate", "apply" | "down" | "set") => {
                return Some(Does::Deploys);
            }
            _ => {}
        }
    }
    // Firmware written to a drive, and configuration applied to hosts.
    if (c.name == "nvme" && first.starts_with("fw-"))
        || ((matches!(c.name.as_str(), "ansible-playbook" | "chef-client")
            || c.name == "puppet" && super::verb_forms::puppet_applies(c))
            && !c.values().any(|v| v.eq_ignore_ascii_case("test=true"))
            && !c.flag(&[
                "--check",
                "-C",
                "--noop",
                "--why-run",
                "-W",
                "--syntax-check",
                "--list-hosts",
                "--list-tasks",
            ]))
    {
        return Some(Does::Deploys);
    }
    if let Some(writes) = super::flashers::writes_firmware(&c.name, c.args()) {
        return writes.then_some(Does::Deploys);
    }
    // (Looked up only once a verb is found: most commands have none.)
    let local = || PROJECT_LOCAL.iter().find(|(tools, _, _)| c.is(tools));
    let mut deploy = None;
    // The program's name is the first noun (`toot post`, `trash empty`).
    let mut noun = Some(c.name.as_str());
    // A noun of what is rolled out came before (`az deployment group
    // create`).
    let mut rolled_out = false;
    for (i, &word) in words.iter().enumerate() {
        // A word that only looks makes the words before it nouns
        // (`release list`, `secrets get`). A `help` between other words
        // is a name (`helm install help charts/api`: the release `help`).
        let named_help = word == "help" && i > 0 && i + 1 < words.len();
        // A `version` named as what a verb after it acts on (`hammer
        // content-view version promote …`).
        let named_version =
            word == "version" && words.get(i + 1).is_some_and(|w| verb_of(w).is_some());
        if super::cmd::among(&READS_SET, word) && !named_help && !named_version {
            return None;
        }
        // So does a looking verb joined to its noun (`jenkins-cli get-job
        // release-pipeline`): the words after it name what it shows.
        if ["get-", "list-", "describe-", "show-", "view-"]
            .iter()
            .any(|p| word.starts_with(p))
        {
            return None;
        }
        // What a registry holds for everyone is no edit of the project
        // (`yarn npm tag remove lib beta`, `pnpm owner rm`).
        let registry = noun.is_some_and(|n| REGISTRY_NOUNS.contains(&n));
        // (Its first part too: `rpk topic trim-prefix`.)
        if noun.is_some_and(|n| {
            after_noun(n, word)
                || word
                    .split_once('-')
                    .is_some_and(|(first, _)| after_noun(n, first))
        }) {
            return Some(Does::Destroys);
        }
        let sends = noun.is_some_and(|n| sent_after_noun(n, word))
            || rolled_out && matches!(word, "create" | "apply" | "sync" | "update" | "new");
        rolled_out |= ROLLED_OUT.contains(&word);
        let before = noun.unwrap_or_default();
        noun = Some(word);
        let does = verb_of(word)
            .or_else(|| sends.then_some(Does::Deploys))
            .or_else(|| {
                (cloud
                    && (CLOUD_DEPLOY.contains(&word)
                        || super::verb_forms::api_operation(word)
                        // A job handed to Nomad's scheduler (`nomad job
                        // run api.hcl`) runs on the cluster.
                        || word == "run" && c.name == "nomad")
                    && !made_here(c, before, word))
                .then_some(Does::Deploys)
            });
        let Some(does) = does else {
            continue;
        };
        // Usage reports turned off (`next telemetry disable`): only what
        // the tool tells its makers changes.
        if word == "disable" && matches!(before, "telemetry" | "analytics") {
            continue;
        }
        if let Some((_, verbs, global)) = local()
            && verbs.contains(&word)
            && !c.flag(global)
            // A word that says the whole machine (`composer global
            // remove`), not the project.
            && !global
                .iter()
                .any(|g| !g.starts_with('-') && c.values().any(|v| v == *g))
            && !registry
            && !super::verb_forms::remote_operand(c)
        {
            continue;
        }
        if does == Does::Destroys {
            return Some(does);
        }
        // Publishing is judged by `publish.package` for these; what they
        // send or start elsewhere is not publishing (`gh workflow run`).
        if sends || !c.is_among(&PUBLISHERS_SET) {
            deploy = deploy.or(Some(does));
        }
    }
    // Rotating a key, a secret or a token revokes the one in use.
    let says_rotate = |w: &str| {
        w.as_bytes()
            .windows(6)
            .any(|x| x.eq_ignore_ascii_case(b"rotate"))
            && parts(w).iter().any(|p| p == "rotate")
    };
    if words.iter().any(|w| says_rotate(w))
        && std::iter::once(c.name.as_str())
            .chain(words.iter().copied())
            .any(|w| {
                let w = w.to_ascii_lowercase();
                ROTATED_SECRETS.iter().any(|n| w.contains(n))
            })
    {
        return Some(Does::Destroys);
    }
    // The options of a tool askrisky has no table for: `--purge`,
    // `--delete-all`, `-purge` (not `--no-delete`, nor what a build made:
    // `build_runner build --delete-conflicting-outputs`).
    // A tool's own setting taken out (`dolt config --unset user.name`)
    // is an edit of its settings, as `git config --unset` is.
    let config = || c.operands().first().is_some_and(|w| w.value == "config");
    if c.values().take_while(|v| *v != "--").any(|v| {
        let name = v.trim_start_matches('-');
        let name = name.split('=').next().unwrap_or(name);
        v.starts_with('-')
            && !name.starts_with("no-")
            && !(name.starts_with("unset") && config())
            // Hadoop's file shell says its verbs as options (`hdfs dfs
            // -rm -r /data`); other two-letter options are letters.
            && (name.len() > 2 || v == "-rm")
            && verb_of(name) == Some(Does::Destroys)
            // What a build thins out of what it writes (`tippecanoe
            // --drop-densest-as-needed`, `--drop-rate`).
            && !(name.starts_with("drop-")
                && name.split(['-', '_']).any(|p| {
                    matches!(p, "needed" | "rate" | "fraction" | "densest" | "smallest")
                }))
            // (`snakemake --delete-all-output`: every result made.)
            && (!name
                .split(['-', '_'])
                .any(|p| matches!(p, "output" | "outputs" | "generated" | "artifacts"))
                || name.split(['-', '_']).any(|p| p == "all"))
    }) {
        return Some(Does::Destroys);
    }
    // An option that does what the tool otherwise rehearses (also with
    // one dash, as Java tools write long options: `-submit`); or a server
    // told to stop by an option of its own (`freeswitch -stop`,
    // `start-stop-daemon --stop`, `opendkim --shutdown`): what it serves is
    // gone until someone starts it again. (One pass over the words.)
    if c.values().take_while(|v| *v != "--").any(|v| {
        matches!(v, "-stop" | "--stop" | "-shutdown" | "--shutdown")
            || v.strip_prefix("--")
                .or_else(|| v.strip_prefix('-').filter(|o| o.len() > 2))
                .is_some_and(super::nouns::does_it)
                && !c.is(PUBLISHERS)
    }) {
        deploy = deploy.or(Some(Does::Deploys));
    }
    // The program's own name (`dropdb`, `nix-collect-garbage`,
    // `kafka-delete-records.sh`, `telegram-send`); a desktop
    // notification is not sent anywhere.
    // A verb written at the end of a program's name (`ldapdelete`,
    // `kdestroy`) is one too.
    let name = c.name.trim_end_matches(".sh");
    if ["delete", "destroy", "remove", "purge", "wipe", "erase"]
        .iter()
        .any(|v| name.len() > v.len() + 1 && name.ends_with(v))
    {
        return Some(Does::Destroys);
    }
    match verb_of(name) {
        Some(Does::Destroys) => return Some(Does::Destroys),
        // A tool on PATH named for sending (`telegram-send`); a script of
        // the project's (`./deploy.sh`) is judged by what it says.
        // (pg_restore prints the SQL unless told a database, and
        // iptables-restore is judged as the firewall it loads.)
        Some(Does::Deploys)
            if c.name != "notify-send"
                && !name.contains("restore")
                && !c.is_among(&PUBLISHERS_SET)
                && c.command.script_text.is_none()
                && !c
                    .command
                    .argv
                    .first()
                    .is_some_and(|w| w.value.contains('/')) =>
        {
            deploy = deploy.or(Some(Does::Deploys));
        }
        _ => {}
    }
    deploy
}

/// Whether a program's own name is a destructive verb joined to what it
/// acts on, so that the program is its subcommand: `memcflush`,
/// `kdestroy`, `lvremove`, `ldapdelete`, `nwipe` (the verb ends the name),
/// `kafka-delete-records`, `flash_erase` (a part of the name is the verb).
/// A name that is the verb alone (`reset`, `unset`, `deactivate`) is not:
/// those are the shell's and the terminal's, and tables name the rest.
/// The last part of a path.
fn f_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or_default()
}

/// A test of an act is no act (`python3 test_delete_user.py`,
/// `deploy.spec.ts`).
fn is_test_file(path: &str) -> bool {
    let file = f_name(path);
    file.starts_with("test")
        || file.contains(".test.")
        || file.contains("_test.")
        || file.contains(".spec.")
}

/// A script's name without its language's extension (`app.rb` is no
/// `rb`, s3's remove-bucket); any other last part may say what it does
/// (`wipe.all`).
fn script_stem(name: &str) -> &str {
    match name.rsplit_once('.') {
        Some((stem, ext))
            if !stem.is_empty()
                && matches!(
                    ext,
                    "py" | "sh"
                        | "rb"
                        | "pl"
                        | "php"
                        | "js"
                        | "mjs"
                        | "cjs"
                        | "ts"
                        | "lua"
                        | "bash"
                        | "zsh"
                        | "ps1"
                        | "tcl"
                        | "r"
                        | "R"
                ) =>
        {
            stem
        }
        _ => name,
    }
}

fn named_destroyer(name: &str) -> bool {
    let base = script_stem(name);
    // Asked of every command: a name of one part, not ending as a verb
    // does, is none of these.
    let one_part = !base
        .bytes()
        .any(|b| matches!(b, b':' | b'-' | b'_' | b'.') || b.is_ascii_uppercase());
    if one_part && !matches!(base.as_bytes().last(), Some(b'h' | b'y' | b'e')) {
        return false;
    }
    let mut parts = ascii_parts(base).map(|(s, e)| &base[s..e]);
    let first = parts.next();
    let joined = first.is_some_and(|f| {
        let mut rest = parts.peekable();
        let mut noun = f;
        rest.peek().is_some()
            && (super::cmd::among(&DESTROY_SET, f)
                || rest.any(|p| {
                    // A verb, or one said of the part before (`tpm2_clear`).
                    // (Names are lowercase; the table's words are.)
                    let verb =
                        super::cmd::among(&DESTROY_SET, p) || super::nouns::after_noun(noun, p);
                    noun = p;
                    verb
                }))
    });
    joined
        || !base.starts_with("un")
            && base != "swipe"
            && [
                "flush", "destroy", "wipe", "purge", "erase", "remove", "delete",
            ]
            .iter()
            .any(|v| base.len() > v.len() && base.ends_with(v))
}

/// The first words of a command that are not options: where a tool takes
/// its subcommand (`droplet delete`, `apps:destroy`, `db reset`). Reading
/// stops at `--`.
fn subcommand_words<'a>(c: &Cmd<'a>) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut counted = 0;
    // A word right after an option may be its value (`ipmitool -I lanplus
    // -H host -U admin chassis power cycle`): it does not use up the
    // words where the subcommand is looked for.
    let mut after_option = false;
    // The option just before, when it names a setting whose value is a
    // name (`netlify build --context deploy-preview`, `--stage destroy-test`).
    let mut after_setting = false;
    // A Windows program's options are `/word` (`schtasks.exe /delete`):
    // read as its subcommand words.
    let windows = c.name.ends_with(".exe");
    // The words of a command it wraps are that command's.
    let args = c.args();
    // Options only before it, the word is where the tool's own subcommand
    // stands too (`s5cmd --numworkers=8 rm 's3://b/*'`): read as both.
    // A program's name right after its nouns is its verb as well (`drone
    // secret rm --name x`), whatever it also runs.
    let own = crate::parse::wrapped_at(&c.name, args)
        .filter(|at| {
            let before = args.get(..*at).unwrap_or_default();
            before.iter().any(|w| !w.value.starts_with('-'))
        })
        .map(|at| args.get(..=at).unwrap_or_default())
        .unwrap_or(args);
    // Past the subcommand words, an action named by keyword (GAM's `gam
    // update cros query … action deprovision_retiring_device`, `…
    // issuecommand command remote_powerwash doit`): the word after
    // `action` or `command` is what is done.
    let mut after_action = false;
    for v in own
        .iter()
        .map(|w| w.value.as_str())
        .take_while(|v| *v != "--")
    {
        let named_by_keyword =
            std::mem::replace(&mut after_action, matches!(v, "action" | "command"));
        if counted == SUBCOMMAND_WORDS {
            if named_by_keyword {
                out.push(v);
            }
            continue;
        }
        // Its value after a colon (`cmdkey /delete:git:https://…`). (A
        // dash for the slash, `certutil -delstore`, is read as any tool's
        // destroying option is.)
        let v = match v.strip_prefix('/') {
            Some(option) if windows => option.split(':').next().unwrap_or(option),
            _ => v,
        };
        if v.starts_with('-') {
            after_option = !v.contains('=');
            after_setting = after_option && SETTING_OPTIONS.contains(&v);
            continue;
        }
        let value = std::mem::take(&mut after_option);
        // Nor is a `help` an option takes as its value (`kafka-topics
        // --delete --topic help` deletes the topic `help`).
        if value && v == "help" {
            continue;
        }
        // A log level is no subcommand (`regctl -v info image copy …`).
        if value && matches!(v, "trace" | "debug" | "info" | "warn" | "warning" | "error") {
            continue;
        }
        // A bare verb stays one (`tool --profile delete db`): a tool
        // whose `--profile` takes no value runs it.
        if std::mem::take(&mut after_setting) && !v.bytes().all(|b| b.is_ascii_alphabetic()) {
            continue;
        }
        // A build's configuration (`dotnet build -c Release`, `swift build
        // --configuration release`, `xcodebuild -configuration Release`)
        // is no verb.
        if value && v.eq_ignore_ascii_case("release") {
            continue;
        }
        out.push(v);
        if !value {
            counted += 1;
        }
    }
    out
}

/// A site alias, which names where a command runs (wp-cli's and drush's
/// `@prod`, `@live.default`); a path or a scoped package is none.
fn is_site_alias(word: &str) -> bool {
    word.len() > 1 && word.starts_with('@') && !word.contains('/')
}

/// Long options that name a setting, a context or a target by a name of
/// its own: the word after one is that name, never a verb
/// (`--context deploy-preview`, `--configuration Release`).
const SETTING_OPTIONS: &[&str] = &[
    "--context",
    "--configuration",
    "--config-name",
    "--profile",
    "--stage",
    "--environment",
    "--env",
    "--target",
    "--preset",
    "--flavor",
    "--variant",
    "--mode",
    // A thing's own name (`kafka-consumer-groups --describe --group
    // wave-release`, `--topic orders-purge`).
    "--group",
    "--topic",
    "--queue",
];

/// Whether `word` holds a verb, and what it does.
fn verb_of(word: &str) -> Option<Does> {
    // A path, a URL or an assignment is not a subcommand.
    if word.contains(['/', '=', '@', ' ']) || word.len() > 40 {
        return None;
    }
    // Nor is a file name (`delete.sql`, `app.rb`); but `noun.verb` is how
    // some tools name their commands (`govc vm.destroy`, `salt …
    // state.apply`): only its last part is read as a verb, after the part
    // before it, and not one short enough to be a file's extension.
    if let Some((before, last)) = word.rsplit_once('.') {
        let noun = before.rsplit('.').next().unwrap_or(before);
        if last.len() < 4
            || noun.is_empty()
            || !word
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        {
            return None;
        }
        let last = last.to_ascii_lowercase();
        return if after_noun(&noun.to_ascii_lowercase(), &last)
            || super::cmd::among(&DESTROY_SET, &last)
        {
            Some(Does::Destroys)
        } else {
            DEPLOY_SET.contains(&last).then_some(Does::Deploys)
        };
    }
    // Work in flight stopped for good, said alone (`scancel`'s verb, `gh
    // run cancel 42`, `wandb sweep --cancel ID`, a workflow engine's
    // `…/workflows/v1/ID/abort`); first among parts it takes something
    // back (`cancel-key-deletion`).
    if word.eq_ignore_ascii_case("cancel") || word.eq_ignore_ascii_case("abort") {
        return Some(Does::Destroys);
    }
    // A backup put back over what is there now, said alone (`bench --site
    // erp restore db.sql.gz`, `gitlab-backup restore`): what was written
    // since is gone. First among parts it takes back a deletion
    // (`restore-deleted-secret`).
    if word.eq_ignore_ascii_case("restore") {
        return Some(Does::Destroys);
    }
    // Magento's static files generated here (`setup:static-content:deploy`)
    // go nowhere.
    if word.ends_with("static-content:deploy") {
        return None;
    }
    let (mut looks, mut destroys, mut deploys, mut shown) = (false, false, false, false);
    let mut deploy_noun = false;
    // One part, in order, after the part before it (empty for the first),
    // for a verb that destroys only after a noun that holds data
    // (`schema:clean`, `trash-empty`) or when forced (`force-unlock`,
    // which takes a lock from whoever holds it); true once the word is
    // settled.
    let mut step = |before: &str, part: &str| {
        // `get-deletion-status`, `cancel-key-deletion`: no verb.
        if before.is_empty() && LOOKS_FIRST_SET.contains(part) {
            looks = true;
            return true;
        }
        if super::cmd::among(&DESTROY_SET, part)
            || destroys_joined(part)
            || before == "force" && part == "unlock"
            || after_noun(before, part)
        {
            destroys = true;
            return true;
        }
        deploys |= DEPLOY_SET.contains(part) || sent_after_noun(before, part) || sends_joined(part);
        // A deploy or a release looked at (`forge deploy:logs`,
        // `deploy-status`, `release:list`): a look right after its noun
        // ends the word. (`upload-logs` sends logs away.)
        // (Or a look ending the word further on: `deploy:mode:show`.)
        let noun = |p: &str| {
            matches!(
                p,
                "deploy" | "deploys" | "deployment" | "deployments" | "release" | "releases"
            )
        };
        shown = matches!(
            part,
            "logs" | "log" | "status" | "list" | "history" | "info" | "show"
        ) && noun(before)
            || deploy_noun && matches!(part, "status" | "list" | "history" | "info" | "show");
        deploy_noun |= noun(part);
        false
    };
    // Asked of every subcommand and option word of every command: an
    // ASCII word (nearly all) is lowercased once on the stack, and its
    // parts are slices of that copy.
    if word.is_ascii() {
        let mut lower = [0u8; 40];
        let lower = &mut lower[..word.len()];
        lower.copy_from_slice(word.as_bytes());
        lower.make_ascii_lowercase();
        let lower = std::str::from_utf8(lower).unwrap_or_default();
        let mut before = "";
        for (start, end) in ascii_parts(word) {
            let part = lower.get(start..end).unwrap_or_default();
            if step(before, part) {
                break;
            }
            before = part;
        }
    } else {
        let parts = parts(word);
        let mut before = "";
        for part in &parts {
            if step(before, part) {
                break;
            }
            before = part;
        }
    }
    if looks {
        None
    } else if destroys {
        Some(Does::Destroys)
    } else {
        (deploys && !shown).then_some(Does::Deploys)
    }
}

/// [`parts`] of an ASCII word, as byte ranges of it, without copying.
fn ascii_parts(word: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let b = word.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() && matches!(b[i], b':' | b'-' | b'_' | b'.') {
            i += 1;
        }
        if i == b.len() {
            return None;
        }
        let start = i;
        i += 1;
        while i < b.len()
            && !matches!(b[i], b':' | b'-' | b'_' | b'.')
            && !(b[i].is_ascii_uppercase() && b[i - 1].is_ascii_lowercase())
        {
            i += 1;
        }
        Some((start, i))
    })
}

#[cfg(test)]
mod tests;
