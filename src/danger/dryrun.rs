//! Rehearsals: a command told to only show what it would do (`git
//! push --dry-run`, `rsync -n`) changes nothing, so the rules that ask
//! about its change leave it alone, unless the line takes it back.

use crate::parse::{Word, option_values, programs};

/// True when a command is told to only rehearse (`-n`, `--dry-run`), and
/// nothing later on its line takes that back (`--no-dry-run`,
/// `--dry-run=false`): a rehearsal changes nothing.
pub(super) fn dry_run(tool: &str, args: &[Word], short_n: bool) -> bool {
    // (`--dry_run` as absl's flags spell it: `bq query --dry_run`.)
    let flags: &[&str] = if short_n {
        &["-n", "--dry-run", "--dry_run"]
    } else {
        &["--dry-run", "--dry_run"]
    };
    // Text given to a message option is no option (`gh release create v2
    // --notes '--dry-run'` publishes); nor is any option's value (`rsync
    // --exclude --dry-run` deletes).
    let told = option_values::has_rehearsal_flag(tool, args, flags);
    told && dry_run_not_taken_back(args)
}

/// True when a command only prints its help or version, or only rehearses
/// or previews what it would do, by the conventions tools share: `--help`,
/// `--version`, `--dry-run` (`--dryrun`, `--dry-run=client`), `--noop`,
/// `--simulate`, `--what-if`, `--generate-cli-skeleton`. For the rules
/// about tools askrisky has no table for; a tool it knows has its own
/// rehearsal forms (`rsync -n`) in its rules.
///
/// `not_one` is a tool's own option that means something else there
/// (httpie's `--print` chooses what of the exchange is shown).
fn rehearses(tool: &str, args: &[Word], not_one: &str) -> bool {
    let mut saw = false;
    for (i, w) in args.iter().enumerate() {
        let v = w.value.as_str();
        if v == "--" {
            break;
        }
        // Text given to a message option, or the value of any option
        // before it (`--field-manager --dry-run=server` applies).
        if programs::is_message(args, i) || option_values::may_be_value(tool, args, i) {
            continue;
        }
        // Every form below is an option.
        if !v.starts_with('-') {
            continue;
        }
        let name = v.split('=').next().unwrap_or(v);
        if name == not_one || is_file_value(tool, args, i) {
            continue;
        }
        // Taken back where it is said (`--help=false`, `--dry-run=0`):
        // the command runs.
        if v.split_once('=').is_some_and(|(_, x)| says_no(x)) {
            continue;
        }
        match name {
            // `--version 42` (`fastly service-version activate --version
            // 42`) and `--version=1.2` name a version: none is printed.
            "--version" | "-version"
                if v.contains('=') || args.get(i + 1).is_some_and(|n| !n.value.starts_with('-')) => {}
            "--help"
            | "-help"
            | "--version"
            | "-version"
            | "--noop"
            | "--simulate"
            | "--what-if"
            | "--whatif"
            | "--generate-cli-skeleton"
            // OCI's: the request's input template printed, nothing sent.
            | "--generate-full-command-json-input"
            | "--generate-param-json-input"
            | "--dryrun"
            | "--assumeno"
            | "--just-print"
            | "--no-act"
            // opkg's (`opkg --noaction remove dropbear`).
            | "--noaction"
            | "--pretend"
            | "--preview-only"
            // Fetched into a cache, nothing installed or deployed
            // (`rpm-ostree upgrade --download-only`, `flatpak update
            // --no-deploy`, `dnf upgrade --downloadonly`).
            | "--download-only"
            | "--downloadonly"
            | "--no-deploy"
            | "--print" => {
                saw = true;
            }
            // Vault prints the request as curl, or the policy it needs,
            // and sends nothing.
            "-output-curl-string" | "--output-curl-string" | "-output-policy"
            | "--output-policy"
                if tool == "vault" =>
            {
                saw = true;
            }
            // The Zowe CLI's: the command's inputs shown, nothing sent.
            "--show-inputs-only" if tool == "zowe" => saw = true,
            // goreleaser's snapshot builds here and publishes nothing;
            // elsewhere `--snapshot` names one (`timeshift --delete
            // --snapshot NAME`).
            "--snapshot" if tool == "goreleaser" => saw = true,
            // `--skip=publish` (goreleaser) keeps what it builds here.
            "--skip" if v.contains("publish") => saw = true,
            // (Hugo's and other Go tools' camel-case spelling: `hugo deploy
            // --dryRun`.)
            // (MinIO's client only says what it would do: `mc rm -r --force
            // --fake b/old/`.)
            "--dry-run" | "--dryRun" | "--fake" if name != "--fake" || tool == "mc" => {
                // `--dry-run=none` (kubectl) runs for real.
                let value = v.split_once('=').map(|(_, x)| x.to_ascii_lowercase());
                if !matches!(
                    value.as_deref(),
                    Some("none" | "false" | "0" | "no" | "off")
                ) {
                    saw = true;
                }
            }
            // Maven's release plugin's property (`./mvnw release:prepare
            // -DdryRun=true`); the deploy plugin has none, and `mvn deploy
            // -DdryRun=true` deploys.
            "-DdryRun" => {
                saw |= v.ends_with("=true")
                    && args.iter().any(|w| w.value.starts_with("release:"));
            }
            // The API parameter of Alibaba's and Tencent's command lines
            // (`aliyun ecs DeleteInstance … --DryRun true`): a check of
            // the request only when its value says so.
            "--DryRun" => {
                saw |= args
                    .get(i + 1)
                    .is_some_and(|n| n.value.eq_ignore_ascii_case("true"));
            }
            _ => {}
        }
    }
    // `aws s3 rb help`, `ip route help`: help asked last, by the tools
    // whose convention it is. Elsewhere a last `help` is a name
    // (`kubectl delete ns help` deletes the namespace `help`).
    saw |= args.last().is_some_and(|w| w.literal && w.value == "help")
        && matches!(
            tool,
            "aws" | "awslocal" | "ip" | "tc" | "bridge" | "devlink"
        );
    saw && dry_run_not_taken_back(args)
}

/// Utilities whose options end at the first operand where the environment
/// says so (`POSIXLY_CORRECT`): for them, `--help` after an operand may be
/// an operand, and `rm -rf ~ --help` would delete.
const OPTIONS_END_AT_OPERANDS: &[&str] = &[
    "rm",
    "rmdir",
    "unlink",
    "shred",
    "dd",
    "wipefs",
    "mkswap",
    "mke2fs",
    "chmod",
    "chown",
    "chgrp",
    "mv",
    "cp",
    "ln",
    "install",
    "truncate",
    "tee",
    "find",
    "rsync",
    "tar",
    "sed",
    "kill",
    "pkill",
    "killall",
    "shutdown",
    "reboot",
    "halt",
    "poweroff",
    "systemctl",
    "crontab",
    "fdisk",
    "sfdisk",
    "parted",
    "blkdiscard",
    "sudo",
    "su",
    "doas",
    "env",
    "nohup",
    "xargs",
    "timeout",
    "nice",
    "sh",
    "bash",
    "zsh",
    "dash",
];

/// [`rehearses`], or a tool's own letter for it: `zfs destroy -n`,
/// `apt-get -s purge`, `make -n`, `rsync -n`, `borg prune -n`.
pub(super) fn rehearses_as(name: &str, args: &[Word]) -> bool {
    // Kafka's offset reset prints its plan unless told `--execute` (a dry
    // run is its default).
    if matches!(name, "kafka-consumer-groups" | "kafka-consumer-groups.sh")
        && args.iter().any(|w| w.value == "--reset-offsets")
        && !args.iter().any(|w| w.value == "--execute")
    {
        return true;
    }
    // Doctrine's schema and database changes only print their SQL, or
    // refuse, unless told `--force` (`bin/console doctrine:schema:drop
    // --dump-sql`).
    if matches!(name, "console" | "php" | "symfony")
        && args.iter().take(3).any(|w| {
            matches!(
                w.value.as_str(),
                "doctrine:schema:drop" | "doctrine:database:drop" | "doctrine:schema:update"
            )
        })
        && !args.iter().any(|w| w.value == "--force" || w.value == "-f")
    {
        return true;
    }
    // Moodle's plugin uninstaller only lists what it would remove unless
    // told `--run` (`php admin/cli/uninstall_plugins.php --plugins=x`).
    if name.starts_with("php")
        && args
            .iter()
            .any(|w| w.value.ends_with("admin/cli/uninstall_plugins.php"))
        && !args
            .iter()
            .any(|w| w.value == "-r" || w.value.starts_with("--run"))
    {
        return true;
    }
    // GAM's mail deletions and device commands only preview, or refuse,
    // unless told `doit` (`gam user x delete messages query …`).
    if matches!(name, "gam" | "gamadv-xtd3")
        && args.windows(2).any(|pair| {
            matches!(
                pair[0].value.as_str(),
                "delete" | "trash" | "purge" | "spam" | "modify" | "untrash"
            ) && pair[1].value == "messages"
                || pair[0].value == "issuecommand" && pair[1].value == "command"
        })
        && !args.iter().any(|w| w.value == "doit")
    {
        return true;
    }
    // Deployer's plan of the tasks a deploy would run (`dep deploy
    // production --plan`).
    if name == "dep" && args.iter().any(|w| w.value == "--plan") {
        return true;
    }
    // A transaction built and printed for signing elsewhere (NEAR's
    // `near contract deploy … sign-later`).
    if args.iter().any(|w| w.value == "sign-later") {
        return true;
    }
    // 389-ds removes an instance only when told `--do-it`: without, it
    // says what it would remove (`dsctl slapd-x remove`).
    if name == "dsctl"
        && args
            .iter()
            .filter(|w| !w.value.starts_with('-'))
            .nth(1)
            .is_some_and(|w| w.value == "remove")
        && !args.iter().any(|w| w.value == "--do-it")
    {
        return true;
    }
    // duply's purges and cleanup list what they would delete unless told
    // `--force` (its manual): `duply offsite purge 60D`.
    if name == "duply"
        && args.get(1).is_some_and(|w| {
            matches!(
                w.value.as_str(),
                "purge" | "purgeFull" | "purgeIncr" | "purgeAuto" | "cleanup"
            )
        })
        && !args.iter().any(|w| w.value == "--force")
    {
        return true;
    }
    // Terraform's `state rm -dry-run` and `state mv -dry-run` list what
    // would be forgotten or moved. Only among the options before the
    // first address: past it, Go's flag parsing reads `-dry-run` as an
    // address.
    if matches!(name, "terraform" | "tofu") {
        let mut words = args
            .iter()
            .map(|w| w.value.as_str())
            .skip_while(|v| *v != "state");
        if words.next() == Some("state")
            && matches!(words.next(), Some("rm" | "mv"))
            && words
                .take_while(|v| v.starts_with('-'))
                .any(|v| matches!(v, "-dry-run" | "--dry-run" | "-dry-run=true"))
        {
            return true;
        }
    }
    // Programs with no rehearsal at all (only their help): a `--dry-run`
    // given them is an unknown word or a value, and the act is done (`sapcontrol -nr 00
    // -function StopSystem ALL --dry-run`, `node-red-admin install x
    // --dry-run`).
    if matches!(
        name,
        "sapcontrol"
            | "saphostctrl"
            | "hdbnsutil"
            | "hdb"
            | "stopsap"
            | "startsap"
            | "tp"
            | "racadm"
            | "ipmitool"
            | "node-red-admin"
    ) {
        return rehearses(name, args, "--dry-run");
    }
    // `useradd -D` alone prints the defaults; given a value, it sets them.
    if name == "useradd" && !args.is_empty() && args.iter().all(|w| w.value == "-D") {
        return true;
    }
    // systemctl's `--dry-run` is heard only by its power and target verbs
    // (its manual): `systemctl --dry-run reboot` prints what it would do,
    // `systemctl --dry-run stop nginx` stops nginx.
    if name == "systemctl" {
        let verb = args.iter().find(|w| !w.value.starts_with('-'));
        let heard = verb.is_some_and(|w| {
            matches!(
                w.value.as_str(),
                "halt"
                    | "poweroff"
                    | "reboot"
                    | "kexec"
                    | "suspend"
                    | "hibernate"
                    | "hybrid-sleep"
                    | "suspend-then-hibernate"
                    | "default"
                    | "rescue"
                    | "emergency"
                    | "exit"
            )
        });
        return rehearses(name, args, if heard { "" } else { "--dry-run" });
    }
    let letters: &[&str] = match name {
        "zfs" | "zpool" | "make" | "gmake" | "rsync" | "borg" | "wipefs" | "rclone" => &["-n"],
        // Yocto's devtool shows what it would copy to or remove from the
        // board (`devtool deploy-target -n app root@board`).
        "devtool" => &["-n"],
        // OpenLDAP's offline tools told to write nothing (`slapadd -u`).
        "slapadd" | "slapindex" | "slapmodify" => &["-u"],
        "apt" | "apt-get" | "aptitude" => &["-s", "--just-print", "--recon", "--no-act"],
        // Only `gsutil rsync`'s `-n` rehearses (`cp -n` and `mv -n` do not
        // clobber, and `mv` still moves).
        "gsutil" if gsutil_command(args) == Some("rsync") => &["-n"],
        "sgdisk" => &["-P"],
        "restic" | "fstrim" | "home-manager" => &["-n"],
        "snakemake" => &["-n", "--dry-run", "--dryrun"],
        // rake's dry run names the tasks; kapp's diff run shows the change.
        "rake" => &["-n", "--dry-run", "--dryrun"],
        "kapp" => &["--diff-run"],
        // Salesforce's check-only deploy validates against the org and
        // saves nothing there.
        "sf" | "sfdx" => &["--check-only", "--checkonly", "--dry-run"],
        // A chain's transaction signed or inspected here and not sent
        // (`solana transfer … --sign-only`, `sui client call …
        // --dev-inspect`).
        "solana" | "spl-token" => &["--sign-only", "--dump-transaction-message"],
        "sui" => &["--dev-inspect", "--serialize-unsigned-transaction"],
        "sfdisk" => &["-n"],
        // LVM's test mode: metadata is not written.
        "lvremove" | "lvcreate" | "lvextend" | "lvreduce" | "lvresize" | "lvconvert"
        | "lvchange" | "lvrename" | "vgremove" | "vgcreate" | "vgextend" | "vgreduce"
        | "vgchange" | "vgrename" | "pvremove" | "pvcreate" | "pvmove" | "pvresize"
        | "pvchange" | "vgmerge" | "vgsplit" => &["-t", "--test"],
        // Shown, not made: the parameters a file system would get; which
        // checkers would run; a check that answers "no" to every repair.
        "mkfs.xfs" => &["-N"],
        "mke2fs" | "mkfs.ext2" | "mkfs.ext3" | "mkfs.ext4" => &["-n"],
        "fsck" => &["-N"],
        "e2fsck" | "fsck.ext2" | "fsck.ext3" | "fsck.ext4" | "xfs_repair" => &["-n"],
        // go-task's `--dry` prints the commands; MacPorts' `-y` too.
        "task" | "go-task" => &["--dry"],
        // Gradle's `-m` runs no task, only names them.
        "gradle" | "gradlew" => &["-m", "--dry-run"],
        "port" => &["-y"],
        // macOS's software updates listed or only downloaded.
        "softwareupdate" => &["-l", "--list", "-d", "--download"],
        // Fly's `deploy --build-only` builds the image and releases nothing.
        "fly" | "flyctl" => &["--build-only"],
        // FreeBSD's and IPS's pkg: `pkg delete -n`, `pkg install -n`.
        "pkg" => &["-n", "--dry-run"],
        // Portage's pretend.
        "emerge" => &["-p", "--pretend"],
        "rpm" => &["--test"],
        // Ansible's listings run nothing on the hosts; its syntax check
        // only reads the playbook.
        "ansible" | "ansible-playbook" => &[
            "--list-hosts",
            "--list-tasks",
            "--list-tags",
            "--syntax-check",
        ],
        // Void's `xbps-remove -n` lists what it would remove.
        "xbps-remove" | "xbps-install" => &["-n", "--dry-run"],
        // Homebrew's `cleanup -n`/`--dry-run` lists what it would remove.
        "brew" => &["-n", "--dry-run"],
        // pacman's and its helpers' `-p`/`--print` name the targets only.
        "pacman" | "yay" | "paru" => &["-p", "--print", "-h", "--help"],
        // act's `-n`/`--dryrun`: the workflow's jobs are planned, no
        // container is started.
        "act" => &["-n", "--dryrun"],
        // OpenLDAP's changers' `-n`: what would change is shown, nothing
        // is sent to the directory.
        "ldapdelete" | "ldapmodify" | "ldapadd" | "ldapmodrdn" => &["-n"],
        // avrdude's `-n`: nothing is written to the chip.
        "avrdude" => &["-n"],
        // udevadm's `trigger -n`: the devices are listed, no event is sent.
        "udevadm" => &["-n", "--dry-run"],
        // logrotate's debug mode rotates nothing ("implies -v", its manual).
        "logrotate" => &["-d", "--debug"],
        // modprobe's `-n` goes through the motions, loading nothing.
        "modprobe" => &["-n", "--dry-run", "--show"],
        // aptly's Go flags (`aptly db cleanup -dry-run`).
        "aptly" => &["-dry-run", "-dry-run=true", "--dry-run"],
        _ => &[],
    };
    // httpie's `--offline` builds the request and sends nothing.
    let letters: &[&str] = match name {
        "http" | "https" | "xh" | "xhs" => &["--offline"],
        _ => letters,
    };
    // An option the tool takes for something else, or does not honour
    // everywhere: httpie's `--print` chooses what is shown; gpg's
    // `--dry-run` is "not completely implemented" (its manual), and
    // `--delete-secret-keys` still deletes.
    let own = match name {
        "http" | "https" | "xh" | "xhs" => "--print",
        "gpg" | "gpg2" => "--dry-run",
        _ => "",
    };
    rehearses(name, args, own)
        || !letters.is_empty()
            && option_values::has_rehearsal_flag(name, args, letters)
            && dry_run_not_taken_back(args)
        || acts_only_when_told(name, args)
}

/// Tools that only show what they would remove until told to act: `oc adm
/// prune` without `--confirm`, `duplicity remove-older-than` without
/// `--force` (`brew bundle cleanup` likewise: see `verbs`).
fn acts_only_when_told(name: &str, args: &[Word]) -> bool {
    let words: Vec<&str> = args
        .iter()
        .map(|w| w.value.as_str())
        .filter(|v| !v.starts_with('-'))
        .collect();
    let (acts, told): (bool, &[&str]) = match (name, words.as_slice()) {
        ("oc", ["adm", "prune", ..]) => (true, &["--confirm"]),
        // Perforce's obliterate lists what it would remove until `-y`.
        ("p4", w) if w.contains(&"obliterate") => (true, &["-y"]),
        ("duplicity", [w, ..]) if w.starts_with("remove-") => (true, &["--force"]),
        // Kopia deletes snapshots only when told `--delete`; Rush publishes
        // only when told `--publish` (each says what it would do).
        ("kopia", ["snapshot" | "snap", "delete" | "expire", ..]) => {
            (true, &["--delete", "--unsafe-ignore-source"])
        }
        ("rush", ["publish", ..]) => (true, &["--publish", "-p"]),
        _ => (false, &[]),
    };
    acts && !args.iter().any(|w| {
        told.iter()
            .any(|t| w.value == *t || w.value.starts_with(&format!("{t}=")))
    })
}

/// Whether `cryptsetup` is told only to show a header or a mapping
/// (`luksDump`, `isLuks`, `status`, the other formats' dumps): its first
/// word that is no option. A dump of the volume key is the key itself.
pub(super) fn cryptsetup_only_shows(name: &str, args: &[Word]) -> bool {
    name == "cryptsetup"
        && args
            .iter()
            .find(|w| !w.value.starts_with('-'))
            .is_some_and(|w| {
                matches!(
                    w.value.as_str(),
                    "luksDump" | "isLuks" | "status" | "tcryptDump" | "bitlkDump" | "fvault2Dump"
                )
            })
        && !args
            .iter()
            .any(|w| w.value.starts_with("--dump-master") || w.value.starts_with("--dump-volume"))
}

/// gsutil's command: its first word that is no option, past the values
/// of its own `-o`, `-h` and `-u`.
fn gsutil_command(args: &[Word]) -> Option<&str> {
    let mut it = args.iter().map(|w| w.value.as_str());
    while let Some(v) = it.next() {
        match v {
            "-o" | "-h" | "-u" => {
                it.next();
            }
            _ if v.starts_with('-') => {}
            _ => return Some(v),
        }
    }
    None
}

/// True when a command only prints its help or its version: `--help` or
/// `--version` (`-V` for the mkfs family) before any operand, or anywhere
/// before `--` for a tool that reads all its options wherever they stand
/// (argparse, cobra, clap, commander: the subcommand CLIs). A program run
/// by its path (`./tool --help`) is not taken at its word: it could be
/// anything.
pub(super) fn prints_only(name: &str, first: Option<&Word>, args: &[Word]) -> bool {
    if first.is_none_or(|w| !w.literal || w.value.contains('/')) {
        return false;
    }
    // `gcloud help projects delete`, `kubectl help`: the help of the
    // subcommand named after it. (A task runner's `help` is a target.)
    if args.first().is_some_and(|w| w.literal && w.value == "help") && !TASK_RUNNERS.contains(&name)
    {
        return true;
    }
    // iproute2's and NetworkManager's help is a last word `help` after
    // the object and verb (`ip route help`, `nmcli connection delete
    // help`): nothing is changed.
    if matches!(name, "ip" | "tc" | "bridge" | "nmcli")
        && args.last().is_some_and(|w| w.literal && w.value == "help")
        && args.iter().all(|w| w.literal)
    {
        return true;
    }
    // Looked up only when a word asks for help: most lines have none.
    // A package runner's words after the package are the package's: it is
    // fetched and run to print its help (`npx --yes pkg@latest --version`).
    let strict = || {
        OPTIONS_END_AT_OPERANDS.contains(&name)
            || name.starts_with("mkfs")
            || matches!(name, "npx" | "pnpx" | "bunx" | "uvx" | "pipx")
    };
    // The same for a tool's `run` of a program, a module or an image:
    // the words after what it runs are that program's (`go run
    // github.com/a/tool@latest --help`, `docker run img --help`), while
    // the tool's own help stands before it (`go run --help`).
    let runs = matches!(
        name,
        "go" | "deno"
            | "bun"
            | "cargo"
            | "uv"
            | "poetry"
            | "pdm"
            | "hatch"
            | "docker"
            | "podman"
            | "nerdctl"
            | "pnpm"
            | "yarn"
            | "npm"
    ) && args
        .first()
        .is_some_and(|w| matches!(w.value.as_str(), "run" | "exec" | "x" | "dlx"));
    let mut operands = 0;
    for (i, w) in args.iter().enumerate() {
        let v = w.value.as_str();
        if v == "--" || !w.literal {
            return false;
        }
        // `--version 1.0.0` (`cargo yank`, `cargo install`) names a
        // version: it asks for none.
        let valued = args.get(i + 1).is_some_and(|n| !n.value.starts_with('-'));
        // `-h` is help to the subcommand CLIs when it ends the line (not to
        // `shutdown -h`, nor `df -h`, which print nothing dangerous).
        let last_h = v == "-h" && i + 1 == args.len() && !strict();
        let asks_help = matches!(v, "--help" | "-help")
            || last_h
            || (matches!(v, "--version" | "-version") && !valued)
            || (v == "-V" && (name.starts_with("mkfs") || name == "mke2fs" || name == "mkswap"))
            // Windows's own tools print their help for `/?` and do
            // nothing else (`reg delete '/?'`). Only theirs, and only
            // quoted: to bash an unquoted `/?` is a pattern, which names
            // files in `/` or, after `shopt -s nullglob`, nothing at all
            // (`reg delete KEY /f /?` would then delete).
            || (v == "/?" && !w.glob && programs::is_windows_tool(name));
        // (Not a message's text: `--reason --help` is the reason.)
        if asks_help && !is_file_value(name, args, i) && !programs::is_message(args, i) {
            return !(operands > 0 && strict() || operands > 1 && runs);
        }
        operands += usize::from(!v.starts_with('-'));
    }
    false
}

/// Whether the word at `i` is the value of the option before it: a file
/// name however it is spelled (`--file`, `--output`, or tar's letters
/// ending in `f`: `tar -czf --help ~/.aws` writes an archive named
/// `--help`), a credential, a user or a host (`ipmitool -U admin -P
/// --help chassis power cycle` logs in with the password `--help` and
/// power-cycles the machine). (`rm -f --help` prints help: `-f` is no
/// file there.)
fn is_file_value(name: &str, args: &[Word], i: usize) -> bool {
    let Some(before) = i.checked_sub(1).and_then(|b| args.get(b)) else {
        return false;
    };
    let b = before.value.as_str();
    matches!(
        b,
        "--file"
            | "--output"
            | "--password"
            | "--passwd"
            | "--pass"
            | "--token"
            | "--secret"
            | "--user"
            | "--username"
            | "--host"
            | "--hostname"
    ) || name == "ipmitool"
        && matches!(
            b,
            "-H" | "-U"
                | "-P"
                | "-I"
                | "-p"
                | "-L"
                | "-f"
                | "-k"
                | "-y"
                | "-C"
                | "-t"
                | "-b"
                | "-T"
                | "-B"
                | "-l"
                | "-m"
                | "-o"
                | "-O"
                | "-R"
                | "-N"
                | "-A"
                | "-e"
                | "-z"
        )
        || name == "tar"
            && !b.starts_with("--")
            && b.trim_start_matches('-').ends_with('f')
            && b.trim_start_matches('-')
                .bytes()
                .all(|c| c.is_ascii_alphabetic())
}

/// Programs whose first word names a target or task of the project's,
/// which may be called `help` and do anything; and sbt, whose every word
/// is a command run in turn (`sbt help publish` publishes).
const TASK_RUNNERS: &[&str] = &[
    "sbt", "make", "gmake", "just", "task", "rake", "invoke", "mage", "doit", "nox", "tox", "npm",
    "pnpm", "yarn", "bun", "deno", "cargo", "poetry", "pdm", "hatch", "uv",
];

/// Whether an option's value says no (`false`, `0`, `no`, `off`,
/// `none`, in any case).
fn says_no(v: &str) -> bool {
    ["false", "0", "no", "off", "none"]
        .iter()
        .any(|f| v.eq_ignore_ascii_case(f))
}

/// No `--no-dry-run` later on the line.
/// (Nor `--dry-run=false`: the Go CLIs' flag library lets a later
/// `--dry-run=false` undo an earlier `-n`, as in `rclone purge r: -n
/// --dry-run=false`.)
fn dry_run_not_taken_back(args: &[Word]) -> bool {
    !args.iter().enumerate().any(|(i, w)| {
        w.value.starts_with("--no-dry")
            || w.value.starts_with("--nodry")
            // Told to carry it out as well (Percona's `--print --execute`
            // prints each change and makes it).
            || w.value == "--execute"
            // Its value as the next word, as npm's and many option
            // parsers read a flag's `true`/`false` (`npm publish
            // --dry-run false` publishes).
            || matches!(w.value.as_str(), "--dry-run" | "--dryrun" | "--dry_run")
                && args.get(i + 1).is_some_and(|n| says_no(&n.value))
            || w.value.split_once('=').is_some_and(|(k, v)| {
                matches!(k, "--dry-run" | "--dryrun" | "--dry_run" | "-n") && says_no(v)
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rehearsals() {
        let words = |line: &str| -> Vec<Word> { line.split(' ').map(Word::literal).collect() };
        for (line, short_n, want) in [
            ("-n", true, true),
            ("-n", false, false),
            ("--dry-run", false, true),
            ("--dry", false, true),
            ("--dry-run --no-dry-run", false, false),
            ("--dry-run=false", false, false),
            ("--dry-run=OFF", false, false),
            ("--dry-run=true", false, true),
            ("--dry-run false", false, false),
            ("--dryrun 0", false, false),
            ("--dry-run true", false, true),
            ("-f", true, false),
        ] {
            assert_eq!(dry_run("tool", &words(line), short_n), want, "{line}");
        }
        let prints = |name: &str, line: &str| {
            let first = Word::literal(name);
            prints_only(name, Some(&first), &words(line))
        };
        assert!(rehearses_as("zfs", &words("destroy -nv tank/x@old")));
        // A file named like an option is a file.
        assert!(prints("tar", "--help"));
        for line in [
            "-czf --help x",
            "czf --help x",
            "-f --help x",
            "-c --file --help x",
        ] {
            assert!(!prints("tar", line), "{line}");
        }
        assert!(!rehearses_as("gzip", &words("--output --help x")));
        assert!(!rehearses_as("tool", &words("--password --help delete x")));
        assert!(!rehearses_as(
            "ipmitool",
            &words("-U admin -P --help chassis power cycle")
        ));
        assert!(!rehearses_as("tar", &words("-czf --help x")));
        assert!(rehearses_as(
            "ipmitool",
            &words("chassis power cycle --help")
        ));
        assert!(!prints_only(
            "ipmitool",
            Some(&words("ipmitool")[0]),
            &words("-U admin -P --help chassis power cycle")
        ));
        assert!(prints_only(
            "ipmitool",
            Some(&words("ipmitool")[0]),
            &words("-U admin chassis --help")
        ));
        assert!(rehearses_as(
            "aliyun",
            &words("ecs DeleteInstance --DryRun true")
        ));
        assert!(!rehearses_as(
            "aliyun",
            &words("ecs DeleteInstance --DryRun false")
        ));
        assert!(!rehearses_as(
            "aliyun",
            &words("ecs DeleteInstance --DryRun")
        ));
        assert!(!rehearses_as("npm", &words("publish --dry-run false")));
        assert!(rehearses_as("npm", &words("publish --dry-run true")));
        assert!(rehearses_as("mvn", &words("release:prepare -DdryRun=true")));
        assert!(!rehearses_as(
            "mvn",
            &words("release:prepare -DdryRun=false")
        ));
        assert!(!rehearses_as("mvn", &words("deploy -DdryRun=true")));
        assert!(rehearses_as(
            "oci",
            &words("compute instance terminate --generate-full-command-json-input")
        ));
        assert!(rehearses_as("apt-get", &words("-s purge nginx")));
        assert!(rehearses_as("systemctl", &words("--dry-run reboot")));
        assert!(rehearses_as("systemctl", &words("poweroff --dry-run")));
        assert!(!rehearses_as("systemctl", &words("--dry-run stop nginx")));
        assert!(!rehearses_as("systemctl", &words("reboot")));
        assert!(rehearses_as("systemctl", &words("--help")));
        assert!(rehearses_as("systemctl", &words("stop nginx --help")));
        assert!(rehearses_as("lvremove", &words("--test vg0/scratch")));
        assert!(rehearses_as("sfdisk", &words("-n /dev/sda")));
        assert!(rehearses_as("e2fsck", &words("-n /dev/sdb1")));
        assert!(rehearses_as("xfs_repair", &words("-n /dev/sdb1")));
        assert!(!rehearses_as("e2fsck", &words("-fy /dev/sdb1")));
        // goreleaser's `--skip=publish`; a subcommand CLI's trailing help.
        assert!(rehearses("", &words("release --skip=publish"), ""));
        assert!(!rehearses("", &words("release --skip=announce"), ""));
        assert!(rehearses("aws", &words("s3 rb help"), ""));
        assert!(!rehearses("kubectl", &words("delete ns help"), ""));
        // Vault's printed-only requests are vault's own options.
        assert!(rehearses_as(
            "vault",
            &words("kv delete -output-curl-string secret/x")
        ));
        assert!(!rehearses_as(
            "nomad",
            &words("job stop -purge -output-policy web")
        ));
        assert!(!rehearses("", &words("help"), ""));
        assert!(!rehearses("", &words("rb x"), ""));
        assert!(rehearses_as("mkfs.xfs", &words("-N /dev/sdc1")));
        assert!(!rehearses_as("mkfs.vfat", &words("-n DATA /dev/sdb1")));
        assert!(rehearses_as("fsck", &words("-N /dev/sda1")));
        assert!(rehearses_as(
            "restic",
            &words("forget --prune -n -r /tmp/repo")
        ));
        assert!(!rehearses_as("apt-get", &words("purge nginx")));
        assert!(!rehearses_as("rm", &words("-n x")));
        assert!(rehearses_as(
            "gsutil",
            &words("-m rsync -n -d -r ./site gs://b")
        ));
        assert!(!rehearses_as("gsutil", &words("mv -n a gs://b/a")));
        assert!(!rehearses_as("gsutil", &words("rm -r gs://b/rsync -n")));
        assert!(rehearses_as("gsutil", &words("-o x rsync -n a gs://b")));
        assert!(rehearses_as("pulumi", &words("destroy --preview-only")));
        // duplicity rehearses only its `remove-*` commands without `--force`.
        assert!(rehearses_as(
            "duplicity",
            &words("remove-older-than 6M file:///bk")
        ));
        assert!(!rehearses_as("duplicity", &words("restore file:///bk out")));
        assert!(!rehearses_as(
            "duplicity",
            &words("remove-all-but-n-full 2 --force x")
        ));
        assert!(rehearses_as(
            "sgdisk",
            &words("--pretend --zap-all /dev/sdb")
        ));
        assert!(rehearses_as("sgdisk", &words("-P -Z /dev/sdb")));
        assert!(prints("shred", "--version"));
        assert!(prints("mkfs.xfs", "-V"));
        assert!(prints("doctl", "compute droplet delete --help"));
        assert!(prints("gcloud", "help projects delete"));
        assert!(prints("kubectl", "get pods -h"));
        assert!(!prints("shutdown", "-h"));
        assert!(prints("mkswap", "-V"));
        assert!(prints("mke2fs", "-V"));
        assert!(prints("rm", "-f --help"));
        assert!(!prints("rm", "x --help"));
        assert!(!prints("make", "help"));
        assert!(!prints("gcloud", "projects delete help"));
        assert!(!prints("rm", "-rf ~ --help"), "an operand before it");
        assert!(prints("rm", "--help -rf ~"));
        assert!(!prints("doctl", "compute -- --help"));
        assert!(!prints("tar", "-V"), "a volume label, not the version");
        assert!(!prints("./tool", "--help"));
        assert!(!prints("cargo", "yank --version 1.0.0"));
        assert!(prints("cargo", "--version"));
        // What a tool runs takes the words after it.
        assert!(!prints("go", "run github.com/a/tool@latest --help"));
        assert!(!prints("docker", "run --rm alpine --help"));
        assert!(prints("go", "run --help"));
        assert!(prints("go", "build --help"), "no run");
        assert!(prints("docker", "--help run x"));
        assert!(prints("make", "run x --help"), "no runner");
        for (line, want) in [
            ("delete --help", true),
            ("--version", true),
            ("apply --dry-run=client", true),
            ("delete --dry-run=none", false),
            ("rm --dryrun", true),
            ("-- --help", false),
            ("deploy --dry-run --no-dry-run", false),
            ("deploy", false),
            ("-h", false),
        ] {
            assert_eq!(rehearses("", &words(line), ""), want, "{line}");
        }
    }
}
