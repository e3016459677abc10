//! `gridjudge gen` (write generated judge input to stdout or a file),
//! `gridjudge generate PROBLEM` (rebuild a problem's generated `data/secret/gen-*`
//! files from its `generators.toml`) and `gridjudge generate --package DIR` (build a
//! package's `data/` from its `generators/generators.yaml`). The generators themselves
//! are [`gridjudge::gen::spec`]; the recipe logic is [`gridjudge::gen::recipe`]; the
//! generators.yaml logic is [`gridjudge::package::generators`].

use super::{exit, Failure};
use gridjudge::gen::spec::{GenError, GenSpec};
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

fn gen_failure(e: GenError) -> Failure {
    Failure::from(e).context("gridjudge gen")
}

/// Runs `gridjudge gen`.
pub fn run_gen(args: &GenArgs) -> Result<u8, Failure> {
    let g = args.spec.generate().map_err(gen_failure)?;
    let input = g.input();
    match &args.out {
        Some(path) => write_file(path, &input)?,
        None => crate::cli::write_stdout(&input)?,
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

/// Runs `gridjudge generate`.
pub fn run_generate(args: &GenerateArgs) -> Result<u8, Failure> {
    let generated = if let Some(package) = &args.package {
        let launcher = std::env::current_exe()
            .map_err(|e| Failure::internal(format!("cannot find the gridjudge executable: {e}")))?;
        gridjudge::plan::generate::package(package, args.check, &launcher, &|notice| {
            eprintln!("gridjudge generate: {notice}")
        })?
    } else {
        let Some(problem) = &args.problem else {
            return Err(Failure::usage("give a PROBLEM or --package DIR"));
        };
        let roots = gridjudge::judge::lookup::Roots {
            bundled: false,
            ..gridjudge::judge::lookup::Roots::new(args.cases.clone())
        };
        let dir = gridjudge::judge::lookup::locate(problem, &roots)?;
        gridjudge::plan::generate::problem(&dir, args.check)?
    };
    crate::cli::write_stdout(generated.text.as_bytes())?;
    Ok(generated.code)
}
