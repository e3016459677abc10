//! Support code shared by the integration tests and the benches, one owner per topic:
//! [`judge`] (compiling the C fixtures, building and running a `RunSpec`, skips),
//! [`kakuro_corpus`] (the Kakuro corpus list and loader), [`samples`] (the spec samples
//! in `tests/data/samples/`), [`text`] (CRLF conversion) and [`proptest_config`] (the
//! property tests' configuration).
//!
//! A test uses it with `mod support;`, a bench with
//! `#[path = "../tests/support/mod.rs"] mod support;`. Each crate uses a subset, hence
//! the `dead_code` allowance.

#![allow(dead_code)]

pub mod judge;
pub mod kakuro_corpus;
pub mod proptest_config;
pub mod samples;
pub mod text;
