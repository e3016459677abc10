//! `gridjudge stress PROBLEM [--gen ARGS] [--iterations N | --duration SECS] [-j N] -- CMD`
//! (or `--source FILE`; `--against CMD2` / `--against-source FILE` for differential
//! testing): random cases until the program fails, then the failure shrunk to a
//! minimal case, saved as a problem folder that `gridjudge judge` reproduces.
//!
//! Exit codes: 0 no failure found, 1 a failure found (and saved), 3 judge failure,
//! 64 usage; 128 + N after signal N (SIGINT, SIGTERM, SIGHUP: the run in progress is
//! ended, the search stops, a failure found so far is saved as shrunk so far, the
//! stress folders are removed). The engine is [`gridjudge::stress`].

use super::judge::{problem_dirs, RunOptions};
use super::{exit, Failure};
use gridjudge::gen::spec::GenSpec;
use gridjudge::judge::compile::{self, Program};
use gridjudge::judge::problem::JudgeProblem;
use gridjudge::stress::script::{comment, shell_word};
use gridjudge::stress::{self, Found, Progress, StressOptions, Subjects};
use gridjudge::{Problem, Verdict};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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

/// The default generator of a problem: small cases, quick to make and to shrink.
pub fn default_gen(problem: Problem) -> &'static str {
    match problem {
        Problem::Poj3074 | Problem::Poj2676 => "sudoku --box 3 --clues 32 --count 3",
        Problem::Poj3076 => "sudoku --box 4 --clues 170 --count 1",
        Problem::Hdu3338 => "kakuro --rows 6 --cols 6 --variant extension --count 3",
        Problem::Kakuro => "kakuro --rows 6 --cols 6 --variant classic --count 3",
    }
}

/// Runs `gridjudge stress`.
pub fn run(args: StressArgs) -> Result<u8, Failure> {
    stress_cmd(args).map_err(|f| f.context("gridjudge stress"))
}

fn secs(what: &str, v: f64) -> Result<Duration, Failure> {
    Duration::try_from_secs_f64(v)
        .map_err(|_| Failure::new(exit::USAGE, format!("{what} {v}: not a number of seconds")))
}

/// The program to stress: `source` compiled (the problem folder `hidden` from the
/// compiler, as `judge` does; Python with `python` when `--python` names one), or
/// `command` resolved.
fn compile_or_command(
    source: Option<&Path>,
    command: &[String],
    launcher: &Path,
    python: Option<&Path>,
    hidden: &Path,
) -> Result<Program, Failure> {
    match source {
        Some(src) if !src.is_file() => Err(Failure::new(
            exit::NO_INPUT,
            format!("cannot read {}: no such file", src.display()),
        )),
        Some(src) => compile::Compiler::new(launcher)
            .with_python(python.map(Path::to_path_buf))
            .hiding([hidden.to_path_buf()])
            .compile(src)
            .map_err(|f| {
                let code = if f.verdict == Verdict::CompileError {
                    exit::REJECTED
                } else {
                    exit::JUDGE_FAILURE
                };
                Failure::new(code, format!("{}: {}", src.display(), f))
            }),
        None => Program::command(&command[0], &command[1..])
            .map_err(|f| Failure::new(exit::JUDGE_FAILURE, f.message)),
    }
}

fn stress_cmd(args: StressArgs) -> Result<u8, Failure> {
    let usage = |m: String| Failure::new(exit::USAGE, m);
    super::judge::source_given_as_command(&args.command)?;
    for src in [&args.source, &args.against_source].into_iter().flatten() {
        super::judge::check_source(src)?;
    }
    if args.source.is_none() == args.command.is_empty() {
        return Err(usage(
            "say what to stress: --source FILE, or -- CMD [ARGS...]".into(),
        ));
    }
    let dirs = problem_dirs(&args.options, Some(&args.problem))?;
    let dir = &dirs[0];
    let problem = JudgeProblem::load(dir)?;
    // A failure is saved into --out: never over files of another run.
    if std::fs::read_dir(&args.out).is_ok_and(|mut d| d.next().is_some()) {
        return Err(usage(format!(
            "--out {} exists and is not empty: give another folder or remove it",
            args.out.display()
        )));
    }
    let pid = problem.gridjudge_problem().ok_or_else(|| {
        Failure::usage(format!(
            "{}: not a gridjudge problem (stress needs its generator and checker)",
            dir.display()
        ))
    })?;
    let gen_line = args
        .gen
        .clone()
        .unwrap_or_else(|| default_gen(pid).to_string());
    let gen = GenSpec::parse_line(&gen_line)
        .map_err(|m| usage(format!("--gen: {m}")))?
        .for_problem(pid)
        .map_err(|e| usage(format!("--gen: {e}")))?;
    let time = args.duration.map(|t| secs("--duration", t)).transpose()?;
    let opts = StressOptions {
        gen,
        first_seed: args.seed,
        iterations: args
            .iterations
            .or(if time.is_none() { Some(1000) } else { None }),
        time,
        jobs: args.options.jobs.max(1),
        shrink_runs: args.shrink_runs,
        shrink_time: secs("--shrink-time", args.shrink_time)?,
    };
    let settings = args.options.checked_settings()?;
    let program = compile_or_command(
        args.source.as_deref(),
        &args.command,
        &settings.launcher,
        settings.python.as_deref(),
        &problem.dir,
    )?;
    let against_words: Vec<String> = args
        .against
        .as_deref()
        .map(|a| a.split_whitespace().map(String::from).collect())
        .unwrap_or_default();
    if args.against.is_some() && against_words.is_empty() {
        return Err(usage("--against: an empty command".into()));
    }
    let against = if args.against_source.is_some() || !against_words.is_empty() {
        Some(compile_or_command(
            args.against_source.as_deref(),
            &against_words,
            &settings.launcher,
            settings.python.as_deref(),
            &problem.dir,
        )?)
    } else {
        None
    };
    let subjects = Subjects {
        program: &program,
        against: against.as_ref(),
    };

    let bar = progress_bar();
    let started = Instant::now();
    let tick = |p: Progress| match p {
        Progress::Searched(n) => {
            if n % 16 == 0 {
                let rate = n as f64 / started.elapsed().as_secs_f64().max(1e-9);
                bar.set_message(format!("{n} iterations, {rate:.0}/s, all AC so far"));
            }
        }
        Progress::Failed(size) => bar.set_message(format!("failed on {size}; shrinking")),
        Progress::Shrinking(runs, size) => {
            bar.set_message(format!("shrinking: {runs} runs, best so far {size}"))
        }
    };
    let report = stress::stress(&problem, &settings, subjects, &opts, &tick).map_err(|e| {
        let code = match &e {
            stress::StressError::Generator { error, .. } => super::gen::gen_exit_code(error),
            stress::StressError::Judge(_) => exit::JUDGE_FAILURE,
        };
        Failure::new(code, e.to_string())
    })?;
    bar.finish_and_clear();
    let rate = report.iterations as f64 / report.search_time.as_secs_f64().max(1e-9);
    let interrupted = report
        .interrupted
        .map(|signal| {
            format!(
                "{}; ",
                gridjudge::sandbox::interrupt::Interrupted { signal }
            )
        })
        .unwrap_or_default();
    let Some(found) = report.found else {
        emit(&format!(
            "{interrupted}no failure in {} iterations ({:.1} s, {rate:.0} iterations/s); generator: {gen_line}\n",
            report.iterations,
            report.search_time.as_secs_f64()
        ))?;
        return Ok(exit::OK);
    };
    let headline = format!(
        "{interrupted}FAILED at iteration {} (seed {}) after {:.1} s ({rate:.0} iterations/s)\n",
        found.iteration + 1,
        found.seed,
        report.search_time.as_secs_f64()
    );
    let binary = std::env::current_exe()
        .map(|p| shell_word(&p.display().to_string()))
        .unwrap_or_else(|_| "gridjudge".into());
    let how = Reproduce {
        args: &args,
        gen_line: &gen_line,
        problem: pid,
        binary,
    };
    save(&args.out, dir, &found, &how).map_err(|e| Failure::new(exit::IO_ERROR, e))?;
    emit(&(headline + &found_text(&found, &args.out, &how)))?;
    let verdicts = stress::signature(&found.minimal_trials);
    Ok(if verdicts.contains(&Verdict::JudgeError) {
        exit::JUDGE_FAILURE
    } else {
        exit::REJECTED
    })
}

/// Writes the report on stdout; a closed or failing stdout is exit 74.
fn emit(text: &str) -> Result<(), Failure> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| Failure::new(exit::IO_ERROR, format!("cannot write the report: {e}")))
}

fn progress_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// What the reproduction commands need.
struct Reproduce<'a> {
    args: &'a StressArgs,
    gen_line: &'a str,
    problem: Problem,
    /// This very gridjudge binary, by its absolute path (a shell word): the lines shown
    /// on the terminal name it, and the script runs it where no `gridjudge` is on `PATH`.
    binary: String,
}

fn abs(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

impl Reproduce<'_> {
    /// The program as `judge` takes it: `--source FILE` (with the `--python` stress was
    /// given, so a PyPy failure is judged by PyPy again) or `-- CMD ARGS...`.
    fn program_words(&self) -> String {
        match &self.args.source {
            Some(src) => {
                let python = match &self.args.options.python {
                    Some(p) => format!("--python {} ", shell_word(p)),
                    None => String::new(),
                };
                format!(
                    "{python}--source {}",
                    shell_word(&abs(src).display().to_string())
                )
            }
            None => {
                let words: Vec<String> = self.args.command.iter().map(|w| shell_word(w)).collect();
                format!("-- {}", words.join(" "))
            }
        }
    }

    /// `gridjudge judge` on the saved folder: the same sandbox, limits and checker,
    /// with `binary` as its first word.
    fn judge_command(&self, binary: &str, out: &Path) -> String {
        let out = abs(out);
        let parent = out.parent().unwrap_or(Path::new("/"));
        let name = out
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        format!(
            "{} judge --cases {} {} {}",
            binary,
            shell_word(&parent.display().to_string()),
            shell_word(&name),
            self.program_words()
        )
    }

    /// The original case, regenerated, with `binary` as its first word: the generator
    /// line as given, its seed replaced, and a Sudoku's `--problem` added when the line
    /// leaves it to the problem (so a poj2676 case is made in poj2676's format).
    fn gen_command(&self, binary: &str, seed: u64) -> String {
        let mut words: Vec<String> = Vec::new();
        let mut given = self.gen_line.split_whitespace().peekable();
        while let Some(w) = given.next() {
            if w == "--seed" {
                given.next();
            } else if !w.starts_with("--seed=") {
                words.push(shell_word(w));
            }
        }
        let sudoku = words.first().is_some_and(|w| w == "sudoku");
        if sudoku
            && !words
                .iter()
                .any(|w| w == "--problem" || w.starts_with("--problem="))
        {
            words.push(format!("--problem {}", self.problem));
        }
        format!("{binary} gen {} --seed {seed}", words.join(" "))
    }
}

fn save(out: &Path, problem_dir: &Path, found: &Found, how: &Reproduce) -> Result<(), String> {
    // Every file goes below `out` through no link (`gridjudge::tree`).
    let write_mode = |path: PathBuf, bytes: &[u8], mode: u32| {
        let rel = path.strip_prefix(out).unwrap_or(&path);
        gridjudge::tree::write_beneath(out, rel, bytes, mode).map_err(|e| e.to_string())
    };
    let w = |path: PathBuf, bytes: &[u8]| write_mode(path, bytes, 0o644);
    let secret = out.join("data").join("secret");
    gridjudge::tree::create_dirs_beneath(out, Path::new("data/secret"))
        .map_err(|e| e.to_string())?;
    // The folder is a problem folder: `gridjudge judge` reruns the minimal case.
    let toml = std::fs::read(problem_dir.join("problem.toml"))
        .map_err(|e| format!("cannot read {}: {e}", problem_dir.display()))?;
    w(out.join("problem.toml"), &toml)?;
    w(secret.join("minimal.in"), &found.minimal.input())?;
    w(secret.join("minimal.ans"), &found.minimal.answer())?;
    w(out.join("original.in"), &found.original.input())?;
    for (k, t) in found.minimal_trials.iter().enumerate() {
        let suffix = if k == 0 { "" } else { "-against" };
        w(out.join(format!("output{suffix}.txt")), &t.output)?;
        w(
            out.join(format!("checker{suffix}.txt")),
            format!("{} {}\n", t.verdict, t.message).as_bytes(),
        )?;
    }
    // Every word is quoted (`shell_word`) and every comment one line (`comment`): a
    // source named `a\n$(…)` is repeated, never run.
    let script = [
        "#!/bin/sh".to_string(),
        comment(&format!(
            "gridjudge stress {}: the minimal failing case of {} (found at seed {}).",
            how.problem,
            how.program_words(),
            found.seed
        )),
        comment("The gridjudge on PATH, else the binary that wrote this script:"),
        format!(
            "gridjudge=$(command -v gridjudge) || gridjudge={}",
            how.binary
        ),
        comment("Judge it again, in the same sandbox with the same limits and checker:"),
        how.judge_command("\"$gridjudge\"", out),
        comment("The original (unshrunk) case, original.in, is made by:"),
        comment(&how.gen_command("\"$gridjudge\"", found.seed)),
    ]
    .map(|line| line + "\n")
    .concat();
    write_mode(out.join("reproduce.sh"), script.as_bytes(), 0o755)?;
    Ok(())
}

fn found_text(found: &Found, out: &Path, how: &Reproduce) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let names = ["program", "against"];
    for (k, t) in found.original_trials.iter().enumerate() {
        let _ = writeln!(
            s,
            "  original ({}), {}: {} {}",
            found.original.size(),
            names[k.min(1)],
            t.verdict,
            t.message
        );
    }
    let _ = writeln!(
        s,
        "shrunk in {} steps ({} runs{}) to {}:",
        found.shrink_steps,
        found.shrink_runs,
        if found.shrink_budget_hit {
            ", budget reached"
        } else {
            ""
        },
        found.minimal.size()
    );
    let input = String::from_utf8_lossy(&found.minimal.input()).into_owned();
    let _ = writeln!(
        s,
        "--- minimal input ({}/data/secret/minimal.in)",
        out.display()
    );
    s += &limit_lines(&input, 40);
    for (k, t) in found.minimal_trials.iter().enumerate() {
        let _ = writeln!(s, "--- {} output", names[k.min(1)]);
        s += &limit_lines(&String::from_utf8_lossy(&t.output), 40);
        let _ = writeln!(s, "--- {}: {} {}", names[k.min(1)], t.verdict, t.message);
    }
    let _ = writeln!(s, "--- reproduce ({}/reproduce.sh)", out.display());
    let _ = writeln!(s, "{}", how.judge_command(&how.binary, out));
    s
}

fn limit_lines(text: &str, n: usize) -> String {
    let mut out: String = text.lines().take(n).map(|l| format!("{l}\n")).collect();
    let total = text.lines().count();
    if total > n {
        out += &format!("... ({} more lines)\n", total - n);
    }
    out
}
