//! What the line writes: the files it writes, with their text where it is
//! known, so that a script written and then run on the same line (`cat >
//! x.sh <<EOF … bash x.sh`, `curl -o x.sh …; ./x.sh`, `cp evil.sh x.sh;
//! bash x.sh`, `sed -i … x.sh; ./x.sh`) is read where it runs and not
//! taken for what is on disk now; and which files a command writes
//! through its options and operands ([`written_by_words`], one table
//! shared with the danger rules). Nothing here knows the walker: it
//! records and answers.
//!
//! The threat: what was judged must be what runs. A file that any writer
//! askrisky can see changed earlier on the line holds what that writer
//! put there: its known text, or text only known at run time, which asks.
//! Writers that fill a folder with names they alone know (an archive
//! unpacked, `git checkout`, code run by an interpreter) may have written
//! any file below it.

use std::collections::HashMap;

use super::{
    MAX_WRITTEN_BYTES, MAX_WRITTEN_CANDIDATES, Problem, Redirect, RedirectOp, SimpleCommand, Word,
    programs,
};

/// A file the line writes.
struct WrittenFile {
    /// Its text, when everything written to it is known.
    text: Option<String>,
    /// Its text was already read where it runs: running it again finds the
    /// same commands, and a script that runs itself must not make the walk
    /// grow without bound.
    read: bool,
}

/// Most folders kept that a command filled with files of names it alone
/// knows; past it, every file counts as written.
const MAX_UNNAMED_FOLDERS: usize = 16;

/// The files a line writes, as far as it has been walked.
#[derive(Default)]
pub(super) struct Writes {
    /// Files the line writes, by path as written.
    files: HashMap<String, WrittenFile>,
    /// The paths in `files` by file name, in the order first written.
    names: HashMap<String, Vec<String>>,
    /// Folders, as written, that a command filled with files of names it
    /// alone knows (`tar -xf a.tar -C d`: `d`; `.` for the folder the
    /// command runs in).
    unnamed: Vec<String>,
    /// Bytes of written scripts read so far (bounded by
    /// [`MAX_WRITTEN_BYTES`]).
    read: usize,
}

/// Programs that change only a file's name, mode, times or presence,
/// never what it holds: a script they touch runs as it was (`chmod +x x.sh
/// && ./x.sh`).
const KEEPS_CONTENT: &[&str] = &[
    "chmod", "chown", "chgrp", "chattr", "setfacl", "touch", "rm", "unlink", "srm", "rmdir",
    "mkdir", "mkfifo",
];

/// git's subcommands that rewrite files of the work tree.
const GIT_REWRITES: &[&str] = &[
    "clone",
    "checkout",
    "switch",
    "restore",
    "reset",
    "pull",
    "merge",
    "rebase",
    "cherry-pick",
    "revert",
    "am",
    "apply",
    "stash",
    "worktree",
    "submodule",
    "read-tree",
    "checkout-index",
    "sparse-checkout",
    "mergetool",
];

/// Words in code that may write files or run programs that do: code run
/// by an interpreter with one of them may have written any file.
const WRITING_CODE: &[&str] = &[
    "write", "copy", "move", "rename", "replace", "shutil", "open", "file", "fs.", "link", "path",
    "io.", "dump", "save", "extract", "unpack", "patch", "touch", "temp", "system", "exec",
    "spawn", "popen", "process", ">", "`",
];

/// [`WRITING_CODE`] as one screen: code is searched for all at once.
static WRITING_SCREEN: std::sync::LazyLock<super::fragments::Fragments> =
    std::sync::LazyLock::new(|| super::fragments::Fragments::new(WRITING_CODE.iter().copied()));

impl Writes {
    /// True while the line has written no file.
    pub(super) fn is_empty(&self) -> bool {
        self.files.is_empty() && self.unnamed.is_empty()
    }

    /// True when the line may have written the file `path` names: a file
    /// of its name (in any folder), or any file below a folder a command
    /// filled with names it alone knows.
    pub(super) fn may_have_written(&self, path: &str) -> bool {
        file_name(path).is_some_and(|n| self.names.contains_key(n)) || self.below_unnamed(path)
    }

    /// True when `path` may be below a folder a command filled with names
    /// it alone knows: a relative path below any of them (the line may
    /// have moved into one), an absolute one below an absolute folder, or
    /// outside the system's folders when a folder was relative.
    fn below_unnamed(&self, path: &str) -> bool {
        if self.unnamed.is_empty() {
            return false;
        }
        if !path.starts_with('/') {
            return true;
        }
        self.unnamed.iter().any(|f| {
            if f.starts_with('/') {
                let f = f.trim_end_matches('/');
                path.starts_with(f) && path[f.len()..].starts_with('/')
            } else {
                !super::identity::is_system_folder(std::path::Path::new(path))
            }
        })
    }

    /// Records the files a command writes through its redirections (and
    /// `tee`'s operands), with the text when the command's output is known.
    pub(super) fn note_redirects(
        &mut self,
        redirects: &[Redirect],
        output: Option<String>,
        tee: Vec<String>,
    ) {
        for r in redirects
            .iter()
            .filter(|r| r.op.writes() && file_name(&r.target.value).is_some())
        {
            let text = match r.fd {
                None | Some(1) => output.clone(),
                Some(_) => None,
            };
            self.note(&r.target.value, text, r.op == RedirectOp::Append);
        }
        for file in tee {
            self.note(&file, output.clone(), false);
        }
    }

    /// Records the files a command writes through its options and operands
    /// rather than a redirection: a copy of a file written earlier on the
    /// line holds its text; what any other writer writes (a download, a
    /// copy of a file on disk, an edit in place, a patch) holds text only
    /// known at run time; a folder filled with names the command alone
    /// knows may hold any file.
    pub(super) fn note_options(&mut self, name: &str, cmd: &SimpleCommand) {
        if !may_write(name, cmd) || KEEPS_CONTENT.contains(&name) {
            return;
        }
        for folder in written_folders_of(cmd, name) {
            self.note_unnamed(folder);
        }
        if fills_unnamed(name, cmd) {
            self.note_unnamed(".".to_owned());
        }
        let copied = copies_of(cmd, name);
        for (dest, sources) in &copied {
            // A copy of stdin holds what the line feeds it (`install -m755
            // /dev/stdin /tmp/w.sh <<'EOF' … EOF`).
            let texts: Vec<Option<String>> = sources
                .iter()
                .map(|s| match s.as_str() {
                    "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0" => cmd.stdin_text.clone(),
                    _ => self.files.get(&file_key(s)).and_then(|f| f.text.clone()),
                })
                .collect();
            let text = match texts.as_slice() {
                [one] => one.clone(),
                _ => None,
            };
            self.note(dest, text, false);
        }
        // tee's files are noted with its output, sponge's with its input
        // (see [`Writes::note_sponge`]); mv's sources are gone.
        if matches!(name, "tee" | "mv" | "sponge") {
            return;
        }
        for file in written_by_words_of(cmd, name) {
            if !copied.iter().any(|(dest, _)| *dest == file) {
                self.note(&file, None, false);
            }
        }
    }

    /// sponge's file holds what arrives on its stdin, when that is known
    /// (`sponge run.sh <<< 'make test'`), added to with `-a`.
    pub(super) fn note_sponge(&mut self, cmd: &SimpleCommand) {
        let text = cmd.stdin_text.clone().filter(|_| !cmd.stdin_dynamic);
        let append = programs::has_flag(cmd.args(), &["-a"]);
        for file in operand_files(cmd.args()) {
            self.note(&file, text.clone(), append);
        }
    }

    fn note_unnamed(&mut self, folder: String) {
        // Past the bound, the root stands for them all: any file.
        let folder = if self.unnamed.len() + 1 >= MAX_UNNAMED_FOLDERS {
            "/".to_owned()
        } else {
            folder
        };
        if !self.unnamed.contains(&folder) {
            self.unnamed.push(folder);
        }
    }

    fn note(&mut self, path: &str, text: Option<String>, append: bool) {
        let key = file_key(path);
        let Some(name) = file_name(&key).map(str::to_owned) else {
            return;
        };
        match self.files.get_mut(&key) {
            Some(file) if append => {
                match (&mut file.text, text) {
                    (Some(old), Some(new)) if old.len() + new.len() < MAX_WRITTEN_BYTES => {
                        old.push('\n');
                        old.push_str(&new);
                    }
                    _ => file.text = None,
                }
                file.read = false;
            }
            Some(file) => {
                *file = WrittenFile { text, read: false };
            }
            None => {
                // Appending to a file not written here adds to unknown text.
                let text = if append { None } else { text };
                self.files
                    .insert(key.clone(), WrittenFile { text, read: false });
                self.names.entry(name).or_default().push(key);
            }
        }
    }

    /// The texts of the files written earlier on the line that `path` may
    /// be, each written text read once (`None` where the text is unknown).
    /// Names, not paths, are compared: `/tmp//x.sh`, `"$PWD/x.sh"` and
    /// `sub/../x.sh` may all be the `x.sh` written, and reading a written
    /// file where another of its name runs only adds to what is analysed.
    /// Empty when the line wrote no such file (or its text was read); the
    /// problem to report when the texts read on the line grow too long.
    pub(super) fn read(&mut self, path: &str) -> Result<Vec<Option<String>>, Problem> {
        self.texts(path, true)
    }

    /// [`Writes::read`] for a look that does not run the file (a program
    /// that may run what it is handed): the file stays unread for a later
    /// command that runs it, and the look still counts toward the bound.
    pub(super) fn peek(&mut self, path: &str) -> Result<Vec<Option<String>>, Problem> {
        self.texts(path, false)
    }

    fn texts(&mut self, path: &str, mark: bool) -> Result<Vec<Option<String>>, Problem> {
        let Some(keys) = file_name(path).and_then(|name| self.names.get(name)) else {
            // Below a folder filled with names only known at run time.
            return Ok(if self.below_unnamed(path) {
                vec![None]
            } else {
                Vec::new()
            });
        };
        if keys.len() > MAX_WRITTEN_CANDIDATES {
            return Ok(vec![None]);
        }
        let mut texts = Vec::new();
        for key in keys.iter().rev() {
            if let Some(file) = self.files.get_mut(key)
                && !file.read
            {
                file.read = mark;
                self.read += file.text.as_ref().map_or(0, String::len);
                texts.push(file.text.clone());
            }
        }
        if self.read > MAX_WRITTEN_BYTES {
            return Err(Problem::TooLong { bytes: self.read });
        }
        Ok(texts)
    }
}

/// True for a command that may write files through its words: the
/// writers [`written_by_words`], [`written_folders`] and [`copies`] know,
/// git, and code run by an interpreter. Every other command (most of a
/// line's) is passed over at once; a test holds the list to the tables.
fn may_write(name: &str, cmd: &SimpleCommand) -> bool {
    cmd.script_text.is_some()
        || super::interpreters::inline_code_flags(name).is_some()
        || matches!(
            name,
            "tee"
                | "vim"
                | "vi"
                | "nvim"
                | "gvim"
                | "nano"
                | "micro"
                | "kak"
                | "hx"
                | "helix"
                | "joe"
                | "mg"
                | "jed"
                | "ne"
                | "emacs"
                | "emacs-nox"
                | "emacsclient"
                | "iconv"
                | "ffmpeg"
                | "truncate"
                | "shred"
                | "sponge"
                | "ed"
                | "ex"
                | "link"
                | "wipe"
                | "mv"
                | "cp"
                | "install"
                | "ln"
                | "rsync"
                | "scp"
                | "sed"
                | "gsed"
                | "perl"
                | "ruby"
                | "find"
                | "strace"
                | "ltrace"
                | "time"
                | "valgrind"
                | "perf"
                | "dd"
                | "sort"
                | "uniq"
                | "openssl"
                | "ssh-keygen"
                | "patch"
                | "git"
                | "curl"
                | "wget"
                | "wget2"
                | "aria2c"
                | "http"
                | "https"
                | "xh"
                | "xhs"
                | "tar"
                | "gtar"
                | "bsdtar"
                | "unzip"
                | "sapcar"
                | "zip"
                | "cpio"
                | "7z"
                | "7za"
                | "7zz"
                | "7zr"
                | "stow"
                | "xstow"
                | "chezmoi"
                | "rcup"
                | "cmake"
                | "awk"
                | "gawk"
                | "mawk"
                | "nawk"
                | "gdal_translate"
                | "gdalwarp"
                | "gdal_rasterize"
                | "gdaldem"
                | "magick"
                | "convert"
                | "sox"
                | "qemu-img"
                | "codesign"
        )
        // Any tool's copy subcommand (`gsutil cp gs://b/s.sh ./s.sh`): a
        // file it writes and the line then runs holds text only known when
        // it runs.
        || copy_subcommand_destination(name, cmd.args()).is_some()
}

/// True when a command fills the folder it runs in with files of names it
/// alone knows: git rewriting the work tree (`git checkout`, `git pull`),
/// or an interpreter running code that may write or run anything (`python3
/// -c 'shutil.copy(…)'`, a script by path).
fn fills_unnamed(name: &str, cmd: &SimpleCommand) -> bool {
    if name == "git" {
        let args = cmd.args();
        return programs::git_subcommand_at(args)
            .and_then(|i| args.get(i))
            .is_some_and(|w| GIT_REWRITES.contains(&w.value.as_str()));
    }
    let code_writes = |code: &str| WRITING_SCREEN.in_text(&code.to_ascii_lowercase());
    if let Some(text) = &cmd.script_text {
        return code_writes(text);
    }
    // Tcl that only starts programs (`expect -c 'spawn make'`): what they
    // write, the walk records as theirs.
    if name == "expect" && cmd.args().iter().all(|w| w.literal) {
        let code = programs::option_values(cmd.args(), &["-c"]);
        if !code.is_empty()
            && code
                .iter()
                .all(|c| super::interpreters::tcl_commands(c).is_some())
        {
            return false;
        }
    }
    let interpreter = super::interpreters::inline_code_flags(name).is_some()
        || matches!(name, "awk" | "gawk" | "mawk" | "nawk");
    // A script's own arguments are its data, not code (`for f in
    // qar/*.dat; do python3 tools/check.py "$f"; done`): the interpreter's
    // options and the script are what is run. (Where the script stands is
    // looked for only once a word may be code: most runs have none.)
    let args = cmd.args();
    interpreter
        && args
            .iter()
            .position(|w| !w.literal || code_writes(&w.value))
            .is_some_and(|first| {
                super::interpreters::script_operand(name, args)
                    .and_then(|script| args.iter().position(|w| std::ptr::eq(w, script)))
                    .is_none_or(|at| first <= at)
            })
}

/// The path a written file is recorded under: `./x.sh` and `x.sh` are the
/// same file (appending to it extends what was written).
fn file_key(path: &str) -> String {
    let mut p = path;
    while let Some(rest) = p.strip_prefix("./") {
        p = rest.trim_start_matches('/');
    }
    p.to_owned()
}

/// The file name a path ends in, when it is known text (`$X.sh` is not).
pub(super) fn file_name(path: &str) -> Option<&str> {
    let name = path.trim_end_matches('/').rsplit('/').next()?;
    let known = !name.is_empty()
        && !matches!(name, "." | "..")
        && !name.contains(['$', '`', '*', '?', '[', '(']);
    known.then_some(name)
}

/// The operands of a command that names files (`tee a b`).
pub(super) fn operand_files(args: &[Word]) -> Vec<String> {
    args.iter()
        .filter(|w| !w.value.starts_with('-') && file_name(&w.value).is_some())
        .map(|w| w.value.clone())
        .collect()
}

/// The last segment of a URL's path: the file `curl -O` and `wget` save it
/// as (`https://x/i.sh?v=1` ─► `i.sh`).
fn url_file_name(url: &str) -> Option<String> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let path = path.split_once("://").map_or(path, |(_, rest)| rest);
    let (_, tail) = path.split_once('/')?;
    let name = tail.rsplit('/').next().unwrap_or("");
    (!name.is_empty()).then(|| name.to_owned())
}

/// Files a downloader saves (their text is only known at run time):
/// `curl -o F`, `curl -O URL`, `wget URL`, `wget -O F`, with their
/// output folders.
/// The values of a one-letter option that takes one, given at the end of
/// a cluster of flags (`curl -sLo FILE`, `wget -qO FILE`) or inside it
/// with the value attached (`curl -sLoFILE`). Downloaders' other short
/// options take no value, so the letters before it are flags.
fn cluster_values(args: &[Word], letter: char) -> Vec<&str> {
    let mut out = Vec::new();
    for (i, w) in args.iter().enumerate() {
        let v = w.value.as_str();
        if v == "--" {
            break;
        }
        let Some(cluster) = v.strip_prefix('-').filter(|c| !c.starts_with('-')) else {
            continue;
        };
        // `-o` alone is `option_values`' own.
        if cluster.len() < 2 {
            continue;
        }
        if let Some(at) = cluster.find(letter)
            && at > 0
        {
            let rest = &cluster[at + letter.len_utf8()..];
            if rest.is_empty() {
                out.extend(args.get(i + 1).map(|n| n.value.as_str()));
            } else {
                out.push(rest);
            }
        }
    }
    out
}

pub fn downloaded(cmd: &SimpleCommand) -> Vec<String> {
    let Some(name) = cmd.name() else {
        return Vec::new();
    };
    let args = cmd.args();
    let join = |dir: Option<&str>, file: &str| match dir {
        Some(d) if !file.starts_with('/') => format!("{}/{file}", d.trim_end_matches('/')),
        _ => file.to_owned(),
    };
    let urls = || {
        programs::operands(args)
            .into_iter()
            .filter(|w| w.value.contains("://"))
            .filter_map(|w| url_file_name(&w.value))
    };
    match &*name {
        "curl" => {
            let dir = programs::option_values(args, &["--output-dir"]).pop();
            let mut named = programs::option_values(args, &["-o", "--output"]);
            named.extend(cluster_values(args, 'o'));
            let mut out: Vec<String> = named
                .into_iter()
                .chain(curl_clustered_outputs(args))
                .filter(|f| *f != "-")
                .map(|f| join(dir, f))
                .collect();
            if programs::has_flag(args, &["-O", "--remote-name", "--remote-name-all"]) {
                out.extend(urls().map(|f| join(dir, &f)));
            }
            out
        }
        "wget" | "wget2" => {
            let mut named = programs::option_values(args, &["-O", "--output-document"]);
            named.extend(cluster_values(args, 'O'));
            if named.is_empty() {
                let dir = programs::option_values(args, &["-P", "--directory-prefix"]).pop();
                urls().map(|f| join(dir, &f)).collect()
            } else {
                named
                    .into_iter()
                    .filter(|f| *f != "-")
                    .map(str::to_owned)
                    .collect()
            }
        }
        // `-d DIR` holds what it fetches: the `-o` name, else the URL's.
        "aria2c" => {
            let dir = programs::option_values(args, &["-d", "--dir"]).pop();
            let named = programs::option_values(args, &["-o", "--out"]);
            if named.is_empty() {
                urls().map(|f| join(dir, &f)).collect()
            } else {
                named.into_iter().map(|f| join(dir, f)).collect()
            }
        }
        // HTTPie and xh write the body to `-o`/`--output`; told to
        // `--download` (`-d`) without one, to the URL's file name.
        "http" | "https" | "xh" | "xhs" => {
            let named = programs::option_values(args, &["-o", "--output"]);
            if !named.is_empty() {
                named.into_iter().map(str::to_owned).collect()
            } else if programs::has_flag(args, &["-d", "--download"]) {
                urls().collect()
            } else {
                Vec::new()
            }
        }
        _ => Vec::new(),
    }
}

/// The archive tar writes when it creates, appends or updates one (`tar
/// -cf out.tar dir`, `tar czf out.tgz dir`, `bsdtar --create
/// --file=/dev/sda rootfs`): the file `-f` names, the word after a
/// cluster that ends in `f` (`-czf`, or `czf` as the first word).
fn tar_archive_written(args: &[Word]) -> Option<String> {
    let first = args.first()?.value.as_str();
    let old_style = !first.starts_with('-');
    let writes = |letters: &str| letters.contains(['c', 'r', 'u']);
    let creating = programs::has_flag(
        args,
        &["-c", "--create", "-r", "--append", "-u", "--update"],
    ) || args.iter().any(|w| {
        w.value
            .strip_prefix('-')
            .is_some_and(|l| !l.starts_with('-') && writes(l))
    }) || old_style && writes(first);
    if !creating {
        return None;
    }
    if let Some(f) = programs::option_values(args, &["--file"]).first() {
        return Some((*f).to_owned());
    }
    for (i, w) in args.iter().enumerate() {
        let v = w.value.as_str();
        if v == "--" {
            break;
        }
        let cluster = v
            .strip_prefix('-')
            .filter(|l| !l.starts_with('-'))
            .or((i == 0 && old_style).then_some(v));
        if let Some(letters) = cluster
            && let Some(at) = letters.find('f')
        {
            let glued = &letters[at + 1..];
            return if glued.is_empty() || i == 0 && old_style {
                args.get(i + 1).map(|n| n.value.clone())
            } else {
                Some(glued.to_owned())
            };
        }
    }
    None
}

/// The archive zip or 7-Zip writes (`zip -r out.zip dir`, `7z a out.7z
/// dir`, `zip x.zip -O /dev/sda`): zip's first operand and what `-O`
/// names; 7-Zip's archive after a verb that writes one (`a`, `u`, `d`,
/// `rn`).
fn archive_written(name: &str, args: &[Word]) -> Vec<String> {
    const ZIP_VALUES: &[&str] = &[
        "-b",
        "-n",
        "-t",
        "-tt",
        "-P",
        "-O",
        "-s",
        "-Z",
        "--password",
        "--temp-path",
        "--suffixes",
        "--out",
        "--split-size",
        "--compression-method",
    ];
    let mut out = Vec::new();
    if name == "zip" {
        out.extend(
            programs::option_values(args, &["-O", "--out"])
                .into_iter()
                .map(str::to_owned),
        );
        let mut i = 0;
        while let Some(w) = args.get(i) {
            let v = w.value.as_str();
            if v == "--" {
                out.extend(args.get(i + 1).map(|n| n.value.clone()));
                break;
            }
            if ZIP_VALUES.contains(&v) {
                i += 2;
                continue;
            }
            if !v.starts_with('-') {
                out.push(v.to_owned());
                break;
            }
            i += 1;
        }
        return out;
    }
    let mut ops = args.iter().filter(|w| !w.value.starts_with('-'));
    if ops
        .next()
        .is_some_and(|w| matches!(w.value.as_str(), "a" | "u" | "d" | "rn"))
    {
        out.extend(ops.next().map(|w| w.value.clone()));
    }
    out
}

/// Files a command writes through its operands and options, as well-known
/// writers name them (`tee F`, `cp … DEST`, `mv SRC… DEST`, `sed -i … F`,
/// `perl -pi … F`, `patch F`, `curl -o F`, `sort -o F`, `dd of=F`, `git
/// clone U D`, …): its redirections aside. A copy into a folder also names
/// the file it makes there (`cp .bashrc ~` writes `~/.bashrc`). What a
/// command changes only the name, mode or presence of (`chmod`, `rm`,
/// `mv`'s sources) counts: protected files are changed that way too.
///
/// The danger rules read it for every path they protect; the walker for
/// the scripts a line writes before it runs them: one table for both.
pub fn written_by_words(cmd: &SimpleCommand) -> Vec<String> {
    match cmd.name() {
        Some(name) => written_by_words_of(cmd, &name),
        None => Vec::new(),
    }
}

/// [`written_by_words`] for the command's program `name` (its
/// [`SimpleCommand::name`]), where the caller has it already.
pub(super) fn written_by_words_of(cmd: &SimpleCommand, name: &str) -> Vec<String> {
    let args = cmd.args();
    // Worked out only for the writers that name files by operand.
    let ops = || programs::operands(args);
    let mut out: Vec<String> = Vec::new();
    let values = |ws: &[&Word]| ws.iter().map(|w| w.value.clone()).collect::<Vec<_>>();
    let owned = |vs: Vec<&str>| vs.into_iter().map(str::to_owned).collect::<Vec<_>>();
    match name {
        "tee" | "truncate" | "rm" | "unlink" | "shred" | "touch" | "chmod" | "chown" | "chgrp"
        | "chattr" | "setfacl" | "rmdir" | "mkdir" | "sponge" | "ed" | "ex" | "link" | "mkfifo"
        | "srm" | "wipe" => out.extend(values(&ops())),
        // mv takes its sources away from where they were: moving
        // `.askrisky.toml` or `~/.bashrc` aside changes what guards or
        // runs later as surely as overwriting them.
        "mv" => {
            let targets = target_dirs(name, args);
            out.extend(
                ops()
                    .iter()
                    .filter(|w| !targets.contains(&w.value.as_str()))
                    .map(|w| w.value.clone()),
            );
            out.extend(copies(cmd).into_iter().map(|c| c.0));
        }
        // Where each copy lands, `-t DIR` too (see `copies`).
        "cp" | "install" | "ln" | "rsync" => {
            out.extend(copies(cmd).into_iter().map(|c| c.0));
        }
        // bash's `history -w FILE` / `-a FILE` write the history list,
        // lines the line may have put there with `history -s`, to FILE.
        "history" if programs::has_flag(args, &["-w", "-a"]) => out.extend(values(&ops())),
        "scp" => out.extend(ops().last().map(|w| w.value.clone())),
        // script's typescript (`script -q -c 'make test' out.log`; BSD's
        // `script -q out.log make test`): its first operand, and the logs
        // its options name.
        "script" => {
            const VALUES: &[&str] = &["-c", "--command", "-E", "--echo", "-m", "--logging-format"];
            const LOGS: &[&str] = &["-O", "--log-out", "-I", "--log-in", "-B", "--log-io", "-T", "--log-timing"];
            let mut i = 0;
            while let Some(w) = args.get(i) {
                let v = w.value.as_str();
                i += 1;
                if LOGS.contains(&v) {
                    out.extend(args.get(i).map(|n| n.value.clone()));
                    i += 1;
                } else if VALUES.contains(&v) {
                    i += 1;
                } else if !v.starts_with('-') {
                    out.push(w.value.clone());
                    break;
                }
            }
        }
        // An editor opening a file may write it (batch commands, or the
        // keys it is sent): `emacs --batch ~/.profile --eval '(save-buffer)'`,
        // `vim -es -c 'normal Go…' -c wq ~/.bashrc`.
        "vim" | "vi" | "nvim" | "gvim" | "nano" | "micro" | "kak" | "hx" | "helix" | "joe"
        // (vim's `-R` still lets `:w!` write.)
        // (Silent Ex mode whose every command only prints and which quits
        // without saving writes nothing: `vim -es -c 'g/hooksPath/p' -c
        // 'qa!' .git/config`.)
        | "mg" | "jed" | "ne" | "emacs" | "emacs-nox" | "emacsclient"
            if !super::editor_scripts::vim_only_reads(name, args.iter().map(|w| w.value.as_str())) =>
        {
            out.extend(editor_files(args).into_iter().map(str::to_owned));
        }
        "iconv" => out.extend(owned(programs::option_values(args, &["-o", "--output"]))),
        // Converters whose last operand is their output, whatever the
        // inputs before it (`gdal_translate -of ENVI dem.tif /dev/nvme0n1`,
        // `magick in.png out.jpg`, `sox in.wav out.flac`, `qemu-img convert
        // -O raw d.qcow2 /dev/sdb`).
        "gdal_translate" | "gdalwarp" | "gdal_rasterize" | "gdaldem" | "magick" | "convert"
        | "sox" => out.extend(programs::converter_output(name, args)),
        "qemu-img" => {
            let ops = ops();
            match ops.first().map(|w| w.value.as_str()) {
                Some("convert") if ops.len() >= 3 => {
                    out.extend(ops.last().map(|w| w.value.clone()));
                }
                Some("dd") => out.extend(
                    ops.iter()
                        .filter_map(|w| w.value.strip_prefix("of="))
                        .map(str::to_owned),
                ),
                _ => {}
            }
        }
        // ffmpeg's last word is its output (`ffmpeg -i in.wav -f s16le
        // /dev/sda`), unless it is an option or an input.
        "ffmpeg" => {
            if let Some((last, rest)) = args.split_last()
                && !last.value.starts_with('-')
                && rest.last().is_some_and(|w| w.value != "-i")
            {
                out.push(last.value.clone());
            }
        }
        "sed" | "gsed" | "perl" | "ruby"
            if in_place(
                args,
                match name {
                    "perl" => PERL_VALUES,
                    "ruby" => RUBY_VALUES,
                    _ => SED_VALUES,
                },
            ) =>
        {
            out.extend(values(&ops()).into_iter().skip(1));
        }
        // codesign signs, or strips, the code it names in place.
        "codesign"
            if args.iter().any(|w| {
                matches!(w.value.as_str(), "-s" | "--sign" | "--remove-signature")
                    || w.value.starts_with("--sign=")
            }) =>
        {
            out.extend(values(&ops()));
        }
        // gawk's `inplace` extension writes back every file it reads
        // (`gawk -i inplace '…' /etc/hosts`).
        "awk" | "gawk" if awk_in_place(args) => out.extend(
            ops()
                .iter()
                .filter(|w| !matches!(w.value.as_str(), "inplace" | "inplace.awk"))
                .map(|w| w.value.clone()),
        ),
        // find's -fprint/-fprint0/-fls FILE and -fprintf FILE FORMAT.
        "find" => {
            for (i, w) in args.iter().enumerate() {
                if matches!(
                    w.value.as_str(),
                    "-fprint" | "-fprint0" | "-fprintf" | "-fls"
                ) {
                    out.extend(args.get(i + 1).map(|w| w.value.clone()));
                }
            }
        }
        // Packet captures and scan reports (`tcpdump -w F`, `nmap -oN F`).
        "tcpdump" | "tshark" | "dumpcap" => out.extend(owned(programs::option_values(args, &["-w"]))),
        "nmap" => out.extend(owned(programs::option_values(args, &["-oN", "-oX", "-oG", "-oS", "-oA"]))),
        "strace" | "ltrace" | "time" | "valgrind" | "perf" => {
            out.extend(owned(programs::option_values(
                args,
                &["-o", "--output", "--log-file"],
            )));
        }
        // dd and the forensic copies made from it, whose outputs are
        // also a hashed copy (`hof=`), split parts (`ofs=`), the device
        // they wipe (`dc3dd wipe=/dev/sdc`) and their logs (`hashlog=`,
        // `errlog=`, `log=`).
        "dd" | "dcfldd" | "dc3dd" => out.extend(args.iter().filter_map(|w| {
            let (key, value) = w.value.split_once('=')?;
            (matches!(key, "of" | "hof" | "ofs" | "hofs" | "wipe" | "hwipe") || key.ends_with("log"))
                .then(|| value.to_owned())
        })),
        // ssh-keygen reads `-f` when it shows a fingerprint, a public key
        // or a key's type, and writes it only when it makes one.
        "ssh-keygen"
            if programs::has_flag(args, &["-l", "-y", "-e", "-B", "-F", "-L", "-i", "-D"]) => {}
        // `patch --dry-run` only tells whether the hunks apply.
        "patch" if super::option_values::has_rehearsal_flag("patch", args, &["--dry-run"]) => {}
        "sort" | "uniq" | "openssl" | "ssh-keygen" | "patch" => {
            out.extend(owned(programs::option_values(
                args,
                &["-o", "--output", "-out", "-f"],
            )));
            if name == "patch" {
                out.extend(patch_files(args).first().map(|w| w.value.clone()));
            }
            if name == "uniq" {
                out.extend(ops().get(1).map(|w| w.value.clone()));
            }
        }
        "git" => {
            let sub = programs::git_subcommand_at(args)
                .and_then(|i| Some((args.get(i)?.value.as_str(), args.get(i + 1..)?)));
            match sub {
                Some(("config", rest)) => {
                    out.extend(owned(programs::option_values(rest, &["-f", "--file"])));
                }
                Some(("clone", rest)) => {
                    let ops = programs::operands(rest);
                    if ops.len() >= 2 {
                        out.extend(ops.last().map(|w| w.value.clone()));
                    }
                }
                // What a diff or a log is written to instead of the
                // terminal (`git diff --output=~/.bashrc`).
                Some(("diff" | "log" | "show" | "format-patch" | "range-diff", rest))
                    if rest.iter().any(|w| w.value.starts_with("--output")) =>
                {
                    out.extend(owned(programs::option_values(rest, &["--output"])));
                }
                _ => {}
            }
        }
        // Formatters that rewrite the files they are given.
        "black" | "isort" | "rustfmt" | "yapf" | "autopep8" | "autoflake" | "dprint"
            if !programs::has_flag(args, &["--check", "--diff", "-d", "--help", "--version"]) =>
        {
            out.extend(values(&ops()));
        }
        "gofmt" | "shfmt" | "goimports" if programs::has_flag(args, &["-w", "--write"]) => {
            out.extend(values(&ops()));
        }
        "clang-format" if programs::has_flag(args, &["-i"]) => out.extend(values(&ops())),
        "tar" | "gtar" | "bsdtar" => out.extend(tar_archive_written(args)),
        "zip" | "7z" | "7za" | "7zz" | "7zr" => out.extend(archive_written(name, args)),
        // Any linter or formatter told to fix or rewrite what it reads
        // (`eslint --fix`, `prettier --write`, `markdownlint-cli2 --fix
        // ~/.claude/CLAUDE.md`): its operands are written.
        // Spelled out: a shorter word is another option to most tools.
        _ if args.iter().take_while(|w| w.value != "--").any(|w| {
            matches!(
                w.value.split('=').next(),
                Some("--fix" | "--write" | "--in-place" | "--inplace")
            )
        }) =>
        {
            out.extend(values(&ops()));
        }
        _ => {}
    }
    if matches!(
        name,
        "curl" | "wget" | "wget2" | "aria2c" | "http" | "https" | "xh" | "xhs"
    ) {
        out.extend(downloaded(cmd));
    }
    if matches!(name, "sed" | "gsed") {
        out.extend(sed_w_files(args));
    }
    out.extend(copy_subcommand_destination(name, args));
    out
}

/// What a tool's copy or download subcommand writes: its last operand,
/// whatever the tool (`kubectl cp pod:/x ~/.bashrc`, `docker cp c:/rc
/// ~/.profile`, `s3cmd get s3://b/os.img /dev/mmcblk0`, `aws s3 cp
/// s3://b/rc ~/.zshrc`). The subcommand stands first or second (`aws s3
/// cp`); `get`, `download`, `pull` and `sync` count only with a source
/// elsewhere (a URL, `host:path`), where the last word is the local copy.
/// Tools whose words this module reads by name are theirs.
fn copy_subcommand_destination(name: &str, args: &[Word]) -> Option<String> {
    copy_subcommand(name, args).map(|(_, dest)| dest)
}

/// The folder a tool's copy subcommand fills with the contents of its
/// source: every `sync` (`b2 sync b2://b/claude/ ~/.claude/`, `rclone sync
/// r:x ~/.ssh`), and a `cp`/`copy` told to recurse (`gsutil cp -r gs://b/x
/// ~/.config`), whose files land below the folder named, under names only
/// the source knows.
pub fn synced_folder(name: &str, args: &[Word]) -> Option<String> {
    let (verb, dest) = copy_subcommand(name, args)?;
    (verb == "sync"
        || matches!(verb, "cp" | "copy" | "copyto")
            && programs::has_flag(args, &["-r", "-R", "--recursive"]))
    .then_some(dest)
}

/// A tool's copy subcommand and the local file or folder it writes (see
/// [`copy_subcommand_destination`]).
fn copy_subcommand<'a>(name: &str, args: &'a [Word]) -> Option<(&'a str, String)> {
    if matches!(
        name,
        "cp" | "mv" | "install" | "ln" | "rsync" | "scp" | "git" | "sftp" | "curl" | "wget"
    ) {
        return None;
    }
    let copies = |w: &Word| {
        matches!(
            w.value.as_str(),
            "cp" | "copy" | "copyto" | "get" | "download" | "pull" | "sync"
        )
    };
    // Asked of every command the walk sees: look for the word before
    // collecting the operands.
    if !args.iter().any(copies) {
        return None;
    }
    let ops = programs::operands(args);
    let at = ops.iter().take(2).position(|w| copies(w))?;
    let verb = ops.get(at)?.value.as_str();
    let (dest, sources) = ops.get(at + 1..)?.split_last()?;
    if sources.is_empty() {
        return None;
    }
    let elsewhere = |v: &str| {
        v.contains("://")
            || v.split_once(':')
                .is_some_and(|(host, _)| !host.is_empty() && !host.contains('/'))
    };
    (matches!(verb, "cp" | "copy" | "copyto") || sources.iter().any(|w| elsewhere(&w.value)))
        .then(|| (verb, dest.value.clone()))
}

/// The files an editor is given to open: its words that are no option,
/// past the values of the options that take one (vim's `-c CMD`,
/// emacs's `--eval CODE`).
fn editor_files(args: &[Word]) -> Vec<&str> {
    const VALUED: &[&str] = &[
        "-c",
        "--cmd",
        "-S",
        "-u",
        "-U",
        "-i",
        "-T",
        "-s",
        "-w",
        "-W",
        "-t",
        "-q",
        "--eval",
        "-l",
        "--load",
        "-f",
        "--funcall",
        "--insert",
        "-L",
        "--directory",
        "--script",
        "-e",
        "-a",
        "--socket-name",
        "--server-file",
    ];
    let mut out = Vec::new();
    let mut it = args.iter().map(|w| w.value.as_str());
    while let Some(v) = it.next() {
        if VALUED.contains(&v) {
            it.next();
        } else if !v.starts_with(['-', '+']) {
            out.push(v);
        }
    }
    out
}

/// Files sed's script writes with its `w` command or the `w` flag of `s`
/// (`s/x/y/w FILE`), with or without `-i`: to the end of the line.
fn sed_w_files(args: &[Word]) -> Vec<String> {
    let mut scripts = programs::option_values(args, &["-e", "--expression"]);
    if scripts.is_empty()
        && programs::option_values(args, &["-f", "--file"]).is_empty()
        && let Some(first) = programs::operands(args).first()
    {
        scripts.push(first.value.as_str());
    }
    let mut out = Vec::new();
    for script in scripts {
        for command in script.split(['\n', ';']) {
            if let Some(file) = sed_w_file(command.trim_start()) {
                out.push(file.to_owned());
            }
        }
    }
    out
}

/// The file one sed command writes, past its address: `w FILE`, `W FILE`,
/// or `s` with a `w` among its flags.
fn sed_w_file(command: &str) -> Option<&str> {
    let mut rest = command;
    // An address: `/re/`, or lines (`1,5`, `$`, `0~2`), then a `!`.
    if let Some(after) = rest.strip_prefix('/') {
        rest = &after[unescaped(after, '/')? + 1..];
    }
    rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || " $,~+!".contains(c));
    let mut chars = rest.chars();
    match chars.next()? {
        'w' | 'W' => Some(rest[1..].trim()).filter(|f| !f.is_empty()),
        's' => {
            // Any character but a backslash or a newline delimits, a
            // letter too (`sxaxbxw f`).
            let delim = chars.next()?;
            if matches!(delim, '\\' | '\n') {
                return None;
            }
            let body = &rest[1 + delim.len_utf8()..];
            let pattern_end = unescaped(body, delim)?;
            let replacement = &body[pattern_end + delim.len_utf8()..];
            let flags = &replacement[unescaped(replacement, delim)? + delim.len_utf8()..];
            let w = flags.find('w')?;
            Some(flags[w + 1..].trim()).filter(|f| !f.is_empty())
        }
        _ => None,
    }
}

/// Where `delim` first stands in `s` unescaped (not after a backslash).
fn unescaped(s: &str, delim: char) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == delim {
            return Some(i);
        }
    }
    None
}

/// Folders a command writes files of names it alone knows into: an
/// archive unpacked (`tar -x -C D`, `unzip -d D`), a patch applied
/// without naming its file (into the folder it runs in, `.`).
pub fn written_folders(cmd: &SimpleCommand) -> Vec<String> {
    match cmd.name() {
        Some(name) => written_folders_of(cmd, &name),
        None => Vec::new(),
    }
}

/// [`written_folders`] for the command's program `name` (its
/// [`SimpleCommand::name`]), where the caller has it already.
/// The folder a tar name rewrite sends members into: the replacement of
/// `s<d>PATTERN<d>REPLACEMENT<d>FLAGS` up to its last `/`, when it climbs
/// out (`..`) or starts at the root.
fn transform_folder(rule: &str) -> Option<&str> {
    let rest = rule.strip_prefix('s')?;
    let delim = rest.chars().next()?;
    let mut parts = rest[delim.len_utf8()..].split(delim);
    let _pattern = parts.next()?;
    let replacement = parts.next()?;
    let folder = replacement.rsplit_once('/').map_or("", |(f, _)| f);
    (folder.starts_with('/') || folder.split('/').any(|p| p == "..")).then_some(folder)
}

pub(super) fn written_folders_of(cmd: &SimpleCommand, name: &str) -> Vec<String> {
    let args = cmd.args();
    let into = |names: &[&str]| {
        let dirs = programs::option_values(args, names);
        if dirs.is_empty() {
            vec![".".to_owned()]
        } else {
            dirs.into_iter().map(str::to_owned).collect()
        }
    };
    match name {
        "tar" | "gtar" | "bsdtar" => {
            let extracting = programs::has_flag(args, &["-x", "--extract", "--get"])
                || args
                    .first()
                    .is_some_and(|w| !w.value.starts_with('-') && w.value.contains('x'));
            if !extracting {
                return Vec::new();
            }
            let mut dirs = into(&["-C", "--directory"]);
            if !args
                .iter()
                .any(|w| w.value.starts_with("--transform") || w.value.starts_with("--xform"))
            {
                return dirs;
            }
            // Member names rewritten on the way out (`--transform='s,^,
            // ../../.config/x/,'`): what a rewrite puts in front of them
            // is where they land, below the folder extracted into.
            let base = dirs.first().cloned().unwrap_or_else(|| ".".to_owned());
            for rule in programs::option_values(args, &["--transform", "--xform"]) {
                if let Some(folder) = transform_folder(rule) {
                    dirs.push(if folder.starts_with('/') {
                        folder.to_owned()
                    } else {
                        format!("{}/{folder}", base.trim_end_matches('/'))
                    });
                }
            }
            dirs
        }
        "unzip" => into(&["-d"]),
        // SAP's archiver unpacks into `-R DIR` (`SAPCAR -xvf K.SAR -R …`).
        "sapcar" if args.iter().any(|w| w.value.starts_with("-x")) => into(&["-R"]),
        // An artifact's files pulled into a folder (`oras pull REF -o
        // ~/.local/bin`).
        "oras" if args.first().is_some_and(|w| w.value == "pull") => into(&["-o", "--output"]),
        // 7-Zip's `x` and `e` unpack into `-oDIR` (glued), else here.
        "7z" | "7za" | "7zz" | "7zr"
            if args
                .first()
                .is_some_and(|w| matches!(w.value.as_str(), "x" | "e")) =>
        {
            let dirs: Vec<String> = args
                .iter()
                .filter_map(|w| w.value.strip_prefix("-o"))
                .filter(|d| !d.is_empty())
                .map(str::to_owned)
                .collect();
            if dirs.is_empty() {
                vec![".".to_owned()]
            } else {
                dirs
            }
        }
        // stow links a package's files into its target folder, by
        // default the folder above the one it runs in.
        "stow" | "xstow" if programs::has_flag(args, &["-n", "--no", "--simulate"]) => Vec::new(),
        "stow" | "xstow" => {
            let dirs = programs::option_values(args, &["-t", "--target"]);
            if dirs.is_empty() {
                vec!["..".to_owned()]
            } else {
                dirs.into_iter().map(str::to_owned).collect()
            }
        }
        // Dotfile managers write the person's startup files into home:
        // `chezmoi apply` (and `update`, `init --apply`) into its
        // destination, rcm's `rcup` always.
        "chezmoi"
            if args
                .iter()
                .find(|w| !w.value.starts_with('-'))
                .is_some_and(|w| {
                    matches!(w.value.as_str(), "apply" | "update")
                        || w.value == "init" && programs::has_flag(args, &["--apply", "-a"])
                })
                && !super::option_values::says_dry_run("chezmoi", args, &["-n", "--dry-run"]) =>
        {
            let dirs = programs::option_values(args, &["-D", "--destination"]);
            if dirs.is_empty() {
                vec!["~".to_owned()]
            } else {
                dirs.into_iter().map(str::to_owned).collect()
            }
        }
        "rcup" if !programs::has_flag(args, &["-h"]) => vec!["~".to_owned()],
        // `cmake --install build` installs below its prefix, by default
        // `/usr/local`.
        "cmake" if programs::has_flag(args, &["--install"]) => {
            let dirs = programs::option_values(args, &["--prefix"]);
            if dirs.is_empty() {
                vec!["/usr/local".to_owned()]
            } else {
                dirs.into_iter().map(str::to_owned).collect()
            }
        }
        "patch"
            if patch_files(args).is_empty()
                && !super::option_values::has_rehearsal_flag("patch", args, &["--dry-run"]) =>
        {
            into(&["-d", "--directory"])
        }
        "cpio" if programs::has_flag(args, &["-i", "--extract"]) => into(&["-D", "--directory"]),
        // Pass-through copies every name read on stdin into the folder
        // given (`… | cpio -pdm ~/.config/autostart`).
        "cpio" if programs::has_flag(args, &["-p", "--pass-through"]) => args
            .iter()
            .filter(|w| !w.value.starts_with('-'))
            .map(|w| w.value.clone())
            .collect(),
        _ => Vec::new(),
    }
}

/// patch's operands (the file to patch, then the patch), past the options
/// that take a value.
fn patch_files(args: &[Word]) -> Vec<&Word> {
    const VALUES: &[&str] = &[
        "-d", "-p", "-i", "-o", "-r", "-B", "-F", "-z", "-D", "-V", "-Y", "-g",
    ];
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        if v == "--" {
            out.extend(args.get(i + 1..).unwrap_or_default());
            break;
        }
        if VALUES.contains(&v) {
            i += 2;
            continue;
        }
        if !(v.starts_with('-') && v.len() > 1) {
            out.push(w);
        }
        i += 1;
    }
    out
}

/// sed's short options that take a value.
const SED_VALUES: &str = "efl";
/// perl's short options that take a value (attached, most of them).
const PERL_VALUES: &str = "eEMmIxFCdDl";
/// ruby's short options that take a value.
const RUBY_VALUES: &str = "eErIxFCKTW";

/// True when `sed`, `perl` or `ruby` edits files in place: `-i` alone, in a
/// cluster (`-ni`, `-pi`) or with a backup suffix (`-i.bak`, `-Ei~`), or
/// `--in-place` (abbreviated too).
/// `stops` are the tool's short options that take a value: letters after
/// one are that value (`-Ilib`, `-MFile::Find`, `-e'…'`).
fn in_place(args: &[Word], stops: &str) -> bool {
    args.iter()
        .map(|w| w.value.as_str())
        .take_while(|v| *v != "--")
        .any(|v| match v.strip_prefix("--") {
            Some(long) => {
                programs::long_names(long.split('=').next().unwrap_or(long), "in-place", &[])
            }
            None => v.strip_prefix('-').is_some_and(|cluster| {
                cluster
                    .chars()
                    .take_while(|c| c.is_ascii_alphabetic() && !stops.contains(*c))
                    .chain(cluster.chars().take(1))
                    .any(|c| c == 'i')
            }),
        })
}

/// True when gawk loads its `inplace` extension (`-i inplace`,
/// `-iinplace`, `--include=inplace`, or `@include "inplace"` in the
/// program): then it writes the files it reads.
fn awk_in_place(args: &[Word]) -> bool {
    let named = |v: &str| matches!(v, "inplace" | "inplace.awk");
    programs::option_values(args, &["-i", "--include"])
        .into_iter()
        .any(named)
        || args.iter().any(|w| w.value.contains("@include \"inplace"))
}

/// curl's `-o FILE` at the end of a cluster of its short options (`-so
/// FILE`, `-fsSLo FILE`, `-sofile`): the first option in a cluster that
/// takes a value takes the rest of the word, or the next one.
fn curl_clustered_outputs(args: &[Word]) -> Vec<&str> {
    const VALUES: &str = "AbcCdDeEFHKmoPQrtTuUwxXyYz";
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        let v = w.value.as_str();
        if v == "--" {
            break;
        }
        let Some(cluster) = v
            .strip_prefix('-')
            .filter(|c| c.len() > 1 && !c.starts_with('-'))
        else {
            continue;
        };
        if let Some((at, c)) = cluster.char_indices().find(|(_, c)| VALUES.contains(*c))
            && at > 0
            && c == 'o'
        {
            let rest = &cluster[at + 1..];
            if rest.is_empty() {
                out.extend(args.get(i).map(|w| w.value.as_str()));
                i += 1;
            } else {
                out.push(rest);
            }
        }
    }
    out
}

/// The folders a GNU copier's `-t DIR` (`--target-directory`) names:
/// every operand lands there (`mv -t ~ .bashrc` writes `~/.bashrc`). In a
/// cluster too (`-vt DIR`, `-vtDIR`): a `t` anywhere in one is taken as
/// the option, which at worst names one folder too many. Only `cp`, `mv`,
/// `install` and `ln`: `rsync -t` keeps times, `scp -t` is its sink mode.
pub fn target_dirs<'a>(name: &str, args: &'a [Word]) -> Vec<&'a str> {
    if !matches!(name, "cp" | "mv" | "install" | "ln") {
        return Vec::new();
    }
    let mut out = programs::option_values(args, &["--target-directory"]);
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        if w.value == "--" {
            break;
        }
        let Some(cluster) = w.value.strip_prefix('-').filter(|c| !c.starts_with('-')) else {
            continue;
        };
        if let Some((_, value)) = cluster.split_once('t') {
            if value.is_empty() {
                out.extend(args.get(i).map(|w| w.value.as_str()));
            } else {
                out.push(value);
            }
        }
    }
    out
}

/// A copying program's operands, its sources and destination: rsync's
/// patterns and settings are none (`rsync -a --exclude .git assets/
/// build/`).
pub fn copy_operands<'a>(name: &str, args: &'a [Word]) -> Vec<&'a Word> {
    if name != "rsync" {
        return programs::operands(args);
    }
    // One pass, as `operands` reads them, stepping over each value.
    let mut out = Vec::new();
    let (mut rest, mut value) = (false, false);
    for a in args {
        let v = a.value.as_str();
        if rest {
            out.push(a);
        } else if std::mem::take(&mut value) {
        } else if v == "--" {
            rest = true;
        } else if RSYNC_VALUED.contains(&v) {
            value = true;
        } else if !(v.starts_with('-') && v.len() > 1) {
            out.push(a);
        }
    }
    out
}

/// rsync's options that take the next word as their value (those that
/// name a folder it writes, `--backup-dir`, stay among the operands).
const RSYNC_VALUED: &[&str] = &[
    "--exclude",
    "--include",
    "--filter",
    "-f",
    "--exclude-from",
    "--include-from",
    "--files-from",
    "-e",
    "--rsh",
    "--rsync-path",
    "--chmod",
    "--chown",
    "--suffix",
    "--log-file",
    "--bwlimit",
    "--timeout",
    "--port",
    "--max-size",
    "--min-size",
];

/// What a copying command writes, and what from: `cp SRC… DEST` and its
/// kin (`-t DIR SRC…` too), `dd if=SRC of=DEST`. Used to follow a
/// downloaded file to where it is copied before it runs.
pub fn copies(cmd: &SimpleCommand) -> Vec<(String, Vec<String>)> {
    match cmd.name() {
        Some(name) => copies_of(cmd, &name),
        None => Vec::new(),
    }
}

/// [`copies`] for the command's program `name` (its
/// [`SimpleCommand::name`]), where the caller has it already.
pub(super) fn copies_of(cmd: &SimpleCommand, name: &str) -> Vec<(String, Vec<String>)> {
    let args = cmd.args();
    match name {
        "cp" | "mv" | "install" | "ln" | "rsync" => {
            let targets = target_dirs(name, args);
            let ops: Vec<String> = copy_operands(name, args)
                .into_iter()
                .filter(|w| !targets.contains(&w.value.as_str()))
                .map(|w| w.value.clone())
                .collect();
            let into: Vec<(String, &[String])> = if targets.is_empty() {
                let Some((dest, sources)) = ops.split_last() else {
                    return Vec::new();
                };
                vec![(dest.clone(), sources)]
            } else {
                targets
                    .iter()
                    .map(|t| ((*t).to_owned(), &ops[..]))
                    .collect()
            };
            let mut out = Vec::new();
            for (dest, sources) in into {
                for s in sources {
                    let base = s.trim_end_matches('/').rsplit('/').next().unwrap_or(s);
                    out.push((
                        format!("{}/{base}", dest.trim_end_matches('/')),
                        vec![s.clone()],
                    ));
                }
                out.insert(0, (dest, sources.to_vec()));
            }
            out
        }
        "dd" => {
            let find = |p: &str| {
                args.iter()
                    .find_map(|w| w.value.strip_prefix(p).map(str::to_owned))
            };
            match (find("if="), find("of=")) {
                (Some(src), Some(dest)) => vec![(dest, vec![src])],
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command a writers' table names a file or folder for is one
    /// the walk looks at.
    #[test]
    fn every_writer_is_looked_at() {
        for line in [
            "tee a",
            "truncate -s0 a",
            "shred a",
            "sponge a",
            "ed a",
            "ex a",
            "link a b",
            "wipe a",
            "mv a b",
            "cp a b",
            "install a b",
            "ln -s a b",
            "rsync a b",
            "scp a h:b",
            "sed -i x a",
            "gsed -i x a",
            "perl -pi -e x a",
            "ruby -i -e x a",
            "gawk -i inplace x a",
            "awk -iinplace x a",
            "find . -fprint a",
            "strace -o a ls",
            "ltrace -o a ls",
            "time -o a ls",
            "valgrind --log-file=a ls",
            "perf stat -o a ls",
            "dd if=a of=b",
            "sort -o a b",
            "uniq a b",
            "openssl x -out a",
            "ssh-keygen -f a",
            "patch a b",
            "git clone u d",
            "git config -f a k v",
            "curl -o a u",
            "wget https://h/a",
            "wget2 https://h/a",
            "aria2c -o a u",
            "tar -xf a",
            "gtar -xf a",
            "bsdtar -xf a",
            "unzip a",
            "cpio -i",
            "stow p",
            "7z x a",
            "xstow -t a p",
            "iconv -o a b",
            "ffmpeg -i a b",
            "vim a",
            "emacs a",
            "gdal_translate a b",
            "magick a b",
            "sox a b",
            "qemu-img convert a b",
            "kubectl cp p:a b",
            "gsutil cp gs://b/a a",
        ] {
            let script = crate::parse::parse(line);
            let first = line.split(' ').next();
            let Some(cmd) = script
                .commands
                .iter()
                .find(|c| c.argv.first().map(|w| w.value.as_str()) == first)
            else {
                panic!("{line}: no command");
            };
            let name = cmd.name().unwrap_or_default().into_owned();
            let writes = !written_by_words(cmd).is_empty()
                || !written_folders(cmd).is_empty()
                || !copies(cmd).is_empty();
            assert!(writes, "{line}: no table names what it writes");
            assert!(may_write(&name, cmd), "{line}: passed over");
        }
    }

    /// What sed's `w` writes, past addresses, in `s` flags; and what an
    /// editor is given to open.
    #[test]
    fn sed_w_and_editors() {
        let first = |line: &str| crate::parse::parse(line).commands[0].clone();
        for (line, want) in [
            (
                "sed -n 's/^alias/&/w /home/user/.zshrc' a.txt",
                vec!["/home/user/.zshrc"],
            ),
            ("sed -e '/x/w out.txt' a", vec!["out.txt"]),
            ("sed '1,5W ~/.bashrc' a", vec!["~/.bashrc"]),
            ("sed 's|a/b|c|gw f' a", vec!["f"]),
            ("sed 's/a\\/w/b/' a", vec![]),
            ("sed -n p a", vec![]),
            ("sed 's/w/x/' a", vec![]),
            ("sed -f s.sed w", vec![]),
            ("sed 's/abc/wdef/' f", vec![]),
            ("sed 'sxaxbxw out' f", vec!["out"]),
            ("sed '/a\\/b/w out' f", vec!["out"]),
            ("sed 's/a\\/bc/d/w out' f", vec!["out"]),
            ("sed 's/é/x/w out' f", vec!["out"]),
            ("sed 's|é|ü|w out' f", vec!["out"]),
        ] {
            let want: Vec<String> = want.into_iter().map(str::to_owned).collect();
            assert_eq!(sed_w_files(first(line).args()), want, "{line}");
        }
        for (line, want) in [
            (
                "emacs --batch ~/.profile --eval '(save-buffer)'",
                vec!["~/.profile"],
            ),
            ("vim -es -c 'normal Gox' -c wq ~/.bashrc", vec!["~/.bashrc"]),
            ("nvim +10 src/a.rs", vec!["src/a.rs"]),
        ] {
            assert_eq!(editor_files(first(line).args()), want, "{line}");
        }
        assert_eq!(written_by_words(&first("vim -R ~/.bashrc")), ["~/.bashrc"]);
        assert_eq!(
            written_by_words(&first("iconv -f a -t b x -o ~/.bash_profile")),
            ["~/.bash_profile"]
        );
    }

    #[test]
    fn archivers_write_the_archive_they_make() {
        let written = |line: &str| written_by_words(&crate::parse::parse(line).commands[0]);
        for (line, want) in [
            ("tar -cf out.tar dir", vec!["out.tar"]),
            ("tar czf out.tgz dir", vec!["out.tgz"]),
            // Old-style letters take their values in order, after them.
            ("tar cfz out.tgz dir", vec!["out.tgz"]),
            ("tar -czvf /tmp/a.tgz .", vec!["/tmp/a.tgz"]),
            ("bsdtar -cf /dev/sda -C build rootfs", vec!["/dev/sda"]),
            ("tar --create --file=/dev/sdb x", vec!["/dev/sdb"]),
            ("tar -c -f a.tar x", vec!["a.tar"]),
            ("tar -rfa.tar x", vec!["a.tar"]),
            ("tar -xf a.tar", vec![]),
            ("tar tzf a.tgz", vec![]),
            ("tar -tvf a.tar", vec![]),
            ("tar -cz dir", vec![]),
            // Only the first word is a cluster without its dash.
            ("tar cv docs/faq.txt", vec![]),
            ("zip -r out.zip dir", vec!["out.zip"]),
            ("zip -q -- -out.zip dir", vec!["-out.zip"]),
            ("zip -q -P pw ~/.bashrc x", vec!["~/.bashrc"]),
            ("zip in.zip -O /dev/sdb", vec!["/dev/sdb", "in.zip"]),
            ("7z a /dev/sda dir", vec!["/dev/sda"]),
            ("7z a -tzip out.zip dir", vec!["out.zip"]),
            ("7z x a.7z", vec![]),
            ("7z l a.7z", vec![]),
        ] {
            let want: Vec<String> = want.into_iter().map(str::to_owned).collect();
            assert_eq!(written(line), want, "{line}");
        }
    }

    /// Converters write their last operand; qemu-img only when converting
    /// (from an input to it) or by `dd`'s `of=`.
    #[test]
    fn converters_write_their_last_operand() {
        let first = |line: &str| crate::parse::parse(line).commands[0].clone();
        for (line, want) in [
            (
                "gdal_translate -of ENVI dem.tif /dev/sdb",
                &["/dev/sdb"][..],
            ),
            ("magick in.png out.jpg", &["out.jpg"]),
            ("sox in.wav", &[]),
            ("qemu-img convert -O raw d.qcow2 /dev/sdb", &["/dev/sdb"]),
            ("qemu-img convert d.qcow2", &[]),
            ("qemu-img dd -O raw if=d.qcow2 of=/dev/sdb", &["/dev/sdb"]),
            ("qemu-img info /dev/sdb", &[]),
        ] {
            assert_eq!(written_by_words(&first(line)), want, "{line}");
        }
    }

    /// A tool's copy subcommand writes its last operand; a download
    /// subcommand only when its source is elsewhere.
    #[test]
    fn copy_subcommands_write_their_last_operand() {
        let first = |line: &str| crate::parse::parse(line).commands[0].clone();
        for (line, want) in [
            ("kubectl cp pod:/x ~/.bashrc", &["~/.bashrc"][..]),
            ("docker cp c1:/etc/rc ~/.profile", &["~/.profile"]),
            ("aws s3 cp s3://b/rc ~/.zshrc", &["~/.zshrc"]),
            ("s3cmd get s3://b/os.img /dev/mmcblk0", &["/dev/mmcblk0"]),
            ("rclone copy ./dist r:site", &["r:site"]),
            ("tool get pods web", &[]),
            ("helm pull oci://r/chart", &[]),
            ("docker pull alpine", &[]),
            ("tool a b cp x y", &[]),
            ("kubectl cp x", &[]),
            // `get` and its kin write here only from another machine:
            // `host:path` or a URL, not a local path with a colon.
            ("s3cmd get host:/os.img /dev/sdb", &["/dev/sdb"]),
            ("tool get b:x ./y", &["./y"]),
            ("tool get ./a:b ./y", &[]),
            ("tool get :x ./y", &[]),
            ("tool get ./a ./y", &[]),
            ("tool pull https://h/x ./y", &["./y"]),
        ] {
            assert_eq!(written_by_words(&first(line)), want, "{line}");
        }
    }

    /// A downloader's folder and file name joined; an archive's folder.
    #[test]
    fn folders_given_by_option() {
        let first = |line: &str| crate::parse::parse(line).commands[0].clone();
        for (line, want) in [
            (
                "aria2c -d ~/.local/bin -o node https://h/x",
                vec!["~/.local/bin/node"],
            ),
            ("aria2c --dir=/tmp https://h/a/x.sh", vec!["/tmp/x.sh"]),
            ("aria2c https://h/a/x.sh", vec!["x.sh"]),
            ("aria2c -o /abs/y https://h/a/x.sh", vec!["/abs/y"]),
        ] {
            assert_eq!(downloaded(&first(line)), want, "{line}");
        }
        for (line, want) in [
            ("cpio -idmv -D ~", vec!["~"]),
            ("cpio --extract --directory=/srv", vec!["/srv"]),
            ("cpio -i", vec!["."]),
        ] {
            assert_eq!(written_folders(&first(line)), want, "{line}");
        }
        assert!(written_folders(&first("cpio -o -D ~")).is_empty());
        assert_eq!(written_folders(&first("stow zsh")), [".."]);
        assert_eq!(
            written_folders(&first("7z x e.7z -o$HOME/.cursor/extensions")),
            ["~/.cursor/extensions"]
        );
        assert_eq!(written_folders(&first("7z e e.7z")), ["."]);
        assert!(written_folders(&first("7z l e.7z")).is_empty());
        assert!(written_folders(&first("stow -n -t ~ zsh")).is_empty());
    }

    #[test]
    fn awk_in_place_edits() {
        let first = |line: &str| crate::parse::parse(line).commands[0].clone();
        for line in [
            "gawk -i inplace '{print}' f",
            "awk -iinplace '{print}' f",
            "gawk --include=inplace '{print}' f",
            "gawk --include inplace.awk '{print}' f",
            "gawk '@include \"inplace\"; {print}' f",
        ] {
            assert!(awk_in_place(first(line).args()), "{line}");
        }
        for line in [
            "gawk '{print}' f",
            "gawk -i lib.awk '{print}' f",
            "awk -F: '{print}' f",
        ] {
            assert!(!awk_in_place(first(line).args()), "{line}");
        }
    }

    /// Formatters write the files they are given unless told only to
    /// check; any tool told `--fix` or `--write` writes its operands.
    #[test]
    fn formatters_and_fixers_write_their_operands() {
        let written = |line: &str| written_by_words(&crate::parse::parse(line).commands[0]);
        for (line, want) in [
            ("black src/a.py", &["src/a.py"][..]),
            ("black --check src/a.py", &[]),
            ("rustfmt --version", &[]),
            ("gofmt -w a.go", &["a.go"]),
            ("gofmt -l a.go", &[]),
            ("clang-format -i a.c", &["a.c"]),
            ("clang-format a.c", &[]),
            ("eslint --fix a.js", &["a.js"]),
            ("prettier --write=true a.md", &["a.md"]),
            ("eslint a.js", &[]),
            ("eslint -- --fix a.js", &[]),
            ("ffmpeg -y -i in.wav -f s16le /dev/sda", &["/dev/sda"]),
            ("ffmpeg -i in.wav", &[]),
            ("ffmpeg -i in.wav -y", &[]),
        ] {
            assert_eq!(written(line), want, "{line}");
        }
    }

    #[test]
    fn in_place_edits() {
        let words = |line: &str| -> Vec<Word> { line.split(' ').map(Word::literal).collect() };
        for line in [
            "-i",
            "-i.bak",
            "-ni",
            "-Ei~",
            "--in-place",
            "--in-pl=.b",
            "-i -e x",
        ] {
            assert!(in_place(&words(line), SED_VALUES), "{line}");
        }
        for line in ["-n", "-e", "--", "-- -i", "x -E", "-f", "-fi"] {
            assert!(!in_place(&words(line), SED_VALUES), "{line}");
        }
        for line in ["-pi", "-i.bak", "-pie"] {
            assert!(in_place(&words(line), PERL_VALUES), "{line}");
        }
        for line in ["-Ilib", "-MFile::Find", "-Ei", "-ne"] {
            assert!(!in_place(&words(line), PERL_VALUES), "{line}");
        }
    }

    /// rsync's operands are its sources and destination: an option's
    /// value is none, and `-` alone (its standard input) is one.
    #[test]
    fn rsync_operands() {
        let ops = |line: &str| {
            let words: Vec<Word> = line.split(' ').map(Word::literal).collect();
            copy_operands("rsync", &words)
                .into_iter()
                .map(|w| w.value.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(ops("-a --exclude .git src/ h:/d/"), ["src/", "h:/d/"]);
        assert_eq!(ops("-a - h:/d/"), ["-", "h:/d/"]);
        assert_eq!(ops("-a -- -x h:/d/"), ["-x", "h:/d/"]);
    }
}
