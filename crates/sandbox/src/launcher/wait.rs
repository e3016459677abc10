//! The run-queue wait of a run: how long its tasks were runnable but waiting for a CPU,
//! which the wall limit does not count (see `docs/sandbox.md`, "Wall time: the
//! program's own time").
//!
//! The kernel keeps the figure per task: field 2 of `/proc/PID/task/TID/schedstat`,
//! nanoseconds. [`WaitMeter`] walks the run's process tree (from the launcher's child
//! down through every task's `children`), reads each task's figure, and sums them. A
//! task that exits takes its figure with it: the meter carries the last figure it read
//! for every task it no longer finds, so what is lost is at most the wait a task
//! gathered between its last sample and its end (at most one sampling interval per
//! task: [`WAIT_SAMPLE`], or an eighth of a shorter wall limit, see the monitor).
//!
//! Reading `/proc` for every task costs the launcher a few microseconds per task, so
//! the monitor samples only once a run has used [`WAIT_FROM_FRACTION`] of its wall
//! limit (most runs end long before), then every sampling interval, and once more
//! whenever the deadline comes, before it kills: the deadline that decides is always
//! built from a fresh figure.
//!
//! Where no `schedstat` is readable (a kernel without `CONFIG_SCHED_INFO`), the meter
//! reports no wait and the wall limit is plain wall-clock time.

use crate::kernel_files::read_small;
use std::collections::HashMap;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::time::Duration;

/// How often the monitor samples the run-queue wait, once it samples at all.
pub const WAIT_SAMPLE: Duration = Duration::from_millis(100);

/// The monitor starts sampling the wait once the run has lasted its wall limit divided
/// by this.
pub const WAIT_FROM_FRACTION: u32 = 4;

/// Most tasks one sample reads (a fork bomb's tree is cut off here: the wait of tasks
/// past it goes uncredited, which only errs toward the plain wall clock).
const MAX_TASKS: usize = 512;

/// The run-queue wait of one run's tasks, sampled from `/proc`.
#[derive(Debug)]
pub(super) struct WaitMeter {
    /// Whether the kernel keeps per-task scheduler figures at all.
    available: bool,
    /// The last figure read for each task still found, nanoseconds, by thread id.
    live: HashMap<i32, u64>,
    /// The figures of tasks no longer found (ended), nanoseconds.
    carried: u64,
    /// The largest total any sample gave, nanoseconds.
    total: u64,
}

impl WaitMeter {
    /// A meter with nothing measured yet.
    pub(super) fn new() -> WaitMeter {
        WaitMeter {
            available: available(),
            live: HashMap::new(),
            carried: 0,
            total: 0,
        }
    }

    /// Whether the kernel gives a wait figure (else [`WaitMeter::sample`] is always 0).
    #[cfg(test)]
    pub(super) fn available(&self) -> bool {
        self.available
    }

    /// The wait measured so far (the largest total sampled).
    pub(super) fn measured(&self) -> Duration {
        Duration::from_nanos(self.total)
    }

    /// Samples the wait of every task under `root` (the launcher's child), not counting
    /// `root`'s own tasks when `skip_root` (a PID namespace's init, which is the
    /// launcher's code, not the program's). Returns the total so far.
    pub(super) fn sample(&mut self, root: i32, skip_root: bool) -> Duration {
        if !self.available || root <= 0 {
            return self.measured();
        }
        let mut now: HashMap<i32, u64> = HashMap::with_capacity(self.live.len().max(2));
        let mut pending = vec![root];
        let mut visited = 0usize;
        while let Some(pid) = pending.pop() {
            if visited >= MAX_TASKS {
                break;
            }
            let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
                continue;
            };
            for tid in tasks
                .flatten()
                .filter_map(|e| e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()))
            {
                visited += 1;
                if pid != root || !skip_root {
                    if let Some(ns) = task_wait(pid, tid) {
                        now.insert(tid, ns);
                    }
                }
                if let Ok(children) = read_small(format!("/proc/{pid}/task/{tid}/children")) {
                    pending.extend(
                        children
                            .split_ascii_whitespace()
                            .filter_map(|p| p.parse::<i32>().ok()),
                    );
                }
            }
        }
        for (tid, old) in self.live.drain() {
            match now.get(&tid) {
                // Still there (a smaller figure is a new task under a reused id: the
                // old one ended).
                Some(&new) if new >= old => {}
                _ => self.carried = self.carried.saturating_add(old),
            }
        }
        self.live = now;
        let sum = self
            .live
            .values()
            .fold(self.carried, |a, &b| a.saturating_add(b));
        self.total = self.total.max(sum);
        self.measured()
    }
}

/// Whether `/proc/self/schedstat` gives a run-queue wait figure.
fn available() -> bool {
    read_small("/proc/self/schedstat")
        .ok()
        .and_then(|s| parse_wait(&s))
        .is_some()
}

/// Field 2 of a task's `schedstat`: its time runnable but not running, nanoseconds.
fn task_wait(pid: i32, tid: i32) -> Option<u64> {
    parse_wait(&read_small(format!("/proc/{pid}/task/{tid}/schedstat")).ok()?)
}

/// Field 2 of a `schedstat` line.
fn parse_wait(line: &str) -> Option<u64> {
    line.split_ascii_whitespace().nth(1)?.parse().ok()
}

/// A file one launcher writes its run's credited wait to and another reads it from:
/// an interactor's launcher credits its own wall clock with the wait of the program
/// it talks to. The content is the wait in nanoseconds, in decimal, padded to a fixed
/// width so that every write replaces the whole figure.
#[derive(Debug)]
pub(super) struct SharedWait {
    file: File,
}

impl SharedWait {
    /// Opens `path` to publish a run's wait (created if missing, emptied).
    pub(super) fn publish(path: &std::path::Path) -> Option<SharedWait> {
        let file = File::create(path).ok()?;
        Some(SharedWait { file })
    }

    /// Opens `path` to read a peer's wait (0 until the peer writes one).
    pub(super) fn follow(path: &std::path::Path) -> Option<SharedWait> {
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .ok()?;
        Some(SharedWait { file })
    }

    /// Writes `wait` as the figure.
    pub(super) fn write(&self, wait: Duration) {
        let text = format!("{:020}\n", wait.as_nanos().min(u128::from(u64::MAX)));
        let _ = self.file.write_all_at(text.as_bytes(), 0);
    }

    /// The figure last written (0 when none is).
    pub(super) fn read(&self) -> Duration {
        let mut buf = [0u8; 21];
        let n = self.file.read_at(&mut buf, 0).unwrap_or(0);
        let ns = std::str::from_utf8(&buf[..n.min(20)])
            .ok()
            .and_then(|s| s.trim().parse::<u64>().ok())
            .unwrap_or(0);
        Duration::from_nanos(ns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_two_is_the_wait() {
        assert_eq!(parse_wait("196660939 566323515 139\n"), Some(566_323_515));
        assert_eq!(parse_wait("1"), None);
    }

    #[test]
    fn a_shared_figure_reads_back_whole() {
        let dir = std::env::temp_dir().join(format!("gj-wait-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("wait");
        let out = SharedWait::publish(&path).expect("publish");
        let peer = SharedWait::follow(&path).expect("follow");
        assert_eq!(peer.read(), Duration::ZERO);
        out.write(Duration::from_millis(1500));
        out.write(Duration::from_millis(2));
        assert_eq!(peer.read(), Duration::from_millis(2));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_task_that_ends_keeps_its_wait() {
        let mut meter = WaitMeter::new();
        if !meter.available() {
            return;
        }
        // SAFETY: getpid cannot fail.
        let me = unsafe { libc::getpid() };
        let first = meter.sample(me, false);
        meter.live.insert(i32::MAX, 5_000_000_000);
        let second = meter.sample(me, false);
        assert!(
            second >= first + Duration::from_secs(5),
            "{first:?} {second:?}"
        );
    }
}
