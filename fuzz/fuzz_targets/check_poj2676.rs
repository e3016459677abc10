//! Fuzz target `check_poj2676`: arbitrary bytes as a contestant's poj2676 output for the spec sample: AC/PE/WA only, consistent with the lenient reading and the whitespace rule.
//! The body (and its invariants) is `gridjudge::fuzzing::check_poj2676`, replayed on stable by
//! `tests/it/fuzz_replay.rs` from `fuzz/regressions/check_poj2676/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gridjudge::fuzzing::check_poj2676(data));
