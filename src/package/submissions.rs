//! Verifying a package's own submissions (`verify-submissions --package DIR`): each
//! under `submissions/<folder>/` is judged with the package's data, limits and output
//! validator, and compared with its expectation ([`expectations`]: its folder's, and
//! `submissions.yaml`'s), in the format's verdicts (AC, WA, TLE, RTE: see
//! [`spec_verdict`]).
//!
//! The time limit: the one given (`--time-limit`), else the package's own (2023-07
//! `limits.time_limit`, or DOMjudge's `.timelimit`); else problemtools' rule: the
//! accepted submissions are judged first under a generous limit ([`PROBE_TIME_LIMIT`]),
//! and the limit is the slowest of them × `time_multiplier` (2023-07:
//! `time_multipliers.ac_to_time_limit`), rounded up to a multiple of `time_resolution`,
//! at least one ([`limit_from_accepted`]); with no accepted submission accepted,
//! [`DEFAULT_TIME_LIMIT`]. The accepted submissions measured under the generous limit
//! are not judged again: their verdict against the final limit is read off their times.
//!
//! A submission's cases are judged in order until one settles its expectation
//! ([`Expectation::settled_by`](crate::judge::expectation::Expectation::settled_by)): in
//! a legacy package or a DOMjudge-tagged folder, where the verdict is the first non-AC
//! case's, its first case that is not AC (as problemtools and `bt run` stop); under the
//! 2023-07 and 2025-09 rules, a case whose verdict a rule does not permit. A verdict the
//! rules permit settles nothing, so a rule folder's submission is judged on every case
//! (BAPCtools' `bt run -a` stops at the first time-out instead, and leaves the rules of
//! the cases after it unchecked). A scoring problem is judged whole.
//!
//! The time-limit margins are those of gridjudge's own problems
//! ([`verify_problem`]): time-limit-exceeded examples
//! are judged under limit × margin, and the slowest accepted and fastest TLE example are
//! checked against it; the margin is the caller's (the package's `time_safety_margin` /
//! `time_multipliers.time_limit_to_tle` unless `--time-safety-margin` is given).

use crate::document::submissions::{PackageScope, Scope, SubmissionRow, VerifyReport};
use crate::judge::case_loop::JudgeSettings;
use crate::judge::expectation::spec_verdict;
use crate::judge::margins::ProblemMargins;
use crate::judge::shard::Shard;
use crate::package::problem::DEFAULT_TIME_LIMIT;
use crate::package::{expectations, Package, PackageError};
use crate::sandbox::interrupt;
use crate::submissions::narrow::Narrow;
use crate::submissions::{
    judge_submission, summary, verify_problem, Found, Submission, SubmissionResult,
};
use crate::Verdict;

/// The limit accepted submissions get while problemtools' rule measures them, seconds.
pub const PROBE_TIME_LIMIT: f64 = 10.0;

/// problemtools' time limit from the slowest accepted run `slowest` (seconds): the
/// smallest multiple of `resolution` at or above `slowest × multiplier`, and at least
/// one `resolution` — `max(1, ceil(t × m / r)) × r`, as problemtools' `verifyproblem`
/// computes it and the 2025-09 specification states it. A product within 1e-9 of a
/// multiple counts as that multiple (0.4 × 5 is 2 s, not 3 s, in binary floating point).
pub fn limit_from_accepted(slowest: f64, multiplier: f64, resolution: f64) -> f64 {
    let steps = (slowest * multiplier / resolution - 1e-9).ceil().max(1.0);
    steps * resolution
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
    /// The time-limit margins of the accepted and TLE examples.
    pub margins: ProblemMargins,
    /// What problemtools warns about and does not count as a mismatch
    /// ([`score_warnings`]), one line each.
    pub warnings: Vec<String>,
}

/// Under legacy grading, problemtools' warnings about the best score: an `accepted/`
/// submission accepted without the best score (when it is finite), a
/// `partially_accepted/` one accepted with it. They are not mismatches.
pub fn score_warnings(results: &[SubmissionResult]) -> Vec<String> {
    let mut out = Vec::new();
    for r in results {
        let Some(s) = &r.scored else { continue };
        let (Some(best), true) = (s.best, spec_verdict(r.got) == Verdict::Accepted) else {
            continue;
        };
        let score = crate::judge::scoring::score_text(s.score);
        let best = crate::judge::scoring::score_text(best);
        match r.submission.split('/').next() {
            Some("accepted") if !s.is_best() => out.push(format!(
                "{}: accepted with score {score}, not the best score {best} (consider \
                 partially_accepted/)",
                r.submission
            )),
            Some("partially_accepted") if s.is_best() => out.push(format!(
                "{}: fully accepted, with the best score {best}",
                r.submission
            )),
            _ => {}
        }
    }
    out
}

impl Verified {
    /// The report of `pkg`'s verification (a package's shape: its folder and name, the
    /// time limit and where it came from, the skipped files, each row's largest CPU
    /// time), with the margins lines and the signal that cut it short, if any.
    pub fn report(
        &self,
        pkg: &Package,
        margins: Vec<String>,
        interrupted: Option<String>,
    ) -> VerifyReport {
        let mismatches = self.results.iter().filter(|r| !r.as_expected()).count();
        VerifyReport {
            margin_data: None,
            schema_version: crate::document::SCHEMA_VERSION,
            shard: None,
            interrupted,
            judge_error: self
                .results
                .iter()
                .any(SubmissionResult::unexpected_judge_error),
            margins: Some(margins),
            mismatches,
            scope: Scope::Package(PackageScope {
                folder: pkg.dir.display().to_string(),
                name: Some(pkg.name.clone()),
                time_limit_seconds: Some(self.limit),
                time_limit_from: Some(self.how.clone()),
            }),
            provenance: None,
            skipped: Some(self.found.skipped.clone()),
            warnings: Some(pkg.warnings.iter().chain(&self.warnings).cloned().collect()),
            submissions: self
                .results
                .iter()
                .map(|r| SubmissionRow {
                    // The package's problem: its folder's name, else its `name`.
                    problem: Some(
                        pkg.dir
                            .file_name()
                            .and_then(|n| n.to_str())
                            .filter(|n| !n.is_empty() && *n != "." && *n != "..")
                            .unwrap_or(&pkg.name)
                            .to_string(),
                    ),
                    ..r.problem_row()
                })
                .collect(),
            summary: format!(
                "{}; time limit {:.3} s ({})",
                summary(&self.results),
                self.limit,
                self.how
            ),
            total: self.results.len(),
        }
    }
}

/// problemtools' rule for a package that states no time limit: the accepted
/// submissions judged under a generous limit first, the limit their slowest CPU time ×
/// `time_multiplier`, rounded up to `time_resolution`. The limit, how it was found, and
/// the accepted submissions' results (kept only when the limit comes from them).
fn derived_time_limit(
    pkg: &Package,
    subs: &[Submission],
    settings: &JudgeSettings,
) -> Result<(f64, String, Vec<SubmissionResult>), PackageError> {
    let probe = pkg.judge_problem(&settings.launcher, PROBE_TIME_LIMIT)?;
    let mut results = Vec::new();
    let mut slowest: Option<f64> = None;
    for sub in subs.iter().filter(|s| s.expected.is_accepted()) {
        if interrupt::signal().is_some() {
            break;
        }
        let r = judge_submission(sub, &probe, settings);
        if r.got == Verdict::Accepted {
            slowest = Some(slowest.unwrap_or(0.0).max(r.max_cpu));
        }
        results.push(r);
    }
    Ok(match slowest {
        Some(t) => (
            limit_from_accepted(t, pkg.time_multiplier, pkg.time_resolution),
            format!(
                "slowest accepted {t:.3} s x time_multiplier {}, rounded up to a \
                 multiple of time_resolution {} s (problemtools' rule)",
                pkg.time_multiplier, pkg.time_resolution
            ),
            results,
        ),
        None if results.is_empty() => (
            DEFAULT_TIME_LIMIT,
            "the default (no accepted submission ran)".into(),
            Vec::new(),
        ),
        None => (
            DEFAULT_TIME_LIMIT,
            format!(
                "the default: no accepted submission was accepted ({} ran)",
                results.len()
            ),
            Vec::new(),
        ),
    })
}

/// Judges every submission of the package (with `shard`, only that shard's: see
/// [`crate::judge::shard`]; with `narrow`, only the submissions and case it names, see
/// [`crate::submissions::narrow`]); `cli_time_limit` is `--time-limit`, `margin` the
/// time-limit safety margin. A narrowed run without a stated time limit still derives
/// it from every accepted submission on every case, then judges what it was asked to.
///
/// A shard needs a stated time limit (the package's, or `--time-limit`): problemtools'
/// rule derives it from every accepted submission, which no one shard judges.
pub fn verify(
    pkg: &Package,
    settings: &JudgeSettings,
    cli_time_limit: Option<f64>,
    margin: f64,
    shard: Option<Shard>,
    narrow: &Narrow,
) -> Result<Verified, PackageError> {
    let found = expectations::find(pkg)?;
    // Each submission until its expectation is settled (the module's documentation).
    let mut settings = settings.clone();
    settings.stop_when_settled = true;
    let settings = &settings;
    let subs = match shard {
        Some(shard) => {
            if pkg.stated_time_limit(cli_time_limit).is_none() {
                return Err(PackageError::Unsupported {
                    path: pkg.dir.clone(),
                    message: format!(
                        "--shard {shard}: the package states no time limit, and problemtools' rule needs every accepted submission: give --time-limit"
                    ),
                });
            }
            shard.select(found.submissions.clone(), 0).0
        }
        None => found.submissions.clone(),
    };
    let subs = &subs;
    let (limit, how, mut results) = match pkg.stated_time_limit(cli_time_limit) {
        Some(t) => {
            let how = if cli_time_limit.is_some() {
                "--time-limit"
            } else {
                "the package"
            };
            (t, how.to_string(), Vec::new())
        }
        None => derived_time_limit(pkg, subs, settings)?,
    };
    let mut problem = pkg.judge_problem(&settings.launcher, limit)?;
    if !narrow.is_whole() {
        // The limit is the whole package's; what is judged under it is what was asked
        // for, afresh.
        results.clear();
        problem.cases.retain(|c| narrow.keeps_case(c));
    }
    // An accepted one measured above: its verdict against the real limit.
    for r in &mut results {
        r.cases = SubmissionResult::cases_under(&r.cases, limit);
        if r.got == Verdict::Accepted && r.max_cpu > limit {
            r.got = Verdict::TimeLimitExceeded;
            r.message = format!("CPU time {:.3} s > limit {limit:.3} s", r.max_cpu);
            if let Some(c) = r.cases.iter().find(|c| c.cpu > limit) {
                r.case = c.case.clone();
            }
        }
    }
    let rest: Vec<_> = subs
        .iter()
        .filter(|s| narrow.keeps(s))
        .filter(|s| !results.iter().any(|r| r.submission == s.name))
        .cloned()
        .collect();
    let verified = verify_problem(&problem, &rest, settings, margin, &mut |_| {});
    let mut margins = verified.margins;
    for r in &results {
        if r.got == Verdict::Accepted {
            margins.record_ac_seconds(&r.submission, r.max_cpu);
        }
    }
    results.extend(verified.results);
    let mut warnings = Vec::new();
    if let Some(scoring) = &problem.scoring {
        for r in &mut results {
            r.apply_scoring(scoring);
        }
        if matches!(
            scoring.root.config,
            crate::judge::scoring::Config::Legacy(_)
        ) {
            warnings = score_warnings(&results);
        }
    }
    Ok(Verified {
        results,
        found,
        limit,
        how,
        margins,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problemtools_rounds_the_scaled_slowest_run_up_to_the_resolution() {
        // 0.252 s x 5 = 1.26 s: 2 s.
        assert_eq!(limit_from_accepted(0.252, 5.0, 1.0), 2.0);
        // problemtools' hello: its slowest accepted run near 0.5 s x 5 gives 3 s.
        assert_eq!(limit_from_accepted(0.52, 5.0, 1.0), 3.0);
        assert_eq!(limit_from_accepted(0.4, 5.0, 1.0), 2.0);
        assert_eq!(limit_from_accepted(0.1, 5.0, 1.0), 1.0);
        assert_eq!(limit_from_accepted(0.0, 5.0, 1.0), 1.0);
        assert_eq!(limit_from_accepted(1.0, 5.0, 1.0), 5.0);
        // 2023-07 and later: ac_to_time_limit 2, a resolution of 0.5 s or 0.1 s.
        assert_eq!(limit_from_accepted(0.3, 2.0, 0.5), 1.0);
        assert_eq!(limit_from_accepted(0.01, 2.0, 0.5), 0.5);
        assert!((limit_from_accepted(0.252, 2.0, 0.1) - 0.6).abs() < 1e-9);
    }
}
