//! What `echo` and `printf` print, given their arguments as words: the
//! text a command is known to write into a pipe or a file, and so the code
//! a shell reading it runs (`echo 'rm -rf ~' | sh`, `printf '\162m' > x.sh`).
//!
//! The shells that may run a line decode escapes differently (bash's `echo`
//! only with `-e`, dash's and zsh's always; `\x` is bash's and zsh's, not
//! dash's): every version is given, each on a line of its own, so whichever
//! shell reads the text, what it runs is judged. Nothing here knows the
//! walker or the disk.

/// What `echo` prints. Options are read as bash's echo reads them (`-n`,
/// `-e`, `-E` and clusters of them); the escapes are decoded whether or
/// not `-e` is given, since dash's and zsh's echo decode them always, and
/// the text as written is kept beside both decodings of octal (`\0NNN`,
/// `\NNN`): a shell fed any of them is judged.
pub(super) fn echo(values: &[&str]) -> String {
    let mut start = 0;
    while values.get(start).is_some_and(|v| {
        v.len() > 1 && v.starts_with('-') && v[1..].chars().all(|c| matches!(c, 'n' | 'e' | 'E'))
    }) {
        start += 1;
    }
    let text = with_escapes(&values.get(start..).unwrap_or_default().join(" "));
    // zsh's echo takes a lone `-` for the end of its options.
    match values.get(start..) {
        Some(["-", rest @ ..]) => format!("{text}\n{}", with_escapes(&rest.join(" "))),
        _ => text,
    }
}

/// What `printf FORMAT ARGS…` prints: the format's escapes decoded, each
/// conversion given its argument (`%b` with its escapes decoded too), the
/// format repeated while arguments remain; output stops at a conversion
/// printf does not know. `printf -v VAR` prints nothing. The shells' printf
/// read `\x` differently: each version is a line of its own.
pub(super) fn printf(values: &[&str]) -> Option<String> {
    let mut rest = values;
    if rest.first() == Some(&"--") {
        rest = &rest[1..];
    }
    let (format, args) = rest.split_first()?;
    if format.starts_with("-v") {
        return None;
    }
    let format: Vec<char> = format.chars().collect();
    let mut out: Vec<String> = Vec::new();
    for hex in Hex::ALL {
        let text = printf_once(&format, args, hex);
        if !out.contains(&text) {
            out.push(text);
        }
    }
    Some(out.join("\n"))
}

/// One pass of `printf` over its arguments, `\x` read as `hex` says.
fn printf_once(format: &[char], mut args: &[&str], hex: Hex) -> String {
    let mut out = String::new();
    // Bounded: each pass over the format uses at least one argument.
    for _ in 0..=args.len() {
        let mut used = false;
        let mut i = 0;
        while let Some(&c) = format.get(i) {
            i += 1;
            if c == '\\' {
                let end = escape_end(format, i);
                let escape: String = format[i - 1..end].iter().collect();
                out.push_str(&decode_escapes(&escape, false, hex));
                i = end;
                continue;
            }
            if c != '%' {
                out.push(c);
                continue;
            }
            // Flags, width and precision, then the conversion.
            while format
                .get(i)
                .is_some_and(|c| c.is_ascii_digit() || "-+ #.*'".contains(*c))
            {
                i += 1;
            }
            // Length modifiers (`%hd`, `%ld`): bash's and zsh's printf
            // skip them; dash's stops there, as at any directive it does
            // not know.
            if hex != Hex::Kept {
                while format.get(i).is_some_and(|c| "hlLqjzt".contains(*c)) {
                    i += 1;
                }
            }
            let Some(&conv) = format.get(i) else {
                break;
            };
            i += 1;
            if conv == '%' {
                out.push('%');
                continue;
            }
            if !"diouxXfFeEgGaAcsbqQ".contains(conv) {
                // `printf: %h: invalid directive`, and nothing more.
                return out;
            }
            let arg = args.first().copied().unwrap_or("");
            if !args.is_empty() {
                args = &args[1..];
                used = true;
            }
            match conv {
                'b' => out.push_str(&decode_escapes(arg, true, hex)),
                'c' => out.extend(arg.chars().next()),
                's' | 'q' | 'Q' => out.push_str(arg),
                // A number: what is not one prints as 0.
                _ if arg.trim().parse::<f64>().is_ok() => out.push_str(arg.trim()),
                _ => out.push('0'),
            }
        }
        if !used || args.is_empty() {
            break;
        }
    }
    out
}

/// Where the escape starting with the backslash before `at` ends.
fn escape_end(format: &[char], at: usize) -> usize {
    match format.get(at) {
        Some('0'..='7') => {
            let mut end = at;
            while end < at + 3 && format.get(end).is_some_and(|c| ('0'..='7').contains(c)) {
                end += 1;
            }
            end
        }
        Some('x') => {
            let mut end = at + 1;
            while end < at + 3 && format.get(end).is_some_and(char::is_ascii_hexdigit) {
                end += 1;
            }
            end
        }
        Some(_) => at + 1,
        None => at,
    }
}

/// Text `echo` or `printf` writes, with its backslash escapes as written
/// and, on lines of their own, decoded as `printf` and as `echo -e` (and
/// dash's and zsh's plain `echo`) decode them: a shell reading the output
/// is judged on every version (`printf '\162m -rf ~' | sh` runs `rm`).
fn with_escapes(text: &str) -> String {
    if !text.contains('\\') {
        return text.to_owned();
    }
    let mut out = text.to_owned();
    for echo in [false, true] {
        for hex in Hex::ALL {
            let decoded = decode_escapes(text, echo, hex);
            if decoded != text && !out.split('\n').any(|l| l == decoded) {
                out.push('\n');
                out.push_str(&decoded);
            }
        }
    }
    out
}

/// How an `echo` or `printf` reads `\xHH` and `\uHHHH`: the shells' own
/// differ, so text is decoded each way and every version judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hex {
    /// bash's: decoded, and `\x` with no digit written as it is.
    Decoded,
    /// dash's (POSIX): not escapes at all, written as they are.
    Kept,
    /// zsh's: decoded, and `\x` with no digit a NUL, which a shell
    /// reading the text skips.
    EmptyIsNul,
}

impl Hex {
    const ALL: [Hex; 3] = [Hex::Decoded, Hex::Kept, Hex::EmptyIsNul];
}

/// Decodes backslash escapes: octal as `printf` reads it (`\NNN`) or as
/// `echo` does (`\0NNN`), hexadecimal as `hex` says.
fn decode_escapes(text: &str, echo: bool, hex: Hex) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let digits = |from: usize, max: usize, radix: u32| -> (u32, usize) {
        let mut v = 0u32;
        let mut n = 0;
        while n < max {
            match chars.get(from + n).and_then(|c| c.to_digit(radix)) {
                Some(d) => {
                    v = v.saturating_mul(radix).saturating_add(d);
                    n += 1;
                }
                None => break,
            }
        }
        (v, n)
    };
    while i < chars.len() {
        let c = chars[i];
        if c != '\\' || i + 1 >= chars.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let e = chars[i + 1];
        i += 2;
        let simple = match e {
            'a' => Some('\u{7}'),
            'b' => Some('\u{8}'),
            'e' | 'E' => Some('\u{1b}'),
            'f' => Some('\u{c}'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\u{b}'),
            '\\' => Some('\\'),
            _ => None,
        };
        if let Some(s) = simple {
            out.push(s);
            continue;
        }
        let code = match e {
            'c' => break,
            '0' if echo => {
                let (v, n) = digits(i, 3, 8);
                i += n;
                Some(v)
            }
            '0'..='7' if !echo => {
                let (v, n) = digits(i - 1, 3, 8);
                i += n - 1;
                Some(v)
            }
            'x' | 'u' | 'U' if hex == Hex::Kept => None,
            'x' => {
                let (v, n) = digits(i, 2, 16);
                i += n;
                (n > 0 || hex == Hex::EmptyIsNul).then_some(v)
            }
            'u' | 'U' => {
                let (v, n) = digits(i, if e == 'u' { 4 } else { 8 }, 16);
                i += n;
                (n > 0).then_some(v)
            }
            _ => None,
        };
        match code.and_then(char::from_u32) {
            // A shell reading the text skips NUL bytes.
            Some('\0') => {}
            Some(ch) => out.push(ch),
            None => {
                out.push('\\');
                out.push(e);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn printf_puts_its_arguments_in_the_format() {
        use super::printf;
        assert_eq!(printf(&["%s\\n", "a", "b"]).as_deref(), Some("a\nb\n"));
        assert_eq!(
            printf(&["rm %s %-3s", "-rf", "~"]).as_deref(),
            Some("rm -rf ~")
        );
        assert_eq!(printf(&["100%% %d", "5"]).as_deref(), Some("100% 5"));
        assert_eq!(printf(&["ls", "x"]).as_deref(), Some("ls"));
        assert_eq!(printf(&["%s"]).as_deref(), Some(""));
        assert_eq!(printf(&["--", "\\162m"]).as_deref(), Some("rm"));
        assert_eq!(printf(&["-v", "x", "%s"]), None);
    }

    #[test]
    fn escapes_are_decoded_both_ways() {
        use super::with_escapes;
        assert_eq!(with_escapes("ls"), "ls");
        assert_eq!(with_escapes("\\162m -rf ~"), "\\162m -rf ~\nrm -rf ~");
        assert_eq!(with_escapes("\\x72m x"), "\\x72m x\nrm x");
        assert_eq!(with_escapes("\\0162m x"), "\\0162m x\n\u{e}2m x\nrm x");
        assert_eq!(with_escapes("a\\cb"), "a\\cb\na");
    }

    #[test]
    fn echo_reads_its_options_as_bash_does() {
        use super::echo;
        assert_eq!(echo(&["-ne", "rm\\x20x"]), "rm\\x20x\nrm x");
        assert_eq!(echo(&["-x", "y"]), "-x y");
        // zsh's echo ends its options at a lone `-`: both readings.
        assert_eq!(echo(&["-", "-n", "x"]), "- -n x\n-n x");
    }
}
