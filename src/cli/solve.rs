//! `gridjudge solve` (a reference contestant program: judge input in, judge output out)
//! and `gridjudge count` (solutions per case, up to a limit).
//!
//! solve: exit 0 when every case is solved; 1 when some case has no solution (the
//! solved cases are still written, each unsolved one is named on stderr); 3 for an
//! input that does not parse. Every solution is checked by the independent validators
//! before it is written: a solver bug is an internal error (70), never a wrong output.

use super::{display_name, exit, read_input, write_stdout, Failure};
use gridjudge::problem::{Answer, Puzzle, Rules};
use gridjudge::solve::{count_case, solve_case, SolveError, SolverKind};
use gridjudge::{format, verify, Problem};
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
    /// Solver (dlx or dfs for Sudoku, search for kakuro).
    #[arg(long, value_enum)]
    pub solver: Option<SolverKind>,
    /// Judge input (default: stdin).
    #[arg(default_value = "-")]
    pub file: PathBuf,
}

fn load(
    problem: Problem,
    file: &Path,
    solver: Option<SolverKind>,
) -> Result<(Vec<Puzzle>, SolverKind), Failure> {
    let solver = solver.unwrap_or_else(|| SolverKind::default_for(problem));
    if !SolverKind::for_problem(problem).contains(&solver) {
        return Err(Failure::new(
            exit::USAGE,
            SolveError::Unsupported { solver, problem }.to_string(),
        ));
    }
    let input = read_input(file)?;
    let puzzles = format::parse_input(problem, &input)
        .map_err(|e| Failure::new(exit::JUDGE_FAILURE, format!("{}: {e}", display_name(file))))?;
    Ok((puzzles, solver))
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
    let (puzzles, solver) = load(args.problem, &args.file, args.solver)?;
    let name = display_name(&args.file);
    // Answers are checked and written as they come (PERF: no list of answers to
    // allocate and fault in; the output buffer is the one copy).
    let mut out = Vec::with_capacity(puzzles.len().saturating_mul(82).min(1 << 28));
    let mut unsolved = 0usize;
    for (i, puzzle) in puzzles.iter().enumerate() {
        match solve_case(args.problem, solver, puzzle) {
            Ok(answer) => {
                validate(args.problem, puzzle, &answer).map_err(|why| {
                    Failure::new(
                        exit::INTERNAL,
                        format!("{name}: case {}: the {solver} solver's answer is invalid ({why}): a gridjudge bug", i + 1),
                    )
                })?;
                format::write_answer(args.problem, out.is_empty(), &answer, &mut out);
            }
            Err(e) => {
                eprintln!("{name}: case {}: {e}", i + 1);
                unsolved += 1;
            }
        }
    }
    write_stdout(&out)?;
    Ok(if unsolved > 0 {
        exit::REJECTED
    } else {
        exit::OK
    })
}

/// Runs `count`: one line per case, the count or `>= LIMIT`.
pub fn run_count(args: &CountArgs) -> Result<u8, Failure> {
    let (puzzles, solver) = load(args.problem, &args.file, args.solver)?;
    let limit = usize::try_from(args.limit).unwrap_or(usize::MAX);
    let mut text = String::new();
    for puzzle in &puzzles {
        let n = count_case(args.problem, solver, puzzle, limit)
            .map_err(|e| Failure::new(exit::USAGE, e.to_string()))?;
        text.push_str(&if n >= limit {
            format!(">= {limit}\n")
        } else {
            format!("{n}\n")
        });
    }
    write_stdout(text.as_bytes())?;
    Ok(exit::OK)
}
