//! The judge tests' and judge benches' helpers: compile the C fixtures
//! (`tests/fixtures/judge/programs/`), build a `RunSpec` and run it, measure CPU, scan
//! `/proc` for survivors, and say when a check is skipped.

use gridjudge::sandbox::limits::{Isolation, Limits, UidLease, MIB};
use gridjudge::sandbox::{self, CaseDirs, RunOutcome, RunSpec};
use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// A check this machine cannot make, said where CI and people see it: a `SKIPPED` line
/// written straight to stderr (past the test harness's capture, so `cargo test` shows
/// it), and a failure under `CI=true`, where the machine is expected to have what the
/// check needs (root, Landlock, namespaces, a memory cgroup, setpriv, python3).
pub fn skip(test: &str, why: &str) {
    use std::io::Write;
    assert!(
        std::env::var_os("CI").is_none_or(|v| v != "true"),
        "{test}: CI=true but {why}"
    );
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
}

/// Copies the folder `from` and everything in it to `to` (created).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

/// The gridjudge binary, used as the launcher.
pub fn launcher() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_gridjudge"))
}

/// The fixtures folder.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/judge")
}

/// A directory readable by the sandbox user, holding compiled fixtures.
pub fn bin_dir() -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix("gridjudge-test-bin-")
        .tempdir()
        .unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// Compiles `tests/fixtures/judge/programs/NAME.c` into `dir` with the judge's own C
/// flags (`-std=gnu11`), warnings on: a fixture compiles without one.
pub fn compile_c(dir: &Path, name: &str) -> PathBuf {
    let src = fixtures().join("programs").join(format!("{name}.c"));
    let exe = dir.join(name);
    let out = Command::new("gcc")
        .args(["-O2", "-std=gnu11", "-Wall", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .unwrap();
    assert!(out.status.success(), "gcc failed on {}", src.display());
    assert!(
        out.stderr.is_empty(),
        "{} compiles with warnings: {}",
        src.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// An empty stdin file.
pub fn empty_input(dir: &Path) -> PathBuf {
    let p = dir.join("empty.in");
    std::fs::write(&p, b"").unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o644)).unwrap();
    p
}

/// Default test limits: 1 s CPU, 3 s wall, 64 MiB, 1 MiB output.
pub fn limits() -> Limits {
    let mut l = Limits::new(Duration::from_secs(1), 64 * MIB);
    l.output_bytes = MIB;
    l
}

/// The strongest isolation for test slot `slot` (each test that runs programs through the
/// library uses slots of its own, distinct across the test binary, so that tests can
/// run in parallel). As [`Isolation::strongest`], except that as root the slot's uid is
/// leased ([`UidLease`], from `SANDBOX_UID_BASE + slot` on) on first use and held until
/// the process ends: the gridjudge processes that other tests start lease their uids
/// the same way, so no two programs run as the same user at once (a fork bomb's
/// `RLIMIT_NPROC`, a kill of the user's processes, stay within one test). The same slot
/// gives the same uid every time.
pub fn isolation_for(slot: u32) -> Isolation {
    static LEASES: Mutex<BTreeMap<u32, UidLease>> = Mutex::new(BTreeMap::new());
    let strongest = Isolation::strongest(slot);
    if strongest.run_as.is_none() {
        return strongest;
    }
    let mut leases = LEASES.lock().unwrap_or_else(PoisonError::into_inner);
    let uid = leases
        .entry(slot)
        .or_insert_with(|| UidLease::acquire(slot))
        .uid();
    Isolation::strongest_for_uid(uid)
}

/// Runs `program args` on `stdin` under `limits`, with the strongest isolation for
/// test slot `slot` ([`isolation_for`]).
pub fn run(program: &Path, args: &[&str], stdin: &Path, limits: Limits, slot: u32) -> RunOutcome {
    run_hiding(program, args, stdin, limits, slot, &[])
}

/// As [`run`], with `hide` covered from the program.
pub fn run_hiding(
    program: &Path,
    args: &[&str],
    stdin: &Path,
    limits: Limits,
    slot: u32,
    hide: &[PathBuf],
) -> RunOutcome {
    run_with(program, args, stdin, limits, isolation_for(slot), hide).0
}

/// Runs `program args` with `isolation`; returns the outcome and the captured stdout.
pub fn run_with(
    program: &Path,
    args: &[&str],
    stdin: &Path,
    limits: Limits,
    isolation: Isolation,
    hide: &[PathBuf],
) -> (RunOutcome, Vec<u8>) {
    let dirs = CaseDirs::new(isolation.run_as).unwrap();
    let spec = spec(&dirs, program, args, stdin, limits, isolation, hide);
    let out = sandbox::Sandbox::new(&launcher()).run(&spec).unwrap();
    let stdout = std::fs::read(dirs.stdout()).unwrap();
    (out, stdout)
}

/// The spec of running `program args` on `stdin` in `dirs`, with the default
/// environment.
pub fn spec(
    dirs: &CaseDirs,
    program: &Path,
    args: &[&str],
    stdin: &Path,
    limits: Limits,
    isolation: Isolation,
    hide: &[PathBuf],
) -> RunSpec {
    let mut argv = vec![program.display().to_string()];
    argv.extend(args.iter().map(|a| a.to_string()));
    RunSpec {
        program: program.to_path_buf(),
        argv,
        env: sandbox::default_env(dirs.workdir()),
        workdir: dirs.workdir().to_path_buf(),
        stdin: stdin.to_path_buf(),
        stdout: dirs.stdout(),
        stderr: dirs.stderr(),
        limits,
        isolation,
        hide: hide.to_vec(),
        read_only: vec![],
        keep_workdir: false,
        binds: vec![],
        wait_share: None,
    }
}

/// Pids of live processes whose command line contains `marker` or whose process group is `pgid`.
pub fn survivors(marker: &str, pgid: i32) -> Vec<i32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // Field 5 (pgrp) is the third field after the parenthesised command.
        let group = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(2))
            .and_then(|g| g.parse::<i32>().ok());
        if cmdline.contains(marker) || group == Some(pgid) {
            found.push(pid);
        }
    }
    found
}

/// CPU seconds used so far by this process and its reaped children (launchers and
/// programs): a load-independent view of the judge's overhead, unlike wall time.
pub fn cpu_used() -> f64 {
    let get = |who| {
        // SAFETY: a zeroed rusage is a valid out-parameter for getrusage.
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: valid pointer; RUSAGE_SELF / RUSAGE_CHILDREN are valid selectors.
        unsafe { libc::getrusage(who, &mut ru) };
        let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
        tv(ru.ru_utime) + tv(ru.ru_stime)
    };
    get(libc::RUSAGE_SELF) + get(libc::RUSAGE_CHILDREN)
}

/// Compiles the example submission `judge-cases/PROBLEM/submissions/FOLDER/NAME.c`
/// into `dir` (the hostile probes the judge's own tests also run directly).
pub fn compile_submission(dir: &Path, problem: &str, folder: &str, name: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("judge-cases")
        .join(problem)
        .join("submissions")
        .join(folder)
        .join(format!("{name}.c"));
    let exe = dir.join(name);
    let st = Command::new("gcc")
        .args(["-O2", "-std=gnu11", "-o"])
        .arg(&exe)
        .arg(&src)
        .status()
        .unwrap();
    assert!(st.success(), "gcc failed on {}", src.display());
    exe
}
