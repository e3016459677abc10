//! The search loop of the exact-cover engine and the dancing itself: Algorithm X
//! level by level ([`ExactCover::run`]), the column choice by a vector scan of the row
//! counts, and `cover` / `uncover` on the flat link array, with the unchecked accesses
//! they rest on (each with its SAFETY argument); and the subset rule of weighted
//! searches (`reduce`: rows hidden, and linked back through the `hidden` trail). The
//! hot path of the `dlx` solver is all in this file;
//! [`ExactCover::search`](super::ExactCover::search) fixes rows around it and restores
//! the matrix.

#[cfg(target_arch = "x86_64")]
use super::LANES;
use super::{ExactCover, Frame, SearchStats, C, COVERED, D, L, R, U, W};

impl ExactCover {
    /// Field `f` of the node at link `x`, without a bounds check.
    ///
    /// Sound by the invariant on [`ExactCover::w`]: `x` is always a link read from
    /// the array, a row start, or a header link `k · W` with `k < columns`, so
    /// `x + f < x + W <= w.len()`.
    // PERF: links are handled as `usize` in registers (a `u32` load zero-extends for
    // free), so the hot loops carry few 32→64-bit moves.
    #[inline(always)]
    pub(super) fn get(&self, x: usize, f: usize) -> usize {
        let i = x + f;
        debug_assert!(x % W == 0 && f < W && i < self.w.len());
        // SAFETY: `i < self.w.len()` by the invariant on `w` (see above).
        unsafe { *self.w.get_unchecked(i) as usize }
    }

    /// Stores link `v` into field `f` of the node at link `x`.
    #[inline(always)]
    fn set(&mut self, x: usize, f: usize, v: usize) {
        let i = x + f;
        debug_assert!(x % W == 0 && f < W && i < self.w.len());
        // SAFETY: as in `get`.
        unsafe { *self.w.get_unchecked_mut(i) = v as u32 }
    }

    /// The entry of column `k` in `len`, without a bounds check.
    #[inline(always)]
    fn len_mut(&mut self, k: usize) -> &mut u32 {
        debug_assert!(k < self.columns);
        // SAFETY: `k` is a column index (`C` field of a row node, or a column the
        // scan returned), `< columns < len.len()` by the invariant on `w`.
        unsafe { self.len.get_unchecked_mut(k) }
    }

    /// The search proper: no allocation in here (`first` already has its fixed rows;
    /// pushing the solution happens once, outside the loop body's hot path). `zeros`
    /// is the number of uncovered columns without rows when it starts. Returns the
    /// statistics and whether the search finished: `false` when it was about to place
    /// row number `budget + 1`, with the matrix left mid-search (the caller restores it).
    pub(super) fn run<const WEIGHTED: bool>(
        &mut self,
        limit: usize,
        mut zeros: u32,
        mut first: Option<&mut Vec<usize>>,
        budget: u64,
    ) -> (SearchStats, bool) {
        // PERF: hot loop. `benches/peers/icount.sh FILE` (callgrind, 2026-11-22,
        // rustc 1.95): Sudoku first solution, instructions per puzzle (whole search
        // including the restore), ours vs the `dlx` crate 0.8.5: see the table in
        // benches/peers/README.md (about 5× fewer; 2.9× before the word-offset links,
        // the dense row counts, the zero count kept on the stack and the restore by
        // copy). Criterion ratios (`cd benches/peers && cargo bench -- first/`) there.
        let mut stats = SearchStats::default();
        let mut level = 0usize;
        'descend: loop {
            if WEIGHTED && self.reduce_upto != 0 {
                // The rows this node's reduction removes go back when the search
                // leaves the node (below, and when backtracking past its level).
                self.marks[level] = self.hidden.len() as u32;
                if zeros == 0 && self.first_below(0, 2) >= self.columns {
                    self.reduce(&mut zeros);
                }
            }
            // (An empty column is a dead end: no need to choose it.)
            if zeros == 0 {
                let k = if WEIGHTED {
                    self.choose_weighted()
                } else {
                    self.choose_column()
                };
                if k < self.columns {
                    if stats.nodes >= budget {
                        return (stats, false);
                    }
                    self.cover(k, &mut zeros);
                    // No column was empty, so `k` has a row.
                    let r = self.get(k * W, D);
                    debug_assert_ne!(r, k * W);
                    self.stack[level] = Frame {
                        row: r as u32,
                        zeros,
                    };
                    self.select_others(r, &mut zeros);
                    stats.nodes += 1;
                    level += 1;
                    continue 'descend;
                }
                // Every column is covered: a solution.
                stats.solutions += 1;
                if stats.solutions == 1 {
                    if let Some(out) = first.as_deref_mut() {
                        for f in &self.stack[..level] {
                            out.push(self.row_of[f.row as usize / W] as usize);
                        }
                    }
                }
                if stats.solutions >= limit {
                    // (The caller restores the matrix: see `restore_built`.)
                    return (stats, true);
                }
            }
            if WEIGHTED && zeros != 0 {
                self.weigh_dead_end();
            }
            if WEIGHTED && self.reduce_upto != 0 {
                self.unhide_to(self.marks[level] as usize);
            }
            // Backtrack to the deepest level that has another row to try.
            loop {
                if level == 0 {
                    return (stats, true);
                }
                level -= 1;
                let Frame { row, zeros: z } = self.stack[level];
                let r = row as usize;
                self.unselect_others(r);
                let next = self.get(r, D);
                let k = self.get(r, C);
                if next != k * W {
                    if stats.nodes >= budget {
                        // (Unselected above; `restore_built` puts back the rest.)
                        return (stats, false);
                    }
                    self.stack[level].row = next as u32;
                    zeros = z;
                    self.select_others(next, &mut zeros);
                    stats.nodes += 1;
                    level += 1;
                    continue 'descend;
                }
                // (The level chose `k` when no column was empty; the level above
                // restores its own count.)
                self.uncover(k);
                if WEIGHTED && self.reduce_upto != 0 {
                    self.unhide_to(self.marks[level] as usize);
                }
            }
        }
    }

    /// The uncovered column with the fewest rows (ties go to the first), or `columns`
    /// when every column is covered. Called only when no uncovered column is empty, so
    /// the first column with one row is minimal and ends the scan.
    #[inline]
    fn choose_column(&self) -> usize {
        let mut best = self.columns;
        let mut bound = COVERED;
        let mut k = 0;
        loop {
            k = self.first_below(k, bound);
            if k >= self.columns {
                return best;
            }
            let s = self.len[k];
            debug_assert!(s > 0, "choose_column with an empty column");
            best = k;
            bound = s;
            if s <= 1 {
                return best;
            }
            k += 1;
        }
    }

    /// The first uncovered column with one row (a forced choice: the vector scan), else
    /// the one with the fewest rows per unit of conflict weight (rows / (1 + weight):
    /// dom/wdeg), ties to the first; `columns` when every column is covered. The second
    /// part is a plain scan of every column, used only by matrices that asked for
    /// weighting ([`ExactCover::set_conflict_weighting`]).
    // PERF: taking forced columns first kept the node counts (the fuzzer's grids: the
    // same 108–801 nodes per layout as without) and cut the weighted scans to the
    // branching nodes: 14,000 generated 16×16 grids took 13.5 s → 10.6 s for both
    // solvers (`examples/sudoku_tail.rs`), against 10.6 s for the plain choice.
    fn choose_weighted(&self) -> usize {
        let forced = self.first_below(0, 2);
        if forced < self.columns {
            return forced;
        }
        let mut best = self.columns;
        let (mut best_rows, mut best_weight) = (0u64, 1u64);
        for (k, (&rows, &weight)) in self.len[..self.columns]
            .iter()
            .zip(&self.weights)
            .enumerate()
        {
            if rows >= COVERED {
                continue;
            }
            let (rows, weight) = (u64::from(rows), 1 + u64::from(weight));
            // rows / weight < best_rows / best_weight, without division.
            if best == self.columns || rows * best_weight < best_rows * weight {
                best = k;
                best_rows = rows;
                best_weight = weight;
            }
        }
        best
    }

    /// One pass of the subset rule ([`ExactCover::set_subset_reduction`]) over the
    /// uncovered columns of at most `reduce_upto` rows, at a node where no column is
    /// empty or forced: when every row of such a column A also covers a column B, the
    /// rows of B outside A are hidden (pushed onto `hidden`), keeping `zeros` up to
    /// date. Stops at the first column it empties (a dead end).
    // PERF: only weighted searches that asked for it run this, only at branching
    // nodes; the vector scan skips the columns with more rows.
    #[inline(never)]
    fn reduce(&mut self, zeros: &mut u32) {
        let bound = self.reduce_upto.saturating_add(1).min(COVERED);
        let mut a = 0;
        loop {
            a = self.first_below(a, bound);
            if a >= self.columns {
                return;
            }
            if self.subset_skip.get(a).copied().unwrap_or(false) {
                a += 1;
                continue;
            }
            let h = a * W;
            let first = self.get(h, D);
            // Each other column B of A's first row: do all of A's rows cover it?
            let mut j = self.get(first, R);
            while j != first {
                let b = self.get(j, C);
                if self.len[b] > self.len[a] && self.all_rows_cover(a, b) {
                    self.hide_outside(b, a, zeros);
                    if *zeros != 0 {
                        return;
                    }
                }
                j = self.get(j, R);
            }
            a += 1;
        }
    }

    /// Whether every row of column `a` other than its first also covers column `b`
    /// (the first does: `b` was read from it).
    fn all_rows_cover(&self, a: usize, b: usize) -> bool {
        let h = a * W;
        let mut i = self.get(self.get(h, D), D);
        while i != h {
            if !self.row_covers(i, b) {
                return false;
            }
            i = self.get(i, D);
        }
        true
    }

    /// Whether the row of node `i` has a node in column `c`.
    #[inline]
    fn row_covers(&self, i: usize, c: usize) -> bool {
        let mut j = i;
        loop {
            if self.get(j, C) == c {
                return true;
            }
            j = self.get(j, R);
            if j == i {
                return false;
            }
        }
    }

    /// Hides every row of column `b` that does not cover column `a`.
    fn hide_outside(&mut self, b: usize, a: usize, zeros: &mut u32) {
        let h = b * W;
        let mut i = self.get(h, D);
        while i != h {
            // (A hidden node keeps its own links: the walk goes on from it.)
            let next = self.get(i, D);
            if !self.row_covers(i, a) {
                self.hide_row(i, zeros);
            }
            i = next;
        }
    }

    /// Unlinks every node of the row of node `i` from its column, and records it.
    fn hide_row(&mut self, i: usize, zeros: &mut u32) {
        let mut j = i;
        loop {
            let (u, d, cj) = (self.get(j, U), self.get(j, D), self.get(j, C));
            self.set(u, D, d);
            self.set(d, U, u);
            let size = self.len_mut(cj);
            *size -= 1;
            if *size == 0 {
                *zeros += 1;
            }
            j = self.get(j, R);
            if j == i {
                break;
            }
        }
        // (`hidden` has room for every row: reserved at the start of the search.)
        self.hidden.push(i as u32);
    }

    /// Links back the rows hidden after the first `mark`, last hidden first (each
    /// row right to left: the exact inverse of [`Self::hide_row`]).
    fn unhide_to(&mut self, mark: usize) {
        while self.hidden.len() > mark {
            let Some(i) = self.hidden.pop() else { return };
            let i = i as usize;
            let mut j = self.get(i, L);
            loop {
                let (u, d, cj) = (self.get(j, U), self.get(j, D), self.get(j, C));
                *self.len_mut(cj) += 1;
                self.set(u, D, j);
                self.set(d, U, j);
                if j == i {
                    break;
                }
                j = self.get(j, L);
            }
        }
    }

    /// Adds one to the weight of every uncovered column left without rows (the
    /// constraints that failed at this dead end).
    fn weigh_dead_end(&mut self) {
        let mut k = 0;
        loop {
            k = self.first_below(k, 1);
            if k >= self.columns {
                return;
            }
            if let Some(w) = self.weights.get_mut(k) {
                *w = w.saturating_add(1);
            }
            k += 1;
        }
    }

    /// The first index `>= k` whose `len` entry is below `bound` (`1 <= bound <=
    /// COVERED`, and `k <= columns`): at most `columns`, where the sentinel `0` is.
    #[inline(always)]
    fn first_below(&self, k: usize, bound: u32) -> usize {
        debug_assert!((1..=COVERED).contains(&bound) && k <= self.columns);
        #[cfg(target_arch = "x86_64")]
        {
            let found = self.first_below_sse2(k, bound);
            debug_assert_eq!(found, self.first_below_scalar(k, bound));
            found
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self.first_below_scalar(k, bound)
        }
    }

    /// [`Self::first_below`], one entry at a time (other targets; and the reference
    /// the SSE2 version is checked against in debug builds).
    fn first_below_scalar(&self, mut k: usize, bound: u32) -> usize {
        while self.len[k] >= bound {
            k += 1;
        }
        k
    }

    /// [`Self::first_below`], eight entries per step.
    // PERF: two SSE2 compares and one mask test per eight entries (about 1.4
    // instructions per column), and no load depends on the one before, unlike a walk
    // along a ring of uncovered headers: 17-20 % less wall-clock time than the ring
    // on top1465 and forum_hardest (the benches/instructions driver, both builds
    // run alternately, best of 15 each), at about the same instruction count.
    // Sixteen entries per step took 1 % more instructions. Entries and bounds are
    // below 2^31, so the signed compare of SSE2 is exact.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn first_below_sse2(&self, mut k: usize, bound: u32) -> usize {
        use std::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_castsi128_ps, _mm_cmpgt_epi32, _mm_loadu_si128,
            _mm_movemask_ps, _mm_set1_epi32,
        };
        // An entry `v` is not below `bound` when `v > bound - 1`.
        let floor = bound as i32 - 1;
        loop {
            debug_assert!(k <= self.columns && k + LANES <= self.len.len());
            // SAFETY: `k <= columns` (the caller passes `k <= columns`, and a step moves
            // on only when none of its entries is below `bound`, so never past the
            // sentinel `0` at `columns`), and `len` has `columns + LANES` entries, so the
            // eight entries read, `k..k + 8`, are in bounds.
            let p = unsafe { self.len.as_ptr().add(k) }.cast::<__m128i>();
            // SAFETY: as above: entries `k + 4..k + 8`.
            let p1 = unsafe { p.add(1) };
            // SAFETY: SSE2 is part of the x86-64 baseline; an unaligned load of the
            // entries `k..k + 4`, in bounds (above).
            let lo = unsafe { _mm_loadu_si128(p) };
            // SAFETY: as above, entries `k + 4..k + 8`.
            let hi = unsafe { _mm_loadu_si128(p1) };
            // SAFETY: SSE and SSE2 are part of the x86-64 baseline; no memory access.
            // Every SSE2 intrinsic is an `unsafe` call (a `#[target_feature]` function),
            // though none of these touches memory: a block per intrinsic would bury the
            // arithmetic.
            #[allow(clippy::multiple_unsafe_ops_per_block)]
            let (all, m_lo, m_hi) = unsafe {
                let b = _mm_set1_epi32(floor);
                let (lo, hi) = (_mm_cmpgt_epi32(lo, b), _mm_cmpgt_epi32(hi, b));
                (
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_and_si128(lo, hi))),
                    _mm_movemask_ps(_mm_castsi128_ps(lo)),
                    _mm_movemask_ps(_mm_castsi128_ps(hi)),
                )
            };
            if all != 0b1111 {
                // Some entry of the eight is below `bound`: the first one.
                let below = !((m_lo | m_hi << 4) as u32);
                return k + below.trailing_zeros() as usize;
            }
            k += LANES;
        }
    }

    /// Covers the columns of the row of node `r` other than `r`'s own (which the
    /// search covers once per level, before trying its rows), keeping `zeros` (the
    /// number of uncovered columns without rows) up to date.
    #[inline]
    pub(super) fn select_others(&mut self, r: usize, zeros: &mut u32) {
        let mut j = self.get(r, R);
        while j != r {
            self.cover(self.get(j, C), zeros);
            j = self.get(j, R);
        }
    }

    /// Exact inverse of [`Self::select_others`].
    #[inline]
    pub(super) fn unselect_others(&mut self, r: usize) {
        let mut j = self.get(r, L);
        while j != r {
            self.uncover(self.get(j, C));
            j = self.get(j, L);
        }
    }

    /// Marks column `k` covered and removes every row of `k` from the other columns,
    /// keeping `zeros` (uncovered columns without rows) up to date. `k` may be empty
    /// only when an earlier cover of the same selection removed the selected row from
    /// it (so it is counted in `zeros`).
    // PERF: cover / uncover are where DLX spends its time: 10 instructions per node
    // (a `dec` and a branch taken only at a dead end, no flag arithmetic).
    #[inline]
    pub(super) fn cover(&mut self, k: usize, zeros: &mut u32) {
        let size = self.len_mut(k);
        if *size == 0 {
            *zeros -= 1;
        }
        *size += COVERED;
        let h = k * W;
        let mut i = self.get(h, D);
        while i != h {
            let mut j = self.get(i, R);
            while j != i {
                let (u, d, cj) = (self.get(j, U), self.get(j, D), self.get(j, C));
                self.set(u, D, d);
                self.set(d, U, u);
                let size = self.len_mut(cj);
                *size -= 1;
                if *size == 0 {
                    *zeros += 1;
                }
                j = self.get(j, R);
            }
            i = self.get(i, D);
        }
    }

    /// Exact inverse of [`Self::cover`] (rows relinked bottom-up, each row right to
    /// left).
    #[inline]
    pub(super) fn uncover(&mut self, k: usize) {
        let h = k * W;
        let mut i = self.get(h, U);
        while i != h {
            let mut j = self.get(i, L);
            while j != i {
                let (u, d, cj) = (self.get(j, U), self.get(j, D), self.get(j, C));
                *self.len_mut(cj) += 1;
                self.set(u, D, j);
                self.set(d, U, j);
                j = self.get(j, L);
            }
            i = self.get(i, U);
        }
        *self.len_mut(k) -= COVERED;
    }
}
