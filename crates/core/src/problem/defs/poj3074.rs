//! POJ 3074 — Sudoku: hard 9×9 puzzles, one line each, solved by dancing links by default.

use crate::problem::{ProblemDef, Rules, SolverKind, Syntax};

/// The definition.
pub const DEF: ProblemDef = ProblemDef {
    id: "poj3074",
    title: "Sudoku (hard, exact cover)",
    rules: Rules::Sudoku { box_size: 3 },
    syntax: Syntax::Poj3074,
    default_solver: SolverKind::Dlx,
    statement: "Each line of the input holds one Sudoku puzzle: 81 characters, row by row, a digit 1-9 for a given and a dot for an empty cell. A line containing end closes the input. For each puzzle print one line of 81 digits: the completed grid, in which every row, column and 3x3 box holds 1-9 exactly once and every given is kept. Any valid completion is accepted.",
};
