//! Fuzz target `solve_kakuro` (structure-aware): the bytes pick a Kakuro board (at most
//! 8×8, clues from a random fill or random) that goes through kakuro_flow, kakuro_search
//! and the validator.
//! The body (and its invariants) is `gridjudge::fuzzing::solve_kakuro`, replayed on stable
//! by `tests/it/fuzz_replay.rs` from `fuzz/regressions/solve_kakuro/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gridjudge::fuzzing::solve_kakuro(data));
