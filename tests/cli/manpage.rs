//! The man page and the completion scripts, as the real binary prints
//! them: the page has its sections, names no page that does not exist,
//! and documents every environment variable the source reads.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use common::Env;

fn man_page() -> String {
    let env = Env::new();
    let out = env.askrisky(["generate", "man"]).output();
    out.status(0);
    out.stdout()
}

/// The text of a `.SH NAME` section, up to the next one.
fn section<'a>(page: &'a str, name: &str) -> &'a str {
    let head = if name.contains(' ') {
        format!(".SH \"{name}\"\n")
    } else {
        format!(".SH {name}\n")
    };
    let Some(start) = page.find(&head) else {
        panic!("no {name} section");
    };
    let body = &page[start + head.len()..];
    &body[..body.find("\n.SH ").map_or(body.len(), |e| e + 1)]
}

#[test]
fn the_page_has_its_sections() {
    let page = man_page();
    for s in [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "OPTIONS",
        "COMMANDS",
        "ENVIRONMENT",
        "FILES",
        "EXIT STATUS",
        "SEE ALSO",
    ] {
        assert!(!section(&page, s).trim().is_empty(), "{s} is empty");
    }
    let files = section(&page, "FILES");
    for f in [
        "config.toml",
        ".askrisky.toml",
        "log.jsonl",
        "sessions/",
        "keys/",
    ] {
        assert!(files.contains(f), "FILES does not name {f}");
    }
    let status = section(&page, "EXIT STATUS");
    for code in askrisky_exit_codes() {
        assert!(
            status.contains(&format!("\\fB{code}\\fR")),
            "EXIT STATUS does not give {code}"
        );
    }
}

/// The statuses `src/exit.rs` defines, read from the source.
fn askrisky_exit_codes() -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/exit.rs"))
        .expect("src/exit.rs");
    let codes: Vec<String> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub const "))
        .filter_map(|l| l.split("= ").nth(1))
        .map(|v| v.trim_end_matches(';').to_owned())
        .collect();
    assert!(codes.len() >= 6, "read {codes:?} from src/exit.rs");
    codes
}

#[test]
fn the_page_points_at_no_page_that_does_not_exist() {
    let page = man_page();
    // clap_mangen's default lists `askrisky-exec(1)` and the like, which
    // nothing installs.
    assert!(!page.contains("askrisky\\-"), "names an askrisky-* page");
    let see_also = section(&page, "SEE ALSO");
    let named: Vec<&str> = see_also
        .split("\\fB")
        .skip(1)
        .filter_map(|s| s.split("\\fR").next())
        .collect();
    assert!(!named.is_empty());
    for page in named {
        assert!(
            ["sh", "bash", "zsh", "fish"].contains(&page),
            "SEE ALSO names {page}"
        );
    }
}

#[test]
fn every_environment_variable_read_is_documented() {
    let page = man_page();
    let documented = section(&page, "ENVIRONMENT");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = variables_read(root);
    // The scan itself must find what is known to be read.
    for known in [
        "ASKRISKY_MODE",
        "XDG_STATE_HOME",
        "ASKRISKY_SESSION",
        "ASKRISKY_GUARD",
    ] {
        assert!(read.contains(known), "the scan missed {known}: {read:?}");
    }
    let missing: Vec<&String> = read
        .iter()
        .filter(|v| !documented.contains(&format!("\\fB{v}\\fR")))
        .collect();
    assert!(
        missing.is_empty(),
        "read but not in the man page's ENVIRONMENT (add them to src/cli/manual.rs): {missing:?}"
    );
}

/// Every environment variable askrisky's source reads: `env::var("X")`,
/// `var_os("X")`, lookups through an `env`/`var` closure, clap's `env =
/// "X"`, constants named `…ENV`/`…VAR`, the API-key defaults, and the
/// `ASKRISKY_*` variables its shell snippets and shims read. Test code (a
/// `tests.rs`, or what follows `#[cfg(test)]`) is left out.
fn variables_read(root: &Path) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut files = Vec::new();
    collect(&root.join("src"), &mut files);
    for f in files {
        if f.file_name().is_some_and(|n| n == "tests.rs") || f.extension().is_none_or(|e| e != "rs")
        {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let text = text.split("#[cfg(test)]").next().unwrap_or_default();
        for prefix in [
            "var(\"",
            "var_os(\"",
            "env(\"",
            "env = \"",
            "ENV: &str = \"",
            "VAR: &str = \"",
            "EnvOrHome(\"",
        ] {
            for (i, _) in text.match_indices(prefix) {
                found.extend(name_at(&text[i + prefix.len()..]));
            }
        }
        // `for var in ["A", "B"]`: names looked up in turn.
        for (i, _) in text.match_indices(" in [\"") {
            let list = &text[i + 5..];
            let list = &list[..list.find(']').unwrap_or(0)];
            let names: Vec<String> = list
                .split(',')
                .filter_map(|w| name_at(w.trim().trim_start_matches('"')))
                .collect();
            if !names.is_empty() && names.len() == list.split(',').count() {
                found.extend(names);
            }
        }
        for (i, _) in text.match_indices("_API_KEY\"") {
            let start = text[..i].rfind('"').map_or(i, |q| q + 1);
            found.extend(name_at(&text[start..]));
        }
    }
    for dir in ["shell", "shims"] {
        let mut files = Vec::new();
        collect(&root.join(dir), &mut files);
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap_or_default();
            for (i, _) in text.match_indices("ASKRISKY_") {
                let Some(name) = name_at(&text[i..]) else {
                    continue;
                };
                let before = &text[..i];
                let read = before.ends_with('$') || before.ends_with("${");
                // A variable of the script's own (`ASKRISKY_BIN=…`) is not
                // the environment.
                let own = text.contains(&format!("\n{name}="));
                if read && !own {
                    found.insert(name);
                }
            }
        }
    }
    found
}

/// The variable name at the start of `s`: upper case, digits and `_`,
/// with a letter first and at least two characters, closed by `"` or not
/// a name character.
fn name_at(s: &str) -> Option<String> {
    let name: String = s
        .chars()
        .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
        .collect();
    let rest = &s[name.len()..];
    let closed = rest.starts_with('"') || !rest.starts_with(|c: char| c.is_alphanumeric());
    (name.len() >= 2 && name.starts_with(|c: char| c.is_ascii_uppercase()) && closed)
        .then_some(name)
}

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else {
            out.push(p);
        }
    }
}
