//! `gridjudge check` (a testlib-style checker) and `gridjudge validate` (an input
//! validator), planned, in both exit protocols ([`ExitProtocol`]).
//!
//! check: testlib's 0 AC, 1 WA, 2 PE, 3 a judge failure (the judge's input or answer
//! invalid), with one line for stderr; in the Kattis protocol 42 accepted or 43
//! rejected, the reason for `judgemessage.txt`. validate: 0 for a well-formed judge
//! input, 3 with a located message; 42 or 43 in the Kattis protocol.
//!
//! The judge's own files are checked first, so that a wrong jury answer is never
//! blamed on the contestant: the input must be valid ([`format::validate_input`]) and
//! the answer must read and verify ([`read_and_verify`]) before the output is read.

use super::io::{display_name, read_input};
use crate::check::{check_parsed, read_and_verify};
use crate::error::Failure;
use crate::exit;
use crate::problem::Puzzle;
use crate::verdict::ExitProtocol;
use crate::{format, Problem, Verdict};
use std::path::Path;

/// What a check or a validation says: its exit code and its one-line message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    /// The exit code, in the protocol asked for.
    pub code: u8,
    /// The message: stderr's line (testlib), `judgemessage.txt`'s (Kattis), or the
    /// validator's.
    pub message: String,
}

/// The puzzles of the judge's `input`, read and validated; invalid is a judge failure
/// (3) whose message starts with `prefix` (testlib's `FAIL`).
fn jury_input(problem: Problem, input: &Path, prefix: &str) -> Result<Vec<Puzzle>, Failure> {
    let bytes = read_input(input)?;
    format::validate_input(problem, &bytes).map_err(|e| {
        let name = display_name(input);
        Failure::judge(match prefix {
            "" => format!("judge input {name} is invalid: {e}"),
            p => format!("{p} judge input {name}: {e}"),
        })
    })
}

/// The judge's `answer` to `puzzles`, read and verified; invalid is a judge failure.
fn jury_answer(
    problem: Problem,
    puzzles: &[Puzzle],
    answer: &Path,
    prefix: &str,
) -> Result<(), Failure> {
    let bytes = read_input(answer)?;
    read_and_verify(problem, puzzles, &bytes)
        .map(drop)
        .map_err(|why| {
            Failure::judge(format!(
                "{prefix}jury answer {} is invalid: {why}",
                display_name(answer)
            ))
        })
}

/// testlib's check of the `output` file against the judge's `input` and optional
/// `answer` (one of them may be `-`, standard input): the exit code and stderr's line (`AC 3 case(s)`, `WA …`, `PE …`, `FAIL …`).
pub fn check(
    problem: Problem,
    input: &Path,
    output: &Path,
    answer: Option<&Path>,
) -> Result<Said, Failure> {
    let puzzles = jury_input(problem, input, "FAIL")?;
    let output = read_input(output)?;
    if let Some(answer) = answer {
        jury_answer(problem, &puzzles, answer, "FAIL ")?;
    }
    let outcome = check_parsed(problem, &puzzles, &output);
    let message = match outcome.verdict {
        Verdict::Accepted => format!("AC {} case(s)", puzzles.len()),
        Verdict::PresentationError => format!("PE {}", outcome.message),
        Verdict::WrongAnswer => format!("WA {}", outcome.message),
        other => format!("FAIL {other}: {}", outcome.message),
    };
    // testlib's codes; a verdict it has none for is the checker's FAIL.
    let code = ExitProtocol::Testlib
        .code(outcome.verdict)
        .unwrap_or(exit::JUDGE_FAILURE);
    Ok(Said { code, message })
}

/// The Kattis output validator's check of the output on standard input: 42 or 43 and
/// the reason for `judgemessage.txt`; a verdict the protocol has no code for is a judge
/// failure.
pub fn check_kattis(problem: Problem, input: &Path, answer: &Path) -> Result<Said, Failure> {
    let puzzles = jury_input(problem, input, "")?;
    jury_answer(problem, &puzzles, answer, "")?;
    let output = read_input(Path::new("-"))?;
    let outcome = check_parsed(problem, &puzzles, &output);
    let message = match outcome.verdict {
        Verdict::Accepted => format!("AC {} case(s)", puzzles.len()),
        Verdict::PresentationError => format!("presentation: {}", outcome.message),
        _ => outcome.message.clone(),
    };
    match ExitProtocol::Kattis.code(outcome.verdict) {
        Some(code) => Ok(Said { code, message }),
        None => Err(Failure::judge(format!(
            "{}: {}",
            outcome.verdict, outcome.message
        ))),
    }
}

/// Validates a judge input (a file, or `-`): 0 and `NAME: valid PROBLEM input, N
/// case(s)`, or a judge failure naming the file, line and column.
pub fn validate(problem: Problem, input: &Path) -> Result<Said, Failure> {
    let bytes = read_input(input)?;
    let name = display_name(input);
    match format::validate_input(problem, &bytes) {
        Ok(cases) => Ok(Said {
            code: exit::OK,
            message: format!("{name}: valid {problem} input, {} case(s)", cases.len()),
        }),
        Err(e) => Err(Failure::judge(format!("{name}: {e}"))),
    }
}

/// The Kattis input validator on standard input: 42 for a valid input, else 43 and
/// where it is wrong.
pub fn validate_kattis(problem: Problem) -> Result<Said, Failure> {
    let bytes = read_input(Path::new("-"))?;
    Ok(match format::validate_input(problem, &bytes) {
        Ok(_) => Said {
            code: ExitProtocol::Kattis.accepted(),
            message: String::new(),
        },
        Err(e) => Said {
            code: ExitProtocol::Kattis.rejected(),
            message: format!("<stdin>: {e}"),
        },
    })
}
