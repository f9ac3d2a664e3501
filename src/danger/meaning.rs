//! What the words of a command name, for a program askrisky has no table
//! for: a protected file, or a whole disk.
//!
//! The threat: the rules for writing a startup file or a disk device were
//! keyed on the programs that do it (`cp`, `tee`, `dd`), and every other
//! program that copies, syncs, restores or images — `gsutil cp gs://b/rc
//! ~/.zshrc`, `rclone copyto … ~/.config/autostart/x.desktop`, `ddrescue
//! -f disk.img /dev/sdc`, `scp deploy.sh web1:.bashrc` — went through. A
//! program that is not known to only read or list what it is given may
//! write it: a protected file or a disk named among its words asks. The
//! programs whose effect the tables do know keep their own, exact rules.

use super::cmd::Cmd;
use super::place::is_block_device;
use super::protected::protected_reason;

/// Programs whose words the tables judge exactly: what they write is in
/// `Cmd::written_paths`, or they only read, list or show what they are
/// given, or they run it as code (judged as code).
/// [`KNOWN`] sorted: asked of every command, and long.
static KNOWN_SET: super::cmd::NameSet<{ super::cmd::slots_for(KNOWN.len()) }> =
    super::cmd::NameSet::new(KNOWN);

const KNOWN: &[&str] = &[
    // Writers, exactly (see `Cmd::written_paths`).
    "tee",
    "truncate",
    "rm",
    "unlink",
    "shred",
    "touch",
    "chmod",
    "chown",
    "chgrp",
    "chattr",
    "setfacl",
    "rmdir",
    "mkdir",
    "sponge",
    "link",
    "mkfifo",
    "srm",
    "wipe",
    "mv",
    "cp",
    "install",
    "ln",
    "rsync",
    "scp",
    "sed",
    "gsed",
    "perl",
    "ruby",
    "find",
    "strace",
    "ltrace",
    "time",
    "valgrind",
    "perf",
    "dd",
    "dcfldd",
    "dc3dd",
    // Formatters write only with `-w` (`shfmt -d ~/.bashrc` shows a diff).
    "gofmt",
    "shfmt",
    "goimports",
    "sort",
    "uniq",
    "openssl",
    "ssh-keygen",
    "patch",
    "git",
    "curl",
    "wget",
    "wget2",
    "aria2c",
    "tar",
    "gtar",
    "bsdtar",
    "unzip",
    "cpio",
    "crontab",
    // Readers, listers, viewers.
    // (The packet filter reads the rule file it is given; loading it is
    // its own rule's.)
    "pfctl",
    "cat",
    "tac",
    "less",
    "more",
    "most",
    "head",
    "tail",
    "bat",
    "batcat",
    "grep",
    "egrep",
    "fgrep",
    "zgrep",
    "rg",
    "ag",
    "ack",
    "wc",
    "file",
    "stat",
    "ls",
    // bash's completion builtins list the names a pattern matches
    // (`compgen -G "$HOME/.config/autostart/*.desktop"`).
    "compgen",
    "dir",
    "vdir",
    "exa",
    "eza",
    "lsd",
    "tree",
    "diff",
    "diff3",
    "cmp",
    "colordiff",
    "sdiff",
    "md5sum",
    "sha1sum",
    "sha224sum",
    "sha256sum",
    "sha384sum",
    "sha512sum",
    "b2sum",
    "cksum",
    "sum",
    "od",
    "xxd",
    "hexdump",
    "strings",
    "shellcheck",
    // Samba's config checked and printed (`testparm -s smb.conf`).
    "testparm",
    "nl",
    "cut",
    "column",
    "fold",
    "fmt",
    "readlink",
    "realpath",
    "wslpath",
    "cygpath",
    "basename",
    "dirname",
    "test",
    "[",
    "du",
    "df",
    // The mount a path is on (`findmnt -T /etc/wireguard`).
    "findmnt",
    "mountpoint",
    "lsattr",
    "getfacl",
    "namei",
    "pygmentize",
    "glow",
    "echo",
    "printf",
    "awk",
    "gawk",
    "mawk",
    "nawk",
    "base64",
    "base32",
    "iconv",
    "jq",
    "yq",
    "gpg",
    "age",
    "ssh",
    "mosh",
    "sftp",
    "lsof",
    "fuser",
    "which",
    "type",
    "command",
    "whereis",
    "locate",
    "fd",
    "fdfind",
    "xdg-open",
    "open",
    "source",
    ".",
    "eval",
    "exec",
    // Shells: what they are given is code, read as code. (An
    // interpreter's script is read as code too; the words after it are
    // the script's: see `unknown_program_paths`.)
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "fish",
    // Shell builtins: they name folders and variables, and run nothing
    // given (the ones that run code are judged as code).
    "cd",
    "pushd",
    "popd",
    "dirs",
    "export",
    "unset",
    "alias",
    "unalias",
    "set",
    "shopt",
    "declare",
    "typeset",
    "local",
    "readonly",
    "read",
    "wait",
    "jobs",
    "fg",
    "bg",
    "hash",
    "ulimit",
    "umask",
    "getopts",
    "builtin",
    "let",
    "mapfile",
    "readarray",
    "true",
    "false",
    "exit",
    "return",
    "shift",
    "times",
    "history",
    "disown",
    "kill",
    // Wrappers: their words are the command they run, judged on its own.
    "sudo",
    "doas",
    "env",
    "nice",
    "nohup",
    "timeout",
    "xargs",
    "watch",
    "stdbuf",
    "ionice",
    "chrt",
    "taskset",
    "flock",
    "setsid",
    "unbuffer",
    "script",
];

/// Programs that only read what a disk holds about itself (its table,
/// health, labels, mounts), never its files; and those the blocked tier
/// and the partition rules judge on their own.
const DISK_METADATA: &[&str] = &[
    "lsblk",
    // LVM's reports and SCSI's inquiries (`pvdisplay -m /dev/sdc`,
    // `sg_readcap --long /dev/sdc`).
    "pvdisplay",
    "pvs",
    "vgdisplay",
    "lvdisplay",
    "sg_readcap",
    "sg_inq",
    "sg_vpd",
    "sg_turs",
    "blkid",
    "smartctl",
    "fdisk",
    "sfdisk",
    "gdisk",
    "sgdisk",
    "parted",
    "file",
    "udisksctl",
    "findmnt",
    "df",
    "lsof",
    "fuser",
    "stat",
    "ls",
    "nvme",
    "dumpe2fs",
    // A label read (`e2label /dev/sdb1`); one set is a write (below).
    "e2label",
    "fatlabel",
    "exfatlabel",
    "ntfslabel",
    "xfs_info",
    "umount",
    "eject",
    "mkswap",
    "sg_format",
    "blkdiscard",
    "shred",
    "test",
    "[",
    "readlink",
    "realpath",
    // Their words are patterns and text, not the disk itself.
    "grep",
    "egrep",
    "fgrep",
    "zgrep",
    "rg",
    "ag",
    "ack",
    "echo",
    "printf",
    "awk",
    "gawk",
    "mawk",
    "nawk",
    "sed",
    "expr",
    "jq",
    "yq",
    "basename",
    "dirname",
    "udevadm",
    "lshw",
    "hwinfo",
    "inxi",
    "smartd",
];

/// hdparm's options that change or erase a disk (the rest read it).
const HDPARM_WRITES: &[&str] = &[
    "--security-erase",
    "--security-erase-enhanced",
    "--trim-sector-ranges",
    "--write-sector",
    "--make-bad-sector",
    "--dco-restore",
];

/// The paths a word may name for such a program: itself, `--opt=PATH`,
/// `@PATH`, `key=@PATH`, and for `host:PATH` the path on that host (as
/// its own home folder's, when relative).
fn named_paths(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    // A URL names a file on another machine by its own rules.
    if word.contains("://") {
        return out;
    }
    out.push(word.to_owned());
    if let Some((_, value)) = word.split_once('=') {
        out.push(value.trim_start_matches('@').to_owned());
    }
    if let Some(rest) = word.strip_prefix('@') {
        out.push(rest.to_owned());
    }
    if let Some(file) = super::cmd::after_key_at(word) {
        out.push(file.to_owned());
    }
    // `[user@]host:path`: a host names no folder.
    if let Some((host, path)) = word.split_once(':')
        && !host.is_empty()
        && !host.contains('/')
        && !path.is_empty()
    {
        out.push(if path.starts_with('/') || path.starts_with('~') {
            path.to_owned()
        } else {
            format!("~/{path}")
        });
    }
    out.retain(|p| !p.is_empty());
    out
}

/// The files text of more than one word names — a script in a program's
/// own language (`gnuplot -e "set output '~/.bash_login'"`, SQL's
/// `read_csv('/home/user/.aws/credentials')`), a filter's options
/// (`drawtext=textfile=/home/user/.netrc:fontcolor=white`), a module's
/// `key=value` arguments: each of its parts that starts a path from the
/// root, home or the folder above, quoted or not. Not a URL's, which names another machine.
pub(super) fn embedded_paths(word: &str) -> impl Iterator<Item = &str> + '_ {
    // Brackets end a path in Tcl (`[open ~/.netrc]`) and JSON.
    const SEPARATORS: [char; 13] = [
        ' ', '\t', '\n', ';', ',', '(', ')', '=', ':', '\'', '"', '[', ']',
    ];
    // Or from the folder above (`put ../.aws/credentials`): the project's
    // parent is often home.
    let from_root_or_home =
        move |t: &&str| *t != word && (starts_at_root_or_home(t) || t.starts_with("../"));
    (word.contains(SEPARATORS) && word.contains(['/', '~', '$']) && !word.contains("://"))
        .then(|| {
            // A quoted path whole, spaces and all (`'…/Application
            // Support/…/Login Data'`), then each part.
            crate::parse::quoted_strings(word)
                .chain(word.split(SEPARATORS))
                .filter(from_root_or_home)
        })
        .into_iter()
        .flatten()
}

/// Whether a copy's destination on another host (`web1:.bashrc`,
/// `deploy@web1:/etc/cron.d/x`) is, there, a protected file: another
/// machine's startup file is as much a way in as this one's.
pub(super) fn remote_protected(ctx: &super::place::Place, written: &str) -> bool {
    written.contains(':')
        && !written.contains("://")
        && named_paths(written)
            .iter()
            .skip(1)
            .any(|p| protected_reason(ctx, p).is_some())
}

/// The words of a program askrisky has no table for, each with the paths
/// it may name, before `--` where the rest may be another program's. An
/// interpreter's script is read as code; the words after it are the
/// script's, and it is a program no table knows (`python3 merge.py --out
/// ~/.gemini/settings.json`).
/// Whether a tool's subcommand only lists the names of what it is
/// pointed at (`rclone lsf --max-depth 1 ~/.ssh`, `rclone lsjson ~/.aws`):
/// no file's contents are read or written. Only subcommands no program is
/// named (`ls` and `size` are programs a tool may run with the words after
/// them), of a tool whose own name no table reads, that is no interpreter
/// (whose first word is a script it runs) and no wrapper or package runner
/// (`npx lsf ~/.ssh/id_rsa` runs a package called `lsf`).
pub(super) fn lists_only(c: &Cmd<'_>) -> bool {
    // Asked only where a read or a path was found: its first word that is
    // no option first; or an option that prints keys, not values
    // (`etcdctl get /registry/secrets --prefix --keys-only`).
    (c.args()
        .iter()
        .find(|w| !w.value.starts_with('-'))
        .is_some_and(|w| {
            matches!(
                w.value.as_str(),
                "lsd" | "lsl" | "lsf" | "lsjson" | "listremotes"
            )
        })
        || c.args().iter().any(|w| {
            w.value.len() > 10 && matches!(w.value.as_str(), "--keys-only" | "--names-only")
        }))
        && !c.is_among(&KNOWN_SET)
        // Names handed on are read by what they are handed to (`rclone
        // lsf . | xargs cat` in `~/.ssh`).
        && c.output_only_shown()
        && !c.is(&["npx", "pnpx", "bunx", "uvx", "pipx", "dlx"])
        && c.code_flags().is_none()
        && crate::parse::programs::wrapper_for(&c.name, &[]).is_none()
        && crate::parse::wrapped_at(&c.name, c.args()).is_none()
}

fn unknown_program_paths(c: &Cmd<'_>) -> Vec<String> {
    if c.name.is_empty() || c.is_among(&KNOWN_SET) || super::cmd::checks_config(c) {
        return Vec::new();
    }
    // vim in silent Ex mode told only to print and quit unsaved (`vim -es
    // -c 'g/hooksPath/p' -c 'qa!' .git/config`) writes nothing.
    if crate::parse::vim_only_reads(&c.name, c.args().iter().map(|w| w.value.as_str())) {
        return Vec::new();
    }
    // A rehearsal writes nothing (`logrotate -d /etc/logrotate.d/nginx`).
    if super::dryrun::rehearses_as(&c.name, c.args()) {
        return Vec::new();
    }
    // udevadm's `info`, `test` and `monitor` read the device paths they
    // are given (`udevadm test /sys/class/net/eth0` only simulates).
    if c.is(&["udevadm"])
        && c.operands().first().is_some_and(|w| {
            matches!(
                w.value.as_str(),
                "info" | "test" | "test-builtin" | "monitor" | "verify" | "cat" | "settle"
            )
        })
    {
        return Vec::new();
    }
    // Postfix's lookup tables queried or shown (`postmap -q example.net
    // hash:/etc/postfix/transport`, `postalias -s`): without them, the
    // table's database beside the file is rebuilt.
    if c.is(&["postmap", "postalias"]) && c.flag(&["-q", "-s"]) && !c.flag(&["-d"])
        // OpenLDAP's config checked (`slaptest -u -F /etc/openldap/slapd.d`);
        // given a `slapd.conf` (`-f`) too, it converts it into that folder.
        || c.is(&["slaptest"]) && !c.flag(&["-f"])
    {
        return Vec::new();
    }
    // macOS's property-list tool prints or checks what it is given
    // (`plutil -p ~/Library/LaunchAgents/x.plist`) unless told to change
    // it (`-convert`, `-replace`, `-insert`, `-remove`).
    if c.is(&["plutil"])
        && c.flag(&["-p", "-lint", "-help"])
        && !c.flag(&["-convert", "-replace", "-insert", "-remove", "-o"])
    {
        return Vec::new();
    }
    // Windows's registry tool reads a key it queries, exports or compares.
    if c.is(&["reg", "reg.exe"])
        && c.operands().first().is_some_and(|w| {
            ["query", "export", "compare"]
                .iter()
                .any(|r| w.value.eq_ignore_ascii_case(r))
        })
    {
        return Vec::new();
    }
    // The words after a container's image are paths inside it; the host
    // paths it reaches are its mounts, which the container rules judge.
    if c.is(&["docker", "podman", "nerdctl"])
        && c.operands()
            .first()
            .is_some_and(|w| matches!(w.value.as_str(), "run" | "exec" | "create"))
    {
        return Vec::new();
    }
    let interpreter = c.code_flags();
    if let Some(code) = interpreter
        && c.flag(code)
    {
        // Inline code: its own rules read it.
        return Vec::new();
    }
    let mut skip_script = interpreter.is_some();
    // The words of a command it wraps are that command's, judged on its
    // own (`proot -r ./rootfs /bin/ls /etc`).
    let args = c.args();
    let own = crate::parse::wrapped_at(&c.name, args)
        .filter(|at| *at > 0)
        .map_or(args, |at| args.get(..at).unwrap_or_default());
    // What an option names as its input is read, not written
    // (`certtool -i --infile /etc/ssl/certs/x.pem`).
    let input = |v: &str| {
        let name = v.split('=').next().unwrap_or(v);
        name.starts_with("--") && name.ends_with("-from-file")
            || matches!(
                Some(name),
                Some(
                    "--infile"
                        | "--input"
                        | "--input-file"
                        | "--in"
                        | "--from-file"
                        | "--load-certificate"
                        | "--load-ca-certificate"
                        | "--source"
                )
            )
    };
    // A system tool's settings file named for a look (`patronictl -c
    // /etc/patroni/ledger.yml list`) is read: the subcommand, the first
    // word that is not the settings' value, only shows. Only under
    // `/etc`: a script the agent wrote, handed `-c ~/.claude/settings.json
    // list`, may write whatever it likes.
    let settings = |v: &str| matches!(v, "-c" | "--config" | "--config-file" | "--configfile");
    let shown_with = |i: usize| i.checked_sub(1).is_some_and(|p| settings(&own[p].value));
    let looks = || {
        own.iter()
            .enumerate()
            .find(|(i, w)| !w.value.starts_with('-') && !shown_with(*i))
            .is_some_and(|(_, w)| {
                matches!(
                    w.value.as_str(),
                    "list"
                        | "ls"
                        | "show"
                        | "status"
                        | "get"
                        | "describe"
                        | "info"
                        | "history"
                        | "version"
                        | "topology"
                        | "check"
                        | "validate"
                )
            })
    };
    let paths = own
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            !((shown_with(*i) && w.value.starts_with("/etc/")
                || w.value.starts_with("--config=/etc/"))
                && looks())
                && !input(&w.value)
                && !(i.checked_sub(1).is_some_and(|p| {
                    own[p].value.starts_with("--")
                        && !own[p].value.contains('=')
                        && input(&own[p].value)
                }))
        })
        .map(|(_, w)| w)
        .filter(|w| w.literal || w.glob)
        .map(|w| w.value.as_str())
        .take_while(|v| *v != "--")
        .filter_map(|v| {
            if v.starts_with('-') && !v.contains('=') {
                return attached_path(v);
            }
            let script = skip_script && !v.contains('=');
            skip_script &= !script;
            (!script).then_some(v)
        })
        .filter(|v| !reading_command(v))
        .flat_map(|v| {
            named_paths(v)
                .into_iter()
                .chain(embedded_paths(v).map(str::to_owned))
        })
        .collect::<Vec<String>>();
    // Asked only of a command that names paths: most name none.
    if !paths.is_empty() && lists_only(c) {
        return Vec::new();
    }
    paths
}

/// Whether a word is a command line that only reads what it names,
/// handed to a program that runs it somewhere (`pdsh -w web[1-4] 'cat
/// /sys/class/dmi/id/bios_version'`, `salt-ssh '*' cmd.run 'cat
/// /etc/os-release'`): a reader, its options and paths, and nothing that
/// redirects, chains or substitutes.
fn reading_command(word: &str) -> bool {
    let mut words = word.split_whitespace();
    words.next().is_some_and(|program| {
        matches!(
            program,
            "cat"
                | "head"
                | "tail"
                | "ls"
                | "stat"
                | "df"
                | "du"
                | "wc"
                | "md5sum"
                | "sha256sum"
                | "file"
                | "readlink"
                | "test"
                | "grep"
        )
    }) && words.next().is_some()
        && !word.contains([
            '>', '<', '|', ';', '&', '$', '`', '(', ')', '{', '}', '\n', '*', '?', '[',
        ])
}

/// Whether a word starts a path from the root or home (`/…`, `~…`,
/// `$HOME…`, `${HOME}…`).
fn starts_at_root_or_home(t: &str) -> bool {
    t.starts_with(['/', '~']) || t.starts_with("$HOME") || t.starts_with("${HOME}")
}

/// The path a short option carries attached (`-o/usr/local/bin/x`,
/// `-o~/.zshrc`), when it starts from the root or home: compilers and
/// archivers take their output so.
fn attached_path(v: &str) -> Option<&str> {
    let value = v
        .strip_prefix('-')
        .filter(|r| !r.starts_with('-'))?
        .get(1..)?;
    starts_at_root_or_home(value).then_some(value)
}

/// Whether a tool writes the person's own settings for it, where they
/// steer what it fetches or runs (`npm config set registry …` writes
/// `~/.npmrc`; `pip config set`; `gh config set editor …`).
pub(super) fn writes_user_settings(c: &Cmd<'_>) -> bool {
    let ops: Vec<&str> = c.operands().iter().map(|w| w.value.as_str()).collect();
    let sets = matches!(
        ops.as_slice(),
        ["config", "set" | "delete" | "edit" | "unset" | "rm", ..]
    );
    // Go's own file of settings (`go env -w GOPROXY=… GONOSUMDB=*`): where
    // modules come from, whether their sums are checked, the flags every
    // build gets.
    if c.is(&["go"]) {
        return ops.first() == Some(&"env") && c.flag(&["-w", "-u"]);
    }
    // conda's settings are flags (`conda config --add channels URL`
    // writes `~/.condarc`: where every later install comes from).
    if ops.first() == Some(&"config") && matches!(c.name.as_str(), "conda" | "mamba" | "micromamba")
    {
        return c.flag(&[
            "--add",
            "--append",
            "--prepend",
            "--set",
            "--remove",
            "--remove-key",
        ]) && !c.flag(&["--env", "--file"]);
    }
    sets && (matches!(
        c.name.as_str(),
        "npm" | "pnpm" | "yarn" | "bun" | "pip" | "pip3" | "gh" | "glab" | "conda"
    ) && !(c.flag(&["--site"])
        // npm's `--location=user`/`global` are the person's files; only
        // `project` is the project's.
        || c.full_option_values(&["--location"]).contains(&"project"))
        // Any other tool's settings for the user (`bundle config set
        // --global`, `composer config -g`); git's have their own rules.
        || !c.is(&["git"]) && c.flag(&["--global", "-g"]))
        || ops.first() == Some(&"config") && c.is(&["composer"]) && c.flag(&["--global", "-g"])
}

/// Whether a program askrisky has no table for is handed a protected
/// file (`gsutil cp … ~/.zshrc`): it may write it.
pub(super) fn may_write_protected(c: &Cmd<'_>) -> bool {
    // chezmoi's looks and its edits of its own source folder (`chezmoi
    // diff ~/.bashrc`, `chezmoi add ~/.zshrc`) leave the files they name
    // as they are; what writes them (`apply`, `update`, `init --apply`)
    // the writers' table knows.
    if c.name == "chezmoi"
        && c.operands().first().is_some_and(|w| {
            matches!(
                w.value.as_str(),
                "diff"
                    | "status"
                    | "cat"
                    | "managed"
                    | "unmanaged"
                    | "verify"
                    | "source-path"
                    | "target-path"
                    | "ignored"
                    | "dump"
                    | "data"
                    | "doctor"
                    | "help"
                    | "add"
                    | "re-add"
                    | "forget"
            )
        })
        && !c.flag(&["--apply", "-a"])
    {
        return false;
    }
    // jq and yq write only in place.
    if c.is(&["jq", "yq"]) && c.flag(&["-i", "--inplace", "--in-place"]) {
        return c
            .operands()
            .iter()
            .any(|w| protected_reason(c.ctx, &w.value).is_some());
    }
    // A settings file in home handed to a program is most often read
    // (`ruff --config ~/.ruff.toml check .`): known writers' writes to one
    // count, as do outputs named below.
    unknown_program_paths(c).iter().any(|p| {
        protected_reason(c.ctx, p).is_some_and(|r| {
            r != super::protected::SYSTEM_FILES && r != super::protected::HOME_SETTINGS
        })
    })
        // What it is told to write its output to, the system's files too
        // (`grub-mkconfig -o /boot/grub/grub.cfg`, `tool --output
        // /usr/bin/git`, `-o/boot/x.img`): a program handed one to read
        // takes it as an operand, not as its output.
        || !c.name.is_empty()
            && !c.is_among(&KNOWN_SET)
            && c.option_values(&["-o"])
                .into_iter()
                .chain(c.full_option_values(&["--output", "--out", "--outfile", "--output-file", "--out-file"]))
                .any(|p| protected_reason(c.ctx, p).is_some())
}

/// Whether mise is told to trust a folder's settings, whose hooks, tasks
/// and environment scripts it then runs on its own at every `cd` into
/// it (`mise trust`): the person's own review of `mise.toml`, given in
/// their place for whatever the file says now (the agent may have
/// written it). (direnv's `.envrc` is read and judged as code instead.)
pub(super) fn trusts_folder_code(c: &Cmd<'_>) -> bool {
    matches!(c.name.as_str(), "mise" | "rtx")
        && c.operands().first().is_some_and(|w| w.value == "trust")
        && !c.flag(&["--untrust", "--ignore", "--show"])
}

/// Whether npm, pnpm, Bun or Yarn is told to install or link a package
/// globally (`-g`, `--global`, `--location=global`, `yarn global add`).
fn installs_globally(c: &Cmd<'_>) -> bool {
    // An editor's extension is installed for the user, and runs in every
    // window it opens, the agent's own included (`code
    // --install-extension ./downloads/theme.vsix`).
    if c.is(&[
        "code",
        "code-insiders",
        "codium",
        "vscodium",
        "code-oss",
        "code-server",
        "cursor",
        "windsurf",
    ]) {
        return c.flag(&["--install-extension"]);
    }
    let sub = c.operands().first().map(|w| w.value.as_str());
    // pip's `--user` install puts the package's programs in
    // `~/.local/bin`, on PATH, for every shell the person opens (its
    // `--dry-run` resolves and installs nothing).
    if c.name.starts_with("pip") && !c.is(&["pipx", "pipenv"]) {
        return sub == Some("install") && c.flag(&["--user"]) && !c.rehearses_by(&["--dry-run"]);
    }
    if c.is(&["yarn"]) {
        return sub == Some("global")
            && matches!(
                c.operands().get(1).map(|w| w.value.as_str()),
                Some("add" | "upgrade")
            );
    }
    c.is(&["npm", "pnpm", "bun"])
        && matches!(
            sub,
            Some(
                "install"
                    | "i"
                    | "add"
                    | "isntall"
                    | "in"
                    | "ins"
                    | "inst"
                    | "insta"
                    | "instal"
                    | "link"
                    | "ln"
                    | "update"
                    | "up"
                    | "upgrade"
            )
        )
        && c.values()
            .any(|v| matches!(v, "-g" | "--global" | "--location=global" | "--global=true"))
}

/// Whether an environment variable that names where a tool installs
/// (`GOBIN`, `CARGO_INSTALL_ROOT`, `PREFIX`, `DESTDIR`, `*_PREFIX`) names a
/// folder of programs on PATH, or one that holds protected files.
pub(super) fn install_folder_protected(c: &Cmd<'_>) -> bool {
    // Or by an option of a command that installs now (`cargo install
    // --root ~/.local`, `pip install --prefix ~/.local`, `meson install
    // --destdir /`): the programs go to its `bin`. `./configure
    // --prefix=~/.local` only notes where a later install goes.
    let named = |v: &str| {
        protected_reason(c.ctx, v).is_some() || super::protected::holds_protected(c.ctx, v)
    };
    let installs_now =
        || c.name.ends_with("install") || c.operands().iter().any(|w| w.value == "install");
    if installs_now() && c.full_option_values(INSTALL_OPTIONS).into_iter().any(named) {
        return true;
    }
    // RubyGems' `-n` is its `--bindir` (`gem install -n ~/.local/bin x`).
    if c.is(&["gem"]) && installs_now() && c.option_values(&["-n"]).into_iter().any(named) {
        return true;
    }
    // A JavaScript package installed for the whole user or machine (`npm i
    // -g x`, `pnpm add --global x`, `yarn global add x`): its programs go
    // to the global prefix's `bin`, a folder on PATH, and run in place of
    // any of the same name from then on.
    if installs_globally(c) {
        return true;
    }
    // Or the folder any tool puts what it makes or fetches in, by an option
    // that says so (`cargo build --target-dir ~/.local/bin`, `pip download
    // -d ~/.local/bin`, `yarn --cwd ~/.claude add x`): a file made there
    // is a protected one (a folder on PATH, an agent's settings).
    let output_folder = |v: &str| {
        let file = format!("{}/x", v.trim_end_matches('/'));
        protected_reason(c.ctx, &file).is_some_and(|r| r != super::protected::SYSTEM_FILES)
    };
    let fetches = || {
        c.operands()
            .first()
            .is_some_and(|w| matches!(w.value.as_str(), "download" | "fetch" | "pull"))
    };
    if output_option_values(c).into_iter().any(output_folder)
        || fetches() && c.option_values(&["-d"]).into_iter().any(output_folder)
        // MkDocs's `-d` is its `--site-dir`, emptied and rebuilt.
        || c.is(&["mkdocs"]) && c.option_values(&["-d"]).into_iter().any(output_folder)
    {
        return true;
    }
    let names_install_folder = |name: &str| {
        let name = name.to_ascii_uppercase();
        matches!(
            name.as_str(),
            "PREFIX" | "DESTDIR" | "GOBIN" | "GOPATH" | "BINDIR"
        ) || name.ends_with("_PREFIX")
            || name.ends_with("_INSTALL_ROOT")
            || name.ends_with("_BIN_DIR")
    };
    let protected_folder =
        |w: &crate::parse::Word, value: &str| (w.literal || w.glob) && named(value);
    c.command.assignments.iter().any(|(name, value)| {
        names_install_folder(name) && protected_folder(value, &value.value)
    })
    // Or as make's variables on the command line of an install (`make
    // install PREFIX=~/.local`).
    || installs_now()
        && !super::dryrun::rehearses_as(&c.name, c.args())
        && c.args().iter().any(|w| {
            w.value
                .split_once('=')
                .is_some_and(|(name, value)| names_install_folder(name) && protected_folder(w, value))
        })
    // Or by default: a build's install target puts its programs under
    // `/usr/local` (`make install`, `ninja install`, `cmake --install
    // build`, `meson install`) unless told a folder of the line's own
    // (`DESTDIR=./stage`, `--prefix ./out`).
    || c.is(&["make", "gmake", "ninja", "cmake", "meson", "samu"])
        && (c.operands().iter().any(|w| w.value == "install")
            || c.is(&["cmake"]) && c.flag(&["--install"]))
        && !super::dryrun::rehearses_as(&c.name, c.args())
        && !c.rehearses_by(&["-n", "--just-print", "--dry-run", "--recon"])
        && !c
            .command
            .assignments
            .iter()
            .map(|(name, value)| (name.as_str(), value.value.as_str()))
            .chain(c.args().iter().filter_map(|w| w.value.split_once('=')))
            .chain(
                c.option_values(INSTALL_OPTIONS)
                    .into_iter()
                    .map(|v| ("PREFIX", v)),
            )
            .any(|(name, value)| names_install_folder(name) && !named(value))
}

/// Options that name the folder a tool writes what it makes or fetches
/// into, or works in.
/// The folders a command names by an option that says "put what you make
/// here", whatever the tool: `--target-dir`, `--outputPath` (nx),
/// `--out_dir`, `-DoutputDirectory=` (a Java property, Maven's plugins),
/// `--dest`. The option's name is read without case, `-`, `_` or `.`, so
/// every tool's spelling of the same words counts.
fn output_option_values<'a>(c: &Cmd<'a>) -> Vec<&'a str> {
    const NAMES: &[&str] = &[
        "targetdir",
        "outdir",
        "outpath",
        "outfolder",
        "outputdir",
        "outputdirectory",
        "outputpath",
        "outputfolder",
        "dest",
        "destdir",
        "destination",
        "downloaddir",
        "distdir",
        "cwd",
        // `cargo build --artifact-dir`, `mkdocs build --site-dir`,
        // `sphinx-build --output-directory`, a tool's `--export-dir`.
        "artifactdir",
        "artifactsdir",
        "sitedir",
        "exportdir",
        "exportpath",
        "bindir",
        "installdir",
        // `mlflow artifacts download --dst-path`, a tool's `--save-dir`.
        "dst",
        "dstpath",
        "destpath",
        "downloadpath",
        "savedir",
        "savepath",
    ];
    let args = c.args();
    let mut out = Vec::new();
    for (i, w) in args.iter().enumerate() {
        let v = w.value.as_str();
        if v == "--" {
            break;
        }
        let (name, attached) = if let Some(long) = v.strip_prefix("--") {
            long.split_once('=')
                .map_or((long, None), |(n, a)| (n, Some(a)))
        } else if let Some((name, value)) = v.strip_prefix("-D").and_then(|p| p.split_once('=')) {
            (name, Some(value))
        } else {
            continue;
        };
        // Folded on the stack: asked of every long option of every command.
        let mut buf = [0u8; 24];
        let mut len = 0;
        for b in name.bytes().filter(|b| !matches!(b, b'-' | b'_' | b'.')) {
            let Some(slot) = buf.get_mut(len) else {
                len = usize::MAX;
                break;
            };
            *slot = b.to_ascii_lowercase();
            len += 1;
        }
        let folded = buf.get(..len).and_then(|b| std::str::from_utf8(b).ok());
        if folded.is_some_and(|f| NAMES.contains(&f)) {
            match attached {
                Some(value) => out.push(value),
                None => out.extend(args.get(i + 1).map(|w| w.value.as_str())),
            }
        }
    }
    out
}

/// Options that name the folder a tool installs into.
const INSTALL_OPTIONS: &[&str] = &[
    "--root",
    "--prefix",
    "--exec-prefix",
    "--install-root",
    "--installroot",
    "--destdir",
    "--bindir",
    "--bin-dir",
    "--install-dir",
    "--installdir",
];

/// `v.contains("dev")`, as one pass over the bytes: asked of every word of
/// every command, mostly short, where the general search costs more to set
/// up than to run.
pub(super) fn mentions_dev(v: &str) -> bool {
    v.as_bytes().windows(3).any(|w| w == b"dev")
}

/// Whether a word the shell expands into file names (`~/Documents/*`,
/// `/srv/www/*.html`) picks them outside the folder the command runs in:
/// what it deletes is chosen only when the line runs, somewhere else.
/// Scratch folders (`/tmp`, `/var/tmp`) are not somewhere else; from
/// home or the root, everything is.
pub(super) fn globs_outside_project(c: &Cmd<'_>) -> bool {
    let Some(cwd) = c.ctx.cwd.to_str() else {
        return true;
    };
    let at_top = cwd == "/" || c.ctx.home.as_deref().is_some_and(|h| h.as_os_str() == cwd);
    c.args().iter().any(|w| {
        if !w.glob {
            return false;
        }
        let r = c.ctx.resolve(&w.value);
        // Strictly below: a glob word never resolves to the folder itself.
        let below = |dir: &str| {
            r.strip_prefix(dir)
                .is_some_and(|rest| rest.starts_with('/'))
        };
        at_top || !(below(cwd) || below("/tmp") || below("/var/tmp"))
    })
}

/// Whether the command runs below `/dev`. A look at the first bytes
/// first (a folder below `/dev` begins with `/`, then more slashes or
/// `./` parts, then `dev`), so the cost does not grow with the folder's
/// length; the component-wise `starts_with` decides.
pub(super) fn in_dev(ctx: &super::place::Place) -> bool {
    let bytes = ctx.cwd.as_os_str().as_encoded_bytes();
    let rest = match bytes.split_first() {
        Some((b'/', rest)) => rest,
        _ => return false,
    };
    let may = match rest.first() {
        Some(b'd') => rest.starts_with(b"dev"),
        Some(b'/' | b'.') => true,
        _ => false,
    };
    may && ctx.cwd.starts_with("/dev")
}

/// An optical drive (`/dev/sr0`), by the name Linux gives it.
fn is_optical(path: &str) -> bool {
    path.strip_prefix("/dev/sr")
        .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a program is handed a whole disk or partition that it is not
/// known to only read the labels of: it may read every file on it, or
/// write it (`ddrescue -f img /dev/sdc`, `e2fsck -fy /dev/sdb1`, `dd
/// if=/dev/sda of=x.img`, `cat /dev/sda1`, `pv x.img > /dev/loop7`).
pub(super) fn hands_a_disk(c: &Cmd<'_>) -> bool {
    // Every path a word names is a part of it (or `~/` and a part), so a
    // disk is named only by a word holding `dev`, or by any word where the
    // command runs below `/dev`: most commands are settled here.
    let in_dev = in_dev(c.ctx);
    if !in_dev
        && !c
            .values()
            .take_while(|v| *v != "--")
            .chain(c.redirects().iter().map(|r| r.target.value.as_str()))
            .any(|v| mentions_dev(v) || windows_device(v))
    {
        return false;
    }
    // libguestfs's tools name the image's own disks `/dev/sda…` inside it
    // (`guestfish -a vm.img run : mkfs ext4 /dev/sda1`): only what they
    // are handed (`-a`, `--add`) is this machine's.
    if c.is(GUEST_TOOLS) {
        return c
            .option_values(&["-a", "--add"])
            .iter()
            .any(|v| names_disk(c.ctx, v));
    }
    if in_a_guest(c) {
        return false;
    }
    if c.name.is_empty()
        || c.is(DISK_METADATA)
            // A new label written onto the file system (`e2label
            // /dev/mmcblk0p3 data_b`): the device is changed.
            && !(c.name.ends_with("label") && c.operands().len() > 1)
        || c.name.starts_with("mkfs")
        // wipefs without `-a` or `-o` lists the signatures it finds
        // (`wipefs -O DEVICE,TYPE,UUID /dev/sdc1`).
        || c.is(&["wipefs"]) && rehearses_format(c)
        || (c.is(&["hdparm"]) && !c.flag(HDPARM_WRITES))
        // mdadm's questions about an array or a member (`--examine`,
        // `--detail`, `--query`) read its superblock.
        || (c.is(&["mdadm"])
            && c.flag(&["-E", "--examine", "-D", "--detail", "-Q", "--query", "--detail-platform"])
            && !c.flag(&["--zero-superblock", "--create", "-C", "--grow", "-G", "--build", "-B", "--assemble", "-A", "--manage", "--fail", "-f", "--remove", "-r", "--add", "-a", "--stop", "-S"]))
        // badblocks reads unless told to write: `-w` (refused, above) or
        // `-n`, which writes each block back and can lose data on a fault.
        || (c.is(&["badblocks"]) && !c.flag(&["-n"]))
        // `tune2fs -l` lists the superblock; `blockdev --getsize64` and
        // `--report` read sizes (its `--set…` options write).
        || (c.is(&["tune2fs"])
            && c.flag(&["-l"])
            && c.args().iter().all(|w| w.value == "-l" || !w.value.starts_with('-')))
        || (c.is(&["blockdev"])
            && c.args().iter().all(|w| {
                !w.value.starts_with('-') || w.value.starts_with("--get") || w.value == "--report"
            }))
        || super::dryrun::cryptsetup_only_shows(&c.name, c.args())
        // util-linux's partx told only to show the kernel's partitions.
        || (c.is(&["partx"])
            && c.flag(&["-s", "--show"])
            && !c.flag(&["-a", "--add", "-d", "--delete", "-u", "--update"]))
        // macOS's `diskutil info DISK` and `diskutil list DISK` show it.
        || (c.is(&["diskutil"])
            && c.operands().first().is_some_and(|w| {
                matches!(w.value.as_str(), "info" | "information" | "list" | "activity")
            }))
        // `wipefs -n`: what would be wiped is shown. A bare `wipefs DEV`
        // only lists too, but one letter from wiping: it asks.
        || super::dryrun::rehearses_as(&c.name, c.args())
    {
        return false;
    }
    // An optical drive holds a disc, not this machine's files: reading it
    // (`HandBrakeCLI -i /dev/sr0`, `cdparanoia -d /dev/sr0`) loses and
    // shows nothing; only a burner writes it (`wodim dev=/dev/sr0
    // blank=all`).
    let burner = c.is(&[
        "wodim",
        "cdrecord",
        "growisofs",
        "xorriso",
        "cdrskin",
        "xorrecord",
    ]);
    let tape = |p: &str| is_tape(&c.ctx.resolve(p));
    let reads_tape = std::cell::OnceCell::new();
    let disk = |p: &str| {
        windows_device(p)
            || ((mentions_dev(p) || in_dev) && {
                let path = c.ctx.resolve(p);
                (is_block_device(&path) && (burner || !is_optical(&path)))
                    || is_tape(&path)
                        && !*reads_tape.get_or_init(|| super::devices::only_reads_a_tape(c, tape))
            })
    };
    let args = c.args();
    args.iter()
        .enumerate()
        // A message in prose (`git commit -m 'docs: dd of=/dev/sdX wipes
        // the card'`) names no disk it hands anything; a lone path after
        // `-m` still may be one.
        .filter(|(i, w)| {
            !(w.value.contains(char::is_whitespace) && crate::parse::programs::is_message(args, *i))
        })
        .map(|(_, w)| w.value.as_str())
        .take_while(|v| *v != "--")
        // And a disk quoted inside a program's own code (`clickhouse-local
        // --query "SELECT … FROM file('/dev/nvme0n1', 'RawBLOB')"`); not
        // one only mentioned in text (`git log -S 'mkfs /dev/sda'`).
        .flat_map(|v| {
            let quoted = v
                .contains(['\'', '"'])
                .then(|| crate::parse::quoted_strings(v));
            named_paths(v)
                .into_iter()
                .chain(quoted.into_iter().flatten().map(str::to_owned))
        })
        .chain(c.redirects().iter().map(|r| r.target.value.clone()))
        .any(|p| disk(&p))
}

/// A tape drive (`/dev/st0`, `/dev/nst0`, the BSDs' `/dev/sa0`,
/// Solaris's `/dev/rmt/0`, `/dev/tape/by-id/…`): an archive written to it
/// (`tar -cvf /dev/st0 /srv`) overwrites the backups it holds.
fn is_tape(path: &str) -> bool {
    let Some(dev) = path.strip_prefix("/dev/") else {
        return false;
    };
    let numbered = |prefix: &str| {
        dev.strip_prefix(prefix)
            .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
    };
    ["st", "nst", "sa", "nsa"].iter().any(|p| numbered(p))
        || dev.starts_with("rmt/")
        || dev.starts_with("tape/")
}

/// A Windows raw device path (`\\.\PhysicalDrive1`, `\\.\C:`,
/// `//./PhysicalDrive0`): a whole disk or volume, as Windows programs run
/// from WSL name them (`wsl.exe --mount`, `dd.exe`, `qemu-img.exe`).
pub(super) fn windows_device(v: &str) -> bool {
    let Some(rest) = v.strip_prefix(r"\\.\").or_else(|| v.strip_prefix("//./")) else {
        return false;
    };
    let lower = rest.to_ascii_lowercase();
    lower.starts_with("physicaldrive")
        || lower.starts_with("harddisk")
        || (lower.len() == 2 && lower.ends_with(':'))
}

/// libguestfs's tools: their words act inside a disk image.
pub(super) const GUEST_TOOLS: &[&str] = &[
    "guestfish",
    "guestmount",
    "virt-rescue",
    "virt-format",
    "virt-resize",
    "virt-sparsify",
    "virt-customize",
    "virt-sysprep",
    "virt-copy-in",
    "virt-copy-out",
    "virt-edit",
    "virt-cat",
    "virt-ls",
    "virt-tar-in",
    "virt-tar-out",
];

/// Whether a command is one a libguestfs tool's words may run inside its
/// image (`guestfish … : mkfs ext4 /dev/sda1`): its disks are the image's.
fn in_a_guest(c: &Cmd<'_>) -> bool {
    c.command.possible
        && c.command
            .via
            .iter()
            .any(|v| GUEST_TOOLS.contains(&v.as_str()))
}

/// Programs that format or wipe what they are given.
const FORMATTERS: &[&str] = &[
    "mkfs*",
    "mke2fs",
    "mkswap",
    "wipefs",
    "blkdiscard",
    "newfs*",
];

/// The words a formatter is given that name what it formats: its
/// operands, past the values of the options that take one. A word in a
/// value's place that names a disk is still a target: an option one
/// formatter takes a value for is another's switch (mke2fs's `-I 256` is
/// an inode size, mkfs.vfat's `-I` lets it format a whole disk:
/// `mkfs.vfat -I /dev/mmcblk0`).
fn format_targets<'a>(c: &Cmd<'a>) -> Vec<&'a crate::parse::Word> {
    const VALUES: &[&str] = &[
        "-t", "-L", "-n", "-b", "-O", "-E", "-i", "-I", "-j", "-J", "-l", "-m", "-N", "-o", "-U",
        "-C", "-F", "-s", "-c", "-r", "-T", "-z", "-d", "-e", "-G", "-M", "-g", "-p", "-q",
    ];
    let mut out = Vec::new();
    let mut skip = false;
    for w in c.args() {
        let v = w.value.as_str();
        if skip {
            skip = false;
            if !names_disk(c.ctx, v) {
                continue;
            }
        } else if v.starts_with('-') {
            // mkfs.vfat's `-C` takes no value; mkfs.ext4's `-F` neither.
            skip = VALUES.contains(&v) && !matches!(v, "-C" | "-F" | "-q");
            continue;
        }
        out.push(w);
    }
    out
}

/// mke2fs's `-n` shows what it would make, and writes nothing; wipefs
/// without `-a` or `-o`, or with `-n`, only lists what it would wipe.
fn rehearses_format(c: &Cmd<'_>) -> bool {
    super::dryrun::rehearses_as(&c.name, c.args())
        || c.is(&["wipefs"]) && !c.flag(&["-a", "--all", "-o", "--offset"])
}

/// Whether a formatter certainly formats or wipes a disk: a block device
/// among what it is given (`mkfs.ext4 /dev/sdb1`, `wipefs -a /dev/sda`,
/// `nvme format /dev/nvme0n1`). The blocked tier.
pub(super) fn formats_a_disk(c: &Cmd<'_>) -> bool {
    let disk = |v: &str| names_disk(c.ctx, v);
    if c.is(&["nvme"]) {
        let ops: Vec<&str> = c.operands().iter().map(|w| w.value.as_str()).collect();
        return matches!(ops.first(), Some(&("format" | "sanitize")));
    }
    // Windows's `format C:`: the drive's file system made anew.
    if c.is(&["format", "format.com"]) {
        // (Its `/?` prints help: no rule sees a command that only does.)
        return c
            .operands()
            .iter()
            .any(|w| matches!(w.value.as_bytes(), [d, b':'] if d.is_ascii_alphabetic()));
    }
    // A LUKS header written over a disk (`cryptsetup luksFormat
    // /dev/sdb`), or its key slots erased: what it held is gone.
    if c.is(&["cryptsetup"]) {
        let ops = c.operands();
        return ops
            .first()
            .is_some_and(|w| matches!(w.value.as_str(), "luksFormat" | "erase" | "luksErase"))
            && ops.iter().skip(1).any(|w| disk(&w.value));
    }
    // The system's own ZFS pool or its boot environments destroyed
    // (`zpool destroy -f rpool`, `zfs destroy -r zroot/ROOT`): the
    // installed system's file systems. A snapshot (`@`) is not them.
    if c.is(&["zpool", "zfs"]) {
        let ops = c.operands();
        // A pool made over whole disks, told to write over what they
        // hold (`zpool create -f tank /dev/sdc`).
        if c.is(&["zpool"]) && ops.first().is_some_and(|w| w.value == "create") {
            return c.flag(&["-f"])
                && !c.flag(&["-n"])
                && ops.iter().skip(1).any(|w| disk(&w.value));
        }
        return ops.first().is_some_and(|w| w.value == "destroy")
            && !c.flag(&["-n"])
            && ops.iter().skip(1).any(|w| {
                let v = w.value.as_str();
                let (pool, rest) = v.split_once('/').unwrap_or((v, ""));
                !v.contains('@')
                    && (matches!(pool, "rpool" | "zroot" | "bpool") && rest.is_empty()
                        || rest == "ROOT"
                        || rest.starts_with("ROOT/"))
            });
    }
    // libguestfs's virt-format makes every disk it is given (`-a`) one
    // empty file system: a device is wiped.
    if c.is(&["virt-format"]) {
        return c.option_values(&["-a", "--add"]).iter().any(|v| disk(v));
    }
    // An ATA secure erase (`hdparm --security-erase PASS /dev/sda`): the
    // drive's firmware clears every block.
    if c.is(&["hdparm"]) {
        return c.flag(&["--security-erase", "--security-erase-enhanced"])
            && c.operands().iter().any(|w| disk(&w.value));
    }
    // An array made of whole disks (`mdadm --create /dev/md0 --level=1
    // /dev/sda /dev/sdb`): each gets the array's superblock and, once it
    // syncs, the other member's blocks.
    if c.is(&["mdadm"]) {
        return c.flag(&["--create", "-C", "--build", "-B"])
            && c.operands()
                .iter()
                .skip(1)
                .any(|w| disk(&w.value) && !w.value.starts_with("/dev/md"));
    }
    // A disk made an LVM physical volume with the tool told to wipe the
    // signatures it finds there, unasked (`pvcreate -ff -y /dev/sdc`,
    // `vgcreate -y vg0 /dev/sdd`): its file systems are gone.
    if c.is(&["pvcreate", "vgcreate", "vgextend"]) {
        return c.flag(&["-f", "--force", "-y", "--yes"])
            && !super::dryrun::rehearses_as(&c.name, c.args())
            && c.operands().iter().any(|w| disk(&w.value));
    }
    // macOS's erase of one volume given by its device (`diskutil
    // eraseVolume ExFAT CAM /dev/disk5s1`, `disk5s1`): the partition gets
    // a new, empty file system, as under `mkfs`.
    if c.is(&["diskutil"]) {
        return c.operands().first().is_some_and(|w| {
            matches!(
                w.value.to_ascii_lowercase().as_str(),
                "erasevolume" | "reformat"
            )
        }) && c
            .operands()
            .iter()
            .skip(1)
            .any(|w| c.ctx.is_mac_slice(&w.value));
    }
    // badblocks' write test overwrites every block.
    if c.is(&["badblocks"]) {
        return c.flag(&["-w"]) && c.operands().iter().any(|w| disk(&w.value));
    }
    if !c.is(FORMATTERS)
        || super::dryrun::prints_only(&c.name, c.command.argv.first(), c.args())
        || rehearses_format(c)
        || in_a_guest(c)
    {
        return false;
    }
    format_targets(c)
        .iter()
        .any(|w| (w.literal || w.glob) && disk(&w.value))
}

/// Whether a formatter formats or wipes something askrisky cannot tell
/// is a disk: an image file, a word known only when it runs, or (for
/// wipefs) a look at what it would wipe. Asks, without refusing.
pub(super) fn formats_something_else(c: &Cmd<'_>) -> bool {
    // virt-format given an image (`-a disk.qcow2`): what the image held.
    if c.is(&["virt-format"]) {
        return !formats_a_disk(c);
    }
    // (A formatter a libguestfs tool runs in its image formats what the
    // image holds: asked, as for an image file.)
    if !c.is(FORMATTERS)
        || super::dryrun::rehearses_as(&c.name, c.args())
        || super::dryrun::prints_only(&c.name, c.command.argv.first(), c.args())
        || formats_a_disk(c)
    {
        return false;
    }
    // A bare wipefs lists what it would wipe, one option away from wiping
    // it: it asks too (on a disk, the rule for disks handed to a program
    // says so).
    !rehearses_format(c)
        || !format_targets(c)
            .iter()
            .any(|w| names_disk(c.ctx, &w.value))
}

/// Whether sed rewrites its files in place told to print only what its
/// script prints (`sed -n -i 's/a/b/p' f`, `sed -ni …`): every line the
/// script does not print is gone from the file.
pub(super) fn sed_keeps_only_printed(c: &Cmd<'_>) -> bool {
    if !matches!(c.name.as_str(), "sed" | "gsed") {
        return false;
    }
    let (mut quiet, mut in_place) = (false, false);
    for w in c.args() {
        let v = w.value.as_str();
        if v == "--" {
            break;
        }
        if let Some(long) = v.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or_default();
            quiet |= matches!(name, "quiet" | "silent");
            in_place |= name == "in-place";
        } else if let Some(letters) = v.strip_prefix('-') {
            // A cluster of letters: `-i` takes the rest as its suffix, `-e`
            // and `-f` the rest or the next word as their value.
            for ch in letters.chars() {
                match ch {
                    'n' => quiet = true,
                    'i' => {
                        in_place = true;
                        break;
                    }
                    'e' | 'f' | 'l' => break,
                    _ => {}
                }
            }
        }
    }
    quiet && in_place
}

/// Whether a copier fills a file that was there with zeros or noise
/// (`dd if=/dev/zero of=~/vm/disk.img`): into it in place (`conv=notrunc`),
/// or over a file outside the working folder and the scratch folders.
/// Making a new blank file in the project (`dd if=/dev/zero of=disk.img
/// count=64`) is not; devices are the disk rules'.
pub(super) fn zeroes_a_kept_file(c: &Cmd<'_>) -> bool {
    if !matches!(c.name.as_str(), "dd" | "dcfldd" | "dc3dd") {
        return false;
    }
    let value = |key: &str| {
        c.args()
            .iter()
            .rev()
            .find_map(|w| w.value.strip_prefix(key))
    };
    let noise =
        value("if=").is_some_and(|v| matches!(v, "/dev/zero" | "/dev/urandom" | "/dev/random"));
    let Some(target) = value("of=") else {
        return false;
    };
    let resolved = c.ctx.resolve(target);
    if super::place::at_or_below(&resolved, "/dev") {
        return false;
    }
    // Any image written over a machine's disk kept outside the project
    // (`dd if=build/os.img of=~/vm/runner.raw conv=notrunc`): the guest's
    // own data is overwritten.
    if !noise {
        return kept_machine_disk(target) && !super::place::below_working_folder(target);
    }
    let in_place = c.args().iter().any(|w| {
        w.value
            .strip_prefix("conv=")
            .is_some_and(|v| v.split(',').any(|f| f == "notrunc"))
    });
    in_place
        || kept_machine_disk(target)
        || !(super::place::below_working_folder(target)
            || super::place::in_scratch_folder(&resolved))
}

/// Whether a path names a virtual machine's disk, kept to be used again:
/// one in a format a copier cannot make (`.qcow2`, `.vmdk`, `.vdi`,
/// `.vhdx`: there must be one already), or one in a folder of machines'
/// disks (`vm/`, `VMs/`, `images/`, an emulator's `.avd`).
fn kept_machine_disk(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let mut parts = lower.split('/').rev();
    let name = parts.next().unwrap_or_default();
    [".qcow2", ".qcow", ".vmdk", ".vdi", ".vhd", ".vhdx"]
        .iter()
        .any(|e| name.ends_with(e))
        || parts.any(|d| {
            matches!(d, "vm" | "vms" | "virtualmachines" | "images" | "libvirt")
                || d.ends_with(".avd")
        })
}

/// Whether a word names a whole disk or partition (the cheap byte search
/// first).
fn names_disk(ctx: &super::place::Place, v: &str) -> bool {
    (mentions_dev(v) || in_dev(ctx)) && super::place::is_disk(&ctx.resolve(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_outside_the_working_folder() {
        let at = |cwd: &str, line: &str| {
            let script = crate::parse::parse(line);
            let mut ctx = super::super::place::Place::example();
            ctx.cwd = cwd.into();
            let command = script.commands.first().unwrap_or_else(|| panic!("{line}"));
            globs_outside_project(&Cmd::new(command, &ctx))
        };
        let project = "/home/user/project";
        // From the root or from home, a glob picks anything.
        for cwd in ["/", "/home/user"] {
            assert!(at(cwd, "rm -f build/*.o"), "{cwd}");
        }
        assert!(!at(project, "rm -f build/*.o"));
        assert!(!at(project, "rm -f /tmp/ci-*.log"));
        // A folder whose name only begins as the project's is another.
        assert!(at(project, "rm -f ../project-old/*"));
        assert!(at(project, "rm -f ~/Documents/*"));
        assert!(!at(project, "rm -f notes.txt"));
    }

    #[test]
    fn below_dev_by_components() {
        let at = |cwd: &str| {
            let mut ctx = super::super::place::Place::example();
            ctx.cwd = cwd.into();
            in_dev(&ctx)
        };
        for cwd in [
            "/dev",
            "/dev/",
            "/dev/disk/by-id",
            "//dev",
            "/./dev/x",
            "/.//dev",
        ] {
            assert!(at(cwd), "{cwd}");
        }
        for cwd in [
            "/devices",
            "/home/dev",
            "/tmp/x/dev",
            "dev",
            "/d",
            "/",
            "/.dev",
            "/srv/dev/sda",
        ] {
            assert!(!at(cwd), "{cwd}");
        }
    }

    #[test]
    fn what_a_word_may_name() {
        assert_eq!(named_paths("~/.zshrc"), ["~/.zshrc"]);
        assert_eq!(
            named_paths("--output=~/.zshrc"),
            ["--output=~/.zshrc", "~/.zshrc"]
        );
        assert_eq!(named_paths("@.env"), ["@.env", ".env"]);
        assert_eq!(named_paths("f=@.env"), ["f=@.env", ".env"]);
        assert_eq!(named_paths("web1:.bashrc"), ["web1:.bashrc", "~/.bashrc"]);
        assert_eq!(
            named_paths("deploy@web1:/etc/cron.d/x"),
            ["deploy@web1:/etc/cron.d/x", "/etc/cron.d/x"]
        );
        assert_eq!(named_paths("gs://b/rc").len(), 0);
        assert_eq!(named_paths("a/b:c"), ["a/b:c"]);
    }

    #[test]
    fn paths_attached_to_short_options() {
        assert_eq!(
            attached_path("-o/usr/local/bin/x"),
            Some("/usr/local/bin/x")
        );
        assert_eq!(attached_path("-o~/.zshrc"), Some("~/.zshrc"));
        assert_eq!(attached_path("-O$HOME/bin/x"), Some("$HOME/bin/x"));
        assert_eq!(attached_path("-oout.bin"), None);
        assert_eq!(attached_path("--out/x"), None);
        assert_eq!(attached_path("-o"), None);
        assert_eq!(attached_path("-é/x"), None);
    }

    #[test]
    fn what_text_of_several_words_may_name() {
        // Each path once, in order of first mention.
        let named = |w| {
            let mut out: Vec<String> = Vec::new();
            for p in embedded_paths(w) {
                if !out.iter().any(|o| o == p) {
                    out.push(p.to_owned());
                }
            }
            out
        };
        assert_eq!(
            named("set terminal dumb; set output '/home/user/.bash_login'"),
            ["/home/user/.bash_login"]
        );
        assert_eq!(
            named("a,~/.zshrc,${HOME}/.profile"),
            ["~/.zshrc", "${HOME}/.profile"]
        );
        assert_eq!(named("x $HOME/.bashrc"), ["$HOME/.bashrc"]);
        assert!(named("fix the build; again").is_empty());
        assert!(named("~/.zshrc").is_empty());
        assert!(named("rel/a.txt b.txt").is_empty());
        assert_eq!(
            named("path=/home/user/.bashrc line='export EDITOR=vim'"),
            ["/home/user/.bashrc"]
        );
        assert_eq!(
            named("drawtext=textfile=/home/user/.netrc:fontcolor=white"),
            ["/home/user/.netrc"]
        );
        assert!(named("https://example.com/a b").is_empty());
        assert!(
            named("ATTACH '$HOME/Library/Application Support/x/Login Data' AS l")
                .contains(&"$HOME/Library/Application Support/x/Login Data".to_owned())
        );
    }
}
