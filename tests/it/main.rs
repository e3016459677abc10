//! The integration tests: one test binary (`cargo test --test it`), one module per topic.
//! A new test goes into the file of its topic; a new file into the folder of its topic,
//! declared in that folder's `mod.rs`:
//!
//! - [`sandbox`]: running one program confined: limits and their verdicts, confinement
//!   against hostile programs, descriptors, staging, cgroups, compilation in the sandbox,
//!   signals to a running judge;
//! - [`judge`]: the `judge` and `verify-submissions` commands on whole problems: reports,
//!   baselines, margins, the example submissions, bringing your own data;
//! - [`formats`]: the input and output formats, the validator and the checker: spec
//!   samples, malformed inputs, their messages, streamed `solve` output;
//! - [`solvers`]: the reference solvers, their properties and snapshots, the generators
//!   and `stress`;
//! - [`packages`]: Kattis / ICPC problem packages, `export` and the Kattis protocols;
//! - [`reports`]: the judge's reports as a user sees them (snapshots, HTML, spoofing);
//! - [`cli`]: the command line as such: exit codes, `check`/`validate`, completions and
//!   the manual page;
//! - [`layering`] (the imports between the modules of `src/` and `crates/core/src`, and
//!   the crates' manifests), [`layout_doc`] (the table of modules in `docs/layout.md`),
//!   [`fuzz_replay`] (the fuzz corpus on stable), [`problem_completeness`] (every part
//!   each problem needs) and [`visibility`] (the library's `pub` items, each named
//!   outside it) stand alone.
//!
//! Shared helpers live in `tests/support/` (also compiled into the benches). Run one
//! topic with `cargo test --test it -- solvers::`, one file with
//! `cargo test --test it -- solvers::sudoku::`.
//!
//! Every test runs as a thread of this one process, beside tests of every other topic:
//! a test changes no process-wide state (environment, working folder, signal handlers),
//! gives the child processes it looks for afterwards a marker unique to the test (not
//! only to the process), and counts no process-wide figure (its children's CPU time) as
//! its own. A test that runs a fork bomb holds `support::machine::alone()`, a test that
//! judges programs under wall limits `support::machine::shared()`, so that no program
//! is starved of its wall time by a bomb of another test. The binary's global allocator
//! is the counting one of [`solvers::kakuro`] (a thread-local count, so a test counts
//! only its own allocations).

#[path = "../support/mod.rs"]
mod support;

mod cli;
mod formats;
mod fuzz_replay;
mod judge;
mod layering;
mod layout_doc;
mod packages;
mod problem_completeness;
mod reports;
mod sandbox;
mod solvers;
mod visibility;
