//! The runnable result of a compile, or an existing command: what to exec, with which
//! argv and read-only folders, keeping the folder the executable lives in alive for as
//! long as the program is run.

use super::{resolve, CompileFailure};
use crate::sandbox::limits::{MemoryMode, MIB};
use crate::Verdict;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

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
    pub(super) _dir: Option<tempfile::TempDir>,
    pub(super) _staged: Option<tempfile::TempDir>,
}

impl Program {
    /// A copy of the executable `exe` in a fresh world-readable temporary folder, run
    /// with `args`: the sandbox user can run it even when `exe` lies under a folder it
    /// cannot enter (a checkout in a private temporary folder, a home directory).
    pub(crate) fn staged_copy(exe: &Path, args: &[String]) -> Result<Program, CompileFailure> {
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
    pub(crate) fn with_args(&self, args: &[String]) -> Program {
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
