//! Kakuro Extension (HDU 3338: digits may repeat within a run) by max-flow with lower
//! bounds. Owns the reduction and the "no solution" reasons; the flow engine is
//! [`maxflow`](super::maxflow).
//!
//! # Reduction
//!
//! ```text
//!            clue−len              8 (one edge per white cell)           clue−len
//! source ───────────▶ across run ───────────────────────────▶ down run ───────────▶ sink
//! ```
//!
//! Every white cell holds `1 + flow` on its edge: the lower bound 1 is paid up front,
//! which is why the run edges carry `clue − length`. A fill exists iff the maximum flow
//! saturates every source edge (then every sink edge is saturated too, because the
//! across and down totals are equal). The cheap necessary checks (`length ≤ clue ≤
//! 9·length`, equal totals) run first and name the offending run; they are not
//! sufficient, which is what the flow decides.
//!
//! The solver never returns a fill with a 0 or a wrong sum: an infeasible board is an
//! [`Infeasible`] error with its reason.

use super::maxflow::MaxFlow;
use crate::model::{ClueFault, DigitRule, Direction, KakuroBoard, KakuroFill};
use thiserror::Error;

/// Why a board has no Kakuro Extension fill.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Infeasible {
    /// A clue no digits can make, or across and down totals that differ: the board's
    /// clue check ([`KakuroBoard::check_clue_values`] under [`DigitRule::Repeats`]).
    #[error(transparent)]
    Clue(#[from] ClueFault),
    /// The clues pass the necessary checks but no fill exists: the maximum flow
    /// falls `short` units below the demand.
    #[error("no fill exists: the maximum flow is {short} short of the {demand} needed")]
    FlowShort {
        /// Units of flow missing.
        short: u64,
        /// Total flow needed (sum over across runs of `clue − length`).
        demand: u64,
    },
    /// A white cell that does not lie in both an across and a down run (cannot happen
    /// for a board built by [`KakuroBoard::new`]; reported rather than trusted).
    #[error("cell ({}, {}) is not in both an across and a down run", at.0 + 1, at.1 + 1)]
    UncoveredCell {
        /// The cell, 0-based `(row, col)`.
        at: (usize, usize),
    },
}

/// Capacity of a cell edge: digits 1..=9 minus the lower bound 1.
const CELL_CAP: u32 = 8;

/// Solves `board` under the Kakuro Extension rules (digits 1..=9, each run sums to its
/// clue, repeats allowed). Returns one fill, or why none exists.
// PERF: `cargo bench --bench kakuro -- flow` (figures per file in benches/kakuro.rs):
// every corpus case under 5.2 ms median on 2 loaded cores, all but gen_100x100 cases 0-1
// under 1.6 ms. Peak RSS of a process solving all nine 100x100 cases (flow, plus the
// classic ones by search): 7.2 MiB (`/usr/bin/time -v`, test `solve_the_100x100_cases`).
// Allocation count is independent of the board (test
// `solvers_allocate_the_same_few_buffers_whatever_the_work`).
pub fn solve(board: &KakuroBoard) -> Result<KakuroFill, Infeasible> {
    let mut graph = MaxFlow::default();
    solve_with(board, &mut graph)
}

/// As [`solve`], reusing `graph`'s memory (its previous contents are discarded).
pub fn solve_with(board: &KakuroBoard, graph: &mut MaxFlow) -> Result<KakuroFill, Infeasible> {
    precheck(board)?;
    let runs = board.runs();
    let (source, sink) = (0usize, 1usize);
    // Node of run r is r + 2.
    graph.reset(runs.len() + 2);
    graph.reserve_edges(runs.len() + board.white_count());
    let mut demand = 0u64;
    // Edge from the source (across) or to the sink (down) of each run, and what it
    // can still carry during the greedy seeding below.
    let mut run_edge = Vec::with_capacity(runs.len());
    let mut spare_left = Vec::with_capacity(runs.len());
    for (r, run) in runs.iter().enumerate() {
        // precheck passed: len <= clue, so this cannot underflow.
        let spare = u32::from(run.clue) - run.len() as u32;
        spare_left.push(spare);
        run_edge.push(match run.direction {
            Direction::Across => {
                demand += u64::from(spare);
                graph.add_edge(source, r + 2, spare)
            }
            Direction::Down => graph.add_edge(r + 2, sink, spare),
        });
    }
    // One edge per white cell, in row-major order; remember each edge id.
    let cols = board.cols();
    let mut cell_edges = Vec::with_capacity(board.white_count());
    // PERF: seed the flow before Dinic runs: first each cell takes an even share of
    // what its two runs still need over their remaining cells, then a greedy top-up;
    // Dinic repairs the rest. On gen_100x100 case 0 (3176 runs, 6497 cells, demand
    // 34786) plain Dinic took 13.6 ms; row-major greedy left 1735 units (4.9 ms); even
    // shares + top-up leave 681 units, 1.8 ms in all (best of 30, loaded machine).
    let mut seeded = 0u64;
    // Cells of each run not yet seeded.
    let mut cells_left: Vec<u32> = runs.iter().map(|r| r.len() as u32).collect();
    for cell in board.white_cells() {
        let (Some(a), Some(d)) = (
            board.run_of(cell, Direction::Across),
            board.run_of(cell, Direction::Down),
        ) else {
            return Err(Infeasible::UncoveredCell {
                at: (cell / cols, cell % cols),
            });
        };
        let edge = graph.add_edge(a + 2, d + 2, CELL_CAP);
        // An even share of what each run still needs over its remaining cells.
        let share = |r: usize| spare_left[r].div_ceil(cells_left[r]);
        let x = CELL_CAP.min(share(a)).min(share(d));
        cells_left[a] -= 1;
        cells_left[d] -= 1;
        if x > 0 {
            graph.push(run_edge[a], x);
            graph.push(edge, x);
            graph.push(run_edge[d], x);
            spare_left[a] -= x;
            spare_left[d] -= x;
            seeded += u64::from(x);
        }
        cell_edges.push((cell, edge, a, d));
    }
    // Second pass: top up greedily.
    for &(_, edge, a, d) in &cell_edges {
        let x = (CELL_CAP - graph.flow(edge))
            .min(spare_left[a])
            .min(spare_left[d]);
        if x > 0 {
            graph.push(run_edge[a], x);
            graph.push(edge, x);
            graph.push(run_edge[d], x);
            spare_left[a] -= x;
            spare_left[d] -= x;
            seeded += u64::from(x);
        }
    }
    let flow = seeded + graph.max_flow(source, sink);
    if flow < demand {
        return Err(Infeasible::FlowShort {
            short: demand - flow,
            demand,
        });
    }
    let mut fill = KakuroFill::empty_for(board);
    for (cell, edge, _, _) in cell_edges {
        // flow(edge) <= CELL_CAP = 8, so the digit is 1..=9.
        fill.digits[cell] = 1 + graph.flow(edge) as u8;
    }
    Ok(fill)
}

/// The necessary conditions: the board's clue check where digits may repeat.
#[inline]
fn precheck(board: &KakuroBoard) -> Result<(), Infeasible> {
    Ok(board.check_clue_values(DigitRule::Repeats)?)
}
