//! The man page, `askrisky(1)`: one page, rendered from the clap
//! definitions in [`super::args`] (every command with its options) and
//! from the tables here (the environment askrisky reads, its files, its
//! exit statuses), so that it says what the code does and names no page
//! that does not exist.
//!
//! A variable askrisky starts reading belongs in [`ENVIRONMENT`]: a test
//! reads the source for the variables read and fails on one missing here.

use clap_mangen::roff::{Inline, Roff, bold, italic, roman};

use crate::exit;

/// Every environment variable askrisky reads, and what it does.
pub const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "HOME",
        "The home folder: the default for the folders below, the agents' settings and transcripts, and the files askrisky protects.",
    ),
    (
        "XDG_CONFIG_HOME",
        "Where the config is: $XDG_CONFIG_HOME/askrisky/config.toml (default ~/.config/askrisky). Also where OpenCode keeps its settings. Only an absolute path counts.",
    ),
    (
        "XDG_STATE_HOME",
        "Where the log, the session store, the key and the approvals are: $XDG_STATE_HOME/askrisky (default ~/.local/state/askrisky).",
    ),
    (
        "XDG_RUNTIME_DIR",
        "Where the inbox's socket is: $XDG_RUNTIME_DIR/askrisky (default: the state folder's run/).",
    ),
    (
        "ASKRISKY_MODE",
        "A mode (autopilot, review, ask). It can only make approvals stricter than the config, never looser.",
    ),
    (
        "ASKRISKY_NO_PROMPT",
        "When true (1, true, yes, on): never prompt, as --no-prompt does.",
    ),
    (
        "CI",
        "When true: nobody can answer, so a command that needs a person is not run.",
    ),
    (
        "ASKRISKY_SESSION",
        "The session whose goals the reviewer sees, as --session gives it.",
    ),
    (
        "ASKRISKY_GUARD",
        "Read by the snippets askrisky init prints: off turns the guard off for that shell.",
    ),
    (
        "OPENAI_API_KEY",
        "The reviewer's API key for the openai provider, unless the config names another variable (reviewer.api_key_env).",
    ),
    (
        "ANTHROPIC_API_KEY",
        "The reviewer's API key for the anthropic provider, unless the config names another variable (reviewer.api_key_env).",
    ),
    (
        "PATH",
        "Where programs are found: the shell that runs exec -c lines, the real shell behind a shim, the agents doctor looks for.",
    ),
    (
        "SHELL",
        "The shell an agent runs its commands with (Claude Code, OpenCode), to read a line with that shell's grammar; doctor checks it against an installed shim.",
    ),
    (
        "ZDOTDIR",
        "zsh's folder of start-up files: doctor looks for the guard snippet in its .zshrc (default: the home folder).",
    ),
    (
        "CLAUDE_CODE_SHELL",
        "The shell Claude Code runs its commands with, when set.",
    ),
    (
        "CODEX_HOME",
        "Codex's folder, when an absolute path (default ~/.codex).",
    ),
    ("PI_CODING_AGENT_DIR", "Pi's folder (default ~/.pi/agent)."),
    (
        "TMPDIR",
        "A temporary folder a contained command may write in.",
    ),
    (
        "TERM",
        "dumb: the approval card is drawn without colour or cursor movement.",
    ),
    ("NO_COLOR", "When set and not empty: no colour on the card."),
    (
        "ASKRISKY_NESTED",
        "Set by askrisky for an approved command: its children that come back through a shim run without being asked again. A token askrisky checks; not for setting by hand.",
    ),
    (
        "ASKRISKY_SHIM",
        "Set by the shims when they hand a line to askrisky. Not for setting by hand.",
    ),
    (
        "ASKRISKY_VETTED",
        "Set by askrisky in the environment of a command it ran: a prompt event from inside it is not the person's. Not for setting by hand.",
    ),
    (
        "ASKRISKY_HOOK_WORKER",
        "Set by askrisky hook for the process that decides. Not for setting by hand.",
    ),
];

/// askrisky's files: (path, what it is).
pub const FILES: &[(&str, &str)] = &[
    (
        "$XDG_CONFIG_HOME/askrisky/config.toml",
        "The person's config (default ~/.config/askrisky/config.toml): the mode, allow rules, the reviewer, containment. The only place that can loosen approvals.",
    ),
    (
        ".askrisky.toml",
        "A project's settings, the nearest at or above the command's folder. It can only tighten: a stricter mode, extra danger rules.",
    ),
    (
        "$XDG_STATE_HOME/askrisky/",
        "The state folder (default ~/.local/state/askrisky, mode 0700).",
    ),
    (
        "$XDG_STATE_HOME/askrisky/log.jsonl",
        "The decision log: one JSON record per decision, sealed into a chain (askrisky log --verify).",
    ),
    (
        "$XDG_STATE_HOME/askrisky/sessions/",
        "The session store: the person's goals and choices, per agent session.",
    ),
    (
        "$XDG_STATE_HOME/askrisky/keys/",
        "askrisky's key, which seals the log and signs approvals and tokens.",
    ),
    (
        "$XDG_STATE_HOME/askrisky/approvals/, session-approvals/",
        "Allow-once codes and session approvals.",
    ),
    (
        "$XDG_STATE_HOME/askrisky/nested/, contained/",
        "Short-lived tokens for approved commands' children and for contained runs.",
    ),
    (
        "$XDG_RUNTIME_DIR/askrisky/inbox.sock",
        "The inbox's socket (folder 0700, socket 0600).",
    ),
];

/// The exit statuses: (status, meaning).
fn exit_statuses() -> Vec<(String, &'static str)> {
    vec![
        (
            "the command's own".into(),
            "exec: once the command runs, its status is passed through untouched.",
        ),
        (
            exit::RUN.to_string(),
            "check: the command would run. Other commands: done.",
        ),
        (
            "1".into(),
            "doctor: a problem was found (settings unreadable, a hook not answering or not trusted); log --verify: the log's chain is broken.",
        ),
        (
            exit::USAGE.to_string(),
            "The command line given to askrisky was wrong (an unknown flag, a missing argument).",
        ),
        (
            exit::REFUSED.to_string(),
            "Refused: the blocked tier. Nobody can approve it through askrisky.",
        ),
        (
            exit::NEEDS_PERSON.to_string(),
            "Not run: it needs a person and none could answer (no terminal, CI, --no-prompt); check: it would ask.",
        ),
        (exit::DECLINED.to_string(), "Not run: the person said no."),
        (
            exit::FAILED.to_string(),
            "Not run: askrisky failed before it could decide. Other commands: askrisky failed.",
        ),
        (
            exit::INTERRUPTED.to_string(),
            "Not run: interrupted (Ctrl-C, SIGTERM) while deciding.",
        ),
        (
            exit::UNFINISHED.to_string(),
            "guard --enter (the guarded bash's Enter key): the line does not parse yet; the shell reads on, and the guard checks it once whole.",
        ),
        (
            exit::NOT_EXECUTABLE.to_string(),
            "exec: the command could not be executed (as a shell reports it).",
        ),
        (
            exit::NOT_FOUND.to_string(),
            "exec: the command was not found (as a shell reports it).",
        ),
    ]
}

/// Pages of other programs that bear on askrisky: the shells it reads
/// lines for, guards and stands in for.
pub const SEE_ALSO: &[(&str, &str)] = &[("sh", "1"), ("bash", "1"), ("zsh", "1"), ("fish", "1")];

/// The date on the page: fixed, so that the checked-in page is
/// reproducible.
const DATE: &str = "2026-11-29";

/// Renders the whole page (roff).
pub fn render(cmd: clap::Command) -> Vec<u8> {
    let mut cmd = cmd;
    cmd.build();
    let man = clap_mangen::Man::new(cmd.clone()).date(DATE);
    // Each of clap_mangen's pieces starts with the same preamble: the
    // page keeps the first.
    let preamble = Roff::new().render();
    let strip = |text: String| match text.strip_prefix(&preamble) {
        Some(rest) => rest.to_owned(),
        None => text,
    };
    let piece = |render: &dyn Fn(&mut Vec<u8>) -> std::io::Result<()>| {
        let mut buf = Vec::new();
        match render(&mut buf) {
            Ok(()) => String::from_utf8_lossy(&buf).into_owned(),
            Err(_) => String::new(),
        }
    };
    let mut page = piece(&|w| man.render_title(w));
    page.push_str(&strip(piece(&|w| man.render_name_section(w))));
    page.push_str(&strip(piece(&|w| man.render_synopsis_section(w))));
    page.push_str(&strip(piece(&|w| man.render_description_section(w))));
    page.push_str(&strip(piece(&|w| man.render_options_section(w))));
    let mut roff = Roff::new();
    commands(&mut roff, &cmd);
    environment(&mut roff);
    files(&mut roff);
    exit_status(&mut roff);
    see_also(&mut roff);
    page.push_str(&strip(roff.render()));
    page.push_str(&strip(piece(&|w| man.render_version_section(w))));
    page.into_bytes()
}

/// COMMANDS: every visible subcommand, nested ones under their parent's
/// name, with what it does and its own options.
fn commands(roff: &mut Roff, cmd: &clap::Command) {
    roff.control("SH", ["COMMANDS"]);
    let mut first = true;
    for sub in cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        command(
            roff,
            &format!("askrisky {}", sub.get_name()),
            sub,
            &mut first,
        );
    }
}

fn command(roff: &mut Roff, path: &str, cmd: &clap::Command, first: &mut bool) {
    let subs: Vec<&clap::Command> = cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
        .collect();
    if !subs.is_empty() {
        for sub in subs {
            command(roff, &format!("{path} {}", sub.get_name()), sub, first);
        }
        return;
    }
    if !*first {
        roff.control("PP", []);
    }
    *first = false;
    // The usage line clap prints for `askrisky help …`, without "Usage: ".
    let usage = cmd.clone().render_usage().to_string();
    let usage = usage.strip_prefix("Usage: ").unwrap_or(&usage).to_owned();
    let header = match usage.strip_prefix(path) {
        Some(rest) => vec![bold(path), roman(rest.to_owned())],
        None => vec![bold(path)],
    };
    roff.control("SS", []);
    roff.text(header);
    let about = cmd
        .get_long_about()
        .or_else(|| cmd.get_about())
        .map(ToString::to_string)
        .unwrap_or_default();
    for (i, para) in about.split("\n\n").enumerate() {
        if i > 0 {
            roff.control("PP", []);
        }
        roff.text([roman(para.trim())]);
    }
    for arg in own_args(cmd) {
        roff.control("TP", []);
        roff.text(arg_header(arg));
        let help = arg
            .get_long_help()
            .or_else(|| arg.get_help())
            .map(ToString::to_string)
            .unwrap_or_default();
        let mut body = vec![roman(help)];
        let values: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| match v.get_help() {
                Some(h) => format!("{} ({h})", v.get_name()),
                None => v.get_name().to_owned(),
            })
            .collect();
        if !values.is_empty() {
            body.push(roman(format!(". One of: {}", values.join("; "))));
        }
        let takes_values = arg.get_num_args().is_some_and(|n| n.takes_values());
        let defaults: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        if takes_values && !defaults.is_empty() {
            body.push(roman(format!(". Default: {}", defaults.join(" "))));
        }
        roff.text(body);
    }
}

/// A command's own arguments: not the global ones (shown once, under
/// OPTIONS), not help or version, not hidden.
fn own_args(cmd: &clap::Command) -> impl Iterator<Item = &clap::Arg> {
    cmd.get_arguments().filter(|a| {
        !a.is_hide_set() && !a.is_global_set() && !matches!(a.get_id().as_str(), "help" | "version")
    })
}

fn value_name(arg: &clap::Arg) -> String {
    arg.get_value_names()
        .map(|v| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| arg.get_id().as_str().to_uppercase())
}

fn arg_header(arg: &clap::Arg) -> Vec<Inline> {
    if arg.is_positional() {
        return vec![italic(value_name(arg))];
    }
    let mut h = Vec::new();
    if let Some(s) = arg.get_short() {
        h.push(bold(format!("-{s}")));
    }
    if let Some(l) = arg.get_long() {
        if !h.is_empty() {
            h.push(roman(", "));
        }
        h.push(bold(format!("--{l}")));
    }
    if arg.get_num_args().is_some_and(|n| n.takes_values()) {
        h.push(roman(" "));
        h.push(italic(value_name(arg)));
    }
    h
}

fn environment(roff: &mut Roff) {
    roff.control("SH", ["ENVIRONMENT"]);
    roff.text([roman(
        "Flags, variables and a project's .askrisky.toml can only make approvals stricter; \
         only the person's config file can loosen them.",
    )]);
    for (name, what) in ENVIRONMENT {
        roff.control("TP", []);
        roff.text([bold(*name)]);
        roff.text([roman(*what)]);
    }
}

fn files(roff: &mut Roff) {
    roff.control("SH", ["FILES"]);
    for (path, what) in FILES {
        roff.control("TP", []);
        roff.text([italic(*path)]);
        roff.text([roman(*what)]);
    }
}

fn exit_status(roff: &mut Roff) {
    roff.control("SH", ["EXIT STATUS"]);
    roff.text([roman(
        "The statuses askrisky gives when a command does not run (80 to 84) lie outside \
         those shells use for themselves (1, 2, 126, 127, 128+N), so an agent can tell \
         them from the command's own.",
    )]);
    for (status, what) in exit_statuses() {
        roff.control("TP", []);
        roff.text([bold(status)]);
        roff.text([roman(what)]);
    }
}

fn see_also(roff: &mut Roff) {
    roff.control("SH", ["SEE ALSO"]);
    let mut line = Vec::new();
    for (i, (page, section)) in SEE_ALSO.iter().enumerate() {
        if i > 0 {
            line.push(roman(", "));
        }
        line.push(bold(*page));
        line.push(roman(format!("({section})")));
    }
    roff.text(line);
    roff.control("PP", []);
    roff.text([roman(
        "The README and docs/reliability.md in askrisky's source describe the hooks, \
         the shims, the reviewer and what askrisky cannot defend against.",
    )]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> String {
        String::from_utf8(render(super::super::args::command())).unwrap_or_default()
    }

    #[test]
    fn one_preamble_and_every_section() {
        let p = page();
        assert_eq!(p.matches(".ds Aq").count(), 2, "one preamble (.ie/.el)");
        for s in [
            "NAME",
            "SYNOPSIS",
            "DESCRIPTION",
            "OPTIONS",
            "COMMANDS",
            "ENVIRONMENT",
            "FILES",
            "\"EXIT STATUS\"",
            "\"SEE ALSO\"",
        ] {
            assert!(p.contains(&format!(".SH {s}\n")), "no {s} section");
        }
    }

    #[test]
    fn every_visible_command_is_described_in_place() {
        let p = page();
        assert!(
            !p.contains("askrisky\\-exec(1)"),
            "points at a page that does not exist"
        );
        for name in [
            "exec",
            "check",
            "hook",
            "install",
            "doctor",
            "completions",
            "inbox",
        ] {
            assert!(
                p.contains(&format!(".SS\n\\fBaskrisky {name}")),
                "{name} not described"
            );
        }
        assert!(p.contains("\\fBaskrisky shims install\\fR"));
        assert!(p.contains("\\fBaskrisky session new\\fR"));
        // Hidden commands stay out of the page.
        assert!(!p.contains("askrisky generate"));
    }
}
