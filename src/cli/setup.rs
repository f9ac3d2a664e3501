//! Setting askrisky up with agents: answering their hooks, installing and
//! removing those hooks, and the shims (`doctor` checks them).

use std::io::Write;
use std::path::Path;

use super::CliError;
use crate::config::{Dirs, Overrides};
use crate::hook::Agent;

/// `askrisky hook AGENT`: one hook call, answered on stdout within the
/// watchdog's bound, then recorded. The process the agent starts only
/// supervises: the decision runs in a worker, so that a crash of the
/// analysis still leaves a closed answer (see `hook::supervise`).
pub(super) fn hook(agent: Agent, after: bool, overrides: Overrides) -> Result<u8, CliError> {
    use crate::hook::supervise::{OUTER_BOUND, is_worker, supervise, worker_command};
    use crate::hook::watchdog::{BOUND, Watchdog};
    if after {
        return hook_after(agent);
    }
    if !is_worker() {
        let out = supervise(agent, worker_command(), OUTER_BOUND);
        let mut stdout = std::io::stdout().lock();
        // Nothing else may reach stdout: it is the agent's protocol.
        let _ = writeln!(stdout, "{out}");
        let _ = stdout.flush();
        return Ok(0);
    }
    let dog = Watchdog::start(agent, BOUND);
    let input = crate::hook::read_input();
    let live = crate::hook::live::Live::new(overrides, Some(dog.clone()));
    let out = crate::hook::handle(agent, &input, &live);
    // Nothing else may reach stdout: it is the agent's protocol.
    dog.answer(&out);
    live.finish();
    Ok(0)
}

/// `askrisky hook AGENT --after`: the agent reports a tool that ran. The
/// answer, always empty, is out before anything else is done; then the
/// person's answer at the agent's prompt is recorded, if this was a command
/// askrisky asked about (`hook::after`). A worker that fails or hangs
/// leaves the same empty answer.
fn hook_after(agent: Agent) -> Result<u8, CliError> {
    use crate::hook::after::{self, ANSWER};
    use crate::hook::supervise::{is_worker, supervise_answering, worker_command};
    use crate::hook::watchdog::{BOUND, Watchdog};
    if !is_worker() {
        let out = supervise_answering(worker_command(), BOUND * 2, &|_| ANSWER.to_owned());
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{out}");
        let _ = stdout.flush();
        return Ok(0);
    }
    let dog = Watchdog::start_answering(BOUND, ANSWER.to_owned());
    let input = crate::hook::read_input();
    dog.answer(ANSWER);
    // A command askrisky ran (the agent running `askrisky hook` itself)
    // is not the agent reporting: nothing is recorded from there.
    if std::env::var_os(crate::decide::VETTED_ENV).is_some() {
        return Ok(0);
    }
    let (Some(ran), Some(state)) = (after::read(agent, &input), Dirs::from_env().state) else {
        return Ok(0);
    };
    if let Err(e) = after::record(agent, &state, &ran) {
        eprintln!("askrisky: warning: cannot record the answer at the agent's prompt: {e}");
    }
    Ok(0)
}

/// `askrisky install|uninstall <agent> [--dry-run]`.
pub(super) fn install(agent: Agent, dry_run: bool, add: bool) -> Result<u8, CliError> {
    use crate::install;
    let home = Dirs::from_env().home.ok_or(install::InstallError::NoHome)?;
    let plan = if add {
        install::plan_install(agent, &home, &super::self_path()?)?
    } else {
        install::plan_uninstall(agent, &home)?
    };
    let mut out = std::io::stdout().lock();
    let path = plan.path.display().to_string();
    if !plan.changes() {
        writeln!(
            out,
            "{path}: already {}",
            if add {
                "installed"
            } else {
                "without askrisky's hooks"
            }
        )
        .map_err(CliError::Output)?;
        return Ok(0);
    }
    writeln!(
        out,
        "--- {path}\n+++ {path}{}",
        if dry_run {
            " (dry run: not written)"
        } else {
            ""
        }
    )
    .map_err(CliError::Output)?;
    let before = plan.before.clone().unwrap_or_default();
    let after = plan.after.clone().unwrap_or_default();
    write!(
        out,
        "{}",
        crate::escape::escape_lines(&install::diff(&before, &after)).join("\n")
    )
    .map_err(CliError::Output)?;
    writeln!(out).map_err(CliError::Output)?;
    if dry_run {
        return Ok(0);
    }
    let backup = install::apply(&plan)?;
    if let Some(b) = backup {
        writeln!(out, "backup: {}", b.display()).map_err(CliError::Output)?;
    }
    if add && agent == Agent::Codex && install::codex_trust(&home) != install::CodexTrust::Trusted {
        writeln!(out, "installed, not trusted: open /hooks in Codex to trust it (Codex runs a new or changed hook only after you trust it)")
            .map_err(CliError::Output)?;
    }
    Ok(0)
}

/// The shim script, with this binary's path.
const SHIM: &str = include_str!("../../shims/sh");

/// `askrisky shims install DIR`: `sh` and `bash` always, `zsh` where a
/// real zsh is installed (a zsh shim with no zsh behind it would only make
/// zsh look present to what looks for it).
pub(super) fn shims_install(dir: &Path) -> Result<u8, CliError> {
    use std::os::unix::fs::PermissionsExt;
    let bin = super::self_path()?;
    let script = SHIM.replace(
        "@ASKRISKY_BIN@",
        &bin.display().to_string().replace('"', "\\\""),
    );
    std::fs::create_dir_all(dir).map_err(|e| CliError::Shims(dir.to_path_buf(), e))?;
    let d = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let path_var = std::env::var_os("PATH");
    let mut written = Vec::new();
    for name in super::shell_check::NAMES {
        if *name == "zsh" && real_shell(name, &d, path_var.as_deref()).is_none() {
            continue;
        }
        let p = dir.join(name);
        crate::util::write_atomically(&p, script.as_bytes())
            .map_err(|e| CliError::Shims(p.clone(), e))?;
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| CliError::Shims(p.clone(), e))?;
        written.push(*name);
    }
    if let Some(state) = Dirs::from_env().state
        && let Err(e) = super::shell_check::record(&state, &d)
    {
        eprintln!("askrisky: warning: cannot record the shims' folder for doctor: {e}");
    }
    let shell = if written.contains(&"zsh") {
        format!("{}/bash or {}/zsh", d.display(), d.display())
    } else {
        format!("{}/bash", d.display())
    };
    println!(
        "shims ({}) written to {}\n\
         put it first on PATH for the agent, e.g.:  export PATH=\"{}:$PATH\"\n\
         for agents that run $SHELL -c (aider), point SHELL at a shim:  SHELL={shell}",
        written.join(", "),
        d.display(),
        d.display(),
    );
    Ok(0)
}

/// The real shell `name` the shims in `dir` would run: the first one on
/// `path_var` outside `dir` that is not a shim, else the one in `/bin` or
/// `/usr/bin`.
fn real_shell(
    name: &str,
    dir: &Path,
    path_var: Option<&std::ffi::OsStr>,
) -> Option<std::path::PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let runnable = |p: &Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            && !super::shell_check::is_shim(p)
    };
    path_var
        .map(|p| std::env::split_paths(p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|d| std::fs::canonicalize(d).ok().as_deref() != Some(dir))
        .chain([
            Path::new("/bin").to_path_buf(),
            Path::new("/usr/bin").to_path_buf(),
        ])
        .map(|d| d.join(name))
        .find(|p| runnable(p))
}
