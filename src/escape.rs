//! Honest display of untrusted text.
//!
//! A command shown to the person for approval must look exactly like what
//! runs. Terminal control sequences (ESC/CSI, including the 8-bit 0x9B),
//! carriage returns, backspaces, bidirectional overrides and invisible
//! characters can make a line look like another one — `rm -rf ~` hidden
//! behind `\r` and a harmless-looking tail, or reordered by U+202E. Every
//! such character is shown as a visible escape instead; ordinary non-ASCII
//! text (é, emoji, CJK) is shown as itself.

/// True for characters that can hide, move or reorder what the person sees.
pub fn is_deceptive(c: char) -> bool {
    let u = c as u32;
    c.is_control() // C0, DEL, C1 (incl. 0x9B CSI, 0x85 NEL)
        || matches!(u,
            0x00AD            // soft hyphen
            | 0x034F          // combining grapheme joiner
            | 0x061C          // Arabic letter mark
            | 0x115F | 0x1160 // Hangul fillers
            | 0x17B4 | 0x17B5 // Khmer inherent vowels
            | 0x180B..=0x180F // Mongolian selectors and vowel separator
            | 0x200B..=0x200F // zero-width space/joiners, LRM, RLM
            | 0x2028 | 0x2029 // line and paragraph separators
            | 0x202A..=0x202E // bidi embeddings and overrides
            | 0x2060..=0x2064 // word joiner, invisible operators
            | 0x2066..=0x2069 // bidi isolates
            | 0x206A..=0x206F // deprecated format characters
            | 0x3164          // Hangul filler
            | 0xFEFF          // BOM / zero-width no-break space
            | 0xFFA0          // halfwidth Hangul filler
            | 0xFFF9..=0xFFFB // interlinear annotation
            | 0x1D173..=0x1D17A // musical format characters
            | 0xE0000..=0xE007F // tag characters
        )
}

/// The visible form of one deceptive character.
fn escaped(c: char) -> String {
    match c {
        '\n' => "\\n".to_owned(),
        '\r' => "\\r".to_owned(),
        '\t' => "\\t".to_owned(),
        c if c.is_control() => format!("\\x{:02x}", c as u32),
        c => format!("\\u{{{:04x}}}", c as u32),
    }
}

/// Escapes every deceptive character (newlines included) for one line.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if is_deceptive(c) {
            out.push_str(&escaped(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// Escapes each line of a multi-line text separately (newlines kept as
/// line breaks, everything else deceptive escaped).
pub fn escape_lines(s: &str) -> Vec<String> {
    s.split('\n').map(escape).collect()
}

/// Shows bytes that are not UTF-8 as `\xHH`.
pub fn escape_bytes(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        out.push_str(&escape(chunk.valid()));
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_every_class() {
        for (input, want) in [
            ("rm -rf ~\r echo hi", "rm -rf ~\\r echo hi"),
            ("a\x1b[2Kb", "a\\x1b[2Kb"),
            ("a\u{9b}2Kb", "a\\x9b2Kb"),
            ("bell\x07", "bell\\x07"),
            ("back\x08\x08", "back\\x08\\x08"),
            ("del\x7f", "del\\x7f"),
            ("nul\0", "nul\\x00"),
            ("nel\u{85}", "nel\\x85"),
            ("ls \u{202e}txt.exe", "ls \\u{202e}txt.exe"),
            ("x\u{2066}y\u{2069}", "x\\u{2066}y\\u{2069}"),
            ("r\u{200b}m", "r\\u{200b}m"),
            ("a\u{200d}b", "a\\u{200d}b"),
            ("\u{feff}ls", "\\u{feff}ls"),
            ("tag\u{e0041}", "tag\\u{e0041}"),
            ("soft\u{ad}hyphen", "soft\\u{00ad}hyphen"),
            ("line\u{2028}sep", "line\\u{2028}sep"),
            ("two\nlines", "two\\nlines"),
            ("tab\there", "tab\\there"),
        ] {
            assert_eq!(escape(input), want, "{input:?}");
        }
    }

    #[test]
    fn ordinary_text_is_itself() {
        for s in [
            "café",
            "日本語のファイル",
            "emoji 🎉 ok",
            "❤️",
            "naïve résumé",
            "ls -la ~/src",
        ] {
            assert_eq!(escape(s), s);
        }
    }

    #[test]
    fn invalid_utf8_bytes_are_shown() {
        assert_eq!(escape_bytes(b"rm \xff\x9b x"), "rm \\xff\\x9b x");
        assert_eq!(escape_bytes("é\x1b".as_bytes()), "é\\x1b");
    }

    #[test]
    fn lines_are_split_then_escaped() {
        assert_eq!(escape_lines("a\rb\nc"), ["a\\rb", "c"]);
    }

    proptest::proptest! {
        #[test]
        fn output_never_holds_a_deceptive_character(s in "\\PC*|[\\x00-\\x{10ffff}]*") {
            let out = escape(&s);
            proptest::prop_assert!(!out.chars().any(is_deceptive), "{out:?}");
        }

        #[test]
        fn output_of_any_string_is_safe(s in proptest::collection::vec(proptest::char::any(), 0..64)) {
            let s: String = s.into_iter().collect();
            let out = escape(&s);
            proptest::prop_assert!(!out.chars().any(is_deceptive));
            // Nothing visible is lost: every safe character survives in order.
            let kept: String = s.chars().filter(|c| !is_deceptive(*c)).collect();
            let mut it = out.chars();
            for c in kept.chars() {
                proptest::prop_assert!(it.any(|o| o == c));
            }
        }
    }
}
