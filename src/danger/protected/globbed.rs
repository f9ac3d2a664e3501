//! Protected files named by a shell pattern (`~/.[b]ashrc`, `~/.bash?c`,
//! `~/.c*/askrisky/config.toml`, `.git/h*/pre-commit`).
//!
//! The threat: the shell hands a program every existing file a pattern
//! matches (and a redirection the one it matches), so `tee -a
//! ~/.[b]ashrc` appends to `~/.bashrc` as surely as the name itself,
//! while the word askrisky reads is no protected name. Each pattern part
//! is tried against the names protected paths are made of, and the
//! paths so made are judged as written.

use super::super::glob::{Glob, is_glob};
use super::{COMMON_PROGRAMS, LOGIN_ITEMS, LOGIN_ITEMS_IN_HOME, STARTUP_DIRS, STARTUP_FILES};
use crate::danger::place::Place;

/// The longest path the system opens (PATH_MAX): a longer pattern names
/// no file, and the bound keeps a hostile pattern cheap.
const MAX_PATH: usize = 4096;

/// How many paths one pattern may be tried as: a pattern of many
/// wildcard parts (`/*/*/*/*`) stops there, judged by the paths tried.
const MAX_TRIES: usize = 512;

/// File names every project has: a last part that matches one names
/// ordinary files first.
const ORDINARY: &[&str] = &[
    "README.md",
    "package.json",
    "Cargo.toml",
    "main.py",
    "index.js",
    "ci.yml",
    "notes.txt",
    "Makefile",
    "data",
];

/// Names that protected paths are made of, besides the tables' own.
const PARTS: &[&str] = &[
    ".git",
    "hooks",
    "config",
    ".husky",
    ".askrisky.toml",
    "askrisky",
    ".config",
    ".local",
    "bin",
    "sbin",
    "lib",
    "usr",
    "local",
    "etc",
    "var",
    "spool",
    "cron",
    "crontabs",
    "at",
    "boot",
    "root",
    "home",
    "proc",
    "sys",
    ".ssh",
    "authorized_keys",
    "rc",
    "environment",
    "profile",
    "profile.d",
    "sudoers",
    "sudoers.d",
    "cron.d",
    "crontab",
    "passwd",
    "shadow",
    "hosts",
    "ld.so.preload",
    "systemd",
    "user",
    "autostart",
    "site-packages",
    "dist-packages",
    "sitecustomize.py",
    "usercustomize.py",
    "pre-commit",
    "pre-push",
    "post-checkout",
    "post-merge",
    "commit-msg",
    "prepare-commit-msg",
    ".cargo",
    "go",
];

/// Every name tried against a pattern part, gathered once.
static NAMES: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    let split = |p: &'static str| p.split('/').filter(|s| !s.is_empty());
    let mut out: Vec<&'static str> = PARTS.to_vec();
    out.extend(STARTUP_FILES.iter().flat_map(|p| split(p)));
    out.extend(STARTUP_DIRS.iter().flat_map(|p| split(p)));
    out.extend(LOGIN_ITEMS.iter().flat_map(|p| p.iter().copied()));
    out.extend(LOGIN_ITEMS_IN_HOME.iter().flat_map(|p| split(p)));
    out.extend(COMMON_PROGRAMS);
    out.extend(crate::agents::pattern_parts());
    out.sort_unstable();
    out.dedup();
    out
});

/// The reason a pattern may name a protected file: each wildcard part
/// tried as every known name it matches (and as the home and askrisky's
/// own folders' parts), the paths made judged by `judge`.
pub(super) fn globbed_reason(
    ctx: &Place,
    value: &str,
    judge: impl Fn(&str) -> Option<&'static str>,
) -> Option<&'static str> {
    if value.len() > MAX_PATH || !is_glob(value) {
        return None;
    }
    let resolved = ctx.resolve(value);
    // The folders this place names: a pattern may stand for them too
    // (`/home/*/.bashrc`).
    let own: Vec<String> = ctx
        .home
        .iter()
        .chain(&ctx.own_dirs)
        .map(|d| d.to_string_lossy().into_owned())
        .collect();
    let own_parts: Vec<&str> = own
        .iter()
        .flat_map(|d| d.split('/').filter(|s| !s.is_empty()))
        .collect();
    let parts: Vec<&str> = resolved.split('/').filter(|p| !p.is_empty()).collect();
    let mut choices: Vec<Vec<&str>> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        if !is_glob(part) {
            choices.push(vec![part]);
            continue;
        }
        let glob = Glob::new(part);
        // A last part that also matches an ordinary file's name (`*`,
        // `*.json`, `*.md`) names the folder's ordinary files first:
        // counted only where such a file is protected too (`~/.ssh/*`),
        // or every `sed -i … *.md` would ask for the agent files a
        // project may hold.
        if i + 1 == parts.len()
            && ORDINARY.iter().any(|o| {
                glob.matches(o) && {
                    let folder: String = parts[..i].iter().map(|p| format!("/{p}")).collect();
                    judge(&format!("{folder}/{o}")).is_none()
                }
            })
        {
            return None;
        }
        let fits: Vec<&str> = NAMES
            .iter()
            .copied()
            .chain(own_parts.iter().copied())
            .filter(|n| glob.matches(n))
            .collect();
        if fits.is_empty() {
            // Nothing protected is made through this part.
            return None;
        }
        choices.push(fits);
    }
    // Every path the choices make, in order, up to the bound.
    let mut at = vec![0usize; choices.len()];
    for _ in 0..MAX_TRIES {
        let path: String = choices
            .iter()
            .zip(&at)
            .map(|(c, &i)| format!("/{}", c[i]))
            .collect();
        if let Some(reason) = judge(&path) {
            return Some(reason);
        }
        // The next choice, as an odometer turns.
        let mut k = choices.len();
        loop {
            if k == 0 {
                return None;
            }
            k -= 1;
            at[k] += 1;
            if at[k] < choices[k].len() {
                break;
            }
            at[k] = 0;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_that_name_protected_files() {
        let c = Place::example();
        let judge = |p: &str| super::super::protected_lexically(&c, p);
        for v in [
            "~/.[b]ashrc",
            "~/.bash?c",
            "~/.z*rc",
            "~/.c*/askrisky/config.toml",
            "/home/*/.profile",
            ".git/h*/pre-commit",
            "~/.ssh/authorized_key?",
            "/etc/sudoers.[d]/x",
            "~/.local/bin/g[i]t",
            "~/.ssh/*",
            "~/.config/askrisky/*",
        ] {
            assert!(globbed_reason(&c, v, judge).is_some(), "{v}");
        }
        for v in [
            "~/.bashrc",
            "src/*.rs",
            "~/notes/*.md",
            "~/Downloads/*",
            "*.json",
            "docs/*.md",
            "~/.config/*.toml",
            "build/[a-z]*",
            "~/.local/bin/my-*",
        ] {
            assert!(globbed_reason(&c, v, judge).is_none(), "{v}");
        }
        // An agent's settings through a pattern of its folder's name.
        assert!(globbed_reason(&c, "~/.cl*de/settings.json", judge).is_some());
        // A pattern of many wildcard parts stops at the bound, not hangs.
        let deep = "/*".repeat(64);
        let _ = globbed_reason(&c, &deep, judge);
    }

    #[test]
    fn the_home_folders_own_name_and_the_longest_path() {
        let c = Place {
            home: Some("/home/alice".into()),
            ..Place::example()
        };
        let judge = |p: &str| super::super::protected_lexically(&c, p);
        // The home folder's own name is one a pattern may stand for.
        assert!(globbed_reason(&c, "/home/al*/.bashrc", judge).is_some());
        // The longest path the system opens is judged; one byte longer
        // names no file.
        let tail = "/home/alice/.bash?c";
        let longest = format!("{}{tail}", "/".repeat(MAX_PATH - tail.len()));
        assert!(globbed_reason(&c, &longest, judge).is_some());
        assert!(globbed_reason(&c, &format!("/{longest}"), judge).is_none());
    }
}
