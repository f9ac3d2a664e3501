//! One decision for every surface: the same protected folders, the same
//! allow-once handling, the same "who decided".

use super::*;
use crate::config::{AllowRule, Settings};
use crate::danger::Tier;
use crate::log::Outcome;
use crate::parse::Syntax;
use crate::policy::Mode;

fn dirs(root: &Path) -> Dirs {
    Dirs {
        config: Some(root.join("home/.config/askrisky")),
        state: Some(root.join("home/.local/state/askrisky")),
        home: Some(root.join("home")),
        runtime: Some(root.join("run/askrisky")),
    }
}

fn settings(mode: Mode) -> Settings {
    Settings {
        mode: Sourced {
            value: mode,
            source: Source::Default,
        },
        ..Settings::defaults()
    }
}

fn setup(root: &Path, mode: Mode) -> Setup {
    Setup::new(dirs(root), settings(mode), root.join("home/project"))
}

fn surfaces() -> Vec<Surface> {
    vec![
        Surface::Exec,
        Surface::Check,
        Surface::Hook("claude-code".into()),
        Surface::Hook("codex".into()),
        Surface::Shell,
        Surface::Approve,
        Surface::Eval,
    ]
}

fn line(s: &Setup, text: &str, surface: Surface) -> Ruling {
    let r = Request::line(text, Syntax::Posix, s.place.cwd.clone(), surface);
    decide(s, r, &Options::quiet())
}

/// Each of askrisky's own folders, written through each surface, asks in
/// autopilot (where nothing else would): no surface protects less.
#[test]
fn every_surface_protects_the_same_folders() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Autopilot);
    assert_eq!(s.place.own_dirs, s.dirs.protected());
    for dir in s.dirs.protected() {
        let target = dir.join("x");
        for surface in surfaces() {
            let text = format!("echo x > {}", target.display());
            let r = line(&s, &text, surface.clone());
            assert_eq!(r.verdict, Verdict::Ask, "{surface:?} {text}");
            assert_eq!(
                r.evaluation.assessment.codes(),
                ["protected.write"],
                "{surface:?} {text}"
            );
            let w = Request::file_write(target.clone(), "Write", s.place.cwd.clone(), surface);
            let r = decide(&s, w, &Options::quiet());
            assert_eq!(r.verdict, Verdict::Ask);
            assert_eq!(r.evaluation.assessment.codes(), ["protected.write"]);
        }
    }
    // The same write elsewhere runs in autopilot.
    let r = line(&s, "echo x > notes.txt", Surface::Exec);
    assert_eq!(r.verdict, Verdict::Run);
}

#[test]
fn file_writes_are_judged_on_protected_paths_only() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    // Even in ask mode an ordinary file write is not askrisky's to ask
    // about (the agent's own prompt covers it) ...
    let s = setup(root.path(), Mode::Ask);
    let cwd = s.place.cwd.clone();
    let hook = Surface::Hook("claude-code".into());
    let w = Request::file_write("src/main.rs".into(), "Edit", cwd.clone(), hook.clone());
    let r = decide(&s, w, &Options::quiet());
    assert_eq!(r.verdict, Verdict::Run);
    assert_eq!(r.mode.source, Source::FileTool);
    // ... while a protected one asks, with the path and what it is.
    let w = Request::file_write(".git/hooks/pre-commit".into(), "Write", cwd, hook);
    let r = decide(&s, w, &Options::quiet());
    assert_eq!(r.verdict, Verdict::Ask);
    assert_eq!(r.by, DecidedBy::Rule);
    assert_eq!(
        r.explain(),
        "Write would change .git/hooks/pre-commit (git hooks or config), which controls what runs later or how askrisky guards [protected.write]"
    );
    // A file write never gets an allow-once code: there is no command to
    // retry.
    assert_eq!(r.allow_once_code(&s), None);
}

#[test]
fn who_decided() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut s = setup(root.path(), Mode::Autopilot);
    s.settings.allow = vec![AllowRule {
        line: Some("make deploy".into()),
        ..AllowRule::default()
    }];
    let by = |s: &Setup, l: &str| {
        let r = line(s, l, Surface::Check);
        (r.verdict, r.by)
    };
    assert_eq!(by(&s, "ls"), (Verdict::Run, DecidedBy::Mode));
    assert_eq!(by(&s, "rm -rf build"), (Verdict::Ask, DecidedBy::Rule));
    assert_eq!(by(&s, "rm -rf /"), (Verdict::Refuse, DecidedBy::Rule));
    assert_eq!(by(&s, "make deploy"), (Verdict::Run, DecidedBy::AllowRule));
    s.settings.mode.value = Mode::Ask;
    assert_eq!(by(&s, "ls"), (Verdict::Ask, DecidedBy::Mode));
    // Review mode with no reviewer configured: the reviewer's part failed,
    // which asks.
    s.settings.mode.value = Mode::Review;
    let r = line(&s, "ls", Surface::Check);
    assert_eq!((r.verdict, r.by), (Verdict::Ask, DecidedBy::Reviewer));
    assert!(matches!(
        r.evaluation.review,
        Review::Unavailable {
            cause: ReviewFailure::NotConfigured,
            ..
        }
    ));
    // `approve CODE` never calls the reviewer: the person is deciding.
    let r = line(&s, "ls", Surface::Approve);
    assert!(matches!(
        r.evaluation.review,
        Review::Unavailable {
            cause: ReviewFailure::NotCalled,
            ..
        }
    ));
}

#[test]
fn a_typed_line_is_the_persons_explicit_request() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Ask);
    let r = line(&s, "ls", Surface::Shell);
    assert_eq!(r.verdict, Verdict::Run);
    assert_eq!(r.mode.source, Source::Typed);
    assert_eq!(
        line(&s, "rm -rf build", Surface::Shell).verdict,
        Verdict::Ask
    );
    assert_eq!(
        line(&s, "rm -rf ~", Surface::Shell).verdict,
        Verdict::Refuse
    );
    // The same line from an agent asks in ask mode.
    assert_eq!(line(&s, "ls", Surface::Exec).verdict, Verdict::Ask);
}

/// An allow-once approval is spent only where the command runs (`exec`, a
/// hook), once, and only on the identical request.
#[test]
fn allow_once_codes_are_spent_where_commands_run() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Autopilot);
    let first = line(&s, "git push -f", Surface::Exec);
    assert_eq!(first.verdict, Verdict::Ask);
    let code = first
        .allow_once_code(&s)
        .unwrap_or_else(|| panic!("no code"));
    let state = s.dirs.state.clone().unwrap_or_default();
    let code = allow_once::normalise(&code).unwrap_or_default();
    allow_once::approve(&state, &code).unwrap_or_else(|e| panic!("{e}"));
    // Looking does not spend it; a different line does not match it.
    for surface in [
        Surface::Check,
        Surface::Shell,
        Surface::Eval,
        Surface::Approve,
    ] {
        let r = line(&s, "git push -f", surface);
        assert!(!r.approved_once);
    }
    assert_eq!(
        line(&s, "git push -f origin", Surface::Exec).verdict,
        Verdict::Ask
    );
    // The retry runs, as the person's decision, once.
    let retry = line(&s, "git push -f", Surface::Exec);
    assert_eq!((retry.verdict, retry.by), (Verdict::Run, DecidedBy::Person));
    assert!(retry.approved_once);
    let again = line(&s, "git push -f", Surface::Exec);
    assert_eq!(again.verdict, Verdict::Ask);
    // Never for the blocked tier: it is refused before codes are looked at.
    let blocked = line(&s, "rm -rf /", Surface::Exec);
    assert_eq!(blocked.verdict, Verdict::Refuse);
}

#[test]
fn records_say_what_was_decided_and_by_whom() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Autopilot);
    let mut r = line(&s, "rm -rf build", Surface::Hook("codex".into()));
    r.session = Some("codex/s1".into());
    let rec = record::of(&r, End::new(Outcome::NotRun, DecidedBy::Strict));
    assert_eq!(rec.surface, "hook:codex");
    assert_eq!(rec.command, "rm -rf build");
    assert_eq!(rec.commands, ["rm -rf build"]);
    assert_eq!(rec.mode, "autopilot");
    assert_eq!(rec.tier, Tier::Danger.as_str());
    assert_eq!(rec.rules, ["delete.recursive", "delete.forced"]);
    assert_eq!(rec.decision, "ask");
    assert_eq!(rec.outcome, Outcome::NotRun);
    assert_eq!(rec.decided_by, DecidedBy::Strict);
    assert_eq!(rec.session.as_deref(), Some("codex/s1"));
    assert_eq!(rec.reviewer, None);
    assert_eq!(rec.message, None);
}

#[test]
fn surfaces_have_names_and_only_running_ones_spend_approvals() {
    let named: Vec<(String, bool)> = surfaces().iter().map(|s| (s.name(), s.runs())).collect();
    assert_eq!(
        named,
        [
            ("exec".to_owned(), true),
            ("check".to_owned(), false),
            ("hook:claude-code".to_owned(), true),
            ("hook:codex".to_owned(), true),
            ("shell".to_owned(), false),
            ("approve".to_owned(), false),
            ("eval".to_owned(), false),
        ]
    );
}
