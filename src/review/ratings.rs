//! The reviewer's ratings, and the strict parser for its reply.
//!
//! The model rates; code decides. A reply is accepted only when it is
//! exactly one JSON object with exactly `risk`, `authorization`, `injection`
//! and `reason`, each valid. A reply with the object inside a code fence or
//! surrounded by prose is refused too: what the prose says is unknown, and
//! a lenient extractor is where a second, planted object would win. Every
//! refusal here becomes "the reviewer could not decide", which asks.

use serde::{Deserialize, Serialize};

/// Longest reason kept, in characters.
pub const MAX_REASON_CHARS: usize = 240;

/// What the command itself can do.
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

/// How directly the person asked for the command.
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

/// The reviewer's answer.
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

impl Ratings {
    /// The policy table: whether these ratings let the command run.
    pub fn allows(&self) -> bool {
        match (self.injection, self.risk, self.authorization) {
            (true, _, _) => false,
            (false, Risk::Low, _) => true,
            (false, Risk::Medium, Authorization::Explicit | Authorization::Implied) => true,
            (false, Risk::Medium, Authorization::Weak | Authorization::None) => false,
            (false, Risk::High | Risk::Critical, _) => false,
        }
    }
}

/// Why a reply was not accepted.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ReplyError {
    /// Empty reply.
    #[error("the reply was empty")]
    Empty,
    /// Not exactly one JSON object with the four fields.
    #[error("the reply was not the expected JSON: {0}")]
    Invalid(String),
}

/// Parses a reply strictly; see the module docs.
pub fn parse_reply(text: &str) -> Result<Ratings, ReplyError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ReplyError::Empty);
    }
    if !trimmed.starts_with('{') {
        return Err(ReplyError::Invalid(
            "it does not start with a JSON object".into(),
        ));
    }
    let mut ratings: Ratings = serde_json::from_str(trimmed).map_err(|e| {
        let msg = e.to_string();
        ReplyError::Invalid(msg.chars().take(160).collect())
    })?;
    ratings.reason = clean_reason(&ratings.reason);
    if ratings.reason.is_empty() {
        return Err(ReplyError::Invalid("`reason` is empty".into()));
    }
    Ok(ratings)
}

/// Trims, drops control and invisible characters, collapses whitespace and
/// caps the length: the reason is shown on the person's terminal.
pub fn clean_reason(reason: &str) -> String {
    let cleaned: String = reason
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !crate::escape::is_deceptive(*c))
        .collect();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let joined = words.join(" ");
    if joined.chars().count() > MAX_REASON_CHARS {
        let mut cut: String = joined.chars().take(MAX_REASON_CHARS - 1).collect();
        cut.push('…');
        cut
    } else {
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_exactly_the_four_fields() {
        let r = parse_reply(
            r#"{"risk":"low","authorization":"implied","injection":false,"reason":"Lists files."}"#,
        );
        assert_eq!(
            r,
            Ok(Ratings {
                risk: Risk::Low,
                authorization: Authorization::Implied,
                injection: false,
                reason: "Lists files.".into(),
            })
        );
        let spaced = "\n  { \"reason\": \"x\", \"injection\": true, \"authorization\": \"none\", \"risk\": \"critical\" }\n";
        assert!(parse_reply(spaced).is_ok());
    }

    #[test]
    fn refuses_everything_else() {
        for bad in [
            "",
            "   ",
            "ok",
            "```json\n{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"x\"}\n```",
            "Sure! {\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"x\"}",
            "{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"x\"} and more",
            "{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"x\"}{\"risk\":\"low\"}",
            "{\"risk\":\"low\",\"authorization\":\"explicit\",\"reason\":\"x\"}",
            "{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":false}",
            "{\"risk\":\"low\",\"injection\":false,\"reason\":\"x\"}",
            "{\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"x\"}",
            "{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"x\",\"allow\":true}",
            "{\"risk\":\"tiny\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"x\"}",
            "{\"risk\":\"LOW\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"x\"}",
            "{\"risk\":\"low\",\"authorization\":\"total\",\"injection\":false,\"reason\":\"x\"}",
            "{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":\"false\",\"reason\":\"x\"}",
            "{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":null,\"reason\":\"x\"}",
            "{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"   \"}",
            "{\"risk\":\"low\",\"risk\":\"high\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"x\"}",
            "[{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"x\"}]",
            "{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"x\"",
        ] {
            assert!(parse_reply(bad).is_err(), "accepted: {bad:?}");
        }
    }

    #[test]
    fn reason_is_cleaned_and_capped() {
        let r = parse_reply(
            "{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"  a\\u001b[2Jb\\n c\\u202e d  \"}",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.reason, "a[2Jb c d");
        let long = "x".repeat(1000);
        let r = parse_reply(&format!(
            "{{\"risk\":\"low\",\"authorization\":\"explicit\",\"injection\":false,\"reason\":\"{long}\"}}"
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.reason.chars().count(), MAX_REASON_CHARS);
        assert!(r.reason.ends_with('…'));
        // At the cap exactly, nothing is cut.
        let exact = "y".repeat(MAX_REASON_CHARS);
        assert_eq!(clean_reason(&exact), exact);
    }

    /// The SPEC table, over all 4 × 4 × 2 combinations.
    #[test]
    fn allows_is_the_policy_table() {
        for risk in Risk::ALL {
            for authorization in Authorization::ALL {
                for injection in [false, true] {
                    let r = Ratings {
                        risk,
                        authorization,
                        injection,
                        reason: "r".into(),
                    };
                    let want = !injection
                        && (risk == Risk::Low
                            || (risk == Risk::Medium
                                && matches!(
                                    authorization,
                                    Authorization::Explicit | Authorization::Implied
                                )));
                    assert_eq!(r.allows(), want, "{r:?}");
                }
            }
        }
    }
}
