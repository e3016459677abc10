//! The launcher's child side: the plan prepared before `fork` (so the child never
//! allocates), the child itself between `fork` and `exec` (raw system calls only), the
//! init of a fresh PID namespace, and the setup stages the child reports through the
//! error pipe. [`supervise`](super) builds the plan and reads the reports.

use super::errno;
use crate::sandbox::confine;
use crate::sandbox::descriptors;
use crate::sandbox::seccomp;
use std::ffi::CString;

/// Stages reported by the child through the error pipe.
pub(super) const STAGE_SETPGID: i32 = 1;
pub(super) const STAGE_DUP2: i32 = 2;
pub(super) const STAGE_RLIMIT: i32 = 3;
pub(super) const STAGE_CHDIR: i32 = 4;
pub(super) const STAGE_DROP: i32 = 5;
pub(super) const STAGE_EXEC: i32 = 6;
/// Non-fatal: the network namespace could not be created.
pub(super) const NOTE_NET: i32 = 7;
/// Non-fatal: the hidden paths could not be covered.
pub(super) const NOTE_HIDE: i32 = 9;
pub(super) const STAGE_PRCTL: i32 = 8;
pub(super) const STAGE_FORK: i32 = 12;
pub(super) const STAGE_DESCRIPTORS: i32 = 14;
/// Non-fatal: the fresh `/proc` could not be mounted.
pub(super) const NOTE_PROC: i32 = 10;
/// Non-fatal: the Landlock ruleset could not be enforced.
pub(super) const NOTE_LANDLOCK: i32 = 11;
/// Non-fatal: the child could not join the memory cgroup.
pub(super) const NOTE_CGROUP: i32 = 13;
/// Non-fatal: the system-call filter could not be installed.
pub(super) const NOTE_SECCOMP: i32 = 15;
/// Non-fatal: the private working folder could not be mounted (or confined).
pub(super) const NOTE_WORKDIR: i32 = 16;

/// Everything the child needs, prepared before `fork` so the child never allocates.
pub(super) struct ChildPlan {
    pub(super) program: CString,
    pub(super) argv: Vec<*const libc::c_char>,
    pub(super) envp: Vec<*const libc::c_char>,
    pub(super) workdir: CString,
    pub(super) fds: [i32; 3],
    pub(super) rlimits: Vec<(libc::__rlimit_resource_t, u64, u64)>,
    /// Enter a new user namespace first (not root, and a namespace is wanted).
    pub(super) user_ns: bool,
    /// Enter a new, empty network namespace.
    pub(super) no_network: bool,
    /// Directories to cover with an empty read-only tmpfs in a private mount namespace.
    pub(super) hide: Vec<CString>,
    pub(super) run_as: Option<(u32, u32)>,
    /// A Landlock ruleset to enforce just before `exec` (-1: none).
    pub(super) landlock_fd: i32,
    /// Where the PID namespace's init writes the program's [`InitRecord`].
    pub(super) report_fd: i32,
    /// The run's memory cgroup's `cgroup.procs` (-1: none).
    pub(super) cgroup_fd: i32,
    /// Mount options of the private tmpfs over the working directory (`None`: keep the
    /// host's folder), and the Landlock rights the child grants on it.
    pub(super) workdir_tmpfs: Option<CString>,
    pub(super) workdir_rights: u64,
    /// The system-call filter to install after Landlock (empty: none).
    pub(super) seccomp: Vec<libc::sock_filter>,
    pub(super) err_fd: i32,
    /// The launcher's pid: if the child's parent is no longer this, the launcher died
    /// before `PR_SET_PDEATHSIG` took effect and the child must not run.
    pub(super) launcher_pid: i32,
}

/// Writes (stage, errno) to the error pipe. Async-signal-safe.
pub(super) unsafe fn note(fd: i32, stage: i32, err: i32) {
    let rec: [i32; 2] = [stage, err];
    // SAFETY: `rec` is 8 valid bytes; a short or failed write only loses the note.
    unsafe { libc::write(fd, rec.as_ptr().cast(), 8) };
}

/// Reports a fatal setup failure and ends the child. Async-signal-safe.
pub(super) unsafe fn fail_child(fd: i32, stage: i32) -> ! {
    // SAFETY: raw write and _exit only.
    unsafe {
        note(fd, stage, errno());
        libc::_exit(127)
    }
}

/// How the child was created.
#[derive(Clone, Copy)]
pub(super) struct Cloned {
    /// It is pid 1 of a new PID namespace.
    pub(super) pid_ns: bool,
    /// It is already in a new user namespace (created with it by `clone`).
    pub(super) user_ns: bool,
}

/// The child between `fork` and `exec`: raw system calls only.
pub(super) unsafe fn child(plan: &ChildPlan, cloned: Cloned) -> ! {
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
        // Exactly 0, 1 and 2 survive exec: everything else (the launcher's pipes, the
        // cgroup file, the Landlock ruleset, anything inherited) is usable until exec
        // and closed by it. See `descriptors`.
        if !descriptors::raw_cloexec_from(3) {
            fail(STAGE_DESCRIPTORS);
        }
        // Rust ignores SIGPIPE in its binaries; ignored dispositions survive exec.
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
        // The program's start-up stack under the init (see `spawn_program`), mapped
        // before the limits: under `RLIMIT_AS` below the launcher's own size no new
        // mapping would be allowed.
        let exec_stack = if cloned.pid_ns {
            map_exec_stack()
        } else {
            std::ptr::null_mut()
        };
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
        let mut fresh_work = false;
        if namespaces && (!plan.hide.is_empty() || cloned.pid_ns || plan.workdir_tmpfs.is_some()) {
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
                if let Some(opts) = &plan.workdir_tmpfs {
                    // A private tmpfs over the working folder: what the program writes is
                    // bounded in bytes and files, and vanishes with the namespace.
                    if libc::mount(
                        c"gridjudge-work".as_ptr(),
                        plan.workdir.as_ptr(),
                        c"tmpfs".as_ptr(),
                        libc::MS_NOSUID | libc::MS_NODEV,
                        opts.as_ptr().cast(),
                    ) == 0
                    {
                        fresh_work = true;
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
        if plan.workdir_tmpfs.is_some() && !fresh_work {
            note(plan.err_fd, NOTE_WORKDIR, errno());
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
            if fresh_work {
                // The tmpfs is a new superblock too: the ruleset's rule on the host's
                // folder does not reach it.
                let work_fd = libc::open(
                    plan.workdir.as_ptr(),
                    libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
                );
                if work_fd < 0
                    || !confine::raw_allow(plan.landlock_fd, work_fd, plan.workdir_rights)
                {
                    note(plan.err_fd, NOTE_WORKDIR, errno());
                }
                if work_fd >= 0 {
                    libc::close(work_fd);
                }
            }
            if !confine::raw_restrict_self(plan.landlock_fd) {
                note(plan.err_fd, NOTE_LANDLOCK, errno());
            }
            libc::close(plan.landlock_fd);
        }
        // The system-call filter last: the setup above needed unshare and mount.
        if !plan.seccomp.is_empty()
            && !seccomp::raw_install(plan.seccomp.as_ptr(), plan.seccomp.len())
        {
            note(plan.err_fd, NOTE_SECCOMP, errno());
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
            let prog = spawn_program(plan, exec_stack);
            if prog < 0 {
                fail_child(plan.err_fd, STAGE_FORK);
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

/// The stack the program's process runs on between `clone` and `execve` (see
/// [`spawn_program`]): a few frames of raw system calls.
const EXEC_STACK: usize = 64 * 1024;

/// Maps the stack of [`spawn_program`]; null when the kernel refuses.
fn map_exec_stack() -> *mut libc::c_void {
    // SAFETY: an anonymous private mapping, never unmapped (the init ends with the run).
    let stack = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            EXEC_STACK,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
            -1,
            0,
        )
    };
    if stack == libc::MAP_FAILED {
        std::ptr::null_mut()
    } else {
        stack
    }
}

/// Starts the program under the namespace's init the way `posix_spawn` does: a child
/// that shares the init's memory (`CLONE_VM`) on `stack` (from [`map_exec_stack`]),
/// while the init waits (`CLONE_VFORK`) until it has called `execve` (or died trying).
/// Returns its pid, negative on failure (or when `stack` is null).
///
/// PERF: a plain `fork` copied the init's page tables (the launcher's, as the init is
/// its fork) only for `execve` to throw them away, and the init's next writes to its
/// own stack then took copy-on-write faults; about 0.1 ms of CPU per run on the 2-core
/// VM (`benches/sandbox_peers.sh`).
///
/// # Safety
/// Only in the init, between `fork` and its loop: single-threaded, every pointer of
/// `plan` valid, `stack` null or a mapping of `EXEC_STACK` bytes that nothing else
/// uses. The child runs [`exec_program`] only: raw system calls that touch nothing of
/// the shared memory but its own stack and `errno`, and the init does not run until the
/// child has called `execve` or `_exit`.
unsafe fn spawn_program(plan: &ChildPlan, stack: *mut libc::c_void) -> i32 {
    if stack.is_null() {
        return -1;
    }
    // SAFETY: the caller's contract; the stack grows down from the end of the mapping
    // (x86-64, aarch64).
    unsafe {
        let top = stack.cast::<u8>().add(EXEC_STACK).cast::<libc::c_void>();
        libc::clone(
            exec_program,
            top,
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            (plan as *const ChildPlan).cast_mut().cast(),
        )
    }
}

/// The program's process under the init: closes the init's report pipe and executes
/// the program; on failure reports `STAGE_EXEC` and ends.
extern "C" fn exec_program(plan: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `plan` is the init's `&ChildPlan`, alive and unchanged while the init is
    // suspended (CLONE_VFORK); raw system calls only.
    unsafe {
        let plan = &*(plan as *const ChildPlan);
        libc::close(plan.report_fd);
        libc::execve(
            plan.program.as_ptr(),
            plan.argv.as_ptr(),
            plan.envp.as_ptr(),
        );
        fail_child(plan.err_fd, STAGE_EXEC)
    }
}

/// What the namespace's init reports about the program: its wait status and rusage.
#[repr(C)]
pub(super) struct InitRecord {
    pub(super) status: i32,
    pub(super) rusage: libc::rusage,
}

/// The namespace's init: reaps every process until the program `prog` ends, writes
/// its [`InitRecord`] to `report_fd` and exits. Raw system calls only.
pub(super) unsafe fn init(prog: i32, report_fd: i32) -> ! {
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

pub(super) fn stage_name(stage: i32) -> &'static str {
    match stage {
        STAGE_SETPGID => "setpgid",
        STAGE_DUP2 => "redirecting stdio",
        STAGE_RLIMIT => "setrlimit",
        STAGE_CHDIR => "chdir to the working directory",
        STAGE_DROP => "dropping privileges",
        STAGE_EXEC => "exec",
        STAGE_PRCTL => "prctl",
        STAGE_FORK => "fork under the namespace's init",
        STAGE_DESCRIPTORS => "closing inherited descriptors",
        _ => "setup",
    }
}

/// Starts the child: with `confine`, as pid 1 of a new PID namespace (and, when not
/// root, in a new user namespace that owns it) through a raw `clone`; if the kernel
/// refuses, or without `confine`, through `fork`. Returns the child's pid (negative on
/// failure) and how it was created. Never returns in the child.
pub(super) fn spawn(plan: &ChildPlan, confine: bool, root: bool) -> (i32, Cloned) {
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
