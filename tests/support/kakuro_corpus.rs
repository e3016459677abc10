//! The project's Kakuro corpus (`benches/data/kakuro/`, provenance in its `SOURCES.md`):
//! the list of its files, which of its cases are classic, the loader, and [`beside`],
//! which puts two boards in one grid. Shared by
//! `tests/it/solvers/kakuro.rs`, `tests/it/solvers/kakuro_search_timing.rs` and `benches/kakuro.rs`.

use gridjudge::format::hdu3338::parse_input;
use gridjudge::model::{Cell, KakuroBoard};

/// The corpus folder.
pub const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/kakuro");

/// Every `.in` file of the corpus.
pub const FILES: [&str; 9] = [
    "hdu3338_sample",
    "gecode_nikoli",
    "minizinc_benchmarks",
    "marcizhu_kakuroapp",
    "marcelgarus_kakuro",
    "marcizhu_150crop_100x100",
    "gen_100x100",
    "handmade_edge",
    INFEASIBLE,
];

/// The file whose every case is infeasible (even for the Extension's max-flow).
pub const INFEASIBLE: &str = "handmade_infeasible";

/// The classic cases: `(file, case indices)`; `None` means every case.
pub const CLASSIC: [(&str, Option<&[usize]>); 6] = [
    ("gecode_nikoli", None),
    ("minizinc_benchmarks", None),
    ("marcelgarus_kakuro", None),
    ("marcizhu_kakuroapp", None),
    ("marcizhu_150crop_100x100", None),
    ("gen_100x100", Some(&[0])),
];

/// Every file of the corpus but the infeasible one, in [`FILES`] order.
pub fn feasible_files() -> impl Iterator<Item = &'static str> {
    FILES.into_iter().filter(|f| *f != INFEASIBLE)
}

/// Whether case `i` is among the classic cases `which` of a [`CLASSIC`] entry.
pub fn is_classic(which: Option<&[usize]>, i: usize) -> bool {
    which.is_none_or(|w| w.contains(&i))
}

/// Every classic case, in [`CLASSIC`] order: `(file, case index, board)`.
pub fn classic_cases() -> Vec<(&'static str, usize, KakuroBoard)> {
    let mut out = Vec::new();
    for (file, which) in CLASSIC {
        for (i, board) in load(file).into_iter().enumerate() {
            if is_classic(which, i) {
                out.push((file, i, board));
            }
        }
    }
    out
}

/// The boards of `benches/data/kakuro/NAME.in`.
pub fn load(name: &str) -> Vec<KakuroBoard> {
    load_file(&format!("{DIR}/{name}.in"))
}

/// The boards of the HDU 3338 file at `path`.
pub fn load_file(path: &str) -> Vec<KakuroBoard> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_input(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `a` left of `b` in one grid, their top rows level, black around both: a board of
/// parts that share no run.
pub fn beside(a: &KakuroBoard, b: &KakuroBoard) -> KakuroBoard {
    let (rows, cols) = (a.rows().max(b.rows()), a.cols() + b.cols());
    let black = Cell::Black {
        down: None,
        right: None,
    };
    let mut cells = vec![black; rows * cols];
    for r in 0..a.rows() {
        for c in 0..a.cols() {
            cells[r * cols + c] = a.cell(r, c);
        }
    }
    for r in 0..b.rows() {
        for c in 0..b.cols() {
            cells[r * cols + a.cols() + c] = b.cell(r, c);
        }
    }
    KakuroBoard::new(rows, cols, cells).expect("two boards side by side are a board")
}
