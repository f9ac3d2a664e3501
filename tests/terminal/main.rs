//! What a person sees in a real terminal (tmux): the approval card, the
//! inbox in another pane, and the guarded shells.
#![allow(clippy::disallowed_methods, clippy::unwrap_used, clippy::expect_used)] // test code: plain files, and a failure is a panic

use askrisky_testkit as common;

mod card;
mod inbox;
mod init;
