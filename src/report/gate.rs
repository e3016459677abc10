//! The report of `gridjudge verify`, the CI gate of a problem repository: its schema,
//! [`GateReport`], and its writers, [`Table`], [`Json`], [`Junit`] and [`Html`], each a
//! [`Render`] of a [`GateReport`].
//!
//! One report covers every problem verified (one package, or every package of a
//! contest). Each problem ([`GateProblem`]) carries two parts:
//!
//! - its **checks** ([`CheckRow`]): the package itself (`problem.yaml` read, its
//!   warnings), every input validator on every input, the output validator on every
//!   answer, the data's shape; each row is a check made, with its file, its status
//!   ([`Status`]: passed, error, warning, skipped) and its message;
//! - its **submissions**: the report `verify-submissions --package` writes for it
//!   ([`VerifyReport`], package shape), or nothing when it has none or could not be read.
//!
//! The counts on the report are those of every problem: data errors, warnings,
//! mismatches, an unexpected judge error. [`GateReport::outcome`] turns them into one
//! [`Outcome`], which the command maps to its exit code: a broken package or data
//! error first, then a submission not as expected.
//!
//! The JSON document has `"schema_version": 1` and `"command": "verify"`, by which
//! `report merge` tells it from the other reports. Outside text reaches the table,
//! JUnit and HTML through [`visible_line`] and [`visible`], as in every report.

use crate::report::html::{Badge, Message, STYLE};
use crate::report::submissions::{self, VerifyReport};
use crate::report::{escape_invisible_in_json, visible, visible_line, Render, ReportError};
use crate::Verdict;
use askama::Template;
use comfy_table::{presets::UTF8_FULL_CONDENSED, Table as Grid};
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use serde::{Deserialize, Serialize};

/// The version of the JSON document's schema, shared with the other reports.
pub use crate::report::schema::SCHEMA_VERSION;

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
    pub fn judge_error(&self) -> bool {
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
    pub provenance: Option<crate::report::provenance::Provenance>,
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

/// The table writer: per problem a heading line, the checks that did not pass (and how
/// many did), the submissions' table as `verify-submissions --package` prints it; then
/// the summary line.
#[derive(Debug, Clone, Copy, Default)]
pub struct Table;

impl Render<GateReport> for Table {
    fn render(&self, report: &GateReport) -> Result<String, ReportError> {
        let mut text = String::new();
        for p in &report.problems {
            text.push_str(&format!(
                "== {}{}{}: {}\n",
                visible_line(&p.problem),
                // The folder as given, where it says more than the short name.
                if p.package == p.problem {
                    String::new()
                } else {
                    format!(" {}", visible_line(&p.package))
                },
                p.name
                    .as_deref()
                    .map(|n| format!(" ({})", visible_line(n)))
                    .unwrap_or_default(),
                p.result()
            ));
            let shown: Vec<&CheckRow> = p
                .checks
                .iter()
                .filter(|c| c.status != Status::Passed)
                .collect();
            if !shown.is_empty() {
                let mut table = Grid::new();
                table.load_style(UTF8_FULL_CONDENSED);
                table.set_header(["status", "check", "file", "message"]);
                for c in shown {
                    table.add_row(vec![
                        c.status.word().to_string(),
                        visible_line(&c.check).into_owned(),
                        visible_line(&c.file).into_owned(),
                        visible_line(&c.message).into_owned(),
                    ]);
                }
                text.push_str(&format!("{table}\n"));
            }
            text.push_str(&format!(
                "data: {} of {} checks passed\n",
                p.count(Status::Passed),
                p.checks.len()
            ));
            if let Some(s) = &p.submissions {
                text.push_str(&submissions::Table.render(s)?);
            }
            text.push('\n');
        }
        text.push_str(&visible_line(&report.summary));
        text.push('\n');
        if let Some(p) = &report.provenance {
            text.push_str(&visible_line(&p.run_line()));
            text.push('\n');
        }
        Ok(text)
    }
}

/// The JSON writer: the [`GateReport`] as one pretty document, ending with a line feed.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

impl Render<GateReport> for Json {
    fn render(&self, report: &GateReport) -> Result<String, ReportError> {
        let mut text = escape_invisible_in_json(serde_json::to_string_pretty(report)?);
        text.push('\n');
        Ok(text)
    }
}

/// The JUnit writer: one test suite per problem, one test case per check (class
/// `PROBLEM.data`, named `CHECK: FILE`; an error for a check with status error, a
/// skipped case for a warning or a check not made, so a CI page shows each) and one per
/// submission (class `PROBLEM.submissions`, a failure of type `EXPECTED-GOT` when its
/// verdict differs, an error for an unexpected JE). After a signal, a last suite
/// `gridjudge` with one erroring case `interrupted`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Junit;

impl Render<GateReport> for Junit {
    fn render(&self, report: &GateReport) -> Result<String, ReportError> {
        let mut junit = Report::new("gridjudge verify");
        for p in &report.problems {
            let problem = visible_line(&p.problem).into_owned();
            let mut suite = TestSuite::new(problem.as_str());
            let data_class = format!("{problem}.data");
            for c in &p.checks {
                let status = match c.status {
                    Status::Passed => TestCaseStatus::success(),
                    Status::Error => {
                        let mut st = TestCaseStatus::non_success(NonSuccessKind::Error);
                        st.set_type(visible_line(&c.check).into_owned());
                        st.set_message(visible_line(&c.message).into_owned());
                        st
                    }
                    Status::Warning | Status::Skipped => {
                        let mut st = TestCaseStatus::skipped();
                        st.set_message(format!(
                            "{}: {}",
                            c.status.word(),
                            visible_line(&c.message)
                        ));
                        st
                    }
                };
                let mut case = TestCase::new(
                    format!("{}: {}", visible_line(&c.check), visible_line(&c.file)),
                    status,
                );
                case.set_classname(data_class.as_str());
                suite.add_test_case(case);
            }
            let sub_class = format!("{problem}.submissions");
            for r in p.submissions.iter().flat_map(|s| &s.submissions) {
                let status = if r.matches() {
                    TestCaseStatus::success()
                } else {
                    let kind = if r.got == Verdict::JudgeError {
                        NonSuccessKind::Error
                    } else {
                        NonSuccessKind::Failure
                    };
                    let mut st = TestCaseStatus::non_success(kind);
                    st.set_type(format!("{}-{}", visible_line(&r.expected), r.got.code()));
                    st.set_message(format!(
                        "expected {}, got {} at {}",
                        visible_line(&r.expected),
                        r.got.code(),
                        visible_line(&r.case)
                    ));
                    st.set_description(visible(&r.message).into_owned());
                    st
                };
                let mut case = TestCase::new(visible_line(&r.submission).into_owned(), status);
                case.set_classname(sub_class.as_str());
                suite.add_test_case(case);
            }
            junit.add_test_suite(suite);
        }
        if let Some(signal) = &report.interrupted {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
            status.set_type("interrupted");
            status.set_message(VerifyReport::interrupted_note(&visible_line(signal)));
            let mut case = TestCase::new("interrupted", status);
            case.set_classname("gridjudge");
            let mut suite = TestSuite::new("gridjudge");
            suite.add_test_case(case);
            junit.add_test_suite(suite);
        }
        Ok(junit.to_string()?)
    }
}

/// One check row of the page.
#[derive(Debug)]
struct CheckLine {
    status: &'static str,
    colour: &'static str,
    check: String,
    file: String,
    message: String,
}

/// One submission row of the page.
#[derive(Debug)]
struct SubmissionLine {
    submission: String,
    expected: String,
    got: Badge,
    ok: bool,
    case: String,
    message: Message,
}

/// One problem's section of the page.
#[derive(Debug)]
struct Section {
    problem: String,
    heading: String,
    result: Badge,
    passed: usize,
    total: usize,
    checks: Vec<CheckLine>,
    summary: Option<String>,
    notes: Vec<String>,
    submissions: Vec<SubmissionLine>,
}

/// The page: `templates/gate.html`, filled with visible text.
#[derive(Template)]
#[template(path = "gate.html")]
struct Page {
    title: String,
    overall: Badge,
    summary: String,
    /// Where the report came from ([`Provenance::run_line`]), when recorded.
    ///
    /// [`Provenance::run_line`]: crate::report::provenance::Provenance::run_line
    provenance: Option<String>,
    sections: Vec<Section>,
    style: &'static str,
}

/// The badge of a result word (`OK`, `ERROR`, `MISMATCH`, `JE`).
fn result_badge(result: &'static str) -> Badge {
    match result {
        "OK" => Badge {
            code: "OK",
            ..Badge::from(Verdict::Accepted)
        },
        "JE" => Badge::from(Verdict::JudgeError),
        word => Badge {
            code: word,
            ..Badge::from(Verdict::WrongAnswer)
        },
    }
}

/// The HTML writer: one self-contained page (no script at all): the overall result and
/// the summary, then per problem its result, the checks that did not pass (with how
/// many did) and its submissions with both verdicts.
#[derive(Debug, Clone, Copy, Default)]
pub struct Html;

impl Render<GateReport> for Html {
    fn render(&self, report: &GateReport) -> Result<String, ReportError> {
        let overall = result_badge(match report.outcome(false) {
            Outcome::Passed => "OK",
            Outcome::Mismatch => "MISMATCH",
            Outcome::Broken if report.errors == 0 => "JE",
            Outcome::Broken => "ERROR",
        });
        let sections = report
            .problems
            .iter()
            .map(|p| Section {
                problem: visible_line(&p.problem).into_owned(),
                heading: format!(
                    "{}{}",
                    visible_line(&p.package),
                    p.name
                        .as_deref()
                        .map(|n| format!(" ({})", visible_line(n)))
                        .unwrap_or_default()
                ),
                result: result_badge(p.result()),
                passed: p.count(Status::Passed),
                total: p.checks.len(),
                checks: p
                    .checks
                    .iter()
                    .filter(|c| c.status != Status::Passed)
                    .map(|c| CheckLine {
                        status: c.status.word(),
                        colour: match c.status {
                            Status::Error => Badge::from(Verdict::WrongAnswer).colour,
                            _ => "#57606a",
                        },
                        check: visible_line(&c.check).into_owned(),
                        file: visible_line(&c.file).into_owned(),
                        message: visible_line(&c.message).into_owned(),
                    })
                    .collect(),
                summary: p
                    .submissions
                    .as_ref()
                    .map(|s| visible_line(&s.summary).into_owned()),
                notes: p
                    .submissions
                    .iter()
                    .flat_map(|s| {
                        s.margins
                            .iter()
                            .flatten()
                            .map(|l| visible_line(l).into_owned())
                            .chain(
                                s.skipped
                                    .iter()
                                    .flatten()
                                    .map(|l| format!("skipped: {}", visible_line(l))),
                            )
                    })
                    .collect(),
                submissions: p
                    .submissions
                    .iter()
                    .flat_map(|s| &s.submissions)
                    .map(|r| SubmissionLine {
                        submission: visible_line(&r.submission).into_owned(),
                        expected: visible_line(&r.expected).into_owned(),
                        got: Badge::from(r.got),
                        ok: r.matches(),
                        case: visible_line(&r.case).into_owned(),
                        message: Message::of(&r.message),
                    })
                    .collect(),
            })
            .collect();
        let title = match report.problems.as_slice() {
            [one] => visible_line(one.name.as_deref().unwrap_or(&one.problem)).into_owned(),
            _ => "verify".to_string(),
        };
        Ok(Page {
            title,
            overall,
            summary: visible_line(&report.summary).into_owned(),
            provenance: report
                .provenance
                .as_ref()
                .map(|p| visible_line(&p.run_line()).into_owned()),
            sections,
            style: STYLE,
        }
        .render()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(check: &str, status: Status, message: &str) -> CheckRow {
        CheckRow {
            check: check.into(),
            file: "pkg/data/secret/1.in".into(),
            status,
            message: message.into(),
        }
    }

    fn problem(checks: Vec<CheckRow>) -> GateProblem {
        GateProblem {
            checks,
            format: Some("2023-07".into()),
            margins_failed: false,
            name: Some("Sum <b>".into()),
            package: "contest/sum".into(),
            problem: "sum".into(),
            submissions: None,
        }
    }

    #[test]
    fn the_outcome_puts_broken_data_before_a_mismatch_and_warnings_count_with_werror() {
        let clean = GateReport::new(
            vec![problem(vec![row("answer", Status::Passed, "")])],
            None,
            None,
        );
        assert_eq!(clean.outcome(false), Outcome::Passed);
        let warned = GateReport::new(
            vec![problem(vec![row(
                "package",
                Status::Warning,
                "no validator",
            )])],
            None,
            None,
        );
        assert_eq!(warned.outcome(false), Outcome::Passed);
        assert_eq!(warned.outcome(true), Outcome::Broken);
        let mut strict = problem(Vec::new());
        strict.margins_failed = true;
        assert_eq!(
            GateReport::new(vec![strict], None, None).outcome(false),
            Outcome::Mismatch
        );
        let broken = GateReport::new(
            vec![problem(vec![row(
                "input validator v",
                Status::Error,
                "1001",
            )])],
            None,
            None,
        );
        assert_eq!(broken.outcome(false), Outcome::Broken);
        assert_eq!(broken.errors, 1);
        assert!(broken
            .summary
            .starts_with("1 problem: 1 check (1 error, 0 warnings)"));
    }

    #[test]
    fn json_round_trips_and_names_its_schema() {
        let report = GateReport::new(
            vec![problem(vec![
                row("input validator v", Status::Error, "value 1001"),
                row("answer", Status::Passed, ""),
            ])],
            Some("SIGINT".into()),
            None,
        );
        let text = Json.render(&report).expect("json");
        let value: serde_json::Value = serde_json::from_str(&text).expect("parses");
        assert_eq!(value["schema_version"], 1);
        assert_eq!(value["command"], "verify");
        assert_eq!(value["problems"][0]["checks"][0]["status"], "error");
        let back: GateReport = serde_json::from_str(&text).expect("round trip");
        assert_eq!(back, report);
    }

    #[test]
    fn junit_has_a_case_per_check_and_html_escapes_outside_text_and_says_where_it_came_from() {
        let report = GateReport::new(
            vec![problem(vec![
                row("input validator v", Status::Error, "<script>x</script>"),
                row("answer", Status::Passed, ""),
                row("package", Status::Warning, "w"),
            ])],
            None,
            None,
        );
        let xml = Junit.render(&report).expect("junit");
        assert_eq!(xml.matches("<testcase ").count(), 3, "{xml}");
        assert!(xml.contains("classname=\"sum.data\""), "{xml}");
        assert_eq!(xml.matches("<error ").count(), 1, "{xml}");
        let page = Html.render(&report).expect("html");
        assert!(!page.contains("id=\"provenance\""), "{page}");
        let mut report = report;
        report.provenance = Some(crate::report::provenance::Provenance::now(None));
        let page = Html.render(&report).expect("html");
        assert!(
            page.contains(&format!(
                "<p class=\"meta\" id=\"provenance\">gridjudge {}",
                env!("CARGO_PKG_VERSION")
            )),
            "{page}"
        );
        assert!(!page.contains("<script>x"), "{page}");
        assert!(page.contains("&lt;script&gt;x"), "{page}");
        assert!(page.contains("Sum &lt;b&gt;"), "{page}");
        let table = Table.render(&report).expect("table");
        assert!(table.contains("1 of 3 checks passed"), "{table}");
        assert!(
            table.contains("== sum contest/sum (Sum <b>): ERROR"),
            "{table}"
        );
    }
}
