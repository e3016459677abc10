//! The limit verdicts: the one rule that turns a run's outcome into TLE, MLE, OLE or RE
//! before its output is looked at ([`limit_verdict`]), and the figures its messages quote.
//!
//! The sandbox measures and enforces; this module decides. It reads only what the
//! launcher reported ([`RunOutcome`]) and the limits it ran under.

use crate::sandbox::limits::Limits;
use crate::sandbox::{signal_name, ExitStatus, LimitHit, RunOutcome};
use crate::Verdict;
use std::time::Duration;

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
///    cgroup's hard limit → MLE, the peak being at least that hard limit; standard
///    output or error sampled over the output limit (a program that ignores its
///    failed writes and goes on) → OLE, naming the stream. When
///    several limits are over at once (a fork bomb burns CPU and memory), the first
///    one the launcher saw decides.
/// 2. **CPU**: `SIGXCPU` (the `RLIMIT_CPU` backstop, one second above the limit:
///    only when the launcher could not sample in time) or CPU over the limit at exit
///    → TLE.
/// 3. **Crashes**: under an address-space limit, `SIGSEGV` of a program whose image
///    needs more address space than the limit (it could not be loaded) → MLE; else
///    `SIGSEGV` or `SIGBUS` → RE, whatever the memory figure. With the
///    peak at least the stack limit ([`Limits::stack_bytes`], below the memory limit
///    so the crash comes before any memory kill), the message says "stack overflow".
/// 4. **Memory** over the limit at exit → MLE (e.g. `SIGABRT` after a failed
///    allocation with the peak over the limit).
/// 5. **Output**: a stream over the output limit, or `SIGXFSZ` → OLE, naming the
///    stream and its size (stdout first).
/// 6. Otherwise a non-zero exit or a signal → RE (`SIGABRT` with the peak at the
///    stack limit, as Rust's overflow handler ends, says "stack overflow" too).
pub fn limit_verdict(run: &RunOutcome, limits: &Limits) -> Option<(Verdict, String)> {
    let facts = Facts { run, limits };
    if let Some(hit) = run.killed_for {
        return Some(facts.killed_for(hit));
    }
    if run.status == ExitStatus::Signaled(libc::SIGXCPU) {
        return Some((
            Verdict::TimeLimitExceeded,
            format!(
                "CPU time {:.3} s > limit {:.3} s (SIGXCPU: stopped by the RLIMIT_CPU backstop)",
                secs(run.cpu),
                secs(limits.cpu)
            ),
        ));
    }
    if run.cpu > limits.cpu {
        return Some(facts.tle_cpu());
    }
    if let Some(image) = run.image_over_bytes {
        let (image, limit) = over_limit(image, limits.memory_bytes);
        return Some((
            Verdict::MemoryLimitExceeded,
            format!(
                "the program's image needs {image} of address space > limit {limit}: it could not be loaded"
            ),
        ));
    }
    if let ExitStatus::Signaled(sig @ (libc::SIGSEGV | libc::SIGBUS)) = run.status {
        return Some(facts.crash(sig));
    }
    if run.peak_memory_bytes > limits.memory_bytes {
        return Some(facts.mle());
    }
    if let Some(over) = facts.output_over() {
        return Some(over);
    }
    if run.status == ExitStatus::Signaled(libc::SIGXFSZ) {
        // A file of the program's own (in its working folder) reached the limit.
        return Some((
            Verdict::OutputLimitExceeded,
            format!(
                "a file reached the output limit of {:.1} MiB (SIGXFSZ; stdout {} bytes, stderr {} bytes)",
                mib(limits.output_bytes),
                run.stdout_bytes,
                run.stderr_bytes
            ),
        ));
    }
    match run.status {
        ExitStatus::Exited(0) => None,
        ExitStatus::Exited(code) => Some((Verdict::RuntimeError, format!("exit code {code}"))),
        ExitStatus::Signaled(libc::SIGABRT) if facts.stack_overflow() => {
            Some(facts.crash(libc::SIGABRT))
        }
        ExitStatus::Signaled(sig) => Some((
            Verdict::RuntimeError,
            format!("killed by {}", signal_name(sig)),
        )),
    }
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

fn mib(b: u64) -> f64 {
    b as f64 / (1u64 << 20) as f64
}

/// A run and its limits: the verdicts [`limit_verdict`] gives, each with its message.
struct Facts<'a> {
    run: &'a RunOutcome,
    limits: &'a Limits,
}

impl Facts<'_> {
    /// The verdict of a run the launcher ended for `hit`.
    fn killed_for(&self, hit: LimitHit) -> (Verdict, String) {
        match hit {
            LimitHit::Wall => (
                Verdict::TimeLimitExceeded,
                wall_message(self.run, self.limits),
            ),
            LimitHit::Cpu => self.tle_cpu(),
            LimitHit::Memory => self.mle(),
            LimitHit::KernelOom => {
                let (v, m) = self.mle();
                (v, format!("{m} (killed by the kernel at the hard limit)"))
            }
            LimitHit::Output => self.output_over().unwrap_or_else(|| {
                (
                    Verdict::OutputLimitExceeded,
                    format!(
                        "output over the limit of {:.1} MiB",
                        mib(self.limits.output_bytes)
                    ),
                )
            }),
        }
    }

    fn tle_cpu(&self) -> (Verdict, String) {
        (
            Verdict::TimeLimitExceeded,
            format!(
                "CPU time {:.3} s > limit {:.3} s",
                secs(self.run.cpu),
                secs(self.limits.cpu)
            ),
        )
    }

    fn mle(&self) -> (Verdict, String) {
        let (peak, limit) = over_limit(self.run.peak_memory_bytes, self.limits.memory_bytes);
        (
            Verdict::MemoryLimitExceeded,
            format!("peak memory {peak} > limit {limit}"),
        )
    }

    fn stack_overflow(&self) -> bool {
        self.run.peak_memory_bytes >= self.limits.stack_bytes()
    }

    fn crash(&self, sig: i32) -> (Verdict, String) {
        let what = if self.stack_overflow() {
            format!(
                "stack overflow: killed by {} with the stack at its limit of {:.1} MiB (peak memory {:.1} MiB)",
                signal_name(sig),
                mib(self.limits.stack_bytes()),
                mib(self.run.peak_memory_bytes)
            )
        } else {
            format!("killed by {}", signal_name(sig))
        };
        (Verdict::RuntimeError, what)
    }

    /// Standard output, then standard error, over the output limit.
    fn output_over(&self) -> Option<(Verdict, String)> {
        let over = |name: &str, bytes: u64| {
            let (written, limit) = over_limit(bytes, self.limits.output_bytes);
            (
                Verdict::OutputLimitExceeded,
                format!("{name}: {written} > limit {limit}"),
            )
        };
        if self.run.stdout_bytes > self.limits.output_bytes {
            Some(over("stdout", self.run.stdout_bytes))
        } else if self.run.stderr_bytes > self.limits.output_bytes {
            Some(over("stderr", self.run.stderr_bytes))
        } else {
            None
        }
    }
}

/// The message of a run the wall limit ended: the wall time against the limit, with
/// the CPU time and the run-queue wait credited (time runnable but waiting for a CPU,
/// which the limit does not count), or the ceiling when the wait had reached it.
pub(crate) fn wall_message(run: &RunOutcome, limits: &Limits) -> String {
    let secs = |d: Duration| d.as_secs_f64();
    if run.wait.is_zero() {
        return format!(
            "wall time {:.3} s >= limit {:.3} s (CPU {:.3} s)",
            secs(run.wall),
            secs(limits.wall),
            secs(run.cpu)
        );
    }
    let own = run.wall.saturating_sub(run.wait);
    if run.wall >= limits.wall_ceiling() {
        return format!(
            "wall time {:.3} s reached the ceiling of {:.3} s ({} × the limit of {:.3} s; CPU {:.3} s, {:.3} s waiting for a CPU)",
            secs(run.wall),
            secs(limits.wall_ceiling()),
            crate::sandbox::limits::WALL_CEILING,
            secs(limits.wall),
            secs(run.cpu),
            secs(run.wait)
        );
    }
    format!(
        "wall time {:.3} s of its own >= limit {:.3} s (wall clock {:.3} s less {:.3} s waiting for a CPU; CPU {:.3} s)",
        secs(own),
        secs(limits.wall),
        secs(run.wall),
        secs(run.wait),
        secs(run.cpu)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::limits::MIB;
    use crate::sandbox::Guarantees;

    fn outcome(status: ExitStatus) -> RunOutcome {
        RunOutcome {
            status,
            cpu: Duration::from_millis(100),
            wall: Duration::from_millis(150),
            wait: Duration::ZERO,
            ended_at_ns: 0,
            peak_memory_bytes: 2 * MIB,
            stdout_bytes: 10,
            stderr_bytes: 0,
            killed_for: None,
            pgid: 1,
            strays_killed: 0,
            image_over_bytes: None,
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
                minimal_root: false,
                private_ipc: false,
                cpu_all_processes: false,
            },
        }
    }

    fn verdict(o: &RunOutcome) -> Option<Verdict> {
        limit_verdict(o, &Limits::new(Duration::from_secs(1), 64 * MIB)).map(|(v, _)| v)
    }

    #[test]
    fn a_wall_kill_says_the_cpu_and_the_wait() {
        let limits = Limits::new(Duration::from_secs(1), 64 * MIB);
        let mut o = outcome(ExitStatus::Signaled(libc::SIGKILL));
        o.killed_for = Some(LimitHit::Wall);
        o.wall = Duration::from_millis(3010);
        o.cpu = Duration::from_millis(2);
        assert_eq!(
            wall_message(&o, &limits),
            "wall time 3.010 s >= limit 3.000 s (CPU 0.002 s)"
        );
        o.wall = Duration::from_millis(4510);
        o.wait = Duration::from_millis(1500);
        assert_eq!(
            wall_message(&o, &limits),
            "wall time 3.010 s of its own >= limit 3.000 s (wall clock 4.510 s less 1.500 s waiting for a CPU; CPU 0.002 s)"
        );
        o.wall = Duration::from_secs(30);
        o.wait = Duration::from_secs(27);
        assert!(wall_message(&o, &limits).contains("reached the ceiling of 30.000 s"));
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
        let (_, m) = limit_verdict(&o, &limits).unwrap();
        assert_eq!(m, "peak memory 64.02 MiB > limit 64.00 MiB");

        let mut o = outcome(ExitStatus::Signaled(libc::SIGXFSZ));
        o.stdout_bytes = 0;
        o.stderr_bytes = limits.output_bytes + 1;
        let (v, m) = limit_verdict(&o, &limits).unwrap();
        assert_eq!(v, Verdict::OutputLimitExceeded);
        assert_eq!(m, "stderr: 67108865 bytes > limit 67108864 bytes");

        // A stack overflow: SIGSEGV with the peak at the stack limit, below the memory limit.
        let mut o = outcome(ExitStatus::Signaled(libc::SIGSEGV));
        o.peak_memory_bytes = limits.stack_bytes() + MIB;
        let (v, m) = limit_verdict(&o, &limits).unwrap();
        assert_eq!(v, Verdict::RuntimeError);
        assert!(m.starts_with("stack overflow: killed by SIGSEGV"), "{m}");
        o.peak_memory_bytes = 3 * MIB;
        assert_eq!(limit_verdict(&o, &limits).unwrap().1, "killed by SIGSEGV");

        // Ended by the launcher with the output over: OLE whatever the CPU figure.
        let mut o = outcome(ExitStatus::Signaled(libc::SIGKILL));
        o.killed_for = Some(LimitHit::Output);
        o.stdout_bytes = limits.output_bytes + 1;
        o.cpu = Duration::from_secs(2);
        let (v, m) = limit_verdict(&o, &limits).unwrap();
        assert_eq!(v, Verdict::OutputLimitExceeded);
        assert_eq!(m, "stdout: 67108865 bytes > limit 67108864 bytes");
        o.stdout_bytes = 3;
        o.stderr_bytes = limits.output_bytes + 1;
        assert!(limit_verdict(&o, &limits)
            .unwrap()
            .1
            .starts_with("stderr: "));

        let o = outcome(ExitStatus::Signaled(libc::SIGXCPU));
        assert!(limit_verdict(&o, &limits)
            .unwrap()
            .1
            .contains("RLIMIT_CPU backstop"));
    }

    #[test]
    fn failures_name_the_signal_or_the_exit_code() {
        let limits = Limits::new(Duration::from_secs(1), 64 * MIB);
        let o = outcome(ExitStatus::Signaled(libc::SIGFPE));
        assert_eq!(
            limit_verdict(&o, &limits),
            Some((Verdict::RuntimeError, "killed by SIGFPE".to_string()))
        );
        let o = outcome(ExitStatus::Exited(2));
        assert_eq!(
            limit_verdict(&o, &limits),
            Some((Verdict::RuntimeError, "exit code 2".to_string()))
        );
        assert_eq!(signal_name(64), "signal 64");
    }
}
