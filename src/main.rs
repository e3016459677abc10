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
enum Command {
    /// Judge a program on judge cases under limits: `judge PROBLEM -- CMD [ARGS...]`,
    /// `judge PROBLEM --source FILE`, `judge --all --reference`.
    Judge(cli::judge::JudgeArgs),
    /// Compile and judge every example submission; fail if a verdict differs from its folder.
    VerifySubmissions(cli::verify_submissions::VerifyArgs),
}

fn main() -> ExitCode {
    // The judge's launcher mode: checked before anything else so the process stays small.
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if args
        .first()
        .is_some_and(|a| a == gridjudge::judge::sandbox::LAUNCH_ARG)
    {
        return ExitCode::from(gridjudge::judge::launcher::main(&args[1..]) as u8);
    }
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
    match cli.command {
        Command::Judge(args) => cli::judge::run(args),
        Command::VerifySubmissions(args) => cli::verify_submissions::run(args),
    }
}
