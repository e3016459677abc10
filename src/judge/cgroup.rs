//! The runs' memory cgroup (cgroup v1 memory controller): every process of a run is
//! charged to it, so memory used by the program's children counts too.
//!
//! The launcher creates `gridjudge-run-PID` under its own memory cgroup (so any limit
//! above still applies) and uses it for its runs one after another ([`MemoryCgroup::prepare`]
//! before each: the limit, and the OOM-kill count to compare with; every process of the
//! previous run is dead by then). The child moves itself in before `exec` with one raw `write`
//! of `0` to the open `cgroup.procs`, the monitor samples `memory.stat`'s `total_rss`
//! (anonymous memory of all the run's processes; page cache such as the output file is
//! left out) and kills past the memory limit, and `memory.limit_in_bytes` (and
//! `memory.memsw.limit_in_bytes`, so swap is no way out) is a hard backstop a little
//! above the limit: an allocation burst between two samples meets the kernel's OOM
//! killer, read back from `memory.oom_control`. The cgroup is removed on drop, after
//! every process in it is dead (when the launcher ends). Not root, or no v1 memory hierarchy: no cgroup, and the
//! run's guarantees say so.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};

/// Where the v1 memory hierarchy is mounted.
const MEMORY_ROOT: &str = "/sys/fs/cgroup/memory";

/// The runs' memory cgroup; removed on drop.
#[derive(Debug)]
pub struct MemoryCgroup {
    dir: PathBuf,
    procs: File,
    /// The hard limit now set (`memory.limit_in_bytes`).
    hard: u64,
    /// `oom_kill` of `memory.oom_control` when the current run started.
    oom_base: u64,
}

/// The folder of the runs' cgroup of the launcher with process id `pid`, a child of
/// this process: `gridjudge-run-PID` beside this process's own memory cgroup (a launcher
/// stays in its judge's cgroup). `None` without a v1 memory hierarchy here.
pub fn run_dir(pid: u32) -> Option<PathBuf> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let rel = own.lines().find_map(|l| {
        let mut parts = l.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        controllers
            .split(',')
            .any(|c| c == "memory")
            .then(|| path.trim_start_matches('/').to_string())
    })?;
    let parent = Path::new(MEMORY_ROOT).join(rel);
    parent
        .join("memory.limit_in_bytes")
        .is_file()
        .then(|| parent.join(format!("gridjudge-run-{pid}")))
}

/// Removes the runs' cgroup of a launcher (process id `pid`) that was killed before it
/// could remove it itself, once the processes still in it are gone (retrying briefly).
pub fn remove_leftover(pid: u32) {
    let Some(dir) = run_dir(pid) else { return };
    for _ in 0..200 {
        if std::fs::remove_dir(&dir).is_ok() || !dir.exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// The hard limit set for a memory limit of `limit` bytes: 25 % (at least 16 MiB) above,
/// so the sampled limit decides ordinary cases and the kernel only catches bursts.
pub fn hard_limit(limit: u64) -> u64 {
    limit.saturating_add((limit / 4).max(16 << 20))
}

impl MemoryCgroup {
    /// Creates the cgroup for a run with memory limit `limit`, or `None` when the v1
    /// memory controller is not available to this process.
    pub fn create(limit: u64) -> Option<MemoryCgroup> {
        let dir = run_dir(std::process::id())?;
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
        let mut cg = MemoryCgroup {
            dir,
            procs,
            hard: u64::MAX,
            oom_base: 0,
        };
        // On failure `cg` is dropped, which removes the folder.
        cg.prepare(limit).then_some(cg)
    }

    /// Readies the cgroup for a new run with memory limit `limit` (every process of the
    /// previous run is dead): sets the hard limit and notes the OOM-kill count. False if
    /// the limit cannot be set; the cgroup must not be used then.
    pub fn prepare(&mut self, limit: u64) -> bool {
        let hard = hard_limit(limit);
        if hard != self.hard {
            let value = hard.to_string();
            // memsw (optional: swap accounting may be off) must never be below the
            // memory limit, so it moves first when the limit grows and last when it shrinks.
            let set = if hard > self.hard {
                self.write("memory.memsw.limit_in_bytes", &value);
                self.write("memory.limit_in_bytes", &value)
            } else {
                let ok = self.write("memory.limit_in_bytes", &value);
                self.write("memory.memsw.limit_in_bytes", &value);
                ok
            };
            if !set {
                return false;
            }
            self.hard = hard;
        }
        match self.oom_kills() {
            Some(n) => {
                self.oom_base = n;
                true
            }
            None => false,
        }
    }

    fn write(&self, file: &str, value: &str) -> bool {
        OpenOptions::new()
            .write(true)
            .open(self.dir.join(file))
            .and_then(|mut f| f.write_all(value.as_bytes()))
            .is_ok()
    }

    /// The hard limit now set (`memory.limit_in_bytes`), bytes.
    pub fn hard(&self) -> u64 {
        self.hard
    }

    /// The open `cgroup.procs` (close-on-exec): the child writes `0` to it to move in.
    pub fn procs_fd(&self) -> i32 {
        self.procs.as_raw_fd()
    }

    /// Anonymous memory of all the run's processes now (`total_rss`), bytes.
    pub fn rss(&self) -> Option<u64> {
        let stat = std::fs::read_to_string(self.dir.join("memory.stat")).ok()?;
        stat.lines().find_map(|l| {
            l.strip_prefix("total_rss ")
                .and_then(|v| v.trim().parse::<u64>().ok())
        })
    }

    /// Whether the kernel's OOM killer killed a process of the current run.
    pub fn oom_killed(&self) -> bool {
        self.oom_kills().is_some_and(|n| n > self.oom_base)
    }

    /// How many processes the kernel's OOM killer has killed in this cgroup so far
    /// (`oom_kill`; kernels before 4.13 lack the line: then always 0).
    fn oom_kills(&self) -> Option<u64> {
        let text = std::fs::read_to_string(self.dir.join("memory.oom_control")).ok()?;
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
        for _ in 0..200 {
            if std::fs::remove_dir(&self.dir).is_ok() || !self.dir.exists() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
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
}
