//! The runs' cgroup: every process of a run is charged to it, so memory used by the
//! program's children counts too. Both cgroup versions are supported, chosen at start-up
//! by what the host has ([`locate`]): the v1 memory controller's hierarchy where there is
//! one, else the unified v2 hierarchy.
//!
//! The launcher creates `gridjudge-run-PID` (its own pid) and uses it for its runs one after
//! another ([`MemoryCgroup::prepare`] before each: the limits, and the OOM-kill count to
//! compare with; every process of the previous run is dead by then). The child moves
//! itself in before `exec` with one raw `write` of `0` to the open `cgroup.procs`; the
//! monitor samples the memory all the run's processes hold ([`MemoryCgroup::held`]:
//! everything charged but the page cache of files on disk, such as the output file) and
//! their CPU time ([`MemoryCgroup::cpu_used`]), and kills past either limit; a hard limit a little above
//! the limit, swap included, is the backstop: an allocation burst between two samples meets
//! the kernel's OOM killer, whose count is read back. The cgroup is removed on drop, after
//! every process in it is dead (when the launcher ends). The files sampled while a program
//! runs are kept open and read again from their start (`pread`).
//!
//! | what                    | v1 (`memory` hierarchy)                 | v2 (unified)                       |
//! |-------------------------|-----------------------------------------|------------------------------------|
//! | where                   | beside the launcher's own memory cgroup | in the judge's cgroup, beside its leaf ([`delegate`]) |
//! | hard limit              | `memory.limit_in_bytes`                 | `memory.max`                       |
//! | no way out through swap | `memory.memsw.limit_in_bytes` = hard    | `memory.swap.max` = 0              |
//! | sampled memory          | `memory.usage_in_bytes` less the file LRU pages of `memory.stat` | `memory.current` less the same |
//! | the run's peak          | `memory.max_usage_in_bytes` (reset per run) less the file pages | the samples                 |
//! | CPU of every process    | `cpuacct.usage` of a `cpuacct` cgroup beside it (the child joins both) | `cpu.stat` `usage_usec` |
//! | OOM kills               | `memory.oom_control` `oom_kill`         | `memory.events` `oom_kill`, `memory.oom.group` = 1 |
//! | what a run left charged (more than [`LEFTOVER`]) | `memory.force_empty` before the next | `memory.reclaim` before the next |
//! | processes               | (`RLIMIT_NPROC` only)                   | `pids.max` as well, where the pids controller is enabled |
//! | every process ends      | (the PID namespace)                     | `cgroup.kill` as well              |
//!
//! On v2 the runs' cgroups can only be made where the judge's cgroup gives `memory` to its
//! children; [`delegate`] arranges that once, when the judge runs alone in its cgroup (as
//! in `systemd-run --scope -p Delegate=yes`), and says why not otherwise. Not root, no
//! memory controller, or no delegation: no cgroup, and the run's guarantees say so.

pub mod delegate;
pub mod locate;

use locate::Version;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The folder under which the runs' cgroups of this process's launchers go, and its
/// hierarchy's version; `None` without a usable memory controller.
///
/// - v1: this process's own memory cgroup (a launcher stays in its judge's cgroup, so any
///   limit above still applies);
/// - v2: this process's own cgroup when it gives `memory` to its children, or the parent
///   of the judge's leaf ([`delegate::JUDGE_LEAF`]) when that gives it.
pub fn run_parent() -> Option<(Version, PathBuf)> {
    let pos = locate::here()?;
    run_parent_of(&pos)
}

/// [`run_parent`] for a given position.
pub fn run_parent_of(pos: &locate::Position) -> Option<(Version, PathBuf)> {
    match pos.version {
        Version::V1 => {
            let parent = pos.own.clone();
            parent
                .join("memory.limit_in_bytes")
                .is_file()
                .then_some((Version::V1, parent))
        }
        Version::V2 => {
            let gives_memory = |dir: &Path| {
                locate::controllers(dir, "cgroup.subtree_control")
                    .iter()
                    .any(|c| c == "memory")
            };
            if gives_memory(&pos.own) {
                return Some((Version::V2, pos.own.clone()));
            }
            let parent = pos.own.parent()?;
            (pos.own.file_name()? == delegate::JUDGE_LEAF && gives_memory(parent))
                .then(|| (Version::V2, parent.to_path_buf()))
        }
    }
}

/// What the judge found when it readied the cgroups for its runs ([`prepare_judge`]).
static PREPARED: OnceLock<Result<String, String>> = OnceLock::new();

/// Readies the cgroups for this judge's runs, once per process, before its first launcher
/// starts: on cgroup v2 as root, [`delegate::enable_for_children`] for the judge alone.
/// Returns a line saying what the runs' cgroups will be, or why there will be none (also
/// shown by `--explain-sandbox`).
pub fn prepare_judge() -> &'static Result<String, String> {
    PREPARED.get_or_init(|| {
        let Some(pos) = locate::here() else {
            return Err("no cgroup hierarchy with a memory controller is mounted".into());
        };
        if let Some((version, parent)) = run_parent_of(&pos) {
            return Ok(describe(version, &parent));
        }
        match pos.version {
            Version::V1 => Err(format!(
                "cgroup v1: no memory controller files in {}",
                pos.own.display()
            )),
            Version::V2 => {
                if !crate::is_root() {
                    return Err(format!(
                        "cgroup v2: the judge is not root, so its runs get no cgroup (its \
                         cgroup is {})",
                        pos.own.display()
                    ));
                }
                delegate::enable_for_children(
                    &pos.own,
                    &["memory"],
                    &["pids"],
                    &[std::process::id()],
                )
                .map(|parent| describe(Version::V2, &parent))
            }
        }
    })
}

fn describe(version: Version, parent: &Path) -> String {
    format!(
        "cgroup {}: the runs' cgroups go in {}",
        match version {
            Version::V1 => "v1 (memory hierarchy)",
            Version::V2 => "v2 (unified)",
        },
        parent.display()
    )
}

/// The folder of the runs' cgroup of the launcher with process id `pid`, a child of this
/// process, and its version. `None` without a usable memory controller.
pub fn run_dir(pid: u32) -> Option<(Version, PathBuf)> {
    let (version, parent) = run_parent()?;
    Some((version, parent.join(format!("gridjudge-run-{pid}"))))
}

/// Removes the runs' cgroup of a launcher (process id `pid`) that was killed before it
/// could remove it itself, once the processes still in it are gone (ending them on v2;
/// retrying briefly).
pub fn remove_leftover(pid: u32) {
    let Some((version, dir)) = run_dir(pid) else {
        return;
    };
    kill_and_remove(version, &dir);
}

/// Ends every process in the cgroup folder `dir` (`cgroup.kill` on v2; on v1 its
/// processes must be dead already) and removes the folder once the kernel has let them
/// go, retrying for up to about 200 ms. True when the folder is gone.
pub fn kill_and_remove(version: Version, dir: &Path) -> bool {
    if version == Version::V2 {
        let _ = std::fs::write(dir.join("cgroup.kill"), "1");
    }
    remove_when_empty(dir)
}

fn remove_when_empty(dir: &Path) -> bool {
    for _ in 0..200 {
        if std::fs::remove_dir(dir).is_ok() || !dir.exists() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    false
}

/// The hard limit set for a memory limit of `limit` bytes: 25 % (at least 16 MiB) above,
/// so the sampled limit decides ordinary cases and the kernel only catches bursts.
pub fn hard_limit(limit: u64) -> u64 {
    limit.saturating_add((limit / 4).max(16 << 20))
}

/// What a run's cgroup may still hold, bytes, once every process of the previous run is
/// gone, before it is emptied for the next run ([`MemoryCgroup::prepare`]). A run leaves
/// only kernel caches behind (a few hundred KiB for a C or Python program: the entries
/// of the files it looked up), which stay charged to the cgroup and count as held, since
/// only the page cache of files is left out; a run that looks up hundreds of thousands
/// of missing names leaves tens of MiB of them, which would count against every later
/// run of its launcher.
pub const LEFTOVER: u64 = 2 << 20;

/// How many reclaims [`MemoryCgroup::drop_loaded_pages`] tries before it leaves a run's loaded
/// pages cached, and [`MemoryCgroup::prepare`] before it starts a run with more than
/// [`LEFTOVER`] still charged.
pub const RECLAIM_TRIES: usize = 3;

/// How long [`MemoryCgroup::prepare`] waits after a reclaim for the kernel to give back
/// what it freed (see `reclaim_leftover`), and how often it looks.
pub const RECLAIM_WAIT: std::time::Duration = std::time::Duration::from_millis(60);
/// See [`RECLAIM_WAIT`].
pub const RECLAIM_POLL: std::time::Duration = std::time::Duration::from_millis(2);

/// `pids.max` for a run whose program may have `processes` processes (`None`: no limit):
/// one more for the tiny init of the run's PID namespace, which lives in the cgroup too.
pub fn pids_max(processes: Option<u64>) -> String {
    processes.map_or("max".to_string(), |n| n.saturating_add(1).to_string())
}

/// The runs' cgroup; removed on drop.
#[derive(Debug)]
pub struct MemoryCgroup {
    dir: PathBuf,
    version: Version,
    procs: File,
    /// The hard limit now set, bytes (`u64::MAX`: not set yet).
    hard: u64,
    /// `pids.max` now set (v2 with the pids controller; empty: not set yet).
    pids: String,
    /// The OOM-kill count when the current run started.
    oom_base: u64,
    /// Where the CPU time of every process of the run is counted, if anywhere.
    cpu: Option<CpuAccount>,
    /// `memory.usage_in_bytes` (v1) or `memory.current` (v2), and `memory.stat`, open:
    /// the files every sample reads.
    usage: Option<File>,
    stat: Option<File>,
    /// The OOM-kill count's file (`memory.oom_control` on v1, `memory.events` on v2) and,
    /// on v1, `memory.max_usage_in_bytes`, open.
    events: Option<File>,
    peak: Option<File>,
    /// The CPU time counted there when the current run started, nanoseconds.
    cpu_base: u64,
    /// The page cache of files charged to the cgroup when the current run started, bytes.
    file_base: u64,
}

/// The kernel's count of the CPU time of every process in a run's cgroup.
#[derive(Debug)]
struct CpuAccount {
    /// On v1 the `cpuacct` hierarchy's own `gridjudge-run-PID` folder (the child joins
    /// it as it joins the memory cgroup), removed on drop; on v2 the run's one cgroup.
    dir: PathBuf,
    /// v1: the open `cgroup.procs` of `dir`.
    procs: Option<File>,
    /// `cpuacct.usage` (v1) or `cpu.stat` (v2), open.
    usage: Option<File>,
}

impl CpuAccount {
    /// The CPU time (user + system) of every process ever in the cgroup, nanoseconds:
    /// `cpuacct.usage` on v1, `usage_usec` of `cpu.stat` on v2 (a file every v2 cgroup
    /// has, whether or not the cpu controller is enabled).
    fn used_ns(&self) -> Option<u64> {
        let text = crate::kernel_files::reread(self.usage.as_ref()?).ok()?;
        if self.procs.is_some() {
            return text.trim().parse().ok();
        }
        text.lines()
            .find_map(|l| l.strip_prefix("usage_usec "))
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(|us| us.saturating_mul(1000))
    }
}

impl Drop for CpuAccount {
    fn drop(&mut self) {
        if self.procs.take().is_some() {
            remove_when_empty(&self.dir);
        }
    }
}

/// The `cpuacct` folder of the runs of the launcher `dir` names (v1: the same
/// `gridjudge-run-PID` name under this process's own `cpuacct` cgroup), made and opened,
/// or `None` where there is no such hierarchy.
fn v1_cpu_account(dir: &Path) -> Option<CpuAccount> {
    let name = dir.file_name()?;
    let own = locate::v1_here("cpuacct")?;
    let cpu_dir = own.join(name);
    if std::fs::create_dir(&cpu_dir).is_err() && !cpu_dir.is_dir() {
        return None;
    }
    match OpenOptions::new()
        .write(true)
        .open(cpu_dir.join("cgroup.procs"))
    {
        Ok(procs) => Some(CpuAccount {
            usage: File::open(cpu_dir.join("cpuacct.usage")).ok(),
            dir: cpu_dir,
            procs: Some(procs),
        }),
        Err(_) => {
            let _ = std::fs::remove_dir(&cpu_dir);
            None
        }
    }
}

impl MemoryCgroup {
    /// Creates the cgroup of this launcher for a run with memory limit `limit` and at
    /// most `processes` processes, or `None` when no memory controller is usable here.
    pub fn create(limit: u64, processes: Option<u64>) -> Option<MemoryCgroup> {
        let (version, dir) = run_dir(std::process::id())?;
        let mut cg = MemoryCgroup::create_at(dir, version, limit, processes)?;
        if version == Version::V1 {
            cg.cpu = v1_cpu_account(&cg.dir);
            cg.cpu_base = cg.cpu.as_ref().and_then(CpuAccount::used_ns).unwrap_or(0);
        }
        Some(cg)
    }

    /// Creates (or takes over, when it is a leftover) the cgroup folder `dir` of a
    /// `version` hierarchy and readies it for a run; `None` if it cannot be made or its
    /// limits cannot be set (it is removed then).
    pub fn create_at(
        dir: PathBuf,
        version: Version,
        limit: u64,
        processes: Option<u64>,
    ) -> Option<MemoryCgroup> {
        // A leftover from a killed launcher with a recycled pid: take it over.
        if std::fs::create_dir(&dir).is_err() && !dir.is_dir() {
            return None;
        }
        let procs = OpenOptions::new()
            .write(true)
            .open(dir.join("cgroup.procs"))
            .ok();
        let Some(procs) = procs else {
            let _ = std::fs::remove_dir(&dir);
            return None;
        };
        // v1 counts CPU time in a hierarchy of its own ([`MemoryCgroup::create`] adds
        // it); every v2 cgroup counts its own.
        let cpu = (version == Version::V2).then(|| CpuAccount {
            usage: File::open(dir.join("cpu.stat")).ok(),
            dir: dir.clone(),
            procs: None,
        });
        let usage_file = match version {
            Version::V1 => "memory.usage_in_bytes",
            Version::V2 => "memory.current",
        };
        let mut cg = MemoryCgroup {
            usage: File::open(dir.join(usage_file)).ok(),
            stat: File::open(dir.join("memory.stat")).ok(),
            events: File::open(dir.join(match version {
                Version::V1 => "memory.oom_control",
                Version::V2 => "memory.events",
            }))
            .ok(),
            peak: (version == Version::V1)
                .then(|| File::open(dir.join("memory.max_usage_in_bytes")).ok())
                .flatten(),
            dir,
            version,
            procs,
            hard: u64::MAX,
            pids: String::new(),
            oom_base: 0,
            cpu,
            cpu_base: 0,
            file_base: 0,
        };
        if version == Version::V2 {
            // Swap is no way out, and the OOM killer ends the whole run, as the monitor
            // would. Optional files: swap accounting may be off, old kernels lack
            // oom.group; the hard limit alone still holds.
            cg.write("memory.swap.max", "0");
            cg.write("memory.oom.group", "1");
        }
        // On failure `cg` is dropped, which removes the folder.
        cg.prepare(limit, processes).then_some(cg)
    }

    /// Readies the cgroup for a new run with memory limit `limit` and at most `processes`
    /// processes (every process of the previous run is dead): sets the hard limit (and
    /// `pids.max` on v2 where it can) and notes the OOM-kill count. False if the limit
    /// cannot be set; the cgroup must not be used then.
    pub fn prepare(&mut self, limit: u64, processes: Option<u64>) -> bool {
        self.reclaim_leftover();
        let hard = hard_limit(limit);
        if hard != self.hard {
            let value = hard.to_string();
            let set = match self.version {
                // memsw (optional: swap accounting may be off) must never be below the
                // memory limit, so it moves first when the limit grows and last when it
                // shrinks.
                Version::V1 if hard > self.hard => {
                    self.write("memory.memsw.limit_in_bytes", &value);
                    self.write("memory.limit_in_bytes", &value)
                }
                Version::V1 => {
                    let ok = self.write("memory.limit_in_bytes", &value);
                    self.write("memory.memsw.limit_in_bytes", &value);
                    ok
                }
                Version::V2 => self.write("memory.max", &value),
            };
            if !set {
                return false;
            }
            self.hard = hard;
        }
        if self.version == Version::V2 {
            let pids = pids_max(processes);
            // pids.max exists only where the pids controller is enabled.
            if pids != self.pids && self.write("pids.max", &pids) {
                self.pids = pids;
            }
        }
        // The run's own peak: v1 lets the high-water mark be reset (v2's `memory.peak`
        // only per open file, on Linux 6.12 and later; the samples stand in there).
        if self.version == Version::V1 {
            self.write("memory.max_usage_in_bytes", "0");
        }
        self.cpu_base = self.cpu.as_ref().and_then(CpuAccount::used_ns).unwrap_or(0);
        self.file_base = self.file_cache().unwrap_or(0);
        match self.oom_kills() {
            Some(n) => {
                self.oom_base = n;
                true
            }
            None => false,
        }
    }

    /// Empties the cgroup of what the previous run left charged to it, when that is
    /// more than [`LEFTOVER`]: the kernel reclaims every page and cache object of the
    /// cgroup (v1 `memory.force_empty`, v2 `memory.reclaim`), so the next run's figures
    /// start near zero. Only between runs, with no process in the cgroup.
    ///
    /// A reclaim frees the name cache's entries, but their memory is given back only
    /// after an RCU grace period: a reclaim that leaves 8–16 MiB of 64 MiB of negative
    /// entries sees it fall under [`LEFTOVER`] 8–30 ms later. So after each reclaim the
    /// charge is read again every [`RECLAIM_POLL`] until [`RECLAIM_WAIT`] has passed, and
    /// the reclaim is tried again, [`RECLAIM_TRIES`] times in all.
    ///
    /// PERF: one read of `memory.stat` after an ordinary run; 10–30 ms of the launcher's
    /// wall time (little CPU) after one that left tens of MiB of caches, at most
    /// [`RECLAIM_TRIES`] × [`RECLAIM_WAIT`] when the charge does not fall.
    fn reclaim_leftover(&self) {
        for _ in 0..RECLAIM_TRIES {
            let Some(left) = self.held() else { return };
            if left <= LEFTOVER {
                return;
            }
            let reclaimed = match self.version {
                Version::V1 => self.write("memory.force_empty", "0"),
                Version::V2 => self.write("memory.reclaim", &left.to_string()),
            };
            if !reclaimed {
                return;
            }
            let since = std::time::Instant::now();
            while since.elapsed() < RECLAIM_WAIT {
                std::thread::sleep(RECLAIM_POLL);
                if self.held().is_none_or(|now| now <= LEFTOVER) {
                    return;
                }
            }
        }
    }

    /// Drops from the page cache what the run that just ended loaded into it, when the
    /// cgroup holds more file pages than when the run started plus `written` (the pages
    /// of its standard output and error, cached on the judge's disk): the kernel
    /// reclaims the cgroup (v1 `memory.force_empty`, v2 `memory.reclaim`), which evicts
    /// the pages of shared files (a library under `/usr`) the run was the first to read.
    /// So a run cannot leave bits for a later run in which pages are cached. Only with
    /// no process in the cgroup. Returns whether it reclaimed.
    ///
    /// PERF: one read of `memory.stat` after a run that loaded nothing new (a C program
    /// whose libraries other runs already hold); a few milliseconds, more with dirty
    /// output pages to write back, after one that did.
    ///
    /// A reclaim can stop short (v2 answers `EAGAIN` when it freed less than asked, and
    /// pages still being written back are skipped): it is tried again, at most
    /// [`RECLAIM_TRIES`] times in all, while the cgroup holds more than it may.
    pub fn drop_loaded_pages(&self, written: u64) -> bool {
        let allowed = self.file_base.saturating_add(written);
        let mut reclaimed = false;
        for _ in 0..RECLAIM_TRIES {
            let Some(now) = self.file_cache() else {
                return reclaimed;
            };
            if now <= allowed {
                return reclaimed;
            }
            let done = match self.version {
                Version::V1 => self.write("memory.force_empty", "0"),
                Version::V2 => self.write("memory.reclaim", &now.to_string()),
            };
            reclaimed |= done;
        }
        reclaimed
    }

    /// The CPU time (user + system) of every process of the current run so far, the
    /// ones that ended, were never waited for or still run: the kernel's own count for
    /// the cgroup. `None` where no CPU accounting is available.
    pub fn cpu_used(&self) -> Option<std::time::Duration> {
        let now = self.cpu.as_ref()?.used_ns()?;
        Some(std::time::Duration::from_nanos(
            now.saturating_sub(self.cpu_base),
        ))
    }

    /// The open `cgroup.procs` of the v1 `cpuacct` cgroup the child also joins (-1:
    /// none; on v2 the memory cgroup counts CPU time too).
    pub fn cpu_procs_fd(&self) -> i32 {
        self.cpu
            .as_ref()
            .and_then(|c| c.procs.as_ref())
            .map_or(-1, |f| f.as_raw_fd())
    }

    fn write(&self, file: &str, value: &str) -> bool {
        // O_TRUNC as a shell's `>` does: the kernel's files ignore it, a test's plain
        // files need it.
        OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(self.dir.join(file))
            .and_then(|mut f| f.write_all(value.as_bytes()))
            .is_ok()
    }

    /// The hierarchy's version.
    pub fn version(&self) -> Version {
        self.version
    }

    /// The hard memory limit now set, bytes.
    pub fn hard(&self) -> u64 {
        self.hard
    }

    /// `pids.max` now set, if any (v2 with the pids controller).
    pub fn pids_limit(&self) -> Option<&str> {
        (!self.pids.is_empty()).then_some(self.pids.as_str())
    }

    /// The open `cgroup.procs` (close-on-exec): the child writes `0` to it to move in.
    pub fn procs_fd(&self) -> i32 {
        self.procs.as_raw_fd()
    }

    /// The memory every process of the run holds now, bytes: everything charged to the
    /// cgroup (`memory.usage_in_bytes` on v1, `memory.current` on v2) but the page cache
    /// of files on disk (`active_file` + `inactive_file`: the output the program wrote,
    /// the libraries it read, which the kernel can drop at any time). What is left is
    /// anonymous memory, shared memory (System V, `memfd`, shared anonymous mappings),
    /// files in the private working folder and every tmpfs of the run, and the kernel's
    /// memory on the run's behalf (socket buffers, page tables, pipes).
    pub fn held(&self) -> Option<u64> {
        let usage = crate::kernel_files::reread(self.usage.as_ref()?).ok()?;
        let usage: u64 = usage.trim().parse().ok()?;
        Some(usage.saturating_sub(self.file_cache()?))
    }

    /// The largest memory the run's processes held since it started, as the cgroup's own
    /// high-water mark gives it (v1: `memory.max_usage_in_bytes`, reset before each run,
    /// less the page cache of files now); `None` on v2, where the samples stand in.
    pub fn peak_held(&self) -> Option<u64> {
        if self.version != Version::V1 {
            return None;
        }
        let peak = crate::kernel_files::reread(self.peak.as_ref()?).ok()?;
        let peak: u64 = peak.trim().parse().ok()?;
        Some(peak.saturating_sub(self.file_cache()?))
    }

    /// Page cache of files on disk charged to the cgroup, bytes.
    fn file_cache(&self) -> Option<u64> {
        let (active, inactive) = match self.version {
            Version::V1 => ("total_active_file ", "total_inactive_file "),
            Version::V2 => ("active_file ", "inactive_file "),
        };
        let stat = crate::kernel_files::reread(self.stat.as_ref()?).ok()?;
        let field = |key: &str| {
            stat.lines().find_map(|l| {
                l.strip_prefix(key)
                    .and_then(|v| v.trim().parse::<u64>().ok())
            })
        };
        Some(field(active).unwrap_or(0) + field(inactive).unwrap_or(0))
    }

    /// Whether the kernel's OOM killer killed a process of the current run.
    pub fn oom_killed(&self) -> bool {
        self.oom_kills().is_some_and(|n| n > self.oom_base)
    }

    /// Kills every process in the cgroup at once (`cgroup.kill`, v2 on Linux 5.14 and
    /// later). False where there is no such file (v1, older kernels): the PID namespace
    /// and the launcher's own sweep end the run's processes there.
    pub fn kill_all(&self) -> bool {
        self.version == Version::V2 && self.write("cgroup.kill", "1")
    }

    /// How many processes the kernel's OOM killer has killed in this cgroup so far
    /// (`oom_kill` of `memory.oom_control` on v1, of `memory.events` on v2; kernels
    /// before 4.13 lack the line: then always 0).
    fn oom_kills(&self) -> Option<u64> {
        let text = crate::kernel_files::reread(self.events.as_ref()?).ok()?;
        Some(
            text.lines()
                .find_map(|l| {
                    l.strip_prefix("oom_kill ")
                        .and_then(|v| v.trim().parse::<u64>().ok())
                })
                .unwrap_or(0),
        )
    }
}

impl Drop for MemoryCgroup {
    fn drop(&mut self) {
        // Every process is dead when the launcher drops this; the kernel may still be
        // tearing the last ones down, so retry briefly.
        kill_and_remove(self.version, &self.dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hard_limit_leaves_room_above_the_limit() {
        assert_eq!(hard_limit(64 << 20), 80 << 20);
        assert_eq!(hard_limit(256 << 20), 320 << 20);
        assert_eq!(hard_limit(u64::MAX), u64::MAX);
    }

    /// A run cgroup folder laid out like the kernel makes it, as regular files.
    fn fake_cgroup(version: Version) -> (tempfile::TempDir, PathBuf) {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("gridjudge-run-1");
        std::fs::create_dir(&dir).unwrap();
        let files: &[(&str, &str)] = match version {
            Version::V1 => &[
                ("cgroup.procs", ""),
                ("memory.limit_in_bytes", "9223372036854771712\n"),
                ("memory.memsw.limit_in_bytes", "9223372036854771712\n"),
                (
                    "memory.stat",
                    "cache 4096\nrss 8192\ntotal_cache 4096\ntotal_rss 1048576\n\
                     total_active_file 4096\ntotal_inactive_file 8192\n",
                ),
                ("memory.usage_in_bytes", "1060864\n"),
                ("memory.max_usage_in_bytes", "3158016\n"),
                (
                    "memory.oom_control",
                    "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n",
                ),
            ],
            Version::V2 => &[
                ("cgroup.procs", ""),
                ("cgroup.kill", ""),
                ("memory.max", "max\n"),
                ("memory.swap.max", "max\n"),
                ("memory.oom.group", "0\n"),
                ("pids.max", "max\n"),
                (
                    "memory.stat",
                    "anon 2097152\nfile 4096\nshmem 0\nactive_file 4096\ninactive_file 0\n",
                ),
                ("memory.current", "2101248\n"),
                (
                    "cpu.stat",
                    "usage_usec 1500\nuser_usec 1000\nsystem_usec 500\n",
                ),
                (
                    "memory.events",
                    "low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\noom_group_kill 0\n",
                ),
            ],
        };
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        (root, dir)
    }

    fn read(dir: &Path, file: &str) -> String {
        std::fs::read_to_string(dir.join(file)).unwrap()
    }

    #[test]
    fn v2_sets_its_interface_files_and_reads_them_back() {
        let (_root, dir) = fake_cgroup(Version::V2);
        let mut cg = MemoryCgroup::create_at(dir.clone(), Version::V2, 64 << 20, Some(64)).unwrap();
        assert_eq!(read(&dir, "memory.max"), (80u64 << 20).to_string());
        assert_eq!(read(&dir, "memory.swap.max"), "0");
        assert_eq!(read(&dir, "memory.oom.group"), "1");
        assert_eq!(read(&dir, "pids.max"), "65");
        assert_eq!(cg.pids_limit(), Some("65"));
        assert_eq!(cg.held(), Some(2 << 20));
        assert_eq!(cg.peak_held(), None);
        assert_eq!(cg.cpu_used(), Some(std::time::Duration::ZERO));
        std::fs::write(dir.join("cpu.stat"), "usage_usec 2501500\n").unwrap();
        assert_eq!(cg.cpu_used(), Some(std::time::Duration::from_millis(2500)));
        assert_eq!(cg.cpu_procs_fd(), -1, "v2 counts CPU in the memory cgroup");
        assert!(!cg.oom_killed());
        // The kernel's OOM killer strikes during the run.
        std::fs::write(dir.join("memory.events"), "oom 1\noom_kill 1\n").unwrap();
        assert!(cg.oom_killed());
        // The next run starts from that count, with new limits.
        assert!(cg.prepare(256 << 20, None));
        assert!(!cg.oom_killed());
        assert_eq!(read(&dir, "memory.max"), (320u64 << 20).to_string());
        assert_eq!(read(&dir, "pids.max"), "max");
        assert!(cg.kill_all());
        assert_eq!(read(&dir, "cgroup.kill"), "1");
    }

    #[test]
    fn v1_sets_its_interface_files_and_reads_them_back() {
        let (_root, dir) = fake_cgroup(Version::V1);
        let mut cg = MemoryCgroup::create_at(dir.clone(), Version::V1, 64 << 20, Some(64)).unwrap();
        assert_eq!(
            read(&dir, "memory.limit_in_bytes"),
            (80u64 << 20).to_string()
        );
        assert_eq!(
            read(&dir, "memory.memsw.limit_in_bytes"),
            (80u64 << 20).to_string()
        );
        assert_eq!(cg.held(), Some(1 << 20), "usage less the file cache");
        assert_eq!(
            read(&dir, "memory.max_usage_in_bytes"),
            "0",
            "the high-water mark is reset before the run"
        );
        std::fs::write(dir.join("memory.max_usage_in_bytes"), "3158016\n").unwrap();
        assert_eq!(cg.peak_held(), Some(3158016 - 12288));
        assert_eq!(cg.pids_limit(), None);
        assert!(!cg.oom_killed(), "the count before the run is the base");
        std::fs::write(dir.join("memory.oom_control"), "oom_kill 4\n").unwrap();
        assert!(cg.oom_killed());
        assert!(cg.prepare(32 << 20, Some(8)));
        assert_eq!(
            read(&dir, "memory.limit_in_bytes"),
            (48u64 << 20).to_string()
        );
        assert!(!cg.kill_all(), "v1 has no cgroup.kill");
        assert!(!dir.join("cgroup.kill").exists());
    }

    #[test]
    fn what_a_run_left_charged_is_reclaimed_before_the_next() {
        for version in [Version::V1, Version::V2] {
            let (_root, dir) = fake_cgroup(version);
            let (usage, reclaim) = match version {
                Version::V1 => ("memory.usage_in_bytes", "memory.force_empty"),
                Version::V2 => ("memory.current", "memory.reclaim"),
            };
            std::fs::write(dir.join(reclaim), "").unwrap();
            let mut cg = MemoryCgroup::create_at(dir.clone(), version, 64 << 20, None).unwrap();
            assert_eq!(read(&dir, reclaim), "", "{version:?}: a few KiB left stay");
            // The run leaves 50 MiB of caches (looked-up names) charged.
            std::fs::write(dir.join(usage), format!("{}\n", (50u64 << 20) + 4096)).unwrap();
            assert!(cg.prepare(64 << 20, None));
            let want = match version {
                Version::V1 => "0".to_string(),
                Version::V2 => (50u64 << 20).to_string(),
            };
            assert_eq!(read(&dir, reclaim), want, "{version:?}");
        }
    }

    #[test]
    fn a_missing_limit_file_means_no_cgroup() {
        let (_root, dir) = fake_cgroup(Version::V2);
        std::fs::remove_file(dir.join("memory.max")).unwrap();
        // Without pids.max (pids controller not enabled) a v2 cgroup still works.
        let (_root2, dir2) = fake_cgroup(Version::V2);
        std::fs::remove_file(dir2.join("pids.max")).unwrap();
        assert!(
            MemoryCgroup::create_at(dir2, Version::V2, 64 << 20, Some(64))
                .is_some_and(|cg| cg.pids_limit().is_none())
        );
        // A real cgroup folder could then be removed; this one holds files, so it stays.
        assert!(MemoryCgroup::create_at(dir, Version::V2, 64 << 20, None).is_none());
    }

    #[test]
    fn the_run_parent_on_v2_follows_the_delegation() {
        let root = tempfile::tempdir().unwrap();
        let x = root.path().join("scope");
        let leaf = x.join(delegate::JUDGE_LEAF);
        std::fs::create_dir_all(&leaf).unwrap();
        std::fs::write(x.join("cgroup.subtree_control"), "").unwrap();
        std::fs::write(leaf.join("cgroup.subtree_control"), "").unwrap();
        let at = |own: &Path| locate::Position {
            version: Version::V2,
            own: own.to_path_buf(),
        };
        // Nothing delegated yet.
        assert_eq!(run_parent_of(&at(&leaf)), None);
        assert_eq!(run_parent_of(&at(&x)), None);
        // The judge's cgroup gives memory to its children: runs go beside the leaf.
        std::fs::write(x.join("cgroup.subtree_control"), "memory pids\n").unwrap();
        assert_eq!(run_parent_of(&at(&leaf)), Some((Version::V2, x.clone())));
        assert_eq!(run_parent_of(&at(&x)), Some((Version::V2, x.clone())));
        // Only from the judge's own leaf: another cgroup's parent is not ours to use.
        let other = x.join("other");
        std::fs::create_dir(&other).unwrap();
        assert_eq!(run_parent_of(&at(&other)), None);
    }
}
