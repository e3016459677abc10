//! The launcher: the hidden `gridjudge __launch` mode. For each [`RunSpec`] line on
//! stdin it forks one contestant program under limits, watches it, kills everything it
//! leaves behind and answers a [`LaunchReport`] line as JSON on stdout; it exits at end
//! of input (the judge's side is [`client`](crate::client)).
//!
//! It runs in a freshly executed gridjudge process, so the program's `ru_maxrss`
//! starts from the launcher's few MiB, not from the judge's size (see [`sandbox`](crate)).
//!
//! In the forked child, before `exec`, only raw system calls run (no allocation, no
//! locks): new process group, stdio (standard input a sealed memfd copy of the case in a
//! minimal root, so its descriptor names no host path: `neutral_input`), every other
//! descriptor close-on-exec (the program starts with exactly 0, 1, 2:
//! [`descriptors`](crate::descriptors)), `setrlimit` (CPU soft = ⌈limit⌉ s, hard =
//! soft + 1; CORE = 0; FSIZE = output limit + 1; STACK = memory limit; AS in address-space
//! mode; NPROC when dropping root), namespaces (best effort: `CLONE_NEWUSER` when not root,
//! `CLONE_NEWNET` — as root the launcher's own, entered once, see [`main`] —, PID, IPC and
//! UTS with the child's `clone`, `CLONE_NEWNS`), then either the minimal root (`root`:
//! as root, a tmpfs over the working folder filled and `pivot_root`ed into, the working
//! folder at `/box`) or, without it, a read-only tmpfs over each hidden folder and a
//! private tmpfs over the working folder; the host name; the run's memory and CPU cgroups
//! and a cgroup namespace; `chdir`, then `setgroups`/`setgid`/`setuid`,
//! `PR_SET_NO_NEW_PRIVS`, `PR_SET_PDEATHSIG`, Landlock, `RLIMIT_NOFILE`, the system-call
//! filter, `execve`. A failure is written as two `i32` (stage, errno) to a close-on-exec
//! pipe. In a new PID namespace the child is the namespace's init and starts the program
//! the way `posix_spawn` does (`CLONE_VM | CLONE_VFORK` on a stack of its own), so the
//! launcher's page tables are copied once per run, not twice.
//!
//! Per run the launcher pays only what a run needs: the system paths of the Landlock
//! ruleset are opened once per launcher ([`confine`]), the capture files are emptied
//! without arming ext4's flush on close (`open_emptied`), the kernel's small files
//! are read in one buffer ([`kernel_files`](crate::kernel_files)).
//!
//! The parent waits on a pidfd with a timeout (falling back to sleeping) and samples the
//! CPU time (the cgroup's count of every process, else the program's own clock) and the
//! memory (what the cgroup's processes hold, and `VmHWM` in peak-RSS mode) every
//! [`SAMPLE`] at first, less often as the run goes on (every elapsed/8, at most
//! [`MAX_SAMPLE`]); past the wall deadline, the CPU limit or the memory limit it `killpg`s
//! the group. The wall deadline moves by the run-queue wait of the run's tasks
//! (`wait`: time runnable but waiting for a CPU), up to the wall ceiling.
//! After reaping, it kills the group again and, being a child subreaper, kills and reaps
//! every orphan that was re-parented to it until it has no children left.
//!
//! Here: the serving loop and [`supervise`], one run in named steps: `open_files`,
//! `Command::new` and `rlimits`, the two pipes (`pipe_cloexec`), `build_plan`, `spawn`,
//! `read_setup_notes` (the child's non-fatal notes gathered in one `Notes` set), the
//! watch, `read_init_record` and `collect_outcome`. Every descriptor the launcher opens
//! for a run is an owned one (`File`, `OwnedFd`): whichever step fails, returning closes
//! them all. A standard stream that is a FIFO (an interactive run's pipe) is closed in
//! the launcher as soon as the child has its copy, so that the other end sees the
//! program close it. The child side (plan, pre-`exec` steps, the namespace's init) is in
//! `child`, the minimal root in `root`, the watch and the clean-up in `monitor`.

mod child;
mod monitor;
mod neutral;
mod root;
mod wait;

use crate::cgroup::{locate::Version, MemoryCgroup};
use crate::confine;
use crate::limits::MemoryMode;
use crate::{ExitStatus, Guarantees, LaunchReply, LaunchReport, LimitHit, RunOutcome, RunSpec};
pub use child::HOSTNAME;
use child::{spawn, stage_name, ChildPlan, Cloned, InitRecord, Notes};
use monitor::{kill_leftovers, Monitor};
use std::ffi::{CString, OsString};
use std::fs::File;
use std::io::{BufRead, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::time::{Duration, Instant};

/// How often the launcher samples CPU time and memory of a running program, at first.
pub const SAMPLE: Duration = Duration::from_millis(5);

/// The longest pause between two samples. The interval is an eighth of the time the
/// program has run, between [`SAMPLE`] and this: each sample costs the launcher tens
/// of microseconds of CPU (reading `memory.stat` and `/proc/PID/status`), which at a
/// fixed 5 ms added about 8 % to long runs. Limits stay exact where it matters: the
/// wall deadline is slept to precisely; `RLIMIT_CPU` and the cgroup's hard memory limit
/// back up the sampled CPU and memory checks; `ru_maxrss` and `VmHWM` are high-water
/// marks, so a peak between two samples is still seen.
pub const MAX_SAMPLE: Duration = Duration::from_millis(25);

/// Entry point of `gridjudge __launch`: serves runs until end of input. Each line of
/// stdin is one [`RunSpec`] as JSON; each run is answered by one [`LaunchReply`] line on
/// stdout (see [`client`](crate::client)). Returns the process exit code: 0 at
/// end of input, 2 when the judge can no longer be answered.
pub fn main(args: &[OsString]) -> i32 {
    // Keep nothing of the caller's: only stdin, stdout and stderr (our pipes) stay open.
    crate::descriptors::close_inherited();
    if !args.is_empty() {
        let report =
            LaunchReport::Failed("launcher: the spec comes on stdin, not as an argument".into());
        return i32::from(answer(&report).is_err()) * 2;
    }
    let mut server = Server {
        private_net: None,
        cgroup: None,
        cgroup_tried: false,
        own_pidfd: None,
        stage: None,
    };
    let mut line = String::new();
    let stdin = std::io::stdin();
    loop {
        line.clear();
        match stdin.lock().read_line(&mut line) {
            Ok(0) => return 0,
            Ok(_) => {}
            Err(e) => {
                let report = LaunchReport::Failed(format!("launcher: cannot read a spec: {e}"));
                return i32::from(answer(&report).is_err()) * 2;
            }
        }
        let report = match serde_json::from_str::<RunSpec>(&line) {
            Ok(spec) => match supervise(&spec, &mut server) {
                Ok(outcome) => LaunchReport::Ran(outcome),
                Err(msg) => LaunchReport::Failed(msg),
            },
            Err(e) => LaunchReport::Failed(format!("launcher: bad spec: {e}")),
        };
        if answer(&report).is_err() {
            return 2;
        }
    }
}

/// Writes one reply line on stdout.
fn answer(report: &LaunchReport) -> std::io::Result<()> {
    let reply = LaunchReply {
        report: report.clone(),
        launcher_cpu: cpu_so_far(),
    };
    let mut json = serde_json::to_string(&reply).map_err(std::io::Error::other)?;
    json.push('\n');
    let mut out = std::io::stdout().lock();
    out.write_all(json.as_bytes())?;
    out.flush()
}

/// CPU time (user + system) of this process and of every child it has reaped.
fn cpu_so_far() -> Duration {
    let get = |who| {
        // SAFETY: a zeroed rusage is a valid out-parameter for getrusage.
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: valid pointer; RUSAGE_SELF / RUSAGE_CHILDREN are valid selectors.
        unsafe { libc::getrusage(who, &mut ru) };
        let tv = |t: libc::timeval| {
            Duration::new(
                t.tv_sec.max(0) as u64,
                (t.tv_usec.clamp(0, 999_999) as u32) * 1000,
            )
        };
        tv(ru.ru_utime) + tv(ru.ru_stime)
    };
    get(libc::RUSAGE_SELF) + get(libc::RUSAGE_CHILDREN)
}

/// What the launcher keeps from one run to the next.
struct Server {
    /// Whether the launcher itself now lives in an empty network namespace of its own
    /// (`None` until a run asked for no network as root). Creating one per run costs
    /// about 0.8 ms of CPU plus its teardown; the runs of this launcher come one after
    /// another and all their processes are dead at the end of each, so they can share
    /// it without ever meeting in it.
    private_net: Option<bool>,
    /// The memory cgroup every confined run uses in turn (made on first use; another
    /// try after a failure to set a limit).
    cgroup: Option<MemoryCgroup>,
    /// Whether making it failed (no usable memory controller here): no more tries.
    cgroup_tried: bool,
    /// A pidfd of the launcher itself (made on first use; -1 where the kernel has none).
    /// Raw: it stays open for the launcher's whole life, and its exit closes it.
    own_pidfd: Option<i32>,
    /// The detached tmpfs a minimal root's own files are copied to (made on first use;
    /// `Some(None)` where the kernel cannot: runs then bind the host's files).
    stage: Option<Option<neutral::Stage>>,
}

impl Server {
    /// `spec` with its own files staged at neutral paths (see [`neutral`]), when the
    /// kernel allows it and the run has files to stage.
    fn staged(&mut self, spec: &RunSpec) -> Option<neutral::Staged> {
        self.stage
            .get_or_insert_with(neutral::Stage::create)
            .as_mut()?
            .apply(spec)
    }

    /// The launcher's own pidfd (close-on-exec), opened once.
    fn own_pidfd(&mut self) -> i32 {
        *self.own_pidfd.get_or_insert_with(|| {
            // SAFETY: getpid cannot fail.
            let me = unsafe { libc::getpid() };
            // SAFETY: pidfd_open on ourselves; -1 (old kernel) means "no check".
            let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, me, 0) } as i32;
            fd.max(-1)
        })
    }

    /// Whether the launcher is in a private, empty network namespace (entering one the
    /// first time this is asked).
    fn enter_private_net(&mut self) -> bool {
        *self.private_net.get_or_insert_with(|| {
            // SAFETY: unshare on ourselves; the launcher is single-threaded.
            unsafe { libc::unshare(libc::CLONE_NEWNET) == 0 }
        })
    }

    /// The memory cgroup, readied for a run with memory limit `limit` and at most
    /// `processes` processes, if there is one.
    fn cgroup_for(&mut self, limit: u64, processes: Option<u64>) -> Option<&MemoryCgroup> {
        if self
            .cgroup
            .as_mut()
            .is_some_and(|cg| !cg.prepare(limit, processes))
        {
            self.cgroup = None; // removed: the next try makes a fresh one
        }
        if self.cgroup.is_none() && !self.cgroup_tried {
            self.cgroup = MemoryCgroup::create(limit, processes);
            self.cgroup_tried = self.cgroup.is_none();
        }
        self.cgroup.as_ref()
    }
}

/// Opens `path` for writing, created if missing and emptied if not: what `File::create`
/// does, without its cost on ext4.
///
/// PERF: truncating a file to zero arms ext4's `auto_da_alloc` (the "replace by
/// truncate" safeguard): whoever closes the file last then writes its new contents out
/// to the disk at once, a block allocation and an I/O request per case, about 0.08 ms
/// of the launcher's CPU for the poj3074 sample (`benches/sandbox_peers.sh`). Here the
/// file is truncated only when it is not empty already, and then closed at once, which
/// spends the safeguard on an empty file; the program's output, written through the
/// reopened file, is written back later as any file is. (Creating a fresh file instead
/// costs more: a new ext4 inode is searched for past the recently freed ones.)
fn open_emptied(path: &std::path::Path) -> std::io::Result<File> {
    let open = || {
        std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
    };
    let file = open()?;
    if file.metadata()?.len() == 0 {
        return Ok(file);
    }
    file.set_len(0)?;
    drop(file);
    open()
}

/// The program's standard input as a sealed in-memory copy of `file` when it is a
/// regular file: the program reads, seeks and maps it as before, but `/proc/self/fd/0`
/// names `memfd:stdin`, not the case file's host path, and no write can reach it.
/// Anything else (`/dev/null`, a pipe) is returned as it is.
///
/// PERF: one `memfd_create` and an in-kernel copy; about 0.02 ms for a judge input of
/// a few KiB, 1 ms per MiB more, the copy's pages charged to the launcher, not the run.
fn neutral_input(mut file: File) -> std::io::Result<File> {
    use std::io::{Seek, SeekFrom};
    if !file.metadata()?.is_file() {
        return Ok(file);
    }
    // SAFETY: a valid C string name and flags; the result is checked.
    let fd = unsafe {
        libc::memfd_create(
            c"stdin".as_ptr(),
            libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING,
        )
    };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: a fresh descriptor that nothing else owns.
    let mut copy = unsafe { File::from_raw_fd(fd) };
    std::io::copy(&mut file, &mut copy)?;
    copy.seek(SeekFrom::Start(0))?;
    let seals = libc::F_SEAL_SEAL | libc::F_SEAL_SHRINK | libc::F_SEAL_GROW | libc::F_SEAL_WRITE;
    // SAFETY: fcntl on a descriptor we own.
    if unsafe { libc::fcntl(copy.as_raw_fd(), libc::F_ADD_SEALS, seals) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(copy)
}

fn cstring(bytes: &[u8], what: &str) -> Result<CString, String> {
    CString::new(bytes).map_err(|_| format!("{what} contains a NUL byte"))
}

pub(super) fn errno() -> i32 {
    // SAFETY: __errno_location has no preconditions; async-signal-safe.
    let slot = unsafe { libc::__errno_location() };
    // SAFETY: it points to this thread's errno, valid for the thread's life.
    unsafe { *slot }
}

fn strerror(e: i32) -> String {
    std::io::Error::from_raw_os_error(e).to_string()
}

/// The files a program may keep in its working folder, at most.
pub const WORKDIR_FILES: u64 = 4096;

/// Mount options of a run's private working folder: at most `bytes` (the output limit)
/// and [`WORKDIR_FILES`] files, owned by the sandbox user.
fn workdir_options(bytes: u64, run_as: Option<(u32, u32)>) -> String {
    let mut opts = format!(
        "size={},nr_inodes={WORKDIR_FILES},mode=0700",
        bytes.max(4096)
    );
    if let Some((uid, gid)) = run_as {
        opts.push_str(&format!(",uid={uid},gid={gid}"));
    }
    opts
}

/// A pipe whose two ends are close-on-exec, as (read end, write end). Dropping an end
/// closes it, so no return path of [`supervise`] leaves one open.
fn pipe_cloexec() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0i32; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: pipe2 has just opened fds[0]; nothing else owns it.
    let read = unsafe { OwnedFd::from_raw_fd(fds[0]) };
    // SAFETY: as for the read end.
    let write = unsafe { OwnedFd::from_raw_fd(fds[1]) };
    Ok((read, write))
}

/// How the launcher runs one spec, decided before anything is opened.
#[derive(Clone, Copy)]
struct Mode {
    /// The launcher runs as root.
    root: bool,
    /// The sandbox user and group the child drops to.
    run_as: Option<(u32, u32)>,
    /// The run gets a minimal root of its own (confined, as root, dropping to a
    /// sandbox uid).
    minimal_root: bool,
}

impl Mode {
    fn of(spec: &RunSpec) -> Mode {
        let root = crate::is_root();
        let run_as = spec.isolation.run_as.map(|r| (r.uid, r.gid));
        Mode {
            root,
            run_as,
            minimal_root: spec.isolation.confine && root && run_as.is_some(),
        }
    }
}

/// The program's standard streams, opened by the launcher for the child to take over.
struct RunFiles {
    stdin: File,
    stdout: File,
    stderr: File,
}

impl RunFiles {
    /// Closes the launcher's own copies of the streams that are FIFOs (the pipes of an
    /// interactive run), once the child has its copies: the other side of a FIFO sees
    /// its end when the program closes it, not when the launcher ends the run. Each
    /// becomes `/dev/null`, whose size, like a FIFO's, is 0.
    fn let_go_of_fifos(&mut self) {
        use std::os::unix::fs::FileTypeExt;
        for file in [&mut self.stdin, &mut self.stdout, &mut self.stderr] {
            if file.metadata().is_ok_and(|m| m.file_type().is_fifo()) {
                if let Ok(null) = File::open("/dev/null") {
                    *file = null;
                }
            }
        }
    }
}

/// The path to open `path` by through a detached copy of its folder's mount (a clone
/// made with `open_tree`, reached through its descriptor, returned with it): a file
/// opened there names `/stdout` in `/proc/self/fd`, not the judge's capture folder,
/// since the copy is attached nowhere. `None` where the kernel refuses (not root, or
/// before Linux 5.2): the path itself serves.
///
/// PERF: one `open_tree` per file, a few microseconds; the copy goes with the last
/// descriptor of a file opened in it.
fn detached_path(path: &std::path::Path) -> Option<(OwnedFd, std::path::PathBuf)> {
    let (dir, name) = (path.parent()?, path.file_name()?);
    let dir = CString::new(dir.as_os_str().as_bytes()).ok()?;
    // SAFETY: a valid C string; the result is checked.
    let tree = unsafe {
        libc::syscall(
            libc::SYS_open_tree,
            libc::AT_FDCWD,
            dir.as_ptr(),
            (1 | libc::O_CLOEXEC) as libc::c_uint, // OPEN_TREE_CLONE
        )
    } as i32;
    if tree < 0 {
        return None;
    }
    // SAFETY: open_tree has just opened `tree`; nothing else owns it.
    let tree = unsafe { OwnedFd::from_raw_fd(tree) };
    let through = std::path::Path::new("/proc/self/fd")
        .join(tree.as_raw_fd().to_string())
        .join(name);
    Some((tree, through))
}

/// Opens the run's standard input (in a minimal root, a sealed copy of it:
/// [`neutral_input`], or a FIFO through a detached copy of its folder) and its output files, emptied ([`open_emptied`]); in a minimal
/// root through a detached copy of their folder ([`detached_path`]), so that the
/// program's `/proc/self/fd/1` and `2` name no folder of the host.
fn open_files(spec: &RunSpec, mode: Mode) -> Result<RunFiles, String> {
    let open = |p: &std::path::Path, write: bool| {
        let r = if write {
            match mode.minimal_root.then(|| detached_path(p)).flatten() {
                Some((_tree, through)) => open_emptied(&through),
                None => open_emptied(p),
            }
        } else {
            File::open(p)
        };
        r.map_err(|e| format!("cannot open {}: {e}", p.display()))
    };
    // An interactive run's input is a FIFO of the judge's scratch folder: opened
    // through a detached copy of that folder, `/proc/self/fd/0` names `/to_program`.
    let fifo = std::fs::metadata(&spec.stdin).is_ok_and(|m| {
        use std::os::unix::fs::FileTypeExt;
        m.file_type().is_fifo()
    });
    let mut stdin = match (mode.minimal_root && fifo)
        .then(|| detached_path(&spec.stdin))
        .flatten()
    {
        Some((_tree, through)) => File::open(&through)
            .map_err(|e| format!("cannot open {}: {e}", spec.stdin.display()))?,
        None => open(&spec.stdin, false)?,
    };
    if mode.minimal_root {
        stdin = neutral_input(stdin)
            .map_err(|e| format!("cannot copy {} for the program: {e}", spec.stdin.display()))?;
    }
    let stdout = open(&spec.stdout, true)?;
    let stderr = open(&spec.stderr, true)?;
    Ok(RunFiles {
        stdin,
        stdout,
        stderr,
    })
}

/// What `execve` gets: the program, its arguments and environment as C strings, with
/// the null-terminated pointer vectors into them, and the working folder.
struct Command {
    program: CString,
    argv: Vec<*const libc::c_char>,
    envp: Vec<*const libc::c_char>,
    /// The strings `argv` and `envp` point into.
    strings: Vec<CString>,
    workdir: CString,
}

impl Command {
    /// The command of `spec`; in a minimal root, environment values naming the host's
    /// working folder name `/box` instead.
    fn new(spec: &RunSpec, mode: Mode) -> Result<Command, String> {
        let program = cstring(spec.program.as_os_str().as_bytes(), "program path")?;
        let argv_c = spec
            .argv
            .iter()
            .map(|a| cstring(a.as_bytes(), "an argument"))
            .collect::<Result<Vec<_>, _>>()?;
        let host_workdir = spec.workdir.to_string_lossy();
        let env_c = spec
            .env
            .iter()
            .map(|(k, v)| {
                let v = match v.strip_prefix(host_workdir.as_ref()) {
                    Some(rest)
                        if mode.minimal_root && (rest.is_empty() || rest.starts_with('/')) =>
                    {
                        format!("{}{rest}", crate::BOX_DIR)
                    }
                    _ => v.clone(),
                };
                cstring(format!("{k}={v}").as_bytes(), "the environment")
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut argv: Vec<*const libc::c_char> = argv_c.iter().map(|c| c.as_ptr()).collect();
        if argv.is_empty() {
            argv.push(program.as_ptr());
        }
        argv.push(std::ptr::null());
        let mut envp: Vec<*const libc::c_char> = env_c.iter().map(|c| c.as_ptr()).collect();
        envp.push(std::ptr::null());
        let workdir = cstring(spec.workdir.as_os_str().as_bytes(), "working directory")?;
        // Moving the strings keeps their heap bytes, so the pointers stay valid.
        let mut strings = argv_c;
        strings.extend(env_c);
        Ok(Command {
            program,
            argv,
            envp,
            strings,
            workdir,
        })
    }
}

/// The resource limits the child sets (resource, soft, hard), and the process limit
/// when `RLIMIT_NPROC` is among them (only for a run that drops to a sandbox uid).
type Rlimits = (Vec<(libc::__rlimit_resource_t, u64, u64)>, Option<u64>);

/// The `setrlimit` calls of a run: CPU, CORE, FSIZE, STACK, AS in address-space mode,
/// NPROC when dropping root.
fn rlimits(limits: &crate::limits::Limits, run_as: Option<(u32, u32)>) -> Rlimits {
    let (cpu_soft, cpu_hard) = limits.cpu_rlimit();
    let stack = limits.stack_bytes();
    let mut rlimits = vec![
        (libc::RLIMIT_CPU, cpu_soft, cpu_hard),
        (libc::RLIMIT_CORE, 0, 0),
        (
            libc::RLIMIT_FSIZE,
            limits.output_bytes.saturating_add(1),
            limits.output_bytes.saturating_add(1),
        ),
        (libc::RLIMIT_STACK, stack, stack),
    ];
    if limits.memory_mode == MemoryMode::AddressSpace {
        rlimits.push((libc::RLIMIT_AS, limits.memory_bytes, limits.memory_bytes));
    }
    let process_limit = match (run_as, limits.processes) {
        (Some(_), Some(n)) => {
            rlimits.push((libc::RLIMIT_NPROC, n, n));
            Some(n)
        }
        _ => None,
    };
    (rlimits, process_limit)
}

/// The launcher's own descriptors a run's child uses: its standard streams and the
/// write ends of the error and report pipes.
struct ChildFds<'f> {
    files: &'f RunFiles,
    err: BorrowedFd<'f>,
    report: BorrowedFd<'f>,
}

/// A run ready to start: the child's plan, and what the launcher holds for it.
struct Prepared<'s> {
    plan: ChildPlan,
    /// The Landlock ruleset the plan names (kept open until the child has it) and its
    /// ABI.
    ruleset: Option<(OwnedFd, u32)>,
    /// The run's memory cgroup, if it has one.
    cgroup: Option<&'s MemoryCgroup>,
}

/// Readies everything the child needs, in this order: the launcher's shared network
/// namespace (entered once), the hidden paths, the Landlock ruleset, the launcher's
/// pidfd (opened once), the memory cgroup, the minimal root's plan, the system-call
/// filter. `stage` is the staged copies' mount and its root as the launcher sees it,
/// `work_copy` a compile's working folder as a detached copy.
fn build_plan<'s>(
    spec: &RunSpec,
    server: &'s mut Server,
    mode: Mode,
    command: Command,
    (rlimits, process_limit): Rlimits,
    fds: ChildFds<'_>,
    (stage, work_copy): (Option<(i32, &std::path::Path)>, Option<&neutral::WorkCopy>),
) -> Result<Prepared<'s>, String> {
    let (isolation, limits) = (&spec.isolation, &spec.limits);
    // As root, the launcher's own empty network namespace serves every run; otherwise
    // each run enters one through its user namespace.
    let shared_net = mode.root && isolation.no_network && server.enter_private_net();
    let hide = spec
        .hide
        .iter()
        .map(|p| cstring(p.as_os_str().as_bytes(), "a hidden path"))
        .collect::<Result<Vec<_>, _>>()?;
    let ruleset = if isolation.confine {
        // The staged copies are read and executed as the read-only folders are.
        let mut read_only = spec.read_only.clone();
        read_only.extend(stage.map(|(_, through)| through.to_path_buf()));
        confine::build_ruleset(
            &spec.program,
            &spec.argv,
            &read_only,
            &spec.binds,
            work_copy.map_or(spec.workdir.as_path(), |w| w.through()),
        )?
    } else {
        None
    };
    let launcher_pidfd = server.own_pidfd();
    let cgroup = if isolation.confine {
        server.cgroup_for(limits.memory_bytes, process_limit)
    } else {
        None
    };
    let plan = ChildPlan {
        program: command.program,
        argv: command.argv,
        envp: command.envp,
        _strings: command.strings,
        workdir: command.workdir,
        fds: [
            fds.files.stdin.as_raw_fd(),
            fds.files.stdout.as_raw_fd(),
            fds.files.stderr.as_raw_fd(),
        ],
        rlimits,
        user_ns: !mode.root && (isolation.no_network || !hide.is_empty()),
        no_network: isolation.no_network && !shared_net,
        hide,
        run_as: mode.run_as,
        landlock_fd: ruleset.as_ref().map_or(-1, |(fd, _)| fd.as_raw_fd()),
        report_fd: fds.report.as_raw_fd(),
        cgroup_fd: cgroup.as_ref().map_or(-1, |c| c.procs_fd()),
        cpu_cgroup_fd: cgroup.as_ref().map_or(-1, |c| c.cpu_procs_fd()),
        root: if mode.minimal_root {
            Some(root::RootPlan::new(
                spec,
                WORKDIR_FILES,
                if spec.keep_workdir { None } else { mode.run_as },
                stage.map(|(mount, _)| mount),
                work_copy.map(neutral::WorkCopy::mount),
            )?)
        } else {
            None
        },
        open_files: if isolation.confine {
            limits.open_files
        } else {
            0
        },
        workdir_tmpfs: if isolation.confine && !spec.keep_workdir {
            Some(cstring(
                workdir_options(limits.output_bytes, mode.run_as).as_bytes(),
                "working folder options",
            )?)
        } else {
            None
        },
        workdir_rights: confine::raw_workdir_rights(),
        device_rights: confine::raw_device_rights(),
        seccomp: if isolation.confine {
            crate::seccomp::filter().unwrap_or_default()
        } else {
            Vec::new()
        },
        err_fd: fds.err.as_raw_fd(),
        // SAFETY: getpid cannot fail.
        launcher_pid: unsafe { libc::getpid() },
        launcher_pidfd,
    };
    Ok(Prepared {
        plan,
        ruleset,
        cgroup,
    })
}

/// Reads the child's setup reports until `exec` closes the error pipe (or the child
/// dies), then closes the launcher's read end: the non-fatal notes, and the fatal
/// failure (stage, errno) if there was one.
fn read_setup_notes(err_r: OwnedFd) -> (Notes, Option<(i32, i32)>) {
    let mut notes = Notes::default();
    let mut fatal = None;
    loop {
        let mut rec = [0i32; 2];
        // SAFETY: reading at most 8 bytes into `rec`, from a descriptor we own.
        let n = unsafe { libc::read(err_r.as_raw_fd(), rec.as_mut_ptr().cast(), 8) };
        if n == 8 {
            if !notes.record(rec[0]) {
                fatal = Some((rec[0], rec[1]));
            }
            continue;
        }
        if n < 0 && errno() == libc::EINTR {
            continue;
        }
        break;
    }
    drop(err_r);
    (notes, fatal)
}

/// The init's record of the program (its status, its rusage and that of every process
/// it reaped), read once every writer is dead, when the child was a PID namespace's
/// init and wrote one; the launcher's read end is closed either way.
fn read_init_record(report_r: OwnedFd, under_init: bool) -> Option<InitRecord> {
    if !under_init {
        return None;
    }
    let mut rec = InitRecord::zeroed();
    let want = std::mem::size_of::<InitRecord>();
    // SAFETY: reads at most `want` bytes into `rec`; every writer is dead, so this
    // returns at once.
    let n = unsafe {
        libc::read(
            report_r.as_raw_fd(),
            (&mut rec as *mut InitRecord).cast(),
            want,
        )
    };
    drop(report_r);
    (n == want as isize).then_some(rec)
}

/// What the plan held, remembered once the plan is gone: the guarantees it may give.
#[derive(Clone, Copy)]
struct Planned {
    seccomp: bool,
    workdir: bool,
    minimal_root: bool,
}

/// `CLOCK_MONOTONIC` now, nanoseconds.
fn monotonic_now() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid out-pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    timespec_ns(ts).unwrap_or(0)
}

/// A timespec in nanoseconds; `None` for zero (never set) or a negative value.
fn timespec_ns(ts: libc::timespec) -> Option<u64> {
    let ns = u64::try_from(ts.tv_sec)
        .ok()?
        .checked_mul(1_000_000_000)?
        .checked_add(u64::try_from(ts.tv_nsec).ok()?)?;
    (ns > 0).then_some(ns)
}

/// How one run ended, once every process of it is gone.
struct Ended {
    /// The program's wait status and rusage, and the rusage of every process the
    /// namespace's init reaped (zero without an init).
    status: i32,
    rusage: libc::rusage,
    reaped: libc::rusage,
    wall: Duration,
    /// `CLOCK_MONOTONIC` nanoseconds when the program was reaped (by the namespace's
    /// init, else by the launcher).
    ended_at_ns: u64,
    /// The child's pid, which is its process group's.
    pid: i32,
    strays_killed: u32,
}

/// How the run was set up: what the child reported and how it was started.
struct Setup {
    mode: Mode,
    process_limit: Option<u64>,
    cloned: Cloned,
    notes: Notes,
    planned: Planned,
    landlock_abi: Option<u32>,
    cpu_counted: bool,
}

/// Forks, supervises and cleans up one run.
fn supervise(spec: &RunSpec, server: &mut Server) -> Result<RunOutcome, String> {
    let mode = Mode::of(spec);
    let staged = if mode.minimal_root {
        server.staged(spec)
    } else {
        None
    };
    let stage = staged.as_ref().map(|s| (s.mount, s.through.as_path()));
    // A compile's folder as a detached copy (neutral paths in its mountinfo too).
    let work_copy = if mode.minimal_root && spec.keep_workdir {
        neutral::WorkCopy::create(&spec.workdir, spec.limits.output_bytes, WORKDIR_FILES)
    } else {
        None
    };
    // What the child runs names the copies; messages and the image's size, the host's
    // files.
    let host_spec = spec;
    let spec = staged.as_ref().map_or(spec, |s| &s.spec);
    let mut files = open_files(spec, mode)?;
    let command = Command::new(spec, mode)?;
    let rlimits = rlimits(&spec.limits, mode.run_as);
    let process_limit = rlimits.1;
    let (err_r, err_w) = pipe_cloexec().map_err(|e| format!("pipe: {e}"))?;
    let (report_r, report_w) = pipe_cloexec().map_err(|e| format!("pipe: {e}"))?;
    // Orphans of the program are re-parented to us, so we can kill and reap them all.
    // SAFETY: plain prctl on ourselves.
    unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
    let fds = ChildFds {
        files: &files,
        err: err_w.as_fd(),
        report: report_w.as_fd(),
    };
    let Prepared {
        plan,
        ruleset,
        cgroup,
    } = build_plan(
        spec,
        server,
        mode,
        command,
        rlimits,
        fds,
        (stage, work_copy.as_ref()),
    )?;

    let forked = Instant::now();
    let (pid, cloned) = spawn(&plan, spec.isolation.confine, mode.root);
    if pid < 0 {
        return Err(format!("fork: {}", strerror(errno())));
    }
    // The child has its copies of the write ends: ours go, so that reading sees the
    // end once the child's are gone too.
    drop(err_w);
    drop(report_w);
    let planned = Planned {
        seccomp: !plan.seccomp.is_empty(),
        workdir: plan.workdir_tmpfs.is_some(),
        minimal_root: plan.root.is_some(),
    };
    drop(plan);
    files.let_go_of_fifos();
    let landlock_abi = ruleset.map(|(_, abi)| abi);
    let (notes, fatal) = read_setup_notes(err_r);
    // The program's clock starts when its set-up is over (the setup notes end at its
    // `execve`): the namespaces, mounts and rules before it are the judge's work, and
    // on a loaded machine they wait for the launcher, which waits for a CPU.
    let start = if fatal.is_none() {
        Instant::now()
    } else {
        forked
    };

    let cgroup = cgroup.filter(|_| notes.joined_memory_cgroup());
    // The kernel's count of every process's CPU time, where the child joined it.
    let cpu_counted = cgroup.is_some_and(|c| c.cpu_used().is_some())
        && notes.joined_cpu_cgroup()
        && cgroup.is_some_and(|c| c.version() == Version::V2 || c.cpu_procs_fd() >= 0);
    let mut monitor = Monitor::new(pid, cloned.pid_ns, spec, start, cgroup, cpu_counted);
    monitor.outputs = [Some(&files.stdout), Some(&files.stderr)];
    let (status, rusage) = monitor.wait();
    let wall = start.elapsed();
    let reaped_at = monotonic_now();
    // On cgroup v2, every process of the run at once; then the launcher's own sweep.
    if let Some(cg) = cgroup {
        cg.kill_all();
    }
    let strays_killed = kill_leftovers(pid);
    // The init's record holds the program's own status and rusage; without one (the
    // init was killed with the namespace) the init's rusage, which includes the
    // program it reaped, stands.
    let ended = match read_init_record(report_r, cloned.pid_ns) {
        Some(rec) => Ended {
            status: rec.status,
            rusage: rec.rusage,
            reaped: rec.reaped,
            wall,
            ended_at_ns: timespec_ns(rec.ended).unwrap_or(reaped_at),
            pid,
            strays_killed,
        },
        None => Ended {
            status,
            rusage,
            // SAFETY: a zeroed rusage is a valid value (all zero).
            reaped: unsafe { std::mem::zeroed() },
            wall,
            ended_at_ns: reaped_at,
            pid,
            strays_killed,
        },
    };

    if let Some((stage, err)) = fatal {
        return Err(format!(
            "{} failed for {}: {}",
            stage_name(stage),
            host_spec.program.display(),
            strerror(err)
        ));
    }
    let setup = Setup {
        mode,
        process_limit,
        cloned,
        notes,
        planned,
        landlock_abi,
        cpu_counted,
    };
    let outcome = collect_outcome(host_spec, &files, &ended, &monitor, cgroup, &setup);
    // A compile's folder back where the judge reads it; its copy (the run's memory)
    // goes before the cgroup is measured again.
    if let Some(copy) = work_copy {
        copy.copy_back().map_err(|e| {
            format!(
                "cannot copy the working folder back to {}: {e}",
                host_spec.workdir.display()
            )
        })?;
    }
    // What the run loaded into the page cache goes before any other run starts.
    if let Some(cg) = cgroup {
        cg.drop_loaded_pages(cached_bytes(&files.stdout) + cached_bytes(&files.stderr));
    }
    Ok(outcome)
}

/// The bytes of `file` in the page cache (`cachestat`, Linux 6.5; before it, the
/// file's size in whole pages): what the run's own output holds of the cgroup's file
/// pages. An output written past the cache (`O_DIRECT`) holds none.
fn cached_bytes(file: &File) -> u64 {
    const PAGE: u64 = 4096;
    #[cfg(target_arch = "x86_64")]
    {
        // struct cachestat_range { off, len } (len 0: to the end) and struct cachestat
        // { nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted }.
        let range: [u64; 2] = [0, 0];
        let mut stat = [0u64; 5];
        // SAFETY: cachestat (x86-64 number 451) reads `range` and writes `stat`, both
        // valid for the call; the descriptor is open.
        let r =
            unsafe { libc::syscall(451, file.as_raw_fd(), range.as_ptr(), stat.as_mut_ptr(), 0) };
        if r == 0 {
            return stat[0] * PAGE;
        }
    }
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    size.div_ceil(PAGE) * PAGE
}

/// The run's outcome from the figures the launcher gathered: the CPU time and memory
/// that count, the limit that killed it, the output sizes, the guarantees that held.
fn collect_outcome(
    spec: &RunSpec,
    files: &RunFiles,
    ended: &Ended,
    monitor: &Monitor,
    cgroup: Option<&MemoryCgroup>,
    setup: &Setup,
) -> RunOutcome {
    let limits = &spec.limits;
    let (status, rusage, reaped) = (ended.status, &ended.rusage, &ended.reaped);
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    // The CPU time of every process of the run: the cgroup's count, read now that all
    // are dead; without one, the program's own and that of every process that ended and
    // was waited for before it (the init's reaped children). rusage can lag the kernel's
    // own accounting by a few ms: never less than a sample, nor less than RLIMIT_CPU when
    // the kernel sent SIGXCPU for it.
    let mut cpu = (tv(rusage.ru_utime) + tv(rusage.ru_stime))
        .max(tv(reaped.ru_utime) + tv(reaped.ru_stime))
        .max(monitor.cpu_seen);
    if setup.cpu_counted {
        if let Some(all) = cgroup.and_then(MemoryCgroup::cpu_used) {
            cpu = cpu.max(all);
        }
    }
    if libc::WIFSIGNALED(status) && libc::WTERMSIG(status) == libc::SIGXCPU {
        cpu = cpu.max(Duration::from_secs(limits.cpu_rlimit().0));
    }
    let size = |f: &File| f.metadata().map(|m| m.len()).unwrap_or(0);
    // The kernel's OOM killer in the run's cgroup (the hard backstop above the limit).
    let oom = cgroup.filter(|c| c.oom_killed());
    // An OOM kill decides over a wall-time kill: a program stalled at the hard limit
    // (memory the OOM killer cannot free, such as tmpfs files) then meets the wall.
    let killed_for = match (monitor.killed_for, oom) {
        (None | Some(LimitHit::Wall), Some(_)) => Some(LimitHit::KernelOom),
        (hit, _) => hit,
    };
    // The reported peak is never below a figure that decided a kill: every sample the
    // monitor took (the program's VmHWM and the cgroup's total), and for an OOM kill the
    // cgroup's hard limit, which the run's memory reached.
    let mut peak = ((rusage.ru_maxrss.max(0) as u64) * 1024)
        .max(monitor.group_peak)
        .max(monitor.memory_seen)
        .max(cgroup.and_then(MemoryCgroup::peak_held).unwrap_or(0));
    if killed_for == Some(LimitHit::KernelOom) {
        peak = peak.max(oom.map_or(0, MemoryCgroup::hard));
    }
    let status = if libc::WIFSIGNALED(status) {
        ExitStatus::Signaled(libc::WTERMSIG(status))
    } else {
        ExitStatus::Exited(libc::WEXITSTATUS(status))
    };
    let (notes, planned, pid_ns) = (setup.notes, setup.planned, setup.cloned.pid_ns);
    // An image too big for the address-space limit dies of SIGSEGV in the exec.
    let image_over_bytes = (limits.memory_mode == MemoryMode::AddressSpace
        && killed_for.is_none()
        && status == ExitStatus::Signaled(libc::SIGSEGV))
    .then(|| crate::image::image_span(&spec.program))
    .flatten()
    .filter(|&span| span > limits.memory_bytes);
    RunOutcome {
        status,
        cpu,
        wall: ended.wall,
        wait: monitor.credited,
        ended_at_ns: ended.ended_at_ns,
        peak_memory_bytes: peak,
        stdout_bytes: size(&files.stdout),
        stderr_bytes: size(&files.stderr),
        killed_for,
        image_over_bytes,
        pgid: ended.pid,
        strays_killed: ended.strays_killed,
        guarantees: Guarantees {
            uid: setup.mode.run_as.map(|r| r.0),
            process_limit: setup.process_limit,
            no_network: spec.isolation.no_network && notes.network_isolated(),
            hidden_paths: !spec.hide.is_empty() && (planned.minimal_root || notes.paths_hidden()),
            address_space_limit: limits.memory_mode == MemoryMode::AddressSpace,
            pid_namespace: pid_ns,
            fresh_proc: pid_ns && notes.fresh_proc(),
            landlock_abi: setup.landlock_abi.filter(|_| notes.landlock_enforced()),
            memory_cgroup: cgroup.is_some(),
            cgroup_v2: cgroup.is_some_and(|c| c.version() == Version::V2),
            seccomp: planned.seccomp && notes.seccomp_installed(),
            private_workdir: planned.workdir && notes.workdir_private(),
            minimal_root: planned.minimal_root,
            private_ipc: pid_ns && notes.hostname_set() && notes.cgroup_namespace(),
            cpu_all_processes: setup.cpu_counted,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::{Isolation, Limits};
    use std::path::Path;

    /// Set in the process of its own that [`failed_runs_leave_no_descriptor_open`] runs
    /// its runs in.
    const FD_PROBE: &str = "GRIDJUDGE_LAUNCHER_FD_PROBE";

    fn open_descriptors() -> usize {
        std::fs::read_dir("/proc/self/fd").map_or(0, Iterator::count)
    }

    fn spec(dir: &Path, program: &Path, isolation: Isolation) -> RunSpec {
        RunSpec {
            program: program.to_path_buf(),
            argv: vec![program.display().to_string()],
            env: vec![],
            workdir: dir.to_path_buf(),
            stdin: "/dev/null".into(),
            stdout: dir.join("out"),
            stderr: dir.join("err"),
            limits: Limits::new(Duration::from_secs(1), 64 << 20),
            isolation,
            hide: vec![],
            read_only: vec![],
            keep_workdir: true,
            binds: vec![],
            wait_share: None,
        }
    }

    #[test]
    fn a_pipe_is_close_on_exec_at_both_ends_and_connected() {
        let (r, w) = pipe_cloexec().expect("pipe");
        for fd in [r.as_raw_fd(), w.as_raw_fd()] {
            // SAFETY: F_GETFD on a descriptor this test owns.
            let flags = unsafe { libc::fcntl(fd, libc::F_GETFD) };
            assert!(flags >= 0 && flags & libc::FD_CLOEXEC != 0);
        }
        let (mut r, mut w) = (File::from(r), File::from(w));
        w.write_all(b"x").expect("write");
        drop(w);
        let mut got = Vec::new();
        std::io::Read::read_to_end(&mut r, &mut got).expect("read");
        assert_eq!(got, b"x");
    }

    /// Every way a run can fail (a missing output folder, a bad hidden path after the
    /// pipes are made, a program that does not exist, with and without confinement)
    /// leaves the launcher's descriptors as they were. The runs happen in a process of
    /// their own (this test binary, run again for this test only): `supervise` makes
    /// its caller a child subreaper and reaps every child of the process, which would
    /// disturb the tests running alongside, and their descriptors would blur the count.
    #[test]
    fn failed_runs_leave_no_descriptor_open() {
        if std::env::var_os(FD_PROBE).is_none() {
            let name = "launcher::tests::failed_runs_leave_no_descriptor_open";
            let exe = std::env::current_exe().expect("test binary");
            let out = std::process::Command::new(exe)
                .args(["--exact", name, "--test-threads=1", "--nocapture"])
                .env(FD_PROBE, "1")
                .output()
                .expect("run the probe");
            let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{text}");
            assert!(text.contains("1 passed"), "{text}");
            return;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let missing = dir.path().join("no-such-program");
        let mut no_folder = spec(dir.path(), Path::new("/bin/true"), Isolation::NONE);
        no_folder.stdout = dir.path().join("no-such-folder/out");
        let mut bad_hide = spec(dir.path(), Path::new("/bin/true"), Isolation::NONE);
        bad_hide.hide = vec![std::path::PathBuf::from(std::ffi::OsStr::from_bytes(
            b"/a\0b",
        ))];
        let confined = Isolation {
            run_as: None,
            no_network: false,
            confine: true,
        };
        let specs = [
            no_folder,
            bad_hide,
            spec(dir.path(), &missing, Isolation::NONE),
            spec(dir.path(), &missing, confined),
        ];
        let mut server = Server {
            private_net: None,
            cgroup: None,
            cgroup_tried: false,
            own_pidfd: None,
            stage: None,
        };
        // Once first: the launcher's own pidfd, its cgroup's files and the ruleset's
        // system paths stay open from one run to the next.
        let mut run_all = || {
            for spec in &specs {
                let failure = supervise(spec, &mut server).expect_err("the run fails");
                assert!(!failure.is_empty());
            }
        };
        run_all();
        let before = open_descriptors();
        for _ in 0..25 {
            run_all();
        }
        assert_eq!(open_descriptors(), before, "descriptors leaked");
    }
}
