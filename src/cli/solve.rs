//! `gridjudge solve` (a reference contestant program: judge input in, judge output out)
//! and `gridjudge count` (solutions per case, up to a limit).
//!
//! solve: exit 0 when every case is solved; 1 when some case has no solution (the
//! solved cases are still written, each unsolved one is named on stderr); 3 for an
//! input that does not parse, and then nothing is written. Every solution is checked by
//! the independent validators before it is written: a solver bug is an internal error
//! (70), never a wrong output.
//!
//! The work and its rules (exit codes, the two passes, the chunked output) are in
//! [`gridjudge::plan::solve`].

use super::{display_name, read_input, Failure};
use gridjudge::plan::io::ChunkedStdout;
use gridjudge::plan::solve;
use gridjudge::solve::SolverKind;
use gridjudge::Problem;
use std::path::PathBuf;

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

/// Runs `solve`.
pub fn run_solve(args: &SolveArgs) -> Result<u8, Failure> {
    let solver = solve::solver_for(args.problem, args.solver)?;
    let input = read_input(&args.file)?;
    solve::solve(
        args.problem,
        solver,
        &input,
        &display_name(&args.file),
        &mut ChunkedStdout::new(),
        &crate::cli::print_notice,
    )
}

/// Runs `count`.
pub fn run_count(args: &CountArgs) -> Result<u8, Failure> {
    let solver = solve::solver_for(args.problem, args.solver.map(SolverKind::from))?;
    let input = read_input(&args.file)?;
    solve::count(
        args.problem,
        solver,
        args.limit,
        &input,
        &display_name(&args.file),
        &mut ChunkedStdout::new(),
    )
}
