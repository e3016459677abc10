//! The reference solvers. Each solver module owns one algorithm; this module only maps
//! them. Hot loops are hand-written and allocation-free; see each file's `PERF:` notes.
//!
//! - [`exact_cover`]: Knuth's Algorithm X with dancing links on flat index arrays.
//! - [`sudoku_dlx`]: Sudoku (b = 2..=5) as exact cover.
//! - [`sudoku_dfs`]: Sudoku by bitmask DFS with singles propagation.
//! - [`maxflow`]: Dinic's max-flow.
//! - [`kakuro_flow`]: Kakuro Extension (hdu3338) by max-flow with lower bounds.
//! - [`kakuro_search`]: classic Kakuro by search with combination masks.

pub mod exact_cover;
pub mod kakuro_flow;
pub mod kakuro_search;
pub mod maxflow;
pub mod sudoku_dfs;
pub mod sudoku_dlx;

use crate::problem::{Answer, Problem, Puzzle};

pub use crate::problem::SolverKind;

impl SolverKind {
    /// The solver `gridjudge solve` uses when none is named: the problem definition's.
    pub fn default_for(problem: Problem) -> SolverKind {
        problem.def().default_solver
    }

    /// The solvers that answer `problem` correctly (by its rules).
    pub fn for_problem(problem: Problem) -> &'static [SolverKind] {
        SolverKind::for_rules(problem.rules())
    }
}

/// Why a case was not solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The case has no solution; the text says why when the solver knows.
    #[error("no solution{}", if .0.is_empty() { String::new() } else { format!(": {}", .0) })]
    NoSolution(String),
    /// The solver does not answer this problem (e.g. `flow` for classic kakuro).
    #[error("the {solver} solver does not solve {problem} (use {})", SolverKind::for_problem(*.problem).iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" or "))]
    Unsupported {
        /// The solver asked for.
        solver: SolverKind,
        /// The problem.
        problem: Problem,
    },
    /// Counting is not available for this problem.
    #[error("counting solutions is not available for {0}: its flow solver finds one solution")]
    NoCounter(Problem),
}

fn supported(problem: Problem, solver: SolverKind) -> Result<(), SolveError> {
    if SolverKind::for_problem(problem).contains(&solver) {
        Ok(())
    } else {
        Err(SolveError::Unsupported { solver, problem })
    }
}

/// Solves one case of `problem` with `solver`.
pub fn solve_case(
    problem: Problem,
    solver: SolverKind,
    puzzle: &Puzzle,
) -> Result<Answer, SolveError> {
    supported(problem, solver)?;
    match (puzzle, solver) {
        (Puzzle::Sudoku(p), SolverKind::Dlx) => sudoku_dlx::solve(p)
            .map(Answer::Sudoku)
            .ok_or(SolveError::NoSolution(String::new())),
        (Puzzle::Sudoku(p), _) => sudoku_dfs::solve(p)
            .map(Answer::Sudoku)
            .ok_or(SolveError::NoSolution(String::new())),
        (Puzzle::Kakuro(b), SolverKind::Flow) => kakuro_flow::solve(b)
            .map(Answer::Kakuro)
            .map_err(|e| SolveError::NoSolution(e.to_string())),
        (Puzzle::Kakuro(b), _) => kakuro_search::solve(b)
            .map(Answer::Kakuro)
            .map_err(|e| SolveError::NoSolution(e.to_string())),
    }
}

/// Counts the solutions of one case, up to `limit`.
pub fn count_case(
    problem: Problem,
    solver: SolverKind,
    puzzle: &Puzzle,
    limit: usize,
) -> Result<usize, SolveError> {
    supported(problem, solver)?;
    match (puzzle, solver) {
        (Puzzle::Sudoku(p), SolverKind::Dlx) => Ok(sudoku_dlx::count(p, limit)),
        (Puzzle::Sudoku(p), _) => Ok(sudoku_dfs::count(p, limit)),
        (Puzzle::Kakuro(_), SolverKind::Flow) => Err(SolveError::NoCounter(problem)),
        (Puzzle::Kakuro(b), _) => Ok(kakuro_search::count(b, limit)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Sudoku;

    /// The dispatch behind `gridjudge solve` and `gridjudge count` (cargo-mutants: with
    /// only the solvers' own tests, `supported` returning `Ok(())` and `count_case`
    /// returning a constant had survived).
    #[test]
    fn the_dispatch_counts_and_refuses_by_problem() {
        let empty = Puzzle::Sudoku(Sudoku::empty(3).unwrap());
        let unique = Puzzle::Sudoku(
            Sudoku::from_cells(
                3,
                ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
                    .bytes()
                    .map(|b| if b == b'.' { 0 } else { b - b'0' })
                    .collect(),
            )
            .unwrap(),
        );
        for solver in [SolverKind::Dlx, SolverKind::Dfs] {
            assert_eq!(count_case(Problem::Poj3074, solver, &empty, 2), Ok(2));
            assert_eq!(count_case(Problem::Poj3074, solver, &empty, 5), Ok(5));
            assert_eq!(count_case(Problem::Poj3074, solver, &unique, 2), Ok(1));
            assert!(solve_case(Problem::Poj3074, solver, &unique).is_ok());
        }
        for solver in [SolverKind::Flow, SolverKind::Search] {
            assert_eq!(
                solve_case(Problem::Poj3074, solver, &unique),
                Err(SolveError::Unsupported {
                    solver,
                    problem: Problem::Poj3074
                })
            );
            assert!(matches!(
                count_case(Problem::Poj2676, solver, &empty, 2),
                Err(SolveError::Unsupported { .. })
            ));
        }
        // 3x3, clues 3 and 4 across and down: one fill under the classic rules
        // (2 1 / 1 3).
        let text =
            "3 3\nXXXXXXX 003\\XXX 004\\XXX\nXXX\\003 ....... .......\nXXX\\004 ....... .......\n";
        let board = crate::format::hdu3338::parse_input(text.as_bytes())
            .unwrap()
            .remove(0);
        let kakuro = Puzzle::Kakuro(board);
        assert_eq!(
            count_case(Problem::Hdu3338, SolverKind::Flow, &kakuro, 2),
            Err(SolveError::NoCounter(Problem::Hdu3338))
        );
        assert!(solve_case(Problem::Hdu3338, SolverKind::Flow, &kakuro).is_ok());
        assert!(matches!(
            solve_case(Problem::Kakuro, SolverKind::Flow, &kakuro),
            Err(SolveError::Unsupported { .. })
        ));
        assert_eq!(
            count_case(Problem::Kakuro, SolverKind::Search, &kakuro, 5),
            Ok(1)
        );
    }
}
