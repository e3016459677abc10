//! Interactive and multi-pass judging: a case whose output checker takes part in the
//! run ([`Protocol`](crate::judge::problem::Protocol) other than
//! [`Protocol::BATCH`](crate::judge::problem::Protocol::BATCH)).
//!
//! # Passes
//!
//! A case runs in passes ([`judge_passes`]). Each pass runs the program on the pass's
//! input, then (batch) the validator on its output, or (interactive) the interactor
//! beside it. The feedback folder is made once per case and kept from pass to pass. In
//! a multi-pass problem a validator that accepts and leaves `feedback/nextpass.in`
//! asks for one more pass with that file as input; a pass that is not accepted ends
//! the case with its verdict; `nextpass.in` next to any validator exit but 42, or a
//! request for more passes than
//! [`Protocol::passes`](crate::judge::problem::Protocol::passes), is a judge error. The case's
//! figures are those of its slowest pass.
//!
//! # How the two processes of an interactive pass are connected
//!
//! The program and the interactor are two ordinary sandbox runs, each through its own
//! launcher ([`Sandbox`]), started from two threads, their standard streams joined by
//! FIFOs in a judge-only scratch folder: directly, or with `--relay-interaction`
//! through a judge thread that counts the bytes each side wrote
//! ([`pipes`](crate::judge::pipes) says how either way keeps the end-of-file and
//! `SIGPIPE` rules below, and what the relay costs).
//!
//! Who ended first is decided by when each run's program was reaped
//! ([`RunOutcome::ended_at_ns`], taken by the PID namespace's init as it wakes), not by
//! the order the two launchers' reports arrive in: a program that crashes at once on
//! the end of file a rejecting interactor left behind ends after it, however fast its
//! launcher reports.
//!
//! Every process of a run is killed by its own launcher when it ends or hits a limit.
//! The program has the problem's limits; the interactor has the validator's, its wall
//! time cut to the program's plus [`INTERACTOR_GRACE`], so a program that waits
//! forever is stopped by its own wall limit first. Each launcher publishes the
//! run-queue wait it measures for its side (a file of the pass each,
//! [`WaitShare`](crate::sandbox::WaitShare)) and credits the other side's to its own
//! deadline too: a program waiting for a CPU moves the interactor's deadline, and an
//! interactor waiting for one moves the program's. The interactor is setter code: it runs confined as a setter uid of its own
//! (never the program's), through its own launcher, in its own cgroups, so its CPU
//! time and memory are never the program's (see
//! [`output_validator`](crate::package::output_validator)); it reaches the FIFOs only
//! through the standard streams its launcher opened.
//!
//! # Verdict of an interactive pass
//!
//! In this order (problemtools' `_run_interactive`):
//!
//! 1. the interactor did not exit 42 or 43 (crashed, hit a limit): JE, unless the
//!    program hit a limit (TLE, MLE, OLE): a program over a limit is judged by that
//!    limit first, so an interactor that fails under a program's flood (one line that
//!    never ends) is not the judge's error;
//! 2. the interactor exited 43 and ended first: WA, whatever the program did after,
//!    unless the program wrote past its output limit: OLE (through the relay, which
//!    then cut the interactor's input, the rejection follows from the cut);
//! 3. the program hit a limit or failed (TLE, MLE, RTE — a program that waits for
//!    input that never comes is stopped at its wall limit, TLE): that verdict;
//! 4. otherwise the interactor's: AC for 42, WA for 43.

use crate::judge::config::Case;
use crate::judge::limit_verdict::limit_verdict;
pub use crate::judge::pipes::Bytes;
use crate::judge::pipes::Pipes;
use crate::judge::problem::{OutputChecker, PassFiles, ScoreFiles, ValidatorIo};
use crate::sandbox::interrupt::Interrupted;
use crate::sandbox::{self, ExitStatus, RunOutcome, RunSpec, Sandbox, SandboxError};
use crate::Verdict;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How much longer than the program's wall limit an interactor may run.
pub const INTERACTOR_GRACE: Duration = Duration::from_secs(3);

/// Which side of an interaction ended first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The contestant's program.
    Submission,
    /// The interactor.
    Interactor,
}

impl Side {
    /// `submission` or `interactor`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Submission => "submission",
            Side::Interactor => "interactor",
        }
    }
}

/// What the passes of one case were, for the reports.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ProtocolNote {
    /// Passes run.
    pub passes: u32,
    /// In an interactive problem, who ended the last pass's interaction first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_first: Option<Side>,
    /// How the validator (interactor) of the last pass ended (`exit 42`), if it ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validator: Option<String>,
    /// In an interactive problem, the bytes each side wrote, over all passes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<Bytes>,
}

impl ProtocolNote {
    /// One line for the table, JUnit and HTML reports: `2 passes, validator exit 42`,
    /// `interactor ended first, interactor exit 43`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.passes > 1 {
            parts.push(format!("{} passes", self.passes));
        }
        if let Some(side) = self.ended_first {
            parts.push(format!("{} ended first", side.name()));
        }
        if let Some(b) = self.bytes {
            parts.push(format!(
                "program wrote {} B, interactor {} B",
                b.program, b.interactor
            ));
        }
        if let Some(status) = &self.validator {
            let who = if self.ended_first.is_some() {
                "interactor"
            } else {
                "validator"
            };
            parts.push(format!("{who} {status}"));
        }
        parts.join(", ")
    }
}

/// One case to judge in passes.
pub struct PassJob<'a> {
    /// The checker (its protocol says interactive and/or multi-pass).
    pub checker: &'a dyn OutputChecker,
    /// The case.
    pub case: &'a Case,
    /// The program's run on the case's input, as a batch case would run it.
    pub program: RunSpec,
    /// The program's sandbox.
    pub sandbox: &'a mut Sandbox,
    /// The validator's (interactor's) sandbox.
    pub peer: &'a mut Sandbox,
    /// Join the program and the interactor through the relay, which counts the bytes
    /// each side wrote ([`pipes`](crate::judge::pipes)), instead of directly.
    pub relay: bool,
}

/// The result of a case judged in passes.
#[derive(Debug)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// Its reason.
    pub message: String,
    /// The program's run of the slowest pass (most CPU), if it ran at all.
    pub outcome: Option<RunOutcome>,
    /// The program's stderr file of the last pass.
    pub stderr: PathBuf,
    /// The passes, for the reports.
    pub note: ProtocolNote,
    /// The score files the last validator (interactor) of an accepted case left (read
    /// whatever the problem; only a scoring problem's count); `Err` names a broken one.
    pub scores: Result<ScoreFiles, String>,
}

/// One pass's result.
struct Pass {
    verdict: Verdict,
    message: String,
    program: Option<RunOutcome>,
    /// The validator ran and exited 42.
    validator_accepted: bool,
    /// How the validator ended, if it ran.
    validator: Option<String>,
    first: Option<Side>,
    /// In an interactive pass, what each side wrote.
    bytes: Option<Bytes>,
}

impl Pass {
    fn judge_error(message: String, program: Option<RunOutcome>) -> Pass {
        Pass {
            verdict: Verdict::JudgeError,
            message,
            program,
            validator_accepted: false,
            validator: None,
            first: None,
            bytes: None,
        }
    }
}

/// `exit 0`, `SIGSEGV`.
fn status_text(status: ExitStatus) -> String {
    match status {
        ExitStatus::Exited(code) => format!("exit {code}"),
        ExitStatus::Signaled(sig) => sandbox::signal_name(sig),
    }
}

/// Runs `spec`; a signal is `Err`, any other failure a judge-error message.
fn run(sandbox: &mut Sandbox, spec: &RunSpec) -> Result<Result<RunOutcome, String>, Interrupted> {
    match sandbox.run(spec) {
        Ok(o) => Ok(Ok(o)),
        Err(SandboxError::Interrupted(signal)) => Err(Interrupted { signal }),
        Err(e) => Ok(Err(e.to_string())),
    }
}

/// Judges one case in passes (see the module doc). `Err` when a signal ended a run.
pub fn judge_passes(job: PassJob<'_>) -> Result<Judged, Interrupted> {
    let stderr = job.program.stderr.clone();
    let mut judged = Judged {
        verdict: Verdict::JudgeError,
        message: String::new(),
        outcome: None,
        stderr,
        note: ProtocolNote::default(),
        scores: Ok(ScoreFiles::default()),
    };
    let scratch = match tempfile::Builder::new().prefix("gridjudge-pass-").tempdir() {
        Ok(d) => d,
        Err(e) => {
            judged.message = format!("cannot create the feedback folder: {e}");
            return Ok(judged);
        }
    };
    let feedback = scratch.path().join("feedback");
    if let Err(e) = std::fs::create_dir(&feedback) {
        judged.message = format!("cannot create the feedback folder: {e}");
        return Ok(judged);
    }
    let checker = job.checker;
    run_passes(job, scratch.path(), &feedback, &mut judged)?;
    if judged.verdict == Verdict::Accepted {
        judged.scores = checker.pass_scores(&feedback);
    }
    Ok(judged)
}

/// The passes of one case, into `judged`, in the folder `scratch` (which holds
/// `feedback`).
fn run_passes(
    job: PassJob<'_>,
    scratch: &Path,
    feedback: &Path,
    judged: &mut Judged,
) -> Result<(), Interrupted> {
    let protocol = job.checker.protocol();
    let most = protocol.passes.unwrap_or(1).max(1);
    let mut input = std::path::absolute(&job.case.input).unwrap_or(job.case.input.clone());
    let mut job = job;
    // The program must see neither the scratch folder (feedback, later inputs) nor
    // what the problem folder holds.
    job.program.hide.push(scratch.to_path_buf());
    for pass in 1..=most {
        judged.note.passes = pass;
        let files = PassFiles {
            input: &input,
            feedback,
        };
        let ran = if protocol.interactive {
            interactive_pass(&mut job, &files, scratch, pass)?
        } else {
            batch_pass(&mut job, &files, scratch)?
        };
        if let Some(o) = ran.program {
            if judged.outcome.as_ref().is_none_or(|s| o.cpu >= s.cpu) {
                judged.outcome = Some(o);
            }
        }
        judged.note.ended_first = ran.first;
        if let Some(b) = ran.bytes {
            judged.note.bytes = Some(judged.note.bytes.unwrap_or_default().plus(b));
        }
        judged.note.validator = ran.validator.clone();
        (judged.verdict, judged.message) = (ran.verdict, ran.message);
        if protocol.passes.is_none() {
            return Ok(());
        }
        let next = feedback.join("nextpass.in");
        // A link the validator planted is no next input: it would lead the judge to a
        // file of the host.
        let has_next = next.symlink_metadata().is_ok_and(|m| m.is_file());
        if has_next && ran.validator.is_some() && !ran.validator_accepted {
            judged.verdict = Verdict::JudgeError;
            judged.message = format!(
                "the output validator wrote nextpass.in in pass {pass} but ended with {}, not exit 42",
                ran.validator.as_deref().unwrap_or("?")
            );
            return Ok(());
        }
        if judged.verdict != Verdict::Accepted || !has_next {
            return Ok(());
        }
        if pass == most {
            judged.verdict = Verdict::JudgeError;
            judged.message = format!(
                "the output validator asks for pass {} but limits.validation_passes is {most}",
                pass + 1
            );
            return Ok(());
        }
        let moved = scratch.join(format!("pass{}.in", pass + 1));
        if let Err(e) = std::fs::rename(&next, &moved) {
            judged.verdict = Verdict::JudgeError;
            judged.message = format!("cannot move {}: {e}", next.display());
            return Ok(());
        }
        input = moved;
    }
    Ok(())
}

/// The validator's folders inside the scratch folder, made fresh for a pass.
fn validator_dir(scratch: &Path) -> Result<PathBuf, String> {
    let dir = scratch.join("validator");
    if dir.exists() {
        std::fs::remove_dir_all(&dir)
            .map_err(|e| format!("cannot empty {}: {e}", dir.display()))?;
    }
    std::fs::create_dir(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}

/// Folders of the program's run the validator must not see.
fn program_folders(spec: &RunSpec) -> Vec<PathBuf> {
    let mut hide = vec![spec.workdir.clone()];
    hide.extend(spec.stdout.parent().map(Path::to_path_buf));
    hide.extend(spec.stderr.parent().map(Path::to_path_buf));
    hide.sort();
    hide.dedup();
    hide
}

/// One pass of a batch multi-pass case: the program, then the validator on its output.
fn batch_pass(
    job: &mut PassJob<'_>,
    files: &PassFiles<'_>,
    scratch: &Path,
) -> Result<Pass, Interrupted> {
    let mut spec = job.program.clone();
    spec.stdin = files.input.to_path_buf();
    let outcome = match run(job.sandbox, &spec)? {
        Ok(o) => o,
        Err(e) => return Ok(Pass::judge_error(e, None)),
    };
    if let Some((verdict, message)) = limit_verdict(&outcome, &spec.limits) {
        return Ok(Pass {
            verdict,
            message,
            program: Some(outcome),
            validator_accepted: false,
            validator: None,
            first: None,
            bytes: None,
        });
    }
    let dir = match validator_dir(scratch) {
        Ok(d) => d,
        Err(e) => return Ok(Pass::judge_error(e, Some(outcome))),
    };
    let (out, err) = (dir.join("stdout"), dir.join("stderr"));
    let work = dir.join("work");
    if let Err(e) = std::fs::create_dir(&work) {
        return Ok(Pass::judge_error(
            format!("cannot create {}: {e}", work.display()),
            Some(outcome),
        ));
    }
    let io = ValidatorIo {
        stdin: &spec.stdout,
        stdout: &out,
        stderr: &err,
        workdir: &work,
        hide: program_folders(&spec),
    };
    let vspec = match job.checker.validator_run(job.case, files, &io) {
        Ok(s) => s,
        Err(e) => return Ok(Pass::judge_error(e, Some(outcome))),
    };
    let voutcome = match run(job.peer, &vspec)? {
        Ok(o) => o,
        Err(e) => {
            return Ok(Pass::judge_error(
                format!("output validator: {e}"),
                Some(outcome),
            ))
        }
    };
    let (verdict, message) = job
        .checker
        .validator_verdict(&voutcome, &vspec, files.feedback);
    Ok(Pass {
        verdict,
        message,
        program: Some(outcome),
        validator_accepted: verdict == Verdict::Accepted,
        validator: Some(status_text(voutcome.status)),
        first: None,
        bytes: None,
    })
}

/// Each side of an interactive pass waits for the other: the time one waits for a CPU
/// is credited to the other's wall clock too (through two files in `fifo_dir`), so a
/// loaded machine never makes the interactor's wall limit (a judge error) come first,
/// nor the program's (a TLE) while it waits for a starved interactor.
fn share_waits(spec: &mut RunSpec, ispec: &mut RunSpec, fifo_dir: &Path) {
    let (program_wait, interactor_wait) = (
        fifo_dir.join("wait.program"),
        fifo_dir.join("wait.interactor"),
    );
    spec.wait_share = Some(sandbox::WaitShare {
        publish: program_wait.clone(),
        follow: interactor_wait.clone(),
    });
    ispec.wait_share = Some(sandbox::WaitShare {
        publish: interactor_wait,
        follow: program_wait,
    });
}

/// Who ended first: by when each was reaped, which the launchers' reports can arrive
/// out of (a program that crashes at once on the end of file a rejecting interactor
/// left may report first); by the reports' order (`reported`) where a time is missing.
fn ended_first(
    program: &RunOutcome,
    interactor: &RunOutcome,
    reported: Option<Side>,
) -> Option<Side> {
    match (program.ended_at_ns, interactor.ended_at_ns) {
        (p, i) if p > 0 && i > 0 => Some(if p < i {
            Side::Submission
        } else {
            Side::Interactor
        }),
        _ => reported,
    }
}

/// The two runs of interactive pass `pass` (in `scratch`): the pipes between them, the
/// program's run on its ends, and the interactor's, its limits within the program's
/// (its wall limit at most the program's plus a grace, its CPU within its wall), each
/// crediting the other's wait for a CPU.
fn pass_runs(
    job: &PassJob<'_>,
    files: &PassFiles<'_>,
    scratch: &Path,
    pass: u32,
) -> Result<(Pipes, RunSpec, RunSpec), String> {
    let fifo_dir = scratch.join(format!("pipes{pass}"));
    std::fs::create_dir(&fifo_dir)
        .map_err(|e| format!("cannot create {}: {e}", fifo_dir.display()))?;
    let pipes = Pipes::prepare(&fifo_dir, job.relay)?;
    let dir = validator_dir(scratch)?;
    let mut spec = job.program.clone();
    spec.stdin = pipes.program_in.clone();
    spec.stdout = pipes.program_out.clone();
    let err = dir.join("stderr");
    let work = dir.join("work");
    std::fs::create_dir(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let io = ValidatorIo {
        stdin: &pipes.interactor_in,
        stdout: &pipes.interactor_out,
        stderr: &err,
        workdir: &work,
        hide: program_folders(&job.program),
    };
    let mut ispec = job.checker.validator_run(job.case, files, &io)?;
    ispec.limits.wall = ispec.limits.wall.min(spec.limits.wall + INTERACTOR_GRACE);
    ispec.limits.cpu = ispec.limits.cpu.min(ispec.limits.wall);
    share_waits(&mut spec, &mut ispec, &fifo_dir);
    Ok((pipes, spec, ispec))
}

/// One pass of an interactive case: the program and the interactor together.
fn interactive_pass(
    job: &mut PassJob<'_>,
    files: &PassFiles<'_>,
    scratch: &Path,
    pass: u32,
) -> Result<Pass, Interrupted> {
    let je = |m: String| Ok(Pass::judge_error(m, None));
    let (pipes, spec, ispec) = match pass_runs(job, files, scratch, pass) {
        Ok(runs) => runs,
        Err(e) => return je(e),
    };
    let mut running = match pipes.start() {
        Ok(r) => r,
        Err(e) => return je(e),
    };
    running.cap_program(spec.limits.output_bytes);

    type Report = (Side, Result<Result<RunOutcome, String>, Interrupted>);
    let (tx, rx) = std::sync::mpsc::channel::<Report>();
    let (sandbox, peer, checker) = (&mut *job.sandbox, &mut *job.peer, job.checker);
    let (first, program, interactor) = std::thread::scope(|scope| {
        let tx_program = tx.clone();
        let spec = &spec;
        let ispec = &ispec;
        scope.spawn(move || {
            let _ = tx_program.send((Side::Submission, run(sandbox, spec)));
        });
        scope.spawn(move || {
            let _ = tx.send((Side::Interactor, run(peer, ispec)));
        });
        let (mut first, mut program, mut interactor) = (None, None, None);
        for _ in 0..2 {
            let Ok((side, result)) = rx.recv() else {
                break;
            };
            first.get_or_insert(side);
            match side {
                Side::Submission => {
                    // The interactor now reads end of file once it has read the rest,
                    // and what it still writes is dropped.
                    running.program_ended();
                    program = Some(result);
                }
                Side::Interactor => {
                    // After a rejection, a program still writing gets SIGPIPE.
                    let accepted = |o: &RunOutcome| {
                        checker.validator_verdict(o, ispec, files.feedback).0 == Verdict::Accepted
                    };
                    running.interactor_ended(matches!(&result, Ok(Ok(o)) if accepted(o)));
                    interactor = Some(result);
                }
            }
        }
        (first, program, interactor)
    });
    let bytes = running.finish();
    let program = program.unwrap_or_else(|| Ok(Err("the program's run did not report".into())))?;
    let interactor =
        interactor.unwrap_or_else(|| Ok(Err("the interactor's run did not report".into())))?;
    let mut program = match program {
        Ok(o) => o,
        Err(e) => return je(e),
    };
    // What the program wrote to the interactor is its standard output: it counts
    // against the output limit (the relay counts it; see `Running::cap_program`).
    if let Some(b) = &bytes {
        program.stdout_bytes = program.stdout_bytes.max(b.program);
    }
    let interactor = match interactor {
        Ok(o) => o,
        Err(e) => return Ok(Pass::judge_error(format!("interactor: {e}"), Some(program))),
    };
    let first = ended_first(&program, &interactor, first);
    let (iverdict, imessage) = job
        .checker
        .validator_verdict(&interactor, &ispec, files.feedback);
    let iverdict_accepted = iverdict == Verdict::Accepted;
    let (verdict, message) = interactive_verdict(
        (iverdict, imessage),
        first,
        limit_verdict(&program, &spec.limits),
    );
    Ok(Pass {
        verdict,
        message,
        program: Some(program),
        validator_accepted: iverdict_accepted,
        validator: Some(status_text(interactor.status)),
        first,
        bytes,
    })
}

/// The verdict of an interactive pass (see the module doc): from the interactor's own
/// verdict, who ended first and the program's limit or failure verdict, if any.
pub(crate) fn interactive_verdict(
    interactor: (Verdict, String),
    first: Option<Side>,
    program_failed: Option<(Verdict, String)>,
) -> (Verdict, String) {
    let limit = |v: Verdict| {
        matches!(
            v,
            Verdict::TimeLimitExceeded
                | Verdict::MemoryLimitExceeded
                | Verdict::OutputLimitExceeded
        )
    };
    // Past its output limit the program was cut off from the interactor (the relay's
    // cap), so what the interactor then said follows from the cut: OLE, first.
    if let Some(failed) = program_failed
        .as_ref()
        .filter(|f| f.0 == Verdict::OutputLimitExceeded)
    {
        return failed.clone();
    }
    match interactor.0 {
        // A program over a limit is judged by that limit first: an interactor that
        // failed under its flood (a line that never ends) is not the judge's error.
        Verdict::JudgeError => match program_failed {
            Some(failed) if limit(failed.0) => failed,
            _ => (Verdict::JudgeError, format!("interactor: {}", interactor.1)),
        },
        Verdict::WrongAnswer | Verdict::PresentationError if first == Some(Side::Interactor) => {
            interactor
        }
        _ => program_failed.unwrap_or(interactor),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(verdict: Verdict) -> (Verdict, String) {
        (verdict, String::new())
    }

    #[test]
    fn a_note_says_passes_who_ended_and_how_the_validator_did() {
        let note = ProtocolNote {
            passes: 2,
            ended_first: Some(Side::Interactor),
            validator: Some("exit 43".into()),
            bytes: Some(Bytes {
                program: 12,
                interactor: 340,
            }),
        };
        assert_eq!(
            note.describe(),
            "2 passes, interactor ended first, program wrote 12 B, interactor 340 B, interactor exit 43"
        );
        let batch = ProtocolNote {
            passes: 1,
            ended_first: None,
            validator: Some("exit 42".into()),
            bytes: None,
        };
        assert_eq!(batch.describe(), "validator exit 42");
    }

    #[test]
    fn the_interactor_rules_in_problemtools_order() {
        use Verdict::*;
        let tle = Some(v(TimeLimitExceeded));
        let rte = Some(v(RuntimeError));
        let (i, s) = (Some(Side::Interactor), Some(Side::Submission));
        assert_eq!(
            interactive_verdict(v(JudgeError), s, rte.clone()).0,
            JudgeError
        );
        // Over its output limit, the program is OLE even when the interactor rejected
        // first (the relay cut it off).
        assert_eq!(
            interactive_verdict(v(WrongAnswer), i, Some(v(OutputLimitExceeded))).0,
            OutputLimitExceeded
        );
        // A program over a limit is judged by it first, whatever the interactor did.
        for limit in [TimeLimitExceeded, MemoryLimitExceeded, OutputLimitExceeded] {
            assert_eq!(
                interactive_verdict(v(JudgeError), s, Some(v(limit))).0,
                limit
            );
        }
        assert_eq!(
            interactive_verdict(v(WrongAnswer), i, rte.clone()).0,
            WrongAnswer
        );
        assert_eq!(
            interactive_verdict(v(WrongAnswer), i, tle.clone()).0,
            WrongAnswer
        );
        assert_eq!(
            interactive_verdict(v(WrongAnswer), s, rte.clone()).0,
            RuntimeError
        );
        assert_eq!(
            interactive_verdict(v(Accepted), i, tle.clone()).0,
            TimeLimitExceeded
        );
        assert_eq!(interactive_verdict(v(Accepted), s, rte).0, RuntimeError);
        assert_eq!(interactive_verdict(v(Accepted), s, None).0, Accepted);
        assert_eq!(interactive_verdict(v(WrongAnswer), s, None).0, WrongAnswer);
    }
}
