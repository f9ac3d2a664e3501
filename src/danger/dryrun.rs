//! Rehearsals: a command told to only show what it would do (`git
//! push --dry-run`, `rsync -n`) changes nothing, so the rules that ask
//! about its change leave it alone, unless the line takes it back.

use crate::parse::{Word, programs};

/// True when a command is told to only rehearse (`-n`, `--dry-run`), and
/// nothing later on its line takes that back (`--no-dry-run`,
/// `--dry-run=false`): a rehearsal changes nothing.
pub(super) fn dry_run(args: &[Word], short_n: bool) -> bool {
    let flags: &[&str] = if short_n {
        &["-n", "--dry-run"]
    } else {
        &["--dry-run"]
    };
    programs::has_flag(args, flags)
        && !args.iter().any(|w| {
            let v = w.value.as_str();
            v.starts_with("--no-dry")
                || v.strip_prefix("--dry-run=").is_some_and(|x| {
                    matches!(
                        x.to_ascii_lowercase().as_str(),
                        "false" | "0" | "no" | "off"
                    )
                })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rehearsals() {
        let words = |line: &str| -> Vec<Word> { line.split(' ').map(Word::literal).collect() };
        for (line, short_n, want) in [
            ("-n", true, true),
            ("-n", false, false),
            ("--dry-run", false, true),
            ("--dry", false, true),
            ("--dry-run --no-dry-run", false, false),
            ("--dry-run=false", false, false),
            ("--dry-run=OFF", false, false),
            ("--dry-run=true", false, true),
            ("-f", true, false),
        ] {
            assert_eq!(dry_run(&words(line), short_n), want, "{line}");
        }
    }
}
