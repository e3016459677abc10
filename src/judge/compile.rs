//! Turning a contestant source file into a runnable program with the usual judge flags:
//! `gcc -O2 -std=c11 … -lm`, `g++ -O2 -std=c++17`, `rustc -O --edition 2021`, and
//! `python3` (byte-compiled once to catch syntax errors).
//!
//! The compiler runs through the same launcher as submissions (generous limits, as the
//! judge's own user, so toolchains under `$HOME` work). A failed compile is a
//! [`CompileFailure`] with the CE verdict and the compiler's message; a missing
//! compiler is JE. The result lives in a fresh world-readable temporary folder, so a
//! sandbox user can run it.

use crate::judge::limit_verdict::limit_verdict;
use crate::sandbox::limits::{Isolation, Limits, MemoryMode, MIB};
use crate::sandbox::{self, CaseDirs, ExitStatus, RunSpec};
use crate::Verdict;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A source language, chosen by file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Language {
    /// `.c`
    C,
    /// `.cpp`, `.cc`, `.cxx`
    Cpp,
    /// `.rs`
    Rust,
    /// `.py`
    Python,
}

impl Language {
    /// The language of `path` by its extension.
    pub fn from_path(path: &Path) -> Option<Language> {
        match path.extension()?.to_str()? {
            "c" => Some(Language::C),
            "cpp" | "cc" | "cxx" => Some(Language::Cpp),
            "rs" => Some(Language::Rust),
            "py" => Some(Language::Python),
            _ => None,
        }
    }
}

/// A runnable program: what to exec and with which argv. Keeps its folder alive.
#[derive(Debug)]
pub struct Program {
    /// Absolute path of the executable.
    pub path: PathBuf,
    /// `argv[0]` and the arguments.
    pub argv: Vec<String>,
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
            _dir: None,
            _staged: None,
        })
    }
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

const MAX_MESSAGE: usize = 4000;

/// Compiles `source` (language by extension) with the launcher `launcher`.
pub fn compile(source: &Path, launcher: &Path) -> Result<Program, CompileFailure> {
    let je = |message: String| CompileFailure {
        verdict: Verdict::JudgeError,
        message,
    };
    let lang = Language::from_path(source).ok_or_else(|| {
        je(format!(
            "{}: unknown language (expected .c, .cpp, .cc, .rs or .py)",
            source.display()
        ))
    })?;
    let dir = tempfile::Builder::new()
        .prefix("gridjudge-build-")
        .tempdir()
        .map_err(|e| je(format!("cannot create a build folder: {e}")))?;
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
        .map_err(|e| je(format!("cannot open up the build folder: {e}")))?;
    let file_name = match lang {
        Language::C => "main.c",
        Language::Cpp => "main.cpp",
        Language::Rust => "main.rs",
        Language::Python => "main.py",
    };
    let src = dir.path().join(file_name);
    std::fs::copy(source, &src)
        .map_err(|e| je(format!("cannot read {}: {e}", source.display())))?;
    std::fs::set_permissions(&src, std::fs::Permissions::from_mode(0o644))
        .map_err(|e| je(format!("cannot chmod the source copy: {e}")))?;
    let exe = dir.path().join("main");
    let s = |p: &Path| p.display().to_string();
    let (compiler, args, program, argv): (&str, Vec<String>, PathBuf, Vec<String>) = match lang {
        Language::C => (
            "gcc",
            vec![
                "-O2".into(),
                "-std=c11".into(),
                "-o".into(),
                s(&exe),
                s(&src),
                "-lm".into(),
            ],
            exe.clone(),
            vec!["main".into()],
        ),
        Language::Cpp => (
            "g++",
            vec![
                "-O2".into(),
                "-std=c++17".into(),
                "-o".into(),
                s(&exe),
                s(&src),
            ],
            exe.clone(),
            vec!["main".into()],
        ),
        Language::Rust => (
            "rustc",
            vec![
                "-O".into(),
                "--edition".into(),
                "2021".into(),
                "-o".into(),
                s(&exe),
                s(&src),
            ],
            exe.clone(),
            vec!["main".into()],
        ),
        Language::Python => {
            let py = python().ok_or_else(|| je("python3 not found".into()))?;
            let check = vec![
                "-c".into(),
                "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')".into(),
                s(&src),
            ];
            let py_s = s(&py);
            run_compiler(launcher, &py, &py_s, check, dir.path())
                .map_err(|f| rename_source(f, &src, source))?;
            return Ok(Program {
                path: py,
                argv: vec!["python3".into(), s(&src)],
                _dir: Some(dir),
                _staged: None,
            });
        }
    };
    let compiler_path =
        resolve(compiler).ok_or_else(|| je(format!("compiler not found: {compiler}")))?;
    run_compiler(launcher, &compiler_path, compiler, args, dir.path())
        .map_err(|f| rename_source(f, &src, source))?;
    if !program.is_file() {
        return Err(je(format!("{compiler} succeeded but wrote no program")));
    }
    Ok(Program {
        path: program,
        argv,
        _dir: Some(dir),
        _staged: None,
    })
}

/// Names the contestant's file, not the build copy, in compiler messages.
fn rename_source(mut failure: CompileFailure, copy: &Path, original: &Path) -> CompileFailure {
    failure.message = failure
        .message
        .replace(&copy.display().to_string(), &original.display().to_string());
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

/// Runs a compiler under generous limits; a non-zero exit is CE with its stderr.
fn run_compiler(
    launcher: &Path,
    compiler: &Path,
    name: &str,
    args: Vec<String>,
    workdir: &Path,
) -> Result<(), CompileFailure> {
    let je = |message: String| CompileFailure {
        verdict: Verdict::JudgeError,
        message,
    };
    let io = CaseDirs::new(None).map_err(|e| je(format!("cannot create temp folders: {e}")))?;
    let mut limits = Limits::new(Duration::from_secs(60), 2048 * MIB);
    limits.wall = Duration::from_secs(120);
    limits.memory_mode = MemoryMode::PeakRss;
    limits.output_bytes = 256 * MIB;
    limits.processes = None;
    let mut argv = vec![name.to_string()];
    argv.extend(args);
    let spec = RunSpec {
        program: compiler.to_path_buf(),
        argv,
        env: std::env::vars().collect(),
        workdir: workdir.to_path_buf(),
        stdin: PathBuf::from("/dev/null"),
        stdout: io.stdout(),
        stderr: io.stderr(),
        limits,
        isolation: Isolation::NONE,
        hide: vec![],
        read_only: vec![],
        keep_workdir: false,
    };
    let outcome = sandbox::Sandbox::new(launcher)
        .run(&spec)
        .map_err(|e| je(format!("{name}: {e}")))?;
    if outcome.status == ExitStatus::Exited(0) && outcome.killed_for.is_none() {
        return Ok(());
    }
    let mut text = std::fs::read(io.stderr()).unwrap_or_default();
    if text.is_empty() {
        text = std::fs::read(io.stdout()).unwrap_or_default();
    }
    let mut message = String::from_utf8_lossy(&text).trim().to_string();
    if message.len() > MAX_MESSAGE {
        let mut cut = MAX_MESSAGE;
        while !message.is_char_boundary(cut) {
            cut -= 1;
        }
        message.truncate(cut);
        message.push_str(" …");
    }
    if message.is_empty() {
        message = match limit_verdict(&outcome, &limits) {
            Some((v, m)) => format!("{name}: {v}: {m}"),
            None => format!("{name} failed"),
        };
    }
    Err(CompileFailure {
        verdict: Verdict::CompileError,
        message,
    })
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
