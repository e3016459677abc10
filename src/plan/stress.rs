//! `gridjudge stress`, planned: random cases of a problem until the program fails (or,
//! with a second program, until the two disagree), the failure shrunk and saved as a
//! problem folder that `gridjudge judge` reruns ([`crate::stress`] searches and
//! shrinks, [`crate::stress::saved`] writes the folder and the summary).

use crate::error::Failure;
use crate::exit;
use crate::gen::spec::GenSpec;
use crate::judge::case_loop::JudgeSettings;
use crate::judge::compile::{self, Program};
use crate::judge::problem::JudgeProblem;
use crate::stress::saved::{self, Reproduce};
use crate::stress::{self, Progress, StressError, StressOptions, Subjects};
use crate::Verdict;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One `gridjudge stress` run, from plain values.
#[derive(Debug, Clone)]
pub struct StressPlan {
    /// The problem folder: its limits, checker and format.
    pub problem_dir: PathBuf,
    /// The generator line (`gridjudge gen`'s arguments); `None` is the problem's default.
    pub gen: Option<String>,
    /// The seed of the first iteration (iteration i uses seed + i).
    pub seed: u64,
    /// Stop after this many iterations (1000 when neither this nor `duration` is given).
    pub iterations: Option<u64>,
    /// Stop searching after this many seconds.
    pub duration: Option<f64>,
    /// The program: this source compiled, else `command`.
    pub source: Option<PathBuf>,
    /// The program's command and arguments.
    pub command: Vec<String>,
    /// Differential testing against this command, words split on white space.
    pub against: Option<String>,
    /// Differential testing against this source.
    pub against_source: Option<PathBuf>,
    /// The Python interpreter asked for (repeated in `reproduce.sh`).
    pub python: Option<String>,
    /// Where the minimal failing case is saved (must be missing or empty).
    pub out: PathBuf,
    /// Most runs spent shrinking.
    pub shrink_runs: usize,
    /// Most seconds spent shrinking.
    pub shrink_time: f64,
    /// The gridjudge binary `reproduce.sh` falls back on (a shell word).
    pub binary: String,
}

/// What a stress run found: the report for stdout and the exit code (0 no failure,
/// 1 a failure found and saved, 3 one that is a judge error).
#[derive(Debug, Clone)]
pub struct Stressed {
    /// The report: one line without a failure, else the summary of the saved one.
    pub text: String,
    /// The exit code.
    pub code: u8,
}

impl StressPlan {
    /// The program the one under test is compared with (`--against CMD` or
    /// `--against-source FILE`), built, if one is named.
    fn against_program(&self, settings: &JudgeSettings) -> Result<Option<Program>, Failure> {
        let words: Vec<String> = self
            .against
            .as_deref()
            .map(|a| a.split_whitespace().map(String::from).collect())
            .unwrap_or_default();
        if self.against.is_some() && words.is_empty() {
            return Err(Failure::usage("--against: an empty command"));
        }
        if self.against_source.is_none() && words.is_empty() {
            return Ok(None);
        }
        let dir = &self.problem_dir;
        compile_or_command(self.against_source.as_deref(), &words, settings, dir).map(Some)
    }

    /// Searches, shrinks, saves and tells.
    pub fn run(
        &self,
        settings: &JudgeSettings,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Stressed, Failure> {
        let dir = &self.problem_dir;
        let problem = JudgeProblem::load(dir)?;
        // A failure is saved into `out`: never over files of another run.
        if std::fs::read_dir(&self.out).is_ok_and(|mut d| d.next().is_some()) {
            return Err(Failure::usage(format!(
                "--out {} exists and is not empty: give another folder or remove it",
                self.out.display()
            )));
        }
        let pid = problem.gridjudge_problem().ok_or_else(|| {
            Failure::usage(format!(
                "{}: not a gridjudge problem (stress needs its generator and checker)",
                dir.display()
            ))
        })?;
        let gen_line = self.gen.clone().unwrap_or_else(|| saved::default_gen(pid));
        let gen = GenSpec::parse_line(&gen_line)
            .map_err(|m| Failure::usage(format!("--gen: {m}")))?
            .for_problem(pid)
            .map_err(|e| Failure::usage(format!("--gen: {e}")))?;
        let time = self.duration.map(|t| secs("--duration", t)).transpose()?;
        let opts = StressOptions {
            gen,
            first_seed: self.seed,
            iterations: self
                .iterations
                .or(if time.is_none() { Some(1000) } else { None }),
            time,
            jobs: settings.jobs.max(1),
            shrink_runs: self.shrink_runs,
            shrink_time: secs("--shrink-time", self.shrink_time)?,
        };
        let program = compile_or_command(self.source.as_deref(), &self.command, settings, dir)?;
        let against = self.against_program(settings)?;
        let subjects = Subjects {
            program: &program,
            against: against.as_ref(),
        };
        let report =
            stress::stress(&problem, settings, subjects, &opts, progress).map_err(|e| {
                let code = match &e {
                    StressError::Generator { error, .. } => Failure::from(error.clone()).code,
                    StressError::Judge(_) => exit::JUDGE_FAILURE,
                };
                Failure::new(code, e.to_string())
            })?;
        let rate = report.iterations as f64 / report.search_time.as_secs_f64().max(1e-9);
        let interrupted = report
            .interrupted
            .map(|signal| format!("{}; ", crate::sandbox::interrupt::Interrupted { signal }))
            .unwrap_or_default();
        let Some(found) = report.found else {
            return Ok(Stressed {
                text: format!(
                    "{interrupted}no failure in {} iterations ({:.1} s, {rate:.0} iterations/s); generator: {gen_line}\n",
                    report.iterations,
                    report.search_time.as_secs_f64()
                ),
                code: exit::OK,
            });
        };
        let headline = format!(
            "{interrupted}FAILED at iteration {} (seed {}) after {:.1} s ({rate:.0} iterations/s)\n",
            found.iteration + 1,
            found.seed,
            report.search_time.as_secs_f64()
        );
        let how = Reproduce {
            problem: pid,
            gen_line,
            source: self.source.clone(),
            python: self.python.clone(),
            command: self.command.clone(),
            binary: self.binary.clone(),
        };
        saved::save(&self.out, dir, &found, &how).map_err(|e| Failure::new(exit::IO_ERROR, e))?;
        let verdicts = stress::signature(&found.minimal_trials);
        Ok(Stressed {
            text: headline + &saved::summary(&found, &self.out, &how),
            code: if verdicts.contains(&Verdict::JudgeError) {
                exit::JUDGE_FAILURE
            } else {
                exit::REJECTED
            },
        })
    }
}

/// `v` seconds as a duration; anything else is a usage error naming `what`.
fn secs(what: &str, v: f64) -> Result<Duration, Failure> {
    Duration::try_from_secs_f64(v)
        .map_err(|_| Failure::usage(format!("{what} {v}: not a number of seconds")))
}

/// The program to stress: `source` compiled (the problem folder `hidden` from the
/// compiler, as `judge` does; Python with the settings' interpreter), or `command`
/// resolved. A compile error is 1, another failure to compile 3.
fn compile_or_command(
    source: Option<&Path>,
    command: &[String],
    settings: &JudgeSettings,
    hidden: &Path,
) -> Result<Program, Failure> {
    match source {
        Some(src) if !src.is_file() => Err(Failure::new(
            exit::NO_INPUT,
            format!("cannot read {}: no such file", src.display()),
        )),
        Some(src) => compile::Compiler::new(&settings.launcher)
            .with_python(settings.python.clone())
            .hiding([hidden.to_path_buf()])
            .compile(src)
            .map_err(|f| {
                let code = if f.verdict == Verdict::CompileError {
                    exit::REJECTED
                } else {
                    exit::JUDGE_FAILURE
                };
                Failure::new(code, format!("{}: {}", src.display(), f))
            }),
        None => match command.split_first() {
            Some((first, rest)) => Program::command(first, rest)
                .map_err(|f| Failure::new(exit::JUDGE_FAILURE, f.message)),
            None => Err(Failure::usage(
                "say what to stress: --source FILE, or -- CMD [ARGS...]",
            )),
        },
    }
}
