//! Where a repository keeps its own files, read from `.git` files, and
//! the config git reads there.
//!
//! In a worktree or submodule, `.git` is a file naming the real git
//! folder (`gitdir: PATH`), and a worktree's `commondir` names the main
//! one. Hooks and config written there run at the next `git commit` as
//! surely as those in `.git/hooks`.
//!
//! A repository's own config can make any git command run a program
//! (`core.fsmonitor`, an alias starting with `!`, `core.pager`, a filter):
//! an agent that plants one (in a nested repository, a `.git` file
//! pointing at a folder of its own, a bare repository's files in a
//! folder) runs code under `git status`. [`repo_config`] finds the
//! repository git would find from a folder and reads its config as git
//! does, includes too; the `git` rules say which keys run at which
//! command. Every read is bounded and goes through `crate::files`.

use std::path::{Path, PathBuf};

use super::place::{Place, at_or_below};
use crate::files::{self, Whose};
use crate::util;

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
        // Through `crate::files`: a FIFO named `.git` must not hang the
        // check.
        if let Some(text) = read_small(&file)
            && let Some(target) = text.lines().next().and_then(|l| l.strip_prefix("gitdir:"))
        {
            let target = target.trim();
            let here = Place {
                cwd: d.to_path_buf(),
                ..ctx.clone()
            };
            // Read on disk with the case as written; compared as the
            // rules compare paths.
            let git_dir = here.resolve_exact(target);
            if let Some(common) = read_small(Path::new(&format!("{git_dir}/commondir"))) {
                let there = Place {
                    cwd: PathBuf::from(&git_dir),
                    ..ctx.clone()
                };
                out.push(there.resolve(common.trim()));
            }
            out.push(ctx.resolve(&git_dir));
        }
        dir = d.parent();
    }
    out
}

/// Whether `value`, or `real` (where the disk took it), is inside the git
/// folder a `.git` file points to.
pub(super) fn in_linked_git_dir(ctx: &Place, value: &str, real: Option<&str>) -> bool {
    let Some(dirs) = linked_git_dirs(ctx) else {
        return false;
    };
    let resolved = ctx.resolve(value);
    dirs.iter().any(|g| {
        [Some(resolved.as_str()), real]
            .into_iter()
            .flatten()
            .any(|p| at_or_below(p, g))
    })
}

/// Most bytes read of a `.git` file or a `commondir` file.
const MAX_POINTER_BYTES: u64 = 4096;
/// Most bytes read of one config file.
const MAX_CONFIG_BYTES: u64 = 256 * 1024;
/// Most config files read for one repository (its own and their
/// includes); git itself stops including at a depth of 10.
const MAX_CONFIG_FILES: usize = 32;
const MAX_INCLUDE_DEPTH: usize = 10;

/// A small file's text (a `.git` file, `commondir`): `None` when it is
/// missing, not a regular file, too large or not text.
fn read_small(path: &Path) -> Option<String> {
    files::read_text(path, Whose::Foreign, MAX_POINTER_BYTES)
        .ok()
        .flatten()
}

/// A repository's own config, as git reads it from a folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct RepoConfig {
    /// Every setting, in order: the key as git names it (section and name
    /// in lowercase, a subsection as written), and its value (`true` for
    /// a bare key).
    pub(super) entries: Vec<(String, String)>,
    /// A config file (or a file it includes) could not be read within the
    /// bounds: it may set anything.
    pub(super) unreadable: bool,
    /// The folder relative hook paths start from (the work tree's top, or
    /// the git folder of a bare repository).
    pub(super) top: PathBuf,
}

/// The config of the repository git finds from `start` (the folder it
/// runs in, after `-C`), or of the git folder `git_dir` when one is named
/// (`--git-dir`, `GIT_DIR`): `None` outside a repository.
pub(super) fn repo_config(
    start: &Path,
    git_dir: Option<&Path>,
    home: Option<&Path>,
) -> Option<RepoConfig> {
    let (git, top) = match git_dir {
        Some(g) => (Some(g.to_path_buf()), g.to_path_buf()),
        None => discover(start)?,
    };
    let mut config = RepoConfig {
        top,
        ..RepoConfig::default()
    };
    let Some(git) = git else {
        // A `.git` file that cannot be read: git may find anything there.
        config.unreadable = true;
        return Some(config);
    };
    // A worktree's settings are the main repository's, plus its own.
    let common = match read_small(&git.join("commondir")) {
        Some(c) => {
            let c = PathBuf::from(c.trim());
            if c.is_absolute() { c } else { git.join(c) }
        }
        None => git.clone(),
    };
    let mut reader = ConfigReader {
        config: &mut config,
        files: 0,
        home,
    };
    reader.file(&common.join("config"), 0);
    // git reads `config.worktree` only when the common config turns on
    // `extensions.worktreeConfig`; read then too, and when its value is
    // anything but a plain "off" (where git would stop, nothing runs).
    let worktree_config = reader.config.entries.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("extensions.worktreeconfig")
            && !["false", "no", "off", "0", ""].contains(&v.to_ascii_lowercase().as_str())
    });
    if worktree_config {
        reader.file(&common.join("config.worktree"), 0);
    }
    if common != git {
        reader.file(&git.join("config"), 0);
        if worktree_config {
            reader.file(&git.join("config.worktree"), 0);
        }
    }
    Some(config)
}

/// The git folder git finds from `start`, as git looks for it: in each
/// folder up to the root, a `.git` folder, a `.git` file naming one, or
/// the folder itself when it is a bare repository (`HEAD`, `objects/`,
/// `refs/`). With it, the folder relative hook paths start from; no git
/// folder when a `.git` file cannot be read.
fn discover(start: &Path) -> Option<(Option<PathBuf>, PathBuf)> {
    // One buffer for every name asked in each folder on the way up: most
    // are not there, and a new path for each costs more than the asking.
    let mut probe = PathBuf::new();
    // `d` joined with `name` as `push` joins them (a `/` between, one only
    // after the root), without its search for separators and prefixes:
    // every `d` here is absolute or relative as `start` is, each `name` a
    // plain one.
    let name_in = |probe: &mut PathBuf, d: &Path, name: &str| {
        let text = probe.as_mut_os_string();
        text.clear();
        text.push(d.as_os_str());
        if !d.as_os_str().is_empty() && !d.as_os_str().as_encoded_bytes().ends_with(b"/") {
            text.push("/");
        }
        text.push(name);
    };
    for d in start.ancestors() {
        name_in(&mut probe, d, ".git");
        let dot = &probe;
        match std::fs::symlink_metadata(dot) {
            Ok(m) if m.is_dir() || (m.file_type().is_symlink() && dot.is_dir()) => {
                return Some((Some(probe), d.to_path_buf()));
            }
            Ok(_) => {
                let target = read_small(dot).and_then(|t| {
                    let line = t.lines().next()?.strip_prefix("gitdir:")?.trim().to_owned();
                    let p = PathBuf::from(line);
                    Some(if p.is_absolute() { p } else { d.join(p) })
                });
                return Some((target, d.to_path_buf()));
            }
            Err(_) => {}
        }
        let mut is = |name: &str, file: bool| {
            name_in(&mut probe, d, name);
            if file {
                probe.is_file()
            } else {
                probe.is_dir()
            }
        };
        let bare = is("HEAD", true) && is("objects", false) && is("refs", false);
        if bare {
            return Some((Some(d.to_path_buf()), d.to_path_buf()));
        }
    }
    None
}

/// Reads config files into a [`RepoConfig`], following includes.
struct ConfigReader<'a> {
    config: &'a mut RepoConfig,
    files: usize,
    home: Option<&'a Path>,
}

impl ConfigReader<'_> {
    fn file(&mut self, path: &Path, depth: usize) {
        if depth > MAX_INCLUDE_DEPTH || self.files >= MAX_CONFIG_FILES {
            self.config.unreadable = true;
            return;
        }
        let bytes = match files::read_bytes(path, Whose::Foreign, MAX_CONFIG_BYTES) {
            Ok(Some(b)) => b,
            Ok(None) => return,
            // Not a regular file, too large, or not readable.
            Err(_) => {
                self.config.unreadable = true;
                return;
            }
        };
        self.files += 1;
        // Valid UTF-8 (the usual case) is read in place.
        let text = match std::str::from_utf8(&bytes) {
            Ok(t) => std::borrow::Cow::Borrowed(t),
            Err(_) => String::from_utf8_lossy(&bytes),
        };
        let Some(entries) = parse_config(&text) else {
            self.config.unreadable = true;
            return;
        };
        for (key, value) in entries {
            // `include.path` and every `includeIf.<condition>.path`: the
            // condition is not weighed, the file is read.
            let include = key.eq_ignore_ascii_case("include.path")
                || (util::ascii_prefix(&key, "includeif.") && util::ascii_suffix(&key, ".path"));
            if !include {
                self.config.entries.push((key, value));
                continue;
            }
            let target = match value.strip_prefix("~/") {
                Some(rest) => match self.home {
                    Some(h) => h.join(rest),
                    None => {
                        self.config.unreadable = true;
                        self.config.entries.push((key, value));
                        continue;
                    }
                },
                None => {
                    let p = PathBuf::from(&value);
                    if p.is_absolute() {
                        p
                    } else {
                        path.parent().map_or(p.clone(), |d| d.join(&p))
                    }
                }
            };
            self.config.entries.push((key, value));
            self.file(&target, depth + 1);
        }
    }
}

/// The settings of a git config file, in order, as git's parser reads
/// them: `[section]`, `[section "subsection"]` and `[section.subsection]`
/// headers (a setting may follow on the same line), `name = value` or a
/// bare `name` (true), values with quotes, escapes, comments (`#`, `;`)
/// and lines continued by a backslash. `None` for text git would refuse.
pub(super) fn parse_config(text: &str) -> Option<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut section: Option<String> = None;
    // As bytes: every character git gives a meaning to is ASCII, and the
    // bytes of others are copied whole into names and values.
    let chars = text.as_bytes();
    let mut i = 0;
    let skip_blank = |i: &mut usize| {
        while chars
            .get(*i)
            .is_some_and(|c| *c == b' ' || *c == b'\t' || *c == b'\r')
        {
            *i += 1;
        }
    };
    let skip_line = |i: &mut usize| {
        while chars.get(*i).is_some_and(|c| *c != b'\n') {
            *i += 1;
        }
    };
    loop {
        skip_blank(&mut i);
        let Some(&c) = chars.get(i) else {
            break;
        };
        match c {
            b'\n' => i += 1,
            b'#' | b';' => skip_line(&mut i),
            b'[' => {
                i += 1;
                let start = i;
                while chars
                    .get(i)
                    .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'-' || c == b'.')
                {
                    i += 1;
                }
                // ASCII only, so a slice of the text.
                let name = text.get(start..i)?.to_ascii_lowercase();
                match chars.get(i) {
                    Some(b']') => {
                        i += 1;
                        // `[section.sub]`: the old form, subsection in
                        // lowercase.
                        section = Some(name);
                    }
                    Some(b' ' | b'\t') => {
                        skip_blank(&mut i);
                        if chars.get(i) != Some(&b'"') {
                            return None;
                        }
                        i += 1;
                        let mut sub = Vec::new();
                        loop {
                            match chars.get(i)? {
                                b'"' => break,
                                b'\n' => return None,
                                b'\\' => {
                                    i += 1;
                                    sub.push(*chars.get(i)?);
                                }
                                c => sub.push(*c),
                            }
                            i += 1;
                        }
                        i += 1;
                        if chars.get(i) != Some(&b']') {
                            return None;
                        }
                        i += 1;
                        let sub = String::from_utf8(sub).ok()?;
                        section = Some(format!("{name}.{sub}"));
                    }
                    _ => return None,
                }
            }
            c if c.is_ascii_alphabetic() => {
                let section = section.as_deref()?;
                let start = i;
                while chars
                    .get(i)
                    .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'-')
                {
                    i += 1;
                }
                let name = text.get(start..i)?;
                skip_blank(&mut i);
                let value = match chars.get(i) {
                    Some(b'=') => {
                        i += 1;
                        config_value(chars, &mut i)?
                    }
                    None | Some(b'\n' | b'#' | b';') => "true".to_owned(),
                    _ => return None,
                };
                // Joined by hand: `format!` costs several times as much,
                // and every git command's config is read.
                let mut key = String::with_capacity(section.len() + 1 + name.len());
                key.push_str(section);
                key.push('.');
                if name.bytes().any(|b| b.is_ascii_uppercase()) {
                    key.extend(name.bytes().map(|b| char::from(b.to_ascii_lowercase())));
                } else {
                    key.push_str(name);
                }
                out.push((key, value));
            }
            _ => return None,
        }
    }
    Some(out)
}

/// A config value from `i` to the end of its line (or of its last line,
/// continued with a backslash), as git unquotes it.
fn config_value(chars: &[u8], i: &mut usize) -> Option<String> {
    let mut value = Vec::with_capacity(16);
    let mut quoted = false;
    // Spaces outside quotes are kept only between words.
    let mut pending_space = 0usize;
    while let Some(&c) = chars.get(*i) {
        *i += 1;
        match c {
            // A quote still open at the end of a line: refused below.
            b'\n' => break,
            b' ' | b'\t' | b'\r' if !quoted => {
                if !value.is_empty() {
                    pending_space += 1;
                }
                continue;
            }
            b'#' | b';' if !quoted => {
                while chars.get(*i).is_some_and(|c| *c != b'\n') {
                    *i += 1;
                }
                break;
            }
            _ => {}
        }
        value.extend(std::iter::repeat_n(b' ', pending_space));
        pending_space = 0;
        match c {
            b'"' => quoted = !quoted,
            b'\\' => {
                let e = *chars.get(*i)?;
                *i += 1;
                match e {
                    b'\n' => {}
                    b'n' => value.push(b'\n'),
                    b't' => value.push(b'\t'),
                    b'b' => {
                        value.pop();
                    }
                    b'\\' | b'"' => value.push(e),
                    _ => return None,
                }
            }
            c => value.push(c),
        }
    }
    if quoted {
        return None;
    }
    String::from_utf8(value).ok()
}

#[cfg(test)]
mod tests {
    use super::parse_config;
    use crate::danger::fixture::on_disk_home;
    use crate::danger::place::Place;
    use crate::danger::protected::protected_reason;

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

    /// Config text as git reads it: what a planted config says must not
    /// hide behind syntax askrisky reads otherwise.
    #[test]
    fn config_files_are_read_as_git_reads_them() {
        let entries = |t: &str| parse_config(t).unwrap_or_else(|| panic!("{t:?}"));
        let kv = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect()
        };
        assert_eq!(
            entries("[core]\n\tfsmonitor = rm -rf ~\n"),
            kv(&[("core.fsmonitor", "rm -rf ~")])
        );
        assert_eq!(
            entries("[Core] FSMonitor=\"a ; b\" # c\n"),
            kv(&[("core.fsmonitor", "a ; b")])
        );
        assert_eq!(
            entries("[core] pager = less \\\n -R\n"),
            kv(&[("core.pager", "less  -R")])
        );
        assert_eq!(
            entries("[alias \"X\"]\nst\n[filter.lfs]\nclean = a\\tb\n"),
            kv(&[("alias.X.st", "true"), ("filter.lfs.clean", "a\tb")])
        );
        assert_eq!(
            entries("; c\n[diff \"img\"]\n  textconv = ./conv\n"),
            kv(&[("diff.img.textconv", "./conv")])
        );
        assert_eq!(
            entries("[core]\n\tpager = \" a\\nb\\\\c\\\"d \"\n\tx = ab\\bc\n"),
            kv(&[("core.pager", " a\nb\\c\"d "), ("core.x", "ac")])
        );
        for bad in [
            "fsmonitor = x\n",
            "[core\nx=1\n",
            "[core]\nx = \"open\n",
            "[core]\nx = \"a\nb\"\n",
            "[core]\n=x\n",
        ] {
            assert!(parse_config(bad).is_none(), "{bad:?}");
        }
    }
}
