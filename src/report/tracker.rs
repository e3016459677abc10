//! Reports for performance trackers, so that a submission's (or the reference solver's)
//! numbers can be charted commit by commit:
//!
//! - [`bmf`]: Bencher Metric Format JSON, for `bencher run --adapter json`: one benchmark
//!   per case named `PROBLEM/CASE`, with three measures: `cpu-time` and `wall-time` in
//!   milliseconds, `peak-memory` in bytes.
//! - [`gab`]: github-action-benchmark's `customSmallerIsBetter` JSON: an array of
//!   `{name, unit, value, extra}`, three entries per case (`PROBLEM/CASE cpu-time` in
//!   `ms`, `… wall-time` in `ms`, `… peak-memory` in `MiB`), the verdict and the
//!   session's provenance in `extra`.
//!
//! BMF has no field for the provenance (a document is measures by benchmark name, and
//! Bencher refuses other keys); Bencher records the commit of each run itself
//! (`bencher run --hash`), so a BMF report is as good as the run that submits it.
//!
//! Names and the `extra` text are labels that trackers show on their pages: they go
//! through [`visible_line`] like the table's (no control, bidirectional or invisible
//! format character reaches a chart).
//!
//! Only cases that ran are reported (a case that did not run has no numbers). The
//! script `benches/criterion_to_bmf.py` writes the same two formats from criterion's
//! results, so the project's own benches feed the same trackers.

use crate::report::formats::{ReportFormat, Writes};
use crate::report::{escape_invisible_in_json, visible_line, Render, ReportError, Session};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Bencher Metric Format as a report format: a judge session only, on stdout or a side
/// file.
pub const BMF: ReportFormat = ReportFormat {
    name: "bmf",
    about: "Bencher Metric Format JSON (per case: cpu-time, wall-time ms; peak-memory bytes).",
    noun: "the Bencher Metric Format report",
    on_stdout: true,
    shows_baseline: false,
    session: Some(Writes {
        render: |s, _| Bmf.render(s),
        file: Some("Also write the Bencher Metric Format report (as `--format bmf`) here."),
    }),
    submissions: None,
    gate: None,
};

/// github-action-benchmark's JSON as a report format: a judge session only, on stdout
/// or a side file.
pub(crate) const GAB: ReportFormat = ReportFormat {
    name: "gab",
    about: "github-action-benchmark `customSmallerIsBetter` JSON.",
    noun: "the github-action-benchmark report",
    on_stdout: true,
    shows_baseline: false,
    session: Some(Writes {
        render: |s, _| Gab.render(s),
        file: Some("Also write the github-action-benchmark report (as `--format gab`) here."),
    }),
    submissions: None,
    gate: None,
};

/// The Bencher Metric Format writer.
#[derive(Debug, Clone, Copy, Default)]
pub struct Bmf;

/// The github-action-benchmark writer.
#[derive(Debug, Clone, Copy, Default)]
pub struct Gab;

/// A BMF document: the measures of each benchmark, by name (sorted).
pub(crate) type BmfReport = BTreeMap<String, BmfMeasures>;

/// The three measures of one case in BMF.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(crate) struct BmfMeasures {
    /// CPU time, milliseconds.
    #[serde(rename = "cpu-time")]
    pub cpu_time: BmfValue,
    /// Peak memory, bytes.
    #[serde(rename = "peak-memory")]
    pub peak_memory: BmfValue,
    /// Wall time, milliseconds.
    #[serde(rename = "wall-time")]
    pub wall_time: BmfValue,
}

/// One BMF measure.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(crate) struct BmfValue {
    /// The measured value.
    pub value: f64,
}

/// One entry of a github-action-benchmark document (an array of them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct GabEntry {
    /// `verdict AC; program ./a.out`.
    pub extra: String,
    /// `PROBLEM/CASE cpu-time`.
    pub name: String,
    /// `ms` or `MiB`.
    pub unit: String,
    /// The measured value.
    pub value: f64,
}

/// `seconds` in milliseconds, rounded to the microsecond (no float noise in the JSON).
fn micros(seconds: f64) -> f64 {
    (seconds * 1e6).round() / 1000.0
}

/// `(problem/case, cpu ms, wall ms, peak bytes, verdict)` of every case that ran, the
/// name as [`visible_line`] shows it.
fn measured(session: &Session) -> Vec<(String, f64, f64, u64, String)> {
    session
        .problems
        .iter()
        .flat_map(|p| {
            p.cases.iter().filter(|c| c.status.is_some()).map(|c| {
                (
                    visible_line(&format!("{}/{}", p.problem, c.case)).into_owned(),
                    micros(c.cpu_seconds),
                    micros(c.wall_seconds),
                    c.memory_bytes,
                    c.verdict.code().to_string(),
                )
            })
        })
        .collect()
}

fn pretty(doc: &impl Serialize) -> Result<String, ReportError> {
    let mut s = escape_invisible_in_json(serde_json::to_string_pretty(doc)?);
    s.push('\n');
    Ok(s)
}

/// A document that says why the tracker document could not be written.
fn error_document(e: &ReportError) -> String {
    let message = serde_json::Value::String(e.to_string());
    format!("{{\"error\": {message}}}\n")
}

impl Render<Session> for Bmf {
    fn render(&self, session: &Session) -> Result<String, ReportError> {
        let doc: BmfReport = measured(session)
            .into_iter()
            .map(|(name, cpu, wall, mem, _)| {
                let measures = BmfMeasures {
                    cpu_time: BmfValue { value: cpu },
                    peak_memory: BmfValue { value: mem as f64 },
                    wall_time: BmfValue { value: wall },
                };
                (name, measures)
            })
            .collect();
        pretty(&doc)
    }
}

impl Render<Session> for Gab {
    fn render(&self, session: &Session) -> Result<String, ReportError> {
        let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
        let entries: Vec<GabEntry> = measured(session)
            .into_iter()
            .flat_map(|(name, cpu, wall, mem, verdict)| {
                let mut extra = format!(
                    "verdict {verdict}; program {}",
                    visible_line(&session.program)
                );
                if let Some(p) = &session.provenance {
                    extra.push_str(&format!("; {}", visible_line(&p.line())));
                }
                let entry = |measure: &str, unit: &str, value: f64| GabEntry {
                    extra: extra.clone(),
                    name: format!("{name} {measure}"),
                    unit: unit.to_string(),
                    value,
                };
                [
                    entry("cpu-time", "ms", cpu),
                    entry("wall-time", "ms", wall),
                    entry("peak-memory", "MiB", mib(mem)),
                ]
            })
            .collect();
        pretty(&entries)
    }
}

/// The session as Bencher Metric Format JSON.
pub fn bmf(session: &Session) -> String {
    Bmf.render(session).unwrap_or_else(|e| error_document(&e))
}

/// The session as github-action-benchmark `customSmallerIsBetter` JSON.
pub fn gab(session: &Session) -> String {
    Gab.render(session).unwrap_or_else(|e| error_document(&e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::{case, session};
    use crate::Verdict;
    use serde_json::{json, Value};

    fn sample() -> Session {
        let mut ran = case("sample/1", Verdict::Accepted, "", 0.004);
        ran.cpu_seconds = 0.0025;
        ran.memory_bytes = 3 << 20;
        ran.status = Some("exit 0".into());
        let not_run = case("secret/2", Verdict::JudgeError, "cannot read", 0.0);
        session("./a.out \"x\"", "poj3074", vec![ran, not_run], None)
    }

    #[test]
    fn bmf_has_three_measures_per_case_that_ran() {
        let doc: Value = serde_json::from_str(&bmf(&sample())).unwrap();
        assert_eq!(
            doc,
            json!({"poj3074/sample/1": {
                "cpu-time": {"value": 2.5},
                "wall-time": {"value": 4.0},
                "peak-memory": {"value": 3145728.0},
            }})
        );
    }

    #[test]
    fn gab_is_custom_smaller_is_better_entries() {
        let doc: Value = serde_json::from_str(&gab(&sample())).unwrap();
        let entries = doc.as_array().unwrap();
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[0]["name"], "poj3074/sample/1 cpu-time");
        assert_eq!(entries[0]["unit"], "ms");
        assert_eq!(entries[0]["value"], 2.5);
        assert_eq!(entries[2]["unit"], "MiB");
        assert_eq!(entries[2]["value"], 3.0);
        assert_eq!(entries[1]["extra"], "verdict AC; program ./a.out \"x\"");
    }

    #[test]
    fn names_and_program_are_shown_visibly() {
        let mut ran = case("secret/\u{202e}1\u{2028}", Verdict::Accepted, "", 0.004);
        ran.status = Some("exit 0".into());
        let s = session("./a\u{2029}\x1b", "poj3074", vec![ran], None);
        for text in [bmf(&s), gab(&s)] {
            assert!(
                !text.contains(['\u{202e}', '\u{2028}', '\u{2029}', '\x1b']),
                "{text}"
            );
            assert!(text.contains("poj3074/secret/<U+202E>1<U+2028>"), "{text}");
        }
        assert!(gab(&s).contains("program ./a<U+2029>␛"));
    }
}
