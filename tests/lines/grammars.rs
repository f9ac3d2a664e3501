//! Each construct the shells read differently, under each shell: a line
//! hiding `rm -rf ~` in it is refused (blocked) where the shell running it
//! reads the `rm`; the construct alone asks where shells disagree; and
//! routine lines stay clear under every shell.

use askrisky::danger::{Place, Tier, assess};
use askrisky::parse::{Syntax, parse_as};

use Syntax::{Bash, BashOrZsh, Dash, Sh, Unknown, Zsh};
use Tier::{Blocked, Clear, Danger};

fn tier(line: &str, syntax: Syntax) -> (Tier, Vec<String>) {
    let a = assess(&parse_as(line, syntax), &Place::example(), &[]);
    (a.tier, a.codes().into_iter().map(str::to_owned).collect())
}

/// (line, [(shells, tier)]): every listed shell must give that tier.
type Row = (&'static str, &'static [(&'static [Syntax], Tier)]);

const EVERY: &[Syntax] = &[Bash, Dash, Sh, Zsh, BashOrZsh, Unknown];
const HAS_DASH: &[Syntax] = &[Dash, Sh, Unknown];
const HAS_ZSH: &[Syntax] = &[Zsh, BashOrZsh, Unknown];
/// zsh and another shell: where they read alike is ambiguous; zsh alone
/// is read as zsh reads it.
const ZSH_OR_OTHER: &[Syntax] = &[BashOrZsh, Unknown];
const NO_DASH: &[Syntax] = &[Bash, Zsh, BashOrZsh];
const NO_ZSH: &[Syntax] = &[Bash, Dash, Sh];

const ROWS: &[Row] = &[
    // ── $'…': dash ends the string at its first quote ───────────────────
    (
        "echo $'\\';rm -rf ~;#'",
        &[(HAS_DASH, Blocked), (NO_DASH, Clear)],
    ),
    ("printf '%s\\n' $'it\\'s'; rm -rf ~ #'", &[(EVERY, Blocked)]),
    ("echo $'a\\tb'", &[(HAS_DASH, Danger), (NO_DASH, Clear)]),
    (
        "git commit -m $'one\\ntwo'",
        &[(HAS_DASH, Danger), (NO_DASH, Clear)],
    ),
    // $"…": dash reads a $ and a double-quoted string.
    (
        "echo $\"hello\"",
        &[
            (HAS_DASH, Danger),
            (ZSH_OR_OTHER, Danger),
            (&[Bash, Zsh], Clear),
        ],
    ),
    // ── ((…)): arithmetic to bash and zsh, subshells to dash ────────────
    // zsh runs some `((…))` that are no arithmetic as subshells (with a
    // `]]` in them): its reading takes every such one for subshells.
    (
        "((rm -rf ~))",
        &[(HAS_DASH, Blocked), (HAS_ZSH, Blocked), (&[Bash], Clear)],
    ),
    ("((rm -rf ~ ]]))", &[(HAS_ZSH, Blocked)]),
    ("(( $# > 1 )) && echo many", &[(NO_DASH, Clear)]),
    ("((i++))", &[(HAS_DASH, Danger), (NO_DASH, Clear)]),
    // brush read these as arithmetic; bash and zsh run the subshells.
    ("((rm -rf ~) )", &[(EVERY, Blocked)]),
    ("( (rm -rf ~) )", &[(EVERY, Blocked)]),
    ("echo $((rm -rf ~) )", &[(EVERY, Blocked)]),
    ("x=$(( (1+2)*3 ))", &[(EVERY, Clear)]),
    // ── [[ … ]]: a command to dash, whose || and > are the shell's ──────
    (
        "[[ -n x || rm == -rf ]]",
        &[(HAS_DASH, Danger), (NO_DASH, Clear)],
    ),
    (
        "[[ x > ~/.bashrc ]]",
        &[(HAS_DASH, Danger), (NO_DASH, Clear)],
    ),
    (
        "[[ -f x ]] && cat x",
        &[(HAS_DASH, Danger), (NO_DASH, Clear)],
    ),
    // ── bash's other operators ──────────────────────────────────────────
    ("make &> log", &[(HAS_DASH, Danger), (NO_DASH, Clear)]),
    (
        "echo x &>y rm -rf ~",
        &[(HAS_DASH, Blocked), (NO_DASH, Clear)],
    ),
    (
        "cat <<< 'rm -rf ~'",
        &[(HAS_DASH, Danger), (NO_DASH, Clear)],
    ),
    (
        "diff <(ls a) <(ls b)",
        &[(HAS_DASH, Danger), (NO_DASH, Clear)],
    ),
    // ── zsh: =name and precommand modifiers ─────────────────────────────
    // (Without zsh, `noglob` and its kin are unknown programs: a `noglob`
    // on PATH may run its words, which then ask.)
    ("=rm -rf ~", &[(HAS_ZSH, Blocked), (NO_ZSH, Clear)]),
    ("noglob rm -rf ~", &[(HAS_ZSH, Blocked), (NO_ZSH, Danger)]),
    (
        "nocorrect rm -rf ~",
        &[(HAS_ZSH, Blocked), (NO_ZSH, Danger)],
    ),
    ("- rm -rf ~", &[(HAS_ZSH, Blocked), (NO_ZSH, Danger)]),
    ("repeat 2 rm -rf ~", &[(HAS_ZSH, Blocked), (NO_ZSH, Danger)]),
    // Without zsh these programs are not the shell's: one of the name on
    // PATH may still run its words, so they ask (never refused on that
    // guess).
    (
        "emulate sh -c 'rm -rf ~'",
        &[(HAS_ZSH, Blocked), (NO_ZSH, Danger)],
    ),
    (
        "noglob ls *.rs",
        &[(ZSH_OR_OTHER, Danger), (&[Zsh], Clear), (NO_ZSH, Clear)],
    ),
    (
        "ls =ls",
        &[(ZSH_OR_OTHER, Danger), (&[Zsh], Clear), (NO_ZSH, Clear)],
    ),
    // zsh runs the code per file; bash -c (no extglob) cannot parse it.
    ("ls *(e:'rm -rf ~':)", &[(EVERY, Danger)]),
    // zsh's quoting and braces.
    (
        "$'r\\m' -rf ~",
        &[(HAS_ZSH, Blocked), (&[Dash, Sh], Danger), (&[Bash], Clear)],
    ),
    ("{rm -rf ~}", &[(HAS_ZSH, Blocked), (NO_ZSH, Clear)]),
    ("ls; {rm -rf /}", &[(HAS_ZSH, Blocked), (NO_ZSH, Clear)]),
    ("rm -rf ~HOME", &[(HAS_ZSH, Blocked)]),
    ("echo {a,b}", &[(EVERY, Clear)]),
    // A redirection alone empties the file; in zsh it runs cat, which
    // empties it too.
    ("> out.txt", &[(EVERY, Danger)]),
    // ── extended globs: off in bash -c, where !(cmd) is ! and a subshell ─
    (
        "!(rm -rf ~)",
        &[(&[Bash, Dash, Sh, BashOrZsh, Unknown], Blocked)],
    ),
    (
        "true && !(rm -rf ~)",
        &[(&[Bash, Dash, Sh, BashOrZsh, Unknown], Blocked)],
    ),
    (
        "ls @(a|b)",
        &[(&[Bash, Dash, Sh, BashOrZsh, Unknown], Danger)],
    ),
    // A pattern as the program's name: whatever file it matches runs.
    ("r* -rf ~", &[(EVERY, Danger)]),
    (
        "[ -f x ] && [[ -d y ]]",
        &[(&[Bash, Zsh, BashOrZsh], Clear)],
    ),
    // ── code bash evaluates from quoted strings ─────────────────────────
    ("let 'a[$(rm -rf ~)]'", &[(EVERY, Blocked)]),
    ("let 'a[`rm -rf ~`]=1'", &[(EVERY, Blocked)]),
    ("declare 'a[$(rm -rf ~)]=1'", &[(EVERY, Blocked)]),
    ("declare -i x='a[$(rm -rf ~)]'", &[(EVERY, Blocked)]),
    ("printf -v 'a[$(rm -rf ~)]' x", &[(EVERY, Blocked)]),
    ("read 'a[$(rm -rf ~)]' <<< x", &[(NO_DASH, Blocked)]),
    ("unset 'a[$(rm -rf ~)]'", &[(EVERY, Blocked)]),
    ("test -v 'a[$(rm -rf ~)]'", &[(EVERY, Blocked)]),
    ("[[ -v 'a[$(rm -rf ~)]' ]]", &[(NO_DASH, Blocked)]),
    ("[[ 'a[$(rm -rf ~)]' -eq 1 ]]", &[(NO_DASH, Blocked)]),
    ("x='a[$(rm -rf ~)]'; echo ${!x}", &[(EVERY, Blocked)]),
    ("x='a[$(rm -rf ~)]'; (( x ))", &[(EVERY, Blocked)]),
    ("x='$(rm -rf ~)'; echo ${x@P}", &[(EVERY, Blocked)]),
    ("PS4='$(rm -rf ~)'; set -x; true", &[(EVERY, Blocked)]),
    (
        "export PS4='+$(rm -rf ~) '; bash -xc true",
        &[(EVERY, Blocked)],
    ),
    ("mapfile -C 'rm -rf ~' -c 1 x < f", &[(EVERY, Blocked)]),
    ("readarray -C'rm -rf ~' x < f", &[(EVERY, Blocked)]),
    ("hash -p /bin/rm ls; ls -rf ~", &[(EVERY, Blocked)]),
    ("BASH_CMDS[ls]=/bin/rm; ls -rf ~", &[(EVERY, Blocked)]),
    (
        "shopt -s expand_aliases; BASH_ALIASES[x]='rm -rf ~'; x",
        &[(EVERY, Blocked)],
    ),
    ("alias x='rm -rf'; x ~", &[(EVERY, Blocked)]),
    ("trap -- 'rm -rf ~' EXIT", &[(EVERY, Blocked)]),
    ("exec 3<<< 'rm -rf ~'; . /dev/fd/3", &[(NO_DASH, Blocked)]),
    ("exec 3<<< 'rm -rf ~'; bash <&3", &[(NO_DASH, Blocked)]),
    ("exec 3<<'E'\nrm -rf ~\nE\n. /dev/fd/3", &[(EVERY, Blocked)]),
    ("bash /dev/fd/3 3<<'E'\nrm -rf ~\nE", &[(EVERY, Blocked)]),
    ("enable -f ./x.so x", &[(EVERY, Danger)]),
    // echo and printf output read by a shell, escapes decoded.
    ("printf '\\162m -rf ~' | sh", &[(EVERY, Blocked)]),
    ("echo -e '\\x72m -rf ~' | bash", &[(EVERY, Blocked)]),
    ("echo '\\0162m -rf ~' | sh", &[(EVERY, Blocked)]),
    // ── code handed to a named shell is read in its grammar ─────────────
    ("sh -c \"echo \\$'\\\\';rm -rf ~;#'\"", &[(EVERY, Blocked)]),
    ("bash -c \"echo \\$'\\\\';rm -rf ~;#'\"", &[(EVERY, Clear)]),
    ("dash -c '((rm -rf ~))'", &[(EVERY, Blocked)]),
    ("zsh -c 'noglob rm -rf ~'", &[(EVERY, Blocked)]),
    ("bash -c '((rm -rf ~))'", &[(EVERY, Clear)]),
    ("bash -c '[[ -f x ]] && cat x'", &[(EVERY, Clear)]),
    ("sh -c '[[ -f x ]] && cat x'", &[(EVERY, Danger)]),
    ("tcsh -c ls", &[(EVERY, Danger)]),
    // ── code a command runs reads that command's stdin ──────────────────
    ("sh -c bash <<'E'\nrm -rf ~\nE", &[(EVERY, Blocked)]),
    ("eval sh <<< 'rm -rf ~'", &[(EVERY, Blocked)]),
    ("trap -$x- 'rm -rf ~' EXIT", &[(EVERY, Danger)]),
    ("=\\rm -rf ~", &[(HAS_ZSH, Blocked)]),
    ("sudo =rm -rf /", &[(HAS_ZSH, Blocked)]),
    ("nocorrect > out.txt", &[(NO_ZSH, Clear), (HAS_ZSH, Danger)]),
    // ── a syntax error later on: the complete commands before it run ────
    ("rm -rf ~\nif", &[(EVERY, Blocked)]),
    ("ls\nrm -rf ~\necho 'unclosed", &[(EVERY, Blocked)]),
    // ── time: bash's keyword, dash's program ────────────────────────────
    ("time cargo build --release", &[(EVERY, Clear)]),
    ("time rm -rf ~", &[(EVERY, Blocked)]),
];

/// Lines that stay clear whichever shell runs them.
const ROUTINE: &[&str] = &[
    "git status",
    "cargo test",
    "ls -la",
    "npm test",
    "echo \"a b\"",
    "[ -f x ] && cat x",
    "git log --oneline -n 5 | head",
    "cd src && ls",
    "grep -rn 'fn main' src",
    "for f in *.rs; do wc -l \"$f\"; done",
    "test -d target || mkdir -p target",
    "echo 'a[$(x)]' > /dev/null; ls",
    "x=$((1 + 2)); echo $x",
    "find . -name '*.rs' | xargs wc -l",
    "python3 -c 'print(1)'",
    "time cargo build",
    "echo done # a comment with $'quotes'",
];

#[test]
fn each_construct_under_each_shell() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (line, expected) in ROWS {
        for (shells, want) in *expected {
            for &s in *shells {
                checked += 1;
                let (got, codes) = tier(line, s);
                if got != *want {
                    failures.push(format!(
                        "{line:?} under {}: want {}, got {} {codes:?}",
                        s.name(),
                        want.as_str(),
                        got.as_str()
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn routine_lines_stay_clear_under_every_shell() {
    for line in ROUTINE {
        for s in EVERY {
            let (got, codes) = tier(line, *s);
            assert_eq!(got, Clear, "{line:?} under {}: {codes:?}", s.name());
        }
    }
}

#[test]
fn ambiguity_names_the_construct() {
    let a = assess(&parse_as("echo $'a'", Sh), &Place::example(), &[]);
    let m = a
        .matches
        .iter()
        .find(|m| m.code == "parse.ambiguous")
        .expect("ambiguous");
    assert!(
        m.command.contains("dash") && m.command.contains("$'…'"),
        "{}",
        m.command
    );
}
