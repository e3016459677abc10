//! The folders of a compile and what crosses between them: the private build folder
//! the compile uid works in, the program folder the run uids may read and nobody else,
//! and the one read of the compiler's output that refuses links, extra names, files of
//! another owner and files over the size limit.

use super::{judge_error, CompileFailure};
use crate::sandbox::is_root;
use crate::sandbox::limits::{RunAs, SANDBOX_GID};
use std::io::{Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

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
pub(super) fn chown_tree(dir: &Path, owner: Option<(u32, u32)>) -> std::io::Result<()> {
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
pub(super) struct BuildFolder {
    _outer: tempfile::TempDir,
    work: PathBuf,
    owner: Option<(u32, u32)>,
}

impl BuildFolder {
    pub(super) fn new(run_as: Option<RunAs>) -> Result<BuildFolder, CompileFailure> {
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

    pub(super) fn workdir(&self) -> &Path {
        &self.work
    }

    /// Writes `bytes` to `name` in the working folder, mode 0600, owned by the compile uid.
    pub(super) fn write_private(&self, name: &str, bytes: &[u8]) -> Result<(), CompileFailure> {
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
pub(super) struct ProgramFolder {
    pub(super) dir: tempfile::TempDir,
    shared_group: bool,
}

impl ProgramFolder {
    pub(super) fn new() -> Result<ProgramFolder, CompileFailure> {
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
    pub(super) fn write_nested(&self, rel: &Path, bytes: &[u8]) -> Result<PathBuf, CompileFailure> {
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
    pub(super) fn write(
        &self,
        name: &str,
        bytes: &[u8],
        executable: bool,
    ) -> Result<PathBuf, CompileFailure> {
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
pub(super) fn read_output(path: &Path, owner: Option<u32>, limit: u64) -> std::io::Result<Vec<u8>> {
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
