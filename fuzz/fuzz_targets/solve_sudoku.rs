//! Fuzz target `solve_sudoku` (structure-aware): the bytes pick a Sudoku grid (b = 2..=4,
//! random or from a solved grid) that goes through both Sudoku solvers and the validator.
//! The body (and its invariants) is `gridjudge::fuzzing::solve_sudoku`, replayed on stable
//! by `tests/it/fuzz_replay.rs` from `fuzz/regressions/solve_sudoku/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gridjudge::fuzzing::solve_sudoku(data));
