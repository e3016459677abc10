//! The bodies of the cargo-fuzz targets in `fuzz/fuzz_targets/`, one `pub fn
//! TARGET(data: &[u8])` per target, listed in [`TARGETS`].
//!
//! They live in the library so that two callers share them: the fuzz targets (nightly,
//! libFuzzer) and `tests/it/fuzz_replay.rs`, which replays every committed seed and fixed
//! crash under `fuzz/regressions/TARGET/` on stable `cargo test`. A body returns
//! normally on every input that upholds its invariants and panics (with the broken
//! invariant in the message) otherwise; it never calls anything that depends on the
//! fuzzer, so a replay is exactly the fuzz run.
//!
//! One file per family of targets, each opening with the invariants it checks:
//! - [`parse`]: `parse_PROBLEM`, arbitrary bytes as a judge input (located errors,
//!   round trips, `validate_input` agrees with `parse_input`);
//! - [`check`]: `check_PROBLEM`, arbitrary bytes as a contestant's output for the
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

pub use check::{check_hdu3338, check_kakuro, check_poj2676, check_poj3074, check_poj3076};
pub use parse::{parse_hdu3338, parse_kakuro, parse_poj2676, parse_poj3074, parse_poj3076};
pub use report::report_writers;
pub use solve_kakuro::solve_kakuro;
pub use solve_sudoku::solve_sudoku;

/// The body of a fuzz target: returns on inputs that keep its invariants, panics otherwise.
pub(crate) type Body = fn(&[u8]);

/// Every fuzz target: its name (the file `fuzz/fuzz_targets/NAME.rs` and the folder
/// `fuzz/regressions/NAME/`) and its body.
pub const TARGETS: &[(&str, Body)] = &[
    ("parse_poj3074", parse_poj3074),
    ("parse_poj2676", parse_poj2676),
    ("parse_poj3076", parse_poj3076),
    ("parse_hdu3338", parse_hdu3338),
    ("parse_kakuro", parse_kakuro),
    ("check_poj3074", check_poj3074),
    ("check_poj2676", check_poj2676),
    ("check_poj3076", check_poj3076),
    ("check_hdu3338", check_hdu3338),
    ("check_kakuro", check_kakuro),
    ("solve_sudoku", solve_sudoku),
    ("solve_kakuro", solve_kakuro),
    ("report_writers", report_writers),
];
