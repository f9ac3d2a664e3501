//! The completion scripts, as the real binary prints them: one for each
//! shell, and fish's completes agent names from the agent registry.

use crate::common;

use common::Env;

#[test]
fn completions_print_for_each_shell() {
    let env = Env::new();
    for shell in ["bash", "zsh", "fish"] {
        let out = env.askrisky(["completions", shell]).output();
        out.status(0);
        assert!(
            out.stdout().contains("claude-code"),
            "{shell}: no agent names"
        );
    }
    env.askrisky(["completions", "powershell"])
        .output()
        .status(2);
}

/// fish, asked what completes after `askrisky install `, offers every
/// agent's name (and no file names).
#[test]
fn fish_completes_agent_names() {
    common::require!("fish");
    let env = Env::new();
    let out = env.askrisky(["completions", "fish"]).output();
    out.status(0);
    let script = env.home.join("askrisky.fish");
    std::fs::write(&script, out.stdout()).expect("write");
    std::fs::write(env.project.join("a-file-here"), "").expect("write");
    let agents: Vec<String> = askrisky::hook::Agent::ALL
        .iter()
        .map(|a| a.name().to_owned())
        .collect();
    for line in ["askrisky install ", "askrisky uninstall ", "askrisky hook "] {
        let o = std::process::Command::new("fish")
            .arg("--no-config")
            .arg("-c")
            .arg(format!("source {}; complete -C '{line}'", script.display()))
            .current_dir(&env.project)
            .env("HOME", &env.home)
            .output()
            .expect("run fish");
        let offered: Vec<String> = String::from_utf8_lossy(&o.stdout)
            .lines()
            .map(|l| l.split('\t').next().unwrap_or_default().to_owned())
            .collect();
        for a in &agents {
            assert!(
                offered.contains(a),
                "{line:?}: {a} not offered: {offered:?}"
            );
        }
        assert!(
            !offered.iter().any(|o| o == "a-file-here"),
            "{line:?}: offers files: {offered:?}"
        );
    }
    // Once an agent is given, no more are offered.
    let o = std::process::Command::new("fish")
        .arg("--no-config")
        .arg("-c")
        .arg(format!(
            "source {}; complete -C 'askrisky install codex '",
            script.display()
        ))
        .current_dir(&env.project)
        .output()
        .expect("run fish");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(!text.contains("claude-code"), "{text}");
}
