//! Interrupts while deciding: Ctrl-C, SIGTERM, SIGHUP or SIGQUIT before the
//! command runs end askrisky without running it.
//!
//! While askrisky decides (parsing, waiting for the reviewer, showing the
//! card) a watcher thread owns these signals. On one, it puts the terminal
//! back, records the cancellation and exits with [`exit::INTERRUPTED`]. The
//! watcher is never removed before exec: a signal that lands between "run"
//! and exec still stops the command, and exec itself resets the handlers to
//! their defaults for the command.

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use signal_hook::iterator::Signals;

use crate::exit;

/// The watcher; lives until askrisky execs or exits.
pub struct Cancel {
    _thread: Option<std::thread::JoinHandle<()>>,
}

impl Cancel {
    /// Starts watching. `on_cancel` runs once, on the first signal, before
    /// askrisky exits (it records the cancellation).
    pub fn install(on_cancel: impl FnOnce(i32) + Send + 'static) -> Self {
        // A signal askrisky was started with ignored stays ignored: a
        // handler here would hand the command the default action after
        // exec, and Ctrl-C would reach a background job's command that it
        // could not reach when run directly.
        let ignored = ignored_at_start();
        let watched: Vec<i32> = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
            .into_iter()
            .filter(|s| !ignored.contains(s))
            .collect();
        if watched.is_empty() {
            return Self { _thread: None };
        }
        let Ok(mut signals) = Signals::new(watched) else {
            // Without the watcher the default actions still apply, and they
            // terminate askrisky before it runs anything.
            return Self { _thread: None };
        };
        let thread = std::thread::Builder::new()
            .name("askrisky-signals".into())
            .spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    crate::tty::restore_on_signal();
                    on_cancel(sig);
                    eprintln!("\naskrisky: interrupted: not run");
                    std::process::exit(i32::from(exit::INTERRUPTED));
                }
            })
            .ok();
        Self { _thread: thread }
    }
}

/// The signals this process was started with ignored (see
/// `platform::ignored_signals`; where the system does not say, none are
/// known to be ignored, and all are watched).
pub fn ignored_at_start() -> Vec<i32> {
    crate::platform::ignored_signals()
}
