//! gridjudge-core — the grid problems themselves: parse, model, solve, verify, check,
//! generate. No judge, no sandbox, no command line: a program that only needs to solve a
//! POJ 3074 case, or to say whether a Kakuro fill obeys its run sums, depends on this
//! crate alone. The `gridjudge` crate builds the judge on top and re-exports each module
//! here under the same name (`gridjudge::solve` is [`solve`]).
//!
//! # The map
//!
//! Data flows one way, each stage a module, each module importing only the stages
//! before it (the repository's `tests/it/layering.rs` fails on an import that points up):
//!
//! ```text
//!               ┌──────────── solve ─────────────┐
//! bytes ─format─▶ model (Puzzle)                  ▼
//!                 │                       model (Answer) ─format─▶ bytes
//!                 └─ verify ◀── check ◀── contestant bytes
//! ```
//!
//! | stage | module | main types and functions |
//! |---|---|---|
//! | the problems | [`problem`], [`verdict`] | [`Problem`] (poj3074, poj2676, hdu3338, poj3076, kakuro), each defined once by a [`ProblemDef`](problem::ProblemDef) (rule set, format, default solver), [`Puzzle`], [`Answer`], [`Verdict`], [`ExitProtocol`](verdict::ExitProtocol) (testlib's and Kattis's checker codes) |
//! | the shapes | [`model`] | [`Sudoku`](model::sudoku::Sudoku) (box size 2..=5), [`KakuroBoard`](model::kakuro::KakuroBoard) with its runs, [`KakuroFill`](model::kakuro::KakuroFill) |
//! | parse and write | [`format`](mod@format) | [`format::parse_input`], [`format::validate_input`], [`format::write_output`], [`ParseError`](format::ParseError) (line and column) |
//! | solve | [`solve`] | [`solve::solve_case`], [`solve::count_case`], [`SolverKind`](solve::SolverKind): dancing links, DFS, max-flow, search |
//! | verify | [`verify`] | [`verify::sudoku::check_solution`], [`verify::kakuro::check_fill`], [`Violation`](verify::Violation) |
//! | check | [`check`] | [`check::check`] → [`CheckOutcome`](check::CheckOutcome) (AC, PE, WA, JE and why) |
//! | generate | [`gen`] | seeded [`Rng`](gen::Rng); solved grids and boards by construction; puzzles with exactly one solution |
//!
//! The validators ([`verify`]) share no code with the solvers, so a solver bug can never
//! hide behind a validator bug; they import [`model`] only.
//!
//! # Features
//!
//! - `clap`: `clap::ValueEnum` on [`Problem`], [`SolverKind`](solve::SolverKind) and
//!   [`Grade`](gen::unique::Grade), for a command line that names them.

#![deny(missing_docs)]
// Unsafe code lives in two solver modules (`solve::exact_cover::dance`,
// `solve::sudoku_dfs::nine`), which allow it alone.
#![deny(unsafe_code)]
// The module docs teach the design and link the private items that carry it (search
// loops, tables): read them with `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

pub mod check;
pub mod format;
pub mod gen;
pub mod model;
pub mod problem;
pub mod solve;
pub mod verdict;
pub mod verify;

pub use problem::{Answer, Problem, Puzzle};
pub use verdict::Verdict;
