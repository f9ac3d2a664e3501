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
