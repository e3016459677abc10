//! Checkers: apply the spec's AC / PE / WA whitespace rule to a contestant's output.
//! (The full implementation lands with the formats; this is the stable signature.)

use crate::{Problem, Verdict};

/// The outcome of checking one output: AC, PE, WA, or JE when the judge's own input or
/// answer is broken. `message` is a one-line reason (empty for AC).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CheckOutcome {
    /// AC, PE, WA or JE.
    pub verdict: Verdict,
    /// One line explaining the verdict.
    pub message: String,
}

/// Checks `output` against the judge `input` (and the jury `answer`, when given) for `problem`.
/// Never panics, whatever the bytes.
pub fn check(problem: Problem, input: &[u8], output: &[u8], answer: Option<&[u8]>) -> CheckOutcome {
    let _ = (problem, input, output, answer);
    CheckOutcome { verdict: Verdict::JudgeError, message: "checker not implemented yet".into() }
}
