//! Classic Kakuro boards with exactly one fill: a generated board ([`super::kakuro`])
//! is adjusted until the classic counter finds one solution.
//!
//! A board here is always a function of its fill (clues = run sums, see
//! [`board_from_fill`]), so the fill stays a solution whatever is changed. On boards
//! above [`SMALL_AREA`] cells one call of [`kakuro_search::other_fill`] either proves
//! our fill the only one or returns another, which differs from ours in a region near
//! the end of the board (it looks for a second fill from the last cells first, the
//! earlier ones fixed to ours), most often a small one. Turning one of the differing
//! cells black (our fill loses that digit, runs are split or shortened, clues
//! recomputed) removes that second fill and usually many others. When the search gives
//! up, a random white cell goes black instead. Smaller boards are counted
//! ([`kakuro_search::enumerate_within`]) and, with two fills or more, searched for any
//! fill, which may happen to be ours (then a random white cell goes black).
//!
//! Each step makes the board smaller, so the loop ends; it gives up (and the caller
//! tries a fresh layout) when more than half of the white cells had to go. Effort is
//! bounded: every counter or solver call gets [`DEAD_ENDS_PER_CALL`] dead ends (an
//! undecided search is treated like "several fills": a random cell goes black), and
//! one board gets at most [`CALLS_PER_CELL`] calls per cell over at most
//! [`MAX_LAYOUTS`] layouts before generation fails with a clear message.
//!
//! PERF (release, `gen kakuro --variant classic --unique --seed 1`, quiet machine,
//! 2026-11-28): 20×20 0.01 s, 30×30 0.02 s (the counting way at 20×20, which it took
//! until then: 0.09 s, and on dense or unlucky 14×14–20×20 boards seconds or a
//! failure, see [`SMALL_AREA`]). Earlier (load average about 3): 50×50 0.56 s, 70×70
//! 2.3 s; the counting way alone took 0.10 s and 0.65 s at 20×20 and 30×30 and gave up
//! at 50×50 after 50 s. 100×100 (seeds 1, 2, 3; a fuzzing job on the other core):
//! 8.5 s, 8.0 s, 9.6 s, in about 800 calls of `other_fill` (one per blackened cell),
//! most of each building the searches' root again; 12.0, 11.5 and 12.5 s while that
//! root also narrowed every cell to the relaxation's range (see `other_fill`). Since
//! `other_fill` starts the relaxation from our fill (no flow to compute) and fixes the
//! cells in one search, copying it for the other (quiet machine, before → after, same
//! boards byte for byte): 50×50 0.49 → 0.37 s, 70×70 2.03 → 1.48 s, 100×100 8.4, 9.2,
//! 9.6 → 5.2, 5.0, 6.3 s. Since `other_fill` fixes the cells before its last chunk
//! in one propagation (same machine, one run each, before → after): 100×100 seeds
//! 1–3 5.6, 6.1, 7.9 → 3.8, 5.2, 7.0 s, 70×70 2.0 → 1.25 s, 100×100 `--white 95` 34.5
//! → 30.2 s (about 1,570 calls, most of them trying hundreds of cells one by one).

use super::kakuro::{board_from_fill, generate, Generated, Params};
use super::Rng;
use crate::solve::kakuro_search;

/// Boards of at most this many cells (rows × columns) are made unique the first way
/// (an exhaustive count, then a search for any fill, which may be ours); larger ones
/// by [`kakuro_search::other_fill`]. The first way is kept for the small boards so that
/// the committed generated files (`judge-cases/kakuro`, 12×12) and the snapshots stay
/// the same. Above 12×12 the second is faster and fails less (seeds 1–6, one run
/// each, the first way → the second: 20×20 at `--white 70` 4 of 6 made in 0.8 s in
/// all → 6 of 6 in 0.07 s; at `--white 95` 14×14 4.9 → 0.07 s, 16×16 5 of 6 in 10.6
/// s → 6 of 6 in 0.11 s, 20×20 4 of 6 in 13.7 s → 6 of 6 in 0.20 s); the first gave up
/// on every 50×50 seed tried (over 50 s).
pub const SMALL_AREA: usize = 144;
/// Layouts tried before giving up.
pub const MAX_LAYOUTS: usize = 50;
/// Dead ends allowed to one count or solve of the reference search.
pub const DEAD_ENDS_PER_CALL: u64 = 20_000;
/// Counter and solver calls allowed for one board, over all its layouts, per cell of
/// the board (one layout needs at most two per white cell).
pub const CALLS_PER_CELL: usize = 2;

/// Why no unique board was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no classic {rows}x{cols} board with a unique fill after {layouts} layouts and {calls} counter calls of at most {DEAD_ENDS_PER_CALL} dead ends each; try a smaller board, a lower --white, or another --seed")]
pub struct NotUnique {
    /// Rows asked for.
    pub rows: usize,
    /// Columns asked for.
    pub cols: usize,
    /// Layouts tried.
    pub layouts: usize,
    /// Counter and solver calls made.
    pub calls: usize,
}

/// A classic board (`p.distinct` must be true) with exactly one fill.
pub fn unique_classic(p: &Params, rng: &mut Rng) -> Result<Generated, NotUnique> {
    let mut calls = 0;
    let mut layouts = 0;
    let max_calls = CALLS_PER_CELL * p.rows * p.cols + 100;
    while layouts < MAX_LAYOUTS && calls < max_calls {
        layouts += 1;
        let g = generate(p, rng);
        if let Some(u) = make_unique(g, rng, &mut calls, max_calls) {
            return Ok(u);
        }
    }
    Err(NotUnique {
        rows: p.rows,
        cols: p.cols,
        layouts,
        calls,
    })
}

/// Blackens cells of `g` until it has one classic fill; `None` when more than half of
/// its white cells would have to go or the call budget (`calls`, shared) runs out.
fn make_unique(
    g: Generated,
    rng: &mut Rng,
    calls: &mut usize,
    max_calls: usize,
) -> Option<Generated> {
    let start = g.board.white_count();
    let mut fill = g.fill;
    let mut board = g.board;
    loop {
        if *calls >= max_calls {
            return None;
        }
        *calls += 1;
        let other = if board.rows() * board.cols() <= SMALL_AREA {
            if kakuro_search::enumerate_within(&board, 2, DEAD_ENDS_PER_CALL) == Some(1) {
                return Some(Generated { board, fill });
            }
            if board.white_count() * 2 < start || board.white_count() == 0 {
                return None;
            }
            *calls += 1;
            kakuro_search::solve_within(&board, DEAD_ENDS_PER_CALL).ok()
        } else {
            let other = match kakuro_search::other_fill(&board, &fill, DEAD_ENDS_PER_CALL) {
                Ok(None) => return Some(Generated { board, fill }),
                Ok(Some(other)) => Some(other),
                Err(_) => None,
            };
            if board.white_count() * 2 < start || board.white_count() == 0 {
                return None;
            }
            other
        };
        let differing: Vec<usize> = match &other {
            Some(o) => (0..fill.digits.len())
                .filter(|&i| fill.digits[i] != 0 && o.digits[i] != fill.digits[i])
                .collect(),
            None => Vec::new(),
        };
        let pool: Vec<usize> = if differing.is_empty() {
            board.white_cells().collect()
        } else {
            differing
        };
        let cell = pool[rng.below(pool.len())];
        fill.digits[cell] = 0;
        board = board_from_fill(fill.rows, fill.cols, &fill.digits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::kakuro::check_fill;

    #[test]
    fn unique_boards_have_one_fill_and_it_is_theirs() {
        for seed in 0..10 {
            let p = Params {
                rows: 7,
                cols: 7,
                white_percent: 70,
                max_run: 9,
                distinct: true,
            };
            let g = unique_classic(&p, &mut Rng::new(seed)).unwrap();
            assert_eq!(kakuro_search::count(&g.board, 3), 1);
            check_fill(&g.board, &g.fill, true).unwrap();
            assert!(g.board.white_count() > 0);
        }
    }

    /// Boards above `SMALL_AREA` are made unique by `other_fill` (the search for a
    /// second fill next to ours): the result has one fill by the counter, and it is
    /// ours.
    #[test]
    fn big_unique_boards_have_one_fill_and_it_is_theirs() {
        for seed in 0..4 {
            let p = Params {
                rows: 24,
                cols: 24,
                white_percent: 70 + 5 * seed as usize,
                max_run: 9,
                distinct: true,
            };
            assert!(p.rows * p.cols > SMALL_AREA);
            let g = unique_classic(&p, &mut Rng::new(seed)).unwrap();
            assert_eq!(kakuro_search::count(&g.board, 2), 1, "seed {seed}");
            check_fill(&g.board, &g.fill, true).unwrap();
            assert!(g.board.white_count() > 100, "seed {seed}");
        }
    }

    /// Just above `SMALL_AREA`, dense boards too: every seed makes a board, with one
    /// fill, ours (made the counting way, as below 12×12, one of them gave up after a
    /// minute of debug build).
    #[test]
    fn boards_just_above_the_small_area_are_made_unique() {
        for seed in 0..6u64 {
            let side = 13 + seed as usize;
            let p = Params {
                rows: side,
                cols: side,
                white_percent: if seed % 2 == 0 { 95 } else { 70 },
                max_run: 9,
                distinct: true,
            };
            assert!(p.rows * p.cols > SMALL_AREA);
            let g = unique_classic(&p, &mut Rng::new(seed)).unwrap();
            assert_eq!(kakuro_search::count(&g.board, 2), 1, "seed {seed}");
            check_fill(&g.board, &g.fill, true).unwrap();
        }
    }

    #[test]
    fn bounded_count_agrees_with_the_exact_count() {
        for seed in 0..20 {
            let p = Params {
                rows: 8,
                cols: 8,
                white_percent: 80,
                max_run: 9,
                distinct: true,
            };
            let g = generate(&p, &mut Rng::new(seed));
            let exact = kakuro_search::count(&g.board, 5);
            assert!(exact >= 1);
            assert_eq!(
                kakuro_search::count_within(&g.board, 5, u64::MAX),
                Some(exact)
            );
            // With a budget of one dead end the answer is either exact or undecided.
            let tiny = kakuro_search::count_within(&g.board, 5, 1);
            assert!(tiny.is_none() || tiny == Some(exact), "seed {seed}");
        }
    }
}
