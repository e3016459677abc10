//! Every change of the classic Kakuro search's state, and its undo: the bucket lists
//! (empty cells by candidate count), the queue of runs to filter, narrowing a cell's
//! candidates and placing a digit (each recorded on the trail), and popping the trail
//! back to a mark. Part of [`Search`]'s implementation.

use super::{Change, Search, BY_COUNT, CONSISTENT, HALL_REASON, NONE, PLACED, QUEUED};
use crate::solve::kakuro_search::tables::table_index;

impl Search {
    /// `ALLOWED` of run `r`'s current state.
    #[inline]
    pub(super) fn allowed(&self, r: u32) -> u16 {
        let r = r as usize;
        self.tables.allowed[table_index(
            self.run_left[r] as usize,
            self.run_used[r] as usize,
            self.run_sum[r] as usize,
        )]
    }

    #[inline]
    pub(super) fn link(&mut self, c: u32, b: u8) {
        let h = self.head[b as usize];
        self.next[c as usize] = h;
        self.prev[c as usize] = NONE;
        if h != NONE {
            self.prev[h as usize] = c;
        }
        self.head[b as usize] = c;
        self.bucket[c as usize] = b;
    }

    #[inline]
    pub(super) fn unlink(&mut self, c: u32) {
        let (p, n) = (self.prev[c as usize], self.next[c as usize]);
        if p == NONE {
            self.head[self.bucket[c as usize] as usize] = n;
        } else {
            self.next[p as usize] = n;
        }
        if n != NONE {
            self.prev[n as usize] = p;
        }
        self.bucket[c as usize] = PLACED;
    }

    #[inline]
    pub(super) fn enqueue(&mut self, r: u32) {
        if self.run_flags[r as usize] & QUEUED == 0 {
            self.run_flags[r as usize] |= QUEUED;
            let mut at = self.queue_head + self.queue_len;
            if at >= self.queue.len() {
                at -= self.queue.len();
            }
            self.queue[at] = r;
            self.queue_len += 1;
        }
    }

    pub(super) fn clear_queue(&mut self) {
        self.ng_pending.clear();
        while self.queue_len > 0 {
            let r = self.queue[self.queue_head];
            self.run_flags[r as usize] &= !QUEUED;
            self.queue_head = (self.queue_head + 1) % self.queue.len();
            self.queue_len -= 1;
        }
    }

    /// Narrows empty cell `c` to `mask` (a subset of its candidates); a single digit is
    /// placed at once. False on a contradiction, whose runs are left in `conflict`.
    /// `reason`: the run whose filter asks for it, or `DECISION` (kept on the trail for
    /// [`Search::analyse`]).
    #[inline]
    pub(super) fn narrow(&mut self, c: u32, mask: u16, reason: u32) -> bool {
        let cu = c as usize;
        let old = self.cand[cu];
        if mask == old {
            return true;
        }
        let [a, d] = self.shape.cell_runs[cu];
        if mask == 0 {
            self.conflict = [a, d];
            self.conflict_wide = false;
            self.conflict_hall = false;
            self.conflict_nogood = NONE;
            return false;
        }
        self.trail.push(Change::Cand {
            cell: c,
            old,
            reason,
            prev: self.last_change[cu],
        });
        self.last_change[cu] = (self.trail.len() - 1) as u32;
        self.cand[cu] = mask;
        for r in [a, d] {
            if r != reason {
                self.run_flags[r as usize] &= !CONSISTENT;
            }
        }
        self.pick.touch(c);
        if !self.balance.fits(c, mask) && !self.balance.repair(c, &self.cand, &self.shape) {
            self.conflict = [a, d];
            self.conflict_wide = true;
            self.conflict_hall = false;
            self.conflict_nogood = NONE;
            return false;
        }
        if mask & (mask - 1) == 0 {
            let digit = mask.trailing_zeros() as u8 + 1;
            if mask & self.allowed(a) & self.allowed(d) == 0 {
                self.conflict = [a, d];
                self.conflict_wide = false;
                self.conflict_hall = false;
                self.conflict_nogood = NONE;
                return false;
            }
            self.place(c, digit);
        } else {
            self.unlink(c);
            self.link(c, mask.count_ones() as u8);
            self.enqueue(a);
            self.enqueue(d);
        }
        true
    }

    /// Places digit `d` (allowed by both runs) in empty cell `c`.
    pub(super) fn place(&mut self, c: u32, d: u8) {
        self.unlink(c);
        self.pick.touch(c);
        self.digit[c as usize] = d;
        self.saved[c as usize] = 1 << (d - 1);
        self.empty -= 1;
        self.trail.push(Change::Place { cell: c });
        if !self.ng_start.is_empty() {
            self.ng_pending.push(c);
        }
        for r in self.shape.cell_runs[c as usize] {
            let ru = r as usize;
            self.run_left[ru] -= 1;
            self.run_used[ru] |= 1 << (d - 1);
            self.run_sum[ru] -= d;
            self.enqueue(r);
        }
    }

    /// Undoes every change after trail position `mark`.
    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Change::Cand {
                    cell,
                    old,
                    prev,
                    reason,
                }) => {
                    let cu = cell as usize;
                    if (HALL_REASON..BY_COUNT).contains(&reason) {
                        let e = (reason - HALL_REASON) as usize;
                        self.hall_why.truncate(self.hall_why_start[e] as usize);
                        self.hall_why_start.truncate(e);
                    }
                    self.cand[cu] = old;
                    self.last_change[cu] = prev;
                    self.pick.touch(cell);
                    if self.digit[cu] == 0 {
                        self.unlink(cell);
                        self.link(cell, old.count_ones() as u8);
                    }
                }
                Some(Change::Place { cell }) => {
                    let cu = cell as usize;
                    self.pick.touch(cell);
                    let d = self.digit[cu];
                    self.digit[cu] = 0;
                    self.empty += 1;
                    for r in self.shape.cell_runs[cu] {
                        let ru = r as usize;
                        self.run_left[ru] += 1;
                        self.run_used[ru] &= !(1 << (d - 1));
                        self.run_sum[ru] += d;
                    }
                    self.link(cell, self.cand[cu].count_ones() as u8);
                }
                None => break,
            }
        }
    }
}
