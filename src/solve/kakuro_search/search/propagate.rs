//! Propagation in the classic Kakuro search: a run's filter to generalised arc
//! consistency, the queue of runs filtered to a fixpoint, a branch's digit tried and
//! propagated, and the root's extra deductions (the relaxation's ranges, `tighten`;
//! the counting check, `digits_fit`). Part of [`Search`]'s implementation.

use super::{Search, CONSISTENT, DECISION, QUEUED};
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
        self.narrow(c, 1 << (d - 1), DECISION) && self.propagate()
    }

    /// The root's counting check ([`digit_fit`]): false when some digit cannot go once
    /// into every run that requires it (kept in `digit_short`).
    // PERF: two buffers allocated here, once per board (the root's deductions are
    // shared by both searches and every restart).
    pub(super) fn digits_fit(&mut self) -> bool {
        let shape = &self.shape;
        let runs = self.run_left.len();
        let required: Vec<u16> = (0..runs)
            .map(|r| {
                let within = shape.run_cells[shape.span(r as u32)]
                    .iter()
                    .filter(|&&y| self.digit[y as usize] == 0)
                    .fold(0, |m, &y| m | self.cand[y as usize]);
                required_digits(
                    self.tables,
                    self.run_left[r] as usize,
                    self.run_used[r],
                    self.run_sum[r] as usize,
                    within,
                )
            })
            .collect();
        let mut scratch = vec![0u32; 4 * runs];
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
            &required,
            &mut scratch,
        );
        self.digit_short = fit.err();
        fit.is_ok()
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
