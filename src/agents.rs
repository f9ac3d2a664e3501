//! The agents askrisky plugs into: one row each, declared once, read by
//! everything that needs a fact about an agent — the hook protocols and
//! their shells (`hook`), installing and checking the hooks (`install`,
//! `doctor`), the transcripts (`session`), and the danger set: each agent's
//! settings, hook, plugin, transcript and credential files are protected,
//! and starting an agent with its hooks, plugins or approvals off asks.
//!
//! The threat that made this a table: the agent askrisky guards runs as
//! the person, and removing its own guard is one command away (`echo '{}' >
//! ~/.qwen/settings.json`). Facts kept in several hand-made lists drift —
//! an agent added to the hooks but not to the protected paths was left
//! unguarded. Here, a row is the whole agent, and tests run over every row.
//!
//! To add an agent: a row here, a protocol module in `hook/`, and tests
//! (see ARCHITECTURE.md).

use std::path::{Path, PathBuf};

/// The agents askrisky speaks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Agent {
    /// Claude Code.
    ClaudeCode,
    /// OpenAI Codex CLI.
    Codex,
    /// Gemini CLI.
    Gemini,
    /// Cursor.
    Cursor,
    /// GitHub Copilot CLI.
    Copilot,
    /// OpenCode (through a plugin askrisky writes).
    OpenCode,
    /// Pi (through an extension askrisky writes).
    Pi,
    /// Qwen Code.
    Qwen,
}

/// Where an agent keeps its user-level files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Folder {
    /// A folder under the home folder.
    Home(&'static str),
    /// The folder an environment variable names (when absolute), else
    /// one under the home folder.
    EnvOrHome(&'static str, &'static str),
    /// `$XDG_CONFIG_HOME/<name>`, else `~/.config/<name>`.
    XdgConfig(&'static str),
    /// Pi's `$PI_CODING_AGENT_DIR` (`~` and `~/…` are the home folder's),
    /// else `~/.pi/agent`.
    Pi,
}

/// How askrisky's hook sits in the agent's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `hooks.<event>` is a list of `{matcher, hooks: [{type, command}]}`
    /// groups (Claude Code, Codex, Gemini CLI, Qwen Code).
    Grouped,
    /// `hooks.<event>` is a list of hook objects, beside `"version": 1`
    /// (Cursor, Copilot CLI).
    Flat,
    /// A plugin file of askrisky's own, in the agent's language.
    Plugin,
}

/// The shell an agent runs its commands with (see `hook::shell`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shell {
    /// Always bash.
    Bash,
    /// Claude Code's resolver: `CLAUDE_CODE_SHELL`, `SHELL`, zsh or bash.
    ClaudeCode,
    /// The login shell from the passwd entry, with `-lc` (Codex).
    Login,
    /// `SHELL` unless fish or nu, else bash or `/bin/sh` (OpenCode).
    OpenCode,
    /// Not known: every shell it could be.
    Unknown,
}

/// What a row says about one agent.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// The agent.
    pub agent: Agent,
    /// Its name on askrisky's command line, in logs and in the session
    /// store.
    pub name: &'static str,
    /// Its name for people.
    pub title: &'static str,
    /// The programs that start it.
    pub programs: &'static [&'static str],
    /// Its user-level folder.
    pub folder: Folder,
    /// The file askrisky's hook is written to, in [`Row::folder`].
    pub hook_file: &'static str,
    /// How the hook sits in that file.
    pub layout: Layout,
    /// The events askrisky's hook is installed for, with their matchers.
    pub events: &'static [(&'static str, Option<&'static str>)],
    /// Events after a tool ran, with their matchers: askrisky's hook there
    /// (`hook AGENT --after`) only records, when a command askrisky handed
    /// to the agent's own prompt ran, that the person approved it there.
    /// Its answer is always empty: it can never change a decision.
    pub after: &'static [(&'static str, Option<&'static str>)],
    /// Files and folders (ending in `/`) in [`Row::folder`] whose change
    /// alters the agent's hooks, plugins or permissions.
    pub guards: &'static [&'static str],
    /// The same, as a repository holds them: paths that end a protected
    /// path wherever they are (`.claude/settings.json` in any folder).
    pub project_guards: &'static [&'static str],
    /// Folders of its session records, under the home folder: a forged
    /// record could read as the person's words.
    pub transcripts: &'static [&'static str],
    /// Whether askrisky reads those records for goals and activity.
    pub reads_transcripts: bool,
    /// Its login tokens, under the home folder.
    pub credentials: &'static [&'static str],
    /// Whether its hook protocol can hand a question to the person. Codex
    /// acts only on "deny" and OpenCode's plugin hook can only throw; "ask"
    /// there becomes a refusal that says how to approve.
    pub can_ask: bool,
    /// The shell it runs commands with.
    pub shell: Shell,
    /// Whether its hook can hand back a rewritten command to run in place
    /// of the one it was asked about: askrisky then answers "allow" with
    /// the command wrapped to run contained (see `hook::live`).
    pub rewrites: bool,
    /// Options that start it with its hooks, plugins or approvals off:
    /// `--flag` matches the flag (and `--flag=…`); `--flag value` matches
    /// only that value.
    pub unguarded: &'static [&'static str],
}

/// Every agent's row.
pub static ROWS: &[Row] = &[
    Row {
        agent: Agent::ClaudeCode,
        name: "claude-code",
        title: "Claude Code",
        programs: &["claude"],
        folder: Folder::Home(".claude"),
        hook_file: "settings.json",
        layout: Layout::Grouped,
        events: &[
            ("PreToolUse", Some("Bash|Write|Edit|MultiEdit|NotebookEdit")),
            ("UserPromptSubmit", None),
            ("SessionStart", Some("resume|compact")),
        ],
        after: &[("PostToolUse", Some("Bash"))],
        guards: &[
            "settings.json",
            "settings.local.json",
            "hooks/",
            "plugins/",
            "managed-settings.json",
            // The person's own instructions, read into every session:
            // text written there steers every later one.
            "CLAUDE.md",
            // Slash commands, subagents, skills and output styles: prompts
            // (skills with scripts) the agent follows when they are named,
            // in every project.
            "commands/",
            "agents/",
            "skills/",
            "output-styles/",
        ],
        project_guards: &[
            ".claude/settings.json",
            ".claude/settings.local.json",
            ".claude.json",
            // MCP servers are programs the agent starts.
            ".mcp.json",
            ".claude/hooks/",
            ".claude/plugins/",
        ],
        transcripts: &[".claude/projects/"],
        reads_transcripts: true,
        credentials: &[".claude/.credentials.json"],
        can_ask: true,
        shell: Shell::ClaudeCode,
        rewrites: true,
        unguarded: &[
            "--dangerously-skip-permissions",
            "--allow-dangerously-skip-permissions",
            "--permission-mode bypassPermissions",
            "--setting-sources",
            "--settings",
        ],
    },
    Row {
        agent: Agent::Codex,
        name: "codex",
        title: "OpenAI Codex CLI",
        programs: &["codex"],
        folder: Folder::EnvOrHome("CODEX_HOME", ".codex"),
        hook_file: "hooks.json",
        layout: Layout::Grouped,
        events: &[
            ("PreToolUse", Some("Bash")),
            ("UserPromptSubmit", None),
            ("SessionStart", Some("resume")),
        ],
        after: &[],
        // `prompts/`: the person's saved prompts, run as slash commands.
        guards: &[
            "config.toml",
            "hooks.json",
            "AGENTS.md",
            "prompts/",
            "skills/",
        ],
        project_guards: &[".codex/config.toml", ".codex/hooks.json"],
        transcripts: &[".codex/sessions/", ".codex/archived_sessions/"],
        reads_transcripts: true,
        credentials: &[".codex/auth.json"],
        can_ask: false,
        shell: Shell::Login,
        rewrites: false,
        unguarded: &[
            "--dangerously-bypass-approvals-and-sandbox",
            "--yolo",
            "--ask-for-approval never",
            "-a never",
        ],
    },
    Row {
        agent: Agent::Gemini,
        name: "gemini",
        title: "Gemini CLI",
        programs: &["gemini"],
        folder: Folder::Home(".gemini"),
        hook_file: "settings.json",
        layout: Layout::Grouped,
        events: &[
            ("BeforeTool", Some("run_shell_command")),
            ("BeforeAgent", None),
            ("SessionStart", Some("resume")),
        ],
        after: &[],
        // `commands/`: the person's custom slash commands.
        guards: &["settings.json", "extensions/", "GEMINI.md", "commands/"],
        project_guards: &[".gemini/settings.json", ".gemini/extensions/"],
        transcripts: &[".gemini/tmp/"],
        reads_transcripts: true,
        credentials: &[".gemini/oauth_creds.json"],
        can_ask: true,
        shell: Shell::Bash,
        rewrites: false,
        unguarded: &[
            "--yolo",
            "-y",
            "--approval-mode yolo",
            "--extensions none",
            "-e none",
        ],
    },
    Row {
        agent: Agent::Cursor,
        name: "cursor",
        title: "Cursor",
        programs: &["cursor", "cursor-agent"],
        folder: Folder::Home(".cursor"),
        hook_file: "hooks.json",
        layout: Layout::Flat,
        events: &[("beforeShellExecution", None), ("beforeSubmitPrompt", None)],
        after: &[],
        guards: &["hooks.json", "cli-config.json", "mcp.json"],
        project_guards: &[".cursor/hooks.json", ".cursor/cli.json", ".cursor/mcp.json"],
        transcripts: &[".cursor/chats/"],
        reads_transcripts: false,
        credentials: &[],
        can_ask: true,
        shell: Shell::Unknown,
        rewrites: false,
        unguarded: &["--force", "-f", "--yolo"],
    },
    Row {
        agent: Agent::Copilot,
        name: "copilot",
        title: "GitHub Copilot CLI",
        programs: &["copilot"],
        folder: Folder::Home(".copilot"),
        // A file of askrisky's own in Copilot CLI's hooks folder.
        hook_file: "hooks/askrisky.json",
        layout: Layout::Flat,
        events: &[("preToolUse", None), ("userPromptSubmitted", None)],
        after: &[],
        guards: &["hooks/", "config.json", "mcp-config.json"],
        project_guards: &[
            ".github/hooks/",
            ".copilot/hooks/",
            ".copilot/mcp-config.json",
        ],
        transcripts: &[".copilot/session-state/"],
        reads_transcripts: false,
        credentials: &[
            ".config/github-copilot/hosts.json",
            ".config/github-copilot/apps.json",
        ],
        can_ask: true,
        shell: Shell::Bash,
        rewrites: false,
        unguarded: &["--allow-all-tools", "--allow-all", "--yolo"],
    },
    Row {
        agent: Agent::OpenCode,
        name: "opencode",
        title: "OpenCode",
        programs: &["opencode"],
        folder: Folder::XdgConfig("opencode"),
        hook_file: "plugins/askrisky.js",
        layout: Layout::Plugin,
        events: &[],
        after: &[],
        guards: &[
            "plugins/",
            "plugin/",
            "opencode.json",
            "opencode.jsonc",
            "config.json",
        ],
        project_guards: &[
            ".opencode/plugins/",
            ".opencode/plugin/",
            "opencode.json",
            "opencode.jsonc",
        ],
        transcripts: &[".local/share/opencode/storage/"],
        reads_transcripts: false,
        credentials: &[".local/share/opencode/auth.json"],
        can_ask: false,
        shell: Shell::OpenCode,
        rewrites: false,
        unguarded: &["--pure", "--dangerously-skip-permissions"],
    },
    Row {
        agent: Agent::Pi,
        name: "pi",
        title: "Pi",
        programs: &["pi"],
        folder: Folder::Pi,
        hook_file: "extensions/askrisky.ts",
        layout: Layout::Plugin,
        events: &[],
        after: &[],
        guards: &["extensions/", "settings.json"],
        project_guards: &[".pi/extensions/", ".pi/settings.json"],
        transcripts: &[".pi/agent/sessions/"],
        reads_transcripts: false,
        credentials: &[".pi/agent/auth.json"],
        can_ask: true,
        shell: Shell::Unknown,
        rewrites: false,
        unguarded: &["--no-extensions", "-ne"],
    },
    Row {
        agent: Agent::Qwen,
        name: "qwen",
        title: "Qwen Code",
        programs: &["qwen"],
        folder: Folder::Home(".qwen"),
        hook_file: "settings.json",
        layout: Layout::Grouped,
        events: &[
            ("PreToolUse", Some("^run_shell_command$")),
            ("UserPromptSubmit", None),
            ("SessionStart", Some("resume|compact")),
        ],
        after: &[],
        guards: &["settings.json", "extensions/"],
        project_guards: &[".qwen/settings.json", ".qwen/extensions/"],
        transcripts: &[".qwen/tmp/", ".qwen/projects/"],
        reads_transcripts: false,
        credentials: &[".qwen/oauth_creds.json"],
        can_ask: true,
        shell: Shell::Bash,
        rewrites: false,
        unguarded: &["--yolo", "-y", "--approval-mode yolo", "--extensions none"],
    },
];

impl Agent {
    /// Every agent.
    pub const ALL: [Self; 8] = [
        Self::ClaudeCode,
        Self::Codex,
        Self::Gemini,
        Self::Cursor,
        Self::Copilot,
        Self::OpenCode,
        Self::Pi,
        Self::Qwen,
    ];

    /// The agent's row.
    pub fn row(self) -> &'static Row {
        // Every agent has a row: a test holds it, so this never falls back.
        ROWS.iter().find(|r| r.agent == self).unwrap_or(&ROWS[0])
    }

    /// The agent named `name` on the command line.
    pub fn named(name: &str) -> Option<Self> {
        ROWS.iter().find(|r| r.name == name).map(|r| r.agent)
    }

    /// The name used on the command line, in logs and as the session store
    /// namespace.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// Whether the agent's hook protocol can hand a decision to the person
    /// at all (see [`Row::can_ask`]). Whether a person is there to answer
    /// is the hook surface's question.
    pub fn can_ask(self) -> bool {
        self.row().can_ask
    }

    /// The agent's user-level folder, for `home` and the environment `env`
    /// gives.
    pub fn folder(self, home: &Path, env: &dyn Fn(&str) -> Option<String>) -> PathBuf {
        let absolute = |v: Option<String>| v.map(PathBuf::from).filter(|p| p.is_absolute());
        match self.row().folder {
            Folder::Home(rel) => home.join(rel),
            Folder::EnvOrHome(var, rel) => absolute(env(var)).unwrap_or_else(|| home.join(rel)),
            Folder::XdgConfig(name) => absolute(env("XDG_CONFIG_HOME"))
                .unwrap_or_else(|| home.join(".config"))
                .join(name),
            Folder::Pi => pi_folder(home, env("PI_CODING_AGENT_DIR"))
                .unwrap_or_else(|| home.join(".pi/agent")),
        }
    }

    /// The agent's folder when no variable moves it.
    pub fn default_folder(self, home: &Path) -> PathBuf {
        self.folder(home, &|_| None)
    }

    /// The file askrisky's hook is written to.
    pub fn hook_path(self, home: &Path, env: &dyn Fn(&str) -> Option<String>) -> PathBuf {
        self.folder(home, env).join(self.row().hook_file)
    }
}

/// Pi's folder as Pi reads `$PI_CODING_AGENT_DIR`.
fn pi_folder(home: &Path, var: Option<String>) -> Option<PathBuf> {
    let s = var?;
    if s == "~" {
        return Some(home.to_path_buf());
    }
    if let Some(rest) = s.strip_prefix("~/") {
        return Some(home.join(rest));
    }
    Some(PathBuf::from(s)).filter(|p| p.is_absolute())
}

/// What a protected agent path is, for the reason the person reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Settings, hooks, plugins or permissions.
    Guard,
    /// Session records.
    Transcript,
}

/// The guarded files of every agent whose folder the environment moves
/// away from its default (`CODEX_HOME=/opt/cx`), absolute, with a
/// trailing `/` for a folder. Those in the default folders are known
/// wherever they are (see [`protects`]).
pub fn moved_guards(home: &Path, env: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let mut out = Vec::new();
    for row in ROWS {
        let folder = row.agent.folder(home, env);
        if folder == row.agent.default_folder(home) {
            continue;
        }
        for g in row.guards {
            out.push(format!(
                "{}/{g}",
                folder.to_string_lossy().trim_end_matches('/')
            ));
        }
    }
    out
}

/// Relative patterns that make a path an agent's wherever it is: each
/// agent's guards in its default folder and in a repository, and its
/// session records, in the order of [`ROWS`].
static ANYWHERE: std::sync::LazyLock<Vec<(String, Kind)>> = std::sync::LazyLock::new(|| {
    let mut out = Vec::new();
    for row in ROWS {
        let default = match row.folder {
            Folder::Home(rel) | Folder::EnvOrHome(_, rel) => rel.to_owned(),
            Folder::XdgConfig(name) => format!(".config/{name}"),
            Folder::Pi => ".pi/agent".to_owned(),
        };
        for g in row.guards {
            out.push((format!("{default}/{g}"), Kind::Guard));
            // Where case folds a path is compared folded (`CLAUDE.md`).
            if g.bytes().any(|b| b.is_ascii_uppercase()) {
                out.push((format!("{default}/{}", g.to_ascii_lowercase()), Kind::Guard));
            }
        }
        for g in row.project_guards {
            out.push(((*g).to_owned(), Kind::Guard));
        }
        for t in row.transcripts {
            out.push(((*t).to_owned(), Kind::Transcript));
        }
    }
    out
});

/// Every part of the paths that make a path an agent's (`.claude`,
/// `settings.json`): the names a shell pattern is tried as.
pub fn pattern_parts() -> impl Iterator<Item = &'static str> {
    ANYWHERE
        .iter()
        .flat_map(|(p, _)| p.split('/').filter(|s| !s.is_empty()))
}

/// [`ANYWHERE`] indexed by the one part a path must have for a pattern
/// to match: a file pattern's last part (the path's last part), a folder
/// pattern's first (any part of the path). Each entry is the pattern's
/// place in `ANYWHERE`, so the first that matches still decides.
type Index = std::collections::HashMap<&'static str, Vec<usize>>;
static ANYWHERE_INDEX: std::sync::LazyLock<(Index, Index)> = std::sync::LazyLock::new(|| {
    let (mut files, mut folders) = (Index::new(), Index::new());
    for (i, (pattern, _)) in ANYWHERE.iter().enumerate() {
        let mut parts = pattern.split('/').filter(|p| !p.is_empty());
        if pattern.ends_with('/') {
            if let Some(first) = parts.next() {
                folders.entry(first).or_default().push(i);
            }
        } else if let Some(last) = parts.next_back() {
            files.entry(last).or_default().push(i);
        }
    }
    (files, folders)
});

/// The first bytes of the keys of [`ANYWHERE_INDEX`]: files', folders'.
static INDEX_FIRST_BYTES: std::sync::LazyLock<([bool; 256], [bool; 256])> =
    std::sync::LazyLock::new(|| {
        let starts = |index: &Index| {
            let mut table = [false; 256];
            for key in index.keys() {
                if let Some(b) = key.as_bytes().first() {
                    table[usize::from(*b)] = true;
                }
            }
            table
        };
        let (files, folders) = &*ANYWHERE_INDEX;
        (starts(files), starts(folders))
    });

/// What a path is to an agent, from its components (resolved, absolute):
/// a guard (settings, hooks, plugins, permissions) or a session record.
///
/// Asked of every word that may name a file: only the patterns the
/// index points at are compared.
pub fn protects(parts: &[&str]) -> Option<Kind> {
    let (files, folders) = &*ANYWHERE_INDEX;
    let (file_starts, folder_starts) = &*INDEX_FIRST_BYTES;
    // A part whose first byte starts no key is not looked up (`home`,
    // `src`): hashing costs more than the rest of most calls.
    let may = |starts: &[bool; 256], part: &str| {
        part.as_bytes()
            .first()
            .is_some_and(|b| starts[usize::from(*b)])
    };
    let by_name = parts
        .last()
        .filter(|last| may(file_starts, last))
        .and_then(|last| files.get(last));
    let by_folder = parts
        .iter()
        .filter(|p| may(folder_starts, p))
        .filter_map(|p| folders.get(p));
    by_name
        .into_iter()
        .chain(by_folder)
        .flatten()
        .filter(|&&i| ends_with_pattern(parts, &ANYWHERE[i].0))
        .min()
        .map(|&i| ANYWHERE[i].1)
}

/// The environment of this process, for [`Agent::folder`].
pub fn process_env(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

/// Whether `path` (resolved, absolute) is `pattern` or, for a pattern
/// ending in `/`, below it.
pub fn path_matches(path: &str, pattern: &str) -> bool {
    match pattern.strip_suffix('/') {
        Some(folder) => {
            path == folder
                || path
                    .strip_prefix(folder)
                    .is_some_and(|rest| rest.starts_with('/'))
        }
        None => path == pattern,
    }
}

/// Whether the components of `path` end with the components of a
/// relative `pattern`, or, for a pattern ending in `/`, hold them with
/// anything below (`.claude/settings.json` in any folder).
///
/// Asked of every word that may name a file, against every agent's
/// patterns: it allocates nothing, and a file pattern compares from the
/// last part, where paths differ first.
pub fn ends_with_pattern(parts: &[&str], pattern: &str) -> bool {
    let want = || pattern.split('/').filter(|p| !p.is_empty());
    let n = want().count();
    if n == 0 || parts.len() < n {
        return false;
    }
    if pattern.ends_with('/') {
        parts.windows(n).any(|w| w.iter().copied().eq(want()))
    } else {
        // n parts at most, so zip compares the pattern whole.
        parts
            .iter()
            .rev()
            .zip(pattern.rsplit('/').filter(|p| !p.is_empty()))
            .all(|(a, b)| *a == b)
    }
}

/// Whether `args` (a command's arguments after the program) start the
/// agent of `row` unguarded: the unguarded option found, and which.
pub fn unguarded_option(row: &Row, args: &[&str]) -> Option<&'static str> {
    for &opt in row.unguarded {
        let (flag, value) = match opt.split_once(' ') {
            Some((f, v)) => (f, Some(v)),
            None => (opt, None),
        };
        for (i, a) in args.iter().enumerate() {
            let (name, inline) = match a.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n, Some(v)),
                _ => (*a, None),
            };
            if name != flag {
                continue;
            }
            let given = inline.or_else(|| args.get(i + 1).copied());
            if value.is_none_or(|v| given.is_some_and(|g| g.eq_ignore_ascii_case(v))) {
                return Some(opt);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_agent_has_one_row_and_names_are_unique() {
        for a in Agent::ALL {
            assert_eq!(ROWS.iter().filter(|r| r.agent == a).count(), 1, "{a:?}");
            assert_eq!(a.row().agent, a);
            assert_eq!(Agent::named(a.name()), Some(a));
        }
        assert_eq!(ROWS.len(), Agent::ALL.len());
        let mut names: Vec<_> = ROWS.iter().map(|r| r.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ROWS.len());
    }

    #[test]
    fn a_rows_facts_are_consistent() {
        for r in ROWS {
            // The hook file is one of the guarded ones.
            assert!(
                r.guards.iter().any(|g| path_matches(r.hook_file, g)
                    || r.hook_file.starts_with(g.trim_end_matches('/'))),
                "{}: {} not guarded",
                r.name,
                r.hook_file
            );
            // Command hooks need events; plugins handle their own.
            assert_eq!(
                r.layout == Layout::Plugin,
                r.events.is_empty(),
                "{}",
                r.name
            );
            assert!(
                !r.programs.is_empty() && !r.unguarded.is_empty(),
                "{}",
                r.name
            );
            for p in r.transcripts.iter().chain(r.guards) {
                assert!(!p.starts_with('/'), "{}: {p}", r.name);
            }
        }
    }

    #[test]
    fn folders_follow_the_environment() {
        let home = Path::new("/home/u");
        let env = |k: &str| match k {
            "CODEX_HOME" => Some("/opt/cx".to_owned()),
            "XDG_CONFIG_HOME" => Some("relative/ignored".to_owned()),
            "PI_CODING_AGENT_DIR" => Some("~/pi".to_owned()),
            _ => None,
        };
        assert_eq!(
            Agent::Codex.hook_path(home, &env),
            Path::new("/opt/cx/hooks.json")
        );
        assert_eq!(
            Agent::OpenCode.hook_path(home, &env),
            Path::new("/home/u/.config/opencode/plugins/askrisky.js")
        );
        assert_eq!(
            Agent::Pi.hook_path(home, &env),
            Path::new("/home/u/pi/extensions/askrisky.ts")
        );
        assert_eq!(
            Agent::Copilot.hook_path(home, &|_| None),
            Path::new("/home/u/.copilot/hooks/askrisky.json")
        );
        // The moved folder is protected by path, the default one anywhere.
        let moved = moved_guards(home, &env);
        assert!(moved.iter().any(|p| p == "/opt/cx/hooks.json"), "{moved:?}");
        assert!(
            moved.iter().any(|p| p == "/home/u/pi/extensions/"),
            "{moved:?}"
        );
        assert!(!moved.iter().any(|p| p.contains(".claude")), "{moved:?}");
        let parts = |p: &'static str| p.split('/').filter(|s| !s.is_empty()).collect::<Vec<_>>();
        assert_eq!(
            protects(&parts("/home/u/.codex/hooks.json")),
            Some(Kind::Guard)
        );
        assert_eq!(
            protects(&parts("/root/.codex/sessions/2026/r.jsonl")),
            Some(Kind::Transcript)
        );
        assert_eq!(protects(&parts("/home/u/.codex/notes.md")), None);
    }

    /// The index finds what comparing every pattern in order finds: each
    /// pattern as a path, below a home, in a project, with a file below
    /// it, cut short, and with a part changed.
    #[test]
    fn the_index_answers_as_every_pattern_would() {
        let every = |parts: &[&str]| {
            ANYWHERE
                .iter()
                .find(|(p, _)| ends_with_pattern(parts, p))
                .map(|(_, k)| *k)
        };
        let mut paths = vec!["/".to_owned(), "/home/u".to_owned()];
        for (pattern, _) in ANYWHERE.iter() {
            let bare = pattern.trim_end_matches('/');
            for prefix in ["/", "/home/u/", "/home/u/p/x/"] {
                paths.push(format!("{prefix}{bare}"));
                paths.push(format!("{prefix}{bare}/a/b.json"));
                paths.push(format!("{prefix}{bare}x"));
                if let Some((head, _)) = bare.rsplit_once('/') {
                    paths.push(format!("{prefix}{head}"));
                    paths.push(format!("{prefix}{head}/other"));
                }
                if let Some((_, tail)) = bare.split_once('/') {
                    paths.push(format!("{prefix}zz/{tail}"));
                }
            }
        }
        let mut found = 0;
        for path in &paths {
            let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
            assert_eq!(protects(&parts), every(&parts), "{path}");
            found += usize::from(every(&parts).is_some());
        }
        assert!(found > ANYWHERE.len(), "{found} of {}", paths.len());
    }

    #[test]
    fn patterns() {
        assert!(path_matches("/h/.claude/hooks/x.sh", "/h/.claude/hooks/"));
        assert!(path_matches("/h/.claude/hooks", "/h/.claude/hooks/"));
        assert!(!path_matches("/h/.claude/hooksx", "/h/.claude/hooks/"));
        assert!(path_matches(
            "/h/.claude/settings.json",
            "/h/.claude/settings.json"
        ));
        assert!(!path_matches(
            "/h/.claude/settings.json.bak",
            "/h/.claude/settings.json"
        ));
        let parts = |p: &'static str| p.split('/').filter(|s| !s.is_empty()).collect::<Vec<_>>();
        assert!(ends_with_pattern(
            &parts("/x/p/.claude/settings.json"),
            ".claude/settings.json"
        ));
        assert!(!ends_with_pattern(
            &parts("/x/p/claude/settings.json"),
            ".claude/settings.json"
        ));
        assert!(ends_with_pattern(
            &parts("/p/.github/hooks/a/b.json"),
            ".github/hooks/"
        ));
        assert!(!ends_with_pattern(
            &parts("/p/.github/workflows/ci.yml"),
            ".github/hooks/"
        ));
    }

    #[test]
    fn unguarded_options() {
        let row = |a: Agent| a.row();
        let hit = |a: Agent, args: &[&str]| unguarded_option(row(a), args);
        assert_eq!(
            hit(
                Agent::ClaudeCode,
                &["--setting-sources", "project", "-p", "x"]
            ),
            Some("--setting-sources")
        );
        assert_eq!(
            hit(Agent::ClaudeCode, &["--permission-mode=bypassPermissions"]),
            Some("--permission-mode bypassPermissions")
        );
        assert_eq!(hit(Agent::ClaudeCode, &["--permission-mode", "plan"]), None);
        assert_eq!(
            hit(Agent::Gemini, &["--extensions", "none"]),
            Some("--extensions none")
        );
        assert_eq!(hit(Agent::Gemini, &["--extensions", "mine"]), None);
        assert_eq!(
            hit(Agent::Codex, &["-a", "never", "exec", "x"]),
            Some("-a never")
        );
        assert_eq!(hit(Agent::Codex, &["-a", "on-request"]), None);
        assert_eq!(
            hit(Agent::OpenCode, &["--pure", "run", "x"]),
            Some("--pure")
        );
        assert_eq!(
            hit(Agent::Pi, &["--no-extensions"]),
            Some("--no-extensions")
        );
        assert_eq!(hit(Agent::Pi, &["-p", "hello"]), None);
    }
}
