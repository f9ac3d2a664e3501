//! `askrisky doctor` on the real binary, one check at a time: each
//! problem is one line naming it and the fix, and any problem makes the
//! exit status 1. (The agents' hooks: `tests/cli/install.rs`.)

use crate::common;

use common::{Env, Out};

/// `doctor` with this askrisky first on PATH and `vars` set.
fn doctor(env: &Env, vars: &[(&str, &str)]) -> Out {
    let mut run = env.askrisky(["doctor"]).env("PATH", env.self_on_path());
    for (k, v) in vars {
        run = run.env(k, v);
    }
    run.output()
}

/// The line of `topic`s (the first, or the one containing `has`).
fn line(out: &Out, topic: &str, has: &str) -> String {
    out.stdout()
        .lines()
        .find(|l| l.starts_with(&format!("{topic} ")) && l.contains(has))
        .unwrap_or_else(|| panic!("no {topic} line with {has:?}:\n{}", out.stdout()))
        .to_owned()
}

fn problems(out: &Out) -> Vec<String> {
    out.stdout()
        .lines()
        .filter(|l| l.contains(" PROBLEM: "))
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_fresh_setup_has_no_problem() {
    let env = Env::new();
    let out = doctor(&env, &[]);
    out.status(0);
    assert!(problems(&out).is_empty(), "{}", out.stdout());
    assert!(
        out.stdout().ends_with("no problems found\n"),
        "{}",
        out.stdout()
    );
    assert!(line(&out, "config", "").contains("no config file"));
    assert!(line(&out, "path", "").contains("askrisky on PATH is this one"));
}

#[test]
fn an_invalid_config_is_a_problem_per_mistake() {
    let env = Env::new();
    env.config(
        "[[allow]]\nline = \"rm -rf build\"\ncovers = [\"delete.recursiv\"]\n[[danger]]\ncode = \"git.force_push\"\nsentence = \"Mine.\"\nprefix = [\"gp\"]\n",
    );
    let out = doctor(&env, &[]);
    out.status(1);
    let p = problems(&out);
    assert_eq!(p.len(), 2, "{}", out.stdout());
    assert!(
        p.iter().all(|l| l.starts_with("config       PROBLEM: ")),
        "{p:?}"
    );
    assert!(
        p.iter().any(|l| l.contains(
            "config.toml:3: allow rule line \"rm -rf build\": covers \"delete.recursiv\""
        ) && l.contains("; fix: use a code `askrisky rules` lists")),
        "{p:?}"
    );
    assert!(
        p.iter().any(
            |l| l.contains("config.toml:5: danger rule \"git.force_push\"")
                && l.contains("; fix: give it a code of your own")
        ),
        "{p:?}"
    );
    assert!(
        out.stdout()
            .ends_with("2 problem(s) found: each line above says the fix\n")
    );
    // A top-level key that fell into a table.
    env.config("[[allow]]\nline = \"ls\"\nmode = \"autopilot\"\n");
    let out = doctor(&env, &[]);
    out.status(1);
    assert!(
        line(&out, "config", "PROBLEM").contains("fix: move it above line 1, the first table"),
        "{}",
        out.stdout()
    );
}

#[test]
fn a_config_others_can_write_is_a_problem() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::new();
    env.config("mode = \"autopilot\"\n");
    let path = env.config_path();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o620)).expect("chmod");
    let out = doctor(&env, &[]);
    out.status(1);
    let l = line(&out, "config", "PROBLEM");
    assert!(l.contains("writable by others (mode 620)"), "{l}");
    assert!(
        l.ends_with(&format!("fix: chmod go-w {}", path.display())),
        "{l}"
    );
    // The folder too: another file could be put in its place.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let dir = path.parent().expect("folder");
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777)).expect("chmod");
    let out = doctor(&env, &[]);
    out.status(1);
    let l = line(&out, "config", "PROBLEM");
    assert!(l.contains("is writable by others (mode 777)"), "{l}");
    assert!(
        l.ends_with(&format!("fix: chmod go-w {}", dir.display())),
        "{l}"
    );
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    doctor(&env, &[]).status(0);
}

#[test]
fn review_mode_needs_a_reviewer_and_its_key() {
    let env = Env::new();
    env.config("mode = \"review\"\n");
    let out = doctor(&env, &[]);
    out.status(1);
    assert!(
        line(&out, "reviewer", "PROBLEM").contains("no [reviewer]")
            && line(&out, "reviewer", "").contains("fix: add a [reviewer] table"),
        "{}",
        out.stdout()
    );
    env.config(
        "mode = \"review\"\n[reviewer]\nprovider = \"openai\"\nbase_url = \"https://api.example.com/v1\"\nmodel = \"m1\"\napi_key_env = \"MY_REVIEW_KEY\"\n",
    );
    let out = doctor(&env, &[]);
    out.status(1);
    let l = line(&out, "reviewer", "PROBLEM");
    assert!(l.contains("MY_REVIEW_KEY is not set"), "{l}");
    assert!(
        l.ends_with("fix: export MY_REVIEW_KEY in the environment your agents start from"),
        "{l}"
    );
    let out = doctor(&env, &[("MY_REVIEW_KEY", "sk-test")]);
    out.status(0);
    assert!(
        line(&out, "reviewer", "").contains("key found"),
        "{}",
        out.stdout()
    );
}

#[test]
fn the_guard_snippet_in_the_shells_startup_file() {
    let env = Env::new();
    let out = doctor(&env, &[("SHELL", "/bin/bash")]);
    out.status(0);
    let bashrc = env.home.join(".bashrc");
    assert!(
        line(&out, "shell", "").contains(&format!(
            "no guard snippet in {}: lines you type are not checked; to have them checked, add: eval \"$(askrisky init bash)\"",
            bashrc.display()
        )),
        "{}",
        out.stdout()
    );
    std::fs::write(&bashrc, "export X=1\neval \"$(askrisky init bash)\"\n").expect("write");
    let out = doctor(&env, &[("SHELL", "/bin/bash")]);
    out.status(0);
    assert!(
        line(&out, "shell", "").contains("guard snippet in")
            && line(&out, "shell", "").contains("lines you type are checked"),
        "{}",
        out.stdout()
    );
    // zsh's startup file follows ZDOTDIR.
    let z = env.home.join("zdot");
    std::fs::create_dir_all(&z).expect("mkdir");
    std::fs::write(z.join(".zshrc"), "eval \"$(askrisky init zsh)\"\n").expect("write");
    let out = doctor(
        &env,
        &[
            ("SHELL", "/usr/bin/zsh"),
            ("ZDOTDIR", z.to_str().expect("utf8")),
        ],
    );
    assert!(
        line(&out, "shell", "").contains("zdot/.zshrc: lines you type are checked"),
        "{}",
        out.stdout()
    );
}

#[test]
fn the_inbox_state() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::new();
    let runtime = env.dir.path().join("run");
    std::fs::create_dir_all(&runtime).expect("mkdir");
    let vars = [("XDG_RUNTIME_DIR", runtime.to_str().expect("utf8"))];
    let out = doctor(&env, &vars);
    out.status(0);
    assert!(
        line(&out, "inbox", "").contains("not running"),
        "{}",
        out.stdout()
    );
    // A socket in a folder others can write is not trusted: a problem.
    let folder = runtime.join("askrisky");
    std::fs::create_dir_all(&folder).expect("mkdir");
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o777)).expect("chmod");
    let _listener =
        std::os::unix::net::UnixListener::bind(folder.join("inbox.sock")).expect("bind");
    let out = doctor(&env, &vars);
    out.status(1);
    let l = line(&out, "inbox", "PROBLEM");
    assert!(l.contains("askrisky does not trust an inbox there"), "{l}");
    assert!(
        l.contains(&format!("fix: remove {}", folder.display())),
        "{l}"
    );
}

#[test]
fn the_askrisky_on_path_must_be_this_one() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::new();
    // Not on PATH at all: the test's own PATH without any folder holding
    // an askrisky (the person running the tests may have installed one).
    let without: Vec<_> = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .filter(|d| !d.join("askrisky").exists())
        .collect();
    let out = env
        .askrisky(["doctor"])
        .env("PATH", std::env::join_paths(without).expect("PATH"))
        .output();
    out.status(1);
    let l = line(&out, "path", "PROBLEM");
    assert!(l.contains("askrisky is not on PATH"), "{l}");
    assert!(l.contains("fix: add "), "{l}");
    // Another askrisky first on PATH.
    let other = env.dir.path().join("other");
    std::fs::create_dir_all(&other).expect("mkdir");
    let fake = other.join("askrisky");
    std::fs::write(&fake, "#!/bin/sh\nexit 0\n").expect("write");
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let mut dirs = vec![other.clone()];
    dirs.extend(std::env::split_paths(&env.self_on_path()));
    let out = env
        .askrisky(["doctor"])
        .env("PATH", std::env::join_paths(dirs).expect("PATH"))
        .output();
    out.status(1);
    let l = line(&out, "path", "PROBLEM");
    assert!(
        l.contains(&format!(
            "the askrisky on PATH is {}",
            fake.canonicalize().expect("real").display()
        )),
        "{l}"
    );
    // This one: fine.
    let out = doctor(&env, &[]);
    out.status(0);
}

#[test]
fn containment_is_reported() {
    let env = Env::new();
    let out = doctor(&env, &[]);
    let l = line(&out, "containment", "");
    match askrisky::contain::kernel::probe() {
        Ok(floor) => {
            assert!(l.contains(&floor) && l.contains("runs contained"), "{l}");
            out.status(0);
        }
        // Missing is a problem only where lines would run contained.
        Err(_) => {
            assert!(l.contains("NOT available"), "{l}");
            assert!(!l.contains("PROBLEM"), "{l}");
            env.config("mode = \"autopilot\"\n");
            let out = doctor(&env, &[]);
            out.status(1);
            assert!(
                line(&out, "containment", "").contains("PROBLEM"),
                "{}",
                out.stdout()
            );
        }
    }
    // Turned off by the person: said, not a problem.
    env.config("[contain]\nenabled = false\n");
    let out = doctor(&env, &[]);
    out.status(0);
    assert!(
        line(&out, "containment", "").contains("off in your config"),
        "{}",
        out.stdout()
    );
}

#[test]
fn a_project_files_warnings_are_shown() {
    let env = Env::new();
    env.project_file("mode = \"autopilot\"\nhost_permissions = \"skip\"\n");
    let out = doctor(&env, &[]);
    out.status(0);
    assert!(
        line(&out, "project", "host_permissions")
            .contains("ignored: only your user config can set it"),
        "{}",
        out.stdout()
    );
    assert!(
        line(&out, "project", "mode").contains("`mode = \"autopilot\"` ignored"),
        "{}",
        out.stdout()
    );
}
