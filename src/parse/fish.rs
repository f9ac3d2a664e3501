//! Fish: a line typed at fish, restated in the POSIX shell grammar the rest
//! of askrisky reads.
//!
//! Only the fish guard (`askrisky guard --fish`) uses this: fish's syntax is
//! not the POSIX shell's (`echo (date)`, `for f in *; …; end`, `and`/`or`),
//! and without it every such line would be "unparseable" and ask. The
//! restatement keeps what the analysis needs — every command with its
//! words, substitution, pipe and redirection, in order — not fish's exact
//! run-time meaning: `and`/`or` lose their condition (the command may run,
//! which is what the danger set assumes anyway), `$list[2]` loses its index.
//!
//! Threat: a translation that guessed could hide a command from the danger
//! set. So anything this does not know for certain is an error, and the
//! caller turns errors into "unparseable", which asks.
//!
//! The syntax is fish 3.0's and later (`^` is an ordinary character, `&&`
//! and `||` are operators, `&` inside a word is part of it).

use thiserror::Error;

use super::MAX_SYNTAX_DEPTH;

/// A fish line askrisky cannot restate.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("fish syntax askrisky cannot read: {0}")]
pub struct FishError(String);

fn err<T>(what: impl Into<String>) -> Result<T, FishError> {
    Err(FishError(what.into()))
}

/// Restates a fish command line in the POSIX shell grammar.
pub fn to_posix(line: &str) -> Result<String, FishError> {
    let mut t = Translator {
        s: line.chars().collect(),
        i: 0,
    };
    t.list(0)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    Begin,
    If,
    Loop,
    Function,
    Switch { case_open: bool },
}

/// What goes between the statement just written and the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sep {
    /// Nothing written yet since an opener (`then`, `do`, `{`, `in`).
    None,
    /// A statement ended: `; ` before the next.
    Semi,
    /// A statement ended with `&`: a space is enough.
    Space,
}

/// One job list's output: the text and where it stands.
struct Out {
    text: String,
    sep: Sep,
    /// The body of the innermost open block has no statement yet.
    body_empty: bool,
    /// Opens the body when the current statement ends (`then `, `do `).
    pending: Option<&'static str>,
    blocks: Vec<Block>,
}

impl Out {
    /// Starts a statement: the separator the last one left, if any.
    fn start(&mut self) {
        match self.sep {
            Sep::None => {}
            Sep::Semi => self.text.push_str("; "),
            Sep::Space => self.text.push(' '),
        }
        self.sep = Sep::None;
        self.body_empty = false;
    }

    /// Opens a body: nothing separates it from its opener.
    fn open(&mut self, opener: &str) {
        self.text.push_str(opener);
        self.sep = Sep::None;
        self.body_empty = true;
    }

    /// The end of a statement (`;`, newline).
    fn terminate(&mut self) {
        if let Some(opener) = self.pending.take() {
            self.text.push_str("; ");
            self.open(opener);
        }
    }

    /// Makes sure a body has a command (the POSIX grammar needs one).
    fn fill_empty_body(&mut self) {
        if self.body_empty {
            self.start();
            self.text.push(':');
            self.sep = Sep::Semi;
        }
    }

    /// Ends a body before `else`, `elif` or a closing keyword.
    fn end_body(&mut self) {
        self.fill_empty_body();
        match self.sep {
            Sep::Space => self.text.push(' '),
            _ => self.text.push_str("; "),
        }
        self.sep = Sep::None;
    }

    fn new() -> Self {
        Self {
            text: String::new(),
            sep: Sep::None,
            body_empty: false,
            pending: None,
            blocks: Vec::new(),
        }
    }
}

struct Translator {
    s: Vec<char>,
    i: usize,
}

/// Characters written unquoted as they are: fish and the POSIX shell
/// agree on them (globs and brace expansion included).
fn plain(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_-./,:=+@%*?~{}".contains(c)
}

/// Ends a word outside quotes.
fn ends_word(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | ';' | '|' | '<' | '>' | ')')
}

/// Words the POSIX grammar reserves in command position that fish does
/// not (fish's own keywords are handled before this).
fn is_posix_reserved(w: &str) -> bool {
    matches!(
        w,
        "then"
            | "do"
            | "done"
            | "fi"
            | "esac"
            | "elif"
            | "in"
            | "select"
            | "until"
            | "coproc"
            | "{"
            | "}"
            | "[["
            | "]]"
    )
}

/// Keywords that start a statement's command.
fn is_decoration(w: &str) -> bool {
    matches!(w, "command" | "builtin" | "exec" | "time")
}

/// Writes `c` so that the POSIX shell reads it as that literal character.
fn push_literal(out: &mut String, c: char) {
    if plain(c) {
        out.push(c);
    } else if c.is_control() {
        // ANSI-C quoting: `$'\x1b'`.
        let mut buf = [0u8; 4];
        out.push_str("$'");
        for b in c.encode_utf8(&mut buf).bytes() {
            out.push_str(&format!("\\x{b:02x}"));
        }
        out.push('\'');
    } else {
        out.push('\\');
        out.push(c);
    }
}

/// Writes `c` inside POSIX double quotes.
fn push_in_dquotes(out: &mut String, c: char) {
    if matches!(c, '\\' | '$' | '`' | '"') {
        out.push('\\');
    }
    out.push(c);
}

/// A word of a statement.
struct WordOut {
    text: String,
    /// The word as written, when it is only unquoted plain characters: a
    /// keyword candidate.
    bare: Option<String>,
}

impl Translator {
    fn peek(&self) -> Option<char> {
        self.s.get(self.i).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.s.get(self.i + n).copied()
    }

    /// Spaces, tabs and escaped newlines.
    fn skip_blanks(&mut self) {
        loop {
            match self.peek() {
                Some(' ' | '\t') => self.i += 1,
                Some('\\') if self.peek_at(1) == Some('\n') => self.i += 2,
                _ => return,
            }
        }
    }

    /// A job list: up to the end of the line, or (inside a command
    /// substitution, `depth > 0`) up to and including its `)`.
    fn list(&mut self, depth: usize) -> Result<String, FishError> {
        if depth > MAX_SYNTAX_DEPTH {
            return err("nested too deeply");
        }
        let mut o = Out::new();
        loop {
            self.skip_blanks();
            match self.peek() {
                None if depth > 0 => return err("a `(` is not closed"),
                None => break,
                Some(')') if depth > 0 => {
                    self.i += 1;
                    break;
                }
                Some(')') => return err("unexpected `)`"),
                Some('\n' | ';') => {
                    self.i += 1;
                    o.terminate();
                }
                Some('#') => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.i += 1;
                    }
                }
                Some(_) => self.statement(&mut o, depth)?,
            }
        }
        o.terminate();
        if let Some(b) = o.blocks.last() {
            return err(format!("a {} block is not closed with `end`", name(*b)));
        }
        Ok(o.text)
    }

    /// One statement, up to (not including) its terminator.
    fn statement(&mut self, o: &mut Out, depth: usize) -> Result<(), FishError> {
        if let Some(Block::Switch { case_open: false }) = o.blocks.last() {
            // Only `case` (or `end`) may follow `switch`.
            let w = self.peek_bare();
            if !matches!(w.as_deref(), Some("case" | "end")) {
                return err("only `case` may follow `switch`");
            }
        }
        let mut command_position = true;
        let mut started = false;
        loop {
            self.skip_blanks();
            let Some(c) = self.peek() else { break };
            match c {
                '\n' | ';' | ')' => break,
                '#' => break,
                '|' => {
                    self.need_command_before(started, "|")?;
                    if self.peek_at(1) == Some('|') {
                        self.i += 2;
                        o.text.push_str(" ||");
                    } else {
                        self.i += 1;
                        o.text.push_str(" |");
                    }
                    command_position = true;
                    continue;
                }
                '&' => match self.peek_at(1) {
                    Some('&') => {
                        self.need_command_before(started, "&&")?;
                        self.i += 2;
                        o.text.push_str(" &&");
                        command_position = true;
                        continue;
                    }
                    Some('|') => {
                        self.need_command_before(started, "&|")?;
                        self.i += 2;
                        o.text.push_str(" 2>&1 |");
                        command_position = true;
                        continue;
                    }
                    Some('>') => {
                        let lead = started;
                        if !started {
                            o.start();
                            started = true;
                        }
                        self.i += 2;
                        let op = if self.peek() == Some('>') {
                            self.i += 1;
                            "&>>"
                        } else {
                            "&>"
                        };
                        self.redirect_target(o, op, lead, depth)?;
                        continue;
                    }
                    _ => {
                        self.need_command_before(started, "&")?;
                        self.i += 1;
                        o.text.push_str(" &");
                        o.sep = Sep::Space;
                        // `&` ends the statement like `;` does.
                        o.terminate();
                        return Ok(());
                    }
                },
                _ => {}
            }
            if let Some(op) = self.redirection()? {
                let lead = started;
                if op.ends_with('|') {
                    self.need_command_before(started, &op)?;
                    command_position = true;
                } else if !started {
                    // `>out echo hi`: a redirection may come first.
                    o.start();
                    started = true;
                }
                self.redirect_target(o, &op, lead, depth)?;
                continue;
            }
            let w = self.word(depth)?;
            if command_position {
                match self.keyword(o, &w, started, depth)? {
                    Keyword::Done => return Ok(()),
                    Keyword::Prefix => {
                        started = true;
                        continue;
                    }
                    Keyword::Skip => continue,
                    Keyword::NotOne => {}
                }
            }
            if !started {
                o.start();
                started = true;
            } else {
                o.text.push(' ');
            }
            match w.bare.as_deref() {
                // A word the POSIX grammar reserves, where fish runs a
                // command of that name: quoted, so it cannot reshape the
                // restated line.
                Some(r) if command_position && is_posix_reserved(r) => {
                    o.text.push_str(&format!("'{r}'"));
                }
                _ => o.text.push_str(&w.text),
            }
            command_position = false;
        }
        if started && o.sep == Sep::None {
            o.sep = Sep::Semi;
        }
        Ok(())
    }

    fn need_command_before(&self, started: bool, op: &str) -> Result<(), FishError> {
        if started {
            Ok(())
        } else {
            err(format!("`{op}` with no command before it"))
        }
    }

    /// Handles a keyword in command position.
    fn keyword(
        &mut self,
        o: &mut Out,
        w: &WordOut,
        started: bool,
        depth: usize,
    ) -> Result<Keyword, FishError> {
        let Some(bare) = w.bare.as_deref() else {
            return Ok(Keyword::NotOne);
        };
        // Block keywords only open a statement; after `command`, `not`,
        // `|`, … they are ordinary words (fish rejects most such lines).
        let first = !started;
        match bare {
            // `and`/`or` make the statement conditional; it may still run.
            "and" | "or" if first => Ok(Keyword::Skip),
            "not" | "!" => {
                if first {
                    o.start();
                } else {
                    o.text.push(' ');
                }
                o.text.push('!');
                Ok(Keyword::Prefix)
            }
            // fish's eval runs fish code, which the analysis would read as
            // POSIX shell code.
            "eval" => err("fish's `eval`"),
            w if is_decoration(w) => {
                if first {
                    o.start();
                } else {
                    o.text.push(' ');
                }
                o.text.push_str(w);
                Ok(Keyword::Prefix)
            }
            "begin" if first => {
                o.start();
                o.blocks.push(Block::Begin);
                o.open("{ ");
                Ok(Keyword::Done)
            }
            "if" | "while" if first => {
                o.start();
                let (kind, opener) = if bare == "if" {
                    (Block::If, "then ")
                } else {
                    (Block::Loop, "do ")
                };
                o.blocks.push(kind);
                o.text.push_str(bare);
                o.pending = Some(opener);
                Ok(Keyword::Prefix)
            }
            "else" if first => {
                if o.blocks.last() != Some(&Block::If) {
                    return err("`else` outside an `if`");
                }
                o.end_body();
                if self.peek_bare().as_deref() == Some("if") {
                    self.skip_blanks();
                    self.word(depth)?;
                    o.text.push_str("elif");
                    o.body_empty = false;
                    o.pending = Some("then ");
                    Ok(Keyword::Prefix)
                } else {
                    o.open("else ");
                    Ok(Keyword::Done)
                }
            }
            "for" if first => {
                o.start();
                self.skip_blanks();
                let var = self.word(depth)?;
                let name = var.bare.filter(|v| {
                    !v.is_empty()
                        && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                        && !v.starts_with(|c: char| c.is_ascii_digit())
                });
                let Some(name) = name else {
                    return err("`for` needs a variable name");
                };
                self.skip_blanks();
                if self.word(depth)?.bare.as_deref() != Some("in") {
                    return err("`for` needs `in`");
                }
                o.blocks.push(Block::Loop);
                o.text.push_str(&format!("for {name} in"));
                o.pending = Some("do ");
                // The list is ordinary words.
                self.words_to_end(o, depth)?;
                Ok(Keyword::Done)
            }
            "function" if first => {
                o.start();
                self.skip_blanks();
                let name = self.word(depth)?.bare.filter(|n| {
                    !n.is_empty()
                        && !n.starts_with('-')
                        && n.chars()
                            .all(|c| c.is_ascii_alphanumeric() || "_-.:".contains(c))
                });
                let Some(name) = name else {
                    return err("`function` needs a plain name");
                };
                // Options (`--on-event`, `-a names`) do not run anything
                // now, but one that holds a substitution would.
                let mut options = Out::new();
                self.words_to_end(&mut options, depth)?;
                if options.text.contains('$') || options.text.contains('`') {
                    return err("`function` options with expansions");
                }
                o.blocks.push(Block::Function);
                o.open(&format!("{name}() {{ "));
                Ok(Keyword::Done)
            }
            "switch" if first => {
                o.start();
                self.skip_blanks();
                let value = self.word(depth)?;
                o.text.push_str(&format!("case {} in ", value.text));
                o.blocks.push(Block::Switch { case_open: false });
                o.sep = Sep::None;
                self.expect_end_of_statement("switch")?;
                Ok(Keyword::Done)
            }
            "case" if first => {
                let Some(Block::Switch { case_open }) = o.blocks.last().copied() else {
                    return err("`case` outside a `switch`");
                };
                if case_open {
                    o.fill_empty_body();
                    o.text.push_str(" ;; ");
                }
                let mut patterns = Vec::new();
                loop {
                    self.skip_blanks();
                    match self.peek() {
                        None | Some('\n' | ';' | ')' | '#') => break,
                        Some(_) => patterns.push(self.word(depth)?.text),
                    }
                }
                if patterns.is_empty() {
                    return err("`case` needs a pattern");
                }
                if let Some(b) = o.blocks.last_mut() {
                    *b = Block::Switch { case_open: true };
                }
                o.open(&format!("{}) ", patterns.join("|")));
                Ok(Keyword::Done)
            }
            "end" if first => {
                let Some(block) = o.blocks.pop() else {
                    return err("`end` with no block to close");
                };
                let closer = match block {
                    Block::Begin | Block::Function => "}",
                    Block::If => "fi",
                    Block::Loop => "done",
                    Block::Switch { case_open: true } => {
                        o.fill_empty_body();
                        o.text.push_str(" ;; esac");
                        ""
                    }
                    Block::Switch { case_open: false } => {
                        o.text.push_str("esac");
                        ""
                    }
                };
                if !closer.is_empty() {
                    o.end_body();
                    o.text.push_str(closer);
                }
                o.body_empty = false;
                o.sep = Sep::None;
                // Redirections and pipes may follow `end`.
                Ok(Keyword::Prefix)
            }
            "end" | "else" | "case" | "begin" | "if" | "while" | "for" | "function" | "switch" => {
                err(format!("`{bare}` in the middle of a statement"))
            }
            _ => Ok(Keyword::NotOne),
        }
    }

    /// The rest of a statement as plain argument words.
    fn words_to_end(&mut self, o: &mut Out, depth: usize) -> Result<(), FishError> {
        loop {
            self.skip_blanks();
            match self.peek() {
                None | Some('\n' | ';' | ')' | '#') => return Ok(()),
                Some('|' | '&' | '<' | '>') => return err("an operator in a block header"),
                Some(_) => {
                    let w = self.word(depth)?;
                    o.text.push(' ');
                    o.text.push_str(&w.text);
                }
            }
        }
    }

    fn expect_end_of_statement(&mut self, what: &str) -> Result<(), FishError> {
        self.skip_blanks();
        match self.peek() {
            None | Some('\n' | ';' | '#') => Ok(()),
            _ => err(format!("`{what}` takes one word")),
        }
    }

    /// The next word if it is bare (plain characters only), without
    /// consuming it.
    fn peek_bare(&mut self) -> Option<String> {
        let at = self.i;
        self.skip_blanks();
        let start = self.i;
        while self.peek().is_some_and(plain) {
            self.i += 1;
        }
        let end = self.i;
        let bare = start < end && self.peek().is_none_or(|c| ends_word(c) || c == '&');
        self.i = at;
        bare.then(|| self.s[start..end].iter().collect())
    }

    /// A redirection operator at the cursor (`>`, `2>>`, `<`, `>?`, `2>&1`,
    /// `>&-`), restated; `None` if there is none.
    fn redirection(&mut self) -> Result<Option<String>, FishError> {
        let mut n = 0;
        while self.peek_at(n).is_some_and(|c| c.is_ascii_digit()) {
            n += 1;
        }
        let Some(arrow @ ('<' | '>')) = self.peek_at(n) else {
            return Ok(None);
        };
        let fd: String = self.s[self.i..self.i + n].iter().collect();
        self.i += n + 1;
        let mut op = format!("{fd}{arrow}");
        if arrow == '>' {
            match self.peek() {
                Some('>') => {
                    self.i += 1;
                    op.push('>');
                }
                // `>?`: only if the file does not exist; still a write.
                Some('?') => self.i += 1,
                // `2>|`: pipe that descriptor.
                Some('|') => {
                    self.i += 1;
                    return Ok(Some(format!("{fd}>&1 |")));
                }
                _ => {}
            }
        }
        if self.peek() == Some('&') {
            self.i += 1;
            op.push('&');
            let mut target = String::new();
            while let Some(c) = self.peek().filter(|c| c.is_ascii_digit() || *c == '-') {
                target.push(c);
                self.i += 1;
            }
            if target.is_empty() {
                return err(format!("`{op}` needs a descriptor"));
            }
            op.push_str(&target);
            return Ok(Some(op));
        }
        Ok(Some(format!("{op} ")))
    }

    /// Writes a redirection (after a space if `lead`) and its target word.
    fn redirect_target(
        &mut self,
        o: &mut Out,
        op: &str,
        lead: bool,
        depth: usize,
    ) -> Result<(), FishError> {
        if lead {
            o.text.push(' ');
        }
        o.text.push_str(op.trim_end());
        if op.ends_with(|c: char| c.is_ascii_digit() || c == '-' || c == '|') {
            return Ok(());
        }
        self.skip_blanks();
        match self.peek() {
            None | Some('\n' | ';' | ')' | '|' | '&' | '<' | '>') => {
                err(format!("`{}` needs a file", op.trim_end()))
            }
            Some(_) => {
                o.text.push(' ');
                o.text.push_str(&self.word(depth)?.text);
                Ok(())
            }
        }
    }

    /// One word outside quotes, with its quoted parts and expansions.
    fn word(&mut self, depth: usize) -> Result<WordOut, FishError> {
        let start = self.i;
        let mut text = String::new();
        let mut bare = true;
        while let Some(c) = self.peek() {
            if ends_word(c) {
                break;
            }
            match c {
                '&' => match self.peek_at(1) {
                    // `&&`, `&|`, `&>` and a backgrounding `&` end the word;
                    // any other `&` is part of it.
                    None | Some('&' | '|' | '>' | ' ' | '\t' | '\n' | ';' | ')') => break,
                    Some(_) => {
                        self.i += 1;
                        text.push_str("\\&");
                        bare = false;
                    }
                },
                '\'' => {
                    self.i += 1;
                    self.single_quoted(&mut text)?;
                    bare = false;
                }
                '"' => {
                    self.i += 1;
                    self.double_quoted(&mut text, depth)?;
                    bare = false;
                }
                '\\' => {
                    self.i += 1;
                    self.escape(&mut text)?;
                    bare = false;
                }
                '$' => {
                    self.dollar(&mut text, depth)?;
                    bare = false;
                }
                '(' => {
                    self.i += 1;
                    let inner = self.list(depth + 1)?;
                    text.push_str(&format!("$({inner})"));
                    bare = false;
                }
                c => {
                    self.i += 1;
                    push_literal(&mut text, c);
                    if !plain(c) && c != '!' && c != '[' && c != ']' {
                        bare = false;
                    }
                }
            }
        }
        if self.i == start {
            return err("a word was expected");
        }
        let bare = bare.then(|| self.s[start..self.i].iter().collect());
        Ok(WordOut { text, bare })
    }

    /// `'…'` after the opening quote: only `\'` and `\\` are escapes.
    fn single_quoted(&mut self, out: &mut String) -> Result<(), FishError> {
        let mut raw = String::new();
        loop {
            match self.peek() {
                None => return err("a `'` is not closed"),
                Some('\'') => {
                    self.i += 1;
                    break;
                }
                Some('\\') if matches!(self.peek_at(1), Some('\'' | '\\')) => {
                    raw.extend(self.peek_at(1));
                    self.i += 2;
                }
                Some(c) => {
                    raw.push(c);
                    self.i += 1;
                }
            }
        }
        out.push('\'');
        out.push_str(&raw.replace('\'', "'\\''"));
        out.push('\'');
        Ok(())
    }

    /// `"…"` after the opening quote: `$var` and `$(…)` expand; `\"`,
    /// `\$`, `\\` and an escaped newline are escapes.
    fn double_quoted(&mut self, out: &mut String, depth: usize) -> Result<(), FishError> {
        out.push('"');
        loop {
            match self.peek() {
                None => return err("a `\"` is not closed"),
                Some('"') => {
                    self.i += 1;
                    break;
                }
                Some('\\') => match self.peek_at(1) {
                    Some(c @ ('"' | '$' | '\\')) => {
                        self.i += 2;
                        push_in_dquotes(out, c);
                    }
                    Some('\n') => self.i += 2,
                    _ => {
                        self.i += 1;
                        push_in_dquotes(out, '\\');
                    }
                },
                Some('$') => self.dollar(out, depth)?,
                Some(c) => {
                    self.i += 1;
                    push_in_dquotes(out, c);
                }
            }
        }
        out.push('"');
        Ok(())
    }

    /// `$name`, `$name[…]`, `$$name` or `$(…)` at the cursor.
    fn dollar(&mut self, out: &mut String, depth: usize) -> Result<(), FishError> {
        let mut dollars = 0;
        while self.peek() == Some('$') {
            dollars += 1;
            self.i += 1;
        }
        if dollars == 1 && self.peek() == Some('(') {
            self.i += 1;
            let inner = self.list(depth + 1)?;
            out.push_str(&format!("$({inner})"));
            return Ok(());
        }
        let mut name = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            name.push(c);
            self.i += 1;
        }
        if name.is_empty() {
            return err("`$` without a variable name");
        }
        // `$$name` takes the value of the variable `$name` names.
        if dollars > 1 {
            out.push_str(&format!("${{!{name}}}"));
        } else {
            out.push_str(&format!("${{{name}}}"));
        }
        if self.peek() == Some('[') {
            // An index picks elements: dropped, as long as nothing in it runs.
            self.i += 1;
            loop {
                match self.peek() {
                    None => return err("a `[` is not closed"),
                    Some(']') => {
                        self.i += 1;
                        break;
                    }
                    Some('(') => return err("a substitution in an index"),
                    Some('$') if self.peek_at(1) == Some('(') => {
                        return err("a substitution in an index");
                    }
                    Some(c) if c.is_ascii_alphanumeric() || " .-_$".contains(c) => self.i += 1,
                    Some(c) => return err(format!("`{c}` in an index")),
                }
            }
        }
        Ok(())
    }

    /// A backslash escape outside quotes, after the backslash.
    fn escape(&mut self, out: &mut String) -> Result<(), FishError> {
        let Some(c) = self.peek() else {
            return err("a `\\` at the end of the line");
        };
        self.i += 1;
        let ch = match c {
            '\n' => return Ok(()),
            'a' => '\x07',
            'b' => '\x08',
            'e' => '\x1b',
            'f' => '\x0c',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'v' => '\x0b',
            'x' | 'X' => self.code_point(16, 2)?,
            'u' => self.code_point(16, 4)?,
            'U' => self.code_point(16, 8)?,
            '0'..='7' => {
                self.i -= 1;
                self.code_point(8, 3)?
            }
            'c' => {
                let Some(k) = self.peek() else {
                    return err("`\\c` needs a letter");
                };
                self.i += 1;
                char::from_u32(u32::from(k) & 0x1f).unwrap_or('\0')
            }
            other => other,
        };
        if ch == '\0' {
            return err("a NUL character");
        }
        push_literal(out, ch);
        Ok(())
    }

    /// Up to `max` digits in `radix`, as a character.
    fn code_point(&mut self, radix: u32, max: usize) -> Result<char, FishError> {
        let mut v: u32 = 0;
        let mut n = 0;
        while n < max {
            let Some(d) = self.peek().and_then(|c| c.to_digit(radix)) else {
                break;
            };
            v = v.saturating_mul(radix).saturating_add(d);
            self.i += 1;
            n += 1;
        }
        if n == 0 {
            return err("an escape without digits");
        }
        char::from_u32(v).ok_or_else(|| FishError("an escape that is not a character".into()))
    }
}

/// What a command-position word turned out to be.
enum Keyword {
    /// Not a keyword: an ordinary command word.
    NotOne,
    /// Written; the command word is still to come.
    Prefix,
    /// Nothing to write; the command word is still to come.
    Skip,
    /// The statement is complete.
    Done,
}

fn name(b: Block) -> &'static str {
    match b {
        Block::Begin => "`begin`",
        Block::If => "`if`",
        Block::Loop => "loop",
        Block::Function => "`function`",
        Block::Switch { .. } => "`switch`",
    }
}

#[cfg(test)]
mod tests;
