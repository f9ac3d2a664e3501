use super::*;

fn settings() -> Settings {
    Settings {
        writable: vec!["~/.cache".into()],
        ..Settings::default()
    }
}

fn build(home: &Path, cwd: &Path, s: &Settings) -> Policy {
    let own = vec![
        home.join(".config/askrisky"),
        home.join(".local/state/askrisky"),
    ];
    let state = home.join(".local/state/askrisky");
    let env = |k: &str| (k == "PATH").then(|| "/usr/bin:/bin".to_owned());
    Policy::build(&Inputs {
        home: Some(home),
        own: &own,
        state: Some(&state),
        cwd,
        env: &env,
        settings: s,
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

fn access(p: &Policy, path: &Path) -> Vec<Access> {
    let path = canonical(path).unwrap_or_else(|| path.to_path_buf());
    p.rules
        .iter()
        .filter(|r| r.path == path)
        .map(|r| r.access)
        .collect()
}

/// The home folder is granted entry by entry around what is kept out:
/// the project and caches writable, askrisky's key and `~/.ssh`'s private
/// keys not readable, its public ones readable.
#[test]
fn home_is_split_around_what_is_kept_out() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let home = dir.path().join("home");
    for d in [
        "project/src",
        ".cache",
        ".ssh",
        ".local/state/askrisky/keys",
        ".config/askrisky",
        ".claude",
        "notes",
    ] {
        std::fs::create_dir_all(home.join(d)).unwrap_or_else(|e| panic!("{e}"));
    }
    for f in [
        ".ssh/id_ed25519",
        ".ssh/id_ed25519.pub",
        ".ssh/known_hosts",
        ".bashrc",
    ] {
        std::fs::write(home.join(f), "x").unwrap_or_else(|e| panic!("{e}"));
    }
    let p = build(&home, &home.join("project/src"), &settings());
    assert_eq!(
        p.project.as_deref(),
        canonical(&home.join("project/src")).as_deref()
    );
    assert_eq!(access(&p, &home.join("project/src")), [Access::ReadWrite]);
    assert_eq!(
        access(&p, &home.join(".cache")),
        [Access::Read, Access::ReadWrite]
    );
    assert_eq!(access(&p, &home.join(".bashrc")), [Access::Read]);
    assert_eq!(access(&p, &home.join("notes")), [Access::Read]);
    assert_eq!(access(&p, &home.join(".claude")), [Access::Read]);
    assert_eq!(access(&p, &home.join(".ssh")), [Access::List]);
    assert_eq!(
        access(&p, &home.join(".ssh/id_ed25519.pub")),
        [Access::Read]
    );
    assert_eq!(access(&p, &home.join(".ssh/known_hosts")), [Access::Read]);
    assert!(access(&p, &home.join(".ssh/id_ed25519")).is_empty());
    assert!(access(&p, &home.join(".local/state/askrisky/keys")).is_empty());
    // Nothing grants the home folder itself more than a listing, and no
    // rule names askrisky's config folder for writing.
    assert!(
        !p.rules
            .iter()
            .any(|r| r.path == canonical(&home).unwrap_or_default() && r.access != Access::List)
    );
    assert!(!p.rules.iter().any(|r| {
        r.access == Access::ReadWrite
            && r.path
                .starts_with(canonical(&home.join(".config")).unwrap_or_default())
    }));
}

/// A folder that holds the home folder is not a project.
#[test]
fn the_home_folder_is_not_a_project() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let home = dir.path().join("home");
    std::fs::create_dir_all(home.join("p/.git")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(home.join("p/sub")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(project_of(&home, Some(&home)), None);
    assert_eq!(project_of(dir.path(), Some(&home)), None);
    assert_eq!(
        project_of(&home.join("p/sub"), Some(&home)),
        canonical(&home.join("p"))
    );
    // A dotfiles repository at home: the folder, not the home folder.
    std::fs::create_dir_all(home.join(".git")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(home.join("q")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        project_of(&home.join("q"), Some(&home)),
        canonical(&home.join("q"))
    );
}

/// `$TMPDIR` counts only inside a temporary folder: the agent's
/// environment cannot name the home folder writable.
#[test]
fn tmpdir_cannot_widen_the_grants() {
    let home = std::env::temp_dir();
    let env_home = |k: &str| (k == "TMPDIR").then(|| "/etc".to_owned());
    assert!(
        !temp_dir_list(&env_home)
            .iter()
            .any(|d| d == Path::new("/etc"))
    );
    let _ = home;
}

fn temp_dir_list(env: &dyn Fn(&str) -> Option<String>) -> Vec<PathBuf> {
    temp_dirs(env)
}

#[test]
fn paths_expand_only_from_home_or_absolute() {
    let h = Path::new("/h");
    assert_eq!(
        expand("~/.cache", Some(h)),
        Some(PathBuf::from("/h/.cache"))
    );
    assert_eq!(expand("/opt/c", Some(h)), Some(PathBuf::from("/opt/c")));
    assert_eq!(expand("rel", Some(h)), None);
    assert_eq!(expand("~/x", None), None);
}
