//! zsh: code its syntax runs that the POSIX grammar does not show.
//!
//! A zsh glob qualifier can run code: `*(e:'rm -rf ~':)` evaluates the
//! string for each file it matches, `*(+name)` calls a function. The POSIX
//! grammar reads `*(…)` as an extended glob, with no command in it at all.
//! So for code zsh runs (the zsh guard, `zsh -c`), a qualifier that can run
//! code makes the line's code known only at run time, which asks.
//!
//! The check errs towards asking: any parenthesised suffix of a word that
//! holds an `e` followed by a delimiter, or a `+` followed by a name, counts.

/// True when `src` has a glob qualifier that may run code.
pub fn glob_qualifier_runs_code(src: &str) -> bool {
    let b = src.as_bytes();
    for (i, c) in Unquoted::from(b, 0) {
        if c == b'(' && i > 0 && attached(b[i - 1]) {
            match closing(b, i) {
                Some(end) if runs_code(&b[i + 1..end]) => return true,
                Some(_) => {}
                // Unclosed: zsh would not run it; neither is it read.
                None => return false,
            }
        }
    }
    false
}

/// Where `src` has a glob qualifier that runs no code (`src/**/*.ts(.N)`,
/// `*.log(om[1,3])`): the byte range of each `(…)` ending a word that
/// holds a pattern, not an extended glob's own `*(…)` or a group with
/// `|` in it. The POSIX grammar cannot read them; without them the word
/// matches the same files or more. (One that runs code is a problem of
/// its own: see [`glob_qualifier_runs_code`].)
pub fn plain_qualifiers(src: &str) -> Vec<(usize, usize)> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut word_start = 0;
    let mut after = 0;
    for (i, c) in Unquoted::from(b, 0) {
        if i < after {
            continue;
        }
        if word_break(c) && c != b'(' {
            word_start = i + 1;
            continue;
        }
        if c != b'(' || i == 0 || !attached(b[i - 1]) || b"?*+@!".contains(&b[i - 1]) {
            continue;
        }
        let word = &b[word_start.min(i)..i];
        let Some(end) = closing(b, i) else {
            break;
        };
        let inside = &b[i + 1..end];
        if word.iter().any(|c| matches!(c, b'*' | b'?' | b']'))
            && b.get(end + 1).is_none_or(|&n| word_break(n))
            && !inside.contains(&b'|')
            // An expansion inside runs before the glob (`*($(rm -rf ~))`):
            // left for the grammar to read, or to fail on.
            && !inside.iter().any(|c| matches!(c, b'$' | b'`'))
            && !runs_code(inside)
        {
            out.push((i, end + 1));
            after = end + 1;
        }
    }
    out
}

/// True when zsh would run code of `src` that the POSIX grammar does not
/// show: a glob qualifier that runs code (see the module docs), or a
/// parameter expansion with the `e` flag (`${(e)x}` expands `$(…)` held in
/// the value of `x`, so the value is code).
pub fn evaluates_code(src: &str) -> bool {
    glob_qualifier_runs_code(src) || parameter_flag_evaluates(src)
}

/// `${(…e…)name}` anywhere outside single quotes (parameters expand in
/// double quotes too). A flag's delimited argument holding an `e` counts
/// as well: that errs towards asking.
fn parameter_flag_evaluates(src: &str) -> bool {
    let b = src.as_bytes();
    let mut single = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if !single => i += 1,
            b'\'' => single = !single,
            b'$' if !single && b.get(i + 1) == Some(&b'{') && b.get(i + 2) == Some(&b'(') => {
                let flags = &b[i + 3..];
                let end = flags.iter().position(|&c| c == b')').unwrap_or(flags.len());
                if flags[..end].contains(&b'e') {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// zsh code with `=name` words (zsh's `=` expansion: the path of the
/// command `name`, so `=rm -rf ~` runs rm) written as `name`, which the
/// POSIX grammar reads as the same command; the rest is unchanged.
pub fn restate(src: &str) -> std::borrow::Cow<'_, str> {
    let b = src.as_bytes();
    let equals: Vec<usize> = Unquoted::from(b, 0)
        .filter(|&(i, c)| {
            c == b'='
                && (i == 0 || word_break(b[i - 1]))
                && b.get(i + 1)
                    .is_some_and(|n| n.is_ascii_alphanumeric() || *n == b'_')
        })
        .map(|(i, _)| i)
        .collect();
    if equals.is_empty() {
        return src.into();
    }
    let mut out = String::with_capacity(src.len());
    let mut from = 0;
    for i in equals {
        out.push_str(&src[from..i]);
        from = i + 1;
    }
    out.push_str(&src[from..]);
    out.into()
}

/// A character after which a new word starts.
fn word_break(c: u8) -> bool {
    c.is_ascii_whitespace() || b";|&(){}`".contains(&c)
}

/// A `(` right after this character belongs to the word before it (not
/// `$(`, `<(`, `>(`, `=(`, an operator or a space).
fn attached(prev: u8) -> bool {
    !(prev.is_ascii_whitespace() || b"$<>=;|&(){}".contains(&prev))
}

/// The index of the `)` that closes the `(` at `open`, quotes respected.
fn closing(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in Unquoted::from(b, open) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The bytes outside quotes and escapes, with their indexes: `'…'`,
/// `"…"` (where `\"` does not close) and a backslash with the byte after
/// it are skipped.
struct Unquoted<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Unquoted<'a> {
    fn from(b: &'a [u8], i: usize) -> Self {
        Self { b, i }
    }
}

impl Iterator for Unquoted<'_> {
    type Item = (usize, u8);

    fn next(&mut self) -> Option<(usize, u8)> {
        let mut quote: Option<u8> = None;
        while let Some(&c) = self.b.get(self.i) {
            let at = self.i;
            self.i += 1;
            match quote {
                Some(q) => {
                    if c == b'\\' && q == b'"' {
                        self.i += 1;
                    } else if c == q {
                        quote = None;
                    }
                }
                None => match c {
                    b'\\' => self.i += 1,
                    b'\'' | b'"' => quote = Some(c),
                    _ => return Some((at, c)),
                },
            }
        }
        None
    }
}

/// Whether qualifier text may run code: `e` and a delimiter (`e:…:`,
/// `e'…'`), or `+` and a function name.
fn runs_code(q: &[u8]) -> bool {
    q.windows(2).any(|w| {
        (w[0] == b'e' && !w[1].is_ascii_alphanumeric())
            || (w[0] == b'+' && (w[1].is_ascii_alphabetic() || w[1] == b'_'))
    }) || q.last() == Some(&b'e')
}

#[cfg(test)]
mod tests {
    use super::glob_qualifier_runs_code as runs;

    #[test]
    fn parameter_flags_that_evaluate() {
        for (line, want) in [
            ("print ${(e)y}", true),
            ("echo \"${(Ae)y}\"", true),
            ("echo ${(j:,:)arr}", false),
            ("echo '${(e)y}'", false),
            ("echo ${(U)name}", false),
            ("echo ${y}", false),
        ] {
            assert_eq!(super::parameter_flag_evaluates(line), want, "{line}");
            assert_eq!(super::evaluates_code(line), want, "{line}");
        }
    }

    #[test]
    fn plain_qualifiers_are_found() {
        for (line, want) in [
            ("print -l src/**/*.ts(.N) | wc -l", vec![(20, 24)]),
            ("ls *.log(om[1,3]) x", vec![(8, 17)]),
            ("ls *(.)", vec![]),
            ("ls *.(ts|js)", vec![]),
            ("ls foo(x)", vec![]),
            ("ls '*.ts(.N)'", vec![]),
            ("ls *(e:'rm x':)", vec![]),
            ("ls a*b(e:x:)", vec![]),
            ("f() { ls; }", vec![]),
            ("ls *($(rm -rf ~))", vec![]),
            ("ls *.x(`id`)", vec![]),
        ] {
            assert_eq!(super::plain_qualifiers(line), want, "{line}");
        }
    }

    #[test]
    fn qualifiers_that_run_code() {
        for line in [
            "ls *(e:'rm -rf ~':)",
            "ls *(.e:\"rm -rf ~\":)",
            "ls *(e{rm -rf ~})",
            "echo *(+clean)",
            "ls **/*(#qe:'rm x':)",
            "a=(*(e:'rm x':))",
            "ls foo(e)",
            // Escapes do not open or close quotes.
            "echo \\' *(e:x:)",
            "echo \"a\\\"b\" *(e:x:)",
            // A quoted or escaped `)` does not end the qualifier.
            "ls *(')'e:x:)",
            "ls *('a)'e:x:)",
            "ls *(\"\\\")\"e:x:)",
            "ls *(\\)e:x:)",
            "ls *(+_clean)",
        ] {
            assert!(runs(line), "{line}");
        }
    }

    proptest::proptest! {
        #[test]
        fn never_panics(line in "[ -~]{0,60}") {
            let _ = runs(&line);
            let _ = super::restate(&line);
        }
    }

    #[test]
    fn equals_expansion_is_restated() {
        for (zsh, posix) in [
            ("=rm -rf ~", "rm -rf ~"),
            ("sudo =rm x; (=curl y)", "sudo rm x; (curl y)"),
            (
                "ls =(date) a=b [[ $x == y ]] '=rm' \\=rm \"=rm\"",
                "ls =(date) a=b [[ $x == y ]] '=rm' \\=rm \"=rm\"",
            ),
        ] {
            assert_eq!(super::restate(zsh), posix, "{zsh}");
        }
    }

    #[test]
    fn lines_that_do_not() {
        for line in [
            "ls *(.)",
            "ls *.rs(om[1,3])",
            "ls *(Lk-100)",
            "ls *(Lk+100)",
            "echo $(date) <(ls) =(ls)",
            "echo '*(e:x:)' \"*(e:x:)\" \\*\\(e:x:\\)",
            "f() { echo hi; }",
            "a=(one two)",
            "(cd x && make)",
            "ls *(",
            // Only what is inside the parentheses counts.
            "ls file(.)",
            "echo \"\\\"(e:x:)\"",
        ] {
            assert!(!runs(line), "{line}");
        }
    }
}
