//! The launcher's watch over one running program: waits on a pidfd, samples CPU,
//! memory and the size of its output files, enforces the wall, CPU, peak-RSS and output
//! limits, and afterwards kills and reaps every process the run left behind.
//!
//! The wall deadline is the start plus the wall limit plus the run-queue wait credited
//! so far ([`wait`](super::wait)): time the program was runnable but waiting for a CPU
//! is not its own. The credit never takes the deadline past
//! [`Limits::wall_ceiling`](crate::limits::Limits::wall_ceiling), so a program
//! on a machine that never gives it a CPU still ends.

use super::wait::{SharedWait, WaitMeter, WAIT_FROM_FRACTION, WAIT_SAMPLE};
use super::{errno, MAX_SAMPLE, SAMPLE};
use crate::cgroup::MemoryCgroup;
use crate::kernel_files::read_small;
use crate::limits::MemoryMode;
use crate::{LimitHit, RunSpec, WaitShare};
use std::fs::File;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::time::{Duration, Instant};

/// Watches one running program and enforces wall, CPU and peak-RSS limits.
pub(super) struct Monitor<'a> {
    /// The process the launcher waits for (the namespace's init, or the program).
    pub(super) pid: i32,
    /// The program itself, sampled for CPU and memory (0 until found under the init).
    pub(super) watch: i32,
    pub(super) spec: &'a RunSpec,
    /// When the program was started.
    pub(super) start: Instant,
    pub(super) deadline: Instant,
    /// A pidfd of `pid` (`None` on a kernel without them: the wait sleeps instead),
    /// closed as soon as `pid` is reaped.
    pub(super) pidfd: Option<OwnedFd>,
    pub(super) killed_for: Option<LimitHit>,
    pub(super) ticks_per_sec: u64,
    /// The program's CPU-time clock (all its threads, nanosecond resolution), when the
    /// kernel gives one; otherwise CPU time comes from `/proc/PID/stat` ticks.
    pub(super) cpu_clock: Option<libc::clockid_t>,
    /// The largest CPU time sampled while the program ran.
    pub(super) cpu_seen: Duration,
    /// The run's memory cgroup, sampled for the memory of all its processes.
    pub(super) cgroup: Option<&'a MemoryCgroup>,
    /// The largest memory of all the run's processes sampled from the cgroup, bytes.
    pub(super) group_peak: u64,
    /// Whether the cgroup counts the CPU time of every process of the run.
    pub(super) cpu_counted: bool,
    /// The largest figure any memory sample gave (the program's `VmHWM` or the cgroup's
    /// total): the one that decided a memory kill is never lost, even when the program
    /// is killed before it can report its own `ru_maxrss`.
    pub(super) memory_seen: u64,
    /// The program's standard output and error, when they are files (a FIFO's size is
    /// always 0): sampled against the output limit.
    pub(super) outputs: [Option<&'a File>; 2],
    /// When a sample first found an output over the limit.
    output_over_since: Option<Instant>,
    /// Whether `pid` is a PID namespace's init (whose own wait is not the program's).
    under_init: bool,
    /// The run-queue wait of the run's tasks.
    wait: WaitMeter,
    /// The wait credited to the deadline so far.
    pub(super) credited: Duration,
    /// When the wait is sampled next (once the run has lasted a fraction of its limit).
    next_wait_sample: Instant,
    /// How often the wait is sampled: [`wait_interval`] of the wall limit.
    wait_every: Duration,
    /// Where the run's own wait is published (a program and its interactor).
    publish: Option<SharedWait>,
    /// Where the peer's own wait is read and credited too.
    follow: Option<SharedWait>,
    /// The latest the deadline may be: [`Limits::wall_ceiling`] after the start.
    ///
    /// [`Limits::wall_ceiling`]: crate::limits::Limits::wall_ceiling
    ceiling: Instant,
}

/// How long a program may live on with its output over the limit before it is ended
/// for it. The file limit makes the next write past it raise `SIGXFSZ`, which ends a
/// program at once (the status the run reports, within microseconds); only a program
/// that ignores the signal and its failed writes outlives this.
const OUTPUT_GRACE: Duration = Duration::from_millis(100);

impl<'a> Monitor<'a> {
    pub(super) fn new(
        pid: i32,
        under_init: bool,
        spec: &'a RunSpec,
        start: Instant,
        cgroup: Option<&'a MemoryCgroup>,
        cpu_counted: bool,
    ) -> Monitor<'a> {
        // SAFETY: pidfd_open on our own child; -1 (old kernel) means "sleep instead".
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as i32;
        // SAFETY: a descriptor pidfd_open has just opened; nothing else owns it.
        let pidfd = (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd) });
        // SAFETY: sysconf has no preconditions.
        let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        let (publish, follow) = match &spec.wait_share {
            Some(WaitShare { publish, follow }) => {
                (SharedWait::publish(publish), SharedWait::follow(follow))
            }
            None => (None, None),
        };
        // A peer reads the figure at its own deadline, which may come before this run
        // has lasted a quarter of its limit: a run that shares samples from the start.
        let first_sample = if spec.wait_share.is_some() {
            WAIT_SAMPLE
        } else {
            spec.limits.wall / WAIT_FROM_FRACTION
        };
        let mut monitor = Monitor {
            pid,
            watch: 0,
            spec,
            start,
            deadline: start + spec.limits.wall,
            pidfd,
            killed_for: None,
            ticks_per_sec: if ticks > 0 { ticks as u64 } else { 100 },
            cpu_clock: None,
            cpu_seen: Duration::ZERO,
            cgroup,
            group_peak: 0,
            cpu_counted,
            memory_seen: 0,
            outputs: [None, None],
            output_over_since: None,
            under_init,
            wait: WaitMeter::new(),
            credited: Duration::ZERO,
            next_wait_sample: start + first_sample,
            wait_every: wait_interval(spec.limits.wall),
            publish,
            follow,
            ceiling: start + spec.limits.wall_ceiling(),
        };
        if !under_init {
            monitor.set_watch(pid);
        }
        monitor
    }

    pub(super) fn set_watch(&mut self, pid: i32) {
        self.watch = pid;
        let mut clock: libc::clockid_t = 0;
        // SAFETY: valid out-pointer; pid is our child or grandchild.
        self.cpu_clock =
            (unsafe { libc::clock_getcpuclockid(pid, &mut clock) } == 0).then_some(clock);
    }

    /// Under an init, finds the program: the init's only child it forked.
    pub(super) fn find_watch(&mut self) {
        if self.watch != 0 {
            return;
        }
        let children =
            read_small(format!("/proc/{0}/task/{0}/children", self.pid)).unwrap_or_default();
        if let Some(p) = children
            .split_ascii_whitespace()
            .next()
            .and_then(|p| p.parse::<i32>().ok())
        {
            self.set_watch(p);
        }
    }

    /// Kills the run for the limit `why`, the first one over unless a limit was already
    /// recorded. The kernel's OOM killer may have struck before it: a burst of memory
    /// up to the cgroup's hard limit ended one of the run's processes between two
    /// samples while the others went on (to the CPU or the wall limit). Memory was then
    /// the first limit over, and the kill is recorded as [`LimitHit::KernelOom`].
    pub(super) fn kill(&mut self, why: LimitHit) {
        if self.killed_for.is_none() {
            let oom_first =
                why != LimitHit::Memory && self.cgroup.is_some_and(MemoryCgroup::oom_killed);
            self.killed_for = Some(if oom_first { LimitHit::KernelOom } else { why });
        }
        // SAFETY: signalling our child's process group.
        unsafe { libc::killpg(self.pid, libc::SIGKILL) };
    }

    /// Waits for the program, enforcing limits; returns its wait status and rusage.
    pub(super) fn wait(&mut self) -> (i32, libc::rusage) {
        loop {
            let mut status = 0;
            // SAFETY: a zeroed rusage is a valid out-parameter.
            let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
            // SAFETY: valid out-pointers; pid is our child.
            let r = unsafe { libc::wait4(self.pid, &mut status, libc::WNOHANG, &mut ru) };
            if r == self.pid {
                drop(self.pidfd.take());
                return (status, ru);
            }
            if r < 0 && errno() != libc::EINTR {
                // ECHILD cannot happen for our own unreaped child; give up cleanly.
                return (status, ru);
            }
            let now = Instant::now();
            self.find_watch();
            if self.killed_for.is_none() {
                if now >= self.deadline || now >= self.next_wait_sample {
                    self.credit_wait(now);
                }
                if now >= self.deadline {
                    self.kill(LimitHit::Wall);
                } else if self.sample_cpu() > self.spec.limits.cpu {
                    self.kill(LimitHit::Cpu);
                } else if self.memory_now() > self.spec.limits.memory_bytes {
                    self.kill(LimitHit::Memory);
                } else if self.output_over(now) {
                    self.kill(LimitHit::Output);
                }
            }
            let timeout = if self.killed_for.is_some() {
                SAMPLE
            } else {
                let interval =
                    (now.saturating_duration_since(self.start) / 8).clamp(SAMPLE, MAX_SAMPLE);
                interval.min(self.deadline.saturating_duration_since(now))
            };
            self.sleep(timeout);
        }
    }

    /// Samples the run-queue wait (the run's own, plus a peer's it follows) and moves
    /// the deadline by it: the start plus the wall limit plus the wait, no later than
    /// the ceiling, the wait no more than the time elapsed.
    pub(super) fn credit_wait(&mut self, now: Instant) {
        self.next_wait_sample = now + self.wait_every;
        let own = self.wait.sample(self.pid, self.under_init);
        let peer = self
            .follow
            .as_ref()
            .map_or(Duration::ZERO, SharedWait::read);
        let elapsed = now.saturating_duration_since(self.start);
        let room = self
            .ceiling
            .saturating_duration_since(self.start + self.spec.limits.wall);
        self.credited = self.credited.max((own + peer).min(elapsed).min(room));
        self.deadline = self.start + self.spec.limits.wall + self.credited;
        // Its own wait only, never what it credits from the peer: each side adds the
        // other's figure once.
        if let Some(out) = &self.publish {
            out.write(own);
        }
    }

    /// Whether standard output or error has been past the output limit for
    /// [`OUTPUT_GRACE`] at `now` (the file limit lets it reach one byte more, so a write
    /// past the limit shows).
    fn output_over(&mut self, now: Instant) -> bool {
        let limit = self.spec.limits.output_bytes;
        let over = self
            .outputs
            .iter()
            .flatten()
            .any(|f| f.metadata().is_ok_and(|m| m.is_file() && m.len() > limit));
        if !over {
            return false;
        }
        let since = *self.output_over_since.get_or_insert(now);
        now.saturating_duration_since(since) >= OUTPUT_GRACE
    }

    /// Sleeps up to `timeout`, waking early when the child exits (pidfd readable).
    pub(super) fn sleep(&self, timeout: Duration) {
        if let Some(pidfd) = &self.pidfd {
            let mut pfd = libc::pollfd {
                fd: pidfd.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            let ts = libc::timespec {
                tv_sec: timeout.as_secs() as libc::time_t,
                tv_nsec: timeout.subsec_nanos() as libc::c_long,
            };
            // SAFETY: one valid pollfd, a valid timespec, no signal mask change.
            unsafe { libc::ppoll(&mut pfd, 1, &ts, std::ptr::null()) };
        } else {
            std::thread::sleep(timeout.min(Duration::from_millis(1)));
        }
    }

    /// Samples the CPU time (of every process of the run where the cgroup counts it,
    /// else of the program's process), remembering the largest value seen.
    pub(super) fn sample_cpu(&mut self) -> Duration {
        let all = self
            .cgroup
            .filter(|_| self.cpu_counted)
            .and_then(MemoryCgroup::cpu_used);
        if let Some(c) = all.or_else(|| self.cpu_time()) {
            self.cpu_seen = self.cpu_seen.max(c);
        }
        self.cpu_seen
    }

    /// CPU time of the program's process (all threads, not its children) so far.
    pub(super) fn cpu_time(&self) -> Option<Duration> {
        if let Some(clock) = self.cpu_clock {
            let mut ts = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            // SAFETY: valid out-pointer; an error (e.g. the process is gone) falls through.
            if unsafe { libc::clock_gettime(clock, &mut ts) } == 0 {
                return Some(Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32));
            }
        }
        if self.watch == 0 {
            return None;
        }
        let stat = read_small(format!("/proc/{}/stat", self.watch)).ok()?;
        let close = stat.rfind(')')?;
        let rest = stat.get(close + 1..)?;
        let mut fields = rest.split_ascii_whitespace();
        // After the command: state is field 3; utime and stime are fields 14 and 15.
        let utime: u64 = fields.nth(11)?.parse().ok()?;
        let stime: u64 = fields.next()?.parse().ok()?;
        let ticks = utime + stime;
        Some(Duration::from_nanos(
            ticks.saturating_mul(1_000_000_000) / self.ticks_per_sec,
        ))
    }

    /// The memory the run holds, as far as sampling sees it: with a cgroup, what all
    /// its processes hold ([`MemoryCgroup::held`]: anonymous and shared memory, tmpfs
    /// files, socket buffers), the same figure in both memory modes; and in peak-RSS
    /// mode also the program's peak RSS (`VmHWM`), which an address-space limit makes
    /// redundant (memory the program only reserved is no memory held).
    pub(super) fn memory_now(&mut self) -> u64 {
        if let Some(held) = self.cgroup.and_then(MemoryCgroup::held) {
            self.group_peak = self.group_peak.max(held);
        }
        let own = match self.spec.limits.memory_mode {
            MemoryMode::PeakRss => self.peak_rss().unwrap_or(0),
            MemoryMode::AddressSpace if self.cgroup.is_none() => 0,
            MemoryMode::AddressSpace => self.peak_rss().unwrap_or(0),
        };
        let now = own.max(self.group_peak);
        self.memory_seen = self.memory_seen.max(now);
        now
    }

    /// Peak RSS of the main process so far (`VmHWM`), bytes.
    pub(super) fn peak_rss(&self) -> Option<u64> {
        if self.watch == 0 {
            return None;
        }
        let status = read_small(format!("/proc/{}/status", self.watch)).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kib: u64 = line.split_ascii_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }
}

/// Kills the program's process group and every process re-parented to the launcher,
/// and reaps them all. Returns how many processes it had to kill after the program ended.
pub(super) fn kill_leftovers(pgid: i32) -> u32 {
    let mut killed = std::collections::BTreeSet::new();
    // SAFETY: signalling the program's group; ESRCH when it is already empty.
    unsafe { libc::killpg(pgid, libc::SIGKILL) };
    // SAFETY: getpid cannot fail.
    let me = unsafe { libc::getpid() };
    let children_file = format!("/proc/{me}/task/{me}/children");
    let give_up = Instant::now() + Duration::from_secs(5);
    loop {
        let children = read_small(&children_file).unwrap_or_default();
        for pid in children
            .split_ascii_whitespace()
            .filter_map(|p| p.parse::<i32>().ok())
        {
            // SAFETY: these are our own children (we are their subreaper).
            unsafe { libc::kill(pid, libc::SIGKILL) };
            // SAFETY: as above; killpg also takes the group a stray may have made for
            // itself.
            unsafe { libc::killpg(pid, libc::SIGKILL) };
            killed.insert(pid);
        }
        // Reap whatever is dead.
        let mut status = 0;
        loop {
            // SAFETY: reaping any of our children without blocking.
            let r = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
            if r <= 0 {
                if r < 0 && errno() == libc::ECHILD {
                    return killed.len() as u32;
                }
                break;
            }
        }
        if Instant::now() > give_up {
            return killed.len() as u32;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// How often a run with wall limit `wall` samples its run-queue wait: every
/// [`WAIT_SAMPLE`], or an eighth of a wall limit shorter than eight of them (at least
/// [`SAMPLE`]). A task that ends takes the wait it gathered since its last sample with
/// it, so a short limit (a compile's, of a few hundred milliseconds, whose compiler
/// starts `cc1`, `as` and `ld` one after another) loses at most an eighth of itself per
/// task, not 100 ms.
fn wait_interval(wall: Duration) -> Duration {
    (wall / 8).clamp(SAMPLE, WAIT_SAMPLE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_wall_limit_samples_its_wait_more_often() {
        // A compile's 150 ms: every 18.75 ms, so a task that ends loses at most that.
        assert_eq!(
            wait_interval(Duration::from_millis(150)),
            Duration::from_micros(18_750)
        );
        // A program's usual limits: every 100 ms, as before.
        assert_eq!(wait_interval(Duration::from_secs(2)), WAIT_SAMPLE);
        assert_eq!(wait_interval(Duration::from_millis(800)), WAIT_SAMPLE);
        // Never more often than the monitor's own sampling.
        assert_eq!(wait_interval(Duration::from_millis(10)), SAMPLE);
    }
}
