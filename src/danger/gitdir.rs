//! Where a repository keeps its own files, read from `.git` files.
//!
//! In a worktree or submodule, `.git` is a file naming the real git
//! folder (`gitdir: PATH`), and a worktree's `commondir` names the main
//! one. Hooks and config written there run at the next `git commit` as
//! surely as those in `.git/hooks`.

use std::path::PathBuf;

use super::place::{Place, at_or_below};

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
        // Through `files`: a FIFO planted as `.git` must not hang the check.
        if let Ok(Some(text)) = crate::files::read_text(&file, crate::files::Whose::Foreign, 4096)
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
            if let Ok(Some(common)) = crate::files::read_text(
                std::path::Path::new(&format!("{git_dir}/commondir")),
                crate::files::Whose::Foreign,
                4096,
            ) {
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

#[cfg(test)]
mod tests {
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
}
