//! SIGINT, SIGTERM and SIGHUP during `gridjudge judge`, a compile and `gridjudge stress`:
//! the real binary on the bundled poj3074, interrupted while a program sleeps (or a
//! compiler blocks), must exit 128 + the signal (130, 143, 129) within seconds (the wall
//! limit is 30 s), print the report of the cases that finished, leave no `gridjudge-*`
//! folder in its `TMPDIR` (a fresh one per test; only the uid lock folder of a judge
//! that is not root may stay) and leave no process behind: neither its launchers
//! (their pids are read from `/proc` while the judge runs) nor the program (found by a
//! marker number on its command line).

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::judge::survivors;

/// The sleeping program's marker: `sleep MARKER`, unique to this test process and test.
fn marker(test: u32) -> String {
    (800_000_000 + (std::process::id() % 100_000) * 100 + test).to_string()
}

/// A world-readable folder outside the judge's `TMPDIR` holding `name` with `text`.
fn script(dir: &Path, name: &str, text: &str) -> PathBuf {
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Solves the sample (3 lines) with the reference solver (`$1`), sleeps on every other
/// case: `sleep MARKER` runs only once the sample has finished.
fn sample_then_sleep(marker: &str) -> String {
    format!(
        "#!/bin/sh\ncat > in.txt\nif [ \"$(wc -l < in.txt)\" -le 3 ]; then\n  \
         exec \"$1\" solve poj3074 < in.txt\nfi\nexec sleep {marker}\n"
    )
}

struct Run {
    child: Child,
    tmp: tempfile::TempDir,
    out: PathBuf,
    err: PathBuf,
}

/// Starts gridjudge with `args` and a fresh empty `TMPDIR`; output goes to files. (As
/// root the sandbox uid locks live in `/run/gridjudge`, whatever `TMPDIR` says, so these
/// runs lease uids no other gridjudge on the machine uses at the same time.)
fn start(args: &[&str], files: &Path) -> Run {
    let tmp = tempfile::tempdir().unwrap();
    let (out, err) = (files.join("stdout"), files.join("stderr"));
    let child = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .env("TMPDIR", tmp.path())
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    Run {
        child,
        tmp,
        out,
        err,
    }
}

/// Waits (up to 60 s) until `ready` holds, failing with the run's stderr otherwise.
fn wait_for(run: &mut Run, what: &str, ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        if let Ok(Some(status)) = run.child.try_wait() {
            panic!(
                "gridjudge ended ({status}) before {what}:\n{}",
                std::fs::read_to_string(&run.err).unwrap_or_default()
            );
        }
        assert!(start.elapsed() < Duration::from_secs(60), "never {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The launchers (`gridjudge __launch`) that `parent` has started and that still run.
fn launchers(parent: u32) -> Vec<i32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if ppid == Some(parent) && String::from_utf8_lossy(&cmdline).contains("__launch") {
            found.push(pid);
        }
    }
    found
}

/// The status, command line and parent of a process, for a failure message.
fn describe(pid: i32) -> String {
    let read = |p: String| std::fs::read_to_string(p).unwrap_or_default();
    let status = read(format!("/proc/{pid}/status"));
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or("")
            .trim()
            .to_string()
    };
    let ppid = field("PPid:");
    format!(
        "{pid}: {:?} state {} uid {} nspid {} cgroup {:?}; parent {ppid}: {:?}",
        read(format!("/proc/{pid}/cmdline")),
        field("State:"),
        field("Uid:"),
        field("NSpid:"),
        read(format!("/proc/{pid}/cgroup")),
        read(format!("/proc/{ppid}/cmdline")),
    )
}

/// Sends `signal`, then checks the exit code, the time it took, the leftovers in
/// `TMPDIR` (nothing but the uid lock folder and what `tolerated` accepts) and the
/// processes; returns stdout.
fn interrupt(
    mut run: Run,
    signal: i32,
    launchers: &[i32],
    marker: &str,
    tolerated: impl Fn(&str) -> bool,
) -> String {
    let sent = Instant::now();
    // SAFETY: kill with a valid signal number on our own child's pid.
    assert_eq!(unsafe { libc::kill(run.child.id() as i32, signal) }, 0);
    let status = loop {
        if let Some(status) = run.child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(20) {
            let _ = run.child.kill();
            panic!("gridjudge still running 20 s after signal {signal}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = sent.elapsed();
    let stdout = std::fs::read_to_string(&run.out).unwrap();
    let stderr = std::fs::read_to_string(&run.err).unwrap();
    assert_eq!(
        status.code(),
        Some(128 + signal),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(
        took < Duration::from_secs(5),
        "exit took {took:?} (the wall limit is 30 s)"
    );
    let name = gridjudge::sandbox::signal_name(signal);
    assert!(
        stderr.contains(&format!("interrupted by {name}; exit {}", 128 + signal)),
        "{stderr}"
    );
    let left: Vec<String> = std::fs::read_dir(run.tmp.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "gridjudge-uid-locks" && !tolerated(n))
        .collect();
    assert!(left.is_empty(), "left in TMPDIR: {left:?}");
    for &pid in launchers {
        assert!(
            !Path::new(&format!("/proc/{pid}")).exists(),
            "launcher {pid} survived"
        );
    }
    // The kernel may take a moment to tear down the program's PID namespace.
    let start = Instant::now();
    while !survivors(marker, -1).is_empty() && start.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left = survivors(marker, -1);
    let about: Vec<String> = left.iter().map(|&pid| describe(pid)).collect();
    assert!(left.is_empty(), "{marker} survived: {about:#?}");
    stdout
}

/// `judge` on a program that solves the sample and sleeps on the next case, signalled
/// while it sleeps: the sample's row is in the report, the other 8 cases did not run.
fn judge_then(signal: i32, test: u32, jobs: &str) {
    let files = tempfile::tempdir().unwrap();
    let marker = marker(test);
    let prog = script(files.path(), "prog.sh", &sample_then_sleep(&marker));
    let exe = env!("CARGO_BIN_EXE_gridjudge");
    let prog = prog.display().to_string();
    let args = [
        "judge",
        "poj3074",
        "--time-limit",
        "10",
        "-j",
        jobs,
        "--",
        "/bin/sh",
        &prog,
        exe,
    ];
    let mut run = start(&args, files.path());
    let pid = run.child.id();
    // Every worker sleeps: the sample has finished.
    let workers: usize = jobs.parse().unwrap();
    wait_for(&mut run, "the program slept", || {
        survivors(&format!("sleep {marker}"), -1).len() >= workers
    });
    // Reading another process's `/proc` files races with it (a launcher busy in the
    // kernel can be missed by one scan): look again until each worker's is seen.
    wait_for(&mut run, "a launcher per worker", || {
        launchers(pid).len() >= workers
    });
    let seen = launchers(pid);
    assert_eq!(seen.len(), workers, "one launcher per worker");
    let out = interrupt(run, signal, &seen, &marker, |_| false);
    let name = gridjudge::sandbox::signal_name(signal);
    assert!(out.contains("│ poj3074 ┆ sample/1 "), "{out}");
    assert!(out.contains("┆ AC "), "{out}");
    assert!(
        !out.contains("secret/"),
        "a case that never finished: {out}"
    );
    assert!(
        out.contains("1 problem(s), 1 case(s): 1 AC — overall JE; max CPU")
            && out.contains(&format!("; interrupted by {name}: 8 case(s) not run\n")),
        "{out}"
    );
}

#[test]
fn sigterm_during_judge_ends_everything_and_reports_what_finished() {
    let _machine = support::machine::shared();
    judge_then(libc::SIGTERM, 1, "1");
}

#[test]
fn sigint_during_judge_with_two_workers() {
    let _machine = support::machine::shared();
    judge_then(libc::SIGINT, 2, "2");
}

#[test]
fn sighup_during_judge() {
    let _machine = support::machine::shared();
    judge_then(libc::SIGHUP, 3, "1");
}

/// `judge --source` whose compiler is busy for seconds (a template explosion that only
/// the compile's memory limit would end).
#[test]
fn sigterm_during_a_compile() {
    let _machine = support::machine::shared();
    let files = tempfile::tempdir().unwrap();
    let source = script(
        files.path(),
        "bomb.cpp",
        "template <int N, unsigned long long M> struct B {\n\
         static const unsigned long long v = B<N - 1, 2 * M>::v + B<N - 1, 2 * M + 1>::v;\n};\n\
         template <unsigned long long M> struct B<0, M> { static const unsigned long long v = M; };\n\
         int main() { return (int)B<40, 1>::v; }\n",
    );
    let source = source.display().to_string();
    let mut run = start(&["judge", "poj3074", "--source", &source], files.path());
    let pid = run.child.id();
    // The compiler proper (cc1plus) under the driver, under the compile's launcher.
    wait_for(&mut run, "the compiler started", || {
        !launchers(pid).is_empty() && !named_below(pid, "cc1plus").is_empty()
    });
    std::thread::sleep(Duration::from_millis(300));
    let seen = launchers(pid);
    let mut compilers = named_below(pid, "cc1plus");
    compilers.extend(named_below(pid, "g++"));
    // Its temporary files go to its build folder (its TMPDIR): every folder must be gone.
    let out = interrupt(run, libc::SIGTERM, &seen, "no such marker", |_| false);
    let left: Vec<String> = compilers
        .iter()
        .filter(|&&p| Path::new(&format!("/proc/{p}")).exists())
        .map(|&p| describe(p))
        .collect();
    assert!(left.is_empty(), "a compiler survived: {left:#?}");
    assert!(
        out.contains("0 problem(s), 0 case(s): nothing judged — overall JE")
            && out.contains("interrupted by SIGTERM: 9 case(s) not run"),
        "{out}"
    );
}

/// The processes below `ancestor` (its descendants, as `/proc/PID/stat` links them)
/// whose command name is `name`.
fn named_below(ancestor: u32, name: &str) -> Vec<i32> {
    let mut parent = std::collections::HashMap::new();
    let mut comm = std::collections::HashMap::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|p| p.parse::<i32>().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let ppid = stat[close + 1..]
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse::<i32>().ok())
            .unwrap_or(0);
        parent.insert(pid, ppid);
        comm.insert(pid, stat[open + 1..close].to_string());
    }
    comm.iter()
        .filter(|(_, c)| c.as_str() == name)
        .map(|(&p, _)| p)
        .filter(|&p| {
            let mut at = p;
            for _ in 0..64 {
                match parent.get(&at) {
                    Some(&pp) if pp == ancestor as i32 => return true,
                    Some(&pp) if pp > 1 => at = pp,
                    _ => return false,
                }
            }
            false
        })
        .collect()
}

/// `stress` on a program that always sleeps.
#[test]
fn sigint_during_stress() {
    let _machine = support::machine::shared();
    let files = tempfile::tempdir().unwrap();
    let marker = marker(4);
    let prog = script(
        files.path(),
        "prog.sh",
        &format!("#!/bin/sh\nexec sleep {marker}\n"),
    );
    let out_dir = files.path().join("stress-out").display().to_string();
    let prog = prog.display().to_string();
    let mut run = start(
        &[
            "stress", "poj3074", "--out", &out_dir, "-j", "2", "--", "/bin/sh", &prog,
        ],
        files.path(),
    );
    let pid = run.child.id();
    wait_for(&mut run, "the program slept", || {
        survivors(&format!("sleep {marker}"), -1).len() >= 2
    });
    let seen = launchers(pid);
    assert_eq!(seen.len(), 2, "one launcher per worker");
    let out = interrupt(run, libc::SIGINT, &seen, &marker, |_| false);
    assert!(
        out.starts_with("interrupted by SIGINT; no failure in 0 iterations"),
        "{out}"
    );
}
