//! Parse: a command line ─► every simple command it can run.
//!
//! The line is parsed as a real shell program by brush (see
//! `docs/design/parser.md` for why brush and not tree-sitter or word
//! splitting). The walker then visits every place a command can hide:
//! pipelines, `&&`/`||`/`;` lists, subshells, brace groups, `if`/`for`/
//! `while`/`case`, function bodies, `$(…)`, backticks, process substitution,
//! arithmetic, `[[ ]]`, heredoc bodies, the strings given to `bash -c`,
//! `eval`, `ssh host '…'`, `su -c`, `watch`, `alias`, `trap`, and the
//! commands behind wrappers (`sudo`, `env`, `xargs`, `find -exec`, …).
//!
//! Nothing here decides anything. What could not be known — a line that
//! does not parse, a command name computed at run time, nesting past the
//! bound — is reported as a [`Problem`], and the danger module turns every
//! problem into "ask".

pub mod fish;
pub mod programs;
pub mod word;
pub mod zsh;

use brush_parser::ast;
use serde::Serialize;

pub use word::Word;

/// How many times a string may be re-parsed as a program inside another
/// (`bash -c "eval '…'"`) before askrisky stops and asks.
pub const MAX_NESTING: u8 = 16;
/// Bracket and keyword depth past which a line is not handed to the parser
/// at all: brush recurses per level, and a hostile line must not be able to
/// overflow askrisky's stack (10,000 nested `$(` would).
pub const MAX_SYNTAX_DEPTH: usize = 100;
/// Parenthesis depth past which a line is not handed to the parser: the
/// shell grammar's parser backtracks exponentially on unclosed subshell
/// parentheses (`((((((((((a b((((((((((r` takes seconds), and nobody
/// nests subshells this deep by hand.
pub const MAX_PAREN_DEPTH: usize = 16;
/// Longest line askrisky analyses (bytes).
pub const MAX_LINE_BYTES: usize = 128 * 1024;
/// Most bytes of scripts written on a line that are read where they run.
pub const MAX_WRITTEN_BYTES: usize = MAX_LINE_BYTES;
/// Most files of one name written on a line that are told apart where a
/// file of that name runs; with more, what runs counts as unknown.
pub const MAX_WRITTEN_CANDIDATES: usize = 16;
/// Most pipeline stages of `cat`/`tee` that known text is followed through;
/// past them the text counts as unknown (which asks).
pub const MAX_PASS_THROUGH: usize = 8;

/// Everything found in one command line.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Script {
    /// Every simple command, in the order found, including nested ones.
    pub commands: Vec<SimpleCommand>,
    /// What could not be analysed. Any problem makes the line "not clear".
    pub problems: Vec<Problem>,
}

impl Script {
    /// Simple commands as written (wrapper layers not counted twice): a
    /// prefix allow rule only applies when this is exactly one.
    pub fn written_count(&self) -> usize {
        self.commands
            .iter()
            .filter(|c| c.origin != Origin::Wrapper)
            .count()
    }
}

/// One simple command: a program and its words.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SimpleCommand {
    /// argv; `argv[0]` is the program as written. Empty for a line that
    /// only assigns or redirects (`> file`).
    pub argv: Vec<Word>,
    /// `NAME=value` settings before the program (and those given to `env`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub assignments: Vec<(String, Word)>,
    /// Redirections, including those of enclosing compound commands.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub redirects: Vec<Redirect>,
    /// Wrappers looked through to reach this command, outermost first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub via: Vec<String>,
    /// Where the command was found.
    pub origin: Origin,
    /// How many strings deep it was found (0: the line itself).
    pub depth: u8,
    /// Programs that feed this one's stdin through a pipe.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub upstream: Vec<String>,
    /// Text known to arrive on stdin: a heredoc, a here-string, or the
    /// literal output of `echo`/`printf` piped in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stdin_text: Option<String>,
    /// Stdin text exists but is only known at run time.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stdin_dynamic: bool,
    /// Part of a pipeline of more than one command.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub piped: bool,
    /// Run in the background (`&`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub background: bool,
    /// Name of the shell function whose body holds this command.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_function: Option<String>,
    /// Text that xargs replaces with each line of its input in this
    /// command's words (`xargs -I{} sh -c '{}'`): where it stands, the words
    /// are only known at run time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// The program an interpreter runs from a file written earlier on the
    /// line (`cat > x.py <<EOF … python3 x.py`), for the danger rules.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script_text: Option<String>,
}

impl SimpleCommand {
    /// The program name rules match on, when it is known.
    pub fn name(&self) -> Option<String> {
        self.argv
            .first()
            .and_then(Word::known)
            .map(programs::program_name)
    }

    /// The arguments after the program name.
    pub fn args(&self) -> &[Word] {
        self.argv.get(1..).unwrap_or_default()
    }

    /// The command as one line, for people and logs.
    pub fn display(&self) -> String {
        let mut parts: Vec<String> = self
            .assignments
            .iter()
            .map(|(n, v)| format!("{n}={}", v.value))
            .collect();
        parts.extend(self.argv.iter().map(|w| w.value.clone()));
        parts.join(" ")
    }
}

/// Where a simple command was found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// Written in the line itself (including compound commands and functions).
    #[default]
    Line,
    /// Inside `$(…)` or backticks.
    Substitution,
    /// Inside `<(…)` or `>(…)`.
    ProcessSubstitution,
    /// The string given to a shell's `-c`, `su -c`, `watch`, `ssh host`, …
    ShellString,
    /// The words given to `eval`.
    Eval,
    /// A program fed to a shell on stdin (heredoc, here-string, `echo … |`),
    /// through a pipe it opens as its script (`bash <(echo …)`), or in a
    /// file written earlier on the line (`echo … > x.sh; bash x.sh`).
    Stdin,
    /// Behind a wrapper (`sudo`, `env`, `xargs`, `timeout`, …).
    Wrapper,
    /// Run by `find -exec`/`-execdir`/`-ok`.
    FindExec,
    /// The body of an `alias` or `trap` defined in the line.
    Definition,
}

/// One redirection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Redirect {
    /// The file descriptor redirected, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fd: Option<i32>,
    /// What the redirection does.
    pub op: RedirectOp,
    /// The file (or descriptor) it names.
    pub target: Word,
}

/// What a redirection does with its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RedirectOp {
    /// `<`
    Read,
    /// `>`, `>|`, `&>`
    Write,
    /// `>>`, `&>>`
    Append,
    /// `<>`
    ReadWrite,
    /// `>&N`, `<&N`
    Duplicate,
    /// `<<`
    HereDoc,
    /// `<<<`
    HereString,
}

impl RedirectOp {
    /// True when the target file is written.
    pub fn writes(self) -> bool {
        matches!(self, Self::Write | Self::Append | Self::ReadWrite)
    }

    /// True when the target file is read.
    pub fn reads(self) -> bool {
        matches!(self, Self::Read | Self::ReadWrite)
    }
}

/// Something about the line that could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Problem {
    /// The shell grammar does not accept the line (or a string run inside it).
    Unparseable {
        /// The parser's message.
        detail: String,
    },
    /// Nesting past askrisky's bounds.
    TooDeep,
    /// Longer than askrisky analyses.
    TooLong {
        /// Length in bytes.
        bytes: usize,
    },
    /// The analysis did not finish within its time budget.
    TooSlow {
        /// The budget, in milliseconds.
        budget_ms: u64,
    },
    /// The program name is only known at run time (`$cmd`, `"$(echo rm)"`).
    DynamicCommand {
        /// The word as written.
        word: String,
    },
    /// Code handed to a shell, `eval` or an interpreter is only known at run
    /// time (`bash -c "$x"`, `eval "$(…)"`).
    DynamicCode {
        /// The program that runs it.
        program: String,
    },
}

thread_local! {
    /// Set while a guarded parser call runs, so a panic hook can stay quiet
    /// about panics that are caught and reported as "unparseable".
    static QUIET: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// True while a caught parser panic may be in flight on this thread.
pub fn panics_are_expected() -> bool {
    QUIET.with(|q| q.get() > 0)
}

/// Runs a call into brush, turning a panic into `None`. brush is not meant
/// to panic, but hostile input can reach an `unwrap` in its tokenizer
/// (`$(<<EOF` + newline + `)` + newline + `EOF` does): that line is then
/// unparseable, which asks, instead of crashing askrisky.
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    QUIET.with(|q| q.set(q.get() + 1));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok();
    QUIET.with(|q| q.set(q.get().saturating_sub(1)));
    r
}

/// Parses a command line into every simple command it can run.
pub fn parse(line: &str) -> Script {
    let mut walker = Walker::default();
    match plain_words(line) {
        // Equivalent to the full parse (a property test checks it), only
        // without the parser's cost for lines like `git status`.
        Some(words) => walker.resolve(SimpleCommand {
            argv: words.into_iter().map(Word::literal).collect(),
            ..SimpleCommand::default()
        }),
        None => {
            walker.source(line, Origin::Line, 0);
        }
    }
    walker.script
}

/// Parses a line written for `shell`, a program name: fish's and zsh's
/// lines are read as [`Walker::source_for`] reads code handed to them, any
/// other as POSIX shell.
pub fn parse_for(shell: &str, line: &str) -> Script {
    if !matches!(shell, "fish" | "zsh") {
        return parse(line);
    }
    let mut walker = Walker::default();
    walker.source_for(shell, line, Origin::Line, 0);
    walker.script
}

/// True for a line that is one simple command of plain words: its analysis
/// never reaches the shell parser and takes time linear in its length.
pub fn is_plain(line: &str) -> bool {
    plain_words(line).is_some()
}

/// The words of a line that is one simple command made only of plain words
/// (no quoting, expansion, operators, assignments or reserved words).
fn plain_words(line: &str) -> Option<Vec<&str>> {
    let plain = |b: u8| b.is_ascii_alphanumeric() || b"-_./:,+@%^".contains(&b);
    if !line
        .bytes()
        .all(|b| plain(b) || b == b' ' || b == b'\t' || b == b'=')
    {
        return None;
    }
    let words: Vec<&str> = line.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    let first = words.first()?;
    const RESERVED: &[&str] = &[
        "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac",
        "in", "select", "function", "time", "coproc",
    ];
    if first.contains('=') || RESERVED.contains(first) {
        return None;
    }
    Some(words)
}

/// What enclosing constructs hand down to the commands inside them.
#[derive(Clone, Debug, Default)]
struct Ctx {
    origin: Origin,
    depth: u8,
    upstream: Vec<String>,
    stdin_text: Option<String>,
    stdin_dynamic: bool,
    redirects: Vec<Redirect>,
    piped: bool,
    background: bool,
    in_function: Option<String>,
}

#[derive(Default)]
struct Walker {
    script: Script,
    /// Files the line writes, by path as written: a script written and then
    /// run on the same line is read.
    written: std::collections::HashMap<String, WrittenFile>,
    /// The paths in `written` by file name, in the order first written.
    written_names: std::collections::HashMap<String, Vec<String>>,
    /// Bytes of written scripts read so far (bounded by
    /// [`MAX_WRITTEN_BYTES`]).
    written_read: usize,
}

/// A file the line writes.
struct WrittenFile {
    /// Its text, when everything written to it is known.
    text: Option<String>,
    /// Its text was already read where it runs: running it again finds the
    /// same commands, and a script that runs itself must not make the walk
    /// grow without bound.
    read: bool,
}

impl Walker {
    fn problem(&mut self, p: Problem) {
        if !self.script.problems.contains(&p) {
            self.script.problems.push(p);
        }
    }

    /// Parses `src` as a program and walks it. Returns the names of the
    /// programs it runs.
    fn source(&mut self, src: &str, origin: Origin, depth: u8) -> Vec<String> {
        let start = self.script.commands.len();
        if depth > MAX_NESTING {
            self.problem(Problem::TooDeep);
            return Vec::new();
        }
        if src.len() > MAX_LINE_BYTES {
            self.problem(Problem::TooLong { bytes: src.len() });
            return Vec::new();
        }
        if syntax_depth(src) > MAX_SYNTAX_DEPTH || paren_depth(src) > MAX_PAREN_DEPTH {
            self.problem(Problem::TooDeep);
            return Vec::new();
        }
        let parsed =
            guarded(|| brush_parser::Parser::new(src.as_bytes(), &word::options()).parse_program());
        let Some(parsed) = parsed else {
            self.problem(Problem::Unparseable {
                detail: "the shell parser failed on this line".into(),
            });
            return self.names_since(start);
        };
        match parsed {
            Ok(program) => {
                let ctx = Ctx {
                    origin,
                    depth,
                    ..Ctx::default()
                };
                for list in &program.complete_commands {
                    self.compound_list(list, &ctx);
                }
            }
            Err(e) => self.problem(Problem::Unparseable {
                detail: e.to_string(),
            }),
        }
        self.names_since(start)
    }

    fn names_since(&self, start: usize) -> Vec<String> {
        self.script.commands[start..]
            .iter()
            .filter_map(SimpleCommand::name)
            .collect()
    }

    /// Walks a list. Returns the text it is known to write when it is one
    /// pipeline whose output is known (see [`Walker::pipeline`]).
    fn compound_list(&mut self, list: &ast::CompoundList, ctx: &Ctx) -> Option<String> {
        let mut output = None;
        for ast::CompoundListItem(and_or, sep) in &list.0 {
            let mut ctx = ctx.clone();
            ctx.background |= matches!(sep, ast::SeparatorOperator::Async);
            output = self.pipeline(&and_or.first, &ctx);
            for next in &and_or.additional {
                match next {
                    ast::AndOr::And(p) | ast::AndOr::Or(p) => {
                        self.pipeline(p, &ctx);
                    }
                }
            }
            if list.0.len() > 1 || !and_or.additional.is_empty() || ctx.background {
                output = None;
            }
        }
        output
    }

    /// Walks a pipeline. Returns the text its last command is known to
    /// write (a literal `echo`, passed on by `cat` or `tee`).
    fn pipeline(&mut self, pipeline: &ast::Pipeline, ctx: &Ctx) -> Option<String> {
        let mut upstream = ctx.upstream.clone();
        let mut fed: Option<String> = None;
        let piped = pipeline.seq.len() > 1;
        for (i, command) in pipeline.seq.iter().enumerate() {
            let mut inner = ctx.clone();
            inner.piped |= piped;
            if i > 0 {
                inner.upstream = upstream.clone();
                inner.stdin_text = fed.take();
                inner.stdin_dynamic = inner.stdin_text.is_none();
            }
            let start = self.script.commands.len();
            self.command(command, &inner);
            fed = self.script.commands.get(start).and_then(echoed_text);
            upstream.extend(self.names_since(start));
        }
        fed
    }

    fn command(&mut self, command: &ast::Command, ctx: &Ctx) {
        match command {
            ast::Command::Simple(simple) => self.simple(simple, ctx),
            ast::Command::Compound(compound, redirects) => {
                let ctx = self.with_redirects(redirects.as_ref(), ctx);
                self.compound(compound, &ctx);
            }
            ast::Command::Function(def) => {
                let mut ctx = ctx.clone();
                ctx.in_function = Some(def.fname.value.clone());
                let ast::FunctionBody(body, redirects) = &def.body;
                let ctx = self.with_redirects(redirects.as_ref(), &ctx);
                self.compound(body, &ctx);
            }
            ast::Command::ExtendedTest(test, redirects) => {
                let ctx = self.with_redirects(redirects.as_ref(), ctx);
                self.extended_test(&test.expr, &ctx);
            }
        }
    }

    /// Redirections of a compound command apply to every command inside it.
    fn with_redirects(&mut self, list: Option<&ast::RedirectList>, ctx: &Ctx) -> Ctx {
        let mut ctx = ctx.clone();
        if let Some(list) = list {
            let outer = ctx.clone();
            for r in &list.0 {
                self.redirect(
                    r,
                    &mut ctx.redirects,
                    &mut ctx.stdin_text,
                    &mut ctx.stdin_dynamic,
                    &outer,
                );
            }
        }
        ctx
    }

    fn compound(&mut self, compound: &ast::CompoundCommand, ctx: &Ctx) {
        use ast::CompoundCommand as C;
        match compound {
            C::Arithmetic(a) => self.text_substitutions(&a.expr.value, ctx),
            C::ArithmeticForClause(f) => {
                for e in [&f.initializer, &f.condition, &f.updater]
                    .into_iter()
                    .flatten()
                {
                    self.text_substitutions(&e.value, ctx);
                }
                self.compound_list(&f.body.list, ctx);
            }
            C::BraceGroup(g) => {
                self.compound_list(&g.list, ctx);
            }
            C::Subshell(s) => {
                self.compound_list(&s.list, ctx);
            }
            C::ForClause(f) => {
                for w in f.values.iter().flatten() {
                    self.words(&w.value, ctx);
                }
                self.compound_list(&f.body.list, ctx);
            }
            C::CaseClause(c) => {
                self.words(&c.value.value, ctx);
                for item in &c.cases {
                    for p in &item.patterns {
                        self.words(&p.value, ctx);
                    }
                    if let Some(list) = &item.cmd {
                        self.compound_list(list, ctx);
                    }
                }
            }
            C::IfClause(i) => {
                self.compound_list(&i.condition, ctx);
                self.compound_list(&i.then, ctx);
                for e in i.elses.iter().flatten() {
                    if let Some(cond) = &e.condition {
                        self.compound_list(cond, ctx);
                    }
                    self.compound_list(&e.body, ctx);
                }
            }
            C::WhileClause(w) | C::UntilClause(w) => {
                self.compound_list(&w.0, ctx);
                self.compound_list(&w.1.list, ctx);
            }
            C::Coprocess(c) => self.command(&c.body, ctx),
        }
    }

    fn extended_test(&mut self, expr: &ast::ExtendedTestExpr, ctx: &Ctx) {
        use ast::ExtendedTestExpr as E;
        match expr {
            E::And(a, b) | E::Or(a, b) => {
                self.extended_test(a, ctx);
                self.extended_test(b, ctx);
            }
            E::Not(a) | E::Parenthesized(a) => self.extended_test(a, ctx),
            E::UnaryTest(_, w) => {
                self.words(&w.value, ctx);
            }
            E::BinaryTest(_, a, b) => {
                self.words(&a.value, ctx);
                self.words(&b.value, ctx);
            }
        }
    }

    /// Walks the substitutions in text the shell expands (arithmetic).
    fn text_substitutions(&mut self, text: &str, ctx: &Ctx) {
        for sub in word::substitutions_in(text) {
            self.source(&sub, Origin::Substitution, ctx.depth + 1);
        }
    }

    /// Normalizes one raw word, walking the commands its substitutions run.
    fn words(&mut self, raw: &str, ctx: &Ctx) -> Vec<Word> {
        let n = word::normalize(raw);
        if let Some(detail) = n.error {
            self.problem(Problem::Unparseable { detail });
        }
        let mut runs = Vec::new();
        for sub in &n.substitutions {
            runs.extend(self.source(sub, Origin::Substitution, ctx.depth + 1));
        }
        let mut words = n.words;
        if !runs.is_empty() {
            for w in &mut words {
                w.runs.clone_from(&runs);
            }
        }
        words
    }

    fn process_substitution(
        &mut self,
        kind: &ast::ProcessSubstitutionKind,
        sub: &ast::SubshellCommand,
        ctx: &Ctx,
    ) -> Word {
        let start = self.script.commands.len();
        let inner = Ctx {
            origin: Origin::ProcessSubstitution,
            depth: ctx.depth,
            in_function: ctx.in_function.clone(),
            ..Ctx::default()
        };
        let output = self.compound_list(&sub.list, &inner);
        let (arrow, output) = match kind {
            ast::ProcessSubstitutionKind::Read => ("<", output),
            ast::ProcessSubstitutionKind::Write => (">", None),
        };
        let mut w = Word::dynamic(format!("{arrow}(…)"));
        w.runs = self.names_since(start);
        w.process = true;
        w.output = output;
        w
    }

    fn redirect(
        &mut self,
        r: &ast::IoRedirect,
        out: &mut Vec<Redirect>,
        stdin_text: &mut Option<String>,
        stdin_dynamic: &mut bool,
        ctx: &Ctx,
    ) {
        let stdin = |fd: &Option<i32>| fd.is_none_or(|f| f == 0);
        match r {
            ast::IoRedirect::File(fd, kind, target) => {
                use ast::IoFileRedirectKind as K;
                let op = match kind {
                    K::Read => RedirectOp::Read,
                    K::Write | K::Clobber => RedirectOp::Write,
                    K::Append => RedirectOp::Append,
                    K::ReadAndWrite => RedirectOp::ReadWrite,
                    K::DuplicateInput | K::DuplicateOutput => RedirectOp::Duplicate,
                };
                let target = match target {
                    ast::IoFileRedirectTarget::Filename(w)
                    | ast::IoFileRedirectTarget::Duplicate(w) => self.one_word(&w.value, ctx),
                    ast::IoFileRedirectTarget::Fd(n) => Word::literal(n.to_string()),
                    ast::IoFileRedirectTarget::ProcessSubstitution(kind, sub) => {
                        self.process_substitution(kind, sub, ctx)
                    }
                };
                if op == RedirectOp::Read && stdin(fd) {
                    // `sh < script`: the program comes from a file askrisky
                    // does not read here, unless it is `<(…)` of known text.
                    *stdin_text = target.output.clone();
                    *stdin_dynamic = stdin_text.is_none();
                }
                out.push(Redirect {
                    fd: *fd,
                    op,
                    target,
                });
            }
            ast::IoRedirect::HereDocument(fd, doc) => {
                if doc.requires_expansion {
                    match word::heredoc_substitutions(&doc.doc.value) {
                        Ok(subs) => {
                            for s in subs {
                                self.source(&s, Origin::Substitution, ctx.depth + 1);
                            }
                        }
                        Err(detail) => self.problem(Problem::Unparseable { detail }),
                    }
                }
                if stdin(fd) {
                    *stdin_text = Some(doc.doc.value.clone());
                    *stdin_dynamic = false;
                }
                out.push(Redirect {
                    fd: *fd,
                    op: RedirectOp::HereDoc,
                    target: Word::literal(doc.doc.value.clone()),
                });
            }
            ast::IoRedirect::HereString(fd, w) => {
                let target = self.one_word(&w.value, ctx);
                if stdin(fd) {
                    if target.literal {
                        *stdin_text = Some(target.value.clone());
                        *stdin_dynamic = false;
                    } else {
                        *stdin_text = None;
                        *stdin_dynamic = true;
                    }
                }
                out.push(Redirect {
                    fd: *fd,
                    op: RedirectOp::HereString,
                    target,
                });
            }
            ast::IoRedirect::OutputAndError(w, append) => {
                let target = self.one_word(&w.value, ctx);
                out.push(Redirect {
                    fd: None,
                    op: if *append {
                        RedirectOp::Append
                    } else {
                        RedirectOp::Write
                    },
                    target,
                });
            }
        }
    }

    /// A word in a place where the shell does not split (redirect targets).
    fn one_word(&mut self, raw: &str, ctx: &Ctx) -> Word {
        let mut words = self.words(raw, ctx);
        if words.len() == 1 {
            words.pop().unwrap_or_else(|| Word::dynamic(raw))
        } else {
            Word::dynamic(raw)
        }
    }

    fn simple(&mut self, simple: &ast::SimpleCommand, ctx: &Ctx) {
        let mut cmd = SimpleCommand {
            origin: ctx.origin,
            depth: ctx.depth,
            upstream: ctx.upstream.clone(),
            stdin_text: ctx.stdin_text.clone(),
            stdin_dynamic: ctx.stdin_dynamic,
            redirects: ctx.redirects.clone(),
            piped: ctx.piped,
            background: ctx.background,
            in_function: ctx.in_function.clone(),
            ..SimpleCommand::default()
        };
        let prefix = simple.prefix.iter().flat_map(|p| p.0.iter());
        let name = simple
            .word_or_name
            .iter()
            .map(|w| ast::CommandPrefixOrSuffixItem::Word(w.clone()));
        let name: Vec<_> = name.collect();
        let suffix = simple.suffix.iter().flat_map(|s| s.0.iter());
        for item in prefix.chain(name.iter()).chain(suffix) {
            use ast::CommandPrefixOrSuffixItem as I;
            match item {
                I::IoRedirect(r) => {
                    let (mut text, mut dynamic) = (cmd.stdin_text.take(), cmd.stdin_dynamic);
                    self.redirect(r, &mut cmd.redirects, &mut text, &mut dynamic, ctx);
                    cmd.stdin_text = text;
                    cmd.stdin_dynamic = dynamic;
                }
                I::Word(w) => {
                    let words = self.words(&w.value, ctx);
                    cmd.argv.extend(words);
                }
                I::AssignmentWord(a, raw) => {
                    if cmd.argv.is_empty() {
                        self.assignment(a, raw, &mut cmd, ctx);
                    } else {
                        // `declare X=$(…)` and friends: an ordinary argument.
                        let words = self.words(&raw.value, ctx);
                        cmd.argv.extend(words);
                    }
                }
                I::ProcessSubstitution(kind, sub) => {
                    let w = self.process_substitution(kind, sub, ctx);
                    cmd.argv.push(w);
                }
            }
        }
        self.resolve(cmd);
    }

    fn assignment(
        &mut self,
        a: &ast::Assignment,
        raw: &ast::Word,
        cmd: &mut SimpleCommand,
        ctx: &Ctx,
    ) {
        let name = match &a.name {
            ast::AssignmentName::VariableName(n) => n.clone(),
            ast::AssignmentName::ArrayElementName(n, i) => {
                self.text_substitutions(i, ctx);
                format!("{n}[{i}]")
            }
        };
        match &a.value {
            ast::AssignmentValue::Scalar(w) => {
                let v = self.one_word(&w.value, ctx);
                cmd.assignments.push((name, v));
            }
            ast::AssignmentValue::Array(items) => {
                for (k, v) in items {
                    if let Some(k) = k {
                        self.words(&k.value, ctx);
                    }
                    self.words(&v.value, ctx);
                }
                cmd.assignments
                    .push((name, Word::dynamic(raw.value.clone())));
            }
        }
    }

    /// Records a simple command, then looks through what it runs.
    fn resolve(&mut self, cmd: SimpleCommand) {
        for (name, value) in &cmd.assignments {
            if programs::is_code_variable(name) {
                self.code_words(
                    name,
                    std::slice::from_ref(value),
                    Origin::ShellString,
                    cmd.depth + 1,
                );
            }
        }
        self.declared_code(&cmd);
        let redirects = cmd.redirects.clone();
        let mut output = None;
        let mut tee_files = Vec::new();
        let mut current = cmd;
        loop {
            if let Some(first) = current.argv.first()
                && (!first.literal || spliced(&current, first))
            {
                self.problem(Problem::DynamicCommand {
                    word: first.value.clone(),
                });
            }
            self.run_written(&mut current);
            output = output.or_else(|| output_text(&current));
            if current.name().as_deref() == Some("tee") {
                tee_files.extend(operand_files(current.args()));
            }
            if !runs_others(&current) {
                self.script.commands.push(current);
                break;
            }
            self.script.commands.push(current.clone());
            match self.look_through(&current) {
                Some(inner) => current = inner,
                None => break,
            }
        }
        self.note_writes(&redirects, output, tee_files);
    }

    /// Records the files a command writes through its redirections (and
    /// `tee`'s operands), with the text when the command's output is known.
    fn note_writes(&mut self, redirects: &[Redirect], output: Option<String>, tee: Vec<String>) {
        for r in redirects
            .iter()
            .filter(|r| r.op.writes() && file_name(&r.target.value).is_some())
        {
            let text = match r.fd {
                None | Some(1) => output.clone(),
                Some(_) => None,
            };
            self.note_write(&r.target.value, text, r.op == RedirectOp::Append);
        }
        for file in tee {
            self.note_write(&file, output.clone(), false);
        }
    }

    fn note_write(&mut self, path: &str, text: Option<String>, append: bool) {
        let key = file_key(path);
        let Some(name) = file_name(&key).map(str::to_owned) else {
            return;
        };
        match self.written.get_mut(&key) {
            Some(file) if append => {
                match (&mut file.text, text) {
                    (Some(old), Some(new)) if old.len() + new.len() < MAX_WRITTEN_BYTES => {
                        old.push('\n');
                        old.push_str(&new);
                    }
                    _ => file.text = None,
                }
                file.read = false;
            }
            Some(file) => {
                *file = WrittenFile { text, read: false };
            }
            None => {
                // Appending to a file not written here adds to unknown text.
                let text = if append { None } else { text };
                self.written
                    .insert(key.clone(), WrittenFile { text, read: false });
                self.written_names.entry(name).or_default().push(key);
            }
        }
    }

    /// The texts of the files written earlier on the line that `path` may
    /// be, each written text read once (`None` where the text is unknown).
    /// Names, not paths, are compared: `/tmp//x.sh`, `"$PWD/x.sh"` and
    /// `sub/../x.sh` may all be the `x.sh` written, and reading a written
    /// file where another of its name runs only adds to what is analysed.
    /// Empty when the line wrote no such file (or its text was read).
    fn read_written(&mut self, path: &str) -> Vec<Option<String>> {
        let Some(keys) = file_name(path).and_then(|name| self.written_names.get(name)) else {
            return Vec::new();
        };
        if keys.len() > MAX_WRITTEN_CANDIDATES {
            return vec![None];
        }
        let mut texts = Vec::new();
        for key in keys.iter().rev() {
            if let Some(file) = self.written.get_mut(key)
                && !file.read
            {
                file.read = true;
                self.written_read += file.text.as_ref().map_or(0, String::len);
                texts.push(file.text.clone());
            }
        }
        if self.written_read > MAX_WRITTEN_BYTES {
            self.problem(Problem::TooLong {
                bytes: self.written_read,
            });
            return Vec::new();
        }
        texts
    }

    /// Walks the texts of written files a shell runs; unknown text is code
    /// known only at run time.
    fn run_texts(&mut self, program: &str, texts: Vec<Option<String>>, depth: u8) {
        for text in texts {
            match text {
                Some(text) => {
                    self.source_for(program, &text, Origin::Stdin, depth);
                }
                None => self.problem(Problem::DynamicCode {
                    program: program.to_owned(),
                }),
            }
        }
    }

    /// A program run from a file written earlier on the line: executed by
    /// its path (`./x.sh`), its text is walked as shell code; run by an
    /// interpreter (`python3 x.py`), its text is kept for the danger rules.
    /// When the text is unknown (`curl … > x.sh; ./x.sh`), it is code known
    /// only at run time.
    fn run_written(&mut self, cmd: &mut SimpleCommand) {
        if self.written.is_empty() {
            return;
        }
        let Some(name) = cmd.name() else {
            return;
        };
        let depth = cmd.depth + 1;
        let program = cmd
            .argv
            .first()
            .filter(|w| w.value.contains('/'))
            .map(|w| w.value.clone())
            .map(|path| self.read_written(&path))
            .unwrap_or_default();
        if !program.is_empty() {
            // A `#!` line naming another language is not shell code.
            let not_shell = |t: &str| {
                t.strip_prefix("#!").is_some_and(|line| {
                    !line
                        .lines()
                        .next()
                        .unwrap_or("")
                        .split_whitespace()
                        .any(|w| programs::is_shell(&programs::program_name(w)))
                })
            };
            let texts = program
                .into_iter()
                .map(|t| t.filter(|t| !not_shell(t)))
                .collect();
            self.run_texts(&name, texts, depth);
            return;
        }
        if programs::inline_code_flags(&name).is_some()
            && let Some(file) = cmd.args().iter().find(|w| !w.value.starts_with('-'))
        {
            let texts = self.read_written(&file.value);
            if texts.iter().any(Option::is_none) {
                self.problem(Problem::DynamicCode { program: name });
            }
            let known: Vec<String> = texts.into_iter().flatten().collect();
            if !known.is_empty() {
                cmd.script_text = Some(known.join("\n"));
            }
        }
    }

    /// Reports code that xargs fills in from its input at run time
    /// (`xargs -I{} sh -c '{}'`): a file name or line becomes code.
    fn spliced_code(&mut self, cmd: &SimpleCommand, program: &str, words: &[Word]) {
        if words.iter().any(|w| spliced(cmd, w)) {
            self.problem(Problem::DynamicCode {
                program: program.to_owned(),
            });
        }
    }

    /// `export PAGER='…'`, `declare -x GIT_SSH_COMMAND=…`, `setenv EDITOR …`:
    /// a variable that programs run as a command, set for everything after
    /// it on the line (`export PAGER='rm -rf ~'; git log`).
    fn declared_code(&mut self, cmd: &SimpleCommand) {
        let Some(name) = cmd.name() else {
            return;
        };
        let args = cmd.args();
        let settings: Vec<(&str, Word)> = match name.as_str() {
            "export" | "declare" | "typeset" | "readonly" | "local" => args
                .iter()
                .filter_map(|a| {
                    let (var, value) = a.value.split_once('=')?;
                    // `PAGER+=…` appends to a value askrisky does not know.
                    let appended = var.ends_with('+');
                    let mut w = Word::literal(value);
                    w.literal = a.literal && !appended;
                    Some((var.trim_end_matches('+'), w))
                })
                .collect(),
            "setenv" => match args {
                [var, value, ..] if var.literal => vec![(var.value.as_str(), value.clone())],
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        for (var, value) in settings {
            if programs::is_code_variable(var) {
                self.code_words(
                    var,
                    std::slice::from_ref(&value),
                    Origin::ShellString,
                    cmd.depth + 1,
                );
            }
        }
    }

    /// Finds the command run by `cmd`'s program, if it runs one: the next
    /// wrapper layer is returned; code in strings is walked here.
    fn look_through(&mut self, cmd: &SimpleCommand) -> Option<SimpleCommand> {
        let name = cmd.name()?;
        let args = cmd.args();
        let depth = cmd.depth + 1;
        if programs::is_shell(&name) {
            self.shell(cmd, &name, depth);
            return None;
        }
        match name.as_str() {
            "eval" => {
                // bash's eval takes `--` as the end of its options and runs
                // the rest (`eval -- 'rm -rf /'`).
                let code = match args.first() {
                    Some(w) if w.literal && w.value == "--" => &args[1..],
                    _ => args,
                };
                self.spliced_code(cmd, &name, code);
                self.code_words(&name, code, Origin::Eval, depth);
                return None;
            }
            "find" => {
                self.find_exec(cmd);
                return None;
            }
            "source" | "." => {
                let file = match args {
                    [dashes, rest @ ..] if dashes.literal && dashes.value == "--" => rest.first(),
                    _ => args.first(),
                };
                if file.is_some() {
                    self.script_file(&name, file, cmd, depth);
                }
                return None;
            }
            "alias" => {
                for a in args {
                    if let Some((_, body)) = a.value.split_once('=') {
                        if a.literal {
                            self.source(body, Origin::Definition, depth);
                        } else {
                            self.problem(Problem::DynamicCode {
                                program: name.clone(),
                            });
                        }
                    }
                }
                return None;
            }
            "trap" => {
                if let Some(action) = args.first().filter(|a| !a.value.starts_with('-')) {
                    self.code_words(
                        &name,
                        std::slice::from_ref(action),
                        Origin::Definition,
                        depth,
                    );
                }
                return None;
            }
            "parallel" => {
                self.parallel(cmd, depth);
                return None;
            }
            _ => {}
        }
        if programs::is_python(&name) {
            let mut inner = cmd.clone();
            inner.argv = python_module(args)?;
            inner.via.push(name);
            inner.origin = Origin::Wrapper;
            return Some(inner);
        }
        let rest: Vec<Option<&str>> = args.iter().map(Word::known).collect();
        let spec = programs::wrapper_for(&name, &rest)?;
        let mut inner = match wrapped(spec, &cmd.argv) {
            Inner::Nothing => return None,
            Inner::Shell(w) => {
                self.spliced_code(cmd, &name, std::slice::from_ref(&w));
                self.code_words(&name, std::slice::from_ref(&w), Origin::ShellString, depth);
                return None;
            }
            Inner::Joined(start) => {
                let words = cmd.argv.get(start..).unwrap_or_default();
                self.spliced_code(cmd, &name, words);
                self.code_words(&name, words, Origin::ShellString, depth);
                return None;
            }
            Inner::Command { start, assignments } => {
                for (n, v) in &assignments {
                    if programs::is_code_variable(n) {
                        self.code_words(n, std::slice::from_ref(v), Origin::ShellString, depth);
                    }
                }
                let mut inner = cmd.clone();
                inner.argv = cmd.argv.get(start..).unwrap_or_default().to_vec();
                inner.assignments.extend(assignments);
                if name == "xargs" {
                    inner.placeholder =
                        xargs_placeholder(cmd.argv.get(1..start).unwrap_or_default())
                            .or(inner.placeholder);
                }
                inner
            }
        };
        inner.via.push(name);
        inner.origin = Origin::Wrapper;
        Some(inner)
    }

    /// Words that a program joins with spaces and runs as shell code.
    fn code_words(&mut self, program: &str, words: &[Word], origin: Origin, depth: u8) {
        if words.is_empty() {
            return;
        }
        if words.iter().all(|w| w.literal) {
            let code: Vec<&str> = words.iter().map(|w| w.value.as_str()).collect();
            self.source_for(program, &code.join(" "), origin, depth);
        } else {
            self.problem(Problem::DynamicCode {
                program: program.to_owned(),
            });
        }
    }

    /// `bash -c STRING`, `bash -s`, `bash` fed by a pipe or heredoc.
    fn shell(&mut self, cmd: &SimpleCommand, name: &str, depth: u8) {
        let args = cmd.args();
        let mut command_mode = false;
        let mut stdin_mode = false;
        let mut operand = None;
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            let v = a.value.as_str();
            if !a.literal {
                operand = Some(i);
                break;
            }
            if v == "--" || v == "-" {
                operand = args.get(i + 1).map(|_| i + 1);
                break;
            }
            if matches!(v, "-o" | "+o" | "-O" | "+O" | "--rcfile" | "--init-file") {
                i += 2;
                continue;
            }
            if v.starts_with("--") {
                i += 1;
                continue;
            }
            if (v.starts_with('-') || v.starts_with('+')) && v.len() > 1 {
                command_mode |= v.starts_with('-') && v.contains('c');
                stdin_mode |= v.contains('s');
                i += 1;
                continue;
            }
            operand = Some(i);
            break;
        }
        if command_mode {
            match operand.and_then(|i| args.get(i)) {
                Some(code) => {
                    self.spliced_code(cmd, name, std::slice::from_ref(code));
                    self.code_words(name, std::slice::from_ref(code), Origin::ShellString, depth);
                }
                None => self.problem(Problem::DynamicCode {
                    program: name.to_owned(),
                }),
            }
        } else {
            let file = if stdin_mode {
                None
            } else {
                operand.and_then(|i| args.get(i))
            };
            self.script_file(name, file, cmd, depth);
        }
    }

    /// What a shell or `source` runs when not given a string: the file
    /// named, or stdin when none is (`None`). A file on disk is not read
    /// here, but the text of `<(echo …)` or of a file the line wrote is
    /// known, a `<(…)` of anything else is code known only at run time, and
    /// `/dev/stdin` is stdin.
    fn script_file(&mut self, program: &str, file: Option<&Word>, cmd: &SimpleCommand, depth: u8) {
        match file {
            Some(w) if w.process => match &w.output {
                Some(text) => {
                    self.source_for(program, text, Origin::Stdin, depth);
                }
                None => self.problem(Problem::DynamicCode {
                    program: program.to_owned(),
                }),
            },
            // A file on disk is not read; one the line wrote is.
            Some(w) if !(w.literal && programs::is_stdin_path(&w.value)) => {
                let texts = self.read_written(&w.value);
                self.run_texts(program, texts, depth);
            }
            _ => {
                // The program arrives on stdin. When it is only known at
                // run time, the danger rules judge what feeds it.
                if let Some(text) = &cmd.stdin_text {
                    self.source_for(program, text, Origin::Stdin, depth);
                }
            }
        }
    }

    /// Code `program` runs: fish's is restated first (`fish -c 'echo
    /// (rm -rf ~)'` is not POSIX shell, and `export a=(rm -rf ~)` would read
    /// as an array there, hiding the `rm`); a restatement that fails is
    /// unparseable. In zsh's, `=rm` is `rm` (its path), and a glob
    /// qualifier that runs code is code known only at run time.
    fn source_for(&mut self, program: &str, src: &str, origin: Origin, depth: u8) {
        if program == "zsh" {
            if zsh::glob_qualifier_runs_code(src) {
                self.problem(Problem::DynamicCode {
                    program: "zsh".into(),
                });
            }
            self.source(&zsh::restate(src), origin, depth);
            return;
        }
        if program != "fish" {
            self.source(src, origin, depth);
            return;
        }
        match fish::to_posix(src) {
            Ok(posix) => {
                self.source(&posix, origin, depth);
            }
            Err(e) => self.problem(Problem::Unparseable {
                detail: e.to_string(),
            }),
        }
    }

    /// `find … -exec CMD {} ;` and friends.
    fn find_exec(&mut self, cmd: &SimpleCommand) {
        let args = cmd.args();
        let mut i = 0;
        while i < args.len() {
            let v = args[i].value.as_str();
            if matches!(v, "-exec" | "-execdir" | "-ok" | "-okdir") {
                let start = i + 1;
                let mut end = start;
                while end < args.len() && !matches!(args[end].value.as_str(), ";" | "+") {
                    end += 1;
                }
                if end > start {
                    let mut inner = cmd.clone();
                    inner.argv = args[start..end].to_vec();
                    inner.via.push("find".to_owned());
                    inner.origin = Origin::FindExec;
                    inner.depth = cmd.depth;
                    self.resolve(inner);
                }
                i = end + 1;
            } else {
                i += 1;
            }
        }
    }

    /// GNU parallel runs its command template, or each argument after
    /// `:::` when no template is given, through a shell.
    fn parallel(&mut self, cmd: &SimpleCommand, depth: u8) {
        const WITH_VALUE: &[&str] = &[
            "-j",
            "--jobs",
            "-S",
            "--sshlogin",
            "-a",
            "--arg-file",
            "--colsep",
            "-C",
            "-d",
            "--delimiter",
            "-E",
            "-I",
            "--joblog",
            "--results",
            "--tmpdir",
            "--workdir",
            "-N",
            "-n",
            "--max-args",
            "-L",
            "-l",
            "--timeout",
            "--delay",
            "--halt",
            "--memfree",
            "--load",
            "--retries",
            "--tag-string",
            "--env",
        ];
        let args = cmd.args();
        let mut i = 0;
        while i < args.len() {
            let v = args[i].value.as_str();
            if v.starts_with(":::") {
                break;
            }
            if v.starts_with('-') {
                i += if WITH_VALUE.contains(&v) { 2 } else { 1 };
                continue;
            }
            break;
        }
        let template_end = args[i.min(args.len())..]
            .iter()
            .position(|a| a.value.starts_with(":::"))
            .map_or(args.len(), |p| p + i);
        if template_end > i {
            self.code_words(
                "parallel",
                &args[i..template_end],
                Origin::ShellString,
                depth,
            );
        } else {
            for a in args.get(template_end + 1..).unwrap_or_default() {
                if a.value.starts_with(":::") {
                    continue;
                }
                self.code_words(
                    "parallel",
                    std::slice::from_ref(a),
                    Origin::ShellString,
                    depth,
                );
            }
        }
    }
}

/// True when the command's program may run other code that
/// [`Walker::look_through`] must find (a shell, `eval`, a wrapper, …).
fn runs_others(cmd: &SimpleCommand) -> bool {
    let Some(name) = cmd.name() else {
        return false;
    };
    programs::is_shell(&name)
        || programs::is_python(&name)
        || matches!(
            name.as_str(),
            "eval" | "find" | "alias" | "trap" | "parallel" | "source" | "."
        )
        || programs::WRAPPERS
            .iter()
            .any(|w| w.names.contains(&name.as_str()))
}

/// `python3 -m twine upload …` runs the module as its tool (`twine upload
/// …`): the module and the words after it, as a command. `None` when
/// Python runs inline code (`-c`), a script, or stdin instead.
fn python_module(args: &[Word]) -> Option<Vec<Word>> {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.known()?;
        if v.starts_with("--") {
            i += if v == "--check-hash-based-pycs" { 2 } else { 1 };
            continue;
        }
        let cluster = v.strip_prefix('-').filter(|c| !c.is_empty())?;
        let mut next = i + 1;
        for (j, c) in cluster.char_indices() {
            let attached = &cluster[j + c.len_utf8()..];
            match c {
                'c' => return None,
                'm' => {
                    let mut argv = Vec::new();
                    if attached.is_empty() {
                        argv.push(args.get(next)?.clone());
                        next += 1;
                    } else {
                        argv.push(Word::literal(attached));
                    }
                    argv.extend(args.get(next..).unwrap_or_default().iter().cloned());
                    return Some(argv);
                }
                'W' | 'X' => {
                    if attached.is_empty() {
                        next += 1;
                    }
                    break;
                }
                _ => {}
            }
        }
        i = next;
    }
    None
}

/// What a wrapper runs.
enum Inner {
    Nothing,
    Command {
        start: usize,
        assignments: Vec<(String, Word)>,
    },
    /// A shell string given to an option (`su -c STRING`).
    Shell(Word),
    /// The words from this index are joined and run by a shell.
    Joined(usize),
}

/// Finds where a wrapper's own options end and its command begins.
fn wrapped(spec: &programs::Wrapper, argv: &[Word]) -> Inner {
    let mut i = if spec.subcommand.is_some() { 2 } else { 1 };
    let mut options_done = false;
    let mut skipped = 0usize;
    let mut assignments = Vec::new();
    let mut through_shell = spec.joins_into_shell;
    while i < argv.len() {
        let w = &argv[i];
        if !w.literal {
            break;
        }
        let v = w.value.as_str();
        if !options_done && v == "--" {
            options_done = true;
            i += 1;
            continue;
        }
        if !options_done && v.starts_with("--") {
            let (opt, attached) = match v.split_once('=') {
                Some((o, a)) => (o, Some(a)),
                None => (v, None),
            };
            if spec.string_options.contains(&opt) {
                return match attached {
                    Some(a) => Inner::Shell(Word::literal(a)),
                    None => argv
                        .get(i + 1)
                        .cloned()
                        .map_or(Inner::Nothing, Inner::Shell),
                };
            }
            if spec.no_exec_options.contains(&opt) {
                return Inner::Nothing;
            }
            through_shell |= spec.shell_flags.contains(&opt);
            i += if spec.with_value.contains(&opt) && attached.is_none() {
                2
            } else {
                1
            };
            continue;
        }
        if !options_done && v.starts_with('-') && v.len() > 1 {
            let mut skip_next = false;
            for (j, c) in v.char_indices().skip(1) {
                let opt = format!("-{c}");
                let rest = &v[j + c.len_utf8()..];
                if spec.string_options.contains(&opt.as_str()) {
                    return if rest.is_empty() {
                        argv.get(i + 1)
                            .cloned()
                            .map_or(Inner::Nothing, Inner::Shell)
                    } else {
                        Inner::Shell(Word::literal(rest))
                    };
                }
                if spec.no_exec_options.contains(&opt.as_str()) {
                    return Inner::Nothing;
                }
                through_shell |= spec.shell_flags.contains(&opt.as_str());
                if spec.with_value.contains(&opt.as_str()) {
                    skip_next = rest.is_empty();
                    break;
                }
            }
            i += if skip_next { 2 } else { 1 };
            continue;
        }
        if spec.assignments
            && let Some((name, value)) = v.split_once('=')
            && is_name(name)
        {
            assignments.push((name.to_owned(), Word::literal(value)));
            i += 1;
            continue;
        }
        if skipped < spec.operands {
            skipped += 1;
            i += 1;
            continue;
        }
        break;
    }
    if i >= argv.len() {
        Inner::Nothing
    } else if through_shell {
        Inner::Joined(i)
    } else {
        Inner::Command {
            start: i,
            assignments,
        }
    }
}

fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The text the first command of a pipeline stage writes into the pipe
/// (a wrapper's layers are looked at through the outermost one).
fn echoed_text(cmd: &SimpleCommand) -> Option<String> {
    if cmd.origin == Origin::Wrapper {
        return None;
    }
    output_text(cmd)
}

/// The text a command is known to write: `echo`/`printf` of literal words
/// (`echo 'rm -rf /' | sh`), and `cat` or `tee` passing on text they are
/// known to read (`cat <<EOF | sh`, `echo … | tee log | sh`).
fn output_text(cmd: &SimpleCommand) -> Option<String> {
    let name = cmd.name()?;
    // Without file operands (or with only `-`) cat copies stdin as is; tee
    // always does. Each stage holds a copy, so only so many are followed.
    let passes_on = cmd.upstream.len() <= MAX_PASS_THROUGH;
    match name.as_str() {
        "cat" if passes_on && cmd.args().iter().all(|a| a.literal && a.value == "-") => {
            return cmd.stdin_text.clone();
        }
        "tee" if passes_on => return cmd.stdin_text.clone(),
        "echo" | "printf" => {}
        _ => return None,
    }
    let mut args = cmd.args();
    while name == "echo"
        && args
            .first()
            .is_some_and(|a| matches!(a.value.as_str(), "-n" | "-e" | "-E" | "-ne" | "-en"))
    {
        args = &args[1..];
    }
    if !args.iter().all(|a| a.literal) {
        return None;
    }
    let text: Vec<&str> = args.iter().map(|a| a.value.as_str()).collect();
    Some(text.join(" ").replace("\\n", "\n"))
}

/// The path a written file is recorded under: `./x.sh` and `x.sh` are the
/// same file (appending to it extends what was written).
fn file_key(path: &str) -> String {
    let mut p = path;
    while let Some(rest) = p.strip_prefix("./") {
        p = rest.trim_start_matches('/');
    }
    p.to_owned()
}

/// The file name a path ends in, when it is known text (`$X.sh` is not).
fn file_name(path: &str) -> Option<&str> {
    let name = path.trim_end_matches('/').rsplit('/').next()?;
    let known = !name.is_empty()
        && !matches!(name, "." | "..")
        && !name.contains(['$', '`', '*', '?', '[', '(']);
    known.then_some(name)
}

/// The operands of a command that names files (`tee a b`).
fn operand_files(args: &[Word]) -> Vec<String> {
    args.iter()
        .filter(|w| !w.value.starts_with('-') && file_name(&w.value).is_some())
        .map(|w| w.value.clone())
        .collect()
}

/// True when xargs fills this word in from its input.
fn spliced(cmd: &SimpleCommand, word: &Word) -> bool {
    cmd.placeholder
        .as_deref()
        .is_some_and(|p| word.value.contains(p))
}

/// The text xargs replaces with each input line: `-I R`, `-IR`, `-i[R]`,
/// `--replace[=R]` (both default to `{}`), BSD `-J R`.
fn xargs_placeholder(options: &[Word]) -> Option<String> {
    let mut found = None;
    let mut i = 0;
    while let Some(w) = options.get(i) {
        let v = w.value.as_str();
        i += 1;
        let value = match v {
            "-I" | "-J" => options.get(i).map(|n| n.value.clone()),
            "-i" | "--replace" => Some("{}".to_owned()),
            _ => v
                .strip_prefix("--replace=")
                .or_else(|| v.strip_prefix("-I"))
                .or_else(|| v.strip_prefix("-J"))
                .or_else(|| v.strip_prefix("-i"))
                .map(str::to_owned),
        };
        found = value.filter(|p| !p.is_empty()).or(found);
    }
    found
}

/// The deepest nesting of `(` in `src`, quotes or not (a quoted paren
/// counts too: this is a cheap bound, not a parse).
pub fn paren_depth(src: &str) -> usize {
    let mut depth = 0usize;
    let mut max = 0usize;
    for b in src.bytes() {
        match b {
            b'(' => {
                depth += 1;
                max = max.max(depth);
            }
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// An upper bound on how deeply a line nests, read without parsing:
/// brackets and block keywords, quotes ignored (so the bound errs high).
pub fn syntax_depth(src: &str) -> usize {
    let mut depth = 0usize;
    let mut max = 0usize;
    let mut word = String::new();
    let close_word = |word: &mut String, depth: &mut usize, max: &mut usize| {
        match word.as_str() {
            "if" | "case" | "do" => {
                *depth += 1;
                *max = (*max).max(*depth);
            }
            "fi" | "esac" | "done" => *depth = depth.saturating_sub(1),
            _ => {}
        }
        word.clear();
    };
    let mut in_backticks = false;
    let mut prev = ' ';
    for c in src.chars() {
        let escaped = prev == '\\';
        prev = c;
        match c {
            '`' if !escaped && in_backticks => {
                close_word(&mut word, &mut depth, &mut max);
                in_backticks = false;
                depth = depth.saturating_sub(1);
            }
            '`' if !escaped => {
                close_word(&mut word, &mut depth, &mut max);
                in_backticks = true;
                depth += 1;
                max = max.max(depth);
            }
            '(' | '{' | '[' | '`' => {
                close_word(&mut word, &mut depth, &mut max);
                depth += 1;
                max = max.max(depth);
            }
            ')' | '}' | ']' => {
                close_word(&mut word, &mut depth, &mut max);
                depth = depth.saturating_sub(1);
            }
            c if c.is_whitespace() || matches!(c, ';' | '&' | '|' | '<' | '>') => {
                close_word(&mut word, &mut depth, &mut max);
            }
            c => word.push(c),
        }
    }
    close_word(&mut word, &mut depth, &mut max);
    max
}

#[cfg(test)]
mod tests;
