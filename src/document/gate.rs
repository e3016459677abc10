//! The document of `gridjudge verify`, the CI gate of a problem repository:
//! [`GateReport`], what the gate ([`crate::package::gate`]) produces and the report
//! layer ([`crate::report::gate`]) writes as a table, JSON, JUnit or HTML.
//!
//! One report covers every problem verified (one package, or every package of a
//! contest). Each problem ([`GateProblem`]) carries two parts:
//!
//! - its **checks** ([`CheckRow`]): the package itself (`problem.yaml` read, its
//!   warnings), every validator on every file it reads, the output validator on every
//!   answer, the validation folders, the data's shape; each row is a check made, with
//!   its file, its status ([`Status`]: passed, error, warning, skipped) and its
//!   message;
//! - its **submissions**: the report `verify-submissions --package` writes for it
//!   ([`VerifyReport`], package shape), or nothing when it has none or could not be read.
//!
//! The counts on the report are those of every problem: data errors, warnings,
//! mismatches, an unexpected judge error. [`GateReport::outcome`] turns them into one
//! [`Outcome`], which the command maps to its exit code: a broken package or data
//! error first, then a submission not as expected.
//!
//! The JSON document has `"schema_version": 1` and `"command": "verify"`, by which
//! `report merge` tells it from the other reports.

use crate::document::submissions::VerifyReport;
use serde::{Deserialize, Serialize};

/// The version of the JSON document's schema, shared with the other reports.
pub use crate::document::SCHEMA_VERSION;

/// The `command` key of the JSON document.
pub const COMMAND: &str = "verify";

/// What a check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The check found nothing wrong.
    Passed,
    /// The package or its data is broken: the gate fails.
    Error,
    /// Worth a look; the gate passes unless warnings count as errors.
    Warning,
    /// The check was not made, and the message says why.
    Skipped,
}

impl Status {
    /// The word the table and the page show.
    pub fn word(self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Error => "ERROR",
            Status::Warning => "warning",
            Status::Skipped => "skipped",
        }
    }
}

/// One check made on a problem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRow {
    /// Which check: `package`, `input validator NAME`, `answer`, `case name`, ….
    pub check: String,
    /// The file it is about (as the command was given it), or the package folder.
    pub file: String,
    /// What it found.
    pub status: Status,
    /// One line; empty for a check passed.
    pub message: String,
}

/// One problem verified.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GateProblem {
    /// Every check made, errors and warnings first (in the order found), then those
    /// passed.
    pub checks: Vec<CheckRow>,
    /// The package's format version (`legacy`, `2023-07`, `2025-09`), when it was read.
    pub format: Option<String>,
    /// A time-limit margin does not hold and margins are strict.
    pub margins_failed: bool,
    /// `name` of its problem.yaml, when it was read.
    pub name: Option<String>,
    /// Its folder, as the command was given it (or found in the contest).
    pub package: String,
    /// The folder's name: the problem's short name.
    pub problem: String,
    /// Its submissions' report; `None` when it has none or they could not be judged
    /// (a check row says why).
    pub submissions: Option<VerifyReport>,
}

impl GateProblem {
    /// The checks with `status`.
    pub fn count(&self, status: Status) -> usize {
        self.checks.iter().filter(|c| c.status == status).count()
    }

    /// Submissions not as expected.
    pub fn mismatches(&self) -> usize {
        self.submissions.as_ref().map_or(0, |s| s.mismatches)
    }

    /// A submission got JE where another verdict was expected.
    pub(crate) fn judge_error(&self) -> bool {
        self.submissions.as_ref().is_some_and(|s| s.judge_error)
    }

    /// `OK`, `ERROR`, `MISMATCH` or `JE`, for the table and the page.
    pub fn result(&self) -> &'static str {
        if self.count(Status::Error) > 0 {
            "ERROR"
        } else if self.judge_error() {
            "JE"
        } else if self.mismatches() > 0 || self.margins_failed {
            "MISMATCH"
        } else {
            "OK"
        }
    }
}

/// With `--shard K/N`: which shard this report is, and every problem of the whole run
/// in order (problem `i`, from 0, is verified by shard `i mod N + 1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GateShard {
    /// N.
    pub count: usize,
    /// K, from 1.
    pub index: usize,
    /// Every problem folder of the run, in order.
    pub problems: Vec<String>,
}

/// The report of a `gridjudge verify` run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GateReport {
    /// Checks made, on every problem.
    pub checks: usize,
    /// Always [`COMMAND`].
    pub command: String,
    /// Check rows with status error.
    pub errors: usize,
    /// The signal that stopped the run, if one did: what finished is reported.
    pub interrupted: Option<String>,
    /// A submission got JE where another verdict was expected.
    pub judge_error: bool,
    /// Submissions not as expected.
    pub mismatches: usize,
    /// Every problem verified, in the run's order.
    pub problems: Vec<GateProblem>,
    /// Which gridjudge verified, when and on which kernel (`null` where the caller did
    /// not say).
    #[serde(default)]
    pub provenance: Option<crate::document::provenance::Provenance>,
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// Set when the report is one shard of a run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<GateShard>,
    /// Submissions verified.
    pub submissions: usize,
    /// The summary line.
    pub summary: String,
    /// Check rows with status warning.
    pub warnings: usize,
}

/// What a run of the gate comes to, in order of precedence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every check passed and every submission got what it should.
    Passed,
    /// A submission is not as expected (or a margin, when strict).
    Mismatch,
    /// A package is broken or its data invalid, or a judge error (with `werror`, a
    /// warning too).
    Broken,
}

impl Outcome {
    /// The exit code of the outcome: 0 passed, 1 a mismatch, 3 broken.
    pub fn exit_code(self) -> u8 {
        match self {
            Outcome::Passed => crate::exit::OK,
            Outcome::Mismatch => crate::exit::REJECTED,
            Outcome::Broken => crate::exit::JUDGE_FAILURE,
        }
    }
}

impl GateReport {
    /// The report of `problems`: the counts and the summary line computed from them.
    pub fn new(
        problems: Vec<GateProblem>,
        interrupted: Option<String>,
        shard: Option<GateShard>,
    ) -> GateReport {
        let sum = |f: &dyn Fn(&GateProblem) -> usize| problems.iter().map(f).sum::<usize>();
        let checks = sum(&|p| p.checks.len());
        let errors = sum(&|p| p.count(Status::Error));
        let warnings = sum(&|p| p.count(Status::Warning));
        let mismatches = sum(&|p| p.mismatches());
        let submissions = sum(&|p| p.submissions.as_ref().map_or(0, |s| s.total));
        let judge_error = problems.iter().any(GateProblem::judge_error);
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut summary = format!(
            "{}: {} ({}, {}), {} ({})",
            plural(problems.len(), "problem", "problems"),
            plural(checks, "check", "checks"),
            plural(errors, "error", "errors"),
            plural(warnings, "warning", "warnings"),
            plural(submissions, "submission", "submissions"),
            plural(mismatches, "mismatch", "mismatches"),
        );
        if judge_error {
            summary.push_str("; a judge error");
        }
        if let Some(signal) = &interrupted {
            summary.push_str(&format!(
                "; interrupted by {signal}: what finished is reported"
            ));
        }
        if let Some(s) = &shard {
            summary.push_str(&format!(
                "; shard {}/{} of the run (gridjudge report merge joins the shards)",
                s.index, s.count
            ));
        }
        GateReport {
            checks,
            command: COMMAND.to_string(),
            errors,
            interrupted,
            judge_error,
            mismatches,
            problems,
            provenance: None,
            schema_version: SCHEMA_VERSION,
            shard,
            submissions,
            summary,
            warnings,
        }
    }

    /// What the run comes to; with `werror`, a warning breaks it as an error does.
    pub fn outcome(&self, werror: bool) -> Outcome {
        if self.errors > 0 || self.judge_error || (werror && self.warnings > 0) {
            Outcome::Broken
        } else if self.mismatches > 0 || self.problems.iter().any(|p| p.margins_failed) {
            Outcome::Mismatch
        } else {
            Outcome::Passed
        }
    }
}
