//! The property tests' proptest configuration: `cases` cases, failures persisted in a
//! file of `tests/proptest-regressions/`.

use proptest::test_runner::{Config, FileFailurePersistence};

/// `cases` cases, failures persisted in `file` (a path from the crate root, e.g.
/// `tests/proptest-regressions/differential.txt`).
pub fn persisted(file: &'static str, cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(file))),
        ..Config::default()
    }
}
