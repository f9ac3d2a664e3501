//! Policy: (mode, assessment, allow rule, review) ─► Decision.
//!
//! Pure: no I/O, no clock, no environment. Everything that can fail —
//! files, network, terminals — has already happened and arrives here as a
//! value ("the reviewer could not decide: timeout"). Every branch is matched
//! exhaustively, and the table in the tests covers every combination.
//!
//! The policy owns its vocabulary: the [`Mode`], the reviewer's [`Ratings`]
//! ([`Risk`], [`Authorization`]), why a review is missing
//! ([`ReviewFailure`]), and the one decision table, [`decide`] with
//! [`ratings_allow`]. The model rates; only this code decides.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::danger::{Assessment, Match, Tier};

/// How much runs without asking. Ordered from loosest to strictest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Runs what is not in the danger set.
    Autopilot,
    /// Asks a reviewer model about what is not in the danger set.
    Review,
    /// Asks about everything but the person's own allow rules.
    Ask,
}

impl Mode {
    /// The mode's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Autopilot => "autopilot",
            Self::Review => "review",
            Self::Ask => "ask",
        }
    }

    /// Every mode, loosest first.
    pub const ALL: [Self; 3] = [Self::Autopilot, Self::Review, Self::Ask];

    /// Reads a mode's name (case and surrounding space ignored).
    pub fn parse(v: &str) -> Option<Self> {
        let v = v.trim().to_ascii_lowercase();
        Self::ALL.into_iter().find(|m| m.as_str() == v)
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the command itself can do, as the reviewer rates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Risk {
    /// Reads, builds, tests, ordinary project edits.
    Low,
    /// Changes beyond the project, or hard to undo.
    Medium,
    /// Damaging if unwanted: data loss, secrets leaving, system changes.
    High,
    /// Catastrophic or plainly malicious.
    Critical,
}

impl Risk {
    /// The rating's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Low => "low",
            Self::Medium => "medium",
            Self::High => "high",
            Self::Critical => "critical",
        }
    }

    /// Every value, for exhaustive tests and the schema.
    pub const ALL: [Self; 4] = [Self::Low, Self::Medium, Self::High, Self::Critical];
}

/// How directly the person asked for the command, as the reviewer rates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Authorization {
    /// The person asked for this command or its exact effect.
    Explicit,
    /// A plain step toward what the person asked for.
    Implied,
    /// Only loosely related to the person's goals.
    Weak,
    /// Nothing the person said asks for it.
    None,
}

impl Authorization {
    /// The rating's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Explicit => "explicit",
            Self::Implied => "implied",
            Self::Weak => "weak",
            Self::None => "none",
        }
    }

    /// Every value, for exhaustive tests and the schema.
    pub const ALL: [Self; 4] = [Self::Explicit, Self::Implied, Self::Weak, Self::None];
}

/// The reviewer's answer: exactly these four fields (the reply parser in
/// `review` refuses anything else).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Ratings {
    /// What the command can do.
    pub risk: Risk,
    /// How directly the person asked for it.
    pub authorization: Authorization,
    /// The command does not serve the request and the push came from
    /// something the agent read.
    pub injection: bool,
    /// One sentence for the person.
    pub reason: String,
}

/// Why the reviewer gave no ratings. Every one of them asks the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReviewFailure {
    /// No `[reviewer]` in the person's config.
    NotConfigured,
    /// The API key's variable is not set.
    NoApiKey,
    /// The command is longer than the reviewer reads.
    Oversized,
    /// No answer within the deadline.
    Timeout,
    /// Connection, DNS, TLS or protocol failure.
    Transport,
    /// The provider answered with an error status.
    HttpStatus,
    /// The reply was not exactly the expected JSON.
    Unparseable,
    /// The session's context (transcript, session store) could not be read.
    Context,
    /// The reviewer was not called (a caller that owed a review did not
    /// make one, or the person is deciding themselves).
    NotCalled,
    /// Interrupted while the reviewer was asked.
    Cancelled,
}

impl ReviewFailure {
    /// The cause's name, as logged and shown in `[reviewer.…]`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::NotConfigured => "not_configured",
            Self::NoApiKey => "no_api_key",
            Self::Oversized => "oversized",
            Self::Timeout => "timeout",
            Self::Transport => "transport",
            Self::HttpStatus => "http_status",
            Self::Unparseable => "unparseable",
            Self::Context => "context",
            Self::NotCalled => "not_called",
            Self::Cancelled => "cancelled",
        }
    }
}

impl fmt::Display for ReviewFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

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
        /// Why.
        cause: ReviewFailure,
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
        /// Why.
        cause: ReviewFailure,
        /// One line for the person.
        detail: String,
    },
    /// A line that would run contained cannot be (the kernel cannot
    /// contain it here, or the request asked to run uncontained): running
    /// it without the floor is the person's call. Set by `decide` after
    /// this policy, never by [`decide`].
    Containment {
        /// `contain.unavailable` or `contain.requested`.
        code: String,
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
            Reason::Containment { code, detail } => format!("{detail} [{code}]"),
        }
    }

    /// The blocked-tier and danger-set matches behind the decision (none
    /// when something else decided).
    pub fn matches(&self) -> &[crate::danger::Match] {
        match &self.reason {
            Reason::Blocked { matches } | Reason::Danger { matches } => matches,
            _ => &[],
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
            Reason::Containment { code, .. } => vec![code.clone()],
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

/// Whether setting the environment variable `name` can change which
/// program runs, what it loads, or where it reads its configuration, hooks
/// or repository from: `PATH`, the dynamic loader's, git's, the shells'
/// startup and option variables, interpreters' load paths and options,
/// package managers' config. A line that sets one is never covered by an
/// allow rule: `PATH=/evil:$PATH git status` and `GIT_DIR=/x git status`
/// are not the `git status` the person allowed.
pub fn steers_programs(name: &str) -> bool {
    const EXACT: &[&str] = &[
        "PATH",
        "BASH_ENV",
        "ENV",
        "SHELLOPTS",
        "BASHOPTS",
        "PS4",
        "PROMPT_COMMAND",
        "IFS",
        "CDPATH",
        "HOME",
        "ZDOTDIR",
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "PYTHONPATH",
        "PYTHONSTARTUP",
        "PYTHONHOME",
        "PYTHONINSPECT",
        "NODE_OPTIONS",
        "NODE_PATH",
        "PERL5OPT",
        "PERL5LIB",
        "PERLLIB",
        "RUBYOPT",
        "RUBYLIB",
        "JAVA_TOOL_OPTIONS",
        "_JAVA_OPTIONS",
        "JDK_JAVA_OPTIONS",
        "EDITOR",
        "VISUAL",
        "PAGER",
        "MANPAGER",
        "SSH_ASKPASS",
        "RUSTC",
        "RUSTC_WRAPPER",
        "RUSTDOC",
        "RUSTFLAGS",
        "MAKEFLAGS",
        "MAKEFILES",
        "TMPDIR",
    ];
    const PREFIXES: &[&str] = &[
        "LD_",
        "DYLD_",
        "GIT_",
        "CARGO_",
        "NPM_CONFIG_",
        "YARN_",
        "PIP_",
        "BUNDLE_",
        "GEM_",
        "DOCKER_",
        "KUBECONFIG",
        "ASKRISKY_",
    ];
    let upper = name.to_ascii_uppercase();
    EXACT.contains(&upper.as_str()) || PREFIXES.iter().any(|p| upper.starts_with(p))
}

/// The ratings half of the table: whether a reviewer's ratings let a
/// command outside the danger set run. A suspected injection never runs;
/// low risk runs; medium risk runs only when the person asked for it
/// (explicitly or as a plain step); anything higher asks.
pub fn ratings_allow(r: &Ratings) -> bool {
    match (r.injection, r.risk, r.authorization) {
        (true, _, _) => false,
        (false, Risk::Low, _) => true,
        (false, Risk::Medium, Authorization::Explicit | Authorization::Implied) => true,
        (false, Risk::Medium, Authorization::Weak | Authorization::None) => false,
        (false, Risk::High | Risk::Critical, _) => false,
    }
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
                    if ratings_allow(r) {
                        decision(Verdict::Run, Reason::ReviewerAllowed { ratings: r.clone() })
                    } else {
                        decision(Verdict::Ask, Reason::ReviewerAsked { ratings: r.clone() })
                    }
                }
                Review::Unavailable { cause, detail } => decision(
                    Verdict::Ask,
                    Reason::ReviewerUnavailable {
                        cause: *cause,
                        detail: detail.clone(),
                    },
                ),
                // A clear line in review mode with no review is a caller
                // bug; it must still never run.
                Review::NotNeeded => decision(
                    Verdict::Ask,
                    Reason::ReviewerUnavailable {
                        cause: ReviewFailure::NotCalled,
                        detail: "the reviewer was not called".into(),
                    },
                ),
            },
        },
    }
}

#[cfg(test)]
mod tests;
