//! The lenient reading of a contestant's output (the spec's rule 1): drop every blank
//! (space, tab, CR, LF) and read the remaining characters as the grids, cell by cell.
//!
//! It only decides *what* the output says. Whether the grids are valid answers is the
//! validators' business, and whether the layout is exact is the checker's.

use super::reader::describe;
use super::{poj2676, poj3074, poj3076};
use crate::model::{KakuroFill, Sudoku};
use crate::problem::{Answer, Problem, Puzzle};

/// A non-blank byte of the output with its 1-based position.
#[derive(Clone, Copy)]
struct Token {
    byte: u8,
    line: usize,
    col: usize,
}

/// Iterates the non-blank bytes of `bytes` with their positions.
struct Tokens<'a> {
    bytes: std::slice::Iter<'a, u8>,
    line: usize,
    col: usize,
}

impl Iterator for Tokens<'_> {
    type Item = Token;
    fn next(&mut self) -> Option<Token> {
        for &b in self.bytes.by_ref() {
            let (line, col) = (self.line, self.col);
            if b == b'\n' {
                self.line += 1;
                self.col = 1;
            } else {
                self.col += 1;
            }
            if !matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                return Some(Token { byte: b, line, col });
            }
        }
        None
    }
}

fn at(t: &Token) -> String {
    format!("output line {}, col {}", t.line, t.col)
}

/// Reads the answers to `puzzles` from `bytes`, ignoring blanks. `Err` is the one-line
/// reason for a wrong answer: too few or too many cells, or a character that cannot be
/// a cell there.
pub fn read_output(
    problem: Problem,
    puzzles: &[Puzzle],
    bytes: &[u8],
) -> Result<Vec<Answer>, String> {
    let mut tokens = Tokens {
        bytes: bytes.iter(),
        line: 1,
        col: 1,
    };
    let mut answers = Vec::with_capacity(puzzles.len());
    for (k, puzzle) in puzzles.iter().enumerate() {
        let case = k + 1;
        match puzzle {
            Puzzle::Sudoku(p) => {
                let abc = match problem {
                    Problem::Poj3076 => poj3076::ABC,
                    Problem::Poj2676 => poj2676::ABC,
                    _ => poj3074::ABC,
                };
                let side = p.side();
                let mut cells = Vec::with_capacity(p.len());
                for i in 0..p.len() {
                    let (row, col) = (i / side + 1, i % side + 1);
                    let Some(t) = tokens.next() else {
                        return Err(format!(
                            "output ends early: case {case} stops before row {row}, col {col}"
                        ));
                    };
                    let Some(v) = abc.symbol_value(t.byte).filter(|&v| usize::from(v) <= side)
                    else {
                        let wanted = if side == 16 {
                            "a letter A-P"
                        } else {
                            "a digit 1-9"
                        };
                        return Err(format!(
                            "case {case}, row {row}, col {col}: expected {wanted}, found {} ({})",
                            describe(Some(t.byte)),
                            at(&t)
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
                for (i, cell) in board.cells().iter().enumerate() {
                    let (row, col) = (i / board.cols() + 1, i % board.cols() + 1);
                    let Some(t) = tokens.next() else {
                        return Err(format!(
                            "output ends early: case {case} stops before row {row}, col {col}"
                        ));
                    };
                    match (cell.is_white(), t.byte) {
                        (true, b'1'..=b'9') => fill.digits[i] = t.byte - b'0',
                        (false, b'_') => {}
                        (white, b) => {
                            let wanted = if white {
                                "a digit 1-9 (white cell)"
                            } else {
                                "'_' (black cell)"
                            };
                            return Err(format!(
                                "case {case}, row {row}, col {col}: expected {wanted}, found {} ({})",
                                describe(Some(b)),
                                at(&t)
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
            at(&t)
        ));
    }
    Ok(answers)
}
