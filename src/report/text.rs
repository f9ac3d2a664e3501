//! The report as plain-text tables. Every string from the log is escaped
//! (control characters, ANSI escapes, bidi overrides: see
//! [`crate::escape`]) and long lines are cut in the middle.

use std::fmt::Write;

use super::{Counts, Group, Latency, Report};

/// Widest command shown in the table of most-asked lines.
const COMMAND_WIDTH: usize = 72;

const HEAD: [&str; 10] = [
    "total",
    "ran",
    "approved",
    "asked",
    "declined",
    "not run",
    "refused",
    "to prompt",
    "to rules",
    "cancelled",
];

/// Escaped, and cut in the middle to at most `max` characters.
pub fn shown(s: &str, max: usize) -> String {
    let e = crate::escape::escape(s);
    let n = e.chars().count();
    if n <= max {
        return e;
    }
    let head = (max.saturating_sub(1)) / 2;
    let tail = max.saturating_sub(1) - head;
    let mut out: String = e.chars().take(head).collect();
    out.push('…');
    out.extend(e.chars().skip(n - tail));
    out
}

fn row(out: &mut String, name: &str, c: &Counts, width: usize) {
    let _ = write!(out, "  {:<width$}", shown(name, width));
    for n in c.columns() {
        let _ = write!(out, " {n:>9}");
    }
    out.push('\n');
}

fn table(out: &mut String, title: &str, groups: &[Group], width: usize) {
    let _ = writeln!(out, "\n{title}");
    if groups.is_empty() {
        out.push_str("  (none)\n");
        return;
    }
    for g in groups {
        row(out, &g.name, &g.counts, width);
    }
}

fn ms(v: Option<u64>) -> String {
    v.map_or_else(|| "-".into(), |v| format!("{v} ms"))
}

fn latency(l: &Latency) -> String {
    format!(
        "p50 {}, p95 {}, max {} ({} timed)",
        ms(l.p50),
        ms(l.p95),
        ms(l.max),
        l.n
    )
}

/// Renders the report.
pub fn render(r: &Report) -> String {
    let mut out = String::new();
    let since = r.since.as_deref().unwrap_or("the start of the log");
    let _ = writeln!(out, "askrisky report since {since}");
    match (&r.first, &r.last) {
        (Some(f), Some(l)) => {
            let _ = writeln!(
                out,
                "{} decisions, {} to {}",
                r.totals.total,
                shown(f, 40),
                shown(l, 40)
            );
        }
        _ => out.push_str("no decisions in this time\n"),
    }
    if r.unreadable > 0 {
        let _ = writeln!(out, "{} log lines could not be read", r.unreadable);
    }
    let width = r
        .by_surface
        .iter()
        .chain(&r.by_rule)
        .chain(&r.reviewer.by_outcome)
        .map(|g| shown(&g.name, 28).chars().count())
        .chain([16])
        .max()
        .unwrap_or(16);
    let _ = write!(out, "\n  {:<width$}", "");
    for h in HEAD {
        let _ = write!(out, " {h:>9}");
    }
    out.push('\n');
    row(&mut out, "all", &r.totals, width);
    table(&mut out, "by agent", &r.by_surface, width);
    table(&mut out, "by rule", &r.by_rule, width);
    table(
        &mut out,
        "by reviewer outcome",
        &r.reviewer.by_outcome,
        width,
    );

    out.push_str("\nwho decided\n");
    if r.by_decider.is_empty() {
        out.push_str("  (none)\n");
    }
    for d in &r.by_decider {
        let _ = writeln!(out, "  {:<width$} {:>9}", d.name, d.count);
    }

    let rv = &r.reviewer;
    out.push_str("\nreviewer\n");
    let _ = writeln!(
        out,
        "  {} reviews, {} answered; latency {}",
        rv.reviews,
        rv.answered,
        latency(&rv.latency_ms)
    );
    let cost = match rv.cost {
        Some(c) => format!("{c:.4}"),
        None => "unknown".into(),
    };
    let _ = writeln!(
        out,
        "  tokens in {}, out {}; cost {cost}{}",
        rv.input_tokens,
        rv.output_tokens,
        if rv.cost_unknown > 0 && rv.cost.is_some() {
            format!(" (and {} reviews of unknown cost)", rv.cost_unknown)
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        out,
        "\nperson\n  {} answers; time to answer {}",
        r.person.answers,
        latency(&r.person.latency_ms)
    );

    let a = &r.at_agent;
    let _ = writeln!(
        out,
        "\nat agents' own prompts\n  {} handed over: {} approved, {} declined, {} ran in a mode without prompts, {} answer not known",
        a.asked, a.approved, a.declined, a.ran_unprompted, a.unknown
    );

    out.push_str("\nmost-asked lines\n");
    if r.most_asked.is_empty() {
        out.push_str("  (none)\n");
    } else {
        let _ = writeln!(
            out,
            "  {:>5} {:>8} {:>8} {:>7}  command",
            "asked", "approved", "declined", "not run"
        );
    }
    for a in &r.most_asked {
        let rules = if a.rules.is_empty() {
            String::new()
        } else {
            format!("  [{}]", shown(&a.rules.join(", "), 60))
        };
        let _ = writeln!(
            out,
            "  {:>5} {:>8} {:>8} {:>7}  {}{rules}",
            a.asked,
            a.approved,
            a.declined,
            a.not_run,
            shown(&a.command, COMMAND_WIDTH)
        );
    }
    out
}
