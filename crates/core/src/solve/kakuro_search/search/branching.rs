//! The branching choices of the classic Kakuro search: which empty cell next (dom/wdeg
//! over the whole board through [`Pick`](super::super::pick), or inside the component
//! being solved on its own), and which of its digits, in which order (the relaxation's
//! range, the densest digit first). Part of [`Search`]'s implementation.

use super::{Focus, Search, NONE};
use crate::solve::kakuro_search::tables::MAX_SUM;

impl Search {
    /// The empty cell with the fewest candidates per unit of conflict weight of its
    /// two runs (dom/wdeg); ties go to the first in bucket order.
    // PERF: a scan over the empty cells, O(empty) per decision; cheaper than keeping
    // a priority queue under the frequent mask and weight changes.
    pub(super) fn choose(&self) -> u32 {
        let (mut best, mut best_dom, mut best_w) = (NONE, 10u64, 1u64);
        // Propagation leaves no empty cell with 0 or 1 candidates.
        for b in 2..10 {
            let mut c = self.head[b];
            while c != NONE {
                let [a, d] = self.shape.cell_runs[c as usize];
                let w = u64::from(self.weight[a as usize] + self.weight[d as usize]);
                // b / w < best_dom / best_w
                if (b as u64) * best_w < best_dom * w {
                    (best, best_dom, best_w) = (c, b as u64, w);
                }
                c = self.next[c as usize];
            }
        }
        best
    }

    /// The best empty cell of the innermost focus (the lowest candidates per unit of
    /// conflict weight, ties to the first in the focus's list, which is in
    /// breadth-first order), `NONE` if none is empty. The root focus asks
    /// [`Pick`](crate::solve::kakuro_search::pick::Pick) instead of scanning.
    fn best_in_focus(&mut self) -> u32 {
        let Some(top) = self.focus.last() else {
            return NONE;
        };
        let (digit, cand, cell_runs) = (&self.digit, &self.cand, &self.shape.cell_runs);
        let (weight, cell_weight) = (&self.weight, &self.cell_weight);
        let score = |c: u32| {
            let cu = c as usize;
            let [a, d] = cell_runs[cu];
            (digit[cu] == 0).then(|| {
                (
                    cand[cu].count_ones(),
                    weight[a as usize] + weight[d as usize] + cell_weight[cu],
                )
            })
        };
        if self.focus.len() == 1 {
            let best = self.pick.best(score);
            debug_assert!(best == NONE || self.digit[best as usize] == 0, "stale pick");
            return best;
        }
        let (mut best, mut best_dom, mut best_w) = (NONE, 10u64, 1u64);
        for &c in &self.focus_cells[top.list_start as usize..] {
            if let Some((b, w)) = score(c) {
                let (b, w) = (u64::from(b), u64::from(w));
                if b * best_w < best_dom * w {
                    (best, best_dom, best_w) = (c, b, w);
                }
            }
        }
        best
    }

    /// Chooses the next branching cell, in the innermost focus. Once in a while (after
    /// as many decisions as the focus had empty cells when last looked at, or when it
    /// has none left) it first splits the focus's empty cells into components (two
    /// empty cells are linked when they share a run):
    ///
    /// - No empty cell left: the focus is solved. Its frames are *closed* (no digit of
    ///   theirs is tried again) and it is left; the enclosing focus goes on. Sound: the
    ///   cells still empty share no run with the solved component, so no other choice
    ///   inside it can help a later dead end elsewhere. A later dead end backtracks
    ///   past them to the last decision taken before the split.
    /// - Two or more components: the smallest becomes the new innermost focus (so a
    ///   focus holds at most half of its parent's empty cells, and the lists at most
    ///   `2 · cells` in all).
    ///
    /// The first look, at the root, also fixes the order of [`Pick`](crate::solve::kakuro_search::pick::Pick): the board's empty
    /// cells in the breadth-first order it met them.
    ///
    /// Returns the cell, or `None` when no cell of any focus is empty.
    // PERF: the component search is one pass over the focus's cells and their runs, so
    // amortised O(1) per decision; looking at every decision cost a third of the time
    // on `gen_100x100` case 0, and splitting that early did not pay.
    pub(super) fn choose_focused(&mut self) -> Option<u32> {
        if self.check_in > 0 {
            self.check_in -= 1;
            let best = self.best_in_focus();
            if best != NONE {
                return Some(best);
            }
        }
        loop {
            let top = *self.focus.last()?;
            let stamp = self.next_stamp();
            self.bfs.clear();
            let (mut parts, mut small_at, mut small_len) = (0usize, 0usize, usize::MAX);
            for i in top.list_start as usize..self.focus_cells.len() {
                let c = self.focus_cells[i];
                if self.digit[c as usize] != 0 || self.cell_stamp[c as usize] == stamp {
                    continue;
                }
                let begin = self.bfs.len();
                self.cell_stamp[c as usize] = stamp;
                self.bfs.push(c);
                let mut at = begin;
                while at < self.bfs.len() {
                    let x = self.bfs[at] as usize;
                    at += 1;
                    for r in self.shape.cell_runs[x] {
                        let ru = r as usize;
                        if self.run_stamp[ru] == stamp {
                            continue;
                        }
                        self.run_stamp[ru] = stamp;
                        let span = self.shape.span(r);
                        for &y in &self.shape.run_cells[span] {
                            if self.digit[y as usize] == 0 && self.cell_stamp[y as usize] != stamp {
                                self.cell_stamp[y as usize] = stamp;
                                self.bfs.push(y);
                            }
                        }
                    }
                }
                parts += 1;
                if self.bfs.len() - begin < small_len {
                    (small_at, small_len) = (begin, self.bfs.len() - begin);
                }
            }
            if !self.pick.is_ordered() {
                self.pick.order(&self.bfs);
            }
            match parts {
                0 => {
                    if self.focus.len() == 1 {
                        return None;
                    }
                    for f in &mut self.frames[top.frame_base as usize..] {
                        f.untried = 0;
                        f.all_below = true;
                    }
                    self.focus.pop();
                    self.focus_cells.truncate(top.list_start as usize);
                    continue;
                }
                1 => {
                    self.check_in = self.bfs.len() as u32;
                    return Some(self.best_in_focus());
                }
                _ => {
                    let part = small_at..small_at + small_len;
                    self.focus.push(Focus {
                        frame_base: self.frames.len() as u32,
                        list_start: self.focus_cells.len() as u32,
                    });
                    debug_assert!(
                        self.focus_cells.len() + small_len <= self.focus_cells.capacity()
                    );
                    self.focus_cells.extend_from_slice(&self.bfs[part]);
                    self.check_in = small_len as u32;
                    return Some(self.best_in_focus());
                }
            }
        }
    }

    /// Leaves every focus split off after frame `depth` was pushed.
    pub(super) fn drop_foci_after(&mut self, depth: usize) {
        while let Some(&top) = self.focus.last() {
            if (top.frame_base as usize) <= depth {
                break;
            }
            self.focus.pop();
            self.focus_cells.truncate(top.list_start as usize);
            self.check_in = 0;
        }
    }

    /// The candidates of empty cell `c`, the branching cell of the innermost frame, that
    /// lie within the range the sum-balance relaxation allows it (two probes, see
    /// [`Balance::repair`](crate::solve::kakuro_search::balance::Balance::repair)). The digits left out count as tried and refuted: the
    /// decisions that explain each bound that cuts join the frame's conflict set. Trying
    /// them instead cost a failed repair and a conflict analysis each, and were most
    /// of the dead ends on `gen_100x100` case 0. The point moves but stays feasible.
    pub(super) fn relaxed_digits(&mut self, c: u32) -> u16 {
        let cu = c as usize;
        let mask = self.cand[cu];
        let j = self.frames.len() - 1;
        let [a, d] = self.shape.cell_runs[cu];
        let mut keep = mask;
        let top = 16 - mask.leading_zeros() as u8;
        let bottom = mask.trailing_zeros() as u8 + 1;
        for (probe, up) in [(top, true), (bottom, false)] {
            // Ask for the extreme value; where the point stops is the bound.
            self.cand[cu] = 1 << (probe - 1);
            let reached = self.balance.repair(c, &self.cand, &self.shape);
            self.cand[cu] = mask;
            if !reached {
                let v = self.balance.value(c);
                let range = if up {
                    (1u16 << v) - 1
                } else {
                    !((1u16 << (v - 1)) - 1)
                };
                keep &= range;
                self.conflict = [a, d];
                self.conflict_wide = true;
                self.conflict_hall = false;
                self.conflict_nogood = NONE;
                self.analyse();
                #[cfg(test)]
                if self.check_explanations {
                    self.assert_explained(Some((c, mask & !range)));
                }
                self.merge_conflict(j);
            }
        }
        keep
    }

    /// The first digit a search for one fill tries in empty cell `c`: the one of `m`
    /// (returned as a one-bit mask) that the most completions of the cell's two runs
    /// use, as a product of the counts of the digit sets each run can still take
    /// (ignoring the other cells' candidates), ties to the smaller digit. A cheap
    /// "maximum solution density" value order: on 16 generated 100×100 classic boards
    /// it took the geometric mean time from 0.99 to 0.67 s against increasing digits
    /// in the steady search and random ones in the restarting search.
    pub(super) fn densest(&self, c: u32, m: u16) -> u16 {
        let mut score = [1u32; 9];
        for r in self.shape.cell_runs[c as usize] {
            let ru = r as usize;
            let (k, used, sum) = (
                self.run_left[ru] as usize,
                self.run_used[ru],
                self.run_sum[ru] as usize,
            );
            let sets = &self.tables.target[k * (MAX_SUM + 1) + sum];
            let mut count = [0u32; 9];
            for (w, &word) in sets.0.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let x = (w * 64) as u16 + bits.trailing_zeros() as u16;
                    bits &= bits - 1;
                    if x & used != 0 {
                        continue;
                    }
                    let mut d = x & m;
                    while d != 0 {
                        count[d.trailing_zeros() as usize] += 1;
                        d &= d - 1;
                    }
                }
            }
            for v in 0..9 {
                score[v] *= count[v];
            }
        }
        let mut best = (0u32, m & m.wrapping_neg());
        let mut rest = m;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if score[v] > best.0 {
                best = (score[v], 1 << v);
            }
        }
        best.1
    }
}
