//! The crate's modules form layers: each imports only modules below it, so
//! there is no import circle, and the decision's core cannot come to depend
//! on a surface. The table is the one in ARCHITECTURE.md.
//!
//! Inside a folder the same holds for its files, where a table says how
//! they are layered (`INNER`): the analysis of a line is only as clear as
//! the order in which its parts can be read.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Layer of each top-level module, bottom first.
const LAYERS: &[(&str, u8)] = &[
    ("agents", 0),
    ("util", 0),
    ("escape", 0),
    ("exit", 0),
    ("files", 0),
    ("platform", 0),
    ("log", 1),
    ("tty", 0),
    ("parse", 1),
    ("session", 1),
    ("key", 1),
    ("token", 2),
    ("signals", 1),
    ("contain", 1),
    ("exec", 2),
    ("danger", 2),
    ("policy", 3),
    ("review", 4),
    ("approve", 4),
    ("config", 5),
    ("inbox", 6),
    ("decide", 7),
    ("hook", 8),
    ("eval", 8),
    ("report", 8),
    ("suggest", 8),
    ("install", 9),
    ("cli", 10),
];

/// Layers of the files inside a folder of `src`, bottom first: a file (or
/// a subfolder, by its name) imports only files below it; `mod` is the
/// folder's `mod.rs`, on top. A name that `mod.rs` re-exports counts as
/// the file it comes from. A folder with no table here, or an empty one,
/// is not checked inside.
const INNER: &[(&str, &[(&str, u8)])] = &[("parse", PARSE), ("danger", DANGER)];

/// `parse`: what the parse finds and the pure readers of text at the
/// bottom; what the walker holds above them; the parts of the walk above
/// that, the walk over the syntax tree last.
const PARSE: &[(&str, u8)] = &[
    // Bounds, quoting, and grammar pieces that read text alone.
    ("depth", 0),
    ("nesting", 0),
    ("quote", 0),
    ("fragments", 0),
    ("zsh", 0),
    ("decoders", 0),
    ("echo", 0),
    ("editor_scripts", 0),
    ("plain", 0),
    ("wrapper_table", 0),
    ("word", 1),
    ("mounts", 2),
    ("fish", 1),
    ("programs", 2),
    ("interpreters", 2),
    // What the parse finds; readers that know no walker.
    ("types", 3),
    ("option_values", 3),
    ("shells", 3),
    ("makefile", 3),
    ("justfile", 4),
    ("identity", 3),
    ("disk", 4),
    ("writes", 4),
    ("xargs", 4),
    ("fleet", 4),
    ("git_settings", 4),
    ("shell_setup", 0),
    // The walker: what it holds, then the parts of the walk.
    ("walker", 5),
    ("evaluated", 6),
    ("readings", 6),
    ("scripts", 6),
    ("variables", 6),
    ("made_links", 6),
    ("handed", 6),
    ("wrappers", 6),
    ("runners", 7),
    ("resolve", 7),
    ("walk", 8),
    ("mod", 9),
];

/// `danger`: the list in the module doc of `src/danger/mod.rs`; `mod.rs`
/// itself (`assess`) on top, and only test code above it.
const DANGER: &[(&str, u8)] = &[
    ("tier", 0),
    ("place", 0),
    ("glob", 0),
    ("tree_deletes", 0),
    ("code_disks", 0),
    ("find", 0),
    ("dryrun", 0),
    ("flashers", 0),
    ("nouns", 0),
    ("runaway", 0),
    ("windows_code", 0),
    ("safer", 0),
    ("links", 1),
    ("gitdir", 1),
    ("cmd", 2),
    ("folders", 2),
    ("secrets", 3),
    ("protected", 3),
    ("verb_forms", 3),
    ("chains", 3),
    ("consoles", 3),
    ("machines", 3),
    ("requests", 3),
    ("site", 3),
    ("devices", 3),
    ("verbs", 4),
    ("meaning", 5),
    ("reads", 5),
    ("interpreters", 5),
    ("git", 5),
    ("tools", 5),
    ("fetched", 5),
    ("cloud", 5),
    ("system", 5),
    ("perms", 5),
    ("environment", 5),
    ("askrisky_self", 5),
    ("sends", 5),
    ("guarded", 5),
    ("rules", 6),
    ("mod", 7),
    // Test code (`#[cfg(test)]`): the fixtures the tests share.
    ("fixture", 8),
];

fn layer(module: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(m, _)| *m == module)
        .map(|(_, l)| *l)
        .unwrap_or_else(|| panic!("module `{module}` is not in the layer table"))
}

/// The non-test source of a file: everything before `#[cfg(test)]\nmod tests {`.
fn source(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    match text.find("#[cfg(test)]\nmod tests {") {
        Some(i) => text[..i].to_owned(),
        None => text,
    }
}

/// The crate's modules that a source text names: `crate::x` paths and
/// `use crate::{x, y}` groups.
fn imports(text: &str) -> Vec<String> {
    paths(text, &[])
        .into_iter()
        .filter_map(|p| p.into_iter().next())
        .collect()
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every path a source text names from the crate's root, a parent or
/// itself (`crate::a::b`, `super::a`, `super::super::a`, `self::a`), made
/// absolute from `module`, the module path of the file it is in: groups
/// (`use super::{a, b::{c, d}}`) give one path per member.
fn paths(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("::") {
        // The first segment of a path: `crate`, `super` or `self`, not
        // after another segment (`a::super`) or `$crate`.
        let head = &text[..i];
        let start = head.trim_end_matches(is_ident).len();
        let first = &head[start..];
        let before = head[..start].chars().next_back();
        if before.is_some_and(|c| c == ':' || c == '$') {
            continue;
        }
        let base = match first {
            "crate" => Vec::new(),
            "self" => module.to_vec(),
            "super" => module[..module.len().saturating_sub(1)].to_vec(),
            _ => continue,
        };
        tree(&text[i + 2..], base, &mut out);
    }
    out
}

/// Reads a use tree (`a::b`, `{a, b::c}`, `super::x`, `*`) after
/// `prefix`, adding each path it names to `out`; returns the bytes read.
fn tree(s: &str, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut at = 0;
    loop {
        let rest = &s[at..];
        let ws = rest.len() - rest.trim_start().len();
        at += ws;
        let rest = &s[at..];
        if let Some(group) = rest.strip_prefix('{') {
            at += 1;
            let mut inner = group;
            loop {
                let read = tree(inner, prefix.clone(), out);
                at += read;
                inner = &inner[read..];
                let ws = inner.len() - inner.trim_start().len();
                at += ws;
                inner = &inner[ws..];
                match inner.chars().next() {
                    Some(',') => {
                        at += 1;
                        inner = &inner[1..];
                    }
                    Some('}') => return at + 1,
                    _ => return at,
                }
            }
        }
        if rest.starts_with('*') {
            // A glob: everything the module has.
            out.push(prefix);
            return at + 1;
        }
        let name: String = rest.chars().take_while(|c| is_ident(*c)).collect();
        if name.is_empty() {
            // Nothing after `::` or `,` (a group's trailing comma).
            return at;
        }
        at += name.len();
        if name == "super" {
            // `super::super::x`: the first `super` is read by `paths`.
            prefix.pop();
        } else {
            prefix.push(name);
        }
        if s[at..].starts_with("::") {
            at += 2;
        } else {
            out.push(prefix);
            return at;
        }
    }
}

/// The module path of a file under `src`: `parse/walk.rs` ─►
/// `parse::walk`, `parse/mod.rs` ─► `parse`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .components()
        .filter_map(|c| c.as_os_str().to_str())
        .map(|s| s.trim_end_matches(".rs").to_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir:?}: {e}")) {
        let p = e.expect("entry").path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "tests") {
                files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs")
            && p.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(p);
        }
    }
}

#[test]
fn each_module_imports_only_modules_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut wrong: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut seen = 0;
    for path in all {
        let rel = path.strip_prefix(&src).expect("under src");
        let module = module_of(rel);
        let top = module.first().cloned().unwrap_or_default();
        if top == "lib" || top == "main" {
            continue;
        }
        seen += 1;
        for dep in paths(&source(&path), &module) {
            let Some(dep) = dep.first() else { continue };
            if *dep != top && layer(dep) >= layer(&top) {
                wrong
                    .entry(rel.display().to_string())
                    .or_default()
                    .push(dep.clone());
            }
        }
    }
    assert!(seen > 50, "only {seen} files read");
    assert!(
        wrong.is_empty(),
        "imports at or above their own layer: {wrong:#?}"
    );
    // Every top-level module has a place in the table.
    for e in std::fs::read_dir(&src).expect("src") {
        let name = e.expect("entry").file_name();
        let name = name.to_string_lossy();
        let m = name.trim_end_matches(".rs");
        if m != "lib" && m != "main" {
            layer(m);
        }
    }
}

/// The files of a folder, by the name its `mod.rs` knows them: `x.rs` and
/// `x/` are `x`.
fn members(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|x| x == "rs"))
        .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_owned))
        .filter(|n| n != "tests")
        .collect();
    out.sort();
    out.dedup();
    out
}

/// What the names `mod.rs` re-exports come from: `pub use word::Word;`
/// ─► `Word` is `word`'s.
fn reexports(folder: &str, mod_rs: &str, members: &[String]) -> HashMap<String, String> {
    let module = vec![folder.to_owned()];
    let mut out = HashMap::new();
    for line in mod_rs.lines() {
        let t = line.trim_start();
        let t = t
            .strip_prefix("pub(crate) ")
            .or_else(|| t.strip_prefix("pub(super) "))
            .or_else(|| t.strip_prefix("pub "))
            .unwrap_or(t);
        let Some(rest) = t.strip_prefix("use ") else {
            continue;
        };
        // The statement, to its `;`, with the lines it spans.
        let at = mod_rs.find(rest).expect("inside");
        let statement = &mod_rs[at..];
        let statement = &statement[..statement.find(';').unwrap_or(statement.len())];
        let mut found = Vec::new();
        let relative = !["crate::", "super::", "self::"]
            .iter()
            .any(|p| statement.starts_with(p));
        if relative {
            tree(statement, module.clone(), &mut found);
        } else {
            found = paths(statement, &module);
        }
        for p in found {
            if p.len() >= 3
                && p[0] == folder
                && members.contains(&p[1])
                && let Some(name) = p.last()
            {
                out.insert(name.clone(), p[1].clone());
            }
        }
    }
    out
}

#[test]
fn each_file_of_a_layered_folder_imports_only_files_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut checked = 0;
    for (folder, table) in INNER {
        if table.is_empty() {
            continue;
        }
        let dir = src.join(folder);
        let members = members(&dir);
        let layer = |name: &str| {
            table
                .iter()
                .find(|(m, _)| *m == name)
                .map(|(_, l)| *l)
                .unwrap_or_else(|| panic!("`{folder}/{name}` is not in the `{folder}` layer table"))
        };
        for (name, _) in *table {
            assert!(
                members.iter().any(|m| m == name),
                "`{folder}` has no file `{name}`"
            );
        }
        let mod_rs = source(&dir.join("mod.rs"));
        let reexported = reexports(folder, &mod_rs, &members);
        let mut all = Vec::new();
        files(&dir, &mut all);
        let mut wrong: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for path in all {
            let rel = path.strip_prefix(&src).expect("under src");
            let module = module_of(rel);
            let unit = module.get(1).cloned().unwrap_or_else(|| "mod".to_owned());
            let own = layer(&unit);
            checked += 1;
            for dep in paths(&source(&path), &module) {
                if dep.first().is_none_or(|f| f != folder) {
                    continue;
                }
                // `use super::*` takes whatever `mod.rs` has.
                let Some(name) = dep.get(1) else {
                    if unit != "mod" && layer("mod") >= own {
                        wrong.entry(rel.display().to_string()).or_default();
                    }
                    continue;
                };
                let dep = if members.contains(name) {
                    name.clone()
                } else {
                    // Defined in `mod.rs`, unless it re-exports it.
                    reexported
                        .get(name)
                        .cloned()
                        .unwrap_or_else(|| "mod".to_owned())
                };
                if dep != unit && layer(&dep) >= own {
                    let imports = wrong.entry(rel.display().to_string()).or_default();
                    if !imports.contains(&dep) {
                        imports.push(dep);
                    }
                }
            }
        }
        assert!(
            wrong.is_empty(),
            "imports inside `{folder}` at or above their own layer: {wrong:#?}"
        );
    }
    assert!(checked > 10, "only {checked} files read");
}

#[test]
fn the_import_reader_sees_paths_and_groups() {
    assert_eq!(
        imports("use crate::danger::Tier;\nuse crate::{parse, policy::Mode};\nx(crate::util::f())"),
        ["danger", "parse", "policy", "util"]
    );
}

#[test]
fn inside_a_folder_the_import_reader_sees_parents_and_itself() {
    let walk: Vec<String> = vec!["parse".into(), "walk".into()];
    let named = |text: &str, module: &[String]| -> Vec<String> {
        paths(text, module)
            .into_iter()
            .map(|p| p.join("::"))
            .collect()
    };
    assert_eq!(
        named(
            "use super::walker::{Stdin, Walker};\nuse super::{Origin, word};",
            &walk
        ),
        [
            "parse::walker::Stdin",
            "parse::walker::Walker",
            "parse::Origin",
            "parse::word"
        ]
    );
    assert_eq!(
        named(
            "x(crate::parse::depth::f()); y(super::super::util::g())",
            &walk
        ),
        ["parse::depth::f", "util::g"]
    );
    let parse: Vec<String> = vec!["parse".into()];
    assert_eq!(
        named("self::walker::Walker", &parse),
        ["parse::walker::Walker"]
    );
    // Paths inside other paths, and macros' `$crate`, are not new paths.
    assert!(named("a::super::b, $crate::x", &walk).is_empty());
    // A group nested in a group, `self` in a group, a trailing comma, and
    // a glob.
    assert_eq!(
        named("use super::{a::{self, B}, c,\n};", &walk),
        ["parse::a::self", "parse::a::B", "parse::c"]
    );
    assert_eq!(named("use super::*;", &walk), ["parse"]);
    let members: Vec<String> = vec!["depth".into(), "word".into(), "walker".into()];
    let map = reexports(
        "parse",
        "pub use depth::{MAX_NESTING, guarded};\npub use word::Word;\nuse walker::Walker;\nfn parse() {}\n",
        &members,
    );
    assert_eq!(map.get("guarded").map(String::as_str), Some("depth"));
    assert_eq!(map.get("Word").map(String::as_str), Some("word"));
    assert_eq!(map.get("Walker").map(String::as_str), Some("walker"));
    assert_eq!(map.get("parse"), None);
}

/// Every `.rs` file under `dir`, tests included.
fn all_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir:?}: {e}")) {
        let p = e.expect("entry").path();
        if p.is_dir() {
            all_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// What a system can differ in lives in `src/platform/` alone: everywhere
/// else the code, and so every check the guard makes above the kernel
/// floor, is the same on every system and is tested on the one CI runs.
#[test]
fn only_the_platform_module_names_a_system() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let platform = src.join("platform");
    let mut all = Vec::new();
    all_files(&src, &mut all);
    assert!(all.len() > 50, "only {} files read", all.len());
    let mut wrong = Vec::new();
    for path in all.iter().filter(|p| !p.starts_with(&platform)) {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        for (n, line) in text.lines().enumerate() {
            if ["target_os", "target_vendor", "cfg(windows", "cfg(not(unix"]
                .iter()
                .any(|w| line.contains(w))
            {
                wrong.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "system-specific code outside src/platform/:\n{}",
        wrong.join("\n")
    );
    // The platform module does name them: the test reads what it should.
    let here = std::fs::read_to_string(platform.join("mod.rs")).expect("platform/mod.rs");
    assert!(here.contains("cfg(target_os = \"macos\")"));
}

/// No source file grows past 1,200 lines of code (blank lines, comments
/// and its inline test module not counted), the rule table excepted: a
/// file that long has become several subjects.
#[test]
fn no_source_file_is_too_long() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    all_files(&src, &mut all);
    let mut long = Vec::new();
    for path in &all {
        if path.ends_with("danger/rules.rs") {
            continue;
        }
        let code = source(path)
            .lines()
            .filter(|l| {
                let t = l.trim();
                !t.is_empty() && !t.starts_with("//")
            })
            .count();
        if code > 1200 {
            long.push(format!("{}: {code} lines of code", path.display()));
        }
    }
    assert!(long.is_empty(), "split these by subject: {long:#?}");
}
