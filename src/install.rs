//! Install: askrisky's hook entries in each agent's user-level settings.
//!
//! Only the user's own settings file is touched, never a project's (a
//! repository's settings are written by whoever wrote the repository). The
//! change is a merge: other hooks stay as they are, askrisky's entries are
//! replaced rather than duplicated, the old file is kept as a backup, the
//! new one is written atomically, and a file that is not valid JSON is left
//! alone with an error.
//!
//! OpenCode and Pi take plugins rather than command hooks: for them the
//! "settings file" is a small plugin of askrisky's own, in the agent's
//! global plugin folder, that runs `askrisky hook <agent>` for each call
//! and stops the call when askrisky fails, times out or answers anything
//! but "allow". It is replaced whole on install and deleted on uninstall.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::agents::{Agent, Layout};

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

/// The user-level settings file each agent reads hooks from (for OpenCode
/// and Pi: askrisky's plugin file, in the folder each loads global plugins
/// from), as the agent's row says, in this process's environment.
pub fn settings_path(agent: Agent, home: &Path) -> PathBuf {
    agent.hook_path(home, &crate::agents::process_env)
}

/// Whether askrisky's hook for the agent is a plugin file of its own.
fn is_plugin(agent: Agent) -> bool {
    agent.row().layout == Layout::Plugin
}

/// Whether the agent lists hook objects directly under each event.
fn is_flat(agent: Agent) -> bool {
    agent.row().layout == Layout::Flat
}

/// The line that marks askrisky's plugin and names its hook command.
const PLUGIN_MARK: &str = "// askrisky-hook: ";

/// Calls askrisky and reads its answer; any failure is a denial: askrisky
/// missing or not executable, an exit status other than 0, death by a
/// signal, anything on stdout but one JSON object with a `decision`, or no
/// answer within `TIMEOUT_MS`. Shared by the OpenCode plugin and the Pi
/// extension (plain JavaScript, which TypeScript accepts).
const PLUGIN_CALL: &str = r#"import { spawn } from "node:child_process";

// Longer than a review can take; past it the call is stopped.
const TIMEOUT_MS = 120000;

function askrisky(payload) {
  return new Promise((resolve) => {
    let out = "";
    let done = false;
    let timer;
    const finish = (answer) => {
      if (!done) {
        done = true;
        clearTimeout(timer);
        resolve(answer);
      }
    };
    const fail = (why) =>
      finish({ decision: "deny", reason: `askrisky could not decide (${why}); not run` });
    let child;
    try {
      child = spawn(ASKRISKY, ["hook", AGENT], { stdio: ["pipe", "pipe", "ignore"] });
    } catch (e) {
      fail(String(e));
      return;
    }
    timer = setTimeout(() => {
      try {
        child.kill("SIGKILL");
      } catch {}
      fail("no answer in time");
    }, TIMEOUT_MS);
    child.on("error", (e) => fail(String(e)));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("close", (code, signal) => {
      if (signal) {
        fail(`killed by ${signal}`);
        return;
      }
      if (code !== 0) {
        fail(`exit status ${code}`);
        return;
      }
      try {
        const answer = JSON.parse(out);
        if (answer && typeof answer.decision === "string") {
          finish(answer);
          return;
        }
      } catch {}
      fail("unreadable answer");
    });
    child.stdin.on("error", () => {});
    try {
      child.stdin.end(JSON.stringify(payload));
    } catch (e) {
      fail(String(e));
    }
  });
}

const lets = (answer) => answer.decision === "allow" || answer.decision === "pass";
const why = (answer) => answer.reason || "askrisky: not run";
"#;

const OPENCODE_PLUGIN: &str = r#"
// The session a call belongs to: { id, parent_id, root_id }, or null when
// OpenCode cannot say. A subagent's session has a parent: its prompt was
// written by the model (the task tool), not typed by the person, and its
// commands act for the person's session, the root.
async function sessionOf(client, id) {
  const lookup = async () => {
    let cur = id;
    let parent = null;
    for (let depth = 0; depth < 16 && typeof cur === "string"; depth++) {
      const r = await client.session.get({ path: { id: cur } });
      const info = r && r.data;
      if (!info || info.id !== cur) return null;
      if (depth === 0) parent = info.parentID || null;
      if (!info.parentID) return { id, parent_id: parent, root_id: cur };
      cur = info.parentID;
    }
    return null;
  };
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), 10000);
  });
  try {
    return await Promise.race([lookup(), late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

// OpenCode: a plugin hook can let a call through or stop it (by throwing);
// the error's message is the tool result the model reads.
export const AskRisky = async ({ client, directory }) => ({
  "tool.execute.before": async (input, output) => {
    const session = await sessionOf(client, input && input.sessionID);
    const answer = await askrisky({ hook_event_name: "tool.execute.before", input, output, directory, session });
    if (!lets(answer)) throw new Error(why(answer));
  },
  "chat.message": async (input, output) => {
    const { message, parts } = output || {};
    const session = await sessionOf(client, input && input.sessionID);
    await askrisky({ hook_event_name: "chat.message", input, output: { message, parts }, directory, session });
  },
});
"#;

const PI_PLUGIN: &str = r#"
function sessionId(ctx) {
  try {
    const sm = ctx && ctx.sessionManager;
    const id = sm && typeof sm.getSessionId === "function" ? sm.getSessionId() : undefined;
    if (id) return String(id);
    const file = sm && typeof sm.getSessionFile === "function" ? sm.getSessionFile() : undefined;
    return file ? String(file).replace(/^.*\//, "").replace(/\.jsonl$/, "") : undefined;
  } catch {
    return undefined;
  }
}

// Pi: a tool_call handler blocks with { block: true, reason } (a handler
// that throws blocks too); the reason is the tool result the model reads.
// "ask" is put to the person in Pi's own dialog when Pi has a UI.
export default function (pi) {
  pi.on("tool_call", async (event, ctx) => {
    const hasUI = !!(ctx && ctx.hasUI);
    const answer = await askrisky({
      hook_event_name: "tool_call",
      tool_name: event.toolName,
      tool_call_id: event.toolCallId,
      input: event.input,
      cwd: ctx && ctx.cwd,
      session_id: sessionId(ctx),
      has_ui: hasUI,
    });
    if (lets(answer)) return undefined;
    if (answer.decision === "ask" && hasUI) {
      const command = event.input && event.input.command;
      const message = `${command}\n\n${why(answer)}`;
      if (await ctx.ui.confirm("askrisky: run this command?", message, { signal: ctx.signal })) return undefined;
      return { block: true, reason: "askrisky: the person declined this command" };
    }
    return { block: true, reason: why(answer) };
  });
  pi.on("input", async (event, ctx) => {
    await askrisky({ hook_event_name: "input", text: event.text, source: event.source, session_id: sessionId(ctx) });
    return { action: "continue" };
  });
}
"#;

/// askrisky's plugin file for an agent that takes plugins.
fn plugin(agent: Agent, bin: &Path) -> String {
    let lit = |s: &str| serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into());
    let body = if agent == Agent::Pi {
        PI_PLUGIN
    } else {
        OPENCODE_PLUGIN
    };
    format!(
        "// askrisky's plugin for {name}: each tool call goes through `askrisky hook {name}`\n\
         // first, and is stopped unless askrisky lets it run (also when askrisky\n\
         // fails or takes too long). Written by `askrisky install {name}`, removed by\n\
         // `askrisky uninstall {name}`; rewritten whole, so edits here are lost.\n\
         {PLUGIN_MARK}{cmd}\n\
         const ASKRISKY = {bin};\n\
         const AGENT = {agent_lit};\n\
         {PLUGIN_CALL}{body}",
        name = agent.name(),
        cmd = command(bin, agent),
        bin = lit(&bin.display().to_string()),
        agent_lit = lit(agent.name()),
    )
}

/// The hook command named by askrisky's plugin file, if it is one.
fn plugin_command(text: &str) -> Option<&str> {
    text.lines()
        .find_map(|l| l.strip_prefix(PLUGIN_MARK))
        .map(str::trim)
}

/// The hook command written into the settings.
pub fn command(bin: &Path, agent: Agent) -> String {
    format!(
        "{} hook {}",
        crate::parse::shell_quote(&[bin.display().to_string()]),
        agent.name()
    )
}

/// The hook command for the agent's after-tool events ([`Row::after`]):
/// it only records, and always answers with nothing.
///
/// [`Row::after`]: crate::agents::Row::after
pub fn after_command(bin: &Path, agent: Agent) -> String {
    format!("{} --after", command(bin, agent))
}

/// Whether a hook command string is one of askrisky's for `agent` (its
/// deciding hook or its recording one).
fn is_ours(cmd: &str, agent: Agent) -> bool {
    let cmd = cmd.trim_end();
    let cmd = cmd.strip_suffix(" --after").unwrap_or(cmd);
    cmd.contains("askrisky") && cmd.ends_with(&format!(" hook {}", agent.name()))
}

/// (event, matcher) pairs askrisky hooks into, per agent.
fn events(agent: Agent) -> &'static [(&'static str, Option<&'static str>)] {
    agent.row().events
}

fn read(path: &Path) -> Result<Option<String>, InstallError> {
    // An agent's settings file; through `files`, so a FIFO in its place
    // cannot hang `install` or `doctor`.
    crate::files::read_text(path, crate::files::Whose::Foreign, 16 << 20)
        .map_err(|e| InstallError::Read(path.to_path_buf(), e))
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
        if is_flat(agent) {
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

/// Plans replacing or removing askrisky's plugin file; a file there that
/// is not askrisky's is left alone with an error.
fn plan_plugin(agent: Agent, home: &Path, bin: Option<&Path>) -> Result<Plan, InstallError> {
    let path = settings_path(agent, home);
    let before = read(&path)?;
    if let Some(text) = &before
        && plugin_command(text).is_none()
    {
        return Err(InstallError::Malformed(
            path,
            "a file askrisky did not write".into(),
        ));
    }
    Ok(Plan {
        after: bin.map(|b| plugin(agent, b)),
        path,
        before,
    })
}

/// Plans adding askrisky's hooks for `agent`, run as `bin`.
pub fn plan_install(agent: Agent, home: &Path, bin: &Path) -> Result<Plan, InstallError> {
    if is_plugin(agent) {
        return plan_plugin(agent, home, Some(bin));
    }
    let path = settings_path(agent, home);
    let before = read(&path)?;
    let mut root = parse(&path, before.as_deref())?;
    if is_flat(agent) {
        root.entry("version").or_insert(json!(1));
    }
    let hooks = hooks_of(&path, &mut root)?;
    remove_ours(&path, hooks, agent)?;
    let deciding = command(bin, agent);
    let recording = after_command(bin, agent);
    let all = events(agent)
        .iter()
        .map(|e| (e, &deciding))
        .chain(agent.row().after.iter().map(|e| (e, &recording)));
    for ((event, matcher), cmd) in all {
        let entry = match agent {
            Agent::Cursor => json!({"command": cmd}),
            Agent::Copilot => json!({"type": "command", "bash": cmd, "timeoutSec": 60}),
            Agent::Gemini | Agent::Qwen => {
                // Both take the timeout in milliseconds.
                let mut g = json!({"hooks": [{"type": "command", "name": "askrisky", "command": cmd, "timeout": 60000}]});
                if let Some(m) = matcher {
                    g["matcher"] = json!(m);
                }
                g
            }
            Agent::ClaudeCode | Agent::Codex | Agent::OpenCode | Agent::Pi => {
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
    if is_plugin(agent) {
        return plan_plugin(agent, home, None);
    }
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

/// Whether askrisky's plugin file for `agent` is the one this askrisky
/// writes (for the askrisky it names): `None` when it is not a plugin
/// agent or no plugin of askrisky's is there. A plugin left by an older
/// askrisky may speak a payload this one no longer reads the same way.
pub fn plugin_is_current(agent: Agent, home: &Path) -> Result<Option<bool>, InstallError> {
    if !is_plugin(agent) {
        return Ok(None);
    }
    let Some(text) = read(&settings_path(agent, home))? else {
        return Ok(None);
    };
    if plugin_command(&text).is_none() {
        return Ok(None);
    }
    let bin = text
        .lines()
        .find_map(|l| l.strip_prefix("const ASKRISKY = "))
        .and_then(|l| l.strip_suffix(';'))
        .and_then(|l| serde_json::from_str::<String>(l).ok());
    Ok(Some(
        bin.is_some_and(|b| plugin(agent, Path::new(&b)) == text),
    ))
}

/// Whether askrisky's hooks are in an agent's settings, and the command.
pub fn installed_command(agent: Agent, home: &Path) -> Result<Option<String>, InstallError> {
    let path = settings_path(agent, home);
    let text = read(&path)?;
    if is_plugin(agent) {
        return Ok(text.as_deref().and_then(plugin_command).map(str::to_owned));
    }
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
                // The deciding hook, not the one that only records.
                if let Some(c) = cmds
                    .into_iter()
                    .find(|c| is_ours(c, agent) && !c.trim_end().ends_with(" --after"))
                {
                    found = Some(c.to_owned());
                }
            }
        }
    }
    Ok(found)
}

/// Whether Codex will run askrisky's hooks: Codex runs a hook from
/// `hooks.json` only once the person trusted it in `/hooks`, which records
/// `[hooks.state."<file>:<event>:<group>:<handler>"] trusted_hash =
/// "sha256:…"` in `config.toml`, the hash being of the hook's definition. A
/// changed definition (a new askrisky path) needs trusting again. askrisky
/// only reads this; the trust is the person's to give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodexTrust {
    /// Every one of askrisky's hooks is trusted as it stands.
    Trusted,
    /// Hooks not trusted, or changed since they were: their events.
    NotTrusted(Vec<String>),
    /// The trust state could not be read or computed (why).
    Unknown(String),
}

/// Codex's `config.toml`, beside its `hooks.json`.
pub fn codex_config_path(home: &Path) -> PathBuf {
    settings_path(Agent::Codex, home).with_file_name("config.toml")
}

/// `PreToolUse` ─► `pre_tool_use`.
fn snake(event: &str) -> String {
    let mut out = String::new();
    for (i, c) in event.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The hash Codex records for one command hook: SHA-256 of its definition
/// as JSON with sorted keys and no spaces. `None` for a hook with fields
/// askrisky does not write (its hash cannot be told here).
fn codex_hook_hash(event: &str, matcher: Option<&str>, hook: &Value) -> Option<String> {
    let obj = hook.as_object()?;
    if obj
        .keys()
        .any(|k| !matches!(k.as_str(), "type" | "command" | "timeout" | "async"))
    {
        return None;
    }
    let command = obj.get("command")?.as_str()?;
    let timeout = obj.get("timeout")?.as_u64()?;
    let is_async = obj.get("async").and_then(Value::as_bool).unwrap_or(false);
    let s = |v: &str| serde_json::to_string(v).unwrap_or_default();
    let mut text = format!(
        "{{\"event_name\":{},\"hooks\":[{{\"async\":{is_async},\"command\":{},\"timeout\":{timeout},\"type\":\"command\"}}]",
        s(&snake(event)),
        s(command)
    );
    if let Some(m) = matcher {
        text.push_str(&format!(",\"matcher\":{}", s(m)));
    }
    text.push('}');
    Some(format!("sha256:{}", sha256_hex(text.as_bytes())))
}

/// SHA-256 of `data`, as lowercase hex: what Codex records for a trusted
/// hook.
fn sha256_hex(data: &[u8]) -> String {
    ring::digest::digest(&ring::digest::SHA256, data)
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Reads whether Codex trusts askrisky's hooks in `home`.
pub fn codex_trust(home: &Path) -> CodexTrust {
    let hooks_path = settings_path(Agent::Codex, home);
    let text = match read(&hooks_path) {
        Ok(Some(t)) => t,
        Ok(None) => return CodexTrust::Unknown(format!("{} is missing", hooks_path.display())),
        Err(e) => return CodexTrust::Unknown(e.to_string()),
    };
    let root = match parse(&hooks_path, Some(&text)) {
        Ok(r) => r,
        Err(e) => return CodexTrust::Unknown(e.to_string()),
    };
    let config_path = codex_config_path(home);
    let config: toml::Table = match read(&config_path) {
        Ok(Some(t)) => match toml::from_str(&t) {
            Ok(c) => c,
            Err(e) => {
                return CodexTrust::Unknown(format!("{}: {e}", config_path.display()));
            }
        },
        Ok(None) => toml::Table::new(),
        Err(e) => return CodexTrust::Unknown(e.to_string()),
    };
    let state = config
        .get("hooks")
        .and_then(|h| h.get("state"))
        .and_then(toml::Value::as_table);
    let file = hooks_path.display().to_string();
    let mut untrusted = Vec::new();
    let mut seen = 0;
    for (event, list) in root
        .get("hooks")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        for (g, group) in list.as_array().into_iter().flatten().enumerate() {
            let matcher = group.get("matcher").and_then(Value::as_str);
            for (h, hook) in group
                .get("hooks")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .enumerate()
            {
                let cmd = hook.get("command").and_then(Value::as_str).unwrap_or("");
                if !is_ours(cmd, Agent::Codex) {
                    continue;
                }
                seen += 1;
                let Some(hash) = codex_hook_hash(event, matcher, hook) else {
                    return CodexTrust::Unknown(format!(
                        "askrisky's {event} hook has fields askrisky did not write"
                    ));
                };
                let key = format!("{file}:{}:{g}:{h}", snake(event));
                let trusted = state
                    .and_then(|s| s.get(&key))
                    .and_then(|e| e.get("trusted_hash"))
                    .and_then(toml::Value::as_str);
                if trusted != Some(hash.as_str()) {
                    untrusted.push(event.clone());
                }
            }
        }
    }
    if seen == 0 {
        return CodexTrust::Unknown("askrisky's hooks are not in hooks.json".into());
    }
    if untrusted.is_empty() {
        CodexTrust::Trusted
    } else {
        CodexTrust::NotTrusted(untrusted)
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
        // The recording hook is askrisky's too (uninstall removes it).
        let after = after_command(Path::new("/usr/local/bin/askrisky"), Agent::ClaudeCode);
        assert_eq!(after, "/usr/local/bin/askrisky hook claude-code --after");
        assert!(is_ours(&after, Agent::ClaudeCode));
        assert!(!is_ours(&after, Agent::Codex));
        assert!(!is_ours(
            "/usr/local/bin/askrisky hook claude-code --other",
            Agent::ClaudeCode
        ));
    }

    #[test]
    fn sha256_known_answers() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            sha256_hex(&[b'a'; 1000]),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
        );
    }

    #[test]
    fn codex_hashes_match_codex() {
        // Hashes Codex 0.171.0's app-server reported for these hooks.
        let hook = json!({"type": "command", "command": "/usr/local/bin/askrisky hook codex", "timeout": 60});
        assert_eq!(
            codex_hook_hash("PreToolUse", Some("Bash"), &hook).as_deref(),
            Some("sha256:c50a20fd85cd306800a9dc0d7138e456b0502aa10fb8cfddb71619f1718a8165")
        );
        assert_eq!(
            codex_hook_hash("UserPromptSubmit", None, &hook).as_deref(),
            Some("sha256:3f3a2d760b6f28d330f03cf211f284599ade9572586aa02ce3eea7b53c669bf2")
        );
        let mut other = hook.clone();
        other["statusMessage"] = json!("checking");
        assert_eq!(codex_hook_hash("PreToolUse", None, &other), None);
        assert_eq!(snake("SessionStart"), "session_start");
    }

    #[test]
    fn plugins_name_their_command_and_fail_closed() {
        for agent in [Agent::OpenCode, Agent::Pi] {
            let text = plugin(agent, Path::new("/opt/my \"tools\"/askrisky"));
            assert_eq!(
                plugin_command(&text),
                Some(command(Path::new("/opt/my \"tools\"/askrisky"), agent).as_str())
            );
            assert!(
                text.contains(r#"const ASKRISKY = "/opt/my \"tools\"/askrisky";"#),
                "{text}"
            );
            // Every failure path denies.
            for fail in [
                "exit status",
                "killed by",
                "unreadable answer",
                "no answer in time",
            ] {
                assert!(text.contains(fail), "{agent:?}: {fail}");
            }
        }
        // OpenCode's plugin says which session is the person's.
        assert!(plugin(Agent::OpenCode, Path::new("/a")).contains("client.session.get"));
    }
}
