//! Fuzz target `check_hdu3338`: arbitrary bytes as a contestant's hdu3338 output for the spec sample: AC/PE/WA only, consistent with the lenient reading and the whitespace rule.
//! The body (and its invariants) is `gridjudge::fuzzing::check_output`, replayed on stable
//! by `tests/it/fuzz_replay.rs` from `fuzz/regressions/check_hdu3338/`.
#![no_main]

use gridjudge::fuzzing::{check_output, Sample};
use gridjudge::Problem;

/// The spec sample, embedded.
const SAMPLE: Sample<'static> = Sample {
    problem: Problem::Hdu3338,
    input: include_bytes!("../../tests/data/samples/hdu3338.in"),
    answer: include_bytes!("../../tests/data/samples/hdu3338.ans"),
};

libfuzzer_sys::fuzz_target!(|data: &[u8]| check_output(&SAMPLE, data));
