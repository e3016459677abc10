//! Which guarantees held for a run ([`Guarantees`]), recorded by the launcher in every
//! outcome, and their description for `--explain-sandbox` and `--require-isolation`
//! ([`GuaranteeRow`]), and what a confined run can still learn of the host
//! ([`RESIDUAL`]).

use serde::{Deserialize, Serialize};

/// What a confined run can still learn of the host, or pass to another run, with every
/// guarantee in force: `(what, why it stays)`. `--explain-sandbox` prints it under
/// "What a run can still learn of the host"; docs/sandbox.md says the same beside
/// isolate's behaviour.
pub const RESIDUAL: &[(&str, &str)] = &[
    (
        "page-cache timing of files every run reads",
        "eviction and prefetch are refused (fadvise64, readahead, madvise \
         MADV_PAGEOUT/COLD/REMOVE, process_madvise; madvise MADV_WILLNEED returns 0 \
         and reads nothing) and so are residency \
         queries (mincore, cachestat), and the pages a run was the first to load are \
         dropped when it ends; a page a run only read stays a little faster to fault \
         for the next reader for some milliseconds, since the CPU's caches hold what \
         the fault touched (measured with tests/fixtures/judge/programs/cache_channel.c \
         over 128 cached pages: from chance on a quiet host to above 56 of 64 bits on a \
         busy CI runner), and two runs at once (-j 2) see each other's loads while both \
         run",
    ),
    (
        "the Rust toolchain's folder and setter code's scratch folder",
        "/proc/self/mountinfo names the source of each bind mount of the minimal root: \
         for a Rust compile, the toolchain's folder (gigabytes: bound, not copied); for \
         setter code, the judge's scratch folder its /jury files come from. A run's own \
         program, script and small folders are copies at /program, and a compile's \
         working folder a copy at /box, in filesystems of the launcher's own (before \
         Linux 6.15, which cannot copy a detached mount, both are bound from their host \
         paths)",
    ),
    (
        "the host's load and memory",
        "sysinfo() gives the host's uptime, load averages, process count and free memory: \
         the C library's sysconf(_SC_PHYS_PAGES), which GCC and the JVM read, uses it \
         without checking its result, so refusing it would give them garbage",
    ),
    (
        "the host's CPUs and kernel",
        "uname() (the kernel release), /proc/cpuinfo and /sys/devices/system/cpu (the \
         CPU model and count), the clock",
    ),
];

/// Which guarantees were really in force for a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guarantees {
    /// The program ran as this unprivileged uid (`None`: as the judge's user).
    pub uid: Option<u32>,
    /// `RLIMIT_NPROC` was set (only with a dropped uid).
    pub process_limit: Option<u64>,
    /// The program had an empty network namespace.
    pub no_network: bool,
    /// `RLIMIT_AS` was set (address-space memory mode).
    pub address_space_limit: bool,
    /// The directories in [`RunSpec::hide`](crate::RunSpec::hide) were covered (false when none were asked).
    #[serde(default)]
    pub hidden_paths: bool,
    /// The program ran in its own PID namespace under a tiny init that ends with it:
    /// the kernel then killed every process it had started (`setsid()` and double-fork
    /// included).
    #[serde(default)]
    pub pid_namespace: bool,
    /// A fresh `/proc` of that namespace was mounted: other processes are invisible.
    #[serde(default)]
    pub fresh_proc: bool,
    /// Filesystem confinement by Landlock, with this ABI version (`None`: not in force).
    #[serde(default)]
    pub landlock_abi: Option<u32>,
    /// A memory cgroup (the launcher's, used by its runs in turn) counted (and
    /// hard-limited) the memory of all the program's processes, children included.
    #[serde(default)]
    pub memory_cgroup: bool,
    /// That cgroup was on the unified (v2) hierarchy (see [`cgroup`](crate::cgroup)).
    #[serde(default)]
    pub cgroup_v2: bool,
    /// The system-call filter was installed (see [`seccomp`](crate::seccomp)).
    #[serde(default)]
    pub seccomp: bool,
    /// The working folder was a private tmpfs bounded by the output limit and
    /// [`WORKDIR_FILES`](crate::launcher::WORKDIR_FILES) files.
    #[serde(default)]
    pub private_workdir: bool,
    /// The program ran in a minimal root of its own (see the launcher's `root`): no
    /// folder of the host existed for it but the system's runtimes, its own files and
    /// its working folder (`/box`); its input came from a neutral descriptor.
    #[serde(default)]
    pub minimal_root: bool,
    /// The program had fresh IPC and UTS namespaces (no System V IPC object outlives
    /// the run; the host name is gridjudge's) and a cgroup namespace (its cgroup is `/`).
    #[serde(default)]
    pub private_ipc: bool,
    /// The CPU time of every process of the run was counted by the kernel (the
    /// cgroup's own accounting) and limited as one figure.
    #[serde(default)]
    pub cpu_all_processes: bool,
}

/// One guarantee the judge can give, for `--explain-sandbox` and `--require-isolation`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuaranteeRow {
    /// Short name (`filesystem`).
    pub name: &'static str,
    /// Whether it held in the probe run.
    pub in_force: bool,
    /// How it is enforced (or why it is missing).
    pub how: String,
}

impl Guarantees {
    /// Every guarantee of the confinement, whether it held, and by what mechanism.
    pub fn rows(&self) -> Vec<GuaranteeRow> {
        let row = |name, in_force, yes: String, no: &str| GuaranteeRow {
            name,
            in_force,
            how: if in_force { yes } else { no.to_string() },
        };
        vec![
            row(
                "filesystem",
                self.landlock_abi.is_some(),
                format!(
                    "Landlock ABI {}: read-only system folders (/usr, /lib*, /bin, /sbin, \
                     of /etc only what the runtimes read, /proc, a few /dev nodes), the program and its script (copies at /program); read-write only \
                     the fresh working directory; TCP connect/bind and signals outside \
                     the sandbox denied (ABI >= 4 / 6)",
                    self.landlock_abi.unwrap_or(0)
                ),
                "no Landlock (kernel without it, or it refused): the program can read \
                 whatever its uid can",
            ),
            row(
                "minimal root",
                self.minimal_root,
                "a fresh tmpfs as the program's root (pivot_root): read-only binds of /usr \
                 and the program's own files, copies of the few /etc files the runtimes \
                 read, /dev/null & co., a /proc with only its processes (no /proc/cmdline), \
                 /tmp, and the working folder at /box; no other folder of the host exists \
                 for it (no stat, no inotify of other problems' answers); its input is a \
                 sealed copy with a neutral name, not the case file (an interactive run's \
                 FIFO is /to_program, opened through a detached copy of its folder), and its output and \
                 error files name /stdout and /stderr, not the judge's folder"
                    .into(),
                "no minimal root (not root, or no private mount namespace): the host's \
                 folders exist for the program, and Landlock alone denies opening them",
            ),
            row(
                "IPC and host name",
                self.private_ipc,
                "fresh IPC and UTS namespaces per run (System V shared memory, semaphores \
                 and message queues die with it; the host name is gridjudge) and a cgroup \
                 namespace (the judge's cgroup path is not visible)"
                    .into(),
                "no private IPC namespace: System V IPC objects outlive the run",
            ),
            row(
                "CPU of all processes",
                self.cpu_all_processes,
                "the kernel's CPU accounting of the run's cgroup (cgroup v1 cpuacct, or v2 \
                 cpu.stat): every process's CPU time, children never waited for included, \
                 sampled against the limit as one figure and reported"
                    .into(),
                "no CPU-accounting cgroup: the CPU time is the program's own plus that of \
                 every process that ended and was waited for (by its parent or the \
                 namespace's init) before the program ended",
            ),
            row(
                "answers hidden",
                self.hidden_paths,
                if self.minimal_root {
                    "the problem folder does not exist in the program's root".into()
                } else {
                    "the problem folder is covered by an empty read-only tmpfs in a private \
                     mount namespace"
                        .into()
                },
                "no private mount namespace",
            ),
            row(
                "processes",
                self.pid_namespace,
                "own PID namespace under a tiny init (pid 1) that ends with the program: the \
                 kernel then kills every process it started, setsid() daemons and \
                 double forks included; plus a process group and a child subreaper"
                    .into(),
                "no PID namespace: only the process group and the child subreaper (a \
                 setsid() daemon is found through the subreaper)",
            ),
            row(
                "private /proc",
                self.fresh_proc,
                "a fresh /proc of that PID namespace: no other process is visible".into(),
                "the host's /proc is visible",
            ),
            row(
                "memory of all processes",
                self.memory_cgroup,
                format!(
                    "a memory cgroup ({}) per worker, used by its runs in turn: the \
                     anonymous memory of every process of the run is sampled against the \
                     limit, with a hard limit 25 % above it (swap included) where the \
                     kernel's OOM killer ends bursts (an OOM kill is MLE, even when a CPU \
                     or wall kill follows); what a run leaves charged (kernel caches of \
                     the names it looked up) is reclaimed before the next run{}",
                    if self.cgroup_v2 {
                        "cgroup v2"
                    } else {
                        "cgroup v1 memory controller"
                    },
                    if self.cgroup_v2 {
                        "; pids.max as well where the pids controller is delegated, and \
                         cgroup.kill ends every process of the run"
                    } else {
                        ""
                    }
                ),
                "no memory cgroup (not root; or no memory controller: neither a cgroup v1 \
                 memory hierarchy nor a cgroup v2 one the judge may delegate, see the cgroup \
                 line below): only the main process's peak RSS is watched",
            ),
            row(
                "disk",
                self.private_workdir,
                format!(
                    "the working folder is a private tmpfs of the run's mount namespace: at \
                     most the output limit in bytes and {} files, gone with the run; its \
                     pages are charged to the run's memory cgroup",
                    crate::launcher::WORKDIR_FILES
                ),
                "the working folder is on the host's disk: only each file's size is \
                 limited (RLIMIT_FSIZE), not their number",
            ),
            row(
                "system calls",
                self.seccomp,
                format!(
                    "a seccomp filter: {} fail with EPERM; clone with a namespace flag too; \
                     madvise MADV_PAGEOUT, MADV_COLD, MADV_REMOVE fail with EINVAL, \
                     MADV_WILLNEED returns 0 and reads nothing, fcntl F_NOTIFY fails with \
                     EPERM; file locks (flock, fcntl \
                     F_SETLK, F_SETLKW, F_OFD_SETLK, F_OFD_SETLKW) return 0 and lock \
                     nothing, so no run sees another's lock; \
                     sockets of any family but {} fail with EAFNOSUPPORT (no AF_VSOCK, \
                     AF_NETLINK, AF_ALG); fallocate fails with EOPNOTSUPP (no disk \
                     reserved past the output limit) and huge pages (MAP_HUGETLB, \
                     MFD_HUGETLB, SHM_HUGETLB: memory no cgroup counts) as on a host \
                     without them; clone3, the 32-bit and x32 system call gates fail with \
                     ENOSYS",
                    crate::seccomp::DENIED
                        .iter()
                        .map(|(name, _)| *name)
                        .collect::<Vec<_>>()
                        .join(", "),
                    crate::seccomp::SOCKET_FAMILIES
                        .iter()
                        .map(|(name, _)| *name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                "no system-call filter (not x86-64, or the kernel refused it)",
            ),
            row(
                "network",
                self.no_network,
                "an empty network namespace: only a down loopback device".into(),
                "no network namespace: the program can open sockets",
            ),
            row(
                "unprivileged uid",
                self.uid.is_some(),
                format!(
                    "runs as uid {} (one per worker), no supplementary groups, no new privileges",
                    self.uid.unwrap_or(0)
                ),
                "runs as the judge's own user (not root, or --run-as-self)",
            ),
            row(
                "process limit",
                self.process_limit.is_some(),
                format!(
                    "RLIMIT_NPROC = {} for the sandbox uid",
                    self.process_limit.unwrap_or(0)
                ),
                "no RLIMIT_NPROC (only set with a dedicated sandbox uid: it counts every \
                 process of the uid, and root ignores it): a fork bomb is bounded by the \
                 wall limit and dies with its PID namespace",
            ),
        ]
    }

    /// Names of the guarantees that did not hold.
    pub fn missing(&self) -> Vec<&'static str> {
        self.rows()
            .into_iter()
            .filter(|r| !r.in_force)
            .map(|r| r.name)
            .collect()
    }
}
