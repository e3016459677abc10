//! `gridjudge verify --package DIR`: the CI gate of a problem repository — a package's
//! problem.yaml, data and example submissions checked in one run, for one package or a
//! whole contest ([`gridjudge::package::gate`]), with one report. This file parses the
//! arguments, calls the gate, renders the report and maps its outcome to the exit code:
//! 0 when everything passed, 1 when a submission is not as expected (or a margin, with
//! `--strict`), 3 when a package is broken, its data invalid or a judge error happened
//! (with `--werror`, a warning too).

use crate::cli::judge::RunOptions;
use crate::cli::Failure;
use gridjudge::judge::shard::Shard;
use gridjudge::package::gate::{GateOptions, Progress};
use gridjudge::report::gate::GateReport;
use std::path::PathBuf;

/// `gridjudge verify --package DIR`
#[derive(Debug, clap::Args)]
#[command(mut_arg("jobs", |a| a.help(
    "Run this many validator runs at a time, then this many submissions (each on its \
     cases in turn)"
)))]
pub struct GateArgs {
    /// The package (a folder with a problem.yaml, any format version), or a contest
    /// folder: the problems its problems.yaml or contest.yaml lists, else every package
    /// folder under it.
    #[arg(long, value_name = "DIR")]
    pub package: PathBuf,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub options: RunOptions,
    /// Verify only shard K of N (a CI matrix job): every N-th problem of the contest,
    /// from the K-th; `gridjudge report merge` joins the N JSON reports.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// The time limit of every package, seconds (default: each package's own, else
    /// problemtools' rule from its accepted submissions).
    #[arg(long, value_name = "SECONDS", value_parser = crate::cli::positive_number)]
    pub time_limit: Option<f64>,
    /// A package with generators/generators.yaml: write its data/ from the generators
    /// first (as `generate --package` does), rather than fail on each file that
    /// differs from what they make.
    #[arg(long)]
    pub generate: bool,
    /// Stop each submission at its first case that is not AC, as problemtools and
    /// `bt run` do: faster, but the 2023-07 and 2025-09 rules of the cases after it go
    /// unchecked (by default a rule folder's submission is judged until a verdict no
    /// rule permits, else on every case).
    #[arg(long)]
    pub fail_fast: bool,
    /// Count warnings as errors (exit 3), as problemtools' --werror does.
    #[arg(long)]
    pub werror: bool,
    // --format and the side files (src/cli/reports.rs).
    #[command(flatten)]
    #[allow(missing_docs)]
    pub formats: crate::cli::reports::ReportArgs<GateReport>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub margins: crate::cli::margins::MarginArgs,
}

/// Runs `gridjudge verify`.
pub fn run(args: GateArgs) -> Result<u8, Failure> {
    args.formats.check_writable()?;
    let mut settings = args.options.checked_settings()?;
    settings.stop_at_first_failure = args.fail_fast;
    let (dirs, shard) = gridjudge::package::gate::problems(&args.package, args.shard)?;
    let options = GateOptions {
        time_limit: args.time_limit,
        margin: args.margins.time_safety_margin,
        strict_margins: args.margins.strict,
        suggest_limits: args.margins.suggest_limits,
        generate: args.generate,
    };
    let provenance = gridjudge::report::provenance::Provenance::now(None);
    let bar = crate::cli::progress(true);
    bar.set_length(dirs.len() as u64);
    let mut report =
        gridjudge::package::gate::run(&dirs, shard, &settings, &options, &mut |step| match step {
            Progress::Problem(dir, _, _) => bar.set_message(dir.display().to_string()),
            Progress::Done(_) => bar.inc(1),
        });
    bar.finish_and_clear();
    report.provenance = Some(provenance);
    args.formats.outputs(None)?.write(&report)?;
    Ok(report.outcome(args.werror).exit_code())
}
