//! The sum-balance relaxation of the classic Kakuro search: forget that digits in a run
//! must differ, keep each cell between its smallest and its largest candidate, and ask
//! whether every run can still make its clue. Owns one point of that relaxation and its
//! repair; [`Search`](super::search) calls it on every candidate change.
//!
//! # Why
//!
//! Per-run filtering (GAC) sees one run at a time. A random layout has many nearly
//! closed regions where the across clues and the down clues of the region must add up to
//! the same total, up to a few cells that leak out of it; e.g. on `gen_100x100` case 0
//! five across runs (81 in all) and five down runs (88) share all their cells but two,
//! so those two must sum to 7, and a 9 placed in one of them dooms the region long
//! before any run notices. The relaxation is a flow problem (the hdu3338 reduction with
//! per-cell bounds) and sees all such regions at once.
//!
//! # How
//!
//! `x` is a feasible point: every run's cells sum to its clue (placed cells count their
//! digit) and every cell lies within its candidates' bounds. When a cell's bounds shrink
//! past `x`, the point is repaired along an *alternating path* of runs: lowering the
//! cell by one leaves its across run one short, which another cell of that run makes up
//! by rising, which leaves that cell's down run one over, which a third cell of it
//! gives back by falling, … until the path reaches the first cell's own down run. This
//! is an augmenting path of the flow, so a breadth-first search over runs either finds
//! one or proves that no point exists any more (no flow saturates the demand). The runs
//! it reached are then an explanation: their clues, placed digits and bounds alone
//! make the relaxation infeasible; so are the runs a backward search from the other
//! end reaches (the other side of the cut), and the smaller of the two is kept. On
//! `gen_100x100` case 0 the backward side is often a few runs where the forward one
//! is thousands, and the backjumping gets sharper: 6.5 s → 1.6 s. Both ends are
//! searched at once, so a failure costs about twice the smaller
//! side rather than the whole forward one plus the backward one.
//!
//! Backtracking never has to undo `x`: undoing only widens bounds and restores placed
//! cells to empty ones that keep their value, so the point stays feasible.

use super::shape::Shape;
use super::NONE;
use crate::solve::maxflow::MaxFlow;

/// Smallest and largest digit of a non-empty candidate mask.
#[inline]
fn bounds(mask: u16) -> (u8, u8) {
    (
        mask.trailing_zeros() as u8 + 1,
        16 - mask.leading_zeros() as u8,
    )
}

/// Whether each of the `runs` runs of `shape` is an across run (the first of a cell's
/// two).
fn across_runs(shape: &Shape, runs: usize) -> Vec<bool> {
    let mut across = vec![false; runs];
    for &[a, _] in &shape.cell_runs {
        across[a as usize] = true;
    }
    across
}

/// A feasible point of the sum-balance relaxation and the scratch to repair it.
#[derive(Clone)]
pub(super) struct Balance {
    /// The point: one value per cell.
    x: Vec<u8>,
    /// Whether each run is an across run.
    across: Vec<bool>,
    /// Breadth-first search over runs: visit stamps, the cell each run was reached
    /// through, and the runs in visiting order (after a failure: the explanation).
    seen: Vec<u32>,
    stamp: u32,
    via: Vec<u32>,
    queue: Vec<u32>,
    /// The runs a backward search reached (the other side of the cut).
    back: Vec<u32>,
}

impl Balance {
    /// A feasible point for the empty board (every cell may be 1..=9), or `None` when
    /// even the relaxation has none (then no classic fill exists either).
    pub(super) fn new(shape: &Shape, clues: &[u8]) -> Option<Balance> {
        let (cells, runs) = (shape.cell_runs.len(), clues.len());
        let across = across_runs(shape, runs);
        // The hdu3338 reduction: every cell pays its lower bound 1 up front.
        let mut graph = MaxFlow::new(runs + 2, cells + runs);
        let (source, sink) = (runs, runs + 1);
        // Cell `c`'s edge is edge `c`: the cells' edges come first.
        for &[a, d] in &shape.cell_runs {
            graph.add_edge(a as usize, d as usize, 8);
        }
        let mut demand = 0u64;
        // Scratch for the seeding below, in the buffers the point keeps for its path
        // search (one allocation fewer each): what each run still needs, and its cells
        // not yet seeded.
        let (mut spare, mut left) = (Vec::with_capacity(runs), Vec::with_capacity(runs));
        for (r, &clue) in clues.iter().enumerate() {
            let len = (shape.run_start[r + 1] - shape.run_start[r]) as usize;
            // Search::new has checked len <= clue <= 45 already.
            let need = u32::from(clue).checked_sub(len as u32)?;
            spare.push(need);
            if across[r] {
                graph.add_edge(source, r, need);
                demand += u64::from(need);
            } else {
                graph.add_edge(r, sink, need);
            }
        }
        // Seed the flow as `kakuro_flow` does: an even share of what each run still
        // needs over its cells not yet seeded, then a greedy top-up; Dinic repairs the
        // rest.
        let run_edge = |r: u32| cells + r as usize;
        left.extend((0..runs).map(|r| shape.run_start[r + 1] - shape.run_start[r]));
        let mut seeded = 0u64;
        for pass in 0..2 {
            for (c, &[a, d]) in shape.cell_runs.iter().enumerate() {
                let (au, du) = (a as usize, d as usize);
                let x = if pass == 0 {
                    let share = |r: usize| spare[r].div_ceil(left[r]);
                    let x = 8u32.min(share(au)).min(share(du));
                    left[au] -= 1;
                    left[du] -= 1;
                    x
                } else {
                    (8 - graph.flow(c)).min(spare[au]).min(spare[du])
                };
                if x > 0 {
                    graph.push(run_edge(a), x);
                    graph.push(c, x);
                    graph.push(run_edge(d), x);
                    spare[au] -= x;
                    spare[du] -= x;
                    seeded += u64::from(x);
                }
            }
        }
        if seeded + graph.max_flow(source, sink) != demand {
            return None;
        }
        let x = (0..cells).map(|e| 1 + graph.flow(e) as u8).collect();
        spare.fill(NONE);
        left.fill(0);
        Some(Balance {
            x,
            across,
            seen: left,
            stamp: 0,
            via: spare,
            queue: Vec::with_capacity(runs),
            back: Vec::with_capacity(runs),
        })
    }

    /// The relaxation at a point known to be feasible: `x`, one digit per cell, when
    /// every run's cells sum to its clue (a fill of the board, distinct or not), with
    /// no flow computed; `None` when `x` is not such a point.
    pub(super) fn at_point(shape: &Shape, clues: &[u8], x: Vec<u8>) -> Option<Balance> {
        let runs = clues.len();
        if x.len() != shape.cell_runs.len() || x.iter().any(|v| !(1..=9).contains(v)) {
            return None;
        }
        for (r, &clue) in clues.iter().enumerate() {
            let span = shape.span(r as u32);
            let sum: u32 = shape.run_cells[span]
                .iter()
                .map(|&y| u32::from(x[y as usize]))
                .sum();
            if sum != u32::from(clue) {
                return None;
            }
        }
        let across = across_runs(shape, runs);
        Some(Balance {
            x,
            across,
            seen: vec![0; runs],
            stamp: 0,
            via: vec![NONE; runs],
            queue: Vec::with_capacity(runs),
            back: Vec::with_capacity(runs),
        })
    }

    /// The value of cell `c` in the point.
    #[inline]
    pub(super) fn value(&self, c: u32) -> u8 {
        self.x[c as usize]
    }

    /// Gives this copy's scratch the room `like` has (a clone sizes it to its length).
    pub(super) fn reserve_like(&mut self, like: &Balance) {
        for (copy, like) in [(&mut self.queue, &like.queue), (&mut self.back, &like.back)] {
            copy.reserve_exact(like.capacity().saturating_sub(copy.len()));
        }
    }

    /// Whether cell `c`'s value lies within the bounds of `mask` (its new candidates).
    #[inline]
    pub(super) fn fits(&self, c: u32, mask: u16) -> bool {
        let (lo, hi) = bounds(mask);
        let v = self.x[c as usize];
        lo <= v && v <= hi
    }

    /// The runs on one side of the cut the last failed [`repair`](Self::repair) met
    /// (the side its search ran out of first): together they explain the failure.
    #[cfg(test)]
    pub(super) fn explanation(&self) -> &[u32] {
        &self.queue
    }

    /// Calls `f` on every cell the last failed [`repair`](Self::repair) depends on: the
    /// cells with exactly one of their runs in the explanation (the runs on one side of
    /// the cut; `explanation`, a test-build accessor, returns them).
    /// Adding up the explanation's across runs and subtracting its down runs cancels
    /// every cell with both runs inside, so the clues of those runs and the bounds of
    /// these boundary cells (the failing cell among them) alone leave no feasible point.
    pub(super) fn for_each_boundary_cell(&mut self, shape: &Shape, mut f: impl FnMut(u32)) {
        self.stamp += 1;
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        for &r in &self.queue {
            self.seen[r as usize] = stamp;
        }
        for &r in &self.queue {
            let span = shape.span(r);
            for (&y, &other) in shape.run_cells[span.clone()]
                .iter()
                .zip(&shape.run_other[span])
            {
                if self.seen[other as usize] != stamp {
                    f(y);
                }
            }
        }
    }

    /// Moves the point so that cell `c` lies within its candidates `cand[c]` again,
    /// every other cell within its own, and every run still sums to its clue. False if
    /// no such point exists; the runs on one side of its cut (the explanation) then
    /// prove it.
    // PERF: a breadth-first search over runs per unit-or-more of repair; most paths are
    // a few runs long. Only called when the bounds moved past the point.
    pub(super) fn repair(&mut self, c: u32, cand: &[u16], shape: &Shape) -> bool {
        let [a, d] = shape.cell_runs[c as usize];
        loop {
            let (lo, hi) = bounds(cand[c as usize]);
            let v = self.x[c as usize];
            // `lower`: the cell must fall, so paths go across → down through cells that
            // can rise and down → across through cells that can fall (else the reverse).
            let (lower, mut need) = if v > hi {
                (true, v - hi)
            } else if v < lo {
                (false, lo - v)
            } else {
                return true;
            };
            let Some(meet) = self.search_path(c, a, d, lower, cand, shape) else {
                return false;
            };
            debug_assert!(need > 0);
            // The path's slack, then the change along it.
            for pass in 0..2 {
                let mut walk = |y: u32, from: u32, x: &mut [u8]| {
                    let (ly, hy) = bounds(cand[y as usize]);
                    let rise = self.across[from as usize] == lower;
                    let xy = &mut x[y as usize];
                    if pass == 0 {
                        need = need.min(if rise { hy - *xy } else { *xy - ly });
                    } else if rise {
                        *xy += need;
                    } else {
                        *xy -= need;
                    }
                };
                let mut x = std::mem::take(&mut self.x);
                // The forward half, from the meeting edge back to `a`.
                let mut node = meet.from;
                while node != a {
                    let y = self.via[node as usize];
                    let from = Self::other(y, node, shape);
                    walk(y, from, &mut x);
                    node = from;
                }
                walk(meet.cell, meet.from, &mut x);
                // The backward half, from the meeting edge on to `d`.
                let mut node = meet.to;
                while node != d {
                    let y = self.via[node as usize];
                    walk(y, node, &mut x);
                    node = Self::other(y, node, shape);
                }
                self.x = x;
            }
            if lower {
                self.x[c as usize] -= need;
            } else {
                self.x[c as usize] += need;
            }
        }
    }

    /// The smallest and the largest value cell `c` can take in the relaxation under the
    /// current candidates (of which `cand[c]` is borrowed for the probe and restored).
    /// The point moves along the way and stays feasible.
    pub(super) fn range(&mut self, c: u32, cand: &mut [u16], shape: &Shape) -> (u8, u8) {
        let mask = cand[c as usize];
        let (lo, hi) = bounds(mask);
        // Pushing the cell towards a bound as far as augmenting paths allow reaches the
        // largest (smallest) value of any feasible point: a maximum flow.
        cand[c as usize] = 1 << (hi - 1);
        self.repair(c, cand, shape);
        let top = self.x[c as usize];
        cand[c as usize] = 1 << (lo - 1);
        self.repair(c, cand, shape);
        let bottom = self.x[c as usize];
        cand[c as usize] = mask;
        (bottom, top)
    }

    /// The run of cell `y` other than `run`.
    #[inline]
    fn other(y: u32, run: u32, shape: &Shape) -> u32 {
        let [a, d] = shape.cell_runs[y as usize];
        if a == run {
            d
        } else {
            a
        }
    }

    /// A path of runs from `a` to `d` (the two runs of cell `c`, which is not used)
    /// along which each cell can move one step (see [`repair`](Self::repair) for
    /// `lower`), searched from both ends at once: a forward search from `a` and a
    /// backward one from `d`, one run each in turn. Either they meet on an edge,
    /// returned (`via` leads from its `from` back to `a` and from its `to` on to `d`),
    /// or one side runs out first: no path exists, and that side's runs, left in
    /// `queue`, explain it (they form one side of a cut). A failure thus costs about
    /// twice the smaller side, not the whole of the side the search started from.
    fn search_path(
        &mut self,
        c: u32,
        a: u32,
        d: u32,
        lower: bool,
        cand: &[u16],
        shape: &Shape,
    ) -> Option<Meet> {
        if self.stamp >= u32::MAX - 2 {
            self.seen.fill(0);
            self.stamp = 0;
        }
        let (fwd, bwd) = (self.stamp + 1, self.stamp + 2);
        self.stamp += 2;
        let (mut front, mut back) = (
            std::mem::take(&mut self.queue),
            std::mem::take(&mut self.back),
        );
        front.clear();
        back.clear();
        front.push(a);
        back.push(d);
        self.seen[a as usize] = fwd;
        self.seen[d as usize] = bwd;
        let (mut f_read, mut b_read) = (0, 0);
        let outcome = loop {
            if f_read == front.len() {
                break Err(false);
            }
            let r = front[f_read];
            f_read += 1;
            // Forwards a path rises through a cell it enters from the cell's across run
            // when the first cell must fall (`lower`), and falls through it otherwise.
            if let Some(meet) = self.expand(c, r, lower, false, (fwd, bwd), cand, shape, &mut front)
            {
                break Ok(meet);
            }
            if b_read == back.len() {
                break Err(true);
            }
            let r = back[b_read];
            b_read += 1;
            if let Some(meet) = self.expand(c, r, lower, true, (bwd, fwd), cand, shape, &mut back) {
                break Ok(meet);
            }
        };
        match outcome {
            Ok(meet) => {
                (self.queue, self.back) = (front, back);
                Some(meet)
            }
            // The side that ran out is the explanation.
            Err(backward) => {
                (self.queue, self.back) = if backward {
                    (back, front)
                } else {
                    (front, back)
                };
                None
            }
        }
    }

    /// One step of [`search_path`](Self::search_path): the runs one cell away from run
    /// `r` on its side (`backward` or not), stamped `own`, pushed on `queue`, with
    /// `via` set. Returns the edge where this side meets the other (stamped `other`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn expand(
        &mut self,
        c: u32,
        r: u32,
        lower: bool,
        backward: bool,
        (own, other): (u32, u32),
        cand: &[u16],
        shape: &Shape,
        queue: &mut Vec<u32>,
    ) -> Option<Meet> {
        // Backwards, a step from `r` to the other run of a cell is, along the path, a
        // step into the cell from that other run.
        let rise = (self.across[r as usize] != backward) == lower;
        let span = shape.span(r);
        for (&y, &next) in shape.run_cells[span.clone()]
            .iter()
            .zip(&shape.run_other[span])
        {
            if y == c {
                continue;
            }
            let (ly, hy) = bounds(cand[y as usize]);
            let xy = self.x[y as usize];
            if (rise && xy >= hy) || (!rise && xy <= ly) {
                continue;
            }
            let seen = self.seen[next as usize];
            if seen == own {
                continue;
            }
            if seen == other {
                return Some(if backward {
                    Meet {
                        from: next,
                        cell: y,
                        to: r,
                    }
                } else {
                    Meet {
                        from: r,
                        cell: y,
                        to: next,
                    }
                });
            }
            self.seen[next as usize] = own;
            self.via[next as usize] = y;
            queue.push(next);
        }
        None
    }
}

/// Where the two halves of a path found by [`Balance::search_path`] meet: the edge
/// (cell) `cell` from run `from`, reached from `a`, to run `to`, which reaches `d`.
struct Meet {
    from: u32,
    cell: u32,
    to: u32,
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::gen::kakuro::{generate, shift_clues, Params};
    use crate::gen::Rng;
    use crate::model::{Direction, KakuroBoard};
    use proptest::prelude::*;

    /// The search's compact numbering of `board` (white cells row-major, runs as the
    /// board lists them), built here independently of `Search::new` (also used by the
    /// tests of `digit_fit`).
    pub(in crate::solve::kakuro_search) struct Layout {
        cell_runs: Vec<[u32; 2]>,
        run_start: Vec<u32>,
        run_cells: Vec<u32>,
        clues: Vec<u8>,
    }

    impl Layout {
        pub(in crate::solve::kakuro_search) fn of(board: &KakuroBoard) -> Layout {
            let mut compact = vec![u32::MAX; board.rows() * board.cols()];
            let mut cell_runs = Vec::new();
            for pos in board.white_cells() {
                compact[pos] = cell_runs.len() as u32;
                let run = |dir| board.run_of(pos, dir).map(|r| r as u32);
                cell_runs.push([
                    run(Direction::Across).unwrap_or(u32::MAX),
                    run(Direction::Down).unwrap_or(u32::MAX),
                ]);
            }
            let (mut run_start, mut run_cells) = (vec![0], Vec::new());
            for run in board.runs() {
                run_cells.extend(run.cells.iter().map(|&p| compact[p]));
                run_start.push(run_cells.len() as u32);
            }
            let clues = board.runs().iter().map(|r| r.clue as u8).collect();
            Layout {
                cell_runs,
                run_start,
                run_cells,
                clues,
            }
        }

        pub(in crate::solve::kakuro_search) fn shape(&self) -> Shape {
            Shape::new(
                self.cell_runs.clone(),
                self.run_start.clone(),
                self.run_cells.clone(),
            )
        }

        fn cells_of(&self, r: usize) -> &[u32] {
            &self.run_cells[self.run_start[r] as usize..self.run_start[r + 1] as usize]
        }

        /// Brute force: is there a value per cell of `runs`' cells, within `cand`'s
        /// bounds, with every run of `runs` summing to its clue (repeats allowed)?
        fn feasible(&self, runs: &[u32], cand: &[u16]) -> bool {
            let mut cells: Vec<u32> = runs
                .iter()
                .flat_map(|&r| self.cells_of(r as usize).iter().copied())
                .collect();
            cells.sort_unstable();
            cells.dedup();
            let mut value = vec![0u8; cand.len()];
            self.extend(&cells, 0, runs, cand, &mut value)
        }

        fn extend(
            &self,
            cells: &[u32],
            i: usize,
            runs: &[u32],
            cand: &[u16],
            value: &mut [u8],
        ) -> bool {
            if i == cells.len() {
                return runs.iter().all(|&r| {
                    let sum: u32 = self
                        .cells_of(r as usize)
                        .iter()
                        .map(|&c| u32::from(value[c as usize]))
                        .sum();
                    sum == u32::from(self.clues[r as usize])
                });
            }
            let c = cells[i] as usize;
            let (lo, hi) = bounds(cand[c]);
            for v in lo..=hi {
                value[c] = v;
                // Prune: a run whose assigned cells already exceed its clue.
                let over = self.cell_runs[c].iter().any(|&r| {
                    runs.contains(&r)
                        && self
                            .cells_of(r as usize)
                            .iter()
                            .map(|&y| u32::from(value[y as usize]))
                            .sum::<u32>()
                            > u32::from(self.clues[r as usize])
                });
                if !over && self.extend(cells, i + 1, runs, cand, value) {
                    value[c] = 0;
                    return true;
                }
            }
            value[c] = 0;
            false
        }

        /// Every cell within its bounds and every run summing to its clue.
        fn holds(&self, balance: &Balance, cand: &[u16]) -> bool {
            (0..cand.len()).all(|c| balance.fits(c as u32, cand[c]))
                && (0..self.clues.len()).all(|r| {
                    let sum: u32 = self
                        .cells_of(r)
                        .iter()
                        .map(|&c| u32::from(balance.value(c)))
                        .sum();
                    sum == u32::from(self.clues[r])
                })
        }
    }

    /// A small board (at most 7 white cells, so brute force stays cheap), sometimes with
    /// two clues shifted so that it may have no fill at all.
    fn small_board(seed: u64) -> Option<KakuroBoard> {
        let mut rng = Rng::new(seed);
        let p = Params {
            rows: 3 + rng.below(3),
            cols: 3 + rng.below(3),
            white_percent: 50 + rng.below(40),
            max_run: 9,
            distinct: rng.chance(1, 2),
        };
        let mut board = generate(&p, &mut rng).board;
        if rng.chance(1, 3) {
            board = shift_clues(&board, 1 + rng.below(4) as i32, &mut rng)?;
        }
        (board.white_count() > 0 && board.white_count() <= 7).then_some(board)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Repairs after random candidate changes, with undos (bounds widening again):
        /// the verdict is the brute-force one, a kept point satisfies every sum and
        /// bound, and a failure's explanation is infeasible on its own runs.
        #[test]
        fn repair_agrees_with_brute_force(seed in any::<u64>(), steps in proptest::collection::vec((any::<u16>(), any::<u16>(), 0u8..4), 1..12)) {
            let Some(board) = small_board(seed) else { return Ok(()) };
            let layout = Layout::of(&board);
            let n = layout.cell_runs.len();
            let all: Vec<u32> = (0..layout.clues.len() as u32).collect();
            let mut cand = vec![0x1FFu16; n];
            let Some(mut balance) = Balance::new(&layout.shape(), &layout.clues) else {
                prop_assert!(!layout.feasible(&all, &cand), "new: no point, but brute force finds one");
                return Ok(());
            };
            prop_assert!(layout.holds(&balance, &cand));
            let mut undo: Vec<(usize, u16)> = Vec::new();
            for (pick, mask, action) in steps {
                if action == 0 {
                    // Undo the last change (bounds can only widen).
                    if let Some((c, old)) = undo.pop() {
                        cand[c] = old;
                        prop_assert!(layout.holds(&balance, &cand), "undo broke the point");
                    }
                    continue;
                }
                let c = usize::from(pick) % n;
                let narrowed = cand[c] & mask & 0x1FF;
                if narrowed == 0 || narrowed == cand[c] {
                    continue;
                }
                undo.push((c, cand[c]));
                cand[c] = narrowed;
                let expected = layout.feasible(&all, &cand);
                let ok = balance.fits(c as u32, narrowed) || balance.repair(c as u32, &cand, &layout.shape());
                prop_assert_eq!(ok, expected, "cell {} narrowed to {:09b}", c, narrowed);
                if ok {
                    prop_assert!(layout.holds(&balance, &cand));
                } else {
                    let why = balance.explanation().to_vec();
                    prop_assert!(!why.is_empty());
                    prop_assert!(!layout.feasible(&why, &cand), "explanation {:?} is feasible", why);
                    // Only the boundary cells' bounds count: free every other cell.
                    let mut boundary = vec![false; n];
                    balance.for_each_boundary_cell(&layout.shape(), |y| boundary[y as usize] = true);
                    prop_assert!(boundary[c], "the failing cell is not on the boundary");
                    let inside = |r: u32| why.contains(&r);
                    let expected: Vec<bool> = layout.cell_runs.iter().map(|&[a, d]| inside(a) != inside(d)).collect();
                    prop_assert_eq!(&boundary, &expected, "boundary cells of {:?}", why);
                    let loose: Vec<u16> = (0..n).map(|y| if boundary[y] { cand[y] } else { 0x1FF }).collect();
                    prop_assert!(!layout.feasible(&why, &loose), "explanation {:?} is feasible with only its boundary cells bounded", why);
                    // The search backtracks: undo this change; the point must be fine.
                    let (c, old) = undo.pop().expect("just pushed");
                    cand[c] = old;
                    prop_assert!(layout.holds(&balance, &cand), "undo after failure broke the point");
                }
            }
        }
    }
}
