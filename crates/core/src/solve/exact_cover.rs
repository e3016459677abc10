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
//! [`ExactCover::set_conflict_weighting`] swaps the column choice for dom/wdeg: each
//! dead end adds one to the weight of the columns it left empty, and a level takes a
//! column with one row if there is one, else the fewest rows per unit of weight (a
//! linear scan; `sudoku_dlx` turns it on for 16×16 and 25×25, where the fewest-rows
//! order has a heavy tail). The search loop is compiled twice (a const generic), so
//! the plain choice pays nothing for it. [`ExactCover::search_within_weights`] starts a
//! weighted search from the caller's weights and hands back the ones it ended with, so
//! a caller that restarts keeps what the abandoned attempts learnt.
//!
//! [`ExactCover::search_within`] gives a search a budget of nodes: out of it, the
//! search stops where it is, the matrix is restored by the same copy, and the caller
//! learns that it did not finish (the Sudoku encoding then restarts on a matrix laid out
//! another way). The check costs one compare per node; `search` has no budget.
//!
//! [`ExactCover::set_subset_reduction`] adds a reduction to the weighted searches: at a
//! node where no column is empty or forced, when every row of an uncovered column A
//! (of at most a given number of rows) also covers a column B, the rows of B outside A
//! are in no cover (A must be covered, and whichever row does covers B), so they are
//! unlinked from their columns, each pushed onto an undo trail, until the search
//! leaves the node; each level records the trail's length, and backtracking links the
//! rows back last-removed first, after uncovering the level's column: the exact
//! reverse of what was done. For Sudoku the rule is the box-line interaction ("locked
//! candidates"), which plain DLX cannot see: the fuzzer's unsolvable 16×16 grid took
//! about 250,000 nodes per search without it and 256 with it (`sudoku_dlx`, "Subset
//! rule"). The pass costs a scan of the small columns at every branching node, so the
//! unweighted loop does not contain it at all.
//!
//! A **search node** (counted in [`SearchStats::nodes`]) is one row placed onto the
//! partial solution during the search; fixed rows are not counted. A puzzle whose
//! every step is forced therefore costs exactly one node per row the search adds.
//!
//! # Files
//!
//! This file owns the types (errors, statistics, the matrix and its invariants, the
//! node layout constants) and the entry points of a search: fixing rows, keeping and
//! restoring the built matrix. `build` makes the matrix (headers, [`ExactCover::add_row`],
//! the `u32` size guard); `dance` is the search loop, the column scan and cover /
//! uncover, the hot path with every unchecked access, and the subset rule with its
//! trail.

use thiserror::Error;

mod build;
// The hot loop's unchecked accesses: with `nine`, the library's only unsafe code (the
// crate denies it everywhere else; the sandbox crate holds the system calls).
#[allow(unsafe_code)]
mod dance;

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
    /// Conflict weights given for a number of columns other than the matrix's.
    #[error("{weights} conflict weights given for a matrix of {columns} columns")]
    WeightCount {
        /// Number of weights given.
        weights: usize,
        /// Number of columns of the matrix.
        columns: usize,
    },
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
/// use gridjudge_core::solve::exact_cover::ExactCover;
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
    /// Conflict weights of the columns (empty: the plain fewest-rows choice). See
    /// [`ExactCover::set_conflict_weighting`].
    weights: Vec<u32>,
    /// Weighted searches: the largest column (in rows) the subset rule is tried on, 0
    /// for off. See [`ExactCover::set_subset_reduction`].
    reduce_upto: u32,
    /// Columns the subset rule does not start from (empty: none). See
    /// [`ExactCover::skip_in_subset_rule`].
    subset_skip: Vec<bool>,
    /// Links of the rows the subset rule has removed, in removal order (the undo
    /// trail); allocated to one entry per row at the start of a search that reduces.
    hidden: Vec<u32>,
    /// Per level of the search stack (and one more: the level of a complete cover):
    /// the length of `hidden` before the level's reduction (used only by searches
    /// that reduce).
    marks: Vec<u32>,
}

impl ExactCover {
    /// Turns conflict-weighted column choice (dom/wdeg) on or off for the searches
    /// that follow. Off (the default), each level takes the column with the fewest
    /// rows. On, every search starts with all weights 0, each dead end adds one to the
    /// weight of every column left without rows, and each level takes a column with
    /// one row if any, else the one with the fewest rows per unit of weight, rows /
    /// (1 + weight) (ties to the first in column order): the search keeps
    /// branching where it keeps failing, which finds short refutations that the
    /// fewest-rows order misses. The scan is linear in the columns (no vector scan),
    /// so it is meant for matrices whose searches are long and treacherous.
    pub fn set_conflict_weighting(&mut self, on: bool) {
        if on {
            self.weights = vec![0; self.columns];
        } else {
            self.weights = Vec::new();
        }
    }

    /// Turns the subset rule on (for columns of at most `max_rows` rows; 0 turns it
    /// off) in the weighted searches that follow (it is never applied in unweighted
    /// ones): at a node where no column is forced, when every row of an uncovered
    /// column A also covers a column B, the rows of B outside A cannot be in a cover
    /// (A must be covered, and whichever row covers it covers B), so they are removed
    /// until the search backtracks past the node. For Sudoku this is the box-line
    /// interaction ("locked candidates"). `max_rows` bounds the cost of the pass: a
    /// column of `a` rows costs about `12·a` link reads for four-entry rows.
    pub fn set_subset_reduction(&mut self, max_rows: u32) {
        self.reduce_upto = max_rows;
    }

    /// Columns the subset rule ([`ExactCover::set_subset_reduction`]) does not take as
    /// its column A: ones whose rows share no other column, where it can find nothing
    /// (for Sudoku the cell columns: a cell's rows have different digits). Only a cost
    /// cut: the pass looks at fewer columns. Replaces any earlier list; an empty list
    /// skips none.
    pub fn skip_in_subset_rule(&mut self, columns: &[usize]) -> Result<(), ExactCoverError> {
        if let Some(&column) = columns.iter().find(|&&c| c >= self.columns) {
            return Err(ExactCoverError::ColumnOutOfRange {
                column,
                columns: self.columns,
            });
        }
        self.subset_skip.clear();
        if !columns.is_empty() {
            self.subset_skip.resize(self.columns, false);
            for &c in columns {
                self.subset_skip[c] = true;
            }
        }
        Ok(())
    }

    /// Number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Number of rows added so far.
    pub fn rows(&self) -> usize {
        self.row_start.len()
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
        first: Option<&mut Vec<usize>>,
    ) -> Result<SearchStats, ExactCoverError> {
        self.search_within(fixed, limit, first, u64::MAX)
            .map(|s| s.unwrap_or_default())
    }

    /// [`ExactCover::search`] that gives up after placing `budget` rows: `Ok(None)`
    /// when the search had not finished by then (whatever it found is dropped, and
    /// `first` may hold a partial answer). The matrix is restored either way. A
    /// caller restarts with another row or column order and a larger budget to cut
    /// the heavy tail of one order's search time (see `sudoku_dlx`).
    pub fn search_within(
        &mut self,
        fixed: &[usize],
        limit: usize,
        first: Option<&mut Vec<usize>>,
        budget: u64,
    ) -> Result<Option<SearchStats>, ExactCoverError> {
        self.weights.fill(0);
        self.search_from(fixed, limit, first, budget)
    }

    /// [`ExactCover::search_within`] with conflict weighting (whether or not
    /// [`ExactCover::set_conflict_weighting`] is on) that starts from `weights`, one
    /// per column, instead of zeros, and leaves in them the weights the search ended
    /// with. A caller that restarts its search (`sudoku_dlx`) carries what the abandoned
    /// attempts learnt about where the search fails into the next one, which needs
    /// them: restarted from zeros, a grid can fail the same way in every layout.
    pub fn search_within_weights(
        &mut self,
        fixed: &[usize],
        limit: usize,
        first: Option<&mut Vec<usize>>,
        budget: u64,
        weights: &mut Vec<u32>,
    ) -> Result<Option<SearchStats>, ExactCoverError> {
        if weights.len() != self.columns {
            return Err(ExactCoverError::WeightCount {
                weights: weights.len(),
                columns: self.columns,
            });
        }
        std::mem::swap(&mut self.weights, weights);
        let found = self.search_from(fixed, limit, first, budget);
        std::mem::swap(&mut self.weights, weights);
        found
    }

    /// The search of [`ExactCover::search_within`], weighted (from the weights as they
    /// are) when `weights` is not empty.
    fn search_from(
        &mut self,
        fixed: &[usize],
        limit: usize,
        mut first: Option<&mut Vec<usize>>,
        budget: u64,
    ) -> Result<Option<SearchStats>, ExactCoverError> {
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
        if self.reduce_upto != 0 {
            // (Allocated here, outside the search loop: at most one entry per row. The
            // trail is empty between searches: unwound, or cleared by the restore. An
            // unweighted search never reads them.)
            self.hidden.reserve(self.rows());
            self.marks.resize(self.columns + 1, 0);
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
        let (stats, finished) = if clash || limit == 0 {
            (SearchStats::default(), true)
        } else {
            if let Some(out) = first.as_deref_mut() {
                out.extend_from_slice(fixed);
            }
            if self.weights.is_empty() {
                self.run::<false>(limit, zeros, first, budget)
            } else {
                self.run::<true>(limit, zeros, first, budget)
            }
        };
        // A search that reached `limit` stopped at a complete cover, with every row
        // unlinked somewhere: copying the built matrix back is cheaper than undoing.
        // One out of budget stopped anywhere: the copy restores it too.
        let stopped = !finished || (limit > 0 && stats.solutions >= limit);
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
        Ok(finished.then_some(stats))
    }

    /// Puts back the links and counts of the built matrix (every column uncovered).
    // PERF: at a complete cover every row of the matrix has been unlinked, so undoing
    // the search relinks them all: about 38,000 instructions per 9×9 puzzle against
    // 7,000 for this copy (top1465: 304k → 281k instructions per puzzle; 2-7 % less
    // wall-clock time). The copy goes in 2 KiB pieces: above a few KiB glibc's memcpy
    // switches to `rep movsb`, which callgrind counts as one instruction per byte, so
    // whole-array copies would make the instruction counts overstate its cost.
    fn restore_built(&mut self) {
        // (Rows the subset rule removed are linked again by the copy.)
        self.hidden.clear();
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
    fn a_search_out_of_budget_gives_up_and_restores() {
        let mut m = knuth();
        let full = m.search(&[], 10, None).unwrap();
        assert_eq!(full.solutions, 1);
        for budget in 0..full.nodes {
            assert_eq!(m.search_within(&[], 10, None, budget), Ok(None), "{budget}");
            // Restored: the next search sees the matrix as built.
            assert_eq!(m.search(&[], 10, None), Ok(full), "after budget {budget}");
        }
        assert_eq!(m.search_within(&[], 10, None, full.nodes), Ok(Some(full)));
        // With a fixed row too, and a search that stops at its limit.
        let fixed = m.search(&[3], 1, None).unwrap();
        for budget in 0..fixed.nodes {
            assert_eq!(m.search_within(&[3], 1, None, budget), Ok(None));
            assert_eq!(m.count(10), 1);
        }
        let mut rows = Vec::new();
        let s = m.search_within(&[3], 1, Some(&mut rows), fixed.nodes);
        assert_eq!(s, Ok(Some(fixed)));
        rows.sort();
        assert_eq!(rows, vec![0, 3, 4]);
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

    /// Whether the rows `chosen` (indices into `rows`) cover every column exactly once.
    fn is_cover(columns: usize, rows: &[Vec<usize>], chosen: &[usize]) -> bool {
        let mut seen = vec![0; columns];
        for &r in chosen {
            for &c in &rows[r] {
                seen[c] += 1;
            }
        }
        seen.iter().all(|&n| n == 1)
    }

    /// Covers of `rows` over `columns` columns by trying every subset of rows.
    fn brute_force(columns: usize, rows: &[Vec<usize>], must: Option<usize>) -> usize {
        (0u32..1 << rows.len())
            .filter(|set| must.is_none_or(|r| set & (1 << r) != 0))
            .filter(|set| {
                let chosen: Vec<usize> = (0..rows.len()).filter(|r| set & (1 << r) != 0).collect();
                is_cover(columns, rows, &chosen)
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
        let mut reordered = 0;
        let mut learnt = 0;
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
                    assert!(is_cover(columns, &rows, &found), "trial {trial}: {found:?}");
                }
                None => assert_eq!(expected, 0, "trial {trial}"),
            }
            // Out of budget part way: nothing found, the matrix restored.
            let all = m.search(&[], usize::MAX, None).unwrap();
            let budget = all.nodes / 2;
            if budget < all.nodes {
                assert_eq!(m.search_within(&[], usize::MAX, None, budget), Ok(None));
            }
            let fixed = next(rows.len() as u64);
            let s = m.search(&[fixed], usize::MAX, None).unwrap();
            assert_eq!(s.solutions, brute_force(columns, &rows, Some(fixed)));
            // Restored: the same count again.
            assert_eq!(m.count(usize::MAX), expected);
            // Conflict weighting changes the order of the search, never what it finds;
            // each search starts from zero weights, so repeating one repeats its nodes.
            m.set_conflict_weighting(true);
            let weighted = m.search(&[], usize::MAX, None).unwrap();
            assert_eq!(weighted.solutions, expected, "trial {trial}: weighted");
            reordered += usize::from(weighted.nodes != all.nodes);
            assert_eq!(m.search(&[], usize::MAX, None).unwrap(), weighted);
            if let Some(found) = m.solve_first() {
                assert!(is_cover(columns, &rows, &found), "trial {trial}: {found:?}");
            }
            let s = m.search(&[fixed], usize::MAX, None).unwrap();
            assert_eq!(s.solutions, brute_force(columns, &rows, Some(fixed)));
            if weighted.nodes > 1 {
                let half = weighted.nodes / 2;
                assert_eq!(m.search_within(&[], usize::MAX, None, half), Ok(None));
            }
            // Weights given by the caller: from zeros, the same search as `search`;
            // they come back as the search left them (never lower), and a search from
            // them (a restart carrying them) still finds exactly the covers.
            let mut w = vec![0; columns + 1];
            assert_eq!(
                m.search_within_weights(&[], 1, None, u64::MAX, &mut w),
                Err(ExactCoverError::WeightCount {
                    weights: columns + 1,
                    columns
                })
            );
            w.truncate(columns);
            let from_zero = m.search_within_weights(&[], usize::MAX, None, u64::MAX, &mut w);
            assert_eq!(from_zero, Ok(Some(weighted)), "trial {trial}");
            let dead_ends = w.iter().sum::<u32>();
            if weighted.nodes > 1 {
                let half = weighted.nodes / 2;
                let before = w.clone();
                // (Searched in another order, it may finish within the budget.)
                match m.search_within_weights(&[], usize::MAX, None, half, &mut w) {
                    Ok(None) => {}
                    Ok(Some(s)) => assert_eq!(s.solutions, expected, "trial {trial}"),
                    Err(e) => panic!("trial {trial}: {e}"),
                }
                assert!(w.iter().zip(&before).all(|(a, b)| a >= b), "trial {trial}");
            }
            let before = w.clone();
            let carried = m.search_within_weights(&[], usize::MAX, None, u64::MAX, &mut w);
            assert_eq!(carried.map(|s| s.map(|s| s.solutions)), Ok(Some(expected)));
            assert!(w.iter().zip(&before).all(|(a, b)| a >= b), "trial {trial}");
            learnt += usize::from(dead_ends > 0);
            m.set_conflict_weighting(false);
            assert_eq!(m.count(usize::MAX), expected);
            // Weighted on request even when the matrix is not; its own choice stays plain.
            w.fill(0);
            assert_eq!(
                m.search_within_weights(&[], usize::MAX, None, u64::MAX, &mut w),
                Ok(Some(weighted))
            );
            assert_eq!(m.search(&[], usize::MAX, None), Ok(all));
        }
        // The test has teeth: many of the matrices have covers.
        assert!(with_covers >= 60, "only {with_covers} matrices with covers");
        // … and weighting really took other columns in some of them (3 of these 300
        // deterministic matrices: most are small enough that forced columns decide;
        // `sudoku_dlx`'s tests show the effect on real searches).
        assert!(
            reordered >= 3,
            "weighting changed only {reordered} searches"
        );
        // … and the weights handed back held dead ends in many of them.
        assert!(
            learnt >= 30,
            "weights came back non-zero in only {learnt} searches"
        );
    }
    /// The subset rule ([`ExactCover::set_subset_reduction`]) removes only rows that
    /// are in no cover: on random matrices (rows of two to four columns, so that one
    /// column's rows often share another) every count, first cover, fixed-row count
    /// and budgeted search is what brute force and the plain search say, at every
    /// bound on the columns it looks at, and the matrix comes back as built.
    #[test]
    fn the_subset_rule_keeps_every_cover() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % n) as usize
        };
        let (mut with_covers, mut fewer_nodes, mut more_nodes) = (0, 0, 0);
        for trial in 0..400 {
            let columns = 3 + trial % 12;
            let mut rows: Vec<Vec<usize>> = Vec::new();
            for _ in 0..(5 + next(10)) {
                let mut row = Vec::new();
                for _ in 0..(2 + next(3)) {
                    let c = next(columns as u64);
                    if !row.contains(&c) {
                        row.push(c);
                    }
                }
                rows.push(row);
            }
            let mut m = ExactCover::new(columns);
            for r in &rows {
                m.add_row(r).unwrap();
            }
            let expected = brute_force(columns, &rows, None);
            with_covers += usize::from(expected > 0);
            m.set_conflict_weighting(true);
            let plain = m.search(&[], usize::MAX, None).unwrap();
            for bound in [1, 2, 3, columns as u32, u32::MAX] {
                m.set_subset_reduction(bound);
                // Some columns skipped as starts (any may be: it is a cost cut).
                let skip: Vec<usize> = (0..columns).filter(|_| next(4) == 0).collect();
                assert_eq!(m.skip_in_subset_rule(&skip), Ok(()));
                let reduced = m.search(&[], usize::MAX, None).unwrap();
                assert_eq!(reduced.solutions, expected, "trial {trial} bound {bound}");
                if bound == u32::MAX {
                    fewer_nodes += usize::from(reduced.nodes < plain.nodes);
                    more_nodes += usize::from(reduced.nodes > plain.nodes);
                }
                match m.solve_first() {
                    Some(found) => {
                        assert!(is_cover(columns, &rows, &found), "trial {trial}: {found:?}");
                    }
                    None => assert_eq!(expected, 0, "trial {trial} bound {bound}"),
                }
                let fixed = next(rows.len() as u64);
                let s = m.search(&[fixed], usize::MAX, None).unwrap();
                assert_eq!(s.solutions, brute_force(columns, &rows, Some(fixed)));
                if reduced.nodes > 1 {
                    let half = reduced.nodes / 2;
                    assert_eq!(m.search_within(&[], usize::MAX, None, half), Ok(None));
                }
                // Restored, the hidden rows too: the same search again, and the trail
                // empty after searches that stopped (at a limit, out of budget) too.
                assert!(m.hidden.is_empty(), "trial {trial}: the trail kept rows");
                assert_eq!(
                    m.search(&[], usize::MAX, None),
                    Ok(reduced),
                    "trial {trial}"
                );
            }
            // Every column skipped: the rule never starts, the weighted search it was.
            let every: Vec<usize> = (0..columns).collect();
            assert_eq!(m.skip_in_subset_rule(&every), Ok(()));
            assert_eq!(m.search(&[], usize::MAX, None), Ok(plain), "trial {trial}");
            assert_eq!(
                m.skip_in_subset_rule(&[0, columns]),
                Err(ExactCoverError::ColumnOutOfRange {
                    column: columns,
                    columns
                })
            );
            // Off again: the weighted search it was, and unweighted the plain count.
            m.set_subset_reduction(0);
            assert_eq!(m.search(&[], usize::MAX, None), Ok(plain));
            m.set_conflict_weighting(false);
            assert_eq!(m.count(usize::MAX), expected);
        }
        assert!(with_covers >= 40, "only {with_covers} matrices with covers");
        // A cover of one-column rows only: as many levels as columns, so the trail's
        // marks need one more entry than the search stack.
        let mut m = ExactCover::new(3);
        for r in [&[0][..], &[1], &[2], &[0, 1], &[1, 2]] {
            m.add_row(r).unwrap();
        }
        m.set_conflict_weighting(true);
        m.set_subset_reduction(u32::MAX);
        assert_eq!(m.count(10), 3);
        // The rule really removed rows the search would have tried.
        assert!(
            fewer_nodes >= 20,
            "the rule cut only {fewer_nodes} searches"
        );
        eprintln!("subset rule: {fewer_nodes} searches shorter, {more_nodes} longer");
    }
}
