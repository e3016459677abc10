//! The launcher: the hidden `gridjudge __launch` mode. For each [`RunSpec`] line on
//! stdin it forks one contestant program under limits, watches it, kills everything it
//! leaves behind and answers a [`LaunchReport`] line as JSON on stdout; it exits at end
//! of input (the judge's side is [`session`](crate::judge::session)).
//!
//! It runs in a freshly executed gridjudge process, so the program's `ru_maxrss`
//! starts from the launcher's few MiB, not from the judge's size (see `sandbox.rs`).
//!
//! In the forked child, before `exec`, only raw system calls run (no allocation, no
//! locks): new process group, stdio, `setrlimit` (CPU soft = ⌈limit⌉ s, hard = soft + 1;
//! CORE = 0; FSIZE = output limit + 1; STACK = memory limit; AS in address-space mode;
//! NPROC when dropping root), namespaces (best effort: `CLONE_NEWUSER` when not root,
//! `CLONE_NEWNET` — as root the launcher's own, entered once, see [`main`] —,
//! `CLONE_NEWNS` + a read-only tmpfs over each hidden folder), `chdir`,
//! then `setgroups`/`setgid`/`setuid`, `PR_SET_NO_NEW_PRIVS`, `PR_SET_PDEATHSIG`, `execve`.
//! A failure is written as two `i32` (stage, errno) to a close-on-exec pipe.
//!
//! The parent waits on a pidfd with a timeout (falling back to sleeping) and samples
//! `/proc/PID/stat` (CPU) and `/proc/PID/status` (`VmHWM`) every [`SAMPLE`] at first, less
//! often as the run goes on (every elapsed/8, at most [`MAX_SAMPLE`]); past the wall
//! deadline, the CPU limit or (peak-RSS mode) the memory limit it `killpg`s the group.
//! After reaping, it kills the group again and, being a child subreaper, kills and reaps
//! every orphan that was re-parented to it until it has no children left.

use crate::judge::cgroup::MemoryCgroup;
use crate::judge::confine;
use crate::judge::limits::MemoryMode;
use crate::judge::sandbox::{
    ExitStatus, Guarantees, LaunchReply, LaunchReport, LimitHit, RunOutcome, RunSpec,
};
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

/// Stages reported by the child through the error pipe.
const STAGE_SETPGID: i32 = 1;
const STAGE_DUP2: i32 = 2;
const STAGE_RLIMIT: i32 = 3;
const STAGE_CHDIR: i32 = 4;
const STAGE_DROP: i32 = 5;
const STAGE_EXEC: i32 = 6;
/// Non-fatal: the network namespace could not be created.
const NOTE_NET: i32 = 7;
/// Non-fatal: the hidden paths could not be covered.
const NOTE_HIDE: i32 = 9;
const STAGE_PRCTL: i32 = 8;
const STAGE_FORK: i32 = 12;
/// Non-fatal: the fresh `/proc` could not be mounted.
const NOTE_PROC: i32 = 10;
/// Non-fatal: the Landlock ruleset could not be enforced.
const NOTE_LANDLOCK: i32 = 11;
/// Non-fatal: the child could not join the memory cgroup.
const NOTE_CGROUP: i32 = 13;

/// Entry point of `gridjudge __launch`: serves runs until end of input. Each line of
/// stdin is one [`RunSpec`] as JSON; each run is answered by one [`LaunchReply`] line on
/// stdout (see [`session`](crate::judge::session)). Returns the process exit code: 0 at
/// end of input, 2 when the judge can no longer be answered.
pub fn main(args: &[OsString]) -> i32 {
    if !args.is_empty() {
        let report =
            LaunchReport::Failed("launcher: the spec comes on stdin, not as an argument".into());
        return i32::from(answer(&report).is_err()) * 2;
    }
    let mut server = Server {
        private_net: None,
        cgroup: None,
        cgroup_tried: false,
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
    /// Whether making it failed (no v1 memory controller here): no more tries.
    cgroup_tried: bool,
}

impl Server {
    /// Whether the launcher is in a private, empty network namespace (entering one the
    /// first time this is asked).
    fn enter_private_net(&mut self) -> bool {
        *self.private_net.get_or_insert_with(|| {
            // SAFETY: unshare on ourselves; the launcher is single-threaded.
            unsafe { libc::unshare(libc::CLONE_NEWNET) == 0 }
        })
    }

    /// The memory cgroup, readied for a run with memory limit `limit`, if there is one.
    fn cgroup_for(&mut self, limit: u64) -> Option<&MemoryCgroup> {
        if self.cgroup.as_mut().is_some_and(|cg| !cg.prepare(limit)) {
            self.cgroup = None; // removed: the next try makes a fresh one
        }
        if self.cgroup.is_none() && !self.cgroup_tried {
            self.cgroup = MemoryCgroup::create(limit);
            self.cgroup_tried = self.cgroup.is_none();
        }
        self.cgroup.as_ref()
    }
}

fn cstring(bytes: &[u8], what: &str) -> Result<CString, String> {
    CString::new(bytes).map_err(|_| format!("{what} contains a NUL byte"))
}

fn errno() -> i32 {
    // SAFETY: __errno_location returns this thread's errno slot; async-signal-safe.
    unsafe { *libc::__errno_location() }
}

fn strerror(e: i32) -> String {
    std::io::Error::from_raw_os_error(e).to_string()
}

/// Everything the child needs, prepared before `fork` so the child never allocates.
struct ChildPlan {
    program: CString,
    argv: Vec<*const libc::c_char>,
    envp: Vec<*const libc::c_char>,
    workdir: CString,
    fds: [i32; 3],
    rlimits: Vec<(libc::__rlimit_resource_t, u64, u64)>,
    /// Enter a new user namespace first (not root, and a namespace is wanted).
    user_ns: bool,
    /// Enter a new, empty network namespace.
    no_network: bool,
    /// Directories to cover with an empty read-only tmpfs in a private mount namespace.
    hide: Vec<CString>,
    run_as: Option<(u32, u32)>,
    /// A Landlock ruleset to enforce just before `exec` (-1: none).
    landlock_fd: i32,
    /// Where the PID namespace's init writes the program's [`InitRecord`].
    report_fd: i32,
    /// The run's memory cgroup's `cgroup.procs` (-1: none).
    cgroup_fd: i32,
    err_fd: i32,
    /// The launcher's pid: if the child's parent is no longer this, the launcher died
    /// before `PR_SET_PDEATHSIG` took effect and the child must not run.
    launcher_pid: i32,
}

/// Writes (stage, errno) to the error pipe. Async-signal-safe.
unsafe fn note(fd: i32, stage: i32, err: i32) {
    let rec: [i32; 2] = [stage, err];
    // SAFETY: `rec` is 8 valid bytes; a short or failed write only loses the note.
    unsafe { libc::write(fd, rec.as_ptr().cast(), 8) };
}

/// Reports a fatal setup failure and ends the child. Async-signal-safe.
unsafe fn fail_child(fd: i32, stage: i32) -> ! {
    // SAFETY: raw write and _exit only.
    unsafe {
        note(fd, stage, errno());
        libc::_exit(127)
    }
}

/// How the child was created.
#[derive(Clone, Copy)]
struct Cloned {
    /// It is pid 1 of a new PID namespace.
    pid_ns: bool,
    /// It is already in a new user namespace (created with it by `clone`).
    user_ns: bool,
}

/// The child between `fork` and `exec`: raw system calls only.
unsafe fn child(plan: &ChildPlan, cloned: Cloned) -> ! {
    // SAFETY (whole function): only async-signal-safe system calls on data prepared
    // before fork; every pointer comes from a live CString or null-terminated vector.
    unsafe {
        let fail = |stage: i32| fail_child(plan.err_fd, stage);
        if libc::setpgid(0, 0) != 0 {
            fail(STAGE_SETPGID);
        }
        // Into the run's memory cgroup first: everything we start is charged to it.
        if plan.cgroup_fd >= 0 && libc::write(plan.cgroup_fd, c"0".as_ptr().cast(), 1) != 1 {
            note(plan.err_fd, NOTE_CGROUP, errno());
        }
        for (target, &fd) in plan.fds.iter().enumerate() {
            if libc::dup2(fd, target as i32) < 0 {
                fail(STAGE_DUP2);
            }
        }
        // Rust ignores SIGPIPE in its binaries; ignored dispositions survive exec.
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
        for &(resource, soft, hard) in &plan.rlimits {
            let lim = libc::rlimit {
                rlim_cur: soft,
                rlim_max: hard,
            };
            if libc::setrlimit(resource, &lim) != 0 {
                fail(STAGE_RLIMIT);
            }
        }
        let mut namespaces = true;
        if plan.user_ns && !cloned.user_ns && libc::unshare(libc::CLONE_NEWUSER) != 0 {
            let e = errno();
            note(plan.err_fd, NOTE_NET, e);
            note(plan.err_fd, NOTE_HIDE, e);
            note(plan.err_fd, NOTE_PROC, e);
            namespaces = false;
        }
        if namespaces && plan.no_network && libc::unshare(libc::CLONE_NEWNET) != 0 {
            note(plan.err_fd, NOTE_NET, errno());
        }
        let mut fresh_proc = false;
        if namespaces && (!plan.hide.is_empty() || cloned.pid_ns) {
            if libc::unshare(libc::CLONE_NEWNS) != 0
                || libc::mount(
                    std::ptr::null(),
                    c"/".as_ptr(),
                    std::ptr::null(),
                    libc::MS_REC | libc::MS_PRIVATE,
                    std::ptr::null(),
                ) != 0
            {
                let e = errno();
                note(plan.err_fd, NOTE_HIDE, e);
                note(plan.err_fd, NOTE_PROC, e);
            } else {
                for dir in &plan.hide {
                    let flags =
                        libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
                    if libc::mount(
                        c"gridjudge-hidden".as_ptr(),
                        dir.as_ptr(),
                        c"tmpfs".as_ptr(),
                        flags,
                        std::ptr::null(),
                    ) != 0
                    {
                        note(plan.err_fd, NOTE_HIDE, errno());
                    }
                }
                if cloned.pid_ns {
                    // A /proc of our own PID namespace: only our processes are visible.
                    let flags = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
                    if libc::mount(
                        c"proc".as_ptr(),
                        c"/proc".as_ptr(),
                        c"proc".as_ptr(),
                        flags,
                        std::ptr::null(),
                    ) == 0
                    {
                        fresh_proc = true;
                    } else {
                        note(plan.err_fd, NOTE_PROC, errno());
                    }
                }
            }
        } else if cloned.pid_ns {
            note(plan.err_fd, NOTE_PROC, 0);
        }
        if libc::chdir(plan.workdir.as_ptr()) != 0 {
            fail(STAGE_CHDIR);
        }
        if let Some((uid, gid)) = plan.run_as {
            if libc::setgroups(0, std::ptr::null()) != 0
                || libc::setgid(gid) != 0
                || libc::setuid(uid) != 0
            {
                fail(STAGE_DROP);
            }
        }
        if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
            || libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0
        {
            fail(STAGE_PRCTL);
        }
        if plan.landlock_fd >= 0 {
            if fresh_proc {
                // The fresh /proc is a new superblock: the launcher's rule on the host's
                // /proc does not cover it.
                let proc_fd = libc::open(
                    c"/proc".as_ptr(),
                    libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
                );
                if proc_fd >= 0 {
                    confine::raw_allow_read(plan.landlock_fd, proc_fd);
                    libc::close(proc_fd);
                }
            }
            if !confine::raw_restrict_self(plan.landlock_fd) {
                note(plan.err_fd, NOTE_LANDLOCK, errno());
            }
            libc::close(plan.landlock_fd);
        }
        // In a new PID namespace the parent is outside it and getppid() is 0.
        if !cloned.pid_ns && libc::getppid() != plan.launcher_pid {
            libc::_exit(127);
        }
        if cloned.pid_ns {
            // We are pid 1 of the namespace. The kernel drops default-action signals
            // sent to a namespace's init (SIGXFSZ, SIGXCPU, SIGABRT, SIGPIPE would be
            // lost), so the program runs as pid 2 under this tiny init, which reaps
            // everything and ends when the program ends: the kernel then kills every
            // process left in the namespace.
            let prog = libc::fork();
            if prog < 0 {
                fail_child(plan.err_fd, STAGE_FORK);
            }
            if prog == 0 {
                libc::close(plan.report_fd);
                libc::execve(
                    plan.program.as_ptr(),
                    plan.argv.as_ptr(),
                    plan.envp.as_ptr(),
                );
                fail_child(plan.err_fd, STAGE_EXEC);
            }
            // The launcher reads setup notes until every writer is gone.
            libc::close(plan.err_fd);
            init(prog, plan.report_fd)
        }
        libc::execve(
            plan.program.as_ptr(),
            plan.argv.as_ptr(),
            plan.envp.as_ptr(),
        );
        fail(STAGE_EXEC)
    }
}

/// What the namespace's init reports about the program: its wait status and rusage.
#[repr(C)]
struct InitRecord {
    status: i32,
    rusage: libc::rusage,
}

/// The namespace's init: reaps every process until the program `prog` ends, writes
/// its [`InitRecord`] to `report_fd` and exits. Raw system calls only.
unsafe fn init(prog: i32, report_fd: i32) -> ! {
    // SAFETY (whole function): raw system calls on stack data.
    unsafe {
        loop {
            let mut rec = InitRecord {
                status: 0,
                rusage: std::mem::zeroed(),
            };
            let r = libc::wait4(-1, &mut rec.status, libc::__WALL, &mut rec.rusage);
            if r == prog {
                libc::write(
                    report_fd,
                    (&rec as *const InitRecord).cast(),
                    std::mem::size_of::<InitRecord>(),
                );
                libc::_exit(0);
            }
            if r < 0 && errno() != libc::EINTR {
                libc::_exit(0);
            }
        }
    }
}

fn stage_name(stage: i32) -> &'static str {
    match stage {
        STAGE_SETPGID => "setpgid",
        STAGE_DUP2 => "redirecting stdio",
        STAGE_RLIMIT => "setrlimit",
        STAGE_CHDIR => "chdir to the working directory",
        STAGE_DROP => "dropping privileges",
        STAGE_EXEC => "exec",
        STAGE_PRCTL => "prctl",
        STAGE_FORK => "fork under the namespace's init",
        _ => "setup",
    }
}

/// Forks, supervises and cleans up one run.
fn supervise(spec: &RunSpec, server: &mut Server) -> Result<RunOutcome, String> {
    let open = |p: &std::path::Path, write: bool| {
        let r = if write {
            File::create(p)
        } else {
            File::open(p)
        };
        r.map_err(|e| format!("cannot open {}: {e}", p.display()))
    };
    let stdin = open(&spec.stdin, false)?;
    let stdout = open(&spec.stdout, true)?;
    let stderr = open(&spec.stderr, true)?;

    let program = cstring(spec.program.as_os_str().as_bytes(), "program path")?;
    let argv_c = spec
        .argv
        .iter()
        .map(|a| cstring(a.as_bytes(), "an argument"))
        .collect::<Result<Vec<_>, _>>()?;
    let env_c = spec
        .env
        .iter()
        .map(|(k, v)| cstring(format!("{k}={v}").as_bytes(), "the environment"))
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
    let cpu_soft = limits.cpu.as_secs() + u64::from(limits.cpu.subsec_nanos() > 0);
    let cpu_soft = cpu_soft.max(1);
    let mut rlimits = vec![
        (libc::RLIMIT_CPU, cpu_soft, cpu_soft + 1),
        (libc::RLIMIT_CORE, 0, 0),
        (
            libc::RLIMIT_FSIZE,
            limits.output_bytes.saturating_add(1),
            limits.output_bytes.saturating_add(1),
        ),
        (libc::RLIMIT_STACK, limits.memory_bytes, limits.memory_bytes),
    ];
    if limits.memory_mode == MemoryMode::AddressSpace {
        rlimits.push((libc::RLIMIT_AS, limits.memory_bytes, limits.memory_bytes));
    }
    let run_as = spec.isolation.run_as.map(|r| (r.uid, r.gid));
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

    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    // As root, the launcher's own empty network namespace serves every run; otherwise
    // each run enters one through its user namespace.
    let shared_net = root && spec.isolation.no_network && server.enter_private_net();
    let hide = spec
        .hide
        .iter()
        .map(|p| cstring(p.as_os_str().as_bytes(), "a hidden path"))
        .collect::<Result<Vec<_>, _>>()?;
    let ruleset = if spec.isolation.confine {
        confine::build_ruleset(&spec.program, &spec.argv, &spec.workdir)?
    } else {
        None
    };
    let cgroup = if spec.isolation.confine {
        server.cgroup_for(limits.memory_bytes)
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
        err_fd: err_w,
        // SAFETY: getpid cannot fail.
        launcher_pid: unsafe { libc::getpid() },
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
    drop(plan);
    let landlock_abi = ruleset.map(|(_, abi)| abi);

    // Read the child's notes until exec closes the pipe (or the child dies).
    let mut fatal = None;
    let mut net_failed = false;
    let mut hide_failed = false;
    let mut proc_failed = false;
    let mut landlock_failed = false;
    let mut cgroup_failed = false;
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
    let mut monitor = Monitor::new(pid, cloned.pid_ns, spec, start, cgroup);
    let (mut status, mut rusage) = monitor.wait();
    let wall = start.elapsed();
    let strays_killed = kill_leftovers(pid);
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
    // rusage can lag the kernel's own CPU accounting by a few ms: never report less than
    // a sample, nor less than RLIMIT_CPU when the kernel sent SIGXCPU for it.
    let mut cpu = (tv(rusage.ru_utime) + tv(rusage.ru_stime)).max(monitor.cpu_seen);
    if libc::WIFSIGNALED(status) && libc::WTERMSIG(status) == libc::SIGXCPU {
        cpu = cpu.max(Duration::from_secs(cpu_soft));
    }
    let size = |f: &File| f.metadata().map(|m| m.len()).unwrap_or(0);
    // The kernel's OOM killer in the run's cgroup (the hard backstop above the limit).
    let killed_for = monitor.killed_for.or_else(|| {
        cgroup
            .is_some_and(MemoryCgroup::oom_killed)
            .then_some(LimitHit::Memory)
    });
    let status = if libc::WIFSIGNALED(status) {
        ExitStatus::Signaled(libc::WTERMSIG(status))
    } else {
        ExitStatus::Exited(libc::WEXITSTATUS(status))
    };
    Ok(RunOutcome {
        status,
        cpu,
        wall,
        peak_memory_bytes: ((rusage.ru_maxrss.max(0) as u64) * 1024).max(monitor.group_peak),
        stdout_bytes: size(&stdout),
        stderr_bytes: size(&stderr),
        killed_for,
        pgid: pid,
        strays_killed,
        guarantees: Guarantees {
            uid: run_as.map(|r| r.0),
            process_limit,
            no_network: spec.isolation.no_network && !net_failed,
            hidden_paths: !spec.hide.is_empty() && !hide_failed,
            address_space_limit: limits.memory_mode == MemoryMode::AddressSpace,
            pid_namespace: cloned.pid_ns,
            fresh_proc: cloned.pid_ns && !proc_failed,
            landlock_abi: landlock_abi.filter(|_| !landlock_failed),
            memory_cgroup: cgroup.is_some(),
        },
    })
}

/// Starts the child: with `confine`, as pid 1 of a new PID namespace (and, when not
/// root, in a new user namespace that owns it) through a raw `clone`; if the kernel
/// refuses, or without `confine`, through `fork`. Returns the child's pid (negative on
/// failure) and how it was created. Never returns in the child.
fn spawn(plan: &ChildPlan, confine: bool, root: bool) -> (i32, Cloned) {
    if confine {
        let mut flags = libc::CLONE_NEWPID;
        if !root {
            flags |= libc::CLONE_NEWUSER;
        }
        let cloned = Cloned {
            pid_ns: true,
            user_ns: !root,
        };
        // SAFETY: clone without CLONE_VM and with a null stack behaves like fork: the
        // child gets a copy of our (single-threaded) address space and only runs
        // `child`, which makes raw system calls.
        let pid = unsafe {
            libc::syscall(
                libc::SYS_clone,
                (flags | libc::SIGCHLD) as libc::c_ulong,
                0usize,
                0usize,
                0usize,
                0usize,
            )
        } as i32;
        if pid == 0 {
            // SAFETY: we are the freshly cloned child.
            unsafe { child(plan, cloned) }
        }
        if pid > 0 {
            return (pid, cloned);
        }
    }
    let cloned = Cloned {
        pid_ns: false,
        user_ns: false,
    };
    // SAFETY: the launcher is single-threaded; the child only runs `child`.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // SAFETY: we are the freshly forked child.
        unsafe { child(plan, cloned) }
    }
    (pid, cloned)
}

/// Watches one running program and enforces wall, CPU and peak-RSS limits.
struct Monitor<'a> {
    /// The process the launcher waits for (the namespace's init, or the program).
    pid: i32,
    /// The program itself, sampled for CPU and memory (0 until found under the init).
    watch: i32,
    spec: &'a RunSpec,
    /// When the program was started.
    start: Instant,
    deadline: Instant,
    pidfd: i32,
    killed_for: Option<LimitHit>,
    ticks_per_sec: u64,
    /// The program's CPU-time clock (all its threads, nanosecond resolution), when the
    /// kernel gives one; otherwise CPU time comes from `/proc/PID/stat` ticks.
    cpu_clock: Option<libc::clockid_t>,
    /// The largest CPU time sampled while the program ran.
    cpu_seen: Duration,
    /// The run's memory cgroup, sampled for the memory of all its processes.
    cgroup: Option<&'a MemoryCgroup>,
    /// The largest memory of all the run's processes sampled from the cgroup, bytes.
    group_peak: u64,
}

impl<'a> Monitor<'a> {
    fn new(
        pid: i32,
        under_init: bool,
        spec: &'a RunSpec,
        start: Instant,
        cgroup: Option<&'a MemoryCgroup>,
    ) -> Monitor<'a> {
        // SAFETY: pidfd_open on our own child; -1 (old kernel) means "sleep instead".
        let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as i32;
        // SAFETY: sysconf has no preconditions.
        let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        let mut monitor = Monitor {
            pid,
            watch: 0,
            spec,
            start,
            deadline: start + spec.limits.wall,
            pidfd,
            killed_for: None,
            ticks_per_sec: if ticks > 0 { ticks as u64 } else { 100 },
            cpu_clock: None,
            cpu_seen: Duration::ZERO,
            cgroup,
            group_peak: 0,
        };
        if !under_init {
            monitor.set_watch(pid);
        }
        monitor
    }

    fn set_watch(&mut self, pid: i32) {
        self.watch = pid;
        let mut clock: libc::clockid_t = 0;
        // SAFETY: valid out-pointer; pid is our child or grandchild.
        self.cpu_clock =
            (unsafe { libc::clock_getcpuclockid(pid, &mut clock) } == 0).then_some(clock);
    }

    /// Under an init, finds the program: the init's only child it forked.
    fn find_watch(&mut self) {
        if self.watch != 0 {
            return;
        }
        let children = std::fs::read_to_string(format!("/proc/{0}/task/{0}/children", self.pid))
            .unwrap_or_default();
        if let Some(p) = children
            .split_ascii_whitespace()
            .next()
            .and_then(|p| p.parse::<i32>().ok())
        {
            self.set_watch(p);
        }
    }

    fn kill(&mut self, why: LimitHit) {
        if self.killed_for.is_none() {
            self.killed_for = Some(why);
        }
        // SAFETY: signalling our child's process group.
        unsafe { libc::killpg(self.pid, libc::SIGKILL) };
    }

    /// Waits for the program, enforcing limits; returns its wait status and rusage.
    fn wait(&mut self) -> (i32, libc::rusage) {
        loop {
            let mut status = 0;
            // SAFETY: a zeroed rusage is a valid out-parameter.
            let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
            // SAFETY: valid out-pointers; pid is our child.
            let r = unsafe { libc::wait4(self.pid, &mut status, libc::WNOHANG, &mut ru) };
            if r == self.pid {
                if self.pidfd >= 0 {
                    // SAFETY: closing our pidfd.
                    unsafe { libc::close(self.pidfd) };
                }
                return (status, ru);
            }
            if r < 0 && errno() != libc::EINTR {
                // ECHILD cannot happen for our own unreaped child; give up cleanly.
                return (status, ru);
            }
            let now = Instant::now();
            self.find_watch();
            if self.killed_for.is_none() {
                if now >= self.deadline {
                    self.kill(LimitHit::Wall);
                } else if self.sample_cpu() > self.spec.limits.cpu {
                    self.kill(LimitHit::Cpu);
                } else if self.spec.limits.memory_mode == MemoryMode::PeakRss
                    && self.memory_now() > self.spec.limits.memory_bytes
                {
                    self.kill(LimitHit::Memory);
                }
            }
            let timeout = if self.killed_for.is_some() {
                SAMPLE
            } else {
                let interval =
                    (now.saturating_duration_since(self.start) / 8).clamp(SAMPLE, MAX_SAMPLE);
                interval.min(self.deadline.saturating_duration_since(now))
            };
            self.sleep(timeout);
        }
    }

    /// Sleeps up to `timeout`, waking early when the child exits (pidfd readable).
    fn sleep(&self, timeout: Duration) {
        if self.pidfd >= 0 {
            let mut pfd = libc::pollfd {
                fd: self.pidfd,
                events: libc::POLLIN,
                revents: 0,
            };
            let ts = libc::timespec {
                tv_sec: timeout.as_secs() as libc::time_t,
                tv_nsec: timeout.subsec_nanos() as libc::c_long,
            };
            // SAFETY: one valid pollfd, a valid timespec, no signal mask change.
            unsafe { libc::ppoll(&mut pfd, 1, &ts, std::ptr::null()) };
        } else {
            std::thread::sleep(timeout.min(Duration::from_millis(1)));
        }
    }

    /// Samples the CPU time, remembering the largest value seen.
    fn sample_cpu(&mut self) -> Duration {
        if let Some(c) = self.cpu_time() {
            self.cpu_seen = self.cpu_seen.max(c);
        }
        self.cpu_seen
    }

    /// CPU time of the program's process (all threads, not its children) so far.
    fn cpu_time(&self) -> Option<Duration> {
        if let Some(clock) = self.cpu_clock {
            let mut ts = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            // SAFETY: valid out-pointer; an error (e.g. the process is gone) falls through.
            if unsafe { libc::clock_gettime(clock, &mut ts) } == 0 {
                return Some(Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32));
            }
        }
        if self.watch == 0 {
            return None;
        }
        let stat = std::fs::read(format!("/proc/{}/stat", self.watch)).ok()?;
        let close = stat.iter().rposition(|&b| b == b')')?;
        let rest = std::str::from_utf8(stat.get(close + 1..)?).ok()?;
        let mut fields = rest.split_ascii_whitespace();
        // After the command: state is field 3; utime and stime are fields 14 and 15.
        let utime: u64 = fields.nth(11)?.parse().ok()?;
        let stime: u64 = fields.next()?.parse().ok()?;
        let ticks = utime + stime;
        Some(Duration::from_nanos(
            ticks.saturating_mul(1_000_000_000) / self.ticks_per_sec,
        ))
    }

    /// The memory the run holds, as far as sampling sees it: the program's peak RSS
    /// (`VmHWM`) and, with a cgroup, the anonymous memory of all its processes.
    fn memory_now(&mut self) -> u64 {
        if let Some(rss) = self.cgroup.and_then(MemoryCgroup::rss) {
            self.group_peak = self.group_peak.max(rss);
        }
        self.peak_rss().unwrap_or(0).max(self.group_peak)
    }

    /// Peak RSS of the main process so far (`VmHWM`), bytes.
    fn peak_rss(&self) -> Option<u64> {
        if self.watch == 0 {
            return None;
        }
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.watch)).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kib: u64 = line.split_ascii_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }
}

/// Kills the program's process group and every process re-parented to the launcher,
/// and reaps them all. Returns how many processes it had to kill after the program ended.
fn kill_leftovers(pgid: i32) -> u32 {
    let mut killed = std::collections::BTreeSet::new();
    // SAFETY: signalling the program's group; ESRCH when it is already empty.
    unsafe { libc::killpg(pgid, libc::SIGKILL) };
    // SAFETY: getpid cannot fail.
    let me = unsafe { libc::getpid() };
    let children_file = format!("/proc/{me}/task/{me}/children");
    let give_up = Instant::now() + Duration::from_secs(5);
    loop {
        let children = std::fs::read_to_string(&children_file).unwrap_or_default();
        for pid in children
            .split_ascii_whitespace()
            .filter_map(|p| p.parse::<i32>().ok())
        {
            // SAFETY: these are our own children (we are their subreaper). killpg also
            // takes the group a stray may have made for itself.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::killpg(pid, libc::SIGKILL);
            }
            killed.insert(pid);
        }
        // Reap whatever is dead.
        let mut status = 0;
        loop {
            // SAFETY: reaping any of our children without blocking.
            let r = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
            if r <= 0 {
                if r < 0 && errno() == libc::ECHILD {
                    return killed.len() as u32;
                }
                break;
            }
        }
        if Instant::now() > give_up {
            return killed.len() as u32;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}
