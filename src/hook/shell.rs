//! The shell each agent runs its commands with, so that a command is read
//! the way that shell reads it (see `parse::shells`).
//!
//! The hook runs as a child of the agent, with the agent's environment, so
//! the agent's own choice can be repeated here. Where it cannot be known
//! for sure, the reading is the strictest: every shell it could be.
//!
//! | agent | its shell | source |
//! |---|---|---|
//! | Claude Code | `CLAUDE_CODE_SHELL` if it names bash or zsh, else `SHELL` if it does, else zsh or bash found on PATH or in `/bin`, `/usr/bin`, `/usr/local/bin`, `/opt/homebrew/bin` (bash first when `SHELL` names bash) | the shell resolver in the 2.1.197 binary |
//! | Codex CLI | a string command: the login shell from the passwd entry (zsh, bash or sh), with `-lc`; an argv names its own shell | `codex-rs` `shell_detect.rs` |
//! | Gemini CLI | `bash -c` (bash on PATH) | `getShellConfiguration` in the 0.61.0 bundle |
//! | Qwen Code | `bash -c` (bash on PATH) | `packages/core/src/utils/shell-utils.ts` |
//! | Copilot CLI | a bash session | its issues and docs (the binary is not readable) |
//! | OpenCode | `SHELL` unless fish or nu; else zsh on macOS, bash on PATH or `/bin/sh` | `packages/opencode/src/shell/shell.ts` |
//! | Pi | versions differ: a `shellPath` setting, `SHELL`, bash or `sh` | pi-mono's `utils/shell.ts` across versions |
//! | Cursor | its terminal's shell, which is not known | no public source |

use std::path::{Path, PathBuf};

use super::Agent;
use crate::agents::Shell;
use crate::parse::Syntax;

/// The syntax of the commands `agent` runs, given its environment.
pub fn syntax_of(agent: Agent, env: &dyn Fn(&str) -> Option<String>) -> Syntax {
    match agent.row().shell {
        Shell::ClaudeCode => claude_code(env),
        Shell::Login => codex(),
        Shell::Bash => Syntax::Bash,
        Shell::OpenCode => opencode(env),
        Shell::Unknown => Syntax::Unknown,
    }
}

fn executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The first `name` on PATH.
fn on_path(name: &str, env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let path = env("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| executable(p))
}

/// A shell the agent picked: bash or zsh as found at `path`, else either.
fn bash_or_zsh(path: &Path) -> Syntax {
    match Syntax::of_path(path) {
        s @ (Syntax::Bash | Syntax::Zsh) => s,
        _ => Syntax::BashOrZsh,
    }
}

fn claude_code(env: &dyn Fn(&str) -> Option<String>) -> Syntax {
    claude_code_path(env).map_or(Syntax::BashOrZsh, |p| bash_or_zsh(&p))
}

/// The shell `agent` runs its commands with, as a path, where that can be
/// told (for a command handed back to run contained in the same shell):
/// Claude Code's resolver; bash on PATH for the agents that always use it.
pub fn path_of(agent: Agent, env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    match agent.row().shell {
        Shell::ClaudeCode => claude_code_path(env),
        Shell::Bash => on_path("bash", env),
        Shell::Login | Shell::OpenCode | Shell::Unknown => None,
    }
}

/// Claude Code's choice of shell: `CLAUDE_CODE_SHELL` or `SHELL` when it
/// names bash or zsh, else zsh or bash found on PATH or in the usual
/// folders (bash first when `SHELL` names bash).
fn claude_code_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let named = |v: &str| v.contains("bash") || v.contains("zsh");
    for var in ["CLAUDE_CODE_SHELL", "SHELL"] {
        if let Some(v) = env(var).filter(|v| named(v))
            && executable(Path::new(&v))
        {
            return Some(PathBuf::from(v));
        }
    }
    let bash_first = env("SHELL").is_some_and(|s| s.contains("bash"));
    let order: [&str; 2] = if bash_first {
        ["bash", "zsh"]
    } else {
        ["zsh", "bash"]
    };
    for name in order {
        let found = on_path(name, env).or_else(|| {
            ["/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
                .iter()
                .map(|d| Path::new(d).join(name))
                .find(|p| executable(p))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Codex runs a string command with the login shell of the passwd entry
/// when it is zsh, bash or sh.
fn codex() -> Syntax {
    let uid = rustix::process::getuid().as_raw();
    let shell = crate::files::read_text(
        std::path::Path::new("/etc/passwd"),
        crate::files::Whose::Foreign,
        16 << 20,
    )
    .ok()
    .flatten()
    .and_then(|text| {
        text.lines().find_map(|l| {
            let fields: Vec<&str> = l.split(':').collect();
            (fields.len() >= 7 && fields[2].parse() == Ok(uid)).then(|| fields[6].to_owned())
        })
    });
    match shell {
        Some(s)
            if matches!(
                Syntax::for_program(&program(&s)),
                Syntax::Zsh | Syntax::Bash | Syntax::Sh
            ) =>
        {
            Syntax::of_path(Path::new(&s))
        }
        _ => Syntax::Unknown,
    }
}

fn program(path: &str) -> String {
    crate::parse::programs::program_name(path)
}

fn opencode(env: &dyn Fn(&str) -> Option<String>) -> Syntax {
    if let Some(s) = env("SHELL").filter(|s| !matches!(program(s).as_str(), "fish" | "nu")) {
        return Syntax::of_path(Path::new(&s));
    }
    if crate::platform::OS == crate::platform::Os::MacOs {
        return Syntax::Zsh;
    }
    match on_path("bash", env) {
        Some(p) => Syntax::of_path(&p),
        None => Syntax::of_path(Path::new("/bin/sh")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |k| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn agents_with_a_fixed_shell() {
        let env = env_of(&[]);
        assert_eq!(syntax_of(Agent::Gemini, &env), Syntax::Bash);
        assert_eq!(syntax_of(Agent::Qwen, &env), Syntax::Bash);
        assert_eq!(syntax_of(Agent::Copilot, &env), Syntax::Bash);
        assert_eq!(syntax_of(Agent::Cursor, &env), Syntax::Unknown);
        assert_eq!(syntax_of(Agent::Pi, &env), Syntax::Unknown);
    }

    #[test]
    fn claude_code_follows_its_own_resolver() {
        if !executable(Path::new("/bin/bash")) {
            return;
        }
        let env = env_of(&[("CLAUDE_CODE_SHELL", "/bin/bash"), ("SHELL", "/bin/zsh")]);
        assert_eq!(syntax_of(Agent::ClaudeCode, &env), Syntax::Bash);
        // A SHELL that is neither bash nor zsh is passed over.
        let env = env_of(&[("SHELL", "/usr/bin/fish"), ("PATH", "/nonexistent")]);
        assert!(matches!(
            syntax_of(Agent::ClaudeCode, &env),
            Syntax::Zsh | Syntax::Bash | Syntax::BashOrZsh
        ));
    }

    #[test]
    fn opencode_takes_shell_but_not_fish() {
        let env = env_of(&[("SHELL", "/nowhere/zsh")]);
        assert_eq!(syntax_of(Agent::OpenCode, &env), Syntax::Zsh);
        let env = env_of(&[("SHELL", "/usr/bin/fish"), ("PATH", "/nonexistent")]);
        assert_ne!(syntax_of(Agent::OpenCode, &env), Syntax::Fish);
    }
}
