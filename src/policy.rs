//! Policy: (mode, assessment, allow rule, review) ─► Decision.
//!
//! Pure: no I/O, no clock, no environment. Everything that can fail —
//! files, network, terminals — has already happened and arrives here as a
//! value ("the reviewer could not decide: timeout"). Every branch is matched
//! exhaustively, and the table in the tests covers every combination.

use serde::{Deserialize, Serialize};

use crate::config::Mode;
use crate::danger::{Assessment, Match, Tier};
use crate::review::Ratings;

/// What happens to a command. Ordered: the strictest wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Run it.
    Run,
    /// A person must decide.
    Ask,
    /// Never run it through askrisky.
    Refuse,
}

impl Verdict {
    /// The verdict's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Run => "run",
            Self::Ask => "ask",
            Self::Refuse => "refuse",
        }
    }
}

/// What the reviewer contributed to a decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Review {
    /// No review was needed (not review mode, or the line was already
    /// decided by the danger set or an allow rule).
    NotNeeded,
    /// The reviewer answered with ratings.
    Rated(Ratings),
    /// The reviewer could not decide; the reason is specific
    /// (timeout, HTTP 429, unparseable reply, …).
    Unavailable {
        /// Short machine-readable cause.
        cause: String,
        /// One line for the person.
        detail: String,
    },
}

/// Why a decision was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// Blocked tier: catastrophic, refused even with a person present.
    Blocked {
        /// The blocked-tier matches.
        matches: Vec<Match>,
    },
    /// In the danger set: always the person's.
    Danger {
        /// The danger-set matches.
        matches: Vec<Match>,
    },
    /// The person's allow rule covers this line.
    AllowRule {
        /// The rule, described.
        rule: String,
    },
    /// `ask` mode: everything asks.
    AskMode,
    /// `autopilot`: not in the danger set.
    Clear,
    /// `review`: the reviewer's ratings allow it.
    ReviewerAllowed {
        /// The ratings.
        ratings: Ratings,
    },
    /// `review`: the reviewer's ratings call for the person.
    ReviewerAsked {
        /// The ratings.
        ratings: Ratings,
    },
    /// `review`: the reviewer could not decide.
    ReviewerUnavailable {
        /// Short machine-readable cause.
        cause: String,
        /// One line for the person.
        detail: String,
    },
}

/// The decision on one command line.
#[must_use = "a decision must be acted on: run, ask, or refuse"]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// Run, ask or refuse.
    pub verdict: Verdict,
    /// Why.
    pub reason: Reason,
}

impl Decision {
    /// The reason as one line for the person, with rule codes in brackets.
    pub fn explain(&self) -> String {
        match &self.reason {
            Reason::Blocked { matches } | Reason::Danger { matches } => matches
                .iter()
                .map(|m| format!("{} [{}]", m.sentence.trim_end_matches('.'), m.code))
                .collect::<Vec<_>>()
                .join("; "),
            Reason::AllowRule { rule } => format!("your allow rule ({rule}) covers it"),
            Reason::AskMode => {
                "approvals are in ask mode: every command is yours to approve [mode.ask]".to_owned()
            }
            Reason::Clear => "not in the danger set".to_owned(),
            Reason::ReviewerAllowed { ratings } | Reason::ReviewerAsked { ratings } => {
                format!(
                    "reviewer: {} (risk {}, authorization {}{})",
                    ratings.reason,
                    ratings.risk.as_str(),
                    ratings.authorization.as_str(),
                    if ratings.injection {
                        ", possible prompt injection"
                    } else {
                        ""
                    }
                )
            }
            Reason::ReviewerUnavailable { detail, cause } => {
                format!("the reviewer could not decide: {detail} [reviewer.{cause}]")
            }
        }
    }

    /// The rule codes behind the decision (for logs and strict refusals).
    pub fn codes(&self) -> Vec<String> {
        match &self.reason {
            Reason::Blocked { matches } | Reason::Danger { matches } => {
                matches.iter().map(|m| m.code.clone()).collect()
            }
            Reason::AskMode => vec!["mode.ask".into()],
            Reason::ReviewerUnavailable { cause, .. } => vec![format!("reviewer.{cause}")],
            Reason::ReviewerAsked { .. } => vec!["reviewer.ask".into()],
            Reason::AllowRule { .. } | Reason::Clear | Reason::ReviewerAllowed { .. } => Vec::new(),
        }
    }
}

/// Whether the person's allow rule covers the line (computed by the caller:
/// it needs the line, the parsed commands and the rule's `covers`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Allow {
    /// No allow rule matched.
    None,
    /// A rule matched and covers every danger match of the line.
    Covered(String),
}

/// Decides. This is the whole policy.
pub fn decide(mode: Mode, assessment: &Assessment, allow: &Allow, review: &Review) -> Decision {
    let of_tier = |t: Tier| -> Vec<Match> {
        assessment
            .matches
            .iter()
            .filter(|m| m.tier == t)
            .cloned()
            .collect()
    };
    let decision = |verdict, reason| Decision { verdict, reason };
    match (assessment.tier, allow) {
        // Nobody can approve the blocked tier here, not even an allow rule.
        (Tier::Blocked, _) => decision(
            Verdict::Refuse,
            Reason::Blocked {
                matches: of_tier(Tier::Blocked),
            },
        ),
        (Tier::Danger | Tier::Clear, Allow::Covered(rule)) => {
            decision(Verdict::Run, Reason::AllowRule { rule: rule.clone() })
        }
        // The danger set is always the person's, in every mode.
        (Tier::Danger, Allow::None) => decision(
            Verdict::Ask,
            Reason::Danger {
                matches: of_tier(Tier::Danger),
            },
        ),
        (Tier::Clear, Allow::None) => match mode {
            Mode::Ask => decision(Verdict::Ask, Reason::AskMode),
            Mode::Autopilot => decision(Verdict::Run, Reason::Clear),
            Mode::Review => match review {
                Review::Rated(r) => {
                    if r.allows() {
                        decision(Verdict::Run, Reason::ReviewerAllowed { ratings: r.clone() })
                    } else {
                        decision(Verdict::Ask, Reason::ReviewerAsked { ratings: r.clone() })
                    }
                }
                Review::Unavailable { cause, detail } => decision(
                    Verdict::Ask,
                    Reason::ReviewerUnavailable {
                        cause: cause.clone(),
                        detail: detail.clone(),
                    },
                ),
                // A clear line in review mode with no review is a caller
                // bug; it must still never run.
                Review::NotNeeded => decision(
                    Verdict::Ask,
                    Reason::ReviewerUnavailable {
                        cause: "not_called".into(),
                        detail: "the reviewer was not called".into(),
                    },
                ),
            },
        },
    }
}

#[cfg(test)]
mod tests;
