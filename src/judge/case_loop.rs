//! The case loop: run a program on every case of a problem folder, one fresh sandbox
//! per case, and turn each run into a verdict.
//!
//! Per case: run under the problem's limits (through the worker's
//! [`Sandbox`]); if a limit fired or the
//! program failed, that is the verdict (TLE/MLE/OLE/RE, see
//! [`limit_verdict`]); otherwise the output goes to
//! [`check::check`] with the input and the jury answer, and the
//! checker's verdict and message are kept. Unreadable case data or a launcher failure is JE.
//!
//! With `jobs > 1`, cases run in parallel on worker threads; each worker leases its own
//! sandbox uid (unique across concurrent gridjudge processes, see
//! [`UidLease`]) and its own launcher, and time is still measured per process
//! by that launcher.
//!
//! On SIGINT, SIGTERM or SIGHUP (see [`interrupt`]) the run in
//! progress ends at once (the sandbox kills it), no worker takes another case, and
//! [`judge_problem`] returns the cases that finished; the case folders are removed as
//! each worker returns.

use crate::check;
use crate::judge::compile::Program;
use crate::judge::config::Case;
use crate::judge::expectation::Expectation;
use crate::judge::interaction::{judge_passes, Judged, PassJob, ProtocolNote};
use crate::judge::limit_verdict::limit_verdict;
use crate::judge::problem::JudgeProblem;
use crate::judge::scoring::{CaseOutcome, Scored, Scoring};
use crate::sandbox::interrupt::{self, Interrupted};
use crate::sandbox::limits::{Isolation, Limits, MemoryMode, UidLease};
use crate::sandbox::Sandbox;
use crate::sandbox::{self, CaseDirs, RunOutcome, RunSpec, SandboxError};
use crate::Verdict;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// How to judge: the launcher binary, parallelism, memory mode, isolation.
#[derive(Debug, Clone)]
pub struct JudgeSettings {
    /// A gridjudge executable to use as the launcher (normally `current_exe()`).
    pub launcher: PathBuf,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// How memory is limited.
    pub memory_mode: MemoryMode,
    /// Drop root to a per-worker uid and cut the network (when root). When false, the
    /// program runs as the judge's own user.
    pub isolate: bool,
    /// Stop after the first case (in judging order) that is not AC.
    pub stop_at_first_failure: bool,
    /// Stop a submission once a case settles its expectation ([`Settle`]); set for
    /// each submission by [`verify`](crate::submissions) when
    /// `stop_when_settled` asks for it.
    pub settle: Option<Settle>,
    /// Example submissions are judged until their expectation is settled
    /// ([`Expectation::settled_by`]) rather than on every case.
    pub stop_when_settled: bool,
    /// Join an interactive program and its interactor through the judge's relay, which
    /// counts the bytes each side wrote ([`pipes`](crate::judge::pipes)).
    pub relay_interaction: bool,
    /// The wall limit of every run, overriding each problem's (`--wall-limit`).
    pub wall_limit: Option<Duration>,
    /// Where each judged case's files are kept (`--keep-outputs`): the program's
    /// standard output and error and the verdict with its message ([`keep_case`]).
    pub keep_outputs: Option<KeepOutputs>,
    /// The Python 3 interpreter Python 3 programs are checked and run with (`--python
    /// pypy3`); `None`, the system's CPython.
    pub python: Option<PathBuf>,
}

/// What settles one submission's judging early: its expectation, and the CPU limit its
/// cases' verdicts count against (a time-limit-exceeded example runs under limit ×
/// margin, but a case over the limit itself is TLE for its expectation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settle {
    /// What the submission is expected to get.
    pub expectation: Expectation,
    /// The problem's CPU limit.
    pub cpu_limit: Duration,
}

impl Settle {
    /// Whether `result` settles the expectation.
    pub fn by(&self, result: &CaseResult) -> bool {
        let verdict = if result.cpu_seconds > self.cpu_limit.as_secs_f64() {
            Verdict::TimeLimitExceeded
        } else {
            result.verdict
        };
        self.expectation.settled_by(&result.case, verdict)
    }
}

/// Where [`keep_case`] keeps the files of the cases of a run: `dir/under/PROBLEM/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeepOutputs {
    /// The folder the user named (it exists; links in its own path are theirs).
    pub dir: PathBuf,
    /// The plain relative folder below it for this run (empty, or the submission's
    /// name below `submissions/` for `verify-submissions`).
    pub under: PathBuf,
}

impl JudgeSettings {
    /// Sequential judging with the strongest isolation available, peak-RSS memory mode.
    pub fn new(launcher: PathBuf) -> JudgeSettings {
        JudgeSettings {
            launcher,
            jobs: 1,
            memory_mode: MemoryMode::PeakRss,
            isolate: true,
            stop_at_first_failure: false,
            settle: None,
            stop_when_settled: false,
            relay_interaction: false,
            wall_limit: None,
            keep_outputs: None,
            python: None,
        }
    }

    /// The limits one run of `problem` gets under these settings: the problem's, with
    /// the memory mode `memory_mode` and the wall limit these settings override.
    pub fn run_limits(&self, problem: &JudgeProblem, memory_mode: MemoryMode) -> Limits {
        let mut limits = problem.run_limits(memory_mode);
        if let Some(wall) = self.wall_limit {
            limits.wall = wall;
        }
        limits
    }

    /// Probes the sandbox these settings give (one run of `/bin/true`) and returns
    /// the guarantees that held (see [`confine::probe`](crate::sandbox::confine::probe)).
    pub fn probe_guarantees(&self) -> Result<crate::sandbox::Guarantees, String> {
        let (isolation, _lease) = self.isolation(0);
        crate::sandbox::confine::probe(&self.launcher, isolation)
    }

    /// Whether runs drop to a sandbox uid (root with isolation): then what runs must be
    /// reachable by that uid (see [`stage`](crate::judge::stage)).
    pub fn drops_uid(&self) -> bool {
        self.isolate && crate::sandbox::is_root()
    }

    /// The isolation of worker `slot`, with the uid lease that must outlive its runs.
    pub fn isolation(&self, slot: usize) -> (Isolation, Option<UidLease>) {
        if !self.isolate {
            return (Isolation::NONE, None);
        }
        if crate::sandbox::is_root() {
            let lease = UidLease::acquire(slot as u32);
            (Isolation::strongest_for_uid(lease.uid()), Some(lease))
        } else {
            (Isolation::strongest(slot as u32), None)
        }
    }
}

/// The result of one case.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CaseResult {
    /// `sample/1`.
    pub case: String,
    /// The verdict.
    pub verdict: Verdict,
    /// The reason: the checker's message, the limit that fired, the signal, …
    pub message: String,
    /// CPU time of the run, seconds (0 when it did not run).
    pub cpu_seconds: f64,
    /// Wall time of the run, seconds.
    pub wall_seconds: f64,
    /// The run-queue wait credited to the wall limit, seconds: time the run was
    /// runnable but waiting for a CPU ([`RunOutcome::wait`]).
    pub wait_seconds: f64,
    /// Peak memory, bytes.
    pub memory_bytes: u64,
    /// How the program ended (`exit 0`, `SIGSEGV`), when it ran.
    pub status: Option<String>,
    /// Size of its standard output, bytes.
    pub output_bytes: u64,
    /// Size of its standard error, bytes (counted against the output limit too).
    pub stderr_bytes: u64,
    /// The passes of an interactive or multi-pass case (who ended the interaction, the
    /// validator's exit); `None` for a batch case.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protocol: Option<ProtocolNote>,
    /// The score its output validator gave (`score.txt`), for a scoring problem.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// The score multiplier its output validator gave (`score_multiplier.txt`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_multiplier: Option<f64>,
    /// A wrong answer whose checker compares with the answer: where the output first
    /// differs from it ([`first_difference`](crate::judge::first_difference)).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_difference: Option<crate::judge::first_difference::FirstDifference>,
    /// The raw run outcome, when the program ran.
    #[serde(skip)]
    pub run: Option<RunOutcome>,
}

impl CaseResult {
    fn judge_error(case: &Case, message: String) -> CaseResult {
        CaseResult {
            case: case.id(),
            verdict: Verdict::JudgeError,
            message,
            cpu_seconds: 0.0,
            wall_seconds: 0.0,
            wait_seconds: 0.0,
            memory_bytes: 0,
            status: None,
            output_bytes: 0,
            stderr_bytes: 0,
            protocol: None,
            score: None,
            score_multiplier: None,
            first_difference: None,
            run: None,
        }
    }
}

/// The results of one program on one problem folder.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ProblemReport {
    /// The folder name.
    pub problem: String,
    /// `problem.toml`'s title.
    pub title: String,
    /// The limits used.
    pub limits: Limits,
    /// Per-case results, in judging order (cases skipped after a failure are absent).
    pub cases: Vec<CaseResult>,
    /// Set when judging could not start (compile error, unreadable folder): the verdict
    /// and message of the whole problem.
    pub failure: Option<(Verdict, String)>,
    /// A scoring problem's scores (of its groups and in total) and aggregated verdict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scored: Option<Scored>,
}

impl ProblemReport {
    /// A problem that could not be judged at all (CE, or JE for the judge's own trouble).
    pub fn failed(
        problem: String,
        title: String,
        limits: Limits,
        verdict: Verdict,
        message: String,
    ) -> ProblemReport {
        ProblemReport {
            problem,
            title,
            limits,
            cases: Vec::new(),
            failure: Some((verdict, message)),
            scored: None,
        }
    }

    /// The overall verdict: the failure, else the first non-AC case, else AC
    /// (JE when there were no cases at all).
    pub fn overall(&self) -> Verdict {
        if let Some((v, _)) = &self.failure {
            return *v;
        }
        if self.cases.is_empty() {
            return Verdict::JudgeError;
        }
        if let Some(s) = &self.scored {
            return s.verdict;
        }
        overall_verdict(self.cases.iter().map(|c| c.verdict))
    }
}

/// A submission's overall verdict: the first non-AC verdict in judging order, or AC.
pub(crate) fn overall_verdict(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
    verdicts
        .into_iter()
        .find(|v| *v != Verdict::Accepted)
        .unwrap_or(Verdict::Accepted)
}

/// Judges `program` on every case of `problem`. `progress` is called once per finished
/// case (from worker threads). After a signal (see [`interrupt`]) the report holds only
/// the cases that finished.
pub fn judge_problem(
    problem: &JudgeProblem,
    program: &Program,
    settings: &JudgeSettings,
    progress: &(dyn Fn(&CaseResult) + Sync),
) -> ProblemReport {
    let limits = settings.run_limits(problem, program.memory_mode(settings.memory_mode));
    let n = problem.cases.len();
    let next = AtomicUsize::new(0);
    // Index of the first failing case seen so far (for early stopping).
    let first_bad = AtomicUsize::new(usize::MAX);
    let results: Mutex<Vec<Option<CaseResult>>> = Mutex::new(vec![None; n]);
    let jobs = settings.jobs.clamp(1, n.max(1));
    // A scoring problem's score needs every case.
    let stop_early =
        (settings.stop_at_first_failure || settings.settle.is_some()) && problem.scoring.is_none();
    let settles = |r: &CaseResult| {
        (settings.stop_at_first_failure && r.verdict != Verdict::Accepted)
            || settings.settle.as_ref().is_some_and(|s| s.by(r))
    };
    std::thread::scope(|scope| {
        for slot in 0..jobs {
            let (next, first_bad, results) = (&next, &first_bad, &results);
            scope.spawn(move || {
                let (isolation, _lease) = settings.isolation(slot);
                let mut worker = Worker::new(&settings.launcher);
                worker.relay_interaction = settings.relay_interaction;
                worker.keep_outputs = settings
                    .keep_outputs
                    .as_ref()
                    .map(|k| (k.dir.clone(), k.under.join(&problem.name)));
                loop {
                    if interrupt::signal().is_some() {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= n {
                        break;
                    }
                    if stop_early && i > first_bad.load(Ordering::SeqCst) {
                        continue;
                    }
                    let case = &problem.cases[i];
                    let Ok(result) =
                        judge_case(problem, case, program, &limits, &mut worker, isolation)
                    else {
                        break;
                    };
                    if settles(&result) {
                        first_bad.fetch_min(i, Ordering::SeqCst);
                    }
                    progress(&result);
                    if let Ok(mut r) = results.lock() {
                        r[i] = Some(result);
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    let stop = first_bad.load(Ordering::SeqCst);
    let cases = results
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !stop_early || *i <= stop)
        .filter_map(|(_, r)| r)
        .collect::<Vec<_>>();
    let scored = match &problem.scoring {
        Some(s) if !cases.is_empty() => Some(score_cases(s, &cases)),
        _ => None,
    };
    ProblemReport {
        problem: problem.name.clone(),
        title: problem.title.clone(),
        limits,
        cases,
        failure: None,
        scored,
    }
}

/// The scores of `cases` (their verdicts and score files) under `scoring`.
pub(crate) fn score_cases(scoring: &Scoring, cases: &[CaseResult]) -> Scored {
    scoring.score(&|id: &str| {
        cases.iter().find(|c| c.case == id).map(|c| CaseOutcome {
            verdict: c.verdict,
            score: c.score,
            multiplier: c.score_multiplier,
        })
    })
}

/// Reads at most `limit` bytes of `path`.
fn read_capped(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    std::fs::File::open(path)?
        .take(limit)
        .read_to_end(&mut buf)?;
    Ok(buf)
}

/// The last `limit` bytes of a file.
fn read_tail(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::{Seek, SeekFrom};
    let mut file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    file.seek(SeekFrom::Start(len.saturating_sub(limit)))?;
    let mut buf = Vec::new();
    file.read_to_end(&mut buf)?;
    Ok(buf)
}

/// Lines of a Python traceback kept after its exception line.
const TRACEBACK_LINES: usize = 8;

/// What a run-time error's message quotes of stderr, from its first and last 4 KiB
/// (`head`, `tail`): the first non-empty line; for a Python traceback, its exception
/// (the last non-empty line) on the first line, then the traceback's last
/// [`TRACEBACK_LINES`] lines.
fn stderr_note(head: &str, tail: &str) -> Option<String> {
    let first = head.lines().map(str::trim).find(|l| !l.is_empty())?;
    if !first.starts_with("Traceback (most recent call last)") {
        return Some(first.to_string());
    }
    let lines: Vec<&str> = tail
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty())
        .collect();
    let exception = lines.last().map_or(first, |l| l.trim());
    let kept = &lines[lines.len().saturating_sub(TRACEBACK_LINES)..];
    Some(format!("{exception}\n{}", kept.join("\n")))
}

/// What a judge worker keeps from one case to the next: its launcher and its case
/// folders (made on first use; the working directory is fresh for every case).
#[derive(Debug)]
pub struct Worker {
    sandbox: Sandbox,
    /// The sandbox of an interactor or a multi-pass validator (started on first use).
    peer: Sandbox,
    dirs: Option<CaseDirs>,
    /// Whether the last run had a private tmpfs over its working directory, which
    /// then needs no renewing (see `CaseDirs::renew`).
    workdir_untouched: bool,
    /// Join an interactive program and its interactor through the relay.
    pub relay_interaction: bool,
    /// The folder, and the folder below it, this worker keeps each judged case's files
    /// in ([`keep_case`]).
    pub keep_outputs: Option<(PathBuf, PathBuf)>,
}

impl Worker {
    /// A worker that runs programs through the launcher binary `launcher`.
    pub fn new(launcher: &Path) -> Worker {
        Worker {
            sandbox: Sandbox::new(launcher),
            peer: Sandbox::new(launcher),
            dirs: None,
            workdir_untouched: false,
            relay_interaction: false,
            keep_outputs: None,
        }
    }

    /// The standard output file of the last case this worker ran (valid until its
    /// next case); `None` before the first.
    pub(crate) fn last_stdout(&self) -> Option<PathBuf> {
        self.dirs.as_ref().map(CaseDirs::stdout)
    }
}

/// Judges one case with the given isolation on `worker`; `Err` when a signal ended the
/// run (or came before it): the case did not finish and has no result.
pub fn judge_case(
    problem: &JudgeProblem,
    case: &Case,
    program: &Program,
    limits: &Limits,
    worker: &mut Worker,
    isolation: Isolation,
) -> Result<CaseResult, Interrupted> {
    let mut result = judge_case_once(problem, case, program, limits, worker, isolation)?;
    // An external checker runs in a sandbox too: its JE after a signal is no verdict.
    interrupt::check()?;
    if let Some((dir, under)) = &worker.keep_outputs {
        if let Err(e) = keep_case(dir, under, case, &result, worker.dirs.as_ref()) {
            result.message = format!("{} [--keep-outputs: {e}]", result.message);
        }
    }
    Ok(result)
}

/// Keeps what a judged case left in `dir/under/` (`under`: the run's folder of
/// `--keep-outputs`, ending in the problem's name): `CASE.out` and `CASE.err`, the
/// program's standard output and error as the sandbox captured them (never more than
/// the output limit), and `CASE.verdict`, the verdict and the checker's or the judge's
/// message, one line each, where CASE is the case's name below `data/` (`secret/03`).
/// Nothing below `dir` is written through a link ([`crate::tree::write_beneath`]). An
/// interactive case's output went to its interactor: it keeps the verdict and the
/// standard error.
pub fn keep_case(
    dir: &Path,
    under: &Path,
    case: &Case,
    result: &CaseResult,
    dirs: Option<&CaseDirs>,
) -> Result<(), crate::tree::TreeError> {
    let id = case.id();
    let file = |ext: &str| under.join(format!("{id}.{ext}"));
    let verdict = format!("{}\n{}\n", result.verdict.code(), result.message);
    crate::tree::write_beneath(dir, &file("verdict"), verdict.as_bytes(), 0o644)?;
    if let Some(dirs) = dirs {
        for (ext, path) in [("out", dirs.stdout()), ("err", dirs.stderr())] {
            // A missing capture (a judge error before the run) is nothing to keep.
            if let Ok(bytes) = std::fs::read(&path) {
                crate::tree::write_beneath(dir, &file(ext), &bytes, 0o644)?;
            }
        }
    }
    Ok(())
}

/// A case's input and jury answer. A case opens without blocking and must be a regular
/// file (`crate::tree`). All five checkers are special judges: a jury answer, when there
/// is one, is validated (an invalid one is JE); without one the output alone is judged.
fn case_files(case: &Case) -> Result<(Vec<u8>, Option<Vec<u8>>), String> {
    let input = crate::tree::read_file(&case.input).map_err(|e| e.to_string())?;
    let answer = match &case.answer {
        None => None,
        Some(path) => Some(crate::tree::read_file(path).map_err(|e| e.to_string())?),
    };
    Ok((input, answer))
}

/// The worker's case folders, made on its first case and emptied for each next one
/// (`untouched`: the last run left its folder as it found it).
fn fresh_dirs<'d>(
    dirs: &'d mut Option<CaseDirs>,
    untouched: &mut bool,
    isolation: Isolation,
) -> Result<&'d CaseDirs, String> {
    let made = match dirs.as_mut() {
        Some(d) => d.renew(isolation.run_as, std::mem::take(untouched)),
        None => CaseDirs::new(isolation.run_as).map(|d| {
            *dirs = Some(d);
        }),
    };
    match (made, dirs.as_ref()) {
        (Ok(()), Some(d)) => Ok(d),
        (Err(e), _) => Err(format!("cannot create the case folders: {e}")),
        (Ok(()), None) => Err("the case folders are missing".into()),
    }
}

fn judge_case_once(
    problem: &JudgeProblem,
    case: &Case,
    program: &Program,
    limits: &Limits,
    worker: &mut Worker,
    isolation: Isolation,
) -> Result<CaseResult, Interrupted> {
    let Worker {
        sandbox,
        peer,
        dirs,
        workdir_untouched,
        relay_interaction,
        keep_outputs: _,
    } = worker;
    let (input, answer) = match case_files(case) {
        Ok(files) => files,
        Err(e) => return Ok(CaseResult::judge_error(case, e)),
    };
    let dirs = match fresh_dirs(dirs, workdir_untouched, isolation) {
        Ok(d) => d,
        Err(e) => return Ok(CaseResult::judge_error(case, e)),
    };
    let input_path = match std::path::absolute(&case.input) {
        Ok(p) => p,
        Err(e) => {
            return Ok(CaseResult::judge_error(
                case,
                format!("{}: {e}", case.input.display()),
            ))
        }
    };
    let spec = RunSpec {
        program: program.path.clone(),
        argv: program.argv_for(limits.memory_bytes),
        env: sandbox::default_env(dirs.workdir()),
        workdir: dirs.workdir().to_path_buf(),
        stdin: input_path,
        stdout: dirs.stdout(),
        stderr: dirs.stderr(),
        limits: *limits,
        isolation,
        // The problem folder holds the answers: the program must not read them.
        hide: std::fs::canonicalize(&problem.dir).into_iter().collect(),
        read_only: program.read_only.clone(),
        keep_workdir: false,
        binds: vec![],
        wait_share: None,
    };
    if let crate::judge::problem::Checker::External(checker) = &problem.checker {
        if checker.protocol() != crate::judge::problem::Protocol::BATCH {
            let judged = judge_passes(PassJob {
                checker: checker.as_ref(),
                case,
                program: spec,
                sandbox,
                peer,
                relay: *relay_interaction,
            })?;
            return Ok(passes_result(problem, case, judged));
        }
    }
    let outcome = match sandbox.run(&spec) {
        Ok(o) => {
            *workdir_untouched = o.guarantees.private_workdir;
            o
        }
        Err(SandboxError::Interrupted(signal)) => return Err(Interrupted { signal }),
        Err(e) => {
            let hint = if isolation.run_as.is_some() && e.to_string().contains("ermission denied") {
                " (the sandbox user cannot reach the program; try --run-as-self)"
            } else {
                ""
            };
            return Ok(CaseResult::judge_error(case, format!("{e}{hint}")));
        }
    };
    Ok(batch_result(
        problem,
        case,
        &input,
        answer.as_deref(),
        outcome,
        limits,
        dirs,
    ))
}

/// An interactive or multi-pass case's result from its passes: the verdict and message
/// of the interaction, the figures of the program's slowest pass, for an accepted case
/// of a scoring problem the score files of the last validator's run, and for a run-time
/// error the program's stderr quoted.
fn passes_result(problem: &JudgeProblem, case: &Case, judged: Judged) -> CaseResult {
    let mut result = CaseResult::judge_error(case, String::new());
    if let Some(o) = &judged.outcome {
        fill_figures(&mut result, o);
    }
    result.verdict = judged.verdict;
    result.message = judged.message;
    // A scoring problem: the score files of the last validator's (interactor's)
    // run, for an accepted case.
    if result.verdict == Verdict::Accepted && problem.scoring.is_some() {
        match judged.scores {
            Ok(files) => {
                result.score = files.score;
                result.score_multiplier = files.multiplier;
            }
            Err(e) => {
                result.verdict = Verdict::JudgeError;
                result.message = e;
            }
        }
    }
    if result.verdict == Verdict::RuntimeError {
        quote_stderr(&mut result, &judged.stderr);
    }
    result.protocol = Some(judged.note);
    result.run = judged.outcome;
    result
}

/// A batch case's result from the program's run: a limit verdict (TLE, MLE, OLE, RE,
/// with the program's stderr quoted for RE) when the run hit one, else the checker's
/// verdict on the output (the problem's built-in checker, or the package's output
/// validator with its score files), and for a wrong answer checked against the jury's
/// answer, where the output first differs from it.
fn batch_result(
    problem: &JudgeProblem,
    case: &Case,
    input: &[u8],
    answer: Option<&[u8]>,
    outcome: RunOutcome,
    limits: &Limits,
    dirs: &CaseDirs,
) -> CaseResult {
    let mut result = CaseResult::judge_error(case, String::new());
    result.verdict = Verdict::Accepted;
    fill_figures(&mut result, &outcome);
    if let Some((verdict, message)) = limit_verdict(&outcome, limits) {
        result.verdict = verdict;
        result.message = message;
        if verdict == Verdict::RuntimeError {
            quote_stderr(&mut result, &dirs.stderr());
        }
    } else {
        match (
            &problem.checker,
            read_capped(&dirs.stdout(), limits.output_bytes),
        ) {
            (crate::judge::problem::Checker::External(checker), Ok(_)) => {
                let (verdict, message, files) = checker.check_scored(case, &dirs.stdout());
                result.verdict = verdict;
                result.message = message;
                result.score = files.score;
                result.score_multiplier = files.multiplier;
            }
            (crate::judge::problem::Checker::Builtin(id), Ok(output)) => {
                let checked = check::check(*id, input, &output, answer);
                result.verdict = checked.verdict;
                result.message = checked.message;
            }
            (_, Err(e)) => {
                result.verdict = Verdict::JudgeError;
                result.message = format!("cannot read the program's output: {e}");
            }
        }
        let compares = match &problem.checker {
            crate::judge::problem::Checker::Builtin(_) => true,
            crate::judge::problem::Checker::External(checker) => checker.compares_with_answer(),
        };
        if compares && matches!(result.verdict, Verdict::WrongAnswer) {
            if let Some(answer) = &case.answer {
                result.first_difference =
                    crate::judge::first_difference::find(&dirs.stdout(), answer);
            }
        }
    }
    result.run = Some(outcome);
    result
}

/// A result's figures from the program's run.
fn fill_figures(result: &mut CaseResult, outcome: &RunOutcome) {
    let secs = |d: Duration| d.as_secs_f64();
    result.cpu_seconds = secs(outcome.cpu);
    result.wall_seconds = secs(outcome.wall);
    result.wait_seconds = secs(outcome.wait);
    result.memory_bytes = outcome.peak_memory_bytes;
    result.status = Some(match outcome.status {
        sandbox::ExitStatus::Exited(code) => format!("exit {code}"),
        sandbox::ExitStatus::Signaled(sig) => sandbox::signal_name(sig),
    });
    result.output_bytes = outcome.stdout_bytes;
    result.stderr_bytes = outcome.stderr_bytes;
}

/// Adds what the program's stderr (`stderr`) says to a run-time error's message.
fn quote_stderr(result: &mut CaseResult, stderr: &Path) {
    let head = read_capped(stderr, 4096).unwrap_or_default();
    let tail = read_tail(stderr, 4096).unwrap_or_default();
    if let Some(said) = stderr_note(
        &String::from_utf8_lossy(&head),
        &String::from_utf8_lossy(&tail),
    ) {
        result.message = format!("{}; stderr: {said}", result.message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_traceback_is_quoted_by_its_exception() {
        let tb = "Traceback (most recent call last):\n  File \"a.py\", line 3, in <module>\n    print(1 // 0)\nZeroDivisionError: integer division or modulo by zero\n";
        let note = stderr_note(tb, tb).expect("a note");
        let mut lines = note.lines();
        assert_eq!(
            lines.next(),
            Some("ZeroDivisionError: integer division or modulo by zero")
        );
        assert!(note.contains("line 3"), "{note}");
        assert_eq!(
            stderr_note("\n  oops\nmore\n", "more\n").as_deref(),
            Some("oops")
        );
        assert_eq!(stderr_note("\n", "\n"), None);
    }

    #[test]
    fn overall_is_the_first_non_ac_in_order() {
        use Verdict::*;
        assert_eq!(overall_verdict([Accepted, Accepted]), Accepted);
        assert_eq!(overall_verdict([]), Accepted);
        assert_eq!(
            overall_verdict([Accepted, TimeLimitExceeded, WrongAnswer]),
            TimeLimitExceeded
        );
        assert_eq!(
            overall_verdict([PresentationError, RuntimeError]),
            PresentationError
        );
    }
}
