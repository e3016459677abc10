//! Random Sudoku grids: a valid solved grid of box size `b` by permuting a pattern
//! grid, puzzles made from it by removing cells, and broken puzzles (a planted clash,
//! a wrong extra given).
//!
//! The pattern grid `(b·(r mod b) + r div b + c) mod b² + 1` is valid; every
//! permutation used here keeps validity: relabelling the symbols, permuting the rows
//! within a band, the bands, the columns within a stack, the stacks, and transposing.

use super::Rng;
use crate::model::Sudoku;

/// A random valid completed grid of box size `b` (2..=5). Panics on another box
/// size: the caller chooses `b` (this is test-generation code, not input handling).
pub fn solved_grid(b: usize, rng: &mut Rng) -> Sudoku {
    assert!(
        (Sudoku::MIN_BOX..=Sudoku::MAX_BOX).contains(&b),
        "box size {b} out of range"
    );
    let side = b * b;
    let symbols = rng.permutation(side);
    let rows = band_order(b, rng);
    let cols = band_order(b, rng);
    let transpose = rng.chance(1, 2);
    let mut cells = vec![0u8; side * side];
    for r in 0..side {
        for c in 0..side {
            let (pr, pc) = (rows[r], cols[c]);
            let (pr, pc) = if transpose { (pc, pr) } else { (pr, pc) };
            let pattern = (b * (pr % b) + pr / b + pc) % side;
            cells[r * side + c] = symbols[pattern] as u8 + 1;
        }
    }
    // Valid by construction (module doc); from_cells only rechecks the shape.
    Sudoku::from_cells(b, cells).unwrap_or_else(|e| unreachable!("pattern grid: {e}"))
}

/// A permutation of `0..b²` that permutes the bands and the lines within each band.
fn band_order(b: usize, rng: &mut Rng) -> Vec<usize> {
    let bands = rng.permutation(b);
    let mut order = Vec::with_capacity(b * b);
    for band in bands {
        for line in rng.permutation(b) {
            order.push(band * b + line);
        }
    }
    order
}

/// `grid` with `count` random cells emptied (all of them when `count` is larger).
pub fn remove_cells(grid: &Sudoku, count: usize, rng: &mut Rng) -> Sudoku {
    let side = grid.side();
    let mut out = grid.clone();
    let mut order = rng.permutation(grid.len());
    order.truncate(count.min(grid.len()));
    for i in order {
        out.set(i / side, i % side, 0);
    }
    out
}

/// The cells sharing a row, column or box with `(row, col)`, itself excluded.
pub fn peers(grid: &Sudoku, row: usize, col: usize) -> Vec<(usize, usize)> {
    let (b, side) = (grid.box_size(), grid.side());
    let mut out = Vec::with_capacity(3 * side);
    for r in 0..side {
        for c in 0..side {
            let same = r == row || c == col || grid.box_of(r, c) == grid.box_of(row, col);
            if same && (r, c) != (row, col) {
                out.push((r, c));
            }
        }
    }
    debug_assert_eq!(out.len(), 3 * side - 2 * b - 1);
    out
}

/// `puzzle` with a clash planted: some cell and one of its peers get the same symbol
/// (an existing given is reused when the chosen cell has one). Such a puzzle has no
/// solution.
pub fn plant_clash(puzzle: &Sudoku, rng: &mut Rng) -> Sudoku {
    let side = puzzle.side();
    let mut out = puzzle.clone();
    let a = rng.below(puzzle.len());
    let (r, c) = (a / side, a % side);
    let v = match puzzle.get(r, c) {
        0 => rng.below(side) as u8 + 1,
        v => v,
    };
    out.set(r, c, v);
    let ps = peers(puzzle, r, c);
    let (pr, pc) = ps[rng.below(ps.len())];
    out.set(pr, pc, v);
    out
}

/// `puzzle` with one empty cell given a value that differs from `solution` there and
/// repeats no given among its peers, or `None` when no such cell exists. When
/// `solution` is the *only* solution of `puzzle`, the result has none, and has no
/// visible clash either.
pub fn wrong_given(puzzle: &Sudoku, solution: &Sudoku, rng: &mut Rng) -> Option<Sudoku> {
    let side = puzzle.side();
    let mut candidates = Vec::new();
    for i in 0..puzzle.len() {
        let (r, c) = (i / side, i % side);
        if puzzle.get(r, c) != 0 {
            continue;
        }
        let mut used = vec![false; side + 1];
        for (pr, pc) in peers(puzzle, r, c) {
            used[usize::from(puzzle.get(pr, pc))] = true;
        }
        for v in 1..=side as u8 {
            if v != solution.get(r, c) && !used[usize::from(v)] {
                candidates.push((r, c, v));
            }
        }
    }
    if candidates.is_empty() {
        return None;
    }
    let (r, c, v) = candidates[rng.below(candidates.len())];
    let mut out = puzzle.clone();
    out.set(r, c, v);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::sudoku::{check_givens, check_solution};

    #[test]
    fn solved_grids_are_valid() {
        for b in 2..=5 {
            for seed in 0..20 {
                let g = solved_grid(b, &mut Rng::new(seed));
                assert!(g.is_complete());
                check_solution(&Sudoku::empty(b).unwrap(), &g).unwrap();
            }
        }
        // Different seeds give different grids.
        let a = solved_grid(3, &mut Rng::new(1));
        let b = solved_grid(3, &mut Rng::new(2));
        assert_ne!(a, b);
    }

    #[test]
    fn removal_and_breakage() {
        let mut rng = Rng::new(5);
        let g = solved_grid(3, &mut rng);
        let p = remove_cells(&g, 50, &mut rng);
        assert_eq!(p.filled(), 31);
        check_solution(&p, &g).unwrap();
        assert_eq!(remove_cells(&g, 500, &mut rng).filled(), 0);
        for _ in 0..20 {
            assert!(check_givens(&plant_clash(&p, &mut rng)).is_err());
            let w = wrong_given(&p, &g, &mut rng).unwrap();
            check_givens(&w).unwrap();
            assert_eq!(w.filled(), 32);
            assert!(check_solution(&w, &g).is_err());
        }
    }
}
