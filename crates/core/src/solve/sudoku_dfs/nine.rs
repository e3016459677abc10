//! The 9×9 core: per-digit bitboards split into three 27-bit bands, band and stack
//! reasoning by table lookup, naked singles by bit-sliced counting, branching on
//! bi-value cells first. The design is described in the [module docs](super).
//!
//! # Why one file
//!
//! Over 600 lines of production code, kept together on purpose (a file this long
//! states its reason). To the machine it is one function: [`Nine::run`] is
//! `#[inline(never)]`, and its helpers (fourteen definitions, the x86-64 and portable
//! forms counted apart) are `#[inline(always)]` into it, with no other caller; only
//! `new` and `write_solution` (once per solution) stand outside the loop. The fixpoint
//! of `propagate`, the band and stack reasoning it calls and the SSE2 clears and
//! counts they use are one loop body, tuned together: their PERF notes weigh one form
//! against another by instruction counts of that body (gated by `benches/instructions`,
//! limit `dfs`), and each SSE2 function has its portable form right below it, to be
//! changed with it. What stands apart from the loop has been moved out already: the
//! lookup tables to `band_tables`, the other box sizes to `generic` (over the cell
//! sets of `bits`). Splitting the rest would cut one loop body across files, not
//! separate responsibilities (`#[inline(always)]` would keep the machine code the
//! same; the cost would be the reader's).

use super::band_tables::{
    segments, stack_pairs, BAND, BAND_KEEP, BOX, LOCKED, ONE_COLUMN, POP9, ROW_PEERS, STACK_KEEP,
};
use super::Outcome;

/// The search state.
#[derive(Clone, Copy, Debug)]
struct Grid {
    /// `cand[b][d]`: digit `d`'s band `b` (bit `9·r + c` = row `3·b + r`, column
    /// `c`); a placed cell keeps exactly its own digit's bit.
    cand: [[u32; 9]; 3],
    /// Per band, the cells not placed yet.
    open: [u32; 3],
    /// `now[b][d]`: the columns (9 bits) of `cand[b][d]` as band reasoning last left
    /// it: the current ones whenever no band is dirty.
    now: [[u16; 9]; 3],
}

impl Grid {
    const FRESH: Grid = Grid {
        cand: [[BAND; 9]; 3],
        open: [BAND; 3],
        now: [[0x1FF; 9]; 3],
    };
}

/// What is left to do: digit bands changed since their last band reasoning (bit
/// `16·b + d`, see [`bit`]) and digits whose columns changed since their last stack
/// reasoning (bit `d`). Both are empty whenever a grid is saved (it is at a fixpoint).
#[derive(Clone, Copy, Debug, Default)]
struct Dirty {
    bands: u64,
    stacks: u32,
}

/// An open branch: its cell and the digits still to try there.
#[derive(Clone, Copy, Debug)]
struct Choice {
    band: u8,
    pos: u8,
    /// Bit `d` set: digit `d` (0-based) still to try.
    rest: u16,
}

/// Grids kept: one per open branch and the working one (a branch decides a cell, so
/// at most 81 branches are open).
const LEVELS: usize = 82;

/// The 9×9 solver core.
#[derive(Debug, Clone)]
pub(super) struct Nine {
    /// `grids[k]`, `k < choices.len()`: the grid as it was when branch `k` was
    /// taken; `grids[choices.len()]`: the working grid.
    grids: Vec<Grid>,
    choices: Vec<Choice>,
    pub(super) guesses: u64,
}

impl Nine {
    pub(super) fn new() -> Self {
        Nine {
            grids: vec![Grid::FRESH; LEVELS],
            choices: Vec::with_capacity(LEVELS - 1),
            guesses: 0,
        }
    }

    /// Searches `cells` (81, row-major, 0 = empty). Writes the first solution into
    /// `out` (when given) and returns the number of solutions found, at most `limit`.
    // PERF: not inlined into `DfsSolver::run` (with the three generic cores):
    // same-run ratio to the port, best of 9 interleaved, 1.065 → 1.08 on
    // forum_hardest, 1.38 → 1.39 on top1465.
    #[inline(never)]
    pub(super) fn run(&mut self, cells: &[u8], limit: usize, mut out: Option<&mut [u8]>) -> usize {
        self.guesses = 0;
        if limit == 0 || cells.len() != 81 {
            return 0;
        }
        self.choices.clear();
        let mut depth = 0; // = self.choices.len()
        let g = &mut self.grids[0];
        *g = Grid::FRESH;
        let mut dirty = Dirty::default();
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                let (b, d, p) = (i / 27, usize::from(v) - 1, i % 27);
                if d >= 9 || !fix(g, &mut dirty, b, d, p) {
                    return 0; // clashes with an earlier given
                }
            }
        }
        let mut found = 0;
        // PERF: same-run `cd benches/peers && cargo bench` figures are in
        // benches/peers/README.md. Why the DFS was slower than the `sudoku` port
        // (JCZSolve) on forum_hardest_1106 with fewer instructions (measured
        // 2026-11-23): latency, not work. Each dirty band's address waited for the
        // placements of the band before (rounds, in `propagate`), the placement
        // branch resolved only after three dependent lookups (`multi_segments`), a
        // branch on stack changes was often mispredicted, and a scalar store just
        // before 16-byte loads of the same words was not forwarded; stack reasoning
        // after every band round then cut the time further. Wall clock, ratio to the
        // port in one process, best of 9 interleaved runs: forum_hardest 0.90 → 1.16,
        // top1465 1.12 → 1.44 (criterion, two runs: 1.14× / 1.16× and 1.44× / 1.40×),
        // with about 10 % more instructions (forum_hardest 265,968 → 291,269 per
        // puzzle against the port's 275,963; top1465 37,505 → 40,212 against 45,898).
        loop {
            match propagate(&mut self.grids[depth], &mut dirty) {
                Outcome::Branch(cell, mask) => {
                    self.guesses += 1;
                    let d = mask.trailing_zeros() as usize;
                    // A branch cell has at least two candidates: `rest` is non-zero.
                    self.choices.push(Choice {
                        band: (cell / 27) as u8,
                        pos: (cell % 27) as u8,
                        rest: (mask & (mask - 1)) as u16,
                    });
                    // The grid stays at this level; the next one works on a copy.
                    let (saved, next) = self.grids.split_at_mut(depth + 1);
                    next[0] = saved[depth];
                    depth += 1;
                    fix(&mut next[0], &mut dirty, cell / 27, d, cell % 27);
                    continue;
                }
                Outcome::Solved => {
                    found += 1;
                    if found == 1 {
                        if let Some(out) = out.as_deref_mut() {
                            write_solution(&self.grids[depth], out);
                        }
                    }
                    if found >= limit {
                        return found;
                    }
                }
                Outcome::Contradiction => {}
            }
            // Backtrack: next digit of the innermost open branch, on a copy of its
            // grid, or on the grid itself when it is the last digit (no copy).
            let level = self.choices.len().wrapping_sub(1);
            let Some(top) = self.choices.last_mut() else {
                return found;
            };
            let d = top.rest.trailing_zeros() as usize;
            top.rest &= top.rest - 1;
            let (b, p) = (usize::from(top.band), usize::from(top.pos));
            if top.rest == 0 {
                self.choices.pop();
                depth = level;
            } else {
                let (saved, next) = self.grids.split_at_mut(level + 1);
                next[0] = saved[level];
                depth = level + 1;
            }
            dirty = Dirty::default();
            fix(&mut self.grids[depth], &mut dirty, b, d, p);
        }
    }
}

/// Decides digit `d` for the cell at band `b`, position `p`, lazily: only the rest of
/// its row goes from `d`'s band, which leaves the row with one candidate, so band
/// reasoning places it (and clears its box, its column and the other digits). False
/// when `d` is no longer possible there.
#[inline(always)]
fn fix(g: &mut Grid, dirty: &mut Dirty, b: usize, d: usize, p: usize) -> bool {
    let x = g.cand[b][d];
    g.cand[b][d] = x & !ROW_PEERS[p];
    dirty.bands |= bit(b, d);
    x >> p & 1 != 0
}

/// The bit of digit `d`'s band `b` in [`Dirty::bands`].
#[inline(always)]
fn bit(b: usize, d: usize) -> u64 {
    1 << (16 * b + d)
}

/// The cells of every segment (three cells of a row in a box) of a band word with at
/// least two candidates.
#[inline(always)]
fn multi_segments(x: u32) -> u32 {
    let (b1, b2) = (x >> 1, x >> 2);
    (((x & b1) | (b2 & (x | b1))) & 0o111_111_111) * 7
}

/// The columns (9 bits) where a band word has a candidate.
#[inline(always)]
fn columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1FF
}

/// A 9-bit column set as a band word mask (all three rows).
#[inline(always)]
fn spread(cols: u32) -> u32 {
    (cols & 0x1FF) * 0x40201
}

/// Clears `cells` from every word of `band`; bit `e` of the result: word `e` changed.
// PERF: SSE2 by hand, eight digits in two vectors, the hit mask by `movmskps`. The
// portable form below, which LLVM vectorises but reduces the compares with shuffles,
// cost about 20 instructions more per call (icount, forum_hardest_1106: 354,693 →
// 345,783 per puzzle); the per-digit `dirty |= … << e` form before it cost 3× (top1465:
// 97 → 35 per call).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn clear_cells(band: &mut [u32; 9], cells: u32) -> u32 {
    #[cfg(debug_assertions)]
    let before = *band;
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32,
        _mm_loadu_si128, _mm_movemask_ps, _mm_set1_epi32, _mm_setzero_si128, _mm_storeu_si128,
    };
    let p = band.as_mut_ptr().cast::<__m128i>();
    // SAFETY: words 4..8 of `band` (9 words): in bounds.
    let p1 = unsafe { p.add(1) };
    // SAFETY: SSE2 is part of the x86_64 baseline. An unaligned load of words 0..4 of
    // `band`, exclusively borrowed here.
    let lo = unsafe { _mm_loadu_si128(p) };
    // SAFETY: as above, words 4..8.
    let hi = unsafe { _mm_loadu_si128(p1) };
    // SAFETY: SSE2 is part of the x86_64 baseline; no memory access. Every SSE2
    // intrinsic is an `unsafe` call (a `#[target_feature]` function), though none of
    // these touches memory: a block per intrinsic would bury the arithmetic.
    #[allow(clippy::multiple_unsafe_ops_per_block)]
    let (hit, lo, hi) = unsafe {
        let c = _mm_set1_epi32(cells as i32);
        let zero = _mm_setzero_si128();
        let none_lo = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
            _mm_and_si128(lo, c),
            zero,
        )));
        let none_hi = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
            _mm_and_si128(hi, c),
            zero,
        )));
        (
            !(none_lo | none_hi << 4) as u32 & 0xFF,
            _mm_andnot_si128(c, lo),
            _mm_andnot_si128(c, hi),
        )
    };
    // SAFETY: an unaligned store to words 0..4 of `band`, exclusively borrowed here.
    unsafe { _mm_storeu_si128(p, lo) };
    // SAFETY: as above, words 4..8.
    unsafe { _mm_storeu_si128(p1, hi) };
    let x = band[8];
    band[8] = x & !cells;
    let hit = hit | u32::from(x & cells != 0) << 8;
    #[cfg(debug_assertions)]
    {
        let mut expected = before;
        let expected_hit = clear_cells_portable(&mut expected, cells);
        debug_assert_eq!((hit, *band), (expected_hit, expected));
    }
    hit
}

// Other targets call the portable form directly (an alias, not a wrapper: nothing
// here that only other targets compile).
#[cfg(not(target_arch = "x86_64"))]
use self::clear_cells_portable as clear_cells;

/// Portable form of the x86_64 [`clear_cells`]: other targets use it, and debug builds
/// check the SSE2 one against it (so the suite tests it here too).
#[cfg_attr(all(target_arch = "x86_64", not(debug_assertions)), allow(dead_code))]
#[inline(always)]
fn clear_cells_portable(band: &mut [u32; 9], cells: u32) -> u32 {
    let mut hit = 0u32;
    for (e, x) in band.iter_mut().enumerate() {
        hit |= u32::from(*x & cells != 0) << e;
        *x &= !cells;
    }
    hit
}

/// The cells of a band with at least one, at least two and at least three
/// candidates (bit-sliced counting over the nine digits' words).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn counts3(band: &[u32; 9]) -> (u32, u32, u32) {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_or_si128, _mm_shuffle_epi32,
    };
    let p = band.as_ptr().cast::<__m128i>();
    // SAFETY: words 4..8 of `band` (9 words): in bounds.
    let p1 = unsafe { p.add(1) };
    // SAFETY: SSE2 is part of the x86_64 baseline. An unaligned load of words 0..4 of
    // `band`.
    let lo = unsafe { _mm_loadu_si128(p) };
    // SAFETY: as above, words 4..8.
    let hi = unsafe { _mm_loadu_si128(p1) };
    // SAFETY: SSE2 is part of the x86_64 baseline; no memory access. Every SSE2
    // intrinsic is an `unsafe` call (a `#[target_feature]` function), though none of
    // these touches memory: a block per intrinsic would bury the arithmetic.
    #[allow(clippy::multiple_unsafe_ops_per_block)]
    let (c1, c2, c3) = unsafe {
        let (c1, c2) = (_mm_or_si128(lo, hi), _mm_and_si128(lo, hi));
        // Lane i: counts of words i and i + 4 (at most two: no third slice yet).
        let (s1, s2) = (_mm_shuffle_epi32(c1, 0x4E), _mm_shuffle_epi32(c2, 0x4E));
        let c3 = _mm_or_si128(_mm_and_si128(c2, s1), _mm_and_si128(c1, s2));
        let c2 = _mm_or_si128(_mm_or_si128(c2, s2), _mm_and_si128(c1, s1));
        let c1 = _mm_or_si128(c1, s1);
        let (s1, s2, s3) = (
            _mm_shuffle_epi32(c1, 0xB1),
            _mm_shuffle_epi32(c2, 0xB1),
            _mm_shuffle_epi32(c3, 0xB1),
        );
        let c3 = _mm_or_si128(
            _mm_or_si128(c3, s3),
            _mm_or_si128(_mm_and_si128(c2, s1), _mm_and_si128(c1, s2)),
        );
        let c2 = _mm_or_si128(_mm_or_si128(c2, s2), _mm_and_si128(c1, s1));
        let c1 = _mm_or_si128(c1, s1);
        (
            _mm_cvtsi128_si32(c1) as u32,
            _mm_cvtsi128_si32(c2) as u32,
            _mm_cvtsi128_si32(c3) as u32,
        )
    };
    let x = band[8];
    let (c1, c2, c3) = (c1 | x, c2 | (c1 & x), c3 | (c2 & x));
    debug_assert_eq!((c1, c2, c3), counts3_portable(band));
    (c1, c2, c3)
}

// Other targets: the portable form (see `clear_cells`).
#[cfg(not(target_arch = "x86_64"))]
use self::counts3_portable as counts3;

/// Portable form of the x86_64 [`counts3`]: other targets use it, and debug builds check
/// the SSE2 one against it.
#[cfg_attr(all(target_arch = "x86_64", not(debug_assertions)), allow(dead_code))]
#[inline(always)]
fn counts3_portable(band: &[u32; 9]) -> (u32, u32, u32) {
    let (mut c1, mut c2, mut c3) = (0u32, 0u32, 0u32);
    for &x in band {
        c3 |= c2 & x;
        c2 |= c1 & x;
        c1 |= x;
    }
    (c1, c2, c3)
}

/// Band reasoning on digit `d`'s band `b`, and the placements it finds. False on a
/// contradiction.
#[inline(always)]
fn update_band(g: &mut Grid, dirty: &mut Dirty, b: usize, d: usize) -> bool {
    let x = g.cand[b][d];
    let i = segments(x);
    let a = x & BAND_KEEP[i];
    if a == 0 {
        return false;
    }
    // Stack reasoning only when the band's columns changed.
    let cols = columns(a);
    let now = cols as u16;
    dirty.stacks |= u32::from(now != g.now[b][d]) << d;
    g.now[b][d] = now;
    // Rows left with one candidate in an open cell: placements (hidden singles in
    // rows, in boxes via the permutation, and decided cells). A row locked in one
    // box has one cell when that box has one column.
    // A locked row's segment keeps all its cells (`a` and `x` agree there) and is
    // alone in its box, so the box has one column exactly when the segment has one
    // cell: `multi_segments` of `x` gives that without waiting for `a` and its
    // columns.
    // PERF: the two lookups instead of counting each row's bits (`single_rows`, now
    // the tests' oracle): icount per puzzle top1465 40,837 → 38,180, forum_hardest
    // 287,959 → 270,474. Then `multi_segments(x)` instead of `ONE_COLUMN[cols]`:
    // about 10 more instructions per call (icount 267,454 → 294,742 forum_hardest,
    // 36,527 → 40,345 top1465) but the `new != 0` branch, hard to predict, resolves
    // one table lookup and the columns sooner: same-run wall clock, ratio to the
    // `sudoku` port (best of 7 interleaved), forum_hardest 0.96 → 1.02, top1465
    // 1.26 → 1.32.
    let new = x & LOCKED[i] & !multi_segments(x) & g.open[b];
    debug_assert_eq!(new, a & LOCKED[i] & ONE_COLUMN[cols as usize] & g.open[b]);
    if new != 0 {
        g.open[b] &= !new;
        // The other digits lose the placed cells (`d` gets them back).
        let hit = clear_cells(&mut g.cand[b], new);
        dirty.bands |= u64::from(hit & !(1 << d)) << (16 * b);
    }
    // Stored after `clear_cells` (which sees the old word `x` there, and whose word
    // `d` this replaces): a 4-byte store just before its 16-byte loads of the same
    // words cannot be forwarded, and the loads wait for it to reach the cache.
    // PERF: same-run ratio to the port, best of 9 interleaved, 1.04 → 1.06 on
    // forum_hardest, 1.34 → 1.36 on top1465.
    g.cand[b][d] = a;
    true
}

/// Stack reasoning on digit `d` ([`STACK_KEEP`] on each of the three stacks, over
/// the column word made of [`Grid::now`]): the bands lose the columns no permutation
/// allows. False on a contradiction. A band still dirty may have fewer columns than
/// [`Grid::now`] says; reasoning on more columns than there are is sound (it keeps
/// whatever a permutation of the actual ones keeps).
#[inline(always)]
fn update_stacks(g: &mut Grid, dirty: &mut Dirty, d: usize) -> bool {
    let w = u32::from(g.now[0][d]) | u32::from(g.now[1][d]) << 9 | u32::from(g.now[2][d]) << 18;
    #[cfg(debug_assertions)]
    for b in 0..3 {
        let (have, kept) = (columns(g.cand[b][d]), u32::from(g.now[b][d]));
        debug_assert_eq!(have & !kept, 0, "band {b} digit {d}");
        debug_assert!(
            have == kept || dirty.bands & bit(b, d) != 0,
            "band {b} digit {d}"
        );
    }
    // All three stacks, without branches (the lookups are cheaper than mispredicted
    // tests of which stacks changed).
    let (k0, k1, k2) = (
        STACK_KEEP[stack_pairs(w, 0)],
        STACK_KEEP[stack_pairs(w, 1)],
        STACK_KEEP[stack_pairs(w, 2)],
    );
    if (k0 == 0) | (k1 == 0) | (k2 == 0) {
        return false;
    }
    let keep = w & (k0 | k1 << 3 | k2 << 6);
    // The columns that left a band. A band not dirty had all of them (`w` is its
    // columns), so it changed exactly when its part of `gone` is non-zero; a dirty
    // one is marked again (no harm: it is dirty already).
    let gone = w ^ keep;
    // PERF: without a `gone != 0` branch (often mispredicted; with `gone` = 0 the
    // updates below change nothing): +3,000 instructions per puzzle on
    // forum_hardest, same-run ratio to the port 1.03 → 1.05 (best of 7).
    // Bit 16·b for each band with a non-zero part: the parts' top bits (carries
    // of adding 255 to the low eight bits, ORed with the top bits themselves)
    // spread from bits 8, 17, 26 to 0, 16, 32 by one multiplication (the partial
    // products land on distinct bits).
    const REST: u32 = 0o377_377_377; // bits 0..7 of each part
    let top = (((gone & REST) + REST) | gone) >> 8 & 0o001_001_001;
    let changed = u64::from(top).wrapping_mul(0x4081) & 0x1_0001_0001;
    debug_assert_eq!(
        changed,
        u64::from(gone & 0x1FF != 0)
            | u64::from(gone & 0x3FE00 != 0) << 16
            | u64::from(gone >> 18 != 0) << 32
    );
    dirty.bands |= changed << d;
    // The bands lose `gone`: their columns become `keep`'s.
    for b in 0..3 {
        g.cand[b][d] &= !spread(gone >> (9 * b));
        g.now[b][d] = (keep >> (9 * b) & 0x1FF) as u16;
    }
    true
}

/// Propagation to a fixpoint, then the branch choice.
#[inline(always)]
fn propagate(g: &mut Grid, dirty: &mut Dirty) -> Outcome {
    let mut pairs = [0u32; 3];
    // PERF: the hot loop. Order measured with `benches/peers/icount.sh` (instructions
    // per puzzle, top1465 / forum_hardest_1106): band reasoning first (highest dirty
    // bit first: −3 %), then stack reasoning (before naked singles: −1 %; skipping a
    // digit whose column word is unchanged: −8 %; knowing that from the band's
    // columns kept by band reasoning instead of recomputing them: −2 % / −4 % and a
    // sixth fewer simulated branch mispredictions (callgrind `--branch-sim=yes`);
    // all three stack lookups without testing which stacks changed: −0.4 % and
    // another quarter fewer mispredictions; highest digit first: −0.8 %; going back
    // to band reasoning as soon as a stack changed a band: +2 %), then naked singles.
    // Clearing a placed cell's column from the other bands at once, instead of
    // leaving it to stack reasoning, cost +2 %.
    // Then (2026-11-23, wall clock) stack reasoning after every round of band
    // reasoning instead of only once no band is dirty: same-run ratio to the port,
    // best of 7-9 interleaved, forum_hardest 1.08 → 1.16, top1465 1.39 → 1.45.
    loop {
        if dirty.bands != 0 {
            // PERF: in rounds over a snapshot of the dirty set, so the next band's
            // address does not wait for this band's placements (which would chain
            // every update's full latency through `dirty.bands`); cleared from the
            // live set as each is taken. Same-run wall clock on forum_hardest_1106,
            // best of 5 interleaved, ratio to the `sudoku` port: 0.90 -> 0.96;
            // instructions per puzzle 265,968 -> 267,454 there, 37,505 -> 36,527 on
            // top1465. (Always clearing the placed cells, without the `new != 0`
            // branch, made it worse: 0.77 before rounds, 0.94 with them.)
            let mut todo = dirty.bands;
            while todo != 0 {
                let i = 63 - todo.leading_zeros() as usize;
                todo &= !(1u64 << i);
                dirty.bands &= !(1u64 << i);
                let (b, d) = (i >> 4, i & 15);
                // Every bit set in `dirty.bands` is `16·b + d` with `b < 3`, `d < 9`: set by
                // `bit`, by `update_stacks` (b < 3, d < 9) and by `update_band` from the
                // 9-bit hit mask of `clear_cells`.
                debug_assert!(b < 3 && d < 9, "dirty bit {i}");
                // SAFETY: the invariant above (checked in debug builds); it lets the
                // compiler drop the bounds checks on `g.cand[b][d]` in the hottest loop.
                unsafe { std::hint::assert_unchecked(b < 3 && d < 9) };
                if !update_band(g, dirty, b, d) {
                    return Outcome::Contradiction;
                }
            }
        }
        // Stack reasoning on the digits whose bands changed, highest digit first,
        // then the next round of band reasoning if any band is dirty.
        while dirty.stacks != 0 {
            let d = 31 - dirty.stacks.leading_zeros() as usize;
            dirty.stacks &= !(1 << d);
            if !update_stacks(g, dirty, d) {
                return Outcome::Contradiction;
            }
        }
        if dirty.bands != 0 {
            continue;
        }
        // Naked singles, band by band: candidate counts bit-sliced over the digits.
        // The bi-value cells are kept for the branch choice: when this pass finds no
        // single, the grid is at its fixpoint.
        for (b, pairs) in pairs.iter_mut().enumerate() {
            let (c1, c2, c3) = counts3(&g.cand[b]);
            if c1 != BAND {
                return Outcome::Contradiction;
            }
            *pairs = c2 & !c3 & g.open[b];
            let singles = c1 & !c2 & g.open[b];
            let mut rest = singles;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                // The cell's one digit, unless an earlier single of this pass took it
                // (the same digit twice in a row): then none.
                let mask = digits_at(&g.cand[b], p);
                if mask == 0 {
                    return Outcome::Contradiction;
                }
                fix(g, dirty, b, mask.trailing_zeros() as usize, p);
            }
        }
        if dirty.bands == 0 {
            break; // (naked singles only dirty bands)
        }
    }
    if g.open == [0; 3] {
        return Outcome::Solved;
    }
    // Branch on a bi-value cell in the box with the most open cells (placing either
    // digit there removes the most candidates), else on the open cell with fewest
    // candidates.
    // PERF: guesses per puzzle (top1465 / forum_hardest_1106), first bi-value cell
    // in row-major order 11.7 / 123, busiest box 8.2 / 84, busiest box then row and
    // column 7.9 / 81 (instructions 68.1k → 57.3k → 56.4k per puzzle on top1465).
    let mut best = (u32::MAX, 0);
    // Without branches: per box a key (open cells if it has a bi-value cell, else 0;
    // then the earlier box), the largest wins.
    let mut key = 0;
    for (b, &pairs) in pairs.iter().enumerate() {
        for k in 0..3 {
            let has = u32::from(pairs & BOX << (3 * k) != 0);
            let open = u32::from(POP9[stack_pairs(g.open[b], k)]);
            key = key.max((has * open) << 4 | (15 - (3 * b + k) as u32));
        }
    }
    let at = 15 - (key & 15) as usize;
    let (best_band, box_k) = (at / 3, at % 3);
    let best_pairs = if key >> 4 != 0 {
        pairs[best_band] & BOX << (3 * box_k)
    } else {
        0
    };
    // Within that box: the bi-value cell with the most open cells in its row and
    // column.
    // (Again a key: the count, then the earlier cell.)
    let mut rest = best_pairs;
    let mut most = 0;
    while rest != 0 {
        let p = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (r, c) = (p / 9, p % 9);
        let row = u32::from(POP9[(g.open[best_band] >> (9 * r) & 0x1FF) as usize]);
        let col = (g.open[0] >> c & 0x40201)
            | (g.open[1] >> c & 0x40201) << 1
            | (g.open[2] >> c & 0x40201) << 2;
        let col = u32::from(POP9[stack_pairs(col, 0)]);
        most = most.max((row + col + 1) << 5 | (31 - p as u32));
    }
    if most != 0 {
        best = (2, 27 * best_band + 31 - (most & 31) as usize);
    }
    if best.0 > 2 {
        for b in 0..3 {
            let mut rest = g.open[b];
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let k = g.cand[b].iter().filter(|&&x| x >> p & 1 != 0).count() as u32;
                if k < best.0 {
                    best = (k, 27 * b + p);
                }
            }
        }
    }
    let cell = best.1;
    let (b, p) = (cell / 27, cell % 27);
    Outcome::Branch(cell, digits_at(&g.cand[b], p))
}

/// The digits (bit `d`) whose band word has position `p` (< 27).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn digits_at(band: &[u32; 9], p: usize) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_castsi128_ps, _mm_cvtsi32_si128, _mm_loadu_si128, _mm_movemask_ps,
        _mm_sll_epi32,
    };
    debug_assert!(p < 27);
    let p = p & 31;
    let ptr = band.as_ptr().cast::<__m128i>();
    // SAFETY: words 4..8 of `band` (9 words): in bounds.
    let ptr1 = unsafe { ptr.add(1) };
    // SAFETY: SSE2 is part of the x86_64 baseline. An unaligned load of words 0..4 of
    // `band`.
    let lo = unsafe { _mm_loadu_si128(ptr) };
    // SAFETY: as above, words 4..8.
    let hi = unsafe { _mm_loadu_si128(ptr1) };
    // SAFETY: SSE2 is part of the x86_64 baseline; no memory access. Bit `p` moves to
    // each lane's sign bit. Every SSE2 intrinsic is an `unsafe` call (a
    // `#[target_feature]` function), though none of these touches memory: a block per
    // intrinsic would bury the arithmetic.
    #[allow(clippy::multiple_unsafe_ops_per_block)]
    let low = unsafe {
        let shift = _mm_cvtsi32_si128(31 - p as i32);
        let lo = _mm_sll_epi32(lo, shift);
        let hi = _mm_sll_epi32(hi, shift);
        (_mm_movemask_ps(_mm_castsi128_ps(lo)) | _mm_movemask_ps(_mm_castsi128_ps(hi)) << 4) as u32
    };
    let mask = low | (band[8] >> p & 1) << 8;
    debug_assert_eq!(mask, digits_at_portable(band, p));
    mask
}

// Other targets: the portable form (see `clear_cells`).
#[cfg(not(target_arch = "x86_64"))]
use self::digits_at_portable as digits_at;

/// Portable form of the x86_64 [`digits_at`]: other targets use it, and debug builds
/// check the SSE2 one against it.
#[cfg_attr(all(target_arch = "x86_64", not(debug_assertions)), allow(dead_code))]
#[inline(always)]
fn digits_at_portable(band: &[u32; 9], p: usize) -> u32 {
    let mut mask = 0u32;
    for (d, &x) in band.iter().enumerate() {
        mask |= (x >> p & 1) << d;
    }
    mask
}

/// Writes a solved grid as digits `1..=9`.
fn write_solution(g: &Grid, out: &mut [u8]) {
    for (b, band) in g.cand.iter().enumerate() {
        for (d, &x) in band.iter().enumerate() {
            let mut rest = x;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if let Some(slot) = out.get_mut(27 * b + p) {
                    *slot = d as u8 + 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::generic::Core;
    use super::*;
    use crate::gen::{sudoku as gen, Rng};
    use crate::model::Sudoku;
    use crate::verify::sudoku::check_solution;

    /// Counts (up to `limit`) with both cores, checks they agree, and checks the
    /// 9×9 core's first solution with the independent validator.
    fn agree(p: &Sudoku, limit: usize) -> usize {
        let (mut nine, mut oracle) = (Nine::new(), Core::<u128, 9>::new(3));
        let mut out = vec![0u8; 81];
        let n = nine.run(p.cells(), limit, Some(&mut out));
        assert_eq!(n, oracle.run(p.cells(), limit, None), "{p:?}");
        if n > 0 {
            let answer = Sudoku::from_cells(3, out).unwrap();
            assert_eq!(check_solution(p, &answer), Ok(()), "{p:?}");
        }
        n
    }

    #[test]
    fn multi_segments_find_the_single_rows() {
        // The placements of `update_band` (locked rows whose segment has one cell in
        // the incoming word) are exactly the kept word's single-cell rows.
        use super::super::band_tables::single_rows;
        let mut x = 0x2545_F491u32;
        for k in 0..50_000u32 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            // Sparse words too (and of two or three), where singles are common.
            let w = match k % 3 {
                0 => x,
                1 => x & x.rotate_left(11),
                _ => x & x.rotate_left(7) & x.rotate_left(19),
            } & BAND;
            let i = segments(w);
            let a = w & BAND_KEEP[i];
            if a == 0 {
                continue;
            }
            assert_eq!(w & LOCKED[i] & !multi_segments(w), single_rows(a), "{w:#o}");
        }
        assert_eq!(multi_segments(0o124_007_031), 0o000_007_070);
    }

    #[test]
    fn sparse_counts_match_the_generic_core() {
        // Few givens (26-33), counted exactly: up to thousands of solutions and cells
        // with many candidates, where the generic core also branches on the two places
        // of a digit in a unit (the denser puzzles above rarely make it; a wrong digit
        // in that branch fails here). Branches on three or more places only come up in
        // sparse 16×16 and 25×25 grids, whose counts no test can know exactly.
        let mut rng = Rng::new(11);
        for round in 0..120 {
            let solved = gen::solved_grid(3, &mut rng);
            let removed = 48 + round % 8;
            let p = gen::remove_cells(&solved, removed, &mut rng);
            agree(&p, 100_000);
        }
    }

    #[test]
    fn counts_match_the_generic_core() {
        let mut rng = Rng::new(7);
        for round in 0..300 {
            let solved = gen::solved_grid(3, &mut rng);
            let removed = 40 + round % 25;
            let mut p = gen::remove_cells(&solved, removed, &mut rng);
            if round % 3 == 0 {
                // A changed given: often no solution, sometimes several.
                let i = rng.below(81);
                p.set(i / 9, i % 9, 1 + rng.below(9) as u8);
            }
            let limit = 1 + round % 4;
            agree(&p, limit);
        }
    }

    #[test]
    fn exact_counts_and_limits() {
        let empty = Sudoku::empty(3).unwrap();
        assert_eq!(agree(&empty, 50), 50);
        assert_eq!(Nine::new().run(empty.cells(), 0, None), 0);
        // Two givens of the same digit in a column, in different bands.
        let mut p = empty.clone();
        p.set(0, 4, 5);
        p.set(7, 4, 5);
        assert_eq!(agree(&p, 2), 0);
        // Same box, different rows; same row.
        let mut q = empty.clone();
        q.set(0, 0, 3);
        q.set(2, 1, 3);
        assert_eq!(agree(&q, 2), 0);
        let mut r = empty.clone();
        r.set(4, 0, 9);
        r.set(4, 8, 9);
        assert_eq!(agree(&r, 2), 0);
        // A solved grid with two digits swapped in a rectangle: two solutions.
        let mut rng = Rng::new(3);
        let solved = gen::solved_grid(3, &mut rng);
        assert_eq!(agree(&solved, 2), 1);
    }

    #[test]
    fn no_solution_with_all_cells_given_wrong() {
        let mut rng = Rng::new(11);
        let mut g = gen::solved_grid(3, &mut rng);
        let (a, b) = (g.get(0, 0), g.get(0, 1));
        g.set(0, 0, b);
        g.set(0, 1, a);
        assert_eq!(agree(&g, 2), 0);
    }
}
