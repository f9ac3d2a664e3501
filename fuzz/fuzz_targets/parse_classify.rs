//! The command parser and the danger set, in bash's reading and in every
//! shell's: any line, no panic, no hang, no stack overflow; and the
//! escaped form shown on the card hides nothing.
#![no_main]

use askrisky::danger::{self, Place};
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: askrisky_fuzz::panic_policy(), |data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let script = askrisky::parse::parse(&line);
    let _ = danger::assess(&script, &Place::example(), &[]);
    // Every reading: bash's, dash's and zsh's restatements and parses.
    let script = askrisky::parse::parse_as(&line, askrisky::parse::Syntax::Unknown);
    let _ = danger::assess(&script, &Place::example(), &[]);
    let shown = askrisky::escape::escape(&line);
    assert!(!shown.chars().any(askrisky::escape::is_deceptive), "{shown:?}");
});
