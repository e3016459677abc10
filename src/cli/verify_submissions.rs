//! `gridjudge verify-submissions PROBLEM`: compile and judge every example submission in
//! `judge-cases/PROBLEM/submissions/<verdict folder>/` and fail when a submission's
//! verdict differs from its folder. A submission's verdict is its first non-AC case
//! verdict (sample then secret, by name), or AC. Exit 0 when all match, 1 on a mismatch,
//! 3 on a judge error (invalid problem folder, or an unexpected JE).
//!
//! On SIGINT, SIGTERM or SIGHUP (`gridjudge::sandbox::interrupt`) the compile or run in progress
//! is ended, no further submission is verified, the reports list the submissions that
//! finished and say the rest were not verified, and `main` exits 128 + the signal.

use crate::cli::judge::{exit_code, problem_dirs, progress_bar, RunOptions};
use crate::cli::{exit, Failure};
use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};
use gridjudge::judge::problem::JudgeProblem;
use gridjudge::judge::report::visible_line;
use gridjudge::judge::verify::{find_submissions, verify_problem, Step, SubmissionResult};
use gridjudge::package::verify::Verified;
use gridjudge::package::Package;
use gridjudge::sandbox::interrupt;
use gridjudge::Verdict;
use std::path::PathBuf;

/// `gridjudge verify-submissions PROBLEM`
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// The problem folder under --cases (e.g. poj3074).
    #[arg(required_unless_present_any = ["all", "package"], conflicts_with_all = ["all", "package"])]
    pub problem: Option<String>,
    /// Verify the submissions of every problem folder.
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub options: RunOptions,
    /// Verify the submissions of a Kattis/ICPC problem package (legacy or 2023-07)
    /// instead: every program under DIR/submissions/<verdict>/.
    #[arg(long, value_name = "DIR", conflicts_with = "all")]
    pub package: Option<PathBuf>,
    /// With --package: the time limit, seconds (default: the package's, else
    /// problemtools' rule from the accepted submissions).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Report format on stdout: the table, or one JSON document (every submission with
    /// its expected and actual verdict, case and whole message, and the counts).
    #[arg(long, value_enum, default_value_t = VerifyFormat::Table)]
    pub format: VerifyFormat,
    /// Also write a JUnit XML report here: one test suite per problem, one test case per
    /// submission, failing when its verdict differs from its folder (checked writable
    /// before anything is compiled).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    // --- citrack: time-limit margins (src/cli/margins.rs) ---
    #[command(flatten)]
    #[allow(missing_docs)]
    pub margins: crate::cli::margins::MarginArgs,
    // --- end citrack ---
}

/// Report formats of `verify-submissions`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum VerifyFormat {
    /// A table and a summary line.
    Table,
    /// One JSON document.
    Json,
}

type Row = SubmissionResult;

/// Runs `gridjudge verify-submissions`.
pub fn run(args: VerifyArgs) -> Result<u8, Failure> {
    verify(args).map_err(|f| f.context("gridjudge verify-submissions"))
}

fn verify(args: VerifyArgs) -> Result<u8, Failure> {
    if let Some(path) = &args.junit {
        crate::cli::check_writable(path)?;
    }
    if let Some(dir) = &args.package {
        return verify_package(&args, dir);
    }
    let mut settings = args.options.checked_settings()?;
    settings.stop_at_first_failure = true;
    let dirs = problem_dirs(&args.options.cases_dir(), args.problem.as_deref())?;
    let mut rows = Vec::new();
    let mut all_margins = Vec::new();
    for dir in dirs {
        if interrupt::signal().is_some() {
            break;
        }
        let problem = JudgeProblem::load(&dir)?;
        let submissions = find_submissions(&dir).submissions;
        if submissions.is_empty() {
            eprintln!("{}: no submissions", problem.name);
            continue;
        }
        let bar = progress_bar(submissions.len());
        let verified = verify_problem(
            &problem,
            &submissions,
            &settings,
            args.margins.time_safety_margin,
            &mut |step| match step {
                Step::Start(sub) => bar.set_message(sub.name.clone()),
                Step::Done(_) => bar.inc(1),
            },
        );
        bar.finish_and_clear();
        rows.extend(verified.results);
        all_margins.push(verified.margins);
    }
    let judge_error = rows.iter().any(Row::unexpected_judge_error);

    let mut table = Table::new();
    table.load_style(UTF8_FULL_CONDENSED);
    table.set_header([
        "problem",
        "submission",
        "expected",
        "got",
        "ok",
        "case",
        "message",
    ]);
    let mut mismatches = 0;
    for r in &rows {
        let ok = r.expected == r.got;
        mismatches += usize::from(!ok);
        // Control characters in a submission's message or a file name are shown, not
        // sent to the terminal (the same rule as the judge's table).
        let message: String = visible_line(gridjudge::judge::compile::headline(&r.message))
            .chars()
            .take(80)
            .collect();
        table.add_row(vec![
            visible_line(&r.problem).into_owned(),
            visible_line(&r.submission).into_owned(),
            r.expected.code().to_string(),
            r.got.code().to_string(),
            if ok { "ok" } else { "MISMATCH" }.to_string(),
            visible_line(&r.case).into_owned(),
            message,
        ]);
    }
    let mut summary = format!(
        "{} submission(s), {} as expected, {mismatches} mismatch(es)",
        rows.len(),
        rows.len() - mismatches
    );
    let interrupted = interrupt::signal();
    if let Some(signal) = interrupted {
        summary.push_str(&format!("; {}", interrupted_note(signal)));
    }
    let (margin_lines, margins_failed) = args.margins.report_lines(&all_margins);
    match args.format {
        VerifyFormat::Table => {
            println!("{table}");
            println!("{summary}");
            for l in &margin_lines {
                println!("{l}");
            }
        }
        VerifyFormat::Json => {
            let doc = serde_json::json!({
                "submissions": rows.iter().map(|r| serde_json::json!({
                    "problem": r.problem,
                    "submission": r.submission,
                    "expected": r.expected,
                    "got": r.got,
                    "ok": r.expected == r.got,
                    "case": r.case,
                    "message": r.message,
                })).collect::<Vec<_>>(),
                "total": rows.len(),
                "mismatches": mismatches,
                "judge_error": judge_error,
                "summary": summary,
                "margins": margin_lines,
                "interrupted": interrupted.map(gridjudge::sandbox::signal_name),
            });
            print_json(&doc)?;
        }
    }
    write_junit(args.junit.as_deref(), &rows, interrupted)?;
    Ok(if judge_error {
        exit::JUDGE_FAILURE
    } else if mismatches > 0 || margins_failed {
        exit_code(Verdict::WrongAnswer)
    } else {
        exit::OK
    })
}

/// Prints a JSON report on stdout.
fn print_json(doc: &serde_json::Value) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(doc)
        .map_err(|e| Failure::internal(format!("JSON report: {e}")))?;
    // Exact text, with U+2028/U+2029 and the bidirectional and invisible format
    // characters as `\u` escapes (as in the judge's JSON report).
    println!(
        "{}",
        gridjudge::judge::report::escape_invisible_in_json(text)
    );
    Ok(())
}

/// What the reports say after `signal`.
fn interrupted_note(signal: i32) -> String {
    format!(
        "interrupted by {}: the submissions after these were not verified",
        gridjudge::sandbox::signal_name(signal)
    )
}

/// Writes the JUnit report where `--junit` asked for one.
fn write_junit(
    path: Option<&std::path::Path>,
    rows: &[Row],
    interrupted: Option<i32>,
) -> Result<(), Failure> {
    if let Some(path) = path {
        std::fs::write(path, junit(rows, interrupted)?)
            .map_err(|e| Failure::cannot_write(path, e))?;
    }
    Ok(())
}

/// The JUnit report: a suite per problem, a case per submission (class: the problem),
/// a failure of type `expected-got` when the verdict differs from the folder, an error
/// for an unexpected JE; names and messages shown as the judge's JUnit report shows them.
/// After a signal, a last suite `gridjudge` with one erroring case `interrupted`.
fn junit(rows: &[Row], interrupted: Option<i32>) -> Result<String, Failure> {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
    let mut report = Report::new("gridjudge verify-submissions");
    let mut suites: Vec<TestSuite> = Vec::new();
    for r in rows {
        let problem = visible_line(&r.problem).into_owned();
        if suites.last().is_none_or(|s| s.name.as_str() != problem) {
            suites.push(TestSuite::new(problem.as_str()));
        }
        let status = if r.expected == r.got {
            TestCaseStatus::success()
        } else {
            let kind = if r.got == Verdict::JudgeError {
                NonSuccessKind::Error
            } else {
                NonSuccessKind::Failure
            };
            let mut st = TestCaseStatus::non_success(kind);
            st.set_type(format!("{}-{}", r.expected.code(), r.got.code()));
            st.set_message(format!(
                "expected {}, got {} at {}: {}",
                r.expected.code(),
                r.got.code(),
                visible_line(&r.case),
                visible_line(gridjudge::judge::compile::headline(&r.message))
            ));
            st.set_description(gridjudge::judge::report::visible(&r.message).into_owned());
            st
        };
        let mut case = TestCase::new(visible_line(&r.submission).into_owned(), status);
        case.set_classname(problem.as_str());
        if let Some(suite) = suites.last_mut() {
            suite.add_test_case(case);
        }
    }
    if let Some(signal) = interrupted {
        let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
        status.set_type("interrupted");
        status.set_message(interrupted_note(signal));
        let mut case = TestCase::new("interrupted", status);
        case.set_classname("gridjudge");
        let mut suite = TestSuite::new("gridjudge");
        suite.add_test_case(case);
        suites.push(suite);
    }
    report.add_test_suites(suites);
    report
        .to_string()
        .map_err(|e| Failure::internal(format!("JUnit report: {e}")))
}

/// `verify-submissions --package DIR`.
fn verify_package(args: &VerifyArgs, dir: &std::path::Path) -> Result<u8, Failure> {
    if args.time_limit.is_some_and(|t| !(t.is_finite() && t > 0.0)) {
        return Err(Failure::usage(
            "--time-limit must be a number of seconds above 0",
        ));
    }
    let settings = args.options.checked_settings()?;
    let pkg = Package::load(dir)?;
    if find_submissions(&pkg.dir).submissions.is_empty() {
        return Err(Failure::usage(format!(
            "{}: no submissions under submissions/<verdict>/",
            dir.display()
        )));
    }
    let Verified {
        results: rows,
        found,
        limit,
        how,
    } = gridjudge::package::verify::verify(&pkg, &settings, args.time_limit)?;
    let skipped = found.skipped;
    let mismatches = rows.iter().filter(|r| r.expected != r.got).count();
    let judge_error = rows
        .iter()
        .any(|r| r.got == Verdict::JudgeError && r.expected != Verdict::JudgeError);
    let summary = format!(
        "{} submission(s), {} as expected, {mismatches} mismatch(es); time limit {limit:.3} s ({how})",
        rows.len(),
        rows.len() - mismatches
    );
    match args.format {
        VerifyFormat::Table => {
            let mut table = Table::new();
            table.load_style(UTF8_FULL_CONDENSED);
            table.set_header([
                "submission",
                "expected",
                "got",
                "ok",
                "max CPU s",
                "case",
                "message",
            ]);
            for r in &rows {
                table.add_row(vec![
                    visible_line(&r.submission).into_owned(),
                    r.expected.code().to_string(),
                    r.got.code().to_string(),
                    if r.expected == r.got {
                        "ok"
                    } else {
                        "MISMATCH"
                    }
                    .to_string(),
                    format!("{:.3}", r.max_cpu),
                    visible_line(&r.case).into_owned(),
                    visible_line(gridjudge::judge::compile::headline(&r.message))
                        .chars()
                        .take(80)
                        .collect(),
                ]);
            }
            println!("{table}");
            println!("{summary}");
            for s in &skipped {
                println!("skipped: {s}");
            }
        }
        VerifyFormat::Json => {
            let doc = serde_json::json!({
                "package": pkg.dir.display().to_string(),
                "name": pkg.name,
                "time_limit_seconds": limit,
                "time_limit_from": how,
                "submissions": rows,
                "total": rows.len(),
                "mismatches": mismatches,
                "judge_error": judge_error,
                "skipped": skipped,
                "summary": summary,
            });
            print_json(&doc)?;
        }
    }
    write_junit(args.junit.as_deref(), &rows, interrupt::signal())?;
    Ok(if judge_error {
        exit::JUDGE_FAILURE
    } else if mismatches > 0 {
        exit_code(Verdict::WrongAnswer)
    } else {
        exit::OK
    })
}
