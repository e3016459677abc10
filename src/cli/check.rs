//! `gridjudge check` (testlib-style checker) and `gridjudge validate` (input validator).
//!
//! check: exit 0 AC, 1 WA, 2 PE, 3 judge failure (INPUT or ANSWER invalid); one line
//! on stderr. validate: exit 0 for a well-formed judge input, 3 with a located message.
//! With `--kattis`, both speak the Kattis validator protocol instead (42 accepted, 43
//! rejected; the output checker's reason in `FEEDBACK_DIR/judgemessage.txt`).

use super::Failure;
use gridjudge::plan::check as plan;
use gridjudge::Problem;
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

/// Runs `check`; returns the exit code after printing the verdict line on stderr (with
/// `--kattis`, writing it to `FEEDBACK_DIR/judgemessage.txt`).
pub fn run_check(args: &CheckArgs) -> Result<u8, Failure> {
    if args.kattis {
        // Kattis runs `validator input answer feedback_dir [flags] < output`.
        let Some(feedback) = &args.answer else {
            return Err(Failure::usage(
                "check --kattis PROBLEM INPUT ANSWER FEEDBACK_DIR < OUTPUT: FEEDBACK_DIR is missing",
            ));
        };
        let said = plan::check_kattis(args.problem, &args.input, &args.output)?;
        let path = feedback.join("judgemessage.txt");
        crate::cli::write_file(&path, format!("{}\n", said.message))?;
        return Ok(said.code);
    }
    no_flags(&args.flags)?;
    let stdin_uses = [Some(&args.input), Some(&args.output), args.answer.as_ref()]
        .into_iter()
        .flatten()
        .filter(|p| p.as_os_str() == "-")
        .count();
    if stdin_uses > 1 {
        return Err(Failure::usage(
            "only one of INPUT, OUTPUT and ANSWER can be `-` (standard input is read once)",
        ));
    }
    let said = plan::check(
        args.problem,
        &args.input,
        &args.output,
        args.answer.as_deref(),
    )?;
    eprintln!("{}", said.message);
    Ok(said.code)
}

/// Runs `validate`: the exit code after the message on stderr.
pub fn run_validate(args: &ValidateArgs) -> Result<u8, Failure> {
    let said = if args.kattis {
        // Kattis runs `validator [flags] < input`: every argument is a flag here.
        plan::validate_kattis(args.problem)?
    } else {
        no_flags(&args.flags)?;
        plan::validate(args.problem, &args.input)?
    };
    if !said.message.is_empty() {
        eprintln!("{}", said.message);
    }
    Ok(said.code)
}

/// Validator flags come only with `--kattis`.
fn no_flags(flags: &[String]) -> Result<(), Failure> {
    match flags.first() {
        Some(first) => Err(Failure::usage(format!(
            "unexpected argument {first:?} (validator flags need --kattis)"
        ))),
        None => Ok(()),
    }
}
