//! The command line, end to end on the real binary: check, exec, the
//! reviewer, sessions, reports, suggestions, install, doctor, the man page
//! and completions, and how faults end.
#![allow(clippy::disallowed_methods, clippy::unwrap_used, clippy::expect_used)] // test code: plain files, and a failure is a panic

use askrisky_testkit as common;

mod check;
mod completions;
mod doctor;
mod eval;
mod exec;
mod faults;
mod generated;
mod install;
mod manpage;
mod report;
mod review;
mod session;
mod suggest;
mod warnings;
