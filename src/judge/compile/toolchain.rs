//! Finding compilers and runtimes the way the sandbox runs them: in the system folders
//! first, else in the absolute folders of the judge's `PATH` (with the installation
//! prefix made readable); rustc as its sysroot's own binary, not rustup's proxy; Python 2
//! only from the system folders. Also says which languages cannot be judged here at all.
//!
//! The one program run here outside the sandbox, rustup's proxy asked for the sysroot,
//! runs as every host program does ([`toolchain_command`]): in `/`, with only the
//! variables that name the installation, so neither the caller's folder (a package's
//! `rust-toolchain.toml`) nor the caller's environment (`RUSTUP_TOOLCHAIN`) chooses
//! what it runs.

use super::{judge_error, CompileFailure, Language};
use crate::judge::language::{Build, Lookup};
use crate::sandbox::host::toolchain_command;
use std::path::{Path, PathBuf};

/// Why `lang` cannot be compiled or run here, if it cannot: a JVM language without its
/// compiler or its runner, an interpreter that `--python` cannot stand in for and that
/// is missing. (A missing C, C++ or Rust compiler, or Python 3, is a judge error of the
/// compile.)
pub fn installed(lang: Language) -> Result<(), String> {
    let found = |tool: &str| system_tool(tool).is_ok();
    let ok = match lang.spec().build {
        Build::Script {
            interpreter,
            lookup,
            choosable: false,
            ..
        } => find_interpreter(interpreter, lookup).is_some(),
        Build::Classes {
            compiler, runner, ..
        } => found(compiler) && found(runner),
        Build::Script { .. } | Build::Native { .. } => true,
    };
    if ok {
        Ok(())
    } else {
        Err(not_installed(lang))
    }
}

/// `path` (absolute) with its folder resolved when it has a `..` step, its file name
/// kept: a run may hide a folder that the path only passes through
/// (`mysud/../prog`, given inside the hidden problem folder `mysud`), and the program
/// must be found without it. The file name stays as given, since a link's own name can
/// matter (a virtual environment's `bin/python`).
pub(crate) fn without_parent_steps(path: &Path) -> PathBuf {
    let steps_up = path
        .components()
        .any(|c| c == std::path::Component::ParentDir);
    match (steps_up, path.parent(), path.file_name()) {
        (true, Some(folder), Some(name)) => std::fs::canonicalize(folder)
            .map(|f| f.join(name))
            .unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    }
}

pub(super) fn not_installed(lang: Language) -> String {
    format!("{} is not installed", lang.name())
}

/// Finds `command` like a shell would: as a path when it contains `/`, else in `PATH`.
/// Returns an absolute path with no `..` in it ([`without_parent_steps`]).
pub fn resolve(command: &str) -> Option<PathBuf> {
    if command.contains('/') {
        let p = Path::new(command);
        let abs = if p.is_absolute() {
            p.to_path_buf()
        } else {
            std::env::current_dir().ok()?.join(p)
        };
        return abs.is_file().then(|| without_parent_steps(&abs));
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

/// `name` in the absolute folders of the judge's `PATH` ([`find_program`](crate::sandbox::host::find_program)): never in the
/// caller's working folder, which an empty or relative entry would name.
fn find_tool(name: &str) -> Option<PathBuf> {
    crate::sandbox::host::find_program(name)
}

/// A compiler found for the sandbox: the executable, and the folders it needs beyond
/// the system ones.
pub(super) struct Toolchain {
    pub(super) program: PathBuf,
    pub(super) read_only: Vec<PathBuf>,
}

/// The sandbox's `PATH` folders, where compilers are looked up first.
const SYSTEM_PATH: &[&str] = &["/usr/local/bin", "/usr/bin", "/bin"];

/// `name` from the system folders the sandbox reads, else from the judge's `PATH`
/// (then its installation prefix, the folder above its `bin`, is made readable).
pub(super) fn system_tool(name: &str) -> Result<Toolchain, CompileFailure> {
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
        find_tool(name).ok_or_else(|| judge_error(format!("compiler not found: {name}")))?;
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
/// sysroot`, run by the judge outside the sandbox, so as a host program
/// ([`toolchain_command`]: in `/`, with only `HOME`, `RUSTUP_HOME`, `CARGO_HOME` of the
/// caller's environment): rustup's default toolchain, or the toolchain whose own `rustc`
/// comes first in the absolute folders of `PATH`. A toolchain under a private home
/// (rustup's under `/root`) still works for the compile uid: the run's minimal root binds
/// the sysroot at its own path, under folders every user may enter.
pub(super) fn rust_toolchain() -> Result<Toolchain, CompileFailure> {
    let proxy =
        find_tool("rustc").ok_or_else(|| judge_error("compiler not found: rustc".into()))?;
    let out = toolchain_command(&proxy)
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
    if !sysroot.is_absolute() || !rustc.is_file() {
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

/// A native compiler by its name: rustc as its toolchain's own binary
/// ([`rust_toolchain`]), any other from the system folders ([`system_tool`]).
pub(super) fn native_tool(name: &str) -> Result<Toolchain, CompileFailure> {
    if name == "rustc" {
        rust_toolchain()
    } else {
        system_tool(name)
    }
}

/// The interpreter `name` as submissions run it, found as `lookup` says: for
/// [`Lookup::SystemFirst`] the system one when present (a sandbox user can reach it),
/// else from the absolute folders of `PATH`; for [`Lookup::SystemOnly`] only from the
/// system folders.
pub(super) fn find_interpreter(name: &str, lookup: Lookup) -> Option<PathBuf> {
    match lookup {
        Lookup::SystemFirst => {
            let system = Path::new("/usr/bin").join(name);
            if system.is_file() {
                Some(system)
            } else {
                find_tool(name)
            }
        }
        Lookup::SystemOnly => SYSTEM_PATH
            .iter()
            .map(|d| Path::new(d).join(name))
            .find(|p| p.is_file()),
    }
}

/// The Python 3 interpreter `name` names for `--python`: a path to it, or a name looked
/// up in the system folders the sandbox's `PATH` holds (`pypy3`, `python3.12`), since a
/// version manager's shim is no interpreter the sandbox user can run. The error says
/// what was looked for.
pub fn python_named(name: &str) -> Result<PathBuf, String> {
    if name.contains('/') {
        let path = Path::new(name);
        return if path.is_file() {
            std::path::absolute(path).map_err(|e| format!("{name}: {e}"))
        } else {
            Err(format!("{name}: no such file"))
        };
    }
    SYSTEM_PATH
        .iter()
        .map(|d| Path::new(d).join(name))
        .find(|p| p.is_file())
        .ok_or_else(|| format!("{name}: not found in {}", SYSTEM_PATH.join(", ")))
}
