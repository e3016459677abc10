//! `gridjudge solve` (a reference contestant program: judge input in, judge output out)
//! and `gridjudge count` (solutions per case, up to a limit).
//!
//! solve: exit 0 when every case is solved; 1 when some case has no solution (the
//! solved cases are still written, each unsolved one is named on stderr); 3 for an
//! input that does not parse, and then nothing is written. Every solution is checked by
//! the independent validators before it is written: a solver bug is an internal error
//! (70), never a wrong output.
//!
//! Both commands read the input twice: once to check that all of it parses, then case
//! by case, each case solved and its answer written as it is read. PERF: no list of
//! cases or answers is kept and the output goes out in chunks (`ChunkedStdout`): on
//! 10,000 puzzles (serg_benchmark) the process faulted in 1,160 pages, about 4 ms of
//! system time on a 24 ms run, where tdoku's whole process faults in 120; now 395. The
//! second parse (about 540 instructions a puzzle) costs less than the pages it saves.

use super::{display_name, exit, read_input, ChunkedStdout, Failure};
use gridjudge::format::ParseError;
use gridjudge::problem::{Answer, Puzzle, Rules};
use gridjudge::solve::{count_case, solve_case, SolveError, SolverKind};
use gridjudge::{format, verify, Problem};
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

/// Arguments of `gridjudge solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// Problem id.
    #[arg(value_enum)]
    pub problem: Problem,
    /// Solver (default: dlx for poj3074, dfs for poj2676/poj3076, flow for hdu3338, search for kakuro).
    #[arg(long, value_enum)]
    pub solver: Option<SolverKind>,
    /// Judge input (default: stdin).
    #[arg(default_value = "-")]
    pub file: PathBuf,
}

/// Arguments of `gridjudge count`.
#[derive(clap::Args)]
pub struct CountArgs {
    /// Problem id (poj3074, poj2676, poj3076, kakuro; hdu3338 has no counter).
    #[arg(value_enum)]
    pub problem: Problem,
    /// Stop counting at N solutions and print `>= N`.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub limit: u64,
    /// Solver (dlx or dfs for Sudoku, search for kakuro; max-flow finds one fill and
    /// cannot count).
    #[arg(long, value_enum)]
    pub solver: Option<CountingSolver>,
    /// Judge input (default: stdin).
    #[arg(default_value = "-")]
    pub file: PathBuf,
}

/// The solvers that count (`count --solver`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CountingSolver {
    /// Dancing links (Sudoku).
    Dlx,
    /// Bitmask depth-first search (Sudoku).
    Dfs,
    /// Combination-mask search (classic kakuro).
    Search,
}

impl From<CountingSolver> for SolverKind {
    fn from(s: CountingSolver) -> SolverKind {
        match s {
            CountingSolver::Dlx => SolverKind::Dlx,
            CountingSolver::Dfs => SolverKind::Dfs,
            CountingSolver::Search => SolverKind::Search,
        }
    }
}

/// The solver to use and the whole input, checked to parse (its cases are not kept).
fn load(
    problem: Problem,
    file: &Path,
    solver: Option<SolverKind>,
) -> Result<(Vec<u8>, SolverKind), Failure> {
    let solver = solver.unwrap_or_else(|| SolverKind::default_for(problem));
    if !SolverKind::for_problem(problem).contains(&solver) {
        return Err(Failure::new(
            exit::USAGE,
            SolveError::Unsupported { solver, problem }.to_string(),
        ));
    }
    let input = read_input(file)?;
    format::each_case(problem, &input, |_| ControlFlow::Continue(()))
        .map_err(|e| unreadable(file, e))?;
    Ok((input, solver))
}

fn unreadable(file: &Path, e: ParseError) -> Failure {
    Failure::new(exit::JUDGE_FAILURE, format!("{}: {e}", display_name(file)))
}

/// Where a pass over the cases stopped early: on a failure, or because the reader of
/// the output has gone.
enum Stop {
    Failed(Failure),
    ReaderGone,
}

/// Appends the pending output's full chunk to stdout; a stop when the reader is gone.
fn write_chunk(out: &mut ChunkedStdout) -> ControlFlow<Stop> {
    match out.write_full_chunk() {
        Ok(true) => ControlFlow::Continue(()),
        Ok(false) => ControlFlow::Break(Stop::ReaderGone),
        Err(f) => ControlFlow::Break(Stop::Failed(f)),
    }
}

/// Ends a pass over the cases: its failure, if it stopped on one; else the rest of the
/// output written (unless the reader has gone: then what was decided so far still sets
/// the exit code).
fn finish(stop: Option<Stop>, out: &mut ChunkedStdout) -> Result<(), Failure> {
    match stop {
        Some(Stop::Failed(f)) => Err(f),
        Some(Stop::ReaderGone) => Ok(()),
        None => out.flush().map(|_open| ()),
    }
}

/// The independent validators' opinion of a solver's answer.
fn validate(problem: Problem, puzzle: &Puzzle, answer: &Answer) -> Result<(), String> {
    match (puzzle, answer, problem.rules()) {
        (Puzzle::Sudoku(p), Answer::Sudoku(a), _) => {
            verify::sudoku::check_solution(p, a).map_err(|v| v.message)
        }
        (Puzzle::Kakuro(b), Answer::Kakuro(f), Rules::Kakuro { distinct }) => {
            verify::kakuro::check_fill(b, f, distinct).map_err(|v| v.message)
        }
        _ => Err("answer of the wrong kind".to_string()),
    }
}

/// Runs `solve`.
pub fn run_solve(args: &SolveArgs) -> Result<u8, Failure> {
    let (input, solver) = load(args.problem, &args.file, args.solver)?;
    let name = display_name(&args.file);
    let mut out = ChunkedStdout::new();
    let (mut case, mut unsolved) = (0usize, 0usize);
    let mut stop = None;
    format::each_case(args.problem, &input, |puzzle| {
        case += 1;
        match solve_case(args.problem, solver, &puzzle) {
            Ok(answer) => {
                if let Err(why) = validate(args.problem, &puzzle, &answer) {
                    stop = Some(Stop::Failed(Failure::new(
                        exit::INTERNAL,
                        format!("{name}: case {case}: the {solver} solver's answer is invalid ({why}): a gridjudge bug"),
                    )));
                    return ControlFlow::Break(());
                }
                format::write_answer(args.problem, case == 1, &answer, out.buf());
            }
            Err(e) => {
                eprintln!("{name}: case {case}: {e}");
                unsolved += 1;
            }
        }
        write_chunk(&mut out).map_break(|s| stop = Some(s))
    })
    .map_err(|e| unreadable(&args.file, e))?;
    finish(stop, &mut out)?;
    Ok(if unsolved > 0 {
        exit::REJECTED
    } else {
        exit::OK
    })
}

/// Runs `count`: one line per case, the count or `>= LIMIT`.
pub fn run_count(args: &CountArgs) -> Result<u8, Failure> {
    let (input, solver) = load(args.problem, &args.file, args.solver.map(SolverKind::from))?;
    let limit = usize::try_from(args.limit).unwrap_or(usize::MAX);
    let mut out = ChunkedStdout::new();
    let mut stop = None;
    format::each_case(args.problem, &input, |puzzle| {
        match count_case(args.problem, solver, &puzzle, limit) {
            // Writing to a Vec cannot fail.
            Ok(n) if n >= limit => _ = writeln!(out.buf(), ">= {limit}"),
            Ok(n) => _ = writeln!(out.buf(), "{n}"),
            Err(e) => {
                stop = Some(Stop::Failed(Failure::new(exit::USAGE, e.to_string())));
                return ControlFlow::Break(());
            }
        }
        write_chunk(&mut out).map_break(|s| stop = Some(s))
    })
    .map_err(|e| unreadable(&args.file, e))?;
    finish(stop, &mut out)?;
    Ok(exit::OK)
}
