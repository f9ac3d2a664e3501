//! Runs askrisky in a real terminal: a tmux pane on a private tmux server.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::wait_until;

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A tmux server with one window running a script.
pub struct Pane {
    socket: String,
    pub dir: PathBuf,
}

impl Pane {
    /// Starts `script` (sh syntax) in a `width`×`height` pane, in `dir`.
    /// The script's exit status is written to `dir/status`.
    pub fn start(
        dir: &Path,
        env: &[(&str, String)],
        script: &str,
        width: u16,
        height: u16,
    ) -> Self {
        assert!(
            crate::on_path("tmux"),
            "tmux is not installed: a test that needs it starts with require!(\"tmux\")"
        );
        let socket = format!(
            "askrisky-test-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let mut exports = String::new();
        for (k, v) in env {
            exports.push_str(&format!("export {k}='{}'\n", v.replace('\'', "'\\''")));
        }
        let body = format!(
            "{exports}cd '{}'\n{script}\necho $? > status\nsleep 600\n",
            dir.display()
        );
        std::fs::write(dir.join("pane.sh"), body).expect("write pane script");
        // A status left by an earlier pane in the same folder is not this
        // one's.
        let _ = std::fs::remove_file(dir.join("status"));
        let status = Command::new("tmux")
            .args([
                "-L",
                &socket,
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-x",
                &width.to_string(),
                "-y",
                &height.to_string(),
            ])
            .arg(format!("sh '{}'", dir.join("pane.sh").display()))
            // The pane gets only what the test gives it: the tmux server passes
            // its own environment on, and variables of the machine running the
            // tests (`CI`, `ASKRISKY_*`, `XDG_*`) change what askrisky does.
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("LANG", "C.UTF-8")
            .env("TERM", "xterm-256color")
            .status()
            .expect("tmux");
        assert!(status.success(), "tmux did not start");
        Self {
            socket,
            dir: dir.to_path_buf(),
        }
    }

    /// The screen as text (with `escapes`, including SGR sequences).
    pub fn screen(&self, escapes: bool) -> String {
        let mut args = vec!["-L", &self.socket, "capture-pane", "-p", "-J"];
        if escapes {
            args.push("-e");
        }
        let out = Command::new("tmux").args(&args).output().expect("capture");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen contains `text`.
    #[track_caller]
    pub fn wait_for(&self, text: &str) -> String {
        wait_until(
            || Some(self.screen(false)).filter(|s| s.contains(text)),
            || format!("screen never showed {text:?}:\n{}", self.screen(false)),
        )
    }

    /// Sends keys (tmux key names: `Enter`, `Escape`, `C-c`, or text with `-l`).
    pub fn keys(&self, keys: &[&str]) {
        let status = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys"])
            .args(keys)
            .status()
            .expect("send-keys");
        assert!(status.success());
    }

    /// Sends literal text.
    pub fn text(&self, text: &str) {
        let status = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "-l", text])
            .status()
            .expect("send-keys");
        assert!(status.success());
    }

    /// Waits for the script to finish; returns its exit status.
    #[track_caller]
    pub fn status(&self) -> i32 {
        wait_until(
            || {
                std::fs::read_to_string(self.dir.join("status"))
                    .ok()
                    .and_then(|s| s.trim().parse().ok())
            },
            || format!("the script never finished:\n{}", self.screen(false)),
        )
    }

    /// The pane's terminal device.
    pub fn tty(&self) -> PathBuf {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "display-message", "-p", "#{pane_tty}"])
            .output()
            .expect("display-message");
        PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
    }

    /// Whether the pane's terminal reads key by key (raw mode) rather than
    /// line by line.
    pub fn is_raw(&self) -> bool {
        use rustix::fs::{Mode, OFlags};
        let tty = self.tty();
        let fd = rustix::fs::open(
            &tty,
            OFlags::RDONLY | OFlags::NOCTTY | OFlags::NONBLOCK | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .unwrap_or_else(|e| panic!("open {}: {e}", tty.display()));
        let modes = rustix::termios::tcgetattr(&fd).expect("tcgetattr");
        !modes
            .local_modes
            .contains(rustix::termios::LocalModes::ICANON)
    }

    /// Waits until a card is shown and reads keys. askrisky draws the card
    /// only after its raw mode started (which drops keys typed before), so
    /// the text alone says so; the raw check also holds for a card drawn
    /// over a guarded shell, whose own line editor may have left the
    /// terminal raw already.
    #[track_caller]
    pub fn wait_card(&self) -> String {
        let screen = self.wait_for("waiting for your answer");
        wait_until(
            || self.is_raw().then_some(()),
            || format!("the card never read keys:\n{}", self.screen(false)),
        );
        screen
    }

    /// Closes the terminal (kills the tmux server).
    pub fn close(&self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        self.close();
    }
}
