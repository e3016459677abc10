//! The reference solvers. Each solver module owns one algorithm; this module only maps
//! them. Hot loops are hand-written and allocation-free; see each file's `PERF:` notes.
//!
//! - [`exact_cover`]: Knuth's Algorithm X with dancing links on flat index arrays.
//! - [`sudoku_dlx`]: Sudoku (b = 2..=5) as exact cover.
//! - [`sudoku_dfs`]: Sudoku by bitmask DFS with singles propagation.
//! - [`maxflow`]: Dinic's max-flow.
//! - [`kakuro_flow`]: Kakuro Extension (hdu3338) by max-flow with lower bounds.
//! - [`kakuro_search`]: classic Kakuro by search with combination masks.

pub mod exact_cover;
pub mod kakuro_flow;
pub mod kakuro_search;
pub mod maxflow;
pub mod sudoku_dfs;
pub mod sudoku_dlx;
