//! Support code shared by the integration tests and the benches, one owner per topic:
//! [`judge`] (compiling the C fixtures, building and running a `RunSpec`, skips),
//! [`kakuro_corpus`] (the Kakuro corpus list and loader), [`machine`] (tests kept apart
//! from fork bombs), [`samples`] (the spec samples
//! in `tests/data/samples/`) and [`proptest_config`] (the property tests'
//! configuration). The CRLF edit of judge files is the library's
//! (`gridjudge::fuzzing::check::crlf`), which the checker fuzz target applies too.
//!
//! The test binary (`tests/it/main.rs`) declares it with
//! `#[path = "../support/mod.rs"] mod support;` and its files use it as
//! `use crate::support;`; a bench declares it with
//! `#[path = "../tests/support/mod.rs"] mod support;`. Each crate uses a subset, hence
//! the `dead_code` allowance.

#![allow(dead_code)]

pub mod judge;
pub mod kakuro_corpus;
pub mod machine;
pub mod proptest_config;
pub mod samples;
