//! `gridjudge gen` (write generated judge input to stdout or a file) and
//! `gridjudge generate PROBLEM` (rebuild a problem's generated `data/secret/gen-*`
//! files from its `generators.toml`). The generators themselves are
//! [`gridjudge::gen::spec`]; the recipe logic is [`gridjudge::gen::recipe`].

use super::{exit, Failure};
use gridjudge::gen::recipe::{self, FileStatus};
use gridjudge::gen::spec::{GenError, GenSpec};
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

/// `gridjudge generate PROBLEM`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// The problem (with `problem.toml` and `generators.toml`): an id under --cases or
    /// ./judge-cases (poj3074), or a path to its folder. The bundled copy inside the
    /// binary is never written to.
    pub problem: String,
    /// Folder holding the problem folders (default: $GRIDJUDGE_CASES, else
    /// ./judge-cases).
    #[arg(long, value_name = "DIR")]
    pub cases: Option<PathBuf>,
    /// Compare instead of writing: exit 1 when a generated file differs from its
    /// recipe (or is missing, or is a stale `gen-*` file).
    #[arg(long)]
    pub check: bool,
}

/// Runs `gridjudge generate`.
pub fn run_generate(args: &GenerateArgs) -> Result<u8, Failure> {
    let fail = |code: u8, m: String| Failure::new(code, format!("gridjudge generate: {m}"));
    let roots = crate::cli::judge::Roots {
        bundled: false,
        ..crate::cli::judge::RunOptions::with_cases(args.cases.clone()).roots()
    };
    let problem_dir = crate::cli::judge::locate(&args.problem, &roots)
        .map_err(|f| f.context("gridjudge generate"))?;
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
