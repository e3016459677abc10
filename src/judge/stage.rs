//! Staging: placing what a judge run executes where the sandbox user can read it.
//!
//! As root the judge runs programs as an unprivileged sandbox uid, with no supplementary
//! groups. That uid can only reach a file through folders that let *others* search
//! them, so `~/work/a.out` under a 0700 home folder, or anything under a `mktemp -d`
//! folder, would fail to `exec` on every case. Judges solve this by copying the
//! submission; so does [`stage`], once per judge run:
//!
//! - the executable, unless the sandbox user can already reach and run it (a system
//!   interpreter such as `/usr/bin/python3`, or a program the judge compiled into its
//!   private program folder of group `nogroup`, the sandbox users' group, stays where it
//!   is: see [`reachable_by_sandbox`]); a bare command name found out
//!   of reach in the judge's `PATH` (a pyenv shim) is first looked up in the sandbox's
//!   own `PATH`, since an interpreter copied away from its installation breaks;
//! - every argument that names an existing regular file (the script an interpreter is
//!   given, `python3 sol.py`), unless reachable; a relative one is also made absolute,
//!   as the program runs in a fresh working directory where it would not resolve.
//!
//! Copies go to a fresh folder (mode 0755, one sub-folder per file so names never
//! clash), owned by the judge: the sandbox user can read and run them but not change
//! them (files 0555, or 0444 for a file that was not executable). The Landlock ruleset
//! of a run (see [`confine`](crate::sandbox::confine)) already allows the program and every
//! absolute regular-file argument, so it now names the staged copies and nothing else.
//! Staging is only needed when a uid is dropped; without one, relative file arguments are
//! still made absolute. When a copy is needed and cannot be made reachable, [`stage`]
//! fails with the reason, and the judge reports JE.

use crate::judge::compile::{CompileFailure, Program};
use crate::sandbox::limits::SANDBOX_GID;
use crate::Verdict;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Whether a user that is neither the owner nor in the group of anything on the way
/// (the sandbox uid) can reach `path` and read it, and run it when `exec` is set:
/// every ancestor folder must let others search it (`o+x`), the file must let others
/// read it (`o+r`) and, for `exec`, run it (`o+x`). Symbolic links are followed. ACLs are
/// not consulted: a file they would open up is staged anyway, which is harmless.
pub fn reachable_by_others(path: &Path, exec: bool) -> bool {
    reachable(path, exec, None)
}

/// Whether the sandbox uids, which run with group [`SANDBOX_GID`] and no other, can
/// reach `path` and read it (and run it when `exec` is set): as [`reachable_by_others`],
/// but a file or folder of that group also lets them in through its group bits. A
/// compiled program's private folder (root-owned, group `nogroup`, 0750) passes.
pub fn reachable_by_sandbox(path: &Path, exec: bool) -> bool {
    reachable(path, exec, Some(SANDBOX_GID))
}

fn reachable(path: &Path, exec: bool, group: Option<u32>) -> bool {
    let Ok(real) = std::fs::canonicalize(path) else {
        return false;
    };
    // The permission bits that apply to a user of `group` who owns nothing.
    let bits = |m: &std::fs::Metadata| {
        let mode = m.permissions().mode();
        if group == Some(m.gid()) {
            (mode >> 3) & 0o7
        } else {
            mode & 0o7
        }
    };
    let Ok(meta) = std::fs::metadata(&real) else {
        return false;
    };
    let b = bits(&meta);
    if b & 0o4 == 0 || (exec && b & 0o1 == 0) {
        return false;
    }
    real.ancestors()
        .skip(1)
        .all(|dir| std::fs::metadata(dir).is_ok_and(|m| m.is_dir() && bits(&m) & 0o1 != 0))
}

/// The folder the staged copies live in, removed when the staged program is dropped.
fn staging_folder() -> Result<tempfile::TempDir, String> {
    let mut tried = Vec::new();
    let mut bases = vec![std::env::temp_dir()];
    if bases[0] != Path::new("/tmp") {
        bases.push(PathBuf::from("/tmp"));
    }
    for base in bases {
        let dir = match tempfile::Builder::new()
            .prefix("gridjudge-staged-")
            .tempdir_in(&base)
        {
            Ok(d) => d,
            Err(e) => {
                tried.push(format!("{}: {e}", base.display()));
                continue;
            }
        };
        if let Err(e) = std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
        {
            tried.push(format!("{}: {e}", dir.path().display()));
            continue;
        }
        // The folder itself must be reachable: its ancestors too.
        let marker = dir.path().join(".reachable");
        let ok = std::fs::write(&marker, b"")
            .and_then(|_| std::fs::set_permissions(&marker, std::fs::Permissions::from_mode(0o444)))
            .is_ok()
            && reachable_by_others(&marker, false);
        let _ = std::fs::remove_file(&marker);
        if ok {
            return Ok(dir);
        }
        tried.push(format!(
            "{}: a folder on the way does not let others in",
            base.display()
        ));
    }
    Err(format!(
        "no temporary folder the sandbox user can reach ({})",
        tried.join("; ")
    ))
}

/// Copies `file` into its own sub-folder `index` of `dir`, read-only for everyone
/// (keeping the execute bits), and returns the copy's path.
fn copy_in(dir: &Path, index: usize, file: &Path) -> Result<PathBuf, String> {
    let sub = dir.join(index.to_string());
    std::fs::create_dir(&sub)
        .and_then(|_| std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)))
        .map_err(|e| format!("cannot create {}: {e}", sub.display()))?;
    let name = file.file_name().unwrap_or(std::ffi::OsStr::new("program"));
    let copy = sub.join(name);
    std::fs::copy(file, &copy).map_err(|e| format!("cannot copy {}: {e}", file.display()))?;
    let executable = std::fs::metadata(file)
        .map(|m| m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false);
    let mode = if executable { 0o555 } else { 0o444 };
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(mode))
        .map_err(|e| format!("cannot make {} read-only: {e}", copy.display()))?;
    Ok(copy)
}

/// A bare command name (`python3`) found in the judge's `PATH` at a place the sandbox
/// user cannot reach (a pyenv shim, a virtual environment under a private home) is
/// looked up instead in the `PATH` programs get in the sandbox
/// ([`default_env`](crate::sandbox::default_env)): an interpreter copied out of
/// its installation would not find its libraries.
fn sandbox_path_command(name: &str) -> Option<PathBuf> {
    if name.is_empty() || name.contains('/') {
        return None;
    }
    let env = crate::sandbox::default_env(Path::new("/"));
    let (_, path) = env.iter().find(|(k, _)| k == "PATH")?;
    std::env::split_paths(path)
        .map(|d| d.join(name))
        .find(|p| p.is_file() && reachable_by_sandbox(p, true))
}

/// The absolute form of `arg` when it names an existing regular file (relative to the
/// judge's working directory), with no `..` step through a folder a run may hide
/// ([`without_parent_steps`](crate::judge::compile::without_parent_steps)),
/// else `None`.
fn file_argument(arg: &str) -> Option<PathBuf> {
    let p = Path::new(arg);
    if arg.is_empty() || !p.is_file() {
        return None;
    }
    std::path::absolute(p)
        .ok()
        .map(|abs| crate::judge::compile::without_parent_steps(&abs))
}

/// `program` made runnable by the sandbox user (see the module documentation): the
/// executable and the file arguments it cannot reach are copied (only when `drops_uid`),
/// relative file arguments become absolute. A program that needs nothing is returned
/// as it is, without a folder.
pub fn stage(program: Program, drops_uid: bool) -> Result<Program, CompileFailure> {
    stage_out_of(program, drops_uid, &[])
}

/// [`stage`], and every executable or file argument inside one of the `hidden` folders
/// (the problem folders a run hides from the program: a `./a.out` or
/// `python3 submissions/accepted/ok.py` given inside a problem folder or package) is
/// copied whatever the user, as the run could not see it where it is.
pub(crate) fn stage_out_of(
    program: Program,
    drops_uid: bool,
    hidden: &[PathBuf],
) -> Result<Program, CompileFailure> {
    let hidden: Vec<PathBuf> = hidden
        .iter()
        .filter_map(|h| std::fs::canonicalize(h).ok())
        .collect();
    let inside_hidden = |p: &Path| {
        std::fs::canonicalize(p).is_ok_and(|real| hidden.iter().any(|h| real.starts_with(h)))
    };
    let je = |message: String| CompileFailure {
        verdict: Verdict::JudgeError,
        message: format!("cannot stage the program for the sandbox user: {message}"),
    };
    let needs_copy =
        |p: &Path, exec: bool| inside_hidden(p) || (drops_uid && !reachable_by_sandbox(p, exec));
    let mut dir: Option<tempfile::TempDir> = None;
    let mut copies = 0usize;
    let mut copy = |file: &Path, dir: &mut Option<tempfile::TempDir>| -> Result<PathBuf, String> {
        if dir.is_none() {
            *dir = Some(staging_folder()?);
        }
        let base = dir
            .as_ref()
            .map(|d| d.path().to_path_buf())
            .unwrap_or_default();
        copies += 1;
        let copy = copy_in(&base, copies, file)?;
        if !reachable_by_others(&copy, false) {
            return Err(format!("{} is still out of reach", copy.display()));
        }
        Ok(copy)
    };
    let mut path = program.path.clone();
    let mut argv = program.argv.clone();
    if let Some(system) = argv
        .first()
        .filter(|_| needs_copy(&program.path, true) && !inside_hidden(&program.path))
        .and_then(|name| sandbox_path_command(name))
    {
        path = system;
    } else if needs_copy(&program.path, true) {
        path = copy(&program.path, &mut dir).map_err(je)?;
        if let Some(first) = argv.first_mut() {
            *first = path.display().to_string();
        }
    }
    for arg in argv.iter_mut().skip(1) {
        let Some(abs) = file_argument(arg) else {
            continue;
        };
        let staged = if needs_copy(&abs, false) {
            copy(&abs, &mut dir).map_err(je)?
        } else {
            abs
        };
        *arg = staged.display().to_string();
    }
    if dir.is_none() && path == program.path && argv == program.argv {
        return Ok(program);
    }
    Ok(program.restaged(path, argv, dir))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn private_dir() -> tempfile::TempDir {
        let d = tempfile::tempdir().unwrap();
        std::fs::set_permissions(d.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        d
    }

    #[test]
    fn a_program_and_its_file_arguments_inside_a_hidden_folder_are_copied_out() {
        let d = tempfile::tempdir().unwrap();
        std::fs::set_permissions(d.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let exe = d.path().join("run.sh");
        std::fs::write(&exe, b"#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
        let script = d.path().join("sol.py");
        std::fs::write(&script, b"print(1)\n").unwrap();
        let program = Program::command(
            exe.to_str().unwrap(),
            &[script.display().to_string(), "not-a-file".into()],
        )
        .unwrap();
        // Reachable by everyone, no uid drop: left where it is, unless hidden.
        let kept = stage(Program::command(exe.to_str().unwrap(), &[]).unwrap(), false).unwrap();
        assert_eq!(kept.path, exe);
        let staged = stage_out_of(program, false, &[d.path().to_path_buf()]).unwrap();
        assert!(
            !staged.path.starts_with(d.path()),
            "{}",
            staged.path.display()
        );
        assert_eq!(std::fs::read(&staged.path).unwrap(), b"#!/bin/sh\n");
        assert!(
            !Path::new(&staged.argv[1]).starts_with(d.path()),
            "{:?}",
            staged.argv
        );
        assert_eq!(std::fs::read(&staged.argv[1]).unwrap(), b"print(1)\n");
        assert_eq!(staged.argv[2], "not-a-file");
    }

    #[test]
    fn a_file_under_a_private_folder_is_out_of_reach() {
        let d = private_dir();
        let f = d.path().join("a.out");
        std::fs::write(&f, b"x").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(!reachable_by_others(&f, true));
        std::fs::set_permissions(d.path(), std::fs::Permissions::from_mode(0o711)).unwrap();
        assert!(reachable_by_others(&f, true));
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o754)).unwrap();
        assert!(!reachable_by_others(&f, true));
        assert!(reachable_by_others(&f, false));
        assert!(!reachable_by_others(&d.path().join("missing"), false));
    }

    #[test]
    fn staging_copies_unreachable_files_read_only_and_keeps_system_ones() {
        let d = private_dir();
        let exe = d.path().join("sol");
        std::fs::write(&exe, b"#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o700)).unwrap();
        let script = d.path().join("sol.py");
        std::fs::write(&script, b"print(1)\n").unwrap();
        let program = Program::command(
            exe.to_str().unwrap(),
            &[script.display().to_string(), "--flag".into()],
        )
        .unwrap();
        let staged = stage(program, true).unwrap();
        assert_ne!(staged.path, exe);
        assert!(reachable_by_others(&staged.path, true));
        assert_eq!(std::fs::read(&staged.path).unwrap(), b"#!/bin/sh\n");
        let mode = std::fs::metadata(&staged.path)
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o555);
        assert_eq!(staged.argv[0], staged.path.display().to_string());
        let script_copy = Path::new(&staged.argv[1]);
        assert_ne!(script_copy, script);
        assert!(reachable_by_others(script_copy, false));
        assert_eq!(
            std::fs::metadata(script_copy).unwrap().permissions().mode() & 0o777,
            0o444
        );
        assert_eq!(staged.argv[2], "--flag");

        // A system program with no file argument stays as it is.
        let sh = Program::command("/bin/sh", &["-c".into(), "true".into()]).unwrap();
        let kept = stage(sh, true).unwrap();
        assert_eq!(kept.path, Path::new("/bin/sh"));
        assert_eq!(kept.argv, ["/bin/sh", "-c", "true"]);
    }

    #[test]
    fn without_a_uid_drop_nothing_is_copied() {
        let d = private_dir();
        let exe = d.path().join("sol");
        std::fs::write(&exe, b"#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o700)).unwrap();
        let program = Program::command(exe.to_str().unwrap(), &[]).unwrap();
        let kept = stage(program, false).unwrap();
        assert_eq!(kept.path, exe);
    }
}
