//! The judge's problem: what one judging of one problem needs, resolved once.
//!
//! A [`JudgeProblem`] holds the cases, the limits, and what checks the outputs. It is
//! built in one of three ways and never reread:
//!
//! - from a gridjudge problem folder ([`JudgeProblem::load`]: `problem.toml`, read by
//!   [`config`](crate::judge::config), and `data/`),
//! - from a Kattis / ICPC problem package (`gridjudge::package`, which supplies the
//!   package's output validator as an [`OutputChecker`]),
//! - and, on top of either, from the command line's overrides ([`Overrides`]: another
//!   time or memory limit, one case, the opt-in stress cases).
//!
//! The steps are ripgrep's low-args → high-args step: the file formats and the flags say
//! what was *asked*; this type is what the judge *does*. Each rule lives in one place:
//! the wall-time rule is [`default_wall`], the limits a run gets are
//! [`ProblemLimits::run_limits`], and the checker is [`Checker`].

use crate::judge::config::{cases_in, Case, ConfigError, Group, ProblemToml};
use crate::sandbox::limits::{Limits, MemoryMode, MIB};
use crate::sandbox::{RunOutcome, RunSpec};
use crate::Problem;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub use crate::sandbox::limits::default_wall;

/// Judges a program's output for one case, instead of gridjudge's built-in checker (a
/// Kattis package's default or custom output validator, see `gridjudge::package`).
///
/// A checker that only reads a finished output implements [`check`](Self::check). One
/// that takes part in the run — an interactor, or a validator of a multi-pass problem
/// that keeps a feedback folder from pass to pass — says so in its
/// [`protocol`](Self::protocol) and hands the judge its run instead
/// ([`validator_run`](Self::validator_run), [`validator_verdict`](Self::validator_verdict)):
/// the judge's `interaction` module connects it to the program and runs the passes.
pub trait OutputChecker: Send + Sync + std::fmt::Debug {
    /// The verdict (AC, WA, or JE for the checker's own failure) and its message for the
    /// output in the file `output` (already within the output limit).
    fn check(&self, case: &Case, output: &Path) -> (crate::Verdict, String);

    /// [`check`](Self::check), with the score files the checker's feedback folder holds
    /// afterwards (a scoring problem's output validator writes `score.txt` or
    /// `score_multiplier.txt`); none unless the checker says otherwise.
    fn check_scored(&self, case: &Case, output: &Path) -> (crate::Verdict, String, ScoreFiles) {
        let (v, m) = self.check(case, output);
        (v, m, ScoreFiles::default())
    }

    /// Whether the checker compares the output with the case's answer, so that the
    /// answer is *the* right output and a wrong answer's report can show where the two
    /// first differ (`judge::first_difference`); `false`
    /// unless the checker says otherwise (a custom validator's answer need not be the
    /// only right output).
    fn compares_with_answer(&self) -> bool {
        false
    }

    /// How the checker takes part in a run: [`Protocol::BATCH`] unless it says otherwise.
    fn protocol(&self) -> Protocol {
        Protocol::BATCH
    }

    /// The run of the validator (or interactor) for one pass of `case`: it reads
    /// `io.stdin`, writes `io.stdout`, and gets `pass.input`, the answer and
    /// `pass.feedback` as arguments. Only checkers whose [`protocol`](Self::protocol) is
    /// not [`Protocol::BATCH`] need it.
    fn validator_run(
        &self,
        case: &Case,
        pass: &PassFiles<'_>,
        io: &ValidatorIo<'_>,
    ) -> Result<RunSpec, String> {
        let _ = (case, pass, io);
        Err("this output checker has no validator run".into())
    }

    /// The verdict of a [`validator_run`](Self::validator_run) that ended as `outcome`:
    /// AC for exit 42, WA for 43 (with `feedback/judgemessage.txt`), JE otherwise.
    fn validator_verdict(
        &self,
        outcome: &RunOutcome,
        spec: &RunSpec,
        feedback: &Path,
    ) -> (crate::Verdict, String) {
        let _ = (outcome, spec, feedback);
        (
            crate::Verdict::JudgeError,
            "this output checker has no validator run".into(),
        )
    }

    /// The score files an interactor or a multi-pass validator left in its feedback
    /// folder `feedback` (`score.txt`, `score_multiplier.txt`), read once a case's
    /// passes are over; `Err` names a broken one (a judge error). None unless the
    /// checker says otherwise.
    fn pass_scores(&self, feedback: &Path) -> Result<ScoreFiles, String> {
        let _ = feedback;
        Ok(ScoreFiles::default())
    }
}

/// What an output validator wrote into its feedback folder besides its verdict.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ScoreFiles {
    /// `score.txt`.
    pub score: Option<f64>,
    /// `score_multiplier.txt`.
    pub multiplier: Option<f64>,
}

/// How an [`OutputChecker`] takes part in a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Protocol {
    /// The checker is an interactor: it runs beside the program, connected to it by two
    /// pipes, instead of reading its output afterwards.
    pub interactive: bool,
    /// The problem is multi-pass: a validator that accepts and leaves
    /// `feedback/nextpass.in` starts another pass with that input, up to this many passes
    /// in all. `None`: one pass, `nextpass.in` means nothing.
    pub passes: Option<u32>,
}

impl Protocol {
    /// A checker that reads the finished output of one run.
    pub const BATCH: Protocol = Protocol {
        interactive: false,
        passes: None,
    };
}

/// What a validator of one pass is given: the pass's input (the case's, or the last
/// pass's `nextpass.in`) and the feedback folder, which lives as long as the case.
#[derive(Debug, Clone, Copy)]
pub struct PassFiles<'a> {
    /// The input of this pass.
    pub input: &'a Path,
    /// The feedback folder (`judgemessage.txt`, `nextpass.in`, …).
    pub feedback: &'a Path,
}

/// Where a validator run reads and writes.
#[derive(Debug, Clone)]
pub struct ValidatorIo<'a> {
    /// Its standard input: the program's output file, or the pipe from the program.
    pub stdin: &'a Path,
    /// Its standard output: a file, or the pipe to the program.
    pub stdout: &'a Path,
    /// Its standard error.
    pub stderr: &'a Path,
    /// Its working folder.
    pub workdir: &'a Path,
    /// Folders it must not see (the program's working and capture folders).
    pub hide: Vec<PathBuf>,
}

/// What judges a problem's outputs.
#[derive(Debug, Clone)]
pub enum Checker {
    /// gridjudge's checker for this problem (`gridjudge::check::check`).
    Builtin(Problem),
    /// Another one (a package's validator).
    External(Arc<dyn OutputChecker>),
}

/// A problem's limits, resolved: every figure the sandbox needs but the memory mode
/// (a setting of the judge, not of the problem).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProblemLimits {
    /// CPU time per case.
    pub time: Duration,
    /// Wall-clock time per case.
    pub wall: Duration,
    /// Memory, bytes.
    pub memory_bytes: u64,
    /// Output size (and any file the program writes), bytes.
    pub output_bytes: u64,
}

/// The output limit of a problem that states none.
pub const DEFAULT_OUTPUT_BYTES: u64 = 64 * MIB;

impl ProblemLimits {
    /// Limits with a CPU time and memory, the wall time by [`default_wall`] and the
    /// output limit [`DEFAULT_OUTPUT_BYTES`].
    pub fn new(time: Duration, memory_bytes: u64) -> ProblemLimits {
        ProblemLimits {
            time,
            wall: default_wall(time),
            memory_bytes,
            output_bytes: DEFAULT_OUTPUT_BYTES,
        }
    }

    /// `problem.toml`'s `[limits]`: the stated figures, the others by default.
    pub(crate) fn from_toml(toml: &ProblemToml) -> ProblemLimits {
        let l = &toml.limits;
        let mut limits =
            ProblemLimits::new(Duration::from_secs_f64(l.time_seconds), mib(l.memory_mib));
        if let Some(w) = l.wall_seconds {
            limits.wall = Duration::from_secs_f64(w);
        }
        if let Some(o) = l.output_mib {
            limits.output_bytes = mib(o);
        }
        limits
    }

    /// These limits with the CPU time `time`: the wall time becomes at least
    /// [`default_wall`] of it (a stated longer wall time is kept).
    pub fn with_time(self, time: Duration) -> ProblemLimits {
        ProblemLimits {
            time,
            wall: self.wall.max(default_wall(time)),
            ..self
        }
    }

    /// These limits with the CPU time multiplied by `factor` (at least 1) and the wall
    /// time raised to at least the new CPU time: TLE examples judged under a safety
    /// margin (`judge::margins`).
    pub(crate) fn with_time_scaled(self, factor: f64) -> ProblemLimits {
        let time = self.time.mul_f64(factor.max(1.0));
        ProblemLimits {
            time,
            wall: self.wall.max(time),
            ..self
        }
    }

    /// The memory limit in MiB.
    pub fn memory_mib(&self) -> f64 {
        self.memory_bytes as f64 / MIB as f64
    }

    /// The output limit in MiB.
    pub fn output_mib(&self) -> f64 {
        self.output_bytes as f64 / MIB as f64
    }

    /// The limits one run gets, with the judge's memory mode.
    pub fn run_limits(&self, memory_mode: MemoryMode) -> Limits {
        let mut limits = Limits::new(self.time, self.memory_bytes);
        limits.wall = self.wall;
        limits.output_bytes = self.output_bytes;
        limits.memory_mode = memory_mode;
        limits
    }
}

/// MiB (as a figure in a file) to bytes, rounded.
fn mib(m: f64) -> u64 {
    (m * MIB as f64).round() as u64
}

/// A problem as the judge runs it: its cases in judging order, its limits and its
/// checker.
#[derive(Debug, Clone)]
pub struct JudgeProblem {
    /// The folder (a problem folder or a package).
    pub dir: PathBuf,
    /// Its short name (the folder name, `poj3074`).
    pub name: String,
    /// Its title.
    pub title: String,
    /// Where it comes from (free text).
    pub source: String,
    /// Its limits.
    pub limits: ProblemLimits,
    /// The cases in judging order.
    pub cases: Vec<Case>,
    /// What judges the outputs.
    pub checker: Checker,
    /// Text replaced in example submissions' sources before they are compiled (a
    /// 2025-09 package's constants, `{{n}}` → `100`); empty for a problem folder.
    pub source_substitutions: Vec<(String, String)>,
    /// A scoring problem's test groups and rules: every case is judged, and the
    /// report carries the scores ([`Scored`](crate::judge::scoring::Scored)).
    pub scoring: Option<std::sync::Arc<crate::judge::scoring::Scoring>>,
}

/// What the command line changes in a problem ([`JudgeProblem::apply`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Overrides {
    /// Another CPU time limit, seconds (the wall time follows, [`ProblemLimits::with_time`]).
    pub time_seconds: Option<f64>,
    /// Another memory limit, MiB.
    pub memory_mib: Option<f64>,
    /// Judge only this case: its name (`01_top95`) or id (`secret/01_top95`).
    pub case: Option<String>,
    /// Also judge the opt-in `data/stress` cases.
    pub with_stress: bool,
}

/// [`JudgeProblem::check_data`] for `problem`'s checker.
fn check_data(problem: Problem, cases: &[Case]) -> Result<(), ConfigError> {
    for case in cases {
        let input = crate::tree::read_file(&case.input)?;
        if let Err(e) = crate::check::valid_input(problem, &input) {
            return Err(ConfigError::Data {
                path: case.input.clone(),
                message: format!("invalid {problem} input: {e}"),
            });
        }
        if let Some(path) = &case.answer {
            let answer = crate::tree::read_file(path)?;
            let outcome = crate::check::check(problem, &input, &answer, Some(&answer));
            if outcome.verdict != crate::Verdict::Accepted {
                let message = outcome.message;
                let why = message
                    .strip_prefix("jury answer is invalid: ")
                    .unwrap_or(&message);
                return Err(ConfigError::Data {
                    path: path.clone(),
                    message: format!("the jury answer is not an accepted output: {why}"),
                });
            }
        }
    }
    Ok(())
}

impl JudgeProblem {
    /// Loads a gridjudge problem folder: `dir/problem.toml` and the cases of
    /// `dir/data/{sample,secret}/*.in` (or, without those folders, the `.in` files of
    /// `dir/data/` or `dir/`); no case at all is an error that shows the expected layout.
    pub fn load(dir: &Path) -> Result<JudgeProblem, ConfigError> {
        // Nothing below is read until the whole folder is known to stay inside itself.
        crate::tree::Tree::new(dir)?.check_all()?;
        let config = crate::judge::config::read(dir)?;
        let mut cases = Vec::new();
        let mut grouped = false;
        for group in [Group::Sample, Group::Secret] {
            let folder = dir.join("data").join(group.name());
            if folder.is_dir() {
                grouped = true;
                cases.extend(cases_in(&folder, group)?);
            }
        }
        // Without data/{sample,secret}: `.in` files directly in data/, or in the problem
        // folder itself, are the secret cases (a flat folder of inputs).
        if !grouped {
            for flat in [dir.join("data"), dir.to_path_buf()] {
                if cases.is_empty() && flat.is_dir() {
                    cases = cases_in(&flat, Group::Secret)?;
                }
            }
        }
        if cases.is_empty() {
            return Err(ConfigError::Invalid {
                path: dir.to_path_buf(),
                message: "no judge cases: expected PROBLEM/data/sample/*.in and/or \
                          PROBLEM/data/secret/*.in (each with an optional .ans beside it), or \
                          a flat folder of .in files in PROBLEM/data/ or PROBLEM/"
                    .to_string(),
            });
        }
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| config.problem.id().to_string());
        Ok(JudgeProblem {
            dir: dir.to_path_buf(),
            name,
            title: config.title.clone(),
            source: config.source.clone(),
            limits: ProblemLimits::from_toml(&config),
            cases,
            checker: Checker::Builtin(config.problem),
            source_substitutions: Vec::new(),
            scoring: None,
        })
    }

    /// The gridjudge problem whose checker (and reference solver) this problem uses;
    /// `None` for a package with a validator of its own.
    pub fn gridjudge_problem(&self) -> Option<Problem> {
        match self.checker {
            Checker::Builtin(p) => Some(p),
            Checker::External(_) => None,
        }
    }

    /// Checks the data before any run, for a problem judged by its gridjudge checker:
    /// every case's input through the problem's validator and every jury answer
    /// through its checker as if a program had printed it. Invalid data is a
    /// [`ConfigError::Data`] naming the file, line and column, never a verdict blamed
    /// on a program (the reference's RE "no solution", a contestant's TLE). A problem
    /// judged by an interactor or a validator of its own has data of its own format:
    /// nothing is checked here.
    pub fn check_data(&self) -> Result<(), ConfigError> {
        match self.checker {
            Checker::Builtin(problem) => check_data(problem, &self.cases),
            Checker::External(_) => Ok(()),
        }
    }

    /// Appends the opt-in `data/stress/*.in` cases (none when the folder is missing).
    pub(crate) fn add_stress(&mut self) -> Result<(), ConfigError> {
        let folder = self.dir.join("data").join(Group::Stress.name());
        if folder.is_dir() {
            let stress = cases_in(&folder, Group::Stress)?;
            self.cases.extend(stress);
        }
        Ok(())
    }

    /// Applies the command line's overrides. With [`Overrides::case`], the cases are
    /// narrowed to the one named; no case left is not an error here (judging several
    /// problems, the case is in one of them), [`JudgeProblem::cases`] is then empty.
    pub fn apply(&mut self, overrides: &Overrides) -> Result<(), ConfigError> {
        if overrides.with_stress {
            self.add_stress()?;
        }
        if let Some(t) = overrides.time_seconds {
            self.limits = self.limits.with_time(Duration::from_secs_f64(t));
        }
        if let Some(m) = overrides.memory_mib {
            self.limits.memory_bytes = mib(m);
        }
        if let Some(want) = &overrides.case {
            self.cases.retain(|c| &c.name == want || &c.id() == want);
        }
        Ok(())
    }

    /// The limits one run of this problem gets, with the judge's memory mode.
    pub fn run_limits(&self, memory_mode: MemoryMode) -> Limits {
        self.limits.run_limits(memory_mode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(toml: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("problem.toml"), toml).expect("write");
        let secret = dir.path().join("data/secret");
        std::fs::create_dir_all(&secret).expect("mkdir");
        for name in ["a", "b"] {
            std::fs::write(secret.join(format!("{name}.in")), "x").expect("write");
        }
        std::fs::write(secret.join("a.ans"), "x").expect("write");
        dir
    }

    const TOML: &str = "problem = \"poj3074\"\ntitle = \"T\"\n[limits]\ntime_seconds = 1.0\nmemory_mib = 64\n[checker]\ntype = \"builtin\"\n";

    #[test]
    fn a_folder_resolves_its_limits_and_checker_once() {
        let dir = folder(TOML);
        let p = JudgeProblem::load(dir.path()).expect("loads");
        assert_eq!(p.gridjudge_problem(), Some(Problem::Poj3074));
        assert_eq!(p.limits.time, Duration::from_secs(1));
        assert_eq!(p.limits.wall, Duration::from_secs(3));
        assert_eq!(p.limits.memory_bytes, 64 * MIB);
        assert_eq!(p.limits.output_bytes, DEFAULT_OUTPUT_BYTES);
        assert_eq!(p.cases.len(), 2);
        assert_eq!(p.cases[0].id(), "secret/a");
        assert!(p.cases[0].answer.is_some() && p.cases[1].answer.is_none());
        let run = p.run_limits(MemoryMode::AddressSpace);
        assert_eq!((run.cpu, run.wall), (p.limits.time, p.limits.wall));
        assert_eq!(run.memory_mode, MemoryMode::AddressSpace);
    }

    #[test]
    fn overrides_keep_a_longer_stated_wall_and_raise_a_shorter_one() {
        let dir = folder(&TOML.replace("memory_mib = 64", "memory_mib = 64\nwall_seconds = 10"));
        let mut p = JudgeProblem::load(dir.path()).expect("loads");
        p.apply(&Overrides {
            time_seconds: Some(2.0),
            memory_mib: Some(16.0),
            case: Some("b".into()),
            with_stress: false,
        })
        .expect("applies");
        assert_eq!(p.limits.time, Duration::from_secs(2));
        assert_eq!(
            p.limits.wall,
            Duration::from_secs(10),
            "stated and longer: kept"
        );
        assert_eq!(p.limits.memory_bytes, 16 * MIB);
        assert_eq!(p.cases.len(), 1);
        p.apply(&Overrides {
            time_seconds: Some(5.0),
            ..Overrides::default()
        })
        .expect("applies");
        assert_eq!(
            p.limits.wall,
            Duration::from_secs(15),
            "raised to the default rule"
        );
    }

    #[test]
    fn a_scaled_time_raises_the_wall_to_at_least_itself() {
        let l = ProblemLimits::new(Duration::from_secs(1), MIB);
        let scaled = l.with_time_scaled(4.0);
        assert_eq!(scaled.time, Duration::from_secs(4));
        assert_eq!(scaled.wall, Duration::from_secs(4));
        assert_eq!(l.with_time_scaled(1.5).wall, Duration::from_secs(3));
        assert_eq!(
            l.with_time_scaled(0.5).time,
            l.time,
            "a factor below 1 is 1"
        );
    }

    #[test]
    fn a_folder_without_cases_names_the_layout() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("problem.toml"), TOML).expect("write");
        let e = JudgeProblem::load(dir.path()).expect_err("no cases");
        assert!(e.to_string().contains("data/sample/*.in"), "{e}");
    }
}
