//! Showing what askrisky knows: the rules, the decision log, and how the
//! configured reviewer does on labelled cases (`eval`).

use std::io::Write;

use super::CliError;
use super::args::{EvalArgs, LogArgs, RulesArgs};
use crate::config::Dirs;
use crate::danger::{Tier, rules::RULES};
use crate::log::{self, Record};

pub(super) fn rules(args: &RulesArgs) -> Result<u8, CliError> {
    let mut out = std::io::stdout().lock();
    if args.json {
        let list: Vec<_> = RULES
            .iter()
            .map(|r| {
                serde_json::json!({
                    "code": r.code,
                    "tier": r.tier,
                    "sentence": r.sentence,
                    "examples": r.examples,
                    "counterexamples": r.counterexamples,
                })
            })
            .collect();
        let text = serde_json::to_string_pretty(&list).map_err(|e| CliError::Output(e.into()))?;
        writeln!(out, "{text}").map_err(CliError::Output)?;
        return Ok(0);
    }
    for tier in [Tier::Blocked, Tier::Danger] {
        let title = match tier {
            Tier::Blocked => "Blocked tier (refused; nobody can approve it through askrisky)",
            _ => "Danger set (always the person's decision)",
        };
        writeln!(out, "{title}\n").map_err(CliError::Output)?;
        for r in RULES.iter().filter(|r| r.tier == tier) {
            writeln!(out, "  {:<24} {}", r.code, r.sentence).map_err(CliError::Output)?;
            let ex: Vec<String> = r
                .examples
                .iter()
                .take(3)
                .map(|e| crate::escape::escape(e))
                .collect();
            if !ex.is_empty() {
                writeln!(out, "  {:<24} e.g. {}", "", ex.join("  ·  "))
                    .map_err(CliError::Output)?;
            }
        }
        writeln!(out).map_err(CliError::Output)?;
    }
    Ok(0)
}

pub(super) fn log(args: &LogArgs) -> Result<u8, CliError> {
    let dirs = Dirs::from_env();
    let state = dirs.state.ok_or(CliError::NoStateDir)?;
    if args.verify {
        return verify_log(&state);
    }
    let mut out = std::io::stdout().lock();
    let print = |out: &mut std::io::StdoutLock<'_>, line: &str| -> std::io::Result<()> {
        if args.json {
            return writeln!(out, "{line}");
        }
        match serde_json::from_str::<Record>(line) {
            Ok(r) => {
                // A run contained says so, with how to run it as it is.
                let contained = match &r.contained {
                    Some(c) if c.applied => {
                        "  [contained: an approved line runs uncontained: askrisky exec --uncontained …]"
                    }
                    _ => "",
                };
                let outcome = serde_json::to_value(r.outcome)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default();
                let by = serde_json::to_value(r.decided_by)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default();
                writeln!(
                    out,
                    "{}  {:<9} {:<10} {}  — {}{contained}",
                    r.time.get(..19).unwrap_or(&r.time),
                    outcome,
                    by,
                    crate::escape::escape(&r.command),
                    crate::escape::escape(&r.reason)
                )
            }
            Err(_) => writeln!(out, "(unreadable record) {}", crate::escape::escape(line)),
        }
    };
    let lines = log::tail(&state, args.lines).map_err(|e| CliError::Log(log::path(&state), e))?;
    for l in &lines {
        print(&mut out, l).map_err(CliError::Output)?;
    }
    if args.follow {
        out.flush().map_err(CliError::Output)?;
        log::follow(&state, |l| {
            print(&mut out, l).and_then(|()| out.flush()).is_ok()
        })
        .map_err(|e| CliError::Log(log::path(&state), e))?;
    }
    Ok(0)
}

/// `askrisky log --verify`: 0 when every sealed record holds, 1 naming the
/// first that does not.
fn verify_log(state: &std::path::Path) -> Result<u8, CliError> {
    let key = crate::key::Key::load(state).map_err(|e| CliError::Log(log::path(state), e))?;
    let check = |parts: &[&[u8]], mac: &str| key.verify(parts, mac);
    let found = log::verify(state, &check).map_err(|e| CliError::Log(log::path(state), e))?;
    let mut out = std::io::stdout().lock();
    match found {
        log::Verified::Intact { sealed, unsealed } => {
            let before = if unsealed > 0 {
                format!(" ({unsealed} earlier records were written before the log was sealed)")
            } else {
                String::new()
            };
            writeln!(out, "the log holds: {sealed} sealed records check{before}")
                .map_err(CliError::Output)?;
            Ok(0)
        }
        log::Verified::Broken { line, what, why } => {
            writeln!(
                out,
                "the log was tampered with: record {line} ({what}): {why}"
            )
            .map_err(CliError::Output)?;
            Ok(1)
        }
    }
}

/// `askrisky eval CORPUS.jsonl… [--json] [--limit N] [--jobs N]`.
pub(super) fn eval(args: &EvalArgs) -> Result<u8, CliError> {
    use crate::eval;
    let loaded = crate::decide::Setup::load(&crate::config::Overrides::default(), super::cwd()?);
    loaded.warn_project(&crate::decide::WarnScope::Always);
    let reviewer = loaded
        .settings
        .reviewer
        .ok_or(eval::EvalError::NoReviewer)?;
    let setup = eval::setup(loaded.dirs, reviewer);
    let mut cases = eval::read_cases(&args.corpus)?;
    if let Some(n) = args.limit {
        cases.truncate(n);
    }
    let env = |k: &str| std::env::var(k).ok();
    let results = eval::run_all(&cases, &setup, &env, args.jobs, &eval::progress_bar);
    let report = eval::report(&results);
    let mut out = std::io::stdout().lock();
    if args.json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| CliError::Output(e.into()))?;
        writeln!(out, "{text}").map_err(CliError::Output)?;
    } else {
        write!(out, "{}", eval::render(&report)).map_err(CliError::Output)?;
    }
    Ok(0)
}
