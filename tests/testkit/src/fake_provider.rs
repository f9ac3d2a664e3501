//! A fake model provider on 127.0.0.1 speaking the OpenAI chat completions
//! and Anthropic Messages wire formats, with scripted replies and faults.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How long to wait for the fake to see something (as [`crate::DEADLINE`]).
const DEADLINE: Duration = Duration::from_secs(30);

/// One scripted reply.
#[derive(Clone, Debug)]
pub enum Reply {
    /// An HTTP status with a JSON body.
    Json(u16, String),
    /// Wait, then reply.
    Delay(Duration, Box<Reply>),
    /// Exactly these bytes, then close.
    Raw(Vec<u8>),
    /// Read the request and never answer.
    Hang,
    /// The first reply whose text appears in the request body (a stand-in
    /// for a model whose answer depends on the command); 500 if none.
    Match(Vec<(String, Reply)>),
}

/// One request the fake received.
#[derive(Clone, Debug)]
pub struct Captured {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Captured {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).expect("request body is JSON")
    }
}

pub struct Fake {
    pub base: String,
    seen: Arc<Seen>,
}

/// What the fake has seen, and a signal for each new thing.
#[derive(Default)]
struct Seen {
    log: Mutex<Log>,
    changed: Condvar,
}

#[derive(Default)]
struct Log {
    /// Peers, in the order their connections were accepted.
    accepted: Vec<SocketAddr>,
    requests: Vec<Captured>,
}

impl Seen {
    fn record(&self, f: impl FnOnce(&mut Log)) {
        f(&mut self.log.lock().expect("lock"));
        self.changed.notify_all();
    }

    /// Waits until `done` holds; false if it did not within the deadline.
    fn wait(&self, done: impl Fn(&Log) -> bool) -> bool {
        let log = self.log.lock().expect("lock");
        let (_log, timeout) = self
            .changed
            .wait_timeout_while(log, DEADLINE, |log| !done(log))
            .expect("lock");
        !timeout.timed_out()
    }
}

impl Fake {
    /// Serves `reply` to every request.
    pub fn always(reply: Reply) -> Self {
        Self::start(std::iter::repeat_n(reply, 10_000).collect())
    }

    /// Serves `replies` in order, one per connection; later requests get 500.
    pub fn start(replies: Vec<Reply>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let seen = Arc::new(Seen::default());
        let shared = seen.clone();
        std::thread::spawn(move || {
            let mut replies = replies.into_iter();
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                if let Ok(peer) = stream.peer_addr() {
                    shared.record(|log| log.accepted.push(peer));
                }
                let reply = replies.next().unwrap_or_else(|| {
                    Reply::Json(
                        500,
                        r#"{"error":{"message":"no more scripted replies"}}"#.into(),
                    )
                });
                let seen = shared.clone();
                std::thread::spawn(move || serve(stream, reply, &seen));
            }
        });
        Self { base, seen }
    }

    pub fn requests(&self) -> Vec<Captured> {
        self.seen.log.lock().expect("lock").requests.clone()
    }

    /// Waits until at least `n` requests arrived.
    #[track_caller]
    pub fn wait_for(&self, n: usize) {
        assert!(
            self.seen.wait(|log| log.requests.len() >= n),
            "the fake provider never got {n} requests: {:?}",
            self.requests()
        );
    }

    /// How many connections were made to the fake before this call. It
    /// connects itself and waits until its own connection is accepted: a
    /// listener accepts in the order connections were made, so every earlier
    /// one is counted by then, however late its request would come. Its
    /// connection takes a scripted reply: call it once the run is over.
    #[track_caller]
    pub fn connections_so_far(&self) -> usize {
        let addr = self.base.trim_start_matches("http://");
        let probe = TcpStream::connect(addr).expect("connect to the fake");
        let me = probe.local_addr().expect("local addr");
        assert!(
            self.seen.wait(|log| log.accepted.contains(&me)),
            "the fake provider never accepted a connection"
        );
        let log = self.seen.log.lock().expect("lock");
        log.accepted.iter().take_while(|a| **a != me).count()
    }
}

fn serve(stream: TcpStream, reply: Reply, seen: &Seen) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut first = String::new();
    // A connection closed before a request line (the probe of
    // `connections_so_far`) is not a request.
    if reader.read_line(&mut first).unwrap_or(0) == 0 {
        return;
    }
    let mut parts = first.split_whitespace();
    let method = parts.next().unwrap_or_default().to_owned();
    let path = parts.next().unwrap_or_default().to_owned();
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            headers.push((k.trim().to_owned(), v.trim().to_owned()));
        }
    }
    let len: usize = headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; len];
    let _ = reader.read_exact(&mut body);
    let body = String::from_utf8_lossy(&body).into_owned();
    let reply = match reply {
        Reply::Match(options) => options
            .into_iter()
            .find(|(needle, _)| body.contains(needle.as_str()))
            .map(|(_, r)| r)
            .unwrap_or_else(|| Reply::Json(500, "{}".into())),
        other => other,
    };
    seen.record(|log| {
        log.requests.push(Captured {
            method,
            path,
            headers,
            body,
        })
    });
    respond(stream, reply);
}

fn respond(mut stream: TcpStream, reply: Reply) {
    match reply {
        Reply::Json(status, body) => {
            let head = format!(
                "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(body.as_bytes());
        }
        Reply::Delay(d, inner) => {
            std::thread::sleep(d);
            return respond(stream, *inner);
        }
        Reply::Raw(bytes) => {
            let _ = stream.write_all(&bytes);
        }
        Reply::Hang => std::thread::sleep(Duration::from_secs(3600)),
        Reply::Match(_) => {}
    }
    let _ = stream.flush();
}

/// An OpenAI chat completion whose message text is `content`.
pub fn openai_text(content: &str, finish: &str) -> Reply {
    let body = serde_json::json!({
        "id": "chatcmpl-1", "object": "chat.completion", "model": "test-model",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "refusal": null}, "finish_reason": finish}],
        "usage": {"prompt_tokens": 1234, "completion_tokens": 56, "total_tokens": 1290}
    });
    Reply::Json(200, body.to_string())
}

/// An OpenAI reply with these ratings.
pub fn openai(risk: &str, authorization: &str, injection: bool, reason: &str) -> Reply {
    let content = serde_json::json!({"risk": risk, "authorization": authorization, "injection": injection, "reason": reason});
    openai_text(&content.to_string(), "stop")
}

/// An Anthropic reply calling the verdict tool with `input`.
pub fn anthropic_input(input: serde_json::Value, stop: &str) -> Reply {
    let body = serde_json::json!({
        "id": "msg_1", "type": "message", "role": "assistant", "model": "test-model",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "submit_review", "input": input}],
        "stop_reason": stop, "usage": {"input_tokens": 1100, "output_tokens": 42}
    });
    Reply::Json(200, body.to_string())
}

/// An Anthropic reply with these ratings.
pub fn anthropic(risk: &str, authorization: &str, injection: bool, reason: &str) -> Reply {
    anthropic_input(
        serde_json::json!({"risk": risk, "authorization": authorization, "injection": injection, "reason": reason}),
        "tool_use",
    )
}

/// A user config for review mode pointing at the fake.
pub fn review_config(provider: &str, base: &str, timeout_s: u64) -> String {
    let base = if provider == "openai" {
        format!("{base}/v1")
    } else {
        base.to_owned()
    };
    format!(
        "mode = \"review\"\n[reviewer]\nprovider = \"{provider}\"\nbase_url = \"{base}\"\nmodel = \"test-model\"\napi_key_env = \"TEST_KEY\"\ntimeout_s = {timeout_s}\nprice_per_mtok_in = 1.0\nprice_per_mtok_out = 4.0\n"
    )
}
