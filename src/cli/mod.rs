//! Command-line plumbing shared by the subcommands: exit codes and file reading.
//! Each subcommand lives in its own file and turns arguments into one library call.

pub mod exit;
pub mod judge;
pub mod verify_submissions;
