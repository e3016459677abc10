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
use crate::model::{Direction, KakuroBoard, KakuroFill};
use thiserror::Error;

/// Why a board has no Kakuro Extension fill.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Infeasible {
    /// A clue outside `length ..= 9·length`.
    #[error("cell ({}, {}): {direction} clue {clue} is impossible for a run of {len} cells (must be {len} to {max})", at.0 + 1, at.1 + 1, max = 9 * len)]
    ClueOutOfRange {
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
// PERF: `cargo bench --bench kakuro -- flow`; see benches/kakuro.rs for the figures.
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
    for (r, run) in runs.iter().enumerate() {
        // precheck passed: len <= clue, so this cannot underflow.
        let spare = u32::from(run.clue) - run.len() as u32;
        match run.direction {
            Direction::Across => {
                graph.add_edge(source, r + 2, spare);
                demand += u64::from(spare);
            }
            Direction::Down => {
                graph.add_edge(r + 2, sink, spare);
            }
        }
    }
    // One edge per white cell, in row-major order; remember each edge id.
    let cols = board.cols();
    let mut cell_edges = Vec::with_capacity(board.white_count());
    for cell in board.white_cells() {
        let (Some(a), Some(d)) = (
            board.run_of(cell, Direction::Across),
            board.run_of(cell, Direction::Down),
        ) else {
            return Err(Infeasible::UncoveredCell {
                at: (cell / cols, cell % cols),
            });
        };
        cell_edges.push((cell, graph.add_edge(a + 2, d + 2, CELL_CAP)));
    }
    let flow = graph.max_flow(source, sink);
    if flow < demand {
        return Err(Infeasible::FlowShort {
            short: demand - flow,
            demand,
        });
    }
    let mut fill = KakuroFill::empty_for(board);
    for (cell, edge) in cell_edges {
        // flow(edge) <= CELL_CAP = 8, so the digit is 1..=9.
        fill.digits[cell] = 1 + graph.flow(edge) as u8;
    }
    Ok(fill)
}

/// The necessary conditions (the same as [`KakuroBoard::check_clues`], as typed
/// reasons): every clue in `length ..= 9·length`, equal across and down totals.
fn precheck(board: &KakuroBoard) -> Result<(), Infeasible> {
    let (mut across, mut down) = (0u32, 0u32);
    for run in board.runs() {
        let (clue, len) = (usize::from(run.clue), run.len());
        if clue < len || clue > 9 * len {
            return Err(Infeasible::ClueOutOfRange {
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
        return Err(Infeasible::TotalsDiffer { across, down });
    }
    Ok(())
}
