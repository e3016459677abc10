//! What a run did, as the launcher reports it: how the program ended ([`ExitStatus`]),
//! its resources and the limit it was killed for ([`RunOutcome`], [`LimitHit`]), the
//! launcher's reply line ([`LaunchReply`]) and why no outcome could be had
//! ([`SandboxError`], always a judge error).
//!
//! Nothing here judges: turning an outcome into TLE, MLE, OLE or RE is the judge's
//! business (`judge::limit_verdict`), one rule per limit, written in one place.

use crate::guarantees::Guarantees;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::time::Duration;

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
    /// The program's standard output or error (a file) passed the output limit. A
    /// write past it fails (`RLIMIT_FSIZE`); a program that ignores the failure and
    /// goes on writing is ended here, not at the CPU limit.
    Output,
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
    /// The run-queue wait credited to the wall limit: time the run's tasks were
    /// runnable but waiting for a CPU, as the launcher measured it before the deadline
    /// (0 for a run that ended before the launcher samples it, or on a kernel without
    /// per-task scheduler figures). The wall limit applied to `wall - wait`.
    #[serde(default)]
    pub wait: Duration,
    /// `CLOCK_MONOTONIC` nanoseconds when the program was reaped, by the run's PID
    /// namespace init where it has one (which wakes when the program ends), else by the
    /// launcher: of two runs, which ended first (an interaction's verdict rules), free
    /// of how long each launcher then took to report. 0 when unknown.
    #[serde(default)]
    pub ended_at_ns: u64,
    /// Peak resident memory of the program (`ru_maxrss`), bytes.
    pub peak_memory_bytes: u64,
    /// Size of standard output, bytes.
    pub stdout_bytes: u64,
    /// Size of standard error, bytes.
    pub stderr_bytes: u64,
    /// The limit the launcher killed the program for, if any.
    pub killed_for: Option<LimitHit>,
    /// Under an address-space limit, a run that died of `SIGSEGV` whose program file's
    /// image needs more address space than the limit: that span, bytes (see
    /// [`image`](crate::image)). The kernel could not load it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_over_bytes: Option<u64>,
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

/// Why [`Sandbox::run`](crate::Sandbox::run) could not produce an outcome. Always a judge-side problem (JE).
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
    /// The judge received this signal (SIGINT, SIGTERM, SIGHUP; see
    /// [`interrupt`](crate::interrupt)): the run was ended, or never started.
    #[error("interrupted by {}", signal_name(*.0))]
    Interrupted(i32),
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
