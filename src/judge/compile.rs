//! Turning a contestant source file into a runnable program with the usual judge flags:
//! `gcc -O2 -std=gnu11 -o main main.c -lm`, `g++ -O2 -std=gnu++17`, `rustc -O --edition
//! 2021` (the one table, [`Language::build_argv`], that package validators use too), and
//! `python3` (byte-compiled once to catch syntax errors).
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

use crate::judge::language;
use crate::judge::limit_verdict::limit_verdict;
use crate::sandbox::limits::{Isolation, Limits, MemoryMode, RunAs, UidLease, MIB, SANDBOX_GID};
use crate::sandbox::{self, CaseDirs, ExitStatus, LimitHit, RunSpec};
use crate::Verdict;
use std::io::{Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub use crate::judge::language::Language;

/// A runnable program: what to exec and with which argv. Keeps its folder alive.
#[derive(Debug)]
pub struct Program {
    /// Absolute path of the executable.
    pub path: PathBuf,
    /// `argv[0]` and the arguments ([`MEMLIM`] stands for the memory limit, see
    /// [`Program::argv_for`]).
    pub argv: Vec<String>,
    /// Folders the run reads besides the program and its file arguments (a Java
    /// program's classes, a Python program's modules).
    pub read_only: Vec<PathBuf>,
    _dir: Option<tempfile::TempDir>,
    _staged: Option<tempfile::TempDir>,
}

impl Program {
    /// A copy of the executable `exe` in a fresh world-readable temporary folder, run
    /// with `args`: the sandbox user can run it even when `exe` lies under a folder it
    /// cannot enter (a checkout in a private temporary folder, a home directory).
    pub fn staged_copy(exe: &Path, args: &[String]) -> Result<Program, CompileFailure> {
        let je = |message: String| CompileFailure {
            verdict: Verdict::JudgeError,
            message,
        };
        let dir = tempfile::Builder::new()
            .prefix("gridjudge-program-")
            .tempdir()
            .map_err(|e| je(format!("cannot create a folder for the program: {e}")))?;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
            .map_err(|e| je(format!("cannot open up the program folder: {e}")))?;
        let name = exe.file_name().unwrap_or(std::ffi::OsStr::new("program"));
        let path = dir.path().join(name);
        std::fs::copy(exe, &path).map_err(|e| je(format!("cannot copy {}: {e}", exe.display())))?;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| je(format!("cannot chmod {}: {e}", path.display())))?;
        let mut argv = vec![path.display().to_string()];
        argv.extend(args.iter().cloned());
        Ok(Program {
            path,
            argv,
            read_only: Vec::new(),
            _dir: Some(dir),
            _staged: None,
        })
    }

    /// The same executable run with `args` instead. The copy does not keep a staged
    /// folder alive: keep `self` until the copy is no longer run.
    pub fn with_args(&self, args: &[String]) -> Program {
        let mut argv = vec![self.path.display().to_string()];
        argv.extend(args.iter().cloned());
        Program {
            path: self.path.clone(),
            argv,
            read_only: self.read_only.clone(),
            _dir: None,
            _staged: None,
        }
    }

    /// The same program with its executable and arguments replaced by staged copies
    /// living in `dir` (see [`stage`](crate::judge::stage)); keeps the folders of both.
    pub(crate) fn restaged(
        mut self,
        path: PathBuf,
        argv: Vec<String>,
        dir: Option<tempfile::TempDir>,
    ) -> Program {
        self.path = path;
        self.argv = argv;
        if dir.is_some() {
            self._staged = dir;
        }
        self
    }

    /// An existing command: `command` is looked up in `PATH` unless it contains a `/`.
    pub fn command(command: &str, args: &[String]) -> Result<Program, CompileFailure> {
        let path = resolve(command).ok_or_else(|| CompileFailure {
            verdict: Verdict::JudgeError,
            message: format!("command not found: {command}"),
        })?;
        let mut argv = vec![command.to_string()];
        argv.extend(args.iter().cloned());
        Ok(Program {
            path,
            argv,
            read_only: Vec::new(),
            _dir: None,
            _staged: None,
        })
    }

    /// The memory mode of this program's runs when `wanted` is asked: peak-RSS mode
    /// for a program that bounds its own heap from the limit ([`MEMLIM`] in its argv, a
    /// JVM's `-Xmx{memlim}m`), whatever is asked. A JVM reserves far more address space
    /// than it uses (its code cache and compressed class space alone over a GiB), so
    /// under an address-space limit every run, a correct one too, would die before
    /// its first instruction; judges with such limits leave JVMs to `-Xmx` likewise.
    pub fn memory_mode(&self, wanted: MemoryMode) -> MemoryMode {
        if self.argv.iter().any(|a| a.contains(MEMLIM)) {
            MemoryMode::PeakRss
        } else {
            wanted
        }
    }

    /// The argv of a run under the memory limit `memory_bytes`: [`MEMLIM`] in an
    /// argument (a JVM's `-Xmx{memlim}m`) becomes the limit in MiB.
    pub fn argv_for(&self, memory_bytes: u64) -> Vec<String> {
        let mib = (memory_bytes / MIB).max(1).to_string();
        self.argv.iter().map(|a| a.replace(MEMLIM, &mib)).collect()
    }
}

/// The placeholder of the memory limit in MiB in a program's argv ([`Program::argv_for`]).
pub const MEMLIM: &str = "{memlim}";

/// Whether a compiled class may declare `public static void main(String[])`: its
/// constant pool holds both the name `main` and the descriptor `([Ljava/lang/String;)V`
/// (a class that only calls another's `main` holds them too, which is why the class
/// named after the entry file comes first).
fn declares_main(class: &[u8]) -> bool {
    let holds = |needle: &[u8]| class.windows(needle.len()).any(|w| w == needle);
    holds(b"\x01\x00\x04main") && holds(b"([Ljava/lang/String;)V")
}

/// The class a JVM run starts from, among the compiled classes `names` (qualified, as
/// `a.b.Main`), those of them that may declare `main` being `with_main`: the class whose
/// simple name is `simple` (the entry file's stem, `MainKt` for Kotlin's `main.kt`), in
/// whatever package, as Kattis runs it; one that declares `main` when several packages
/// hold that name. Else, for Java only (`by_main`), the one class that declares `main`,
/// as DOMjudge finds it (`class Main` in `sol-1.java`). Else `simple` itself: the run
/// fails, as the program would on those judges.
fn main_class(simple: &str, names: &[String], with_main: &[String], by_main: bool) -> String {
    let named: Vec<&String> = names
        .iter()
        .filter(|n| n.rsplit('.').next() == Some(simple))
        .collect();
    match named.as_slice() {
        [only] => return (*only).clone(),
        [] => {}
        several => {
            if let [only] = several
                .iter()
                .filter(|n| with_main.contains(n))
                .collect::<Vec<_>>()
                .as_slice()
            {
                return (**only).clone();
            }
        }
    }
    match with_main {
        [only] if by_main => only.clone(),
        _ => simple.to_string(),
    }
}

/// The qualified name of the class in `rel` (`a/b/Main.class` → `a.b.Main`).
fn qualified_name(rel: &Path) -> String {
    let parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.join(".")
}

/// The most class files (and folders) [`class_files`] takes from one build.
const MAX_CLASS_FILES: usize = 10_000;

/// The deepest package folder [`class_files`] enters (`a/b/…`, one level per name).
const MAX_PACKAGE_DEPTH: usize = 32;

/// Every `.class` file under the build folder `dir`, by path relative to it, with its
/// bytes (each read as [`read_output`] reads a program). Links are never followed:
/// a link the compile uid left, to a folder or a file, is passed over, so no file of
/// the judge's can be copied out this way. Bounded by [`MAX_CLASS_FILES`] and
/// [`MAX_PACKAGE_DEPTH`]; past either the build is refused.
fn class_files(
    dir: &Path,
    owner: Option<u32>,
    limit: u64,
) -> std::io::Result<Vec<(PathBuf, Vec<u8>)>> {
    let mut found = Vec::new();
    let mut pending = vec![(PathBuf::new(), 0usize)];
    let mut seen = 0usize;
    while let Some((rel, depth)) = pending.pop() {
        for entry in std::fs::read_dir(dir.join(&rel))? {
            let entry = entry?;
            seen += 1;
            if seen > MAX_CLASS_FILES {
                return Err(std::io::Error::other(format!(
                    "more than {MAX_CLASS_FILES} files in the build folder"
                )));
            }
            // `file_type` of a directory entry does not follow a link.
            let kind = entry.file_type()?;
            let path = rel.join(entry.file_name());
            if kind.is_dir() {
                if depth >= MAX_PACKAGE_DEPTH {
                    return Err(std::io::Error::other(format!(
                        "package folders deeper than {MAX_PACKAGE_DEPTH}"
                    )));
                }
                pending.push((path, depth + 1));
            } else if kind.is_file() && path.extension().is_some_and(|e| e == "class") {
                let bytes = read_output(&dir.join(&path), owner, limit)?;
                found.push((path, bytes));
            }
        }
    }
    found.sort();
    Ok(found)
}

/// The JVM's flags of a Java run, problemtools' but for `-Xms` (peak RSS counts what is
/// touched, the heap grows as needed) and with no performance-data file (the run's
/// `/tmp` is read-only).
const JVM_RUN_FLAGS: &[&str] = &[
    "-Dfile.encoding=UTF-8",
    "-XX:+UseSerialGC",
    "-XX:-UsePerfData",
    "-Xss64m",
    "-Xmx{memlim}m",
];

/// What one submission compiles: its language, its own files and the files a package
/// adds beside them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sources {
    /// The language (see [`language::detect`]).
    pub language: Language,
    /// The submission's files: one source, or every file of its folder (sources of the
    /// language, headers and other files alike), sorted.
    pub files: Vec<PathBuf>,
    /// Files copied beside them before the compile (a package's `include/<language>/`
    /// and `include/default/`); a submission's own file of the same name wins.
    pub include: Vec<PathBuf>,
    /// The file or folder messages name.
    pub origin: PathBuf,
    /// Text replaced in every source and include file before the compile: a 2025-09
    /// package's constants (`{{n}}` → `100`); empty for everything else.
    pub substitutions: Vec<(String, String)>,
    /// The name of the file to run among [`Sources::files`] (`submissions.yaml`'s
    /// `entrypoint`), instead of [`language::main_file`]'s choice.
    pub entry: Option<String>,
}

impl Sources {
    /// The sources of the submission at `path`, a file or a folder of files (those
    /// [`language::is_ignored`] left out, sub-folders too); `Err` says why it cannot be
    /// judged here: no source of a language in the table, or a language whose compiler
    /// or runtime is not installed.
    pub fn of(path: &Path) -> Result<Sources, String> {
        let files: Vec<PathBuf> = if path.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| format!("cannot list the folder: {e}"))?
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file() && !language::is_ignored(p))
                .collect();
            files.sort();
            files
        } else {
            vec![path.to_path_buf()]
        };
        let (lang, _) = language::detect(&files).ok_or_else(|| {
            let names: Vec<&str> = language::LANGUAGES.iter().map(|s| s.name).collect();
            format!("no source of {}", names.join(", "))
        })?;
        installed(lang)?;
        Ok(Sources {
            language: lang,
            files,
            include: Vec::new(),
            origin: path.to_path_buf(),
            substitutions: Vec::new(),
            entry: None,
        })
    }

    /// The same with the file to run named (see [`Sources::entry`]).
    pub fn with_entry(mut self, entry: Option<String>) -> Sources {
        self.entry = entry;
        self
    }

    /// The same with `substitutions` applied to every file (see [`Sources::substitutions`]).
    pub fn with_substitutions(mut self, substitutions: Vec<(String, String)>) -> Sources {
        self.substitutions = substitutions;
        self
    }

    /// The contents of one of the files, with the substitutions made in UTF-8 text.
    fn read(&self, path: &Path) -> Result<Vec<u8>, CompileFailure> {
        let bytes = std::fs::read(path)
            .map_err(|e| judge_error(format!("cannot read {}: {e}", path.display())))?;
        if self.substitutions.is_empty() {
            return Ok(bytes);
        }
        match String::from_utf8(bytes) {
            Ok(mut text) => {
                for (token, value) in &self.substitutions {
                    if text.contains(token.as_str()) {
                        text = text.replace(token.as_str(), value);
                    }
                }
                Ok(text.into_bytes())
            }
            Err(e) => Ok(e.into_bytes()),
        }
    }

    /// The same with the include files of `package` added: the files of
    /// `include/<key>/` (the language's key, `cpp`, `python3`, `java`, …) and of
    /// `include/default/`, the language's own winning over the default ones.
    pub fn with_includes(mut self, package: &Path) -> Sources {
        let mut by_name: std::collections::BTreeMap<std::ffi::OsString, PathBuf> =
            Default::default();
        for folder in ["default", self.language.spec().key] {
            let Ok(entries) = std::fs::read_dir(package.join("include").join(folder)) else {
                continue;
            };
            for path in entries.flatten().map(|e| e.path()) {
                if let (true, Some(name)) = (path.is_file(), path.file_name()) {
                    by_name.insert(name.to_os_string(), path.clone());
                }
            }
        }
        self.include = by_name.into_values().collect();
        self
    }
}

/// Why `lang` cannot be compiled or run here, if it cannot.
pub fn installed(lang: Language) -> Result<(), String> {
    let found = |tool: &str| system_tool(tool).is_ok();
    let ok = match lang {
        Language::Python2 => python2().is_some(),
        Language::Java => found("javac") && found("java"),
        Language::Kotlin => found("kotlinc") && found("kotlin"),
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err(not_installed(lang))
    }
}

fn not_installed(lang: Language) -> String {
    format!("{} is not installed", lang.name())
}

/// Why a source could not be turned into a program.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{verdict}: {message}")]
pub struct CompileFailure {
    /// CE (the source is at fault) or JE (no compiler, judge-side failure).
    pub verdict: Verdict,
    /// The compiler's message, or what went wrong.
    pub message: String,
}

/// Finds `command` like a shell would: as a path when it contains `/`, else in `PATH`.
/// Returns an absolute path.
pub fn resolve(command: &str) -> Option<PathBuf> {
    if command.contains('/') {
        let p = Path::new(command);
        let abs = if p.is_absolute() {
            p.to_path_buf()
        } else {
            std::env::current_dir().ok()?.join(p)
        };
        return abs.is_file().then_some(abs);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(command))
        .find(|p| p.is_file())
        .and_then(|p| {
            if p.is_absolute() {
                Some(p)
            } else {
                std::env::current_dir().ok().map(|d| d.join(p))
            }
        })
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
pub const COMPILE_OPEN_FILES: u64 = 1024;

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

/// A compiler found for the sandbox: the executable, and the folders it needs beyond
/// the system ones.
struct Toolchain {
    program: PathBuf,
    read_only: Vec<PathBuf>,
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

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

impl Compiler {
    /// Compiles with `launcher` under the default [`CompileLimits`], hiding nothing extra.
    pub fn new(launcher: &Path) -> Compiler {
        Compiler {
            launcher: launcher.to_path_buf(),
            limits: CompileLimits::default(),
            hide: Vec::new(),
        }
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
    pub fn compile_sources(&self, sources: &Sources) -> Result<Program, CompileFailure> {
        let lang = sources.language;
        let lease = is_root().then(|| UidLease::acquire(COMPILE_SLOT));
        let isolation = Isolation::strongest_for_uid(lease.as_ref().map_or(0, UidLease::uid));
        let build = BuildFolder::new(isolation.run_as)?;
        let single = sources.files.len() == 1 && sources.include.is_empty();
        let file_name = |p: &Path| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        };
        // (name in the build folder, the file), the submission's own last: it wins.
        let mut copies: std::collections::BTreeMap<String, PathBuf> = Default::default();
        for path in sources.include.iter().chain(&sources.files) {
            let name = match (single, lang) {
                (true, Language::C) => "main.c".to_string(),
                (true, Language::Cpp) => "main.cpp".to_string(),
                (true, Language::Rust) => "main.rs".to_string(),
                (true, Language::Python | Language::Python2) => "main.py".to_string(),
                _ => file_name(path),
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
        // The entry file is one of the submission's own sources: an included file
        // (`include/python3/util.py`) is never run in its place.
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
        let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (tool, argv) = match lang {
            Language::C | Language::Cpp | Language::Rust => {
                let tool = match lang {
                    Language::C => system_tool("gcc")?,
                    Language::Cpp => system_tool("g++")?,
                    _ => rust_toolchain()?,
                };
                let built = if lang == Language::Rust {
                    std::slice::from_ref(&main)
                } else {
                    &source_names[..]
                };
                let argv = lang
                    .build_argv("main", built, &[])
                    .ok_or_else(|| judge_error("no build command".into()))?;
                (tool, argv)
            }
            Language::Python | Language::Python2 => {
                let (name, program) = match lang {
                    Language::Python => ("python3", python()),
                    _ => ("python2", python2()),
                };
                let program = program.ok_or_else(|| judge_error(not_installed(lang)))?;
                let mut argv = strings(&[
                    name,
                    "-c",
                    "import sys\nfor f in sys.argv[1:]: compile(open(f, 'rb').read(), f, 'exec')",
                ]);
                argv.extend(source_names.iter().cloned());
                (
                    Toolchain {
                        program,
                        read_only: Vec::new(),
                    },
                    argv,
                )
            }
            Language::Java => {
                let mut argv = strings(&[
                    "javac",
                    "-J-XX:+UseSerialGC",
                    "-J-XX:-UsePerfData",
                    "-encoding",
                    "UTF-8",
                    "-d",
                    ".",
                ]);
                argv.extend(source_names.iter().cloned());
                (system_tool("javac")?, argv)
            }
            Language::Kotlin => {
                let mut argv = strings(&["kotlinc", "-d", "."]);
                argv.extend(source_names.iter().cloned());
                (system_tool("kotlinc")?, argv)
            }
        };
        let name = argv[0].clone();
        let origin = match (single, copies.iter().next()) {
            (true, Some((copy, _))) => Some(copy.clone()),
            _ => None,
        };
        self.run_build(BuildRun {
            name: &name,
            program: &tool.program,
            argv,
            workdir: build.workdir(),
            read_only: tool.read_only.clone(),
            isolation,
        })
        .map_err(|f| {
            let copy = origin.as_deref().unwrap_or("");
            rename_source(f, copy, build.workdir(), &sources.origin)
        })?;
        let out = ProgramFolder::new()?;
        let owner = isolation.run_as.map(|r| r.uid);
        let program = |path: PathBuf, argv: Vec<String>, read_only: Vec<PathBuf>| Program {
            path,
            argv,
            read_only,
            _dir: None,
            _staged: None,
        };
        let program = match lang {
            Language::Python | Language::Python2 => {
                let mut script = PathBuf::new();
                for (copy, path) in copies.iter().filter(|(n, _)| lang.matches(Path::new(n))) {
                    let text = sources.read(path)?;
                    let written = out.write(copy, &text, false)?;
                    if *copy == main {
                        script = written;
                    }
                }
                let folder = (!single).then(|| out.dir.path().to_path_buf());
                program(
                    tool.program.clone(),
                    vec![name, script.display().to_string()],
                    folder.into_iter().collect(),
                )
            }
            Language::Java | Language::Kotlin => {
                // A `package a.b;` declaration puts its classes in `a/b/`: the tree is
                // copied as it is, and the class run by its qualified name.
                let found = class_files(build.workdir(), owner, self.limits.file_bytes)
                    .map_err(|e| judge_error(format!("{name} wrote no usable class: {e}")))?;
                if found.is_empty() {
                    return Err(judge_error(format!("{name} succeeded but wrote no class")));
                }
                let mut with_main = Vec::new();
                let mut names = Vec::new();
                for (rel, bytes) in &found {
                    let class = qualified_name(rel);
                    let simple = class.rsplit('.').next().unwrap_or_default();
                    if !simple.contains('$') {
                        if declares_main(bytes) {
                            with_main.push(class.clone());
                        }
                        names.push(class);
                    }
                    out.write_nested(rel, bytes)?;
                }
                let stem = Path::new(&main)
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let simple = if lang == Language::Java {
                    stem
                } else {
                    let mut c = stem.chars();
                    let upper: String = c.next().into_iter().flat_map(char::to_uppercase).collect();
                    format!("{upper}{}Kt", c.as_str())
                };
                let class = main_class(&simple, &names, &with_main, lang == Language::Java);
                let dir = out.dir.path().to_path_buf();
                let runner = if lang == Language::Java {
                    "java"
                } else {
                    "kotlin"
                };
                let runner_path = system_tool(runner)?.program;
                let mut argv = strings(JVM_RUN_FLAGS);
                if lang == Language::Kotlin {
                    argv = argv.iter().map(|f| format!("-J{f}")).collect();
                }
                argv.insert(0, runner.to_string());
                argv.extend(["-cp".to_string(), dir.display().to_string(), class]);
                program(runner_path, argv, vec![dir])
            }
            Language::C | Language::Cpp | Language::Rust => {
                let bytes =
                    read_output(&build.workdir().join("main"), owner, self.limits.file_bytes)
                        .map_err(|e| {
                            judge_error(format!(
                                "{name} succeeded but wrote no usable program: {e}"
                            ))
                        })?;
                // A source can make its compiler write something else than a program:
                // `#![crate_type = "lib"]` turns rustc's `main` into a library archive,
                // which would fail every run with a judge error. Not a program: CE.
                if !bytes.starts_with(b"\x7fELF") {
                    return Err(CompileFailure {
                        verdict: Verdict::CompileError,
                        message: format!(
                            "{name} wrote no executable program (an ELF file) but {}: \
                             a library crate (#![crate_type])?",
                            if bytes.starts_with(b"!<arch>") {
                                "a library archive"
                            } else {
                                "another kind of file"
                            }
                        ),
                    });
                }
                let path = out.write("main", &bytes, true)?;
                program(path, vec!["main".into()], Vec::new())
            }
        };
        Ok(Program {
            _dir: Some(out.dir),
            ..program
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
        let tool = if name == "rustc" {
            rust_toolchain()?
        } else {
            system_tool(name)?
        };
        let lease = is_root().then(|| UidLease::acquire(COMPILE_SLOT));
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
        // SAFETY: geteuid has no preconditions.
        let euid = unsafe { libc::geteuid() };
        // SAFETY: getegid has no preconditions.
        let judge = (euid, unsafe { libc::getegid() });
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
        let wall = || format!("the wall-time limit of {}", seconds(l.wall));
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

/// `30 s`, `2.5 s`.
fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0} s")
    } else {
        format!("{s} s")
    }
}

/// At most [`MAX_MESSAGE`] bytes of `text` (cut at a character boundary, marked `…`).
fn truncate_message(text: &str) -> String {
    let mut message = text.to_string();
    if message.len() > MAX_MESSAGE {
        let mut cut = MAX_MESSAGE;
        while !message.is_char_boundary(cut) {
            cut -= 1;
        }
        message.truncate(cut);
        message.push_str(" …");
    }
    message
}

/// The beginning of a captured stream (enough for any message kept): a compiler
/// may have written up to the file size limit.
fn read_head(path: &Path) -> String {
    let mut bytes = Vec::new();
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(4 * MAX_MESSAGE as u64).read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A base folder every user can pass through: the temporary folder when the sandbox
/// uid can reach it, else `/tmp`.
fn reachable_base() -> PathBuf {
    let tmp = std::env::temp_dir();
    let searchable = |d: &Path| {
        d.ancestors().all(|a| {
            std::fs::metadata(a).is_ok_and(|m| m.is_dir() && m.permissions().mode() & 0o001 != 0)
        })
    };
    if searchable(&tmp) {
        tmp
    } else {
        PathBuf::from("/tmp")
    }
}

fn set_mode(path: &Path, mode: u32) -> Result<(), CompileFailure> {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .map_err(|e| judge_error(format!("cannot chmod {}: {e}", path.display())))
}

fn chown(path: &Path, owner: Option<(u32, u32)>) -> Result<(), CompileFailure> {
    std::os::unix::fs::chown(path, owner.map(|o| o.0), owner.map(|o| o.1))
        .map_err(|e| judge_error(format!("cannot chown {}: {e}", path.display())))
}

/// Hands `dir` and everything beneath it to `owner` (symbolic links themselves, never
/// what they point to); `None` changes nothing.
fn chown_tree(dir: &Path, owner: Option<(u32, u32)>) -> std::io::Result<()> {
    let Some((uid, gid)) = owner else {
        return Ok(());
    };
    std::os::unix::fs::lchown(dir, Some(uid), Some(gid))?;
    let meta = std::fs::symlink_metadata(dir)?;
    if meta.is_dir() {
        for entry in std::fs::read_dir(dir)? {
            chown_tree(&entry?.path(), owner)?;
        }
    }
    Ok(())
}

/// The private folder one compile works in: a root-owned `gridjudge-build-*` folder
/// (0711; 0700 when the judge is not root) holding `box/`, the compiler's working
/// folder, owned by the compile uid with mode 0700. The compile uid cannot rename or
/// replace `box/` itself. Removed, with the source copy, on drop.
struct BuildFolder {
    _outer: tempfile::TempDir,
    work: PathBuf,
    owner: Option<(u32, u32)>,
}

impl BuildFolder {
    fn new(run_as: Option<RunAs>) -> Result<BuildFolder, CompileFailure> {
        let outer = tempfile::Builder::new()
            .prefix("gridjudge-build-")
            .tempdir_in(reachable_base())
            .map_err(|e| judge_error(format!("cannot create a build folder: {e}")))?;
        let owner = run_as.map(|r| (r.uid, r.gid));
        set_mode(outer.path(), if owner.is_some() { 0o711 } else { 0o700 })?;
        let work = outer.path().join("box");
        std::fs::create_dir(&work)
            .map_err(|e| judge_error(format!("cannot create a build folder: {e}")))?;
        set_mode(&work, 0o700)?;
        chown(&work, owner)?;
        Ok(BuildFolder {
            _outer: outer,
            work,
            owner,
        })
    }

    fn workdir(&self) -> &Path {
        &self.work
    }

    /// Writes `bytes` to `name` in the working folder, mode 0600, owned by the compile uid.
    fn write_private(&self, name: &str, bytes: &[u8]) -> Result<(), CompileFailure> {
        let path = self.work.join(name);
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&path)
            .and_then(|mut f| f.write_all(bytes).map(|()| f))
            .map_err(|e| judge_error(format!("cannot write the source copy: {e}")))?;
        let _ = f.flush();
        chown(&path, self.owner)
    }
}

/// The folder a compiled program lives in: root-owned, group `nogroup` (the group the
/// sandbox uids run with), mode 0750, when the judge is root; else 0700, the judge's.
struct ProgramFolder {
    dir: tempfile::TempDir,
    shared_group: bool,
}

impl ProgramFolder {
    fn new() -> Result<ProgramFolder, CompileFailure> {
        let dir = tempfile::Builder::new()
            .prefix("gridjudge-program-")
            .tempdir_in(reachable_base())
            .map_err(|e| judge_error(format!("cannot create a folder for the program: {e}")))?;
        let folder = ProgramFolder {
            dir,
            shared_group: is_root(),
        };
        folder.own(folder.dir.path())?;
        Ok(folder)
    }

    /// Gives the folder `path` the owner and mode of the program folder.
    fn own(&self, path: &Path) -> Result<(), CompileFailure> {
        if self.shared_group {
            chown(path, Some((0, SANDBOX_GID)))?;
            set_mode(path, 0o750)
        } else {
            set_mode(path, 0o700)
        }
    }

    /// Writes `bytes` to the relative path `rel` (not executable), making its folders
    /// as [`ProgramFolder::new`] makes the top one.
    fn write_nested(&self, rel: &Path, bytes: &[u8]) -> Result<PathBuf, CompileFailure> {
        let mut folder = self.dir.path().to_path_buf();
        for part in rel.parent().into_iter().flat_map(Path::components) {
            folder.push(part);
            if !folder.is_dir() {
                std::fs::create_dir(&folder)
                    .map_err(|e| judge_error(format!("cannot create {}: {e}", folder.display())))?;
                self.own(&folder)?;
            }
        }
        self.write(&rel.to_string_lossy(), bytes, false)
    }

    /// Writes `bytes` to `name`: 0550 (or 0440 when not `executable`) with the shared
    /// group, else 0500 / 0400.
    fn write(&self, name: &str, bytes: &[u8], executable: bool) -> Result<PathBuf, CompileFailure> {
        let path = self.dir.path().join(name);
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&path)
            .and_then(|mut f| f.write_all(bytes))
            .map_err(|e| judge_error(format!("cannot write {}: {e}", path.display())))?;
        let mode = match (self.shared_group, executable) {
            (true, true) => 0o550,
            (true, false) => 0o440,
            (false, true) => 0o500,
            (false, false) => 0o400,
        };
        if self.shared_group {
            chown(&path, Some((0, SANDBOX_GID)))?;
        }
        set_mode(&path, mode)?;
        Ok(path)
    }
}

/// The compiled program at `path`, read without following a link: it must be a
/// regular file with one name, owned by `owner` (the compile uid) when given, and at
/// most `limit` bytes. The compile uid cannot slip in a link to a file of the judge's.
fn read_output(path: &Path, owner: Option<u32>, limit: u64) -> std::io::Result<Vec<u8>> {
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)?;
    let meta = f.metadata()?;
    let refuse = |why: &str| Err(std::io::Error::other(format!("{}: {why}", path.display())));
    if !meta.is_file() {
        return refuse("not a regular file");
    }
    if meta.nlink() != 1 {
        return refuse("a file with other names");
    }
    if owner.is_some_and(|uid| meta.uid() != uid) {
        return refuse("not written by the compiler");
    }
    let mut bytes = Vec::new();
    f.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return refuse("larger than the file size limit");
    }
    Ok(bytes)
}

/// The sandbox's `PATH` folders, where compilers are looked up first.
const SYSTEM_PATH: &[&str] = &["/usr/local/bin", "/usr/bin", "/bin"];

/// `name` from the system folders the sandbox reads, else from the judge's `PATH`
/// (then its installation prefix, the folder above its `bin`, is made readable).
fn system_tool(name: &str) -> Result<Toolchain, CompileFailure> {
    if let Some(p) = SYSTEM_PATH
        .iter()
        .map(|d| Path::new(d).join(name))
        .find(|p| p.is_file())
    {
        return Ok(Toolchain {
            program: p,
            read_only: Vec::new(),
        });
    }
    let program =
        resolve(name).ok_or_else(|| judge_error(format!("compiler not found: {name}")))?;
    let prefix = program
        .parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .into_iter()
        .collect();
    Ok(Toolchain {
        program,
        read_only: prefix,
    })
}

/// rustc as the sandbox runs it: `<sysroot>/bin/rustc` itself (not rustup's proxy, which
/// reads the judge's home), the sysroot readable. The sysroot comes from `rustc --print
/// sysroot`, run by the judge. A toolchain under a private home (rustup's under `/root`)
/// still works for the compile uid: the run's minimal root binds the sysroot at its own
/// path, under folders every user may enter.
fn rust_toolchain() -> Result<Toolchain, CompileFailure> {
    let proxy = resolve("rustc").ok_or_else(|| judge_error("compiler not found: rustc".into()))?;
    let out = std::process::Command::new(&proxy)
        .args(["--print", "sysroot"])
        .output()
        .map_err(|e| {
            judge_error(format!(
                "cannot run {} --print sysroot: {e}",
                proxy.display()
            ))
        })?;
    if !out.status.success() {
        return Err(judge_error(format!(
            "{} --print sysroot failed: {}",
            proxy.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    let sysroot = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    let rustc = sysroot.join("bin").join("rustc");
    if !rustc.is_file() {
        return Err(judge_error(format!(
            "no rustc in the sysroot {}",
            sysroot.display()
        )));
    }
    Ok(Toolchain {
        program: rustc,
        read_only: vec![sysroot],
    })
}

/// The Python interpreter submissions run with: the system one when present (a sandbox
/// user can reach it), else `python3` from `PATH`.
fn python() -> Option<PathBuf> {
    let system = Path::new("/usr/bin/python3");
    if system.is_file() {
        Some(system.to_path_buf())
    } else {
        resolve("python3")
    }
}

/// Python 2 as the sandbox runs it: only from the system folders (a version manager's
/// shim in the judge's `PATH` is no Python the sandbox user can run).
fn python2() -> Option<PathBuf> {
    SYSTEM_PATH
        .iter()
        .map(|d| Path::new(d).join("python2"))
        .find(|p| p.is_file())
}

/// Names the contestant's file, not the build copy, in compiler messages: the build
/// folder's path is dropped (`/tmp/gridjudge-build-…/box/ccX.s` becomes `ccX.s`), and
/// `main.c` where it stands as a file name (alone, or under
/// [`BOX_DIR`](crate::sandbox::BOX_DIR)) becomes `original`.
fn rename_source(
    mut failure: CompileFailure,
    copy_name: &str,
    workdir: &Path,
    original: &Path,
) -> CompileFailure {
    let original = original.display().to_string();
    let mut message = failure.message;
    message = message.replace(&format!("{}/", workdir.display()), "");
    if copy_name.is_empty() {
        // Several files keep their own names.
        failure.message = message;
        return failure;
    }
    message = message.replace(
        &format!("{}/{copy_name}", crate::sandbox::BOX_DIR),
        copy_name,
    );
    let mut out = String::with_capacity(message.len());
    let mut rest = message.as_str();
    let mut prev: Option<char> = None;
    while let Some(i) = rest.find(copy_name) {
        let before = rest[..i].chars().next_back().or(prev);
        let after = rest[i + copy_name.len()..].chars().next();
        let starts = before.is_none_or(|c| c.is_whitespace() || "\"'`(‘“".contains(c));
        let ends = after.is_none_or(|c| c.is_whitespace() || ":\"'`),’”".contains(c));
        out.push_str(&rest[..i]);
        out.push_str(if starts && ends { &original } else { copy_name });
        prev = copy_name.chars().next_back();
        rest = &rest[i + copy_name.len()..];
    }
    out.push_str(rest);
    failure.message = out;
    failure
}

/// The most telling line of a compiler message: the first that names an error
/// (`error:`, `error[E…]`, a linker's `undefined reference to`, Python's `…Error:`),
/// passing over the summaries that only say that something failed (`collect2: error:
/// ld returned 1 exit status`, rustc's `error: aborting due to …`); else the first line.
pub fn headline(message: &str) -> &str {
    let summary = |l: &str| {
        l.contains("ld returned")
            || l.contains("aborting due to")
            || l.contains("could not compile")
            || l.trim_start().starts_with("compilation terminated")
    };
    let names_error = |l: &str| {
        [
            "error:",
            "error[",
            "Error:",
            "Error(",
            "undefined reference to",
        ]
        .iter()
        .any(|e| l.contains(e))
    };
    message
        .lines()
        .find(|l| names_error(l) && !summary(l))
        .or_else(|| message.lines().find(|l| names_error(l)))
        .or_else(|| message.lines().next())
        .unwrap_or("")
}

#[cfg(test)]
mod rename_tests {
    use super::{rename_source, CompileFailure};
    use crate::Verdict;
    use std::path::Path;

    fn renamed(message: &str) -> String {
        let failure = CompileFailure {
            verdict: Verdict::CompileError,
            message: message.into(),
        };
        rename_source(
            failure,
            "main.c",
            Path::new("/tmp/gridjudge-build-x/box"),
            Path::new("sub/typo.c"),
        )
        .message
    }

    #[test]
    fn the_language_table_shows_the_jvm_flags_used() {
        let flags = super::JVM_RUN_FLAGS.join(" ");
        let java = super::Language::Java.spec().run;
        assert!(java.contains(&format!("java {flags} -cp")), "{java}");
        let kotlin = super::Language::Kotlin.spec().run;
        let j: Vec<String> = super::JVM_RUN_FLAGS
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

    #[test]
    fn the_build_copy_is_named_as_the_contestants_file() {
        assert_eq!(
            renamed("main.c:2:25: error: x"),
            "sub/typo.c:2:25: error: x"
        );
        assert_eq!(
            renamed("main.c: In function ‘main’:\nmain.c:3:1: note"),
            "sub/typo.c: In function ‘main’:\nsub/typo.c:3:1: note"
        );
        assert_eq!(renamed("/box/main.c:1:1: e"), "sub/typo.c:1:1: e");
        assert_eq!(
            renamed("/tmp/gridjudge-build-x/box/ccX.s:7: Error"),
            "ccX.s:7: Error"
        );
        assert_eq!(
            renamed("File \"main.c\", line 1"),
            "File \"sub/typo.c\", line 1"
        );
        // Not a file name on its own: left alone.
        assert_eq!(renamed("domain.c: x; main.cc"), "domain.c: x; main.cc");
    }
}

#[cfg(test)]
mod class_tests {
    use super::{class_files, main_class, qualified_name, MAX_PACKAGE_DEPTH};
    use std::path::Path;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_run_class_is_found_by_name_then_by_main_in_any_package() {
        let names = strings(&["a.b.Sum", "a.b.Helper"]);
        assert_eq!(
            main_class("Sum", &names, &strings(&["a.b.Sum"]), true),
            "a.b.Sum"
        );
        // Not named after the file: the one class declaring `main`, Java only.
        let names = strings(&["a.b.Main", "a.b.Helper"]);
        let main = strings(&["a.b.Main"]);
        assert_eq!(main_class("sum-main", &names, &main, true), "a.b.Main");
        assert_eq!(main_class("SumKt", &names, &main, false), "SumKt");
        // Two packages with a class of the file's name: the one declaring `main`.
        let names = strings(&["x.Sum", "y.Sum"]);
        assert_eq!(
            main_class("Sum", &names, &strings(&["y.Sum"]), true),
            "y.Sum"
        );
        // Nothing to go by: the name itself, and the run fails as elsewhere.
        assert_eq!(main_class("Sum", &names, &[], true), "Sum");
        let two = strings(&["p.A", "q.B"]);
        assert_eq!(main_class("Sum", &two, &two, true), "Sum");
        assert_eq!(main_class("Main", &strings(&["Main"]), &[], true), "Main");
    }

    #[test]
    fn qualified_names_follow_the_package_folders() {
        assert_eq!(qualified_name(Path::new("Main.class")), "Main");
        assert_eq!(qualified_name(Path::new("a/b/Main.class")), "a.b.Main");
        assert_eq!(qualified_name(Path::new("a/Main$1.class")), "a.Main$1");
    }

    #[test]
    fn class_files_are_taken_from_package_folders_and_links_passed_over() {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path();
        std::fs::create_dir_all(root.join("a/b")).expect("mkdir");
        std::fs::write(root.join("a/b/Main.class"), b"cafe").expect("write");
        std::fs::write(root.join("Top.class"), b"babe").expect("write");
        std::fs::write(root.join("Main.java"), b"source").expect("write");
        let outside = tempfile::tempdir().expect("temp dir");
        std::fs::write(outside.path().join("Secret.class"), b"judge's").expect("write");
        std::os::unix::fs::symlink(outside.path(), root.join("linked")).expect("link");
        std::os::unix::fs::symlink(
            outside.path().join("Secret.class"),
            root.join("Alias.class"),
        )
        .expect("link");
        let found = class_files(root, None, 1 << 20).expect("read");
        let got: Vec<(String, &[u8])> = found
            .iter()
            .map(|(p, b)| (p.display().to_string(), b.as_slice()))
            .collect();
        assert_eq!(
            got,
            [
                ("Top.class".to_string(), &b"babe"[..]),
                ("a/b/Main.class".to_string(), &b"cafe"[..]),
            ]
        );
        // Too large a class is refused, not cut.
        assert!(class_files(root, None, 3).is_err());
        // Package folders past the depth bound are refused.
        let deep = tempfile::tempdir().expect("temp dir");
        let mut path = deep.path().to_path_buf();
        for _ in 0..=MAX_PACKAGE_DEPTH {
            path.push("p");
        }
        std::fs::create_dir_all(&path).expect("mkdir");
        let err = class_files(deep.path(), None, 1 << 20).expect_err("too deep");
        assert!(err.to_string().contains("deeper"), "{err}");
    }
}

#[cfg(test)]
mod headline_tests {
    use super::headline;

    #[test]
    fn the_line_naming_the_problem_not_the_summary() {
        let ld = "/usr/bin/ld: /usr/lib/x86_64-linux-gnu/crt1.o: in function `_start':\n\
                  (.text+0x1b): undefined reference to `main'\n\
                  collect2: error: ld returned 1 exit status";
        assert_eq!(headline(ld), "(.text+0x1b): undefined reference to `main'");
        let gcc = "main.c: In function 'main':\nmain.c:3:5: error: 'x' undeclared\n";
        assert_eq!(headline(gcc), "main.c:3:5: error: 'x' undeclared");
        let rustc = "error[E0425]: cannot find value `x`\n --> main.rs:1:13\n\
                     error: aborting due to 1 previous error";
        assert_eq!(headline(rustc), "error[E0425]: cannot find value `x`");
        assert_eq!(
            headline("collect2: error: ld returned 1 exit status"),
            "collect2: error: ld returned 1 exit status"
        );
        assert_eq!(headline("just text\nmore"), "just text");
        assert_eq!(headline(""), "");
    }
}
