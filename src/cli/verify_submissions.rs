//! `gridjudge verify-submissions PROBLEM [SUBMISSION...] [--case NAME]`: compile and judge
//! every example submission in `judge-cases/PROBLEM/submissions/<verdict folder>/` (or
//! only the ones named, on only the case named: [`gridjudge::submissions::narrow`]) and fail
//! when a submission's verdict differs from its folder. A submission's verdict is its first non-AC case
//! verdict (sample then secret, by name), or AC. Exit 0 when all match, 1 on a mismatch,
//! 3 on a judge error (invalid problem folder, or an unexpected JE).
//!
//! On SIGINT, SIGTERM or SIGHUP (`gridjudge::sandbox::interrupt`) the compile or run in progress
//! is ended, no further submission is verified, the reports list the submissions that
//! finished and say the rest were not verified, and `main` exits 128 + the signal.

use crate::cli::judge::RunOptions;
use crate::cli::Failure;
use gridjudge::judge::lookup::problem_dirs;
use gridjudge::judge::shard::Shard;
use gridjudge::plan::verify_submissions::{Progress, VerifyPlan};
use gridjudge::plan::Target;
use gridjudge::report::submissions::VerifyReport;
use gridjudge::submissions::Step;
use std::path::PathBuf;

/// `gridjudge verify-submissions PROBLEM`
#[derive(Debug, clap::Args)]
#[command(mut_arg("jobs", |a| a.help(
    "Judge this many submissions at a time, each on its cases in turn (time is still \
     measured per process)"
)))]
pub struct VerifyArgs {
    /// The problem: a bundled id or one under --cases (poj3074), or a path to a problem
    /// folder (., ./mysudoku). With --package every argument is a SUBMISSION.
    #[arg(required_unless_present_any = ["all", "package"], conflicts_with = "all")]
    pub problem: Option<String>,
    /// Verify only these submissions: a file, a submission's folder or a folder of them
    /// (`submissions/accepted/x.py`, `accepted/x.py` or `accepted`), from the current
    /// folder, the problem folder or its `submissions/` folder.
    #[arg(value_name = "SUBMISSION", conflicts_with = "all")]
    pub submissions: Vec<PathBuf>,
    /// Judge only this case: its name (`3`) or id (`secret/3`). With --package and no
    /// stated time limit, the limit still comes from every accepted submission on every
    /// case.
    #[arg(long, value_name = "NAME")]
    pub case: Option<String>,
    /// Verify the submissions of every problem folder.
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub options: RunOptions,
    /// Verify the submissions of a Kattis/ICPC problem package (legacy, 2023-07 or
    /// 2025-09) instead: every program under DIR/submissions/<folder>/, against its
    /// folder's and submissions.yaml's expectations in the format's verdicts.
    #[arg(long, value_name = "DIR", conflicts_with = "all")]
    pub package: Option<PathBuf>,
    /// With --package: verify without checking the package's data first (its input
    /// validators on every input, its output validator on every answer). For a package
    /// being written, whose data is known to be wrong, or one whose validators take long
    /// on large data: a submission may then mismatch because of the data.
    #[arg(long, requires = "package")]
    pub no_data_check: bool,
    /// Verify only shard K of N (a CI matrix job): every N-th submission of the whole
    /// run, starting with the K-th (a package needs a stated time limit or
    /// --time-limit). The JSON report records the shard; `gridjudge report merge` joins
    /// the N reports into the report of the whole run.
    #[arg(long, value_name = "K/N", conflicts_with_all = ["submissions", "case"])]
    pub shard: Option<Shard>,
    /// With --package: the time limit, seconds (default: the package's, else
    /// problemtools' rule from the accepted submissions).
    #[arg(long, value_name = "SECONDS", value_parser = crate::cli::positive_number)]
    pub time_limit: Option<f64>,
    /// With --package: stop each submission at its first case that is not AC, as problemtools and
    /// `bt run` do: faster, but the 2023-07 and 2025-09 rules of the cases after it go
    /// unchecked (by default a rule folder's submission is judged until a verdict no
    /// rule permits, else on every case).
    #[arg(long)]
    pub fail_fast: bool,
    // --format and the side files (src/cli/reports.rs).
    #[command(flatten)]
    #[allow(missing_docs)]
    pub formats: crate::cli::reports::ReportArgs<VerifyReport>,
    // The time-limit margins (src/cli/margins.rs).
    #[command(flatten)]
    #[allow(missing_docs)]
    pub margins: crate::cli::margins::MarginArgs,
}

/// Runs `gridjudge verify-submissions`.
pub fn run(args: VerifyArgs) -> Result<u8, Failure> {
    args.formats.check_writable()?;
    let (target, submissions) = match &args.package {
        // With --package every positional argument is a submission.
        Some(dir) => (
            Target::Package {
                dir: dir.clone(),
                check_data: !args.no_data_check,
            },
            args.problem
                .iter()
                .map(PathBuf::from)
                .chain(args.submissions.iter().cloned())
                .collect(),
        ),
        None => (
            Target::Folders(problem_dirs(
                &args.options.roots(),
                args.problem.as_deref(),
            )?),
            args.submissions.clone(),
        ),
    };
    let plan = VerifyPlan {
        target,
        submissions,
        case: args.case.clone(),
        shard: args.shard,
        time_limit: args.time_limit,
        fail_fast: args.fail_fast,
        margin: args.margins.time_safety_margin,
        strict_margins: args.margins.strict,
        suggest_limits: args.margins.suggest_limits,
    };
    let settings = args.options.checked_settings()?;
    let bar = crate::cli::progress(true);
    let verified = plan.run(
        &settings,
        &crate::cli::print_notice,
        &mut |step| match step {
            Progress::Problem(n) => {
                bar.reset();
                bar.set_length(n as u64);
            }
            Progress::Step(Step::Start(sub)) => bar.set_message(sub.name.clone()),
            Progress::Step(Step::Done(_)) => bar.inc(1),
        },
    );
    bar.finish_and_clear();
    let verified = verified?;
    args.formats.outputs(None)?.write(&verified.report)?;
    Ok(verified.exit_code())
}
