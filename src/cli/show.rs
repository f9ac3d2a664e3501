//! Showing what askrisky knows: the rules, the decision log, and how the
//! configured reviewer does on labelled cases (`eval`).

use std::io::Write;

use super::CliError;
use super::args::{EvalArgs, LogArgs, RulesArgs};
use crate::config::Dirs;
use crate::danger::{Tier, rules::RULES};
use crate::log::{self, Record};

/// What allow rules and session approvals can and cannot cover, as
/// `askrisky rules` says it (the decision's code is the truth this
/// paragraph must keep to: `decide::allow_for`, `token::session_approval`).
pub(crate) const WHAT_COVERS: &str = "Allow rules come only from your own config. A `line` rule covers that exact line; a `prefix` rule covers a line that parses cleanly and is exactly one simple command of literal words starting with the prefix, with no assignment in front unless listed in `env` and no redirection to or from a file unless `redirects = true`. No allow rule covers a line that sets a variable steering what runs (PATH, GIT_*, LD_*, …). A rule covers the danger set only where its `covers` names every rule the line matches, and nothing ever covers the blocked tier. A covered line runs without a card or a review (contained where askrisky contains what it runs). A session approval (\"allow for this session\" on a card) covers only the same line, in the same folder, in the same session, matching no danger rule it was not given for, running the same scripts as read then, for at most 12 hours; `session new` ends it. Neither reaches the blocked tier, which nobody can approve through askrisky.";

/// `askrisky rules`: the rules in force here — the built-in ones (a pack
/// the person turned off shown as off), the person's `[[danger]]` rules
/// and the project's — and what allow rules and session approvals cover.
pub(super) fn rules(
    args: &RulesArgs,
    overrides: &crate::config::Overrides,
) -> Result<u8, CliError> {
    use crate::danger::rules::PACKS;
    let setup = crate::decide::Setup::load(overrides, super::cwd()?);
    setup.warn_project(&crate::decide::WarnScope::Always);
    let settings = &setup.settings;
    let packs_off: Vec<&str> = settings
        .extra_danger
        .iter()
        .filter_map(|r| r.pack_off.as_deref())
        .collect();
    let off_by = |code: &str| {
        PACKS
            .iter()
            .find(|(pack, codes)| packs_off.contains(pack) && codes.contains(&code))
            .map(|(pack, _)| *pack)
    };
    let mut user = Vec::new();
    let mut project = Vec::new();
    for r in settings
        .extra_danger
        .iter()
        .filter(|r| r.pack_off.is_none())
    {
        if r.file.is_some() && r.file == settings.user_file {
            user.push(r);
        } else {
            project.push(r);
        }
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut list: Vec<_> = RULES
            .iter()
            .map(|r| {
                let mut v = serde_json::json!({
                    "code": r.code,
                    "tier": r.tier,
                    "sentence": r.sentence,
                    "examples": r.examples,
                    "counterexamples": r.counterexamples,
                    "source": "built-in",
                    "on": off_by(r.code).is_none(),
                });
                if let Some((pack, _)) = PACKS.iter().find(|(_, codes)| codes.contains(&r.code)) {
                    v["pack"] = serde_json::json!(pack);
                }
                v
            })
            .collect();
        for (source, rules) in [("user", &user), ("project", &project)] {
            list.extend(rules.iter().map(|r| {
                serde_json::json!({
                    "code": r.code,
                    "tier": Tier::Danger,
                    "sentence": r.sentence,
                    "prefix": r.prefix,
                    "source": source,
                    "file": r.file,
                    "on": true,
                })
            }));
        }
        let text = serde_json::to_string_pretty(&list).map_err(|e| CliError::Output(e.into()))?;
        writeln!(out, "{text}").map_err(CliError::Output)?;
        return Ok(0);
    }
    let esc = crate::escape::escape;
    for tier in [Tier::Blocked, Tier::Danger] {
        let title = match tier {
            Tier::Blocked => "Blocked tier (refused; nobody can approve it through askrisky)",
            _ => "Danger set (always the person's decision)",
        };
        writeln!(out, "{title}\n").map_err(CliError::Output)?;
        for r in RULES.iter().filter(|r| r.tier == tier) {
            let off = off_by(r.code)
                .map(|pack| format!("OFF (danger_packs.{pack} = false in your config) "))
                .unwrap_or_default();
            writeln!(out, "  {:<24} {off}{}", r.code, r.sentence).map_err(CliError::Output)?;
            let ex: Vec<String> = r.examples.iter().take(3).map(|e| esc(e)).collect();
            if !ex.is_empty() {
                writeln!(out, "  {:<24} e.g. {}", "", ex.join("  ·  "))
                    .map_err(CliError::Output)?;
            }
        }
        writeln!(out).map_err(CliError::Output)?;
    }
    let extra = |out: &mut std::io::StdoutLock<'_>,
                 title: String,
                 rules: &[&crate::danger::ExtraRule]|
     -> std::io::Result<()> {
        writeln!(out, "{title}\n")?;
        if rules.is_empty() {
            writeln!(out, "  none\n")?;
            return Ok(());
        }
        for r in rules {
            writeln!(out, "  {:<24} {}", esc(&r.code), esc(&r.sentence))?;
            writeln!(out, "  {:<24} prefix: {}", "", esc(&r.prefix.join(" ")))?;
        }
        writeln!(out)
    };
    let shown = |p: Option<&std::path::PathBuf>| p.map(|p| esc(&p.display().to_string()));
    let user_title = match (shown(settings.user_file.as_ref()), setup.dirs.user_file()) {
        (Some(f), _) => format!("Your danger rules ({f})"),
        (None, Some(f)) => format!(
            "Your danger rules (none: add [[danger]] tables to {})",
            esc(&f.display().to_string())
        ),
        (None, None) => "Your danger rules".to_owned(),
    };
    extra(&mut out, user_title, &user).map_err(CliError::Output)?;
    let project_title = match shown(settings.project_file.as_ref()) {
        Some(f) => format!("Project danger rules ({f})"),
        None => "Project danger rules (no .askrisky.toml at or above this folder)".to_owned(),
    };
    extra(&mut out, project_title, &project).map_err(CliError::Output)?;
    if !settings.errors.is_empty() {
        writeln!(
            out,
            "A config file has mistakes (said above): until they are fixed no pack is off, no allow rule applies, and every line asks.\n"
        )
        .map_err(CliError::Output)?;
    }
    writeln!(out, "What allow rules and session approvals cover\n").map_err(CliError::Output)?;
    for l in wrap(WHAT_COVERS, 78) {
        writeln!(out, "  {l}").map_err(CliError::Output)?;
    }
    Ok(0)
}

/// `text` in lines of at most `width` characters, broken at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

pub(super) fn log(args: &LogArgs) -> Result<u8, CliError> {
    let dirs = Dirs::from_env();
    let state = dirs.state.ok_or(CliError::NoStateDir)?;
    if args.verify {
        return verify_log(&state);
    }
    let mut out = std::io::stdout().lock();
    let print = |out: &mut std::io::StdoutLock<'_>, line: &str| -> std::io::Result<()> {
        if args.json {
            return writeln!(out, "{line}");
        }
        match serde_json::from_str::<Record>(line) {
            Ok(r) => {
                // A run contained says so, with how to run it as it is.
                let contained = match &r.contained {
                    Some(c) if c.applied => {
                        "  [contained: an approved line runs uncontained: askrisky exec --uncontained …]"
                    }
                    _ => "",
                };
                let outcome = serde_json::to_value(r.outcome)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default();
                let by = serde_json::to_value(r.decided_by)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default();
                writeln!(
                    out,
                    "{}  {:<9} {:<10} {}  — {}{contained}",
                    r.time.get(..19).unwrap_or(&r.time),
                    outcome,
                    by,
                    crate::escape::escape(&r.command),
                    crate::escape::escape(&r.reason)
                )
            }
            Err(_) => writeln!(out, "(unreadable record) {}", crate::escape::escape(line)),
        }
    };
    let lines = log::tail(&state, args.lines).map_err(|e| CliError::Log(log::path(&state), e))?;
    for l in &lines {
        print(&mut out, l).map_err(CliError::Output)?;
    }
    if args.follow {
        out.flush().map_err(CliError::Output)?;
        log::follow(&state, |l| {
            print(&mut out, l).and_then(|()| out.flush()).is_ok()
        })
        .map_err(|e| CliError::Log(log::path(&state), e))?;
    }
    Ok(0)
}

/// `askrisky log --verify`: 0 when every sealed record holds, 1 naming the
/// first that does not.
fn verify_log(state: &std::path::Path) -> Result<u8, CliError> {
    let key = crate::key::Key::load(state).map_err(|e| CliError::Log(log::path(state), e))?;
    let check = |parts: &[&[u8]], mac: &str| key.verify(parts, mac);
    let found = log::verify(state, &check).map_err(|e| CliError::Log(log::path(state), e))?;
    let mut out = std::io::stdout().lock();
    match found {
        log::Verified::Intact { sealed, unsealed } => {
            let before = if unsealed > 0 {
                format!(" ({unsealed} earlier records were written before the log was sealed)")
            } else {
                String::new()
            };
            writeln!(out, "the log holds: {sealed} sealed records check{before}")
                .map_err(CliError::Output)?;
            Ok(0)
        }
        log::Verified::Broken { line, what, why } => {
            writeln!(
                out,
                "the log was tampered with: record {line} ({what}): {why}"
            )
            .map_err(CliError::Output)?;
            Ok(1)
        }
    }
}

/// `askrisky eval CORPUS.jsonl… [--json] [--limit N] [--jobs N]`.
pub(super) fn eval(args: &EvalArgs) -> Result<u8, CliError> {
    use crate::eval;
    let loaded = crate::decide::Setup::load(&crate::config::Overrides::default(), super::cwd()?);
    loaded.warn_project(&crate::decide::WarnScope::Always);
    let reviewer = loaded
        .settings
        .reviewer
        .ok_or(eval::EvalError::NoReviewer)?;
    let setup = eval::setup(loaded.dirs, reviewer);
    let mut cases = eval::read_cases(&args.corpus)?;
    if let Some(n) = args.limit {
        cases.truncate(n);
    }
    let env = |k: &str| std::env::var(k).ok();
    let results = eval::run_all(&cases, &setup, &env, args.jobs, &eval::progress_bar);
    let report = eval::report(&results);
    let mut out = std::io::stdout().lock();
    if args.json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| CliError::Output(e.into()))?;
        writeln!(out, "{text}").map_err(CliError::Output)?;
    } else {
        write!(out, "{}", eval::render(&report)).map_err(CliError::Output)?;
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping() {
        let rows: &[(&str, usize, &[&str])] = &[
            ("", 10, &[]),
            ("one", 10, &["one"]),
            ("one two three", 7, &["one two", "three"]),
            ("a  b\n c", 80, &["a b c"]),
            // A word longer than the width stands alone.
            (
                "short averyverylongword x",
                8,
                &["short", "averyverylongword", "x"],
            ),
        ];
        for (text, width, want) in rows {
            assert_eq!(wrap(text, *width), *want, "{text:?}");
        }
        assert!(
            wrap(WHAT_COVERS, 78)
                .iter()
                .all(|l| l.chars().count() <= 78)
        );
    }
}
