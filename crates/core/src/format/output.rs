//! The lenient reading of a contestant's output (the spec's rule 1): drop every blank
//! (space, tab, CR, LF) and read the remaining characters as the grids, cell by cell.
//!
//! It only decides *what* the output says. Whether the grids are valid answers is the
//! validators' business, and whether the layout is exact is the checker's.

use super::reader::describe;
use super::{poj2676, poj3074, poj3076};
use crate::model::{KakuroFill, Sudoku};
use crate::problem::{Answer, Problem, Puzzle, Syntax};

/// A non-blank byte of the output and its offset in it.
#[derive(Clone, Copy)]
struct Token {
    byte: u8,
    offset: usize,
}

/// Iterates the non-blank bytes of `bytes` with their offsets.
// PERF: offsets only; the line and column are worked out when an error names them. Counting
// them per byte was a third of the reading (callgrind, hdu3338 `06_gen_100x100`).
struct Tokens<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Iterator for Tokens<'_> {
    type Item = Token;
    #[inline]
    fn next(&mut self) -> Option<Token> {
        while let Some(&b) = self.bytes.get(self.pos) {
            self.pos += 1;
            if !matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                return Some(Token {
                    byte: b,
                    offset: self.pos - 1,
                });
            }
        }
        None
    }
}

/// "output line L, col C" of the token (1-based; a column counts bytes).
fn at(bytes: &[u8], t: &Token) -> String {
    let before = &bytes[..t.offset];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    format!("output line {line}, col {}", t.offset - line_start + 1)
}

/// Reads the answers to `puzzles` from `bytes`, ignoring blanks. `Err` is the one-line
/// reason for a wrong answer: too few or too many cells, or a character that cannot be
/// a cell there.
pub fn read_output(
    problem: Problem,
    puzzles: &[Puzzle],
    bytes: &[u8],
) -> Result<Vec<Answer>, String> {
    let mut tokens = Tokens { bytes, pos: 0 };
    let mut answers = Vec::with_capacity(puzzles.len());
    for (k, puzzle) in puzzles.iter().enumerate() {
        let case = k + 1;
        match puzzle {
            Puzzle::Sudoku(p) => {
                let abc = match problem.syntax() {
                    Syntax::Poj3076 => poj3076::ABC,
                    Syntax::Poj2676 => poj2676::ABC,
                    Syntax::Poj3074 | Syntax::Hdu3338 => poj3074::ABC,
                };
                let side = p.side();
                let mut cells = Vec::with_capacity(p.len());
                for i in 0..p.len() {
                    let place = || (i / side + 1, i % side + 1);
                    let Some(t) = tokens.next() else {
                        let (row, col) = place();
                        return Err(format!(
                            "output ends early: case {case} stops before row {row}, col {col}"
                        ));
                    };
                    let Some(v) = abc.symbol_value(t.byte).filter(|&v| usize::from(v) <= side)
                    else {
                        let (row, col) = place();
                        let wanted = if side == 16 {
                            "a letter A-P"
                        } else {
                            "a digit 1-9"
                        };
                        return Err(format!(
                            "case {case}, row {row}, col {col}: expected {wanted}, found {} ({})",
                            describe(Some(t.byte)),
                            at(bytes, &t)
                        ));
                    };
                    cells.push(v);
                }
                match Sudoku::from_cells(p.box_size(), cells) {
                    Ok(g) => answers.push(Answer::Sudoku(g)),
                    Err(e) => return Err(format!("case {case}: {e}")),
                }
            }
            Puzzle::Kakuro(board) => {
                let mut fill = KakuroFill::empty_for(board);
                let place = |i: usize| (i / board.cols() + 1, i % board.cols() + 1);
                let cells = board.cells().iter().zip(fill.digits.iter_mut());
                for (i, (cell, digit)) in cells.enumerate() {
                    let Some(t) = tokens.next() else {
                        let (row, col) = place(i);
                        return Err(format!(
                            "output ends early: case {case} stops before row {row}, col {col}"
                        ));
                    };
                    match (cell.is_white(), t.byte) {
                        (true, b'1'..=b'9') => *digit = t.byte - b'0',
                        (false, b'_') => {}
                        (white, b) => {
                            let (row, col) = place(i);
                            let wanted = if white {
                                "a digit 1-9 (white cell)"
                            } else {
                                "'_' (black cell)"
                            };
                            return Err(format!(
                                "case {case}, row {row}, col {col}: expected {wanted}, found {} ({})",
                                describe(Some(b)),
                                at(bytes, &t)
                            ));
                        }
                    }
                }
                answers.push(Answer::Kakuro(fill));
            }
        }
    }
    if let Some(t) = tokens.next() {
        return Err(format!(
            "output continues after the last case: found {} ({})",
            describe(Some(t.byte)),
            at(bytes, &t)
        ));
    }
    Ok(answers)
}

#[cfg(test)]
mod tests {
    use super::super::sample_file as sample;
    use super::*;

    /// Errors name the line and the column (in bytes, blanks counted) of the character
    /// they are about, wherever it is: the positions are worked out from the offset.
    #[test]
    fn errors_name_the_line_and_column_of_the_character() {
        let problem = Problem::Hdu3338;
        let puzzles = super::super::parse_input(problem, &sample(problem, "in")).unwrap();
        let answer = String::from_utf8(sample(problem, "ans")).unwrap();
        // Line 3 is "_ 7 6 9 8 4": its third cell at col 5; with a tab and a CR in front,
        // which are blanks but still columns.
        let mut lines: Vec<String> = answer.lines().map(str::to_string).collect();
        lines[2] = "_\t7\r6 x 8 4".to_string();
        let bad = lines.join("\n") + "\n";
        let why = read_output(problem, &puzzles, bad.as_bytes()).unwrap_err();
        assert!(why.ends_with("found 'x' (output line 3, col 7)"), "{why}");
        assert!(why.starts_with("case 1, row 3, col 4:"), "{why}");
        let longer = answer.clone() + "\n  7\n";
        let why = read_output(problem, &puzzles, longer.as_bytes()).unwrap_err();
        let last = answer.lines().count() + 2;
        assert!(
            why.ends_with(&format!("found '7' (output line {last}, col 3)")),
            "{why}"
        );
        // What a bad Sudoku cell should have been, by the grid's size (cargo-mutants:
        // the 16×16 wording on 9×9 grids went unseen).
        for (problem, wanted) in [
            (Problem::Poj3074, "expected a digit 1-9, found 'A'"),
            (Problem::Poj2676, "expected a digit 1-9, found 'A'"),
            (Problem::Poj3076, "expected a letter A-P, found '1'"),
        ] {
            let puzzles = super::super::parse_input(problem, &sample(problem, "in")).unwrap();
            let mut bad = sample(problem, "ans");
            let first = bad.iter().position(|b| !b.is_ascii_whitespace()).unwrap();
            bad[first] = if problem == Problem::Poj3076 {
                b'1'
            } else {
                b'A'
            };
            let why = read_output(problem, &puzzles, &bad).unwrap_err();
            assert!(
                why.starts_with(&format!("case 1, row 1, col 1: {wanted}")),
                "{why}"
            );
        }
        let shorter = &answer.as_bytes()[..answer.len() - 4];
        let why = read_output(problem, &puzzles, shorter).unwrap_err();
        // The last row, "_ 6 7 2 4 9 2 _", cut after its sixth cell.
        assert!(why.contains("case 2 stops before row 5, col 7"), "{why}");
    }
}
