//! What the decision log says: `report` sums it up (text, JSON or an HTML
//! page), `suggest` proposes allow rules from what the person approved
//! again and again and writes them only on the person's yes.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::args::{ReportArgs, SuggestArgs};
use super::{CliError, say};
use crate::config::{self, Dirs, Overrides};
use crate::danger::Place;
use crate::decide::Setup;
use crate::exit;
use crate::report::{self, Since};
use crate::suggest::{self, Proposal};
use crate::tty::Tty;

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, crate::util::millis)
}

/// `askrisky report [--since WHEN] [--json] [--html FILE]`.
pub(super) fn report(args: &ReportArgs) -> Result<u8, CliError> {
    let dirs = Dirs::from_env();
    let state = dirs.state.clone().ok_or(CliError::NoStateDir)?;
    let since = Since::parse(&args.since, now_ms()).map_err(CliError::Since)?;
    let (records, unreadable) =
        report::read(&state, since).map_err(|e| CliError::Log(crate::log::path(&state), e))?;
    let rejected = rejected_at_agents_prompts(&records, dirs.home.as_deref());
    let r = report::build_with(&records, since, unreadable, &rejected);
    if let Some(file) = &args.html {
        let path = super::cwd()?.join(file);
        write_html(&path, &dirs, &report::html::render(&r))?;
        eprintln!("askrisky: wrote the report to {}", path.display());
        return Ok(0);
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let text = serde_json::to_string_pretty(&r).map_err(|e| CliError::Output(e.into()))?;
        say!(out, "{text}")?;
    } else {
        out.write_all(report::text::render(&r).as_bytes())
            .map_err(CliError::Output)?;
    }
    Ok(0)
}

/// The requests handed to Claude Code's own prompt that its transcript
/// records the person rejected, as (session, call) pairs. Each transcript
/// is read once, from where the earliest of its requests was handed over,
/// and only inside the agents' own transcript folders (the path came from
/// the agent's hook).
fn rejected_at_agents_prompts(
    records: &[crate::log::Record],
    home: Option<&Path>,
) -> std::collections::HashSet<(String, String)> {
    use std::collections::{BTreeMap, HashSet};
    let dirs = crate::session::transcript_dirs(home, &[]);
    /// Where to start reading a transcript, and the (session, call) pairs
    /// to look for in it.
    type Wanted<'a> = (u64, Vec<(&'a str, &'a str)>);
    let mut wanted: BTreeMap<&str, Wanted<'_>> = BTreeMap::new();
    for r in records.iter().filter(|r| r.asked_the_agent()) {
        if let (Some(t), Some(call), Some(session)) = (&r.transcript, &r.call, &r.session) {
            let e = wanted.entry(t.path.as_str()).or_insert((t.len, Vec::new()));
            e.0 = e.0.min(t.len);
            e.1.push((session.as_str(), call.as_str()));
        }
    }
    let mut out = HashSet::new();
    for (path, (from, calls)) in wanted {
        let path = Path::new(path);
        if !crate::session::inside(path, &dirs) {
            continue;
        }
        let ids: HashSet<String> = calls.iter().map(|(_, c)| (*c).to_owned()).collect();
        let found = crate::session::transcript::rejected_calls(path, from, &ids);
        out.extend(
            calls
                .iter()
                .filter(|(_, c)| found.contains(*c))
                .map(|(s, c)| ((*s).to_owned(), (*c).to_owned())),
        );
    }
    out
}

/// Writes the page, atomically. Not where askrisky protects (shell startup
/// files, git hooks, agents' settings, askrisky's own folders: an agent
/// could otherwise have askrisky overwrite them for it), and over an
/// existing file only when it is an earlier report.
fn write_html(path: &Path, dirs: &Dirs, page: &str) -> Result<(), CliError> {
    let fail = |why: String| CliError::Html(path.to_path_buf(), why);
    let place = Place::new(
        dirs.home.clone(),
        path.parent()
            .map_or_else(|| PathBuf::from("/"), Path::to_path_buf),
        dirs.protected(),
    );
    if let Some(what) = crate::danger::protected::protected_reason(&place, &path.to_string_lossy())
    {
        return Err(fail(format!("it is protected ({what})")));
    }
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(fail(e.to_string())),
        Ok(m) if !m.file_type().is_file() => {
            return Err(fail("something other than a plain file is there".into()));
        }
        Ok(_) => {
            let mut head = vec![0u8; report::html::MARK.len()];
            let is_report = crate::files::open(path, crate::files::Whose::Foreign)
                .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
                .is_ok()
                && head == report::html::MARK.as_bytes();
            if !is_report {
                return Err(fail(
                    "a file that is not an askrisky report is there; choose another name".into(),
                ));
            }
        }
    }
    crate::util::write_atomically(path, page.as_bytes()).map_err(|e| fail(e.to_string()))
}

/// `askrisky suggest [--min N] [--include-danger]`.
pub(super) fn suggest(args: &SuggestArgs, overrides: &Overrides) -> Result<u8, CliError> {
    let setup = Setup::load(overrides, super::cwd()?);
    setup.warn_project(&crate::decide::WarnScope::Always);
    let state = setup.dirs.state.clone().ok_or(CliError::NoStateDir)?;
    let path = setup.dirs.user_file().ok_or_else(|| {
        CliError::Config(crate::config::ConfigError::outside(
            "no config folder: set HOME or XDG_CONFIG_HOME",
        ))
    })?;
    let min = usize::try_from(args.min).unwrap_or(usize::MAX);
    let approved =
        suggest::tally(&state).map_err(|e| CliError::Log(crate::log::path(&state), e))?;
    let proposals = suggest::propose(
        &approved,
        min,
        args.include_danger,
        &setup.settings,
        &setup.place,
    );
    let mut out = std::io::stdout().lock();
    if proposals.is_empty() {
        say!(
            out,
            "nothing to suggest: no line you approved {min} times or more that a new allow rule could cover{}",
            if args.include_danger {
                ""
            } else {
                " (lines in the danger set are left out; --include-danger offers them)"
            }
        )?;
        return Ok(0);
    }
    say!(
        out,
        "Allow rules for what you approved {min} times or more:"
    )?;
    for (i, p) in proposals.iter().enumerate() {
        say!(
            out,
            "  {}. {}  (approved {} times)",
            i + 1,
            p.describe(),
            p.times
        )?;
        if p.rule.prefix.is_some() {
            for l in &p.lines {
                say!(out, "       {}", crate::escape::escape(l))?;
            }
        }
        for (code, sentence) in &p.danger {
            say!(
                out,
                "       danger set: [{}] {}",
                crate::escape::escape(code),
                crate::escape::escape(sentence)
            )?;
        }
    }
    out.flush().map_err(CliError::Output)?;
    // No prompting (CI, --no-prompt, ASKRISKY_NO_PROMPT) is no terminal.
    let mut tty = match &setup.settings.no_prompt {
        Some(source) => Err(source.why_no_prompt()),
        None => Tty::open().map_err(|e| e.to_string()),
    };
    // Each danger-set rule needs its own yes, on the terminal.
    let mut chosen: Vec<&Proposal> = Vec::new();
    for (i, p) in proposals.iter().enumerate() {
        if p.danger.is_empty() {
            chosen.push(p);
            continue;
        }
        let Ok(t) = &mut tty else { continue };
        let codes: Vec<&str> = p.danger.iter().map(|(c, _)| c.as_str()).collect();
        let question = format!(
            "{}. Allow {} without asking, although it is in the danger set ({})?",
            i + 1,
            p.describe(),
            crate::escape::escape(&codes.join(", "))
        );
        if crate::approve::confirm(t, &question) {
            chosen.push(p);
        }
    }
    if tty.is_err() && chosen.len() < proposals.len() {
        say!(
            out,
            "(lines in the danger set each need your yes on your own terminal: left out)"
        )?;
    }
    if chosen.is_empty() {
        say!(out, "nothing chosen; nothing written")?;
        return Ok(exit::DECLINED);
    }
    let existing = config::read_user_text(&path).map_err(CliError::Config)?;
    let mut text = existing.clone().unwrap_or_default();
    let today = crate::util::now_rfc3339();
    for p in &chosen {
        let note = format!(
            "added {} by askrisky suggest: you approved this {} times",
            today.get(..10).unwrap_or(&today),
            p.times
        );
        text = config::with_allow_rules(&path, &text, std::slice::from_ref(&p.rule), &note)
            .map_err(CliError::Config)?;
    }
    say!(out, "\n{}:", path.display())?;
    for line in crate::install::diff(existing.as_deref().unwrap_or_default(), &text).lines() {
        say!(out, "{}", crate::escape::escape(line))?;
    }
    out.flush().map_err(CliError::Output)?;
    let mut tty = match tty {
        Ok(t) => t,
        Err(why) => {
            eprintln!(
                "askrisky: not written: adding allow rules needs your yes on your own terminal ({why}); run `askrisky suggest` there"
            );
            return Ok(exit::NEEDS_PERSON);
        }
    };
    let question = format!(
        "Write {} allow rule(s) to {}?",
        chosen.len(),
        crate::escape::escape(&path.display().to_string())
    );
    if !crate::approve::confirm(&mut tty, &question) {
        eprintln!("askrisky: nothing written");
        return Ok(exit::DECLINED);
    }
    config::replace_user_file(&path, existing.as_deref(), &text).map_err(CliError::Config)?;
    eprintln!(
        "askrisky: wrote {} allow rule(s) to {}",
        chosen.len(),
        path.display()
    );
    Ok(0)
}
