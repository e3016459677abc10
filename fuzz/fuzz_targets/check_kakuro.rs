//! Fuzz target `check_kakuro`: arbitrary bytes as a contestant's kakuro output for the spec sample: AC/PE/WA only, consistent with the lenient reading and the whitespace rule.
//! The body (and its invariants) is `gridjudge::fuzzing::check_kakuro`, replayed on stable by
//! `tests/it/fuzz_replay.rs` from `fuzz/regressions/check_kakuro/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gridjudge::fuzzing::check_kakuro(data));
