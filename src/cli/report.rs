//! `gridjudge report merge REPORT...`: the JSON reports of the N shards of one run
//! (`judge` or `verify-submissions` with `--shard K/N`, one per CI matrix job) joined
//! into the report of the whole run, in every format the command itself writes. The
//! merge is [`gridjudge::judge::report::merge`]; the exit code is the one the whole run
//! would have had (0, 1 or 3, see the command), 64 for reports that are not the shards
//! of one run, 65 for a file that is not a gridjudge report, 66 for one that cannot be
//! read.

use crate::cli::judge::exit_code;
use crate::cli::margins::MarginArgs;
use crate::cli::{exit, Failure};
use gridjudge::judge::report::merge::{self, Document};
use gridjudge::judge::report::{self, verify, Render, Session};
use std::path::{Path, PathBuf};

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
    /// Report format on stdout: the command's table, or its JSON document.
    #[arg(long, value_enum, default_value_t = MergeFormat::Table)]
    pub format: MergeFormat,
    /// Also write a JUnit XML report of the whole run here.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Also write a self-contained HTML report of the whole run here.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// verify-submissions: fail (exit 1) when a time-limit margin does not hold over the
    /// whole run, instead of warning.
    #[arg(long)]
    pub strict: bool,
    /// verify-submissions: print, per problem, the time limit the accepted examples of
    /// the whole run support.
    #[arg(long)]
    pub suggest_limits: bool,
}

/// Report formats of `report merge`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MergeFormat {
    /// The table and summary line of the command that wrote the reports.
    Table,
    /// One JSON document, as the command writes it.
    Json,
}

/// Runs `gridjudge report`.
pub fn run(args: &ReportArgs) -> Result<u8, Failure> {
    match &args.command {
        ReportCommand::Merge(m) => merge_cmd(m).map_err(|f| f.context("gridjudge report merge")),
    }
}

/// A report file that is not a gridjudge report, or not one of these shards.
fn bad_report(e: merge::MergeError) -> Failure {
    Failure::new(exit::DATA_ERROR, e.to_string())
}

fn merge_cmd(args: &MergeArgs) -> Result<u8, Failure> {
    for path in [&args.junit, &args.html].into_iter().flatten() {
        crate::cli::check_writable(path)?;
    }
    let mut sessions = Vec::new();
    let mut verifies = Vec::new();
    let mut gates = Vec::new();
    for path in &args.reports {
        let bytes = crate::cli::read_input(path)?;
        let text = String::from_utf8(bytes).map_err(|e| {
            Failure::new(
                exit::DATA_ERROR,
                format!(
                    "{}: not UTF-8 (byte {})",
                    path.display(),
                    e.utf8_error().valid_up_to()
                ),
            )
        })?;
        match merge::read(path, &text).map_err(bad_report)? {
            Document::Session(s) => sessions.push((path.clone(), s)),
            Document::Verify(v) => verifies.push((path.clone(), v)),
            Document::Gate(g) => gates.push((path.clone(), g)),
        }
    }
    if !gates.is_empty() {
        if gates.len() != args.reports.len() {
            return Err(Failure::usage(format!(
                "{} is a verify report and the others are not: merge the shards of one command",
                gates[0].0.display()
            )));
        }
        let report = merge::gate_reports(gates).map_err(|e| Failure::usage(e.to_string()))?;
        return write_gate(args, &report);
    }
    if !sessions.is_empty() && !verifies.is_empty() {
        return Err(Failure::usage(format!(
            "{} is a judge report and {} a verify-submissions report: merge the shards of one command",
            sessions[0].0.display(),
            verifies[0].0.display()
        )));
    }
    let shards = |e: merge::MergeError| Failure::usage(e.to_string());
    if verifies.is_empty() {
        let session = merge::sessions(sessions).map_err(shards)?;
        write_session(args, &session)
    } else {
        let (mut report, margins) = merge::verify_reports(verifies).map_err(shards)?;
        let options = MarginArgs {
            time_safety_margin: None,
            strict: args.strict,
            suggest_limits: args.suggest_limits,
        };
        let (lines, margins_failed) = options.report_lines(&margins);
        if report.margins.is_some() || !lines.is_empty() {
            report.margins = Some(lines);
        }
        write_verify(args, &report)?;
        Ok(crate::cli::verify_submissions::exit_code_of(
            &report,
            margins_failed,
        ))
    }
}

/// Renders `report` with `writer` (rendering to memory does not fail in practice).
fn render<R>(writer: &dyn Render<R>, report: &R) -> Result<String, Failure> {
    writer
        .render(report)
        .map_err(|e| Failure::internal(e.to_string()))
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    crate::cli::write_file(path, text)
}

fn write_session(args: &MergeArgs, session: &Session) -> Result<u8, Failure> {
    let text = match args.format {
        MergeFormat::Table => render(&report::table::Table { baseline: None }, session)?,
        MergeFormat::Json => render(&report::json::Json { baseline: None }, session)?,
    };
    crate::cli::write_stdout(text.as_bytes())?;
    if let Some(path) = &args.junit {
        write_file(path, &render(&report::junit::Junit, session)?)?;
    }
    if let Some(path) = &args.html {
        write_file(
            path,
            &render(&report::html::Html { baseline: None }, session)?,
        )?;
    }
    Ok(exit_code(session.overall()))
}

/// Writes the merged `verify` report; its exit code is the run's (0, 1 or 3).
fn write_gate(
    args: &MergeArgs,
    report: &gridjudge::judge::report::gate::GateReport,
) -> Result<u8, Failure> {
    use gridjudge::judge::report::gate;
    let text = match args.format {
        MergeFormat::Table => render(&gate::Table, report)?,
        MergeFormat::Json => render(&gate::Json, report)?,
    };
    crate::cli::write_stdout(text.as_bytes())?;
    if let Some(path) = &args.junit {
        write_file(path, &render(&gate::Junit, report)?)?;
    }
    if let Some(path) = &args.html {
        write_file(path, &render(&gate::Html, report)?)?;
    }
    Ok(crate::cli::verify::exit_code_of(report.outcome(false)))
}

fn write_verify(args: &MergeArgs, report: &verify::VerifyReport) -> Result<(), Failure> {
    let text = match args.format {
        MergeFormat::Table => render(&verify::Table, report)?,
        MergeFormat::Json => render(&verify::Json, report)?,
    };
    crate::cli::write_stdout(text.as_bytes())?;
    if let Some(path) = &args.junit {
        write_file(path, &render(&verify::Junit, report)?)?;
    }
    if let Some(path) = &args.html {
        write_file(path, &render(&verify::Html, report)?)?;
    }
    Ok(())
}
