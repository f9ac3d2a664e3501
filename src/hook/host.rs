//! What the agent's process can do right now: can a person answer "ask"?
//!
//! A hook protocol may have an "ask" answer that works only when the agent
//! has a person at its screen. Gemini CLI's does: run headless (`-p`, a
//! query, stdin or stdout not a terminal) it meets "ask" by stopping the
//! turn, so the model never learns why and the person never sees a
//! question. Its hook payload does not say which mode it runs in, so this
//! looks at the Gemini CLI process that started the hook: its arguments and
//! whether its stdin and stdout are terminals — the same test Gemini CLI
//! applies to itself. When that process cannot be found or read, the answer
//! is "nobody can answer": a denial with the reason and an allow-once code
//! is never worse than a question nobody sees.

use super::{Agent, SessionInfo};

/// How many parent processes are looked at for the agent's own process.
const MAX_ANCESTORS: usize = 8;

/// Whether "ask" can reach a person for this call.
pub fn can_ask(agent: Agent, session: &SessionInfo) -> bool {
    if !agent.can_ask() {
        return false;
    }
    if let Some(said) = session.can_ask {
        return said;
    }
    match agent {
        Agent::Gemini => gemini_process().is_some_and(|p| {
            gemini_interactive(&p.args, p.stdin_is_terminal, p.stdout_is_terminal)
        }),
        _ => true,
    }
}

/// A Gemini CLI process found among the hook's ancestors.
#[derive(Debug)]
struct Process {
    /// Its arguments after the script's name.
    args: Vec<String>,
    stdin_is_terminal: bool,
    stdout_is_terminal: bool,
}

/// The nearest ancestor that is Gemini CLI (`gemini`, or node running
/// `…/gemini.js`), if any.
fn gemini_process() -> Option<Process> {
    let mut pid = u64::from(std::os::unix::process::parent_id());
    for _ in 0..MAX_ANCESTORS {
        if pid <= 1 {
            return None;
        }
        let argv = crate::platform::cmdline(pid)?;
        if let Some(i) = gemini_script(&argv) {
            return Some(Process {
                args: argv[i + 1..].to_vec(),
                stdin_is_terminal: crate::platform::fd_is_terminal(pid, 0),
                stdout_is_terminal: crate::platform::fd_is_terminal(pid, 1),
            });
        }
        pid = crate::platform::parent_of(pid)?;
    }
    None
}

/// The index of Gemini CLI's script in a command line: the program itself,
/// or the first argument after the interpreter's own options.
fn gemini_script(argv: &[String]) -> Option<usize> {
    let is_gemini = |a: &str| {
        let name = a.rsplit('/').next().unwrap_or(a);
        matches!(name, "gemini" | "gemini.js" | "gemini.mjs")
    };
    argv.iter()
        .take(6)
        .position(|a| is_gemini(a))
        .filter(|&i| argv[..i].iter().skip(1).all(|a| a.starts_with('-')))
}

/// Gemini CLI's options that take a value (the next argument, unless
/// given as `--name=value`). An option missing here makes its value look
/// like a query, which reads as headless: the safe side.
const GEMINI_VALUE_OPTIONS: &[&str] = &[
    "-m",
    "--model",
    "-p",
    "--prompt",
    "-i",
    "--prompt-interactive",
    "--approval-mode",
    "--allowed-tools",
    "--allowed-mcp-server-names",
    "-e",
    "--extensions",
    "--include-directories",
    "-o",
    "--output-format",
    "-r",
    "--resume",
    "--delete-session",
    "--policy",
    "--admin-policy",
    "--sandbox-image",
    "--telemetry-target",
    "--telemetry-otlp-endpoint",
    "--telemetry-otlp-protocol",
    "--telemetry-outfile",
    "--proxy",
    "--worktree",
];

/// Whether Gemini CLI run with `args` (after its script) asks a person:
/// as Gemini CLI decides for itself, interactive unless it was given a
/// prompt (`-p`) or a query, or its stdin or stdout is not a terminal; an
/// ACP client (an editor) and `-i` always take questions.
pub fn gemini_interactive(args: &[String], stdin_tty: bool, stdout_tty: bool) -> bool {
    let name = |a: &str| a.split('=').next().unwrap_or(a).to_owned();
    if args.iter().any(|a| {
        matches!(
            name(a).as_str(),
            "--acp" | "--experimental-acp" | "-i" | "--prompt-interactive"
        )
    }) {
        return true;
    }
    if !stdin_tty || !stdout_tty {
        return false;
    }
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            // Everything after is the query.
            return i + 1 >= args.len();
        }
        if a.starts_with('-') && a.len() > 1 {
            let n = name(a);
            if matches!(n.as_str(), "-p" | "--prompt") {
                return false;
            }
            if GEMINI_VALUE_OPTIONS.contains(&n.as_str()) && !a.contains('=') {
                i += 1;
            }
        } else {
            // A positional argument: a query (or a subcommand, which asks
            // nobody either).
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn gemini_modes() {
        for (line, tty, interactive) in [
            ("", true, true),
            ("--approval-mode yolo -m gemini-2.5-pro", true, true),
            ("--approval-mode=yolo", true, true),
            ("-p hello", true, false),
            ("--prompt=hello", true, false),
            ("-y -p hello", true, false),
            ("fix the tests", true, false),
            ("--approval-mode yolo fix", true, false),
            ("-- fix", true, false),
            ("", false, false),
            ("--unknown-option value", true, false),
            ("-i hello", false, true),
            ("--prompt-interactive=hello", true, true),
            ("--experimental-acp", false, true),
            ("--acp", false, true),
        ] {
            assert_eq!(
                gemini_interactive(&args(line), tty, tty),
                interactive,
                "{line:?} tty={tty}"
            );
        }
        assert!(!gemini_interactive(&[], true, false));
    }

    #[test]
    fn gemini_is_found_in_a_command_line() {
        assert_eq!(gemini_script(&args("gemini -p x")), Some(0));
        assert_eq!(
            gemini_script(&args(
                "/usr/bin/node --no-warnings /x/bundle/gemini.js -p x"
            )),
            Some(2)
        );
        assert_eq!(gemini_script(&args("/usr/bin/node /x/b.js gemini")), None);
        assert_eq!(gemini_script(&args("bash -c askrisky")), None);
    }

    #[test]
    fn a_payload_that_says_wins_and_protocols_that_cannot_ask_never_do() {
        let said = |b| SessionInfo {
            can_ask: Some(b),
            ..SessionInfo::default()
        };
        assert!(can_ask(Agent::Pi, &said(true)));
        assert!(!can_ask(Agent::Pi, &said(false)));
        assert!(!can_ask(Agent::Codex, &said(true)));
        assert!(!can_ask(Agent::OpenCode, &SessionInfo::default()));
        assert!(can_ask(Agent::ClaudeCode, &SessionInfo::default()));
        // No Gemini CLI above this test: unsure, so nobody can answer.
        assert!(!can_ask(Agent::Gemini, &SessionInfo::default()));
    }
}
