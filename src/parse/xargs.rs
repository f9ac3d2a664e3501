//! xargs: the text it fills into its command's words, and the words it
//! adds from its input when that input is known on the line.

use super::{SimpleCommand, Word};

/// True when xargs fills this word in from its input.
pub(super) fn spliced(cmd: &SimpleCommand, word: &Word) -> bool {
    cmd.placeholder
        .as_deref()
        .is_some_and(|p| word.value.contains(p))
}

/// xargs fed text known on the line (`echo ~/.ssh | xargs -I{} tar czf -
/// {}`, `echo .env | xargs cat`): the words it adds are that
/// text's, so the command they make is judged, not one without them. One
/// input line fills a placeholder; without one, the words are appended
/// (a bounded number: past it the rest is left unread, as at run time
/// xargs would start another command with them).
pub(super) fn known_input(inner: &mut SimpleCommand, xargs: &SimpleCommand) {
    const MAX_WORDS: usize = 64;
    let Some(text) = xargs.stdin_text.as_deref().filter(|_| !xargs.stdin_dynamic) else {
        return;
    };
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    match inner.placeholder.clone() {
        Some(p) => {
            let [line] = lines[..] else {
                return;
            };
            for w in inner.argv.iter_mut().filter(|w| w.value.contains(&p)) {
                w.value = w.value.replace(&p, line);
            }
            inner.placeholder = None;
        }
        None => inner
            .argv
            .extend(words(text).into_iter().take(MAX_WORDS).map(Word::literal)),
    }
}

/// The words xargs reads from `text`: split at blanks and line breaks,
/// quotes (`'…'`, `"…"`) and a backslash keeping what they hold together.
fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' | '"' => {
                let held = word.get_or_insert_with(String::new);
                for q in chars.by_ref() {
                    if q == c {
                        break;
                    }
                    held.push(q);
                }
            }
            '\\' => word.get_or_insert_with(String::new).extend(chars.next()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_as_xargs_reads_them() {
        assert_eq!(
            words("a  b\n'c d' \"e\"f g\\ h\n"),
            ["a", "b", "c d", "ef", "g h"]
        );
        assert_eq!(words(""), Vec::<String>::new());
    }

    fn fed(text: &str, argv: &[&str], placeholder: Option<&str>) -> Vec<String> {
        let xargs = SimpleCommand {
            stdin_text: Some(text.to_owned()),
            ..SimpleCommand::default()
        };
        let mut inner = SimpleCommand {
            argv: argv.iter().map(|w| Word::literal(*w)).collect(),
            placeholder: placeholder.map(str::to_owned),
            ..SimpleCommand::default()
        };
        known_input(&mut inner, &xargs);
        inner.argv.into_iter().map(|w| w.value).collect()
    }

    /// Known input fills the placeholder (one line) or is appended; input
    /// of several lines for a placeholder, or known only at run time, is
    /// left to be judged as unknown.
    #[test]
    fn known_input_makes_the_command() {
        assert_eq!(
            fed("~/.ssh\n", &["tar", "czf", "-", "{}"], Some("{}")),
            ["tar", "czf", "-", "~/.ssh"]
        );
        assert_eq!(fed("a\nb\n", &["rm", "{}"], Some("{}")), ["rm", "{}"]);
        assert_eq!(fed(".env x\n", &["cat"], None), ["cat", ".env", "x"]);
        let many = "w ".repeat(100);
        assert_eq!(fed(&many, &["echo"], None).len(), 65);
        let dynamic = SimpleCommand {
            stdin_text: Some("/".to_owned()),
            stdin_dynamic: true,
            ..SimpleCommand::default()
        };
        let mut inner = SimpleCommand {
            argv: vec![Word::literal("rm")],
            ..SimpleCommand::default()
        };
        known_input(&mut inner, &dynamic);
        assert_eq!(inner.argv.len(), 1);
    }
}
