//! The document of `gridjudge verify-submissions`: [`VerifyReport`], what the
//! example-submission loop ([`crate::submissions`]) and a package's verification
//! ([`crate::package::submissions`]) produce and the report layer
//! ([`crate::report::submissions`]) writes as a table, JSON, JUnit or HTML.
//!
//! One shape for problem folders and packages alike: every key is always there, `null`
//! where it does not apply. Each submission row names its problem (for a package, the
//! package folder's name), what it was expected to get, what it got (for a package in
//! the format's vocabulary: MLE and OLE are RE, PE is WA) and what gridjudge `judged`,
//! whether it is `ok`, its largest CPU time (`max_cpu`) and the SHA-256 of its files.
//! The report carries the time-limit `margins` lines, `interrupted` (`null`, or the
//! signal's name), its `provenance` (gridjudge's version and commit, when, the kernel),
//! and for a package its folder (`package`), `name`, the time limit used and where it
//! came from and the files `skipped` (`null` for problem folders). Only a shard's report
//! adds `shard` and `margin_data`. The fields are in the order the document lists its
//! keys: alphabetical.
//!
//! That flat document is the wire format ([`Document`]); the code works with
//! [`VerifyReport`], whose [`Scope`] says which of the two it is: problem folders, or a
//! package with its folder, name and time limit ([`PackageScope`]). Serde converts
//! between the two on every write and read, so the JSON keeps its one shape.

use crate::judge::scoring::{describe, GroupScore};
use crate::Verdict;
use serde::{Deserialize, Serialize};

/// The report of a `verify-submissions` run: what problem folders and a package share,
/// and in [`Scope`] what only a package has. Its JSON is [`Document`]'s flat shape.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "Document", into = "Document")]
pub struct VerifyReport {
    /// The name of the signal that cut the run short (`None` when none did).
    pub interrupted: Option<String>,
    /// A submission got JE where its folder expects another verdict.
    pub judge_error: bool,
    /// The time-limit margins lines (`None` in a document that has no such key).
    pub margins: Option<Vec<String>>,
    /// The time-limit margins of every problem, as numbers: written by a shard of a
    /// run (`--shard K/N`), so that `report merge` can recompute the margins lines.
    pub margin_data: Option<Vec<crate::judge::margins::ProblemMargins>>,
    /// Submissions whose verdict differs from their folder's.
    pub mismatches: usize,
    /// The files under `submissions/` that were not verified, and why.
    pub skipped: Option<Vec<String>>,
    /// What is worth knowing but no mismatch (problemtools' warnings: an `accepted/`
    /// submission below the best score, a package file it passes over).
    pub warnings: Option<Vec<String>>,
    /// Which gridjudge verified, when and on which kernel.
    pub provenance: Option<crate::document::provenance::Provenance>,
    /// [`SCHEMA_VERSION`](crate::document::SCHEMA_VERSION) (0 in a document that
    /// does not say).
    pub schema_version: u32,
    /// Set when the report is one shard of a run (`--shard K/N`).
    pub shard: Option<crate::document::ShardRecord>,
    /// One row per submission verified.
    pub submissions: Vec<SubmissionRow>,
    /// The summary line.
    pub summary: String,
    /// Submissions verified.
    pub total: usize,
    /// Problem folders, or one package.
    pub scope: Scope,
}

/// What a `verify-submissions` run verified.
#[derive(Debug, Clone, PartialEq)]
pub enum Scope {
    /// Problem folders (`problem.toml`, the bundled problems): each row names its
    /// problem.
    Problems,
    /// One Kattis/ICPC package: its rows' problem is the package's.
    Package(PackageScope),
}

/// What a package report says of its package.
#[derive(Debug, Clone, PartialEq)]
pub struct PackageScope {
    /// Its folder, as given.
    pub folder: String,
    /// `name` of its problem.yaml.
    pub name: Option<String>,
    /// The time limit used, seconds.
    pub time_limit_seconds: Option<f64>,
    /// Where the time limit came from.
    pub time_limit_from: Option<String>,
}

impl From<Document> for VerifyReport {
    fn from(d: Document) -> VerifyReport {
        let scope = match d.package {
            Some(folder) => Scope::Package(PackageScope {
                folder,
                name: d.name,
                time_limit_seconds: d.time_limit_seconds,
                time_limit_from: d.time_limit_from,
            }),
            None => Scope::Problems,
        };
        VerifyReport {
            interrupted: d.interrupted,
            judge_error: d.judge_error,
            margins: d.margins,
            margin_data: d.margin_data,
            mismatches: d.mismatches,
            skipped: d.skipped,
            warnings: d.warnings,
            provenance: d.provenance,
            schema_version: d.schema_version,
            shard: d.shard,
            submissions: d.submissions,
            summary: d.summary,
            total: d.total,
            scope,
        }
    }
}

impl From<VerifyReport> for Document {
    fn from(r: VerifyReport) -> Document {
        let (package, name, time_limit_seconds, time_limit_from) = match r.scope {
            Scope::Problems => (None, None, None, None),
            Scope::Package(p) => (
                Some(p.folder),
                p.name,
                p.time_limit_seconds,
                p.time_limit_from,
            ),
        };
        Document {
            interrupted: r.interrupted,
            judge_error: r.judge_error,
            margins: r.margins,
            margin_data: r.margin_data,
            mismatches: r.mismatches,
            name,
            package,
            skipped: r.skipped,
            warnings: r.warnings,
            provenance: r.provenance,
            schema_version: r.schema_version,
            shard: r.shard,
            submissions: r.submissions,
            summary: r.summary,
            time_limit_from,
            time_limit_seconds,
            total: r.total,
        }
    }
}

/// The document of a `verify-submissions` run as JSON writes and reads it: one shape for
/// problem folders and packages, every key there, `null` where it does not apply.
/// [`VerifyReport`] is what the code works with; the two convert both ways, losslessly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Document {
    /// The name of the signal that cut the run short (`null` when none did).
    #[serde(default)]
    interrupted: Option<String>,
    /// A submission got JE where its folder expects another verdict.
    judge_error: bool,
    /// Problem folders: the time-limit margins lines.
    #[serde(default)]
    margins: Option<Vec<String>>,
    /// The time-limit margins of every problem, as numbers: written by a shard of a
    /// run (`--shard K/N`), so that `report merge` can recompute the margins lines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    margin_data: Option<Vec<crate::judge::margins::ProblemMargins>>,
    /// Submissions whose verdict differs from their folder's.
    mismatches: usize,
    /// A package: `name` of its problem.yaml.
    #[serde(default)]
    name: Option<String>,
    /// A package: its folder, as given.
    #[serde(default)]
    package: Option<String>,
    /// A package: the files under `submissions/` that were not verified, and why.
    #[serde(default)]
    skipped: Option<Vec<String>>,
    /// A package: what is worth knowing but no mismatch (problemtools' warnings: an
    /// `accepted/` submission below the best score, a package file it passes over).
    #[serde(default)]
    warnings: Option<Vec<String>>,
    /// Which gridjudge verified, when and on which kernel (`program_sha256` is `null`:
    /// each row has its submission's own hash).
    #[serde(default)]
    provenance: Option<crate::document::provenance::Provenance>,
    /// [`SCHEMA_VERSION`](crate::document::SCHEMA_VERSION) (0 in a
    /// document that does not say).
    #[serde(default)]
    schema_version: u32,
    /// Set when the report is one shard of a run (`--shard K/N`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<crate::document::ShardRecord>,
    /// One row per submission verified.
    submissions: Vec<SubmissionRow>,
    /// The summary line.
    summary: String,
    /// A package: where the time limit came from.
    #[serde(default)]
    time_limit_from: Option<String>,
    /// A package: the time limit used, seconds.
    #[serde(default)]
    time_limit_seconds: Option<f64>,
    /// Submissions verified.
    total: usize,
}

/// One verified submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionRow {
    /// The first non-AC case (`compile` for a compile error), or empty.
    pub case: String,
    /// What it is expected to get: a verdict (`AC`), or a package's expectation
    /// (`WA|TLE`, `not AC`, `permitted AC|WA`, …).
    pub expected: String,
    /// The verdict it got; for a package, in the package format's vocabulary (MLE and
    /// OLE are RE, PE is WA).
    pub got: Verdict,
    /// A package: the verdict gridjudge gave, before the format's mapping.
    #[serde(default)]
    pub judged: Option<Verdict>,
    /// A package: its largest CPU time over the cases, seconds.
    #[serde(default)]
    pub max_cpu: Option<f64>,
    /// The whole message of that case.
    pub message: String,
    /// Whether it got what it is expected to get.
    #[serde(default)]
    pub ok: Option<bool>,
    /// Problem folders: the problem's folder name.
    #[serde(default)]
    pub problem: Option<String>,
    /// A scoring problem: the score of each test group (parents before subgroups).
    #[serde(default)]
    pub groups: Option<Vec<GroupScore>>,
    /// A scoring problem: the submission's score.
    #[serde(default)]
    pub score: Option<f64>,
    /// SHA-256 of the submission's files (`null` when they could not be read).
    #[serde(default)]
    pub sha256: Option<String>,
    /// The submission's path below `submissions/` (`accepted/sol.cpp`).
    pub submission: String,
}

impl SubmissionRow {
    /// `75 (secret/g1 30/30, secret/g2 45/70)`: the score and the groups', or `None`
    /// for a problem that is not scored.
    pub(crate) fn score_line(&self) -> Option<String> {
        Some(describe(
            self.score?,
            self.groups.as_deref().unwrap_or_default(),
        ))
    }
}

/// The summary line of `total` submissions verified, `mismatches` of them not as
/// expected.
pub(crate) fn summary_line(total: usize, mismatches: usize) -> String {
    format!(
        "{total} submission(s), {} as expected, {mismatches} mismatch(es)",
        total.saturating_sub(mismatches)
    )
}

impl SubmissionRow {
    /// Whether the submission got what it is expected to get: `ok`, else (a row
    /// without it) whether `got` is the one verdict `expected` names.
    pub fn matches(&self) -> bool {
        self.ok.unwrap_or(self.expected == self.got.code())
    }
}

impl VerifyReport {
    /// The signal that cut the run short, by name.
    pub(crate) fn interrupted_by(&self) -> Option<&str> {
        self.interrupted.as_deref()
    }

    /// What the reports say after the signal `name`.
    pub(crate) fn interrupted_note(name: &str) -> String {
        format!("interrupted by {name}: the submissions after these were not verified")
    }

    /// The problem a row belongs to: its own, or for a package the package folder's
    /// name (its `name` when the folder is given as a path without one, such as `.`).
    pub(crate) fn problem_of<'a>(&'a self, row: &'a SubmissionRow) -> &'a str {
        row.problem
            .as_deref()
            .unwrap_or_else(|| self.package_problem())
    }

    /// A package report's problem: the package folder's name, else its `name`.
    pub(crate) fn package_problem(&self) -> &str {
        let Some(p) = self.package() else {
            return "";
        };
        let folder = std::path::Path::new(&p.folder)
            .file_name()
            .and_then(|n| n.to_str());
        folder.or(p.name.as_deref()).unwrap_or_default()
    }

    /// The package, for a package's report.
    pub fn package(&self) -> Option<&PackageScope> {
        match &self.scope {
            Scope::Problems => None,
            Scope::Package(p) => Some(p),
        }
    }
}
