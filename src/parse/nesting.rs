//! Every construct of the shell grammars that nests, as data, and lines
//! nested from them.
//!
//! The threat these serve: a line deep enough to overflow the stack of the
//! parser or the walker ends askrisky's process, and with it the answer (a
//! stack overflow cannot be caught). The bounds in `depth` must read every
//! construct here as at least one level per level; a unit test holds that,
//! and the nested-input tests and the fuzz target feed lines built from
//! this table through every surface of the real binary.

/// Where in a line a piece of text stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A command of sh, bash or zsh.
    Command,
    /// A `[[ … ]]` expression.
    Test,
    /// An arithmetic expression.
    Arith,
    /// A word's text.
    Word,
    /// A command of fish.
    Fish,
}

impl Place {
    /// The smallest text that stands there.
    pub fn leaf(self) -> &'static str {
        match self {
            Self::Command | Self::Fish => "a",
            Self::Test => "x",
            Self::Arith => "1",
            Self::Word => "w",
        }
    }

    /// Text at this place, made a command line.
    pub fn as_line(self, text: &str) -> String {
        match self {
            Self::Command | Self::Fish => text.to_owned(),
            Self::Test => format!("[[ {text} ]]"),
            Self::Arith => format!("echo $(( {text} ))"),
            Self::Word => format!("echo {text}"),
        }
    }
}

/// A construct that holds text (`X` in its template) of another place.
#[derive(Clone, Copy, Debug)]
pub struct Nest {
    /// A short name for reports.
    pub name: &'static str,
    /// Where the construct stands.
    pub place: Place,
    /// The construct, with `X` where the inner text goes and `{n}` for the
    /// level's number (here-doc delimiters must differ by level).
    pub template: &'static str,
    /// Where the inner text stands.
    pub inner: Place,
    /// Whether a parser recurses once per level of it, so the depth bound
    /// must count it. Constructs that only repeat (`a | X`) are here for
    /// the generator.
    pub recurses: bool,
}

const fn nest(name: &'static str, place: Place, template: &'static str, inner: Place) -> Nest {
    Nest {
        name,
        place,
        template,
        inner,
        recurses: true,
    }
}

const fn repeat(name: &'static str, place: Place, template: &'static str, inner: Place) -> Nest {
    Nest {
        name,
        place,
        template,
        inner,
        recurses: false,
    }
}

use Place::{Arith, Command, Fish, Test, Word};

/// The constructs.
pub const NESTS: &[Nest] = &[
    // Commands.
    nest("not", Command, "! X", Command),
    nest("subshell", Command, "(X)", Command),
    nest("group", Command, "{ X; }", Command),
    nest("command substitution", Command, "echo $(X)", Command),
    nest("quoted substitution", Command, "echo \"$(X)\"", Command),
    // Backticks nest only with escaping that doubles per level.
    repeat("backticks", Command, "echo `X`", Command),
    nest("process substitution", Command, "cat <(X)", Command),
    nest("output substitution", Command, "tee >(X)", Command),
    nest("if condition", Command, "if X; then a; fi", Command),
    nest("if body", Command, "if a; then X; fi", Command),
    nest("else body", Command, "if a; then a; else X; fi", Command),
    nest("while", Command, "while X; do a; done", Command),
    nest("until body", Command, "until a; do X; done", Command),
    nest("for", Command, "for i in a; do X; done", Command),
    nest("select", Command, "select i in a; do X; done", Command),
    nest("arithmetic for", Command, "for ((;;)); do X; done", Command),
    nest("case", Command, "case a in a) X;; esac", Command),
    nest("case (pattern)", Command, "case a in (a) X;; esac", Command),
    nest("function", Command, "f() { X; }", Command),
    nest("function keyword", Command, "function f { X; }", Command),
    nest("function subshell", Command, "f() (X)", Command),
    nest("coproc", Command, "coproc X", Command),
    nest("named coproc", Command, "coproc c { X; }", Command),
    nest("time", Command, "time X", Command),
    nest("assignment", Command, "v=$(X)", Command),
    nest("array", Command, "v=($(X))", Command),
    nest("redirection", Command, "a >$(X)", Command),
    // Code read again by the walker (here-docs fed to a shell, `bash -c`)
    // nests through it, bounded by `MAX_NESTING` and the total depth.
    repeat(
        "here-doc to a shell",
        Command,
        "bash <<E{n}\nX\nE{n}\n",
        Command,
    ),
    nest(
        "here-doc substitution",
        Command,
        "cat <<E{n}\n$(X)\nE{n}\n",
        Command,
    ),
    nest("always", Command, "{ X; } always { a; }", Command),
    repeat("pipe", Command, "a | X", Command),
    repeat("and", Command, "a && X", Command),
    repeat("list", Command, "a; X", Command),
    repeat("bash -c", Command, "bash -c 'X'", Command),
    repeat("eval", Command, "eval 'X'", Command),
    // Into the other places.
    nest("test", Command, "[[ X ]]", Test),
    nest("arithmetic command", Command, "(( X ))", Arith),
    nest("arithmetic expansion", Command, "echo $((X))", Arith),
    nest("echo", Command, "echo X", Word),
    // Tests.
    nest("test not", Test, "! X", Test),
    nest("test group", Test, "( X )", Test),
    nest("test not group", Test, "!( X )", Test),
    repeat("test and", Test, "x && X", Test),
    repeat("test or", Test, "X || x", Test),
    repeat("test compare", Test, "x == X", Test),
    nest("test substitution", Test, "$(X)", Command),
    nest("test arithmetic", Test, "$((X)) -eq 1", Arith),
    // Arithmetic.
    nest("arith group", Arith, "(X)", Arith),
    nest("arith negate", Arith, "-X", Arith),
    nest("arith not", Arith, "!X", Arith),
    nest("arith complement", Arith, "~X", Arith),
    nest("arith index", Arith, "a[X]", Arith),
    nest("arith expansion", Arith, "$((X))", Arith),
    repeat("arith sum", Arith, "1+X", Arith),
    repeat("arith ternary", Arith, "1?X:1", Arith),
    repeat("arith assign", Arith, "a=X", Arith),
    nest("arith substitution", Arith, "$(X)", Command),
    // Words.
    nest("default", Word, "${v:-X}", Word),
    nest("alternative", Word, "${v:+X}", Word),
    nest("pattern", Word, "${v/X}", Word),
    nest("index", Word, "${v[X]}", Arith),
    nest("quoted", Word, "\"$(echo X)\"", Word),
    nest("brace expansion", Word, "{a,X}", Word),
    nest("extended glob", Word, "@(X)", Word),
    nest("word substitution", Word, "$(X)", Command),
    // fish.
    nest("fish begin", Fish, "begin; X; end", Fish),
    nest("fish if", Fish, "if a; X; end", Fish),
    nest("fish while", Fish, "while a; X; end", Fish),
    nest("fish for", Fish, "for i in a; X; end", Fish),
    nest("fish function", Fish, "function f; X; end", Fish),
    nest("fish substitution", Fish, "echo (X)", Fish),
    nest("fish dollar substitution", Fish, "echo $(X)", Fish),
    nest("fish not", Fish, "not X", Fish),
    nest("fish switch", Fish, "switch a; case a; X; end", Fish),
    repeat("fish and", Fish, "a; and X", Fish),
];

/// `nest` repeated `levels` times around its place's leaf, as a command
/// line (only for a construct whose inner place is its own).
pub fn nested(nest: &Nest, levels: usize) -> String {
    let mut parts = vec![nest; levels];
    let end = nest.inner;
    parts.truncate(levels);
    build(&parts, end)
}

/// The constructs `path` (outermost first) around the leaf of `end`, as
/// a command line in the first construct's place.
fn build(path: &[&Nest], end: Place) -> String {
    let mut open = String::new();
    let mut close: Vec<String> = Vec::with_capacity(path.len());
    for (n, nest) in path.iter().enumerate() {
        let t = nest.template.replace("{n}", &n.to_string());
        let (before, after) = t.split_once('X').unwrap_or((t.as_str(), ""));
        open.push_str(before);
        close.push(after.to_owned());
    }
    open.push_str(end.leaf());
    for after in close.iter().rev() {
        open.push_str(after);
    }
    path.first().map_or(end, |n| n.place).as_line(&open)
}

/// A small deterministic generator of random nested lines (xorshift), so
/// a finding can be replayed from its seed.
#[derive(Clone, Debug)]
pub struct Generator {
    state: u64,
    /// Choices given from outside (a fuzzer's bytes), taken first.
    given: Vec<u8>,
}

impl Generator {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            state: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            given: Vec::new(),
        }
    }

    /// A generator whose choices are `bytes`, two at a time, and then
    /// random: a fuzzer steers it.
    pub fn from_bytes(bytes: &[u8]) -> Self {
        let mut given = bytes.to_vec();
        given.reverse();
        Self {
            given,
            ..Self::new(bytes.len() as u64)
        }
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        if let (Some(a), Some(b)) = (self.given.pop(), self.given.pop()) {
            return usize::from(u16::from_le_bytes([a, b])) % n.max(1);
        }
        let mut x = self.state;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.state = x;
        usize::try_from(x % (n.max(1) as u64)).unwrap_or(0)
    }

    /// A line of about `max_bytes` at most: runs of constructs, each run
    /// one construct repeated, starting in `start` (`Command` or `Fish`),
    /// then a command that must be seen: `rm -rf victim` on its own line.
    pub fn line(&mut self, start: Place, max_bytes: usize) -> String {
        let mut path: Vec<&'static Nest> = Vec::new();
        let mut place = start;
        let mut bytes = 0usize;
        loop {
            let choices: Vec<&'static Nest> = NESTS.iter().filter(|n| n.place == place).collect();
            let Some(&pick) = choices.get(self.below(choices.len())) else {
                break;
            };
            // Mostly short runs, sometimes very long ones.
            let run = match self.below(8) {
                0 => 1 + self.below(2_000),
                1 | 2 => 1 + self.below(120),
                _ => 1 + self.below(6),
            };
            let cost = pick.template.len() + 2;
            let run = run.min(max_bytes.saturating_sub(bytes) / cost);
            if run == 0 {
                break;
            }
            path.extend(std::iter::repeat_n(pick, run));
            bytes += run * cost;
            place = pick.inner;
            if self.below(4) == 0 {
                break;
            }
        }
        let mut line = build(&path, place);
        line.push_str("\nrm -rf victim");
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::depth::arithmetic_depth;
    use crate::parse::{MAX_SYNTAX_DEPTH, syntax_depth};

    /// The bound reads every construct that recurses as at least a level
    /// per level, up to past the bound.
    #[test]
    fn the_depth_bound_counts_every_level_of_every_construct() {
        for nest in NESTS.iter().filter(|n| n.recurses && n.inner == n.place) {
            for levels in [1, 2, 3, 10, MAX_SYNTAX_DEPTH, MAX_SYNTAX_DEPTH + 1] {
                let line = nested(nest, levels);
                // Arithmetic is parsed on its own, with its own bound.
                let read = match nest.place {
                    Place::Arith => arithmetic_depth(&line),
                    // fish is restated as sh by a parser with its own
                    // bound, and the restatement is bounded as any line.
                    Place::Fish => match crate::parse::fish::to_posix(&line) {
                        Ok(posix) => syntax_depth(&posix),
                        Err(_) if levels > MAX_SYNTAX_DEPTH => levels,
                        Err(e) => panic!("{}: {line:?}: {e}", nest.name),
                    },
                    _ => syntax_depth(&line),
                };
                assert!(
                    read >= levels,
                    "{}: {levels} levels read as {read}: {line:?}",
                    nest.name,
                );
            }
        }
    }

    #[test]
    fn nested_lines_are_what_they_say() {
        let by_name = |name: &str| {
            NESTS
                .iter()
                .find(|n| n.name == name)
                .unwrap_or_else(|| panic!("no {name}"))
        };
        assert_eq!(nested(by_name("subshell"), 3), "(((a)))");
        assert_eq!(nested(by_name("test not"), 2), "[[ ! ! x ]]");
        assert_eq!(
            nested(by_name("here-doc to a shell"), 2),
            "bash <<E0\nbash <<E1\na\nE1\n\nE0\n"
        );
        assert_eq!(nested(by_name("arith negate"), 2), "echo $(( --1 ))");
        assert_eq!(nested(by_name("default"), 2), "echo ${v:-${v:-w}}");
        assert_eq!(nested(by_name("subshell"), 0), "a");
    }

    #[test]
    fn generated_lines_are_bounded_and_end_with_the_command_to_see() {
        let mut g = Generator::new(7);
        for _ in 0..200 {
            for start in [Place::Command, Place::Fish] {
                let line = g.line(start, 4_000);
                assert!(line.len() < 4_000 + 2_000, "{}", line.len());
                assert!(line.ends_with("\nrm -rf victim"));
            }
        }
    }
}
