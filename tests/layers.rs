//! The crate's modules form layers: each imports only modules below it, so
//! there is no import circle, and the decision's core cannot come to depend
//! on a surface. The table is the one in the README's Design section.

use std::collections::BTreeMap;
use std::path::Path;

/// Layer of each top-level module, bottom first.
const LAYERS: &[(&str, u8)] = &[
    ("agents", 0),
    ("util", 0),
    ("escape", 0),
    ("exit", 0),
    ("files", 0),
    ("procs", 0),
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
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for part in group[..end].split(',') {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                out.push(name);
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.push(name);
        }
    }
    out.retain(|n| !n.is_empty());
    out
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
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
        let top = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .map(|s| s.trim_end_matches(".rs").to_owned())
            .unwrap_or_default();
        if top == "lib" || top == "main" {
            continue;
        }
        seen += 1;
        for dep in imports(&source(&path)) {
            if dep != top && layer(&dep) >= layer(&top) {
                wrong
                    .entry(rel.display().to_string())
                    .or_default()
                    .push(dep);
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

#[test]
fn the_import_reader_sees_paths_and_groups() {
    assert_eq!(
        imports("use crate::danger::Tier;\nuse crate::{parse, policy::Mode};\nx(crate::util::f())"),
        ["danger", "parse", "policy", "util"]
    );
}

/// Layer of each module of the danger set, bottom first: the list in the
/// module doc of `src/danger/mod.rs`. `mod.rs` itself (`assess`) is on
/// top; its test code (`tests.rs`, `fixture.rs`) is not layered.
const DANGER_LAYERS: &[(&str, u8)] = &[
    ("tier", 0),
    ("place", 0),
    ("glob", 0),
    ("find", 0),
    ("dryrun", 0),
    ("safer", 0),
    ("links", 1),
    ("gitdir", 1),
    ("cmd", 2),
    ("folders", 2),
    ("secrets", 3),
    ("protected", 3),
    ("reads", 4),
    ("interpreters", 4),
    ("git", 4),
    ("tools", 4),
    ("cloud", 4),
    ("system", 4),
    ("perms", 4),
    ("environment", 4),
    ("askrisky_self", 4),
    ("guarded", 4),
    ("rules", 5),
];

fn danger_layer(module: &str) -> u8 {
    DANGER_LAYERS
        .iter()
        .find(|(m, _)| *m == module)
        .map(|(_, l)| *l)
        .unwrap_or_else(|| panic!("danger module `{module}` is not in the layer table"))
}

/// The sibling modules a danger module's source names: `super::x` and
/// `crate::danger::x` paths, and the items of `use super::{x, y::z}`
/// groups (nested groups too).
fn danger_imports(text: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for prefix in ["super::", "crate::danger::"] {
        let mut rest = text;
        while let Some(i) = rest.find(prefix) {
            rest = &rest[i + prefix.len()..];
            let Some(group) = rest.strip_prefix('{') else {
                out.push(ident(rest));
                continue;
            };
            // The group's items at its own depth: each starts with a name.
            let mut depth = 0;
            let mut start = 0;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        out.push(ident(&group[start..j]));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push(ident(&group[start..j]));
                        start = j + 1;
                    }
                    _ => {}
                }
            }
        }
    }
    out.retain(|n| !n.is_empty() && n != "self");
    out
}

#[test]
fn danger_modules_import_only_modules_below_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/danger");
    let mut wrong: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut seen = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir:?}: {e}")) {
        let path = e.expect("entry").path();
        let Some(name) = path.file_stem().and_then(|n| n.to_str()) else {
            continue;
        };
        if matches!(name, "mod" | "tests" | "fixture") {
            continue;
        }
        assert!(
            path.extension().is_some_and(|x| x == "rs"),
            "{path:?}: the table assumes one file a module"
        );
        seen.push(name.to_owned());
        for dep in danger_imports(&source(&path)) {
            if danger_layer(&dep) >= danger_layer(name) {
                wrong.entry(name.to_owned()).or_default().push(dep);
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "danger modules importing at or above their own layer: {wrong:#?}"
    );
    // Every row of the table is a module that exists.
    for (m, _) in DANGER_LAYERS {
        assert!(seen.iter().any(|s| s == m), "no module `{m}` in src/danger");
    }
}

#[test]
fn the_danger_import_reader_sees_groups() {
    assert_eq!(
        danger_imports(
            "use super::cmd::Cmd;\nuse super::{\n    git, dryrun::dry_run, secrets::{self, x},\n};\ncrate::danger::place::f()"
        ),
        ["cmd", "git", "dryrun", "secrets", "place"]
    );
}
