//! The invariants of the table report (`report::table`): no panic, no control
//! character but `\n` and no raw bidirectional or separator character, one one-line row per case and failure with its names and verdict,
//! and a summary line whose counts and overall verdict agree with the session.

use super::{assert_no_spoofing, session_verdict, verdict_counts};
use crate::report::table::Table;
use crate::report::{visible_line, Render, Session};

pub(super) fn invariants(s: &Session) {
    let out = match Table::default().render(s) {
        Ok(out) => out,
        Err(e) => panic!("table: render failed: {e}"),
    };
    if let Some(c) = out.chars().find(|&c| c.is_control() && c != '\n') {
        panic!("table: raw control character {c:?} in the report:\n{out}");
    }
    assert_no_spoofing("table", &out);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.first().copied(),
        Some(format!("Judging {}", visible_line(&s.program)).as_str()),
        "table: first line"
    );
    // Rows are the lines that start with the left border; the first is the header.
    let rows: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with('│'))
        .collect();
    let mut expected = Vec::new();
    for p in &s.problems {
        if let Some((v, _)) = &p.failure {
            expected.push((&p.problem, "—".to_string(), *v));
        }
        for c in &p.cases {
            expected.push((&p.problem, visible_line(&c.case).into_owned(), c.verdict));
        }
    }
    assert_eq!(
        rows.len(),
        expected.len() + 1,
        "table: {} rows for {} cases and failures:\n{out}",
        rows.len().saturating_sub(1),
        expected.len()
    );
    for (row, (problem, case, verdict)) in rows[1..].iter().zip(&expected) {
        let problem = visible_line(problem);
        let column = format!("┆ {:<7} ┆", verdict.code());
        assert!(
            row.contains(problem.as_ref()) && row.contains(case.as_str()) && row.contains(&column),
            "table: the row of {problem:?} / {case:?} ({verdict}) reads:\n{row}"
        );
    }
    let [.., summary, guarantees] = lines.as_slice() else {
        panic!("table: no summary and guarantees lines:\n{out}");
    };
    let counts: Vec<String> = verdict_counts(s)
        .iter()
        .map(|(v, n)| format!("{n} {v}"))
        .collect();
    let cases: usize = s.problems.iter().map(|p| p.cases.len()).sum();
    let want = format!(
        "{} problem(s), {cases} case(s): {} — overall {}; ",
        s.problems.len(),
        if counts.is_empty() {
            "nothing judged".to_string()
        } else {
            counts.join(", ")
        },
        session_verdict(s)
    );
    assert!(
        summary.starts_with(&want),
        "table: summary line\n  {summary}\nshould start with\n  {want}"
    );
    assert!(
        guarantees.starts_with("sandbox: "),
        "table: last line {guarantees:?}"
    );
}
