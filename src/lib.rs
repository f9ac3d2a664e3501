//! askrisky: a command guard for AI coding agents.
#![forbid(unsafe_code)]

pub mod danger;
pub mod parse;
