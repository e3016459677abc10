//! The exact-cover engine: Knuth's Algorithm X with dancing links (DLX).
//!
//! Owns the general engine only; problem encodings (Sudoku, …) live in their own
//! modules and talk to it through [`ExactCover::add_row`] and [`ExactCover::search`].
//!
//! # Data structure
//!
//! The sparse 0/1 matrix is a toroidal doubly linked list stored in flat `u32` index
//! arrays (`left`, `right`, `up`, `down`, `col`), one slot per node. Slot `0` is the
//! root, slots `1..=columns` are the column headers, the rest are the 1-entries of the
//! rows, each row's nodes contiguous and linked in a horizontal cycle. There are no
//! pointers and no per-node allocations: building the matrix pushes onto the arrays,
//! and the search only rewrites indices (cover / uncover, Knuth's "dancing").
//!
//! # Search
//!
//! Iterative Algorithm X: at each level choose the uncovered column with the fewest
//! rows (ties → the first one in column order), cover it, try each of its rows in
//! turn. The chosen node of each level lives in a stack preallocated to the number of
//! columns (a level covers at least one column), so the search loop never allocates.
//! Every search leaves the matrix exactly as it found it, so one matrix serves many
//! searches (the Sudoku solver builds its 729-row matrix once and reuses it).
//!
//! Costs: building is O(nodes); each search step costs O(1) per node unlinked.
//! A "search node" is one row placed onto the partial solution (fixed rows excluded).

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
    /// Search nodes: rows placed onto the partial solution during the search.
    pub nodes: u64,
}

/// One node's links: left, right, up, down, and its column header (headers point to
/// themselves, the root to 0).
#[derive(Debug, Clone, Copy)]
struct Node {
    l: u32,
    r: u32,
    u: u32,
    d: u32,
    c: u32,
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
    /// The links of every node, one 20-byte record per node (a node's links share a
    /// cache line).
    n: Vec<Node>,
    /// Row of each row node (`u32::MAX` for the root and headers).
    row_of: Vec<u32>,
    /// Rows under each column header (indexed by header slot).
    size: Vec<u32>,
    /// First node of each row.
    row_start: Vec<u32>,
    /// Chosen node per level: preallocated to `columns` slots.
    stack: Vec<u32>,
    /// Columns covered by fixed rows (used only outside the search loop).
    fixed_cover: Vec<bool>,
    /// Uncovered columns with no rows left, kept up to date by cover / uncover, so
    /// the column choice can stop at the first size-1 column when there are none.
    zeros: u32,
}

impl ExactCover {
    /// An empty matrix with `columns` primary columns and no rows.
    pub fn new(columns: usize) -> Self {
        let n = columns + 1;
        let mut m = ExactCover {
            columns,
            n: Vec::with_capacity(n),
            row_of: Vec::with_capacity(n),
            size: vec![0; n],
            row_start: Vec::new(),
            stack: vec![0; columns],
            fixed_cover: vec![false; columns],
            zeros: 0,
        };
        for i in 0..n {
            // Header ring: 0 ⇄ 1 ⇄ … ⇄ columns ⇄ 0.
            m.n.push(Node {
                l: if i == 0 { columns } else { i - 1 } as u32,
                r: if i == columns { 0 } else { i + 1 } as u32,
                u: i as u32,
                d: i as u32,
                c: i as u32,
            });
            m.row_of.push(u32::MAX);
        }
        m
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
        let first = self.n.len();
        let row = self.row_start.len();
        if first + columns.len() >= u32::MAX as usize || row >= u32::MAX as usize {
            return Err(ExactCoverError::TooLarge);
        }
        let k = columns.len();
        for (i, &c) in columns.iter().enumerate() {
            let node = (first + i) as u32;
            let header = (c + 1) as u32;
            // Append at the bottom of the column.
            let last = self.n[header as usize].u;
            self.n.push(Node {
                l: (first + if i == 0 { k - 1 } else { i - 1 }) as u32,
                r: (first + if i + 1 == k { 0 } else { i + 1 }) as u32,
                u: last,
                d: header,
                c: header,
            });
            self.n[last as usize].d = node;
            self.n[header as usize].u = node;
            self.row_of.push(row as u32);
            self.size[header as usize] += 1;
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
        // Every column is uncovered between searches.
        self.zeros = self.size[1..].iter().filter(|&&s| s == 0).count() as u32;
        // Fix the rows, stopping at the first that overlaps an earlier one.
        let mut applied = 0;
        let mut clash = false;
        for &r in fixed {
            let start = self.row_start[r];
            if self.row_columns(start).any(|c| self.fixed_cover[c]) {
                clash = true;
                break;
            }
            self.mark_fixed(start, true);
            self.select(start);
            applied += 1;
        }
        let stats = if clash || limit == 0 {
            SearchStats::default()
        } else {
            if let Some(out) = first.as_deref_mut() {
                out.extend_from_slice(fixed);
            }
            self.run(limit, first)
        };
        for &r in fixed[..applied].iter().rev() {
            let start = self.row_start[r];
            self.unselect(start);
            self.mark_fixed(start, false);
        }
        Ok(stats)
    }

    /// Column indices (0-based) of the row starting at node `start`.
    fn row_columns(&self, start: u32) -> impl Iterator<Item = usize> + '_ {
        let mut node = start;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let c = self.n[node as usize].c as usize - 1;
            node = self.n[node as usize].r;
            done = node == start;
            Some(c)
        })
    }

    /// Marks (or clears) the columns of the row starting at node `start` as covered
    /// by a fixed row.
    fn mark_fixed(&mut self, start: u32, value: bool) {
        let mut node = start;
        loop {
            self.fixed_cover[self.n[node as usize].c as usize - 1] = value;
            node = self.n[node as usize].r;
            if node == start {
                break;
            }
        }
    }

    /// The node at `i`, without a bounds check.
    ///
    /// Invariant (the reason this is sound): every index stored in a link or `c`
    /// field is `< self.n.len()`. `new` and `add_row` are the only code that writes
    /// fresh indices, and they only write indices of nodes already pushed (or being
    /// pushed in the same row); cover / uncover only copy existing link values.
    #[inline(always)]
    fn node(&self, i: u32) -> Node {
        debug_assert!((i as usize) < self.n.len());
        // SAFETY: `i < self.n.len()` by the invariant above.
        unsafe { *self.n.get_unchecked(i as usize) }
    }

    /// Mutable [`Self::node`].
    #[inline(always)]
    fn node_mut(&mut self, i: u32) -> &mut Node {
        debug_assert!((i as usize) < self.n.len());
        // SAFETY: `i < self.n.len()` by the invariant of `node`.
        unsafe { self.n.get_unchecked_mut(i as usize) }
    }

    /// Rows under column header `c`.
    #[inline(always)]
    fn size_of(&self, c: u32) -> u32 {
        debug_assert!((c as usize) < self.size.len());
        // SAFETY: `c` is a header index (`c` field of a node, or a header link),
        // `<= columns`, and `size` has `columns + 1` slots.
        unsafe { *self.size.get_unchecked(c as usize) }
    }

    /// Mutable [`Self::size_of`].
    #[inline(always)]
    fn size_mut(&mut self, c: u32) -> &mut u32 {
        debug_assert!((c as usize) < self.size.len());
        // SAFETY: as in `size_of`.
        unsafe { self.size.get_unchecked_mut(c as usize) }
    }

    /// The search proper: no allocation in here (`first` already has its fixed rows;
    /// pushing the solution happens once, outside the loop body's hot path).
    fn run(&mut self, limit: usize, mut first: Option<&mut Vec<usize>>) -> SearchStats {
        // PERF: hot loop. `cd benches/peers && cargo bench` (one run, 2026-11-22, shared
        // 2-core box under load): Sudoku first solution, puzzles/s, ours vs `dlx` 0.8.5:
        // top1465 6,825 vs 2,945 (2.3×), forum_hardest_1106 1,139 vs 457 (2.5×).
        // Deterministic (`benches/peers/icount.sh FILE`): 482,860 vs 1,383,602
        // instructions per top1465 puzzle (2.9×). What paid: one 20-byte record per
        // node, unchecked access (see `node`), the empty-column counter (lets the
        // choice stop at the first size-1 column), covering the chosen column once.
        let mut stats = SearchStats::default();
        let mut level = 0usize;
        'descend: loop {
            if self.node(0).r == 0 {
                stats.solutions += 1;
                if stats.solutions == 1 {
                    if let Some(out) = first.as_deref_mut() {
                        for &node in &self.stack[..level] {
                            out.push(self.row_of[node as usize] as usize);
                        }
                    }
                }
                if stats.solutions >= limit {
                    // Unwind every level so the matrix is whole again.
                    while level > 0 {
                        level -= 1;
                        let r = self.stack[level];
                        self.unselect(r);
                    }
                    // (`unselect` also uncovers each level's chosen column.)
                    return stats;
                }
            } else if self.zeros == 0 {
                // (An empty column is a dead end: no need to choose it.)
                let c = self.choose_column();
                self.cover(c);
                let r = self.node(c).d;
                if r != c {
                    self.stack[level] = r;
                    self.select_others(r);
                    stats.nodes += 1;
                    level += 1;
                    continue 'descend;
                }
                self.uncover(c);
            }
            // Backtrack to the deepest level that has another row to try.
            loop {
                if level == 0 {
                    return stats;
                }
                level -= 1;
                let r = self.stack[level];
                self.unselect_others(r);
                let Node { d: next, c, .. } = self.node(r);
                if next != c {
                    self.stack[level] = next;
                    self.select_others(next);
                    stats.nodes += 1;
                    level += 1;
                    continue 'descend;
                }
                self.uncover(c);
            }
        }
    }

    /// The uncovered column with the fewest rows; ties go to the first. Called only
    /// when no column is empty (`zeros == 0`), so the first size-1 column is minimal.
    #[inline]
    fn choose_column(&self) -> u32 {
        debug_assert_eq!(self.zeros, 0);
        let mut c = self.node(0).r;
        // No empty column: a size-1 column is minimal, so stop at the first one.
        let mut best = c;
        let mut best_size = u32::MAX;
        while c != 0 {
            let s = self.size_of(c);
            if s < best_size {
                best = c;
                best_size = s;
                if s <= 1 {
                    break;
                }
            }
            c = self.node(c).r;
        }
        best
    }

    /// Puts the row of node `r` into the partial solution: covers its columns,
    /// starting with `r`'s own.
    #[inline]
    fn select(&mut self, r: u32) {
        self.cover(self.node(r).c);
        self.select_others(r);
    }

    /// Exact inverse of [`Self::select`].
    #[inline]
    fn unselect(&mut self, r: u32) {
        self.unselect_others(r);
        self.uncover(self.node(r).c);
    }

    /// Covers the columns of the row of node `r` other than `r`'s own (which the
    /// search covers once per level, before trying its rows).
    #[inline]
    fn select_others(&mut self, r: u32) {
        let mut j = self.node(r).r;
        while j != r {
            self.cover(self.node(j).c);
            j = self.node(j).r;
        }
    }

    /// Exact inverse of [`Self::select_others`].
    #[inline]
    fn unselect_others(&mut self, r: u32) {
        let mut j = self.node(r).l;
        while j != r {
            self.uncover(self.node(j).c);
            j = self.node(j).l;
        }
    }

    // PERF: cover / uncover are where DLX spends its time (figures on `run`).
    #[inline]
    fn cover(&mut self, c: u32) {
        if self.size_of(c) == 0 {
            self.zeros -= 1;
        }
        let Node { l, r, d: first, .. } = self.node(c);
        self.node_mut(l).r = r;
        self.node_mut(r).l = l;
        let mut i = first;
        while i != c {
            let Node {
                r: mut j, d: down, ..
            } = self.node(i);
            while j != i {
                let Node {
                    u,
                    d,
                    c: cj,
                    r: next,
                    ..
                } = self.node(j);
                self.node_mut(u).d = d;
                self.node_mut(d).u = u;
                let size = self.size_mut(cj);
                *size -= 1;
                let emptied = *size == 0;
                self.zeros += u32::from(emptied);
                j = next;
            }
            i = down;
        }
    }

    #[inline]
    fn uncover(&mut self, c: u32) {
        let mut i = self.node(c).u;
        while i != c {
            let Node {
                l: mut j, u: up, ..
            } = self.node(i);
            while j != i {
                let Node {
                    u,
                    d,
                    c: cj,
                    l: next,
                    ..
                } = self.node(j);
                let size = self.size_mut(cj);
                let was_empty = *size == 0;
                *size += 1;
                self.zeros -= u32::from(was_empty);
                self.node_mut(u).d = j;
                self.node_mut(d).u = j;
                j = next;
            }
            i = up;
        }
        let Node { l, r, .. } = self.node(c);
        self.node_mut(l).r = c;
        self.node_mut(r).l = c;
        if self.size_of(c) == 0 {
            self.zeros += 1;
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
        let mut rows = m.solve_first().unwrap();
        rows.sort();
        assert_eq!(rows, vec![0, 3, 4]);
        assert_eq!(m.count(10), 1);
        // Reusable: the matrix is restored after each search.
        assert_eq!(m.count(10), 1);
        assert_eq!(m.solve_first().map(|v| v.len()), Some(3));
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
}
