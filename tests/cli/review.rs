//! Review mode against a fake provider on 127.0.0.1: the allow path, every
//! rating combination, and every way the reviewer can fail (each one asks).

use crate::common;

use std::time::Duration;

use common::Env;
use common::fake_provider::{self as fake, Fake, Reply};

/// A review-mode environment pointed at `replies`.
fn setup(provider: &str, replies: Vec<Reply>, timeout_s: u64) -> (Env, Fake) {
    let f = Fake::start(replies);
    let env = Env::new();
    env.config(&fake::review_config(provider, &f.base, timeout_s));
    (env, f)
}

/// Runs `touch ran` through review mode; returns (status, stderr, ran?).
fn attempt(env: &Env) -> (Option<i32>, String, bool) {
    let marker = env.project.join("ran");
    let out = env
        .askrisky(["exec", "--", "touch", marker.to_str().expect("utf8")])
        .env("TEST_KEY", "sk-test")
        .output();
    (out.code(), out.stderr(), marker.exists())
}

#[test]
fn allowed_by_the_reviewer_it_runs_and_is_logged() {
    let (env, f) = setup(
        "openai",
        vec![fake::openai(
            "low",
            "implied",
            false,
            "Creates an empty file.",
        )],
        5,
    );
    let (code, err, ran) = attempt(&env);
    assert_eq!(code, Some(0), "{err}");
    assert!(ran);
    let req = &f.requests()[0];
    assert_eq!(req.path, "/v1/chat/completions");
    assert_eq!(req.header("authorization"), Some("Bearer sk-test"));
    let log = env.log();
    let r = &log[0];
    assert_eq!(r["outcome"], "ran");
    assert_eq!(r["decided_by"], "reviewer");
    let rv = &r["reviewer"];
    assert_eq!(rv["answered"], true);
    assert_eq!(rv["risk"], "low");
    assert_eq!(rv["authorization"], "implied");
    assert_eq!(rv["injection"], false);
    assert_eq!(rv["provider"], "openai");
    assert_eq!(rv["model"], "test-model");
    assert_eq!(rv["input_tokens"], 1234);
    assert_eq!(rv["output_tokens"], 56);
    // 1234 × $1 + 56 × $4 per million tokens
    assert!(
        (rv["cost"].as_f64().unwrap_or(0.0) - 0.001458).abs() < 1e-9,
        "{rv}"
    );
    // The key never reaches the log.
    let text = std::fs::read_to_string(env.state_dir().join("log.jsonl")).unwrap_or_default();
    assert!(!text.contains("sk-test"));
}

#[test]
fn anthropic_wire_format() {
    let (env, f) = setup(
        "anthropic",
        vec![fake::anthropic("low", "explicit", false, "Creates a file.")],
        5,
    );
    let (code, err, ran) = attempt(&env);
    assert_eq!(code, Some(0), "{err}");
    assert!(ran);
    let req = &f.requests()[0];
    assert_eq!(req.path, "/v1/messages");
    assert_eq!(req.header("x-api-key"), Some("sk-test"));
    assert_eq!(req.header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(req.json()["tool_choice"]["name"], "submit_review");
}

#[test]
fn every_rating_combination() {
    let risks = ["low", "medium", "high", "critical"];
    let auths = ["explicit", "implied", "weak", "none"];
    let mut replies = Vec::new();
    let mut expected = Vec::new();
    for r in risks {
        for a in auths {
            for inj in [false, true] {
                replies.push(fake::openai(r, a, inj, "r"));
                let run =
                    !inj && (r == "low" || (r == "medium" && (a == "explicit" || a == "implied")));
                expected.push(((r, a, inj), run));
            }
        }
    }
    let (env, _f) = setup("openai", replies, 5);
    for ((r, a, inj), run) in expected {
        let out = env
            .askrisky(["check", "--json", "-c", "ls"])
            .env("TEST_KEY", "k")
            .output();
        let v: serde_json::Value = serde_json::from_str(&out.stdout()).expect("json");
        let want = if run { "run" } else { "ask" };
        assert_eq!(v["decision"], want, "{r} {a} {inj}: {v}");
        assert_eq!(v["review"]["state"], "rated");
    }
}

#[test]
fn danger_set_never_reaches_the_reviewer() {
    let (env, f) = setup(
        "openai",
        vec![fake::openai("low", "explicit", false, "fine")],
        5,
    );
    let out = env
        .askrisky(["check", "-c", "rm -rf build"])
        .env("TEST_KEY", "k")
        .output();
    out.status(81);
    assert!(f.requests().is_empty());
}

fn text_reply(body: &str) -> Reply {
    Reply::Json(200, body.to_owned())
}

const GOOD: &str = r#"{"risk":"low","authorization":"implied","injection":false,"reason":"ok"}"#;

#[test]
fn every_failure_asks_with_its_own_reason() {
    let truncated = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 500\r\nconnection: close\r\n\r\n{\"choices\":[".to_vec();
    let cases: Vec<(&str, Vec<Reply>, &str)> = vec![
        (
            "http 400",
            vec![Reply::Json(
                400,
                r#"{"error":{"message":"bad request"}}"#.into(),
            )],
            "[reviewer.http_status]",
        ),
        (
            "http 401",
            vec![Reply::Json(
                401,
                r#"{"error":{"message":"invalid api key"}}"#.into(),
            )],
            "HTTP 401 from the provider: invalid api key",
        ),
        (
            "http 429",
            vec![Reply::Json(
                429,
                r#"{"error":{"message":"rate limited"}}"#.into(),
            )],
            "HTTP 429",
        ),
        ("http 500", vec![Reply::Json(500, "{}".into())], "HTTP 500"),
        ("http 503", vec![Reply::Json(503, "".into())], "HTTP 503"),
        (
            "truncated body",
            vec![Reply::Raw(truncated.clone()), Reply::Raw(truncated)],
            "[reviewer.transport]",
        ),
        ("empty body", vec![text_reply("")], "not JSON"),
        (
            "non-JSON",
            vec![text_reply("<html>gateway</html>")],
            "not JSON",
        ),
        (
            "empty choices",
            vec![text_reply(r#"{"choices":[]}"#)],
            "no choices",
        ),
        (
            "missing field",
            vec![fake::openai_text(
                r#"{"risk":"low","injection":false,"reason":"x"}"#,
                "stop",
            )],
            "missing field `authorization`",
        ),
        (
            "missing injection",
            vec![fake::openai_text(
                r#"{"risk":"low","authorization":"explicit","reason":"x"}"#,
                "stop",
            )],
            "missing field `injection`",
        ),
        (
            "extra field",
            vec![fake::openai_text(
                r#"{"risk":"low","authorization":"explicit","injection":false,"reason":"x","allow":true}"#,
                "stop",
            )],
            "unknown field `allow`",
        ),
        (
            "wrong enum",
            vec![fake::openai_text(
                r#"{"risk":"negligible","authorization":"explicit","injection":false,"reason":"x"}"#,
                "stop",
            )],
            "unknown variant `negligible`",
        ),
        (
            "prose around JSON",
            vec![fake::openai_text(&format!("Here you go: {GOOD}"), "stop")],
            "[reviewer.unparseable]",
        ),
        (
            "fenced JSON",
            vec![fake::openai_text(&format!("```json\n{GOOD}\n```"), "stop")],
            "[reviewer.unparseable]",
        ),
        (
            "finish_reason length",
            vec![fake::openai_text(GOOD, "length")],
            "finish_reason: length",
        ),
        (
            "timeout",
            vec![Reply::Delay(
                Duration::from_secs(5),
                Box::new(fake::openai("low", "explicit", false, "late")),
            )],
            "no answer within 1 s",
        ),
    ];
    for (name, replies, want) in cases {
        let (env, _f) = setup("openai", replies, 1);
        let (code, err, ran) = attempt(&env);
        assert!(!ran, "{name}: the command ran");
        assert_eq!(code, Some(81), "{name}: {err}");
        assert!(
            err.contains("the reviewer could not decide: "),
            "{name}: {err}"
        );
        assert!(err.contains(want), "{name}: {want:?} not in {err}");
        let log = env.log();
        assert_eq!(log[0]["reviewer"]["answered"], false, "{name}");
        assert!(
            log[0]["reviewer"]["unavailable_reason"].is_string(),
            "{name}"
        );
    }
}

#[test]
fn connection_refused_asks() {
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port();
    let env = Env::new();
    env.config(&fake::review_config(
        "openai",
        &format!("http://127.0.0.1:{port}"),
        2,
    ));
    let (code, err, ran) = attempt(&env);
    assert!(!ran);
    assert_eq!(code, Some(81));
    assert!(err.contains("[reviewer.transport]"), "{err}");
}

#[test]
fn dns_failure_asks() {
    let env = Env::new();
    env.config(&fake::review_config(
        "openai",
        "http://askrisky-test.invalid",
        2,
    ));
    let (code, err, ran) = attempt(&env);
    assert!(!ran);
    assert_eq!(code, Some(81));
    // A resolver that answers says the name does not exist (a transport
    // fault); one that cannot reach a name server outlasts the reviewer's
    // time limit. Which one a machine has is not the test's to choose:
    // either way the line is asked about, never run.
    assert!(
        err.contains("[reviewer.transport]") || err.contains("[reviewer.timeout]"),
        "{err}"
    );
}

#[test]
fn tls_failure_asks() {
    // An HTTPS URL to a server that only speaks plain HTTP.
    let f = Fake::start(vec![
        Reply::Raw(b"HTTP/1.1 200 OK\r\n\r\n".to_vec()),
        Reply::Raw(b"HTTP/1.1 200 OK\r\n\r\n".to_vec()),
    ]);
    let env = Env::new();
    env.config(&fake::review_config(
        "openai",
        &f.base.replace("http://", "https://"),
        2,
    ));
    let (code, err, ran) = attempt(&env);
    assert!(!ran);
    assert_eq!(code, Some(81));
    assert!(err.contains("[reviewer.transport]"), "{err}");
}

#[test]
fn missing_api_key_asks_without_a_call() {
    let (env, f) = setup(
        "openai",
        vec![fake::openai("low", "explicit", false, "x")],
        5,
    );
    let marker = env.project.join("ran");
    let out = env
        .askrisky(["exec", "--", "touch", marker.to_str().expect("utf8")])
        .output();
    out.status(81);
    assert!(!marker.exists());
    assert!(
        out.stderr().contains("TEST_KEY is not set"),
        "{}",
        out.stderr()
    );
    assert!(out.stderr().contains("[reviewer.no_api_key]"));
    assert!(f.requests().is_empty());
}

#[test]
fn oversized_command_is_not_sent() {
    let (env, f) = setup(
        "openai",
        vec![fake::openai("low", "explicit", false, "x")],
        5,
    );
    let long = format!("echo {}", "a".repeat(4_100));
    let out = env
        .askrisky(["exec", "-c", &long])
        .env("TEST_KEY", "k")
        .output();
    out.status(81);
    assert!(
        out.stderr().contains("[reviewer.oversized]"),
        "{}",
        out.stderr()
    );
    assert_eq!(
        f.connections_so_far(),
        0,
        "askrisky connected to the provider"
    );
    assert!(f.requests().is_empty(), "a request reached the provider");
}

#[test]
fn a_slow_provider_meets_a_short_timeout() {
    let (env, _f) = setup(
        "openai",
        vec![Reply::Delay(
            Duration::from_secs(10),
            Box::new(fake::openai("low", "explicit", false, "late")),
        )],
        1,
    );
    let started = std::time::Instant::now();
    let (code, err, ran) = attempt(&env);
    assert!(!ran);
    assert_eq!(code, Some(81));
    assert!(err.contains("[reviewer.timeout]"), "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "the deadline was not kept"
    );
}

#[test]
fn signals_during_the_review_end_askrisky_without_running() {
    for signal in ["-INT", "-TERM"] {
        let (env, f) = setup("openai", vec![Reply::Hang], 30);
        let marker = env.project.join("ran");
        let mut child = env
            .askrisky(["exec", "--", "touch", marker.to_str().expect("utf8")])
            .env("TEST_KEY", "k")
            .spawn();
        f.wait_for(1);
        let kill = |signal: &str, pid: u32| {
            let sent = std::process::Command::new("kill")
                .args([signal, &pid.to_string()])
                .status()
                .expect("kill");
            assert!(sent.success());
        };
        let int_ignored = signal == "-INT" && askrisky::signals::ignored_at_start().contains(&2);
        if int_ignored {
            // Started from a background job, askrisky inherits SIGINT
            // ignored and leaves it so (for the command's sake): the kernel
            // drops the signal as it is sent, and askrisky keeps waiting.
            assert!(common::ignores(child.id(), 2), "SIGINT is watched");
        }
        kill(signal, child.id());
        if int_ignored {
            assert!(child.try_wait().expect("try_wait").is_none());
            // SIGTERM still ends it.
            kill("-TERM", child.id());
        }
        let out = child.wait_with_output().expect("wait");
        assert_eq!(
            out.status.code(),
            Some(84),
            "{signal}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!marker.exists(), "{signal}: the command ran");
        let log = env.log();
        assert_eq!(log[0]["outcome"], "cancelled", "{signal}");
        assert_eq!(log[0]["reviewer"]["unavailable_reason"], "cancelled");
    }
}

#[test]
fn the_request_for_each_provider() {
    for (provider, reply) in [
        ("openai", fake::openai("low", "explicit", false, "x")),
        ("anthropic", fake::anthropic("low", "explicit", false, "x")),
    ] {
        let (env, f) = setup(provider, vec![reply], 5);
        env.askrisky(["check", "-c", "cargo test --all"])
            .env("TEST_KEY", "k")
            .output()
            .status(0);
        let body = f.requests()[0].json();
        let project = env.project.display().to_string();
        insta::with_settings!({filters => vec![
            (r"[0-9a-f]{32}", "<FENCE>"),
            (project.as_str(), "<PROJECT>"),
        ]}, {
            insta::assert_json_snapshot!(format!("request_{provider}"), body);
        });
    }
}

#[test]
fn show_prompt_prints_the_request_without_sending() {
    let (env, f) = setup("openai", vec![], 5);
    let out = env
        .askrisky(["check", "--show-prompt", "-c", "make test"])
        .output();
    out.status(0);
    let text = out.stdout();
    assert!(text.contains("=== instructions ==="));
    assert!(text.contains("PERSON\n(no goals were recorded for this session)"));
    assert!(text.contains("Command line:\nmake test"));
    assert!(text.contains("/v1/chat/completions"));
    assert!(f.requests().is_empty());
}

#[test]
fn signals_ignored_at_start_stay_ignored_after_a_review() {
    // askrisky watches signals while the reviewer is asked; a command
    // started from a background job must still find SIGINT and SIGQUIT
    // ignored, as it would if run directly.
    let (env, _f) = setup(
        "openai",
        vec![fake::openai("low", "implied", false, "Reads its status.")],
        5,
    );
    // Started as a background job is: SIGINT and SIGQUIT ignored.
    let out = env
        .askrisky(["exec", "--", "grep", "SigIgn", "/proc/self/status"])
        .env("TEST_KEY", "sk-test")
        .through("sh", &["-c", "trap '' INT QUIT; exec \"$@\"", "sh"])
        .output();
    out.status(0);
    let mask = out
        .stdout()
        .split_once(':')
        .and_then(|(_, hex)| u64::from_str_radix(hex.trim(), 16).ok())
        .unwrap_or_else(|| panic!("no mask: {}", out.stdout()));
    assert_eq!(mask & 0b110, 0b110, "SIGINT/SIGQUIT not ignored: {mask:x}");
    assert_eq!(env.log()[0]["decided_by"], "reviewer");
}
