//! Install: askrisky's hook entries in each agent's user-level settings.
//!
//! Only the user's own settings file is touched, never a project's (a
//! repository's settings are written by whoever wrote the repository). The
//! change is a merge: other hooks stay as they are, askrisky's entries are
//! replaced rather than duplicated, the old file is kept as a backup, the
//! new one is written atomically, and a file that is not valid JSON is left
//! alone with an error.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::hook::Agent;

/// Why installing failed; the settings file is untouched.
#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    /// The settings file could not be read.
    #[error("{0}: cannot read: {1}")]
    Read(PathBuf, std::io::Error),
    /// The settings file is not what the agent expects.
    #[error(
        "{0}: not valid settings ({1}); fix or move it, then run this again — it was not changed"
    )]
    Malformed(PathBuf, String),
    /// Writing failed.
    #[error("{0}: cannot write: {1}")]
    Write(PathBuf, std::io::Error),
    /// No home folder.
    #[error("no home folder: set HOME")]
    NoHome,
}

/// A change to one settings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The settings file.
    pub path: PathBuf,
    /// Its content now (`None` when it does not exist).
    pub before: Option<String>,
    /// Its content after the change (`None`: delete the file).
    pub after: Option<String>,
}

impl Plan {
    /// True when applying would change anything.
    pub fn changes(&self) -> bool {
        self.before != self.after
    }
}

/// The user-level settings file each agent reads hooks from.
pub fn settings_path(agent: Agent, home: &Path) -> PathBuf {
    match agent {
        Agent::ClaudeCode => home.join(".claude/settings.json"),
        Agent::Codex => home.join(".codex/hooks.json"),
        Agent::Gemini => home.join(".gemini/settings.json"),
        Agent::Cursor => home.join(".cursor/hooks.json"),
        // A file of askrisky's own in Copilot CLI's hooks folder.
        Agent::Copilot => home.join(".copilot/hooks/askrisky.json"),
    }
}

/// The hook command written into the settings.
pub fn command(bin: &Path, agent: Agent) -> String {
    format!(
        "{} hook {}",
        crate::parse::shell_quote(&[bin.display().to_string()]),
        agent.name()
    )
}

/// Whether a hook command string is one of askrisky's for `agent`.
fn is_ours(cmd: &str, agent: Agent) -> bool {
    cmd.contains("askrisky") && cmd.trim_end().ends_with(&format!(" hook {}", agent.name()))
}

/// (event, matcher) pairs askrisky hooks into, per agent.
fn events(agent: Agent) -> &'static [(&'static str, Option<&'static str>)] {
    match agent {
        Agent::ClaudeCode => &[
            ("PreToolUse", Some("Bash|Write|Edit|MultiEdit|NotebookEdit")),
            ("UserPromptSubmit", None),
            ("SessionStart", Some("resume|compact")),
        ],
        Agent::Codex => &[
            ("PreToolUse", Some("Bash")),
            ("UserPromptSubmit", None),
            ("SessionStart", Some("resume")),
        ],
        Agent::Gemini => &[
            ("BeforeTool", Some("run_shell_command")),
            ("BeforeAgent", None),
            ("SessionStart", Some("resume")),
        ],
        Agent::Cursor => &[("beforeShellExecution", None), ("beforeSubmitPrompt", None)],
        Agent::Copilot => &[("preToolUse", None), ("userPromptSubmitted", None)],
    }
}

fn read(path: &Path) -> Result<Option<String>, InstallError> {
    match std::fs::read_to_string(path) {
        Ok(s) => Ok(Some(s)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(InstallError::Read(path.to_path_buf(), e)),
    }
}

fn parse(path: &Path, text: Option<&str>) -> Result<Map<String, Value>, InstallError> {
    match text {
        None => Ok(Map::new()),
        Some(t) if t.trim().is_empty() => Ok(Map::new()),
        Some(t) => match serde_json::from_str::<Value>(t) {
            Ok(Value::Object(m)) => Ok(m),
            Ok(_) => Err(InstallError::Malformed(
                path.to_path_buf(),
                "not a JSON object".into(),
            )),
            Err(e) => Err(InstallError::Malformed(path.to_path_buf(), e.to_string())),
        },
    }
}

/// The `hooks` object of a settings file, checked to be one.
fn hooks_of<'a>(
    path: &Path,
    root: &'a mut Map<String, Value>,
) -> Result<&'a mut Map<String, Value>, InstallError> {
    let h = root.entry("hooks").or_insert_with(|| json!({}));
    h.as_object_mut().ok_or_else(|| {
        InstallError::Malformed(path.to_path_buf(), "`hooks` is not an object".into())
    })
}

/// Removes askrisky's entries for `agent` from every event; drops groups and
/// events left empty.
fn remove_ours(
    path: &Path,
    hooks: &mut Map<String, Value>,
    agent: Agent,
) -> Result<(), InstallError> {
    let bad = |what: &str| InstallError::Malformed(path.to_path_buf(), what.to_owned());
    let mut empty_events = Vec::new();
    for (event, list) in hooks.iter_mut() {
        let Some(groups) = list.as_array_mut() else {
            return Err(bad(&format!("hooks.{event} is not a list")));
        };
        let flat = matches!(agent, Agent::Cursor | Agent::Copilot);
        if flat {
            // Cursor and Copilot list hook objects directly.
            groups.retain(|h| {
                let cmd = h
                    .get("command")
                    .or_else(|| h.get("bash"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                !is_ours(cmd, agent)
            });
        } else {
            for g in groups.iter_mut() {
                if let Some(inner) = g.get_mut("hooks").and_then(Value::as_array_mut) {
                    inner.retain(|h| {
                        !is_ours(
                            h.get("command").and_then(Value::as_str).unwrap_or(""),
                            agent,
                        )
                    });
                }
            }
            groups.retain(|g| {
                g.get("hooks")
                    .and_then(Value::as_array)
                    .is_none_or(|h| !h.is_empty())
            });
        }
        if groups.is_empty() {
            empty_events.push(event.clone());
        }
    }
    for e in empty_events {
        hooks.remove(&e);
    }
    Ok(())
}

fn render(root: &Map<String, Value>) -> String {
    let mut s = serde_json::to_string_pretty(root).unwrap_or_else(|_| "{}".into());
    s.push('\n');
    s
}

/// Plans adding askrisky's hooks for `agent`, run as `bin`.
pub fn plan_install(agent: Agent, home: &Path, bin: &Path) -> Result<Plan, InstallError> {
    let path = settings_path(agent, home);
    let before = read(&path)?;
    let mut root = parse(&path, before.as_deref())?;
    if matches!(agent, Agent::Cursor | Agent::Copilot) {
        root.entry("version").or_insert(json!(1));
    }
    let hooks = hooks_of(&path, &mut root)?;
    remove_ours(&path, hooks, agent)?;
    let cmd = command(bin, agent);
    for (event, matcher) in events(agent) {
        let entry = match agent {
            Agent::Cursor => json!({"command": cmd}),
            Agent::Copilot => json!({"type": "command", "bash": cmd, "timeoutSec": 60}),
            Agent::Gemini => {
                let mut g = json!({"hooks": [{"type": "command", "name": "askrisky", "command": cmd, "timeout": 60000}]});
                if let Some(m) = matcher {
                    g["matcher"] = json!(m);
                }
                g
            }
            Agent::ClaudeCode | Agent::Codex => {
                let mut g = json!({"hooks": [{"type": "command", "command": cmd, "timeout": 60}]});
                if let Some(m) = matcher {
                    g["matcher"] = json!(m);
                }
                g
            }
        };
        let list = hooks.entry(*event).or_insert_with(|| json!([]));
        match list.as_array_mut() {
            Some(a) => a.push(entry),
            None => {
                return Err(InstallError::Malformed(
                    path,
                    format!("hooks.{event} is not a list"),
                ));
            }
        }
    }
    Ok(Plan {
        after: Some(render(&root)),
        path,
        before,
    })
}

/// Plans removing askrisky's hooks for `agent`, keeping everything else.
pub fn plan_uninstall(agent: Agent, home: &Path) -> Result<Plan, InstallError> {
    let path = settings_path(agent, home);
    let before = read(&path)?;
    if before.is_none() {
        return Ok(Plan {
            path,
            before: None,
            after: None,
        });
    }
    let mut root = parse(&path, before.as_deref())?;
    if let Some(h) = root.get_mut("hooks") {
        let hooks = h.as_object_mut().ok_or_else(|| {
            InstallError::Malformed(path.clone(), "`hooks` is not an object".into())
        })?;
        remove_ours(&path, hooks, agent)?;
        if hooks.is_empty() {
            root.remove("hooks");
        }
    }
    // askrisky's own Copilot file goes away entirely.
    let after = if agent == Agent::Copilot && root.keys().all(|k| k == "version") {
        None
    } else {
        Some(render(&root))
    };
    Ok(Plan {
        path,
        before,
        after,
    })
}

/// Applies a plan: keeps a backup of the old file, writes the new one
/// atomically. Returns the backup's path, if one was made.
pub fn apply(plan: &Plan) -> Result<Option<PathBuf>, InstallError> {
    if !plan.changes() {
        return Ok(None);
    }
    let backup = match &plan.before {
        Some(old) => {
            let stamp = crate::util::now_rfc3339()
                .replace([':', '-'], "")
                .replace('.', "");
            let name = plan
                .path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let b = plan
                .path
                .with_file_name(format!("{name}.askrisky-backup-{stamp}"));
            crate::util::write_atomically(&b, old.as_bytes())
                .map_err(|e| InstallError::Write(b.clone(), e))?;
            Some(b)
        }
        None => None,
    };
    match &plan.after {
        Some(new) => crate::util::write_atomically(&plan.path, new.as_bytes())
            .map_err(|e| InstallError::Write(plan.path.clone(), e))?,
        None => std::fs::remove_file(&plan.path)
            .map_err(|e| InstallError::Write(plan.path.clone(), e))?,
    }
    Ok(backup)
}

/// A line diff of two texts (`-`/`+` lines, with two lines of context).
pub fn diff(before: &str, after: &str) -> String {
    let a: Vec<&str> = before.lines().collect();
    let b: Vec<&str> = after.lines().collect();
    // Longest common subsequence table, fine for settings-file sizes.
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut ops: Vec<(char, &str)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            ops.push((' ', a[i]));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push(('-', a[i]));
            i += 1;
        } else {
            ops.push(('+', b[j]));
            j += 1;
        }
    }
    let near = |k: usize| {
        ops[k.saturating_sub(2)..(k + 3).min(ops.len())]
            .iter()
            .any(|(c, _)| *c != ' ')
    };
    let mut out = String::new();
    let mut skipped = false;
    for (k, (c, line)) in ops.iter().enumerate() {
        if *c != ' ' || near(k) {
            if skipped {
                out.push_str("  …\n");
                skipped = false;
            }
            out.push(*c);
            out.push(' ');
            out.push_str(line);
            out.push('\n');
        } else {
            skipped = true;
        }
    }
    if skipped {
        out.push_str("  …\n");
    }
    out
}

/// Whether askrisky's hooks are in an agent's settings, and the command.
pub fn installed_command(agent: Agent, home: &Path) -> Result<Option<String>, InstallError> {
    let path = settings_path(agent, home);
    let text = read(&path)?;
    let root = parse(&path, text.as_deref())?;
    let mut found = None;
    if let Some(hooks) = root.get("hooks").and_then(Value::as_object) {
        for list in hooks.values().filter_map(Value::as_array) {
            for g in list {
                let mut cmds: Vec<&str> = Vec::new();
                if let Some(inner) = g.get("hooks").and_then(Value::as_array) {
                    cmds.extend(
                        inner
                            .iter()
                            .filter_map(|h| h.get("command").and_then(Value::as_str)),
                    );
                }
                cmds.extend(
                    g.get("command")
                        .or_else(|| g.get("bash"))
                        .and_then(Value::as_str),
                );
                if let Some(c) = cmds.into_iter().find(|c| is_ours(c, agent)) {
                    found = Some(c.to_owned());
                }
            }
        }
    }
    Ok(found)
}

/// A payload each agent sends for something askrisky has no opinion on:
/// a harmless probe that the installed hook answers without side effects.
pub fn probe_payload(agent: Agent) -> Value {
    match agent {
        Agent::ClaudeCode => {
            json!({"hook_event_name": "PreToolUse", "tool_name": "Read", "tool_input": {"file_path": "README.md"}})
        }
        Agent::Codex => {
            json!({"hook_event_name": "PreToolUse", "tool_name": "apply_patch", "tool_input": {}})
        }
        Agent::Gemini => {
            json!({"hook_event_name": "BeforeTool", "tool_name": "read_file", "tool_input": {}})
        }
        Agent::Cursor => json!({"hook_event_name": "afterFileEdit"}),
        Agent::Copilot => json!({"toolName": "view", "toolArgs": "{}"}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_shows_changes_with_context() {
        let d = diff("a\nb\nc\nd\ne\nf\ng\n", "a\nb\nc\nX\ne\nf\ng\n");
        assert_eq!(d, "  …\n  b\n  c\n- d\n+ X\n  e\n  f\n  …\n");
        assert_eq!(diff("", "x\n"), "+ x\n");
    }

    #[test]
    fn ours_is_recognised_by_agent() {
        assert!(is_ours(
            "/usr/local/bin/askrisky hook claude-code",
            Agent::ClaudeCode
        ));
        assert!(is_ours("'/opt/my tools/askrisky' hook codex", Agent::Codex));
        assert!(!is_ours(
            "/usr/local/bin/askrisky hook codex",
            Agent::ClaudeCode
        ));
        assert!(!is_ours(
            "python3 guard.py hook claude-code",
            Agent::ClaudeCode
        ));
    }
}
