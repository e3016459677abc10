//! `gridjudge report merge REPORT...`: the JSON reports of the N shards of one run
//! (`judge` or `verify-submissions` with `--shard K/N`, one per CI matrix job) joined
//! into the report of the whole run, in every format the command itself writes. The
//! merge is [`gridjudge::plan::merge`]; the exit code is the one the whole run
//! would have had (0, 1 or 3, see the command), 64 for reports that are not the shards
//! of one run, 65 for a file that is not a gridjudge report, 66 for one that cannot be
//! read.

use crate::cli::Failure;
use gridjudge::plan::merge::{merge, Merged};
use std::path::PathBuf;

/// `gridjudge report SUBCOMMAND`
#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    #[command(subcommand)]
    #[allow(missing_docs)]
    pub command: ReportCommand,
}

/// What `gridjudge report` does with reports.
#[derive(Debug, clap::Subcommand)]
pub enum ReportCommand {
    /// Join the JSON reports of the N shards of one run (`--shard K/N`) into the report of
    /// the whole run: `report merge shard-*.json --junit all.xml --html all.html`.
    Merge(MergeArgs),
}

/// `gridjudge report merge REPORT...`
#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The shards' JSON reports (`judge --format json --shard K/N`, or the same of
    /// `verify-submissions`), every shard once, in any order.
    #[arg(required = true, value_name = "REPORT")]
    pub reports: Vec<PathBuf>,
    // --format and the side files (src/cli/reports.rs).
    #[command(flatten)]
    #[allow(missing_docs)]
    pub formats: crate::cli::reports::ReportArgs<Merged>,
    /// verify-submissions: fail (exit 1) when a time-limit margin does not hold over the
    /// whole run, instead of warning.
    #[arg(long)]
    pub strict: bool,
    /// verify-submissions: print, per problem, the time limit the accepted examples of
    /// the whole run support.
    #[arg(long)]
    pub suggest_limits: bool,
}

/// Runs `gridjudge report`.
pub fn run(args: &ReportArgs) -> Result<u8, Failure> {
    match &args.command {
        ReportCommand::Merge(m) => merge_cmd(m).map_err(|f| f.context("gridjudge report merge")),
    }
}

/// A report file that is not a gridjudge report, or not one of these shards.
fn merge_cmd(args: &MergeArgs) -> Result<u8, Failure> {
    args.formats.check_writable()?;
    let merged = merge(&args.reports, args.strict, args.suggest_limits)?;
    args.formats.outputs(None)?.write(&merged)?;
    Ok(merged.exit_code())
}
