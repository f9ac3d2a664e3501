//! Reading a program the way each shell that may run it reads it.
//!
//! [`Walker::source_as`] reads code once in bash's grammar and, when the
//! code holds a construct another possible shell reads differently (see
//! `shells`), once more in that shell's. The commands of every reading are
//! judged; when the readings' commands differ, askrisky cannot be sure
//! what runs, and says so ([`Problem::Ambiguous`], which asks). A command
//! hidden from one reading is still found by the other, so `rm -rf ~`
//! hidden from bash in a `$'…'` that dash ends early is still refused.
//!
//! Also here: what brush reads differently from bash itself
//! (`((cmd) )`, which bash runs as nested subshells), zsh's precommand
//! modifiers, and code that is parsed up to a syntax error the shell only
//! meets later (each shell runs the complete commands before it).

use std::collections::HashSet;

use super::shells::{Construct, Dialect, Syntax};
use super::walker::Walker;
use super::{Origin, Problem, SimpleCommand, Word, fish};

impl Walker {
    /// Reads `src` as code in `syntax` and walks every reading. Returns the
    /// names of the programs it runs.
    pub(super) fn source_as(
        &mut self,
        syntax: Syntax,
        src: &str,
        origin: Origin,
        depth: u8,
    ) -> Vec<String> {
        let start = self.script.commands.len();
        if syntax == Syntax::Fish {
            match fish::to_posix(src) {
                Ok(posix) => {
                    self.read_as(Dialect::Bash, &posix, origin, depth);
                }
                Err(e) => self.problem(Problem::Unparseable {
                    detail: e.to_string(),
                }),
            }
            return self.names_since(start);
        }
        let dialects = syntax.dialects();
        let Some(&primary) = dialects.first() else {
            return self.names_since(start);
        };
        let mut readings: Vec<(Dialect, Vec<Construct>)> = vec![(primary, Vec::new())];
        for &d in dialects.iter().skip(1) {
            let found = d.constructs(src);
            if !found.is_empty() {
                readings.push((d, found));
            }
        }
        if readings.len() == 1 {
            // No construct read differently: one reading is every shell's.
            // It is walked as zsh's when zsh may run it, for what zsh
            // adds without any construct (`> file` runs cat).
            let d = if dialects.contains(&Dialect::Zsh) {
                Dialect::Zsh
            } else {
                primary
            };
            self.read_as(d, src, origin, depth);
            return self.names_since(start);
        }
        let mut spans = Vec::with_capacity(readings.len());
        for (d, _) in &readings {
            let from = self.script.commands.len();
            self.read_as(*d, src, origin, depth);
            spans.push(from..self.script.commands.len());
        }
        let first = fingerprints(&self.script.commands[spans[0].clone()]);
        let differ: Vec<&(Dialect, Vec<Construct>)> = readings
            .iter()
            .zip(&spans)
            .skip(1)
            .filter(|(_, span)| fingerprints(&self.script.commands[(*span).clone()]) != first)
            .map(|(r, _)| r)
            .collect();
        if differ.is_empty() {
            // The same commands in every reading: keep one.
            self.script.commands.truncate(spans[0].end);
        } else {
            let construct = differ
                .iter()
                .map(|(d, constructs)| {
                    let what: Vec<&str> = constructs.iter().map(|c| c.describe()).collect();
                    format!("{} reads it differently: {}", d.name(), what.join("; "))
                })
                .collect::<Vec<_>>()
                .join(". ");
            self.problem(Problem::Ambiguous { construct });
        }
        self.dedup_files();
        self.names_since(start)
    }

    /// Walks one reading of `src`.
    fn read_as(&mut self, dialect: Dialect, src: &str, origin: Origin, depth: u8) {
        if matches!(dialect, Dialect::Bash | Dialect::BashExtglob)
            && super::shells::glued_array(src.as_bytes())
        {
            self.problem(Problem::Ambiguous {
                construct:
                    "an array assignment with text after its ) (bash reads one assignment word)"
                        .into(),
            });
        }
        if dialect != Dialect::Dash && super::shells::continuation_in_ansi_c(src.as_bytes()) {
            self.problem(Problem::Ambiguous {
                construct: "a backslash before a line break in $'…' (bash and zsh keep both; it is no line continuation there)".into(),
            });
        }
        // `a[x y]=v cmd`: bash and zsh read a subscript with blanks in it
        // as one assignment word and run `cmd`; dash and the parser split
        // it into words, the first of them the program.
        if dialect != Dialect::Dash && super::shells::spaced_subscript(src.as_bytes()) {
            self.problem(Problem::Ambiguous {
                construct: "an array element assignment with blanks in its subscript (bash and zsh read one assignment word)".into(),
            });
        }
        // bash and zsh start no comment at a `#` glued to the `)` of a
        // process substitution (`a>(true)#b | bash` runs bash); the parser
        // does, and would hide the rest of the line.
        if dialect != Dialect::Dash && super::shells::hash_after_process_substitution(src) {
            self.problem(Problem::Ambiguous {
                construct: "a # right after <(…) or >(…) (bash and zsh read it as part of the word, not as a comment)".into(),
            });
        }
        let saved = std::mem::replace(&mut self.code.dialect, dialect);
        if dialect == Dialect::Zsh && super::zsh::evaluates_code(src) {
            self.problem(Problem::DynamicCode {
                program: "zsh".into(),
            });
        }
        self.source(&dialect.restate(src), origin, depth);
        self.code.dialect = saved;
    }

    /// Code handed to `program` (`sh -c`, `eval`, a file run by a shell):
    /// read in the syntax of the shell that runs it. `eval`, `trap`,
    /// `alias`, `source` and the like run code in the shell reading them.
    pub(super) fn source_named(&mut self, program: &str, src: &str, origin: Origin, depth: u8) {
        let syntax = match program {
            "eval" | "trap" | "alias" | "source" | "." | "mapfile" | "readarray" => {
                self.code.dialect.syntax()
            }
            "tcsh" | "csh" => {
                self.problem(Problem::Ambiguous {
                    construct: format!(
                        "code run by {program}, whose grammar askrisky does not read"
                    ),
                });
                Syntax::Unknown
            }
            _ => Syntax::for_program(program),
        };
        self.source_as(syntax, src, origin, depth);
    }

    /// The name a shell command's code is read by: its real shell when the
    /// command names one by an absolute path on this machine (a shim runs
    /// `askrisky exec -- /bin/sh -c LINE`, and `/bin/sh` may be dash or
    /// bash), else the name as written.
    pub(super) fn real_shell(&self, cmd: &SimpleCommand, name: &str) -> String {
        let path = cmd.argv.first().and_then(Word::known).unwrap_or_default();
        if !self.disk.is_on() || !path.starts_with('/') {
            return name.to_owned();
        }
        match Syntax::of_path(std::path::Path::new(path)) {
            Syntax::Unknown => name.to_owned(),
            s => s.shell().to_owned(),
        }
    }

    /// The brush options for the reading being walked.
    pub(super) fn parser_options(&self) -> brush_parser::ParserOptions {
        self.code.dialect.parser_options()
    }

    /// zsh's precommand modifiers (`noglob`, `nocorrect`, `-`) and its
    /// `repeat N`, which run the command after them; `emulate … -c CODE`,
    /// which runs CODE. Only in zsh's reading.
    pub(super) fn zsh_precommand(&mut self, cmd: &SimpleCommand) -> Option<SimpleCommand> {
        if self.code.dialect != Dialect::Zsh {
            return None;
        }
        let name = cmd.argv.first().and_then(Word::known)?;
        let skip = match name {
            "noglob" | "nocorrect" | "-" => 1,
            "repeat" => 2,
            "emulate" => {
                let args = cmd.args();
                if let Some(i) = args.iter().position(|a| a.value == "-c") {
                    // zsh reads options after -c too (`emulate sh -c - CODE`):
                    // every word after it that is not one may be the code.
                    for w in args.get(i + 1..).unwrap_or_default() {
                        if !matches!(w.value.as_str(), "-" | "--") {
                            let code = std::slice::from_ref(w);
                            self.code_words("zsh", code, Origin::ShellString, cmd.depth + 1);
                        }
                    }
                }
                return None;
            }
            _ => return None,
        };
        if cmd.argv.len() < skip || (cmd.argv.len() == skip && cmd.redirects.is_empty()) {
            return None;
        }
        let mut inner = cmd.clone();
        inner.argv = cmd.argv[skip..].to_vec();
        // `repeat 1 ! cmd`: a negation may follow the count.
        if name == "repeat"
            && inner
                .argv
                .first()
                .is_some_and(|w| w.literal && w.value == "!")
        {
            inner.argv.remove(0);
        }
        // `nocorrect IFS=- cmd`: assignments may follow the modifier.
        while let Some(first) = inner.argv.first()
            && let Some((name, value)) = assignment(first)
        {
            inner.assignments.push((name, value));
            inner.argv.remove(0);
        }
        if inner.argv.is_empty() && !inner.redirects.is_empty() {
            // `nocorrect > f`: redirections alone run $NULLCMD.
            inner.argv = vec![Word::literal("cat")];
        }
        inner.via.push(name.to_owned());
        inner.origin = Origin::Wrapper;
        Some(inner)
    }

    /// zsh runs a command of redirections alone with `$NULLCMD` (`cat`),
    /// or `$READNULLCMD` (`more`, `pager` on Debian) for one input: `>
    /// file` runs `cat`. Only in zsh's reading.
    pub(super) fn zsh_null_command(&mut self, cmd: &mut SimpleCommand) {
        if self.code.dialect != Dialect::Zsh
            || !cmd.argv.is_empty()
            || !cmd.assignments.is_empty()
            || cmd.redirects.is_empty()
        {
            return;
        }
        let input_only = cmd.redirects.len() == 1 && cmd.redirects[0].op.reads();
        if input_only {
            for pager in ["more", "pager"] {
                let mut reader = cmd.clone();
                reader.argv = vec![Word::literal(pager)];
                self.resolve(reader);
            }
        }
        cmd.argv = vec![Word::literal("cat")];
    }

    /// `((…) )` and `( (…) )`: brush reads arithmetic, bash (and zsh) read
    /// nested subshells unless the two opening and the two closing
    /// parentheses touch. `loc` is the command's place in the code being
    /// walked.
    pub(super) fn arithmetic_or_subshell(
        &mut self,
        loc: &brush_parser::SourceSpan,
        origin: Origin,
        depth: u8,
    ) {
        let text: String = self
            .code
            .text
            .chars()
            .skip(loc.start.index)
            .take(loc.end.index.saturating_sub(loc.start.index))
            .collect();
        if !(text.starts_with("((") && text.ends_with("))")) && text.starts_with('(') {
            // A line break between the parentheses: brush reads no
            // arithmetic there either.
            self.source(&format!("(\n{}", &text[1..]), origin, depth);
        } else if self.code.dialect == Dialect::Zsh
            && text.len() >= 4
            && !plausible_arithmetic(&text[2..text.len() - 2])
        {
            // zsh runs some `((…))` that are no arithmetic as nested
            // subshells (`((rm -x ]]~))`): read them as that too.
            self.source(&format!("(\n{}", &text[1..]), origin, depth);
        }
    }

    /// Parses the longest part of `src` before a syntax error found on
    /// `line` (1-based; `usize::MAX` for the end) that ends at a line
    /// break, and walks it: a shell runs the complete commands before the
    /// line it cannot parse.
    pub(super) fn salvage(&mut self, src: &str, line: usize, origin: Origin, depth: u8) {
        // Where lines 2, 3, … start: the ends of the candidate prefixes.
        let starts: Vec<usize> = src.match_indices('\n').map(|(i, _)| i + 1).collect();
        let candidates = line.saturating_sub(1).min(starts.len());
        for &end in starts[..candidates].iter().rev().take(MAX_SALVAGE_TRIES) {
            let prefix = &src[..end];
            let options = self.parser_options();
            let parsed = super::guarded(|| {
                brush_parser::Parser::new(prefix.as_bytes(), &options).parse_program()
            });
            if let Some(Ok(_)) = parsed {
                self.source(prefix, origin, depth);
                return;
            }
        }
    }

    /// bash's `time` keyword before a pipeline is, to dash, the program
    /// `time` running the first command: reported in every reading as that
    /// program, so the readings agree and the program is seen.
    /// The first command is the pipeline's own (at `depth`), not one a
    /// substitution in its words ran first (`time cargo test --x$(true)`).
    pub(super) fn timed(
        &mut self,
        timed: Option<&brush_parser::ast::PipelineTimed>,
        at: usize,
        depth: u8,
    ) {
        let Some(first) = self
            .script
            .commands
            .iter()
            .skip(at)
            .find(|c| c.depth == depth)
        else {
            return;
        };
        if first.argv.is_empty() && first.assignments.is_empty() {
            return;
        }
        let mut cmd = first.clone();
        let mut argv = vec![Word::literal("time")];
        if matches!(
            timed,
            Some(brush_parser::ast::PipelineTimed::TimedWithPosixOutput(_))
        ) {
            argv.push(Word::literal("-p"));
        }
        // To the program, `time X=1 cmd` has the argument `X=1`, which
        // GNU time then runs as a program.
        for (name, value) in &first.assignments {
            let mut w = value.clone();
            w.value = format!("{name}={}", value.value);
            argv.push(w);
        }
        cmd.assignments.clear();
        argv.extend(first.argv.iter().cloned());
        cmd.argv = argv;
        cmd.via.clear();
        self.resolve(cmd);
    }

    fn dedup_files(&mut self) {
        let mut seen = HashSet::new();
        self.script
            .files
            .retain(|f| seen.insert((f.path.clone(), f.text.clone())));
    }
}

/// True when `body` parses as an arithmetic expression once each
/// expansion in it (`$x`, `${…}`, `$(…)`, backquotes) is taken for a number.
fn plausible_arithmetic(body: &str) -> bool {
    // Past the bound the parser's recursion could overflow the stack: read
    // as subshells, which the depth bounds then judge.
    if super::depth::arithmetic_depth(body) > super::MAX_SYNTAX_DEPTH {
        return false;
    }
    let b = body.as_bytes();
    let mut s = String::with_capacity(body.len());
    let mut i = 0;
    while i < b.len() {
        match (b[i], b.get(i + 1)) {
            (b'$', Some(&open @ (b'(' | b'{'))) => {
                let close = if open == b'(' { b')' } else { b'}' };
                let mut depth = 0usize;
                let mut j = i + 1;
                while j < b.len() {
                    if b[j] == open {
                        depth += 1;
                    } else if b[j] == close {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    j += 1;
                }
                s.push('0');
                i = j + 1;
            }
            (b'$', Some(c)) if c.is_ascii_alphanumeric() || b"_#?@*!$-".contains(c) => {
                let mut j = i + 2;
                while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                    j += 1;
                }
                s.push('0');
                i = j;
            }
            (b'`', _) => {
                let end = b[i + 1..].iter().position(|&c| c == b'`');
                s.push('0');
                i = end.map_or(b.len(), |p| i + p + 2);
            }
            _ => {
                s.push(b[i] as char);
                i += 1;
            }
        }
    }
    brush_parser::arithmetic::parse(&s).is_ok()
}

/// How many earlier line breaks are tried before giving up on a prefix.
const MAX_SALVAGE_TRIES: usize = 8;

/// What a reading runs, comparable across readings: each command's words,
/// settings and redirections, as a set.
fn fingerprints(commands: &[SimpleCommand]) -> Vec<String> {
    let mut all: Vec<String> = commands
        .iter()
        .map(|c| {
            let mut s = String::new();
            for w in &c.argv {
                s.push_str(&w.value);
                s.push(if w.literal { '\u{1f}' } else { '\u{1e}' });
            }
            for (n, v) in &c.assignments {
                s.push_str(n);
                s.push('=');
                s.push_str(&v.value);
                s.push('\u{1d}');
            }
            for r in &c.redirects {
                s.push_str(&format!("{:?}{:?}{}\u{1c}", r.fd, r.op, r.target.value));
            }
            // A command one reading runs and another only may run.
            if c.possible {
                s.push('\u{1b}');
            }
            s
        })
        .collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// A word that is an assignment where the shell reads one (`NAME=value`,
/// `NAME[sub]=value`): the name and the value.
fn assignment(w: &Word) -> Option<(String, Word)> {
    let (name, value) = w.value.split_once('=')?;
    let base = name.split_once('[').map_or(name, |(b, _)| b);
    let ident = base
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && base.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (ident && (name == base || name.ends_with(']'))).then(|| {
        let mut v = w.clone();
        v.value = value.to_owned();
        (name.to_owned(), v)
    })
}
