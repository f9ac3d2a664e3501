//! `askrisky doctor`: is askrisky set up on this machine, and for each
//! thing that is not, what to do. One line per check; a problem says what
//! is wrong and the fix on that line, and any problem makes the exit
//! status 1.
//!
//! The checks: each agent's hook (installed? answering? trusted?), the
//! config (every mistake, with its line; a file or folder others could
//! write), review mode's reviewer and its key, the guard snippet in the
//! person's shell startup file, the inbox, whether the `askrisky` on PATH
//! is this one, and containment. Each check is a plain function of what
//! was read, so each can be tested without this machine's state.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::CliError;
use crate::config::{ConfigError, Dirs, Mode, Settings, Source};
use crate::hook::Agent;
use crate::inbox::InboxError;

/// How a check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Level {
    /// As it should be.
    Ok,
    /// Worth knowing; nothing to fix.
    Note,
    /// Wrong: the line says the fix.
    Problem,
}

/// One check's outcome, as one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Finding {
    /// What was checked (an agent's name, `config`, `inbox`, …).
    pub topic: String,
    /// How it came out.
    pub level: Level,
    /// What was found.
    pub text: String,
    /// For a problem: what to do.
    pub fix: Option<String>,
}

impl Finding {
    fn ok(topic: &str, text: impl Into<String>) -> Self {
        Self {
            topic: topic.to_owned(),
            level: Level::Ok,
            text: text.into(),
            fix: None,
        }
    }

    fn note(topic: &str, text: impl Into<String>) -> Self {
        Self {
            level: Level::Note,
            ..Self::ok(topic, text)
        }
    }

    fn problem(topic: &str, text: impl Into<String>, fix: impl Into<String>) -> Self {
        Self {
            level: Level::Problem,
            fix: Some(fix.into()),
            ..Self::ok(topic, text)
        }
    }

    /// The line printed: topic, then what was found, and for a problem
    /// the fix. Escaped: paths and commands come from files others write.
    pub(super) fn line(&self) -> String {
        let text = match (&self.level, &self.fix) {
            (Level::Problem, Some(fix)) => format!("PROBLEM: {}; fix: {fix}", self.text),
            (Level::Problem, None) => format!("PROBLEM: {}", self.text),
            _ => self.text.clone(),
        };
        format!("{:<12} {}", self.topic, crate::escape::escape(&text))
    }
}

/// `askrisky doctor`.
pub(super) fn run() -> Result<u8, CliError> {
    let dirs = Dirs::from_env();
    let home = dirs
        .home
        .clone()
        .ok_or(crate::install::InstallError::NoHome)?;
    let env = |k: &str| std::env::var(k).ok();
    let settings = crate::config::load(
        &dirs,
        &super::cwd()?,
        &crate::config::Overrides::default(),
        &env,
    );
    let mut findings = agents(&home);
    findings.extend(config(&settings, &dirs));
    findings.extend(review(&settings, &env));
    findings.push(guard_snippet(&home, &env, &|p| {
        crate::files::read_text(p, crate::files::Whose::Foreign, 1 << 20)
            .ok()
            .flatten()
    }));
    findings.push(inbox(crate::inbox::status(&dirs)));
    // Agents that run `$SHELL -c` reach the shims only through SHELL.
    if let Some(line) = super::shell_check::doctor_line() {
        findings.push(Finding::note("shims", line));
    }
    findings.push(on_path(
        find_on_path("askrisky", std::env::var_os("PATH").as_deref()).as_deref(),
        &super::self_path()?,
    ));
    findings.push(containment(
        crate::contain::kernel::probe().map_err(|e| e.to_string()),
        &settings,
    ));
    let mut out = std::io::stdout().lock();
    for f in &findings {
        writeln!(out, "{}", f.line()).map_err(CliError::Output)?;
    }
    let problems = findings
        .iter()
        .filter(|f| f.level == Level::Problem)
        .count();
    if problems == 0 {
        writeln!(out, "no problems found").map_err(CliError::Output)?;
        Ok(0)
    } else {
        writeln!(
            out,
            "{problems} problem(s) found: each line above says the fix"
        )
        .map_err(CliError::Output)?;
        Ok(1)
    }
}

/// Per agent: found on this machine? askrisky's hook installed, answering,
/// trusted (Codex), current (plugins)?
fn agents(home: &Path) -> Vec<Finding> {
    use crate::install;
    let on_path = |names: &[&str]| {
        names
            .iter()
            .any(|n| find_on_path(n, std::env::var_os("PATH").as_deref()).is_some())
    };
    let mut out = Vec::new();
    for agent in Agent::ALL {
        let name = agent.name();
        let settings = install::settings_path(agent, home);
        let present = settings.parent().is_some_and(Path::exists) || on_path(agent.row().programs);
        let reinstall = format!("askrisky install {name}");
        let finding = match install::installed_command(agent, home) {
            Err(e) => Finding::problem(
                name,
                format!("settings unreadable: {e}"),
                format!(
                    "repair {} (or move it aside), then {reinstall}",
                    settings.display()
                ),
            ),
            Ok(None) if present => Finding::note(
                name,
                format!("found; askrisky's hook not installed ({reinstall})"),
            ),
            Ok(None) => Finding::note(name, "not found"),
            Ok(Some(cmd)) => match probe(&cmd, agent) {
                Err(e) => Finding::problem(
                    name,
                    format!("hook installed but NOT answering: {e} ({cmd})"),
                    format!("{reinstall} (it writes this askrisky's path)"),
                ),
                // Codex ignores a hook the person has not trusted.
                Ok(()) if agent == Agent::Codex => match install::codex_trust(home) {
                    install::CodexTrust::Trusted => Finding::ok(
                        name,
                        format!("hook installed, trusted and answering ({cmd})"),
                    ),
                    install::CodexTrust::NotTrusted(events) => Finding::problem(
                        name,
                        format!(
                            "installed, not trusted: Codex runs it only once you trust it ({} not trusted, or changed since; {cmd})",
                            events.join(", ")
                        ),
                        "open /hooks in Codex to trust it",
                    ),
                    install::CodexTrust::Unknown(why) => Finding::problem(
                        name,
                        format!("installed, trust unknown ({why}; {cmd})"),
                        "open /hooks in Codex to check it",
                    ),
                },
                // A plugin an older askrisky wrote.
                Ok(()) if install::plugin_is_current(agent, home).ok().flatten() == Some(false) => {
                    Finding::problem(
                        name,
                        format!(
                            "plugin installed and answering, but not the one this askrisky writes ({cmd})"
                        ),
                        format!("run {reinstall}"),
                    )
                }
                Ok(()) => Finding::ok(name, format!("hook installed and answering ({cmd})")),
            },
        };
        out.push(finding);
    }
    out
}

/// Runs an installed hook command with a harmless payload and checks that
/// it answers with a JSON object.
fn probe(cmd: &str, agent: Agent) -> Result<(), String> {
    use std::process::{Command, Stdio};
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(crate::hook::probe_payload(agent).to_string().as_bytes());
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    match serde_json::from_str::<serde_json::Value>(text.trim()) {
        Ok(serde_json::Value::Object(_)) if out.status.success() => Ok(()),
        _ => Err(format!(
            "exit {:?}, output {:?}",
            out.status.code(),
            text.trim()
        )),
    }
}

/// The config: each error (with its line and fix), a config folder others
/// could write (they could put another file in its place), and what the
/// project file here could not set.
pub(super) fn config(settings: &Settings, dirs: &Dirs) -> Vec<Finding> {
    let mut out: Vec<Finding> = settings.errors.iter().map(config_error).collect();
    if let Some(dir) = &dirs.config
        && let Ok(meta) = std::fs::metadata(dir)
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = meta.permissions().mode();
        if mode & 0o022 != 0 {
            out.push(Finding::problem(
                "config",
                format!(
                    "folder {} is writable by others (mode {:o}): anyone in the group or on the machine could put a looser config in it",
                    dir.display(),
                    mode & 0o777
                ),
                format!("chmod go-w {}", dir.display()),
            ));
        }
    }
    if settings.errors.is_empty() {
        let mode = &settings.mode;
        out.push(match &settings.user_file {
            Some(f) => Finding::ok(
                "config",
                format!("{}: read, mode {} (from {})", f.display(), mode.value, mode.source),
            ),
            None => Finding::ok(
                "config",
                format!(
                    "no config file{}: mode ask for exec and check; hooks leave lines outside the danger set to each agent's own rules",
                    dirs.user_file()
                        .map(|p| format!(" ({})", p.display()))
                        .unwrap_or_default()
                ),
            ),
        });
    }
    for w in &settings.warnings {
        let topic = if w.from_project() {
            "project"
        } else {
            "config"
        };
        out.push(Finding::note(topic, w.text.clone()));
    }
    out
}

/// One config error as a problem: the error without its fix, and the fix.
fn config_error(e: &ConfigError) -> Finding {
    let fix = e.fix.clone().unwrap_or_else(|| match &e.file {
        Some(f) => format!("correct it in {}", f.display()),
        None => "correct it".to_owned(),
    });
    let bare = ConfigError {
        fix: None,
        ..e.clone()
    };
    Finding::problem(
        "config",
        format!("{bare} (every command asks until it is fixed)"),
        fix,
    )
}

/// Review mode: a reviewer in the config, and its API key in the
/// environment. Without either, every line outside the danger set asks.
pub(super) fn review(settings: &Settings, env: &dyn Fn(&str) -> Option<String>) -> Vec<Finding> {
    let asked_for = settings
        .modes_given
        .iter()
        .any(|m| m.value == Mode::Review && matches!(m.source, Source::User(_)));
    let file = settings
        .user_file
        .as_ref()
        .map_or_else(|| "your config".to_owned(), |p| p.display().to_string());
    match (&settings.reviewer, asked_for) {
        (None, true) => vec![Finding::problem(
            "reviewer",
            "mode is review, but your config has no [reviewer]: every line outside the danger set asks",
            format!("add a [reviewer] table to {file} (README: The reviewer), or set another mode"),
        )],
        (None, false) => Vec::new(),
        (Some(r), _) => {
            let key = match crate::review::provider::api_key(r, env) {
                Ok(_) => None,
                Err(f) => Some(f.detail),
            };
            let var = r
                .api_key_env
                .clone()
                .unwrap_or_else(|| crate::review::provider::default_key_env(r.provider).to_owned());
            match (key, asked_for) {
                (Some(why), true) => vec![Finding::problem(
                    "reviewer",
                    format!(
                        "{why}: the reviewer cannot be asked, so every line outside the danger set asks"
                    ),
                    format!("export {var} in the environment your agents start from"),
                )],
                (Some(why), false) => vec![Finding::note(
                    "reviewer",
                    format!(
                        "configured ({}), not used: the mode is {}; and {why}",
                        r.model, settings.mode.value
                    ),
                )],
                (None, true) => vec![Finding::ok(
                    "reviewer",
                    format!("{} via {:?}, key found", r.model, r.provider).to_lowercase(),
                )],
                (None, false) => vec![Finding::note(
                    "reviewer",
                    format!(
                        "configured ({}), not used: the mode is {}",
                        r.model, settings.mode.value
                    ),
                )],
            }
        }
    }
}

/// The guard snippet in the startup file of the person's shell (`SHELL`):
/// present, or how to add it. The guarded shell is optional: its absence
/// is a note, not a problem.
pub(super) fn guard_snippet(
    home: &Path,
    env: &dyn Fn(&str) -> Option<String>,
    read: &dyn Fn(&Path) -> Option<String>,
) -> Finding {
    let topic = "shell";
    let Some(shell) = env("SHELL").filter(|s| !s.is_empty()) else {
        return Finding::note(
            topic,
            "SHELL is not set: cannot tell which startup file would hold the guard snippet",
        );
    };
    let name = Path::new(&shell)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_owned();
    let absolute = |v: Option<String>| v.map(PathBuf::from).filter(|p| p.is_absolute());
    let (rc, add) = match name.as_str() {
        "bash" => (home.join(".bashrc"), "eval \"$(askrisky init bash)\""),
        "zsh" => (
            absolute(env("ZDOTDIR"))
                .unwrap_or_else(|| home.to_path_buf())
                .join(".zshrc"),
            "eval \"$(askrisky init zsh)\"",
        ),
        "fish" => (
            absolute(env("XDG_CONFIG_HOME"))
                .unwrap_or_else(|| home.join(".config"))
                .join("fish/config.fish"),
            "askrisky init fish | source",
        ),
        _ => {
            return Finding::note(
                topic,
                format!(
                    "{shell}: the guard snippet is for bash, zsh and fish; lines you type are not checked"
                ),
            );
        }
    };
    let present = read(&rc).is_some_and(|text| {
        text.lines().any(|l| {
            let l = l.trim_start();
            !l.starts_with('#') && l.contains("askrisky") && l.contains(&format!("init {name}"))
        })
    });
    if present {
        Finding::ok(
            topic,
            format!(
                "guard snippet in {}: lines you type are checked",
                rc.display()
            ),
        )
    } else {
        Finding::note(
            topic,
            format!(
                "no guard snippet in {}: lines you type are not checked; to have them checked, add: {add}",
                rc.display()
            ),
        )
    }
}

/// The inbox, where commands with no terminal bring their questions. Not
/// running is a note: such commands are then refused with an allow-once
/// code. A socket or folder that is not the person's is a problem.
pub(super) fn inbox(status: Result<usize, InboxError>) -> Finding {
    let topic = "inbox";
    match status {
        Ok(0) => Finding::ok(topic, "listening, no request waiting"),
        Ok(n) => Finding::note(
            topic,
            format!("listening, {n} request(s) waiting: answer them in its pane"),
        ),
        Err(InboxError::NotListening) => Finding::note(
            topic,
            "not running: a command that needs you and has no terminal (exec from an agent, the shims) is refused with an allow-once code; to answer such commands as they come, run `askrisky inbox` in a spare pane",
        ),
        Err(InboxError::NoDir) => Finding::problem(
            topic,
            "no folder for the inbox socket",
            "set XDG_RUNTIME_DIR or HOME",
        ),
        Err(InboxError::Unsafe(p)) => Finding::problem(
            topic,
            format!(
                "{} is not yours, or others can write it: askrisky does not trust an inbox there",
                p.display()
            ),
            format!(
                "remove {} (askrisky inbox makes it anew, private), or make it yours and private",
                p.display()
            ),
        ),
        Err(e) => Finding::problem(
            topic,
            format!("something answers on the inbox socket, but not as askrisky's inbox: {e}"),
            "stop it (or remove the socket) and start `askrisky inbox` again",
        ),
    }
}

/// Whether the `askrisky` found on PATH (resolved) is this binary: what
/// the person types, the shell snippet and the `askrisky approve CODE`
/// askrisky tells them to run all go to the one on PATH.
pub(super) fn on_path(found: Option<&Path>, me: &Path) -> Finding {
    let topic = "path";
    let dir = me.parent().unwrap_or(me).display().to_string();
    match found {
        Some(p) if p == me => Finding::ok(
            topic,
            format!("askrisky on PATH is this one ({})", me.display()),
        ),
        Some(p) => Finding::problem(
            topic,
            format!(
                "the askrisky on PATH is {}, not this one ({}): what you type runs another askrisky",
                p.display(),
                me.display()
            ),
            format!(
                "put {dir} first on PATH, or replace {} with this one",
                p.display()
            ),
        ),
        None => Finding::problem(
            topic,
            format!(
                "askrisky is not on PATH: `askrisky approve CODE`, which refusals tell you to run, and the shell snippet cannot find it ({} is this one)",
                me.display()
            ),
            format!(
                "add {dir} to PATH, or link it: ln -s {} ~/.local/bin/askrisky",
                me.display()
            ),
        ),
    }
}

/// The first executable file `name` in the folders of `path`, resolved.
pub(super) fn find_on_path(name: &str, path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    std::env::split_paths(path?)
        .filter(|d| d.is_absolute())
        .map(|d| d.join(name))
        .find(|p| {
            std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
        .map(|p| std::fs::canonicalize(&p).unwrap_or(p))
}

/// Containment: the kernel floor under what runs without the person's
/// approval. Missing is a problem only where it changes what happens: in
/// autopilot or review, lines that would run contained ask instead.
pub(super) fn containment(probe: Result<String, String>, settings: &Settings) -> Finding {
    let topic = "containment";
    let c = &settings.contain;
    match probe {
        Ok(floor) if c.enabled => Finding::ok(
            topic,
            format!(
                "{floor}: what runs without your approval runs contained (hosts that cannot rewrite a command: not there)"
            ),
        ),
        Ok(floor) => Finding::note(
            topic,
            format!(
                "{floor} is available, but containment is off in your config: what runs without your approval runs uncontained"
            ),
        ),
        Err(e) if !c.enabled => Finding::note(
            topic,
            format!("NOT available ({e}), and off in your config"),
        ),
        Err(e) if c.unavailable == crate::contain::Unavailable::Run => Finding::note(
            topic,
            format!("NOT available ({e}): your config runs them uncontained"),
        ),
        Err(e) if settings.mode.value < Mode::Ask => Finding::problem(
            topic,
            format!(
                "NOT available ({e}): in {} mode, lines that would run contained ask instead",
                settings.mode.value
            ),
            format!(
                "a kernel with {} (Linux 5.13 or newer, landlock in its LSM list), or [contain] unavailable = \"run\" in your config to run them uncontained",
                crate::contain::kernel::NAME
            ),
        ),
        Err(e) => Finding::note(
            topic,
            format!(
                "NOT available ({e}): lines that would run contained ask instead (in ask mode that changes nothing)"
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Sourced;

    fn settings(mode: Mode, from_user: bool) -> Settings {
        let mut s = Settings::defaults();
        let given = Sourced {
            value: mode,
            source: if from_user {
                Source::User("/u/config.toml".into())
            } else {
                Source::Default
            },
        };
        s.modes_given = vec![given.clone()];
        s.mode = given;
        s.user_file = from_user.then(|| PathBuf::from("/u/config.toml"));
        s
    }

    fn reviewer(key_env: Option<&str>) -> crate::review::ReviewerConfig {
        crate::review::ReviewerConfig {
            provider: crate::review::Provider::Openai,
            base_url: Some("https://api.example.com/v1".into()),
            model: "m1".into(),
            api_key_env: key_env.map(str::to_owned),
            timeout_s: 30,
            effort: crate::review::Effort::Low,
            max_output_tokens: None,
            price_per_mtok_in: None,
            price_per_mtok_out: None,
        }
    }

    #[test]
    fn lines() {
        let p = Finding::problem("config", "bad \x1b[2J", "do this");
        assert_eq!(p.line(), "config       PROBLEM: bad \\x1b[2J; fix: do this");
        assert_eq!(Finding::ok("inbox", "fine").line(), "inbox        fine");
    }

    #[test]
    fn config_errors_are_problems_with_their_fix() {
        let mut s = settings(Mode::Ask, true);
        s.errors = vec![
            ConfigError::at(
                Path::new("/u/config.toml"),
                Some(3),
                "covers \"x\": no rule",
            )
            .fix("use a code `askrisky rules` lists"),
            ConfigError::file(Path::new("/u/config.toml"), "writable by others (mode 620)")
                .fix("chmod go-w /u/config.toml"),
            ConfigError::at(Path::new("/u/config.toml"), Some(9), "unknown field `x`"),
        ];
        let dirs = Dirs::from_vars(&|_| None);
        let got: Vec<String> = config(&s, &dirs).iter().map(Finding::line).collect();
        assert_eq!(
            got,
            [
                "config       PROBLEM: /u/config.toml:3: covers \"x\": no rule (every command asks until it is fixed); fix: use a code `askrisky rules` lists",
                "config       PROBLEM: /u/config.toml: writable by others (mode 620) (every command asks until it is fixed); fix: chmod go-w /u/config.toml",
                "config       PROBLEM: /u/config.toml:9: unknown field `x` (every command asks until it is fixed); fix: correct it in /u/config.toml",
            ]
        );
        let s = settings(Mode::Autopilot, true);
        let got = config(&s, &dirs);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].level, Level::Ok);
    }

    #[test]
    fn the_reviewer_and_its_key() {
        let key = |k: &str| (k == "MY_KEY").then(|| "sk-1".to_owned());
        let none = |_: &str| None;
        // (mode, from the user file, reviewer, environment, level, says)
        type Row<'a> = (
            Mode,
            bool,
            Option<crate::review::ReviewerConfig>,
            &'a dyn Fn(&str) -> Option<String>,
            Option<Level>,
            &'a str,
        );
        let rows: &[Row<'_>] = &[
            (
                Mode::Review,
                true,
                None,
                &none,
                Some(Level::Problem),
                "no [reviewer]",
            ),
            (
                Mode::Review,
                true,
                Some(reviewer(Some("MY_KEY"))),
                &none,
                Some(Level::Problem),
                "MY_KEY is not set",
            ),
            (
                Mode::Review,
                true,
                Some(reviewer(None)),
                &none,
                Some(Level::Problem),
                "OPENAI_API_KEY is not set",
            ),
            (
                Mode::Review,
                true,
                Some(reviewer(Some("MY_KEY"))),
                &key,
                Some(Level::Ok),
                "key found",
            ),
            (
                Mode::Autopilot,
                true,
                Some(reviewer(Some("MY_KEY"))),
                &none,
                Some(Level::Note),
                "not used",
            ),
            (Mode::Ask, false, None, &none, None, ""),
        ];
        for (mode, user, r, env, level, says) in rows {
            let mut s = settings(*mode, *user);
            s.reviewer = r.clone();
            let got = review(&s, *env);
            assert_eq!(got.first().map(|f| f.level), *level, "{mode} {r:?}");
            if let Some(f) = got.first() {
                assert!(f.line().contains(says), "{}", f.line());
                if f.level == Level::Problem {
                    assert!(f.fix.is_some());
                }
            }
        }
    }

    #[test]
    fn the_guard_snippet() {
        let home = Path::new("/h");
        let rc = |files: &'static [(&'static str, &'static str)]| {
            move |p: &Path| {
                files
                    .iter()
                    .find(|(f, _)| Path::new(f) == p)
                    .map(|(_, t)| (*t).to_owned())
            }
        };
        // (SHELL, ZDOTDIR, files, level, says)
        type Row<'a> = (
            Option<&'a str>,
            Option<&'a str>,
            &'static [(&'static str, &'static str)],
            Level,
            &'a str,
        );
        let rows: &[Row<'_>] = &[
            (
                Some("/bin/bash"),
                None,
                &[("/h/.bashrc", "x=1\neval \"$(askrisky init bash)\"\n")],
                Level::Ok,
                "guard snippet in /h/.bashrc",
            ),
            (
                Some("/bin/bash"),
                None,
                &[("/h/.bashrc", "eval \"$(/opt/bin/askrisky init bash)\"")],
                Level::Ok,
                "guard snippet",
            ),
            (
                Some("/bin/bash"),
                None,
                &[("/h/.bashrc", "# eval \"$(askrisky init bash)\"")],
                Level::Note,
                "add: eval \"$(askrisky init bash)\"",
            ),
            (
                Some("/bin/bash"),
                None,
                &[],
                Level::Note,
                "no guard snippet in /h/.bashrc",
            ),
            (
                Some("/usr/bin/zsh"),
                Some("/z"),
                &[("/z/.zshrc", "eval \"$(askrisky init zsh)\"")],
                Level::Ok,
                "/z/.zshrc",
            ),
            (
                Some("/usr/bin/zsh"),
                None,
                &[("/h/.zshrc", "eval \"$(askrisky init bash)\"")],
                Level::Note,
                "no guard snippet in /h/.zshrc",
            ),
            (
                Some("/usr/bin/fish"),
                None,
                &[("/h/.config/fish/config.fish", "askrisky init fish | source")],
                Level::Ok,
                "config.fish",
            ),
            (
                Some("/bin/ksh"),
                None,
                &[],
                Level::Note,
                "for bash, zsh and fish",
            ),
            (None, None, &[], Level::Note, "SHELL is not set"),
        ];
        for (shell, zdotdir, files, level, says) in rows {
            let env = |k: &str| match k {
                "SHELL" => shell.map(str::to_owned),
                "ZDOTDIR" => zdotdir.map(str::to_owned),
                _ => None,
            };
            let f = guard_snippet(home, &env, &rc(files));
            assert_eq!(f.level, *level, "{shell:?} {files:?}: {}", f.line());
            assert!(f.line().contains(says), "{}\nwant: {says}", f.line());
        }
    }

    #[test]
    fn the_inbox() {
        let rows: Vec<(Result<usize, InboxError>, Level, &str)> = vec![
            (Ok(0), Level::Ok, "listening"),
            (Ok(2), Level::Note, "2 request(s) waiting"),
            (
                Err(InboxError::NotListening),
                Level::Note,
                "run `askrisky inbox`",
            ),
            (
                Err(InboxError::NoDir),
                Level::Problem,
                "set XDG_RUNTIME_DIR",
            ),
            (
                Err(InboxError::Unsafe("/r/askrisky".into())),
                Level::Problem,
                "fix: remove /r/askrisky",
            ),
            (
                Err(InboxError::Impostor),
                Level::Problem,
                "not as askrisky's inbox",
            ),
            (
                Err(InboxError::Timeout(5)),
                Level::Problem,
                "start `askrisky inbox` again",
            ),
        ];
        for (status, level, says) in rows {
            let f = inbox(status);
            assert_eq!(f.level, level, "{}", f.line());
            assert!(f.line().contains(says), "{}\nwant: {says}", f.line());
        }
    }

    #[test]
    fn askrisky_on_path() {
        let me = Path::new("/opt/askrisky/bin/askrisky");
        let rows: &[(Option<&Path>, Level, &str)] = &[
            (Some(me), Level::Ok, "is this one"),
            (
                Some(Path::new("/usr/bin/askrisky")),
                Level::Problem,
                "fix: put /opt/askrisky/bin first on PATH",
            ),
            (None, Level::Problem, "not on PATH"),
        ];
        for (found, level, says) in rows {
            let f = on_path(*found, me);
            assert_eq!(f.level, *level, "{}", f.line());
            assert!(f.line().contains(says), "{}", f.line());
        }
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let exe = dir.path().join("askrisky");
        std::fs::write(&exe, "").unwrap_or_else(|e| panic!("{e}"));
        let path = std::ffi::OsString::from(format!("relative:{}", dir.path().display()));
        // Not executable: not found.
        assert_eq!(find_on_path("askrisky", Some(&path)), None);
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            find_on_path("askrisky", Some(&path)),
            std::fs::canonicalize(&exe).ok()
        );
    }

    #[test]
    fn containment_matters_where_lines_would_run() {
        let unavailable = || Err::<String, String>("no Landlock".into());
        let mut off = settings(Mode::Autopilot, true);
        off.contain.enabled = false;
        let mut run = settings(Mode::Autopilot, true);
        run.contain.unavailable = crate::contain::Unavailable::Run;
        let rows: Vec<(Result<String, String>, Settings, Level, &str)> = vec![
            (
                Ok("Landlock ABI 5".into()),
                settings(Mode::Autopilot, true),
                Level::Ok,
                "runs contained",
            ),
            (
                Ok("Landlock ABI 5".into()),
                off.clone(),
                Level::Note,
                "off in your config",
            ),
            (
                unavailable(),
                settings(Mode::Autopilot, true),
                Level::Problem,
                "in autopilot mode, lines that would run contained ask instead",
            ),
            (
                unavailable(),
                settings(Mode::Review, true),
                Level::Problem,
                "unavailable = \"run\"",
            ),
            (
                unavailable(),
                settings(Mode::Ask, false),
                Level::Note,
                "in ask mode that changes nothing",
            ),
            (unavailable(), run, Level::Note, "runs them uncontained"),
            (unavailable(), off, Level::Note, "off in your config"),
        ];
        for (probe, s, level, says) in rows {
            let f = containment(probe, &s);
            assert_eq!(f.level, level, "{}", f.line());
            assert!(f.line().contains(says), "{}", f.line());
        }
    }
}
