//! `gridjudge check` (testlib-style checker) and `gridjudge validate` (input validator).
//!
//! check: exit 0 AC, 1 WA, 2 PE, 3 judge failure (INPUT or ANSWER invalid); one line
//! on stderr. validate: exit 0 for a well-formed judge input, 3 with a located message.

use super::{display_name, exit, read_input, Failure};
use gridjudge::check::{check_parsed, read_and_verify};
use gridjudge::{format, Problem, Verdict};
use std::path::PathBuf;

/// Arguments of `gridjudge check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// Problem id.
    #[arg(value_enum)]
    pub problem: Problem,
    /// The judge input (`-` for stdin).
    pub input: PathBuf,
    /// The contestant's output (`-` for stdin; at most one of the three can be `-`).
    pub output: PathBuf,
    /// The jury answer (optional; validated when given: an invalid one is a judge failure).
    pub answer: Option<PathBuf>,
}

/// Arguments of `gridjudge validate`.
#[derive(clap::Args)]
pub struct ValidateArgs {
    /// Problem id.
    #[arg(value_enum)]
    pub problem: Problem,
    /// The judge input to validate (`-` for stdin).
    pub input: PathBuf,
}

/// Runs `check`; returns the exit code after printing the verdict line on stderr.
pub fn run_check(args: &CheckArgs) -> Result<u8, Failure> {
    let stdin_uses = [Some(&args.input), Some(&args.output), args.answer.as_ref()]
        .into_iter()
        .flatten()
        .filter(|p| p.as_os_str() == "-")
        .count();
    if stdin_uses > 1 {
        return Err(Failure::new(
            exit::USAGE,
            "only one of INPUT, OUTPUT and ANSWER can be `-` (standard input is read once)",
        ));
    }
    let input = read_input(&args.input)?;
    let puzzles = format::validate_input(args.problem, &input).map_err(|e| {
        Failure::new(
            exit::JUDGE_FAILURE,
            format!("FAIL judge input {}: {e}", display_name(&args.input)),
        )
    })?;
    let output = read_input(&args.output)?;
    if let Some(path) = &args.answer {
        let answer = read_input(path)?;
        read_and_verify(args.problem, &puzzles, &answer).map_err(|why| {
            Failure::new(
                exit::JUDGE_FAILURE,
                format!("FAIL jury answer {} is invalid: {why}", display_name(path)),
            )
        })?;
    }
    let outcome = check_parsed(args.problem, &puzzles, &output);
    let (code, text) = match outcome.verdict {
        Verdict::Accepted => (exit::OK, format!("AC {} case(s)", puzzles.len())),
        Verdict::PresentationError => (exit::PRESENTATION, format!("PE {}", outcome.message)),
        Verdict::WrongAnswer => (exit::REJECTED, format!("WA {}", outcome.message)),
        other => (
            exit::JUDGE_FAILURE,
            format!("FAIL {other}: {}", outcome.message),
        ),
    };
    eprintln!("{text}");
    Ok(code)
}

/// Runs `validate`.
pub fn run_validate(args: &ValidateArgs) -> Result<u8, Failure> {
    let input = read_input(&args.input)?;
    match format::validate_input(args.problem, &input) {
        Ok(cases) => {
            eprintln!(
                "{}: valid {} input, {} case(s)",
                display_name(&args.input),
                args.problem,
                cases.len()
            );
            Ok(exit::OK)
        }
        Err(e) => Err(Failure::new(
            exit::JUDGE_FAILURE,
            format!("{}: {e}", display_name(&args.input)),
        )),
    }
}
