//! Containment: a floor under the text check.
//!
//! Everything the danger set knows it knows by reading the command's text,
//! and text can always be phrased another way: a glob that names
//! askrisky's config, `python3 -c "open(…, 'w')"`, a copy of `rm` under
//! another name, an interpreter appending to `~/.bashrc`. So what askrisky
//! runs without a person's approval runs contained by the kernel
//! (Landlock on Linux), in askrisky's own process just before exec, and so
//! in every process the command starts:
//!
//! - **writes** only in the project (its git root, or the folder), the
//!   temporary folders, a few devices, and the tool caches the person's
//!   config lists ([`Settings::writable`]);
//! - **reads** everywhere but askrisky's key and tokens and the credential
//!   stores ([`secrets`]): those give "permission denied";
//! - a bound on new processes (`RLIMIT_NPROC`) and `no_new_privs`.
//!
//! This module is "what a run may touch" as data: a [`Policy`] built from
//! askrisky's folders, the settings, the folder the command runs in and
//! the agents' table; [`kernel`] turns it into kernel rules through the
//! system's floor (`platform::floor`), in one small place. Where the
//! system has no floor askrisky can apply (macOS today: Seatbelt is not
//! wired in), [`Unavailable`] decides: by default, ask.
//!
//! Landlock rules are allow-lists that hold for a whole folder tree: there
//! is no "allow `/` but not `~/.ssh`". A folder that holds something kept
//! out is therefore granted entry by entry, skipping what is kept out
//! ([`split`]); the folder itself then gets no write rights (only listing),
//! so nothing new can be made directly in it. What follows, and what cannot
//! be expressed at all, is written down in [`Limits`] and docs/containment.md.

pub mod kernel;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// What containment does where the kernel cannot contain (an old kernel,
/// Landlock off, macOS and other systems without a floor). Only the
/// person's own config can choose `run`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unavailable {
    /// A command that would run contained asks the person instead.
    #[default]
    Ask,
    /// It runs uncontained (the person's config said so).
    Run,
}

/// The tool caches contained commands may write by default (`~` is the
/// home folder). They hold code that runs later — crate sources, wheels,
/// jars — so a person who wants that closed too lists fewer.
pub const DEFAULT_WRITABLE: &[&str] = &[
    "~/.cache",
    "~/.cargo/registry",
    "~/.cargo/git",
    "~/.npm",
    "~/.local/share/pnpm",
    "~/.yarn/berry/cache",
    "~/go/pkg/mod",
    "~/.gradle/caches",
    "~/.gradle/wrapper/dists",
    "~/.m2/repository",
    "~/.ccache",
];

/// How many new processes a contained command may add to the user's
/// count, by default: plenty for `make -j` and test runners, not a fork
/// bomb.
pub const DEFAULT_NEW_PROCESSES: u64 = 4096;

/// The containment settings, merged strictest-wins by `config`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Settings {
    /// Whether commands no person approved run contained (user config only
    /// can turn it off).
    pub enabled: bool,
    /// What happens where containment cannot be had.
    pub unavailable: Unavailable,
    /// Folders (beside the project and the temporary folders) a contained
    /// command may write: `~/…` or absolute. Only the person's config can
    /// add; a project file can only remove.
    pub writable: Vec<String>,
    /// Extra paths a contained command cannot read (any source may add).
    pub unreadable: Vec<String>,
    /// Keep `.git` (hooks, config, everything in it) and the agents'
    /// project folders out of a contained command's reach; the project is
    /// then writable entry by entry (see [`Limits::PROTECT_GIT`]).
    pub protect_git: bool,
    /// New processes a contained command may start beyond the count when
    /// it starts (`RLIMIT_NPROC`).
    pub new_processes: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            enabled: true,
            unavailable: Unavailable::Ask,
            writable: DEFAULT_WRITABLE.iter().map(|s| (*s).to_owned()).collect(),
            unreadable: Vec::new(),
            protect_git: false,
            new_processes: DEFAULT_NEW_PROCESSES,
        }
    }
}

/// What Landlock can and cannot express here, in words shown by `doctor`
/// and docs/containment.md.
pub struct Limits;

impl Limits {
    /// Why `.git/hooks` and `.git/config` stay writable by default.
    pub const GIT: &'static str = "a commit writes .git/index.lock and .git/COMMIT_EDITMSG beside .git/config and .git/hooks, and Landlock's rights on .git hold for everything under it: a contained command that may commit may also write hooks and config";
    /// What `protect_git` costs.
    pub const PROTECT_GIT: &'static str = "with protect_git the project's own folder is not writable, only what is in it when the command starts (less .git and the agents' folders): nothing new can be made at its top, and git commit or fetch need your approval";
}

/// Why containment could not be set up; every one of them means the
/// command does not run contained (and so, by default, asks).
#[derive(Debug, thiserror::Error)]
pub enum ContainError {
    /// The kernel (or system) has no usable floor.
    #[error("the kernel cannot contain commands here: {0}")]
    Unsupported(String),
    /// Building or applying the rules failed.
    #[error("containment could not be set up: {0}")]
    Setup(String),
    /// A folder the rules name could not be opened or listed.
    #[error("containment could not read {path}: {source}")]
    Path {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The rules would be too many (a kept-out path deep in a huge folder).
    #[error("containment would need more than {0} rules")]
    TooMany(usize),
}

/// What one rule grants on a folder tree (or a file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    /// Read files, list folders, run programs.
    Read,
    /// List the folder only (a folder that holds something kept out).
    List,
    /// Read and write: make, change, remove, rename.
    ReadWrite,
    /// Write to an existing file only (devices such as `/dev/null`).
    WriteFile,
}

/// One rule: `access` on `path` and everything under it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rule {
    /// The path (canonical).
    pub path: PathBuf,
    /// What it grants.
    pub access: Access,
}

/// What a contained run may touch.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Policy {
    /// The project written to, when there is one.
    pub project: Option<PathBuf>,
    /// The folders granted write access, before any splitting (for the log
    /// and the `-v` note).
    pub writable: Vec<PathBuf>,
    /// What is kept unreadable (for the log).
    pub unreadable: Vec<PathBuf>,
    /// The kernel rules.
    pub rules: Vec<Rule>,
    /// `RLIMIT_NPROC` to set, when known.
    pub max_processes: Option<u64>,
    /// What was left out of the grants, and why.
    pub notes: Vec<String>,
}

/// How a kept-out path shapes a grant that holds it.
#[derive(Clone, Copy, Debug)]
enum Keep {
    /// Nothing at or below it is granted; a grant inside it is dropped.
    Tree,
    /// Nothing at or below it is granted by a grant that holds it; a grant
    /// inside it stands (the home folder: the project may be in it).
    Around,
    /// It is not granted itself; what is in it is, entry by entry (a
    /// missing kept-out path's nearest folder: nothing new in it).
    Node,
    /// Of what is in it, only the entries that pass are granted (`~/.ssh`:
    /// the public files).
    Only(fn(&OsStr) -> bool),
}

/// A kept-out path.
#[derive(Clone, Debug)]
struct Out {
    path: PathBuf,
    keep: Keep,
}

/// Everything a policy is built from.
pub struct Inputs<'a> {
    /// The home folder.
    pub home: Option<&'a Path>,
    /// askrisky's own folders: config, state, runtime.
    pub own: &'a [PathBuf],
    /// askrisky's state folder (its key and tokens are in it).
    pub state: Option<&'a Path>,
    /// Where the command runs.
    pub cwd: &'a Path,
    /// askrisky's environment (`TMPDIR`, `PATH`, agents' folder variables).
    pub env: &'a dyn Fn(&str) -> Option<String>,
    /// The settings.
    pub settings: &'a Settings,
}

/// The most rules a policy may have.
const MAX_RULES: usize = 20_000;

/// Canonical form of a path that exists.
fn canonical(p: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(p).ok()
}

/// A kept-out path as it is on disk: canonical when it exists; else its
/// nearest existing folder, which may then get nothing new ([`Keep::Node`]).
fn out(path: &Path, keep: Keep) -> Option<Out> {
    if let Some(c) = canonical(path) {
        return Some(Out { path: c, keep });
    }
    let parent = path.ancestors().skip(1).find_map(canonical)?;
    Some(Out {
        path: parent,
        keep: Keep::Node,
    })
}

/// `~/x` with the home folder, an absolute path as it is; anything else
/// (relative, or `~` without a home) is not a path.
pub fn expand(s: &str, home: Option<&Path>) -> Option<PathBuf> {
    if let Some(rest) = s.strip_prefix("~/") {
        return home.map(|h| h.join(rest));
    }
    if s == "~" {
        return home.map(Path::to_path_buf);
    }
    let p = PathBuf::from(s);
    p.is_absolute().then_some(p)
}

/// Whether `path` is `base` or below it.
fn at_or_below(path: &Path, base: &Path) -> bool {
    path.starts_with(base)
}

/// The project a command in `cwd` works on: the git root above it (a
/// folder holding `.git`), else `cwd`; never the home folder or a folder
/// that holds it (that is not a project, it is everything).
pub fn project_of(cwd: &Path, home: Option<&Path>) -> Option<PathBuf> {
    let cwd = canonical(cwd)?;
    let home = home.and_then(canonical);
    let too_wide =
        |p: &Path| p == Path::new("/") || home.as_deref().is_some_and(|h| h.starts_with(p));
    let root = cwd
        .ancestors()
        .find(|d| std::fs::symlink_metadata(d.join(".git")).is_ok())
        .map(Path::to_path_buf);
    [root, Some(cwd)]
        .into_iter()
        .flatten()
        .find(|p| !too_wide(p))
}

/// The git folders a `.git` file in the project points to (a worktree's
/// or submodule's, and a worktree's common folder): a commit writes there.
fn linked_git_dirs(project: &Path) -> Vec<PathBuf> {
    let Ok(text) =
        crate::files::read_text(&project.join(".git"), crate::files::Whose::Foreign, 4096)
    else {
        return Vec::new();
    };
    let Some(target) = text
        .as_deref()
        .and_then(|t| t.lines().next())
        .and_then(|l| l.strip_prefix("gitdir:"))
    else {
        return Vec::new();
    };
    let git_dir = project.join(target.trim());
    let mut out = Vec::new();
    if let Ok(Some(common)) = crate::files::read_text(
        &git_dir.join("commondir"),
        crate::files::Whose::Foreign,
        4096,
    ) {
        out.extend(canonical(&git_dir.join(common.trim())));
    }
    out.extend(canonical(&git_dir));
    out
}

/// Whether a file in `~/.ssh` may be read: public keys, `known_hosts`,
/// `config` and `authorized_keys` (ssh and git need them; a private key
/// is anything else).
fn ssh_public(name: &OsStr) -> bool {
    let n = name.to_string_lossy();
    n.ends_with(".pub")
        || n.starts_with("known_hosts")
        || matches!(n.as_ref(), "config" | "authorized_keys")
}

/// The credential stores and askrisky's secrets kept unreadable, under
/// `home` and `state`: askrisky's key, allow-once codes and nesting
/// tokens; SSH private keys, GnuPG, pass, cloud and cluster credentials,
/// docker's and git's stored logins, `.netrc`, package registries' tokens,
/// browser profiles and keyrings; every agent's login tokens.
pub fn secrets(
    home: Option<&Path>,
    state: Option<&Path>,
    env: &dyn Fn(&str) -> Option<String>,
) -> Vec<(PathBuf, bool)> {
    let mut out: Vec<(PathBuf, bool)> = Vec::new();
    if let Some(st) = state {
        for d in ["keys", "approvals", "nested"] {
            out.push((st.join(d), false));
        }
    }
    for f in [
        "/etc/shadow",
        "/etc/gshadow",
        "/etc/sudoers",
        "/etc/sudoers.d",
    ] {
        out.push((PathBuf::from(f), false));
    }
    let Some(home) = home else {
        return out;
    };
    // `true`: `~/.ssh`, of which the public files stay readable.
    out.push((home.join(".ssh"), true));
    for rel in [
        ".gnupg",
        ".password-store",
        ".aws",
        ".azure",
        ".kube",
        ".config/gcloud",
        ".config/gh",
        ".config/hub",
        ".docker/config.json",
        ".netrc",
        ".git-credentials",
        ".config/git/credentials",
        ".pgpass",
        ".npmrc",
        ".pypirc",
        ".vault-token",
        ".local/share/keyrings",
        ".mozilla",
        ".config/google-chrome",
        ".config/chromium",
        ".cargo/credentials",
        ".cargo/credentials.toml",
    ] {
        out.push((home.join(rel), false));
    }
    for row in crate::agents::ROWS {
        let folder = row.agent.folder(home, env);
        let default = row.agent.default_folder(home);
        for c in row.credentials {
            out.push((home.join(c), false));
            // The same file in a folder the environment moved.
            if folder != default
                && let Ok(rest) = home.join(c).strip_prefix(&default)
            {
                out.push((folder.join(rest), false));
            }
        }
    }
    out
}

/// The temporary folders: `/tmp`, `/var/tmp`, `/dev/shm`, and `$TMPDIR`
/// when it is inside one of them (the environment is the agent's: it
/// cannot name another folder writable).
fn temp_dirs(env: &dyn Fn(&str) -> Option<String>) -> Vec<PathBuf> {
    let std_dirs: Vec<PathBuf> = ["/tmp", "/var/tmp", "/dev/shm"]
        .iter()
        .filter_map(|d| canonical(Path::new(d)))
        .collect();
    let mut out = std_dirs.clone();
    if let Some(t) = env("TMPDIR")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .and_then(|p| canonical(&p))
        && std_dirs.iter().any(|d| at_or_below(&t, d))
        && !out.contains(&t)
    {
        out.push(t);
    }
    out
}

/// Devices every program may write to (and `/dev/pts`, the terminals).
const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
    "/dev/tty",
    "/dev/ptmx",
];

impl Policy {
    /// The policy for a command run in `inputs.cwd`. Fails closed: a
    /// folder that cannot be listed where a kept-out path must be split
    /// around is an error, not a grant.
    pub fn build(inputs: &Inputs<'_>) -> Result<Self, ContainError> {
        let s = inputs.settings;
        let home = inputs.home.and_then(canonical);
        let mut policy = Self {
            max_processes: max_processes(s.new_processes),
            ..Self::default()
        };

        // What is never readable.
        let mut unreadable: Vec<Out> = Vec::new();
        for (p, ssh) in secrets(inputs.home, inputs.state, inputs.env) {
            let keep = if ssh {
                Keep::Only(ssh_public)
            } else {
                Keep::Tree
            };
            // A secret that does not exist needs no rule; its folder
            // would, to keep it from being made, but nothing contained can
            // write outside the grants anyway.
            if let Some(c) = canonical(&p) {
                policy.unreadable.push(c.clone());
                unreadable.push(Out { path: c, keep });
            }
        }
        for u in &s.unreadable {
            if let Some(c) = expand(u, inputs.home).and_then(|p| canonical(&p)) {
                policy.unreadable.push(c.clone());
                unreadable.push(Out {
                    path: c,
                    keep: Keep::Tree,
                });
            }
        }

        // What is never writable, even inside a writable folder.
        let mut unwritable: Vec<Out> = Vec::new();
        for own in inputs.own {
            unwritable.extend(out(own, Keep::Tree));
        }
        if let Some(h) = &home {
            unwritable.push(Out {
                path: h.clone(),
                keep: Keep::Around,
            });
            for row in crate::agents::ROWS {
                for f in [row.agent.folder(h, inputs.env), row.agent.default_folder(h)] {
                    unwritable.extend(out(&f, Keep::Tree));
                }
            }
        }
        let project = project_of(inputs.cwd, inputs.home);
        // Folders on PATH hold what runs in place of a command: outside the
        // project, none is writable.
        if let Some(path) = (inputs.env)("PATH") {
            for d in std::env::split_paths(&path).filter(|d| d.is_absolute()) {
                if let Some(c) = canonical(&d)
                    && !project.as_ref().is_some_and(|p| at_or_below(&c, p))
                {
                    unwritable.push(Out {
                        path: c,
                        keep: Keep::Tree,
                    });
                }
            }
        }
        if s.protect_git
            && let Some(p) = &project
        {
            unwritable.push(Out {
                path: p.clone(),
                keep: Keep::Node,
            });
            let mut kept: Vec<String> = vec![".git".into(), ".husky".into(), ".envrc".into()];
            for row in crate::agents::ROWS {
                kept.extend(
                    row.project_guards
                        .iter()
                        .map(|g| g.trim_end_matches('/').to_owned()),
                );
            }
            for k in kept {
                unwritable.extend(out(&p.join(k), Keep::Tree).filter(|o| o.path != *p));
            }
        }

        // What is writable.
        let mut writable: Vec<PathBuf> = Vec::new();
        if let Some(p) = &project {
            writable.push(p.clone());
            if !s.protect_git {
                writable.extend(linked_git_dirs(p));
            }
        } else {
            policy
                .notes
                .push("no project: the folder is the home folder or holds it".into());
        }
        writable.extend(temp_dirs(inputs.env));
        for w in &s.writable {
            if let Some(c) = expand(w, inputs.home).and_then(|p| canonical(&p))
                && !writable.contains(&c)
            {
                writable.push(c);
            }
        }
        policy.project = project;

        // Reads: all of `/`, around the secrets.
        let mut rules = Vec::new();
        split(Path::new("/"), Access::Read, &unreadable, &mut rules)?;
        // Writes: each writable folder, around what is kept unwritable and
        // unreadable (a write grant reads too).
        let both: Vec<Out> = unwritable.iter().chain(&unreadable).cloned().collect();
        for w in &writable {
            let dropped = both.iter().find(|o| {
                matches!(o.keep, Keep::Tree | Keep::Only(_)) && at_or_below(w, &o.path)
                    || matches!(o.keep, Keep::Around) && w == &o.path
            });
            if let Some(o) = dropped {
                policy.notes.push(format!(
                    "{} is not writable: it is {} or inside it",
                    w.display(),
                    o.path.display()
                ));
                continue;
            }
            split(w, Access::ReadWrite, &both, &mut rules)?;
            policy.writable.push(w.clone());
        }
        for d in DEVICES {
            if let Some(c) = canonical(Path::new(d)) {
                rules.push(Rule {
                    path: c,
                    access: Access::WriteFile,
                });
            }
        }
        if let Some(c) = canonical(Path::new("/dev/pts")) {
            rules.push(Rule {
                path: c,
                access: Access::WriteFile,
            });
        }
        policy.rules = rules;
        Ok(policy)
    }

    /// One line for the person (`-v`): where a contained command writes.
    pub fn summary(&self) -> String {
        let mut places: Vec<String> = Vec::new();
        if let Some(p) = &self.project {
            places.push(p.display().to_string());
        }
        places.push("the temporary folders".into());
        let caches = self
            .writable
            .iter()
            .filter(|w| self.project.as_ref() != Some(*w))
            .filter(|w| {
                !["/tmp", "/var/tmp", "/dev/shm"]
                    .iter()
                    .any(|t| w.starts_with(t))
            })
            .count();
        if caches > 0 {
            places.push(format!("{caches} tool caches"));
        }
        format!(
            "writes only in {}; keys and credential stores unreadable",
            places.join(", ")
        )
    }
}

/// Grants `access` on `root`, around the kept-out paths: a folder that
/// holds one is not granted itself (it is listed only, for reads) but
/// entry by entry, skipping what is kept out; symbolic links are never
/// granted (what they point to has its own rules).
fn split(
    root: &Path,
    access: Access,
    outs: &[Out],
    rules: &mut Vec<Rule>,
) -> Result<(), ContainError> {
    if rules.len() > MAX_RULES {
        return Err(ContainError::TooMany(MAX_RULES));
    }
    let mut holds = false;
    for o in outs {
        if at_or_below(root, &o.path) {
            match o.keep {
                Keep::Tree => return Ok(()),
                Keep::Around if root == o.path => return Ok(()),
                Keep::Around => {}
                // A grant inside an `Only` folder is its entry, granted
                // below; the folder itself is handled as holding one.
                Keep::Node | Keep::Only(_) if root == o.path => holds = true,
                Keep::Node | Keep::Only(_) => {}
            }
        } else if at_or_below(&o.path, root) {
            holds = true;
        }
    }
    if !holds {
        rules.push(Rule {
            path: root.to_path_buf(),
            access,
        });
        return Ok(());
    }
    if access != Access::WriteFile {
        rules.push(Rule {
            path: root.to_path_buf(),
            access: Access::List,
        });
    }
    let only = outs.iter().find_map(|o| match o.keep {
        Keep::Only(f) if o.path == root => Some(f),
        _ => None,
    });
    let entries = std::fs::read_dir(root).map_err(|e| ContainError::Path {
        path: root.to_path_buf(),
        source: e,
    })?;
    for e in entries {
        let e = e.map_err(|e| ContainError::Path {
            path: root.to_path_buf(),
            source: e,
        })?;
        let Ok(kind) = e.file_type() else { continue };
        if kind.is_symlink() || only.is_some_and(|f| !f(&e.file_name())) {
            continue;
        }
        split(&e.path(), access, outs, rules)?;
    }
    Ok(())
}

/// The process bound: the number of threads on the machine now (an upper
/// bound of the user's own, which is what `RLIMIT_NPROC` counts) plus
/// `extra`. `None` when it cannot be read (no bound is set then).
fn max_processes(extra: u64) -> Option<u64> {
    crate::platform::threads_on_machine().map(|total| total.saturating_add(extra))
}

#[cfg(test)]
mod tests;
