//! Small shared utilities with no opinion on commands: atomic file writes,
//! random ids, cutting long text, and time stamps. A leaf: it imports no
//! other module of the crate.

use std::io::{Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// Writes a file by writing a sibling temporary file (mode 0600), syncing
/// it and renaming it over the target: a crash leaves the old file or the
/// new one, never half of one. Missing folders are made private (0700).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    let dir = path
        .parent()
        .ok_or_else(|| std::io::Error::other("no parent folder"))?;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // Unique per process and per call: two writers never share a
    // temporary file, even two threads of one process.
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
    #[expect(
        clippy::disallowed_methods,
        reason = "the atomic writer: a new temporary file, created exclusively, and its folder"
    )]
    let result = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)?;
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// `N` bytes from the operating system's random source.
#[expect(
    clippy::disallowed_methods,
    reason = "the kernel's random device, not a path an agent can plant"
)]
pub fn random_bytes<const N: usize>() -> std::io::Result<[u8; N]> {
    let mut bytes = [0u8; N];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(bytes)
}

/// A fresh, unguessable id: 128 bits from the OS, as 32 hex digits.
pub fn random_id() -> std::io::Result<String> {
    Ok(random_bytes::<16>()?
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// `text` begins with `prefix` (ASCII), whatever the case.
pub fn ascii_prefix(text: &str, prefix: &str) -> bool {
    text.as_bytes()
        .get(..prefix.len())
        .is_some_and(|t| t.eq_ignore_ascii_case(prefix.as_bytes()))
}

/// `text` ends with `suffix` (ASCII), whatever the case.
pub fn ascii_suffix(text: &str, suffix: &str) -> bool {
    let t = text.as_bytes();
    t.len() >= suffix.len() && t[t.len() - suffix.len()..].eq_ignore_ascii_case(suffix.as_bytes())
}

/// Whether `text` holds `word`, ASCII letters in either case.
pub fn contains_ignore_case(text: &str, word: &str) -> bool {
    text.as_bytes()
        .windows(word.len())
        .any(|w| w.eq_ignore_ascii_case(word.as_bytes()))
}

/// Cuts text in the middle to at most `max` characters; the marker left in
/// its place says how much is missing.
pub fn cut_middle(s: &str, max: usize) -> String {
    let n = s.chars().count();
    if n <= max {
        return s.to_owned();
    }
    let keep = max.saturating_sub(48);
    let head = keep / 2;
    let tail = keep - head;
    let left = n - head - tail;
    let mut out: String = s.chars().take(head).collect();
    out.push_str(&format!(" [... {left} characters left out ...] "));
    out.extend(s.chars().skip(n - tail));
    out
}

/// Seconds since the epoch (0 if the clock is before it).
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A duration in whole milliseconds, saturating.
pub fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The current UTC time in RFC 3339 with milliseconds.
pub fn now_rfc3339() -> String {
    rfc3339(SystemTime::now())
}

/// Formats a time as RFC 3339 UTC (`2026-11-29T22:54:06.123Z`).
pub fn rfc3339(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs();
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    // Days since the epoch to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        d.subsec_millis()
    )
}

/// Reads a UTC time as askrisky writes it (`2026-11-29T22:54:06.123Z`,
/// also without the fraction, or a bare date `2026-11-29` for its start):
/// milliseconds since the epoch. `None` for anything else.
pub fn parse_rfc3339(s: &str) -> Option<u64> {
    let num = |t: &str| -> Option<i64> {
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    let (date, time) = match s.split_once('T') {
        Some((d, t)) => (d, Some(t.strip_suffix('Z')?)),
        None => (s, None),
    };
    let mut d = date.split('-');
    let (year, month, day) = (num(d.next()?)?, num(d.next()?)?, num(d.next()?)?);
    if d.next().is_some()
        || date.len() != 10
        || !(1..=12).contains(&month)
        || !(1..=31).contains(&day)
    {
        return None;
    }
    let (mut h, mut m, mut sec, mut ms) = (0, 0, 0, 0);
    if let Some(t) = time {
        let (hms, frac) = t.split_once('.').unwrap_or((t, ""));
        let mut p = hms.split(':');
        (h, m, sec) = (num(p.next()?)?, num(p.next()?)?, num(p.next()?)?);
        if p.next().is_some() || hms.len() != 8 || h > 23 || m > 59 || sec > 60 {
            return None;
        }
        if !frac.is_empty() {
            let digits: String = frac.chars().chain("000".chars()).take(3).collect();
            ms = num(&digits)?;
            num(frac)?;
        }
    }
    // Days since the epoch of a civil date (Howard Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let total = ((days * 86_400 + h * 3600 + m * 60 + sec) * 1000) + ms;
    u64::try_from(total).ok()
}

/// A set of exact program names or words for `Cmd::is_among` and
/// `among` (no `*` patterns: those only `Cmd::is` reads), laid out
/// when compiled as an open hash table, so a process that checks one line
/// pays nothing to set it up, and a look-up hashes the word once and
/// compares it with about one name (the lists are asked of every command
/// and of many of its words). `M`, a power of two more than twice the
/// list's length, is [`slots_for`] of it.
pub struct NameSet<const M: usize> {
    slots: [&'static str; M],
    /// `""` marks an empty slot; whether the list holds `""` is kept here.
    has_empty: bool,
}

/// The table size for a list of `n` names: a power of two with more than
/// half its slots empty, so a search ends soon on an empty slot.
pub const fn slots_for(n: usize) -> usize {
    (2 * n + 2).next_power_of_two()
}

/// FNV-1a over the bytes: short words hash in a few steps, when compiled
/// and when run.
const fn hash(bytes: &[u8]) -> usize {
    let mut h: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u32;
        h = h.wrapping_mul(0x0100_0193);
        i += 1;
    }
    h as usize
}

impl<const M: usize> NameSet<M> {
    /// The set of `list`'s names.
    pub const fn new(list: &[&'static str]) -> Self {
        assert!(
            M.is_power_of_two() && M > 2 * list.len(),
            "size a NameSet with slots_for"
        );
        let mut slots = [""; M];
        let mut has_empty = false;
        let mut i = 0;
        while i < list.len() {
            let name = list[i];
            let bytes = name.as_bytes();
            assert!(
                bytes.is_empty() || bytes[bytes.len() - 1] != b'*',
                "a `*` pattern is for `Cmd::is`"
            );
            if bytes.is_empty() {
                has_empty = true;
            } else {
                // (A name listed twice takes two slots: there is room.)
                let mut at = hash(bytes) & (M - 1);
                while !slots[at].is_empty() {
                    at = (at + 1) & (M - 1);
                }
                slots[at] = name;
            }
            i += 1;
        }
        Self { slots, has_empty }
    }

    /// Whether `word` is one of the set's names.
    pub fn contains(&self, word: &str) -> bool {
        if word.is_empty() {
            return self.has_empty;
        }
        let mut at = hash(word.as_bytes()) & (M - 1);
        // More than half the slots are empty: the search ends.
        loop {
            match self.slots.get(at) {
                Some(&slot) if slot == word => return true,
                Some(slot) if !slot.is_empty() => at = (at + 1) & (M - 1),
                _ => return false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// The table's size and hash are what they say: FNV-1a's published
    /// values, and a power of two with room for twice the names.
    #[test]
    fn name_set_layout() {
        assert_eq!(hash(b""), 0x811c_9dc5);
        assert_eq!(hash(b"a"), 0xe40c_292c);
        assert_eq!(hash(b"foobar"), 0xbf9c_f968);
        assert_eq!(slots_for(0), 2);
        assert_eq!(slots_for(3), 8);
        assert_eq!(slots_for(4), 16);
    }

    proptest::proptest! {
        /// A set finds exactly the names of the list, empty ones too.
        #[test]
        fn among_finds_what_the_list_holds(
            list in proptest::collection::vec("[a-c.é-]{0,3}", 0..=6),
            word in "[a-c.é-]{0,3}",
        ) {
            let list: Vec<&'static str> = list.into_iter().map(|s| &*s.leak()).collect();
            let set = NameSet::<{ slots_for(6) }>::new(&list);
            proptest::prop_assert_eq!(set.contains(&word), list.contains(&word.as_str()));
            for name in &list {
                proptest::prop_assert!(set.contains(name));
            }
        }
    }

    #[test]
    fn times() {
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        let t = UNIX_EPOCH + Duration::from_millis(1_795_992_846_123);
        assert_eq!(rfc3339(t), "2026-11-29T22:54:06.123Z");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29
        assert_eq!(rfc3339(leap), "2000-02-29T00:00:00.000Z");
    }

    #[test]
    fn times_read_back() {
        for ms in [0u64, 1_795_992_846_123, 951_782_400_000, 4_102_444_799_999] {
            let t = UNIX_EPOCH + Duration::from_millis(ms);
            assert_eq!(parse_rfc3339(&rfc3339(t)), Some(ms), "{}", rfc3339(t));
        }
        assert_eq!(parse_rfc3339("2026-11-29"), Some(1_795_910_400_000));
        assert_eq!(
            parse_rfc3339("2026-11-29T22:54:06Z"),
            Some(1_795_992_846_000)
        );
        assert_eq!(
            parse_rfc3339("2026-11-29T22:54:06.1Z"),
            Some(1_795_992_846_100)
        );
        for bad in [
            "",
            "yesterday",
            "2026-13-01",
            "2026-11-29T22:54:06",
            "2026-11-29T25:00:00Z",
            "2026-11-29T22:54Z",
            "2026-1-29",
            "2026-11-29T22:54:06.x1Z",
            "-2026-11-29",
        ] {
            assert_eq!(parse_rfc3339(bad), None, "{bad}");
        }
    }

    #[test]
    fn cut_in_the_middle() {
        let s: String = ('a'..='z').cycle().take(1_000).collect();
        let c = cut_middle(&s, 100);
        assert!(c.chars().count() <= 100, "{}", c.chars().count());
        assert!(c.starts_with("abc"));
        assert!(c.contains("characters left out"));
        assert_eq!(cut_middle("short", 100), "short");
    }

    #[test]
    fn ids_are_fresh() {
        let a = random_id().unwrap_or_default();
        let b = random_id().unwrap_or_default();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn atomic_writes_replace_whole_files() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let p = dir.path().join("sub/f");
        write_atomically(&p, b"one").unwrap_or_else(|e| panic!("{e}"));
        write_atomically(&p, b"two").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read(&p).unwrap_or_default(), b"two");
        // No temporary file is left beside it.
        let names: Vec<_> = std::fs::read_dir(dir.path().join("sub"))
            .map(|d| d.flatten().map(|e| e.file_name()).collect())
            .unwrap_or_default();
        assert_eq!(names, ["f"]);
    }
}
