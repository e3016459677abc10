//! A gridjudge problem as a Kattis / ICPC problem package that problemtools, BAPCtools,
//! DOMjudge and Kattis read (`gridjudge export PROBLEM --kattis DIR [--format-version V]
//! [--zip]`), in one of three versions of the format ([`ExportFormat`]).
//!
//! What a legacy package holds:
//!
//! - `problem.yaml` (written by a YAML emitter, so any title or owner is quoted as YAML
//!   needs): name, source, uuid, license, rights owner, `validation: custom`, memory and
//!   output limits; the time limit in `.timelimit` (DOMjudge reads it; problemtools
//!   derives its own from the accepted submissions, as for any legacy package);
//! - `problem_statement/problem.en.tex`: the formats, limits and the sample, from
//!   `docs/problems.md`'s rules;
//! - `data/sample`, `data/secret`: the judge cases (`data/stress` stays out);
//! - `input_validators/gridjudge/` and `output_validators/gridjudge/`: `build` and `run`
//!   scripts around a copy of the gridjudge binary doing the export (`validate --kattis`
//!   and `check --kattis`), so a judgehost without gridjudge installed validates and
//!   checks with exactly gridjudge's rules (x86-64 Linux with glibc, like the machine
//!   that exported it);
//! - `submissions/{accepted,wrong_answer,time_limit_exceeded,run_time_error}`: the
//!   problem's example submissions in every language gridjudge compiles (files and
//!   folders), each verdict folder in the format's folder for it ([`FOLDERS`]:
//!   presentation errors with the wrong answers), without the hostile ones written to
//!   probe gridjudge's own sandbox (fork bombs, stray children, answer thieves,
//!   descriptor probes, CPU hidden in children, IPC caches, memory held outside the
//!   heap), which another judge need not survive the same way, and without the folders
//!   the format has no place for ([`NO_FOLDER`]: compile errors, memory and output
//!   limits); [`Exported::left_out`] names each one left out and why.
//!
//! The `2023-07` package (`problem_format_version: 2023-07-draft`, the version
//! problemtools checks) and the `2025-09` package differ from it in:
//!
//! - `problem.yaml`: `problem_format_version`, `type: pass-fail`, `name` as a map by
//!   language (`en`), `uuid`, `source`, `license`, `rights_owner` (none for `public
//!   domain`, which has no owner), and `limits: {time_limit, memory, output}` (with
//!   `time_resolution` equal to the time limit when it is not whole seconds, as the time
//!   limit must be a multiple of it); no `validation` key (an output validator is
//!   custom by being there) and no `.timelimit`;
//! - the statement in `statement/problem.en.tex`;
//! - the output validator in `output_validator/`: a folder of programs holding
//!   `gridjudge/` in `2023-07` (as problemtools reads it), the program itself (`build`,
//!   `run` and the binary) in `2025-09` (as the 2025-09 specification and BAPCtools
//!   read it);
//! - no `submissions.yaml`: the exported folders (`accepted`, `wrong_answer`,
//!   `time_limit_exceeded`, `run_time_error`) are the format's default directories with
//!   the default expectations;
//! - in `2025-09` only, `test_group.yaml` in `data/sample`, `data/secret` and
//!   `data/valid_output` saying that the output validator is exact about whitespace and
//!   case (see [`write_whitespace_rule`]); `2023-07` needs no `testdata.yaml`.
//!
//! The package is written into a temporary folder beside the destination and renamed
//! into place at the end: a failed export leaves nothing behind, and a retry finds the
//! destination as it was.

use crate::judge::problem::JudgeProblem;
use crate::Problem;
use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use yaml_rust2::yaml::Hash;
use yaml_rust2::{Yaml, YamlEmitter};

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// A file of the problem could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The path.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
    /// A file of the package could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The path.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
    /// The problem or the destination cannot make a package (no `.ans`, a destination
    /// that is not empty, a problem with a checker of its own).
    #[error("{0}")]
    Unusable(String),
}

/// The version of the problem package format an export is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ExportFormat {
    /// The legacy format (no `problem_format_version`), which problemtools, DOMjudge and
    /// Kattis all read.
    #[default]
    Legacy,
    /// `2023-07-draft`, the draft that problemtools' `verifyproblem` checks.
    V2023_07,
    /// `2025-09`, the current version, which BAPCtools checks.
    V2025_09,
}

impl ExportFormat {
    /// Every version, oldest first.
    pub const ALL: [ExportFormat; 3] = [
        ExportFormat::Legacy,
        ExportFormat::V2023_07,
        ExportFormat::V2025_09,
    ];

    /// The name `--format-version` takes.
    pub fn name(self) -> &'static str {
        match self {
            ExportFormat::Legacy => "legacy",
            ExportFormat::V2023_07 => "2023-07",
            ExportFormat::V2025_09 => "2025-09",
        }
    }

    /// `problem_format_version` in `problem.yaml` (none in the legacy format).
    pub fn problem_format_version(self) -> Option<&'static str> {
        match self {
            ExportFormat::Legacy => None,
            ExportFormat::V2023_07 => Some("2023-07-draft"),
            ExportFormat::V2025_09 => Some("2025-09"),
        }
    }

    /// The statement folder.
    pub(crate) fn statement_dir(self) -> &'static str {
        match self {
            ExportFormat::Legacy => "problem_statement",
            ExportFormat::V2023_07 | ExportFormat::V2025_09 => "statement",
        }
    }

    /// The folder of the output validator program (its `build`, `run` and binary).
    pub(crate) fn output_validator_dir(self) -> &'static str {
        match self {
            ExportFormat::Legacy => "output_validators/gridjudge",
            ExportFormat::V2023_07 => "output_validator/gridjudge",
            ExportFormat::V2025_09 => "output_validator",
        }
    }
}

impl std::fmt::Display for ExportFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ExportFormat {
    type Err = String;

    /// `legacy`, `2023-07` (or `2023-07-draft`) or `2025-09`.
    fn from_str(s: &str) -> Result<ExportFormat, String> {
        match s {
            "legacy" => Ok(ExportFormat::Legacy),
            "2023-07" | "2023-07-draft" => Ok(ExportFormat::V2023_07),
            "2025-09" => Ok(ExportFormat::V2025_09),
            _ => Err(format!(
                "{s:?}: the format versions are legacy, 2023-07 and 2025-09"
            )),
        }
    }
}

/// What the package says about itself beyond the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportOptions {
    /// The version of the package format.
    pub format: ExportFormat,
    /// `license` (problemtools' values: unknown, public domain, cc0, cc by, cc by-sa,
    /// educational, permission).
    pub license: String,
    /// `rights_owner`; `None` leaves it out, and the format then takes the `source`
    /// as the owner.
    pub rights_owner: Option<String>,
    /// `uuid`; `None` derives it from the problem's identity ([`problem_uuid`]).
    pub uuid: Option<String>,
    /// The gridjudge binary copied into the validators.
    pub binary: PathBuf,
    /// Also write `DIR.zip`, the archive DOMjudge imports.
    pub zip: bool,
}

/// What [`export`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    /// The cases.
    pub cases: usize,
    /// The example submissions.
    pub submissions: usize,
    /// The example submissions left out, each with its reason.
    pub left_out: Vec<LeftOut>,
    /// The zip archive, when asked for.
    pub zip: Option<PathBuf>,
}

/// Example submissions not exported: they probe gridjudge's own sandbox.
pub const HOSTILE: &[&str] = &[
    "fork_bomb",
    "stray_child",
    "setsid_daemon",
    "steal_answers",
    "no_inherited_fds",
    "stdin_forever",
    "sleep_forever",
    "closed_stdout",
    "cpu_in_unreaped_children",
    "ipc_answer_cache",
    "answer_via_input_path",
    "socket_buffers",
    "workdir_files_and_memfd",
    "compile_time_env",
    "host_paths_via_proc",
    "cpu_in_clone_parent_siblings",
];

/// Where each of gridjudge's verdict folders goes in a package: the format's default
/// folder whose expectation the submission meets on a Kattis-style judge. A
/// presentation error is a wrong answer there (every exported output validator is exact
/// about whitespace, as gridjudge's checkers are).
const FOLDERS: &[(&str, &str)] = &[
    ("accepted", "accepted"),
    ("wrong_answer", "wrong_answer"),
    ("presentation_error", "wrong_answer"),
    ("time_limit_exceeded", "time_limit_exceeded"),
    ("run_time_error", "run_time_error"),
];

/// The verdict folders the format has no place for, and why.
///
/// A program over the memory or output limit gets, from another judge, whatever that
/// judge's way of enforcing the limit makes of it: problemtools' `verifyproblem` gives
/// poj3074's five such examples RTE (a 1 GiB allocation), TLE (an endless output, and a
/// child killed for memory while its parent spins) and WA (an output cut by
/// `fallocate`), so no folder of the format states their verdict.
const NO_FOLDER: &[(&str, &str)] = &[
    (
        "compile_error",
        "the format has no folder for programs that do not compile",
    ),
    (
        "memory_limit_exceeded",
        "the format has no folder for a program over the memory limit, and what another judge gives it depends on how that judge enforces the limit",
    ),
    (
        "output_limit_exceeded",
        "the format has no folder for a program over the output limit, and what another judge gives it depends on how that judge enforces the limit (problemtools: TLE or WA)",
    ),
];

/// An example submission [`export`] did not put in the package, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    /// Its path under the problem folder (`submissions/compile_error/x.c`).
    pub path: PathBuf,
    /// Why, in a few words.
    pub reason: String,
}

fn write_error(path: &Path) -> impl Fn(std::io::Error) -> ExportError + '_ {
    move |source| ExportError::Write {
        path: path.to_path_buf(),
        source,
    }
}

fn write(path: &Path, text: &[u8], executable: bool) -> Result<(), ExportError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(write_error(parent))?;
    }
    std::fs::write(path, text).map_err(write_error(path))?;
    if executable {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
            .map_err(write_error(path))?;
    }
    Ok(())
}

/// Reads a file of the problem folder as [`crate::tree`] does: a regular file, never a
/// FIFO or a device.
fn read_problem_file(from: &Path) -> Result<Vec<u8>, ExportError> {
    crate::tree::read_file(from).map_err(|e| match e {
        crate::tree::TreeError::Io { path, source } => ExportError::Read { path, source },
        other => ExportError::Read {
            path: from.to_path_buf(),
            source: std::io::Error::other(other.to_string()),
        },
    })
}

fn copy(from: &Path, to: &Path) -> Result<(), ExportError> {
    let bytes = read_problem_file(from)?;
    write(to, &bytes, false)
}

/// The namespace of gridjudge's name-based UUIDs: itself the version-5 UUID of
/// `gridjudge` in RFC 9562's URL namespace, so that no other tool's names collide.
fn namespace() -> uuid::Uuid {
    uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, b"gridjudge")
}

/// A stable name-based UUID for `name` (the same on every export and machine): the
/// version-5 UUID of `gridjudge:NAME` in gridjudge's namespace.
#[cfg(test)]
fn uuid_for(name: &str) -> String {
    uuid_of_bytes(format!("gridjudge:{name}").as_bytes())
}

/// The UUID of a problem: derived from its identity, that is its folder name, title,
/// format and every case's input and answer, so that two different problems never share
/// one (a setter's own problem in poj2676's format is not the bundled poj2676), while
/// the same problem exported again, anywhere, gets the same one.
pub fn problem_uuid(problem: &JudgeProblem, id: Problem) -> Result<String, ExportError> {
    let mut identity = Vec::new();
    for part in [id.id(), problem.name.as_str(), problem.title.as_str()] {
        identity.extend_from_slice(part.as_bytes());
        identity.push(0);
    }
    for case in &problem.cases {
        identity.extend_from_slice(case.id().as_bytes());
        identity.push(0);
        for file in std::iter::once(&case.input).chain(&case.answer) {
            let bytes = read_problem_file(file)?;
            identity.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
            identity.extend_from_slice(&bytes);
        }
    }
    Ok(uuid_of_bytes(&identity))
}

/// The version-5 (SHA-1, name-based) UUID of `bytes` in gridjudge's namespace, written
/// as 8-4-4-4-12 lowercase hexadecimal digits.
fn uuid_of_bytes(bytes: &[u8]) -> String {
    uuid::Uuid::new_v5(&namespace(), bytes)
        .hyphenated()
        .to_string()
}

/// TeX-escapes plain text.
fn tex(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\\' => "\\textbackslash{}".to_string(),
            '_' | '%' | '&' | '#' | '$' | '{' | '}' => format!("\\{c}"),
            '~' => "\\textasciitilde{}".to_string(),
            '^' => "\\textasciicircum{}".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// `problem.yaml`'s text, in `options.format`'s version.
pub fn problem_yaml(problem: &JudgeProblem, uuid: &str, options: &ExportOptions) -> String {
    let s = |t: &str| Yaml::String(t.to_string());
    let format = options.format;
    let mut limits = Hash::new();
    if format != ExportFormat::Legacy {
        let seconds = problem.limits.time.as_secs_f64();
        let time = if seconds.fract() == 0.0 {
            Yaml::Integer(seconds as i64)
        } else {
            // The time limit must be a multiple of the resolution (default 1 s).
            let real = Yaml::Real(seconds.to_string());
            limits.insert(s("time_resolution"), real.clone());
            real
        };
        limits.insert(s("time_limit"), time);
    }
    limits.insert(
        s("memory"),
        Yaml::Integer(problem.limits.memory_mib().ceil() as i64),
    );
    limits.insert(
        s("output"),
        Yaml::Integer(problem.limits.output_mib().ceil() as i64),
    );
    let mut doc = Hash::new();
    if let Some(version) = format.problem_format_version() {
        doc.insert(s("problem_format_version"), s(version));
        doc.insert(s("type"), s("pass-fail"));
        let mut name = Hash::new();
        name.insert(s("en"), s(&problem.title));
        doc.insert(s("name"), Yaml::Hash(name));
    } else {
        doc.insert(s("name"), s(&problem.title));
    }
    doc.insert(s("uuid"), s(uuid));
    doc.insert(
        s("source"),
        s(&format!("{} (exported by gridjudge)", problem.source)),
    );
    doc.insert(s("license"), s(&options.license));
    // A public-domain problem has no rights owner, and the current format forbids one.
    if let Some(owner) = &options.rights_owner {
        if format == ExportFormat::Legacy || options.license != "public domain" {
            doc.insert(s("rights_owner"), s(owner));
        }
    }
    if format == ExportFormat::Legacy {
        doc.insert(s("validation"), s("custom"));
    }
    doc.insert(s("limits"), Yaml::Hash(limits));
    let mut out = String::new();
    // Emitting into a String cannot fail but for a `fmt::Error` of the String itself.
    if YamlEmitter::new(&mut out).dump(&Yaml::Hash(doc)).is_err() {
        out.clear();
    }
    out.push('\n');
    out
}

/// Writes `problem` as a package into `out` (which must not exist, or be empty).
pub fn export(
    problem: &JudgeProblem,
    out: &Path,
    options: &ExportOptions,
) -> Result<Exported, ExportError> {
    if let Some(u) = &options.uuid {
        // The form problem.yaml holds: 8-4-4-4-12 hexadecimal digits, nothing around them
        // (the uuid crate also reads braced, `urn:uuid:` and unhyphenated forms).
        if u.len() != 36 || uuid::Uuid::try_parse(u).is_err() {
            return Err(ExportError::Unusable(format!(
                "--uuid {u}: not a UUID (8-4-4-4-12 hexadecimal digits)"
            )));
        }
    }
    let id = problem.gridjudge_problem().ok_or_else(|| {
        ExportError::Unusable(format!(
            "{}: only a gridjudge problem (with a built-in checker) exports",
            problem.dir.display()
        ))
    })?;
    if out.exists()
        && std::fs::read_dir(out)
            .map(|mut d| d.next().is_some())
            .unwrap_or(true)
    {
        return Err(ExportError::Unusable(format!(
            "{} exists and is not empty",
            out.display()
        )));
    }
    for case in &problem.cases {
        if case.answer.is_none() {
            return Err(ExportError::Unusable(format!(
                "{} has no .ans: a package needs one per case",
                case.input.display()
            )));
        }
    }
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).map_err(write_error(&parent))?;
    let staging = tempfile::Builder::new()
        .prefix(".gridjudge-export-")
        .tempdir_in(&parent)
        .map_err(write_error(&parent))?;
    let (submissions, left_out) = write_package(problem, id, staging.path(), options)?;
    std::fs::set_permissions(staging.path(), std::fs::Permissions::from_mode(0o755))
        .map_err(write_error(staging.path()))?;
    if out.exists() {
        // Empty (checked above): the renamed folder takes its place.
        std::fs::remove_dir(out).map_err(write_error(out))?;
    }
    let staged = staging.keep();
    if let Err(source) = std::fs::rename(&staged, out) {
        let _ = std::fs::remove_dir_all(&staged);
        return Err(ExportError::Write {
            path: out.to_path_buf(),
            source,
        });
    }
    let zip = if options.zip {
        let zip_path = out.with_extension("zip");
        zip_folder(out, &zip_path)?;
        Some(zip_path)
    } else {
        None
    };
    Ok(Exported {
        cases: problem.cases.len(),
        submissions,
        left_out,
        zip,
    })
}

/// Every file of the package under `out`; returns how many submissions were copied and
/// the ones left out.
fn write_package(
    problem: &JudgeProblem,
    id: Problem,
    out: &Path,
    options: &ExportOptions,
) -> Result<(usize, Vec<LeftOut>), ExportError> {
    let limits = &problem.limits;
    let uuid = match &options.uuid {
        Some(u) => u.clone(),
        None => problem_uuid(problem, id)?,
    };
    write(
        &out.join("problem.yaml"),
        problem_yaml(problem, &uuid, options).as_bytes(),
        false,
    )?;
    let time_seconds = limits.time.as_secs_f64();
    let format = options.format;
    if format == ExportFormat::Legacy {
        write(
            &out.join(".timelimit"),
            format!("{time_seconds}\n").as_bytes(),
            false,
        )?;
    }
    // The statement, with the sample.
    let mut tex_doc = format!(
        "\\problemname{{{}}}\n\n{}\n\nTime limit: {} s. Memory limit: {} MiB.\n",
        tex(&problem.title),
        tex(id.def().statement),
        time_seconds,
        limits.memory_mib()
    );
    tex_doc.push_str("\nThe sample is in data/sample.\n");
    write(
        &out.join(format.statement_dir()).join("problem.en.tex"),
        tex_doc.as_bytes(),
        false,
    )?;
    // Data.
    for case in &problem.cases {
        let rel = format!("data/{}/{}", case.group.name(), case.name);
        copy(&case.input, &out.join(format!("{rel}.in")))?;
        if let Some(a) = &case.answer {
            copy(a, &out.join(format!("{rel}.ans")))?;
        }
    }
    if format == ExportFormat::V2025_09 {
        write_whitespace_rule(problem, out)?;
    }
    // Validators: the gridjudge binary, wrapped.
    for (folder, command) in [
        (
            "input_validators/gridjudge",
            format!("validate --kattis {id}"),
        ),
        (
            format.output_validator_dir(),
            format!("check --kattis {id}"),
        ),
    ] {
        let base = out.join(folder);
        let bin = base.join("gridjudge");
        std::fs::create_dir_all(&base).map_err(write_error(&base))?;
        std::fs::copy(&options.binary, &bin).map_err(|source| ExportError::Read {
            path: options.binary.clone(),
            source,
        })?;
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755))
            .map_err(write_error(&bin))?;
        write(&base.join("build"), b"#!/bin/sh\n# gridjudge is prebuilt (x86-64 Linux, glibc): nothing to build.\nchmod +x gridjudge run\n", true)?;
        let run = format!("#!/bin/sh\nexec \"$(dirname \"$0\")/gridjudge\" {command} \"$@\"\n");
        write(&base.join("run"), run.as_bytes(), true)?;
    }
    write_submissions(problem, out)
}

/// Copies the example submissions into `out/submissions/`, each verdict folder to the
/// format's folder ([`FOLDERS`]), a source file or a folder submission of any language
/// gridjudge compiles (every one of them is a Kattis language); returns how many it
/// copied and the ones it left out: the folders the format has no place for
/// ([`NO_FOLDER`]), the hostile examples ([`HOSTILE`]), what is no language's source,
/// and a name another verdict folder's submission already took in the same folder.
/// Notes and placeholders ([`is_ignored`](crate::judge::language::is_ignored)) are not
/// submissions and are neither copied nor listed.
fn write_submissions(
    problem: &JudgeProblem,
    out: &Path,
) -> Result<(usize, Vec<LeftOut>), ExportError> {
    use crate::judge::language::{self, Language};
    let root = problem.dir.join("submissions");
    let mut left_out = Vec::new();
    let mut exported = 0;
    let Ok(entries) = std::fs::read_dir(&root) else {
        return Ok((0, left_out));
    };
    let mut folders: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    // A folder of the format's own first (`wrong_answer` before `presentation_error`):
    // where two names meet, the one already in its own folder keeps it.
    let rank = |p: &PathBuf| {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
        let own = FOLDERS
            .iter()
            .position(|(from, to)| Some(*from) == name.as_deref() && from == to);
        (own.is_none(), p.clone())
    };
    folders.sort_by_key(rank);
    let mut taken = std::collections::HashSet::new();
    for folder in folders {
        let Some(name) = folder.file_name().map(|n| n.to_string_lossy().into_owned()) else {
            continue;
        };
        if !folder.is_dir() || language::is_ignored(&folder) {
            continue;
        }
        let rel = |p: &Path| Path::new("submissions").join(p.strip_prefix(&root).unwrap_or(p));
        let Some(&(_, to)) = FOLDERS.iter().find(|(from, _)| *from == name) else {
            let reason = match NO_FOLDER.iter().find(|(from, _)| *from == name) {
                Some((_, why)) => why.to_string(),
                None => format!("the format has no folder for `{name}`"),
            };
            left_out.push(LeftOut {
                path: rel(&folder),
                reason,
            });
            continue;
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
            .map_err(|source| ExportError::Read {
                path: folder.clone(),
                source,
            })?
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for f in files {
            if language::is_ignored(&f) {
                continue;
            }
            let stem = f
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let file_name = f.file_name().unwrap_or_default().to_os_string();
            let sources = if f.is_dir() {
                folder_files(&f)?
            } else {
                vec![f.clone()]
            };
            let known = if f.is_dir() {
                language::detect(&sources).is_some()
            } else {
                Language::from_path(&f).is_some()
            };
            let reason = if HOSTILE.contains(&stem.as_str()) {
                Some("probes gridjudge's own sandbox, which another judge need not survive the same way".to_string())
            } else if !known {
                Some("not a source of a language gridjudge compiles".to_string())
            } else if !taken.insert((to, file_name.clone())) {
                Some(format!(
                    "`submissions/{to}/` already holds a submission named {}",
                    file_name.to_string_lossy()
                ))
            } else {
                None
            };
            if let Some(reason) = reason {
                left_out.push(LeftOut {
                    path: rel(&f),
                    reason,
                });
                continue;
            }
            let dest = out.join("submissions").join(to).join(&file_name);
            for source in &sources {
                let inner = source.strip_prefix(&f).unwrap_or(Path::new(""));
                let target = if inner.as_os_str().is_empty() {
                    dest.clone()
                } else {
                    dest.join(inner)
                };
                copy(source, &target)?;
            }
            exported += 1;
        }
    }
    Ok((exported, left_out))
}

/// The files of a folder submission, its subfolders' included, in order.
fn folder_files(dir: &Path) -> Result<Vec<PathBuf>, ExportError> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let entries = std::fs::read_dir(&d).map_err(|source| ExportError::Read {
            path: d.clone(),
            source,
        })?;
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// 2025-09's declaration that the output validator is exact about whitespace and case, as
/// every gridjudge checker is (a presentation error is a wrong answer):
/// `output_validator_args: [space_change_sensitive, case_sensitive]` in the `test_group.yaml` of `data/sample`, `data/secret` and
/// `data/valid_output`, which holds one valid output (the first case's answer), so that
/// BAPCtools' generic checks of the output validator do not expect it to forgive
/// whitespace or case. The validator takes the arguments and ignores them.
fn write_whitespace_rule(problem: &JudgeProblem, out: &Path) -> Result<(), ExportError> {
    let rule = b"output_validator_args: [space_change_sensitive, case_sensitive]\n";
    let mut groups: Vec<&str> = problem.cases.iter().map(|c| c.group.name()).collect();
    groups.sort_unstable();
    groups.dedup();
    for group in groups {
        write(
            &out.join(format!("data/{group}/test_group.yaml")),
            rule,
            false,
        )?;
    }
    if let Some(case) = problem.cases.first() {
        let valid = out.join("data/valid_output");
        write(&valid.join("test_group.yaml"), rule, false)?;
        copy(&case.input, &valid.join("answer.in"))?;
        if let Some(answer) = &case.answer {
            copy(answer, &valid.join("answer.ans"))?;
            copy(answer, &valid.join("answer.out"))?;
        }
    }
    Ok(())
}

/// Writes every file under `dir` into the zip archive `to` (paths relative to `dir`,
/// modes kept, so the scripts stay executable).
fn zip_folder(dir: &Path, to: &Path) -> Result<(), ExportError> {
    // The archive never follows a link planted where it goes.
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(to)
        .map_err(write_error(to))?;
    let mut zip = zip::ZipWriter::new(file);
    let mut stack = vec![dir.to_path_buf()];
    let mut files = Vec::new();
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d)
            .map_err(|source| ExportError::Read {
                path: d.clone(),
                source,
            })?
            .flatten()
        {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    for p in files {
        let rel = p
            .strip_prefix(dir)
            .unwrap_or(&p)
            .to_string_lossy()
            .into_owned();
        let mode = std::fs::metadata(&p)
            .map(|m| m.permissions().mode())
            .unwrap_or(0o644);
        let opts = zip::write::SimpleFileOptions::default().unix_permissions(mode);
        zip.start_file(rel, opts).map_err(|e| zip_error(to, e))?;
        let bytes = std::fs::read(&p).map_err(|source| ExportError::Read {
            path: p.clone(),
            source,
        })?;
        zip.write_all(&bytes).map_err(write_error(to))?;
    }
    zip.finish().map_err(|e| zip_error(to, e))?;
    Ok(())
}

/// A zip writer's failure as a write failure of the archive.
fn zip_error(to: &Path, e: zip::result::ZipError) -> ExportError {
    ExportError::Write {
        path: to.to_path_buf(),
        source: std::io::Error::other(e),
    }
}

/// An export that cannot read the problem is 66, one that cannot write the package 74,
/// one refused (no answer, a destination in use) 64.
impl From<ExportError> for crate::error::Failure {
    fn from(e: ExportError) -> crate::error::Failure {
        let code = match e {
            ExportError::Read { .. } => crate::exit::NO_INPUT,
            ExportError::Write { .. } => crate::exit::IO_ERROR,
            _ => crate::exit::USAGE,
        };
        crate::error::Failure::new(code, e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::config::{Case, Group};
    use crate::judge::problem::{Checker, ProblemLimits};
    use crate::sandbox::limits::MIB;
    use std::time::Duration;

    const UUID: &str = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

    fn problem(dir: &Path) -> JudgeProblem {
        let input = dir.join("1.in");
        let answer = dir.join("1.ans");
        std::fs::write(&input, "x\n").expect("write");
        std::fs::write(&answer, "y\n").expect("write");
        JudgeProblem {
            dir: dir.to_path_buf(),
            name: "mine".into(),
            title: "Title: \"quoted\"".into(),
            source: "Somewhere".into(),
            limits: ProblemLimits::new(Duration::from_millis(1500), 48 * MIB),
            cases: vec![Case {
                group: Group::Secret,
                name: "1".into(),
                input,
                answer: Some(answer),
            }],
            checker: Checker::Builtin(Problem::Poj3074),
            source_substitutions: Vec::new(),
            scoring: None,
        }
    }

    fn options() -> ExportOptions {
        ExportOptions {
            format: ExportFormat::Legacy,
            license: "cc0".into(),
            rights_owner: Some("Ada".into()),
            uuid: None,
            binary: PathBuf::from("/bin/true"),
            zip: false,
        }
    }

    #[test]
    fn a_problem_uuid_follows_its_identity() {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = problem(dir.path());
        let a = problem_uuid(&p, Problem::Poj3074).expect("reads");
        assert_eq!(
            a,
            problem_uuid(&p, Problem::Poj3074).expect("reads"),
            "stable"
        );
        assert_ne!(
            a,
            problem_uuid(&p, Problem::Poj2676).expect("reads"),
            "another format"
        );
        let mut renamed = p.clone();
        renamed.title = "Another".into();
        assert_ne!(a, problem_uuid(&renamed, Problem::Poj3074).expect("reads"));
        std::fs::write(&p.cases[0].input, "other data\n").expect("write");
        assert_ne!(
            a,
            problem_uuid(&p, Problem::Poj3074).expect("reads"),
            "other data"
        );
        assert_eq!(a.len(), 36);
    }

    #[test]
    fn uuids_are_stable_version_5_and_differ_by_problem() {
        let a = uuid_for("poj3074");
        assert_eq!(a, uuid_for("poj3074"));
        assert_ne!(a, uuid_for("poj2676"));
        let parts: Vec<&str> = a.split('-').collect();
        assert_eq!(
            parts.iter().map(|p| p.len()).collect::<Vec<_>>(),
            [8, 4, 4, 4, 12]
        );
        assert!(parts[2].starts_with('5'), "{a}");
        assert!("89ab".contains(&parts[3][..1]), "{a}");
        // RFC 9562's version 5, as Python computes it:
        // ns = uuid.uuid5(uuid.NAMESPACE_URL, "gridjudge"); uuid.uuid5(ns, "gridjudge:poj3074")
        assert_eq!(
            namespace().to_string(),
            "08d22d12-be45-58da-97af-50c354b1e49f"
        );
        assert_eq!(a, "e2113ced-ad1a-56a9-9210-b8efc596be0f");
    }

    #[test]
    fn problem_yaml_is_yaml_whatever_the_text() {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = problem(dir.path());
        let text = problem_yaml(&p, UUID, &options());
        let doc = &yaml_rust2::YamlLoader::load_from_str(&text).expect("parses")[0];
        assert_eq!(doc["name"].as_str(), Some("Title: \"quoted\""));
        assert_eq!(
            doc["source"].as_str(),
            Some("Somewhere (exported by gridjudge)")
        );
        assert_eq!(doc["license"].as_str(), Some("cc0"));
        assert_eq!(doc["limits"]["memory"].as_i64(), Some(48));
        assert_eq!(doc["limits"]["output"].as_i64(), Some(64));
    }

    #[test]
    fn each_format_version_writes_its_own_problem_yaml_keys() {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = problem(dir.path());
        for format in ExportFormat::ALL {
            let opts = ExportOptions {
                format,
                ..options()
            };
            let text = problem_yaml(&p, UUID, &opts);
            let doc = &yaml_rust2::YamlLoader::load_from_str(&text).expect("parses")[0];
            let keys: Vec<&str> = doc
                .as_hash()
                .expect("a map")
                .keys()
                .filter_map(|k| k.as_str())
                .collect();
            let limits = &doc["limits"];
            if format == ExportFormat::Legacy {
                assert_eq!(
                    keys,
                    [
                        "name",
                        "uuid",
                        "source",
                        "license",
                        "rights_owner",
                        "validation",
                        "limits"
                    ]
                );
                assert_eq!(doc["name"].as_str(), Some("Title: \"quoted\""));
                assert!(limits["time_limit"].is_badvalue(), "{text}");
            } else {
                assert_eq!(
                    keys,
                    [
                        "problem_format_version",
                        "type",
                        "name",
                        "uuid",
                        "source",
                        "license",
                        "rights_owner",
                        "limits"
                    ]
                );
                assert_eq!(
                    doc["problem_format_version"].as_str(),
                    format.problem_format_version()
                );
                assert_eq!(doc["type"].as_str(), Some("pass-fail"));
                assert_eq!(doc["name"]["en"].as_str(), Some("Title: \"quoted\""));
                // 1.5 s is not whole seconds: the resolution makes it a multiple.
                assert_eq!(limits["time_limit"].as_f64(), Some(1.5));
                assert_eq!(limits["time_resolution"].as_f64(), Some(1.5));
            }
            assert_eq!(limits["memory"].as_i64(), Some(48));
            assert_eq!(limits["output"].as_i64(), Some(64));
        }
        // Whole seconds need no resolution; a public-domain problem has no owner.
        let mut whole = p.clone();
        whole.limits = ProblemLimits::new(Duration::from_secs(2), 48 * MIB);
        let opts = ExportOptions {
            format: ExportFormat::V2025_09,
            license: "public domain".into(),
            ..options()
        };
        let text = problem_yaml(&whole, UUID, &opts);
        let doc = &yaml_rust2::YamlLoader::load_from_str(&text).expect("parses")[0];
        assert_eq!(doc["limits"]["time_limit"].as_i64(), Some(2), "{text}");
        assert!(doc["limits"]["time_resolution"].is_badvalue(), "{text}");
        assert!(doc["rights_owner"].is_badvalue(), "{text}");
    }

    #[test]
    fn format_versions_parse_from_their_names() {
        for format in ExportFormat::ALL {
            assert_eq!(format.name().parse::<ExportFormat>(), Ok(format));
            assert_eq!(format.to_string(), format.name());
        }
        assert_eq!("2023-07-draft".parse(), Ok(ExportFormat::V2023_07));
        assert!("2024-01".parse::<ExportFormat>().is_err());
        assert_eq!(ExportFormat::default(), ExportFormat::Legacy);
    }

    #[test]
    fn tex_escapes_every_special_character() {
        assert_eq!(tex("a_b%c&d#e$f{g}h"), "a\\_b\\%c\\&d\\#e\\$f\\{g\\}h");
        assert_eq!(
            tex("\\~^"),
            "\\textbackslash{}\\textasciitilde{}\\textasciicircum{}"
        );
    }

    #[test]
    fn an_export_lands_whole_or_not_at_all() {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = problem(dir.path());
        let out = dir.path().join("pkg");
        let done = export(&p, &out, &options()).expect("exports");
        assert_eq!((done.cases, done.submissions, done.zip), (1, 0, None));
        assert_eq!(
            std::fs::read_to_string(out.join(".timelimit")).expect("written"),
            "1.5\n"
        );
        assert!(out.join("output_validators/gridjudge/run").is_file());
        // The current format: its own folders, no .timelimit, the whitespace rule.
        let modern = dir.path().join("modern");
        let opts = ExportOptions {
            format: ExportFormat::V2025_09,
            ..options()
        };
        export(&p, &modern, &opts).expect("exports");
        for f in [
            "statement/problem.en.tex",
            "output_validator/run",
            "output_validator/build",
            "input_validators/gridjudge/run",
            "data/secret/test_group.yaml",
            "data/valid_output/answer.out",
        ] {
            assert!(modern.join(f).is_file(), "{f} missing");
        }
        assert!(!modern.join(".timelimit").exists());
        assert!(!modern.join("problem_statement").exists());
        assert!(
            !modern.join("data/sample").exists(),
            "no sample case, no folder"
        );
        // Not empty now: refused, and nothing changes.
        let again = export(&p, &out, &options()).expect_err("not empty");
        assert!(matches!(again, ExportError::Unusable(_)), "{again}");
        // A case without an answer is refused before anything is written.
        let mut no_answer = p.clone();
        no_answer.cases[0].answer = None;
        let other = dir.path().join("other");
        assert!(export(&no_answer, &other, &options()).is_err());
        assert!(!other.exists());
        // A validator binary that cannot be read fails half-way: nothing is left.
        let broken = ExportOptions {
            binary: dir.path().join("missing"),
            ..options()
        };
        let e = export(&p, &other, &broken).expect_err("no binary");
        assert!(matches!(e, ExportError::Read { .. }), "{e}");
        assert!(!other.exists());
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".gridjudge-export-"))
            .collect();
        assert!(names.is_empty(), "staging folders left: {names:?}");
    }
}
