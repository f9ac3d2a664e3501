//! Verbs a command says by its form rather than by a subcommand word: a
//! patch mailed, a message published to a broker elsewhere, an archiver
//! told to delete what it archived, an event log emptied, a build's
//! uninstall target. Asked before the verb tables, for any program.

use super::cmd::Cmd;
use super::cmd::Does;

/// What the command does, when its form says it.
pub(super) fn said_by_form(c: &Cmd<'_>) -> Option<Does> {
    // Patches mailed (`git send-email`) or put in a mail folder on a
    // server (`git imap-send`): they leave the machine.
    if let Some((sub, rest)) = c.git()
        && matches!(sub, "send-email" | "imap-send")
        && !crate::parse::option_values::has_rehearsal_flag("git", rest, &["--dry-run"])
    {
        return Some(Does::Deploys);
    }
    // git-annex told to drop content even when no other copy is known
    // (`git annex drop --force data/`): the last copy may go.
    if let Some((sub, rest)) = c.git()
        && sub == "annex"
        && rest.first().is_some_and(|w| w.value.starts_with("drop"))
        && crate::parse::programs::has_flag(rest, &["--force"])
    {
        return Some(Does::Destroys);
    }
    if publishes_to_remote_broker(c) || sql_sends_away(c) || uploads_with_saved_login(c) {
        return Some(Does::Deploys);
    }
    if deploys_by_form(c) {
        return Some(Does::Deploys);
    }
    // The words the any-program forms below need, looked for in one pass
    // (asked of every command).
    let (mut checkout, mut role, mut public) = (false, false, false);
    for w in c.args() {
        let v = w.value.as_str();
        match v.as_bytes().first() {
            Some(b'-') => {
                role |= v.starts_with("--role") || v.starts_with("--admin") || v == "--superuser";
                public |= v.starts_with("--public")
                    || v.starts_with("--acl")
                    || v.starts_with("--visibility")
                    || v.starts_with("--access")
                    || v.starts_with("--canned-acl");
            }
            Some(b'c') => checkout |= v == "checkout",
            Some(b'p') => public |= v.starts_with("public"),
            Some(b'e' | b'E' | b'w') => {
                public |= v.eq_ignore_ascii_case("everyone")
                    || v.get(..9)
                        .is_some_and(|p| p.eq_ignore_ascii_case("everyone:"))
                    || v == "world";
            }
            Some(b'a') => {
                public |= v == "anonymous"
                    || v.starts_with("allUsers:")
                    || v.starts_with("allAuthenticatedUsers:");
            }
            _ => {}
        }
    }
    if destroys_by_form(c) || checkout && forced_checkout(c) {
        return Some(Does::Destroys);
    }
    if role && grants_admin_role(c) || public && makes_public(c) {
        return Some(Does::Deploys);
    }
    // A new public version of a dataset, model or notebook (`kaggle
    // datasets version -p data/ -m v3`, `kaggle kernels push`).
    if matches!(c.name.as_str(), "kaggle")
        && c.operands()
            .get(1)
            .is_some_and(|w| matches!(w.value.as_str(), "version" | "create" | "push"))
    {
        return Some(Does::Deploys);
    }
    // A signature or attestation pushed to the image's registry, and by
    // default to the public transparency log, which keeps it for good
    // (`cosign sign --yes ghcr.io/acme/api:v1`, `notation sign …`).
    if matches!(c.name.as_str(), "cosign" | "notation")
        && c.operands()
            .first()
            .is_some_and(|w| matches!(w.value.as_str(), "sign" | "attest"))
        && !c.values().any(|v| v == "--upload=false")
    {
        return Some(Does::Deploys);
    }
    // ko's build and apply push the image they make to the registry
    // (`ko build ./cmd/api --bare`) unless told to keep it here; a plan
    // told to apply itself (`sqlmesh plan prod --auto-apply`) is applied.
    if matches!(c.name.as_str(), "ko")
        && c.operands().first().is_some_and(|w| {
            matches!(
                w.value.as_str(),
                "build" | "publish" | "apply" | "create" | "resolve"
            )
        })
        && !c.flag(&["-L", "--local"])
        && !c.values().any(|v| v == "--push=false")
        || c.operands().first().is_some_and(|w| w.value == "plan") && c.flag(&["--auto-apply"])
    {
        return Some(Does::Deploys);
    }
    // Go's module cache emptied (`go clean -modcache`): every project's
    // downloaded modules, outside this one, as `rm -rf ~/go/pkg/mod`
    // would; `-n` only prints what it would remove.
    if c.name == "go"
        && c.operands().first().is_some_and(|w| w.value == "clean")
        && c.flag(&["-modcache"])
        && !c.flag(&["-n"])
    {
        return Some(Does::Destroys);
    }
    // TiUP's cluster check told to fix what it finds on every host
    // (`tiup cluster check prod --apply`).
    if c.name == "tiup"
        && c.operands().first().is_some_and(|w| w.value == "cluster")
        && c.operands().get(1).is_some_and(|w| w.value == "check")
        && c.flag(&["--apply"])
    {
        return Some(Does::Deploys);
    }
    // A Flink savepoint disposed of (`flink savepoint -d PATH`): the
    // state a job would restart from is gone.
    if matches!(c.name.as_str(), "flink")
        && c.operands().first().is_some_and(|w| w.value == "savepoint")
        && c.flag(&["-d", "--dispose"])
    {
        return Some(Does::Destroys);
    }
    // Archivers told to delete what they archived (`7z a -sdel x.7z
    // logs/`, `zip -m x.zip notes.txt`): the originals are gone.
    if matches!(c.name.as_str(), "7z" | "7za" | "7zz" | "7zr") && c.flag(&["-sdel"])
        || matches!(c.name.as_str(), "zip") && c.flag(&["-m", "--move"])
        || matches!(c.name.as_str(), "tar" | "gtar" | "bsdtar") && c.flag(&["--remove-files"])
        // The trash emptied: what was moved there is gone for good.
        || matches!(c.name.as_str(), "gio")
            && c.operands().first().is_some_and(|w| w.value == "trash")
            && c.flag(&["--empty"])
    {
        return Some(Does::Destroys);
    }
    // Every migration of an app unapplied, its tables dropped with their
    // rows (Django's `manage.py migrate billing zero`, Rails' `rake
    // db:migrate VERSION=0`). Django's `--plan` only shows them.
    if c.values().any(|v| v == "zero" || v == "VERSION=0") && !c.flag(&["--plan"]) {
        let words: Vec<&str> = c.values().collect();
        if words.iter().any(|w| matches!(*w, "migrate" | "db:migrate")) {
            return Some(Does::Destroys);
        }
    }
    // Windows's event log emptied (`wevtutil cl Security`): the record
    // of what happened on the machine is gone.
    if matches!(c.name.as_str(), "wevtutil" | "wevtutil.exe")
        && c.operands().first().is_some_and(|w| {
            w.value.eq_ignore_ascii_case("cl") || w.value.eq_ignore_ascii_case("clear-log")
        })
    {
        return Some(Does::Destroys);
    }
    // A build's uninstall target removes what was installed from the
    // system prefix (`ninja -C build uninstall`, `cmake --build build
    // --target uninstall`), as `make uninstall` does; both programs'
    // other words are data.
    if matches!(c.name.as_str(), "ninja" | "samu")
        && c.operands().iter().any(|w| w.value == "uninstall")
        || matches!(c.name.as_str(), "cmake")
            && c.option_values(&["--target", "-t"]).contains(&"uninstall")
    {
        return Some(Does::Destroys);
    }
    None
}

/// A build target that flashes, uploads or deploys, as make's words are
/// read (`ninja -C build flash`, `cmake --build build --target upload`):
/// ninja's and cmake's other words are data.
pub(super) fn build_target_deploys(c: &Cmd<'_>, verb_of: fn(&str) -> Option<Does>) -> bool {
    let deploys = |t: &str| verb_of(t) == Some(Does::Deploys);
    if matches!(c.name.as_str(), "ninja" | "samu") {
        c.operands().iter().any(|w| deploys(&w.value))
    } else if c.name == "cmake" {
        c.option_values(&["--target", "-t"])
            .into_iter()
            .any(deploys)
    } else {
        false
    }
}

/// Deploy tools whose deploying form is no `deploy` word: `sam sync`
/// (each change pushed to the stack), `cdk watch` (a deploy on every
/// save), a bare `vercel` or `vercel ./site` (a deployment of the folder),
/// `pulumi refresh --yes` (the stack's state rewritten from what runs).
fn deploys_by_form(c: &Cmd<'_>) -> bool {
    let first = || c.operands().first().map(|w| w.value.as_str());
    let has = |w: &str| c.operands().iter().take(4).any(|o| o.value == w);
    // A `match`: asked of every command.
    match c.name.as_str() {
        // A directory server's instance stopped or restarted (`dsctl
        // slapd-x stop`); Postfix's queue held, released or requeued as a
        // whole (`postsuper -h ALL`).
        "dsctl" => matches!(
            c.operands().get(1).map(|w| w.value.as_str()),
            Some("stop" | "restart")
        ),
        "postsuper" => c.flag(&["-h", "-H", "-r"]) && c.operands().iter().any(|w| w.value == "ALL"),
        // Laravel's migrations run where it asks first, as in production
        // (`php artisan migrate --force`).
        "php" | "artisan" | "sail" => {
            c.flag(&["--force"]) && c.operands().iter().take(2).any(|w| w.value == "migrate")
        }
        // IBM MQ's authority granted whole (`setmqaut … +all`, `+alladm`).
        "setmqaut" => c.values().any(|v| v.starts_with("+all")),
        // IBM App Connect's message flows deployed to an integration node
        // (`mqsideploy NODE -e server -a app.bar`), or taken off it (`-d`).
        "mqsideploy" => true,
        // A router's configuration replaced or merged and committed
        // (`napalm … configure new.conf --strategy replace`) unless it
        // only shows the diff (`--dry-run`); BIRD's new configuration
        // made live (`birdc configure`, not `configure check`); a live
        // subscriber's session changed or cut off by a RADIUS
        // Change-of-Authorization (`radclient bng:3799 disconnect S`); an
        // Opentrons protocol run on the robot (its simulator is
        // `opentrons_simulate`).
        "napalm" => c.operands().iter().any(|w| w.value == "configure") && !c.flag(&["--dry-run"]),
        "birdc" | "birdcl" => first() == Some("configure") && !has("check"),
        "radclient" => has("disconnect") || has("coa"),
        "opentrons_execute" => true,
        // Control-M's jobs ordered into today's run, run from a file or
        // rerun or killed (`ctm run order CTM_PRD CORE_EOD EOD_MASTER`,
        // `ctm run job::rerun ID`,
        // `ctm run jobs.json`, `ctmorder -FOLDER … -FORCE y`): a
        // scheduler's production batch, not a look at it.
        "ctm" => {
            first() == Some("run")
                && c.operands().get(1).is_some_and(|w| {
                    let w = w.value.as_str();
                    w == "order" || [".json", ":rerun", ":kill"].iter().any(|e| w.ends_with(e))
                })
        }
        "ctmorder" | "ctmcreate" => true,
        // DICOM studies stored into another machine's archive (`storescu
        // -aec PACS_PROD pacs.example.org 104 ct/`, dcm4che's `storescu
        // -c AE@host:port`, `dcmsend`, GDCM's `gdcmscu --store`, STOW-RS's
        // `stowrs --url …`), moved from an archive to a third one
        // (`movescu -aem TELERAD …`), a procedure step reported
        // (`mppsscu`), an HL7 message sent to a live interface (`hl7snd
        // -c ADT@mirth:6661 a40.hl7`): not to one on this machine.
        "storescu" | "dcmsend" | "gdcmscu" | "movescu" | "stowrs" | "mppsscu" | "hl7snd"
            if match c.name.as_str() {
                "gdcmscu" => c.flag(&["--store", "--move"]),
                // (Moved to the caller's own title, they come here.)
                "movescu" => {
                    let to = c.option_values(&["-aem", "--move"]);
                    !to.is_empty() && to != c.option_values(&["-aet", "--aetitle"])
                }
                _ => true,
            } =>
        {
            // The peer: a word before a port (dcmtk's `HOST PORT`), or
            // dcm4che's `AE@HOST:PORT`. Each must be this machine; none
            // found, it may be any.
            let port = |w: &crate::parse::Word| {
                !w.value.is_empty() && w.value.bytes().all(|b| b.is_ascii_digit())
            };
            let peers: Vec<&str> = c
                .args()
                .windows(2)
                .filter(|w| !w[0].value.starts_with('-') && port(&w[1]))
                .map(|w| w[0].value.as_str())
                .chain(c.values().filter_map(|v| {
                    v.split_once("://")
                        .map(|(_, rest)| super::cmd::host_of(rest))
                        .or_else(|| v.split_once('@').map(|(_, host)| host))
                }))
                .collect();
            peers.is_empty() || !peers.iter().all(|h| super::cmd::is_loopback(h))
        }
        // A LinuxGSM server script's server stopped or restarted
        // (`./csgoserver stop`, `./vhserver r`).
        // Likewise a service's own control script run by its path
        // (`/opt/mirthconnect/mcservice stop`).
        name if name.len() > 6
            && (name.ends_with("server") || name.ends_with("service"))
            && c.command
                .argv
                .first()
                .is_some_and(|w| w.value.starts_with("./") || w.value.starts_with('/')) =>
        {
            matches!(
                first(),
                Some("stop" | "sp" | "restart" | "r" | "force-update" | "fu")
            )
        }
        // Anonymous Apex run in the org, records imported into it (`sf
        // apex run`, `sfdx force:apex:execute`, `sf data import tree`).
        "sf" | "sfdx" => {
            (has("apex") && has("run")
                || first().is_some_and(|w| w.starts_with("force:apex:execute")))
                && apex_may_change(c)
                || has("data") && has("import")
                || first().is_some_and(|w| w.starts_with("force:data:tree:import"))
        }
        // Content written into a space (`contentful space seed`, `space
        // import`), a theme uploaded to share (`shopify theme share`),
        // HubSpot's watcher told to upload first, Stripe's fixtures made.
        "contentful" => has("seed") || has("import"),
        "shopify" => has("share"),
        "hs" | "hubspot" => c.flag(&["--initial-upload"]),
        "stripe" => first() == Some("fixtures") || has("update"),
        "java" => jenkins_cli_changes(c),
        // Oracle's patches applied to the database (`datapatch -verbose`;
        // `-prereq` only checks), Kafka's partitions moved (`--execute`,
        // and `--verify`, which lifts the move's throttles).
        "datapatch" => !c.flag(&["-prereq", "-help", "--help"]),
        "kafka-reassign-partitions" | "kafka-reassign-partitions.sh" => {
            c.flag(&["--execute", "--verify", "--cancel"])
        }
        "sam" => first() == Some("sync"),
        "cdk" => first() == Some("watch"),
        "vercel" => first().is_none_or(|w| w == "." || w.contains('/')),
        "pulumi" => first() == Some("refresh") && c.flag(&["--yes", "-y", "--skip-preview"]),
        // PowerDNS's zones changed where they are served (`rectify-zone`,
        // `edit-zone`, `replace-rrset`, `secure-zone`): every verb but
        // those that list, show, check, export or test.
        "pdnsutil" => first().is_some_and(|w| {
            ![
                "list", "show", "check", "export", "test", "hash", "get", "help", "bench",
            ]
            .iter()
            .any(|r| w.starts_with(r))
        }),
        // A certificate issued or renewed by a public authority, and
        // logged there for good (`acme.sh --issue`, `certbot certonly`,
        // `certbot renew --force-renewal`), deployed to a control panel
        // by hook (`acme.sh --deploy --deploy-hook cpanel_uapi`); certbot's
        // installers rewrite the web server's configuration and reload it
        // (`certbot --nginx`, `certbot install`). Their rehearsals
        // (`--dry-run`, `--staging`' test authority) and lists do not.
        "acme.sh" => {
            c.flag(&[
                "--deploy",
                "--install-cert",
                "--installcert",
                "--issue",
                "--renew",
                "--renew-all",
                "--signcsr",
            ]) && !c.flag(&["--staging", "--test"])
        }
        // A dynamic DNS update sent to the zone's server (`nsupdate -k
        // K.key changes.txt`): its file or stdin is nothing but updates.
        "nsupdate" => !super::dryrun::rehearses_as("nsupdate", c.args()),
        // A Cloudflare tunnel's DNS record made, or its connections
        // dropped at the edge (`cloudflared tunnel route dns gw
        // grafana.acme.dev`, `… cleanup gw`).
        // (Its options may stand between: `tunnel --config c.yml route`.)
        "cloudflared" => {
            first() == Some("tunnel")
                && c.operands()
                    .iter()
                    .skip(1)
                    .take(3)
                    .any(|w| matches!(w.value.as_str(), "route" | "cleanup"))
        }
        // A winget manifest's pull request opened on the public
        // repository (`wingetcreate update … --submit`).
        "wingetcreate" => first() == Some("submit") || c.flag(&["--submit", "-s"]),
        // electron-builder told to publish what it built (`--publish
        // always`, `-p onTag`); `never` keeps it here.
        "electron-builder" => c
            .option_values(&["--publish", "-p"])
            .iter()
            .any(|v| !v.eq_ignore_ascii_case("never")),
        // A CodePush release changed where users get it (`appcenter
        // codepush patch … Production -r 100`, `promote`, `rollback`).
        "appcenter" | "code-push" => c
            .operands()
            .iter()
            .take(3)
            .any(|w| matches!(w.value.as_str(), "patch" | "promote" | "rollback")),
        // A sketch built and flashed onto the board in one go
        // (`arduino-cli compile --upload -p /dev/ttyACM0`); a Raspberry
        // Pi's bootloader settings written to its EEPROM
        // (`rpi-eeprom-config --apply boot.conf`, `--edit`), or its
        // firmware updated (`rpi-eeprom-update -a`, `-f FILE`).
        "arduino-cli" => first() == Some("compile") && c.flag(&["--upload", "-u"]),
        "rpi-eeprom-config" => c.flag(&["--apply", "-a", "--edit", "-e"]),
        "rpi-eeprom-update" => c.flag(&["-a", "-f"]),
        "certbot" => {
            // (Its subcommand may stand anywhere among its options.)
            let sub = c.operands().iter().map(|w| w.value.as_str()).find(|w| {
                matches!(
                    *w,
                    "run"
                        | "install"
                        | "enhance"
                        | "certonly"
                        | "renew"
                        | "certificates"
                        | "delete"
                        | "revoke"
                        | "plugins"
                        | "register"
                        | "reconfigure"
                )
            });
            sub.is_none_or(|w| matches!(w, "run" | "certonly" | "renew" | "install" | "enhance"))
                && !c.rehearses_by(&["--dry-run", "--staging", "--test-cert"])
                && !super::dryrun::rehearses_as("certbot", c.args())
        }
        _ => false,
    }
}

/// Tools that destroy by an option or a pair of words no verb table
/// reads: Exim's messages removed or given up on (`exim -Mrm ID`, `-Mg`),
/// rclone's duplicates deleted by a rule (`--dedupe-mode newest`; the
/// default asks at the terminal, `list` only lists), a B2 file hidden by
/// a version that serves nothing (`b2 file hide`, `b2 hide-file`),
/// Drupal's user data overwritten (`drush sql:sanitize`).
fn destroys_by_form(c: &Cmd<'_>) -> bool {
    let word = |i: usize| c.operands().get(i).map(|w| w.value.as_str());
    // A `match`: asked of every command.
    match c.name.as_str() {
        // exim's messages removed, given up or marked delivered, or every
        // delivery of a queue run discarded as if made (`exim -N -qff`).
        "exim" | "exim4" => {
            c.flag(&["-Mrm", "-Mg", "-Mmad"])
                || c.flag(&["-N"])
                    && c.values()
                        .any(|v| v.starts_with("-q") || v.starts_with("-M"))
        }
        // OpenLDAP's database written behind the running server's back
        // (`slapadd -l people.ldif`); `-u` only rehearses.
        "slapadd" | "slapmodify" | "slapdelete" => !c.flag(&["-u"]),
        // Windows Installer told to remove a product (`msiexec /x {GUID}`).
        // A router's or switch's state cleared (`clear bgp neighbor
        // 10.0.0.1`, `clear network-access aaa subscriber …`): sessions,
        // routes or counters gone. The terminal's `clear` takes no
        // operand but its terminal type's (`clear -T xterm`).
        "clear" => c.operands().len() > c.option_values(&["-T"]).len(),
        "msiexec" | "msiexec.exe" => c
            .values()
            .any(|v| v.eq_ignore_ascii_case("/x") || v.eq_ignore_ascii_case("/uninstall")),
        "rclone" => {
            word(0) == Some("dedupe")
                && c.full_option_values(&["--dedupe-mode"])
                    .iter()
                    .any(|m| !matches!(*m, "interactive" | "list"))
                && !super::dryrun::rehearses_as(&c.name, c.args())
        }
        "b2" => word(0) == Some("hide-file") || word(0) == Some("file") && word(1) == Some("hide"),
        "drush" => matches!(word(0), Some("sql:sanitize" | "sql-sanitize" | "sqlsan")),
        // Laravel's application key replaced where it is in use (`php
        // artisan key:generate --force`: what it encrypted no longer
        // opens), Doctrine's schema made to match the code in the
        // database (`bin/console doctrine:schema:update --force`: tables
        // and columns the code lacks are dropped; `--dump-sql` alone
        // only prints it).
        "php" | "artisan" | "sail" | "console" | "symfony" => {
            let said = |name: &str| c.operands().iter().take(3).any(|w| w.value == name);
            c.flag(&["--force"]) && (said("key:generate") || said("doctrine:schema:update"))
                // Doctrine's fixtures loaded into a database emptied first
                // (`--append` keeps what is there).
                || said("doctrine:fixtures:load") && !c.flag(&["--append"])
        }
        // A FlexLM or RLM license server shut down, or a user's license
        // taken back (`lmutil lmdown -c 27000@lic -q`, `lmremove`,
        // `rlmutil rlmdown -c 5053@lic01 -q`): every render or build
        // waiting on it stops.
        "lmutil" => matches!(word(0), Some("lmdown" | "lmremove")),
        "rlmutil" => matches!(word(0), Some("rlmdown" | "rlmremove")),
        // OpenCue's jobs terminated, their frames killed or eaten
        // (`cueman -term hbr_s01-sh040-lgt_v007`): renders lost.
        "cueman" => c.flag(&["-term", "-kill", "-eat"]),
        "lmdown" | "lmremove" => true,
        // IBM MQ's messages taken off a queue as they are saved
        // (`dmpmqmsg -I Q` is a destructive get; `-i` only browses).
        "dmpmqmsg" => c.flag(&["-I"]),
        // A CodePush deployment's release history cleared (`appcenter
        // codepush deployment clear -a acme/app Staging`).
        "appcenter" | "code-push" => {
            c.operands().iter().take(3).any(|w| w.value == "deployment")
                && c.operands().iter().take(4).any(|w| w.value == "clear")
        }
        // The discovery messages a device left on the broker, removed
        // (`esphome clean-mqtt garage.yaml`): the home's dashboards lose it.
        "esphome" => word(0) == Some("clean-mqtt"),
        // iRODS's data objects removed (`irm -rf`), their replicas trimmed
        // (`itrim -N 1`), its trash emptied.
        "irm" | "itrim" | "irmtrash" => !super::dryrun::rehearses_as(&c.name, c.args()),
        // 389 Directory Server's instance removed (only with `--do-it`;
        // without, a rehearsal) or its database replaced from a file.
        "dsctl" => matches!(word(1), Some("ldif2db" | "bak2db")),
        // SpamAssassin's learned database cleared, or replaced by a backup.
        "sa-learn" => c.flag(&["--clear", "--restore"]),
        // A test build running on the vendor's grid, stopped for good.
        "browserstack-cypress" => word(0) == Some("stop"),
        // The kernel's ring buffer emptied (`dmesg -c`, `-C`): what it
        // logged since boot is gone.
        "dmesg" => c.flag(&["-c", "-C", "--clear", "--read-clear"]),
        // Synced runs' local folders deleted (`wandb sync --clean`).
        "wandb" => word(0) == Some("sync") && c.flag(&["--clean"]),
        // An IBM MQ queue manager deleted with its queues and logs.
        "dltmqm" => true,
        // Elasticsearch's and OpenSearch's offline node tools, each unsafe
        // by their manuals: a node's data repurposed, its cluster left or
        // bootstrapped anew, settings removed from its state.
        "elasticsearch-node" | "opensearch-node" => matches!(
            word(0),
            Some(
                "repurpose"
                    | "unsafe-bootstrap"
                    | "detach-cluster"
                    | "override-version"
                    | "remove-settings"
                    | "remove-customs"
            )
        ),
        // GDAL's vector copy told to replace the layer it writes, in a
        // database (`ogr2ogr -overwrite -f PostgreSQL PG:"host=…" x.gpkg`):
        // the table's rows are dropped first.
        "ogr2ogr" => {
            c.flag(&["-overwrite"])
                && c.operands().iter().any(|w| {
                    let v = w.value.as_str();
                    [
                        "PG:",
                        "postgresql://",
                        "postgres://",
                        "MySQL:",
                        "MSSQL:",
                        "OCI:",
                    ]
                    .iter()
                    .any(|p| v.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p)))
                })
        }
        // A schema emptied by a build tool's migration task (`./gradlew
        // flywayClean`, `mvn flyway:clean`, `liquibaseDropAll`).
        "gradle" | "gradlew" | "mvn" | "mvnw" => c.operands().iter().any(|w| {
            matches!(
                w.value.as_str(),
                "flywayClean" | "flyway:clean" | "liquibaseDropAll" | "liquibase:dropAll"
            )
        }),
        _ => false,
    }
}

/// Whether `puppet` applies a configuration to this machine or another:
/// `apply`, `agent`, `device`, a module installed, or a resource set
/// (`puppet resource package nginx ensure=absent`). Its parser, lint,
/// lookups, facts and help change nothing.
pub(super) fn puppet_applies(c: &Cmd<'_>) -> bool {
    let ops = c.operands();
    match ops.first().map(|w| w.value.as_str()) {
        Some("apply" | "agent" | "device" | "filebucket" | "ssl" | "node") => true,
        Some("module") => ops
            .get(1)
            .is_some_and(|w| matches!(w.value.as_str(), "install" | "uninstall" | "upgrade")),
        Some("resource") => ops.iter().any(|w| w.value.contains('=')),
        _ => false,
    }
}

/// A Subversion delete of more than this project's files: a repository
/// named by URL (`svn delete https://svn.example/repo/x`, `^/trunk`),
/// which it commits at once in the shared repository, or a path outside
/// the working folder (`svn rm ../other/src`), another working copy's
/// files deleted from the disk.
pub(super) fn remote_operand(c: &Cmd<'_>) -> bool {
    let cwd = c.ctx.cwd.to_string_lossy();
    matches!(c.name.as_str(), "svn")
        && c.operands().iter().skip(1).any(|w| {
            let v = w.value.as_str();
            v.contains("://")
                || v.starts_with("^/")
                || !super::place::at_or_below(&c.ctx.resolve(v), &cwd)
        })
}

/// Whether a command rewrites a store in place by a word of its own,
/// whatever the program: a check told to repair, a schema loaded over a
/// database. Asked by the verb reading after its rehearsals and the tools
/// whose verbs other rules read.
pub(super) fn repairs_or_reloads(c: &Cmd<'_>) -> bool {
    // A check told to repair what it finds (`borg check --repair`,
    // `qemu-img check -r all x.qcow2`): it rewrites the repository, volume
    // or image in place, dropping what it cannot read. Rails' and Rake's
    // tasks that load a schema or fixtures over the database (`rails
    // db:schema:load`, `db:seed:replant`): its tables are dropped and made
    // again, their rows gone. (Words a program prints or sends are text:
    // `echo --repair`.)
    let args = c.args();
    let said = args.iter().enumerate().any(|(i, w)| {
        w.value.len() > 7
            && matches!(
                w.value.as_str(),
                "--repair"
                    | "--auto-repair"
                    | "db:schema:load"
                    | "db:structure:load"
                    | "db:seed:replant"
                    | "db:fixtures:load"
            )
            && !crate::parse::programs::is_message(args, i)
    }) && !matches!(c.name.as_str(), "echo" | "printf");
    said || (c.name == "qemu-img"
        && c.operands().first().is_some_and(|w| w.value == "check")
        && c.flag(&["-r"]))
}

/// A message published to a broker on another machine (`mosquitto_pub -h
/// hub.local -t garage/door/set -m OPEN`, `nats pub -s nats://prod:4222
/// orders.new …`, `kafka-console-producer --bootstrap-server prod:9092`):
/// whatever subscribes acts on it, a device, a service or a pipeline. To
/// the tool's default broker, on this machine, or one on loopback, it is
/// local work.
fn publishes_to_remote_broker(c: &Cmd<'_>) -> bool {
    let sub = || {
        c.operands()
            .first()
            .map(|w| w.value.to_ascii_lowercase())
            .unwrap_or_default()
    };
    let servers: &[&str] = match c.name.as_str() {
        "mosquitto_pub" | "mosquitto_rr" => &["-h", "--host", "-L", "--url"],
        "mqttx" | "mqtt" if matches!(sub().as_str(), "pub" | "publish") => {
            &["-h", "--host", "--hostname"]
        }
        "nats" if matches!(sub().as_str(), "pub" | "publish" | "req" | "request") => {
            &["-s", "--server"]
        }
        "kafka-console-producer" | "kafka-console-producer.sh" => {
            &["--bootstrap-server", "--broker-list"]
        }
        "kcat" | "kafkacat" if c.flag(&["-P"]) => &["-b"],
        // IBM MQ's sample putters: each line read becomes a message on the
        // queue the queue manager serves, whatever consumes it (`amqsput
        // CLAIMS.PAYMENT.REQUEST QMPAYPRD < msg.txt`); `amqsputc` over a
        // client channel.
        "amqsput" | "amqsputc" => return !c.operands().is_empty(),
        "rabbitmqadmin" if sub() == "publish" => &["-H", "--host"],
        "amqp-publish" => &["-u", "--url", "-s", "--server"],
        "redis-cli"
            if c.operands()
                .iter()
                .any(|w| w.value.eq_ignore_ascii_case("publish")) =>
        {
            &["-h", "-u"]
        }
        _ => return false,
    };
    c.option_values(servers).iter().any(|v| {
        // `mqtt://hub.local:1883/topic`, `nats://a:4222,nats://b:4222`.
        v.split(',').any(|url| {
            let rest = url.split_once("://").map_or(url, |(_, r)| r);
            let host = rest.split('/').next().unwrap_or(rest);
            let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
            !host.is_empty() && !super::cmd::is_loopback(host)
        })
    })
}

/// SQL a database client runs that writes a table to another machine
/// (`duckdb -c "COPY orders TO 's3://share/o.parquet'"`, Redshift's
/// `UNLOAD … TO 's3://…'`, BigQuery's `EXPORT DATA OPTIONS(uri='gs://…')`,
/// ClickHouse's `INSERT INTO FUNCTION s3(…)`) or hands its rows to a
/// program (`COPY … TO PROGRAM 'curl …'`): the data leaves, whatever the
/// query reads. A copy from such an address brings data here.
fn sql_sends_away(c: &Cmd<'_>) -> bool {
    if !c.query_console().is_some_and(|q| q.exports) {
        return false;
    }
    let sends = |sql: &str| {
        let sql = sql.to_ascii_lowercase();
        // Each look is bounded (a scheme of a few letters, a host of at
        // most 255 bytes): a line of many ` to ` stays linear.
        let remote = |rest: &str| {
            let rest = rest.trim_start_matches(['\'', '"', ' ']);
            let Some(end) = rest.bytes().take(8).position(|b| b == b':') else {
                return false;
            };
            let (scheme, after) = rest.split_at(end);
            after.strip_prefix("://").is_some_and(|after| {
                let cut = (0..=after.len().min(255))
                    .rev()
                    .find(|&i| after.is_char_boundary(i))
                    .unwrap_or(0);
                let after = &after[..cut];
                let host = after.split(['/', ':']).next().unwrap_or(after);
                matches!(
                    scheme,
                    "s3" | "s3a"
                        | "gs"
                        | "gcs"
                        | "az"
                        | "azure"
                        | "abfs"
                        | "abfss"
                        | "r2"
                        | "hf"
                        | "ftp"
                        | "sftp"
                ) || matches!(scheme, "http" | "https") && !super::cmd::is_loopback(host)
            })
        };
        sql.match_indices(" to ").any(|(i, m)| {
            let rest = sql[i + m.len()..].trim_start();
            rest.starts_with("program") || remote(rest)
        }) || sql.contains("export data") && sql.contains("://")
            || sql.contains("into function")
    };
    c.values().any(sends) || c.command.stdin_text.as_deref().is_some_and(sends)
}

/// A file or data sent with the login saved for the host (`curl -n -T
/// dist/app.tgz https://nexus.acme.io/…`): the upload lands with the
/// person's rights, as a release or a change there.
fn uploads_with_saved_login(c: &Cmd<'_>) -> bool {
    matches!(c.name.as_str(), "curl")
        && (c.flag(&["-n", "--netrc", "--netrc-optional"])
            || !c.option_values(&["--netrc-file"]).is_empty())
        && c.values().any(|v| {
            matches!(
                v,
                "-T" | "--upload-file" | "-F" | "--form" | "-d" | "--data" | "--data-binary"
            ) || v.starts_with("--data")
        })
        && !super::cmd::to_loopback_only(c)
}

/// Whether a word is a mail address (`team@example.com`), not a file
/// named with an `@` (`icon@2x.png`).
pub(super) fn is_address(v: &str) -> bool {
    let Some((local, domain)) = v.split_once('@') else {
        return false;
    };
    let tld = domain.rsplit('.').next().unwrap_or("");
    !local.is_empty()
        && domain.contains('.')
        && domain
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
        && tld.len() >= 2
        && tld.chars().all(|c| c.is_ascii_alphabetic())
        && !matches!(
            tld,
            "png" | "jpg" | "jpeg" | "gif" | "svg" | "webp" | "pdf" | "txt" | "json" | "ico"
        )
}

/// The verbs [`destroys_joined`] reads joined to what they delete.
const JOINED_DESTROY_VERBS: &[&str] = &[
    "delete", "remove", "destroy", "purge", "drop", "wipe", "erase", "del", "kill", "suspend",
    "rm", "truncate",
];

/// Whether a word deletes, written as one word with what it deletes
/// (`rclone deletefile`, `rdfind -deleteduplicates`, `removeall`).
// (Inlined where it is asked: it is asked of every part of every word.)
#[inline(always)]
pub(super) fn destroys_joined(part: &str) -> bool {
    const WHAT: &[&str] = &[
        "file",
        "files",
        "all",
        "dir",
        "dirs",
        "object",
        "objects",
        "key",
        "keys",
        "item",
        "items",
        "user",
        "users",
        "repo",
        "repos",
        "db",
        "database",
        "table",
        "tables",
        "branch",
        "tag",
        "tags",
        "volume",
        "volumes",
        "bucket",
        "buckets",
        "account",
        "node",
        "nodes",
        "everything",
        "duplicates",
        "version",
        "versions",
        "snapshot",
        "snapshots",
        // `pg_dropcluster`, `dropschema`, `removeindex`.
        "cluster",
        "clusters",
        "schema",
        "index",
        "role",
        "namespace",
        "instance",
        "instances",
        "disk",
        "partition",
        // `reprepro removematched`, `removesrc`, `removefilter`.
        "matched",
        "filter",
        "src",
        "package",
        "packages",
        "image",
        "images",
        // `rpmdev-wipetree`.
        "tree",
        // A web host's accounts, zones and mailboxes (`whmapi1 removeacct`,
        // `killacct`, `suspendacct`, `rndc delzone`, `delrecord`).
        "acct",
        "zone",
        "zones",
        "record",
        "records",
        "domain",
        "mailbox",
        "vhost",
        // Windows's certificate and credential stores (`certutil
        // -delstore`, `delcert`).
        "store",
        "cert",
        "certs",
        "credential",
        "credentials",
        // iRODS's users, groups and storage resources (`iadmin rmuser`,
        // `rmgroup`, `rmresc`).
        "group",
        "groups",
        "resc",
        // A folder's whole tree (`->deleteRecursive("public://styles")`,
        // `removeRecursively`).
        "recursive",
        "recursively",
        // What nothing refers to any more, gone for good (`reprepro
        // deleteunreferenced`, `removeunused`, `purgeorphans`).
        "unreferenced",
        "unused",
        "orphans",
        "orphaned",
        "expired",
        "layer",
        "layers",
        // Many at once (`rd executions deletebulk`, `deletebatch`).
        "bulk",
        "batch",
        "many",
        // A platform's projects, workspaces, apps, sites and datasets
        // (`dx rmproject`, `deleteworkspace`, `removedataset`).
        "project",
        "projects",
        "workspace",
        "workspaces",
        "app",
        "apps",
        "site",
        "sites",
        "dataset",
        "datasets",
    ];
    // What is reset as one word with it (`rocm-smi --gpureset`,
    // `factoryreset`); `preset` is no reset.
    const RESET: &[&str] = &["gpu", "factory", "device", "hard", "all", "db", "disk"];
    // Only a part that begins as one of the verbs is looked at further
    // (a test checks the letters are theirs).
    let may_be_verb = matches!(
        part.as_bytes().first(),
        Some(b'd' | b'r' | b'p' | b'w' | b'e' | b'k' | b's')
    ) || part.starts_with("truncate");
    // A verb made wholesale (`gwc/rest/masstruncate`, `bulkdelete`,
    // `forceremove`, `harddelete`): eight letters at least.
    let wholesale = part.len() >= 8
        && matches!(part.as_bytes().first(), Some(b'm' | b'b' | b'f' | b'h'))
        && ["mass", "bulk", "batch", "force", "hard"]
            .iter()
            .any(|how| {
                part.strip_prefix(how).is_some_and(|verb| {
                    matches!(
                        verb,
                        "delete"
                            | "remove"
                            | "destroy"
                            | "purge"
                            | "drop"
                            | "wipe"
                            | "erase"
                            | "truncate"
                    )
                })
            });
    wholesale
        || may_be_verb
            && JOINED_DESTROY_VERBS.iter().any(|verb| {
                // `deletelocalsnapshots`: what it deletes, maybe qualified.
                part.strip_prefix(verb)
            .is_some_and(|rest| {
                rest.len() <= 24
                    && WHAT.iter().any(|w| rest.ends_with(w))
                    // `rmdir` removes only an empty folder.
                    && !(*verb == "rm" && rest.ends_with("dir"))
            })
            // A remote side's (`osc rdelete`, `rremove`).
            || part.strip_prefix('r') == Some(verb)
            })
        || part
            .strip_suffix("reset")
            .is_some_and(|what| RESET.contains(&what))
}

/// Whether a word sends or pays, written as one word with what it sends
/// (`bitcoin-cli sendtoaddress`, `sendmany`, `lncli payinvoice`): money
/// or a message gone cannot be called back.
pub(super) fn sends_joined(part: &str) -> bool {
    const WHAT: &[&str] = &[
        "to",
        "many",
        "from",
        "raw",
        "all",
        "coin",
        "fund",
        "money",
        "payment",
        "invoice",
        "keysend",
        "transaction",
        "tx",
        "token",
        "asset",
        "email",
        "message",
    ];
    ["send", "pay"].iter().any(|verb| {
        part.strip_prefix(verb)
            .is_some_and(|rest| WHAT.iter().any(|w| rest.starts_with(w)))
    })
}

/// What a fastlane action does (`fastlane ACTION`, `fastlane run ACTION
/// key:value`): those that hand a build to a store or its testers
/// (`supply --track production`, `pilot upload`) or change the developer
/// portal (`match` making certificates and pushing them to their
/// repository unless read-only, `get_certificates`, `produce` creating or
/// changing an App ID, `register_devices`). Their checks, lists and help
/// (`supply --validate_only true`, `pilot builds`, `fastlane action
/// NAME`) do nothing; None for an action this does not know (a lane).
pub(super) fn fastlane_action(c: &Cmd<'_>, words: &[&str]) -> Option<Option<Does>> {
    let (action, rest) = match words {
        ["run", action, rest @ ..] | [action, rest @ ..] => (*action, rest),
        [] => return None,
    };
    // An option's value as the command line or `run` spells it
    // (`--readonly false`, `readonly:true`): set only when every spelling
    // given says so.
    let set = |key: &str| {
        let given: Vec<&str> = c
            .values()
            .zip(c.values().skip(1).chain([""]))
            .filter_map(|(w, next)| {
                let w = w.trim_start_matches('-');
                w.strip_prefix(key)
                    .and_then(|v| match v.strip_prefix([':', '=']) {
                        Some(v) => Some(v),
                        None if v.is_empty() => Some(if matches!(next, "true" | "false") {
                            next
                        } else {
                            "true"
                        }),
                        None => None,
                    })
            })
            .collect();
        !given.is_empty() && given.iter().all(|v| *v != "false")
    };
    match action {
        "action" | "actions" | "search_plugins" | "docs" | "env" | "list" | "lanes" => Some(None),
        "supply" | "upload_to_play_store" if set("validate_only") => Some(None),
        "pilot" | "testflight" | "upload_to_testflight"
            if rest
                .first()
                .is_some_and(|w| matches!(*w, "builds" | "list" | "export")) =>
        {
            Some(None)
        }
        "match" | "sync_code_signing" | "sigh" | "get_provisioning_profile" if set("readonly") => {
            Some(None)
        }
        "supply"
        | "upload_to_play_store"
        | "upload_to_app_store"
        | "upload_to_testflight"
        | "pilot"
        | "appstore"
        | "deliver"
        | "testflight"
        | "match"
        | "sync_code_signing"
        | "sigh"
        | "get_provisioning_profile"
        | "cert"
        | "get_certificates"
        | "produce"
        | "create_app_online"
        | "register_device"
        | "register_devices" => Some(Some(Does::Deploys)),
        _ => None,
    }
}

/// An API's operation named verb first (`aws s3api create-bucket`, `aws
/// ec2 run-instances`, `talosctl apply-config`, `aws iam
/// attach-user-policy`, `gcloud compute instances add-tags`): what it does
/// to the account. Not `set-…` (`kubectl config set-context` edits the
/// local kubeconfig).
pub(super) fn api_operation(word: &str) -> bool {
    word.split_once('-').is_some_and(|(verb, _)| {
        matches!(
            verb,
            "create"
                | "update"
                | "put"
                | "modify"
                | "run"
                | "stop"
                | "restart"
                | "scale"
                | "apply"
                | "patch"
                | "upgrade"
                | "attach"
                | "detach"
                | "add"
                | "remove"
                | "associate"
                | "disassociate"
                | "enable"
                | "disable"
                | "reset"
                | "reboot"
                | "start"
                | "tag"
                | "untag"
                | "assign"
                | "unassign"
                | "grant"
                | "revoke"
                | "import"
                | "register"
                | "deregister"
                | "restore"
                | "failover"
        )
    })
}

/// A checkout forced over the files there, by any version or data tool
/// but git, whose own rules judge it (`dvc checkout --force`, `svn
/// checkout --force`): changes not yet saved are overwritten.
fn forced_checkout(c: &Cmd<'_>) -> bool {
    c.name != "git"
        && c.operands().first().is_some_and(|w| w.value == "checkout")
        && c.flag(&["-f", "--force"])
}

/// An account given an administrator's or owner's role, whatever the
/// tool (`velociraptor user add --role administrator ir-temp`, `wp user
/// create bob b@x.io --role=administrator`): who may do anything there
/// changes. A listing by role (`user list --role admin`) changes nothing.
fn grants_admin_role(c: &Cmd<'_>) -> bool {
    const ADMIN: &[&str] = &[
        "admin",
        "admins",
        "administrator",
        "administrators",
        "owner",
        "owners",
        "superuser",
        "superadmin",
        "root",
        "cluster-admin",
        "org-admin",
        "org_admin",
    ];
    let grants = c.operands().iter().any(|w| {
        let v = w.value.as_str();
        // (`p:user:make`, `user:create`: a framework's command by parts.)
        let last = v.rsplit(':').next().unwrap_or(v);
        matches!(
            v,
            "add" | "create" | "invite" | "grant" | "assign" | "set" | "update" | "new" | "bind"
        ) || v.contains(':') && matches!(last, "make" | "create" | "add" | "new")
    });
    // An administrator's flag (`--admin=1`, `--superuser`), or a role.
    let flagged = c.args().iter().any(|w| {
        let v = w.value.as_str();
        matches!(v, "--admin" | "--superuser" | "--is-admin")
            || v.strip_prefix("--admin=")
                .is_some_and(|x| matches!(x.to_ascii_lowercase().as_str(), "1" | "true" | "yes"))
    });
    grants
        && !super::dryrun::rehearses_as(&c.name, c.args())
        && (flagged
            || c.full_option_values(&["--role", "--roles"])
                .iter()
                .any(|v| {
                    v.split([',', '/', ':'])
                        .any(|p| ADMIN.iter().any(|a| p.eq_ignore_ascii_case(a)))
                }))
}

/// Something made readable by anyone, whatever the tool (`gh repo create
/// x --public --push`, `gh repo edit --visibility public`, `gh gist create
/// --public`, `s3cmd setacl --acl-public`, `aws s3 cp f s3://b --acl
/// public-read`): it cannot be made secret again. A listing of public
/// things (`gh repo list --public`) changes nothing.
fn makes_public(c: &Cmd<'_>) -> bool {
    let changes = c.operands().iter().take(3).any(|w| {
        matches!(
            w.value.as_str(),
            "create"
                | "edit"
                | "update"
                | "set"
                | "setacl"
                | "put"
                | "cp"
                | "copy"
                | "sync"
                | "upload"
                | "share"
                | "new"
                | "add"
                | "mb"
                | "ch"
        )
    });
    let ops = c.operands();
    // A permission tool granting to everyone (`ichmod -r read anonymous
    // /zone/results`, `icacls share /grant Everyone:F`).
    let everyone = |v: &str| {
        ["anonymous", "public", "everyone", "world"]
            .iter()
            .any(|e| v.eq_ignore_ascii_case(e))
            || v.get(..9)
                .is_some_and(|p| p.eq_ignore_ascii_case("everyone:"))
    };
    if (c.name.ends_with("chmod") && c.name != "chmod"
        || matches!(c.name.as_str(), "icacls" | "icacls.exe"))
        && ops.iter().any(|w| everyone(&w.value))
    {
        return true;
    }
    changes
        && (c.flag(&["--public", "--acl-public"])
            // Said as a word (`mc anonymous set public minio/b`, `mc
            // anonymous set download …`), or granted to everyone (`gsutil
            // iam ch allUsers:objectViewer gs://b`).
            || ops.iter().take(4).any(|w| {
                w.value.eq_ignore_ascii_case("public")
                    || w.value.starts_with("allUsers:")
                    || w.value.starts_with("allAuthenticatedUsers:")
            })
            || ops.first().is_some_and(|w| w.value == "anonymous")
                && ops.iter().take(4).any(|w| matches!(w.value.as_str(), "download" | "upload"))
            || c.full_option_values(&["--visibility", "--acl", "--access", "--canned-acl"])
                .iter()
                .any(|v| {
                    ["public", "public-read", "public-read-write"]
                        .iter()
                        .any(|p| v.eq_ignore_ascii_case(p))
                }))
}

/// Whether anonymous Apex may change the org: code from a file or typed
/// later, or code on stdin that writes records (DML), calls out, or
/// queues or schedules work. Code that only queries and prints
/// (`System.debug([SELECT COUNT() FROM Account])`) changes nothing.
fn apex_may_change(c: &Cmd<'_>) -> bool {
    let Some(code) = c.command.stdin_text.as_deref() else {
        return true;
    };
    let code = code.to_ascii_lowercase();
    [
        "insert",
        "update",
        "delete",
        "upsert",
        "merge",
        "undelete",
        "database.",
        "http",
        "enqueuejob",
        "schedule",
        "messaging.",
        "executebatch",
        "eventbus",
    ]
    .iter()
    .any(|k| code.contains(k))
}

/// Whether Jenkins' CLI (`java -jar jenkins-cli.jar -s URL COMMAND`) is
/// told anything but to look: a restart, a shutdown, a job built,
/// deleted or disabled, a plugin installed, a Groovy script run on the
/// controller. Its `get-…`, `list-…`, `who-am-i`, `version`, `help`
/// and `console` only show.
fn jenkins_cli_changes(c: &Cmd<'_>) -> bool {
    let args = c.args();
    let Some(jar) = args.iter().position(|w| w.value == "-jar") else {
        return false;
    };
    if !args
        .get(jar + 1)
        .is_some_and(|w| w.value.ends_with("jenkins-cli.jar"))
    {
        return false;
    }
    let mut rest = args.iter().skip(jar + 2).map(|w| w.value.as_str());
    while let Some(v) = rest.next() {
        if matches!(v, "-s" | "-auth" | "-i" | "-user" | "-logger" | "-bearer") {
            rest.next();
        } else if !v.starts_with('-') {
            return !(v.starts_with("get-")
                || v.starts_with("list-")
                || matches!(
                    v,
                    "who-am-i" | "version" | "help" | "console" | "session-id"
                ));
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A joined verb is looked for only in a part that begins with one of
    /// these letters: each verb must begin with one, and each verb joined
    /// to what it deletes is read, with its remote form.
    #[test]
    fn joined_verbs_begin_with_the_letters_looked_for() {
        for verb in JOINED_DESTROY_VERBS {
            assert!(destroys_joined(&format!("{verb}files")), "{verb}");
            assert!(destroys_joined(&format!("r{verb}")), "{verb}");
        }
        assert!(!destroys_joined("rmdir"));
        for (part, destroys) in [
            ("masstruncate", true),
            ("bulkdelete", true),
            ("forceremove", true),
            ("truncatetable", true),
            ("deleteunreferenced", true),
            ("massive", false),
            ("forcedeleted", false),
            ("bulkload", false),
        ] {
            assert_eq!(destroys_joined(part), destroys, "{part}");
        }
        assert!(!destroys_joined("listfiles"));
        assert!(destroys_joined("factoryreset"));
    }
}
