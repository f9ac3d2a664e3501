//! What a config file's shape cannot say: mistakes that parse but would
//! silently do nothing, or something else than the person meant. Each is
//! an error naming the file, the line, and the fix — a config that looks
//! right and is not is how a person comes to trust a rule that never
//! applies (a `covers` code with a typo), or a setting that never took
//! (a top-level key that fell into the `[[allow]]` table above it).

use std::path::Path;

use super::{AllowRule, ConfigError, UserFile};
use crate::danger::ExtraRule;
use crate::danger::Tier;
use crate::danger::rules::RULES;

/// The keys a config file reads at its top level. Written below a table
/// header, TOML puts a key in that table instead, which is the mistake
/// [`stray_keys`] names.
pub(super) const TOP_LEVEL: &[&str] = &[
    "mode",
    "shell",
    "allow",
    "danger",
    "reviewer",
    "answer_timeout_s",
    "transcript_dirs",
    "approval_wait_s",
    "host_permissions",
    "danger_packs",
    "contain",
];

/// Codes that name a decision's reason, not a rule: a `[[danger]]` rule
/// may not take them (or anything under their prefixes).
const RESERVED: &[&str] = &["mode.", "reviewer.", "contain.", "pack."];

/// One step of a path into the document.
#[derive(Clone, Copy, Debug)]
pub(super) enum Seg<'a> {
    /// A key of a table.
    Key(&'a str),
    /// An element of an array (of tables).
    Index(usize),
}

/// Lines of a file's keys and tables, from its parse with spans.
pub(super) struct Lines<'a> {
    text: &'a str,
    doc: Option<toml_edit::Document<&'a str>>,
}

impl<'a> Lines<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Self {
            text,
            doc: toml_edit::Document::parse(text).ok(),
        }
    }

    /// The line of what `path` names: the key when there is one, else the
    /// table or value. The nearest known place when the path goes further
    /// than the document does; `None` when not even its first step is
    /// there.
    pub(super) fn line(&self, path: &[Seg<'_>]) -> Option<usize> {
        use toml_edit::Value;
        let doc = self.doc.as_ref()?;
        let mut span = None;
        let mut node = Node::Table(doc.as_table());
        for seg in path {
            let next = match (seg, node) {
                (Seg::Key(k), Node::Table(t)) => t
                    .get_key_value(k)
                    .map(|(key, item)| (key.span(), Node::of(item))),
                (Seg::Key(k), Node::Value(Value::InlineTable(t))) => t
                    .get_key_value(k)
                    .map(|(key, item)| (key.span(), Node::of(item))),
                (Seg::Index(i), Node::Tables(a)) => a.get(*i).map(|t| (t.span(), Node::Table(t))),
                (Seg::Index(i), Node::Value(Value::Array(a))) => {
                    a.get(*i).map(|v| (v.span(), Node::Value(v)))
                }
                _ => None,
            };
            let Some((here, n)) = next else { break };
            span = here.or(span);
            node = n;
        }
        span.map(|s| super::line_col(self.text, s.start).0)
    }
}

/// Where a walk into the document is.
#[derive(Clone, Copy)]
enum Node<'d> {
    Table(&'d toml_edit::Table),
    Tables(&'d toml_edit::ArrayOfTables),
    Value(&'d toml_edit::Value),
    Nothing,
}

impl<'d> Node<'d> {
    fn of(item: &'d toml_edit::Item) -> Self {
        match item {
            toml_edit::Item::Table(t) => Self::Table(t),
            toml_edit::Item::ArrayOfTables(a) => Self::Tables(a),
            toml_edit::Item::Value(v) => Self::Value(v),
            toml_edit::Item::None => Self::Nothing,
        }
    }
}

/// Top-level keys written below a table header, where TOML reads them as
/// the table's: `mode = "autopilot"` added at the end of a file whose last
/// table is an `[[allow]]` rule is that rule's `mode`, not the setting.
/// One error for each, naming the table it fell into.
pub(super) fn stray_keys(path: &Path, text: &str) -> Vec<ConfigError> {
    let Ok(doc) = toml_edit::Document::parse(text) else {
        // The parse error is reported where the file is parsed.
        return Vec::new();
    };
    let line = |s: Option<std::ops::Range<usize>>| s.map(|s| super::line_col(text, s.start).0);
    let mut tables: Vec<(String, Option<usize>, &toml_edit::Table)> = Vec::new();
    for (name, item) in doc.as_table().iter() {
        match item {
            toml_edit::Item::Table(t) if !t.is_implicit() && !t.is_dotted() => {
                tables.push((format!("[{name}]"), line(t.span()), t));
            }
            toml_edit::Item::ArrayOfTables(a) => {
                for t in a.iter() {
                    tables.push((format!("[[{name}]]"), line(t.span()), t));
                }
            }
            _ => {}
        }
    }
    let first = tables.iter().filter_map(|(_, l, _)| *l).min();
    let mut out = Vec::new();
    for (name, at, table) in &tables {
        for (key, _) in table.iter() {
            if !TOP_LEVEL.contains(&key) {
                continue;
            }
            let key_line = table.key(key).and_then(|k| line(k.span()));
            let header = at
                .map(|l| format!(" that starts on line {l}"))
                .unwrap_or_default();
            let above = first
                .map(|l| format!("above line {l}, the first table"))
                .unwrap_or_else(|| "above the first table".to_owned());
            out.push(
                ConfigError::at(
                    path,
                    key_line,
                    format!(
                        "`{key}` is inside the {name} table{header}, so it is not read as the top-level setting `{key}`"
                    ),
                )
                .fix(format!(
                    "move it {above}: top-level keys go before every [table] and [[table]]"
                )),
            );
        }
    }
    out
}

/// Mistakes in the person's file that its shape allows: allow rules that
/// could never match or that name rules that do not exist, and danger
/// rules that could never match or take a built-in rule's code.
pub(super) fn user(path: &Path, text: &str, file: &UserFile) -> Vec<ConfigError> {
    let lines = Lines::new(text);
    let mut out = danger_rules(path, text, &file.danger);
    for (i, rule) in file.allow.iter().enumerate() {
        let at = |key: Option<&str>| {
            let mut p = vec![Seg::Key("allow"), Seg::Index(i)];
            p.extend(key.map(Seg::Key));
            lines.line(&p)
        };
        if let Err(e) = allow_rule(rule) {
            out.push(ConfigError::at(
                path,
                at(None),
                format!("allow rule {}: {e}", rule.describe()),
            ));
        }
        for code in &rule.covers {
            if let Err((e, fix)) = coverable(code, &file.danger) {
                out.push(
                    ConfigError::at(
                        path,
                        at(Some("covers")),
                        format!("allow rule {}: covers {code:?}: {e}", rule.describe()),
                    )
                    .fix(fix),
                );
            }
        }
    }
    out
}

/// An allow rule's own shape: one of `line` and `prefix`, neither empty,
/// the prefix-only keys only on a prefix, and no variable that steers what
/// runs.
pub(super) fn allow_rule(rule: &AllowRule) -> Result<(), String> {
    let prefix_only = !rule.env.is_empty() || rule.redirects;
    match (&rule.line, &rule.prefix) {
        (Some(_), Some(_)) => Err("give either `line` or `prefix`, not both".into()),
        (None, None) => Err("give `line` or `prefix`".into()),
        (Some(l), None) if l.trim().is_empty() => Err("`line` is empty".into()),
        (None, Some(p)) if p.is_empty() => Err(
            "`prefix` is empty, so it would match nothing: give the program and the words it starts with, e.g. [\"cargo\", \"test\"]"
                .into(),
        ),
        (None, Some(p)) if p.first().is_some_and(|w| w.trim().is_empty()) => {
            Err("`prefix` starts with an empty program name, so it would match nothing".into())
        }
        (Some(_), None) if prefix_only => Err(
            "`env` and `redirects` belong to prefix rules; a `line` rule matches the line exactly"
                .into(),
        ),
        _ => match rule.env.iter().find(|v| crate::policy::steers_programs(v)) {
            Some(v) => Err(format!(
                "`env` cannot list {v}: it changes which program runs or what it reads, so no allow rule covers it"
            )),
            None => Ok(()),
        },
    }
}

/// Whether an allow rule can name `code` in `covers`: a built-in rule of
/// the danger set, or one of the person's own `[[danger]]` rules. A code
/// of the blocked tier is never covered, and one that no rule has would
/// make the rule silently cover nothing.
pub(super) fn coverable(code: &str, own: &[ExtraRule]) -> Result<(), (String, String)> {
    if let Some(r) = RULES.iter().find(|r| r.code == code) {
        return match r.tier {
            Tier::Blocked => Err((
                "that rule is in the blocked tier, which no allow rule covers".into(),
                "remove it from `covers`".into(),
            )),
            _ => Ok(()),
        };
    }
    if own.iter().any(|r| r.code == code) {
        return Ok(());
    }
    Err((
        "no built-in rule and none of your [[danger]] rules has this code".into(),
        "use a code `askrisky rules` lists (a project's own rules cannot be covered from your config)"
            .into(),
    ))
}

/// `[[danger]]` rules (the person's or a project's): each with a code of
/// its own and a prefix that can match.
pub(super) fn danger_rules(path: &Path, text: &str, rules: &[ExtraRule]) -> Vec<ConfigError> {
    let lines = Lines::new(text);
    let mut out = Vec::new();
    for (i, rule) in rules.iter().enumerate() {
        let at = |key: &str| lines.line(&[Seg::Key("danger"), Seg::Index(i), Seg::Key(key)]);
        let code = rule.code.trim();
        if code.is_empty() {
            out.push(
                ConfigError::at(path, at("code"), "danger rule: `code` is empty")
                    .fix("give it a code of your own, e.g. \"deploy.prod\""),
            );
        } else if RULES.iter().any(|r| r.code == code) {
            out.push(
                ConfigError::at(
                    path,
                    at("code"),
                    format!("danger rule {code:?}: that code is a built-in rule's"),
                )
                .fix("give it a code of your own, e.g. \"mine.deploy\" (built-in codes name exactly one rule in logs and `covers`)"),
            );
        } else if RESERVED.iter().any(|p| code.starts_with(p)) {
            out.push(
                ConfigError::at(
                    path,
                    at("code"),
                    format!(
                        "danger rule {code:?}: codes starting with {} name askrisky's own reasons",
                        RESERVED.join(", ")
                    ),
                )
                .fix("give it a code of your own, e.g. \"mine.deploy\""),
            );
        }
        if rule.prefix.is_empty() || rule.prefix.first().is_some_and(|w| w.trim().is_empty()) {
            out.push(
                ConfigError::at(
                    path,
                    at("prefix"),
                    format!(
                        "danger rule {:?}: `prefix` is empty, so it would match nothing",
                        rule.code
                    ),
                )
                .fix(
                    "give the program and the words it starts with, e.g. [\"kubectl\", \"delete\"]",
                ),
            );
        }
    }
    out
}

/// The shell that runs `exec -c` lines: an absolute path to a program that
/// is there and can run, and a shell askrisky can read lines for. Lines
/// are judged in the grammar of the shell that will run them, so a shell
/// askrisky does not know would be read wrong, and one that is not there
/// fails every line.
pub(super) fn shell(path: &Path, text: &str, shell: &Path) -> Result<(), ConfigError> {
    use std::os::unix::fs::PermissionsExt;
    let line = Lines::new(text).line(&[Seg::Key("shell")]);
    let err = |m: String| {
        ConfigError::at(path, line, m)
            .fix("give the absolute path of sh, bash, dash, zsh or fish (e.g. \"/bin/bash\")")
    };
    let shown = shell.display();
    if !shell.is_absolute() {
        return Err(err(format!("shell must be an absolute path, got {shown}")));
    }
    match std::fs::metadata(shell) {
        Err(e) => return Err(err(format!("shell {shown}: {e}"))),
        Ok(m) if !m.is_file() => return Err(err(format!("shell {shown} is not a file"))),
        Ok(m) if m.permissions().mode() & 0o111 == 0 => {
            return Err(err(format!("shell {shown} is not executable")));
        }
        Ok(_) => {}
    }
    if crate::parse::Syntax::of_shell(shell).is_none() {
        return Err(err(format!(
            "shell {shown} is not a shell askrisky can read lines for"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_keys_tables_and_values() {
        let text = "mode = \"ask\"\n\n[[allow]]\nline = \"ls\"\n\n[[allow]]\nprefix = [\"cargo\"]\ncovers = [\"x\"]\n[reviewer]\nmodel = \"m\"\n";
        let lines = Lines::new(text);
        let rows: &[(&[Seg<'_>], Option<usize>)] = &[
            (&[Seg::Key("mode")], Some(1)),
            (&[Seg::Key("allow"), Seg::Index(0)], Some(3)),
            (&[Seg::Key("allow"), Seg::Index(1)], Some(6)),
            (
                &[Seg::Key("allow"), Seg::Index(1), Seg::Key("covers")],
                Some(8),
            ),
            // A key the table lacks: the table's line.
            (
                &[Seg::Key("allow"), Seg::Index(0), Seg::Key("covers")],
                Some(3),
            ),
            (&[Seg::Key("reviewer"), Seg::Key("model")], Some(10)),
            (&[Seg::Key("nothing")], None),
            // Past the end: the nearest known place.
            (&[Seg::Key("allow"), Seg::Index(7)], Some(3)),
        ];
        for (path, want) in rows {
            assert_eq!(lines.line(path), *want, "{path:?}");
        }
        // Inline forms.
        let text = "allow = [\n  { line = \"ls\" },\n  { prefix = [], covers = [\"y\"] },\n]\n";
        let lines = Lines::new(text);
        assert_eq!(lines.line(&[Seg::Key("allow"), Seg::Index(1)]), Some(3));
        assert_eq!(
            lines.line(&[Seg::Key("allow"), Seg::Index(1), Seg::Key("covers")]),
            Some(3)
        );
    }

    #[test]
    fn stray_keys_name_the_table_they_fell_into() {
        let p = Path::new("/c.toml");
        let rows: &[(&str, &[&str])] = &[
            ("mode = \"ask\"\n[[allow]]\nline = \"ls\"\n", &[]),
            (
                "[[allow]]\nline = \"ls\"\nmode = \"autopilot\"\n",
                &[
                    "/c.toml:3: `mode` is inside the [[allow]] table that starts on line 1, so it is not read as the top-level setting `mode`; fix: move it above line 1, the first table",
                ],
            ),
            (
                "mode = \"ask\"\n\n[reviewer]\nprovider = \"openai\"\nmodel = \"m\"\n[[allow]]\nline = \"ls\"\n\nshell = \"/bin/bash\"\napproval_wait_s = 5\n",
                &[
                    "/c.toml:9: `shell` is inside the [[allow]] table that starts on line 6",
                    "/c.toml:10: `approval_wait_s` is inside the [[allow]] table that starts on line 6",
                ],
            ),
            (
                "[reviewer]\nprovider = \"openai\"\nmodel = \"m\"\nhost_permissions = \"keep\"\n",
                &[
                    "/c.toml:4: `host_permissions` is inside the [reviewer] table that starts on line 1",
                ],
            ),
            // Dotted keys at the top level are the top level's.
            ("contain.enabled = true\nmode = \"ask\"\n", &[]),
            // Not TOML at all: left to the parse.
            ("mode = [\n", &[]),
        ];
        for (text, want) in rows {
            let got: Vec<String> = stray_keys(p, text)
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(got.len(), want.len(), "{text}: {got:?}");
            for (g, w) in got.iter().zip(*want) {
                assert!(g.starts_with(w), "{text}: {g}\nwant: {w}");
                assert!(!g.contains('\n'), "{g}");
            }
        }
    }

    /// A top-level key is never also a key of a table: otherwise one that
    /// fell into that table would be read there, silently, as something
    /// else, and `stray_keys` would call a valid table key a mistake.
    #[test]
    fn top_level_keys_are_no_tables_keys() {
        use super::super::{ContainFile, DangerPacks};
        fn refused<T: serde::de::DeserializeOwned>(text: &str) -> bool {
            toml::from_str::<T>(text)
                .err()
                .is_some_and(|e| e.message().contains("unknown field"))
        }
        for key in TOP_LEVEL {
            let with = |base: &str| format!("{base}{key} = 1\n");
            assert!(
                refused::<AllowRule>(&with("line = \"x\"\n")),
                "allow: {key}"
            );
            assert!(
                refused::<ExtraRule>(&with(
                    "code = \"a.b\"\nsentence = \"S.\"\nprefix = [\"x\"]\n"
                )),
                "danger: {key}"
            );
            assert!(
                refused::<crate::review::ReviewerConfig>(&with(
                    "provider = \"openai\"\nmodel = \"m\"\n"
                )),
                "reviewer: {key}"
            );
            assert!(refused::<ContainFile>(&with("")), "contain: {key}");
            assert!(refused::<DangerPacks>(&with("")), "danger_packs: {key}");
        }
        // The list is the person's file's keys, no more and no fewer.
        let e = toml::from_str::<UserFile>("no_such_key = 1\n")
            .err()
            .map(|e| e.message().to_owned())
            .unwrap_or_default();
        let mut known: Vec<&str> = e.split('`').skip(3).step_by(2).collect();
        let mut listed = TOP_LEVEL.to_vec();
        known.sort_unstable();
        listed.sort_unstable();
        assert_eq!(known, listed, "{e}");
        // And each is read at the top level.
        for (key, value) in [
            ("mode", "\"ask\""),
            ("shell", "\"/bin/sh\""),
            ("allow", "[]"),
            ("danger", "[]"),
            ("reviewer", "{ provider = \"openai\", model = \"m\" }"),
            ("answer_timeout_s", "1"),
            ("transcript_dirs", "[]"),
            ("approval_wait_s", "1"),
            ("host_permissions", "\"keep\""),
            ("danger_packs", "{}"),
            ("contain", "{}"),
        ] {
            assert!(TOP_LEVEL.contains(&key), "{key}");
            let text = format!("{key} = {value}\n");
            assert!(toml::from_str::<UserFile>(&text).is_ok(), "{text}");
        }
    }

    #[test]
    fn covers_codes() {
        let own = [ExtraRule {
            code: "mine.deploy".into(),
            sentence: "Deploys.".into(),
            prefix: vec!["./deploy".into()],
            pack_off: None,
            file: None,
        }];
        let rows: &[(&str, Option<&str>)] = &[
            ("delete.recursive", None),
            ("git.force_push", None),
            ("protected.write", None),
            ("mine.deploy", None),
            ("delete.root", Some("blocked tier")),
            ("delete.recursiv", Some("no built-in rule")),
            ("", Some("no built-in rule")),
            ("mode.ask", Some("no built-in rule")),
        ];
        for (code, want) in rows {
            let got = coverable(code, &own).err().map(|(e, _)| e);
            match want {
                None => assert_eq!(got, None, "{code}"),
                Some(w) => assert!(
                    got.as_deref().is_some_and(|g| g.contains(w)),
                    "{code}: {got:?}"
                ),
            }
        }
    }

    #[test]
    fn danger_rule_codes_and_prefixes() {
        let rule = |code: &str, prefix: &[&str]| ExtraRule {
            code: code.into(),
            sentence: "S.".into(),
            prefix: prefix.iter().map(|s| (*s).to_owned()).collect(),
            pack_off: None,
            file: None,
        };
        let rows: &[(ExtraRule, Option<&str>)] = &[
            (rule("mine.deploy", &["./deploy"]), None),
            (rule("delete.recursive", &["rmx"]), Some("built-in rule's")),
            (rule("mode.ask", &["x"]), Some("askrisky's own reasons")),
            (rule("contain.off", &["x"]), Some("askrisky's own reasons")),
            (rule(" ", &["x"]), Some("`code` is empty")),
            (rule("mine.x", &[]), Some("`prefix` is empty")),
            (rule("mine.x", &["", "x"]), Some("`prefix` is empty")),
        ];
        for (r, want) in rows {
            let got: Vec<String> = danger_rules(Path::new("/c.toml"), "", std::slice::from_ref(r))
                .iter()
                .map(ToString::to_string)
                .collect();
            match want {
                None => assert!(got.is_empty(), "{r:?}: {got:?}"),
                Some(w) => assert!(got.len() == 1 && got[0].contains(w), "{r:?}: {got:?}"),
            }
        }
    }

    #[test]
    fn shells() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let not_exec = dir.path().join("bash");
        std::fs::write(&not_exec, "").unwrap_or_else(|e| panic!("{e}"));
        let text = "shell = \"x\"\n";
        let p = Path::new("/c.toml");
        let rows: &[(&Path, Option<&str>)] = &[
            (Path::new("/bin/sh"), None),
            (Path::new("sh"), Some("absolute path")),
            (
                Path::new("/bin/nosuchsh"),
                Some("/c.toml:1: shell /bin/nosuchsh: No such file"),
            ),
            (Path::new("/"), Some("is not a file")),
            (&not_exec, Some("is not executable")),
            (
                Path::new("/usr/bin/env"),
                Some("not a shell askrisky can read lines for"),
            ),
        ];
        for (shell_path, want) in rows {
            let got = shell(p, text, shell_path).err().map(|e| e.to_string());
            match want {
                None => assert_eq!(got, None, "{}", shell_path.display()),
                Some(w) => {
                    assert!(
                        got.as_deref().is_some_and(
                            |g| g.contains(w) && g.contains("fix: give the absolute path")
                        ),
                        "{}: {got:?}",
                        shell_path.display()
                    )
                }
            }
        }
    }
}
