//! Counting the classic fills of a board up to a limit: an exhaustive enumeration
//! first, then (for limits up to `BY_FILLS_UP_TO`) the searches of [`solve_within`](super::solve_within)
//! with fills counted around each fill found, or the clause search blocking one fill
//! at a time on small boards.

use super::cdcl::{Answer, Cdcl};
use super::pair::Pair;
use super::search::{Outcome, Search, LEARN_AFTER};
use super::ClassicInfeasible;
use crate::model::KakuroBoard;

/// Counts the classic fills of `board`, stopping at `limit` (so the result is
/// `min(number of fills, limit)`). An infeasible board counts 0.
pub fn count(board: &KakuroBoard, limit: usize) -> usize {
    // Unreachable with an unlimited budget.
    count_within(board, limit, u64::MAX).unwrap_or(0)
}

/// As [`count`], but gives up (`None`: undecided) after about `max_dead_ends` dead
/// ends. Used by the generators (`gen::kakuro_unique`) to keep their effort bounded.
///
/// First one exhaustive search over the whole board, as a depth-first enumeration:
/// it decides small boards within a few dead ends (two fills differ in the last
/// cells it decided), but does not finish big ones nor the dense small boards
/// without a fill. Limits above [`BY_FILLS_UP_TO`] go on with it to the end; the
/// others (1 and 2 ask: is there a fill, is it the only one), after `ENUMERATE_FIRST`
/// dead ends, go on:
///
/// - on boards of at most 256 white cells, with the clause-learning search (the `cdcl`
///   module, see [`count_by_clauses`]): a fill, the clause ruling it out, another
///   (`slow-search-6x7` of `benches/data/kakuro-dense` 0.27 s, where the enumeration
///   alone took 0.8 s; `-8x8-dense-b` 0.8 s, undecided by it in 10 s);
/// - on bigger boards, with the searches of [`solve_within`](super::solve_within): a first fill `F`, then,
///   for each cell `x_i` (in cell order), whether a fill agrees with `F` on `x_1 …
///   x_{i−1}` and differs from it at `x_i` (the fills other than `F`, split by the
///   first cell where they differ): one more search with those cells fixed to `F`'s
///   digits and `x_i`'s ruled out, all as deductions of the root. The last cells go
///   first, as a depth-first enumeration would meet them: with most of the board fixed
///   most alternatives fail at the root, and on a board with many fills a nearby second
///   fill is found after a few dead ends. The restarting search tries `F`'s digits
///   first (its phases). Below a root where a search finds a fill `G`, the other fills
///   are counted the same way around `G` (`Pair::count_others`), until `limit`.
// PERF: `count --limit 2` on the 60 generated 100×100 boards of
// `benches/peers/kakuro/corpus_100.sh` (release, one run each, cap 10 s, 2-core machine
// at load about 3, 2026-11-28): 56 decided, 30 under 1 s (fastest 0.13 s), about one
// `solve` each; the 4 undecided are boards `solve` takes over 3 s on. By enumeration
// alone none of the boards tried decided in 10 s. Details in docs/kakuro-search.md.
// Limits 3 to 1,000 cost the same (quiet machine, 2026-11-29, limits 2, 3, 10, 100,
// 1,000: default density seed 17 123–144 ms, `--white 95` seed 1 1.28–1.32 s); by
// enumeration, as before, limit 3 did not finish in 10 s on any of them.
//
// As in `solve_within`, the small parts of a big board are decided alone once the search
// for the first fill has met `PARTS_AFTER` dead ends: a part without a fill makes the
// count 0.
pub fn count_within(board: &KakuroBoard, limit: usize, max_dead_ends: u64) -> Option<usize> {
    if limit == 0 {
        return Some(0);
    }
    let mut first_budget = max_dead_ends;
    match Search::new(board) {
        Ok(mut search) => {
            if limit <= BY_FILLS_UP_TO {
                first_budget = max_dead_ends.min(ENUMERATE_FIRST);
            }
            if let Outcome::Done(found) = search.run(limit, first_budget) {
                return Some(found);
            }
            if search.is_small() && first_budget < max_dead_ends {
                return count_by_clauses(&mut search, limit, max_dead_ends, first_budget);
            }
        }
        Err(_) => return Some(0),
    }
    if first_budget >= max_dead_ends {
        return None;
    }
    count_by_fills(board, limit, max_dead_ends, first_budget, LEARN_AFTER)
}

/// [`count_within`] on small boards by the clause-learning search
/// (the `cdcl` module), encoded from `search`'s root: a fill, then the clause ruling
/// it out, then another; `spent` dead ends already met, each conflict one more.
pub(super) fn count_by_clauses(
    search: &mut Search,
    limit: usize,
    max_dead_ends: u64,
    spent: u64,
) -> Option<usize> {
    let (shape, cand, clue) = search.root_domains();
    let mut clauses = Cdcl::new(&shape, &cand, &clue);
    let mut spent = spent;
    let mut found = 0;
    loop {
        let before = clauses.conflicts;
        let answer = clauses.solve(max_dead_ends.saturating_sub(spent));
        spent = spent.saturating_add(clauses.conflicts - before);
        match answer {
            Answer::None => return Some(found),
            Answer::Fill => {
                found += 1;
                if found == limit || !clauses.block_fill() {
                    return Some(found);
                }
            }
            Answer::Undecided => return None,
        }
        if spent >= max_dead_ends {
            return None;
        }
    }
}

/// As [`count_within`], but by the exhaustive enumeration alone (its first stage,
/// for every limit): the count the generators of small unique boards
/// (`gen::kakuro_unique`) were built on, kept so that their boards stay the same.
pub fn enumerate_within(board: &KakuroBoard, limit: usize, max_dead_ends: u64) -> Option<usize> {
    if limit == 0 {
        return Some(0);
    }
    match Search::new(board) {
        Ok(mut search) => match search.run(limit, max_dead_ends) {
            Outcome::Done(found) => Some(found),
            Outcome::OutOfBudget => None,
        },
        Err(_) => Some(0),
    }
}

/// [`count_within`] by the searches of [`solve_within`](super::solve_within) (see there), `spent` dead ends
/// already met.
pub(super) fn count_by_fills(
    board: &KakuroBoard,
    limit: usize,
    max_dead_ends: u64,
    spent: u64,
    learn_after: u64,
) -> Option<usize> {
    let mut pair = match Pair::new(board) {
        Ok(pair) => pair,
        Err(_) => return Some(0),
    };
    // As in `solve`; the nogoods learnt under one root are dropped when `other_fill`
    // goes back to a wider one.
    pair.restarting.enable_learning(learn_after);
    let mut spent = spent;
    let first = match pair.decide(max_dead_ends, &mut spent, Some(board)) {
        Ok(who) => pair.solution(who).to_vec(),
        Err(ClassicInfeasible::GaveUp { .. }) => return None,
        Err(_) => return Some(0),
    };
    match pair.count_others(&first, limit - 1, max_dead_ends, &mut spent) {
        Ok(others) => Some(1 + others),
        Err(_) => None,
    }
}

/// The largest limit [`count_within`] counts by fills or by clauses after the first
/// `ENUMERATE_FIRST` dead ends of the enumeration; larger limits go on enumerating.
/// Counting by fills recurses once per fill found (see `Pair::count_others`), so this
/// bounds its depth.
pub(super) const BY_FILLS_UP_TO: usize = 1_000;

/// Dead ends the exhaustive enumeration of [`count_within`] may meet before limits 1
/// and 2 go on with the searches of [`solve_within`](super::solve_within). On small boards it needs fewer
/// dead ends than they do (13 generated boards of 6–13 cells a side, the
/// `kakuro_count_effort` snapshot: 1–256 dead ends for two fills against 20–114 for the
/// first fill alone); on 100×100 boards it is hopeless (`count --limit 2` over 10 s on
/// every board tried). 1,000 dead ends of it take a few ms there.
pub(super) const ENUMERATE_FIRST: u64 = 1_000;

#[cfg(test)]
mod tests {
    use super::super::{other_fill, solve, OtherFill};
    use super::{count_by_clauses, count_by_fills, Outcome, Search, LEARN_AFTER};
    use crate::gen::kakuro::{generate, shift_clues, Params};
    use crate::gen::Rng;

    /// The counting by fills and by clauses (limits 1 to 30) agrees with the
    /// exhaustive enumeration on small generated boards, with and without fills, with
    /// one fill and with many.
    #[test]
    fn counting_by_fills_agrees_with_the_enumeration() {
        let mut seen = [0usize; 3];
        let mut many = 0;
        for seed in 0..60u64 {
            let side = 4 + (seed % 4) as usize;
            let p = Params {
                rows: side,
                cols: side,
                white_percent: 60 + (seed % 35) as usize,
                max_run: 9,
                distinct: true,
            };
            let mut rng = Rng::new(seed);
            let made = generate(&p, &mut rng);
            let board = if seed % 3 == 0 {
                match shift_clues(&made.board, 1, &mut rng) {
                    Some(b) => b,
                    None => continue,
                }
            } else {
                made.board
            };
            let exact = match Search::new(&board) {
                Ok(mut search) => match search.run(30, u64::MAX) {
                    Outcome::Done(found) => found,
                    Outcome::OutOfBudget => unreachable!("unbounded"),
                },
                Err(_) => 0,
            };
            seen[exact.min(2)] += 1;
            many += usize::from(exact == 30);
            for limit in [1, 2, 3, 5, 8, 13, 30] {
                // With the restarting search learning nogoods from its first dead end
                // too (they must be dropped when `other_fill` widens the root).
                for learn_after in [LEARN_AFTER, 0] {
                    assert_eq!(
                        count_by_fills(&board, limit, u64::MAX, 0, learn_after),
                        Some(exact.min(limit)),
                        "seed {seed}, limit {limit}, learning after {learn_after}"
                    );
                }
                // (A board whose clues alone rule out a fill has no search to encode.)
                if let Ok(mut search) = Search::new(&board) {
                    assert_eq!(
                        count_by_clauses(&mut search, limit, u64::MAX, 0),
                        Some(exact.min(limit)),
                        "seed {seed}, limit {limit}, by clauses"
                    );
                }
            }
            // `other_fill`: another fill exactly when there are two.
            if let Ok(fill) = solve(&board) {
                let other = other_fill(&board, &fill, u64::MAX).expect("unbounded");
                assert!(
                    !matches!(other, OtherFill::GaveUpAt(_)),
                    "seed {seed}: unbounded"
                );
                assert_eq!(other == OtherFill::Only, exact == 1, "seed {seed}");
                if let OtherFill::Found(other) = other {
                    assert_ne!(other.digits, fill.digits, "seed {seed}");
                    crate::verify::kakuro::check_fill(&board, &other, true)
                        .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
                }
            }
        }
        assert!(
            seen.iter().all(|&n| n > 0) && many > 0,
            "boards with 0, 1, 2+ fills: {seen:?}, with 30+: {many}"
        );
    }
}
