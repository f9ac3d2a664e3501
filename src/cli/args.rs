//! The command line: every flag is defined here once, and help, shell
//! completions and the man page are all generated from these definitions.
//! Only these types (and `manual`, which renders the man page from them)
//! know clap; each converts to the library's own.

use std::ffi::OsString;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::hook::Agent;
use crate::policy::Mode;

/// A mode on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    /// Runs what is not in the danger set.
    Autopilot,
    /// Asks a reviewer model about what is not in the danger set.
    Review,
    /// Asks about everything but the person's own allow rules.
    Ask,
}

impl From<ModeArg> for Mode {
    fn from(m: ModeArg) -> Self {
        match m {
            ModeArg::Autopilot => Self::Autopilot,
            ModeArg::Review => Self::Review,
            ModeArg::Ask => Self::Ask,
        }
    }
}

/// An agent on the command line: its name and title from its row.
impl ValueEnum for Agent {
    fn value_variants<'a>() -> &'a [Self] {
        &Agent::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.row().title))
    }
}

/// A command guard for AI coding agents.
#[derive(Debug, Parser)]
#[command(
    name = "askrisky",
    version,
    about = "A command guard for AI coding agents: run, ask, or refuse each shell command",
    long_about = "A command guard for AI coding agents.\n\n\
        askrisky parses each command line as a real shell program, refuses the \
        catastrophic (the blocked tier), always asks the person about the irreversible \
        (the danger set), lets a reviewer model rate everything else in review mode, \
        and then runs the command or asks, with the reason.\n\n\
        Modes (loosest to strictest): autopilot, review, ask (the default). Only the \
        person's config file ($XDG_CONFIG_HOME/askrisky/config.toml) can loosen; flags, \
        environment variables and a repository's .askrisky.toml can only tighten.",
    after_help = "Exit statuses: the command's own once it runs; otherwise 80 refused \
        (blocked tier), 81 not run because no person could answer (or `check`: would ask), \
        82 the person declined, 83 askrisky failed, 84 interrupted.",
    max_term_width = 100
)]
pub struct Cli {
    /// Make approvals stricter than the config (never looser)
    #[arg(long, global = true, value_enum, value_name = "MODE")]
    pub mode: Option<ModeArg>,

    /// Never prompt: a command that needs a person is not run
    #[arg(long, global = true)]
    pub no_prompt: bool,

    /// The session whose goals the reviewer sees (AGENT/ID or ID)
    #[arg(long, global = true, value_name = "ID", env = "ASKRISKY_SESSION")]
    pub session: Option<String>,

    /// An agent's transcript to read goals and activity from (read only inside
    /// the agents' own transcript folders)
    #[arg(long, global = true, value_name = "FILE")]
    pub transcript: Option<std::path::PathBuf>,

    /// Say more on stderr (the decision even when the command runs)
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,

    /// What to do
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Decide on a command, then run it in askrisky's place
    #[command(
        long_about = "Decide on a command, then run it in askrisky's place.\n\n\
            `askrisky exec -- CMD ARGS…` runs the program directly (execvp); \
            `askrisky exec -c 'LINE'` runs the line with the configured shell \
            (/bin/sh by default). Once it runs, stdin, stdout, stderr, signals and \
            the exit status are the command's own."
    )]
    Exec(ExecArgs),

    /// Decide on a command without running it, and say why
    Check(CheckArgs),

    /// List the rules in force here: built-in (packs turned off shown as off), yours, the project's
    #[command(
        long_about = "List the rules in force in this folder: the blocked tier and the danger \
        set built in (a pack your config turns off is shown as off), your own [[danger]] rules, \
        and those of the project's .askrisky.toml; then what allow rules and session approvals \
        can and cannot cover. --json lists every rule with its source and whether it is on."
    )]
    Rules(RulesArgs),

    /// Show the decision log
    Log(LogArgs),

    /// Sum up the decision log: what ran, asked, was approved, declined, refused
    #[command(
        long_about = "Sum up the decision log over a stretch of time: what was run, asked, \
        approved, declined and refused, by agent (surface), by rule and by the reviewer's \
        outcome; the reviewer's and the person's time to decide (p50, p95, max) and the \
        reviewer's cost; and the lines asked about most. Plain text by default, --json, or a \
        self-contained HTML page with charts (--html FILE: no script, nothing fetched). The \
        log is read from its end, so a short stretch of a large log reads only that stretch."
    )]
    Report(ReportArgs),

    /// Propose allow rules for lines you approved again and again
    #[command(
        long_about = "Propose allow rules from the decision log: exact lines, and argv \
        prefixes shared by several lines, that you approved at least --min times (records \
        decided by you that ran; lines typed at your own guarded shell do not count). Never the \
        blocked tier, never a line that sets a variable steering what runs (PATH, GIT_DIR, \
        LD_PRELOAD, …), never a line an allow rule already covers, and the danger set only with \
        --include-danger and your yes for each rule on your terminal. Shows the change to your \
        config as a diff and writes it (atomically, comments kept) only when you confirm on \
        your own terminal; without one it shows the diff and writes nothing."
    )]
    Suggest(SuggestArgs),

    /// Answer an agent's hook: read its JSON on stdin, print the decision
    #[command(
        long_about = "Answer an agent's hook: read its hook JSON on stdin and print the \
        answer in that agent's format on stdout. Always prints a valid answer and exits 0: an \
        input askrisky cannot read is answered with ask (or deny where the agent cannot ask)."
    )]
    Hook {
        /// The agent whose hook protocol to speak
        #[arg(value_enum)]
        agent: Agent,
        /// The event comes after a tool ran (Claude Code's PostToolUse):
        /// only record the person's answer at the agent's prompt; the answer
        /// is always empty
        #[arg(long, hide = true)]
        after: bool,
    },

    /// Measure the configured reviewer on labelled cases (nothing is run)
    #[command(
        long_about = "Measure the whole review-mode decision (danger set, then the \
        configured reviewer, then the policy) on labelled cases, and report how often it is \
        right. No case's command is ever run. See eval/README.md for the case format."
    )]
    Eval(EvalArgs),

    /// Add askrisky's hooks to an agent's user-level settings
    #[command(
        long_about = "Add askrisky's hooks to an agent's user-level settings (never a \
        project's): its pre-tool hook for shell commands and its prompt hook. Other hooks are \
        kept; running it again does not duplicate anything; the old file is kept as a backup \
        beside it and the change is shown as a diff."
    )]
    Install {
        /// The agent
        #[arg(value_enum)]
        agent: Agent,
        /// Show the change without writing it
        #[arg(long)]
        dry_run: bool,
    },

    /// Remove askrisky's hooks from an agent's user-level settings
    Uninstall {
        /// The agent
        #[arg(value_enum)]
        agent: Agent,
        /// Show the change without writing it
        #[arg(long)]
        dry_run: bool,
    },

    /// Check the setup: hooks, config, reviewer, shell snippet, inbox, PATH, containment
    #[command(
        long_about = "Check that askrisky is set up, one line per check: each agent's hook \
        (installed, answering, trusted by Codex, the plugin this askrisky writes), your config \
        (every mistake with its line, a file or folder others could write, what a project file \
        here could not set), review mode's reviewer and its API key, the guard snippet in your \
        shell's startup file, the inbox, whether the askrisky on PATH is this one, and \
        containment. A problem's line says the fix; exit status 1 when there is one."
    )]
    Doctor,

    /// Install the sh/bash/zsh shims for agents that run `$SHELL -c`
    #[command(subcommand)]
    Shims(ShimsCommand),

    /// Print the snippet that guards your interactive shell
    #[command(
        long_about = "Print the snippet that guards your own interactive shell: every \
        command line you type is checked before it runs. Add it to your shell's startup file: \
        bash: eval \"$(askrisky init bash)\"; zsh: eval \"$(askrisky init zsh)\"; \
        fish: askrisky init fish | source. ASKRISKY_GUARD=off turns it off for that shell."
    )]
    Init {
        /// Your shell
        #[arg(value_enum)]
        shell: InitShell,
    },

    /// Check a line you typed (used by the `init` snippets)
    #[command(
        long_about = "Check a command line a person typed at their own shell. You typed \
        it, so it is your explicit request: the reviewer is not asked. The blocked tier is \
        refused (exit 80), the danger set shows the card on the terminal (exit 0 to run, 82 not \
        to), anything else exits 0 at once."
    )]
    Guard {
        /// The command line
        #[arg(short = 'c', value_name = "LINE", required = true)]
        line: String,
        /// The line is in fish's syntax (the fish snippet passes this)
        #[arg(long, conflicts_with = "zsh")]
        fish: bool,
        /// The line is in zsh's syntax (the zsh snippet passes this)
        #[arg(long)]
        zsh: bool,
        /// Print and show nothing: exit 0 if the line runs as it is, 80 if it
        /// is refused, 81 if it needs the card
        #[arg(long)]
        silent: bool,
        /// The line as Enter was pressed, before the shell read it (the bash
        /// snippet passes this): a line that does not parse yet, unfinished
        /// or wrong, exits 85 and shows nothing; the shell reads on or
        /// reports it, and the line is checked whole before it runs
        #[arg(long)]
        enter: bool,
    },

    /// Show approval cards from commands that have no terminal, in this pane
    #[command(
        long_about = "Show approval cards here for commands that have no terminal \
        (agents run them in the background). Keep it open in a second pane or window. It \
        listens on a socket in $XDG_RUNTIME_DIR/askrisky (folder 0700, socket 0600) and only \
        accepts requests from your own user. A waiting command gets an answer or, after \
        approval_wait_s (120 s by default), is not run."
    )]
    Inbox {
        /// Do not ring the terminal bell when a request arrives
        #[arg(long)]
        no_bell: bool,
        /// Also show a desktop notification (notify-send) when a request arrives
        #[arg(long)]
        notify: bool,
    },

    /// Approve, once, a command that was refused for lack of a person
    #[command(
        long_about = "Approve, once, a command that was refused because nobody could be \
        asked: the refusal printed a code. This shows the card for that exact request; on \
        \"run\", one identical retry (same command line, folder and session) within ten \
        minutes runs; on \"allow for this session\" (a request of a session only), every \
        identical retry of that session runs, for at most 12 hours. Never covers the blocked \
        tier."
    )]
    Approve {
        /// The code from the refusal, e.g. K7Q2-9XM3
        code: String,
    },

    /// Is an inbox listening, how many requests wait, and the mode
    Status,

    /// Add a goal to the current session, from your own terminal
    #[command(
        long_about = "Add a goal to the current session, from your own terminal.\n\n\
        The reviewer treats goals as your word: only text you type counts. This \
        command therefore needs a terminal, and an agent running it is in the danger set."
    )]
    Goal {
        /// What you want done
        #[arg(required = true, num_args = 1.., value_name = "TEXT")]
        text: Vec<String>,
    },

    /// Manage askrisky's sessions (goals, choices and activity per agent session)
    #[command(subcommand)]
    Session(SessionCommand),

    /// Print the completion script for a shell
    #[command(
        long_about = "Print the completion script for a shell on stdout. Commands, options, \
        modes and agent names (after install, uninstall and hook) complete. bash: \
        askrisky completions bash > ~/.local/share/bash-completion/completions/askrisky; \
        zsh: askrisky completions zsh > \"${fpath[1]}/_askrisky\"; fish: askrisky \
        completions fish > ~/.config/fish/completions/askrisky.fish."
    )]
    Completions {
        /// Your shell
        #[arg(value_enum)]
        shell: CompletionShell,
    },

    /// Print shell completions or the man page
    #[command(hide = true)]
    Generate {
        /// What to generate
        #[arg(value_enum)]
        kind: Generate,
    },
}

/// `exec`: the command, and how it may run.
#[derive(Debug, Args)]
pub struct ExecArgs {
    /// The command.
    #[command(flatten)]
    pub target: Target,

    /// Run it uncontained: asks the person even where it would run
    /// contained; once approved it runs as it is
    #[arg(long)]
    pub uncontained: bool,

    /// A token from askrisky's hook: the line was decided there, and runs
    /// contained without being decided again (a token that does not verify
    /// is ignored)
    #[arg(long, value_name = "TOKEN", hide = true)]
    pub contained: Option<String>,
}

/// The command to decide on: `-c LINE` or `-- CMD ARGS…`.
#[derive(Debug, Args)]
pub struct Target {
    /// A shell command line
    #[arg(
        short = 'c',
        value_name = "LINE",
        conflicts_with = "argv",
        required_unless_present = "argv"
    )]
    pub line: Option<String>,

    /// A program and its arguments (after `--`). A first word that starts
    /// with `-` must come after `--`: a mistyped flag of askrisky's is an
    /// error, never the program to run.
    #[arg(value_name = "CMD", trailing_var_arg = true, num_args = 1..)]
    pub argv: Vec<OsString>,
}

/// A `--shell` value: a syntax's name, or the path of a program that
/// exists. Anything else is a usage error, not a silent "unknown".
fn shell_name(value: &str) -> Result<String, String> {
    if crate::parse::Syntax::from_name(value).is_some() || std::path::Path::new(value).is_file() {
        return Ok(value.to_owned());
    }
    let names: Vec<&str> = crate::parse::Syntax::ALL.iter().map(|s| s.name()).collect();
    Err(format!(
        "not a shell askrisky knows: give one of {}, or the path of a shell",
        names.join(", ")
    ))
}

/// Shells `init` supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InitShell {
    /// bash (4.4 or newer)
    Bash,
    /// zsh
    Zsh,
    /// fish
    Fish,
}

/// Shells `completions` writes for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CompletionShell {
    /// bash (with the bash-completion package)
    Bash,
    /// zsh
    Zsh,
    /// fish
    Fish,
}

impl From<CompletionShell> for Generate {
    fn from(s: CompletionShell) -> Self {
        match s {
            CompletionShell::Bash => Self::CompleteBash,
            CompletionShell::Zsh => Self::CompleteZsh,
            CompletionShell::Fish => Self::CompleteFish,
        }
    }
}

/// `shims` subcommands.
#[derive(Debug, Subcommand)]
pub enum ShimsCommand {
    /// Write the `sh`, `bash` and (where zsh is installed) `zsh` shims into
    /// DIR; put DIR first on PATH, and point SHELL at one for agents that run
    /// `$SHELL -c`
    Install {
        /// Folder for the shims
        dir: std::path::PathBuf,
    },
}

/// `session` subcommands.
#[derive(Debug, Subcommand)]
pub enum SessionCommand {
    /// Start a new session and make it the current one (ending the approvals of the one before)
    New,
    /// List sessions, newest first
    List,
    /// Show a session's records and approvals (default: the current one)
    Show {
        /// AGENT/ID or ID
        id: Option<String>,
    },
    /// Make a session the current one
    Use {
        /// AGENT/ID or ID
        id: String,
    },
}

/// `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Print the decision as JSON (schema version 1; see docs/reference.md)
    #[arg(long)]
    pub json: bool,

    /// Print the exact request the reviewer would be sent, and nothing else
    #[arg(long, conflicts_with = "json")]
    pub show_prompt: bool,

    /// The shell that would run the `-c` line: a path or a name (bash,
    /// dash, sh, zsh, fish, bash-or-zsh, unknown); default: the configured
    /// `shell`, as `exec -c` runs it
    #[arg(long, value_name = "SHELL", requires = "line", value_parser = shell_name)]
    pub shell: Option<String>,

    /// What to decide on
    #[command(flatten)]
    pub target: Target,
}

/// `eval`.
#[derive(Debug, Args)]
pub struct EvalArgs {
    /// Case files (JSONL)
    #[arg(required = true, value_name = "CORPUS.jsonl")]
    pub corpus: Vec<std::path::PathBuf>,

    /// Print the report as JSON
    #[arg(long)]
    pub json: bool,

    /// Run at most N cases
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,

    /// Run N cases at once
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub jobs: usize,
}

/// `rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Print the rules as JSON
    #[arg(long)]
    pub json: bool,
}

/// `log`.
#[derive(Debug, Args)]
pub struct LogArgs {
    /// Print the raw JSONL records
    #[arg(long)]
    pub json: bool,

    /// How many of the latest records to show
    #[arg(short = 'n', long = "lines", value_name = "N", default_value_t = 20)]
    pub lines: usize,

    /// Keep printing records as they are appended
    #[arg(short, long)]
    pub follow: bool,

    /// Check the log's chain of seals and name the first record that was
    /// changed, removed or put in (exit 1 then)
    #[arg(long, conflicts_with_all = ["follow", "json"])]
    pub verify: bool,
}

/// `report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Where to start: a span back from now (7d, 12h, 30m, 2w), a date
    /// (2026-11-01), a UTC time (2026-11-01T08:00:00Z), or all
    #[arg(long, value_name = "WHEN", default_value = "7d")]
    pub since: String,

    /// Print the report as JSON
    #[arg(long, conflicts_with = "html")]
    pub json: bool,

    /// Write the report as a self-contained HTML page to FILE
    #[arg(long, value_name = "FILE")]
    pub html: Option<std::path::PathBuf>,
}

/// `suggest`.
#[derive(Debug, Args)]
pub struct SuggestArgs {
    /// Propose only what you approved at least N times
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub min: u32,

    /// Also offer lines in the danger set, each only with your yes on the terminal
    #[arg(long)]
    pub include_danger: bool,
}

/// What `generate` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Generate {
    /// bash completions
    CompleteBash,
    /// zsh completions
    CompleteZsh,
    /// fish completions
    CompleteFish,
    /// The man page (roff)
    Man,
}

/// The clap command, for completions, the man page and tests.
pub fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}

/// Renders generated files: completions for each shell and the man page.
pub fn generate(kind: Generate) -> Vec<u8> {
    let mut cmd = command();
    let mut out = Vec::new();
    match kind {
        Generate::CompleteBash => {
            clap_complete::generate(clap_complete::Shell::Bash, &mut cmd, "askrisky", &mut out)
        }
        Generate::CompleteZsh => {
            clap_complete::generate(clap_complete::Shell::Zsh, &mut cmd, "askrisky", &mut out)
        }
        Generate::CompleteFish => {
            clap_complete::generate(clap_complete::Shell::Fish, &mut cmd, "askrisky", &mut out);
            out.extend_from_slice(fish_values(&command()).as_bytes());
        }
        Generate::Man => out = super::manual::render(cmd),
    }
    out
}

/// fish lines that complete the values of positional arguments with a
/// fixed set of them (agent names after `install`, `uninstall` and
/// `hook`; shells after `init` and `completions`), which clap's fish
/// script leaves to file names. The values come from the same
/// definitions as the parser's, so a new agent completes as soon as it
/// parses.
fn fish_values(cmd: &clap::Command) -> String {
    let mut out = String::new();
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        fish_values_of(&[sub.get_name()], sub, &mut out);
    }
    out
}

fn fish_values_of(path: &[&str], cmd: &clap::Command, out: &mut String) {
    let quote = |s: &str| s.replace('\\', "\\\\").replace('\'', "\\'");
    for arg in cmd.get_positionals().filter(|a| !a.is_hide_set()) {
        let values: Vec<_> = arg
            .get_possible_values()
            .into_iter()
            .filter(|v| !v.is_hide_set())
            .collect();
        let Some((top, rest)) = path.split_first() else {
            return;
        };
        if values.is_empty() {
            continue;
        }
        let mut cond = format!("__fish_askrisky_using_subcommand {top}");
        for r in rest {
            cond.push_str(&format!("; and __fish_seen_subcommand_from {r}"));
        }
        let names: Vec<&str> = values.iter().map(|v| v.get_name()).collect();
        cond.push_str(&format!(
            "; and not __fish_seen_subcommand_from {}",
            names.join(" ")
        ));
        let items: Vec<String> = values
            .iter()
            .map(|v| match v.get_help() {
                Some(h) => format!("{}\\t'{}'", v.get_name(), quote(&h.to_string())),
                None => v.get_name().to_owned(),
            })
            .collect();
        out.push_str(&format!(
            "complete -c askrisky -n \"{cond}\" -f -a \"{}\"\n",
            items.join("\n")
        ));
    }
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let mut p = path.to_vec();
        p.push(sub.get_name());
        fish_values_of(&p, sub, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_names_match_the_library() {
        for m in ModeArg::value_variants() {
            let name = m.to_possible_value().map(|v| v.get_name().to_owned());
            assert_eq!(name.as_deref(), Some(Mode::from(*m).as_str()));
        }
        for a in Agent::value_variants() {
            let name = a.to_possible_value().map(|v| v.get_name().to_owned());
            assert_eq!(name.as_deref(), Some(a.name()));
        }
    }

    #[test]
    fn definitions_are_consistent() {
        command().debug_assert();
    }

    #[test]
    fn exec_forms() {
        let cli = Cli::try_parse_from(["askrisky", "exec", "--", "rm", "-rf", "x"])
            .unwrap_or_else(|e| panic!("{e}"));
        let Command::Exec(t) = cli.command else {
            panic!("not exec")
        };
        assert_eq!(t.target.argv, ["rm", "-rf", "x"]);
        let cli = Cli::try_parse_from(["askrisky", "--mode", "ask", "exec", "-c", "ls -la"])
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(cli.mode.map(Mode::from), Some(Mode::Ask));
        let Command::Exec(t) = cli.command else {
            panic!("not exec")
        };
        assert_eq!(t.target.line.as_deref(), Some("ls -la"));
        assert!(Cli::try_parse_from(["askrisky", "exec"]).is_err());
        assert!(Cli::try_parse_from(["askrisky", "exec", "-c", "ls", "--", "ls"]).is_err());
        // Flags after the program belong to the program.
        let cli = Cli::try_parse_from(["askrisky", "exec", "ls", "--mode", "x"])
            .unwrap_or_else(|e| panic!("{e}"));
        let Command::Exec(t) = cli.command else {
            panic!("not exec")
        };
        assert_eq!(t.target.argv, ["ls", "--mode", "x"]);
        // A mistyped flag is an error, never the program; after `--`, a
        // program whose name starts with `-` is still possible.
        for bad in [
            &["askrisky", "exec", "--quiet", "--", "ls"][..],
            &["askrisky", "check", "--jsn", "-c", "ls"],
            &["askrisky", "exec", "-x", "ls"],
            &["askrisky", "check", "--shell", "nosuchsh", "-c", "ls"],
        ] {
            let e = Cli::try_parse_from(bad)
                .err()
                .unwrap_or_else(|| panic!("{bad:?} parsed"));
            assert_eq!(e.exit_code(), 2, "{bad:?}");
        }
        let cli = Cli::try_parse_from(["askrisky", "exec", "--", "-weird", "a"])
            .unwrap_or_else(|e| panic!("{e}"));
        let Command::Exec(t) = cli.command else {
            panic!("not exec")
        };
        assert_eq!(t.target.argv, ["-weird", "a"]);
        assert!(Cli::try_parse_from(["askrisky", "check", "--shell", "dash", "-c", "ls"]).is_ok());
        assert!(
            Cli::try_parse_from(["askrisky", "check", "--shell", "/bin/sh", "-c", "ls"]).is_ok()
        );
    }
}
