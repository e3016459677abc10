//! The `judge` and `verify-submissions` commands on whole problems: the commands end to
//! end, bringing your own data, baselines, time-limit margins, the reports of
//! `verify-submissions` and every bundled example submission.

mod baseline;
mod cli;
mod debugging;
mod example_submissions;
mod own_data;
mod shards;
mod verify_margins;
mod verify_reports;
