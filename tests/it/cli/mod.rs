//! The command line as such: the exit-code table, the `check` and `validate` commands as
//! a judge system calls them, and what an installation brings besides the commands.

mod check;
mod diagnostics;
mod exit_codes;
mod help;
mod packaging;
mod problems;
mod readme;
