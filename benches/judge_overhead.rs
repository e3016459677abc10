//! Per-case judge overhead: a bare `Command` spawn of a program versus the same program
//! judged through the sandbox (fresh case folders, launcher re-exec, limits, uid drop,
//! network and mount namespaces when root, sampling, cleanup), and judged with no
//! isolation (launcher and limits only).
//!
//! `cargo bench --bench judge_overhead` — compare `bare` and `judged` in each group;
//! the overhead ratio is judged / bare. Programs: `trivial` (reads a few numbers and
//! prints their sum) and `work-25M-iterations` (about 25 ms of CPU).

use criterion::{criterion_group, criterion_main, Criterion};
use gridjudge::judge::limits::{Isolation, Limits, MIB};
use gridjudge::judge::sandbox::{self, CaseDirs, RunSpec};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

fn compile(dir: &Path, name: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/judge/programs")
        .join(format!("{name}.c"));
    let exe = dir.join(name);
    let ok = Command::new("gcc")
        .args(["-O2", "-std=c11", "-o"])
        .arg(&exe)
        .arg(&src)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    assert!(ok, "gcc failed on {}", src.display());
    exe
}

fn bare(exe: &Path, args: &[&str], input: &Path, out: &Path) {
    let status = Command::new(exe)
        .args(args)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(std::fs::File::create(out).unwrap())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
}

fn judged(exe: &Path, args: &[&str], input: &Path, isolation: Isolation, hide: &[PathBuf]) {
    let dirs = CaseDirs::new(isolation.run_as).unwrap();
    let mut argv = vec![exe.display().to_string()];
    argv.extend(args.iter().map(|a| a.to_string()));
    let spec = RunSpec {
        program: exe.to_path_buf(),
        argv,
        env: sandbox::default_env(dirs.workdir()),
        workdir: dirs.workdir().to_path_buf(),
        stdin: input.to_path_buf(),
        stdout: dirs.stdout(),
        stderr: dirs.stderr(),
        limits: Limits::new(Duration::from_secs(2), 256 * MIB),
        isolation,
        hide: hide.to_vec(),
    };
    let launcher = Path::new(env!("CARGO_BIN_EXE_gridjudge"));
    let outcome = sandbox::run(launcher, &spec).unwrap();
    assert_eq!(outcome.status, sandbox::ExitStatus::Exited(0));
}

/// CPU seconds used so far by this process and its reaped children (launchers and
/// programs): a load-independent view of the overhead, unlike wall time.
fn cpu_used() -> f64 {
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

/// Prints the mean CPU cost per case of `f` over `n` runs, in milliseconds.
fn cpu_per_case(n: u32, mut f: impl FnMut()) -> f64 {
    let before = cpu_used();
    for _ in 0..n {
        f();
    }
    (cpu_used() - before) * 1000.0 / f64::from(n)
}

fn overhead(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let input = dir.path().join("nums.in");
    std::fs::write(&input, b"1 2 3 4 5\n").unwrap();
    let out = dir.path().join("bare.out");
    // Stands for the problem folder the judge hides from every run.
    let answers = tempfile::tempdir().unwrap();
    let hide = vec![answers.path().to_path_buf()];
    let programs = [
        ("trivial", compile(dir.path(), "echo_sum"), vec![]),
        (
            "work-25M-iterations",
            compile(dir.path(), "work"),
            vec!["25"],
        ),
    ];
    for (name, exe, args) in &programs {
        let n = 40;
        let bare_ms = cpu_per_case(n, || bare(exe, args, &input, &out));
        let judged_ms = cpu_per_case(n, || {
            judged(exe, args, &input, Isolation::strongest(0), &hide)
        });
        let plain_ms = cpu_per_case(n, || judged(exe, args, &input, Isolation::NONE, &[]));
        eprintln!(
            "{name}: CPU per case: bare {bare_ms:.2} ms, judged {judged_ms:.2} ms \
             (ratio {:.2}), judged without isolation {plain_ms:.2} ms (ratio {:.2})",
            judged_ms / bare_ms,
            plain_ms / bare_ms
        );
        let mut group = c.benchmark_group(*name);
        group.sample_size(20);
        group.measurement_time(Duration::from_secs(3));
        group.bench_function("bare", |b| b.iter(|| bare(exe, args, &input, &out)));
        group.bench_function("judged", |b| {
            b.iter(|| judged(exe, args, &input, Isolation::strongest(0), &hide))
        });
        group.bench_function("judged-no-isolation", |b| {
            b.iter(|| judged(exe, args, &input, Isolation::NONE, &[]))
        });
        group.finish();
    }
}

criterion_group!(benches, overhead);
criterion_main!(benches);
