//! `gridjudge gen` (write generated judge input to stdout or a file),
//! `gridjudge generate PROBLEM` (rebuild a problem's generated `data/secret/gen-*`
//! files from its `generators.toml`) and `gridjudge generate --package DIR` (build a
//! package's `data/` from its `generators/generators.yaml`). The generators themselves
//! are [`gridjudge::gen::spec`]; the recipe logic is [`gridjudge::gen::recipe`]; the
//! generators.yaml logic is [`gridjudge::package::generators`].

use super::{exit, Failure};
use gridjudge::gen::recipe::{self, FileStatus};
use gridjudge::gen::spec::{GenError, GenSpec};
use gridjudge::package::generators::{self, GenerateError};
use std::io::Write;
use std::path::PathBuf;

/// `gridjudge gen sudoku|kakuro [ARGS]`.
#[derive(Debug, clap::Args)]
pub struct GenArgs {
    /// The generator and its arguments.
    #[command(subcommand)]
    pub spec: GenSpec,
    /// Write the judge input here instead of stdout.
    #[arg(long, short = 'o', global = true, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Also write the answers (one valid solution per case) here.
    #[arg(long, global = true, value_name = "FILE")]
    pub ans: Option<PathBuf>,
    /// Write the per-case statistics (givens, grade, guesses) here instead of stderr.
    #[arg(long, global = true, value_name = "FILE")]
    pub stats: Option<PathBuf>,
}

fn write_file(path: &std::path::Path, bytes: &[u8]) -> Result<(), Failure> {
    // Never through a link planted where the file goes (`gridjudge::tree`).
    gridjudge::tree::write_file(path, bytes)
        .map_err(|e| Failure::new(exit::IO_ERROR, format!("gridjudge gen: {e}")))
}

/// The exit code of a generator failure, the same in `gen` and `stress`: arguments it
/// refuses and a request it cannot meet within its effort bound (`--clues 17`, a grade
/// that does not come) are both the caller's to change, 64.
pub fn gen_exit_code(e: &GenError) -> u8 {
    match e {
        GenError::Usage(_) | GenError::GaveUp(_) => exit::USAGE,
    }
}

fn gen_failure(e: GenError) -> Failure {
    Failure::new(gen_exit_code(&e), format!("gridjudge gen: {e}"))
}

/// Runs `gridjudge gen`.
pub fn run_gen(args: &GenArgs) -> Result<u8, Failure> {
    let g = args.spec.generate().map_err(gen_failure)?;
    let input = g.input();
    match &args.out {
        Some(path) => write_file(path, &input)?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(&input)
                .and_then(|_| out.flush())
                .map_err(|e| Failure::new(exit::IO_ERROR, format!("gridjudge gen: stdout: {e}")))?;
        }
    }
    if let Some(path) = &args.ans {
        write_file(path, &g.answer())?;
    }
    let stats: String = g.stats.iter().map(|l| format!("{l}\n")).collect();
    match &args.stats {
        Some(path) => write_file(path, stats.as_bytes())?,
        None => eprint!("{stats}"),
    }
    Ok(exit::OK)
}

/// `gridjudge generate PROBLEM` / `gridjudge generate --package DIR`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// The problem (with `problem.toml` and `generators.toml`): an id under --cases or
    /// ./judge-cases (poj3074), or a path to its folder. The bundled copy inside the
    /// binary is never written to.
    #[arg(required_unless_present = "package", conflicts_with = "package")]
    pub problem: Option<String>,
    /// A Kattis/ICPC package folder: build its `data/` from
    /// `generators/generators.yaml` (BAPCtools' format).
    #[arg(long, value_name = "DIR")]
    pub package: Option<PathBuf>,
    /// Folder holding the problem folders (default: $GRIDJUDGE_CASES, else
    /// ./judge-cases).
    #[arg(long, value_name = "DIR")]
    pub cases: Option<PathBuf>,
    /// Compare instead of writing: exit 1 when a generated file differs from its
    /// recipe (or is missing, or is a stale `gen-*` file; with --package, a file of
    /// `data/` that generators.yaml does not make).
    #[arg(long)]
    pub check: bool,
}

/// The exit code of a generators.yaml failure: a broken package (a key refused, a
/// program that fails, a planted link) is 3, an unreadable one 66, a failed write 74.
pub fn generators_exit_code(e: &GenerateError) -> u8 {
    match e {
        GenerateError::Package(_) => exit::JUDGE_FAILURE,
        GenerateError::Read(_) => exit::NO_INPUT,
        GenerateError::Write(_) => exit::IO_ERROR,
    }
}

/// Runs `gridjudge generate --package DIR [--check]`.
fn run_generate_package(package: &std::path::Path, check: bool) -> Result<u8, Failure> {
    let fail = |e: GenerateError| {
        Failure::new(generators_exit_code(&e), format!("gridjudge generate: {e}"))
    };
    let launcher = std::env::current_exe().map_err(|e| {
        Failure::new(
            exit::INTERNAL,
            format!("gridjudge generate: cannot find the gridjudge executable: {e}"),
        )
    })?;
    let built = generators::build(package, &launcher).map_err(fail)?;
    for note in &built.notes {
        eprintln!("gridjudge generate: note: {note}");
    }
    let report = if check {
        generators::compare(package, &built)
    } else {
        generators::write(package, &built)
    }
    .map_err(fail)?;
    let mut text = String::new();
    for (path, status) in &report {
        if check || *status != generators::Status::Same {
            text += &format!("{status:>8}  data/{}\n", path.display());
        }
    }
    let same = report
        .iter()
        .filter(|(_, s)| *s == generators::Status::Same)
        .count();
    text += &format!("{} files, {same} unchanged\n", report.len());
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| Failure::new(exit::IO_ERROR, format!("gridjudge generate: stdout: {e}")))?;
    let differ = report.iter().any(|(_, s)| s.differs());
    Ok(if check && differ {
        exit::REJECTED
    } else {
        exit::OK
    })
}

/// Runs `gridjudge generate`.
pub fn run_generate(args: &GenerateArgs) -> Result<u8, Failure> {
    if let Some(package) = &args.package {
        return run_generate_package(package, args.check);
    }
    let Some(problem) = &args.problem else {
        return Err(Failure::new(
            exit::USAGE,
            "gridjudge generate: give a PROBLEM or --package DIR",
        ));
    };
    let fail = |code: u8, m: String| Failure::new(code, format!("gridjudge generate: {m}"));
    let roots = crate::cli::judge::Roots {
        bundled: false,
        ..crate::cli::judge::RunOptions::with_cases(args.cases.clone()).roots()
    };
    let problem_dir =
        crate::cli::judge::locate(problem, &roots).map_err(|f| f.context("gridjudge generate"))?;
    let plan = recipe::Recipe::load(&problem_dir).map_err(|e| {
        let code = match e {
            recipe::RecipeError::Read { .. } | recipe::RecipeError::Problem(_) => exit::NO_INPUT,
            _ => exit::USAGE,
        };
        fail(code, e.to_string())
    })?;
    let built = plan
        .build()
        .map_err(|e| fail(exit::JUDGE_FAILURE, e.to_string()))?;
    let report = if args.check {
        recipe::compare(&problem_dir, &built)
    } else {
        recipe::write(&problem_dir, &built).map_err(|e| fail(exit::IO_ERROR, e))?
    };
    let mut differ = false;
    let mut text = String::new();
    for (name, status) in &report {
        differ |= matches!(
            status,
            FileStatus::Differs | FileStatus::Missing | FileStatus::Stale
        );
        text += &format!("{status:>9}  data/secret/{name}\n");
    }
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| fail(exit::IO_ERROR, format!("stdout: {e}")))?;
    Ok(if args.check && differ {
        exit::REJECTED
    } else {
        exit::OK
    })
}
