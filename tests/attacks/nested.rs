//! Deeply nested lines through every surface of the real binary: each
//! construct of `parse::nesting` at the depth bound, just past it and far
//! past it, and lines generated from random runs of them. Whatever the
//! line, askrisky answers — a closed answer, never a crash that silences
//! it — and the `rm -rf victim` each line ends with never runs.
//!
//! `ASKRISKY_NESTED_SECONDS=600` makes the generated part run that long
//! on each surface (what the reliability notes report;
//! `ASKRISKY_NESTED_SURFACES=hook` picks surfaces); by default it is
//! a fixed, short set.

use crate::common;

use std::time::{Duration, Instant};

use askrisky::hook::{Agent, command_payload};
use askrisky::parse::MAX_SYNTAX_DEPTH;
use askrisky::parse::nesting::{Generator, NESTS, Place, nested};
use common::Env;
use serde_json::Value;

/// Longer lines do not fit in one argument (`MAX_ARG_STRLEN`).
const MAX_BYTES: usize = 100_000;

/// The surfaces, each with the checks that its answer is closed.
#[derive(Clone, Copy, Debug)]
enum Surface {
    /// `check --shell SHELL -c LINE`.
    Check(&'static str),
    /// `exec -c LINE` in autopilot.
    Exec,
    /// `guard --silent [--zsh|--fish] -c LINE`.
    Guard(&'static str),
    /// `hook AGENT`, with the agent's payload.
    Hook(Agent),
}

/// Runs `line` through `surface` and fails the test unless the answer is
/// there, closed, and nothing ran.
#[track_caller]
fn closed(env: &Env, surface: Surface, line: &str, what: &str) {
    let out = match surface {
        Surface::Check(shell) => env
            .askrisky(["check", "--shell", shell, "-c", line])
            .output(),
        Surface::Exec => env.askrisky(["exec", "-c", line]).output(),
        Surface::Guard(shell) => {
            let mut args = vec!["guard", "--silent"];
            match shell {
                "zsh" => args.push("--zsh"),
                "fish" => args.push("--fish"),
                _ => {}
            }
            args.extend(["-c", line]);
            env.askrisky(args).output()
        }
        Surface::Hook(agent) => env
            .askrisky(["hook", agent.name()])
            .stdin(
                command_payload(agent, line, &env.project)
                    .to_string()
                    .as_bytes(),
            )
            .output(),
    };
    let err = out.stderr();
    let tail = |s: &str| {
        s.chars()
            .rev()
            .take(300)
            .collect::<String>()
            .chars()
            .rev()
            .collect::<String>()
    };
    // No crash anywhere: not of the process, not of a hook's worker.
    for sign in [
        "overflowed",
        "fatal runtime error",
        "internal error",
        "ended by signal",
    ] {
        assert!(
            !err.contains(sign),
            "{what} via {surface:?}: {sign}: {}",
            tail(&err)
        );
    }
    assert!(
        env.project.join("victim").exists(),
        "{what} via {surface:?}: the line ran"
    );
    match surface {
        Surface::Hook(agent) => {
            assert_eq!(
                out.code(),
                Some(0),
                "{what} via hook {agent:?}: {}",
                tail(&err)
            );
            let text = out.stdout();
            let answer: Value = serde_json::from_str(text.trim())
                .unwrap_or_else(|e| panic!("{what} via hook {agent:?}: {e}: {text}"));
            let flat = answer.to_string();
            assert!(
                !flat.contains("\"allow\"") && flat != "{}",
                "{what} via hook {agent:?}: {flat}"
            );
        }
        _ => {
            let code = out.code();
            assert!(
                matches!(code, Some(80 | 81)),
                "{what} via {surface:?}: exit {code:?}: {}",
                tail(&err)
            );
        }
    }
}

fn env() -> Env {
    let env = Env::new();
    env.config("mode = \"autopilot\"\n");
    std::fs::create_dir_all(env.project.join("victim/keep")).expect("victim");
    env
}

/// The surfaces for a line in `place`'s grammar.
fn surfaces(place: Place) -> Vec<Surface> {
    if place == Place::Fish {
        return vec![Surface::Check("fish"), Surface::Guard("fish")];
    }
    vec![
        Surface::Check("bash"),
        Surface::Hook(Agent::ClaudeCode),
        Surface::Check("sh"),
        Surface::Check("zsh"),
        Surface::Exec,
        Surface::Guard("bash"),
        Surface::Guard("zsh"),
    ]
}

#[test]
fn every_construct_at_and_past_the_bound_gets_a_closed_answer() {
    let env = env();
    for nest in NESTS.iter().filter(|n| n.inner == n.place) {
        for levels in [MAX_SYNTAX_DEPTH, MAX_SYNTAX_DEPTH + 1, 3_000] {
            let mut line = nested(nest, levels);
            line.truncate(MAX_BYTES);
            // A cut may land inside a character.
            while !line.is_char_boundary(line.len()) {
                line.pop();
            }
            line.push_str("\nrm -rf victim");
            // Far past the bound, a line is refused before it is parsed
            // (or parsed flat): two surfaces show it.
            let all = surfaces(nest.place);
            let some = if levels > MAX_SYNTAX_DEPTH + 1 {
                2
            } else {
                all.len()
            };
            for &surface in all.iter().take(some) {
                closed(&env, surface, &line, &format!("{} ×{levels}", nest.name));
            }
        }
    }
}

#[test]
fn lines_found_to_crash_get_closed_answers() {
    let env = env();
    // The line first reported to crash every hook.
    let line = format!("[[ {}x ]] || rm -rf victim", "! ".repeat(20_000));
    for agent in Agent::ALL {
        closed(&env, Surface::Hook(agent), &line, "[[ ! ×20000");
    }
    // Nested `case` items (a pattern's `)` was read as a closer) and
    // `coproc`, which nests with no closer at all.
    let case = format!(
        "{}b;; {}\nrm -rf victim",
        "case x in a) ".repeat(3_000),
        "esac; ".repeat(3_000)
    );
    let coproc = format!("{}a\nrm -rf victim", "coproc ".repeat(10_000));
    // zsh's `((…))`, told from nested subshells by brush's arithmetic
    // parser, which recurses on every prefix operator.
    let arith = format!("(( {}1 ))\nrm -rf victim", "- ".repeat(30_000));
    for (line, what) in [
        (&case, "case"),
        (&coproc, "coproc"),
        (&arith, "zsh arithmetic"),
    ] {
        for surface in [
            Surface::Check("bash"),
            Surface::Check("zsh"),
            Surface::Guard("zsh"),
            Surface::Hook(Agent::ClaudeCode),
        ] {
            closed(&env, surface, line, what);
        }
    }
}

#[test]
fn generated_nested_lines_get_closed_answers() {
    let seconds: u64 = std::env::var("ASKRISKY_NESTED_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let env = env();
    // Each surface, in each of its grammars or agents in turn.
    let groups: [(&str, Vec<Surface>); 4] = [
        (
            "check",
            ["bash", "sh", "zsh", "fish"].map(Surface::Check).to_vec(),
        ),
        ("exec", vec![Surface::Exec]),
        (
            "guard",
            ["bash", "zsh", "fish"].map(Surface::Guard).to_vec(),
        ),
        ("hook", Agent::ALL.map(Surface::Hook).to_vec()),
    ];
    // `ASKRISKY_NESTED_SURFACES=hook,exec` runs only those.
    let only = std::env::var("ASKRISKY_NESTED_SURFACES").ok();
    for (name, variants) in groups {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|s| s == name))
        {
            continue;
        }
        let mut g = Generator::new(0x5eed ^ name.len() as u64);
        let until = Instant::now() + Duration::from_secs(seconds);
        let mut n = 0usize;
        while n < 12 || Instant::now() < until {
            let surface = variants[n % variants.len()];
            let start = match surface {
                Surface::Check("fish") | Surface::Guard("fish") => Place::Fish,
                _ => Place::Command,
            };
            let line = g.line(start, MAX_BYTES - 100);
            closed(&env, surface, &line, &format!("generated #{n}"));
            n += 1;
        }
        if seconds > 0 {
            eprintln!("{name}: {n} generated lines, every answer closed");
        }
    }
}
