//! POJ 3076 — Sudoku 16×16: letters `A`-`P`, solved by depth-first search by default.

use crate::problem::{ProblemDef, Rules, SolverKind, Syntax};

/// The definition.
pub const DEF: ProblemDef = ProblemDef {
    id: "poj3076",
    title: "Sudoku 16x16",
    rules: Rules::Sudoku { box_size: 4 },
    syntax: Syntax::Poj3076,
    default_solver: SolverKind::Dfs,
    statement: "Each data set is 16 lines of 16 characters, A-P for a given and a dash for an empty cell; data sets are separated by one empty line. Print each completed grid in the same format, sets separated by one empty line; every row, column and 4x4 box holds A-P once and every given is kept.",
};
