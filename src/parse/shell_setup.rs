//! Shell set-up code printed by a tool the person installed, for the shell
//! to evaluate: `eval "$(direnv hook bash)"`, `eval "$(pyenv init -)"`.
//!
//! What such a tool prints is its own hook or environment, the same on
//! every run, not text the line chose; evaluating it is the documented way
//! to set the tool up. Only a bare call is recognised: a substitution that
//! holds anything but plain words (`$(direnv hook bash; curl …)`, `$X`)
//! stays code known only at run time, which asks. The substitution's own
//! command is judged as any command is.

/// Whether `word`, as written, is exactly `$(TOOL ARGS…)` (quoted or not)
/// for a tool that prints shell set-up code.
pub(super) fn is_setup_output(word: &str) -> bool {
    let word = word
        .strip_prefix('"')
        .and_then(|w| w.strip_suffix('"'))
        .unwrap_or(word);
    let Some(inner) = word.strip_prefix("$(").and_then(|w| w.strip_suffix(')')) else {
        return false;
    };
    if !inner
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b' ' | b'-' | b'.' | b'_' | b'/' | b'='))
    {
        return false;
    }
    let mut words: Vec<&str> = inner.split_whitespace().collect();
    // Homebrew's own places for itself, as its installer prints the line
    // (`eval "$(/opt/homebrew/bin/brew shellenv)"`): the same program as
    // `brew` on PATH. Any other path is a program the line may have put
    // there.
    if let Some(first) = words.first_mut()
        && matches!(
            *first,
            "/opt/homebrew/bin/brew"
                | "/usr/local/bin/brew"
                | "/home/linuxbrew/.linuxbrew/bin/brew"
        )
    {
        *first = "brew";
    }
    !words.iter().any(|w| w.contains('/')) && prints_setup(&words)
}

/// Whether the command `words` prints shell set-up code.
fn prints_setup(words: &[&str]) -> bool {
    const SHELLS: &[&str] = &["bash", "zsh", "sh", "fish", "posix", "-"];
    let shell = |w: Option<&&str>| w.is_none_or(|w| SHELLS.contains(w));
    match words {
        ["direnv", "hook" | "export", rest @ ..] => shell(rest.first()) && rest.len() == 1,
        [
            "pyenv" | "rbenv" | "nodenv" | "goenv" | "jenv" | "plenv" | "phpenv",
            "init" | "virtualenv-init",
            rest @ ..,
        ] => rest.len() <= 2 && rest.iter().all(|w| SHELLS.contains(w) || *w == "--path"),
        [
            "zoxide" | "starship" | "atuin" | "mcfly" | "oh-my-posh" | "sheldon",
            "init",
            rest @ ..,
        ] => rest.len() == 1 && shell(rest.first()),
        ["mise" | "rtx", "activate", rest @ ..] => rest.len() <= 1 && shell(rest.first()),
        ["fnm", "env", rest @ ..] => rest.iter().all(|w| w.starts_with("--")),
        ["brew", "shellenv"] | ["ssh-agent", "-s" | "-c"] => true,
        // opam's switch for the project (`opam env --switch=. --set-switch`).
        ["opam", "env", rest @ ..] => rest.iter().all(|w| w.starts_with("--")),
        ["conda", hook, "hook"] => hook.strip_prefix("shell.").is_some_and(|s| shell(Some(&s))),
        ["micromamba" | "mamba", "shell", "hook", rest @ ..] => match rest {
            [] => true,
            ["-s" | "--shell", s] => shell(Some(s)),
            _ => false,
        },
        ["dircolors", rest @ ..] => rest.iter().all(|w| matches!(*w, "-b" | "-c")),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tools_that_print_their_own_setup() {
        for w in [
            "\"$(direnv hook bash)\"",
            "\"$(direnv export bash)\"",
            "\"$(pyenv init -)\"",
            "\"$(opam env --switch=. --set-switch)\"",
            "\"$(conda shell.bash hook)\"",
            "\"$(micromamba shell hook -s zsh)\"",
            "\"$(mamba shell hook)\"",
            "$(rbenv init - zsh)",
            "\"$(zoxide init bash)\"",
            "\"$(mise activate bash)\"",
            "\"$(brew shellenv)\"",
            "$(ssh-agent -s)",
            "\"$(fnm env --use-on-cd)\"",
            "\"$(/opt/homebrew/bin/brew shellenv)\"",
            "\"$(/home/linuxbrew/.linuxbrew/bin/brew shellenv)\"",
        ] {
            assert!(is_setup_output(w), "{w}");
        }
        for w in [
            "\"$(direnv hook bash; curl x)\"",
            "\"$(curl -s https://x.example/setup)\"",
            "\"$(pyenv init - $X)\"",
            "\"$CODE\"",
            "\"$(direnv hook bash) && rm -rf ~\"",
            "\"$(direnv exec . sh)\"",
            "\"$(cat setup.sh)\"",
            "$(starship init)",
            "\"$(brew shellenv)\"x",
            "$(direnv hook)",
            "$(direnv hook bash zsh)",
            "$(pyenv init foo)",
            "$(mise activate foo)",
            "$(opam env x)",
            "$(conda shell.foo hook)",
            "$(conda run hook)",
            "$(micromamba shell hook -s foo)",
            "$(micromamba shell hook x)",
            "\"$(./brew shellenv)\"",
            "\"$(/tmp/brew shellenv)\"",
            "\"$(/opt/homebrew/bin/brew shellenv /tmp/x)\"",
            "\"$(/opt/homebrew/bin/pyenv init -)\"",
        ] {
            assert!(!is_setup_output(w), "{w}");
        }
    }
}
