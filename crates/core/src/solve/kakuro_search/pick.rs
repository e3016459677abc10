//! The branching-cell choice of the classic Kakuro search: a tournament tree over the
//! cells in a fixed order, whose root is the best empty cell. Owns the order and the
//! tree; [`Search`](super::search) says which cells changed and how cells compare.
//!
//! # Why a fixed order, and why a tree
//!
//! The search branches on the empty cell with the fewest candidates per unit of
//! conflict weight (dom/wdeg), and weights start equal, so ties are the rule. Breaking
//! them in *breadth-first order from one corner* (the order in which a search over
//! shared runs first meets the cells) grows the filled region as a compact blob: runs
//! close soon after they are entered, and a bad choice fails close to where it was
//! made. On `gen_100x100` case 0 that order is worth a factor of 2.5 over breaking
//! ties in row-major order, and recomputing it from the current first empty cell at
//! every decision (as the component search used to) was no better than fixing it once
//! at the root.
//!
//! A scan over all empty cells per decision cost a third of the search's time on that
//! board (6.5k cells, thousands of decisions per restart). The tree recomputes only
//! the nodes above cells whose score changed since the last choice: `O(changed · log
//! cells)`, with shared ancestors recomputed once. The stale nodes are bits, taken
//! highest first (children before parents); a list sorted at every choice cost 2 % of
//! the solve (71 → 68 ms on `gen_100x100` case 0, the same search).

use super::NONE;

/// Tournament tree over the cells in rank order: leaf `size + i` holds the cell of rank
/// `i` (`NONE` past the last cell), each inner node the winner of its two children
/// (`NONE` if neither child has an empty cell).
#[derive(Clone)]
pub(super) struct Pick {
    /// Rank of each cell.
    rank: Vec<u32>,
    /// Nodes `1..size` inner, `size..2·size` leaves.
    tree: Vec<u32>,
    size: usize,
    /// Inner nodes whose winner may have changed, one bit each (node `i`: word
    /// `i / 64`, bit `i % 64`).
    stale: Vec<u64>,
    /// Whether [`order`](Self::order) has run.
    ordered: bool,
}

impl Pick {
    /// Room for `cells` cells; [`order`](Self::order) must run before the first
    /// [`best`](Self::best).
    pub(super) fn new(cells: usize) -> Pick {
        let size = cells.next_power_of_two().max(2);
        Pick {
            rank: vec![0; cells],
            tree: vec![NONE; 2 * size],
            size,
            stale: vec![0; size.div_ceil(64)],
            ordered: false,
        }
    }

    /// Whether the order is set.
    pub(super) fn is_ordered(&self) -> bool {
        self.ordered
    }

    /// Sets the order: `first` in the order given, then the other cells by number. Every
    /// inner node is stale afterwards.
    pub(super) fn order(&mut self, first: &[u32]) {
        let cells = self.rank.len();
        // Mark the cells of `first` with an out-of-range rank, then number the rest.
        self.rank.fill(NONE);
        for (i, &c) in first.iter().enumerate() {
            self.rank[c as usize] = i as u32;
            self.tree[self.size + i] = c;
        }
        let mut next = first.len();
        for c in 0..cells {
            if self.rank[c] == NONE {
                self.rank[c] = next as u32;
                self.tree[self.size + next] = c as u32;
                next += 1;
            }
        }
        // Every inner node, 1..size.
        self.stale.fill(0);
        for node in 1..self.size {
            self.stale[node / 64] |= 1 << (node % 64);
        }
        self.ordered = true;
    }

    /// Cell `c`'s score changed (candidates, digit or weight).
    #[inline]
    pub(super) fn touch(&mut self, c: u32) {
        let mut node = (self.size + self.rank[c as usize] as usize) / 2;
        // An inner node is stale only if all its ancestors are: stop at the first.
        while node >= 1 && self.stale[node / 64] >> (node % 64) & 1 == 0 {
            self.stale[node / 64] |= 1 << (node % 64);
            node /= 2;
        }
    }

    /// The best empty cell, `NONE` if none is. `score(c)` is `None` for a cell holding
    /// a digit, else `(candidates, weight)`; `a` beats `b` if `a`'s candidates per unit
    /// of weight are fewer, or as few and `a` comes first in the order.
    pub(super) fn best(&mut self, score: impl Fn(u32) -> Option<(u32, u32)>) -> u32 {
        // Children have larger numbers than their parents: highest first.
        for w in (0..self.stale.len()).rev() {
            while self.stale[w] != 0 {
                let b = 63 - self.stale[w].leading_zeros() as usize;
                self.stale[w] &= !(1 << b);
                self.update(w * 64 + b, &score);
            }
        }
        self.tree[1]
    }

    /// Recomputes inner node `node`'s winner from its children.
    #[inline]
    fn update(&mut self, node: usize, score: &impl Fn(u32) -> Option<(u32, u32)>) {
        {
            let (left, right) = (self.tree[2 * node], self.tree[2 * node + 1]);
            let l = if left == NONE { None } else { score(left) };
            let r = if right == NONE { None } else { score(right) };
            self.tree[node] = match (l, r) {
                (None, None) => NONE,
                (Some(_), None) => left,
                (None, Some(_)) => right,
                // `right` wins only when strictly better: ties go to the earlier rank.
                (Some((dl, wl)), Some((dr, wr))) => {
                    if u64::from(dr) * u64::from(wl) < u64::from(dl) * u64::from(wr) {
                        right
                    } else {
                        left
                    }
                }
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// After any sequence of score changes (each followed by `touch`), `best` is
        /// the winner of a plain scan in rank order.
        #[test]
        fn best_is_the_scan_winner(
            cells in 1usize..70,
            seed in proptest::collection::vec((0u32..10, 1u32..6), 70),
            changes in proptest::collection::vec((0usize..70, 0u32..10, 1u32..6, any::<bool>()), 0..60),
            shuffle in any::<u64>(),
        ) {
            let mut dom: Vec<u32> = seed.iter().take(cells).map(|s| s.0).collect();
            let mut weight: Vec<u32> = seed.iter().take(cells).map(|s| s.1).collect();
            // Some order of some of the cells (the rest follow by number).
            let mut first: Vec<u32> = (0..cells as u32).collect();
            let mut x = shuffle | 1;
            for i in (1..first.len()).rev() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                first.swap(i, (x % (i as u64 + 1)) as usize);
            }
            first.truncate(cells / 2);
            let mut pick = Pick::new(cells);
            pick.order(&first);
            let mut rank_order = first.clone();
            rank_order.extend((0..cells as u32).filter(|c| !first.contains(c)));
            // dom 0 stands for "holds a digit".
            let scan = |dom: &[u32], weight: &[u32]| {
                let mut best = (NONE, 0u64, 1u64);
                for &c in &rank_order {
                    let (d, w) = (u64::from(dom[c as usize]), u64::from(weight[c as usize]));
                    if d > 0 && (best.0 == NONE || d * best.2 < best.1 * w) {
                        best = (c, d, w);
                    }
                }
                best.0
            };
            let score = |dom: &[u32], weight: &[u32], c: u32| {
                let d = dom[c as usize];
                (d > 0).then_some((d, weight[c as usize]))
            };
            prop_assert_eq!(pick.best(|c| score(&dom, &weight, c)), scan(&dom, &weight));
            for (c, d, w, ask) in changes {
                let c = c % cells;
                dom[c] = d;
                weight[c] = w;
                pick.touch(c as u32);
                if ask {
                    prop_assert_eq!(pick.best(|c| score(&dom, &weight, c)), scan(&dom, &weight));
                }
            }
            prop_assert_eq!(pick.best(|c| score(&dom, &weight, c)), scan(&dom, &weight));
        }
    }
}
