//! `gridjudge judge`: judge a contestant program (a command, a source file, or the
//! reference solver) on the judge cases of one problem or of all of them, and print a
//! table (or JSON, or JUnit XML for CI). Exit 0 only when every case is AC, 1 when some
//! case is rejected, 3 on a judge error, 64 on a usage error.
//!
//! On SIGINT, SIGTERM or SIGHUP (`gridjudge::sandbox::interrupt`) the compile or the case in
//! progress is ended, no further case runs, the reports hold the cases that finished
//! and say how many did not run, every temporary folder is removed, and `main` exits
//! 128 + the signal number.

use crate::cli::{exit, Failure};
use gridjudge::judge::case_loop::JudgeSettings;
use gridjudge::judge::lookup::{problem_dirs, Roots};
use gridjudge::judge::problem::Overrides;
use gridjudge::judge::shard::Shard;
use gridjudge::judge::subject::Subject;
use gridjudge::plan::judge::{JudgePlan, Progress};
use gridjudge::plan::settings::RunSettings;
use gridjudge::plan::Target;
use gridjudge::report::{self, Session};
use gridjudge::sandbox::limits::MemoryMode;
use std::path::PathBuf;

/// Memory limit mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MemoryModeArg {
    /// Peak resident memory (sampled, then `ru_maxrss`); the default.
    Rss,
    /// `RLIMIT_AS` address-space limit: allocations beyond it fail.
    As,
}

impl From<MemoryModeArg> for MemoryMode {
    fn from(m: MemoryModeArg) -> MemoryMode {
        match m {
            MemoryModeArg::Rss => MemoryMode::PeakRss,
            MemoryModeArg::As => MemoryMode::AddressSpace,
        }
    }
}

/// Options shared by `judge` and `verify-submissions`.
#[derive(Debug, Clone, clap::Args)]
pub struct RunOptions {
    /// Folder holding one folder per problem (`PROBLEM/problem.toml`, `PROBLEM/data/…`).
    /// Default: $GRIDJUDGE_CASES, else ./judge-cases and the bundled problems (inside the
    /// binary).
    #[arg(long, value_name = "DIR")]
    pub cases: Option<PathBuf>,
    /// Judge this many cases in parallel (time is still measured per process). Each
    /// command that takes it says what it runs in parallel.
    #[arg(short = 'j', long, default_value_t = 1, value_parser = super::parse_jobs)]
    pub jobs: usize,
    /// How the memory limit is enforced.
    #[arg(long, value_enum, default_value_t = MemoryModeArg::Rss)]
    pub memory_mode: MemoryModeArg,
    /// Run programs as the judge's own user: no uid drop, no process limit, no network
    /// namespace (programs in private folders do not need it: they are staged where the
    /// sandbox user can read them).
    #[arg(long)]
    pub run_as_self: bool,
    /// Refuse to judge (exit 3) unless every confinement guarantee holds here (see
    /// `gridjudge judge --explain-sandbox`): for CI that must not judge unconfined.
    #[arg(long)]
    pub require_isolation: bool,
    /// Interactive problems: pass the exchange through the judge, which counts the bytes
    /// each side wrote for the reports. Costs the program time in chatty exchanges
    /// (see docs/packages-interactive.md); without it the two are joined directly.
    #[arg(long)]
    pub relay_interaction: bool,
    /// The wall limit of every run, seconds, for problem folders and packages alike
    /// (default: the problem's, 3 times its CPU limit unless stated). It counts the
    /// program's own time: the time it waits for a CPU on a loaded machine is not
    /// counted (see docs/sandbox.md).
    #[arg(long, value_name = "SECONDS", value_parser = crate::cli::positive_number)]
    pub wall_limit: Option<f64>,
    /// Keep every judged case's files in DIR (made if missing): the program's standard
    /// output and error and the verdict with its message, as PROBLEM/CASE.out, .err and
    /// .verdict (verify-submissions: SUBMISSION/PROBLEM/CASE.*).
    #[arg(long, value_name = "DIR")]
    pub keep_outputs: Option<PathBuf>,
    /// Check and run Python 3 programs with this interpreter: a name looked up in
    /// /usr/local/bin, /usr/bin and /bin (`pypy3`, as Kattis and problemtools run Python),
    /// or a path. Default: the system's python3 (CPython).
    #[arg(long, value_name = "INTERPRETER")]
    pub python: Option<String>,
}

impl RunOptions {
    /// The folders problems are looked up in ([`Roots::new`]).
    pub fn roots(&self) -> Roots {
        Roots::new(self.cases.clone())
    }

    /// The shared options as the library's plain values.
    pub fn run_settings(&self) -> RunSettings {
        RunSettings {
            jobs: self.jobs,
            memory_mode: self.memory_mode.into(),
            isolate: !self.run_as_self,
            relay_interaction: self.relay_interaction,
            wall_limit: self.wall_limit,
            keep_outputs: self.keep_outputs.clone(),
            python: self.python.clone(),
            require_isolation: self.require_isolation,
        }
    }

    /// The judge settings ([`RunSettings::judge_settings`]).
    pub fn checked_settings(&self) -> Result<JudgeSettings, Failure> {
        self.run_settings().judge_settings()
    }
}

/// `gridjudge judge PROBLEM [OPTIONS] -- CMD [ARGS...]`
#[derive(Debug, clap::Args)]
#[command(mut_arg("jobs", |a| a.help(
    "Judge this many cases in parallel (CPU and wall time are still measured per process)"
)))]
pub struct JudgeArgs {
    /// The problem: a bundled id or one under --cases (poj3074), or a path to a problem
    /// folder (., ./mysudoku).
    #[arg(required_unless_present_any = ["all", "explain_sandbox", "package"], conflicts_with_all = ["all", "package"])]
    pub problem: Option<String>,
    /// Judge every problem folder under --cases.
    #[arg(long)]
    pub all: bool,
    /// Print every sandbox guarantee, whether it holds on this machine (from a probe
    /// run) and how it is enforced, then exit 0.
    #[arg(long)]
    pub explain_sandbox: bool,
    /// Override the CPU time limit of problem.toml, seconds (the wall limit becomes at
    /// least 3 times this; a longer stated wall limit is kept).
    #[arg(long, value_name = "SECONDS", value_parser = crate::cli::positive_number)]
    pub time_limit: Option<f64>,
    /// Override the memory limit of problem.toml, MiB.
    #[arg(long, value_name = "MIB", value_parser = crate::cli::positive_number)]
    pub memory_limit: Option<f64>,
    /// Judge against a Kattis/ICPC problem package (legacy, 2023-07 or 2025-09) instead of
    /// a gridjudge problem: its data, limits and output validator.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["all", "reference"])]
    pub package: Option<PathBuf>,
    /// With --package: judge without checking the package's data first (its input
    /// validators on every input, its output validator on every answer). For a package
    /// being written, whose data is known to be wrong, or one whose validators take long
    /// on large data: the verdicts may then blame the program for the data.
    #[arg(long, requires = "package")]
    pub no_data_check: bool,
    /// Judge interactively: this testlib-style interactor (Polygon's convention,
    /// `interactor INPUT OUTPUT ANSWER`; exit 0 accepts, 1 is WA, 2 PE, anything else a
    /// judge error) talks to the program instead of the problem's checker. C++ (with
    /// `testlib.h` beside it), C, Rust or Python. See docs/packages-interactive.md.
    #[arg(long, value_name = "FILE", conflicts_with = "package")]
    pub interactor: Option<PathBuf>,
    /// Also judge the opt-in `data/stress` cases (harder than the problem asks for).
    #[arg(long)]
    pub with_stress: bool,
    /// Judge only shard K of N (a CI matrix job): every N-th case of the whole run,
    /// starting with the K-th. The JSON report records the shard; `gridjudge report
    /// merge` joins the N reports into the report of the whole run.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Judge only this case: its name (`01_top95`) or `group/name` (`secret/01_top95`).
    #[arg(long, value_name = "NAME")]
    pub case: Option<String>,
    /// Stop a problem at its first case that is not accepted (in the cases' order), as
    /// problemtools does for a pass-fail problem: the report holds the cases up to it.
    /// A scoring problem is always judged whole.
    #[arg(long)]
    pub fail_fast: bool,
    /// Judge gridjudge's own reference solver (`gridjudge solve PROBLEM`).
    #[arg(long, conflicts_with_all = ["source", "command"])]
    pub reference: bool,
    /// Compile this source (.c, .cpp/.cc/.cxx, .rs, .py, .java, .kt) with the usual judge
    /// flags and judge it (docs/commands.md#languages).
    #[arg(long, conflicts_with = "command")]
    pub source: Option<PathBuf>,
    // --format and the side files (src/cli/reports.rs).
    #[command(flatten)]
    #[allow(missing_docs)]
    pub formats: crate::cli::reports::ReportArgs<Session>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub options: RunOptions,
    // Baseline comparison and tracker outputs (src/cli/track.rs).
    #[command(flatten)]
    #[allow(missing_docs)]
    pub track: crate::cli::track::TrackArgs,
    /// The program to judge and its arguments (after `--`).
    #[arg(last = true, value_name = "CMD")]
    pub command: Vec<String>,
}

/// Runs `gridjudge judge`.
pub fn run(args: JudgeArgs) -> Result<u8, Failure> {
    if args.explain_sandbox {
        let settings = args.options.run_settings().unchecked()?;
        let g = settings.probe_guarantees().map_err(Failure::judge)?;
        print!("{}", gridjudge::sandbox::confine::explain(&g));
        return Ok(exit::OK);
    }
    let chosen = usize::from(args.reference)
        + usize::from(args.source.is_some())
        + usize::from(!args.command.is_empty());
    if chosen != 1 {
        return Err(Failure::usage(
            "say what to judge: --reference, --source FILE, or -- CMD [ARGS...]",
        ));
    }
    gridjudge::plan::source_given_as_command(&args.command)?;
    if let Some(src) = &args.source {
        gridjudge::plan::check_source(src)?;
    }
    // Every report file is writable before any judging starts (exit 74 at once).
    args.formats.check_writable()?;
    let mut settings = args.options.checked_settings()?;
    settings.stop_at_first_failure = args.fail_fast;
    let baseline = args.track.load()?;
    let target = match &args.package {
        Some(dir) => Target::Package {
            dir: dir.clone(),
            check_data: !args.no_data_check,
        },
        None => Target::Folders(problem_dirs(
            &args.options.roots(),
            args.problem.as_deref(),
        )?),
    };
    let plan = JudgePlan {
        target,
        overrides: Overrides {
            time_seconds: args.time_limit,
            memory_mib: args.memory_limit,
            case: args.case.clone(),
            with_stress: args.with_stress,
        },
        interactor: args.interactor.clone(),
        shard: args.shard,
        subject: if args.reference {
            Subject::Reference
        } else if let Some(src) = &args.source {
            Subject::Source(src.clone())
        } else {
            Subject::Command(args.command.clone())
        },
    };
    let bar = crate::cli::progress(true);
    let session = plan.run(
        &settings,
        baseline.as_ref().map(|(b, _)| b),
        &crate::cli::print_notice,
        &|step| match step {
            Progress::Cases(total) => bar.set_length(total as u64),
            Progress::Judged(problem) => {
                bar.set_message(problem.name.clone());
                bar.inc(1);
            }
        },
    );
    bar.finish_and_clear();
    finish(&args, session?, &baseline)
}

/// Writes the session's report and side files (compared with the baseline when one
/// was given): the exit code, 1 when the comparison finds a regression.
fn finish(
    args: &JudgeArgs,
    session: Session,
    baseline: &Option<(report::baseline::Baseline, report::baseline::Thresholds)>,
) -> Result<u8, Failure> {
    let comparison = crate::cli::track::TrackArgs::compare(baseline, &session);
    let baseline = comparison.as_ref();
    args.formats.outputs(baseline)?.write(&session)?;
    if let (Some(c), false) = (baseline, args.formats.format.shows_baseline) {
        eprint!("{}", c.render_text()); // stdout holds a document without it
    }
    Ok(args
        .track
        .exit_code(exit::of_verdict(session.overall()), baseline))
}
