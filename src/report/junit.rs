//! The CI report: JUnit XML (quick-junit). One test suite per problem, one test case per
//! judge case (and one named `compile` for a problem that could not be judged at all); a
//! non-AC case is a failure whose type is the verdict code, whose `message` attribute is
//! `VERDICT: headline` (the message's most telling line) and whose text is
//! `VERDICT: message` (all of it). JE is reported as an error, not a failure.
//!
//! Names and messages go through [`visible_line`] (attributes) and [`visible`] (the
//! failure text): control characters and the characters XML 1.0 cannot carry become
//! visible stand-ins instead of being dropped (quick-junit would silently strip them and
//! any ANSI escape sequence with the text inside it), and since attributes hold no line
//! feed or tab, an XML parser's attribute normalisation changes nothing: every name and
//! message reads back exactly as [`visible_line`] / [`visible`] wrote it.
//!
//! A session cut short by a signal ends with a suite `gridjudge` whose one test case,
//! `interrupted`, is an error saying which signal and how many cases did not run.
//!
//! A case's wall time is its `time`; a time that is not a valid [`Duration`] (negative,
//! not finite, or past `Duration::MAX`) is left out rather than failing the report.

use crate::judge::compile::headline;
use crate::judge::scoring::score_text;
use crate::report::formats::{ReportFormat, Writes};
use crate::report::{visible, visible_line, Render, ReportError, Session};
use crate::Verdict;
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use std::time::Duration;

/// JUnit XML as a report format: a side file, for every document.
pub const FORMAT: ReportFormat = ReportFormat {
    name: "junit",
    about: "JUnit XML.",
    noun: "a JUnit XML report",
    on_stdout: false,
    shows_baseline: false,
    session: Some(Writes {
        render: |s, _| Junit.render(s),
        file: Some("Also write a JUnit XML report here (one test case per judge case)."),
    }),
    submissions: Some(Writes {
        render: |r| crate::report::submissions::Junit.render(r),
        file: Some(
            "Also write a JUnit XML report here: one test suite per problem, one test case \
             per submission, failing when its verdict differs from its folder.",
        ),
    }),
    gate: Some(Writes {
        render: |r| crate::report::gate::Junit.render(r),
        file: Some(
            "Also write a JUnit XML report here: a test suite per problem, a test case per \
             check and per submission.",
        ),
    }),
};

fn status(verdict: Verdict, message: &str) -> TestCaseStatus {
    if verdict == Verdict::Accepted {
        return TestCaseStatus::success();
    }
    let kind = if verdict == Verdict::JudgeError {
        NonSuccessKind::Error
    } else {
        NonSuccessKind::Failure
    };
    let mut s = TestCaseStatus::non_success(kind);
    s.set_type(verdict.code());
    s.set_message(format!("{verdict}: {}", visible_line(headline(message))));
    s.set_description(format!("{verdict}: {}", visible(message)));
    s
}

/// The JUnit writer.
#[derive(Debug, Clone, Copy, Default)]
pub struct Junit;

impl Render<Session> for Junit {
    fn render(&self, session: &Session) -> Result<String, ReportError> {
        Ok(render(session)?)
    }
}

/// Renders the session as JUnit XML. The error is quick-junit's; writing to memory, it
/// does not happen in practice.
pub fn render(session: &Session) -> Result<String, quick_junit::SerializeError> {
    let mut report = Report::new("gridjudge");
    let started = session
        .provenance
        .as_ref()
        .and_then(|v| chrono::DateTime::parse_from_rfc3339(&v.started).ok());
    if let Some(t) = started {
        report.set_timestamp(t);
    }
    for p in &session.problems {
        let problem = visible_line(&p.problem);
        let mut suite = TestSuite::new(problem.as_ref());
        if let Some(t) = started {
            suite.set_timestamp(t);
        }
        if let Some(v) = &session.provenance {
            // Where the report came from, on every suite (JUnit has no report-wide
            // properties).
            suite.add_property(("gridjudge", v.gridjudge.as_str()));
            if let Some(c) = &v.commit {
                suite.add_property(("gridjudge_commit", c.as_str()));
            }
            suite.add_property(("kernel", visible_line(&v.kernel).as_ref()));
            suite.add_property(("cpus", v.cpus.to_string().as_str()));
            if let Some(h) = &v.program_sha256 {
                suite.add_property(("program_sha256", h.as_str()));
            }
        }
        if let Some((v, m)) = &p.failure {
            let mut case = TestCase::new("compile", status(*v, m));
            case.set_classname(problem.as_ref());
            suite.add_test_case(case);
        }
        for c in &p.cases {
            let mut case = TestCase::new(visible_line(&c.case), status(c.verdict, &c.message));
            case.set_classname(problem.as_ref());
            if let Ok(time) = Duration::try_from_secs_f64(c.wall_seconds.max(0.0)) {
                case.set_time(time);
            }
            if let Some(note) = &c.protocol {
                case.add_property(("passes", note.passes.to_string().as_str()));
                if let Some(side) = note.ended_first {
                    case.add_property(("ended_first", side.name()));
                }
                if let Some(b) = note.bytes {
                    case.add_property(("program_bytes", b.program.to_string().as_str()));
                    case.add_property(("interactor_bytes", b.interactor.to_string().as_str()));
                }
                if let Some(status) = &note.validator {
                    case.add_property(("validator", visible_line(status).as_ref()));
                }
            }
            if let Some(score) = c.score {
                case.add_property(("score", score_text(score).as_str()));
            }
            suite.add_test_case(case);
        }
        if let Some(s) = &p.scored {
            // A scoring problem: the total and each group's score on the suite.
            suite.add_property(("score", score_text(s.score).as_str()));
            for g in &s.groups {
                let name = format!("score {}", visible_line(&g.group));
                suite.add_property((name.as_str(), score_text(g.score).as_str()));
            }
        }
        report.add_test_suite(suite);
    }
    if let Some(i) = &session.interrupted {
        let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
        status.set_type("interrupted");
        status.set_message(i.describe());
        let mut case = TestCase::new("interrupted", status);
        case.set_classname("gridjudge");
        let mut suite = TestSuite::new("gridjudge");
        suite.add_test_case(case);
        report.add_test_suite(suite);
    }
    report.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::{case, session};

    /// Regression (fuzz/regressions/report_writers/crash-junit_huge_time): a wall time
    /// past `Duration::MAX` made `Duration::from_secs_f64` panic.
    #[test]
    fn times_that_are_no_duration_are_left_out() {
        let xml_for = |wall: f64| {
            let cases = vec![case("sample/1", Verdict::Accepted, "", wall)];
            render(&session("p", "poj3074", cases, None)).unwrap()
        };
        for wall in [Duration::MAX.as_secs_f64(), f64::INFINITY] {
            let xml = xml_for(wall);
            assert!(
                xml.contains(r#"<testcase name="sample/1" classname="poj3074"/>"#),
                "{xml}"
            );
        }
        for (wall, time) in [(1.5, "1.500"), (-1.0, "0.000"), (f64::NAN, "0.000")] {
            let xml = xml_for(wall);
            assert!(xml.contains(&format!(r#"time="{time}""#)), "{xml}");
        }
    }

    /// Regression (crash-junit_no_failure_text, crash-junit_control_char_in_name):
    /// the failure had no text (a multi-line message lived only in an attribute, where
    /// XML parsers turn line feeds into spaces), and quick-junit silently dropped control
    /// characters and ANSI escape sequences with the text inside them. U+FFFE and U+FFFF
    /// went through and made the XML invalid.
    #[test]
    fn names_and_messages_survive_in_visible_form() {
        let s = session(
            "p",
            "poj\u{1}3074",
            vec![case(
                "secret/\x1b]0;x\x07a",
                Verdict::WrongAnswer,
                "line 1: <&>\"']]>\u{fffe}\nerror: \x1b[31mred\x1b[0m\ttab",
                0.0,
            )],
            Some((Verdict::CompileError, "a\r\nb".to_string())),
        );
        let xml = render(&s).unwrap();
        assert!(!xml.contains('\u{fffe}'), "{xml}");
        assert!(xml.contains(r#"<testsuite name="poj␁3074""#), "{xml}");
        assert!(
            xml.contains(r#"<testcase name="secret/␛]0;x␇a" classname="poj␁3074""#),
            "{xml}"
        );
        assert!(
            xml.contains(r#"<failure message="WA: error: ␛[31mred␛[0m␉tab" type="WA">WA: line 1: &lt;&amp;&gt;&quot;&apos;]]&gt;�
error: ␛[31mred␛[0m␉tab</failure>"#),
            "{xml}"
        );
        assert!(
            xml.contains(
                r#"<failure message="CE: a" type="CE">CE: a␍
b</failure>"#
            ),
            "{xml}"
        );
    }
}
