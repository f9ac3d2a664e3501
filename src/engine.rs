//! The engine: one request through parse ─► danger ─► allow ─► review ─►
//! policy, in that order, each step fed only what it needs.

use serde::Serialize;

use crate::config::{AllowRule, Settings};
use crate::danger::{self, Assessment, Context, Tier, prefix_matches};
use crate::parse::{self, Script};
use crate::policy::{self, Allow, Decision, Review};
use crate::request::Request;

/// Everything known about one request once it is decided.
#[derive(Clone, Debug, Serialize)]
pub struct Evaluation {
    /// The parsed line.
    pub script: Script,
    /// The danger set's verdict.
    pub assessment: Assessment,
    /// The allow rule that covers the line, if any.
    #[serde(skip)]
    pub allow: Allow,
    /// What the reviewer said, or why it was not asked.
    pub review: Review,
    /// What the review cost, when one was made.
    #[serde(skip)]
    pub review_meta: Option<crate::review::Meta>,
    /// The decision.
    pub decision: Decision,
}

/// Decides on a request. `review` is called only when the decision needs
/// the reviewer: review mode, a line outside the danger set, no allow rule.
pub fn evaluate(
    request: &Request,
    settings: &Settings,
    ctx: &Context,
    review: impl FnOnce(&Request, &Script) -> crate::review::Outcome,
) -> Evaluation {
    let mut script = parse::parse(&request.line);
    if request.not_utf8 {
        script.problems.push(parse::Problem::Unparseable {
            detail: "an argument is not valid UTF-8".into(),
        });
    }
    let assessment = danger::assess(&script, ctx, &settings.extra_danger);
    let allow = allow_for(&request.line, &script, &assessment, &settings.allow);
    let needs_review = settings.mode.value == crate::config::Mode::Review
        && assessment.tier == Tier::Clear
        && allow == Allow::None;
    let (review, review_meta) = if needs_review {
        let outcome = review(request, &script);
        (outcome.review, Some(outcome.meta))
    } else {
        (Review::NotNeeded, None)
    };
    let decision = policy::decide(settings.mode.value, &assessment, &allow, &review);
    Evaluation {
        script,
        assessment,
        allow,
        review,
        review_meta,
        decision,
    }
}

/// Finds the person's allow rule that covers a line: an exact line, or an
/// argv prefix of a line that is exactly one simple command and parses
/// cleanly. A rule covers danger-set matches only when it names each of
/// their codes; nothing covers the blocked tier.
pub fn allow_for(
    line: &str,
    script: &Script,
    assessment: &Assessment,
    rules: &[AllowRule],
) -> Allow {
    if assessment.tier == Tier::Blocked {
        return Allow::None;
    }
    for rule in rules {
        let hit = match (&rule.line, &rule.prefix) {
            (Some(l), None) => l.trim() == line.trim(),
            (None, Some(p)) => {
                script.problems.is_empty()
                    && script.written_count() == 1
                    && script
                        .commands
                        .first()
                        .is_some_and(|c| prefix_matches(c, p))
            }
            _ => false,
        };
        if hit
            && assessment
                .matches
                .iter()
                .all(|m| rule.covers.contains(&m.code))
        {
            return Allow::Covered(rule.describe());
        }
    }
    Allow::None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allow(line: &str, rules: &[AllowRule]) -> Allow {
        let script = parse::parse(line);
        let a = danger::assess(&script, &Context::example(), &[]);
        allow_for(line, &script, &a, rules)
    }

    fn prefix(p: &[&str], covers: &[&str]) -> AllowRule {
        AllowRule {
            line: None,
            prefix: Some(p.iter().map(|s| (*s).to_owned()).collect()),
            covers: covers.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    fn exact(l: &str, covers: &[&str]) -> AllowRule {
        AllowRule {
            line: Some(l.into()),
            prefix: None,
            covers: covers.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    #[test]
    fn allow_rule_matching() {
        let cargo = prefix(&["cargo", "build"], &[]);
        let rows: &[(&str, &[AllowRule], bool)] = &[
            ("cargo build", std::slice::from_ref(&cargo), true),
            ("cargo build --release", std::slice::from_ref(&cargo), true),
            ("/usr/bin/cargo build", std::slice::from_ref(&cargo), true),
            ("cargo test", std::slice::from_ref(&cargo), false),
            ("cargo", std::slice::from_ref(&cargo), false),
            // more than one simple command: a prefix never matches
            ("cargo build && rm x", std::slice::from_ref(&cargo), false),
            ("cargo build $(rm x)", std::slice::from_ref(&cargo), false),
            ("cargo build; ls", std::slice::from_ref(&cargo), false),
            ("cargo build | tee log", std::slice::from_ref(&cargo), false),
            // a wrapper is not the program the rule names
            ("sudo cargo build", std::slice::from_ref(&cargo), false),
            // dynamic words never match
            ("$CARGO build", std::slice::from_ref(&cargo), false),
            // danger needs an explicit cover
            (
                "rm -rf target",
                &[prefix(&["rm", "-rf", "target"], &[])],
                false,
            ),
            (
                "rm -rf target",
                &[prefix(&["rm", "-rf", "target"], &["delete.recursive"])],
                false,
            ),
            (
                "rm -rf target",
                &[prefix(
                    &["rm", "-rf", "target"],
                    &["delete.recursive", "delete.forced"],
                )],
                true,
            ),
            // blocked is never covered
            (
                "rm -rf /",
                &[exact(
                    "rm -rf /",
                    &["delete.root", "delete.recursive", "delete.forced"],
                )],
                false,
            ),
            // exact lines
            ("make deploy", &[exact("make deploy", &[])], true),
            ("make deploy ", &[exact("make deploy", &[])], true),
            ("make deploy && x", &[exact("make deploy", &[])], false),
            ("npm publish", &[exact("npm publish", &[])], false),
            (
                "npm publish",
                &[exact("npm publish", &["publish.package"])],
                true,
            ),
        ];
        for (line, rules, want) in rows {
            assert_eq!(allow(line, rules) != Allow::None, *want, "{line} {rules:?}");
        }
    }
}
