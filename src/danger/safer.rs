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
//!
//! Where the rule's command has one clear operand (`rm -rf target`), the
//! example names it ([`Template`]: `mv target target.old`, not a made-up
//! `build`). The operand comes from the agent's command: it is put in as a
//! shell word (quoted where needed) and shown escaped, and when there is no
//! single literal operand the fixed example stands.

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
    /// The example for the command the rule matched, naming its operand.
    #[serde(skip)]
    pub template: Option<Template>,
}

/// An example that names the matched command's own operand: for
/// `rm -rf target`, `mv target target.old`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Template {
    /// The example's words; [`OPERAND`] in a word stands for the operand.
    pub words: &'static [&'static str],
    /// The programs whose commands it fits (the matched command's program).
    pub programs: &'static [&'static str],
    /// Operands before the one named: a mode (`chmod MODE FILE`), a
    /// subcommand (`git branch -D NAME`, `systemctl restart UNIT`).
    pub skip: usize,
    /// The programs' options that take the next word as their value
    /// (`truncate -s 0 FILE`): that word is not an operand.
    pub with_value: &'static [&'static str],
    /// Options with which the example would not do what it says (`rm
    /// FOLDER` for `rm -rf FOLDER`): given any, the fixed example stands.
    pub unless: &'static [&'static str],
}

/// A matched command's program and arguments, all of them literal: what
/// the shell hands the program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Operands {
    /// The program's name (basename).
    pub program: String,
    /// Its arguments, in order.
    pub args: Vec<String>,
}

impl Operands {
    /// A command's program and arguments, when every argument is literal
    /// and none is a glob: not a command whose words `find -exec`, xargs or
    /// parallel fill in when it runs.
    pub fn of(command: &crate::parse::SimpleCommand) -> Option<Self> {
        let program = command.name()?.into_owned();
        let filled_later = command.placeholder.is_some()
            || command.origin == crate::parse::Origin::FindExec
            || command
                .via
                .iter()
                .any(|v| matches!(v.as_str(), "xargs" | "parallel" | "find"));
        if filled_later || command.args().iter().any(|w| !w.literal || w.glob) {
            return None;
        }
        let args = command.args().iter().map(|w| w.value.clone()).collect();
        Some(Self { program, args })
    }
}

/// Where a [`Template`] word takes the operand.
pub const OPERAND: &str = "{}";

/// The longest operand put in an example; a longer one leaves the fixed
/// example (a reason is for reading, not for carrying a path of pages).
const MAX_OPERAND: usize = 120;

const fn s(code: &'static str, sentence: &'static str, example: &'static str) -> Safer {
    Safer {
        code,
        sentence,
        example: Some(example),
        template: None,
    }
}

/// [`s`], with a [`Template`] naming the matched command's operand.
const fn t(
    code: &'static str,
    sentence: &'static str,
    example: &'static str,
    template: Template,
) -> Safer {
    Safer {
        code,
        sentence,
        example: Some(example),
        template: Some(template),
    }
}

const fn only(code: &'static str, sentence: &'static str) -> Safer {
    Safer {
        code,
        sentence,
        example: None,
        template: None,
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
    t(
        "delete.recursive",
        "Move the folder aside, or to the trash (`gio trash`, `trash-put`), so it can be brought back.",
        "mv build build.old",
        Template {
            words: &["mv", "{}", "{}.old"],
            programs: &["rm"],
            skip: 0,
            with_value: &[],
            unless: &[],
        },
    ),
    s(
        "delete.bulk",
        "List what would be deleted first, read the list, then delete those files by name.",
        "find . -name '*.tmp' -print",
    ),
    t(
        "delete.forced",
        "Delete without -f, so files that are missing or write-protected are reported instead of silently removed.",
        "rm old.log",
        Template {
            words: &["rm", "{}"],
            programs: &["rm"],
            skip: 0,
            with_value: &[],
            unless: &["-r", "-R", "--recursive", "-d", "--dir"],
        },
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
    t(
        "git.branch_delete",
        "Delete the branch with -d, which refuses while it holds commits merged nowhere else.",
        "git branch -d feature",
        Template {
            words: &["git", "branch", "-d", "{}"],
            programs: &["git"],
            skip: 1,
            with_value: &[],
            unless: &[],
        },
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
        "install.unverified",
        "Install with the signature check on; if the key is missing, import the publisher's key first.",
        "dnf install foo",
    ),
    s(
        "secret.write",
        "Write the new value into a file in the project and let the person put it in place.",
        "cp creds.json ./creds.new.json",
    ),
    s(
        "secret.delete",
        "Move the file aside instead (it can be put back), or leave removing credentials to the person.",
        "mv .env .env.bak",
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
    t(
        "process.kill",
        "Ask the process to stop first (plain `kill PID` sends SIGTERM), by its process id rather than its name.",
        "kill -TERM 1234",
        Template {
            words: &["kill", "-TERM", "{}"],
            programs: &["kill"],
            skip: 0,
            with_value: &["-s", "-n"],
            unless: &[],
        },
    ),
    t(
        "system.control",
        "Look at the state only, and leave changing the system or its services to the person.",
        "systemctl status nginx",
        Template {
            words: &["systemctl", "status", "{}"],
            programs: &["systemctl"],
            skip: 1,
            with_value: &[],
            unless: &[],
        },
    ),
    t(
        "perm.change",
        "Give only the permission needed, to the owner only, file by file.",
        "chmod u+x script.sh",
        Template {
            words: &["chmod", "u+x", "{}"],
            programs: &["chmod"],
            skip: 1,
            with_value: &[],
            unless: &[],
        },
    ),
    t(
        "file.truncate",
        "Move the file aside (rotate it) instead of emptying it; for rsync, copy without --delete.",
        "mv app.log app.log.1",
        Template {
            words: &["mv", "{}", "{}.1"],
            programs: &["truncate", "shred"],
            skip: 0,
            with_value: &[
                "-s",
                "--size",
                "-r",
                "--reference",
                "-n",
                "--iterations",
                "--random-source",
            ],
            unless: &[],
        },
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
        "net.raw_send",
        "Write what would be sent to a file in the project, for the person to look at and send.",
        "mysqldump app > build/app.sql",
    ),
    s(
        "net.attack",
        "Point it at a service of your own on loopback, or leave scanning other machines to the person.",
        "nmap -sV 127.0.0.1",
    ),
    s(
        "net.send_files",
        "Copy what is to be sent into the project first, so the person sees what leaves, or send only the project's own files.",
        "rsync -az ./dist/ deploy@web:/srv/www/",
    ),
    only(
        "net.paste",
        "Keep the file in the project and tell the person where it is; if it must be shared, let the person choose where.",
    ),
    s(
        "net.upload_unnamed",
        "Name the file on the line, so what is sent can be seen, or send it to a server on loopback.",
        "curl -F f=@dist/report.pdf http://127.0.0.1:8080/upload",
    ),
    s(
        "secret.env",
        "Check that the variable is set without printing its value.",
        "test -n \"$GITHUB_TOKEN\" && echo set",
    ),
    s(
        "net.send_output",
        "Write the value on the line, so what is sent can be seen.",
        "curl -s https://x.example/v1.4.2",
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
        "delete.remote",
        "List what is there first, and let the person delete it.",
        "ssh web01 ls -la /srv/www",
    ),
    s(
        "remote.write",
        "Show the file there first, and let the person change the other machine.",
        "ssh web01 cat /srv/www/flag",
    ),
    s(
        "db.change_rows",
        "Count what the statement would touch first, and let the person change the rows.",
        "psql -c 'SELECT count(*) FROM sessions WHERE expires_at < now()'",
    ),
    s(
        "site.change",
        "Look at the setting or the pending updates first, and let the person change the site.",
        "wp plugin list --update=available",
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

/// The safer way of one rule, as it applies to the commands it matched:
/// the rule's sentence, and its example, which names the matched
/// command's operand where the rule's [`Template`] fits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Advice {
    /// The rule's code.
    pub code: &'static str,
    /// One sentence: the safer way.
    pub sentence: &'static str,
    /// A command that does it, shell-quoted and escaped for display.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<String>,
}

impl From<&Safer> for Advice {
    /// The safer way with its fixed example.
    fn from(s: &Safer) -> Self {
        Self {
            code: s.code,
            sentence: s.sentence,
            example: s.example.map(str::to_owned),
        }
    }
}

impl Advice {
    /// The sentence and the example, as one line: `Sentence (e.g. `cmd`)`.
    pub fn line(&self) -> String {
        match &self.example {
            Some(e) => format!("{} (e.g. `{e}`)", self.sentence.trim_end_matches('.')),
            None => self.sentence.to_owned(),
        }
    }
}

impl Template {
    /// The example for `command`: its words with the one operand in place,
    /// when the command is one of [`Template::programs`] and has exactly
    /// one operand past [`Template::skip`] that can stand in a command
    /// shown to people (not an option, not `.` or `..`, no control
    /// characters, not overlong). `None` otherwise: the fixed example
    /// stands.
    pub fn fill(&self, command: &Operands) -> Option<String> {
        if !self.programs.contains(&command.program.as_str())
            || command.args.iter().any(|a| given(a, self.unless))
        {
            return None;
        }
        let all = operands(&command.args, self.with_value);
        let [op] = all.get(self.skip..)? else {
            return None;
        };
        // `target/` names the folder `target` (and `target/.old` would be
        // inside it).
        let op = op.trim_end_matches('/');
        let last = op.rsplit('/').next().unwrap_or(op);
        if op.is_empty()
            || op.starts_with('-')
            || matches!(last, "." | "..")
            || op.chars().count() > MAX_OPERAND
            || op.chars().any(char::is_control)
        {
            return None;
        }
        let words: Vec<String> = self.words.iter().map(|w| w.replace(OPERAND, op)).collect();
        Some(crate::escape::escape(&crate::parse::shell_quote(&words)))
    }
}

/// Whether option word `arg` gives one of `options`: a long one exactly
/// (or with `=value`), a short one also inside a cluster (`-r` in `-rf`).
fn given(arg: &str, options: &[&str]) -> bool {
    options.iter().any(|o| {
        if o.starts_with("--") {
            arg == *o || arg.strip_prefix(o).is_some_and(|r| r.starts_with('='))
        } else {
            let letter = o.trim_start_matches('-');
            arg.starts_with('-')
                && !arg.starts_with("--")
                && letter.len() == 1
                && arg[1..].contains(letter)
        }
    })
}

/// The operands among `args`: the words that are not options, all of
/// them after `--`; an option in `with_value` takes the next word with it.
fn operands<'a>(args: &'a [String], with_value: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut words = args.iter();
    let mut rest = false;
    while let Some(a) = words.next() {
        if rest {
            out.push(a.as_str());
        } else if a == "--" {
            rest = true;
        } else if a.starts_with('-') && a.len() > 1 {
            if with_value.contains(&a.as_str()) {
                words.next();
            }
        } else {
            out.push(a.as_str());
        }
    }
    out
}

/// The safer ways for the rules that matched, one per rule, in the order
/// matched: `uses` holds each match's rule code and its command's words.
/// A rule that matched several commands names an operand only when every
/// one of them gives the same example.
pub fn advise(uses: &[(&str, Option<&Operands>)]) -> Vec<Advice> {
    let mut out: Vec<Advice> = Vec::new();
    for (code, _) in uses {
        let Some(s) = for_code(code) else {
            continue;
        };
        if out.iter().any(|a| a.code == s.code) {
            continue;
        }
        let filled: Vec<Option<String>> = uses
            .iter()
            .filter(|(c, _)| c == code)
            .map(|(_, words)| s.template.as_ref().zip(*words).and_then(|(t, w)| t.fill(w)))
            .collect();
        let mut advice = Advice::from(s);
        if let Some(Some(first)) = filled.first()
            && filled.iter().all(|f| f.as_ref() == Some(first))
        {
            advice.example = Some(first.clone());
        }
        out.push(advice);
    }
    out
}

/// The safer ways, as one line for a refusal or a hook reason ("A safer
/// way: …"), or `None` when no rule here has one.
pub fn sentence(advice: &[Advice]) -> Option<String> {
    if advice.is_empty() {
        return None;
    }
    let parts: Vec<String> = advice.iter().map(Advice::line).collect();
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

    /// The safer ways for a line, as askrisky judges it.
    fn advice(line: &str) -> Vec<Advice> {
        crate::danger::safer_ways(&assess(&parse(line), &Place::example(), &[]).matches)
    }

    fn example_of(line: &str, code: &str) -> Option<String> {
        advice(line)
            .into_iter()
            .find(|a| a.code == code)
            .and_then(|a| a.example)
    }

    #[test]
    fn one_line_for_refusals() {
        assert_eq!(sentence(&[]), None);
        let one = advice("git push -f && git push --force origin main");
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
        let two = advice("rm -rf target");
        assert_eq!(
            two.iter().map(|s| s.code).collect::<Vec<_>>(),
            ["delete.recursive", "delete.forced"]
        );
        assert_eq!(
            sentence(&two).unwrap_or_default(),
            "Safer ways: Move the folder aside, or to the trash (`gio trash`, `trash-put`), \
             so it can be brought back (e.g. `mv target target.old`); Delete without -f, so \
             files that are missing or write-protected are reported instead of silently \
             removed (e.g. `rm old.log`)."
        );
    }

    /// The example names what the command named, for each rule that has a
    /// template.
    #[test]
    fn examples_name_the_matched_operand() {
        for (line, code, want) in [
            ("rm -rf target", "delete.recursive", "mv target target.old"),
            ("rm -r ./dist/", "delete.recursive", "mv ./dist ./dist.old"),
            (
                "sudo rm -rf node_modules",
                "delete.recursive",
                "mv node_modules node_modules.old",
            ),
            ("rm -f notes.txt", "delete.forced", "rm notes.txt"),
            (
                "git branch -D topic/x",
                "git.branch_delete",
                "git branch -d topic/x",
            ),
            ("kill -9 4242", "process.kill", "kill -TERM 4242"),
            ("kill -s KILL 4242", "process.kill", "kill -TERM 4242"),
            (
                "systemctl restart postgresql",
                "system.control",
                "systemctl status postgresql",
            ),
            ("chmod 777 deploy.sh", "perm.change", "chmod u+x deploy.sh"),
            (
                "truncate -s 0 server.log",
                "file.truncate",
                "mv server.log server.log.1",
            ),
            ("shred -u old.key", "file.truncate", "mv old.key old.key.1"),
        ] {
            assert_eq!(
                example_of(line, code).as_deref(),
                Some(want),
                "{line}: {:?}",
                advice(line)
            );
        }
    }

    /// An operand that is not a plain word is quoted as a shell word, and
    /// what cannot be shown as it is, is escaped.
    #[test]
    fn operands_are_quoted_and_escaped() {
        assert_eq!(
            example_of("rm -rf 'my build'", "delete.recursive").as_deref(),
            Some("mv 'my build' 'my build.old'")
        );
        assert_eq!(
            example_of("rm -rf \"it's\"", "delete.recursive").as_deref(),
            Some("mv 'it'\\''s' 'it'\\''s.old'")
        );
        let bidi = example_of("rm -rf \"a\u{202e}b\"", "delete.recursive").unwrap_or_default();
        assert!(!bidi.contains('\u{202e}'), "{bidi}");
        assert!(bidi.starts_with("mv 'a"), "{bidi}");
    }

    /// With no single literal operand the fixed example stands.
    #[test]
    fn no_clear_operand_keeps_the_fixed_example() {
        for (line, code, fixed) in [
            ("rm -rf a b", "delete.recursive", "mv build build.old"),
            ("rm -f -- -notes.txt", "delete.forced", "rm old.log"),
            ("rm -rf target", "delete.forced", "rm old.log"),
            ("rm -rf $DIR", "delete.recursive", "mv build build.old"),
            ("rm -rf build/*", "delete.recursive", "mv build build.old"),
            ("rm -rf -- -x", "delete.recursive", "mv build build.old"),
            ("rm -rf .", "delete.recursive", "mv build build.old"),
            (
                "rm -rf a; rm -rf b",
                "delete.recursive",
                "mv build build.old",
            ),
            (
                "find . -name x -exec rm -rf {} +",
                "delete.recursive",
                "mv build build.old",
            ),
            (
                "systemctl daemon-reload",
                "system.control",
                "systemctl status nginx",
            ),
            ("pkill -9 node", "process.kill", "kill -TERM 1234"),
            (
                "git -C repo branch -D x",
                "git.branch_delete",
                "git branch -d feature",
            ),
        ] {
            let got = example_of(line, code);
            assert_eq!(got.as_deref(), Some(fixed), "{line}: {:?}", advice(line));
        }
        // The same operand twice is still one clear operand.
        assert_eq!(
            example_of("rm -rf x && rm -rf x", "delete.recursive").as_deref(),
            Some("mv x x.old")
        );
        let long = format!("rm -rf {}", "d".repeat(MAX_OPERAND + 1));
        assert_eq!(
            example_of(&long, "delete.recursive").as_deref(),
            Some("mv build build.old")
        );
    }

    /// A filled example is as harmless as the fixed one: not blocked and
    /// not caught by the rule it stands in for.
    #[test]
    fn filled_examples_are_not_caught_by_their_rule() {
        for line in [
            "rm -rf target",
            "git branch -D topic",
            "kill -9 4242",
            "systemctl restart postgresql",
            "chmod 777 deploy.sh",
            "truncate -s 0 server.log",
        ] {
            for a in advice(line) {
                let Some(example) = a.example else { continue };
                let judged = assess(&parse(&example), &Place::example(), &[]);
                assert_ne!(judged.tier, Tier::Blocked, "{line}: {example}");
                assert!(
                    !judged.codes().contains(&a.code),
                    "{line}: {example} matches {}",
                    a.code
                );
            }
        }
    }
}
