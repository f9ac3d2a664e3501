//! What fleet and release tools run or remove, read from their words:
//! an ad-hoc `ansible` module's command, the path it deletes, the device
//! it formats; Salt's command and removals; fastlane's `sh` action; a
//! Slurm job's `--wrap`; the commands a tox run is told on its line to
//! run instead of its own.
//!
//! The threat this stops: a destructive act handed to a tool as a
//! module's arguments (`ansible localhost -m file -a 'path=~ state=absent'`)
//! names no program the danger set knows; read as the command it is, it
//! is judged as that command.

use super::{Word, programs};

/// The arguments (`-a`) of an ad-hoc `ansible` run of `module`, under
/// any collection's name (`community.general.filesystem`). None in check
/// mode, where the module only reports what it would do.
fn module_args<'a>(args: &'a [Word], module: &str) -> Option<&'a str> {
    if super::option_values::has_rehearsal_flag("ansible", args, &["-C", "--check"]) {
        return None;
    }
    let named = programs::option_values(args, &["-m", "--module-name"]).pop()?;
    if named.rsplit('.').next() != Some(module) {
        return None;
    }
    programs::option_values(args, &["-a", "--args"]).pop()
}

/// An ad-hoc `ansible` run's module arguments as written (the last
/// `-a`, `--args`), and where they stand among the words.
fn module_line(args: &[Word]) -> Option<(usize, &str)> {
    args.iter().enumerate().rev().find_map(|(i, w)| {
        let text = match w.value.strip_prefix("--args=") {
            Some(text) => text,
            None if i > 0 && matches!(args[i - 1].value.as_str(), "-a" | "--args") => &w.value,
            None => return None,
        };
        w.literal.then_some((i, text))
    })
}

/// What an ad-hoc `ansible` run deletes: the `file` module told `state=absent`
/// removes its `path` (also `dest`, `name`) and everything below it.
pub(super) fn ansible_removes(args: &[Word]) -> Option<&str> {
    let text = module_args(args, "file")?;
    let pairs = || text.split_whitespace().filter_map(|p| p.split_once('='));
    pairs()
        .any(|(k, v)| k == "state" && v.trim_matches(['\'', '"']) == "absent")
        .then(|| {
            pairs()
                .find(|(k, _)| matches!(*k, "path" | "dest" | "name"))
                .map(|(_, v)| v.trim_matches(['\'', '"']))
        })
        .flatten()
}

/// The value of `key` among a module's `key=value` arguments, unquoted.
fn module_value<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.split_whitespace()
        .filter_map(|p| p.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.trim_matches(['\'', '"']))
}

/// What an ad-hoc `ansible` run's `filesystem` module does, as the
/// command that does it: a file system made on the device it names
/// (`-m community.general.filesystem -a 'dev=/dev/sdc1 fstype=ext4'` is
/// `mkfs -t ext4 /dev/sdc1`). Not in check mode.
pub(super) fn ansible_formats(args: &[Word]) -> Option<Vec<&str>> {
    let text = module_args(args, "filesystem")?;
    let value = |key: &str| module_value(text, key);
    // (`state=absent` wipes the signatures instead: as destructive.)
    Some(vec![
        "mkfs",
        "-t",
        value("fstype").unwrap_or("ext4"),
        value("dev")?,
    ])
}

/// What an ad-hoc `ansible` run of the `file` module changes below a
/// folder: told `recurse=yes` with a `mode`, an `owner` or a `group`, it
/// sets them on the `path` and everything in it, as `chmod -R`/`chown -R`
/// would (`ansible web -b -m file -a 'path=/srv mode=0777 recurse=yes'`).
pub(super) fn ansible_recursive_modes(args: &[Word]) -> Option<Vec<&str>> {
    let text = module_args(args, "file")?;
    let value = |key: &str| module_value(text, key);
    if !value("recurse").is_some_and(|v| matches!(v, "yes" | "true" | "True" | "1")) {
        return None;
    }
    let path = value("path")
        .or_else(|| value("dest"))
        .or_else(|| value("name"))?;
    let (tool, to) = match (value("mode"), value("owner"), value("group")) {
        (Some(mode), ..) => ("chmod", mode),
        (None, Some(owner), _) => ("chown", owner),
        (None, None, Some(group)) => ("chgrp", group),
        (None, None, None) => return None,
    };
    Some(vec![tool, "-R", to, path])
}

/// The device commands an ad-hoc `ansible` run of a network module has
/// each router or switch run (`-m junipernetworks.junos.junos_command -a
/// "commands='request system zeroize'"`, `-m cisco.ios.ios_command`),
/// joined as one line (a list's items by `;`), and where the words stand.
pub(super) fn ansible_device_commands(args: &[Word]) -> Option<(usize, String)> {
    if super::option_values::has_rehearsal_flag("ansible", args, &["-C", "--check", "--list-hosts"])
    {
        return None;
    }
    let module = programs::option_values(args, &["-m", "--module-name"]).pop()?;
    let short = module.rsplit('.').next()?;
    if short.strip_suffix("_command").is_none_or(str::is_empty) {
        return None;
    }
    let (at, text) = module_line(args)?;
    let (_, rest) = text.split_once("commands=")?;
    // The value: a quoted string, a list in brackets, or a bare word.
    let list = match rest.chars().next()? {
        q @ ('\'' | '"') => rest[1..].split(q).next()?,
        '[' => rest[1..].split(']').next()?,
        _ => rest.split_whitespace().next()?,
    };
    let joined = list
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split([',', '\n'])
        .map(|c| c.trim().trim_matches(['\'', '"']).trim())
        .filter(|c| !c.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    Some((at, joined))
}

/// Whether an ad-hoc `ansible` run's hosts are this machine: the
/// pattern `localhost` (or its address) written first, or the `local`
/// connection. (Only first: an option's value elsewhere is no pattern,
/// and `ansible web -e localhost …` runs on `web`.)
pub(super) fn ansible_runs_here(args: &[Word]) -> bool {
    let local = programs::option_values(args, &["-c", "--connection"]).contains(&"local");
    local
        || args
            .first()
            .is_some_and(|w| matches!(w.value.as_str(), "localhost" | "127.0.0.1" | "::1"))
}

/// The commands rancid's router logins run on the device (`clogin -c
/// 'reload in 1' rtr1`, several by `;`), and where they stand.
pub(super) fn rancid_commands(args: &[Word]) -> Option<(usize, String)> {
    args.iter().enumerate().find_map(|(i, w)| {
        (w.value == "-c")
            .then(|| args.get(i + 1))
            .flatten()
            .filter(|c| c.literal)
            .map(|c| (i + 1, c.value.clone()))
    })
}

/// The command an ad-hoc `ansible` run has each host run, and where it
/// is among the words: the `-a` of the modules that run one (`-m shell`,
/// `command`, `raw`, and `command` when no module is named: `ansible
/// routers -m raw -a 'sysupgrade -n fw.bin'`). None in check mode, which
/// runs nothing, and for a value known only when the line runs (the walk
/// of the word as text still sees it).
pub(super) fn ansible_command(args: &[Word]) -> Option<(usize, &str)> {
    if super::option_values::has_rehearsal_flag("ansible", args, &["-C", "--check", "--list-hosts"])
    {
        return None;
    }
    let module = programs::option_values(args, &["-m", "--module-name"])
        .pop()
        .unwrap_or("command");
    if !matches!(module.rsplit('.').next(), Some("command" | "shell" | "raw")) {
        return None;
    }
    module_line(args)
}

/// The shell line fastlane's `sh` action is handed (`fastlane run sh
/// command:'make dist'`), and where it stands among the words.
pub(super) fn fastlane_sh(args: &[Word]) -> Option<(usize, &str)> {
    let ops: Vec<&str> = args.iter().take(2).map(|w| w.value.as_str()).collect();
    if !matches!(ops.as_slice(), ["run", "sh" | "shell"] | ["sh", ..]) {
        return None;
    }
    args.iter().enumerate().find_map(|(i, w)| {
        let text = w.value.strip_prefix("command:")?;
        w.literal.then_some((i, text))
    })
}

/// The shell line Bolt's `command run` has each target run (`bolt command
/// run 'shutdown -r now' -t db`), and where it stands among the words:
/// the first word after `run` that is neither an option nor its value
/// (`None` inside when it is known only at run time).
pub(super) fn bolt_command(args: &[Word]) -> Option<(usize, Option<&str>)> {
    if args.first()?.value != "command" || args.get(1)?.value != "run" {
        return None;
    }
    // Bolt's flags that take no value; every other option does
    // (`--run-as USER` too).
    first_after_options(args, 2, |v| {
        matches!(
            v,
            "--verbose"
                | "--trace"
                | "--stream"
                | "--no-host-key-check"
                | "--no-ssl"
                | "--no-ssl-verify"
                | "--tty"
                | "--no-tty"
                | "--sudo-password-prompt"
                | "--password-prompt"
                | "--no-cleanup"
        )
    })
}

/// The shell line the Zowe CLI has z/OS UNIX run over ssh (`zowe zos-uss
/// issue ssh "rm -rf /u/claims/*" --cwd /u/claims`, `zowe uss iss ssh
/// …`), and where it stands among the words: run on the far side, as
/// ssh's command is.
pub(super) fn zowe_uss_command(args: &[Word]) -> Option<(usize, Option<&str>)> {
    let said = |i: usize, words: &[&str]| {
        args.get(i)
            .is_some_and(|w| words.contains(&w.value.as_str()))
    };
    if !(said(0, &["zos-uss", "uss"])
        && said(1, &["issue", "iss"])
        && said(2, &["ssh", "command", "cmd"]))
    {
        return None;
    }
    // (Zowe's options all take a value, but for these.)
    first_after_options(args, 3, |v| {
        matches!(
            v,
            "--help" | "-h" | "--help-web" | "--hw" | "--help-examples"
        )
    })
}

/// The command Teleport's `tsh ssh` has the node's shell run (`tsh ssh
/// ops@hist-02 'systemctl restart influxdb'`), as ssh's words after the
/// host are: where its words start, and the line when every word is
/// known text.
pub(super) fn tsh_command(args: &[Word]) -> Option<(usize, Option<String>)> {
    if args.first()?.value != "ssh" {
        return None;
    }
    let (host, _) = first_after_options(args, 1, |v| {
        matches!(
            v,
            "-A" | "--forward-agent"
                | "-N"
                | "--no-remote-exec"
                | "-t"
                | "--tty"
                | "-X"
                | "-Y"
                | "--x11-untrusted"
                | "--x11-trusted"
                | "--log-commands"
                | "--enable-escape-sequences"
                | "--no-enable-escape-sequences"
        )
    })?;
    let words = args.get(host + 1..).filter(|w| !w.is_empty())?;
    let line = words.iter().all(|w| w.literal).then(|| {
        words
            .iter()
            .map(|w| w.value.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    });
    Some((host + 1, line))
}

/// The first word from `from` on that is neither an option nor an
/// option's value, where it stands, and its text when known; options take
/// a value unless `takes_none` says (or they hold it: `--cwd=/u`).
fn first_after_options(
    args: &[Word],
    from: usize,
    takes_none: impl Fn(&str) -> bool,
) -> Option<(usize, Option<&str>)> {
    let mut skip = false;
    for (i, w) in args.iter().enumerate().skip(from) {
        let v = w.value.as_str();
        if std::mem::take(&mut skip) {
            continue;
        }
        if v.starts_with('-') {
            skip = !v.contains('=') && !takes_none(v);
            continue;
        }
        return Some((i, w.literal.then_some(v)));
    }
    None
}

/// The shell line a Slurm batch job is made of (`sbatch
/// --wrap="rm -rf /scratch/$USER/ckpt"`: `sh` runs it on the cluster's
/// nodes, whose shared folders are this machine's too), where it stands
/// among the words, and whether it runs (`--test-only` submits nothing).
pub(super) fn slurm_wrap(args: &[Word]) -> Option<(usize, &str, bool)> {
    // `--test-only` as another option's value (`-J --test-only`) is a
    // name, and the job is submitted: only one after a word that takes
    // no value counts.
    let runs = !args.iter().enumerate().any(|(i, w)| {
        w.value == "--test-only"
            && (i == 0 || {
                let before = args[i - 1].value.as_str();
                !before.starts_with('-') || before.contains('=')
            })
    });
    args.iter().enumerate().find_map(|(i, w)| {
        if let Some(text) = w.value.strip_prefix("--wrap=") {
            return Some((i, text, runs));
        }
        (w.value == "--wrap")
            .then(|| args.get(i + 1).map(|n| (i + 1, n.value.as_str(), runs)))
            .flatten()
    })
}

/// The shell line salt's command module is handed (`cmd.run 'ls /'`,
/// `cmd.shell cmd='…'`), and where it stands among the words.
pub(super) fn salt_call_command(args: &[Word]) -> Option<(usize, &str)> {
    let at = args.iter().position(|w| {
        w.literal
            && matches!(
                w.value.as_str(),
                "cmd.run" | "cmd.shell" | "cmd.run_all" | "cmd.run_stdout" | "cmd.run_stderr"
            )
    })?;
    let (i, w) = args
        .iter()
        .enumerate()
        .skip(at + 1)
        .find(|(_, w)| !w.value.starts_with('-'))?;
    w.literal
        .then(|| (i, w.value.strip_prefix("cmd=").unwrap_or(&w.value)))
}

/// What a Salt run deletes: the execution modules `file.remove` and
/// `file.rmdir`, and the state `file.absent`, remove the path they are
/// given (`salt-call --local file.remove /usr`, `salt '*' state.single
/// file.absent name=/srv/app`), a folder with everything below it.
pub(super) fn salt_removes(args: &[Word]) -> Option<&str> {
    let at = args.iter().position(|w| {
        w.literal
            && matches!(
                w.value.as_str(),
                "file.remove" | "file.rmdir" | "file.absent"
            )
    })?;
    args.get(at + 1..)?
        .iter()
        .map(|w| w.value.as_str())
        .find(|v| !v.starts_with('-'))
        .map(|v| v.strip_prefix("name=").unwrap_or(v))
}

/// The commands a tox run's overrides set (`tox -e clean -x
/// 'testenv:clean.commands=rm -rf {env:HOME}'`, `--override`), each as
/// shell words with tox's substitutions put back (`{env:HOME}` is
/// `$HOME`, `{toxworkdir}` is `.tox`), and whether tox surely runs it: the
/// environment the key names is one `-e` selects, or the key is every
/// environment's.
pub(super) fn tox_commands(args: &[Word]) -> Vec<(String, bool)> {
    let selected: Vec<&str> = programs::option_values(args, &["-e"])
        .iter()
        .flat_map(|v| v.split(','))
        .collect();
    let mut out = Vec::new();
    for spec in programs::option_values(args, &["-x", "--override"]) {
        let Some((key, value)) = spec.split_once('=') else {
            continue;
        };
        let Some((section, name)) = key.rsplit_once('.') else {
            continue;
        };
        if !matches!(name, "commands" | "commands_pre" | "commands_post") {
            continue;
        }
        let sure = match section
            .strip_prefix("testenv:")
            .or_else(|| section.strip_prefix("env:"))
        {
            Some(env) => selected.contains(&env),
            None => section == "testenv" || section == "env_run_base",
        };
        for line in value.lines() {
            out.push((tox_substituted(line), sure));
        }
    }
    out
}

/// A tox command line with its substitutions put back as the shell would
/// spell them.
fn tox_substituted(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let inner = &after[..close];
        match inner.strip_prefix("env:") {
            Some(var) => match var.split_once(':') {
                Some((name, default)) => out.push_str(&format!("${{{name}:-{default}}}")),
                None => out.push_str(&format!("${{{var}}}")),
            },
            None => out.push_str(match inner {
                "toxworkdir" | "work_dir" => ".tox",
                "envdir" | "env_dir" | "envtmpdir" | "env_tmp_dir" | "envlogdir" => ".tox/env",
                "toxinidir" | "tox_root" => ".",
                "homedir" => "~",
                "posargs" => "",
                other => other,
            }),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command a fleet tool is handed is walked once, as the command
    /// that runs (on this machine or on the hosts it names, as ssh's
    /// command is), not again as a guess.
    #[test]
    fn fleet_commands_are_walked_once() {
        use crate::parse::{Origin, Syntax, parse_as};
        for (line, possible) in [
            ("fastlane run sh command:'rm -rf build'", false),
            ("salt-call --local cmd.run 'rm -rf build'", false),
            ("ansible all -m shell -a 'rm -rf build'", false),
            ("salt 'web*' cmd.run 'rm -rf build'", false),
            ("clogin -c 'rm -rf build' rtr1", false),
            ("vtysh -c 'rm -rf build'", false),
            (
                "ansible r1 -m junos_command -a \"commands='rm -rf build'\"",
                false,
            ),
        ] {
            let found: Vec<(String, bool)> = parse_as(line, Syntax::Bash)
                .commands
                .iter()
                .filter(|c| c.origin == Origin::ShellString)
                .map(|c| (c.display(), c.possible))
                .collect();
            assert_eq!(found, [("rm -rf build".to_owned(), possible)], "{line}");
        }
    }

    /// Teleport's words after the host are its line, each once: not read
    /// again as a guess (`'rm -rf build'` is an argument of `echo`).
    #[test]
    fn teleport_words_are_its_line_only() {
        use crate::parse::{Syntax, parse_as};
        let found: Vec<String> = parse_as("tsh ssh root@node1 echo 'rm -rf build'", Syntax::Bash)
            .commands
            .iter()
            .map(|c| c.display())
            .collect();
        assert_eq!(
            found,
            [
                "echo rm -rf build",
                "tsh ssh root@node1 echo 'rm -rf build'"
            ]
        );
    }

    /// The far side is marked on what a fleet tool's hosts run, unless
    /// the host is this one.
    #[test]
    fn fleet_commands_run_on_their_hosts() {
        use crate::parse::{Origin, Syntax, parse_as};
        for (line, via) in [
            ("ansible web -m shell -a 'rm x'", Some("ansible")),
            ("ansible localhost -m shell -a 'rm x'", None),
            ("ansible web -c local -m shell -a 'rm x'", None),
            (
                "ansible web -e localhost -m shell -a 'rm x'",
                Some("ansible"),
            ),
            (
                "ansible -i inv localhost -m shell -a 'rm x'",
                Some("ansible"),
            ),
            ("salt 'web*' cmd.run 'rm x'", Some("salt")),
            ("salt-call --local cmd.run 'rm x'", None),
            ("jlogin -c 'rm x' rtr1", Some("jlogin")),
            ("bolt command run 'rm x' -t web", Some("bolt")),
        ] {
            let script = parse_as(line, Syntax::Bash);
            let ran = script
                .commands
                .iter()
                .find(|c| c.origin == Origin::ShellString)
                .unwrap_or_else(|| panic!("{line}: no command"));
            assert_eq!(ran.via.first().map(String::as_str), via, "{line}");
        }
    }

    #[test]
    fn ansible_file_modes_set_below_a_folder() {
        let run = |line: &str| {
            let args: Vec<Word> = shell_words(line);
            ansible_recursive_modes(&args).map(|v| v.join(" "))
        };
        for (line, want) in [
            (
                "web -m file -a 'path=/srv mode=0777 recurse=yes'",
                Some("chmod -R 0777 /srv"),
            ),
            (
                "web -m ansible.builtin.file -a 'dest=/home owner=nobody recurse=true'",
                Some("chown -R nobody /home"),
            ),
            (
                "web -m file -a 'name=/opt group=staff recurse=1'",
                Some("chgrp -R staff /opt"),
            ),
            ("web -m file -a 'path=/srv mode=0777'", None),
            (
                "web -m file -a 'path=/srv recurse=yes state=directory'",
                None,
            ),
            ("web -m file -a 'mode=0777 recurse=yes'", None),
            ("web -C -m file -a 'path=/srv mode=0777 recurse=yes'", None),
            ("web -m copy -a 'path=/srv mode=0777 recurse=yes'", None),
        ] {
            assert_eq!(run(line).as_deref(), want, "{line}");
        }
    }

    #[test]
    fn network_modules_device_commands() {
        let run = |line: &str| {
            let args: Vec<Word> = shell_words(line);
            ansible_device_commands(&args).map(|(at, text)| (args[at].value.clone(), text))
        };
        let one = "commands='request system zeroize'";
        assert_eq!(
            run(&format!("r -m junos_command -a \"{one}\"")),
            Some((one.to_owned(), "request system zeroize".to_owned()))
        );
        for (line, want) in [
            (
                "r -m cisco.ios.ios_command -a \"commands=['show ver', 'reload']\"",
                Some("show ver; reload"),
            ),
            (
                "r -m ios_command -a 'commands=reload wait_for=x'",
                Some("reload"),
            ),
            (
                "r -m eos_command --args=commands=\"reload\"",
                Some("reload"),
            ),
            ("r -m command -a 'commands=reload'", None),
            ("r -m _command -a 'commands=reload'", None),
            ("r -m ios_command -a 'lines=reload'", None),
            ("r --check -m ios_command -a 'commands=reload'", None),
            ("r -m ios_command", None),
        ] {
            assert_eq!(run(line).map(|(_, t)| t).as_deref(), want, "{line}");
        }
    }

    #[test]
    fn router_logins_commands() {
        let run = |line: &str| {
            let args: Vec<Word> = shell_words(line);
            rancid_commands(&args)
        };
        assert_eq!(
            run("-c 'reload in 1' rtr1"),
            Some((1, "reload in 1".to_owned()))
        );
        assert_eq!(
            run("-u me -c 'show ver' rtr1"),
            Some((3, "show ver".to_owned()))
        );
        assert_eq!(run("rtr1 -c"), None);
        assert_eq!(run("rtr1"), None);
    }

    /// A line's words after its first, as the walk gives them.
    fn shell_words(line: &str) -> Vec<Word> {
        let script = crate::parse::parse_as(&format!("x {line}"), crate::parse::Syntax::Bash);
        script.commands[0].argv[1..].to_vec()
    }

    #[test]
    fn tox_overrides_are_its_commands() {
        let run = |words: &[&str]| {
            let args: Vec<Word> = words.iter().map(|w| Word::literal(*w)).collect();
            tox_commands(&args)
        };
        assert_eq!(
            run(&[
                "-e",
                "clean",
                "-x",
                "testenv:clean.commands=rm -rf {env:HOME}"
            ]),
            [("rm -rf ${HOME}".to_owned(), true)]
        );
        assert_eq!(
            run(&[
                "-e",
                "py",
                "-x",
                "testenv:lint.commands_pre=rm -rf {toxworkdir} {posargs}"
            ]),
            [("rm -rf .tox ".to_owned(), false)]
        );
        assert_eq!(
            run(&[
                "-e",
                "py",
                "--override",
                "testenv.commands=echo {env:X:dflt}"
            ]),
            [("echo ${X:-dflt}".to_owned(), true)]
        );
        assert_eq!(
            run(&["-e", "lint", "-x", "env:lint.commands=echo x"]),
            [("echo x".to_owned(), true)]
        );
        assert_eq!(
            run(&["-x", "env_run_base.commands=echo x"]),
            [("echo x".to_owned(), true)]
        );
        assert_eq!(
            run(&["-e", "py", "-x", "tox.commands=echo x"]),
            [("echo x".to_owned(), false)]
        );
        assert!(run(&["-e", "py", "-x", "testenv:py.allowlist_externals=rm"]).is_empty());
        assert!(run(&["-e", "py", "-x", "testenv:py.commands"]).is_empty());
    }
}
