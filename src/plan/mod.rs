//! The runs a command asks for, planned from plain values: the layer between the command
//! line and the engine. A command parses its arguments, builds one plan of this module
//! (which names files, limits, filters and the program, but no flag), calls it and
//! renders what it returns; every decision between the two — which problems, which
//! cases and submissions, the shard, the data check before any run, what an interruption
//! leaves in the report — is taken here, where a library caller gets the same answer as
//! the binary.
//!
//! - [`check`]: `gridjudge check` and `validate`, in testlib's and Kattis's protocols.
//! - [`generate`]: `gridjudge generate`, judge data built from a problem's or a
//!   package's generators.
//! - [`judge`]: `gridjudge judge`, a program on the cases of problem folders or of a
//!   package, to a [`Session`](crate::report::Session).
//! - [`verify_submissions`]: `gridjudge verify-submissions`, every example submission
//!   against its folder, to a [`VerifyReport`](crate::report::submissions::VerifyReport).
//! - [`merge`]: `gridjudge report merge`, the shards' reports joined into the run's.
//! - [`settings`]: the run options every judging command shares, as the judge's
//!   settings.
//! - [`solve`]: `gridjudge solve` and `count`, a judge input streamed through a
//!   reference solver, each answer checked before it is written ([`io`]).
//! - [`stress`]: `gridjudge stress`, random cases until a program fails, the failure
//!   shrunk and saved.
//! - [`check_source`], [`source_given_as_command`]: the one rule for a program given as
//!   a source file, in every command that takes one.
//! - [`Notice`]: what a plan tells its caller while it runs (a package's warnings, the
//!   data check's findings), for the command line to print.
//!
//! Errors are [`Failure`]s, each with its exit code already
//! decided where its kind of mistake is defined.

pub mod check;
pub mod data_check;
pub mod generate;
pub mod io;
pub mod judge;
pub mod merge;
pub mod reports;
pub mod settings;
pub mod solve;
pub mod stress;
pub mod verify_submissions;

use crate::error::Failure;
use std::path::Path;

use std::fmt;

/// The problems a judge or verify-submissions run works on.
#[derive(Debug, Clone)]
pub enum Target {
    /// gridjudge problem folders ([`lookup`](crate::judge::lookup) found them), each
    /// with its cases and its `submissions/<verdict folder>/`.
    Folders(Vec<std::path::PathBuf>),
    /// A Kattis/ICPC problem package (legacy, 2023-07 or 2025-09): its data, limits,
    /// output validator and `submissions/<folder>/`.
    Package {
        /// The package's folder.
        dir: std::path::PathBuf,
        /// Whether its input validators and output validator check its data first
        /// (false judges without checking it).
        check_data: bool,
    },
}

/// A message a plan gives while it runs, for its caller to show (the command line
/// prints each on a line of its own on stderr).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// A plain line (`PROBLEM: no submissions`).
    Info(String),
    /// Something worth fixing that does not stop the run (`warning: …`).
    Warning(String),
    /// A check that was skipped, and why (`note: …`).
    Note(String),
    /// A finding that stops the run; the failure that follows counts them (`error: …`).
    Error(String),
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::Info(m) => f.write_str(m),
            Notice::Warning(m) => write!(f, "warning: {m}"),
            Notice::Note(m) => write!(f, "note: {m}"),
            Notice::Error(m) => write!(f, "error: {m}"),
        }
    }
}

/// A `--source FILE` (or `--against-source`) gridjudge can compile: a language it knows
/// (else 64, naming the extensions), and a file it can read (else 66). The same rule in
/// every command.
pub fn check_source(src: &Path) -> Result<(), Failure> {
    if crate::judge::compile::Language::from_path(src).is_none() {
        return Err(Failure::usage(format!(
            "{}: unsupported language (--source takes a file of a language of `gridjudge judge --help`'s list, docs/commands.md)",
            src.display()
        )));
    }
    std::fs::File::open(src).map(drop).map_err(|e| {
        Failure::new(
            crate::exit::NO_INPUT,
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
    if crate::judge::compile::Language::from_path(path).is_some() && !executable {
        return Err(Failure::usage(format!(
            "{first} is a source file, not a program: give it with --source {first} to compile and judge it"
        )));
    }
    Ok(())
}
