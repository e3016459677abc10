//! Generator and stress throughput, one core:
//!
//! - `sudoku_1000_unique_30`: 1,000 unique 9×9 puzzles with 30 givens
//!   (`gen sudoku --clues 30 --count 1000`); target under 5 s.
//! - `sudoku_1000_unique_minimal`: 1,000 minimal 9×9 puzzles (`--minimal`);
//!   target under 20 ms each on average.
//! - `sudoku_16x16_minimal`: one minimal 16×16 puzzle (for scale).
//! - `kakuro_100x100_extension`: one 100×100 extension board with its fill
//!   (`gen kakuro --rows 100 --cols 100`); target under 50 ms.
//! - `kakuro_12x12_classic_unique`: one classic 12×12 board made unique.
//! - `stress_iteration`: one stress iteration as `gridjudge stress poj3074` runs it —
//!   three 32-given puzzles generated, written, run through the judge's sandbox
//!   (launcher session, fresh working folder, limits, confinement) with the bundled
//!   accepted `dlx.cpp`, and checked; target at least 200 per second.
//!
//! `cargo bench --bench gen -- --warm-up-time 1 --measurement-time 3`

use criterion::{criterion_group, criterion_main, Criterion};
use gridjudge::gen::spec::GenSpec;
use gridjudge::judge::case_loop::JudgeSettings;
use gridjudge::judge::compile;
use gridjudge::judge::problem::JudgeProblem;
use gridjudge::stress::case_set::CaseSet;
use gridjudge::stress::runner::Runner;
use gridjudge::Verdict;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn spec(line: &str) -> GenSpec {
    GenSpec::parse_line(line).expect("bench spec")
}

fn generators(c: &mut Criterion) {
    let mut g = c.benchmark_group("gen");
    g.sample_size(10);
    let mut seed = 0u64;
    for (name, line) in [
        ("sudoku_1000_unique_30", "sudoku --clues 30 --count 1000"),
        (
            "sudoku_1000_unique_minimal",
            "sudoku --minimal --count 1000",
        ),
        ("sudoku_16x16_minimal", "sudoku --box 4 --minimal --count 1"),
        ("kakuro_100x100_extension", "kakuro --rows 100 --cols 100"),
        (
            "kakuro_12x12_classic_unique",
            "kakuro --rows 12 --cols 12 --variant classic --unique",
        ),
    ] {
        let s = spec(line);
        g.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                s.with_seed(seed).generate().expect("generates")
            })
        });
    }
    g.finish();
}

fn stress_iteration(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let launcher = PathBuf::from(env!("CARGO_BIN_EXE_gridjudge"));
    let settings = JudgeSettings::new(launcher.clone());
    let problem = JudgeProblem::load(&root.join("judge-cases/poj3074")).expect("poj3074");
    let program = compile::compile(
        &root.join("judge-cases/poj3074/submissions/accepted/dlx.cpp"),
        &launcher,
    )
    .expect("dlx.cpp compiles");
    let mut runner = Runner::new(&problem, &settings, 0).expect("runner");
    let s = spec("sudoku --clues 32 --count 3");
    let mut seed = 0u64;
    let mut g = c.benchmark_group("stress");
    g.sample_size(20);
    g.bench_function("stress_iteration", |b| {
        b.iter(|| {
            seed += 1;
            let set = CaseSet::from_generated(&s.with_seed(seed).generate().expect("gen"));
            let t = runner.run(&program, &set).expect("not interrupted");
            assert_eq!(t.verdict, Verdict::Accepted, "{}", t.message);
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1));
    targets = generators, stress_iteration
}
criterion_main!(benches);
