//! The transcript readers (Claude Code, Codex, Gemini CLI; JSONL tails and
//! whole chat documents), through to the session the reviewer is shown.
#![no_main]

use askrisky::session::transcript::from_tail;
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: askrisky_fuzz::panic_policy(), |data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for cut in [false, true] {
        if let Some(t) = from_tail(&text, cut) {
            let _ = t.to_session();
        }
    }
});
