//! How much askrisky costs.
//!
//! - `classify`: parse + danger set for typical agent command lines, in
//!   process (target: ≥ 100,000 lines per second); and the same through
//!   the engine's time-bounded analysis, which runs each non-plain line on
//!   its own thread.
//! - `process`: a whole `askrisky exec -- true` in autopilot next to
//!   `sh -c true` (target: ≤ 1.5× `sh -c true`), and `sh -c /bin/true`
//!   for a shell that runs an actual program, as agents' commands are.
//!
//! - `review`: a whole decision in review mode (parse, danger set, request,
//!   HTTP round trip, strict reply parsing, policy) against a provider on
//!   127.0.0.1 that answers at once (target: ≤ 5 ms).
//!
//! Run with `cargo bench --bench decide`.
#![allow(clippy::disallowed_methods, clippy::unwrap_used, clippy::expect_used)] // test code: plain files, and a failure is a panic

use std::hint::black_box;
use std::os::unix::fs::PermissionsExt;
use std::process::{Command, Stdio};

use askrisky::danger::{Place, assess};
use askrisky::decide::{ANALYSIS_BUDGET, analyse};
use askrisky::parse::Syntax;
use askrisky::parse::{parse, parse_as};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use askrisky_testkit::fake_provider;

#[path = "lines.rs"]
mod lines;
use lines::{BASHISMS, LINES};

fn classify(c: &mut Criterion) {
    let ctx = Place::example();
    let mut g = c.benchmark_group("classify");
    g.throughput(Throughput::Elements(LINES.len() as u64));
    g.bench_function("typical_lines", |b| {
        b.iter(|| {
            for line in LINES {
                black_box(assess(&parse(black_box(line)), &ctx, &[]));
            }
        })
    });
    g.bench_function("typical_lines_time_bounded", |b| {
        b.iter(|| {
            for line in LINES {
                black_box(analyse(
                    black_box(line),
                    Syntax::Bash,
                    &ctx,
                    &[],
                    None,
                    ANALYSIS_BUDGET,
                ));
            }
        })
    });
    // The same lines read for a shell that is not known (bash, dash and
    // zsh): the other readings are made only for lines holding a construct
    // they read differently.
    g.bench_function("typical_lines_unknown_shell", |b| {
        b.iter(|| {
            for line in LINES {
                black_box(assess(
                    &parse_as(black_box(line), Syntax::Unknown),
                    &ctx,
                    &[],
                ));
            }
        })
    });
    g.bench_function("bashisms_unknown_shell", |b| {
        b.iter(|| {
            for line in BASHISMS {
                black_box(assess(
                    &parse_as(black_box(line), Syntax::Unknown),
                    &ctx,
                    &[],
                ));
            }
        })
    });
    g.finish();
}

fn process(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join(".config/askrisky");
    std::fs::create_dir_all(&config).expect("mkdir");
    let file = config.join("config.toml");
    std::fs::write(&file, "mode = \"autopilot\"\n").expect("write");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let bin = env!("CARGO_BIN_EXE_askrisky");
    let run = |cmd: &mut Command| {
        let status = cmd
            .env("HOME", dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("spawn");
        assert!(status.success());
    };
    let mut g = c.benchmark_group("process");
    g.bench_function("sh -c true", |b| {
        b.iter(|| run(Command::new("sh").args(["-c", "true"])))
    });
    // `true` is a shell builtin; an agent's commands are programs.
    g.bench_function("sh -c program-true", |b| {
        b.iter(|| run(Command::new("sh").args(["-c", "/bin/true"])))
    });
    g.bench_function("askrisky exec -- true", |b| {
        b.iter(|| run(Command::new(bin).args(["exec", "--", "true"])))
    });
    // The check a guarded interactive shell runs before each typed line.
    g.bench_function("askrisky guard -c 'git status'", |b| {
        b.iter(|| run(Command::new(bin).args(["guard", "-c", "git status"])))
    });
    g.bench_function("askrisky exec -c true", |b| {
        b.iter(|| run(Command::new(bin).args(["exec", "-c", "true"])))
    });
    g.finish();
}

fn review(c: &mut Criterion) {
    use askrisky::review::{self, prompt::Input};
    let replies = (0..100_000)
        .map(|_| fake_provider::openai("low", "implied", false, "Runs the tests."))
        .collect();
    let f = fake_provider::Fake::start(replies);
    let cfg: review::ReviewerConfig = toml::from_str(&format!(
        "provider = \"openai\"\nbase_url = \"{}/v1\"\nmodel = \"m\"\napi_key_env = \"K\"\ntimeout_s = 5\n",
        f.base
    ))
    .expect("config");
    let session = askrisky::session::Session::default();
    let ctx = Place::example();
    let env = |_: &str| Some("k".to_owned());
    c.bench_function("review/whole decision, provider answers at once", |b| {
        b.iter(|| {
            let script = parse("cargo test --all-targets");
            let a = assess(&script, &ctx, &[]);
            let out = review::review(
                &Input {
                    command: "cargo test --all-targets",
                    cwd: "/home/user/project",
                    explanation: None,
                    session: &session,
                },
                Some(&cfg),
                &env,
            );
            let d = askrisky::policy::decide(
                askrisky::config::Mode::Review,
                &a,
                &askrisky::policy::Allow::None,
                &out.review,
            );
            assert_eq!(d.verdict, askrisky::policy::Verdict::Run);
        })
    });
}

criterion_group!(benches, classify, process, review);
criterion_main!(benches);
