//! Dinic's maximum-flow algorithm on flat arrays, reusable across graphs.
//!
//! Owns the flow network and nothing about what it models (see
//! [`kakuro_flow`](super::kakuro_flow) for the Kakuro reduction).
//!
//! # Layout
//!
//! Edges live in parallel arrays indexed by an edge id; edge `e` and its reverse are
//! `e` and `e ^ 1` (added together by [`MaxFlow::add_edge`]). Each node's edges form a
//! singly linked list through `next`, starting at `head[node]`:
//!
//! ```text
//! head[u] ──▶ e ──next[e]──▶ e' ──next[e']──▶ NONE
//! to[e]  : head of edge e          cap[e]: residual capacity of e
//! ```
//!
//! # Algorithm and costs
//!
//! Each phase builds BFS levels from the source, then sends a blocking flow with an
//! *iterative* depth-first search (an explicit path stack, so deep graphs cannot
//! overflow the call stack) and the current-arc optimisation (`iter[u]` never revisits
//! an edge that is saturated or leads to a dead end in this phase). `O(V²E)` in general,
//! far less on the shallow unit-ish graphs of Kakuro.
//!
//! All working memory (levels, current arcs, BFS queue, path stack) is sized by
//! [`MaxFlow::reset`] / [`MaxFlow::add_node`] and reused: [`MaxFlow::max_flow`] never
//! allocates.

/// Marker for "no edge".
const NONE: u32 = u32::MAX;
/// Level of a node the BFS has not reached.
const UNREACHED: u32 = u32::MAX;

/// A flow network with `u32` capacities, solved by Dinic's algorithm.
#[derive(Debug, Clone, Default)]
pub struct MaxFlow {
    /// First edge of each node's list, or `NONE`.
    head: Vec<u32>,
    /// Next edge in the same node's list, or `NONE`.
    next: Vec<u32>,
    /// Head node of each edge.
    to: Vec<u32>,
    /// Residual capacity of each edge.
    cap: Vec<u32>,
    /// Capacity each edge was created with (0 for reverse edges).
    original: Vec<u32>,
    /// BFS level per node.
    level: Vec<u32>,
    /// Current arc per node.
    iter: Vec<u32>,
    /// BFS queue.
    queue: Vec<u32>,
    /// DFS path: the edges from the source to the current node.
    path: Vec<u32>,
}

impl MaxFlow {
    /// An empty network with `nodes` nodes (ids `0..nodes`) and room for `edges_hint`
    /// forward edges.
    pub fn new(nodes: usize, edges_hint: usize) -> Self {
        let mut g = MaxFlow::default();
        g.reserve_edges(edges_hint);
        g.reset(nodes);
        g
    }

    /// Clears all edges and sets the node count, keeping the allocated memory.
    pub fn reset(&mut self, nodes: usize) {
        self.head.clear();
        self.head.resize(nodes, NONE);
        self.next.clear();
        self.to.clear();
        self.cap.clear();
        self.original.clear();
        self.level.clear();
        self.level.resize(nodes, UNREACHED);
        self.iter.clear();
        self.iter.resize(nodes, NONE);
        self.queue.clear();
        self.queue.reserve(nodes);
        self.path.clear();
        self.path.reserve(nodes);
    }

    /// Reserves room for `edges` more forward edges (each also gets a reverse edge).
    pub fn reserve_edges(&mut self, edges: usize) {
        for v in [
            &mut self.next,
            &mut self.to,
            &mut self.cap,
            &mut self.original,
        ] {
            v.reserve(2 * edges);
        }
    }

    /// Adds a node and returns its id.
    pub fn add_node(&mut self) -> usize {
        self.head.push(NONE);
        self.level.push(UNREACHED);
        self.iter.push(NONE);
        self.queue.reserve(self.head.len());
        self.path.reserve(self.head.len());
        self.head.len() - 1
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.head.len()
    }

    /// Number of forward edges added.
    pub fn edge_count(&self) -> usize {
        self.to.len() / 2
    }

    /// Adds an edge `from → to` with capacity `cap` and returns its id, for
    /// [`flow`](Self::flow).
    ///
    /// # Panics
    ///
    /// If `from` or `to` is not a node id (a programming error, not an input error).
    pub fn add_edge(&mut self, from: usize, to: usize, cap: u32) -> usize {
        assert!(
            from < self.head.len() && to < self.head.len(),
            "edge {from}->{to} outside 0..{}",
            self.head.len()
        );
        let e = self.to.len();
        self.push_half(from, to, cap);
        self.push_half(to, from, 0);
        e / 2
    }

    fn push_half(&mut self, from: usize, to: usize, cap: u32) {
        let e = self.to.len() as u32;
        self.to.push(to as u32);
        self.cap.push(cap);
        self.original.push(cap);
        self.next.push(self.head[from]);
        self.head[from] = e;
    }

    /// The flow currently on forward edge `edge` (an id from [`add_edge`](Self::add_edge)).
    pub fn flow(&self, edge: usize) -> u32 {
        let e = 2 * edge;
        self.original[e] - self.cap[e]
    }

    /// Sends `amount` more units along forward edge `edge` (an id from
    /// [`add_edge`](Self::add_edge)), e.g. to seed a greedy initial flow; the caller
    /// keeps flow conservation. [`max_flow`](Self::max_flow) then augments from there.
    ///
    /// # Panics
    ///
    /// If `amount` exceeds the edge's residual capacity (a programming error).
    pub fn push(&mut self, edge: usize, amount: u32) {
        let e = 2 * edge;
        assert!(
            amount <= self.cap[e],
            "push {amount} over residual {}",
            self.cap[e]
        );
        self.cap[e] -= amount;
        self.cap[e + 1] += amount;
    }

    /// Removes all flow, restoring every edge's original capacity.
    pub fn clear_flow(&mut self) {
        self.cap.copy_from_slice(&self.original);
    }

    /// Sends as much additional flow as possible from `source` to `sink` and returns
    /// the amount added. Calling it again without changes returns 0.
    ///
    /// # Panics
    ///
    /// If `source` or `sink` is not a node id, or they are equal.
    pub fn max_flow(&mut self, source: usize, sink: usize) -> u64 {
        assert!(source < self.head.len() && sink < self.head.len() && source != sink);
        let (s, t) = (source as u32, sink as u32);
        let mut total = 0u64;
        while self.bfs(s, t) {
            self.iter.copy_from_slice(&self.head);
            total += self.blocking_flow(s, t);
        }
        total
    }

    /// Builds levels from `s`; true if `t` is reachable in the residual graph.
    fn bfs(&mut self, s: u32, t: u32) -> bool {
        self.level.fill(UNREACHED);
        self.queue.clear();
        self.level[s as usize] = 0;
        self.queue.push(s);
        let mut read = 0;
        while read < self.queue.len() {
            let u = self.queue[read];
            read += 1;
            let next_level = self.level[u as usize] + 1;
            let mut e = self.head[u as usize];
            while e != NONE {
                let v = self.to[e as usize];
                if self.cap[e as usize] > 0 && self.level[v as usize] == UNREACHED {
                    self.level[v as usize] = next_level;
                    if v == t {
                        // Nodes at t's level or deeper never lie on a shortest path.
                        return true;
                    }
                    self.queue.push(v);
                }
                e = self.next[e as usize];
            }
        }
        false
    }

    /// One blocking flow along level-increasing edges, by iterative DFS.
    // PERF: the path stack replaces recursion; augmenting retreats only to the tail of
    // the first saturated edge, so the prefix of the path is reused.
    fn blocking_flow(&mut self, s: u32, t: u32) -> u64 {
        let mut total = 0u64;
        let t_level = self.level[t as usize];
        self.path.clear();
        let mut u = s;
        loop {
            if u == t {
                // Augment by the bottleneck of the path.
                let mut push = u32::MAX;
                for &e in &self.path {
                    push = push.min(self.cap[e as usize]);
                }
                let mut cut = self.path.len();
                for (i, &e) in self.path.iter().enumerate() {
                    self.cap[e as usize] -= push;
                    self.cap[(e ^ 1) as usize] += push;
                    if self.cap[e as usize] == 0 && cut == self.path.len() {
                        cut = i;
                    }
                }
                total += u64::from(push);
                // Retreat to the tail of the first saturated edge.
                self.path.truncate(cut);
                u = match self.path.last() {
                    Some(&e) => self.to[e as usize],
                    None => s,
                };
                continue;
            }
            // Advance along the current arc if possible.
            let lu = self.level[u as usize];
            let mut e = self.iter[u as usize];
            while e != NONE {
                let v = self.to[e as usize];
                let lv = self.level[v as usize];
                if self.cap[e as usize] > 0 && lv == lu + 1 && (lv < t_level || v == t) {
                    break;
                }
                e = self.next[e as usize];
            }
            self.iter[u as usize] = e;
            if e != NONE {
                self.path.push(e);
                u = self.to[e as usize];
                continue;
            }
            // Dead end: u is useless for the rest of this phase; retreat.
            self.level[u as usize] = UNREACHED;
            match self.path.pop() {
                None => return total,
                Some(back) => {
                    u = self.to[(back ^ 1) as usize];
                    let cur = self.iter[u as usize];
                    self.iter[u as usize] = self.next[cur as usize];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_edge() {
        let mut g = MaxFlow::new(2, 1);
        let e = g.add_edge(0, 1, 7);
        assert_eq!(g.max_flow(0, 1), 7);
        assert_eq!(g.flow(e), 7);
        assert_eq!(g.max_flow(0, 1), 0);
    }

    #[test]
    fn classic_clrs_network() {
        // CLRS figure 26.1: max flow 23.
        let mut g = MaxFlow::new(6, 9);
        for (u, v, c) in [
            (0, 1, 16),
            (0, 2, 13),
            (2, 1, 4),
            (1, 3, 12),
            (3, 2, 9),
            (2, 4, 14),
            (4, 3, 7),
            (3, 5, 20),
            (4, 5, 4),
        ] {
            g.add_edge(u, v, c);
        }
        assert_eq!(g.max_flow(0, 5), 23);
        g.clear_flow();
        assert_eq!(g.max_flow(0, 5), 23);
    }

    #[test]
    fn seeded_flow_is_completed() {
        // Two paths 0-1-3 and 0-2-3 plus a cross edge 1-2; seed a poor flow on the
        // cross path and let max_flow reroute through the reverse edge.
        let mut g = MaxFlow::new(4, 5);
        let a = g.add_edge(0, 1, 2);
        let b = g.add_edge(1, 3, 2);
        let c = g.add_edge(0, 2, 2);
        let d = g.add_edge(2, 3, 2);
        let x = g.add_edge(1, 2, 2);
        g.push(a, 2);
        g.push(x, 2);
        g.push(d, 2);
        assert_eq!(g.max_flow(0, 3), 2);
        assert_eq!((g.flow(a), g.flow(b), g.flow(c), g.flow(d)), (2, 2, 2, 2));
        assert_eq!(g.flow(x), 0);
    }

    #[test]
    fn disconnected_sink() {
        let mut g = MaxFlow::new(3, 1);
        g.add_edge(0, 1, 5);
        assert_eq!(g.max_flow(0, 2), 0);
    }

    #[test]
    fn reset_reuses() {
        let mut g = MaxFlow::new(4, 4);
        g.add_edge(0, 1, 3);
        g.add_edge(1, 3, 2);
        assert_eq!(g.max_flow(0, 3), 2);
        g.reset(3);
        let a = g.add_node();
        assert_eq!(a, 3);
        g.add_edge(0, 1, 10);
        g.add_edge(1, 2, 4);
        g.add_edge(1, 3, 5);
        g.add_edge(3, 2, 6);
        assert_eq!(g.max_flow(0, 2), 9);
        assert_eq!(g.edge_count(), 4);
    }
}
