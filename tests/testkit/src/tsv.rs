//! The corpus files' escapes, shared by the tests that read them.

/// Undoes the file's escapes: `\t` is a tab, `\n` a newline, `\\` one
/// backslash; any other backslash is kept as written (`\rm`, `$'\x72'`).
pub fn unescape(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek() {
            Some('t') => {
                chars.next();
                out.push('\t');
            }
            Some('n') => {
                chars.next();
                out.push('\n');
            }
            Some('\\') => {
                chars.next();
                out.push('\\');
            }
            _ => out.push('\\'),
        }
    }
    out
}
