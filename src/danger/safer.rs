//! A safer way: for each rule of the blocked tier and the danger set, where
//! one exists, what to do instead — a sentence, and where it makes sense an
//! example command.
//!
//! This is data beside the rule table, keyed by rule code, so the table
//! itself stays only what it matches. The person sees it on the card; the
//! agent sees it in refusals and hook reasons, and can act on it. A test
//! holds that every example command is itself neither blocked nor caught
//! by the rule it replaces, and another lists the rules with no safer way,
//! so the gap stays visible.

use serde::Serialize;

/// What to do instead of what a rule caught.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Safer {
    /// The rule's code.
    pub code: &'static str,
    /// One sentence: the safer way.
    pub sentence: &'static str,
    /// A command that does it, where one makes sense.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<&'static str>,
}

const fn s(code: &'static str, sentence: &'static str, example: &'static str) -> Safer {
    Safer {
        code,
        sentence,
        example: Some(example),
    }
}

const fn only(code: &'static str, sentence: &'static str) -> Safer {
    Safer {
        code,
        sentence,
        example: None,
    }
}

/// The safer ways, by rule code, in the rule table's order.
pub static SAFER: &[Safer] = &[
    // ── blocked tier ────────────────────────────────────────────────────
    s(
        "delete.root",
        "Delete only the folder you mean, by a path inside the project, never a home, the root or a system folder.",
        "rm -r ./build",
    ),
    s(
        "disk.format_image",
        "Check what the target is first (`file IMG`, `lsblk`); formatting is the person's to confirm.",
        "file disk.img",
    ),
    s(
        "disk.device",
        "Look at the disk's table and labels only (`lsblk -f`, `blkid`), and leave reading, imaging or repairing it to the person.",
        "lsblk -f",
    ),
    s(
        "disk.format",
        "Formatting a disk is the person's to do by hand; to see what is there, list the disks and file systems.",
        "lsblk -f",
    ),
    s(
        "disk.overwrite",
        "Write the image to a file; flashing a device is the person's to do by hand after checking it with lsblk.",
        "dd if=/dev/zero of=disk.img bs=1M count=10",
    ),
    s(
        "disk.erase",
        "Erasing or repartitioning a disk is the person's to do by hand; to see what is there, list the disks and volumes.",
        "diskutil list",
    ),
    s(
        "perm.root",
        "Change permissions only on the project's own files, and only as far as needed.",
        "chmod -R u+w ./build",
    ),
    only(
        "system.crash",
        "Rebooting or halting the machine is the person's to do by hand; nothing an agent needs goes through the kernel's emergency trigger.",
    ),
    // ── danger set ──────────────────────────────────────────────────────
    s(
        "move.system",
        "Move or copy what is inside the folder, by name, and leave the folder itself in place.",
        "mv ~/old-project /tmp/",
    ),
    s(
        "delete.recursive",
        "Move the folder aside, or to the trash (`gio trash`, `trash-put`), so it can be brought back.",
        "mv build build.old",
    ),
    s(
        "delete.bulk",
        "List what would be deleted first, read the list, then delete those files by name.",
        "find . -name '*.tmp' -print",
    ),
    s(
        "delete.forced",
        "Delete without -f, so files that are missing or write-protected are reported instead of silently removed.",
        "rm old.log",
    ),
    s(
        "git.clean",
        "List what would be deleted first with a dry run, then delete only what you mean.",
        "git clean -n -d",
    ),
    s(
        "privilege.escalate",
        "Install for your own user or into the project instead of system-wide (`pip install --user`, `npm install --prefix`, `cargo install --root ~/.local`); leave steps that need root to the person.",
        "pip install --user requests",
    ),
    s(
        "git.force_push",
        "Push the rewritten history to a new branch instead of over the remote's; on your own branch, `git push --force-with-lease` at least refuses when someone else pushed.",
        "git push -u origin HEAD:refs/heads/my-branch-v2",
    ),
    s(
        "git.push_delete",
        "Keep remote branches and tags; see what a prune would remove with a dry run, and leave deleting to the person.",
        "git remote prune --dry-run origin",
    ),
    s(
        "git.reset_hard",
        "Stash the uncommitted changes first, so they can be brought back with `git stash pop`.",
        "git stash push -u -m before-reset",
    ),
    s(
        "git.discard",
        "Stash the changes instead of discarding them, so `git stash pop` brings them back.",
        "git stash push -u -m before-discard",
    ),
    s(
        "git.branch_delete",
        "Delete the branch with -d, which refuses while it holds commits merged nowhere else.",
        "git branch -d feature",
    ),
    s(
        "git.history_rewrite",
        "Make a mirror copy of the repository before rewriting, so the old history can be restored.",
        "git clone --mirror . ../backup.git",
    ),
    s(
        "git.config_exec",
        "Run the program yourself, in the open, instead of through a git option that starts it; for a pager, `git --no-pager`.",
        "git --no-pager log",
    ),
    only(
        "git.repo_config",
        "Read the repository's config as a file (`.git/config`, or the folder a `.git` file points to) and remove what you did not put there.",
    ),
    s(
        "tool.exec_option",
        "Pipe the tool's output to the other program instead, so each program that runs is seen and judged.",
        "find . -name '*.rs' -print0 | xargs -0 grep -l TODO",
    ),
    only(
        "env.hijack",
        "Run the program without injecting code through the environment; a library or option it needs belongs in the project's build or config, where it can be read.",
    ),
    s(
        "exec.download",
        "Download the script to a file, read it, and then run that file by name.",
        "curl -fsSLo install.sh https://example.com/install.sh",
    ),
    s(
        "exec.pipe_to_shell",
        "Write the program to a file in the project, read it, and run the file by name.",
        "bash ./script.sh",
    ),
    s(
        "secret.read",
        "Read the template (`.env.example`) or the names of the settings, never the values.",
        "cat .env.example",
    ),
    s(
        "secret.store",
        "Let the tool use its own login, or ask the person for what is needed; do not print the secret.",
        "gh auth status",
    ),
    s(
        "secret.export",
        "Send only the one variable the service needs, never the whole environment.",
        "env | cut -d= -f1",
    ),
    s(
        "persist.schedule",
        "Run the command now, in this session, where the person can see it; leave schedules to the person.",
        "atq",
    ),
    s(
        "container.socket",
        "Use the engine's own command line, which asks for what it does, instead of its socket.",
        "docker ps",
    ),
    s(
        "protected.write",
        "Write the change to a new file in the project and let the person review and apply it.",
        "cp ~/.bashrc ./bashrc.proposed",
    ),
    s(
        "agent.unguarded",
        "Start the agent with its hooks and approvals on, so askrisky still checks what it runs.",
        "claude -p 'fix the failing test'",
    ),
    s(
        "cloud.deploy",
        "Preview the change (the tool's plan, diff or dry-run form) and leave applying it to the person.",
        "terraform plan",
    ),
    s(
        "verb.destroys",
        "Look first: list what would be deleted or reset (the tool's list, status or dry-run form), and leave the deleting to the person.",
        "restic snapshots",
    ),
    s(
        "verb.deploys",
        "Build and test locally, and leave deploying, publishing or flashing to the person.",
        "wrangler dev",
    ),
    s(
        "process.kill",
        "Ask the process to stop first (plain `kill PID` sends SIGTERM), by its process id rather than its name.",
        "kill -TERM 1234",
    ),
    s(
        "system.control",
        "Look at the state only, and leave changing the system or its services to the person.",
        "systemctl status nginx",
    ),
    s(
        "perm.change",
        "Give only the permission needed, to the owner only, file by file.",
        "chmod u+x script.sh",
    ),
    s(
        "file.truncate",
        "Move the file aside (rotate it) instead of emptying it; for rsync, copy without --delete.",
        "mv app.log app.log.1",
    ),
    s(
        "code.inline",
        "Write the code to a script file in the project and run that, so it can be read and reviewed.",
        "python3 tool.py",
    ),
    s(
        "net.listen",
        "Serve on loopback only, with the project's own development server or a plain HTTP server.",
        "python3 -m http.server --bind 127.0.0.1 8000",
    ),
    s(
        "container.privileged",
        "Run the container without host access: mount only the project, add only the capability needed.",
        "docker run --rm -v ./:/src -w /src alpine ls",
    ),
    s(
        "publish.package",
        "Build and check the package locally (`cargo package`, `npm pack --dry-run`, `python -m build`); publishing is the person's step.",
        "npm pack --dry-run",
    ),
    s(
        "askrisky.self",
        "Goals, sessions, approvals and hooks are the person's to change from their own terminal; to see what askrisky would decide, use `askrisky check`.",
        "askrisky check -c 'git push'",
    ),
    only(
        "guard.switched_off",
        "Leave the guard on: to run one line past it, answer its card; ASKRISKY_GUARD=off turns it off for this shell, and asks first.",
    ),
    only(
        "guard.internals",
        "Leave the guard's own functions and variables alone; `askrisky init` prints what they are.",
    ),
    only(
        "guard.unchecked_code",
        "Run the command as a line of its own, where the guard checks it; bind keys to the shell's own editing functions.",
    ),
    s(
        "guard.rerun",
        "List the line (or recall it with the up arrow) and run it as a line of its own: the guard checks it then.",
        "fc -l -5",
    ),
    only(
        "guard.askrisky",
        "If you did not type it, something that can type into this terminal did: answer don't run.",
    ),
    s(
        "cloud.destroy",
        "Look before deleting: list or diff what would go, and let the person delete it.",
        "kubectl get ns",
    ),
    s(
        "db.destroy",
        "Take a dump first, and let the person drop the table; to look, query it.",
        "pg_dump -t users app",
    ),
    s(
        "disk.partition",
        "List the disks and partitions to check them, and leave changes to the person.",
        "lsblk",
    ),
    // ── what could not be analysed ─────────────────────────────────────
    only(
        "parse.unparseable",
        "Fix the quoting, or split the line into simple commands that parse on their own.",
    ),
    only(
        "parse.dynamic_command",
        "Name the program literally instead of through a variable or $(…).",
    ),
    only(
        "parse.unknown_program",
        "Run the program by its own name or its path in the system's folders, or build it in the project's build folder (`target/`, `build/`).",
    ),
    s(
        "parse.dynamic_code",
        "Put the code in a script file in the project and run the file by name.",
        "bash ./script.sh",
    ),
    only(
        "parse.ambiguous",
        "Write the line so every shell reads it alike (plain quotes, `[ … ]`, `$((…))`), or hand it by name to the shell it is written for (`bash -c '…'`).",
    ),
    only(
        "parse.too_deep",
        "Split the line into several shorter commands.",
    ),
    s(
        "parse.too_long",
        "Put the commands in a script file in the project and run the file by name.",
        "bash ./script.sh",
    ),
    only(
        "parse.too_slow",
        "Split the line into several simpler commands.",
    ),
];

/// Rules with no safer way, and why: what they catch has no harmless form.
pub static WITHOUT: &[(&str, &str)] = &[
    (
        "fork.bomb",
        "a process that starts copies of itself without end has no safe form",
    ),
    (
        "net.reverse_shell",
        "handing a shell to the network has no safe form; checking a port is another task",
    ),
];

/// The safer way for a rule, if it has one.
pub fn for_code(code: &str) -> Option<&'static Safer> {
    SAFER.iter().find(|s| s.code == code)
}

/// The safer ways for these rule codes, each once, in the order given.
pub fn for_codes<'a>(codes: impl IntoIterator<Item = &'a str>) -> Vec<&'static Safer> {
    let mut out: Vec<&'static Safer> = Vec::new();
    for c in codes {
        if let Some(s) = for_code(c)
            && !out.iter().any(|o| o.code == s.code)
        {
            out.push(s);
        }
    }
    out
}

impl Safer {
    /// The sentence and the example, as one line: `Sentence (e.g. `cmd`)`.
    pub fn line(&self) -> String {
        match self.example {
            Some(e) => format!("{} (e.g. `{e}`)", self.sentence.trim_end_matches('.')),
            None => self.sentence.to_owned(),
        }
    }
}

/// The safer ways, as one line for a refusal or a hook reason ("A safer
/// way: …"), or `None` when no rule here has one.
pub fn sentence(safer: &[&Safer]) -> Option<String> {
    if safer.is_empty() {
        return None;
    }
    let parts: Vec<String> = safer.iter().map(|s| s.line()).collect();
    let noun = if parts.len() == 1 {
        "A safer way"
    } else {
        "Safer ways"
    };
    Some(format!("{noun}: {}.", parts.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::danger::rules::RULES;
    use crate::danger::{Place, Tier, assess};
    use crate::parse::parse;

    /// Each example is a line askrisky can read, that is not blocked, and
    /// that the rule it stands in for does not catch.
    #[test]
    fn every_example_is_not_blocked_and_not_caught_by_its_rule() {
        let mut wrong = Vec::new();
        for s in SAFER {
            let Some(example) = s.example else { continue };
            let a = assess(&parse(example), &Place::example(), &[]);
            if a.tier == Tier::Blocked {
                wrong.push(format!(
                    "{}: {example:?} is blocked: {:?}",
                    s.code,
                    a.codes()
                ));
            }
            if a.codes().contains(&s.code) {
                wrong.push(format!("{}: {example:?} matches the same rule", s.code));
            }
            if a.codes().iter().any(|c| c.starts_with("parse.")) {
                wrong.push(format!(
                    "{}: {example:?} cannot be analysed: {:?}",
                    s.code,
                    a.codes()
                ));
            }
        }
        assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
    }

    /// Every rule is either here or listed without one, with the reason:
    /// a new rule with no safer way shows up in this test.
    #[test]
    fn rules_without_a_safer_way_are_listed() {
        let without: Vec<&str> = RULES
            .iter()
            .map(|r| r.code)
            .filter(|c| for_code(c).is_none())
            .collect();
        let listed: Vec<&str> = WITHOUT.iter().map(|(c, _)| *c).collect();
        assert_eq!(
            without, listed,
            "rules with no safer way (add one to SAFER, or list the rule in WITHOUT with why)"
        );
        for (code, why) in WITHOUT {
            assert!(!why.is_empty(), "{code}: say why");
        }
    }

    /// Nothing here names a rule that is not in the table, and no rule
    /// has two entries.
    #[test]
    fn entries_name_rules_once() {
        let mut seen = std::collections::HashSet::new();
        for s in SAFER {
            assert!(
                RULES.iter().any(|r| r.code == s.code),
                "{}: no such rule",
                s.code
            );
            assert!(seen.insert(s.code), "{} twice", s.code);
            assert!(s.sentence.ends_with('.'), "{}: one sentence", s.code);
        }
        for (code, _) in WITHOUT {
            assert!(
                RULES.iter().any(|r| r.code == *code),
                "{code}: no such rule"
            );
            assert!(for_code(code).is_none(), "{code}: listed as without one");
        }
    }

    #[test]
    fn one_line_for_refusals() {
        assert_eq!(sentence(&[]), None);
        let one = for_codes(["git.force_push", "git.force_push"]);
        assert_eq!(one.len(), 1);
        let line = sentence(&one).unwrap_or_default();
        assert!(
            line.starts_with("A safer way: Push the rewritten history"),
            "{line}"
        );
        assert!(
            line.ends_with("(e.g. `git push -u origin HEAD:refs/heads/my-branch-v2`)."),
            "{line}"
        );
        let two = for_codes(["delete.recursive", "fork.bomb", "delete.forced"]);
        assert_eq!(
            two.iter().map(|s| s.code).collect::<Vec<_>>(),
            ["delete.recursive", "delete.forced"]
        );
        assert!(
            sentence(&two)
                .unwrap_or_default()
                .starts_with("Safer ways: ")
        );
    }
}
