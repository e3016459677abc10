//! The minimal root of a confined run: a fresh tmpfs that becomes the program's `/`,
//! holding only what the runtimes need, so that no other folder of the host exists for
//! the program at all (as isolate's box does).
//!
//! | path in the root | what it is |
//! |---|---|
//! | `/usr`, `/sys/devices/system/cpu` (and `/lib*`, `/bin`, `/sbin` where they are folders) | read-only bind mounts of the host's |
//! | `/bin`, `/lib`, `/lib64`, `/sbin` on a merged-`/usr` host | the same symbolic links as the host's (`usr/bin`, …) |
//! | `/etc` | copies of the few files the runtimes read ([`ETC_READ`]), and Debian's `alternatives` links and OpenJDK's configuration bound read-only: no `passwd`, no `hostname`, no `hosts` |
//! | `/dev` | `null`, `zero`, `full`, `random`, `urandom` (device nodes), `fd`, `stdin`, `stdout`, `stderr` (links into `/proc/self/fd`), `shm` (a link to `/tmp`) |
//! | `/proc` | a fresh `proc` of the run's PID namespace, with only the process folders where the kernel allows (`subset=pid`: no `/proc/cmdline`, no `/proc/mounts` of the host) |
//! | `/box` | the working folder: a folder of this tmpfs owned by the sandbox user, or (for a compiler, `keep_workdir`) a detached copy of the host's working folder that the launcher copies back after the run (`neutral`'s `WorkCopy`; the host folder itself, bound read-write, where the kernel cannot) |
//! | `/tmp` | an empty read-only folder (the program writes in `/box`; `TMPDIR` names it), `/dev/shm` a link to it |
//! | `/program` | a read-only copy of the launcher's staged copies of the program, its script and its small folders (`neutral`) |
//! | the program, its script, [`RunSpec::read_only`](crate::RunSpec::read_only) folders not staged (a toolchain; everything before Linux 6.15) | read-only bind mounts at their own paths |
//! | [`RunSpec::binds`](crate::RunSpec::binds) (the setter code's `/jury/input`, `/jury/answer`, `/jury/feedback`) | bind mounts at the paths they name, read-only or (the feedback folder) read-write without `exec` |
//!
//! The tmpfs is mounted over the run's (empty) host working folder inside the run's
//! private mount namespace, filled, and made the root with `pivot_root(".", ".")` and a
//! lazy unmount of the old root; where the current root cannot be pivoted (an initramfs
//! root) it is moved over `/` and `chroot`ed into instead. The tmpfs is bounded (output
//! limit plus the root's own few files, [`WORKDIR_FILES`](super::WORKDIR_FILES) files
//! more than the root holds), its pages are charged to the run's memory cgroup, and it
//! disappears with the run's mount namespace.
//!
//! Everything is prepared before `fork` ([`RootPlan`]: relative paths as C strings, the
//! `/etc` copies read once per launcher); the child only makes system calls
//! ([`RootPlan::raw_build`]), working relative to the new root's folder so that nothing
//! per run needs a path prefix.
//!
//! PERF: the root costs the child about a dozen mount calls and thirty file operations
//! on a tmpfs per run (`benches/sandbox_peers.sh` measures the judge's overhead with it).

use crate::confine::{DEVICES, ETC_READ, SYSTEM_READ};
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

/// One step of building the root, paths relative to the root's folder.
pub(super) enum Step {
    /// `mkdir` with `mode` (an existing folder is fine; the child's umask is 0).
    Dir { path: CString, mode: u32 },
    /// `symlink(target, path)`.
    Symlink { target: CString, path: CString },
    /// A file with these bytes.
    File {
        path: CString,
        data: &'static [u8],
        mode: u32,
    },
    /// A device node (`mknod`), or where that is refused, an empty file with the host's
    /// node bound over it.
    Device {
        path: CString,
        host: CString,
        dev: libc::dev_t,
    },
    /// A bind mount of the host's `source` (absolute) on `path`, a folder or an empty
    /// file made here first: read-only, or (`writable`) read-write without `exec`.
    Bind {
        source: CString,
        path: CString,
        dir: bool,
        writable: bool,
    },
    /// A read-only copy of the launcher's detached stage (`mount`, see `neutral`) on
    /// the folder `path`, made here first.
    Staged { mount: i32, path: CString },
}

/// `OPEN_TREE_CLONE` and `MOVE_MOUNT_F_EMPTY_PATH` of the new mount API (Linux 5.2).
pub(super) const OPEN_TREE_CLONE: u32 = 1;
const MOVE_MOUNT_F_EMPTY_PATH: u32 = 4;

/// Why the root could not be built: the step (a stage of [`super::child`]) and errno.
pub(super) type Failure = (i32, i32);

/// Stage numbers reported through the error pipe (see `child`).
pub(super) const STAGE_ROOT_MOUNT: i32 = 20;
pub(super) const STAGE_ROOT_STEP: i32 = 21;
pub(super) const STAGE_ROOT_PIVOT: i32 = 22;
pub(super) const STAGE_ROOT_PROC: i32 = 23;
pub(super) const STAGE_ROOT_BOX: i32 = 24;

/// The folders of the root that a confined run may read (`/etc`, `/proc`), use as
/// devices (`/dev`), and write (`/box`): the child adds Landlock rules for them after
/// the switch, since they are new inodes.
pub(super) const ETC: &std::ffi::CStr = c"/etc";
pub(super) const DEV: &std::ffi::CStr = c"/dev";
pub(super) const BOX: &std::ffi::CStr = c"/box";
pub(super) const PROC: &std::ffi::CStr = c"/proc";

/// Everything the child needs to build the root, prepared before `fork`.
pub(super) struct RootPlan {
    /// The run's host working folder: the root's tmpfs is mounted over it.
    pub(super) mount_point: CString,
    /// Options of the root's tmpfs.
    pub(super) options: CString,
    /// The steps shared by every run ([`layout`]), then this run's binds.
    pub(super) shared: &'static [Step],
    pub(super) own: std::sync::Arc<Vec<Step>>,
    /// Owner of `/box` (the sandbox user), when the run drops to one.
    pub(super) box_owner: Option<(u32, u32)>,
    /// `keep_workdir`: the host working folder (the mount point itself, opened by the
    /// child in its own mount namespace before the tmpfs covers it) is bound at `/box`.
    pub(super) keep: bool,
    /// With `keep`: the launcher's detached copy of the working folder (`neutral`'s
    /// `WorkCopy`), shown at `/box` instead of the host folder.
    pub(super) keep_copy: Option<i32>,
}

/// The root's own bytes, beyond what the program may write: the pages of the `/etc`
/// copies (folders, device nodes and short links take none on a tmpfs).
fn root_bytes() -> u64 {
    etc_bytes()
}

/// The binds of a run's own files, remembered for the next run of the same program
/// (a worker's launcher runs one program case after case). PERF: finding which paths
/// need a bind takes a `realpath` and a few `stat`s per path.
fn own_steps(
    program: &Path,
    argv: &[String],
    read_only: &[PathBuf],
    binds: &[crate::Bind],
    stage: Option<i32>,
) -> Result<std::sync::Arc<Vec<Step>>, String> {
    type Key = (
        PathBuf,
        Vec<String>,
        Vec<PathBuf>,
        Vec<crate::Bind>,
        Option<i32>,
    );
    static LAST: std::sync::Mutex<Option<(Key, std::sync::Arc<Vec<Step>>)>> =
        std::sync::Mutex::new(None);
    let key = (
        program.to_path_buf(),
        argv.to_vec(),
        read_only.to_vec(),
        binds.to_vec(),
        stage,
    );
    let mut last = LAST
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((k, steps)) = last.as_ref() {
        if *k == key {
            return Ok(steps.clone());
        }
    }
    let mut own = Vec::new();
    let mut made = Vec::new();
    let mut bound = Vec::new();
    if let Some(mount) = stage {
        let inside = relative(Path::new(super::neutral::INSIDE)).unwrap_or(Path::new("program"));
        steps_push_staged(&mut own, mount, inside)?;
        bound.push(inside.to_path_buf());
    }
    // Folders first: a file inside one needs no bind of its own (and a folder bound
    // after it would cover it).
    let mut paths: Vec<&Path> = read_only.iter().map(PathBuf::as_path).collect();
    paths.push(program);
    paths.extend(
        argv.iter()
            .map(Path::new)
            .filter(|p| p.is_absolute() && p.is_file()),
    );
    for path in paths {
        bind_own(path, &mut own, &mut made, &mut bound)?;
    }
    for bind in binds {
        bind_spec(bind, &mut own, &mut made)?;
    }
    let own = std::sync::Arc::new(own);
    *last = Some((key, own.clone()));
    Ok(own)
}

impl RootPlan {
    /// The plan of `spec`'s run: its working folder (the root's mount point, and `/box`
    /// when `keep_workdir`) limited to the output limit in bytes and `files` files,
    /// owned by `box_owner`; its program, its argument files and its read-only folders
    /// bound; with `stage`, the launcher's staged copies (see `neutral`) at `/program`.
    pub(super) fn new(
        spec: &crate::RunSpec,
        files: u64,
        box_owner: Option<(u32, u32)>,
        stage: Option<i32>,
        keep_copy: Option<i32>,
    ) -> Result<RootPlan, String> {
        let (workdir, program, argv) = (&spec.workdir, &spec.program, &spec.argv);
        let (bytes, read_only, keep_workdir) =
            (spec.limits.output_bytes, &spec.read_only, spec.keep_workdir);
        let c = |p: &[u8]| CString::new(p).map_err(|_| "a path holds a NUL byte".to_string());
        let mount_point = c(workdir.as_os_str().as_bytes())?;
        let own = own_steps(program, argv, read_only, &spec.binds, stage)?;
        // The program may write exactly `bytes` and `files` in /box: the root's own
        // pages and inodes (one per step, and the root folder) come on top.
        let shared = layout();
        let options = c(format!(
            "size={},nr_inodes={},mode=0755",
            bytes.max(4096).div_ceil(4096) * 4096 + root_bytes(),
            files + 1 + (shared.len() + own.len()) as u64
        )
        .as_bytes())?;
        let keep = keep_workdir;
        Ok(RootPlan {
            mount_point,
            options,
            shared,
            own,
            box_owner,
            keep,
            keep_copy: keep_copy.filter(|_| keep),
        })
    }

    /// Builds the root and switches to it; on return the caller's root is the new one
    /// and its working folder is `/box`. Raw system calls only (between `fork` and
    /// `exec`).
    ///
    /// # Safety
    /// Only in the launcher's child, in a private mount namespace (with `/` made
    /// private), with the privileges to mount; every pointer of the plan is valid.
    pub(super) unsafe fn raw_build(&self, pid_ns: bool) -> Result<(), Failure> {
        let err = |stage| (stage, super::errno());
        // The folder to keep, opened here: a mount can only be copied from the caller's
        // own mount namespace.
        let kept = if let Some(copy) = self.keep_copy {
            // SAFETY: dup of the launcher's descriptor of its copy (this process's own
            // copy of its table); the result is checked.
            let fd = unsafe { libc::fcntl(copy, libc::F_DUPFD_CLOEXEC, 0) };
            if fd < 0 {
                return Err(err(STAGE_ROOT_BOX));
            }
            fd
        } else if self.keep {
            // SAFETY: the plan's C string.
            let fd = unsafe {
                libc::open(
                    self.mount_point.as_ptr(),
                    libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
                )
            };
            if fd < 0 {
                return Err(err(STAGE_ROOT_BOX));
            }
            fd
        } else {
            -1
        };
        // SAFETY: C string literals and the plan's C strings.
        let mounted = unsafe {
            libc::mount(
                c"gridjudge-root".as_ptr(),
                self.mount_point.as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID,
                self.options.as_ptr().cast(),
            )
        };
        if mounted != 0 {
            return Err(err(STAGE_ROOT_MOUNT));
        }
        // SAFETY: the plan's C string.
        if unsafe { libc::chdir(self.mount_point.as_ptr()) } != 0 {
            return Err(err(STAGE_ROOT_MOUNT));
        }
        // Modes as the steps give them.
        // SAFETY: umask takes no pointers.
        unsafe { libc::umask(0) };
        for step in self.shared.iter().chain(self.own.iter()) {
            // SAFETY: the step's C strings are valid; the working folder is the root's.
            if !unsafe { raw_step(step) } {
                return Err(err(STAGE_ROOT_STEP));
            }
        }
        if kept >= 0 {
            // SAFETY: `kept` is the descriptor opened above (`self.keep`).
            unsafe { keep_workdir(kept) }.map_err(err)?;
        } else if let Some((uid, gid)) = self.box_owner {
            // SAFETY: a C string literal.
            if unsafe { libc::chown(c"box".as_ptr(), uid, gid) } != 0 {
                return Err(err(STAGE_ROOT_BOX));
            }
        }
        if pid_ns {
            let flags = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
            // Only the process folders where the kernel knows `subset=pid` (5.8).
            // SAFETY: C string literals.
            let proc = unsafe {
                libc::mount(
                    c"proc".as_ptr(),
                    c"proc".as_ptr(),
                    c"proc".as_ptr(),
                    flags,
                    c"subset=pid".as_ptr().cast(),
                )
            } == 0
                // SAFETY: C string literals and a null data pointer.
                || unsafe {
                    libc::mount(
                        c"proc".as_ptr(),
                        c"proc".as_ptr(),
                        c"proc".as_ptr(),
                        flags,
                        std::ptr::null(),
                    )
                } == 0;
            if !proc {
                return Err(err(STAGE_ROOT_PROC));
            }
        }
        // SAFETY: in the child's private mount namespace (the contract).
        unsafe { switch_root() }.map_err(err)?;
        // SAFETY: a C string literal.
        if unsafe { libc::chdir(BOX.as_ptr()) } != 0 {
            return Err(err(STAGE_ROOT_BOX));
        }
        Ok(())
    }
}

/// Binds the host's working folder, open at `kept`, on the root's `box`: a copy of its
/// mount (`open_tree`), moved there. Returns the failed stage. Raw system calls only.
///
/// # Safety
/// In the child's private mount namespace, in the root's folder; `kept` is the child's
/// own `O_PATH` descriptor of the folder (closed here on success).
unsafe fn keep_workdir(kept: i32) -> Result<(), i32> {
    // SAFETY: an empty C string literal with AT_EMPTY_PATH: the tree of `kept` itself.
    let tree = unsafe {
        libc::syscall(
            libc::SYS_open_tree,
            kept,
            c"".as_ptr(),
            OPEN_TREE_CLONE | libc::O_CLOEXEC as u32 | libc::AT_EMPTY_PATH as u32,
        )
    } as i32;
    if tree < 0
        // SAFETY: C string literals; `tree` is the mount just cloned.
        || unsafe {
            libc::syscall(
                libc::SYS_move_mount,
                tree,
                c"".as_ptr(),
                libc::AT_FDCWD,
                c"box".as_ptr(),
                MOVE_MOUNT_F_EMPTY_PATH,
            )
        } != 0
    {
        return Err(STAGE_ROOT_BOX);
    }
    // SAFETY: the child's own descriptors, used no more.
    unsafe { libc::close(tree) };
    // SAFETY: as above.
    unsafe { libc::close(kept) };
    Ok(())
}

/// Makes the current folder the root: the old root stacked on the new one
/// (`pivot_root(".", ".")`), then detached; where the current root cannot be pivoted
/// away from (an initramfs), moved over `/` and `chroot`ed into instead. Returns the
/// failed stage. Raw system calls only.
///
/// # Safety
/// In the child's private mount namespace, in the new root's folder.
unsafe fn switch_root() -> Result<(), i32> {
    // SAFETY: C string literals.
    if unsafe { libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), c".".as_ptr()) } == 0 {
        // SAFETY: a C string literal.
        if unsafe { libc::umount2(c".".as_ptr(), libc::MNT_DETACH) } != 0 {
            return Err(STAGE_ROOT_PIVOT);
        }
        return Ok(());
    }
    // SAFETY: C string literals and null pointers.
    let moved = unsafe {
        libc::mount(
            c".".as_ptr(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_MOVE,
            std::ptr::null(),
        )
    } == 0
        // SAFETY: a C string literal.
        && unsafe { libc::chroot(c".".as_ptr()) } == 0;
    if moved {
        Ok(())
    } else {
        Err(STAGE_ROOT_PIVOT)
    }
}

/// Runs one step. Raw system calls only.
///
/// # Safety
/// The step's C strings are valid; the working folder is the new root's folder.
unsafe fn raw_step(step: &Step) -> bool {
    let exists = || super::errno() == libc::EEXIST;
    match step {
        Step::Dir { path, mode } => {
            // SAFETY: the step's C string.
            let made = unsafe { libc::mkdir(path.as_ptr(), *mode) } == 0;
            made || exists()
        }
        Step::Symlink { target, path } => {
            // SAFETY: the step's C strings.
            let made = unsafe { libc::symlink(target.as_ptr(), path.as_ptr()) } == 0;
            made || exists()
        }
        Step::File { path, data, mode } => {
            let flags = libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_CLOEXEC;
            // SAFETY: the step's C string.
            let fd = unsafe { libc::open(path.as_ptr(), flags, *mode) };
            if fd < 0 {
                return false;
            }
            let mut done = 0;
            while done < data.len() {
                let rest = &data[done..];
                // SAFETY: `rest` is that many valid bytes; `fd` was just opened.
                let n = unsafe { libc::write(fd, rest.as_ptr().cast(), rest.len()) };
                if n <= 0 {
                    // SAFETY: our own descriptor, used no more.
                    unsafe { libc::close(fd) };
                    return false;
                }
                done += n as usize;
            }
            // SAFETY: as above.
            unsafe { libc::close(fd) == 0 }
        }
        Step::Device { path, host, dev } => {
            // SAFETY: the step's C string.
            if unsafe { libc::mknod(path.as_ptr(), libc::S_IFCHR | 0o666, *dev) } == 0 {
                return true;
            }
            // Without the right to make device nodes: the host's node, bound.
            // SAFETY: the step's C string.
            (unsafe { raw_empty_file(path, 0o666) }
                // SAFETY: the step's C strings and null pointers.
                && unsafe {
                    libc::mount(
                        host.as_ptr(),
                        path.as_ptr(),
                        std::ptr::null(),
                        libc::MS_BIND,
                        std::ptr::null(),
                    )
                } == 0)
        }
        // SAFETY: the step's C string and the launcher's descriptor (the contract).
        Step::Staged { mount, path } => unsafe { raw_staged(*mount, path) },
        Step::Bind {
            source,
            path,
            dir,
            writable,
        } => {
            let ready = if *dir {
                // SAFETY: the step's C string.
                let made = unsafe { libc::mkdir(path.as_ptr(), 0o755) } == 0;
                made || exists()
            } else {
                // SAFETY: the step's C string.
                unsafe { raw_empty_file(path, 0o444) }
            };
            if !ready {
                return false;
            }
            // SAFETY: the step's C strings and null pointers.
            (unsafe {
                libc::mount(
                    source.as_ptr(),
                    path.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND | libc::MS_REC,
                    std::ptr::null(),
                )
            } == 0
                // SAFETY: the step's C string and null pointers.
                && unsafe {
                    libc::mount(
                        std::ptr::null(),
                        path.as_ptr(),
                        std::ptr::null(),
                        if *writable {
                            libc::MS_REMOUNT
                                | libc::MS_BIND
                                | libc::MS_NOSUID
                                | libc::MS_NODEV
                                | libc::MS_NOEXEC
                        } else {
                            libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | libc::MS_NOSUID
                        },
                        std::ptr::null(),
                    )
                } == 0)
        }
    }
}

/// Shows a copy of the detached mount `mount` on the folder `path`, made first, and
/// makes it read-only and `nosuid`. Raw system calls only.
///
/// # Safety
/// In the child's private mount namespace, in the root's folder; `mount` is the
/// launcher's open descriptor of its stage.
unsafe fn raw_staged(mount: i32, path: &std::ffi::CStr) -> bool {
    // SAFETY: the step's C string.
    let made = unsafe { libc::mkdir(path.as_ptr(), 0o755) } == 0;
    if !made && super::errno() != libc::EEXIST {
        return false;
    }
    // SAFETY: an empty C string literal with AT_EMPTY_PATH: the tree of `mount` itself.
    let tree = unsafe {
        libc::syscall(
            libc::SYS_open_tree,
            mount,
            c"".as_ptr(),
            OPEN_TREE_CLONE | libc::O_CLOEXEC as u32 | libc::AT_EMPTY_PATH as u32,
        )
    } as i32;
    if tree < 0 {
        return false;
    }
    // SAFETY: the step's C string and a C string literal; `tree` is the copy just made.
    let moved = unsafe {
        libc::syscall(
            libc::SYS_move_mount,
            tree,
            c"".as_ptr(),
            libc::AT_FDCWD,
            path.as_ptr(),
            MOVE_MOUNT_F_EMPTY_PATH,
        )
    } == 0;
    // SAFETY: the child's own descriptor, used no more.
    unsafe { libc::close(tree) };
    // SAFETY: the step's C string and null pointers.
    moved
        && unsafe {
            libc::mount(
                std::ptr::null(),
                path.as_ptr(),
                std::ptr::null(),
                libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | libc::MS_NOSUID,
                std::ptr::null(),
            )
        } == 0
}

/// Adds the step that shows the stage at `inside` (relative).
fn steps_push_staged(steps: &mut Vec<Step>, mount: i32, inside: &Path) -> Result<(), String> {
    steps.push(Step::Staged {
        mount,
        path: cstr(inside)?,
    });
    Ok(())
}

/// Makes `path` an empty file with `mode` if it is missing (a mount point for a bind).
/// Raw system calls only.
///
/// # Safety
/// `path` is relative to the new root's folder, the working folder.
unsafe fn raw_empty_file(path: &std::ffi::CStr, mode: libc::c_uint) -> bool {
    // SAFETY: a valid C string.
    let fd = unsafe {
        libc::open(
            path.as_ptr(),
            libc::O_WRONLY | libc::O_CREAT | libc::O_CLOEXEC,
            mode,
        )
    };
    if fd < 0 {
        return false;
    }
    // SAFETY: our own descriptor, used no more.
    unsafe { libc::close(fd) };
    true
}

/// The relative form of an absolute path (`/usr/bin` → `usr/bin`), refusing `..`.
fn relative(path: &Path) -> Option<&Path> {
    if path.components().any(|c| matches!(c, Component::ParentDir)) {
        return None;
    }
    path.strip_prefix("/").ok()
}

fn cstr(path: &Path) -> Result<CString, String> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| format!("{} holds a NUL byte", path.display()))
}

/// Whether `path` is already in the root through a shared bind (`/usr/…`, or a link to
/// it such as `/bin/sh`).
pub(super) fn already_visible(path: &Path) -> bool {
    let Ok(real) = std::fs::canonicalize(path) else {
        return false;
    };
    shared_binds().iter().any(|b| real.starts_with(b))
}

/// Adds the steps that bind `path` read-only at its own path: its missing ancestors,
/// then the bind. `made` remembers the folders made already, `bound` the paths bound.
fn bind_own(
    path: &Path,
    steps: &mut Vec<Step>,
    made: &mut Vec<PathBuf>,
    bound: &mut Vec<PathBuf>,
) -> Result<(), String> {
    if !path.exists() || already_visible(path) {
        return Ok(());
    }
    let Some(rel) = relative(path) else {
        return Ok(());
    };
    if rel.as_os_str().is_empty() || bound.iter().any(|b| rel.starts_with(b)) {
        return Ok(()); // the same path twice, or inside a folder bound already
    }
    let ancestors: Vec<&Path> = rel
        .ancestors()
        .skip(1)
        .filter(|a| !a.as_os_str().is_empty())
        .collect();
    for dir in ancestors.into_iter().rev() {
        if !made.iter().any(|m| m == dir) && !shared_dir(dir) {
            steps.push(Step::Dir {
                path: cstr(dir)?,
                mode: 0o755,
            });
            made.push(dir.to_path_buf());
        }
    }
    bound.push(rel.to_path_buf());
    steps.push(Step::Bind {
        source: cstr(path)?,
        path: cstr(rel)?,
        dir: path.is_dir(),
        writable: false,
    });
    Ok(())
}

/// Adds the steps that show the host's `bind.host` at `bind.inside`: its missing
/// ancestors (folders of the root's own), then the bind. The host path must be a
/// regular file or a folder (a link, a device or a FIFO is refused), and the inside
/// one absolute, without `..`, outside the shared folders.
fn bind_spec(
    bind: &crate::Bind,
    steps: &mut Vec<Step>,
    made: &mut Vec<PathBuf>,
) -> Result<(), String> {
    let meta = bind
        .host
        .symlink_metadata()
        .map_err(|e| format!("cannot bind {}: {e}", bind.host.display()))?;
    if !(meta.is_file() || meta.is_dir()) {
        return Err(format!(
            "cannot bind {}: not a regular file or a folder",
            bind.host.display()
        ));
    }
    let rel = relative(&bind.inside)
        .filter(|r| !r.as_os_str().is_empty())
        .filter(|r| {
            r.components()
                .next()
                .is_some_and(|c| !shared_dir(Path::new(&c)))
        })
        .ok_or_else(|| format!("cannot bind at {}", bind.inside.display()))?;
    let ancestors: Vec<&Path> = rel
        .ancestors()
        .skip(1)
        .filter(|a| !a.as_os_str().is_empty())
        .collect();
    for dir in ancestors.into_iter().rev() {
        if !made.iter().any(|m| m == dir) {
            steps.push(Step::Dir {
                path: cstr(dir)?,
                mode: 0o755,
            });
            made.push(dir.to_path_buf());
        }
    }
    steps.push(Step::Bind {
        source: cstr(&bind.host)?,
        path: cstr(rel)?,
        dir: meta.is_dir(),
        writable: bind.writable,
    });
    Ok(())
}

/// Whether the relative folder `dir` is one the shared layout makes.
fn shared_dir(dir: &Path) -> bool {
    ["etc", "dev", "proc", "box", "tmp", "sys", "usr"]
        .iter()
        .any(|d| dir == Path::new(d))
}

/// The host folders bound into every root (their real paths).
fn shared_binds() -> &'static [PathBuf] {
    static BINDS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    BINDS.get_or_init(|| {
        SYSTEM_READ
            .iter()
            .map(Path::new)
            .filter(|p| p.symlink_metadata().is_ok_and(|m| m.is_dir()))
            .filter_map(|p| std::fs::canonicalize(p).ok())
            .collect()
    })
}

/// The bytes of the `/etc` copies.
fn etc_bytes() -> u64 {
    layout()
        .iter()
        .map(|s| match s {
            Step::File { data, .. } => (data.len() as u64).div_ceil(4096) * 4096,
            _ => 0,
        })
        .sum()
}

/// The `/etc` folders bound read-only rather than copied: hundreds of links into `/usr`
/// (Debian's `alternatives`), and OpenJDK's configuration (half a MiB), which one bind
/// gives at a fraction of the cost.
const ETC_BOUND: &[&str] = &[
    "/etc/alternatives",
    "/etc/java-11-openjdk",
    "/etc/java-17-openjdk",
    "/etc/java-21-openjdk",
    "/etc/java-25-openjdk",
];

/// Most bytes copied from one `/etc` entry (a folder of Python's, say): a machine whose
/// runtimes need more is misconfigured for judging, and the rest is left out.
const ETC_COPY_LIMIT: u64 = 1 << 20;

/// The steps every root shares, read from the host once per launcher.
fn layout() -> &'static [Step] {
    static LAYOUT: OnceLock<Vec<Step>> = OnceLock::new();
    LAYOUT.get_or_init(|| {
        let mut steps = Vec::new();
        let c = |p: &str| CString::new(p).unwrap_or_default();
        let dir = |p: &str, mode: u32| Step::Dir { path: c(p), mode };
        let link = |target: &str, p: &str| Step::Symlink {
            target: c(target),
            path: c(p),
        };
        for top in SYSTEM_READ {
            let host = Path::new(top);
            let Some(rel) = relative(host) else { continue };
            let Ok(meta) = host.symlink_metadata() else {
                continue;
            };
            if meta.file_type().is_symlink() {
                if let Ok(target) = std::fs::read_link(host) {
                    if let (Ok(t), Ok(p)) = (cstr(&target), cstr(rel)) {
                        steps.push(Step::Symlink { target: t, path: p });
                    }
                }
                continue;
            }
            let ancestors: Vec<&Path> = rel
                .ancestors()
                .skip(1)
                .filter(|a| !a.as_os_str().is_empty())
                .collect();
            for a in ancestors.into_iter().rev() {
                if let Ok(p) = cstr(a) {
                    steps.push(Step::Dir {
                        path: p,
                        mode: 0o755,
                    });
                }
            }
            if let (Ok(source), Ok(path)) = (cstr(host), cstr(rel)) {
                steps.push(Step::Bind {
                    source,
                    path,
                    dir: true,
                    writable: false,
                });
            }
        }
        steps.push(dir("etc", 0o755));
        for entry in ETC_READ {
            if ETC_BOUND.contains(entry) {
                let host = Path::new(entry);
                if let (true, Some(rel)) = (host.is_dir(), relative(host)) {
                    if let (Ok(source), Ok(path)) = (cstr(host), cstr(rel)) {
                        steps.push(Step::Bind {
                            source,
                            path,
                            dir: true,
                            writable: false,
                        });
                    }
                }
                continue;
            }
            let mut budget = ETC_COPY_LIMIT;
            copy_etc(Path::new(entry), &mut steps, &mut budget);
        }
        steps.push(dir("dev", 0o755));
        for device in DEVICES {
            let host = Path::new(device);
            let Ok(meta) = std::fs::metadata(host) else {
                continue;
            };
            if !meta.file_type().is_char_device() {
                continue;
            }
            if let (Some(rel), Ok(h)) = (relative(host), cstr(host)) {
                if let Ok(p) = cstr(rel) {
                    steps.push(Step::Device {
                        path: p,
                        host: h,
                        dev: meta.rdev(),
                    });
                }
            }
        }
        steps.push(link("/proc/self/fd", "dev/fd"));
        steps.push(link("/proc/self/fd/0", "dev/stdin"));
        steps.push(link("/proc/self/fd/1", "dev/stdout"));
        steps.push(link("/proc/self/fd/2", "dev/stderr"));
        steps.push(dir("proc", 0o555));
        // Not writable: the working folder is the one place a program writes (TMPDIR
        // and HOME name it).
        steps.push(dir("tmp", 0o755));
        steps.push(link("../tmp", "dev/shm"));
        steps.push(dir("box", 0o700));
        steps
    })
}

/// Adds the steps that copy the `/etc` entry `host` (a file, a link or a folder, read
/// now) into the root; missing entries are skipped.
fn copy_etc(host: &Path, steps: &mut Vec<Step>, budget: &mut u64) {
    let (Some(rel), Ok(meta)) = (relative(host), host.symlink_metadata()) else {
        return;
    };
    let Ok(path) = cstr(rel) else { return };
    if meta.file_type().is_symlink() {
        if let Some(target) = std::fs::read_link(host).ok().and_then(|t| cstr(&t).ok()) {
            steps.push(Step::Symlink { target, path });
        }
    } else if meta.is_file() {
        if meta.len() > *budget {
            return;
        }
        let Ok(bytes) = std::fs::read(host) else {
            return;
        };
        *budget -= bytes.len() as u64;
        steps.push(Step::File {
            path,
            data: Box::leak(bytes.into_boxed_slice()),
            mode: 0o444,
        });
    } else if meta.is_dir() {
        steps.push(Step::Dir { path, mode: 0o755 });
        let Ok(entries) = std::fs::read_dir(host) else {
            return;
        };
        let mut names: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        names.sort();
        for name in names {
            copy_etc(&name, steps, budget);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(steps: &[Step]) -> Vec<String> {
        steps
            .iter()
            .map(|s| match s {
                Step::Dir { path, .. } => format!("dir {}", path.to_string_lossy()),
                Step::Symlink { target, path } => format!(
                    "link {} -> {}",
                    path.to_string_lossy(),
                    target.to_string_lossy()
                ),
                Step::File { path, .. } => format!("file {}", path.to_string_lossy()),
                Step::Device { path, .. } => format!("dev {}", path.to_string_lossy()),
                Step::Bind { path, source, .. } => format!(
                    "bind {} <- {}",
                    path.to_string_lossy(),
                    source.to_string_lossy()
                ),
                Step::Staged { path, .. } => format!("stage {}", path.to_string_lossy()),
            })
            .collect()
    }

    #[test]
    fn the_shared_layout_holds_the_runtimes_and_nothing_of_the_hosts_secrets() {
        let all = names(layout());
        assert!(all.iter().any(|s| s == "bind usr <- /usr"), "{all:?}");
        assert!(all.iter().any(|s| s == "dev dev/null"), "{all:?}");
        assert!(all.iter().any(|s| s == "dir box"), "{all:?}");
        assert!(all.iter().any(|s| s == "file etc/ld.so.cache"), "{all:?}");
        for secret in ["passwd", "shadow", "hostname", "hosts"] {
            assert!(
                !all.iter().any(|s| s.ends_with(&format!("etc/{secret}"))),
                "{secret} in {all:?}"
            );
        }
    }

    #[test]
    fn a_private_program_is_bound_at_its_own_path_once() {
        let dir = tempfile::tempdir().unwrap();
        let prog = dir.path().join("main");
        std::fs::write(&prog, b"#!/bin/sh\n").unwrap();
        let argv = vec![prog.display().to_string(), "/usr/bin/env".to_string()];
        let work = tempfile::tempdir().unwrap();
        let spec = crate::RunSpec {
            program: prog.clone(),
            argv,
            env: vec![],
            workdir: work.path().to_path_buf(),
            stdin: "/dev/null".into(),
            stdout: "/dev/null".into(),
            stderr: "/dev/null".into(),
            limits: crate::limits::Limits::new(std::time::Duration::from_secs(1), 1 << 20),
            isolation: crate::limits::Isolation::NONE,
            hide: vec![],
            read_only: vec![],
            keep_workdir: false,
            binds: vec![],
            wait_share: None,
        };
        let plan = RootPlan::new(&spec, 64, None, None, None).unwrap();
        let own = names(&plan.own);
        let rel = prog.strip_prefix("/").unwrap().display().to_string();
        let binds: Vec<_> = own.iter().filter(|s| s.starts_with("bind ")).collect();
        assert_eq!(binds, [&format!("bind {rel} <- {}", prog.display())]);
        // Its ancestors are made first (but not the shared `tmp`).
        assert!(!own.iter().any(|s| s == "dir tmp"), "{own:?}");
        let parent = Path::new(&rel).parent().unwrap().display().to_string();
        assert_eq!(
            own.last(),
            Some(&format!("bind {rel} <- {}", prog.display()))
        );
        assert!(own.contains(&format!("dir {parent}")), "{own:?}");
        assert!(!plan.keep);
    }

    #[test]
    fn a_file_inside_a_read_only_folder_comes_with_the_folder() {
        let toolchain = tempfile::tempdir().unwrap();
        let rustc = toolchain.path().join("bin/rustc");
        std::fs::create_dir_all(rustc.parent().unwrap()).unwrap();
        std::fs::write(&rustc, b"").unwrap();
        let work = tempfile::tempdir().unwrap();
        let mut spec = crate::RunSpec {
            program: rustc.clone(),
            argv: vec!["rustc".into()],
            env: vec![],
            workdir: work.path().to_path_buf(),
            stdin: "/dev/null".into(),
            stdout: "/dev/null".into(),
            stderr: "/dev/null".into(),
            limits: crate::limits::Limits::new(std::time::Duration::from_secs(1), 1 << 20),
            isolation: crate::limits::Isolation::NONE,
            hide: vec![],
            read_only: vec![toolchain.path().to_path_buf()],
            keep_workdir: true,
            binds: vec![],
            wait_share: None,
        };
        let own = names(&RootPlan::new(&spec, 64, None, None, None).unwrap().own);
        let binds: Vec<_> = own.iter().filter(|s| s.starts_with("bind ")).collect();
        assert_eq!(binds.len(), 1, "{own:?}");
        assert!(binds[0].ends_with(&toolchain.path().display().to_string()));
        spec.read_only.clear();
        let own = names(&RootPlan::new(&spec, 64, None, None, None).unwrap().own);
        assert!(own.last().unwrap().ends_with("bin/rustc"), "{own:?}");
    }
}
