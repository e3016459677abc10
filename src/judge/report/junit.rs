//! The CI report: JUnit XML (quick-junit). One test suite per problem, one test case per
//! judge case; a non-AC case is a failure whose type is the verdict code and whose
//! message is the verdict's message. JE is reported as an error, not a failure.

use crate::judge::report::Session;
use crate::Verdict;
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use std::time::Duration;

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
    s.set_message(format!("{verdict}: {message}"));
    s
}

/// Renders the session as JUnit XML.
pub fn render(session: &Session) -> Result<String, quick_junit::SerializeError> {
    let mut report = Report::new("gridjudge");
    for p in &session.problems {
        let mut suite = TestSuite::new(p.problem.as_str());
        if let Some((v, m)) = &p.failure {
            let mut case = TestCase::new("compile", status(*v, m));
            case.set_classname(p.problem.as_str());
            suite.add_test_case(case);
        }
        for c in &p.cases {
            let mut case = TestCase::new(c.case.as_str(), status(c.verdict, &c.message));
            case.set_classname(p.problem.as_str());
            case.set_time(Duration::from_secs_f64(c.wall_seconds.max(0.0)));
            suite.add_test_case(case);
        }
        report.add_test_suite(suite);
    }
    report.to_string()
}
