//! A judge-case folder on disk: `judge-cases/PROBLEM/problem.toml` and the Kattis layout
//! `data/{sample,secret}/*.in|.ans`, plus `submissions/VERDICT/*` for self-verification.
//!
//! `problem.toml` (strict: unknown keys are rejected):
//!
//! ```toml
//! problem = "poj3074"              # gridjudge problem id: selects format, checker, rules
//! title = "Sudoku (hard, exact cover)"
//! source = "POJ 3074"              # free text, optional
//! [limits]
//! time_seconds = 1.0               # CPU time per input file
//! memory_mib = 64
//! output_mib = 64                  # optional, default 64
//! wall_seconds = 3.0               # optional, default 3 x time_seconds (`default_wall`)
//! [checker]
//! type = "builtin"                 # the gridjudge checker for `problem`
//! ```
//!
//! This module only reads and validates the file and lists a folder's cases; the judge's
//! own problem type, with every limit resolved, is [`JudgeProblem`](crate::judge::problem::JudgeProblem).
//! It runs nothing.

use crate::Problem;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// `problem.toml`, as written.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemToml {
    /// The gridjudge problem id.
    pub problem: Problem,
    /// Human title.
    pub title: String,
    /// Where the problem comes from (free text).
    #[serde(default)]
    pub source: String,
    /// Resource limits.
    pub limits: LimitsToml,
    /// Which checker judges outputs.
    pub checker: CheckerToml,
}

/// The `[limits]` table.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsToml {
    /// CPU time per input file, seconds.
    pub time_seconds: f64,
    /// Memory, MiB.
    pub memory_mib: f64,
    /// Output size, MiB (default 64).
    pub output_mib: Option<f64>,
    /// Wall time, seconds (default 3 × `time_seconds`).
    pub wall_seconds: Option<f64>,
}

/// The `[checker]` table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckerToml {
    /// The checker kind.
    #[serde(rename = "type")]
    pub kind: CheckerKind,
}

/// Checker kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckerKind {
    /// gridjudge's own checker for the problem (`gridjudge::check::check`).
    Builtin,
}

/// Why a problem folder cannot be used. Always the judge's fault (JE, exit 3).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// A file or folder could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The path.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
    /// `problem.toml` is not valid TOML or does not follow the schema.
    #[error("{path}: {message}")]
    Parse {
        /// The path.
        path: PathBuf,
        /// What the parser said (with line and column).
        message: String,
    },
    /// A value is out of range.
    #[error("{path}: {message}")]
    Invalid {
        /// The path.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A file or folder that leads out of the problem folder, or is not a regular file
    /// or a folder (see [`crate::tree`]).
    #[error(transparent)]
    Unsafe(crate::tree::TreeError),
    /// A case's input that the problem's validator rejects, or a jury answer its checker
    /// does not accept as an output: the data is wrong, before any program is blamed.
    #[error("{path}: {message}")]
    Data {
        /// The `.in` or `.ans` file.
        path: PathBuf,
        /// What is wrong, with its line and column.
        message: String,
    },
}

impl From<crate::tree::TreeError> for ConfigError {
    fn from(e: crate::tree::TreeError) -> ConfigError {
        match e {
            crate::tree::TreeError::Io { path, source } => ConfigError::Read { path, source },
            other => ConfigError::Unsafe(other),
        }
    }
}

impl ProblemToml {
    /// Parses and validates `problem.toml` text; `path` is only used in messages.
    ///
    /// Everything wrong is reported at once, `; `-separated: each missing key, unknown
    /// key, value of the wrong type or out of range, by its dotted name. Only a file that
    /// is not TOML at all stops at its first syntax error (with line and column).
    pub fn parse(text: &str, path: &Path) -> Result<ProblemToml, ConfigError> {
        let table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| ConfigError::Parse {
                path: path.to_path_buf(),
                // toml's message keeps its caret diagram: the line, and a `^` under
                // the column.
                message: e.to_string().trim_end().to_string(),
            })?;
        let problems = schema_problems(&table);
        if !problems.is_empty() {
            return Err(ConfigError::Invalid {
                path: path.to_path_buf(),
                message: problems.join("; "),
            });
        }
        // The schema check above has seen every key: what is left cannot fail, but a
        // failure would still be a located message, not a panic.
        table
            .try_into::<ProblemToml>()
            .map_err(|e| ConfigError::Parse {
                path: path.to_path_buf(),
                message: e.to_string().trim_end().replace('\n', " "),
            })
    }
}

/// The cases of one folder: every `*.in`, sorted by name, each with its `.ans` if any.
pub(crate) fn cases_in(folder: &Path, group: Group) -> Result<Vec<Case>, ConfigError> {
    let entries = std::fs::read_dir(folder).map_err(|source| ConfigError::Read {
        path: folder.to_path_buf(),
        source,
    })?;
    let mut inputs: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    Ok(inputs
        .into_iter()
        .map(|input| {
            let name = input
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let ans = input.with_extension("ans");
            Case {
                group,
                name,
                answer: ans.is_file().then_some(ans),
                input,
            }
        })
        .collect())
}

/// The problems of a `problem.toml`'s `[limits]` table: unknown keys, and each limit a
/// number in its range, the wall limit at least the CPU limit.
fn limit_problems(limits: &toml::Table, out: &mut Vec<String>) {
    use toml::Value;
    let known = ["time_seconds", "memory_mib", "output_mib", "wall_seconds"];
    for key in limits.keys() {
        if !known.contains(&key.as_str()) {
            out.push(format!(
                "unknown key `limits.{key}` (known: {})",
                known.join(", ")
            ));
        }
    }
    let number = |key: &str| match limits.get(key) {
        Some(Value::Float(f)) => Some(Ok(*f)),
        Some(Value::Integer(i)) => Some(Ok(*i as f64)),
        Some(v) => Some(Err(format!("`limits.{key}` = {v}: must be a number"))),
        None => None,
    };
    let mut check = |key: &str, required: bool, max: f64| -> Option<f64> {
        match number(key) {
            None if required => {
                out.push(format!("missing `limits.{key}` (a number in (0, {max}])"));
                None
            }
            None => None,
            Some(Err(e)) => {
                out.push(e);
                None
            }
            Some(Ok(v)) if v.is_finite() && v > 0.0 && v <= max => Some(v),
            Some(Ok(v)) => {
                out.push(format!("`limits.{key}` = {v}: must be in (0, {max}]"));
                None
            }
        }
    };
    let time = check("time_seconds", true, 3600.0);
    check("memory_mib", true, 1024.0 * 1024.0);
    check("output_mib", false, 1024.0 * 1024.0);
    let wall = check("wall_seconds", false, 3.0 * 3600.0);
    if let (Some(t), Some(w)) = (time, wall) {
        if w < t {
            out.push(format!(
                "`limits.wall_seconds` = {w} is below `limits.time_seconds` = {t}"
            ));
        }
    }
}

/// Every problem of a parsed `problem.toml` against the schema, in file order: missing
/// and unknown keys, wrong types, values out of range.
fn schema_problems(table: &toml::Table) -> Vec<String> {
    use toml::Value;
    let mut out = Vec::new();
    let known_top = ["problem", "title", "source", "limits", "checker"];
    for key in table.keys() {
        if !known_top.contains(&key.as_str()) {
            out.push(format!(
                "unknown key `{key}` (known: {})",
                known_top.join(", ")
            ));
        }
    }
    match table.get("problem") {
        None => out.push(format!(
            "missing `problem` (one of: {})",
            crate::Problem::ALL
                .iter()
                .map(|p| p.id())
                .collect::<Vec<_>>()
                .join(", ")
        )),
        Some(Value::String(id)) if crate::Problem::from_id(id).is_some() => {}
        Some(v) => out.push(format!(
            "`problem` = {v}: not a problem id (one of: {})",
            crate::Problem::ALL
                .iter()
                .map(|p| p.id())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
    for key in ["title", "source"] {
        match table.get(key) {
            None if key == "title" => out.push("missing `title` (a string)".to_string()),
            None | Some(Value::String(_)) => {}
            Some(v) => out.push(format!("`{key}` = {v}: must be a string")),
        }
    }
    match table.get("limits") {
        None => out.push("missing table [limits] (time_seconds, memory_mib)".to_string()),
        Some(Value::Table(limits)) => limit_problems(limits, &mut out),
        Some(v) => out.push(format!("`limits` = {v}: must be a table [limits]")),
    }
    match table.get("checker") {
        None => out.push("missing table [checker] (type = \"builtin\")".to_string()),
        Some(Value::Table(checker)) => {
            for key in checker.keys() {
                if key != "type" {
                    out.push(format!("unknown key `checker.{key}` (known: type)"));
                }
            }
            match checker.get("type") {
                Some(Value::String(t)) if t == "builtin" => {}
                None => out.push("missing `checker.type` (\"builtin\")".to_string()),
                Some(v) => out.push(format!("`checker.type` = {v}: must be \"builtin\"")),
            }
        }
        Some(v) => out.push(format!("`checker` = {v}: must be a table [checker]")),
    }
    out
}

/// A test-data group, in judging order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Group {
    /// `data/sample`.
    Sample,
    /// `data/secret`.
    Secret,
    /// `data/stress`: opt-in data harder than the problem asks for (the hardest known
    /// puzzle sets), judged only when asked (`gridjudge judge --with-stress`).
    Stress,
}

impl Group {
    /// The folder name.
    pub fn name(self) -> &'static str {
        match self {
            Group::Sample => "sample",
            Group::Secret => "secret",
            Group::Stress => "stress",
        }
    }
}

/// One judge case: an input and (normally) its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// Its group.
    pub group: Group,
    /// File stem (`1`, `hard-03`).
    pub name: String,
    /// The `.in` file.
    pub input: PathBuf,
    /// The `.ans` file; `None` when there is none (all five checkers are special judges:
    /// the output is then judged alone).
    pub answer: Option<PathBuf>,
}

impl Case {
    /// `sample/1`.
    pub fn id(&self) -> String {
        format!("{}/{}", self.group.name(), self.name)
    }
}

/// Reads and validates `dir/problem.toml`.
pub fn read(dir: &Path) -> Result<ProblemToml, ConfigError> {
    let path = dir.join("problem.toml");
    let text = crate::tree::read_regular(&path)?;
    ProblemToml::parse(&text, &path)
}

/// Every problem folder (a folder with a `problem.toml`) under `root`, sorted by name.
pub(crate) fn discover(root: &Path) -> Result<Vec<PathBuf>, ConfigError> {
    let entries = std::fs::read_dir(root).map_err(|source| ConfigError::Read {
        path: root.to_path_buf(),
        source,
    })?;
    let mut dirs: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("problem.toml").is_file())
        .collect();
    dirs.sort();
    Ok(dirs)
}

/// A problem folder that cannot be read is 66; one whose `problem.toml` or layout is
/// wrong is the caller's configuration, 64 (every mistake named at once); one with a link
/// out of it, a special file or invalid data is broken, 3.
impl From<ConfigError> for crate::error::Failure {
    fn from(e: ConfigError) -> crate::error::Failure {
        let code = match e {
            ConfigError::Read { .. } => crate::exit::NO_INPUT,
            ConfigError::Unsafe(_) | ConfigError::Data { .. } => crate::exit::JUDGE_FAILURE,
            _ => crate::exit::USAGE,
        };
        crate::error::Failure::new(code, e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: &str = r#"
problem = "poj3074"
title = "Sudoku (hard, exact cover)"
source = "POJ 3074"
[limits]
time_seconds = 1.0
memory_mib = 64
output_mib = 64
wall_seconds = 3.0
[checker]
type = "builtin"
"#;

    #[test]
    fn parses_the_agreed_schema() {
        let t = ProblemToml::parse(FULL, Path::new("problem.toml")).unwrap();
        assert_eq!(t.problem, Problem::Poj3074);
        assert_eq!(t.checker.kind, CheckerKind::Builtin);
        assert_eq!(t.limits.time_seconds, 1.0);
        assert_eq!(t.limits.wall_seconds, Some(3.0));
        assert_eq!(t.limits.memory_mib, 64.0);
        assert_eq!(t.limits.output_mib, Some(64.0));
    }

    #[test]
    fn optional_limits_default() {
        let text = "problem = \"hdu3338\"\ntitle = \"K\"\n[limits]\ntime_seconds = 0.5\nmemory_mib = 32\n[checker]\ntype = \"builtin\"\n";
        let t = ProblemToml::parse(text, Path::new("p")).unwrap();
        let l = crate::judge::problem::ProblemLimits::from_toml(&t);
        assert_eq!(l.wall, std::time::Duration::from_millis(1500));
        assert_eq!(l.output_bytes, 64 * crate::sandbox::limits::MIB);
    }

    #[test]
    fn rejects_unknown_keys_and_bad_values() {
        let unknown = FULL.replace("memory_mib = 64", "memory_mib = 64\nstack_mib = 8");
        let e = ProblemToml::parse(&unknown, Path::new("p")).unwrap_err();
        assert!(e.to_string().contains("stack_mib"), "{e}");
        let top = format!("extra = 1\n{FULL}");
        assert!(ProblemToml::parse(&top, Path::new("p")).is_err());
        let bad_problem = FULL.replace("poj3074", "poj9999");
        assert!(ProblemToml::parse(&bad_problem, Path::new("p")).is_err());
        let bad_checker = FULL.replace("builtin", "testlib");
        assert!(ProblemToml::parse(&bad_checker, Path::new("p")).is_err());
        let zero = FULL.replace("time_seconds = 1.0", "time_seconds = 0.0");
        assert!(ProblemToml::parse(&zero, Path::new("p")).is_err());
        let short_wall = FULL.replace("wall_seconds = 3.0", "wall_seconds = 0.5");
        assert!(ProblemToml::parse(&short_wall, Path::new("p")).is_err());
    }
}
