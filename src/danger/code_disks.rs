//! The files inline code opens to write, where it names them plainly:
//! `open('/dev/sdb', 'wb')`, `File.write("/dev/sda", …)`,
//! `fs.writeFileSync('/dev/nvme0n1', …)`, `Path('/dev/sdb').write_bytes(…)`,
//! Perl's `open(F, ">/dev/sda")` and `open my $f, '>', '/dev/sda'`. What
//! the blocked tier asks of `dd of=` is asked of these: a disk written
//! whole by Python is as gone as one written by dd. A path built at run
//! time is none of them; the code still asks as code.

/// Calls whose first argument is a file they write (or append to).
const WRITERS: &[&str] = &[
    "File.write(",
    "File.binwrite(",
    "IO.write(",
    "IO.binwrite(",
    "writeFileSync(",
    "writeFile(",
    "appendFileSync(",
    "appendFile(",
    "createWriteStream(",
    "Bun.write(",
    "Deno.writeFile(",
    "Deno.writeFileSync(",
    "Deno.writeTextFile(",
    "file_put_contents(",
    "fs::write(",
];

/// Most string literals looked at in one piece of code.
const MAX_LITERALS: usize = 4096;

/// The paths `code` writes, as its string literals name them.
pub(super) fn written_files(code: &str) -> Vec<String> {
    let literals = literals(code);
    let mut out = Vec::new();
    for (i, &(start, end)) in literals.iter().enumerate() {
        let text = &code[start..end];
        // Perl's two-argument open: the mode leads the path (`">/dev/sda"`,
        // `"+</dev/sda"`).
        if let Some(path) = ["+<", "+>", ">>", ">"]
            .iter()
            .find_map(|m| text.strip_prefix(m))
            .map(str::trim_start)
            .filter(|p| p.starts_with('/'))
        {
            out.push(path.to_owned());
            continue;
        }
        let before = code[..start.saturating_sub(1)].trim_end();
        let after = code.get(end + 1..).unwrap_or_default().trim_start();
        let writes = WRITERS.iter().any(|w| before.ends_with(w))
            // `Path('/dev/sdb').write_bytes(…)`, `.write_text(…)`.
            || before.ends_with("Path(") && after.starts_with(").write_")
            // `open(PATH, MODE)` in any language that spells it so
            // (Python's `open` and `io.open`, Ruby's `File.open`, C's
            // `fopen`, `os.open` with its flags).
            || before.ends_with("open(") && opens_to_write(code, &literals[i + 1..], after)
            // Perl's three-argument open: the mode just before the path.
            || i > 0 && {
                let (s, e) = literals[i - 1];
                let mode = &code[s..e];
                (mode.starts_with('>') || mode.starts_with("+<") || mode.starts_with("+>"))
                    && mode.len() <= 12
                    && code[e + 1..start.saturating_sub(1)].trim() == ","
            };
        if writes {
            out.push(text.to_owned());
        }
    }
    out
}

/// Whether the arguments of an `open(` after its path (`after`, up to the
/// call's first `)`) ask to write: a mode string with `w`, `a`, `x` or
/// `+` (`'wb'`, `"r+b"`), or a write flag (`os.O_WRONLY`, `os.O_RDWR`).
fn opens_to_write(code: &str, later: &[(usize, usize)], after: &str) -> bool {
    let Some(args) = after.strip_prefix(',') else {
        return false;
    };
    let args = &args[..args.find(')').unwrap_or(args.len())];
    if args.contains("O_WRONLY") || args.contains("O_RDWR") {
        return true;
    }
    // The mode: the next literal, if it lies within these arguments.
    let args_end = code.len() - after.len() + 1 + args.len();
    later
        .first()
        .filter(|&&(_, e)| e <= args_end)
        .map(|&(s, e)| &code[s..e])
        .is_some_and(|mode| {
            !mode.is_empty()
                && mode.len() <= 4
                && mode.chars().all(|c| "rwaxbt+U".contains(c))
                && mode.contains(['w', 'a', 'x', '+'])
        })
}

/// The spans of the text inside each `'…'` or `"…"` literal of `code`
/// (a backslash escapes the next character), at most [`MAX_LITERALS`]; an
/// unclosed quote ends the scan.
fn literals(code: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut chars = code.char_indices();
    while let Some((at, c)) = chars.next() {
        if !matches!(c, '\'' | '"') {
            continue;
        }
        let mut escaped = false;
        let end = chars.by_ref().find(|&(_, d)| {
            let close = d == c && !escaped;
            escaped = d == '\\' && !escaped;
            close
        });
        let Some((end, _)) = end else {
            break;
        };
        out.push((at + 1, end));
        if out.len() >= MAX_LITERALS {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_code_opens_to_write() {
        for (code, want) in [
            (
                "open('/dev/sdb','wb').write(b'\\0'*4096)",
                &["/dev/sdb"][..],
            ),
            ("open(\"/dev/sdb\", \"r+b\")", &["/dev/sdb"]),
            ("with open('/dev/sda', mode='ab') as f: pass", &["/dev/sda"]),
            ("fd = os.open('/dev/sda', os.O_WRONLY)", &["/dev/sda"]),
            (
                "File.open('/dev/sda', 'w') { |f| f.write('x') }",
                &["/dev/sda"],
            ),
            ("File.write('/dev/nvme0n1', 'x')", &["/dev/nvme0n1"]),
            (
                "require('fs').writeFileSync('/dev/sdb', Buffer.alloc(9))",
                &["/dev/sdb"],
            ),
            ("fs.createWriteStream(\"/dev/sdc\")", &["/dev/sdc"]),
            ("Path('/dev/sdb').write_bytes(bytes(512))", &["/dev/sdb"]),
            ("open(F, \">/dev/sda\"); print F 0", &["/dev/sda"]),
            ("open(my $f, '>', '/dev/sda')", &["/dev/sda"]),
            ("open my $f, '+<', '/dev/sda'", &["/dev/sda"]),
            (
                "file_put_contents('/dev/sdb', str_repeat(\"\\0\", 512));",
                &["/dev/sdb"],
            ),
            // Read, printed, or written somewhere else.
            ("open('/dev/sdb','rb').read(512)", &[]),
            ("open('/dev/sdb').read(512)", &[]),
            ("print('/dev/sda')", &[]),
            ("f.write('/dev/sda')", &[]),
            (
                "open('out.img', 'wb').write(open('/dev/sdb','rb').read())",
                &["out.img"],
            ),
            ("open(my $f, '<', '/dev/sda')", &[]),
            ("Path('/dev/sdb').read_bytes()", &[]),
            ("open('/dev/sdb", &[]),
        ] {
            assert_eq!(written_files(code), want, "{code}");
        }
    }
}
