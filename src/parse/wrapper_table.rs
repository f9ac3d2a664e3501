//! The wrappers askrisky looks through, as data: for each, how its own
//! options are laid out, so that the command it runs is found exactly (a
//! wrong guess at where a wrapper's options end is itself a bypass:
//! `timeout -s KILL 5 rm`). Read by `programs`.

/// How one wrapper finds the command it runs.
pub struct Wrapper {
    /// Program names (basename, lowercase).
    pub names: &'static [&'static str],
    /// Subcommand that must follow the name (`uv run`, `npm exec`).
    pub subcommand: Option<&'static str>,
    /// Options that take a value in the next word (or attached: `-uroot`,
    /// `--user=root`).
    pub with_value: &'static [&'static str],
    /// Operands to skip before the command (`timeout DURATION`, `chroot DIR`).
    pub operands: usize,
    /// `NAME=value` words before the command are environment settings.
    pub assignments: bool,
    /// Options whose value is a shell string that is run (`su -c STRING`).
    pub string_options: &'static [&'static str],
    /// Options that make the wrapper run nothing (`command -v`).
    pub no_exec_options: &'static [&'static str],
    /// The remaining words are joined and run by a shell (`watch`, `ssh`).
    pub joins_into_shell: bool,
    /// Options after which the remaining words are joined and run by a
    /// shell (`pnpm exec -c rm -rf x` runs `rm -rf x` through `sh -c`).
    pub shell_flags: &'static [&'static str],
    /// A lone `-` is one of the wrapper's options (`env -` is `env -i`).
    pub lone_dash: bool,
    /// Given its operands and no command, the wrapper starts a login shell
    /// that reads its commands from stdin (`echo 'rm -rf ~' | ssh host`,
    /// `ssh host < deploy.sh`), unless one of these options is given.
    pub login_shell_unless: Option<&'static [&'static str]>,
}

const fn wrapper(names: &'static [&'static str]) -> Wrapper {
    Wrapper {
        names,
        subcommand: None,
        with_value: &[],
        operands: 0,
        assignments: false,
        string_options: &[],
        no_exec_options: &[],
        joins_into_shell: false,
        shell_flags: &[],
        lone_dash: false,
        login_shell_unless: None,
    }
}

/// Every wrapper askrisky looks through.
pub static WRAPPERS: &[Wrapper] = &[
    Wrapper {
        with_value: &[
            "-u",
            "--user",
            "-g",
            "--group",
            "-C",
            "--close-from",
            "-D",
            "--chdir",
            "-h",
            "--host",
            "-p",
            "--prompt",
            "-r",
            "--role",
            "-t",
            "--type",
            "-U",
            "--other-user",
            "-T",
            "--command-timeout",
            "-R",
            "--chroot",
        ],
        no_exec_options: &[
            "-l",
            "--list",
            "-v",
            "--validate",
            "-k",
            "-K",
            "-V",
            "--version",
        ],
        ..wrapper(&["sudo"])
    },
    Wrapper {
        with_value: &["-u", "-C"],
        ..wrapper(&["doas"])
    },
    Wrapper {
        with_value: &["--user", "-u"],
        ..wrapper(&["pkexec", "run0"])
    },
    Wrapper {
        with_value: &["-u", "--unset", "-C", "--chdir"],
        // `env -S 'a b'` splits the string into a command line.
        string_options: &["-S", "--split-string"],
        assignments: true,
        lone_dash: true,
        ..wrapper(&["env"])
    },
    Wrapper {
        with_value: &["-n", "--adjustment"],
        ..wrapper(&["nice"])
    },
    // Xcode's `xcrun [--sdk SDK] TOOL ARGS`: runs the developer tool it
    // names (`xcrun security find-generic-password -w`); `--find` and
    // `--show-sdk-path` only print.
    Wrapper {
        with_value: &["--sdk", "-sdk", "--toolchain", "-toolchain", "-l", "--log"],
        no_exec_options: &[
            "-f",
            "--find",
            "--show-sdk-path",
            "--show-sdk-version",
            "--show-sdk-build-version",
            "--show-sdk-platform-path",
            "--show-sdk-platform-version",
            "--version",
            "-h",
            "--help",
        ],
        ..wrapper(&["xcrun"])
    },
    // macOS's `arch -arm64 swift build`: the command, run as that
    // architecture.
    Wrapper {
        with_value: &["-arch", "-d", "-e"],
        ..wrapper(&["arch"])
    },
    Wrapper {
        with_value: &[
            "-c",
            "--class",
            "-n",
            "--classdata",
            "-p",
            "--pid",
            "-P",
            "--pgid",
            "-u",
            "--uid",
        ],
        ..wrapper(&["ionice"])
    },
    // GNU time's `-o FILE` and `-f FORMAT` take a value.
    Wrapper {
        with_value: &["-o", "--output", "-f", "--format"],
        ..wrapper(&["time"])
    },
    // `faketime [-f] TIMESTAMP CMD`: the time comes first.
    Wrapper {
        with_value: &["--date-prog", "-m"],
        operands: 1,
        ..wrapper(&["faketime"])
    },
    // WSL's `wsl.exe [-d DISTRO] [-u USER] [--cd DIR] [-e | --] CMD…`, as
    // run from a Linux shell inside WSL or from Windows: the command runs in
    // the distribution, as its words: with `-e` directly; without, its
    // shell reads the Windows command line the words were quoted into,
    // which gives back the same words. Its management options run nothing
    // there.
    Wrapper {
        with_value: &[
            "-d",
            "--distribution",
            "--distribution-id",
            "-u",
            "--user",
            "--cd",
            "--shell-type",
        ],
        no_exec_options: &[
            "--install",
            "-l",
            "--list",
            "--shutdown",
            "--unregister",
            "--mount",
            "--unmount",
            "--export",
            "--import",
            "--import-in-place",
            "-s",
            "--set-default",
            "--set-version",
            "--set-default-version",
            "-t",
            "--terminate",
            "--update",
            "--status",
            "--manage",
            "-v",
            "--version",
            "--help",
        ],
        ..wrapper(&["wsl", "wsl.exe"])
    },
    // valgrind's own options are all `--name=value`, before the program.
    wrapper(&["valgrind", "firejail"]),
    Wrapper {
        with_value: &[
            "--reuid",
            "--regid",
            "--ruid",
            "--euid",
            "--rgid",
            "--egid",
            "--groups",
            "--inh-caps",
            "--ambient-caps",
            "--bounding-set",
            "--securebits",
            "--pdeathsig",
            "--selinux-label",
            "--apparmor-profile",
            "--landlock-access",
            "--landlock-rule",
        ],
        ..wrapper(&["setpriv"])
    },
    Wrapper {
        with_value: &["-S", "-c", "-e", "-h", "-p", "-T", "-t", "-s", "-Logfile"],
        no_exec_options: &["-ls", "-list", "-r", "-x", "-wipe", "-v", "-version"],
        ..wrapper(&["screen"])
    },
    // `chrt [options] PRIORITY CMD`.
    Wrapper {
        operands: 1,
        no_exec_options: &["-p", "--pid", "-m", "--max"],
        ..wrapper(&["chrt"])
    },
    Wrapper {
        with_value: &[
            "-N",
            "--cpunodebind",
            "-m",
            "--membind",
            "-C",
            "--physcpubind",
            "-i",
            "--interleave",
            "-p",
            "--preferred",
            "-g",
            "-p",
            "--pid",
            "-u",
            "-l",
            "-e",
            "-o",
            "-c",
            "-f",
            "-D",
            "-n",
        ],
        ..wrapper(&["numactl", "cgexec", "prlimit", "daemonize", "sandbox-exec"])
    },
    Wrapper {
        subcommand: Some("record"),
        with_value: PERF_VALUES,
        ..wrapper(&["perf"])
    },
    Wrapper {
        subcommand: Some("stat"),
        with_value: PERF_VALUES,
        ..wrapper(&["perf"])
    },
    Wrapper {
        subcommand: Some("trace"),
        with_value: PERF_VALUES,
        ..wrapper(&["perf"])
    },
    wrapper(&[
        "nohup",
        "setsid",
        "unbuffer",
        "catchsegv",
        "caffeinate",
        "xvfb-run",
        "proxychains",
        "proxychains4",
        "torsocks",
        "tsocks",
        "dbus-launch",
        "fakeroot",
        "torify",
        "with-contenv",
        // Wine runs the Windows program it names (`wine cmd /c 'del /s
        // /q Z:\home\x'`: Z: is this machine's root).
        "wine",
        "wine64",
    ]),
    Wrapper {
        with_value: &["-s", "--signal", "-k", "--kill-after"],
        operands: 1,
        ..wrapper(&["timeout"])
    },
    // ssh-agent runs its command with the agent's socket set
    // (`ssh-agent sh -c '…'`); dbus-run-session with a bus of its own.
    Wrapper {
        with_value: &["-a", "-E", "-P", "-t", "-O"],
        ..wrapper(&["ssh-agent"])
    },
    Wrapper {
        with_value: &["--config-file", "--dbus-daemon"],
        ..wrapper(&["dbus-run-session"])
    },
    Wrapper {
        with_value: &["-i", "--input", "-o", "--output", "-e", "--error"],
        ..wrapper(&["stdbuf"])
    },
    // GNU xargs' `-i`, `-e`, `-l`, `--replace` and `--eof` take their
    // value only attached (`-i{}`): in `xargs -i rm -rf {}` the program is
    // `rm`, so they must not swallow the next word. `-J`, `-R` and `-S` are
    // BSD xargs options with a value.
    Wrapper {
        with_value: &[
            "-a",
            "--arg-file",
            "-d",
            "--delimiter",
            "-E",
            "-I",
            "-J",
            "-L",
            "--max-lines",
            "-n",
            "--max-args",
            "-P",
            "--max-procs",
            "-R",
            "-s",
            "-S",
            "--max-chars",
            "--process-slot-var",
        ],
        ..wrapper(&["xargs"])
    },
    Wrapper {
        no_exec_options: &["-v", "-V"],
        ..wrapper(&["command"])
    },
    wrapper(&["builtin"]),
    Wrapper {
        with_value: &["-a"],
        ..wrapper(&["exec"])
    },
    Wrapper {
        with_value: &["-n", "--interval", "-q", "--equexit"],
        joins_into_shell: true,
        no_exec_options: &["-v", "--version", "-h", "--help"],
        ..wrapper(&["watch"])
    },
    Wrapper {
        with_value: &["--userspec", "--groups"],
        operands: 1,
        ..wrapper(&["chroot"])
    },
    Wrapper {
        with_value: &["-w", "--timeout", "-E", "--conflict-exit-code"],
        string_options: &["-c", "--command"],
        operands: 1,
        ..wrapper(&["flock"])
    },
    // `taskset -c LIST CMD`: `-c` only says the mask operand is a CPU
    // list, it takes no value of its own; with `-p` it runs nothing.
    Wrapper {
        no_exec_options: &["-p", "--pid"],
        operands: 1,
        ..wrapper(&["taskset"])
    },
    Wrapper {
        with_value: &[
            "-o", "-e", "-p", "-s", "-u", "-E", "-P", "-S", "-X", "-a", "-b", "-I",
        ],
        ..wrapper(&["strace", "ltrace"])
    },
    Wrapper {
        with_value: &[
            "-u",
            "--unit",
            "-p",
            "--property",
            "-E",
            "--setenv",
            "-M",
            "--machine",
            "--slice",
            "--description",
            "-H",
            "--host",
            "--uid",
            "--gid",
            "--working-directory",
        ],
        ..wrapper(&["systemd-run"])
    },
    // nsenter's `-r`/`--root` and `-w`/`--wd` take a folder only when it
    // is attached (`-r/mnt`, `--root=/mnt`): a word after them is the
    // program (`nsenter -t 1 -r rm -rf /`).
    Wrapper {
        with_value: &["-t", "--target", "-S", "--setuid", "-G", "--setgid"],
        ..wrapper(&["nsenter"])
    },
    // unshare's `-r` maps the user to root in a new user namespace and
    // takes no value (`unshare -r rm -rf ~` runs `rm`).
    Wrapper {
        with_value: &[
            "-R",
            "--root",
            "-w",
            "--wd",
            "-S",
            "--setuid",
            "-G",
            "--setgid",
            "--map-user",
            "--map-group",
            "--map-users",
            "--map-groups",
            "--propagation",
            "--setgroups",
        ],
        ..wrapper(&["unshare"])
    },
    wrapper(&["busybox", "toybox"]),
    Wrapper {
        with_value: &[
            "-u",
            "--user",
            "-g",
            "--group",
            "-G",
            "--supp-group",
            "-s",
            "--shell",
            "-w",
            "--whitelist-environment",
        ],
        string_options: &["-c", "--command", "--session-command"],
        ..wrapper(&["runuser"])
    },
    // `su` runs its user's shell; with `-c` it runs the string.
    Wrapper {
        with_value: &[
            "-s",
            "--shell",
            "-g",
            "--group",
            "-G",
            "--supp-group",
            "-w",
            "--whitelist-environment",
        ],
        string_options: &["-c", "--command", "--session-command"],
        // `su USER ARGS…` hands the rest to the user's shell as arguments,
        // never as a program: only `-c` runs code.
        operands: usize::MAX,
        ..wrapper(&["su"])
    },
    Wrapper {
        string_options: &["-c"],
        operands: 1,
        ..wrapper(&["sg"])
    },
    Wrapper {
        with_value: &[
            "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o",
            "-p", "-Q", "-R", "-S", "-W", "-w", "-B",
        ],
        operands: 1,
        joins_into_shell: true,
        // No command is run (`-N`), stdio is forwarded (`-W`), a master
        // connection is told something (`-O`), a subsystem is started
        // (`-s`), or ssh only prints (`-G`, `-V`, `-Q`).
        login_shell_unless: Some(&["-N", "-W", "-O", "-s", "-G", "-V", "-Q"]),
        ..wrapper(&["ssh"])
    },
    // Parallel ssh's command, run by each host's shell (`pssh -h hosts
    // -i 'crm cluster stop'`).
    Wrapper {
        with_value: &["-h", "-H", "-l", "-p", "-o", "-e", "-t", "-O", "-x", "-X"],
        joins_into_shell: true,
        ..wrapper(&["pssh", "parallel-ssh"])
    },
    // A fleet's parallel shells, whose command each host's shell runs
    // (`pdsh -w web[01-12] 'systemctl restart nginx'`, `clush -b -g db
    // 'df -h'`). clush's copies run nothing. (Bolt's is read in
    // `fleet`.)
    Wrapper {
        with_value: &[
            "-w", "-x", "-g", "-X", "-l", "-t", "-u", "-f", "-R", "-F", "-m", "-M",
        ],
        joins_into_shell: true,
        ..wrapper(&["pdsh"])
    },
    Wrapper {
        with_value: &[
            "-w",
            "-x",
            "-g",
            "-X",
            "-l",
            "-f",
            "-t",
            "-u",
            "-o",
            "-O",
            "-R",
            "--hostfile",
            "--outdir",
            "--errdir",
            "--worker",
            "--dest",
            "--user",
            "--fanout",
            "--topology",
        ],
        no_exec_options: &[
            "-c",
            "--copy",
            "--rcopy",
            "-d",
            "--debug-version",
            "--version",
        ],
        joins_into_shell: true,
        ..wrapper(&["clush"])
    },
    // sshpass hands a password to the command it runs (`sshpass -e ssh
    // root@bmc racadm …`).
    Wrapper {
        with_value: &["-f", "-d", "-p", "-P"],
        ..wrapper(&["sshpass"])
    },
    Wrapper {
        string_options: &["-c", "--command"],
        with_value: &[
            "-E",
            "--echo",
            "-T",
            "--log-timing",
            "-I",
            "--log-in",
            "-O",
            "--log-out",
            "-B",
            "--log-io",
            "-m",
            "--logging-format",
        ],
        no_exec_options: &["-V", "--version", "-h", "--help"],
        operands: usize::MAX,
        ..wrapper(&["script"])
    },
    Wrapper {
        subcommand: Some("run"),
        with_value: &[
            "--python",
            "-p",
            "--with",
            "-w",
            "--env-file",
            "--directory",
            "--project",
            "--package",
            "--extra",
            "--group",
            "--index",
            "--index-url",
            "--from",
        ],
        ..wrapper(&["uv", "poetry", "pipenv", "pdm", "hatch", "rye"])
    },
    Wrapper {
        subcommand: Some("exec"),
        with_value: &["--gemfile"],
        ..wrapper(&["bundle"])
    },
    // `adb shell 'pm uninstall …'`: the device's shell runs the words,
    // joined, as ssh's remote shell does.
    Wrapper {
        subcommand: Some("shell"),
        with_value: &["-e"],
        joins_into_shell: true,
        ..wrapper(&["adb"])
    },
    // `npm exec -c STRING` and `npx -c STRING` run the string in a shell.
    Wrapper {
        subcommand: Some("exec"),
        with_value: NPM_EXEC_VALUES,
        string_options: &["-c", "--call"],
        ..wrapper(&["npm"])
    },
    Wrapper {
        with_value: NPM_EXEC_VALUES,
        string_options: &["-c", "--call"],
        ..wrapper(&["npx"])
    },
    // `pnpm exec -c` (shell mode) runs its words through a shell.
    Wrapper {
        subcommand: Some("exec"),
        with_value: &["-C", "--dir", "--filter", "-F", "--reporter"],
        shell_flags: &["-c", "--shell-mode"],
        ..wrapper(&["pnpm"])
    },
    // `yarn exec` (Yarn 2+) runs its words as a shell script; for Yarn 1,
    // which runs the command itself, reading the words as a script finds
    // the same command.
    Wrapper {
        subcommand: Some("exec"),
        joins_into_shell: true,
        ..wrapper(&["yarn"])
    },
    Wrapper {
        subcommand: Some("exec"),
        operands: 1,
        ..wrapper(&["direnv"])
    },
    // Secret managers that run a command with secrets in its environment,
    // on this machine (`aws-vault exec dev -- sudo rm -rf /usr`): the
    // command is the one that runs, not a guess.
    Wrapper {
        subcommand: Some("exec"),
        operands: 1,
        with_value: &[
            "-d",
            "--duration",
            "--region",
            "-t",
            "--mfa-token",
            "--prompt",
        ],
        ..wrapper(&["aws-vault"])
    },
    Wrapper {
        subcommand: Some("run"),
        with_value: &["--env-file", "--environment", "--account"],
        ..wrapper(&["op"])
    },
    Wrapper {
        subcommand: Some("run"),
        with_value: &[
            "-p",
            "--project",
            "-c",
            "--config",
            "--token",
            "--mount",
            "--mount-format",
            "--name-transformer",
        ],
        string_options: &["--command"],
        ..wrapper(&["doppler"])
    },
    Wrapper {
        subcommand: Some("run"),
        with_value: &[
            "--env",
            "--path",
            "--projectId",
            "--token",
            "--tags",
            "--domain",
        ],
        ..wrapper(&["infisical"])
    },
    Wrapper {
        operands: 1,
        ..wrapper(&["envchain"])
    },
    // A command run in a Parallels guest (`prlctl exec VM cmd /c …`).
    Wrapper {
        subcommand: Some("exec"),
        operands: 1,
        with_value: &["--user", "--password"],
        ..wrapper(&["prlctl"])
    },
    // `meson devenv -C build CMD`: CMD in the build's environment.
    Wrapper {
        subcommand: Some("devenv"),
        with_value: &["-C", "-w", "--workdir", "--dump", "--dump-format"],
        ..wrapper(&["meson"])
    },
    // `rustup run stable cargo build`: the toolchain, then the command.
    Wrapper {
        subcommand: Some("run"),
        operands: 1,
        ..wrapper(&["rustup"])
    },
    Wrapper {
        string_options: &["--run", "--command"],
        with_value: &[
            "-p",
            "--packages",
            "-I",
            "--arg",
            "--argstr",
            "-A",
            "--attr",
            "--option",
        ],
        operands: usize::MAX,
        ..wrapper(&["nix-shell"])
    },
    // The dynamic loader runs the program its first operand names
    // (`/lib64/ld-linux-x86-64.so.2 /bin/rm -rf ~`): every loader's name is
    // looked up as `ld.so` (see `is_dynamic_loader`).
    Wrapper {
        with_value: &[
            "--library-path",
            "--inhibit-rpath",
            "--audit",
            "--preload",
            "--argv0",
            "--glibc-hwcaps-prefix",
            "--glibc-hwcaps-mask",
        ],
        no_exec_options: &[
            "--help",
            "--version",
            "--list-tunables",
            "--list-diagnostics",
        ],
        ..wrapper(&["ld.so"])
    },
    // askrisky itself: `askrisky exec -- CMD` and `askrisky exec -c LINE`.
    Wrapper {
        subcommand: Some("exec"),
        with_value: &["--mode", "--session"],
        string_options: &["-c"],
        ..wrapper(&["askrisky"])
    },
];

/// Options of `perf record`, `perf stat` and `perf trace` that take a value.
const PERF_VALUES: &[&str] = &[
    "-o",
    "--output",
    "-e",
    "--event",
    "-p",
    "--pid",
    "-t",
    "--tid",
    "-c",
    "--count",
    "-F",
    "--freq",
    "-C",
    "--cpu",
    "-G",
    "--cgroup",
    "-u",
    "--uid",
    "-r",
    "--repeat",
    "-I",
    "--interval-print",
    "-x",
    "--field-separator",
    "-m",
    "--mmap-pages",
    "--filter",
    "-D",
    "--delay",
    "-j",
    "--branch-filter",
];

/// Options of `npm exec` and `npx` that take a value.
const NPM_EXEC_VALUES: &[&str] = &[
    "--package",
    "-p",
    "--workspace",
    "-w",
    "--prefix",
    "-C",
    "--registry",
];
