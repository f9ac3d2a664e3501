//! Every agent's hook payload, through to the answer askrisky prints: the
//! first byte picks the agent (in the order of askrisky's agent table), the
//! rest is the payload.
#![no_main]

use askrisky::hook::Agent;
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: askrisky_fuzz::panic_policy(), |data: &[u8]| {
    let Some((&pick, payload)) = data.split_first() else {
        return;
    };
    let agent = Agent::ALL[usize::from(pick) % Agent::ALL.len()];
    askrisky_fuzz::hook(agent, payload);
});
