//! Fuzz target `check_poj3076`: arbitrary bytes as a contestant's poj3076 output for the spec sample: AC/PE/WA only, consistent with the lenient reading and the whitespace rule.
//! The body (and its invariants) is `gridjudge::fuzzing::check_output`, replayed on stable
//! by `tests/it/fuzz_replay.rs` from `fuzz/regressions/check_poj3076/`.
#![no_main]

use gridjudge::fuzzing::{check_output, Sample};
use gridjudge::Problem;

/// The spec sample, embedded.
const SAMPLE: Sample<'static> = Sample {
    problem: Problem::Poj3076,
    input: include_bytes!("../../tests/data/samples/poj3076.in"),
    answer: include_bytes!("../../tests/data/samples/poj3076.ans"),
};

libfuzzer_sys::fuzz_target!(|data: &[u8]| check_output(&SAMPLE, data));
