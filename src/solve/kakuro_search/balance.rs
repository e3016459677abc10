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
//! is thousands, and the backjumping gets sharper: 6.5 s → 1.6 s.
//!
//! Backtracking never has to undo `x`: undoing only widens bounds and restores placed
//! cells to empty ones that keep their value, so the point stays feasible.

use super::search::NONE;
use crate::solve::maxflow::MaxFlow;

/// Smallest and largest digit of a non-empty candidate mask.
#[inline]
fn bounds(mask: u16) -> (u8, u8) {
    (
        mask.trailing_zeros() as u8 + 1,
        16 - mask.leading_zeros() as u8,
    )
}

/// The board's structure as the relaxation needs it (borrowed from the search).
pub(super) struct Shape<'a> {
    /// Across and down run of each cell.
    pub(super) cell_runs: &'a [[u32; 2]],
    /// Cells of run `r`: `run_cells[run_start[r]..run_start[r + 1]]`.
    pub(super) run_start: &'a [u32],
    pub(super) run_cells: &'a [u32],
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
        let mut across = vec![false; runs];
        for &[a, _] in shape.cell_runs {
            across[a as usize] = true;
        }
        // The hdu3338 reduction: every cell pays its lower bound 1 up front.
        let mut graph = MaxFlow::new(runs + 2, cells + runs);
        let (source, sink) = (runs, runs + 1);
        // Cell `c`'s edge is edge `c`: the cells' edges come first.
        for &[a, d] in shape.cell_runs {
            graph.add_edge(a as usize, d as usize, 8);
        }
        let mut demand = 0u64;
        for (r, &clue) in clues.iter().enumerate() {
            let len = (shape.run_start[r + 1] - shape.run_start[r]) as usize;
            // Search::new has checked len <= clue <= 45 already.
            let need = u32::from(clue).checked_sub(len as u32)?;
            if across[r] {
                graph.add_edge(source, r, need);
                demand += u64::from(need);
            } else {
                graph.add_edge(r, sink, need);
            }
        }
        if graph.max_flow(source, sink) != demand {
            return None;
        }
        let x = (0..cells).map(|e| 1 + graph.flow(e) as u8).collect();
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
    #[cfg(test)]
    fn value(&self, c: u32) -> u8 {
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

    /// The runs the last failed [`repair`](Self::repair) reached: together they
    /// explain the failure.
    pub(super) fn explanation(&self) -> &[u32] {
        &self.queue
    }

    /// Moves the point so that cell `c` lies within its candidates `cand[c]` again,
    /// every other cell within its own, and every run still sums to its clue. False if
    /// no such point exists; [`explanation`](Self::explanation) then names the runs
    /// that prove it.
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
            if !self.search_path(c, a, d, lower, cand, shape) {
                // Either side of the cut explains the failure: keep the smaller.
                let mut back = std::mem::take(&mut self.back);
                let found = self.reach(c, (d, a), lower, true, cand, shape, &mut back);
                debug_assert!(!found, "a backward path where there is no forward one");
                if back.len() < self.queue.len() {
                    std::mem::swap(&mut self.queue, &mut back);
                }
                self.back = back;
                return false;
            }
            debug_assert!(need > 0);
            // The path's slack, then the change along it.
            let mut node = d;
            while node != a {
                let y = self.via[node as usize];
                let from = self.other_run(y, node, shape);
                let (ly, hy) = bounds(cand[y as usize]);
                let xy = self.x[y as usize];
                let slack = if self.across[from as usize] == lower {
                    hy - xy
                } else {
                    xy - ly
                };
                need = need.min(slack);
                node = from;
            }
            let mut node = d;
            while node != a {
                let y = self.via[node as usize];
                let from = self.other_run(y, node, shape);
                if self.across[from as usize] == lower {
                    self.x[y as usize] += need;
                } else {
                    self.x[y as usize] -= need;
                }
                node = from;
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
    fn other_run(&self, y: u32, run: u32, shape: &Shape) -> u32 {
        let [a, d] = shape.cell_runs[y as usize];
        if a == run {
            d
        } else {
            a
        }
    }

    /// Breadth-first search from run `a` to run `d` (the two runs of cell `c`, which
    /// is not used); see [`repair`](Self::repair) for `lower`. Fills `via`; the runs
    /// reached are left in `queue`.
    fn search_path(
        &mut self,
        c: u32,
        a: u32,
        d: u32,
        lower: bool,
        cand: &[u16],
        shape: &Shape,
    ) -> bool {
        let mut queue = std::mem::take(&mut self.queue);
        let found = self.reach(c, (a, d), lower, false, cand, shape, &mut queue);
        self.queue = queue;
        found
    }

    /// The breadth-first search of [`search_path`](Self::search_path) into `queue`,
    /// from `ends.0` to `ends.1`; `backward` walks the same residual edges the other
    /// way (from `d`, the runs that could still pass a change on to `d`).
    #[allow(clippy::too_many_arguments)]
    fn reach(
        &mut self,
        c: u32,
        (from, to): (u32, u32),
        lower: bool,
        backward: bool,
        cand: &[u16],
        shape: &Shape,
        queue: &mut Vec<u32>,
    ) -> bool {
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        let stamp = self.stamp;
        queue.clear();
        queue.push(from);
        self.seen[from as usize] = stamp;
        let mut read = 0;
        while read < queue.len() {
            let r = queue[read];
            read += 1;
            // Forwards (for `lower`) a path rises through a cell it enters from the
            // cell's across run; backwards it enters the cell from the other run.
            let rise = (self.across[r as usize] != backward) == lower;
            let (lo, hi) = (
                shape.run_start[r as usize] as usize,
                shape.run_start[r as usize + 1] as usize,
            );
            for &y in &shape.run_cells[lo..hi] {
                if y == c {
                    continue;
                }
                let (ly, hy) = bounds(cand[y as usize]);
                let xy = self.x[y as usize];
                if (rise && xy >= hy) || (!rise && xy <= ly) {
                    continue;
                }
                let next = self.other_run(y, r, shape);
                if self.seen[next as usize] == stamp {
                    continue;
                }
                self.seen[next as usize] = stamp;
                self.via[next as usize] = y;
                if next == to {
                    return true;
                }
                queue.push(next);
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::kakuro::{generate, shift_clues, Params};
    use crate::gen::Rng;
    use crate::model::{Direction, KakuroBoard};
    use proptest::prelude::*;

    /// The search's compact numbering of `board` (white cells row-major, runs as the
    /// board lists them), built here independently of `Search::new`.
    struct Layout {
        cell_runs: Vec<[u32; 2]>,
        run_start: Vec<u32>,
        run_cells: Vec<u32>,
        clues: Vec<u8>,
    }

    impl Layout {
        fn of(board: &KakuroBoard) -> Layout {
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

        fn shape(&self) -> Shape<'_> {
            Shape {
                cell_runs: &self.cell_runs,
                run_start: &self.run_start,
                run_cells: &self.run_cells,
            }
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
                    // The search backtracks: undo this change; the point must be fine.
                    let (c, old) = undo.pop().expect("just pushed");
                    cand[c] = old;
                    prop_assert!(layout.holds(&balance, &cand), "undo after failure broke the point");
                }
            }
        }
    }
}
