//! `gridjudge solve` (a reference contestant program: judge input in, judge output out)
//! and `gridjudge count` (solutions per case, up to a limit), planned.
//!
//! solve: exit 0 when every case is solved; 1 when some case has no solution (the
//! solved cases are still written, each unsolved one told as a [`Notice`]); 3 for an
//! input that does not parse, and then nothing is written. Every solution is checked by
//! the independent validators before it is written: a solver bug is an internal error
//! (70), never a wrong output.
//!
//! Both read the input twice: once to check that all of it parses, then case by case,
//! each case solved and its answer written as it is read. PERF: no list of cases or
//! answers is kept and the output goes out in chunks ([`Chunked`]): on 10,000 puzzles
//! (serg_benchmark) keeping them faulted in 1,160 pages, about 4 ms of system time on a
//! 24 ms run, where tdoku's whole process faults in 120; streaming faults in 395. The
//! second parse (about 540 instructions a puzzle) costs less than the pages it saves.

use super::io::Chunked;
use super::Notice;
use crate::error::Failure;
use crate::exit;
use crate::format::{self, ParseError};
use crate::problem::{Answer, Puzzle, Rules};
use crate::solve::{count_case, solve_case, SolveError, SolverKind};
use crate::{verify, Problem};
use std::io::Write;
use std::ops::ControlFlow;

/// The solver for `problem`: `asked`, else the problem's default; one that cannot solve
/// the problem is a usage error.
pub fn solver_for(problem: Problem, asked: Option<SolverKind>) -> Result<SolverKind, Failure> {
    let solver = asked.unwrap_or_else(|| SolverKind::default_for(problem));
    if !SolverKind::for_problem(problem).contains(&solver) {
        return Err(Failure::usage(
            SolveError::Unsupported { solver, problem }.to_string(),
        ));
    }
    Ok(solver)
}

/// Solves every case of `input` (named `name` in messages) with `solver`, each answer
/// checked and written to `out` as its case is read: the exit code (0 or 1).
pub fn solve<W: Write>(
    problem: Problem,
    solver: SolverKind,
    input: &[u8],
    name: &str,
    out: &mut Chunked<W>,
    notice: &dyn Fn(Notice),
) -> Result<u8, Failure> {
    parses(problem, input, name)?;
    let (mut case, mut unsolved) = (0usize, 0usize);
    let mut stop = None;
    format::each_case(problem, input, |puzzle| {
        case += 1;
        match solve_case(problem, solver, &puzzle) {
            Ok(answer) => {
                if let Err(why) = validate(problem, &puzzle, &answer) {
                    stop = Some(Stop::Failed(Failure::internal(format!(
                        "{name}: case {case}: the {solver} solver's answer is invalid ({why}): a gridjudge bug"
                    ))));
                    return ControlFlow::Break(());
                }
                format::write_answer(problem, case == 1, &answer, out.buf());
            }
            Err(e) => {
                notice(Notice::Info(format!("{name}: case {case}: {e}")));
                unsolved += 1;
            }
        }
        write_chunk(out).map_break(|s| stop = Some(s))
    })
    .map_err(|e| unreadable(name, e))?;
    finish(stop, out)?;
    Ok(if unsolved > 0 {
        exit::REJECTED
    } else {
        exit::OK
    })
}

/// Counts the solutions of every case of `input` up to `limit` (`>= LIMIT` when there
/// are that many), one line per case written to `out`.
pub fn count<W: Write>(
    problem: Problem,
    solver: SolverKind,
    limit: u64,
    input: &[u8],
    name: &str,
    out: &mut Chunked<W>,
) -> Result<u8, Failure> {
    parses(problem, input, name)?;
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let mut stop = None;
    format::each_case(problem, input, |puzzle| {
        match count_case(problem, solver, &puzzle, limit) {
            // Writing to a Vec cannot fail.
            Ok(n) if n >= limit => _ = writeln!(out.buf(), ">= {limit}"),
            Ok(n) => _ = writeln!(out.buf(), "{n}"),
            Err(e) => {
                stop = Some(Stop::Failed(Failure::usage(e.to_string())));
                return ControlFlow::Break(());
            }
        }
        write_chunk(out).map_break(|s| stop = Some(s))
    })
    .map_err(|e| unreadable(name, e))?;
    finish(stop, out)?;
    Ok(exit::OK)
}

/// The first pass: the whole input parses (its cases are not kept).
fn parses(problem: Problem, input: &[u8], name: &str) -> Result<(), Failure> {
    format::each_case(problem, input, |_| ControlFlow::Continue(()))
        .map(drop)
        .map_err(|e| unreadable(name, e))
}

/// An input that does not parse: the judge's input is wrong (3).
fn unreadable(name: &str, e: ParseError) -> Failure {
    Failure::judge(format!("{name}: {e}"))
}

/// Where a pass over the cases stopped early: on a failure, or because the reader of
/// the output has gone.
enum Stop {
    Failed(Failure),
    ReaderGone,
}

/// Writes the pending output's full chunk; a stop when the reader is gone.
fn write_chunk<W: Write>(out: &mut Chunked<W>) -> ControlFlow<Stop> {
    match out.write_full_chunk() {
        Ok(true) => ControlFlow::Continue(()),
        Ok(false) => ControlFlow::Break(Stop::ReaderGone),
        Err(f) => ControlFlow::Break(Stop::Failed(f)),
    }
}

/// Ends a pass over the cases: its failure, if it stopped on one; else the rest of the
/// output written (unless the reader has gone: then what was decided so far still sets
/// the exit code).
fn finish<W: Write>(stop: Option<Stop>, out: &mut Chunked<W>) -> Result<(), Failure> {
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
