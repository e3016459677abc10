//! The check of a package's own data, before any program is judged against it
//! (`judge --package`, `verify-submissions --package`): what is wrong with the data is
//! the package's fault, never a verdict blamed on a program. [`check_data`] returns
//! every finding as a typed value ([`Finding`]: an error or a warning, the file, the
//! check, the message), so a caller renders them as it likes.
//!
//! What is checked:
//!
//! - **input validation**: every input validator of the package (legacy:
//!   `input_format_validators/`, else `input_validators/`; 2023-07 and 2025-09:
//!   `input_validators/`) reads every `.in`, with the Kattis protocol: the input on
//!   stdin, the group's flags as arguments (the nearest `test_group.yaml` /
//!   `testdata.yaml` up from the case's folder: `input_validator_args` or
//!   `input_validator_flags`, a string, a list, or a map from the validator's name to
//!   its arguments); exit 42 is valid, 43 invalid (an error quoting what the validator
//!   wrote on stdout and stderr), anything else a failure of the validator (an error
//!   too). An input validator is given no feedback folder (the protocol has none for
//!   it), so its words are those of its standard streams. A validator is a source file or a folder of any language the output
//!   validators are built from, or `build`/`run` scripts: each is built once
//!   ([`JuryProgram::build`]) and runs as setter code does ([`setter_isolation`],
//!   [`jury_limits`]). A checktestdata script (`NAME.ctd`) runs as `checktestdata
//!   /jury/NAME.ctd < input` (exit 0 valid, 1 invalid) under the same confinement, with
//!   the `checktestdata` found in the judge's `PATH`
//!   ([`find_program`](crate::sandbox::host::find_program)); where it is missing, a
//!   warning names the script. A package without an input validator gets a warning, as
//!   problemtools gives;
//! - **answer validation**: every `.ans` is given to the package's output validator
//!   (default or custom) as the team output, and must be accepted, as problemtools
//!   checks; an interactive or multi-pass problem's answers are not team output, and
//!   the check is skipped, saying so ([`DataReport::skipped`]);
//! - **the data's shape** ([`Package::data_shape`]): missing and empty answers, case
//!   names, identical inputs, no sample, byte order marks and text that is not UTF-8.
//!
//! The validators' runs (and the custom output validator's) go to `jobs` workers at once;
//! findings keep the order of the cases and validators.

use super::output_validator::{jury_limits, setter_binds, setter_isolation, JuryProgram};
use super::{read_yaml_with, FormatVersion, Package};
use crate::judge::limit_verdict::limit_verdict;
use crate::judge::problem::OutputChecker;
use crate::sandbox::{self, CaseDirs, ExitStatus, RunSpec};
use crate::verdict::{ExitProtocol, Verdict};
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use yaml_rust2::Yaml;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The data is broken: no program is judged against it.
    Error,
    /// Worth a look; judging goes on.
    Warning,
}

/// One thing found wrong with a package's data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Error or warning.
    pub severity: Severity,
    /// The file it is about (a case's `.in` or `.ans`, a validator, a folder).
    pub file: PathBuf,
    /// Which check found it (`input validator range`, `answer`, `case name`, …).
    pub check: String,
    /// What is wrong, one line.
    pub message: String,
}

impl Finding {
    /// An error about `file`; a message of several lines is joined into one (` / `).
    pub fn error(file: &Path, check: impl Into<String>, message: impl Into<String>) -> Finding {
        let message: String = message.into();
        let lines: Vec<&str> = message
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        Finding {
            severity: Severity::Error,
            file: file.to_path_buf(),
            check: check.into(),
            message: lines.join(" / "),
        }
    }

    /// A warning about `file`.
    pub fn warning(file: &Path, check: impl Into<String>, message: impl Into<String>) -> Finding {
        Finding {
            severity: Severity::Warning,
            ..Finding::error(file, check, message)
        }
    }
}

/// `FILE: CHECK: MESSAGE`.
impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: {}",
            self.file.display(),
            self.check,
            self.message
        )
    }
}

/// What [`check_data`] found.
#[derive(Debug, Clone, Default)]
pub struct DataReport {
    /// Every finding: the shape's first, then the validators', in case order.
    pub findings: Vec<Finding>,
    /// The checks not made, with the reason (an interactive problem's answers), one line
    /// each.
    pub skipped: Vec<String>,
    /// The input validators that ran.
    pub validators: usize,
    /// The validator runs made (input validators and answer checks).
    pub runs: usize,
    /// The validator runs that found nothing, in the order of the runs: the file and
    /// the check (`input validator range`, `answer`), so a report can show every check
    /// made and not only the failed ones.
    pub passed: Vec<Passed>,
}

/// A check that found nothing wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passed {
    /// The file checked (a case's `.in` or `.ans`).
    pub file: PathBuf,
    /// The check, named as a [`Finding`]'s.
    pub check: String,
}

impl DataReport {
    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Warning)
    }
}

/// The source extensions of the validators [`JuryProgram::build`] builds.
const SOURCES: &[&str] = &["cpp", "cc", "cxx", "C", "c", "rs", "py"];

/// Files beside validators that are not validators themselves (`testlib.h`).
const COMPANIONS: &[&str] = &["h", "hpp", "hh", "txt", "md"];

/// What an input validator is.
#[derive(Debug)]
enum Runner {
    /// A program built from the package ([`JuryProgram`]).
    Program(JuryProgram),
    /// A checktestdata script, run by the host's `checktestdata`.
    Checktestdata {
        /// The `checktestdata` program.
        program: PathBuf,
        /// The folders it needs beyond the system ones (its installation prefix).
        read_only: Vec<PathBuf>,
    },
}

/// An input validator, ready to run.
#[derive(Debug)]
struct InputValidator {
    /// Its name: the file's stem or the folder's name.
    name: String,
    /// Its source file or folder.
    source: PathBuf,
    runner: Runner,
}

impl InputValidator {
    fn check(&self) -> String {
        format!("input validator {}", self.name)
    }
}

/// The folder holding the input validators of `pkg`, if any: legacy
/// `input_format_validators/` (else `input_validators/`, which gridjudge's own export
/// writes), 2023-07 and 2025-09 `input_validators/`.
fn validator_folder(pkg: &Package) -> Option<PathBuf> {
    let names: &[&str] = match pkg.version {
        FormatVersion::Legacy => &["input_format_validators", "input_validators"],
        FormatVersion::Modern => &["input_validators"],
    };
    names
        .iter()
        .map(|n| pkg.dir.join(n))
        .find(|d| crate::tree::Tree::new(&pkg.dir).is_ok_and(|t| t.is_dir(d).unwrap_or(false)))
}

/// The input validators of `pkg`, built; what cannot be built or run is a finding.
fn input_validators(
    pkg: &Package,
    launcher: &Path,
    findings: &mut Vec<Finding>,
) -> Vec<InputValidator> {
    let expected = match pkg.version {
        FormatVersion::Legacy => "input_format_validators",
        FormatVersion::Modern => "input_validators",
    };
    let none = |findings: &mut Vec<Finding>, folder: &Path| {
        findings.push(Finding::warning(
            folder,
            "input validators",
            "none: the inputs are not validated (a package has at least one input validator)",
        ));
    };
    let Some(folder) = validator_folder(pkg) else {
        none(findings, &pkg.dir.join(expected));
        return Vec::new();
    };
    let entries = match crate::tree::Tree::new(&pkg.dir).and_then(|t| t.entries(&folder)) {
        Ok(e) => e,
        Err(e) => {
            findings.push(Finding::error(&folder, "input validators", e.to_string()));
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for entry in entries {
        let file_name = entry
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if file_name.starts_with('.') {
            continue;
        }
        let ext = entry
            .path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("");
        let name = match entry.kind {
            crate::tree::Kind::Dir => file_name.clone(),
            _ => entry
                .path
                .file_stem()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
        };
        let check = format!("input validator {name}");
        let runner = match entry.kind {
            crate::tree::Kind::Missing => continue,
            crate::tree::Kind::File if ext == "ctd" => {
                match crate::sandbox::host::find_program("checktestdata") {
                    Some(program) => {
                        let read_only = outside_system(&program);
                        Runner::Checktestdata { program, read_only }
                    }
                    None => {
                        findings.push(Finding::warning(
                            &entry.path,
                            check,
                            "not run: checktestdata is not installed (not in PATH), so \
                             the inputs are not checked against this script",
                        ));
                        continue;
                    }
                }
            }
            crate::tree::Kind::File if COMPANIONS.contains(&ext) => continue,
            crate::tree::Kind::File if !SOURCES.contains(&ext) => {
                findings.push(Finding::warning(
                    &entry.path,
                    check,
                    "not run: not a C, C++, Rust or Python source, a checktestdata script \
                     or a folder",
                ));
                continue;
            }
            _ => match JuryProgram::build(&entry.path, launcher, &pkg.constants, &check) {
                Ok(p) => Runner::Program(p),
                Err(e) => {
                    findings.push(Finding::error(&entry.path, check, e));
                    continue;
                }
            },
        };
        out.push(InputValidator {
            name,
            source: entry.path,
            runner,
        });
    }
    if out.is_empty() && !findings.iter().any(|f| f.file.starts_with(&folder)) {
        none(findings, &folder);
    }
    out
}

/// The installation prefix of a host program (the folder above its `bin`), when it is
/// not under the system folders every confined run reads.
fn outside_system(program: &Path) -> Vec<PathBuf> {
    let system = crate::sandbox::confine::SYSTEM_READ
        .iter()
        .any(|d| program.starts_with(d));
    if system {
        return Vec::new();
    }
    program
        .parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .into_iter()
        .collect()
}

/// The input validator arguments a group's configuration sets for `validator`, if it
/// sets any: `input_validator_args` (2025-09: a list, or a map from validator name to
/// list) or `input_validator_flags` (legacy and 2023-07: a string).
fn args_in(doc: &Yaml, validator: &InputValidator) -> Option<Vec<String>> {
    for key in ["input_validator_args", "input_validator_flags"] {
        match &doc[key] {
            Yaml::BadValue | Yaml::Null => continue,
            Yaml::Hash(map) => {
                let file_name = validator
                    .source
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let mine = [validator.name.as_str(), file_name.as_str()]
                    .iter()
                    .find_map(|n| map.get(&Yaml::String(n.to_string())));
                return Some(mine.and_then(super::words).unwrap_or_default());
            }
            other => return Some(super::words(other).unwrap_or_default()),
        }
    }
    None
}

/// The group configurations (`test_group.yaml`, then `testdata.yaml`) from the case's
/// folder up to `data/`, nearest first, each read once.
#[derive(Default)]
struct Configs {
    read: HashMap<PathBuf, Vec<Yaml>>,
}

impl Configs {
    fn chain(&mut self, pkg: &Package, input: &Path) -> Result<Vec<Yaml>, Finding> {
        let data = pkg.dir.join("data");
        let mut out = Vec::new();
        let mut folder = input.parent();
        while let Some(f) = folder {
            if !f.starts_with(&data) {
                break;
            }
            if !self.read.contains_key(f) {
                let mut docs = Vec::new();
                for (file, substitute) in [("test_group.yaml", true), ("testdata.yaml", false)] {
                    let path = f.join(file);
                    let constants = substitute.then_some(&pkg.constants);
                    match read_yaml_with(&path, constants) {
                        Ok(Some(doc)) => docs.push(doc),
                        Ok(None) => {}
                        Err(e) => {
                            return Err(Finding::error(&path, "group configuration", e.to_string()))
                        }
                    }
                }
                self.read.insert(f.to_path_buf(), docs);
            }
            out.extend(self.read.get(f).into_iter().flatten().cloned());
            folder = f.parent();
        }
        Ok(out)
    }
}

/// One run of the check.
enum Task<'a> {
    /// An input validator on a case's input, with its arguments.
    Input {
        input: &'a Path,
        validator: &'a InputValidator,
        args: Vec<String>,
    },
    /// A case's answer through the output validator.
    Answer(&'a crate::judge::config::Case),
}

impl Task<'_> {
    /// The task as a check that found nothing.
    fn passed(&self) -> Passed {
        match self {
            Task::Input {
                input, validator, ..
            } => Passed {
                file: input.to_path_buf(),
                check: validator.check(),
            },
            Task::Answer(case) => Passed {
                file: case.answer.clone().unwrap_or_else(|| case.input.clone()),
                check: "answer".into(),
            },
        }
    }
}

/// What an input validator said.
enum Said {
    Valid,
    Invalid(String),
    Failed(String),
}

/// What a validator wrote (stdout, then stderr), on one line, quoted, at most 300
/// characters.
fn quoted(stdout: &Path, stderr: &Path) -> String {
    let mut text = String::new();
    for file in [stdout, stderr] {
        if let Some(t) = super::output_validator::read_feedback(file) {
            text.push_str(&t);
            text.push('\n');
        }
    }
    let line: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let line = line.join(" / ");
    let short: String = line.chars().take(300).collect();
    if short.len() < line.len() {
        format!("{short:?}…")
    } else {
        format!("{short:?}")
    }
}

/// What runs for a validator: the program, its first arguments, the folders it reads
/// beyond the system ones, and the files bound into its run.
type Invocation<'a> = (PathBuf, Vec<String>, Vec<PathBuf>, Vec<(&'a Path, &'a str)>);

/// Runs `validator` on `input` with `args`, confined as setter code.
fn run_input_validator(
    validator: &InputValidator,
    input: &Path,
    args: &[String],
    launcher: &Path,
) -> Said {
    let failed = |m: String| Said::Failed(m);
    let io = match CaseDirs::new(None) {
        Ok(io) => io,
        Err(e) => return failed(format!("cannot create the validator's folders: {e}")),
    };
    let jury = match tempfile::Builder::new().prefix("gridjudge-jury-").tempdir() {
        Ok(j) => j,
        Err(e) => return failed(format!("cannot create the validator's folders: {e}")),
    };
    let isolation = setter_isolation();
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let (program, mut argv, read_only, files): Invocation<'_> = match &validator.runner {
        Runner::Program(p) => {
            let mut argv = vec![p.program.display().to_string()];
            argv.extend(p.prefix.iter().cloned());
            (p.program.clone(), argv, vec![p.folder.clone()], Vec::new())
        }
        Runner::Checktestdata { program, read_only } => (
            program.clone(),
            vec![program.display().to_string()],
            read_only.clone(),
            vec![(validator.source.as_path(), "validator.ctd")],
        ),
    };
    let (binds, names) = match setter_binds(&isolation, &files, None, jury.path()) {
        Ok(b) => b,
        Err(e) => return failed(e),
    };
    argv.extend(names);
    argv.extend(args.iter().cloned());
    let spec = RunSpec {
        program,
        argv,
        env: sandbox::default_env(io.workdir()),
        workdir: io.workdir().to_path_buf(),
        stdin: absolute(input),
        stdout: io.stdout(),
        stderr: io.stderr(),
        limits: jury_limits(),
        isolation,
        hide: Vec::new(),
        read_only,
        keep_workdir: false,
        binds,
        wait_share: None,
    };
    let outcome = match sandbox::Sandbox::new(launcher).run(&spec) {
        Ok(o) => o,
        Err(e) => return failed(format!("cannot run: {e}")),
    };
    let valid = match validator.runner {
        Runner::Program(_) => ExitProtocol::Kattis,
        Runner::Checktestdata { .. } => ExitProtocol::Testlib,
    };
    let (valid, invalid) = (i32::from(valid.accepted()), i32::from(valid.rejected()));
    let said = quoted(&spec.stdout, &spec.stderr);
    match (outcome.killed_for, outcome.status) {
        (None, ExitStatus::Exited(c)) if c == valid => Said::Valid,
        (None, ExitStatus::Exited(c)) if c == invalid => {
            Said::Invalid(format!("invalid (exit {c}): {said}"))
        }
        _ => {
            let why = limit_verdict(&outcome, &spec.limits)
                .map(|(v, m)| format!("{v}: {m}"))
                .unwrap_or_else(|| format!("{:?}", outcome.status));
            Said::Failed(format!(
                "the validator failed ({why}; valid is exit {valid}, invalid {invalid}): {said}"
            ))
        }
    }
}

/// Checks the data of `pkg` (see the module documentation): its input validators built
/// through the sandbox of the `launcher` binary, its answers judged by `checker` (the
/// package's output validator, built), `jobs` runs at a time.
pub fn check_data(
    pkg: &Package,
    checker: &dyn OutputChecker,
    launcher: &Path,
    jobs: usize,
) -> DataReport {
    let mut report = DataReport {
        findings: pkg.data_shape(),
        ..DataReport::default()
    };
    let validators = input_validators(pkg, launcher, &mut report.findings);
    report.validators = validators.len();
    let mut configs = Configs::default();
    let mut tasks = Vec::new();
    for case in &pkg.cases {
        if validators.is_empty() {
            break;
        }
        let chain = match configs.chain(pkg, &case.case.input) {
            Ok(c) => c,
            Err(f) => {
                if !report.findings.contains(&f) {
                    report.findings.push(f);
                }
                continue;
            }
        };
        for v in &validators {
            let args = chain
                .iter()
                .find_map(|doc| args_in(doc, v))
                .unwrap_or_default();
            tasks.push(Task::Input {
                input: &case.case.input,
                validator: v,
                args,
            });
        }
    }
    if pkg.interactive || pkg.passes.is_some() {
        let kind = if pkg.interactive {
            "an interactive"
        } else {
            "a multi-pass"
        };
        report.skipped.push(format!(
            "{}: answers not validated: in {kind} problem the output validator talks to \
             the program, and an answer is not team output",
            pkg.dir.display()
        ));
    } else {
        tasks.extend(
            pkg.cases
                .iter()
                .filter(|c| c.case.answer.is_some())
                .map(|c| Task::Answer(&c.case)),
        );
    }
    report.runs = tasks.len();
    let next = AtomicUsize::new(0);
    let found: Mutex<Vec<(usize, Finding)>> = Mutex::new(Vec::new());
    let passed: Mutex<Vec<(usize, Passed)>> = Mutex::new(Vec::new());
    let worker = || loop {
        if crate::sandbox::interrupt::signal().is_some() {
            break;
        }
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(task) = tasks.get(i) else { break };
        let finding = match task {
            Task::Input {
                input,
                validator,
                args,
            } => match run_input_validator(validator, input, args, launcher) {
                Said::Valid => None,
                Said::Invalid(m) | Said::Failed(m) => {
                    Some(Finding::error(input, validator.check(), m))
                }
            },
            Task::Answer(case) => {
                let Some(answer) = &case.answer else { continue };
                let (verdict, message) = checker.check(case, answer);
                match verdict {
                    Verdict::Accepted => None,
                    Verdict::JudgeError => Some(Finding::error(
                        answer,
                        "answer",
                        format!(
                            "the output validator failed on the answer as team output: {message}"
                        ),
                    )),
                    v => Some(Finding::error(
                        answer,
                        "answer",
                        format!(
                            "the output validator rejects the answer as team output ({v}): {:?}",
                            message.lines().next().unwrap_or_default()
                        ),
                    )),
                }
            }
        };
        if let Some(f) = finding {
            if let Ok(mut all) = found.lock() {
                all.push((i, f));
            }
        } else if let Ok(mut all) = passed.lock() {
            all.push((i, task.passed()));
        }
    };
    let workers = jobs.clamp(1, tasks.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(worker);
        }
    });
    let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    found.sort_by_key(|(i, _)| *i);
    report.findings.extend(found.into_iter().map(|(_, f)| f));
    let mut passed = passed.into_inner().unwrap_or_else(|e| e.into_inner());
    passed.sort_by_key(|(i, _)| *i);
    report.passed = passed.into_iter().map(|(_, p)| p).collect();
    if crate::sandbox::interrupt::signal().is_some() {
        report
            .skipped
            .push("the data check was interrupted: not every case was checked".into());
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validator(file: &str) -> InputValidator {
        let source = PathBuf::from("/pkg/input_validators").join(file);
        InputValidator {
            name: source
                .file_stem()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            source,
            runner: Runner::Checktestdata {
                program: PathBuf::from("/usr/bin/checktestdata"),
                read_only: Vec::new(),
            },
        }
    }

    fn doc(text: &str) -> Yaml {
        super::super::parse_yaml(text)
            .expect("yaml")
            .into_iter()
            .next()
            .unwrap_or(Yaml::Null)
    }

    #[test]
    fn input_validator_arguments_are_a_string_a_list_or_a_map_by_validator_name() {
        let range = validator("range.py");
        let other = validator("other.ctd");
        let legacy = doc("input_validator_flags: max 5 strict\n");
        assert_eq!(
            args_in(&legacy, &range),
            Some(vec!["max".into(), "5".into(), "strict".into()])
        );
        let list = doc("input_validator_args: [max, 5]\n");
        assert_eq!(args_in(&list, &other), Some(vec!["max".into(), "5".into()]));
        let map = doc("input_validator_args:\n  range: [max, '5']\n  other.ctd: [x]\n");
        assert_eq!(args_in(&map, &range), Some(vec!["max".into(), "5".into()]));
        assert_eq!(args_in(&map, &other), Some(vec!["x".into()]));
        // A validator the map leaves out gets no arguments (not those of a group above).
        let only = doc("input_validator_args: {range: [a]}\n");
        assert_eq!(args_in(&only, &other), Some(Vec::new()));
        assert_eq!(args_in(&doc("output_validator_args: [x]\n"), &range), None);
    }

    #[test]
    fn a_finding_is_one_line_naming_the_file_and_the_check() {
        let f = Finding::error(
            Path::new("pkg/data/secret/1.in"),
            "input validator v",
            "building failed:\n  line 1\n\n  line 2\n",
        );
        assert_eq!(
            f.to_string(),
            "pkg/data/secret/1.in: input validator v: building failed: / line 1 / line 2"
        );
        assert_eq!(
            Finding::warning(Path::new("x"), "c", "m").severity,
            Severity::Warning
        );
    }
}
