//! The launcher: the hidden `gridjudge __launch` mode. For each [`RunSpec`] line on
//! stdin it forks one contestant program under limits, watches it, kills everything it
//! leaves behind and answers a [`LaunchReport`] line as JSON on stdout; it exits at end
//! of input (the judge's side is [`session`](crate::sandbox::session)).
//!
//! It runs in a freshly executed gridjudge process, so the program's `ru_maxrss`
//! starts from the launcher's few MiB, not from the judge's size (see [`sandbox`](crate::sandbox)).
//!
//! In the forked child, before `exec`, only raw system calls run (no allocation, no
//! locks): new process group, stdio (standard input a sealed memfd copy of the case in a
//! minimal root, so its descriptor names no host path: `neutral_input`), every other
//! descriptor close-on-exec (the program starts with exactly 0, 1, 2:
//! [`descriptors`](crate::sandbox::descriptors)), `setrlimit` (CPU soft = ⌈limit⌉ s, hard =
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
//! are read in one buffer ([`kernel_files`](crate::sandbox::kernel_files)).
//!
//! The parent waits on a pidfd with a timeout (falling back to sleeping) and samples the
//! CPU time (the cgroup's count of every process, else the program's own clock) and the
//! memory (what the cgroup's processes hold, and `VmHWM` in peak-RSS mode) every
//! [`SAMPLE`] at first, less often as the run goes on (every elapsed/8, at most
//! [`MAX_SAMPLE`]); past the wall deadline, the CPU limit or the memory limit it `killpg`s
//! the group.
//! After reaping, it kills the group again and, being a child subreaper, kills and reaps
//! every orphan that was re-parented to it until it has no children left.
//!
//! Here: the serving loop and [`supervise`] (one run: plan, fork, watch, report). The
//! child side (plan, pre-`exec` code, the namespace's init) is in `child`, the minimal
//! root in `root`, the watch and the clean-up in `monitor`.

mod child;
mod monitor;
mod root;

use crate::sandbox::cgroup::{locate::Version, MemoryCgroup};
use crate::sandbox::confine;
use crate::sandbox::limits::MemoryMode;
use crate::sandbox::{
    ExitStatus, Guarantees, LaunchReply, LaunchReport, LimitHit, RunOutcome, RunSpec,
};
pub use child::HOSTNAME;
use child::{
    spawn, stage_name, ChildPlan, InitRecord, NOTE_CGROUP, NOTE_CGROUP_NS, NOTE_CPU_CGROUP,
    NOTE_HIDE, NOTE_LANDLOCK, NOTE_NET, NOTE_PROC, NOTE_SECCOMP, NOTE_UTS, NOTE_WORKDIR,
};
use monitor::{kill_leftovers, Monitor};
use std::ffi::{CString, OsString};
use std::fs::File;
use std::io::{BufRead, Write};
use std::os::fd::AsRawFd;
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
/// stdout (see [`session`](crate::sandbox::session)). Returns the process exit code: 0 at
/// end of input, 2 when the judge can no longer be answered.
pub fn main(args: &[OsString]) -> i32 {
    // Keep nothing of the caller's: only stdin, stdout and stderr (our pipes) stay open.
    crate::sandbox::descriptors::close_inherited();
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
    own_pidfd: Option<i32>,
}

impl Server {
    /// The launcher's own pidfd (close-on-exec), opened once.
    fn own_pidfd(&mut self) -> i32 {
        *self.own_pidfd.get_or_insert_with(|| {
            // SAFETY: pidfd_open on ourselves; -1 (old kernel) means "no check".
            let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, libc::getpid(), 0) } as i32;
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
    use std::os::fd::FromRawFd;
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
    // SAFETY: __errno_location returns this thread's errno slot; async-signal-safe.
    unsafe { *libc::__errno_location() }
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

/// Forks, supervises and cleans up one run.
fn supervise(spec: &RunSpec, server: &mut Server) -> Result<RunOutcome, String> {
    let open = |p: &std::path::Path, write: bool| {
        let r = if write {
            open_emptied(p)
        } else {
            File::open(p)
        };
        r.map_err(|e| format!("cannot open {}: {e}", p.display()))
    };
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let run_as = spec.isolation.run_as.map(|r| (r.uid, r.gid));
    // A confined run that drops to a sandbox uid gets a minimal root of its own.
    let minimal_root = spec.isolation.confine && root && run_as.is_some();
    let mut stdin = open(&spec.stdin, false)?;
    if minimal_root {
        stdin = neutral_input(stdin)
            .map_err(|e| format!("cannot copy {} for the program: {e}", spec.stdin.display()))?;
    }
    let stdout = open(&spec.stdout, true)?;
    let stderr = open(&spec.stderr, true)?;

    let program = cstring(spec.program.as_os_str().as_bytes(), "program path")?;
    let argv_c = spec
        .argv
        .iter()
        .map(|a| cstring(a.as_bytes(), "an argument"))
        .collect::<Result<Vec<_>, _>>()?;
    // In the minimal root the working folder is /box: values naming it follow.
    let host_workdir = spec.workdir.to_string_lossy();
    let env_c = spec
        .env
        .iter()
        .map(|(k, v)| {
            let v = match v.strip_prefix(host_workdir.as_ref()) {
                Some(rest) if minimal_root && (rest.is_empty() || rest.starts_with('/')) => {
                    format!("{}{rest}", crate::sandbox::BOX_DIR)
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

    let limits = &spec.limits;
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

    let mut pipe = [0i32; 2];
    // SAFETY: `pipe` has room for two descriptors.
    if unsafe { libc::pipe2(pipe.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!("pipe: {}", strerror(errno())));
    }
    let (err_r, err_w) = (pipe[0], pipe[1]);
    let mut pipe = [0i32; 2];
    // SAFETY: `pipe` has room for two descriptors.
    if unsafe { libc::pipe2(pipe.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!("pipe: {}", strerror(errno())));
    }
    let (report_r, report_w) = (pipe[0], pipe[1]);
    // Orphans of the program are re-parented to us, so we can kill and reap them all.
    // SAFETY: plain prctl on ourselves.
    unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };

    // As root, the launcher's own empty network namespace serves every run; otherwise
    // each run enters one through its user namespace.
    let shared_net = root && spec.isolation.no_network && server.enter_private_net();
    let hide = spec
        .hide
        .iter()
        .map(|p| cstring(p.as_os_str().as_bytes(), "a hidden path"))
        .collect::<Result<Vec<_>, _>>()?;
    let ruleset = if spec.isolation.confine {
        confine::build_ruleset(&spec.program, &spec.argv, &spec.read_only, &spec.workdir)?
    } else {
        None
    };
    let launcher_pidfd = server.own_pidfd();
    let cgroup = if spec.isolation.confine {
        server.cgroup_for(limits.memory_bytes, process_limit)
    } else {
        None
    };
    let plan = ChildPlan {
        program,
        argv,
        envp,
        workdir,
        fds: [stdin.as_raw_fd(), stdout.as_raw_fd(), stderr.as_raw_fd()],
        rlimits,
        user_ns: !root && (spec.isolation.no_network || !hide.is_empty()),
        no_network: spec.isolation.no_network && !shared_net,
        hide,
        run_as,
        landlock_fd: ruleset.as_ref().map_or(-1, |(fd, _)| fd.as_raw_fd()),
        report_fd: report_w,
        cgroup_fd: cgroup.as_ref().map_or(-1, |c| c.procs_fd()),
        cpu_cgroup_fd: cgroup.as_ref().map_or(-1, |c| c.cpu_procs_fd()),
        root: if minimal_root {
            Some(root::RootPlan::new(
                spec,
                WORKDIR_FILES,
                if spec.keep_workdir { None } else { run_as },
            )?)
        } else {
            None
        },
        open_files: if spec.isolation.confine {
            limits.open_files
        } else {
            0
        },
        workdir_tmpfs: if spec.isolation.confine && !spec.keep_workdir {
            Some(cstring(
                workdir_options(limits.output_bytes, run_as).as_bytes(),
                "working folder options",
            )?)
        } else {
            None
        },
        workdir_rights: confine::raw_workdir_rights(),
        device_rights: confine::raw_device_rights(),
        seccomp: if spec.isolation.confine {
            crate::sandbox::seccomp::filter().unwrap_or_default()
        } else {
            Vec::new()
        },
        err_fd: err_w,
        // SAFETY: getpid cannot fail.
        launcher_pid: unsafe { libc::getpid() },
        launcher_pidfd,
    };

    let start = Instant::now();
    let (pid, cloned) = spawn(&plan, spec.isolation.confine, root);
    if pid < 0 {
        return Err(format!("fork: {}", strerror(errno())));
    }
    // SAFETY: closing our copies of the write ends.
    unsafe {
        libc::close(err_w);
        libc::close(report_w);
    }
    let seccomp_planned = !plan.seccomp.is_empty();
    let workdir_planned = plan.workdir_tmpfs.is_some();
    let root_planned = plan.root.is_some();
    drop(plan);
    let landlock_abi = ruleset.map(|(_, abi)| abi);

    // Read the child's notes until exec closes the pipe (or the child dies).
    let mut fatal = None;
    let mut net_failed = false;
    let mut hide_failed = false;
    let mut proc_failed = false;
    let mut landlock_failed = false;
    let mut cgroup_failed = false;
    let mut seccomp_failed = false;
    let mut workdir_failed = false;
    let mut uts_failed = false;
    let mut cgroup_ns_failed = false;
    let mut cpu_cgroup_failed = false;
    loop {
        let mut rec = [0i32; 2];
        // SAFETY: reading at most 8 bytes into `rec`.
        let n = unsafe { libc::read(err_r, rec.as_mut_ptr().cast(), 8) };
        if n == 8 {
            if rec[0] == NOTE_NET {
                net_failed = true;
            } else if rec[0] == NOTE_HIDE {
                hide_failed = true;
            } else if rec[0] == NOTE_PROC {
                proc_failed = true;
            } else if rec[0] == NOTE_LANDLOCK {
                landlock_failed = true;
            } else if rec[0] == NOTE_CGROUP {
                cgroup_failed = true;
            } else if rec[0] == NOTE_SECCOMP {
                seccomp_failed = true;
            } else if rec[0] == NOTE_WORKDIR {
                workdir_failed = true;
            } else if rec[0] == NOTE_UTS {
                uts_failed = true;
            } else if rec[0] == NOTE_CGROUP_NS {
                cgroup_ns_failed = true;
            } else if rec[0] == NOTE_CPU_CGROUP {
                cpu_cgroup_failed = true;
            } else {
                fatal = Some((rec[0], rec[1]));
            }
            continue;
        }
        if n < 0 && errno() == libc::EINTR {
            continue;
        }
        break;
    }
    // SAFETY: closing our read end.
    unsafe { libc::close(err_r) };

    let cgroup = cgroup.filter(|_| !cgroup_failed);
    // The kernel's count of every process's CPU time, where the child joined it.
    let cpu_counted = cgroup.is_some_and(|c| c.cpu_used().is_some())
        && !cpu_cgroup_failed
        && cgroup.is_some_and(|c| c.version() == Version::V2 || c.cpu_procs_fd() >= 0);
    let mut monitor = Monitor::new(pid, cloned.pid_ns, spec, start, cgroup, cpu_counted);
    let (mut status, mut rusage) = monitor.wait();
    let wall = start.elapsed();
    // On cgroup v2, every process of the run at once; then the launcher's own sweep.
    if let Some(cg) = cgroup {
        cg.kill_all();
    }
    let strays_killed = kill_leftovers(pid);
    // SAFETY: a zeroed rusage is a valid value (all zero).
    let mut reaped: libc::rusage = unsafe { std::mem::zeroed() };
    if cloned.pid_ns {
        // The init's record holds the program's own status and rusage; without one
        // (the init was killed with the namespace) the init's rusage, which includes
        // the program it reaped, stands.
        // SAFETY: a zeroed InitRecord is valid; read at most its size.
        let mut rec: InitRecord = unsafe { std::mem::zeroed() };
        let want = std::mem::size_of::<InitRecord>();
        // SAFETY: every writer is dead, so this returns at once.
        let n = unsafe { libc::read(report_r, (&mut rec as *mut InitRecord).cast(), want) };
        if n == want as isize {
            status = rec.status;
            rusage = rec.rusage;
            reaped = rec.reaped;
        }
    }
    // SAFETY: closing our read end.
    unsafe { libc::close(report_r) };

    if let Some((stage, err)) = fatal {
        return Err(format!(
            "{} failed for {}: {}",
            stage_name(stage),
            spec.program.display(),
            strerror(err)
        ));
    }

    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    // The CPU time of every process of the run: the cgroup's count, read now that all
    // are dead; without one, the program's own and that of every process that ended and
    // was waited for before it (the init's reaped children). rusage can lag the kernel's
    // own accounting by a few ms: never less than a sample, nor less than RLIMIT_CPU when
    // the kernel sent SIGXCPU for it.
    let mut cpu = (tv(rusage.ru_utime) + tv(rusage.ru_stime))
        .max(tv(reaped.ru_utime) + tv(reaped.ru_stime))
        .max(monitor.cpu_seen);
    if cpu_counted {
        if let Some(all) = cgroup.and_then(MemoryCgroup::cpu_used) {
            cpu = cpu.max(all);
        }
    }
    if libc::WIFSIGNALED(status) && libc::WTERMSIG(status) == libc::SIGXCPU {
        cpu = cpu.max(Duration::from_secs(cpu_soft));
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
    Ok(RunOutcome {
        status,
        cpu,
        wall,
        peak_memory_bytes: peak,
        stdout_bytes: size(&stdout),
        stderr_bytes: size(&stderr),
        killed_for,
        pgid: pid,
        strays_killed,
        guarantees: Guarantees {
            uid: run_as.map(|r| r.0),
            process_limit,
            no_network: spec.isolation.no_network && !net_failed,
            hidden_paths: !spec.hide.is_empty() && (root_planned || !hide_failed),
            address_space_limit: limits.memory_mode == MemoryMode::AddressSpace,
            pid_namespace: cloned.pid_ns,
            fresh_proc: cloned.pid_ns && !proc_failed,
            landlock_abi: landlock_abi.filter(|_| !landlock_failed),
            memory_cgroup: cgroup.is_some(),
            cgroup_v2: cgroup.is_some_and(|c| c.version() == Version::V2),
            seccomp: seccomp_planned && !seccomp_failed,
            private_workdir: workdir_planned && !workdir_failed,
            minimal_root: root_planned,
            private_ipc: cloned.pid_ns && !uts_failed && !cgroup_ns_failed,
            cpu_all_processes: cpu_counted,
        },
    })
}
