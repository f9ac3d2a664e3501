//! What askrisky's integration tests share: a small builder for running
//! the real binary in a scratch home, a fake reviewer provider on
//! loopback, tmux driving, and the corpus files' format.
#![allow(clippy::disallowed_methods, clippy::unwrap_used, clippy::expect_used)] // test code: plain files, and a failure is a panic

pub mod fake_provider;
pub mod tmux;
pub mod tsv;

use std::ffi::OsStr;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long a test waits for something that should happen before it fails.
pub const DEADLINE: Duration = Duration::from_secs(30);

/// Calls `ready` every few milliseconds until it gives a value. After
/// [`DEADLINE`] the test fails with `never()`, which says what did not happen.
#[track_caller]
pub fn wait_until<T>(mut ready: impl FnMut() -> Option<T>, never: impl FnOnce() -> String) -> T {
    let deadline = Instant::now() + DEADLINE;
    loop {
        if let Some(value) = ready() {
            return value;
        }
        if Instant::now() > deadline {
            panic!("{}", never());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

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
#[macro_export]
macro_rules! require {
    ($($tool:expr),+ $(,)?) => {
        $(
            if !$crate::have($tool) {
                return;
            }
        )+
    };
}

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

/// The askrisky binary cargo built for these tests: beside the folder of
/// the test binary (`target/<profile>/deps/…` → `target/<profile>/askrisky`).
pub fn bin() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let bin = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test binary is in target/<profile>/deps")
        .join("askrisky");
    assert!(bin.is_file(), "askrisky is not built at {}", bin.display());
    bin
}

/// A scratch home, config and state folder, and a project folder to run in.
pub struct Env {
    pub dir: tempfile::TempDir,
    pub home: PathBuf,
    pub project: PathBuf,
}

impl Default for Env {
    fn default() -> Self {
        Self::new()
    }
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

    /// A PATH with this askrisky binary first on it (as `askrisky`, a
    /// link in the scratch folder), then the test's own PATH.
    pub fn self_on_path(&self) -> std::ffi::OsString {
        let bin = self.dir.path().join("bin");
        let link = bin.join("askrisky");
        if !link.exists() {
            std::fs::create_dir_all(&bin).expect("bin dir");
            std::os::unix::fs::symlink(crate::bin(), &link).expect("link");
        }
        let mut dirs = vec![bin];
        dirs.extend(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        ));
        std::env::join_paths(dirs).expect("PATH")
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
        let mut cmd = Command::new(bin());
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

/// Why the tests need `setsid`.
pub const SETSID_WHY: &str =
    "the tests run askrisky through it, with no terminal (it comes with util-linux)";

/// Process `pid`'s state letter (`R`, `S`, `Z`…); `None` once it is gone.
pub fn process_state(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The name in parentheses may hold spaces and parentheses itself.
    stat.rsplit_once(')')?.1.trim_start().chars().next()
}

/// Waits until process `pid` has ended: gone, or a zombie nobody has
/// reaped yet (its parent may have died with it).
#[track_caller]
pub fn wait_ended(pid: u32) {
    wait_until(
        || (!matches!(process_state(pid), Some(s) if s != 'Z')).then_some(()),
        || format!("process {pid} never ended"),
    );
}

/// Waits for a process whose `argv[0]` is `program` and whose folder is
/// `cwd`, and returns its pid.
#[track_caller]
pub fn wait_process(program: &str, cwd: &Path) -> u32 {
    let cwd = cwd.canonicalize().expect("canonical folder");
    wait_until(
        || find_process(program, &cwd),
        || format!("no process {program} started in {}", cwd.display()),
    )
}

fn find_process(program: &str, cwd: &Path) -> Option<u32> {
    std::fs::read_dir("/proc")
        .ok()?
        .flatten()
        .find_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            let argv0 = cmdline.split(|&b| b == 0).next()?;
            let here = std::fs::read_link(entry.path().join("cwd")).ok()?;
            (argv0 == program.as_bytes() && here == cwd).then_some(pid)
        })
}

/// Whether process `pid` ignores `signal` (`SigIgn` in its status). The
/// kernel drops a signal the process ignores as it is sent: nothing later
/// can show that it was not acted on, so this is what tests check.
pub fn ignores(pid: u32, signal: i32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let mask = status
        .lines()
        .find_map(|l| l.strip_prefix("SigIgn:"))
        .and_then(|hex| u64::from_str_radix(hex.trim(), 16).ok())
        .unwrap_or_else(|| panic!("no SigIgn for process {pid}:\n{status}"));
    mask & (1 << (signal - 1)) != 0
}

/// Bytes process `pid` has read so far, from any file (`rchar`); `None`
/// once it is gone.
pub fn bytes_read(pid: u32) -> Option<u64> {
    let io = std::fs::read_to_string(format!("/proc/{pid}/io")).ok()?;
    let n = io
        .lines()
        .find_map(|l| l.strip_prefix("rchar:"))
        .and_then(|n| n.trim().parse().ok());
    Some(n.unwrap_or_else(|| panic!("no rchar for process {pid}:\n{io}")))
}

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
