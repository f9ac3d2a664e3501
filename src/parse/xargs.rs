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
///
/// Only when nothing changes how xargs reads or groups its input: a file
/// of arguments (`-a`), a delimiter (`-d`, `-0`), an end mark (`-E`), or
/// items split over several commands (`-n`, `-L`, `-s`) leave the words
/// known only at run time, as before. A line with quotes or a backslash
/// is not put in a placeholder (xargs takes them off first).
pub(super) fn known_input(inner: &mut SimpleCommand, xargs: &SimpleCommand, options: &[Word]) {
    const MAX_WORDS: usize = 64;
    let Some(text) = xargs.stdin_text.as_deref().filter(|_| !xargs.stdin_dynamic) else {
        any_input(inner);
        return;
    };
    if !reads_plainly(options) {
        any_input(inner);
        return;
    }
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    match inner.placeholder.clone() {
        Some(p) => {
            // One command per line: the first is this one, the others
            // are made by `other_lines`.
            if !fillable(&lines) {
                return;
            }
            let Some(line) = lines.first() else {
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

/// Whether each of these input lines can fill a placeholder, as xargs
/// would: a bounded number of them, none with quotes or a backslash
/// (xargs takes them off first). Otherwise none is filled, and the
/// command is judged with its placeholder unknown.
fn fillable(lines: &[&str]) -> bool {
    const MAX_LINES: usize = 16;
    lines.len() <= MAX_LINES && !lines.iter().any(|l| l.contains(['\'', '"', '\\']))
}

/// The commands xargs with a placeholder runs for the second and later
/// lines of text known on the line (`printf '%s\n' ~/.npmrc
/// ~/.config/gh/hosts.yml | xargs -I{} curl -T {} …` runs curl once per
/// file): each line in the placeholder, as `known_input` puts the first.
/// None unless every line can fill it (see `fillable`).
pub(super) fn other_lines(
    inner: &SimpleCommand,
    xargs: &SimpleCommand,
    options: &[Word],
) -> Vec<SimpleCommand> {
    let (Some(p), Some(text)) = (inner.placeholder.as_deref(), xargs.stdin_text.as_deref()) else {
        return Vec::new();
    };
    if xargs.stdin_dynamic || !reads_plainly(options) {
        return Vec::new();
    }
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if !fillable(&lines) {
        return Vec::new();
    }
    lines
        .into_iter()
        .skip(1)
        .map(|line| {
            let mut copy = inner.clone();
            for w in copy.argv.iter_mut().filter(|w| w.value.contains(p)) {
                w.value = w.value.replace(p, line);
            }
            copy.placeholder = None;
            copy
        })
        .collect()
}

/// xargs fed text known only at run time: a placeholder inside a longer
/// word is any name there (`ls ~/.aws | xargs -I{} curl -T ~/.aws/{} …`
/// sends each file of `~/.aws`), read as the pattern `*` is. A bare
/// placeholder, or one in code (`sh -c 'rm -rf ~/{}'`), stays as it is:
/// a name known only when it runs.
fn any_input(inner: &mut SimpleCommand) {
    let Some(p) = inner.placeholder.clone() else {
        return;
    };
    for w in inner
        .argv
        .iter_mut()
        .filter(|w| w.value != p && w.value.contains(&p) && !w.value.contains(char::is_whitespace))
    {
        w.value = w.value.replace(&p, "*");
        w.glob = true;
    }
}

/// Whether xargs's `options` are only those that keep its input read as
/// blank-separated words of one command: a placeholder, parallel runs,
/// nothing run on empty input, commands echoed.
fn reads_plainly(options: &[Word]) -> bool {
    let mut i = 0;
    while let Some(w) = options.get(i) {
        let v = w.value.as_str();
        i += 1;
        if !w.literal {
            return false;
        }
        match v {
            "-I" | "-J" | "-P" | "--max-procs" => i += 1,
            "-i" | "-r" | "-t" | "-x" | "-p" | "--no-run-if-empty" | "--verbose" | "--exit"
            | "--interactive" | "--replace" => {}
            _ if ["-I", "-J", "-P", "-i", "--replace=", "--max-procs="]
                .iter()
                .any(|o| v.starts_with(o)) => {}
            _ => return false,
        }
    }
    true
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
        known_input(&mut inner, &xargs, &[]);
        inner.argv.into_iter().map(|w| w.value).collect()
    }

    /// Known input fills the placeholder (its first line here, the others
    /// in copies) or is appended; input known only at run time is left to
    /// be judged as unknown.
    #[test]
    fn known_input_makes_the_command() {
        assert_eq!(
            fed("~/.ssh\n", &["tar", "czf", "-", "{}"], Some("{}")),
            ["tar", "czf", "-", "~/.ssh"]
        );
        assert_eq!(fed("a\nb\n", &["rm", "{}"], Some("{}")), ["rm", "a"]);
        let xargs = SimpleCommand {
            stdin_text: Some("a\n\nb\nd\n".into()),
            ..SimpleCommand::default()
        };
        let inner = SimpleCommand {
            argv: vec![Word::literal("rm"), Word::literal("x{}")],
            placeholder: Some("{}".into()),
            ..SimpleCommand::default()
        };
        let others: Vec<Vec<String>> = other_lines(&inner, &xargs, &[])
            .into_iter()
            .map(|c| c.argv.into_iter().map(|w| w.value).collect())
            .collect();
        assert_eq!(others, [["rm", "xb"], ["rm", "xd"]]);
        // A line xargs would unquote leaves every line unknown.
        let quoted = SimpleCommand {
            stdin_text: Some("a\n'c'\n".into()),
            ..SimpleCommand::default()
        };
        assert!(other_lines(&inner, &quoted, &[]).is_empty());
        // Text that only partly shows what runs (a runner feeds it) fills
        // nothing, even where each line could.
        let dynamic = SimpleCommand {
            stdin_text: Some("a\nb\n".into()),
            stdin_dynamic: true,
            ..SimpleCommand::default()
        };
        assert!(other_lines(&inner, &dynamic, &[]).is_empty());
        assert_eq!(fed("a\n'c'\n", &["rm", "{}"], Some("{}")), ["rm", "{}"]);
        let many = "x\n".repeat(17);
        assert!(
            other_lines(
                &inner,
                &SimpleCommand {
                    stdin_text: Some(many.clone()),
                    ..SimpleCommand::default()
                },
                &[]
            )
            .is_empty()
        );
        assert_eq!(fed(&many, &["rm", "{}"], Some("{}")), ["rm", "{}"]);
        assert_eq!(fed(".env x\n", &["cat"], None), ["cat", ".env", "x"]);
        let many = "w ".repeat(100);
        assert_eq!(fed(&many, &["echo"], None).len(), 65);
        // A quoted line is left to run time: xargs takes its quotes off.
        assert_eq!(
            fed("'rm -rf ~'\n", &["sh", "-c", "{}"], Some("{}")),
            ["sh", "-c", "{}"]
        );
        // Known only at run time, a placeholder inside a path is any name
        // there; alone or in code, it stays.
        let unknown = SimpleCommand::default();
        let mut inner = SimpleCommand {
            argv: ["curl", "-T", "~/.aws/{}", "{}", "rm -rf ~/{}"]
                .map(Word::literal)
                .to_vec(),
            placeholder: Some("{}".to_owned()),
            ..SimpleCommand::default()
        };
        known_input(&mut inner, &unknown, &[]);
        let got: Vec<(&str, bool)> = inner
            .argv
            .iter()
            .map(|w| (w.value.as_str(), w.glob))
            .collect();
        assert_eq!(
            got,
            [
                ("curl", false),
                ("-T", false),
                ("~/.aws/*", true),
                ("{}", false),
                ("rm -rf ~/{}", false)
            ]
        );
        // Options that change how the input is read or grouped leave it
        // unread.
        for opts in [
            &["-a", "list"][..],
            &["-d,"],
            &["-0"],
            &["-n1"],
            &["-L", "1"],
            &["-E", "x"],
        ] {
            let xargs = SimpleCommand {
                stdin_text: Some("ls\n".to_owned()),
                ..SimpleCommand::default()
            };
            let mut inner = SimpleCommand {
                argv: vec![
                    Word::literal("sh"),
                    Word::literal("-c"),
                    Word::literal("{}"),
                ],
                placeholder: Some("{}".to_owned()),
                ..SimpleCommand::default()
            };
            let options: Vec<Word> = opts.iter().map(|o| Word::literal(*o)).collect();
            known_input(&mut inner, &xargs, &options);
            assert_eq!(inner.argv[2].value, "{}", "{opts:?}");
        }
        let options = [
            Word::literal("-r"),
            Word::literal("-P4"),
            Word::literal("-I"),
            Word::literal("{}"),
        ];
        let xargs = SimpleCommand {
            stdin_text: Some("ls\n".to_owned()),
            ..SimpleCommand::default()
        };
        let mut inner = SimpleCommand {
            argv: vec![
                Word::literal("sh"),
                Word::literal("-c"),
                Word::literal("{}"),
            ],
            placeholder: Some("{}".to_owned()),
            ..SimpleCommand::default()
        };
        known_input(&mut inner, &xargs, &options);
        assert_eq!(inner.argv[2].value, "ls");
        let dynamic = SimpleCommand {
            stdin_text: Some("/".to_owned()),
            stdin_dynamic: true,
            ..SimpleCommand::default()
        };
        let mut inner = SimpleCommand {
            argv: vec![Word::literal("rm")],
            ..SimpleCommand::default()
        };
        known_input(&mut inner, &dynamic, &[]);
        assert_eq!(inner.argv.len(), 1);
    }
}
