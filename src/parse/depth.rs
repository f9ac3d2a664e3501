//! The bounds on what is analysed (nesting, line length, written scripts,
//! `cat`/`tee` stages), the cheap depth checks a line must pass before it
//! reaches the parser, and the guard that turns a parser panic into
//! "unparseable".

/// How many times a string may be re-parsed as a program inside another
/// (`bash -c "eval '…'"`) before askrisky stops and asks.
pub const MAX_NESTING: u8 = 16;
/// Bracket and keyword depth past which a line is not handed to the parser
/// at all: brush recurses per level, and a hostile line must not be able to
/// overflow askrisky's stack (10,000 nested `$(` would).
pub const MAX_SYNTAX_DEPTH: usize = 100;
/// Parenthesis depth past which a line is not handed to the parser: the
/// shell grammar's parser backtracks exponentially on unclosed subshell
/// parentheses (`((((((((((a b((((((((((r` takes seconds), and nobody
/// nests subshells this deep by hand.
pub const MAX_PAREN_DEPTH: usize = 16;
/// Longest line askrisky analyses (bytes).
pub const MAX_LINE_BYTES: usize = 128 * 1024;
/// Most code read in all, the line and every string, file and stdin text
/// it runs together, and most commands found: code fed back into the shell
/// that reads it (`echo 'a |\n sh' | bash`, every copy of the text read
/// by the `sh` inside it again) grows without end otherwise, and askrisky
/// with it until the machine runs out of memory.
pub const MAX_WALKED_BYTES: usize = 4 << 20;
/// See [`MAX_WALKED_BYTES`].
pub const MAX_COMMANDS: usize = 20_000;
/// Most bytes of scripts written on a line that are read where they run.
pub const MAX_WRITTEN_BYTES: usize = MAX_LINE_BYTES;
/// Most files of one name written on a line that are told apart where a
/// file of that name runs; with more, what runs counts as unknown.
pub const MAX_WRITTEN_CANDIDATES: usize = 16;
/// Most pipeline stages of `cat`/`tee` that known text is followed through;
/// past them the text counts as unknown (which asks).
pub const MAX_PASS_THROUGH: usize = 8;

thread_local! {
    /// Set while a guarded parser call runs, so a panic hook can stay quiet
    /// about panics that are caught and reported as "unparseable".
    static QUIET: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// True while a caught parser panic may be in flight on this thread.
pub fn panics_are_expected() -> bool {
    QUIET.with(|q| q.get() > 0)
}

/// Runs a call into brush, turning a panic into `None`. brush is not meant
/// to panic, but hostile input can reach an `unwrap` in its tokenizer
/// (`$(<<EOF` + newline + `)` + newline + `EOF` does): that line is then
/// unparseable, which asks, instead of crashing askrisky.
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    QUIET.with(|q| q.set(q.get() + 1));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok();
    QUIET.with(|q| q.set(q.get().saturating_sub(1)));
    r
}

/// The deepest nesting of `(` in `src`, quotes or not (a quoted paren
/// counts too: this is a cheap bound, not a parse).
pub fn paren_depth(src: &str) -> usize {
    let mut depth = 0usize;
    let mut max = 0usize;
    for b in src.bytes() {
        match b {
            b'(' => {
                depth += 1;
                max = max.max(depth);
            }
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// An upper bound on how deeply a line nests, read without parsing:
/// brackets and block keywords, quotes ignored (so the bound errs high).
pub fn syntax_depth(src: &str) -> usize {
    let mut depth = 0usize;
    let mut max = 0usize;
    let mut word = String::new();
    let close_word = |word: &mut String, depth: &mut usize, max: &mut usize| {
        match word.as_str() {
            "if" | "case" | "do" => {
                *depth += 1;
                *max = (*max).max(*depth);
            }
            "fi" | "esac" | "done" => *depth = depth.saturating_sub(1),
            _ => {}
        }
        word.clear();
    };
    let mut in_backticks = false;
    let mut prev = ' ';
    for c in src.chars() {
        let escaped = prev == '\\';
        prev = c;
        match c {
            '`' if !escaped && in_backticks => {
                close_word(&mut word, &mut depth, &mut max);
                in_backticks = false;
                depth = depth.saturating_sub(1);
            }
            '`' if !escaped => {
                close_word(&mut word, &mut depth, &mut max);
                in_backticks = true;
                depth += 1;
                max = max.max(depth);
            }
            '(' | '{' | '[' | '`' => {
                close_word(&mut word, &mut depth, &mut max);
                depth += 1;
                max = max.max(depth);
            }
            ')' | '}' | ']' => {
                close_word(&mut word, &mut depth, &mut max);
                depth = depth.saturating_sub(1);
            }
            c if c.is_whitespace() || matches!(c, ';' | '&' | '|' | '<' | '>') => {
                close_word(&mut word, &mut depth, &mut max);
            }
            c => word.push(c),
        }
    }
    close_word(&mut word, &mut depth, &mut max);
    max
}
