//! The HTML report: one self-contained page for people (a CI artifact to open in a
//! browser): the summary, the sandbox line, and per problem a table of its cases with
//! the verdict in colour, CPU time and peak memory drawn as bars against the limits,
//! the wall time, and the message (its headline, the whole text on expansion and in the
//! row's tooltip). With a baseline, each case also shows its CPU and memory ratio.
//!
//! Self-contained means no network fetch at all: CSS and the script are inline, and a
//! Content-Security-Policy (`default-src 'none'`) forbids the page from loading anything.
//! The bars are drawn by the inline script from numeric `data-value` / `data-limit`
//! attributes (the width is the share of the limit, capped at 100 %, red beyond); after
//! layout it writes each bar's rendered width in pixels to `data-rendered-width` and a
//! count to `#chart-status`, so a headless browser's DOM dump shows that drawing happened.
//!
//! Everything from outside the judge (program, names, messages: a contestant's stderr
//! can be hostile) goes through [`visible`]/[`visible_line`] (no control characters)
//! and then [`escape`] (no markup): it is text, never HTML. The script reads numbers only.

use crate::judge::compile::headline;
use crate::judge::report::baseline::Comparison;
use crate::judge::report::{visible, visible_line, Render, ReportError, Session};
use crate::Verdict;
use std::collections::HashMap;
use std::fmt::Write;

/// `text` escaped for HTML text and double- or single-quoted attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Background colour of a verdict badge.
fn colour(v: Verdict) -> &'static str {
    match v {
        Verdict::Accepted => "#1a7f37",
        Verdict::WrongAnswer => "#cf222e",
        Verdict::PresentationError => "#bf8700",
        Verdict::TimeLimitExceeded => "#e16f24",
        Verdict::MemoryLimitExceeded => "#8250df",
        Verdict::OutputLimitExceeded => "#953800",
        Verdict::RuntimeError => "#a40e26",
        Verdict::CompileError => "#57606a",
        _ => "#24292f",
    }
}

const STYLE: &str = "\
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#24292f}\
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 4px}\
.meta{color:#57606a;margin:2px 0}\
table{border-collapse:collapse;width:100%;margin-top:8px}\
th,td{border-bottom:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}\
th{background:#f6f8fa}\
.v{display:inline-block;min-width:36px;text-align:center;color:#fff;border-radius:4px;\
padding:1px 6px;font-weight:600}\
.track{position:relative;width:220px;height:14px;background:#eaeef2;border-radius:3px;\
overflow:hidden}\
.bar{height:100%;width:0;background:#0969da}.bar.over{background:#cf222e}\
.num{font-variant-numeric:tabular-nums;color:#57606a;font-size:12px}td.num{white-space:nowrap}\
.flag{color:#cf222e;font-weight:600}\
details summary{cursor:pointer}pre{white-space:pre-wrap;margin:4px 0;max-width:60em}";

const SCRIPT: &str = "\
(function(){var bars=document.querySelectorAll('.bar');var drawn=0;\
bars.forEach(function(b){var v=parseFloat(b.dataset.value),l=parseFloat(b.dataset.limit);\
if(!(v>=0)||!(l>0))return;var p=Math.min(100,100*v/l);\
b.style.width=(v>0?Math.max(p,0.5):0)+'%';if(v>l)b.classList.add('over');});\
bars.forEach(function(b){var w=b.getBoundingClientRect().width;\
b.setAttribute('data-rendered-width',w.toFixed(1));if(w>0)drawn++;});\
var s=document.getElementById('chart-status');\
if(s)s.textContent='charts drawn: '+drawn+' of '+bars.length+' bars';})();";

/// One bar: `value` against `limit`, with a label.
fn bar(out: &mut String, value: f64, limit: f64, label: &str) {
    let _ = write!(
        out,
        "<div class=\"track\"><div class=\"bar\" data-value=\"{value}\" data-limit=\"{limit}\">\
         </div></div><div class=\"num\">{}</div>",
        escape(label)
    );
}

/// The HTML writer, with the comparison with a baseline whose ratios and flags each
/// case shows.
#[derive(Debug, Clone, Copy, Default)]
pub struct Html<'a> {
    /// The comparison with a baseline, if the session was compared with one.
    pub baseline: Option<&'a Comparison>,
}

impl Render<Session> for Html<'_> {
    fn render(&self, session: &Session) -> Result<String, ReportError> {
        Ok(render(session, self.baseline))
    }
}

/// Renders the whole page.
pub fn render(session: &Session, comparison: Option<&Comparison>) -> String {
    let deltas: HashMap<(&str, &str), _> = comparison
        .map(|c| {
            c.cases
                .iter()
                .map(|d| ((d.problem.as_str(), d.case.as_str()), d))
                .collect()
        })
        .unwrap_or_default();
    let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
    let mut out = String::new();
    out.push_str(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\
         <meta name=\"viewport\" content=\"width=device-width\">",
    );
    let _ = writeln!(
        out,
        "<title>gridjudge: {}</title><style>{STYLE}</style></head><body>",
        escape(&visible_line(&session.program))
    );
    let _ = write!(
        out,
        "<h1>gridjudge report <span class=\"v\" style=\"background:{}\">{}</span></h1>\n\
         <p class=\"meta\">Judging <code>{}</code></p>\n<p class=\"meta\" id=\"summary\">{}</p>\n\
         <p class=\"meta\">{}</p>\n",
        colour(session.overall()),
        session.overall().code(),
        escape(&visible_line(&session.program)),
        escape(&visible_line(&session.summary())),
        escape(&visible_line(&session.guarantees_line())),
    );
    if let Some(c) = comparison {
        let _ = writeln!(
            out,
            "<p class=\"meta\" id=\"baseline\">{}</p>",
            escape(&c.summary())
        );
    }
    out.push_str("<p class=\"meta\" id=\"chart-status\">charts not drawn (scripts off?)</p>\n");
    for p in &session.problems {
        let cpu_limit = p.limits.cpu.as_secs_f64();
        let mem_limit = p.limits.memory_bytes as f64;
        let _ = writeln!(
            out,
            "<h2>{} <span class=\"v\" style=\"background:{}\">{}</span></h2>\n\
             <p class=\"meta\">{} — limits: CPU {:.3} s, wall {:.3} s, memory {:.1} MiB</p>",
            escape(&visible_line(&p.problem)),
            colour(p.overall()),
            p.overall().code(),
            escape(&visible_line(&p.title)),
            cpu_limit,
            p.limits.wall.as_secs_f64(),
            mib(p.limits.memory_bytes),
        );
        if let Some((v, m)) = &p.failure {
            let _ = writeln!(
                out,
                "<div class=\"failure\"><span class=\"v\" style=\"background:{}\">{}</span> <pre>{}</pre></div>",
                colour(*v),
                v.code(),
                escape(&visible(m))
            );
        }
        if p.cases.is_empty() {
            continue;
        }
        out.push_str(
            "<table><thead><tr><th>case</th><th>verdict</th><th>CPU time</th>\
             <th>peak memory</th><th>wall</th><th>message</th></tr></thead><tbody>\n",
        );
        for c in &p.cases {
            let message = visible(&c.message);
            let head = visible_line(headline(&c.message));
            let delta = deltas.get(&(p.problem.as_str(), c.case.as_str()));
            let _ = write!(
                out,
                "<tr class=\"case\" data-case=\"{}\" data-verdict=\"{}\" title=\"{}\"><td>{}</td>\
                 <td><span class=\"v\" style=\"background:{}\">{}</span></td><td>",
                escape(&visible_line(&format!("{}/{}", p.problem, c.case))),
                c.verdict.code(),
                escape(&visible_line(&c.message)),
                escape(&visible_line(&c.case)),
                colour(c.verdict),
                c.verdict.code(),
            );
            let mut cpu_label = format!("{:.3} s of {:.3} s", c.cpu_seconds, cpu_limit);
            let mut mem_label = format!(
                "{:.1} MiB of {:.1} MiB",
                mib(c.memory_bytes),
                mib(p.limits.memory_bytes)
            );
            if let Some(d) = delta {
                if let Some(r) = d.cpu_ratio {
                    let _ = write!(cpu_label, " (×{r:.2} baseline)");
                }
                if let Some(r) = d.memory_ratio {
                    let _ = write!(mem_label, " (×{r:.2} baseline)");
                }
            }
            bar(&mut out, c.cpu_seconds, cpu_limit, &cpu_label);
            if delta.is_some_and(|d| d.slower) {
                out.push_str("<span class=\"flag\">slower</span>");
            }
            out.push_str("</td><td>");
            bar(&mut out, c.memory_bytes as f64, mem_limit, &mem_label);
            if delta.is_some_and(|d| d.more_memory) {
                out.push_str("<span class=\"flag\">more memory</span>");
            }
            let _ = write!(
                out,
                "</td><td class=\"num\">{:.3} s</td><td>",
                c.wall_seconds
            );
            if let Some(d) = delta.filter(|d| d.verdict_changed) {
                let _ = write!(
                    out,
                    "<span class=\"flag\">was {}</span> ",
                    d.old_verdict.code()
                );
            }
            if message.trim().is_empty() {
                out.push_str("</td></tr>\n");
            } else if message.lines().nth(1).is_none() && message == head {
                let _ = writeln!(out, "{}</td></tr>", escape(&head));
            } else {
                let _ = writeln!(
                    out,
                    "<details><summary>{}</summary><pre>{}</pre></details></td></tr>",
                    escape(&head),
                    escape(&message)
                );
            }
        }
        out.push_str("</tbody></table>\n");
    }
    let _ = writeln!(out, "<script>{SCRIPT}</script>\n</body></html>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::report::test_support::{case, session};

    #[test]
    fn hostile_text_is_escaped_and_nothing_is_fetched() {
        let hostile = "<script>alert(1)</script>\"' onload=x <img src=http://evil/>\n\x1b[2Jmore";
        let mut c = case("secret/<b>1</b>", Verdict::RuntimeError, hostile, 0.2);
        c.cpu_seconds = 0.1;
        let s = session("./a.out <i>", "poj3074", vec![c], None);
        let html = render(&s, None);
        assert_eq!(html.matches("<script>").count(), 1, "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("<b>1"), "{html}");
        assert!(!html.contains("\x1b"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39; onload=x"));
        assert!(html.contains("␛[2Jmore"), "{html}");
        assert!(html.contains("default-src 'none'"), "{html}");
        // Nothing that loads: no link, no source attribute of our own.
        assert!(
            !html.contains("<link") && !html.contains(" src=\""),
            "{html}"
        );
    }

    #[test]
    fn every_case_has_a_row_with_two_bars_against_the_limits() {
        let mut a = case("sample/1", Verdict::Accepted, "", 0.01);
        a.cpu_seconds = 0.25;
        a.memory_bytes = 16 << 20;
        let b = case("secret/2", Verdict::WrongAnswer, "line 1: expected 5", 0.01);
        let s = session("prog", "poj3074", vec![a, b], None);
        let html = render(&s, None);
        assert_eq!(html.matches("<tr class=\"case\"").count(), 2);
        assert_eq!(html.matches("class=\"bar\"").count(), 4);
        assert!(
            html.contains("data-value=\"0.25\" data-limit=\"1\""),
            "{html}"
        );
        assert!(
            html.contains("data-value=\"16777216\" data-limit=\"67108864\""),
            "{html}"
        );
        assert!(html.contains("0.250 s of 1.000 s"), "{html}");
        assert!(html.contains("style=\"background:#cf222e\">WA<"), "{html}");
    }
}
