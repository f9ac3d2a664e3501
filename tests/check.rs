//! `askrisky check`, `rules` and config sources on the real binary.
#![allow(clippy::disallowed_methods, clippy::unwrap_used, clippy::expect_used)] // test code: plain files, and a failure is a panic

mod common;

use common::Env;
use serde_json::json;

fn check_json(env: &Env, args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let mut a = vec!["check", "--json"];
    a.extend_from_slice(args);
    let out = env.askrisky(&a).output();
    let v: serde_json::Value = serde_json::from_str(&out.stdout())
        .unwrap_or_else(|e| panic!("{e}: {} {}", out.stdout(), out.stderr()));
    (out.code(), v)
}

#[test]
fn json_schema_for_a_danger_line() {
    let env = Env::new();
    env.config("mode = \"autopilot\"\n");
    let (code, v) = check_json(&env, &["-c", "sudo rm -r build"]);
    assert_eq!(code, Some(81));
    let config = env.config_path().display().to_string();
    assert_eq!(
        v,
        json!({
            "schema": 1,
            "decision": "ask",
            "explanation": "Runs with another user's rights, usually root [privilege.escalate]; Deletes a folder and everything in it, with no undo [delete.recursive]",
            "codes": ["privilege.escalate", "delete.recursive"],
            "reason": {
                "kind": "danger",
                "matches": [
                    {"code": "privilege.escalate", "tier": "danger", "sentence": "Runs with another user's rights, usually root.", "command": "sudo rm -r build"},
                    {"code": "delete.recursive", "tier": "danger", "sentence": "Deletes a folder and everything in it, with no undo.", "command": "rm -r build"}
                ]
            },
            "tier": "danger",
            "matches": [
                {"code": "privilege.escalate", "tier": "danger", "sentence": "Runs with another user's rights, usually root.", "command": "sudo rm -r build"},
                {"code": "delete.recursive", "tier": "danger", "sentence": "Deletes a folder and everything in it, with no undo.", "command": "rm -r build"}
            ],
            "safer": [
                {"code": "privilege.escalate", "sentence": "Install for your own user or into the project instead of system-wide (`pip install --user`, `npm install --prefix`, `cargo install --root ~/.local`); leave steps that need root to the person.", "example": "pip install --user requests"},
                {"code": "delete.recursive", "sentence": "Move the folder aside, or to the trash (`gio trash`, `trash-put`), so it can be brought back.", "example": "mv build build.old"}
            ],
            "commands": ["sudo rm -r build", "rm -r build"],
            "problems": [],
            "files": [],
            "mode": {"value": "autopilot", "source": {"kind": "user", "detail": config}},
            "modes_given": [{"value": "autopilot", "source": {"kind": "user", "detail": config}}],
            "allow_rule": null,
            "review": {"state": "not_needed"},
            "config_errors": [],
            "config_warnings": []
        })
    );
}

#[test]
fn text_says_the_safer_way() {
    let env = Env::new();
    let out = env
        .askrisky(["check", "-c", "git push --force origin main"])
        .output();
    out.status(81);
    assert!(
        out.stdout().contains("\nsafer:    [git.force_push] Push the rewritten history to a new branch instead of over the remote's; on your own branch, `git push --force-with-lease` at least refuses when someone else pushed (e.g. `git push -u origin HEAD:refs/heads/my-branch-v2`)\n"),
        "{}",
        out.stdout()
    );
    // A rule without one, and a line that is clear, say nothing of it.
    let out = env.askrisky(["check", "-c", "ls"]).output();
    assert!(!out.stdout().contains("safer"), "{}", out.stdout());
    let (_, v) = check_json(&env, &["-c", ":(){ :|:& };:"]);
    assert_eq!(v["safer"], json!([]), "{v}");
}

#[test]
fn exit_status_says_the_decision() {
    let env = Env::new();
    env.config("mode = \"autopilot\"\n");
    assert_eq!(check_json(&env, &["--", "ls", "-la"]).0, Some(0));
    assert_eq!(check_json(&env, &["-c", "git push -f"]).0, Some(81));
    assert_eq!(check_json(&env, &["-c", "mkfs.ext4 /dev/sda"]).0, Some(80));
    // check never runs anything
    let marker = env.project.join("ran");
    let out = env
        .askrisky(["check", "--", "touch", marker.to_str().expect("utf8")])
        .output();
    out.status(0);
    assert!(!marker.exists());
}

#[test]
fn a_loosening_project_file_is_ignored() {
    let env = Env::new();
    env.project_file(
        "mode = \"autopilot\"\n[[allow]]\nline = \"git push -f\"\ncovers = [\"git.force_push\"]\n",
    );
    let (code, v) = check_json(&env, &["-c", "ls"]);
    assert_eq!(code, Some(81), "{v}");
    assert_eq!(v["mode"]["value"], "ask");
    let (code, _) = check_json(&env, &["-c", "git push -f"]);
    assert_eq!(code, Some(81));
    let out = env.askrisky(["check", "-c", "ls"]).output();
    assert!(out.stderr().contains("`allow` ignored"), "{}", out.stderr());
}

#[test]
fn a_project_file_can_tighten() {
    let env = Env::new();
    env.config("mode = \"autopilot\"\n");
    env.project_file(
        "mode = \"ask\"\n[[danger]]\ncode = \"project.deploy\"\nsentence = \"Deploys to production.\"\nprefix = [\"./deploy.sh\"]\n",
    );
    let (code, v) = check_json(&env, &["-c", "ls"]);
    assert_eq!(code, Some(81));
    assert_eq!(v["mode"]["source"]["kind"], "project");
    env.project_file(
        "[[danger]]\ncode = \"project.deploy\"\nsentence = \"Deploys to production.\"\nprefix = [\"./deploy.sh\"]\n",
    );
    std::fs::write(env.project.join("deploy.sh"), "echo deploying \"$1\"\n").expect("write");
    let (code, v) = check_json(&env, &["-c", "./deploy.sh prod"]);
    assert_eq!(code, Some(81));
    assert_eq!(v["codes"], json!(["project.deploy"]));
}

#[test]
fn flags_and_env_only_tighten() {
    let env = Env::new();
    // default (ask) cannot be loosened
    let out = env
        .askrisky(["--mode", "autopilot", "check", "-c", "ls"])
        .output();
    out.status(81);
    let out = env
        .askrisky(["check", "-c", "ls"])
        .env("ASKRISKY_MODE", "autopilot")
        .output();
    out.status(81);
    // but can tighten a loose config
    env.config("mode = \"autopilot\"\n");
    env.askrisky(["check", "-c", "ls"]).output().status(0);
    env.askrisky(["--mode", "ask", "check", "-c", "ls"])
        .output()
        .status(81);
    env.askrisky(["check", "-c", "ls"])
        .env("ASKRISKY_MODE", "review")
        .output()
        .status(81);
}

#[test]
fn a_broken_config_is_named_and_asks() {
    let env = Env::new();
    env.config("mode = \"autopilot\"\n[[allow]]\nlin = \"ls\"\n");
    let out = env.askrisky(["check", "-c", "ls"]).output();
    out.status(81);
    let err = out.stderr();
    let line = err.lines().next().unwrap_or_default();
    assert!(line.contains("config.toml:3:1"), "{err}");
    assert!(line.contains("unknown field `lin`"), "{err}");
    assert!(line.contains("using ask mode"), "{err}");
}

#[test]
fn allow_rules_from_the_user_config() {
    let env = Env::new();
    env.config("[[allow]]\nprefix = [\"cargo\", \"test\"]\n[[allow]]\nline = \"rm -rf target\"\ncovers = [\"delete.recursive\", \"delete.forced\"]\n");
    env.askrisky(["check", "-c", "cargo test --all"])
        .output()
        .status(0);
    env.askrisky(["check", "-c", "cargo test; ls"])
        .output()
        .status(81);
    env.askrisky(["check", "-c", "rm -rf target"])
        .output()
        .status(0);
    env.askrisky(["check", "-c", "rm -rf target2"])
        .output()
        .status(81);
}

#[test]
fn rules_lists_every_code() {
    let env = Env::new();
    let out = env.askrisky(["rules", "--json"]).output();
    out.status(0);
    let v: serde_json::Value = serde_json::from_str(&out.stdout()).expect("json");
    let codes: Vec<&str> = v
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|r| r["code"].as_str())
        .collect();
    for c in [
        "delete.root",
        "fork.bomb",
        "delete.recursive",
        "git.force_push",
        "secret.read",
        "exec.download",
        "parse.unparseable",
    ] {
        assert!(codes.contains(&c), "{c}");
    }
    let human = env.askrisky(["rules"]).output();
    human.status(0);
    assert!(human.stdout().contains("Blocked tier"));
}

#[test]
fn review_mode_without_a_reviewer_asks() {
    let env = Env::new();
    env.config("mode = \"review\"\n");
    let (code, v) = check_json(&env, &["-c", "ls"]);
    assert_eq!(code, Some(81));
    assert_eq!(v["reason"]["kind"], "reviewer_unavailable");
    assert_eq!(v["reason"]["cause"], "not_configured");
}
