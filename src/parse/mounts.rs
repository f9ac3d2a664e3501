//! Host folders a container or sandbox is handed, and the command it runs
//! read with them: inside `docker run -v /:/host alpine rm -rf
//! /host/home`, `/host/home` is the host's `/home`.
//!
//! The threat: a command told to run in a container was judged by the
//! paths it names there, so mounting the host's root under another name
//! turned `rm -rf /home` into a delete of some folder of the container.
//! Paths below a mount are put back as the host's; paths outside any
//! mount stay as written (still judged as if they were the host's).

use super::Word;

/// The host folders given by the options before the command a container
/// or sandbox runs, as (host, inside) pairs: `-v /:/host`,
/// `--volume=$HOME:/h:ro`, `--mount type=bind,source=/,target=/host`,
/// bubblewrap's `--bind SRC DEST`, systemd-nspawn's `--bind=SRC:DEST`.
/// A mount onto the container's root, or by a relative or Windows name
/// inside, is left out.
pub(super) fn mounts(name: &str, args: &[Word]) -> Vec<(Word, String)> {
    let mut out = Vec::new();
    // A node's debugging pod has the node's root at `/host` (`kubectl
    // debug node/w1 -it --image=busybox -- rm -rf /host/etc`).
    if matches!(name, "kubectl" | "oc")
        && args.iter().any(|w| w.value == "debug")
        && args.iter().any(|w| w.value.starts_with("node/"))
    {
        out.push((Word::literal("/"), "/host".to_owned()));
    }
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        let (opt, inline) = match w.value.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o, Some(v)),
            // `-v=/:/host` and `-v/:/host`, as Docker's flag parser takes them.
            _ => match w.value.strip_prefix("-v") {
                Some(rest) if !rest.is_empty() && !rest.starts_with('-') => {
                    ("-v", Some(rest.strip_prefix('=').unwrap_or(rest)))
                }
                _ => (w.value.as_str(), None),
            },
        };
        // The word that holds the value: its own, or the next.
        let mut holder = w;
        // A privileged container sees the host's devices in its `/dev`
        // (`podman run --privileged img mkfs.xfs /dev/nvme0n1`).
        if opt == "--privileged" && inline.is_none_or(|v| v == "true") {
            out.push((
                Word {
                    value: "/dev".to_owned(),
                    ..w.clone()
                },
                "/dev".to_owned(),
            ));
            continue;
        }
        // Apptainer's (Singularity's) binds are one value each, a
        // comma-separated list of `SRC[:DEST[:OPTS]]` (`singularity exec
        // -B /:/hostroot img.sif rm -rf /hostroot/etc`).
        let apptainer = matches!(name, "singularity" | "apptainer")
            && matches!(opt, "-B" | "--bind" | "--mount");
        // (Asked only when the value is not attached: bubblewrap's
        // `--bind SRC DEST` is read below.)
        let valued = apptainer
            || matches!(
                opt,
                "-v" | "--volume" | "--bind-ro" | "--mount" | "--device"
            );
        let value = match inline {
            Some(v) => v,
            None if valued => {
                i += 1;
                match args.get(i - 1) {
                    Some(v) => {
                        holder = v;
                        v.value.as_str()
                    }
                    None => break,
                }
            }
            None => "",
        };
        // (Apptainer's value is a list of pairs.)
        let specs = if apptainer && opt != "--mount" {
            value.split(',').collect()
        } else {
            Vec::new()
        };
        let pair = match opt {
            _ if !specs.is_empty() => None,
            // A host device handed in (`--device /dev/sdb:/dev/xvdb`).
            "-v" | "--volume" | "--bind" | "--bind-ro" | "--device"
                if opt != "--bind" || inline.is_some() =>
            {
                Some(colon_pair(value))
            }
            "--mount" => {
                let field = |keys: &[&str]| {
                    value.split(',').find_map(|kv| {
                        let (k, v) = kv.split_once('=')?;
                        keys.contains(&k).then_some(v)
                    })
                };
                field(&["source", "src"])
                    .zip(field(&["target", "destination", "dst"]))
                    .filter(|_| field(&["type"]).is_none_or(|t| t == "bind"))
            }
            // bubblewrap's pairs: `--bind SRC DEST`.
            "--bind" | "--ro-bind" | "--dev-bind" | "--bind-try" | "--ro-bind-try" => {
                let (Some(host), Some(inside)) = (args.get(i), args.get(i + 1)) else {
                    break;
                };
                i += 2;
                holder = host;
                Some((host.value.as_str(), inside.value.as_str()))
            }
            _ => None,
        };
        for (host, inside) in pair.into_iter().chain(specs.into_iter().map(colon_pair)) {
            let inside = inside.trim_end_matches('/');
            // The host's root as the root (`bwrap --bind / /`): every path
            // is the host's as it is written, kept as an empty name.
            let identity = inside.is_empty() && host == "/";
            if (inside.starts_with('/') || identity) && !host.is_empty() {
                let host = Word {
                    value: host.to_owned(),
                    ..holder.clone()
                };
                out.push((host, inside.to_owned()));
            }
        }
    }
    // The deepest mount first: `/host/home` inside `/host` is its own.
    out.sort_by_key(|(_, inside)| std::cmp::Reverse(inside.len()));
    out
}

/// `HOST[:INSIDE[:OPTIONS]]`, as docker's `-v` and Apptainer's `-B` write
/// a mount; one folder alone is mounted where it is.
fn colon_pair(spec: &str) -> (&str, &str) {
    let mut parts = spec.splitn(3, ':');
    let host = parts.next().unwrap_or_default();
    (host, parts.next().unwrap_or(host))
}

/// `word` with each path below a mount put back as the host's (in a
/// shell string too: `sh -c 'rm -rf /host/etc'`); None when it names none.
pub(super) fn on_host(word: &Word, mounts: &[(Word, String)]) -> Option<Word> {
    let mut value = word.value.clone();
    let mut literal = word.literal;
    let mut changed = false;
    // One pass over the word a mount, copying as it goes: a word of many
    // mount paths costs its length, not its length for each of them.
    for (host, inside) in mounts.iter().filter(|(_, inside)| !inside.is_empty()) {
        let mut out = String::new();
        let (mut copied, mut search) = (0, 0);
        while let Some(found) = value
            .get(search..)
            .and_then(|rest| rest.find(inside.as_str()))
        {
            let start = search + found;
            let end = start + inside.len();
            search = end;
            let bounded_before = value[..start]
                .chars()
                .next_back()
                .is_none_or(|c| c.is_whitespace() || "\"'=;(`:".contains(c));
            let bounded_after = value[end..]
                .chars()
                .next()
                .is_none_or(|c| c.is_whitespace() || "/\"';)`".contains(c));
            if !(bounded_before && bounded_after) {
                continue;
            }
            // The host's root with more after it: `/` and `/home` make
            // `/home`, not `//home`.
            let rest_follows = value[end..].starts_with('/');
            let replacement = if host.value == "/" && rest_follows {
                ""
            } else {
                host.value.as_str()
            };
            out.push_str(&value[copied..start]);
            out.push_str(replacement);
            copied = end;
            literal &= host.literal;
            changed = true;
        }
        if copied > 0 {
            out.push_str(&value[copied..]);
            value = out;
        }
    }
    changed.then(|| Word {
        value,
        literal,
        ..word.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<Word> {
        line.split_whitespace().map(Word::literal).collect()
    }

    fn mapped(opts: &str, word: &str) -> Option<String> {
        on_host(&Word::literal(word), &mounts("docker", &words(opts))).map(|w| w.value)
    }

    #[test]
    fn some_mounts_are_implied_or_the_root_itself() {
        let inside = |name: &str, opts: &str| -> Vec<String> {
            mounts(name, &words(opts))
                .into_iter()
                .map(|(_, i)| i)
                .collect()
        };
        assert_eq!(
            inside("kubectl", "debug node/w1 -it --image=busybox"),
            ["/host"]
        );
        assert_eq!(inside("oc", "debug node/w1"), ["/host"]);
        assert!(inside("kubectl", "debug pod/web -it").is_empty());
        assert!(inside("kubectl", "get node/w1 -o yaml").is_empty());
        assert_eq!(inside("bwrap", "--bind / / --dev /dev"), [""]);
        assert!(inside("bwrap", "--bind /srv / --dev /dev").is_empty());
        // Apptainer's binds: one value each, a comma-separated list; a
        // bind by the same name inside, or relative, as written.
        assert_eq!(
            inside("singularity", "exec -B /:/hostroot,/srv:/s img.sif"),
            ["/hostroot", "/s"]
        );
        assert_eq!(inside("apptainer", "exec --bind /data img.sif"), ["/data"]);
        assert_eq!(inside("apptainer", "exec --bind=/:/h img.sif"), ["/h"]);
        assert!(inside("apptainer", "exec -B data:x img.sif").is_empty());
        assert!(inside("docker", "run -B /:/h img").is_empty());
    }

    /// A device handed in, or every device of a privileged container, is
    /// the host's: the command that names it names the host's disk.
    #[test]
    fn devices_handed_in_are_the_hosts() {
        assert_eq!(
            mapped("--device /dev/sdb:/dev/xvdb", "/dev/xvdb").as_deref(),
            Some("/dev/sdb")
        );
        assert_eq!(
            mapped("--device=/dev/sdb", "/dev/sdb").as_deref(),
            Some("/dev/sdb")
        );
        assert_eq!(
            mapped("--privileged", "/dev/nvme0n1").as_deref(),
            Some("/dev/nvme0n1")
        );
        assert_eq!(mapped("--privileged=false", "/dev/nvme0n1"), None);
        assert_eq!(mapped("--device /dev/sdb", "/dev/sdc"), None);
        assert_eq!(mapped("--rm", "/dev/sdb"), None);
    }

    #[test]
    fn paths_below_a_mount_are_the_hosts() {
        for (opts, word, want) in [
            ("run --rm -v /:/host alpine", "/host/home", Some("/home")),
            ("run --rm -v /:/host alpine", "/host", Some("/")),
            ("run --rm -v /:/host alpine", "/host/", Some("/")),
            (
                "run -v /srv/data:/data:ro x",
                "/data/db",
                Some("/srv/data/db"),
            ),
            (
                "run --volume=/etc:/mnt/etc x",
                "/mnt/etc/passwd",
                Some("/etc/passwd"),
            ),
            (
                "run --mount type=bind,source=/,target=/h x",
                "/h/root",
                Some("/root"),
            ),
            ("run -v=/:/h x", "/h/usr", Some("/usr")),
            ("run -v/:/h x", "/h/usr", Some("/usr")),
            // An `=` in a glued folder is the folder's.
            ("run -v/srv/a=b:/h x", "/h/f", Some("/srv/a=b/f")),
            // Letters after `-v` that are no folder pair: nothing.
            ("-vvv rm", "rm", None),
            ("--bind / /mnt --", "/mnt/etc", Some("/etc")),
            // Every pair is read, wherever it stands.
            (
                "--unshare-all --die --bind /srv /h --bind /etc /y",
                "/y/passwd",
                Some("/etc/passwd"),
            ),
            ("--bind=/home:/h", "/h/me", Some("/home/me")),
            ("--bind=/home", "/home/me", Some("/home/me")),
            // The deepest mount is its own.
            ("run -v /:/h -v /srv:/h/x i", "/h/x/y", Some("/srv/y")),
            // In a shell string, at a path's start only.
            (
                "run -v /:/host i",
                "echo x >> /host/etc/passwd; ls /hostile",
                Some("echo x >> /etc/passwd; ls /hostile"),
            ),
            // Not a mount: a path that only begins alike, a volume by
            // name inside nowhere, a mount onto the root, verbose `-v`.
            ("run -v /:/host i", "/hostile", None),
            ("run -v /:/host i", "x/host/y", None),
            ("run -v data:db i", "db/x", None),
            ("run -v /srv:/ i", "/etc", None),
            ("-v 10 rm", "10", None),
            ("run --mount type=volume,src=v,dst=/data i", "/data/x", None),
        ] {
            assert_eq!(mapped(opts, word).as_deref(), want, "{opts} | {word}");
        }
    }

    /// A word of many mount paths is read once, not once a path.
    #[test]
    fn many_mount_paths_cost_one_pass() {
        let word = Word::literal("/h ".repeat(30_000));
        let got = on_host(&word, &mounts("docker", &words("run -v /srv:/h x")));
        assert_eq!(got.map(|w| w.value.len()), Some("/srv ".len() * 30_000));
    }

    #[test]
    fn a_host_folder_known_only_at_run_time_is_not_literal() {
        let mut opts = words("run -v");
        opts.push(Word {
            value: "$HOME:/h".into(),
            literal: false,
            ..Word::literal("")
        });
        let got = on_host(&Word::literal("/h/.ssh"), &mounts("docker", &opts));
        assert_eq!(
            got.map(|w| (w.value, w.literal)),
            Some(("$HOME/.ssh".to_owned(), false))
        );
    }
}
