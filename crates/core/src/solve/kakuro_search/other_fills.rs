//! Fills other than a given one: the search for a second fill that proves a fill the
//! only one ([`other_fill`]), and the passes over fills that differ from ours near one
//! cell ([`near_fills`]) that the generator of unique boards works with.

use super::pair::Pair;
use super::{to_board, ClassicInfeasible};
use crate::model::{KakuroBoard, KakuroFill};

/// What [`other_fill`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OtherFill {
    /// The given fill is the board's only one.
    Only,
    /// Another fill of the board.
    Found(KakuroFill),
    /// The search gave up (after about `max_dead_ends` dead ends in all) while looking
    /// for a fill that differs from the given one at this white cell (a position in
    /// its `digits`) and agrees with it on the cells before.
    GaveUpAt(usize),
}

/// A classic fill of `board` other than `fill`, which must be one of its fills (else
/// [`ClassicInfeasible::GaveUp`]). The search of [`count`](super::count) for a second fill (see
/// [`count_within`](super::count_within)), from the last cells first, so the fill found differs from `fill`
/// in a region near the end of the board, often a small one: the generator of unique
/// boards (`gen::kakuro_unique`) blackens a cell there, or the cell where the search
/// gave up.
pub fn other_fill(
    board: &KakuroBoard,
    fill: &KakuroFill,
    max_dead_ends: u64,
) -> Result<OtherFill, ClassicInfeasible> {
    // Without the ranges at the root: nearly every cell is fixed to `fill` before any
    // search, so two probes per cell are mostly wasted (the generator of unique
    // 100×100 boards calls this about 800 times: 12.0 → 8.8 s for seed 1). The
    // relaxation starts from `fill` itself, a feasible point when it is a fill, so no
    // flow is computed (about a third of each call's cost at 100×100), and the cells
    // are fixed in one search, the other a copy (see `Pair::other_fill`): 8.4 → 5.2 s
    // for seed 1.
    let mut pair = Pair::with_root(board, false, Some(&fill.digits))?;
    let first = pair.first_from(fill)?;
    let mut spent = 0;
    let found = pair.other_fill(&first, true, None, max_dead_ends, &mut spent, &mut |_| None);
    match found {
        Ok(None) => Ok(OtherFill::Only),
        Ok(Some(who)) => {
            let mut other = KakuroFill::empty_for(board);
            to_board(&pair.steady.cell_pos, pair.solution(who), &mut other);
            Ok(OtherFill::Found(other))
        }
        Err(why @ ClassicInfeasible::GaveUp { .. }) => {
            match pair.steady.cell_pos.get(pair.tried as usize) {
                Some(&pos) => Ok(OtherFill::GaveUpAt(pos as usize)),
                None => Err(why),
            }
        }
        Err(why) => Err(why),
    }
}

/// Fills of `board` that differ from `fill` near one of its cells, found one after
/// another: the search of [`other_fill`] with a window of `window` cells (in the
/// search's cell order: by rows, the cells the root's deductions leave open, so a fill
/// shown differs from ours within `2 × window` of them): for each cell `c` from the
/// last, a fill that
/// agrees with `fill` on every cell before `c`, differs from it at `c` and agrees again
/// from `window` cells after `c`'s chunk of `window` cells on. Each fill found is shown
/// to `keep_on`, which names a white cell (a position in `fill.digits`) to fix to
/// `fill` from then on (the search goes on from `c`), or `None` to stop. Each search
/// gets about `max_dead_ends` dead ends and is passed over when it gives up, so
/// finding none proves nothing (that is [`other_fill`]'s job). Returns how many fills
/// it showed; [`ClassicInfeasible::GaveUp`] when `fill` is not a fill of `board` or a
/// named cell is not one of its white cells.
///
/// The generator of unique boards (`gen::kakuro_unique`) names a differing cell of each
/// fill and blackens them all, one search over the board where [`other_fill`] would
/// need one per blackened cell.
pub fn near_fills(
    board: &KakuroBoard,
    fill: &KakuroFill,
    window: usize,
    max_dead_ends: u64,
    keep_on: &mut dyn FnMut(&KakuroFill) -> Option<usize>,
) -> Result<usize, ClassicInfeasible> {
    let mut pair = Pair::with_root(board, false, Some(&fill.digits))?;
    let first = pair.first_from(fill)?;
    let cell_pos = pair.steady.cell_pos.clone();
    // Board positions back to search cells.
    let mut cell_of = vec![u32::MAX; fill.digits.len()];
    for (i, &pos) in cell_pos.iter().enumerate() {
        if let Some(slot) = cell_of.get_mut(pos as usize) {
            *slot = i as u32;
        }
    }
    let mut shown = 0;
    let mut other = KakuroFill::empty_for(board);
    let mut on_fill = |digits: &[u8]| -> Option<u32> {
        shown += 1;
        to_board(&cell_pos, digits, &mut other);
        // A position that is not a white cell fails the fixing (`u32::MAX`).
        keep_on(&other).map(|pos| cell_of.get(pos).copied().unwrap_or(u32::MAX))
    };
    let mut spent = 0;
    pair.other_fill(
        &first,
        true,
        Some(window),
        max_dead_ends,
        &mut spent,
        &mut on_fill,
    )?;
    Ok(shown)
}

#[cfg(test)]
mod tests {
    use super::super::counting::count_by_fills;
    use super::super::search::LEARN_AFTER;
    use super::{near_fills, other_fill, OtherFill, Pair};
    use crate::gen::kakuro::{generate, Params};
    use crate::gen::Rng;
    use crate::model::kakuro::KakuroFill;

    /// `near_fills` shows only fills of the board (by the validator) that differ from
    /// ours within `2 × window` consecutive cells left open by the root and agree with ours on every
    /// cell named before; over the whole board (a window of every cell, no bound on
    /// dead ends) it shows a fill exactly when there are two.
    #[test]
    fn near_fills_agree_with_ours_on_the_named_cells() {
        let mut shown_in_all = 0;
        for seed in 0..24u64 {
            let side = 8 + (seed % 5) as usize;
            let p = Params {
                rows: side,
                cols: side + 2,
                white_percent: 80 + (seed % 16) as usize,
                max_run: 9,
                distinct: true,
            };
            let mut rng = Rng::new(seed);
            let made = generate(&p, &mut rng);
            let (board, fill) = (&made.board, &made.fill);
            // Rank of each cell left open by the root's deductions, in row order.
            let pair = Pair::with_root(board, false, Some(&fill.digits)).unwrap();
            let mut rank = vec![usize::MAX; fill.digits.len()];
            let open =
                (0..pair.steady.cell_pos.len() as u32).filter(|&c| !pair.steady.is_placed(c));
            for (i, c) in open.enumerate() {
                rank[pair.steady.cell_pos[c as usize] as usize] = i;
            }
            let whites = board.white_count();
            for window in [3, 8, 20, whites] {
                let budget = if window == whites { u64::MAX } else { 200 };
                let mut named: Vec<usize> = Vec::new();
                let mut keep_on = |other: &KakuroFill| {
                    crate::verify::kakuro::check_fill(board, other, true)
                        .unwrap_or_else(|e| panic!("seed {seed}, window {window}: {e:?}"));
                    let differing: Vec<usize> = (0..fill.digits.len())
                        .filter(|&i| fill.digits[i] != 0 && other.digits[i] != fill.digits[i])
                        .collect();
                    assert!(!differing.is_empty(), "seed {seed}: our own fill");
                    for &cell in &named {
                        assert_eq!(other.digits[cell], fill.digits[cell], "seed {seed}");
                    }
                    let span = rank[differing[differing.len() - 1]] - rank[differing[0]];
                    assert!(span < 2 * window, "seed {seed}, window {window}: {span}");
                    let cell = differing[rng.below(differing.len())];
                    named.push(cell);
                    Some(cell)
                };
                let shown = near_fills(board, fill, window, budget, &mut keep_on)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
                assert_eq!(shown, named.len());
                shown_in_all += shown;
                if window == whites {
                    let two = count_by_fills(board, 2, u64::MAX, 0, LEARN_AFTER) == Some(2);
                    assert_eq!(shown > 0, two, "seed {seed}");
                }
            }
            // With no dead end allowed, every search not decided at its root gives up;
            // they are passed over.
            let mut valid = |other: &KakuroFill| {
                crate::verify::kakuro::check_fill(board, other, true)
                    .unwrap_or_else(|e| panic!("seed {seed}, no dead end: {e:?}"));
                (0..fill.digits.len())
                    .find(|&i| fill.digits[i] != 0 && other.digits[i] != fill.digits[i])
            };
            near_fills(board, fill, 20, 0, &mut valid)
                .unwrap_or_else(|e| panic!("seed {seed}, no dead end: {e:?}"));
        }
        assert!(shown_in_all > 100, "only {shown_in_all} fills shown");
    }

    /// `other_fill` within a small budget: another fill (a fill of the board, by the
    /// validator), or ours the only one (the exhaustive count agrees), or the white cell
    /// whose search gave up.
    #[test]
    fn other_fill_within_a_budget_names_where_it_gave_up() {
        let mut gave_up = 0;
        for seed in 0..40u64 {
            let p = Params {
                rows: 18,
                cols: 18,
                white_percent: 95,
                max_run: 9,
                distinct: true,
            };
            let made = generate(&p, &mut Rng::new(seed));
            let (board, fill) = (&made.board, &made.fill);
            match other_fill(board, fill, seed % 4).unwrap_or_else(|e| panic!("{seed}: {e}")) {
                OtherFill::Only => {
                    assert_eq!(count_by_fills(board, 2, u64::MAX, 0, LEARN_AFTER), Some(1))
                }
                OtherFill::Found(other) => {
                    assert_ne!(other.digits, fill.digits, "seed {seed}");
                    crate::verify::kakuro::check_fill(board, &other, true)
                        .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
                }
                OtherFill::GaveUpAt(at) => {
                    gave_up += 1;
                    assert!(board.white_cells().any(|w| w == at), "seed {seed}: {at}");
                }
            }
        }
        assert!(gave_up > 0, "no search gave up");
    }
}
