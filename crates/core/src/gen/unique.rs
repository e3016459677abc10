//! Sudoku puzzles with exactly one solution, for judge data: a random solved grid, then
//! givens removed in a random order while the exact counter still finds one solution.
//!
//! The solved grid: the boxes on the main diagonal share no row, column or box, so each
//! gets an independent random permutation of the symbols; the DFS solver completes the
//! grid (for 9x9 and larger it always can; a 4x4 diagonal can be a dead end, and is
//! then drawn again); a
//! random relabelling of the symbols then spreads the DFS's own digit order over all
//! symbols. Every step is driven by the caller's [`Rng`], so a puzzle is a function of
//! its seed.
//!
//! Removal: each cell, in a random order, is emptied and put back when the puzzle no
//! longer has exactly one solution ([`DfsSolver::count`] with limit 2). Removing a given
//! can only add solutions, so one pass leaves a *minimal* puzzle: a given that could not
//! go when it was tried cannot go later either (fewer givens, more solutions).
//! `target` stops the pass once that many givens are left.
//!
//! The grade ([`Grade`]) is measured, not guessed: [`singles_solve`] tries the puzzle
//! with naked and hidden singles alone, and the DFS counts its guesses while proving
//! uniqueness (the whole search tree, not just the path to the first solution).

use super::Rng;
use crate::model::Sudoku;
use crate::solve::sudoku_dfs::DfsSolver;
use std::fmt;

/// How hard a puzzle is, from measured solver effort.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Grade {
    /// Naked and hidden singles alone solve it.
    Easy,
    // The numbers are MEDIUM_GUESSES and HARD_GUESSES: these lines are `--help` text.
    /// Singles do not, the DFS proves it unique with at most 2 guesses.
    Medium,
    /// At most 12 guesses.
    Hard,
    /// More guesses than that.
    Extreme,
}

/// Most DFS guesses (counting to 2) of a medium puzzle.
pub const MEDIUM_GUESSES: u64 = 2;
/// Most DFS guesses (counting to 2) of a hard puzzle.
pub const HARD_GUESSES: u64 = 12;

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Extreme => "extreme",
        })
    }
}

/// A generated puzzle with its solution and measured effort.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UniquePuzzle {
    /// The puzzle (`0` = empty); exactly one solution.
    pub puzzle: Sudoku,
    /// Its solution.
    pub solution: Sudoku,
    /// Whether no given can be removed without losing uniqueness.
    pub minimal: bool,
    /// DFS guesses while counting its solutions up to 2.
    pub guesses: u64,
    /// Whether singles alone solve it.
    pub singles: bool,
    /// The grade from the two above.
    pub grade: Grade,
}

/// Diagonal fills tried before giving up (only 4x4 grids ever need a second one).
const DIAGONAL_TRIES: usize = 64;

/// A random completed grid of box size `b` (2..=5, else `None`).
pub fn random_grid(b: usize, dfs: &mut DfsSolver, rng: &mut Rng) -> Option<Sudoku> {
    let side = b * b;
    let mut grid = Sudoku::empty(b).ok()?;
    let mut solved = false;
    for _ in 0..DIAGONAL_TRIES {
        let mut seed = Sudoku::empty(b).ok()?;
        for k in 0..b {
            let digits = rng.permutation(side);
            for (i, d) in digits.into_iter().enumerate() {
                seed.set(k * b + i / b, k * b + i % b, d as u8 + 1);
            }
        }
        if dfs.solve_into(&seed, &mut grid) {
            solved = true;
            break;
        }
    }
    if !solved {
        return None;
    }
    let relabel = rng.permutation(side);
    let cells = grid
        .cells()
        .iter()
        .map(|&v| relabel[usize::from(v) - 1] as u8 + 1)
        .collect();
    Sudoku::from_cells(b, cells).ok()
}

/// Empties cells of `solution` in a random order while the puzzle keeps exactly one
/// solution, stopping at `target` givens (`None`: go on to a minimal puzzle).
pub fn remove_while_unique(
    solution: &Sudoku,
    target: Option<usize>,
    dfs: &mut DfsSolver,
    rng: &mut Rng,
) -> UniquePuzzle {
    let side = solution.side();
    let mut puzzle = solution.clone();
    let order = rng.permutation(solution.len());
    let mut minimal = true;
    for (k, &i) in order.iter().enumerate() {
        if target.is_some_and(|t| puzzle.filled() <= t) {
            // Stopped early: minimal only if none of the untried cells could go; not
            // worth checking, so say "not known minimal" unless nothing was left.
            minimal = k == order.len();
            break;
        }
        let (r, c) = (i / side, i % side);
        let v = puzzle.get(r, c);
        puzzle.set(r, c, 0);
        if dfs.count(&puzzle, 2) != 1 {
            puzzle.set(r, c, v);
        }
    }
    measure(puzzle, solution.clone(), minimal, dfs)
}

/// Measures a unique puzzle's effort and grade.
pub fn measure(
    puzzle: Sudoku,
    solution: Sudoku,
    minimal: bool,
    dfs: &mut DfsSolver,
) -> UniquePuzzle {
    dfs.count(&puzzle, 2);
    let guesses = dfs.last_guesses();
    let singles = singles_solve(&puzzle).is_some_and(|s| s == solution);
    let grade = if singles {
        Grade::Easy
    } else if guesses <= MEDIUM_GUESSES {
        Grade::Medium
    } else if guesses <= HARD_GUESSES {
        Grade::Hard
    } else {
        Grade::Extreme
    };
    UniquePuzzle {
        puzzle,
        solution,
        minimal,
        guesses,
        singles,
        grade,
    }
}

/// Solves `puzzle` with naked singles (a cell with one candidate) and hidden singles (a
/// symbol with one place in a row, column or box) alone; `None` when they get stuck or
/// meet a contradiction. Plain loops: it runs once per generated puzzle.
pub fn singles_solve(puzzle: &Sudoku) -> Option<Sudoku> {
    let (b, side) = (puzzle.box_size(), puzzle.side());
    let mut g = puzzle.clone();
    let all: u32 = if side >= 32 {
        u32::MAX
    } else {
        (1 << side) - 1
    };
    // Units as lists of cells: rows, columns, boxes.
    let mut units: Vec<Vec<usize>> = Vec::with_capacity(3 * side);
    for k in 0..side {
        units.push((0..side).map(|c| k * side + c).collect());
        units.push((0..side).map(|r| r * side + k).collect());
        let (r0, c0) = ((k / b) * b, (k % b) * b);
        units.push(
            (0..side)
                .map(|i| (r0 + i / b) * side + c0 + i % b)
                .collect(),
        );
    }
    let candidates = |g: &Sudoku, i: usize| -> u32 {
        let (r, c) = (i / side, i % side);
        let mut used = 0u32;
        for k in 0..side {
            for v in [g.get(r, k), g.get(k, c)] {
                if v != 0 {
                    used |= 1 << (v - 1);
                }
            }
            let (br, bc) = ((r / b) * b + k / b, (c / b) * b + k % b);
            let v = g.get(br, bc);
            if v != 0 {
                used |= 1 << (v - 1);
            }
        }
        all & !used
    };
    loop {
        let mut progress = false;
        for i in 0..g.len() {
            if g.cells()[i] != 0 {
                continue;
            }
            let m = candidates(&g, i);
            if m == 0 {
                return None;
            }
            if m.count_ones() == 1 {
                g.set(i / side, i % side, m.trailing_zeros() as u8 + 1);
                progress = true;
            }
        }
        for unit in &units {
            for d in 0..side {
                let v = d as u8 + 1;
                if unit.iter().any(|&i| g.cells()[i] == v) {
                    continue;
                }
                let mut places = unit
                    .iter()
                    .filter(|&&i| g.cells()[i] == 0 && candidates(&g, i) & (1 << d) != 0);
                let first = places.next();
                match (first, places.next()) {
                    (None, _) => return None,
                    (Some(&i), None) => {
                        g.set(i / side, i % side, v);
                        progress = true;
                    }
                    _ => {}
                }
            }
        }
        if g.is_complete() {
            return Some(g);
        }
        if !progress {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::sudoku_dlx;
    use crate::verify::sudoku::check_solution;

    #[test]
    fn puzzles_are_unique_and_minimal_when_asked() {
        for b in [2, 3] {
            let mut dfs = DfsSolver::new(b).unwrap();
            for seed in 0..30 {
                let mut rng = Rng::new(seed);
                let grid = random_grid(b, &mut dfs, &mut rng).unwrap();
                check_solution(&Sudoku::empty(b).unwrap(), &grid).unwrap();
                let p = remove_while_unique(&grid, None, &mut dfs, &mut rng);
                assert!(p.minimal);
                assert_eq!(sudoku_dlx::count(&p.puzzle, 2), 1);
                check_solution(&p.puzzle, &grid).unwrap();
                // Minimal: every given is needed (checked by the other solver).
                for i in 0..p.puzzle.len() {
                    let (r, c) = (i / p.puzzle.side(), i % p.puzzle.side());
                    if p.puzzle.get(r, c) != 0 {
                        let mut q = p.puzzle.clone();
                        q.set(r, c, 0);
                        assert!(sudoku_dlx::count(&q, 2) > 1, "seed {seed} cell {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn target_stops_early_and_singles_agree_with_the_solution() {
        let mut dfs = DfsSolver::new(3).unwrap();
        let mut rng = Rng::new(11);
        let grid = random_grid(3, &mut dfs, &mut rng).unwrap();
        let p = remove_while_unique(&grid, Some(50), &mut dfs, &mut rng);
        assert_eq!(p.puzzle.filled(), 50);
        assert!(!p.minimal);
        // 50 givens of a unique puzzle: singles nearly always finish; when they do,
        // they reach the solution.
        if let Some(s) = singles_solve(&p.puzzle) {
            assert_eq!(s, grid);
            assert_eq!(p.grade, Grade::Easy);
        }
        // A puzzle singles cannot start on: the empty grid.
        assert!(singles_solve(&Sudoku::empty(3).unwrap()).is_none());
    }
}
