//! Package and problem folders as untrusted input: this module owns every read of such a
//! folder (its walks and its opens) and every write into a folder the user or a package
//! names.
//!
//! A package or problem folder comes from someone else, so the judge reads nothing
//! through it that lies outside it:
//!
//! - a link whose target is outside the folder ([`Tree`]'s root), a device, a FIFO or a
//!   socket is a [`TreeError`] naming the file, never read;
//! - a link inside the folder is followed, and each folder is walked at most once per
//!   walk: a link to a folder it is itself in is a loop ([`TreeError::Loop`]), a second
//!   way to a folder already walked is [`TreeError::Twice`] ([`Seen`]), so no walk of a
//!   folder that passes [`Tree::check_all`] revisits a folder;
//! - a file is opened with `O_NONBLOCK` and checked with `fstat` to be a regular file
//!   before a byte is read, so opening a FIFO (even one swapped in after the walk) never
//!   blocks.
//!
//! Writes ([`write_beneath`], [`write_file`], [`create_dirs_beneath`]) never follow a
//! link: each folder on the way is opened with `O_NOFOLLOW | O_DIRECTORY` relative to the
//! one before, and the file itself with `O_NOFOLLOW`, so a link planted in an output
//! folder is an error, not a host file overwritten.

use rustix::fs::{Mode, OFlags};
use std::collections::HashSet;
use std::ffi::CString;
use std::fs::File;
use std::io::Read;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Component, Path, PathBuf};

/// Why a file of a package or problem folder is not read, or a file not written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TreeError {
    /// A link (or a path through one) that leads out of the folder.
    #[error(
        "{path}: a link to {target}, outside {root}: a package reads nothing outside its folder"
    )]
    Outside {
        /// The path as the folder names it.
        path: PathBuf,
        /// Where it leads.
        target: PathBuf,
        /// The folder.
        root: PathBuf,
    },
    /// A device, a FIFO or a socket.
    #[error("{path}: a {kind}, not a regular file or folder")]
    Special {
        /// The path.
        path: PathBuf,
        /// `FIFO`, `socket`, `character device`, `block device`.
        kind: &'static str,
    },
    /// A link to a folder it is itself in.
    #[error("{path}: a link to {target}, a folder it is in (a loop)")]
    Loop {
        /// The link.
        path: PathBuf,
        /// The folder it leads back to.
        target: PathBuf,
    },
    /// A second way to a folder the walk has read already (links that would make the
    /// walk read a folder many times over).
    #[error("{path}: a link to {target}, a folder read already (each folder is read once)")]
    Twice {
        /// The link.
        path: PathBuf,
        /// The folder.
        target: PathBuf,
    },
    /// A link where a file or folder is written.
    #[error("{path}: a symbolic link: writes never follow links")]
    Link {
        /// The link.
        path: PathBuf,
    },
    /// Any other failure of the system.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
    /// A failure to write.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The path.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
}

impl TreeError {
    /// True for a file that does not exist (not a hostile one).
    pub(crate) fn is_not_found(&self) -> bool {
        matches!(self, TreeError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound)
    }
}

/// What a path of the folder is, once links inside it are followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A regular file.
    File,
    /// A folder.
    Dir,
    /// Nothing: no such file, or a link to nothing.
    Missing,
}

/// One entry of a folder, named as the folder names it (`dir/name`, not its target).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// `dir/name`.
    pub path: PathBuf,
    /// What it is.
    pub kind: Kind,
    /// True when the entry itself is a symbolic link (inside the folder).
    pub link: bool,
}

/// The folders a walk is in and has walked (by their real path), for [`Tree::enter`].
#[derive(Debug, Default)]
pub struct Seen {
    ancestors: Vec<PathBuf>,
    done: HashSet<PathBuf>,
}

/// A package or problem folder, read under the rules of the module doc.
#[derive(Debug, Clone)]
pub struct Tree {
    /// The folder as given (for messages).
    shown: PathBuf,
    /// Its real path (links resolved).
    root: PathBuf,
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> TreeError + '_ {
    move |source| TreeError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn special_kind(t: std::fs::FileType) -> Option<&'static str> {
    if t.is_fifo() {
        Some("FIFO")
    } else if t.is_socket() {
        Some("socket")
    } else if t.is_char_device() {
        Some("character device")
    } else if t.is_block_device() {
        Some("block device")
    } else {
        None
    }
}

impl Tree {
    /// The folder `root` (a link to it is followed: the caller named it).
    pub fn new(root: &Path) -> Result<Tree, TreeError> {
        let real = std::fs::canonicalize(root).map_err(io(root))?;
        Ok(Tree {
            shown: root.to_path_buf(),
            root: real,
        })
    }

    /// The folder as given.
    pub fn folder(&self) -> &Path {
        &self.shown
    }

    /// The real path of `path`, which must stay inside the folder; `None` when nothing
    /// is there (a dangling link included).
    fn resolve(&self, path: &Path) -> Result<Option<PathBuf>, TreeError> {
        match std::fs::symlink_metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io(path)(e)),
            Ok(_) => {}
        }
        let real = match std::fs::canonicalize(path) {
            Ok(r) => r,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io(path)(e)),
        };
        if !real.starts_with(&self.root) {
            return Err(TreeError::Outside {
                path: path.to_path_buf(),
                target: real,
                root: self.shown.clone(),
            });
        }
        Ok(Some(real))
    }

    /// What `path` is: a regular file, a folder or nothing; a link out of the folder or
    /// a special file is an error.
    pub fn kind(&self, path: &Path) -> Result<Kind, TreeError> {
        let Some(real) = self.resolve(path)? else {
            return Ok(Kind::Missing);
        };
        let t = std::fs::symlink_metadata(&real)
            .map_err(io(path))?
            .file_type();
        if let Some(kind) = special_kind(t) {
            return Err(TreeError::Special {
                path: path.to_path_buf(),
                kind,
            });
        }
        Ok(if t.is_dir() { Kind::Dir } else { Kind::File })
    }

    /// True when `path` is a regular file of the folder (errors as [`Tree::kind`]).
    pub fn is_file(&self, path: &Path) -> Result<bool, TreeError> {
        Ok(self.kind(path)? == Kind::File)
    }

    /// True when `path` is a folder of the folder (errors as [`Tree::kind`]).
    pub fn is_dir(&self, path: &Path) -> Result<bool, TreeError> {
        Ok(self.kind(path)? == Kind::Dir)
    }

    /// Opens the regular file `path` of the folder for reading, never blocking.
    pub fn open(&self, path: &Path) -> Result<File, TreeError> {
        let real = self
            .resolve(path)?
            .ok_or_else(|| io(path)(std::io::Error::from(std::io::ErrorKind::NotFound)))?;
        open_regular_as(&real, path)
    }

    /// The bytes of the regular file `path`.
    pub fn read(&self, path: &Path) -> Result<Vec<u8>, TreeError> {
        let mut bytes = Vec::new();
        self.open(path)?.read_to_end(&mut bytes).map_err(io(path))?;
        Ok(bytes)
    }

    /// The text of the regular file `path` (UTF-8).
    pub fn read_to_string(&self, path: &Path) -> Result<String, TreeError> {
        String::from_utf8(self.read(path)?)
            .map_err(|e| io(path)(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
    }

    /// [`Tree::read_to_string`], `None` when there is no such file.
    pub(crate) fn read_optional(&self, path: &Path) -> Result<Option<String>, TreeError> {
        match self.read_to_string(path) {
            Err(e) if e.is_not_found() => Ok(None),
            other => other.map(Some),
        }
    }

    /// The entries of the folder `dir`, sorted by name; an entry that leads out of the
    /// folder, or is special, is an error.
    pub fn entries(&self, dir: &Path) -> Result<Vec<Entry>, TreeError> {
        let real = self
            .resolve(dir)?
            .ok_or_else(|| io(dir)(std::io::Error::from(std::io::ErrorKind::NotFound)))?;
        let mut out = Vec::new();
        for e in std::fs::read_dir(&real).map_err(io(dir))? {
            let e = e.map_err(io(dir))?;
            let path = dir.join(e.file_name());
            let link = e.file_type().map_err(io(&path))?.is_symlink();
            let kind = self.kind(&path)?;
            out.push(Entry { path, kind, link });
        }
        out.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(out)
    }

    /// Before a walk goes into the folder `dir`: `Ok` to walk it, a [`TreeError::Loop`]
    /// when it is one of the folders the walk is in, a [`TreeError::Twice`] when this
    /// walk has walked it already. An `Ok` is matched by a [`Tree::leave`].
    pub fn enter(&self, seen: &mut Seen, dir: &Path) -> Result<(), TreeError> {
        let real = self
            .resolve(dir)?
            .ok_or_else(|| io(dir)(std::io::Error::from(std::io::ErrorKind::NotFound)))?;
        if seen.ancestors.contains(&real) {
            return Err(TreeError::Loop {
                path: dir.to_path_buf(),
                target: real,
            });
        }
        if !seen.done.insert(real.clone()) {
            return Err(TreeError::Twice {
                path: dir.to_path_buf(),
                target: real,
            });
        }
        seen.ancestors.push(real);
        Ok(())
    }

    /// The walk leaves the folder it last [`Tree::enter`]ed.
    pub fn leave(&self, seen: &mut Seen) {
        seen.ancestors.pop();
    }

    /// Checks the whole folder: every file and folder below it (links followed, each
    /// folder once) stays inside it and is a regular file or a folder.
    pub fn check_all(&self) -> Result<(), TreeError> {
        self.files(&self.shown).map(drop)
    }

    /// Every regular file below `dir` (its subfolders included), named below `dir`, in
    /// name order, each folder walked once.
    pub fn files(&self, dir: &Path) -> Result<Vec<PathBuf>, TreeError> {
        let mut seen = Seen::default();
        let mut out = Vec::new();
        self.files_into(dir, &mut seen, &mut out)?;
        Ok(out)
    }

    fn files_into(
        &self,
        dir: &Path,
        seen: &mut Seen,
        out: &mut Vec<PathBuf>,
    ) -> Result<(), TreeError> {
        self.enter(seen, dir)?;
        for e in self.entries(dir)? {
            match e.kind {
                Kind::Dir => self.files_into(&e.path, seen, out)?,
                Kind::File => out.push(e.path),
                Kind::Missing => {}
            }
        }
        self.leave(seen);
        Ok(())
    }

    /// Copies the file or folder `from` of the folder to `to` (a path the judge owns:
    /// a fresh folder's child), writing through no link; each file keeps its mode's
    /// execute bits.
    pub fn copy(&self, from: &Path, to: &Path) -> Result<(), TreeError> {
        match self.kind(from)? {
            Kind::Dir => {
                create_dirs_beneath(to, Path::new(""))?;
                for file in self.files(from)? {
                    let rel = file.strip_prefix(from).unwrap_or(&file);
                    self.copy_file(&file, to, rel)?;
                }
                Ok(())
            }
            Kind::File => {
                let (base, name) = split(to);
                self.copy_file(from, &base, Path::new(&name))
            }
            Kind::Missing => Err(io(from)(std::io::Error::from(std::io::ErrorKind::NotFound))),
        }
    }

    fn copy_file(&self, from: &Path, base: &Path, rel: &Path) -> Result<(), TreeError> {
        let mut f = self.open(from)?;
        let mode = f.metadata().map_err(io(from))?.permissions();
        let mut bytes = Vec::new();
        f.read_to_end(&mut bytes).map_err(io(from))?;
        let executable = std::os::unix::fs::PermissionsExt::mode(&mode) & 0o111 != 0;
        write_beneath(base, rel, &bytes, if executable { 0o755 } else { 0o644 })
    }
}

/// `path` as its folder and its last name (`.` for a bare name).
fn split(path: &Path) -> (PathBuf, std::ffi::OsString) {
    let base = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    (base, path.file_name().unwrap_or_default().to_os_string())
}

/// Opens `path` for reading if it is a regular file, without blocking on a FIFO (a
/// link is followed: for paths a [`Tree`] has checked, such as the case files the judge
/// recorded; a file a run could have replaced by a link is read with `O_NOFOLLOW`
/// instead, as the setter code's feedback files are).
pub fn open_regular(path: &Path) -> Result<File, TreeError> {
    open_regular_as(path, path)
}

/// The bytes of the regular file `path`, read as [`open_regular`] opens it.
pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>, TreeError> {
    let mut bytes = Vec::new();
    open_regular(path)?
        .read_to_end(&mut bytes)
        .map_err(io(path))?;
    Ok(bytes)
}

/// The UTF-8 text of the regular file `path`, read as [`open_regular`] opens it.
pub(crate) fn read_regular(path: &Path) -> Result<String, TreeError> {
    let mut text = String::new();
    open_regular(path)?
        .read_to_string(&mut text)
        .map_err(io(path))?;
    Ok(text)
}

fn open_regular_as(real: &Path, shown: &Path) -> Result<File, TreeError> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(real)
        .map_err(io(shown))?;
    let t = file.metadata().map_err(io(shown))?.file_type();
    if let Some(kind) = special_kind(t) {
        return Err(TreeError::Special {
            path: shown.to_path_buf(),
            kind,
        });
    }
    if !t.is_file() {
        return Err(io(shown)(std::io::Error::other("not a regular file")));
    }
    clear_nonblock(file.as_fd()).map_err(io(shown))?;
    Ok(file)
}

fn clear_nonblock(fd: BorrowedFd<'_>) -> std::io::Result<()> {
    let flags = rustix::fs::fcntl_getfl(fd)?;
    rustix::fs::fcntl_setfl(fd, flags - OFlags::NONBLOCK)?;
    Ok(())
}

fn cstr(name: &std::ffi::OsStr, shown: &Path) -> Result<CString, TreeError> {
    CString::new(name.as_bytes()).map_err(|_| TreeError::Write {
        path: shown.to_path_buf(),
        source: std::io::Error::from(std::io::ErrorKind::InvalidInput),
    })
}

/// Opens (creating it when missing) the folder `name` in the folder `parent`, never
/// through a link.
fn open_dir_at(
    parent: BorrowedFd<'_>,
    name: &std::ffi::OsStr,
    shown: &Path,
) -> Result<OwnedFd, TreeError> {
    let c = cstr(name, shown)?;
    match rustix::fs::mkdirat(parent, c.as_c_str(), Mode::from_raw_mode(0o755)) {
        Ok(()) | Err(rustix::io::Errno::EXIST) => {}
        Err(e) => {
            return Err(TreeError::Write {
                path: shown.to_path_buf(),
                source: e.into(),
            })
        }
    }
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    rustix::fs::openat(parent, c.as_c_str(), flags, Mode::empty())
        .map_err(|e| link_or(shown, e.into()))
}

/// ELOOP (and ENOTDIR from `O_DIRECTORY` on a link) as [`TreeError::Link`] when `shown`
/// is a link.
fn link_or(shown: &Path, e: std::io::Error) -> TreeError {
    let is_link = std::fs::symlink_metadata(shown).is_ok_and(|m| m.file_type().is_symlink());
    if is_link || e.raw_os_error() == Some(libc::ELOOP) {
        TreeError::Link {
            path: shown.to_path_buf(),
        }
    } else {
        TreeError::Write {
            path: shown.to_path_buf(),
            source: e,
        }
    }
}

fn open_base(base: &Path) -> Result<OwnedFd, TreeError> {
    std::fs::create_dir_all(base).map_err(|source| TreeError::Write {
        path: base.to_path_buf(),
        source,
    })?;
    let dir = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECTORY)
        .open(base)
        .map_err(|source| TreeError::Write {
            path: base.to_path_buf(),
            source,
        })?;
    Ok(OwnedFd::from(dir))
}

/// The names of `rel`, which must be plain names (no `..`, no root).
fn names(rel: &Path) -> Result<Vec<&std::ffi::OsStr>, TreeError> {
    let mut out = Vec::new();
    for c in rel.components() {
        match c {
            Component::Normal(n) => out.push(n),
            Component::CurDir => {}
            _ => {
                return Err(TreeError::Write {
                    path: rel.to_path_buf(),
                    source: std::io::Error::new(
                        std::io::ErrorKind::InvalidInput,
                        "a path below the folder must not climb out of it",
                    ),
                })
            }
        }
    }
    Ok(out)
}

/// Creates the folders of `rel` below `base` (`base` itself as the user named it, links
/// included), following no link below `base`; returns the last folder, open.
pub fn create_dirs_beneath(base: &Path, rel: &Path) -> Result<OwnedFd, TreeError> {
    let mut fd = open_base(base)?;
    let mut shown = base.to_path_buf();
    for name in names(rel)? {
        shown.push(name);
        fd = open_dir_at(fd.as_fd(), name, &shown)?;
    }
    Ok(fd)
}

/// Writes `bytes` to the file `rel` below `base` with `mode`, creating its folders,
/// following no link below `base` (a link where a folder or the file would be is
/// [`TreeError::Link`]).
pub fn write_beneath(base: &Path, rel: &Path, bytes: &[u8], mode: u32) -> Result<(), TreeError> {
    let parts = names(rel)?;
    let Some((file, dirs)) = parts.split_last() else {
        return Err(TreeError::Write {
            path: base.to_path_buf(),
            source: std::io::Error::from(std::io::ErrorKind::InvalidInput),
        });
    };
    let mut fd = open_base(base)?;
    let mut shown = base.to_path_buf();
    for name in dirs {
        shown.push(name);
        fd = open_dir_at(fd.as_fd(), name, &shown)?;
    }
    shown.push(file);
    write_at(fd.as_fd(), file, &shown, bytes, mode)
}

/// Writes `bytes` to `path` (a path the user gave: its folders are theirs), never
/// through a link in its last name.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), TreeError> {
    let (base, name) = split(path);
    let fd = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECTORY)
        .open(&base)
        .map_err(|source| TreeError::Write {
            path: path.to_path_buf(),
            source,
        })?;
    write_at(fd.as_fd(), &name, path, bytes, 0o644)
}

fn write_at(
    dir: BorrowedFd<'_>,
    name: &std::ffi::OsStr,
    shown: &Path,
    bytes: &[u8],
    mode: u32,
) -> Result<(), TreeError> {
    use std::io::Write;
    let c = cstr(name, shown)?;
    let flags = OFlags::WRONLY
        | OFlags::CREATE
        | OFlags::TRUNC
        | OFlags::NOFOLLOW
        | OFlags::NONBLOCK
        | OFlags::CLOEXEC;
    let fd = rustix::fs::openat(dir, c.as_c_str(), flags, Mode::from_raw_mode(mode))
        .map_err(|e| link_or(shown, e.into()))?;
    let mut file = File::from(fd);
    let werr = |source| TreeError::Write {
        path: shown.to_path_buf(),
        source,
    };
    let meta = file.metadata().map_err(werr)?;
    if let Some(kind) = special_kind(meta.file_type()) {
        return Err(TreeError::Special {
            path: shown.to_path_buf(),
            kind,
        });
    }
    clear_nonblock(file.as_fd()).map_err(werr)?;
    file.set_permissions(std::os::unix::fs::PermissionsExt::from_mode(mode))
        .map_err(werr)?;
    file.write_all(bytes).map_err(werr)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn links_out_and_special_files_are_refused_links_in_followed() {
        let d = tempfile::tempdir().expect("tempdir");
        let root = d.path().join("pkg");
        std::fs::create_dir_all(root.join("data")).expect("mkdir");
        std::fs::write(root.join("data/1.in"), "x").expect("write");
        symlink("1.in", root.join("data/2.in")).expect("link");
        symlink("/etc/passwd", root.join("data/3.in")).expect("link");
        let tree = Tree::new(&root).expect("tree");
        assert_eq!(tree.read(&root.join("data/2.in")).expect("inside"), b"x");
        let e = tree.read(&root.join("data/3.in")).expect_err("outside");
        assert!(matches!(e, TreeError::Outside { .. }), "{e}");
        assert!(e.to_string().contains("3.in"), "{e}");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            root.join("data/4.in"),
            rustix::fs::FileType::Fifo,
            Mode::from_raw_mode(0o644),
            0,
        )
        .expect("mkfifo");
        let e = tree.read(&root.join("data/4.in")).expect_err("fifo");
        assert!(matches!(e, TreeError::Special { kind: "FIFO", .. }), "{e}");
        assert!(tree.entries(&root.join("data")).is_err());
    }

    #[test]
    fn loops_end_at_once() {
        let d = tempfile::tempdir().expect("tempdir");
        let data = d.path().join("data");
        std::fs::create_dir_all(&data).expect("mkdir");
        std::fs::write(data.join("1.in"), "x").expect("write");
        for n in ["a", "b", "c", "d"] {
            symlink(".", data.join(n)).expect("link");
        }
        let tree = Tree::new(d.path()).expect("tree");
        let e = tree.files(&data).expect_err("a loop");
        assert!(matches!(e, TreeError::Loop { .. }), "{e}");
    }

    #[test]
    fn writes_follow_no_link() {
        let d = tempfile::tempdir().expect("tempdir");
        let victim = d.path().join("victim");
        std::fs::write(&victim, "keep").expect("write");
        let out = d.path().join("out");
        std::fs::create_dir_all(&out).expect("mkdir");
        symlink(&victim, out.join("f")).expect("link");
        symlink(d.path(), out.join("sub")).expect("link");
        let e = write_beneath(&out, Path::new("f"), b"evil", 0o644).expect_err("a link");
        assert!(matches!(e, TreeError::Link { .. }), "{e}");
        let e = write_beneath(&out, Path::new("sub/victim"), b"evil", 0o644).expect_err("link");
        assert!(matches!(e, TreeError::Link { .. }), "{e}");
        assert!(write_file(&out.join("f"), b"evil").is_err());
        assert_eq!(std::fs::read(&victim).expect("read"), b"keep");
        write_beneath(&out, Path::new("a/b/c"), b"ok", 0o644).expect("plain write");
        assert_eq!(std::fs::read(out.join("a/b/c")).expect("read"), b"ok");
    }
}
