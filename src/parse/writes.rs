//! What the line writes: the files it writes, with their text where it is
//! known, so that a script written and then run on the same line (`cat >
//! x.sh <<EOF … bash x.sh`, `curl -o x.sh …; ./x.sh`) is read where it runs
//! and not taken for a file on disk; and which files a command writes
//! through its options and operands (downloads, copies). Nothing here knows
//! the walker: it records and answers.

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

/// The files a line writes, as far as it has been walked.
#[derive(Default)]
pub(super) struct Writes {
    /// Files the line writes, by path as written.
    files: HashMap<String, WrittenFile>,
    /// The paths in `files` by file name, in the order first written.
    names: HashMap<String, Vec<String>>,
    /// Bytes of written scripts read so far (bounded by
    /// [`MAX_WRITTEN_BYTES`]).
    read: usize,
}

impl Writes {
    /// True while the line has written no file.
    pub(super) fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// True when the line wrote a file of this name (in any folder).
    pub(super) fn has_name(&self, name: &str) -> bool {
        self.names.contains_key(name)
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
    /// rather than a redirection: what a downloader saves (text unknown),
    /// and a copy of a file written earlier on the line (its text).
    pub(super) fn note_options(&mut self, name: &str, cmd: &SimpleCommand) {
        if !matches!(
            name,
            "curl" | "wget" | "wget2" | "aria2c" | "cp" | "mv" | "install" | "ln" | "rsync" | "dd"
        ) {
            return;
        }
        for file in downloaded(cmd) {
            self.note(&file, None, false);
        }
        for (dest, sources) in copies(cmd) {
            let texts: Vec<Option<String>> = sources
                .iter()
                .filter_map(|s| self.files.get(&file_key(s)).map(|f| f.text.clone()))
                .collect();
            match texts.as_slice() {
                [] => {}
                [one] => self.note(&dest, one.clone(), false),
                _ => self.note(&dest, None, false),
            }
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
        let Some(keys) = file_name(path).and_then(|name| self.names.get(name)) else {
            return Ok(Vec::new());
        };
        if keys.len() > MAX_WRITTEN_CANDIDATES {
            return Ok(vec![None]);
        }
        let mut texts = Vec::new();
        for key in keys.iter().rev() {
            if let Some(file) = self.files.get_mut(key)
                && !file.read
            {
                file.read = true;
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
        "aria2c" => programs::option_values(args, &["-o", "--out"])
            .into_iter()
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    }
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

/// What a copying command writes, and what from: `cp SRC… DEST` and its
/// kin (`-t DIR SRC…` too), `dd if=SRC of=DEST`. Used to follow a
/// downloaded file to where it is copied before it runs.
pub fn copies(cmd: &SimpleCommand) -> Vec<(String, Vec<String>)> {
    let Some(name) = cmd.name() else {
        return Vec::new();
    };
    let args = cmd.args();
    match &*name {
        "cp" | "mv" | "install" | "ln" | "rsync" => {
            let targets = target_dirs(&name, args);
            let ops: Vec<String> = programs::operands(args)
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
