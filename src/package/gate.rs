//! `gridjudge verify`, the CI gate of a problem repository: every check of a package in
//! one run and one report ([`GateReport`]), for one package or every package of a
//! contest ([`contest`]).
//!
//! For each problem, in order, nothing skipped because something before it failed (a
//! CI page then shows every finding at once):
//!
//! 0. **the generators**, for a package with `generators/generators.yaml`: its `data/`
//!    compared with what they make, file by file (`generate --check`), or written from
//!    them first (`--generate`, for a repository that does not commit its data);
//! 1. **the package**: `problem.yaml` and the folder read ([`Package::load`]); a package
//!    that cannot be read is one error row, and nothing else of it is checked; its
//!    warnings are warning rows;
//! 2. **the data** ([`data_check::check_data`]): the input validators on every input,
//!    the output validator on every answer, the data's shape — a row per check made;
//! 3. **the submissions** (`verify-submissions --package`, [`submissions::verify`]): every
//!    example submission against its expectation, under the package's time limit (or
//!    problemtools' rule from the accepted ones), with the time-limit margins. A
//!    package without submissions gets a warning row.
//!
//! A shard (`--shard K/N`) verifies every N-th problem from the K-th: a contest's
//! problems are the units, so each problem is verified whole on one machine.

use super::{contest, data_check, expectations, generators, submissions, Package};
use crate::document::gate::{CheckRow, GateProblem, GateReport, GateShard, Status};
use crate::judge::case_loop::JudgeSettings;
use crate::judge::problem::Checker;
use crate::judge::shard::Shard;
use crate::package::problem::DEFAULT_TIME_LIMIT;
use crate::sandbox::interrupt;
use std::path::{Path, PathBuf};

/// How the gate verifies.
#[derive(Debug, Clone, Default)]
pub struct GateOptions {
    /// The time limit for every package, seconds (`--time-limit`); else each package's.
    pub time_limit: Option<f64>,
    /// The time-limit safety margin (`--time-safety-margin`); else each package's.
    pub margin: Option<f64>,
    /// A margin that does not hold fails the problem.
    pub strict_margins: bool,
    /// Add the time limit the accepted examples support to the margin lines.
    pub suggest_limits: bool,
    /// A package with `generators/generators.yaml` has its `data/` written from it
    /// first (`generate --package`), rather than compared with it (`generate --check`).
    pub generate: bool,
}

/// What the gate tells its caller as it goes.
#[derive(Debug, Clone, Copy)]
pub enum Progress<'a> {
    /// A problem's verification begins: its folder, its position from 1, how many.
    Problem(&'a Path, usize, usize),
    /// A problem is verified.
    Done(&'a GateProblem),
}

/// The problems of `dir` (one package, or a contest's), with the shard's selection.
/// Errors when `dir` is neither, or its list of problems is wrong.
pub fn problems(
    dir: &Path,
    shard: Option<Shard>,
) -> Result<(Vec<PathBuf>, Option<GateShard>), super::PackageError> {
    let all = contest::problem_folders(dir)?;
    let Some(shard) = shard else {
        return Ok((all, None));
    };
    let record = GateShard {
        count: shard.count,
        index: shard.index,
        problems: all.iter().map(|p| p.display().to_string()).collect(),
    };
    let (chosen, _) = shard.select(all, 0);
    Ok((chosen, Some(record)))
}

/// Verifies every problem of `dirs` with `settings` (its `jobs` runs at a time within
/// each problem), telling `progress` as it goes; after a signal, no further problem is
/// begun and the report says so.
pub fn run(
    dirs: &[PathBuf],
    shard: Option<GateShard>,
    settings: &JudgeSettings,
    options: &GateOptions,
    progress: &mut dyn FnMut(Progress<'_>),
) -> GateReport {
    let mut problems = Vec::new();
    for (i, dir) in dirs.iter().enumerate() {
        if interrupt::signal().is_some() {
            break;
        }
        progress(Progress::Problem(dir, i + 1, dirs.len()));
        let problem = verify_problem(dir, settings, options);
        progress(Progress::Done(&problem));
        problems.push(problem);
    }
    let interrupted = interrupt::signal().map(|s| crate::sandbox::signal_name(s).to_string());
    GateReport::new(problems, interrupted, shard)
}

/// A check row about `file`.
fn row(check: &str, file: &Path, status: Status, message: impl Into<String>) -> CheckRow {
    CheckRow {
        check: check.to_string(),
        file: file.display().to_string(),
        status,
        message: message.into(),
    }
}

/// Verifies one package (see the module documentation).
pub fn verify_problem(dir: &Path, settings: &JudgeSettings, options: &GateOptions) -> GateProblem {
    let mut out = GateProblem {
        checks: Vec::new(),
        format: None,
        margins_failed: false,
        name: None,
        package: dir.display().to_string(),
        problem: dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .or_else(|| {
                Some(
                    dir.canonicalize()
                        .ok()?
                        .file_name()?
                        .to_string_lossy()
                        .into_owned(),
                )
            })
            .unwrap_or_else(|| dir.display().to_string()),
        submissions: None,
    };
    generated(dir, settings, options, &mut out);
    let pkg = match Package::load(dir) {
        Ok(p) => p,
        Err(e) => {
            out.checks
                .push(row("package", dir, Status::Error, e.to_string()));
            return out;
        }
    };
    out.name = Some(pkg.name.clone());
    out.format = Some(pkg.format_version.clone());
    let mut passed = vec![row(
        "package",
        &dir.join("problem.yaml"),
        Status::Passed,
        "",
    )];
    for w in &pkg.warnings {
        out.checks
            .push(row("package", dir, Status::Warning, w.clone()));
    }
    // The output validator as the judge's, for the answers (any limit will do).
    match pkg.judge_problem(&settings.launcher, DEFAULT_TIME_LIMIT) {
        Ok(problem) => match &problem.checker {
            Checker::External(checker) => {
                let data = data_check::check_data(
                    &pkg,
                    checker.as_ref(),
                    &settings.launcher,
                    settings.jobs,
                );
                for f in &data.findings {
                    let status = match f.severity {
                        data_check::Severity::Error => Status::Error,
                        data_check::Severity::Warning => Status::Warning,
                    };
                    out.checks
                        .push(row(&f.check, &f.file, status, f.message.clone()));
                }
                for s in &data.skipped {
                    out.checks
                        .push(row("data", dir, Status::Skipped, s.clone()));
                }
                passed.extend(
                    data.passed
                        .iter()
                        .map(|p| row(&p.check, &p.file, Status::Passed, "")),
                );
            }
            Checker::Builtin(_) => out.checks.push(row(
                "output validator",
                dir,
                Status::Error,
                "a package's problem is judged by gridjudge's own checker (a gridjudge bug)",
            )),
        },
        Err(e) => out
            .checks
            .push(row("output validator", dir, Status::Error, e.to_string())),
    }
    submissions(&pkg, settings, options, &mut out);
    out.checks.extend(passed);
    out
}

/// Before step 1 of [`verify_problem`], for a package with a generators.yaml: its
/// `data/` compared with what the generators make (an error row per file that differs,
/// is missing or is not made by them), or written from them with `options.generate`.
fn generated(dir: &Path, settings: &JudgeSettings, options: &GateOptions, out: &mut GateProblem) {
    let yaml = dir.join(generators::GENERATORS_YAML);
    if std::fs::symlink_metadata(&yaml).is_err() {
        return;
    }
    let result = generators::build(dir, &settings.launcher).and_then(|built| {
        if options.generate {
            generators::write(dir, &built)
        } else {
            generators::compare(dir, &built)
        }
    });
    match result {
        Ok(files) => {
            let mut same = 0;
            for (path, status) in &files {
                let file = dir.join("data").join(path);
                if status.differs() {
                    let message = match status {
                        generators::Status::Missing => {
                            "generators.yaml makes it and data/ does not have it"
                        }
                        generators::Status::Extra => {
                            "in data/, and generators.yaml does not make it"
                        }
                        _ => "its bytes differ from what generators.yaml makes",
                    };
                    out.checks
                        .push(row("generators", &file, Status::Error, message));
                } else {
                    same += 1;
                }
            }
            let verb = if options.generate {
                "written"
            } else {
                "the same"
            };
            out.checks.push(row(
                "generators",
                &yaml,
                Status::Passed,
                format!("{same} of {} files {verb}", files.len()),
            ));
        }
        Err(e) => out
            .checks
            .push(row("generators", &yaml, Status::Error, e.to_string())),
    }
}

/// Step 3 of [`verify_problem`]: the package's submissions, into `out`.
fn submissions(
    pkg: &Package,
    settings: &JudgeSettings,
    options: &GateOptions,
    out: &mut GateProblem,
) {
    let folder = pkg.dir.join("submissions");
    match expectations::find(pkg) {
        Ok(found) if found.submissions.is_empty() => {
            out.checks.push(row(
                "submissions",
                &folder,
                Status::Warning,
                "no example submissions: nothing shows the data and limits accept a solution",
            ));
            return;
        }
        Ok(_) => {}
        Err(e) => {
            out.checks
                .push(row("submissions", &folder, Status::Error, e.to_string()));
            return;
        }
    }
    let margin = options.margin.unwrap_or(pkg.time_safety_margin);
    match submissions::verify(
        pkg,
        settings,
        options.time_limit,
        margin,
        None,
        &crate::submissions::narrow::Narrow::default(),
    ) {
        Ok(verified) => {
            let (lines, failed) = crate::judge::margins::report_lines(
                std::slice::from_ref(&verified.margins),
                options.strict_margins,
                options.suggest_limits,
            );
            out.margins_failed = failed;
            let interrupted =
                interrupt::signal().map(|s| crate::sandbox::signal_name(s).to_string());
            out.submissions = Some(verified.report(pkg, lines, interrupted));
        }
        Err(e) => out
            .checks
            .push(row("submissions", &folder, Status::Error, e.to_string())),
    }
}
