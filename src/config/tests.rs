//! Strictest-wins merging, and every way a config can fail closed.

use super::*;
use std::os::unix::fs::PermissionsExt;

struct Scratch {
    _dir: tempfile::TempDir,
    dirs: Dirs,
    project: PathBuf,
}

fn scratch(user: Option<&str>, project: Option<&str>) -> Scratch {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let config = dir.path().join("config/askrisky");
    std::fs::create_dir_all(&config).unwrap_or_else(|e| panic!("{e}"));
    if let Some(text) = user {
        let f = config.join("config.toml");
        std::fs::write(&f, text).unwrap_or_else(|e| panic!("{e}"));
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let project_dir = dir.path().join("repo/sub");
    std::fs::create_dir_all(&project_dir).unwrap_or_else(|e| panic!("{e}"));
    if let Some(text) = project {
        std::fs::write(dir.path().join("repo").join(PROJECT_FILE), text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    Scratch {
        dirs: Dirs {
            config: Some(config),
            state: Some(dir.path().join("state")),
            home: Some(dir.path().to_path_buf()),
            runtime: None,
        },
        project: project_dir,
        _dir: dir,
    }
}

fn no_env(_: &str) -> Option<String> {
    None
}

fn mode_of(
    user: Option<&str>,
    project: Option<&str>,
    env_mode: Option<&str>,
    flag: Option<Mode>,
) -> Mode {
    let s = scratch(user, project);
    let env = |k: &str| {
        (k == "ASKRISKY_MODE")
            .then(|| env_mode.map(str::to_owned))
            .flatten()
    };
    let o = Overrides {
        mode: flag,
        no_prompt: false,
    };
    load(&s.dirs, &s.project, &o, &env).mode.value
}

#[test]
fn strictest_wins() {
    use Mode::{Ask, Autopilot, Review};
    let user = |m: &str| format!("mode = \"{m}\"\n");
    let proj = |m: &str| format!("mode = \"{m}\"\n");
    // (user mode, project mode, ASKRISKY_MODE, --mode, effective)
    type Row<'a> = (
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
        Option<Mode>,
        Mode,
    );
    let rows: &[Row<'_>] = &[
        (None, None, None, None, Ask),
        (Some("autopilot"), None, None, None, Autopilot),
        (Some("review"), None, None, None, Review),
        (Some("autopilot"), Some("review"), None, None, Review),
        (Some("autopilot"), Some("ask"), None, None, Ask),
        (Some("review"), Some("autopilot"), None, None, Review),
        (Some("ask"), Some("autopilot"), None, None, Ask),
        (Some("autopilot"), None, Some("review"), None, Review),
        (Some("review"), None, Some("autopilot"), None, Review),
        (Some("autopilot"), None, None, Some(Ask), Ask),
        (Some("ask"), None, None, Some(Autopilot), Ask),
        (Some("review"), None, None, Some(Autopilot), Review),
        (None, None, Some("autopilot"), Some(Autopilot), Ask),
        (
            Some("autopilot"),
            Some("autopilot"),
            Some("autopilot"),
            Some(Autopilot),
            Autopilot,
        ),
        (Some("autopilot"), None, Some("nonsense"), None, Ask),
    ];
    for (u, p, e, f, want) in rows {
        let u = u.map(user);
        let p = p.map(proj);
        let got = mode_of(u.as_deref(), p.as_deref(), *e, *f);
        assert_eq!(got, *want, "user {u:?} project {p:?} env {e:?} flag {f:?}");
    }
}

#[test]
fn sources_are_named() {
    let s = scratch(Some("mode = \"autopilot\"\n"), Some("mode = \"review\"\n"));
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.mode.value, Mode::Review);
    assert!(matches!(settings.mode.source, Source::Project(_)));
    assert_eq!(settings.modes_given.len(), 2);
    assert!(matches!(settings.modes_given[0].source, Source::User(_)));
}

#[test]
fn project_file_cannot_loosen() {
    let project = r#"
mode = "autopilot"
reviewer = { provider = "openai", model = "x" }
shell = "/tmp/evil"
[[allow]]
line = "rm -rf /"
covers = ["delete.root"]
[[danger]]
code = "project.deploy"
sentence = "Deploys."
prefix = ["./deploy.sh"]
"#;
    let s = scratch(None, Some(project));
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.mode.value, Mode::Ask);
    assert!(settings.allow.is_empty());
    assert!(settings.reviewer.is_none());
    assert_eq!(settings.shell, PathBuf::from("/bin/sh"));
    assert_eq!(settings.extra_danger.len(), 1);
    // The looser mode, `allow`, `reviewer` and `shell`: each ignored, and
    // said so, as the project file's.
    assert_eq!(settings.warnings.len(), 4, "{:?}", settings.warnings);
    assert!(settings.warnings.iter().all(Warning::from_project));
    assert!(
        settings.warnings[0]
            .text
            .contains("`mode = \"autopilot\"` ignored: it is looser than ask"),
        "{:?}",
        settings.warnings
    );
    assert!(settings.errors.is_empty());
}

#[test]
fn user_file_loosens_and_sets_rules() {
    let user = r#"
mode = "autopilot"
shell = "/bin/bash"
[[allow]]
prefix = ["cargo", "build"]
[[allow]]
line = "make deploy"
covers = ["publish.package"]
"#;
    let s = scratch(Some(user), None);
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.mode.value, Mode::Autopilot);
    assert_eq!(settings.shell, PathBuf::from("/bin/bash"));
    assert_eq!(
        settings.allow,
        vec![
            AllowRule {
                prefix: Some(vec!["cargo".into(), "build".into()]),
                ..AllowRule::default()
            },
            AllowRule {
                line: Some("make deploy".into()),
                covers: vec!["publish.package".into()],
                ..AllowRule::default()
            },
        ]
    );
}

#[test]
fn broken_configs_fall_back_to_ask() {
    let cases: &[(&str, &str)] = &[
        ("mode = \"autopilot\"\nmode = \"x\"\n", ":2:"),
        ("mode = \"yolo\"\n", ":1:8: unknown variant `yolo`"),
        ("mode = \"autopilot\"\nunknown_key = 1\n", "unknown_key"),
        ("mode = \"autopilot\"\n[[allow]]\n", "allow rule"),
        (
            "mode = \"autopilot\"\n[[allow]]\nline = \"a\"\nprefix = [\"a\"]\n",
            "not both",
        ),
        ("mode = \"autopilot\"\nshell = \"sh\"\n", "absolute"),
        (
            "mode = \"autopilot\"\n[[allow]]\nprefix = [\"git\"]\nenv = [\"GIT_DIR\"]\n",
            "cannot list GIT_DIR",
        ),
        (
            "mode = \"autopilot\"\n[[allow]]\nline = \"make\"\nredirects = true\n",
            "belong to prefix rules",
        ),
        (
            "mode = \"autopilot\"\n[[allow]]\nline = \"ls\"\n[reviewer]\nprovider = \"nope\"\nmodel = \"m\"\n",
            ":",
        ),
    ];
    for (text, needle) in cases {
        let s = scratch(Some(text), None);
        let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
        assert_eq!(settings.mode.value, Mode::Ask, "{text}");
        assert_eq!(settings.mode.source, Source::ConfigError, "{text}");
        assert!(settings.allow.is_empty(), "{text}");
        assert_eq!(settings.errors.len(), 1, "{text}: {:?}", settings.errors);
        let e = settings.errors[0].to_string();
        assert!(e.contains(needle), "{text}: {e}");
        assert!(!e.contains('\n'), "one line: {e}");
        assert!(e.contains("config.toml"), "names the file: {e}");
    }
}

#[test]
fn broken_project_file_falls_back_to_ask() {
    let s = scratch(Some("mode = \"autopilot\"\n"), Some("mode = [\n"));
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.mode.value, Mode::Ask);
    assert!(settings.errors[0].to_string().contains(PROJECT_FILE));
}

/// The config is askrisky's own file: a second hard link (through which an
/// agent could edit it from its workspace), a symlink or a FIFO in its
/// place is refused, and askrisky falls back to ask.
#[test]
fn config_reached_sideways_is_refused() {
    let s = scratch(Some("mode = \"autopilot\"\n"), None);
    let f = s.dirs.user_file().unwrap_or_default();
    let link = s.project.join("innocent.toml");
    std::fs::hard_link(&f, &link).unwrap_or_else(|e| panic!("{e}"));
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.mode.value, Mode::Ask);
    assert!(
        settings.errors[0].to_string().contains("hard links"),
        "{:?}",
        settings.errors
    );
    std::fs::remove_file(&link).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        load(&s.dirs, &s.project, &Overrides::default(), &no_env)
            .mode
            .value,
        Mode::Autopilot
    );
    let real = s.project.join("real.toml");
    std::fs::rename(&f, &real).unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink(&real, &f).unwrap_or_else(|e| panic!("{e}"));
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.mode.value, Mode::Ask);
    assert!(
        settings.errors[0].to_string().contains("symbolic link"),
        "{:?}",
        settings.errors
    );
    std::fs::remove_file(&f).unwrap_or_else(|e| panic!("{e}"));
    crate::platform::make_fifo(&f).unwrap_or_else(|e| panic!("{e}"));
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.mode.value, Mode::Ask);
    assert!(
        settings.errors[0]
            .to_string()
            .contains("not a regular file"),
        "{:?}",
        settings.errors
    );
}

/// A config file is read up to 1 MiB: exactly that much loads, a byte more
/// is an error (and ask).
#[test]
fn config_size_is_bounded() {
    let head = "mode = \"autopilot\"\n";
    let fill = |n: usize| {
        let mut text = head.to_owned();
        let body = n - text.len() - 1;
        text.push('#');
        text.push_str(&"x".repeat(body - 1));
        text.push('\n');
        assert_eq!(text.len(), n);
        text
    };
    let max = usize::try_from(MAX_CONFIG_BYTES).unwrap_or(usize::MAX);
    let s = scratch(Some(&fill(max)), None);
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(
        settings.mode.value,
        Mode::Autopilot,
        "{:?}",
        settings.errors
    );
    let s = scratch(Some(&fill(max + 1)), None);
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.mode.value, Mode::Ask);
    assert!(
        settings.errors[0].to_string().contains("larger than"),
        "{:?}",
        settings.errors
    );
}

#[test]
fn config_writable_by_others_is_refused() {
    let s = scratch(Some("mode = \"autopilot\"\n"), None);
    let f = s.dirs.user_file().unwrap_or_default();
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o666))
        .unwrap_or_else(|e| panic!("{e}"));
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.mode.value, Mode::Ask);
    assert!(
        settings.errors[0]
            .to_string()
            .contains("writable by others"),
        "{:?}",
        settings.errors
    );
}

#[test]
fn unreadable_config_falls_back_to_ask() {
    let s = scratch(None, None);
    let f = s.dirs.user_file().unwrap_or_default();
    // A directory where the file should be cannot be read as a file.
    std::fs::create_dir_all(&f).unwrap_or_else(|e| panic!("{e}"));
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o700))
        .unwrap_or_else(|e| panic!("{e}"));
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.mode.value, Mode::Ask);
    assert_eq!(settings.errors.len(), 1);
}

#[test]
fn no_prompt_sources() {
    let s = scratch(None, None);
    let o = Overrides::default();
    let ci = |k: &str| (k == "CI").then(|| "true".to_owned());
    assert_eq!(
        load(&s.dirs, &s.project, &o, &ci).no_prompt,
        Some(Source::Env("CI".into()))
    );
    let ci_false = |k: &str| (k == "CI").then(|| "false".to_owned());
    assert_eq!(load(&s.dirs, &s.project, &o, &ci_false).no_prompt, None);
    let flag = Overrides {
        mode: None,
        no_prompt: true,
    };
    assert_eq!(
        load(&s.dirs, &s.project, &flag, &no_env).no_prompt,
        Some(Source::Flag("--no-prompt".into()))
    );
}

#[test]
fn always_allow_keeps_the_file_and_adds_a_rule() {
    let user =
        "# my settings\nmode = \"review\" # keep\n\n[[allow]]\nprefix = [\"cargo\", \"test\"]\n";
    let s = scratch(Some(user), None);
    let path = s.dirs.user_file().unwrap_or_default();
    add_allow_line(
        &path,
        "make lint 'x'",
        "added 2026-11-29 from the approval card",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        text.starts_with("# my settings\nmode = \"review\" # keep\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "# added 2026-11-29 from the approval card\n[[allow]]\nline = \"make lint 'x'\""
        ),
        "{text}"
    );
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert!(settings.errors.is_empty(), "{:?}", settings.errors);
    assert_eq!(settings.allow.len(), 2);
    assert_eq!(settings.allow[1].line.as_deref(), Some("make lint 'x'"));
    use std::os::unix::fs::MetadataExt;
    assert_eq!(
        std::fs::metadata(&path)
            .map(|m| m.mode() & 0o777)
            .unwrap_or(0),
        0o600
    );
}

#[test]
fn always_allow_creates_a_missing_file_and_leaves_a_broken_one() {
    let s = scratch(None, None);
    let path = s.dirs.user_file().unwrap_or_default();
    add_allow_line(&path, "ls", "note").unwrap_or_else(|e| panic!("{e}"));
    assert!(
        std::fs::read_to_string(&path)
            .unwrap_or_default()
            .contains("line = \"ls\"")
    );

    let s = scratch(Some("mode = [\n"), None);
    let path = s.dirs.user_file().unwrap_or_default();
    assert!(add_allow_line(&path, "ls", "note").is_err());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap_or_default(),
        "mode = [\n"
    );
}

#[test]
fn folders_from_the_environment() {
    let dirs = |vars: &[(&str, &str)]| {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let d = Dirs::from_vars(&|k| vars.iter().find(|(n, _)| n == k).map(|(_, v)| v.into()));
        (d.home, d.config, d.state)
    };
    let p = |s: &str| Some(PathBuf::from(s));
    assert_eq!(
        dirs(&[("HOME", "/h")]),
        (
            p("/h"),
            p("/h/.config/askrisky"),
            p("/h/.local/state/askrisky")
        )
    );
    assert_eq!(
        dirs(&[
            ("HOME", "/h"),
            ("XDG_CONFIG_HOME", "/c"),
            ("XDG_STATE_HOME", "/s")
        ]),
        (p("/h"), p("/c/askrisky"), p("/s/askrisky"))
    );
    // Empty and relative values count as unset.
    assert_eq!(
        dirs(&[
            ("HOME", "/h"),
            ("XDG_CONFIG_HOME", ""),
            ("XDG_STATE_HOME", "rel")
        ]),
        (
            p("/h"),
            p("/h/.config/askrisky"),
            p("/h/.local/state/askrisky")
        )
    );
    assert_eq!(dirs(&[("HOME", "")]), (None, None, None));
    assert_eq!(dirs(&[]), (None, None, None));
}

#[test]
fn protected_folders_are_config_state_and_runtime() {
    let dirs = |vars: &[(&str, &str)]| {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Dirs::from_vars(&|k| vars.iter().find(|(n, _)| n == k).map(|(_, v)| v.into()))
    };
    let p = PathBuf::from;
    assert_eq!(
        dirs(&[("HOME", "/h"), ("XDG_RUNTIME_DIR", "/run/user/1")]).protected(),
        [
            p("/h/.config/askrisky"),
            p("/h/.local/state/askrisky"),
            p("/run/user/1/askrisky")
        ]
    );
    // Without a runtime folder the inbox lives in the state folder.
    assert_eq!(
        dirs(&[("HOME", "/h"), ("XDG_RUNTIME_DIR", "run")]).protected(),
        [
            p("/h/.config/askrisky"),
            p("/h/.local/state/askrisky"),
            p("/h/.local/state/askrisky/run")
        ]
    );
    assert!(dirs(&[]).protected().is_empty());
}

#[test]
fn names_for_people() {
    for m in [Mode::Ask, Mode::Review, Mode::Autopilot] {
        assert_eq!(Mode::parse(m.as_str()), Some(m));
        assert_eq!(m.to_string(), m.as_str());
    }
    assert_eq!(
        [Mode::Ask, Mode::Review, Mode::Autopilot].map(Mode::as_str),
        ["ask", "review", "autopilot"]
    );
    let shown: Vec<String> = [
        Source::Default,
        Source::User("/u.toml".into()),
        Source::Project("/p.toml".into()),
        Source::Env("CI".into()),
        Source::Flag("--mode".into()),
        Source::ConfigError,
        Source::Nested,
        Source::Typed,
        Source::FileTool,
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    assert_eq!(
        shown,
        [
            "default",
            "user config /u.toml",
            "project file /p.toml",
            "environment CI",
            "flag --mode",
            "config error (falls back to ask)",
            "inside an approved command",
            "typed at the person's own shell",
            "an agent's file tool (only protected paths are checked)",
        ]
    );
    assert_eq!(
        Source::Flag("--no-prompt".into()).why_no_prompt(),
        "--no-prompt was given"
    );
    assert_eq!(Source::Env("CI".into()).why_no_prompt(), "CI is set");
    assert_eq!(Source::Default.why_no_prompt(), "default");
    let rule = |line: Option<&str>, prefix: Option<&[&str]>| AllowRule {
        line: line.map(str::to_owned),
        prefix: prefix.map(|p| p.iter().map(|s| (*s).to_owned()).collect()),
        ..AllowRule::default()
    };
    assert_eq!(rule(Some("make"), None).describe(), "line \"make\"");
    assert_eq!(
        rule(None, Some(&["cargo", "build"])).describe(),
        "prefix [\"cargo\", \"build\"]"
    );
    assert_eq!(rule(None, None).describe(), "empty rule");
}

#[test]
fn on_a_tie_the_earlier_source_is_named() {
    let s = scratch(Some("mode = \"review\"\n"), Some("mode = \"review\"\n"));
    let env = |k: &str| (k == "ASKRISKY_MODE").then(|| "review".to_owned());
    let o = Overrides {
        mode: Some(Mode::Review),
        no_prompt: false,
    };
    let settings = load(&s.dirs, &s.project, &o, &env);
    assert_eq!(settings.mode.value, Mode::Review);
    assert!(
        matches!(settings.mode.source, Source::User(_)),
        "{:?}",
        settings.mode
    );
    assert!(settings.errors.is_empty(), "{:?}", settings.errors);
}

#[test]
fn every_mode_name_is_accepted_from_the_environment() {
    for name in ["ask", "review", "autopilot", " Ask "] {
        let s = scratch(None, None);
        let env = |k: &str| (k == "ASKRISKY_MODE").then(|| name.to_owned());
        let settings = load(&s.dirs, &s.project, &Overrides::default(), &env);
        assert!(settings.errors.is_empty(), "{name}: {:?}", settings.errors);
        assert_eq!(
            settings.modes_given.last().map(|m| &m.source),
            Some(&Source::Env("ASKRISKY_MODE".into())),
            "{name}"
        );
    }
}

#[test]
fn empty_allow_rules_are_errors() {
    for text in [
        "[[allow]]\nline = \"  \"\n",
        "[[allow]]\nprefix = []\n",
        "[[allow]]\ncovers = [\"delete.recursive\"]\n",
        "[[allow]]\nline = \"ls\"\nprefix = [\"ls\"]\n",
    ] {
        let s = scratch(Some(text), None);
        let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
        assert_eq!(settings.errors.len(), 1, "{text}: {:?}", settings.errors);
        assert!(settings.allow.is_empty(), "{text}");
        assert_eq!(settings.mode.source, Source::ConfigError, "{text}");
    }
}

#[test]
fn a_config_folder_that_is_a_file_is_an_error_not_a_missing_file() {
    let s = scratch(None, None);
    let config = s.dirs.config.clone().unwrap_or_default();
    std::fs::remove_dir_all(&config).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&config, "not a folder").unwrap_or_else(|e| panic!("{e}"));
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.errors.len(), 1, "{:?}", settings.errors);
    assert!(
        settings.errors[0].to_string().contains("cannot read"),
        "{:?}",
        settings.errors
    );
    assert_eq!(settings.mode.source, Source::ConfigError);
}

#[test]
fn host_permissions_come_from_the_user_file_only() {
    let s = scratch(None, None);
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.host_permissions, HostPermissions::Skip);
    let s = scratch(Some("host_permissions = \"keep\"\n"), None);
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.host_permissions, HostPermissions::Keep);
    assert!(settings.errors.is_empty(), "{:?}", settings.errors);
    // A repository cannot set it, either way: it is ignored with a warning.
    for value in ["keep", "skip"] {
        let s = scratch(
            Some("host_permissions = \"skip\"\n"),
            Some(&format!("host_permissions = \"{value}\"\n")),
        );
        let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
        assert_eq!(settings.host_permissions, HostPermissions::Skip, "{value}");
        assert!(
            settings.warnings[0]
                .text
                .contains("`host_permissions` ignored"),
            "{:?}",
            settings.warnings
        );
    }
    // An unknown value is a broken file: ask mode, and no "allow" either way.
    let s = scratch(
        Some("mode = \"autopilot\"\nhost_permissions = \"off\"\n"),
        None,
    );
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.mode.value, Mode::Ask);
    assert!(!settings.errors.is_empty());
}

/// Rules of every shape are written as the config reads them, each under
/// its comment, and only over the file that was read.
#[test]
fn allow_rules_are_added_and_written_only_over_what_was_read() {
    let user = "# mine\nmode = \"ask\"\n";
    let s = scratch(Some(user), None);
    let path = s.dirs.user_file().unwrap_or_default();
    let rules = [
        AllowRule {
            prefix: Some(vec!["cargo".into(), "test".into()]),
            ..AllowRule::default()
        },
        AllowRule {
            line: Some("rm -rf build".into()),
            covers: vec!["delete.recursive".into(), "delete.forced".into()],
            ..AllowRule::default()
        },
    ];
    let text = with_allow_rules(&path, user, &rules, "why\nand more \x1b[2J")
        .unwrap_or_else(|e| panic!("{e}"));
    let note = "# why\n# and more \\x1b[2J\n";
    assert_eq!(
        text,
        format!(
            "{user}\n{note}[[allow]]\nprefix = [\"cargo\", \"test\"]\n\n{note}[[allow]]\n\
             line = \"rm -rf build\"\ncovers = [\"delete.recursive\", \"delete.forced\"]\n"
        )
    );
    // Written over the file it was made from ...
    replace_user_file(&path, Some(user), &text).unwrap_or_else(|e| panic!("{e}"));
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert!(settings.errors.is_empty(), "{:?}", settings.errors);
    assert_eq!(settings.allow, rules);
    // ... and not over one that changed meanwhile.
    assert!(replace_user_file(&path, Some(user), "mode = \"autopilot\"\n").is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap_or_default(), text);
    // Nor into a file with no file before, when one appeared.
    assert!(replace_user_file(&path, None, "mode = \"autopilot\"\n").is_err());
    // What would not read as a config is not made.
    assert!(with_allow_rules(&path, "allow = 3\n", &rules, "x").is_err());
}

#[test]
fn only_the_person_can_turn_a_danger_pack_off() {
    let off = |s: &Settings| {
        s.extra_danger
            .iter()
            .filter_map(|r| r.pack_off.clone())
            .collect::<Vec<_>>()
    };
    let o = Overrides::default();
    // On by default, and when said so.
    for user in [
        None,
        Some("mode = \"ask\"\n"),
        Some("danger_packs = { cloud = true }\n"),
    ] {
        let s = scratch(user, None);
        assert!(
            off(&load(&s.dirs, &s.project, &o, &no_env)).is_empty(),
            "{user:?}"
        );
    }
    // The person's file turns it off.
    let s = scratch(Some("danger_packs = { cloud = false }\n"), None);
    let settings = load(&s.dirs, &s.project, &o, &no_env);
    assert_eq!(off(&settings), ["cloud"]);
    assert!(settings.errors.is_empty(), "{:?}", settings.errors);
    // A project file cannot: the key is ignored with a warning.
    let s = scratch(None, Some("danger_packs = { cloud = false }\n"));
    let settings = load(&s.dirs, &s.project, &o, &no_env);
    assert!(off(&settings).is_empty());
    assert!(
        settings
            .warnings
            .iter()
            .any(|w| w.text.contains("danger_packs")),
        "{:?}",
        settings.warnings
    );
    // Nor can a project file's danger rule pose as the switch.
    let s = scratch(
        None,
        Some(
            "[[danger]]\ncode = \"x.y\"\nsentence = \"X.\"\nprefix = [\"x\"]\npack_off = \"cloud\"\n",
        ),
    );
    let settings = load(&s.dirs, &s.project, &o, &no_env);
    assert!(off(&settings).is_empty());
    assert!(!settings.errors.is_empty());
    // An unknown pack is an error, and a broken file turns nothing off.
    let s = scratch(
        Some("danger_packs = { cloud = false, clod = false }\n"),
        None,
    );
    let settings = load(&s.dirs, &s.project, &o, &no_env);
    assert!(off(&settings).is_empty());
    assert_eq!(settings.mode.value, Mode::Ask);
    let s = scratch(
        Some("danger_packs = { cloud = false }\nshell = \"relative\"\n"),
        None,
    );
    assert!(off(&load(&s.dirs, &s.project, &o, &no_env)).is_empty());
}

/// Every mistake a config can hold names its file and line, and makes the
/// config fall back to `ask`.
#[test]
fn mistakes_name_the_file_and_line() {
    // (user file, project file, what the one error must say)
    let rows: &[(&str, Option<&str>, &str)] = &[
        (
            "mode = \"autopilot\"\n[[allow]]\nline = \"rm -rf build\"\ncovers = [\"delete.recursive\", \"delete.forcd\"]\n",
            None,
            "config.toml:4: allow rule line \"rm -rf build\": covers \"delete.forcd\": no built-in rule and none of your [[danger]] rules has this code; fix: use a code `askrisky rules` lists",
        ),
        (
            "mode = \"autopilot\"\n\n[[allow]]\nprefix = []\n",
            None,
            "config.toml:3: allow rule prefix []: `prefix` is empty, so it would match nothing",
        ),
        (
            "mode = \"autopilot\"\n[[danger]]\ncode = \"git.force_push\"\nsentence = \"Mine.\"\nprefix = [\"gp\"]\n",
            None,
            "config.toml:3: danger rule \"git.force_push\": that code is a built-in rule's; fix: give it a code of your own",
        ),
        (
            "mode = \"autopilot\"\nshell = \"/bin/nosuchsh\"\n",
            None,
            "config.toml:2: shell /bin/nosuchsh: No such file or directory",
        ),
        (
            "mode = \"autopilot\"\nshell = \"/usr/bin/env\"\n",
            None,
            "config.toml:2: shell /usr/bin/env is not a shell askrisky can read lines for",
        ),
        (
            "[[allow]]\nline = \"ls\"\n\nmode = \"autopilot\"\n",
            None,
            "config.toml:4: `mode` is inside the [[allow]] table that starts on line 1, so it is not read as the top-level setting `mode`; fix: move it above line 1, the first table",
        ),
        (
            "mode = \"autopilot\"\n",
            Some(
                "[[danger]]\ncode = \"delete.recursive\"\nsentence = \"Mine.\"\nprefix = [\"x\"]\n",
            ),
            ".askrisky.toml:2: danger rule \"delete.recursive\": that code is a built-in rule's",
        ),
        (
            "mode = \"autopilot\"\n",
            Some(
                "[[danger]]\ncode = \"p.x\"\nsentence = \"X.\"\nprefix = [\"x\"]\nmode = \"ask\"\n",
            ),
            ".askrisky.toml:5: `mode` is inside the [[danger]] table that starts on line 1",
        ),
    ];
    for (user, project, want) in rows {
        let s = scratch(Some(user), *project);
        let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
        let errors: Vec<String> = settings.errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 1, "{user}{project:?}: {errors:?}");
        assert!(
            errors[0].contains(want),
            "{user}{project:?}:\n{}\nwant: {want}",
            errors[0]
        );
        assert!(!errors[0].contains('\n'), "{}", errors[0]);
        assert_eq!(settings.mode.source, Source::ConfigError, "{user}");
        assert!(settings.allow.is_empty(), "{user}");
        assert!(settings.errors[0].line.is_some(), "{user}");
    }
    // A shell that is wrong is not used, even for the lines that ask.
    let s = scratch(Some("shell = \"/bin/nosuchsh\"\n"), None);
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    assert_eq!(settings.shell, PathBuf::from("/bin/sh"));
    // Several mistakes: each is said.
    let s = scratch(
        Some(
            "[[allow]]\nprefix = []\n[[allow]]\nline = \"x\"\ncovers = [\"nope\", \"delete.root\"]\n",
        ),
        None,
    );
    let settings = load(&s.dirs, &s.project, &Overrides::default(), &no_env);
    let lines: Vec<Option<usize>> = settings.errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [Some(1), Some(5), Some(5)], "{:?}", settings.errors);
    assert!(settings.errors[2].to_string().contains("blocked tier"));
}

/// A mode looser than the person's, from a flag or the environment, is
/// ignored, and said so every time (not as a project file's warning); a
/// stricter one is simply taken.
#[test]
fn a_looser_mode_from_a_flag_or_the_environment_is_said_to_be_ignored() {
    // (user file, ASKRISKY_MODE, --mode, warnings)
    type Row<'a> = (
        Option<&'a str>,
        Option<&'a str>,
        Option<Mode>,
        &'a [&'a str],
    );
    let rows: &[Row<'_>] = &[
        (
            None,
            None,
            Some(Mode::Autopilot),
            &[
                "--mode autopilot ignored: it is looser than ask (the default: your config sets no mode)",
            ],
        ),
        (
            None,
            Some("review"),
            None,
            &["ASKRISKY_MODE=review ignored: it is looser than ask"],
        ),
        (
            Some("mode = \"review\"\n"),
            None,
            Some(Mode::Autopilot),
            &["--mode autopilot ignored: it is looser than review (your config "],
        ),
        (
            Some("mode = \"autopilot\"\n"),
            Some("review"),
            Some(Mode::Ask),
            &[],
        ),
        (None, None, Some(Mode::Ask), &[]),
        (Some("mode = \"review\"\n"), None, Some(Mode::Review), &[]),
    ];
    for (user, env_mode, flag, want) in rows {
        let s = scratch(*user, None);
        let env = |k: &str| {
            (k == "ASKRISKY_MODE")
                .then(|| env_mode.map(str::to_owned))
                .flatten()
        };
        let o = Overrides {
            mode: *flag,
            no_prompt: false,
        };
        let settings = load(&s.dirs, &s.project, &o, &env);
        let got: Vec<&Warning> = settings.warnings.iter().collect();
        assert_eq!(
            got.len(),
            want.len(),
            "{user:?} {env_mode:?} {flag:?}: {got:?}"
        );
        for (g, w) in got.iter().zip(*want) {
            assert!(!g.from_project());
            assert!(g.text.contains(w), "{g}\nwant: {w}");
        }
    }
}

/// A hook leaves clear lines to the agent's own rules only when nothing
/// set a mode of `ask` and the config is sound.
#[test]
fn hooks_defer_only_when_no_mode_is_set() {
    // (user file, project file, ASKRISKY_MODE, --mode, defers)
    type Row<'a> = (
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
        Option<Mode>,
        bool,
    );
    let rows: &[Row<'_>] = &[
        (None, None, None, None, true),
        (
            Some("host_permissions = \"keep\"\n"),
            None,
            None,
            None,
            true,
        ),
        // The person asked for ask: every line asks.
        (Some("mode = \"ask\"\n"), None, None, None, false),
        // So did a project file, the environment or a flag.
        (None, Some("mode = \"ask\"\n"), None, None, false),
        (None, None, Some("ask"), None, false),
        (None, None, None, Some(Mode::Ask), false),
        // What would loosen is ignored and changes nothing.
        (
            None,
            Some("mode = \"autopilot\"\n"),
            Some("review"),
            Some(Mode::Autopilot),
            true,
        ),
        // Another mode is not deferral: it decides.
        (Some("mode = \"autopilot\"\n"), None, None, None, false),
        (Some("mode = \"review\"\n"), None, None, None, false),
        // A broken config asks about everything.
        (Some("mode = \"yolo\"\n"), None, None, None, false),
        (Some("[[allow]]\nprefix = []\n"), None, None, None, false),
        (None, Some("mode = [\n"), None, None, false),
        (None, None, Some("nonsense"), None, false),
    ];
    for (user, project, env_mode, flag, want) in rows {
        let s = scratch(*user, *project);
        let env = |k: &str| {
            (k == "ASKRISKY_MODE")
                .then(|| env_mode.map(str::to_owned))
                .flatten()
        };
        let o = Overrides {
            mode: *flag,
            no_prompt: false,
        };
        let settings = load(&s.dirs, &s.project, &o, &env);
        assert_eq!(
            settings.defers_clear_lines(),
            *want,
            "{user:?} {project:?} {env_mode:?} {flag:?}"
        );
    }
}

/// The writers that add allow rules keep every top-level key above the
/// tables, where TOML reads them as settings; a file whose top-level key
/// had fallen into its last table is not written over.
#[test]
fn writers_keep_top_level_keys_above_the_tables() {
    let rule = [AllowRule {
        line: Some("make lint".into()),
        ..AllowRule::default()
    }];
    let p = Path::new("/c.toml");
    for user in [
        "",
        "mode = \"review\"",
        "mode = \"review\"\n[reviewer]\nprovider = \"openai\"\nmodel = \"m\"\n",
        "# mine\nmode = \"autopilot\"\napproval_wait_s = 30\n\n[[allow]]\nline = \"ls\"\n\n[contain]\nprotect_git = true\n# the end\n",
        "danger_packs = { cloud = false }\n[[allow]]\nprefix = [\"cargo\", \"test\"]\n",
    ] {
        let out =
            with_allow_rules(p, user, &rule, "note").unwrap_or_else(|e| panic!("{user}: {e}"));
        assert!(validate::stray_keys(p, &out).is_empty(), "{out}");
        let parsed: UserFile = parse_toml(p, &out).unwrap_or_else(|e| panic!("{out}: {e}"));
        let before: UserFile = parse_toml(p, user).unwrap_or_else(|e| panic!("{user}: {e}"));
        assert_eq!(parsed.mode, before.mode, "{out}");
        assert_eq!(parsed.approval_wait_s, before.approval_wait_s, "{out}");
        assert_eq!(
            parsed.allow.last().and_then(|r| r.line.as_deref()),
            Some("make lint")
        );
        // Twice: still above.
        let again = with_allow_rules(p, &out, &rule, "note").unwrap_or_else(|e| panic!("{e}"));
        assert!(validate::stray_keys(p, &again).is_empty(), "{again}");
    }
    let stray = "[[allow]]\nline = \"ls\"\nmode = \"autopilot\"\n";
    let e = with_allow_rules(p, stray, &rule, "note")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("`mode` is inside the [[allow]] table") && e.contains("move it above"),
        "{e}"
    );
    // Nor is a rule written that covers a code no rule has.
    let bad = [AllowRule {
        line: Some("x".into()),
        covers: vec!["no.such".into()],
        ..AllowRule::default()
    }];
    assert!(with_allow_rules(p, "", &bad, "note").is_err());
}
