//! `gridjudge export PROBLEM --out DIR [--format-version V] [--zip]`: a problem
//! (bundled, under --cases, or a folder) as a Kattis / ICPC problem package, legacy by
//! default (what each version holds: [`gridjudge::package::export`]).

use crate::cli::{exit, Failure};
use gridjudge::judge::problem::JudgeProblem;
use gridjudge::package::export::{export, ExportFormat, ExportOptions};
use std::path::PathBuf;

/// Arguments of `gridjudge export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// The problem: a bundled id or one under --cases (poj3074), or a path to a problem
    /// folder (., ./mysudoku).
    pub problem: String,
    /// Write the Kattis/ICPC package into this folder (created; it must not exist yet,
    /// or be empty). `--kattis DIR` is an older spelling of the same option.
    #[arg(short = 'o', long = "out", alias = "kattis", value_name = "DIR")]
    pub out: PathBuf,
    /// The package format version: legacy (read by problemtools, DOMjudge and Kattis
    /// alike), 2023-07 (problem_format_version 2023-07-draft, as problemtools checks it)
    /// or 2025-09 (the current one, as BAPCtools checks it).
    #[arg(long, value_name = "VERSION", default_value = "legacy")]
    pub format_version: ExportFormat,
    /// The package's `license` (problemtools' values: unknown, public domain, cc0, cc by,
    /// cc by-sa, educational, permission). Check it fits your data before you publish.
    #[arg(long, default_value = "educational")]
    pub license: String,
    /// The package's `rights_owner` (default: none, and the format then names the
    /// `source`): whoever holds the rights to the statement and data you export.
    #[arg(long, value_name = "NAME")]
    pub rights_owner: Option<String>,
    /// The package's `uuid` (default: derived from the problem's name, title and data,
    /// so another problem never gets the same one and the same problem always does).
    #[arg(long, value_name = "UUID")]
    pub uuid: Option<String>,
    /// Also write DIR.zip, the archive DOMjudge imports.
    #[arg(long)]
    pub zip: bool,
    /// Folder holding the problem folders (default as for `judge`).
    #[arg(long, value_name = "DIR")]
    pub cases: Option<PathBuf>,
}

/// Runs `gridjudge export`.
pub fn run(args: &ExportArgs) -> Result<u8, Failure> {
    let roots = gridjudge::judge::lookup::Roots::new(args.cases.clone());
    let dirs = gridjudge::judge::lookup::problem_dirs(&roots, Some(&args.problem))?;
    let Some(dir) = dirs.first() else {
        return Err(Failure::usage("no such problem"));
    };
    let problem = JudgeProblem::load(dir)?;
    let binary = std::env::current_exe()
        .map_err(|e| Failure::internal(format!("cannot find gridjudge itself: {e}")))?;
    let exported = export(
        &problem,
        &args.out,
        &ExportOptions {
            format: args.format_version,
            license: args.license.clone(),
            rights_owner: args.rights_owner.clone(),
            uuid: args.uuid.clone(),
            binary,
            zip: args.zip,
        },
    )?;
    for left in &exported.left_out {
        eprintln!("left out {}: {}", left.path.display(), left.reason);
    }
    if let Some(zip) = &exported.zip {
        eprintln!("wrote {}", zip.display());
    }
    eprintln!(
        "exported {} as {} ({} format): {} case(s), {} submission(s)",
        problem.name,
        args.out.display(),
        args.format_version,
        exported.cases,
        exported.submissions
    );
    Ok(exit::OK)
}
