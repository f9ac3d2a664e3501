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
            // Flags, width and precision, then the conversion. A `*` takes
            // its number from the next argument (`%.*s`), before the one
            // the conversion prints.
            let mut spec = Spec::default();
            while let Some(&f) = format.get(i).filter(|c| "-+ #0'".contains(**c)) {
                spec.left |= f == '-';
                spec.zero |= f == '0';
                i += 1;
            }
            let mut number = |i: &mut usize, used: &mut bool| -> i64 {
                if format.get(*i) == Some(&'*') {
                    *i += 1;
                    let arg = args.first().copied().unwrap_or("");
                    if !args.is_empty() {
                        args = &args[1..];
                        *used = true;
                    }
                    return int_of(arg);
                }
                let start = *i;
                while format.get(*i).is_some_and(char::is_ascii_digit) {
                    *i += 1;
                }
                format[start..*i]
                    .iter()
                    .collect::<String>()
                    .parse()
                    .unwrap_or(0)
            };
            let width = number(&mut i, &mut used);
            if width < 0 {
                spec.left = true;
            }
            spec.width = width.unsigned_abs();
            if format.get(i) == Some(&'.') {
                i += 1;
                // A negative precision is taken as none at all.
                spec.precision = u64::try_from(number(&mut i, &mut used)).ok();
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
            let text = match conv {
                'b' => spec.cut(decode_b(arg, hex)),
                'c' => arg.chars().next().map(String::from).unwrap_or_default(),
                's' | 'q' | 'Q' => spec.cut(arg.to_owned()),
                // A number: what is not one prints as 0.
                _ => {
                    let n = arg.trim();
                    let n = if n.parse::<f64>().is_ok() { n } else { "0" };
                    spec.digits(n)
                }
            };
            out.push_str(&spec.pad(text, !"bcsqQ".contains(conv)));
        }
        if !used || args.is_empty() {
            break;
        }
    }
    out
}

/// What `%b` prints of its argument: escapes decoded as `echo -e` does,
/// and octal as bash's and dash's printf also read it, without the
/// leading 0 (`\162` is `r`); zsh's reads only `\0NNN`.
fn decode_b(arg: &str, hex: Hex) -> String {
    if hex == Hex::EmptyIsNul {
        return decode_escapes(arg, true, hex);
    }
    let mut text = String::with_capacity(arg.len() + 4);
    let mut chars = arg.chars().peekable();
    while let Some(c) = chars.next() {
        text.push(c);
        if c == '\\' {
            match chars.peek() {
                Some('\\') => text.extend(chars.next()),
                Some('1'..='7') => text.push('0'),
                _ => {}
            }
        }
    }
    decode_escapes(&text, true, hex)
}

/// Most characters of padding a printf field width adds: spaces do not
/// change what a shell reading the text runs, and a width of a billion
/// must not cost a billion bytes.
const MAX_PAD: u64 = 256;

/// A printf conversion's flags, width and precision (`%-8.3s`).
#[derive(Default)]
struct Spec {
    left: bool,
    zero: bool,
    width: u64,
    precision: Option<u64>,
}

impl Spec {
    /// A string cut to the precision (`%.0s` prints nothing of its
    /// argument, `%.2s` its first two characters).
    fn cut(&self, text: String) -> String {
        match self.precision.and_then(|p| usize::try_from(p).ok()) {
            Some(p) => text.chars().take(p).collect(),
            None => text,
        }
    }

    /// A whole number with at least the precision's digits (`%.3d` of 7
    /// is `007`).
    fn digits(&self, n: &str) -> String {
        let (sign, body) = n.strip_prefix('-').map_or(("", n), |b| ("-", b));
        let want = self.precision.unwrap_or(0).min(MAX_PAD);
        let have = body.chars().count() as u64;
        if body.chars().all(|c| c.is_ascii_digit()) && have < want {
            let zeros = "0".repeat(usize::try_from(want - have).unwrap_or(0));
            format!("{sign}{zeros}{body}")
        } else {
            n.to_owned()
        }
    }

    /// The text padded to the field width: on the left unless `-` is
    /// given, with zeros for a number under `0`.
    fn pad(&self, text: String, number: bool) -> String {
        let have = text.chars().count() as u64;
        let want = self.width.min(MAX_PAD);
        if have >= want {
            return text;
        }
        let n = usize::try_from(want - have).unwrap_or(0);
        if self.left {
            format!("{text}{}", " ".repeat(n))
        } else if self.zero && number && self.precision.is_none() {
            let (sign, body) = text
                .strip_prefix('-')
                .map_or(("", text.as_str()), |b| ("-", b));
            format!("{sign}{}{body}", "0".repeat(n))
        } else {
            format!("{}{text}", " ".repeat(n))
        }
    }
}

/// The number an argument gives a `*` width or precision: what is not a
/// whole number counts as 0, as the shells' printf reads it (after saying
/// so).
/// A number argument as bash's and dash's printf read it: the leading
/// digits of one that is not all a number (`2x` is 2, with a complaint),
/// after blanks and a sign.
fn int_of(arg: &str) -> i64 {
    let s = arg.trim_start();
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let n = digits
        .bytes()
        .take_while(u8::is_ascii_digit)
        .fold(0i64, |n, d| {
            n.saturating_mul(10).saturating_add(i64::from(d - b'0'))
        });
    if negative { -n } else { n }
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
            // zsh's echo reads the three characters after `\0` as a C
            // number in base 8: blanks and a sign first (`\0 16` is
            // `\016`, `\0-12` is byte 246), digits up to the first that
            // is not one.
            '0' if echo && hex == Hex::EmptyIsNul => {
                let window: Vec<char> = chars.iter().skip(i).take(3).copied().collect();
                let mut k = window.iter().take_while(|c| c.is_whitespace()).count();
                let negative = window.get(k) == Some(&'-');
                k += usize::from(matches!(window.get(k), Some('-' | '+')));
                let digits: Vec<u32> = window.iter().skip(k).map_while(|c| c.to_digit(8)).collect();
                if digits.is_empty() {
                    Some(0)
                } else {
                    i += k + digits.len();
                    let v = digits.iter().fold(0u32, |v, d| v * 8 + d);
                    Some(if negative { v.wrapping_neg() & 0xff } else { v })
                }
            }
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
                (n > 0 || hex == Hex::EmptyIsNul).then_some(v)
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
            Some("rm -rf ~  ")
        );
        // Precision and width, given in the format or by `*`, as the
        // shells' printf applies them.
        for (words, want) in [
            (&["%.0s%s", "1", "rm -rf ~"][..], "rm -rf ~"),
            (&["%.2s%s", "rmx", " -rf ~"], "rm -rf ~"),
            (&["%.*s -rf ~", "2", "rmdir"], "rm -rf ~"),
            (&["%*s", "4", "rm"], "  rm"),
            (&["%-*s|", "4", "rm"], "rm  |"),
            (&["%*s|", "-4", "rm"], "rm  |"),
            (&["%.*s%s", "-1", "rm", " x"], "rm x"),
            (&["%5.1s|", "abc"], "    a|"),
            (&["%03d", "7"], "007"),
            (&["%.3d", "7"], "007"),
            (&["%-3d|", "7"], "7  |"),
            (&["%.1b", "\\0162m"], "r"),
            (&["%c%c", "rm", "mx"], "rm"),
        ] {
            assert_eq!(printf(words).as_deref(), Some(want), "{words:?}");
        }
        // bash's and dash's `%b` read octal without its leading 0 too.
        let b = printf(&["%b", "\\162m -rf ~"]).unwrap_or_default();
        assert!(b.lines().any(|l| l == "rm -rf ~"), "{b}");
        // A huge width is bounded.
        let wide = printf(&["%999999999s", "x"]).unwrap_or_default();
        assert!(wide.len() <= 300, "{}", wide.len());
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
    fn a_star_takes_the_leading_digits_of_its_argument() {
        use super::printf;
        assert_eq!(
            printf(&["%.*s -rf ~", "2hidden", "rmx"]).as_deref(),
            Some("rm -rf ~")
        );
        assert_eq!(printf(&["%.*s|", " -1", "ab"]).as_deref(), Some("ab|"));
    }

    #[test]
    fn zshs_echo_reads_octal_as_a_c_number() {
        use super::{Hex, decode_escapes};
        for (text, want) in [
            ("\\0 162m", "\u{e}2m"),
            ("\\0 1x", "\u{1}x"),
            ("\\0  7z", "\u{7}z"),
            ("\\0 8a", " 8a"),
            ("\\0+12", "\n"),
            ("\\0-12", "\u{f6}"),
            ("\\01 2", "\u{1} 2"),
            ("\\0162m", "rm"),
            ("a\\uprobe", "aprobe"),
        ] {
            assert_eq!(decode_escapes(text, true, Hex::EmptyIsNul), want, "{text}");
        }
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
