//! The fish restatement: any line, no panic, no hang, no stack overflow;
//! what it restates goes through the parser and the danger set like any
//! line.
#![no_main]

use askrisky::danger::{self, Place};
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: askrisky_fuzz::panic_policy(), |data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    if let Ok(posix) = askrisky::parse::fish::to_posix(&line) {
        let script = askrisky::parse::parse(&posix);
        let _ = danger::assess(&script, &Place::example(), &[]);
    }
});
