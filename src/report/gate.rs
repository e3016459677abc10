//! The writers of the `gridjudge verify` report: [`Table`], [`Json`], [`Junit`] and
//! [`Html`], each a [`Render`] of a [`GateReport`], the document
//! ([`crate::document::gate`], re-exported here) the gate produces: per problem a
//! heading, its checks and its submissions' report. Outside text reaches the table,
//! JUnit and HTML through [`visible_line`] and [`visible`], as in every report.

use crate::report::html::{Badge, Message, STYLE};
use crate::report::submissions::{self, VerifyReport};
use crate::report::{escape_invisible_in_json, visible, visible_line, Render, ReportError};
use crate::Verdict;
use askama::Template;
use comfy_table::{presets::UTF8_FULL_CONDENSED, Table as Grid};
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

pub use crate::document::gate::*;

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
