//! The two case types: what every format parses a judge input into ([`Puzzle`]) and what
//! every solver or contestant produces ([`Answer`]).

use crate::model::{KakuroBoard, KakuroFill, Sudoku};

/// One case of a judge input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Puzzle {
    /// A Sudoku puzzle (`0` = empty).
    Sudoku(Sudoku),
    /// A Kakuro board.
    Kakuro(KakuroBoard),
}

/// One case of an output: a solved grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A completed Sudoku grid.
    Sudoku(Sudoku),
    /// A filled Kakuro board.
    Kakuro(KakuroFill),
}
