//! The reviewer's reply: the provider envelope of each wire format, then
//! the strict ratings parser. Whatever comes back, no panic, and a reason
//! that reaches the terminal carries no control or invisible characters.
#![no_main]

use askrisky::review::provider::read_reply;
use askrisky::review::{Provider, parse_reply};
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: askrisky_fuzz::panic_policy(), |data: &[u8]| {
    let body = String::from_utf8_lossy(data);
    for provider in [Provider::Openai, Provider::Anthropic] {
        for status in [200, 429, 500] {
            if let Ok((ratings, _)) = read_reply(provider, status, &body) {
                assert_eq!(status, 200);
                assert!(!ratings.reason.chars().any(askrisky::escape::is_deceptive));
            }
        }
    }
    if let Ok(r) = parse_reply(&body) {
        assert!(!r.reason.is_empty());
        assert!(!r.reason.chars().any(askrisky::escape::is_deceptive));
    }
});
