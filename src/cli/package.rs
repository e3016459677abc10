//! `judge --package DIR` and `verify-submissions --package DIR`: a Kattis / ICPC problem
//! package judged with gridjudge's sandbox (see [`gridjudge::package`] for what is read).
//!
//! The time limit: `--time-limit`, else the package's own (2023-07 `limits.time_limit`,
//! or DOMjudge's `.timelimit`); else, for `verify-submissions`, problemtools' rule (the
//! accepted submissions are judged first under a generous limit, and the limit is the
//! slowest of them × `time_multiplier`, rounded to whole seconds, at least 1 s); else
//! [`DEFAULT_TIME_LIMIT`]. Exit codes as for `judge`: an unreadable package 66, a broken
//! one 3, an interactive or scoring one 64.

use crate::cli::exit;
use gridjudge::judge::case_loop::{self, CaseResult, JudgeSettings, ProblemReport};
use gridjudge::judge::compile::{self, Language, Program};
use gridjudge::judge::config::{
    Checker, CheckerKind, CheckerToml, LimitsToml, ProblemDir, ProblemToml,
};
use gridjudge::package::validator::{CustomChecker, DefaultChecker};
use gridjudge::package::{Package, PackageError, Validation};
use gridjudge::Verdict;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The time limit of a package that states none, when nothing else decides it, seconds.
pub const DEFAULT_TIME_LIMIT: f64 = 1.0;

/// The limit accepted submissions get while problemtools' rule measures them, seconds.
const PROBE_TIME_LIMIT: f64 = 10.0;

/// Reads a package; errors carry their exit code.
pub fn load(dir: &Path) -> Result<Package, (u8, String)> {
    Package::load(dir).map_err(|e| {
        let code = match e {
            PackageError::Read { .. } => exit::NO_INPUT,
            PackageError::Unsupported { .. } => exit::USAGE,
            _ => exit::JUDGE_FAILURE,
        };
        (code, e.to_string())
    })
}

/// The package as a problem folder the judge's case loop runs: its cases, its limits
/// with the time limit `time_limit`, and its output validator, built once.
pub fn problem_dir(
    pkg: &Package,
    launcher: &Path,
    time_limit: f64,
) -> Result<ProblemDir, (u8, String)> {
    let flags: Vec<(String, Vec<String>)> = pkg
        .cases
        .iter()
        .map(|c| (c.case.id(), c.flags.clone()))
        .collect();
    let checker: Arc<dyn gridjudge::judge::config::OutputChecker> = match &pkg.validation {
        Validation::Default => {
            Arc::new(DefaultChecker::new(&flags).map_err(|e| (exit::JUDGE_FAILURE, e))?)
        }
        Validation::Custom(source) => Arc::new(
            CustomChecker::build(source, launcher, &flags)
                .map_err(|e| (exit::JUDGE_FAILURE, format!("{}: {e}", pkg.dir.display())))?,
        ),
    };
    Ok(ProblemDir {
        dir: pkg.dir.clone(),
        name: pkg.short_name.clone(),
        config: ProblemToml {
            // Not used: the package's validator judges, not a gridjudge checker.
            problem: gridjudge::Problem::Poj3074,
            title: pkg.name.clone(),
            source: "Kattis problem package".into(),
            limits: LimitsToml {
                time_seconds: time_limit,
                memory_mib: pkg.memory_mib,
                output_mib: Some(pkg.output_mib),
                wall_seconds: Some((time_limit * 3.0).max(time_limit + 2.0)),
            },
            checker: CheckerToml {
                kind: CheckerKind::Builtin,
            },
        },
        cases: pkg.cases.iter().map(|c| c.case.clone()).collect(),
        checker: Checker::External(checker),
    })
}

/// The time limit stated by the command line or the package, if any.
pub fn stated_time_limit(pkg: &Package, cli: Option<f64>) -> Option<f64> {
    cli.or(pkg.time_limit)
}

/// One submission of a package: its expected verdict (its folder) and its file.
#[derive(Debug, Clone)]
pub struct Submission {
    /// The folder's verdict.
    pub expected: Verdict,
    /// The source file.
    pub path: PathBuf,
    /// `accepted/sol.cpp`.
    pub name: String,
}

/// The submissions under `submissions/<verdict>/`, by folder then name. Folders of
/// another name (2023-07's `rejected`, `brute_force`, …) and files in no language
/// gridjudge compiles are listed in `skipped` with the reason.
pub fn submissions(pkg: &Package) -> (Vec<Submission>, Vec<String>) {
    let root = pkg.dir.join("submissions");
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    let Ok(entries) = std::fs::read_dir(&root) else {
        return (found, skipped);
    };
    let mut folders: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        let fname = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some(expected) = Verdict::ALL.into_iter().find(|v| v.folder() == fname) else {
            skipped.push(format!(
                "submissions/{fname}/: not a verdict folder gridjudge checks"
            ));
            continue;
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
            .map(|r| r.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        for path in files {
            let name = format!(
                "{fname}/{}",
                path.file_name()
                    .map(|n| n.to_string_lossy())
                    .unwrap_or_default()
            );
            if path.is_dir() {
                skipped.push(format!(
                    "{name}: a submission of several files is not supported"
                ));
            } else if Language::from_path(&path).is_none() {
                if !name.ends_with(".md") && !name.ends_with(".txt") {
                    skipped.push(format!("{name}: not C, C++, Rust or Python"));
                }
            } else {
                found.push(Submission {
                    expected,
                    path,
                    name,
                });
            }
        }
    }
    (found, skipped)
}

/// problemtools' time limit from the slowest accepted run: `max(1, round(t × m))`.
pub fn limit_from_accepted(slowest: f64, multiplier: f64) -> f64 {
    (slowest * multiplier + 0.5).floor().max(1.0)
}

/// A compiled submission, or the verdict of its compilation; the package folder `dir`
/// (its data and answers) is hidden from the compiler.
fn compiled(
    sub: &Submission,
    dir: &Path,
    settings: &JudgeSettings,
) -> Result<Program, (Verdict, String)> {
    compile::Compiler::new(&settings.launcher)
        .hiding([dir.to_path_buf()])
        .compile(&sub.path)
        .and_then(|p| gridjudge::judge::stage::stage(p, settings.drops_uid()))
        .map_err(|f| (f.verdict, f.message))
}

/// One verified submission.
#[derive(Debug, Clone, serde::Serialize)]
pub struct VerifiedRow {
    /// `accepted/sol.cpp`.
    pub submission: String,
    /// Its folder's verdict.
    pub expected: Verdict,
    /// The verdict it got.
    pub got: Verdict,
    /// The first non-AC case (or `compile`).
    pub case: String,
    /// Why.
    pub message: String,
    /// Its largest CPU time over the cases, seconds.
    pub max_cpu: f64,
}

fn row(sub: &Submission, report: &ProblemReport) -> VerifiedRow {
    let max_cpu = report
        .cases
        .iter()
        .map(|c| c.cpu_seconds)
        .fold(0.0, f64::max);
    let (got, case, message) = match (
        &report.failure,
        report.cases.iter().find(|c| c.verdict != Verdict::Accepted),
    ) {
        (Some((v, m)), _) => (*v, "compile".to_string(), m.clone()),
        (None, Some(c)) => (c.verdict, c.case.clone(), c.message.clone()),
        (None, None) => (report.overall(), String::new(), String::new()),
    };
    VerifiedRow {
        submission: sub.name.clone(),
        expected: sub.expected,
        got,
        case,
        message,
        max_cpu,
    }
}

/// What [`verify`] found: a row per submission, the time limit used and how it was
/// decided.
#[derive(Debug)]
pub struct Verified {
    /// One row per submission, accepted ones first when they set the limit.
    pub rows: Vec<VerifiedRow>,
    /// The time limit, seconds.
    pub limit: f64,
    /// Where it came from.
    pub how: String,
}

/// Judges every submission of the package.
pub fn verify(
    pkg: &Package,
    settings: &JudgeSettings,
    cli_time_limit: Option<f64>,
) -> Result<Verified, (u8, String)> {
    let (subs, _) = submissions(pkg);
    let quiet = |_: &CaseResult| {};
    let judge = |sub: &Submission, problem: &ProblemDir| -> ProblemReport {
        match compiled(sub, &pkg.dir, settings) {
            Ok(program) => case_loop::judge_problem(problem, &program, settings, &quiet),
            Err((v, m)) => ProblemReport::failed(
                pkg.short_name.clone(),
                pkg.name.clone(),
                problem.config.run_limits(settings.memory_mode),
                v,
                m,
            ),
        }
    };
    let (limit, how, mut rows) = match stated_time_limit(pkg, cli_time_limit) {
        Some(t) => (
            t,
            if cli_time_limit.is_some() {
                "--time-limit"
            } else {
                "the package"
            }
            .to_string(),
            Vec::new(),
        ),
        None => {
            // problemtools' rule: the accepted submissions under a generous limit first.
            let probe = problem_dir(pkg, &settings.launcher, PROBE_TIME_LIMIT)?;
            let mut rows = Vec::new();
            let mut slowest: Option<f64> = None;
            for sub in subs.iter().filter(|s| s.expected == Verdict::Accepted) {
                let r = row(sub, &judge(sub, &probe));
                if r.got == Verdict::Accepted {
                    slowest = Some(slowest.unwrap_or(0.0).max(r.max_cpu));
                }
                rows.push(r);
            }
            match slowest {
                Some(t) => (
                    limit_from_accepted(t, pkg.time_multiplier),
                    format!(
                        "slowest accepted {t:.3} s x time_multiplier {} (problemtools' rule)",
                        pkg.time_multiplier
                    ),
                    rows,
                ),
                None => (
                    DEFAULT_TIME_LIMIT,
                    "the default (no accepted submission ran)".into(),
                    Vec::new(),
                ),
            }
        }
    };
    let problem = problem_dir(pkg, &settings.launcher, limit)?;
    for sub in &subs {
        if rows.iter().any(|r| r.submission == sub.name) {
            // An accepted one measured above: its verdict against the real limit.
            if let Some(r) = rows.iter_mut().find(|r| r.submission == sub.name) {
                if r.got == Verdict::Accepted && r.max_cpu > limit {
                    r.got = Verdict::TimeLimitExceeded;
                    r.message = format!("CPU time {:.3} s > limit {limit:.3} s", r.max_cpu);
                }
            }
            continue;
        }
        rows.push(row(sub, &judge(sub, &problem)));
    }
    Ok(Verified { rows, limit, how })
}
