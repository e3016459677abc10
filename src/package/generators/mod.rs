//! `data/` of a package built from `generators/generators.yaml`, the format of
//! BAPCtools' `bt generate` (`gridjudge generate --package DIR`).
//!
//! [`spec`] parses the file (strictly: a key that is unknown, or known and not
//! supported, is an error naming it with its line and column); [`run`] builds the
//! generators and solutions and makes each case's files, confined; this module puts
//! the groups' and cases' files together ([`build`]) and writes them into `data/`
//! ([`write()`]) or compares them with what `data/` holds ([`compare`]).
//!
//! Writes go through [`crate::tree::write_beneath`] from the package folder, so a link
//! anywhere below it (`data/` itself, a group, a file) is an error, never written
//! through (a link inside the package to the bytes the file should have, as BAPCtools
//! makes for included cases, is left as it is). Files in `data/` that generators.yaml
//! does not make are reported as extra and left in place. An included case (`include:`) is a copy of the case's
//! files, where BAPCtools makes a relative link.

pub mod run;
pub mod seed;
pub mod spec;
pub mod yaml;

use crate::package::metadata::Constants;
use crate::tree::{Kind, Tree, TreeError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Why `data/` could not be built, written or compared.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The package is wrong: generators.yaml refused (a key named, with its place), a
    /// program that fails, a link out of the package or planted in `data/`.
    #[error("{0}")]
    Package(String),
    /// The package (or its generators.yaml) cannot be read.
    #[error("{0}")]
    Read(String),
    /// `data/` cannot be written.
    #[error("{0}")]
    Write(String),
}

/// The files of `data/` as generators.yaml makes them.
#[derive(Debug, Default)]
pub struct Built {
    /// Each file's path below `data/` and its bytes.
    pub files: BTreeMap<PathBuf, Vec<u8>>,
    /// The groups (folders below `data/`), made even when empty.
    pub groups: Vec<PathBuf>,
    /// Notes: what is accepted and not done (`visualizer`), the default solution.
    pub notes: Vec<String>,
}

/// What became of a file of `data/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The same bytes were there.
    Same,
    /// Written where there was no file.
    New,
    /// Written over different bytes.
    Changed,
    /// (`--check`) the committed file's bytes differ.
    Differs,
    /// (`--check`) generators.yaml makes it and `data/` does not have it.
    Missing,
    /// A file of `data/` that generators.yaml does not make (left in place).
    Extra,
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(match self {
            Status::Same => "same",
            Status::New => "new",
            Status::Changed => "changed",
            Status::Differs => "differs",
            Status::Missing => "missing",
            Status::Extra => "extra",
        })
    }
}

impl Status {
    /// Whether `--check` fails for it.
    pub fn differs(self) -> bool {
        matches!(self, Status::Differs | Status::Missing | Status::Extra)
    }
}

/// The path of generators.yaml below the package.
pub const GENERATORS_YAML: &str = "generators/generators.yaml";

/// What generators.yaml's cases need of the package's problem.yaml (nothing without
/// one): its constants and whether the problem is interactive or multi-pass.
fn problem_yaml(tree: &Tree, package: &Path) -> Result<(Constants, bool), GenerateError> {
    let path = package.join("problem.yaml");
    let text = tree
        .read_optional(&path)
        .map_err(|e| GenerateError::Package(e.to_string()))?;
    let Some(text) = text else {
        return Ok((Constants::default(), false));
    };
    let doc = crate::package::parse_yaml(&text)
        .map_err(|e| GenerateError::Package(format!("{}: {e}", path.display())))?
        .into_iter()
        .next()
        .unwrap_or(yaml_rust2::Yaml::Null);
    let constants = Constants::from_doc(&doc)
        .map_err(|e| GenerateError::Package(format!("{}: {e}", path.display())))?;
    let words = |y: &yaml_rust2::Yaml| -> Vec<String> {
        match y {
            yaml_rust2::Yaml::String(s) => s.split_whitespace().map(str::to_string).collect(),
            yaml_rust2::Yaml::Array(a) => a
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        }
    };
    let interactive = words(&doc["type"])
        .iter()
        .chain(words(&doc["validation"]).iter())
        .any(|w| w == "interactive" || w == "multi-pass");
    Ok((constants, interactive))
}

/// Parses the package's generators.yaml; also returns the constants of its
/// problem.yaml and whether the problem is interactive or multi-pass.
pub fn load(package: &Path) -> Result<(spec::Spec, Constants, bool), GenerateError> {
    let tree = Tree::new(package)
        .map_err(|e| GenerateError::Read(format!("{}: {e}", package.display())))?;
    let path = package.join(GENERATORS_YAML);
    let text = match tree.read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.is_not_found() => {
            return Err(GenerateError::Read(format!(
                "{}: no such file",
                path.display()
            )))
        }
        Err(e) => return Err(GenerateError::Package(e.to_string())),
    };
    let (constants, interactive) = problem_yaml(&tree, package)?;
    let spec = spec::parse(&text, &constants).map_err(|e| {
        GenerateError::Package(if e.line == 0 {
            format!("{}: {}", path.display(), e.message)
        } else {
            format!(
                "{}: line {} column {}: {}",
                path.display(),
                e.line,
                e.col,
                e.message
            )
        })
    })?;
    Ok((spec, constants, interactive))
}

/// Builds the files of `data/` of the package at `package`; programs run through the
/// sandbox `launcher`. Nothing is written into the package.
pub fn build(package: &Path, launcher: &Path) -> Result<Built, GenerateError> {
    let (spec, constants, interactive) = load(package)?;
    let yaml_path = package.join(GENERATORS_YAML);
    let mut runner =
        run::Runner::new(package, launcher, &constants, &spec).map_err(GenerateError::Package)?;
    runner.interactive = interactive;
    let mut built = Built {
        notes: spec.notes.clone(),
        ..Built::default()
    };
    for g in &spec.groups {
        built.groups.push(g.path.clone());
        for (name, text) in &g.files {
            built
                .files
                .insert(g.path.join(name), text.clone().into_bytes());
        }
    }
    let mut made: Vec<run::CaseFiles> = Vec::new();
    for case in &spec.cases {
        let files = runner.case(case).map_err(|e| {
            GenerateError::Package(format!(
                "{}: line {} column {}: data/{}: {e}",
                yaml_path.display(),
                case.line,
                case.col,
                case.path.display()
            ))
        })?;
        for (ext, bytes) in &files {
            built.files.insert(with_ext(&case.path, ext), bytes.clone());
        }
        made.push(files);
    }
    for (i, to) in &spec.includes {
        for (ext, bytes) in &made[*i] {
            built.files.insert(with_ext(to, ext), bytes.clone());
        }
    }
    built.notes.extend(runner.notes);
    Ok(built)
}

fn with_ext(path: &Path, ext: &str) -> PathBuf {
    let mut s = path.as_os_str().to_os_string();
    s.push(ext);
    PathBuf::from(s)
}

/// The committed files of `data/` (below it), read through [`Tree`].
fn committed(tree: &Tree, package: &Path) -> Result<BTreeMap<PathBuf, Vec<u8>>, GenerateError> {
    let data = package.join("data");
    let mut out = BTreeMap::new();
    match tree.kind(&data).map_err(package_error)? {
        Kind::Dir => {}
        Kind::Missing => return Ok(out),
        Kind::File => {
            return Err(GenerateError::Package(format!(
                "{} is not a folder",
                data.display()
            )))
        }
    }
    for file in tree.files(&data).map_err(package_error)? {
        let rel = file.strip_prefix(&data).unwrap_or(&file).to_path_buf();
        let bytes = tree.read(&file).map_err(package_error)?;
        out.insert(rel, bytes);
    }
    Ok(out)
}

fn package_error(e: TreeError) -> GenerateError {
    GenerateError::Package(e.to_string())
}

/// Compares `built` with the package's `data/`: every file's [`Status`] (`Same`,
/// `Differs`, `Missing`, `Extra`), in path order. Writes nothing.
pub fn compare(package: &Path, built: &Built) -> Result<Vec<(PathBuf, Status)>, GenerateError> {
    let tree = Tree::new(package).map_err(|e| GenerateError::Read(e.to_string()))?;
    let have = committed(&tree, package)?;
    let mut report: Vec<(PathBuf, Status)> = built
        .files
        .iter()
        .map(|(rel, bytes)| {
            let status = match have.get(rel) {
                Some(b) if b == bytes => Status::Same,
                Some(_) => Status::Differs,
                None => Status::Missing,
            };
            (rel.clone(), status)
        })
        .collect();
    for rel in have.keys().filter(|r| !built.files.contains_key(*r)) {
        report.push((rel.clone(), Status::Extra));
    }
    report.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(report)
}

/// Writes `built` into the package's `data/`, no write following a link: every file's
/// [`Status`] (`Same`, `New`, `Changed`, and `Extra` for files left in place).
pub fn write(package: &Path, built: &Built) -> Result<Vec<(PathBuf, Status)>, GenerateError> {
    let tree = Tree::new(package).map_err(|e| GenerateError::Read(e.to_string()))?;
    let write_error = |e: TreeError| match e {
        TreeError::Link { .. } | TreeError::Special { .. } | TreeError::Outside { .. } => {
            GenerateError::Package(e.to_string())
        }
        e => GenerateError::Write(e.to_string()),
    };
    for g in &built.groups {
        crate::tree::create_dirs_beneath(package, &Path::new("data").join(g))
            .map_err(write_error)?;
    }
    let mut report = Vec::new();
    for (rel, bytes) in &built.files {
        let path = package.join("data").join(rel);
        // What is there, read without leaving the package (a link out is refused).
        let before = match tree.read(&path) {
            Ok(b) => Some(b),
            Err(e) if e.is_not_found() => None,
            Err(e) => return Err(write_error(e)),
        };
        let status = match before {
            // A link inside the package to the same bytes (BAPCtools' included cases)
            // is left as it is: nothing is written through it.
            Some(b) if &b == bytes => Status::Same,
            Some(_) => Status::Changed,
            None => Status::New,
        };
        if status != Status::Same {
            crate::tree::write_beneath(package, &Path::new("data").join(rel), bytes, 0o644)
                .map_err(write_error)?;
        }
        report.push((rel.clone(), status));
    }
    let have = committed(&tree, package)?;
    for rel in have.keys().filter(|r| !built.files.contains_key(*r)) {
        report.push((rel.clone(), Status::Extra));
    }
    report.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(report)
}

/// A generators.yaml failure: a broken package (a key refused, a program that fails, a
/// planted link) is 3, an unreadable one 66, a failed write 74.
impl From<GenerateError> for crate::error::Failure {
    fn from(e: GenerateError) -> crate::error::Failure {
        let code = match e {
            GenerateError::Package(_) => crate::exit::JUDGE_FAILURE,
            GenerateError::Read(_) => crate::exit::NO_INPUT,
            GenerateError::Write(_) => crate::exit::IO_ERROR,
        };
        crate::error::Failure::new(code, e.to_string())
    }
}
