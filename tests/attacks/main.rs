//! What a same-user agent tries: protected files, containment under the
//! kernel floor, lines nested past every bound, and the routes around
//! askrisky through files, links, names and processes.
#![allow(clippy::disallowed_methods, clippy::unwrap_used, clippy::expect_used)] // test code: plain files, and a failure is a panic

use askrisky_testkit as common;

mod contain;
mod nested;
mod protected;
mod same_user;
