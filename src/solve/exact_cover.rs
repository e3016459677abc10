//! The exact-cover engine: Knuth's Algorithm X with dancing links (DLX).
//!
//! Owns the general engine only; problem encodings (Sudoku, …) live in their own
//! modules and talk to it through [`ExactCover::add_row`] and [`ExactCover::search`].
//!
//! # Data structure
//!
//! The sparse 0/1 matrix is a set of circular doubly linked lists stored in one flat
//! `u32` array, five words per node: `L R U D C` (left, right, up, down, column).
//! Nodes `0..columns` are the column headers (only `U`/`D` used: the top of each
//! column's vertical list), the rest are the 1-entries of the rows, each row's nodes
//! contiguous and linked in a horizontal cycle, `C` holding the column index.
//!
//! ```text
//!  word:   5k+0  5k+1  5k+2  5k+3  5k+4
//!  node k:  L     R     U     D     C        links are word offsets (5·node)
//!  len:    [rows of column 0, 1, …, columns−1 | 0 (sentinel) | 0 … (padding)]
//! ```
//!
//! A link is the *word offset* `5k` of node `k`, not `k`: reading field `F` of the node
//! at link `x` is one load from `words[x + F]`, which x86-64 addresses directly
//! (`base + 4·x + 4·F`) — no multiply per hop. There are no pointers and no per-node
//! allocations: building the matrix pushes onto the array, and the search only
//! rewrites links (cover / uncover, Knuth's "dancing").
//!
//! The row counts live apart, in a dense array `len` indexed by column, and there is
//! no ring of uncovered headers: covering a column adds `COVERED` (2³⁰, above any
//! count) to its entry, uncovering subtracts it. The column choice is then a linear
//! scan of `len` for the first entry below the best so far, eight entries per step
//! (a vector compare), with no chain of dependent loads; a `0` after the last column
//! ends every scan.
//!
//! # Search
//!
//! Iterative Algorithm X: at each level choose the uncovered column with the fewest
//! rows (ties → the first one in column order), cover it, try each of its rows in
//! turn, in the order they were added. The chosen row of each level lives in a stack
//! preallocated to the number of columns (a level covers at least one column), so the
//! search loop never allocates. Every search leaves the matrix exactly as it found it,
//! so one matrix serves many searches (the Sudoku solver builds its 729-row matrix
//! once and reuses it, passing each puzzle's givens as fixed rows). A search that
//! runs out of rows undoes its own work while backtracking; one that stops at a
//! solution (its `limit` reached) copies back the matrix as built, kept from the
//! first search after the last `add_row` (cheaper than undoing: at a complete cover
//! every row has been unlinked).
//!
//! Dead ends are found without a scan: `cover` counts the uncovered columns that are
//! left without rows, and a level whose count is not zero backtracks at once. The
//! count is restored from the stack when backtracking, so `uncover` does no
//! bookkeeping beyond the links and counts.
//!
//! Costs: building is O(nodes); each search step costs O(1) per node unlinked or
//! relinked, plus the column scan (which stops at the first column with one row).
//!
//! A **search node** (counted in [`SearchStats::nodes`]) is one row placed onto the
//! partial solution during the search; fixed rows are not counted. A puzzle whose
//! every step is forced therefore costs exactly one node per row the search adds.

use thiserror::Error;

/// Errors building an exact-cover matrix or fixing rows before a search.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ExactCoverError {
    /// A row names a column index `>= columns`.
    #[error("row names column {column}, but the matrix has {columns} columns")]
    ColumnOutOfRange {
        /// The column named.
        column: usize,
        /// Number of columns of the matrix.
        columns: usize,
    },
    /// A row names the same column twice.
    #[error("row names column {0} twice")]
    DuplicateColumn(usize),
    /// A row with no columns.
    #[error("a row must cover at least one column")]
    EmptyRow,
    /// A fixed row index `>= rows`.
    #[error("fixed row {row} does not exist (the matrix has {rows} rows)")]
    RowOutOfRange {
        /// The row named.
        row: usize,
        /// Number of rows of the matrix.
        rows: usize,
    },
    /// The matrix would exceed `u32` node indices.
    #[error("the matrix is too large for 32-bit node indices")]
    TooLarge,
}

/// What a [`ExactCover::search`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchStats {
    /// Solutions found, capped at the search's limit.
    pub solutions: usize,
    /// Search nodes: rows placed onto the partial solution during the search (fixed
    /// rows excluded).
    pub nodes: u64,
}

/// Words per node in [`ExactCover::w`].
const W: usize = 5;
/// Left neighbour in the node's row.
const L: usize = 0;
/// Right neighbour in the node's row.
const R: usize = 1;
/// Neighbour above in the node's column (for a header: the bottom row node).
const U: usize = 2;
/// Neighbour below (for a header: the top row node).
const D: usize = 3;
/// Row nodes: their column index.
const C: usize = 4;
/// Added to a column's entry in `len` while it is covered: above every row count (a
/// matrix has fewer than `u32::MAX / W < COVERED` nodes) and below `i32::MAX`, so the
/// scan may compare entries as signed integers.
const COVERED: u32 = 1 << 30;
/// Entries of `len` compared per step of the column scan.
const LANES: usize = 8;

/// One level of the search: the row being tried and the number of empty columns right
/// after the level's column was covered (restored when backtracking to the level).
#[derive(Debug, Clone, Copy, Default)]
struct Frame {
    row: u32,
    zeros: u32,
}

/// A sparse 0/1 matrix with dancing links, ready to search for exact covers.
///
/// ```
/// use gridjudge::solve::exact_cover::ExactCover;
/// // Columns 0..3; rows {0,1}, {2}, {0}, {1,2}.
/// let mut m = ExactCover::new(3);
/// for r in [&[0, 1][..], &[2], &[0], &[1, 2]] {
///     m.add_row(r).unwrap();
/// }
/// assert_eq!(m.count(10), 2); // {0,1}+{2} and {0}+{1,2}
/// let mut rows = m.solve_first().unwrap();
/// rows.sort();
/// assert_eq!(rows, vec![0, 1]);
/// ```
#[derive(Debug, Clone)]
pub struct ExactCover {
    columns: usize,
    /// The nodes, `W` words each (layout in the module docs). Invariant: every link
    /// stored in an `L`, `R`, `U`, `D` field is a multiple of `W` and `< w.len()`,
    /// and the `C` field of every row node is `< columns`.
    w: Vec<u32>,
    /// Rows of each column (plus `COVERED` while covered), then a `0` sentinel at
    /// index `columns` and `LANES - 1` more zeros, so a scan step starting at any
    /// index `<= columns` stays in bounds.
    len: Vec<u32>,
    /// Row of each node, by node number `link / W` (`u32::MAX` for headers).
    row_of: Vec<u32>,
    /// Link of the first node of each row.
    row_start: Vec<u32>,
    /// Columns without any row (a matrix with one has no cover).
    empty: u32,
    /// The search stack: one frame per level, preallocated to `columns` slots.
    stack: Vec<Frame>,
    /// Columns covered by fixed rows (used only outside the search loop).
    fixed_cover: Vec<bool>,
    /// `w` and `len` as built (every column uncovered), copied by the first search
    /// after `add_row`; a search that stops at a solution restores them from here.
    built_w: Vec<u32>,
    /// See `built_w`.
    built_len: Vec<u32>,
}

impl ExactCover {
    /// An empty matrix with `columns` primary columns and no rows.
    pub fn new(columns: usize) -> Self {
        let mut w = Vec::with_capacity(columns * W);
        for k in 0..columns {
            // An empty column's header points to itself. (A matrix too large for u32
            // links is refused by `add_row`; its header links are never followed.)
            let at = (k * W) as u32;
            w.extend_from_slice(&[0, 0, at, at, k as u32]);
        }
        ExactCover {
            columns,
            w,
            len: vec![0; columns + LANES],
            row_of: vec![u32::MAX; columns],
            row_start: Vec::new(),
            // (Saturated: a matrix with 2^32 columns can take no rows, see `add_row`,
            // so any nonzero count makes every search end at once.)
            empty: u32::try_from(columns).unwrap_or(u32::MAX),
            stack: vec![Frame::default(); columns],
            fixed_cover: vec![false; columns],
            built_w: Vec::new(),
            built_len: Vec::new(),
        }
    }

    /// Number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Number of rows added so far.
    pub fn rows(&self) -> usize {
        self.row_start.len()
    }

    /// Adds a row covering `columns` (0-based column indices, any order, no repeats)
    /// and returns its row index (0-based, in insertion order).
    pub fn add_row(&mut self, columns: &[usize]) -> Result<usize, ExactCoverError> {
        if columns.is_empty() {
            return Err(ExactCoverError::EmptyRow);
        }
        for (i, &c) in columns.iter().enumerate() {
            if c >= self.columns {
                return Err(ExactCoverError::ColumnOutOfRange {
                    column: c,
                    columns: self.columns,
                });
            }
            if columns[..i].contains(&c) {
                return Err(ExactCoverError::DuplicateColumn(c));
            }
        }
        let first = self.w.len();
        let row = self.row_start.len();
        let end = columns
            .len()
            .checked_mul(W)
            .and_then(|n| n.checked_add(first));
        if too_large(end, row) {
            return Err(ExactCoverError::TooLarge);
        }
        let k = columns.len();
        for (i, &c) in columns.iter().enumerate() {
            let node = (first + i * W) as u32;
            let header = c * W;
            // Append at the bottom of the column.
            let last = self.w[header + U];
            let left = (first + W * if i == 0 { k - 1 } else { i - 1 }) as u32;
            let right = (first + W * if i + 1 == k { 0 } else { i + 1 }) as u32;
            self.w
                .extend_from_slice(&[left, right, last, header as u32, c as u32]);
            self.w[last as usize + D] = node;
            self.w[header + U] = node;
            if self.len[c] == 0 {
                self.empty -= 1;
            }
            self.len[c] += 1;
            self.row_of.push(row as u32);
        }
        self.row_start.push(first as u32);
        Ok(row)
    }

    /// The first exact cover found (row indices in the order chosen), or `None`.
    /// Allocates the answer; use [`ExactCover::search`] to reuse a buffer.
    pub fn solve_first(&mut self) -> Option<Vec<usize>> {
        let mut rows = Vec::new();
        let stats = self.search(&[], 1, Some(&mut rows)).ok()?;
        (stats.solutions > 0).then_some(rows)
    }

    /// Number of exact covers, counting stops at `limit` (returns `min(count, limit)`).
    pub fn count(&mut self, limit: usize) -> usize {
        self.search(&[], limit, None)
            .map(|s| s.solutions)
            .unwrap_or(0)
    }

    /// Searches for exact covers that contain every row of `fixed`, stopping after
    /// `limit` solutions. When `first` is given it receives the rows of the first
    /// solution (the fixed rows first, then the chosen ones); it is left empty when
    /// there is none. Fixed rows that overlap give zero solutions, not an error.
    ///
    /// The matrix is restored before returning.
    pub fn search(
        &mut self,
        fixed: &[usize],
        limit: usize,
        mut first: Option<&mut Vec<usize>>,
    ) -> Result<SearchStats, ExactCoverError> {
        if let Some(out) = first.as_deref_mut() {
            out.clear();
        }
        if let Some(&row) = fixed.iter().find(|&&r| r >= self.rows()) {
            return Err(ExactCoverError::RowOutOfRange {
                row,
                rows: self.rows(),
            });
        }
        // Every column is uncovered between searches: keep a copy of that state.
        if self.built_w.len() != self.w.len() {
            self.built_w.clone_from(&self.w);
            self.built_len.clone_from(&self.len);
        }
        let mut zeros = self.empty;
        // Fix the rows, stopping at the first that overlaps an earlier one.
        let mut applied = 0;
        let mut clash = false;
        for &r in fixed {
            let start = self.row_start[r] as usize;
            if self.row_columns(start).any(|c| self.fixed_cover[c]) {
                clash = true;
                break;
            }
            self.mark_fixed(start, true);
            self.cover(self.get(start, C), &mut zeros);
            self.select_others(start, &mut zeros);
            applied += 1;
        }
        let stats = if clash || limit == 0 {
            SearchStats::default()
        } else {
            if let Some(out) = first.as_deref_mut() {
                out.extend_from_slice(fixed);
            }
            self.run(limit, zeros, first)
        };
        // A search that reached `limit` stopped at a complete cover, with every row
        // unlinked somewhere: copying the built matrix back is cheaper than undoing.
        let stopped = limit > 0 && stats.solutions >= limit;
        if stopped {
            self.restore_built();
        }
        for &r in fixed[..applied].iter().rev() {
            let start = self.row_start[r] as usize;
            if !stopped {
                self.unselect_others(start);
                self.uncover(self.get(start, C));
            }
            self.mark_fixed(start, false);
        }
        Ok(stats)
    }

    /// Puts back the links and counts of the built matrix (every column uncovered).
    // PERF: at a complete cover every row of the matrix has been unlinked, so undoing
    // the search relinks them all: about 38,000 instructions per 9×9 puzzle against
    // 7,000 for this copy (top1465: 304k → 281k instructions per puzzle; 2-7 % less
    // wall-clock time). The copy goes in 2 KiB pieces: above a few KiB glibc's memcpy
    // switches to `rep movsb`, which callgrind counts as one instruction per byte, so
    // whole-array copies would make the instruction counts overstate its cost.
    fn restore_built(&mut self) {
        for (to, from) in self.w.chunks_mut(512).zip(self.built_w.chunks(512)) {
            to.copy_from_slice(from);
        }
        for (to, from) in self.len.chunks_mut(512).zip(self.built_len.chunks(512)) {
            to.copy_from_slice(from);
        }
    }

    /// Column indices of the row whose first node is at link `start`.
    fn row_columns(&self, start: usize) -> impl Iterator<Item = usize> + '_ {
        let mut node = start;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let c = self.w[node + C] as usize;
            node = self.w[node + R] as usize;
            done = node == start;
            Some(c)
        })
    }

    /// Marks (or clears) the columns of the row at link `start` as covered by a fixed
    /// row.
    fn mark_fixed(&mut self, start: usize, value: bool) {
        let mut node = start;
        loop {
            let c = self.w[node + C] as usize;
            self.fixed_cover[c] = value;
            node = self.w[node + R] as usize;
            if node == start {
                break;
            }
        }
    }

    /// Field `f` of the node at link `x`, without a bounds check.
    ///
    /// Sound by the invariant on [`ExactCover::w`]: `x` is always a link read from
    /// the array, a row start, or a header link `k · W` with `k < columns`, so
    /// `x + f < x + W <= w.len()`.
    // PERF: links are handled as `usize` in registers (a `u32` load zero-extends for
    // free), so the hot loops carry few 32→64-bit moves.
    #[inline(always)]
    fn get(&self, x: usize, f: usize) -> usize {
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
    /// is the number of uncovered columns without rows when it starts.
    fn run(
        &mut self,
        limit: usize,
        mut zeros: u32,
        mut first: Option<&mut Vec<usize>>,
    ) -> SearchStats {
        // PERF: hot loop. `benches/peers/icount.sh FILE` (callgrind, 2026-11-22,
        // rustc 1.95): Sudoku first solution, instructions per puzzle (whole search
        // including the restore), ours vs the `dlx` crate 0.8.5: see the table in
        // benches/peers/README.md (about 5× fewer; 2.9× before the word-offset links,
        // the dense row counts, the zero count kept on the stack and the restore by
        // copy). Criterion ratios (`cd benches/peers && cargo bench -- first/`) there.
        let mut stats = SearchStats::default();
        let mut level = 0usize;
        'descend: loop {
            // (An empty column is a dead end: no need to choose it.)
            if zeros == 0 {
                let k = self.choose_column();
                if k < self.columns {
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
                    return stats;
                }
            }
            // Backtrack to the deepest level that has another row to try.
            loop {
                if level == 0 {
                    return stats;
                }
                level -= 1;
                let Frame { row, zeros: z } = self.stack[level];
                let r = row as usize;
                self.unselect_others(r);
                let next = self.get(r, D);
                let k = self.get(r, C);
                if next != k * W {
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
            // SAFETY: SSE2 is part of the x86-64 baseline. `k <= columns` (the caller
            // passes `k <= columns`, and a step moves on only when none of its
            // entries is below `bound`, so never past the sentinel `0` at `columns`),
            // and `len` has `columns + LANES` entries, so the eight entries read,
            // `k..k + 8`, are in bounds; the loads are unaligned loads.
            let (lo, hi) = unsafe {
                let b = _mm_set1_epi32(floor);
                let p = self.len.as_ptr().add(k).cast::<__m128i>();
                (
                    _mm_cmpgt_epi32(_mm_loadu_si128(p), b),
                    _mm_cmpgt_epi32(_mm_loadu_si128(p.add(1)), b),
                )
            };
            // SAFETY: SSE and SSE2 are part of the x86-64 baseline; no memory access.
            let (all, m_lo, m_hi) = unsafe {
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
    fn select_others(&mut self, r: usize, zeros: &mut u32) {
        let mut j = self.get(r, R);
        while j != r {
            self.cover(self.get(j, C), zeros);
            j = self.get(j, R);
        }
    }

    /// Exact inverse of [`Self::select_others`].
    #[inline]
    fn unselect_others(&mut self, r: usize) {
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
    fn cover(&mut self, k: usize, zeros: &mut u32) {
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
    fn uncover(&mut self, k: usize) {
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

/// Whether a row ending at word `end` (`None`: past `usize`), numbered `row`, would no
/// longer fit the `u32` node and row numbers: the last word must be at most `u32::MAX`
/// and the row number below it. A function of its own so that its edges are tested
/// without building a 16 GiB matrix.
fn too_large(end: Option<usize>, row: usize) -> bool {
    end.is_none_or(|e| e > u32::MAX as usize) || row >= u32::MAX as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Knuth's example from "Dancing Links" (2000): columns A..G.
    fn knuth() -> ExactCover {
        let mut m = ExactCover::new(7);
        for r in [
            &[2, 4, 5][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3],
            &[1, 6],
            &[3, 4, 6],
        ] {
            m.add_row(r).unwrap();
        }
        m
    }

    #[test]
    fn knuth_example_unique() {
        let mut m = knuth();
        // The matrix's shape as built (cargo-mutants: `columns` was never asked).
        assert_eq!((m.columns(), m.rows()), (7, 6));
        let mut rows = m.solve_first().unwrap();
        rows.sort();
        assert_eq!(rows, vec![0, 3, 4]);
        assert_eq!(m.count(10), 1);
        // Reusable: the matrix is restored after each search.
        assert_eq!(m.count(10), 1);
        assert_eq!(m.solve_first().map(|v| v.len()), Some(3));
    }

    #[test]
    fn rows_added_after_a_search_are_searched() {
        let mut m = knuth();
        // Stops at the first cover: the matrix is restored from its built copy.
        assert_eq!(m.count(1), 1);
        assert_eq!(m.search(&[3], 1, None).unwrap().solutions, 1);
        // A second cover {A..G} in one row; the built copy must follow the new row.
        m.add_row(&[0, 1, 2, 3, 4, 5, 6]).unwrap();
        assert_eq!(m.count(10), 2);
        assert_eq!(m.count(1), 1);
        assert_eq!(m.search(&[6], 5, None).unwrap().solutions, 1);
        assert_eq!(m.count(10), 2);
    }

    #[test]
    fn fixed_rows() {
        let mut m = knuth();
        let mut out = Vec::new();
        let s = m.search(&[3], 5, Some(&mut out)).unwrap();
        assert_eq!(s.solutions, 1);
        out.sort();
        assert_eq!(out, vec![0, 3, 4]);
        // Row 1 is not in the unique cover.
        assert_eq!(m.search(&[1], 5, None).unwrap().solutions, 0);
        // Overlapping fixed rows (both cover column 3): zero solutions, restored.
        assert_eq!(m.search(&[1, 3], 5, None).unwrap().solutions, 0);
        assert_eq!(m.count(5), 1);
        assert!(matches!(
            m.search(&[6], 1, None),
            Err(ExactCoverError::RowOutOfRange { row: 6, rows: 6 })
        ));
    }

    #[test]
    fn no_solution_and_errors() {
        let mut m = ExactCover::new(3);
        m.add_row(&[0, 1]).unwrap();
        m.add_row(&[1, 2]).unwrap();
        assert_eq!(m.count(10), 0);
        assert_eq!(m.solve_first(), None);
        assert_eq!(m.add_row(&[]), Err(ExactCoverError::EmptyRow));
        assert_eq!(m.add_row(&[1, 1]), Err(ExactCoverError::DuplicateColumn(1)));
        assert_eq!(
            m.add_row(&[3]),
            Err(ExactCoverError::ColumnOutOfRange {
                column: 3,
                columns: 3
            })
        );
        // An empty matrix has exactly one (empty) cover.
        assert_eq!(ExactCover::new(0).count(3), 1);
    }

    /// The size guard at its edges (cargo-mutants: no test reached it).
    #[test]
    fn the_size_guard_stops_exactly_past_u32() {
        let max = u32::MAX as usize;
        assert!(!too_large(Some(0), 0));
        assert!(!too_large(Some(max), 0), "the last word may be u32::MAX");
        assert!(too_large(Some(max + 1), 0));
        assert!(too_large(None, 0), "past usize");
        assert!(!too_large(Some(5), max - 1));
        assert!(too_large(Some(5), max), "row u32::MAX is not numbered");
        assert!(too_large(Some(max + 1), max));
    }

    #[test]
    fn count_with_limits() {
        // 4 columns, all singletons and all pairs: covers = set partitions of a
        // 4-set into blocks of size <= 2 = 10.
        let mut m = ExactCover::new(4);
        for a in 0..4 {
            m.add_row(&[a]).unwrap();
            for b in a + 1..4 {
                m.add_row(&[a, b]).unwrap();
            }
        }
        assert_eq!(m.count(100), 10);
        assert_eq!(m.count(10), 10);
        assert_eq!(m.count(3), 3);
        assert_eq!(m.count(0), 0);
        let s = m.search(&[], 100, None).unwrap();
        assert_eq!(s.solutions, 10);
        assert!(s.nodes >= 10);
    }

    /// Covers of `rows` over `columns` columns by trying every subset of rows.
    fn brute_force(columns: usize, rows: &[Vec<usize>], must: Option<usize>) -> usize {
        (0u32..1 << rows.len())
            .filter(|set| must.is_none_or(|r| set & (1 << r) != 0))
            .filter(|set| {
                let mut seen = vec![0; columns];
                for (r, row) in rows.iter().enumerate() {
                    if set & (1 << r) != 0 {
                        for &c in row {
                            seen[c] += 1;
                        }
                    }
                }
                seen.iter().all(|&n| n == 1)
            })
            .count()
    }

    #[test]
    fn random_matrices_match_brute_force() {
        // Column counts around the scan's 8-entry steps; small dense rows so that
        // covers exist. A fixed LCG keeps the test deterministic.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % n) as usize
        };
        let mut with_covers = 0;
        for trial in 0..300 {
            let columns = 1 + trial % 19;
            let mut rows: Vec<Vec<usize>> = Vec::new();
            for _ in 0..(4 + next(9)) {
                let mut row: Vec<usize> = (0..columns).filter(|_| next(3) == 0).collect();
                if row.is_empty() {
                    row.push(next(columns as u64));
                }
                rows.push(row);
            }
            let mut m = ExactCover::new(columns);
            for r in &rows {
                m.add_row(r).unwrap();
            }
            let expected = brute_force(columns, &rows, None);
            with_covers += usize::from(expected > 0);
            assert_eq!(m.count(usize::MAX), expected, "trial {trial}: {rows:?}");
            match m.solve_first() {
                Some(found) => {
                    let mut seen = vec![0; columns];
                    for &r in &found {
                        for &c in &rows[r] {
                            seen[c] += 1;
                        }
                    }
                    assert!(seen.iter().all(|&n| n == 1), "trial {trial}: {found:?}");
                }
                None => assert_eq!(expected, 0, "trial {trial}"),
            }
            let fixed = next(rows.len() as u64);
            let s = m.search(&[fixed], usize::MAX, None).unwrap();
            assert_eq!(s.solutions, brute_force(columns, &rows, Some(fixed)));
            // Restored: the same count again.
            assert_eq!(m.count(usize::MAX), expected);
        }
        // The test has teeth: many of the matrices have covers.
        assert!(with_covers >= 60, "only {with_covers} matrices with covers");
    }
}
