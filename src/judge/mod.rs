//! The judge: running contestant programs under limits, measuring them, turning runs
//! and checker outcomes into verdicts, and reporting.
//!
//! - [`limits`]: what a run may use ([`Limits`](limits::Limits)) and how it is isolated.
//! - [`sandbox`]: the judge's side of one run: [`sandbox::run`] starts the launcher and
//!   returns a [`RunOutcome`](sandbox::RunOutcome) (status, CPU, wall, peak memory,
//!   output size, limit hits).
//! - [`launcher`]: the hidden `gridjudge __launch` mode that forks the program under
//!   limits, watches it and kills everything it left behind.

pub mod compile;
pub mod config;
pub mod launcher;
pub mod limits;
pub mod report;
pub mod run;
pub mod sandbox;
