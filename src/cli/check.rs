//! `gridjudge check` (testlib-style checker) and `gridjudge validate` (input validator).
//!
//! check: exit 0 AC, 1 WA, 2 PE, 3 judge failure (INPUT or ANSWER invalid); one line
//! on stderr. validate: exit 0 for a well-formed judge input, 3 with a located message.
//! With `--kattis`, both speak the Kattis validator protocol instead (42 accepted, 43
//! rejected; the output checker's reason in `FEEDBACK_DIR/judgemessage.txt`).

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
    /// With `--kattis`: the jury answer.
    pub output: PathBuf,
    /// The jury answer (optional; validated when given: an invalid one is a judge failure).
    /// With `--kattis`: the feedback folder.
    pub answer: Option<PathBuf>,
    /// The Kattis output-validator protocol: `check --kattis PROBLEM INPUT ANSWER
    /// FEEDBACK_DIR < OUTPUT`; exit 42 accepted, 43 wrong answer (a presentation error
    /// too: Kattis has no PE), the reason in FEEDBACK_DIR/judgemessage.txt; a broken
    /// INPUT or ANSWER is exit 3 with the reason on stderr (a judge error for Kattis).
    #[arg(long)]
    pub kattis: bool,
    /// Validator flags passed after FEEDBACK_DIR by a Kattis judge (accepted, ignored:
    /// every gridjudge checker is exact).
    #[arg(hide = true, trailing_var_arg = true, allow_hyphen_values = true)]
    pub flags: Vec<String>,
}

/// Arguments of `gridjudge validate`.
#[derive(clap::Args)]
pub struct ValidateArgs {
    /// Problem id.
    #[arg(value_enum)]
    pub problem: Problem,
    /// The judge input to validate (`-` for stdin, the default).
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// The Kattis input-validator protocol: the input on stdin (every argument is then a
    /// validator flag, ignored), exit 42 when it is valid, 43 with the located reason
    /// on stderr otherwise.
    #[arg(long)]
    pub kattis: bool,
    /// Validator flags passed by a Kattis judge (accepted, ignored).
    #[arg(hide = true, trailing_var_arg = true, allow_hyphen_values = true)]
    pub flags: Vec<String>,
}

/// Kattis validators' exit codes.
const KATTIS_ACCEPTED: u8 = 42;
const KATTIS_REJECTED: u8 = 43;

/// `check --kattis`: the output on stdin, the verdict as 42/43, the reason in
/// `FEEDBACK_DIR/judgemessage.txt`.
fn run_check_kattis(args: &CheckArgs) -> Result<u8, Failure> {
    let Some(feedback) = &args.answer else {
        return Err(Failure::new(
            exit::USAGE,
            "check --kattis PROBLEM INPUT ANSWER FEEDBACK_DIR < OUTPUT: FEEDBACK_DIR is missing",
        ));
    };
    let (input_path, answer_path) = (&args.input, &args.output);
    let input = read_input(input_path)?;
    let puzzles = format::validate_input(args.problem, &input).map_err(|e| {
        Failure::new(
            exit::JUDGE_FAILURE,
            format!("judge input {} is invalid: {e}", display_name(input_path)),
        )
    })?;
    let answer = read_input(answer_path)?;
    read_and_verify(args.problem, &puzzles, &answer).map_err(|why| {
        Failure::new(
            exit::JUDGE_FAILURE,
            format!(
                "jury answer {} is invalid: {why}",
                display_name(answer_path)
            ),
        )
    })?;
    let output = read_input(std::path::Path::new("-"))?;
    let outcome = check_parsed(args.problem, &puzzles, &output);
    let (code, message) = match outcome.verdict {
        Verdict::Accepted => (KATTIS_ACCEPTED, format!("AC {} case(s)", puzzles.len())),
        Verdict::PresentationError => (
            KATTIS_REJECTED,
            format!("presentation: {}", outcome.message),
        ),
        Verdict::WrongAnswer => (KATTIS_REJECTED, outcome.message.clone()),
        other => {
            return Err(Failure::new(
                exit::JUDGE_FAILURE,
                format!("{other}: {}", outcome.message),
            ))
        }
    };
    let path = feedback.join("judgemessage.txt");
    crate::cli::write_file(&path, format!("{message}\n"))?;
    Ok(code)
}

/// Runs `check`; returns the exit code after printing the verdict line on stderr.
pub fn run_check(args: &CheckArgs) -> Result<u8, Failure> {
    if args.kattis {
        return run_check_kattis(args);
    }
    if !args.flags.is_empty() {
        return Err(Failure::new(
            exit::USAGE,
            format!(
                "unexpected argument {:?} (validator flags need --kattis)",
                args.flags[0]
            ),
        ));
    }
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
    if !args.kattis && !args.flags.is_empty() {
        return Err(Failure::new(
            exit::USAGE,
            format!(
                "unexpected argument {:?} (validator flags need --kattis)",
                args.flags[0]
            ),
        ));
    }
    if args.kattis {
        // Kattis runs `validator [flags] < input`: every argument is a flag here.
        let input = read_input(std::path::Path::new("-"))?;
        return Ok(match format::validate_input(args.problem, &input) {
            Ok(_) => KATTIS_ACCEPTED,
            Err(e) => {
                eprintln!("<stdin>: {e}");
                KATTIS_REJECTED
            }
        });
    }
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
