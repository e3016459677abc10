//! Per-case judge overhead: a bare `Command` spawn of a program versus the same program
//! judged as `gridjudge judge` judges a case (a fresh working folder, the worker's
//! launcher, limits, uid drop, PID and mount namespaces, the shared network namespace
//! and the memory cgroup when root, Landlock, sampling, cleanup), and judged with no
//! isolation (launcher and limits only). Judged CPU counts this process and the
//! worker's launcher with everything it ran ([`Sandbox::cpu`]); starting the
//! launcher is a once-per-worker cost, paid in a warm-up run.
//!
//! `cargo bench --bench judge_overhead` — compare `bare` and `judged` in each group;
//! the overhead ratio is judged / bare. Programs: `trivial` (reads a few numbers and
//! prints their sum) and `work-25M-iterations` (about 25 ms of CPU).
//!
//! Then the realistic view (`bundled` in the output): each problem's accepted example
//! submission in C or C++ on every bundled judge case, bare and judged (sandbox run
//! plus the checker), CPU per case, printed as a table with the ratio per case and the
//! total. `cargo bench --bench judge_overhead -- bundled` prints only that table.

#[path = "../tests/support/mod.rs"]
mod support;

use criterion::{criterion_group, criterion_main, Criterion};
use gridjudge::check;
use gridjudge::sandbox::limits::{Isolation, Limits, MIB};
use gridjudge::sandbox::{self, CaseDirs, Sandbox};
use gridjudge::Problem;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use support::judge::{compile_c, cpu_used, launcher, spec};

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

/// What a judge worker keeps from case to case: one launcher and its case folders.
struct Worker {
    session: Sandbox,
    dirs: CaseDirs,
    /// Whether the last run had a private tmpfs over the working folder (kept then).
    untouched: bool,
    isolation: Isolation,
}

impl Worker {
    fn new(isolation: Isolation) -> Worker {
        Worker {
            session: Sandbox::new(&launcher()),
            dirs: CaseDirs::new(isolation.run_as).unwrap(),
            untouched: false,
            isolation,
        }
    }
}

fn judged(worker: &mut Worker, exe: &Path, args: &[&str], input: &Path, hide: &[PathBuf]) {
    judged_output(worker, exe, args, input, hide);
}

/// Runs `exe` judged, as the judge runs a case (a fresh working folder, the worker's
/// launcher), and returns its standard output.
fn judged_output(
    worker: &mut Worker,
    exe: &Path,
    args: &[&str],
    input: &Path,
    hide: &[PathBuf],
) -> Vec<u8> {
    let dirs = &mut worker.dirs;
    dirs.renew(worker.isolation.run_as, worker.untouched)
        .unwrap();
    let limits = Limits::new(Duration::from_secs(2), 256 * MIB);
    let spec = spec(dirs, exe, args, input, limits, worker.isolation, hide);
    let outcome = worker.session.run(&spec).unwrap();
    worker.untouched = outcome.guarantees.private_workdir;
    assert_eq!(outcome.status, sandbox::ExitStatus::Exited(0));
    std::fs::read(dirs.stdout()).unwrap()
}

/// The mean CPU cost per case of `f` judging `n` runs on `worker`, in milliseconds: this
/// process, and the worker's launcher with everything it ran (the launcher lives on
/// between cases, so its CPU comes from its own replies, not from `RUSAGE_CHILDREN`).
fn judged_cpu_per_case(n: u32, worker: &mut Worker, mut f: impl FnMut(&mut Worker)) -> f64 {
    let before = cpu_used() + worker.session.cpu().as_secs_f64();
    for _ in 0..n {
        f(worker);
    }
    (cpu_used() + worker.session.cpu().as_secs_f64() - before) * 1000.0 / f64::from(n)
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
        ("trivial", compile_c(dir.path(), "echo_sum"), vec![]),
        (
            "work-25M-iterations",
            compile_c(dir.path(), "work"),
            vec!["25"],
        ),
    ];
    let mut strong = Worker::new(Isolation::strongest(0));
    let mut plain = Worker::new(Isolation::NONE);
    // Start both launchers (their start is a per-session cost, not a per-case one).
    judged(&mut strong, &programs[0].1, &[], &input, &hide);
    judged(&mut plain, &programs[0].1, &[], &input, &[]);
    for (name, exe, args) in &programs {
        let n = 40;
        let bare_ms = cpu_per_case(n, || bare(exe, args, &input, &out));
        let judged_ms =
            judged_cpu_per_case(n, &mut strong, |w| judged(w, exe, args, &input, &hide));
        let plain_ms = judged_cpu_per_case(n, &mut plain, |w| judged(w, exe, args, &input, &[]));
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
            b.iter(|| judged(&mut strong, exe, args, &input, &hide))
        });
        group.bench_function("judged-no-isolation", |b| {
            b.iter(|| judged(&mut plain, exe, args, &input, &[]))
        });
        group.finish();
    }
}

/// The accepted example submission benched for each problem, and its compiler.
const SUBMISSIONS: [(Problem, &str, &str); 5] = [
    (Problem::Poj3074, "dlx.cpp", "g++"),
    (Problem::Poj2676, "dfs_bitmask.c", "gcc"),
    (Problem::Hdu3338, "dinic.cpp", "g++"),
    (Problem::Poj3076, "dlx.c", "gcc"),
    (Problem::Kakuro, "search.cpp", "g++"),
];

// PERF: see docs/benchmarks.md for the measured table.
fn bundled(c: &mut Criterion) {
    let mut group = c.benchmark_group("bundled");
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    if filter
        .as_deref()
        .is_some_and(|f| !"bundled".contains(f) && !f.contains("bundled"))
    {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("judge-cases");
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let (mut bare_total, mut judged_total) = (0.0, 0.0);
    let mut worst: (f64, String) = (0.0, String::new());
    eprintln!("bundled judge cases, CPU per case (ms), mean of 3 runs after one warm-up:");
    eprintln!(
        "{:<8} {:<36} {:>9} {:>9} {:>6}",
        "problem", "case", "bare", "judged", "ratio"
    );
    for (problem, source, compiler) in SUBMISSIONS {
        let folder = root.join(problem.id());
        let src = folder.join("submissions/accepted").join(source);
        let exe = dir.path().join(format!("{}-{source}", problem.id()));
        let std_flag = if compiler == "gcc" {
            "-std=c11"
        } else {
            "-std=c++17"
        };
        let ok = Command::new(compiler)
            .args(["-O2", std_flag, "-o"])
            .arg(&exe)
            .arg(&src)
            .arg("-lm")
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "{compiler} failed on {}", src.display());
        let hide = vec![folder.clone()];
        let out = dir.path().join("bare.out");
        // One worker per problem, as `gridjudge judge` has (started by the warm-up run).
        let mut worker = Worker::new(Isolation::strongest(0));
        let mut cases: Vec<PathBuf> = ["sample", "secret"]
            .iter()
            .flat_map(|sub| std::fs::read_dir(folder.join("data").join(sub)).unwrap())
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        cases.sort();
        for input in &cases {
            let answer = std::fs::read(input.with_extension("ans")).unwrap();
            let input_bytes = std::fs::read(input).unwrap();
            bare(&exe, &[], input, &out);
            judged(&mut worker, &exe, &[], input, &hide);
            let bare_ms = cpu_per_case(3, || bare(&exe, &[], input, &out));
            let judged_ms = judged_cpu_per_case(3, &mut worker, |w| {
                let output = judged_output(w, &exe, &[], input, &hide);
                let outcome = check::check(problem, &input_bytes, &output, Some(&answer));
                assert_eq!(
                    outcome.verdict,
                    gridjudge::Verdict::Accepted,
                    "{}",
                    input.display()
                );
            });
            let name = format!(
                "{}/{}",
                input
                    .parent()
                    .and_then(Path::file_name)
                    .unwrap()
                    .to_string_lossy(),
                input.file_stem().unwrap().to_string_lossy()
            );
            let ratio = judged_ms / bare_ms;
            eprintln!(
                "{:<8} {:<36} {:>9.2} {:>9.2} {:>6.2}",
                problem.id(),
                name,
                bare_ms,
                judged_ms,
                ratio
            );
            if ratio > worst.0 {
                worst = (ratio, format!("{} {name}", problem.id()));
            }
            bare_total += bare_ms;
            judged_total += judged_ms;
        }
        // One case per problem under criterion for regression tracking: the first
        // secret case (wall time, so noisier than the CPU table above).
        if let Some(input) = cases
            .iter()
            .find(|p| p.to_string_lossy().contains("/secret/"))
        {
            group.sample_size(10);
            group.bench_function(format!("{}/bare", problem.id()), |b| {
                b.iter(|| bare(&exe, &[], input, &out))
            });
            group.bench_function(format!("{}/judged", problem.id()), |b| {
                b.iter(|| judged(&mut worker, &exe, &[], input, &hide))
            });
        }
    }
    eprintln!(
        "bundled total: bare {bare_total:.1} ms, judged {judged_total:.1} ms, ratio {:.3}; \
         worst case {} ({:.2})",
        judged_total / bare_total,
        worst.1,
        worst.0
    );
    group.finish();
}

criterion_group!(benches, overhead, bundled);
criterion_main!(benches);
