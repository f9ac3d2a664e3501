//! Commands reached through a session file, a login shell, a build tool's
//! variables or a plugin: the walker must find what those run.

use super::{parse, problem_kinds, render};

/// Commands that reach a shell by other ways than their words: ssh's
/// login shell reading stdin, a file-transfer client's command batch, a
/// make variable, Maven's exec plugin. Each row: the line, a command that
/// must be found among those walked (or none), and the problems.
#[test]
fn commands_reached_another_way() {
    let rows: &[(&str, Option<&str>, &[&str])] = &[
        ("echo 'rm -f /srv/x' | ssh host", Some("rm -f /srv/x"), &[]),
        ("ssh host <<< 'rm -f /srv/x'", Some("rm -f /srv/x"), &[]),
        ("ssh -N host <<< 'rm -f /srv/x'", None, &[]),
        ("ssh -qW db:5432 host <<< 'rm -f /srv/x'", None, &[]),
        ("ssh -O exit host <<< 'rm -f /srv/x'", None, &[]),
        ("ssh <<< 'rm -f /srv/x'", None, &[]),
        ("ssh host 'ls' <<< 'rm -f /srv/x'", None, &[]),
        ("sftp -b - host <<< '-rm /srv/x'", Some("rm /srv/x"), &[]),
        (
            "sftp -qb <(printf '@chmod 777 /srv\\n') host",
            Some("chmod 777 /srv"),
            &[],
        ),
        ("sftp -bb.txt host <<< 'rm /srv/x'", None, &[]),
        // Without `-b`, sftp reads its commands from stdin.
        ("sftp host <<< 'rm /srv/x'", Some("rm /srv/x"), &[]),
        ("lftp sftp://h <<< 'rm /srv/x'", Some("rm /srv/x"), &[]),
        ("sftp host < cmds.txt", None, &[]),
        ("cat b | sftp -b - host", None, &["dynamic_code"]),
        ("sftp -b \"$B\" host", None, &["dynamic_code"]),
        ("printf 'rm /x\\n' > b; sftp -b b host", Some("rm /x"), &[]),
        (
            "smbclient //nas/s -c 'ls; deltree old'",
            Some("rm -r old"),
            &[],
        ),
        ("smbclient //nas/s -c 'del a.txt'", Some("rm a.txt"), &[]),
        (
            "smbclient //nas/s -c '!rm -rf ~/x'",
            Some("rm -rf ~/x"),
            &[],
        ),
        (
            "lftp -e 'mirror -R -n --delete dist /srv; quit' h",
            Some("rsync --delete -- dist /srv"),
            &[],
        ),
        ("lftp -e 'mirror -R dist /srv; quit' h", None, &[]),
        (
            "lftp -e 'mirror -R --delete --dry-run dist /srv; bye' h",
            Some("rsync --dry-run --delete -- dist /srv"),
            &[],
        ),
        (
            "lftp -c 'open h; mirror -R -e dist /srv'",
            Some("rsync --delete -- dist /srv"),
            &[],
        ),
        ("make SHELL=\"$X\" test", None, &["dynamic_code"]),
        ("make FOO=\"$X\" test", None, &[]),
        ("make a-b='rm -rf ~/x' build", Some("rm -rf ~/x"), &[]),
        ("make PY_CMD='rm -rf ~/x' build", Some("rm -rf ~/x"), &[]),
        ("make --file='rm -rf ~/x' build", None, &[]),
        (
            "mvn exec:exec -Dexec.executable=sh -Dexec.args='-c \"rm -rf ~/x\"'",
            Some("rm -rf ~/x"),
            &[],
        ),
        (
            "mvn exec:java -Dexec.executable=sh -Dexec.args='-c \"rm -rf ~/x\"'",
            None,
            &[],
        ),
        (
            "mvn exec:exec -Dexec.executable=\"$X\"",
            None,
            &["dynamic_code"],
        ),
        ("echo 'rm -f /srv/x' | at now", Some("rm -f /srv/x"), &[]),
        ("batch <<< 'rm -f /srv/x'", Some("rm -f /srv/x"), &[]),
        (
            "printf 'rm -f /x\\n' > j; at -f j 03:00",
            Some("rm -f /x"),
            &[],
        ),
        (
            "at -f /dev/stdin now <<< 'rm -f /srv/x'",
            Some("rm -f /srv/x"),
            &[],
        ),
        (
            "at -f/dev/stdin now <<< 'rm -f /srv/x'",
            Some("rm -f /srv/x"),
            &[],
        ),
        ("echo 'rm -f /srv/x' | at -l", None, &[]),
        ("echo 'rm -f /srv/x' | at -r 4", None, &[]),
        (
            "cmake -P <(echo 'file(REMOVE_RECURSE /srv/x)')",
            Some("rm -rf /srv/x"),
            &[],
        ),
        ("cmake -P <(echo 'message(\"${X}\")')", None, &[]),
        ("cmake -P <(echo 'include(${F})')", None, &["dynamic_code"]),
        ("cmake -P <(curl -s x)", None, &["dynamic_code"]),
        ("git -c alias.x='!rm -rf ~/x' x", Some("rm -rf ~/x"), &[]),
        ("git -c Alias.X='!rm -rf ~/x' x", Some("rm -rf ~/x"), &[]),
        ("git -c alias.x='!rm -rf ~/x' status", None, &[]),
        ("git -c alias.y='!rm -rf ~/x' x", None, &[]),
        (
            "git -c alias.x='!chmod 777 /a' -c alias.x='!rm -rf ~/x' x",
            Some("rm -rf ~/x"),
            &[],
        ),
        (
            "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='!rm -rf ~/x' git x",
            Some("rm -rf ~/x"),
            &[],
        ),
        (
            "GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_1='!rm -rf ~/x' git x",
            None,
            &[],
        ),
        (
            "ssh -o ProxyCommand='rm -rf ~/x; nc %h %p' h",
            Some("rm -rf ~/x"),
            &[],
        ),
        ("ssh -oLocalCommand='rm -rf ~/x' h", Some("rm -rf ~/x"), &[]),
        (
            "scp -o 'ProxyCommand rm -rf ~/x' a h:",
            Some("rm -rf ~/x"),
            &[],
        ),
        ("ssh -o ProxyCommand=none h", None, &[]),
        ("ssh -o User=rm h", None, &[]),
        (
            "rsync --rsync-path='rm -rf ~/x' h:a b",
            Some("rm -rf ~/x"),
            &[],
        ),
        ("zip -T -TT 'rm -rf ~/x' a.zip b", Some("rm -rf ~/x"), &[]),
        (
            "zip -T --unzip-command='rm -rf ~/x' a.zip b",
            Some("rm -rf ~/x"),
            &[],
        ),
        ("hyperfine --warmup 3 'rm -rf ~/x'", Some("rm -rf ~/x"), &[]),
        (
            "screen -S a -X stuff 'rm -rf ~/x^M'",
            Some("rm -rf ~/x"),
            &[],
        ),
        ("screen -S a vim 'rm -rf ~/x'", None, &[]),
        ("parallel --dry-run rm -rf ::: a b", None, &[]),
        ("ed -s n.txt <<< '!rm -rf ~/x'", Some("rm -rf ~/x"), &[]),
        (
            "ed -s n.txt <<< $'1,$w !rm -rf ~/x'",
            Some("rm -rf ~/x"),
            &[],
        ),
        (
            "ed -s n.txt <<< $'r !rm -rf ~/x\\nw'",
            Some("rm -rf ~/x"),
            &[],
        ),
        ("red -s n.txt <<< '!rm -rf ~/x'", None, &[]),
        ("cat s.ed | ed -s n.txt", None, &["dynamic_code"]),
        ("printf '1,$p\\nq\\n' | ed -s n.txt", None, &[]),
        ("parallel rm -rf ::: a b", Some("rm -rf a"), &[]),
    ];
    for (line, command, problems) in rows {
        let script = parse(line);
        let found = render(&script);
        let walked = |c: &str| found.iter().any(|f| f.rsplit('>').next() == Some(c));
        match command {
            Some(c) => assert!(walked(c), "{line:?}: {c:?} not among {found:?}"),
            None => assert!(
                !found.iter().any(|f| {
                    let c = f.rsplit('>').next().unwrap_or("");
                    ["rm ", "chmod ", "rsync "].iter().any(|p| c.starts_with(p))
                }),
                "{line:?}: walked {found:?}"
            ),
        }
        assert_eq!(problem_kinds(&script), *problems, "problems of {line:?}");
    }
}

/// A command a tool's option or argument runs is one level deeper than the
/// tool, so nesting through them meets the same bound as nesting through
/// `eval`: a line cannot walk deeper than the bound by alternating them.
#[test]
fn tool_commands_count_toward_the_nesting_bound() {
    let evals = "eval ".repeat(usize::from(crate::parse::MAX_NESTING));
    for tool in ["tmux new-session ls", "hyperfine ls"] {
        let past = parse(&format!("{evals}{tool}"));
        assert_eq!(problem_kinds(&past), ["too_deep"], "{tool}");
        let within = parse(&format!("{}{tool}", &evals[5..]));
        assert_eq!(problem_kinds(&within), [] as [&str; 0], "{tool}");
    }
}

/// What ssh and the file-transfer clients run on the far side is marked as
/// theirs (the remote-delete rule reads it); a `!` line is local.
#[test]
fn far_side_commands_are_marked() {
    for (line, via) in [
        ("ssh web01 'rm x.html'", Some("ssh")),
        ("ssh web01 <<< 'rm x.html'", Some("ssh")),
        ("echo 'rm x.html' | ssh web01", Some("ssh")),
        ("sftp -b - web01 <<< 'rm x.html'", Some("sftp")),
        ("lftp -e 'rm x.html; bye' h", Some("lftp")),
        ("sftp -b - web01 <<< '!rm x.html'", None),
        ("rm x.html", None),
    ] {
        let script = parse(line);
        let rm = script
            .commands
            .iter()
            .find(|c| c.name().as_deref() == Some("rm"))
            .unwrap_or_else(|| panic!("{line:?}: no rm"));
        assert_eq!(rm.via.last().map(String::as_str), via, "{line:?}");
    }
    // ssh inside ssh: both far, marked once.
    let script = parse("ssh web01 \"ssh web02 'rm x.html'\"");
    let rm = script
        .commands
        .iter()
        .find(|c| c.name().as_deref() == Some("rm"));
    assert_eq!(rm.map(|c| c.via.clone()), Some(vec!["ssh".to_owned()]));
}
