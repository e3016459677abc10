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
//! The page is the askama template `templates/session.html` (its head,
//! `templates/head.html`, is shared with the verify-submissions page), filled from a view
//! of the session that holds text only. Everything from outside the judge (program,
//! names, messages: a contestant's stderr can be hostile) goes through
//! [`visible`]/[`visible_line`] (no control characters) into the view; the template
//! escapes every value it writes with [`Entities`] (no markup): it is text, never HTML.
//! Only the page's own CSS and script are written unescaped. The script reads numbers
//! only.

use crate::judge::case_loop::{CaseResult, ProblemReport};
use crate::judge::compile::headline;
use crate::report::baseline::{CaseDelta, Comparison};
use crate::report::formats::{ReportFormat, Writes};
use crate::report::{visible, visible_line, Render, ReportError, Session};
use crate::Verdict;
use askama::Template;
use std::collections::HashMap;
use std::fmt;

/// The self-contained HTML page as a report format: a side file, for every document.
pub const FORMAT: ReportFormat = ReportFormat {
    name: "html",
    about: "A self-contained HTML page.",
    noun: "a self-contained HTML report",
    on_stdout: false,
    shows_baseline: true,
    session: Some(Writes {
        render: |s, baseline| Html { baseline }.render(s),
        file: Some(
            "Also write a self-contained HTML report here (verdicts in colour, CPU time and \
             memory as bars against the limits, messages on hover or expansion).",
        ),
    }),
    submissions: Some(Writes {
        render: |r| crate::report::submissions::Html.render(r),
        file: Some(
            "Also write a self-contained HTML report here: the summary, the margins or \
             skipped files, and every submission with both verdicts in colour and its \
             message.",
        ),
    }),
    gate: Some(Writes {
        render: |r| crate::report::gate::Html.render(r),
        file: Some("Also write a self-contained HTML report here."),
    }),
};

/// The escaper of the HTML templates (`askama.toml` names it for `.html` templates):
/// `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`,
/// which makes any text safe in element content and in double- or single-quoted
/// attribute values.
#[derive(Debug, Clone, Copy, Default)]
pub struct Entities;

impl askama::filters::Escaper for Entities {
    fn write_escaped_str<W: fmt::Write>(&self, mut dest: W, text: &str) -> fmt::Result {
        let mut rest = text;
        while let Some(i) = rest.find(['&', '<', '>', '"', '\'']) {
            dest.write_str(&rest[..i])?;
            dest.write_str(match rest.as_bytes()[i] {
                b'&' => "&amp;",
                b'<' => "&lt;",
                b'>' => "&gt;",
                b'"' => "&quot;",
                _ => "&#39;",
            })?;
            rest = &rest[i + 1..];
        }
        dest.write_str(rest)
    }
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

/// A verdict badge: the code on the verdict's colour.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Badge {
    /// `AC`, `WA`, …
    pub(crate) code: &'static str,
    /// The background colour.
    pub(crate) colour: &'static str,
}

impl From<Verdict> for Badge {
    fn from(v: Verdict) -> Badge {
        Badge {
            code: v.code(),
            colour: colour(v),
        }
    }
}

/// The page's style sheet, shared with the verify-submissions page.
pub(crate) const STYLE: &str = "\
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
details summary{cursor:pointer}pre{white-space:pre-wrap;margin:4px 0;max-width:60em}\
pre.difference{background:#f6f8fa;padding:2px 4px}";

const SCRIPT: &str = "\
(function(){var bars=document.querySelectorAll('.bar');var drawn=0;\
bars.forEach(function(b){var v=parseFloat(b.dataset.value),l=parseFloat(b.dataset.limit);\
if(!(v>=0)||!(l>0))return;var p=Math.min(100,100*v/l);\
b.style.width=(v>0?Math.max(p,0.5):0)+'%';if(v>l)b.classList.add('over');});\
bars.forEach(function(b){var w=b.getBoundingClientRect().width;\
b.setAttribute('data-rendered-width',w.toFixed(1));if(w>0)drawn++;});\
var s=document.getElementById('chart-status');\
if(s)s.textContent='charts drawn: '+drawn+' of '+bars.length+' bars';})();";

/// How a message is shown in its cell.
#[derive(Debug)]
pub(crate) enum Message {
    /// No message (or only white space).
    Empty,
    /// A message of one line, shown as it is.
    Line(String),
    /// Its headline, the whole text on expansion.
    Details {
        /// The headline.
        head: String,
        /// The whole message.
        body: String,
    },
}

impl Message {
    /// `message` shown visibly: its headline, and the whole text when there is more.
    pub(crate) fn of(message: &str) -> Message {
        let body = visible(message);
        let head = visible_line(headline(message));
        if body.trim().is_empty() {
            Message::Empty
        } else if body.lines().nth(1).is_none() && body == head {
            Message::Line(head.into_owned())
        } else {
            Message::Details {
                head: head.into_owned(),
                body: body.into_owned(),
            }
        }
    }
}

/// A bar: `value` against `limit`, with its label.
#[derive(Debug)]
struct Bar {
    value: f64,
    limit: f64,
    label: String,
}

/// One row of a problem's table.
#[derive(Debug)]
struct CaseRow {
    /// `PROBLEM/CASE`, visible.
    id: String,
    verdict: Badge,
    /// The whole message on one line: the row's tooltip.
    title: String,
    /// The case name, visible.
    name: String,
    cpu: Bar,
    slower: bool,
    memory: Bar,
    more_memory: bool,
    /// `0.125 s`.
    wall: String,
    /// The passes of an interactive or multi-pass case, on one line.
    protocol: Option<String>,
    /// The baseline's verdict, when it differs.
    was: Option<&'static str>,
    message: Message,
    /// A wrong answer's first difference from the answer: where, expected, got.
    difference: Option<Difference>,
}

/// A wrong answer's first difference, as [`FirstDifference::lines`] words it.
///
/// [`FirstDifference::lines`]: crate::judge::first_difference::FirstDifference::lines
#[derive(Debug)]
struct Difference {
    at: String,
    expected: String,
    got: String,
}

/// A problem's failure: its verdict and whole message.
#[derive(Debug)]
struct Failure {
    verdict: Badge,
    message: String,
}

/// One problem: its heading, limits line, failure and table.
#[derive(Debug)]
struct ProblemSection {
    name: String,
    overall: Badge,
    title: String,
    /// `CPU 1.000 s, wall 3.000 s, memory 64.0 MiB`.
    limits: String,
    /// A scoring problem: `75 (secret/g1 30/30, …)`.
    score: Option<String>,
    failure: Option<Failure>,
    cases: Vec<CaseRow>,
}

/// The page: `templates/session.html`, filled with visible text.
#[derive(Template)]
#[template(path = "session.html")]
struct Page {
    /// The program, visible: the page's title.
    title: String,
    overall: Badge,
    summary: String,
    guarantees: String,
    provenance: Option<String>,
    baseline: Option<String>,
    baseline_notes: Vec<String>,
    problems: Vec<ProblemSection>,
    style: &'static str,
    script: &'static str,
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

impl CaseRow {
    /// The row of case `c` of problem `p`, with its change against a baseline (`delta`).
    fn of(p: &ProblemReport, c: &CaseResult, delta: Option<&CaseDelta>) -> CaseRow {
        let cpu_limit = p.limits.cpu.as_secs_f64();
        let mem_limit = p.limits.memory_bytes as f64;
        let ratio = |r: Option<f64>| {
            r.map(|r| format!(" (×{r:.2} baseline)"))
                .unwrap_or_default()
        };
        CaseRow {
            id: visible_line(&format!("{}/{}", p.problem, c.case)).into_owned(),
            verdict: Badge::from(c.verdict),
            title: visible_line(&c.message).into_owned(),
            name: visible_line(&c.case).into_owned(),
            cpu: Bar {
                value: c.cpu_seconds,
                limit: cpu_limit,
                label: format!(
                    "{:.3} s of {:.3} s{}",
                    c.cpu_seconds,
                    cpu_limit,
                    ratio(delta.and_then(|d| d.cpu_ratio))
                ),
            },
            slower: delta.is_some_and(|d| d.slower),
            memory: Bar {
                value: c.memory_bytes as f64,
                limit: mem_limit,
                label: format!(
                    "{:.1} MiB of {:.1} MiB{}",
                    mib(c.memory_bytes),
                    mib(p.limits.memory_bytes),
                    ratio(delta.and_then(|d| d.memory_ratio))
                ),
            },
            more_memory: delta.is_some_and(|d| d.more_memory),
            wall: format!("{:.3} s", c.wall_seconds),
            protocol: c
                .protocol
                .as_ref()
                .map(|n| visible_line(&n.describe()).into_owned()),
            was: delta
                .filter(|d| d.verdict_changed)
                .map(|d| d.old_verdict.code()),
            message: Message::of(&c.message),
            difference: c.first_difference.as_ref().map(|d| {
                let [at, expected, got] = d.lines();
                Difference {
                    at: visible_line(&at).into_owned(),
                    expected: visible_line(&expected).into_owned(),
                    got: visible_line(&got).into_owned(),
                }
            }),
        }
    }
}

impl Page {
    fn of(session: &Session, comparison: Option<&Comparison>) -> Page {
        let deltas: HashMap<(&str, &str), _> = comparison
            .map(|c| {
                c.cases
                    .iter()
                    .map(|d| ((d.problem.as_str(), d.case.as_str()), d))
                    .collect()
            })
            .unwrap_or_default();
        let problems = session
            .problems
            .iter()
            .map(|p| {
                let cpu_limit = p.limits.cpu.as_secs_f64();
                let cases = p
                    .cases
                    .iter()
                    .map(|c| {
                        let delta = deltas.get(&(p.problem.as_str(), c.case.as_str()));
                        CaseRow::of(p, c, delta.copied())
                    })
                    .collect();
                ProblemSection {
                    name: visible_line(&p.problem).into_owned(),
                    overall: Badge::from(p.overall()),
                    title: visible_line(&p.title).into_owned(),
                    score: p
                        .scored
                        .as_ref()
                        .map(|s| visible_line(&s.describe()).into_owned()),
                    limits: format!(
                        "CPU {:.3} s, wall {:.3} s, memory {:.1} MiB",
                        cpu_limit,
                        p.limits.wall.as_secs_f64(),
                        mib(p.limits.memory_bytes),
                    ),
                    failure: p.failure.as_ref().map(|(v, m)| Failure {
                        verdict: Badge::from(*v),
                        message: visible(m).into_owned(),
                    }),
                    cases,
                }
            })
            .collect();
        Page {
            title: visible_line(&session.program).into_owned(),
            overall: Badge::from(session.overall()),
            summary: visible_line(&session.summary()).into_owned(),
            guarantees: visible_line(&session.guarantees_line()).into_owned(),
            provenance: session
                .provenance
                .as_ref()
                .map(|p| visible_line(&p.line()).into_owned()),
            baseline: comparison.map(Comparison::summary),
            baseline_notes: comparison
                .map(|c| {
                    c.notes
                        .iter()
                        .map(|n| visible_line(n).into_owned())
                        .collect()
                })
                .unwrap_or_default(),
            problems,
            style: STYLE,
            script: SCRIPT,
        }
    }
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
        Ok(Page::of(session, self.baseline).render()?)
    }
}

/// Renders the whole page. The template cannot fail to render (it writes to memory and
/// calls no fallible filter); if it did, the page says so.
pub fn render(session: &Session, comparison: Option<&Comparison>) -> String {
    Html {
        baseline: comparison,
    }
    .render(session)
    .unwrap_or_else(|e| format!("<!DOCTYPE html>\n<p>{e}</p>\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::{case, session};

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
