//! Differential tests of search *effort* between the two Sudoku solvers (issue:
//! verification suite; the planted-bug experiment "DLX choosing the first column instead
//! of the smallest", see `tests/PLANTED_BUGS.md`).
//!
//! A DLX that picks the first uncovered column instead of the smallest still finds
//! correct solutions, so the answer-based properties cannot see it (they only get slow).
//! What it changes is the effort: when a puzzle is solved by singles alone (the DFS
//! solver's propagation reports 0 guesses), every step has a column with exactly one
//! row, so smallest-column DLX places exactly one row per empty cell and never
//! backtracks. This is checked on random puzzles (sizes 2..=4): whenever DFS needs no
//! guess, DLX's node count equals the number of empty cells.
//!
//! Failures are persisted in `tests/proptest-regressions/differential.txt`.

use gridjudge::gen::{sudoku as gen, Rng};
use gridjudge::solve::sudoku_dfs::DfsSolver;
use gridjudge::solve::sudoku_dlx;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/differential.txt",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(400))]

    /// Singles suffice (DFS: 0 guesses) ⇒ DLX search nodes = number of empty cells.
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
        let mut dfs = DfsSolver::new(b).unwrap();
        let mut out = puzzle.clone();
        prop_assert!(dfs.solve_into(&puzzle, &mut out));
        if dfs.last_guesses() > 0 {
            return Ok(()); // needs search: nothing to say about the effort
        }
        let (answer, stats) = sudoku_dlx::solve_with_stats(&puzzle);
        prop_assert_eq!(answer.as_ref(), Some(&solved));
        let empty = (puzzle.len() - puzzle.filled()) as u64;
        prop_assert_eq!(stats.nodes, empty,
            "DLX backtracked on a puzzle that singles solve (b = {}, {} empty cells)", b, empty);
    }
}
