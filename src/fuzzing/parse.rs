//! The parser targets `parse_PROBLEM`, one per problem (`fuzz/fuzz_targets/parse_ID.rs`
//! calls [`parse`] with its problem): arbitrary bytes as a judge input of that problem.
//!
//! `parse_input` returns cases or a located error (line and column ≥ 1, inside the input
//! or just past its end); accepted inputs round-trip through `write_input`;
//! `validate_input` is `parse_input` plus more checks (never accepts what parsing
//! rejects, and agrees on the cases).

use crate::format::{self, ParseError};
use crate::problem::{Problem, Puzzle, Syntax};

/// Panics unless `e` is located inside `data` or just past the end of a line or of the
/// input: `1 ≤ line ≤ lines`, `1 ≤ col ≤ len(line) + 1` (lines split at LF, in bytes).
fn assert_located(problem: Problem, what: &str, data: &[u8], e: &ParseError) {
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    assert!(
        e.line >= 1 && e.line <= lines.len(),
        "{problem}: {what} error on line {} but the input has {} lines: {e}",
        e.line,
        lines.len()
    );
    let len = lines[e.line - 1].len();
    assert!(
        e.col >= 1 && e.col <= len + 1,
        "{problem}: {what} error at col {} but line {} has {len} bytes: {e}",
        e.col,
        e.line
    );
    assert!(
        !e.message.is_empty(),
        "{problem}: {what} error without a message"
    );
}

/// The body of `parse_ID`: arbitrary bytes as a judge input of `problem`, through its
/// input parser and validator.
pub fn parse(problem: Problem, data: &[u8]) {
    let parsed = format::parse_input(problem, data);
    let validated = format::validate_input(problem, data);
    match (&parsed, &validated) {
        (Err(pe), Err(ve)) => {
            assert_located(problem, "parse", data, pe);
            assert_located(problem, "validate", data, ve);
            assert_eq!(
                pe, ve,
                "{problem}: validate_input reports another error than parse_input"
            );
        }
        (Err(pe), Ok(_)) => {
            panic!("{problem}: validate_input accepts what parse_input rejects: {pe}")
        }
        (Ok(_), Err(ve)) => assert_located(problem, "validate", data, ve),
        (Ok(p), Ok(v)) => assert_eq!(p, v, "{problem}: parse and validate disagree on the cases"),
    }
    let Ok(puzzles) = parsed else { return };
    assert!(
        !puzzles.is_empty(),
        "{problem}: parsed an input with no case"
    );
    round_trip(problem, data, &puzzles);
    if let Ok(valid) = validated {
        let written = format::write_input(problem, &valid);
        match format::validate_input(problem, &written) {
            Ok(again) => assert_eq!(
                again, valid,
                "{problem}: validated cases change when written"
            ),
            Err(e) => panic!("{problem}: a valid input, written back, no longer validates: {e}"),
        }
    }
}

/// `parse(write(parse(x))) == parse(x)`; the Sudoku formats have one spelling, so there the
/// bytes come back identical too (hdu3338 writes `XXX\XXX` back as `XXXXXXX`).
fn round_trip(problem: Problem, data: &[u8], puzzles: &[Puzzle]) {
    let written = format::write_input(problem, puzzles);
    let again = match format::parse_input(problem, &written) {
        Ok(again) => again,
        Err(e) => panic!(
            "{problem}: parsed input, written back, fails to parse: {e}\n{}",
            String::from_utf8_lossy(&written)
        ),
    };
    assert_eq!(again, puzzles, "{problem}: cases change when written back");
    match problem.syntax() {
        Syntax::Hdu3338 => assert!(
            format::write_input(problem, &again) == written,
            "{problem}: writing the cases is not idempotent"
        ),
        Syntax::Poj3074 | Syntax::Poj2676 | Syntax::Poj3076 => assert!(
            written == data,
            "{problem}: input written back differs from the accepted input"
        ),
    }
}
