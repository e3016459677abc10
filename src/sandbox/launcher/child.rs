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
/// Non-fatal: the host name could not be set in the run's UTS namespace.
pub(super) const NOTE_UTS: i32 = 17;
/// Non-fatal: the run's cgroup namespace could not be made.
pub(super) const NOTE_CGROUP_NS: i32 = 18;
/// Non-fatal: the child could not join the CPU-accounting cgroup (cgroup v1).
pub(super) const NOTE_CPU_CGROUP: i32 = 19;

/// The host name a confined run sees (in its own UTS namespace).
pub const HOSTNAME: &std::ffi::CStr = c"gridjudge";

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
    /// The run's v1 CPU-accounting cgroup's `cgroup.procs` (-1: none).
    pub(super) cpu_cgroup_fd: i32,
    /// The minimal root to build and switch to (`None`: the host's root, with the
    /// hidden folders and the private working folder below).
    pub(super) root: Option<super::root::RootPlan>,
    /// `RLIMIT_NOFILE` of the program (0: the launcher's own), set last, once the
    /// child's own descriptors are opened.
    pub(super) open_files: u64,
    /// Mount options of the private tmpfs over the working directory (`None`: keep the
    /// host's folder), and the Landlock rights the child grants on it.
    pub(super) workdir_tmpfs: Option<CString>,
    pub(super) workdir_rights: u64,
    /// The Landlock rights on the root's device nodes.
    pub(super) device_rights: u64,
    /// The system-call filter to install after Landlock (empty: none).
    pub(super) seccomp: Vec<libc::sock_filter>,
    pub(super) err_fd: i32,
    /// The launcher's pid: if the child's parent is no longer this, the launcher died
    /// before `PR_SET_PDEATHSIG` took effect and the child must not run.
    pub(super) launcher_pid: i32,
    /// A pidfd of the launcher (-1: none): readable once the launcher has ended, which is
    /// how a child in its own PID namespace (where `getppid()` is 0) sees that the
    /// launcher died before `PR_SET_PDEATHSIG` took effect.
    pub(super) launcher_pidfd: i32,
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
    /// It is pid 1 of a new PID namespace, with new IPC and UTS namespaces as well.
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
        let mut in_root = false;
        let wants_mount_ns = !plan.hide.is_empty()
            || cloned.pid_ns
            || plan.workdir_tmpfs.is_some()
            || plan.root.is_some();
        if namespaces && wants_mount_ns {
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
                if plan.root.is_some() {
                    fail(super::root::STAGE_ROOT_MOUNT);
                }
                note(plan.err_fd, NOTE_HIDE, e);
                note(plan.err_fd, NOTE_PROC, e);
            } else if let Some(root) = &plan.root {
                // The minimal root: nothing of the host but what it binds.
                if let Err((stage, e)) = root.raw_build(cloned.pid_ns) {
                    note(plan.err_fd, stage, e);
                    libc::_exit(127);
                }
                in_root = true;
                fresh_work = plan.workdir_tmpfs.is_some();
                fresh_proc = cloned.pid_ns;
            } else {
                mount_in_host_root(plan, cloned, &mut fresh_work, &mut fresh_proc);
            }
        } else if cloned.pid_ns {
            note(plan.err_fd, NOTE_PROC, 0);
        }
        if plan.workdir_tmpfs.is_some() && !fresh_work {
            note(plan.err_fd, NOTE_WORKDIR, errno());
        }
        if cloned.pid_ns && libc::sethostname(HOSTNAME.as_ptr(), HOSTNAME.to_bytes().len()) != 0 {
            note(plan.err_fd, NOTE_UTS, errno());
        }
        // Into the run's cgroups now, the setup done: what the program and everything it
        // starts use is charged there. Then a cgroup namespace, so that the program sees
        // its cgroup as `/` and not the judge's cgroup path.
        if plan.cgroup_fd >= 0 && libc::write(plan.cgroup_fd, c"0".as_ptr().cast(), 1) != 1 {
            note(plan.err_fd, NOTE_CGROUP, errno());
        }
        if plan.cpu_cgroup_fd >= 0 && libc::write(plan.cpu_cgroup_fd, c"0".as_ptr().cast(), 1) != 1
        {
            note(plan.err_fd, NOTE_CPU_CGROUP, errno());
        }
        if cloned.pid_ns && libc::unshare(libc::CLONE_NEWCGROUP) != 0 {
            note(plan.err_fd, NOTE_CGROUP_NS, errno());
        }
        if !in_root && libc::chdir(plan.workdir.as_ptr()) != 0 {
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
            if in_root {
                // The root's own folders are new inodes: rules of their own.
                allow_in_root(plan, fresh_proc);
            } else {
                allow_fresh_mounts(plan, fresh_proc, fresh_work);
            }
            if !confine::raw_restrict_self(plan.landlock_fd) {
                note(plan.err_fd, NOTE_LANDLOCK, errno());
            }
            libc::close(plan.landlock_fd);
        }
        if plan.open_files > 0 {
            let lim = libc::rlimit {
                rlim_cur: plan.open_files,
                rlim_max: plan.open_files,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &lim) != 0 {
                fail(STAGE_RLIMIT);
            }
        }
        // The system-call filter last: the setup above needed unshare and mount.
        if !plan.seccomp.is_empty()
            && !seccomp::raw_install(plan.seccomp.as_ptr(), plan.seccomp.len())
        {
            note(plan.err_fd, NOTE_SECCOMP, errno());
        }
        // In a new PID namespace the parent is outside it and getppid() is 0: the
        // launcher's pidfd tells instead.
        if !cloned.pid_ns && libc::getppid() != plan.launcher_pid {
            libc::_exit(127);
        }
        if cloned.pid_ns && plan.launcher_pidfd >= 0 {
            let mut pfd = libc::pollfd {
                fd: plan.launcher_pidfd,
                events: libc::POLLIN,
                revents: 0,
            };
            if libc::poll(&mut pfd, 1, 0) != 0 {
                libc::_exit(127);
            }
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

/// Without a minimal root: the hidden folders covered, the private working folder and
/// the fresh `/proc` mounted over the host's. Raw system calls only.
///
/// # Safety
/// In the child, in its private mount namespace; the plan's pointers are valid.
unsafe fn mount_in_host_root(
    plan: &ChildPlan,
    cloned: Cloned,
    fresh_work: &mut bool,
    fresh_proc: &mut bool,
) {
    // SAFETY (whole function): raw system calls on the plan's C strings.
    unsafe {
        for dir in &plan.hide {
            let flags = libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
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
                *fresh_work = true;
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
                *fresh_proc = true;
            } else {
                note(plan.err_fd, NOTE_PROC, errno());
            }
        }
    }
}

/// Opens `path` (`O_PATH`) and adds a Landlock rule granting `rights` beneath it;
/// false on failure. Raw system calls only.
///
/// # Safety
/// `ruleset` is an open Landlock ruleset.
unsafe fn allow_path(ruleset: i32, path: &std::ffi::CStr, rights: u64) -> bool {
    // SAFETY: raw system calls on a valid C string and descriptors we own.
    unsafe {
        let fd = libc::open(
            path.as_ptr(),
            libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
        );
        if fd < 0 {
            return false;
        }
        let ok = confine::raw_allow(ruleset, fd, rights);
        libc::close(fd);
        ok
    }
}

/// Landlock rules for the minimal root's own folders: `/etc` and `/proc` readable, the
/// `/dev` nodes readable and writable, `/box` fully usable.
///
/// # Safety
/// In the child, after the switch to the root; `plan.landlock_fd` is open.
unsafe fn allow_in_root(plan: &ChildPlan, fresh_proc: bool) {
    use super::root::{BOX, DEV, ETC, PROC};
    let fd = plan.landlock_fd;
    // SAFETY: the caller's contract.
    unsafe {
        let mut ok =
            allow_path(fd, ETC, confine::RAW_READ) & allow_path(fd, DEV, plan.device_rights);
        if fresh_proc {
            ok &= allow_path(fd, PROC, confine::RAW_READ);
        }
        if !ok {
            note(plan.err_fd, NOTE_LANDLOCK, errno());
        }
        if !allow_path(fd, BOX, plan.workdir_rights) {
            note(plan.err_fd, NOTE_WORKDIR, errno());
        }
    }
}

/// Landlock rules for the fresh `/proc` and private working folder mounted over the
/// host's (new superblocks: the launcher's rules on the host's folders do not cover
/// them).
///
/// # Safety
/// In the child; `plan.landlock_fd` is open.
unsafe fn allow_fresh_mounts(plan: &ChildPlan, fresh_proc: bool, fresh_work: bool) {
    // SAFETY: the caller's contract; the plan's C strings are valid.
    unsafe {
        if fresh_proc {
            allow_path(plan.landlock_fd, c"/proc", confine::RAW_READ);
        }
        if fresh_work && !allow_path(plan.landlock_fd, &plan.workdir, plan.workdir_rights) {
            note(plan.err_fd, NOTE_WORKDIR, errno());
        }
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
    /// Every process the init or its descendants waited for, the program included
    /// (`RUSAGE_CHILDREN` of the init when the program ended).
    pub(super) reaped: libc::rusage,
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
                reaped: std::mem::zeroed(),
            };
            let r = libc::wait4(-1, &mut rec.status, libc::__WALL, &mut rec.rusage);
            if r == prog {
                libc::getrusage(libc::RUSAGE_CHILDREN, &mut rec.reaped);
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
        super::root::STAGE_ROOT_MOUNT => "mounting the run's root",
        super::root::STAGE_ROOT_STEP => "filling the run's root",
        super::root::STAGE_ROOT_PIVOT => "switching to the run's root",
        super::root::STAGE_ROOT_PROC => "mounting /proc in the run's root",
        super::root::STAGE_ROOT_BOX => "readying /box in the run's root",
        _ => "setup",
    }
}

/// Starts the child: with `confine`, as pid 1 of a new PID namespace (and, when not
/// root, in a new user namespace that owns it) through a raw `clone`; if the kernel
/// refuses, or without `confine`, through `fork`. Returns the child's pid (negative on
/// failure) and how it was created. Never returns in the child.
pub(super) fn spawn(plan: &ChildPlan, confine: bool, root: bool) -> (i32, Cloned) {
    if confine {
        // A fresh IPC namespace (System V shared memory, semaphores and message queues
        // die with the run) and UTS namespace (a host name of its own) with the PID one.
        let mut flags = libc::CLONE_NEWPID | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS;
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
