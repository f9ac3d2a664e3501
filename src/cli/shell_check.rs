//! The shims in `doctor`'s eyes: agents such as aider run `$SHELL -c LINE`
//! by the absolute path in `SHELL`, so a shim folder first on PATH does not
//! reach them; only a `SHELL` that names askrisky's shim does. When shims
//! are installed and `SHELL` is not one, `doctor` says so, with the fix.
//!
//! Where the shims are: the folders `shims install` recorded in the state
//! folder, and the folders on PATH that hold one.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// What every shim carries near its top (`shims/sh`).
pub const MARK: &str = "# askrisky shim";

/// The shell names a shim is written as.
pub const NAMES: &[&str] = &["sh", "bash", "zsh"];

/// The file, in the state folder, where `shims install` records the
/// folders it wrote shims to, one per line.
pub fn record_path(state: &Path) -> PathBuf {
    state.join("shims")
}

/// Adds `dir` to the recorded shim folders (written atomically).
pub fn record(state: &Path, dir: &Path) -> std::io::Result<()> {
    let path = record_path(state);
    let mut dirs = recorded(state);
    if !dirs.iter().any(|d| d == dir) {
        dirs.push(dir.to_path_buf());
    }
    let text: String = dirs.iter().map(|d| format!("{}\n", d.display())).collect();
    crate::util::write_atomically(&path, text.as_bytes())
}

/// The recorded shim folders (none when nothing was recorded).
fn recorded(state: &Path) -> Vec<PathBuf> {
    crate::files::read_text(&record_path(state), crate::files::Whose::Own, 64 << 10)
        .ok()
        .flatten()
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .collect()
}

/// Whether the file at `path` is one of askrisky's shims.
pub fn is_shim(path: &Path) -> bool {
    use std::io::Read;
    let Ok(file) = crate::files::open(path, crate::files::Whose::Foreign) else {
        return false;
    };
    let mut head = Vec::new();
    if file.take(1024).read_to_end(&mut head).is_err() {
        return false;
    }
    String::from_utf8_lossy(&head).contains(MARK)
}

/// The folders holding askrisky's shims now: the recorded ones, then those
/// on `path_var`, each once.
pub fn installed(state: Option<&Path>, path_var: Option<&OsStr>) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = state.map(recorded).unwrap_or_default();
    dirs.extend(
        path_var
            .map(|p| std::env::split_paths(p).collect::<Vec<_>>())
            .unwrap_or_default(),
    );
    let mut out: Vec<PathBuf> = Vec::new();
    for d in dirs {
        let d = std::fs::canonicalize(&d).unwrap_or(d);
        if !out.contains(&d) && NAMES.iter().any(|n| is_shim(&d.join(n))) {
            out.push(d);
        }
    }
    out
}

/// What `SHELL` is, next to the shims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShellState {
    /// No shim is installed: nothing to say.
    NoShims,
    /// `SHELL` is a shim.
    IsShim(PathBuf),
    /// Shims are installed and `SHELL` (if set) is not one: the shim to
    /// point it at instead.
    NotShim {
        /// `SHELL`, when set.
        shell: Option<String>,
        /// The shim standing in for that shell.
        instead: PathBuf,
    },
}

/// Judges `SHELL` (`shell`) against the installed shim folders.
pub fn check(shell: Option<&str>, installed: &[PathBuf]) -> ShellState {
    let shell = shell.filter(|s| !s.is_empty());
    if let Some(s) = shell
        && is_shim(Path::new(s))
    {
        return ShellState::IsShim(PathBuf::from(s));
    }
    let Some(dir) = installed.first() else {
        return ShellState::NoShims;
    };
    // The shim of the same shell, where there is one; else bash's, else sh's.
    let name = shell
        .and_then(|s| Path::new(s).file_name())
        .map(|n| n.to_string_lossy().into_owned());
    let instead = name
        .iter()
        .map(String::as_str)
        .chain(["bash", "sh"])
        .filter(|n| NAMES.contains(n))
        .map(|n| dir.join(n))
        .find(|p| is_shim(p))
        .unwrap_or_else(|| dir.join("sh"));
    ShellState::NotShim {
        shell: shell.map(str::to_owned),
        instead,
    }
}

/// The line `doctor` prints, when there is something to say.
pub fn describe(state: &ShellState) -> Option<String> {
    match state {
        ShellState::NoShims => None,
        ShellState::IsShim(p) => Some(format!(
            "SHELL is askrisky's shim ({}): agents that run $SHELL -c go through askrisky",
            p.display()
        )),
        ShellState::NotShim { shell, instead } => {
            let what = match shell {
                Some(s) => format!("SHELL={s} is not askrisky's shim"),
                None => "SHELL is not set".to_owned(),
            };
            Some(format!(
                "{what}: agents that run $SHELL -c (aider) bypass askrisky; start them with SHELL={} (e.g. SHELL={} aider)",
                instead.display(),
                instead.display()
            ))
        }
    }
}

/// `doctor`'s line on `SHELL` and the shims, for this environment.
pub fn doctor_line() -> Option<String> {
    let state = crate::config::Dirs::from_env().state;
    let installed = installed(state.as_deref(), std::env::var_os("PATH").as_deref());
    let shell = std::env::var("SHELL").ok();
    describe(&check(shell.as_deref(), &installed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shim_dir(names: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        for n in names {
            std::fs::write(dir.path().join(n), format!("#!/bin/sh\n{MARK} for sh\n"))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        dir
    }

    #[test]
    fn nothing_to_say_without_shims() {
        assert_eq!(check(Some("/bin/bash"), &[]), ShellState::NoShims);
        assert_eq!(describe(&ShellState::NoShims), None);
    }

    #[test]
    fn a_shell_that_is_not_the_shim_is_named_with_the_fix() {
        let d = shim_dir(&["sh", "bash", "zsh"]);
        let dirs = vec![d.path().to_path_buf()];
        let s = check(Some("/usr/bin/zsh"), &dirs);
        assert_eq!(
            s,
            ShellState::NotShim {
                shell: Some("/usr/bin/zsh".into()),
                instead: d.path().join("zsh"),
            }
        );
        let line = describe(&s).unwrap_or_default();
        assert!(
            line.starts_with("SHELL=/usr/bin/zsh is not askrisky's shim"),
            "{line}"
        );
        assert!(line.contains(&format!("SHELL={}", d.path().join("zsh").display())));
        // A shell with no shim of its own: bash's.
        let s = check(Some("/usr/bin/fish"), &dirs);
        assert!(
            matches!(s, ShellState::NotShim { instead, .. } if instead == d.path().join("bash"))
        );
        let s = check(None, &dirs);
        assert!(
            describe(&s)
                .unwrap_or_default()
                .starts_with("SHELL is not set")
        );
    }

    #[test]
    fn the_shim_as_shell_is_fine() {
        let d = shim_dir(&["bash"]);
        let shim = d.path().join("bash");
        let s = check(shim.to_str(), &[]);
        assert_eq!(s, ShellState::IsShim(shim));
        assert!(
            describe(&s)
                .unwrap_or_default()
                .contains("go through askrisky")
        );
    }

    #[test]
    fn shims_are_found_where_recorded_and_on_path() {
        let state = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let recorded = shim_dir(&["sh", "bash"]);
        let on_path = shim_dir(&["zsh"]);
        let plain = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            plain.path().join("bash"),
            "#!/bin/sh\nexec /bin/bash \"$@\"\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        record(state.path(), recorded.path()).unwrap_or_else(|e| panic!("{e}"));
        record(state.path(), recorded.path()).unwrap_or_else(|e| panic!("{e}"));
        let path =
            std::env::join_paths([plain.path(), on_path.path()]).unwrap_or_else(|e| panic!("{e}"));
        let found = installed(Some(state.path()), Some(&path));
        let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(found, vec![canon(recorded.path()), canon(on_path.path())]);
        assert_eq!(
            std::fs::read_to_string(record_path(state.path()))
                .unwrap_or_default()
                .lines()
                .count(),
            1
        );
    }
}
