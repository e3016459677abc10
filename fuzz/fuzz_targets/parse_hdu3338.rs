//! Fuzz target `parse_hdu3338`: arbitrary bytes as a hdu3338 judge input: parse_input returns cases or a located error, accepted inputs round-trip, validate_input agrees.
//! The body (and its invariants) is `gridjudge::fuzzing::parse`, replayed on stable by
//! `tests/it/fuzz_replay.rs` from `fuzz/regressions/parse_hdu3338/`.
#![no_main]

use gridjudge::Problem;

libfuzzer_sys::fuzz_target!(|data: &[u8]| gridjudge::fuzzing::parse(Problem::Hdu3338, data));
