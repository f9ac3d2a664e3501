//! Approve: an "ask" decision ─► the person's answer on `/dev/tty`, or a
//! strict refusal when no person can answer.
//!
//! The default is never "run": Enter, Esc, Ctrl-C, Ctrl-D, a closed terminal,
//! a read error and the answer timeout all mean "don't run". Keys typed
//! before the card appears are discarded (raw mode is entered with a flush),
//! so nothing queued — by a person or a paste — answers a card nobody read.

pub mod card;

use std::time::{Duration, Instant};

pub use card::{Card, Style};

use crate::tty::{Key, RawGuard, Tty};

/// The person's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Run it, this once.
    Run,
    /// The person said no (`n`, Enter, Esc, Ctrl-C, Ctrl-D).
    Declined,
    /// Nobody answered: not a "no" from the person, and not a "yes".
    NoAnswer(NoAnswer),
    /// Don't run it, and tell the agent why.
    Tell(String),
    /// Run it, and always allow this exact line from now on.
    AlwaysAllow,
    /// Run it, and allow this exact line, in this folder, for the rest of
    /// the session.
    ForSession,
}

/// Why no answer came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoAnswer {
    /// The wait (`answer_timeout_s`) ran out.
    TimedOut,
    /// The terminal went away (closed, hung up) or could not be put in raw
    /// mode, so no deliberate keypress could come from it.
    Closed,
    /// The request stopped waiting for the answer (an inbox card whose
    /// command gave up): whatever the person answers now runs nothing.
    Withdrawn,
}

impl NoAnswer {
    /// Why nothing ran, for the person's terminal and the agent.
    pub fn reason(self) -> &'static str {
        match self {
            Self::TimedOut => "no answer before the timeout",
            Self::Closed => "the terminal closed before an answer",
            Self::Withdrawn => "the request stopped waiting before an answer",
        }
    }
}

/// The answer and how long the person took.
#[derive(Clone, Debug)]
pub struct Asked {
    /// The answer.
    pub answer: Answer,
    /// Time from showing the card to the answer.
    pub took: Duration,
}

/// Longest message to the agent, in characters.
const MAX_MESSAGE: usize = 400;

/// How to style output on this terminal: no ANSI color with `NO_COLOR`, no
/// cursor movement on a dumb terminal.
pub fn style_for(tty: &Tty) -> (Style, bool) {
    let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && !dumb;
    let height = tty.height();
    (
        Style {
            color,
            width: tty.width(),
            max_command_rows: height.saturating_sub(10).clamp(3, 40),
            height,
        },
        !dumb,
    )
}

/// Shows a one-line status ("reviewing the command…") on the terminal.
pub fn status(tty: &mut Tty, text: &str) {
    let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
    if dumb {
        tty.write(&format!("askrisky: {text}\n"));
    } else {
        tty.write(&format!("\r\x1b[2Kaskrisky: {text}"));
    }
}

/// Clears a status line.
pub fn clear_status(tty: &mut Tty) {
    if !std::env::var("TERM").is_ok_and(|t| t == "dumb") {
        tty.write("\r\x1b[2K");
    }
}

/// Shows the card and waits for the answer; one summary line stays.
pub fn ask(tty: &mut Tty, c: &Card<'_>, timeout: Option<Duration>) -> Asked {
    show(tty, c, timeout, true, None)
}

/// [`ask`] for a request that may stop waiting: `waiting` is checked while
/// the card is up, and once it says no the card is taken down with
/// [`NoAnswer::Withdrawn`] (an inbox card whose command gave up).
pub fn ask_while(
    tty: &mut Tty,
    c: &Card<'_>,
    timeout: Option<Duration>,
    waiting: &dyn Fn() -> bool,
) -> Asked {
    show(tty, c, timeout, true, Some(waiting))
}

/// How often [`ask_while`] looks whether the request still waits.
const WAITING_POLL: Duration = Duration::from_millis(250);

/// Shows the card and waits for the answer; nothing stays, the cursor is
/// back where the card began. For a shell that redraws its own prompt over
/// whatever is below it (fish): it shows the summary itself.
pub fn ask_and_vanish(tty: &mut Tty, c: &Card<'_>, timeout: Option<Duration>) -> Asked {
    show(tty, c, timeout, false, None)
}

/// How long keys are ignored once a card is drawn.
pub const SETTLE: Duration = Duration::from_millis(500);
/// The card's last line while keys are still ignored.
const SETTLING: &str = "  a moment…";
/// The card's last line once an answer is read.
pub const WAITING: &str = "  waiting for your answer… [n] ";

fn show(
    tty: &mut Tty,
    c: &Card<'_>,
    timeout: Option<Duration>,
    leave_summary: bool,
    waiting: Option<&dyn Fn() -> bool>,
) -> Asked {
    let started = Instant::now();
    let (style, can_move) = style_for(tty);
    let rendered = card::render(c, style);
    let mut text = rendered.lines.join("\r\n");
    text.push_str("\r\n");
    text.push_str(SETTLING);
    let rows = rendered.lines.len() + 1;
    // Vanishing needs a terminal the cursor can move on.
    let vanish = !leave_summary && can_move;
    if !vanish {
        clear_status(tty);
    }
    // The card is drawn only once the terminal is raw, which discards what
    // was typed before: every key read is one typed after the card (and
    // its "waiting for your answer") was on the screen.
    let answer = if let Ok(mut raw) = tty.raw() {
        {
            // To vanish, the card starts on the next line and the cursor
            // goes back to the column it left: the shell finds its line
            // and cursor as it drew them.
            let home = if !vanish {
                raw.write(&text);
                None
            } else {
                let column = raw.cursor_column();
                raw.write(if column.is_some() {
                    "\r\n"
                } else {
                    "\r\x1b[2K"
                });
                raw.write(&text);
                column
            };
            // Keys that arrive just as the card appears (the second tap of
            // a double tap, meant for the card before) are not answers.
            if !raw.discard_for(SETTLE) {
                return Asked {
                    answer: Answer::NoAnswer(NoAnswer::Closed),
                    took: started.elapsed(),
                };
            }
            raw.write(&format!("\r{WAITING}  "));
            // Rows written below the card while answering (a message for
            // the agent, the whole command paged): cleared with it.
            let mut extra = 0;
            let a = read_answer(
                &mut raw,
                c,
                &rendered,
                (timeout, waiting),
                started,
                &mut extra,
            );
            if can_move {
                // Leave one summary line (or nothing) instead of the card,
                // as far up as the screen still shows it.
                let up = (rows - 1 + extra)
                    .min(raw.height().saturating_sub(1))
                    .max(1);
                raw.write(&format!("\r\x1b[{up}A\x1b[J"));
            } else {
                raw.write("\r\n");
            }
            if leave_summary {
                raw.write(&summary(c.command, &a));
                raw.write("\r\n");
            } else if let Some(column) = home {
                raw.write(&format!("\x1b[A\x1b[{column}G"));
            }
            a
        }
    } else {
        // A terminal that cannot be put in raw mode cannot be trusted to
        // deliver a deliberate keypress: the card says what was not run.
        if !vanish {
            tty.write(&text);
            tty.write("\r\n");
        }
        Answer::NoAnswer(NoAnswer::Closed)
    };
    Asked {
        answer,
        took: started.elapsed(),
    }
}

/// The one line left in place of the card once it is answered.
pub fn summary(command: &str, a: &Answer) -> String {
    let first = command.split('\n').next().unwrap_or("");
    let mut shown = crate::escape::escape(first);
    if shown.chars().count() > 60 || command.contains('\n') {
        shown = shown.chars().take(57).collect::<String>() + "…";
    }
    match a {
        Answer::Run => format!("askrisky: you approved: {shown}"),
        Answer::AlwaysAllow => format!("askrisky: you approved, and always allow: {shown}"),
        Answer::ForSession => format!("askrisky: you approved for this session: {shown}"),
        Answer::NoAnswer(why) => format!("askrisky: not run ({}): {shown}", why.reason()),
        Answer::Declined => format!("askrisky: not run: {shown}"),
        Answer::Tell(_) => format!("askrisky: not run, the agent is told why: {shown}"),
    }
}

/// The prompt for the person's message to the agent.
const MESSAGE_PROMPT: &str = "  message for the agent (Enter to send, Esc to go back): ";

fn read_answer(
    raw: &mut RawGuard<'_>,
    c: &Card<'_>,
    rendered: &card::Rendered,
    (timeout, waiting): (Option<Duration>, Option<&dyn Fn() -> bool>),
    started: Instant,
    extra: &mut usize,
) -> Answer {
    loop {
        let left = timeout.map(|t| t.saturating_sub(started.elapsed()));
        // With a request that may stop waiting, wake up now and then to
        // look.
        let wait = match waiting {
            Some(_) => Some(left.map_or(WAITING_POLL, |l| l.min(WAITING_POLL))),
            None => left,
        };
        match raw.key(wait) {
            Key::Timeout if waiting.is_some_and(|still| !still()) => {
                return Answer::NoAnswer(NoAnswer::Withdrawn);
            }
            // Only a look at the request: the answer's own time is not up.
            Key::Timeout if waiting.is_some() && left.is_none_or(|l| l > WAITING_POLL) => {}
            Key::Char('r' | 'R') => return Answer::Run,
            Key::Char('a' | 'A') if c.offer_always => return Answer::AlwaysAllow,
            Key::Char('s' | 'S') if c.offer_session => return Answer::ForSession,
            Key::Char('t' | 'T') if c.offer_tell => {
                raw.write(&format!("t\r\n{MESSAGE_PROMPT}"));
                *extra += 1;
                match read_message(raw, timeout, started) {
                    Ok(m) => {
                        let width = raw.width().max(1);
                        *extra += (MESSAGE_PROMPT.len() + m.chars().count()) / width;
                        return if m.trim().is_empty() {
                            Answer::Declined
                        } else {
                            Answer::Tell(m.trim().to_owned())
                        };
                    }
                    // Esc: back to the card's keys, the message dropped.
                    Err(None) => {
                        raw.write(&format!("\r\x1b[J\x1b[A\r\x1b[2K{WAITING}"));
                        *extra -= 1;
                    }
                    Err(Some(other)) => return other,
                }
            }
            Key::Char('p' | 'P') if rendered.hidden_rows > 0 => {
                let written = page(raw, &rendered.command_rows);
                *extra += written.unwrap_or(0) + 2;
                if written.is_none() {
                    return Answer::NoAnswer(NoAnswer::Closed);
                }
                raw.write(&format!("\r\n{}\r\n{WAITING}", card::keys_line(c)));
            }
            Key::Timeout => return Answer::NoAnswer(NoAnswer::TimedOut),
            Key::Closed => return Answer::NoAnswer(NoAnswer::Closed),
            Key::Char('n' | 'N') | Key::Enter | Key::Esc | Key::Interrupt | Key::EndOfFile => {
                return Answer::Declined;
            }
            Key::Char(_) | Key::Text(_) | Key::Backspace | Key::Other => {}
        }
    }
}

/// Shows the whole command a screen at a time. The rows written, or
/// `None` if the terminal closed.
fn page(raw: &mut RawGuard<'_>, rows: &[String]) -> Option<usize> {
    let per = raw.height().saturating_sub(2).max(5);
    raw.write("\r\n");
    for (i, chunk) in rows.chunks(per).enumerate() {
        raw.write(&chunk.join("\r\n"));
        raw.write("\r\n");
        if (i + 1) * per < rows.len() {
            raw.write("  -- more: any key --");
            if matches!(raw.key(None), Key::Closed | Key::Interrupt) {
                return None;
            }
            raw.write("\r\x1b[2K");
        }
    }
    Some(rows.len() + 1)
}

/// The person's message for the agent; `Err(None)` when they went back
/// to the card (Esc), `Err(Some(answer))` when the card ends without one.
fn read_message(
    raw: &mut RawGuard<'_>,
    timeout: Option<Duration>,
    started: Instant,
) -> Result<String, Option<Answer>> {
    let mut msg = String::new();
    loop {
        let left = timeout.map(|t| t.saturating_sub(started.elapsed()));
        match raw.text_key(left) {
            Key::Enter => return Ok(msg),
            Key::Char(ch) => {
                if msg.chars().count() < MAX_MESSAGE {
                    msg.push(ch);
                    raw.write(&crate::escape::escape(&ch.to_string()));
                }
            }
            Key::Text(t) => {
                let room = MAX_MESSAGE.saturating_sub(msg.chars().count());
                let t: String = t.chars().take(room).collect();
                msg.push_str(&t);
                raw.write(&crate::escape::escape(&t));
            }
            Key::Backspace => {
                if msg.pop().is_some() {
                    raw.write("\x08 \x08");
                }
            }
            Key::Other => {}
            Key::Esc => return Err(None),
            Key::Interrupt | Key::EndOfFile => return Err(Some(Answer::Declined)),
            Key::Closed => return Err(Some(Answer::NoAnswer(NoAnswer::Closed))),
            Key::Timeout => return Err(Some(Answer::NoAnswer(NoAnswer::TimedOut))),
        }
    }
}

/// Asks a yes/no question on the person's terminal; only `y` typed after
/// the question is shown (and its half second of settling) is a yes. Keys
/// typed before, a paste, Enter, anything else, a closed terminal: no.
pub fn confirm(tty: &mut Tty, question: &str) -> bool {
    let Ok(mut raw) = tty.raw() else {
        return false;
    };
    raw.write(&format!("{question} "));
    if !raw.discard_for(SETTLE) {
        return false;
    }
    // Shown only now, so that what answers is typed after it.
    raw.write("[y/N] ");
    let yes = matches!(raw.key(None), Key::Char('y' | 'Y'));
    raw.write(if yes { "yes\r\n" } else { "no\r\n" });
    yes
}

/// A status line with a spinner on the terminal while askrisky waits
/// ("reviewing the command…"); cleared when dropped. Without a terminal it
/// does nothing: nothing is ever written to the command's stdout.
pub struct Spinner {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Spinner {
    /// Starts showing `text`.
    pub fn start(text: &str) -> Self {
        use std::sync::atomic::{AtomicBool, Ordering};
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let Ok(mut tty) = Tty::open() else {
            return Self { stop, thread: None };
        };
        let flag = stop.clone();
        let text = text.to_owned();
        let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
        let thread = std::thread::Builder::new()
            .name("askrisky-status".into())
            .spawn(move || {
                if dumb {
                    tty.write(&format!("askrisky: {text}\n"));
                    return;
                }
                let frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
                let mut i = 0;
                while !flag.load(Ordering::Relaxed) {
                    tty.write(&format!(
                        "\r\x1b[2Kaskrisky: {text} {}",
                        frames[i % frames.len()]
                    ));
                    i += 1;
                    std::thread::sleep(Duration::from_millis(100));
                }
                tty.write("\r\x1b[2K");
            })
            .ok();
        Self { stop, thread }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
