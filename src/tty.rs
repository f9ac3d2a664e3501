//! The person's terminal: `/dev/tty`, never stdin/stdout.
//!
//! stdin and stdout belong to the agent and to the command that may run: a
//! prompt there could be answered by the agent itself, or corrupt the
//! command's output. askrisky opens the controlling terminal directly and
//! checks that it is one. Raw mode is always undone: on drop, and from the
//! signal path (SIGTERM, SIGHUP) through [`restore_on_signal`].

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rustix::termios::{self, LocalModes, OptionalActions, SpecialCodeIndex, Termios};

/// Settings to put back if a signal ends askrisky while the tty is raw.
static SAVED: Mutex<Option<(OwnedFd, Termios)>> = Mutex::new(None);

/// Why no terminal is available.
#[derive(Debug, thiserror::Error)]
pub enum TtyError {
    /// `/dev/tty` could not be opened (no controlling terminal).
    #[error("no terminal")]
    Open(#[source] std::io::Error),
    /// It opened but is not a terminal.
    #[error("/dev/tty is not a terminal")]
    NotATerminal,
}

/// A key the person pressed, or what happened instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Several printable characters at once (a paste, or typing faster than
    /// askrisky reads): never an answer, but text for a message.
    Text(String),
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Ctrl-C.
    Interrupt,
    /// Ctrl-D.
    EndOfFile,
    /// Backspace.
    Backspace,
    /// The terminal was closed or could not be read.
    Closed,
    /// No key before the deadline.
    Timeout,
    /// Anything else (arrows, function keys).
    Other,
}

/// The controlling terminal.
pub struct Tty {
    file: File,
}

impl Tty {
    /// Opens `/dev/tty` and checks it is a terminal.
    #[expect(
        clippy::disallowed_methods,
        reason = "the controlling terminal, a device by design, checked below"
    )]
    pub fn open() -> Result<Self, TtyError> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/tty")
            .map_err(TtyError::Open)?;
        if !termios::isatty(&file) {
            return Err(TtyError::NotATerminal);
        }
        Ok(Self { file })
    }

    /// Writes text (best effort: a closed terminal is noticed on read).
    pub fn write(&mut self, s: &str) {
        let _ = self.file.write_all(s.as_bytes());
        let _ = self.file.flush();
    }

    /// Columns of the terminal (80 when unknown).
    pub fn width(&self) -> usize {
        termios::tcgetwinsize(&self.file)
            .map(|w| usize::from(w.ws_col))
            .ok()
            .filter(|w| *w > 0)
            .unwrap_or(80)
    }

    /// Rows of the terminal (24 when unknown).
    pub fn height(&self) -> usize {
        termios::tcgetwinsize(&self.file)
            .map(|w| usize::from(w.ws_row))
            .ok()
            .filter(|h| *h > 0)
            .unwrap_or(24)
    }

    /// Switches to raw input (no echo, no line buffering, Ctrl-C read as a
    /// key) until the guard is dropped.
    pub fn raw(&mut self) -> std::io::Result<RawGuard<'_>> {
        let saved = termios::tcgetattr(&self.file)?;
        let mut raw = saved.clone();
        raw.local_modes &=
            !(LocalModes::ICANON | LocalModes::ECHO | LocalModes::ISIG | LocalModes::IEXTEN);
        raw.special_codes[SpecialCodeIndex::VMIN] = 1;
        raw.special_codes[SpecialCodeIndex::VTIME] = 0;
        if let Ok(fd) = self.file.as_fd().try_clone_to_owned()
            && let Ok(mut slot) = SAVED.lock()
        {
            *slot = Some((fd, saved.clone()));
        }
        termios::tcsetattr(&self.file, OptionalActions::Flush, &raw)?;
        // Bracketed paste: the terminal marks pasted text, so a paste is
        // told apart from keys typed one by one however short it is.
        let bracketed = !std::env::var("TERM").is_ok_and(|t| t == "dumb");
        if bracketed {
            self.write(PASTE_ON);
        }
        Ok(RawGuard {
            tty: self,
            saved,
            pending: Vec::new(),
            in_paste: false,
            bracketed,
        })
    }
}

/// Asks the terminal to mark pastes (`ESC [200~ … ESC [201~`).
const PASTE_ON: &str = "\x1b[?2004h";
/// Stops marking pastes.
const PASTE_OFF: &str = "\x1b[?2004l";
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

/// Given whether a paste was under way, whether `bytes` belong to a paste,
/// and whether one is still under way after them.
fn paste_state(in_paste: bool, bytes: &[u8]) -> (bool, bool) {
    let start = find(bytes, PASTE_START);
    let end = find(bytes, PASTE_END);
    let touched = in_paste || start.is_some() || end.is_some();
    let still = match (start, end) {
        (Some(s), Some(e)) => s > e,
        (Some(_), None) => true,
        (None, Some(_)) => false,
        (None, None) => in_paste,
    };
    (touched, still)
}

/// Raw mode; restores the terminal when dropped.
pub struct RawGuard<'a> {
    tty: &'a mut Tty,
    saved: Termios,
    /// Bytes read for text entry that are not yet a whole key.
    pending: Vec<u8>,
    /// A bracketed paste began and has not ended yet.
    in_paste: bool,
    /// Bracketed paste was asked for (and is turned off on drop).
    bracketed: bool,
}

impl RawGuard<'_> {
    /// Writes text.
    pub fn write(&mut self, s: &str) {
        self.tty.write(s);
    }

    /// Columns of the terminal.
    pub fn width(&self) -> usize {
        self.tty.width()
    }

    /// Rows of the terminal.
    pub fn height(&self) -> usize {
        self.tty.height()
    }

    /// Reads one key, waiting at most `timeout` (forever when `None`).
    ///
    /// For answers: one read must be exactly one key. Bytes that arrive
    /// together (a paste, `r` and Enter from the clipboard) are not a
    /// deliberate keypress and never count as one.
    pub fn key(&mut self, timeout: Option<Duration>) -> Key {
        self.pending.clear();
        match self.read_some(timeout) {
            Ok(bytes) if self.pasted(&bytes) => Key::Other,
            Ok(bytes) => decode(&bytes),
            Err(k) => k,
        }
    }

    /// Whether these bytes are (part of) a bracketed paste, keeping track
    /// of one that spans reads. A paste is never an answer, even of one
    /// character.
    fn pasted(&mut self, bytes: &[u8]) -> bool {
        let (touched, still) = paste_state(self.in_paste, bytes);
        self.in_paste = still;
        touched
    }

    /// Reads and throws away whatever arrives for `d`: a key pressed just
    /// as a card appears (the second tap of a double tap, meant for the
    /// card before) is not an answer to it. False if the terminal closed.
    pub fn discard_for(&mut self, d: Duration) -> bool {
        let until = Instant::now() + d;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return true;
            }
            match self.read_some(Some(left)) {
                Ok(bytes) => {
                    self.pasted(&bytes);
                }
                Err(Key::Timeout) => return true,
                Err(_) => return false,
            }
        }
    }

    /// Reads the next key of typed text, waiting at most `timeout`: bytes
    /// that arrive together are split into keys (`ad` then Enter), and a
    /// character split across reads is put back together.
    pub fn text_key(&mut self, timeout: Option<Duration>) -> Key {
        let deadline = timeout.map(|t| Instant::now() + t);
        loop {
            if let Some(k) = take_key(&mut self.pending) {
                return k;
            }
            let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            match self.read_some(left) {
                Ok(bytes) => self.pending.extend_from_slice(&bytes),
                Err(k) => return k,
            }
        }
    }

    /// Asks the terminal where the cursor is (a DSR query); its column,
    /// counted from 1. `None` when the terminal does not answer in time.
    /// Keys typed before the answer are dropped: they were pressed before
    /// anything was shown.
    pub fn cursor_column(&mut self) -> Option<usize> {
        self.write("\x1b[6n");
        let deadline = Instant::now() + Duration::from_millis(500);
        let mut got = Vec::new();
        while got.len() < 256 {
            let left = deadline.saturating_duration_since(Instant::now());
            got.extend(self.read_some(Some(left)).ok()?);
            if let Some(end) = got.iter().position(|&b| b == b'R') {
                let reply = std::str::from_utf8(&got[..end]).ok()?;
                let (_, column) = reply.rsplit_once("\x1b[")?.1.split_once(';')?;
                return column.parse().ok().filter(|c| *c > 0);
            }
        }
        None
    }

    /// Waits for input and reads what is there; `Err` carries the key that
    /// stands for what happened instead (timeout, terminal closed).
    fn read_some(&mut self, timeout: Option<Duration>) -> Result<Vec<u8>, Key> {
        let deadline = timeout.map(|t| Instant::now() + t);
        let mut buf = [0u8; 64];
        loop {
            let wait = match deadline {
                Some(d) => {
                    let left = d.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return Err(Key::Timeout);
                    }
                    Some(rustix::event::Timespec::try_from(left).unwrap_or(
                        rustix::event::Timespec {
                            tv_sec: 1,
                            tv_nsec: 0,
                        },
                    ))
                }
                None => None,
            };
            let mut fds = [rustix::event::PollFd::new(
                &self.tty.file,
                rustix::event::PollFlags::IN,
            )];
            match rustix::event::poll(&mut fds, wait.as_ref()) {
                Ok(0) => continue,
                Ok(_) => {}
                Err(rustix::io::Errno::INTR) => continue,
                Err(_) => return Err(Key::Closed),
            }
            let revents = fds[0].revents();
            if revents.intersects(
                rustix::event::PollFlags::HUP
                    | rustix::event::PollFlags::ERR
                    | rustix::event::PollFlags::NVAL,
            ) && !revents.contains(rustix::event::PollFlags::IN)
            {
                return Err(Key::Closed);
            }
            return match self.tty.file.read(&mut buf) {
                Ok(0) | Err(_) => Err(Key::Closed),
                Ok(n) => Ok(buf[..n].to_vec()),
            };
        }
    }
}

impl Drop for RawGuard<'_> {
    fn drop(&mut self) {
        if self.bracketed {
            self.tty.write(PASTE_OFF);
        }
        let _ = termios::tcsetattr(&self.tty.file, OptionalActions::Flush, &self.saved);
        if let Ok(mut slot) = SAVED.lock() {
            *slot = None;
        }
    }
}

fn decode(bytes: &[u8]) -> Key {
    match bytes {
        [b'\r'] | [b'\n'] => Key::Enter,
        [0x1b] => Key::Esc,
        [0x03] => Key::Interrupt,
        [0x04] => Key::EndOfFile,
        [0x7f] | [0x08] => Key::Backspace,
        [0x1b, ..] => Key::Other,
        _ => match std::str::from_utf8(bytes) {
            Ok(s) if !s.is_empty() && !s.chars().any(char::is_control) => {
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Key::Char(c),
                    _ => Key::Text(s.to_owned()),
                }
            }
            _ => Key::Other,
        },
    }
}

/// Takes the first whole key off the front of `buf`; `None` when `buf` is
/// empty or ends inside a character still arriving.
fn take_key(buf: &mut Vec<u8>) -> Option<Key> {
    let first = *buf.first()?;
    let (key, used) = match first {
        b'\r' | b'\n' => (Key::Enter, 1),
        0x03 => (Key::Interrupt, 1),
        0x04 => (Key::EndOfFile, 1),
        0x7f | 0x08 => (Key::Backspace, 1),
        0x1b => match buf.get(1) {
            None => (Key::Esc, 1),
            // Arrows and function keys: CSI or SS3 up to the final byte.
            Some(b'[' | b'O') => {
                let end = buf
                    .iter()
                    .skip(2)
                    .position(|b| (0x40..=0x7e).contains(b))
                    .map_or(buf.len(), |i| i + 3);
                (Key::Other, end)
            }
            Some(_) => (Key::Other, 2),
        },
        b if b < 0x20 => (Key::Other, 1),
        _ => {
            let end = buf
                .iter()
                .position(|&b| b < 0x20 || b == 0x7f)
                .unwrap_or(buf.len());
            let (text, used) = match std::str::from_utf8(&buf[..end]) {
                Ok(s) => (s.to_owned(), end),
                // A character cut by the read: wait for its other bytes.
                Err(e) if e.valid_up_to() == 0 && e.error_len().is_none() => return None,
                // A byte that starts no character: skip it.
                Err(e) if e.valid_up_to() == 0 => (String::new(), e.error_len().unwrap_or(1)),
                Err(e) => (
                    String::from_utf8_lossy(&buf[..e.valid_up_to()]).into_owned(),
                    e.valid_up_to(),
                ),
            };
            // C1 controls and the like are not text anyone typed.
            let text: String = text.chars().filter(|c| !c.is_control()).collect();
            let mut chars = text.chars();
            let key = match (chars.next(), chars.next()) {
                (None, _) => Key::Other,
                (Some(c), None) => Key::Char(c),
                _ => Key::Text(text),
            };
            (key, used)
        }
    };
    buf.drain(..used.min(buf.len()));
    Some(key)
}

/// Puts the terminal back if raw mode is on; called from the signal path.
pub fn restore_on_signal() {
    if let Ok(mut slot) = SAVED.lock()
        && let Some((fd, saved)) = slot.take()
    {
        let _ = rustix::io::write(&fd, PASTE_OFF.as_bytes());
        let _ = termios::tcsetattr(&fd, OptionalActions::Flush, &saved);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys() {
        assert_eq!(decode(b"\r"), Key::Enter);
        assert_eq!(decode(b"r"), Key::Char('r'));
        assert_eq!(decode("é".as_bytes()), Key::Char('é'));
        assert_eq!(decode(b"\x03"), Key::Interrupt);
        assert_eq!(decode(b"\x04"), Key::EndOfFile);
        assert_eq!(decode(b"\x1b"), Key::Esc);
        assert_eq!(decode(b"\x1b[A"), Key::Other);
        assert_eq!(decode(b"rr"), Key::Text("rr".into()));
        assert_eq!(decode(b"r\r"), Key::Other);
        assert_eq!(decode(b"\x01"), Key::Other);
    }

    #[test]
    fn pastes_are_found_across_reads() {
        let mut state = false;
        let mut pasted = |bytes: &[u8]| {
            let (touched, still) = paste_state(state, bytes);
            state = still;
            touched
        };
        assert!(pasted(b"\x1b[200~r\x1b[201~"));
        assert!(!pasted(b"r"), "a key typed after the paste ended");
        assert!(pasted(b"\x1b[200~"));
        assert!(pasted(b"r"), "inside a paste that spans reads");
        assert!(pasted(b"\x1b[201~"));
        assert!(!pasted(b"n"));
        assert!(pasted(b"\x1b[201~x\x1b[200~"), "an end, then a new start");
        assert!(pasted(b"y"));
    }

    #[test]
    fn typed_text_is_split_into_keys() {
        let keys = |bytes: &[u8]| {
            let mut buf = bytes.to_vec();
            let mut out = Vec::new();
            while let Some(k) = take_key(&mut buf) {
                out.push(k);
            }
            (out, buf)
        };
        use Key::*;
        assert_eq!(keys(b"ad\r"), (vec![Text("ad".into()), Enter], vec![]));
        assert_eq!(keys(b"x"), (vec![Char('x')], vec![]));
        assert_eq!(
            keys(b"a\x7fb\x1b[A\x1b"),
            (vec![Char('a'), Backspace, Char('b'), Other, Esc], vec![])
        );
        assert_eq!(
            keys(b"\x03\x04\x01\x1bx"),
            (vec![Interrupt, EndOfFile, Other, Other], vec![])
        );
        // A character cut by a read waits for the rest of it.
        let e = "é".as_bytes();
        assert_eq!(keys(&[b'a', e[0]]), (vec![Char('a')], vec![e[0]]));
        assert_eq!(keys(e), (vec![Char('é')], vec![]));
        // Bytes that start no character are dropped; C1 controls too.
        assert_eq!(keys(b"\xffok"), (vec![Other, Text("ok".into())], vec![]));
        assert_eq!(
            keys("a\u{9b}b".as_bytes()),
            (vec![Text("ab".into())], vec![])
        );
        assert_eq!(keys(b""), (vec![], vec![]));
    }
}
