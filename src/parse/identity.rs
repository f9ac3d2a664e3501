//! Programs known by the file that runs, not by the name typed.
//!
//! The threat: rules are keyed on program names, and a name is whatever
//! the file is called. An agent copies askrisky to `./ar` and runs `./ar
//! uninstall claude-code`; links `b2` to `/bin/bash` and runs `./b2 -c
//! …`; copies `/bin/rm` to `./r` and runs `./r -rf ~`; or runs
//! `/proc/self/exe`, which is whatever program the process running the
//! line is. Each is judged as a harmless unknown program unless the file
//! is looked at.
//!
//! So a program run by its path is followed to its file, bounded:
//!
//! - a process's own files (`/proc/self/exe`, `/proc/<pid>/exe`,
//!   `/dev/fd/3`, a link to one) name a program only known when the line
//!   runs ([`is_process_file`], lexically, even without a disk);
//! - links made outside the system's folders are followed to the first
//!   system file they lead to (`b2` ─► `/bin/bash` is `bash`); the system's
//!   own links (`/usr/bin/vi` ─► `vim.basic`) keep the name they have;
//! - askrisky's own binary, by device and inode (a link, a hard link,
//!   `/proc/self/exe` as askrisky sees it), or a copy of it (same size,
//!   then the same bytes), is `askrisky`;
//! - a compiled program (ELF or Mach-O by its first bytes) outside the
//!   system's folders that is a copy of a system program is that program;
//!   one written in the folder the line runs in or a temporary folder
//!   that is none of those, and no known build output, is unknown: it
//!   could be anything.
//!
//! Every read goes through `crate::files` (non-blocking, regular files
//! only); the bytes compared and the time spent on one line are bounded,
//! and a bound hit makes the program unknown. Nothing here knows the
//! walker.

use std::collections::HashMap;
use std::io::Read;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Component, Path, PathBuf};
use std::time::{Duration, Instant};

use crate::files::{self, Whose};

/// Most links followed from one program path (the kernel's own limit).
const MAX_LINKS: usize = 40;
/// Most bytes compared for one line, over all the files compared.
pub const MAX_COMPARED_BYTES: u64 = 1 << 30;
/// Most time spent telling what the programs of one line are.
pub const MAX_IDENTIFY_TIME: Duration = Duration::from_millis(800);
/// Most files of the system's folders listed to find copies among them.
const MAX_SYSTEM_FILES: usize = 16_384;
/// The bytes read at a time when comparing two files.
const CHUNK: usize = 1 << 20;

/// Folders of the system's programs, where copies of them are looked for.
const SYSTEM_PROGRAMS: &[&str] = &[
    "/usr/bin",
    "/bin",
    "/usr/sbin",
    "/sbin",
    "/usr/local/bin",
    "/usr/local/sbin",
];

/// Programs that act as the program their `argv[0]` names: a link to one
/// or a copy of one is the name it was given.
const MULTI_CALL: &[&str] = &["busybox", "toybox", "coreutils"];

/// Folders whose compiled programs a project's own build made (`cargo`,
/// `go build -o bin/…`, CMake, Zig, Swift, npm's prebuilt tools, Python
/// virtual environments).
const BUILD_OUTPUTS: &[&str] = &[
    "target",
    "build",
    "_build",
    "out",
    "dist",
    "bin",
    "zig-out",
    ".build",
    "node_modules",
    ".venv",
    "venv",
    ".tox",
    ".nox",
];

/// Folders that belong to the system or a package manager, not to whoever
/// runs the agent.
pub(super) fn is_system_folder(p: &Path) -> bool {
    const SYSTEM: &[&str] = &[
        "/usr",
        "/bin",
        "/sbin",
        "/lib",
        "/lib32",
        "/lib64",
        "/opt",
        "/snap",
        "/nix",
        "/etc",
        "/System",
        "/Library",
        "/Applications",
    ];
    p.is_absolute() && SYSTEM.iter().any(|s| p.starts_with(s))
}

/// True for a path that names a process's own files: `/proc/…` (its
/// `exe`, its descriptors) and `/dev/fd/…`, `/dev/stdin`. Run as a
/// program, it is whatever the process running it has open, known only
/// when the line runs. Read lexically: `//`, `.` and `..` as the kernel
/// reads them; a relative path that climbs to the root counts too.
pub fn is_process_file(path: &str) -> bool {
    let mut parts: Vec<&str> = Vec::new();
    let mut climbed = false;
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    climbed = true;
                }
            }
            p => parts.push(p),
        }
    }
    if !(path.starts_with('/') || climbed) {
        return false;
    }
    matches!(
        parts.as_slice(),
        ["proc", ..] | ["dev", "fd" | "stdin" | "stdout" | "stderr", ..]
    )
}

/// What the file a program path names is.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Identity {
    /// The name typed says what runs: a script, a system program, a file
    /// that is not there (what happens then is the reader's to say).
    AsNamed,
    /// The file is this program under another name.
    Program(String),
    /// A compiled program askrisky cannot name.
    Unknown,
}

/// A file, by device and inode.
type FileId = (u64, u64);

/// askrisky's own program file.
struct Own {
    path: PathBuf,
    id: FileId,
    size: u64,
}

/// The system's compiled programs by size: where a copy is looked for.
struct SystemIndex {
    by_size: HashMap<u64, Vec<(PathBuf, String, FileId)>>,
    /// Not every file was listed (a bound was hit): a program found in
    /// none of them may still be a copy of one.
    partial: bool,
}

/// What one line's lookups share: askrisky's own file and the system's
/// programs, each found once, and the bounds spent.
pub(super) struct Identifier {
    own: Option<Option<Own>>,
    system: Option<SystemIndex>,
    compared: u64,
    started: Option<Instant>,
    /// The folder the line runs in, with links resolved.
    cwd: Option<PathBuf>,
}

impl Identifier {
    pub(super) fn new(cwd: &Path) -> Self {
        Self {
            own: None,
            system: None,
            compared: 0,
            started: None,
            cwd: std::fs::canonicalize(cwd).ok(),
        }
    }

    fn out_of_time(&self) -> bool {
        self.started
            .is_some_and(|t| t.elapsed() > MAX_IDENTIFY_TIME)
    }

    fn own(&mut self) -> Option<&Own> {
        self.own
            .get_or_insert_with(|| {
                let path = crate::platform::own_exe();
                let meta = std::fs::metadata(&path).ok()?;
                Some(Own {
                    path,
                    id: (meta.dev(), meta.ino()),
                    size: meta.len(),
                })
            })
            .as_ref()
    }

    /// What the program at `path` (absolute, as the line names it) is.
    pub(super) fn identify(&mut self, path: &Path) -> Identity {
        self.started.get_or_insert_with(Instant::now);
        if self.out_of_time() {
            return Identity::Unknown;
        }
        let own = self.own().map(|o| o.id);
        let is_own = |p: &Path| std::fs::metadata(p).is_ok_and(|m| own == Some((m.dev(), m.ino())));
        let Some((real, linked)) = follow(path) else {
            // A process's own file is known only when the line runs; named
            // directly, askrisky sees its own there when run as its
            // command (`askrisky exec -- /proc/self/exe …`), and the walk
            // reports the path as unknown as well (`is_process_file`).
            if is_process_file(&path.to_string_lossy()) && is_own(path) {
                return Identity::Program("askrisky".into());
            }
            return Identity::Unknown;
        };
        let Ok(meta) = std::fs::metadata(&real) else {
            return Identity::AsNamed;
        };
        if !meta.is_file() {
            return Identity::AsNamed;
        }
        if own == Some((meta.dev(), meta.ino())) {
            return Identity::Program("askrisky".into());
        }
        // The system's own files, and its own links, are what their names
        // say.
        if is_system_folder(path) {
            return Identity::AsNamed;
        }
        let named = |name: Option<String>| match name {
            Some(n) if !MULTI_CALL.contains(&n.as_str()) => Identity::Program(n),
            _ => Identity::AsNamed,
        };
        if !is_compiled_file(&real) {
            return named(linked);
        }
        if is_system_folder(&real) {
            return named(linked.or_else(|| file_name(&real)));
        }
        match self.copy_of(&real, meta.len()) {
            Copy::Of(name) => return named(Some(name)),
            Copy::Unknown => return Identity::Unknown,
            Copy::None => {}
        }
        let written_here = self.cwd.as_ref().is_some_and(|c| real.starts_with(c)) || in_temp(&real);
        if written_here && !is_build_output(&real, self.cwd.as_deref()) {
            return Identity::Unknown;
        }
        named(linked)
    }

    /// Whether the compiled program at `real`, of `size` bytes, is a copy
    /// of askrisky or of a system program.
    fn copy_of(&mut self, real: &Path, size: u64) -> Copy {
        if let Some((own_path, own_size)) = self.own().map(|o| (o.path.clone(), o.size))
            && own_size == size
        {
            match self.same_bytes(real, &own_path, size) {
                Some(true) => return Copy::Of("askrisky".into()),
                Some(false) => {}
                None => return Copy::Unknown,
            }
        }
        let index = self.system_index();
        let partial = index.partial;
        let mut candidates: Vec<(PathBuf, String, FileId)> =
            index.by_size.get(&size).cloned().unwrap_or_default();
        // One comparison per file, however many names it has.
        candidates.sort_by(|a, b| a.2.cmp(&b.2).then(a.1.len().cmp(&b.1.len())));
        candidates.dedup_by(|a, b| a.2 == b.2);
        let mut names: Vec<String> = Vec::new();
        for (path, name, _) in candidates {
            match self.same_bytes(real, &path, size) {
                Some(true) => {
                    if !names.contains(&name) {
                        names.push(name);
                    }
                }
                Some(false) => {}
                None => return Copy::Unknown,
            }
        }
        match names.as_slice() {
            [one] => Copy::Of(one.clone()),
            [] if !partial => Copy::None,
            // Copies of several programs, or a list cut short.
            _ => Copy::Unknown,
        }
    }

    /// Whether two files of `size` bytes hold the same bytes: `None` when
    /// that could not be told within the bounds.
    fn same_bytes(&mut self, a: &Path, b: &Path, size: u64) -> Option<bool> {
        if self.compared.saturating_add(size.saturating_mul(2)) > MAX_COMPARED_BYTES {
            return None;
        }
        let mut fa = files::open(a, Whose::Foreign).ok()?;
        let mut fb = files::open(b, Whose::Foreign).ok()?;
        let mut ba = vec![0u8; CHUNK];
        let mut bb = vec![0u8; CHUNK];
        loop {
            if self.out_of_time() {
                return None;
            }
            let na = read_full(&mut fa, &mut ba)?;
            let nb = read_full(&mut fb, &mut bb)?;
            self.compared += (na + nb) as u64;
            if na != nb || ba[..na] != bb[..nb] {
                return Some(false);
            }
            if na == 0 {
                return Some(true);
            }
        }
    }

    /// The compiled programs of the system's folders, by size, listed once
    /// a line.
    fn system_index(&mut self) -> &SystemIndex {
        if self.system.is_none() {
            let mut index = SystemIndex {
                by_size: HashMap::new(),
                partial: false,
            };
            let mut listed = 0usize;
            'folders: for dir in SYSTEM_PROGRAMS {
                let Ok(entries) = std::fs::read_dir(dir) else {
                    continue;
                };
                for entry in entries.flatten() {
                    listed += 1;
                    if listed > MAX_SYSTEM_FILES || self.out_of_time() {
                        index.partial = true;
                        break 'folders;
                    }
                    let path = entry.path();
                    let Ok(meta) = std::fs::metadata(&path) else {
                        continue;
                    };
                    if !meta.is_file() || meta.permissions().mode() & 0o111 == 0 {
                        continue;
                    }
                    let Some(name) = file_name(&path) else {
                        continue;
                    };
                    let list = index.by_size.entry(meta.len()).or_default();
                    let id = (meta.dev(), meta.ino());
                    if !list.iter().any(|(_, n, i)| *i == id && *n == name) {
                        list.push((path, name, id));
                    }
                }
            }
            self.system = Some(index);
        }
        self.system.get_or_insert_with(|| SystemIndex {
            by_size: HashMap::new(),
            partial: true,
        })
    }
}

/// What a compiled program is a copy of.
enum Copy {
    Of(String),
    None,
    Unknown,
}

/// Reads until `buf` is full or the file ends: the bytes read.
fn read_full(file: &mut std::fs::File, buf: &mut [u8]) -> Option<usize> {
    let mut n = 0;
    while n < buf.len() {
        match file.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    Some(n)
}

fn file_name(p: &Path) -> Option<String> {
    p.file_name()
        .and_then(|n| n.to_str())
        .map(crate::parse::programs::program_name)
}

/// Follows `path` through links: the file it ends at, and the name of the
/// first file in a system folder that a link led to (`b2` ─► `/bin/bash`:
/// `bash`), or of the file at the end when no such folder was on the way.
/// `None` when the way passes through a process's own files (a link to
/// `/proc/self/exe` is whatever runs it) or is too long.
fn follow(path: &Path) -> Option<(PathBuf, Option<String>)> {
    let mut at = path.to_path_buf();
    let mut system_name: Option<String> = None;
    let mut linked = false;
    for _ in 0..MAX_LINKS {
        // The folders on the way, with their own links resolved: a folder
        // that is a link to `/proc/self` makes `d/exe` a process's file.
        let here = match (at.parent(), at.file_name()) {
            (Some(parent), Some(name)) if !parent.as_os_str().is_empty() => {
                match std::fs::canonicalize(parent) {
                    Ok(p) => p.join(name),
                    Err(_) => at.clone(),
                }
            }
            _ => at.clone(),
        };
        if is_process_file(&here.to_string_lossy()) {
            return None;
        }
        if linked && system_name.is_none() && is_system_folder(&here) {
            system_name = file_name(&here);
        }
        let is_link = std::fs::symlink_metadata(&here).is_ok_and(|m| m.file_type().is_symlink());
        if !is_link {
            let last = (linked && system_name.is_none())
                .then(|| file_name(&here))
                .flatten();
            return Some((here, system_name.or(last)));
        }
        let target = std::fs::read_link(&here).ok()?;
        at = if target.is_absolute() {
            target
        } else {
            here.parent().map_or(target.clone(), |p| p.join(&target))
        };
        linked = true;
    }
    None
}

/// True for an ELF or Mach-O file: a compiled program, not a script.
fn is_compiled_file(path: &Path) -> bool {
    let Ok(mut file) = files::open(path, Whose::Foreign) else {
        return false;
    };
    let mut magic = [0u8; 4];
    read_full(&mut file, &mut magic) == Some(4) && is_compiled(&magic)
}

/// True for the first bytes of a compiled program: ELF, Mach-O (thin or
/// fat).
pub(super) fn is_compiled(bytes: &[u8]) -> bool {
    matches!(
        bytes.get(..4),
        Some(
            [0x7f, b'E', b'L', b'F']
                | [0xfe, 0xed, 0xfa, 0xce | 0xcf]
                | [0xce | 0xcf, 0xfa, 0xed, 0xfe]
                | [0xca, 0xfe, 0xba, 0xbe]
        )
    )
}

/// True for a file in a temporary folder, where any command may write.
fn in_temp(p: &Path) -> bool {
    let temp = std::fs::canonicalize(std::env::temp_dir()).ok();
    [
        "/tmp",
        "/var/tmp",
        "/dev/shm",
        "/private/tmp",
        "/private/var/folders",
    ]
    .iter()
    .any(|t| p.starts_with(t))
        || temp.is_some_and(|t| p.starts_with(t))
}

/// True for a compiled program a project's build made: in a folder a
/// build fills (`target/…`, `build/…`, `node_modules/…`, below the folder
/// the line runs in), or beside its own source (`hello` from `hello.c`,
/// `a.out`).
fn is_build_output(p: &Path, cwd: Option<&Path>) -> bool {
    let rest = cwd.and_then(|c| p.strip_prefix(c).ok()).unwrap_or(p);
    let mut dirs: Vec<Component<'_>> = rest.components().collect();
    dirs.pop();
    dirs.iter().any(|c| {
        c.as_os_str()
            .to_str()
            .is_some_and(|d| BUILD_OUTPUTS.contains(&d) || d.starts_with("cmake-build-"))
    }) || beside_its_source(p)
}

/// Source files a compiler makes a program of the same name from.
const SOURCES: &[&str] = &[
    "c", "cc", "cpp", "cxx", "C", "m", "mm", "rs", "go", "zig", "f90", "f", "s", "S", "d", "nim",
    "hs", "ml", "swift",
];

/// True for `a.out` beside any C source, or `NAME` beside `NAME.c` (and
/// the other languages' sources).
fn beside_its_source(p: &Path) -> bool {
    let (Some(dir), Some(name)) = (p.parent(), p.file_name().and_then(|n| n.to_str())) else {
        return false;
    };
    if name == "a.out" {
        return std::fs::read_dir(dir).is_ok_and(|entries| {
            entries.flatten().take(4096).any(|e| {
                Path::new(&e.file_name())
                    .extension()
                    .and_then(|x| x.to_str())
                    .is_some_and(|x| SOURCES.contains(&x))
            })
        });
    }
    SOURCES
        .iter()
        .any(|ext| dir.join(format!("{name}.{ext}")).is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn process_files_by_their_paths() {
        for p in [
            "/proc/self/exe",
            "/proc/1234/exe",
            "/proc/self/fd/3",
            "//proc/./self/exe",
            "/tmp/../proc/self/exe",
            "/dev/fd/3",
            "/dev/stdin",
            "../../../../../../proc/self/exe",
        ] {
            assert!(is_process_file(p), "{p}");
        }
        for p in [
            "./exe",
            "proc/self/exe",
            "/usr/bin/proc",
            "/dev/null",
            "/bin/rm",
        ] {
            assert!(!is_process_file(p), "{p}");
        }
    }

    #[test]
    fn build_outputs() {
        let cwd = Path::new("/p");
        assert!(is_build_output(Path::new("/p/target/debug/app"), Some(cwd)));
        assert!(is_build_output(
            Path::new("/p/cmake-build-x/app"),
            Some(cwd)
        ));
        assert!(!is_build_output(Path::new("/p/app"), Some(cwd)));
        assert!(!is_build_output(Path::new("/p/tools/target"), Some(cwd)));
    }

    /// Links, copies and askrisky's own binary, each named by its file.
    #[test]
    fn programs_are_named_by_their_files() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let cwd = dir.path().canonicalize().unwrap_or_else(|e| panic!("{e}"));
        let mut id = Identifier::new(&cwd);
        let at = |n: &str| cwd.join(n);
        let link = |target: &Path, name: &str| {
            std::os::unix::fs::symlink(target, at(name)).unwrap_or_else(|e| panic!("{e}"));
        };
        let own = crate::platform::own_exe();
        let own_real = std::fs::canonicalize(&own).unwrap_or_else(|e| panic!("{e}"));
        // A link, a hard link and a copy of askrisky's own binary (here,
        // the test binary), and the process's own file.
        link(&own_real, "ar-link");
        std::fs::copy(&own_real, at("ar-copy")).unwrap_or_else(|e| panic!("{e}"));
        let askrisky = Identity::Program("askrisky".into());
        assert_eq!(id.identify(&at("ar-link")), askrisky);
        assert_eq!(id.identify(&at("ar-copy")), askrisky);
        if std::fs::hard_link(&own_real, at("ar-hard")).is_ok() {
            assert_eq!(id.identify(&at("ar-hard")), askrisky);
        }
        assert_eq!(id.identify(Path::new("/proc/self/exe")), askrisky);
        // A link to a process's own file is whatever runs it.
        link(Path::new("/proc/self/exe"), "self");
        assert_eq!(id.identify(&at("self")), Identity::Unknown);
        // A link to a system program is that program.
        if let Ok(sh) = std::fs::canonicalize("/bin/sh") {
            link(&sh, "s2");
            let want = file_name(&sh).unwrap_or_default();
            assert_eq!(id.identify(&at("s2")), Identity::Program(want));
        }
        // A copy of a system program is that program.
        let rm = Path::new("/bin/rm");
        if rm.exists() {
            std::fs::copy(rm, at("r")).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(id.identify(&at("r")), Identity::Program("rm".into()));
        }
        // A compiled program no one can name: unknown here, the project's
        // own in a build folder.
        let mut elf = vec![0x7f, b'E', b'L', b'F'];
        elf.extend(std::iter::repeat_n(7u8, 1234));
        std::fs::write(at("mystery"), &elf).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(id.identify(&at("mystery")), Identity::Unknown);
        // Beside its own source, it is the project's too.
        std::fs::write(at("mystery.c"), "int main(void) { return 0; }\n")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(id.identify(&at("mystery")), Identity::AsNamed);
        std::fs::create_dir_all(at("target/debug")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(at("target/debug/app"), &elf).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(id.identify(&at("target/debug/app")), Identity::AsNamed);
        // A script is read, not named.
        std::fs::write(at("x.sh"), "echo hi\n").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(id.identify(&at("x.sh")), Identity::AsNamed);
        assert_eq!(id.identify(&at("missing")), Identity::AsNamed);
        // The system's own files keep their names.
        assert_eq!(id.identify(rm), Identity::AsNamed);
    }
}
