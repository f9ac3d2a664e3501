//! Permissions: changes of owner and mode that open files to others or
//! run them with another user's rights.
//!
//! A world-writable file can be changed by any user; a setuid program
//! runs as its owner, often root.

use super::cmd::Cmd;

/// True for a chmod mode that only takes rights away from group and
/// others (`go-w`, `o-rwx,g-w`): the owner, and so the system, keeps
/// working.
pub(super) fn only_takes_from_group_and_others(mode: &str) -> bool {
    let group_and_others =
        |who: &str| !who.is_empty() && who.chars().all(|ch| matches!(ch, 'g' | 'o'));
    mode.split(',').all(|part| {
        part.split_once('-').is_some_and(|(who, perms)| {
            group_and_others(who) && !perms.contains(['+', '='])
        })
            // Everything taken from them (`go=`).
            || part
                .strip_suffix('=')
                .is_some_and(group_and_others)
            // The owner's own reading and writing kept as they are
            // (`u=rwX,go=`: a private home, not a broken one).
            || ["u=", "u+"].iter().any(|p| {
                part.strip_prefix(p).is_some_and(|perms| {
                    perms.contains('r')
                        && perms.contains('w')
                        && perms.chars().all(|ch| matches!(ch, 'r' | 'w' | 'x' | 'X'))
                })
            })
    })
}

/// Whether a mode only takes writing (and the special bits) from group
/// and others (`go-w`, `o-wt`): what they could read and run they still
/// can.
pub(super) fn takes_only_writing(mode: &str) -> bool {
    mode.split(',').all(|part| {
        part.split_once('-').is_some_and(|(who, perms)| {
            !who.is_empty()
                && who.chars().all(|ch| matches!(ch, 'g' | 'o'))
                && !perms.is_empty()
                && perms.chars().all(|ch| matches!(ch, 'w' | 's' | 't'))
        })
    })
}

/// Whether `value` names a home folder, the person's or another's, or
/// the folder of homes (`~`, `/home/bob`, `/Users/ann`, `/home`).
pub(super) fn is_home(ctx: &super::Place, value: &str) -> bool {
    let path = ctx.resolve(value);
    let path = path.trim_end_matches('/');
    ctx.home_str().as_deref() == Some(path)
        || matches!(
            path.trim_start_matches('/')
                .split('/')
                .collect::<Vec<_>>()
                .as_slice(),
            ["home" | "Users"] | ["home" | "Users", _]
        )
}

/// Whether a command changes ownership, or makes files world-writable,
/// setuid or setgid, sticky, or changes modes recursively. A bare `+w`
/// or `=rw` goes through the umask, which keeps others out.
pub(super) fn risky_change(c: &Cmd<'_>) -> bool {
    // `setcap -v` only checks that a file has the capabilities named.
    if c.is(&["setcap"]) {
        return !c.flag(&["-v"]);
    }
    if c.is(&["chown", "chgrp", "chattr", "setfacl", "setfattr"]) {
        return true;
    }
    // Windows's access lists and owners changed (`icacls DIR /grant
    // user:F /t`, `takeown /f DIR /r`); `icacls DIR` alone shows them.
    if c.is(&["icacls", "icacls.exe"]) {
        return c.values().any(|v| {
            let l = v.to_ascii_lowercase();
            l.starts_with("/grant")
                || l.starts_with("/deny")
                || l.starts_with("/remove")
                || matches!(
                    l.as_str(),
                    "/setowner" | "/reset" | "/setintegritylevel" | "/restore" | "/inheritance:r"
                )
        });
    }
    if c.is(&["takeown", "takeown.exe"]) {
        return true;
    }
    // macOS's extended attributes deleted, cleared or written (`xattr -d
    // com.apple.quarantine App.app`, `xattr -rc ~`): the quarantine mark
    // is what makes Gatekeeper check a download before it runs. Listing
    // and printing them (`-l`, `-p`) change nothing.
    if c.is(&["xattr"]) {
        return c.args().iter().any(|w| {
            w.value
                .strip_prefix('-')
                .is_some_and(|l| !l.starts_with('-') && l.contains(['d', 'c', 'w']))
        });
    }
    // A mode or owner given as the file or folder is made (`install -d -m
    // 777 /opt/shared`, `mkdir -m 1777 x`, `install -o root …`) is the
    // same change as chmod's or chown's after it.
    if c.is(&["install", "ginstall", "mkdir", "mkfifo", "mknod"]) {
        return c
            .option_values(&["-m", "--mode"])
            .iter()
            .any(|m| risky_mode(m))
            || c.is(&["install", "ginstall"]) && c.flag(&["-o", "--owner", "-g", "--group"]);
    }
    if !c.is(&["chmod"]) {
        return false;
    }
    if c.flag(&["-R", "--recursive"]) {
        return true;
    }
    // Any mode on the root, a home or a system folder: `chmod 000 ~`
    // locks the person out, `chmod 777 /` opens the machine.
    if c.operands()
        .iter()
        .skip(1)
        .any(|w| c.is_catastrophic(&w.value))
    {
        return true;
    }
    // `--reference=FILE` copies another file's mode: no mode operand.
    if c.flag(&["--reference"]) {
        return false;
    }
    let mode = c
        .operands()
        .first()
        .map(|w| w.value.as_str())
        .unwrap_or_default();
    risky_mode(mode)
}

/// Whether a mode makes a file world-writable, setuid, setgid or sticky:
/// numeric (`777`, `4755`) or symbolic with others' write said outright
/// (`o+w`, `a=rwx`, `u+s`).
fn risky_mode(mode: &str) -> bool {
    let numeric_risky = mode.chars().all(|ch| ch.is_ascii_digit()) && {
        let digits: Vec<u32> = mode.chars().filter_map(|ch| ch.to_digit(8)).collect();
        let n = digits.len();
        (n == 4 && digits[0] != 0) || (n >= 3 && (digits[n - 1] & 2 != 0))
    };
    let symbolic_risky = !mode.chars().all(|ch| ch.is_ascii_digit())
        && (mode.contains('s')
            || mode.contains('t')
            // Write for others said outright (`o+w`, `a=rwx`); a bare
            // `+w` or `=rw` goes through the umask, which keeps
            // others out.
            || mode
                .split(',')
                .any(|part| part.starts_with(['o', 'a']) && part.contains('w')));
    numeric_risky || symbolic_risky
}

/// Whether any program is told by an option of its own to do its work
/// through sudo or as root (`cpanm --sudo App::Ack`, `ansible-playbook
/// --become site.yml`): the same rights as `sudo` in front, behind a word
/// no table of privileged programs names. Written out whole: another
/// tool's `--s` is not an abbreviation of it, and a false value (`--sudo=false`)
/// turns it off.
pub(super) fn root_by_option(c: &Cmd<'_>) -> bool {
    const ROOT: &[&str] = &[
        "--sudo",
        "--use-sudo",
        "--with-sudo",
        "--as-root",
        "--run-as-root",
    ];
    const BECOME: &[&str] = &["--become", "-b", "--become-user", "-K", "--ask-become-pass"];
    let ansible = c.name.starts_with("ansible");
    c.args().iter().take_while(|w| w.value != "--").any(|w| {
        // Asked of every word of every command: prefixes compared, no
        // search.
        let v = w.value.as_str();
        if !v.starts_with("--") && !ansible {
            return false;
        }
        let value = |n: &&str| {
            v.strip_prefix(*n)
                .and_then(|rest| match rest.strip_prefix('=') {
                    Some(value) => Some(value),
                    None => rest.is_empty().then_some("true"),
                })
        };
        ROOT.iter()
            .chain(if ansible { BECOME } else { &[] })
            .find_map(value)
            .is_some_and(|value| {
                !matches!(
                    value.to_ascii_lowercase().as_str(),
                    "false" | "0" | "no" | "off"
                )
            })
    })
}

/// Whether `setpriv` is told only to give up rights before it runs its
/// command (`--no-new-privs`, capabilities dropped with `-`): a sandbox,
/// not a change of user. Any other option (`--reuid`, `--init-groups`,
/// capabilities raised with `+`) may run it with rights it lacked.
pub(super) fn setpriv_only_restricts(c: &Cmd<'_>) -> bool {
    const FLAGS: &[&str] = &["--no-new-privs", "--nnp", "--reset-env"];
    const DROPS: &[&str] = &["--inh-caps", "--ambient-caps", "--bounding-set"];
    const KEEPS: &[&str] = &["--pdeathsig", "--landlock-access", "--landlock-rule"];
    if !c.is(&["setpriv"]) {
        return false;
    }
    let mut it = c.args().iter().map(|w| w.value.as_str());
    while let Some(v) = it.next() {
        if v == "--" || !v.starts_with('-') {
            return true;
        }
        let (name, value) = match v.split_once('=') {
            Some((n, value)) => (n, Some(value)),
            None => (v, None),
        };
        if FLAGS.contains(&name) {
            continue;
        }
        let takes = DROPS.contains(&name) || KEEPS.contains(&name);
        let Some(value) = value.or_else(|| if takes { it.next() } else { None }) else {
            return false;
        };
        if DROPS.contains(&name) && !value.split(',').all(|cap| cap.starts_with('-')) {
            return false;
        }
        if !takes {
            return false;
        }
    }
    true
}

/// Whether `unshare` only makes a user namespace of the user's own
/// (`-r`, `-U`, `-c`, `--map-root-user`): the "root" in it holds no right
/// the user lacks outside, and the command it runs is judged as any other.
/// Without one, unshare needs real root.
pub(super) fn unshare_as_self(c: &Cmd<'_>) -> bool {
    if !c.is(&["unshare"]) {
        return false;
    }
    // A shell with nothing to run reads commands askrisky never sees,
    // as that root (`unshare -r sh`).
    let rest: Vec<&str> = c
        .args()
        .iter()
        .map(|w| w.value.as_str())
        .skip_while(|v| v.starts_with('-'))
        .collect();
    if let [program, options @ ..] = rest.as_slice() {
        // Options only, none of them `-c` (alone or in a cluster).
        let reads_stdin = options
            .iter()
            .all(|o| o.starts_with('-') && (o.starts_with("--") || !o.contains('c')));
        if reads_stdin
            && crate::parse::programs::is_shell(program.rsplit('/').next().unwrap_or(program))
        {
            return false;
        }
    }
    // Its own options only: those of the program it runs are not its.
    c.args()
        .iter()
        .map(|w| w.value.as_str())
        .take_while(|v| v.starts_with('-') && *v != "--")
        .any(|v| match v.strip_prefix("--") {
            Some(long) => matches!(
                long.split('=').next(),
                Some("user" | "map-root-user" | "map-current-user" | "map-user" | "map-auto")
            ),
            None => v[1..]
                .chars()
                .take_while(|ch| !"RwSG".contains(*ch))
                .any(|ch| matches!(ch, 'r' | 'U' | 'c')),
        })
}
