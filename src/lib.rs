//! gridjudge — solve, check and judge grid-logic puzzle problems.
//!
//! Data flows one way:
//!
//! ```text
//! bytes ──format::parse──▶ model ──solve──▶ model ──format::write──▶ bytes
//! contestant bytes ──check (format::read + verify)──▶ Verdict ──judge::report──▶ table / JSON / JUnit
//! ```
//!
//! - [`model`]: Sudoku grids of any box size 2..=5, Kakuro boards with their runs.
//! - [`problem`]: the five problems (poj3074, poj2676, hdu3338, poj3076, kakuro), their
//!   limits and rule sets, and the [`Puzzle`](problem::Puzzle) / [`Answer`](problem::Answer) case types.
//! - [`format`]: one module per judge format: parse a judge input with located errors,
//!   write inputs and outputs, read a contestant's output leniently.
//! - [`verify`]: the independent validators. They import [`model`] and nothing from
//!   [`solve`], so a solver bug can never hide behind a validator bug.
//! - [`check`]: the checkers: the spec's AC / PE / WA whitespace rule on arbitrary bytes.
//! - [`solve`]: the reference solvers (dancing links, DFS, max-flow, search).
//! - [`judge`]: running contestant programs under limits, verdicts, reports.
//! - [`verdict`]: the closed set of verdicts everything above speaks.
//! - [`gen`]: seeded generators of judge data (unique graded Sudoku, Kakuro) and the
//!   `generators.toml` recipes; [`stress`]: find a failing case by random testing in the
//!   judge's sandbox and shrink it.
//! - [`fuzzing`]: the bodies of the cargo-fuzz targets, shared with the stable replay test.

#![deny(missing_docs)]

pub mod check;
pub mod format;
pub mod fuzzing;
pub mod gen;
pub mod judge;
pub mod model;
pub mod package;
pub mod problem;
pub mod solve;
pub mod stress; // issue 16
pub mod verdict;
pub mod verify;

pub use problem::{Answer, Problem, Puzzle};
pub use verdict::Verdict;
