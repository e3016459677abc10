//! The judge: running contestant programs under limits, measuring them, turning runs
//! and checker outcomes into verdicts, and reporting.
//!
//! - [`limits`]: what a run may use ([`Limits`](limits::Limits)) and how it is isolated.
//! - [`sandbox`]: the judge's side of one run: [`sandbox::run`] starts the launcher and
//!   returns a [`RunOutcome`](sandbox::RunOutcome) (status, CPU, wall, peak memory,
//!   output size, limit hits).
//! - [`session`]: one long-lived launcher per judge worker, serving its runs in turn.
//! - [`launcher`]: the hidden `gridjudge __launch` mode that forks the program under
//!   limits, watches it and kills everything it left behind.
//! - [`config`]: a judge-case folder (`problem.toml`, `data/{sample,secret}`).
//! - [`compile`]: C, C++, Rust and Python sources to programs (CE with the compiler's message).
//! - [`run`]: the case loop: sandbox, then limit verdicts, then the checker.
//! - [`report`]: table, JSON and JUnit reports of a session.
//!
//! Guarantees per run (see `launcher/`): own process group; CPU limit (sampled, and
//! `RLIMIT_CPU` as a backstop); wall limit; memory limit (peak RSS sampled, or
//! `RLIMIT_AS`); output limit (`RLIMIT_FSIZE`); no core dumps; all processes killed and
//! reaped at the end (process group + child subreaper); `PR_SET_NO_NEW_PRIVS`; an empty
//! network namespace and the problem folder (with the answers) covered by an empty tmpfs
//! in a private mount namespace — as root directly, otherwise through an unprivileged
//! user namespace where the kernel allows one. As root, additionally: a per-worker
//! unprivileged uid and `RLIMIT_NPROC`. With confinement ([`confine`], [`cgroup`]):
//! a Landlock ruleset (read-only system folders, read-write working directory only,
//! TCP and outside signals denied), an own PID namespace under a tiny init with a fresh
//! `/proc` (every process dies with the program), and a memory cgroup per worker counting
//! every process. Each outcome records which of these held
//! ([`Guarantees`](sandbox::Guarantees)); `gridjudge judge --explain-sandbox` prints them.
//!
//! - [`confine`]: the Landlock ruleset and the sandbox probe.
//! - [`cgroup`]: the runs' memory cgroup.
//! - [`seccomp`]: the system-call filter of a confined run (no ptrace, mount,
//!   namespaces, BPF, keyring, perf, io_uring, other ABIs).
//! - [`descriptors`]: no descriptor the caller left open reaches a program (close-on-exec
//!   at start-up, closed in the launcher, sealed again in the child before `exec`).
//! - [`margins`]: time-limit safety margins of example submissions (problemtools' rule).
//! - [`stage`]: copies of programs and scripts the sandbox user could not reach.

pub mod cgroup;
pub mod compile;
pub mod config;
pub mod confine;
pub mod descriptors;
pub mod launcher;
pub mod limits;
pub mod margins;
pub mod report;
pub mod run;
pub mod sandbox;
pub mod seccomp;
pub mod session;
pub mod stage;
