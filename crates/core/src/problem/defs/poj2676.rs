//! POJ 2676 — Sudoku: 9×9 puzzles as digit rows after a case count, solved by depth-first search by default.

use crate::problem::{ProblemDef, Rules, SolverKind, Syntax};

/// The definition.
pub const DEF: ProblemDef = ProblemDef {
    id: "poj2676",
    title: "Sudoku",
    rules: Rules::Sudoku { box_size: 3 },
    syntax: Syntax::Poj2676,
    default_solver: SolverKind::Dfs,
    statement: "The first line holds the number of cases T. Each case is 9 lines of 9 digits, 0 for an empty cell. For each case print the completed grid as 9 lines of 9 digits (no blank lines), every row, column and 3x3 box holding 1-9 once and every given kept. Any valid completion is accepted.",
};
