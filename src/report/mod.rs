//! What the decision log says over a stretch of time: what was run, asked,
//! approved, declined and refused, by agent (surface), by rule and by the
//! reviewer's outcome; how long the reviewer and the person took; what the
//! reviewer cost; and the lines asked about most. As text ([`text`]), JSON
//! ([`Report`] serialised) or a self-contained HTML page ([`html`]).
//!
//! The log is read from its end back to the start of the stretch, so a
//! report of the last days reads only those days of a large log. Every
//! string in it comes from the log, which holds what agents sent: the
//! renderers escape all of it.

pub mod html;
pub mod text;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

use serde::Serialize;

use crate::log::{DecidedBy, Outcome, Record};

/// Version of the JSON document.
pub const SCHEMA: u32 = 1;

/// How many of the most-asked lines are listed.
pub const MOST_ASKED: usize = 10;

/// Records written within this long before the start of the stretch may
/// follow newer ones in the file (concurrent writers): reading goes on
/// past the first older record until one older than this.
const SLACK_MS: u64 = 60_000;

/// Where a report starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Since {
    /// The whole log.
    All,
    /// Records at or after this time (milliseconds since the epoch).
    Time(u64),
}

impl Since {
    /// Reads `7d`, `12h`, `30m`, `2w`, `90s` (back from `now_ms`), a date
    /// (`2026-11-01`), a UTC time (`2026-11-01T08:00:00Z`) or `all`.
    pub fn parse(s: &str, now_ms: u64) -> Result<Self, String> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("all") {
            return Ok(Self::All);
        }
        if let Some(t) = crate::util::parse_rfc3339(s) {
            return Ok(Self::Time(t));
        }
        let unit = s.chars().last().unwrap_or(' ');
        let seconds: u64 = match unit {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86_400,
            'w' => 7 * 86_400,
            _ => 0,
        };
        let n = s[..s.len() - unit.len_utf8().min(s.len())]
            .parse::<u64>()
            .ok()
            .filter(|_| seconds > 0);
        match n {
            Some(n) => Ok(Self::Time(
                now_ms.saturating_sub(n.saturating_mul(seconds).saturating_mul(1000)),
            )),
            None => Err(format!(
                "{s:?} is not a time: give a span back from now (7d, 12h, 30m, 2w), a date (2026-11-01), a UTC time (2026-11-01T08:00:00Z) or all"
            )),
        }
    }
}

/// What happened, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Decisions.
    pub total: usize,
    /// Run (by any decider).
    pub ran: usize,
    /// Run because the person approved (a card, the inbox, an allow-once
    /// code, a session approval).
    pub approved: usize,
    /// The policy asked (before anyone answered).
    pub asked: usize,
    /// The person said no.
    pub declined: usize,
    /// Not run: nobody could answer.
    pub not_run: usize,
    /// Refused: the blocked tier.
    pub refused: usize,
    /// Handed to the agent's own permission prompt.
    pub asked_agent: usize,
    /// Left to the agent's own approval rules (no mode set): not asked by
    /// askrisky, nor counted in `asked`.
    pub left_to_agent: usize,
    /// Interrupted while deciding.
    pub cancelled: usize,
}

impl Counts {
    /// The counts in the order the tables show them.
    pub fn columns(&self) -> [usize; 10] {
        [
            self.total,
            self.ran,
            self.approved,
            self.asked,
            self.declined,
            self.not_run,
            self.refused,
            self.asked_agent,
            self.left_to_agent,
            self.cancelled,
        ]
    }

    fn add(&mut self, r: &Record) {
        self.total += 1;
        if r.decision == "ask" && r.outcome != Outcome::LeftToAgent {
            self.asked += 1;
        }
        match r.outcome {
            Outcome::Ran => {
                self.ran += 1;
                if r.decided_by == DecidedBy::Person {
                    self.approved += 1;
                }
            }
            Outcome::Declined => self.declined += 1,
            Outcome::NotRun => self.not_run += 1,
            Outcome::Refused => self.refused += 1,
            Outcome::AskedAgent => self.asked_agent += 1,
            Outcome::LeftToAgent => self.left_to_agent += 1,
            Outcome::Cancelled => self.cancelled += 1,
        }
    }

    /// The parts that add up to the total, for charts: (label, count).
    pub fn parts(&self) -> [(&'static str, usize); 8] {
        [
            ("ran, not asked", self.ran - self.approved),
            ("approved", self.approved),
            ("declined", self.declined),
            ("not run", self.not_run),
            ("refused", self.refused),
            ("asked agent", self.asked_agent),
            ("left to agent", self.left_to_agent),
            ("cancelled", self.cancelled),
        ]
    }
}

/// One row of a breakdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Group {
    /// What the row is (a surface, a rule code, a reviewer outcome).
    pub name: String,
    /// Its counts.
    #[serde(flatten)]
    pub counts: Counts,
}

/// Latency figures, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Latency {
    /// How many took part.
    pub n: usize,
    /// Median.
    pub p50: Option<u64>,
    /// 95th percentile.
    pub p95: Option<u64>,
    /// Slowest.
    pub max: Option<u64>,
}

impl Latency {
    fn of(mut v: Vec<u64>) -> Self {
        v.sort_unstable();
        let pct = |p: f64| -> Option<u64> {
            if v.is_empty() {
                return None;
            }
            // Nearest rank.
            let rank = (p * v.len() as f64).ceil() as usize;
            v.get(rank.clamp(1, v.len()) - 1).copied()
        };
        Self {
            n: v.len(),
            p50: pct(0.5),
            p95: pct(0.95),
            max: v.last().copied(),
        }
    }
}

/// The reviewer's part.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Reviewer {
    /// Decisions that needed a review.
    pub reviews: usize,
    /// Reviews that gave ratings.
    pub answered: usize,
    /// Time per review (calls that were made).
    pub latency_ms: Latency,
    /// Input tokens, where reported.
    pub input_tokens: u64,
    /// Output tokens, where reported.
    pub output_tokens: u64,
    /// Total cost, where prices are configured (null when none was known).
    pub cost: Option<f64>,
    /// Reviews whose cost is not known.
    pub cost_unknown: usize,
    /// What followed each reviewer outcome (`allowed`, `asked`,
    /// `unavailable: CAUSE`).
    pub by_outcome: Vec<Group>,
}

/// The person's part.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Person {
    /// Answers the person gave at a card or the inbox.
    pub answers: usize,
    /// Time from the card to the answer.
    pub latency_ms: Latency,
}

/// A line the policy asked about, and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AskedLine {
    /// The command line, as the agent sent it (escape it to show it).
    pub command: String,
    /// Times asked.
    pub asked: usize,
    /// Times the person approved it.
    pub approved: usize,
    /// Times the person declined it.
    pub declined: usize,
    /// Times nobody could answer.
    pub not_run: usize,
    /// Rule codes it matched.
    pub rules: Vec<String>,
    /// When it was last asked about.
    pub last: String,
}

/// What became of the requests a hook handed to the agent's own prompt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AtAgent {
    /// Requests handed to the agent's prompt ("ask" in its hook's answer).
    pub asked: usize,
    /// Approved there by the person: the agent reported that the command
    /// ran (Claude Code's PostToolUse), in a mode that prompts.
    pub approved: usize,
    /// Ran after askrisky asked, in an agent's mode that may not have
    /// shown the prompt (bypassing permissions): not the person's yes.
    pub ran_unprompted: usize,
    /// Rejected there by the person, as the agent's transcript records it.
    pub declined: usize,
    /// No answer known: no report that it ran, no rejection in the
    /// transcript (older Claude Code versions do not mark rejections,
    /// other agents report neither).
    pub unknown: usize,
}

/// A name and a count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Named {
    /// What was counted.
    pub name: String,
    /// How many.
    pub count: usize,
}

/// The whole report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// [`SCHEMA`].
    pub schema: u32,
    /// Where the stretch starts (null: the whole log).
    pub since: Option<String>,
    /// The oldest record in it.
    pub first: Option<String>,
    /// The newest record in it.
    pub last: Option<String>,
    /// Lines in the stretch that are not records askrisky can read.
    pub unreadable: usize,
    /// Everything.
    pub totals: Counts,
    /// By agent (the surface that asked: `exec`, `hook:claude-code`, …).
    pub by_surface: Vec<Group>,
    /// By rule of the blocked tier and the danger set.
    pub by_rule: Vec<Group>,
    /// Who made the final call (`rule`, `mode`, `allow_rule`, `reviewer`,
    /// `person`, `strict`, `agent`, `interrupt`), most first.
    pub by_decider: Vec<Named>,
    /// The reviewer.
    pub reviewer: Reviewer,
    /// The person.
    pub person: Person,
    /// The lines asked about most, most first.
    pub most_asked: Vec<AskedLine>,
    /// The answers given at agents' own prompts.
    pub at_agent: AtAgent,
}

/// Which of a record's keys an answer at the agent's prompt names:
/// (surface, session, command, the asking record's time).
type AskKey = (String, Option<String>, String, String);

/// The records with the answers given at agents' own prompts put in
/// place: a request handed to the agent's prompt takes the outcome of the
/// answer recorded for it (`hook::after`), or "declined by the person"
/// when `rejected` holds its (session, call) — read from the agent's
/// transcript by the caller. An answer record is not a decision of its
/// own, unless the request it answers is outside the stretch.
pub fn with_agent_answers(
    records: &[Record],
    rejected: &HashSet<(String, String)>,
) -> (Vec<Record>, AtAgent) {
    let key = |r: &Record, time: &str| -> AskKey {
        (
            r.surface.clone(),
            r.session.clone(),
            r.command.clone(),
            time.to_owned(),
        )
    };
    let mut answers: HashMap<AskKey, &Record> = HashMap::new();
    for r in records {
        if let Some(t) = &r.answers {
            answers.entry(key(r, t)).or_insert(r);
        }
    }
    let asked: HashSet<AskKey> = records
        .iter()
        .filter(|r| r.asked_the_agent())
        .map(|r| key(r, &r.time))
        .collect();
    let mut at = AtAgent::default();
    let mut out = Vec::with_capacity(records.len());
    for r in records {
        if let Some(t) = &r.answers {
            if asked.contains(&key(r, t)) {
                continue;
            }
            // What it answers is before the stretch: it stands alone.
            match r.decided_by {
                DecidedBy::Person => at.approved += 1,
                _ => at.ran_unprompted += 1,
            }
            out.push(r.clone());
            continue;
        }
        if !r.asked_the_agent() {
            out.push(r.clone());
            continue;
        }
        at.asked += 1;
        let mut r = r.clone();
        if let Some(a) = answers.get(&key(&r, &r.time)) {
            r.outcome = a.outcome;
            r.decided_by = a.decided_by;
            r.message = Some(a.reason.clone());
            match a.decided_by {
                DecidedBy::Person => at.approved += 1,
                _ => at.ran_unprompted += 1,
            }
        } else if let (Some(session), Some(call)) = (&r.session, &r.call)
            && rejected.contains(&(session.clone(), call.clone()))
        {
            r.outcome = Outcome::Declined;
            r.decided_by = DecidedBy::Person;
            r.message =
                Some("declined by the person at the agent's own prompt (its transcript)".into());
            at.declined += 1;
        } else {
            at.unknown += 1;
        }
        out.push(r);
    }
    (out, at)
}

/// The records of a stretch, oldest first, and how many lines in it could
/// not be read. Reads the log from its end back to `since`.
pub fn read(state: &Path, since: Since) -> std::io::Result<(Vec<Record>, usize)> {
    let mut records = Vec::new();
    let mut unreadable = 0;
    // Whether a record from before the start was met: lines past it are
    // not in the stretch, readable or not.
    let mut past_start = false;
    let start = match since {
        Since::All => None,
        Since::Time(t) => Some(t),
    };
    crate::log::each_back(state, |line| {
        let r = serde_json::from_str::<Record>(line).ok();
        let t = r.as_ref().and_then(|r| crate::util::parse_rfc3339(&r.time));
        match (r, start, t) {
            (Some(r), None, _) => records.push(r),
            (Some(r), Some(s), Some(t)) if t >= s => records.push(r),
            // Older than the start: skipped, and past the slack the
            // reading stops.
            (Some(_), Some(s), Some(t)) => {
                past_start = true;
                return t + SLACK_MS >= s;
            }
            _ if !past_start => unreadable += 1,
            _ => {}
        }
        true
    })?;
    records.reverse();
    Ok((records, unreadable))
}

fn decider(d: DecidedBy) -> &'static str {
    match d {
        DecidedBy::Rule => "rule",
        DecidedBy::Mode => "mode",
        DecidedBy::AllowRule => "allow_rule",
        DecidedBy::Reviewer => "reviewer",
        DecidedBy::Person => "person",
        DecidedBy::Strict => "strict",
        DecidedBy::Agent => "agent",
        DecidedBy::Interrupt => "interrupt",
    }
}

fn reviewer_outcome(r: &Record) -> Option<String> {
    let rv = r.reviewer.as_ref()?;
    Some(if rv.answered {
        if r.decision == "run" {
            "allowed".into()
        } else {
            "asked".into()
        }
    } else {
        format!(
            "unavailable: {}",
            rv.unavailable_reason.as_deref().unwrap_or("unknown")
        )
    })
}

fn groups(map: BTreeMap<String, Counts>) -> Vec<Group> {
    let mut v: Vec<Group> = map
        .into_iter()
        .map(|(name, counts)| Group { name, counts })
        .collect();
    v.sort_by(|a, b| {
        b.counts
            .total
            .cmp(&a.counts.total)
            .then(a.name.cmp(&b.name))
    });
    v
}

/// Counts a stretch's records (oldest first), with no rejections read from
/// transcripts ([`build_with`]).
pub fn build(records: &[Record], since: Since, unreadable: usize) -> Report {
    build_with(records, since, unreadable, &HashSet::new())
}

/// Counts a stretch's records (oldest first), the answers given at agents'
/// own prompts put in place ([`with_agent_answers`]).
pub fn build_with(
    records: &[Record],
    since: Since,
    unreadable: usize,
    rejected: &HashSet<(String, String)>,
) -> Report {
    let (records, at_agent) = with_agent_answers(records, rejected);
    let records = &records[..];
    let mut totals = Counts::default();
    let mut surfaces: BTreeMap<String, Counts> = BTreeMap::new();
    let mut rules: BTreeMap<String, Counts> = BTreeMap::new();
    let mut deciders: BTreeMap<String, usize> = BTreeMap::new();
    let mut outcomes: BTreeMap<String, Counts> = BTreeMap::new();
    let mut asked: BTreeMap<String, AskedLine> = BTreeMap::new();
    let mut reviewer = Reviewer::default();
    let mut review_ms = Vec::new();
    let mut answer_ms = Vec::new();
    let mut costs = Vec::new();
    for r in records {
        totals.add(r);
        surfaces.entry(r.surface.clone()).or_default().add(r);
        for code in &r.rules {
            rules.entry(code.clone()).or_default().add(r);
        }
        *deciders.entry(decider(r.decided_by).into()).or_default() += 1;
        if let Some(o) = reviewer_outcome(r) {
            outcomes.entry(o).or_default().add(r);
        }
        if let Some(rv) = &r.reviewer {
            reviewer.reviews += 1;
            reviewer.answered += usize::from(rv.answered);
            // A review that was not called (no key, nothing configured)
            // took no time worth counting.
            if rv.answered || rv.provider.is_some() {
                review_ms.extend(rv.duration_ms);
            }
            reviewer.input_tokens += rv.input_tokens.unwrap_or(0);
            reviewer.output_tokens += rv.output_tokens.unwrap_or(0);
            match rv.cost {
                Some(c) => costs.push(c),
                None => reviewer.cost_unknown += 1,
            }
        }
        if r.decided_by == DecidedBy::Person {
            answer_ms.extend(r.answer_ms);
        }
        if r.decision == "ask" {
            let a = asked.entry(r.command.clone()).or_insert_with(|| AskedLine {
                command: r.command.clone(),
                asked: 0,
                approved: 0,
                declined: 0,
                not_run: 0,
                rules: Vec::new(),
                last: String::new(),
            });
            a.asked += 1;
            let person = r.decided_by == DecidedBy::Person;
            a.approved += usize::from(person && r.outcome == Outcome::Ran);
            a.declined += usize::from(r.outcome == Outcome::Declined);
            a.not_run += usize::from(r.outcome == Outcome::NotRun);
            for c in &r.rules {
                if !a.rules.contains(c) {
                    a.rules.push(c.clone());
                }
            }
            a.last.clone_from(&r.time);
        }
    }
    reviewer.latency_ms = Latency::of(review_ms);
    reviewer.cost = (!costs.is_empty()).then(|| costs.iter().sum());
    reviewer.by_outcome = groups(outcomes);
    let mut most_asked: Vec<AskedLine> = asked.into_values().collect();
    most_asked.sort_by(|a, b| b.asked.cmp(&a.asked).then(a.command.cmp(&b.command)));
    most_asked.truncate(MOST_ASKED);
    let mut by_decider: Vec<Named> = deciders
        .into_iter()
        .map(|(name, count)| Named { name, count })
        .collect();
    by_decider.sort_by(|a, b| b.count.cmp(&a.count).then(a.name.cmp(&b.name)));
    Report {
        schema: SCHEMA,
        since: match since {
            Since::All => None,
            Since::Time(t) => Some(crate::util::rfc3339(
                std::time::UNIX_EPOCH + std::time::Duration::from_millis(t),
            )),
        },
        first: records.first().map(|r| r.time.clone()),
        last: records.last().map(|r| r.time.clone()),
        unreadable,
        totals,
        by_surface: groups(surfaces),
        by_rule: groups(rules),
        by_decider,
        reviewer,
        person: Person {
            answers: answer_ms.len(),
            latency_ms: Latency::of(answer_ms),
        },
        most_asked,
        at_agent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_dates_and_times() {
        let now = 1_795_992_846_123;
        assert_eq!(Since::parse("all", now), Ok(Since::All));
        assert_eq!(
            Since::parse("7d", now),
            Ok(Since::Time(now - 7 * 86_400_000))
        );
        assert_eq!(Since::parse("12h", now), Ok(Since::Time(now - 43_200_000)));
        assert_eq!(
            Since::parse("2w", now),
            Ok(Since::Time(now - 1_209_600_000))
        );
        assert_eq!(Since::parse("30m", now), Ok(Since::Time(now - 1_800_000)));
        assert_eq!(
            Since::parse("2026-11-01", now),
            Ok(Since::Time(1_793_491_200_000))
        );
        for bad in ["", "d", "7", "7y", "-7d", "seven days", "7dd", "é"] {
            assert!(Since::parse(bad, now).is_err(), "{bad}");
        }
        assert_eq!(Since::parse("99999999999999999w", now), Ok(Since::Time(0)));
    }

    fn record(time: &str, call: &str, outcome: &str, by: &str, answers: Option<&str>) -> Record {
        let mut v = serde_json::json!({"v":1,"time":time,"surface":"hook:claude-code","cwd":"/p",
            "command":"rm -rf target","commands":["rm -rf target"],"mode":"autopilot","mode_source":"config",
            "tier":"danger","rules":["delete.recursive"],"decision":"ask","outcome":outcome,"decided_by":by,
            "reason":"r","message":null,"reviewer":null,"duration_ms":1,"answer_ms":null,
            "session":"claude-code/s","call":call});
        if let Some(a) = answers {
            v["answers"] = a.into();
        }
        serde_json::from_value(v).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An answer at the agent's prompt stands in for its request's outcome
    /// and is not a decision of its own; a rejection read from the
    /// transcript declines; the rest stays unknown.
    #[test]
    fn answers_at_the_agents_prompt_are_folded_in() {
        let t1 = "2026-11-20T10:00:00.000Z";
        let t2 = "2026-11-20T10:01:00.000Z";
        let t3 = "2026-11-20T10:02:00.000Z";
        let records = vec![
            record(t1, "a", "asked_agent", "agent", None),
            record(t2, "b", "asked_agent", "agent", None),
            record(t3, "c", "asked_agent", "agent", None),
            record("2026-11-20T10:05:00.000Z", "a", "ran", "person", Some(t1)),
            // Answers a request before the stretch: it stands alone.
            record(
                "2026-11-20T10:06:00.000Z",
                "z",
                "ran",
                "person",
                Some("2026-11-01T00:00:00.000Z"),
            ),
        ];
        let rejected: HashSet<(String, String)> = [("claude-code/s".to_owned(), "b".to_owned())]
            .into_iter()
            .collect();
        let r = build_with(&records, Since::All, 0, &rejected);
        assert_eq!(
            r.at_agent,
            AtAgent {
                asked: 3,
                approved: 2,
                ran_unprompted: 0,
                declined: 1,
                unknown: 1
            }
        );
        assert_eq!(r.totals.total, 4);
        assert_eq!(r.totals.approved, 2);
        assert_eq!(r.totals.declined, 1);
        assert_eq!(r.totals.asked_agent, 1);
        assert_eq!(r.most_asked[0].approved, 2);
        // Without the transcript's word, the rejection is not known.
        let r = build(&records, Since::All, 0);
        assert_eq!((r.at_agent.declined, r.at_agent.unknown), (0, 2));
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let l = Latency::of((1..=100).collect());
        assert_eq!(
            (l.n, l.p50, l.p95, l.max),
            (100, Some(50), Some(95), Some(100))
        );
        let l = Latency::of(vec![7]);
        assert_eq!((l.p50, l.p95, l.max), (Some(7), Some(7), Some(7)));
        assert_eq!(Latency::of(Vec::new()), Latency::default());
    }
}
