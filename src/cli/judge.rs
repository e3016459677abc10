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
use gridjudge::judge::case_loop::{JudgeSettings, ProblemReport};
use gridjudge::judge::problem::{JudgeProblem, Overrides};
use gridjudge::judge::report::provenance::Provenance;
use gridjudge::judge::report::schema::{ShardRecord, ShardUnits};
use gridjudge::judge::report::{self, Interruption, Render, Session};
use gridjudge::judge::shard::Shard;
use gridjudge::judge::subject::{self, Runnable, Subject};
use gridjudge::package::problem::DEFAULT_TIME_LIMIT;
use gridjudge::package::Package;
use gridjudge::sandbox::interrupt;
use gridjudge::sandbox::limits::MemoryMode;
use gridjudge::Verdict;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Report format on stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A table and a summary line.
    Table,
    /// One JSON document.
    Json,
    /// Bencher Metric Format JSON (per case: cpu-time, wall-time ms; peak-memory bytes).
    Bmf,
    /// github-action-benchmark `customSmallerIsBetter` JSON.
    Gab,
}

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
    #[arg(long, value_name = "SECONDS", value_parser = positive_number)]
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
    /// Options with only the judge-cases folder set (for commands that judge nothing).
    pub fn with_cases(cases: Option<PathBuf>) -> RunOptions {
        RunOptions {
            cases,
            jobs: 1,
            memory_mode: MemoryModeArg::Rss,
            run_as_self: false,
            require_isolation: false,
            relay_interaction: false,
            wall_limit: None,
            keep_outputs: None,
            python: None,
        }
    }

    /// The folders problems are looked up in, in order: `--cases DIR` alone when given,
    /// else `$GRIDJUDGE_CASES` alone when set, else `./judge-cases` (when it exists)
    /// and then the bundled problems, which travel inside the binary
    /// ([`gridjudge::judge::bundled`]; written to the cache folder only when needed).
    pub fn roots(&self) -> Roots {
        if let Some(dir) = &self.cases {
            return Roots {
                folders: vec![dir.clone()],
                bundled: false,
            };
        }
        if let Some(dir) = std::env::var_os("GRIDJUDGE_CASES").filter(|d| !d.is_empty()) {
            return Roots {
                folders: vec![PathBuf::from(dir)],
                bundled: false,
            };
        }
        let here = PathBuf::from("judge-cases");
        Roots {
            folders: if here.is_dir() {
                vec![here]
            } else {
                Vec::new()
            },
            bundled: true,
        }
    }

    /// Judge settings with this process as the launcher.
    pub fn settings(&self) -> Result<JudgeSettings, String> {
        let launcher = std::env::current_exe()
            .map_err(|e| format!("cannot find the gridjudge executable: {e}"))?;
        let mut s = JudgeSettings::new(launcher);
        s.jobs = self.jobs.max(1);
        s.memory_mode = self.memory_mode.into();
        s.isolate = !self.run_as_self;
        s.relay_interaction = self.relay_interaction;
        s.wall_limit = self.wall_limit.map(std::time::Duration::from_secs_f64);
        s.keep_outputs =
            self.keep_outputs
                .as_ref()
                .map(|dir| gridjudge::judge::case_loop::KeepOutputs {
                    dir: dir.clone(),
                    under: PathBuf::new(),
                });
        Ok(s)
    }

    /// [`settings`](Self::settings), then, with `--require-isolation`, a probe run that
    /// fails with exit 3 naming every missing guarantee.
    pub fn checked_settings(&self) -> Result<JudgeSettings, Failure> {
        let mut settings = self.settings().map_err(Failure::internal)?;
        if let Some(name) = &self.python {
            let chosen = gridjudge::judge::compile::python_named(name)
                .map_err(|e| Failure::usage(format!("--python {e}")))?;
            settings.python = Some(chosen);
        }
        if let Some(dir) = &self.keep_outputs {
            std::fs::create_dir_all(dir)
                .map_err(|e| Failure::cannot_write(dir, e).context("--keep-outputs"))?;
        }
        if self.require_isolation {
            let g = settings.probe_guarantees().map_err(Failure::judge)?;
            let missing = g.missing();
            if !missing.is_empty() {
                return Err(Failure::judge(format!(
                    "--require-isolation: missing guarantees: {} (see --explain-sandbox)",
                    missing.join(", ")
                )));
            }
        }
        Ok(settings)
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
    #[arg(long, value_name = "SECONDS", value_parser = positive_number)]
    pub time_limit: Option<f64>,
    /// Override the memory limit of problem.toml, MiB.
    #[arg(long, value_name = "MIB", value_parser = positive_number)]
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
    /// Report format on stdout.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Also write a JUnit XML report here (one test case per judge case).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
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

/// A limit given on the command line: a finite number above 0.
fn positive_number(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 1e6 => Ok(v),
        Ok(v) => Err(format!("{v} is not in (0, 1000000]")),
        Err(e) => Err(e.to_string()),
    }
}

/// A `--source FILE` (or `--against-source`) gridjudge can compile: a language it knows
/// (else 64, naming the extensions), and a file it can read (else 66). The same rule in
/// every command.
pub fn check_source(src: &Path) -> Result<(), Failure> {
    if gridjudge::judge::compile::Language::from_path(src).is_none() {
        return Err(Failure::usage(format!(
            "{}: unsupported language (--source takes a file of a language of `gridjudge judge --help`'s list, docs/commands.md)",
            src.display()
        )));
    }
    std::fs::File::open(src).map(drop).map_err(|e| {
        Failure::new(
            exit::NO_INPUT,
            format!("cannot read {}: {e}", src.display()),
        )
    })
}

/// `-- good.cpp`: a source file given as the program to run (it is not executable)
/// is a usage error that says to give it with `--source`.
pub fn source_given_as_command(command: &[String]) -> Result<(), Failure> {
    use std::os::unix::fs::PermissionsExt;
    let Some(first) = command.first() else {
        return Ok(());
    };
    let path = Path::new(first);
    let executable = std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0);
    if gridjudge::judge::compile::Language::from_path(path).is_some() && !executable {
        return Err(Failure::usage(format!(
            "{first} is a source file, not a program: give it with --source {first} to compile and judge it"
        )));
    }
    Ok(())
}

/// Loads every problem folder with the command line's overrides and case filter. Every
/// broken folder is named at once (`|`-separated); an unreadable one makes it 66, else 64.
fn load_problems(args: &JudgeArgs, dirs: &[PathBuf]) -> Result<Vec<JudgeProblem>, Failure> {
    // The case filter comes last, so that a name that matches nothing can list the cases.
    let overrides = Overrides {
        case: None,
        ..args.overrides()
    };
    let mut problems = Vec::new();
    let mut errors: Vec<Failure> = Vec::new();
    for dir in dirs {
        match JudgeProblem::load(dir).and_then(|mut p| p.apply(&overrides).map(|()| p)) {
            Ok(p) => problems.push(p),
            Err(e) => errors.push(e.into()),
        }
    }
    if !errors.is_empty() {
        let code = errors.iter().map(|f| f.code).max().unwrap_or(exit::USAGE);
        let message: Vec<String> = errors.into_iter().map(|f| f.message).collect();
        return Err(Failure::new(code, message.join(" | ")));
    }
    narrow_to_case(&mut problems, args.case.as_deref())?;
    Ok(problems)
}

/// Keeps only the case `want` (a name or an id) and the problems that have it; a name
/// no problem has is a usage error that lists the cases there are.
fn narrow_to_case(problems: &mut Vec<JudgeProblem>, want: Option<&str>) -> Result<(), Failure> {
    let Some(want) = want else {
        return Ok(());
    };
    let all: Vec<String> = problems
        .iter()
        .flat_map(|p| {
            let prefix = if problems.len() > 1 {
                format!("{}: ", p.name)
            } else {
                String::new()
            };
            p.cases.iter().map(move |c| format!("{prefix}{}", c.id()))
        })
        .collect();
    for p in problems.iter_mut() {
        p.apply(&Overrides {
            case: Some(want.to_string()),
            ..Overrides::default()
        })?;
    }
    problems.retain(|p| !p.cases.is_empty());
    if problems.is_empty() {
        const SHOWN: usize = 12;
        let more = all.len().saturating_sub(SHOWN);
        let mut list = all.into_iter().take(SHOWN).collect::<Vec<_>>().join(", ");
        if more > 0 {
            list.push_str(&format!(", and {more} more"));
        }
        return Err(Failure::usage(format!(
            "no case named {want:?} (a name such as 1, or an id such as sample/1); the cases: {list}"
        )));
    }
    Ok(())
}

impl JudgeArgs {
    /// What the command line changes in each problem.
    fn overrides(&self) -> Overrides {
        Overrides {
            time_seconds: self.time_limit,
            memory_mib: self.memory_limit,
            case: self.case.clone(),
            with_stress: self.with_stress,
        }
    }
}

/// A live progress bar on a terminal; hidden when stderr is not one.
pub fn progress_bar(total: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} {msg}")
    {
        bar.set_style(style);
    }
    bar
}

/// Where problems are looked up ([`RunOptions::roots`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roots {
    /// Folders of problem folders, in order.
    pub folders: Vec<PathBuf>,
    /// Whether the bundled problems come after them.
    pub bundled: bool,
}

/// The bundled problems' folder, written to the cache on first use.
fn bundled_root() -> Result<PathBuf, Failure> {
    gridjudge::judge::bundled::root().map_err(|e| {
        Failure::new(
            exit::IO_ERROR,
            format!("cannot write the bundled problems to the cache folder: {e}"),
        )
    })
}

/// The problem folders to judge (see [`locate`]): the one named, or every problem of
/// the first root ([`RunOptions::roots`]) for `--all`.
pub fn problem_dirs(options: &RunOptions, problem: Option<&str>) -> Result<Vec<PathBuf>, Failure> {
    let roots = options.roots();
    match problem {
        Some(p) => locate(p, &roots).map(|dir| vec![dir]),
        None => {
            let root = match roots.folders.first() {
                Some(first) => first.clone(),
                None => bundled_root()?,
            };
            // A missing or empty folder is the caller's mistake, as for one problem.
            if !root.is_dir() {
                return Err(Failure::usage(format!(
                    "no judge-cases folder {} (give --cases DIR or set GRIDJUDGE_CASES)",
                    root.display()
                )));
            }
            let dirs = gridjudge::judge::config::discover(&root)?;
            if dirs.is_empty() {
                return Err(Failure::usage(format!(
                    "no problem folders (with a problem.toml) under {}",
                    root.display()
                )));
            }
            Ok(dirs)
        }
    }
}

/// The one rule for a PROBLEM argument, in every command: a name is looked up under
/// each root in order (`ROOT/NAME/problem.toml`), and, when it is not under the first
/// root, as a folder relative to the current one; anything with a `/` (or `.`, `..`)
/// is a path. Nothing found is a usage error listing the bundled ids and every place
/// searched.
pub fn locate(problem: &str, roots: &Roots) -> Result<PathBuf, Failure> {
    let is_problem = |dir: &Path| dir.join("problem.toml").is_file();
    let as_path = PathBuf::from(problem);
    let path_like = problem.contains('/') || problem == "." || problem == "..";
    let mut searched = Vec::new();
    if !path_like {
        let mut candidates: Vec<PathBuf> = roots.folders.iter().map(|r| r.join(problem)).collect();
        // A folder of that name here comes right after the first root.
        candidates.insert(1.min(candidates.len()), as_path.clone());
        for dir in candidates {
            if is_problem(&dir) {
                return Ok(dir);
            }
            searched.push(dir.display().to_string());
        }
        if roots.bundled && gridjudge::judge::bundled::ids().contains(&problem) {
            return Ok(bundled_root()?.join(problem));
        }
    } else if is_problem(&as_path) {
        return Ok(as_path);
    } else {
        searched.push(as_path.display().to_string());
    }
    let bundled = gridjudge::judge::bundled::ids().join(", ");
    Err(Failure::usage(if roots.bundled {
        format!(
            "no problem {problem:?}: no problem.toml in {}, and no bundled problem of that name (bundled: {bundled})",
            searched.join(", ")
        )
    } else {
        format!(
            "no problem {problem:?}: no problem.toml in {} (the bundled problems, {bundled}, are used without --cases and GRIDJUDGE_CASES)",
            searched.join(", ")
        )
    }))
}

/// The exit code of a finished session.
pub fn exit_code(verdict: Verdict) -> u8 {
    match verdict {
        Verdict::Accepted => exit::OK,
        Verdict::JudgeError => exit::JUDGE_FAILURE,
        _ => exit::REJECTED,
    }
}

/// Runs `gridjudge judge`.
pub fn run(args: JudgeArgs) -> Result<u8, Failure> {
    judge(args).map_err(|f| f.context("gridjudge judge"))
}

fn judge(args: JudgeArgs) -> Result<u8, Failure> {
    if args.explain_sandbox {
        let settings = args.options.settings().map_err(Failure::internal)?;
        let g = settings.probe_guarantees().map_err(Failure::judge)?;
        print!("{}", gridjudge::sandbox::confine::explain(&g));
        return Ok(exit::OK);
    }
    let usage = |m: &str| Failure::usage(m);
    let chosen = usize::from(args.reference)
        + usize::from(args.source.is_some())
        + usize::from(!args.command.is_empty());
    if chosen != 1 {
        return Err(usage(
            "say what to judge: --reference, --source FILE, or -- CMD [ARGS...]",
        ));
    }
    source_given_as_command(&args.command)?;
    if let Some(src) = &args.source {
        check_source(src)?;
    }
    // Every report file is writable before any judging starts (exit 74 at once).
    for path in [
        &args.junit,
        &args.track.bmf,
        &args.track.gab,
        &args.track.html,
    ]
    .into_iter()
    .flatten()
    {
        crate::cli::check_writable(path)?;
    }
    let mut settings = args.options.checked_settings()?;
    settings.stop_at_first_failure = args.fail_fast;
    let baseline = args.track.load()?;
    let problems = match &args.package {
        Some(dir) => vec![package_problem(&args, dir, &settings)?],
        None => {
            let dirs = problem_dirs(&args.options, args.problem.as_deref())?;
            let mut problems = load_problems(&args, &dirs)?;
            if let Some(file) = &args.interactor {
                let checker = interactor_checker(file, &settings)?;
                for p in &mut problems {
                    p.checker = gridjudge::judge::problem::Checker::External(checker.clone());
                }
            }
            for p in &problems {
                p.check_data()?;
            }
            problems
        }
    };
    let (mut problems, shard) = take_shard(problems, args.shard);
    if shard.is_some() {
        // A shard judges some of the cases: no score of the whole problem.
        for p in &mut problems {
            p.scoring = None;
        }
    }
    let subject = if args.reference {
        Subject::Reference
    } else if let Some(src) = &args.source {
        Subject::Source(src.clone())
    } else {
        Subject::Command(args.command.clone())
    };
    if let Some((b, _)) = &baseline {
        // A baseline of other problems would compare nothing and pass: refuse it.
        let cases = problems
            .iter()
            .flat_map(|p| p.cases.iter().map(move |c| (p.name.as_str(), c.id())));
        if b.shared(cases) == 0 {
            return Err(Failure::usage(format!(
                "--baseline shares no case with this run (it holds {}): compare reports of the same problems",
                b.problems().join(", ")
            )));
        }
    }
    let description = subject.describe();
    let provenance = {
        let files = subject.files();
        let paths: Option<Vec<&Path>> = files
            .as_ref()
            .map(|f| f.iter().map(PathBuf::as_path).collect());
        Provenance::now(paths.as_deref())
    };
    let total: usize = problems.iter().map(|p| p.cases.len()).sum();
    // The problem folders are hidden from the compiler (where the run has no minimal
    // root of its own, in which they do not exist anyway).
    let hidden = problems.iter().map(|p| p.dir.clone());
    let runnable = match Runnable::prepare(&subject, hidden, &settings) {
        Ok(r) => r,
        // A compile error is the verdict of every problem; a signal during the compile
        // leaves nothing judged.
        Err(failure) if matches!(subject, Subject::Source(_)) => {
            let reports = if interrupt::signal().is_some() {
                Vec::new()
            } else {
                subject::failed_all(&problems, &failure, &settings)
            };
            let session = finished_session(description, reports, total, shard, provenance);
            return finish(&args, session, &baseline);
        }
        Err(failure) => return Err(Failure::judge(failure.message)),
    };
    let bar = progress_bar(total);
    let reports = subject::judge_all(&problems, &runnable, &settings, &|problem, _| {
        bar.set_message(problem.name.clone());
        bar.inc(1);
    });
    bar.finish_and_clear();
    finish(
        &args,
        finished_session(description, reports, total, shard, provenance),
        &baseline,
    )
}

/// With `--shard K/N`, the problems with only that shard's cases (a problem left with
/// none is not judged) and the shard's record for the report; otherwise all of them.
fn take_shard(
    problems: Vec<JudgeProblem>,
    shard: Option<Shard>,
) -> (Vec<JudgeProblem>, Option<ShardRecord>) {
    let Some(shard) = shard else {
        return (problems, None);
    };
    let record = ShardRecord {
        count: shard.count,
        index: shard.index,
        problems: problems
            .iter()
            .map(|p| ShardUnits {
                problem: p.name.clone(),
                units: p.cases.len(),
            })
            .collect(),
    };
    let mut position = 0;
    let mut kept = Vec::new();
    for mut p in problems {
        let (cases, next) = shard.select(std::mem::take(&mut p.cases), position);
        position = next;
        if !cases.is_empty() {
            p.cases = cases;
            kept.push(p);
        }
    }
    (kept, Some(record))
}

/// The session of what was judged; after a signal, only the problems with a finished
/// case, and how many of the `total` cases did not run.
fn finished_session(
    program: String,
    mut problems: Vec<ProblemReport>,
    total: usize,
    shard: Option<ShardRecord>,
    provenance: Provenance,
) -> Session {
    let interrupted = interrupt::signal().map(|signal| {
        problems.retain(|p| !p.cases.is_empty());
        let judged: usize = problems.iter().map(|p| p.cases.len()).sum();
        Interruption {
            signal,
            cases_not_run: total.saturating_sub(judged),
        }
    });
    Session {
        program,
        problems,
        interrupted,
        shard,
        recorded_guarantees: None,
        provenance: Some(provenance),
    }
}

/// `judge --interactor FILE`: the testlib-style interactor, built once.
fn interactor_checker(
    file: &Path,
    settings: &JudgeSettings,
) -> Result<std::sync::Arc<dyn gridjudge::judge::problem::OutputChecker>, Failure> {
    use gridjudge::judge::problem::Protocol;
    use gridjudge::package::output_validator::{Convention, CustomChecker};
    if !file.is_file() {
        return Err(Failure::usage(format!(
            "--interactor {}: no such file",
            file.display()
        )));
    }
    let checker = CustomChecker::build(file, &settings.launcher, &[], &Default::default())
        .map_err(|e| Failure::judge(format!("--interactor {}: {e}", file.display())))?
        .with_protocol(Protocol {
            interactive: true,
            passes: None,
        })
        .with_convention(Convention::Testlib);
    Ok(std::sync::Arc::new(checker))
}

/// `judge --package DIR`: the package's cases, limits and output validator, with the
/// command line's overrides.
fn package_problem(
    args: &JudgeArgs,
    dir: &Path,
    settings: &JudgeSettings,
) -> Result<JudgeProblem, Failure> {
    let pkg = Package::load(dir)?;
    for w in &pkg.warnings {
        eprintln!("warning: {w}");
    }
    let limit = pkg
        .stated_time_limit(args.time_limit)
        .unwrap_or(DEFAULT_TIME_LIMIT);
    let mut problem = pkg.judge_problem(&settings.launcher, limit)?;
    if !args.no_data_check {
        check_package_data(&pkg, &problem, settings)?;
    }
    problem.apply(&Overrides {
        time_seconds: None,
        case: None,
        ..args.overrides()
    })?;
    if args.case.is_some() {
        // One case of a scoring problem has its verdict, not the problem's score.
        problem.scoring = None;
    }
    let mut one = vec![problem];
    narrow_to_case(&mut one, args.case.as_deref())?;
    one.pop()
        .ok_or_else(|| Failure::internal("the package's problem went missing"))
}

/// Checks the data of `pkg` before any run ([`gridjudge::package::data_check`]), its
/// answers through the output validator of `problem` (the package as the judge's
/// problem): the warnings and the checks skipped go to stderr; errors, each on a line
/// of its own naming the file, the check and the message, end the command (exit 3).
pub fn check_package_data(
    pkg: &Package,
    problem: &JudgeProblem,
    settings: &JudgeSettings,
) -> Result<(), Failure> {
    let gridjudge::judge::problem::Checker::External(checker) = &problem.checker else {
        return Err(Failure::internal(
            "a package's problem is judged by gridjudge's own checker",
        ));
    };
    let report = gridjudge::package::data_check::check_data(
        pkg,
        checker.as_ref(),
        &settings.launcher,
        settings.jobs,
    );
    for w in report.warnings() {
        eprintln!("warning: {w}");
    }
    for s in &report.skipped {
        eprintln!("note: {s}");
    }
    let errors: Vec<_> = report.errors().collect();
    if errors.is_empty() {
        return Ok(());
    }
    for e in &errors {
        eprintln!("error: {e}");
    }
    Err(Failure::judge(format!(
        "{}: {} error(s) in the package's data (above): no program is judged against it \
         (--no-data-check judges anyway)",
        pkg.dir.display(),
        errors.len()
    )))
}

fn finish(
    args: &JudgeArgs,
    session: Session,
    baseline: &Option<(report::baseline::Baseline, report::baseline::Thresholds)>,
) -> Result<u8, Failure> {
    let comparison = crate::cli::track::TrackArgs::compare(baseline, &session);
    let baseline = comparison.as_ref();
    let writer: Box<dyn Render<Session>> = match args.format {
        Format::Table => Box::new(report::table::Table { baseline }),
        Format::Json => Box::new(report::json::Json { baseline }),
        Format::Bmf => Box::new(report::tracker::Bmf),
        Format::Gab => Box::new(report::tracker::Gab),
    };
    let text = writer
        .render(&session)
        .map_err(|e| Failure::internal(e.to_string()))?;
    print!("{text}");
    if let Some(path) = &args.junit {
        let xml = report::junit::Junit
            .render(&session)
            .map_err(|e| Failure::internal(e.to_string()))?;
        crate::cli::write_file(path, xml)?;
    }
    args.track.write_files(&session, comparison.as_ref())?;
    if let (Some(c), Format::Bmf | Format::Gab) = (&comparison, args.format) {
        eprint!("{}", c.render_text()); // stdout holds the tracker document
    }
    Ok(args
        .track
        .exit_code(exit_code(session.overall()), comparison.as_ref()))
}
