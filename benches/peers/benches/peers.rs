//! gridjudge's Sudoku solvers side by side with peer crates, in one criterion run:
//! DFS vs the `sudoku` crate 0.8.0 (a JCZSolve port, AGPL-3.0 — which is why this is a
//! separate crate outside gridjudge's dependency tree) and DLX vs the `dlx` crate 0.8.5.
//!
//! Run: `cd benches/peers && cargo bench` (or `-- first/` for one group).
//! Throughput is reported in puzzles per second (criterion "elem/s").
//!
//! Every solver gets the same parsed puzzles and must produce a full solution grid
//! for each; the per-puzzle work each does is:
//! - gridjudge DFS / DLX: one reusable solver (`DfsSolver` / `DlxSolver`), `solve_into`.
//! - `sudoku` 0.8.0: `Sudoku::some_solution` (first solution, as its own benches do).
//! - `dlx` 0.8.5: build the puzzle's reduced exact-cover problem (candidate options
//!   only, as in the crate's own `examples/common/sudoku.rs`, without its HashMap),
//!   solve with `mrv_chooser(prefer_any(), no_tiebreak())`, decode `fmt_solution`.
//!   The crate has no way to fix rows in a prebuilt matrix, so building is per puzzle.

#[path = "../src/dlx_adapter.rs"]
mod dlx_adapter;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dlx_adapter::dlx_crate_solve;
use gridjudge::model::Sudoku;
use gridjudge::solve::sudoku_dfs::DfsSolver;
use gridjudge::solve::sudoku_dlx::DlxSolver;

const FILES: [&str; 2] = ["magictour_top1465", "forum_hardest_1106"];

fn load(name: &str) -> Vec<String> {
    let path = format!("{}/../data/sudoku/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(str::to_owned)
        .collect()
}

fn to_model(line: &str) -> Sudoku {
    let cells = line
        .bytes()
        .map(|c| if c == b'.' { 0 } else { c - b'0' })
        .collect();
    Sudoku::from_cells(3, cells).expect("benchmark data is well formed")
}

fn first_solution(c: &mut Criterion) {
    for name in FILES {
        let lines = load(name);
        let ours: Vec<Sudoku> = lines.iter().map(|l| to_model(l)).collect();
        let peer: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).expect("valid line"))
            .collect();
        let raw: Vec<[u8; 81]> = ours
            .iter()
            .map(|s| s.cells().try_into().expect("81 cells"))
            .collect();

        let mut g = c.benchmark_group(format!("first/{name}"));
        g.throughput(Throughput::Elements(lines.len() as u64));
        g.sample_size(10);
        g.warm_up_time(Duration::from_secs(1));
        g.measurement_time(Duration::from_secs(4));

        let mut dfs = DfsSolver::new(3).expect("box size 3");
        let mut out = Sudoku::empty(3).expect("box size 3");
        g.bench_function(BenchmarkId::from_parameter("gridjudge_dfs"), |b| {
            b.iter(|| {
                for p in &ours {
                    assert!(dfs.solve_into(black_box(p), &mut out));
                }
                black_box(&out);
            })
        });
        g.bench_function(BenchmarkId::from_parameter("sudoku_0.8.0"), |b| {
            b.iter(|| {
                for &p in &peer {
                    let s = black_box(p).some_solution();
                    assert!(black_box(s).is_some());
                }
            })
        });
        let mut dlx = DlxSolver::new(3).expect("box size 3");
        g.bench_function(BenchmarkId::from_parameter("gridjudge_dlx"), |b| {
            b.iter(|| {
                for p in &ours {
                    assert!(dlx.solve_into(black_box(p), &mut out));
                }
                black_box(&out);
            })
        });
        let mut grid = [0u8; 81];
        g.bench_function(BenchmarkId::from_parameter("dlx_0.8.5"), |b| {
            b.iter(|| {
                for p in &raw {
                    assert!(dlx_crate_solve(black_box(p), &mut grid));
                }
                black_box(&grid);
            })
        });
        g.finish();
    }
}

/// Uniqueness check (count up to 2): DFS vs the `sudoku` crate.
fn count_to_two(c: &mut Criterion) {
    for name in FILES {
        let lines = load(name);
        let ours: Vec<Sudoku> = lines.iter().map(|l| to_model(l)).collect();
        let peer: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).expect("valid line"))
            .collect();
        let mut g = c.benchmark_group(format!("count2/{name}"));
        g.throughput(Throughput::Elements(lines.len() as u64));
        g.sample_size(10);
        g.warm_up_time(Duration::from_secs(1));
        g.measurement_time(Duration::from_secs(4));
        let mut dfs = DfsSolver::new(3).expect("box size 3");
        g.bench_function(BenchmarkId::from_parameter("gridjudge_dfs"), |b| {
            b.iter(|| {
                for p in &ours {
                    assert_eq!(dfs.count(black_box(p), 2), 1);
                }
            })
        });
        g.bench_function(BenchmarkId::from_parameter("sudoku_0.8.0"), |b| {
            b.iter(|| {
                for &p in &peer {
                    assert_eq!(black_box(p).solutions_count_up_to(2), 1);
                }
            })
        });
        g.finish();
    }
}

/// The adapters are correct: every solver's answer is the same unique solution.
fn sanity() {
    let lines = load("magictour_top1465");
    let mut dfs = DfsSolver::new(3).expect("box size 3");
    let mut dlx = DlxSolver::new(3).expect("box size 3");
    let (mut a, mut b) = (Sudoku::empty(3).expect("3"), Sudoku::empty(3).expect("3"));
    for line in lines.iter().take(50) {
        let p = to_model(line);
        assert!(dfs.solve_into(&p, &mut a) && dlx.solve_into(&p, &mut b));
        assert_eq!(a, b);
        let peer = sudoku::Sudoku::from_str_line(line)
            .expect("valid")
            .some_solution()
            .expect("solvable")
            .to_bytes();
        assert_eq!(a.cells(), &peer[..]);
        let mut grid = [0u8; 81];
        let raw: [u8; 81] = p.cells().try_into().expect("81");
        assert!(dlx_crate_solve(&raw, &mut grid));
        assert_eq!(a.cells(), &grid[..]);
    }
}

fn all(c: &mut Criterion) {
    sanity();
    first_solution(c);
    count_to_two(c);
}

criterion_group!(benches, all);
criterion_main!(benches);
