//! The report as one self-contained HTML page: inline CSS and small inline
//! SVG charts, no script, nothing fetched (a Content-Security-Policy says
//! so to the browser as well). Every string from the log — commands, rule
//! codes, surface names, times — is shown escaped: control and invisible
//! characters as `\x..`/`\u{..}` ([`crate::escape`]), then `&<>"'` as HTML
//! entities, so text an agent sent can neither run nor change the page.

use std::fmt::Write;

use super::{Counts, Group, Latency, Report};

/// The first line of every page this writes: `report --html` overwrites
/// only a file that starts with it.
pub const MARK: &str = "<!doctype html>\n<!-- askrisky report -->\n";

/// Colours of the parts of a count, in [`Counts::parts`] order.
const COLOURS: [&str; 8] = [
    "#4c9a6a", "#3b7dd8", "#e0913a", "#9aa0a6", "#d64545", "#8e6bbf", "#b7a6d6", "#c9c9c9",
];

/// Text from the log, safe in HTML text and attribute values.
pub fn esc(s: &str) -> String {
    html_text(&crate::escape::escape(s))
}

/// Escaped and cut to at most `max` characters (before escaping for HTML).
fn cut(s: &str, max: usize) -> String {
    html_text(&super::text::shown(s, max))
}

/// Text already shown safe for a terminal, made safe in HTML text and
/// attribute values.
fn html_text(shown: &str) -> String {
    let mut out = String::with_capacity(shown.len());
    for c in shown.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "
body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2328;background:#f6f8fa;margin:0;padding:24px}
main{max-width:980px;margin:0 auto}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:16px;margin:0 0 10px}
p.sub{color:#57606a;margin:0 0 18px}
section{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:16px 18px;margin:0 0 16px}
.cards{display:flex;flex-wrap:wrap;gap:10px;background:none;border:0;padding:0}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:10px 14px;min-width:96px}
.card b{display:block;font-size:22px}
.card span{color:#57606a;font-size:12px}
.legend{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:12px;color:#57606a;margin:6px 0 0}
.legend i{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px;vertical-align:-1px}
.k0{background:#4c9a6a}.k1{background:#3b7dd8}.k2{background:#e0913a}.k3{background:#9aa0a6}.k4{background:#d64545}.k5{background:#8e6bbf}.k6{background:#c9c9c9}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{text-align:right;padding:3px 8px;border-bottom:1px solid #eaeef2;white-space:nowrap}
th:first-child,td:first-child,td.cmd,td.rules,th.left{text-align:left}
td.rules{white-space:normal}
td.cmd{white-space:normal;word-break:break-all;width:45%;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px}
.none{color:#57606a}
svg{display:block;max-width:100%;height:auto}
svg text{font:12px system-ui,sans-serif;fill:#1f2328}
";

fn legend() -> String {
    let mut s = String::from("<div class=\"legend\">");
    for (i, (label, _)) in Counts::default().parts().iter().enumerate() {
        let _ = write!(s, "<span><i class=\"k{i}\"></i>{label}</span>");
    }
    s.push_str("</div>");
    s
}

/// Horizontal stacked bars, one per group, scaled to the largest total.
fn bars(groups: &[Group]) -> String {
    if groups.is_empty() {
        return "<p class=\"none\">none</p>".into();
    }
    let (label_w, bar_w, row_h) = (210.0, 600.0, 24.0);
    let max = groups
        .iter()
        .map(|g| g.counts.total)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let height = row_h * groups.len() as f64 + 4.0;
    let width = label_w + bar_w + 50.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" role=\"img\">"
    );
    for (row, g) in groups.iter().enumerate() {
        let y = row_h * row as f64 + 2.0;
        let _ = write!(
            s,
            "<text x=\"0\" y=\"{:.1}\"><title>{}</title>{}</text>",
            y + 15.0,
            esc(&g.name),
            cut(&g.name, 30)
        );
        let mut x = label_w;
        for (i, (label, n)) in g.counts.parts().iter().enumerate() {
            if *n == 0 {
                continue;
            }
            let w = bar_w * *n as f64 / max;
            let _ = write!(
                s,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"18\" fill=\"{}\"><title>{}: {label} {n}</title></rect>",
                COLOURS[i],
                esc(&g.name)
            );
            x += w;
        }
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            x + 6.0,
            y + 15.0,
            g.counts.total
        );
    }
    s.push_str("</svg>");
    s
}

/// Bars for p50, p95 and max of each named latency, on one scale.
fn latency_chart(rows: &[(&str, &Latency)]) -> String {
    let values: Vec<(String, u64)> = rows
        .iter()
        .flat_map(|(name, l)| {
            [("p50", l.p50), ("p95", l.p95), ("max", l.max)]
                .into_iter()
                .filter_map(move |(k, v)| v.map(|v| (format!("{name} {k}"), v)))
        })
        .collect();
    if values.is_empty() {
        return "<p class=\"none\">nothing timed</p>".into();
    }
    let (label_w, bar_w, row_h) = (130.0, 560.0, 22.0);
    let max = values.iter().map(|(_, v)| *v).max().unwrap_or(1).max(1) as f64;
    let height = row_h * values.len() as f64 + 4.0;
    let width = label_w + bar_w + 90.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" role=\"img\">"
    );
    for (row, (name, v)) in values.iter().enumerate() {
        let y = row_h * row as f64 + 2.0;
        let w = (bar_w * *v as f64 / max).max(1.0);
        let _ = write!(
            s,
            "<text x=\"0\" y=\"{:.1}\">{}</text><rect x=\"{label_w}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"16\" fill=\"#3b7dd8\"><title>{} {v} ms</title></rect><text x=\"{:.1}\" y=\"{:.1}\">{v} ms</text>",
            y + 13.0,
            esc(name),
            esc(name),
            label_w + w + 6.0,
            y + 13.0
        );
    }
    s.push_str("</svg>");
    s
}

fn counts_table(groups: &[Group]) -> String {
    if groups.is_empty() {
        return String::new();
    }
    let mut s = String::from(
        "<table><tr><th></th><th>total</th><th>ran</th><th>approved</th><th>asked</th><th>declined</th><th>not run</th><th>refused</th><th>asked agent</th><th>left to agent</th><th>cancelled</th></tr>",
    );
    for g in groups {
        let _ = write!(s, "<tr><td>{}</td>", esc(&g.name));
        for n in g.counts.columns() {
            let _ = write!(s, "<td>{n}</td>");
        }
        s.push_str("</tr>");
    }
    s.push_str("</table>");
    s
}

fn ms(v: Option<u64>) -> String {
    v.map_or_else(|| "–".into(), |v| format!("{v} ms"))
}

/// Renders the page.
pub fn render(r: &Report) -> String {
    let mut s = String::from(MARK);
    s.push_str("<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    s.push_str("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n");
    s.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    s.push_str("<title>askrisky report</title>\n<style>");
    s.push_str(STYLE);
    s.push_str("</style></head>\n<body><main>\n");
    let since = r
        .since
        .as_deref()
        .map_or_else(|| "the start of the log".to_owned(), esc);
    let span = match (&r.first, &r.last) {
        (Some(f), Some(l)) => format!("{} decisions, {} to {}", r.totals.total, esc(f), esc(l)),
        _ => "no decisions in this time".into(),
    };
    let _ = writeln!(
        s,
        "<h1>askrisky report</h1><p class=\"sub\">since {since} · {span}{}</p>",
        if r.unreadable > 0 {
            format!(" · {} log lines could not be read", r.unreadable)
        } else {
            String::new()
        }
    );
    let t = &r.totals;
    s.push_str("<section class=\"cards\">");
    for (label, n) in [
        ("decisions", t.total),
        ("ran", t.ran),
        ("asked", t.asked),
        ("approved", t.approved),
        ("declined", t.declined),
        ("not run", t.not_run),
        ("refused", t.refused),
    ] {
        let _ = write!(
            s,
            "<div class=\"card\"><b>{n}</b><span>{label}</span></div>"
        );
    }
    s.push_str("</section>\n");

    let all = [Group {
        name: "all".into(),
        counts: r.totals,
    }];
    let _ = writeln!(
        s,
        "<section><h2>What happened</h2>{}{}</section>",
        bars(&all),
        legend()
    );
    let _ = writeln!(
        s,
        "<section><h2>By agent</h2>{}{}{}</section>",
        bars(&r.by_surface),
        legend(),
        counts_table(&r.by_surface)
    );
    let _ = writeln!(
        s,
        "<section><h2>By rule</h2>{}{}{}</section>",
        bars(&r.by_rule),
        legend(),
        counts_table(&r.by_rule)
    );
    let rv = &r.reviewer;
    let cost = match rv.cost {
        Some(c) => format!("{c:.4}"),
        None => "unknown".into(),
    };
    let _ = writeln!(
        s,
        "<section><h2>Reviewer</h2><p>{} reviews, {} answered · latency p50 {}, p95 {}, max {} · tokens in {}, out {} · cost {cost}{}</p>{}{}{}</section>",
        rv.reviews,
        rv.answered,
        ms(rv.latency_ms.p50),
        ms(rv.latency_ms.p95),
        ms(rv.latency_ms.max),
        rv.input_tokens,
        rv.output_tokens,
        if rv.cost_unknown > 0 && rv.cost.is_some() {
            format!(" (and {} reviews of unknown cost)", rv.cost_unknown)
        } else {
            String::new()
        },
        bars(&rv.by_outcome),
        legend(),
        counts_table(&rv.by_outcome)
    );
    let _ = writeln!(
        s,
        "<section><h2>Time to decide</h2><p>reviewer: {} timed · person: {} answers</p>{}</section>",
        rv.latency_ms.n,
        r.person.answers,
        latency_chart(&[
            ("reviewer", &rv.latency_ms),
            ("person", &r.person.latency_ms)
        ])
    );
    s.push_str("<section><h2>Most-asked lines</h2>");
    if r.most_asked.is_empty() {
        s.push_str("<p class=\"none\">none</p>");
    } else {
        s.push_str("<table><tr><th>command</th><th class=\"left\">rules</th><th>asked</th><th>approved</th><th>declined</th><th>not run</th><th>last asked</th></tr>");
        for a in &r.most_asked {
            let _ = write!(
                s,
                "<tr><td class=\"cmd\">{}</td><td class=\"rules\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                cut(&a.command, 300),
                esc(&a.rules.join(", ")),
                a.asked,
                a.approved,
                a.declined,
                a.not_run,
                esc(&a.last)
            );
        }
        s.push_str("</table>");
    }
    s.push_str("</section>\n</main></body></html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_text_cannot_become_markup() {
        let hostile = "<script>alert('x')</script>\"><img src=x onerror=y>&amp;\x1b[2J\u{202e}";
        let e = esc(hostile);
        for bad in ['<', '>', '"', '\'', '\x1b', '\u{202e}'] {
            assert!(!e.contains(bad), "{bad:?} in {e}");
        }
        assert!(
            e.contains("&lt;script&gt;") && e.contains("&amp;amp;"),
            "{e}"
        );
        assert!(e.contains("\\x1b[2J") && e.contains("\\u{202e}"), "{e}");
        assert!(!cut(hostile, 10).contains('<'));
    }
}
