//! Resource limits and isolation settings for one run of a contestant program.
//!
//! Plain data only: what the sandbox must enforce ([`Limits`]) and how the process is
//! isolated ([`Isolation`]). The enforcement lives in `launcher/`.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How the memory limit is enforced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum MemoryMode {
    /// Peak resident set size: the launcher samples `VmHWM` while the program runs and
    /// kills it past the limit; the final reading is `ru_maxrss`. Works for runtimes
    /// that reserve large virtual memory (Java, Go, sanitizers).
    #[default]
    PeakRss,
    /// `RLIMIT_AS`: allocations beyond the limit fail (`malloc` returns NULL), so the
    /// program usually ends with a run-time error rather than an MLE.
    AddressSpace,
}

/// What the sandbox enforces on one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// CPU time (user + system) of the program and its reaped children.
    pub cpu: Duration,
    /// The program's own time from start to exit: wall-clock time less the time its
    /// tasks were runnable but waiting for a CPU (see [`Limits::wall_ceiling`]).
    pub wall: Duration,
    /// Memory limit in bytes.
    pub memory_bytes: u64,
    /// How the memory limit is enforced.
    pub memory_mode: MemoryMode,
    /// Largest file (stdout, stderr, or any file written) in bytes; more is OLE.
    pub output_bytes: u64,
    /// `RLIMIT_NPROC` (processes of the sandbox user). Only set when the run drops
    /// root privileges: the kernel ignores it for root.
    pub processes: Option<u64>,
    /// `RLIMIT_NOFILE` of a confined run: the most descriptors one process may hold
    /// (as isolate's default). Sockets and pipes in flight count too, so this also
    /// bounds the kernel memory a program can pin in socket buffers.
    #[serde(default = "default_open_files")]
    pub open_files: u64,
}

/// The descriptors a confined program may hold ([`Limits::open_files`]).
pub const OPEN_FILES: u64 = 64;

fn default_open_files() -> u64 {
    OPEN_FILES
}

impl Limits {
    /// `RLIMIT_STACK`: the memory limit less a slack of an eighth of it (at least 4 MiB,
    /// at most half). A recursion that overflows the stack then dies of `SIGSEGV` while
    /// the whole process is still under the memory limit (unless the rest of its memory
    /// is more than the slack), so a stack overflow is always RE "stack overflow", never
    /// a race between the kernel's `SIGSEGV` and the sampler's MLE kill (see the
    /// judge's limit verdicts, `judge::limit_verdict`).
    pub fn stack_bytes(&self) -> u64 {
        let slack = (self.memory_bytes / 8)
            .max(4 * MIB)
            .min(self.memory_bytes / 2);
        self.memory_bytes - slack
    }

    /// `RLIMIT_CPU` (soft, hard) in whole seconds: a backstop one second above the
    /// limit rounded up. The launcher's sampler decides CPU TLE (a `SIGKILL` within one
    /// sampling interval of the limit), so every CPU TLE ends the same way; `SIGXCPU`
    /// only comes when the launcher could not sample in time (a starved machine).
    pub fn cpu_rlimit(&self) -> (u64, u64) {
        let ceil = self.cpu.as_secs() + u64::from(self.cpu.subsec_nanos() > 0);
        let soft = ceil.max(1) + 1;
        (soft, soft + 1)
    }

    /// The latest a run may end, from its start, however long it waited for a CPU:
    /// [`WALL_CEILING`] times the wall limit. The wall limit counts the program's own
    /// time (CPU time plus the time it was blocked or asleep); the launcher moves the
    /// deadline by the run-queue wait it measures, never past this.
    pub fn wall_ceiling(&self) -> Duration {
        self.wall * WALL_CEILING
    }

    /// Limits with the judge's conventions: wall by [`default_wall`], output 64 MiB, peak-RSS mode,
    /// at most 64 processes and [`OPEN_FILES`] descriptors.
    pub fn new(cpu: Duration, memory_bytes: u64) -> Limits {
        Limits {
            cpu,
            wall: default_wall(cpu),
            memory_bytes,
            memory_mode: MemoryMode::PeakRss,
            output_bytes: 64 * MIB,
            processes: Some(64),
            open_files: OPEN_FILES,
        }
    }
}

/// The wall-time limit of a run whose limits state only CPU time: three times the CPU
/// time. The one place this rule lives: problem folders, packages, the command line's
/// `--time-limit` and every run made with [`Limits::new`] follow it. Three times leaves a
/// single-threaded program room for a loaded machine and I/O waits; a program that sleeps
/// or waits for input forever still ends soon after its CPU limit would have.
pub fn default_wall(cpu: Duration) -> Duration {
    cpu * 3
}

/// How many wall limits a run may last at most, with every wait for a CPU credited
/// ([`Limits::wall_ceiling`]).
pub const WALL_CEILING: u32 = 10;

/// One mebibyte.
pub const MIB: u64 = 1 << 20;

/// The user a sandboxed program runs as, when the judge is root.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunAs {
    /// User id (an unprivileged one, e.g. 61000 + the worker slot).
    pub uid: u32,
    /// Group id (65534, `nogroup`).
    pub gid: u32,
}

/// How a run is isolated from the judge and the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Isolation {
    /// Drop to this user before `exec` (only possible as root). Enables `RLIMIT_NPROC`
    /// and keeps the program away from the judge's files.
    pub run_as: Option<RunAs>,
    /// Give the program an empty network namespace (`unshare(CLONE_NEWNET)`, with
    /// `CLONE_NEWUSER` when not root): only a down loopback device exists. Best effort:
    /// skipped where the kernel refuses (the outcome's guarantees say so).
    pub no_network: bool,
    /// Confine the program (see `confine.rs`): its own PID namespace with a fresh
    /// `/proc` (every process it starts dies with it), and a Landlock ruleset that lets
    /// it read only the system's library and binary folders, its own executable and
    /// script, and read/write only its working directory (TCP connect/bind and signals
    /// outside the sandbox denied too, where the kernel's Landlock ABI has them).
    /// Best effort; [`Guarantees`](crate::Guarantees) say what held.
    #[serde(default)]
    pub confine: bool,
}

/// First uid of the per-worker sandbox users (worker slot `k` runs as `SANDBOX_UID_BASE + k`).
/// One uid per slot means parallel submissions cannot signal or trace each other, and
/// `RLIMIT_NPROC` budgets are not shared.
pub const SANDBOX_UID_BASE: u32 = 61000;
/// Group of the sandbox users (`nogroup`).
pub const SANDBOX_GID: u32 = 65534;

impl Isolation {
    /// No isolation beyond the process group: run as the judge's own user.
    pub const NONE: Isolation = Isolation {
        run_as: None,
        no_network: false,
        confine: false,
    };

    /// The strongest isolation available, running as `uid` when root (see [`UidLease`]).
    pub fn strongest_for_uid(uid: u32) -> Isolation {
        let root = crate::is_root();
        Isolation {
            run_as: root.then_some(RunAs {
                uid,
                gid: SANDBOX_GID,
            }),
            no_network: true,
            confine: true,
        }
    }

    /// The strongest isolation available to this process for worker `slot`: as root,
    /// a per-slot unprivileged uid, no network and confinement; otherwise no network and
    /// confinement (through an unprivileged user namespace, where the kernel allows it).
    pub fn strongest(slot: u32) -> Isolation {
        let root = crate::is_root();
        if root {
            Isolation {
                run_as: Some(RunAs {
                    uid: SANDBOX_UID_BASE + slot,
                    gid: SANDBOX_GID,
                }),
                no_network: true,
                confine: true,
            }
        } else {
            Isolation {
                run_as: None,
                no_network: true,
                confine: true,
            }
        }
    }
}

/// Where the uid locks of every gridjudge process on the machine live: as root a folder
/// only root can write (`/run/gridjudge/uid-locks`, 0700), whatever `TMPDIR` a judge was
/// started with, so that judges with different temporary folders still share one
/// register and no other user can plant files or links in it; otherwise
/// `gridjudge-uid-locks` in the temporary folder (whose uids are never dropped to).
fn lock_folder() -> std::path::PathBuf {
    use std::os::unix::fs::DirBuilderExt;
    if crate::is_root() {
        let run = std::path::Path::new("/run/gridjudge/uid-locks");
        if std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(run)
            .is_ok()
        {
            return run.to_path_buf();
        }
    }
    std::env::temp_dir().join("gridjudge-uid-locks")
}

/// How many sandbox uids [`UidLease`] may hand out (`SANDBOX_UID_BASE ..` this many).
pub const SANDBOX_UIDS: u32 = 1000;

/// A sandbox uid held by one worker exclusively across every gridjudge process on the
/// machine (an `flock`ed file per uid under the temp folder), so concurrent judges never
/// run two submissions as the same user: they cannot signal or trace each other, and
/// do not share an `RLIMIT_NPROC` budget. Released on drop.
#[derive(Debug)]
pub struct UidLease {
    uid: u32,
    _lock: Option<std::fs::File>,
}

impl UidLease {
    /// Takes the first free uid, starting at `SANDBOX_UID_BASE + slot`. If locking is
    /// impossible (unwritable folder), falls back to that uid without a lock.
    pub fn acquire(slot: u32) -> UidLease {
        UidLease::acquire_in(&lock_folder(), slot)
    }

    /// [`UidLease::acquire`] with the lock files in `dir`.
    fn acquire_in(dir: &std::path::Path, slot: u32) -> UidLease {
        use std::os::fd::AsRawFd;
        let fallback = SANDBOX_UID_BASE + slot % SANDBOX_UIDS;
        if std::fs::create_dir_all(dir).is_ok() {
            for k in 0..SANDBOX_UIDS {
                let uid = SANDBOX_UID_BASE + (slot + k) % SANDBOX_UIDS;
                let Ok(file) = std::fs::OpenOptions::new()
                    .create(true)
                    .truncate(false)
                    .write(true)
                    .open(dir.join(uid.to_string()))
                else {
                    break;
                };
                // SAFETY: flock on a descriptor we own.
                if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
                    return UidLease {
                        uid,
                        _lock: Some(file),
                    };
                }
            }
        }
        UidLease {
            uid: fallback,
            _lock: None,
        }
    }

    /// The leased uid.
    pub fn uid(&self) -> u32 {
        self.uid
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concurrent_leases_get_distinct_uids() {
        // A folder of its own: other tests in this process lease uids from the shared one.
        let dir = tempfile::tempdir().expect("temp dir");
        let a = UidLease::acquire_in(dir.path(), 7);
        let b = UidLease::acquire_in(dir.path(), 7);
        assert_eq!(a.uid(), SANDBOX_UID_BASE + 7);
        assert_eq!(b.uid(), SANDBOX_UID_BASE + 8);
        let a_uid = a.uid();
        drop(a);
        let c = UidLease::acquire_in(dir.path(), 7);
        assert_eq!(c.uid(), a_uid);
        let wrapped = UidLease::acquire_in(dir.path(), SANDBOX_UIDS - 1);
        assert_eq!(wrapped.uid(), SANDBOX_UID_BASE + SANDBOX_UIDS - 1);
        let next = UidLease::acquire_in(dir.path(), SANDBOX_UIDS - 1);
        assert_eq!(next.uid(), SANDBOX_UID_BASE, "the search wraps around");
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
}
