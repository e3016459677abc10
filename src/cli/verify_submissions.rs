//! `gridjudge verify-submissions PROBLEM [SUBMISSION...] [--case NAME]`: compile and judge
//! every example submission in `judge-cases/PROBLEM/submissions/<verdict folder>/` (or
//! only the ones named, on only the case named: [`gridjudge::judge::narrow`]) and fail
//! when a submission's verdict differs from its folder. A submission's verdict is its first non-AC case
//! verdict (sample then secret, by name), or AC. Exit 0 when all match, 1 on a mismatch,
//! 3 on a judge error (invalid problem folder, or an unexpected JE).
//!
//! On SIGINT, SIGTERM or SIGHUP (`gridjudge::sandbox::interrupt`) the compile or run in progress
//! is ended, no further submission is verified, the reports list the submissions that
//! finished and say the rest were not verified, and `main` exits 128 + the signal.

use crate::cli::judge::{exit_code, problem_dirs, progress_bar, RunOptions};
use crate::cli::{exit, Failure};
use gridjudge::judge::margins::ProblemMargins;
use gridjudge::judge::narrow::{self, Narrow};
use gridjudge::judge::problem::JudgeProblem;
use gridjudge::judge::report::provenance::Provenance;
use gridjudge::judge::report::schema::{ShardRecord, ShardUnits};
use gridjudge::judge::report::verify::{self, VerifyReport};
use gridjudge::judge::report::Render;
use gridjudge::judge::shard::Shard;
use gridjudge::judge::verify::{find_submissions, problems_report, verify_problem, Step};
use gridjudge::package::problem::DEFAULT_TIME_LIMIT;
use gridjudge::package::Package;
use gridjudge::sandbox::interrupt;
use gridjudge::Verdict;
use std::path::{Path, PathBuf};

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
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// With --package: stop each submission at its first case that is not AC, as problemtools and
    /// `bt run` do: faster, but the 2023-07 and 2025-09 rules of the cases after it go
    /// unchecked (by default a rule folder's submission is judged until a verdict no
    /// rule permits, else on every case).
    #[arg(long)]
    pub fail_fast: bool,
    /// Report format on stdout: the table, or one JSON document (every submission with
    /// its expected and actual verdict, case and whole message, and the counts).
    #[arg(long, value_enum, default_value_t = VerifyFormat::Table)]
    pub format: VerifyFormat,
    /// Also write a JUnit XML report here: one test suite per problem, one test case per
    /// submission, failing when its verdict differs from its folder (checked writable
    /// before anything is compiled).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Also write a self-contained HTML report here: the summary, the margins or skipped
    /// files, and every submission with both verdicts in colour and its message
    /// (checked writable before anything is compiled).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    // The time-limit margins (src/cli/margins.rs).
    #[command(flatten)]
    #[allow(missing_docs)]
    pub margins: crate::cli::margins::MarginArgs,
}

/// Report formats of `verify-submissions`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum VerifyFormat {
    /// A table and a summary line.
    Table,
    /// One JSON document.
    Json,
}

/// Runs `gridjudge verify-submissions`.
pub fn run(args: VerifyArgs) -> Result<u8, Failure> {
    verify(args).map_err(|f| f.context("gridjudge verify-submissions"))
}

fn verify(args: VerifyArgs) -> Result<u8, Failure> {
    for path in [&args.junit, &args.html].into_iter().flatten() {
        crate::cli::check_writable(path)?;
    }
    // Taken first: the report says when the run started.
    let provenance = Provenance::now(None);
    if let Some(dir) = &args.package {
        return verify_package(&args, dir, provenance);
    }
    let mut settings = args.options.checked_settings()?;
    settings.stop_at_first_failure = true;
    let dirs = problem_dirs(&args.options, args.problem.as_deref())?;
    let mut results = Vec::new();
    let mut all_margins = Vec::new();
    let mut units = Vec::new();
    let mut position = 0;
    let mut narrowed = Vec::new();
    for dir in dirs {
        if interrupt::signal().is_some() {
            break;
        }
        let mut problem = JudgeProblem::load(&dir)?;
        problem.check_data()?;
        let mut submissions = find_submissions(&dir).submissions;
        let narrow = Narrow {
            submissions: narrow::resolve_submissions(&dir, &args.submissions, &submissions)
                .map_err(Failure::usage)?,
            case: args.case.clone(),
        };
        if let Some(case) = &narrow.case {
            narrow::check_case(case, &problem.cases.iter().collect::<Vec<_>>())
                .map_err(|e| Failure::usage(format!("{}: {e}", problem.name)))?;
        }
        problem.cases.retain(|c| narrow.keeps_case(c));
        submissions.retain(|s| narrow.keeps(s));
        if let Some(what) = narrow.describe(&dir) {
            narrowed.push(format!("{}: {what}", problem.name));
        }
        if submissions.is_empty() {
            eprintln!("{}: no submissions", problem.name);
            continue;
        }
        units.push(ShardUnits {
            problem: problem.name.clone(),
            units: submissions.len(),
        });
        if let Some(shard) = args.shard {
            (submissions, position) = shard.select(submissions, position);
            if submissions.is_empty() {
                continue;
            }
        }
        let bar = progress_bar(submissions.len());
        let verified = verify_problem(
            &problem,
            &submissions,
            &settings,
            args.margins
                .margin_or(gridjudge::judge::margins::DEFAULT_MARGIN),
            &mut |step| match step {
                Step::Start(sub) => bar.set_message(sub.name.clone()),
                Step::Done(_) => bar.inc(1),
            },
        );
        bar.finish_and_clear();
        results.extend(verified.results);
        all_margins.push(verified.margins);
    }
    let (margin_lines, margins_failed) = args.margins.report_lines(&all_margins);
    let mut report = problems_report(&results, margin_lines, interrupted());
    report.provenance = Some(provenance);
    for what in narrowed {
        report.summary.push_str(&format!("; {what}"));
    }
    mark_shard(&mut report, args.shard, units, all_margins);
    emit(&args, &report)?;
    Ok(exit_code_of(&report, margins_failed))
}

/// With `--shard K/N`: the shard's record (every problem of the run and its number of
/// submissions) and the margins as numbers, for `report merge`.
fn mark_shard(
    report: &mut VerifyReport,
    shard: Option<Shard>,
    units: Vec<ShardUnits>,
    margins: Vec<ProblemMargins>,
) {
    if let Some(shard) = shard {
        report.shard = Some(ShardRecord {
            count: shard.count,
            index: shard.index,
            problems: units,
        });
        report.margin_data = Some(margins);
        report.summary.push_str(&format!(
            "; shard {shard} of the run (gridjudge report merge joins the shards)"
        ));
    }
}

/// The signal that stopped the run, by name.
fn interrupted() -> Option<String> {
    interrupt::signal().map(|s| gridjudge::sandbox::signal_name(s).to_string())
}

/// Prints the report in the asked format and writes the JUnit and HTML files.
fn emit(args: &VerifyArgs, report: &VerifyReport) -> Result<(), Failure> {
    let render = |writer: &dyn Render<VerifyReport>| {
        writer
            .render(report)
            .map_err(|e| Failure::internal(e.to_string()))
    };
    let text = match args.format {
        VerifyFormat::Table => render(&verify::Table)?,
        VerifyFormat::Json => render(&verify::Json)?,
    };
    crate::cli::write_stdout(text.as_bytes())?;
    let files: [(&Option<PathBuf>, &dyn Render<VerifyReport>); 2] =
        [(&args.junit, &verify::Junit), (&args.html, &verify::Html)];
    for (path, writer) in files {
        if let Some(path) = path {
            crate::cli::write_file(path, render(writer)?)?;
        }
    }
    Ok(())
}

/// 3 on an unexpected judge error, 1 on a mismatch (or a margin that does not hold
/// with `--strict`), else 0.
pub fn exit_code_of(report: &VerifyReport, margins_failed: bool) -> u8 {
    if report.judge_error {
        exit::JUDGE_FAILURE
    } else if report.mismatches > 0 || margins_failed {
        exit_code(Verdict::WrongAnswer)
    } else {
        exit::OK
    }
}

/// `verify-submissions --package DIR`.
fn verify_package(args: &VerifyArgs, dir: &Path, provenance: Provenance) -> Result<u8, Failure> {
    if args.time_limit.is_some_and(|t| !(t.is_finite() && t > 0.0)) {
        return Err(Failure::usage(
            "--time-limit must be a number of seconds above 0",
        ));
    }
    let mut settings = args.options.checked_settings()?;
    settings.stop_at_first_failure = args.fail_fast;
    let pkg = Package::load(dir)?;
    for w in &pkg.warnings {
        eprintln!("warning: {w}");
    }
    let found = gridjudge::package::expectations::find(&pkg)?.submissions;
    if found.is_empty() {
        return Err(Failure::usage(format!(
            "{}: no submissions under submissions/<folder>/",
            dir.display()
        )));
    }
    // With --package every positional argument is a submission.
    let wanted: Vec<PathBuf> = args
        .problem
        .iter()
        .map(PathBuf::from)
        .chain(args.submissions.iter().cloned())
        .collect();
    let narrow = Narrow {
        submissions: narrow::resolve_submissions(dir, &wanted, &found).map_err(Failure::usage)?,
        case: args.case.clone(),
    };
    if let Some(case) = &narrow.case {
        narrow::check_case(case, &pkg.cases.iter().map(|c| &c.case).collect::<Vec<_>>())
            .map_err(|e| Failure::usage(format!("{}: {e}", dir.display())))?;
    }
    if !args.no_data_check {
        // The output validator as the judge's, for the answers (any limit will do).
        let problem = pkg.judge_problem(&settings.launcher, DEFAULT_TIME_LIMIT)?;
        crate::cli::judge::check_package_data(&pkg, &problem, &settings)?;
    }
    let margin = args.margins.margin_or(pkg.time_safety_margin);
    let shard = args.shard;
    let verified = gridjudge::package::verify::verify(
        &pkg,
        &settings,
        args.time_limit,
        margin,
        shard,
        &narrow,
    )?;
    for w in &verified.warnings {
        eprintln!("warning: {w}");
    }
    let (margin_lines, margins_failed) = args
        .margins
        .report_lines(std::slice::from_ref(&verified.margins));
    let mut report = verified.report(&pkg, margin_lines, interrupted());
    report.provenance = Some(provenance);
    if let Some(what) = narrow.describe(dir) {
        report.summary.push_str(&format!("; {what}"));
    }
    let units = vec![ShardUnits {
        problem: report.package_problem().to_string(),
        units: verified.found.submissions.len(),
    }];
    mark_shard(&mut report, shard, units, vec![verified.margins.clone()]);
    emit(args, &report)?;
    Ok(exit_code_of(&report, margins_failed))
}
