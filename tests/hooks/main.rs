//! Agents' hooks on the real binary: every agent's payloads and answers,
//! the person's answers at an agent's own prompt, and the `$SHELL` shims.
#![allow(clippy::disallowed_methods, clippy::unwrap_used, clippy::expect_used)] // test code: plain files, and a failure is a panic

use askrisky_testkit as common;

mod hooks;
mod host_answers;
mod shims;
