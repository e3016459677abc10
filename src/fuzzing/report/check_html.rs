//! The invariants of the HTML report (`report::html`) and of the tracker reports
//! (`report::tracker`): hostile text never becomes markup, and the machine formats
//! stay JSON.
//!
//! HTML: no control character but `\n`, no raw bidirectional or separator character; every tag in the page is one the writer itself
//! uses (a contestant's `<script>` or `<img …>` shows up as text, never as a tag) and
//! there is exactly one `<script>`; one `<tr class="case">` per case, in order, whose
//! `data-case` attribute is the escaped visible `PROBLEM/CASE` and whose `data-verdict`
//! is the code. BMF and gab: parse back as JSON; BMF has an object of three measures
//! per distinct `PROBLEM/CASE` that ran, gab three entries per case that ran, every value
//! a number; their names are the visible `PROBLEM/CASE` and neither carries a raw
//! bidirectional or separator character.

use super::assert_no_spoofing;
use crate::report::html::Html;
use crate::report::tracker::{Bmf, Gab};
use crate::report::{visible_line, Render, ReportError, Session};

/// The text of a writer that must not fail.
fn rendered(what: &str, out: Result<String, ReportError>) -> String {
    out.unwrap_or_else(|e| panic!("{what}: render failed: {e}"))
}

/// `text` as the page must carry it in an attribute: the five characters of markup as
/// the entities the writer uses (an expectation of its own, not the writer's escaper).
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The tags the HTML writer produces.
const TAGS: &[&str] = &[
    "!DOCTYPE", "html", "head", "meta", "title", "style", "body", "h1", "h2", "p", "span", "code",
    "table", "thead", "tbody", "tr", "th", "td", "div", "details", "summary", "pre", "script",
];

pub(super) fn invariants(s: &Session) {
    let out = rendered("html", Html::default().render(s));
    if let Some(c) = out.chars().find(|&c| c.is_control() && c != '\n') {
        panic!("html: raw control character {c:?} in the page");
    }
    assert_no_spoofing("html", &out);
    for (i, _) in out.match_indices('<') {
        let rest = &out[i + 1..];
        let rest = rest.strip_prefix('/').unwrap_or(rest);
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '!')
            .collect();
        assert!(
            TAGS.contains(&name.as_str()),
            "html: tag {name:?} that the writer never writes, at {:?}",
            &out[i..(i + 60).min(out.len())]
        );
    }
    assert_eq!(out.matches("<script").count(), 1, "html: script elements");
    let rows: Vec<&str> = out
        .split("<tr class=\"case\" data-case=\"")
        .skip(1)
        .collect();
    let expected: Vec<(String, &str)> = s
        .problems
        .iter()
        .flat_map(|p| {
            p.cases.iter().map(move |c| {
                (
                    attribute(&visible_line(&format!("{}/{}", p.problem, c.case))),
                    c.verdict.code(),
                )
            })
        })
        .collect();
    assert_eq!(rows.len(), expected.len(), "html: one row per case");
    for (row, (case, code)) in rows.iter().zip(&expected) {
        let want = format!("{case}\" data-verdict=\"{code}\"");
        assert!(
            row.starts_with(&want),
            "html: row {row:.80?} should start {want:?}"
        );
    }

    let ran: Vec<String> = s
        .problems
        .iter()
        .flat_map(|p| {
            p.cases
                .iter()
                .filter(|c| c.status.is_some())
                .map(move |c| visible_line(&format!("{}/{}", p.problem, c.case)).into_owned())
        })
        .collect();
    let (bmf, gab) = (
        rendered("bmf", Bmf.render(s)),
        rendered("gab", Gab.render(s)),
    );
    assert_no_spoofing("bmf", &bmf);
    assert_no_spoofing("gab", &gab);
    let bmf: serde_json::Value =
        serde_json::from_str(&bmf).unwrap_or_else(|e| panic!("bmf: not JSON: {e}"));
    let bmf = bmf.as_object().expect("bmf: an object");
    let distinct: std::collections::BTreeSet<&String> = ran.iter().collect();
    assert_eq!(
        bmf.len(),
        distinct.len(),
        "bmf: one benchmark per case that ran"
    );
    for name in distinct {
        let m = &bmf[name.as_str()];
        for measure in ["cpu-time", "wall-time", "peak-memory"] {
            assert!(
                m[measure]["value"].is_number(),
                "bmf: {name:?} {measure}: {m}"
            );
        }
    }
    let gab: serde_json::Value =
        serde_json::from_str(&gab).unwrap_or_else(|e| panic!("gab: not JSON: {e}"));
    let gab = gab.as_array().expect("gab: an array");
    assert_eq!(
        gab.len(),
        3 * ran.len(),
        "gab: three entries per case that ran"
    );
    assert!(gab
        .iter()
        .all(|e| e["value"].is_number() && e["name"].is_string()));
}
