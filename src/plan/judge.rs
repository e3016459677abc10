//! `gridjudge judge`, planned: a program judged on the cases of problem folders or of a
//! Kattis/ICPC package, to one [`Session`].
//!
//! [`JudgePlan::run`] goes down the layers once: the problems are loaded with the
//! command line's overrides ([`Overrides`]) and their data checked (a package's through
//! its own validators, [`super::data_check`]); the case filter and the shard narrow
//! them; a baseline that shares no case with what is left is refused (it would compare
//! nothing and pass); the program is made runnable once (a compile error is the verdict
//! of every problem) and judged on every problem; and after SIGINT, SIGTERM or SIGHUP
//! the session holds the cases that finished and counts the rest.

use super::{Notice, Target};
use crate::error::Failure;
use crate::judge::case_loop::{JudgeSettings, ProblemReport};
use crate::judge::problem::{Checker, JudgeProblem, OutputChecker, Overrides, Protocol};
use crate::judge::shard::Shard;
use crate::judge::subject::{self, Runnable, Subject};
use crate::package::output_validator::{Convention, CustomChecker};
use crate::package::problem::DEFAULT_TIME_LIMIT;
use crate::package::Package;
use crate::report::baseline::Baseline;
use crate::report::provenance::Provenance;
use crate::report::schema::{ShardRecord, ShardUnits};
use crate::report::{Interruption, Session};
use crate::sandbox::interrupt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One `gridjudge judge` run, from plain values.
#[derive(Debug, Clone)]
pub struct JudgePlan {
    /// The problems.
    pub target: Target,
    /// The limits and the case filter of the command line.
    pub overrides: Overrides,
    /// A testlib-style interactor judging every problem folder instead of its checker.
    pub interactor: Option<PathBuf>,
    /// Only this shard of the run's cases.
    pub shard: Option<Shard>,
    /// The program.
    pub subject: Subject,
}

/// How far a judge run is, for a progress display.
#[derive(Debug, Clone, Copy)]
pub enum Progress<'a> {
    /// This many cases will be judged (told once, before the first).
    Cases(usize),
    /// One more case of this problem was judged.
    Judged(&'a JudgeProblem),
}

impl JudgePlan {
    /// The problems the plan judges, loaded, checked, filtered and sharded, with the
    /// shard's record for the report.
    pub fn problems(
        &self,
        settings: &JudgeSettings,
        notice: &dyn Fn(Notice),
    ) -> Result<(Vec<JudgeProblem>, Option<ShardRecord>), Failure> {
        let problems = match &self.target {
            Target::Package { dir, check_data } => {
                vec![self.package_problem(dir, *check_data, settings, notice)?]
            }
            Target::Folders(dirs) => {
                let mut problems = load_problems(dirs, &self.overrides)?;
                if let Some(file) = &self.interactor {
                    let checker = interactor_checker(file, settings)?;
                    for p in &mut problems {
                        p.checker = Checker::External(checker.clone());
                    }
                }
                for p in &problems {
                    p.check_data()?;
                }
                problems
            }
        };
        let (mut problems, shard) = take_shard(problems, self.shard);
        if shard.is_some() {
            // A shard judges some of the cases: no score of the whole problem.
            for p in &mut problems {
                p.scoring = None;
            }
        }
        Ok((problems, shard))
    }

    /// Judges the program on every problem of the plan: the session of what was
    /// judged. A `baseline` must share a case with the run.
    pub fn run(
        &self,
        settings: &JudgeSettings,
        baseline: Option<&Baseline>,
        notice: &dyn Fn(Notice),
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Session, Failure> {
        let (problems, shard) = self.problems(settings, notice)?;
        if let Some(b) = baseline {
            let cases = problems
                .iter()
                .flat_map(|p| p.cases.iter().map(move |c| (p.name.as_str(), c.id())));
            if b.shared(cases) == 0 {
                return Err(Failure::usage(format!(
                    "--baseline shares no case with this run (it holds {}): compare reports of the same problems",
                    b.problems().join(", ")
                )));
            }
        }
        let subject = &self.subject;
        let description = subject.describe();
        let provenance = {
            let files = subject.files();
            let paths: Option<Vec<&Path>> = files
                .as_ref()
                .map(|f| f.iter().map(PathBuf::as_path).collect());
            Provenance::now(paths.as_deref())
        };
        let total: usize = problems.iter().map(|p| p.cases.len()).sum();
        // The problem folders are hidden from the compiler (where the run has no minimal
        // root of its own, in which they do not exist anyway).
        let hidden = problems.iter().map(|p| p.dir.clone());
        let runnable = match Runnable::prepare(subject, hidden, settings) {
            Ok(r) => r,
            // A compile error is the verdict of every problem; a signal during the
            // compile leaves nothing judged.
            Err(failure) if matches!(subject, Subject::Source(_)) => {
                let reports = if interrupt::signal().is_some() {
                    Vec::new()
                } else {
                    subject::failed_all(&problems, &failure, settings)
                };
                return Ok(finished_session(
                    description,
                    reports,
                    total,
                    shard,
                    provenance,
                ));
            }
            Err(failure) => return Err(Failure::judge(failure.message)),
        };
        progress(Progress::Cases(total));
        let reports = subject::judge_all(&problems, &runnable, settings, &|problem, _| {
            progress(Progress::Judged(problem));
        });
        Ok(finished_session(
            description,
            reports,
            total,
            shard,
            provenance,
        ))
    }

    /// The package's cases, limits and output validator, with the plan's overrides (a
    /// CPU limit given replaces the package's before its wall limit is derived).
    fn package_problem(
        &self,
        dir: &Path,
        check_data: bool,
        settings: &JudgeSettings,
        notice: &dyn Fn(Notice),
    ) -> Result<JudgeProblem, Failure> {
        let pkg = Package::load(dir)?;
        for w in &pkg.warnings {
            notice(Notice::Warning(w.to_string()));
        }
        let limit = pkg
            .stated_time_limit(self.overrides.time_seconds)
            .unwrap_or(DEFAULT_TIME_LIMIT);
        let mut problem = pkg.judge_problem(&settings.launcher, limit)?;
        if check_data {
            super::data_check::check_package_data(&pkg, &problem, settings, notice)?;
        }
        problem.apply(&Overrides {
            time_seconds: None,
            case: None,
            ..self.overrides.clone()
        })?;
        if self.overrides.case.is_some() {
            // One case of a scoring problem has its verdict, not the problem's score.
            problem.scoring = None;
        }
        let mut one = vec![problem];
        narrow_to_case(&mut one, self.overrides.case.as_deref())?;
        one.pop()
            .ok_or_else(|| Failure::internal("the package's problem went missing"))
    }
}

/// Loads every problem folder with `overrides`, the case filter last. Every broken
/// folder is named at once (`|`-separated); an unreadable one makes it 66, else 64.
fn load_problems(dirs: &[PathBuf], overrides: &Overrides) -> Result<Vec<JudgeProblem>, Failure> {
    // The case filter comes last, so that a name that matches nothing can list the cases.
    let all_cases = Overrides {
        case: None,
        ..overrides.clone()
    };
    let mut problems = Vec::new();
    let mut errors: Vec<Failure> = Vec::new();
    for dir in dirs {
        match JudgeProblem::load(dir).and_then(|mut p| p.apply(&all_cases).map(|()| p)) {
            Ok(p) => problems.push(p),
            Err(e) => errors.push(e.into()),
        }
    }
    if !errors.is_empty() {
        let code = errors
            .iter()
            .map(|f| f.code)
            .max()
            .unwrap_or(crate::exit::USAGE);
        let message: Vec<String> = errors.into_iter().map(|f| f.message).collect();
        return Err(Failure::new(code, message.join(" | ")));
    }
    narrow_to_case(&mut problems, overrides.case.as_deref())?;
    Ok(problems)
}

/// Keeps only the case `want` (a name or an id) and the problems that have it; a name
/// no problem has is a usage error that lists the cases there are.
fn narrow_to_case(problems: &mut Vec<JudgeProblem>, want: Option<&str>) -> Result<(), Failure> {
    let Some(want) = want else {
        return Ok(());
    };
    let all: Vec<String> = problems
        .iter()
        .flat_map(|p| {
            let prefix = if problems.len() > 1 {
                format!("{}: ", p.name)
            } else {
                String::new()
            };
            p.cases.iter().map(move |c| format!("{prefix}{}", c.id()))
        })
        .collect();
    for p in problems.iter_mut() {
        p.apply(&Overrides {
            case: Some(want.to_string()),
            ..Overrides::default()
        })?;
    }
    problems.retain(|p| !p.cases.is_empty());
    if problems.is_empty() {
        const SHOWN: usize = 12;
        let more = all.len().saturating_sub(SHOWN);
        let mut list = all.into_iter().take(SHOWN).collect::<Vec<_>>().join(", ");
        if more > 0 {
            list.push_str(&format!(", and {more} more"));
        }
        return Err(Failure::usage(format!(
            "no case named {want:?} (a name such as 1, or an id such as sample/1); the cases: {list}"
        )));
    }
    Ok(())
}

/// With a shard, the problems with only that shard's cases (a problem left with none
/// is not judged) and the shard's record for the report; otherwise all of them.
fn take_shard(
    problems: Vec<JudgeProblem>,
    shard: Option<Shard>,
) -> (Vec<JudgeProblem>, Option<ShardRecord>) {
    let Some(shard) = shard else {
        return (problems, None);
    };
    let record = ShardRecord {
        count: shard.count,
        index: shard.index,
        problems: problems
            .iter()
            .map(|p| ShardUnits {
                problem: p.name.clone(),
                units: p.cases.len(),
            })
            .collect(),
    };
    let mut position = 0;
    let mut kept = Vec::new();
    for mut p in problems {
        let (cases, next) = shard.select(std::mem::take(&mut p.cases), position);
        position = next;
        if !cases.is_empty() {
            p.cases = cases;
            kept.push(p);
        }
    }
    (kept, Some(record))
}

/// The session of what was judged; after a signal, only the problems with a finished
/// case, and how many of the `total` cases did not run.
fn finished_session(
    program: String,
    mut problems: Vec<ProblemReport>,
    total: usize,
    shard: Option<ShardRecord>,
    provenance: Provenance,
) -> Session {
    let interrupted = interrupt::signal().map(|signal| {
        problems.retain(|p| !p.cases.is_empty());
        let judged: usize = problems.iter().map(|p| p.cases.len()).sum();
        Interruption {
            signal,
            cases_not_run: total.saturating_sub(judged),
        }
    });
    Session {
        program,
        problems,
        interrupted,
        shard,
        recorded_guarantees: None,
        provenance: Some(provenance),
    }
}

/// The testlib-style interactor of `judge --interactor FILE`, built once.
fn interactor_checker(
    file: &Path,
    settings: &JudgeSettings,
) -> Result<Arc<dyn OutputChecker>, Failure> {
    if !file.is_file() {
        return Err(Failure::usage(format!(
            "--interactor {}: no such file",
            file.display()
        )));
    }
    let checker = CustomChecker::build(file, &settings.launcher, &[], &Default::default())
        .map_err(|e| Failure::judge(format!("--interactor {}: {e}", file.display())))?
        .with_protocol(Protocol {
            interactive: true,
            passes: None,
        })
        .with_convention(Convention::Testlib);
    Ok(Arc::new(checker))
}
