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
pub(super) fn hook(agent: Agent, overrides: Overrides) -> Result<u8, CliError> {
    use crate::hook::supervise::{OUTER_BOUND, is_worker, supervise, worker_command};
    use crate::hook::watchdog::{BOUND, Watchdog};
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

/// `askrisky shims install DIR`.
pub(super) fn shims_install(dir: &Path) -> Result<u8, CliError> {
    use std::os::unix::fs::PermissionsExt;
    let bin = super::self_path()?;
    let script = SHIM.replace(
        "@ASKRISKY_BIN@",
        &bin.display().to_string().replace('"', "\\\""),
    );
    std::fs::create_dir_all(dir).map_err(|e| CliError::Shims(dir.to_path_buf(), e))?;
    for name in ["sh", "bash"] {
        let p = dir.join(name);
        crate::util::write_atomically(&p, script.as_bytes())
            .map_err(|e| CliError::Shims(p.clone(), e))?;
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| CliError::Shims(p.clone(), e))?;
    }
    let d = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    println!(
        "shims written to {}\nput it first on PATH for the agent, e.g.:  export PATH=\"{}:$PATH\"",
        d.display(),
        d.display()
    );
    Ok(0)
}
