//! `gridjudge stress PROBLEM [--gen ARGS] [--iterations N | --duration SECS] [-j N] -- CMD`
//! (or `--source FILE`; `--against CMD2` / `--against-source FILE` for differential
//! testing): random cases until the program fails, then the failure shrunk to a
//! minimal case, saved as a problem folder that `gridjudge judge` reproduces.
//!
//! Exit codes: 0 no failure found, 1 a failure found (and saved), 3 judge failure,
//! 64 usage; 128 + N after signal N (SIGINT, SIGTERM, SIGHUP: the run in progress is
//! ended, the search stops, a failure found so far is saved as shrunk so far, the
//! stress folders are removed). The plan is [`gridjudge::plan::stress`], the engine [`gridjudge::stress`].

use super::judge::RunOptions;
use super::Failure;
use gridjudge::judge::lookup::problem_dirs;
use gridjudge::plan::stress::StressPlan;
use gridjudge::stress::script::shell_word;
use gridjudge::stress::Progress;
use std::path::PathBuf;
use std::time::Instant;

/// `gridjudge stress` arguments.
#[derive(Debug, clap::Args)]
#[command(mut_arg("jobs", |a| a.help(
    "Search with this many iterations at a time (each run's time is still measured per \
     process); shrinking runs one at a time"
)))]
pub struct StressArgs {
    /// The problem (a bundled id or one under --cases, or a path to a problem folder):
    /// its limits and checker are used.
    pub problem: String,
    /// Generator arguments, as for `gridjudge gen` (`"sudoku --clues 30 --count 3"`);
    /// --seed is replaced per iteration. Default: small cases of the problem's kind.
    #[arg(long, value_name = "ARGS")]
    pub gen: Option<String>,
    /// Seed of the first iteration (iteration i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop after this many iterations (default 1000 unless --duration is given).
    #[arg(long)]
    pub iterations: Option<u64>,
    /// Stop searching after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub duration: Option<f64>,
    /// Compile this source and stress it.
    #[arg(long, conflicts_with = "command")]
    pub source: Option<PathBuf>,
    /// Differential testing: also run this command (words split on spaces); a failure
    /// is any case where the two verdicts differ.
    #[arg(long, value_name = "CMD", conflicts_with = "against_source")]
    pub against: Option<String>,
    /// Differential testing against this source file.
    #[arg(long, value_name = "FILE")]
    pub against_source: Option<PathBuf>,
    /// Where to save the minimal failing case (a problem folder), its output and message.
    #[arg(short, long, value_name = "DIR", default_value = "stress-out")]
    pub out: PathBuf,
    /// Most runs spent shrinking.
    #[arg(long, default_value_t = 3000)]
    pub shrink_runs: usize,
    /// Most seconds spent shrinking.
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0)]
    pub shrink_time: f64,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub options: RunOptions,
    /// The program to stress and its arguments (after `--`).
    #[arg(last = true, value_name = "CMD")]
    pub command: Vec<String>,
}

/// Runs `gridjudge stress`.
pub fn run(args: StressArgs) -> Result<u8, Failure> {
    gridjudge::plan::source_given_as_command(&args.command)?;
    for src in [&args.source, &args.against_source].into_iter().flatten() {
        gridjudge::plan::check_source(src)?;
    }
    if args.source.is_none() == args.command.is_empty() {
        return Err(Failure::usage(
            "say what to stress: --source FILE, or -- CMD [ARGS...]",
        ));
    }
    let dirs = problem_dirs(&args.options.roots(), Some(&args.problem))?;
    let problem_dir = dirs
        .into_iter()
        .next()
        .ok_or_else(|| Failure::usage("no such problem"))?;
    let binary = std::env::current_exe()
        .map(|p| shell_word(&p.display().to_string()))
        .unwrap_or_else(|_| "gridjudge".into());
    let plan = StressPlan {
        problem_dir,
        gen: args.gen.clone(),
        seed: args.seed,
        iterations: args.iterations,
        duration: args.duration,
        source: args.source.clone(),
        command: args.command.clone(),
        against: args.against.clone(),
        against_source: args.against_source.clone(),
        python: args.options.python.clone(),
        out: args.out.clone(),
        shrink_runs: args.shrink_runs,
        shrink_time: args.shrink_time,
        binary,
    };
    let settings = args.options.checked_settings()?;
    let bar = crate::cli::progress(false);
    let started = Instant::now();
    let tick = |p: Progress| {
        if let Some(line) = p.line(started.elapsed()) {
            bar.set_message(line);
        }
    };
    let stressed = plan.run(&settings, &tick);
    bar.finish_and_clear();
    let stressed = stressed?;
    crate::cli::write_stdout(stressed.text.as_bytes())?;
    Ok(stressed.code)
}
