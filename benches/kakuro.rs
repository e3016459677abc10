//! Criterion benches of the Kakuro reference solvers on the project corpus
//! (`benches/data/kakuro/`, provenance in its `SOURCES.md`): one benchmark per case,
//! `flow/<file>/<case>` for the Extension max-flow solver on every feasible case and
//! `search/<file>/<case>` for the classic search on every classic case.
//!
//! Run: `cargo bench --bench kakuro` (about 2 minutes; filter with e.g.
//! `cargo bench --bench kakuro -- search/gecode`). Smoke test: `cargo test --benches`.
//!
//! Targets: every case under 5 ms by flow, every classic case under
//! 100 ms by search. Measured figures are in the `PERF:` notes below.

#[path = "../tests/support/mod.rs"]
mod support;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gridjudge::solve::{kakuro_flow, kakuro_search};
use std::hint::black_box;
use std::time::Duration;
use support::kakuro_corpus::{classic_cases, feasible_files, load};

// PERF: `cargo bench --bench kakuro -- flow`, 2026-11-22, 2 shared cores under load
// average 7-16 (other builds running), so figures are pessimistic. Slowest case per
// file (criterion median): hdu3338_sample 0.002 ms, gecode_nikoli 0.034 ms,
// minizinc_benchmarks 0.004 ms, marcizhu_kakuroapp 0.87 ms (case 17),
// marcelgarus_kakuro 1.05 ms (case 9), marcizhu_150crop_100x100 1.59 ms (case 0),
// gen_100x100 4.5-5.2 ms (case 0; case 1 2.3 ms, cases 2-6 under 0.5 ms),
// handmade_edge 0.001 ms. gen_100x100 case 0 alone, best of 30 in one process: 1.8-2.0 ms
// (68% of it in Dinic after the seeding in kakuro_flow.rs).
fn flow(c: &mut Criterion) {
    let mut group = c.benchmark_group("flow");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for file in feasible_files() {
        for (i, board) in load(file).iter().enumerate() {
            group.bench_with_input(BenchmarkId::new(file, i), board, |b, board| {
                b.iter(|| kakuro_flow::solve(black_box(board)))
            });
        }
    }
    group.finish();
}

// PERF: `cargo bench --bench kakuro -- search`, same machine and load as above.
// Slowest case per file (criterion median): gecode_nikoli 0.15 ms (case 9),
// minizinc_benchmarks 0.023 ms, marcizhu_kakuroapp 1.3 ms (case 17; case 14 is the
// most variable, up to 8 ms in single runs), marcelgarus_kakuro 0.21 ms (case 8),
// marcizhu_150crop_100x100 3.1 ms (case 1). Not benched then because the search did
// not finish on them: marcelgarus_kakuro case 9 and gen_100x100 case 0.
// After the conflict-analysis and run-filter changes (2026-11-23, quiet machine):
// gen_100x100 case 0 65.8 ms (median; interval 65.4-66.3 ms), marcelgarus_kakuro
// case 9 4.1 ms, marcizhu_150crop_100x100 case 1 2.0 ms, marcizhu_kakuroapp case 17
// 0.92 ms, gecode_nikoli at most 0.065 ms (case 8).
// With the root's counting check added, a busier machine (every case 12-25 %
// slower): gen_100x100 case 0 74.2 ms (72.7-75.7), marcelgarus_kakuro case 9 4.5 ms,
// marcizhu_150crop_100x100 case 1 2.5 ms, marcizhu_kakuroapp case 17 1.1 ms.
// Before those changes (2026-11-23, quiet machine), every case benched: gen_100x100
// case 0 101.6 ms (median; interval 100.5-117.3 ms), marcelgarus_kakuro case 9 5.9 ms,
// marcizhu_150crop_100x100 case 1 2.4 ms, marcizhu_kakuroapp case 17 1.5 ms,
// gecode_nikoli at most 0.09 ms.
// After conflict-directed backjumping (2026-11-22, `--save-baseline base` on the
// commit before, then `--baseline base`, 2 loaded cores): gecode_nikoli 0.083 ms
// (case 7; was 0.053, but callgrind counts its instructions 18 % lower: noise),
// minizinc_benchmarks 0.013 ms, marcizhu_kakuroapp 1.01 ms (case 17, was 1.02),
// marcelgarus_kakuro 116 ms (case 9, was 150 ms; a lucky seed, see the module doc of
// kakuro_search), marcizhu_150crop_100x100 2.0 ms (was 1.7-1.9).
fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(600));
    for (file, i, board) in classic_cases() {
        group.bench_with_input(BenchmarkId::new(file, i), &board, |b, board| {
            b.iter(|| kakuro_search::solve(black_box(board)))
        });
    }
    group.finish();
}

criterion_group!(benches, flow, search);
criterion_main!(benches);
