//! Propagation in the classic Kakuro search: a run's filter to generalised arc
//! consistency, the queue of runs filtered to a fixpoint, a branch's digit tried and
//! propagated, and the root's extra deductions (the relaxation's ranges, `tighten`;
//! the counting check, `digits_fit`), and the same check as a filter during the
//! search on small boards (`hall_filter`). Part of [`Search`]'s implementation.

use super::{
    Search, BY_COUNT, CONSISTENT, DECISION, HALL_AFTER, HALL_REASON, NONE, QUEUED, SMALL_BOARD,
};
use crate::solve::kakuro_search::digit_fit::{self, required_digits};
use crate::solve::kakuro_search::run_gac::supported;
use crate::solve::kakuro_search::tables::MAX_LEN;

impl Search {
    /// Filters run `r` to generalised arc consistency: each empty cell keeps exactly
    /// the digits that appear in some complete, distinct, correctly summing fill of the
    /// run's empty cells from their candidates (see [`run_gac`]). False on a
    /// contradiction.
    ///
    /// [`run_gac`]: crate::solve::kakuro_search::run_gac
    pub(super) fn filter_run(&mut self, r: u32) -> bool {
        let ru = r as usize;
        let k = self.run_left[ru] as usize;
        self.conflict = [r, r];
        self.conflict_wide = false;
        self.conflict_hall = false;
        self.conflict_nogood = NONE;
        if k == 0 {
            return self.run_sum[ru] == 0;
        }
        let (used, sum) = (self.run_used[ru], self.run_sum[ru] as usize);
        let span = self.shape.span(r);
        let mut cells = [0u32; MAX_LEN];
        let mut cands = [0u16; MAX_LEN];
        let mut n = 0;
        for &c in &self.shape.run_cells[span] {
            if self.digit[c as usize] == 0 {
                cells[n] = c;
                cands[n] = self.cand[c as usize] & !used;
                n += 1;
            }
        }
        debug_assert_eq!(n, k);
        let Some(keep) = supported(&cands[..k], sum, self.tables) else {
            return false;
        };
        for i in 0..k {
            if !self.narrow(cells[i], keep[i], r) {
                return false;
            }
        }
        self.run_flags[ru] |= CONSISTENT;
        true
    }

    /// Filters queued runs until nothing changes. False on a contradiction (the queue
    /// is then emptied).
    ///
    /// A run whose cells have changed only by its own filter since that filter last
    /// succeeded (`CONSISTENT`) is skipped: the filter leaves each cell exactly its
    /// supported digits, each supported by supported ones, so filtering again would
    /// change nothing. The queue order, and so the search, are the same as without the
    /// skip. The flag is never undone: backtracking only returns to states where
    /// propagation had finished, where every run is consistent.
    // PERF: on `gen_100x100` case 0, 32,889 of the 116,843 runs taken from the queue
    // are skipped (median 79 → 78 ms, the same search).
    pub(super) fn propagate(&mut self) -> bool {
        loop {
            if !self.propagate_runs() {
                return false;
            }
            if self.ng_pending.is_empty() {
                return true;
            }
            if !self.watch_nogoods() {
                self.clear_queue();
                return false;
            }
        }
    }

    /// [`Search::propagate`]'s run filters, until the queue is empty.
    fn propagate_runs(&mut self) -> bool {
        while self.queue_len > 0 {
            let r = self.queue[self.queue_head];
            self.queue_head += 1;
            if self.queue_head == self.queue.len() {
                self.queue_head = 0;
            }
            self.queue_len -= 1;
            let flags = &mut self.run_flags[r as usize];
            *flags &= !QUEUED;
            if *flags & CONSISTENT != 0 {
                continue;
            }
            if !self.filter_run(r) {
                self.weight[r as usize] += 1;
                for i in self.shape.span(r) {
                    self.pick.touch(self.shape.run_cells[i]);
                }
                self.clear_queue();
                return false;
            }
        }
        true
    }

    /// Tries digit `d` in empty cell `c`, then propagates.
    pub(super) fn try_digit(&mut self, c: u32, d: u8) -> bool {
        self.narrow(c, 1 << (d - 1), DECISION) && self.settle()
    }

    /// Propagates, then, when it is on, filters by the counting check
    /// ([`Search::hall_filter`]) and propagates again, to a fixpoint.
    pub(super) fn settle(&mut self) -> bool {
        loop {
            if !self.propagate() {
                return false;
            }
            if !self.hall_on() {
                return true;
            }
            match self.hall_filter() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Whether the search runs the counting filter: on boards of at most
    /// `SMALL_BOARD` white cells, once the search has met `HALL_AFTER` dead ends (the
    /// published puzzles mostly need fewer, and would only pay for it).
    #[inline]
    pub(super) fn hall_on(&self) -> bool {
        self.cell_pos.len() <= SMALL_BOARD && self.dead_ends_seen >= HALL_AFTER
    }

    /// The root's counting check ([`digit_fit`]): false when some digit cannot go once
    /// into every run that requires it (kept in `digit_short`).
    pub(super) fn digits_fit(&mut self) -> bool {
        let short = self.short_digit();
        self.digit_short = short.map(|s| s.digit);
        short.is_none()
    }

    /// The counting check during the search, as a filter (see [`digit_fit`]): for each
    /// digit, the runs that require it must each get a cell of their own for it; a cell
    /// keeps the digit only if that still holds once the cell takes it. `None` on a
    /// dead end (no such matching at all: explained by the cells of the Hall set's
    /// runs, left in `bfs` with `conflict_hall` set, which also gain conflict weight, or
    /// a filtered cell's contradiction), else whether a candidate was removed.
    ///
    /// A removal records the Hall set that refutes it (the runs of one direction, all
    /// requiring the digit, left with too few runs across once the cell takes it): the
    /// conflict analysis asks for those runs' cells, as for a run filter's change. When
    /// the explanations' buffer is full, the reason is `BY_COUNT`, every decision made
    /// before it.
    // PERF: every run's required digits, two matchings per digit and one alternating
    // path search per cell whose other run's partner is another run: on the dense 8×8
    // boards a few tens of µs a node. Only boards of at most `SMALL_BOARD` cells run it
    // (see `hall_on`).
    pub(super) fn hall_filter(&mut self) -> Option<bool> {
        self.fill_required();
        let runs = self.run_left.len();
        if self.hall_stamp > u32::MAX / 2 {
            self.hall_scratch[2 * runs..3 * runs].fill(0);
            self.hall_stamp = 0;
        }
        let mut changed = false;
        for v in 0..9u16 {
            let bit = 1u16 << v;
            self.hall_cut.clear();
            self.hall_tmp.clear();
            let shape = &self.shape;
            let digit = &self.digit;
            let graph = digit_fit::Graph {
                shape,
                across: |r: u32| {
                    let first = shape.run_cells[shape.run_start[r as usize] as usize];
                    shape.cell_runs[first as usize][0] == r
                },
                cand: &self.cand,
                empty: |y: u32| digit[y as usize] == 0,
                required: &self.required,
            };
            for side in [true, false] {
                if let Err(tail) =
                    graph.match_side(bit, side, &mut self.hall_scratch, &mut self.hall_stamp)
                {
                    self.bfs.clear();
                    for i in 3 * runs..3 * runs + tail {
                        let r = self.hall_scratch[i];
                        self.weight[r as usize] += 1;
                        for k in shape.span(r) {
                            let y = shape.run_cells[k];
                            self.bfs.push(y);
                            self.pick.touch(y);
                        }
                    }
                    self.conflict_hall = true;
                    self.conflict_nogood = NONE;
                    self.conflict_wide = false;
                    return None;
                }
                for y in 0..self.cand.len() as u32 {
                    if digit[y as usize] != 0 || self.cand[y as usize] & bit == 0 {
                        continue;
                    }
                    if let Err(tail) =
                        graph.survives(bit, y, side, &mut self.hall_scratch, &mut self.hall_stamp)
                    {
                        // The Hall set's runs explain the cut; kept aside until the
                        // cut is made.
                        let from = self.hall_tmp.len() as u32;
                        self.hall_tmp
                            .extend_from_slice(&self.hall_scratch[3 * runs..3 * runs + tail]);
                        self.hall_cut.push([y, from, self.hall_tmp.len() as u32]);
                    }
                }
            }
            for i in 0..self.hall_cut.len() {
                let [y, from, to] = self.hall_cut[i];
                let m = self.cand[y as usize] & !bit;
                if m != self.cand[y as usize] {
                    changed = true;
                    let (from, to) = (from as usize, to as usize);
                    let reason = if self.hall_why.len() + (to - from) <= self.hall_why.capacity()
                        && self.hall_why_start.len() < self.hall_why_start.capacity()
                    {
                        self.hall_why_start.push(self.hall_why.len() as u32);
                        self.hall_why.extend_from_slice(&self.hall_tmp[from..to]);
                        HALL_REASON | (self.hall_why_start.len() - 1) as u32
                    } else {
                        BY_COUNT
                    };
                    if !self.narrow(y, m, reason) {
                        self.clear_queue();
                        return None;
                    }
                }
            }
        }
        Some(changed)
    }

    /// Every run's required digits (into `required`), then [`digit_fit::digits_fit`].
    fn short_digit(&mut self) -> Option<digit_fit::Short> {
        self.fill_required();
        let shape = &self.shape;
        let across = |r: u32| {
            let first = shape.run_cells[shape.run_start[r as usize] as usize];
            shape.cell_runs[first as usize][0] == r
        };
        let digit = &self.digit;
        let fit = digit_fit::digits_fit(
            shape,
            across,
            &self.cand,
            |y| digit[y as usize] == 0,
            &self.required,
            &mut self.hall_scratch,
        );
        // Its visit stamps count from zero: clear them for `hall_filter`'s.
        let runs = self.run_left.len();
        self.hall_scratch[2 * runs..3 * runs].fill(0);
        self.hall_stamp = 0;
        fit.err()
    }

    /// Each run's required digits ([`required_digits`]) into `required`.
    fn fill_required(&mut self) {
        let shape = &self.shape;
        for r in 0..self.run_left.len() {
            let k = self.run_left[r] as usize;
            self.required[r] = if k == 0 {
                0
            } else {
                let within = shape.run_cells[shape.span(r as u32)]
                    .iter()
                    .filter(|&&y| self.digit[y as usize] == 0)
                    .fold(0, |m, &y| m | self.cand[y as usize]);
                required_digits(
                    self.tables,
                    k,
                    self.run_used[r],
                    self.run_sum[r] as usize,
                    within,
                )
            };
        }
    }

    /// Narrows every empty cell, in one pass, to the values the sum-balance relaxation
    /// allows it ([`Balance::range`]), filtering the runs after each change. Only at
    /// the root: a narrowing is recorded as a decision, which [`Search::analyse`] never
    /// meets below the first frame. False on a contradiction.
    ///
    /// [`Balance::range`]: crate::solve::kakuro_search::balance::Balance::range
    // PERF: two probes per empty cell, 7.5 ms on `gen_100x100` case 0 (6.5k cells). One
    // pass, not a fixpoint: the fixpoint took three passes there (22 ms), and the
    // search after it was slower there too (case 0: 184 → 111–131 ms in all with one
    // pass); on the 16 generated 100×100 boards of `tests/it/solvers/kakuro_search_timing.rs` the
    // geometric mean is 0.49–0.53 s (two runs) against 0.52–0.55 s. The branches get
    // the relaxation's range anyway (`relaxed_digits`).
    pub(super) fn tighten(&mut self) -> bool {
        for c in 0..self.cell_pos.len() as u32 {
            if self.digit[c as usize] != 0 {
                continue;
            }
            let (lo, hi) = self.balance.range(c, &mut self.cand, &self.shape);
            let keep = ((1u16 << hi) - 1) & !((1u16 << (lo - 1)) - 1);
            let mask = self.cand[c as usize] & keep;
            if mask != self.cand[c as usize]
                && (!self.narrow(c, mask, DECISION) || !self.propagate())
            {
                return false;
            }
        }
        true
    }
}
