//! Running one program under limits and measuring it — the judge's side.
//!
//! The judge never forks the contestant program itself: it starts a small **launcher**
//! (the gridjudge binary re-executed in the hidden `__launch` mode, see `launcher/`)
//! which forks the program, applies the limits, watches it, kills everything it left
//! behind, and answers one JSON [`RunOutcome`] per run on its stdout. A launcher serves
//! many runs in turn (see [`session`](crate::judge::session)).
//!
//! Why a launcher: `ru_maxrss` of a child includes the memory it shared with its parent
//! at `fork` (a 400 MB judge spawning `/bin/true` reads about 410 MB). The launcher is a
//! freshly executed, small process, so a tiny program reads a few MiB whatever the size
//! of the judge, and a program touching 100 MB reads about 100 MB.
//!
//! This module owns the data crossing that boundary ([`RunSpec`], [`RunOutcome`]), the
//! per-case directories ([`CaseDirs`]) and the one-shot [`run`]. It does not judge: verdicts from an
//! outcome are [`RunOutcome::limit_verdict`]'s only business.

use crate::judge::limits::{Isolation, Limits, RunAs};
use crate::Verdict;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The first argument that switches the gridjudge binary into launcher mode.
pub const LAUNCH_ARG: &str = "__launch";

/// Everything the launcher needs to run one program. Paths must be absolute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSpec {
    /// The executable (absolute path; no `PATH` search happens in the launcher).
    pub program: PathBuf,
    /// `argv[0]`, then the arguments.
    pub argv: Vec<String>,
    /// The complete environment of the program.
    pub env: Vec<(String, String)>,
    /// Working directory (fresh per case, owned by the sandbox user).
    pub workdir: PathBuf,
    /// File read as standard input.
    pub stdin: PathBuf,
    /// File that receives standard output (created or truncated).
    pub stdout: PathBuf,
    /// File that receives standard error (created or truncated).
    pub stderr: PathBuf,
    /// Limits to enforce.
    pub limits: Limits,
    /// Isolation to apply.
    pub isolation: Isolation,
    /// Directories the program must not see (the judge's answers): each is covered with
    /// an empty read-only tmpfs in a private mount namespace. Best effort, like the
    /// network namespace; [`Guarantees::hidden_paths`] says whether it worked.
    #[serde(default)]
    pub hide: Vec<PathBuf>,
}

/// A minimal environment for contestant programs: `PATH`, `HOME` (the working
/// directory), `LANG=C.UTF-8`. Nothing of the judge's own environment leaks.
pub fn default_env(workdir: &Path) -> Vec<(String, String)> {
    vec![
        ("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into()),
        ("HOME".into(), workdir.to_string_lossy().into_owned()),
        ("LANG".into(), "C.UTF-8".into()),
    ]
}

/// How the program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExitStatus {
    /// Normal exit with this code.
    Exited(i32),
    /// Killed by this signal number.
    Signaled(i32),
}

/// A limit the launcher enforced by killing the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LimitHit {
    /// The wall-clock deadline passed.
    Wall,
    /// The sampled CPU time passed the limit.
    Cpu,
    /// The sampled peak RSS passed the limit (peak-RSS mode).
    Memory,
    /// The kernel's OOM killer ended a process of the run at the memory cgroup's hard
    /// limit (25 % above the limit): an allocation burst between two samples.
    KernelOom,
}

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
    /// The directories in [`RunSpec::hide`] were covered (false when none were asked).
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
    /// That cgroup was on the unified (v2) hierarchy (see [`cgroup`](crate::judge::cgroup)).
    #[serde(default)]
    pub cgroup_v2: bool,
    /// The system-call filter was installed (see [`seccomp`](crate::judge::seccomp)).
    #[serde(default)]
    pub seccomp: bool,
    /// The working folder was a private tmpfs bounded by the output limit and
    /// [`WORKDIR_FILES`](crate::judge::launcher::WORKDIR_FILES) files.
    #[serde(default)]
    pub private_workdir: bool,
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
                     of /etc only what the runtimes read, /proc, a few /dev nodes), the program and its script; read-write only \
                     the fresh working directory; TCP connect/bind and signals outside \
                     the sandbox denied (ABI >= 4 / 6)",
                    self.landlock_abi.unwrap_or(0)
                ),
                "no Landlock (kernel without it, or it refused): the program can read \
                 whatever its uid can",
            ),
            row(
                "answers hidden",
                self.hidden_paths,
                "the problem folder is covered by an empty read-only tmpfs in a private \
                 mount namespace"
                    .into(),
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
                     kernel's OOM killer ends bursts{}",
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
                    crate::judge::launcher::WORKDIR_FILES
                ),
                "the working folder is on the host's disk: only each file's size is \
                 limited (RLIMIT_FSIZE), not their number",
            ),
            row(
                "system calls",
                self.seccomp,
                format!(
                    "a seccomp filter: {} fail with EPERM; clone with a namespace flag too; \
                     clone3, the 32-bit and x32 system call gates fail with ENOSYS",
                    crate::judge::seccomp::DENIED
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

/// What one run did: status, resources, and which limits fired.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunOutcome {
    /// How the program ended.
    pub status: ExitStatus,
    /// CPU time (user + system) of the program and its reaped children.
    pub cpu: Duration,
    /// Wall time from fork to reap.
    pub wall: Duration,
    /// Peak resident memory of the program (`ru_maxrss`), bytes.
    pub peak_memory_bytes: u64,
    /// Size of standard output, bytes.
    pub stdout_bytes: u64,
    /// Size of standard error, bytes.
    pub stderr_bytes: u64,
    /// The limit the launcher killed the program for, if any.
    pub killed_for: Option<LimitHit>,
    /// The program's process group (its pid); every process in it is dead on return.
    pub pgid: i32,
    /// How many orphaned processes (stray children re-parented to the launcher) had to
    /// be killed after the program itself ended; group members die with `killpg` uncounted.
    /// Always 0 with a PID namespace: the kernel kills those with the namespace.
    pub strays_killed: u32,
    /// The guarantees that were in force.
    pub guarantees: Guarantees,
}

/// The launcher's answer: an outcome, or why the program could not be run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum LaunchReport {
    /// The program ran (whatever its fate).
    Ran(RunOutcome),
    /// The program could not be started (e.g. `exec` failed); the message says where.
    Failed(String),
}

/// One line of the launcher's answer: the report of a run, and the CPU time the launcher
/// and everything it has reaped used so far (its runs' own included), so the judge's
/// overhead can be measured exactly while the launcher lives on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LaunchReply {
    /// The run's report.
    pub report: LaunchReport,
    /// The launcher's `RUSAGE_SELF` plus `RUSAGE_CHILDREN` CPU time (user + system).
    pub launcher_cpu: Duration,
}

/// Why [`run`] could not produce an outcome. Always a judge-side problem (JE).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SandboxError {
    /// The launcher could not be started or waited for.
    #[error("cannot start the launcher {path}: {source}")]
    Spawn {
        /// Launcher path.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
    /// The launcher's answer was not a report.
    #[error("launcher answered garbage ({detail}); its stderr: {stderr}")]
    Protocol {
        /// Parse problem.
        detail: String,
        /// What the launcher wrote on stderr.
        stderr: String,
    },
    /// The launcher could not run the program.
    #[error("cannot run the program: {0}")]
    Launch(String),
    /// Preparing the spec failed.
    #[error("cannot prepare the run: {0}")]
    Prepare(String),
}

/// Runs `spec` through a launcher of its own (the gridjudge executable `launcher`) and
/// returns what happened. Blocks until the program and everything it spawned is dead.
/// For many runs, keep a [`LaunchSession`](crate::judge::session::LaunchSession): it
/// saves starting a launcher (and, as root, a network namespace) per run.
pub fn run(launcher: &Path, spec: &RunSpec) -> Result<RunOutcome, SandboxError> {
    crate::judge::session::LaunchSession::new(launcher).run(spec)
}

/// The directories of one case: a fresh working directory owned by the sandbox user,
/// and a judge-only directory for the captured stdout and stderr. Both are removed on drop.
#[derive(Debug)]
pub struct CaseDirs {
    work: tempfile::TempDir,
    io: tempfile::TempDir,
}

impl CaseDirs {
    /// Creates both directories; the working directory is handed to `run_as` if given.
    pub fn new(run_as: Option<RunAs>) -> std::io::Result<CaseDirs> {
        let work = Self::new_workdir(run_as)?;
        let io = tempfile::Builder::new().prefix("gridjudge-io-").tempdir()?;
        Ok(CaseDirs { work, io })
    }

    fn new_workdir(run_as: Option<RunAs>) -> std::io::Result<tempfile::TempDir> {
        let work = tempfile::Builder::new()
            .prefix("gridjudge-work-")
            .tempdir()?;
        if let Some(user) = run_as {
            std::os::unix::fs::chown(work.path(), Some(user.uid), Some(user.gid))?;
        }
        Ok(work)
    }

    /// Readies the directories for the next case: a fresh, empty working directory
    /// (the old one is removed with whatever the last program left in it); the capture
    /// directory stays, as the launcher truncates both capture files when it opens them.
    /// Saves creating and removing a directory and two files per case.
    pub fn renew(&mut self, run_as: Option<RunAs>) -> std::io::Result<()> {
        self.work = Self::new_workdir(run_as)?;
        Ok(())
    }

    /// The program's working directory.
    pub fn workdir(&self) -> &Path {
        self.work.path()
    }

    /// Where standard output goes.
    pub fn stdout(&self) -> PathBuf {
        self.io.path().join("stdout")
    }

    /// Where standard error goes.
    pub fn stderr(&self) -> PathBuf {
        self.io.path().join("stderr")
    }
}

/// Two byte counts for a "`value` > `limit`" message, in MiB with as many decimals as
/// it takes for them to differ (at most three), else in bytes: never "64.0 MiB > limit
/// 64.0 MiB".
pub fn over_limit(value: u64, limit: u64) -> (String, String) {
    let mib = |b: u64, d: usize| format!("{:.*} MiB", d, b as f64 / (1u64 << 20) as f64);
    for decimals in 1..=3 {
        let (a, b) = (mib(value, decimals), mib(limit, decimals));
        if a != b {
            return (a, b);
        }
    }
    (format!("{value} bytes"), format!("{limit} bytes"))
}

/// The conventional name of a signal (`SIGSEGV`), or `signal N`.
pub fn signal_name(sig: i32) -> String {
    let name = match sig {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGSTKFLT => "SIGSTKFLT",
        libc::SIGCHLD => "SIGCHLD",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGVTALRM => "SIGVTALRM",
        libc::SIGPROF => "SIGPROF",
        libc::SIGSYS => "SIGSYS",
        _ => return format!("signal {sig}"),
    };
    name.to_string()
}

impl RunOutcome {
    /// The verdict the run earns before its output is looked at: TLE, MLE, OLE or RE,
    /// with a one-line message; `None` when the program exited 0 within every limit
    /// (then the output decides).
    ///
    /// One rule per limit; the verdict, the outcome's figures and the message agree
    /// (the message quotes the figures the outcome reports):
    ///
    /// 1. **The limit the launcher killed for** comes first, whatever the status (a kill
    ///    is `SIGKILL`): the wall deadline or the sampled CPU time → TLE; the sampled
    ///    memory → MLE, with the peak that decided it; the kernel's OOM killer at the
    ///    cgroup's hard limit → MLE, the peak being at least that hard limit. When
    ///    several limits are over at once (a fork bomb burns CPU and memory), the first
    ///    one the launcher saw decides.
    /// 2. **CPU**: `SIGXCPU` (the `RLIMIT_CPU` backstop, one second above the limit:
    ///    only when the launcher could not sample in time) or CPU over the limit at exit
    ///    → TLE.
    /// 3. **Crashes**: `SIGSEGV` or `SIGBUS` → RE, whatever the memory figure. With the
    ///    peak at least the stack limit ([`Limits::stack_bytes`], below the memory limit
    ///    so the crash comes before any memory kill), the message says "stack overflow".
    /// 4. **Memory** over the limit at exit → MLE (e.g. `SIGABRT` after a failed
    ///    allocation with the peak over the limit).
    /// 5. **Output**: a stream over the output limit, or `SIGXFSZ` → OLE, naming the
    ///    stream and its size (stdout first).
    /// 6. Otherwise a non-zero exit or a signal → RE (`SIGABRT` with the peak at the
    ///    stack limit, as Rust's overflow handler ends, says "stack overflow" too).
    pub fn limit_verdict(&self, limits: &Limits) -> Option<(Verdict, String)> {
        let secs = |d: Duration| d.as_secs_f64();
        let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
        let tle_cpu = || {
            (
                Verdict::TimeLimitExceeded,
                format!(
                    "CPU time {:.3} s > limit {:.3} s",
                    secs(self.cpu),
                    secs(limits.cpu)
                ),
            )
        };
        let mle = || {
            let (peak, limit) = over_limit(self.peak_memory_bytes, limits.memory_bytes);
            (
                Verdict::MemoryLimitExceeded,
                format!("peak memory {peak} > limit {limit}"),
            )
        };
        let stack_overflow = || self.peak_memory_bytes >= limits.stack_bytes();
        let crash = |sig: i32| {
            let what = if stack_overflow() {
                format!(
                    "stack overflow: killed by {} with the stack at its limit of {:.1} MiB (peak memory {:.1} MiB)",
                    signal_name(sig),
                    mib(limits.stack_bytes()),
                    mib(self.peak_memory_bytes)
                )
            } else {
                format!("killed by {}", signal_name(sig))
            };
            (Verdict::RuntimeError, what)
        };
        match self.killed_for {
            Some(LimitHit::Wall) => {
                return Some((
                    Verdict::TimeLimitExceeded,
                    format!(
                        "wall time {:.3} s >= limit {:.3} s (CPU {:.3} s)",
                        secs(self.wall),
                        secs(limits.wall),
                        secs(self.cpu)
                    ),
                ))
            }
            Some(LimitHit::Cpu) => return Some(tle_cpu()),
            Some(LimitHit::Memory) => return Some(mle()),
            Some(LimitHit::KernelOom) => {
                let (v, m) = mle();
                return Some((v, format!("{m} (killed by the kernel at the hard limit)")));
            }
            None => {}
        }
        if self.status == ExitStatus::Signaled(libc::SIGXCPU) {
            return Some((
                Verdict::TimeLimitExceeded,
                format!(
                    "CPU time {:.3} s > limit {:.3} s (SIGXCPU: stopped by the RLIMIT_CPU backstop)",
                    secs(self.cpu),
                    secs(limits.cpu)
                ),
            ));
        }
        if self.cpu > limits.cpu {
            return Some(tle_cpu());
        }
        if let ExitStatus::Signaled(sig @ (libc::SIGSEGV | libc::SIGBUS)) = self.status {
            return Some(crash(sig));
        }
        if self.peak_memory_bytes > limits.memory_bytes {
            return Some(mle());
        }
        let over = |name: &str, bytes: u64| {
            let (written, limit) = over_limit(bytes, limits.output_bytes);
            (
                Verdict::OutputLimitExceeded,
                format!("{name}: {written} > limit {limit}"),
            )
        };
        if self.stdout_bytes > limits.output_bytes {
            return Some(over("stdout", self.stdout_bytes));
        }
        if self.stderr_bytes > limits.output_bytes {
            return Some(over("stderr", self.stderr_bytes));
        }
        if self.status == ExitStatus::Signaled(libc::SIGXFSZ) {
            // A file of the program's own (in its working folder) reached the limit.
            return Some((
                Verdict::OutputLimitExceeded,
                format!(
                    "a file reached the output limit of {:.1} MiB (SIGXFSZ; stdout {} bytes, stderr {} bytes)",
                    mib(limits.output_bytes),
                    self.stdout_bytes,
                    self.stderr_bytes
                ),
            ));
        }
        match self.status {
            ExitStatus::Exited(0) => None,
            ExitStatus::Exited(code) => Some((Verdict::RuntimeError, format!("exit code {code}"))),
            ExitStatus::Signaled(libc::SIGABRT) if stack_overflow() => Some(crash(libc::SIGABRT)),
            ExitStatus::Signaled(sig) => Some((
                Verdict::RuntimeError,
                format!("killed by {}", signal_name(sig)),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::limits::MIB;

    fn outcome(status: ExitStatus) -> RunOutcome {
        RunOutcome {
            status,
            cpu: Duration::from_millis(100),
            wall: Duration::from_millis(150),
            peak_memory_bytes: 2 * MIB,
            stdout_bytes: 10,
            stderr_bytes: 0,
            killed_for: None,
            pgid: 1,
            strays_killed: 0,
            guarantees: Guarantees {
                uid: None,
                process_limit: None,
                no_network: false,
                address_space_limit: false,
                hidden_paths: false,
                pid_namespace: false,
                fresh_proc: false,
                landlock_abi: None,
                memory_cgroup: false,
                cgroup_v2: false,
                seccomp: false,
                private_workdir: false,
            },
        }
    }

    fn verdict(o: &RunOutcome) -> Option<Verdict> {
        o.limit_verdict(&Limits::new(Duration::from_secs(1), 64 * MIB))
            .map(|(v, _)| v)
    }

    #[test]
    fn clean_exit_within_limits_goes_to_the_checker() {
        assert_eq!(verdict(&outcome(ExitStatus::Exited(0))), None);
    }

    #[test]
    fn limits_come_before_run_time_errors() {
        let mut o = outcome(ExitStatus::Signaled(libc::SIGKILL));
        o.killed_for = Some(LimitHit::Wall);
        assert_eq!(verdict(&o), Some(Verdict::TimeLimitExceeded));
        o.killed_for = Some(LimitHit::Memory);
        assert_eq!(verdict(&o), Some(Verdict::MemoryLimitExceeded));

        // A crash is RE whatever the memory figure (rule 3); a failed allocation's abort
        // over the limit is MLE (rule 4).
        let mut o = outcome(ExitStatus::Signaled(libc::SIGSEGV));
        o.peak_memory_bytes = 65 * MIB;
        assert_eq!(verdict(&o), Some(Verdict::RuntimeError));
        let mut o = outcome(ExitStatus::Signaled(libc::SIGABRT));
        o.peak_memory_bytes = 65 * MIB;
        assert_eq!(verdict(&o), Some(Verdict::MemoryLimitExceeded));
        o.killed_for = Some(LimitHit::KernelOom);
        o.status = ExitStatus::Signaled(libc::SIGKILL);
        assert_eq!(verdict(&o), Some(Verdict::MemoryLimitExceeded));

        let mut o = outcome(ExitStatus::Exited(0));
        o.cpu = Duration::from_millis(1001);
        assert_eq!(verdict(&o), Some(Verdict::TimeLimitExceeded));

        let o = outcome(ExitStatus::Signaled(libc::SIGXCPU));
        assert_eq!(verdict(&o), Some(Verdict::TimeLimitExceeded));

        let o = outcome(ExitStatus::Signaled(libc::SIGXFSZ));
        assert_eq!(verdict(&o), Some(Verdict::OutputLimitExceeded));

        let mut o = outcome(ExitStatus::Exited(1));
        o.stdout_bytes = 64 * MIB + 1;
        assert_eq!(verdict(&o), Some(Verdict::OutputLimitExceeded));
    }

    #[test]
    fn messages_quote_the_reported_figures_and_name_the_stream() {
        let limits = Limits::new(Duration::from_secs(1), 64 * MIB);
        let mut o = outcome(ExitStatus::Signaled(libc::SIGKILL));
        o.killed_for = Some(LimitHit::Memory);
        o.peak_memory_bytes = 64 * MIB + 20 * 1024;
        let (_, m) = o.limit_verdict(&limits).unwrap();
        assert_eq!(m, "peak memory 64.02 MiB > limit 64.00 MiB");

        let mut o = outcome(ExitStatus::Signaled(libc::SIGXFSZ));
        o.stdout_bytes = 0;
        o.stderr_bytes = limits.output_bytes + 1;
        let (v, m) = o.limit_verdict(&limits).unwrap();
        assert_eq!(v, Verdict::OutputLimitExceeded);
        assert_eq!(m, "stderr: 67108865 bytes > limit 67108864 bytes");

        // A stack overflow: SIGSEGV with the peak at the stack limit, below the memory limit.
        let mut o = outcome(ExitStatus::Signaled(libc::SIGSEGV));
        o.peak_memory_bytes = limits.stack_bytes() + MIB;
        let (v, m) = o.limit_verdict(&limits).unwrap();
        assert_eq!(v, Verdict::RuntimeError);
        assert!(m.starts_with("stack overflow: killed by SIGSEGV"), "{m}");
        o.peak_memory_bytes = 3 * MIB;
        assert_eq!(o.limit_verdict(&limits).unwrap().1, "killed by SIGSEGV");

        let o = outcome(ExitStatus::Signaled(libc::SIGXCPU));
        assert!(o
            .limit_verdict(&limits)
            .unwrap()
            .1
            .contains("RLIMIT_CPU backstop"));
    }

    #[test]
    fn stack_and_cpu_rlimits_leave_the_sampler_in_charge() {
        let l = Limits::new(Duration::from_millis(1500), 64 * MIB);
        assert_eq!(l.stack_bytes(), 56 * MIB);
        assert_eq!(l.cpu_rlimit(), (3, 4));
        assert_eq!(
            Limits::new(Duration::from_secs(1), 16 * MIB).stack_bytes(),
            12 * MIB
        );
        assert_eq!(
            Limits::new(Duration::from_secs(1), 6 * MIB).stack_bytes(),
            3 * MIB
        );
        assert_eq!(Limits::new(Duration::ZERO, 0).stack_bytes(), 0);
        assert_eq!(Limits::new(Duration::ZERO, 0).cpu_rlimit(), (2, 3));
    }

    #[test]
    fn failures_name_the_signal_or_the_exit_code() {
        let limits = Limits::new(Duration::from_secs(1), 64 * MIB);
        let o = outcome(ExitStatus::Signaled(libc::SIGFPE));
        assert_eq!(
            o.limit_verdict(&limits),
            Some((Verdict::RuntimeError, "killed by SIGFPE".to_string()))
        );
        let o = outcome(ExitStatus::Exited(2));
        assert_eq!(
            o.limit_verdict(&limits),
            Some((Verdict::RuntimeError, "exit code 2".to_string()))
        );
        assert_eq!(signal_name(64), "signal 64");
    }
}
