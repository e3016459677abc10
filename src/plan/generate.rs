//! `gridjudge generate`, planned: a problem folder's generated `data/secret/gen-*` files
//! rebuilt from its `generators.toml` ([`crate::gen::recipe`]), or a package's `data/`
//! built from its `generators/generators.yaml` ([`crate::package::generators`]); with
//! `check`, nothing is written and the report says which files differ from what the
//! generators make (exit 1 when any does).

use super::Notice;
use crate::error::Failure;
use crate::exit;
use crate::gen::recipe::{self, FileStatus, RecipeError};
use crate::package::generators::{self, Status};
use std::path::Path;

/// What a generate run did: one line per file, and the exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The report for stdout.
    pub text: String,
    /// 0, or 1 when `check` found a file that differs.
    pub code: u8,
}

/// 1 when a check found a file that differs, else 0.
fn exit_code(check: bool, differ: bool) -> u8 {
    if check && differ {
        exit::REJECTED
    } else {
        exit::OK
    }
}

/// A package's `data/` from its generators.yaml, the generators run through the sandbox
/// of the `launcher` binary: every file that changed (with `check`, every file and its
/// status), then the counts.
pub fn package(
    dir: &Path,
    check: bool,
    launcher: &Path,
    notice: &dyn Fn(Notice),
) -> Result<Generated, Failure> {
    let built = generators::build(dir, launcher)?;
    for note in &built.notes {
        notice(Notice::Note(note.to_string()));
    }
    let report = if check {
        generators::compare(dir, &built)
    } else {
        generators::write(dir, &built)
    }?;
    let mut text = String::new();
    for (path, status) in &report {
        if check || *status != Status::Same {
            text += &format!("{status:>8}  data/{}\n", path.display());
        }
    }
    let same = report.iter().filter(|(_, s)| *s == Status::Same).count();
    text += &format!("{} files, {same} unchanged\n", report.len());
    let differ = report.iter().any(|(_, s)| s.differs());
    Ok(Generated {
        text,
        code: exit_code(check, differ),
    })
}

/// A problem folder's generated cases from its generators.toml: every file and its
/// status. An unreadable recipe or problem is 66, a wrong one 64, a generator that
/// fails 3, a file that cannot be written 74.
pub fn problem(dir: &Path, check: bool) -> Result<Generated, Failure> {
    let plan = recipe::Recipe::load(dir).map_err(|e| {
        let code = match e {
            RecipeError::Read { .. } | RecipeError::Problem(_) => exit::NO_INPUT,
            _ => exit::USAGE,
        };
        Failure::new(code, e.to_string())
    })?;
    let built = plan.build().map_err(|e| Failure::judge(e.to_string()))?;
    let report = if check {
        recipe::compare(dir, &built)
    } else {
        recipe::write(dir, &built).map_err(|e| Failure::new(exit::IO_ERROR, e))?
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
    Ok(Generated {
        text,
        code: exit_code(check, differ),
    })
}
