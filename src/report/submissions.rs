//! The writers of the `gridjudge verify-submissions` report: [`Table`], [`Json`],
//! [`Junit`] and [`Html`], each a [`Render`] of a [`VerifyReport`], the document
//! ([`crate::document::submissions`], re-exported here) that the example-submission
//! loop produces.
//!
//! Outside text (submission and problem names, messages, margins lines) reaches the
//! table, JUnit and HTML reports through [`visible_line`] and [`visible`], as in the
//! judge's reports; the JSON report keeps it exactly, with the invisible format
//! characters as `\u` escapes ([`escape_invisible_in_json`]).

use crate::judge::compile::headline;
use crate::judge::scoring::score_text;
use crate::report::html::{Badge, Message, STYLE};
use crate::report::{escape_invisible_in_json, visible, visible_line, Render, ReportError};
use crate::Verdict;
use askama::Template;
use comfy_table::{presets::UTF8_FULL_CONDENSED, Table as Grid};
use quick_junit::{NonSuccessKind, Property, Report, TestCase, TestCaseStatus, TestSuite};

pub use crate::document::submissions::*;

/// Longest message headline in a table row.
const MESSAGE_WIDTH: usize = 80;

/// The headline of a row's message, visible, cut at [`MESSAGE_WIDTH`] characters.
fn short_message(row: &SubmissionRow) -> String {
    visible_line(headline(&row.message))
        .chars()
        .take(MESSAGE_WIDTH)
        .collect()
}

/// The table writer: a table of the submissions, the summary line, then the margins
/// lines (problem folders) or the skipped files (a package), as `verify-submissions`
/// prints them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Table;

impl Render<VerifyReport> for Table {
    fn render(&self, report: &VerifyReport) -> Result<String, ReportError> {
        let ok = |r: &SubmissionRow| if r.matches() { "ok" } else { "MISMATCH" }.to_string();
        let mut table = Grid::new();
        table.load_style(UTF8_FULL_CONDENSED);
        let mut after = Vec::new();
        if report.package().is_some() {
            table.set_header([
                "submission",
                "expected",
                "got",
                "ok",
                "max CPU s",
                "case",
                "message",
            ]);
            for r in &report.submissions {
                if let Some(line) = r.score_line() {
                    after.push(format!(
                        "score of {}: {}",
                        visible_line(&r.submission),
                        visible_line(&line)
                    ));
                }
                table.add_row(vec![
                    visible_line(&r.submission).into_owned(),
                    visible_line(&r.expected).into_owned(),
                    match r.score {
                        Some(x) => format!("{} {}", r.got.code(), score_text(x)),
                        None => r.got.code().to_string(),
                    },
                    ok(r),
                    format!("{:.3}", r.max_cpu.unwrap_or(0.0)),
                    visible_line(&r.case).into_owned(),
                    short_message(r),
                ]);
            }
            for l in report.margins.iter().flatten() {
                after.push(visible_line(l).into_owned());
            }
            for s in report.skipped.iter().flatten() {
                after.push(format!("skipped: {}", visible_line(s)));
            }
        } else {
            table.set_header([
                "problem",
                "submission",
                "expected",
                "got",
                "ok",
                "case",
                "message",
            ]);
            for r in &report.submissions {
                table.add_row(vec![
                    visible_line(report.problem_of(r)).into_owned(),
                    visible_line(&r.submission).into_owned(),
                    visible_line(&r.expected).into_owned(),
                    r.got.code().to_string(),
                    ok(r),
                    visible_line(&r.case).into_owned(),
                    short_message(r),
                ]);
            }
            for l in report.margins.iter().flatten() {
                after.push(visible_line(l).into_owned());
            }
        }
        if let Some(p) = &report.provenance {
            after.push(visible_line(&p.run_line()).into_owned());
        }
        let mut text = format!("{table}\n{}\n", visible_line(&report.summary));
        for line in after {
            text.push_str(&line);
            text.push('\n');
        }
        Ok(text)
    }
}

/// The JSON writer: the [`VerifyReport`] as one pretty document, ending with a line feed.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

impl Render<VerifyReport> for Json {
    fn render(&self, report: &VerifyReport) -> Result<String, ReportError> {
        let mut text = escape_invisible_in_json(serde_json::to_string_pretty(report)?);
        text.push('\n');
        Ok(text)
    }
}

/// The JUnit writer: a suite per problem (consecutive rows of one problem), a case per
/// submission (class: the problem), a failure of type `EXPECTED-GOT` when the verdict
/// differs from the folder, an error for an unexpected JE. After a signal, a last suite
/// `gridjudge` with one erroring case `interrupted`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Junit;

impl Render<VerifyReport> for Junit {
    fn render(&self, report: &VerifyReport) -> Result<String, ReportError> {
        let mut junit = Report::new("gridjudge verify-submissions");
        let mut suites: Vec<TestSuite> = Vec::new();
        for r in &report.submissions {
            let problem = visible_line(report.problem_of(r)).into_owned();
            if suites.last().is_none_or(|s| s.name.as_str() != problem) {
                let mut suite = TestSuite::new(problem.as_str());
                if let Some(p) = &report.provenance {
                    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(&p.started) {
                        suite.set_timestamp(t);
                    }
                    suite.add_property(Property::new("gridjudge", p.gridjudge.as_str()));
                    if let Some(c) = &p.commit {
                        suite.add_property(Property::new("gridjudge_commit", c.as_str()));
                    }
                    suite.add_property(Property::new("kernel", visible_line(&p.kernel)));
                    suite.add_property(Property::new("cpus", p.cpus.to_string()));
                }
                suites.push(suite);
            }
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
                    "expected {}, got {} at {}: {}",
                    visible_line(&r.expected),
                    r.got.code(),
                    visible_line(&r.case),
                    visible_line(headline(&r.message))
                ));
                st.set_description(visible(&r.message).into_owned());
                st
            };
            let mut case = TestCase::new(visible_line(&r.submission).into_owned(), status);
            case.set_classname(problem.as_str());
            if let Some(h) = &r.sha256 {
                case.add_property(Property::new("sha256", h.as_str()));
            }
            if let Some(x) = r.score {
                case.add_property(Property::new("score", score_text(x)));
                for g in r.groups.iter().flatten() {
                    case.add_property(Property::new(
                        format!("score {}", visible_line(&g.group)),
                        score_text(g.score),
                    ));
                }
            }
            if let Some(suite) = suites.last_mut() {
                suite.add_test_case(case);
            }
        }
        if let Some(signal) = report.interrupted_by() {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
            status.set_type("interrupted");
            status.set_message(VerifyReport::interrupted_note(&visible_line(signal)));
            let mut case = TestCase::new("interrupted", status);
            case.set_classname("gridjudge");
            let mut suite = TestSuite::new("gridjudge");
            suite.add_test_case(case);
            suites.push(suite);
        }
        junit.add_test_suites(suites);
        Ok(junit.to_string()?)
    }
}

/// The `expected` badge of the HTML page: a verdict's colour, or grey for a package's
/// expectation of several verdicts.
#[derive(Debug)]
struct Expected {
    code: String,
    colour: &'static str,
}

impl Expected {
    fn of(expected: &str) -> Expected {
        let colour = match Verdict::ALL.into_iter().find(|v| v.code() == expected) {
            Some(v) => Badge::from(v).colour,
            None => "#57606a",
        };
        Expected {
            code: visible_line(expected).into_owned(),
            colour,
        }
    }
}

/// One row of the HTML page.
#[derive(Debug)]
struct Row {
    problem: String,
    submission: String,
    expected: Expected,
    got: Badge,
    ok: bool,
    max_cpu: Option<String>,
    score: Option<String>,
    case: String,
    message: Message,
}

/// The page: `templates/verify.html`, filled with visible text.
#[derive(Template)]
#[template(path = "verify.html")]
struct Page {
    /// The page's title: the package's name, or `verify-submissions`.
    title: String,
    overall: Badge,
    /// A package: `folder (name): time limit 1.000 s (where from)`.
    package: Option<String>,
    summary: String,
    notes: Vec<String>,
    package_columns: bool,
    rows: Vec<Row>,
    style: &'static str,
}

/// The HTML writer: one self-contained page in the look of the judge's HTML report
/// (no script at all): the overall result (`OK`, `MISMATCH` or `JE`), the summary, the
/// margins lines or skipped files, and a table of the submissions with both verdicts in
/// colour and the message (its headline, the whole text on expansion).
#[derive(Debug, Clone, Copy, Default)]
pub struct Html;

impl Render<VerifyReport> for Html {
    fn render(&self, report: &VerifyReport) -> Result<String, ReportError> {
        let overall = if report.judge_error {
            Badge::from(Verdict::JudgeError)
        } else if report.mismatches > 0 {
            Badge {
                code: "MISMATCH",
                ..Badge::from(Verdict::WrongAnswer)
            }
        } else {
            Badge {
                code: "OK",
                ..Badge::from(Verdict::Accepted)
            }
        };
        let package = report.package().map(|p| {
            format!(
                "{} ({}): time limit {:.3} s ({})",
                visible_line(&p.folder),
                visible_line(p.name.as_deref().unwrap_or_default()),
                p.time_limit_seconds.unwrap_or(0.0),
                visible_line(p.time_limit_from.as_deref().unwrap_or_default())
            )
        });
        let notes = report
            .margins
            .iter()
            .flatten()
            .map(|l| visible_line(l).into_owned())
            .chain(
                report
                    .provenance
                    .as_ref()
                    .map(|p| visible_line(&p.run_line()).into_owned()),
            )
            .chain(
                report
                    .skipped
                    .iter()
                    .flatten()
                    .map(|s| format!("skipped: {}", visible_line(s))),
            )
            .chain(
                report
                    .warnings
                    .iter()
                    .flatten()
                    .map(|w| format!("warning: {}", visible_line(w))),
            )
            .collect();
        let rows = report
            .submissions
            .iter()
            .map(|r| Row {
                problem: visible_line(report.problem_of(r)).into_owned(),
                submission: visible_line(&r.submission).into_owned(),
                expected: Expected::of(&r.expected),
                got: Badge::from(r.got),
                ok: r.matches(),
                max_cpu: r.max_cpu.map(|t| format!("{t:.3} s")),
                score: r.score_line().map(|l| visible_line(&l).into_owned()),
                case: visible_line(&r.case).into_owned(),
                message: Message::of(&r.message),
            })
            .collect();
        let page = Page {
            title: visible_line(
                report
                    .package()
                    .and_then(|p| p.name.as_deref())
                    .unwrap_or("verify-submissions"),
            )
            .into_owned(),
            overall,
            package,
            summary: visible_line(&report.summary).into_owned(),
            notes,
            package_columns: report.package().is_some(),
            rows,
            style: STYLE,
        };
        Ok(page.render()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOSTILE: &str = "<script>alert(1)</script>\"' \u{202e}txt.exe\x1b[2J";

    fn row(problem: Option<&str>, name: &str, expected: Verdict, got: Verdict) -> SubmissionRow {
        SubmissionRow {
            case: "secret/1".into(),
            expected: expected.code().to_string(),
            got,
            judged: Some(got),
            max_cpu: Some(0.25),
            message: format!("line 1: {HOSTILE}\nline 2"),
            ok: Some(expected == got),
            problem: Some(problem.unwrap_or("hello").to_string()),
            groups: None,
            score: None,
            sha256: Some("ab".repeat(32)),
            submission: name.into(),
        }
    }

    /// Two problem folders, one mismatch, interrupted by SIGTERM.
    fn problems() -> VerifyReport {
        VerifyReport {
            margin_data: None,
            schema_version: crate::report::schema::SCHEMA_VERSION,
            shard: None,
            interrupted: Some("SIGTERM".into()),
            judge_error: false,
            margins: Some(vec![format!("margin {HOSTILE}")]),
            mismatches: 1,
            scope: Scope::Problems,
            provenance: None,
            skipped: Some(Vec::new()),
            warnings: Some(Vec::new()),
            submissions: vec![
                row(
                    Some("poj3074"),
                    "accepted/a.c",
                    Verdict::Accepted,
                    Verdict::Accepted,
                ),
                row(
                    Some("poj2676"),
                    HOSTILE,
                    Verdict::Accepted,
                    Verdict::WrongAnswer,
                ),
            ],
            summary: "2 submission(s), 1 as expected, 1 mismatch(es)".into(),
            total: 2,
        }
    }

    fn package() -> VerifyReport {
        VerifyReport {
            margin_data: None,
            schema_version: crate::report::schema::SCHEMA_VERSION,
            shard: None,
            interrupted: None,
            judge_error: true,
            margins: Some(Vec::new()),
            mismatches: 1,
            scope: Scope::Package(PackageScope {
                folder: "pkgs/hello".into(),
                name: Some("Hello".into()),
                time_limit_seconds: Some(2.0),
                time_limit_from: Some("stated".into()),
            }),
            provenance: None,
            skipped: Some(vec!["notes.txt: not a program".into()]),
            warnings: Some(vec![
                "accepted/partial.py scores 30, below the best 100".into()
            ]),
            submissions: vec![row(
                None,
                "wrong_answer/w.py",
                Verdict::WrongAnswer,
                Verdict::JudgeError,
            )],
            summary: "1 submission(s), 0 as expected, 1 mismatch(es); time limit 2.000 s (stated)"
                .into(),
            total: 1,
        }
    }

    #[test]
    fn json_round_trips_and_both_kinds_of_report_have_one_shape() {
        for report in [problems(), package()] {
            let text = Json.render(&report).unwrap();
            assert!(!text.contains('\u{202e}'), "{text}");
            let back: VerifyReport = serde_json::from_str(&text).unwrap();
            assert_eq!(back, report);
        }
        let text = Json.render(&problems()).unwrap();
        assert!(text.contains("\"interrupted\": \"SIGTERM\""), "{text}");
        assert!(text.contains("\"package\": null"), "{text}");
        let text = Json.render(&package()).unwrap();
        assert!(
            text.contains("\"max_cpu\": 0.25") && text.contains("\"package\": \"pkgs/hello\""),
            "{text}"
        );
        assert!(text.contains("\"interrupted\": null"), "{text}");
        // The same keys, in the document and in each row.
        let keys = |report: &VerifyReport| {
            let doc: serde_json::Value =
                serde_json::from_str(&Json.render(report).unwrap()).unwrap();
            let top: Vec<String> = doc.as_object().unwrap().keys().cloned().collect();
            let row: Vec<String> = doc["submissions"][0]
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect();
            (top, row)
        };
        assert_eq!(keys(&problems()), keys(&package()));
    }

    /// The JUnit XML reads back with an XML parser: a suite per problem, the mismatch a
    /// failure, the unexpected JE an error, the interruption a last suite.
    #[test]
    fn junit_parses_and_has_a_suite_per_problem() {
        let names = |xml: &str| -> Vec<String> {
            let mut reader = quick_xml::Reader::from_str(xml);
            reader.config_mut().check_end_names = true;
            let mut names = Vec::new();
            loop {
                match reader.read_event() {
                    Ok(quick_xml::events::Event::Eof) => break names,
                    Ok(quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e)) => {
                        names.push(String::from_utf8_lossy(e.name().as_ref()).into_owned());
                    }
                    Ok(_) => {}
                    Err(e) => panic!("{e}: {xml}"),
                }
            }
        };
        let xml = Junit.render(&problems()).unwrap();
        assert_eq!(
            names(&xml),
            [
                "testsuites",
                "testsuite",
                "testcase",
                "properties",
                "property",
                "testsuite",
                "testcase",
                "properties",
                "property",
                "failure",
                "testsuite",
                "testcase",
                "error"
            ]
        );
        // Each submission is named by its hash too.
        assert!(
            xml.contains(&format!(
                r#"<property name="sha256" value="{}"/>"#,
                "ab".repeat(32)
            )),
            "{xml}"
        );
        assert!(xml.contains(r#"<testsuite name="poj2676""#), "{xml}");
        assert!(xml.contains(r#"type="AC-WA""#), "{xml}");
        assert!(xml.contains("&lt;U+202E&gt;txt.exe␛[2J"), "{xml}");
        assert!(
            xml.contains("interrupted by SIGTERM: the submissions after"),
            "{xml}"
        );
        let xml = Junit.render(&package()).unwrap();
        assert_eq!(
            names(&xml),
            [
                "testsuites",
                "testsuite",
                "testcase",
                "properties",
                "property",
                "error"
            ]
        );
        assert!(xml.contains(r#"<testsuite name="hello""#), "{xml}");
    }

    #[test]
    fn html_escapes_hostile_names_and_messages() {
        for report in [problems(), package()] {
            let html = Html.render(&report).unwrap();
            assert!(!html.contains("<script"), "{html}");
            assert!(!html.contains(['\u{202e}', '\x1b']), "{html}");
            assert!(html.contains("default-src 'none'"), "{html}");
            assert!(html.ends_with("</body></html>\n"), "{html}");
        }
        let html = Html.render(&problems()).unwrap();
        assert!(
            html.contains(
                "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39; &lt;U+202E&gt;txt.exe␛[2J"
            ),
            "{html}"
        );
        assert_eq!(
            html.matches("<tr class=\"submission\"").count(),
            2,
            "{html}"
        );
        assert!(
            html.contains("<span class=\"flag\">MISMATCH</span>"),
            "{html}"
        );
        assert!(html.contains(">MISMATCH</span></h1>"), "{html}");
        assert!(html.contains("<details><summary>line 1: "), "{html}");
        let html = Html.render(&package()).unwrap();
        assert!(
            html.contains("<th>max CPU</th>") && html.contains("0.250 s"),
            "{html}"
        );
        assert!(html.contains(">JE</span></h1>"), "{html}");
        assert!(html.contains("skipped: notes.txt"), "{html}");
        assert!(
            html.contains("warning: accepted/partial.py scores 30"),
            "{html}"
        );
    }

    #[test]
    fn the_table_shows_each_shape_visibly() {
        let text = Table.render(&problems()).unwrap();
        assert!(
            text.chars().all(|c| !c.is_control() || c == '\n'),
            "{text:?}"
        );
        assert!(text.contains("│ problem ┆ submission"), "{text}");
        assert!(
            text.contains("MISMATCH") && text.contains("margin <"),
            "{text}"
        );
        let text = Table.render(&package()).unwrap();
        assert!(
            text.contains("max CPU s") && text.contains("0.250"),
            "{text}"
        );
        assert!(
            text.ends_with("(stated)\nskipped: notes.txt: not a program\n"),
            "{text}"
        );
    }
}
