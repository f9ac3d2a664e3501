//! The sh/bash shims: what goes through askrisky, what does not, and the
//! rule for the children of an approved command.

use crate::common;

use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Output, Stdio};

use common::Env;
use common::fake_provider::{self as fake, Fake, Reply};

struct Shimmed {
    env: Env,
    dir: std::path::PathBuf,
}

fn setup(config: &str) -> Shimmed {
    let env = Env::new();
    env.config(config);
    let dir = env.home.join("shims");
    env.askrisky(["shims", "install", dir.to_str().expect("utf8")])
        .output()
        .status(0);
    Shimmed { env, dir }
}

impl Shimmed {
    fn path(&self) -> String {
        format!(
            "{}:{}",
            self.dir.display(),
            std::env::var("PATH").unwrap_or_default()
        )
    }

    /// Runs the shim named `shell` with `args`, as an agent would.
    fn run(&self, shell: &str, args: &[&str], stdin: Option<&str>) -> Output {
        common::essential("setsid", common::SETSID_WHY);
        let mut c = Command::new("setsid");
        c.arg("--wait")
            .arg(self.dir.join(shell))
            .args(args)
            .current_dir(&self.env.project)
            .env_clear()
            .env("HOME", &self.env.home)
            .env("PATH", self.path())
            .env("TEST_KEY", "k")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        match stdin {
            Some(text) => {
                c.stdin(Stdio::piped());
                let mut child = c.spawn().expect("spawn");
                use std::io::Write;
                let _ = child
                    .stdin
                    .take()
                    .expect("stdin")
                    .write_all(text.as_bytes());
                child.wait_with_output().expect("wait")
            }
            None => c.stdin(Stdio::null()).output().expect("run"),
        }
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn command_lines_go_through_askrisky_and_keep_their_status() {
    common::require!("bash");
    let s = setup("mode = \"autopilot\"\n");
    let o = s.run("sh", &["-c", "echo hi; exit 3"], None);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stdout(&o), "hi\n");
    let o = s.run("bash", &["-lc", "echo $BASH_VERSION | cut -c1"], None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!stdout(&o).trim().is_empty());
    let o = s.run("bash", &["-i", "-c", "echo interactive-c"], None);
    assert!(
        stdout(&o).contains("interactive-c"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Positional parameters after the line are kept.
    let o = s.run("sh", &["-c", "echo $0 $1", "name", "arg1"], None);
    assert_eq!(stdout(&o), "name arg1\n");
    let log = s.env.log();
    assert_eq!(log.len(), 4, "{log:?}");
    assert!(log.iter().all(|r| r["outcome"] == "ran"));
}

#[test]
fn danger_through_the_shim_is_not_run() {
    common::require!("bash");
    let s = setup("mode = \"autopilot\"\n");
    std::fs::create_dir_all(s.env.project.join("build")).expect("mkdir");
    let o = s.run("bash", &["-c", "rm -rf build"], None);
    assert_eq!(o.status.code(), Some(81));
    assert!(s.env.project.join("build").exists());
}

#[test]
fn scripts_and_interactive_shells_pass_through() {
    common::require!("bash");
    let s = setup("mode = \"ask\"\n");
    std::fs::write(s.env.project.join("script.sh"), "echo from-script\n").expect("write");
    let o = s.run("sh", &["script.sh"], None);
    assert_eq!(stdout(&o), "from-script\n");
    let o = s.run("sh", &[], Some("echo from-stdin\n"));
    assert_eq!(stdout(&o), "from-stdin\n");
    let o = s.run("bash", &["-o", "pipefail", "script.sh"], None);
    assert_eq!(stdout(&o), "from-script\n");
    assert!(s.env.log().is_empty(), "askrisky was involved");
}

#[test]
fn the_shim_never_runs_itself() {
    let s = setup("mode = \"autopilot\"\n");
    // `sh` inside resolves to the shim again; each level reaches the real shell.
    let o = s.run("sh", &["-c", "sh -c 'sh -c \"echo deep\"'"], None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(stdout(&o), "deep\n");
}

#[test]
fn signals_reach_the_shell() {
    let s = setup("mode = \"autopilot\"\n");
    let o = s.run("sh", &["-c", "kill -TERM $$"], None);
    assert_eq!(o.status.signal(), Some(15), "{:?}", o.status);
}

#[test]
fn children_of_an_approved_command_are_not_asked_again() {
    // One scripted "low" review; a second request would fail (and ask).
    let f = Fake::start(vec![fake::openai(
        "low",
        "implied",
        false,
        "Creates files.",
    )]);
    // Uncontained: a contained command's children cannot write askrisky's
    // log nor check the nesting token (see docs/containment.md, its
    // limits); this test is about nesting itself.
    let s = setup(&(fake::review_config("openai", &f.base, 5) + "\n[contain]\nenabled = false\n"));
    // The danger is in a program the approved line runs, out of the
    // reviewer's sight (askrisky reads the scripts a line runs, not what a
    // compiled program does): it comes back through the shim as a child.
    common::require!("cc");
    std::fs::create_dir_all(s.env.project.join("sub")).expect("mkdir");
    std::fs::write(
        s.env.project.join("inner.c"),
        "#include <stdlib.h>\nint main(void) { return system(\"sh -c 'rm -rf sub'\"); }\n",
    )
    .expect("write");
    let built = std::process::Command::new("cc")
        .args(["-o", "inner", "inner.c"])
        .current_dir(&s.env.project)
        .status()
        .is_ok_and(|st| st.success());
    assert!(built, "cc -o inner inner.c");
    let o = s.run("sh", &["-c", "sh -c 'touch child' && ./inner"], None);
    // The child `touch` ran without a review; the child `rm -rf` is in the
    // danger set and still needs a person (none here): not run.
    assert!(
        s.env.project.join("child").exists(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(f.requests().len(), 1);
    let log = s.env.log();
    assert_eq!(log.len(), 3, "{log:#?}");
    assert_eq!(log[1]["mode_source"], "inside an approved command");
    assert_eq!(log[1]["outcome"], "ran");
    assert_eq!(log[2]["outcome"], "not_run");
    assert_eq!(log[2]["rules"][0], "delete.recursive");
    assert!(s.env.project.join("sub").exists());
}

#[test]
fn a_token_outside_the_approved_tree_counts_for_nothing() {
    let f = Fake::start(vec![
        fake::openai("low", "implied", false, "Prints the token."),
        Reply::Json(500, "{}".into()),
    ]);
    let s = setup(&fake::review_config("openai", &f.base, 5));
    // An approved command leaks its token...
    let o = s.run("sh", &["-c", "echo $ASKRISKY_NESTED"], None);
    let token = stdout(&o).trim().to_owned();
    assert_eq!(token.len(), 32, "{}", String::from_utf8_lossy(&o.stderr));
    // ...and a later command outside that process tree presents it.
    let marker = s.env.project.join("forged");
    let out = s
        .env
        .askrisky(["exec", "--", "touch", marker.to_str().expect("utf8")])
        .env("ASKRISKY_NESTED", &token)
        .env("TEST_KEY", "k")
        .output();
    out.status(81);
    assert!(!marker.exists());
    assert_eq!(
        f.requests().len(),
        2,
        "the forged child was reviewed as usual"
    );
}

/// The zsh shim, for harnesses whose `$SHELL` is zsh: a clear line runs
/// (read with zsh's grammar, so zsh's own syntax is clear too), a line in
/// the danger set with no terminal is not run.
#[test]
fn the_zsh_shim_guards_zsh_lines() {
    common::require!("zsh");
    let s = setup("mode = \"autopilot\"\n");
    assert!(s.dir.join("zsh").exists(), "no zsh shim written");
    let o = s.run(
        "zsh",
        &["-c", "echo ${ZSH_VERSION%%.*} | tr -d 0-9; echo hi"],
        None,
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(stdout(&o), "\nhi\n");
    // zsh's own syntax: a parameter flag.
    let o = s.run("zsh", &["-c", "x=(a b); echo ${(j:,:)x}"], None);
    assert_eq!(
        stdout(&o),
        "a,b\n",
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::create_dir_all(s.env.project.join("build")).expect("mkdir");
    let o = s.run("zsh", &["-c", "rm -rf build"], None);
    assert_eq!(o.status.code(), Some(81));
    assert!(s.env.project.join("build").exists());
    let log = s.env.log();
    assert_eq!(log.len(), 3, "{log:#?}");
    assert_eq!(log[1]["outcome"], "ran");
    assert_eq!(log[2]["outcome"], "not_run");
    assert_eq!(log[2]["rules"][0], "delete.recursive");
}

/// As aider runs it: `$SHELL -i -c LINE` by the shim's absolute path, the
/// shims' folder not on PATH.
#[test]
fn a_shell_variable_pointing_at_the_shim_is_enough() {
    common::require!("zsh", "bash");
    common::essential("setsid", common::SETSID_WHY);
    let s = setup("mode = \"autopilot\"\n");
    std::fs::create_dir_all(s.env.project.join("build")).expect("mkdir");
    for shell in ["zsh", "bash"] {
        let run = |line: &str| {
            Command::new("setsid")
                .arg("--wait")
                .arg(s.dir.join(shell))
                .args(["-i", "-c", line])
                .current_dir(&s.env.project)
                .env_clear()
                .env("HOME", &s.env.home)
                .env("PATH", std::env::var("PATH").unwrap_or_default())
                .env("SHELL", s.dir.join(shell))
                .stdin(Stdio::null())
                .output()
                .expect("run")
        };
        let o = run("echo clear");
        assert_eq!(
            stdout(&o).trim_end(),
            "clear",
            "{shell}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let o = run("rm -rf build");
        assert_eq!(o.status.code(), Some(81), "{shell}");
        assert!(s.env.project.join("build").exists());
    }
    let log = s.env.log();
    assert_eq!(log.len(), 4, "{log:#?}");
}

/// An option that takes a value at the end of a cluster (`-xo pipefail`)
/// does not hide the `-c` after it.
#[test]
fn a_c_after_an_option_cluster_is_seen() {
    common::require!("bash", "zsh");
    let s = setup("mode = \"autopilot\"\n");
    std::fs::create_dir_all(s.env.project.join("build")).expect("mkdir");
    for (shell, args) in [
        ("bash", &["-xo", "pipefail", "-c", "rm -rf build"][..]),
        ("zsh", &["-xo", "cshnullglob", "-c", "rm -rf build"]),
        ("zsh", &["--emulate", "sh", "-c", "rm -rf build"]),
    ] {
        let o = s.run(shell, args, None);
        assert_eq!(o.status.code(), Some(81), "{shell} {args:?}");
        assert!(s.env.project.join("build").exists(), "{shell} {args:?}");
    }
}

/// `doctor` says when SHELL is not the shim while shims are installed, and
/// how to fix it; and that it is fine when it is.
#[test]
fn doctor_says_when_shell_is_not_the_shim() {
    let s = setup("mode = \"autopilot\"\n");
    let shell_line = |shell: &std::path::Path| {
        let out = s.env.askrisky(["doctor"]).env("SHELL", shell).output();
        out.stdout()
            .lines()
            .find(|l| l.starts_with("shims "))
            .map(str::to_owned)
            .unwrap_or_default()
    };
    let line = shell_line(std::path::Path::new("/bin/bash"));
    let dir = std::fs::canonicalize(&s.dir).expect("canonical");
    assert!(
        line.contains("SHELL=/bin/bash is not askrisky's shim")
            && line.contains(&format!("SHELL={}", dir.join("bash").display())),
        "{line}"
    );
    let line = shell_line(&s.dir.join("bash"));
    assert!(line.contains("SHELL is askrisky's shim"), "{line}");
    // No shims: nothing said.
    let env = Env::new();
    let out = env.askrisky(["doctor"]).env("SHELL", "/bin/bash").output();
    assert!(!out.stdout().contains("\nshims "), "{}", out.stdout());
}
