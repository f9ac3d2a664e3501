//! The person's answer at Claude Code's own prompt, on the real binary:
//! askrisky's PreToolUse hook answers "ask", Claude Code shows its prompt,
//! and its PostToolUse event for the command (the person said yes) reaches
//! `askrisky hook claude-code --after`, which records the approval. The
//! payloads are Claude Code's own shapes. `report` and `suggest` count
//! those approvals; a rejection counts where the transcript marks it.

use crate::common;

use std::time::{Duration, Instant};

use common::Env;
use serde_json::{Value, json};

const SESSION: &str = "9b2c4d6e-1111-4222-8333-444455556666";

fn transcript(env: &Env) -> std::path::PathBuf {
    env.home
        .join(".claude/projects/-home-user-project")
        .join(format!("{SESSION}.jsonl"))
}

fn pre(env: &Env, command: &str, id: &str) -> Value {
    json!({"session_id": SESSION, "transcript_path": transcript(env), "cwd": env.project,
           "prompt_id": "p1", "permission_mode": "default", "effort": {"level": "high"},
           "hook_event_name": "PreToolUse", "tool_name": "Bash",
           "tool_input": {"command": command, "description": "tidy up"}, "tool_use_id": id})
}

fn post(env: &Env, command: &str, id: &str) -> Value {
    json!({"session_id": SESSION, "transcript_path": transcript(env), "cwd": env.project,
           "permission_mode": "default", "hook_event_name": "PostToolUse", "tool_name": "Bash",
           "tool_input": {"command": command, "description": "tidy up"},
           "tool_response": {"stdout": "", "stderr": "", "interrupted": false, "isImage": false},
           "tool_use_id": id})
}

/// Runs the hook as Claude Code would, and returns its one line of output.
fn hook(env: &Env, args: &[&str], input: &[u8]) -> String {
    let mut argv = vec!["hook", "claude-code"];
    argv.extend_from_slice(args);
    let out = env.askrisky(argv).stdin(input).output();
    out.status(0);
    let text = out.stdout();
    assert_eq!(text.lines().count(), 1, "one line: {text:?}");
    text.trim_end().to_owned()
}

fn decision(answer: &str) -> String {
    let v: Value = serde_json::from_str(answer).unwrap_or_else(|e| panic!("{e}: {answer}"));
    v.pointer("/hookSpecificOutput/permissionDecision")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

fn setup(config: &str) -> Env {
    let env = Env::new();
    env.config(config);
    let t = transcript(&env);
    std::fs::create_dir_all(t.parent().expect("parent")).expect("mkdir");
    let prompt = json!({"type": "user", "message": {"role": "user", "content": "tidy the repo"},
                        "promptSource": "typed", "sessionId": SESSION});
    std::fs::write(&t, format!("{prompt}\n")).expect("transcript");
    env
}

fn append(path: &std::path::Path, line: &Value) {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .expect("open");
    writeln!(f, "{line}").expect("append");
}

#[test]
fn an_approval_at_the_agents_prompt_is_recorded_once() {
    let env = setup("mode = \"autopilot\"\n");
    let answer = hook(
        &env,
        &[],
        pre(&env, "rm -rf target", "toolu_A").to_string().as_bytes(),
    );
    assert_eq!(decision(&answer), "ask");
    // The person said yes at Claude Code's prompt; the command ran.
    let answer = hook(
        &env,
        &["--after"],
        post(&env, "rm -rf target", "toolu_A")
            .to_string()
            .as_bytes(),
    );
    assert_eq!(answer, "{}");
    let log = env.log();
    assert_eq!(log.len(), 2, "{log:#?}");
    assert_eq!(log[0]["outcome"], "asked_agent");
    assert_eq!(log[0]["call"], "toolu_A");
    assert_eq!(log[1]["outcome"], "ran");
    assert_eq!(log[1]["decided_by"], "person");
    assert_eq!(log[1]["answers"], log[0]["time"]);
    assert_eq!(log[1]["command"], "rm -rf target");
    assert_eq!(log[1]["rules"][0], "delete.recursive");
    assert!(
        log[1]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("approved by the person at Claude Code's own prompt")),
        "{}",
        log[1]
    );
    // Claude Code sending the event again records nothing more.
    hook(
        &env,
        &["--after"],
        post(&env, "rm -rf target", "toolu_A")
            .to_string()
            .as_bytes(),
    );
    assert_eq!(env.log().len(), 2);
    // The record is sealed into the log's chain like every other.
    env.askrisky(["log", "--verify"]).output().status(0);
}

#[test]
fn only_a_command_askrisky_asked_about_is_recorded() {
    let env = setup("mode = \"autopilot\"\n[contain]\nenabled = false\n");
    // Allowed by askrisky: its PostToolUse is no answer of the person's.
    let answer = hook(
        &env,
        &[],
        pre(&env, "cargo test", "toolu_B").to_string().as_bytes(),
    );
    assert_eq!(decision(&answer), "allow");
    hook(
        &env,
        &["--after"],
        post(&env, "cargo test", "toolu_B").to_string().as_bytes(),
    );
    // A PostToolUse naming a call askrisky asked about, but another command.
    hook(
        &env,
        &[],
        pre(&env, "rm -rf target", "toolu_C").to_string().as_bytes(),
    );
    hook(
        &env,
        &["--after"],
        post(&env, "rm -rf /tmp/x", "toolu_C")
            .to_string()
            .as_bytes(),
    );
    // Another session's call of the same id and command.
    let mut other = post(&env, "rm -rf target", "toolu_C");
    other["session_id"] = json!("another-session");
    hook(&env, &["--after"], other.to_string().as_bytes());
    let log = env.log();
    assert_eq!(log.len(), 2, "{log:#?}");
    assert!(log.iter().all(|r| r.get("answers").is_none()), "{log:#?}");
}

/// Whatever it is given, the recording hook answers at once with nothing
/// and exits 0: it can never stop or steer the agent.
/// With no mode set, a routine line is left to Claude Code's own rules,
/// which may run it without any prompt (`ls`): its PostToolUse is nobody's
/// approval, and neither `report` nor `suggest` may count it as one.
#[test]
fn a_line_left_to_the_agents_rules_is_not_taken_for_an_approval() {
    let env = setup("");
    let answer = hook(&env, &[], pre(&env, "ls", "toolu_L").to_string().as_bytes());
    assert_eq!(decision(&answer), "", "left to the agent: {answer}");
    hook(
        &env,
        &["--after"],
        post(&env, "ls", "toolu_L").to_string().as_bytes(),
    );
    let log = env.log();
    assert_eq!(log.len(), 1, "{log:#?}");
    assert_eq!(log[0]["outcome"], "left_to_agent");
    assert_eq!(log[0]["decided_by"], "agent");
    let out = env.askrisky(["report", "--json"]).output();
    out.status(0);
    let v: Value = serde_json::from_str(&out.stdout()).expect("report JSON");
    assert_eq!(v["totals"]["left_to_agent"], 1, "{v}");
    assert_eq!(v["totals"]["asked"], 0, "{v}");
    assert_eq!(v["totals"]["approved"], 0, "{v}");
}

#[test]
fn the_recording_hook_always_answers_nothing_quickly() {
    let env = setup("mode = \"ask\"\n");
    let deep = "[".repeat(200_000);
    let pre_event = pre(&env, "rm -rf target", "toolu_X").to_string();
    let cases: Vec<&[u8]> = vec![
        b"",
        b"not json",
        b"[]",
        b"{\"hook_event_name\":\"PostToolUse\"}",
        b"{\"hook_event_name\":\"PostToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":7}}",
        deep.as_bytes(),
        b"\xff\xfe\x00garbage",
        // A PreToolUse sent to it by mistake is not decided there.
        pre_event.as_bytes(),
    ];
    for input in cases {
        let start = Instant::now();
        let answer = hook(&env, &["--after"], input);
        assert_eq!(
            answer,
            "{}",
            "{:?}",
            String::from_utf8_lossy(&input[..input.len().min(40)])
        );
        assert!(start.elapsed() < Duration::from_secs(10));
    }
    assert!(env.log().is_empty(), "{:#?}", env.log());
}

/// A long log is looked through from its end, within a bound.
#[test]
fn the_answer_is_found_and_quick_in_a_long_log() {
    let env = setup("mode = \"autopilot\"\n");
    std::fs::create_dir_all(env.state_dir()).expect("state");
    // Recent records of other sessions: the age bound does not end the
    // search, the count does.
    let filler = json!({"v":1,"time":askrisky::util::now_rfc3339(),"surface":"hook:claude-code","cwd":"/p",
        "command":"ls","commands":["ls"],"mode":"autopilot","mode_source":"config","tier":"clear",
        "rules":[],"decision":"run","outcome":"ran","decided_by":"mode","reason":"not in the danger set",
        "message":null,"reviewer":null,"duration_ms":1,"answer_ms":null,"session":"claude-code/other","call":"toolu_other"})
    .to_string();
    // More than the hook looks through.
    let text = format!("{filler}\n").repeat(30_000);
    std::fs::write(env.state_dir().join("log.jsonl"), text).expect("log");
    hook(
        &env,
        &[],
        pre(&env, "rm -rf target", "toolu_L").to_string().as_bytes(),
    );
    let start = Instant::now();
    hook(
        &env,
        &["--after"],
        post(&env, "rm -rf target", "toolu_L")
            .to_string()
            .as_bytes(),
    );
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
    let last = |n: usize| -> Vec<Value> {
        let text = std::fs::read_to_string(env.state_dir().join("log.jsonl")).expect("log");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), n);
        lines[n - 2..]
            .iter()
            .map(|l| serde_json::from_str(l).expect("json"))
            .collect()
    };
    assert_eq!(last(30_002)[1]["decided_by"], "person");
    // A call that was never asked about: the bound stops the search.
    let start = Instant::now();
    hook(
        &env,
        &["--after"],
        post(&env, "ls", "toolu_never").to_string().as_bytes(),
    );
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
    last(30_002);
}

/// `report` counts approvals given at the agent's prompt as approvals, a
/// rejection where the transcript marks it as declined, and the rest as not
/// known.
#[test]
fn report_counts_answers_at_the_agents_prompt() {
    let env = setup("mode = \"autopilot\"\n");
    let t = transcript(&env);
    // Approved.
    hook(
        &env,
        &[],
        pre(&env, "rm -rf target", "toolu_1").to_string().as_bytes(),
    );
    hook(
        &env,
        &["--after"],
        post(&env, "rm -rf target", "toolu_1")
            .to_string()
            .as_bytes(),
    );
    // Rejected at the prompt: Claude Code writes the call, then its result.
    hook(
        &env,
        &[],
        pre(&env, "git push -f", "toolu_2").to_string().as_bytes(),
    );
    append(
        &t,
        &json!({"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_2", "name": "Bash", "input": {"command": "git push -f"}}]}}),
    );
    append(
        &t,
        &json!({"type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_2", "is_error": true,
             "content": "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed."}]},
            "toolUseResult": "User rejected tool use", "toolDenialKind": "user-rejected"}),
    );
    // Interrupted (Esc): the same words, another kind: not a decline.
    hook(
        &env,
        &[],
        pre(&env, "rm -rf dist", "toolu_3").to_string().as_bytes(),
    );
    append(
        &t,
        &json!({"type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_3", "is_error": true,
             "content": "The user doesn't want to proceed with this tool use."}]},
            "toolUseResult": "User rejected tool use", "toolDenialKind": "interrupted"}),
    );
    // No answer at all.
    hook(
        &env,
        &[],
        pre(&env, "rm -rf out", "toolu_4").to_string().as_bytes(),
    );
    let out = env
        .askrisky(["report", "--since", "all", "--json"])
        .output();
    out.status(0);
    let v: Value = serde_json::from_str(&out.stdout()).expect("json");
    assert_eq!(
        v["at_agent"],
        json!({"asked": 4, "approved": 1, "ran_unprompted": 0, "declined": 1, "unknown": 2}),
        "{v:#}"
    );
    // The answer record is not a decision of its own.
    assert_eq!(v["totals"]["total"], 4);
    assert_eq!(v["totals"]["approved"], 1);
    assert_eq!(v["totals"]["declined"], 1);
    assert_eq!(v["totals"]["asked_agent"], 2);
    let text = env.askrisky(["report", "--since", "all"]).output();
    assert!(
        text.stdout().contains(
            "4 handed over: 1 approved, 1 declined, 0 ran in a mode without prompts, 2 answer not known"
        ),
        "{}",
        text.stdout()
    );
}

/// `suggest` proposes a rule for a line approved again and again at the
/// agent's prompt.
#[test]
fn suggest_counts_approvals_at_the_agents_prompt() {
    let env = setup("mode = \"ask\"\n");
    for i in 0..3 {
        let id = format!("toolu_lint{i}");
        let answer = hook(
            &env,
            &[],
            pre(&env, "npm run lint", &id).to_string().as_bytes(),
        );
        assert_eq!(decision(&answer), "ask");
        hook(
            &env,
            &["--after"],
            post(&env, "npm run lint", &id).to_string().as_bytes(),
        );
    }
    let out = env.askrisky(["suggest", "--min", "3"]).output();
    out.status(81);
    assert!(out.stdout().contains("npm run lint"), "{}", out.stdout());
    // Not when the agent's mode may not have shown its prompt.
    let env = setup("mode = \"ask\"\n");
    for i in 0..3 {
        let id = format!("toolu_lint{i}");
        hook(
            &env,
            &[],
            pre(&env, "npm run lint", &id).to_string().as_bytes(),
        );
        let mut p = post(&env, "npm run lint", &id);
        p["permission_mode"] = json!("bypassPermissions");
        hook(&env, &["--after"], p.to_string().as_bytes());
    }
    let out = env.askrisky(["suggest", "--min", "3"]).output();
    assert!(!out.stdout().contains("npm run lint"), "{}", out.stdout());
}
