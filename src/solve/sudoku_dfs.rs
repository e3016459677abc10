//! Sudoku (box size b = 2..=5) by depth-first search over bitmask candidates, with
//! naked- and hidden-single propagation (and, for 9×9, band reasoning) before every
//! branch. The fast reference solver.
//!
//! Owns the DFS algorithm only; it shares no code with the DLX solver, so the two
//! check each other in the tests.
//!
//! # Representation
//!
//! Digit-major bitboards: for each digit `d` one bit set over all `N = S²` cells
//! (`S = b²`), bit `i` set when `d` is still possible in cell `i` (row-major). A placed
//! cell keeps exactly its own digit's bit. So a row, column or box `U` is, for digit
//! `d`, just `board[d] & U`: the per-unit candidate bitmasks are one AND away, and a
//! whole constraint check is a handful of word operations.
//!
//! ```text
//!  board[d]  (b = 3: one u128)   bit 0 = r1c1 … bit 8 = r1c9, bit 9 = r2c1 … bit 80 = r9c9
//!  solved                        cells already placed
//!  unit[u]   (3·S masks)         rows 0..S, columns S..2S, boxes 2S..3S
//!  peers[i]                      row ∪ column ∪ box of cell i, minus i
//! ```
//!
//! The bit set type is chosen per box size at compile time: `u32` (16 cells), `u128`
//! (81 cells), `[u64; 4]` (256) and `[u64; 10]` (625 cells); the search is generic.
//!
//! # Search
//!
//! 1. Place the givens (a given whose digit is no longer possible there clashes: no
//!    solution).
//! 2. Propagate to a fixpoint: count candidates per cell bit-sliced over the digits
//!    (at least 1 / 2 / 3); a cell with none is a contradiction; cells with exactly one
//!    are naked singles, placed at once. Then each digit's board is ANDed with each
//!    unit: an empty unit is a contradiction, a single unplaced bit is a hidden single.
//!    Only (digit, unit) pairs whose candidates changed since their last check are
//!    looked at (a per-digit dirty-unit mask), and never a unit where the digit is
//!    already placed.
//! 3. 9×9 only, when singles are exhausted: band reasoning per digit (locked
//!    candidates and more). In a band of three boxes a digit uses one (row, box)
//!    segment per row and per box — a permutation — so a segment that no permutation
//!    of non-empty segments uses is emptied; the same for stacks. Two compile-time
//!    tables ([`BAND_ALLOWED`], 512 entries) make it a few lookups per band. If it
//!    removed anything, back to 2.
//! 4. Branch on the most constrained open cell (fewest candidates, ties → lowest
//!    index), trying its digits in increasing order. The whole state is copied onto a
//!    stack preallocated to one frame per cell, so backtracking is a copy and the
//!    search loop never allocates.
//!
//! No code comes from the `sudoku` crate (JCZSolve port, AGPL); band reasoning is the
//! textbook Sudoku technique, implemented here from its definition.

use crate::model::{Sudoku, SudokuError};

/// A fixed-width bit set over the cells of a grid.
trait Bits: Copy + Eq + std::fmt::Debug {
    const ZERO: Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn andnot(self, o: Self) -> Self;
    fn is_zero(self) -> bool;
    /// True when at most one bit is set.
    fn at_most_one(self) -> bool;
    /// Index of the lowest set bit; `self` must be non-zero.
    fn lowest(self) -> usize;
    /// `self` without its lowest set bit.
    fn clear_lowest(self) -> Self;
    fn with(self, i: usize) -> Self;
    fn without(self, i: usize) -> Self;
    fn has(self, i: usize) -> bool;
    /// Specialised 9×9 band reasoning on one digit's board (see [`BAND_ALLOWED`]);
    /// `None` when not specialised.
    #[inline(always)]
    fn locked9(self) -> Option<Self> {
        None
    }
}

/// Band reasoning for 9×9 (locked candidates, and more). In a band (three rows of
/// boxes) a digit sits once in each row and once in each box, so the (row, box)
/// "segments" it uses form a permutation. Index: the set of non-empty segments of a
/// band (bit `3·row + box`); value: the segments used by at least one permutation
/// whose three segments are all non-empty. Computed at compile time.
const BAND_ALLOWED: [u16; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            let q = PERMS[p];
            let segs = 1 << q[0] | 1 << (3 + q[1]) | 1 << (6 + q[2]);
            if m & segs == segs {
                t[m] |= segs as u16;
            }
            p += 1;
        }
        m += 1;
    }
    t
};

/// A 9-bit row → the boxes (bit 0..3) where it has a candidate.
const ROW_BOXES: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut j = 0;
        while j < 3 {
            if m >> (3 * j) & 7 != 0 {
                t[m] |= 1 << j;
            }
            j += 1;
        }
        m += 1;
    }
    t
};

/// A set of boxes (bit 0..3) → the 9-bit row mask of their columns.
const BOX_COLUMNS: [u32; 8] = [0o000, 0o007, 0o070, 0o077, 0o700, 0o707, 0o770, 0o777];

impl Bits for u32 {
    const ZERO: Self = 0;
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        self & o
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        self | o
    }
    #[inline(always)]
    fn andnot(self, o: Self) -> Self {
        self & !o
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn at_most_one(self) -> bool {
        self & self.wrapping_sub(1) == 0
    }
    #[inline(always)]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn clear_lowest(self) -> Self {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn with(self, i: usize) -> Self {
        self | (1 << i)
    }
    #[inline(always)]
    fn without(self, i: usize) -> Self {
        self & !(1 << i)
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self >> i & 1 != 0
    }
}

impl Bits for u128 {
    const ZERO: Self = 0;
    #[inline(always)]
    fn locked9(self) -> Option<Self> {
        let mut rows: [u32; 9] = std::array::from_fn(|r| (self >> (9 * r)) as u32 & 0x1FF);
        // Bands: segments (row, box) of rows 3k..3k+3.
        for k in 0..3 {
            let (r0, r1, r2) = (rows[3 * k], rows[3 * k + 1], rows[3 * k + 2]);
            let segs = ROW_BOXES[r0 as usize] as usize
                | (ROW_BOXES[r1 as usize] as usize) << 3
                | (ROW_BOXES[r2 as usize] as usize) << 6;
            let a = BAND_ALLOWED[segs] as usize;
            rows[3 * k] &= BOX_COLUMNS[a & 7];
            rows[3 * k + 1] &= BOX_COLUMNS[(a >> 3) & 7];
            rows[3 * k + 2] &= BOX_COLUMNS[a >> 6];
        }
        // Stacks: segments (column, box row), read off the rows folded per band.
        // Indexed transposed (bit 3·band + column): the permutation sets are closed
        // under transposition, so the same table applies.
        let fold: [u32; 3] =
            std::array::from_fn(|i| rows[3 * i] | rows[3 * i + 1] | rows[3 * i + 2]);
        let mut allow = [0u32; 3];
        for k in 0..3 {
            let segs = (fold[0] >> (3 * k) & 7)
                | (fold[1] >> (3 * k) & 7) << 3
                | (fold[2] >> (3 * k) & 7) << 6;
            let a = u32::from(BAND_ALLOWED[segs as usize]);
            for (i, al) in allow.iter_mut().enumerate() {
                *al |= (a >> (3 * i) & 7) << (3 * k);
            }
        }
        let mut res = 0u128;
        for (r, &row) in rows.iter().enumerate() {
            res |= u128::from(row & allow[r / 3]) << (9 * r);
        }
        Some(res)
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        self & o
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        self | o
    }
    #[inline(always)]
    fn andnot(self, o: Self) -> Self {
        self & !o
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn at_most_one(self) -> bool {
        self & self.wrapping_sub(1) == 0
    }
    #[inline(always)]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn clear_lowest(self) -> Self {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn with(self, i: usize) -> Self {
        self | (1 << i)
    }
    #[inline(always)]
    fn without(self, i: usize) -> Self {
        self & !(1 << i)
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self >> i & 1 != 0
    }
}

/// `N` 64-bit words, for the 16×16 and 25×25 grids.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Wide<const N: usize>([u64; N]);

impl<const N: usize> Bits for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
    #[inline(always)]
    fn andnot(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline(always)]
    fn at_most_one(self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return false;
                }
                seen = true;
            }
        }
        true
    }
    #[inline(always)]
    fn lowest(self) -> usize {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        N * 64
    }
    #[inline(always)]
    fn clear_lowest(mut self) -> Self {
        for w in &mut self.0 {
            if *w != 0 {
                *w &= *w - 1;
                break;
            }
        }
        self
    }
    #[inline(always)]
    fn with(mut self, i: usize) -> Self {
        self.0[i / 64] |= 1 << (i % 64);
        self
    }
    #[inline(always)]
    fn without(mut self, i: usize) -> Self {
        self.0[i / 64] &= !(1 << (i % 64));
        self
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
}

/// The search state: one board per digit plus the placed cells.
#[derive(Clone, Copy, Debug)]
struct State<B, const S: usize> {
    boards: [B; S],
    solved: B,
    /// Per digit, the units where it is placed (bit `u`): never checked again.
    placed: [u128; S],
}

/// A saved state and the digits of its branch cell still to try.
#[derive(Clone, Copy, Debug)]
struct Frame<B, const S: usize> {
    state: State<B, S>,
    cell: u32,
    /// Bit `d` set: digit `d` (0-based) still to try in `cell`.
    rest: u32,
}

/// What propagation ended with.
enum Outcome {
    Contradiction,
    Solved,
    /// Branch on this cell; bit `d` of the mask = digit `d` (0-based) possible.
    Branch(usize, u32),
}

/// Per-size constant masks.
#[derive(Debug, Clone)]
struct Tables<B> {
    all: B,
    peers: Vec<B>,
    units: Vec<B>,
    /// Bit `u` set when unit `u` holds the cell (3·S ≤ 75 units fit a u128).
    cell_units: Vec<u128>,
    all_units: u128,
}

/// Units whose candidates changed since they were last checked for hidden singles,
/// per digit. Not part of [`State`]: a saved state is always at a fixpoint (clean).
type Dirty<const S: usize> = [u128; S];

/// The generic solver core for side `S` over bit sets `B`.
#[derive(Debug, Clone)]
struct Core<B, const S: usize> {
    box_size: usize,
    t: Tables<B>,
    stack: Vec<Frame<B, S>>,
    state: State<B, S>,
    dirty: Dirty<S>,
    guesses: u64,
}

impl<B: Bits, const S: usize> Core<B, S> {
    fn new(box_size: usize) -> Self {
        debug_assert_eq!(box_size * box_size, S);
        let n = S * S;
        let mut all = B::ZERO;
        for i in 0..n {
            all = all.with(i);
        }
        let unit_ids = |i: usize| {
            let (r, c) = (i / S, i % S);
            (r, S + c, 2 * S + (r / box_size) * box_size + c / box_size)
        };
        let mut units = vec![B::ZERO; 3 * S];
        for i in 0..n {
            let (a, b, c) = unit_ids(i);
            for u in [a, b, c] {
                units[u] = units[u].with(i);
            }
        }
        let peers = (0..n)
            .map(|i| {
                let (a, b, c) = unit_ids(i);
                units[a].or(units[b]).or(units[c]).without(i)
            })
            .collect();
        let cell_units = (0..n)
            .map(|i| {
                let (a, b, c) = unit_ids(i);
                1u128 << a | 1u128 << b | 1u128 << c
            })
            .collect();
        Core {
            box_size,
            t: Tables {
                all,
                peers,
                units,
                cell_units,
                all_units: (1u128 << (3 * S)) - 1,
            },
            stack: Vec::with_capacity(n),
            state: State {
                boards: [all; S],
                solved: B::ZERO,
                placed: [0; S],
            },
            dirty: [0; S],
            guesses: 0,
        }
    }

    /// Searches `cells` (row-major, 0 = empty). Writes the first solution into `out`
    /// (when given) and returns the number of solutions found, at most `limit`.
    fn run(&mut self, cells: &[u8], limit: usize, mut out: Option<&mut [u8]>) -> usize {
        self.guesses = 0;
        if limit == 0 || cells.len() != S * S {
            return 0;
        }
        let t = &self.t;
        let st = &mut self.state;
        let dirty = &mut self.dirty;
        *st = State {
            boards: [t.all; S],
            solved: B::ZERO,
            placed: [0; S],
        };
        *dirty = [t.all_units; S];
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                let d = v as usize - 1;
                if d >= S || !st.boards[d].has(i) {
                    return 0; // clashes with an earlier given
                }
                place(st, dirty, t, d, i);
            }
        }
        self.stack.clear();
        let mut found = 0;
        // PERF: hot loop. `cd benches/peers && cargo bench` (one run, 2026-11-22, shared
        // 2-core box under load): first solution, puzzles/s, ours vs `sudoku` 0.8.0:
        // top1465 34,537 vs 80,292 (0.43×), forum_hardest_1106 3,338 vs 10,233 (0.33×).
        // Deterministic (`benches/peers/icount.sh FILE`): 140,856 vs 45,898
        // instructions per puzzle on top1465. Band reasoning cut guesses per top1465
        // puzzle from 27.3 to 11.7; dirty-unit masks cut hidden-single checks ~4×.
        loop {
            match propagate(st, dirty, t) {
                Outcome::Branch(cell, mask) => {
                    self.guesses += 1;
                    let d = mask.trailing_zeros() as usize;
                    let rest = mask & (mask - 1);
                    // `rest` is non-zero: a branch cell has at least two candidates.
                    self.stack.push(Frame {
                        state: *st,
                        cell: cell as u32,
                        rest,
                    });
                    place(st, dirty, t, d, cell);
                    continue;
                }
                Outcome::Solved => {
                    found += 1;
                    if found == 1 {
                        if let Some(out) = out.as_deref_mut() {
                            write_solution(st, out);
                        }
                    }
                    if found >= limit {
                        return found;
                    }
                }
                Outcome::Contradiction => {}
            }
            // Backtrack: next digit of the innermost open branch.
            let Some(top) = self.stack.last_mut() else {
                return found;
            };
            let d = top.rest.trailing_zeros() as usize;
            top.rest &= top.rest - 1;
            let cell = top.cell as usize;
            *st = top.state;
            if top.rest == 0 {
                self.stack.pop();
            }
            *dirty = [0; S];
            place(st, dirty, t, d, cell);
        }
    }
}

/// Places digit `d` (0-based) in `cell`: removes `cell` from every other digit and
/// `d` from every peer, and marks the units that changed.
#[inline(always)]
fn place<B: Bits, const S: usize>(
    st: &mut State<B, S>,
    dirty: &mut Dirty<S>,
    t: &Tables<B>,
    d: usize,
    cell: usize,
) {
    let cu = t.cell_units[cell];
    for (b, du) in st.boards.iter_mut().zip(dirty.iter_mut()) {
        if b.has(cell) {
            *b = b.without(cell);
            *du |= cu; // only digits that lose the cell change
        }
    }
    st.boards[d] = st.boards[d].andnot(t.peers[cell]).with(cell);
    st.placed[d] |= cu;
    dirty[d] = t.all_units;
    st.solved = st.solved.with(cell);
}

/// Singles propagation to a fixpoint, then the branch choice.
#[inline(always)]
fn propagate<B: Bits, const S: usize>(
    st: &mut State<B, S>,
    dirty: &mut Dirty<S>,
    t: &Tables<B>,
) -> Outcome {
    let all = t.all;
    loop {
        // Bit-sliced candidate counts per cell: at least one / two / three digits.
        let (mut c1, mut c2, mut c3) = (B::ZERO, B::ZERO, B::ZERO);
        for &b in st.boards.iter() {
            c3 = c3.or(c2.and(b));
            c2 = c2.or(c1.and(b));
            c1 = c1.or(b);
        }
        if !all.andnot(c1).is_zero() {
            return Outcome::Contradiction;
        }
        // Naked singles.
        let mut singles = c1.andnot(c2).andnot(st.solved);
        if !singles.is_zero() {
            while !singles.is_zero() {
                let cell = singles.lowest();
                singles = singles.clear_lowest();
                let Some(d) = st.boards.iter().position(|b| b.has(cell)) else {
                    return Outcome::Contradiction; // its digit went to a peer
                };
                place(st, dirty, t, d, cell);
            }
            continue;
        }
        if st.solved == all {
            return Outcome::Solved;
        }
        // Hidden singles (and digits with no place left in a unit), only in the units
        // that changed since they were last checked.
        let mut progress = false;
        for d in 0..S {
            let du = std::mem::take(&mut dirty[d]) & !st.placed[d];
            // PERF: the busiest loop of the DFS (figures on `Core::run`). Walking the
            // 64-bit halves separately saved 7 % of instructions on top95.
            let (mut lo, mut hi) = (du as u64, (du >> 64) as u64);
            while lo | hi != 0 {
                let u = if lo != 0 {
                    let u = lo.trailing_zeros() as usize;
                    lo &= lo - 1;
                    u
                } else {
                    let u = 64 + hi.trailing_zeros() as usize;
                    hi &= hi - 1;
                    u
                };
                let m = st.boards[d].and(t.units[u]);
                if m.at_most_one() {
                    if m.is_zero() {
                        return Outcome::Contradiction;
                    }
                    if !m.andnot(st.solved).is_zero() {
                        place(st, dirty, t, d, m.lowest());
                        progress = true;
                    }
                }
            }
        }
        if progress {
            continue;
        }
        // 9×9: band reasoning before guessing; a digit losing candidates goes back
        // through singles.
        let mut changed = false;
        for (board, du) in st.boards.iter_mut().zip(dirty.iter_mut()) {
            if let Some(b) = board.locked9() {
                if b != *board {
                    *board = b;
                    *du = t.all_units;
                    changed = true;
                }
            }
        }
        if changed {
            continue;
        }
        // Branch: most constrained open cell (exactly two candidates when any).
        let open = all.andnot(st.solved);
        let pairs = c2.andnot(c3).and(open);
        let cell = if !pairs.is_zero() {
            pairs.lowest()
        } else {
            let mut best = (u32::MAX, 0);
            let mut rest = open;
            while !rest.is_zero() {
                let cell = rest.lowest();
                rest = rest.clear_lowest();
                let k = st.boards.iter().filter(|b| b.has(cell)).count() as u32;
                if k < best.0 {
                    best = (k, cell);
                }
            }
            best.1
        };
        let mut mask = 0u32;
        for (d, b) in st.boards.iter().enumerate() {
            if b.has(cell) {
                mask |= 1 << d;
            }
        }
        return Outcome::Branch(cell, mask);
    }
}

/// Writes a solved state as digits `1..=S`.
fn write_solution<B: Bits, const S: usize>(st: &State<B, S>, out: &mut [u8]) {
    for (d, &b) in st.boards.iter().enumerate() {
        let mut rest = b;
        while !rest.is_zero() {
            let cell = rest.lowest();
            rest = rest.clear_lowest();
            if let Some(slot) = out.get_mut(cell) {
                *slot = d as u8 + 1;
            }
        }
    }
}

/// One core per supported box size. The 9×9 core stays inline (no indirection on
/// the hot size); the big ones are boxed.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)]
enum AnyCore {
    B2(Core<u32, 4>),
    B3(Core<u128, 9>),
    B4(Box<Core<Wide<4>, 16>>),
    B5(Box<Core<Wide<10>, 25>>),
}

/// A reusable DFS Sudoku solver for one box size; its search stack is allocated once
/// (one frame per cell), so solving many puzzles allocates nothing.
#[derive(Debug, Clone)]
pub struct DfsSolver {
    core: AnyCore,
    buf: Vec<u8>,
}

impl DfsSolver {
    /// A solver for box size `box_size` (2..=5).
    pub fn new(box_size: usize) -> Result<Self, SudokuError> {
        let core = match box_size {
            2 => AnyCore::B2(Core::new(2)),
            3 => AnyCore::B3(Core::new(3)),
            4 => AnyCore::B4(Box::new(Core::new(4))),
            5 => AnyCore::B5(Box::new(Core::new(5))),
            b => return Err(SudokuError::BoxSize(b)),
        };
        Ok(DfsSolver {
            core,
            buf: vec![0; box_size.pow(4)],
        })
    }

    /// Box size this solver was built for.
    pub fn box_size(&self) -> usize {
        match &self.core {
            AnyCore::B2(c) => c.box_size,
            AnyCore::B3(c) => c.box_size,
            AnyCore::B4(c) => c.box_size,
            AnyCore::B5(c) => c.box_size,
        }
    }

    /// Branches taken by the last search (0 when propagation alone solved it).
    pub fn last_guesses(&self) -> u64 {
        match &self.core {
            AnyCore::B2(c) => c.guesses,
            AnyCore::B3(c) => c.guesses,
            AnyCore::B4(c) => c.guesses,
            AnyCore::B5(c) => c.guesses,
        }
    }

    fn ensure(&mut self, box_size: usize) -> bool {
        if self.box_size() != box_size {
            match DfsSolver::new(box_size) {
                Ok(s) => *self = s,
                Err(_) => return false,
            }
        }
        true
    }

    fn run(&mut self, cells: &[u8], limit: usize, out: Option<&mut [u8]>) -> usize {
        match &mut self.core {
            AnyCore::B2(c) => c.run(cells, limit, out),
            AnyCore::B3(c) => c.run(cells, limit, out),
            AnyCore::B4(c) => c.run(cells, limit, out),
            AnyCore::B5(c) => c.run(cells, limit, out),
        }
    }

    /// Solves `puzzle` into `out` (overwritten with the first solution found; left
    /// untouched when there is none). Returns whether a solution exists. A puzzle of
    /// another box size rebuilds the solver for it.
    pub fn solve_into(&mut self, puzzle: &Sudoku, out: &mut Sudoku) -> bool {
        let mut buf = std::mem::take(&mut self.buf);
        buf.resize(puzzle.len(), 0);
        let found = self.solve_cells(puzzle, &mut buf);
        if found {
            if out.box_size() != puzzle.box_size() {
                *out = puzzle.clone();
            }
            let side = puzzle.side();
            for (i, &v) in buf.iter().enumerate() {
                out.set(i / side, i % side, v);
            }
        }
        self.buf = buf;
        found
    }

    /// Solves `puzzle` into a row-major cell buffer (`out.len()` must be the number
    /// of cells; otherwise nothing is written and the result is `false`).
    pub fn solve_cells(&mut self, puzzle: &Sudoku, out: &mut [u8]) -> bool {
        if out.len() != puzzle.len() || !self.ensure(puzzle.box_size()) {
            return false;
        }
        self.run(puzzle.cells(), 1, Some(out)) == 1
    }

    /// Number of solutions of `puzzle`, counting stops at `limit`.
    pub fn count(&mut self, puzzle: &Sudoku, limit: usize) -> usize {
        if !self.ensure(puzzle.box_size()) {
            return 0;
        }
        self.run(puzzle.cells(), limit, None)
    }
}

/// The first solution of `puzzle` found by DFS, or `None` if it has none.
pub fn solve(puzzle: &Sudoku) -> Option<Sudoku> {
    let mut solver = DfsSolver::new(puzzle.box_size()).ok()?;
    let mut out = puzzle.clone();
    solver.solve_into(puzzle, &mut out).then_some(out)
}

/// Number of solutions of `puzzle`, capped at `limit` (`min(#solutions, limit)`).
pub fn count(puzzle: &Sudoku, limit: usize) -> usize {
    match DfsSolver::new(puzzle.box_size()) {
        Ok(mut solver) => solver.count(puzzle, limit),
        Err(_) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_bits() {
        let w = Wide::<2>::ZERO.with(3).with(70);
        assert!(w.has(70) && w.has(3) && !w.has(4));
        assert_eq!(w.lowest(), 3);
        assert_eq!(w.clear_lowest().lowest(), 70);
        assert!(!w.at_most_one());
        assert!(w.clear_lowest().at_most_one());
        assert!(w.without(70).at_most_one() && !w.without(70).is_zero());
    }
}
