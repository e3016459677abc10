//! Fuzz target `parse_poj3076`: arbitrary bytes as a poj3076 judge input: parse_input returns cases or a located error, accepted inputs round-trip, validate_input agrees.
//! The body (and its invariants) is `gridjudge::fuzzing::parse`, replayed on stable by
//! `tests/it/fuzz_replay.rs` from `fuzz/regressions/parse_poj3076/`.
#![no_main]

use gridjudge::Problem;

libfuzzer_sys::fuzz_target!(|data: &[u8]| gridjudge::fuzzing::parse(Problem::Poj3076, data));
