//! Which shell reads a line, and how its grammar differs from bash's.
//!
//! askrisky parses with a bash grammar, but a line is run by some shell:
//! `exec -c` by the configured `shell` (`/bin/sh`, dash on Debian and
//! Ubuntu), an agent by its own choice (bash, the login shell, zsh on
//! macOS), `sh -c` inside a line by whatever `sh` is. A line bash reads as
//! one harmless command can be, to dash, a harmless command and then
//! `rm -rf ~` (`$'…'` ends at its first quote in dash), and `((…))` is
//! arithmetic to bash but two subshells to dash. So each line is read the
//! way every shell that may run it reads it ([`Syntax::dialects`]), and
//! the readings are compared (see `readings`).
//!
//! The other readings are made only when the line holds a construct whose
//! reading differs ([`Dialect::constructs`], a byte scan): for everything
//! else they are the bash reading.

use std::path::Path;

use super::{programs, zsh};

/// The shell that runs a line, as far as askrisky can know it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Syntax {
    /// bash (also bash as `sh`, in POSIX mode: its grammar is the same).
    Bash,
    /// dash (Debian's and Ubuntu's `/bin/sh`), a POSIX shell.
    Dash,
    /// A shell named `sh` that could not be resolved: bash or dash.
    Sh,
    /// zsh.
    Zsh,
    /// bash or zsh, whichever the agent found (Claude Code).
    BashOrZsh,
    /// fish: lines are restated in the POSIX grammar (see `parse::fish`).
    Fish,
    /// Not known: the strictest reading, bash's, dash's and zsh's at once.
    #[default]
    Unknown,
}

/// One grammar a line is read in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// bash's: brush's own grammar, without extended globs (`bash -c`
    /// has `extglob` off: `!(cmd)` is `!` and a subshell).
    #[default]
    Bash,
    /// bash's with `shopt -s extglob` (set by the person's startup files,
    /// or earlier on the line): `!(…)`, `@(…)`, `+(…)` are patterns.
    BashExtglob,
    /// dash's (POSIX sh): brush in sh mode, on the line with `$'` and `$"`
    /// restated as dash reads them.
    Dash,
    /// zsh's: brush's grammar on the line with `=name` restated, and zsh's
    /// precommand modifiers looked through.
    Zsh,
}

impl Syntax {
    /// The old name of [`Syntax::Unknown`], kept so that callers written
    /// before the shells were told apart still get the strictest reading.
    #[allow(non_upper_case_globals)]
    pub const Posix: Self = Self::Unknown;

    /// Every syntax, for tests and tables.
    pub const ALL: [Self; 7] = [
        Self::Bash,
        Self::Dash,
        Self::Sh,
        Self::Zsh,
        Self::BashOrZsh,
        Self::Fish,
        Self::Unknown,
    ];

    /// A short name, for logs and messages.
    pub fn name(self) -> &'static str {
        match self {
            Self::Bash => "bash",
            Self::Dash => "dash",
            Self::Sh => "sh",
            Self::Zsh => "zsh",
            Self::BashOrZsh => "bash-or-zsh",
            Self::Fish => "fish",
            Self::Unknown => "unknown",
        }
    }

    /// The syntax a name from [`Syntax::name`] stands for.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }

    /// A program name that reads code in this syntax, for code handed on
    /// (`parse_for`): fish's and zsh's own, `sh` for the rest.
    pub fn shell(self) -> &'static str {
        match self {
            Self::Fish => "fish",
            Self::Zsh => "zsh",
            Self::Bash => "bash",
            Self::Dash => "dash",
            Self::Sh | Self::BashOrZsh | Self::Unknown => "sh",
        }
    }

    /// The grammars a line in this syntax is read in, bash's first: the
    /// commands of all of them are judged. Empty for fish, which has its
    /// own restatement.
    pub fn dialects(self) -> &'static [Dialect] {
        use Dialect::{Bash, BashExtglob, Dash, Zsh};
        match self {
            Self::Bash => &[Bash, BashExtglob],
            Self::Dash | Self::Sh => &[Bash, BashExtglob, Dash],
            // zsh's reading is bash's grammar with what zsh reads
            // differently restated: it is the only one made for zsh.
            Self::Zsh => &[Zsh],
            Self::BashOrZsh => &[Bash, BashExtglob, Zsh],
            Self::Unknown => &[Bash, BashExtglob, Dash, Zsh],
            Self::Fish => &[],
        }
    }

    /// The syntax of code handed to a program by name: a shell's own
    /// (`dash -c`, `zsh -c`); `sh` is bash or dash; other shells (ksh, ash,
    /// busybox, yash, csh) and programs that hand code to a shell of their
    /// choice (`ssh host`, `su -c`, `parallel`) are not known.
    pub fn for_program(name: &str) -> Self {
        match programs::shell_name(name).unwrap_or(name) {
            "bash" => Self::Bash,
            "dash" => Self::Dash,
            "sh" | "watch" | "make" => Self::Sh,
            "zsh" => Self::Zsh,
            "fish" => Self::Fish,
            _ => Self::Unknown,
        }
    }

    /// The syntax of the shell program at `path`, by the file it reaches
    /// or the name it was given (a link named `sh` to busybox is `sh`);
    /// `None` for a program that is none of the shells askrisky reads
    /// lines for (sh, bash, dash, zsh, fish).
    pub fn of_shell(path: &Path) -> Option<Self> {
        let name = |p: &Path| {
            p.file_name()
                .and_then(|n| n.to_str())
                .map(programs::program_name)
                .unwrap_or_default()
        };
        let known = |n: &str| {
            matches!(n, "sh" | "bash" | "rbash" | "dash" | "zsh" | "fish")
                .then(|| Self::for_program(n))
        };
        std::fs::canonicalize(path)
            .ok()
            .and_then(|real| known(&name(&real)))
            .or_else(|| known(&name(path)))
    }

    /// The real shell behind a path: symbolic links are followed and the
    /// file reached is named (`/bin/sh` → `dash`), else the name as given.
    /// bash reached as `sh` runs in POSIX mode, whose grammar is bash's.
    /// Where `/bin/sh` is a program that picks the shell (macOS), the
    /// shell it picks (see `platform::SH_SELECTOR`).
    pub fn of_path(path: &Path) -> Self {
        let syntax = Self::of_path_as_is(path);
        if syntax == Self::Sh && crate::platform::SH_SELECTOR.is_some() {
            return Self::of_picked(crate::platform::sh_selected().as_deref());
        }
        syntax
    }

    /// The syntax of macOS's `/bin/sh`, given the shell its selector link
    /// names: bash (the default, in POSIX mode: bash's grammar) or dash
    /// as themselves; zsh as `sh` emulates sh, and a selector that cannot
    /// be read could name any of the three, so both are read every way.
    pub fn of_picked(picked: Option<&Path>) -> Self {
        let name = picked
            .and_then(|p| p.file_name())
            .and_then(|n| n.to_str())
            .map(programs::program_name)
            .unwrap_or_default();
        match name.as_str() {
            "bash" => Self::Bash,
            "dash" => Self::Dash,
            _ => Self::Unknown,
        }
    }

    fn of_path_as_is(path: &Path) -> Self {
        let name = |p: &Path| {
            p.file_name()
                .and_then(|n| n.to_str())
                .map(programs::program_name)
                .unwrap_or_default()
        };
        let known = |n: &str| match programs::shell_name(n) {
            Some("bash" | "dash" | "zsh" | "fish") => Some(Self::for_program(n)),
            _ => None,
        };
        let real = std::fs::canonicalize(path).ok();
        if let Some(s) = real.as_deref().map(name).as_deref().and_then(known) {
            return s;
        }
        let given = name(path);
        // A shell found under another name (a copy, a wrapper) is judged
        // by the name it was given; a name askrisky does not know is
        // unknown.
        Self::for_program(&given)
    }
}

impl Dialect {
    /// The syntax that code run by this dialect's shell (`eval`, `trap`,
    /// `source`) is read in.
    pub fn syntax(self) -> Syntax {
        match self {
            Self::Bash | Self::BashExtglob => Syntax::Bash,
            Self::Dash => Syntax::Dash,
            Self::Zsh => Syntax::Zsh,
        }
    }

    /// A short name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Self::Bash => "bash",
            Self::BashExtglob => "bash with extglob",
            Self::Dash => "dash",
            Self::Zsh => "zsh",
        }
    }

    /// The constructs in `src` that this dialect reads differently from
    /// bash. Empty: its reading is bash's, and need not be made. A scan of
    /// bytes; it may find a construct in a quoted string (and a reading is
    /// made for nothing), never miss one.
    pub fn constructs(self, src: &str) -> Vec<Construct> {
        let b = src.as_bytes();
        match self {
            Self::Bash => Vec::new(),
            Self::BashExtglob => {
                let opener = b
                    .windows(2)
                    .any(|w| matches!(w[0], b'!' | b'@' | b'+' | b'*' | b'?') && w[1] == b'(');
                if opener {
                    vec![Construct::Extglob]
                } else {
                    Vec::new()
                }
            }
            Self::Dash => DASH
                .iter()
                .filter(|c| (c.found)(b))
                .map(|c| c.construct)
                .collect(),
            Self::Zsh => {
                let mut out: Vec<Construct> = ZSH
                    .iter()
                    .filter(|c| (c.found)(b))
                    .map(|c| c.construct)
                    .collect();
                if zsh::restate(src) != src {
                    out.push(Construct::ZshEquals);
                }
                if !scan(b, Self::Zsh).is_empty() {
                    out.push(Construct::ZshQuoting);
                }
                if zsh::evaluates_code(src) {
                    out.push(Construct::ZshGlobQualifier);
                }
                out
            }
        }
    }

    /// The text brush parses for this dialect's reading of `src`.
    pub fn restate(self, src: &str) -> std::borrow::Cow<'_, str> {
        match self {
            Self::Bash | Self::BashExtglob => src.into(),
            Self::Dash => dash_restate(src),
            Self::Zsh => zsh_restate(src),
        }
    }

    /// brush's options for this dialect: dash's is brush's sh mode (no
    /// `[[`, `((`, `<<<`, `&>`, `|&`, arrays, process substitution).
    pub fn parser_options(self) -> brush_parser::ParserOptions {
        let mut o = super::word::options();
        // bash -c has extglob off; zsh's glob qualifiers (`*(.)`) parse
        // as brush's extended globs.
        o.enable_extended_globbing = matches!(self, Self::BashExtglob | Self::Zsh);
        if self == Self::Dash {
            o.sh_mode = true;
            o.posix_mode = true;
        }
        o
    }
}

/// A construct that a shell reads differently from bash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Construct {
    /// `!(…)`, `@(…)`, `+(…)`, `*(…)`, `?(…)`
    Extglob,
    /// `$'…'`
    AnsiC,
    /// `$"…"`
    Locale,
    /// `12>file`: a descriptor number of two or more digits
    Descriptor,
    /// `((…))`
    Arithmetic,
    /// `[[ … ]]`
    Test,
    /// `<<<`
    HereString,
    /// `&>`, `|&`, `;&`, `;;&`
    BashOperator,
    /// `<(…)`, `>(…)`
    ProcessSubstitution,
    /// `name=(…)`
    Array,
    /// `function`, `select`, `coproc`
    BashKeyword,
    /// zsh's `=name`
    ZshEquals,
    /// zsh's precommand modifiers and `repeat`
    ZshPrecommand,
    /// zsh's glob qualifiers that run code
    ZshGlobQualifier,
    /// zsh's other syntax: `${(…)…}` flags, `&!`, `emulate -c`, `always`
    ZshOther,
    /// zsh's `$'…'`, `$"…"`, `{cmd}` and `~NAME`
    ZshQuoting,
}

impl Construct {
    /// What the construct is and how the other shell reads it, for the
    /// person.
    pub fn describe(self) -> &'static str {
        match self {
            Self::Extglob => {
                "!(…), @(…) (without shopt -s extglob, as in bash -c, !(cmd) is ! and a subshell; with it, a pattern)"
            }
            Self::AnsiC => "$'…' (dash has no ANSI-C quoting: the string ends at its first quote)",
            Self::Locale => "$\"…\" (dash reads a $ and then a double-quoted string)",
            Self::Descriptor => {
                "a descriptor number of two or more digits (dash reads a word and a redirection)"
            }
            Self::Arithmetic => {
                "((…)) or $[…] (dash runs ((…)) as nested subshells; $[ is text to it)"
            }
            Self::Test => {
                "[[ … ]] (dash runs [[ as a command: its && ends it, its > is a redirection)"
            }
            Self::HereString => "<<< (dash reads a here-document)",
            Self::BashOperator => "&>, |&, ;& (dash reads & and | as their own operators)",
            Self::ProcessSubstitution => "<(…) or >(…) (dash reads a redirection and a subshell)",
            Self::Array => {
                "an array assignment name=(…) or name[i]=… (dash reads a subshell, or a command)"
            }
            Self::BashKeyword => "function, select or coproc (dash runs them as commands)",
            Self::ZshEquals => "=name (zsh's path of the program name names)",
            Self::ZshPrecommand => {
                "noglob, nocorrect, - or repeat (zsh runs the command after them)"
            }
            Self::ZshGlobQualifier => "a glob qualifier that runs code (zsh runs it for each file)",
            Self::ZshOther => "zsh syntax (${(e)…}, >!, 2&>, &!, emulate -c, always)",
            Self::ZshQuoting => {
                "zsh quoting and braces ($'…' escapes, $\"…\", {cmd} without spaces, ~NAME)"
            }
        }
    }
}

struct Scan {
    construct: Construct,
    found: fn(&[u8]) -> bool,
}

fn has(b: &[u8], pat: &[u8]) -> bool {
    b.windows(pat.len()).any(|w| w == pat)
}

/// `word` as a whole word (not part of a longer name).
fn has_word(b: &[u8], word: &[u8]) -> bool {
    let name = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
    b.windows(word.len()).enumerate().any(|(i, w)| {
        w == word && (i == 0 || !name(b[i - 1])) && b.get(i + word.len()).is_none_or(|&c| !name(c))
    })
}

static DASH: &[Scan] = &[
    Scan {
        construct: Construct::AnsiC,
        found: |b| has(b, b"$'"),
    },
    Scan {
        construct: Construct::Locale,
        found: |b| has(b, b"$\""),
    },
    Scan {
        construct: Construct::Descriptor,
        found: |b| (0..b.len()).any(|i| matches!(b[i], b'<' | b'>') && long_number_before(b, i)),
    },
    Scan {
        construct: Construct::Arithmetic,
        found: |b| has(b, b"((") || has(b, b"$["),
    },
    Scan {
        construct: Construct::Test,
        found: |b| has(b, b"[["),
    },
    Scan {
        construct: Construct::HereString,
        found: |b| has(b, b"<<<"),
    },
    Scan {
        construct: Construct::BashOperator,
        found: |b| has(b, b"&>") || has(b, b"|&") || has(b, b";&"),
    },
    Scan {
        construct: Construct::ProcessSubstitution,
        found: |b| has(b, b"<(") || has(b, b">("),
    },
    Scan {
        construct: Construct::Array,
        found: |b| has(b, b"=(") || has(b, b"]="),
    },
    Scan {
        construct: Construct::BashKeyword,
        found: |b| has_word(b, b"function") || has_word(b, b"select") || has_word(b, b"coproc"),
    },
];

static ZSH: &[Scan] = &[
    Scan {
        construct: Construct::ZshPrecommand,
        found: |b| {
            has_word(b, b"noglob")
                || has_word(b, b"nocorrect")
                || has_word(b, b"repeat")
                || lone_dash_word(b)
        },
    },
    Scan {
        construct: Construct::ZshOther,
        found: |b| {
            has(b, b"${(")
                || has(b, b">!")
                || b.windows(3)
                    .any(|w| w[0].is_ascii_digit() && &w[1..] == b"&>")
                || has(b, b"&!")
                || has(b, b"&|")
                || has_word(b, b"emulate")
                || has_word(b, b"always")
        },
    },
];

/// A word that is only `-` (zsh's precommand modifier `- cmd`).
fn lone_dash_word(b: &[u8]) -> bool {
    let sep = |c: u8| c.is_ascii_whitespace() || b";&|(){}".contains(&c);
    b.iter().enumerate().any(|(i, &c)| {
        c == b'-' && (i == 0 || sep(b[i - 1])) && b.get(i + 1).is_none_or(|&n| sep(n))
    })
}

/// dash's reading of the code restated for brush: `$'` becomes `"$"'`
/// (a literal `$`, then a single-quoted string that ends at the next `'`,
/// as in dash), `$"` becomes `"$""`, and a word of two or more digits
/// before `<` or `>` gets a space (dash's descriptor numbers have one
/// digit).
fn dash_restate(src: &str) -> std::borrow::Cow<'_, str> {
    apply(src, scan(src.as_bytes(), Dialect::Dash))
}

/// zsh's reading restated for brush: `=name` as `name`; `$"` as `"$""`
/// (zsh has no locale strings); in `$'…'` an unknown escape loses its
/// backslash (`$'r\m'` is `rm` to zsh); a brace group written without
/// spaces (`{rm -rf ~}`) gets them; `~NAME` is the named directory of a
/// parameter (`~HOME` is home, `~PWD` the working folder).
fn zsh_restate(src: &str) -> std::borrow::Cow<'_, str> {
    let mut edits = scan(src.as_bytes(), Dialect::Zsh);
    // Glob qualifiers the POSIX grammar cannot read, taken off their
    // patterns (`*.ts(.N)` ─► `*.ts`).
    edits.extend(
        zsh::plain_qualifiers(src)
            .into_iter()
            .map(|(at, end)| Edit {
                at,
                remove: end - at,
                insert: "",
            }),
    );
    edits.sort_by_key(|e| e.at);
    apply(src, edits)
}

/// Whether a `#` follows, glued, the `)` that closes a `<(` or `>(`: bash
/// and zsh read it as part of the word. Quotes are not followed: a line
/// that only holds the bytes in a string asks too, which errs closed.
pub fn hash_after_process_substitution(src: &str) -> bool {
    let b = src.as_bytes();
    let mut from = 0;
    while let Some(at) = b[from..]
        .windows(2)
        .position(|w| (w[0] == b'<' || w[0] == b'>') && w[1] == b'(')
    {
        let open = from + at + 1;
        let mut depth = 0usize;
        for (j, &c) in b.iter().enumerate().skip(open) {
            match c {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        if b.get(j + 1) == Some(&b'#') {
                            return true;
                        }
                        break;
                    }
                }
                _ => {}
            }
        }
        from = open;
    }
    false
}

/// A backslash and a line break inside `$'…'`: bash and zsh keep both
/// (`$'a\<newline>b'` is four characters); the parser takes them for a
/// line continuation and drops them. Quotes around the `$'` are not
/// followed, which errs closed.
pub fn continuation_in_ansi_c(b: &[u8]) -> bool {
    let mut i = 0;
    while let Some(at) = b[i..].windows(2).position(|w| w == b"$'") {
        let mut j = i + at + 2;
        while j < b.len() && b[j] != b'\'' {
            if b[j] == b'\\' {
                if b.get(j + 1) == Some(&b'\n') {
                    return true;
                }
                j += 1;
            }
            j += 1;
        }
        i = j + 1;
        if i >= b.len() {
            break;
        }
    }
    false
}

/// `a[x y]=v`: a word that starts a name and `[`, at the start of a word,
/// whose `]=` (or `]+=`) comes after a blank or an operator character.
/// Quotes are not followed: the bytes in a string ask too, which errs
/// closed.
pub fn spaced_subscript(b: &[u8]) -> bool {
    // One pass: each open `[` remembers where it opened and whether a name
    // starting a word came right before it; a break seen after the newest
    // opening is the latest break position, so nothing is rescanned.
    let name = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut open: Vec<(usize, bool)> = Vec::new();
    let mut last_break = None;
    let mut word_start = 0;
    for (k, &c) in b.iter().enumerate() {
        match c {
            b'[' => {
                let head = &b[word_start..k];
                let is_name = !head.is_empty()
                    && (head[0].is_ascii_alphabetic() || head[0] == b'_')
                    && head.iter().all(|c| name(*c))
                    && starts_word(b, word_start);
                open.push((k, is_name));
            }
            b']' => {
                if let Some((at, is_name)) = open.pop() {
                    let rest = &b[k + 1..];
                    if is_name
                        && last_break.is_some_and(|p| p > at)
                        && (rest.starts_with(b"=") || rest.starts_with(b"+="))
                    {
                        return true;
                    }
                }
            }
            // What ends a word for the parser: a blank, or an operator
            // (`a[>ls]=go build` is an assignment to bash).
            b' ' | b'\t' | b'\n' | b'<' | b'>' | b'|' | b';' | b'&' | b'(' => {
                if !matches!(c, b'(') {
                    last_break = Some(k);
                }
                if open.is_empty() {
                    word_start = k + 1;
                }
            }
            _ => {}
        }
    }
    false
}

/// `a=(one two)x`: bash reads an array assignment with text glued after
/// its `)` as one assignment word, brush as an assignment and a command.
pub fn glued_array(b: &[u8]) -> bool {
    let mut from = 0;
    while let Some(at) = b[from..].windows(2).position(|w| w == b"=(") {
        let open = from + at + 1;
        let mut depth = 0usize;
        let mut close = None;
        for (j, &c) in b.iter().enumerate().skip(open) {
            match c {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(j);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else {
            return false;
        };
        if b.get(close + 1)
            .is_some_and(|c| !c.is_ascii_whitespace() && !b";&|)<>".contains(c))
        {
            return true;
        }
        from = close;
    }
    false
}

/// Applies edits (in order of their place) to `src`.
fn apply(src: &str, edits: Vec<Edit>) -> std::borrow::Cow<'_, str> {
    if edits.is_empty() {
        return src.into();
    }
    let mut out = String::with_capacity(src.len() + 4 * edits.len());
    let mut from = 0;
    for e in edits {
        if e.at < from || e.at + e.remove > src.len() {
            continue;
        }
        out.push_str(&src[from..e.at]);
        out.push_str(e.insert);
        from = e.at + e.remove;
    }
    out.push_str(&src[from..]);
    out.into()
}

/// A change to the text: `remove` bytes at `at` replaced by `insert`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Edit {
    at: usize,
    remove: usize,
    insert: &'static str,
}

impl Edit {
    /// The `$` of a `$'` or `$"` is a literal `$`.
    fn dollar(at: usize) -> Self {
        Self {
            at,
            remove: 1,
            insert: "\"$\"",
        }
    }

    fn insert(at: usize, insert: &'static str) -> Self {
        Self {
            at,
            remove: 0,
            insert,
        }
    }
}

/// What the scanner is inside.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    /// Code, ended by `)` at depth 0 (in `$(…)`), by `` ` `` (in
    /// backquotes), by `}` (in `${…}`), or by nothing (the line).
    Code(Option<u8>, usize),
    /// Inside double quotes.
    Double,
    /// Inside `$((…))`, ended by `))` at depth 0.
    Arith(usize),
}

/// Where `dialect` reads code differently from brush, as edits. Quotes,
/// escapes, comments, substitutions and here-document bodies are followed
/// as the shell follows them, so only code positions change.
fn scan(b: &[u8], dialect: Dialect) -> Vec<Edit> {
    let zsh = dialect == Dialect::Zsh;
    let mut out = Vec::new();
    let mut stack = vec![Ctx::Code(None, 0)];
    let mut heredocs: Vec<(Vec<u8>, bool)> = Vec::new();
    // zsh brace groups opened without a space, still open.
    let mut groups = 0usize;
    // Where the last `$(…)` or `$((…))` closed: a `#` right after it is in
    // the word, not a comment (`$(true)#x`).
    let mut substitution_end = None;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let Some(&top) = stack.last() else {
            break;
        };
        match top {
            Ctx::Double => match c {
                b'\\' => i += 1,
                b'"' => {
                    stack.pop();
                }
                // dash has no `$[…]`: the `$` is text.
                b'$' if !zsh && b.get(i + 1) == Some(&b'[') => out.push(Edit::insert(i, "\\")),
                b'`' => stack.push(Ctx::Code(Some(b'`'), 0)),
                b'$' => i += open_dollar(b, i, &mut stack),
                _ => {}
            },
            Ctx::Arith(depth) => match c {
                b'(' => set_top(&mut stack, Ctx::Arith(depth + 1)),
                b')' if depth == 0 => {
                    stack.pop();
                    if b.get(i + 1) == Some(&b')') {
                        i += 1;
                    }
                    substitution_end = Some(i);
                }
                b')' => set_top(&mut stack, Ctx::Arith(depth - 1)),
                b'$' => i += open_dollar(b, i, &mut stack),
                b'`' => stack.push(Ctx::Code(Some(b'`'), 0)),
                _ => {}
            },
            Ctx::Code(end, depth) => match c {
                b'\\' => i += 1,
                b'\'' => i = skip_single(b, i),
                b'"' => stack.push(Ctx::Double),
                b'`' if end == Some(b'`') => {
                    stack.pop();
                }
                b'`' => stack.push(Ctx::Code(Some(b'`'), 0)),
                b'$' if b.get(i + 1) == Some(&b'"') => out.push(Edit::dollar(i)),
                b'$' if !zsh && b.get(i + 1) == Some(&b'[') => out.push(Edit::insert(i, "\\")),
                b'$' if b.get(i + 1) == Some(&b'\'') && !zsh => out.push(Edit::dollar(i)),
                b'$' if b.get(i + 1) == Some(&b'\'') => {
                    i = zsh_ansi_c(b, i + 2, &mut out);
                }
                // zsh too takes one digit for a descriptor (`8080>:80`
                // is the word 8080 and a redirection).
                b'<' | b'>' if long_number_before(b, i) => out.push(Edit::insert(i, " ")),
                // `<<<`, a here-string: no here-document starts in it.
                b'<' if b.get(i + 1) == Some(&b'<') && b.get(i + 2) == Some(&b'<') => {
                    i += 3;
                    continue;
                }
                // zsh's `>!` and `>>!` write even with noclobber set, as
                // bash's `>|` does: the `!` is part of the operator.
                // `cmd &!` and `cmd &|`: in the background, disowned.
                b'&' if zsh
                    && matches!(b.get(i + 1), Some(b'!' | b'|'))
                    && (i == 0 || !b"<>&".contains(&b[i - 1])) =>
                {
                    out.push(Edit {
                        at: i + 1,
                        remove: 1,
                        insert: "",
                    });
                    i += 1;
                }
                b'&' if zsh && b.get(i + 1) == Some(&b'>') => {
                    // `7&>f`: zsh takes the digits for a descriptor.
                    let digits = b[..i]
                        .iter()
                        .rev()
                        .take_while(|c| c.is_ascii_digit())
                        .count();
                    if digits > 0 && starts_word(b, i - digits) {
                        out.push(Edit {
                            at: i - digits,
                            remove: digits,
                            insert: "",
                        });
                    }
                }
                b'>' if zsh && b.get(i + 1) == Some(&b'!') => {
                    // bash has `>|` but no `&>|`: there, plain `&>`.
                    let after_amp = i > 0 && b[i - 1] == b'&';
                    out.push(Edit {
                        at: i + 1,
                        remove: 1,
                        insert: if after_amp { "" } else { "|" },
                    });
                    i += 1;
                }
                b'>' if zsh && b.get(i + 1) == Some(&b'>') && b.get(i + 2) == Some(&b'!') => {
                    out.push(Edit {
                        at: i + 2,
                        remove: 1,
                        insert: "",
                    });
                    i += 2;
                }
                b'$' => i += open_dollar(b, i, &mut stack),
                b'(' if end == Some(b')') => set_top(&mut stack, Ctx::Code(end, depth + 1)),
                b')' if end == Some(b')') && depth == 0 => {
                    stack.pop();
                    substitution_end = Some(i);
                }
                b')' if end == Some(b')') => set_top(&mut stack, Ctx::Code(end, depth - 1)),
                b'{' if end == Some(b'}') => set_top(&mut stack, Ctx::Code(end, depth + 1)),
                b'}' if end == Some(b'}') && depth == 0 => {
                    stack.pop();
                }
                b'}' if end == Some(b'}') => set_top(&mut stack, Ctx::Code(end, depth - 1)),
                b'{' if zsh
                    && command_start(b, i)
                    && b.get(i + 1)
                        .is_some_and(|n| !n.is_ascii_whitespace() && *n != b'}') =>
                {
                    out.push(Edit::insert(i + 1, " "));
                    groups += 1;
                }
                b'}' if zsh
                    && groups > 0
                    && i > 0
                    && !b[i - 1].is_ascii_whitespace()
                    && !b";&".contains(&b[i - 1])
                    && b.get(i + 1)
                        .is_none_or(|&n| n.is_ascii_whitespace() || b";&|)".contains(&n)) =>
                {
                    out.push(Edit::insert(i, ";"));
                    groups -= 1;
                }
                // zsh's `=name`: the path of the command `name`. As the
                // program it runs `name`; as an argument it is a path
                // known only at run time.
                b'=' if zsh
                    && (starts_word(b, i) || (b[i - 1] == b'{' && command_start(b, i - 1)))
                    && b.get(i + 1).is_some_and(|&n| {
                        !(n.is_ascii_whitespace() || b"()=;&|<>".contains(&n))
                    }) =>
                {
                    if command_start(b, i) {
                        out.push(Edit {
                            at: i,
                            remove: 1,
                            insert: "",
                        });
                    } else {
                        // A path ending in the name: a wrapper's command
                        // (`sudo =rm`) is still `rm`.
                        out.push(Edit {
                            at: i,
                            remove: 1,
                            insert: "/usr/bin/",
                        });
                    }
                }
                b'~' if zsh && (starts_word(b, i) || b[i - 1] == b'=') => {
                    if let Some(e) = zsh_named_dir(b, i) {
                        out.push(e);
                    }
                }
                b'#' if i == 0 || word_break(b[i - 1]) && substitution_end != Some(i - 1) => {
                    while i + 1 < b.len() && b[i + 1] != b'\n' {
                        i += 1;
                    }
                }
                b'<' if b.get(i + 1) == Some(&b'<') && b.get(i + 2) != Some(&b'<') => {
                    let (next, delim) = heredoc_delimiter(b, i + 2);
                    if let Some(d) = delim {
                        heredocs.push(d);
                    }
                    i = next;
                    continue;
                }
                b'\n' if !heredocs.is_empty() => {
                    i = skip_heredoc_bodies(b, i + 1, &mut heredocs);
                    continue;
                }
                _ => {}
            },
        }
        i += 1;
    }
    out.sort_by_key(|e| e.at);
    out
}

/// True when the byte at `i` starts a command: the line's start, or after
/// `;`, `&`, `|`, `(`, `{` or a line break (blanks skipped).
/// True when a word starts at `i`: the line's start, or after a break
/// that is not itself escaped (`x\ =y` is one word).
fn starts_word(b: &[u8], i: usize) -> bool {
    i == 0 || (word_break(b[i - 1]) && !(i >= 2 && b[i - 2] == b'\\'))
}

fn command_start(b: &[u8], i: usize) -> bool {
    match b[..i].iter().rposition(|c| *c != b' ' && *c != b'\t') {
        None => true,
        Some(p) => b";&|({\n".contains(&b[p]),
    }
}

/// Walks a zsh `$'…'` whose text starts at `i`, marking each unknown
/// escape's backslash for removal (zsh drops it, bash keeps it). Returns
/// the index of the closing quote.
fn zsh_ansi_c(b: &[u8], mut i: usize, out: &mut Vec<Edit>) -> usize {
    while i < b.len() {
        match b[i] {
            b'\'' => return i,
            b'\\' if zsh_nul(&b[i..]) > 0 => {
                // zsh keeps the NUL; a program's argument ends there,
                // after the quotes too: the word is only known at run time.
                let len = zsh_nul(&b[i..]);
                out.push(Edit {
                    at: i,
                    remove: len,
                    insert: "'$ZSH_NUL$'",
                });
                i += len;
            }
            b'\\' => {
                let known = b
                    .get(i + 1)
                    .is_some_and(|n| b"abeEfnrtv\\'\"?01234567xuUc".contains(n));
                if !known && i + 1 < b.len() {
                    out.push(Edit {
                        at: i,
                        remove: 1,
                        insert: "",
                    });
                }
                i += 2;
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// The length of an escape zsh decodes to NUL at the start of `b` (`\0`,
/// `\x`, `\u` or `\U` with no digit, `\x00`, `\c@`, `\u0000`), else 0.
fn zsh_nul(b: &[u8]) -> usize {
    let digits = |from: usize, max: usize, radix: u32| -> (usize, bool) {
        let d: Vec<u8> = b
            .iter()
            .skip(from)
            .take(max)
            .take_while(|c| (**c as char).is_digit(radix))
            .copied()
            .collect();
        (d.len(), d.iter().all(|c| *c == b'0'))
    };
    match b.get(1) {
        Some(b'0') => {
            let (n, zero) = digits(2, 3, 8);
            if zero { 2 + n } else { 0 }
        }
        Some(b'x') => {
            let (n, zero) = digits(2, 2, 16);
            if zero { 2 + n } else { 0 }
        }
        // `\u` with no digit too (`$'\uprobe'` is NUL, then `probe`).
        Some(b'u' | b'U') => {
            let (n, zero) = digits(2, if b[1] == b'u' { 4 } else { 8 }, 16);
            if zero { 2 + n } else { 0 }
        }
        Some(b'c') if b.get(2) == Some(&b'@') => 3,
        _ => 0,
    }
}

/// `~NAME` at the start of a word: to zsh the named directory of the
/// parameter NAME when there is one (`~HOME`, `~PWD`), else a user's home.
/// Restated as home for `~HOME`, else as a value known only at run time.
fn zsh_named_dir(b: &[u8], i: usize) -> Option<Edit> {
    let name_len = b[i + 1..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count();
    let after = b.get(i + 1 + name_len);
    if name_len == 0 || after.is_some_and(|c| !(word_break(*c) || *c == b'/')) {
        return None;
    }
    let name = &b[i + 1..i + 1 + name_len];
    if name[0].is_ascii_digit() {
        return None;
    }
    let insert = if name == b"HOME" {
        "~"
    } else {
        "$ZSH_NAMED_DIR"
    };
    Some(Edit {
        at: i,
        remove: 1 + name_len,
        insert,
    })
}

/// Two or more digits, a whole word, end right before `i`.
fn long_number_before(b: &[u8], i: usize) -> bool {
    let digits = b[..i]
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .count();
    digits >= 2 && (digits == i || word_break(b[i - digits - 1]))
}

fn set_top(stack: &mut [Ctx], ctx: Ctx) {
    if let Some(top) = stack.last_mut() {
        *top = ctx;
    }
}

fn word_break(c: u8) -> bool {
    c.is_ascii_whitespace() || b";&|()<>".contains(&c)
}

/// The index of the `'` closing the single-quoted string opened at `i`
/// (the end of the text when it is not closed).
fn skip_single(b: &[u8], i: usize) -> usize {
    b[i + 1..]
        .iter()
        .position(|&c| c == b'\'')
        .map_or(b.len(), |p| i + 1 + p)
}

/// Opens what a `$` at `i` starts (`$(`, `$((`, `${`) and returns how many
/// bytes after `i` it took.
fn open_dollar(b: &[u8], i: usize, stack: &mut Vec<Ctx>) -> usize {
    match (b.get(i + 1), b.get(i + 2)) {
        (Some(b'('), Some(b'(')) => {
            stack.push(Ctx::Arith(0));
            2
        }
        (Some(b'('), _) => {
            stack.push(Ctx::Code(Some(b')'), 0));
            1
        }
        (Some(b'{'), _) => {
            stack.push(Ctx::Code(Some(b'}'), 0));
            1
        }
        _ => 0,
    }
}

/// Reads the delimiter of a here-document whose `<<` ends before `i`.
/// Returns where to go on, and the delimiter with whether its body is
/// taken literally.
fn heredoc_delimiter(b: &[u8], mut i: usize) -> (usize, Option<(Vec<u8>, bool)>) {
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    while matches!(b.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    let mut word = Vec::new();
    let mut quoted = false;
    while let Some(&c) = b.get(i) {
        match c {
            b'\'' => {
                quoted = true;
                let end = skip_single(b, i);
                word.extend_from_slice(&b[i + 1..end.min(b.len())]);
                i = end + 1;
            }
            b'"' => {
                quoted = true;
                i += 1;
                while let Some(&d) = b.get(i) {
                    if d == b'"' {
                        break;
                    }
                    if d == b'\\' {
                        i += 1;
                    }
                    if let Some(&e) = b.get(i) {
                        word.push(e);
                    }
                    i += 1;
                }
                i += 1;
            }
            b'\\' => {
                quoted = true;
                if let Some(&e) = b.get(i + 1) {
                    word.push(e);
                }
                i += 2;
            }
            c if c.is_ascii_whitespace() || b";&|()<>".contains(&c) => break,
            c => {
                word.push(c);
                i += 1;
            }
        }
    }
    let delim = (!word.is_empty()).then_some((word, quoted));
    (i, delim)
}

/// Skips the bodies of the pending here-documents, which start at `i`;
/// returns the index after the last body's delimiter line.
fn skip_heredoc_bodies(b: &[u8], mut i: usize, pending: &mut Vec<(Vec<u8>, bool)>) -> usize {
    for (delim, _) in pending.drain(..) {
        while i < b.len() {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p);
            let line = &b[i..end];
            let trimmed = {
                let start = line.iter().position(|&c| c != b'\t').unwrap_or(line.len());
                &line[start..]
            };
            i = end + 1;
            if trimmed == delim.as_slice() {
                break;
            }
        }
    }
    i.min(b.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_escaped_in_ansi_c_strings() {
        for (src, want) in [
            ("git commit -m $'o<<EO\\\nF\nne'", true),
            ("echo $'a\\nb'", false),
            ("echo $'a\\\\'\nb", false),
            ("echo 'a\\\nb'", false),
            ("echo $'a", false),
        ] {
            assert_eq!(continuation_in_ansi_c(src.as_bytes()), want, "{src:?}");
        }
    }

    #[test]
    fn subscripts_with_blanks() {
        for (src, want) in [
            ("gfunctions[hidden 'b c'x]=h pr list", true),
            ("timaliases[lsalias x=]=e cargo build", true),
            ("a[1 + 1]+=x rm -rf ~", true),
            ("x=1; a[i j]=2 cmd", true),
            ("a[1]=x cmd", false),
            ("caraliases[>ls]=go build", true),
            ("a[$((i+1))]=x cmd", false),
            ("echo a[1 2]", false),
            ("[ a = b ]", false),
            ("arr[1 2] x", false),
            ("echo x[", false),
        ] {
            assert_eq!(spaced_subscript(src.as_bytes()), want, "{src}");
        }
    }

    #[test]
    fn hash_glued_to_a_process_substitution() {
        for (src, want) in [
            ("echo <(true)#; rm -rf ~", true),
            ("base64 -d payl>(true)#oad.txt | bash", true),
            ("diff <(a) <(b(c))#x", true),
            ("diff <(a) <(b) # a comment", false),
            ("echo $(true)#x", false),
            ("echo <(true", false),
        ] {
            assert_eq!(hash_after_process_substitution(src), want, "{src}");
        }
    }

    #[test]
    fn dash_restatement() {
        for (src, want) in [
            ("echo $'a'", "echo \"$\"'a'"),
            ("echo $[1+2] \"$[x]\"", "echo \\$[1+2] \"\\$[x]\""),
            ("echo $\"a\"", "echo \"$\"\"a\""),
            ("echo \"$'a'\"", "echo \"$'a'\""),
            ("echo '$'\"'\"", "echo '$'\"'\""),
            ("echo $(echo $'x')", "echo $(echo \"$\"'x')"),
            ("echo `echo $'x'`", "echo `echo \"$\"'x'`"),
            ("echo ${x:-$'x'}", "echo ${x:-\"$\"'x'}"),
            ("echo \\$'x'", "echo \\$'x'"),
            ("cmd 80>00 2>&1 a12>b", "cmd 80 >00 2>&1 a12>b"),
            ("# $'x'\necho $'y'", "# $'x'\necho \"$\"'y'"),
            // A `#` glued to a substitution is in the word: no comment.
            ("a $(true)#| b $'x'", "a $(true)#| b \"$\"'x'"),
            ("a $((1))# $'x'", "a $((1))# \"$\"'x'"),
            ("(true)# $'x'", "(true)# $'x'"),
            (
                "cat <<E\n$'x'\nE\necho $'y'",
                "cat <<E\n$'x'\nE\necho \"$\"'y'",
            ),
            (
                "cat <<'E'\n'\nE\necho $'y'",
                "cat <<'E'\n'\nE\necho \"$\"'y'",
            ),
            // dash: the string ends at the first quote, so the second
            // `$'` is in code.
            ("echo $'\\' $'x'", "echo \"$\"'\\' \"$\"'x'"),
        ] {
            assert_eq!(dash_restate(src), want, "{src:?}");
        }
    }

    #[test]
    fn zsh_restatement() {
        for (src, want) in [
            ("echo $'r\\m' $'a\\nb'", "echo $'rm' $'a\\nb'"),
            ("echo $\"x\"", "echo \"$\"\"x\""),
            ("{rm -rf ~}", "{ rm -rf ~;}"),
            ("ls; {echo a} && x", "ls; { echo a;} && x"),
            ("{ ls }", "{ ls }"),
            ("echo {a,b} x{y}", "echo {a,b} x{y}"),
            (
                "rm -rf ~HOME ~PWD/x ~ ~/a",
                "rm -rf ~ $ZSH_NAMED_DIR/x ~ ~/a",
            ),
            ("=rm x", "rm x"),
            ("touch x\\ <<<E\n=rm", "touch x\\ <<<E\nrm"),
            ("docker run -p 8080>:80 x", "docker run -p 8080 >:80 x"),
            ("echo $'\\uprobe'", "echo $''$ZSH_NUL$'probe'"),
            (
                "&>! hidden x; echo a >>! log >!b '>!'",
                "&> hidden x; echo a >> log >|b '>!'",
            ),
            ("chmod 7&>77 x\\ =y", "chmod &>77 x\\ =y"),
            ("export &!x; a &| b; {=ls}", "export &x; a & b; { ls;}"),
            ("sudo =rm x; (=curl y)", "sudo /usr/bin/rm x; (curl y)"),
            ("=\\rm x; =- y", "\\rm x; - y"),
            ("ls =(date) a=b '=rm'", "ls =(date) a=b '=rm'"),
            ("echo '$\"' \"~HOME\"", "echo '$\"' \"~HOME\""),
            (
                "rm -rf ~$'\\x'/x $'a\\0b' $'\\x41'",
                "rm -rf ~$''$ZSH_NUL$''/x $'a'$ZSH_NUL$'b' $'\\x41'",
            ),
        ] {
            assert_eq!(zsh_restate(src), want, "{src:?}");
        }
    }

    #[test]
    fn constructs_are_found_by_dialect() {
        assert!(Dialect::Dash.constructs("git status").is_empty());
        assert!(Dialect::Zsh.constructs("git status").is_empty());
        assert_eq!(
            Dialect::Dash.constructs("[[ -f x ]] && cat x"),
            [Construct::Test]
        );
        assert!(
            Dialect::Zsh
                .constructs("=rm x")
                .contains(&Construct::ZshEquals)
        );
        assert_eq!(
            Dialect::Zsh.constructs("- rm x"),
            [Construct::ZshPrecommand]
        );
        assert!(Dialect::Zsh.constructs("ls -la - x").len() == 1);
        assert!(Dialect::Zsh.constructs("git log --oneline").is_empty());
        assert!(Dialect::Dash.constructs("functional x").is_empty());
        assert!(Dialect::Bash.constructs("[[ x ]]").is_empty());
    }

    #[test]
    fn shells_by_name_and_path() {
        assert_eq!(Syntax::for_program("dash"), Syntax::Dash);
        assert_eq!(Syntax::for_program("sh"), Syntax::Sh);
        assert_eq!(Syntax::for_program("ksh"), Syntax::Unknown);
        assert_eq!(Syntax::of_path(Path::new("/nowhere/zsh")), Syntax::Zsh);
        assert_eq!(Syntax::of_path(Path::new("/nowhere/sh")), Syntax::Sh);
        assert_eq!(Syntax::of_path(Path::new("tcsh")), Syntax::Unknown);
        // macOS's `/bin/sh` runs the shell its selector names.
        assert_eq!(
            Syntax::of_picked(Some(Path::new("/bin/bash"))),
            Syntax::Bash
        );
        assert_eq!(
            Syntax::of_picked(Some(Path::new("/bin/dash"))),
            Syntax::Dash
        );
        assert_eq!(
            Syntax::of_picked(Some(Path::new("/bin/zsh"))),
            Syntax::Unknown
        );
        assert_eq!(Syntax::of_picked(None), Syntax::Unknown);
        let dir = tempfile::tempdir().expect("tempdir");
        let real = dir.path().join("dash");
        std::fs::write(&real, "").expect("write");
        let link = dir.path().join("sh");
        std::os::unix::fs::symlink(&real, &link).expect("symlink");
        assert_eq!(Syntax::of_path(&link), Syntax::Dash);
        for s in Syntax::ALL {
            assert_eq!(Syntax::from_name(s.name()), Some(s));
        }
        assert_eq!(Syntax::Posix, Syntax::Unknown);
    }
}
