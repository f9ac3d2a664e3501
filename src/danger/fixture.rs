//! What the danger set's tests share: a home on disk with links in it,
//! and a command of a line as the rules see it.

use super::cmd::Cmd;
use super::place::Place;
use crate::parse::{Script, SimpleCommand, parse};

/// A home on disk: `~/.config/askrisky`, `~/.ssh/id_rsa`, a project.
pub(super) fn on_disk_home() -> (tempfile::TempDir, Place) {
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

/// A symbolic link at `at` to `target`.
pub(super) fn link(target: &str, at: &std::path::Path) {
    std::os::unix::fs::symlink(target, at).unwrap_or_else(|e| panic!("{e}"));
}

/// Runs `f` on the first command of `line`, in the example place.
pub(super) fn on<T>(line: &str, f: impl Fn(&Cmd<'_>) -> T) -> T {
    let script = parse(line);
    let ctx = Place::example();
    let command = script
        .commands
        .first()
        .unwrap_or_else(|| panic!("no command in {line:?}"));
    f(&Cmd::new(command, &ctx))
}

/// The command of `line` named by its first word (`time -o t ls` is also
/// read as `ls`).
pub(super) fn named_first<'a>(script: &'a Script, line: &str) -> &'a SimpleCommand {
    let first = line.split(' ').next();
    script
        .commands
        .iter()
        .find(|c| c.argv.first().map(|w| w.value.as_str()) == first)
        .unwrap_or_else(|| panic!("no command in {line}"))
}
