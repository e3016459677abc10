//! `gridjudge verify-submissions`, planned: every example submission of problem folders
//! or of a package compiled, judged and compared with what its folder (and a package's
//! `submissions.yaml`) expects, to one [`VerifyReport`].
//!
//! [`VerifyPlan::run`] goes down the layers once: the problems are loaded and their data
//! checked, the submissions found ([`crate::submissions`] for problem folders,
//! [`crate::package::expectations`] for a package), narrowed to the ones named and the
//! case named ([`crate::submissions::narrow`]) and to the shard, judged
//! ([`crate::submissions::verify_problem`], [`crate::package::submissions::verify`]), and
//! the time-limit margins turned into the report's lines
//! ([`crate::judge::margins::report_lines`]). A problem folder's submission stops at its
//! first case that is not accepted; a package's too when the plan says `fail_fast`
//! (else each is judged until its expectation is settled).

use super::{Notice, Target};
use crate::error::Failure;
use crate::exit;
use crate::judge::case_loop::JudgeSettings;
use crate::judge::margins::{ProblemMargins, DEFAULT_MARGIN};
use crate::judge::problem::JudgeProblem;
use crate::judge::shard::Shard;
use crate::package::problem::DEFAULT_TIME_LIMIT;
use crate::package::Package;
use crate::report::provenance::Provenance;
use crate::report::schema::{ShardRecord, ShardUnits};
use crate::report::submissions::VerifyReport;
use crate::sandbox::interrupt;
use crate::submissions::narrow::{self, Narrow};
use crate::submissions::{find_submissions, problems_report, verify_problem, Step};
use std::path::{Path, PathBuf};

/// One `gridjudge verify-submissions` run, from plain values.
#[derive(Debug, Clone)]
pub struct VerifyPlan {
    /// The problems.
    pub target: Target,
    /// Only these submissions (files or folders, [`narrow::resolve_submissions`]);
    /// every one when empty.
    pub submissions: Vec<PathBuf>,
    /// Only this case.
    pub case: Option<String>,
    /// Only this shard of the run's submissions.
    pub shard: Option<Shard>,
    /// A package's time limit, seconds (else its own, else problemtools' rule from the
    /// accepted submissions).
    pub time_limit: Option<f64>,
    /// A package's submissions stop at their first case that is not accepted.
    pub fail_fast: bool,
    /// The time-safety margin (else 2, or a package's own).
    pub margin: Option<f64>,
    /// A margin that does not hold fails the run instead of warning.
    pub strict_margins: bool,
    /// The report suggests the limit the accepted submissions support.
    pub suggest_limits: bool,
}

/// How far a verify-submissions run is, for a progress display.
#[derive(Debug)]
pub enum Progress<'a> {
    /// A problem with this many submissions to judge begins.
    Problem(usize),
    /// A submission is being compiled and judged, or its result is in.
    Step(Step<'a>),
}

/// What a verify-submissions run found.
#[derive(Debug, Clone)]
pub struct Verified {
    /// The report of every submission judged.
    pub report: VerifyReport,
    /// Whether a margin that does not hold fails the run (`strict_margins`).
    pub margins_failed: bool,
}

impl Verified {
    /// The exit code: 3 on an unexpected judge error, 1 on a mismatch (or a margin that
    /// does not hold with `strict_margins`), else 0.
    pub fn exit_code(&self) -> u8 {
        if self.report.judge_error {
            exit::JUDGE_FAILURE
        } else if self.report.mismatches > 0 || self.margins_failed {
            exit::REJECTED
        } else {
            exit::OK
        }
    }
}

impl VerifyPlan {
    /// Verifies every submission of the plan.
    pub fn run(
        &self,
        settings: &JudgeSettings,
        notice: &dyn Fn(Notice),
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Verified, Failure> {
        // Taken first: the report says when the run started.
        let provenance = Provenance::now(None);
        let mut verified = match &self.target {
            Target::Folders(dirs) => self.folders(dirs, settings, notice, progress)?,
            Target::Package { dir, check_data } => {
                self.package(dir, *check_data, settings, notice)?
            }
        };
        verified.report.provenance = Some(provenance);
        Ok(verified)
    }

    /// The margin lines of the report, and whether they fail the run.
    fn margin_lines(&self, all: &[ProblemMargins]) -> (Vec<String>, bool) {
        crate::judge::margins::report_lines(all, self.strict_margins, self.suggest_limits)
    }

    fn folders(
        &self,
        dirs: &[PathBuf],
        settings: &JudgeSettings,
        notice: &dyn Fn(Notice),
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Verified, Failure> {
        let mut settings = settings.clone();
        settings.stop_at_first_failure = true;
        let mut results = Vec::new();
        let mut all_margins = Vec::new();
        let mut units = Vec::new();
        let mut position = 0;
        let mut narrowed = Vec::new();
        for dir in dirs {
            if interrupt::signal().is_some() {
                break;
            }
            let mut problem = JudgeProblem::load(dir)?;
            problem.check_data()?;
            let mut submissions = find_submissions(dir).submissions;
            let narrow = Narrow {
                submissions: narrow::resolve_submissions(dir, &self.submissions, &submissions)
                    .map_err(Failure::usage)?,
                case: self.case.clone(),
            };
            if let Some(case) = &narrow.case {
                narrow::check_case(case, &problem.cases.iter().collect::<Vec<_>>())
                    .map_err(|e| Failure::usage(format!("{}: {e}", problem.name)))?;
            }
            problem.cases.retain(|c| narrow.keeps_case(c));
            submissions.retain(|s| narrow.keeps(s));
            if let Some(what) = narrow.describe(dir) {
                narrowed.push(format!("{}: {what}", problem.name));
            }
            if submissions.is_empty() {
                notice(Notice::Info(format!("{}: no submissions", problem.name)));
                continue;
            }
            units.push(ShardUnits {
                problem: problem.name.clone(),
                units: submissions.len(),
            });
            if let Some(shard) = self.shard {
                (submissions, position) = shard.select(submissions, position);
                if submissions.is_empty() {
                    continue;
                }
            }
            progress(Progress::Problem(submissions.len()));
            let verified = verify_problem(
                &problem,
                &submissions,
                &settings,
                self.margin.unwrap_or(DEFAULT_MARGIN),
                &mut |step| progress(Progress::Step(step)),
            );
            results.extend(verified.results);
            all_margins.push(verified.margins);
        }
        let (margin_lines, margins_failed) = self.margin_lines(&all_margins);
        let mut report = problems_report(&results, margin_lines, interrupted());
        for what in narrowed {
            report.summary.push_str(&format!("; {what}"));
        }
        mark_shard(&mut report, self.shard, units, all_margins);
        Ok(Verified {
            report,
            margins_failed,
        })
    }

    fn package(
        &self,
        dir: &Path,
        check_data: bool,
        settings: &JudgeSettings,
        notice: &dyn Fn(Notice),
    ) -> Result<Verified, Failure> {
        if self.time_limit.is_some_and(|t| !(t.is_finite() && t > 0.0)) {
            return Err(Failure::usage(
                "--time-limit must be a number of seconds above 0",
            ));
        }
        let mut settings = settings.clone();
        settings.stop_at_first_failure = self.fail_fast;
        let pkg = Package::load(dir)?;
        for w in &pkg.warnings {
            notice(Notice::Warning(w.to_string()));
        }
        let found = crate::package::expectations::find(&pkg)?.submissions;
        if found.is_empty() {
            return Err(Failure::usage(format!(
                "{}: no submissions under submissions/<folder>/",
                dir.display()
            )));
        }
        let narrow = Narrow {
            submissions: narrow::resolve_submissions(dir, &self.submissions, &found)
                .map_err(Failure::usage)?,
            case: self.case.clone(),
        };
        if let Some(case) = &narrow.case {
            narrow::check_case(case, &pkg.cases.iter().map(|c| &c.case).collect::<Vec<_>>())
                .map_err(|e| Failure::usage(format!("{}: {e}", dir.display())))?;
        }
        if check_data {
            // The output validator as the judge's, for the answers (any limit will do).
            let problem = pkg.judge_problem(&settings.launcher, DEFAULT_TIME_LIMIT)?;
            super::data_check::check_package_data(&pkg, &problem, &settings, notice)?;
        }
        let margin = self.margin.unwrap_or(pkg.time_safety_margin);
        let verified = crate::package::submissions::verify(
            &pkg,
            &settings,
            self.time_limit,
            margin,
            self.shard,
            &narrow,
        )?;
        for w in &verified.warnings {
            notice(Notice::Warning(w.to_string()));
        }
        let (margin_lines, margins_failed) =
            self.margin_lines(std::slice::from_ref(&verified.margins));
        let mut report = verified.report(&pkg, margin_lines, interrupted());
        if let Some(what) = narrow.describe(dir) {
            report.summary.push_str(&format!("; {what}"));
        }
        let units = vec![ShardUnits {
            problem: report.package_problem().to_string(),
            units: verified.found.submissions.len(),
        }];
        mark_shard(
            &mut report,
            self.shard,
            units,
            vec![verified.margins.clone()],
        );
        Ok(Verified {
            report,
            margins_failed,
        })
    }
}

/// With a shard: the shard's record (every problem of the run and its number of
/// submissions) and the margins as numbers, for `report merge`.
fn mark_shard(
    report: &mut VerifyReport,
    shard: Option<Shard>,
    units: Vec<ShardUnits>,
    margins: Vec<ProblemMargins>,
) {
    if let Some(shard) = shard {
        report.shard = Some(ShardRecord {
            count: shard.count,
            index: shard.index,
            problems: units,
        });
        report.margin_data = Some(margins);
        report.summary.push_str(&format!(
            "; shard {shard} of the run (gridjudge report merge joins the shards)"
        ));
    }
}

/// The signal that stopped the run, by name.
fn interrupted() -> Option<String> {
    interrupt::signal().map(|s| crate::sandbox::signal_name(s).to_string())
}
