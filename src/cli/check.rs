//! `askrisky check`: decide without running, and say why (text or JSON).

use std::io::Write;

use super::{CliError, ContextFlags, args::CheckArgs, say};
use crate::config::{self, Overrides};
use crate::danger::{self, Tier};
use crate::decide::{self, Options, Setup, Surface};
use crate::exit;
use crate::policy::{Allow, Reason, Review, Verdict};

/// The `check --json` document (schema 1).
#[derive(serde::Serialize)]
struct Report<'a> {
    schema: u32,
    decision: Verdict,
    explanation: String,
    codes: Vec<String>,
    reason: &'a Reason,
    tier: Tier,
    matches: &'a [danger::Match],
    /// What to do instead, for the rules behind the decision that have a
    /// safer way (added to schema 1; older readers ignore it).
    safer: Vec<danger::safer::Advice>,
    commands: Vec<String>,
    problems: &'a [crate::parse::Problem],
    files: &'a [crate::parse::ScriptFile],
    mode: &'a config::Sourced<config::Mode>,
    modes_given: &'a [config::Sourced<config::Mode>],
    allow_rule: Option<&'a str>,
    /// True when it runs because the person approved this line, here, for
    /// the rest of its session (present only then).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    session_approved: bool,
    /// True when an agent's hook would leave this line to the agent's own
    /// approval rules (no mode set, not in the danger set; present only
    /// then).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    hook_defers: bool,
    review: &'a Review,
    config_errors: &'a [crate::config::ConfigError],
    config_warnings: Vec<String>,
}

pub(super) fn run(
    args: &CheckArgs,
    overrides: &Overrides,
    context: &ContextFlags,
) -> Result<u8, CliError> {
    let setup = Setup::load(overrides, super::cwd()?);
    setup.warn_project(&decide::WarnScope::Always);
    let request = super::exec::request(
        &args.target,
        &setup,
        context,
        Surface::Check,
        args.shell.as_deref(),
    );
    let mut out = std::io::stdout().lock();
    if args.show_prompt {
        return match decide::preview(&setup, &request) {
            Ok(text) => {
                out.write_all(text.as_bytes()).map_err(CliError::Output)?;
                Ok(0)
            }
            Err(e) => {
                say!(
                    out,
                    "no request would be sent: {}",
                    crate::escape::escape(&e.to_string())
                )?;
                Ok(exit::NEEDS_PERSON)
            }
        };
    }
    let ruling = decide::decide(&setup, request, &Options::quiet());
    let eval = &ruling.evaluation;
    let safer = crate::approve::card::safer(&eval.decision);
    let settings = &setup.settings;
    let hook_defers = ruling.verdict == Verdict::Ask
        && settings.defers_clear_lines()
        && eval.decision.reason == Reason::AskMode;
    if args.json {
        let report = Report {
            schema: 1,
            decision: ruling.verdict,
            explanation: ruling.explain(),
            codes: eval.decision.codes(),
            reason: &eval.decision.reason,
            tier: eval.assessment.tier,
            matches: &eval.assessment.matches,
            safer,
            commands: eval.script.commands.iter().map(|c| c.display()).collect(),
            problems: &eval.script.problems,
            files: &eval.script.files,
            mode: &ruling.mode,
            modes_given: &settings.modes_given,
            allow_rule: match &eval.allow {
                Allow::Covered(r) => Some(r.as_str()),
                Allow::None => None,
            },
            session_approved: ruling.session_approved,
            hook_defers,
            review: &eval.review,
            config_errors: &settings.errors,
            config_warnings: settings.warnings.iter().map(ToString::to_string).collect(),
        };
        let text = serde_json::to_string_pretty(&report).map_err(|e| CliError::Output(e.into()))?;
        say!(out, "{text}")?;
    } else {
        let esc = crate::escape::escape;
        say!(out, "decision: {}", ruling.verdict.as_str())?;
        say!(out, "why:      {}", esc(&ruling.explain()))?;
        if ruling.session_approved {
            say!(
                out,
                "approval: you approved this line, in this folder, for the rest of session {}",
                esc(ruling.session.as_deref().unwrap_or_default())
            )?;
        }
        say!(out, "tier:     {}", eval.assessment.tier.as_str())?;
        if ruling.verdict == crate::policy::Verdict::Run {
            say!(out, "contain:  {}", containment(&setup, &ruling))?;
        }
        say!(
            out,
            "mode:     {} (from {})",
            ruling.mode.value,
            ruling.mode.source
        )?;
        for m in settings.modes_given.iter().filter(|m| **m != ruling.mode) {
            say!(out, "          also given: {} (from {})", m.value, m.source)?;
        }
        if hook_defers {
            say!(
                out,
                "hooks:    an agent's hook leaves this line to the agent's own approval rules (your config sets no mode)"
            )?;
        }
        for m in &eval.assessment.matches {
            let on = if m.command.is_empty() {
                String::new()
            } else {
                format!("  ({})", esc(&m.command))
            };
            say!(
                out,
                "rule:     {} [{}] {}{on}",
                m.tier.as_str(),
                m.code,
                m.sentence
            )?;
        }
        for s in &safer {
            say!(out, "safer:    [{}] {}", s.code, s.line())?;
        }
        for c in &eval.script.commands {
            let via = if c.via.is_empty() {
                String::new()
            } else {
                format!("  (via {})", c.via.join(" > "))
            };
            say!(out, "command:  {}{via}", esc(&c.display()))?;
        }
        for f in &eval.script.files {
            say!(
                out,
                "file:     {} ({} lines, as read and judged)",
                esc(&f.path),
                f.text.lines().count()
            )?;
        }
        for p in &eval.script.problems {
            say!(
                out,
                "problem:  {}",
                esc(&serde_json::to_string(p).unwrap_or_default())
            )?;
        }
    }
    Ok(match ruling.verdict {
        Verdict::Run => exit::RUN,
        Verdict::Ask => exit::NEEDS_PERSON,
        Verdict::Refuse => exit::REFUSED,
    })
}

/// How `exec` would run a line it runs: contained, and with what, or not
/// and why (once, on `check`'s output; `doctor` says it for the machine).
fn containment(setup: &crate::decide::Setup, ruling: &crate::decide::Ruling) -> String {
    let c = &setup.settings.contain;
    if ruling.by == crate::log::DecidedBy::Person {
        return "no: approved by you, it runs as it is".into();
    }
    if !c.enabled {
        return "no: containment is off in your config".into();
    }
    if let Err(e) = crate::contain::kernel::available() {
        return format!("no: {e} (your config runs it anyway)");
    }
    match crate::decide::floor::policy(setup, &ruling.request.cwd) {
        Ok(p) => format!("yes: {}", p.summary()),
        Err(e) => format!("no: {e}: exec would not run it"),
    }
}
