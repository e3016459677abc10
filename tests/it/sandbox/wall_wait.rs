//! The wall limit counts the program's own time: CPU time plus the time it was blocked
//! or asleep, not the time it was runnable but waiting for a CPU (see docs/sandbox.md,
//! "Wall time: the program's own time"). The machine is loaded by busy loops the test
//! starts, pinned with the program to one CPU, and ends by their ids. The tests assert
//! verdicts and the figures the launcher reports, never how fast anything ran.

use crate::support;

use gridjudge::judge::limit_verdict::limit_verdict;
use gridjudge::sandbox::{ExitStatus, LimitHit};
use gridjudge::Verdict;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use support::judge::*;

/// Busy loops on CPU 0, with the calling thread (and so every process it starts, the
/// launcher and the program among them) pinned there too; dropped, they are killed by
/// their ids and the thread's affinity is restored.
struct Hogs {
    children: Vec<Child>,
    saved: libc::cpu_set_t,
}

impl Hogs {
    fn start(n: usize) -> Hogs {
        let size = std::mem::size_of::<libc::cpu_set_t>();
        // SAFETY: a zeroed cpu_set_t is a valid (empty) set.
        let mut saved: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        // SAFETY: reads the calling thread's (pid 0) affinity into a set of `size` bytes.
        unsafe { libc::sched_getaffinity(0, size, &mut saved) };
        // SAFETY: as above, an empty set.
        let mut one: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        // SAFETY: CPU 0 is within the set's bounds.
        unsafe { libc::CPU_SET(0, &mut one) };
        // SAFETY: sets the calling thread's affinity from a set of `size` bytes.
        let pinned = unsafe { libc::sched_setaffinity(0, size, &one) };
        assert_eq!(pinned, 0, "cannot pin the test thread to CPU 0");
        let children = (0..n)
            .map(|_| {
                Command::new("sh")
                    .args(["-c", "while :; do :; done"])
                    .stdin(Stdio::null())
                    .spawn()
                    .expect("start a busy loop")
            })
            .collect();
        // Let them take the CPU.
        std::thread::sleep(Duration::from_millis(100));
        Hogs { children, saved }
    }
}

impl Drop for Hogs {
    fn drop(&mut self) {
        for c in &mut self.children {
            let _ = c.kill();
            let _ = c.wait();
        }
        // SAFETY: restores the calling thread's own affinity from a set it saved.
        unsafe {
            libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &self.saved);
        }
    }
}

#[test]
fn a_light_program_waiting_for_a_cpu_is_accepted_with_its_wait_credited() {
    let _machine = support::machine::alone();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "light");
    let mut l = limits();
    l.cpu = Duration::from_secs(2);
    // 0.3 s of CPU against a 0.6 s wall limit: on a CPU shared with four busy loops the
    // run lasts about five times its CPU time, most of it waiting.
    l.wall = Duration::from_millis(600);
    let hogs = Hogs::start(4);
    let out = run(&exe, &["300", "0"], &empty_input(dir.path()), l, 26);
    drop(hogs);
    assert_eq!(limit_verdict(&out, &l), None, "{out:?}");
    assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
    assert_eq!(out.killed_for, None, "{out:?}");
    assert!(out.wait > Duration::ZERO, "no wait credited: {out:?}");
    assert!(out.wait <= out.wall, "{out:?}");
    // The run outlasted the plain wall limit: the credit is what kept it alive.
    assert!(
        out.wall > l.wall,
        "the busy loops did not load the CPU: {out:?}"
    );
}

/// The program's clock starts at its `execve`: the judge's set-up before it (namespaces,
/// mounts, rules), which on a loaded CPU waits for the launcher, is not the program's
/// time. A program of a few milliseconds under a 60 ms wall limit, on a CPU shared with
/// four busy loops, is accepted (five runs, each its own set-up).
#[test]
fn the_judges_set_up_on_a_loaded_cpu_is_not_the_programs_time() {
    let _machine = support::machine::alone();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "light");
    let mut l = limits();
    l.cpu = Duration::from_secs(1);
    l.wall = Duration::from_millis(60);
    let hogs = Hogs::start(4);
    let outs: Vec<_> = (0..5)
        .map(|_| run(&exe, &["2", "0"], &empty_input(dir.path()), l, 28))
        .collect();
    drop(hogs);
    for out in outs {
        assert_eq!(limit_verdict(&out, &l), None, "{out:?}");
        assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
    }
}

#[test]
fn a_sleeper_still_ends_at_its_wall_limit_on_a_loaded_cpu() {
    let _machine = support::machine::alone();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "light");
    let mut l = limits();
    l.cpu = Duration::from_secs(1);
    l.wall = Duration::from_millis(500);
    let hogs = Hogs::start(4);
    let out = run(&exe, &["0", "30"], &empty_input(dir.path()), l, 27);
    drop(hogs);
    let (verdict, message) = limit_verdict(&out, &l).expect("a verdict");
    assert_eq!(verdict, Verdict::TimeLimitExceeded, "{message} {out:?}");
    assert_eq!(out.killed_for, Some(LimitHit::Wall), "{out:?}");
    // Its own time reached the limit; sleeping is its own time, so the wait credited
    // is what it spent runnable, far from the ceiling.
    assert!(out.wall.saturating_sub(out.wait) >= l.wall, "{out:?}");
    assert!(out.wall < l.wall_ceiling(), "{out:?}");
    assert!(out.wait < l.wall, "a sleep was credited as a wait: {out:?}");
}

#[test]
fn an_idle_sleeper_ends_at_its_wall_limit_with_no_wait_to_speak_of() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "light");
    let mut l = limits();
    l.cpu = Duration::from_secs(1);
    l.wall = Duration::from_millis(400);
    let out = run(&exe, &["0", "30"], &empty_input(dir.path()), l, 28);
    let (verdict, message) = limit_verdict(&out, &l).expect("a verdict");
    assert_eq!(verdict, Verdict::TimeLimitExceeded, "{message} {out:?}");
    assert_eq!(out.killed_for, Some(LimitHit::Wall), "{out:?}");
    assert!(out.wall < l.wall_ceiling(), "{out:?}");
    assert!(out.wait < l.wall, "{out:?}");
    assert!(message.contains("limit 0.400 s"), "{message}");
}

/// The CPU time of every process this test process started and waited for so far (the
/// launchers, and through them the programs they ran).
fn children_cpu() -> Duration {
    // SAFETY: a zeroed rusage is a valid buffer for getrusage to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: fills `usage`, a valid rusage, for the waited-for children.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

/// Compiles run through the same launcher, so their wall limit counts the compiler's own
/// time too: a C compile under a wall limit of three times its CPU time still builds on
/// a CPU shared with eight busy loops, where it lasts about nine times its CPU time (the
/// compile that timed out at 60 s of wall time on a loaded runner). The limit comes from
/// CPU time, which the machine's load does not change, not from an idle wall figure.
#[test]
fn a_compile_waiting_for_a_cpu_is_not_a_compile_error() {
    use gridjudge::judge::compile::{CompileLimits, Compiler};
    use std::time::Instant;
    let _machine = support::machine::alone();
    let source = fixtures().join("programs").join("light.c");
    let build = |c: &Compiler| c.compile(&source).map(|_| ()).map_err(|f| f.message);
    // The first compile warms the caches; the second gives the compile's CPU time.
    let plain = Compiler::new(&launcher());
    assert_eq!(build(&plain), Ok(()));
    let before = children_cpu();
    assert_eq!(build(&plain), Ok(()));
    let cpu = children_cpu().saturating_sub(before);
    let wall = (cpu * 3).max(Duration::from_millis(150));
    let limited = Compiler::new(&launcher()).with_limits(CompileLimits {
        wall,
        ..CompileLimits::default()
    });
    let hogs = Hogs::start(8);
    let start = Instant::now();
    let loaded = build(&limited);
    let took = start.elapsed();
    drop(hogs);
    assert_eq!(loaded, Ok(()), "CPU {cpu:?}, wall limit {wall:?}");
    // The compile outlasted its plain wall limit: the credit is what let it finish.
    assert!(
        took > wall,
        "the busy loops did not load the CPU: CPU {cpu:?}, loaded {took:?}, limit {wall:?}"
    );
}
