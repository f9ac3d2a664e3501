//! Review: (request, session, settings) ─► the reviewer model's ratings.
//!
//! One model call, no tools, bounded in time and size. The model rates; the
//! policy decides. Every failure — no reviewer configured, no key, an
//! oversized command, timeout, transport, HTTP status, a reply that is not
//! exactly the expected JSON — comes back as [`Review::Unavailable`] with a
//! specific cause, which asks the person. A broken reviewer makes review mode
//! behave like `ask`, never like `autopilot`. There is no cache of passes:
//! every run is reviewed, because what `sh check.sh` does depends on a file
//! that may have changed since.

mod config;
pub mod prompt;
pub mod provider;
mod reply;

use std::time::{Duration, Instant};

pub use config::{Effort, Provider, ReviewerConfig};
pub use reply::{MAX_REASON_CHARS, ReplyError, clean_reason, parse_reply};

use crate::policy::{Review, ReviewFailure};

/// What a review cost, for the log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Meta {
    /// Provider wire format.
    pub provider: Option<String>,
    /// Model.
    pub model: Option<String>,
    /// Time spent.
    pub duration: Duration,
    /// Input tokens reported.
    pub input_tokens: Option<u64>,
    /// Output tokens reported.
    pub output_tokens: Option<u64>,
    /// Cost from the configured prices; `None` when unknown (never 0 for
    /// unknown).
    pub cost: Option<f64>,
}

/// A review and its cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// Ratings, or why there are none.
    pub review: Review,
    /// Cost.
    pub meta: Meta,
}

fn unavailable(cause: ReviewFailure, detail: impl Into<String>) -> Review {
    Review::Unavailable {
        cause,
        detail: detail.into(),
    }
}

/// Reviews a command with the configured reviewer.
pub fn review(
    input: &prompt::Input<'_>,
    cfg: Option<&ReviewerConfig>,
    env: &dyn Fn(&str) -> Option<String>,
) -> Reviewed {
    let started = Instant::now();
    let Some(cfg) = cfg else {
        return Reviewed {
            review: unavailable(
                ReviewFailure::NotConfigured,
                "no reviewer is configured ([reviewer] in your config file)",
            ),
            meta: Meta::default(),
        };
    };
    let mut meta = Meta {
        provider: Some(
            match cfg.provider {
                Provider::Openai => "openai",
                Provider::Anthropic => "anthropic",
            }
            .to_owned(),
        ),
        model: Some(cfg.model.clone()),
        ..Meta::default()
    };
    let review = run(input, cfg, env, &mut meta);
    meta.duration = started.elapsed();
    Reviewed { review, meta }
}

fn run(
    input: &prompt::Input<'_>,
    cfg: &ReviewerConfig,
    env: &dyn Fn(&str) -> Option<String>,
    meta: &mut Meta,
) -> Review {
    let fence = match crate::util::random_id() {
        Ok(f) => f,
        Err(e) => {
            return unavailable(
                ReviewFailure::Transport,
                format!("no randomness for the request: {e}"),
            );
        }
    };
    let built = match prompt::build(input, &fence) {
        Ok(p) => p,
        Err(prompt::TooLong::Command(n)) => {
            return unavailable(
                ReviewFailure::Oversized,
                format!(
                    "the command is {n} characters; the reviewer reads at most {} and must see all of it",
                    prompt::MAX_COMMAND_CHARS
                ),
            );
        }
    };
    let key = match provider::api_key(cfg, env) {
        Ok(k) => k,
        Err(f) => return unavailable(f.cause, f.detail),
    };
    let call = provider::call(cfg, &built, key.as_deref());
    let timeout = Duration::from_secs(cfg.timeout_s.max(1));
    let (status, body) = match provider::send(&call, timeout) {
        Ok(r) => r,
        Err(f) => return unavailable(f.cause, f.detail),
    };
    match provider::read_reply(cfg.provider, status, &body) {
        Ok((ratings, usage)) => {
            meta.input_tokens = usage.input;
            meta.output_tokens = usage.output;
            meta.cost = match (
                usage.input,
                usage.output,
                cfg.price_per_mtok_in,
                cfg.price_per_mtok_out,
            ) {
                (Some(i), Some(o), Some(pi), Some(po)) => {
                    Some((i as f64 * pi + o as f64 * po) / 1_000_000.0)
                }
                _ => None,
            };
            Review::Rated(ratings)
        }
        Err(f) => unavailable(f.cause, f.detail),
    }
}

/// The exact request that would be sent, for people auditing it (the fence
/// id is fresh per request; here it is shown as generated).
pub fn preview(input: &prompt::Input<'_>, cfg: Option<&ReviewerConfig>) -> Result<String, String> {
    let fence = crate::util::random_id().map_err(|e| e.to_string())?;
    let built = prompt::build(input, &fence).map_err(|prompt::TooLong::Command(n)| {
        format!(
            "the command is {n} characters; the reviewer reads at most {}: no request would be sent",
            prompt::MAX_COMMAND_CHARS
        )
    })?;
    let mut out = format!(
        "=== instructions ===\n{}\n\n=== request ===\n{}",
        built.system, built.user
    );
    if let Some(cfg) = cfg {
        let call = provider::call(cfg, &built, Some("<api key>"));
        out.push_str(&format!("\n=== sent to {} ===\n", call.url));
        out.push_str(&serde_json::to_string_pretty(&call.body).unwrap_or_default());
        out.push('\n');
    }
    Ok(out)
}
