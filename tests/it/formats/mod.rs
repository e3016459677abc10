//! The judge files' formats, their validator and the checker: every spec sample, a
//! catalogue of malformed inputs and the messages a user sees for them, property tests
//! of the checker, and `solve` writing its output a chunk at a time.

mod hostile_outputs;
mod malformed_inputs;
mod properties_checker;
mod snapshots;
mod solve_stream;
mod spec_samples;
