//! A legacy package's custom grader (`grading: custom` in a `testdata.yaml`): the one
//! program in `graders/` (a source file or a folder, built as an output validator is:
//! [`JuryProgram`]), run once per group that grades with it, with problemtools'
//! protocol:
//!
//! - standard input: one line per child of the group (its cases and subgroups, in
//!   judging order, those judged before an `on_reject: break` stopped it):
//!   `VERDICT SCORE`, the verdict one of `AC`, `WA`, `TLE`, `RTE`, the score the case's
//!   (`score.txt`, else `accept_score` / `reject_score`) or the subgroup's;
//! - arguments: the group's `grader_flags`, word by word (nothing else);
//! - standard output: one `VERDICT SCORE` (`AC`, `WA`, `TLE`, `RTE`, `MLE`, `OLE`, `JE`,
//!   then a number), and exit code 0.
//!
//! Anything else — a build failure, another exit code, a crash, a limit, another
//! output — is a judge error of the group naming the grader. The grader is setter
//! code: it runs as an output validator does ([`setter_isolation`]: confined, without
//! network, as a setter uid of its own, in a minimal root with only its build and the
//! system folders), under the output validators' limits ([`jury_limits`]).

use super::metadata::Constants;
use super::output_validator::{jury_limits, setter_isolation, JuryProgram};
use crate::judge::scoring::{grader_verdict_name, parse_grader_output, Grader};
use crate::sandbox::{self, ExitStatus, RunSpec};
use crate::Verdict;
use std::path::{Path, PathBuf};

pub use super::scoring::grader_source;

/// A built custom grader.
#[derive(Debug)]
pub(crate) struct ProgramGrader {
    /// `graders/NAME`, as the errors name it.
    name: String,
    launcher: PathBuf,
    built: JuryProgram,
}

impl ProgramGrader {
    /// Builds the grader at `source` (`package` is the package's folder, for its name
    /// in the errors).
    pub fn build(
        package: &Path,
        source: &Path,
        launcher: &Path,
        constants: &Constants,
    ) -> Result<ProgramGrader, String> {
        let name = source
            .strip_prefix(package)
            .unwrap_or(source)
            .display()
            .to_string();
        let built = JuryProgram::build(source, launcher, constants, &format!("grader {name}"))?;
        Ok(ProgramGrader {
            name,
            launcher: launcher.to_path_buf(),
            built,
        })
    }

    /// One run on `input` with `flags`: its output, or why it failed.
    fn run(&self, input: &str, flags: &[String]) -> Result<String, String> {
        let work = tempfile::Builder::new()
            .prefix("gridjudge-grader-")
            .tempdir()
            .map_err(|e| format!("cannot create the grader's folder: {e}"))?;
        let (stdin, stdout, stderr) = (
            work.path().join("in"),
            work.path().join("out"),
            work.path().join("err"),
        );
        // Its working folder, apart from the files the judge reads and writes: the
        // run's root covers it.
        let dir = &work.path().join("work");
        std::fs::create_dir(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        std::fs::write(&stdin, input)
            .map_err(|e| format!("cannot write {}: {e}", stdin.display()))?;
        let mut argv = vec![self.built.program.display().to_string()];
        argv.extend(self.built.prefix.iter().cloned());
        argv.extend(flags.iter().cloned());
        let spec = RunSpec {
            program: self.built.program.clone(),
            argv,
            env: sandbox::default_env(dir),
            workdir: dir.to_path_buf(),
            stdin,
            stdout: stdout.clone(),
            stderr: stderr.clone(),
            limits: jury_limits(),
            isolation: setter_isolation(),
            hide: Vec::new(),
            read_only: vec![self.built.folder.clone()],
            keep_workdir: false,
            binds: vec![],
            wait_share: None,
        };
        let outcome = sandbox::Sandbox::new(&self.launcher)
            .run(&spec)
            .map_err(|e| e.to_string())?;
        let said = crate::tree::read_regular(&stderr).unwrap_or_default();
        let said = said.lines().next().unwrap_or_default().trim().to_string();
        let why = match (outcome.killed_for, outcome.status) {
            (None, ExitStatus::Exited(0)) => {
                return crate::tree::read_regular(&stdout)
                    .map_err(|e| format!("cannot read its output: {e}"))
            }
            (Some(limit), _) => format!("killed for {limit:?}"),
            (None, ExitStatus::Exited(code)) => format!("exit code {code}, not 0"),
            (None, ExitStatus::Signaled(sig)) => sandbox::signal_name(sig),
        };
        Err(if said.is_empty() {
            why
        } else {
            format!("{why}: {said}")
        })
    }
}

impl Grader for ProgramGrader {
    fn grade(
        &self,
        children: &[(Verdict, f64)],
        flags: &[String],
    ) -> Result<(Verdict, f64), String> {
        // problemtools grades no children as AC 0 without running the grader.
        if children.is_empty() {
            return Ok((Verdict::Accepted, 0.0));
        }
        let input: String = children
            .iter()
            .map(|(v, s)| format!("{} {s:?}\n", grader_verdict_name(*v)))
            .collect();
        let output = self
            .run(&input, flags)
            .map_err(|e| format!("grader {} failed ({e})", self.name))?;
        parse_grader_output(&output).ok_or_else(|| {
            let first: String = output.trim().chars().take(60).collect();
            format!(
                "grader {} printed {first:?}, not one line \"VERDICT SCORE\"",
                self.name
            )
        })
    }
}
