//! The last wall of the hook: the decision is made in a child process, and
//! this parent prints the child's answer — or, when the child died, hung or
//! printed something that is not an answer, the closed one.
//!
//! The threat: several agents run the tool when a hook exits without a
//! valid answer (Claude Code on a crash, exit 1 or invalid JSON; Gemini CLI
//! and Copilot CLI on any failure). Inside one process, `catch_unwind` and
//! the watchdog cover panics and slowness, but not a process that is gone:
//! a stack overflow in the parser, an abort, the kernel's OOM killer. A
//! hostile line only has to find one of those to turn the guard off. So the
//! process the host talks to does nothing that can crash: it starts the
//! worker (askrisky itself, with the same arguments and [`WORKER_VAR`] set),
//! hands it stdin, and reads one line back.
//!
//! The variable is set by the host's environment or by this parent, never
//! by the agent (hooks do not run in the agent's commands' environment);
//! where it is set anyway, askrisky decides in one process, as a worker
//! would: without the last wall, never without an answer it can give.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::Agent;

/// The longest answer line taken from the worker (agents cap hook output
/// at about 10,000 characters).
const MAX_ANSWER: usize = 64 * 1024;

/// How long the parent waits for the worker's line before it answers
/// itself. The worker keeps its own, shorter deadline (the watchdog, moved
/// by a review's timeout); this one is only for a worker that cannot keep
/// it (stopped, or starved of threads). Claude Code's own default hook
/// timeout is ten minutes.
pub const OUTER_BOUND: Duration = Duration::from_secs(590);

/// What became of the worker.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It printed one answer line that is a JSON object.
    Answered(String),
    /// It did not: why, for the closed answer.
    Failed(String),
}

/// Set in the worker's environment: decide here, do not supervise.
pub const WORKER_VAR: &str = "ASKRISKY_HOOK_WORKER";

/// Whether this process is the hook's worker.
pub fn is_worker() -> bool {
    std::env::var_os(WORKER_VAR).is_some_and(|v| v == "1")
}

/// The command that runs this binary as the hook's worker, with the same
/// arguments this process was given.
pub fn worker_command() -> Command {
    let mut cmd = Command::new(crate::platform::own_exe());
    cmd.args(std::env::args_os().skip(1)).env(WORKER_VAR, "1");
    cmd
}

/// Runs `worker` with this process's stdin and stderr, and returns the
/// answer to print: the worker's line when it is an answer, else the
/// closed answer for `agent`. Waits for the worker to end (it writes the
/// log after answering) for at most `bound` in all.
pub fn supervise(agent: Agent, worker: Command, bound: Duration) -> String {
    supervise_answering(worker, bound, &|why| super::fail_closed(agent, why))
}

/// [`supervise`], with `closed` making the answer when the worker gave
/// none (from why not): the empty answer of a hook that only records.
pub fn supervise_answering(
    mut worker: Command,
    bound: Duration,
    closed: &dyn Fn(&str) -> String,
) -> String {
    let start = Instant::now();
    let spawned = worker
        .stdin(Stdio::inherit())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn();
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => {
            return closed(&format!("askrisky could not start deciding ({e})"));
        }
    };
    let outcome = read_answer(&mut child, start + bound);
    match outcome {
        Outcome::Answered(line) => line,
        Outcome::Failed(why) => {
            eprintln!("{why}: answered without deciding");
            closed(&why)
        }
    }
}

/// Reads the worker's answer line, then waits for it to end.
fn read_answer(child: &mut Child, deadline: Instant) -> Outcome {
    let Some(mut out) = child.stdout.take() else {
        let _ = child.kill();
        return Outcome::Failed("askrisky could not read its decision".into());
    };
    let mut line = Vec::new();
    let mut buf = [0u8; 8192];
    let mut timed_out = false;
    loop {
        if !wait_readable(&out, deadline) {
            timed_out = true;
            break;
        }
        match out.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                line.extend_from_slice(&buf[..n]);
                if line.contains(&b'\n') || line.len() > MAX_ANSWER {
                    break;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    let answered = answer_line(&line);
    // The worker writes the log once its answer is out (and ends itself
    // at its own deadline): let it, within the bound, draining what else
    // it prints so it cannot block on a full pipe.
    while !timed_out {
        if !wait_readable(&out, deadline) {
            timed_out = answered.is_none();
            let _ = child.kill();
            break;
        }
        match out.read(&mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    if timed_out {
        let _ = child.kill();
    }
    let status = child.wait().ok();
    if let Some(text) = answered {
        return Outcome::Answered(text);
    }
    Outcome::Failed(if timed_out {
        "askrisky did not decide in time".into()
    } else {
        match status {
            Some(s) => describe(s),
            None => "askrisky failed while deciding".into(),
        }
    })
}

/// The first line of `bytes` when it is a JSON object.
fn answer_line(bytes: &[u8]) -> Option<String> {
    let end = bytes.iter().position(|&b| b == b'\n')?;
    let line = std::str::from_utf8(&bytes[..end]).ok()?;
    match serde_json::from_str::<serde_json::Value>(line) {
        Ok(serde_json::Value::Object(_)) => Some(line.to_owned()),
        _ => None,
    }
}

/// Why the worker gave no answer, from how it ended.
fn describe(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (_, Some(sig)) => {
            format!("askrisky failed while deciding (its analysis ended by signal {sig})")
        }
        (Some(code), _) => {
            format!("askrisky failed while deciding (exit status {code}, no answer)")
        }
        _ => "askrisky failed while deciding".into(),
    }
}

/// Waits until `out` has something to read (or is closed), at most until
/// `deadline`. False when the deadline passed first.
fn wait_readable(out: &std::process::ChildStdout, deadline: Instant) -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        let mut fds = [PollFd::new(out, PollFlags::IN)];
        let timeout = Timespec::try_from(left).ok();
        match poll(&mut fds, timeout.as_ref()) {
            Ok(0) => return false,
            Ok(_) => return true,
            Err(rustix::io::Errno::INTR) => {}
            Err(_) => return true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut c = Command::new("/bin/sh");
        c.arg("-c").arg(script);
        c
    }

    fn decision(answer: &str) -> String {
        let v: serde_json::Value = serde_json::from_str(answer).expect("the answer is JSON");
        v.pointer("/hookSpecificOutput/permissionDecision")
            .and_then(serde_json::Value::as_str)
            .unwrap_or("")
            .to_owned()
    }

    #[test]
    fn a_workers_answer_is_passed_on_as_it_was_printed() {
        let line =
            r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}"#;
        let out = supervise(
            Agent::ClaudeCode,
            sh(&format!("printf '%s\\n' '{line}'; echo more")),
            Duration::from_secs(20),
        );
        assert_eq!(out, line);
    }

    #[test]
    fn a_worker_that_crashes_leaves_the_closed_answer() {
        for script in [
            "kill -ABRT $$",
            "kill -SEGV $$",
            "kill -KILL $$",
            "exit 0",
            "exit 1",
            // A line that is cut off, or is not an answer.
            "printf '{\"hookSpecificOutput\":'; kill -ABRT $$",
            "echo '[\"allow\"]'",
            "echo 'allow'",
        ] {
            let out = supervise(Agent::ClaudeCode, sh(script), Duration::from_secs(20));
            assert_eq!(decision(&out), "ask", "{script}: {out}");
        }
        let out = supervise(Agent::Codex, sh("kill -ABRT $$"), Duration::from_secs(20));
        assert!(out.contains("\"deny\""), "{out}");
    }

    #[test]
    fn a_worker_that_says_nothing_in_time_is_stopped_and_answered_for() {
        let start = Instant::now();
        let out = supervise(
            Agent::ClaudeCode,
            sh("exec sleep 30"),
            Duration::from_millis(300),
        );
        assert_eq!(decision(&out), "ask", "{out}");
        assert!(out.contains("did not decide in time"), "{out}");
        assert!(start.elapsed() < Duration::from_secs(20));
    }

    /// A hook that only records answers with nothing, whatever becomes of
    /// its worker.
    #[test]
    fn a_recording_hooks_fallback_is_its_own() {
        for script in ["kill -ABRT $$", "exit 1", "echo '[\"allow\"]'"] {
            let out = supervise_answering(sh(script), Duration::from_secs(20), &|_| "{}".into());
            assert_eq!(out, "{}", "{script}");
        }
    }

    #[test]
    fn a_worker_that_cannot_start_leaves_the_closed_answer() {
        let out = supervise(
            Agent::Gemini,
            Command::new("/nonexistent/askrisky"),
            Duration::from_secs(5),
        );
        assert!(out.contains("\"deny\""), "{out}");
    }
}
