//! Comparing a judging session with a baseline: a previous run's `--format json` report.
//!
//! Cases are matched by problem folder and case id. For each case present in both runs
//! the comparison keeps the old and new verdict, CPU time and peak memory, and flags:
//!
//! - a **verdict change**; it is a **regression** when the case was AC and is not any
//!   more (a fix, or a change between two rejections, is listed but not a regression);
//! - a **slowdown**: new CPU time above `old × time threshold` *and* more than the
//!   absolute floor above the old time (`1.25×` and 5 ms by default), so that the noise
//!   of a 1 ms case is never a regression;
//! - a **memory growth**: the same rule with the memory threshold and floor (1 MiB).
//!
//! Cases in only one of the two runs are counted, not flagged. A baseline of another
//! gridjudge build, kernel, number of CPUs or program (by the reports' provenance,
//! [`crate::report::provenance`]) is compared all the same, and the comparison's
//! `notes` say how they differ: numbers from a C++ program are no baseline for a Python
//! one, and the reader must know. The comparison only reads
//! reports; the CLI decides the exit code (verdict regressions always fail, slowdowns
//! with `--fail-on-slowdown`). The table report shows the flagged cases with their deltas
//! ([`Comparison::render_text`]); the JSON report carries the whole comparison under
//! `"baseline"`. A baseline is read as the report's own schema,
//! [`SessionReport`], and [`Comparison`]
//! is part of that schema (it serializes and deserializes).

use crate::report::provenance::Provenance;
use crate::report::schema::{CaseRecord, SessionReport};
use crate::report::{visible_line, Session};
use crate::Verdict;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;

/// When a growth counts as a regression. Fields in the order of the JSON report (see
/// [`schema`](crate::report::schema)).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// New peak memory above `old × memory` is a growth (when also above the floor).
    pub memory: f64,
    /// Smallest memory growth that can be a regression, bytes.
    pub memory_floor_bytes: u64,
    /// New CPU time above `old × time` is a slowdown (when also above the floor).
    pub time: f64,
    /// Smallest CPU time growth that can be a slowdown, seconds.
    pub time_floor_seconds: f64,
}

impl Thresholds {
    /// Thresholds from the command line's units (ratios, milliseconds, MiB), checked:
    /// ratios at least 1 and floors not negative, else a usage error.
    pub fn checked(
        time: f64,
        time_floor_ms: f64,
        memory: f64,
        memory_floor_mib: f64,
    ) -> Result<Thresholds, crate::error::Failure> {
        let floor = |x: f64| x.is_finite() && x >= 0.0;
        let ratio = |x: f64| x.is_finite() && x >= 1.0;
        if !ratio(time) || !ratio(memory) {
            return Err(crate::error::Failure::usage(
                "thresholds must be ratios of at least 1",
            ));
        }
        if !floor(time_floor_ms) || !floor(memory_floor_mib) {
            return Err(crate::error::Failure::usage(
                "floors must be numbers of at least 0",
            ));
        }
        Ok(Thresholds {
            time,
            time_floor_seconds: time_floor_ms / 1000.0,
            memory,
            memory_floor_bytes: (memory_floor_mib * (1u64 << 20) as f64) as u64,
        })
    }
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            time: 1.25,
            time_floor_seconds: 0.005,
            memory: 1.25,
            memory_floor_bytes: 1 << 20,
        }
    }
}

/// A previous run's results, by problem and case.
#[derive(Debug, Clone)]
pub struct Baseline {
    cases: HashMap<(String, String), CaseRecord>,
    provenance: Option<Provenance>,
}

impl Baseline {
    /// Parses a `gridjudge judge --format json` report.
    pub fn parse(text: &str) -> Result<Baseline, String> {
        let report: SessionReport = serde_json::from_str(text).map_err(|e| {
            format!(
                "not a gridjudge JSON report (line {}, column {}): {e}",
                e.line(),
                e.column()
            )
        })?;
        if report.schema_version > crate::report::schema::SCHEMA_VERSION {
            return Err(format!(
                "schema_version {}: written by a newer gridjudge (this one reads up to {})",
                report.schema_version,
                crate::report::schema::SCHEMA_VERSION
            ));
        }
        let mut cases = HashMap::new();
        let provenance = report.provenance;
        for p in report.problems {
            for c in p.cases {
                cases.insert((p.problem.clone(), c.case.clone()), c);
            }
        }
        Ok(Baseline { cases, provenance })
    }

    /// Reads and parses the report at `path`; the error names the file.
    pub fn load(path: &Path) -> Result<Baseline, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Baseline::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// How many of `cases` (problem folder name, case id) the baseline holds: a
    /// baseline that shares none with a run (another problem's report) compares nothing.
    pub fn shared<'a>(&self, cases: impl IntoIterator<Item = (&'a str, String)>) -> usize {
        cases
            .into_iter()
            .filter(|(problem, case)| {
                self.cases
                    .contains_key(&(problem.to_string(), case.clone()))
            })
            .count()
    }

    /// The problems the baseline has cases of, sorted.
    pub fn problems(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.cases.keys().map(|(p, _)| p.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        names
    }
}

/// One case present in both runs. Fields in the order of the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaseDelta {
    /// Case id.
    pub case: String,
    /// `new / old` CPU time (`null` when the old time was 0).
    pub cpu_ratio: Option<f64>,
    /// `new / old` peak memory (`null` when the old one was 0).
    pub memory_ratio: Option<f64>,
    /// Peak memory grew beyond the threshold and the floor.
    pub more_memory: bool,
    /// CPU seconds now.
    pub new_cpu_seconds: f64,
    /// Peak memory now, bytes.
    pub new_memory_bytes: u64,
    /// Verdict now.
    pub new_verdict: Verdict,
    /// CPU seconds in the baseline.
    pub old_cpu_seconds: f64,
    /// Peak memory in the baseline, bytes.
    pub old_memory_bytes: u64,
    /// Verdict in the baseline.
    pub old_verdict: Verdict,
    /// Problem folder.
    pub problem: String,
    /// CPU time grew beyond the threshold and the floor.
    pub slower: bool,
    /// The verdict differs.
    pub verdict_changed: bool,
    /// The case was AC and is not any more.
    pub verdict_regressed: bool,
}

impl CaseDelta {
    /// Whether anything is worth listing.
    pub fn flagged(&self) -> bool {
        self.verdict_changed || self.slower || self.more_memory
    }
}

/// A session compared with a baseline. Fields in the order of the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// Every case present in both runs, in the session's order.
    pub cases: Vec<CaseDelta>,
    /// Cases of the baseline not judged now.
    pub missing_cases: usize,
    /// Cases judged now that the baseline does not have.
    pub new_cases: usize,
    /// How the baseline's provenance differs from the run's: another gridjudge, kernel,
    /// number of CPUs or program (empty when they agree, or the run does not say).
    #[serde(default)]
    pub notes: Vec<String>,
    /// The thresholds used.
    pub thresholds: Thresholds,
}

fn ratio(new: f64, old: f64) -> Option<f64> {
    (old > 0.0).then(|| new / old)
}

/// Compares `session` with `baseline`.
pub fn compare(session: &Session, baseline: &Baseline, thresholds: Thresholds) -> Comparison {
    let mut cases = Vec::new();
    let mut new_cases = 0;
    for p in &session.problems {
        for c in &p.cases {
            let Some(old) = baseline.cases.get(&(p.problem.clone(), c.case.clone())) else {
                new_cases += 1;
                continue;
            };
            let verdict_changed = old.verdict != c.verdict;
            let grew_time = c.cpu_seconds - old.cpu_seconds;
            let grew_memory = c.memory_bytes.saturating_sub(old.memory_bytes);
            cases.push(CaseDelta {
                problem: p.problem.clone(),
                case: c.case.clone(),
                old_verdict: old.verdict,
                new_verdict: c.verdict,
                old_cpu_seconds: old.cpu_seconds,
                new_cpu_seconds: c.cpu_seconds,
                cpu_ratio: ratio(c.cpu_seconds, old.cpu_seconds),
                old_memory_bytes: old.memory_bytes,
                new_memory_bytes: c.memory_bytes,
                memory_ratio: ratio(c.memory_bytes as f64, old.memory_bytes as f64),
                verdict_changed,
                verdict_regressed: verdict_changed && old.verdict == Verdict::Accepted,
                slower: grew_time > thresholds.time_floor_seconds
                    && c.cpu_seconds > old.cpu_seconds * thresholds.time,
                more_memory: grew_memory > thresholds.memory_floor_bytes
                    && c.memory_bytes as f64 > old.memory_bytes as f64 * thresholds.memory,
            });
        }
    }
    let matched = cases.len();
    let notes = session
        .provenance
        .as_ref()
        .map(|p| p.differences(baseline.provenance.as_ref()))
        .unwrap_or_default();
    Comparison {
        thresholds,
        cases,
        new_cases,
        notes,
        missing_cases: baseline.cases.len().saturating_sub(matched),
    }
}

impl Comparison {
    /// The exit code of the compared run: `code` unless a verdict regression (or, with
    /// `fail_on_slowdown`, a slowdown) turns a success into 1.
    pub fn exit_code(&self, code: u8, fail_on_slowdown: bool) -> u8 {
        let failed = self.verdict_regressions() > 0 || (fail_on_slowdown && self.slowdowns() > 0);
        if failed && code == crate::exit::OK {
            crate::exit::REJECTED
        } else {
            code
        }
    }

    /// Cases that were AC and are not any more.
    pub(crate) fn verdict_regressions(&self) -> usize {
        self.cases.iter().filter(|c| c.verdict_regressed).count()
    }

    /// Cases that got slower or bigger beyond the thresholds.
    pub fn slowdowns(&self) -> usize {
        self.cases
            .iter()
            .filter(|c| c.slower || c.more_memory)
            .count()
    }

    /// One summary line.
    pub fn summary(&self) -> String {
        let changed = self.cases.iter().filter(|c| c.verdict_changed).count();
        format!(
            "baseline: {} case(s) compared, {changed} verdict change(s) ({} regression(s)), \
             {} slower (> {:.2}× and > {:.0} ms CPU), {} using more memory (> {:.2}× and > \
             {:.1} MiB); {} new, {} missing",
            self.cases.len(),
            self.verdict_regressions(),
            self.cases.iter().filter(|c| c.slower).count(),
            self.thresholds.time,
            self.thresholds.time_floor_seconds * 1000.0,
            self.cases.iter().filter(|c| c.more_memory).count(),
            self.thresholds.memory,
            self.thresholds.memory_floor_bytes as f64 / (1u64 << 20) as f64,
            self.new_cases,
            self.missing_cases,
        )
    }

    /// The flagged cases as text lines with their deltas, then the summary line.
    pub fn render_text(&self) -> String {
        let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
        let times = |r: Option<f64>| r.map(|r| format!(" ×{r:.2}")).unwrap_or_default();
        let mut out = String::new();
        for c in self.cases.iter().filter(|c| c.flagged()) {
            let mut parts = Vec::new();
            if c.verdict_changed {
                parts.push(format!(
                    "verdict {} → {}{}",
                    c.old_verdict.code(),
                    c.new_verdict.code(),
                    if c.verdict_regressed {
                        " REGRESSION"
                    } else {
                        ""
                    }
                ));
            }
            parts.push(format!(
                "CPU {:.3} → {:.3} s{}{}",
                c.old_cpu_seconds,
                c.new_cpu_seconds,
                times(c.cpu_ratio),
                if c.slower { " SLOWER" } else { "" }
            ));
            parts.push(format!(
                "memory {:.1} → {:.1} MiB{}{}",
                mib(c.old_memory_bytes),
                mib(c.new_memory_bytes),
                times(c.memory_ratio),
                if c.more_memory { " MORE MEMORY" } else { "" }
            ));
            out.push_str(&format!(
                "  {}/{}: {}\n",
                visible_line(&c.problem),
                visible_line(&c.case),
                parts.join("; ")
            ));
        }
        for note in &self.notes {
            out.push_str(&format!("baseline: NOTE: {}\n", visible_line(note)));
        }
        out.push_str(&self.summary());
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::{case, session};

    /// A report of this gridjudge states its schema version and is read back; one of a
    /// later version is refused, by name, rather than misread; one that does not say
    /// (an older gridjudge's, a hand-written baseline) is read.
    #[test]
    fn a_baseline_of_a_later_schema_version_is_refused() {
        let written = serde_json::to_value(crate::report::schema::SessionReport::of(
            &session(
                "prog",
                "p",
                vec![case("1", Verdict::Accepted, "", 0.1)],
                None,
            ),
            None,
        ))
        .expect("serializes");
        assert_eq!(
            written["schema_version"],
            crate::report::schema::SCHEMA_VERSION
        );
        assert!(Baseline::parse(&written.to_string()).is_ok());
        let later = serde_json::json!({"schema_version": 2, "problems": []});
        let refused = Baseline::parse(&later.to_string())
            .err()
            .unwrap_or_default();
        assert!(
            refused.contains("schema_version 2: written by a newer gridjudge"),
            "{refused}"
        );
        let unstated = serde_json::json!({"problems": []});
        assert!(Baseline::parse(&unstated.to_string()).is_ok());
    }

    fn baseline(cases: &[(&str, &str, f64, u64)]) -> Baseline {
        let cases: Vec<_> = cases
            .iter()
            .map(|(name, v, cpu, mem)| {
                serde_json::json!({"case": name, "verdict": v, "cpu_seconds": cpu, "memory_bytes": mem})
            })
            .collect();
        let doc = serde_json::json!({"problems": [{"problem": "p", "cases": cases}]});
        Baseline::parse(&doc.to_string()).unwrap()
    }

    fn timed(name: &str, v: Verdict, cpu: f64, mem: u64) -> crate::judge::case_loop::CaseResult {
        let mut c = case(name, v, "", cpu);
        c.cpu_seconds = cpu;
        c.memory_bytes = mem;
        c
    }

    #[test]
    fn flags_verdict_regressions_slowdowns_and_growth_above_the_floor() {
        let b = baseline(&[
            ("a", "AC", 0.100, 10 << 20),
            ("b", "AC", 0.001, 10 << 20),
            ("c", "WA", 0.100, 10 << 20),
            ("d", "AC", 0.100, 10 << 20),
            ("gone", "AC", 0.1, 0),
        ]);
        let s = session(
            "x",
            "p",
            vec![
                timed("a", Verdict::Accepted, 0.200, 10 << 20),
                // 3× but only 2 ms more: noise.
                timed("b", Verdict::Accepted, 0.003, (10 << 20) + 1000),
                timed("c", Verdict::Accepted, 0.100, 30 << 20),
                timed("d", Verdict::TimeLimitExceeded, 0.110, 10 << 20),
                timed("new", Verdict::Accepted, 0.1, 0),
            ],
            None,
        );
        let cmp = compare(&s, &b, Thresholds::default());
        let flags: Vec<_> = cmp
            .cases
            .iter()
            .map(|c| {
                (
                    c.case.as_str(),
                    c.verdict_regressed,
                    c.slower,
                    c.more_memory,
                )
            })
            .collect();
        assert_eq!(
            flags,
            [
                ("a", false, true, false),
                ("b", false, false, false),
                ("c", false, false, true),
                ("d", true, false, false),
            ]
        );
        assert_eq!(cmp.verdict_regressions(), 1);
        assert_eq!(cmp.slowdowns(), 2);
        assert_eq!((cmp.new_cases, cmp.missing_cases), (1, 1));
        assert!(cmp.cases[2].verdict_changed);
        let text = cmp.render_text();
        assert!(
            text.contains("p/a: CPU 0.100 → 0.200 s ×2.00 SLOWER"),
            "{text}"
        );
        assert!(text.contains("p/d: verdict AC → TLE REGRESSION"), "{text}");
        assert!(!text.contains("p/b:"), "{text}");
    }

    #[test]
    fn a_baseline_of_another_program_or_build_is_compared_and_says_so() {
        let provenance = |sha: &str| Provenance {
            commit: Some("5f2c8e1a9b04".to_string()),
            cpus: 2,
            gridjudge: "0.1.0".to_string(),
            kernel: "Linux 6.1.0 x86_64".to_string(),
            program_sha256: Some(sha.repeat(32)),
            started: "2026-12-03T14:05:09Z".to_string(),
        };
        let mut run = session(
            "./a.out",
            "p",
            vec![timed("a", Verdict::Accepted, 0.1, 0)],
            None,
        );
        run.provenance = Some(provenance("ab"));
        let old = |p: Option<Provenance>| {
            let mut doc = serde_json::json!({"problems": [{"problem": "p", "cases": [
                {"case": "a", "verdict": "AC", "cpu_seconds": 0.1, "memory_bytes": 0}]}]});
            doc["provenance"] = serde_json::to_value(p).unwrap();
            Baseline::parse(&doc.to_string()).unwrap()
        };
        let same = compare(&run, &old(Some(provenance("ab"))), Thresholds::default());
        assert!(same.notes.is_empty(), "{:?}", same.notes);
        let other = compare(&run, &old(Some(provenance("cd"))), Thresholds::default());
        assert_eq!(other.cases.len(), 1, "still compared");
        let text = other.render_text();
        assert!(
            text.contains("baseline: NOTE: the baseline judged another program (sha256 cdcdcdcdcdcd), this run sha256 abababababab"),
            "{text}"
        );
        let unknown = compare(&run, &old(None), Thresholds::default());
        assert_eq!(unknown.notes.len(), 1, "{:?}", unknown.notes);
        // A library session that does not say where it came from compares silently.
        run.provenance = None;
        assert!(compare(&run, &old(None), Thresholds::default())
            .notes
            .is_empty());
    }

    #[test]
    fn a_file_that_is_not_a_report_is_a_clear_error() {
        let e = Baseline::parse("{\"problems\": 3}").unwrap_err();
        assert!(
            e.starts_with("not a gridjudge JSON report (line 1, column"),
            "{e}"
        );
    }
}
