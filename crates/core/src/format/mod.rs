//! The judge formats: parse a judge input into [`Puzzle`]s with located errors, write
//! inputs and outputs, and read a contestant's output leniently (the first half of the
//! spec's whitespace rule; the checker does the strict half).
//!
//! One module per format, each a [`Syntax`] of the problem definitions: [`poj3074`],
//! [`poj2676`], [`poj3076`], and [`hdu3338`] (also used by `kakuro`). Readers are strict
//! and validate as they read: a judge input has exactly one spelling. The functions here
//! take a [`Problem`] and dispatch on its syntax (and, to validate, on its rules).

pub mod hdu3338;
mod output;
pub mod poj2676;
pub mod poj3074;
pub mod poj3076;
pub(crate) mod reader;
pub(crate) mod sudoku_rows;

pub use output::read_output;

/// How a byte is named in messages (`'x'`, `a space`, `byte 0xff`, ...).
pub fn describe_byte(byte: u8) -> String {
    reader::describe(Some(byte))
}

use crate::model::Sudoku;
use crate::problem::{Answer, Problem, Puzzle, Rules, Syntax};
use crate::verify;
use std::ops::ControlFlow;
use thiserror::Error;

/// A located error in a judge input: 1-based line and column, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, col {col}: {message}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in bytes).
    pub col: usize,
    /// What was expected and what was found.
    pub message: String,
}

impl ParseError {
    /// A new error.
    pub fn new(line: usize, col: usize, message: String) -> Self {
        ParseError { line, col, message }
    }
}

/// Parses a judge input for `problem` into its cases (syntax and board structure).
pub fn parse_input(problem: Problem, bytes: &[u8]) -> Result<Vec<Puzzle>, ParseError> {
    let mut puzzles = Vec::new();
    each_case(problem, bytes, |p| {
        puzzles.push(p);
        ControlFlow::Continue(())
    })?;
    Ok(puzzles)
}

/// Parses a judge input for `problem` case by case, handing each case to `each` as it
/// is read (no list of cases is built), until the last case or until `each` breaks;
/// the number of cases read. The first error stops it, after the cases before it were
/// handed over: a caller that must not act on a broken input parses it once with an
/// `each` that does nothing, then again to act.
///
/// PERF: `gridjudge solve` on 10,000 Sudoku puzzles faulted in 580 pages (2.3 MB, about
/// 2 ms of system time here) for the list of cases that [`parse_input`] builds; read
/// this way, one grid at a time, the allocator hands the same block back every time.
pub fn each_case(
    problem: Problem,
    bytes: &[u8],
    mut each: impl FnMut(Puzzle) -> ControlFlow<()>,
) -> Result<usize, ParseError> {
    let mut sudoku = |g: Sudoku| each(Puzzle::Sudoku(g));
    match problem.syntax() {
        Syntax::Poj3074 => poj3074::each_puzzle(bytes, &mut sudoku),
        Syntax::Poj2676 => poj2676::each_puzzle(bytes, &mut sudoku),
        Syntax::Poj3076 => poj3076::each_puzzle(bytes, &mut sudoku),
        Syntax::Hdu3338 => hdu3338::each_board(bytes, |b| each(Puzzle::Kakuro(b))),
    }
}

/// Validates a judge input: [`parse_input`] plus what a well-formed judge case also
/// promises — Sudoku givens that do not clash; Kakuro clues in `length ..= 9·length` and
/// equal across and down totals (for `kakuro` also `clue ≤ 45` and runs of at most 9).
pub fn validate_input(problem: Problem, bytes: &[u8]) -> Result<Vec<Puzzle>, ParseError> {
    match problem.syntax() {
        Syntax::Hdu3338 => {
            let cases = hdu3338::parse_located(bytes)?;
            for (i, case) in cases.iter().enumerate() {
                hdu3338::check_clues(case, i)?;
                if problem.rules() == (Rules::Kakuro { distinct: true }) {
                    hdu3338::check_classic(case)?;
                }
            }
            Ok(cases.into_iter().map(|c| Puzzle::Kakuro(c.board)).collect())
        }
        Syntax::Poj3074 | Syntax::Poj2676 | Syntax::Poj3076 => {
            let puzzles = parse_input(problem, bytes)?;
            for (i, p) in puzzles.iter().enumerate() {
                if let Puzzle::Sudoku(g) = p {
                    verify::sudoku::check_givens(g).map_err(|v| {
                        let (line, col) = sudoku_position(problem.syntax(), i, v.cell);
                        ParseError::new(line, col, format!("puzzle {}: {}", i + 1, v.message))
                    })?;
                }
            }
            Ok(puzzles)
        }
    }
}

/// Line and column in a canonical input of cell `(row, col)` of puzzle `index`.
fn sudoku_position(syntax: Syntax, index: usize, (row, col): (usize, usize)) -> (usize, usize) {
    match syntax {
        Syntax::Poj3074 => (index + 1, row * 9 + col + 1),
        Syntax::Poj2676 => (2 + index * 9 + row, col + 1),
        Syntax::Poj3076 | Syntax::Hdu3338 => (1 + index * 17 + row, col + 1),
    }
}

fn sudokus(puzzles: &[Puzzle]) -> Vec<Sudoku> {
    puzzles
        .iter()
        .filter_map(|p| {
            if let Puzzle::Sudoku(g) = p {
                Some(g.clone())
            } else {
                None
            }
        })
        .collect()
}

/// Writes puzzles in `problem`'s input format (Sudoku cases of another kind are skipped).
pub fn write_input(problem: Problem, puzzles: &[Puzzle]) -> Vec<u8> {
    let mut out = Vec::new();
    match problem.syntax() {
        Syntax::Poj3074 => poj3074::write_input(&sudokus(puzzles), &mut out),
        Syntax::Poj2676 => poj2676::write_input(&sudokus(puzzles), &mut out),
        Syntax::Poj3076 => poj3076::write_input(&sudokus(puzzles), &mut out),
        Syntax::Hdu3338 => {
            let boards: Vec<_> = puzzles
                .iter()
                .filter_map(|p| {
                    if let Puzzle::Kakuro(b) = p {
                        Some(b.clone())
                    } else {
                        None
                    }
                })
                .collect();
            hdu3338::write_input(&boards, &mut out);
        }
    }
    out
}

/// Writes answers in `problem`'s output format (answers of the other kind are skipped).
pub fn write_output(problem: Problem, answers: &[Answer]) -> Vec<u8> {
    let mut out = Vec::new();
    for answer in answers {
        write_answer(problem, out.is_empty(), answer, &mut out);
    }
    out
}

/// Appends one answer in `problem`'s output format (`first`: whether it is the first
/// of the output, for formats that separate answers), so that a caller can write the
/// answers as they come: `write_output` of a list is these, one after another.
/// An answer of the other kind writes nothing.
pub fn write_answer(problem: Problem, first: bool, answer: &Answer, out: &mut Vec<u8>) {
    match (problem.syntax(), answer) {
        (Syntax::Poj3074, Answer::Sudoku(g)) => poj3074::write_output([g], out),
        (Syntax::Poj2676, Answer::Sudoku(g)) => poj2676::write_output([g], out),
        (Syntax::Poj3076, Answer::Sudoku(g)) => {
            if !first {
                out.push(b'\n');
            }
            poj3076::write_output([g], out)
        }
        (Syntax::Hdu3338, Answer::Kakuro(f)) => hdu3338::write_output([f], out),
        (Syntax::Poj3074 | Syntax::Poj2676 | Syntax::Poj3076, Answer::Kakuro(_))
        | (Syntax::Hdu3338, Answer::Sudoku(_)) => {}
    }
}

/// The spec samples (the repository's `tests/data/samples`) for the crate's unit tests.
#[cfg(test)]
pub(crate) fn sample_file(problem: Problem, ext: &str) -> Vec<u8> {
    let path = format!(
        "{}/../../tests/data/samples/{}.{ext}",
        env!("CARGO_MANIFEST_DIR"),
        problem.id()
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Case by case, the cases of [`parse_input`] in order; a break stops after the case
    /// that asked it; an error comes after the cases before it were handed over.
    #[test]
    fn each_case_hands_over_the_cases_in_order_and_stops_on_request() {
        for problem in Problem::ALL {
            let mut input = sample_file(problem, "in");
            let all = parse_input(problem, &input).unwrap();
            let mut seen = Vec::new();
            let n = each_case(problem, &input, |p| {
                seen.push(p);
                ControlFlow::Continue(())
            });
            assert_eq!((n, &seen), (Ok(all.len()), &all), "{problem:?}");
            let mut calls = 0;
            let n = each_case(problem, &input, |_| {
                calls += 1;
                ControlFlow::Break(())
            });
            assert_eq!((n, calls), (Ok(1), 1), "{problem:?}");
            // A byte that no format allows, at the very end.
            input.push(0xff);
            let mut calls = 0;
            let n = each_case(problem, &input, |_| {
                calls += 1;
                ControlFlow::Continue(())
            });
            assert!(n.is_err(), "{problem:?}");
            assert_eq!(calls, all.len(), "{problem:?}");
        }
    }

    /// Several cases written and read back are the same cases, for every problem (the
    /// sample's cases three times over): the separators between cases are written
    /// (cargo-mutants: poj3076's blank line between grids could be dropped unseen).
    #[test]
    fn written_inputs_of_several_cases_read_back() {
        for problem in Problem::ALL {
            let one = parse_input(problem, &sample_file(problem, "in")).unwrap();
            let many: Vec<Puzzle> = one.iter().chain(&one).chain(&one).cloned().collect();
            let written = write_input(problem, &many);
            let back = parse_input(problem, &written).unwrap_or_else(|e| {
                panic!("{problem:?}: {e}\n{}", String::from_utf8_lossy(&written))
            });
            assert_eq!(back, many, "{problem:?}");
        }
    }

    /// An empty input is no input, for every problem and both ways of reading it (with
    /// an `end` line alone too, where the format has one): the same located error.
    #[test]
    fn an_empty_input_is_an_error_both_ways() {
        for problem in Problem::ALL {
            for input in [&b""[..], b"end\n", b"\n"] {
                let validated = validate_input(problem, input).err();
                let case_by_case = each_case(problem, input, |_| ControlFlow::Continue(())).err();
                assert!(validated.is_some(), "{problem:?} {input:?}");
                assert_eq!(case_by_case, validated, "{problem:?} {input:?}");
            }
        }
    }

    /// Writing answers one by one as they come gives the bytes of writing the list.
    #[test]
    fn answers_written_one_by_one_make_the_whole_output() {
        for problem in Problem::ALL {
            let (sample, input) = (sample_file(problem, "ans"), sample_file(problem, "in"));
            let puzzles = parse_input(problem, &input).unwrap();
            let mut answers = output::read_output(problem, &puzzles, &sample).unwrap();
            // Twice over, so that separators between answers are exercised.
            answers.extend(answers.clone());
            let mut one_by_one = Vec::new();
            for a in &answers {
                write_answer(problem, one_by_one.is_empty(), a, &mut one_by_one);
            }
            assert_eq!(one_by_one, write_output(problem, &answers), "{problem:?}");
        }
    }
}
