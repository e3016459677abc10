//! Neutral paths for a run's own files: the program, the files its arguments name and
//! its small read-only folders are copied into a tmpfs of the launcher's own that is
//! attached nowhere, and each run of a minimal root sees a read-only copy of that mount
//! at [`INSIDE`] (`/program`), with its program, arguments and environment rewritten to
//! name the copies ([`Stage`]). A compile's working folder is likewise a detached copy
//! at `/box`, copied back when the run ends ([`WorkCopy`]).
//!
//! A bind of the host's file would show its host path three times over: as the mount
//! point and as the mount's root in `/proc/self/mountinfo`, and in `argv[0]` and
//! `/proc/self/exe`. The copies live at `/main`, `/1`, … of a filesystem that has no
//! place in the host's tree (`fsopen`/`fsmount`: no mount point, nothing to clean up,
//! gone with the launcher), so the run's `mountinfo` line reads
//! `/ /program ro,nosuid … - tmpfs none …` and its program is `/program/main`.
//!
//! | staged | inside the run |
//! |---|---|
//! | a read-only folder of at most [`MAX_FILES`] entries | `/program/1`, `/program/2`, … (its tree copied: folders, regular files, links as links) |
//! | the program, a file an argument names (absolute, outside the system folders and the read-only folders) | `/program/<its file name>` (`/program/<k>-<name>` when the name is taken) |
//!
//! What is not staged is bound from the host as before (see `root`): files under the
//! system folders every run sees anyway, a folder of more entries or a run whose files
//! come to more than [`MAX_BYTES`] (a compiler's toolchain), and everything where the
//! kernel cannot copy a detached mount (before Linux 6.15: [`Stage::create`] probes it).
//!
//! The copies are made once per program: the launcher runs one program case after case,
//! and the next run of the same files (same paths, inodes, sizes and modification times)
//! reuses them. The tmpfs's pages are charged to the launcher's memory cgroup, never to
//! a run's, and it holds one program's files at a time.
//!
//! PERF: a run of the same program costs one `stat` per staged path; a new program its
//! copy (a 4 MiB Rust binary: about 1 ms, once).

use crate::RunSpec;
use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Where a run sees the staged copies.
pub(super) const INSIDE: &str = "/program";

/// The most bytes of one run's staged files; past it the rest is bound from the host.
pub(super) const MAX_BYTES: u64 = 256 << 20;

/// The most entries of one staged folder (and of all staged files together).
pub(super) const MAX_FILES: usize = 4096;

/// The identity of one candidate path: the path and, where it exists, its device,
/// inode, size and modification time.
type Identity = (PathBuf, Option<(u64, u64, u64, i64, i64)>);

/// Each staged host path with the path a run sees it at.
type Mapping = Vec<(PathBuf, PathBuf)>;

/// The launcher's detached tmpfs and the files it holds.
pub(super) struct Stage {
    /// The mount (`fsmount`), attached nowhere.
    mount: OwnedFd,
    /// Its root, as a path the launcher can open (`/proc/self/fd/N`).
    through: PathBuf,
    /// What it holds now: the identities of the last run's candidate paths, and each
    /// staged host path with the path a run sees it at (none: nothing was staged).
    held: Option<(Vec<Identity>, Mapping)>,
}

/// A run's spec with its own files staged: what to run and the mount to show.
pub(super) struct Staged {
    /// The spec with the program, arguments and environment naming the copies, and the
    /// staged folders gone from `read_only`.
    pub(super) spec: RunSpec,
    /// The detached mount a run clones at [`INSIDE`].
    pub(super) mount: i32,
    /// Its root as the launcher sees it (for the Landlock rule: read and execute).
    pub(super) through: PathBuf,
}

impl Stage {
    /// A fresh detached tmpfs, or `None` where the kernel lacks the new mount API or
    /// cannot copy a detached mount (the probe clones it once).
    pub(super) fn create() -> Option<Stage> {
        let (mount, through) = detached_tmpfs(MAX_BYTES, (MAX_FILES * 2) as u64)?;
        Some(Stage {
            mount,
            through,
            held: None,
        })
    }

    /// `spec` with its own files staged, or `None` when none needs it (or copying
    /// failed: the run then binds the host's files, as without a stage).
    pub(super) fn apply(&mut self, spec: &RunSpec) -> Option<Staged> {
        // The run's candidate paths as they are now: the same as last time, the same
        // choice and the same copies (no walk of its folders again).
        let candidates = spec
            .read_only
            .iter()
            .map(PathBuf::as_path)
            .chain(std::iter::once(spec.program.as_path()))
            .chain(spec.argv.iter().map(Path::new).filter(|p| p.is_absolute()));
        let identities: Vec<Identity> = candidates.map(identity).collect();
        let fresh = self
            .held
            .as_ref()
            .is_none_or(|(held, _)| *held != identities);
        if fresh {
            self.held = None;
            let picked = pick(spec);
            let mapping = if picked.is_empty() {
                Vec::new()
            } else {
                self.copy(&picked)?
            };
            self.held = Some((identities, mapping));
        }
        let (_, mapping) = self.held.as_ref()?;
        if mapping.is_empty() {
            return None;
        }
        Some(Staged {
            spec: rewrite(spec, mapping),
            mount: self.mount.as_raw_fd(),
            through: self.through.clone(),
        })
    }

    /// Empties the tmpfs and copies `picked` into it; each host path with its path
    /// inside the run.
    fn copy(&self, picked: &[(PathBuf, bool)]) -> Option<Mapping> {
        for entry in std::fs::read_dir(&self.through).ok()? {
            let path = entry.ok()?.path();
            let gone = if path.symlink_metadata().ok()?.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            gone.ok()?;
        }
        let mut mapping = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for (k, (host, dir)) in picked.iter().enumerate() {
            let k = k + 1;
            let name = if *dir {
                k.to_string()
            } else {
                let base = host.file_name()?.to_string_lossy().into_owned();
                let taken = names.contains(&base) || base.parse::<usize>().is_ok();
                if taken {
                    format!("{k}-{base}")
                } else {
                    base
                }
            };
            let to = self.through.join(&name);
            if *dir {
                copy_tree(host, &to).ok()?;
            } else {
                copy_file(host, &to).ok()?;
            }
            mapping.push((host.clone(), Path::new(INSIDE).join(&name)));
            names.push(name);
        }
        Some(mapping)
    }
}

/// A fresh tmpfs of at most `bytes` and `inodes`, mode 0755, attached nowhere
/// (`fsopen`/`fsmount`), and its root as a path this process can open
/// (`/proc/self/fd/N`); `None` where the kernel lacks the new mount API or cannot copy a
/// detached mount (the probe clones it once, as each run's child does).
fn detached_tmpfs(bytes: u64, inodes: u64) -> Option<(OwnedFd, PathBuf)> {
    let options = [
        (c"size", CString::new(bytes.max(4096).to_string()).ok()?),
        (c"nr_inodes", CString::new(inodes.max(16).to_string()).ok()?),
        (c"mode", c"0755".to_owned()),
    ];
    // SAFETY: a C string literal; the result is checked.
    let fs = unsafe { libc::syscall(libc::SYS_fsopen, c"tmpfs".as_ptr(), 1) } as i32; // FSOPEN_CLOEXEC
    if fs < 0 {
        return None;
    }
    // SAFETY: fsopen has just opened `fs`; nothing else owns it.
    let fs = unsafe { OwnedFd::from_raw_fd(fs) };
    for (key, value) in &options {
        // SAFETY: valid C strings; FSCONFIG_SET_STRING (1) with no auxiliary value.
        let set = unsafe {
            libc::syscall(
                libc::SYS_fsconfig,
                fs.as_raw_fd(),
                1,
                key.as_ptr(),
                value.as_ptr(),
                0,
            )
        };
        if set != 0 {
            return None;
        }
    }
    // SAFETY: FSCONFIG_CMD_CREATE (6) takes no pointers.
    let created = unsafe {
        libc::syscall(
            libc::SYS_fsconfig,
            fs.as_raw_fd(),
            6,
            std::ptr::null::<libc::c_char>(),
            std::ptr::null::<libc::c_void>(),
            0,
        )
    };
    if created != 0 {
        return None;
    }
    // SAFETY: FSMOUNT_CLOEXEC (1), no mount attributes; the result is checked.
    let mount = unsafe { libc::syscall(libc::SYS_fsmount, fs.as_raw_fd(), 1, 0) } as i32;
    if mount < 0 {
        return None;
    }
    // SAFETY: fsmount has just opened `mount`; nothing else owns it.
    let mount = unsafe { OwnedFd::from_raw_fd(mount) };
    // The probe: a copy of a detached mount, as each run's child makes one.
    // SAFETY: an empty C string literal with AT_EMPTY_PATH; the result is checked.
    let copy = unsafe {
        libc::syscall(
            libc::SYS_open_tree,
            mount.as_raw_fd(),
            c"".as_ptr(),
            super::root::OPEN_TREE_CLONE | libc::O_CLOEXEC as u32 | libc::AT_EMPTY_PATH as u32,
        )
    } as i32;
    if copy < 0 {
        return None;
    }
    // SAFETY: open_tree has just opened `copy`; it is closed here.
    drop(unsafe { OwnedFd::from_raw_fd(copy) });
    let through = Path::new("/proc/self/fd").join(mount.as_raw_fd().to_string());
    Some((mount, through))
}

/// A compile's working folder (`keep_workdir`) as a detached tmpfs of its own: what the
/// host folder holds is copied in before the run, the run sees the tmpfs at `/box`, and
/// what it holds when the run ends is copied back, so the compile's
/// `/proc/self/mountinfo` reads `/ /box … - tmpfs`, not the judge's build folder. Its
/// pages (the compiler's output) are the run's memory while it runs; the tmpfs goes with
/// this value.
pub(super) struct WorkCopy {
    mount: OwnedFd,
    through: PathBuf,
    host: PathBuf,
}

impl WorkCopy {
    /// A copy of the host folder `host` with room for `bytes` more and `files` more
    /// entries; `None` where the kernel cannot (see [`detached_tmpfs`]) or copying
    /// fails: the run then binds the host folder.
    pub(super) fn create(host: &Path, bytes: u64, files: u64) -> Option<WorkCopy> {
        let mut budget = (u64::MAX, usize::MAX);
        let before = budget;
        tree_size(host, &mut budget)?;
        let (held, entries) = (before.0 - budget.0, (before.1 - budget.1) as u64);
        let (mount, through) = detached_tmpfs(
            bytes.saturating_add(held),
            files.saturating_add(entries).saturating_add(1),
        )?;
        copy_entries(host, &through).ok()?;
        same_owner_and_mode(host, &through).ok()?;
        Some(WorkCopy {
            mount,
            through,
            host: host.to_path_buf(),
        })
    }

    /// The mount a run clones at `/box`.
    pub(super) fn mount(&self) -> i32 {
        self.mount.as_raw_fd()
    }

    /// Its root as the launcher sees it (the run's Landlock rule for its folder).
    pub(super) fn through(&self) -> &Path {
        &self.through
    }

    /// Copies what the run left in the tmpfs back into the host folder, replacing what
    /// is there under the same names.
    pub(super) fn copy_back(&self) -> std::io::Result<()> {
        copy_entries(&self.through, &self.host)
    }
}

/// Copies every entry of the folder `from` into the folder `to` (which exists):
/// folders merged, a file or link replacing what `to` holds under its name (removed
/// first, never written through), owners and modes kept.
fn copy_entries(from: &Path, to: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        let meta = src.symlink_metadata()?;
        let there = dst.symlink_metadata().ok();
        if meta.is_dir() {
            match there {
                Some(t) if t.is_dir() => {}
                Some(_) => {
                    std::fs::remove_file(&dst)?;
                    std::fs::create_dir(&dst)?;
                }
                None => std::fs::create_dir(&dst)?,
            }
            copy_entries(&src, &dst)?;
            same_owner_and_mode(&src, &dst)?;
            continue;
        }
        if !(meta.is_file() || meta.file_type().is_symlink()) {
            continue;
        }
        match there {
            Some(t) if t.is_dir() => std::fs::remove_dir_all(&dst)?,
            Some(_) => std::fs::remove_file(&dst)?,
            None => {}
        }
        if meta.is_file() {
            copy_file(&src, &dst)?;
        } else {
            std::os::unix::fs::symlink(std::fs::read_link(&src)?, &dst)?;
        }
    }
    Ok(())
}

/// The paths of `spec` to stage, in order, each with whether it is a folder: its
/// read-only folders small enough, then the program and the files its arguments name,
/// outside the system folders and the read-only folders, within [`MAX_BYTES`] in all.
fn pick(spec: &RunSpec) -> Vec<(PathBuf, bool)> {
    let mut picked: Vec<(PathBuf, bool)> = Vec::new();
    let mut budget = (MAX_BYTES, MAX_FILES);
    let inside_picked = |picked: &[(PathBuf, bool)], p: &Path| {
        picked
            .iter()
            .any(|(q, dir)| p == q || (*dir && p.starts_with(q)))
    };
    for folder in &spec.read_only {
        let fits = folder.symlink_metadata().is_ok_and(|m| m.is_dir())
            && !super::root::already_visible(folder)
            && !inside_picked(&picked, folder)
            && tree_size(folder, &mut budget).is_some();
        if fits {
            picked.push((folder.clone(), true));
        }
    }
    let files = std::iter::once(spec.program.as_path())
        .chain(spec.argv.iter().map(Path::new).filter(|p| p.is_absolute()));
    for file in files {
        let Ok(meta) = file.symlink_metadata() else {
            continue;
        };
        // A file inside a read-only folder comes with its folder, staged or bound
        // (a toolchain's `bin/rustc` finds its libraries beside it).
        let fits = meta.is_file()
            && !super::root::already_visible(file)
            && !inside_picked(&picked, file)
            && !spec.read_only.iter().any(|f| file.starts_with(f))
            && meta.len() <= budget.0
            && budget.1 > 0;
        if fits {
            budget = (budget.0 - meta.len(), budget.1 - 1);
            picked.push((file.to_path_buf(), false));
        }
    }
    picked
}

/// Takes the bytes and entries of the tree at `dir` from `budget`; `None` (budget
/// left as it was) when it does not fit or cannot be read.
fn tree_size(dir: &Path, budget: &mut (u64, usize)) -> Option<()> {
    let mut left = *budget;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).ok()? {
            let entry = entry.ok()?;
            let meta = entry.path().symlink_metadata().ok()?;
            left.1 = left.1.checked_sub(1)?;
            if meta.is_dir() {
                stack.push(entry.path());
            } else if meta.is_file() {
                left.0 = left.0.checked_sub(meta.len())?;
            }
        }
    }
    *budget = left;
    Some(())
}

/// Copies the tree at `from` to `to`: folders and regular files with their owners and modes,
/// links as links (they resolve inside the run's root); other entries are left out.
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        let meta = src.symlink_metadata()?;
        if meta.is_dir() {
            copy_tree(&src, &dst)?;
        } else if meta.is_file() {
            copy_file(&src, &dst)?;
        } else if meta.file_type().is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(&src)?, &dst)?;
        }
    }
    same_owner_and_mode(from, to)
}

/// Copies the regular file `from` to `to` with its owner and mode: a program the
/// judge handed to the sandbox user (mode 0700, say) stays that user's to run.
fn copy_file(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::copy(from, to)?;
    same_owner_and_mode(from, to)
}

/// Gives `to` the owner, group and permission bits of `from`.
fn same_owner_and_mode(from: &Path, to: &Path) -> std::io::Result<()> {
    let meta = from.symlink_metadata()?;
    std::os::unix::fs::chown(to, Some(meta.uid()), Some(meta.gid()))?;
    let mode = meta.permissions().mode() & 0o7777;
    std::fs::set_permissions(to, std::fs::Permissions::from_mode(mode))
}

/// A candidate path's identity.
fn identity(path: &Path) -> Identity {
    let meta = path.symlink_metadata().ok();
    let id = meta.map(|m| (m.dev(), m.ino(), m.size(), m.mtime(), m.mtime_nsec()));
    (path.to_path_buf(), id)
}

/// `spec` naming the copies: the program, every argument and environment value that is
/// a staged path or lies under a staged folder, rewritten; the staged folders gone from
/// `read_only`.
fn rewrite(spec: &RunSpec, mapping: &[(PathBuf, PathBuf)]) -> RunSpec {
    let map = |value: &str| -> Option<String> {
        mapping.iter().find_map(|(host, inside)| {
            let rest = value.strip_prefix(host.to_str()?)?;
            (rest.is_empty() || rest.starts_with('/'))
                .then(|| format!("{}{rest}", inside.display()))
        })
    };
    let mut staged = spec.clone();
    if let Some(p) = spec.program.to_str().and_then(map) {
        staged.program = PathBuf::from(p);
    }
    for arg in &mut staged.argv {
        if let Some(a) = map(arg) {
            *arg = a;
        }
    }
    for (_, value) in &mut staged.env {
        if let Some(v) = map(value) {
            *value = v;
        }
    }
    staged
        .read_only
        .retain(|p| !mapping.iter().any(|(host, _)| host == p));
    staged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(program: &Path, argv: Vec<String>, read_only: Vec<PathBuf>) -> RunSpec {
        RunSpec {
            program: program.to_path_buf(),
            argv,
            env: vec![],
            workdir: "/tmp".into(),
            stdin: "/dev/null".into(),
            stdout: "/dev/null".into(),
            stderr: "/dev/null".into(),
            limits: crate::limits::Limits::new(std::time::Duration::from_secs(1), 64 << 20),
            isolation: crate::limits::Isolation::NONE,
            hide: vec![],
            read_only,
            keep_workdir: false,
            binds: vec![],
            wait_share: None,
        }
    }

    #[test]
    fn the_program_its_script_and_its_folder_are_renamed_under_program() {
        let dir = tempfile::tempdir().expect("tempdir");
        let folder = dir.path().join("classes");
        std::fs::create_dir(&folder).expect("mkdir");
        std::fs::write(folder.join("Main.class"), b"x").expect("write");
        let script = dir.path().join("main.py");
        std::fs::write(&script, b"print(1)").expect("write");
        let argv = vec![
            "/usr/bin/python3".to_string(),
            script.display().to_string(),
            folder.join("Main.class").display().to_string(),
        ];
        let s = spec(Path::new("/usr/bin/python3"), argv, vec![folder.clone()]);
        let picked = pick(&s);
        assert_eq!(
            picked,
            vec![(folder.clone(), true), (script.clone(), false)]
        );
        let mapping = vec![
            (folder.clone(), PathBuf::from("/program/1")),
            (script.clone(), PathBuf::from("/program/main.py")),
        ];
        let staged = rewrite(&s, &mapping);
        assert_eq!(staged.program, Path::new("/usr/bin/python3"));
        assert_eq!(
            staged.argv,
            [
                "/usr/bin/python3",
                "/program/main.py",
                "/program/1/Main.class"
            ]
        );
        assert!(staged.read_only.is_empty());
    }

    #[test]
    fn a_program_inside_a_read_only_folder_too_big_to_stage_stays_with_it() {
        let dir = tempfile::tempdir().expect("tempdir");
        let toolchain = dir.path().join("toolchain");
        std::fs::create_dir_all(toolchain.join("bin")).expect("mkdir");
        std::fs::create_dir_all(toolchain.join("lib")).expect("mkdir");
        let rustc = toolchain.join("bin/rustc");
        std::fs::write(&rustc, b"x").expect("write");
        for n in 0..MAX_FILES {
            std::fs::write(toolchain.join("lib").join(n.to_string()), b"").expect("write");
        }
        let s = spec(&rustc, vec![rustc.display().to_string()], vec![toolchain]);
        assert!(pick(&s).is_empty(), "{:?}", pick(&s));
    }

    #[test]
    fn copying_back_replaces_by_name_and_never_writes_through_a_link() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (from, to) = (dir.path().join("from"), dir.path().join("to"));
        std::fs::create_dir_all(from.join("sub")).expect("mkdir");
        std::fs::create_dir_all(to.join("sub")).expect("mkdir");
        std::fs::write(from.join("main"), b"built").expect("write");
        std::fs::write(from.join("sub/x.o"), b"object").expect("write");
        std::os::unix::fs::symlink("main", from.join("alias")).expect("link");
        // The folder copied to holds a link where the copy has a file: the link goes,
        // the file it pointed to stays as it was.
        let outside = dir.path().join("outside");
        std::fs::write(&outside, b"keep").expect("write");
        std::os::unix::fs::symlink(&outside, to.join("main")).expect("link");
        std::fs::write(to.join("sub/old"), b"old").expect("write");
        copy_entries(&from, &to).expect("copy");
        assert_eq!(std::fs::read(to.join("main")).expect("read"), b"built");
        assert!(!to
            .join("main")
            .symlink_metadata()
            .expect("meta")
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&outside).expect("read"), b"keep");
        assert_eq!(std::fs::read(to.join("sub/x.o")).expect("read"), b"object");
        assert_eq!(std::fs::read(to.join("sub/old")).expect("read"), b"old");
        assert_eq!(
            std::fs::read_link(to.join("alias")).expect("link"),
            Path::new("main")
        );
    }

    #[test]
    fn a_folder_past_the_entry_budget_is_not_staged() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut budget = (MAX_BYTES, 3);
        for n in 0..4 {
            std::fs::write(dir.path().join(n.to_string()), b"").expect("write");
        }
        assert!(tree_size(dir.path(), &mut budget).is_none());
        assert_eq!(budget, (MAX_BYTES, 3), "the budget is left as it was");
    }

    #[test]
    fn a_path_that_only_shares_a_prefix_is_not_rewritten() {
        let s = spec(
            Path::new("/tmp/a/main"),
            vec!["/tmp/a/main".into(), "/tmp/a/mainx".into()],
            vec![],
        );
        let staged = rewrite(
            &s,
            &[(PathBuf::from("/tmp/a/main"), PathBuf::from("/program/main"))],
        );
        assert_eq!(staged.argv, ["/program/main", "/tmp/a/mainx"]);
        assert_eq!(staged.program, Path::new("/program/main"));
    }
}
