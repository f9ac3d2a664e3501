//! Evaluation: one request through parse ─► danger ─► allow ─► review ─►
//! policy, in that order, each step fed only what it needs. Pure but for
//! the review, which the caller hands in.

use std::time::Duration;

use serde::Serialize;

use super::request::Request;
use crate::config::{AllowRule, Settings};
use crate::danger::{self, Assessment, ExtraRule, Place, Tier, prefix_matches};
use crate::parse::Syntax;
use crate::parse::disk::Disk;
use crate::parse::{self, Problem, Script};
use crate::policy::{self, Allow, Decision, Mode, Review};

/// Everything known about one request once it is decided.
#[derive(Clone, Debug, Serialize)]
pub struct Evaluation {
    /// The parsed line.
    pub script: Script,
    /// The danger set's verdict.
    pub assessment: Assessment,
    /// The allow rule that covers the line, if any.
    #[serde(skip)]
    pub allow: Allow,
    /// What the reviewer said, or why it was not asked.
    pub review: Review,
    /// What the review cost, when one was made.
    #[serde(skip)]
    pub review_meta: Option<crate::review::Meta>,
    /// The mode the decision was made in.
    #[serde(skip)]
    pub mode: Mode,
    /// The decision.
    pub decision: Decision,
}

/// Decides on a command line in `mode`. `review` is called only when the
/// decision needs the reviewer: review mode, a line outside the danger set,
/// no allow rule.
pub fn evaluate(
    request: &Request,
    mode: Mode,
    settings: &Settings,
    ctx: &Place,
    disk: Option<&Disk>,
    review: impl FnOnce() -> crate::review::Reviewed,
) -> Evaluation {
    let (mut script, mut assessment) = analyse(
        &request.line,
        request.syntax(),
        ctx,
        &settings.extra_danger,
        disk,
        ANALYSIS_BUDGET,
    );
    if request.not_utf8() {
        script.problems.push(Problem::Unparseable {
            detail: "an argument is not valid UTF-8".into(),
        });
        assessment = danger::assess(&script, ctx, &settings.extra_danger);
    }
    let allow = allow_for(&request.line, &script, &assessment, &settings.allow);
    let needs_review =
        mode == Mode::Review && assessment.tier == Tier::Clear && allow == Allow::None;
    let (review, review_meta) = if needs_review {
        let outcome = review();
        (outcome.review, Some(outcome.meta))
    } else {
        (Review::NotNeeded, None)
    };
    Evaluation::of(script, assessment, allow, review, review_meta, mode)
}

impl Evaluation {
    /// Puts the parts together and lets the policy decide.
    pub fn of(
        script: Script,
        assessment: Assessment,
        allow: Allow,
        review: Review,
        review_meta: Option<crate::review::Meta>,
        mode: Mode,
    ) -> Self {
        let decision = policy::decide(mode, &assessment, &allow, &review);
        Self {
            script,
            assessment,
            allow,
            review,
            review_meta,
            mode,
            decision,
        }
    }
}

/// How long parsing a line and running the danger set over it may take.
/// Ordinary lines take microseconds. The shell grammar's parser can
/// backtrack exponentially on hostile input, and a guard that hangs is one
/// the agent's harness gives up on: several agents run the command when a
/// hook times out. Past the budget the line is `parse.too_slow`, which asks.
pub const ANALYSIS_BUDGET: Duration = Duration::from_secs(2);

/// Stack for the analysis thread: the parser recurses once per nesting
/// level, up to [`parse::MAX_SYNTAX_DEPTH`].
pub const ANALYSIS_STACK: usize = 16 << 20;

/// Parses a line and runs the danger set over it within `budget`. Plain
/// lines (one command of plain words) are analysed in place; any other
/// runs on its own thread, and if it has not finished in time the line
/// counts as too slow to analyse. The thread is left to finish on its own:
/// the decision does not wait for it, and askrisky exits or execs soon.
pub fn analyse(
    line: &str,
    syntax: Syntax,
    ctx: &Place,
    extra: &[ExtraRule],
    disk: Option<&Disk>,
    budget: Duration,
) -> (Script, Assessment) {
    let parse = move |line: &str, disk: Option<Disk>| match disk {
        Some(d) => parse::parse_on(line, syntax, d),
        None => parse::parse_as(line, syntax),
    };
    if parse::is_plain_as(line, syntax) {
        let script = parse(line, disk.cloned());
        let assessment = danger::assess(&script, ctx, extra);
        return (script, assessment);
    }
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    let work = (line.to_owned(), ctx.clone(), extra.to_vec(), disk.cloned());
    let spawned = std::thread::Builder::new()
        .name("askrisky-analyse".into())
        .stack_size(ANALYSIS_STACK)
        .spawn(move || {
            let (line, ctx, extra, disk) = work;
            let script = parse(&line, disk);
            let assessment = danger::assess(&script, &ctx, &extra);
            // The receiver may have given up; nothing to do then.
            let _ = tx.send((script, assessment));
        });
    let problem = match spawned.map(|_| rx.recv_timeout(budget)) {
        Ok(Ok(done)) => return done,
        Ok(Err(std::sync::mpsc::RecvTimeoutError::Timeout)) => Problem::TooSlow {
            budget_ms: u64::try_from(budget.as_millis()).unwrap_or(u64::MAX),
        },
        Ok(Err(std::sync::mpsc::RecvTimeoutError::Disconnected)) => Problem::Unparseable {
            detail: "askrisky failed while analysing this line".into(),
        },
        Err(e) => Problem::Unparseable {
            detail: format!("askrisky could not start analysing this line: {e}"),
        },
    };
    let script = Script {
        problems: vec![problem],
        ..Script::default()
    };
    let assessment = danger::assess(&script, ctx, extra);
    (script, assessment)
}

/// Finds the person's allow rule that covers a line: an exact line, or an
/// argv prefix of a line that is exactly one simple command and parses
/// cleanly. A rule covers only what it says: a prefix rule matches no
/// assignment it does not list (`env`) and no redirection to or from a
/// file unless it says `redirects`; and no rule covers a line that sets a
/// variable steering what runs (`PATH`, `GIT_DIR`, `LD_PRELOAD`, …; see
/// [`crate::policy::steers_programs`]). A rule covers danger-set matches
/// only when it names each of their codes; nothing covers the blocked tier.
pub fn allow_for(
    line: &str,
    script: &Script,
    assessment: &Assessment,
    rules: &[AllowRule],
) -> Allow {
    if assessment.tier == Tier::Blocked {
        return Allow::None;
    }
    let steered = script.commands.iter().any(|c| {
        c.assignments
            .iter()
            .any(|(name, _)| crate::policy::steers_programs(name))
    });
    if steered {
        return Allow::None;
    }
    for rule in rules {
        let hit = match (&rule.line, &rule.prefix) {
            (Some(l), None) => l.trim() == line.trim(),
            (None, Some(p)) => {
                script.problems.is_empty()
                    && script.written_count() == 1
                    && script.commands.first().is_some_and(|c| {
                        prefix_matches(c, p)
                            && c.assignments.iter().all(|(n, _)| rule.env.contains(n))
                            && (rule.redirects || c.redirects.iter().all(touches_no_file))
                    })
            }
            _ => false,
        };
        if hit
            && assessment
                .matches
                .iter()
                .all(|m| rule.covers.contains(&m.code))
        {
            return Allow::Covered(rule.describe());
        }
    }
    Allow::None
}

/// A redirection that reads and writes no file: a descriptor copied
/// (`2>&1`) or output thrown away (`> /dev/null`).
fn touches_no_file(r: &crate::parse::Redirect) -> bool {
    use crate::parse::RedirectOp;
    match r.op {
        RedirectOp::Duplicate => true,
        RedirectOp::Write | RedirectOp::Append => r.target.literal && r.target.value == "/dev/null",
        RedirectOp::Read | RedirectOp::ReadWrite | RedirectOp::HereDoc | RedirectOp::HereString => {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allow(line: &str, rules: &[AllowRule]) -> Allow {
        let script = parse::parse(line);
        let a = danger::assess(&script, &Place::example(), &[]);
        allow_for(line, &script, &a, rules)
    }

    fn prefix(p: &[&str], covers: &[&str]) -> AllowRule {
        AllowRule {
            prefix: Some(p.iter().map(|s| (*s).to_owned()).collect()),
            covers: covers.iter().map(|s| (*s).to_owned()).collect(),
            ..AllowRule::default()
        }
    }

    fn exact(l: &str, covers: &[&str]) -> AllowRule {
        AllowRule {
            line: Some(l.into()),
            covers: covers.iter().map(|s| (*s).to_owned()).collect(),
            ..AllowRule::default()
        }
    }

    #[test]
    fn allow_rule_matching() {
        let cargo = prefix(&["cargo", "build"], &[]);
        let logged = AllowRule {
            env: vec!["RUST_LOG".into()],
            ..cargo.clone()
        };
        let redirecting = AllowRule {
            redirects: true,
            ..cargo.clone()
        };
        let rows: &[(&str, &[AllowRule], bool)] = &[
            ("cargo build", std::slice::from_ref(&cargo), true),
            ("cargo build --release", std::slice::from_ref(&cargo), true),
            ("/usr/bin/cargo build", std::slice::from_ref(&cargo), true),
            ("cargo test", std::slice::from_ref(&cargo), false),
            ("cargo", std::slice::from_ref(&cargo), false),
            // more than one simple command: a prefix never matches
            ("cargo build && rm x", std::slice::from_ref(&cargo), false),
            ("cargo build $(rm x)", std::slice::from_ref(&cargo), false),
            ("cargo build; ls", std::slice::from_ref(&cargo), false),
            ("cargo build | tee log", std::slice::from_ref(&cargo), false),
            // a wrapper is not the program the rule names
            ("sudo cargo build", std::slice::from_ref(&cargo), false),
            // dynamic words never match
            ("$CARGO build", std::slice::from_ref(&cargo), false),
            // danger needs an explicit cover
            (
                "rm -rf target",
                &[prefix(&["rm", "-rf", "target"], &[])],
                false,
            ),
            (
                "rm -rf target",
                &[prefix(&["rm", "-rf", "target"], &["delete.recursive"])],
                false,
            ),
            (
                "rm -rf target",
                &[prefix(
                    &["rm", "-rf", "target"],
                    &["delete.recursive", "delete.forced"],
                )],
                true,
            ),
            // blocked is never covered
            (
                "rm -rf /",
                &[exact(
                    "rm -rf /",
                    &["delete.root", "delete.recursive", "delete.forced"],
                )],
                false,
            ),
            // exact lines
            ("make docs", &[exact("make docs", &[])], true),
            ("make docs ", &[exact("make docs", &[])], true),
            ("make docs && x", &[exact("make docs", &[])], false),
            ("npm publish", &[exact("npm publish", &[])], false),
            (
                "npm publish",
                &[exact("npm publish", &["publish.package"])],
                true,
            ),
            // a prefix rule covers only what it says
            (
                "RUST_LOG=1 cargo build",
                std::slice::from_ref(&cargo),
                false,
            ),
            (
                "RUST_LOG=1 cargo build",
                std::slice::from_ref(&logged),
                true,
            ),
            (
                "RUST_LOG=1 FOO=2 cargo build",
                std::slice::from_ref(&logged),
                false,
            ),
            ("cargo build > out.txt", std::slice::from_ref(&cargo), false),
            ("cargo build < in.txt", std::slice::from_ref(&cargo), false),
            ("cargo build <<< x", std::slice::from_ref(&cargo), false),
            (
                "cargo build > out.txt",
                std::slice::from_ref(&redirecting),
                true,
            ),
            ("cargo build 2>&1", std::slice::from_ref(&cargo), true),
            (
                "cargo build > /dev/null 2>&1",
                std::slice::from_ref(&cargo),
                true,
            ),
            (
                "cargo build >> /dev/null",
                std::slice::from_ref(&cargo),
                true,
            ),
            // variables that steer what runs ride on no rule at all
            (
                "PATH=/evil:$PATH cargo build",
                std::slice::from_ref(&logged),
                false,
            ),
            (
                "GIT_DIR=/x git status",
                &[prefix(&["git", "status"], &[])],
                false,
            ),
            (
                "GIT_DIR=/x git status",
                &[exact("GIT_DIR=/x git status", &[])],
                false,
            ),
            (
                "LD_PRELOAD=/x.so make docs",
                &[exact("LD_PRELOAD=/x.so make docs", &[])],
                false,
            ),
            (
                "env PATH=/evil git status",
                &[exact("env PATH=/evil git status", &[])],
                false,
            ),
            ("FOO=1 make docs", &[exact("FOO=1 make docs", &[])], true),
        ];
        for (line, rules, want) in rows {
            assert_eq!(allow(line, rules) != Allow::None, *want, "{line} {rules:?}");
        }
    }

    /// The reviewer is asked only in review mode, for a line outside the
    /// danger set that no allow rule covers.
    #[test]
    fn the_reviewer_is_asked_only_when_it_decides() {
        use crate::config::{Settings, Source, Sourced};
        use crate::decide::request::Surface;
        let settings = |mode, allow: Vec<AllowRule>| Settings {
            mode: Sourced {
                value: mode,
                source: Source::Default,
            },
            allow,
            ..Settings::defaults()
        };
        let cases = [
            (Mode::Review, "ls", vec![], true),
            (Mode::Review, "rm -rf build", vec![], false),
            (Mode::Review, "ls", vec![exact("ls", &[])], false),
            (Mode::Autopilot, "ls", vec![], false),
            (Mode::Ask, "ls", vec![], false),
        ];
        for (mode, line, allow, want) in cases {
            let asked = std::cell::Cell::new(false);
            let r = Request::line(line, Syntax::Posix, "/p".into(), Surface::Check);
            let e = evaluate(
                &r,
                mode,
                &settings(mode, allow),
                &Place::example(),
                None,
                || {
                    asked.set(true);
                    crate::review::Reviewed {
                        review: Review::NotNeeded,
                        meta: crate::review::Meta::default(),
                    }
                },
            );
            assert_eq!(asked.get(), want, "{mode:?} {line}");
            assert_eq!(e.mode, mode);
        }
    }

    /// Sixteen unclosed parentheses around a word: within the depth bound,
    /// yet the parser backtracks for tens of milliseconds even in a release
    /// build, far longer than a zero budget.
    const SLOW: &str = "((((((((a b((((((((d";

    #[test]
    fn a_line_past_the_budget_asks() {
        // The analysis runs on its own thread: on a loaded machine it may
        // be done before a zero budget is even looked at, so the line is
        // tried until the budget is the one that ends it (that answer is
        // what is checked; an analysis that finished in time is whole).
        let mut timed_out = false;
        for _ in 0..50 {
            let (script, a) = analyse(
                SLOW,
                Syntax::Posix,
                &Place::example(),
                &[],
                None,
                Duration::ZERO,
            );
            if script.problems == vec![Problem::TooSlow { budget_ms: 0 }] {
                assert_eq!(a.tier, Tier::Danger);
                assert_eq!(a.codes(), vec!["parse.too_slow"]);
                timed_out = true;
                break;
            }
            assert!(!script.commands.is_empty() || !script.problems.is_empty());
        }
        assert!(timed_out, "a zero budget never ended the analysis");
    }

    #[test]
    fn within_the_budget_the_analysis_is_the_same() {
        for line in [
            "git status",
            "ls | grep x && rm -rf build",
            SLOW,
            "rm -rf /",
        ] {
            let (script, a) = analyse(
                line,
                Syntax::Bash,
                &Place::example(),
                &[],
                None,
                ANALYSIS_BUDGET,
            );
            let direct = parse::parse(line);
            assert_eq!(
                serde_json::to_value(&script).ok(),
                serde_json::to_value(&direct).ok(),
                "{line}"
            );
            assert_eq!(a, danger::assess(&direct, &Place::example(), &[]), "{line}");
        }
        // Plain lines never wait on a thread, whatever the budget.
        let (_, a) = analyse(
            "rm -rf /",
            Syntax::Posix,
            &Place::example(),
            &[],
            None,
            Duration::ZERO,
        );
        assert_eq!(a.tier, Tier::Blocked);
    }
}
