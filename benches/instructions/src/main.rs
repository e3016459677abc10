//! Instruction-count driver: solves a fixed puzzle set with one gridjudge Sudoku
//! solver inside `measure`, the only function callgrind counts (see `check.sh`).
//!
//! Usage: `gridjudge-instructions dfs|dlx FILE...` where each FILE holds one puzzle
//! per line: 81 characters (`1`-`9`, `.`) for 9×9, or 256 (`A`-`P`, `-`) for 16×16.
//! Exits 1 if a puzzle has no solution or an argument is bad.

use std::hint::black_box;
use std::process::ExitCode;

use gridjudge::model::Sudoku;
use gridjudge::solve::sudoku_dfs::DfsSolver;
use gridjudge::solve::sudoku_dlx::DlxSolver;

fn parse(line: &str) -> Option<Sudoku> {
    let (b, cells): (usize, Option<Vec<u8>>) = match line.len() {
        81 => (
            3,
            line.bytes()
                .map(|c| match c {
                    b'.' => Some(0),
                    b'1'..=b'9' => Some(c - b'0'),
                    _ => None,
                })
                .collect(),
        ),
        256 => (
            4,
            line.bytes()
                .map(|c| match c {
                    b'-' => Some(0),
                    b'A'..=b'P' => Some(c - b'A' + 1),
                    _ => None,
                })
                .collect(),
        ),
        _ => return None,
    };
    Sudoku::from_cells(b, cells?).ok()
}

/// The measured region: solve every puzzle with fresh-per-size reusable solvers.
#[inline(never)]
fn measure(solver: &str, puzzles: &[Sudoku]) -> usize {
    let mut solved = 0;
    let mut out = Sudoku::empty(3).expect("box size 3");
    if solver == "dfs" {
        let mut s = DfsSolver::new(3).expect("box size 3");
        for p in puzzles {
            solved += usize::from(s.solve_into(black_box(p), &mut out));
        }
    } else {
        let mut s = DlxSolver::new(3).expect("box size 3");
        for p in puzzles {
            solved += usize::from(s.solve_into(black_box(p), &mut out));
        }
    }
    black_box(&out);
    solved
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((solver, files)) = args.split_first() else {
        eprintln!("usage: gridjudge-instructions dfs|dlx FILE...");
        return ExitCode::FAILURE;
    };
    if solver != "dfs" && solver != "dlx" {
        eprintln!("unknown solver {solver:?} (expected dfs or dlx)");
        return ExitCode::FAILURE;
    }
    let mut puzzles = Vec::new();
    for f in files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{f}: {e}");
                return ExitCode::FAILURE;
            }
        };
        for (i, line) in text.lines().enumerate() {
            match parse(line) {
                Some(p) => puzzles.push(p),
                None => {
                    eprintln!("{f}:{}: not a puzzle line", i + 1);
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    let solved = measure(solver, &puzzles);
    println!("{solver}: solved {solved}/{}", puzzles.len());
    if solved == puzzles.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
