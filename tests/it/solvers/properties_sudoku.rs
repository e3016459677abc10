//! Differential property tests of the two Sudoku solvers. Random valid solved grids of box size 2, 3 and 4 (`gridjudge::gen::sudoku`),
//! random cells removed:
//!
//! - DLX and DFS agree on solvability and on the solution count up to 2;
//! - every solution they return passes the independent validator;
//! - a unique puzzle gives identical grids (the generator's grid);
//! - an impossible puzzle (a planted clash, or a wrong value in a unique puzzle that
//!   clashes with no given) gives "no solution" in both;
//! - for 4×4 grids, both exact counts equal a brute-force count over all 288 grids.
//!
//! Failures are persisted in `tests/proptest-regressions/properties_sudoku.txt`.

use crate::support;

use gridjudge::gen::{sudoku as gen, Rng};
use gridjudge::model::Sudoku;
use gridjudge::solve::{sudoku_dfs, sudoku_dlx};
use gridjudge::verify::sudoku::check_solution;
use proptest::prelude::*;
use std::sync::OnceLock;

fn config(cases: u32) -> ProptestConfig {
    support::proptest_config::persisted("tests/proptest-regressions/properties_sudoku.txt", cases)
}

/// Most cells a test removes for box size `b` (16×16 puzzles with very few givens are
/// slow in a debug build).
fn max_removed(b: usize) -> usize {
    match b {
        2 => 16,
        3 => 81,
        _ => 150,
    }
}

/// `(box size, seed, cells removed)`: shrinks towards b = 2 and fewer removed cells.
fn puzzle_params() -> impl Strategy<Value = (usize, u64, usize)> {
    prop_oneof![1 => Just(2usize), 3 => Just(3usize), 1 => Just(4usize)]
        .prop_flat_map(|b| (Just(b), any::<u64>(), 0..=max_removed(b)))
}

/// A solved grid and a puzzle made from it.
fn make(b: usize, seed: u64, removed: usize) -> (Sudoku, Sudoku, Rng) {
    let mut rng = Rng::new(seed);
    let solved = gen::solved_grid(b, &mut rng);
    let puzzle = gen::remove_cells(&solved, removed, &mut rng);
    (solved, puzzle, rng)
}

fn show(g: &Sudoku) -> String {
    let side = g.side();
    g.cells()
        .chunks(side)
        .map(|row| {
            row.iter()
                .map(|&v| {
                    if v == 0 {
                        ".".into()
                    } else {
                        format!("{v:>2}")
                    }
                })
                .collect::<Vec<String>>()
                .join("")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every valid 4×4 grid (there are 288), by plain backtracking in the test.
fn all_4x4() -> &'static Vec<[u8; 16]> {
    static ALL: OnceLock<Vec<[u8; 16]>> = OnceLock::new();
    ALL.get_or_init(|| {
        fn ok(g: &[u8; 16], i: usize, v: u8) -> bool {
            let (r, c) = (i / 4, i % 4);
            (0..i).all(|j| {
                let (r2, c2) = (j / 4, j % 4);
                let peer = r2 == r || c2 == c || (r2 / 2 == r / 2 && c2 / 2 == c / 2);
                !peer || g[j] != v
            })
        }
        fn go(g: &mut [u8; 16], i: usize, out: &mut Vec<[u8; 16]>) {
            if i == 16 {
                out.push(*g);
                return;
            }
            for v in 1..=4 {
                if ok(g, i, v) {
                    g[i] = v;
                    go(g, i + 1, out);
                }
            }
            g[i] = 0;
        }
        let mut out = Vec::new();
        go(&mut [0; 16], 0, &mut out);
        out
    })
}

#[test]
fn brute_force_knows_288_grids() {
    assert_eq!(all_4x4().len(), 288);
}

proptest! {
    #![proptest_config(config(500))]

    /// DLX and DFS agree on the count up to 2, both solve, both answers validate,
    /// and a unique puzzle gives the generator's grid in both.
    #[test]
    fn dlx_and_dfs_agree((b, seed, removed) in puzzle_params()) {
        let (solved, puzzle, _) = make(b, seed, removed);
        let (cd, cf) = (sudoku_dlx::count(&puzzle, 2), sudoku_dfs::count(&puzzle, 2));
        prop_assert_eq!(cd, cf, "counts differ on\n{}", show(&puzzle));
        prop_assert!(cd >= 1, "a puzzle made from a solved grid has a solution");
        let sd = sudoku_dlx::solve(&puzzle);
        let sf = sudoku_dfs::solve(&puzzle);
        let (Some(sd), Some(sf)) = (sd, sf) else {
            return Err(TestCaseError::fail(format!("a solver found nothing on\n{}", show(&puzzle))));
        };
        if let Err(v) = check_solution(&puzzle, &sd) {
            return Err(TestCaseError::fail(format!("DLX answer invalid: {v}\n{}", show(&sd))));
        }
        if let Err(v) = check_solution(&puzzle, &sf) {
            return Err(TestCaseError::fail(format!("DFS answer invalid: {v}\n{}", show(&sf))));
        }
        if cd == 1 {
            prop_assert_eq!(&sd, &solved, "DLX: unique puzzle, other grid");
            prop_assert_eq!(&sf, &solved, "DFS: unique puzzle, other grid");
        }
    }

    /// A planted clash: no solution, count 0, in both solvers.
    #[test]
    fn planted_clash_has_no_solution((b, seed, removed) in puzzle_params()) {
        let (_, puzzle, mut rng) = make(b, seed, removed);
        let broken = gen::plant_clash(&puzzle, &mut rng);
        prop_assert_eq!(sudoku_dlx::solve(&broken), None);
        prop_assert_eq!(sudoku_dfs::solve(&broken), None);
        prop_assert_eq!(sudoku_dlx::count(&broken, 2), 0);
        prop_assert_eq!(sudoku_dfs::count(&broken, 2), 0);
    }

    /// A unique puzzle plus one wrong value that repeats no given: no solution, and
    /// nothing to see without search.
    #[test]
    fn wrong_value_in_unique_puzzle_has_no_solution(
        b in prop_oneof![Just(2usize), Just(3usize)],
        seed in any::<u64>(),
        removed in 0usize..=40,
    ) {
        let (solved, puzzle, mut rng) = make(b, seed, removed.min(max_removed(b)));
        if sudoku_dlx::count(&puzzle, 2) != 1 {
            return Ok(()); // only unique puzzles say anything here
        }
        let Some(broken) = gen::wrong_given(&puzzle, &solved, &mut rng) else {
            return Ok(());
        };
        prop_assert_eq!(sudoku_dlx::count(&broken, 2), 0, "DLX on\n{}", show(&broken));
        prop_assert_eq!(sudoku_dfs::count(&broken, 2), 0, "DFS on\n{}", show(&broken));
        prop_assert_eq!(sudoku_dlx::solve(&broken), None);
        prop_assert_eq!(sudoku_dfs::solve(&broken), None);
    }

    /// 4×4: exact counts (no cap) of both solvers equal the brute-force count.
    #[test]
    fn exact_4x4_counts_match_brute_force(seed in any::<u64>(), removed in 0usize..=16) {
        let (_, puzzle, _) = make(2, seed, removed);
        let want = all_4x4()
            .iter()
            .filter(|g| puzzle.cells().iter().zip(g.iter()).all(|(&p, &v)| p == 0 || p == v))
            .count();
        prop_assert_eq!(sudoku_dlx::count(&puzzle, 1000), want, "DLX on\n{}", show(&puzzle));
        prop_assert_eq!(sudoku_dfs::count(&puzzle, 1000), want, "DFS on\n{}", show(&puzzle));
    }
}
