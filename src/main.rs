//! The `gridjudge` command line: arguments in, a library call, an exit code out.
//! Exit codes are defined once, in `src/exit.rs` (`gridjudge::exit`), and listed in the README,
//! docs/commands.md and the man pages.
#![forbid(unsafe_code)]
// As in the library: no function over 100 code lines (clippy's count).
#![warn(clippy::too_many_lines)]

mod cli;

use clap::{CommandFactory, Parser, Subcommand};
use cli::{exit, Failure};
use std::process::ExitCode;

/// gridjudge — solve, check and judge grid-logic puzzle problems
/// (poj3074, poj2676, hdu3338, poj3076, kakuro).
#[derive(Parser)]
#[command(
    name = "gridjudge",
    // The version and the commit it was built from (build.rs).
    version = gridjudge::report::provenance::VERSION,
    about,
    max_term_width = 100,
    after_help = "Formats, limits and checker rules of the five problems: docs/problems.md in the \
                  gridjudge repository; exit codes: docs/commands.md (\"Exit codes\"), and every \
                  man page (gridjudge man --out DIR)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a contestant's output (testlib exit codes: 0 AC, 1 WA, 2 PE, 3 judge failure).
    Check(cli::check::CheckArgs),
    /// Validate a judge input (exit 0 when well-formed, 3 with a located message otherwise).
    Validate(cli::check::ValidateArgs),
    /// Solve a judge input and write exactly the judge output (a valid contestant program).
    Solve(cli::solve::SolveArgs),
    /// Count the solutions of each case, up to --limit (prints N or `>= LIMIT` per case).
    Count(cli::solve::CountArgs),
    /// Judge a program on judge cases under limits (exit 0 all AC, 1 rejected, 3 JE).
    ///
    /// `judge PROBLEM -- CMD [ARGS...]`, `judge PROBLEM --source FILE`,
    /// `judge --all --reference`.
    Judge(cli::judge::JudgeArgs),
    /// Compile and judge every example submission; fail if a verdict differs from its folder.
    VerifySubmissions(cli::verify_submissions::VerifyArgs),
    /// Verify a package or a contest of them in one run: problem.yaml, input and answer
    /// validation, example submissions (exit 0 all passed, 1 a submission not as
    /// expected, 3 a broken package or invalid data).
    Verify(cli::verify::GateArgs),
    /// Generate judge input: `gen sudoku --box 3 --clues 30 --seed 7 --count 20`,
    /// `gen kakuro --rows 10 --cols 10 --variant classic --unique` (same arguments, same bytes).
    Gen(cli::gen::GenArgs),
    /// Rebuild a problem's generated `data/secret/gen-*` files from its `generators.toml`.
    Generate(cli::gen::GenerateArgs),
    /// Run a program on random cases until one fails, then shrink that case to a minimal one.
    ///
    /// `stress PROBLEM [--gen ARGS] -- CMD [ARGS...]`, `stress PROBLEM --source FILE`.
    Stress(cli::stress::StressArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell) on stdout.
    ///
    /// bash: `gridjudge completions bash > ~/.local/share/bash-completion/completions/gridjudge`
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print a manual page (roff) on stdout, `gridjudge man judge | man -l -`, or write
    /// every page into a folder: `gridjudge man --out DIR`.
    Man(cli::man::ManArgs),
    /// Work with reports: `report merge shard-*.json` joins the JSON reports of a run
    /// split with `--shard K/N` into the report of the whole run.
    Report(cli::report::ReportArgs),
    /// Export a problem (bundled, under --cases, or a folder) as a Kattis/ICPC problem
    /// package, legacy, 2023-07 or 2025-09 (--format-version): `export poj3074 --out
    /// out/poj3074 [--zip]`.
    Export(cli::export::ExportArgs),
}

/// What a failure prints on stderr. An error starts as clap's own do, `error: `, and
/// names the command (`error: gridjudge judge: …`). The findings of `check`,
/// `validate`, `solve` and `count` about their input (exit 1 to 3: testlib's `FAIL …`,
/// `FILE: line L, col C: …`) are their result, printed as they are, as a judge system
/// reads them.
fn failure_line(name: &str, failure: &Failure) -> String {
    let finding = failure.code <= exit::JUDGE_FAILURE
        && matches!(name, "check" | "validate" | "solve" | "count");
    if finding {
        failure.message.clone()
    } else if failure.message.starts_with("gridjudge ") {
        format!("error: {}", failure.message)
    } else {
        format!("error: gridjudge {name}: {}", failure.message)
    }
}

/// The subcommand's name as typed (`verify-submissions`).
fn command_name(command: &Command) -> &'static str {
    match command {
        Command::Check(_) => "check",
        Command::Validate(_) => "validate",
        Command::Solve(_) => "solve",
        Command::Count(_) => "count",
        Command::Judge(_) => "judge",
        Command::VerifySubmissions(_) => "verify-submissions",
        Command::Verify(_) => "verify",
        Command::Gen(_) => "gen",
        Command::Generate(_) => "generate",
        Command::Stress(_) => "stress",
        Command::Completions { .. } => "completions",
        Command::Man(_) => "man",
        Command::Report(_) => "report",
        Command::Export(_) => "export",
    }
}

fn run(command: Command) -> Result<u8, Failure> {
    match command {
        Command::Check(args) => cli::check::run_check(&args),
        Command::Validate(args) => cli::check::run_validate(&args),
        Command::Solve(args) => cli::solve::run_solve(&args),
        Command::Count(args) => cli::solve::run_count(&args),
        Command::Judge(args) => cli::judge::run(args),
        Command::VerifySubmissions(args) => cli::verify_submissions::run(args),
        Command::Verify(args) => cli::verify::run(args),
        Command::Gen(args) => cli::gen::run_gen(&args),
        Command::Generate(args) => cli::gen::run_generate(&args),
        Command::Stress(args) => cli::stress::run(args),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "gridjudge", &mut out);
            cli::write_stdout(&out).map(|()| exit::OK)
        }
        Command::Export(args) => cli::export::run(&args),
        Command::Report(args) => cli::report::run(&args),
        Command::Man(args) => cli::man::run(&args, Cli::command()),
    }
}

fn main() -> ExitCode {
    // Nothing our caller left open (`gridjudge judge … 7>>file`) may reach a process we
    // start: mark every inherited descriptor above stderr close-on-exec, first thing.
    gridjudge::sandbox::descriptors::seal_inherited();
    // The judge's launcher mode: checked before anything else so the process stays small.
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if args
        .first()
        .is_some_and(|a| a == gridjudge::sandbox::LAUNCH_ARG)
    {
        return ExitCode::from(gridjudge::sandbox::launcher::main(&args[1..]) as u8);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() {
                exit::USAGE
            } else {
                exit::OK
            });
        }
    };
    // A panic is a gridjudge bug: report it on one line with its own exit code rather
    // than letting it look like a verdict.
    std::panic::set_hook(Box::new(|info| {
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!(
            "error: gridjudge: internal error{location}: {}",
            panic_message(info.payload())
        );
    }));
    // The commands that run programs end them, remove their folders and report what
    // finished on SIGINT, SIGTERM and SIGHUP (crates/sandbox/src/interrupt.rs); the others die of them.
    if matches!(
        cli.command,
        Command::Judge(_) | Command::VerifySubmissions(_) | Command::Verify(_) | Command::Stress(_)
    ) {
        if let Err(e) = gridjudge::sandbox::interrupt::install() {
            eprintln!("warning: gridjudge: cannot handle SIGINT/SIGTERM/SIGHUP: {e}");
        }
    }
    let name = command_name(&cli.command);
    let code = match std::panic::catch_unwind(|| run(cli.command)) {
        Ok(Ok(code)) => code,
        Ok(Err(failure)) => {
            eprintln!("{}", failure_line(name, &failure));
            failure.code
        }
        Err(_) => exit::INTERNAL,
    };
    // Everything the command owned (launchers, temporary folders) is gone by now.
    match gridjudge::sandbox::interrupt::signal() {
        Some(signal) => {
            let code = exit::interrupted(signal);
            eprintln!(
                "gridjudge: {}; exit {code}",
                gridjudge::sandbox::interrupt::Interrupted { signal }
            );
            ExitCode::from(code)
        }
        None => ExitCode::from(code),
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".to_string())
}
