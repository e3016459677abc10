//! Fuzz target `check_kakuro`: arbitrary bytes as a contestant's kakuro output for the spec sample: AC/PE/WA only, consistent with the lenient reading and the whitespace rule.
//! The body (and its invariants) is `gridjudge::fuzzing::check_output`, replayed on stable
//! by `tests/it/fuzz_replay.rs` from `fuzz/regressions/check_kakuro/`.
#![no_main]

use gridjudge::fuzzing::{check_output, Sample};
use gridjudge::Problem;

/// The spec sample, embedded.
const SAMPLE: Sample<'static> = Sample {
    problem: Problem::Kakuro,
    input: include_bytes!("../../tests/data/samples/kakuro.in"),
    answer: include_bytes!("../../tests/data/samples/kakuro.ans"),
};

libfuzzer_sys::fuzz_target!(|data: &[u8]| check_output(&SAMPLE, data));
