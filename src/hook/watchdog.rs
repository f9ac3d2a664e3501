//! The hook's deadline: an answer is printed within a bound, whatever the
//! files, locks or reviewer do.
//!
//! The threat: several agents run the tool when a hook does not answer in
//! time. Every file askrisky touches is opened so that it cannot block
//! (`crate::files`), but this is the last line: a thread that, at the
//! deadline, prints the answer that never allows (ask, or deny where the
//! agent cannot ask) and ends the process. Exactly one answer is printed,
//! whoever gets there first.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::Agent;

/// Why the watchdog answered.
const TOO_LATE: &str = "askrisky did not decide in time";

/// The bound for a hook that does not call the reviewer.
pub const BOUND: Duration = Duration::from_secs(4);

struct Shared {
    deadline: Mutex<Instant>,
    moved: Condvar,
    answered: AtomicBool,
}

/// The deadline and the one answer.
#[derive(Clone)]
pub struct Watchdog {
    shared: Arc<Shared>,
}

impl Watchdog {
    /// Starts the clock: at `bound` from now (or later, if extended), the
    /// closed answer for `agent` is printed and askrisky exits.
    pub fn start(agent: Agent, bound: Duration) -> Self {
        Self::start_answering(bound, super::fail_closed(agent, TOO_LATE))
    }

    /// Starts the clock with `fallback` as the answer printed at the
    /// deadline (the empty answer of a hook that only records).
    pub fn start_answering(bound: Duration, fallback: String) -> Self {
        let shared = Arc::new(Shared {
            deadline: Mutex::new(Instant::now() + bound),
            moved: Condvar::new(),
            answered: AtomicBool::new(false),
        });
        let dog = Self { shared };
        let watcher = dog.clone();
        let spawned = std::thread::Builder::new()
            .name("askrisky-watchdog".into())
            .spawn(move || {
                watcher.wait();
                if watcher.answer(&fallback) {
                    eprintln!("askrisky: {TOO_LATE}: answered without deciding");
                }
                // Answered, by this thread or in time by the decision: what
                // is left (the log record) is not worth the agent's timeout.
                std::process::exit(0);
            });
        // Without the thread the bound is not enforced, but every file is
        // still opened so that it cannot block.
        drop(spawned);
        dog
    }

    /// Waits until the deadline has passed (it may move while waiting).
    fn wait(&self) {
        let mut deadline = self
            .shared
            .deadline
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        loop {
            let now = Instant::now();
            if now >= *deadline {
                return;
            }
            let left = *deadline - now;
            deadline = self
                .shared
                .moved
                .wait_timeout(deadline, left)
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
        }
    }

    /// Moves the deadline to at least `by` from now (a review may take the
    /// reviewer's own timeout).
    pub fn extend(&self, by: Duration) {
        let mut deadline = self
            .shared
            .deadline
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *deadline = (*deadline).max(Instant::now() + by);
        self.shared.moved.notify_all();
    }

    /// Prints `text` as the answer, unless one was already printed. True
    /// when this call printed it.
    pub fn answer(&self, text: &str) -> bool {
        if self.shared.answered.swap(true, Ordering::SeqCst) {
            return false;
        }
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
        true
    }
}
