//! Turning a contestant source file into a runnable program with the usual judge flags:
//! `gcc -O2 -std=gnu11 -o main main.c -lm`, `g++ -O2 -std=gnu++17`, `rustc -O --edition
//! 2021` (the one table, [`Language::build_argv`], that package validators use too), and
//! `python3` (byte-compiled once to catch syntax errors). What is run for a language is
//! its row of the language table: its [`Build`] (a native compiler, an interpreter's
//! syntax check, a JVM compiler) with the row's compiler, flags and runner; this module
//! knows the three ways of building, never a language.
//!
//! The compiler is contestant-controlled input to a large program, so it runs in the
//! sandbox like a submission ([`Compiler`]):
//!
//! - as a sandbox uid of its own (leased like a worker's, [`UidLease`]) when the judge
//!   is root, with the strongest isolation the machine gives
//!   ([`Isolation::strongest_for_uid`]: no network, a PID namespace, Landlock, seccomp,
//!   the memory cgroup); the problem folders the caller names are hidden;
//! - in a private build folder: a root-owned `gridjudge-build-*` folder (0711) holding
//!   `box/`, owned by the compile uid, mode 0700, with the source copy (0600) under a
//!   fixed name (`main.c`, …); the compiler works there (`keep_workdir`) with relative
//!   file names, so messages name `main.c`, which [`compile`] turns back into the
//!   contestant's path;
//! - with a minimal environment ([`compile_env`]) and, as root, in a minimal root of its
//!   own where nothing exists but the system folders, the toolchain (rustup's sysroot
//!   bound read-only at its own path, under folders every user may enter) and the build
//!   folder, at `/box`;
//! - under limits of its own ([`CompileLimits`]): CPU, wall time, memory of all the
//!   compiler's processes, processes, file size. A compile stopped by a limit is CE with
//!   a line naming the limit ("compilation exceeded the memory limit of 1024 MiB"),
//!   then whatever the compiler said.
//!
//! Only the runnable result leaves the build folder: the executable (or, for Python, the
//! script) is copied, refusing links and files the compile uid does not own, into a
//! fresh program folder the run uids can use and nobody else can read (root-owned,
//! group `nogroup` = the runs' group, folder 0750, file 0550 or 0440; 0700 / 0500
//! owned by the judge's user when the judge is not root). The build folder, with the
//! source copy, is removed when the compile ends. A failed compile is a
//! [`CompileFailure`] with the CE verdict and the compiler's message; a missing compiler
//! or a judge-side failure is JE.
//!
//! # Where things are
//!
//! This module runs the confined build ([`Compiler`]) and owns its limits and failures.
//! Around it: [`Sources`] gathers what one submission compiles (`sources`), `toolchain`
//! finds compilers and runtimes as the sandbox runs them, `folders` makes the build and
//! program folders and reads the compiler's output out of the build folder, `java`
//! finds a JVM program's classes and main class, `message` turns a compiler's message
//! into what a contestant reads ([`headline`]), and [`Program`] is the result
//! (`program`).

use crate::judge::language;
use crate::judge::limit_verdict::limit_verdict;
use crate::sandbox::limits::{Isolation, Limits, MemoryMode, UidLease, MIB};
use crate::sandbox::{self, CaseDirs, ExitStatus, LimitHit, RunSpec};
use crate::Verdict;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::judge::language::Build;
pub use crate::judge::language::Language;
pub use message::headline;
pub use program::{Program, MEMLIM};
pub use sources::Sources;
pub(crate) use toolchain::without_parent_steps;
pub use toolchain::{installed, python_named, resolve};

mod assemble;
mod folders;
mod java;
mod message;
mod program;
mod sources;
mod toolchain;

use folders::{chown_tree, BuildFolder, ProgramFolder};
use message::{read_head, rename_source, truncate_message};
use toolchain::{find_interpreter, native_tool, not_installed, system_tool, Toolchain};

/// Why a source could not be turned into a program.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{verdict}: {message}")]
pub struct CompileFailure {
    /// CE (the source is at fault) or JE (no compiler, judge-side failure).
    pub verdict: Verdict,
    /// The compiler's message, or what went wrong.
    pub message: String,
}

/// CPU time a compilation may use: sampled for the compiler's driver, and
/// `RLIMIT_CPU` (one second more) for each of its processes (`cc1`, `as`, `ld`).
pub const COMPILE_CPU: Duration = Duration::from_secs(30);
/// Wall-clock time a compilation may take, all its processes included.
pub const COMPILE_WALL: Duration = Duration::from_secs(60);
/// Memory a compilation may use, all its processes together (the run's memory cgroup),
/// bytes.
pub const COMPILE_MEMORY: u64 = 1024 * MIB;
/// Processes (and threads) a compilation may have at once (`RLIMIT_NPROC` of the
/// compile uid, `pids.max` where the pids controller is enabled).
pub const COMPILE_PROCESSES: u64 = 64;
/// Largest file a compilation may write (the program, an object file, its messages),
/// bytes (`RLIMIT_FSIZE`).
pub const COMPILE_FILE_BYTES: u64 = 256 * MIB;

/// The limits of one compilation (or of one build of a package's validator); the
/// default is [`COMPILE_CPU`], [`COMPILE_WALL`], [`COMPILE_MEMORY`],
/// [`COMPILE_PROCESSES`] and [`COMPILE_FILE_BYTES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompileLimits {
    /// CPU time.
    pub cpu: Duration,
    /// Wall-clock time.
    pub wall: Duration,
    /// Memory of all the compiler's processes, bytes.
    pub memory_bytes: u64,
    /// Processes at once.
    pub processes: u64,
    /// Largest file written, bytes.
    pub file_bytes: u64,
}

impl Default for CompileLimits {
    fn default() -> CompileLimits {
        CompileLimits {
            cpu: COMPILE_CPU,
            wall: COMPILE_WALL,
            memory_bytes: COMPILE_MEMORY,
            processes: COMPILE_PROCESSES,
            file_bytes: COMPILE_FILE_BYTES,
        }
    }
}

impl CompileLimits {
    /// The sandbox's limits for a compile run (peak-RSS memory mode: the cgroup counts
    /// every process of the compile).
    pub fn run_limits(&self) -> Limits {
        Limits {
            cpu: self.cpu,
            wall: self.wall,
            memory_bytes: self.memory_bytes,
            memory_mode: MemoryMode::PeakRss,
            output_bytes: self.file_bytes,
            processes: Some(self.processes),
            open_files: COMPILE_OPEN_FILES,
        }
    }
}

/// The environment of a compiler: `PATH` of the system folders, `HOME` and `TMPDIR` the
/// build folder, `LANG=C.UTF-8`. Nothing of the judge's own environment.
pub fn compile_env(workdir: &Path) -> Vec<(String, String)> {
    sandbox::default_env(workdir)
}

/// Descriptors one compiler process may hold (`RLIMIT_NOFILE`): rustc opens the
/// crates it links against, more than a judged program's 64.
pub(crate) const COMPILE_OPEN_FILES: u64 = 1024;

/// The worker slot the compile uid is leased from: far from the judging workers'
/// first choices (0, 1, …), so a compile rarely has to search for a free uid.
const COMPILE_SLOT: u32 = 500;

/// The largest compiler message kept, bytes.
const MAX_MESSAGE: usize = 4000;

/// How contestant sources are compiled: the launcher, the limits, the folders hidden
/// from the compiler (the problem folders).
#[derive(Debug, Clone)]
pub struct Compiler {
    /// A gridjudge executable to use as the launcher.
    pub launcher: PathBuf,
    /// The limits of each compile.
    pub limits: CompileLimits,
    /// Folders the compiler must not see (each covered in its mount namespace).
    pub hide: Vec<PathBuf>,
    /// The Python 3 interpreter to check and run Python 3 programs with (`--python`:
    /// PyPy, as Kattis and problemtools use); `None`, the system's CPython.
    pub python: Option<PathBuf>,
}

/// What one confined build runs: `program` with `argv` in `workdir`, `read_only` folders
/// readable too.
struct BuildRun<'a> {
    name: &'a str,
    program: &'a Path,
    argv: Vec<String>,
    workdir: &'a Path,
    read_only: Vec<PathBuf>,
    isolation: Isolation,
}

/// Compiles `source` (language by extension) with the launcher `launcher`, the default
/// limits and nothing hidden beyond what confinement hides.
pub fn compile(source: &Path, launcher: &Path) -> Result<Program, CompileFailure> {
    Compiler::new(launcher).compile(source)
}

fn judge_error(message: String) -> CompileFailure {
    CompileFailure {
        verdict: Verdict::JudgeError,
        message,
    }
}

/// A submission's files as copied into the build folder.
struct Staged {
    /// (name in the build folder, the file), the included files first, so that the
    /// submission's own file of the same name wins.
    copies: std::collections::BTreeMap<String, PathBuf>,
    /// The names of the language's sources among them, the compiler's operands.
    source_names: Vec<String>,
    /// The entry file's name in the build folder.
    main: String,
    /// One source and nothing included: it is the only file.
    single: bool,
    /// A single source: its name in the build folder, which the compiler's messages
    /// name and [`rename_source`] turns back into the contestant's.
    origin: Option<String>,
}

/// The file name of `p` as text (empty for a path without one).
fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Copies the submission's files into `build` (a single C, C++, Rust or Python source
/// as `main.c`, `main.cpp`, `main.rs`, `main.py`; everything else under its own name)
/// and picks the entry file: the one the submission names, else the language's main
/// file among its own sources. An included file (`include/python3/util.py`) is never
/// run in its place.
fn stage(sources: &Sources, build: &BuildFolder) -> Result<Staged, CompileFailure> {
    let lang = sources.language;
    let single = sources.files.len() == 1 && sources.include.is_empty();
    let mut copies: std::collections::BTreeMap<String, PathBuf> = Default::default();
    for path in sources.include.iter().chain(&sources.files) {
        // A JVM class is named after its file, which therefore keeps its name.
        let name = match (single, lang.spec().build) {
            (_, Build::Classes { .. }) | (false, _) => file_name(path),
            (true, _) => format!("main.{}", lang.spec().extensions[0]),
        };
        copies.insert(name, path.clone());
    }
    for (name, path) in &copies {
        let text = sources.read(path)?;
        build.write_private(name, &text)?;
    }
    let source_names: Vec<String> = copies
        .keys()
        .filter(|n| lang.matches(Path::new(n)))
        .cloned()
        .collect();
    let in_build: Vec<PathBuf> = source_names
        .iter()
        .map(|n| build.workdir().join(n))
        .collect();
    let own: Vec<PathBuf> = copies
        .iter()
        .filter(|(n, path)| lang.matches(Path::new(n)) && sources.files.contains(path))
        .map(|(n, _)| build.workdir().join(n))
        .collect();
    let named = sources
        .entry
        .as_ref()
        .and_then(|e| own.iter().find(|p| file_name(p) == *e).cloned());
    let main = named
        .or_else(|| language::main_file(lang, if own.is_empty() { &in_build } else { &own }))
        .map(|p| file_name(&p))
        .ok_or_else(|| judge_error(format!("no {} source to compile", lang.name())))?;
    let origin = match (single, copies.keys().next()) {
        (true, Some(copy)) => Some(copy.clone()),
        _ => None,
    };
    Ok(Staged {
        copies,
        source_names,
        main,
        single,
        origin,
    })
}

impl Compiler {
    /// Compiles with `launcher` under the default [`CompileLimits`], hiding nothing extra.
    pub fn new(launcher: &Path) -> Compiler {
        Compiler {
            launcher: launcher.to_path_buf(),
            limits: CompileLimits::default(),
            hide: Vec::new(),
            python: None,
        }
    }

    /// The same, checking and running Python 3 programs with `python` (see
    /// [`toolchain::python_named`]) instead of the system's `python3`.
    pub(crate) fn with_python(mut self, python: Option<PathBuf>) -> Compiler {
        self.python = python;
        self
    }

    /// The same, with `folders` hidden from the compiler too (the problem folders;
    /// relative ones are taken from the current folder).
    pub fn hiding(mut self, folders: impl IntoIterator<Item = PathBuf>) -> Compiler {
        self.hide.extend(
            folders
                .into_iter()
                .map(|f| std::path::absolute(&f).unwrap_or(f)),
        );
        self
    }

    /// The same, under `limits`.
    pub fn with_limits(mut self, limits: CompileLimits) -> Compiler {
        self.limits = limits;
        self
    }

    /// Compiles `source` (language by extension, a `#!…python2` shebang read) in the
    /// sandbox (see the module documentation) and returns the program in its private
    /// program folder.
    pub fn compile(&self, source: &Path) -> Result<Program, CompileFailure> {
        let sources = Sources::of(source)
            .map_err(|why| judge_error(format!("{}: {why}", source.display())))?;
        self.compile_sources(&sources)
    }

    /// Compiles a submission of one or several files, with the files added beside
    /// them (see [`Sources`]), in the sandbox, and returns the program in its private
    /// program folder. A single source is copied under a fixed name (`main.c`, …; a
    /// Java or Kotlin file keeps its own, which names its class) and messages name the
    /// contestant's file; several keep their names.
    ///
    /// Four steps: the files into a fresh build folder ([`stage`]), the language's
    /// build command ([`Compiler::build_command`]), the confined build, and the program
    /// taken out of the build folder into its own ([`assemble`]).
    pub fn compile_sources(&self, sources: &Sources) -> Result<Program, CompileFailure> {
        let lang = sources.language;
        let lease = crate::sandbox::is_root().then(|| UidLease::acquire(COMPILE_SLOT));
        let isolation = Isolation::strongest_for_uid(lease.as_ref().map_or(0, UidLease::uid));
        let build = BuildFolder::new(isolation.run_as)?;
        let staged = stage(sources, &build)?;
        let (tool, argv) = self.build_command(lang, &staged)?;
        let name = argv[0].clone();
        self.run_build(BuildRun {
            name: &name,
            program: &tool.program,
            argv,
            workdir: build.workdir(),
            read_only: tool.read_only.clone(),
            isolation,
        })
        .map_err(|f| {
            let copy = staged.origin.as_deref().unwrap_or("");
            rename_source(f, copy, build.workdir(), &sources.origin)
        })?;
        let out = ProgramFolder::new()?;
        let built = assemble::Built {
            sources,
            staged: &staged,
            workdir: build.workdir(),
            owner: isolation.run_as.map(|r| r.uid),
            file_bytes: self.limits.file_bytes,
            name,
        };
        let program = match lang.spec().build {
            Build::Script { .. } => built.script(&out, tool.program)?,
            Build::Classes { .. } => built.classes(&out)?,
            Build::Native { .. } => built.binary(&out)?,
        };
        Ok(Program {
            _dir: Some(out.dir),
            ..program
        })
    }

    /// The compiler of `lang` and its command line for the staged sources: gcc, g++ or
    /// rustc writing `main`; Python's syntax check (with the chosen interpreter, under
    /// its own name: PyPy finds its library from it); javac or kotlinc writing classes.
    fn build_command(
        &self,
        lang: Language,
        staged: &Staged,
    ) -> Result<(Toolchain, Vec<String>), CompileFailure> {
        let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let operands = || staged.source_names.iter().map(|n| language::operand(n));
        Ok(match lang.spec().build {
            Build::Native {
                compiler,
                entry_only,
                ..
            } => {
                let built = if entry_only {
                    std::slice::from_ref(&staged.main)
                } else {
                    &staged.source_names[..]
                };
                let argv = lang
                    .build_argv("main", built, &[])
                    .ok_or_else(|| judge_error("no build command".into()))?;
                (native_tool(compiler)?, argv)
            }
            Build::Script {
                interpreter,
                lookup,
                choosable,
                check,
            } => {
                let (name, program) = match (&self.python, choosable) {
                    (Some(chosen), true) => (
                        chosen
                            .file_name()
                            .map_or(interpreter.into(), |n| n.to_string_lossy().into_owned()),
                        Some(chosen.clone()),
                    ),
                    _ => (
                        interpreter.to_string(),
                        find_interpreter(interpreter, lookup),
                    ),
                };
                let program = program.ok_or_else(|| judge_error(not_installed(lang)))?;
                let mut argv = vec![name];
                argv.extend(strings(check));
                argv.extend(operands());
                let tool = Toolchain {
                    program,
                    read_only: Vec::new(),
                };
                (tool, argv)
            }
            Build::Classes {
                compiler, flags, ..
            } => {
                let mut argv = strings(&[compiler]);
                argv.extend(strings(flags));
                argv.extend(strings(&["-d", "."]));
                argv.extend(operands());
                (system_tool(compiler)?, argv)
            }
        })
    }

    /// Runs a build command of a package's validator, `argv` (a command found in the
    /// system folders, then its arguments) in `folder`, confined and under the limits:
    /// `folder` and everything in it is handed to the compile uid for the build and
    /// given back to the judge's user afterwards. A failure is CE with the build's
    /// message (or the limit it exceeded).
    pub fn build_in(&self, folder: &Path, argv: &[String]) -> Result<(), CompileFailure> {
        let name = argv
            .first()
            .ok_or_else(|| judge_error("an empty build command".into()))?;
        let tool = native_tool(name)?;
        let lease = crate::sandbox::is_root().then(|| UidLease::acquire(COMPILE_SLOT));
        let isolation = Isolation::strongest_for_uid(lease.as_ref().map_or(0, UidLease::uid));
        let hand = |owner: Option<(u32, u32)>| {
            chown_tree(folder, owner)
                .map_err(|e| judge_error(format!("cannot hand over {}: {e}", folder.display())))
        };
        hand(isolation.run_as.map(|r| (r.uid, r.gid)))?;
        let result = self.run_build(BuildRun {
            name,
            program: &tool.program,
            argv: argv.to_vec(),
            workdir: folder,
            read_only: tool.read_only.clone(),
            isolation,
        });
        let judge = crate::sandbox::effective_ids();
        hand(isolation.run_as.map(|_| judge))?;
        result
    }

    /// Runs one confined build; a non-zero exit or a limit is CE with the message.
    fn run_build(&self, run: BuildRun) -> Result<(), CompileFailure> {
        let io = CaseDirs::new(None)
            .map_err(|e| judge_error(format!("cannot create temp folders: {e}")))?;
        let limits = self.limits.run_limits();
        let spec = RunSpec {
            program: run.program.to_path_buf(),
            argv: run.argv,
            env: compile_env(run.workdir),
            workdir: run.workdir.to_path_buf(),
            stdin: PathBuf::from("/dev/null"),
            stdout: io.stdout(),
            stderr: io.stderr(),
            limits,
            isolation: run.isolation,
            hide: self.hide.clone(),
            read_only: run.read_only,
            keep_workdir: true,
            binds: vec![],
            wait_share: None,
        };
        let outcome = sandbox::Sandbox::new(&self.launcher)
            .run(&spec)
            .map_err(|e| judge_error(format!("{}: {e}", run.name)))?;
        if outcome.status == ExitStatus::Exited(0) && outcome.killed_for.is_none() {
            return Ok(());
        }
        let mut text = read_head(&io.stderr());
        if text.trim().is_empty() {
            text = read_head(&io.stdout());
        }
        let said = truncate_message(text.trim());
        let reason = self.limit_reason(&outcome, &limits, run.workdir, &said);
        let message = match (reason, said.is_empty()) {
            (Some(r), true) => r,
            (Some(r), false) => format!("{r}\n{said}"),
            (None, false) => said,
            (None, true) => match limit_verdict(&outcome, &limits) {
                Some((v, m)) => format!("{}: {v}: {m}", run.name),
                None => format!("{} failed", run.name),
            },
        };
        Err(CompileFailure {
            verdict: Verdict::CompileError,
            message,
        })
    }

    /// The line naming the compile limit a failed compile exceeded, if one did.
    fn limit_reason(
        &self,
        outcome: &sandbox::RunOutcome,
        limits: &Limits,
        workdir: &Path,
        said: &str,
    ) -> Option<String> {
        let l = &self.limits;
        let wall = || {
            let waited = if outcome.wait.is_zero() {
                String::new()
            } else {
                format!(
                    " (its own time: {} waiting for a CPU not counted)",
                    seconds(outcome.wait)
                )
            };
            format!("the wall-time limit of {}{waited}", seconds(l.wall))
        };
        let cpu = || format!("the CPU limit of {}", seconds(l.cpu));
        let memory = || format!("the memory limit of {} MiB", l.memory_bytes / MIB);
        let file = || format!("the file size limit of {} MiB", l.file_bytes / MIB);
        let exceeded = match outcome.killed_for {
            Some(LimitHit::Wall) => Some(wall()),
            Some(LimitHit::Cpu) => Some(cpu()),
            Some(LimitHit::Memory | LimitHit::KernelOom) => Some(memory()),
            Some(LimitHit::Output) => Some(file()),
            None => {
                let big_file = std::fs::read_dir(workdir).ok().is_some_and(|entries| {
                    entries
                        .flatten()
                        .any(|e| e.metadata().is_ok_and(|m| m.len() >= l.file_bytes))
                });
                match limit_verdict(outcome, limits).map(|(v, _)| v) {
                    Some(Verdict::TimeLimitExceeded) => Some(cpu()),
                    Some(Verdict::MemoryLimitExceeded) => Some(memory()),
                    Some(Verdict::OutputLimitExceeded) => Some(file()),
                    _ if big_file || said.contains("File size limit exceeded") => Some(file()),
                    _ if said.contains("CPU time limit exceeded") => Some(cpu()),
                    _ => None,
                }
            }
        };
        exceeded.map(|what| format!("compilation exceeded {what}"))
    }
}

/// `30 s`, `2.5 s`, `0.252 s`: at most three decimals, no trailing zeros.
fn seconds(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} s")
}

#[cfg(test)]
mod tests {
    #[test]
    fn limits_read_in_seconds_with_at_most_three_decimals() {
        use std::time::Duration;
        assert_eq!(super::seconds(Duration::from_secs(60)), "60 s");
        assert_eq!(super::seconds(Duration::from_millis(2500)), "2.5 s");
        assert_eq!(super::seconds(Duration::from_nanos(251_893_077)), "0.252 s");
        assert_eq!(super::seconds(Duration::from_secs(10)), "10 s");
    }

    #[test]
    fn the_language_table_shows_the_jvm_flags_used() {
        let flags = super::java::JVM_RUN_FLAGS.join(" ");
        let java = super::Language::Java.spec().run;
        assert!(java.contains(&format!("java {flags} -cp")), "{java}");
        let kotlin = super::Language::Kotlin.spec().run;
        let j: Vec<String> = super::java::JVM_RUN_FLAGS
            .iter()
            .map(|f| format!("-J{f}"))
            .collect();
        assert!(kotlin.contains(&j.join(" ")), "{kotlin}");
        let program = super::Program {
            path: "/usr/bin/java".into(),
            argv: vec!["java".into(), "-Xmx{memlim}m".into()],
            read_only: Vec::new(),
            _dir: None,
            _staged: None,
        };
        assert_eq!(program.argv_for(256 << 20), ["java", "-Xmx256m"]);
    }

    #[test]
    fn one_table_of_build_flags() {
        let src = |s: &str| vec![s.to_string()];
        assert_eq!(
            super::Language::C.build_argv("main", &src("main.c"), &[]),
            Some(
                ["gcc", "-O2", "-std=gnu11", "-o", "main", "main.c", "-lm"]
                    .map(String::from)
                    .to_vec()
            )
        );
        assert_eq!(
            super::Language::Cpp.build_argv("v", &src("a.cpp"), &["-I", "."]),
            Some(
                ["g++", "-O2", "-std=gnu++17", "-I", ".", "-o", "v", "a.cpp"]
                    .map(String::from)
                    .to_vec()
            )
        );
        assert_eq!(
            super::Language::Rust.build_argv("main", &src("main.rs"), &[]),
            Some(
                ["rustc", "-O", "--edition", "2021", "-o", "main", "main.rs"]
                    .map(String::from)
                    .to_vec()
            )
        );
        assert_eq!(
            super::Language::Python.build_argv("main", &src("main.py"), &[]),
            None
        );
    }
}
