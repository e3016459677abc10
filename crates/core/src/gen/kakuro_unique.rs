//! Classic Kakuro boards with exactly one fill: a generated board ([`super::kakuro`])
//! is adjusted until the classic counter finds one solution.
//!
//! A board here is always a function of its fill (clues = run sums, see
//! [`board_from_fill`]), so the fill stays a solution whatever is changed. Turning a
//! cell black (our fill loses that digit, runs are split or shortened, clues
//! recomputed) removes every fill that differs from ours there, and usually many
//! others; the generator blackens cells until ours is the only fill.
//!
//! On boards above [`SMALL_AREA`] cells it finds the cells to blacken in passes of
//! [`kakuro_search::near_fills`]: for each cell from the last, a fill that differs from
//! ours there and only within a window of nearby cells (in row order); one differing
//! cell of each fill found is picked at random, fixed to ours while the pass goes on
//! and blackened after it. Blackening splits runs, so a pass can leave new fills; the
//! next pass looks again. When a pass finds none, the window doubles (from half a row,
//! at least [`MIN_WINDOW`] cells); once it covers the board, one call of
//! [`kakuro_search::other_fill`] either proves our fill the only one or returns
//! another (a cell where it differs is blackened), or gives up at a cell (that cell is
//! blackened); then one pass with the smallest window, and `other_fill` again when it
//! finds nothing. Smaller boards are counted
//! ([`kakuro_search::enumerate_within`]) and, with two fills or more, searched for any
//! fill, which may happen to be ours (then a random white cell goes black).
//!
//! Each step makes the board smaller, so the loop ends; it gives up (and the caller
//! tries a fresh layout) when more than half of the white cells had to go. Effort is
//! bounded: every counter or solver call gets [`DEAD_ENDS_PER_CALL`] dead ends (an
//! undecided search is treated like "several fills": a random cell goes black), each
//! `other_fill` call [`OTHER_FILL_DEAD_ENDS`], each search of a pass
//! [`NEAR_DEAD_ENDS`], and one board gets at most [`CALLS_PER_CELL`]
//! calls per cell over at most [`MAX_LAYOUTS`] layouts before generation fails with a
//! clear message.
//!
//! PERF (release, `gen kakuro --variant classic --unique --rows N --cols N [--white 95]
//! --seed S`, quiet machine, 2026-11-29, one run each; white cells left in brackets),
//! the passes against one `other_fill` call per blackened cell, each from the end of
//! the board:
//!
//! | board | one call per cell | passes |
//! |---|---|---|
//! | 100×100, seeds 1–6 | 3.1–6.9 s (5,852–5,926) | 0.34–0.51 s (5,859–5,924) |
//! | 100×100 `--white 95`, seeds 1–6 | 16.3–63.8 s (6,202–6,298) | 1.9–3.5 s (6,324–6,413) |
//! | 100×100, seeds 1–20 | | 0.28–0.45 s (5,824–5,924) |
//! | 100×100 `--white 95`, seeds 1–20 | | 1.8–6.9 s, median 2.4 s (6,324–6,413) |
//! | 70×70, seed 1 | 0.98 s (2,878) | 0.18 s (2,887) |
//! | 70×70 `--white 95`, seed 1 | 6.42 s (3,052) | 1.45 s (3,116) |
//! | 50×50 `--white 95`, seed 1 | 0.47 s (1,563) | 0.17 s (1,564) |
//!
//! About 1,570 calls at 100×100 `--white 95`, each building the search and its root
//! again (about 4 ms) and most of them trying hundreds of cells one by one before a
//! fill shows, against a dozen passes. A pass with a window of two rows from the start
//! (no doubling) took 0.4 s and 1.0–1.2 s but left 1.5 % fewer white cells than one
//! call per cell (its fills differ from ours over more cells, so a random one of them
//! is a worse pick); a window of one row from the start, 0.3 s but 17 s on one `--white
//! 95` seed (too little found, the rest left to `other_fill`).

use super::kakuro::{board_from_fill, generate, Generated, Params};
use super::Rng;
use crate::model::kakuro::{KakuroBoard, KakuroFill};
use crate::solve::kakuro_search::{self, OtherFill};

/// Boards of at most this many cells (rows × columns) are made unique the first way
/// (an exhaustive count, then a search for any fill, which may be ours); larger ones
/// by passes of [`kakuro_search::near_fills`] and [`kakuro_search::other_fill`] (the
/// second way; the figures below are for `other_fill` alone). The first way is kept for the small boards so that
/// the committed generated files (`judge-cases/kakuro`, 12×12) and the snapshots stay
/// the same. Above 12×12 the second is faster and fails less (seeds 1–6, one run
/// each, the first way → the second: 20×20 at `--white 70` 4 of 6 made in 0.8 s in
/// all → 6 of 6 in 0.07 s; at `--white 95` 14×14 4.9 → 0.07 s, 16×16 5 of 6 in 10.6
/// s → 6 of 6 in 0.11 s, 20×20 4 of 6 in 13.7 s → 6 of 6 in 0.20 s); the first gave up
/// on every 50×50 seed tried (over 50 s).
pub const SMALL_AREA: usize = 144;
/// The smallest window of the search for fills near ours
/// ([`kakuro_search::near_fills`]), in cells; it starts at half a row.
pub const MIN_WINDOW: usize = 8;
/// Dead ends allowed to each search of [`kakuro_search::near_fills`] (one per cell; a
/// search that gives up is passed over, the search of `other_fill` has the last word).
/// 50, 200 and 2,000 made the same 100×100 boards (seeds 1 and 2, `--white 70` and
/// 95), the slowest in 2.5, 3.1 and 4.1 s.
pub const NEAR_DEAD_ENDS: u64 = 200;
/// Dead ends allowed to one call of [`kakuro_search::other_fill`], over all its cells;
/// when it gives up, the cell it was at goes black. 100×100 `--white 95`, seeds 1–20:
/// with 20,000 (as for the counts) 1.7–3.9 s but 9.3 and 14.5 s on seeds 7 and 8 (ten
/// calls giving up, about 1 s each, most of the time); with 5,000, 1.8–6.9 s, each
/// board with as many white cells within 0.5 %; with 2,000 about the same as 5,000.
pub const OTHER_FILL_DEAD_ENDS: u64 = 5_000;
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
    let first_window = (board.cols() / 2).max(MIN_WINDOW);
    let mut window = first_window;
    // Whether the last step was `other_fill`'s.
    let mut after_full = false;
    loop {
        if *calls >= max_calls {
            return None;
        }
        *calls += 1;
        let big = board.rows() * board.cols() > SMALL_AREA;
        if big && window < board.white_count() {
            let chosen = near_cells(&board, &fill, window, rng);
            if chosen.is_empty() {
                window = if after_full { usize::MAX } else { window * 2 };
                continue;
            }
            after_full = false;
            for cell in chosen {
                fill.digits[cell] = 0;
            }
            board = board_from_fill(fill.rows, fill.cols, &fill.digits);
            if board.white_count() * 2 < start || board.white_count() == 0 {
                return None;
            }
            continue;
        }
        // The cells to pick the next black one from: where another fill differs from
        // ours; all white cells when there is no such fill to go by.
        let pool: Vec<usize> = if !big {
            if kakuro_search::enumerate_within(&board, 2, DEAD_ENDS_PER_CALL) == Some(1) {
                return Some(Generated { board, fill });
            }
            if board.white_count() * 2 < start || board.white_count() == 0 {
                return None;
            }
            *calls += 1;
            match kakuro_search::solve_within(&board, DEAD_ENDS_PER_CALL) {
                Ok(other) => differing(&fill, &other),
                Err(_) => Vec::new(),
            }
        } else {
            let pool = match kakuro_search::other_fill(&board, &fill, OTHER_FILL_DEAD_ENDS) {
                Ok(OtherFill::Only) => return Some(Generated { board, fill }),
                Ok(OtherFill::Found(other)) => differing(&fill, &other),
                // Where no second fill was found nor ruled out.
                Ok(OtherFill::GaveUpAt(at)) => vec![at],
                Err(_) => Vec::new(),
            };
            if board.white_count() * 2 < start || board.white_count() == 0 {
                return None;
            }
            // The new fills are near the blackened cell: one pass with the smallest
            // window, then (finding none) `other_fill` again.
            window = first_window;
            after_full = true;
            pool
        };
        let pool = if pool.is_empty() {
            board.white_cells().collect()
        } else {
            pool
        };
        let cell = pool[rng.below(pool.len())];
        fill.digits[cell] = 0;
        board = board_from_fill(fill.rows, fill.cols, &fill.digits);
    }
}

/// Cells to blacken so that the fills of `board` near ours, within `window` cells
/// ([`kakuro_search::near_fills`]), are gone: one differing cell (at random) of each
/// fill the search finds, fixed to ours while it goes on. Empty when it finds none.
fn near_cells(board: &KakuroBoard, fill: &KakuroFill, window: usize, rng: &mut Rng) -> Vec<usize> {
    let mut chosen = Vec::new();
    let mut keep_on = |other: &KakuroFill| {
        let differing = differing(fill, other);
        let cell = *differing.get(rng.below(differing.len().max(1)))?;
        chosen.push(cell);
        Some(cell)
    };
    // An error (our fill is always a fill of its board) keeps what was found.
    let _ = kakuro_search::near_fills(board, fill, window, NEAR_DEAD_ENDS, &mut keep_on);
    chosen
}

/// The white cells where `other` differs from `fill`.
fn differing(fill: &KakuroFill, other: &KakuroFill) -> Vec<usize> {
    (0..fill.digits.len())
        .filter(|&i| fill.digits[i] != 0 && other.digits.get(i) != Some(&fill.digits[i]))
        .collect()
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

    /// Narrow and wide boards (windows of `MIN_WINDOW` cells, and of half a long row):
    /// one fill, ours.
    #[test]
    fn narrow_and_wide_unique_boards_have_one_fill() {
        for (seed, (rows, cols)) in [(40, 13), (13, 40), (60, 10)].into_iter().enumerate() {
            let p = Params {
                rows,
                cols,
                white_percent: 90,
                max_run: 9,
                distinct: true,
            };
            let g = unique_classic(&p, &mut Rng::new(seed as u64)).unwrap();
            assert_eq!(kakuro_search::count(&g.board, 2), 1, "{rows}x{cols}");
            check_fill(&g.board, &g.fill, true).unwrap();
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
