//! The bounds on what is analysed (nesting, line length, written scripts,
//! `cat`/`tee` stages, programs feeding a pipe), the cheap depth checks a
//! line must pass before it reaches the parser, and the guard that turns a
//! parser panic into "unparseable".

/// How many times a string may be re-parsed as a program inside another
/// (`bash -c "eval '…'"`) before askrisky stops and asks.
pub const MAX_NESTING: u8 = 16;
/// Bracket and keyword depth past which a line is not handed to the parser
/// at all: brush recurses per level, and a hostile line must not be able to
/// overflow askrisky's stack (10,000 nested `$(` would).
pub const MAX_SYNTAX_DEPTH: usize = 100;
/// The sum of [`syntax_depth`] over a piece of code and every code it is
/// inside (`bash -c "…"` in a script run by a line): the walker recurses
/// into the inner code from inside the outer, on one stack. Measured on a
/// debug build with the analysis thread's 16 MiB, the shallowest overflow
/// is at about 700 levels (nested function bodies); this keeps a margin of
/// more than two.
pub const MAX_TOTAL_SYNTAX_DEPTH: usize = 300;
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
/// Most programs kept as feeding one command through a pipe: each command
/// holds its own list of them, so without a bound a pipeline of thousands
/// of stages would cost time and memory in the square of its length, past
/// the analysis budget. Past it the line asks: a downloader feeding a
/// shell may be among the programs not kept.
pub const MAX_UPSTREAM: usize = 64;

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
///
/// The threat: the parser recurses once per level, and a stack overflow
/// is not a panic that can be caught — the process is gone. So the bound
/// must never read a line as shallower than the parser will: a closer
/// only closes the opener it matches (`case x in a)` does not close the
/// `case`, a stray `)` closes nothing), and the prefixes that nest without
/// any closer (`! ! ! x`, `coproc coproc x`, `time time x`) count until
/// the command they prefix ends.
pub fn syntax_depth(src: &str) -> usize {
    let mut d = Depth::default();
    // A word is the text since the last character that ends one: a slice
    // of `src`, not a copy built character by character.
    let mut word_start = 0;
    let mut in_backticks = false;
    let mut prev_backslash = false;
    // Byte by byte (the line is read for every command): a character
    // outside ASCII is decoded only to ask whether it is whitespace.
    let bytes = src.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let escaped = prev_backslash;
        prev_backslash = b == b'\\';
        let (c, len) = if b.is_ascii() {
            (b as char, 1)
        } else {
            let c = src
                .get(i..)
                .and_then(|rest| rest.chars().next())
                .unwrap_or(' ');
            (c, c.len_utf8())
        };
        let at = i;
        i += len;
        let ends_word = if b.is_ascii() {
            ENDS_WORD[usize::from(b)]
        } else {
            c.is_whitespace()
        };
        if !ends_word {
            continue;
        }
        d.word(src.get(word_start..at).unwrap_or_default());
        word_start = i;
        match c {
            '`' if !escaped && in_backticks => {
                in_backticks = false;
                d.close("`");
            }
            '`' if !escaped => {
                in_backticks = true;
                d.open("`");
            }
            // An escaped backtick opens a level it never closes.
            '`' => d.open(""),
            '(' => d.open(")"),
            '{' => d.open("}"),
            '[' => d.open("]"),
            ')' => d.close(")"),
            '}' => d.close("}"),
            ']' => d.close("]"),
            // The end of a command ends its prefixes.
            ';' | '&' | '|' | '\n' => d.prefixes = 0,
            _ => {}
        }
    }
    d.word(src.get(word_start..).unwrap_or_default());
    d.max
}

/// An upper bound on how deeply an arithmetic expression nests: brush's
/// arithmetic parser recurses on every prefix operator, assignment,
/// ternary, power and index (`- - - … 1`, `a=a=…`), so every character
/// that may be one counts.
pub fn arithmetic_depth(expr: &str) -> usize {
    expr.bytes()
        .filter(|b| {
            matches!(
                b,
                b'-' | b'+' | b'!' | b'~' | b'(' | b'=' | b'?' | b'*' | b'['
            )
        })
        .count()
}

/// The ASCII characters that end a word for [`syntax_depth`]: its
/// brackets and operators, and whitespace (as `char::is_whitespace` reads
/// it: tab to carriage return, and space).
const ENDS_WORD: [bool; 128] = {
    let mut t = [false; 128];
    let ends = b"`({[)}];&|<> \t\n\x0b\x0c\r";
    let mut i = 0;
    while i < ends.len() {
        t[ends[i] as usize] = true;
        i += 1;
    }
    t
};

/// The state of [`syntax_depth`]: the open levels, each with what closes
/// it and the prefixes that were open when it opened.
#[derive(Default)]
struct Depth {
    stack: Vec<(&'static str, usize)>,
    /// Prefixes open at this level.
    prefixes: usize,
    /// Prefixes open in the levels below.
    below: usize,
    max: usize,
}

impl Depth {
    fn note(&mut self) {
        self.max = self.max.max(self.stack.len() + self.below + self.prefixes);
    }

    fn open(&mut self, closer: &'static str) {
        self.stack.push((closer, self.prefixes));
        self.below += self.prefixes;
        self.prefixes = 0;
        self.note();
    }

    /// Closes the innermost level if `closer` is what closes it.
    fn close(&mut self, closer: &str) {
        if self.stack.last().is_some_and(|(c, _)| *c == closer)
            && let Some((_, prefixes)) = self.stack.pop()
        {
            self.below -= prefixes;
            self.prefixes = prefixes;
        }
    }

    fn word(&mut self, word: &str) {
        // (Most words start with none of these keywords' letters.)
        if !matches!(
            word.as_bytes().first(),
            Some(b'i' | b'c' | b'w' | b'u' | b'f' | b's' | b'd' | b'e' | b'!' | b't')
        ) {
            return;
        }
        match word {
            "if" => self.open("fi"),
            "case" => self.open("esac"),
            // A loop's condition nests too (`while while a; do …`): the
            // loop opens a level that its `do` turns into the body's.
            "while" | "until" | "for" | "select" => self.open("do"),
            "do" => {
                self.close("do");
                self.open("done");
            }
            "fi" | "esac" | "done" => self.close(word),
            "!" | "coproc" | "time" | "function" => {
                self.prefixes += 1;
                self.note();
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    /// The table of word ends is the characters the depth reading means:
    /// its brackets and operators, and what `char::is_whitespace` calls
    /// whitespace, for every ASCII character.
    #[test]
    fn word_ends_are_the_brackets_operators_and_whitespace() {
        for b in 0u8..128 {
            let c = char::from(b);
            let want = matches!(
                c,
                '`' | '(' | '{' | '[' | ')' | '}' | ']' | ';' | '&' | '|' | '<' | '>'
            ) || c.is_whitespace();
            assert_eq!(super::ENDS_WORD[usize::from(b)], want, "{b:#x}");
        }
        // Whitespace outside ASCII still ends a word; keywords nest.
        assert_eq!(super::syntax_depth("if\u{3000}if true; then :; fi; fi"), 2);
        assert_eq!(super::syntax_depth("! ! ! true"), 3);
        assert_eq!(super::syntax_depth("((((x))))"), 4);
    }
}
