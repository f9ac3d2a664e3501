//! askrisky: a command guard for AI coding agents.
//!
//! One request flows one way through small modules:
//! `parse` (line ─► simple commands) ─► `danger` (tier and rules) ─►
//! `config` (settings, strictest wins) ─► `review` (reviewer ratings) ─►
//! `policy` (pure decision) ─► `approve` (the person, or a strict refusal)
//! ─► `exec` / `log`. `engine` runs that flow; `app` holds the CLI surfaces.
#![forbid(unsafe_code)]

pub mod approve;
pub mod cli;
pub mod config;
pub mod danger;
pub mod decide;
pub mod escape;
pub mod eval;
pub mod exec;
pub mod exit;
pub mod hook;
pub mod inbox;
pub mod install;
pub mod log;
pub mod parse;
pub mod policy;
pub mod review;
pub mod session;
pub mod signals;
pub mod token;
pub mod tty;
pub mod util;
