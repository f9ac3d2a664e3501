//! The whole policy, as a table over every mode, tier, allow state and
//! review state.

use super::*;

fn m(code: &str, tier: Tier) -> Match {
    Match {
        code: code.into(),
        tier,
        sentence: format!("{code}."),
        command: "cmd".into(),
        operands: None,
    }
}

fn assessment(tier: Tier) -> Assessment {
    let matches = match tier {
        Tier::Clear => vec![],
        Tier::Danger => vec![m("delete.recursive", Tier::Danger)],
        Tier::Blocked => vec![
            m("delete.root", Tier::Blocked),
            m("delete.recursive", Tier::Danger),
        ],
    };
    Assessment { tier, matches }
}

fn rated(risk: Risk, authorization: Authorization, injection: bool) -> Review {
    Review::Rated(Ratings {
        risk,
        authorization,
        injection,
        reason: "because".into(),
    })
}

#[test]
fn decision_table() {
    use Mode::{Ask, Autopilot, Review as Rev};
    use Verdict::{Ask as A, Refuse as X, Run as R};
    let low = rated(Risk::Low, Authorization::None, false);
    let high = rated(Risk::High, Authorization::Explicit, false);
    let injected = rated(Risk::Low, Authorization::Explicit, true);
    let medium_implied = rated(Risk::Medium, Authorization::Implied, false);
    let medium_weak = rated(Risk::Medium, Authorization::Weak, false);
    let down = Review::Unavailable {
        cause: ReviewFailure::Timeout,
        detail: "no answer within 30 s".into(),
    };
    let allow = Allow::Covered("prefix [\"x\"]".into());
    let none = Allow::None;
    let rows: Vec<(Mode, Tier, &Allow, &Review, Verdict)> = vec![
        // blocked: refused in every mode, whatever else is true
        (Ask, Tier::Blocked, &none, &Review::NotNeeded, X),
        (Autopilot, Tier::Blocked, &none, &Review::NotNeeded, X),
        (Rev, Tier::Blocked, &none, &low, X),
        (Autopilot, Tier::Blocked, &allow, &Review::NotNeeded, X),
        // danger: always the person's
        (Ask, Tier::Danger, &none, &Review::NotNeeded, A),
        (Autopilot, Tier::Danger, &none, &Review::NotNeeded, A),
        (Rev, Tier::Danger, &none, &low, A),
        (Rev, Tier::Danger, &none, &Review::NotNeeded, A),
        // unless the person's allow rule covers it
        (Ask, Tier::Danger, &allow, &Review::NotNeeded, R),
        (Autopilot, Tier::Danger, &allow, &Review::NotNeeded, R),
        // clear
        (Ask, Tier::Clear, &none, &Review::NotNeeded, A),
        (Ask, Tier::Clear, &allow, &Review::NotNeeded, R),
        (Autopilot, Tier::Clear, &none, &Review::NotNeeded, R),
        (Rev, Tier::Clear, &none, &low, R),
        (Rev, Tier::Clear, &none, &medium_implied, R),
        (Rev, Tier::Clear, &none, &medium_weak, A),
        (Rev, Tier::Clear, &none, &high, A),
        (Rev, Tier::Clear, &none, &injected, A),
        (Rev, Tier::Clear, &none, &down, A),
        (Rev, Tier::Clear, &none, &Review::NotNeeded, A),
        (Rev, Tier::Clear, &allow, &Review::NotNeeded, R),
    ];
    for (mode, tier, allow, review, want) in rows {
        let d = decide(mode, &assessment(tier), allow, review);
        assert_eq!(d.verdict, want, "{mode:?} {tier:?} {allow:?} {review:?}");
    }
}

#[test]
fn every_combination_is_never_looser_than_its_parts() {
    let reviews = {
        let mut v = vec![
            Review::NotNeeded,
            Review::Unavailable {
                cause: ReviewFailure::Timeout,
                detail: "y".into(),
            },
        ];
        for r in Risk::ALL {
            for a in Authorization::ALL {
                for i in [false, true] {
                    v.push(rated(r, a, i));
                }
            }
        }
        v
    };
    for mode in [Mode::Autopilot, Mode::Review, Mode::Ask] {
        for tier in [Tier::Clear, Tier::Danger, Tier::Blocked] {
            for allow in [Allow::None, Allow::Covered("r".into())] {
                for review in &reviews {
                    let d = decide(mode, &assessment(tier), &allow, review);
                    if tier == Tier::Blocked {
                        assert_eq!(d.verdict, Verdict::Refuse);
                    }
                    if tier == Tier::Danger && allow == Allow::None {
                        assert_eq!(d.verdict, Verdict::Ask);
                    }
                    if d.verdict == Verdict::Run {
                        assert!(
                            allow != Allow::None
                                || mode == Mode::Autopilot
                                || matches!(review, Review::Rated(r) if ratings_allow(r)),
                            "{mode:?} {tier:?} {review:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn whole_decisions() {
    let d = decide(
        Mode::Autopilot,
        &assessment(Tier::Blocked),
        &Allow::None,
        &Review::NotNeeded,
    );
    assert_eq!(
        d,
        Decision {
            verdict: Verdict::Refuse,
            reason: Reason::Blocked {
                matches: vec![m("delete.root", Tier::Blocked)]
            },
        }
    );
    assert_eq!(d.explain(), "delete.root [delete.root]");
    assert_eq!(d.codes(), ["delete.root"]);

    let d = decide(
        Mode::Review,
        &assessment(Tier::Clear),
        &Allow::None,
        &Review::Unavailable {
            cause: ReviewFailure::HttpStatus,
            detail: "HTTP 429 from the provider".into(),
        },
    );
    assert_eq!(
        d.explain(),
        "the reviewer could not decide: HTTP 429 from the provider [reviewer.http_status]"
    );
    assert!(Verdict::Refuse > Verdict::Ask && Verdict::Ask > Verdict::Run);
}

#[test]
fn review_failure_names_match_their_serialized_form() {
    use ReviewFailure as F;
    let all = [
        (F::NotConfigured, "not_configured"),
        (F::NoApiKey, "no_api_key"),
        (F::Oversized, "oversized"),
        (F::Timeout, "timeout"),
        (F::Transport, "transport"),
        (F::HttpStatus, "http_status"),
        (F::Unparseable, "unparseable"),
        (F::Context, "context"),
        (F::NotCalled, "not_called"),
        (F::Cancelled, "cancelled"),
    ];
    for (f, name) in all {
        assert_eq!(f.as_str(), name);
        assert_eq!(f.to_string(), name);
        assert_eq!(
            serde_json::to_value(f).unwrap_or_default(),
            serde_json::Value::from(name)
        );
    }
}

#[test]
fn verdict_names_match_their_serialized_form() {
    for (v, name) in [
        (Verdict::Run, "run"),
        (Verdict::Ask, "ask"),
        (Verdict::Refuse, "refuse"),
    ] {
        assert_eq!(v.as_str(), name);
        assert_eq!(
            serde_json::to_value(v).unwrap_or_default(),
            serde_json::Value::from(name)
        );
    }
}

/// The ratings half of the table, over all 4 × 4 × 2 combinations.
#[test]
fn ratings_allow_is_the_spec_table() {
    for risk in Risk::ALL {
        for authorization in Authorization::ALL {
            for injection in [false, true] {
                let r = Ratings {
                    risk,
                    authorization,
                    injection,
                    reason: "r".into(),
                };
                let want = !injection
                    && (risk == Risk::Low
                        || (risk == Risk::Medium
                            && matches!(
                                authorization,
                                Authorization::Explicit | Authorization::Implied
                            )));
                assert_eq!(ratings_allow(&r), want, "{r:?}");
            }
        }
    }
}

#[test]
fn modes_read_and_order() {
    assert!(Mode::Autopilot < Mode::Review && Mode::Review < Mode::Ask);
    for m in Mode::ALL {
        assert_eq!(Mode::parse(m.as_str()), Some(m));
        assert_eq!(
            Mode::parse(&format!(" {} ", m.as_str().to_uppercase())),
            Some(m)
        );
    }
    assert_eq!(Mode::parse("yolo"), None);
    assert_eq!(Mode::parse(""), None);
}

#[test]
fn variables_that_steer_programs() {
    for name in [
        "PATH",
        "LD_PRELOAD",
        "DYLD_INSERT_LIBRARIES",
        "GIT_DIR",
        "GIT_WORK_TREE",
        "GIT_CONFIG_COUNT",
        "GIT_CONFIG_KEY_0",
        "GIT_SSH_COMMAND",
        "BASH_ENV",
        "ENV",
        "PYTHONPATH",
        "NODE_OPTIONS",
        "npm_config_script_shell",
        "CARGO_TARGET_X_RUNNER",
        "HOME",
        "ASKRISKY_MODE",
    ] {
        assert!(steers_programs(name), "{name}");
    }
    for name in [
        "RUST_BACKTRACE",
        "RUST_LOG",
        "CI",
        "NO_COLOR",
        "TERM",
        "LANG",
        "DEBUG",
        "FOO",
    ] {
        assert!(!steers_programs(name), "{name}");
    }
}
