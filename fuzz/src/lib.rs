//! What the fuzz targets share: the panic policy and the hook harness.

use askrisky::danger::{self, Place, Tier};
use askrisky::hook::{self, Agent, Decider, Event, Permission};
use serde_json::Value;

/// libFuzzer's panic hook aborts on every panic, including the ones
/// askrisky catches on purpose: a panic inside the shell parser crate is
/// turned into "unparseable", which asks. Those stay quiet; any other panic
/// still aborts and is a finding.
pub fn panic_policy() {
    let abort = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !askrisky::parse::panics_are_expected() {
            abort(info);
        }
    }));
}

/// Decides as the real engine's first stage does (parse, danger set), with
/// the untrusted text in every reason so the answer's JSON has to carry it.
struct Judge;

impl Decider for Judge {
    fn decide(&self, _agent: Agent, event: &Event) -> Permission {
        match event {
            Event::Command { command, .. } => {
                let script = askrisky::parse::parse(command);
                let a = danger::assess(&script, &Place::example(), &[]);
                let reason = format!("{}: {command}", a.codes().join(", "));
                match a.tier {
                    Tier::Blocked => Permission::Deny { reason },
                    Tier::Danger => Permission::Ask { reason },
                    Tier::Clear => Permission::Allow { reason },
                }
            }
            Event::FileWrite { path, tool, .. } => Permission::Ask {
                reason: format!("{tool} writes {}", path.display()),
            },
            Event::Prompt { prompt, .. } => Permission::Deny {
                reason: prompt.clone(),
            },
            Event::Resumed { .. } | Event::Other => Permission::Pass,
        }
    }
}

/// One hook call: whatever the payload, the answer is well-formed JSON
/// (or nothing, which every agent reads as "no opinion").
pub fn hook(agent: Agent, data: &[u8]) {
    let out = hook::handle(agent, data, &Judge);
    if !out.trim().is_empty() {
        let parsed: Result<Value, _> = serde_json::from_str(&out);
        assert!(parsed.is_ok(), "not JSON: {out}");
    }
}
