//! `askrisky report` on the real binary, over a fixture log: the text and
//! JSON reports (snapshots), reading from the log's end, and the HTML page
//! (escaped, no script, opened in headless Chromium without a console
//! error).

use crate::common;

use std::path::Path;
use std::process::Command;

use common::Env;

const FIXTURE: &str = include_str!("../fixtures/log/report.jsonl");

fn with_log(text: &str) -> Env {
    let env = Env::new();
    std::fs::create_dir_all(env.state_dir()).expect("state dir");
    std::fs::write(env.state_dir().join("log.jsonl"), text).expect("log");
    env
}

#[test]
fn text_report() {
    let env = with_log(FIXTURE);
    let out = env.askrisky(["report", "--since", "2026-11-20"]).output();
    out.status(0);
    insta::assert_snapshot!("text", out.stdout());
}

#[test]
fn json_report() {
    let env = with_log(FIXTURE);
    let out = env
        .askrisky(["report", "--since", "2026-11-20", "--json"])
        .output();
    out.status(0);
    insta::assert_snapshot!("json", out.stdout());
    let v: serde_json::Value = serde_json::from_str(&out.stdout()).expect("json");
    assert_eq!(v["schema"], 1);
    assert_eq!(v["totals"]["total"], 18);
    // Commands are data in JSON, exactly as logged; escaping is for
    // people's screens.
    assert!(
        v["most_asked"]
            .as_array()
            .is_some_and(|a| a.iter().any(|l| l["command"]
                .as_str()
                .is_some_and(|c| c.contains("<script>") && c.contains('\u{1b}'))))
    );
}

#[test]
fn the_whole_log_and_bad_times() {
    let env = with_log(FIXTURE);
    let out = env
        .askrisky(["report", "--since", "all", "--json"])
        .output();
    out.status(0);
    let v: serde_json::Value = serde_json::from_str(&out.stdout()).expect("json");
    assert_eq!(v["totals"]["total"], 21);
    assert_eq!(v["unreadable"], 1);
    assert_eq!(v["since"], serde_json::Value::Null);
    // A usage error, as for every flag.
    let out = env.askrisky(["report", "--since", "yesterday"]).output();
    out.status(2);
    assert!(
        out.stderr()
            .contains("--since: \"yesterday\" is not a time"),
        "{}",
        out.stderr()
    );
    // No log yet: an empty report, not an error.
    let empty = Env::new();
    let out = empty.askrisky(["report"]).output();
    out.status(0);
    assert!(
        out.stdout().contains("no decisions in this time"),
        "{}",
        out.stdout()
    );
}

/// A report of the last days reads the log from its end and stops at the
/// first record older than the stretch: here the log starts with 16 GiB of
/// nothing (a sparse file), which reading it whole could not get through.
#[test]
fn the_log_is_read_from_its_end() {
    let env = Env::new();
    std::fs::create_dir_all(env.state_dir()).expect("state dir");
    let log = env.state_dir().join("log.jsonl");
    let file = std::fs::File::create(&log).expect("log");
    file.set_len(16 << 30).expect("sparse");
    drop(file);
    // The fixture's first record, long before the stretch, comes right
    // after the empty 16 GiB.
    let tail: String = FIXTURE.lines().skip(1).map(|l| format!("{l}\n")).collect();
    use std::io::Write;
    std::fs::OpenOptions::new()
        .append(true)
        .open(&log)
        .and_then(|mut f| f.write_all(format!("\n{tail}").as_bytes()))
        .expect("append");
    let out = env
        .askrisky(["report", "--since", "2026-11-20", "--json"])
        .output();
    out.status(0);
    let v: serde_json::Value = serde_json::from_str(&out.stdout()).expect("json");
    assert_eq!(v["totals"]["total"], 18);
    assert_eq!(v["unreadable"], 0);
}

fn html(env: &Env, name: &str) -> String {
    let path = env.project.join(name);
    let out = env
        .askrisky(["report", "--since", "2026-11-20", "--html", name])
        .output();
    out.status(0);
    assert!(out.stdout().is_empty(), "{}", out.stdout());
    std::fs::read_to_string(path).expect("page")
}

#[test]
fn the_page_is_self_contained_and_escapes_the_log() {
    let env = with_log(FIXTURE);
    let page = html(&env, "report.html");
    assert!(page.starts_with("<!doctype html>\n<!-- askrisky report -->\n"));
    // Nothing that runs or fetches (text that merely names a URL, like a
    // logged `curl https://…`, is text).
    let lower = page.to_ascii_lowercase();
    for absent in [
        "<script", "<img", "<link", "<iframe", "<object", "<embed", "@import", "url(", "src=",
        "href=", "xlink:",
    ] {
        assert!(!lower.contains(absent), "{absent} in the page");
    }
    // No event handler attribute (` onerror=`, ` onload=`): ` on`, letters, `=`.
    let handler = lower.match_indices(" on").any(|(i, _)| {
        let rest = &lower[i + 3..];
        let name = rest.chars().take_while(char::is_ascii_lowercase).count();
        name > 0 && rest[name..].starts_with('=')
    });
    assert!(!handler, "an event handler in the page");
    assert!(page.contains("Content-Security-Policy"));
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(page.contains("\\x1b[31m\\u{202e}danger &amp; &quot;quotes&quot;"));
    assert!(page.contains("hook:cur&lt;b&gt;sor&lt;/b&gt;"));
    assert!(!page.contains('\u{1b}') && !page.contains('\u{202e}'));
    assert!(page.contains("<svg"));
}

#[test]
fn the_page_is_not_written_over_what_is_not_a_report() {
    let env = with_log(FIXTURE);
    // Where askrisky protects: refused, untouched.
    std::fs::write(env.home.join(".bashrc"), "# mine\n").expect("bashrc");
    let out = env
        .askrisky([
            "report",
            "--html",
            env.home.join(".bashrc").to_str().expect("utf8"),
        ])
        .output();
    out.status(83);
    assert!(out.stderr().contains("protected"), "{}", out.stderr());
    assert_eq!(
        std::fs::read_to_string(env.home.join(".bashrc")).unwrap_or_default(),
        "# mine\n"
    );
    let own = env.state_dir().join("report.html");
    env.askrisky(["report", "--html", own.to_str().expect("utf8")])
        .output()
        .status(83);
    assert!(!own.exists());
    // Another file: refused, untouched.
    std::fs::write(env.project.join("notes.html"), "<p>mine</p>").expect("notes");
    let out = env.askrisky(["report", "--html", "notes.html"]).output();
    out.status(83);
    assert!(
        out.stderr().contains("not an askrisky report"),
        "{}",
        out.stderr()
    );
    assert_eq!(
        std::fs::read_to_string(env.project.join("notes.html")).unwrap_or_default(),
        "<p>mine</p>"
    );
    // An earlier report: replaced.
    std::fs::write(
        env.project.join("old.html"),
        "<!doctype html>\n<!-- askrisky report -->\nold",
    )
    .expect("old");
    let page = html(&env, "old.html");
    assert!(page.contains("askrisky report</h1>"));
}

/// Headless Chromium, with nothing from the network, from a profile of its
/// own.
fn chromium(profile: &Path, args: &[&str]) -> std::process::Output {
    Command::new("timeout")
        .arg("120")
        .arg("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .output()
        .expect("run chromium")
}

#[test]
fn the_page_opens_in_chromium_without_console_errors() {
    common::require!("chromium", "timeout");
    let env = with_log(FIXTURE);
    html(&env, "report.html");
    let url = format!("file://{}", env.project.join("report.html").display());
    let profile = env.dir.path().join("chromium");
    let out = chromium(&profile, &["--dump-dom", &url]);
    let dom = String::from_utf8_lossy(&out.stdout);
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    assert!(dom.contains("askrisky report</h1>"), "{dom}");
    assert!(dom.contains("Most-asked lines"), "{dom}");
    // What the page says to its console (a blocked load, a script error, a
    // policy violation) Chromium logs as CONSOLE lines.
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(
        console.is_empty(),
        "console messages:\n{}",
        console.join("\n")
    );
    // And it draws.
    let shot = env.dir.path().join("report.png");
    let out = chromium(
        &profile,
        &[
            "--window-size=1100,1500",
            &format!("--screenshot={}", shot.display()),
            &url,
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let png = std::fs::read(&shot).expect("screenshot");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{} bytes",
        png.len()
    );
}
