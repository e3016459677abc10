//! The limit verdict rules of `judge::limit_verdict` on real runs, each with a
//! program whose behaviour is deterministic: one rule per limit, and the verdict, the
//! status, the figures and the message agree. Each run is repeated so that a rule that
//! holds only in some runs (a race between the kernel and the launcher's sampler) fails.

use crate::support;

use gridjudge::judge::limit_verdict::limit_verdict;
use gridjudge::judge::limit_verdict::over_limit;
use gridjudge::sandbox::limits::MIB;
use gridjudge::sandbox::{ExitStatus, LimitHit};
use gridjudge::Verdict;
use std::time::Duration;
use support::judge::*;

const REPEAT: usize = 3;

#[test]
fn a_stack_overflow_is_re_stack_overflow_by_sigsegv_below_the_memory_limit() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "deep_recursion");
    let l = limits(); // 64 MiB: the stack may use 56 MiB
    for _ in 0..REPEAT {
        let out = run(&exe, &[], &empty_input(dir.path()), l, 21);
        let (verdict, message) = limit_verdict(&out, &l).unwrap();
        assert_eq!(verdict, Verdict::RuntimeError, "{message} {out:?}");
        assert!(message.starts_with("stack overflow"), "{message}");
        assert_eq!(out.status, ExitStatus::Signaled(libc::SIGSEGV), "{out:?}");
        assert_eq!(out.killed_for, None);
        assert!(out.peak_memory_bytes >= l.stack_bytes(), "{out:?}");
        assert!(out.peak_memory_bytes <= l.memory_bytes, "{out:?}");
    }
}

#[test]
fn a_cpu_burner_is_always_stopped_by_the_sampler_with_sigkill() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "spin");
    let mut l = limits();
    l.cpu = Duration::from_millis(1000); // RLIMIT_CPU would fire at exactly 1 s before
    l.wall = Duration::from_secs(20);
    for _ in 0..REPEAT {
        let out = run(&exe, &[], &empty_input(dir.path()), l, 22);
        let (verdict, message) = limit_verdict(&out, &l).unwrap();
        assert_eq!(verdict, Verdict::TimeLimitExceeded, "{message}");
        assert_eq!(out.status, ExitStatus::Signaled(libc::SIGKILL), "{out:?}");
        assert_eq!(out.killed_for, Some(LimitHit::Cpu));
        assert!(out.cpu > l.cpu);
        let shown = format!("CPU time {:.3} s > limit 1.000 s", out.cpu.as_secs_f64());
        assert_eq!(message, shown);
    }
}

#[test]
fn an_mle_reports_the_peak_that_decided_it_and_quotes_it() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "touch_mem");
    let l = limits(); // 64 MiB
    for _ in 0..REPEAT {
        let out = run(&exe, &["200"], &empty_input(dir.path()), l, 23);
        let (verdict, message) = limit_verdict(&out, &l).unwrap();
        assert_eq!(verdict, Verdict::MemoryLimitExceeded, "{message}");
        assert!(
            out.peak_memory_bytes > l.memory_bytes,
            "MLE with a reported peak of {} bytes",
            out.peak_memory_bytes
        );
        let (peak, limit) = over_limit(out.peak_memory_bytes, l.memory_bytes);
        assert!(
            message.starts_with(&format!("peak memory {peak} > limit {limit}")),
            "{message}"
        );
        assert!(matches!(
            out.killed_for,
            Some(LimitHit::Memory | LimitHit::KernelOom)
        ));
    }
}

#[test]
fn output_over_the_limit_on_stderr_is_ole_naming_stderr_with_its_size() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "flood_stderr");
    let l = limits(); // 1 MiB of output
    for _ in 0..REPEAT {
        let out = run(&exe, &[], &empty_input(dir.path()), l, 24);
        let (verdict, message) = limit_verdict(&out, &l).unwrap();
        assert_eq!(verdict, Verdict::OutputLimitExceeded, "{message}");
        assert_eq!(out.stdout_bytes, 0);
        assert!(out.stderr_bytes > l.output_bytes, "{out:?}");
        let (written, limit) = over_limit(out.stderr_bytes, l.output_bytes);
        assert_eq!(message, format!("stderr: {written} > limit {limit}"));
        assert_eq!(out.status, ExitStatus::Signaled(libc::SIGXFSZ));
    }
    let exe = compile_c(dir.path(), "flood");
    let out = run(&exe, &[], &empty_input(dir.path()), l, 24);
    let (verdict, message) = limit_verdict(&out, &l).unwrap();
    assert_eq!(verdict, Verdict::OutputLimitExceeded);
    assert!(message.starts_with("stdout: "), "{message}");
    assert!(out.stdout_bytes > l.output_bytes && out.stdout_bytes <= l.output_bytes + MIB);
}

#[test]
fn output_over_the_limit_is_ole_even_when_the_program_ignores_sigxfsz() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "flood_ignoring_sigxfsz");
    let mut l = limits(); // 1 MiB of output
    l.cpu = Duration::from_secs(5);
    l.wall = Duration::from_secs(10);
    for _ in 0..REPEAT {
        let out = run(&exe, &[], &empty_input(dir.path()), l, 25);
        let (verdict, message) = limit_verdict(&out, &l).unwrap();
        assert_eq!(verdict, Verdict::OutputLimitExceeded, "{message} {out:?}");
        assert_eq!(out.killed_for, Some(LimitHit::Output), "{out:?}");
        assert_eq!(out.status, ExitStatus::Signaled(libc::SIGKILL), "{out:?}");
        let (written, limit) = over_limit(out.stdout_bytes, l.output_bytes);
        assert_eq!(message, format!("stdout: {written} > limit {limit}"));
        // Ended soon after the limit, far from the CPU limit.
        assert!(out.cpu < l.cpu, "{out:?}");
    }
}
