//! The bytes of macOS's `KERN_PROCARGS2` for a process, read as its
//! arguments. Plain parsing, so that it is tested on every system; only
//! the call that fetches the bytes is macOS's.
//!
//! The layout: the argument count (a native-endian `int`), the path the
//! program was run from (ending in NUL), NULs to align, then that many
//! arguments each ending in NUL, then the environment (not read here: it
//! may hold the person's tokens, and nothing needs it).
//!
//! The bytes come from another process, which chose its own arguments:
//! every count and length is checked against what was read, and nothing
//! here can panic on them.

/// The arguments in `buf`, or `None` when it is not such a buffer.
pub fn arguments(buf: &[u8]) -> Option<Vec<String>> {
    let (count, rest) = buf.split_first_chunk::<4>()?;
    let argc = usize::try_from(i32::from_ne_bytes(*count)).ok()?;
    // The program's path, then the NULs after it.
    let path_end = rest.iter().position(|b| *b == 0)?;
    let rest = &rest[path_end..];
    let start = rest.iter().position(|b| *b != 0).unwrap_or(rest.len());
    let mut args = Vec::with_capacity(argc.min(256));
    let mut words = rest[start..].split(|b| *b == 0);
    for _ in 0..argc {
        // Fewer arguments than counted: the buffer was cut short.
        let word = words.next()?;
        args.push(String::from_utf8_lossy(word).into_owned());
    }
    Some(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buffer(argc: i32, path: &str, pad: usize, rest: &[u8]) -> Vec<u8> {
        let mut b = argc.to_ne_bytes().to_vec();
        b.extend_from_slice(path.as_bytes());
        b.extend(std::iter::repeat_n(0u8, 1 + pad));
        b.extend_from_slice(rest);
        b
    }

    #[test]
    fn arguments_after_the_path_and_its_padding() {
        let b = buffer(
            3,
            "/usr/local/bin/node",
            5,
            b"node\0/opt/gemini/gemini.js\0-p\0HOME=/Users/me\0TOKEN=x\0",
        );
        assert_eq!(
            arguments(&b),
            Some(vec![
                "node".to_owned(),
                "/opt/gemini/gemini.js".to_owned(),
                "-p".to_owned()
            ])
        );
        // The environment is never read as arguments.
        let one = buffer(1, "/bin/zsh", 0, b"-zsh\0HOME=/Users/me\0");
        assert_eq!(arguments(&one), Some(vec!["-zsh".to_owned()]));
    }

    #[test]
    fn empty_arguments_stay_in_place() {
        let b = buffer(3, "/bin/echo", 2, b"echo\0\0x\0");
        assert_eq!(
            arguments(&b),
            Some(vec!["echo".to_owned(), String::new(), "x".to_owned()])
        );
        assert_eq!(arguments(&buffer(0, "/bin/x", 0, b"")), Some(Vec::new()));
    }

    #[test]
    fn what_is_not_such_a_buffer_is_none() {
        assert_eq!(arguments(b""), None);
        assert_eq!(arguments(b"\x01\0\0"), None);
        // A count past what was read, or a negative one.
        assert_eq!(arguments(&buffer(9, "/bin/x", 0, b"a\0b\0")), None);
        assert_eq!(arguments(&buffer(-1, "/bin/x", 0, b"a\0")), None);
        // No end to the path.
        let mut b = 1i32.to_ne_bytes().to_vec();
        b.extend_from_slice(b"/bin/x");
        assert_eq!(arguments(&b), None);
        // Bytes that are not UTF-8 are kept, as replacement characters.
        let odd = buffer(1, "/bin/x", 0, b"\xff\xfe\0");
        assert_eq!(arguments(&odd).map(|a| a.len()), Some(1));
    }

    #[test]
    fn any_bytes_are_read_without_a_panic() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for n in 0..2000 {
            let mut b = Vec::new();
            for _ in 0..(n % 40) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                b.push(if seed.is_multiple_of(3) {
                    0
                } else {
                    (seed >> 8) as u8
                });
            }
            let _ = arguments(&b);
        }
    }
}
