//! The puzzle model: what a Sudoku grid and a Kakuro board *are*, independent of
//! any file format, solver or checker.
//!
//! Everything else in gridjudge flows through these types: formats parse bytes into
//! them, solvers fill them, validators judge them. This module owns the invariants
//! of the shapes (box size range, run structure) and nothing about how puzzles are
//! solved.

pub mod kakuro;
pub mod sudoku;

pub use kakuro::{
    Cell, ClueFault, DigitRule, Direction, KakuroBoard, KakuroFill, Run, StructureError,
    StructureErrorKind,
};
pub use sudoku::{Sudoku, SudokuError};
