//! Checkers: the spec's whitespace rule on a contestant's output, for every problem.
//!
//! 1. Leniently: drop every blank and read the grids cell by cell
//!    ([`format::read_output`]); then every grid must pass the independent validators
//!    ([`verify`]). Failing either is WA.
//! 2. Strictly ([`layout`]): the output, with trailing spaces at line ends and trailing
//!    blank lines removed, must equal the canonical output of those same grids. Failing
//!    only this is PE.
//!
//! Blame is automatic, as in testlib: a broken judge input or jury answer is JE (judge
//! error), never WA. No input makes a checker panic.

pub mod layout;

use crate::format;
use crate::problem::{Answer, Problem, Puzzle, Rules};
use crate::verify;
use crate::Verdict;

/// The outcome of checking one output: AC, PE, WA, or JE when the judge's own input or
/// answer is broken. `message` is a one-line reason (empty for AC).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CheckOutcome {
    /// AC, PE, WA or JE.
    pub verdict: Verdict,
    /// One line explaining the verdict.
    pub message: String,
}

impl CheckOutcome {
    fn new(verdict: Verdict, message: impl Into<String>) -> Self {
        CheckOutcome {
            verdict,
            message: message.into(),
        }
    }
}

/// The cases of the judge `input` when `problem`'s validator accepts it, else what is
/// wrong with it, with its line and column (the judge checks its data with this before
/// any run).
pub fn valid_input(problem: Problem, input: &[u8]) -> Result<Vec<Puzzle>, String> {
    format::validate_input(problem, input).map_err(|e| e.to_string())
}

/// Checks `output` against the judge `input` (and the jury `answer`, when given) for `problem`.
/// Never panics, whatever the bytes.
pub fn check(problem: Problem, input: &[u8], output: &[u8], answer: Option<&[u8]>) -> CheckOutcome {
    let puzzles = match format::validate_input(problem, input) {
        Ok(p) => p,
        Err(e) => {
            return CheckOutcome::new(Verdict::JudgeError, format!("judge input is invalid: {e}"))
        }
    };
    if let Some(answer) = answer {
        match read_and_verify(problem, &puzzles, answer) {
            // PERF: an output with the very bytes of the jury answer reads as the same
            // grids, which have just passed the validators: only its layout is left to
            // check. (The common case of an accepted run; half the checker's time on
            // big Kakuro boards.)
            Ok(grids) if answer == output => return check_layout(problem, output, &grids),
            Ok(_) => {}
            Err(why) => {
                return CheckOutcome::new(
                    Verdict::JudgeError,
                    format!("jury answer is invalid: {why}"),
                )
            }
        }
    }
    check_parsed(problem, &puzzles, output)
}

/// Checks `output` against already-parsed, valid `puzzles`.
pub fn check_parsed(problem: Problem, puzzles: &[Puzzle], output: &[u8]) -> CheckOutcome {
    match read_and_verify(problem, puzzles, output) {
        Ok(answers) => check_layout(problem, output, &answers),
        Err(why) => CheckOutcome::new(Verdict::WrongAnswer, why),
    }
}

/// The strict rule on an output whose grids, `answers`, are valid: AC or PE.
fn check_layout(problem: Problem, output: &[u8], answers: &[Answer]) -> CheckOutcome {
    let canonical = format::write_output(problem, answers);
    match layout::compare(output, &canonical) {
        Ok(()) => CheckOutcome::new(Verdict::Accepted, ""),
        Err(why) => CheckOutcome::new(Verdict::PresentationError, why),
    }
}

/// The lenient reading plus the validators; `Err` is the first reason it is wrong.
pub fn read_and_verify(
    problem: Problem,
    puzzles: &[Puzzle],
    bytes: &[u8],
) -> Result<Vec<Answer>, String> {
    let answers = format::read_output(problem, puzzles, bytes)?;
    for (k, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
        let result = match (puzzle, answer, problem.rules()) {
            (Puzzle::Sudoku(p), Answer::Sudoku(a), _) => verify::sudoku::check_solution(p, a),
            (Puzzle::Kakuro(b), Answer::Kakuro(f), Rules::Kakuro { distinct }) => {
                verify::kakuro::check_fill(b, f, distinct)
            }
            _ => return Err(format!("case {}: answer of the wrong kind", k + 1)),
        };
        result.map_err(|v| format!("case {}: {v}", k + 1))?;
    }
    Ok(answers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::sample_file as sample;

    /// With the jury answer given, every verdict still comes from the output itself: its
    /// own grids (WA when one cell is wrong, whatever the answer says) and its own layout
    /// (PE), the answer's bytes only sparing a second reading when they are the same.
    #[test]
    fn the_verdict_with_a_jury_answer_is_the_outputs() {
        for problem in Problem::ALL {
            let (input, answer) = (sample(problem, "in"), sample(problem, "ans"));
            let verdict = |output: &[u8]| check(problem, &input, output, Some(&answer)).verdict;
            assert_eq!(verdict(&answer), Verdict::Accepted, "{problem:?}");
            // One cell changed to another symbol of the grid: a wrong answer.
            let mut wrong = answer.clone();
            let at = wrong
                .iter()
                .position(|&b| b.is_ascii_alphanumeric())
                .expect("a cell");
            wrong[at] = if wrong[at] == b'1' || wrong[at] == b'A' {
                wrong[at] + 1
            } else {
                wrong[at] - 1
            };
            assert_eq!(verdict(&wrong), Verdict::WrongAnswer, "{problem:?}");
            // The same grids with a space doubled: a presentation error.
            let gap = answer.iter().position(|&b| b == b' ');
            let newline = answer.iter().position(|&b| b == b'\n').expect("a line");
            let mut spaced = answer.clone();
            spaced.insert(gap.unwrap_or(newline), b' ');
            let expected = if gap.is_some() {
                Verdict::PresentationError
            } else {
                // A line without blanks gets a trailing space: forgiven.
                Verdict::Accepted
            };
            assert_eq!(verdict(&spaced), expected, "{problem:?}");
            // A wrong jury answer is the judge's error, whatever the output.
            assert_eq!(
                check(problem, &input, &answer, Some(&wrong)).verdict,
                Verdict::JudgeError,
                "{problem:?}"
            );
        }
    }
}
