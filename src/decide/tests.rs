//! One decision for every surface: the same protected folders, the same
//! allow-once handling, the same "who decided".

use super::*;
use crate::config::{AllowRule, Settings};
use crate::danger::Tier;
use crate::log::Outcome;
use crate::parse::Syntax;
use crate::policy::Mode;
use crate::session::Session;

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
        line: Some("make docs".into()),
        ..AllowRule::default()
    }];
    let by = |s: &Setup, l: &str| {
        let r = line(s, l, Surface::Check);
        (r.verdict, r.by)
    };
    assert_eq!(by(&s, "ls"), (Verdict::Run, DecidedBy::Mode));
    assert_eq!(by(&s, "rm -rf build"), (Verdict::Ask, DecidedBy::Rule));
    assert_eq!(by(&s, "rm -rf /"), (Verdict::Refuse, DecidedBy::Rule));
    assert_eq!(by(&s, "make docs"), (Verdict::Run, DecidedBy::AllowRule));
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

/// A line typed at a guarded shell runs in that shell: one that would take
/// its guard away asks there, and only there; the person's own askrisky
/// commands that only show or ask run there.
#[test]
fn typed_lines_are_judged_for_the_shell_they_run_in() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Autopilot);
    let typed = |text: &str, syntax: Syntax| {
        let r = Request::line(text, syntax, s.place.cwd.clone(), Surface::Shell);
        decide(&s, r, &Options::quiet())
    };
    for (text, syntax, code) in [
        ("trap - DEBUG", Syntax::Bash, "guard.switched_off"),
        ("fc -s", Syntax::Bash, "guard.rerun"),
        (
            "zle -A .accept-line accept-line",
            Syntax::Zsh,
            "guard.switched_off",
        ),
        (
            "functions -e __askrisky_execute",
            Syntax::Fish,
            "guard.internals",
        ),
        ("askrisky uninstall codex", Syntax::Bash, "guard.askrisky"),
    ] {
        let r = typed(text, syntax);
        assert_eq!(r.verdict, Verdict::Ask, "{text}");
        assert!(r.evaluation.assessment.codes().contains(&code), "{text}");
        // An agent's line runs in a shell of its own.
        let agent = line(&s, text, Surface::Exec);
        assert!(
            !agent
                .evaluation
                .assessment
                .codes()
                .iter()
                .any(|c| c.starts_with("guard.")),
            "{text}"
        );
    }
    for text in [
        "askrisky goal 'tidy up'",
        "askrisky approve K7Q2-9XM3",
        "askrisky inbox",
    ] {
        assert_eq!(typed(text, Syntax::Bash).verdict, Verdict::Run, "{text}");
        assert!(
            line(&s, text, Surface::Exec)
                .evaluation
                .assessment
                .codes()
                .contains(&"askrisky.self")
        );
    }
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
    allow_once::approve(&state, &code, &first.shown()).unwrap_or_else(|e| panic!("{e}"));
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

/// A session approval covers the identical request of the same session
/// (line, folder, rules, files), as often as it comes, as the person's
/// decision; nothing else.
#[test]
fn session_approvals_cover_only_the_same_request_of_the_same_session() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Ask);
    let cwd = s.place.cwd.clone();
    std::fs::create_dir_all(&cwd).unwrap_or_else(|e| panic!("{e}"));
    let other = root.path().join("home/other");
    let ask = |text: &str, cwd: &Path, session: Option<&str>, surface: Surface| {
        let mut r = Request::line(text, Syntax::Posix, cwd.to_path_buf(), surface);
        if let Some(id) = session {
            r.session = SessionChoice::Named(id.into());
        }
        decide(&s, r, &Options::quiet())
    };
    let exec = Surface::Exec;
    let first = ask("rm -r build", &cwd, Some("codex/s1"), exec.clone());
    assert_eq!(first.verdict, Verdict::Ask);
    assert!(!first.session_approved);
    assert_eq!(first.session.as_deref(), Some("codex/s1"));
    first
        .approve_for_session(&s, "codex/s1")
        .unwrap_or_else(|e| panic!("{e}"));
    // The same request runs, as the person's decision, and keeps running:
    // where it runs, and in `check`, which says what would happen.
    for surface in [exec.clone(), exec.clone(), Surface::Check] {
        let r = ask("rm -r build", &cwd, Some("codex/s1"), surface);
        assert_eq!((r.verdict, r.by), (Verdict::Run, DecidedBy::Person));
        assert!(r.session_approved && !r.approved_once);
        let rec = record::of(&r, End::new(Outcome::Ran, DecidedBy::Person));
        assert_eq!(
            rec.message.as_deref(),
            Some("approved by the person for the rest of this session (session approval)")
        );
    }
    let hook = Request {
        session: SessionChoice::Agent {
            agent: "codex".into(),
            id: "s1".into(),
        },
        ..Request::line(
            "rm -r build",
            Syntax::Posix,
            cwd.clone(),
            Surface::Hook("codex".into()),
        )
    };
    assert!(decide(&s, hook, &Options::quiet()).session_approved);
    // Another line, folder or session, or none, still asks.
    for (text, dir, session) in [
        ("rm -r build/", &cwd, Some("codex/s1")),
        ("rm -r src", &cwd, Some("codex/s1")),
        ("rm -r build", &other, Some("codex/s1")),
        ("rm -r build", &cwd, Some("codex/s2")),
        ("rm -r build", &cwd, Some("claude-code/s1")),
        ("rm -r build", &cwd, None),
    ] {
        let r = ask(text, dir, session, exec.clone());
        assert_eq!(r.verdict, Verdict::Ask, "{text} {dir:?} {session:?}");
        assert!(!r.session_approved);
    }
    // Surfaces that neither run it nor say whether it would run ignore it.
    for surface in [Surface::Shell, Surface::Eval, Surface::Approve] {
        let r = ask("rm -r build", &cwd, Some("codex/s1"), surface.clone());
        assert!(!r.session_approved, "{surface:?}");
    }
    // Never the blocked tier: it cannot be approved, and is refused first.
    let blocked = ask("rm -rf /", &cwd, Some("codex/s1"), exec.clone());
    assert_eq!(blocked.verdict, Verdict::Refuse);
    assert!(blocked.approve_for_session(&s, "codex/s1").is_err());
    // An approval of `bash build.sh` is of the script as it was read: a
    // changed script asks again, and one that now deletes asks for that.
    let script = cwd.join("build.sh");
    std::fs::write(&script, "echo building\n").unwrap_or_else(|e| panic!("{e}"));
    let first = ask("bash build.sh", &cwd, Some("codex/s1"), exec.clone());
    assert_eq!(first.verdict, Verdict::Ask);
    assert_eq!(first.evaluation.script.files.len(), 1);
    first
        .approve_for_session(&s, "codex/s1")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(ask("bash build.sh", &cwd, Some("codex/s1"), exec.clone()).session_approved);
    for changed in ["echo building now\n", "rm -rf build\n"] {
        std::fs::write(&script, changed).unwrap_or_else(|e| panic!("{e}"));
        let r = ask("bash build.sh", &cwd, Some("codex/s1"), exec.clone());
        assert_eq!(r.verdict, Verdict::Ask, "{changed}");
    }
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

/// A request is judged where it runs, not where askrisky was started.
#[test]
fn requests_are_judged_in_their_own_folder() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Autopilot);
    let home = s.dirs.home.clone().unwrap_or_default();
    let r = Request::line("rm -rf *", Syntax::Posix, home, Surface::Check);
    let r = decide(&s, r, &Options::quiet());
    assert_eq!(r.verdict, Verdict::Refuse, "everything in home");
    assert_eq!(line(&s, "rm -rf *", Surface::Check).verdict, Verdict::Ask);
}

#[test]
fn keys_come_from_askrisky_s_own_environment() {
    let env = Options::quiet().env;
    assert_eq!(env("PATH"), std::env::var("PATH").ok());
    assert_eq!(env("ASKRISKY_SURELY_UNSET_VARIABLE"), None);
}

#[test]
fn records_carry_the_review_and_the_person_s_answer() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Review);
    let mut r = line(&s, "ls", Surface::Exec);
    r.evaluation.review = Review::Rated(crate::policy::Ratings {
        risk: crate::policy::Risk::Medium,
        authorization: crate::policy::Authorization::Weak,
        injection: true,
        reason: "Lists files the README asked for.".into(),
    });
    r.evaluation.review_meta = Some(review::Meta {
        provider: Some("openai".into()),
        model: Some("m".into()),
        duration: std::time::Duration::from_millis(1500),
        input_tokens: Some(10),
        output_tokens: Some(3),
        cost: Some(0.5),
    });
    let end = End::new(Outcome::Declined, DecidedBy::Person)
        .answered_in(42)
        .message(Some("use the Makefile".into()));
    let rec = record::of(&r, end);
    assert_eq!(
        rec.reviewer,
        Some(crate::log::ReviewerRecord {
            answered: true,
            unavailable_reason: None,
            unavailable_detail: None,
            risk: Some("medium".into()),
            authorization: Some("weak".into()),
            injection: Some(true),
            reason: Some("Lists files the README asked for.".into()),
            provider: Some("openai".into()),
            model: Some("m".into()),
            duration_ms: Some(1500),
            input_tokens: Some(10),
            output_tokens: Some(3),
            cost: Some(0.5),
        })
    );
    assert_eq!(rec.answer_ms, Some(42));
    assert_eq!(rec.message.as_deref(), Some("use the Makefile"));
    assert_eq!(rec.reason, r.explain());
    r.evaluation.review = Review::Unavailable {
        cause: ReviewFailure::Timeout,
        detail: "no answer within 30 s".into(),
    };
    let rec = record::of(&r, End::new(Outcome::NotRun, DecidedBy::Strict));
    let rr = rec.reviewer.unwrap_or_default();
    assert!(!rr.answered);
    assert_eq!(rr.unavailable_reason.as_deref(), Some("timeout"));
    assert_eq!(
        rr.unavailable_detail.as_deref(),
        Some("no answer within 30 s")
    );
    assert_eq!(rr.model.as_deref(), Some("m"));
    // A run on an allow-once approval says so.
    r.approved_once = true;
    let rec = record::of(&r, End::new(Outcome::Ran, DecidedBy::Person));
    assert_eq!(
        rec.message.as_deref(),
        Some("approved once with an allow-once code")
    );
}

/// The reviewer reads the session the request names: the store's goals,
/// the agent's, or one already built.
#[test]
fn sessions_are_found_by_their_choice() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Review);
    let state = s.dirs.state.clone().unwrap_or_default();
    let goal = |agent: &str, id: &str, text: &str| {
        let r = SessionRef::new(agent, id).unwrap_or_else(|e| panic!("{e}"));
        store::append(
            &state,
            &r,
            &store::Entry::Goal {
                time: "t".into(),
                text: text.into(),
                source: "test".into(),
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        r
    };
    goal("cli", "named", "goal of the named session");
    let current = goal("cli", "now", "goal of the current session");
    store::set_current(&state, &current).unwrap_or_else(|e| panic!("{e}"));
    goal("codex", "c1", "goal of the agent's session");
    let ask = |choice: SessionChoice| {
        let mut r = Request::line("ls", Syntax::Posix, s.place.cwd.clone(), Surface::Check);
        r.session = choice;
        preview(&s, &r).unwrap_or_else(|e| panic!("{e}"))
    };
    assert!(ask(SessionChoice::Named("named".into())).contains("goal of the named session"));
    assert!(ask(SessionChoice::Current).contains("goal of the current session"));
    assert!(
        ask(SessionChoice::Agent {
            agent: "codex".into(),
            id: "c1".into()
        })
        .contains("goal of the agent's session")
    );
    let built = Session {
        goals: vec!["a goal built by hand".into()],
        ..Session::default()
    };
    assert!(ask(SessionChoice::Built(Box::new(built))).contains("a goal built by hand"));
    assert!(!ask(SessionChoice::None).contains("goal of"));
    // A name that cannot be a session is a context error, which asks.
    let mut r = Request::line("ls", Syntax::Posix, s.place.cwd.clone(), Surface::Check);
    r.session = SessionChoice::Named("../x".into());
    assert!(preview(&s, &r).is_err());
    let r = decide(&s, r, &Options::quiet());
    assert!(matches!(
        r.evaluation.review,
        Review::Unavailable {
            cause: ReviewFailure::Context,
            ..
        }
    ));
    // The session a request belongs to is named in its ruling.
    let mut r = Request::line("ls", Syntax::Posix, s.place.cwd.clone(), Surface::Check);
    r.session = SessionChoice::Named("named".into());
    assert_eq!(
        decide(&s, r, &Options::quiet()).session.as_deref(),
        Some("cli/named")
    );
}

/// Scripts are read from disk for what agents run, not for a line the
/// person typed at their own shell, nor for eval's hypothetical folders.
#[test]
fn which_surfaces_read_scripts_from_disk() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Autopilot);
    std::fs::create_dir_all(&s.place.cwd).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(s.place.cwd.join("x.sh"), "rm -rf build\n").unwrap_or_else(|e| panic!("{e}"));
    for (surface, reads) in [
        (Surface::Exec, true),
        (Surface::Check, true),
        (Surface::Hook("codex".into()), true),
        (Surface::Approve, true),
        (Surface::Shell, false),
        (Surface::Eval, false),
    ] {
        let r = line(&s, "bash x.sh", surface.clone());
        let read = !r.evaluation.script.files.is_empty();
        assert_eq!(read, reads, "{surface:?}");
        assert_eq!(r.verdict == Verdict::Ask, reads, "{surface:?}");
    }
}

/// A refusal and a hook's reason end with the safer way, when a rule
/// behind the decision has one; a clear line has none.
#[test]
fn rulings_say_the_safer_way() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Autopilot);
    let refused = line(&s, "rm -rf /", Surface::Exec);
    let safer = refused.safer().unwrap_or_default();
    assert!(safer.contains("rm -r ./build"), "{safer}");
    assert_eq!(refused.safer_tail(), format!(". {safer}"));
    let clear = line(&s, "ls", Surface::Exec);
    assert_eq!(clear.safer(), None);
    assert_eq!(clear.safer_tail(), "");
}

/// With no session to date it, a script's problems count when the file
/// changed in the last twelve hours (the agent may have written it), and
/// not when it is older (the project's own).
#[test]
fn without_a_session_the_last_twelve_hours_count_as_this_session() {
    let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = setup(root.path(), Mode::Autopilot);
    std::fs::create_dir_all(&s.place.cwd).unwrap_or_else(|e| panic!("{e}"));
    let script = s.place.cwd.join("run.sh");
    std::fs::write(&script, "\"$TOOL\" --build\n").unwrap_or_else(|e| panic!("{e}"));
    let aged = |hours: u64| {
        let when = std::time::SystemTime::now() - std::time::Duration::from_secs(hours * 3600);
        std::fs::File::options()
            .write(true)
            .open(&script)
            .and_then(|f| f.set_modified(when))
            .unwrap_or_else(|e| panic!("{e}"));
        line(&s, "bash run.sh", Surface::Exec).verdict
    };
    assert_eq!(aged(11), Verdict::Ask);
    // A modification time is the writer's to set: the file's status-change
    // time, which no one sets back, says it is this session's.
    assert_eq!(aged(13), Verdict::Ask);
    // With no session, the session is taken to have begun twelve hours ago.
    let r = Request::line(
        "bash run.sh",
        Syntax::Posix,
        s.place.cwd.clone(),
        Surface::Exec,
    );
    let since = disk_for(&s, &r)
        .map(|d| d.since)
        .unwrap_or_else(|| panic!("no disk"));
    let ago = std::time::SystemTime::now()
        .duration_since(since)
        .unwrap_or_default();
    assert!(
        ago >= SESSION_GUESS && ago < SESSION_GUESS + std::time::Duration::from_secs(60),
        "{ago:?}"
    );
}
