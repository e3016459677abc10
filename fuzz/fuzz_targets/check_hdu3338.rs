//! Fuzz target `check_hdu3338`: arbitrary bytes as a contestant's hdu3338 output for the spec sample: AC/PE/WA only, consistent with the lenient reading and the whitespace rule.
//! The body (and its invariants) is `gridjudge::fuzzing::check_hdu3338`, replayed on stable by
//! `tests/it/fuzz_replay.rs` from `fuzz/regressions/check_hdu3338/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gridjudge::fuzzing::check_hdu3338(data));
