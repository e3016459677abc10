//! Verifying a package's own submissions (`verify-submissions --package DIR`): each
//! under `submissions/<verdict>/` is judged with the package's data, limits and output
//! validator, and compared with its folder.
//!
//! The time limit: the one given (`--time-limit`), else the package's own (2023-07
//! `limits.time_limit`, or DOMjudge's `.timelimit`); else problemtools' rule: the
//! accepted submissions are judged first under a generous limit ([`PROBE_TIME_LIMIT`]),
//! and the limit is the slowest of them × `time_multiplier`, rounded to whole seconds,
//! at least 1 s ([`limit_from_accepted`]); with no accepted submission that ran,
//! [`DEFAULT_TIME_LIMIT`]. The accepted submissions measured under the generous limit
//! are not judged again: their verdict against the final limit is read off their times.

use crate::judge::case_loop::JudgeSettings;
use crate::judge::report::verify::{SubmissionRow, VerifyReport};
use crate::judge::verify::{find_submissions, judge_submission, summary, Found, SubmissionResult};
use crate::package::problem::DEFAULT_TIME_LIMIT;
use crate::package::{Package, PackageError};
use crate::sandbox::interrupt;
use crate::Verdict;

/// The limit accepted submissions get while problemtools' rule measures them, seconds.
pub const PROBE_TIME_LIMIT: f64 = 10.0;

/// problemtools' time limit from the slowest accepted run: `max(1, round(t × m))`.
pub fn limit_from_accepted(slowest: f64, multiplier: f64) -> f64 {
    (slowest * multiplier + 0.5).floor().max(1.0)
}

/// What [`verify`] found.
#[derive(Debug, Clone)]
pub struct Verified {
    /// One result per submission, the accepted ones first when they set the limit.
    pub results: Vec<SubmissionResult>,
    /// The submissions found and those left out.
    pub found: Found,
    /// The time limit, seconds.
    pub limit: f64,
    /// Where it came from.
    pub how: String,
}

impl Verified {
    /// The report of `pkg`'s verification (a package's shape: its folder and name, the
    /// time limit and where it came from, the skipped files, each row's largest CPU
    /// time), with the signal that cut it short, if any.
    pub fn report(&self, pkg: &Package, interrupted: Option<String>) -> VerifyReport {
        let mismatches = self.results.iter().filter(|r| !r.as_expected()).count();
        VerifyReport {
            interrupted: interrupted.map(Some),
            judge_error: self
                .results
                .iter()
                .any(SubmissionResult::unexpected_judge_error),
            margins: None,
            mismatches,
            name: Some(pkg.name.clone()),
            package: Some(pkg.dir.display().to_string()),
            skipped: Some(self.found.skipped.clone()),
            submissions: self
                .results
                .iter()
                .map(|r| SubmissionRow {
                    max_cpu: Some(r.max_cpu),
                    ok: None,
                    problem: None,
                    ..r.problem_row()
                })
                .collect(),
            summary: format!(
                "{}; time limit {:.3} s ({})",
                summary(&self.results),
                self.limit,
                self.how
            ),
            time_limit_from: Some(self.how.clone()),
            time_limit_seconds: Some(self.limit),
            total: self.results.len(),
        }
    }
}

/// Judges every submission of the package; `cli_time_limit` is `--time-limit`.
pub fn verify(
    pkg: &Package,
    settings: &JudgeSettings,
    cli_time_limit: Option<f64>,
) -> Result<Verified, PackageError> {
    let found = find_submissions(&pkg.dir);
    let subs = &found.submissions;
    let (limit, how, mut results) = match pkg.stated_time_limit(cli_time_limit) {
        Some(t) => (
            t,
            if cli_time_limit.is_some() {
                "--time-limit"
            } else {
                "the package"
            }
            .to_string(),
            Vec::new(),
        ),
        None => {
            // problemtools' rule: the accepted submissions under a generous limit first.
            let probe = pkg.judge_problem(&settings.launcher, PROBE_TIME_LIMIT)?;
            let mut results = Vec::new();
            let mut slowest: Option<f64> = None;
            for sub in subs.iter().filter(|s| s.expected == Verdict::Accepted) {
                if interrupt::signal().is_some() {
                    break;
                }
                let r = judge_submission(sub, &probe, settings);
                if r.got == Verdict::Accepted {
                    slowest = Some(slowest.unwrap_or(0.0).max(r.max_cpu));
                }
                results.push(r);
            }
            match slowest {
                Some(t) => (
                    limit_from_accepted(t, pkg.time_multiplier),
                    format!(
                        "slowest accepted {t:.3} s x time_multiplier {} (problemtools' rule)",
                        pkg.time_multiplier
                    ),
                    results,
                ),
                None => (
                    DEFAULT_TIME_LIMIT,
                    "the default (no accepted submission ran)".into(),
                    Vec::new(),
                ),
            }
        }
    };
    // An accepted one measured above: its verdict against the real limit.
    for r in &mut results {
        if r.got == Verdict::Accepted && r.max_cpu > limit {
            r.got = Verdict::TimeLimitExceeded;
            r.message = format!("CPU time {:.3} s > limit {limit:.3} s", r.max_cpu);
        }
    }
    let problem = pkg.judge_problem(&settings.launcher, limit)?;
    for sub in subs {
        if interrupt::signal().is_some() {
            break;
        }
        if results.iter().any(|r| r.submission == sub.name) {
            continue;
        }
        results.push(judge_submission(sub, &problem, settings));
    }
    Ok(Verified {
        results,
        found,
        limit,
        how,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problemtools_rounds_the_scaled_slowest_run_to_whole_seconds() {
        assert_eq!(limit_from_accepted(0.1, 5.0), 1.0);
        assert_eq!(limit_from_accepted(0.3, 5.0), 2.0);
        assert_eq!(limit_from_accepted(0.29, 5.0), 1.0);
        assert_eq!(limit_from_accepted(1.0, 5.0), 5.0);
        assert_eq!(limit_from_accepted(0.0, 5.0), 1.0);
    }
}
