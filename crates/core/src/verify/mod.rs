//! The independent validators. They decide whether a grid obeys the rules, and say in
//! words which constraint breaks first.
//!
//! They import [`crate::model`] for the shapes and nothing else: no solver code, no
//! derived solver structures (the Kakuro validator even walks runs from the raw cells
//! itself instead of using the board's derived runs), so a solver bug cannot hide behind
//! a validator bug. Keep it that way.

pub mod kakuro;
pub mod sudoku;

/// A broken rule: where (0-based `(row, col)`) and what, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The first cell involved, 0-based.
    pub cell: (usize, usize),
    /// One line, 1-based coordinates (e.g. `row 3 has two 7s, at columns 2 and 8`).
    pub message: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Violation {}
