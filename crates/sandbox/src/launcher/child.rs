//! The launcher's child side: the plan prepared before `fork` (so the child never
//! allocates), the child itself between `fork` and `exec` (raw system calls only), the
//! init of a fresh PID namespace, and the setup stages the child reports through the
//! error pipe. [`supervise`](super) builds the plan and reads the reports.

use super::errno;
use crate::confine;
use crate::descriptors;
use crate::seccomp;
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
    /// Null-terminated vectors of pointers into `program` and `strings`.
    pub(super) argv: Vec<*const libc::c_char>,
    pub(super) envp: Vec<*const libc::c_char>,
    /// The argument and environment strings `argv` and `envp` point into.
    pub(super) _strings: Vec<CString>,
    pub(super) workdir: CString,
    /// The launcher's descriptors of the program's stdin, stdout and stderr.
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
    /// Where the PID namespace's init writes the program's [`InitRecord`] (the report
    /// pipe's write end, owned by the launcher as `err_fd` is).
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
    /// The error pipe's write end, where the child writes its setup notes and a fatal
    /// failure (the launcher owns it and closes its copy once the child is started).
    pub(super) err_fd: i32,
    /// The launcher's pid: if the child's parent is no longer this, the launcher died
    /// before `PR_SET_PDEATHSIG` took effect and the child must not run.
    pub(super) launcher_pid: i32,
    /// A pidfd of the launcher (-1: none): readable once the launcher has ended, which is
    /// how a child in its own PID namespace (where `getppid()` is 0) sees that the
    /// launcher died before `PR_SET_PDEATHSIG` took effect.
    pub(super) launcher_pidfd: i32,
}

/// The non-fatal setup notes a child reported, one bit per `NOTE_*` code (all below
/// 32). Each method tells whether the setup behind one guarantee held, that is, whether
/// its note stayed unreported.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(super) struct Notes(u32);

impl Notes {
    /// Every note code; any other code the child reports is a fatal stage.
    const CODES: [i32; 10] = [
        NOTE_NET,
        NOTE_HIDE,
        NOTE_PROC,
        NOTE_LANDLOCK,
        NOTE_CGROUP,
        NOTE_SECCOMP,
        NOTE_WORKDIR,
        NOTE_UTS,
        NOTE_CGROUP_NS,
        NOTE_CPU_CGROUP,
    ];

    /// Records one report of the child; false when `code` is no note but a fatal stage.
    pub(super) fn record(&mut self, code: i32) -> bool {
        if !Self::CODES.contains(&code) {
            return false;
        }
        self.0 |= 1 << code;
        true
    }

    /// Whether the note `code` never came.
    fn held(self, code: i32) -> bool {
        self.0 & (1 << code) == 0
    }

    /// The empty network namespace was entered (or none was needed).
    pub(super) fn network_isolated(self) -> bool {
        self.held(NOTE_NET)
    }

    /// The hidden folders were covered.
    pub(super) fn paths_hidden(self) -> bool {
        self.held(NOTE_HIDE)
    }

    /// A `/proc` of the run's PID namespace was mounted.
    pub(super) fn fresh_proc(self) -> bool {
        self.held(NOTE_PROC)
    }

    /// The Landlock ruleset was enforced, with the root's own folders allowed.
    pub(super) fn landlock_enforced(self) -> bool {
        self.held(NOTE_LANDLOCK)
    }

    /// The child joined the run's memory cgroup.
    pub(super) fn joined_memory_cgroup(self) -> bool {
        self.held(NOTE_CGROUP)
    }

    /// The child joined the v1 CPU-accounting cgroup.
    pub(super) fn joined_cpu_cgroup(self) -> bool {
        self.held(NOTE_CPU_CGROUP)
    }

    /// The system-call filter was installed.
    pub(super) fn seccomp_installed(self) -> bool {
        self.held(NOTE_SECCOMP)
    }

    /// The private working folder was mounted and allowed by Landlock.
    pub(super) fn workdir_private(self) -> bool {
        self.held(NOTE_WORKDIR)
    }

    /// The run's UTS namespace got its host name.
    pub(super) fn hostname_set(self) -> bool {
        self.held(NOTE_UTS)
    }

    /// The run's cgroup namespace was made.
    pub(super) fn cgroup_namespace(self) -> bool {
        self.held(NOTE_CGROUP_NS)
    }
}

/// Writes (stage, errno) to the error pipe. Async-signal-safe.
///
/// # Safety
/// `fd` is the error pipe's write end ([`ChildPlan::err_fd`]): on any other open
/// descriptor the 8 bytes would land in a file the caller does not own.
pub(super) unsafe fn note(fd: i32, stage: i32, err: i32) {
    let rec: [i32; 2] = [stage, err];
    // SAFETY: `rec` is 8 valid bytes; a short or failed write only loses the note.
    unsafe { libc::write(fd, rec.as_ptr().cast(), 8) };
}

/// Ends the child at once with `code`: `_exit`, no destructor nor exit handler runs
/// (they belong to the launcher, whose memory the child copied). Async-signal-safe.
pub(super) fn exit_child(code: i32) -> ! {
    // SAFETY: _exit ends the process; nothing of it runs afterwards.
    unsafe { libc::_exit(code) }
}

/// Reports a fatal setup failure (the current errno) and ends the child.
/// Async-signal-safe.
///
/// # Safety
/// As for [`note`]: `fd` is the error pipe's write end.
pub(super) unsafe fn fail_child(fd: i32, stage: i32) -> ! {
    // SAFETY: the caller's contract.
    unsafe { note(fd, stage, errno()) };
    exit_child(127)
}

/// How the child was created.
#[derive(Clone, Copy)]
pub(super) struct Cloned {
    /// It is pid 1 of a new PID namespace, with new IPC and UTS namespaces as well.
    pub(super) pid_ns: bool,
    /// It is already in a new user namespace (created with it by `clone`).
    pub(super) user_ns: bool,
}

/// What the child's mount step left: the minimal root, or the host's with the fresh
/// mounts over it that Landlock must allow by rules of their own.
#[derive(Clone, Copy, Default)]
struct Mounted {
    /// The child switched to the minimal root (and is in its `/box`).
    in_root: bool,
    /// The private working folder is mounted.
    fresh_work: bool,
    /// A `/proc` of the run's PID namespace is mounted.
    fresh_proc: bool,
}

/// The child between `fork` and `exec`: raw system calls only, in this order (each step
/// says why its calls come where they do): its process group and standard streams, the
/// resource limits, the user and network namespaces, the mounts, the host name, the
/// run's cgroups, the working folder, the privilege drop, the confinement (Landlock,
/// `RLIMIT_NOFILE`, the system-call filter), the check that the launcher still lives,
/// and the program.
///
/// # Safety
/// Only in the launcher's freshly forked (or cloned) child: single-threaded, with
/// `plan` as [`supervise`](super) built it (every pointer valid, `err_fd` the error
/// pipe's write end, the other descriptors open). Every step below has this contract.
pub(super) unsafe fn child(plan: &ChildPlan, cloned: Cloned) -> ! {
    // SAFETY: this function's contract, which is the step's.
    unsafe { own_group_and_stdio(plan) };
    // The program's start-up stack under the init (see `spawn_program`), mapped before
    // the limits: under `RLIMIT_AS` below the launcher's own size no new mapping would
    // be allowed.
    let exec_stack = if cloned.pid_ns {
        map_exec_stack()
    } else {
        std::ptr::null_mut()
    };
    // SAFETY: as above.
    unsafe { set_limits(plan) };
    // SAFETY: as above.
    let namespaces = unsafe { enter_namespaces(plan, cloned) };
    // SAFETY: as above.
    let mounted = unsafe { mount_filesystems(plan, cloned, namespaces) };
    // SAFETY: as above.
    unsafe { set_hostname(plan, cloned) };
    // SAFETY: as above.
    unsafe { join_cgroups(plan, cloned) };
    // SAFETY: as above.
    unsafe { enter_workdir(plan, mounted) };
    // SAFETY: as above.
    unsafe { drop_privileges(plan) };
    // SAFETY: as above.
    unsafe { confine_program(plan, mounted) };
    // SAFETY: as above.
    if unsafe { launcher_gone(plan, cloned) } {
        exit_child(127);
    }
    // SAFETY: as above; `exec_stack` is null or a fresh mapping of `EXEC_STACK` bytes.
    unsafe { start_program(plan, cloned, exec_stack) }
}

/// A new process group led by the child (the launcher kills the run by it), the
/// program's standard streams on 0, 1 and 2, every other descriptor close-on-exec, and
/// the signal handling a program expects (default `SIGPIPE`, nothing blocked).
///
/// # Safety
/// As for [`child`].
unsafe fn own_group_and_stdio(plan: &ChildPlan) {
    let fail = |stage| {
        // SAFETY: `err_fd` is the error pipe's write end (the contract).
        unsafe { fail_child(plan.err_fd, stage) }
    };
    // SAFETY: setpgid takes no pointers.
    if unsafe { libc::setpgid(0, 0) } != 0 {
        fail(STAGE_SETPGID);
    }
    for (target, &fd) in plan.fds.iter().enumerate() {
        // SAFETY: dup2 takes no pointers; `fd` is one of the launcher's run files, and
        // 0, 1, 2 are the child's own to replace.
        if unsafe { libc::dup2(fd, target as i32) } < 0 {
            fail(STAGE_DUP2);
        }
    }
    // Exactly 0, 1 and 2 survive exec: everything else (the launcher's pipes, the
    // cgroup file, the Landlock ruleset, anything inherited) is usable until exec and
    // closed by it. See `descriptors`.
    // SAFETY: the child relies on no descriptor above 2 surviving exec.
    if !unsafe { descriptors::raw_cloexec_from(3) } {
        fail(STAGE_DESCRIPTORS);
    }
    // Rust ignores SIGPIPE in its binaries; ignored dispositions survive exec.
    // SAFETY: the default disposition; no handler is installed.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    // SAFETY: an all-zero sigset_t is a valid value (emptied below anyway).
    let mut empty: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: a valid pointer to a sigset_t.
    unsafe { libc::sigemptyset(&mut empty) };
    // SAFETY: a valid set; no old set wanted.
    unsafe { libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut()) };
}

/// The run's resource limits (`RLIMIT_NOFILE` comes later, after the child's last
/// `open`).
///
/// # Safety
/// As for [`child`].
unsafe fn set_limits(plan: &ChildPlan) {
    for &(resource, soft, hard) in &plan.rlimits {
        let lim = libc::rlimit {
            rlim_cur: soft,
            rlim_max: hard,
        };
        // SAFETY: a valid rlimit.
        if unsafe { libc::setrlimit(resource, &lim) } != 0 {
            // SAFETY: `err_fd` is the error pipe's write end (the contract).
            unsafe { fail_child(plan.err_fd, STAGE_RLIMIT) };
        }
    }
}

/// A user namespace when not root (unless `clone` made one), then the empty network
/// namespace. Returns false when the user namespace was refused: no other namespace can
/// be made then (each refusal is noted).
///
/// # Safety
/// As for [`child`].
unsafe fn enter_namespaces(plan: &ChildPlan, cloned: Cloned) -> bool {
    let note = |stage, err| {
        // SAFETY: `err_fd` is the error pipe's write end (the contract).
        unsafe { note(plan.err_fd, stage, err) }
    };
    // SAFETY: unshare takes no pointers.
    if plan.user_ns && !cloned.user_ns && unsafe { libc::unshare(libc::CLONE_NEWUSER) } != 0 {
        let e = errno();
        note(NOTE_NET, e);
        note(NOTE_HIDE, e);
        note(NOTE_PROC, e);
        return false;
    }
    // SAFETY: unshare takes no pointers.
    if plan.no_network && unsafe { libc::unshare(libc::CLONE_NEWNET) } != 0 {
        note(NOTE_NET, errno());
    }
    true
}

/// A private mount namespace with the minimal root built and switched to, or, without
/// one, the hidden folders, the private working folder and the fresh `/proc` over the
/// host's ([`mount_in_host_root`]). A minimal root that cannot be had ends the child;
/// anything else missing is noted.
///
/// # Safety
/// As for [`child`].
unsafe fn mount_filesystems(plan: &ChildPlan, cloned: Cloned, namespaces: bool) -> Mounted {
    let note = |stage, err| {
        // SAFETY: `err_fd` is the error pipe's write end (the contract).
        unsafe { note(plan.err_fd, stage, err) }
    };
    let mut mounted = Mounted::default();
    let wants_mount_ns = !plan.hide.is_empty()
        || cloned.pid_ns
        || plan.workdir_tmpfs.is_some()
        || plan.root.is_some();
    if namespaces && wants_mount_ns {
        // SAFETY: unshare takes no pointers.
        let private = unsafe { libc::unshare(libc::CLONE_NEWNS) } == 0
            // SAFETY: a C string literal and null pointers.
            && unsafe {
                libc::mount(
                    std::ptr::null(),
                    c"/".as_ptr(),
                    std::ptr::null(),
                    libc::MS_REC | libc::MS_PRIVATE,
                    std::ptr::null(),
                )
            } == 0;
        if !private {
            let e = errno();
            if plan.root.is_some() {
                // SAFETY: `err_fd` is the error pipe's write end (the contract).
                unsafe { fail_child(plan.err_fd, super::root::STAGE_ROOT_MOUNT) };
            }
            note(NOTE_HIDE, e);
            note(NOTE_PROC, e);
        } else if let Some(root) = &plan.root {
            // The minimal root: nothing of the host but what it binds.
            // SAFETY: in the child's private mount namespace, `/` made private just
            // above, with the privileges to mount (root); the plan's pointers are valid.
            if let Err((stage, e)) = unsafe { root.raw_build(cloned.pid_ns) } {
                note(stage, e);
                exit_child(127);
            }
            mounted = Mounted {
                in_root: true,
                fresh_work: plan.workdir_tmpfs.is_some(),
                fresh_proc: cloned.pid_ns,
            };
        } else {
            // SAFETY: in the child's private mount namespace; the contract.
            mounted = unsafe { mount_in_host_root(plan, cloned) };
        }
    } else if cloned.pid_ns {
        note(NOTE_PROC, 0);
    }
    if plan.workdir_tmpfs.is_some() && !mounted.fresh_work {
        note(NOTE_WORKDIR, errno());
    }
    mounted
}

/// The host name the run sees, in its UTS namespace (made with the PID one).
///
/// # Safety
/// As for [`child`].
unsafe fn set_hostname(plan: &ChildPlan, cloned: Cloned) {
    if cloned.pid_ns
        // SAFETY: HOSTNAME is a valid string of that length.
        && unsafe { libc::sethostname(HOSTNAME.as_ptr(), HOSTNAME.to_bytes().len()) } != 0
    {
        // SAFETY: `err_fd` is the error pipe's write end (the contract).
        unsafe { note(plan.err_fd, NOTE_UTS, errno()) };
    }
}

/// Into the run's cgroups now, the setup done: what the program and everything it
/// starts use is charged there; before the privilege drop, since the sandbox user may
/// not write `cgroup.procs`. Then a cgroup namespace, so that the program sees its
/// cgroup as `/` and not the judge's cgroup path.
///
/// # Safety
/// As for [`child`].
unsafe fn join_cgroups(plan: &ChildPlan, cloned: Cloned) {
    let note = |stage, err| {
        // SAFETY: `err_fd` is the error pipe's write end (the contract).
        unsafe { note(plan.err_fd, stage, err) }
    };
    // SAFETY: one byte of a C string literal, to the open `cgroup.procs`.
    if plan.cgroup_fd >= 0 && unsafe { libc::write(plan.cgroup_fd, c"0".as_ptr().cast(), 1) } != 1 {
        note(NOTE_CGROUP, errno());
    }
    if plan.cpu_cgroup_fd >= 0
        // SAFETY: as above.
        && unsafe { libc::write(plan.cpu_cgroup_fd, c"0".as_ptr().cast(), 1) } != 1
    {
        note(NOTE_CPU_CGROUP, errno());
    }
    // SAFETY: unshare takes no pointers.
    if cloned.pid_ns && unsafe { libc::unshare(libc::CLONE_NEWCGROUP) } != 0 {
        note(NOTE_CGROUP_NS, errno());
    }
}

/// Into the working folder (a minimal root starts in its `/box` already).
///
/// # Safety
/// As for [`child`].
unsafe fn enter_workdir(plan: &ChildPlan, mounted: Mounted) {
    // SAFETY: the plan's C string.
    if !mounted.in_root && unsafe { libc::chdir(plan.workdir.as_ptr()) } != 0 {
        // SAFETY: `err_fd` is the error pipe's write end (the contract).
        unsafe { fail_child(plan.err_fd, STAGE_CHDIR) };
    }
}

/// The sandbox user and group (no supplementary groups), no new privileges through
/// `exec`, and `SIGKILL` when the launcher dies.
///
/// # Safety
/// As for [`child`].
unsafe fn drop_privileges(plan: &ChildPlan) {
    let fail = |stage| {
        // SAFETY: `err_fd` is the error pipe's write end (the contract).
        unsafe { fail_child(plan.err_fd, stage) }
    };
    if let Some((uid, gid)) = plan.run_as {
        // SAFETY: an empty list: no pointer is read.
        let dropped = unsafe { libc::setgroups(0, std::ptr::null()) } == 0
            // SAFETY: setgid takes no pointers.
            && unsafe { libc::setgid(gid) } == 0
            // SAFETY: setuid takes no pointers.
            && unsafe { libc::setuid(uid) } == 0;
        if !dropped {
            fail(STAGE_DROP);
        }
    }
    // SAFETY: prctl with integer arguments only.
    let set = unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } == 0
        // SAFETY: as above.
        && unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) } == 0;
    if !set {
        fail(STAGE_PRCTL);
    }
}

/// Landlock (with rules for the folders mounted since the ruleset was made), then
/// `RLIMIT_NOFILE` (the child's last `open` is behind it), then the system-call filter
/// (last: the setup needed `unshare` and `mount`).
///
/// # Safety
/// As for [`child`].
unsafe fn confine_program(plan: &ChildPlan, mounted: Mounted) {
    let note = |stage, err| {
        // SAFETY: `err_fd` is the error pipe's write end (the contract).
        unsafe { note(plan.err_fd, stage, err) }
    };
    if plan.landlock_fd >= 0 {
        if mounted.in_root {
            // The root's own folders are new inodes: rules of their own.
            // SAFETY: after the switch to the root; `landlock_fd` is open.
            unsafe { allow_in_root(plan, mounted.fresh_proc) };
        } else {
            // SAFETY: `landlock_fd` is open.
            unsafe { allow_fresh_mounts(plan, mounted.fresh_proc, mounted.fresh_work) };
        }
        // SAFETY: `landlock_fd` is an open Landlock ruleset.
        if !unsafe { confine::raw_restrict_self(plan.landlock_fd) } {
            note(NOTE_LANDLOCK, errno());
        }
        // SAFETY: the child's copy of the ruleset, used no more.
        unsafe { libc::close(plan.landlock_fd) };
    }
    if plan.open_files > 0 {
        let lim = libc::rlimit {
            rlim_cur: plan.open_files,
            rlim_max: plan.open_files,
        };
        // SAFETY: a valid rlimit.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &lim) } != 0 {
            // SAFETY: `err_fd` is the error pipe's write end (the contract).
            unsafe { fail_child(plan.err_fd, STAGE_RLIMIT) };
        }
    }
    if !plan.seccomp.is_empty()
        // SAFETY: the plan's filter, alive for the call.
        && !unsafe { seccomp::raw_install(plan.seccomp.as_ptr(), plan.seccomp.len()) }
    {
        note(NOTE_SECCOMP, errno());
    }
}

/// Whether the launcher died before `PR_SET_PDEATHSIG` took effect: then the child's
/// parent is no longer the launcher, or, in a new PID namespace (where the parent is
/// outside and `getppid()` is 0), the launcher's pidfd is readable.
///
/// # Safety
/// As for [`child`].
unsafe fn launcher_gone(plan: &ChildPlan, cloned: Cloned) -> bool {
    // SAFETY: getppid cannot fail.
    if !cloned.pid_ns && unsafe { libc::getppid() } != plan.launcher_pid {
        return true;
    }
    if cloned.pid_ns && plan.launcher_pidfd >= 0 {
        let mut pfd = libc::pollfd {
            fd: plan.launcher_pidfd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd, no wait.
        if unsafe { libc::poll(&mut pfd, 1, 0) } != 0 {
            return true;
        }
    }
    false
}

/// Executes the program, or in a new PID namespace starts it under this process as the
/// namespace's init. The kernel drops default-action signals sent to a namespace's init
/// (SIGXFSZ, SIGXCPU, SIGABRT, SIGPIPE would be lost), so the program runs as pid 2
/// under this tiny init, which reaps everything and ends when the program ends: the
/// kernel then kills every process left in the namespace.
///
/// # Safety
/// As for [`child`]; `exec_stack` is null or a fresh mapping of [`EXEC_STACK`] bytes.
unsafe fn start_program(plan: &ChildPlan, cloned: Cloned, exec_stack: *mut libc::c_void) -> ! {
    if cloned.pid_ns {
        // SAFETY: the caller's contract; this process is single-threaded.
        let prog = unsafe { spawn_program(plan, exec_stack) };
        if prog < 0 {
            // SAFETY: `err_fd` is the error pipe's write end (the contract).
            unsafe { fail_child(plan.err_fd, STAGE_FORK) };
        }
        // The launcher reads setup notes until every writer is gone.
        // SAFETY: the child's copy of the error pipe, used no more.
        unsafe { libc::close(plan.err_fd) };
        // The init's copies of the standard streams (and of the launcher's descriptors
        // of them), used no more: a program (or an interactor) that closes its
        // standard output then gives the other side of a FIFO its end of file at
        // once, not when the run ends.
        for fd in [0, 1, 2, plan.fds[0], plan.fds[1], plan.fds[2]] {
            if fd != plan.report_fd {
                // SAFETY: the init's own descriptors; the program has its own copies.
                unsafe { libc::close(fd) };
            }
        }
        // SAFETY: `report_fd` is the report pipe's write end (the contract).
        unsafe { init(prog, plan.report_fd) }
    }
    // SAFETY: the plan's C string and null-terminated vectors of live C strings.
    unsafe {
        libc::execve(
            plan.program.as_ptr(),
            plan.argv.as_ptr(),
            plan.envp.as_ptr(),
        )
    };
    // SAFETY: `err_fd` is the error pipe's write end (the contract).
    unsafe { fail_child(plan.err_fd, STAGE_EXEC) }
}

/// Without a minimal root: the hidden folders covered, the private working folder and
/// the fresh `/proc` mounted over the host's. Raw system calls only.
///
/// # Safety
/// In the child, in its private mount namespace; as for [`child`].
unsafe fn mount_in_host_root(plan: &ChildPlan, cloned: Cloned) -> Mounted {
    let note = |stage, err| {
        // SAFETY: `err_fd` is the error pipe's write end (the contract).
        unsafe { note(plan.err_fd, stage, err) }
    };
    let mut mounted = Mounted::default();
    for dir in &plan.hide {
        let flags = libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
        // SAFETY: C string literals, the plan's C string and a null data pointer.
        let r = unsafe {
            libc::mount(
                c"gridjudge-hidden".as_ptr(),
                dir.as_ptr(),
                c"tmpfs".as_ptr(),
                flags,
                std::ptr::null(),
            )
        };
        if r != 0 {
            note(NOTE_HIDE, errno());
        }
    }
    if let Some(opts) = &plan.workdir_tmpfs {
        // A private tmpfs over the working folder: what the program writes is bounded
        // in bytes and files, and vanishes with the namespace.
        // SAFETY: C string literals and the plan's C strings.
        let r = unsafe {
            libc::mount(
                c"gridjudge-work".as_ptr(),
                plan.workdir.as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                opts.as_ptr().cast(),
            )
        };
        mounted.fresh_work = r == 0;
    }
    if cloned.pid_ns {
        // A /proc of our own PID namespace: only our processes are visible.
        let flags = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
        // SAFETY: C string literals and a null data pointer.
        let r = unsafe {
            libc::mount(
                c"proc".as_ptr(),
                c"/proc".as_ptr(),
                c"proc".as_ptr(),
                flags,
                std::ptr::null(),
            )
        };
        if r == 0 {
            mounted.fresh_proc = true;
        } else {
            note(NOTE_PROC, errno());
        }
    }
    mounted
}

/// Opens `path` (`O_PATH`) and adds a Landlock rule granting `rights` beneath it;
/// false on failure. Raw system calls only.
///
/// # Safety
/// `ruleset` is an open Landlock ruleset.
unsafe fn allow_path(ruleset: i32, path: &std::ffi::CStr, rights: u64) -> bool {
    // SAFETY: a valid C string.
    let fd = unsafe {
        libc::open(
            path.as_ptr(),
            libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
        )
    };
    if fd < 0 {
        return false;
    }
    // SAFETY: `ruleset` is open (the contract), `fd` just opened.
    let ok = unsafe { confine::raw_allow(ruleset, fd, rights) };
    // SAFETY: `fd` is ours, used no more.
    unsafe { libc::close(fd) };
    ok
}

/// Landlock rules for the minimal root's own folders: `/etc` and `/proc` readable, the
/// `/dev` nodes readable and writable, `/box` fully usable.
///
/// # Safety
/// In the child, after the switch to the root; `plan.landlock_fd` is open and
/// `plan.err_fd` is the error pipe's write end.
unsafe fn allow_in_root(plan: &ChildPlan, fresh_proc: bool) {
    use super::root::{BOX, DEV, ETC, PROC};
    let fd = plan.landlock_fd;
    // SAFETY: `fd` is an open ruleset (the contract).
    let etc = unsafe { allow_path(fd, ETC, confine::RAW_READ) };
    // SAFETY: as above.
    let dev = unsafe { allow_path(fd, DEV, plan.device_rights) };
    let mut ok = etc & dev;
    if fresh_proc {
        // SAFETY: as above.
        ok &= unsafe { allow_path(fd, PROC, confine::RAW_READ) };
    }
    if !ok {
        // SAFETY: `err_fd` is the error pipe's write end (the contract).
        unsafe { note(plan.err_fd, NOTE_LANDLOCK, errno()) };
    }
    // SAFETY: as for /etc.
    if !unsafe { allow_path(fd, BOX, plan.workdir_rights) } {
        // SAFETY: as above.
        unsafe { note(plan.err_fd, NOTE_WORKDIR, errno()) };
    }
}

/// Landlock rules for the fresh `/proc` and private working folder mounted over the
/// host's (new superblocks: the launcher's rules on the host's folders do not cover
/// them).
///
/// # Safety
/// In the child; `plan.landlock_fd` is open and `plan.err_fd` is the error pipe's
/// write end.
unsafe fn allow_fresh_mounts(plan: &ChildPlan, fresh_proc: bool, fresh_work: bool) {
    if fresh_proc {
        // SAFETY: `landlock_fd` is an open ruleset (the contract).
        unsafe { allow_path(plan.landlock_fd, c"/proc", confine::RAW_READ) };
    }
    if fresh_work
        // SAFETY: as above.
        && !unsafe { allow_path(plan.landlock_fd, &plan.workdir, plan.workdir_rights) }
    {
        // SAFETY: `err_fd` is the error pipe's write end (the contract).
        unsafe { note(plan.err_fd, NOTE_WORKDIR, errno()) };
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
    // SAFETY: one past the end of the mapping of `EXEC_STACK` bytes (the contract); the
    // stack grows down from there (x86-64, aarch64).
    let top = unsafe { stack.cast::<u8>().add(EXEC_STACK) }.cast::<libc::c_void>();
    // SAFETY: the caller's contract; `plan` outlives the call, as the init is suspended
    // until the child has called `execve` or ended.
    unsafe {
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
    // suspended (CLONE_VFORK).
    let plan = unsafe { &*(plan as *const ChildPlan) };
    // SAFETY: this process's copy of the report pipe's write end, used no more.
    unsafe { libc::close(plan.report_fd) };
    // SAFETY: the plan's C string and null-terminated vectors of live C strings.
    unsafe {
        libc::execve(
            plan.program.as_ptr(),
            plan.argv.as_ptr(),
            plan.envp.as_ptr(),
        )
    };
    // SAFETY: `err_fd` is the error pipe's write end.
    unsafe { fail_child(plan.err_fd, STAGE_EXEC) }
}

/// What the namespace's init reports about the program: its wait status and rusage.
#[repr(C)]
pub(super) struct InitRecord {
    pub(super) status: i32,
    pub(super) rusage: libc::rusage,
    /// Every process the init or its descendants waited for, the program included
    /// (`RUSAGE_CHILDREN` of the init when the program ended).
    pub(super) reaped: libc::rusage,
    /// `CLOCK_MONOTONIC` when the init reaped the program.
    pub(super) ended: libc::timespec,
}

impl InitRecord {
    /// A record of zeros.
    pub(super) fn zeroed() -> InitRecord {
        // SAFETY: integers only: all zero is a valid value.
        unsafe { std::mem::zeroed() }
    }
}

/// The namespace's init: reaps every process until the program `prog` ends, writes
/// its [`InitRecord`] to `report_fd` and exits. Raw system calls only.
///
/// # Safety
/// Only in the launcher's child as its PID namespace's init; `report_fd` is the report
/// pipe's write end.
pub(super) unsafe fn init(prog: i32, report_fd: i32) -> ! {
    loop {
        let mut rec = InitRecord::zeroed();
        // SAFETY: valid out-pointers into `rec`.
        let r = unsafe { libc::wait4(-1, &mut rec.status, libc::__WALL, &mut rec.rusage) };
        if r == prog {
            // SAFETY: a valid out-pointer.
            unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut rec.ended) };
            // SAFETY: a valid out-pointer.
            unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut rec.reaped) };
            // SAFETY: `rec` is that many valid bytes; `report_fd` is the report pipe (the
            // contract).
            unsafe {
                libc::write(
                    report_fd,
                    (&rec as *const InitRecord).cast(),
                    std::mem::size_of::<InitRecord>(),
                )
            };
            exit_child(0);
        }
        if r < 0 && errno() != libc::EINTR {
            exit_child(0);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_codes_keep_their_numbers() {
        let codes = [
            NOTE_NET,
            NOTE_HIDE,
            NOTE_PROC,
            NOTE_LANDLOCK,
            NOTE_CGROUP,
            NOTE_SECCOMP,
            NOTE_WORKDIR,
            NOTE_UTS,
            NOTE_CGROUP_NS,
            NOTE_CPU_CGROUP,
        ];
        assert_eq!(codes, [7, 9, 10, 11, 13, 15, 16, 17, 18, 19]);
        assert_eq!(Notes::CODES, codes);
    }

    #[test]
    fn each_note_clears_its_own_guarantee_only() {
        let held = |n: Notes| {
            [
                n.network_isolated(),
                n.paths_hidden(),
                n.fresh_proc(),
                n.landlock_enforced(),
                n.joined_memory_cgroup(),
                n.seccomp_installed(),
                n.workdir_private(),
                n.hostname_set(),
                n.cgroup_namespace(),
                n.joined_cpu_cgroup(),
            ]
        };
        assert_eq!(held(Notes::default()), [true; 10]);
        for (i, code) in Notes::CODES.into_iter().enumerate() {
            let mut notes = Notes::default();
            assert!(notes.record(code));
            assert!(notes.record(code), "a note may come twice");
            let mut expected = [true; 10];
            expected[i] = false;
            assert_eq!(held(notes), expected, "note {code}");
        }
    }

    #[test]
    fn a_fatal_stage_is_no_note() {
        let mut notes = Notes::default();
        for stage in [
            STAGE_SETPGID,
            STAGE_DUP2,
            STAGE_RLIMIT,
            STAGE_CHDIR,
            STAGE_DROP,
            STAGE_EXEC,
            STAGE_PRCTL,
            STAGE_FORK,
            STAGE_DESCRIPTORS,
            super::super::root::STAGE_ROOT_MOUNT,
            super::super::root::STAGE_ROOT_BOX,
            -1,
            0,
            31,
            32,
            i32::MAX,
        ] {
            assert!(!notes.record(stage), "stage {stage}");
        }
        assert_eq!(notes, Notes::default());
    }
}
