//! The property tests' proptest configuration: `cases` cases, failures persisted in a
//! file of `tests/proptest-regressions/`, and shrinking bounded in time: a failure whose
//! every shrinking step is a slow solve is reported (and persisted) as shrunk after two
//! minutes, rather than keeping the suite running for an hour.

use proptest::test_runner::{Config, FileFailurePersistence};

/// The longest a failure is shrunk, milliseconds.
const MAX_SHRINK_MS: u32 = 120_000;

/// `cases` cases, failures persisted in `file` (a path from the crate root, e.g.
/// `tests/proptest-regressions/differential.txt`).
pub fn persisted(file: &'static str, cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(file))),
        max_shrink_time: MAX_SHRINK_MS,
        ..Config::default()
    }
}
