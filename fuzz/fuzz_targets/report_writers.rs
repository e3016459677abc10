//! Fuzz target `report_writers` (structure-aware): the bytes build a judging session
//! (programs, problems, cases, every verdict, hostile messages) that goes through the
//! table, JSON and JUnit report writers.
//! The body (and its invariants) is `gridjudge::fuzzing::report_writers`, replayed on
//! stable by `tests/it/fuzz_replay.rs` from `fuzz/regressions/report_writers/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gridjudge::fuzzing::report_writers(data));
