//! The invariants of the JSON report (`report::json`): it parses back, into a
//! `serde_json::Value` and into the report's schema
//! ([`SessionReport`]), every name, message, status and verdict round-trips exactly, and
//! the bidirectional and separator characters in them are written as `\u` escapes,
//! never raw.

use super::{assert_no_spoofing, problem_verdict, session_verdict};
use crate::report::json::Json;
use crate::report::schema::SessionReport;
use crate::report::{Render, Session};

pub(super) fn invariants(s: &Session) {
    use serde_json::Value;
    let out = match Json::default().render(s) {
        Ok(out) => out,
        Err(e) => panic!("json: render failed: {e}"),
    };
    assert_no_spoofing("json", &out);
    match serde_json::from_str::<SessionReport>(&out) {
        Ok(typed) => {
            let read: Vec<&str> = typed.problems.iter().map(|p| p.problem.as_str()).collect();
            let judged: Vec<&str> = s.problems.iter().map(|p| p.problem.as_str()).collect();
            assert_eq!(read, judged, "json: problems read back through the schema");
            assert_eq!(typed.program, s.program, "json: program through the schema");
        }
        Err(e) => panic!("json: does not parse back into the schema: {e}"),
    }
    let doc: Value = match serde_json::from_str(&out) {
        Ok(doc) => doc,
        Err(e) => panic!("json: does not parse back: {e}\n{out}"),
    };
    let str_of = |v: &Value, what: &str| -> String {
        match v.as_str() {
            Some(s) => s.to_string(),
            None => panic!("json: {what} is not a string: {v}"),
        }
    };
    assert_eq!(
        str_of(&doc["program"], "program"),
        s.program,
        "json: program"
    );
    assert_eq!(
        str_of(&doc["overall"], "overall"),
        session_verdict(s).code()
    );
    assert_eq!(
        str_of(&doc["summary"], "summary"),
        s.summary(),
        "json: summary"
    );
    assert_eq!(
        doc["guarantees"].is_null(),
        s.problems
            .iter()
            .flat_map(|p| &p.cases)
            .all(|c| c.run.is_none()),
        "json: guarantees present exactly when something ran"
    );
    let problems = doc["problems"].as_array().map_or(&[][..], Vec::as_slice);
    assert_eq!(problems.len(), s.problems.len(), "json: problem count");
    for (jp, p) in problems.iter().zip(&s.problems) {
        assert_eq!(str_of(&jp["problem"], "problem"), p.problem);
        assert_eq!(str_of(&jp["title"], "title"), p.title);
        assert_eq!(
            str_of(&jp["overall"], "problem overall"),
            problem_verdict(p).code()
        );
        match &p.failure {
            None => assert!(jp["failure"].is_null(), "json: a failure out of nothing"),
            Some((v, m)) => {
                assert_eq!(
                    str_of(&jp["failure"]["verdict"], "failure verdict"),
                    v.code()
                );
                assert_eq!(&str_of(&jp["failure"]["message"], "failure message"), m);
            }
        }
        assert_eq!(
            jp["limits"]["memory_bytes"].as_u64(),
            Some(p.limits.memory_bytes)
        );
        assert_eq!(
            jp["limits"]["output_bytes"].as_u64(),
            Some(p.limits.output_bytes)
        );
        let cases = jp["cases"].as_array().map_or(&[][..], Vec::as_slice);
        assert_eq!(
            cases.len(),
            p.cases.len(),
            "json: case count of {:?}",
            p.problem
        );
        for (jc, c) in cases.iter().zip(&p.cases) {
            assert_eq!(str_of(&jc["case"], "case"), c.case);
            assert_eq!(str_of(&jc["verdict"], "verdict"), c.verdict.code());
            assert_eq!(str_of(&jc["message"], "message"), c.message);
            assert_eq!(jc["status"].as_str(), c.status.as_deref(), "json: status");
            assert_eq!(jc["memory_bytes"].as_u64(), Some(c.memory_bytes));
            assert_eq!(jc["output_bytes"].as_u64(), Some(c.output_bytes));
            for (key, want) in [
                ("cpu_seconds", c.cpu_seconds),
                ("wall_seconds", c.wall_seconds),
            ] {
                let got = jc[key].as_f64();
                assert!(
                    got.is_some_and(|g| (g - want).abs() <= want.abs() * 1e-12),
                    "json: {key} {got:?}, expected {want}"
                );
            }
        }
    }
}
