//! Lines of plain words, read without the shell parser: most of what
//! agents run (`git status`, `cargo test && git diff`, `cat f | wc -l`) is
//! words, blanks and the four list operators, and brush's grammar is about
//! half the cost of judging such a line. What is read here is exactly what
//! brush would give (property tests in `parse::tests` hold both to the
//! same walk); anything else — any quoting but `'…'`, any expansion,
//! redirection, reserved word, assignment, `&`, newline or comment — goes
//! to the parser.

use brush_parser::ast;

/// Words that, as a command's first, start something other than a simple
/// command (in bash's grammar or in POSIX mode's): `time` times a
/// pipeline, the rest open compound commands or are out of place.
const RESERVED: &[&str] = &[
    "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac",
    "in", "select", "function", "time", "coproc",
];

/// The bytes of plain words, and the blanks and `=` between and in them.
pub(super) const PLAIN_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'-' | b'_'
                    | b'.'
                    | b'/'
                    | b':'
                    | b','
                    | b'+'
                    | b'@'
                    | b'%'
                    | b'^'
                    | b' '
                    | b'\t'
                    | b'='
                    | b'~'
            );
        b += 1;
    }
    table
};

/// The words of a line that is one simple command made only of plain words
/// (no quoting, expansion, operators, assignments or reserved words).
pub(super) fn plain_words(line: &str) -> Option<Vec<&str>> {
    if !line.bytes().all(|b| PLAIN_BYTES[usize::from(b)]) {
        return None;
    }
    // A `~` inside a word is a character (`HEAD~1`); at a word's start,
    // or after `=` or `:` (`--prefix=x:~/y`, where bash may expand it),
    // it may be a home folder: the parser's.
    let bytes = line.as_bytes();
    if bytes
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'~' && (i == 0 || matches!(bytes[i - 1], b' ' | b'\t' | b'=' | b':')))
    {
        return None;
    }
    let words: Vec<&str> = line.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    let first = words.first()?;
    if first.contains('=') || RESERVED.contains(first) {
        return None;
    }
    Some(words)
}

/// A list operator between plain commands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Pipe,
    And,
    Or,
    Semicolon,
}

/// One token of a plain list: a word as written (quotes kept, for the walk
/// to read as it reads brush's words) or an operator.
enum Token<'a> {
    Word(&'a str),
    Op(Op),
}

/// The tokens of a line of plain words, single-quoted strings and list
/// operators; `None` for anything else.
fn tokens(src: &str) -> Option<Vec<Token<'_>>> {
    let bytes = src.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b' ' | b'\t' => i += 1,
            b'|' | b'&' | b';' => {
                let next = bytes.get(i + 1).copied();
                let (op, len) = match (b, next) {
                    (b'|', Some(b'|')) => (Op::Or, 2),
                    (b'|', _) => (Op::Pipe, 1),
                    (b'&', Some(b'&')) => (Op::And, 2),
                    // A lone `&` (a background job, `|&`, `;&`): the
                    // parser's. (`;;` is two `;` with no command between,
                    // which is refused below.)
                    (b'&', _) => return None,
                    _ => (Op::Semicolon, 1),
                };
                tokens.push(Token::Op(op));
                i += len;
            }
            _ => {
                let start = i;
                while let Some(&b) = bytes.get(i) {
                    if b == b'\'' {
                        // A quoted string: any byte but a control character
                        // (a newline in it is left to the parser).
                        let quoted = bytes.get(i + 1..)?;
                        let len = quoted.iter().position(|&c| c == b'\'')?;
                        if quoted.iter().take(len).any(u8::is_ascii_control) {
                            return None;
                        }
                        i += len + 2;
                    } else if b == b' ' || b == b'\t' || matches!(b, b'|' | b'&' | b';') {
                        break;
                    } else if PLAIN_BYTES[usize::from(b)] {
                        i += 1;
                    } else {
                        return None;
                    }
                }
                tokens.push(Token::Word(src.get(start..i)?));
            }
        }
    }
    Some(tokens)
}

/// The program brush would parse from `src` when it is a list of simple
/// commands of plain words joined by `|`, `&&`, `||` and `;` (an ending
/// `;` too); `None` when it is anything else or would not parse.
pub(super) fn program(src: &str) -> Option<ast::Program> {
    let tokens = tokens(src)?;
    let mut items: Vec<ast::CompoundListItem> = Vec::new();
    let mut and_or: Option<ast::AndOrList> = None;
    let mut joined_by: Option<Op> = None;
    let mut pipeline: Vec<ast::Command> = Vec::new();
    let mut words: Vec<&str> = Vec::new();
    let mut tokens = tokens.into_iter().peekable();
    loop {
        let token = tokens.next();
        if let Some(Token::Word(w)) = token {
            words.push(w);
            continue;
        }
        // A command ends: it must have words (a list's ending `;` is
        // taken below), and be a simple command.
        if words.is_empty() {
            return None;
        }
        pipeline.push(simple(std::mem::take(&mut words))?);
        let op = match token {
            Some(Token::Op(op)) => Some(op),
            _ => None,
        };
        if op == Some(Op::Pipe) {
            continue;
        }
        let done = ast::Pipeline {
            timed: None,
            bang: false,
            seq: std::mem::take(&mut pipeline),
        };
        and_or = Some(match (and_or.take(), joined_by) {
            (None, _) => ast::AndOrList {
                first: done,
                additional: Vec::new(),
            },
            (Some(mut list), Some(Op::Or)) => {
                list.additional.push(ast::AndOr::Or(done));
                list
            }
            (Some(mut list), _) => {
                list.additional.push(ast::AndOr::And(done));
                list
            }
        });
        joined_by = op;
        if matches!(op, None | Some(Op::Semicolon)) {
            items.push(ast::CompoundListItem(
                and_or.take()?,
                ast::SeparatorOperator::Sequence,
            ));
            if tokens.peek().is_none() {
                break;
            }
        }
    }
    Some(ast::Program {
        complete_commands: vec![ast::CompoundList(items)],
    })
}

/// A simple command of words, as brush reads it; `None` when its first word
/// is not a program's name to brush (a reserved word, an assignment).
fn simple(words: Vec<&str>) -> Option<ast::Command> {
    let mut words = words.into_iter().map(|w| ast::Word {
        value: w.to_owned(),
        loc: None,
    });
    let first = words.next()?;
    if first.value.contains('=') || RESERVED.contains(&first.value.as_str()) {
        return None;
    }
    let suffix: Vec<_> = words.map(ast::CommandPrefixOrSuffixItem::Word).collect();
    Some(ast::Command::Simple(ast::SimpleCommand {
        prefix: None,
        word_or_name: Some(first),
        suffix: (!suffix.is_empty()).then_some(ast::CommandSuffix(suffix)),
    }))
}
