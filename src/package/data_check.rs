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
//!   it), so its words are those of its standard streams. A validator is a source file
//!   or a folder of any language the output validators are built from, or `build`/`run`
//!   scripts: each is built once ([`JuryProgram::build`]) and runs as setter code does
//!   ([`setter_isolation`], [`jury_limits`]). Two script languages run through a host
//!   tool found in the judge's `PATH`
//!   ([`find_program`](crate::sandbox::host::find_program)), under the same
//!   confinement: a checktestdata script (`NAME.ctd`) as `checktestdata
//!   /jury/validator.ctd ARGS < input`, a VIVA pattern (`NAME.viva`) as `viva
//!   /jury/validator.viva /jury/testcase.in ARGS`; for both, exit 0 is valid and 1
//!   invalid. Where the tool is missing, a warning names the script. A package without
//!   an input validator gets a warning, as problemtools gives;
//! - **answer validators** (2023-07 and 2025-09 `answer_validators/`, any of the kinds
//!   above) read every `.ans`: a program as `VALIDATOR /jury/testcase.in ARGS < answer`
//!   (the Kattis protocol, `answer_validator_args` of the group), a script as for an
//!   input. A package without one gets no warning: they are optional;
//! - **answers as team output**: every `.ans` is given to the package's output
//!   validator (default or custom) as the team output, and must be accepted, as
//!   problemtools checks; an interactive or multi-pass problem's answers are not team
//!   output, and the check is skipped, saying so ([`DataReport::skipped`]);
//! - **the validation folders** (2023-07 and 2025-09, [`Expectation`]), whose cases are
//!   never judged but test the validators, as `bt validate` does: each `.in` of
//!   `data/invalid_input` must be rejected by at least one input validator; each `.ans`
//!   of `data/invalid_answer` (its `.in` valid) by an answer validator or the output
//!   validator; each `.out` of `data/invalid_output` (its `.in` and `.ans` valid) by the
//!   output validator, and each of `data/valid_output` accepted. An invalid case that
//!   every check accepts is an error listing the checks; one that no check could see
//!   (no validator of its kind) a warning;
//! - **the data's shape** ([`Package::data_shape`]): missing and empty answers, case
//!   names, identical inputs, no sample, byte order marks and text that is not UTF-8.
//!
//! The validators' runs (and the custom output validator's) go to `jobs` workers at once;
//! findings keep the order of the cases and validators.

use super::output_validator::{jury_limits, setter_binds, setter_isolation, JuryProgram};
use super::{read_yaml_with, Expectation, FormatVersion, Package};
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

/// How a validator runs.
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
    /// A VIVA pattern, run by the host's `viva` (`viva PATTERN FILE`).
    Viva {
        /// The `viva` program.
        program: PathBuf,
        /// The folders it needs beyond the system ones (its installation prefix).
        read_only: Vec<PathBuf>,
    },
}

/// What a validator validates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A case's `.in` (`input_validators/`).
    Input,
    /// A case's `.ans`, with the `.in` beside it (`answer_validators/`).
    Answer,
}

impl Role {
    fn word(self) -> &'static str {
        match self {
            Role::Input => "input",
            Role::Answer => "answer",
        }
    }

    /// The group configuration key of its arguments, then the older one.
    fn arg_keys(self) -> [&'static str; 2] {
        match self {
            Role::Input => ["input_validator_args", "input_validator_flags"],
            Role::Answer => ["answer_validator_args", "answer_validator_flags"],
        }
    }
}

/// A validator, ready to run.
#[derive(Debug)]
struct Validator {
    role: Role,
    /// Its name: the file's stem or the folder's name.
    name: String,
    /// Its source file or folder.
    source: PathBuf,
    runner: Runner,
}

impl Validator {
    fn check(&self) -> String {
        format!("{} validator {}", self.role.word(), self.name)
    }
}

/// The folder holding the validators of `role` of `pkg`, if any: legacy
/// `input_format_validators/` (else `input_validators/`, which gridjudge's own export
/// writes), 2023-07 and 2025-09 `input_validators/` and `answer_validators/` (a legacy
/// package has no answer validators).
fn validator_folder(pkg: &Package, role: Role) -> Option<PathBuf> {
    let names: &[&str] = match (pkg.version, role) {
        (FormatVersion::Legacy, Role::Input) => &["input_format_validators", "input_validators"],
        (FormatVersion::Modern, Role::Input) => &["input_validators"],
        (FormatVersion::Legacy, Role::Answer) => &[],
        (FormatVersion::Modern, Role::Answer) => &["answer_validators"],
    };
    names
        .iter()
        .map(|n| pkg.dir.join(n))
        .find(|d| crate::tree::Tree::new(&pkg.dir).is_ok_and(|t| t.is_dir(d).unwrap_or(false)))
}

/// A host tool a validator script needs (`checktestdata`, `viva`), found in `PATH`; a
/// warning naming the script where it is missing.
fn host_tool(
    tool: &str,
    script: &Path,
    check: &str,
    findings: &mut Vec<Finding>,
) -> Option<(PathBuf, Vec<PathBuf>)> {
    match crate::sandbox::host::find_program(tool) {
        Some(program) => {
            let read_only = outside_system(&program);
            Some((program, read_only))
        }
        None => {
            findings.push(Finding::warning(
                script,
                check,
                format!(
                    "not run: {tool} is not installed (not in PATH), so the files are not \
                     checked against this script"
                ),
            ));
            None
        }
    }
}

/// The validators of `role` of `pkg`, built; what cannot be built or run is a finding.
/// A package without an input validator gets a warning (answer validators are
/// optional).
fn validators(
    pkg: &Package,
    role: Role,
    launcher: &Path,
    findings: &mut Vec<Finding>,
) -> Vec<Validator> {
    let expected = match pkg.version {
        FormatVersion::Legacy => "input_format_validators",
        FormatVersion::Modern => "input_validators",
    };
    let none = |findings: &mut Vec<Finding>, folder: &Path| {
        if role == Role::Input {
            findings.push(Finding::warning(
                folder,
                "input validators",
                "none: the inputs are not validated (a package has at least one input validator)",
            ));
        }
    };
    let Some(folder) = validator_folder(pkg, role) else {
        none(findings, &pkg.dir.join(expected));
        return Vec::new();
    };
    let folder_check = format!("{} validators", role.word());
    let entries = match crate::tree::Tree::new(&pkg.dir).and_then(|t| t.entries(&folder)) {
        Ok(e) => e,
        Err(e) => {
            findings.push(Finding::error(&folder, folder_check, e.to_string()));
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
        let check = format!("{} validator {name}", role.word());
        let runner = match entry.kind {
            crate::tree::Kind::Missing => continue,
            crate::tree::Kind::File if ext == "ctd" => {
                match host_tool("checktestdata", &entry.path, &check, findings) {
                    Some((program, read_only)) => Runner::Checktestdata { program, read_only },
                    None => continue,
                }
            }
            crate::tree::Kind::File if ext == "viva" => {
                match host_tool("viva", &entry.path, &check, findings) {
                    Some((program, read_only)) => Runner::Viva { program, read_only },
                    None => continue,
                }
            }
            crate::tree::Kind::File if COMPANIONS.contains(&ext) => continue,
            crate::tree::Kind::File if !SOURCES.contains(&ext) => {
                findings.push(Finding::warning(
                    &entry.path,
                    check,
                    "not run: not a C, C++, Rust or Python source, a checktestdata script, \
                     a VIVA pattern or a folder",
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
        out.push(Validator {
            role,
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

/// The arguments a group's configuration sets for `validator`, if it sets any: for an
/// input validator `input_validator_args` (2025-09: a list, or a map from validator
/// name to list) or `input_validator_flags` (legacy and 2023-07: a string); for an
/// answer validator `answer_validator_args` likewise.
fn args_in(doc: &Yaml, validator: &Validator) -> Option<Vec<String>> {
    for key in validator.role.arg_keys() {
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

/// What a run must find.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    /// The file is valid: anything else is an error.
    Valid,
    /// The file is one of a validation folder's and must be rejected by at least one of
    /// the runs on it (the target's index in [`Plan::targets`]).
    Rejected(usize),
}

/// One run of the check.
enum Task<'a> {
    /// A validator on a case's file (the `.in`, or the `.ans` with the `.in` beside it).
    Validate {
        file: &'a Path,
        input: &'a Path,
        validator: &'a Validator,
        args: Vec<String>,
        want: Want,
    },
    /// A file through the output validator as the team output of `case`: a case's
    /// answer, or a validation folder's `.ans` or `.out`.
    Output {
        case: &'a crate::judge::config::Case,
        output: &'a Path,
        check: &'static str,
        want: Want,
    },
}

impl Task<'_> {
    fn file(&self) -> &Path {
        match self {
            Task::Validate { file, .. } => file,
            Task::Output { output, .. } => output,
        }
    }

    fn check(&self) -> String {
        match self {
            Task::Validate { validator, .. } => validator.check(),
            Task::Output { check, .. } => check.to_string(),
        }
    }

    fn want(&self) -> Want {
        match self {
            Task::Validate { want, .. } | Task::Output { want, .. } => *want,
        }
    }
}

/// A file of a validation folder that some run must reject.
struct Target<'a> {
    file: &'a Path,
    expect: Expectation,
    /// The checks that ran on it, by name.
    checks: Vec<String>,
}

impl Target<'_> {
    /// The check a finding or a pass of this target is named by.
    fn check(&self) -> &'static str {
        self.expect.folder()
    }
}

/// Every run of the check, and the validation folders' files that must be rejected.
#[derive(Default)]
struct Plan<'a> {
    tasks: Vec<Task<'a>>,
    targets: Vec<Target<'a>>,
}

/// What a validator said.
enum Said {
    Valid,
    Invalid(String),
    Failed(String),
}

/// What a validator wrote (stdout, then stderr), on one line, quoted, at most 300
/// characters. VIVA's own frame lines (`<<< Testing file: … >>>`) are left out.
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
        .filter(|l| !l.is_empty() && !viva_frame(l))
        .collect();
    let line = line.join(" / ");
    let short: String = line.chars().take(300).collect();
    if short.len() < line.len() {
        format!("{short:?}…")
    } else {
        format!("{short:?}")
    }
}

/// Whether `line` is one of the lines VIVA frames its findings with (`<<< Testing
/// file: testcase.in >>>`, `<<< DONE Testing file: … >>>`).
fn viva_frame(line: &str) -> bool {
    line.starts_with("<<< ") && line.ends_with(" >>>")
}

/// What runs for a validator: the program, its first arguments, the folders it reads
/// beyond the system ones, and the files bound into its run.
type Invocation<'a> = (PathBuf, Vec<String>, Vec<PathBuf>, Vec<(&'a Path, &'a str)>);

/// Runs `validator` on `file` (a case's `.in`, or its `.ans` with the `.in` at
/// `input`) with `args`, confined as setter code. A program reads the file on stdin
/// (an answer validator gets the input's path first); a checktestdata script reads it
/// on stdin; a VIVA pattern is given its path.
fn run_validator(
    validator: &Validator,
    file: &Path,
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
    let data_name = match validator.role {
        Role::Input => "testcase.in",
        Role::Answer => "testcase.ans",
    };
    let (program, mut argv, read_only, files): Invocation<'_> = match &validator.runner {
        Runner::Program(p) => {
            let mut argv = vec![p.program.display().to_string()];
            argv.extend(p.prefix.iter().cloned());
            let files = match validator.role {
                Role::Input => Vec::new(),
                Role::Answer => vec![(input, "testcase.in")],
            };
            (p.program.clone(), argv, vec![p.folder.clone()], files)
        }
        Runner::Checktestdata { program, read_only } => (
            program.clone(),
            vec![program.display().to_string()],
            read_only.clone(),
            vec![(validator.source.as_path(), "validator.ctd")],
        ),
        Runner::Viva { program, read_only } => (
            program.clone(),
            vec![program.display().to_string()],
            read_only.clone(),
            vec![
                (validator.source.as_path(), "validator.viva"),
                (file, data_name),
            ],
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
        stdin: absolute(file),
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
    let protocol = match validator.runner {
        Runner::Program(_) => ExitProtocol::Kattis,
        Runner::Checktestdata { .. } | Runner::Viva { .. } => ExitProtocol::Testlib,
    };
    let (valid, invalid) = (
        i32::from(protocol.accepted()),
        i32::from(protocol.rejected()),
    );
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

/// What the output validator said of `output` as the team output of `case`.
/// `what` names the file (`answer`, `output`).
fn run_output_check(
    checker: &dyn OutputChecker,
    case: &crate::judge::config::Case,
    output: &Path,
    what: &str,
) -> Said {
    let (verdict, message) = checker.check(case, output);
    match verdict {
        Verdict::Accepted => Said::Valid,
        Verdict::JudgeError => Said::Failed(format!(
            "the output validator failed on the {what} as team output: {message}"
        )),
        v => Said::Invalid(format!(
            "the output validator rejects the {what} as team output ({v}): {:?}",
            message.lines().next().unwrap_or_default()
        )),
    }
}

/// Adds every validator of `validators` on `file` (with `input` beside it) to `plan`,
/// each with the arguments its nearest group configuration sets.
fn validate_with<'a>(
    plan: &mut Plan<'a>,
    validators: &'a [Validator],
    chain: &[Yaml],
    file: &'a Path,
    input: &'a Path,
    want: Want,
) {
    for v in validators {
        let args = chain
            .iter()
            .find_map(|doc| args_in(doc, v))
            .unwrap_or_default();
        plan.tasks.push(Task::Validate {
            file,
            input,
            validator: v,
            args,
            want,
        });
    }
}

/// The runs of the validation case `v` (`validators`: the input and the answer
/// validators, `chain`: its group configuration): each file checked as the folder says,
/// and the one that must be rejected made a target.
fn plan_validation_case<'a>(
    plan: &mut Plan<'a>,
    v: &'a crate::package::ValidationCase,
    chain: &[Yaml],
    [inputs, answers]: [&'a [Validator]; 2],
    outputs: bool,
    findings: &mut Vec<Finding>,
) {
    let input = &v.case.case.input;
    let missing = |file: PathBuf, why: &str| {
        Finding::error(&file, v.expect.folder(), format!("missing: {why}"))
    };
    let target = |plan: &mut Plan<'a>, file: &'a Path| {
        plan.targets.push(Target {
            file,
            expect: v.expect,
            checks: Vec::new(),
        });
        Want::Rejected(plan.targets.len() - 1)
    };
    if !v.expect.valid_input() {
        let want = target(plan, input);
        validate_with(plan, inputs, chain, input, input, want);
        return;
    }
    validate_with(plan, inputs, chain, input, input, Want::Valid);
    let Some(answer) = &v.case.case.answer else {
        findings.push(missing(
            input.with_extension("ans"),
            "the case's answer, which its output validator and answer validators read",
        ));
        return;
    };
    if v.expect.valid_answer() {
        validate_with(plan, answers, chain, answer, input, Want::Valid);
    } else {
        let want = target(plan, answer);
        validate_with(plan, answers, chain, answer, input, want);
        if outputs {
            plan.tasks.push(Task::Output {
                case: &v.case.case,
                output: answer,
                check: "answer",
                want,
            });
        }
        return;
    }
    if !outputs {
        return;
    }
    let Some(output) = &v.output else {
        findings.push(missing(
            input.with_extension("out"),
            "the team output the case gives its output validator",
        ));
        return;
    };
    let want = match v.expect {
        Expectation::InvalidOutput => target(plan, output),
        _ => Want::Valid,
    };
    plan.tasks.push(Task::Output {
        case: &v.case.case,
        output,
        check: "output",
        want,
    });
}

/// Every run of the check of `pkg`: the validators on the cases' files, the answers
/// through the output validator (`outputs`: false for an interactive or multi-pass
/// problem), and the validation folders' cases with what they must show. What cannot
/// be planned (a broken group configuration, a validation case without the file it
/// needs) is a finding.
fn plan<'a>(
    pkg: &'a Package,
    inputs: &'a [Validator],
    answers: &'a [Validator],
    outputs: bool,
    findings: &mut Vec<Finding>,
) -> Plan<'a> {
    let mut configs = Configs::default();
    let mut plan = Plan::default();
    let mut chain_of = |input: &Path, findings: &mut Vec<Finding>| match configs.chain(pkg, input) {
        Ok(c) => Some(c),
        Err(f) => {
            if !findings.contains(&f) {
                findings.push(f);
            }
            None
        }
    };
    for c in &pkg.cases {
        let Some(chain) = chain_of(&c.case.input, findings) else {
            continue;
        };
        validate_with(
            &mut plan,
            inputs,
            &chain,
            &c.case.input,
            &c.case.input,
            Want::Valid,
        );
        if let Some(answer) = &c.case.answer {
            validate_with(
                &mut plan,
                answers,
                &chain,
                answer,
                &c.case.input,
                Want::Valid,
            );
        }
    }
    if outputs {
        for c in pkg.cases.iter().filter(|c| c.case.answer.is_some()) {
            if let Some(answer) = &c.case.answer {
                plan.tasks.push(Task::Output {
                    case: &c.case,
                    output: answer,
                    check: "answer",
                    want: Want::Valid,
                });
            }
        }
    }
    let validators = [inputs, answers];
    for v in &pkg.validation_cases {
        if let Some(chain) = chain_of(&v.case.case.input, findings) {
            plan_validation_case(&mut plan, v, &chain, validators, outputs, findings);
        }
    }
    plan
}

/// Checks the data of `pkg` (see the module documentation): its validators built
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
    let inputs = validators(pkg, Role::Input, launcher, &mut report.findings);
    let answers = validators(pkg, Role::Answer, launcher, &mut report.findings);
    report.validators = inputs.len() + answers.len();
    let outputs = !pkg.interactive && pkg.passes.is_none();
    if !outputs {
        let kind = if pkg.interactive {
            "an interactive"
        } else {
            "a multi-pass"
        };
        report.skipped.push(format!(
            "{}: answers not validated by the output validator: in {kind} problem the \
             output validator talks to the program, and an answer is not team output",
            pkg.dir.display()
        ));
    }
    let mut plan = plan(pkg, &inputs, &answers, outputs, &mut report.findings);
    report.runs = plan.tasks.len();
    let said = run_tasks(&plan, checker, launcher, jobs);
    let rejected = record(&mut report, &mut plan, said);
    let interrupted = crate::sandbox::interrupt::signal().is_some();
    judge_targets(&mut report, &plan, &rejected, interrupted);
    if interrupted {
        report
            .skipped
            .push("the data check was interrupted: not every case was checked".into());
    }
    report
}

/// Runs every task of `plan`, `jobs` at a time, until a signal stops the run: what each
/// said, in the plan's order.
fn run_tasks(
    plan: &Plan<'_>,
    checker: &dyn OutputChecker,
    launcher: &Path,
    jobs: usize,
) -> Vec<(usize, Said)> {
    let next = AtomicUsize::new(0);
    let said: Mutex<Vec<(usize, Said)>> = Mutex::new(Vec::new());
    let worker = || loop {
        if crate::sandbox::interrupt::signal().is_some() {
            break;
        }
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(task) = plan.tasks.get(i) else { break };
        let s = match task {
            Task::Validate {
                file,
                input,
                validator,
                args,
                ..
            } => run_validator(validator, file, input, args, launcher),
            Task::Output {
                case,
                output,
                check,
                ..
            } => run_output_check(checker, case, output, check),
        };
        if let Ok(mut all) = said.lock() {
            all.push((i, s));
        }
    };
    let workers = jobs.clamp(1, plan.tasks.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(worker);
        }
    });
    let mut said = said.into_inner().unwrap_or_else(|e| e.into_inner());
    said.sort_by_key(|(i, _)| *i);
    said
}

/// Records what each task said against what it wanted: a check passed, a finding, or
/// (for a validation case that must be rejected) the check that ran on its target.
/// Whether each target was rejected by some check.
fn record(report: &mut DataReport, plan: &mut Plan<'_>, said: Vec<(usize, Said)>) -> Vec<bool> {
    let mut rejected = vec![false; plan.targets.len()];
    for (i, s) in said {
        let Some(task) = plan.tasks.get(i) else {
            continue;
        };
        match (task.want(), s) {
            (Want::Valid, Said::Valid) => report.passed.push(Passed {
                file: task.file().to_path_buf(),
                check: task.check(),
            }),
            (_, Said::Failed(m)) | (Want::Valid, Said::Invalid(m)) => report
                .findings
                .push(Finding::error(task.file(), task.check(), m)),
            (Want::Rejected(t), Said::Invalid(_)) => rejected[t] = true,
            (Want::Rejected(_), Said::Valid) => {}
        }
        if let Want::Rejected(t) = task.want() {
            if let Some(target) = plan.targets.get_mut(t) {
                target.checks.push(task.check());
            }
        }
    }
    rejected
}

/// A validation case that must be rejected: passed when a check rejected it, an error
/// when every check that ran accepted it, a warning when none ran (unless a signal cut
/// the run short).
fn judge_targets(report: &mut DataReport, plan: &Plan<'_>, rejected: &[bool], interrupted: bool) {
    for (target, &rejected) in plan.targets.iter().zip(rejected) {
        if rejected {
            report.passed.push(Passed {
                file: target.file.to_path_buf(),
                check: target.check().into(),
            });
        } else if target.checks.is_empty() && !interrupted {
            report.findings.push(Finding::warning(
                target.file,
                target.check(),
                format!(
                    "not checked: no {} validator ran on it",
                    match target.expect {
                        Expectation::InvalidInput => "input",
                        Expectation::InvalidAnswer => "answer or output",
                        _ => "output",
                    }
                ),
            ));
        } else if !target.checks.is_empty() {
            report.findings.push(Finding::error(
                target.file,
                target.check(),
                format!(
                    "accepted by every check that ran on it ({}): a case of {} must be rejected",
                    target.checks.join(", "),
                    target.expect.folder()
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validator(file: &str) -> Validator {
        let source = PathBuf::from("/pkg/input_validators").join(file);
        Validator {
            role: Role::Input,
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
