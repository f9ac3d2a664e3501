//! Config: user file + project file + environment + flags ─► Settings.
//!
//! The threat here is an agent, or a repository it cloned, loosening its own
//! guard. So only the person's own config file
//! (`$XDG_CONFIG_HOME/askrisky/config.toml`) may loosen: a mode below `ask`,
//! allow rules, the reviewer, the shell. A project's `.askrisky.toml`, the
//! `ASKRISKY_*` environment and command-line flags can only tighten: a
//! stricter mode, more danger rules, no prompting. The effective mode is the
//! strictest of all of them. A config file that cannot be read or parsed,
//! that others could have written, or that holds a mistake which parses but
//! would not do what it says (see `validate`), is reported with its file,
//! line and fix, and askrisky behaves as `ask`.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::danger::ExtraRule;
pub use crate::policy::Mode;
use crate::review::ReviewerConfig;

/// Name of the project file, found by walking up from the working folder.
pub const PROJECT_FILE: &str = ".askrisky.toml";

/// Where a setting came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum Source {
    /// Built-in default.
    Default,
    /// The person's config file.
    User(PathBuf),
    /// A repository's `.askrisky.toml`.
    Project(PathBuf),
    /// An environment variable.
    Env(String),
    /// A command-line flag.
    Flag(String),
    /// A config file could not be used, so askrisky fell back to `ask`.
    ConfigError,
    /// A child of a command the person or the policy approved (see
    /// `token::nested`): only the blocked tier and the danger set stop it.
    Nested,
    /// A line the person typed at their own guarded shell: their explicit
    /// request, so only the blocked tier and the danger set stop it.
    Typed,
    /// An agent's own file tool: askrisky judges only protected paths.
    FileTool,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Default => f.write_str("default"),
            Self::User(p) => write!(f, "user config {}", p.display()),
            Self::Project(p) => write!(f, "project file {}", p.display()),
            Self::Env(v) => write!(f, "environment {v}"),
            Self::Flag(v) => write!(f, "flag {v}"),
            Self::ConfigError => f.write_str("config error (falls back to ask)"),
            Self::Nested => f.write_str("inside an approved command"),
            Self::Typed => f.write_str("typed at the person's own shell"),
            Self::FileTool => {
                f.write_str("an agent's file tool (only protected paths are checked)")
            }
        }
    }
}

impl Source {
    /// Why nobody is asked, when this source set "no prompt".
    pub fn why_no_prompt(&self) -> String {
        match self {
            Self::Flag(f) => format!("{f} was given"),
            Self::Env(v) => format!("{v} is set"),
            other => other.to_string(),
        }
    }
}

/// A value with where it came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sourced<T> {
    /// The value.
    pub value: T,
    /// Its source.
    pub source: Source,
}

/// A config that cannot be used as it is: a mistake in a file (with its
/// line, and column where known), a file that cannot be trusted, or a mode
/// in the environment that is not one. Each says how to fix it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.render())]
pub struct ConfigError {
    /// The file, when the mistake is in one.
    pub file: Option<PathBuf>,
    /// Its line (1-based), when known.
    pub line: Option<usize>,
    /// Its column (1-based), when known.
    pub column: Option<usize>,
    /// What is wrong, in one line.
    pub message: String,
    /// How to fix it, when there is more to say than the message does.
    pub fix: Option<String>,
}

impl Serialize for ConfigError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl ConfigError {
    /// A mistake in `file`, at `line` when known.
    pub fn at(file: &Path, line: Option<usize>, message: impl Into<String>) -> Self {
        Self {
            file: Some(file.to_path_buf()),
            line,
            column: None,
            message: message.into(),
            fix: None,
        }
    }

    /// A problem with `file` as a whole (it cannot be read or trusted).
    pub fn file(file: &Path, message: impl Into<String>) -> Self {
        Self::at(file, None, message)
    }

    /// A problem that is in no file (the environment).
    pub fn outside(message: impl Into<String>) -> Self {
        Self {
            file: None,
            line: None,
            column: None,
            message: message.into(),
            fix: None,
        }
    }

    /// With how to fix it.
    #[must_use]
    pub fn fix(mut self, fix: impl Into<String>) -> Self {
        self.fix = Some(fix.into());
        self
    }

    fn render(&self) -> String {
        let mut out = String::new();
        if let Some(f) = &self.file {
            out.push_str(&f.display().to_string());
            if let Some(l) = self.line {
                out.push_str(&format!(":{l}"));
                if let Some(c) = self.column {
                    out.push_str(&format!(":{c}"));
                }
            }
            out.push_str(": ");
        }
        out.push_str(&self.message);
        if let Some(fix) = &self.fix {
            out.push_str("; fix: ");
            out.push_str(fix);
        }
        // One line, whatever a parser's message held.
        out.replace(['\n', '\r'], " ")
    }
}

/// Something askrisky ignored, and says so: a key a project file cannot
/// set, a mode looser than the person's. A project file's are shown once
/// per project and session (see `decide::Setup::warn_project`); the rest
/// every time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Warning {
    /// Whose setting was ignored.
    pub from: Source,
    /// One line for the person.
    pub text: String,
}

impl Warning {
    /// Whether it is about a repository's `.askrisky.toml`.
    pub fn from_project(&self) -> bool {
        matches!(self.from, Source::Project(_))
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A person's allow rule: lines that run without a card.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AllowRule {
    /// An exact command line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    /// An argv prefix, e.g. `["cargo", "build"]`; never matches a line with
    /// more than one simple command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefix: Option<Vec<String>>,
    /// Danger rule codes this allow rule may cover. Without them, a line in
    /// the danger set still asks. The blocked tier is never covered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub covers: Vec<String>,
    /// For a prefix rule: environment variables the command may set in
    /// front of it (`env = ["RUST_LOG"]` covers `RUST_LOG=debug cargo
    /// test`). Without them a prefix rule matches no assignment. Variables
    /// that steer what runs (`PATH`, `GIT_DIR`, `LD_PRELOAD`, …) cannot be
    /// listed: no allow rule ever covers a line that sets one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<String>,
    /// For a prefix rule: whether the command may redirect to and from
    /// files (`cargo test > out.txt`). Without it a prefix rule matches
    /// only redirections that touch no file (`2>&1`, `> /dev/null`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub redirects: bool,
}

impl AllowRule {
    /// A short description, for logs and `check`.
    pub fn describe(&self) -> String {
        match (&self.line, &self.prefix) {
            (Some(l), _) => format!("line {l:?}"),
            (None, Some(p)) => format!("prefix {p:?}"),
            (None, None) => "empty rule".to_owned(),
        }
    }
}

/// Whether a command askrisky lets run also skips the agent's own
/// permission rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HostPermissions {
    /// askrisky answers "allow": where the agent honours it, its own rules
    /// and prompt are skipped (askrisky's mode decides).
    #[default]
    Skip,
    /// askrisky never answers "allow": for a command it would run it gives
    /// no opinion, so the agent's own rules still apply. It still denies
    /// and asks.
    Keep,
}

/// The person's config file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct UserFile {
    mode: Option<Mode>,
    shell: Option<PathBuf>,
    #[serde(default)]
    allow: Vec<AllowRule>,
    #[serde(default)]
    danger: Vec<ExtraRule>,
    reviewer: Option<ReviewerConfig>,
    /// Seconds to wait for the person's answer at a terminal (none: no limit).
    answer_timeout_s: Option<u64>,
    /// More folders where agents keep transcripts.
    #[serde(default)]
    transcript_dirs: Vec<PathBuf>,
    /// Seconds a command with no terminal waits for an answer from the inbox.
    approval_wait_s: Option<u64>,
    /// Whether askrisky's "allow" skips the agent's own permission rules.
    host_permissions: Option<HostPermissions>,
    /// Packs of built-in danger rules, each on unless set to false here.
    #[serde(default)]
    danger_packs: DangerPacks,
    /// Containment of what runs without the person's approval.
    #[serde(default)]
    contain: ContainFile,
}

/// `[contain]`: what a command no person approved may touch. In the
/// person's file every key applies; in a project file only what tightens
/// (see [`tighten_contain`]).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContainFile {
    enabled: Option<bool>,
    unavailable: Option<crate::contain::Unavailable>,
    writable: Option<Vec<String>>,
    #[serde(default)]
    unreadable: Vec<String>,
    protect_git: Option<bool>,
    new_processes: Option<u64>,
}

/// `danger_packs = { cloud = false }`: the packs of built-in danger rules
/// the person turns off (see `danger::rules::PACKS`). A name askrisky does
/// not know is an error, not a pack silently left on or off.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct DangerPacks {
    /// Clusters, clouds and databases: `kubectl delete`, `terraform
    /// destroy`, `DROP TABLE`, …
    cloud: Option<bool>,
}

/// A repository's `.askrisky.toml`: it may only tighten.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProjectFile {
    mode: Option<Mode>,
    #[serde(default)]
    danger: Vec<ExtraRule>,
    // Read only to say they are ignored: a repository cannot loosen.
    allow: Option<toml::Value>,
    reviewer: Option<toml::Value>,
    shell: Option<toml::Value>,
    answer_timeout_s: Option<toml::Value>,
    transcript_dirs: Option<toml::Value>,
    approval_wait_s: Option<toml::Value>,
    host_permissions: Option<toml::Value>,
    danger_packs: Option<toml::Value>,
    #[serde(default)]
    contain: ContainFile,
}

/// What the command line and environment asked for (tightening only).
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// `--mode`.
    pub mode: Option<Mode>,
    /// `--no-prompt`.
    pub no_prompt: bool,
}

/// Everything that shapes a decision, merged strictest-wins.
#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    /// The effective mode and the source that set it.
    pub mode: Sourced<Mode>,
    /// Every mode given, with its source, for `check` to show.
    pub modes_given: Vec<Sourced<Mode>>,
    /// The person's allow rules (user config only).
    pub allow: Vec<AllowRule>,
    /// Danger rules added by the user config and the project file.
    pub extra_danger: Vec<ExtraRule>,
    /// The shell that runs `exec -c` lines.
    pub shell: PathBuf,
    /// Never prompt (flag, `ASKRISKY_NO_PROMPT`, `CI`): "ask" becomes refuse.
    pub no_prompt: Option<Source>,
    /// The reviewer (user config only).
    pub reviewer: Option<ReviewerConfig>,
    /// Seconds to wait for the person at the terminal.
    pub answer_timeout_s: Option<u64>,
    /// Extra transcript folders (user config only).
    pub transcript_dirs: Vec<PathBuf>,
    /// Seconds to wait for the inbox's answer.
    pub approval_wait_s: u64,
    /// Whether askrisky's "allow" skips the agent's own permission rules
    /// (user config only).
    pub host_permissions: HostPermissions,
    /// Containment of what runs without the person's approval (strictest
    /// wins: only the person's file loosens).
    pub contain: crate::contain::Settings,
    /// The user config file read, if any.
    pub user_file: Option<PathBuf>,
    /// The project file read, if any.
    pub project_file: Option<PathBuf>,
    /// Problems that made askrisky fall back to `ask`.
    pub errors: Vec<ConfigError>,
    /// Things ignored, and said so: loosening keys in a project file, a
    /// mode looser than the person's.
    pub warnings: Vec<Warning>,
}

impl Settings {
    /// Whether an agent's hook leaves the lines that are clear (not in the
    /// danger set, not blocked) to the agent's own approval rules: when no
    /// mode is set anywhere — neither in the person's config nor by a
    /// project file, `ASKRISKY_MODE` or `--mode` asking for `ask` — and
    /// the config has no error. Installing askrisky into an agent then adds
    /// no prompt for routine commands unless the person asked for one
    /// (`mode = "ask"`); the danger set still asks and the blocked tier is
    /// still refused. Nothing but the person's own file can turn this on:
    /// the others can only say `ask`, which turns it off, and a broken
    /// config asks about everything.
    pub fn defers_clear_lines(&self) -> bool {
        self.errors.is_empty()
            && self.mode.value == Mode::Ask
            && self
                .modes_given
                .iter()
                .all(|m| m.source == Source::Default || m.value < Mode::Ask)
    }

    /// Whether an allow rule in the person's config may name `code` in its
    /// `covers`: a built-in rule of the danger set, or one of the person's
    /// own `[[danger]]` rules (a project's rules, which differ from folder
    /// to folder, cannot be covered from the person's file).
    pub fn can_cover(&self, code: &str) -> bool {
        let own: Vec<ExtraRule> = self
            .extra_danger
            .iter()
            .filter(|r| r.file.is_some() && r.file == self.user_file)
            .cloned()
            .collect();
        validate::coverable(code, &own).is_ok()
    }

    /// What applies when nothing is configured: `ask` mode, `/bin/sh`, no
    /// allow rules, no reviewer, the inbox waited on for 120 s.
    pub fn defaults() -> Self {
        Self {
            mode: Sourced {
                value: Mode::Ask,
                source: Source::Default,
            },
            modes_given: Vec::new(),
            allow: Vec::new(),
            extra_danger: Vec::new(),
            shell: PathBuf::from("/bin/sh"),
            no_prompt: None,
            reviewer: None,
            answer_timeout_s: None,
            transcript_dirs: Vec::new(),
            approval_wait_s: 120,
            host_permissions: HostPermissions::Skip,
            contain: crate::contain::Settings::default(),
            user_file: None,
            project_file: None,
            errors: Vec::new(),
            warnings: Vec::new(),
        }
    }
}

/// askrisky's folders, from the environment of its own process.
#[derive(Clone, Debug)]
pub struct Dirs {
    /// `$XDG_CONFIG_HOME/askrisky` (or `~/.config/askrisky`).
    pub config: Option<PathBuf>,
    /// `$XDG_STATE_HOME/askrisky` (or `~/.local/state/askrisky`).
    pub state: Option<PathBuf>,
    /// `$HOME`.
    pub home: Option<PathBuf>,
    /// The inbox's runtime folder: `$XDG_RUNTIME_DIR/askrisky` (or the
    /// state folder's `run`).
    pub runtime: Option<PathBuf>,
}

impl Dirs {
    /// Reads the XDG variables and `HOME`.
    pub fn from_env() -> Self {
        Self::from_vars(&|k| std::env::var_os(k))
    }

    /// [`Dirs::from_env`] with the variables from `var`. An empty or
    /// relative value counts as unset (the XDG rule): a relative folder
    /// would depend on where the command runs.
    pub fn from_vars(var: &dyn Fn(&str) -> Option<std::ffi::OsString>) -> Self {
        let var = |k: &str| var(k).map(PathBuf::from).filter(|p| p.is_absolute());
        let home = var("HOME");
        let config = var("XDG_CONFIG_HOME")
            .or_else(|| home.as_ref().map(|h| h.join(".config")))
            .map(|p| p.join("askrisky"));
        let state = var("XDG_STATE_HOME")
            .or_else(|| home.as_ref().map(|h| h.join(".local/state")))
            .map(|p| p.join("askrisky"));
        let runtime = var("XDG_RUNTIME_DIR")
            .map(|p| p.join("askrisky"))
            .or_else(|| state.as_ref().map(|s| s.join("run")));
        Self {
            config,
            state,
            home,
            runtime,
        }
    }

    /// askrisky's own folders: its config, its state (log, sessions,
    /// approvals, nesting tokens) and the inbox's runtime folder. A write
    /// into any of them could loosen askrisky, so every surface protects
    /// exactly these.
    pub fn protected(&self) -> Vec<PathBuf> {
        [&self.config, &self.state, &self.runtime]
            .into_iter()
            .flatten()
            .cloned()
            .collect()
    }

    /// The user config file path.
    pub fn user_file(&self) -> Option<PathBuf> {
        self.config.as_ref().map(|c| c.join("config.toml"))
    }
}

/// Reads and merges every source. Never fails: problems are recorded in
/// `errors` and make the mode `ask`.
pub fn load(
    dirs: &Dirs,
    cwd: &Path,
    overrides: &Overrides,
    env: &dyn Fn(&str) -> Option<String>,
) -> Settings {
    let mut s = Settings::defaults();

    // The person's own file: the only one that can loosen.
    let user_mode = match dirs.user_file() {
        Some(path) => load_user(&mut s, &path),
        None => None,
    };
    let user_mode = user_mode.unwrap_or(Sourced {
        value: Mode::Ask,
        source: Source::Default,
    });
    s.modes_given.push(user_mode.clone());

    // The repository's file: tighten only.
    if let Some(path) = find_project_file(cwd) {
        load_project(&mut s, &path, &user_mode);
    }

    // Environment and flags: tighten only.
    if let Some(v) = env("ASKRISKY_MODE") {
        match Mode::parse(&v) {
            Some(m) => given(
                &mut s,
                &user_mode,
                Sourced {
                    value: m,
                    source: Source::Env("ASKRISKY_MODE".into()),
                },
            ),
            None => s.errors.push(
                ConfigError::outside(format!(
                    "ASKRISKY_MODE={v:?} is not a mode (ask, review, autopilot)"
                ))
                .fix("unset it, or give one of the three"),
            ),
        }
    }
    if let Some(m) = overrides.mode {
        given(
            &mut s,
            &user_mode,
            Sourced {
                value: m,
                source: Source::Flag("--mode".into()),
            },
        );
    }
    if !s.errors.is_empty() {
        s.modes_given.push(Sourced {
            value: Mode::Ask,
            source: Source::ConfigError,
        });
        // A broken file may have held danger rules: keep nothing that loosens.
        s.allow.clear();
        s.extra_danger.retain(|r| r.pack_off.is_none());
        // Nor any loosening of containment.
        let d = crate::contain::Settings::default();
        s.contain.enabled = true;
        s.contain.unavailable = crate::contain::Unavailable::Ask;
        s.contain.writable.retain(|w| d.writable.contains(w));
        s.contain.new_processes = s.contain.new_processes.min(d.new_processes);
    }
    // The user's mode (or the default) is the base; every other source can
    // only make it stricter. On a tie the earlier source is named.
    s.mode = user_mode;
    for m in &s.modes_given[1..] {
        if m.value > s.mode.value || m.source == Source::ConfigError {
            s.mode = m.clone();
        }
    }

    s.no_prompt = if overrides.no_prompt {
        Some(Source::Flag("--no-prompt".into()))
    } else if env("ASKRISKY_NO_PROMPT").is_some_and(|v| truthy(&v)) {
        Some(Source::Env("ASKRISKY_NO_PROMPT".into()))
    } else if env("CI").is_some_and(|v| truthy(&v)) {
        Some(Source::Env("CI".into()))
    } else {
        None
    };
    s
}

/// A mode given by a source that may only tighten: kept for the merge, and
/// when it is looser than the person's (or the default), said to be
/// ignored — silently ignoring it would let whoever gave it believe it
/// took effect.
fn given(s: &mut Settings, base: &Sourced<Mode>, m: Sourced<Mode>) {
    if m.value < base.value {
        let what = match &m.source {
            Source::Flag(f) => format!("{f} {}", m.value),
            Source::Env(v) => format!("{v}={}", m.value),
            Source::Project(p) => format!("{}: `mode = \"{}\"`", p.display(), m.value),
            other => format!("mode {} from {other}", m.value),
        };
        let base_from = match &base.source {
            Source::User(p) => format!("your config {}", p.display()),
            _ => "the default: your config sets no mode".to_owned(),
        };
        s.warnings.push(Warning {
            text: format!(
                "{what} ignored: it is looser than {} ({base_from}); only your own config file can loosen approvals",
                base.value
            ),
            from: m.source.clone(),
        });
    }
    s.modes_given.push(m);
}

/// Reads the person's file into `s`; its mode, when it sets one. A file
/// with mistakes is still read for what does not loosen (a broken config
/// falls back to `ask` and drops allow rules afterwards), but a `shell`
/// that is wrong is not used.
fn load_user(s: &mut Settings, path: &Path) -> Option<Sourced<Mode>> {
    let text = match read_owned(path) {
        Ok(None) => return None,
        Ok(Some(text)) => text,
        Err(e) => {
            s.errors.push(e);
            return None;
        }
    };
    let stray = validate::stray_keys(path, &text);
    if !stray.is_empty() {
        s.errors.extend(stray);
        return None;
    }
    let file: UserFile = match parse_toml(path, &text) {
        Ok(file) => file,
        Err(e) => {
            s.errors.push(e);
            return None;
        }
    };
    s.errors.extend(validate::user(path, &text, &file));
    s.user_file = Some(path.to_path_buf());
    if let Some(shell) = file.shell {
        match validate::shell(path, &text, &shell) {
            Ok(()) => s.shell = shell,
            Err(e) => s.errors.push(e),
        }
    }
    s.allow = file.allow;
    s.extra_danger.extend(file.danger.into_iter().map(|mut r| {
        r.file = Some(path.to_path_buf());
        r
    }));
    if file.danger_packs.cloud == Some(false) {
        s.extra_danger.push(ExtraRule::pack_off("cloud"));
    }
    s.reviewer = file.reviewer;
    s.answer_timeout_s = file.answer_timeout_s;
    s.transcript_dirs = file.transcript_dirs;
    s.approval_wait_s = file.approval_wait_s.unwrap_or(120);
    s.host_permissions = file.host_permissions.unwrap_or_default();
    apply_user_contain(&mut s.contain, file.contain);
    file.mode.map(|m| Sourced {
        value: m,
        source: Source::User(path.to_path_buf()),
    })
}

/// Reads a repository's file into `s`: what tightens applies, what would
/// loosen is ignored and said so.
fn load_project(s: &mut Settings, path: &Path, base: &Sourced<Mode>) {
    let text = match crate::files::read_text(path, crate::files::Whose::Foreign, MAX_CONFIG_BYTES)
        .and_then(|t| t.ok_or_else(|| std::io::ErrorKind::NotFound.into()))
    {
        Ok(text) => text,
        Err(e) => {
            s.errors.push(
                ConfigError::file(path, format!("cannot read: {e}"))
                    .fix("make it a readable file, or remove it"),
            );
            return;
        }
    };
    let stray = validate::stray_keys(path, &text);
    if !stray.is_empty() {
        s.errors.extend(stray);
        return;
    }
    let file: ProjectFile = match parse_toml(path, &text) {
        Ok(file) => file,
        Err(e) => {
            s.errors.push(e);
            return;
        }
    };
    let errors = validate::danger_rules(path, &text, &file.danger);
    if !errors.is_empty() {
        s.errors.extend(errors);
        return;
    }
    s.project_file = Some(path.to_path_buf());
    let from = Source::Project(path.to_path_buf());
    if let Some(m) = file.mode {
        given(
            s,
            base,
            Sourced {
                value: m,
                source: from.clone(),
            },
        );
    }
    s.extra_danger.extend(file.danger.into_iter().map(|mut r| {
        r.file = Some(path.to_path_buf());
        r
    }));
    let warn = |text: String| Warning {
        from: from.clone(),
        text: format!("{}: {text}", path.display()),
    };
    for w in tighten_contain(&mut s.contain, file.contain) {
        s.warnings.push(warn(w));
    }
    for (key, present) in [
        ("allow", file.allow.is_some()),
        ("reviewer", file.reviewer.is_some()),
        ("shell", file.shell.is_some()),
        ("answer_timeout_s", file.answer_timeout_s.is_some()),
        ("transcript_dirs", file.transcript_dirs.is_some()),
        ("approval_wait_s", file.approval_wait_s.is_some()),
        ("host_permissions", file.host_permissions.is_some()),
        ("danger_packs", file.danger_packs.is_some()),
    ] {
        if present {
            s.warnings.push(warn(format!(
                "`{key}` ignored: only your user config can set it; a project file can only tighten"
            )));
        }
    }
}

/// The person's `[contain]`: every key applies.
fn apply_user_contain(c: &mut crate::contain::Settings, f: ContainFile) {
    if let Some(v) = f.enabled {
        c.enabled = v;
    }
    if let Some(v) = f.unavailable {
        c.unavailable = v;
    }
    if let Some(v) = f.writable {
        c.writable = v;
    }
    c.unreadable.extend(f.unreadable);
    if let Some(v) = f.protect_git {
        c.protect_git = v;
    }
    if let Some(v) = f.new_processes {
        c.new_processes = v;
    }
}

/// A project's `[contain]`: only what tightens applies — fewer writable
/// folders (those it lists that the person's list also has), more
/// unreadable paths, `protect_git`, fewer processes, `unavailable =
/// "ask"`. What would loosen is ignored, and said so.
fn tighten_contain(c: &mut crate::contain::Settings, f: ContainFile) -> Vec<String> {
    let mut ignored = Vec::new();
    if f.enabled == Some(false) {
        ignored.push(
            "`contain.enabled = false` ignored: only your user config can turn containment off"
                .to_owned(),
        );
    }
    match f.unavailable {
        Some(crate::contain::Unavailable::Run) => ignored.push("`contain.unavailable = \"run\"` ignored: only your user config can run commands uncontained".to_owned()),
        Some(crate::contain::Unavailable::Ask) => c.unavailable = crate::contain::Unavailable::Ask,
        None => {}
    }
    if let Some(w) = f.writable {
        let extra: Vec<&String> = w.iter().filter(|x| !c.writable.contains(x)).collect();
        if !extra.is_empty() {
            ignored.push(format!(
                "`contain.writable` entries not in your user config ignored: {extra:?}"
            ));
        }
        c.writable.retain(|x| w.contains(x));
    }
    c.unreadable.extend(f.unreadable);
    if f.protect_git == Some(true) {
        c.protect_git = true;
    }
    if let Some(n) = f.new_processes {
        c.new_processes = c.new_processes.min(n);
    }
    ignored
}

fn truthy(v: &str) -> bool {
    !matches!(
        v.trim().to_ascii_lowercase().as_str(),
        "" | "0" | "false" | "no" | "off"
    )
}

/// Most bytes of a config file read.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Reads the user's config file, refusing one that someone else could have
/// written: a group- or world-writable file, or one owned by another user,
/// is exactly how a loosened config would be planted. It is askrisky's own
/// file ([`crate::files::Whose::Own`]): a symlink, a second hard link (an
/// agent could edit it in place through a name in its workspace) or a FIFO
/// (which would hang every decision) is refused too. The checks are made on
/// the open file, so it cannot be swapped between check and read.
fn read_owned(path: &Path) -> Result<Option<String>, ConfigError> {
    use std::io::Read;
    use std::os::unix::fs::MetadataExt;
    let cannot = |e: std::io::Error| {
        ConfigError::file(path, format!("cannot read: {e}"))
            .fix("make it a regular file of your own with one name (not a link), or remove it")
    };
    let file = match crate::files::open(path, crate::files::Whose::Own) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(cannot(e)),
    };
    let meta = file.metadata().map_err(cannot)?;
    let uid = rustix::process::geteuid().as_raw();
    if meta.uid() != uid {
        return Err(ConfigError::file(
            path,
            format!("owned by uid {}, not you (uid {uid})", meta.uid()),
        )
        .fix(format!("chown {uid} {}", path.display())));
    }
    if meta.mode() & 0o022 != 0 {
        return Err(ConfigError::file(
            path,
            format!(
                "writable by others (mode {:o}): anyone in the group or on the machine could loosen it",
                meta.mode() & 0o777
            ),
        )
        .fix(format!("chmod go-w {}", path.display())));
    }
    let mut text = String::new();
    file.take(MAX_CONFIG_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(cannot)?;
    if text.len() as u64 > MAX_CONFIG_BYTES {
        return Err(ConfigError::file(
            path,
            format!("larger than {MAX_CONFIG_BYTES} bytes"),
        ));
    }
    Ok(Some(text))
}

/// Parses TOML into `T`, with a one-line error naming file, line and problem.
fn parse_toml<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, ConfigError> {
    toml::from_str(text).map_err(|e| {
        let (line, col) = e
            .span()
            .map(|span| line_col(text, span.start))
            .unwrap_or((1, 1));
        let msg = e.message().replace('\n', " ");
        ConfigError {
            file: Some(path.to_path_buf()),
            line: Some(line),
            column: Some(col),
            message: msg.trim().to_owned(),
            fix: None,
        }
    })
}

/// The person's config text, checked as loading checks it: its shape, the
/// keys in their tables, and every rule and setting. The first mistake.
fn check_user_text(path: &Path, text: &str) -> Result<(), ConfigError> {
    let mut errors = validate::stray_keys(path, text);
    if errors.is_empty() {
        let file: UserFile = parse_toml(path, text)?;
        errors = validate::user(path, text, &file);
        if let Some(shell) = &file.shell
            && let Err(e) = validate::shell(path, text, shell)
        {
            errors.push(e);
        }
    }
    errors.into_iter().next().map_or(Ok(()), Err)
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// The nearest `.askrisky.toml` at or above `cwd`: whatever is there, so
/// that something other than a readable file (a FIFO, a folder) is an error
/// that falls back to `ask`, never a file quietly skipped.
pub fn find_project_file(cwd: &Path) -> Option<PathBuf> {
    cwd.ancestors()
        .map(|d| d.join(PROJECT_FILE))
        .find(|p| std::fs::symlink_metadata(p).is_ok())
}

#[cfg(test)]
mod tests;
mod validate;

/// Adds an exact-line allow rule to the user config file, keeping its
/// comments and layout, with a comment saying when and why. The file is
/// replaced atomically (written beside it, synced, renamed), so a crash
/// leaves the old file or the new one, never half of one.
pub fn add_allow_line(path: &Path, line: &str, note: &str) -> Result<(), ConfigError> {
    let existing = read_user_text(path)?;
    let rule = AllowRule {
        line: Some(line.to_owned()),
        ..AllowRule::default()
    };
    let text = with_allow_rules(path, existing.as_deref().unwrap_or_default(), &[rule], note)?;
    replace_user_file(path, existing.as_deref(), &text)
}

/// The user config file's text as it is now (`None`: there is none yet),
/// read with the same checks as when it is loaded: the person's own file,
/// not writable by others, one name.
pub fn read_user_text(path: &Path) -> Result<Option<String>, ConfigError> {
    read_owned(path)
}

/// `text` (the user config) with these allow rules added after the others,
/// each under a comment (`note`), its own comments and layout kept. The
/// rules go in as `[[allow]]` tables at the end, and the top-level keys
/// stay above every table, where TOML reads them as settings. The result
/// must still read as a valid user config: a file with a mistake (say, a
/// top-level key that had fallen into the last table) is not written over,
/// and the error says what to fix.
pub fn with_allow_rules(
    path: &Path,
    text: &str,
    rules: &[AllowRule],
    note: &str,
) -> Result<String, ConfigError> {
    check_user_text(path, text)?;
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        let line = e.span().map(|s| line_col(text, s.start).0);
        ConfigError::at(path, line, e.message().trim().to_owned())
    })?;
    let strings = |v: &[String]| {
        let mut a = toml_edit::Array::new();
        for s in v {
            a.push(s.as_str());
        }
        toml_edit::value(a)
    };
    if doc.get("allow").is_none() {
        doc.insert(
            "allow",
            toml_edit::Item::ArrayOfTables(toml_edit::ArrayOfTables::new()),
        );
    }
    let arr = doc
        .get_mut("allow")
        .and_then(toml_edit::Item::as_array_of_tables_mut)
        .ok_or_else(|| {
            ConfigError::file(path, "`allow` is not a list of [[allow]] tables")
                .fix("write each allow rule as an [[allow]] table")
        })?;
    for rule in rules {
        let mut table = toml_edit::Table::new();
        if let Some(l) = &rule.line {
            table.insert("line", toml_edit::value(l.as_str()));
        }
        if let Some(p) = &rule.prefix {
            table.insert("prefix", strings(p));
        }
        if !rule.covers.is_empty() {
            table.insert("covers", strings(&rule.covers));
        }
        if !rule.env.is_empty() {
            table.insert("env", strings(&rule.env));
        }
        if rule.redirects {
            table.insert("redirects", toml_edit::value(true));
        }
        let comment: String = note
            .lines()
            .map(|l| format!("# {}\n", crate::escape::escape(l)))
            .collect();
        table.decor_mut().set_prefix(format!("\n{comment}"));
        arr.push(table);
    }
    let out = doc.to_string();
    // Check the result still reads as a valid config before it is written.
    check_user_text(path, &out)?;
    Ok(out)
}

/// Replaces the user config with `new`, atomically (written beside it,
/// synced, renamed), but only while it still holds `old` (`None`: there
/// was no file): a change made meanwhile is not overwritten.
pub fn replace_user_file(path: &Path, old: Option<&str>, new: &str) -> Result<(), ConfigError> {
    if read_owned(path)?.as_deref() != old {
        return Err(ConfigError::file(
            path,
            "changed while askrisky was working on it; nothing written",
        )
        .fix("try again"));
    }
    check_user_text(path, new)?;
    crate::util::write_atomically(path, new.as_bytes())
        .map_err(|e| ConfigError::file(path, format!("cannot write: {e}")))
}
