//! The reference solvers (Sudoku: DLX and DFS; Kakuro: max-flow and search) against the
//! corpora, against each other and against brute force, their snapshots, the generators
//! and `stress`.

mod differential;
mod gen_stress;
pub(crate) mod kakuro;
mod kakuro_search_timing;
mod properties_kakuro;
mod properties_sudoku;
mod snapshots;
mod sudoku;
