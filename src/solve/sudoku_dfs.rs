//! Sudoku (box size b = 2..=5) by depth-first search over bitmask candidates, with
//! naked- and hidden-single propagation before every branch. The fast reference solver.
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
//! 3. Branch on the most constrained open cell (fewest candidates, ties → lowest
//!    index), trying its digits in increasing order. The whole state is copied onto a
//!    stack preallocated to one frame per cell, so backtracking is a copy and the
//!    search loop never allocates.

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
}

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

/// The generic solver core for side `S` over bit sets `B`.
#[derive(Debug, Clone)]
struct Core<B, const S: usize> {
    box_size: usize,
    all: B,
    peers: Vec<B>,
    units: Vec<B>,
    stack: Vec<Frame<B, S>>,
    state: State<B, S>,
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
        let mut units = vec![B::ZERO; 3 * S];
        for i in 0..n {
            let (r, c) = (i / S, i % S);
            let x = (r / box_size) * box_size + c / box_size;
            units[r] = units[r].with(i);
            units[S + c] = units[S + c].with(i);
            units[2 * S + x] = units[2 * S + x].with(i);
        }
        let peers = (0..n)
            .map(|i| {
                let (r, c) = (i / S, i % S);
                let x = (r / box_size) * box_size + c / box_size;
                units[r].or(units[S + c]).or(units[2 * S + x]).without(i)
            })
            .collect();
        Core {
            box_size,
            all,
            peers,
            units,
            stack: Vec::with_capacity(n),
            state: State {
                boards: [all; S],
                solved: B::ZERO,
            },
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
        self.state = State {
            boards: [self.all; S],
            solved: B::ZERO,
        };
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                let d = v as usize - 1;
                if d >= S || !self.state.boards[d].has(i) {
                    return 0; // clashes with an earlier given
                }
                place(&mut self.state, &self.peers, d, i);
            }
        }
        self.stack.clear();
        let mut found = 0;
        // PERF: hot loop. `cd benches/peers && cargo bench -- dfs` — see the figures
        // in benches/peers/README.md (top1465 and forum_hardest_1106 vs the `sudoku`
        // crate 0.8.0, same run).
        loop {
            match propagate(&mut self.state, &self.peers, &self.units, self.all) {
                Outcome::Branch(cell, mask) => {
                    self.guesses += 1;
                    let d = mask.trailing_zeros() as usize;
                    let rest = mask & (mask - 1);
                    // `rest` is non-zero: a branch cell has at least two candidates.
                    self.stack.push(Frame {
                        state: self.state,
                        cell: cell as u32,
                        rest,
                    });
                    place(&mut self.state, &self.peers, d, cell);
                    continue;
                }
                Outcome::Solved => {
                    found += 1;
                    if found == 1 {
                        if let Some(out) = out.as_deref_mut() {
                            write_solution(&self.state, out);
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
            self.state = top.state;
            if top.rest == 0 {
                self.stack.pop();
            }
            place(&mut self.state, &self.peers, d, cell);
        }
    }
}

/// Places digit `d` (0-based) in `cell`: removes `cell` from every other digit and
/// `d` from every peer.
#[inline(always)]
fn place<B: Bits, const S: usize>(st: &mut State<B, S>, peers: &[B], d: usize, cell: usize) {
    for b in st.boards.iter_mut() {
        *b = b.without(cell);
    }
    st.boards[d] = st.boards[d].andnot(peers[cell]).with(cell);
    st.solved = st.solved.with(cell);
}

/// Singles propagation to a fixpoint, then the branch choice.
#[inline(always)]
fn propagate<B: Bits, const S: usize>(
    st: &mut State<B, S>,
    peers: &[B],
    units: &[B],
    all: B,
) -> Outcome {
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
                place(st, peers, d, cell);
            }
            continue;
        }
        if st.solved == all {
            return Outcome::Solved;
        }
        // Hidden singles (and digits with no place left in a unit).
        let mut progress = false;
        for d in 0..S {
            if st.boards[d].andnot(st.solved).is_zero() {
                continue; // digit placed everywhere
            }
            for &u in units {
                let m = st.boards[d].and(u);
                if m.at_most_one() {
                    if m.is_zero() {
                        return Outcome::Contradiction;
                    }
                    if !m.andnot(st.solved).is_zero() {
                        place(st, peers, d, m.lowest());
                        progress = true;
                    }
                }
            }
        }
        if progress {
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

/// One core per supported box size.
#[derive(Debug, Clone)]
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
