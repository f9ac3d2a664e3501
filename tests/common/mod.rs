//! A small builder for running the real askrisky binary in a scratch home.
#![allow(dead_code)]

pub mod fake_provider;
pub mod tmux;

use std::ffi::OsStr;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// Whether `tool` (a name looked up on PATH, or a path) can be run. When it
/// cannot: with `CI` set the test fails, since a test that skips there passes
/// without having checked anything; elsewhere one `SKIP:` line says so.
#[track_caller]
pub fn have(tool: &str) -> bool {
    if on_path(tool) {
        return true;
    }
    if ci() {
        panic!(
            "{tool} is not installed, and CI is set: install it (.ci/run does), \
             or unset CI to skip the tests that need it"
        );
    }
    // Straight to stderr: the test harness keeps what `eprintln!` prints
    // from a test that passes.
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIP: {tool} is not installed");
    false
}

/// Ends the test early, with one `SKIP:` line, unless every tool is there
/// (see [`have`]).
#[allow(unused_macros)]
macro_rules! require {
    ($($tool:expr),+ $(,)?) => {
        $(
            if !$crate::common::have($tool) {
                return;
            }
        )+
    };
}
#[allow(unused_imports)]
pub(crate) use require;

/// Fails the test when `tool`, which the helpers here cannot do without,
/// is missing.
#[track_caller]
pub fn essential(tool: &str, why: &str) {
    assert!(on_path(tool), "{tool} is not installed: {why}");
}

/// Whether `tool` is an executable file: `tool` itself when it is a path,
/// else the first match in PATH.
pub fn on_path(tool: &str) -> bool {
    let runnable = |p: &Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if tool.contains('/') {
        return runnable(Path::new(tool));
    }
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .any(|dir| runnable(&dir.join(tool)))
}

/// Whether the tests run in CI: `CI` set, and not to `0` or `false`.
fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"))
}

/// A scratch home, config and state folder, and a project folder to run in.
pub struct Env {
    pub dir: tempfile::TempDir,
    pub home: PathBuf,
    pub project: PathBuf,
}

impl Env {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().expect("tempdir");
        let home = dir.path().join("home");
        let project = home.join("project");
        std::fs::create_dir_all(&project).expect("project dir");
        std::fs::create_dir_all(home.join(".config/askrisky")).expect("config dir");
        Self { dir, home, project }
    }

    /// Writes the user config (mode 0600, as askrisky requires).
    pub fn config(&self, toml: &str) -> &Self {
        let path = self.config_path();
        std::fs::write(&path, toml).expect("write config");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        self
    }

    pub fn config_path(&self) -> PathBuf {
        self.home.join(".config/askrisky/config.toml")
    }

    pub fn state_dir(&self) -> PathBuf {
        self.home.join(".local/state/askrisky")
    }

    /// Writes the project's `.askrisky.toml`.
    pub fn project_file(&self, toml: &str) -> &Self {
        std::fs::write(self.project.join(".askrisky.toml"), toml).expect("write project file");
        self
    }

    /// The decision log's records.
    pub fn log(&self) -> Vec<serde_json::Value> {
        std::fs::read_to_string(self.state_dir().join("log.jsonl"))
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str(l).expect("log line is JSON"))
            .collect()
    }

    /// A command running askrisky with these arguments.
    pub fn askrisky<I, S>(&self, args: I) -> Run
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_askrisky"));
        cmd.args(args)
            .current_dir(&self.project)
            .env_clear()
            .env("HOME", &self.home)
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("LANG", "C.UTF-8");
        Run {
            cmd,
            stdin: None,
            detach: true,
        }
    }
}

/// One run of the binary.
pub struct Run {
    pub cmd: Command,
    stdin: Option<Vec<u8>>,
    detach: bool,
}

impl Run {
    pub fn env(mut self, k: &str, v: impl AsRef<OsStr>) -> Self {
        self.cmd.env(k, v);
        self
    }

    pub fn stdin(mut self, bytes: &[u8]) -> Self {
        self.stdin = Some(bytes.to_vec());
        self
    }

    pub fn cwd(mut self, dir: &Path) -> Self {
        self.cmd.current_dir(dir);
        self
    }

    /// Keep the caller's controlling terminal (default: none, so runs are
    /// the same whether or not the tests run in a terminal).
    pub fn attached(mut self) -> Self {
        self.detach = false;
        self
    }

    fn command(self) -> (Command, Option<Vec<u8>>) {
        if !self.detach {
            return (self.cmd, self.stdin);
        }
        // `setsid --wait` gives the run its own session with no controlling
        // terminal, and passes the exit status through.
        essential("setsid", SETSID_WHY);
        (wrapped(&self.cmd, "setsid", &["--wait"]), self.stdin)
    }

    /// The run started through `program ARGS…` (which must exec the
    /// command it is given last), with the same environment and folder.
    pub fn through(mut self, program: &str, args: &[&str]) -> Self {
        self.cmd = wrapped(&self.cmd, program, args);
        self
    }

    pub fn output(self) -> Out {
        let (mut cmd, stdin) = self.command();
        cmd.stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("spawn askrisky");
        if let Some(bytes) = stdin {
            use std::io::Write;
            let mut s = child.stdin.take().expect("stdin");
            let _ = s.write_all(&bytes);
        }
        Out(child.wait_with_output().expect("wait"))
    }

    pub fn spawn(self) -> Child {
        let (mut cmd, _) = self.command();
        cmd.stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        cmd.spawn().expect("spawn askrisky")
    }
}

/// A finished run.
pub struct Out(pub Output);

impl Out {
    pub fn code(&self) -> Option<i32> {
        self.0.status.code()
    }
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.0.stdout).into_owned()
    }
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.0.stderr).into_owned()
    }
    #[track_caller]
    pub fn status(&self, want: i32) -> &Self {
        assert_eq!(
            self.code(),
            Some(want),
            "stdout: {}\nstderr: {}",
            self.stdout(),
            self.stderr()
        );
        self
    }
}

/// Whether this test process ignores `signal` (as askrisky reads it).
pub fn ignored_by_this_process(signal: i32) -> bool {
    askrisky::signals::ignored_at_start().contains(&signal)
}

/// Why the tests need `setsid`.
pub const SETSID_WHY: &str =
    "the tests run askrisky through it, with no terminal (it comes with util-linux)";

/// `program ARGS… CMD CMD-ARGS…` with `cmd`'s environment and folder.
fn wrapped(cmd: &Command, program: &str, args: &[&str]) -> Command {
    let mut outer = Command::new(program);
    outer.args(args).arg(cmd.get_program()).args(cmd.get_args());
    outer.env_clear();
    for (k, v) in cmd.get_envs() {
        if let Some(v) = v {
            outer.env(k, v);
        }
    }
    if let Some(d) = cmd.get_current_dir() {
        outer.current_dir(d);
    }
    outer
}
