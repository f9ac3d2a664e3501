//! Allow rules from habit: what the person approved again and again,
//! proposed as rules for their config.
//!
//! Only the person's own approvals count (log records decided by the
//! person that ran), and only those of agents' requests: a line typed at
//! the person's own guarded shell is their request, not an agent's. A
//! line is proposed as an exact `line` rule; clear one-command lines that
//! share a program and subcommand (`cargo test`, `cargo test -p x`) as one
//! `prefix` rule. Never proposed: the blocked tier; a line that sets a
//! variable steering what runs ([`crate::policy::steers_programs`]); a line
//! askrisky cannot analyse; a line an allow rule already covers. A line in
//! the danger set is proposed only when asked for, marked, and with
//! `covers` naming its rules — the caller must get the person's yes for
//! each such rule on their terminal.
//!
//! Nothing here writes: the caller shows the change and writes it only
//! when the person confirms.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::config::{AllowRule, Settings};
use crate::danger::{Place, Tier};
use crate::decide::{ANALYSIS_BUDGET, allow_for, analyse};
use crate::log::{DecidedBy, Outcome, Record};
use crate::parse::{Script, Syntax, programs};
use crate::policy::Allow;

/// A line the person approved, and how often.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approved {
    /// The command line.
    pub line: String,
    /// The folder it last ran in.
    pub cwd: PathBuf,
    /// Times approved.
    pub times: usize,
    /// Whether any record of it was in the blocked tier.
    pub blocked: bool,
    /// Rule codes its records matched.
    pub rules: Vec<String>,
}

/// Whether a record is the person approving an agent's request.
pub fn is_approval(r: &Record) -> bool {
    r.decided_by == DecidedBy::Person && r.outcome == Outcome::Ran && r.surface != "shell"
}

/// The person's approvals in the log, by line, most approved first. Reads
/// the log from its end, keeping only one entry per line.
pub fn tally(state: &Path) -> std::io::Result<Vec<Approved>> {
    let mut by_line: BTreeMap<String, Approved> = BTreeMap::new();
    crate::log::each_back(state, |l| {
        if let Ok(r) = serde_json::from_str::<Record>(l) {
            add(&mut by_line, &r);
        }
        true
    })?;
    Ok(sorted(by_line))
}

/// [`tally`] over records already read.
pub fn tally_records(records: &[Record]) -> Vec<Approved> {
    let mut by_line = BTreeMap::new();
    for r in records.iter().rev() {
        add(&mut by_line, r);
    }
    sorted(by_line)
}

fn add(by_line: &mut BTreeMap<String, Approved>, r: &Record) {
    if !is_approval(r) {
        return;
    }
    let a = by_line
        .entry(r.command.clone())
        .or_insert_with(|| Approved {
            line: r.command.clone(),
            // Records are met newest first: the first one's folder is the last.
            cwd: PathBuf::from(&r.cwd),
            times: 0,
            blocked: false,
            rules: Vec::new(),
        });
    a.times += 1;
    a.blocked |= r.tier == "blocked";
    for c in &r.rules {
        if !a.rules.contains(c) {
            a.rules.push(c.clone());
        }
    }
}

fn sorted(by_line: BTreeMap<String, Approved>) -> Vec<Approved> {
    let mut v: Vec<Approved> = by_line.into_values().collect();
    v.sort_by(|a, b| b.times.cmp(&a.times).then(a.line.cmp(&b.line)));
    v
}

/// One proposed allow rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    /// The rule, as it would be written.
    pub rule: AllowRule,
    /// Times the person approved what it covers.
    pub times: usize,
    /// The lines behind it (one for a line rule).
    pub lines: Vec<String>,
    /// Danger-set rules it covers (with their sentences): it needs the
    /// person's yes for this rule, on their terminal.
    pub danger: Vec<(String, String)>,
}

impl Proposal {
    /// The rule in one line, for people: `line "…"` or `prefix ["…", "…"]`,
    /// with what it covers of the danger set.
    pub fn describe(&self) -> String {
        let covers = if self.rule.covers.is_empty() {
            String::new()
        } else {
            format!(", covering {}", self.rule.covers.join(", "))
        };
        format!("{}{covers}", crate::escape::escape(&self.rule.describe()))
    }
}

/// A line as judged today, in the folder it last ran in.
struct Judged {
    script: Script,
    assessment: crate::danger::Assessment,
}

fn judge(line: &str, cwd: &Path, settings: &Settings, place: &Place) -> Judged {
    let place = Place {
        cwd: cwd.to_path_buf(),
        ..place.clone()
    };
    let (script, assessment) = analyse(
        line,
        Syntax::Posix,
        &place,
        &settings.extra_danger,
        None,
        ANALYSIS_BUDGET,
    );
    Judged { script, assessment }
}

/// Whether a line sets a variable that steers what runs.
fn steered(script: &Script) -> bool {
    script.commands.iter().any(|c| {
        c.assignments
            .iter()
            .any(|(n, _)| crate::policy::steers_programs(n))
    })
}

/// The program and subcommand a one-command line could share with others
/// under a prefix rule: a plain program (not a shell, an interpreter, a
/// wrapper that runs another program, or askrisky), then a word that reads
/// as a subcommand (`test`, `run`, `build`). `None` for anything else.
fn prefix_of(judged: &Judged) -> Option<Vec<String>> {
    let s = &judged.script;
    if !s.problems.is_empty()
        || s.commands.len() != 1
        || judged.assessment.tier != Tier::Clear
        || !s.files.is_empty()
    {
        return None;
    }
    let c = s.commands.first()?;
    if !c.assignments.is_empty() || !c.redirects.is_empty() || c.argv.len() < 2 {
        return None;
    }
    let (prog, sub) = (&c.argv[0], &c.argv[1]);
    if !prog.literal || !sub.literal {
        return None;
    }
    let name = programs::program_name(&prog.value);
    let runs_others = programs::is_shell(&name)
        || crate::parse::interpreters::inline_code_flags(&name).is_some()
        || programs::wrapper_for(&name, &[Some(sub.value.as_str())]).is_some()
        || name == "askrisky";
    let subcommand = sub
        .value
        .chars()
        .next()
        .is_some_and(|ch| ch.is_ascii_lowercase())
        && sub
            .value
            .chars()
            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-');
    (!runs_others && subcommand && !name.is_empty()).then(|| vec![name, sub.value.clone()])
}

/// The rules to propose for lines approved at least `min` times, given the
/// person's settings (their allow rules, extra danger rules) and where
/// askrisky protects (`place`: home and askrisky's folders). Danger-set
/// lines only with `include_danger`.
pub fn propose(
    approved: &[Approved],
    min: usize,
    include_danger: bool,
    settings: &Settings,
    place: &Place,
) -> Vec<Proposal> {
    let mut lines: Vec<Proposal> = Vec::new();
    // Prefix → (times, lines, the judged lines) for clear one-command lines.
    let mut prefixes: BTreeMap<Vec<String>, Vec<(&Approved, Judged)>> = BTreeMap::new();
    for a in approved {
        if a.blocked {
            continue;
        }
        let j = judge(&a.line, &a.cwd, settings, place);
        if j.assessment.tier == Tier::Blocked
            || !j.script.problems.is_empty()
            || steered(&j.script)
            || allow_for(&a.line, &j.script, &j.assessment, &settings.allow) != Allow::None
        {
            continue;
        }
        let danger: Vec<(String, String)> = j
            .assessment
            .matches
            .iter()
            .filter(|m| m.tier == Tier::Danger)
            .map(|m| (m.code.clone(), m.sentence.clone()))
            .fold(Vec::new(), |mut v, m| {
                if !v.iter().any(|(c, _)| *c == m.0) {
                    v.push(m);
                }
                v
            });
        // A line the log says was in the danger set, judged clear today,
        // still needs the person's yes for it.
        let was_danger = a.rules.iter().any(|r| {
            crate::danger::rules::RULES
                .iter()
                .any(|x| x.code == r && x.tier == Tier::Danger)
                || settings.extra_danger.iter().any(|x| x.code == *r)
        });
        if !danger.is_empty() || was_danger {
            // A rule that would cover what the person's config cannot name
            // (a project's own rule) could not be written.
            let writable = danger.iter().all(|(code, _)| settings.can_cover(code));
            if include_danger && a.times >= min && writable {
                let mut danger = danger;
                if danger.is_empty() {
                    danger.push((
                        a.rules.join(", "),
                        "The log shows this line in the danger set when it was approved.".into(),
                    ));
                }
                lines.push(Proposal {
                    rule: AllowRule {
                        line: Some(a.line.clone()),
                        covers: j
                            .assessment
                            .matches
                            .iter()
                            .filter(|m| m.tier == Tier::Danger)
                            .map(|m| m.code.clone())
                            .fold(Vec::new(), |mut v, c| {
                                if !v.contains(&c) {
                                    v.push(c);
                                }
                                v
                            }),
                        ..AllowRule::default()
                    },
                    times: a.times,
                    lines: vec![a.line.clone()],
                    danger,
                });
            }
            continue;
        }
        match prefix_of(&j) {
            Some(p) => prefixes.entry(p).or_default().push((a, j)),
            None if a.times >= min => lines.push(Proposal {
                rule: AllowRule {
                    line: Some(a.line.clone()),
                    ..AllowRule::default()
                },
                times: a.times,
                lines: vec![a.line.clone()],
                danger: Vec::new(),
            }),
            None => {}
        }
    }
    for (prefix, group) in prefixes {
        let rule = AllowRule {
            prefix: Some(prefix),
            ..AllowRule::default()
        };
        let times: usize = group.iter().map(|(a, _)| a.times).sum();
        // Several lines, approved often enough together, that the prefix
        // rule would indeed cover: one rule for all of them.
        let covered = group.iter().all(|(a, j)| {
            allow_for(
                &a.line,
                &j.script,
                &j.assessment,
                std::slice::from_ref(&rule),
            ) != Allow::None
        });
        if group.len() >= 2 && times >= min && covered {
            lines.push(Proposal {
                rule,
                times,
                lines: group.iter().map(|(a, _)| a.line.clone()).collect(),
                danger: Vec::new(),
            });
        } else {
            lines.extend(
                group
                    .iter()
                    .filter(|(a, _)| a.times >= min)
                    .map(|(a, _)| Proposal {
                        rule: AllowRule {
                            line: Some(a.line.clone()),
                            ..AllowRule::default()
                        },
                        times: a.times,
                        lines: vec![a.line.clone()],
                        danger: Vec::new(),
                    }),
            );
        }
    }
    lines.sort_by(|a, b| {
        b.times
            .cmp(&a.times)
            .then_with(|| a.rule.describe().cmp(&b.rule.describe()))
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::SCHEMA_VERSION;

    fn record(line: &str, by: DecidedBy, outcome: Outcome, surface: &str, tier: &str) -> Record {
        Record {
            v: SCHEMA_VERSION,
            time: "2026-11-29T10:00:00.000Z".into(),
            surface: surface.into(),
            cwd: "/home/user/project".into(),
            command: line.into(),
            commands: vec![line.into()],
            mode: "ask".into(),
            mode_source: "default".into(),
            tier: tier.into(),
            rules: Vec::new(),
            decision: "ask".into(),
            outcome,
            decided_by: by,
            reason: String::new(),
            message: None,
            reviewer: None,
            duration_ms: 1,
            answer_ms: Some(900),
            session: None,
            contained: None,
            call: None,
            transcript: None,
            answers: None,
        }
    }

    fn approvals(line: &str, n: usize) -> Vec<Record> {
        (0..n)
            .map(|_| record(line, DecidedBy::Person, Outcome::Ran, "exec", "clear"))
            .collect()
    }

    fn propose_from(records: &[Record], min: usize, danger: bool) -> Vec<String> {
        let settings = Settings::defaults();
        propose(
            &tally_records(records),
            min,
            danger,
            &settings,
            &Place::example(),
        )
        .iter()
        .map(|p| format!("{} x{}", p.describe(), p.times))
        .collect()
    }

    #[test]
    fn only_the_persons_approvals_of_agents_count() {
        let mut rs = approvals("make lint", 2);
        rs.push(record(
            "make lint",
            DecidedBy::Mode,
            Outcome::Ran,
            "exec",
            "clear",
        ));
        rs.push(record(
            "make lint",
            DecidedBy::Person,
            Outcome::Declined,
            "exec",
            "clear",
        ));
        rs.push(record(
            "make lint",
            DecidedBy::Person,
            Outcome::Ran,
            "shell",
            "clear",
        ));
        assert!(propose_from(&rs, 3, false).is_empty());
        rs.extend(approvals("make lint", 1));
        assert_eq!(propose_from(&rs, 3, false), ["line \"make lint\" x3"]);
    }

    #[test]
    fn shared_subcommands_become_one_prefix_rule() {
        let mut rs = approvals("cargo test", 2);
        rs.extend(approvals("cargo test -p askrisky", 1));
        rs.extend(approvals("cargo build", 1));
        assert_eq!(
            propose_from(&rs, 3, false),
            ["prefix [\"cargo\", \"test\"] x3"]
        );
        // One line alone stays a line rule.
        assert_eq!(
            propose_from(&approvals("cargo fmt", 3), 3, false),
            ["line \"cargo fmt\" x3"]
        );
        // Shells, interpreters and wrappers run what follows them: never a
        // prefix for them.
        let mut rs = approvals("python3 tool.py", 2);
        rs.extend(approvals("python3 tool.py --fast", 2));
        rs.extend(approvals("sudo apt update", 2));
        rs.extend(approvals("timeout 5 make", 2));
        for p in propose_from(&rs, 2, false) {
            assert!(p.starts_with("line "), "{p}");
        }
    }

    #[test]
    fn never_blocked_steered_unreadable_or_already_allowed() {
        let mut rs = Vec::new();
        for line in [
            "rm -rf ~",
            "PATH=/tmp/evil:$PATH make",
            "GIT_DIR=/x git status",
            "echo 'unterminated",
            "$cmd -rf x",
        ] {
            rs.extend(approvals(line, 5));
        }
        let mut blocked_then = approvals("ls -la", 5);
        blocked_then[0].tier = "blocked".into();
        rs.extend(blocked_then);
        assert!(
            propose_from(&rs, 1, true).is_empty(),
            "{:?}",
            propose_from(&rs, 1, true)
        );
        let mut settings = Settings::defaults();
        settings.allow = vec![AllowRule {
            prefix: Some(vec!["cargo".into(), "test".into()]),
            ..AllowRule::default()
        }];
        let p = propose(
            &tally_records(&approvals("cargo test", 4)),
            1,
            false,
            &settings,
            &Place::example(),
        );
        assert!(p.is_empty(), "{p:?}");
    }

    #[test]
    fn the_danger_set_only_when_asked_for_and_with_covers() {
        let rs = approvals("rm -rf build", 4);
        assert!(propose_from(&rs, 3, false).is_empty());
        let p = propose(
            &tally_records(&rs),
            3,
            true,
            &Settings::defaults(),
            &Place::example(),
        );
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].rule.line.as_deref(), Some("rm -rf build"));
        assert_eq!(p[0].rule.covers, ["delete.recursive", "delete.forced"]);
        assert_eq!(
            p[0].danger
                .iter()
                .map(|(c, _)| c.as_str())
                .collect::<Vec<_>>(),
            ["delete.recursive", "delete.forced"]
        );
        // What the log recorded as danger counts as danger, whatever today's
        // rules say.
        let mut rs = approvals("make deploy", 3);
        for r in &mut rs {
            r.rules = vec!["publish.package".into()];
            r.tier = "danger".into();
        }
        assert!(propose_from(&rs, 3, false).is_empty());
        assert_eq!(propose_from(&rs, 3, true).len(), 1);
    }

    /// A line in the danger set only by a project's own rule: no allow
    /// rule in the person's config can cover that rule, so none is
    /// proposed; by the person's own rule, it is.
    #[test]
    fn only_rules_the_persons_config_can_cover_are_proposed() {
        let rule = |file: &str| crate::danger::ExtraRule {
            code: "mine.deploy".into(),
            sentence: "Deploys.".into(),
            prefix: vec!["./deploy".into()],
            pack_off: None,
            file: Some(PathBuf::from(file)),
        };
        let rs = approvals("./deploy prod", 3);
        // (where the rule is defined, proposed)
        for (file, want) in [("/repo/.askrisky.toml", 0), ("/u/config.toml", 1)] {
            let mut settings = Settings::defaults();
            settings.user_file = Some(PathBuf::from("/u/config.toml"));
            settings.extra_danger = vec![rule(file)];
            let p = propose(&tally_records(&rs), 3, true, &settings, &Place::example());
            assert_eq!(p.len(), want, "{file}: {p:?}");
        }
    }
}
