//! gridjudge's Sudoku solvers side by side with peers, in one criterion run:
//! DFS vs the `sudoku` crate 0.8.0 (a JCZSolve port, AGPL-3.0 — which is why this is a
//! separate crate outside gridjudge's dependency tree) and vs tdoku (Tom Dillon's SIMD
//! DPLL solver, BSD-2-Clause, compiled by `build.rs` from the checkout in `TDOKU_DIR`;
//! without it the tdoku rows are skipped with a `tdoku: SKIPPED` line), and DLX vs the
//! `dlx` crate 0.8.5.
//!
//! Run: `cd benches/peers && TDOKU_DIR=/path/to/tdoku cargo bench` (or `-- first/` for
//! one group). Every Sudoku file in `benches/data/sudoku`, plus the file named by
//! `PEERS_EXTRA` if set (one 81-character puzzle per line; a POJ 3074 `end` line is
//! ignored). Throughput is reported in puzzles per second (criterion "elem/s").
//!
//! Every solver gets the same parsed puzzles and must produce a full solution grid
//! for each; the per-puzzle work each does is:
//! - gridjudge DFS / DLX: one reusable solver (`DfsSolver` / `DlxSolver`), `solve_into`.
//! - `sudoku` 0.8.0: `Sudoku::some_solution` (first solution, as its own benches do).
//! - tdoku: `TdokuSolverDpllTriadSimd(puzzle, limit 1, ...)` (first solution, 81 ASCII
//!   digits); `limit 2` for count2.
//! - `dlx` 0.8.5: build the puzzle's reduced exact-cover problem (candidate options
//!   only, as in the crate's own `examples/common/sudoku.rs`, without its HashMap),
//!   solve with `mrv_chooser(prefer_any(), no_tiebreak())`, decode `fmt_solution`.
//!   The crate has no way to fix rows in a prebuilt matrix, so building is per puzzle.
//!
//! count2 asserts each solver's count against the DFS's (made once before timing):
//! `serg_benchmark` puzzles all have 2 or more solutions, the other files exactly one.

#[path = "../src/dlx_adapter.rs"]
mod dlx_adapter;
#[cfg(tdoku)]
#[path = "../src/tdoku.rs"]
mod tdoku;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dlx_adapter::dlx_crate_solve;
use gridjudge::model::Sudoku;
use gridjudge::solve::sudoku_dfs::DfsSolver;
use gridjudge::solve::sudoku_dlx::DlxSolver;
#[cfg(tdoku)]
use tdoku::{tdoku_count, tdoku_puzzle, tdoku_solve, TdokuPuzzle};

const FILES: [&str; 4] = [
    "top95",
    "magictour_top1465",
    "forum_hardest_1106",
    "serg_benchmark",
];

/// One puzzle file, parsed once for every solver.
struct Set {
    name: String,
    ours: Vec<Sudoku>,
    peer: Vec<sudoku::Sudoku>,
    raw: Vec<[u8; 81]>,
    #[cfg(tdoku)]
    td: Vec<TdokuPuzzle>,
}

fn load_path(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| l.len() >= 81)
        .map(str::to_owned)
        .collect()
}

fn load(name: &str) -> Vec<String> {
    load_path(&format!(
        "{}/../data/sudoku/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
}

fn sets() -> Vec<Set> {
    let mut files: Vec<(String, Vec<String>)> =
        FILES.iter().map(|&n| (n.to_owned(), load(n))).collect();
    if let Some(extra) = std::env::var_os("PEERS_EXTRA") {
        let path = extra.to_string_lossy().into_owned();
        let name = std::path::Path::new(&path)
            .file_stem()
            .map_or_else(|| "extra".to_owned(), |s| s.to_string_lossy().into_owned());
        files.push((name, load_path(&path)));
    }
    files
        .into_iter()
        .map(|(name, lines)| {
            let ours: Vec<Sudoku> = lines.iter().map(|l| to_model(l)).collect();
            Set {
                name,
                peer: lines
                    .iter()
                    .map(|l| sudoku::Sudoku::from_str_line(&l[..81]).expect("valid line"))
                    .collect(),
                raw: ours
                    .iter()
                    .map(|s| s.cells().try_into().expect("81 cells"))
                    .collect(),
                #[cfg(tdoku)]
                td: lines.iter().map(|l| tdoku_puzzle(l)).collect(),
                ours,
            }
        })
        .collect()
}

fn to_model(line: &str) -> Sudoku {
    let cells = line
        .bytes()
        .take(81)
        .map(|c| if c == b'.' { 0 } else { c - b'0' })
        .collect();
    Sudoku::from_cells(3, cells).expect("benchmark data is well formed")
}

fn first_solution(c: &mut Criterion, sets: &[Set]) {
    for set in sets {
        let mut g = c.benchmark_group(format!("first/{}", set.name));
        g.throughput(Throughput::Elements(set.ours.len() as u64));
        g.sample_size(10);
        g.warm_up_time(Duration::from_secs(1));
        g.measurement_time(Duration::from_secs(4));

        let mut dfs = DfsSolver::new(3).expect("box size 3");
        let mut out = Sudoku::empty(3).expect("box size 3");
        g.bench_function(BenchmarkId::from_parameter("gridjudge_dfs"), |b| {
            b.iter(|| {
                for p in &set.ours {
                    assert!(dfs.solve_into(black_box(p), &mut out));
                }
                black_box(&out);
            })
        });
        g.bench_function(BenchmarkId::from_parameter("sudoku_0.8.0"), |b| {
            b.iter(|| {
                for &p in &set.peer {
                    let s = black_box(p).some_solution();
                    assert!(black_box(s).is_some());
                }
            })
        });
        #[cfg(tdoku)]
        {
            let mut grid = [0u8; 81];
            g.bench_function(BenchmarkId::from_parameter("tdoku"), |b| {
                b.iter(|| {
                    for p in &set.td {
                        assert!(tdoku_solve(black_box(p), &mut grid));
                    }
                    black_box(&grid);
                })
            });
        }
        let mut dlx = DlxSolver::new(3).expect("box size 3");
        g.bench_function(BenchmarkId::from_parameter("gridjudge_dlx"), |b| {
            b.iter(|| {
                for p in &set.ours {
                    assert!(dlx.solve_into(black_box(p), &mut out));
                }
                black_box(&out);
            })
        });
        let mut grid = [0u8; 81];
        g.bench_function(BenchmarkId::from_parameter("dlx_0.8.5"), |b| {
            b.iter(|| {
                for p in &set.raw {
                    assert!(dlx_crate_solve(black_box(p), &mut grid));
                }
                black_box(&grid);
            })
        });
        g.finish();
    }
}

/// Uniqueness check (count up to 2): DFS and DLX vs the `sudoku` crate and tdoku.
fn count_to_two(c: &mut Criterion, sets: &[Set]) {
    for set in sets {
        let mut dfs = DfsSolver::new(3).expect("box size 3");
        let want: Vec<usize> = set.ours.iter().map(|p| dfs.count(p, 2)).collect();
        let mut g = c.benchmark_group(format!("count2/{}", set.name));
        g.throughput(Throughput::Elements(set.ours.len() as u64));
        g.sample_size(10);
        g.warm_up_time(Duration::from_secs(1));
        g.measurement_time(Duration::from_secs(4));
        g.bench_function(BenchmarkId::from_parameter("gridjudge_dfs"), |b| {
            b.iter(|| {
                for (p, &w) in set.ours.iter().zip(&want) {
                    assert_eq!(dfs.count(black_box(p), 2), w);
                }
            })
        });
        g.bench_function(BenchmarkId::from_parameter("sudoku_0.8.0"), |b| {
            b.iter(|| {
                for (&p, &w) in set.peer.iter().zip(&want) {
                    assert_eq!(black_box(p).solutions_count_up_to(2), w);
                }
            })
        });
        #[cfg(tdoku)]
        g.bench_function(BenchmarkId::from_parameter("tdoku"), |b| {
            b.iter(|| {
                for (p, &w) in set.td.iter().zip(&want) {
                    assert_eq!(tdoku_count(black_box(p), 2), w);
                }
            })
        });
        let mut dlx = DlxSolver::new(3).expect("box size 3");
        g.bench_function(BenchmarkId::from_parameter("gridjudge_dlx"), |b| {
            b.iter(|| {
                for (p, &w) in set.ours.iter().zip(&want) {
                    assert_eq!(dlx.count(black_box(p), 2), w);
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
        #[cfg(tdoku)]
        {
            let td = tdoku_puzzle(line);
            assert!(tdoku_solve(&td, &mut grid));
            let digits: Vec<u8> = a.cells().iter().map(|&d| b'0' + d).collect();
            assert_eq!(&digits[..], &grid[..], "tdoku differs on {line}");
            assert_eq!(tdoku_count(&td, 2), 1);
        }
    }
    #[cfg(tdoku)]
    println!("tdoku: linked from TDOKU_DIR; sanity: same solutions as gridjudge on 50 puzzles");
    #[cfg(not(tdoku))]
    println!("tdoku: SKIPPED (set TDOKU_DIR to a tdoku checkout)");
}

fn all(c: &mut Criterion) {
    sanity();
    let sets = sets();
    first_solution(c, &sets);
    count_to_two(c, &sets);
}

criterion_group!(benches, all);
criterion_main!(benches);
