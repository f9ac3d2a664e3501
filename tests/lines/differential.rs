//! Differential execution: what dash, bash and zsh really run, against
//! what askrisky says a line runs.
//!
//! Each line askrisky calls clear under a shell is run by that shell in a
//! sandbox (bubblewrap: the whole filesystem read-only, a fresh tmpfs for
//! home and the project, no network, its own process tree, no
//! capabilities) where every program name on PATH, and in `/usr/bin` and
//! `/usr/sbin`, is a stub that only writes down its argv. The shells
//! themselves (`sh`, `bash`, `dash`, `zsh`) write down their argv and then
//! run the real shell, so code handed to them is run too. Every program a
//! shell started must be one askrisky reported for that line, with the
//! same arguments where askrisky knew them: a program it did not report
//! is a command hidden from askrisky by the shell's grammar.
//!
//! `bypass_corpus_runs_only_what_askrisky_reports` runs the whole bypass
//! corpus under each shell (in CI). `generated_lines` builds lines from the
//! grammar's tricky corners for as long as `ASKRISKY_DIFF_SECONDS` says
//! (`scripts/differential.sh`); it is ignored by default.

use crate::common;
use crate::common::tsv;
use tsv::unescape;

use serde_json::json;
use std::collections::HashSet;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use askrisky::danger::{Place, Tier, assess};
use askrisky::parse::disk::Disk;
use askrisky::parse::{Script, Syntax, parse_as, parse_on, programs};

const BYPASS: &str = include_str!("../corpus/bypass.tsv");

/// How long one line may run before its sandbox is killed.
const LINE_TIMEOUT: Duration = Duration::from_secs(5);

/// The shells compared, as run and as askrisky reads them.
const SHELLS: &[(&str, Syntax)] = &[
    ("dash", Syntax::Dash),
    ("bash", Syntax::Bash),
    ("zsh", Syntax::Zsh),
];

/// Programs stubbed even when this machine does not have them.
const EXTRA_NAMES: &[&str] = &[
    "python",
    "python3",
    "node",
    "npm",
    "npx",
    "pnpm",
    "yarn",
    "bun",
    "deno",
    "cargo",
    "rustc",
    "git",
    "make",
    "curl",
    "wget",
    "sudo",
    "doas",
    "docker",
    "kubectl",
    "ssh",
    "scp",
    "rsync",
    "gh",
    "terraform",
    "helm",
    "aws",
    "gcloud",
    "brew",
    "pip",
    "pip3",
    "uv",
    "go",
    "java",
    "ruby",
    "perl",
    "php",
    "mkfs",
    "fdisk",
    "dd",
    "shred",
    "probe",
    "hidden",
];

/// Shells that log and then run the real one.
const REAL_SHELLS: &[(&str, &str)] = &[
    ("sh", "dash"),
    ("dash", "dash"),
    ("bash", "bash"),
    ("rbash", "bash"),
    ("zsh", "zsh"),
];

/// Everything a run needs: the stub folder and where the real tools are.
struct Sandbox {
    _dir: tempfile::TempDir,
    stubs: PathBuf,
    root: PathBuf,
}

fn real(name: &str) -> PathBuf {
    ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]
        .iter()
        .map(|d| Path::new(d).join(name))
        .find(|p| p.exists())
        .unwrap_or_else(|| PathBuf::from(format!("/usr/bin/{name}")))
}

impl Sandbox {
    fn new(extra: &HashSet<String>) -> Self {
        let dir = tempfile::tempdir().expect("tempdir");
        let stubs = dir.path().join("stubs");
        std::fs::create_dir_all(&stubs).expect("stubs");
        let stub = dir.path().join("stub");
        // One write, in the stub's own process: the name it was run as and
        // each argument, NUL-separated, in a file named by its pid.
        std::fs::write(
            &stub,
            "#!/tmp/real/dash\nprintf '%s\\0' \"${0##*/}\" \"$@\" > \"/tmp/log/$$.${0##*/}\"\nexit 0\n",
        )
        .expect("stub");
        std::fs::set_permissions(&stub, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let mut names: HashSet<String> = HashSet::new();
        for d in ["/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin"] {
            if let Ok(entries) = std::fs::read_dir(d) {
                names.extend(
                    entries
                        .flatten()
                        .filter_map(|e| e.file_name().into_string().ok()),
                );
            }
        }
        names.extend(EXTRA_NAMES.iter().map(|s| (*s).to_owned()));
        // Not a script a line writes and sources by name: bash's `source
        // x.sh` looks on PATH first, and would source the stub instead.
        names.extend(extra.iter().filter(|n| !n.ends_with(".sh")).cloned());
        for name in &names {
            if name.is_empty() || name.contains('/') || name == "." || name == ".." {
                continue;
            }
            let path = stubs.join(name);
            if let Some((_, shell)) = REAL_SHELLS.iter().find(|(n, _)| n == name) {
                std::fs::write(
                    &path,
                    format!(
                        "#!/tmp/real/dash\nprintf '%s\\0' \"${{0##*/}}\" \"$@\" > \"/tmp/log/$$.${{0##*/}}\"\nexec /tmp/real/{shell} \"$@\"\n"
                    ),
                )
                .expect("shell stub");
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
                    .expect("chmod");
            } else {
                // A hard link: the stub's own path is hidden in the sandbox.
                let _ = std::fs::hard_link(&stub, &path);
            }
        }
        let root = dir.path().join("runs");
        std::fs::create_dir_all(&root).expect("runs");
        Self {
            _dir: dir,
            stubs,
            root,
        }
    }

    /// Runs `line` with `shell -c` in a fresh sandbox; returns the argv of
    /// every program started, or `None` when it ran past the timeout.
    fn run(&self, shell: &str, line: &str, id: usize) -> Option<Vec<Vec<String>>> {
        let work = self.root.join(format!("{shell}-{id}"));
        let home = work.join("w/home");
        let log = work.join("log");
        std::fs::create_dir_all(home.join("project")).expect("home");
        std::fs::create_dir_all(&log).expect("log");
        let mut cmd = Command::new("bwrap");
        cmd.args(["--ro-bind", "/", "/"])
            .args(["--tmpfs", "/tmp"])
            .args(["--dev", "/dev", "--proc", "/proc"]);
        for (_, s) in REAL_SHELLS {
            let r = real(s);
            cmd.arg("--ro-bind").arg(&r).arg(format!("/tmp/real/{s}"));
        }
        for d in ["/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin"] {
            if Path::new(d).is_dir() {
                cmd.arg("--ro-bind").arg(&self.stubs).arg(d);
            }
        }
        // The system's startup files are the person's, not the line's
        // (Debian's /etc/profile runs `id`).
        for f in [
            "/etc/profile",
            "/etc/bash.bashrc",
            "/etc/zsh/zshenv",
            "/etc/zsh/zprofile",
            "/etc/zsh/zshrc",
            "/etc/zsh/zlogin",
        ] {
            if Path::new(f).exists() {
                cmd.args(["--ro-bind", "/dev/null", f]);
            }
        }
        if Path::new("/etc/profile.d").is_dir() {
            cmd.args(["--tmpfs", "/etc/profile.d"]);
        }
        cmd.arg("--bind")
            .arg(work.join("w"))
            .arg("/tmp/w")
            .arg("--bind")
            .arg(&log)
            .arg("/tmp/log")
            .args(["--unshare-all", "--die-with-parent", "--new-session"])
            .args(["--cap-drop", "ALL", "--clearenv"])
            .args([
                "--setenv",
                "PATH",
                "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
            ])
            .args(["--setenv", "HOME", "/tmp/w/home"])
            .args(["--setenv", "LANG", "C"])
            .args(["--chdir", "/tmp/w/home/project"])
            .arg(format!("/tmp/real/{shell}"))
            .arg("-c")
            .arg(line)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let mut child = cmd.spawn().expect("bwrap runs");
        let pid = child.id();
        let (tx, rx) = mpsc::channel();
        let waiter = std::thread::spawn(move || {
            let _ = tx.send(child.wait());
        });
        let finished = rx.recv_timeout(LINE_TIMEOUT).is_ok();
        if !finished {
            // The whole sandbox goes with bwrap (--die-with-parent).
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
            let _ = rx.recv();
        }
        let _ = waiter.join();
        let mut runs = Vec::new();
        for e in std::fs::read_dir(&log).expect("log").flatten() {
            let bytes = std::fs::read(e.path()).unwrap_or_default();
            let argv: Vec<String> = bytes
                .split(|&b| b == 0)
                .map(|p| String::from_utf8_lossy(p).into_owned())
                .collect();
            let mut argv = argv;
            if argv.last().is_some_and(String::is_empty) {
                argv.pop();
            }
            if !argv.is_empty() {
                runs.push(argv);
            }
        }
        let _ = std::fs::remove_dir_all(&work);
        finished.then_some(runs)
    }
}

/// What askrisky says of a line read as `syntax`, as a decision does:
/// scripts the line runs are looked for on disk (in the example place,
/// which does not exist here, so they are unknown and ask).
fn judge(line: &str, syntax: Syntax) -> (Script, Tier) {
    let place = Place::example();
    let disk = Disk::new(
        place.cwd.clone(),
        place.home.clone(),
        Some(std::ffi::OsStr::new("/usr/local/bin:/usr/bin:/bin")),
        std::time::SystemTime::now(),
    );
    let script = parse_on(line, syntax, disk);
    let tier = assess(&script, &Place::example(), &[]).tier;
    (script, tier)
}

/// The home folders of this machine's users, for `~user` words.
fn homes() -> Vec<(String, String)> {
    std::fs::read_to_string("/etc/passwd")
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (f.len() >= 7 && f[5].len() > 1).then(|| (f[0].to_owned(), f[5].to_owned()))
        })
        .collect()
}

/// A word as askrisky shows it (`~` for home, `~user` for a user's), with
/// users' home folders written out as the shell does.
fn as_run(value: &str, homes: &[(String, String)]) -> String {
    let mut value = value.to_owned();
    if let Some(rest) = value.strip_prefix('~') {
        let name_len = rest.find('/').unwrap_or(rest.len());
        let (user, tail) = rest.split_at(name_len);
        if let Some((_, home)) = homes.iter().find(|(u, _)| u == user) {
            value = format!("{home}{tail}");
        }
    }
    // A program's path (zsh's `=name`): where on PATH is the machine's.
    for dir in [
        "/usr/local/bin/",
        "/usr/local/sbin/",
        "/usr/sbin/",
        "/bin/",
        "/sbin/",
    ] {
        if let Some(name) = value.strip_prefix(dir)
            && !name.contains('/')
        {
            return format!("/usr/bin/{name}");
        }
    }
    value
}

/// The folder the line runs in, `~/project`, written `.` as askrisky
/// writes `$PWD`.
fn as_cwd(arg: &str) -> String {
    match arg.strip_prefix("~/project") {
        Some(rest) if rest.is_empty() || rest.starts_with(['/', ':']) => format!(".{rest}"),
        _ => arg.to_owned(),
    }
}

/// Why a program the shell started is not one askrisky reported, if so.
fn unreported(script: &Script, argv: &[String]) -> Option<String> {
    let name = programs::program_name(&argv[0]);
    let args: Vec<String> = argv[1..]
        .iter()
        .map(|a| as_cwd(&a.replace("/tmp/w/home", "~").replace("/home/user", "~")))
        .collect();
    let same_name: Vec<_> = script
        .commands
        .iter()
        .filter(|c| c.name().as_deref() == Some(name.as_str()))
        .collect();
    if same_name.is_empty() {
        // A shell given a program's file as its script (`sh -p /bin/rm`):
        // the stub is a script, which the real program is not, so running
        // it here logs the program's name.
        let shell_ran_the_file = script.commands.iter().any(|c| {
            c.name().is_some_and(|n| programs::is_shell(&n))
                && c.args()
                    .iter()
                    .any(|w| w.value.contains('/') && programs::program_name(&w.value) == name)
        });
        if shell_ran_the_file {
            return None;
        }
        return Some(format!("{name} was run, and askrisky did not see it"));
    }
    let homes = homes();
    let matches = same_name.iter().any(|c| {
        let known = c.argv.iter().all(|w| w.literal && !w.glob);
        // dash expands no braces: its `{a,b}` is the word as written,
        // where askrisky (bash's reading) sees both words.
        let unexpanded = args.iter().any(|a| a.contains('{'));
        !known
            || unexpanded
            || c.args()
                .iter()
                .map(|w| as_cwd(&as_run(&w.value.replace("/home/user", "~"), &homes)))
                .eq(args.iter().map(|a| as_run(a, &homes)))
    });
    (!matches).then(|| {
        format!(
            "{name} was run with {args:?}; askrisky saw it only as {:?}",
            same_name.iter().map(|c| c.display()).collect::<Vec<_>>()
        )
    })
}

/// A line and what went wrong with it under one shell.
#[derive(Debug)]
struct Finding {
    shell: &'static str,
    line: String,
    why: String,
}

/// Runs every line askrisky calls clear under each shell, two at a time;
/// returns how many runs were made and what was found.
fn compare(sandbox: &Sandbox, lines: &[String], only: Option<&str>) -> (usize, Vec<Finding>) {
    let mut jobs = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        for &(shell, syntax) in SHELLS.iter().filter(|(s, _)| only.is_none_or(|o| o == *s)) {
            let (script, tier) = judge(line, syntax);
            if tier == Tier::Clear {
                jobs.push((i, shell, line.clone(), script));
            }
        }
    }
    let workers = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
        .clamp(1, 4);
    let queue = std::sync::Mutex::new(jobs.into_iter());
    let runs = std::sync::atomic::AtomicUsize::new(0);
    let findings = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let job = queue.lock().expect("queue").next();
                    let Some((i, shell, line, script)) = job else {
                        break;
                    };
                    runs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(started) = sandbox.run(shell, &line, i) else {
                        // A line still running after the timeout (a loop)
                        // is compared on what it started so far: nothing
                        // is lost by ignoring it here, and the generator's
                        // lines are short.
                        continue;
                    };
                    for argv in started {
                        if let Some(why) = unreported(&script, &argv) {
                            findings.lock().expect("findings").push(Finding {
                                shell,
                                line: line.clone(),
                                why,
                            });
                        }
                    }
                }
            });
        }
    });
    (runs.into_inner(), findings.into_inner().expect("findings"))
}

/// The corpus's commands, unescaped as `tests/lines/corpus.rs` does.
fn corpus_lines() -> Vec<String> {
    BYPASS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split('\t').next())
        .map(unescape)
        .collect()
}

/// Every program name askrisky reports for these lines, so each has a stub.
fn reported_names(lines: &[String]) -> HashSet<String> {
    let mut names = HashSet::new();
    for line in lines {
        for &(_, syntax) in SHELLS {
            for c in &parse_as(line, syntax).commands {
                names.extend(c.name().map(std::borrow::Cow::into_owned));
            }
        }
    }
    names
}

fn tools_present() -> bool {
    common::have("dash") && common::have("bash") && common::have("zsh") && common::have("bwrap")
}

#[test]
fn the_sandbox_cannot_write_outside_its_folder() {
    if !tools_present() {
        return;
    }
    let sandbox = Sandbox::new(&HashSet::new());
    let probe = format!("/var/tmp/askrisky-differential-{}", std::process::id());
    let line = format!(
        "echo x > {probe}; echo x > /etc/askrisky-probe; : > /root/askrisky-probe; \
         echo ok > /tmp/w/home/ok && probe wrote"
    );
    let started = sandbox.run("bash", &line, 0).expect("finishes");
    assert!(!Path::new(&probe).exists(), "the sandbox wrote {probe}");
    assert!(!Path::new("/etc/askrisky-probe").exists());
    assert!(!Path::new("/root/askrisky-probe").exists());
    // Inside its folder it may write, and stubs report what they are run
    // with (and nothing else runs: `rm` is a stub).
    assert_eq!(started, vec![vec!["probe".to_owned(), "wrote".to_owned()]]);
    let started = sandbox
        .run("dash", "rm -rf / ; sh -c 'ls -la'", 1)
        .expect("finishes");
    let mut names: Vec<&str> = started.iter().map(|a| a[0].as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["ls", "rm", "sh"]);
}

#[test]
fn bypass_corpus_runs_only_what_askrisky_reports() {
    if !tools_present() {
        return;
    }
    let lines = corpus_lines();
    assert!(lines.len() > 1000, "the corpus has {} lines", lines.len());
    let sandbox = Sandbox::new(&reported_names(&lines));
    let started = Instant::now();
    let (runs, findings) = compare(&sandbox, &lines, None);
    println!(
        "differential: {} lines, {runs} runs of lines askrisky calls clear (dash, bash, zsh), {} findings, {:.1} s",
        lines.len(),
        findings.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(runs > 300, "only {runs} runs");
    assert!(
        findings.is_empty(),
        "{} programs ran that askrisky did not report:\n{}",
        findings.len(),
        findings
            .iter()
            .map(|f| format!("  {}: {:?}: {}", f.shell, f.line, f.why))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Pieces of the grammars' tricky corners, put together at random.
const PIECES: &[&str] = &[
    "$'",
    "$\"",
    "'",
    "\"",
    "\\",
    "`",
    "$(",
    "${",
    "$((",
    "((",
    "))",
    "(",
    ")",
    "[[",
    "]]",
    "{",
    "}",
    ";",
    "&&",
    "||",
    "|",
    "&",
    "\n",
    "#",
    " ",
    " ",
    " ",
    "<<<",
    "<<E\n",
    "\nE\n",
    "&>",
    "|&",
    ";&",
    ";;",
    "<(",
    ">(",
    "=(",
    "=",
    "-",
    "noglob ",
    "nocorrect ",
    "repeat 1 ",
    "function f ",
    "f() ",
    "case x in x) ",
    " esac",
    "if true; then ",
    "; fi",
    "for x in 1; do ",
    "; done",
    "let ",
    "declare ",
    "a[",
    "]",
    "@P}",
    "${!",
    "alias x=",
    "x ",
    "eval ",
    "trap -- ",
    " EXIT",
    "exec 3<<< ",
    ". /dev/fd/3",
    "echo -e ",
    "printf ",
    " | sh",
    "bash -c ",
    "sh -c ",
    "zsh -c ",
    "\\x72m",
    "\\162m",
    "\\'",
    "\\\"",
    "!",
    "$x",
    "IFS=",
    "export ",
    "hash -p /usr/bin/probe ls;",
    "BASH_CMDS[ls]=probe;",
    "PS4=",
    "set -x;",
    "mapfile -C ",
    " 2>&1",
    ">",
    "<",
    "$[",
    "=probe",
    "- probe",
    "always",
    "emulate sh -c ",
    // Comments right after words of every kind, process substitutions
    // first.
    "#",
    " #",
    "<(true)#",
    ">(true)#",
    "$(true)#",
    "'a'#",
    // Here-doc delimiters: quoted, escaped, continued.
    "<<EOF\n",
    "<<'EOF'\n",
    "<<\"EO\"F\n",
    "<<E\\OF\n",
    "<<EO\\\nF\n",
    "\nEOF\n",
    "\nEOF",
    // Builtins and variables that store or run code.
    "compgen -C ",
    "complete -C ",
    "history -s ",
    "; fc -s",
    "env 'BASH_FUNC_ls%%=() { ",
    "; }' bash -c ls",
    "functions[x]=",
    "aliases[ls]=",
    "commands[ls]=/usr/bin/probe;",
    "print -P ",
    "setopt prompt_subst;",
    "${(e)x}",
    "sched +0 ",
    "zsh -i -c ",
    "rzsh -c ",
    "zsh5 -c ",
];

/// Payloads: a stub whose running must be seen.
const PAYLOADS: &[&str] = &[
    "probe",
    "hidden x",
    "rm -rf ~",
    "probe $'a'",
    "hidden 'b c'",
];

/// A small deterministic generator (xorshift), so a run can be repeated
/// from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[(self.next() % from.len() as u64) as usize]
    }
}

/// A line from pieces and a payload, or a corpus line with a piece or a
/// payload put somewhere in it (most pieces alone make lines no shell
/// parses; corpus lines are mostly well formed).
fn generate(rng: &mut Rng, corpus: &[String]) -> String {
    if rng.next().is_multiple_of(2) && !corpus.is_empty() {
        let base = &corpus[(rng.next() % corpus.len() as u64) as usize];
        let mut line = base.clone();
        for _ in 0..1 + rng.next() % 2 {
            let at = (rng.next() % (line.len() as u64 + 1)) as usize;
            let at = (0..=at)
                .rev()
                .find(|&i| line.is_char_boundary(i))
                .unwrap_or(0);
            let insert = if rng.next().is_multiple_of(2) {
                rng.pick(PIECES)
            } else {
                rng.pick(PAYLOADS)
            };
            line.insert_str(at, insert);
        }
        return line;
    }
    let mut line = String::new();
    let pieces = 2 + rng.next() % 7;
    let payload_at = rng.next() % (pieces + 1);
    for i in 0..=pieces {
        if i == payload_at {
            line.push_str(rng.pick(PAYLOADS));
        } else {
            line.push_str(rng.pick(PIECES));
        }
        if rng.next().is_multiple_of(3) {
            line.push(' ');
        }
    }
    line
}

/// `ASKRISKY_DIFF_SECONDS` (default 60) and `ASKRISKY_DIFF_SEED`.
fn run_length_and_seed() -> (u64, u64) {
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    (
        number("ASKRISKY_DIFF_SECONDS", 60),
        number("ASKRISKY_DIFF_SEED", 0x5eed_cafe_f00d),
    )
}

/// Runs generated lines under one shell (`ASKRISKY_DIFF_SHELL`, default all)
/// for `ASKRISKY_DIFF_SECONDS`; findings are written to
/// `ASKRISKY_DIFF_OUT` (default `target/differential-findings.txt`).
#[test]
#[ignore = "long: run by scripts/differential.sh"]
fn generated_lines() {
    if !tools_present() {
        return;
    }
    let (seconds, seed) = run_length_and_seed();
    let only = std::env::var("ASKRISKY_DIFF_SHELL").ok();
    let out = std::env::var("ASKRISKY_DIFF_OUT")
        .unwrap_or_else(|_| "target/differential-findings.txt".into());
    let mut rng = Rng(seed | 1);
    let corpus = corpus_lines();
    let sandbox = Sandbox::new(&reported_names(&corpus));
    // `ASKRISKY_DIFF_REPLAY=FILE`: the lines of an earlier run's findings
    // again, each under its shell, instead of new ones.
    if let Ok(file) = std::env::var("ASKRISKY_DIFF_REPLAY") {
        let text = std::fs::read_to_string(&file).expect("findings file");
        let mut left = Vec::new();
        for row in text.lines().filter(|l| !l.is_empty()) {
            let mut f = row.splitn(3, '\t');
            let (Some(shell), Some(line)) = (f.next(), f.next()) else {
                continue;
            };
            let line: String = serde_json::from_str(line).expect("a JSON string");
            let (_, found) = compare(&sandbox, std::slice::from_ref(&line), Some(shell));
            left.extend(found);
        }
        for f in &left {
            println!("{}\t{}\t{}", f.shell, json!(f.line), f.why);
        }
        assert!(left.is_empty(), "{} findings left", left.len());
        return;
    }
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let (mut lines_total, mut runs_total) = (0usize, 0usize);
    let mut all = Vec::new();
    let mut seen = HashSet::new();
    while Instant::now() < deadline {
        let batch: Vec<String> = (0..64)
            .map(|_| generate(&mut rng, &corpus))
            .filter(|l| seen.insert(l.clone()))
            .collect();
        lines_total += batch.len();
        let (runs, findings) = compare(&sandbox, &batch, only.as_deref());
        runs_total += runs;
        all.extend(findings);
    }
    let report: Vec<String> = all
        .iter()
        .map(|f| format!("{}\t{}\t{}", f.shell, json!(f.line), f.why))
        .collect();
    let _ = std::fs::write(&out, report.join("\n") + "\n");
    println!(
        "differential (generated): seed {seed}, {lines_total} lines, {runs_total} runs of lines askrisky calls clear, {} findings (in {out})",
        all.len()
    );
    assert!(all.is_empty(), "{} findings, see {out}", all.len());
}

/// The generator's lines judged only, without running them, for
/// `ASKRISKY_DIFF_SECONDS`: a line whose reading does not end within 3 s
/// (or grows without bound) is printed and the run stops there.
#[test]
#[ignore = "long: run by hand"]
fn generated_lines_are_judged_in_time() {
    let (seconds, seed) = run_length_and_seed();
    let corpus = corpus_lines();
    let (to_worker, lines) = mpsc::channel::<String>();
    let (done, finished) = mpsc::channel::<()>();
    std::thread::spawn(move || {
        for line in lines {
            for &(_, syntax) in SHELLS {
                let _ = judge(&line, syntax);
            }
            if done.send(()).is_err() {
                return;
            }
        }
    });
    let mut rng = Rng(seed | 1);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut n = 0usize;
    while Instant::now() < deadline {
        let line = generate(&mut rng, &corpus);
        to_worker.send(line.clone()).expect("worker");
        if finished.recv_timeout(Duration::from_secs(3)).is_err() {
            eprintln!("slow: {}", json!(line));
            std::process::exit(1);
        }
        n += 1;
    }
    println!("judged {n} generated lines in time (seed {seed})");
}
