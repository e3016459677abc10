//! Conflict-directed backjumping for the classic Kakuro search: the analysis that
//! finds the decisions a dead end depends on, the jump back to the deepest of them, and
//! the conflict sets the frames keep. Part of [`Search`]'s implementation.

use super::{Change, Search, BY_COUNT, DECISION, HALL_REASON, NOGOOD_REASON, NONE};

impl Search {
    /// Collects into `levels` the decisions the last contradiction depends on.
    ///
    /// Like clause learning but per cell, from the top of the trail down: the cells of
    /// the conflict runs are marked (for a failed repair of the relaxation, only the
    /// boundary cells of its cut, see [`Balance::for_each_boundary_cell`](crate::solve::kakuro_search::balance::Balance::for_each_boundary_cell)); a marked
    /// cell's change made by run `r`'s filter depended on the candidates the other
    /// cells of `r` had then, so their cells are marked too (only their earlier
    /// changes count); a marked cell's decision contributes its level. Sound: the
    /// decisions found, with the root's propagation, imply every marked cell's
    /// candidates, hence the contradiction (checked by replay in the unit test
    /// `every_conflict_set_implies_its_dead_end`).
    ///
    /// Only the marked cells' changes are visited: each cell's changes are chained on
    /// the trail (`last_change`, `Change::Cand::prev`), and the changes still to visit
    /// are bits in `pending`, taken highest first. Top-down order means each cell and
    /// each run is first marked at its latest position, so each is marked once.
    // PERF: on `gen_100x100` case 0 a dead end visits about 530 changes of the 11,600
    // above the first decision. Walking all of them, as the first version did, was a quarter
    // of the solve time; a binary heap of positions instead of the bit set was slower
    // than the walk, a stack in any order (each cell asked again at a
    // later position) gained 4 %, the bit set 20 % (100 → 81 ms with the closed-form
    // run filters).
    pub(super) fn analyse(&mut self) {
        let depth = self.frames.len();
        self.levels[..depth / 64 + 1].fill(0);
        let stamp = self.next_stamp();
        let base = self
            .frames
            .first()
            .map_or(self.trail.len() as u32, |f| f.mark);
        let top = self.trail.len() as u32;
        if self.conflict_nogood != NONE {
            // A learned nogood with every literal true: its cells.
            let id = self.conflict_nogood as usize;
            self.conflict_nogood = NONE;
            for j in self.ng_range(id) {
                self.ask_cell(self.ng_lits[j].0, top, stamp, base);
            }
        } else if self.conflict_hall {
            // The counting check's Hall set: its runs' cells, already in `bfs`.
            self.conflict_hall = false;
            self.conflict_nogood = NONE;
            for i in 0..self.bfs.len() {
                self.ask_cell(self.bfs[i], top, stamp, base);
            }
        } else if self.conflict_wide {
            // The relaxation's cut: only its boundary cells' bounds count (the failing
            // cell is one of them). They also gain conflict weight, which draws the
            // branching to the tight regions the relaxation keeps failing on.
            self.conflict_wide = false;
            // `bfs` is free scratch outside `choose_focused`.
            let (boundary, cell_weight, pick) =
                (&mut self.bfs, &mut self.cell_weight, &mut self.pick);
            boundary.clear();
            self.balance.for_each_boundary_cell(&self.shape, |y| {
                boundary.push(y);
                cell_weight[y as usize] += 1;
                pick.touch(y);
            });
            for i in 0..self.bfs.len() {
                self.ask_cell(self.bfs[i], top, stamp, base);
            }
        } else {
            for r in self.conflict {
                self.ask_run(r, top, stamp, base);
            }
        }
        // Top down: every change asks only for older ones, so each cell and each run
        // is first asked for at its latest position, once.
        let mut w = top as usize / 64;
        let low = base as usize / 64;
        loop {
            while self.pending[w] != 0 {
                let b = 63 - self.pending[w].leading_zeros() as usize;
                self.pending[w] &= !(1 << b);
                let i = w * 64 + b;
                if let Change::Cand { cell, reason, .. } = self.trail[i] {
                    if reason == BY_COUNT {
                        // The counting filter: every decision made before position
                        // `i`, which covers whatever older changes are pending.
                        for (l, f) in self.frames.iter().enumerate() {
                            if f.mark as usize > i {
                                break;
                            }
                            self.levels[l / 64] |= 1 << (l % 64);
                        }
                        self.pending[low..=w].fill(0);
                        break;
                    }
                    if (NOGOOD_REASON..HALL_REASON).contains(&reason) {
                        // A learned nogood: the cells of its other literals.
                        #[cfg(test)]
                        {
                            self.nogood_removals_analysed += 1;
                        }
                        for j in self.ng_range((reason - NOGOOD_REASON) as usize) {
                            let y = self.ng_lits[j].0;
                            if y != cell {
                                self.ask_cell(y, i as u32, stamp, base);
                            }
                        }
                        continue;
                    }
                    if (HALL_REASON..BY_COUNT).contains(&reason) {
                        // The counting filter: the cells of its Hall set's runs.
                        let e = (reason - HALL_REASON) as usize;
                        let from = self.hall_why_start[e] as usize;
                        let to = self
                            .hall_why_start
                            .get(e + 1)
                            .map_or(self.hall_why.len(), |&t| t as usize);
                        for k in from..to {
                            self.ask_run(self.hall_why[k], i as u32, stamp, base);
                        }
                        continue;
                    }
                    if reason == DECISION {
                        let l = self.frame_of[cell as usize] as usize;
                        self.levels[l / 64] |= 1 << (l % 64);
                    } else {
                        self.ask_run(reason, i as u32, stamp, base);
                    }
                }
            }
            if w == low {
                break;
            }
            w -= 1;
        }
    }

    /// Conflict analysis: the changes of every cell of run `r` made before trail
    /// position `t` join the closure (once per stamp: later asks are for older
    /// positions, already covered).
    #[inline]
    fn ask_run(&mut self, r: u32, t: u32, stamp: u32, base: u32) {
        let ru = r as usize;
        if self.run_stamp[ru] == stamp {
            return;
        }
        self.run_stamp[ru] = stamp;
        let span = self.shape.span(r);
        for k in span {
            self.ask_cell(self.shape.run_cells[k], t, stamp, base);
        }
    }

    /// Conflict analysis: the changes of cell `c` made before trail position `t` (and
    /// at or above `base`, past the root's deductions) join the closure (once per
    /// stamp, as for runs).
    #[inline]
    fn ask_cell(&mut self, c: u32, t: u32, stamp: u32, base: u32) {
        let cu = c as usize;
        if self.cell_stamp[cu] == stamp {
            return;
        }
        self.cell_stamp[cu] = stamp;
        let mut i = self.last_change[cu];
        while i != NONE && i >= base {
            if i < t {
                self.pending[i as usize / 64] |= 1 << (i % 64);
            }
            let Change::Cand { prev, .. } = self.trail[i as usize] else {
                unreachable!("the change chain links only candidate changes");
            };
            i = prev;
        }
    }

    /// A fresh stamp for `cell_stamp` and `run_stamp`.
    pub(super) fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.cell_stamp.fill(0);
            self.run_stamp.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// Conflict-directed backjumping from a dead end whose conflict set is in
    /// `levels`: goes back to the deepest level `j` in it, adds the rest of the set to
    /// frame `j`'s (its digit tried so far failed because of them), undoes everything
    /// after frame `j` was decided and returns its next untried digit. A frame with
    /// none left fails as a whole, with its conflict set, and the jump goes on.
    /// `None` when the set is empty: the dead end follows from the clues alone, so no
    /// fill exists below the root (or none beyond the fills already found).
    ///
    /// Sound and complete (Prosser's CBJ): the levels jumped over are not in the
    /// conflict set, so no choice of theirs can avoid it.
    pub(super) fn backjump(&mut self) -> Option<(u32, u8)> {
        loop {
            let j = (0..=self.frames.len() / 64)
                .rev()
                .find(|&w| self.levels[w] != 0)
                .map(|w| w * 64 + 63 - self.levels[w].leading_zeros() as usize)?;
            self.levels[j / 64] &= !(1 << (j % 64));
            if let Some(next) = self.frames.get(j + 1) {
                self.conflict_levels.truncate(next.conflict_start as usize);
            }
            self.frames.truncate(j + 1);
            self.drop_foci_after(j);
            let frame = self.frames[j];
            self.undo_to(frame.mark as usize);
            if !frame.all_below {
                self.merge_conflict(j);
            }
            if frame.untried != 0 {
                self.frames[j].untried = frame.untried & (frame.untried - 1);
                return Some((frame.cell, frame.untried.trailing_zeros() as u8 + 1));
            }
            // Frame `j` fails with its whole conflict set.
            let frame = self.frames[j];
            if frame.all_below {
                for w in 0..=j / 64 {
                    let below = j.saturating_sub(w * 64).min(64);
                    self.levels[w] = if below == 64 {
                        u64::MAX
                    } else {
                        (1u64 << below) - 1
                    };
                }
            } else {
                self.levels[..=j / 64].fill(0);
                for &l in &self.conflict_levels[frame.conflict_start as usize..] {
                    self.levels[l as usize / 64] |= 1 << (l % 64);
                }
            }
            self.conflict_levels.truncate(frame.conflict_start as usize);
            self.frames.pop();
        }
    }

    /// `levels` (all below `j`) ∪= the conflict set of frame `j`, the innermost, which
    /// then becomes that union (or `all_below` if it no longer fits).
    pub(super) fn merge_conflict(&mut self, j: usize) {
        let start = self.frames[j].conflict_start as usize;
        for &l in &self.conflict_levels[start..] {
            self.levels[l as usize / 64] |= 1 << (l % 64);
        }
        self.conflict_levels.truncate(start);
        for w in 0..=j / 64 {
            let mut bits = self.levels[w];
            while bits != 0 {
                if self.conflict_levels.len() == self.conflict_levels.capacity() {
                    self.conflict_levels.truncate(start);
                    self.frames[j].all_below = true;
                    return;
                }
                self.conflict_levels
                    .push((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Outcome;
    use super::*;
    use crate::gen::kakuro::{generate, Params};
    use crate::gen::Rng;

    impl Search {
        /// Checks the conflict set in `levels`: the decisions of those levels alone,
        /// replayed on a copy from the root with full propagation, must fail (and,
        /// with `cut = Some((c, m))`, a relaxation probe's cut, must fail once cell `c`
        /// is narrowed to the digits `m` the probe cut off). Run filters and the
        /// relaxation are monotone, so whatever the original derivation used, the
        /// replay finds at least as much: an analysis that leaves out a decision the
        /// dead end needed shows up as a replay that succeeds.
        pub(in crate::solve::kakuro_search::search) fn assert_explained(
            &mut self,
            cut: Option<(u32, u16)>,
        ) {
            self.explanations_checked += 1;
            let depth = self.frames.len();
            let decisions: Vec<(u32, u16)> = (0..depth)
                .filter(|&l| self.levels[l / 64] >> (l % 64) & 1 == 1)
                .map(|l| {
                    let c = self.frames[l].cell;
                    (c, self.cand[c as usize])
                })
                .collect();
            let mut copy = self.clone();
            copy.start();
            let mut failed = false;
            for &(c, m) in &decisions {
                let cu = c as usize;
                if copy.cand[cu] & m == 0 {
                    failed = true;
                    break;
                }
                if copy.digit[cu] == 0 && !(copy.narrow(c, m, DECISION) && copy.settle()) {
                    failed = true;
                    break;
                }
            }
            if let (false, Some((c, m))) = (failed, cut) {
                let cu = c as usize;
                let m = m & copy.cand[cu];
                failed = copy.digit[cu] != 0
                    || m == 0
                    || !(copy.narrow(c, m, DECISION) && copy.settle());
            }
            assert!(
                failed,
                "the conflict set {decisions:?} (of {depth} levels) does not imply its dead end{}",
                cut.map_or(String::new(), |(c, m)| format!(" (cell {c} cut to {m:#b})"))
            );
        }
    }

    /// Every conflict set the analysis finds, in both searches of `solve` and on
    /// boards big enough to backjump, implies its dead end (replayed from the root;
    /// the restarting search's learned nogoods are checked on their own by
    /// `nogood::tests::no_fill_breaks_a_learned_nogood`).
    #[test]
    fn every_conflict_set_implies_its_dead_end() {
        let mut checked = 0u64;
        for seed in 0..16u64 {
            let size = 12 + (seed as usize % 4) * 4;
            let p = Params {
                rows: size,
                cols: size,
                white_percent: 80,
                max_run: 9,
                distinct: true,
            };
            let g = generate(&p, &mut Rng::new(seed));
            let Ok(mut steady) = Search::new(&g.board) else {
                continue;
            };
            if !steady.start() {
                continue;
            }
            let mut restarting = steady.fork();
            restarting.phase_saving = true;
            // As in `solve`: the restarting search learns nogoods, whose removals the
            // analysis explains too (the replay copies them).
            restarting.enable_learning(0);
            for search in [&mut steady, &mut restarting] {
                search.check_explanations = true;
                for (attempt, budget) in [20u64, 20, 40].into_iter().enumerate() {
                    let resume = attempt > 0 && !search.phase_saving;
                    if let Outcome::Done(_) = search.search(1, budget, resume) {
                        break;
                    }
                }
                checked += search.explanations_checked;
            }
        }
        assert!(
            checked > 1000,
            "only {checked} conflict sets checked: the boards are too easy"
        );
    }
}
