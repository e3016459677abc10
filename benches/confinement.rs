//! Per-case cost of the confinement (PID namespace + init + fresh `/proc`, Landlock
//! ruleset) over the same run without it: `trivial` (reads a few numbers, prints their
//! sum) judged three ways — `unconfined` (`Isolation::NONE`: launcher and limits only,
//! what `--run-as-self` gives), `isolated` (uid drop, network and mount namespaces when
//! root; no confinement) and `confined` (everything: what `gridjudge judge` does).
//!
//! `cargo bench --bench confinement` — the overhead of confinement is `confined` −
//! `isolated` (what this issue added) and `confined` − `unconfined` (the whole sandbox).
//! A CPU-time line per variant is printed first (this process, plus each worker's
//! launcher and everything it ran, from the launcher's replies), then criterion's wall
//! times. Each variant has its own worker (launcher kept from case to case, as
//! `gridjudge judge` does), started before measuring.
//!
//! PERF (2026-11-22, 2 shared cores under load from other jobs, root, Linux 6.18, echo_sum):
//! with one launcher per worker, CPU per case (mean of 100): unconfined 0.93 ms, isolated
//! 1.07 ms, confined 1.32 ms → confinement +0.25 ms over isolated, +0.39 ms over
//! unconfined. (With one launcher per case, earlier the same day: 3.10, 3.74 and
//! 4.07 ms.) Criterion's wall medians were 2–5 ms of noise apart under that load.

#[path = "../tests/support/mod.rs"]
mod support;

use criterion::{criterion_group, criterion_main, Criterion};
use gridjudge::sandbox::limits::{Isolation, Limits, MIB};
use gridjudge::sandbox::{self, CaseDirs, Sandbox};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use support::judge::{compile_c, cpu_used, launcher, spec};

/// One judge worker: its launcher (kept from case to case, as `gridjudge judge` does)
/// and its case folders.
struct Worker {
    session: Sandbox,
    dirs: CaseDirs,
    /// Whether the last run had a private tmpfs over the working folder (kept then).
    untouched: bool,
}

fn judged(worker: &mut Worker, exe: &Path, input: &Path, isolation: Isolation, hide: &[PathBuf]) {
    let dirs = &mut worker.dirs;
    dirs.renew(isolation.run_as, worker.untouched).unwrap();
    let limits = Limits::new(Duration::from_secs(2), 256 * MIB);
    let spec = spec(dirs, exe, &[], input, limits, isolation, hide);
    let outcome = worker.session.run(&spec).unwrap();
    worker.untouched = outcome.guarantees.private_workdir;
    assert_eq!(outcome.status, sandbox::ExitStatus::Exited(0));
}

fn confinement(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let input = dir.path().join("nums.in");
    std::fs::write(&input, b"1 2 3 4 5\n").unwrap();
    let answers = tempfile::tempdir().unwrap();
    let hide = vec![answers.path().to_path_buf()];
    let exe = compile_c(dir.path(), "echo_sum");
    let confined = Isolation::strongest(0);
    let isolated = Isolation {
        confine: false,
        ..confined
    };
    let variants: [(&str, Isolation, &[PathBuf]); 3] = [
        ("unconfined", Isolation::NONE, &[]),
        ("isolated", isolated, &hide),
        ("confined", confined, &hide),
    ];
    let n = 100;
    let mut workers: Vec<Worker> = variants
        .iter()
        .map(|(_, isolation, hide)| {
            let mut w = Worker {
                session: Sandbox::new(&launcher()),
                dirs: CaseDirs::new(isolation.run_as).unwrap(),
                untouched: false,
            };
            // Starts the launcher: a once-per-worker cost.
            judged(&mut w, &exe, &input, *isolation, hide);
            w
        })
        .collect();
    for ((name, isolation, hide), w) in variants.iter().zip(&mut workers) {
        let (cpu0, t0) = (cpu_used() + w.session.cpu().as_secs_f64(), Instant::now());
        for _ in 0..n {
            judged(w, &exe, &input, *isolation, hide);
        }
        eprintln!(
            "{name}: per case {:.2} ms wall, {:.2} ms CPU (mean of {n})",
            t0.elapsed().as_secs_f64() * 1000.0 / f64::from(n),
            (cpu_used() + w.session.cpu().as_secs_f64() - cpu0) * 1000.0 / f64::from(n)
        );
    }
    let mut group = c.benchmark_group("trivial");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(3));
    for ((name, isolation, hide), w) in variants.iter().zip(&mut workers) {
        group.bench_function(*name, |b| {
            b.iter(|| judged(w, &exe, &input, *isolation, hide))
        });
    }
    group.finish();
}

criterion_group!(benches, confinement);
criterion_main!(benches);
