//! The structure-aware target `report_writers`: the bytes, read through
//! [`arbitrary::Unstructured`], build a judging [`Session`] of valid shape, full of
//! hostile text, that the report writers must render faithfully and safely.
//!
//! The session: a program description, 0..=3 problems, each with a name, a title,
//! limits, an optional problem-level failure (`failure: Some(..)`, e.g. CE) and 0..=8
//! cases of any verdict (AC … JE), with or without run data (exit codes, signal names,
//! guarantees), with times and memory from zero to `Duration::MAX` / `u64::MAX`. For
//! about half of the cases that ran, the verdict and message are the judge's own
//! [`limit_verdict`](crate::judge::limit_verdict::limit_verdict) when it gives one (TLE, MLE, OLE, RE), RE sometimes
//! with a contestant's stderr line appended as the judge does. Every text field is built
//! from hostile pieces: NUL and other controls, ANSI escapes, C1 controls, U+FFFE/U+FFFF
//! (not XML 1.0), `]]>`, quotes, `<&>`, CR and LF, right-to-left marks, non-ASCII,
//! arbitrary scalar values and long runs.
//!
//! Invariants (see [`crate::report::visible`] for how control characters are shown):
//! - every format: no raw display-spoofing character ([`spoofs`], a list kept here,
//!   independently of the writers': the bidirectional formatting characters, U+2028,
//!   U+2029, U+FEFF) anywhere in the output; the JSON documents carry them as `\u`
//!   escapes.
//! - table: `table::render` does not panic; no character of it is a control other than
//!   `\n`; the first line is `Judging PROGRAM`; there is one row (one line) per case and
//!   per problem failure, in order, each holding the problem name, the case name (as
//!   [`visible_line`](crate::report::visible_line) shows them) and the verdict code in the verdict column; the summary
//!   line gives the problem and case counts, the verdict counts (counted here) and the
//!   overall verdict; the last line names the sandbox guarantees.
//! - JSON: `json::render` parses back with serde_json, and every program, problem name,
//!   title, case name, message, status and verdict round-trips exactly (counts and byte
//!   sizes too; times to within float parsing).
//! - JUnit: `junit::render` is Ok; every character is an XML 1.0 `Char`; the document is
//!   well-formed (quick-xml with end-name checks, one root, predefined entities only, no
//!   DTD, CDATA or processing instruction); read as an XML 1.0 parser does (attribute
//!   normalisation, line-end normalisation), it has one `<testsuite>` per problem, one
//!   `<testcase>` per judge case (plus `compile` for a failure) with the visible names;
//!   every non-AC case has one `<failure>` (`<error>` for JE) whose `type` is the code,
//!   whose `message` is `CODE: ` + the visible headline and whose text is `CODE: ` + the
//!   visible message; the `tests`/`failures`/`errors` counts agree.
//!
//! - HTML, BMF, gab: see `check_html.rs` (no tag but the writer's own, one row per
//!   case; the tracker formats parse back as JSON with every case that ran).
//!
//! The checks call each writer through [`Render`](crate::report::Render), as the
//! command line does.
//!
//! Files: `session.rs` builds the session, `check_table.rs`, `check_json.rs`,
//! `check_junit.rs` and `check_html.rs` hold the invariants of each writer, `xml.rs` the XML 1.0 reading the
//! JUnit checks rely on; what the reports must say (counts, overall verdicts) is computed
//! here, independently of the writers.

mod check_html;
mod check_json;
mod check_junit;
mod check_table;
mod session;
mod xml;

use crate::judge::case_loop::ProblemReport;
use crate::report::Session;
use crate::Verdict;
use arbitrary::Unstructured;

/// `report_writers`: a random judging session through the table, JSON, JUnit, HTML,
/// BMF and gab writers.
pub fn report_writers(data: &[u8]) {
    let mut u = Unstructured::new(data);
    if let Ok(session) = session::random_session(&mut u) {
        check_table::invariants(&session);
        check_json::invariants(&session);
        check_junit::invariants(&session);
        check_html::invariants(&session);
    }
}

/// Whether `c` must never reach a report raw: a bidirectional formatting character
/// (`Bidi_Control`: U+061C, U+200E, U+200F, U+202A..=U+202E, U+2066..=U+2069), a line
/// or paragraph separator (U+2028, U+2029), or the byte order mark U+FEFF.
fn spoofs(c: char) -> bool {
    matches!(
        u32::from(c),
        0x061c | 0x200e | 0x200f | 0x202a..=0x202e | 0x2066..=0x2069 | 0x2028 | 0x2029 | 0xfeff
    )
}

/// Panics when `out`, the output of the writer `what`, holds a raw [`spoofs`] character.
fn assert_no_spoofing(what: &str, out: &str) {
    if let Some((i, c)) = out.char_indices().find(|&(_, c)| spoofs(c)) {
        let before: Vec<char> = out[..i].chars().rev().take(40).collect();
        let before: String = before.into_iter().rev().collect();
        panic!(
            "{what}: raw U+{:04X} in the report, after {before:?}",
            u32::from(c)
        );
    }
}

/// `(verdict, count)` over every case and problem failure, in `Verdict::ALL` order.
fn verdict_counts(s: &Session) -> Vec<(Verdict, usize)> {
    Verdict::ALL
        .into_iter()
        .map(|v| {
            let n = s
                .problems
                .iter()
                .flat_map(|p| {
                    p.failure
                        .iter()
                        .map(|(f, _)| *f)
                        .chain(p.cases.iter().map(|c| c.verdict))
                })
                .filter(|&x| x == v)
                .count();
            (v, n)
        })
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// A problem's verdict: its failure, else JE without cases, else the first non-AC case.
fn problem_verdict(p: &ProblemReport) -> Verdict {
    match (&p.failure, p.cases.is_empty()) {
        (Some((v, _)), _) => *v,
        (None, true) => Verdict::JudgeError,
        (None, false) => first_not_ac(p.cases.iter().map(|c| c.verdict)),
    }
}

fn first_not_ac(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
    verdicts
        .into_iter()
        .find(|&v| v != Verdict::Accepted)
        .unwrap_or(Verdict::Accepted)
}

/// The session's verdict: JE if any problem or case is JE, else the first non-AC problem.
fn session_verdict(s: &Session) -> Verdict {
    let problems: Vec<Verdict> = s.problems.iter().map(problem_verdict).collect();
    let any_je = problems.contains(&Verdict::JudgeError)
        || s.problems
            .iter()
            .flat_map(|p| &p.cases)
            .any(|c| c.verdict == Verdict::JudgeError);
    if any_je {
        Verdict::JudgeError
    } else {
        first_not_ac(problems)
    }
}
