//! Deeply nested lines, built from the grammar's nesting constructs with
//! the fuzzer's bytes as the choices: parsed and judged as askrisky does,
//! on a stack of the analysis thread's size, in every shell's reading and
//! in fish's. A stack overflow aborts the process: that is a finding.
#![no_main]

use askrisky::danger::{self, Place};
use askrisky::parse::nesting::{Generator, Place as Where};
use askrisky::parse::{self, Syntax};
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: askrisky_fuzz::panic_policy(), |data: &[u8]| {
    let mut g = Generator::from_bytes(data);
    let start = if data.first().is_some_and(|b| b & 1 == 1) { Where::Fish } else { Where::Command };
    let line = g.line(start, 64 * 1024);
    let syntaxes: &[Syntax] = if start == Where::Fish {
        &[Syntax::Fish]
    } else {
        &[Syntax::Bash, Syntax::Unknown, Syntax::Zsh]
    };
    for &syntax in syntaxes {
        let line = line.clone();
        let done = std::thread::Builder::new()
            .stack_size(askrisky::decide::ANALYSIS_STACK)
            .spawn(move || {
                let script = parse::parse_as(&line, syntax);
                danger::assess(&script, &Place::example(), &[]).tier
            })
            .map(|t| t.join());
        assert!(matches!(done, Ok(Ok(_))), "the analysis failed");
    }
});
