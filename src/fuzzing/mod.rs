//! The bodies of the cargo-fuzz targets in `fuzz/fuzz_targets/`, listed by [`targets`]:
//! two per problem (`parse_ID` and `check_ID`, which take the problem as an argument, so
//! a new problem brings only its two target files) and three of their own.
//!
//! They live in the library so that two callers share them: the fuzz targets (nightly,
//! libFuzzer) and `tests/it/fuzz_replay.rs`, which replays every committed seed and fixed
//! crash under `fuzz/regressions/TARGET/` on stable `cargo test`. A body returns
//! normally on every input that upholds its invariants and panics (with the broken
//! invariant in the message) otherwise; it never calls anything that depends on the
//! fuzzer, so a replay is exactly the fuzz run.
//!
//! One file per family of targets, each opening with the invariants it checks:
//! - [`mod@parse`]: `parse_PROBLEM`, arbitrary bytes as a judge input (located errors,
//!   round trips, `validate_input` agrees with `parse_input`);
//! - [`mod@check`]: `check_PROBLEM`, arbitrary bytes as a contestant's output for the
//!   problem's spec sample (AC/PE/WA exactly as the spec's whitespace rule says);
//! - [`solve_sudoku`](mod@solve_sudoku) and [`solve_kakuro`](mod@solve_kakuro)
//!   (structure-aware): the bytes, read through [`arbitrary::Unstructured`], build a
//!   valid-shaped puzzle that every solver must handle consistently with the
//!   independent validators and the checker;
//! - [`report`] (structure-aware): the bytes build a judging session with hostile text
//!   that the three report writers (table, JSON, JUnit) must render faithfully and safely.
//!
//! The bodies only assert: they never repair an input that breaks an invariant. The
//! generators of the structure-aware targets do steer away from inputs known to stall
//! the solvers (listed in `fuzz/open-crashes/README.md`), so that fuzzing time goes to
//! correctness.

pub mod check;
pub mod parse;
pub mod report;
pub mod solve_kakuro;
pub mod solve_sudoku;

pub use check::{check_output, Sample};
pub use parse::parse;
pub use report::report_writers;
pub use solve_kakuro::solve_kakuro;
pub use solve_sudoku::solve_sudoku;

use crate::Problem;

/// The body of a fuzz target: returns on inputs that keep its invariants, panics otherwise.
pub type Bytes = fn(&[u8]);

/// What a fuzz target runs on its bytes.
#[derive(Debug, Clone, Copy)]
pub enum Body {
    /// [`parse()`] for the problem.
    Parse(Problem),
    /// [`check_output`] for the problem's spec sample.
    Check(Problem),
    /// A body of its own.
    Bytes(Bytes),
}

/// A fuzz target: its name (the file `fuzz/fuzz_targets/NAME.rs` and the folder
/// `fuzz/regressions/NAME/`) and its body.
#[derive(Debug, Clone)]
pub struct Target {
    /// The name.
    pub name: String,
    /// What it runs.
    pub body: Body,
}

/// The targets that are not one per problem.
const OWN: &[(&str, Bytes)] = &[
    ("solve_sudoku", solve_sudoku),
    ("solve_kakuro", solve_kakuro),
    ("report_writers", report_writers),
];

/// Every fuzz target: `parse_ID` and `check_ID` for every problem of [`Problem::ALL`],
/// then the structure-aware ones.
pub fn targets() -> Vec<Target> {
    let parse = Problem::ALL.map(|p| Target {
        name: format!("parse_{p}"),
        body: Body::Parse(p),
    });
    let check = Problem::ALL.map(|p| Target {
        name: format!("check_{p}"),
        body: Body::Check(p),
    });
    let own = OWN.iter().map(|&(name, body)| Target {
        name: name.to_string(),
        body: Body::Bytes(body),
    });
    parse.into_iter().chain(check).chain(own).collect()
}
