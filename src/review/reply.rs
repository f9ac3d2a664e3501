//! The strict parser for the reviewer's reply (the [`Ratings`] type itself
//! is the policy's).
//!
//! The model rates; code decides. A reply is accepted only when it is
//! exactly one JSON object with exactly `risk`, `authorization`, `injection`
//! and `reason`, each valid. A reply with the object inside a code fence or
//! surrounded by prose is refused too: what the prose says is unknown, and
//! a lenient extractor is where a second, planted object would win. Every
//! refusal here becomes "the reviewer could not decide", which asks.

use crate::policy::Ratings;

/// Longest reason kept, in characters.
pub const MAX_REASON_CHARS: usize = 240;

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
    use crate::policy::{Authorization, Risk};

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
}
