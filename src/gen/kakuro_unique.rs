//! Classic Kakuro boards with exactly one fill: a generated board ([`super::kakuro`])
//! is adjusted until the classic counter finds one solution.
//!
//! A board here is always a function of its fill (clues = run sums, see
//! [`board_from_fill`]), so the fill stays a solution whatever is changed. While the
//! board has two or more fills, the reference search finds one; where it differs from
//! ours, turning one of the differing cells black (our fill loses that digit, runs are
//! split or shortened, clues recomputed) removes that second fill and usually many
//! others. When the search happens to return our own fill, a random white cell goes
//! black instead. Each step makes the board smaller, so the loop ends; it gives up
//! (and the caller tries a fresh layout) when more than half of the white cells had to
//! go, or after a bounded number of layouts.

use super::kakuro::{board_from_fill, generate, Generated, Params};
use super::Rng;
use crate::solve::kakuro_search;

/// Layouts tried before giving up.
pub const MAX_LAYOUTS: usize = 50;

/// Why no unique board was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no classic {rows}x{cols} board with a unique fill after {layouts} layouts (each adjusted until half its white cells were gone); try a smaller board or another --seed")]
pub struct NotUnique {
    /// Rows asked for.
    pub rows: usize,
    /// Columns asked for.
    pub cols: usize,
    /// Layouts tried.
    pub layouts: usize,
}

/// A classic board (`p.distinct` must be true) with exactly one fill.
pub fn unique_classic(p: &Params, rng: &mut Rng) -> Result<Generated, NotUnique> {
    for _ in 0..MAX_LAYOUTS {
        let g = generate(p, rng);
        if let Some(u) = make_unique(g, rng) {
            return Ok(u);
        }
    }
    Err(NotUnique {
        rows: p.rows,
        cols: p.cols,
        layouts: MAX_LAYOUTS,
    })
}

/// Blackens cells of `g` until it has one classic fill; `None` when more than half of
/// its white cells would have to go.
fn make_unique(g: Generated, rng: &mut Rng) -> Option<Generated> {
    let start = g.board.white_count();
    let mut fill = g.fill;
    let mut board = g.board;
    loop {
        if kakuro_search::count(&board, 2) == 1 {
            return Some(Generated { board, fill });
        }
        if board.white_count() * 2 < start || board.white_count() == 0 {
            return None;
        }
        let other = kakuro_search::solve(&board).ok();
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
}
