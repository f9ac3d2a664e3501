//! Makefiles read without running make: the recipe lines `make TARGET`
//! would run, from the Makefile's text and make's words.
//!
//! The threat: the agent writes a recipe (`clean:\n\trm -rf ~`) with its
//! own file tool and runs `make clean`; the line looks harmless. What can
//! be known from the text alone — variables, rules, prerequisites, the
//! default target — is followed; what make computes at run time (`include`,
//! `$(shell …)`, conditionals, pattern rules) makes the recipes
//! [`opaque`](Recipes::opaque), which the walker reports as code known only
//! at run time. Text in, recipe lines out: nothing here reads a file or
//! knows the walker.

use std::collections::{HashMap, HashSet};

use super::{Word, programs};

/// Most Makefile targets followed through their prerequisites.
const MAX_MAKE_TARGETS: usize = 64;

/// What a `make` command asks for: `make [-C DIR] [-f FILE…] [--eval
/// TEXT…] [NAME=VALUE…] [TARGET…]`.
pub(super) struct Invocation {
    /// The Makefiles named (`-f`, `--file`, `--makefile`), in order: make
    /// reads them all.
    pub(super) files: Vec<String>,
    dir: Option<String>,
    /// Makefile text given on the line (`--eval`, `-E`): read before the
    /// Makefiles, so its first rule is the default target.
    pub(super) evals: Vec<String>,
    targets: Vec<String>,
    vars: HashMap<String, String>,
    /// `-n`, `--dry-run`, `--just-print`, `--recon`, `-q`: recipes are
    /// printed or only asked about, not run, but for those make runs
    /// anyway (a `+` line, one that calls `$(MAKE)`).
    rehearsal: bool,
}

/// make's long options that take a value (`--file=F`, `--file F`), and
/// whether the value may only be attached (`--jobs=4`; `--jobs` alone
/// takes none).
const LONG_VALUES: &[(&str, bool)] = &[
    ("file", false),
    ("makefile", false),
    ("directory", false),
    ("eval", false),
    ("include-dir", false),
    ("old-file", false),
    ("assume-old", false),
    ("new-file", false),
    ("assume-new", false),
    ("what-if", false),
    ("jobserver-auth", false),
    ("jobserver-style", false),
    ("jobs", true),
    ("load-average", true),
    ("max-load", true),
    ("output-sync", true),
    ("debug", true),
    ("shuffle", true),
];

/// make's long options that take no value: written out, they are not
/// abbreviations of one that does.
const LONG_FLAGS: &[&str] = &[
    "always-make",
    "environment-overrides",
    "help",
    "ignore-errors",
    "keep-going",
    "check-symlink-times",
    "just-print",
    "dry-run",
    "recon",
    "print-data-base",
    "question",
    "no-builtin-rules",
    "no-builtin-variables",
    "silent",
    "quiet",
    "no-silent",
    "stop",
    "no-keep-going",
    "touch",
    "trace",
    "version",
    "print-directory",
    "no-print-directory",
    "warn-undefined-variables",
];

/// make's short options that take a value, attached or in the next word.
const SHORT_VALUES: &str = "CfIoWE";
/// make's short options whose value may only be attached (`-j4`).
const SHORT_OPTIONAL: &str = "jlO";

impl Invocation {
    /// Reads make's words; `None` when one is known only at run time, or
    /// an option cannot be told (an abbreviation of several).
    pub(super) fn parse(args: &[Word]) -> Option<Self> {
        let mut call = Self {
            files: Vec::new(),
            dir: None,
            evals: Vec::new(),
            targets: Vec::new(),
            vars: HashMap::new(),
            rehearsal: false,
        };
        let mut i = 0;
        while i < args.len() {
            let w = &args[i];
            if !w.literal {
                return None;
            }
            let v = w.value.as_str();
            i += 1;
            let next = |i: &mut usize| -> Option<String> {
                let w = args.get(*i).filter(|w| w.literal)?;
                *i += 1;
                Some(w.value.clone())
            };
            if v == "--" {
                // Everything after is a target or an assignment.
                for w in &args[i..] {
                    if !w.literal {
                        return None;
                    }
                    call.operand(&w.value);
                }
                break;
            }
            if let Some(long) = v.strip_prefix("--") {
                let (written, attached) = match long.split_once('=') {
                    Some((n, val)) => (n, Some(val.to_owned())),
                    None => (long, None),
                };
                if let Some(flag) = LONG_FLAGS
                    .iter()
                    .find(|f| programs::long_names(written, f, LONG_FLAGS))
                    && attached.is_none()
                {
                    call.rehearsal |=
                        matches!(*flag, "just-print" | "dry-run" | "recon" | "question");
                    continue;
                }
                let named: Vec<&(&str, bool)> = LONG_VALUES
                    .iter()
                    .filter(|(name, _)| programs::long_names(written, name, &[]))
                    .collect();
                let &&(name, only_attached) = match named.as_slice() {
                    [one] => one,
                    // Unknown to make (it refuses the line) or ambiguous.
                    [] => continue,
                    _ => return None,
                };
                let value = match attached {
                    Some(val) => Some(val),
                    None if only_attached => None,
                    None => Some(next(&mut i)?),
                };
                call.option(name, value);
                continue;
            }
            if let Some(cluster) = v.strip_prefix('-').filter(|c| !c.is_empty()) {
                for (j, c) in cluster.char_indices() {
                    let rest = &cluster[j + c.len_utf8()..];
                    call.rehearsal |= matches!(c, 'n' | 'q');
                    if SHORT_VALUES.contains(c) {
                        let value = if rest.is_empty() {
                            next(&mut i)?
                        } else {
                            rest.to_owned()
                        };
                        call.short(c, value);
                        break;
                    }
                    if SHORT_OPTIONAL.contains(c) {
                        // `-j 4`: make takes a number in the next word too.
                        if rest.is_empty()
                            && c == 'j'
                            && args
                                .get(i)
                                .is_some_and(|w| w.value.chars().all(|d| d.is_ascii_digit()))
                        {
                            i += 1;
                        }
                        break;
                    }
                }
                continue;
            }
            call.operand(v);
        }
        Some(call)
    }

    fn operand(&mut self, v: &str) {
        if let Some((k, val)) = v.split_once('=') {
            self.vars.insert(k.to_owned(), val.to_owned());
        } else {
            self.targets.push(v.to_owned());
        }
    }

    fn short(&mut self, c: char, value: String) {
        match c {
            'f' => self.files.push(value),
            'C' => self.dir = Some(value),
            'E' => self.evals.push(value),
            _ => {}
        }
    }

    fn option(&mut self, name: &str, value: Option<String>) {
        let Some(value) = value else {
            return;
        };
        match name {
            "file" | "makefile" => self.files.push(value),
            "directory" => self.dir = Some(value),
            "eval" => self.evals.push(value),
            _ => {}
        }
    }

    /// The Makefiles make looks for, in its order, as paths from the
    /// folder the command runs in: the one found first, when none is
    /// named.
    pub(super) fn candidates(&self) -> Vec<String> {
        let base = match &self.dir {
            Some(d) => d.clone(),
            None => ".".to_owned(),
        };
        if self.files.is_empty() {
            return ["GNUmakefile", "makefile", "Makefile"]
                .iter()
                .map(|n| format!("{base}/{n}"))
                .collect();
        }
        self.files
            .iter()
            .map(|f| {
                if f.starts_with('/') || programs::is_stdin_path(f) {
                    f.clone()
                } else {
                    format!("{base}/{f}")
                }
            })
            .collect()
    }

    /// The recipe lines make would run from a Makefile of `text`, in
    /// order: each target's prerequisites first, the default target when
    /// none is named, variables from make's words over the Makefile's.
    pub(super) fn recipes(self, text: &str) -> Recipes {
        let mut mk = if self.evals.is_empty() {
            read_makefile(text)
        } else {
            read_makefile(&format!("{}\n{text}", self.evals.join("\n")))
        };
        mk.vars.extend(self.vars);
        let mut targets = self.targets;
        if targets.is_empty() {
            targets.extend(mk.default.clone());
        }
        // The recipes that would run: each target's prerequisites first.
        let mut order = Vec::new();
        let mut seen = HashSet::new();
        let mut stack: Vec<(String, bool)> =
            targets.into_iter().rev().map(|t| (t, false)).collect();
        let mut opaque = mk.opaque;
        while let Some((t, expanded)) = stack.pop() {
            if expanded {
                order.push(t);
                continue;
            }
            if !seen.insert(t.clone()) {
                continue;
            }
            if seen.len() > MAX_MAKE_TARGETS {
                opaque = true;
                break;
            }
            stack.push((t.clone(), true));
            if let Some((prereqs, _)) = mk.rules.get(&t) {
                for p in prereqs.iter().rev() {
                    stack.push((p.clone(), false));
                }
            }
        }
        let mut lines = Vec::new();
        for t in &order {
            let Some((prereqs, recipe)) = mk.rules.get(t) else {
                continue;
            };
            for r in recipe {
                // What a rehearsal still runs: a `+` line, one that calls
                // make, and the functions make expands to print the line
                // (`$(shell …)`, `$(file >…)`).
                let runs_anyway = || {
                    r.trim_start_matches(['@', '-', ' ', '\t']).starts_with('+')
                        || r.contains("MAKE")
                        || ["shell", "file", "eval", "call", "guile"].iter().any(|f| {
                            r.contains(&format!("$({f}")) || r.contains(&format!("${{{f}"))
                        })
                };
                if self.rehearsal && !runs_anyway() {
                    continue;
                }
                match expand(r, &mk.vars, t, prereqs, 0) {
                    Some(l) => {
                        lines.push(l.trim_start_matches(['@', '-', '+', ' ', '\t']).to_owned())
                    }
                    None => opaque = true,
                }
            }
        }
        Recipes { lines, opaque }
    }
}

/// The recipe lines a `make` command runs, each a line of `sh` code.
pub(super) struct Recipes {
    pub(super) lines: Vec<String>,
    /// Something make computes at run time: other recipes may run too.
    pub(super) opaque: bool,
}

/// What a Makefile says, as far as it can be read without running make.
#[derive(Default)]
struct Makefile {
    vars: HashMap<String, String>,
    rules: HashMap<String, (Vec<String>, Vec<String>)>,
    default: Option<String>,
    /// Something make computes at run time (`$(shell …)`, `include`,
    /// conditionals, pattern rules): the recipes cannot all be known.
    opaque: bool,
}

/// Reads a Makefile's variables and rules, as far as they can be known.
fn read_makefile(text: &str) -> Makefile {
    let mut m = Makefile::default();
    let mut current: Vec<String> = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(raw) = lines.next() {
        let mut line = raw.to_owned();
        while line.ends_with('\\') {
            line.pop();
            match lines.next() {
                Some(next) => {
                    line.push(' ');
                    line.push_str(next.trim_start());
                }
                None => break,
            }
        }
        if let Some(recipe) = line.strip_prefix('\t') {
            for t in &current {
                if let Some(rule) = m.rules.get_mut(t) {
                    rule.1.push(recipe.to_owned());
                }
            }
            continue;
        }
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let first = trimmed.split_whitespace().next().unwrap_or("");
        if matches!(
            first,
            "include"
                | "-include"
                | "sinclude"
                | "ifeq"
                | "ifneq"
                | "ifdef"
                | "ifndef"
                | "define"
                | "export"
                | "unexport"
                | "override"
                | "vpath"
        ) || trimmed.contains("$(shell")
            || trimmed.contains("$(eval")
            || trimmed.contains("$(call")
            || trimmed.contains(".RECIPEPREFIX")
        {
            m.opaque = true;
            current.clear();
            continue;
        }
        // Assignments: NAME = v, NAME := v, NAME ::= v, NAME ?= v, NAME += v.
        if let Some(eq) = trimmed.find('=')
            && trimmed
                .find(':')
                .is_none_or(|c| c > eq || trimmed[c..].starts_with(":="))
            && !trimmed[..eq].contains(['\t'])
        {
            let (name, op) = match trimmed[..eq].trim_end() {
                n if n.ends_with("::") => (n.trim_end_matches(':'), ":"),
                n if n.ends_with(':') || n.ends_with('?') || n.ends_with('+') => {
                    (&n[..n.len() - 1], &n[n.len() - 1..])
                }
                n => (n, ""),
            };
            let name = name.trim().to_owned();
            let value = trimmed[eq + 1..].trim().to_owned();
            match op {
                "+" => {
                    let e = m.vars.entry(name).or_default();
                    if !e.is_empty() {
                        e.push(' ');
                    }
                    e.push_str(&value);
                }
                "?" => {
                    m.vars.entry(name).or_insert(value);
                }
                _ => {
                    m.vars.insert(name, value);
                }
            }
            current.clear();
            continue;
        }
        // A rule: targets: prerequisites [; recipe]
        let Some(colon) = trimmed.find(':') else {
            m.opaque = true;
            current.clear();
            continue;
        };
        let (targets, rest) = (&trimmed[..colon], &trimmed[colon + 1..]);
        let rest = rest.trim_start_matches(':');
        let (prereqs, inline) = match rest.split_once(';') {
            Some((p, r)) => (p, Some(r.trim().to_owned())),
            None => (rest, None),
        };
        current = targets.split_whitespace().map(str::to_owned).collect();
        if current.iter().any(|t| t.contains('%')) {
            m.opaque = true;
        }
        for t in &current {
            if m.default.is_none() && !t.starts_with('.') && !t.contains('%') {
                m.default = Some(t.clone());
            }
            let rule = m.rules.entry(t.clone()).or_default();
            rule.0.extend(prereqs.split_whitespace().map(str::to_owned));
            rule.1.extend(inline.clone());
        }
    }
    m
}

/// Expands `$(NAME)`, `${NAME}`, `$X` and the automatic variables in a
/// recipe line; `None` when a variable is not defined in the Makefile or
/// on make's command line (the environment or make's defaults decide it).
fn expand(
    line: &str,
    vars: &HashMap<String, String>,
    target: &str,
    prereqs: &[String],
    depth: u8,
) -> Option<String> {
    if depth > 8 {
        return None;
    }
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '$' {
            out.push(c);
            continue;
        }
        let name: String = match chars.next()? {
            '$' => {
                out.push('$');
                continue;
            }
            '@' => {
                out.push_str(target);
                continue;
            }
            '<' => {
                out.push_str(prereqs.first().map_or("", String::as_str));
                continue;
            }
            '^' | '+' => {
                out.push_str(&prereqs.join(" "));
                continue;
            }
            open @ ('(' | '{') => {
                let close = if open == '(' { ')' } else { '}' };
                let mut n = String::new();
                for c in chars.by_ref() {
                    if c == close {
                        break;
                    }
                    n.push(c);
                }
                n
            }
            other => other.to_string(),
        };
        let value = vars.get(&name)?;
        out.push_str(&expand(value, vars, target, prereqs, depth + 1)?);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn makefiles_read_as_far_as_they_can_be() {
        let m = read_makefile(
            "CC = cc\nOUT := build\n\nall: $(OUT)/app\n\n$(OUT)/app: main.c\n\t@$(CC) -o $@ $<\n\nclean:\n\trm -rf $(OUT)\n\ntest: all ; ./$(OUT)/app --test\n",
        );
        assert!(!m.opaque);
        assert_eq!(m.default.as_deref(), Some("all"));
        let (p, r) = m.rules.get("clean").cloned().unwrap_or_default();
        assert!(p.is_empty());
        assert_eq!(
            expand(&r[0], &m.vars, "clean", &p, 0).as_deref(),
            Some("rm -rf build")
        );
        let (p, r) = m.rules.get("test").cloned().unwrap_or_default();
        assert_eq!(p, ["all"]);
        assert_eq!(r, ["./$(OUT)/app --test"]);
        // Undefined variables and what make computes are not known.
        assert_eq!(expand("$(UNSET) x", &m.vars, "t", &[], 0), None);
        for opaque in [
            "include other.mk\n",
            "X := $(shell date)\n",
            "ifdef CI\nall:\n\ttrue\nendif\n",
            "%.o: %.c\n\tcc -c $<\n",
        ] {
            assert!(read_makefile(opaque).opaque, "{opaque}");
        }
    }

    #[test]
    fn a_make_command_gives_the_recipes_it_runs() {
        let call = |args: &[&str]| {
            let words: Vec<Word> = args.iter().map(|a| Word::literal(*a)).collect();
            Invocation::parse(&words).unwrap_or_else(|| panic!("{args:?}"))
        };
        let text = "all: build\nbuild:\n\t@cc -o app main.c\nclean:\n\trm -rf $(OUT)\nOUT = out\n";
        // The default target, its prerequisites' recipes first.
        let r = call(&[]).recipes(text);
        assert_eq!(r.lines, ["cc -o app main.c"]);
        assert!(!r.opaque);
        // A variable given to make wins over the Makefile's.
        let r = call(&["-s", "OUT=/", "clean"]).recipes(text);
        assert_eq!(r.lines, ["rm -rf /"]);
        // Where make looks for its Makefile.
        assert_eq!(
            call(&["-C", "sub", "x"]).candidates(),
            ["sub/GNUmakefile", "sub/makefile", "sub/Makefile"]
        );
        assert_eq!(call(&["-fbuild.mk"]).candidates(), ["./build.mk"]);
        assert_eq!(call(&["-f", "/tmp/m"]).candidates(), ["/tmp/m"]);
        // Every way of naming a Makefile, each read in turn.
        for args in [
            &["--file=x.mk"][..],
            &["--makefile=x.mk"],
            &["--fil=x.mk"],
            &["--file", "x.mk"],
            &["-sfx.mk"],
            &["-s", "-f", "x.mk", "all"],
            &["-j", "4", "-f", "x.mk"],
            &["-C", ".", "-f", "x.mk"],
        ] {
            assert_eq!(call(args).candidates(), ["./x.mk"], "{args:?}");
        }
        assert_eq!(
            call(&["-f", "a.mk", "--file=b.mk"]).candidates(),
            ["./a.mk", "./b.mk"]
        );
        assert_eq!(call(&["-f", "-"]).candidates(), ["-"]);
        // Makefile text on the line: read before the Makefiles.
        for args in [
            &["--eval=x:;rm -rf ~"][..],
            &["--eval", "x:;rm -rf ~"],
            &["--ev=x:;rm -rf ~"],
            &["-E", "x:;rm -rf ~"],
            &["-sEx:;rm -rf ~"],
        ] {
            let c = call(args);
            assert_eq!(c.evals, ["x:;rm -rf ~"], "{args:?}");
            assert_eq!(
                c.recipes("all:\n\techo hi\n").lines,
                ["rm -rf ~"],
                "{args:?}"
            );
        }
        // `-j 4`: the number is no target.
        assert_eq!(call(&["-j", "4", "clean"]).targets, ["clean"]);
        // A word known only at run time: what runs is not known.
        assert!(Invocation::parse(&[Word::dynamic("$T")]).is_none());
        // Past the bound on targets followed, other recipes may run.
        let chain: String = (0..=MAX_MAKE_TARGETS)
            .map(|i| format!("t{i}: t{}\n\ttrue\n", i + 1))
            .collect();
        assert!(call(&["t0"]).recipes(&chain).opaque);
    }
}
