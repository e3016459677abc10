//! The `gridjudge` command line: arguments in, a library call, an exit code out.
//! Exit codes: see `src/cli/exit.rs` and the README.

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// gridjudge — solve, check and judge grid-logic puzzle problems.
#[derive(Parser)]
#[command(name = "gridjudge", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() {
                cli::exit::USAGE
            } else {
                cli::exit::OK
            });
        }
    };
    match cli.command {}
}
