//! Classic Kakuro (digits distinct within each run) by depth-first search with
//! digit-combination masks. Owns the search and its "no solution" reasons; nothing here
//! is used by the validators.
//!
//! # Candidates from combination masks
//!
//! A run's state is `(k, used, sum)`: `k` cells still empty, the set `used` of digits
//! already placed in it, and the `sum` still missing. Two tables, built once from all
//! 512 digit sets, answer for every state:
//!
//! - `ALLOWED[k][used][sum]`: the union of all sets `S` of `k` distinct digits, disjoint
//!   from `used`, summing to `sum` — the digits an empty cell of the run may take;
//! - `MUST[k][used][sum]`: their intersection — digits some empty cell *must* take.
//!
//! ```text
//! digit mask bit:   8 7 6 5 4 3 2 1 0
//! digit:            9 8 7 6 5 4 3 2 1
//! table index:      (k · 512 + used) · 46 + sum      (k ≤ 9, sum ≤ 45)
//! ```
//!
//! A cell's candidates are `ALLOWED` of its across run `&` `ALLOWED` of its down run.
//!
//! # Search
//!
//! - Most-constrained cell first: empty cells sit in ten doubly linked buckets by
//!   candidate count, so the choice is O(1); a cell whose mask changes moves to the head
//!   of its bucket, which keeps the search near the last move (locality on big boards).
//! - Propagation (forward checking): placing a digit updates both runs' states and
//!   recomputes the candidates of every empty cell in them. A cell with no candidate, or
//!   a run whose `MUST` digits no empty cell can take, is a dead end. A cell with one
//!   candidate is taken next by the bucket order, so singles propagate without
//!   branching.
//! - Undo recomputes the same masks from the restored run states, so the trail is just
//!   the stack of `(cell, untried digits)` frames.
//!
//! All memory (frames, buckets, masks) is allocated before the search starts; the
//! search loop itself never allocates.

use crate::model::{Direction, KakuroBoard, KakuroFill};
use std::sync::OnceLock;
use thiserror::Error;

/// Why a board has no classic Kakuro fill.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ClassicInfeasible {
    /// No set of `len` distinct digits 1..=9 sums to the clue (this includes every run
    /// longer than 9 and every clue above 45).
    #[error("cell ({}, {}): no {len} distinct digits sum to the {direction} clue {clue}", at.0 + 1, at.1 + 1)]
    NoDigitSet {
        /// The clue cell, 0-based `(row, col)`.
        at: (usize, usize),
        /// Direction of the run.
        direction: Direction,
        /// The clue.
        clue: u16,
        /// The run's length.
        len: usize,
    },
    /// The across clues and the down clues add up to different totals.
    #[error("across clues total {across} but down clues total {down}")]
    TotalsDiffer {
        /// Sum of the across clues.
        across: u32,
        /// Sum of the down clues.
        down: u32,
    },
    /// A white cell that does not lie in both an across and a down run (cannot happen
    /// for a board built by [`KakuroBoard::new`]; reported rather than trusted).
    #[error("cell ({}, {}) is not in both an across and a down run", at.0 + 1, at.1 + 1)]
    UncoveredCell {
        /// The cell, 0-based `(row, col)`.
        at: (usize, usize),
    },
    /// The clues are individually possible, but the search proved no fill exists.
    #[error("no classic fill exists (exhaustive search)")]
    NoSolution,
}

/// Solves `board` under the classic rules (digits 1..=9, distinct within each run, each
/// run sums to its clue). Returns one fill, or why none exists.
// PERF: `cargo bench --bench kakuro -- search`; see benches/kakuro.rs for the figures.
pub fn solve(board: &KakuroBoard) -> Result<KakuroFill, ClassicInfeasible> {
    let mut search = Search::new(board)?;
    if search.run(1) == 0 {
        return Err(ClassicInfeasible::NoSolution);
    }
    let mut fill = KakuroFill::empty_for(board);
    for (i, &pos) in search.cell_pos.iter().enumerate() {
        fill.digits[pos as usize] = search.solution[i];
    }
    Ok(fill)
}

/// Counts the classic fills of `board`, stopping at `limit` (so the result is
/// `min(number of fills, limit)`). An infeasible board counts 0.
pub fn count(board: &KakuroBoard, limit: usize) -> usize {
    if limit == 0 {
        return 0;
    }
    match Search::new(board) {
        Ok(mut search) => search.run(limit),
        Err(_) => 0,
    }
}

/// Largest run length the tables cover.
const MAX_LEN: usize = 9;
/// Largest run sum the tables cover (1 + 2 + … + 9).
const MAX_SUM: usize = 45;
/// Number of digit sets (9-bit masks).
const SETS: usize = 512;
/// Marker for "no cell" in the bucket lists.
const NONE: u32 = u32::MAX;
/// Bucket of a cell that holds a digit.
const PLACED: u8 = u8::MAX;

/// The `ALLOWED` and `MUST` tables of the module doc.
struct Tables {
    allowed: Box<[u16]>,
    must: Box<[u16]>,
}

fn table_index(k: usize, used: usize, sum: usize) -> usize {
    (k * SETS + used) * (MAX_SUM + 1) + sum
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let size = (MAX_LEN + 1) * SETS * (MAX_SUM + 1);
        let mut allowed = vec![0u16; size].into_boxed_slice();
        let mut must = vec![0x1FFu16; size].into_boxed_slice();
        // Every set S, paired with every `used` disjoint from it: 3^9 pairs in all.
        for set in 0..SETS {
            let k = set.count_ones() as usize;
            let sum: usize = (0..9).filter(|b| set >> b & 1 == 1).map(|b| b + 1).sum();
            let free = !set & 0x1FF;
            let mut used = free;
            loop {
                let i = table_index(k, used, sum);
                allowed[i] |= set as u16;
                must[i] &= set as u16;
                if used == 0 {
                    break;
                }
                used = (used - 1) & free;
            }
        }
        for (m, &a) in must.iter_mut().zip(allowed.iter()) {
            if a == 0 {
                *m = 0;
            }
        }
        Tables { allowed, must }
    })
}

/// One branching decision: the cell and the digits not yet tried there.
#[derive(Clone, Copy)]
struct Frame {
    cell: u32,
    untried: u16,
}

/// The search state. Cells and runs are renumbered compactly: cell `i` is white cell
/// number `i` in row-major order, run `r` is `board.runs()[r]`.
struct Search {
    tables: &'static Tables,
    /// Board index of each cell.
    cell_pos: Vec<u32>,
    /// Across and down run of each cell.
    cell_runs: Vec<[u32; 2]>,
    /// Cells of run `r`: `run_cells[run_start[r]..run_start[r + 1]]`.
    run_start: Vec<u32>,
    run_cells: Vec<u32>,
    /// Run state: empty cells, digits used, sum missing.
    run_left: Vec<u8>,
    run_used: Vec<u16>,
    run_sum: Vec<u8>,
    /// Digit of each cell, 0 while empty.
    digit: Vec<u8>,
    /// Candidate mask of each empty cell.
    cand: Vec<u16>,
    /// Bucket (candidate count) of each cell, `PLACED` once it holds a digit.
    bucket: Vec<u8>,
    /// Doubly linked bucket lists.
    next: Vec<u32>,
    prev: Vec<u32>,
    head: [u32; 10],
    /// Empty cells left.
    empty: usize,
    frames: Vec<Frame>,
    /// The first fill found, per cell.
    solution: Vec<u8>,
    /// Whether every run passes the `MUST` check before any placement.
    root_ok: bool,
}

impl Search {
    fn new(board: &KakuroBoard) -> Result<Self, ClassicInfeasible> {
        let tables = tables();
        let runs = board.runs();
        let (mut across, mut down) = (0u32, 0u32);
        for run in runs {
            let (clue, len) = (usize::from(run.clue), run.len());
            if len > MAX_LEN || clue > MAX_SUM || tables.allowed[table_index(len, 0, clue)] == 0 {
                return Err(ClassicInfeasible::NoDigitSet {
                    at: run.clue_at,
                    direction: run.direction,
                    clue: run.clue,
                    len,
                });
            }
            match run.direction {
                Direction::Across => across += u32::from(run.clue),
                Direction::Down => down += u32::from(run.clue),
            }
        }
        if across != down {
            return Err(ClassicInfeasible::TotalsDiffer { across, down });
        }
        let cols = board.cols();
        let n = board.white_count();
        let mut compact = vec![NONE; board.rows() * cols];
        let mut cell_pos = Vec::with_capacity(n);
        let mut cell_runs = Vec::with_capacity(n);
        for pos in board.white_cells() {
            let (Some(a), Some(d)) = (
                board.run_of(pos, Direction::Across),
                board.run_of(pos, Direction::Down),
            ) else {
                return Err(ClassicInfeasible::UncoveredCell {
                    at: (pos / cols, pos % cols),
                });
            };
            compact[pos] = cell_pos.len() as u32;
            cell_pos.push(pos as u32);
            cell_runs.push([a as u32, d as u32]);
        }
        let mut run_start = Vec::with_capacity(runs.len() + 1);
        let mut run_cells = Vec::with_capacity(2 * n);
        run_start.push(0);
        for run in runs {
            run_cells.extend(run.cells.iter().map(|&p| compact[p]));
            run_start.push(run_cells.len() as u32);
        }
        let mut s = Search {
            tables,
            cell_pos,
            cell_runs,
            run_start,
            run_cells,
            run_left: runs.iter().map(|r| r.len() as u8).collect(),
            run_used: vec![0; runs.len()],
            run_sum: runs.iter().map(|r| r.clue as u8).collect(),
            digit: vec![0; n],
            cand: vec![0; n],
            bucket: vec![PLACED; n],
            next: vec![NONE; n],
            prev: vec![NONE; n],
            head: [NONE; 10],
            empty: n,
            frames: Vec::with_capacity(n),
            solution: vec![0; n],
            root_ok: true,
        };
        // Insert in reverse so the first cells end up at the bucket heads.
        for c in (0..n as u32).rev() {
            let m = s.mask_of(c);
            s.cand[c as usize] = m;
            s.link(c, m.count_ones() as u8);
        }
        s.root_ok = (0..runs.len() as u32).all(|r| s.run_ok(r));
        Ok(s)
    }

    /// `ALLOWED` of run `r`'s current state.
    #[inline]
    fn allowed(&self, r: u32) -> u16 {
        let r = r as usize;
        self.tables.allowed[table_index(
            self.run_left[r] as usize,
            self.run_used[r] as usize,
            self.run_sum[r] as usize,
        )]
    }

    /// Candidates of cell `c` from its runs' states.
    #[inline]
    fn mask_of(&self, c: u32) -> u16 {
        let [a, d] = self.cell_runs[c as usize];
        self.allowed(a) & self.allowed(d)
    }

    #[inline]
    fn link(&mut self, c: u32, b: u8) {
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
    fn unlink(&mut self, c: u32) {
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

    /// Recomputes the candidates of run `r`'s empty cells, re-bucketing them.
    #[inline]
    fn refresh_run(&mut self, r: u32) {
        let (lo, hi) = (
            self.run_start[r as usize] as usize,
            self.run_start[r as usize + 1] as usize,
        );
        for i in lo..hi {
            let c = self.run_cells[i];
            if self.digit[c as usize] != 0 {
                continue;
            }
            let m = self.mask_of(c);
            self.cand[c as usize] = m;
            self.unlink(c);
            self.link(c, m.count_ones() as u8);
        }
    }

    /// False iff a digit run `r` must contain fits none of its empty cells.
    #[inline]
    fn run_ok(&self, r: u32) -> bool {
        let ru = r as usize;
        let must = self.tables.must[table_index(
            self.run_left[ru] as usize,
            self.run_used[ru] as usize,
            self.run_sum[ru] as usize,
        )];
        if must == 0 {
            return true;
        }
        let (lo, hi) = (self.run_start[ru] as usize, self.run_start[ru + 1] as usize);
        let mut union = 0u16;
        for &c in &self.run_cells[lo..hi] {
            if self.digit[c as usize] == 0 {
                union |= self.cand[c as usize];
            }
        }
        must & !union == 0
    }

    /// After placing a digit in `c`: no empty cell without candidates, and every run
    /// whose cells' candidates just changed still has room for its `MUST` digits.
    /// Computed fresh each time, so nothing about it needs undoing.
    fn consistent_after(&self, c: u32) -> bool {
        if self.head[0] != NONE {
            return false;
        }
        for (side, r) in self.cell_runs[c as usize].into_iter().enumerate() {
            if !self.run_ok(r) {
                return false;
            }
            let ru = r as usize;
            let (lo, hi) = (self.run_start[ru] as usize, self.run_start[ru + 1] as usize);
            for &x in &self.run_cells[lo..hi] {
                if self.digit[x as usize] == 0 && !self.run_ok(self.cell_runs[x as usize][1 - side])
                {
                    return false;
                }
            }
        }
        true
    }

    /// Places digit `d` (1..=9; a candidate of `c`) in cell `c`.
    fn place(&mut self, c: u32, d: u8) {
        self.unlink(c);
        self.digit[c as usize] = d;
        self.empty -= 1;
        let runs = self.cell_runs[c as usize];
        for r in runs {
            let r = r as usize;
            self.run_left[r] -= 1;
            self.run_used[r] |= 1 << (d - 1);
            self.run_sum[r] -= d;
        }
        for r in runs {
            self.refresh_run(r);
        }
    }

    /// Undoes [`place`](Self::place) of cell `c`.
    fn unplace(&mut self, c: u32) {
        let d = self.digit[c as usize];
        self.digit[c as usize] = 0;
        self.empty += 1;
        let runs = self.cell_runs[c as usize];
        for r in runs {
            let r = r as usize;
            self.run_left[r] += 1;
            self.run_used[r] &= !(1 << (d - 1));
            self.run_sum[r] += d;
        }
        let m = self.mask_of(c);
        self.cand[c as usize] = m;
        self.link(c, m.count_ones() as u8);
        for r in runs {
            self.refresh_run(r);
        }
    }

    /// Depth-first search; returns the number of fills found, at most `limit` (≥ 1).
    /// The first fill is kept in `solution`.
    // PERF: no allocation in this loop: frames, buckets and masks were sized in `new`.
    fn run(&mut self, limit: usize) -> usize {
        let mut found = 0usize;
        self.frames.clear();
        // Whether the state just reached passed its checks.
        let mut ok = self.root_ok && self.head[0] == NONE;
        'descend: loop {
            if ok {
                if self.empty == 0 {
                    found += 1;
                    if found == 1 {
                        self.solution.copy_from_slice(&self.digit);
                    }
                    if found >= limit {
                        return found;
                    }
                } else {
                    // The lowest non-empty bucket holds a most-constrained cell.
                    let mut b = 1;
                    while self.head[b] == NONE {
                        b += 1;
                    }
                    let c = self.head[b];
                    let m = self.cand[c as usize];
                    self.frames.push(Frame {
                        cell: c,
                        untried: m & (m - 1),
                    });
                    self.place(c, m.trailing_zeros() as u8 + 1);
                    ok = self.consistent_after(c);
                    continue 'descend;
                }
            }
            // Backtrack to the deepest frame with an untried digit.
            while let Some(&Frame { cell: c, untried }) = self.frames.last() {
                self.unplace(c);
                if untried != 0 {
                    let depth = self.frames.len() - 1;
                    self.frames[depth].untried = untried & (untried - 1);
                    self.place(c, untried.trailing_zeros() as u8 + 1);
                    ok = self.consistent_after(c);
                    continue 'descend;
                }
                self.frames.pop();
            }
            return found;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_know_the_classic_combinations() {
        let t = tables();
        // 3 in two cells: {1,2} only; 17 in two cells: {8,9} only.
        assert_eq!(t.allowed[table_index(2, 0, 3)], 0b11);
        assert_eq!(t.must[table_index(2, 0, 3)], 0b11);
        assert_eq!(t.allowed[table_index(2, 0, 17)], 0b1_1000_0000);
        // 10 in two cells: {1,9},{2,8},{3,7},{4,6}: no 5, nothing forced.
        assert_eq!(t.allowed[table_index(2, 0, 10)], 0b1_1110_1111);
        assert_eq!(t.must[table_index(2, 0, 10)], 0);
        // With 1 already used, 9 more in one cell: only 9.
        assert_eq!(t.allowed[table_index(1, 0b1, 9)], 1 << 8);
        // 45 in nine cells; 46 nowhere.
        assert_eq!(t.allowed[table_index(9, 0, 45)], 0x1FF);
        assert_eq!(t.allowed[table_index(2, 0, 2)], 0);
        // 1 in one cell with 1 used: impossible.
        assert_eq!(t.allowed[table_index(1, 0b1, 1)], 0);
    }
}
