//! Differential tests of search *effort* between the two Sudoku solvers (the
//! planted-bug experiment "DLX choosing the first column instead
//! of the smallest", see `tests/PLANTED_BUGS.md`).
//!
//! A DLX that picks the first uncovered column instead of the smallest still finds
//! correct solutions, so the answer-based properties cannot see it (they only get slow).
//! What it changes is the effort: when a puzzle is solved by naked and hidden singles
//! alone (decided here by a plain propagation loop, independent of both solvers), every
//! step has a column with exactly one row, so smallest-column DLX places exactly one row
//! per empty cell and never backtracks (singles are confluent: any forced move keeps the
//! rest solvable by singles). This is checked on random puzzles (sizes 2..=4).
//!
//! Failures are persisted in `tests/proptest-regressions/differential.txt`.

use crate::support;

use gridjudge::gen::{sudoku as gen, Rng};
use gridjudge::model::Sudoku;
use gridjudge::solve::sudoku_dlx;
use proptest::prelude::*;

fn config(cases: u32) -> ProptestConfig {
    support::proptest_config::persisted("tests/proptest-regressions/differential.txt", cases)
}

proptest! {
    #![proptest_config(config(400))]

    /// Singles suffice ⇒ DLX search nodes = number of empty cells.
    #[test]
    fn dlx_places_one_row_per_empty_cell_when_singles_suffice(
        (b, removed) in prop_oneof![
            (Just(2usize), 0usize..=10),
            (Just(3usize), 0usize..=50),
            (Just(4usize), 0usize..=120),
        ],
        seed in any::<u64>(),
    ) {
        let mut rng = Rng::new(seed);
        let solved = gen::solved_grid(b, &mut rng);
        let puzzle = gen::remove_cells(&solved, removed, &mut rng);
        if !solved_by_singles(&puzzle) {
            return Ok(()); // needs search: nothing to say about the effort
        }
        let (answer, stats) = sudoku_dlx::solve_with_stats(&puzzle);
        prop_assert_eq!(answer.as_ref(), Some(&solved));
        let empty = (puzzle.len() - puzzle.filled()) as u64;
        prop_assert_eq!(stats.nodes, empty,
            "DLX backtracked on a puzzle that singles solve (b = {}, {} empty cells)", b, empty);
    }
}

/// Whether naked and hidden singles (candidates by direct elimination only) fill every
/// cell of `puzzle`.
fn solved_by_singles(puzzle: &Sudoku) -> bool {
    let (b, side) = (puzzle.box_size(), puzzle.side());
    let mut grid: Vec<u8> = puzzle.cells().to_vec();
    let units: Vec<Vec<usize>> = (0..side)
        .flat_map(|k| {
            [
                (0..side).map(|j| k * side + j).collect::<Vec<_>>(),
                (0..side).map(|j| j * side + k).collect(),
                (0..side)
                    .map(|j| ((k / b) * b + j / b) * side + (k % b) * b + j % b)
                    .collect(),
            ]
        })
        .collect();
    let candidates = |grid: &[u8], i: usize| -> u32 {
        let (r, c) = (i / side, i % side);
        let mut used = 0u32;
        for (j, &v) in grid.iter().enumerate() {
            let (r2, c2) = (j / side, j % side);
            let peer = r2 == r || c2 == c || (r2 / b == r / b && c2 / b == c / b);
            if peer && j != i && v != 0 {
                used |= 1 << v;
            }
        }
        ((1u32 << (side + 1)) - 2) & !used
    };
    loop {
        let mut progress = false;
        for i in 0..grid.len() {
            if grid[i] == 0 {
                let m = candidates(&grid, i);
                if m.count_ones() == 1 {
                    grid[i] = m.trailing_zeros() as u8;
                    progress = true;
                }
            }
        }
        for unit in &units {
            for d in 1..=side as u8 {
                if unit.iter().any(|&i| grid[i] == d) {
                    continue;
                }
                let places: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&i| grid[i] == 0 && candidates(&grid, i) >> d & 1 == 1)
                    .collect();
                if places.len() == 1 {
                    grid[places[0]] = d;
                    progress = true;
                }
            }
        }
        if !progress {
            return grid.iter().all(|&v| v != 0);
        }
    }
}
