//! gridjudge — solve, check and judge grid-logic puzzle problems.
//!
//! # The map
//!
//! Data flows one way, each stage a module, each module importing only the stages
//! before it (`tests/it/layering.rs` fails the build's tests on an import that points up;
//! the two crates below, `gridjudge-core` and `gridjudge-sandbox`, cannot import it at
//! all):
//!
//! ```text
//!  gridjudge-core     ┌──────────── solve ─────────────┐
//!      bytes ─format─▶ model (Puzzle)                  ▼
//!                      │                       model (Answer) ─format─▶ bytes
//!                      └─ verify ◀── check ◀── contestant bytes
//!  ─────────────────────────────────│──────────────────────────────────────────────
//!  gridjudge-sandbox ──▶ judge (verdicts) ──▶ document (typed reports)
//!   (run a program)          │            ──▶ submissions (examples vs expectations)
//!                            │            ──▶ package (Kattis/ICPC)
//!                            └──────────────▶ report (table, JSON, HTML…) ──▶ plan (one command's run)
//!                                                                               ▲
//!                                                                        the binary's cli
//! ```
//!
//! | stage | module | main types and functions |
//! |---|---|---|
//! | the problems | [`problem`], [`verdict`] | [`Problem`] (poj3074, poj2676, hdu3338, poj3076, kakuro; limits, rule sets), [`Puzzle`], [`Answer`], [`Verdict`] |
//! | the shapes | [`model`] | [`Sudoku`](model::sudoku::Sudoku) (box size 2..=5), [`KakuroBoard`](model::kakuro::KakuroBoard) with its runs, [`KakuroFill`](model::kakuro::KakuroFill) |
//! | parse and write | [`format`](mod@format) | [`format::parse_input`], [`format::validate_input`], [`format::write_output`], [`ParseError`](format::ParseError) (line and column) |
//! | solve | [`solve`] | [`solve::solve_case`], [`solve::count_case`], [`SolverKind`](solve::SolverKind): dancing links, DFS, max-flow, search |
//! | verify | [`verify`] | [`verify::sudoku::check_solution`], [`verify::kakuro::check_fill`], [`Violation`](verify::Violation) |
//! | check | [`check`] | [`check::check`] → [`CheckOutcome`](check::CheckOutcome) (AC, PE, WA, JE and why) |
//! | run a program | [`sandbox`] | [`Sandbox`](sandbox::Sandbox), [`RunSpec`](sandbox::RunSpec) → [`RunOutcome`](sandbox::RunOutcome), [`Limits`](sandbox::limits::Limits), [`interrupt`](sandbox::interrupt) (SIGINT, SIGTERM, SIGHUP: runs ended, exit 128 + N) |
//! | judge | [`judge`] | [`judge_problem`](judge::case_loop::judge_problem) → [`ProblemReport`](judge::case_loop::ProblemReport), [`limit_verdict`](judge::limit_verdict::limit_verdict), [`JudgeProblem`](judge::problem::JudgeProblem) |
//! | documents | [`document`] | [`VerifyReport`](document::submissions::VerifyReport) (verify-submissions), [`GateReport`](document::gate::GateReport) (`verify`) and [`Outcome`](document::gate::Outcome) with its exit code, [`provenance`](document::provenance); one [`SCHEMA_VERSION`](document::SCHEMA_VERSION) |
//! | example submissions | [`submissions`] | [`verify_problem`](submissions::verify_problem): every example judged against its expectation, with the time-limit margins; [`narrow`](submissions::narrow) (`SUBMISSION... --case`) |
//! | packages | [`package`] | [`Package`](package::Package): Kattis/ICPC problem packages in and out |
//! | report | [`report`] | [`Session`](report::Session) and its [`schema`](report::schema): table, JSON, JUnit, HTML, tracker formats, baseline diff; the documents of [`document`] rendered ([`report::submissions`], [`report::gate`]) |
//! | judge data | [`gen`], [`stress`] | seeded generators and `generators.toml`; [`stress::stress`] finds and shrinks a failing case |
//! | plan a command | [`plan`] | [`JudgePlan`](plan::judge::JudgePlan), [`VerifyPlan`](plan::verify_submissions::VerifyPlan), [`StressPlan`](plan::stress::StressPlan): plain values in, a report out; every decision between the arguments and the engine |
//! | errors and exit codes | [`error`], [`exit`] | [`Failure`](error::Failure) (a message and its exit code, decided where each error type is defined); [`exit`]'s codes; [`ExitProtocol`](verdict::ExitProtocol) (testlib's and Kattis's checker codes) |
//! | fuzzing | `fuzzing` (the `fuzzing` feature) | the bodies of the cargo-fuzz targets, replayed by `cargo test` (which turns the feature on) |
//!
//! Three words that sound alike, three different jobs:
//!
//! - **validate** ([`format::validate_input`], `gridjudge validate`): is this *judge
//!   input* well formed — syntax, ranges, givens that do not clash, consistent clues?
//! - **verify** ([`verify`]): does this *grid* obey the puzzle's rules (rows, columns,
//!   boxes, run sums, givens kept)? The validators share no code with the solvers, so a
//!   solver bug can never hide behind a validator bug; they import [`model`] only.
//! - **check** ([`check`]): what *verdict* do these contestant bytes earn — the lenient
//!   read, the spec's whitespace rule (PE), then verify (WA or AC)?
//!
//! A Kattis package's **output validator** ([`package::output_validator`]) is, despite
//! its name, a *checker*: the package format's word for what [`check`] does for
//! gridjudge's own problems. Its **input validators** are what `validate` is here.
//!
//! The [`sandbox`] knows nothing of problems or verdicts (it imports nothing else of the
//! crate): it runs a program under limits and reports what happened; the [`judge`]
//! decides what that means.
//!
//! # From bytes to a verdict
//!
//! Parse the POJ 3074 sample, solve every puzzle, write the answers, and check them as a
//! judge would check a contestant's output:
//!
//! ```
//! use gridjudge::{check, format, solve, Problem, Verdict};
//!
//! let problem = Problem::Poj3074;
//! let input = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/samples/poj3074.in"))?;
//!
//! // parse → model
//! let puzzles = format::parse_input(problem, &input)?;
//! // model → solve → model
//! let solver = solve::SolverKind::default_for(problem);
//! let answers = puzzles
//!     .iter()
//!     .map(|p| solve::solve_case(problem, solver, p))
//!     .collect::<Result<Vec<_>, _>>()?;
//! // model → write → bytes
//! let output = format::write_output(problem, &answers);
//! // bytes → check (lenient read + independent verify) → verdict
//! let outcome = check::check(problem, &input, &output, None);
//! assert_eq!(outcome.verdict, Verdict::Accepted, "{}", outcome.message);
//!
//! // One wrong digit is a wrong answer, and the checker says where.
//! let mut wrong = output.clone();
//! let digit = wrong.iter().position(u8::is_ascii_digit).unwrap();
//! wrong[digit] = if wrong[digit] == b'1' { b'2' } else { b'1' };
//! assert_eq!(check::check(problem, &input, &wrong, None).verdict, Verdict::WrongAnswer);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]
// Unsafe code lives in the sandbox crate (system calls) and in two solver modules of
// the core crate (`solve::exact_cover::dance`, `solve::sudoku_dfs::nine`); none here.
#![forbid(unsafe_code)]
// A function over 100 code lines does more than one thing here: clippy's count, denied
// with the other warnings in CI (the core's search loops and the sandbox's child set-up
// are in their own crates).
#![warn(clippy::too_many_lines)]
// The module docs teach the design and link the private items that carry it (search
// loops, tables, the sandbox's supervisor): read them with
// `cargo doc --document-private-items`, which `.ci/run` builds with warnings denied, so
// a link that no longer resolves fails CI.
#![allow(rustdoc::private_intra_doc_links)]

// The core crate's modules (`crates/core`), under the names the rest of the code uses.
pub use gridjudge_core::{check, format, model, problem, solve, verdict, verify};
pub mod document;
pub mod error;
pub mod exit;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod gen;
pub mod judge;
pub mod package;
pub mod plan;
pub mod report;
/// The sandbox crate (`crates/sandbox`), under the name the rest of the code uses.
pub use gridjudge_sandbox as sandbox;
pub mod stress;
pub mod submissions;
pub mod tree;

pub use gridjudge_core::{Answer, Problem, Puzzle, Verdict};
