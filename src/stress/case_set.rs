//! The thing stress testing generates and shrinks: one judge input file as a list of
//! cases that each carry a known answer, so every candidate the shrinker makes is a
//! valid, solvable judge input without calling a solver.
//!
//! - A Sudoku case is a puzzle and a solution of it. Removing givens keeps the
//!   solution a solution (the checker accepts any valid answer, so a puzzle with
//!   several solutions is still fair judge data).
//! - A Kakuro case is only its fill: the board is always [`board_from_fill`] (clues =
//!   run sums), so cropping the fill, blackening a cell or lowering a digit gives a new
//!   board that the changed fill solves. A change that breaks the classic rules (a
//!   repeated digit after removing a line, a run longer than 9) is caught by
//!   [`CaseSet::is_valid`] and never run.

use crate::format;
use crate::gen::kakuro::board_from_fill;
use crate::gen::spec::Generated;
use crate::model::{KakuroFill, Sudoku};
use crate::problem::{Answer, Problem, Puzzle, Rules};
use crate::verify::kakuro::check_fill;
use std::fmt;

/// One case with its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A Sudoku puzzle and one solution of it.
    Sudoku {
        /// The puzzle.
        puzzle: Sudoku,
        /// A solution.
        solution: Sudoku,
    },
    /// A Kakuro fill (the board is computed from it).
    Kakuro(KakuroFill),
}

/// The cases of one judge input file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseSet {
    /// The problem (format and rules).
    pub problem: Problem,
    /// The cases, in file order.
    pub items: Vec<Item>,
}

/// How big a case set is, compared lexicographically: fewer cases first, then fewer
/// givens or white cells, then a smaller board, then smaller numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Size {
    /// Cases.
    pub cases: usize,
    /// Sudoku givens plus Kakuro white cells.
    pub cells: usize,
    /// Total board area (rows × columns).
    pub area: usize,
    /// Sum of the Kakuro digits (the clues' total).
    pub digits: usize,
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} case{}, {} givens/white cells, area {}",
            self.cases,
            if self.cases == 1 { "" } else { "s" },
            self.cells,
            self.area
        )
    }
}

impl CaseSet {
    /// The case set of generated puzzles (their answers become the known answers).
    pub fn from_generated(g: &Generated) -> CaseSet {
        let items = g
            .puzzles
            .iter()
            .zip(&g.answers)
            .filter_map(|(p, a)| match (p, a) {
                (Puzzle::Sudoku(puzzle), Answer::Sudoku(solution)) => Some(Item::Sudoku {
                    puzzle: puzzle.clone(),
                    solution: solution.clone(),
                }),
                (Puzzle::Kakuro(_), Answer::Kakuro(fill)) => Some(Item::Kakuro(fill.clone())),
                _ => None,
            })
            .collect();
        CaseSet {
            problem: g.problem,
            items,
        }
    }

    /// The puzzles.
    pub fn puzzles(&self) -> Vec<Puzzle> {
        self.items
            .iter()
            .map(|i| match i {
                Item::Sudoku { puzzle, .. } => Puzzle::Sudoku(puzzle.clone()),
                Item::Kakuro(fill) => {
                    Puzzle::Kakuro(board_from_fill(fill.rows, fill.cols, &fill.digits))
                }
            })
            .collect()
    }

    /// The judge input bytes.
    pub fn input(&self) -> Vec<u8> {
        format::write_input(self.problem, &self.puzzles())
    }

    /// A valid answer file.
    pub fn answer(&self) -> Vec<u8> {
        let answers: Vec<Answer> = self
            .items
            .iter()
            .map(|i| match i {
                Item::Sudoku { solution, .. } => Answer::Sudoku(solution.clone()),
                Item::Kakuro(fill) => Answer::Kakuro(fill.clone()),
            })
            .collect();
        format::write_output(self.problem, &answers)
    }

    /// Whether the input passes the input validator and the known answers obey the
    /// problem's rules (a shrink step may break the classic rules).
    pub fn is_valid(&self) -> bool {
        if format::validate_input(self.problem, &self.input()).is_err() {
            return false;
        }
        let distinct = self.problem.rules() == (Rules::Kakuro { distinct: true });
        self.items.iter().all(|i| match i {
            Item::Sudoku { .. } => true,
            Item::Kakuro(fill) => {
                let board = board_from_fill(fill.rows, fill.cols, &fill.digits);
                check_fill(&board, fill, distinct).is_ok()
            }
        })
    }

    /// Its size.
    pub fn size(&self) -> Size {
        let mut s = Size {
            cases: self.items.len(),
            cells: 0,
            area: 0,
            digits: 0,
        };
        for i in &self.items {
            match i {
                Item::Sudoku { puzzle, .. } => {
                    s.cells += puzzle.filled();
                    s.area += puzzle.len();
                }
                Item::Kakuro(fill) => {
                    s.cells += fill.digits.iter().filter(|&&d| d != 0).count();
                    s.area += fill.rows * fill.cols;
                    s.digits += fill.digits.iter().map(|&d| usize::from(d)).sum::<usize>();
                }
            }
        }
        s
    }
}
