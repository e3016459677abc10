//! Learned nogoods of the classic Kakuro search: at a dead end, the decisions its
//! conflict set names (cell `c` took digit `d`, for each) cannot all hold in any fill
//! below the root, so that combination is kept and propagated from then on, across
//! restarts. Part of [`Search`]'s implementation.
//!
//! # Why
//!
//! The restarting search starts each attempt from the root and, by its saved digits,
//! rebuilds much of the assignment the previous attempt failed in; backjumping alone
//! forgets every refuted combination when it restarts.
//!
//! # How
//!
//! A nogood is a list of literals `(cell, digit)`; it is violated when every cell holds
//! its digit. Two literals of each are watched (the two deepest decisions when it is
//! learned): when a watched literal becomes true (its cell is placed with that digit,
//! seen by `propagate` after the run filters), another literal not yet true takes its
//! place; when there is none, the other watched literal must become false (its digit
//! is removed from its cell, with the nogood as the reason: the conflict analysis asks
//! for the other literals' cells), or, when it is true already, the nogood is a dead
//! end of its own.
//!
//! A nogood holds below the root it was learned at, and so below any narrower one;
//! going back to a wider root (`Search::back_to_root`) forgets them all.
//!
//! PERF (release, one run per board, cap 5 s; docs/kakuro-search.md has the tables):
//! on 100 generated 100×100 classic boards the boards at the cap went from 12 to 6
//! and the median from 975 to 906 ms; default seed 20 from 19.3 s to 0.8 s. Boards
//! decided within `LEARN_AFTER` dead ends are searched exactly as before.

use super::{Search, NOGOOD_REASON, NONE};

/// The longest nogood kept (longer ones rarely become unit again).
const MAX_LEN: usize = 32;
/// Nogoods kept at most, per cell of the board; the search stops learning there.
const PER_CELL: usize = 4;
/// `solve`'s restarting search learns once it has met this many dead ends:
/// the boards it decides sooner keep the search they had without nogoods (on
/// `gen_100x100` learning from the start took 31 % more instructions, a different
/// path through the same board).
pub(in crate::solve::kakuro_search) const LEARN_AFTER: u64 = 2_000;

impl Search {
    /// Turns learning on, from the dead end number `after` of this search on (the
    /// watch lists are allocated with the first nogood, so that a search that never
    /// learns allocates nothing more).
    pub(in crate::solve::kakuro_search) fn enable_learning(&mut self, after: u64) {
        self.learn = true;
        self.learn_after = after;
    }

    /// Drops every learned nogood (for a root that gets wider).
    pub(super) fn forget_nogoods(&mut self) {
        if self.ng_start.is_empty() {
            return;
        }
        self.ng_lits.clear();
        self.ng_start.clear();
        self.ng_watch.clear();
        for list in &mut self.ng_lists {
            list.clear();
        }
    }

    /// The positions of nogood `id`'s literals in `ng_lits`.
    pub(super) fn ng_range(&self, id: usize) -> std::ops::Range<usize> {
        let start = self.ng_start[id] as usize;
        let end = self
            .ng_start
            .get(id + 1)
            .map_or(self.ng_lits.len(), |&e| e as usize);
        start..end
    }

    /// Keeps the decisions of the conflict set in `levels` as a nogood (right after
    /// [`Search::analyse`] of a dead end), when it has two to `MAX_LEN` of them, each
    /// a decision that placed (or tried) one digit.
    pub(super) fn learn_nogood(&mut self) {
        if self.dead_ends_seen < self.learn_after
            || self.ng_start.len() >= PER_CELL * self.cand.len()
        {
            return;
        }
        self.allocate_nogoods();
        let start = self.ng_lits.len();
        let depth = self.frames.len();
        for w in 0..=depth / 64 {
            let mut bits = self.levels[w];
            while bits != 0 {
                let l = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let Some(frame) = self.frames.get(l) else {
                    self.ng_lits.truncate(start);
                    return;
                };
                let c = frame.cell;
                let m = self.cand[c as usize];
                if m & (m - 1) != 0 || self.ng_lits.len() - start >= MAX_LEN {
                    self.ng_lits.truncate(start);
                    return;
                }
                self.ng_lits.push((c, m));
            }
        }
        if self.ng_lits.len() - start < 2 {
            self.ng_lits.truncate(start);
            return;
        }
        self.watch_new_nogood(start);
    }

    /// Allocates the watch lists, with the first nogood.
    fn allocate_nogoods(&mut self) {
        if self.ng_lists.is_empty() {
            let n = self.cand.len();
            self.ng_lists = vec![Vec::new(); 9 * n];
            self.ng_start.reserve(PER_CELL * n);
            self.ng_watch.reserve(PER_CELL * n);
            self.ng_pending.reserve(n);
        }
    }

    /// Makes the literals from `start` to the end of `ng_lits` (at least two, in
    /// ascending levels, none true yet) a nogood, watching its last two.
    fn watch_new_nogood(&mut self, start: usize) {
        let len = self.ng_lits.len() - start;
        // Levels ascend: the last two literals are the deepest decisions.
        let id = self.ng_start.len() as u32;
        self.ng_start.push(start as u32);
        let (a, b) = ((start + len - 1) as u32, (start + len - 2) as u32);
        self.ng_watch.push([a, b]);
        for j in [a, b] {
            let lit = self.literal(j as usize);
            self.ng_lists[lit].push(id);
        }
    }

    /// Unit tests: adds the nogood `lits` (at least two literals, none true yet), as if
    /// it had been learned.
    #[cfg(test)]
    pub(super) fn add_nogood(&mut self, lits: &[(u32, u16)]) {
        assert!(lits.len() >= 2 && lits.len() <= MAX_LEN, "{lits:?}");
        self.allocate_nogoods();
        let start = self.ng_lits.len();
        self.ng_lits.extend_from_slice(lits);
        self.watch_new_nogood(start);
    }

    /// The watch list index of literal `j` of `ng_lits`.
    #[inline]
    fn literal(&self, j: usize) -> usize {
        let (c, m) = self.ng_lits[j];
        9 * c as usize + m.trailing_zeros() as usize
    }

    /// Whether literal `j` of `ng_lits` is true (its cell holds its digit).
    #[inline]
    fn holds(&self, j: usize) -> bool {
        let (c, m) = self.ng_lits[j];
        let d = self.digit[c as usize];
        d != 0 && 1 << (d - 1) == m
    }

    /// Visits the nogoods watching the cells placed since the last visit. False on a
    /// contradiction (a nogood with every literal true, `conflict_nogood`, or a
    /// removal's own contradiction).
    pub(super) fn watch_nogoods(&mut self) -> bool {
        while let Some(c) = self.ng_pending.pop() {
            let d = self.digit[c as usize];
            if d == 0 {
                continue;
            }
            let lit = 9 * c as usize + (d - 1) as usize;
            let mut k = 0;
            while k < self.ng_lists[lit].len() {
                let id = self.ng_lists[lit][k] as usize;
                let [w0, w1] = self.ng_watch[id];
                let (me, other) = if self.literal(w0 as usize) == lit {
                    (0, w1)
                } else {
                    (1, w0)
                };
                let replacement = self
                    .ng_range(id)
                    .find(|&j| j as u32 != w0 && j as u32 != w1 && !self.holds(j));
                if let Some(j) = replacement {
                    self.ng_watch[id][me] = j as u32;
                    let to = self.literal(j);
                    self.ng_lists[to].push(id as u32);
                    self.ng_lists[lit].swap_remove(k);
                    continue;
                }
                k += 1;
                let (y, m) = self.ng_lits[other as usize];
                #[cfg(test)]
                if self.holds(other as usize) || self.cand[y as usize] & m != 0 {
                    self.nogoods_fired += 1;
                }
                if self.holds(other as usize) {
                    self.conflict_nogood = id as u32;
                    self.conflict_wide = false;
                    self.conflict_hall = false;
                    let [a, d] = self.shape.cell_runs[y as usize];
                    self.conflict = [a, d];
                    return false;
                }
                let cand = self.cand[y as usize];
                if cand & m != 0 && !self.narrow(y, cand & !m, NOGOOD_REASON | id as u32) {
                    return false;
                }
            }
        }
        self.conflict_nogood = NONE;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Outcome, DECISION};
    use super::*;
    use crate::gen::kakuro::{generate, shift_clues, Generated, Params};
    use crate::gen::Rng;

    /// A generated board (`size` cells a side, classic), its root search, and its
    /// generator's fill as one digit per search cell.
    fn board_with_fill(seed: u64, size: usize) -> Option<(Search, Vec<u8>)> {
        let p = Params {
            rows: size,
            cols: size,
            white_percent: 80,
            max_run: 9,
            distinct: true,
        };
        let Generated { board, fill } = generate(&p, &mut Rng::new(seed));
        let mut root = Search::new(&board).ok()?;
        if !root.start() {
            return None;
        }
        let first = root
            .cell_pos
            .iter()
            .map(|&pos| fill.digits[pos as usize])
            .collect();
        Some((root, first))
    }

    /// `count` cells of `search` (by `rng`), no two in one run, each with the digit
    /// `first` gives it, as a nogood: false (the generator's fill has every literal),
    /// so a search steered to that fill meets it at once.
    fn false_nogood(search: &Search, first: &[u8], count: usize, rng: &mut Rng) -> Vec<(u32, u16)> {
        let n = search.cand.len();
        let mut lits: Vec<(u32, u16)> = Vec::new();
        while lits.len() < count {
            let c = rng.below(n) as u32;
            let runs = search.shape.cell_runs[c as usize];
            let clash = lits.iter().any(|&(y, _)| {
                let other = search.shape.cell_runs[y as usize];
                y == c || runs.iter().any(|r| other.contains(r))
            });
            if !clash && search.digit[c as usize] == 0 {
                lits.push((c, 1 << (first[c as usize] - 1)));
            }
        }
        lits
    }

    /// A removal by a nogood is explained by its other literals' cells: nogoods that
    /// the generator's fill breaks are added at the root, the restarting search is
    /// steered to that fill (its saved digits), so the nogoods remove digits at nearly
    /// every attempt and those removals lie under its dead ends, and every conflict
    /// set is replayed from the root (`assert_explained`, with the same nogoods): a
    /// set without the literals behind a removal does not reach the dead end.
    #[test]
    fn removals_by_nogoods_are_explained_by_their_other_literals() {
        let (mut analysed, mut checked) = (0usize, 0u64);
        for seed in 0..8u64 {
            let Some((root, first)) = board_with_fill(seed, 14 + 2 * seed as usize) else {
                continue;
            };
            let mut rng = Rng::new(seed ^ 0x6e67);
            let mut search = root.fork();
            for k in 0..search.cand.len() / 8 {
                let lits = false_nogood(&search, &first, 2 + k % 3, &mut rng);
                search.add_nogood(&lits);
            }
            search.phase_saving = true;
            search.check_explanations = true;
            for _ in 0..20 {
                search.seed_phases(&first);
                if let Outcome::Done(_) = search.search(1, 25, false) {
                    break;
                }
            }
            analysed += search.nogood_removals_analysed;
            checked += search.explanations_checked;
        }
        assert!(
            analysed >= 300 && checked >= 100,
            "{analysed} removals by nogoods under {checked} replayed conflict sets: too few"
        );
    }

    /// Nogoods propagate in full: with every literal of a nogood but one true, the last
    /// one's digit is gone from its cell. The generator's fill is placed cell by cell in
    /// a random order on a root with nogoods of two to five literals that it breaks,
    /// checking every nogood after each placement, up to the first digit of the fill
    /// that a nogood removed (so the watches move as the literals come true in every
    /// order).
    #[test]
    fn a_nogood_with_one_literal_left_removes_its_digit() {
        let mut removed = 0usize;
        for seed in 0..6u64 {
            let Some((root, first)) = board_with_fill(seed, 12 + 2 * seed as usize) else {
                continue;
            };
            let mut rng = Rng::new(seed ^ 0x7761);
            let mut with = root.fork();
            for k in 0..with.cand.len() / 6 {
                let lits = false_nogood(&with, &first, 2 + k % 4, &mut rng);
                with.add_nogood(&lits);
            }
            for _ in 0..30 {
                let mut walk = with.fork();
                for c in rng.permutation(walk.cand.len()) {
                    let m = 1u16 << (first[c] - 1);
                    if walk.cand[c] & m == 0 {
                        removed += 1;
                        break;
                    }
                    if walk.digit[c] == 0 && !(walk.narrow(c as u32, m, DECISION) && walk.settle())
                    {
                        break;
                    }
                    for id in 0..walk.ng_start.len() {
                        let open: Vec<usize> =
                            walk.ng_range(id).filter(|&j| !walk.holds(j)).collect();
                        if let [j] = open[..] {
                            let (y, m) = walk.ng_lits[j];
                            assert!(
                                walk.cand[y as usize] & m == 0,
                                "seed {seed}: nogood {:?} has one literal left, ({y}, {m:#b}), \
                                 and its digit is still a candidate",
                                &walk.ng_lits[walk.ng_range(id)]
                            );
                        }
                    }
                }
            }
        }
        assert!(
            removed >= 100,
            "only {removed} walks met a removal by a nogood"
        );
    }

    /// No fill of the board has every literal of a learned nogood: the restarting
    /// search learns on dense generated boards (half of them with two clues moved)
    /// over several restarts, and each nogood's
    /// literals, fixed at the root of a search that learns nothing, leave no fill (by
    /// an exhaustive search). The nogoods also propagate during the learning, and
    /// every conflict set, explanations by nogoods included, is replayed.
    #[test]
    fn no_fill_breaks_a_learned_nogood() {
        /// Nogoods per board checked by an exhaustive search (the first learned).
        const CHECKED_PER_BOARD: usize = 25;
        let (mut learned, mut checked, mut fired) = (0usize, 0usize, 0usize);
        for seed in 0..32u64 {
            let size = 16 + 3 * (seed as usize % 5);
            let p = Params {
                rows: size,
                cols: size,
                white_percent: 85 + (seed as usize % 3) * 5,
                max_run: 9,
                distinct: true,
            };
            let mut rng = Rng::new(seed);
            let g = generate(&p, &mut rng);
            // Every other board with two clues moved: most have no fill, so the search
            // spends its whole budget and learns all along.
            let board = if seed % 4 != 3 {
                g.board
            } else {
                match shift_clues(&g.board, 1 + (seed % 3) as i32, &mut rng) {
                    Some(b) => b,
                    None => continue,
                }
            };
            let Ok(mut root) = Search::new(&board) else {
                continue;
            };
            if !root.start() {
                continue;
            }
            let mut search = root.fork();
            search.phase_saving = true;
            search.enable_learning(0);
            // Each dead end's conflict set is replayed too (`assert_explained`), with
            // the nogoods learned so far: a removal by a nogood must be explained by
            // its other literals' cells.
            search.check_explanations = true;
            // Many short attempts: each rebuilds the last one's digits (phase saving),
            // where the nogoods learned so far propagate.
            for _ in 0..40 {
                if let Outcome::Done(_) = search.search(1, 30, false) {
                    break;
                }
            }
            fired += search.nogoods_fired;
            learned += search.ng_start.len().min(CHECKED_PER_BOARD);
            for id in 0..search.ng_start.len().min(CHECKED_PER_BOARD) {
                let mut copy = root.fork();
                let mut alive = true;
                for j in search.ng_range(id) {
                    let (c, m) = search.ng_lits[j];
                    let cu = c as usize;
                    if copy.cand[cu] & m == 0 {
                        alive = false;
                        break;
                    }
                    if copy.digit[cu] == 0 && !(copy.narrow(c, m, DECISION) && copy.settle()) {
                        alive = false;
                        break;
                    }
                }
                if alive {
                    copy.root_mark = Some(copy.trail.len());
                    match copy.search(1, 200_000, false) {
                        Outcome::Done(found) => assert_eq!(
                            found,
                            0,
                            "seed {seed}: a fill has every literal of nogood {:?}",
                            &search.ng_lits[search.ng_range(id)]
                        ),
                        Outcome::OutOfBudget => continue,
                    }
                }
                checked += 1;
            }
        }
        assert!(
            learned >= 100 && checked * 10 >= learned * 9 && fired >= 10,
            "{learned} nogoods learned, {checked} checked, {fired} removals or dead ends \
             by nogoods: the boards are too easy"
        );
    }
}
