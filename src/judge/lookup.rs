//! Where a PROBLEM argument leads: the one lookup rule every command shares. A name is
//! looked up in the folders of problem folders ([`Roots`]: `--cases`, else
//! `$GRIDJUDGE_CASES`, else `./judge-cases` and the bundled problems), a path is taken
//! as it is, and a name found nowhere is a usage error naming every place searched and
//! the bundled ids.

use crate::error::Failure;
use crate::exit;
use std::path::{Path, PathBuf};

/// Where problems are looked up ([`Roots::new`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roots {
    /// Folders of problem folders, in order.
    pub folders: Vec<PathBuf>,
    /// Whether the bundled problems come after them.
    pub bundled: bool,
}

impl Roots {
    /// The folders problems are looked up in, in order: `cases` (`--cases DIR`) alone when given,
    /// else `$GRIDJUDGE_CASES` alone when set, else `./judge-cases` (when it exists)
    /// and then the bundled problems, which travel inside the binary
    /// ([`bundled`](super::bundled); written to the cache folder only when needed).
    pub fn new(cases: Option<PathBuf>) -> Roots {
        if let Some(dir) = cases {
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
}

/// The bundled problems' folder, written to the cache on first use.
fn bundled_root() -> Result<PathBuf, Failure> {
    super::bundled::root().map_err(|e| {
        Failure::new(
            exit::IO_ERROR,
            format!("cannot write the bundled problems to the cache folder: {e}"),
        )
    })
}

/// The problem folders to judge (see [`locate`]): the one named, or every problem of
/// the first root for `--all`.
pub fn problem_dirs(roots: &Roots, problem: Option<&str>) -> Result<Vec<PathBuf>, Failure> {
    match problem {
        Some(p) => locate(p, roots).map(|dir| vec![dir]),
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
            let dirs = super::config::discover(&root)?;
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
        if roots.bundled && super::bundled::ids().contains(&problem) {
            return Ok(bundled_root()?.join(problem));
        }
    } else if is_problem(&as_path) {
        return Ok(as_path);
    } else {
        searched.push(as_path.display().to_string());
    }
    let bundled = super::bundled::ids().join(", ");
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
