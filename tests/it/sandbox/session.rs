//! One launcher serving many runs in turn ([`Sandbox`]): nothing of a run may leak
//! into the next — processes, sockets in the shared network namespace, memory readings,
//! OOM kills or limits of the reused memory cgroup.

use crate::support;

use gridjudge::sandbox::limits::{Isolation, Limits, MemoryMode, MIB};
use gridjudge::sandbox::Sandbox;
use gridjudge::sandbox::{CaseDirs, ExitStatus, LimitHit, RunOutcome};
use std::path::Path;
use support::judge::*;

/// Runs `program args` in `session` (strongest isolation for `slot`); returns the outcome
/// and the captured stdout.
fn run_in(
    session: &mut Sandbox,
    dirs: &mut CaseDirs,
    program: &Path,
    args: &[&str],
    stdin: &Path,
    limits: Limits,
    slot: u32,
) -> (RunOutcome, String) {
    let isolation = isolation_for(slot);
    dirs.renew(isolation.run_as, false).unwrap();
    let spec = spec(dirs, program, args, stdin, limits, isolation, &[]);
    let out = session.run(&spec).unwrap();
    let stdout = String::from_utf8_lossy(&std::fs::read(dirs.stdout()).unwrap()).into_owned();
    (out, stdout)
}

/// The judge keeps a worker's working folder between cases when the last run had a
/// private tmpfs over it, and the launcher empties the capture files without truncating
/// them on open: neither may let one case see what the last one left. Run with the
/// strongest isolation (the folder kept) and with none (the folder renewed).
#[test]
fn the_working_folder_and_the_captures_start_empty_for_every_run() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let input = empty_input(dir.path());
    let sh = Path::new("/bin/sh");
    for isolation in [isolation_for(74), Isolation::NONE] {
        let mut dirs = CaseDirs::new(isolation.run_as).unwrap();
        let mut session = Sandbox::new(&launcher());
        let mut untouched = false;
        for round in 0..3 {
            dirs.renew(isolation.run_as, untouched).unwrap();
            let script =
                "ls -A; echo left > left.txt; yes 123456789 | head -c 100000; echo err >&2";
            let spec = spec(&dirs, sh, &["-c", script], &input, limits(), isolation, &[]);
            let out = session.run(&spec).unwrap();
            untouched = out.guarantees.private_workdir;
            let stderr =
                String::from_utf8_lossy(&std::fs::read(dirs.stderr()).unwrap()).into_owned();
            assert_eq!(
                out.status,
                ExitStatus::Exited(0),
                "round {round}: {stderr} {out:?}"
            );
            let stdout = std::fs::read(dirs.stdout()).unwrap();
            assert_eq!(stdout.len(), 100_000, "round {round}: the folder must be empty (ls printed nothing) and the capture hold this run's output only");
            assert_eq!(out.stdout_bytes, 100_000);
            assert_eq!(
                std::fs::read(dirs.stderr()).unwrap(),
                b"err\n",
                "round {round}"
            );
            // A short output after a long one: nothing of the long one may remain.
            dirs.renew(isolation.run_as, untouched).unwrap();
            let spec = spec_short(&dirs, sh, &input, isolation);
            let out = session.run(&spec).unwrap();
            untouched = out.guarantees.private_workdir;
            assert_eq!(
                std::fs::read(dirs.stdout()).unwrap(),
                b"short\n",
                "round {round}: {out:?}"
            );
            assert_eq!(std::fs::read(dirs.stderr()).unwrap(), b"", "round {round}");
            if round == 0 && isolation.run_as.is_some() {
                eprintln!(
                    "strongest isolation: private working folder {}",
                    out.guarantees.private_workdir
                );
            }
        }
    }
}

/// A run that prints `short` to stdout and nothing to stderr, in a folder it must find
/// empty (`ls -A` would print the last run's file first).
fn spec_short(
    dirs: &CaseDirs,
    sh: &Path,
    input: &Path,
    isolation: Isolation,
) -> gridjudge::sandbox::RunSpec {
    spec(
        dirs,
        sh,
        &["-c", "ls -A; echo short"],
        input,
        limits(),
        isolation,
        &[],
    )
}

#[test]
fn a_daemon_of_one_run_is_gone_for_the_next() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "abstract_socket");
    let input = empty_input(dir.path());
    let slot = 70;
    let mut dirs = CaseDirs::new(isolation_for(slot).run_as).unwrap();
    let mut session = Sandbox::new(&launcher());
    let (served, text) = run_in(
        &mut session,
        &mut dirs,
        &exe,
        &["serve"],
        &input,
        limits(),
        slot,
    );
    assert_eq!(served.status, ExitStatus::Exited(0), "{served:?}");
    assert_eq!(text, "served\n", "the daemon must work within its own run");
    let (probe, text) = run_in(
        &mut session,
        &mut dirs,
        &exe,
        &["probe"],
        &input,
        limits(),
        slot,
    );
    assert_eq!(probe.status, ExitStatus::Exited(0), "{probe:?}");
    assert_eq!(text, "refused\n", "a socket of the previous run answered");
    assert_eq!(
        served.guarantees.no_network, probe.guarantees.no_network,
        "both runs of a session have the same network guarantee"
    );
}

#[test]
fn memory_readings_and_oom_kills_belong_to_their_own_run() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let exe = compile_c(dir.path(), "touch_mem");
    let input = empty_input(dir.path());
    let slot = 71;
    let mut dirs = CaseDirs::new(isolation_for(slot).run_as).unwrap();
    let mut session = Sandbox::new(&launcher());
    let mut big = limits();
    big.memory_bytes = 256 * MIB;
    let mut small = limits(); // 64 MiB
    small.memory_mode = MemoryMode::PeakRss;
    for round in 0..3 {
        let (tiny, _) = run_in(&mut session, &mut dirs, &exe, &["0"], &input, small, slot);
        assert_eq!(
            tiny.status,
            ExitStatus::Exited(0),
            "round {round}: {tiny:?}"
        );
        assert!(
            tiny.peak_memory_bytes < 5_000_000,
            "round {round}: a tiny program read {} bytes",
            tiny.peak_memory_bytes
        );
        assert_eq!(tiny.killed_for, None, "round {round}");
        // The limit grows for this run and shrinks again for the next.
        let (hundred, _) = run_in(&mut session, &mut dirs, &exe, &["100"], &input, big, slot);
        assert_eq!(
            hundred.status,
            ExitStatus::Exited(0),
            "round {round}: {hundred:?}"
        );
        let got = hundred.peak_memory_bytes as f64 / (100.0 * MIB as f64);
        assert!(
            (0.9..=1.1).contains(&got),
            "round {round}: 100 MiB read as {got:.3}"
        );
        let (over, _) = run_in(&mut session, &mut dirs, &exe, &["150"], &input, small, slot);
        assert_eq!(
            over.killed_for,
            Some(LimitHit::Memory),
            "round {round}: {over:?}"
        );
    }
    let (after, _) = run_in(&mut session, &mut dirs, &exe, &["0"], &input, small, slot);
    assert_eq!(
        after.killed_for, None,
        "an OOM kill of an earlier run leaked: {after:?}"
    );
    assert!(after.peak_memory_bytes < 5_000_000, "{after:?}");
}

#[test]
fn stray_children_of_one_run_do_not_survive_into_the_next() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let strays = compile_c(dir.path(), "strays");
    let echo = compile_c(dir.path(), "echo_sum");
    let input = dir.path().join("nums.in");
    std::fs::write(&input, b"1 2 3\n").unwrap();
    let slot = 72;
    let mut dirs = CaseDirs::new(isolation_for(slot).run_as).unwrap();
    let mut session = Sandbox::new(&launcher());
    let marker = format!("gridjudge-session-stray-{}", std::process::id());
    for round in 0..3 {
        let (out, _) = run_in(
            &mut session,
            &mut dirs,
            &strays,
            &[&marker],
            &input,
            limits(),
            slot,
        );
        assert_eq!(out.status, ExitStatus::Exited(0), "round {round}: {out:?}");
        let left = survivors(&marker, out.pgid);
        assert!(left.is_empty(), "round {round}: survivors: {left:?}");
        let (sum, text) = run_in(&mut session, &mut dirs, &echo, &[], &input, limits(), slot);
        assert_eq!(sum.status, ExitStatus::Exited(0), "round {round}: {sum:?}");
        assert_eq!(text.trim(), "6", "round {round}");
    }
}

#[test]
fn a_launcher_killed_between_runs_is_replaced() {
    let _machine = support::machine::shared();
    let dir = bin_dir();
    let echo = compile_c(dir.path(), "echo_sum");
    let input = dir.path().join("nums.in");
    std::fs::write(&input, b"4 5\n").unwrap();
    let slot = 73;
    let mut dirs = CaseDirs::new(isolation_for(slot).run_as).unwrap();
    let mut session = Sandbox::new(&launcher());
    let (first, text) = run_in(&mut session, &mut dirs, &echo, &[], &input, limits(), slot);
    assert_eq!(first.status, ExitStatus::Exited(0));
    assert_eq!(text.trim(), "9");
    let pid = session.launcher_pid().expect("a live launcher after a run") as i32;
    // SAFETY: plain kill of our own child process.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGKILL) }, 0);
    // Let the kernel finish it, as an idle launcher killed from outside would be.
    std::thread::sleep(std::time::Duration::from_millis(100));
    let (second, text) = run_in(&mut session, &mut dirs, &echo, &[], &input, limits(), slot);
    assert_eq!(second.status, ExitStatus::Exited(0), "{second:?}");
    assert_eq!(text.trim(), "9");
    assert_ne!(
        session.launcher_pid(),
        Some(pid as u32),
        "the dead launcher was kept"
    );
    // The dead launcher's memory cgroup (if this machine gives one) is gone too.
    if let Some((_, dir)) = gridjudge::sandbox::cgroup::run_dir(pid as u32) {
        assert!(!dir.exists(), "left behind: {}", dir.display());
    }
}
