//! The walk: parses a program with brush and visits its lists, pipelines,
//! compound commands, redirections, words and substitutions down to each
//! simple command, which [`Walker::resolve`] records and looks through.

use brush_parser::ast;

use super::resolve::echoed_text;
use super::walker::{Stdin, Walker};
use super::{
    MAX_COMMANDS, MAX_LINE_BYTES, MAX_NESTING, MAX_PAREN_DEPTH, MAX_SYNTAX_DEPTH,
    MAX_TOTAL_SYNTAX_DEPTH, MAX_UPSTREAM, MAX_WALKED_BYTES, Origin, Problem, Redirect, RedirectOp,
    SimpleCommand, Word, guarded, paren_depth, syntax_depth, word,
};

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

impl Walker {
    /// Parses `src` as a program and walks it ([`Walker::names_since`]
    /// names the programs it ran).
    pub(super) fn source(&mut self, src: &str, origin: Origin, depth: u8) {
        if depth > MAX_NESTING {
            self.problem(Problem::TooDeep);
            return;
        }
        if src.len() > MAX_LINE_BYTES {
            self.problem(Problem::TooLong { bytes: src.len() });
            return;
        }
        self.bounds.walked = self.bounds.walked.saturating_add(src.len());
        if self.bounds.walked > MAX_WALKED_BYTES || self.script.commands.len() > MAX_COMMANDS {
            if !self
                .script
                .problems
                .iter()
                .any(|p| matches!(p, Problem::TooLong { .. }))
            {
                self.problem(Problem::TooLong {
                    bytes: self.bounds.walked,
                });
            }
            return;
        }
        let nesting = syntax_depth(src);
        if nesting > MAX_SYNTAX_DEPTH
            || paren_depth(src) > MAX_PAREN_DEPTH
            || self.bounds.enclosing_depth + nesting > MAX_TOTAL_SYNTAX_DEPTH
        {
            self.problem(Problem::TooDeep);
            return;
        }
        self.bounds.enclosing_depth += nesting;
        self.parse_and_walk(src, origin, depth);
        self.bounds.enclosing_depth -= nesting;
    }

    /// [`Walker::source`] once the bounds are checked.
    fn parse_and_walk(&mut self, src: &str, origin: Origin, depth: u8) {
        // A list of plain words is read without the parser (the same
        // program, at a fraction of the cost: see `plain`).
        let parsed = match super::plain::program(src).filter(|_| self.code.plain_reading) {
            Some(program) => Some(Ok(program)),
            None => {
                let options = self.parser_options();
                guarded(|| brush_parser::Parser::new(src.as_bytes(), &options).parse_program())
            }
        };
        let Some(parsed) = parsed else {
            self.problem(Problem::Unparseable {
                detail: "the shell parser failed on this line".into(),
            });
            return;
        };
        match parsed {
            Ok(program) => {
                // Code a command runs (`sh -c CODE`, `eval`) reads that
                // command's stdin: `sh -c bash <<EOF` feeds the heredoc to
                // the inner bash.
                let Stdin {
                    text: stdin_text,
                    dynamic: stdin_dynamic,
                    upstream,
                } = self.code.stdin.clone().unwrap_or_default();
                let ctx = Ctx {
                    origin,
                    depth,
                    stdin_text,
                    stdin_dynamic,
                    upstream,
                    ..Ctx::default()
                };
                let text = if src.contains('(') {
                    src.to_owned()
                } else {
                    String::new()
                };
                let saved = std::mem::replace(&mut self.code.text, text);
                for list in &program.complete_commands {
                    self.compound_list(list, &ctx);
                }
                self.code.text = saved;
            }
            Err(e) => {
                let line = match &e {
                    brush_parser::ParseError::ParsingNear(p) => p.line,
                    brush_parser::ParseError::Tokenizing {
                        position: Some(p), ..
                    } => p.line,
                    _ => usize::MAX,
                };
                self.problem(Problem::Unparseable {
                    detail: e.to_string(),
                });
                if src.contains('\n') {
                    self.salvage(src, line, origin, depth);
                }
            }
        }
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
        // `time` with nothing to time (`make && time`, `time # …`): to
        // dash it is the program `time`.
        if pipeline.seq.is_empty() && pipeline.timed.is_some() {
            self.resolve(SimpleCommand {
                argv: vec![Word::literal("time")],
                origin: ctx.origin,
                depth: ctx.depth,
                background: ctx.background,
                in_function: ctx.in_function.clone(),
                ..SimpleCommand::default()
            });
            return None;
        }
        let mut upstream = Vec::new();
        let mut fed: Option<String> = None;
        let piped = pipeline.seq.len() > 1;
        let last = pipeline.seq.len().saturating_sub(1);
        for (i, command) in pipeline.seq.iter().enumerate() {
            let mut inner = ctx.clone();
            inner.piped |= piped;
            if i > 0 {
                inner.upstream = std::mem::take(&mut upstream);
                inner.stdin_text = fed.take();
                inner.stdin_dynamic = inner.stdin_text.is_none();
            }
            let start = self.script.commands.len();
            self.command(command, &inner);
            if i == 0 && pipeline.timed.is_some() {
                self.timed(pipeline.timed.as_ref(), start, ctx.depth);
            }
            fed = self.script.commands.get(start).and_then(echoed_text);
            if i < last {
                // What feeds the next stage: what fed this one, then the
                // programs this one ran.
                upstream = inner.upstream;
                self.feed(&mut upstream, start);
            }
        }
        fed
    }

    /// Adds the programs of the commands found since `start` to those
    /// feeding the next stage of a pipeline, up to [`MAX_UPSTREAM`].
    fn feed(&mut self, upstream: &mut Vec<String>, start: usize) {
        let mut over = false;
        for c in &self.script.commands[start..] {
            if let Some(name) = c.name() {
                if upstream.len() >= MAX_UPSTREAM {
                    over = true;
                    break;
                }
                upstream.push(name.into_owned());
            }
        }
        if over
            && !self
                .script
                .problems
                .iter()
                .any(|p| matches!(p, Problem::TooLong { .. }))
        {
            self.problem(Problem::TooLong {
                bytes: self.bounds.walked,
            });
        }
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
            C::Arithmetic(a) => {
                self.text_substitutions(&a.expr.value, ctx);
                self.arithmetic_or_subshell(&a.loc, ctx.origin, ctx.depth);
            }
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
                    for w in self.words(&w.value, ctx) {
                        if w.literal && self.vars.loops.len() < super::variables::MAX_VALUES {
                            self.vars.loops.push((f.variable_name.clone(), w.value));
                        }
                    }
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
            let start = self.script.commands.len();
            self.source(sub, Origin::Substitution, ctx.depth + 1);
            runs.extend(self.names_since(start));
        }
        self.evaluated_words(&n.words, raw, ctx.depth);
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
                // `<& -echo`: bash closes the descriptor and passes `echo`
                // on as a word; dash refuses the line.
                if op == RedirectOp::Duplicate
                    && target.value.len() > 1
                    && target.value.starts_with('-')
                {
                    self.problem(Problem::Ambiguous {
                        construct: "a descriptor duplicated to a word starting with - (bash closes it and keeps the rest as a word)".into(),
                    });
                }
                if op == RedirectOp::Read && stdin(fd) {
                    // `sh < script`: the program comes from a file askrisky
                    // does not read here, unless it is `<(…)` of known text
                    // or a file written earlier on the line (`echo 'DROP
                    // DATABASE x;' > q.sql && mysql < q.sql`): what feeds
                    // the program is then judged as what it runs.
                    *stdin_text = target
                        .output
                        .clone()
                        .or_else(|| self.written_whole(&target));
                    *stdin_dynamic = stdin_text.is_none();
                }
                // `psql prod <&3`: what another descriptor holds is as
                // unseen as a file's contents.
                if matches!(kind, K::DuplicateInput) && stdin(fd) {
                    *stdin_text = None;
                    *stdin_dynamic = true;
                }
                out.push(Redirect {
                    fd: *fd,
                    op,
                    target,
                });
            }
            ast::IoRedirect::HereDocument(fd, doc) => {
                if !doc.requires_expansion {
                    self.evaluated_words(&[Word::literal(doc.doc.value.clone())], "", ctx.depth);
                }
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
    /// An array's elements, each as the assignment of its own name
    /// (`a=(r m)` sets `a[0]` and `a[1]`, and `a`, which is `a[0]`;
    /// `([dir]=x)` sets `p[dir]`), so that the line's values put back
    /// where `${a[1]}` is used find them. Only one word per element.
    fn array_elements(
        &mut self,
        name: &str,
        items: &[(Option<ast::Word>, ast::Word)],
        ctx: &Ctx,
    ) -> Vec<(String, Word)> {
        let mut out = Vec::new();
        let mut index = 0usize;
        for (k, v) in items {
            let key = match k {
                Some(k) => {
                    let key = self.one_word(&k.value, ctx);
                    key.literal.then_some(key.value)
                }
                None => {
                    index += 1;
                    Some((index - 1).to_string())
                }
            };
            let value = self.one_word(&v.value, ctx);
            if let Some(key) = key {
                if key == "0" {
                    out.push((name.to_owned(), value.clone()));
                }
                out.push((format!("{name}[{key}]"), value));
            }
        }
        out
    }

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
                        // An array's elements are remembered as the
                        // assignments they are (`declare -A p=([dir]=…)`).
                        if let (
                            ast::AssignmentName::VariableName(n),
                            ast::AssignmentValue::Array(items),
                        ) = (&a.name, &a.value)
                        {
                            let elements = self.array_elements(n, items, ctx);
                            cmd.assignments.extend(elements);
                        }
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
        self.zsh_null_command(&mut cmd);
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
                let elements = self.array_elements(&name, items, ctx);
                cmd.assignments
                    .push((name, Word::dynamic(raw.value.clone())));
                cmd.assignments.extend(elements);
            }
        }
    }
}
