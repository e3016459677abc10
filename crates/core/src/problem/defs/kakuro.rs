//! Classic Kakuro: run sums and distinct digits per run, in the HDU 3338 format, solved by search.

use crate::problem::{ProblemDef, Rules, SolverKind, Syntax};

/// The definition.
pub const DEF: ProblemDef = ProblemDef {
    id: "kakuro",
    title: "Kakuro (classic)",
    rules: Rules::Kakuro { distinct: true },
    syntax: Syntax::Hdu3338,
    default_solver: SolverKind::Search,
    statement: "As Kakuro Extension (same input and output), but the digits of every run must also be distinct. Cases follow until end of file. Any valid filling is accepted.",
};
