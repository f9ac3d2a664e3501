//! Quoting words so a POSIX shell reads them back exactly.

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
}
