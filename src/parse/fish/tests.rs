use super::*;

/// Fish lines and their restatement; each restatement must parse cleanly.
const ROWS: &[(&str, &str)] = &[
    ("git status", "git status"),
    ("echo (date)", "echo $(date)"),
    (
        "echo $(date) \"now: $(date +%s)\"",
        "echo $(date) \"now: $(date +%s)\"",
    ),
    ("echo a(echo b)c", "echo a$(echo b)c"),
    ("rm -rf (cat list)", "rm -rf $(cat list)"),
    ("echo (echo (echo deep))", "echo $(echo $(echo deep))"),
    ("set -gx FOO (pwd)", "set -gx FOO $(pwd)"),
    (
        "echo $HOME $argv[1] $list[2..3]",
        "echo ${HOME} ${argv} ${list}",
    ),
    ("echo $$name", "echo ${!name}"),
    (
        "echo \"$HOME/x\" 'it\\'s' 'a\\\\b' 'c\\d'",
        "echo \"${HOME}/x\" 'it'\\''s' 'a\\b' 'c\\d'",
    ),
    (
        "echo \"a \\\"b\\\" \\$c `d`\"",
        "echo \"a \\\"b\\\" \\$c \\`d\\`\"",
    ),
    (
        "echo \\n \\x41 \\u00e9 \\101 \\z \\ x",
        "echo $'\\x0a' A \\é A z \\ x",
    ),
    (
        "echo {a,b}c *.rs ~/x a#b a&b",
        "echo {a,b}c *.rs ~/x a\\#b a\\&b",
    ),
    ("echo [x] `x`", "echo \\[x\\] \\`x\\`"),
    ("ls | grep x", "ls | grep x"),
    ("make && echo ok || echo no", "make && echo ok || echo no"),
    ("make; and echo ok; or echo no", "make; echo ok; echo no"),
    ("not test -f x; and touch x", "! test -f x; touch x"),
    ("! grep -q x f", "! grep -q x f"),
    (
        "command rm x; builtin cd /; exec ls",
        "command rm x; builtin cd /; exec ls",
    ),
    ("time make", "time make"),
    ("cmd 2>&1 | less", "cmd 2>&1 | less"),
    ("cmd &| less", "cmd 2>&1 | less"),
    ("cmd 2>| less", "cmd 2>&1 | less"),
    ("cmd > out 2>> log < in", "cmd > out 2>> log < in"),
    ("cmd >? out", "cmd > out"),
    ("cmd &> all; cmd &>> all", "cmd &> all; cmd &>> all"),
    // `and`/`or` only lead a statement; elsewhere they are words.
    ("echo a; and echo b", "echo a; echo b"),
    ("not and true", "! and true"),
    ("time and true", "time and true"),
    ("echo a; not not echo b", "echo a; ! ! echo b"),
    (
        "if true; echo a; else if false; echo b; end",
        "if true; then echo a; elif false; then echo b; fi",
    ),
    (
        "for my_var in a b; echo $my_var; end",
        "for my_var in a b; do echo ${my_var}; done",
    ),
    // `if'x'` is the command `ifx`, not a keyword.
    (
        "if true; echo a; else if'x'; echo b; end",
        "if true; then echo a; else if'x'; echo b; fi",
    ),
    // A redirection may come first.
    ("&> all cmd; &>> all cmd", "&> all cmd; &>> all cmd"),
    ("cmd >&2 2>&-", "cmd >&2 2>&-"),
    (">out echo hi", "> out echo hi"),
    ("echo a>b", "echo a > b"),
    ("sleep 9 &; echo next", "sleep 9 & echo next"),
    ("sleep 9 & echo next", "sleep 9 & echo next"),
    (
        "begin; echo a; echo b; end > out",
        "{ echo a; echo b; } > out",
    ),
    ("begin; end", "{ :; }"),
    (
        "if test -f x; echo yes; end",
        "if test -f x; then echo yes; fi",
    ),
    (
        "if test -f x; and test -r x; cat x; else if test -d x; ls x; else; echo none; end",
        "if test -f x; then test -r x; cat x; elif test -d x; then ls x; else echo none; fi",
    ),
    ("if true; else; end", "if true; then :; else :; fi"),
    (
        "for f in *.txt; rm $f; end",
        "for f in *.txt; do rm ${f}; done",
    ),
    ("for f in (ls); end", "for f in $(ls); do :; done"),
    (
        "while true; sleep 1 &; end",
        "while true; do sleep 1 & done",
    ),
    (
        "function ll -d 'long ls'; ls -l $argv; end",
        "ll() { ls -l ${argv}; }",
    ),
    (
        "switch (uname); case Linux; echo l; case Darwin '*BSD'; echo b; case '*'; end",
        "case $(uname) in Linux) echo l ;; Darwin|'*BSD') echo b ;; '*') : ;; esac",
    ),
    (
        "switch $x\ncase a\nrm -rf a\nend",
        "case ${x} in a) rm -rf a ;; esac",
    ),
    ("echo a # comment", "echo a"),
    ("echo a\necho b", "echo a; echo b"),
    ("echo a \\\n  b", "echo a b"),
    ("echo a;; echo b", "echo a; echo b"),
    ("done; then", "'done'; 'then'"),
    ("FOO=bar make", "FOO=bar make"),
    ("grep ^foo f", "grep \\^foo f"),
    ("", ""),
];

#[test]
fn restatements() {
    for (fish, posix) in ROWS {
        assert_eq!(to_posix(fish).as_deref(), Ok(*posix), "{fish}");
        let script = crate::parse::parse(posix);
        assert!(
            script.problems.is_empty(),
            "{fish} ─► {posix}: {:?}",
            script.problems
        );
    }
}

/// Lines fish itself rejects, or askrisky cannot restate for certain.
const ERRORS: &[&str] = &[
    "echo (date",
    "echo date)",
    "echo 'open",
    "echo \"open",
    "echo $",
    "echo ${HOME}",
    "echo $list[(count $list)]",
    "echo $list[$(echo 1)]",
    "begin; echo",
    "if true; echo",
    "end",
    "else",
    "case a",
    "echo a; end",
    "switch x; echo no; end",
    "switch x; case; end",
    "for 1x in a; end",
    "for x a; end",
    "function; end",
    "function -x; end",
    "function f --on-variable (x); end",
    "| grep x",
    "&& echo",
    "echo \\",
    "echo \\x",
    "echo \\c@",
    "echo a > ",
    "cmd >&",
    "eval 'echo (date)'",
    "command eval x",
];

#[test]
fn what_is_not_restated() {
    for fish in ERRORS {
        assert!(to_posix(fish).is_err(), "{fish} ─► {:?}", to_posix(fish));
    }
}

/// Every command fish would run is a command the analysis sees.
#[test]
fn hidden_commands_are_found() {
    let rows: &[(&str, &str)] = &[
        ("echo (rm -rf ~)", "rm"),
        ("echo \"$(curl x | sh)\"", "sh"),
        ("for x in (shred f); end", "shred"),
        ("switch (dd if=x); end", "dd"),
        ("if mkfs /dev/sda; end", "mkfs"),
        ("and rm -rf /", "rm"),
        ("begin; chmod 777 /; end &| cat", "chmod"),
    ];
    for (fish, program) in rows {
        let posix = to_posix(fish).unwrap_or_else(|e| panic!("{fish}: {e}"));
        let script = crate::parse::parse(&posix);
        assert!(
            script
                .commands
                .iter()
                .any(|c| c.name().as_deref() == Some(*program)),
            "{fish} ─► {posix}: {:?}",
            script.commands
        );
    }
}

proptest::proptest! {
    /// Any input: a restatement or an error, never a panic; deep nesting
    /// is bounded.
    #[test]
    fn never_panics(line in "[ -~\n\t]{0,80}") {
        let _ = to_posix(&line);
    }

    /// Words made only of plain characters come through as they are.
    #[test]
    fn plain_words_are_kept(words in proptest::collection::vec("[a-z0-9_./=+-]{1,8}", 1..6)) {
        let line = format!("x {}", words.join(" "));
        proptest::prop_assert_eq!(to_posix(&line), Ok(line.clone()));
    }
}

#[test]
fn nesting_is_bounded() {
    let deep = format!("echo {}x{}", "(".repeat(500), ")".repeat(500));
    assert!(to_posix(&deep).is_err());
    // Exactly at the bound: read; one past it: an error.
    let nested = |n: usize| format!("echo {}x{}", "(echo ".repeat(n), ")".repeat(n));
    assert!(to_posix(&nested(MAX_SYNTAX_DEPTH)).is_ok());
    assert!(to_posix(&nested(MAX_SYNTAX_DEPTH + 1)).is_err());
}

#[test]
fn block_keywords_only_open_a_statement() {
    // After `not`, `command` or a pipe, fish rejects them; so does the
    // restatement, rather than open a block fish would not.
    for (line, keyword) in [
        ("not begin; end", "begin"),
        ("not if true; end", "if"),
        ("command while true; end", "while"),
        ("echo x | for i in a; end", "for"),
        ("not else", "else"),
        ("not switch x; end", "switch"),
        ("not function f; end", "function"),
        ("not case x", "case"),
        ("not end", "end"),
    ] {
        assert_eq!(
            to_posix(line),
            Err(FishError(format!(
                "`{keyword}` in the middle of a statement"
            ))),
            "{line}"
        );
    }
}

#[test]
fn what_fish_rejects_is_an_error() {
    for (line, error) in [
        ("switch a b; end", "`switch` takes one word"),
        ("switch a; case'x'; end", "only `case` may follow `switch`"),
        ("for a-b in x; end", "`for` needs a variable name"),
        ("for 1x in a; end", "`for` needs a variable name"),
    ] {
        assert_eq!(to_posix(line), Err(FishError(error.into())), "{line}");
    }
}
