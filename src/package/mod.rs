//! Kattis / ICPC problem packages: reading one so that gridjudge judges any program, or
//! verifies the package's own submissions, against it (`gridjudge judge --package DIR`,
//! `gridjudge verify-submissions --package DIR`).
//!
//! Both format versions are read:
//!
//! - **legacy** (what problemtools reads; no `problem_format_version`): `problem.yaml`
//!   with `name`, `limits: {time_multiplier, time_safety_margin, memory, output}`,
//!   `validation: default | custom [interactive | score]`, `validator_flags`; the time
//!   limit is not in the package (DOMjudge leaves it in a `.timelimit` file; problemtools
//!   derives it from the accepted submissions);
//! - **2023-07 and later** (`problem_format_version: 2023-07`, `draft`, …): `type:
//!   pass-fail | scoring | interactive | multi-pass` (a list allowed), `limits:
//!   {time_limit, time_multipliers: {ac_to_time_limit, time_limit_to_tle},
//!   time_resolution, memory, output}`, output validator arguments in `test_group.yaml`
//!   (`output_validator_args`), the example submissions' expectations in
//!   `submissions/submissions.yaml` ([`expectations`]).
//!
//! Test data: every `.in` under `data/sample` and `data/secret`, test-group subfolders
//! included, sample first, each folder's files and subfolders in name order (the
//! specification's order); an `.ans` beside each. Validator flags come from the nearest
//! `testdata.yaml` / `test_group.yaml` up from the case's folder (`output_validator_flags`,
//! `output_validator_args`), else from `problem.yaml`'s `validator_flags`.
//!
//! Outputs are judged by the default output validator ([`default_output_validator`]) or by the
//! package's own output validator ([`output_validator`]). Interactive and multi-pass
//! problems (`type: interactive`/`multi-pass`, legacy `validation: custom interactive`
//! or `custom multi-pass`, `limits.validation_passes`) are judged through the judge's
//! [`interaction`](crate::judge::interaction) module: the package's validator is the
//! interactor. Scoring problems (`type: scoring`, legacy `validation: custom score`;
//! interactive and multi-pass ones too, their interactor or last pass's validator
//! writing the score files) carry their test groups ([`scoring`]): the submission's score and verdict are
//! aggregated from its case results, by the default grader or the package's custom
//! grader ([`grader`], `grading: custom`).
//!
//! Before any run, the data itself is checked ([`data_check`]): the inputs by the
//! package's input validators, the answers by its output validator, the shape of the
//! data ([`shape`]).

pub mod contest;
pub mod data_check;
pub mod default_output_validator;
pub mod expectations;
pub mod export;
pub mod gate;
pub mod generators;
pub mod grader;
pub mod metadata;
pub mod output_validator;
pub mod problem;
pub mod scoring;
pub mod shape;
pub mod submissions;

use crate::judge::config::{Case, Group};
use crate::package::metadata::Constants;
use std::path::{Path, PathBuf};
use yaml_rust2::Yaml;

/// Why a package cannot be judged.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PackageError {
    /// A file or folder could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The path.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
    /// A YAML file is broken or says something gridjudge cannot use.
    #[error("{path}: {message}")]
    Invalid {
        /// The path.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A file or folder that leads out of the package, or is not a regular file or a
    /// folder (see [`crate::tree`]): a broken package.
    #[error(transparent)]
    Unsafe(crate::tree::TreeError),
    /// A kind of problem gridjudge does not judge.
    #[error("{path}: {message}")]
    Unsupported {
        /// The package.
        path: PathBuf,
        /// What and why.
        message: String,
    },
}

impl From<crate::tree::TreeError> for PackageError {
    fn from(e: crate::tree::TreeError) -> PackageError {
        match e {
            crate::tree::TreeError::Io { path, source } => PackageError::Read { path, source },
            other => PackageError::Unsafe(other),
        }
    }
}

/// The package format version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatVersion {
    /// No `problem_format_version` (problemtools' legacy format).
    Legacy,
    /// `2023-07` or later (`draft` included).
    Modern,
}

/// How outputs are validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Validation {
    /// The default output validator.
    Default,
    /// The package's own output validator, from this folder or file.
    Custom(PathBuf),
}

/// One judge case of a package, with its validator flags.
#[derive(Debug, Clone)]
pub struct PackageCase {
    /// The case (group `sample` or `secret`, name = the path below it, `group1/03`).
    pub case: Case,
    /// Output validator flags for this case.
    pub flags: Vec<String>,
}

/// What a case of one of the data's validation folders (2023-07 and 2025-09:
/// `data/invalid_input`, `invalid_answer`, `invalid_output`, `valid_output`) must show:
/// these cases are never judged, they test the validators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expectation {
    /// Its `.in` is rejected by at least one input validator.
    InvalidInput,
    /// Its `.in` is valid, its `.ans` rejected by an answer validator (or by the output
    /// validator, given it as team output).
    InvalidAnswer,
    /// Its `.in` and `.ans` are valid, its `.out` rejected by the output validator.
    InvalidOutput,
    /// Its `.in` and `.ans` are valid, its `.out` accepted by the output validator.
    ValidOutput,
}

impl Expectation {
    /// Every expectation, in the order the folders are read.
    pub const ALL: [Expectation; 4] = [
        Expectation::InvalidInput,
        Expectation::InvalidAnswer,
        Expectation::InvalidOutput,
        Expectation::ValidOutput,
    ];

    /// The folder under `data/`.
    pub fn folder(self) -> &'static str {
        match self {
            Expectation::InvalidInput => "invalid_input",
            Expectation::InvalidAnswer => "invalid_answer",
            Expectation::InvalidOutput => "invalid_output",
            Expectation::ValidOutput => "valid_output",
        }
    }

    /// Whether the case's `.in` must be valid.
    pub(crate) fn valid_input(self) -> bool {
        self != Expectation::InvalidInput
    }

    /// Whether the case's `.ans` must be valid.
    pub(crate) fn valid_answer(self) -> bool {
        matches!(self, Expectation::InvalidOutput | Expectation::ValidOutput)
    }

    /// Whether the case carries a team output (`.out`).
    pub(crate) fn has_output(self) -> bool {
        matches!(self, Expectation::InvalidOutput | Expectation::ValidOutput)
    }
}

/// One case of a validation folder ([`Expectation`]). Its `case` has the group
/// `secret` and the name of its path below `data/` (`invalid_input/too-big`); only its
/// files and flags are used.
#[derive(Debug, Clone)]
pub struct ValidationCase {
    /// What it must show.
    pub expect: Expectation,
    /// Its `.in`, its `.ans` when there is one, and its output validator flags.
    pub case: PackageCase,
    /// Its `.out` (a team output), for `invalid_output` and `valid_output`, when there
    /// is one.
    pub output: Option<PathBuf>,
}

/// A package, read.
#[derive(Debug, Clone)]
pub struct Package {
    /// Its folder.
    pub dir: PathBuf,
    /// Short name (the folder's name).
    pub short_name: String,
    /// `name` of problem.yaml (the folder's name when absent).
    pub name: String,
    /// The format version.
    pub version: FormatVersion,
    /// `problem_format_version` as written (`2023-07-draft`, `2025-09`, …); `legacy`
    /// when absent.
    pub format_version: String,
    /// The time limit the package states (2023-07 `limits.time_limit`, or a DOMjudge
    /// `.timelimit` file), seconds.
    pub time_limit: Option<f64>,
    /// Time limit = slowest accepted submission × this (problemtools default 5).
    pub time_multiplier: f64,
    /// TLE submissions must still run at limit × this (default 2).
    pub time_safety_margin: f64,
    /// A limit derived from the accepted submissions is a multiple of this, seconds
    /// (`limits.time_resolution`, default 1).
    pub time_resolution: f64,
    /// Memory limit, MiB (default 2048, as problemtools).
    pub memory_mib: f64,
    /// Output limit, MiB (default 8, as problemtools).
    pub output_mib: f64,
    /// How outputs are validated.
    pub validation: Validation,
    /// The output validator is an interactor (legacy `validation: custom interactive`,
    /// 2023-07 `type: interactive`).
    pub interactive: bool,
    /// Multi-pass (`type: multi-pass`, legacy `validation: custom multi-pass`): at most
    /// this many passes per case (`limits.validation_passes`, default 2).
    pub passes: Option<u32>,
    /// The cases in judging order.
    pub cases: Vec<PackageCase>,
    /// The cases of the validation folders (2023-07 and 2025-09), which test the
    /// validators and are never judged.
    pub validation_cases: Vec<ValidationCase>,
    /// `constants` (2025-09), substituted in validators, included files, submissions
    /// and `test_group.yaml`.
    pub constants: Constants,
    /// The test groups and their scoring rules, for a scoring problem.
    pub scoring: Option<crate::judge::scoring::Scoring>,
    /// The custom grader's source (`graders/NAME`), for the groups with `grading:
    /// custom`; built with the output validator ([`grader`]).
    pub grader: Option<PathBuf>,
    /// What is wrong but does not stop judging (an unknown key of problem.yaml, with the
    /// nearest known one), one line each, naming the file.
    pub warnings: Vec<String>,
}

fn read_yaml(path: &Path) -> Result<Option<Yaml>, PackageError> {
    read_yaml_with(path, None)
}

/// [`read_yaml`], with `constants` substituted in the text first.
fn read_yaml_with(
    path: &Path,
    constants: Option<&Constants>,
) -> Result<Option<Yaml>, PackageError> {
    let text = match crate::tree::read_regular(path) {
        Ok(t) => t,
        Err(e) if e.is_not_found() => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let text = match constants {
        Some(c) => c.substitute(&text).into_owned(),
        None => text,
    };
    let docs = metadata::load_yaml(&text).map_err(|message| PackageError::Invalid {
        path: path.to_path_buf(),
        message,
    })?;
    Ok(Some(docs.into_iter().next().unwrap_or(Yaml::Null)))
}

/// The documents of a package YAML file's `text`, its aliases bounded
/// ([`metadata::load_yaml`]); `Err` is one line.
pub(crate) fn parse_yaml(text: &str) -> Result<Vec<Yaml>, String> {
    metadata::load_yaml(text)
}

/// A YAML number (integer or real).
fn num(y: &Yaml) -> Option<f64> {
    match y {
        Yaml::Real(_) => y.as_f64(),
        Yaml::Integer(i) => Some(*i as f64),
        Yaml::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Flags given as a string (`"float_tolerance 1e-6"`) or a list of words.
fn words(y: &Yaml) -> Option<Vec<String>> {
    match y {
        Yaml::String(s) => Some(s.split_whitespace().map(str::to_string).collect()),
        Yaml::Array(v) => Some(
            v.iter()
                .filter_map(|w| match w {
                    Yaml::String(s) => Some(s.clone()),
                    Yaml::Integer(i) => Some(i.to_string()),
                    Yaml::Real(r) => Some(r.clone()),
                    _ => None,
                })
                .collect(),
        ),
        _ => None,
    }
}

impl Package {
    /// Reads the package in `dir`.
    pub fn load(dir: &Path) -> Result<Package, PackageError> {
        let yaml_path = dir.join("problem.yaml");
        if !dir.is_dir() {
            return Err(PackageError::Read {
                path: dir.to_path_buf(),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such folder"),
            });
        }
        // Nothing below is read until the whole folder is known to stay inside itself.
        crate::tree::Tree::new(dir)?.check_all()?;
        let doc = read_yaml(&yaml_path)?.ok_or_else(|| PackageError::Invalid {
            path: yaml_path.clone(),
            message: "missing: a problem package has a problem.yaml".into(),
        })?;
        let invalid = |message: String| PackageError::Invalid {
            path: yaml_path.clone(),
            message,
        };
        let short_name = dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "package".into());
        let declared =
            metadata::declared_version(&doc).map_err(|message| PackageError::Unsupported {
                path: yaml_path.clone(),
                message,
            })?;
        let version = match declared {
            None => FormatVersion::Legacy,
            Some(_) => FormatVersion::Modern,
        };
        let warnings: Vec<String> = metadata::unknown_keys(&doc, declared.as_deref())
            .into_iter()
            .map(|w| format!("{}: {w}", yaml_path.display()))
            .collect();
        let constants = Constants::from_doc(&doc).map_err(invalid)?;
        let name = display_name(&doc, &short_name);
        let kind = ProblemKind::read(dir, &doc)?;
        let limits = read_limits(dir, &doc, version, &invalid)?;
        let format_version = match &doc["problem_format_version"] {
            Yaml::String(v) => v.clone(),
            Yaml::Real(v) => v.clone(),
            Yaml::Integer(v) => v.to_string(),
            _ => "legacy".to_string(),
        };
        let passes = validation_passes(&doc).map_err(invalid)?;
        let passes = kind.multi_pass.then_some(passes);
        let validation = kind.validation(dir, version, &invalid)?;
        let cases = read_cases(dir, &doc, &constants)?;
        let validation_cases = match version {
            FormatVersion::Legacy => Vec::new(),
            FormatVersion::Modern => read_validation_cases(dir, &doc, &constants)?,
        };
        if cases.is_empty() {
            return Err(invalid(
                "no test data: expected data/sample/*.in and/or data/secret/**/*.in".into(),
            ));
        }
        let mut pkg = Package {
            dir: dir.to_path_buf(),
            short_name,
            name,
            version,
            format_version,
            time_limit: limits.time_limit,
            time_multiplier: limits.time_multiplier,
            time_safety_margin: limits.time_safety_margin,
            time_resolution: limits.time_resolution,
            memory_mib: limits.memory_mib,
            output_mib: limits.output_mib,
            validation,
            interactive: kind.interactive,
            passes,
            cases,
            validation_cases,
            constants,
            scoring: None,
            grader: None,
            warnings,
        };
        if kind.scoring {
            pkg.scoring = Some(pkg.read_scoring(&doc)?);
        }
        pkg.grader = pkg.custom_grader()?;
        pkg.check_shape(&doc)?;
        Ok(pkg)
    }
}

/// The problem's name: `name` (a string, or per language: English first), else the
/// folder's name.
fn display_name(doc: &Yaml, short_name: &str) -> String {
    match &doc["name"] {
        Yaml::String(s) => s.clone(),
        Yaml::Hash(h) => h
            .get(&Yaml::String("en".into()))
            .and_then(Yaml::as_str)
            .or_else(|| h.values().find_map(Yaml::as_str))
            .unwrap_or(short_name)
            .to_string(),
        _ => short_name.to_string(),
    }
}

/// `limits.validation_passes` of a multi-pass problem: 2 when absent, else a whole
/// number from 2 to 1000.
fn validation_passes(doc: &Yaml) -> Result<u32, String> {
    match num(&doc["limits"]["validation_passes"]) {
        None => Ok(2),
        Some(n) if n.fract() == 0.0 && (2.0..=1000.0).contains(&n) => Ok(n as u32),
        Some(n) => Err(format!(
            "limits.validation_passes = {n}: must be a whole number from 2 to 1000"
        )),
    }
}

/// What kind of problem a package is: `type` (2023-07 on, a list allowed) or the words
/// of legacy `validation` (`custom interactive`, `custom score`, …).
struct ProblemKind {
    /// The legacy `validation` text (`default` when absent).
    validation_text: String,
    interactive: bool,
    multi_pass: bool,
    scoring: bool,
}

impl ProblemKind {
    /// The kind of the package in `dir` with problem.yaml `doc`; a `type` gridjudge does
    /// not judge is refused by name.
    fn read(dir: &Path, doc: &Yaml) -> Result<ProblemKind, PackageError> {
        let validation_text = doc["validation"].as_str().unwrap_or("default").to_string();
        let types: Vec<String> = words(&doc["type"]).unwrap_or_default();
        for t in &types {
            if !["pass-fail", "scoring", "interactive", "multi-pass"].contains(&t.as_str()) {
                return Err(PackageError::Unsupported {
                    path: dir.to_path_buf(),
                    message: format!(
                        "{t} problems are not supported: gridjudge judges pass-fail, scoring, \
                         interactive and multi-pass problems"
                    ),
                });
            }
        }
        let legacy_words: Vec<&str> = validation_text.split_whitespace().collect();
        let kind = |k: &str| legacy_words.contains(&k) || types.iter().any(|t| t == k);
        Ok(ProblemKind {
            interactive: kind("interactive"),
            multi_pass: kind("multi-pass"),
            scoring: kind("scoring") || kind("score"),
            validation_text,
        })
    }

    /// How outputs are checked: the package's own validator when the kind needs one
    /// (interactive, multi-pass), when legacy `validation` says `custom`, or when a
    /// 2023-07 package has one; else the default output validator.
    fn validation(
        &self,
        dir: &Path,
        version: FormatVersion,
        invalid: &dyn Fn(String) -> PackageError,
    ) -> Result<Validation, PackageError> {
        let source = validator_source(dir);
        if (self.interactive || self.multi_pass) && source.is_none() {
            let what = if self.interactive {
                "an interactive problem needs its interactor"
            } else {
                "a multi-pass problem needs its output validator"
            };
            return Err(invalid(format!(
                "{what} in output_validator/ (or legacy output_validators/)"
            )));
        }
        let custom = self
            .validation_text
            .split_whitespace()
            .any(|w| w == "custom")
            || self.interactive
            || self.multi_pass
            || version == FormatVersion::Modern && source.is_some();
        if !custom {
            return Ok(Validation::Default);
        }
        source.map(Validation::Custom).ok_or_else(|| {
            invalid("validation: custom, but no output_validators/ or output_validator/".into())
        })
    }
}

/// A package's limits as problem.yaml states them, each checked to be above 0, with the
/// format version's defaults where it says nothing.
struct StatedLimits {
    time_limit: Option<f64>,
    time_multiplier: f64,
    time_safety_margin: f64,
    time_resolution: f64,
    memory_mib: f64,
    output_mib: f64,
}

/// The limits of the package in `dir` with problem.yaml `doc`: `limits.time_limit` (or
/// DOMjudge's `.timelimit` file), the multipliers under their 2023-07 names
/// (`time_multipliers.ac_to_time_limit`, `time_limit_to_tle`) or their legacy ones
/// (`time_multiplier` 5, `time_safety_margin` 2; 2023-07's defaults are 2 and 1.5),
/// `time_resolution` (1 s), `memory` (2048 MiB) and `output` (8 MiB).
fn read_limits(
    dir: &Path,
    doc: &Yaml,
    version: FormatVersion,
    invalid: &dyn Fn(String) -> PackageError,
) -> Result<StatedLimits, PackageError> {
    let limits = &doc["limits"];
    let positive = |key: &str, v: Option<f64>| -> Result<Option<f64>, PackageError> {
        match v {
            None => Ok(None),
            Some(x) if x.is_finite() && x > 0.0 => Ok(Some(x)),
            Some(x) => Err(invalid(format!("limits.{key} = {x}: must be above 0"))),
        }
    };
    let mut time_limit = positive("time_limit", num(&limits["time_limit"]))?;
    if time_limit.is_none() {
        // DOMjudge's export keeps the limit in a file of its own.
        let file = dir.join(".timelimit");
        if let Ok(text) = crate::tree::read_regular(&file) {
            let t: f64 = text.trim().parse().map_err(|_| PackageError::Invalid {
                path: file.clone(),
                message: format!("{:?} is not a number of seconds", text.trim()),
            })?;
            time_limit = positive("time_limit", Some(t))?;
        }
    }
    let modern = version == FormatVersion::Modern;
    let multipliers = &limits["time_multipliers"];
    let time_multiplier = positive(
        "time_multiplier",
        num(&multipliers["ac_to_time_limit"]).or(num(&limits["time_multiplier"])),
    )?
    .unwrap_or(if modern { 2.0 } else { 5.0 });
    let time_safety_margin = positive(
        "time_safety_margin",
        num(&multipliers["time_limit_to_tle"]).or(num(&limits["time_safety_margin"])),
    )?
    .unwrap_or(if modern { 1.5 } else { 2.0 });
    Ok(StatedLimits {
        time_limit,
        time_multiplier,
        time_safety_margin,
        time_resolution: positive("time_resolution", num(&limits["time_resolution"]))?
            .unwrap_or(1.0),
        memory_mib: positive("memory", num(&limits["memory"]))?.unwrap_or(2048.0),
        output_mib: positive("output", num(&limits["output"]))?.unwrap_or(8.0),
    })
}

/// Every case under `data/sample` then `data/secret` (test-group folders included), each
/// with the validator flags of its nearest `testdata.yaml`/`test_group.yaml`, else
/// problem.yaml's `validator_flags`.
fn read_cases(
    dir: &Path,
    doc: &Yaml,
    constants: &Constants,
) -> Result<Vec<PackageCase>, PackageError> {
    let problem_flags = words(&doc["validator_flags"]).unwrap_or_default();
    let mut cases = Vec::new();
    for group in [Group::Sample, Group::Secret] {
        let folder = dir.join("data").join(group.name());
        if folder.is_dir() {
            let inherited =
                group_flags(&dir.join("data"), constants)?.unwrap_or(problem_flags.clone());
            walk(&folder, &folder, group, &inherited, constants, &mut cases)?;
        }
    }
    Ok(cases)
}

/// The cases of the validation folders under `data/` ([`Expectation`]), each folder in
/// the order of [`Expectation::ALL`], its files sorted.
fn read_validation_cases(
    dir: &Path,
    doc: &Yaml,
    constants: &Constants,
) -> Result<Vec<ValidationCase>, PackageError> {
    let problem_flags = words(&doc["validator_flags"]).unwrap_or_default();
    let data = dir.join("data");
    let inherited = group_flags(&data, constants)?.unwrap_or(problem_flags);
    let mut out = Vec::new();
    for expect in Expectation::ALL {
        let folder = data.join(expect.folder());
        if !crate::tree::Tree::new(dir).is_ok_and(|t| t.is_dir(&folder).unwrap_or(false)) {
            continue;
        }
        let mut cases = Vec::new();
        walk(
            &folder,
            &folder,
            Group::Secret,
            &inherited,
            constants,
            &mut cases,
        )?;
        out.extend(cases.into_iter().map(|mut c| {
            c.case.name = format!("{}/{}", expect.folder(), c.case.name);
            let out = c.case.input.with_extension("out");
            ValidationCase {
                expect,
                output: (expect.has_output() && out.is_file()).then_some(out),
                case: c,
            }
        }));
    }
    Ok(out)
}

/// The package's output validator: `output_validators/` (legacy: one folder or source
/// file inside) or `output_validator/` (2023-07).
fn validator_source(dir: &Path) -> Option<PathBuf> {
    // The visible entries of a folder, sorted.
    let entries = |folder: &Path| -> Option<Vec<PathBuf>> {
        let mut inside: Vec<PathBuf> = std::fs::read_dir(folder)
            .ok()?
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                !p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .collect();
        inside.sort();
        Some(inside)
    };
    let modern = dir.join("output_validator");
    if modern.is_dir() {
        // 2025-09: the folder is the validator; the 2023-07 drafts (as problemtools
        // reads them) kept it one folder down, `output_validator/NAME/`.
        return match entries(&modern)?.as_slice() {
            [one] if one.is_dir() => Some(one.clone()),
            _ => Some(modern),
        };
    }
    let legacy = dir.join("output_validators");
    match entries(&legacy)?.as_slice() {
        [one] => Some(one.clone()),
        [] => None,
        _ => Some(legacy),
    }
}

/// Validator flags a folder's `testdata.yaml` / `test_group.yaml` sets, if any (with
/// the constants substituted in `test_group.yaml`).
fn group_flags(folder: &Path, constants: &Constants) -> Result<Option<Vec<String>>, PackageError> {
    for file in ["test_group.yaml", "testdata.yaml"] {
        let substitute = (file == "test_group.yaml").then_some(constants);
        if let Some(doc) = read_yaml_with(&folder.join(file), substitute)? {
            for key in ["output_validator_args", "output_validator_flags"] {
                if let Some(w) = words(&doc[key]) {
                    return Ok(Some(w));
                }
            }
        }
    }
    Ok(None)
}

/// Adds the cases of `folder` (and its subfolders, in name order) to `out`.
fn walk(
    root: &Path,
    folder: &Path,
    group: Group,
    inherited: &[String],
    constants: &Constants,
    out: &mut Vec<PackageCase>,
) -> Result<(), PackageError> {
    let flags = group_flags(folder, constants)?.unwrap_or_else(|| inherited.to_vec());
    let entries = std::fs::read_dir(folder).map_err(|source| PackageError::Read {
        path: folder.to_path_buf(),
        source,
    })?;
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(root, &path, group, &flags, constants, out)?;
        } else if path.extension().is_some_and(|e| e == "in") {
            let rel = path.strip_prefix(root).unwrap_or(&path).with_extension("");
            let ans = path.with_extension("ans");
            out.push(PackageCase {
                case: Case {
                    group,
                    name: rel.to_string_lossy().into_owned(),
                    answer: ans.is_file().then_some(ans),
                    input: path,
                },
                flags: flags.clone(),
            });
        }
    }
    Ok(())
}

/// A package that cannot be read is 66, one of a type gridjudge does not judge 64, a
/// broken one 3.
impl From<PackageError> for crate::error::Failure {
    fn from(e: PackageError) -> crate::error::Failure {
        let code = match e {
            PackageError::Read { .. } => crate::exit::NO_INPUT,
            PackageError::Unsupported { .. } => crate::exit::USAGE,
            _ => crate::exit::JUDGE_FAILURE,
        };
        crate::error::Failure::new(code, e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, rel: &str, text: &str) {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    #[test]
    fn legacy_and_modern_packages_read_as_the_formats_say() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path();
        write(
            p,
            "problem.yaml",
            "name: Hello\nlimits:\n  memory: 256\nvalidator_flags: float_tolerance 1e-6\n",
        );
        write(p, "data/sample/1.in", "1\n");
        write(p, "data/sample/1.ans", "1\n");
        write(p, "data/secret/b/2.in", "2\n");
        write(p, "data/secret/a.in", "3\n");
        write(
            p,
            "data/secret/b/testdata.yaml",
            "output_validator_flags: case_sensitive\n",
        );
        write(p, ".timelimit", "2.5\n");
        let pkg = Package::load(p).unwrap();
        assert_eq!(pkg.version, FormatVersion::Legacy);
        assert_eq!(pkg.name, "Hello");
        assert_eq!(pkg.time_limit, Some(2.5));
        assert_eq!((pkg.time_multiplier, pkg.time_safety_margin), (5.0, 2.0));
        assert_eq!((pkg.memory_mib, pkg.output_mib), (256.0, 8.0));
        let ids: Vec<String> = pkg.cases.iter().map(|c| c.case.id()).collect();
        assert_eq!(ids, ["sample/1", "secret/a", "secret/b/2"]);
        assert_eq!(pkg.cases[1].flags, ["float_tolerance", "1e-6"]);
        assert_eq!(pkg.cases[2].flags, ["case_sensitive"]);
        assert_eq!(pkg.validation, Validation::Default);

        write(p, "problem.yaml", "problem_format_version: 2023-07-draft\nname: {en: Hi}\ntype: pass-fail\nlimits: {time_limit: 1.5, time_multipliers: {ac_to_time_limit: 3, time_limit_to_tle: 1.2}}\n");
        write(
            p,
            "data/secret/test_group.yaml",
            "output_validator_args: [float_absolute_tolerance, '0.1']\n",
        );
        let pkg = Package::load(p).unwrap();
        assert_eq!(pkg.version, FormatVersion::Modern);
        assert_eq!(pkg.name, "Hi");
        assert_eq!(pkg.time_limit, Some(1.5));
        assert_eq!((pkg.time_multiplier, pkg.time_safety_margin), (3.0, 1.2));
        assert_eq!(pkg.format_version, "2023-07-draft");
        assert_eq!(pkg.time_resolution, 1.0);
        assert_eq!(pkg.cases[1].flags, ["float_absolute_tolerance", "0.1"]);

        write(
            p,
            "problem.yaml",
            "problem_format_version: 2023-07\ntype: interactive\n",
        );
        assert!(Package::load(p)
            .unwrap_err()
            .to_string()
            .contains("needs its interactor"));
        write(p, "output_validator/v.py", "import sys\nsys.exit(42)\n");
        write(
            p,
            "problem.yaml",
            "problem_format_version: 2025-09\ntype: [interactive, multi-pass]\nlimits: {validation_passes: 3}\n",
        );
        let pkg = Package::load(p).unwrap();
        assert!(pkg.interactive);
        assert_eq!(pkg.passes, Some(3));
        assert_eq!(
            pkg.validation,
            Validation::Custom(p.join("output_validator"))
        );
        write(p, "problem.yaml", "validation: custom interactive\n");
        let pkg = Package::load(p).unwrap();
        assert!(pkg.interactive && pkg.passes.is_none());
        write(
            p,
            "problem.yaml",
            "problem_format_version: 2023-07\ntype: multi-pass\nlimits: {validation_passes: 1}\n",
        );
        assert!(Package::load(p)
            .unwrap_err()
            .to_string()
            .contains("validation_passes = 1"));
        std::fs::remove_dir_all(p.join("output_validator")).unwrap();
        write(p, "problem.yaml", "validation: custom score\n");
        assert!(Package::load(p)
            .unwrap_err()
            .to_string()
            .contains("output_validators"));
        write(p, "problem.yaml", "validation: custom\n");
        assert!(Package::load(p)
            .unwrap_err()
            .to_string()
            .contains("output_validators"));
        write(p, "output_validators/v/v.cpp", "int main(){return 42;}\n");
        assert_eq!(
            Package::load(p).unwrap().validation,
            Validation::Custom(p.join("output_validators/v"))
        );
        write(p, "problem.yaml", "limits: [1\n");
        assert!(Package::load(p)
            .unwrap_err()
            .to_string()
            .contains("problem.yaml"));
    }
}
