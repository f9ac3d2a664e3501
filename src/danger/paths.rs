//! What a path names, on this machine.
//!
//! Rules ask "is this the root, a home, a system folder, a block device, a
//! secret, a protected file?". Paths are resolved lexically against the
//! person's home and the command's folder, so `rm -rf ../..` from
//! `~/project` is seen for what it is (`/home`), without touching the disk.

use std::path::PathBuf;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind};

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
        }
    }

    /// Resolves a path word to a normalized absolute path (`~` stays `~`
    /// when the home folder is unknown). Globs are kept as written.
    pub fn resolve(&self, value: &str) -> String {
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

    fn home_str(&self) -> Option<String> {
        self.home
            .as_ref()
            .map(|h| self.resolve(&h.to_string_lossy()))
    }

    /// The path relative to home (`.bashrc` for `~/.bashrc`), if inside it.
    pub fn in_home<'a>(&self, resolved: &'a str) -> Option<&'a str> {
        let home = self.home_str()?;
        let rest = resolved.strip_prefix(home.as_str())?;
        if rest.is_empty() {
            Some("")
        } else {
            rest.strip_prefix('/')
        }
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
    "bin", "sbin", "lib", "lib32", "lib64", "libexec", "share", "include", "local", "Library",
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

/// True when the resolved `path` is `folder` or inside it.
fn at_or_below(path: &str, folder: &str) -> bool {
    path.strip_prefix(folder)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
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

/// True for a block device node (disks, partitions, loop and RAID devices).
pub fn is_block_device(value: &str) -> bool {
    let Some(dev) = value.strip_prefix("/dev/") else {
        return false;
    };
    const PREFIXES: &[&str] = &[
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "loop", "md", "dm-", "mapper/",
        "sr", "mtd", "zram", "nbd", "bcache", "root",
    ];
    PREFIXES.iter().any(|p| dev.starts_with(p))
}

/// Name-based secret files: keys, credentials, tokens, password stores.
/// A glob counts when it can name one (`.env*`, `~/.aw?/credentials`).
pub fn is_secret(ctx: &Place, value: &str) -> bool {
    if is_glob(value) {
        glob_may_name_secret(ctx, value)
    } else {
        is_secret_path(ctx, value)
            || (!value.starts_with('-')
                && !value.contains("://")
                && on_disk(ctx, value).is_some_and(|real| is_secret_path(ctx, &real)))
    }
}

/// Stand-ins for every kind of secret file name, in any folder (the folder
/// decides for `.ssh/*`, `.aws/credentials`, `.kube/config`, …).
const SECRET_NAMES: &[&str] = &[
    ".env",
    ".env.local",
    ".env.production",
    "id_rsa",
    "id_ed25519",
    "id_ecdsa",
    "id_dsa",
    "config",
    "credentials",
    "config.json",
    "hosts.yml",
    "credentials.db",
    "shadow",
    "gshadow",
    "sudoers",
    ".netrc",
    "_netrc",
    ".pgpass",
    ".git-credentials",
    ".npmrc",
    ".pypirc",
    ".vault-token",
    "master.key",
    "credentials.json",
    "service-account.json",
    ".htpasswd",
    "server.pem",
    "tls.key",
    "cert.p12",
    "cert.pfx",
    "store.jks",
    "app.keystore",
    "vault.kdbx",
    "login.keychain-db",
    "putty.ppk",
    "private.asc",
    "secret.gpg",
];

/// Folders whose files are secrets, or hold the secret file names above.
const SECRET_DIRS: &[&str] = &[
    ".ssh",
    ".gnupg",
    ".password-store",
    ".aws",
    ".docker",
    ".kube",
    "gh",
    "gcloud",
    ".azure",
    "Keychains",
    "approvals",
    "nested",
];

/// A file name every project has. A pattern that also matches it (`*`,
/// `*.*`) names ordinary files first, and counting it as naming a secret
/// would make every `grep foo *` ask; in a secret folder it still counts.
const ORDINARY_NAME: &str = "README.md";

/// The longest path the system opens (PATH_MAX): a longer pattern names no
/// file it could read, and the bound keeps a hostile pattern cheap.
const MAX_PATH: usize = 4096;

/// How many folders above the file a folder pattern is tried as a secret
/// folder (`~/.aw?/credentials`, `~/.ss?/keys/id_x`).
const GLOB_FOLDER_DEPTH: usize = 8;

fn is_glob(s: &str) -> bool {
    s.contains(['*', '?', '['])
}

/// True when a glob can name a secret file: a folder pattern may stand for
/// a secret folder, the file pattern for a secret name in its folder.
fn glob_may_name_secret(ctx: &Place, value: &str) -> bool {
    if value.len() > MAX_PATH {
        return false;
    }
    let resolved = ctx.resolve(value);
    let parts: Vec<&str> = resolved.split('/').filter(|p| !p.is_empty()).collect();
    let Some((name, dirs)) = parts.split_last() else {
        return false;
    };
    let mut folders: Vec<Vec<&str>> = vec![dirs.to_vec()];
    let nearest = dirs.len().saturating_sub(GLOB_FOLDER_DEPTH);
    for (i, dir) in dirs.iter().enumerate().skip(nearest) {
        if is_glob(dir) {
            let glob = Glob::new(dir);
            for secret in SECRET_DIRS.iter().filter(|s| glob.matches(s)) {
                let mut folder = dirs.to_vec();
                folder[i] = secret;
                folders.push(folder);
            }
        }
    }
    let glob = is_glob(name).then(|| Glob::new(name));
    folders.iter().any(|folder| {
        let path = |file: &str| format!("/{}/{file}", folder.join("/"));
        let Some(glob) = &glob else {
            return is_secret_path(ctx, &path(name));
        };
        let too_general = glob.matches(ORDINARY_NAME) && !is_secret_path(ctx, &path(ORDINARY_NAME));
        !too_general
            && SECRET_NAMES
                .iter()
                .chain(SECRET_DIRS)
                .any(|s| glob.matches(s) && is_secret_path(ctx, &path(s)))
    })
}

/// Shell pattern matching of one file name: `*`, `?` and `[…]` (with `!`
/// or `^` and ranges). As in the shell, a leading dot is only matched by a
/// dot written in the pattern. The pattern comes from the command line, so
/// matching is one pass over a table, never backtracking: `*a*a*a…b` cannot
/// make askrisky stall.
#[cfg(test)]
fn glob_matches(pattern: &str, name: &str) -> bool {
    Glob::new(pattern).matches(name)
}

/// A pattern read once and matched against many names.
struct Glob {
    tokens: Vec<GlobToken>,
    leading_dot: bool,
}

impl Glob {
    fn new(pattern: &str) -> Self {
        Self {
            tokens: glob_tokens(pattern),
            leading_dot: pattern.starts_with('.'),
        }
    }

    /// See [`glob_matches`].
    fn matches(&self, name: &str) -> bool {
        if name.starts_with('.') && !self.leading_dot {
            return false;
        }
        // Most names end otherwise than a pattern ending in a letter.
        if let Some(GlobToken::Char(last)) = self.tokens.last()
            && !name.ends_with(*last)
        {
            return false;
        }
        let len = name.chars().count();
        if len >= 127 {
            return self.matches_long(name);
        }
        // The table of `matches_long` as bits, without allocating: the
        // names tried are askrisky's own short ones, many per pattern.
        // Bits past the name's length may be set; none is read.
        let mut row: u128 = 1;
        for token in &self.tokens {
            row = if let GlobToken::Star = token {
                // Every length from the shortest reached on.
                let lowest = row & row.wrapping_neg();
                !(lowest - 1)
            } else {
                let mut next = 0;
                for (j, c) in name.chars().enumerate() {
                    if row & (1 << j) != 0 && token.matches(c) {
                        next |= 1 << (j + 1);
                    }
                }
                next
            };
            if row == 0 {
                return false;
            }
        }
        row & (1 << len) != 0
    }

    /// [`Glob::matches`] for a name too long for its bit table.
    fn matches_long(&self, name: &str) -> bool {
        let name: Vec<char> = name.chars().collect();
        // row[j]: the pattern so far matches the first j characters of name.
        let mut row = vec![false; name.len() + 1];
        let mut next = row.clone();
        row[0] = true;
        for token in &self.tokens {
            if let GlobToken::Star = token {
                let mut reached = false;
                for (cell, was) in next.iter_mut().zip(&row) {
                    reached |= *was;
                    *cell = reached;
                }
            } else {
                next[0] = false;
                for j in 1..=name.len() {
                    next[j] = row[j - 1] && token.matches(name[j - 1]);
                }
            }
            std::mem::swap(&mut row, &mut next);
            if !row.contains(&true) {
                return false;
            }
        }
        row[name.len()]
    }
}

enum GlobToken {
    Star,
    Any,
    Char(char),
    Set {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
}

impl GlobToken {
    fn matches(&self, c: char) -> bool {
        match self {
            Self::Star | Self::Any => true,
            Self::Char(x) => *x == c,
            Self::Set { negated, ranges } => {
                ranges.iter().any(|(lo, hi)| *lo <= c && c <= *hi) != *negated
            }
        }
    }
}

fn glob_tokens(pattern: &str) -> Vec<GlobToken> {
    let p: Vec<char> = pattern.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = p.get(i) {
        i += 1;
        match c {
            '*' => {
                if !matches!(out.last(), Some(GlobToken::Star)) {
                    out.push(GlobToken::Star);
                }
            }
            '?' => out.push(GlobToken::Any),
            '[' => match bracket(&p[i..]) {
                Some((set, used)) => {
                    out.push(set);
                    i += used;
                }
                // An unterminated `[` is an ordinary character.
                None => out.push(GlobToken::Char('[')),
            },
            c => out.push(GlobToken::Char(c)),
        }
    }
    out
}

/// A bracket expression after its `[`, and how many characters it used;
/// `None` when it is not closed.
fn bracket(p: &[char]) -> Option<(GlobToken, usize)> {
    let negated = matches!(p.first(), Some('!' | '^'));
    let start = usize::from(negated);
    // A `]` right after the opening (or after `!`) is part of the set.
    let close = (start + 1..p.len()).find(|&i| p[i] == ']')?;
    let set = &p[start..close];
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < set.len() {
        if i + 2 < set.len() && set[i + 1] == '-' {
            ranges.push((set[i], set[i + 2]));
            i += 3;
        } else {
            ranges.push((set[i], set[i]));
            i += 1;
        }
    }
    Some((GlobToken::Set { negated, ranges }, close + 1))
}

/// The cheap screen in front of the secret checks: whether a path (or,
/// when it is relative, the folder it is read in) mentions one of some
/// fragments. Every secret path mentions one, so a word that fails the
/// screen is not a secret and need not be resolved; most words of most
/// commands fail it. One pass over the word for all fragments at once.
struct Screen {
    hints: &'static [&'static [&'static str]],
    automaton: Option<AhoCorasick>,
    /// The last folder screened and its answer: every relative word of a
    /// line is read in the same folder.
    last_cwd: std::sync::Mutex<Option<(PathBuf, bool)>>,
}

impl Screen {
    fn new(hints: &'static [&'static [&'static str]]) -> Self {
        Self {
            hints,
            // Built once per process, which mostly checks a line or two: a
            // quick-to-build automaton over a fast-to-search one.
            automaton: AhoCorasick::builder()
                .kind(Some(AhoCorasickKind::ContiguousNFA))
                .build(hints.iter().copied().flatten())
                .ok(),
            last_cwd: std::sync::Mutex::new(None),
        }
    }

    fn hinted(&self, s: &str) -> bool {
        match &self.automaton {
            Some(a) => a.is_match(s),
            // Without the automaton, the same answer the slow way.
            None => self.hints.iter().copied().flatten().any(|h| s.contains(h)),
        }
    }

    fn passes(&self, value: &str, cwd: &std::path::Path) -> bool {
        let relative = !value.starts_with(['/', '~']);
        self.hinted(value) || relative && self.cwd_hinted(cwd)
    }

    /// [`Screen::hinted`] for the folder, remembered for the next word.
    fn cwd_hinted(&self, cwd: &std::path::Path) -> bool {
        // A poisoned lock only loses the memory, never the answer.
        let Ok(mut last) = self.last_cwd.lock() else {
            return self.hinted(&cwd.to_string_lossy());
        };
        match &*last {
            Some((seen, hinted)) if seen.as_os_str() == cwd.as_os_str() => *hinted,
            _ => {
                let hinted = self.hinted(&cwd.to_string_lossy());
                *last = Some((cwd.to_path_buf(), hinted));
                hinted
            }
        }
    }
}

/// Every secret's folder or a fragment of its name, and askrisky's own
/// secret folders: the one pass most words take.
static SECRET_SCREEN: LazyLock<Screen> =
    LazyLock::new(|| Screen::new(&[SECRET_DIRS, NAME_HINTS, OWN_SECRET_DIRS]));

/// Fragments of secret file names, for the screen.
const NAME_HINTS: &[&str] = &[
    ".env",
    "id_",
    "shadow",
    "sudoers",
    "netrc",
    ".pgpass",
    "credentials",
    ".npmrc",
    ".pypirc",
    ".vault-token",
    "master.key",
    "service-account",
    ".htpasswd",
    ".pem",
    ".key",
    ".p12",
    ".pfx",
    ".jks",
    "keystore",
    ".kdbx",
    "keychain",
    ".ppk",
    ".asc",
    ".gpg",
    "environ",
    ".credentials",
    "auth.json",
    "oauth_creds",
    "github-copilot",
];

/// Subfolders of askrisky's state that hold what stands in for the
/// person's say-so: allow-once codes, nested-run tokens, and the key that
/// signs them. An agent that reads them learns what to replay or forge.
const OWN_SECRET_DIRS: &[&str] = &["approvals", "nested", "keys"];

/// Whether `value` is inside (or is) one of [`OWN_SECRET_DIRS`] of
/// askrisky's own folders.
fn is_own_secret(ctx: &Place, value: &str) -> bool {
    let resolved = ctx.resolve(value);
    ctx.own_dirs.iter().any(|own| {
        let own = ctx.resolve(&own.to_string_lossy());
        OWN_SECRET_DIRS
            .iter()
            .any(|d| at_or_below(&resolved, &format!("{own}/{d}")))
    })
}

/// [`is_secret`] for one exact path.
fn is_secret_path(ctx: &Place, value: &str) -> bool {
    // Cheap screen first: every secret below, askrisky's own included, has
    // one of its folders or one of the name fragments in its path.
    if !SECRET_SCREEN.passes(value, &ctx.cwd) {
        return false;
    }
    if is_own_secret(ctx, value) {
        return true;
    }
    let resolved = ctx.resolve(value);
    let parts: Vec<&str> = resolved.split('/').filter(|p| !p.is_empty()).collect();
    let Some((&name, dirs)) = parts.split_last() else {
        return false;
    };
    let under = |d: &str| dirs.contains(&d);
    let public = name.ends_with(".pub") || name.starts_with("known_hosts");
    // A folder of keys read as a whole (`tar czf x ~/.ssh`, `cp -r
    // ~/.password-store`) reads every key in it.
    let parent = dirs.last().copied().unwrap_or("");
    if matches!(
        name,
        ".ssh" | ".gnupg" | ".password-store" | ".aws" | ".docker" | ".kube" | ".azure"
    ) || parent == ".config" && matches!(name, "gh" | "gcloud")
        || parent == "Library" && name == "Keychains"
    {
        return true;
    }
    if under(".ssh") {
        return !public;
    }
    if under(".gnupg") || under(".password-store") || under(".azure") || under("Keychains") {
        return true;
    }
    if under(".aws") && matches!(name, "credentials" | "config") {
        return true;
    }
    if under(".docker") && name == "config.json"
        || under(".kube") && name == "config"
        || under("gh") && name == "hosts.yml"
        || under("gcloud") && (name.contains("credentials") || name.ends_with(".db"))
    {
        return true;
    }
    if name == ".env" {
        return true;
    }
    // A process's environment, and agents' own login tokens.
    if name == "environ" && parts.first() == Some(&"proc")
        || crate::agents::ROWS.iter().any(|r| {
            r.credentials
                .iter()
                .any(|c| crate::agents::ends_with_pattern(&parts, c))
        })
    {
        return true;
    }
    if let Some(variant) = name.strip_prefix(".env.") {
        return !matches!(
            variant,
            "example" | "sample" | "template" | "dist" | "defaults" | "schema" | "test.example"
        );
    }
    if name.starts_with("id_")
        && !public
        && ["rsa", "dsa", "ecdsa", "ed25519"]
            .iter()
            .any(|k| name[3..].starts_with(k))
    {
        return true;
    }
    match name {
        "shadow" | "gshadow" | "sudoers" => return resolved.starts_with("/etc/"),
        ".netrc"
        | "_netrc"
        | ".pgpass"
        | ".git-credentials"
        | ".npmrc"
        | ".pypirc"
        | ".vault-token"
        | "master.key"
        | "credentials.json"
        | "service-account.json"
        | ".htpasswd" => return true,
        _ => {}
    }
    const EXTS: &[&str] = &[
        ".pem",
        ".key",
        ".p12",
        ".pfx",
        ".jks",
        ".keystore",
        ".kdbx",
        ".keychain",
        ".keychain-db",
        ".ppk",
        ".asc",
        ".gpg",
    ];
    EXTS.iter().any(|e| name.ends_with(e))
}

/// Files whose change alters what runs later or loosens a guard: shell
/// startup files, git hooks and config, cron, SSH access, agents' settings,
/// askrisky's own config and state, system config.
pub fn protected_reason(ctx: &Place, value: &str) -> Option<&'static str> {
    if let Some(reason) = protected_lexically(ctx, value) {
        return Some(reason);
    }
    let real = on_disk(ctx, value);
    real.as_deref()
        .and_then(|r| protected_lexically(ctx, r))
        .or_else(|| in_linked_git_dir(ctx, value, real.as_deref()))
}

/// [`protected_reason`] for the path as written, resolved lexically.
fn protected_lexically(ctx: &Place, value: &str) -> Option<&'static str> {
    let resolved = ctx.resolve(value);
    for own in &ctx.own_dirs {
        let own = ctx.resolve(&own.to_string_lossy());
        if at_or_below(&resolved, &own) {
            return Some("askrisky's own config or state");
        }
    }
    let parts: Vec<&str> = resolved.split('/').filter(|p| !p.is_empty()).collect();
    let name = parts.last().copied().unwrap_or("");
    let has = |a: &str, b: &str| parts.windows(2).any(|w| w[0] == a && w[1] == b);
    if name == ".askrisky.toml" {
        return Some("askrisky's project file");
    }
    if has(".git", "hooks") || (has(".git", "config") && name == "config") {
        return Some("git hooks or config");
    }
    // Anything else of a repository's own: refs, objects, its info, and a
    // `.git` file that says where the repository is.
    if parts.contains(&".git") {
        return Some("a git repository's own files");
    }
    if parts.contains(&".husky") {
        return Some("git hooks (husky)");
    }
    // Python runs `import` lines of `.pth` files, and these modules, at
    // every start.
    if parts
        .iter()
        .any(|p| matches!(*p, "site-packages" | "dist-packages"))
        && (name.ends_with(".pth") || matches!(name, "sitecustomize.py" | "usercustomize.py"))
    {
        return Some("Python startup code");
    }
    if parts.starts_with(&["proc", "sys"]) || parts.first() == Some(&"sys") {
        return Some("kernel settings");
    }
    if parts.first() == Some(&"etc") {
        return Some("system configuration");
    }
    if parts.first() == Some(&"var") && parts.get(1) == Some(&"spool") {
        return Some("cron");
    }
    // What agents keep as the record of a session: a forged record could
    // read as the person's words. And what starts, permits or hooks them:
    // changed, the agent's guard is gone.
    if let Some(kind) = crate::agents::protects(&parts) {
        return Some(match kind {
            crate::agents::Kind::Transcript => "an agent's transcripts",
            crate::agents::Kind::Guard => "an agent's settings, hooks or plugins",
        });
    }
    if ctx
        .moved_agent_guards
        .iter()
        .any(|g| crate::agents::path_matches(&resolved, g))
    {
        return Some("an agent's settings, hooks or plugins");
    }
    if let Some(rel) = ctx.in_home(&resolved).or_else(|| {
        // `~` unresolved (no home known): `/~/…`
        resolved.strip_prefix("/~/")
    }) {
        const RC: &[&str] = &[
            ".bashrc",
            ".bash_profile",
            ".bash_login",
            ".bash_logout",
            ".profile",
            ".zshrc",
            ".zshenv",
            ".zprofile",
            ".zlogin",
            ".zlogout",
            ".kshrc",
            ".cshrc",
            ".tcshrc",
            ".inputrc",
            ".config/fish/config.fish",
            ".xprofile",
            ".xinitrc",
            ".pam_environment",
            ".bash_aliases",
            ".bash_functions",
            ".bashrc.d",
            ".zlogin",
            ".mkshrc",
            ".config/environment.d",
            ".vimrc",
            ".exrc",
            ".gvimrc",
            ".emacs",
            ".tmux.conf",
            ".screenrc",
            ".curlrc",
            ".wgetrc",
            ".npmrc",
            ".yarnrc",
            ".yarnrc.yml",
            ".pip/pip.conf",
            ".config/pip/pip.conf",
            ".pydistutils.cfg",
            ".cargo/config",
            ".cargo/config.toml",
            ".gemrc",
            ".config/starship.toml",
            ".config/direnv/direnvrc",
            ".direnvrc",
        ];
        const RC_DIRS: &[&str] = &[
            ".config/fish/conf.d/",
            ".config/fish/functions/",
            ".config/fish/completions/",
            ".config/zsh/",
            ".oh-my-zsh/custom/",
            ".bashrc.d/",
            ".config/environment.d/",
            ".config/nvim/",
            ".vim/plugin/",
            ".vim/autoload/",
            ".emacs.d/",
            ".config/tmux/",
            ".ipython/profile_default/startup/",
            ".config/git/",
        ];
        if RC.contains(&rel) || RC_DIRS.iter().any(|d| rel.starts_with(d)) {
            return Some("a shell startup file");
        }
        // A program of a common name early in PATH runs instead of the
        // real one (`~/.local/bin/git`).
        if let Some(prog) = rel
            .strip_prefix(".local/bin/")
            .or_else(|| rel.strip_prefix("bin/"))
            .or_else(|| rel.strip_prefix(".cargo/bin/"))
            && COMMON_PROGRAMS.contains(&prog)
        {
            return Some("a program that runs in place of a common one");
        }
        if rel == ".ssh" || rel.starts_with(".ssh/") {
            return Some("SSH access");
        }
        if matches!(rel, ".gitconfig" | ".config/git/config") {
            return Some("git config");
        }
        if rel.starts_with(".config/systemd/user")
            || rel.starts_with(".config/autostart")
            || rel.starts_with("Library/LaunchAgents")
        {
            return Some("programs started at login");
        }
    }
    if parts.starts_with(&["Library", "LaunchDaemons"])
        || parts.starts_with(&["Library", "LaunchAgents"])
    {
        return Some("programs started at login");
    }
    None
}

/// The git folder a `.git` file points to (`gitdir: PATH`, as in a
/// worktree or submodule), for the `.git` files of the command's folder
/// and the folders above it; with a worktree's `commondir`, the main one.
fn linked_git_dirs(ctx: &Place) -> Option<Vec<String>> {
    thread_local! {
        // The last folder asked about: a line's commands share it.
        static LAST: std::cell::RefCell<Option<(PathBuf, Vec<String>)>> =
            const { std::cell::RefCell::new(None) };
    }
    // `None` for none (the usual case), without copying anything.
    if let Some(found) = LAST.with_borrow(|last| {
        last.as_ref()
            .filter(|(cwd, _)| *cwd == ctx.cwd)
            .map(|(_, dirs)| (!dirs.is_empty()).then(|| dirs.clone()))
    }) {
        return found;
    }
    let found = find_linked_git_dirs(ctx);
    LAST.with_borrow_mut(|last| *last = Some((ctx.cwd.clone(), found.clone())));
    (!found.is_empty()).then_some(found)
}

fn find_linked_git_dirs(ctx: &Place) -> Vec<String> {
    let mut out = Vec::new();
    let mut dir = Some(ctx.cwd.as_path());
    while let Some(d) = dir {
        let file = d.join(".git");
        if let Ok(text) = std::fs::read_to_string(&file)
            && let Some(target) = text.lines().next().and_then(|l| l.strip_prefix("gitdir:"))
        {
            let target = target.trim();
            let here = Place {
                cwd: d.to_path_buf(),
                ..ctx.clone()
            };
            let git_dir = here.resolve(target);
            if let Ok(common) = std::fs::read_to_string(format!("{git_dir}/commondir")) {
                let there = Place {
                    cwd: PathBuf::from(&git_dir),
                    ..ctx.clone()
                };
                out.push(there.resolve(common.trim()));
            }
            out.push(git_dir);
        }
        dir = d.parent();
    }
    out
}

/// Whether `value` is inside the git folder a `.git` file points to.
fn in_linked_git_dir(ctx: &Place, value: &str, real: Option<&str>) -> Option<&'static str> {
    let dirs = linked_git_dirs(ctx)?;
    let resolved = ctx.resolve(value);
    dirs.iter()
        .any(|g| {
            [Some(resolved.as_str()), real]
                .into_iter()
                .flatten()
                .any(|p| at_or_below(p, g))
        })
        .then_some("a git repository's own files")
}

/// Programs an agent and the person run all day: one of these names early
/// in PATH is run in their place.
const COMMON_PROGRAMS: &[&str] = &[
    "git", "ls", "cd", "cat", "sudo", "ssh", "scp", "rm", "cp", "mv", "sh", "bash", "zsh",
    "python", "python3", "pip", "pip3", "node", "npm", "npx", "pnpm", "yarn", "cargo", "rustc",
    "go", "make", "curl", "wget", "grep", "rg", "find", "sed", "awk", "docker", "kubectl", "gh",
    "code", "vim", "nvim", "less", "env", "askrisky", "claude", "codex", "gemini", "uv", "pytest",
    "java", "gcc", "cc", "clang", "tar", "gpg", "ps", "kill", "which", "id",
];

/// Most symbolic links followed when resolving a path on disk (as the
/// kernel's own bound, 40).
pub const MAX_LINKS: usize = 40;

/// The path as the system would reach it: the part of it that exists
/// resolved on disk (symbolic links, and `..` after a link), the rest
/// joined lexically. The command's folder and home are taken as they are
/// given; only the path's own parts are looked up, each once. `None` when
/// that changes nothing (no link on the way, the usual case, cheaply
/// known), when the path is not text askrisky can look up (`$X`, a glob),
/// or past [`MAX_LINKS`] links. A path askrisky cannot resolve is judged
/// as written; where it can, both are judged and the stricter wins.
pub fn on_disk(ctx: &Place, value: &str) -> Option<String> {
    if value.is_empty() || value.contains(['$', '`', '*', '?', '[']) {
        return None;
    }
    let (start, rest): (&std::path::Path, &str) = if let Some(rest) = value.strip_prefix('~') {
        if !(rest.is_empty() || rest.starts_with('/')) {
            return None;
        }
        (ctx.home.as_deref()?, rest)
    } else if value.starts_with('/') {
        (std::path::Path::new("/"), value)
    } else {
        (&ctx.cwd, value)
    };
    // The usual case: no part of the path is a link. Each existing part
    // is looked up once, in one buffer; the first missing part ends it.
    let mut real = start.to_path_buf();
    let mut saw_link = false;
    for part in rest.split('/').filter(|p| !matches!(*p, "" | ".")) {
        if part == ".." {
            // `..` after links is the slow path's; before them, lexical.
            real.pop();
            continue;
        }
        real.push(part);
        match look_up(&real) {
            Found::Link => {
                saw_link = true;
                break;
            }
            Found::Other => {}
            Found::Missing => return None,
        }
    }
    if !saw_link {
        return None;
    }
    on_disk_through_links(ctx, value, start.to_string_lossy().into_owned(), rest)
}

/// What one `lstat` of a path found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    Missing,
    Link,
    Other,
}

/// Most lookups one line remembers: past them, the disk is asked again
/// (a line of thousands of words must not make every lookup a long search).
const MAX_REMEMBERED: usize = 256;

thread_local! {
    /// The lookups of the line being assessed (see [`OneLine`]); `None`
    /// outside an assessment, where every lookup asks the disk.
    static LOOKED_UP: std::cell::RefCell<Option<Vec<(PathBuf, Found)>>> =
        const { std::cell::RefCell::new(None) };
}

/// Looks a path up without following a final link, once per line: the
/// same word is asked about by several rules (`rm -rf target` is a
/// catastrophe, a protected file and a secret candidate), and every
/// relative word shares the folder's parts.
fn look_up(path: &std::path::Path) -> Found {
    let ask = || match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Found::Link,
        Ok(_) => Found::Other,
        Err(_) => Found::Missing,
    };
    LOOKED_UP.with(|seen| {
        let mut seen = seen.borrow_mut();
        let Some(seen) = seen.as_mut() else {
            return ask();
        };
        if let Some((_, found)) = seen.iter().find(|(p, _)| p == path) {
            return *found;
        }
        let found = ask();
        if seen.len() < MAX_REMEMBERED {
            seen.push((path.to_path_buf(), found));
        }
        found
    })
}

/// While alive, lookups on this thread are remembered: the disk is taken
/// as it stands when a line is assessed. Only for the length of one line
/// — a later line may run after this one changed the disk (`ln -s
/// ~/.ssh/id_rsa x` then `cat x`), so nothing is remembered across lines.
#[must_use = "lookups are remembered only while the guard lives"]
pub struct OneLine {
    outer: Option<Vec<(PathBuf, Found)>>,
}

impl OneLine {
    /// Starts remembering (an assessment inside another keeps its own
    /// memory and gives the outer one back).
    pub fn start() -> Self {
        let outer = LOOKED_UP.with(|seen| seen.replace(Some(Vec::new())));
        Self { outer }
    }
}

impl Drop for OneLine {
    fn drop(&mut self) {
        let outer = self.outer.take();
        LOOKED_UP.with(|seen| *seen.borrow_mut() = outer);
    }
}

/// [`on_disk`] once a link is known to be on the way.
fn on_disk_through_links(ctx: &Place, value: &str, start: String, rest: &str) -> Option<String> {
    let mut real = PathBuf::from(start);
    let mut pending: Vec<String> = rest
        .split('/')
        .filter(|p| !matches!(*p, "" | "."))
        .rev()
        .map(str::to_owned)
        .collect();
    let mut links = 0;
    let mut missing: Vec<String> = Vec::new();
    while let Some(part) = pending.pop() {
        if !missing.is_empty() {
            missing.push(part);
            continue;
        }
        if part == ".." {
            real.pop();
            continue;
        }
        let next = real.join(&part);
        match std::fs::symlink_metadata(&next) {
            Ok(meta) if meta.file_type().is_symlink() => {
                links += 1;
                if links > MAX_LINKS {
                    return None;
                }
                let target = std::fs::read_link(&next).ok()?;
                let target = target.to_string_lossy().into_owned();
                if target.starts_with('/') {
                    real = PathBuf::from("/");
                }
                pending.extend(
                    target
                        .split('/')
                        .filter(|p| !matches!(*p, "" | "."))
                        .rev()
                        .map(str::to_owned),
                );
            }
            Ok(_) => real = next,
            Err(_) => missing.push(part),
        }
    }
    if links == 0 {
        return None;
    }
    let mut path = real.to_string_lossy().into_owned();
    for part in missing {
        if !path.ends_with('/') {
            path.push('/');
        }
        path.push_str(&part);
    }
    // Lexically from here: what is missing may still hold `..`.
    let resolved = ctx.resolve(&path);
    (resolved != ctx.resolve(value)).then_some(resolved)
}

/// True for a folder that holds secret folders: the root, a home or a
/// folder above one, and the folders below home that keep keys and
/// tokens (`~/.config`, `~/.local/state`, `~/Library`), and `/etc`. Read
/// as a whole, it reads them all.
pub fn holds_secrets(ctx: &Place, value: &str) -> bool {
    let resolved = ctx.resolve(value);
    let parent_of =
        |p: &str| p == resolved || p.starts_with(&format!("{}/", resolved.trim_end_matches('/')));
    if ctx.home_str().is_some_and(|h| parent_of(&h)) || resolved == "/etc" {
        return true;
    }
    if ctx
        .own_dirs
        .iter()
        .any(|own| parent_of(&ctx.resolve(&own.to_string_lossy())))
    {
        return true;
    }
    ctx.in_home(&resolved).is_some_and(|rel| {
        matches!(
            rel,
            ".config"
                | ".local"
                | ".local/state"
                | ".local/share"
                | "Library"
                | "Library/Application Support"
        ) || rel.starts_with(".claude")
            || rel.starts_with(".codex")
            || rel.starts_with(".gemini")
    })
}

/// True when files of names only known at run time written into folder
/// `value` (an archive unpacked there, a patch applied) may land on a
/// protected file: the folder is the root, a home or above one, a dot
/// folder of home or anything in one (`~/.config`, `~/.claude`), a git
/// folder, or itself protected.
pub fn holds_protected(ctx: &Place, value: &str) -> bool {
    let resolved = ctx.resolve(value);
    if protected_reason(ctx, value).is_some() || resolved.split('/').any(|p| p == ".git") {
        return true;
    }
    if let Some(home) = ctx.home_str()
        && (home == resolved || home.starts_with(&format!("{}/", resolved.trim_end_matches('/'))))
    {
        return true;
    }
    if ctx
        .own_dirs
        .iter()
        .any(|own| ctx.resolve(&own.to_string_lossy()).starts_with(&resolved))
    {
        return true;
    }
    ctx.in_home(&resolved)
        .is_some_and(|rel| rel.starts_with('.') || rel.starts_with("Library/"))
        || resolved == "/"
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "/usr/local",
        ] {
            assert!(c.is_catastrophic(v), "{v}");
        }
        for v in [
            "/tmp",
            "/tmp/*",
            "./build",
            "~/project/build",
            "/usr/local/lib/foo",
            "node_modules",
            "/var/tmp/x",
            "~/.cache",
        ] {
            assert!(!c.is_catastrophic(v), "{v}");
        }
    }

    #[test]
    fn secrets() {
        let c = Place::example();
        for v in [
            ".env",
            ".env.local",
            "config/.env.production",
            "~/.ssh/id_rsa",
            "~/.ssh/config",
            ".ssh/id_ed25519",
            "~/.aws/credentials",
            "server.pem",
            "tls.key",
            "~/.netrc",
            "/etc/shadow",
            "~/.git-credentials",
            "~/.docker/config.json",
            "~/.kube/config",
            "~/.config/gh/hosts.yml",
            "~/Library/Keychains/login.keychain-db",
            "~/.ssh",
            "id_ed25519_sk",
            ".env*",
            ".e?v",
            ".en[v]",
            "config/.env.*",
            "~/.aw?/credentials",
            "~/.*/credentials",
            "~/.ssh/*",
            "~/.ssh/id_*",
            "*.pem",
            "id_*",
            "/etc/sha*",
            // Folders of keys, read as a whole, and what is in them.
            "~/.gnupg",
            "~/.gnupg/pubring.kbx",
            "~/.password-store",
            "~/.password-store/.gpg-id",
            "~/.aws",
            "~/.aws/config",
            "~/.docker",
            "~/.kube",
            "~/.azure",
            "~/.azure/msal_token_cache.json",
            "~/Library/Keychains",
            "~/Library/Keychains/metadata.db",
            "~/.config/gh",
            "~/.config/gcloud",
            "~/.config/gcloud/access_tokens.db",
            "~/.config/gcloud/application_default_credentials.json",
            "~/.ss?",
            "~/.config/g*",
            "~/.pass*",
        ] {
            assert!(is_secret(&c, v), "{v}");
        }
        let in_aws = Place {
            cwd: "/home/user/.aws".into(),
            ..Place::example()
        };
        assert!(is_secret(&in_aws, "credentials"));
        assert!(!is_secret(&in_aws, "/tmp/credentials"));
        for v in [
            ".env.example",
            "README.md",
            "~/.ssh/id_rsa.pub",
            "~/.ssh/known_hosts",
            "src/env.rs",
            "environment.yml",
            "keys.rs",
            "id_card.txt",
            "shadow.txt",
            "*",
            "*.*",
            "*.md",
            "src/*.rs",
            "~/.ssh/*.pub",
            ".env.exampl?",
            "[!.]env",
            "?env",
            "docs/[",
            // The secret folders' names elsewhere, and their other files.
            "gh",
            "gcloud",
            "~/Keychains",
            "~/.config",
            "config",
            "config.json",
            "hosts.yml",
            "credentials",
            "credentials.db",
            "~/.aws/cli/cache/token.json",
            "~/.docker/daemon.json",
            "~/.kube/cache/discovery",
            "~/.config/gh/config.yml",
            "~/.config/gcloud/logs/run.log",
            "~/*",
            // The agents' token files' names elsewhere, and their other
            // files; a process's environment only under /proc.
            "notes/.credentials.json",
            "~/.claude/settings.json",
            "docs/auth.json",
            "~/.codex/config.toml",
            "docs/oauth_creds.json",
            "~/.gemini/settings.json",
            "~/.config/github-copilot/versions.json",
            "docs/environ",
            "/proc/cpuinfo",
        ] {
            assert!(!is_secret(&c, v), "{v}");
        }
        for v in [
            "~/.claude/.credentials.json",
            "~/.codex/auth.json",
            "~/.gemini/oauth_creds.json",
            "~/.config/github-copilot/hosts.json",
            "~/.config/github-copilot/apps.json",
            "/proc/self/environ",
            "/proc/1/environ",
        ] {
            assert!(is_secret(&c, v), "{v}");
        }
    }

    #[test]
    fn a_link_to_a_secret_is_a_secret() {
        let (_dir, c) = on_disk_home();
        link("../.ssh/id_rsa", &c.cwd.join("k"));
        assert!(is_secret(&c, "k"));
        assert!(is_secret(&c, "./k"));
        assert!(!is_secret(&c, "notes.txt"));
    }

    #[test]
    fn the_disk_is_remembered_for_one_line_only() {
        let (_dir, c) = on_disk_home();
        let k = c.cwd.join("k");
        assert_eq!(look_up(&k), Found::Missing);
        {
            let _line = OneLine::start();
            assert_eq!(look_up(&k), Found::Missing);
            link("../.ssh/id_rsa", &k);
            // Within the line, the disk as it was first seen.
            assert_eq!(look_up(&k), Found::Missing);
            {
                // An assessment inside another remembers on its own.
                let _inner = OneLine::start();
                assert_eq!(look_up(&k), Found::Link);
            }
            assert_eq!(look_up(&k), Found::Missing);
        }
        // The next line sees the link the last one made.
        assert_eq!(look_up(&k), Found::Link);
        assert_eq!(look_up(&c.cwd), Found::Other);
    }

    #[test]
    fn a_line_remembers_so_many_lookups_and_no_more() {
        let (_dir, c) = on_disk_home();
        let _line = OneLine::start();
        for i in 0..MAX_REMEMBERED {
            assert_eq!(look_up(&c.cwd.join(format!("f{i}"))), Found::Missing);
        }
        // Past the bound, the disk is asked each time.
        let late = c.cwd.join("late");
        assert_eq!(look_up(&late), Found::Missing);
        std::fs::write(&late, "").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(look_up(&late), Found::Other);
        // What was remembered stays.
        std::fs::write(c.cwd.join("f0"), "").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(look_up(&c.cwd.join("f0")), Found::Missing);
    }

    #[test]
    fn the_folder_is_resolved_before_the_disk_is_asked() {
        // Given as `project/up/..` where `up` links elsewhere, the folder is
        // `project` (as the shell's `cd` reads it), not where the link's
        // parent is.
        let (_dir, c) = on_disk_home();
        link("/", &c.cwd.join("up"));
        link("../.ssh/id_rsa", &c.cwd.join("k"));
        let given = Place {
            cwd: c.cwd.join("up/.."),
            ..c.clone()
        };
        let codes = crate::danger::assess(&crate::parse::parse("cat k"), &given, &[]);
        assert!(codes.codes().contains(&"secret.read"), "{codes:?}");
    }

    #[test]
    fn a_link_made_by_one_line_is_seen_by_the_next() {
        let (_dir, c) = on_disk_home();
        let read = |line: &str| {
            crate::danger::assess(&crate::parse::parse(line), &c, &[])
                .codes()
                .contains(&"secret.read")
        };
        assert!(!read("cat k"));
        link("../.ssh/id_rsa", &c.cwd.join("k"));
        assert!(read("cat k"));
    }

    #[test]
    fn a_subcommand_is_no_file_read() {
        let (_dir, c) = on_disk_home();
        for name in ["test", "run"] {
            link("../.ssh/id_rsa", &c.cwd.join(name));
        }
        let read = |line: &str| {
            crate::danger::assess(&crate::parse::parse(line), &c, &[])
                .codes()
                .contains(&"secret.read")
        };
        for (line, reads) in [
            ("cargo test", false),
            ("npm run build", false),
            ("go test ./...", false),
            ("cat test", true),
            ("cargo run -- test", true),
            ("npm run test", true),
            ("python3 test", true),
            // After an option, the first word may be its value.
            ("cargo --config test build", true),
            ("npm --userconfig run test", true),
        ] {
            assert_eq!(read(line), reads, "{line}");
        }
    }

    #[test]
    fn the_secret_screen() {
        let screen = Screen::new(&[&[".ssh"], &["approvals"]]);
        // The same answers without the automaton.
        let slow = Screen {
            automaton: None,
            ..Screen::new(&[&[".ssh"], &["approvals"]])
        };
        // Each folder twice: the second answer is the remembered one.
        assert!(screen.automaton.is_some());
        for (value, cwd, passes) in [
            ("~/.ssh/id_rsa", "/home/user/project", true),
            ("/home/user/.ssh", "/", true),
            ("id_rsa", "/home/user/.ssh", true),
            ("./id_rsa", "/home/user/.ssh", true),
            (
                "K7Q29XM3",
                "/home/user/.local/state/askrisky/approvals",
                true,
            ),
            // An absolute or home path is read where it says, not in cwd.
            ("/tmp/id_rsa", "/home/user/.ssh", false),
            ("~/notes", "/home/user/.ssh", false),
            ("id_rsa", "/home/user/project", false),
            ("src/main.rs", "/home/user/project", false),
        ] {
            let folder = std::path::Path::new(cwd);
            assert_eq!(screen.passes(value, folder), passes, "{value} in {cwd}");
            assert_eq!(
                screen.passes(value, folder),
                passes,
                "{value} in {cwd}, again"
            );
            assert_eq!(slow.passes(value, folder), passes, "{value} in {cwd}");
        }
    }

    #[test]
    fn glob_matching() {
        for (p, n) in [
            ("*", "a"),
            (".e*", ".env"),
            ("a?c", "abc"),
            ("[a-c]x", "bx"),
            ("[!a]x", "bx"),
            ("[^a]x", "bx"),
            ("[]]", "]"),
            ("a[", "a["),
            ("*.key", "tls.key"),
            ("x[a-]", "x-"),
            ("x[a-]", "xa"),
            ("ab*", "ab"),
            ("a*b*", "ab"),
            ("*a*", "a"),
            ("a**b", "ab"),
        ] {
            assert!(glob_matches(p, n), "{p} {n}");
        }
        for (p, n) in [
            ("*", ".env"),
            ("?env", ".env"),
            ("[a-c]x", "dx"),
            ("[!a]x", "ax"),
            ("a?", "a"),
            ("*.key", "tls.pem"),
            ("x[a-]", "xb"),
        ] {
            assert!(!glob_matches(p, n), "{p} {n}");
        }
        // A pattern as long as a path may be is still read; one longer
        // names no file the system would open.
        let c0 = Place::example();
        let at = |len: usize| format!("{}.env*", "./".repeat((len - 5) / 2));
        assert_eq!(at(MAX_PATH - 1).len(), MAX_PATH - 1);
        let exactly = format!(".{}", at(MAX_PATH - 1));
        assert_eq!(exactly.len(), MAX_PATH);
        assert!(is_secret(&c0, &exactly));
        assert!(!is_secret(&c0, &format!(".{exactly}")));
        // Hostile patterns take time in proportion to their length.
        let hostile = format!("{}b", "*a".repeat(5_000));
        assert!(!glob_matches(&hostile, &"a".repeat(60)));
        let c = Place::example();
        let many_folders = format!("{}credentials", ".*/".repeat(1_000));
        assert!(is_secret(&c, &many_folders));
        assert!(!is_secret(&c, &".*/".repeat(40_000)));
        // Names as long as the bit table holds, and past it.
        for len in [125, 126, 127, 200] {
            let name = "a".repeat(len);
            assert!(glob_matches("a*", &name), "{len}");
            assert!(glob_matches(&"?".repeat(len), &name), "{len}");
            assert!(!glob_matches(&"?".repeat(len + 1), &name), "{len}");
            assert!(!glob_matches("*b", &name), "{len}");
        }
    }

    proptest::proptest! {
        /// The bit table answers as the plain table does.
        #[test]
        fn glob_bits_match_the_table(
            pattern in "[ab.*?!^\\[\\]-]{0,12}",
            name in "[ab.\\]-]{0,16}",
        ) {
            let glob = Glob::new(&pattern);
            let plain = (!name.starts_with('.') || glob.leading_dot) && glob.matches_long(&name);
            proptest::prop_assert_eq!(glob.matches(&name), plain);
        }
    }

    #[test]
    fn protected() {
        let c = Place::example();
        for v in [
            "~/.bashrc",
            "../.zshrc",
            ".git/hooks/pre-commit",
            ".git/config",
            "~/.config/askrisky/config.toml",
            "/home/user/.local/state/askrisky/log.jsonl",
            ".askrisky.toml",
            "/etc/hosts",
            "~/.ssh/authorized_keys",
            "~/.claude/settings.json",
            ".claude/settings.local.json",
            "/var/spool/cron/crontabs/user",
            "~/.config/fish/config.fish",
            "~/.gitconfig",
            "~/.codex/config.toml",
            ".codex/hooks.json",
            "~/.claude.json",
            ".gemini/settings.json",
            ".cursor/hooks.json",
            "~/.copilot/hooks/pre.json",
            ".github/hooks/hooks.json",
            "~/.config/fish/conf.d/x.fish",
            "~/.ssh",
            "~/.config/git/config",
            "~/.config/systemd/user/x.service",
            "~/.config/autostart/x.desktop",
            "~/Library/LaunchAgents/x.plist",
            "/Library/LaunchDaemons/x.plist",
            "/Library/LaunchAgents/x.plist",
            "~/.claude/projects/x/s.jsonl",
            "~/.codex/sessions/2026/r.jsonl",
            "~/.gemini/tmp/h/chats/c.json",
            ".git/info/exclude",
            ".git",
            "sub/.git",
            ".husky/pre-commit",
            "~/.local/lib/python3.12/site-packages/x.pth",
            "/usr/lib/python3/dist-packages/sitecustomize.py",
            "/proc/sys/kernel/core_pattern",
            "/sys/class/x",
            "~/.bash_aliases",
            "~/.config/fish/functions/ls.fish",
            "~/.cargo/config.toml",
            "~/.local/bin/git",
            "~/bin/sudo",
            "~/.vimrc",
        ] {
            assert!(protected_reason(&c, v).is_some(), "{v}");
        }
        for v in [
            "notes.txt",
            "src/main.rs",
            "~/project/.bashrc.bak",
            ".github/workflows/ci.yml",
            "/tmp/x",
            "docs/.git-guide",
            "/var/tmp/x",
            "/opt/spool/x",
            "config",
            "config.toml",
            ".codex/notes.md",
            "hooks.json",
            ".gemini/notes.md",
            ".cursor/rules.md",
            "~/.config/fish/functions.md",
            "~/Library/Caches/x",
            "/Library/Fonts/x.ttf",
            "~/.claude/notes.md",
            "docs/git.md",
            "model.pth",
            "~/.local/bin/mytool",
            "~/bin",
            "/proc/cpuinfo",
        ] {
            assert!(protected_reason(&c, v).is_none(), "{v}");
        }
    }

    /// A home on disk: `~/.config/askrisky`, `~/.ssh/id_rsa`, a project.
    fn on_disk_home() -> (tempfile::TempDir, Place) {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
        let home = dir.path().join("home");
        for d in [
            ".config/askrisky",
            ".ssh",
            "project",
            "gitdirs/wt",
            "main/.git",
        ] {
            std::fs::create_dir_all(home.join(d)).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(home.join(".ssh/id_rsa"), "k").unwrap_or_else(|e| panic!("{e}"));
        let place = Place::new(
            Some(home.clone()),
            home.join("project"),
            vec![home.join(".config/askrisky")],
        );
        (dir, place)
    }

    fn link(target: &str, at: &std::path::Path) {
        std::os::unix::fs::symlink(target, at).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn links_on_disk_are_followed() {
        let (_dir, c) = on_disk_home();
        let home = c.home.clone().unwrap_or_default();
        let project = c.cwd.clone();
        link("../.config/askrisky", &project.join("cfg"));
        link(&home.join(".ssh").to_string_lossy(), &project.join("keys"));
        link("keys", &project.join("k2"));
        link("loop-b", &project.join("loop-a"));
        link("loop-a", &project.join("loop-b"));
        link("/", &project.join("root"));
        // Through a link, relative or absolute, and a chain of them.
        assert!(protected_reason(&c, "cfg/config.toml").is_some());
        assert!(protected_reason(&c, "./cfg").is_some());
        assert!(is_secret(&c, "keys/id_rsa"));
        assert!(is_secret(&c, "k2/id_rsa"));
        assert!(is_secret(&c, "k2/new_key_not_there/../id_rsa"));
        // `link/..` is the target's parent on disk.
        assert_eq!(
            on_disk(&c, "cfg/../askrisky/x"),
            Some(format!("{}/.config/askrisky/x", home.display()))
        );
        // No link, nothing to add; a loop stops at the bound.
        assert_eq!(on_disk(&c, "notes.txt"), None);
        assert_eq!(on_disk(&c, "../project/x"), None);
        assert_eq!(on_disk(&c, "loop-a/x"), None);
        assert_eq!(on_disk(&c, "$X/cfg"), None);
        // Names the shell expands are not looked up as written, even
        // where a file of that very name exists.
        link("/", &project.join("$X"));
        link("/", &project.join("a*"));
        assert_eq!(on_disk(&c, "$X"), None);
        assert_eq!(on_disk(&c, "a*"), None);
        assert_eq!(on_disk(&c, "cf*"), None);
        assert_eq!(on_disk(&c, "~nobody/x"), None);
        assert_eq!(on_disk(&c, ""), None);
        assert_eq!(on_disk(&c, "root"), Some("/".to_owned()));
        assert!(c.is_catastrophic("/") && !c.is_catastrophic("root"));
        assert!(protected_reason(&c, "notes.txt").is_none());
        assert!(!is_secret(&c, "keys/id_rsa.pub"));
        let home_less = Place {
            home: None,
            ..c.clone()
        };
        assert_eq!(on_disk(&home_less, "~/x"), None);
        assert_eq!(
            on_disk(&c, "~/project/cfg"),
            Some(format!("{}/.config/askrisky", home.display()))
        );
        assert_eq!(MAX_LINKS, 40);
        // A chain of exactly MAX_LINKS links is followed; one more is not.
        let chain = |n: usize, name: &str| {
            for i in 0..n {
                let target = if i == 0 {
                    "cfg".to_owned()
                } else {
                    format!("{name}{}", i - 1)
                };
                link(&target, &project.join(format!("{name}{i}")));
            }
            format!("{name}{}/config.toml", n - 1)
        };
        // `cfg` itself is one more link at the end of each chain.
        let longest = chain(MAX_LINKS - 1, "ok");
        assert!(protected_reason(&c, &longest).is_some());
        let too_long = chain(MAX_LINKS, "no");
        assert_eq!(on_disk(&c, &too_long), None);
    }

    #[test]
    fn the_git_dir_a_git_file_names_is_protected() {
        let (_dir, c) = on_disk_home();
        let home = c.home.clone().unwrap_or_default();
        std::fs::write(c.cwd.join(".git"), "gitdir: ../gitdirs/wt\n")
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(home.join("gitdirs/wt/commondir"), "../../common\n")
            .unwrap_or_else(|e| panic!("{e}"));
        for v in [
            "../gitdirs/wt/config",
            "../gitdirs/wt",
            "~/gitdirs/wt/hooks/pre-commit",
            "~/common/config",
            "~/common/hooks/x",
            ".git",
        ] {
            assert!(protected_reason(&c, v).is_some(), "{v}");
        }
        // From a folder below the one with the `.git` file, its paths are
        // still read from where the file is.
        std::fs::create_dir_all(c.cwd.join("src/deep")).unwrap_or_else(|e| panic!("{e}"));
        let below = Place {
            cwd: c.cwd.join("src/deep"),
            ..c.clone()
        };
        for v in ["../../../gitdirs/wt/config", "~/common/config"] {
            assert!(protected_reason(&below, v).is_some(), "{v}");
        }
        assert!(protected_reason(&below, "~/gitdirs/wt2/config").is_none());
        for v in ["../gitdirs/other", "~/gitdirs", "src/main.rs"] {
            assert!(protected_reason(&c, v).is_none(), "{v}");
        }
        // Asked again from the same folder, the same answer.
        assert!(protected_reason(&c, "../gitdirs/wt/config").is_some());
        let elsewhere = Place {
            cwd: home.join("gitdirs"),
            ..c.clone()
        };
        assert!(protected_reason(&elsewhere, "wt/config").is_none());
    }

    #[test]
    fn folders_that_hold_secrets_or_protected_files() {
        let c = Place::example();
        for v in [
            "~",
            "/home",
            "/",
            "~/.config",
            "~/.local/state",
            "~/.local",
            "/etc",
            "~/Library",
            "~/.claude",
            "~/.codex/x",
            "~/.gemini",
        ] {
            assert!(holds_secrets(&c, v), "{v}");
        }
        for v in ["~/project", ".", "/tmp", "~/.cache", "/usr", "~/.local/bin"] {
            assert!(!holds_secrets(&c, v), "{v}");
        }
        for v in [
            "~",
            "/home",
            "/",
            "~/.config",
            "~/.claude",
            ".git",
            "/etc",
            "~/Library/x",
        ] {
            assert!(holds_protected(&c, v), "{v}");
        }
        for v in ["vendor", ".", "/tmp/x", "~/project/build"] {
            assert!(!holds_protected(&c, v), "{v}");
        }
        // Home and above, also with none of askrisky's folders in them.
        let bare = Place {
            own_dirs: Vec::new(),
            ..Place::example()
        };
        for v in ["~", "/home", "/home/"] {
            assert!(holds_protected(&bare, v), "{v}");
        }
        assert!(!holds_protected(&bare, "/home/other"));
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
        ] {
            assert!(is_block_device(v), "{v}");
        }
        for v in [
            "/dev/null",
            "/dev/zero",
            "/dev/tty",
            "/dev/stdout",
            "/dev/urandom",
            "sda",
        ] {
            assert!(!is_block_device(v), "{v}");
        }
    }
}
