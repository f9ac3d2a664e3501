//! Where a command runs, and what a path names there, lexically.
//!
//! Rules ask "is this the root, a home, a system folder, a block device?".
//! Paths are resolved against the person's home and the command's folder,
//! so `rm -rf ../..` from `~/project` is seen for what it is (`/home`),
//! without touching the disk (following links on disk is `links`' part).

use std::path::PathBuf;

use crate::parse::Syntax;

/// The place a command runs: the person's home, the folder, and the
/// folders askrisky protects.
#[derive(Clone, Debug)]
pub struct Place {
    /// The person's home folder (`$HOME`).
    pub home: Option<PathBuf>,
    /// The folder the command runs in.
    pub cwd: PathBuf,
    /// askrisky's own folders (config, state, the inbox's runtime folder):
    /// writing there loosens it.
    pub own_dirs: Vec<PathBuf>,
    /// Agents' guarded files in folders the environment moved away from
    /// their defaults (`CODEX_HOME`, …); the defaults are known anywhere.
    pub moved_agent_guards: std::sync::Arc<[String]>,
    /// Whether the file system folds case (macOS's, by default): there
    /// `~/.BASHRC` opens `~/.bashrc`, so paths are compared folded (see
    /// [`fold_case`]) and a protected or secret file written in other
    /// case is still that file.
    pub case_insensitive: bool,
    /// The guarded shell the line was typed at, when it was (`askrisky
    /// guard`): the line then runs in that very shell, so it can also take
    /// the guard away for the lines after it, and the `guard.*` rules
    /// apply.
    pub typed: Option<Typed>,
}

/// A line typed at a guarded shell (`askrisky init`).
#[derive(Clone, Debug)]
pub struct Typed {
    /// The shell: bash, zsh or fish.
    pub shell: Syntax,
    /// The line as typed (before fish's syntax is restated).
    pub line: std::sync::Arc<str>,
}

impl Typed {
    /// A line typed at `shell`.
    pub fn new(shell: Syntax, line: &str) -> Self {
        Self {
            shell,
            line: line.into(),
        }
    }
}

impl Place {
    /// A fixed context for tests and examples: home `/home/user`, folder
    /// `/home/user/project`.
    pub fn example() -> Self {
        Self {
            home: Some(PathBuf::from("/home/user")),
            cwd: PathBuf::from("/home/user/project"),
            own_dirs: vec![
                PathBuf::from("/home/user/.config/askrisky"),
                PathBuf::from("/home/user/.local/state/askrisky"),
            ],
            moved_agent_guards: std::sync::Arc::from([]),
            case_insensitive: false,
            typed: None,
        }
    }

    /// [`Place::example`] on a file system that folds case.
    pub fn example_case_insensitive() -> Self {
        Self {
            case_insensitive: true,
            ..Self::example()
        }
    }

    /// The place of a command run in `cwd` by the person whose home is
    /// `home`, with askrisky's `own_dirs`, in this process's environment.
    pub fn new(home: Option<PathBuf>, cwd: PathBuf, own_dirs: Vec<PathBuf>) -> Self {
        let moved_agent_guards = home
            .as_deref()
            .map(|h| crate::agents::moved_guards(h, &crate::agents::process_env))
            .unwrap_or_default()
            .into();
        Self {
            home,
            cwd,
            own_dirs,
            moved_agent_guards,
            case_insensitive: crate::platform::CASE_INSENSITIVE_PATHS,
            typed: None,
        }
    }

    /// Resolves a path word to a normalized absolute path (`~` stays `~`
    /// when the home folder is unknown), as the rules compare it: folded
    /// where the file system folds case, and macOS's `/private/etc`,
    /// `/private/var` and `/private/tmp` named as the `/etc`, `/var` and
    /// `/tmp` they are linked from. Globs are kept as written.
    pub fn resolve(&self, value: &str) -> String {
        let exact = self.resolve_exact(value);
        let path = if self.case_insensitive {
            fold_case(&exact)
        } else {
            exact
        };
        match ["/private/etc", "/private/var", "/private/tmp"]
            .iter()
            .find(|top| at_or_below(&path, top))
        {
            Some(_) => path["/private".len()..].to_owned(),
            None => path,
        }
    }

    /// `s` as [`Place::resolve`] compares it: folded where the file system
    /// folds case, else as it is.
    pub fn fold<'s>(&self, s: &'s str) -> std::borrow::Cow<'s, str> {
        if self.case_insensitive {
            std::borrow::Cow::Owned(fold_case(s))
        } else {
            std::borrow::Cow::Borrowed(s)
        }
    }

    /// [`Place::resolve`] with the case as written, for looking the path
    /// up on disk (a case-sensitive volume on macOS has only that one).
    pub fn resolve_exact(&self, value: &str) -> String {
        // The shell's own folder and root, seen through /proc.
        let value = match ["/proc/self/cwd", "/proc/thread-self/cwd"]
            .iter()
            .find_map(|p| {
                value
                    .strip_prefix(p)
                    .filter(|r| r.is_empty() || r.starts_with('/'))
            }) {
            Some(rest) => return join(&self.cwd.to_string_lossy(), "", rest),
            None => value
                .strip_prefix("/proc/self/root")
                .filter(|r| r.starts_with('/'))
                .unwrap_or(value),
        };
        if let Some(after) = value.strip_prefix('~') {
            let (user, tail) = match after.find('/') {
                Some(i) => (&after[..i], &after[i..]),
                None => (after, ""),
            };
            if user.is_empty() {
                match &self.home {
                    Some(h) => join(&h.to_string_lossy(), "", tail),
                    None => join("/~", "", tail),
                }
            } else if user == "root" {
                join("/root", "", tail)
            } else {
                join("/home", user, tail)
            }
        } else if value.starts_with('/') {
            join("", "", value)
        } else {
            join(&self.cwd.to_string_lossy(), "", value)
        }
    }

    pub(super) fn home_str(&self) -> Option<std::borrow::Cow<'_, str>> {
        let home = self.home.as_ref()?;
        Some(match home.to_str() {
            Some(h) => self.resolve_cow(h),
            None => std::borrow::Cow::Owned(self.resolve(&home.to_string_lossy())),
        })
    }

    /// [`Place::resolve`], borrowing `value` when it is already what
    /// resolving makes of it (an absolute path with nothing to normalise,
    /// on a file system that keeps case): home and askrisky's own folders
    /// are compared with every word that may name a file.
    pub fn resolve_cow<'s>(&self, value: &'s str) -> std::borrow::Cow<'s, str> {
        if !self.case_insensitive && is_resolved(value) {
            std::borrow::Cow::Borrowed(value)
        } else {
            std::borrow::Cow::Owned(self.resolve(value))
        }
    }

    /// The path relative to home (`.bashrc` for `~/.bashrc`), if inside it.
    pub fn in_home<'a>(&self, resolved: &'a str) -> Option<&'a str> {
        let home = self.home_str()?;
        let rest = resolved.strip_prefix(&*home)?;
        if rest.is_empty() {
            Some("")
        } else {
            rest.strip_prefix('/')
        }
    }

    /// The path relative to a home folder — the person's, or another
    /// user's at its usual place (`/home/NAME`, `/Users/NAME`, `/root`,
    /// `/var/root`) — if inside one. `>> /home/dev/.bash_profile` writes a
    /// startup file whoever's home it is, and the person's may be named by
    /// its absolute path under another `$HOME`.
    pub fn in_a_home<'a>(&self, resolved: &'a str) -> Option<&'a str> {
        self.in_home(resolved).or_else(|| {
            let rest = ["/home/", "/Users/"]
                .iter()
                .find_map(|top| resolved.strip_prefix(top))
                // A Windows profile seen from WSL, Git Bash or Cygwin
                // (`/mnt/c/Users/dana/.bashrc` is Git Bash's startup file).
                .or_else(|| windows_drive(resolved).and_then(|r| strip_folder(r, "Users")))
                .and_then(|r| r.split_once('/').map(|(_, rel)| rel))
                .or_else(|| {
                    ["/root/", "/var/root/"]
                        .iter()
                        .find_map(|top| resolved.strip_prefix(top))
                })?;
            Some(rest)
        })
    }

    /// The number after `disk`/`rdisk` in a macOS device name (`disk2`,
    /// `/dev/rdisk2s1`): `2`, `2s1`.
    fn mac_device(&self, value: &str) -> Option<String> {
        let name = if value.starts_with('/') {
            self.resolve(value).strip_prefix("/dev/")?.to_owned()
        } else {
            value.to_owned()
        };
        let rest = name
            .strip_prefix("rdisk")
            .or_else(|| name.strip_prefix("disk"))?;
        Some(rest.to_owned())
    }

    /// A whole disk as macOS's tools name it: `disk2`, `/dev/disk2`,
    /// `/dev/rdisk2`. A slice (`disk2s1`) is one volume on it; a volume
    /// name or mount point (`/Volumes/USB`) is one volume too.
    pub fn is_mac_whole_disk(&self, value: &str) -> bool {
        self.mac_device(value).is_some_and(|n| all_digits(&n))
    }

    /// One volume of a macOS disk by its device: `disk2s1`,
    /// `/dev/disk2s1`, `/dev/rdisk2s1`.
    pub fn is_mac_slice(&self, value: &str) -> bool {
        self.mac_device(value).is_some_and(|n| {
            n.split_once('s')
                .is_some_and(|(disk, slice)| all_digits(disk) && all_digits(slice))
        })
    }

    /// True for the root, a home folder, or a top-level system folder: the
    /// targets whose recursive deletion or permission change wrecks the
    /// machine. A trailing glob (`/*`, `~/*`) counts as its folder.
    pub fn is_catastrophic(&self, value: &str) -> bool {
        let mut path = self.resolve(value);
        // `/usr/*`, `~/.*`, `/*/*`: the glob empties the folder above it.
        while let Some((parent, last)) = path.rsplit_once('/') {
            if !(last.contains('*') || last.contains('?')) {
                break;
            }
            path = if parent.is_empty() {
                "/".to_owned()
            } else {
                parent.to_owned()
            };
        }
        if path == "/" || path == "/~" {
            return true;
        }
        if self.home_str().as_deref() == Some(path.as_str()) {
            return true;
        }
        // A Windows drive, its system folders and profiles, as WSL, Git
        // Bash and Cygwin mount them (`/mnt/c`, `/mnt/c/Windows`,
        // `/c/Users/dana`).
        if let Some(rest) = windows_drive(&path) {
            let parts: Vec<&str> = rest.split('/').filter(|p| !p.is_empty()).collect();
            return match parts.as_slice() {
                [] => true,
                [top] => WINDOWS_TOP.iter().any(|t| t.eq_ignore_ascii_case(top)),
                [users, _] => users.eq_ignore_ascii_case("Users"),
                _ => false,
            };
        }
        let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        match parts.as_slice() {
            [top] => SYSTEM_TOP.contains(top),
            ["home" | "Users", _] => true,
            ["usr" | "System", second] => USR_SECOND.contains(second),
            ["var", "lib" | "log" | "db" | "spool"] => true,
            _ => false,
        }
    }
}

/// The path below a Windows drive's root as WSL (`/mnt/c/…`), Git Bash
/// (`/c/…`) and Cygwin (`/cygdrive/c/…`) mount it: `""` for the drive
/// itself. A one-letter folder at the top is that drive under Git Bash.
pub fn windows_drive(resolved: &str) -> Option<&str> {
    let rest = resolved
        .strip_prefix("/mnt/")
        .or_else(|| resolved.strip_prefix("/cygdrive/"))
        .or_else(|| resolved.strip_prefix('/'))?;
    let (drive, below) = rest.split_once('/').unwrap_or((rest, ""));
    (drive.len() == 1 && drive.bytes().all(|b| b.is_ascii_alphabetic())).then_some(below)
}

/// `rest` less its first folder when that is `folder` in any case.
fn strip_folder<'a>(rest: &'a str, folder: &str) -> Option<&'a str> {
    let (first, below) = rest.split_once('/')?;
    first.eq_ignore_ascii_case(folder).then_some(below)
}

/// A Windows drive's top-level folders that hold the system, its programs
/// and every profile.
pub(super) const WINDOWS_TOP: &[&str] = &[
    "Windows",
    "Users",
    "Program Files",
    "Program Files (x86)",
    "ProgramData",
];

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Names of macOS's own folders that the rules spell in mixed case: a
/// folded path gets them back in that spelling, so `~/library/launchagents`
/// is compared as `~/Library/LaunchAgents`.
const MIXED_CASE: &[&str] = &[
    "Library",
    "LaunchAgents",
    "LaunchDaemons",
    "StartupItems",
    "Keychains",
    "Application Support",
    "Preferences",
    "Applications",
    "System",
    "Users",
    "Volumes",
];

/// A path as a case-folding file system sees it: each part folded (every
/// letter to its upper case, then that to its lower case, so the Kelvin
/// sign and a long s compare as `k` and `s`, as APFS folds them), then
/// the parts in [`MIXED_CASE`] spelled as the rules spell them. Folding
/// more than the file system does only makes more paths compare equal:
/// stricter, never looser.
pub fn fold_case(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for (i, part) in path.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        if let Some(known) = MIXED_CASE.iter().find(|k| k.eq_ignore_ascii_case(part)) {
            out.push_str(known);
            continue;
        }
        if part
            .bytes()
            .all(|b| b.is_ascii() && !b.is_ascii_uppercase())
        {
            out.push_str(part);
            continue;
        }
        let folded: String = part
            .chars()
            .flat_map(char::to_uppercase)
            .flat_map(char::to_lowercase)
            .collect();
        match MIXED_CASE.iter().find(|k| k.eq_ignore_ascii_case(&folded)) {
            Some(known) => out.push_str(known),
            None => out.push_str(&folded),
        }
    }
    out
}

/// Top-level folders of Linux and macOS systems.
const SYSTEM_TOP: &[&str] = &[
    "bin",
    "boot",
    "dev",
    "etc",
    "home",
    "lib",
    "lib32",
    "lib64",
    "libx32",
    "opt",
    "proc",
    "root",
    "run",
    "sbin",
    "srv",
    "sys",
    "usr",
    "var",
    "snap",
    "mnt",
    "media",
    "nix",
    "Applications",
    "Library",
    "System",
    "Users",
    "Volumes",
    "private",
    "cores",
];

const USR_SECOND: &[&str] = &[
    "bin", "sbin", "lib", "lib32", "lib64", "libexec", "share", "include", "Library",
];

/// `base`, then `middle` as one folder name, then `rest`, as one absolute
/// path, minding `.` and `..` (never above the root). One buffer; a `..`
/// cuts it back to the last `/`.
fn join(base: &str, middle: &str, rest: &str) -> String {
    let mut out = String::with_capacity(base.len() + middle.len() + rest.len() + 2);
    push_parts(&mut out, base);
    if !middle.is_empty() {
        push_part(&mut out, middle);
    }
    push_parts(&mut out, rest);
    if out.is_empty() {
        out.push('/');
    }
    out
}

/// [`push_part`] for each `/`-separated part of `path`, found in one pass
/// over its bytes (paths are resolved many times per line).
fn push_parts(out: &mut String, path: &str) {
    let mut start = 0;
    for (i, &b) in path.as_bytes().iter().enumerate() {
        if b == b'/' {
            // `/` is one byte in UTF-8: both ends are character boundaries.
            push_part(out, &path[start..i]);
            start = i + 1;
        }
    }
    push_part(out, &path[start..]);
}

/// True when [`Place::resolve`] leaves `value` as it is on a file system
/// that keeps case: absolute, no empty, `.` or `..` part, no trailing `/`,
/// nothing below `/proc` or `/private` (which resolving renames).
fn is_resolved(value: &str) -> bool {
    value.len() > 1
        && value.starts_with('/')
        && !value.ends_with('/')
        && !value.starts_with("/proc/")
        && !value.starts_with("/private/")
        // Split as bytes: a `str` split searches for the char.
        && value.as_bytes()[1..]
            .split(|b| *b == b'/')
            .all(|part| !matches!(part, b"" | b"." | b".."))
}

/// True when the resolved `path` is `folder` or inside it.
pub(super) fn at_or_below(path: &str, folder: &str) -> bool {
    path.strip_prefix(folder)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Whether a path as written is in a scratch folder any process may
/// fill (`/tmp/.pylib`, `/var/tmp/x`, `/dev/shm/x`): what is there may
/// have been planted by anything that ran before.
pub(super) fn in_scratch_folder(p: &str) -> bool {
    ["/tmp", "/var/tmp", "/dev/shm", "/private/tmp"]
        .iter()
        .any(|d| at_or_below(p, d))
}

/// Whether a path as written stays below the working folder: relative,
/// with no `..` and nothing expanded at its start (`./build/x.so`,
/// `.conda-env`; not `/x`, `~/x`, `$D/x`, `../x`).
pub(super) fn below_working_folder(p: &str) -> bool {
    !p.is_empty() && !p.starts_with(['/', '~', '$']) && !p.split('/').any(|part| part == "..")
}

/// One part of a path onto `out`: `.` and nothing stay, `..` goes up.
fn push_part(out: &mut String, part: &str) {
    match part {
        "" | "." => {}
        ".." => {
            let cut = out.rfind('/').unwrap_or(0);
            out.truncate(cut);
        }
        p => {
            out.push('/');
            out.push_str(p);
        }
    }
}

/// A block device that is a whole disk or a part of one: not a loop
/// device, which is an image file's stand-in (`/dev/loop5` may back
/// anything: what is written to it might be a disk's loss, or a file's).
/// The blocked tier's disks.
pub fn is_disk(value: &str) -> bool {
    is_block_device(value) && !value.starts_with("/dev/loop")
}

/// True for a block device node (disks, partitions, loop and RAID devices),
/// by the names Linux, macOS, the BSDs and Solaris give them.
pub fn is_block_device(value: &str) -> bool {
    let Some(dev) = value.strip_prefix("/dev/") else {
        return false;
    };
    const PREFIXES: &[&str] = &[
        "sd",
        "hd",
        "vd",
        "xvd",
        "nvme",
        "mmcblk",
        "disk",
        "rdisk",
        "loop",
        "md",
        "dm-",
        "mapper/",
        "sr",
        "mtd",
        "zram",
        "nbd",
        "bcache",
        "root",
        // Oracle ASM's disks, as its library names them.
        "oracleasm/disks/",
        // FreeBSD's and the other BSDs' disks (`ada0p2`, `da0`, `nvd0`,
        // `vtbd0`, `mmcsd0`, `wd0`), Solaris's (`dsk/c0t0d0s0`).
        "ada",
        "da",
        "nvd",
        "nda",
        "vtbd",
        "mmcsd",
        "wd",
        "rsd",
        "dsk/",
        "rdsk/",
    ];
    // `/dev/disk/by-id/…` names a disk; `/dev/disk` and `/dev/disk/by-id`
    // are the folders of those links (macOS's `disk0` is one).
    if let Some(links) = dev.strip_prefix("disk/") {
        return links
            .split_once('/')
            .is_some_and(|(_, link)| !link.trim_matches('/').is_empty());
    }
    dev != "disk" && PREFIXES.iter().any(|p| dev.starts_with(p))
}

/// A shell's history file, by its path under the home folder: the
/// commands typed, with the passwords and tokens given to them.
pub(super) fn is_shell_history(in_home: &str) -> bool {
    matches!(
        in_home,
        ".bash_history"
            | ".zsh_history"
            | ".zhistory"
            | ".histfile"
            | ".sh_history"
            | ".history"
            | ".local/share/fish/fish_history"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Borrowing is only a shortcut: what `resolve_cow` gives is what
        /// `resolve` gives, for paths built of the parts that matter.
        #[test]
        fn resolve_cow_is_resolve(parts in proptest::collection::vec(
            proptest::sample::select(vec!["", ".", "..", "~", "a", "proc", "self", "cwd",
                "private", "etc", "tmp", "Home", "x y"]), 0..6),
            lead in proptest::sample::select(vec!["", "/", "//", "~/"]),
            tail in proptest::sample::select(vec!["", "/", "/."]),
            folds in proptest::bool::ANY,
        ) {
            let c = Place { case_insensitive: folds, ..Place::example() };
            let v = format!("{lead}{}{tail}", parts.join("/"));
            proptest::prop_assert_eq!(c.resolve_cow(&v).into_owned(), c.resolve(&v), "{}", v);
        }
    }

    #[test]
    fn resolve() {
        let c = Place::example();
        for (v, want) in [
            ("/", "/"),
            ("~", "/home/user"),
            ("~/", "/home/user"),
            ("~/.ssh/id_rsa", "/home/user/.ssh/id_rsa"),
            ("../..", "/home"),
            (".", "/home/user/project"),
            ("/usr/./bin/../lib", "/usr/lib"),
            ("//etc", "/etc"),
            ("~bob/x", "/home/bob/x"),
            ("~root", "/root"),
            ("/../../..", "/"),
            ("/proc/self/cwd", "/home/user/project"),
            (
                "/proc/self/cwd/.askrisky.toml",
                "/home/user/project/.askrisky.toml",
            ),
            ("/proc/thread-self/cwd/../x", "/home/user/x"),
            ("/proc/self/root/etc/passwd", "/etc/passwd"),
            ("/proc/self/cwdx", "/proc/self/cwdx"),
            ("/proc/self/rootx", "/proc/self/rootx"),
        ] {
            assert_eq!(c.resolve(v), want, "{v}");
        }
        let nohome = Place {
            home: None,
            ..Place::example()
        };
        assert_eq!(nohome.resolve("~/x"), "/~/x");
        // macOS's `/etc`, `/var` and `/tmp` are links into `/private`.
        for (v, want) in [
            ("/private/etc/sudoers", "/etc/sudoers"),
            ("/private/var/at/tabs/user", "/var/at/tabs/user"),
            ("/private/tmp", "/tmp"),
            ("/private/etcx", "/private/etcx"),
            ("/private", "/private"),
        ] {
            assert_eq!(c.resolve(v), want, "{v}");
        }
    }

    #[test]
    fn a_home_is_any_users() {
        let ctx = Place::example();
        for (path, want) in [
            ("/home/user/.bashrc", Some(".bashrc")),
            ("/home/dev/.bash_profile", Some(".bash_profile")),
            ("/Users/ann/.zshrc", Some(".zshrc")),
            ("/root/.profile", Some(".profile")),
            ("/var/root/.profile", Some(".profile")),
            ("/home/dev", None),
            ("/homestead/dev/.bashrc", None),
            ("/srv/home/dev/.bashrc", None),
            ("/rooted/.profile", None),
        ] {
            assert_eq!(ctx.in_a_home(path), want, "{path}");
        }
    }

    #[test]
    fn folded_where_the_file_system_folds_case() {
        let c = Place::example_case_insensitive();
        for (v, want) in [
            ("~/.BASHRC", "/home/user/.bashrc"),
            (
                "~/library/launchagents/X.plist",
                "/home/user/Library/LaunchAgents/x.plist",
            ),
            ("/USERS/Bob", "/Users/bob"),
            ("/PRIVATE/ETC/Sudoers", "/etc/sudoers"),
            // The Kelvin sign and a long s, as Unicode case folding (which
            // APFS applies) folds them.
            ("~/.\u{212a}ube/config", "/home/user/.kube/config"),
            ("~/.\u{17f}sh/id_rsa", "/home/user/.ssh/id_rsa"),
        ] {
            assert_eq!(c.resolve(v), want, "{v}");
        }
        // The case as written is kept for the disk, and where case counts.
        assert_eq!(c.resolve_exact("~/.BASHRC"), "/home/user/.BASHRC");
        assert_eq!(Place::example().resolve("~/.BASHRC"), "/home/user/.BASHRC");
        assert_eq!(fold_case("a/LIBRARY/b"), "a/Library/b");
        assert_eq!(fold_case(""), "");
    }

    #[test]
    fn catastrophic() {
        let c = Place::example();
        for v in [
            "/",
            "/*",
            "~",
            "~/",
            "~/*",
            "/usr",
            "/usr/*",
            "/etc/",
            "../..",
            "/home/user",
            "..",
            "/var/lib",
            "~bob",
            "/Users/x",
            "/.",
            "/*/*",
        ] {
            assert!(c.is_catastrophic(v), "{v}");
        }
        for v in [
            "/tmp",
            "/tmp/*",
            "./build",
            "~/project/build",
            "/usr/local/lib/foo",
            // Programs installed by hand: the system runs without them.
            "/usr/local",
            "/usr/local/*",
            "node_modules",
            "/var/tmp/x",
            "~/.cache",
        ] {
            assert!(!c.is_catastrophic(v), "{v}");
        }
    }

    #[test]
    fn block_devices() {
        for v in [
            "/dev/sda",
            "/dev/sdb1",
            "/dev/nvme0n1",
            "/dev/mmcblk0",
            "/dev/disk2",
            "/dev/mapper/root",
            "/dev/loop0",
            "/dev/ada0p2",
            "/dev/da0",
            "/dev/nvd0",
            "/dev/vtbd0",
            "/dev/dsk/c0t0d0s0",
            "/dev/disk/by-id/nvme-Samsung_SSD_980",
            "/dev/disk/by-uuid/*",
            "/dev/disk/by-label/data/",
        ] {
            assert!(is_block_device(v), "{v}");
            assert_eq!(is_disk(v), !v.starts_with("/dev/loop"), "{v}");
        }
        for v in [
            "/dev/null",
            "/dev/zero",
            "/dev/tty",
            "/dev/stdout",
            "/dev/urandom",
            "/dev/watchdog",
            "/dev/dri/card0",
            "/dev/disk",
            "/dev/disk/",
            "/dev/disk/by-id",
            "/dev/disk/by-id/",
            "sda",
        ] {
            assert!(!is_block_device(v), "{v}");
            assert!(!is_disk(v), "{v}");
        }
    }

    /// A macOS volume's device is a disk's number, `s`, and a number.
    #[test]
    fn mac_slices_are_numbers_both_sides() {
        let ctx = Place::example();
        for (v, slice, whole) in [
            ("disk2s1", true, false),
            ("/dev/rdisk2s1", true, false),
            ("disk2", false, true),
            ("disk2sx", false, false),
            ("diskxs1", false, false),
            ("/Volumes/USB", false, false),
        ] {
            assert_eq!(
                (ctx.is_mac_slice(v), ctx.is_mac_whole_disk(v)),
                (slice, whole),
                "{v}"
            );
        }
    }
}
