//! The wire: one bounded HTTPS request to an OpenAI-compatible chat
//! completions endpoint or to Anthropic Messages, and a strict reading of
//! the answer.
//!
//! One blocking client with a true global deadline: the review is one
//! request in a process that then execs. Only the person's config says where
//! the request goes — no proxy or endpoint is taken from the environment,
//! which the agent may control — and the API key is read from the named
//! environment variable at call time and never logged or printed.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::config::{Effort, Provider, ReviewerConfig};
use super::prompt::{Prompt, reply_schema};
use super::reply::parse_reply;
use crate::policy::{Ratings, ReviewFailure};

/// Largest reply body read.
const MAX_BODY: u64 = 512 * 1024;
/// Output budget when the config gives none (room for a reasoning model to
/// think before its short answer).
const DEFAULT_MAX_OUTPUT: u32 = 4_096;
/// The Messages API version sent to Anthropic.
const ANTHROPIC_VERSION: &str = "2023-06-01";
/// The tool Anthropic is made to call with its verdict.
const TOOL: &str = "submit_review";

/// Why the reviewer could not decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Why.
    pub cause: ReviewFailure,
    /// One line for the person.
    pub detail: String,
}

impl Failure {
    fn new(cause: ReviewFailure, detail: impl Into<String>) -> Self {
        Self {
            cause,
            detail: detail.into(),
        }
    }
}

/// Tokens the provider reported.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// Input tokens.
    pub input: Option<u64>,
    /// Output tokens.
    pub output: Option<u64>,
}

/// A request ready to send.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// Endpoint URL.
    pub url: String,
    /// Headers, API key included.
    pub headers: Vec<(String, String)>,
    /// JSON body.
    pub body: Value,
}

/// The base URL a provider uses when the config gives none.
pub fn default_base_url(p: Provider) -> &'static str {
    match p {
        Provider::Openai => "https://api.openai.com/v1",
        Provider::Anthropic => "https://api.anthropic.com",
    }
}

/// The API-key variable a provider uses when the config names none.
pub fn default_key_env(p: Provider) -> &'static str {
    match p {
        Provider::Openai => "OPENAI_API_KEY",
        Provider::Anthropic => "ANTHROPIC_API_KEY",
    }
}

fn is_loopback(url: &str) -> bool {
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"))
        .unwrap_or(url);
    let host = rest.split(['/', '?']).next().unwrap_or("");
    let host = match host.rsplit_once(':') {
        Some((h, port)) if port.chars().all(|c| c.is_ascii_digit()) => h,
        _ => host,
    };
    matches!(host, "localhost" | "127.0.0.1" | "[::1]") || host.starts_with("127.")
}

/// Finds the API key: the configured variable must be set; without one, the
/// provider's usual variable is used, and a server on this machine (Ollama,
/// llama.cpp) may need none.
pub fn api_key(
    cfg: &ReviewerConfig,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<String>, Failure> {
    let get = |k: &str| env(k).filter(|v| !v.trim().is_empty());
    if let Some(var) = &cfg.api_key_env {
        return get(var).map(Some).ok_or_else(|| {
            Failure::new(
                ReviewFailure::NoApiKey,
                format!("{var} is not set (the reviewer's api_key_env)"),
            )
        });
    }
    let var = default_key_env(cfg.provider);
    match get(var) {
        Some(k) => Ok(Some(k)),
        None if is_loopback(&base_url(cfg)) => Ok(None),
        None => Err(Failure::new(
            ReviewFailure::NoApiKey,
            format!("{var} is not set"),
        )),
    }
}

fn base_url(cfg: &ReviewerConfig) -> String {
    cfg.base_url
        .clone()
        .unwrap_or_else(|| default_base_url(cfg.provider).to_owned())
        .trim_end_matches('/')
        .to_owned()
}

/// Builds the HTTP request for the configured provider.
pub fn call(cfg: &ReviewerConfig, prompt: &Prompt, key: Option<&str>) -> Call {
    let max = cfg.max_output_tokens.unwrap_or(DEFAULT_MAX_OUTPUT);
    let mut headers = vec![("content-type".to_owned(), "application/json".to_owned())];
    match cfg.provider {
        Provider::Openai => {
            if let Some(k) = key {
                headers.push(("authorization".into(), format!("Bearer {k}")));
            }
            let mut body = json!({
                "model": cfg.model,
                "messages": [
                    {"role": "system", "content": prompt.system},
                    {"role": "user", "content": prompt.user},
                ],
                "response_format": {
                    "type": "json_schema",
                    "json_schema": {"name": "review", "strict": true, "schema": reply_schema()},
                },
                "max_completion_tokens": max,
                "stream": false,
            });
            if let Some(effort) = effort_name(cfg.effort) {
                body["reasoning_effort"] = json!(effort);
            }
            Call {
                url: format!("{}/chat/completions", base_url(cfg)),
                headers,
                body,
            }
        }
        Provider::Anthropic => {
            if let Some(k) = key {
                headers.push(("x-api-key".into(), k.to_owned()));
            }
            headers.push(("anthropic-version".into(), ANTHROPIC_VERSION.into()));
            // The verdict is forced through a tool whose input schema is the
            // reply schema; the input is then parsed as strictly as text.
            let body = json!({
                "model": cfg.model,
                "max_tokens": max,
                "system": prompt.system,
                "messages": [{"role": "user", "content": prompt.user}],
                "tools": [{
                    "name": TOOL,
                    "description": "Submit the review of the command.",
                    "input_schema": reply_schema(),
                }],
                "tool_choice": {"type": "tool", "name": TOOL},
            });
            Call {
                url: format!("{}/v1/messages", base_url(cfg)),
                headers,
                body,
            }
        }
    }
}

fn effort_name(e: Effort) -> Option<&'static str> {
    match e {
        Effort::None => None,
        Effort::Low => Some("low"),
        Effort::Medium => Some("medium"),
        Effort::High => Some("high"),
    }
}

/// Sends the request within `timeout` (one deadline for everything: connect,
/// TLS, upload, waiting, download). A transport error is retried once while
/// time remains; nothing else is.
pub fn send(c: &Call, timeout: Duration) -> Result<(u16, String), Failure> {
    let deadline = Instant::now() + timeout;
    let mut attempt = 0;
    loop {
        attempt += 1;
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(timed_out(timeout));
        }
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(left))
            .http_status_as_error(false)
            .max_redirects(0)
            .proxy(None)
            .user_agent(concat!("askrisky/", env!("CARGO_PKG_VERSION")))
            .build()
            .into();
        let mut req = agent.post(&c.url);
        for (k, v) in &c.headers {
            req = req.header(k, v);
        }
        let body = c.body.to_string();
        let result = req.send(body.as_bytes()).and_then(|mut resp| {
            let status = resp.status().as_u16();
            let text = resp
                .body_mut()
                .with_config()
                .limit(MAX_BODY)
                .read_to_string()?;
            Ok((status, text))
        });
        match result {
            Ok(ok) => return Ok(ok),
            Err(ureq::Error::Timeout(_)) => return Err(timed_out(timeout)),
            Err(e) => {
                let f = classify(&e);
                if f.cause == ReviewFailure::Transport
                    && attempt == 1
                    && !deadline.saturating_duration_since(Instant::now()).is_zero()
                {
                    continue;
                }
                return Err(f);
            }
        }
    }
}

fn timed_out(t: Duration) -> Failure {
    Failure::new(
        ReviewFailure::Timeout,
        format!("no answer within {} s", t.as_secs_f32()),
    )
}

fn classify(e: &ureq::Error) -> Failure {
    use ureq::Error as E;
    match e {
        E::Timeout(_) => Failure::new(ReviewFailure::Timeout, "no answer in time"),
        E::BodyExceedsLimit(n) => Failure::new(
            ReviewFailure::Unparseable,
            format!("the reply was larger than {n} bytes"),
        ),
        E::HostNotFound => Failure::new(
            ReviewFailure::Transport,
            "the provider's host name could not be resolved",
        ),
        E::ConnectionFailed => Failure::new(
            ReviewFailure::Transport,
            "could not connect to the provider",
        ),
        E::Tls(m) => Failure::new(ReviewFailure::Transport, format!("TLS error: {m}")),
        E::Rustls(r) => Failure::new(ReviewFailure::Transport, format!("TLS error: {r}")),
        E::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => {
            Failure::new(ReviewFailure::Timeout, "no answer in time")
        }
        E::Io(io) => Failure::new(ReviewFailure::Transport, format!("connection error: {io}")),
        E::Protocol(p) => Failure::new(
            ReviewFailure::Transport,
            format!("HTTP protocol error: {p}"),
        ),
        other => Failure::new(ReviewFailure::Transport, other.to_string()),
    }
}

/// Reads a provider's reply: the HTTP status, a normal stop, and exactly
/// the four rating fields.
pub fn read_reply(
    provider: Provider,
    status: u16,
    body: &str,
) -> Result<(Ratings, Usage), Failure> {
    if !(200..300).contains(&status) {
        let msg = serde_json::from_str::<Value>(body)
            .ok()
            .and_then(|v| {
                v.pointer("/error/message")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            })
            .unwrap_or_else(|| body.chars().take(120).collect());
        let msg = crate::review::clean_reason(&msg);
        let detail = if msg.is_empty() {
            format!("HTTP {status} from the provider")
        } else {
            format!("HTTP {status} from the provider: {msg}")
        };
        return Err(Failure::new(ReviewFailure::HttpStatus, detail));
    }
    let v: Value = serde_json::from_str(body).map_err(|e| {
        Failure::new(
            ReviewFailure::Unparseable,
            format!("the provider's reply is not JSON ({e})"),
        )
    })?;
    let bad = |d: &str| Failure::new(ReviewFailure::Unparseable, d.to_owned());
    match provider {
        Provider::Openai => {
            let choice = v
                .get("choices")
                .and_then(Value::as_array)
                .and_then(|c| c.first())
                .ok_or_else(|| bad("the reply has no choices"))?;
            let finish = choice
                .get("finish_reason")
                .and_then(Value::as_str)
                .unwrap_or("");
            if finish != "stop" {
                return Err(bad(&format!(
                    "the model stopped early (finish_reason: {})",
                    if finish.is_empty() { "none" } else { finish }
                )));
            }
            let msg = choice
                .get("message")
                .ok_or_else(|| bad("the reply has no message"))?;
            if msg.get("refusal").is_some_and(|r| !r.is_null()) {
                return Err(bad("the model refused to rate the command"));
            }
            let text = msg
                .get("content")
                .and_then(Value::as_str)
                .ok_or_else(|| bad("the reply has no text"))?;
            let ratings = parse_reply(text).map_err(|e| bad(&e.to_string()))?;
            let usage = Usage {
                input: v.pointer("/usage/prompt_tokens").and_then(Value::as_u64),
                output: v
                    .pointer("/usage/completion_tokens")
                    .and_then(Value::as_u64),
            };
            Ok((ratings, usage))
        }
        Provider::Anthropic => {
            let stop = v.get("stop_reason").and_then(Value::as_str).unwrap_or("");
            if stop != "tool_use" {
                return Err(bad(&format!(
                    "the model stopped without a verdict (stop_reason: {})",
                    if stop.is_empty() { "none" } else { stop }
                )));
            }
            let blocks = v
                .get("content")
                .and_then(Value::as_array)
                .ok_or_else(|| bad("the reply has no content"))?;
            let uses: Vec<&Value> = blocks
                .iter()
                .filter(|b| b.get("type").and_then(Value::as_str) == Some("tool_use"))
                .collect();
            let [only] = uses.as_slice() else {
                return Err(bad(&format!("expected one verdict, got {}", uses.len())));
            };
            if only.get("name").and_then(Value::as_str) != Some(TOOL) {
                return Err(bad("the model called an unknown tool"));
            }
            let input = only
                .get("input")
                .ok_or_else(|| bad("the verdict has no input"))?;
            let ratings = parse_reply(&input.to_string()).map_err(|e| bad(&e.to_string()))?;
            let usage = Usage {
                input: v.pointer("/usage/input_tokens").and_then(Value::as_u64),
                output: v.pointer("/usage/output_tokens").and_then(Value::as_u64),
            };
            Ok((ratings, usage))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(p: Provider) -> ReviewerConfig {
        ReviewerConfig {
            provider: p,
            base_url: None,
            model: "m".into(),
            api_key_env: None,
            timeout_s: 30,
            effort: Effort::Low,
            max_output_tokens: None,
            price_per_mtok_in: None,
            price_per_mtok_out: None,
        }
    }

    const GOOD: &str =
        r#"{"risk":"low","authorization":"implied","injection":false,"reason":"Runs the tests."}"#;

    fn openai(content: &str, finish: &str) -> String {
        json!({"choices":[{"index":0,"message":{"role":"assistant","content":content,"refusal":null},"finish_reason":finish}],
               "usage":{"prompt_tokens":1200,"completion_tokens":30}}).to_string()
    }

    fn anthropic(input: Value, stop: &str) -> String {
        json!({"type":"message","role":"assistant","content":[{"type":"tool_use","id":"t1","name":TOOL,"input":input}],
               "stop_reason":stop,"usage":{"input_tokens":1100,"output_tokens":40}}).to_string()
    }

    #[test]
    fn reads_good_replies() {
        let (r, u) = read_reply(Provider::Openai, 200, &openai(GOOD, "stop"))
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(r.reason, "Runs the tests.");
        assert_eq!(
            u,
            Usage {
                input: Some(1200),
                output: Some(30)
            }
        );
        let input: Value = serde_json::from_str(GOOD).unwrap_or_default();
        let (r, u) = read_reply(Provider::Anthropic, 200, &anthropic(input, "tool_use"))
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert!(crate::policy::ratings_allow(&r));
        assert_eq!(u.output, Some(40));
    }

    #[test]
    fn refuses_bad_replies_with_specific_reasons() {
        let cases: Vec<(Provider, u16, String, &str)> = vec![
            (Provider::Openai, 429, r#"{"error":{"message":"Rate limit reached"}}"#.into(), "HTTP 429 from the provider: Rate limit reached"),
            (Provider::Openai, 500, "oops".into(), "HTTP 500 from the provider: oops"),
            (Provider::Openai, 200, "not json".into(), "not JSON"),
            (Provider::Openai, 200, "{\"choices\":[]}".into(), "no choices"),
            (Provider::Openai, 200, openai(GOOD, "length"), "finish_reason: length"),
            (Provider::Openai, 200, openai(GOOD, "content_filter"), "finish_reason: content_filter"),
            (Provider::Openai, 200, openai(r#"{"risk":"low","authorization":"implied","reason":"x"}"#, "stop"), "missing field `injection`"),
            (Provider::Openai, 200, openai(r#"{"risk":"low","authorization":"implied","injection":false,"reason":"x","allow":true}"#, "stop"), "unknown field `allow`"),
            (Provider::Openai, 200, openai(r#"{"risk":"tiny","authorization":"implied","injection":false,"reason":"x"}"#, "stop"), "unknown variant `tiny`"),
            (Provider::Openai, 200, json!({"choices":[{"message":{"content":null,"refusal":"I can't"},"finish_reason":"stop"}]}).to_string(), "refused"),
            (Provider::Anthropic, 200, anthropic(json!({"risk":"low"}), "tool_use"), "missing field"),
            (Provider::Anthropic, 200, anthropic(json!({}), "max_tokens"), "stop_reason: max_tokens"),
            (Provider::Anthropic, 200, json!({"content":[{"type":"text","text":GOOD}],"stop_reason":"end_turn"}).to_string(), "stop_reason: end_turn"),
            (Provider::Anthropic, 529, r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#.into(), "HTTP 529 from the provider: Overloaded"),
        ];
        for (p, status, body, want) in cases {
            let e = read_reply(p, status, &body)
                .err()
                .unwrap_or_else(|| panic!("accepted {body}"));
            assert!(e.detail.contains(want), "{want:?} not in {:?}", e.detail);
            assert!(!e.detail.contains('\n'));
        }
    }

    #[test]
    fn request_bodies() {
        let prompt = Prompt {
            system: "SYS".into(),
            user: "USER".into(),
        };
        let c = call(&cfg(Provider::Openai), &prompt, Some("sk-test"));
        assert_eq!(c.url, "https://api.openai.com/v1/chat/completions");
        assert!(
            c.headers
                .contains(&("authorization".into(), "Bearer sk-test".into()))
        );
        assert_eq!(c.body["reasoning_effort"], "low");
        assert_eq!(c.body["response_format"]["json_schema"]["strict"], true);
        let mut none = cfg(Provider::Openai);
        none.effort = Effort::None;
        none.base_url = Some("http://127.0.0.1:8080/v1/".into());
        let c = call(&none, &prompt, None);
        assert_eq!(c.url, "http://127.0.0.1:8080/v1/chat/completions");
        assert!(c.body.get("reasoning_effort").is_none());
        assert!(!c.headers.iter().any(|(k, _)| k == "authorization"));
        let c = call(&cfg(Provider::Anthropic), &prompt, Some("k"));
        assert_eq!(c.url, "https://api.anthropic.com/v1/messages");
        assert!(
            c.headers
                .contains(&("anthropic-version".into(), ANTHROPIC_VERSION.into()))
        );
        assert_eq!(c.body["tool_choice"]["name"], TOOL);
        assert_eq!(c.body["max_tokens"], DEFAULT_MAX_OUTPUT);
    }

    #[test]
    fn api_keys() {
        let env = |k: &str| (k == "OPENAI_API_KEY").then(|| "sk".to_owned());
        let none = |_: &str| None;
        assert_eq!(api_key(&cfg(Provider::Openai), &env), Ok(Some("sk".into())));
        assert_eq!(
            api_key(&cfg(Provider::Openai), &none).map_err(|f| f.cause),
            Err(ReviewFailure::NoApiKey)
        );
        let mut local = cfg(Provider::Openai);
        local.base_url = Some("http://localhost:11434/v1".into());
        assert_eq!(api_key(&local, &none), Ok(None));
        local.api_key_env = Some("MY_KEY".into());
        assert_eq!(
            api_key(&local, &none).map_err(|f| f.detail),
            Err("MY_KEY is not set (the reviewer's api_key_env)".into())
        );
    }

    #[test]
    fn loopback_hosts() {
        for u in [
            "http://127.0.0.1:8080/v1",
            "http://localhost/v1",
            "http://[::1]:1/x",
            "http://[::1]/x",
            "http://127.1.2.3",
        ] {
            assert!(is_loopback(u), "{u}");
        }
        for u in [
            "https://api.openai.com/v1",
            "http://10.0.0.1:8080",
            "http://localhost.evil.com",
        ] {
            assert!(!is_loopback(u), "{u}");
        }
    }
}
