//! Quoting words so a POSIX shell reads them back exactly, and finding
//! the quoted strings in another language's text.

/// Quotes words for a POSIX shell so that parsing the result yields them
/// back exactly.
pub fn shell_quote(words: &[String]) -> String {
    words
        .iter()
        .map(|w| {
            if !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%^".contains(c))
            {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The strings quoted in a text of another language (`'…'`, `"…"`,
/// `` `…` ``), empty ones skipped; an unclosed quote ends it: the file
/// names code opens, the commands a script hands to a shell.
pub fn quoted_strings(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        loop {
            let start = rest.find(['\'', '"', '`'])?;
            let quote = rest[start..].chars().next()?;
            let body = &rest[start + 1..];
            let Some(end) = body.find(quote) else {
                rest = "";
                return None;
            };
            let found = &body[..end];
            rest = &body[end + 1..];
            if !found.is_empty() {
                return Some(found);
            }
        }
    })
}

/// A command line's text followed by more words, quoted as the shell
/// would need them.
pub(super) fn joined(line: &str, rest: &[String]) -> String {
    format!("{line} {}", shell_quote(rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_round_trips_through_the_parser() {
        let cases: &[&[&str]] = &[
            &["rm", "-rf", "/"],
            &["echo", "it's", "a \"test\"", "$HOME", "`x`", "*", ""],
            &["printf", "%s\\n", "a b", "~", "{a,b}", ";", "&&"],
            &["x", "line\nbreak", "tab\there", "é🎉"],
        ];
        for words in cases {
            let words: Vec<String> = words.iter().map(|s| (*s).to_owned()).collect();
            let line = shell_quote(&words);
            let script = crate::parse::parse(&line);
            let argv: Vec<String> = script.commands[0]
                .argv
                .iter()
                .map(|w| w.value.clone())
                .collect();
            assert_eq!(argv, words, "{line}");
            assert!(script.commands[0].argv.iter().all(|w| w.literal), "{line}");
        }
    }

    #[test]
    fn quoted_strings_in_a_text() {
        assert_eq!(
            quoted_strings("open('a') + \"b\" + `c` + '' + 'open").collect::<Vec<_>>(),
            ["a", "b", "c"]
        );
        assert_eq!(
            quoted_strings(r#"exec "rm -rf x" and 'y' "open"#).collect::<Vec<_>>(),
            ["rm -rf x", "y"]
        );
    }
}
