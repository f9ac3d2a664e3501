//! Many short fragments looked for in one text at once: the screens that
//! settle most words before the rules that name each fragment are asked
//! (secret file names, risky names in inline code, code that writes
//! files).

/// Fragments found in a text by their first two bytes: a table of the
/// pairs that begin one says at each place of the text whether any may
/// start there, and only those that do are compared. Built once per
/// process, which mostly checks a line or two, in a few thousand steps:
/// a general automaton costs a hundred times that to build, more than
/// the short words it is asked about cost to search.
pub(crate) struct Fragments {
    /// Bit `a << 8 | b`: some fragment begins with the bytes `a b`.
    pairs: Box<[u64; 1024]>,
    /// The fragments of two bytes or more, sorted by their first two.
    long: Vec<(u16, &'static [u8])>,
    /// Those shorter (none in the tables, but any list is taken).
    short: Vec<&'static str>,
}

impl Fragments {
    pub(crate) fn new(fragments: impl Iterator<Item = &'static str>) -> Self {
        let mut pairs = Box::new([0u64; 1024]);
        let mut long = Vec::new();
        let mut short = Vec::new();
        for f in fragments {
            match f.as_bytes() {
                [a, b, ..] => {
                    let key = u16::from_be_bytes([*a, *b]);
                    pairs[usize::from(key >> 6)] |= 1 << (key & 63);
                    long.push((key, f.as_bytes()));
                }
                _ => short.push(f),
            }
        }
        long.sort_unstable_by_key(|(key, _)| *key);
        Self { pairs, long, short }
    }

    /// Whether `text` holds any of the fragments.
    pub(crate) fn in_text(&self, text: &str) -> bool {
        let bytes = text.as_bytes();
        for (i, pair) in bytes.windows(2).enumerate() {
            let key = u16::from_be_bytes([pair[0], pair[1]]);
            if self.pairs[usize::from(key >> 6)] & (1 << (key & 63)) == 0 {
                continue;
            }
            let rest = &bytes[i..];
            let from = self.long.partition_point(|(k, _)| *k < key);
            if self.long[from..]
                .iter()
                .take_while(|(k, _)| *k == key)
                .any(|(_, f)| rest.starts_with(f))
            {
                return true;
            }
        }
        self.short.iter().any(|f| text.contains(f))
    }
}
