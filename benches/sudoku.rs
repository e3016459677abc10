//! Criterion benches of gridjudge's two Sudoku solvers (DFS and DLX) on the committed
//! puzzle files (benches/data/sudoku/, provenance in SOURCES.md) and on 16×16 / 25×25
//! grids. Throughput is in puzzles per second ("elem/s").
//!
//! Run: `cargo bench --bench sudoku` (all), or e.g. `cargo bench --bench sudoku -- dfs/`.
//! The comparison with peer crates (the `sudoku` crate, AGPL, and the `dlx` crate)
//! lives in the separate crate benches/peers/ so that no AGPL code enters gridjudge's
//! dependency tree.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gridjudge::model::Sudoku;
use gridjudge::solve::sudoku_dfs::DfsSolver;
use gridjudge::solve::sudoku_dlx::DlxSolver;

fn load(name: &str) -> Vec<Sudoku> {
    let path = format!(
        "{}/benches/data/sudoku/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(|l| {
            let cells = l
                .bytes()
                .map(|c| if c == b'.' { 0 } else { c - b'0' })
                .collect();
            Sudoku::from_cells(3, cells).expect("benchmark data is well formed")
        })
        .collect()
}

/// The poj3076 sample (16×16) from the problem statement (`tests/data/samples/`).
fn poj3076_sample() -> Sudoku {
    let rows = support::samples::lines("poj3076.in").concat();
    let cells = rows
        .bytes()
        .map(|c| if c == b'-' { 0 } else { c - b'A' + 1 })
        .collect();
    Sudoku::from_cells(4, cells).expect("256 cells")
}

fn first_solution(c: &mut Criterion) {
    for name in [
        "top95",
        "magictour_top1465",
        "forum_hardest_1106",
        "serg_benchmark",
    ] {
        let puzzles = load(name);
        let mut g = c.benchmark_group(format!("first/{name}"));
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.sample_size(10);
        g.warm_up_time(Duration::from_secs(1));
        g.measurement_time(Duration::from_secs(3));
        let mut out = Sudoku::empty(3).expect("box size 3");
        let mut dfs = DfsSolver::new(3).expect("box size 3");
        g.bench_function(BenchmarkId::from_parameter("dfs"), |b| {
            b.iter(|| {
                for p in &puzzles {
                    assert!(dfs.solve_into(black_box(p), &mut out));
                }
            })
        });
        let mut dlx = DlxSolver::new(3).expect("box size 3");
        g.bench_function(BenchmarkId::from_parameter("dlx"), |b| {
            b.iter(|| {
                for p in &puzzles {
                    assert!(dlx.solve_into(black_box(p), &mut out));
                }
            })
        });
        g.finish();
    }
}

fn count_to_two(c: &mut Criterion) {
    let puzzles = load("magictour_top1465");
    let mut g = c.benchmark_group("count2/magictour_top1465");
    g.throughput(Throughput::Elements(puzzles.len() as u64));
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
    let mut dfs = DfsSolver::new(3).expect("box size 3");
    g.bench_function(BenchmarkId::from_parameter("dfs"), |b| {
        b.iter(|| {
            for p in &puzzles {
                assert_eq!(dfs.count(black_box(p), 2), 1);
            }
        })
    });
    let mut dlx = DlxSolver::new(3).expect("box size 3");
    g.bench_function(BenchmarkId::from_parameter("dlx"), |b| {
        b.iter(|| {
            for p in &puzzles {
                assert_eq!(dlx.count(black_box(p), 2), 1);
            }
        })
    });
    g.finish();
}

fn big_grids(c: &mut Criterion) {
    let mut g = c.benchmark_group("big");
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
    let cases = [
        ("poj3076_sample_16x16", poj3076_sample()),
        ("empty_25x25", Sudoku::empty(5).expect("box size 5")),
    ];
    for (name, p) in &cases {
        let b = p.box_size();
        let mut out = p.clone();
        let mut dfs = DfsSolver::new(b).expect("valid box size");
        g.bench_function(BenchmarkId::new("dfs", name), |bch| {
            bch.iter(|| assert!(dfs.solve_into(black_box(p), &mut out)))
        });
        let mut dlx = DlxSolver::new(b).expect("valid box size");
        g.bench_function(BenchmarkId::new("dlx", name), |bch| {
            bch.iter(|| assert!(dlx.solve_into(black_box(p), &mut out)))
        });
    }
    g.finish();
}

criterion_group!(benches, first_solution, count_to_two, big_grids);
criterion_main!(benches);
