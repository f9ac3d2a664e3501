//! Classifies the benchmark's typical lines (`benches/lines.rs`) a given
//! number of rounds, for measurements a benchmark harness would disturb:
//! instruction counts under callgrind, and whole-process timings of two
//! builds taken in turn (`bench/classify.sh`).
//!
//! `cargo run --release --example classify -- ROUNDS`
#![allow(clippy::disallowed_methods, clippy::unwrap_used, clippy::expect_used)] // test code: plain files, and a failure is a panic

use std::hint::black_box;

use askrisky::danger::{Place, assess};
use askrisky::parse::parse;

#[path = "../benches/lines.rs"]
#[allow(dead_code)]
mod lines;

fn main() {
    let rounds: usize = match std::env::args().nth(1).map(|n| n.parse()) {
        None => 1,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("classify: ROUNDS must be a whole number: {e}");
            std::process::exit(2);
        }
    };
    // The lines are judged as run in `CLASSIFY_IN` when it is set (a real
    // project folder, whose parent stands for home: what a guarded
    // process sees), else in the example place, which is not on disk.
    let mut ctx = Place::example();
    if let Some(dir) = std::env::var_os("CLASSIFY_IN") {
        let dir = std::path::PathBuf::from(dir);
        ctx.home = dir.parent().map(std::path::Path::to_path_buf);
        ctx.cwd = dir;
    }
    let mut matches = 0;
    for _ in 0..rounds {
        for line in lines::LINES {
            matches += black_box(assess(&parse(black_box(line)), &ctx, &[]))
                .matches
                .len();
        }
    }
    println!("{matches}");
}
