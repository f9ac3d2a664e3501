//! What a path reaches on disk, through the links on its way.
//!
//! A link planted earlier (`ln -s ~/.ssh/id_rsa notes`, `ln -s
//! ~/.config/askrisky cfg`) makes a harmless-looking word name a key or
//! askrisky's own config. Where a path can be followed on disk, it is
//! judged both as written and as reached, and the stricter wins. Lookups
//! are remembered for one line only (see [`OneLine`]).

use std::path::PathBuf;

use super::place::Place;

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
    // Room for the whole path: pushing parts does not grow it again.
    let mut real = std::path::PathBuf::with_capacity(start.as_os_str().len() + rest.len() + 1);
    real.push(start);
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
        // Compared as bytes: `Path`'s `==` walks components, and every
        // path here is built the same way, part by part.
        if let Some((_, found)) = seen.iter().find(|(p, _)| p.as_os_str() == path.as_os_str()) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::danger::fixture::{link, on_disk_home};
    use crate::danger::protected::protected_reason;
    use crate::danger::secrets::is_secret;

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
    fn words_of_inline_code_are_looked_up_where_they_may_be_files() {
        let (_dir, c) = on_disk_home();
        link("../.ssh/id_rsa", &c.cwd.join("notes"));
        let read = |line: &str| {
            crate::danger::assess(&crate::parse::parse(line), &c, &[])
                .codes()
                .contains(&"secret.read")
        };
        // A bare word is a file name to PowerShell, Tcl or Vim…
        assert!(read("pwsh -c 'Get-Content notes'"));
        assert!(read("tclsh <<< 'puts [read [open notes]]'"));
        // …a string is one to Python; a bare word there names a module.
        assert!(read("python3 -c 'print(open(\"notes\").read())'"));
        assert!(!read("python3 -c 'import notes; print(1)'"));
        assert!(!read("node -e 'const notes = 1; console.log(notes)'"));
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
}
