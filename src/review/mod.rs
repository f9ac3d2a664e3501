//! Review: (request, session, settings) ─► the reviewer model's ratings.

mod config;
mod ratings;

pub use config::{Effort, Provider, ReviewerConfig};
pub use ratings::{
    Authorization, MAX_REASON_CHARS, Ratings, ReplyError, Risk, clean_reason, parse_reply,
};
