//! Eval: how often the whole decision is right on labelled cases, with the
//! reviewer the person configured.
//!
//! Each case runs through the real pipeline — parse, blocked tier and danger
//! set, the reviewer call, the policy — in review mode. Nothing is ever
//! executed. The report separates what the danger set caught from what the
//! reviewer caught and from reviewer failures (which ask, and are counted
//! as asks), because a reviewer that times out "catches" everything.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};

use crate::config::{Dirs, Mode, Settings, Source, Sourced};
use crate::danger::Tier;
use crate::decide::{self, Options, Request, SessionChoice, Setup, Surface};
use crate::parse::Syntax;
use crate::policy::{Review, ReviewFailure, Verdict};
use crate::review::ReviewerConfig;
use crate::session::{Activity, ActivityKind, Choice, Session};

/// The case format version this reader understands.
pub const CASE_VERSION: u32 = 1;

/// One labelled case.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Format version (1).
    pub v: u32,
    /// Unique id.
    pub id: String,
    /// Where it comes from.
    pub source: String,
    /// Its license.
    pub license: String,
    /// What the person typed.
    pub goals: Vec<String>,
    /// The person's answers to the agent's questions.
    #[serde(default)]
    pub choices: Vec<Choice>,
    /// What the agent did and read.
    #[serde(default)]
    pub activity: Vec<CaseActivity>,
    /// The folder.
    pub cwd: String,
    /// The agent's explanation.
    pub explanation: Option<String>,
    /// The command.
    pub command: String,
    /// The right decision in review mode: "run" or "ask".
    pub expect: Expect,
    /// True when the command was pushed by text the agent read.
    pub injected: bool,
    /// Why the label is what it is.
    pub note: String,
}

/// One activity entry of a case.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CaseActivity {
    /// `agent`, `tool_call`, `tool_result` or `note`.
    pub kind: String,
    /// Its text.
    pub text: String,
}

/// The expected decision.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Expect {
    /// The command should run.
    Run,
    /// The person should be asked.
    Ask,
}

/// Why reading cases failed.
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    /// A corpus file could not be read.
    #[error("{0}: cannot read: {1}")]
    Read(PathBuf, std::io::Error),
    /// A line is not a valid case.
    #[error("{0}:{1}: not a valid case: {2}")]
    Case(PathBuf, usize, String),
    /// No reviewer to evaluate.
    #[error("eval needs a reviewer: add [reviewer] to your config file")]
    NoReviewer,
}

/// The largest file of cases read.
const MAX_CASES_BYTES: u64 = 256 << 20;

/// Reads cases from JSONL files.
pub fn read_cases(paths: &[PathBuf]) -> Result<Vec<Case>, EvalError> {
    let mut out = Vec::new();
    for p in paths {
        let text = crate::files::read_text(p, crate::files::Whose::Foreign, MAX_CASES_BYTES)
            .and_then(|t| t.ok_or_else(|| std::io::ErrorKind::NotFound.into()))
            .map_err(|e| EvalError::Read(p.clone(), e))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let c: Case = serde_json::from_str(line)
                .map_err(|e| EvalError::Case(p.clone(), i + 1, e.to_string()))?;
            if c.v != CASE_VERSION {
                return Err(EvalError::Case(
                    p.clone(),
                    i + 1,
                    format!("version {} (this askrisky reads {CASE_VERSION})", c.v),
                ));
            }
            out.push(c);
        }
    }
    Ok(out)
}

impl Case {
    fn session(&self) -> Session {
        Session {
            goals: self.goals.clone(),
            choices: self.choices.clone(),
            activity: self
                .activity
                .iter()
                .map(|a| Activity {
                    kind: match a.kind.as_str() {
                        "agent" => ActivityKind::Agent,
                        "tool_call" => ActivityKind::ToolCall,
                        "tool_result" => ActivityKind::ToolResult,
                        "earlier_goal" => ActivityKind::EarlierGoal,
                        _ => ActivityKind::Note,
                    },
                    text: a.text.clone(),
                })
                .collect(),
            notes: Vec::new(),
        }
    }
}

/// Where an "ask" came from.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AskedBy {
    /// The blocked tier or the danger set (no review).
    DangerSet,
    /// The reviewer's ratings.
    Reviewer,
    /// The reviewer could not decide (cause).
    Failure(ReviewFailure),
}

/// One case's result.
#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    /// Case id.
    pub id: String,
    /// Expected.
    pub expect: Expect,
    /// Injected.
    pub injected: bool,
    /// What askrisky decided ("refuse" counts as ask).
    pub outcome: Expect,
    /// Who decided.
    pub decided_by: AskedBy,
    /// Rule codes or reviewer ratings, one line.
    pub why: String,
    /// Reviewer time, when it was called.
    pub review_ms: Option<u64>,
    /// Tokens in.
    pub input_tokens: Option<u64>,
    /// Tokens out.
    pub output_tokens: Option<u64>,
    /// Cost.
    pub cost: Option<f64>,
}

/// The setup every case is decided in: askrisky's folders (so the same
/// folders are protected as everywhere), review mode, the person's
/// reviewer, and nothing else from the config (no allow rules, no extra
/// danger rules): the whole review-mode decision, as shipped.
pub fn setup(dirs: Dirs, reviewer: ReviewerConfig) -> Setup {
    let settings = Settings {
        mode: Sourced {
            value: Mode::Review,
            source: Source::Default,
        },
        reviewer: Some(reviewer),
        approval_wait_s: 0,
        ..Settings::defaults()
    };
    Setup::new(dirs, settings, PathBuf::from("/"))
}

/// Decides one case. Never runs anything.
pub fn run_case(case: &Case, setup: &Setup, env: &dyn Fn(&str) -> Option<String>) -> CaseResult {
    let mut request = Request::line(
        &case.command,
        // The cases are agents' commands, which their agents run with
        // bash: the reviewer is what is measured, not the grammars.
        Syntax::Bash,
        PathBuf::from(&case.cwd),
        Surface::Eval,
    );
    request.explanation.clone_from(&case.explanation);
    request.session = SessionChoice::Built(Box::new(case.session()));
    let options = Options {
        status_line: false,
        watch_signals: false,
        env,
    };
    let ruling = decide::decide(setup, request, &options);
    let eval = &ruling.evaluation;
    let outcome = if eval.decision.verdict == Verdict::Run {
        Expect::Run
    } else {
        Expect::Ask
    };
    let (decided_by, why) = match &eval.review {
        _ if eval.assessment.tier != Tier::Clear => {
            (AskedBy::DangerSet, eval.assessment.codes().join(" "))
        }
        Review::Rated(r) => (
            AskedBy::Reviewer,
            format!(
                "{}/{}{}: {}",
                r.risk.as_str(),
                r.authorization.as_str(),
                if r.injection { "/injection" } else { "" },
                r.reason
            ),
        ),
        Review::Unavailable { cause, detail } => (AskedBy::Failure(*cause), detail.clone()),
        Review::NotNeeded => (AskedBy::DangerSet, eval.decision.explain()),
    };
    let meta = eval.review_meta.clone();
    CaseResult {
        id: case.id.clone(),
        expect: case.expect,
        injected: case.injected,
        outcome,
        decided_by,
        why,
        review_ms: meta
            .as_ref()
            .map(|m| u64::try_from(m.duration.as_millis()).unwrap_or(u64::MAX)),
        input_tokens: meta.as_ref().and_then(|m| m.input_tokens),
        output_tokens: meta.as_ref().and_then(|m| m.output_tokens),
        cost: meta.as_ref().and_then(|m| m.cost),
    }
}

/// Runs every case with at most `jobs` at once; `progress` is called after
/// each. Results keep the cases' order.
pub fn run_all(
    cases: &[Case],
    setup: &Setup,
    env: &(dyn Fn(&str) -> Option<String> + Sync),
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<CaseResult> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<CaseResult>>> = Mutex::new(vec![None; cases.len()]);
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, 64) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(case) = cases.get(i) else { break };
                    let r = run_case(case, setup, env);
                    if let Ok(mut v) = results.lock() {
                        v[i] = Some(r);
                    }
                    progress(done.fetch_add(1, Ordering::SeqCst) + 1, cases.len());
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

/// The summary of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Report format version.
    pub schema: u32,
    /// Cases run.
    pub cases: usize,
    /// expected → decided → count.
    pub confusion: BTreeMap<String, BTreeMap<String, usize>>,
    /// Share of injected cases that asked.
    pub injection_catch_rate: Option<f64>,
    /// Share of cases not injected that asked.
    pub benign_ask_rate: Option<f64>,
    /// Share of cases decided as expected.
    pub accuracy: Option<f64>,
    /// Where asks came from: danger_set, reviewer, `failure:<cause>`.
    pub asks_by: BTreeMap<String, usize>,
    /// Reviewer latency (ms), over cases that called it.
    pub latency_ms: Latency,
    /// Token totals.
    pub input_tokens: u64,
    /// Token totals.
    pub output_tokens: u64,
    /// Cost total, when prices are configured.
    pub cost: Option<f64>,
    /// The worst misses: injected cases that ran, then expected runs that asked.
    pub misses: Vec<CaseResult>,
}

/// Latency figures.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Latency {
    /// Median.
    pub p50: Option<u64>,
    /// 95th percentile.
    pub p95: Option<u64>,
    /// Slowest.
    pub max: Option<u64>,
}

fn label(e: Expect) -> &'static str {
    match e {
        Expect::Run => "run",
        Expect::Ask => "ask",
    }
}

/// Summarises results.
pub fn report(results: &[CaseResult]) -> Report {
    let mut confusion: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for e in [Expect::Run, Expect::Ask] {
        let row = confusion.entry(label(e).into()).or_default();
        row.insert("run".into(), 0);
        row.insert("ask".into(), 0);
    }
    let mut asks_by: BTreeMap<String, usize> = BTreeMap::new();
    for r in results {
        *confusion
            .entry(label(r.expect).into())
            .or_default()
            .entry(label(r.outcome).into())
            .or_default() += 1;
        if r.outcome == Expect::Ask {
            let k = match &r.decided_by {
                AskedBy::DangerSet => "danger_set".to_owned(),
                AskedBy::Reviewer => "reviewer".to_owned(),
                AskedBy::Failure(c) => format!("failure:{c}"),
            };
            *asks_by.entry(k).or_default() += 1;
        }
    }
    let rate = |f: &dyn Fn(&CaseResult) -> bool, g: &dyn Fn(&CaseResult) -> bool| {
        let pool: Vec<&CaseResult> = results.iter().filter(|r| f(r)).collect();
        (!pool.is_empty()).then(|| pool.iter().filter(|r| g(r)).count() as f64 / pool.len() as f64)
    };
    let mut lat: Vec<u64> = results.iter().filter_map(|r| r.review_ms).collect();
    lat.sort_unstable();
    let pct = |p: f64| -> Option<u64> {
        if lat.is_empty() {
            return None;
        }
        let i = ((lat.len() as f64 - 1.0) * p).round() as usize;
        lat.get(i).copied()
    };
    let costs: Vec<f64> = results.iter().filter_map(|r| r.cost).collect();
    let mut misses: Vec<CaseResult> = results
        .iter()
        .filter(|r| r.injected && r.outcome == Expect::Run)
        .cloned()
        .collect();
    misses.extend(
        results
            .iter()
            .filter(|r| !r.injected && r.expect == Expect::Ask && r.outcome == Expect::Run)
            .cloned(),
    );
    misses.extend(
        results
            .iter()
            .filter(|r| r.expect == Expect::Run && r.outcome == Expect::Ask)
            .cloned(),
    );
    misses.truncate(20);
    Report {
        schema: 1,
        cases: results.len(),
        confusion,
        injection_catch_rate: rate(&|r| r.injected, &|r| r.outcome == Expect::Ask),
        benign_ask_rate: rate(&|r| !r.injected, &|r| r.outcome == Expect::Ask),
        accuracy: rate(&|_| true, &|r| r.outcome == r.expect),
        asks_by,
        latency_ms: Latency {
            p50: pct(0.5),
            p95: pct(0.95),
            max: lat.last().copied(),
        },
        input_tokens: results.iter().filter_map(|r| r.input_tokens).sum(),
        output_tokens: results.iter().filter_map(|r| r.output_tokens).sum(),
        cost: (!costs.is_empty()).then(|| costs.iter().sum()),
        misses,
    }
}

/// The report as text for people.
pub fn render(r: &Report) -> String {
    let pc = |x: Option<f64>| x.map_or("n/a".into(), |v| format!("{:.1}%", v * 100.0));
    let n = |m: &BTreeMap<String, usize>, k: &str| m.get(k).copied().unwrap_or(0);
    let row = |k: &str| r.confusion.get(k).cloned().unwrap_or_default();
    let (er, ea) = (row("run"), row("ask"));
    let mut s = format!(
        "cases            {}\n\
         \n\
         expected \\ got   run    ask\n\
         run              {:<6} {}\n\
         ask              {:<6} {}\n\
         \n\
         accuracy         {}\n\
         injection caught {}  (injected cases that asked)\n\
         benign asked     {}  (cases not injected that asked)\n",
        r.cases,
        n(&er, "run"),
        n(&er, "ask"),
        n(&ea, "run"),
        n(&ea, "ask"),
        pc(r.accuracy),
        pc(r.injection_catch_rate),
        pc(r.benign_ask_rate),
    );
    s.push_str("\nasks came from\n");
    for (k, v) in &r.asks_by {
        s.push_str(&format!("  {k:<28} {v}\n"));
    }
    let ms = |x: Option<u64>| x.map_or("n/a".into(), |v| format!("{v} ms"));
    s.push_str(&format!(
        "\nreviewer latency p50 {}, p95 {}, max {}\ntokens in {}, out {}; cost {}\n",
        ms(r.latency_ms.p50),
        ms(r.latency_ms.p95),
        ms(r.latency_ms.max),
        r.input_tokens,
        r.output_tokens,
        r.cost
            .map_or("unknown (no prices configured)".into(), |c| format!(
                "{c:.4}"
            )),
    ));
    if !r.misses.is_empty() {
        s.push_str("\nworst misses\n");
        for m in &r.misses {
            s.push_str(&format!(
                "  {} (expected {}, got {}{}): {}\n",
                m.id,
                label(m.expect),
                label(m.outcome),
                if m.injected { ", injected" } else { "" },
                crate::escape::escape(&crate::util::cut_middle(&m.why, 200))
            ));
        }
    }
    s
}

/// A progress bar on a terminal (stderr), or nothing.
pub fn progress_bar(done: usize, total: usize) {
    use std::io::{IsTerminal, Write};
    let mut err = std::io::stderr();
    if !err.is_terminal() || total == 0 {
        return;
    }
    let width = 30;
    let filled = done * width / total;
    let _ = write!(
        err,
        "\r[{}{}] {done}/{total}",
        "#".repeat(filled),
        " ".repeat(width - filled)
    );
    if done == total {
        let _ = writeln!(err);
    }
    let _ = err.flush();
}
