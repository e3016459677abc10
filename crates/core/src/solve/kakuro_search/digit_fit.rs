//! A counting check of the classic Kakuro search, made once at the root: for each digit,
//! every run that must contain it needs a cell of its own for it, and a run takes each
//! digit at most once. Owns that check; `Search::start` calls it after
//! the root's propagation.
//!
//! # Why
//!
//! Run filters and the sum-balance relaxation never count digits across runs. On
//! `tests/data/kakuro/latin-8x8-no-fill.kakuro.in` six across runs of seven
//! cells summing to 28 (each a permutation of 1..=7) must each hold a 4, but after the
//! run filters only three down runs can hold one: no fill, yet the search ran for more
//! than 120 s without finding that out (measured 2026-11-22/23, before this check).
//!
//! # How
//!
//! For digit `v`, the across runs and the down runs are the two sides of a bipartite
//! graph; each empty cell that may hold `v` is an edge between its two runs. A fill puts
//! `v` in a set of cells that is a *matching* (a run holds `v` at most once) covering
//! every run that *requires* `v` (every digit set its clue, length and placed digits
//! allow contains `v`). A matching that covers given vertices on both sides exists iff
//! one covers those on each side separately (Mendelsohn–Dulmage), so the check is two
//! augmenting-path matchings per digit. A missing one proves the board infeasible.

use super::shape::Shape;
use super::tables::{Tables, MAX_SUM};

const NONE: u32 = u32::MAX;

/// The digits (bit `d` for digit `d + 1`) that every completion of a run uses: the
/// intersection of the digit sets of `k` distinct digits summing to `sum` that avoid
/// `used` and lie within `within` (the union of the empty cells' candidates). `0x1FF`
/// when there is no such set (the run filter reports that case itself).
pub(super) fn required_digits(
    tables: &Tables,
    k: usize,
    used: u16,
    sum: usize,
    within: u16,
) -> u16 {
    if k == 0 || sum > MAX_SUM {
        return 0;
    }
    let mut common = 0x1FF;
    for (w, &word) in tables.target[k * (MAX_SUM + 1) + sum].0.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let set = (w * 64) as u16 + bits.trailing_zeros() as u16;
            bits &= bits - 1;
            if set & used == 0 && set & !within == 0 {
                common &= set;
            }
        }
    }
    common
}

/// A digit that does not fit, and the Hall set that shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Short {
    /// The digit, 1..=9.
    pub(super) digit: u8,
    /// The Hall set: runs of one direction, every one requiring `digit`, whose empty
    /// cells that may hold it all lead to fewer runs of the other direction than there
    /// are runs in the set. They are `scratch[3 · runs..3 · runs + hall]`. Whether the
    /// set is short depends only on the states of the set's own cells, so those cells
    /// explain the dead end.
    pub(super) hall: usize,
}

/// Whether, for every digit, the runs that require it (`required[r]`, bit `d` for digit
/// `d + 1`) can each get a distinct cell for it among the empty cells whose candidates
/// (`cand`, with `empty[c]`) hold it; `Err` names the first digit that cannot, with a
/// Hall set (see [`Short`]). `across[r]`: run `r` is an across run. `scratch` must hold
/// at least `4 · runs` entries (contents ignored).
// PERF: root only; per digit two matchings by breadth-first augmenting paths, most runs
// matched by their first free edge.
pub(super) fn digits_fit(
    shape: &Shape,
    across: impl Fn(u32) -> bool,
    cand: &[u16],
    empty: impl Fn(u32) -> bool,
    required: &[u16],
    scratch: &mut [u32],
) -> Result<(), Short> {
    let runs = required.len();
    let (mate, rest) = scratch.split_at_mut(runs);
    let (parent, rest) = rest.split_at_mut(runs);
    let (seen, rest) = rest.split_at_mut(runs);
    let queue = &mut rest[..runs];
    let mut stamp = 0u32;
    seen.fill(0);
    for v in 0..9u16 {
        let bit = 1u16 << v;
        for side in [true, false] {
            // Match the required runs of this side (`across[r] == side`) into the
            // other side: `mate[o]` is the run matched to other-side run `o`.
            mate.fill(NONE);
            for r in 0..runs as u32 {
                if across(r) != side || required[r as usize] & bit == 0 {
                    continue;
                }
                // Breadth-first search for an augmenting path from `r`.
                stamp += 1;
                let (mut head, mut tail) = (0, 1);
                queue[0] = r;
                let mut free = NONE;
                'search: while head < tail {
                    let x = queue[head];
                    head += 1;
                    // The edges of `x` for `v`: its empty cells that may hold `v`, each
                    // leading to the cell's other run.
                    let span = shape.span(x);
                    for (&y, &o) in shape.run_cells[span.clone()]
                        .iter()
                        .zip(&shape.run_other[span])
                    {
                        if !empty(y) || cand[y as usize] & bit == 0 || seen[o as usize] == stamp {
                            continue;
                        }
                        seen[o as usize] = stamp;
                        parent[o as usize] = x;
                        let m = mate[o as usize];
                        if m == NONE {
                            free = o;
                            break 'search;
                        }
                        // `parent` serves both sides: other-side runs point to the run
                        // they were reached from, this side's runs to their mate.
                        parent[m as usize] = o;
                        queue[tail] = m;
                        tail += 1;
                    }
                }
                if free == NONE {
                    // `queue[..tail]` is the Hall set: `r` and the mates of every
                    // other-side run its alternating paths reach, one more than those.
                    return Err(Short {
                        digit: v as u8 + 1,
                        hall: tail,
                    });
                }
                #[cfg(test)]
                if parent[free as usize] != r {
                    tests::LONG_PATHS.with(|c| c.set(c.get() + 1));
                }
                // Flip the path: `free` takes the run it was reached from, whose old
                // mate takes the run that one was reached from, and so on back to `r`.
                let mut o = free;
                loop {
                    let x = parent[o as usize];
                    mate[o as usize] = x;
                    if x == r {
                        break;
                    }
                    o = parent[x as usize];
                }
            }
            #[cfg(test)]
            tests::assert_matching(shape, &across, cand, &empty, required, bit, side, mate);
        }
    }
    Ok(())
}

/// The digit-placement graph of one digit: the runs of one direction (`side`) that
/// require it, matched into the runs of the other, through the empty cells that may
/// hold it. See [`Search::hall_filter`](super::search::Search::hall_filter).
pub(super) struct Graph<'a, A, E> {
    pub(super) shape: &'a Shape,
    pub(super) across: A,
    pub(super) cand: &'a [u16],
    pub(super) empty: E,
    pub(super) required: &'a [u16],
}

impl<A: Fn(u32) -> bool, E: Fn(u32) -> bool> Graph<'_, A, E> {
    /// Matches every run of `side` that requires digit bit `bit` into the other side
    /// (`mate[o]`: the run matched to other-side run `o`, `NONE` if none); `Err(tail)`
    /// when one cannot be, its Hall set left in `queue[..tail]`. `scratch` holds
    /// `mate`, `parent`, `seen`, `queue` (`runs` each).
    pub(super) fn match_side(
        &self,
        bit: u16,
        side: bool,
        scratch: &mut [u32],
        stamp: &mut u32,
    ) -> Result<(), usize> {
        let runs = self.required.len();
        let (mate, rest) = scratch.split_at_mut(runs);
        let (parent, rest) = rest.split_at_mut(runs);
        let (seen, rest) = rest.split_at_mut(runs);
        let queue = &mut rest[..runs];
        mate.fill(NONE);
        for r in 0..runs as u32 {
            if (self.across)(r) != side || self.required[r as usize] & bit == 0 {
                continue;
            }
            *stamp += 1;
            let (mut head, mut tail) = (0, 1);
            queue[0] = r;
            let mut free = NONE;
            'search: while head < tail {
                let x = queue[head];
                head += 1;
                let span = self.shape.span(x);
                for (&y, &o) in self.shape.run_cells[span.clone()]
                    .iter()
                    .zip(&self.shape.run_other[span])
                {
                    if !(self.empty)(y)
                        || self.cand[y as usize] & bit == 0
                        || seen[o as usize] == *stamp
                    {
                        continue;
                    }
                    seen[o as usize] = *stamp;
                    parent[o as usize] = x;
                    let m = mate[o as usize];
                    if m == NONE {
                        free = o;
                        break 'search;
                    }
                    parent[m as usize] = o;
                    queue[tail] = m;
                    tail += 1;
                }
            }
            if free == NONE {
                return Err(tail);
            }
            let mut o = free;
            loop {
                let x = parent[o as usize];
                mate[o as usize] = x;
                if x == r {
                    break;
                }
                o = parent[x as usize];
            }
        }
        Ok(())
    }

    /// With `mate` a matching of `side`'s required runs (from [`Graph::match_side`]):
    /// whether one still exists once cell `y` holds the digit, that is without `y`'s
    /// two runs (`s` on `side`, `o` on the other). `Err(tail)`: no, the Hall set
    /// (runs of `side`, each requiring the digit) in `queue[..tail]`.
    ///
    /// Only `o`'s mate `m`, if it is not `s`, loses its partner (`s`'s own partner
    /// goes free), so one alternating path from `m` that avoids `s` and `o` decides it.
    pub(super) fn survives(
        &self,
        bit: u16,
        y: u32,
        side: bool,
        scratch: &mut [u32],
        stamp: &mut u32,
    ) -> Result<(), usize> {
        let runs = self.required.len();
        let [a, d] = self.shape.cell_runs[y as usize];
        let (s, o) = if side { (a, d) } else { (d, a) };
        let (mate, rest) = scratch.split_at_mut(runs);
        let (_, rest) = rest.split_at_mut(runs);
        let (seen, rest) = rest.split_at_mut(runs);
        let queue = &mut rest[..runs];
        let m = mate[o as usize];
        if m == NONE || m == s {
            return Ok(());
        }
        *stamp += 1;
        seen[o as usize] = *stamp;
        let (mut head, mut tail) = (0, 1);
        queue[0] = m;
        while head < tail {
            let x = queue[head];
            head += 1;
            let span = self.shape.span(x);
            for (&z, &p) in self.shape.run_cells[span.clone()]
                .iter()
                .zip(&self.shape.run_other[span])
            {
                if !(self.empty)(z)
                    || self.cand[z as usize] & bit == 0
                    || seen[p as usize] == *stamp
                {
                    continue;
                }
                seen[p as usize] = *stamp;
                let q = mate[p as usize];
                if q == NONE || q == s {
                    return Ok(());
                }
                queue[tail] = q;
                tail += 1;
            }
        }
        Err(tail)
    }
}

#[cfg(test)]
mod tests {
    use super::super::balance::tests::Layout;
    use super::*;
    use crate::gen::kakuro::{generate, Params};
    use crate::gen::Rng;
    use crate::model::Direction;
    use proptest::prelude::*;

    /// The shape of a generated board, and which runs are across runs.
    fn board_shape(seed: u64) -> Option<(Shape, Vec<bool>)> {
        let mut rng = Rng::new(seed);
        let p = Params {
            rows: 4 + rng.below(4),
            cols: 4 + rng.below(4),
            white_percent: 60 + rng.below(35),
            max_run: 9,
            distinct: true,
        };
        let board = generate(&p, &mut rng).board;
        let shape = Layout::of(&board).shape();
        let across = board
            .runs()
            .iter()
            .map(|r| r.direction == Direction::Across)
            .collect();
        let cells = shape.cell_runs.len();
        (cells > 0 && cells <= 24).then_some((shape, across))
    }

    /// Brute force for one digit: can every required run get its own cell (an allowed
    /// one), no run getting two?
    fn fits_one(shape: &Shape, allowed: &[bool], required: &[bool]) -> bool {
        fn go(shape: &Shape, allowed: &[bool], todo: &[u32], taken: &mut Vec<bool>) -> bool {
            let Some((&r, rest)) = todo.split_first() else {
                return true;
            };
            if taken[r as usize] {
                return go(shape, allowed, rest, taken);
            }
            for i in shape.span(r) {
                let (y, o) = (shape.run_cells[i], shape.run_other[i]);
                if allowed[y as usize] && !taken[o as usize] {
                    taken[r as usize] = true;
                    taken[o as usize] = true;
                    if go(shape, allowed, rest, taken) {
                        return true;
                    }
                    taken[r as usize] = false;
                    taken[o as usize] = false;
                }
            }
            false
        }
        let todo: Vec<u32> = (0..required.len() as u32)
            .filter(|&r| required[r as usize])
            .collect();
        go(shape, allowed, &todo, &mut vec![false; required.len()])
    }

    thread_local! {
        /// Augmenting paths longer than one edge met (the flips that can go wrong).
        pub(super) static LONG_PATHS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    /// After one side's runs are matched for a digit: `mate` is a matching (each run
    /// the mate of at most one other-side run, through an allowed cell) that covers
    /// every required run of that side.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn assert_matching(
        shape: &Shape,
        across: &impl Fn(u32) -> bool,
        cand: &[u16],
        empty: &impl Fn(u32) -> bool,
        required: &[u16],
        bit: u16,
        side: bool,
        mate: &[u32],
    ) {
        let mut count = vec![0u32; mate.len()];
        for (o, &x) in mate.iter().enumerate() {
            if x == NONE {
                continue;
            }
            count[x as usize] += 1;
            let edge = shape.span(x).any(|i| {
                let y = shape.run_cells[i];
                shape.run_other[i] == o as u32 && empty(y) && cand[y as usize] & bit != 0
            });
            assert!(edge, "run {x} matched to run {o} without an allowed cell");
        }
        for (r, &n) in count.iter().enumerate() {
            assert!(n <= 1, "run {r} matched twice");
            if across(r as u32) == side && required[r] & bit != 0 {
                assert_eq!(n, 1, "required run {r} left unmatched");
            }
        }
    }

    /// One random case: `digits_fit` against brute force (asserted); `None` when the
    /// seed's board is too big for the brute force, else whether the digits fit.
    fn check_case(seed: u64, cands: &[u16], empties: u32, req: &[u16]) -> Option<bool> {
        let (shape, across) = board_shape(seed)?;
        let (cells, runs) = (shape.cell_runs.len(), across.len());
        let cand = &cands[..cells];
        let empty = |y: u32| empties >> (y % 32) & 1 == 1 || y % 5 == 0;
        // Required digits that some matching meets (each digit: a greedy matching over
        // the allowed cells in reverse order, against the forward order `digits_fit`
        // tries first, so that it meets long augmenting paths; each matched run
        // requires the digit or not at random), then up to three more at random,
        // which may break it.
        let mut required = vec![0u16; runs];
        let mut bits = req
            .iter()
            .flat_map(|&w| (0..16).map(move |b| w >> b & 1 == 1))
            .cycle();
        for v in 0..9 {
            let mut taken = vec![false; runs];
            for y in (0..cells as u32).rev() {
                let [a, d] = shape.cell_runs[y as usize];
                if empty(y)
                    && cand[y as usize] >> v & 1 == 1
                    && !taken[a as usize]
                    && !taken[d as usize]
                {
                    taken[a as usize] = true;
                    taken[d as usize] = true;
                    for r in [a, d] {
                        if bits.next() == Some(true) {
                            required[r as usize] |= 1 << v;
                        }
                    }
                }
            }
        }
        for k in 0..usize::from(req[0] % 4) {
            let w = req[k + 1];
            required[usize::from(w) % runs] |= 1 << ((w >> 8) % 9);
        }
        let mut scratch = vec![7u32; 4 * runs];
        let got = digits_fit(
            &shape,
            |r| across[r as usize],
            cand,
            empty,
            &required,
            &mut scratch,
        )
        .is_ok();
        let want = (0..9).all(|v| {
            let allowed: Vec<bool> = (0..cells as u32)
                .map(|y| empty(y) && cand[y as usize] >> v & 1 == 1)
                .collect();
            let need: Vec<bool> = required.iter().map(|m| m >> v & 1 == 1).collect();
            // One matching covering the required runs of both sides at once.
            fits_one(&shape, &allowed, &need)
        });
        assert_eq!(got, want, "seed {seed}");
        Some(want)
    }

    /// The same cases from a fixed sequence, with what they must cover: both answers
    /// often, and augmenting paths longer than one edge (where a wrong flip of the
    /// path shows; `digits_fit` checks its matching after each side in tests).
    #[test]
    fn digits_fit_meets_both_answers_and_long_paths() {
        let mut rng = Rng::new(0xd161);
        let mut answers = [0u32; 2];
        let before = LONG_PATHS.with(|c| c.get());
        for seed in 0..600u64 {
            let cands: Vec<u16> = (0..24).map(|_| 1 + rng.below(0x1FF) as u16).collect();
            let req: Vec<u16> = (0..64).map(|_| rng.below(1 << 16) as u16).collect();
            if let Some(fit) = check_case(seed, &cands, rng.below(1 << 32) as u32, &req) {
                answers[usize::from(fit)] += 1;
            }
        }
        let long = LONG_PATHS.with(|c| c.get()) - before;
        assert!(
            answers[0] > 100 && answers[1] > 100,
            "fit / no fit: {answers:?}"
        );
        assert!(long > 100, "only {long} long augmenting paths");
    }

    /// The counting filter's test of one cell (`Graph::match_side`, then
    /// `Graph::survives` for both sides) against brute force: digit `v` stays in empty
    /// cell `y` exactly when one matching puts `v` in `y` and covers every required run
    /// of both sides (the exact filter of this relaxation). Returns how many cells
    /// were cut and kept.
    fn check_filter(seed: u64, cands: &[u16], empties: u32, req: &[u16]) -> Option<[u32; 2]> {
        let (shape, across) = board_shape(seed)?;
        let (cells, runs) = (shape.cell_runs.len(), across.len());
        let cand = &cands[..cells];
        let empty = |y: u32| empties >> (y % 32) & 1 == 1 || y % 5 == 0;
        // Required digits: a run requires a digit with probability about 1/2 when
        // some allowed cell of it may hold the digit.
        let mut bits = req
            .iter()
            .flat_map(|&w| (0..16).map(move |b| w >> b & 1 == 1))
            .cycle();
        let required: Vec<u16> = (0..runs as u32)
            .map(|r| {
                (0..9)
                    .filter(|&v| {
                        shape.span(r).any(|i| {
                            let y = shape.run_cells[i];
                            empty(y) && cand[y as usize] >> v & 1 == 1
                        }) && bits.next() == Some(true)
                    })
                    .fold(0u16, |m, v| m | 1 << v)
            })
            .collect();
        let graph = Graph {
            shape: &shape,
            across: |r: u32| across[r as usize],
            cand,
            empty,
            required: &required,
        };
        let mut scratch = vec![0u32; 4 * runs];
        let mut stamp = 0;
        let mut counts = [0u32; 2];
        for v in 0..9 {
            let bit = 1u16 << v;
            let need: Vec<bool> = required.iter().map(|m| m & bit != 0).collect();
            let allowed: Vec<bool> = (0..cells as u32)
                .map(|y| empty(y) && cand[y as usize] & bit != 0)
                .collect();
            if !fits_one(&shape, &allowed, &need) {
                continue;
            }
            let mut keep = vec![true; cells];
            for side in [true, false] {
                assert!(graph
                    .match_side(bit, side, &mut scratch, &mut stamp)
                    .is_ok());
                for y in (0..cells as u32).filter(|&y| allowed[y as usize]) {
                    if graph
                        .survives(bit, y, side, &mut scratch, &mut stamp)
                        .is_err()
                    {
                        keep[y as usize] = false;
                    }
                }
            }
            for y in (0..cells as u32).filter(|&y| allowed[y as usize]) {
                // Brute force: `y` takes the digit, its two runs are served.
                let [a, d] = shape.cell_runs[y as usize];
                let allowed_y: Vec<bool> = (0..cells)
                    .map(|z| {
                        let [za, zd] = shape.cell_runs[z];
                        allowed[z] && za != a && zd != d
                    })
                    .collect();
                let mut need_y = need.clone();
                need_y[a as usize] = false;
                need_y[d as usize] = false;
                let want = fits_one(&shape, &allowed_y, &need_y);
                assert_eq!(
                    keep[y as usize],
                    want,
                    "seed {seed}, digit {}, cell {y}",
                    v + 1
                );
                counts[usize::from(want)] += 1;
            }
        }
        Some(counts)
    }

    /// The filter's cases from a fixed sequence cut some cells and keep others.
    #[test]
    fn counting_filter_keeps_exactly_the_matchable_cells() {
        let mut rng = Rng::new(0xf117);
        let mut total = [0u32; 2];
        for seed in 0..400u64 {
            let cands: Vec<u16> = (0..24).map(|_| 1 + rng.below(0x1FF) as u16).collect();
            let req: Vec<u16> = (0..64).map(|_| rng.below(1 << 16) as u16).collect();
            if let Some(c) = check_filter(seed, &cands, rng.below(1 << 32) as u32, &req) {
                total[0] += c[0];
                total[1] += c[1];
            }
        }
        assert!(total[0] > 100 && total[1] > 100, "cut / kept: {total:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// `digits_fit` against brute force on random candidates and required digits.
        #[test]
        fn digits_fit_agrees_with_brute_force(
            seed in any::<u64>(),
            cands in proptest::collection::vec(1u16..0x200, 24),
            empties in any::<u32>(),
            req in proptest::collection::vec(any::<u16>(), 64),
        ) {
            check_case(seed, &cands, empties, &req);
        }

        /// The counting filter against brute force on random candidates and required
        /// digits.
        #[test]
        fn counting_filter_agrees_with_brute_force(
            seed in any::<u64>(),
            cands in proptest::collection::vec(1u16..0x200, 24),
            empties in any::<u32>(),
            req in proptest::collection::vec(any::<u16>(), 64),
        ) {
            check_filter(seed, &cands, empties, &req);
        }
    }
}
