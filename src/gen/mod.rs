//! Judge-data generation on the command line and in a problem's folder: [`spec`], the
//! `gen` words shared by `gridjudge gen`, `generate` and `stress`
//! (`sudoku --box 3 --unique --grade hard`, `kakuro --rows 8 --cols 8`), and [`recipe`],
//! a problem's `generators.toml`.
//!
//! The generators themselves, with their seeded [`Rng`], are the core crate's
//! (`gridjudge_core::gen`): solved Sudoku grids and puzzles ([`sudoku`]), Kakuro boards
//! with a known fill ([`kakuro`]), and the ones with exactly one solution ([`unique`],
//! [`kakuro_unique`]). They are re-exported here under the paths the rest of the crate
//! uses.

pub use gridjudge_core::gen::{kakuro, kakuro_unique, sudoku, unique, Rng};

pub mod recipe;
pub mod spec;
