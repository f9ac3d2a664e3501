//! askrisky: a command guard for AI coding agents.
//!
//! One request flows one way. A surface — the CLI's `exec`, `check`,
//! `guard` and `approve`, an agent's hook, `eval` — turns its input into a
//! [`decide::Request`] and calls [`decide::decide`], which owns the rest:
//!
//! ```text
//! Setup (config ─► Settings, Dirs ─► protected folders)
//!   ─► parse (line ─► every simple command it can run)
//!   ─► danger (blocked tier, danger set, protected paths)
//!   ─► allow rules ─► review (session ─► prompt ─► provider ─► ratings)
//!   ─► policy (pure: mode × tier × allow × review ─► Run | Ask | Refuse)
//!   ─► allow-once codes, nesting tokens
//! ─► Ruling ─► the surface acts: exec, the card (approve) or the inbox,
//!              the agent's JSON answer ─► one log record (decide)
//! ```
//!
//! Modules are layered: each imports only modules below it (a test,
//! `tests/lines/layers.rs`, holds that). From the bottom:
//!
//! - leaves: [`agents`] (one row of facts per agent), [`util`] (atomic
//!   writes, random ids, cutting text, time),
//!   [`files`] (opens nothing planted can hang or redirect), [`platform`]
//!   (the one place that knows the system: processes, peers, the floor),
//!   [`escape`],
//!   [`exit`], [`tty`]; then [`log`];
//! - [`parse`], [`key`], [`session`], [`signals`], [`exec`]; [`token`]
//!   (on `key`);
//! - [`danger`] (on `parse`), then [`policy`] (on `danger`);
//! - [`review`] (on `policy`, `session`), [`approve`] (the card);
//! - [`config`] (on `policy`, `danger`, `review`), then [`inbox`];
//! - [`decide`]: the one decision, for every surface;
//! - surfaces: [`hook`], [`eval`], [`report`] (what the log says),
//!   [`suggest`] (allow rules from it), [`install`], and [`cli`] on top.
// No unsafe code, but for one module: the macOS system calls no safe
// crate offers (`platform::macos_sys`, allowed there alone).
#![deny(unsafe_code)]
// Tests make fixtures with std::fs; the build without cfg(test) holds the
// rest of the crate to `files` (clippy.toml).
#![cfg_attr(test, allow(clippy::disallowed_methods))]
// The docs are for those who work on askrisky: they link private items.
#![allow(rustdoc::private_intra_doc_links)]

pub mod agents;
pub mod approve;
pub mod cli;
pub mod config;
pub mod contain;
pub mod danger;
pub mod decide;
pub mod escape;
pub mod eval;
pub mod exec;
pub mod exit;
pub mod files;
pub mod hook;
pub mod inbox;
pub mod install;
pub mod key;
pub mod log;
pub mod parse;
pub mod platform;
pub mod policy;
pub mod report;
pub mod review;
pub mod session;
pub mod signals;
pub mod suggest;
pub mod token;
pub mod tty;
pub mod util;

/// The allocator of every program built on this library. A line's reading
/// makes and drops many small strings and trees (the shell parser's tokens
/// most of all); the system allocator spent about a fifth of a clear
/// line's time on them (`docs/performance.md`). Fuzzing keeps the
/// system's, which its sanitizer watches.
#[cfg(not(fuzzing))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
