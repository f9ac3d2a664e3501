//! find: where it starts, whether it deletes what it finds, and whether
//! its tests pick some files or everything.
//!
//! `find / -delete` and `find ~ -exec rm {} +` empty a whole tree; the
//! same with `-name .DS_Store` only tidies it. find's own options come
//! before its starting points, so `find -L / -delete` still starts at the
//! root.

use crate::parse::{Word, programs};

/// find's starting points: the words before its first expression. find's
/// own options (`-H`, `-L`, `-P`, `-D opts`, `-O3`, `--`) come first, and
/// stopping at them would hide the root in `find -L / -delete`.
pub(super) fn starting_points(args: &[Word]) -> Vec<&Word> {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        match w.value.as_str() {
            "-H" | "-L" | "-P" => i += 1,
            "-D" => i += 2,
            "--" => {
                i += 1;
                break;
            }
            v if v.starts_with("-O") => i += 1,
            _ => break,
        }
    }
    args.get(i..)
        .unwrap_or_default()
        .iter()
        .take_while(|w| !(w.value.starts_with('-') || matches!(w.value.as_str(), "(" | "!")))
        .collect()
}

/// True when find deletes what it finds: `-delete`, or `-exec`/`-execdir`
/// of rm, unlink or shred.
pub(super) fn deletes(args: &[Word]) -> bool {
    args.iter().enumerate().any(|(i, w)| {
        w.value == "-delete"
            || (matches!(w.value.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir")
                && exec_program(args, i + 1).is_some_and(|at| {
                    matches!(
                        programs::program_name(&args[at].value).as_str(),
                        "rm" | "unlink" | "shred" | "srm"
                    )
                }))
    })
}

/// Where the program an `-exec` runs is, from `at` (the word after
/// `-exec`), past the wrappers that only change how it runs (`-exec sudo
/// rm -rf {} +`, `-exec nice -n 19 shred {} ;`, `-exec env LC_ALL=C chmod
/// …`): a wrapper must not hide the rm from the rule that reads find's
/// starting points.
fn exec_program(args: &[Word], mut at: usize) -> Option<usize> {
    loop {
        let wrapper = programs::program_name(&args.get(at)?.value);
        // Each wrapper's options that take a value.
        let takes_value: &[&str] = match wrapper.as_str() {
            "sudo" | "doas" => &["-u", "-g", "-C", "-D", "-p", "-r", "-t", "-U", "-h"],
            "nice" => &["-n"],
            "ionice" => &["-c", "-n", "-p"],
            "env" => &["-u", "-C", "-S"],
            "command" | "nohup" => &[],
            _ => return Some(at),
        };
        at += 1;
        while let Some(w) = args.get(at) {
            let v = w.value.as_str();
            if takes_value.contains(&v) {
                at += 2;
            } else if v.starts_with('-') || v.contains('=') && !v.starts_with('{') {
                at += 1;
            } else {
                break;
            }
        }
    }
}

/// True when find runs a program that changes ownership, permissions or
/// attributes on what it finds (`find / -exec chmod 777 {} +`): over
/// everything below a root, `chmod -R` by another name.
/// A chmod whose mode `only_removes` rights from group and others (`find
/// ~ -exec chmod go-w {} +`) leaves the system working, as `chmod -R go-w
/// ~` does.
pub(super) fn changes_rights(args: &[Word], only_removes: impl Fn(&str) -> bool) -> bool {
    args.iter().enumerate().any(|(i, w)| {
        matches!(w.value.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir")
            && exec_program(args, i + 1).is_some_and(|at| {
                match programs::program_name(&args[at].value).as_str() {
                    "chmod" => !args.get(at + 1).is_some_and(|m| only_removes(&m.value)),
                    "chown" | "chgrp" | "setfacl" | "chattr" => true,
                    _ => false,
                }
            })
    })
}

/// True when find's tests pick some files by name, time, size or owner
/// (`-name .DS_Store`), rather than everything below its starting points.
/// A negation or an alternative (`!`, `-not`, `-o`) may pick everything
/// again, so it counts as no pick.
pub(super) fn narrows(args: &[Word]) -> bool {
    const PICKS: &[&str] = &[
        "-name",
        "-iname",
        "-path",
        "-ipath",
        "-wholename",
        "-iwholename",
        "-regex",
        "-iregex",
        "-newer",
        "-anewer",
        "-cnewer",
        "-mtime",
        "-mmin",
        "-atime",
        "-amin",
        "-ctime",
        "-cmin",
        "-size",
        "-user",
        "-group",
        "-uid",
        "-gid",
        "-nouser",
        "-nogroup",
        "-perm",
        "-empty",
        "-links",
        "-inum",
        "-samefile",
        "-lname",
        "-ilname",
        "-used",
        "-newermt",
    ];
    let values: Vec<&str> = args.iter().map(|w| w.value.as_str()).collect();
    // `-name '*'` and `-regex '.*'` pick everything.
    let everything = |v: &str| v.chars().all(|c| matches!(c, '*' | '.'));
    values
        .iter()
        .enumerate()
        .any(|(i, v)| PICKS.contains(v) && !values.get(i + 1).is_some_and(|next| everything(next)))
        && !values
            .iter()
            .any(|v| matches!(*v, "!" | "-not" | "-o" | "-or" | ","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_picks_and_deletes() {
        let words = |line: &str| -> Vec<Word> { line.split(' ').map(Word::literal).collect() };
        for line in [
            ". -name x -delete",
            "~ -mtime +3 -exec rm {} +",
            "/ -empty -delete",
        ] {
            assert!(narrows(&words(line)), "{line}");
        }
        for line in [
            "~ -delete",
            "~ -name * -delete",
            "~ -regex .* -delete",
            "~ ! -name x -delete",
            "~ -not -name x -delete",
            "~ -name x -o -true -delete",
            "~ -type f -delete",
        ] {
            assert!(!narrows(&words(line)), "{line}");
        }
        for line in [
            "~ -delete",
            "~ -exec rm {} +",
            "~ -execdir /bin/shred {} ;",
            "~ -ok unlink {} ;",
            "/opt -mindepth 1 -exec sudo rm -rf {} +",
            "/opt -exec sudo -u root -n rm -rf {} +",
            "/ -exec nice -n 19 ionice -c 3 shred {} ;",
            "/ -exec env LC_ALL=C command rm {} ;",
        ] {
            assert!(deletes(&words(line)), "{line}");
        }
        for line in [
            "~ -print",
            "~ -exec ls {} +",
            "~ -exec",
            "~ -exec sudo",
            "~ -exec sudo -u",
            "~ -exec sudo ls {} +",
            "~ -exec env X=1 cat {} +",
        ] {
            assert!(!deletes(&words(line)), "{line}");
        }
    }
}
