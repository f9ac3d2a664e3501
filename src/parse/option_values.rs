//! Whether an option word stands as an option, or may be the value of the
//! option before it.
//!
//! Most option parsers (GNU getopt, popt, Go's flag and pflag, git's
//! parse-options) hand a value-taking option the next word whatever it
//! looks like: `rsync -a --delete --exclude --dry-run src/ dst/` excludes
//! the pattern `--dry-run` and deletes for real; `kubectl apply -f x.yaml
//! --field-manager --dry-run=server` applies. Which options take a value
//! is each tool's own table, which askrisky does not have for every
//! program; so a rehearsal flag is believed only where it cannot be such
//! a value: first, after a word that is no option, after `--opt=value`,
//! or after an option known everywhere as a switch (`--force`, `-v`).
//! Elsewhere it is no rehearsal, and the command is judged for what it
//! would do (fail closed: the cost is a question).

use super::Word;

/// Long options that take no value wherever they are found beside a
/// rehearsal flag (`git push --force --dry-run`, `borg prune --list
/// --dry-run`). Not here: any option that names something (`--exclude`,
/// `--env`, `--field-manager`): those take the next word; nor one that
/// is a switch in some tools and names something in others (`--user`:
/// pip's switch, kubectl's and curl's name; `--confirm`, `--install`,
/// `--test`, `--build`).
const SWITCHES: &[&str] = &[
    "--all",
    "--all-namespaces",
    "--all-topics",
    "--archive",
    "--atomic",
    "--auto-approve",
    "--cached",
    "--check",
    "--checksum",
    "--compress",
    "--debug",
    "--delete",
    "--delete-after",
    "--delete-all-output",
    "--delete-before",
    "--delete-during",
    "--delete-excluded",
    "--delete-old",
    "--diff",
    "--dry-run",
    "--dryrun",
    "--execute",
    "--force",
    "--force-with-lease",
    "--full-refresh",
    "--graph",
    "--help",
    "--human-readable",
    "--ignore-daemonsets",
    "--interactive",
    "--invert-paths",
    "--itemize-changes",
    "--last",
    "--linked",
    "--list",
    "--mirror",
    "--now",
    "--oneline",
    "--progress",
    "--prod",
    "--prune",
    "--purge",
    "--quiet",
    "--reboot",
    "--recursive",
    "--remove-source-files",
    "--reuse-values",
    "--rm",
    "--simulate",
    "--stats",
    "--system",
    "--tags",
    "--to-earliest",
    "--to-latest",
    "--update",
    "--use-param-defaults",
    "--verbose",
    "--versions",
    "--wait",
    "--watch",
    "--yes",
];

/// Letters that take no value in any tool that has them: quiet, verbose,
/// yes. Every other letter takes one somewhere (`-c CONFIG`, `-d DIR`,
/// `-a ARGS`, `-e`: `rsync -a --delete -en src/ dst/` gives `-e` the
/// value `n`), so it is a switch only where a tool's own list says so.
const SWITCH_LETTERS: &str = "qvy";

/// A tool's own long switches, besides [`SWITCHES`]: pip's `--user`
/// (`pip install --user --dry-run`), poetry's `--build` (`poetry publish
/// --build --dry-run`).
fn own_switches(tool: &str) -> &'static [&'static str] {
    match tool {
        "pip" | "pip3" | "uv" => &["--user"],
        "poetry" => &["--build"],
        // MinIO's mirror (`mc mirror --remove --dry-run …`).
        "mc" => &[
            "--remove",
            "--overwrite",
            "--watch",
            "--preserve",
            "--recursive",
            "--force",
            "--insecure",
        ],
        // The Zowe CLI's confirmation of a delete (`zowe zos-files delete
        // data-set X --for-sure --show-inputs-only`).
        "zowe" => &["--for-sure"],
        // WP-CLI's search-replace (`wp search-replace a b --all-tables
        // --dry-run`).
        "wp" => &[
            "--all-tables",
            "--all-tables-with-prefix",
            "--network",
            "--precise",
            "--recurse-objects",
            "--regex",
            "--report",
            "--report-changed-only",
            "--verbose",
        ],
        _ => &[],
    }
}

/// A tool's own letters that take no value, besides [`SWITCH_LETTERS`],
/// for the tools whose rehearsal is read: git's (`git clean -fdxn`, `git
/// push -fn`), pacman's operations and switches (`pacman -Rns --print`),
/// rpm's erase (`rpm -e --test`), rsync's every letter but `-e`, `-f`,
/// `-B`, `-T` and `-M` (`rsync -avzn`), gsutil's, zfs's, make's, emerge's
/// and nix-collect-garbage's.
fn own_switch_letters(tool: &str) -> &'static str {
    match tool {
        "git" => "fxdua",
        "pacman" | "yay" | "paru" => "RSUQFTDnsciw",
        "rpm" => "eUiFvh",
        "rsync" => "aAbcCdDEgHhiIJkKlLmNoOpPrRsStuUWxXYz0123456789",
        "gsutil" => "dr",
        "zfs" | "zpool" => "rRfdp",
        "make" | "gmake" => "kisBwe",
        "emerge" => "avuDNt",
        "nix-collect-garbage" => "d",
        // pnpm's recursive run (`pnpm publish -r --dry-run`).
        "pnpm" => "r",
        _ => "",
    }
}

/// True when the option at `args[i]` may be the value of the option just
/// before it, by the reading of the many parsers that give a value-taking
/// option the next word whatever it is.
pub fn may_be_value(tool: &str, args: &[Word], i: usize) -> bool {
    let Some(prev) = i.checked_sub(1).and_then(|p| args.get(p)) else {
        return false;
    };
    let p = prev.value.as_str();
    if !p.starts_with('-') || p == "-" || p == "--" || p.contains('=') {
        return false;
    }
    if p.starts_with("--") {
        // `--no-verify`: a negation takes no value.
        return !(SWITCHES.contains(&p)
            || p.starts_with("--no-")
            || own_switches(tool).contains(&p));
    }
    // `-p1`, `-j4`: a value given in the word itself, or switches; either
    // way the next word is not taken.
    if p.ends_with(|c: char| c.is_ascii_digit()) {
        return false;
    }
    !is_switch_cluster(tool, &p[1..])
}

/// True when every letter of a short-option cluster is a switch.
fn is_switch_cluster(tool: &str, letters: &str) -> bool {
    let own = own_switch_letters(tool);
    !letters.is_empty()
        && letters
            .chars()
            .all(|c| SWITCH_LETTERS.contains(c) || own.contains(c))
}

/// True when the option word `w` holds the short rehearsal `letter` as a
/// letter of its own: alone (`-n`), or in a cluster whose letters before
/// it are all switches (`-avn`; in `-en` the `n` is `-e`'s value).
fn holds_letter(tool: &str, w: &str, letter: char) -> bool {
    let Some(cluster) = w.strip_prefix('-').filter(|c| !c.starts_with('-')) else {
        return false;
    };
    if !cluster.chars().all(|c| c.is_ascii_alphanumeric()) {
        return false;
    }
    match cluster.find(letter) {
        Some(at) => at == 0 || is_switch_cluster(tool, &cluster[..at]),
        None => false,
    }
}

/// [`super::programs::has_flag`] for rehearsal flags: true when one of
/// `flags` stands as an option before `--` and cannot be the value of the
/// option before it. Long flags match abbreviated and with `=value`
/// (`--dry-run=client`), short ones alone or in a cluster of switches.
pub fn has_rehearsal_flag(tool: &str, args: &[Word], flags: &[&str]) -> bool {
    for (i, a) in args.iter().enumerate() {
        let v = a.value.as_str();
        if v == "--" {
            return false;
        }
        if !v.starts_with('-') || may_be_value(tool, args, i) {
            continue;
        }
        if let Some(long) = v.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or(long);
            if flags
                .iter()
                .filter_map(|f| f.strip_prefix("--"))
                .any(|f| super::programs::long_names(name, f, &[]))
            {
                return true;
            }
        } else if flags.contains(&v)
            || flags.iter().any(|f| {
                f.len() == 2
                    && !f.starts_with("--")
                    && f[1..]
                        .chars()
                        .next()
                        .is_some_and(|c| holds_letter(tool, v, c))
            })
        {
            return true;
        }
    }
    false
}

/// [`has_rehearsal_flag`], unless a false value takes the flag back
/// (`--dry-run=false`, as the Go CLIs' flag libraries read it).
pub fn says_dry_run(tool: &str, args: &[Word], flags: &[&str]) -> bool {
    has_rehearsal_flag(tool, args, flags)
        && !args.iter().any(|w| {
            w.value.split_once('=').is_some_and(|(k, v)| {
                flags.contains(&k)
                    && matches!(
                        v.to_ascii_lowercase().as_str(),
                        "false" | "0" | "no" | "off" | "none"
                    )
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<Word> {
        line.split_whitespace().map(Word::literal).collect()
    }

    #[test]
    fn a_rehearsal_flag_after_a_value_taking_option_is_its_value() {
        for (line, flags, want) in [
            (
                "-a --delete --exclude --dry-run src/ dst/",
                &["-n", "--dry-run"][..],
                false,
            ),
            (
                "-a --delete --dry-run src/ dst/",
                &["-n", "--dry-run"],
                true,
            ),
            ("-a --exclude=x --dry-run src/ dst/", &["--dry-run"], true),
            (
                "apply -f x.yaml --field-manager --dry-run=server",
                &["--dry-run"],
                false,
            ),
            ("apply -f x.yaml --dry-run=server", &["--dry-run"], true),
            ("push -f --dry-run origin main", &["--dry-run"], false),
            ("push -u -n origin main", &["-n"], false),
            ("push --no-verify --dry-run", &["--dry-run"], true),
            ("-avzn src/ dst/", &["-n"], false),
            ("-a --delete -en src/ dst/", &["-n"], false),
            ("-x -n ./site gs://b", &["-n"], false),
            ("-d -r -n ./site gs://b", &["-n"], false),
            ("destroy -rn tank/x", &["-n"], false),
            ("destroy -r -o -n tank/x", &["-n"], false),
            ("deploy -- --dry-run", &["--dry-run"], false),
            (
                "transfer 7x 1 --with-memo --sign-only",
                &["--sign-only"],
                false,
            ),
            (
                "transfer 7x 1 --sign-only --with-memo hi",
                &["--sign-only"],
                true,
            ),
            ("--dry-r", &["--dry-run"], true),
            ("-p1 --dry-run", &["--dry-run"], true),
            ("-p --dry-run", &["--dry-run"], false),
        ] {
            assert_eq!(
                has_rehearsal_flag("tool", &words(line), flags),
                want,
                "{line}"
            );
        }
        // A tool's own switch letters: pacman's operations, rsync's
        // itemize, git's force; elsewhere they may take a value.
        for (tool, line, flags, want) in [
            ("pacman", "-Rns --print x", &["--print"][..], true),
            ("tool", "-Rns --print x", &["--print"], false),
            ("rsync", "-ain --delete a/ b/", &["-n"], true),
            ("tool", "-ain a/ b/", &["-n"], false),
            ("git", "push -f --dry-run", &["--dry-run"], true),
            ("rpm", "-e --test httpd", &["--test"], true),
            ("tool", "-e --test httpd", &["--test"], false),
            ("pip", "install --user --dry-run x", &["--dry-run"], true),
            (
                "kubectl",
                "delete ns x --user --dry-run=client",
                &["--dry-run"],
                false,
            ),
            ("poetry", "publish --build --dry-run", &["--dry-run"], true),
            ("rsync", "-avzn src/ dst/", &["-n"], true),
            ("gsutil", "-d -r -n ./site gs://b", &["-n"], true),
            ("zfs", "destroy -rn tank/x", &["-n"], true),
            ("git", "push -u -n origin main", &["-n"], true),
            ("tool", "-vn src/ dst/", &["-n"], true),
            ("tool", "-c -n x", &["-n"], false),
        ] {
            assert_eq!(
                has_rehearsal_flag(tool, &words(line), flags),
                want,
                "{tool} {line}"
            );
        }
    }

    #[test]
    fn the_word_after_a_bare_option_may_be_its_value() {
        let w = words("--exclude -n --force -n -v -n x -n --a=b -n -e -n -- -n");
        let got: Vec<bool> = (0..w.len()).map(|i| may_be_value("tool", &w, i)).collect();
        assert_eq!(
            got,
            [
                false, true, true, false, true, false, true, false, true, false, true, true, true,
                false
            ]
        );
    }
}
