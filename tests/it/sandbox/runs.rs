//! The sandbox on its own (no checker): limits fire, measurements are right, nothing survives.
//!
//! Uses small C programs from `tests/fixtures/judge/programs/`, compiled with gcc here.
//! Run as root these also exercise the uid drop, `RLIMIT_NPROC` and the network namespace.

use crate::support;

use gridjudge::judge::limit_verdict::{limit_verdict, over_limit};
use gridjudge::sandbox::limits::{MemoryMode, MIB};
use gridjudge::sandbox::{ExitStatus, LimitHit};
use gridjudge::Verdict;
use std::time::Duration;
use support::judge::*;

#[test]
fn tiny_program_reads_small_memory_and_exits_zero() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "touch_mem");
    // Make the judging process big: 300 MiB touched. A direct fork would make the
    // child's ru_maxrss include this; the launcher keeps it out.
    let ballast = vec![7u8; 300 * MIB as usize];
    let out = run(&exe, &["0"], &empty_input(dir.path()), limits(), 1);
    assert_eq!(std::hint::black_box(&ballast)[12345], 7);
    eprintln!("tiny program: {} bytes", out.peak_memory_bytes);
    assert_eq!(out.status, ExitStatus::Exited(0));
    assert!(
        out.peak_memory_bytes < 5_000_000,
        "tiny program read {} bytes",
        out.peak_memory_bytes
    );
    assert_eq!(limit_verdict(&out, &limits()), None);
}

#[test]
fn program_touching_100_mib_reads_100_mib() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "touch_mem");
    let mut l = limits();
    l.memory_bytes = 256 * MIB;
    let out = run(&exe, &["100"], &empty_input(dir.path()), l, 2);
    assert_eq!(out.status, ExitStatus::Exited(0));
    eprintln!("100 MiB program: {} bytes", out.peak_memory_bytes);
    let want = 100.0 * MIB as f64;
    let got = out.peak_memory_bytes as f64;
    assert!(
        (got - want).abs() <= 0.1 * want,
        "100 MiB program read {got} bytes"
    );
}

#[test]
fn cpu_burner_is_tle_and_killed_within_the_wall_limit() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "spin");
    let mut l = limits();
    l.cpu = Duration::from_millis(300);
    l.wall = Duration::from_secs(10); // generous: other tests load the 2 cores
    let out = run(&exe, &[], &empty_input(dir.path()), l, 3);
    let (verdict, message) = limit_verdict(&out, &l).unwrap();
    assert_eq!(verdict, Verdict::TimeLimitExceeded, "{message}");
    assert_eq!(out.killed_for, Some(LimitHit::Cpu));
    assert!(out.cpu >= l.cpu);
    // Correctness bound on the kill, not a speed test.
    assert!(out.wall <= l.wall + Duration::from_millis(200));
}

#[test]
fn sleeper_is_tle_at_the_wall_deadline() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let mut l = limits();
    l.wall = Duration::from_millis(700);
    let sh = std::path::Path::new("/bin/sh");
    let out = run(sh, &["-c", "sleep 30"], &empty_input(dir.path()), l, 4);
    let (verdict, message) = limit_verdict(&out, &l).unwrap();
    assert_eq!(verdict, Verdict::TimeLimitExceeded, "{message}");
    assert_eq!(out.killed_for, Some(LimitHit::Wall));
    assert!(out.wall >= l.wall);
    eprintln!(
        "sleeper killed after {:?} (wall limit {:?})",
        out.wall, l.wall
    );
    // Correctness bound on the kill, not a speed test.
    assert!(
        out.wall <= l.wall + Duration::from_millis(200),
        "killed after {:?}",
        out.wall
    );
    assert!(message.contains("wall time"), "{message}");
}

#[test]
fn fork_bomb_leaves_no_survivors() {
    let _machine = support::machine::alone();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "forkbomb");
    let marker = format!("gridjudge-bomb-marker-{}", std::process::id());
    let mut l = limits();
    l.wall = Duration::from_millis(800);
    let out = run(&exe, &[&marker], &empty_input(dir.path()), l, 5);
    // An unbounded bomb ends at whichever limit it reaches first: the wall limit, the
    // CPU limit (on an idle machine its processes get every core: more than the 1 s of
    // CPU within the 0.8 s of wall on 2 cores), or — since the per-run memory cgroup
    // counts every process of the run — the memory limit (seen on a fresh CI clone).
    // Either way it must be a limit verdict, and nothing of it may survive, which is
    // what this test is about.
    match out.killed_for {
        Some(LimitHit::Wall | LimitHit::Cpu) => {
            assert_eq!(
                limit_verdict(&out, &l).unwrap().0,
                Verdict::TimeLimitExceeded
            )
        }
        // The kernel's OOM killer at the cgroup's hard limit: the forks' own kernel
        // memory is charged to the run (seen here on cgroup v1 with the 64-process limit).
        Some(LimitHit::Memory | LimitHit::KernelOom) => assert_eq!(
            limit_verdict(&out, &l).unwrap().0,
            Verdict::MemoryLimitExceeded
        ),
        other => panic!("fork bomb ended by {other:?}, not by a time or memory limit"),
    }
    let left = survivors(&marker, out.pgid);
    assert!(left.is_empty(), "survivors: {left:?}");
}

#[test]
fn stray_children_are_killed_after_a_normal_exit() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "strays");
    let marker = format!("gridjudge-stray-marker-{}", std::process::id());
    let out = run(&exe, &[&marker], &empty_input(dir.path()), limits(), 6);
    assert_eq!(out.status, ExitStatus::Exited(0));
    assert_eq!(limit_verdict(&out, &limits()), None);
    // Without a PID namespace, the setsid() escapee and the double-forked daemon were
    // re-parented to the launcher (with one, the kernel killed them with the namespace).
    if !out.guarantees.pid_namespace {
        assert!(
            out.strays_killed >= 2,
            "strays killed: {}",
            out.strays_killed
        );
    }
    let left = survivors(&marker, out.pgid);
    assert!(left.is_empty(), "survivors: {left:?}");
}

#[test]
fn endless_output_is_ole() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "flood");
    let l = limits();
    let out = run(&exe, &[], &empty_input(dir.path()), l, 7);
    assert_eq!(out.status, ExitStatus::Signaled(libc::SIGXFSZ));
    assert!(out.stdout_bytes > l.output_bytes);
    assert!(out.stdout_bytes <= l.output_bytes + 1);
    let (verdict, message) = limit_verdict(&out, &l).unwrap();
    assert_eq!(verdict, Verdict::OutputLimitExceeded, "{message}");
}

#[test]
fn segfault_is_re_with_the_signal_name() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "segv");
    let out = run(&exe, &[], &empty_input(dir.path()), limits(), 8);
    let (verdict, message) = limit_verdict(&out, &limits()).unwrap();
    assert_eq!(verdict, Verdict::RuntimeError);
    assert_eq!(message, "killed by SIGSEGV");
}

#[test]
fn non_zero_exit_is_re_with_the_code() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let sh = std::path::Path::new("/bin/sh");
    let out = run(sh, &["-c", "exit 7"], &empty_input(dir.path()), limits(), 9);
    assert_eq!(
        limit_verdict(&out, &limits()),
        Some((Verdict::RuntimeError, "exit code 7".to_string()))
    );
}

#[test]
fn one_gib_allocation_is_mle_in_peak_rss_mode() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "touch_mem");
    let l = limits();
    let out = run(&exe, &["1024"], &empty_input(dir.path()), l, 10);
    let (verdict, message) = limit_verdict(&out, &l).unwrap();
    assert_eq!(verdict, Verdict::MemoryLimitExceeded, "{message}");
    assert_eq!(out.killed_for, Some(LimitHit::Memory));
    // Killed well before it touched the whole GiB.
    assert!(
        out.peak_memory_bytes < 512 * MIB,
        "{}",
        out.peak_memory_bytes
    );
}

#[test]
fn one_gib_allocation_fails_in_address_space_mode() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "touch_mem");
    let mut l = limits();
    l.memory_mode = MemoryMode::AddressSpace;
    let out = run(&exe, &["1024"], &empty_input(dir.path()), l, 11);
    // malloc returned NULL, and the program said so with exit code 3.
    assert_eq!(out.status, ExitStatus::Exited(3));
    assert!(out.guarantees.address_space_limit);
    assert_eq!(
        limit_verdict(&out, &l),
        Some((Verdict::RuntimeError, "exit code 3".to_string()))
    );
}

/// A global array of 1 GiB: loaded and run in peak-RSS mode (its untouched pages are
/// no memory held), MLE under an address-space limit of 64 MiB, where the kernel cannot
/// load the image (the run dies of `SIGSEGV` in the exec) and the message says why.
#[test]
fn an_image_bigger_than_the_address_space_limit_is_mle_in_that_mode_only() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "big_image");
    let span = gridjudge::sandbox::image::image_span(&exe).expect("an ELF file");
    assert!((1 << 30..(1 << 30) + 64 * MIB).contains(&span), "{span}");
    let l = limits();
    let out = run(&exe, &[], &empty_input(dir.path()), l, 18);
    assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
    assert_eq!(out.image_over_bytes, None);
    assert_eq!(limit_verdict(&out, &l), None);
    let mut l = limits();
    l.memory_mode = MemoryMode::AddressSpace;
    let out = run(&exe, &[], &empty_input(dir.path()), l, 18);
    assert_eq!(out.status, ExitStatus::Signaled(libc::SIGSEGV), "{out:?}");
    assert_eq!(out.image_over_bytes, Some(span));
    let (verdict, message) = limit_verdict(&out, &l).expect("a verdict");
    assert_eq!(verdict, Verdict::MemoryLimitExceeded, "{message}");
    let (image, limit) = over_limit(span, l.memory_bytes);
    assert_eq!(
        message,
        format!("the program's image needs {image} of address space > limit {limit}: it could not be loaded")
    );
}

/// An address-space limit below the launcher's own size must still start a small
/// program: the namespace's init maps the program's start-up stack before the limits
/// (mapped after them, `RLIMIT_AS` refused it and every run was JE, "fork under the
/// namespace's init failed").
#[test]
fn a_small_program_starts_under_a_tight_address_space_limit() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "echo_sum");
    let input = dir.path().join("nums.in");
    std::fs::write(&input, b"1 2 3 4\n").unwrap();
    let mut l = limits();
    l.memory_mode = MemoryMode::AddressSpace;
    l.memory_bytes = 4 * MIB;
    let out = run(&exe, &[], &input, l, 17);
    assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
    assert!(out.guarantees.address_space_limit);
}

#[test]
fn reads_stdin_and_writes_stdout() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "echo_sum");
    let input = dir.path().join("nums.in");
    std::fs::write(&input, b"1 2 3 4\n").unwrap();
    let out = run(&exe, &[], &input, limits(), 12);
    assert_eq!(out.status, ExitStatus::Exited(0));
    assert_eq!(out.stdout_bytes, 3); // "10\n"
}

#[test]
fn as_root_the_program_runs_unprivileged_without_network() {
    let _machine = support::machine::shared();
    if !gridjudge::sandbox::is_root() {
        skip(
            "as_root_the_program_runs_unprivileged_without_network",
            "not root: uid drop and network namespace are not available",
        );
        return;
    }
    let dir = bin_dir();
    let sh = std::path::Path::new("/bin/sh");
    // Exit code 0 only when running as a non-root uid with no device but loopback.
    let script = "test \"$(id -u)\" != 0 && ! grep -v -e lo: -e Inter -e face /proc/net/dev";
    let out = run(sh, &["-c", script], &empty_input(dir.path()), limits(), 13);
    assert_eq!(out.status, ExitStatus::Exited(0));
    assert!(out.guarantees.uid.is_some());
    assert!(out.guarantees.no_network);
    assert_eq!(out.guarantees.process_limit, Some(64));
}

#[test]
fn missing_program_is_a_launch_error() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let isolation = isolation_for(14);
    let dirs = gridjudge::sandbox::CaseDirs::new(isolation.run_as).unwrap();
    let spec = gridjudge::sandbox::RunSpec {
        program: "/nonexistent/program".into(),
        argv: vec!["program".into()],
        env: vec![],
        workdir: dirs.workdir().to_path_buf(),
        stdin: empty_input(dir.path()),
        stdout: dirs.stdout(),
        stderr: dirs.stderr(),
        limits: limits(),
        isolation,
        hide: vec![],
        read_only: vec![],
        keep_workdir: false,
        binds: vec![],
        wait_share: None,
    };
    let err = gridjudge::sandbox::Sandbox::new(&launcher())
        .run(&spec)
        .unwrap_err();
    assert!(err.to_string().contains("exec failed"), "{err}");
}

#[test]
fn process_limit_caps_forks_when_root() {
    let _machine = support::machine::shared();
    if !gridjudge::sandbox::is_root() {
        skip(
            "process_limit_caps_forks_when_root",
            "not root: RLIMIT_NPROC is not applied",
        );
        return;
    }
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "nproc");
    let mut l = limits();
    l.processes = Some(20);
    let out = run(&exe, &[], &empty_input(dir.path()), l, 15);
    // The program itself counts against the limit: at most 19 children.
    match out.status {
        ExitStatus::Exited(n) => assert!((1..20).contains(&n), "{n} children started"),
        other => panic!("unexpected {other:?}"),
    }
    assert!(survivors("no-marker-here", out.pgid).is_empty());
}

#[test]
fn hidden_folders_cannot_be_read() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let secret_dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(
        secret_dir.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let secret = secret_dir.path().join("1.ans");
    std::fs::write(&secret, b"42\n").unwrap();
    std::fs::set_permissions(&secret, std::os::unix::fs::PermissionsExt::from_mode(0o644)).unwrap();
    let sh = std::path::Path::new("/bin/sh");
    let script = format!("cat {}", secret.display());
    let input = empty_input(dir.path());
    let open = run(sh, &["-c", &script], &input, limits(), 16);
    if open.guarantees.landlock_abi.is_some() {
        // Landlock alone already denies every folder but the system's and the workdir.
        assert_ne!(
            open.status,
            ExitStatus::Exited(0),
            "read outside the sandbox"
        );
    } else {
        assert_eq!(
            open.status,
            ExitStatus::Exited(0),
            "readable without hiding"
        );
    }
    let hidden = run_hiding(
        sh,
        &["-c", &script],
        &input,
        limits(),
        16,
        &[secret_dir.path().to_path_buf()],
    );
    if gridjudge::sandbox::is_root() {
        assert!(
            hidden.guarantees.hidden_paths,
            "root can always make a mount namespace"
        );
    }
    if hidden.guarantees.hidden_paths {
        assert_ne!(hidden.status, ExitStatus::Exited(0), "read a hidden file");
    } else {
        eprintln!("mount namespaces unavailable here; not hidden");
    }
}
