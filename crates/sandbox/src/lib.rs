//! The sandbox: running one program under limits and isolation, and measuring it.
//!
//! A crate of its own (`gridjudge-sandbox`, which gridjudge re-exports as
//! `gridjudge::sandbox`): it knows programs, files, limits and processes, not problems
//! or verdicts, and cargo keeps it so. The judge (`gridjudge::judge`) is its one user and
//! decides what an outcome means (`judge::limit_verdict`).
//!
//! # The one API
//!
//! A [`Sandbox`] runs [`RunSpec`]s one after another and returns a [`RunOutcome`] for
//! each (status, CPU, wall, peak memory, output sizes, the limit it was killed for and
//! the [`Guarantees`] that held), or a [`SandboxError`] when no outcome could be had.
//! Keep one per worker: it keeps its launcher process between runs.
//!
//! ```no_run
//! use gridjudge_sandbox::{default_env, limits::{Isolation, Limits, MIB}, CaseDirs, RunSpec, Sandbox};
//! use std::{path::Path, time::Duration};
//!
//! let dirs = CaseDirs::new(None)?;
//! let spec = RunSpec {
//!     program: "/bin/echo".into(),
//!     argv: vec!["echo".into(), "hello".into()],
//!     env: default_env(dirs.workdir()),
//!     workdir: dirs.workdir().to_path_buf(),
//!     stdin: "/dev/null".into(),
//!     stdout: dirs.stdout(),
//!     stderr: dirs.stderr(),
//!     limits: Limits::new(Duration::from_secs(1), 64 * MIB),
//!     isolation: Isolation::NONE,
//!     hide: vec![],
//!     read_only: vec![],
//!     keep_workdir: false,
//!     binds: vec![],
//!     wait_share: None,
//! };
//! // The launcher is the gridjudge executable itself, in its hidden `__launch` mode.
//! let mut sandbox = Sandbox::new(Path::new("/usr/local/bin/gridjudge"));
//! let outcome = sandbox.run(&spec)?;
//! println!("{:?} in {:?}", outcome.status, outcome.cpu);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How a run is isolated
//!
//! The judge never forks the contestant program itself: the [`Sandbox`] starts a small
//! **launcher** (the gridjudge binary re-executed with [`LAUNCH_ARG`], see [`launcher`])
//! which forks the program, applies the limits, watches it, kills everything it left
//! behind, and answers one JSON line per run. Why a launcher: `ru_maxrss` of a child
//! includes the memory it shared with its parent at `fork` (a 400 MB judge spawning
//! `/bin/true` reads about 410 MB); the launcher is a freshly executed, small process,
//! so a tiny program reads a few MiB whatever the size of the judge.
//!
//! Guarantees per run: own process group; CPU limit (the CPU time of every process of the
//! run, from the cgroup's own accounting where there is one, sampled, and `RLIMIT_CPU` per
//! process as a backstop); wall limit; memory limit (what every process holds, sampled
//! from the cgroup, or the program's peak RSS without one; `RLIMIT_AS` in address-space
//! mode); output limit (`RLIMIT_FSIZE`); `RLIMIT_NOFILE`; no core dumps; all processes
//! killed and reaped at the end (process group + child subreaper);
//! `PR_SET_NO_NEW_PRIVS`; an empty network namespace and the problem folder (with the
//! answers) covered by an empty tmpfs in a private mount namespace — as root directly,
//! otherwise through an unprivileged user namespace where the kernel allows one. As root,
//! additionally: a per-worker unprivileged uid and `RLIMIT_NPROC`. With confinement
//! ([`confine`], [`cgroup`], [`seccomp`]): a Landlock ruleset (read-only system folders,
//! read-write working directory only, TCP and outside signals denied), an own PID
//! namespace under a tiny init with a fresh `/proc` (every process dies with the program),
//! fresh IPC, UTS and cgroup namespaces, memory and CPU-accounting cgroups per worker
//! counting every process, and a system-call filter; as root also a minimal root of its
//! own (`launcher::root`: a tmpfs with `/usr` and its own files bound, the working folder
//! at `/box`; the problem folder does not exist there) and its input as a sealed memfd.
//! Each outcome records which of these held ([`Guarantees`]); `gridjudge judge
//! --explain-sandbox` prints them.
//!
//! # Modules
//!
//! - [`spec`]: what one run is ([`RunSpec`]) and its folders ([`CaseDirs`]).
//! - [`limits`]: what a run may use ([`limits::Limits`]) and how it is isolated
//!   ([`limits::Isolation`], per-worker sandbox uids).
//! - [`outcome`]: what a run did ([`RunOutcome`]) and the launcher's reply.
//! - [`guarantees`]: which guarantees held, and their description.
//! - [`client`]: the [`Sandbox`], the judge's side of the launcher protocol.
//! - [`host`]: every program the judge runs outside the sandbox (the launcher, a
//!   toolchain lookup) starts in `/` with an environment built from nothing.
//! - [`launcher`]: the hidden `gridjudge __launch` mode: fork, limits, watch, kill.
//! - [`confine`]: the Landlock ruleset and the sandbox probe.
//! - [`cgroup`]: the runs' memory cgroup (v1 or v2).
//! - [`seccomp`]: the system-call filter of a confined run (no ptrace, mount,
//!   namespaces, BPF, keyring, perf, io_uring, other ABIs).
//! - [`kernel_files`]: reading `/proc` and cgroup files in few system calls.
//! - [`descriptors`]: no descriptor the caller left open reaches a program (close-on-exec
//!   at start-up, closed in the launcher, sealed again in the child before `exec`).

#![deny(missing_docs)]
// The module docs teach the design and link the private items that carry it (the
// supervisor, the child's steps): read them with `cargo doc --document-private-items`,
// which `.ci/run` builds with warnings denied, so a link that no longer resolves fails CI.
#![allow(rustdoc::private_intra_doc_links)]

pub mod cgroup;
pub mod client;
pub mod confine;
pub mod descriptors;
pub mod guarantees;
pub mod host;
pub mod image;
pub mod interrupt;
pub mod kernel_files;
pub mod launcher;
pub mod limits;
pub mod outcome;
pub mod privilege;
pub mod seccomp;
pub mod spec;

pub use client::Sandbox;
pub use guarantees::{GuaranteeRow, Guarantees};
pub use outcome::{
    signal_name, ExitStatus, LaunchReply, LaunchReport, LimitHit, RunOutcome, SandboxError,
};
pub use privilege::{effective_ids, is_root};
pub use spec::{default_env, Bind, CaseDirs, RunSpec, WaitShare, BOX_DIR, JURY_DIR, LAUNCH_ARG};
