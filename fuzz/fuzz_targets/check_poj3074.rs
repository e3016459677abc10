//! Fuzz target `check_poj3074`: arbitrary bytes as a contestant's poj3074 output for the spec sample: AC/PE/WA only, consistent with the lenient reading and the whitespace rule.
//! The body (and its invariants) is `gridjudge::fuzzing::check_poj3074`, replayed on stable by
//! `tests/it/fuzz_replay.rs` from `fuzz/regressions/check_poj3074/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gridjudge::fuzzing::check_poj3074(data));
