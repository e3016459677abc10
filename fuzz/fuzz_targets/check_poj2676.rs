//! Fuzz target `check_poj2676`: arbitrary bytes as a contestant's poj2676 output for the spec sample: AC/PE/WA only, consistent with the lenient reading and the whitespace rule.
//! The body (and its invariants) is `gridjudge::fuzzing::check_output`, replayed on stable
//! by `tests/it/fuzz_replay.rs` from `fuzz/regressions/check_poj2676/`.
#![no_main]

use gridjudge::fuzzing::{check_output, Sample};
use gridjudge::Problem;

/// The spec sample, embedded.
const SAMPLE: Sample<'static> = Sample {
    problem: Problem::Poj2676,
    input: include_bytes!("../../tests/data/samples/poj2676.in"),
    answer: include_bytes!("../../tests/data/samples/poj2676.ans"),
};

libfuzzer_sys::fuzz_target!(|data: &[u8]| check_output(&SAMPLE, data));
