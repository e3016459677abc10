//! HDU 3338 — Kakuro Extension: run sums only (digits may repeat in a run), solved by max-flow with lower bounds.

use crate::problem::{ProblemDef, Rules, SolverKind, Syntax};

/// The definition.
pub const DEF: ProblemDef = ProblemDef {
    id: "hdu3338",
    title: "Kakuro Extension",
    rules: Rules::Kakuro { distinct: false },
    syntax: Syntax::Hdu3338,
    default_solver: SolverKind::Flow,
    statement: "Cases follow until end of file. A case is a line with n and m (2 <= n, m <= 100) and n lines of m tokens of 7 characters: ....... for a white cell, XXXXXXX for a black one, AAA\\BBB for a black cell with the down clue AAA (or XXX) and the across clue BBB (or XXX). Fill every white cell with a digit 1-9 so that every run sums to its clue; digits may repeat within a run. Print n lines of m cells separated by single spaces: _ for black, the digit for white. Any valid filling is accepted.",
};
