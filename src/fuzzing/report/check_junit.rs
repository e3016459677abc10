//! The invariants of the JUnit report (`report::junit`): `Ok`, XML 1.0 characters
//! only and no raw bidirectional or separator character, well-formed, one suite per problem and one test case per judge case with the
//! visible names, a failure or error for every non-AC case whose type, message and text
//! carry the verdict and the visible message, and counts that agree.

use super::assert_no_spoofing;
use super::xml::{is_xml_char, parse_xml, Element};
use crate::judge::compile::headline;
use crate::report::junit::Junit;
use crate::report::{visible, visible_line, Render, Session};
use crate::Verdict;

pub(super) fn invariants(s: &Session) {
    let xml = match Junit.render(s) {
        Ok(xml) => xml,
        Err(e) => panic!("junit: render failed: {e}"),
    };
    if let Some(c) = xml.chars().find(|&c| !is_xml_char(c)) {
        panic!("junit: {c:?} is not an XML 1.0 character:\n{xml}");
    }
    assert_no_spoofing("junit", &xml);
    let root = parse_xml(&xml);
    assert_eq!(root.name, "testsuites", "junit: root element");
    let count = |e: &Element, key: &str| -> usize {
        match e.attr(key).map(str::parse) {
            Some(Ok(n)) => n,
            _ => panic!("junit: <{}> has no count {key}", e.name),
        }
    };
    let all: Vec<Verdict> = s
        .problems
        .iter()
        .flat_map(|p| {
            p.failure
                .iter()
                .map(|(v, _)| *v)
                .chain(p.cases.iter().map(|c| c.verdict))
        })
        .collect();
    let tally = |vs: &[Verdict]| {
        let errors = vs.iter().filter(|&&v| v == Verdict::JudgeError).count();
        let failures = vs.iter().filter(|&&v| v != Verdict::Accepted).count() - errors;
        (vs.len(), failures, errors)
    };
    let (tests, failures, errors) = tally(&all);
    assert_eq!(
        (
            count(&root, "tests"),
            count(&root, "failures"),
            count(&root, "errors")
        ),
        (tests, failures, errors),
        "junit: tests/failures/errors of <testsuites>"
    );
    assert_eq!(
        root.children.len(),
        s.problems.len(),
        "junit: one <testsuite> per problem"
    );
    for (suite, p) in root.children.iter().zip(&s.problems) {
        let problem = visible_line(&p.problem);
        assert_eq!(suite.name, "testsuite");
        assert_eq!(
            suite.attr("name"),
            Some(problem.as_ref()),
            "junit: suite name"
        );
        let mut expected: Vec<(String, Verdict, &str)> = Vec::new();
        if let Some((v, m)) = &p.failure {
            expected.push(("compile".to_string(), *v, m));
        }
        for c in &p.cases {
            expected.push((visible_line(&c.case).into_owned(), c.verdict, &c.message));
        }
        let verdicts: Vec<Verdict> = expected.iter().map(|e| e.1).collect();
        let (tests, failures, errors) = tally(&verdicts);
        assert_eq!(
            (
                count(suite, "tests"),
                count(suite, "failures"),
                count(suite, "errors")
            ),
            (tests, failures, errors),
            "junit: tests/failures/errors of suite {problem:?}"
        );
        assert_eq!(
            suite.children.len(),
            expected.len(),
            "junit: one <testcase> per case of {problem:?}"
        );
        for (tc, (name, verdict, message)) in suite.children.iter().zip(&expected) {
            test_case(tc, name, *verdict, message, &problem);
        }
    }
}

/// The `<testcase>` `tc` of the case `name` of `problem`: its names, and for a case that
/// is not AC the one failure (or, for JE, error) element with the verdict, the visible
/// headline and the whole visible message.
fn test_case(tc: &Element, name: &str, verdict: Verdict, message: &str, problem: &str) {
    assert_eq!(tc.name, "testcase");
    assert_eq!(tc.attr("name"), Some(name), "junit: case name");
    assert_eq!(tc.attr("classname"), Some(problem), "junit: classname");
    if verdict == Verdict::Accepted {
        assert!(
            tc.children.is_empty(),
            "junit: an AC case {name:?} with {:?}",
            tc.children
        );
        return;
    }
    let [status] = tc.children.as_slice() else {
        panic!(
            "junit: {verdict} case {name:?} has {} children",
            tc.children.len()
        );
    };
    let tag = if verdict == Verdict::JudgeError {
        "error"
    } else {
        "failure"
    };
    let code = verdict.code();
    assert_eq!(
        status.name, tag,
        "junit: the status element of a {verdict} case"
    );
    assert_eq!(status.attr("type"), Some(code), "junit: type of {name:?}");
    let want_message = format!("{code}: {}", visible_line(headline(message)));
    assert_eq!(
        status.attr("message"),
        Some(want_message.as_str()),
        "junit: message attribute"
    );
    let want_text = format!("{code}: {}", visible(message));
    assert!(
        status.text == want_text,
        "junit: the text of {name:?}'s <{tag}> is\n{:?}\nnot\n{want_text:?}",
        status.text
    );
}
