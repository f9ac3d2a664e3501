//! Words as the program will receive them.
//!
//! brush keeps each word as the raw text the person (or agent) typed. Rules
//! must see what the program receives instead: `r''m`, `\rm`, `"rm"` and
//! `$'\x72\x6d'` all run `rm`. This module removes quotes, decodes ANSI-C
//! strings, turns `~` and `$HOME` into a home marker, expands braces,
//! splits words at unquoted `$IFS`, and marks every word whose value is only
//! known at run time (`$X`, `$(…)`, globs) as not literal, so nothing
//! computed at run time passes for a known value.

use brush_parser::word::{ParameterExpr, TildeExpr, WordPiece, WordPieceWithSource};

/// Most words one brace expression may turn into before we stop expanding
/// and treat the word as unknown (`{a,b}{c,d}…` grows exponentially).
const MAX_BRACE_WORDS: usize = 256;

/// One word after shell quote removal.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Word {
    /// The value the program receives. Parts that are only known at run time
    /// (`$X`, `$(…)`, `$((…))`) are kept as written.
    pub value: String,
    /// True when `value` is exactly what the program receives.
    pub literal: bool,
    /// True when the value holds unquoted glob characters (`*`, `?`, `[`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub glob: bool,
    /// Names of the programs run by command or process substitutions inside
    /// this word (`$(curl …)`, `<(wget …)`), outermost first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<String>,
    /// True for a process substitution (`<(…)`, `>(…)`): a pipe that its
    /// commands write into or read from, passed as a file name.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub process: bool,
    /// For `<(…)`: the text its commands are known to write (a literal
    /// `echo`), so `bash <(echo 'rm -rf /')` can be read as a program.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
}

impl Word {
    /// A word known exactly, as produced by re-splitting a literal string.
    pub fn literal(value: impl Into<String>) -> Self {
        Self {
            value: value.into(),
            literal: true,
            glob: false,
            runs: Vec::new(),
            process: false,
            output: None,
        }
    }

    /// A word whose value is only known at run time.
    pub fn dynamic(raw: impl Into<String>) -> Self {
        Self {
            value: raw.into(),
            literal: false,
            glob: false,
            runs: Vec::new(),
            process: false,
            output: None,
        }
    }

    /// The value when it is known exactly.
    pub fn known(&self) -> Option<&str> {
        self.literal.then_some(self.value.as_str())
    }
}

/// The result of normalizing one raw word.
#[derive(Debug, Default)]
pub struct Normalized {
    /// Usually one word; several after brace expansion.
    pub words: Vec<Word>,
    /// Command strings that run while the word is expanded (`$(…)`, backticks).
    pub substitutions: Vec<String>,
    /// Set when brush could not parse the word.
    pub error: Option<String>,
}

/// A character of a word with whether it was quoted, or a run-time part.
#[derive(Clone, Debug)]
enum Piece {
    Char {
        c: char,
        quoted: bool,
    },
    Dynamic(String),
    /// A variable whose value askrisky can only guess (`$XDG_CONFIG_HOME`
    /// is usually `~/.config`, but may be set elsewhere or unset, and then
    /// is empty): the guess is what rules see, and the word is not literal,
    /// since the shell may run it with another value.
    Guess(&'static str),
    /// What a command substitution of `printf` or `echo` prints, from
    /// known words: what rules see, and not literal, since the line may
    /// define a function of that name that prints something else.
    Printed(String),
    /// `$PWD` at the start of a word: the folder the line starts in, `.`,
    /// when a `/` or nothing follows it (`"$PWD"x` is another name).
    Pwd(String),
    /// An unquoted `$IFS`: it expands to separator characters, so the
    /// shell splits the word there (`rm -rf${IFS}/` is `rm -rf /`).
    Split(String),
}

/// Normalizes one raw shell word.
pub fn normalize(raw: &str) -> Normalized {
    let mut out = Normalized::default();
    // Most words are plain (`-rf`, `src/main.rs`): nothing to expand.
    if !raw.is_empty()
        && raw
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%^".contains(&b))
    {
        out.words.push(Word::literal(raw));
        return out;
    }
    // A word quoted whole in single quotes (`'fn main'`, `'*.rs'`) is its
    // text as written: the shell expands nothing inside.
    if let Some(inner) = raw
        .strip_prefix('\'')
        .and_then(|r| r.strip_suffix('\''))
        .filter(|inner| !inner.contains('\''))
    {
        out.words.push(Word::literal(inner));
        return out;
    }
    parsed(raw)
}

/// [`normalize`] through brush's word parser, for a word that is not plain.
fn parsed(raw: &str) -> Normalized {
    let mut out = Normalized::default();
    let pieces = match super::guarded(|| brush_parser::word::parse(raw, &options())) {
        Some(Ok(p)) => p,
        failed => {
            out.error = Some(match failed {
                Some(Err(e)) => e.to_string(),
                _ => "the shell parser failed on this word".to_owned(),
            });
            out.words.push(Word::dynamic(raw));
            return out;
        }
    };
    let mut seq = Vec::new();
    flatten(raw, &pieces, false, &mut seq, &mut out.substitutions);
    out.words = expand_braces(&seq);
    out
}

/// Finds the command substitutions inside an unquoted-delimiter heredoc body.
pub fn heredoc_substitutions(body: &str) -> Result<Vec<String>, String> {
    let pieces = super::guarded(|| brush_parser::word::parse_heredoc(body, &options()))
        .ok_or_else(|| "the shell parser failed on this heredoc".to_owned())?
        .map_err(|e| e.to_string())?;
    let mut seq = Vec::new();
    let mut subs = Vec::new();
    flatten(body, &pieces, true, &mut seq, &mut subs);
    Ok(subs)
}

/// Finds the command substitutions inside arithmetic or other raw text that
/// the shell expands (`$(( $(cmd) + 1 ))`, `[[ $(cmd) ]]`).
pub fn substitutions_in(text: &str) -> Vec<String> {
    normalize(text).substitutions
}

pub(crate) fn options() -> brush_parser::ParserOptions {
    brush_parser::ParserOptions::default()
}

fn flatten(
    raw: &str,
    pieces: &[WordPieceWithSource],
    quoted: bool,
    seq: &mut Vec<Piece>,
    subs: &mut Vec<String>,
) {
    // brush may split one expansion over two text pieces (`${!}` is `$`
    // and `{!}`): adjacent text is joined before it is looked at.
    let mut joined: Vec<WordPieceWithSource> = Vec::with_capacity(pieces.len());
    for p in pieces {
        if let (Some(last), WordPiece::Text(t)) = (joined.last_mut(), &p.piece)
            && let WordPiece::Text(prev) = &mut last.piece
            && last.end_index == p.start_index
        {
            prev.push_str(t);
            last.end_index = p.end_index;
            continue;
        }
        joined.push(p.clone());
    }
    for p in &joined {
        let source = raw.get(p.start_index..p.end_index).unwrap_or_default();
        match &p.piece {
            WordPiece::Text(t) if expands(t) => {
                // An expansion brush's word parser left as text
                // (`${!-a}`): only known at run time.
                seq.push(Piece::Dynamic(t.clone()));
            }
            WordPiece::Text(t) => {
                for c in t.chars() {
                    seq.push(Piece::Char { c, quoted });
                }
            }
            WordPiece::SingleQuotedText(t) => {
                seq.extend(t.chars().map(|c| Piece::Char { c, quoted: true }));
            }
            WordPiece::AnsiCQuotedText(t) => {
                let decoded = decode_ansi_c(t);
                seq.extend(decoded.chars().map(|c| Piece::Char { c, quoted: true }));
            }
            WordPiece::DoubleQuotedSequence(inner)
            | WordPiece::GettextDoubleQuotedSequence(inner) => {
                // Indices of inner pieces are relative to the same raw word.
                flatten(raw, inner, true, seq, subs);
            }
            WordPiece::EscapeSequence(e) => {
                // `\X` is X; a backslash-newline is a line continuation.
                let mut chars = e.chars();
                let _backslash = chars.next();
                for c in chars.filter(|c| *c != '\n') {
                    seq.push(Piece::Char { c, quoted: true });
                }
            }
            WordPiece::TildeExpansion(t) => match t {
                TildeExpr::Home => seq.push(Piece::Char {
                    c: '~',
                    quoted: false,
                }),
                TildeExpr::UserHome(user) => {
                    seq.push(Piece::Char {
                        c: '~',
                        quoted: false,
                    });
                    seq.extend(user.chars().map(|c| Piece::Char { c, quoted: true }));
                }
                // `~+` is the working folder, as `$PWD` is
                // (`tee -a ~+/../.bashrc`).
                TildeExpr::WorkingDir if seq.is_empty() => {
                    seq.push(Piece::Pwd(source.to_owned()));
                }
                _ => {
                    seq.push(Piece::Dynamic(source.to_owned()));
                }
            },
            WordPiece::ParameterExpansion(expr) => {
                // Defaults, patterns and messages inside `${…}` are words
                // too and may hold substitutions: `${X:-$(rm -rf /)}`.
                let body = source
                    .strip_prefix("${")
                    .and_then(|s| s.strip_suffix('}'))
                    .unwrap_or("");
                if !body.is_empty() {
                    subs.extend(normalize(body).substitutions);
                    // bash runs `<(…)` in a default word too (`${x:=$<(cmd)}`).
                    subs.extend(process_substitutions(body));
                }
                if names_home(expr) {
                    seq.push(Piece::Char {
                        c: '~',
                        quoted: false,
                    });
                } else if let Some(path) = known_folder(expr) {
                    if !seq.is_empty() {
                        // Inside a word (`x$PWD`) it is text only known
                        // at run time.
                        seq.push(Piece::Dynamic(source.to_owned()));
                    } else if path == "." {
                        seq.push(Piece::Pwd(source.to_owned()));
                    } else {
                        seq.push(Piece::Guess(path));
                    }
                } else if !quoted && names_ifs(expr) {
                    seq.push(Piece::Split(source.to_owned()));
                } else {
                    seq.push(Piece::Dynamic(source.to_owned()));
                }
            }
            WordPiece::CommandSubstitution(cmd) | WordPiece::BackquotedCommandSubstitution(cmd) => {
                subs.push(cmd.clone());
                // A name printed by `printf` or `echo` of known words is
                // read as printed: quoted, as written; unquoted, while the
                // shell would neither split nor glob it. Never literal: a
                // function the line defines may take the builtin's name,
                // and `IFS` may split what no blank splits.
                match printed(cmd) {
                    Some(text)
                        if quoted
                            || !text
                                .chars()
                                .any(|c| c.is_whitespace() || matches!(c, '*' | '?' | '[')) =>
                    {
                        seq.push(Piece::Printed(text));
                    }
                    _ => seq.push(Piece::Dynamic(source.to_owned())),
                }
            }
            WordPiece::ArithmeticExpression(expr) => {
                subs.extend(normalize(&expr.value).substitutions);
                seq.push(Piece::Dynamic(source.to_owned()));
            }
        }
    }
}

/// What a command substitution of `printf` or `echo` with known words
/// prints, its trailing newlines dropped as the shell drops them: a name
/// built on the line (`cat "$(printf '%s/.%s' "$HOME" pgpass)"` reads
/// `~/.pgpass`, `> "$(printf /dev/%s sda)"` writes the disk). None when
/// the code is anything else (a pipe, a list, a redirection, another
/// program), a word is only known at run time, or the shells would print
/// it differently.
fn printed(code: &str) -> Option<String> {
    let raws = command_words(code)?;
    // Most substitutions run something else: known before a word is read.
    if !matches!(raws.first()?.as_str(), "printf" | "echo") {
        return None;
    }
    let mut words = Vec::new();
    for raw in raws {
        let mut n = normalize(&raw);
        let word = n.words.pop().filter(|w| w.literal)?;
        if !n.words.is_empty() || !n.substitutions.is_empty() {
            return None;
        }
        words.push(word.value);
    }
    let (name, args) = words.split_first()?;
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let text = match name.as_str() {
        "printf" => super::echo::printf(&args)?,
        "echo" => super::echo::echo(&args),
        _ => return None,
    };
    let text = text.trim_end_matches('\n');
    (!text.contains('\n')).then(|| text.to_owned())
}

/// The raw words of code that is one plain command: split at blanks
/// outside quotes; None at anything that makes it more than one command
/// or redirects it (`;`, `&`, `|`, `<`, `>`, parentheses, backquotes, a
/// comment).
fn command_words(code: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut chars = code.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None | Some('"'), '\\') => {
                word.push(c);
                word.extend(chars.next());
                continue;
            }
            (None, c) if c.is_whitespace() => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                continue;
            }
            (None, ';' | '&' | '|' | '<' | '>' | '(' | ')' | '`' | '#') => return None,
            _ => {}
        }
        word.push(c);
    }
    if quote.is_some() {
        return None;
    }
    if !word.is_empty() {
        out.push(word);
    }
    Some(out)
}

/// The code of each `<(…)` and `>(…)` in text, parentheses matched
/// outside quotes.
fn process_substitutions(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < b.len() {
        if matches!(b[i], b'<' | b'>') && b[i + 1] == b'(' {
            let start = i + 2;
            let (mut depth, mut j, mut quote) = (1usize, start, None);
            while j < b.len() && depth > 0 {
                match (quote, b[j]) {
                    (None, b'\\') => j += 1,
                    (None, q @ (b'\'' | b'"')) => quote = Some(q),
                    (Some(q), c) if c == q => quote = None,
                    (None, b'(') => depth += 1,
                    (None, b')') => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            let end = if depth == 0 { j - 1 } else { b.len() };
            out.extend(text.get(start..end).map(str::to_owned));
            i = end;
        }
        i += 1;
    }
    out
}

/// True when text holds a `$` the shell expands: before `{`, `(`, a name
/// or a special parameter, or zsh's `$=`, `$~` and `$^` (text to bash, an
/// expansion to zsh).
fn expands(text: &str) -> bool {
    let b = text.as_bytes();
    b.windows(2)
        .any(|w| w[0] == b'$' && (w[1].is_ascii_alphanumeric() || b"{(_!#?$@*-=~^".contains(&w[1])))
}

/// `$HOME` and `${HOME}` name the same folder as `~`; so do `${HOME:?}`
/// and `${HOME?msg}`, which stop the line instead when HOME is unset
/// (`rm -rf "${HOME:?}/"` is the careful spelling of deleting home).
fn names_home(expr: &ParameterExpr) -> bool {
    !matches!(expr, ParameterExpr::UseDefaultValues { .. }) && named(expr) == Some("HOME")
}

/// The variable `$NAME`, `${NAME}`, `${NAME:?…}` or `${NAME:-…}` expands.
fn named(expr: &ParameterExpr) -> Option<&str> {
    use brush_parser::word::Parameter::Named;
    match expr {
        ParameterExpr::Parameter {
            parameter: Named(name),
            indirect: false,
        }
        | ParameterExpr::IndicateErrorIfNullOrUnset {
            parameter: Named(name),
            indirect: false,
            ..
        }
        | ParameterExpr::UseDefaultValues {
            parameter: Named(name),
            indirect: false,
            ..
        } => Some(name),
        _ => None,
    }
}

/// The folders the XDG variables (and `ZDOTDIR`) name by default, and
/// `$PWD`: a path through them is judged as the same path through `~` or
/// `.` (`rm -rf "$XDG_CONFIG_HOME/askrisky"` deletes askrisky's config).
fn known_folder(expr: &ParameterExpr) -> Option<&'static str> {
    let name = named(expr)?;
    Some(match name {
        "XDG_CONFIG_HOME" => "~/.config",
        "XDG_STATE_HOME" => "~/.local/state",
        "XDG_DATA_HOME" => "~/.local/share",
        "XDG_CACHE_HOME" => "~/.cache",
        "ZDOTDIR" => "~",
        "PWD" => ".",
        _ => return None,
    })
}

/// `$IFS` and `${IFS:…}` (unquoted, they split the word they are in).
fn names_ifs(expr: &ParameterExpr) -> bool {
    use brush_parser::word::Parameter::Named;
    match expr {
        ParameterExpr::Parameter {
            parameter: Named(name),
            indirect: false,
        }
        | ParameterExpr::Substring {
            parameter: Named(name),
            indirect: false,
            ..
        } => name == "IFS",
        _ => false,
    }
}

/// Builds the final word(s) from a piece sequence, expanding unquoted
/// braces, then splitting at unquoted `$IFS` (the shell's order).
fn expand_braces(seq: &[Piece]) -> Vec<Word> {
    let mut results = Vec::new();
    if brace_expand(seq, &mut results) {
        results.iter().flat_map(|s| split_fields(s)).collect()
    } else {
        // Too many words: keep the word, but do not pretend to know it.
        let mut w = to_word(seq);
        w.literal = false;
        vec![w]
    }
}

/// The words a piece sequence splits into at unquoted `$IFS`. Each piece is
/// marked not literal: IFS may have been emptied earlier on the line, in
/// ways askrisky cannot always see, and then the shell joins the pieces
/// instead. The pieces still show rules the flags and paths they hold.
fn split_fields(seq: &[Piece]) -> Vec<Word> {
    if !seq.iter().any(|p| matches!(p, Piece::Split(_))) {
        return vec![to_word(seq)];
    }
    seq.split(|p| matches!(p, Piece::Split(_)))
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut w = to_word(part);
            w.literal = false;
            w
        })
        .collect()
}

fn to_word(seq: &[Piece]) -> Word {
    let mut w = Word::literal(String::new());
    let mut prev = None;
    for (i, p) in seq.iter().enumerate() {
        match p {
            Piece::Char { c, quoted } => {
                if !quoted && matches!(c, '*' | '?' | '[') {
                    w.glob = true;
                }
                // An extended glob: `!(…)`, `@(…)`, `+(…)`.
                if !quoted && *c == '(' && matches!(prev, Some('!' | '@' | '+')) {
                    w.glob = true;
                }
                prev = (!quoted).then_some(*c);
                w.value.push(*c);
            }
            Piece::Dynamic(raw) | Piece::Split(raw) => {
                w.literal = false;
                w.value.push_str(raw);
            }
            Piece::Guess(path) => {
                w.literal = false;
                w.value.push_str(path);
            }
            Piece::Printed(text) => {
                w.literal = false;
                w.value.push_str(text);
            }
            Piece::Pwd(raw) => {
                let next = seq.get(i + 1);
                if next.is_none() || matches!(next, Some(Piece::Char { c: '/', .. })) {
                    w.value.push('.');
                } else {
                    w.literal = false;
                    w.value.push_str(raw);
                }
            }
        }
    }
    w
}

/// Bash brace expansion over unquoted `{a,b}` and `{1..3}`. Returns false
/// when the result would exceed [`MAX_BRACE_WORDS`].
fn brace_expand(seq: &[Piece], out: &mut Vec<Vec<Piece>>) -> bool {
    let Some((open, close, alternatives)) = find_brace(seq) else {
        out.push(seq.to_vec());
        return out.len() <= MAX_BRACE_WORDS;
    };
    for alt in alternatives {
        let mut next = seq[..open].to_vec();
        next.extend(alt);
        next.extend_from_slice(&seq[close + 1..]);
        if !brace_expand(&next, out) {
            return false;
        }
    }
    true
}

fn is_unquoted(p: &Piece, ch: char) -> bool {
    matches!(p, Piece::Char { c, quoted: false } if *c == ch)
}

/// The first expandable brace: its bounds and the alternatives it yields.
#[allow(clippy::type_complexity)]
fn find_brace(seq: &[Piece]) -> Option<(usize, usize, Vec<Vec<Piece>>)> {
    for open in 0..seq.len() {
        if !is_unquoted(&seq[open], '{') {
            continue;
        }
        // `${` is a parameter expansion, already turned into a dynamic piece.
        let mut depth = 0usize;
        let mut commas = Vec::new();
        for (i, p) in seq.iter().enumerate().skip(open + 1) {
            if is_unquoted(p, '{') {
                depth += 1;
            } else if is_unquoted(p, '}') {
                if depth == 0 {
                    if !commas.is_empty() {
                        let mut alts = Vec::new();
                        let mut start = open + 1;
                        for &c in &commas {
                            alts.push(seq[start..c].to_vec());
                            start = c + 1;
                        }
                        alts.push(seq[start..i].to_vec());
                        return Some((open, i, alts));
                    }
                    if let Some(alts) = sequence(&seq[open + 1..i]) {
                        return Some((open, i, alts));
                    }
                    break;
                }
                depth -= 1;
            } else if depth == 0 && is_unquoted(p, ',') {
                commas.push(i);
            }
        }
    }
    None
}

/// `{1..5}`, `{a..e}`, `{1..9..2}`.
fn sequence(inner: &[Piece]) -> Option<Vec<Vec<Piece>>> {
    let mut text = String::new();
    for p in inner {
        match p {
            Piece::Char { c, quoted: false } => text.push(*c),
            _ => return None,
        }
    }
    let parts: Vec<&str> = text.split("..").collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let step: i64 = match parts.get(2) {
        Some(s) => s.parse().ok()?,
        None => 1,
    };
    let step = step.unsigned_abs().max(1);
    let lit = |s: String| s.chars().map(|c| Piece::Char { c, quoted: true }).collect();
    if let (Ok(a), Ok(b)) = (parts[0].parse::<i64>(), parts[1].parse::<i64>()) {
        let count = a.abs_diff(b) / step + 1;
        if count > MAX_BRACE_WORDS as u64 {
            // Report as one opaque alternative set that overflows the cap.
            return Some(vec![Vec::new(); MAX_BRACE_WORDS + 1]);
        }
        let mut v = Vec::new();
        let mut x = a;
        for _ in 0..count {
            v.push(lit(x.to_string()));
            x = if a <= b {
                x.saturating_add_unsigned(step)
            } else {
                x.saturating_sub_unsigned(step)
            };
        }
        return Some(v);
    }
    let (mut ca, mut cb) = (parts[0].chars(), parts[1].chars());
    if let (Some(a), None, Some(b), None) = (ca.next(), ca.next(), cb.next(), cb.next())
        && a.is_ascii_alphabetic()
        && b.is_ascii_alphabetic()
    {
        let (a, b) = (a as u32, b as u32);
        let range: Vec<u32> = if a <= b {
            (a..=b).step_by(step as usize).collect()
        } else {
            (b..=a).rev().step_by(step as usize).collect()
        };
        return Some(
            range
                .into_iter()
                .filter_map(char::from_u32)
                .map(|c| lit(c.to_string()))
                .collect(),
        );
    }
    None
}

/// Decodes the body of an ANSI-C quoted string (`$'…'`), as bash does.
pub fn decode_ansi_c(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        // A NUL ends the string: bash drops the rest of it.
        if out.ends_with('\0') {
            out.pop();
            break;
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        match e {
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'e' | 'E' => out.push('\x1b'),
            'f' => out.push('\x0c'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\x0b'),
            '\\' | '\'' | '"' | '?' => out.push(e),
            'c' => {
                if let Some(x) = chars.next() {
                    out.push(char::from((x as u8) & 0x1f));
                }
            }
            'x' | 'u' | 'U' => {
                let max = match e {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let digits = take_digits(&mut chars, max, 16);
                if digits.is_empty() {
                    out.push('\\');
                    out.push(e);
                } else if let Some(ch) = u32::from_str_radix(&digits, 16)
                    .ok()
                    .and_then(char::from_u32)
                {
                    out.push(ch);
                }
            }
            '0'..='7' => {
                let mut digits = e.to_string();
                digits.push_str(&take_digits(&mut chars, 2, 8));
                if let Some(ch) = u32::from_str_radix(&digits, 8)
                    .ok()
                    .and_then(|v| char::from_u32(v & 0xff))
                {
                    out.push(ch);
                }
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    if out.ends_with('\0') {
        out.pop();
    }
    out
}

fn take_digits(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    max: usize,
    radix: u32,
) -> String {
    let mut s = String::new();
    while s.len() < max {
        match chars.peek() {
            Some(c) if c.is_digit(radix) => {
                s.push(*c);
                chars.next();
            }
            _ => break,
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// A word quoted whole in single quotes comes out as the parser
        /// makes it.
        #[test]
        fn single_quoted_fast_path_is_the_parser(inner in "[^']{0,24}") {
            let raw = format!("'{inner}'");
            let (fast, slow) = (normalize(&raw), parsed(&raw));
            proptest::prop_assert_eq!(fast.words, slow.words);
            proptest::prop_assert_eq!(fast.substitutions, slow.substitutions);
            proptest::prop_assert_eq!(fast.error, slow.error);
        }
    }

    fn one(raw: &str) -> Word {
        let n = normalize(raw);
        assert_eq!(n.words.len(), 1, "{raw}: {:?}", n.words);
        n.words
            .into_iter()
            .next()
            .unwrap_or_else(|| Word::literal(""))
    }

    #[test]
    fn quote_removal() {
        for (raw, want) in [
            ("rm", "rm"),
            ("r''m", "rm"),
            ("r\"\"m", "rm"),
            ("\\rm", "rm"),
            ("'rm'", "rm"),
            ("\"r\"m", "rm"),
            ("$'\\x72\\x6d'", "rm"),
            ("$'\\162\\155'", "rm"),
            ("$'\\u0072m'", "rm"),
            ("$'a\\'b'", "a'b"),
            ("\"a\\$b\\\"c\"", "a$b\"c"),
            ("\"\\a\"", "\\a"),
            ("a\\\nb", "ab"),
        ] {
            let w = one(raw);
            assert_eq!(w.value, want, "{raw}");
            assert!(w.literal, "{raw}");
        }
    }

    #[test]
    fn home_forms() {
        for raw in [
            "~",
            "$HOME",
            "${HOME}",
            "\"$HOME\"",
            "${HOME:?}",
            "\"${HOME?unset}\"",
        ] {
            assert_eq!(one(raw), Word::literal("~"), "{raw}");
        }
        assert_eq!(one("~/x").value, "~/x");
        assert_eq!(one("\"$HOME/.ssh\"").value, "~/.ssh");
        assert_eq!(one("~root").value, "~root");
        assert_eq!(one("\"${HOME:?}/\"").value, "~/");
        // A default is not the home folder: HOME may be empty or unset.
        assert!(!one("${HOME:-/tmp}").literal);
        // The message is expanded when HOME is unset, so it is still walked.
        let n = normalize("${HOME:?$(id -u)}");
        assert_eq!(n.substitutions, vec!["id -u".to_owned()]);
        // A quoted tilde is just a character, but it still reads as home to
        // the rules; erring toward the stricter reading is deliberate.
        assert_eq!(one("'~'").value, "~");
    }

    /// A name printed by `echo` or `printf` of known words is what rules
    /// read (never literal: see `dynamic_parts`); a versioned
    /// interpreter's code is its language's, not shell.
    #[test]
    fn printed_names_are_known() {
        let shown = |line: &str| -> Vec<String> {
            crate::parse::parse_as(line, crate::parse::Syntax::Bash)
                .commands
                .iter()
                .map(crate::parse::SimpleCommand::display)
                .collect()
        };
        for (line, want) in [
            ("\"$(echo rm)\" -rf x", &["echo rm", "rm -rf x"][..]),
            (
                "dd of=\"$(printf '/dev/%s' sda)\"",
                &["printf /dev/%s sda", "dd of=/dev/sda"],
            ),
            (
                "cat $(echo 'a b')",
                &["echo 'a b'", "cat \"$(echo 'a b')\""],
            ),
            (
                "cat \"$(echo a; echo b)\"",
                &["echo a", "echo b", "cat \"$(echo a; echo b)\""],
            ),
            (
                "ruby3.2 -e 'puts \"rm -rf ~\"'",
                &["ruby3.2 -e 'puts \"rm -rf ~\"'"],
            ),
        ] {
            assert_eq!(shown(line), want, "{line}");
        }
    }

    #[test]
    fn dynamic_parts() {
        for raw in [
            "$cmd",
            "\"$(cat rm)\"",
            "`cat rm`",
            "$(echo 'a b')",
            "\"$(echo rm)\"",
            "$(printf /dev/sda)",
            "$(echo '*')",
            "$(echo \"$X\")",
            "$(printf '\\x41')",
            "$((1+2))",
            "${X:-rm}",
            "~-",
        ] {
            assert!(!one(raw).literal, "{raw}");
        }
        let n = normalize("a$(rm -rf /)b");
        assert_eq!(n.substitutions, vec!["rm -rf /".to_owned()]);
        let n = normalize("${X:-$(rm -rf /)}");
        assert_eq!(n.substitutions, vec!["rm -rf /".to_owned()]);
        let n = normalize("$((1 + $(id -u)))");
        assert_eq!(n.substitutions, vec!["id -u".to_owned()]);
        let n = normalize("`echo \\`ls\\``");
        assert_eq!(n.substitutions, vec!["echo `ls`".to_owned()]);
    }

    #[test]
    fn ifs_splits_words() {
        let split = |raw: &str| -> Vec<(String, bool)> {
            normalize(raw)
                .words
                .into_iter()
                .map(|w| (w.value, w.literal))
                .collect()
        };
        let unknown = |vals: &[&str]| -> Vec<(String, bool)> {
            vals.iter().map(|v| ((*v).to_owned(), false)).collect()
        };
        assert_eq!(split("-rf${IFS}/"), unknown(&["-rf", "/"]));
        assert_eq!(split("rm$IFS-rf$IFS~"), unknown(&["rm", "-rf", "~"]));
        assert_eq!(split("a${IFS:0:1}b"), unknown(&["a", "b"]));
        assert_eq!(split("{a,b}${IFS}c"), unknown(&["a", "c", "b", "c"]));
        assert!(split("$IFS").is_empty());
        // Quoted, IFS is just text in the word: no splitting.
        assert_eq!(split("\"a${IFS}b\""), unknown(&["a${IFS}b"]));
        assert_eq!(split("$IFSX"), unknown(&["$IFSX"]));
    }

    #[test]
    fn globs() {
        assert!(one("/*").glob);
        assert!(one("*.rs").glob);
        assert!(!one("'*'").glob);
        assert!(!one("\"a?\"").glob);
    }

    #[test]
    fn braces() {
        let vals = |raw: &str| -> Vec<String> {
            normalize(raw).words.into_iter().map(|w| w.value).collect()
        };
        assert_eq!(vals("{rm,-rf,/}"), ["rm", "-rf", "/"]);
        assert_eq!(vals("a{b,c}d"), ["abd", "acd"]);
        assert_eq!(vals("x{1..3}"), ["x1", "x2", "x3"]);
        assert_eq!(vals("{a..c}"), ["a", "b", "c"]);
        assert_eq!(vals("'{a,b}'"), ["{a,b}"]);
        assert_eq!(vals("{a}"), ["{a}"]);
        assert_eq!(vals("{a,{b,c}}"), ["a", "b", "c"]);
        let huge = normalize("{1..100000}");
        assert_eq!(huge.words.len(), 1);
        assert!(!huge.words[0].literal);
        let exp = normalize(&"{a,b}".repeat(20));
        assert_eq!(exp.words.len(), 1);
        assert!(!exp.words[0].literal);
    }

    #[test]
    fn ansi_c() {
        assert_eq!(decode_ansi_c("\\e[2K"), "\x1b[2K");
        assert_eq!(decode_ansi_c("\\cA"), "\x01");
        assert_eq!(decode_ansi_c("\\q"), "\\q");
        assert_eq!(decode_ansi_c("\\x"), "\\x");
        assert_eq!(decode_ansi_c("tail\\"), "tail\\");
    }
}

#[cfg(test)]
mod special_parameters {
    use super::normalize;

    #[test]
    fn special_parameters_are_not_literal() {
        for raw in [
            "${!}",
            "${!}probe",
            "${!#a}",
            "${!#hidden x;-@P}",
            "$!",
            "${#}",
            "${?}",
            "${-}",
            "${$}",
        ] {
            let n = normalize(raw);
            assert!(n.words.iter().all(|w| !w.literal), "{raw}: {:?}", n.words);
        }
    }

    #[test]
    fn known_folders_are_named_only_where_they_are_sure() {
        let one = |raw: &str| {
            let n = normalize(raw);
            assert_eq!(n.words.len(), 1, "{raw}");
            let w = &n.words[0];
            (w.value.clone(), w.literal)
        };
        assert_eq!(one("\"$PWD\""), (".".into(), true));
        assert_eq!(one("\"$PWD/src\""), ("./src".into(), true));
        assert_eq!(one("${PWD}/a"), ("./a".into(), true));
        assert_eq!(one("~+"), (".".into(), true));
        assert_eq!(one("~+/../.bashrc"), ("./../.bashrc".into(), true));
        // Another name, or text only known at run time.
        assert!(!one("\"$PWD\"x").1);
        assert!(!one("\"$PWD\":/src").1);
        assert!(!one("x$PWD").1);
        // Usually ~/.config; but it may be set elsewhere, or be empty.
        assert_eq!(
            one("\"$XDG_CONFIG_HOME/askrisky\""),
            ("~/.config/askrisky".into(), false)
        );
        assert!(!one("a$XDG_STATE_HOME").1);
    }

    #[test]
    fn process_substitutions_in_a_default_word_run() {
        let n = normalize("${x:=$<(rm -rf ~)}");
        assert!(n.substitutions.iter().any(|c| c == "rm -rf ~"), "{n:?}");
        assert_eq!(
            super::process_substitutions("a >(tee 'x)' y) <(ls (a))"),
            ["tee 'x)' y", "ls (a)"]
        );
    }
}
