//! Shell patterns (`*`, `?`, `[…]`) matched against file names.
//!
//! A pattern on the command line may name a secret (`cat .env*`,
//! `~/.aw?/credentials`) as surely as the name itself. The pattern is the
//! agent's text, so matching is one pass over a table, never backtracking:
//! `*a*a*a…b` cannot make askrisky stall.

/// True when a word holds a pattern character the shell expands.
pub(super) fn is_glob(s: &str) -> bool {
    s.contains(['*', '?', '['])
}

/// Shell pattern matching of one file name: `*`, `?` and `[…]` (with `!`
/// or `^` and ranges). As in the shell, a leading dot is only matched by a
/// dot written in the pattern. The pattern comes from the command line, so
/// matching is one pass over a table, never backtracking: `*a*a*a…b` cannot
/// make askrisky stall.
#[cfg(test)]
fn glob_matches(pattern: &str, name: &str) -> bool {
    Glob::new(pattern).matches(name)
}

/// A pattern read once and matched against many names.
pub(super) struct Glob {
    tokens: Vec<GlobToken>,
    leading_dot: bool,
}

impl Glob {
    pub(super) fn new(pattern: &str) -> Self {
        Self {
            tokens: glob_tokens(pattern),
            leading_dot: pattern.starts_with('.'),
        }
    }

    /// Whether `name` matches the pattern, as described for `glob_matches` above.
    pub(super) fn matches(&self, name: &str) -> bool {
        if name.starts_with('.') && !self.leading_dot {
            return false;
        }
        // Most names end otherwise than a pattern ending in a letter.
        if let Some(GlobToken::Char(last)) = self.tokens.last()
            && !name.ends_with(*last)
        {
            return false;
        }
        let len = name.chars().count();
        if len >= 127 {
            return self.matches_long(name);
        }
        // The table of `matches_long` as bits, without allocating: the
        // names tried are askrisky's own short ones, many per pattern.
        // Bits past the name's length may be set; none is read.
        let mut row: u128 = 1;
        for token in &self.tokens {
            row = if let GlobToken::Star = token {
                // Every length from the shortest reached on.
                let lowest = row & row.wrapping_neg();
                !(lowest - 1)
            } else {
                let mut next = 0;
                for (j, c) in name.chars().enumerate() {
                    if row & (1 << j) != 0 && token.matches(c) {
                        next |= 1 << (j + 1);
                    }
                }
                next
            };
            if row == 0 {
                return false;
            }
        }
        row & (1 << len) != 0
    }

    /// [`Glob::matches`] for a name too long for its bit table.
    fn matches_long(&self, name: &str) -> bool {
        let name: Vec<char> = name.chars().collect();
        // row[j]: the pattern so far matches the first j characters of name.
        let mut row = vec![false; name.len() + 1];
        let mut next = row.clone();
        row[0] = true;
        for token in &self.tokens {
            if let GlobToken::Star = token {
                let mut reached = false;
                for (cell, was) in next.iter_mut().zip(&row) {
                    reached |= *was;
                    *cell = reached;
                }
            } else {
                next[0] = false;
                for j in 1..=name.len() {
                    next[j] = row[j - 1] && token.matches(name[j - 1]);
                }
            }
            std::mem::swap(&mut row, &mut next);
            if !row.contains(&true) {
                return false;
            }
        }
        row[name.len()]
    }
}

enum GlobToken {
    Star,
    Any,
    Char(char),
    Set {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
}

impl GlobToken {
    fn matches(&self, c: char) -> bool {
        match self {
            Self::Star | Self::Any => true,
            Self::Char(x) => *x == c,
            Self::Set { negated, ranges } => {
                ranges.iter().any(|(lo, hi)| *lo <= c && c <= *hi) != *negated
            }
        }
    }
}

fn glob_tokens(pattern: &str) -> Vec<GlobToken> {
    // Most patterns hold no bracket (`*.rs`): read straight from the text.
    if pattern.contains('[') {
        bracket_tokens(pattern)
    } else {
        plain_tokens(pattern)
    }
}

/// [`glob_tokens`] of a pattern without `[`.
fn plain_tokens(pattern: &str) -> Vec<GlobToken> {
    let mut out = Vec::with_capacity(pattern.len());
    for c in pattern.chars() {
        match c {
            '*' => {
                if !matches!(out.last(), Some(GlobToken::Star)) {
                    out.push(GlobToken::Star);
                }
            }
            '?' => out.push(GlobToken::Any),
            c => out.push(GlobToken::Char(c)),
        }
    }
    out
}

/// [`glob_tokens`] of any pattern, bracket expressions read.
fn bracket_tokens(pattern: &str) -> Vec<GlobToken> {
    let p: Vec<char> = pattern.chars().collect();
    // At most a token a character: one allocation.
    let mut out = Vec::with_capacity(p.len());
    let mut i = 0;
    while let Some(&c) = p.get(i) {
        i += 1;
        match c {
            '*' => {
                if !matches!(out.last(), Some(GlobToken::Star)) {
                    out.push(GlobToken::Star);
                }
            }
            '?' => out.push(GlobToken::Any),
            '[' => match bracket(&p[i..]) {
                Some((set, used)) => {
                    out.push(set);
                    i += used;
                }
                // An unterminated `[` is an ordinary character.
                None => out.push(GlobToken::Char('[')),
            },
            c => out.push(GlobToken::Char(c)),
        }
    }
    out
}

/// A bracket expression after its `[`, and how many characters it used;
/// `None` when it is not closed.
fn bracket(p: &[char]) -> Option<(GlobToken, usize)> {
    let negated = matches!(p.first(), Some('!' | '^'));
    let start = usize::from(negated);
    // A `]` right after the opening (or after `!`) is part of the set.
    let close = (start + 1..p.len()).find(|&i| p[i] == ']')?;
    let set = &p[start..close];
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < set.len() {
        if i + 2 < set.len() && set[i + 1] == '-' {
            ranges.push((set[i], set[i + 2]));
            i += 3;
        } else {
            ranges.push((set[i], set[i]));
            i += 1;
        }
    }
    Some((GlobToken::Set { negated, ranges }, close + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_matching() {
        for (p, n) in [
            ("*", "a"),
            (".e*", ".env"),
            ("a?c", "abc"),
            ("[a-c]x", "bx"),
            ("[!a]x", "bx"),
            ("[^a]x", "bx"),
            ("[]]", "]"),
            ("a[", "a["),
            ("*.key", "tls.key"),
            ("x[a-]", "x-"),
            ("x[a-]", "xa"),
            ("ab*", "ab"),
            ("a*b*", "ab"),
            ("*a*", "a"),
            ("a**b", "ab"),
        ] {
            assert!(glob_matches(p, n), "{p} {n}");
        }
        for (p, n) in [
            ("*", ".env"),
            ("?env", ".env"),
            ("[a-c]x", "dx"),
            ("[!a]x", "ax"),
            ("a?", "a"),
            ("*.key", "tls.pem"),
            ("x[a-]", "xb"),
        ] {
            assert!(!glob_matches(p, n), "{p} {n}");
        }
        // Hostile patterns take time in proportion to their length.
        let hostile = format!("{}b", "*a".repeat(5_000));
        assert!(!glob_matches(&hostile, &"a".repeat(60)));
        // Names as long as the bit table holds, and past it.
        for len in [125, 126, 127, 200] {
            let name = "a".repeat(len);
            assert!(glob_matches("a*", &name), "{len}");
            assert!(glob_matches(&"?".repeat(len), &name), "{len}");
            assert!(!glob_matches(&"?".repeat(len + 1), &name), "{len}");
            assert!(!glob_matches("*b", &name), "{len}");
        }
    }

    proptest::proptest! {
        /// The bit table answers as the plain table does.
        #[test]
        fn glob_bits_match_the_table(
            pattern in "[ab.*?!^\\[\\]-]{0,12}",
            name in "[ab.\\]-]{0,16}",
        ) {
            let glob = Glob::new(&pattern);
            let plain = (!name.starts_with('.') || glob.leading_dot) && glob.matches_long(&name);
            proptest::prop_assert_eq!(glob.matches(&name), plain);
        }

        /// A pattern without `[` is read straight from its text as the
        /// reading that looks for brackets reads it.
        #[test]
        fn patterns_without_brackets_read_alike(
            pattern in "[ab.*?!^\\]-]{0,12}",
            name in "[ab.\\]-]{0,16}",
        ) {
            let leading_dot = pattern.starts_with('.');
            let plain = Glob { tokens: plain_tokens(&pattern), leading_dot };
            let read = Glob { tokens: bracket_tokens(&pattern), leading_dot };
            proptest::prop_assert_eq!(plain.matches(&name), read.matches(&name));
            proptest::prop_assert_eq!(plain.tokens.len(), read.tokens.len());
        }
    }
}
