//! Judge data from generators: a problem folder's `generators.toml` names generated
//! input files and the generator arguments of each (in the spirit of BAPCtools'
//! `generators.yaml`); `gridjudge generate` rebuilds them in `data/secret`.
//!
//! ```toml
//! [[file]]
//! name = "gen-clues30"                                     # data/secret/gen-clues30.in/.ans
//! gen = "sudoku --box 3 --clues 30 --seed 3074 --count 40"  # the words of `gridjudge gen`
//! ```
//!
//! Every name must start with `gen-`: those files belong to the recipe (rebuilt, and
//! removed when no longer listed); every other file in `data/secret` is hand-written
//! and never touched. The generator writes the problem's own input format (a Sudoku
//! spec without `--format` gets the problem's; a spec for another kind of puzzle is an
//! error). The `.ans` holds the reference solver's answers (the problem's default
//! solver, as `gridjudge solve`), and the pair is validated before anything is written:
//! the input by the input validator, the answers by the problem's checker.

use super::spec::{GenError, GenSpec};
use crate::check;
use crate::format;
use crate::problem::Problem;
use crate::solve::{solve_case, SolverKind};
use crate::Verdict;
use std::fmt;
use std::path::{Path, PathBuf};

/// The recipe file name inside a problem folder.
pub(crate) const RECIPE_FILE: &str = "generators.toml";
/// The prefix every generated file name carries.
pub(crate) const PREFIX: &str = "gen-";

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RecipeToml {
    #[serde(default)]
    file: Vec<FileToml>,
}

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct FileToml {
    name: String,
    gen: String,
}

/// One generated file: its name (without extension) and its generator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RecipeFile {
    /// `gen-clues30`.
    pub name: String,
    /// The generator, already forced to the problem's format.
    pub spec: GenSpec,
}

/// A problem's recipe.
#[derive(Debug, Clone)]
pub(crate) struct Recipe {
    /// The problem.
    pub problem: Problem,
    /// The files, in recipe order.
    pub files: Vec<RecipeFile>,
}

/// Why a recipe could not be read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RecipeError {
    /// A file could not be read.
    #[error("cannot read {path}: {message}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// The problem folder's `problem.toml` is missing or invalid.
    #[error("{0}")]
    Problem(String),
    /// The recipe is malformed.
    #[error("{path}: {message}")]
    Invalid {
        /// The recipe.
        path: PathBuf,
        /// What is wrong (with the file entry where there is one).
        message: String,
    },
}

/// A built file: input and answer bytes.
#[derive(Debug, Clone)]
pub struct Built {
    /// Name without extension.
    pub name: String,
    /// The `.in` bytes.
    pub input: Vec<u8>,
    /// The `.ans` bytes.
    pub answer: Vec<u8>,
}

/// What happened to (or would happen to) one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileStatus {
    /// Written with new content.
    Written,
    /// Already identical.
    Unchanged,
    /// A `gen-*` file no longer in the recipe, removed.
    Removed,
    /// (`--check`) differs from the recipe's output.
    Differs,
    /// (`--check`) not there.
    Missing,
    /// (`--check`) a `gen-*` file not in the recipe.
    Stale,
}

impl fmt::Display for FileStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            FileStatus::Written => "written",
            FileStatus::Unchanged => "unchanged",
            FileStatus::Removed => "removed",
            FileStatus::Differs => "differs",
            FileStatus::Missing => "missing",
            FileStatus::Stale => "stale",
        })
    }
}

impl Recipe {
    /// Reads `dir/problem.toml` and `dir/generators.toml`.
    pub fn load(dir: &Path) -> Result<Recipe, RecipeError> {
        let problem = crate::judge::config::read(dir)
            .map_err(|e| RecipeError::Problem(e.to_string()))?
            .problem;
        let path = dir.join(RECIPE_FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| RecipeError::Read {
            path: path.clone(),
            message: e.to_string(),
        })?;
        Recipe::parse(problem, &text, &path)
    }

    /// Parses recipe text for `problem` (`path` names it in messages).
    pub fn parse(problem: Problem, text: &str, path: &Path) -> Result<Recipe, RecipeError> {
        let invalid = |message: String| RecipeError::Invalid {
            path: path.to_path_buf(),
            message,
        };
        let raw: RecipeToml = toml::from_str(text).map_err(|e| {
            invalid(
                e.to_string()
                    .lines()
                    .next()
                    .unwrap_or("invalid TOML")
                    .to_string(),
            )
        })?;
        let mut files: Vec<RecipeFile> = Vec::with_capacity(raw.file.len());
        for (i, f) in raw.file.iter().enumerate() {
            let at = format!("file {} ({:?})", i + 1, f.name);
            let rest = f.name.strip_prefix(PREFIX).unwrap_or("");
            if rest.is_empty()
                || !rest
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            {
                return Err(invalid(format!(
                    "{at}: a name is `{PREFIX}` then letters, digits, `-` or `_`"
                )));
            }
            if files.iter().any(|g| g.name == f.name) {
                return Err(invalid(format!("{at}: the name is used twice")));
            }
            let spec = GenSpec::parse_line(&f.gen)
                .map_err(|m| invalid(format!("{at}: gen: {m}")))?
                .for_problem(problem)
                .map_err(|e| invalid(format!("{at}: gen: {e}")))?;
            files.push(RecipeFile {
                name: f.name.clone(),
                spec,
            });
        }
        Ok(Recipe { problem, files })
    }

    /// Generates every file, answers them with the reference solver and validates both.
    pub fn build(&self) -> Result<Vec<Built>, String> {
        self.files
            .iter()
            .map(|f| build_one(self.problem, f))
            .collect()
    }
}

fn build_one(problem: Problem, f: &RecipeFile) -> Result<Built, String> {
    let at = |m: String| format!("{}: {m}", f.name);
    let g = f.spec.generate().map_err(|e: GenError| at(e.to_string()))?;
    let input = g.input();
    let puzzles = format::validate_input(problem, &input)
        .map_err(|e| at(format!("generated input is invalid: {e}")))?;
    let solver = SolverKind::default_for(problem);
    let answers = puzzles
        .iter()
        .enumerate()
        .map(|(k, p)| {
            solve_case(problem, solver, p).map_err(|e| at(format!("case {}: {e}", k + 1)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let answer = format::write_output(problem, &answers);
    let checked = check::check(problem, &input, &answer, None);
    if checked.verdict != Verdict::Accepted {
        return Err(at(format!(
            "the reference answer does not check: {} {}",
            checked.verdict, checked.message
        )));
    }
    Ok(Built {
        name: f.name.clone(),
        input,
        answer,
    })
}

fn secret(dir: &Path) -> PathBuf {
    dir.join("data").join("secret")
}

/// The `gen-*` stems in `data/secret` (from `.in` and `.ans` files).
fn existing_generated(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(secret(dir))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let p = e.path();
            let ext = p.extension()?.to_str()?;
            let stem = p.file_stem()?.to_str()?;
            (matches!(ext, "in" | "ans") && stem.starts_with(PREFIX)).then(|| stem.to_string())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Compares the built files with `dir/data/secret`, without writing.
pub fn compare(dir: &Path, built: &[Built]) -> Vec<(String, FileStatus)> {
    let mut out = Vec::new();
    for b in built {
        for (ext, bytes) in [("in", &b.input), ("ans", &b.answer)] {
            let name = format!("{}.{ext}", b.name);
            let status = match crate::tree::read_file(&secret(dir).join(&name)) {
                Ok(old) if &old == bytes => FileStatus::Unchanged,
                Ok(_) => FileStatus::Differs,
                Err(_) => FileStatus::Missing,
            };
            out.push((name, status));
        }
    }
    for stem in existing_generated(dir) {
        if !built.iter().any(|b| b.name == stem) {
            out.push((format!("{stem}.*"), FileStatus::Stale));
        }
    }
    out
}

/// Writes the built files into `dir/data/secret` and removes stale `gen-*` files.
pub fn write(dir: &Path, built: &[Built]) -> Result<Vec<(String, FileStatus)>, String> {
    let folder = secret(dir);
    // Writes into the problem folder follow no link (`crate::tree`): a planted
    // `data/secret/gen-1.in -> /etc/passwd` is an error, not a host file overwritten.
    let rel = Path::new("data").join("secret");
    crate::tree::create_dirs_beneath(dir, &rel).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for b in built {
        for (ext, bytes) in [("in", &b.input), ("ans", &b.answer)] {
            let name = format!("{}.{ext}", b.name);
            let path = folder.join(&name);
            let unchanged = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file())
                && crate::tree::read_file(&path).is_ok_and(|old| &old == bytes);
            if unchanged {
                out.push((name, FileStatus::Unchanged));
                continue;
            }
            crate::tree::write_beneath(dir, &rel.join(&name), bytes, 0o644)
                .map_err(|e| e.to_string())?;
            out.push((name, FileStatus::Written));
        }
    }
    for stem in existing_generated(dir) {
        if built.iter().any(|b| b.name == stem) {
            continue;
        }
        for ext in ["in", "ans"] {
            let path = folder.join(format!("{stem}.{ext}"));
            if path.exists() {
                std::fs::remove_file(&path)
                    .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
                out.push((format!("{stem}.{ext}"), FileStatus::Removed));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recipes_parse_and_reject_bad_entries() {
        let p = Path::new("generators.toml");
        let ok = "[[file]]\nname = \"gen-a\"\ngen = \"sudoku --clues 40 --count 2\"\n";
        let r = Recipe::parse(Problem::Poj2676, ok, p).unwrap();
        assert_eq!(r.files.len(), 1);
        assert_eq!(r.files[0].spec.problem().unwrap(), Problem::Poj2676);
        let built = r.build().unwrap();
        assert!(format::validate_input(Problem::Poj2676, &built[0].input).is_ok());
        for (bad, why) in [
            ("[[file]]\nname = \"a\"\ngen = \"sudoku\"\n", "name is"),
            ("[[file]]\nname = \"gen-\"\ngen = \"sudoku\"\n", "name is"),
            ("[[file]]\nname = \"gen-a\"\ngen = \"kakuro --rows 3 --cols 3\"\n", "not poj2676"),
            ("[[file]]\nname = \"gen-a\"\ngen = \"sudoku --bogus\"\n", "gen:"),
            ("[[file]]\nname = \"gen-a\"\n", "gen"),
            ("[[file]]\nname = \"gen-a\"\ngen = \"sudoku\"\n[[file]]\nname = \"gen-a\"\ngen = \"sudoku\"\n", "twice"),
        ] {
            let e = Recipe::parse(Problem::Poj2676, bad, p).unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
            assert!(e.starts_with("generators.toml"), "{e}");
        }
    }
}
