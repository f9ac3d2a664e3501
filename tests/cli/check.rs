//! `askrisky check`, `rules` and config sources on the real binary.

use crate::common;

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

/// A mode looser than the person's is not silently dropped: one line says
/// it was ignored, and why. A stricter one says nothing.
#[test]
fn a_looser_mode_says_it_was_ignored() {
    let env = Env::new();
    let ignored = |out: &common::Out| -> Vec<String> {
        out.stderr()
            .lines()
            .filter(|l| l.contains("ignored"))
            .map(str::to_owned)
            .collect()
    };
    let out = env
        .askrisky(["--mode", "autopilot", "check", "-c", "ls"])
        .output();
    out.status(81);
    assert_eq!(
        ignored(&out),
        [
            "askrisky: --mode autopilot ignored: it is looser than ask (the default: your config sets no mode); only your own config file can loosen approvals"
        ]
    );
    env.config("mode = \"review\"\n");
    let out = env
        .askrisky(["check", "-c", "ls"])
        .env("ASKRISKY_MODE", "autopilot")
        .output();
    let said = ignored(&out);
    assert_eq!(said.len(), 1, "{}", out.stderr());
    assert!(
        said[0].starts_with(
            "askrisky: ASKRISKY_MODE=autopilot ignored: it is looser than review (your config "
        ),
        "{said:?}"
    );
    let out = env
        .askrisky(["--mode", "ask", "check", "-c", "ls"])
        .output();
    out.status(81);
    assert!(ignored(&out).is_empty(), "{}", out.stderr());
}

/// Each mistake in a config is named with its file and line, and says how
/// to fix it; askrisky asks until it is fixed.
#[test]
fn every_config_mistake_is_named_with_its_line() {
    let env = Env::new();
    // (config, what stderr's config error says)
    let rows: &[(&str, &str)] = &[
        (
            "mode = \"autopilot\"\n[[allow]]\nline = \"rm -rf build\"\ncovers = [\"delete.recurse\"]\n",
            "config.toml:4: allow rule line \"rm -rf build\": covers \"delete.recurse\": no built-in rule and none of your [[danger]] rules has this code; fix: use a code `askrisky rules` lists",
        ),
        (
            "mode = \"autopilot\"\n[[allow]]\nprefix = []\n",
            "config.toml:2: allow rule prefix []: `prefix` is empty, so it would match nothing",
        ),
        (
            "mode = \"autopilot\"\n[[danger]]\ncode = \"secret.read\"\nsentence = \"Mine.\"\nprefix = [\"vault\"]\n",
            "config.toml:3: danger rule \"secret.read\": that code is a built-in rule's; fix: give it a code of your own",
        ),
        (
            "mode = \"autopilot\"\nshell = \"/bin/nosuchsh\"\n",
            "config.toml:2: shell /bin/nosuchsh: No such file or directory",
        ),
        (
            "[[allow]]\nprefix = [\"cargo\", \"test\"]\nmode = \"autopilot\"\n",
            "config.toml:3: `mode` is inside the [[allow]] table that starts on line 1, so it is not read as the top-level setting `mode`; fix: move it above line 1, the first table: top-level keys go before every [table] and [[table]]",
        ),
    ];
    for (config, want) in rows {
        env.config(config);
        let out = env.askrisky(["check", "-c", "ls"]).output();
        out.status(81);
        let err = out.stderr();
        let line = err
            .lines()
            .find(|l| l.starts_with("askrisky: config error: "))
            .unwrap_or_default();
        assert!(line.contains(want), "{config}\n{err}\nwant: {want}");
        assert!(
            line.ends_with("(using ask mode until it is fixed)"),
            "{line}"
        );
        let (_, v) = check_json(&env, &["-c", "ls"]);
        assert_eq!(v["mode"]["source"]["kind"], "config_error", "{config}");
        assert!(
            v["config_errors"][0]
                .as_str()
                .is_some_and(|e| e.contains(want)),
            "{v}"
        );
    }
}

/// `check` says when an agent's hook would leave a line to the agent's
/// own rules: with no mode set, for a line outside the danger set only.
#[test]
fn check_says_what_a_hook_leaves_to_the_agent() {
    let env = Env::new();
    let said = "hooks:    an agent's hook leaves this line to the agent's own approval rules (your config sets no mode)";
    let out = env.askrisky(["check", "-c", "ls"]).output();
    out.status(81);
    assert!(out.stdout().contains(said), "{}", out.stdout());
    let (_, v) = check_json(&env, &["-c", "ls"]);
    assert_eq!(v["hook_defers"], true, "{v}");
    let out = env.askrisky(["check", "-c", "rm -rf build"]).output();
    assert!(!out.stdout().contains("hooks:"), "{}", out.stdout());
    env.config("mode = \"ask\"\n");
    let out = env.askrisky(["check", "-c", "ls"]).output();
    assert!(!out.stdout().contains("hooks:"), "{}", out.stdout());
    let (_, v) = check_json(&env, &["-c", "ls"]);
    assert!(v.get("hook_defers").is_none(), "{v}");
    let out = env.askrisky(["status"]).output();
    assert!(!out.stdout().contains("hooks:"), "{}", out.stdout());
    env.config("");
    let out = env.askrisky(["status"]).output();
    assert!(
        out.stdout().contains(
            "hooks:  lines not in the danger set are left to each agent's own approval rules"
        ),
        "{}",
        out.stdout()
    );
}

/// `--shell` with a name askrisky does not know is a mistake on the
/// command line (exit 2), never a line read as some other shell.
#[test]
fn an_unknown_shell_is_a_usage_error() {
    let env = Env::new();
    let out = env
        .askrisky(["check", "--shell", "nosuch", "-c", "ls"])
        .output();
    out.status(2);
    assert!(
        out.stderr().contains("not a shell askrisky knows"),
        "{}",
        out.stderr()
    );
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

/// `rules` shows the set in force here: the built-in rules with a pack
/// the person turned off shown as off, the person's own rules and the
/// project's, each with where it comes from, and what allow rules and
/// session approvals can and cannot cover.
#[test]
fn rules_shows_the_effective_set() {
    let env = Env::new();
    env.config(
        "danger_packs = { cloud = false }\n[[danger]]\ncode = \"mine.deploy\"\nsentence = \"Deploys to production.\"\nprefix = [\"./deploy\", \"prod\"]\n",
    );
    env.project_file(
        "[[danger]]\ncode = \"proj.migrate\"\nsentence = \"Runs the migrations.\"\nprefix = [\"make\", \"migrate\"]\n",
    );
    let out = env.askrisky(["rules"]).output();
    out.status(0);
    let text = out.stdout();
    let line = |start: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(start))
            .unwrap_or_default()
            .to_owned()
    };
    assert!(
        line("cloud.destroy").contains("OFF (danger_packs.cloud = false in your config)"),
        "{text}"
    );
    assert!(!line("delete.recursive").contains("OFF"), "{text}");
    let config = env.config_path().display().to_string();
    assert!(
        text.contains(&format!("Your danger rules ({config})\n\n  mine.deploy              Deploys to production.\n                           prefix: ./deploy prod")),
        "{text}"
    );
    let project = env.project.join(".askrisky.toml").display().to_string();
    assert!(
        text.contains(&format!(
            "Project danger rules ({project})\n\n  proj.migrate"
        )),
        "{text}"
    );
    let para: String = text
        .split("What allow rules and session approvals cover")
        .nth(1)
        .unwrap_or_default()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for said in [
        "nothing ever covers the blocked tier",
        "only where its `covers` names every rule the line matches",
        "exactly one simple command",
        "same line, in the same folder, in the same session",
        "at most 12 hours",
    ] {
        assert!(para.contains(said), "{said}: {para}");
    }
    let out = env.askrisky(["rules", "--json"]).output();
    out.status(0);
    let v: serde_json::Value = serde_json::from_str(&out.stdout()).expect("json");
    let find = |code: &str| {
        v.as_array()
            .and_then(|a| a.iter().find(|r| r["code"] == code))
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(find("cloud.destroy")["on"], false);
    assert_eq!(find("cloud.destroy")["pack"], "cloud");
    assert_eq!(find("delete.root")["on"], true);
    assert_eq!(find("delete.root")["source"], "built-in");
    assert_eq!(find("mine.deploy")["source"], "user");
    assert_eq!(find("mine.deploy")["file"], json!(config));
    assert_eq!(find("proj.migrate")["source"], "project");
    assert_eq!(find("proj.migrate")["prefix"], json!(["make", "migrate"]));
    // Without them: none, and where to add them.
    let env = Env::new();
    let out = env.askrisky(["rules"]).output();
    assert!(
        out.stdout()
            .contains("Your danger rules (none: add [[danger]] tables to"),
        "{}",
        out.stdout()
    );
    assert!(!out.stdout().contains("OFF"), "{}", out.stdout());
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
