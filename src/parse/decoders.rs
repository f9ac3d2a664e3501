//! What the text-decoding filters print, given what they read: `base64
//! -d`, `xxd -r -p`, `rev` and `tr` between known text and a shell (`base64 -d
//! <<< cm0gLXJmIH4K | sh`, `rev <<< '~ fr- mr' | sh`).
//!
//! The threat: an encoded line hides its command from a reader of the
//! line, while the shell at the end of the pipe runs it all the same.
//! Decoded here, the text is judged as the script it is. Only input the
//! program decodes without complaint is decoded; anything else (garbage,
//! a missing padding, an option not read here) stays unknown, and a shell
//! fed unknown text asks as before.

use base64::Engine as _;

/// The most text decoded for one command: longer input stays unknown.
const MAX_INPUT: usize = 64 * 1024;

/// What `name` run with `args` prints when it reads `input`, when that is
/// known: the decoded text, as UTF-8.
pub(super) fn filtered(name: &str, args: &[&str], input: &str) -> Option<String> {
    if input.len() > MAX_INPUT {
        return None;
    }
    let bytes = match name {
        // GNU's `-d`/`--decode`, macOS's `-D` too; OpenSSL's decoder
        // (`openssl base64 -d`, `openssl enc -d -base64`, `-a` for
        // `-base64`). Newlines are ignored.
        "base64"
            if !args.is_empty() && args.iter().all(|a| matches!(*a, "-d" | "--decode" | "-D")) =>
        {
            base64_lines(input)?
        }
        "openssl" if openssl_decodes_base64(args) => base64_lines(input)?,
        // `xxd -r -p`: plain hex, whitespace between digits ignored.
        "xxd" if reverts_plain(args) => hex(input)?,
        // `tr SET1 SET2` of plain characters and ranges (`tr 'a-z'
        // 'n-za-m'`): each character of SET1 becomes SET2's at its place.
        "tr" => return translate(args, input),
        "rev" if args.is_empty() => {
            return Some(
                input
                    .split_inclusive('\n')
                    .map(|line| {
                        let (text, end) = match line.strip_suffix('\n') {
                            Some(t) => (t, "\n"),
                            None => (line, ""),
                        };
                        text.chars().rev().chain(end.chars()).collect::<String>()
                    })
                    .collect(),
            );
        }
        _ => return None,
    };
    String::from_utf8(bytes).ok()
}

/// Standard base64 over lines, the line breaks dropped.
fn base64_lines(input: &str) -> Option<Vec<u8>> {
    let text: String = input
        .chars()
        .filter(|c| !matches!(c, '\n' | '\r'))
        .collect();
    base64::engine::general_purpose::STANDARD.decode(text).ok()
}

/// `openssl base64 -d` or `openssl enc -d -base64` (or `-a`), with no
/// other option: a plain base64 decode of stdin to stdout.
fn openssl_decodes_base64(args: &[&str]) -> bool {
    match args.split_first() {
        Some((&"base64", rest)) => rest == ["-d"],
        Some((&"enc", rest)) => {
            rest.contains(&"-d")
                && rest.iter().any(|a| matches!(*a, "-base64" | "-a"))
                && rest.iter().all(|a| matches!(*a, "-d" | "-base64" | "-a"))
        }
        _ => false,
    }
}

/// What `tr SET1 SET2` prints, for sets of plain characters and ranges;
/// an option, a class (`[:upper:]`) or an escape is not read here.
fn translate(args: &[&str], input: &str) -> Option<String> {
    let [from, to] = args else {
        return None;
    };
    let (from, to) = (tr_set(from)?, tr_set(to)?);
    // GNU's tr repeats SET2's last character to SET1's length.
    let last = *to.last()?;
    // A character named twice in SET1 maps as each tr decides: not read.
    // (A map, so a long set costs a lookup a character, not a search.)
    let mut map = std::collections::HashMap::with_capacity(from.len());
    for (i, f) in from.iter().enumerate() {
        if map.insert(*f, to.get(i).copied().unwrap_or(last)).is_some() {
            return None;
        }
    }
    Some(
        input
            .chars()
            .map(|c| map.get(&c).copied().unwrap_or(c))
            .collect(),
    )
}

/// A tr set's characters, its ranges (`a-z`) spelled out.
fn tr_set(set: &str) -> Option<Vec<char>> {
    if set.starts_with('-') || set.contains(['[', '\\']) {
        return None;
    }
    let chars: Vec<char> = set.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        match (chars.get(i + 1), chars.get(i + 2)) {
            (Some('-'), Some(&end)) => {
                if end < c {
                    return None;
                }
                out.extend(c..=end);
                i += 3;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
        if out.len() > 4096 {
            return None;
        }
    }
    Some(out)
}

/// Whether xxd's options are exactly a revert of plain hex (`-r -p`,
/// `-rp`, `-p -r`, `-revert -plain`, `-ps` for plain).
fn reverts_plain(args: &[&str]) -> bool {
    let (mut revert, mut plain) = (false, false);
    for a in args {
        match *a {
            "-r" | "-revert" => revert = true,
            "-p" | "-ps" | "-plain" | "-postscript" => plain = true,
            "-rp" | "-pr" => (revert, plain) = (true, true),
            _ => return false,
        }
    }
    revert && plain
}

/// Plain hex digits, whitespace between them ignored; anything else is
/// not known.
fn hex(input: &str) -> Option<Vec<u8>> {
    let digits: Vec<u8> = input
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .map(|b| (b as char).to_digit(16).and_then(|d| u8::try_from(d).ok()))
        .collect::<Option<_>>()?;
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    Some(digits.chunks(2).map(|p| p[0] << 4 | p[1]).collect())
}

#[cfg(test)]
mod tests {
    use super::filtered;

    #[test]
    fn decodes_what_the_filters_print() {
        let cases: &[(&str, &[&str], &str, Option<&str>)] = &[
            ("base64", &["-d"], "cm0gLXJmIH4K\n", Some("rm -rf ~\n")),
            (
                "base64",
                &["--decode"],
                "cm0gLXJm\nIH4K\n",
                Some("rm -rf ~\n"),
            ),
            ("base64", &["-D"], "bHM=", Some("ls")),
            ("openssl", &["base64", "-d"], "bHM=", Some("ls")),
            ("openssl", &["enc", "-d", "-base64"], "bHM=", Some("ls")),
            ("openssl", &["enc", "-base64", "-d"], "bHM=", Some("ls")),
            ("openssl", &["enc", "-d", "-a"], "bHM=", Some("ls")),
            ("openssl", &["enc", "-base64"], "bHM=", None),
            ("openssl", &["base64"], "bHM=", None),
            ("openssl", &["enc", "-d", "-aes-256-cbc"], "bHM=", None),
            // Not base64, an option not read here, no decoding asked.
            ("base64", &["-d"], "cm0g LXJm", None),
            ("base64", &["-d"], "@@@@", None),
            ("base64", &["-d", "-i"], "bHM=", None),
            ("base64", &[], "bHM=", None),
            // Decoded bytes that are not text stay unknown.
            ("base64", &["-d"], "/w==", None),
            (
                "xxd",
                &["-r", "-p"],
                "726d202d7266207e0a",
                Some("rm -rf ~\n"),
            ),
            ("xxd", &["-rp"], "72 6d\n0a", Some("rm\n")),
            ("xxd", &["-r"], "726d", None),
            ("xxd", &["-r", "-p"], "726", None),
            ("xxd", &["-r", "-p"], "7g", None),
            ("rev", &[], "~ fr- mr\n/ fr- mr", Some("rm -rf ~\nrm -rf /")),
            ("rev", &["-0"], "~ fr- mr", None),
            ("tac", &[], "ls", None),
            ("tr", &["a-z", "n-za-m"], "ez -es ~", Some("rm -rf ~")),
            ("tr", &["a-y", "b-z"], "ql", Some("rm")),
            // SET2 shorter: its last character repeats.
            ("tr", &["abc", "x"], "abcd", Some("xxxd")),
            // Classes, escapes, options and reversed ranges are not read.
            ("tr", &["[:lower:]", "[:upper:]"], "ls", None),
            ("tr", &["\\n", " "], "ls", None),
            ("tr", &["-d", "x"], "ls", None),
            ("tr", &["z-a", "a-z"], "ls", None),
            ("tr", &["a-z"], "ls", None),
            ("tr", &["a-z", ""], "ls", None),
            ("tr", &["aa", "xy"], "a", None),
        ];
        for (name, args, input, want) in cases {
            assert_eq!(
                filtered(name, args, input).as_deref(),
                *want,
                "{name} {args:?} {input:?}"
            );
        }
        assert_eq!(
            filtered("rev", &[], &"x".repeat(super::MAX_INPUT + 1)),
            None
        );
    }

    /// The bounds themselves are inside: 64 KiB of input, a range of one
    /// character, a set of 4096 characters.
    #[test]
    fn the_bounds_are_inside() {
        let most = "x".repeat(super::MAX_INPUT);
        assert_eq!(filtered("rev", &[], &most).as_deref(), Some(most.as_str()));
        assert_eq!(super::MAX_INPUT, 65_536);
        assert_eq!(filtered("tr", &["a-a", "b"], "ab").as_deref(), Some("bb"));
        let widest = "\u{1000}-\u{1fff}";
        assert_eq!(super::tr_set(widest).map(|s| s.len()), Some(4096));
        assert_eq!(super::tr_set("\u{1000}-\u{2000}"), None);
    }
}
