//! The parser targets `parse_PROBLEM`: arbitrary bytes as a judge input of one problem.
//!
//! `parse_input` returns cases or a located error (line and column ≥ 1, inside the input
//! or just past its end); accepted inputs round-trip through `write_input`;
//! `validate_input` is `parse_input` plus more checks (never accepts what parsing
//! rejects, and agrees on the cases).

use crate::format::{self, ParseError};
use crate::{Problem, Puzzle};

/// `parse_poj3074`: arbitrary bytes through the poj3074 input parser and validator.
pub fn parse_poj3074(data: &[u8]) {
    parse_invariants(Problem::Poj3074, data);
}

/// `parse_poj2676`: arbitrary bytes through the poj2676 input parser and validator.
pub fn parse_poj2676(data: &[u8]) {
    parse_invariants(Problem::Poj2676, data);
}

/// `parse_poj3076`: arbitrary bytes through the poj3076 input parser and validator.
pub fn parse_poj3076(data: &[u8]) {
    parse_invariants(Problem::Poj3076, data);
}

/// `parse_hdu3338`: arbitrary bytes through the hdu3338 input parser and validator.
pub fn parse_hdu3338(data: &[u8]) {
    parse_invariants(Problem::Hdu3338, data);
}

/// `parse_kakuro`: arbitrary bytes through the kakuro (classic) input parser and validator.
pub fn parse_kakuro(data: &[u8]) {
    parse_invariants(Problem::Kakuro, data);
}

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

fn parse_invariants(problem: Problem, data: &[u8]) {
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
    match problem {
        Problem::Hdu3338 | Problem::Kakuro => assert!(
            format::write_input(problem, &again) == written,
            "{problem}: writing the cases is not idempotent"
        ),
        _ => assert!(
            written == data,
            "{problem}: input written back differs from the accepted input"
        ),
    }
}
