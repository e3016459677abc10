//! `gridjudge export PROBLEM --kattis DIR [--zip]`: a bundled problem as a legacy
//! Kattis / ICPC problem package that problemtools, DOMjudge and Kattis read.
//!
//! What the package holds:
//!
//! - `problem.yaml`: name, source, `validation: custom`, memory and output limits; the
//!   time limit in `.timelimit` (DOMjudge reads it; problemtools derives its own from the
//!   accepted submissions, as for any legacy package);
//! - `problem_statement/problem.en.tex`: the formats, limits and the sample, from
//!   `docs/problems.md`'s rules;
//! - `data/sample`, `data/secret`: the judge cases (`data/stress` stays out);
//! - `input_validators/gridjudge/` and `output_validators/gridjudge/`: `build` and `run`
//!   scripts around a copy of this very gridjudge binary (`validate --kattis` and
//!   `check --kattis`), so a judgehost without gridjudge installed validates and checks
//!   with exactly gridjudge's rules (x86-64 Linux with glibc, like the machine that
//!   exported it);
//! - `submissions/{accepted,wrong_answer,time_limit_exceeded,run_time_error}`: the
//!   problem's C, C++ and Rust examples, without the hostile ones written to probe
//!   gridjudge's own sandbox (fork bombs, stray children, answer thieves, descriptor
//!   probes, CPU hidden in children, IPC caches, memory held outside the heap), which
//!   another judge need not survive the same way.

use crate::cli::{exit, Failure};
use gridjudge::judge::config::ProblemDir;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Arguments of `gridjudge export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// The problem folder under --cases (e.g. poj3074).
    pub problem: String,
    /// Write a Kattis/ICPC (legacy format) package into this folder (created; it must
    /// not exist yet, or be empty).
    #[arg(long, value_name = "DIR")]
    pub kattis: PathBuf,
    /// The package's `license` (problemtools' values: unknown, public domain, cc0, cc by,
    /// cc by-sa, educational, permission). Check it fits your data before you publish.
    #[arg(long, default_value = "educational")]
    pub license: String,
    /// The package's `rights_owner`.
    #[arg(long, default_value = "gridjudge contributors")]
    pub rights_owner: String,
    /// Also write DIR.zip, the archive DOMjudge imports.
    #[arg(long)]
    pub zip: bool,
    /// Folder holding the problem folders (default as for `judge`).
    #[arg(long, value_name = "DIR")]
    pub cases: Option<PathBuf>,
}

/// Example submissions not exported: they probe gridjudge's own sandbox.
const HOSTILE: &[&str] = &[
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
];

/// The verdict folders of the legacy format.
const FOLDERS: &[&str] = &[
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
];

fn io(path: &Path) -> impl Fn(std::io::Error) -> Failure + '_ {
    move |e| {
        Failure::new(
            exit::IO_ERROR,
            format!("cannot write {}: {e}", path.display()),
        )
    }
}

fn write(path: &Path, text: &[u8], executable: bool) -> Result<(), Failure> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io(parent))?;
    }
    std::fs::write(path, text).map_err(io(path))?;
    if executable {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).map_err(io(path))?;
    }
    Ok(())
}

fn copy(from: &Path, to: &Path) -> Result<(), Failure> {
    let bytes = std::fs::read(from).map_err(|e| {
        Failure::new(
            exit::NO_INPUT,
            format!("cannot read {}: {e}", from.display()),
        )
    })?;
    write(to, &bytes, false)
}

/// A stable UUID for a problem id (the same on every export and machine): two FNV-1a
/// hashes of `gridjudge:ID`, with the version (5, name-based) and variant bits set.
fn uuid_for(id: &str) -> String {
    let fnv = |seed: u64| {
        format!("gridjudge:{id}").bytes().fold(seed, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
    };
    let (a, b) = (fnv(0xcbf2_9ce4_8422_2325), fnv(0x8422_2325_cbf2_9ce4));
    let a = (a & !0xf000) | 0x5000;
    let b = (b & !(0xc000_0000_0000_0000)) | 0x8000_0000_0000_0000;
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xffff,
        b >> 48,
        b & 0xffff_ffff_ffff
    )
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

/// The statement's body: input, output, rules, per problem.
fn statement(problem: gridjudge::Problem) -> &'static str {
    use gridjudge::Problem::*;
    match problem {
        Poj3074 => "Each line of the input holds one Sudoku puzzle: 81 characters, row by row, a digit 1-9 for a given and a dot for an empty cell. A line containing end closes the input. For each puzzle print one line of 81 digits: the completed grid, in which every row, column and 3x3 box holds 1-9 exactly once and every given is kept. Any valid completion is accepted.",
        Poj2676 => "The first line holds the number of cases T. Each case is 9 lines of 9 digits, 0 for an empty cell. For each case print the completed grid as 9 lines of 9 digits (no blank lines), every row, column and 3x3 box holding 1-9 once and every given kept. Any valid completion is accepted.",
        Poj3076 => "Each data set is 16 lines of 16 characters, A-P for a given and a dash for an empty cell; data sets are separated by one empty line. Print each completed grid in the same format, sets separated by one empty line; every row, column and 4x4 box holds A-P once and every given is kept.",
        Hdu3338 => "Cases follow until end of file. A case is a line with n and m (2 <= n, m <= 100) and n lines of m tokens of 7 characters: ....... for a white cell, XXXXXXX for a black one, AAA\\BBB for a black cell with the down clue AAA (or XXX) and the across clue BBB (or XXX). Fill every white cell with a digit 1-9 so that every run sums to its clue; digits may repeat within a run. Print n lines of m cells separated by single spaces: _ for black, the digit for white. Any valid filling is accepted.",
        Kakuro => "As Kakuro Extension (same input and output), but the digits of every run must also be distinct. Cases follow until end of file. Any valid filling is accepted.",
    }
}

/// Runs `gridjudge export`.
pub fn run(args: &ExportArgs) -> Result<u8, Failure> {
    let options = crate::cli::judge::RunOptions::with_cases(args.cases.clone());
    let dirs = crate::cli::judge::problem_dirs(&options.cases_dir(), Some(&args.problem))
        .map_err(|(code, m)| Failure::new(code, m))?;
    let Some(dir) = dirs.first() else {
        return Err(Failure::new(exit::USAGE, "no such problem"));
    };
    let problem = ProblemDir::load(dir).map_err(|e| Failure::new(exit::USAGE, e.to_string()))?;
    let out = &args.kattis;
    if out.exists()
        && std::fs::read_dir(out)
            .map(|mut d| d.next().is_some())
            .unwrap_or(true)
    {
        return Err(Failure::new(
            exit::USAGE,
            format!("{} exists and is not empty", out.display()),
        ));
    }
    std::fs::create_dir_all(out).map_err(io(out))?;
    let cfg = &problem.config;
    let limits = &cfg.limits;
    let id = cfg.problem.id();
    // problem.yaml and the time limit.
    let yaml = format!(
        "name: \"{}\"\nsource: \"{}\"\nuuid: {}\nlicense: {}\nrights_owner: \"{}\"\nvalidation: custom\nlimits:\n  memory: {}\n  output: {}\n",
        cfg.title.replace('"', "'"),
        format!("{} (exported by gridjudge)", cfg.source).replace('"', "'"),
        uuid_for(id),
        args.license,
        args.rights_owner.replace('"', "'"),
        limits.memory_mib.ceil() as u64,
        limits.output_mib.unwrap_or(64.0).ceil() as u64,
    );
    write(&out.join("problem.yaml"), yaml.as_bytes(), false)?;
    write(
        &out.join(".timelimit"),
        format!("{}\n", limits.time_seconds).as_bytes(),
        false,
    )?;
    // The statement, with the sample.
    let mut tex_doc = format!(
        "\\problemname{{{}}}\n\n{}\n\nTime limit: {} s. Memory limit: {} MiB.\n",
        tex(&cfg.title),
        tex(statement(cfg.problem)),
        limits.time_seconds,
        limits.memory_mib
    );
    tex_doc.push_str("\nThe sample is in data/sample.\n");
    write(
        &out.join("problem_statement/problem.en.tex"),
        tex_doc.as_bytes(),
        false,
    )?;
    // Data.
    for case in problem.cases.iter() {
        let rel = format!("data/{}/{}", case.group.name(), case.name);
        copy(&case.input, &out.join(format!("{rel}.in")))?;
        match &case.answer {
            Some(a) => copy(a, &out.join(format!("{rel}.ans")))?,
            None => {
                return Err(Failure::new(
                    exit::USAGE,
                    format!(
                        "{} has no .ans: a package needs one per case",
                        case.input.display()
                    ),
                ))
            }
        }
    }
    // Validators: this binary, wrapped.
    let me = std::env::current_exe()
        .map_err(|e| Failure::new(exit::INTERNAL, format!("cannot find gridjudge itself: {e}")))?;
    for (folder, command) in [
        (
            "input_validators/gridjudge",
            format!("validate --kattis {id}"),
        ),
        (
            "output_validators/gridjudge",
            format!("check --kattis {id}"),
        ),
    ] {
        let base = out.join(folder);
        let bin = base.join("gridjudge");
        if let Some(parent) = bin.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        std::fs::copy(&me, &bin).map_err(io(&bin))?;
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).map_err(io(&bin))?;
        write(&base.join("build"), b"#!/bin/sh\n# gridjudge is prebuilt (x86-64 Linux, glibc): nothing to build.\nchmod +x gridjudge run\n", true)?;
        let run = format!("#!/bin/sh\nexec \"$(dirname \"$0\")/gridjudge\" {command} \"$@\"\n");
        write(&base.join("run"), run.as_bytes(), true)?;
    }
    // Submissions.
    let mut exported = 0;
    for folder in FOLDERS {
        let src = dir.join("submissions").join(folder);
        let Ok(entries) = std::fs::read_dir(&src) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files {
            let stem = f
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
            if HOSTILE.contains(&stem.as_str()) || !["c", "cpp", "cc", "rs"].contains(&ext) {
                continue;
            }
            let name = f.file_name().unwrap_or_default();
            copy(&f, &out.join("submissions").join(folder).join(name))?;
            exported += 1;
        }
    }
    if args.zip {
        let zip_path = out.with_extension("zip");
        zip_folder(out, &zip_path)?;
        eprintln!("wrote {}", zip_path.display());
    }
    eprintln!(
        "exported {} as {}: {} case(s), {exported} submission(s)",
        problem.name,
        out.display(),
        problem.cases.len()
    );
    Ok(exit::OK)
}

/// Writes every file under `dir` into the zip archive `to` (paths relative to `dir`,
/// modes kept, so the scripts stay executable).
fn zip_folder(dir: &Path, to: &Path) -> Result<(), Failure> {
    let file = std::fs::File::create(to).map_err(io(to))?;
    let mut zip = zip::ZipWriter::new(file);
    let mut stack = vec![dir.to_path_buf()];
    let mut files = Vec::new();
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).map_err(io(&d))?.flatten() {
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
        zip.start_file(rel, opts)
            .map_err(|e| Failure::new(exit::IO_ERROR, format!("{}: {e}", to.display())))?;
        let bytes = std::fs::read(&p).map_err(io(&p))?;
        zip.write_all(&bytes).map_err(io(to))?;
    }
    zip.finish()
        .map_err(|e| Failure::new(exit::IO_ERROR, format!("{}: {e}", to.display())))?;
    Ok(())
}
