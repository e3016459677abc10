//! What a judge run judges, made runnable once and run on every problem
//! (`gridjudge judge`): a command, a source file, or gridjudge's own reference solver.
//!
//! [`Runnable::prepare`] compiles a source (the problem folders hidden from the
//! compiler) or resolves a command, and stages the program where the sandbox user can
//! reach it (a program or script inside a problem folder is copied out of it, since
//! the run hides that folder); the reference solver is a staged copy of the gridjudge binary, run as
//! `solve PROBLEM` for each problem ([`Runnable::for_problem`]). [`judge_all`] then
//! judges every problem with [`case_loop`], in order, until a signal (see
//! [`interrupt`]) stops it.

use crate::judge::case_loop::{self, CaseResult, JudgeSettings, ProblemReport};
use crate::judge::compile::{CompileFailure, Compiler, Program};
use crate::judge::problem::JudgeProblem;
use crate::judge::stage::{stage, stage_out_of};
use crate::sandbox::interrupt;
use std::path::PathBuf;

/// What to judge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// gridjudge's reference solver (`gridjudge solve PROBLEM`).
    Reference,
    /// A C, C++, Rust or Python source, compiled first.
    Source(PathBuf),
    /// A command and its arguments.
    Command(Vec<String>),
}

impl Subject {
    /// How reports name it.
    pub fn describe(&self) -> String {
        match self {
            Subject::Reference => "gridjudge's reference solver (gridjudge solve PROBLEM)".into(),
            Subject::Source(path) => path.display().to_string(),
            Subject::Command(argv) => argv.join(" "),
        }
    }

    /// The files that make up the program, for its identity in reports
    /// ([`Provenance`](crate::report::provenance::Provenance)): a source file
    /// (or folder); a command's executable (a bare name looked up in `PATH`) and every
    /// argument naming an existing file, so that `python3 a.py` and `python3 b.py` differ.
    /// `None` for the reference solver, which gridjudge's own version names.
    pub fn files(&self) -> Option<Vec<PathBuf>> {
        match self {
            Subject::Reference => None,
            Subject::Source(path) => Some(vec![path.clone()]),
            Subject::Command(argv) => {
                let (first, rest) = argv.split_first()?;
                let exe = if first.contains('/') {
                    Some(PathBuf::from(first))
                } else {
                    std::env::var_os("PATH").and_then(|path| {
                        std::env::split_paths(&path)
                            .map(|d| d.join(first))
                            .find(|p| p.is_file())
                    })
                };
                let files: Vec<PathBuf> = exe
                    .into_iter()
                    .chain(
                        rest.iter()
                            .map(PathBuf::from)
                            .filter(|p| !p.as_os_str().is_empty() && p.is_file()),
                    )
                    .collect();
                (!files.is_empty()).then_some(files)
            }
        }
    }
}

/// A subject made runnable.
#[derive(Debug)]
pub enum Runnable {
    /// A staged copy of gridjudge, run as `solve PROBLEM`.
    Reference(Program),
    /// A program, the same for every problem.
    Program(Program),
}

impl Runnable {
    /// Compiles or resolves `subject` and stages it for the sandbox user (the judge's
    /// `launcher` binary for the reference solver); `hidden` folders (the problems' data
    /// and answers) are out of the compiler's sight. `Err` is CE with the compiler's
    /// message, or JE: no such command, no compiler, nowhere to stage.
    pub fn prepare(
        subject: &Subject,
        hidden: impl IntoIterator<Item = PathBuf>,
        settings: &JudgeSettings,
    ) -> Result<Runnable, CompileFailure> {
        let hidden: Vec<PathBuf> = hidden.into_iter().collect();
        match subject {
            Subject::Reference => {
                Program::staged_copy(&settings.launcher, &[]).map(Runnable::Reference)
            }
            Subject::Source(path) => Compiler::new(&settings.launcher)
                .with_python(settings.python.clone())
                .hiding(hidden.iter().cloned())
                .compile(path)
                .and_then(|p| stage(p, settings.drops_uid()))
                .map(Runnable::Program),
            Subject::Command(argv) => {
                let (command, args) = argv.split_first().ok_or_else(|| CompileFailure {
                    verdict: crate::Verdict::JudgeError,
                    message: "no command to run".into(),
                })?;
                // A program or script inside a problem folder is copied out of it: the
                // run hides that folder.
                Program::command(command, args)
                    .and_then(|p| stage_out_of(p, settings.drops_uid(), &hidden))
                    .map(Runnable::Program)
            }
        }
    }

    /// Calls `f` with the program that runs on `problem`'s cases.
    pub fn for_problem<R>(&self, problem: &JudgeProblem, f: impl FnOnce(&Program) -> R) -> R {
        match self {
            Runnable::Program(p) => f(p),
            Runnable::Reference(staged) => {
                // A problem folder always has a gridjudge problem (its checker's).
                let id = problem.gridjudge_problem().map_or("", |p| p.id());
                f(&staged.with_args(&["solve".to_string(), id.to_string()]))
            }
        }
    }
}

/// Judges `runnable` on every problem in order; `progress` is called once per finished
/// case. After a signal no further problem starts, and the one in progress holds the
/// cases that finished.
pub fn judge_all(
    problems: &[JudgeProblem],
    runnable: &Runnable,
    settings: &JudgeSettings,
    progress: &(dyn Fn(&JudgeProblem, &CaseResult) + Sync),
) -> Vec<ProblemReport> {
    let mut reports = Vec::new();
    for problem in problems {
        if interrupt::signal().is_some() {
            break;
        }
        let tick = |c: &CaseResult| progress(problem, c);
        reports.push(runnable.for_problem(problem, |program| {
            case_loop::judge_problem(problem, program, settings, &tick)
        }));
    }
    reports
}

/// The report of every problem when the subject could not be made runnable: each gets
/// the failure's verdict and message.
pub(crate) fn failed_all(
    problems: &[JudgeProblem],
    failure: &CompileFailure,
    settings: &JudgeSettings,
) -> Vec<ProblemReport> {
    problems
        .iter()
        .map(|p| {
            ProblemReport::failed(
                p.name.clone(),
                p.title.clone(),
                settings.run_limits(p, settings.memory_mode),
                failure.verdict,
                failure.message.clone(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_are_named_as_reports_show_them() {
        assert_eq!(
            Subject::Command(vec!["python3".into(), "sol.py".into()]).describe(),
            "python3 sol.py"
        );
        assert_eq!(Subject::Source("a/b.c".into()).describe(), "a/b.c");
        assert!(Subject::Reference.describe().contains("gridjudge solve"));
    }

    #[test]
    fn an_empty_command_is_a_judge_error_not_a_panic() {
        let settings = JudgeSettings::new(PathBuf::from("/nonexistent/gridjudge"));
        let e = Runnable::prepare(&Subject::Command(Vec::new()), [], &settings)
            .expect_err("nothing to run");
        assert_eq!(e.verdict, crate::Verdict::JudgeError);
        let e = Runnable::prepare(
            &Subject::Command(vec!["/nonexistent/program".into()]),
            [],
            &settings,
        )
        .expect_err("no such command");
        assert!(e.message.contains("/nonexistent/program"), "{}", e.message);
    }
}
