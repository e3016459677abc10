//! One stress worker's way of running a program on a case set: exactly the judge's
//! path ([`judge_case`]) — the worker's long-lived launcher session, a fresh sandbox
//! per run, the problem's limits, limit verdicts, then the checker with the known
//! answer — on an input written into a private folder that is hidden from the program
//! like a problem folder is.

use super::case_set::CaseSet;
use crate::judge::case_loop::{judge_case, JudgeSettings, Worker};
use crate::judge::compile::Program;
use crate::judge::config::{Case, Group};
use crate::judge::problem::JudgeProblem;
use crate::sandbox::interrupt::Interrupted;
use crate::sandbox::limits::{Isolation, Limits, UidLease};
use crate::Verdict;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;

/// What one run gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trial {
    /// The verdict.
    pub verdict: Verdict,
    /// The checker's (or the limit's) message.
    pub message: String,
    /// The program's standard output (capped at the output limit).
    pub output: Vec<u8>,
}

/// A program runner for one thread.
#[derive(Debug)]
pub struct Runner {
    folder: tempfile::TempDir,
    problem: JudgeProblem,
    case: Case,
    limits: Limits,
    worker: Worker,
    isolation: Isolation,
    _lease: Option<UidLease>,
}

impl Runner {
    /// A runner for worker `slot` of `settings`, judging like `problem` (its limits and
    /// checker).
    pub fn new(
        problem: &JudgeProblem,
        settings: &JudgeSettings,
        slot: usize,
    ) -> Result<Runner, String> {
        let folder = tempfile::Builder::new()
            .prefix("gridjudge-stress-")
            .tempdir()
            .map_err(|e| format!("cannot create a stress folder: {e}"))?;
        // Readable by a sandbox user (root judges drop to one); the program still
        // cannot see it: the folder is hidden like a problem folder.
        std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o755))
            .map_err(|e| format!("cannot open up the stress folder: {e}"))?;
        let (isolation, lease) = settings.isolation(slot);
        let case = Case {
            group: Group::Secret,
            name: "stress".into(),
            input: folder.path().join("stress.in"),
            answer: Some(folder.path().join("stress.ans")),
        };
        let mut fake = problem.clone();
        fake.dir = folder.path().to_path_buf();
        fake.cases = Vec::new();
        Ok(Runner {
            limits: problem.run_limits(settings.memory_mode),
            problem: fake,
            case,
            worker: Worker::new(&settings.launcher),
            isolation,
            _lease: lease,
            folder,
        })
    }

    /// Runs `program` on `set`. A failure to write the input is a judge error; `Err` when
    /// a signal ended the run (see [`interrupt`](crate::sandbox::interrupt)).
    pub fn run(&mut self, program: &Program, set: &CaseSet) -> Result<Trial, Interrupted> {
        let write = std::fs::write(&self.case.input, set.input())
            .and_then(|_| std::fs::write(self.folder.path().join("stress.ans"), set.answer()));
        if let Err(e) = write {
            return Ok(Trial {
                verdict: Verdict::JudgeError,
                message: format!("cannot write the stress case: {e}"),
                output: Vec::new(),
            });
        }
        let mut limits = self.limits;
        limits.memory_mode = program.memory_mode(limits.memory_mode);
        let result = judge_case(
            &self.problem,
            &self.case,
            program,
            &limits,
            &mut self.worker,
            self.isolation,
        )?;
        let mut output = Vec::new();
        if let Some(path) = self.worker.last_stdout() {
            if let Ok(f) = std::fs::File::open(path) {
                let _ = f.take(self.limits.output_bytes).read_to_end(&mut output);
            }
        }
        Ok(Trial {
            verdict: result.verdict,
            message: result.message,
            output,
        })
    }
}
