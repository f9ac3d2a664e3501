//! The Pi hook payload, through to the answer askrisky prints.
#![no_main]

use askrisky::hook::Agent;
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: askrisky_fuzz::panic_policy(), |data: &[u8]| {
    askrisky_fuzz::hook(Agent::Pi, data);
});
