//! Stress testing: generate a random case set, run the program on it under the
//! problem's limits in the judge's sandbox, check it; stop at the first failure; then
//! shrink that case set while the failure persists.
//!
//! - [`case_set`]: a judge input as cases with known answers, so every shrunk
//!   candidate is valid, solvable judge data without a solver call.
//! - [`shrink`]: the candidates one step smaller, biggest cuts first.
//! - [`runner`]: one thread's runs, through the judge's own [`judge_case`]
//!   (launcher session, sandbox, limits, checker).
//! - [`saved`]: a failure found, saved as a problem folder with `reproduce.sh`, and the
//!   summary the terminal shows.
//! - [`script`]: the words and comments of `reproduce.sh`, quoted so that no name it
//!   repeats is ever read as a command.
//!
//! A failure is a *signature*: the verdict of the program (not AC), or with a second
//! program (`--against`, differential testing) the pair of verdicts when they differ —
//! for example WA for the program under test and AC for a trusted one. Shrinking keeps
//! a candidate only when it gives exactly the same signature, so the minimal case
//! fails the same way as the original.
//!
//! Iteration `i` uses the generator with seed `first_seed + i`, so the original
//! failing case is `gridjudge gen ... --seed S` again. The search runs on `jobs`
//! threads (one runner, launcher and sandbox uid each); shrinking is sequential and
//! deterministic, bounded by a number of runs and a time budget.
//!
//! On SIGINT, SIGTERM or SIGHUP (see [`interrupt`]) the run in
//! progress ends at once, the search takes no new iteration and shrinking stops at the
//! smallest failing case so far; [`StressReport::interrupted`] names the signal, and
//! every runner's folder is removed as its thread returns.
//!
//! [`judge_case`]: crate::judge::case_loop::judge_case

pub mod case_set;
pub mod runner;
pub mod saved;
pub mod script;
pub mod shrink;

use crate::gen::spec::GenSpec;
use crate::judge::case_loop::JudgeSettings;
use crate::judge::compile::Program;
use crate::judge::problem::JudgeProblem;
use crate::sandbox::interrupt::{self, Interrupted};
use crate::Verdict;
use case_set::{CaseSet, Size};
use runner::{Runner, Trial};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What to stress and for how long.
#[derive(Debug, Clone)]
pub struct StressOptions {
    /// The generator (already forced to the problem's format); its seed is replaced.
    pub gen: GenSpec,
    /// Seed of iteration 0.
    pub first_seed: u64,
    /// Stop after this many iterations.
    pub iterations: Option<u64>,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Threads for the search.
    pub jobs: usize,
    /// Most runs spent shrinking.
    pub shrink_runs: usize,
    /// Most time spent shrinking.
    pub shrink_time: Duration,
}

/// The program under test and, for differential testing, the one it is compared with.
#[derive(Debug, Clone, Copy)]
pub struct Subjects<'a> {
    /// The program under test.
    pub program: &'a Program,
    /// A second program: a failure is then a difference of verdicts.
    pub against: Option<&'a Program>,
}

impl Subjects<'_> {
    fn run(&self, runner: &mut Runner, set: &CaseSet) -> Result<Vec<Trial>, Interrupted> {
        let mut trials = vec![runner.run(self.program, set)?];
        if let Some(other) = self.against {
            trials.push(runner.run(other, set)?);
        }
        Ok(trials)
    }

    fn fails(&self, trials: &[Trial]) -> bool {
        match trials {
            [a, b] => a.verdict != b.verdict,
            [a] => a.verdict != Verdict::Accepted,
            _ => false,
        }
    }
}

/// The verdicts of a run, one per program.
pub fn signature(trials: &[Trial]) -> Vec<Verdict> {
    trials.iter().map(|t| t.verdict).collect()
}

/// A failure found and shrunk.
#[derive(Debug, Clone)]
pub struct Found {
    /// Iteration that failed.
    pub iteration: u64,
    /// Its generator seed.
    pub seed: u64,
    /// The case set as generated.
    pub original: CaseSet,
    /// The runs on it.
    pub original_trials: Vec<Trial>,
    /// The smallest case set with the same signature.
    pub minimal: CaseSet,
    /// The runs on it.
    pub minimal_trials: Vec<Trial>,
    /// Runs spent shrinking.
    pub shrink_runs: usize,
    /// Accepted shrink steps.
    pub shrink_steps: usize,
    /// Whether shrinking stopped on its budget rather than at a case no candidate beats.
    pub shrink_budget_hit: bool,
}

/// The end of a stress session.
#[derive(Debug, Clone)]
pub struct StressReport {
    /// Iterations run in the search.
    pub iterations: u64,
    /// Time the search took.
    pub search_time: Duration,
    /// The failure, if one was found.
    pub found: Option<Found>,
    /// The signal that stopped the session early, if one did (then `found` is the
    /// failure found so far, shrunk as far as it got).
    pub interrupted: Option<i32>,
}

/// What the progress callback is told.
#[derive(Debug, Clone, Copy)]
pub enum Progress {
    /// Iterations finished so far in the search.
    Searched(u64),
    /// A failure was found at this size; shrinking starts.
    Failed(Size),
    /// Shrinking: runs spent, size of the best (smallest) failing case so far.
    Shrinking(usize, Size),
}

impl Progress {
    /// The progress line to show `elapsed` after the start, or `None` when nothing new
    /// is worth showing (the search is told every 16 iterations).
    pub fn line(&self, elapsed: Duration) -> Option<String> {
        match self {
            Progress::Searched(n) if n % 16 == 0 => {
                let rate = *n as f64 / elapsed.as_secs_f64().max(1e-9);
                Some(format!("{n} iterations, {rate:.0}/s, all AC so far"))
            }
            Progress::Searched(_) => None,
            Progress::Failed(size) => Some(format!("failed on {size}; shrinking")),
            Progress::Shrinking(runs, size) => {
                Some(format!("shrinking: {runs} runs, best so far {size}"))
            }
        }
    }
}

/// (iteration, seed, case set, trials) of the earliest failure of the search.
type FirstFailure = (u64, u64, CaseSet, Vec<Trial>);

/// Why a stress run could not go on.
#[derive(Debug, thiserror::Error)]
pub enum StressError {
    /// The generator cannot make a case as asked (`--gen` arguments it refuses, or
    /// effort that ran out): the same failure `gridjudge gen` reports for them.
    #[error("generator (seed {seed}): {error}")]
    Generator {
        /// The seed of the case it was making.
        seed: u64,
        /// What it said.
        error: crate::gen::spec::GenError,
    },
    /// The judge itself failed (no sandbox, no case folder).
    #[error("{0}")]
    Judge(String),
}

/// Runs a stress session.
pub fn stress(
    problem: &JudgeProblem,
    settings: &JudgeSettings,
    subjects: Subjects<'_>,
    opts: &StressOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<StressReport, StressError> {
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let first: Mutex<Option<FirstFailure>> = Mutex::new(None);
    let error: Mutex<Option<StressError>> = Mutex::new(None);
    let jobs = opts.jobs.max(1);
    std::thread::scope(|scope| {
        for slot in 0..jobs {
            let (next, done, stop, first, error) = (&next, &done, &stop, &first, &error);
            scope.spawn(move || {
                let mut runner = match Runner::new(problem, settings, slot) {
                    Ok(r) => r,
                    Err(e) => {
                        if let Ok(mut slot) = error.lock() {
                            slot.get_or_insert(StressError::Judge(e));
                        }
                        stop.store(true, Ordering::SeqCst);
                        return;
                    }
                };
                loop {
                    if stop.load(Ordering::SeqCst)
                        || interrupt::signal().is_some()
                        || opts.time.is_some_and(|t| start.elapsed() >= t)
                    {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if opts.iterations.is_some_and(|n| i >= n) {
                        break;
                    }
                    let seed = opts.first_seed.wrapping_add(i);
                    let set = match opts.gen.with_seed(seed).generate() {
                        Ok(g) => CaseSet::from_generated(&g),
                        Err(e) => {
                            if let Ok(mut slot) = error.lock() {
                                slot.get_or_insert(StressError::Generator { seed, error: e });
                            }
                            stop.store(true, Ordering::SeqCst);
                            break;
                        }
                    };
                    let Ok(trials) = subjects.run(&mut runner, &set) else {
                        break;
                    };
                    if subjects.fails(&trials) {
                        if let Ok(mut f) = first.lock() {
                            if f.as_ref().is_none_or(|(j, ..)| i < *j) {
                                *f = Some((i, seed, set, trials));
                            }
                        }
                        stop.store(true, Ordering::SeqCst);
                    }
                    progress(Progress::Searched(done.fetch_add(1, Ordering::SeqCst) + 1));
                }
            });
        }
    });
    if let Some(e) = error.into_inner().ok().flatten() {
        return Err(e);
    }
    let iterations = done.load(Ordering::SeqCst);
    let search_time = start.elapsed();
    let Some((iteration, seed, original, original_trials)) = first.into_inner().ok().flatten()
    else {
        return Ok(StressReport {
            iterations,
            search_time,
            found: None,
            interrupted: interrupt::signal(),
        });
    };
    progress(Progress::Failed(original.size()));
    let target = signature(&original_trials);
    let mut found = Found {
        iteration,
        seed,
        minimal: original.clone(),
        minimal_trials: original_trials.clone(),
        original,
        original_trials,
        shrink_runs: 0,
        shrink_steps: 0,
        shrink_budget_hit: false,
    };
    // A judge error is the judge's trouble, not the program's: nothing to shrink.
    if !target.contains(&Verdict::JudgeError) && interrupt::signal().is_none() {
        let mut runner = Runner::new(problem, settings, 0).map_err(StressError::Judge)?;
        shrink_found(&mut found, &mut runner, subjects, &target, opts, progress);
    }
    Ok(StressReport {
        iterations,
        search_time,
        found: Some(found),
        interrupted: interrupt::signal(),
    })
}

fn shrink_found(
    found: &mut Found,
    runner: &mut Runner,
    subjects: Subjects<'_>,
    target: &[Verdict],
    opts: &StressOptions,
    progress: &(dyn Fn(Progress) + Sync),
) {
    let start = Instant::now();
    'steps: loop {
        let current = found.minimal.clone();
        for candidate in shrink::candidates(&current) {
            if found.shrink_runs >= opts.shrink_runs || start.elapsed() >= opts.shrink_time {
                found.shrink_budget_hit = true;
                break 'steps;
            }
            let Ok(trials) = subjects.run(runner, &candidate) else {
                // A signal: the smallest failing case so far stands.
                break 'steps;
            };
            found.shrink_runs += 1;
            if signature(&trials) == target {
                found.minimal = candidate;
                found.minimal_trials = trials;
                found.shrink_steps += 1;
                progress(Progress::Shrinking(found.shrink_runs, found.minimal.size()));
                continue 'steps;
            }
        }
        break;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search is shown every 16 iterations with its rate; shrinking at every step.
    #[test]
    fn the_progress_line_shows_the_search_every_16_iterations() {
        let second = Duration::from_secs(1);
        assert_eq!(Progress::Searched(15).line(second), None);
        assert_eq!(
            Progress::Searched(32).line(second).as_deref(),
            Some("32 iterations, 32/s, all AC so far")
        );
        let size = case_set::Size {
            cases: 1,
            cells: 2,
            area: 3,
            digits: 4,
        };
        let shrinking = Progress::Shrinking(7, size)
            .line(second)
            .unwrap_or_default();
        assert!(
            shrinking.starts_with("shrinking: 7 runs, best so far "),
            "{shrinking}"
        );
    }
}
