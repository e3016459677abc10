//! Time-limit margins of a problem's example submissions, checked the way problemtools'
//! `verifyproblem` checks them with its `time_safety_margin` (2 by default):
//!
//! - every **accepted** example must run within the limit *with room to spare*: its
//!   slowest case times the margin must stay within the CPU time limit, otherwise a
//!   slightly slower machine turns it into TLE;
//! - every **time-limit-exceeded** example must still be running at limit × margin,
//!   otherwise a slightly faster machine (or a generous limit) accepts it. So TLE examples
//!   are judged once, with the CPU limit raised to limit × margin
//!   ([`extended`](ProblemMargins::extended)); their verdict against the real limit is
//!   then read off the measured times ([`verdict_under`]). The wall limit is raised only
//!   as far as that CPU limit needs, so that sleeping examples cost no extra time.
//!
//! Every figure is CPU time. A TLE example the wall limit ended (it slept or blocked)
//! is said to be so, with the CPU time it had used, not claimed to be still running
//! at limit × margin.
//!
//! [`ProblemMargins`] gathers, per problem, the slowest accepted run and the fastest TLE
//! run, renders them against the limit, lists the warnings, and suggests the time limit
//! the accepted examples support (slowest × margin, rounded up to 0.1 s). It only reads
//! reports; `verify-submissions` decides what a warning costs (`--strict`).

use crate::judge::case_loop::ProblemReport;
use crate::judge::problem::JudgeProblem;
use crate::sandbox::LimitHit;
use crate::Verdict;
use std::time::Duration;

/// problemtools' default `time_safety_margin`.
pub(crate) const DEFAULT_MARGIN: f64 = 2.0;

/// The verdict of a TLE example judged under raised limits, against the real CPU limit
/// `cpu_limit`: the first case (in judging order) that ran over `cpu_limit` is TLE;
/// failing that, the first non-AC case of the run as judged. Returns the verdict, the
/// case and the message.
pub fn verdict_under(report: &ProblemReport, cpu_limit: Duration) -> (Verdict, String, String) {
    let limit = cpu_limit.as_secs_f64();
    for c in &report.cases {
        if c.cpu_seconds > limit {
            return (
                Verdict::TimeLimitExceeded,
                c.case.clone(),
                format!("CPU time {:.3} s > limit {limit:.3} s", c.cpu_seconds),
            );
        }
        if c.verdict != Verdict::Accepted {
            return (c.verdict, c.case.clone(), c.message.clone());
        }
    }
    (report.overall(), String::new(), String::new())
}

/// The slowest case CPU time of a run, seconds (0 when nothing ran).
pub(crate) fn slowest_case(report: &ProblemReport) -> f64 {
    report
        .cases
        .iter()
        .map(|c| c.cpu_seconds)
        .fold(0.0, f64::max)
}

/// The margins of one problem's example submissions.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ProblemMargins {
    /// Problem folder name.
    pub problem: String,
    /// The CPU time limit, seconds.
    pub limit_seconds: f64,
    /// The safety margin.
    pub margin: f64,
    /// The slowest accepted example and its slowest case CPU time.
    pub slowest_ac: Option<(String, f64)>,
    /// The fastest TLE example, its slowest case CPU time, and whether it was still
    /// running at limit × margin (killed there: as it should be).
    pub fastest_tle: Option<(String, f64, bool)>,
    /// Whether that fastest TLE example was ended by the wall limit (a program that
    /// sleeps or blocks), not by the CPU limit: its time is the CPU time it had used.
    #[serde(default)]
    pub fastest_tle_by_wall: bool,
}

impl ProblemMargins {
    /// Margins of `problem` with `margin` (at least 1).
    pub fn new(problem: &JudgeProblem, margin: f64) -> ProblemMargins {
        ProblemMargins {
            problem: problem.name.clone(),
            limit_seconds: problem.limits.time.as_secs_f64(),
            margin,
            slowest_ac: None,
            fastest_tle: None,
            fastest_tle_by_wall: false,
        }
    }

    /// `problem` with the CPU limit raised to limit × margin (and the wall limit raised
    /// to at least that), for judging TLE examples.
    pub fn extended(&self, problem: &JudgeProblem) -> JudgeProblem {
        let mut p = problem.clone();
        p.limits = p.limits.with_time_scaled(self.margin);
        p
    }

    /// Records an accepted example (`report` judged under the real limits).
    pub(crate) fn record_ac(&mut self, submission: &str, report: &ProblemReport) {
        self.record_ac_seconds(submission, slowest_case(report));
    }

    /// Records an accepted example by its slowest case CPU time `t`, seconds.
    pub(crate) fn record_ac_seconds(&mut self, submission: &str, t: f64) {
        if self.slowest_ac.as_ref().is_none_or(|(_, s)| t > *s) {
            self.slowest_ac = Some((submission.to_string(), t));
        }
    }

    /// Records a TLE example (`report` judged under [`extended`](Self::extended) limits).
    pub(crate) fn record_tle(&mut self, submission: &str, report: &ProblemReport) {
        let tle = || {
            report
                .cases
                .iter()
                .filter(|c| c.verdict == Verdict::TimeLimitExceeded)
        };
        let still_running = tle().next().is_some();
        // Ended by the wall clock: every TLE case was a wall kill (none ran out of CPU).
        let by_wall = still_running
            && tle().all(|c| {
                c.run
                    .as_ref()
                    .is_some_and(|r| r.killed_for == Some(LimitHit::Wall))
            });
        self.record_tle_ended(submission, slowest_case(report), still_running, by_wall);
    }

    /// Records a TLE example by its slowest case CPU time `t`, whether it was still
    /// running at limit × margin, and whether the wall limit (not the CPU limit) ended it.
    pub(crate) fn record_tle_ended(
        &mut self,
        submission: &str,
        t: f64,
        still_running: bool,
        by_wall: bool,
    ) {
        let faster_than_kept = |(_, s, running): &(String, f64, bool)| {
            // A run that ended on its own is "faster" than any that was killed.
            (!still_running && *running) || (still_running == *running && t < *s)
        };
        if self.fastest_tle.as_ref().is_none_or(faster_than_kept) {
            self.fastest_tle = Some((submission.to_string(), t, still_running));
            self.fastest_tle_by_wall = by_wall;
        }
    }

    /// These margins and `other`'s (the same problem's, from another shard of the run)
    /// as one: the slowest accepted and the fastest TLE example of both.
    pub fn joined(mut self, other: &ProblemMargins) -> ProblemMargins {
        if let Some((sub, t)) = &other.slowest_ac {
            self.record_ac_seconds(sub, *t);
        }
        if let Some((sub, t, running)) = &other.fastest_tle {
            self.record_tle_ended(sub, *t, *running, other.fastest_tle_by_wall);
        }
        self
    }

    /// The warnings, one line each (empty when the margins hold).
    pub fn warnings(&self) -> Vec<String> {
        let mut w = Vec::new();
        let high = self.limit_seconds * self.margin;
        if let Some((sub, t)) = &self.slowest_ac {
            if t * self.margin > self.limit_seconds {
                w.push(format!(
                    "{}: accepted example {sub} runs {t:.3} s, within the safety margin {}× \
                     of the {:.3} s limit (it needs at most {:.3} s)",
                    self.problem,
                    self.margin,
                    self.limit_seconds,
                    self.limit_seconds / self.margin
                ));
            }
        }
        if let Some((sub, t, false)) = &self.fastest_tle {
            w.push(format!(
                "{}: TLE example {sub} stops after {t:.3} s, below limit × margin = {high:.3} s \
                 (it must still be running there)",
                self.problem
            ));
        }
        w
    }

    /// The time limit the accepted examples support: slowest × margin, rounded up to a
    /// tenth of a second (at least 0.1 s); `None` without an accepted example.
    pub(crate) fn suggested_limit(&self) -> Option<f64> {
        let (_, t) = self.slowest_ac.as_ref()?;
        Some(((t * self.margin * 10.0).ceil() / 10.0).max(0.1))
    }

    /// One line: the limit, the slowest AC and the fastest TLE against it.
    pub fn line(&self) -> String {
        let ac = match &self.slowest_ac {
            Some((sub, t)) => format!(
                "slowest AC {t:.3} s ({sub}, {:.1}% of the limit)",
                100.0 * t / self.limit_seconds
            ),
            None => "no AC example".to_string(),
        };
        let tle = match &self.fastest_tle {
            Some((sub, t, true)) if self.fastest_tle_by_wall => {
                format!("fastest TLE ended by the wall limit after {t:.3} s of CPU time ({sub})")
            }
            Some((sub, t, true)) => format!(
                "fastest TLE still running at {:.3} s = limit × {} ({sub})",
                t.max(self.limit_seconds * self.margin),
                self.margin
            ),
            Some((sub, t, false)) => format!("fastest TLE stops at {t:.3} s ({sub})"),
            None => "no TLE example".to_string(),
        };
        format!(
            "{}: time limit {:.3} s, margin {}×: {ac}; {tle}",
            self.problem, self.limit_seconds, self.margin
        )
    }

    /// The `--suggest-limits` line.
    pub fn suggestion(&self) -> String {
        match (self.suggested_limit(), &self.slowest_ac) {
            (Some(s), Some((sub, t))) => format!(
                "{}: suggested time limit {s:.1} s (slowest AC {t:.3} s in {sub} × margin {}, \
                 rounded up to 0.1 s; TLE examples must then still run at {:.1} s); now {:.3} s",
                self.problem,
                self.margin,
                s * self.margin,
                self.limit_seconds
            ),
            _ => format!(
                "{}: no accepted example: no time limit to suggest",
                self.problem
            ),
        }
    }
}

/// The margin report of a run: one line per problem (slowest AC, fastest TLE against
/// the limit), a `WARNING` (`ERROR` when `strict`) per margin that does not hold, the
/// suggested limit when `suggest`; and whether the run fails (`strict` and a margin
/// that does not hold). The table report prints the lines after the table, the JSON
/// report carries them.
pub fn report_lines(all: &[ProblemMargins], strict: bool, suggest: bool) -> (Vec<String>, bool) {
    let mut warnings = 0;
    let mut lines = Vec::new();
    for g in all {
        lines.push(g.line());
        for w in g.warnings() {
            warnings += 1;
            lines.push(format!("{}: {w}", if strict { "ERROR" } else { "WARNING" }));
        }
        if suggest {
            lines.push(g.suggestion());
        }
    }
    (lines, strict && warnings > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::case_loop::CaseResult;
    use crate::sandbox::limits::Limits;

    fn report(cases: &[(f64, Verdict)]) -> ProblemReport {
        ProblemReport {
            problem: "p".into(),
            title: String::new(),
            limits: Limits::new(Duration::from_secs(2), 1 << 26),
            cases: cases
                .iter()
                .enumerate()
                .map(|(i, (cpu, v))| CaseResult {
                    case: format!("secret/{i}"),
                    verdict: *v,
                    message: String::new(),
                    cpu_seconds: *cpu,
                    wall_seconds: *cpu,
                    wait_seconds: 0.0,
                    memory_bytes: 0,
                    status: None,
                    output_bytes: 0,
                    stderr_bytes: 0,
                    protocol: None,
                    score: None,
                    score_multiplier: None,
                    first_difference: None,
                    run: None,
                })
                .collect(),
            failure: None,
            scored: None,
        }
    }

    fn margins() -> ProblemMargins {
        ProblemMargins {
            problem: "p".into(),
            limit_seconds: 1.0,
            margin: 2.0,
            slowest_ac: None,
            fastest_tle: None,
            fastest_tle_by_wall: false,
        }
    }

    #[test]
    fn a_tle_example_the_wall_limit_ended_says_so_with_its_cpu_time() {
        let mut m = margins();
        m.record_tle_ended("spin.c", 2.0, true, false);
        assert!(
            m.line().contains("still running at 2.000 s"),
            "{}",
            m.line()
        );
        // A sleeper uses less CPU: it is the fastest, and its line says what ended it.
        m.record_tle_ended("sleeper.c", 0.002, true, true);
        let line = m.line();
        assert!(
            line.contains(
                "fastest TLE ended by the wall limit after 0.002 s of CPU time (sleeper.c)"
            ),
            "{line}"
        );
        assert!(!line.contains("still running"), "{line}");
        // From a shard's report, the wall kill is kept with the example.
        let joined = margins().joined(&{
            let mut w = margins();
            w.record_tle_ended("sleeper.c", 0.002, true, true);
            w
        });
        assert!(joined.fastest_tle_by_wall);
    }

    #[test]
    fn the_real_verdict_of_a_tle_example_comes_from_its_times() {
        use Verdict::*;
        let r = report(&[(0.1, Accepted), (1.5, WrongAnswer), (0.2, Accepted)]);
        let (v, case, _) = verdict_under(&r, Duration::from_secs(1));
        assert_eq!((v, case.as_str()), (TimeLimitExceeded, "secret/1"));
        let r = report(&[(0.1, WrongAnswer), (1.5, Accepted)]);
        assert_eq!(verdict_under(&r, Duration::from_secs(1)).0, WrongAnswer);
        let r = report(&[(0.1, Accepted)]);
        assert_eq!(verdict_under(&r, Duration::from_secs(1)).0, Accepted);
    }

    #[test]
    fn warns_on_a_slow_ac_and_a_fast_tle_and_suggests_a_limit() {
        use Verdict::*;
        let mut m = margins();
        m.record_ac("accepted/a.c", &report(&[(0.2, Accepted), (0.3, Accepted)]));
        m.record_tle("tle/slow.c", &report(&[(2.0, TimeLimitExceeded)]));
        assert!(m.warnings().is_empty(), "{:?}", m.warnings());
        assert_eq!(m.suggested_limit(), Some(0.6));

        m.record_ac("accepted/b.c", &report(&[(0.7, Accepted)]));
        m.record_tle("tle/fast.c", &report(&[(1.2, Accepted)]));
        let w = m.warnings();
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(
            w[0].contains("accepted example accepted/b.c runs 0.700 s"),
            "{w:?}"
        );
        assert!(
            w[1].contains("TLE example tle/fast.c stops after 1.200 s"),
            "{w:?}"
        );
        assert_eq!(m.suggested_limit(), Some(1.4));
        assert!(
            m.line().contains("fastest TLE stops at 1.200 s"),
            "{}",
            m.line()
        );
        // A killed run never replaces one that stopped.
        m.record_tle("tle/slower.c", &report(&[(0.1, TimeLimitExceeded)]));
        assert_eq!(m.fastest_tle.as_ref().unwrap().0, "tle/fast.c");
    }
}
