//! Programs that may run a command given in their words, though no table
//! says so: a container or a cluster told what to run (`podman exec db
//! dropdb prod`, `kubectl exec pod -- rm -rf /data`), a sandbox or
//! scheduler wrapping it (`bwrap --bind / / rm -rf ~/data`, `aws-vault
//! exec prod -- aws s3 rb …`), or a client handed a shell command in a
//! string (`mysql -e 'system rm -rf ~/t'`, `sqlite3 db '.shell …'`,
//! `ansible all -m shell -a '…'`, `heroku run 'rake db:reset'`).
//!
//! The threat: each such program was a way around every rule, because the
//! command it ran was only an argument. So for a program that is not known
//! to take only data and files, the words after `--`, or from the first
//! word that names a program the danger set knows, are judged as the
//! command it may run; and a word that reads as shell code is walked as
//! code — speculatively: what it holds counts only where it names such a
//! program, and nothing in it that cannot be read asks (it may be prose).

use super::fleet::{
    ansible_formats, ansible_recursive_modes, ansible_removes, salt_removes, slurm_wrap,
};
use super::walker::Walker;
use super::{Origin, SimpleCommand, Word, programs};

/// Programs whose names, among another program's words, start a command
/// it may run: those the danger set has rules for, shells and
/// interpreters, and tools that act on data, services or hosts.
const COMMAND_WORDS: &[&str] = &[
    "rm",
    "rmdir",
    "shred",
    "dd",
    "mkfs",
    "mke2fs",
    "mkswap",
    "sgdisk",
    "wipefs",
    "chmod",
    "chown",
    "chgrp",
    "mv",
    "cp",
    "ln",
    "truncate",
    "kill",
    "pkill",
    "killall",
    "shutdown",
    "reboot",
    "halt",
    "poweroff",
    "systemctl",
    "service",
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "python",
    "python3",
    "perl",
    "ruby",
    "node",
    "php",
    "curl",
    "wget",
    "nc",
    "ncat",
    "socat",
    "ssh",
    "scp",
    "rsync",
    "tar",
    "git",
    "docker",
    "kubectl",
    "helm",
    "terraform",
    "aws",
    "gcloud",
    "az",
    "sudo",
    "su",
    "doas",
    "pkexec",
    "run0",
    "sudoedit",
    "dropdb",
    "createdb",
    "psql",
    "mysql",
    "mongo",
    "mongosh",
    "redis-cli",
    "rake",
    "rails",
    "bundle",
    "npm",
    "npx",
    "yarn",
    "pnpm",
    "pip",
    "pip3",
    "apt",
    "apt-get",
    "dnf",
    "yum",
    "brew",
    "crontab",
    "at",
    "chroot",
    "mount",
    "umount",
    "find",
    "xargs",
    "env",
    "eval",
    "exec",
    "source",
    "make",
    "cargo",
    "go",
    "java",
    "dotnet",
    "mvn",
    "gradle",
    "sqlite3",
    "chattr",
    "useradd",
    "userdel",
    "usermod",
    "passwd",
    "iptables",
    "nft",
    "ufw",
    "truncate",
    "parted",
    "fdisk",
    "sfdisk",
    "blkdiscard",
    "cryptsetup",
    "lvremove",
    "vgremove",
    "zfs",
    "zpool",
    "btrfs",
    "manage.py",
    "artisan",
    "flask",
    "django-admin",
    "alembic",
    "prisma",
    "knex",
    "sequelize",
    "liquibase",
    "flyway",
];

/// [`TAKE_NO_COMMAND`], asked of every command: one hashed look-up.
static TAKE_NO_COMMAND_SET: crate::util::NameSet<
    { crate::util::slots_for(TAKE_NO_COMMAND.len()) },
> = crate::util::NameSet::new(TAKE_NO_COMMAND);

/// Programs whose words are data, patterns, messages or files, never a
/// command they run (or whose commands their own rules read): a word
/// like `rm` among them is text.
const TAKE_NO_COMMAND: &[&str] = &[
    "echo",
    // OpenOCD's `-c` strings are its own Tcl commands (`init; targets;
    // shutdown` stops OpenOCD), judged by the flashing rules.
    "openocd",
    // `getent passwd "$USER"`: a database's name, not a program.
    "getent",
    // `systemctl reboot`: systemd's verb, judged by the system rules (and
    // its `--dry-run` is heard there), not a `reboot` it runs.
    "systemctl",
    "printf",
    "grep",
    "egrep",
    "fgrep",
    "zgrep",
    "rg",
    "ag",
    "ack",
    "sed",
    "gsed",
    "awk",
    "gawk",
    "mawk",
    "nawk",
    "cat",
    "less",
    "more",
    "head",
    "tail",
    "wc",
    "sort",
    "uniq",
    "cut",
    "tr",
    "jq",
    "yq",
    "git",
    "cargo",
    "rustc",
    "go",
    "gofmt",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "deno",
    "pip",
    "pip3",
    "uv",
    "poetry",
    "ls",
    "cp",
    "mv",
    "rm",
    "ln",
    "mkdir",
    "touch",
    "chmod",
    "chown",
    "diff",
    "cmp",
    "patch",
    "tar",
    "zip",
    "unzip",
    "gzip",
    "xz",
    "zstd",
    "curl",
    "wget",
    "ssh",
    "scp",
    "sftp",
    "rsync",
    "make",
    "cmake",
    "ninja",
    "meson",
    "man",
    // Documentation viewers: `tldr chown`, `cheat sudo` show a page.
    "tldr",
    "tlrc",
    "cheat",
    "whatis",
    "apropos",
    "info",
    "help",
    "which",
    "type",
    "whereis",
    "test",
    "[",
    "expr",
    "bc",
    "dc",
    "basename",
    "dirname",
    "realpath",
    "readlink",
    "stat",
    "file",
    "du",
    "df",
    "tree",
    "find",
    "locate",
    "fd",
    "fdfind",
    "pytest",
    "jest",
    "vitest",
    "mocha",
    "tsc",
    "eslint",
    "prettier",
    "black",
    "ruff",
    "mypy",
    "pylint",
    "shellcheck",
    "shfmt",
    "gh",
    "glab",
    "hub",
    "notify-send",
    "osascript",
    "say",
    "espeak",
    "logger",
    "wall",
    "write",
    "mail",
    "mutt",
    "tee",
    "base64",
    "xxd",
    "od",
    "hexdump",
    "strings",
    "column",
    "fold",
    "fmt",
    "nl",
    "tac",
    "rev",
    "comm",
    "join",
    "paste",
    "split",
    "csplit",
    "seq",
    "yes",
    "date",
    "cal",
    "sleep",
    "true",
    "false",
    "export",
    "setenv",
    "alias",
    "unalias",
    "set",
    "unset",
    "declare",
    "typeset",
    "local",
    "readonly",
    "read",
    "printenv",
    "command",
    "builtin",
    "hash",
    "history",
    "fc",
    "cd",
    "pushd",
    "popd",
    "trap",
    "wait",
    "jobs",
    "fg",
    "bg",
    "disown",
    "exit",
    "return",
    "shift",
    "source",
    ".",
    "eval",
    "exec",
    "time",
    "nice",
    "nohup",
    "timeout",
    "sudo",
    "doas",
    "su",
    "env",
    "xargs",
    "watch",
    "parallel",
    "tmux",
    "screen",
    "vim",
    "vi",
    "nvim",
    "emacs",
    "nano",
    "code",
    "openssl",
    "gpg",
    "age",
    "ssh-keygen",
    "ssh-add",
    "kill",
    "pkill",
    "killall",
    // askrisky's own words are lines it judges; what `exec` runs is a
    // wrapper's command (see `programs`).
    "askrisky",
];

/// [`COMMAND_WORDS`] sorted, for a binary search: asked of every word of
/// every program no table knows.
static COMMAND_WORDS_SORTED: std::sync::LazyLock<Vec<&str>> = std::sync::LazyLock::new(|| {
    let mut words = COMMAND_WORDS.to_vec();
    words.sort_unstable();
    words
});

/// Whether `word`, as a program, is one the danger set knows. A name is
/// read in any case (a case-insensitive volume runs `/bin/rm` for `RM`),
/// except a shell builtin's, which is no file: `EVAL` in `redis-cli EVAL
/// "return redis.call('dbsize')" 0` is the server's command.
fn names_a_command(word: &Word) -> bool {
    let name = programs::program_name_of(&word.value);
    word.literal
        && (COMMAND_WORDS_SORTED.binary_search(&&*name).is_ok()
            // Every file system's maker (`mkfs.vfat`, `mkfs.btrfs`, …).
            || name.starts_with("mkfs."))
        && !(matches!(&*name, "eval" | "source" | "trap" | "alias" | "exec")
            && word.value.bytes().any(|b| b.is_ascii_uppercase()))
}

/// Sandboxes and namespace tools: what follows their options is the
/// command they run.
const SANDBOXES: &[&str] = &[
    "bwrap",
    "nsenter",
    "unshare",
    "systemd-nspawn",
    "proot",
    "fakeroot",
    "fakechroot",
    "flatpak-spawn",
    "firejail",
    "toolbox",
    "distrobox-enter",
    "schroot",
    "lxc-attach",
    "lxc-execute",
    "ip",
];

/// [`SUBCOMMAND_TOOLS`], asked of every command no table knows.
static SUBCOMMAND_TOOLS_SET: crate::util::NameSet<
    { crate::util::slots_for(SUBCOMMAND_TOOLS.len()) },
> = crate::util::NameSet::new(SUBCOMMAND_TOOLS);

/// Tools whose first word is one of their own subcommands, even where it
/// is also a program's name (`docker rm`, `lxc delete`, `brew link`).
const SUBCOMMAND_TOOLS: &[&str] = &[
    "docker",
    "podman",
    "nerdctl",
    "kubectl",
    "oc",
    "helm",
    "lxc",
    "incus",
    "multipass",
    "vagrant",
    "brew",
    "apt",
    "apt-get",
    "dnf",
    "yum",
    "zypper",
    "pacman",
    "snap",
    "flatpak",
    "gem",
    "conda",
    "mamba",
    "aws",
    "gcloud",
    "az",
    "gsutil",
    "rclone",
    "mc",
    "hdfs",
    "s3cmd",
    "heroku",
    "fly",
    "flyctl",
    "vercel",
    "netlify",
    "firebase",
    "doctl",
    "ibmcloud",
    "oci",
    "terraform",
    "pulumi",
    "nomad",
    "consul",
    "vault",
    "systemd-run",
    "git-lfs",
    "dvc",
    "restic",
    "borg",
    "kopia",
    "duplicity",
    "ipfs",
    "gh",
    "glab",
    "hub",
    "npx",
    "pnpx",
    "rustup",
    "nvm",
    "pyenv",
    "rbenv",
    "asdf",
    "mise",
    "sdk",
    "adb",
    "fastboot",
    // Content systems' consoles: `wp eval CODE` and `drush ev CODE` run
    // PHP, not the shell's `eval` (judged as the PHP it is).
    "wp",
    "drush",
];

/// Subcommand words that hand what follows to something that runs it: a
/// container, a pod, a machine (`podman exec db …`, `docker compose run
/// web …`, `kubectl debug …`, `heroku run …`).
const RUNS_WHAT_FOLLOWS: &[&str] = &[
    "exec",
    "run",
    "enter",
    "shell",
    "debug",
    "ssh",
    "rsh",
    "attach",
    "execute",
    "netns",
    "cmd.run",
    "cmd.script",
];

/// Where, in a command's words, a command it may run starts: after `--`
/// (when a word follows that is no option); or, for a sandbox or after a
/// subcommand that runs what follows (`exec`, `run`), at the first later
/// word that names a program the danger set knows. Never the first word,
/// where a tool takes its subcommand, and never a subcommand's own name
/// (`aws s3 rm …` removes objects, it runs no `rm`). `None` when there is
/// none.
fn command_start(name: &str, args: &[Word]) -> Option<usize> {
    if let Some(dashes) = args.iter().position(|w| w.literal && w.value == "--")
        && args
            .get(dashes + 1)
            .is_some_and(|w| !w.value.starts_with('-') && !w.value.is_empty())
    {
        return Some(dashes + 1);
    }
    if let Some(at) = container_command(name, args) {
        return Some(at);
    }
    let from = if SANDBOXES.contains(&name) {
        0
    } else if let Some(at) = args
        .iter()
        .position(|w| w.literal && RUNS_WHAT_FOLLOWS.contains(&w.value.as_str()))
    {
        at
    } else if !SUBCOMMAND_TOOLS_SET.contains(name) {
        // A program no table knows, with a program's name among its words,
        // may run it with the words after it: a wrapper (`noglob rm -rf
        // ~` where a `noglob` on PATH runs its words), or a tool that runs
        // a command on other hosts after its own options (`pdsh -w
        // web[01-10] reboot`, `clush -a rm -rf /srv/x`). Not a message.
        let windows = name.ends_with(".exe") || programs::is_windows_tool(name);
        return args.iter().enumerate().position(|(i, w)| {
            names_a_command(w)
                    && !programs::is_message(args, i)
                    // Windows tools' `key= value` (`sc.exe query type=
                    // service`): the word is the key's value. Only theirs:
                    // elsewhere a word ending in `=` may be anything.
                    && !(windows
                        && i.checked_sub(1)
                            .and_then(|b| args.get(b))
                            .is_some_and(|b| b.value.len() > 1 && b.value.ends_with('=')))
        });
    } else {
        return None;
    };
    args.iter()
        .enumerate()
        .skip(from.max(1))
        .skip_while(|(i, _)| *i == from)
        .find(|(_, w)| names_a_command(w))
        .map(|(i, _)| i)
}

/// Options of the container engines (`docker`, `podman`, `nerdctl`, and
/// their compose tools), before the subcommand and after `exec` or `run`,
/// that take the next word as their value.
const CONTAINER_VALUED: &[&str] = &[
    "-H",
    "--host",
    "-c",
    "--context",
    "--config",
    "-l",
    "--log-level",
    "-f",
    "--file",
    "-p",
    "--project-name",
    "--profile",
    "--env-file",
    "--project-directory",
    "-e",
    "--env",
    "-u",
    "--user",
    "-w",
    "--workdir",
    "--detach-keys",
    "-v",
    "--volume",
    "--mount",
    "--name",
    "--network",
    "--net",
    "--entrypoint",
    "-m",
    "--memory",
    "--cpus",
    "--label",
    "--platform",
    "--add-host",
    "--device",
    "--cap-add",
    "--cap-drop",
    "--security-opt",
    "--tmpfs",
    "--ulimit",
    "-h",
    "--hostname",
    "--dns",
    "--restart",
    "--pull",
    "--gpus",
    "--shm-size",
    "--volumes-from",
    "--log-driver",
    "--log-opt",
    "--pid",
    "--ipc",
    "--runtime",
    "--expose",
    "--publish",
    "--network-alias",
    "--ip",
    "--mac-address",
    "--cidfile",
    "--stop-signal",
    "--stop-timeout",
    "--health-cmd",
    "--userns",
    "--uts",
    "--cgroupns",
    "--group-add",
    "--link",
    "--index",
];

/// Where the command a container engine runs starts: `docker exec [OPTIONS]
/// CONTAINER COMMAND…`, `docker run [OPTIONS] IMAGE COMMAND…`, `docker
/// compose exec|run [OPTIONS] SERVICE COMMAND…` — the word after the
/// container, whatever program it names (`docker exec -it sched airflow db
/// reset -y`). `None` for every other form.
fn container_command(name: &str, args: &[Word]) -> Option<usize> {
    if !matches!(
        name,
        "docker" | "podman" | "nerdctl" | "docker-compose" | "podman-compose"
    ) {
        return None;
    }
    let mut i = 0;
    let mut subcommand = name.ends_with("-compose").then_some("compose");
    let mut operand = false;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        if !w.literal {
            return None;
        }
        if v.starts_with('-') {
            if CONTAINER_VALUED.contains(&v) {
                i += 1;
            }
        } else if operand {
            return Some(i);
        } else {
            match (subcommand, v) {
                (None, "compose" | "container") => subcommand = Some(v),
                (None | Some("compose" | "container"), "exec" | "run") => {
                    subcommand = Some(v);
                }
                (Some("exec" | "run"), _) => operand = true,
                _ => return None,
            }
        }
        i += 1;
    }
    None
}

/// Where, among the words of a program no table knows, a command it may
/// run starts (see [`command_start`]): the words from there are that
/// command's, not the program's own subcommand (`dtach -n s make
/// release` makes a release only if make's rules say so).
/// Only a program named bare starts one, or any after a sandbox's
/// options: elsewhere a path that ends in a program's name is more likely
/// a file the program writes (`gcc -o ~/.local/bin/git shim.c`).
pub fn wrapped_at(name: &str, args: &[Word]) -> Option<usize> {
    if TAKE_NO_COMMAND_SET.contains(name) || programs::is_shell(name) {
        return None;
    }
    command_start(name, args).filter(|at| {
        SANDBOXES.contains(&name) || args.get(*at).is_some_and(|w| !w.value.contains('/'))
    })
}

/// The text of a word that may be a shell command: one with a blank or an
/// operator in it, or the value of `key=VALUE` that has one.
fn code_text(word: &Word) -> Option<&str> {
    if !word.literal {
        return None;
    }
    let v = word.value.as_str();
    let code = |s: &str| s.contains([' ', '\t', '\n', ';', '|', '&']);
    // `key=VALUE`, `--opt=VALUE`: the value.
    if let Some((key, rest)) = v.split_once('=')
        && !key.is_empty()
        && key
            .trim_start_matches('-')
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
    {
        return Some(rest).filter(|r| code(r));
    }
    Some(v).filter(|v| code(v) && !v.starts_with('-'))
}

/// Files tools load from the folder they run in and run as code, by tool:
/// written on the line and then the tool run, the line runs code of its
/// own making, unseen (`echo '{"scripts":{"postinstall":…}}' >
/// package.json && npm install`, `cat > conftest.py …; pytest`).
const AUTOLOADED: &[(&[&str], &[&str])] = &[
    (
        &["npm", "pnpm", "yarn", "bun", "npx", "pnpx"],
        &[
            "package.json",
            ".npmrc",
            ".yarnrc",
            ".yarnrc.yml",
            ".pnpmfile.cjs",
        ],
    ),
    (
        &["pytest", "py.test"],
        &[
            "conftest.py",
            "pytest.ini",
            "pyproject.toml",
            "setup.cfg",
            "tox.ini",
        ],
    ),
    (
        &[
            "python", "python3", "pip", "pip3", "uv", "poetry", "pdm", "hatch",
        ],
        &[
            "sitecustomize.py",
            "usercustomize.py",
            "setup.py",
            "pyproject.toml",
            "conftest.py",
        ],
    ),
    (&["direnv"], &[".envrc", ".env"]),
    (&["make", "gmake"], &["Makefile", "makefile", "GNUmakefile"]),
    (&["Rscript", "R"], &[".Rprofile"]),
    (&["cargo"], &["build.rs", "Cargo.toml", "config.toml"]),
    (
        &["gradle", "gradlew", "./gradlew"],
        &[
            "build.gradle",
            "build.gradle.kts",
            "settings.gradle",
            "settings.gradle.kts",
            "gradle.properties",
            "init.gradle",
        ],
    ),
    (&["mvn", "mvnw", "./mvnw"], &["pom.xml", "extensions.xml"]),
    (&["bundle", "rake", "rails"], &["Gemfile", "Rakefile"]),
    (&["composer"], &["composer.json"]),
    (&["tox"], &["tox.ini"]),
    (&["nox"], &["noxfile.py"]),
    (&["just"], &["justfile", "Justfile", ".justfile"]),
    (&["task"], &["Taskfile.yml", "Taskfile.yaml"]),
    (&["pre-commit"], &[".pre-commit-config.yaml"]),
    (&["go"], &["go.mod", "go.work"]),
    // JavaScript tools whose config file is a module they run
    // (`tee .eslintrc.cjs <<< '…' && eslint .`).
    (
        &["eslint"],
        &[
            ".eslintrc.js",
            ".eslintrc.cjs",
            "eslint.config.js",
            "eslint.config.mjs",
            "eslint.config.cjs",
            "eslint.config.ts",
        ],
    ),
    (
        &["prettier"],
        &[
            ".prettierrc.js",
            ".prettierrc.cjs",
            "prettier.config.js",
            "prettier.config.cjs",
            "prettier.config.mjs",
        ],
    ),
    (
        &["jest"],
        &[
            "jest.config.js",
            "jest.config.ts",
            "jest.config.mjs",
            "jest.config.cjs",
            "babel.config.js",
        ],
    ),
    (
        &["vite", "vitest"],
        &[
            "vite.config.js",
            "vite.config.ts",
            "vite.config.mjs",
            "vitest.config.js",
            "vitest.config.ts",
        ],
    ),
    (
        &["webpack", "webpack-cli"],
        &["webpack.config.js", "webpack.config.ts", "babel.config.js"],
    ),
    (&["mocha"], &[".mocharc.js", ".mocharc.cjs"]),
    (
        &["stylelint"],
        &["stylelint.config.js", ".stylelintrc.js", ".stylelintrc.cjs"],
    ),
    (&["babel"], &["babel.config.js", ".babelrc.js"]),
];

/// Options, of any tool, whose value is a program the tool runs.
const PROGRAM_OPTIONS: &[&str] = &[
    "--script-shell",
    "--shell",
    "--rsh",
    "--editor",
    "--pager",
    "--exec",
    "--use-compress-program",
    "--compress-program",
    "--to-command",
    "--interpreter",
    "--runner",
    "--wrapper",
    "--launcher",
    "--ssh",
    "--ssh-command",
];

impl Walker {
    /// A tool run after the line wrote a file it loads and runs as code
    /// (see [`AUTOLOADED`]): what runs is known only when it runs.
    pub(super) fn runs_what_it_wrote(&mut self, cmd: &SimpleCommand, name: &str) {
        if self.writes.is_empty() {
            return;
        }
        // direnv's `.envrc` the line wrote whole (`cat > .envrc <<'EOF' …
        // EOF; direnv allow .`): the shell code it loads, judged as code.
        if name == "direnv"
            && !self.writes.may_have_written(".env")
            && let Some(text) = self.written_whole(&Word::literal(".envrc"))
        {
            self.source_for("direnv", &text, Origin::File, cmd.depth + 1);
            return;
        }
        let loaded = AUTOLOADED
            .iter()
            .find(|(tools, _)| tools.contains(&name))
            .is_some_and(|(_, files)| files.iter().any(|f| self.writes.may_have_written(f)));
        // A shell's start-up file named on its line (`bash --rcfile rc`),
        // or any tool's option that names a program it runs (`npm run
        // build --script-shell /tmp/sh`, `rsync --rsh ./ssh.sh`).
        let rcfile = programs::is_shell(name)
            && programs::option_values(cmd.args(), &["--rcfile", "--init-file"])
                .iter()
                .any(|f| self.writes.may_have_written(f));
        let program_option = programs::option_values(cmd.args(), PROGRAM_OPTIONS)
            .iter()
            .any(|f| {
                let program = f.split_whitespace().next().unwrap_or_default();
                self.writes.may_have_written(program)
            });
        if loaded || rcfile || program_option {
            self.problem(super::Problem::DynamicCode {
                program: name.to_owned(),
            });
        }
    }

    /// For a program no table knows, the command it may run from its
    /// words (see the module docs), returned to be looked through like a
    /// wrapper's; code in its strings is walked here.
    pub(super) fn unknown_runner(
        &mut self,
        cmd: &SimpleCommand,
        name: &str,
    ) -> Option<SimpleCommand> {
        if TAKE_NO_COMMAND_SET.contains(name) || programs::is_shell(name) {
            return None;
        }
        let args = cmd.args();
        // Ansible told only to list what it would reach runs nothing.
        if name.starts_with("ansible")
            && programs::has_flag(
                args,
                &[
                    "--list-hosts",
                    "--list-tasks",
                    "--list-tags",
                    "--syntax-check",
                ],
            )
        {
            return None;
        }
        let depth = cmd.depth + 1;
        // A general-purpose language's inline code is that language's, and
        // judged as such (what it runs, by the names that run programs):
        // read as shell, `perl -e 'print "rm -rf ~\n"'` would delete.
        let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        let own_code = matches!(
            base,
            "perl" | "ruby" | "python" | "pypy" | "node" | "nodejs" | "php" | "lua" | "luajit"
        )
        .then(|| super::interpreters::inline_code_flags(base))
        .flatten()
        .unwrap_or_default();
        // What a fleet or release tool is told to run, walked as the
        // command it is (the words that held it are not read again).
        let handed = self.fleet_lines(name, args, depth);
        let slurm = (name == "sbatch").then(|| slurm_wrap(args)).flatten();
        if let Some((_, text, true)) = slurm {
            self.source(text, Origin::ShellString, depth);
        }
        let rpm = matches!(name, "rpm" | "rpmbuild" | "rpmspec" | "rpmdev-bumpspec");
        // certbot's rehearsal runs its pre- and post-hooks, never its
        // deploy hooks (`certbot renew --dry-run --deploy-hook 'systemctl
        // reload postfix'`).
        let certbot_rehearses = name == "certbot"
            && super::option_values::has_rehearsal_flag(name, args, &["--dry-run"]);
        let unrun_hook = |i: usize| {
            certbot_rehearses
                && (args.get(i).is_some_and(|w| {
                    ["--deploy-hook=", "--renew-hook="]
                        .iter()
                        .any(|o| w.value.starts_with(o))
                }) || i
                    .checked_sub(1)
                    .and_then(|p| args.get(p))
                    .is_some_and(|f| matches!(f.value.as_str(), "--deploy-hook" | "--renew-hook")))
        };
        for (i, w) in args.iter().enumerate() {
            if programs::is_message(args, i)
                || unrun_hook(i)
                || handed.holds(i)
                || slurm.is_some_and(|(at, _, _)| at == i)
            {
                continue;
            }
            let is_code = i
                .checked_sub(1)
                .and_then(|p| args.get(p))
                .is_some_and(|f| own_code.contains(&f.value.as_str()));
            if let Some(text) = code_text(w).filter(|_| !is_code) {
                self.speculate(text, depth);
            }
            // rpm's shell macro runs its text as a shell command when the
            // macro is expanded (`rpm --eval '%(curl … | sh)'`).
            if rpm {
                for text in rpm_shell_macros(&w.value) {
                    self.source(text, Origin::ShellString, depth);
                }
            }
            // The shell commands the code plainly runs (`php -r
            // 'exec("rm -rf /home");'`): not a guess.
            if is_code && w.literal {
                for text in
                    super::interpreters::shell_call_strings(&w.value, programs::is_python(name))
                {
                    self.source(text, Origin::ShellString, depth);
                }
            }
            // A document of strings (`'{"execute":"guest-exec",
            // "arguments":{"path":"/sbin/reboot"}}'`): a string in it that
            // names a program may be one it runs.
            if w.literal && w.value.starts_with(['{', '[']) {
                for s in super::quoted_strings(&w.value) {
                    self.speculate(s, depth);
                }
            }
            // A file the line wrote, handed to it (`printf 'exec "rm -rf
            // x"' > c.nims && nim e c.nims`): its text, and the strings in
            // it, may be commands it runs.
            if let Some(text) = self.written_peek(w) {
                self.speculate(&text, depth);
                for s in super::quoted_strings(&text) {
                    self.speculate(s, depth);
                }
            }
        }
        let removes = match name {
            "ansible" => ansible_removes(args).map(|path| vec!["rm", "-rf", "--", path]),
            "salt" | "salt-call" | "salt-ssh" => {
                salt_removes(args).map(|path| vec!["rm", "-rf", "--", path])
            }
            _ => None,
        };
        // Not a guess: the module deletes what it names, recursively, or
        // makes a file system on the device it names.
        let acts = removes
            .or_else(|| (name == "ansible").then(|| ansible_formats(args)).flatten())
            .or_else(|| {
                (name == "ansible")
                    .then(|| ansible_recursive_modes(args))
                    .flatten()
            });
        if let Some(argv) = acts {
            let mut inner = cmd.clone();
            inner.argv = argv.into_iter().map(Word::literal).collect();
            inner.via.push(name.to_owned());
            inner.origin = Origin::Wrapper;
            return Some(inner);
        }
        // vcstool's `custom` runs its `--args` as a version-control
        // command in every repository below (`vcs custom src --git --args
        // clean -fdx` is `git clean -fdx`, in each).
        if name == "vcs"
            && args.first().is_some_and(|w| w.value == "custom")
            && let Some(at) = args.iter().position(|w| w.value == "--args")
        {
            let before = args.get(..at).unwrap_or_default();
            let tool = ["hg", "svn", "bzr"]
                .into_iter()
                .find(|t| {
                    before
                        .iter()
                        .any(|w| w.value.strip_prefix("--") == Some(*t))
                })
                .unwrap_or("git");
            let mut inner = cmd.clone();
            inner.argv = std::iter::once(Word::literal(tool))
                .chain(args.get(at + 1..).unwrap_or_default().iter().cloned())
                .collect();
            inner.via.push(name.to_owned());
            inner.origin = Origin::Wrapper;
            return Some(inner);
        }
        // A device's, a VM's or a host's shell opened by a tool's `ssh`
        // subcommand and fed a script on stdin (`echo 'rm -rf /data/*' |
        // balena ssh UUID`): the far side's shell runs it, as ssh's own
        // login shell does. On another machine: it asks, never refused.
        if cmd.stdin_text.is_some() || cmd.stdin_dynamic {
            let mut words = args.iter().filter(|w| !w.value.starts_with('-'));
            // (The device, and maybe the container on it: `balena ssh
            // UUID main`.)
            if words.next().is_some_and(|w| w.value == "ssh") && words.nth(2).is_none() {
                let mut inner = cmd.clone();
                inner.argv = vec![Word::literal("sh")];
                inner.via.push(name.to_owned());
                inner.origin = Origin::Wrapper;
                inner.possible = true;
                return Some(inner);
            }
        }
        let start = command_start(name, args)?;
        let mut inner = cmd.clone();
        inner.argv = args.get(start..).unwrap_or_default().to_vec();
        // A host folder mounted inside (`-v /:/host … rm -rf /host/home`):
        // what the command names below it is the host's.
        // A command that names the host's folder by its mount is the
        // command the container runs, not a guess.
        let mounts = super::mounts::mounts(name, args.get(..start).unwrap_or_default());
        let mut on_host = mounts.iter().any(|(_, inside)| inside.is_empty());
        for w in inner.argv.iter_mut().filter(|_| !mounts.is_empty()) {
            if let Some(host) = super::mounts::on_host(w, &mounts) {
                *w = host;
                on_host = true;
            }
        }
        inner.via.push(name.to_owned());
        inner.origin = Origin::Wrapper;
        inner.possible = cmd.possible || !on_host;
        Some(inner)
    }

    /// The commands a file-transfer client is given: sftp's batch (`-b
    /// FILE`), lftp's (`-c`, `-e`, `-f FILE`) and smbclient's (`-c`). Each
    /// is a command on the far side, read as the program it is named for
    /// may be (`rm`, `rmdir`, `chmod`; `deltree` is `rm -r`, a `mirror`
    /// that deletes is `rsync --delete`), and a `!` line is a command for
    /// the local shell; without any, the commands its stdin shows. Text the line shows is walked (`-b - <<< …`, `-b
    /// <(printf …)`, a file it wrote); text it feeds but cannot show asks;
    /// a file on disk is the person's own, as a script is.
    pub(super) fn file_session(&mut self, name: &str, cmd: &SimpleCommand, depth: u8) {
        let args = cmd.args();
        let (text_options, file_options): (&[char], &[char]) = match name {
            "sftp" => (&[], &['b']),
            "lftp" => (&['c', 'e'], &['f']),
            _ => (&['c'], &[]),
        };
        let mut texts = Vec::new();
        let mut files = Vec::new();
        let mut given = false;
        for (i, w) in args.iter().enumerate() {
            if w.value == "--" {
                break;
            }
            // `-b FILE`, `-bFILE`, or the last letter of a cluster (`-qb`).
            let Some(letters) = w.known().and_then(|v| v.strip_prefix('-')) else {
                continue;
            };
            if letters.starts_with('-') {
                continue;
            }
            let Some((at, letter)) = letters
                .char_indices()
                .find(|(_, c)| text_options.contains(c) || file_options.contains(c))
            else {
                continue;
            };
            let rest = &letters[at + 1..];
            let value = if rest.is_empty() {
                args.get(i + 1).cloned()
            } else {
                Some(Word::literal(rest))
            };
            let Some(value) = value else { continue };
            given = true;
            if text_options.contains(&letter) {
                texts.push(value.known().map(str::to_owned));
            } else {
                files.push(value);
            }
        }
        for file in files {
            let text = if file.process {
                file.output.clone()
            } else if file.known().is_some_and(programs::is_stdin_path) {
                if !cmd.stdin_dynamic && cmd.stdin_text.is_none() {
                    continue;
                }
                cmd.stdin_text.clone().filter(|_| !cmd.stdin_dynamic)
            } else if file.literal {
                match self.written_whole(&file) {
                    Some(text) => Some(text),
                    None => continue,
                }
            } else {
                None
            };
            texts.push(text);
        }
        // Given neither, each reads its commands from stdin: text the line
        // shows there is its batch (`lftp sftp://x <<< 'mirror -R --delete
        // out /in'`, `echo 'rm x' | sftp host`).
        if !given && !cmd.stdin_dynamic {
            texts.extend(cmd.stdin_text.clone().map(Some));
        }
        for text in texts {
            let Some(text) = text else {
                self.problem(super::Problem::DynamicCode {
                    program: name.to_owned(),
                });
                continue;
            };
            for line in text.split(['\n', ';']) {
                // sftp's `-` lets a failure pass, `@` stops the echo.
                let line = line.trim().trim_start_matches(['-', '@']);
                match line.strip_prefix('!') {
                    Some(local) => self.source(local, Origin::ShellString, depth),
                    None => {
                        let from = self.script.commands.len();
                        self.speculate(&session_command(line), depth);
                        self.on_far_side(from, name);
                    }
                }
            }
        }
    }

    /// Maven's exec plugin runs the program its settings name (`mvn
    /// exec:exec -Dexec.executable=sh -Dexec.args='-c "…"'`): the program
    /// and its arguments are walked as a command. Settings known only when
    /// the line runs ask.
    pub(super) fn maven_exec(&mut self, cmd: &SimpleCommand, depth: u8) {
        let args = cmd.args();
        if !args
            .iter()
            .any(|w| w.value.contains("exec:exec") || w.value.contains("exec-maven-plugin"))
        {
            return;
        }
        let setting = |key: &str| {
            args.iter().rev().find_map(|w| {
                let v = w
                    .value
                    .strip_prefix("-D")?
                    .strip_prefix(key)?
                    .strip_prefix('=')?;
                Some((v.to_owned(), w.literal))
            })
        };
        let (program, known) = setting("exec.executable").unwrap_or_default();
        let (words, words_known) = setting("exec.args").unwrap_or((String::new(), true));
        if !known || !words_known {
            self.problem(super::Problem::DynamicCode {
                program: "mvn".into(),
            });
            return;
        }
        if !program.is_empty() {
            self.source(&format!("{program} {words}"), Origin::ShellString, depth);
        }
    }

    /// Marks the commands walked since `from` as run on another machine,
    /// by the client `name` (`ssh host 'rm x'`, an sftp batch's `rm`):
    /// what they delete or change is that machine's.
    pub(super) fn on_far_side(&mut self, from: usize, name: &str) {
        for c in self.script.commands.iter_mut().skip(from) {
            if !c.via.iter().any(|v| v == name) {
                c.via.push(name.to_owned());
            }
        }
    }

    /// Walks `text` as code a program may run: its commands count only
    /// where they name a program the danger set knows (or hold one in
    /// their words), and nothing it holds that cannot be read asks.
    pub(super) fn speculate(&mut self, text: &str, depth: u8) {
        if depth > super::MAX_NESTING {
            return;
        }
        let start = self.script.commands.len();
        let problems = self.script.problems.len();
        self.bounds.speculating += 1;
        self.source(text, Origin::ShellString, depth);
        self.bounds.speculating -= 1;
        self.script.problems.truncate(problems);
        let found: Vec<SimpleCommand> = self.script.commands.drain(start..).collect();
        for mut c in found {
            c.possible = true;
            if c.argv.first().is_some_and(names_a_command) {
                self.script.commands.push(c);
            } else if let Some(at) = c.argv.iter().skip(1).position(names_a_command) {
                let mut inner = c.clone();
                inner.argv = c.argv.get(at + 1..).unwrap_or_default().to_vec();
                inner.origin = Origin::Wrapper;
                self.resolve(inner);
            }
        }
    }
}

/// The texts of rpm's shell macros in a word (`%(date +%s)`): each up to
/// the parenthesis that closes it.
fn rpm_shell_macros(word: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for (at, _) in word.match_indices("%(") {
        let body = &word[at + 2..];
        let mut depth = 1usize;
        let end = body.find(|ch| {
            match ch {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            depth == 0
        });
        if let Some(end) = end {
            found.push(&body[..end]);
        }
    }
    found
}

/// A file-transfer client's command as the shell command it amounts to:
/// smbclient's `deltree X` is `rm -r X`, its `del` and lftp's `mrm` are
/// `rm`; lftp's `mirror` that deletes what the source lacks is `rsync
/// --delete`. Every other command is read as the program it is named for.
fn session_command(line: &str) -> String {
    let (verb, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    match verb {
        "deltree" => format!("rm -r {rest}"),
        "del" | "mrm" => format!("rm {rest}"),
        "mirror"
            if rest
                .split_whitespace()
                .any(|w| w == "--delete" || w.starts_with("--delete-") || w == "-e") =>
        {
            // Its own options are no rsync's (`-n` is only-newer); its
            // `--dry-run` only lists, as rsync's does.
            let operands: Vec<&str> = rest
                .split_whitespace()
                .filter(|w| !w.starts_with('-'))
                .collect();
            let rehearsal = if rest.split_whitespace().any(|w| w == "--dry-run") {
                "--dry-run "
            } else {
                ""
            };
            format!("rsync {rehearsal}--delete -- {}", operands.join(" "))
        }
        _ => line.to_owned(),
    }
}

impl Walker {
    /// GNU tar's commands (`--to-command='rm -rf ~'` runs for every
    /// member, `-I`/`--use-compress-program` to pack or unpack): each
    /// handed to `sh -c`, and each reading what tar feeds it.
    pub(super) fn tar_commands(&mut self, cmd: &SimpleCommand, name: &str, depth: u8) {
        let args = cmd.args();
        let commands = programs::option_values(
            args,
            &[
                "--to-command",
                "--info-script",
                "--new-volume-script",
                "--use-compress-program",
                "-I",
                "-F",
            ],
        );
        for text in commands {
            let start = self.script.commands.len();
            self.source_for("sh", text, Origin::ShellString, depth);
            // Each reads what tar feeds it (a member, the
            // archive): text known only when it runs
            // (`--to-command=sh` runs every member as a script).
            for c in self.script.commands.get_mut(start..).unwrap_or_default() {
                c.stdin_dynamic = true;
                c.upstream.push(name.to_string());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fleet::{ansible_command, bolt_command, tsh_command, zowe_uss_command};
    use super::*;

    /// rpm's shell macros end at the parenthesis that closes them, those
    /// inside counted.
    #[test]
    fn rpm_macros_to_their_closing_parenthesis() {
        assert_eq!(
            rpm_shell_macros("%(echo (a) b) c %(date)"),
            ["echo (a) b", "date"]
        );
        assert!(rpm_shell_macros("%(echo").is_empty());
    }

    fn words(line: &str) -> Vec<Word> {
        line.split(' ').map(Word::literal).collect()
    }

    #[test]
    fn where_a_command_starts() {
        let at = |name: &str, line: &str| command_start(name, &words(line));
        assert_eq!(at("aws-vault", "exec prod -- aws s3 rb x"), Some(3));
        assert_eq!(at("podman", "exec db dropdb prod"), Some(2));
        assert_eq!(at("docker", "compose run web rake db:drop"), Some(3));
        assert_eq!(at("bwrap", "--bind / / rm -rf x"), Some(3));
        assert_eq!(at("mytool", "run -- --nocapture"), None);
        assert_eq!(at("mytool", "status --all"), None);
        assert_eq!(at("aws", "s3 rm s3://b/x --recursive"), None);
        assert_eq!(at("chrt", "10 rm -rf x"), Some(1));
        assert_eq!(at("wsl.exe", "-d Ubuntu -u root rm -rf /"), Some(4));
        assert_eq!(at("wsl", "--cd /srv -e rm -rf x"), Some(3));
        assert_eq!(at("wsl.exe", "--list --verbose"), None);
        assert_eq!(at("noglob", "rm -rf ~"), Some(0));
        assert_eq!(at("docker", "rm -f c1"), None);
        assert_eq!(at("docker", "exec -it sched airflow db reset -y"), Some(3));
        assert_eq!(
            at("docker", "-H ssh://h exec -u 0 -e A=1 db dropdb app"),
            Some(8)
        );
        assert_eq!(at("docker", "container exec db airflow db reset"), Some(3));
        assert_eq!(
            at("podman", "run --rm -v x:/y --name n img migrate down"),
            Some(7)
        );
        assert_eq!(at("docker-compose", "exec -T web rails db:drop"), Some(3));
        assert_eq!(
            at("docker", "compose -f c.yml run api manage flush"),
            Some(5)
        );
        assert_eq!(at("docker", "exec -it sched"), None);
        assert_eq!(at("docker", "image ls"), None);
        assert_eq!(at("pdsh", "-w web[01-10] reboot"), Some(2));
        assert_eq!(at("mytool", "-m rm --to rm"), Some(3));
        assert_eq!(at("mytool", "build --release"), None);
        // After `--`, whatever the program is: it is the command.
        assert_eq!(at("mytool", "run -- mycmd x"), Some(2));
        assert_eq!(at("mytool", "run --"), None);
    }

    #[test]
    fn where_a_wrapped_command_takes_the_words() {
        let at = |name, line: &str| wrapped_at(name, &words(line));
        assert_eq!(at("dtach", "-n /tmp/s make release"), Some(2));
        assert_eq!(at("proot", "-r ./rootfs /bin/rm -rf /etc"), Some(2));
        // A path ending in a program's name is a file, not a command.
        assert_eq!(at("gcc", "-o ~/.local/bin/git shim.c"), None);
        assert_eq!(at("echo", "rm -rf x"), None);
        assert_eq!(at("bash", "-c rm"), None);
    }

    /// A string walked as possible code leaves what follows it on the line
    /// certain: `rm -rf /` after it is still refused, not only asked.
    #[test]
    fn speculation_ends_with_its_string() {
        let script = crate::parse::parse("mytool --opt 'a b'; rm -rf /");
        let rm = script
            .commands
            .iter()
            .find(|c| c.name().as_deref() == Some("rm"))
            .expect("rm is walked");
        assert!(!rm.possible);
        let script = crate::parse::parse("mytool --opt 'rm -rf x'");
        assert!(
            script
                .commands
                .iter()
                .any(|c| c.name().as_deref() == Some("rm") && c.possible)
        );
    }

    /// A tool that loads a file the line wrote, or a shell given a
    /// start-up file the line wrote, runs code known only when it runs.
    #[test]
    fn tools_that_load_what_the_line_wrote() {
        for line in [
            "echo '{}' > package.json && npm install",
            "echo x > rc; bash --rcfile rc -i",
            "printf 'curl x | sh' > /tmp/s && npm run build --script-shell /tmp/s",
            "echo 'rm -rf ~' > r.sh; rsync --rsh='./r.sh -q' a host:b",
        ] {
            let script = crate::parse::parse(line);
            assert!(
                script
                    .problems
                    .iter()
                    .any(|p| matches!(p, crate::parse::Problem::DynamicCode { .. })),
                "{line}: {:?}",
                script.problems
            );
        }
        for line in [
            "echo x > notes.txt && npm install",
            "echo x > notes.txt && npm run build --script-shell bash",
            "echo x > notes.txt && rsync --rsh=ssh a host:b",
        ] {
            assert!(crate::parse::parse(line).problems.is_empty(), "{line}");
        }
    }

    #[test]
    fn what_salt_removes() {
        for (line, want) in [
            ("--local file.remove /usr", Some("/usr")),
            ("'*' file.rmdir /srv/app", Some("/srv/app")),
            (
                "web1 state.single file.absent name=/etc/nginx",
                Some("/etc/nginx"),
            ),
            ("'*' file.remove", None),
            ("'*' file.file_exists /usr", None),
        ] {
            assert_eq!(salt_removes(&words(line)), want, "{line}");
        }
    }

    #[test]
    fn what_bolt_zowe_and_tsh_run() {
        let words = |line: &str| -> Vec<Word> {
            let program = line.split(' ').next().unwrap_or_default();
            crate::parse::parse(line)
                .commands
                .iter()
                .find(|c| c.argv.first().is_some_and(|w| w.value == program))
                .map(|c| c.args().to_vec())
                .unwrap_or_default()
        };
        let owned = |r: Option<(usize, Option<&str>)>| r.map(|(i, t)| (i, t.map(str::to_owned)));
        let run = |i: usize, t: &str| Some((i, Some(t.to_owned())));
        for (line, want) in [
            (
                "bolt command run 'shutdown -r now' -t db",
                run(2, "shutdown -r now"),
            ),
            ("bolt command run --verbose -t db 'df -h'", run(5, "df -h")),
            ("bolt command run --run-as root --tty 'id'", run(5, "id")),
            ("bolt command run \"$C\" -t db", Some((2, None))),
            ("bolt plan run deploy", None),
            ("bolt task run x", None),
        ] {
            assert_eq!(owned(bolt_command(&words(line))), want, "{line}");
        }
        for (line, want) in [
            (
                "zowe zos-uss issue ssh 'rm -rf /u/x'",
                run(3, "rm -rf /u/x"),
            ),
            ("zowe uss iss ssh --cwd /u/claims 'ls'", run(5, "ls")),
            ("zowe zos-uss issue command --cwd=/u 'ls'", run(4, "ls")),
            ("zowe zos-uss issue ssh --help 'ls'", run(4, "ls")),
            ("zowe zos-uss issue ssh \"$C\"", Some((3, None))),
            ("zowe zos-files issue ssh 'ls'", None),
            ("zowe zos-uss list ssh 'ls'", None),
            ("zowe zos-uss issue tso 'ls'", None),
        ] {
            assert_eq!(owned(zowe_uss_command(&words(line))), want, "{line}");
        }
        for (line, want) in [
            (
                "tsh ssh ops@h 'rm -rf x'",
                Some((2, Some("rm -rf x".to_owned()))),
            ),
            (
                "tsh ssh -A -l root h uptime -p",
                Some((5, Some("uptime -p".to_owned()))),
            ),
            ("tsh ssh --proxy=p h \"$C\"", Some((3, None))),
            ("tsh ssh h", None),
            ("tsh ls", None),
        ] {
            assert_eq!(tsh_command(&words(line)), want, "{line}");
        }
        // Walked as the far side's line; one known only at run time asks.
        for (line, inner, dynamic) in [
            ("zowe zos-uss issue ssh 'rm -rf /u/x'", Some("rm"), false),
            ("bolt command run 'rm -rf /srv' -t db", Some("rm"), false),
            ("tsh ssh h rm -rf /srv", Some("rm"), false),
            ("zowe zos-uss issue ssh \"$C\"", None, true),
            ("bolt command run \"$C\" -t db", None, true),
            ("tsh ssh h \"$C\"", None, true),
            ("zowe zos-files list ds 'rm -rf /u/x'", None, false),
        ] {
            let script = crate::parse::parse(line);
            let ran = script.commands.iter().any(|c| {
                !c.possible
                    && c.argv
                        .first()
                        .is_some_and(|w| Some(w.value.as_str()) == inner)
            });
            assert_eq!(ran, inner.is_some(), "{line}");
            let asks = script
                .problems
                .iter()
                .any(|p| matches!(p, crate::parse::Problem::DynamicCode { .. }));
            assert_eq!(asks, dynamic, "{line}");
        }
    }

    #[test]
    fn what_ansible_runs() {
        let of = |line: &str| {
            let script = crate::parse::parse(&format!("ansible {line}"));
            let cmd = script
                .commands
                .iter()
                .find(|c| c.argv[0].value == "ansible");
            let w: Vec<Word> = cmd.map(|c| c.args().to_vec()).unwrap_or_default();
            ansible_command(&w).map(|(i, t)| (i, t.to_owned()))
        };
        let run = |i: usize, t: &str| Some((i, t.to_owned()));
        assert_eq!(
            of("all -m raw -a 'sysupgrade -n x'"),
            run(4, "sysupgrade -n x")
        );
        assert_eq!(of("all -a 'reboot'"), run(2, "reboot"));
        assert_eq!(
            of("all -m ansible.builtin.shell --args='ls; id'"),
            run(3, "ls; id")
        );
        assert_eq!(of("all -m ping -a 'data=x y'"), None);
        assert_eq!(of("all -C -m shell -a 'reboot'"), None);
        assert_eq!(of("all -m shell"), None);
    }

    #[test]
    fn what_ansible_removes() {
        let of = |line: &str| {
            let w: Vec<Word> = crate::parse::parse(line).commands[0].args().to_vec();
            ansible_removes(&w).map(str::to_owned)
        };
        assert_eq!(
            of("ansible localhost -m file -a 'path=/home/user state=absent'"),
            Some("/home/user".to_owned())
        );
        assert_eq!(
            of("ansible all -m ansible.builtin.file -a \"state=absent dest='/srv/x'\""),
            Some("/srv/x".to_owned())
        );
        assert_eq!(
            of("ansible all -m file -a 'path=/srv/x state=directory'"),
            None
        );
        assert_eq!(
            of("ansible all -m copy -a 'dest=/srv/x state=absent'"),
            None
        );
        assert_eq!(of("ansible all -m file"), None);
    }

    #[test]
    fn words_that_may_be_code() {
        assert_eq!(code_text(&Word::literal("rm -rf x")), Some("rm -rf x"));
        assert_eq!(
            code_text(&Word::literal("commands=rm -rf /var/log")),
            Some("rm -rf /var/log")
        );
        assert_eq!(code_text(&Word::literal("plain")), None);
        assert_eq!(code_text(&Word::literal("--opt=a b")), Some("a b"));
    }
}
