//! Sudoku (box size b = 2..=5) as exact cover, solved by the [`exact_cover`] engine.
//!
//! Owns the encoding only: for side `S = b²` and `N = S²` cells the matrix has `4N`
//! columns — cell `i` filled, row `r` has digit `d`, column `c` has digit `d`, box `x`
//! has digit `d` — and `N·S` rows, one per (cell, digit), each covering four columns.
//! The matrix is built once per [`DlxSolver`]; the givens of a puzzle are passed as
//! fixed rows, so solving a puzzle allocates nothing. Givens that clash (same digit
//! twice in a unit) overlap as fixed rows and give "no solution", never a panic.
//!
//! [`exact_cover`]: crate::solve::exact_cover

use crate::model::{Sudoku, SudokuError};
use crate::solve::exact_cover::{ExactCover, SearchStats};

/// A reusable DLX Sudoku solver for one box size: build once, solve many.
#[derive(Debug, Clone)]
pub struct DlxSolver {
    box_size: usize,
    side: usize,
    matrix: ExactCover,
    /// Fixed rows (the givens) of the current puzzle.
    fixed: Vec<usize>,
    /// Rows of the first solution.
    rows: Vec<usize>,
    stats: SearchStats,
}

impl DlxSolver {
    /// Builds the exact-cover matrix for box size `box_size` (2..=5).
    pub fn new(box_size: usize) -> Result<Self, SudokuError> {
        if !(Sudoku::MIN_BOX..=Sudoku::MAX_BOX).contains(&box_size) {
            return Err(SudokuError::BoxSize(box_size));
        }
        let side = box_size * box_size;
        let n = side * side;
        let mut matrix = ExactCover::new(4 * n);
        for cell in 0..n {
            let (r, c) = (cell / side, cell % side);
            let x = (r / box_size) * box_size + c / box_size;
            for k in 0..side {
                // Row index = cell * side + k, by insertion order, for digit
                // `digit_of(cell, k)`.
                let d = digit_of(box_size, cell, k);
                let added = matrix.add_row(&[
                    cell,
                    n + r * side + d,
                    2 * n + c * side + d,
                    3 * n + x * side + d,
                ]);
                debug_assert!(added.is_ok(), "the Sudoku matrix is well formed");
            }
        }
        Ok(DlxSolver {
            box_size,
            side,
            matrix,
            fixed: Vec::with_capacity(n),
            rows: Vec::with_capacity(n),
            stats: SearchStats::default(),
        })
    }

    /// Box size this solver was built for.
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// Statistics of the last search (solutions found, search nodes).
    pub fn last_stats(&self) -> SearchStats {
        self.stats
    }

    /// Solves `puzzle` into `out` (overwritten with the first solution found; left
    /// untouched when there is none). Returns whether a solution exists. A puzzle of
    /// another box size rebuilds the solver for it.
    pub fn solve_into(&mut self, puzzle: &Sudoku, out: &mut Sudoku) -> bool {
        if !self.run(puzzle, 1, true) {
            return false;
        }
        if out.box_size() != self.box_size {
            *out = puzzle.clone();
        }
        for &row in &self.rows {
            let (cell, d) = (
                row / self.side,
                digit_of(self.box_size, row / self.side, row % self.side),
            );
            out.set(cell / self.side, cell % self.side, (d + 1) as u8);
        }
        true
    }

    /// Number of solutions of `puzzle`, counting stops at `limit`.
    pub fn count(&mut self, puzzle: &Sudoku, limit: usize) -> usize {
        self.run(puzzle, limit, false);
        self.stats.solutions
    }

    /// Loads the givens as fixed rows and searches; true when a solution was found.
    fn run(&mut self, puzzle: &Sudoku, limit: usize, record: bool) -> bool {
        if puzzle.box_size() != self.box_size {
            match DlxSolver::new(puzzle.box_size()) {
                Ok(s) => *self = s,
                Err(_) => return false, // unreachable: a Sudoku's box size is valid
            }
        }
        self.fixed.clear();
        for (cell, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                self.fixed
                    .push(cell * self.side + slot_of(self.box_size, cell, v as usize - 1));
            }
        }
        let first = if record { Some(&mut self.rows) } else { None };
        self.stats = self
            .matrix
            .search(&self.fixed, limit, first)
            .unwrap_or_default();
        self.stats.solutions > 0
    }
}

/// The digit (0-based) of the `k`-th row of `cell`. For 16×16 and 25×25 the digits
/// of each cell start at `cell mod side` (cyclically), as in the DFS's cell branches:
/// in a cell column every cell tried the smallest digit first, which fills thin grids
/// into lexicographic dead ends far from their cause (more than 20 s on
/// `fuzz/open-crashes/solve_sudoku/slow-dlx-and-dfs-16x16-c`). 4×4 and 9×9 keep the
/// plain order (the 9×9 figures and instruction limits were measured with it).
#[inline]
fn digit_of(box_size: usize, cell: usize, k: usize) -> usize {
    let side = box_size * box_size;
    if box_size >= 4 {
        (k + cell) % side
    } else {
        k
    }
}

/// The row slot `k` of digit `d` (0-based) in `cell`: the inverse of [`digit_of`].
#[inline]
fn slot_of(box_size: usize, cell: usize, d: usize) -> usize {
    let side = box_size * box_size;
    if box_size >= 4 {
        (d + side - cell % side) % side
    } else {
        d
    }
}

/// The first solution of `puzzle` found by dancing links, or `None` if it has none.
pub fn solve(puzzle: &Sudoku) -> Option<Sudoku> {
    solve_with_stats(puzzle).0
}

thread_local! {
    /// One solver per thread and box size, built on first use: the free functions
    /// below solve puzzle after puzzle on the same matrix (its givens are fixed rows,
    /// and every search leaves it as built). PERF: building the 9×9 matrix (2,916 nodes)
    /// for every puzzle was about a third of `gridjudge solve poj3074 --solver dlx`'s
    /// time on magictour_top1465 (`perf`, issue 17).
    static SOLVERS: std::cell::RefCell<[Option<DlxSolver>; Sudoku::MAX_BOX + 1]> =
        const { std::cell::RefCell::new([None, None, None, None, None, None]) };
}

/// Runs `f` on this thread's reusable solver for `box_size`; `None` for a box size
/// without one.
fn with_solver<T>(box_size: usize, f: impl FnOnce(&mut DlxSolver) -> T) -> Option<T> {
    SOLVERS.with(|cell| {
        let Ok(mut solvers) = cell.try_borrow_mut() else {
            // Only re-entrance could get here: a fresh solver does the same work.
            return DlxSolver::new(box_size).ok().map(|mut s| f(&mut s));
        };
        let slot = solvers.get_mut(box_size)?;
        if slot.is_none() {
            *slot = Some(DlxSolver::new(box_size).ok()?);
        }
        slot.as_mut().map(f)
    })
}

/// Like [`solve`], also returning the search statistics (search nodes).
pub fn solve_with_stats(puzzle: &Sudoku) -> (Option<Sudoku>, SearchStats) {
    let mut out = puzzle.clone();
    with_solver(puzzle.box_size(), |solver| {
        let found = solver.solve_into(puzzle, &mut out);
        (found, solver.last_stats())
    })
    .map_or((None, SearchStats::default()), |(found, stats)| {
        (found.then_some(out), stats)
    })
}

/// Number of solutions of `puzzle`, capped at `limit` (`min(#solutions, limit)`).
pub fn count(puzzle: &Sudoku, limit: usize) -> usize {
    with_solver(puzzle.box_size(), |solver| solver.count(puzzle, limit)).unwrap_or(0)
}
