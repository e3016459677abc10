//! Instruction-count driver: solves a fixed puzzle set with one gridjudge solver inside
//! `measure` (or `measure_flow`), the only functions callgrind counts (see `check.sh`).
//!
//! Usage: `gridjudge-instructions dfs|dlx FILE...` where each FILE holds one puzzle
//! per line: 81 characters (`1`-`9`, `.`) for 9×9, or 256 (`A`-`P`, `-`) for 16×16;
//! `gridjudge-instructions flow FILE...` where each FILE is an HDU 3338 judge input,
//! every board solved by the max-flow solver (input parsing is not counted).
//! Exits 1 if a puzzle has no solution or an argument is bad.

use std::hint::black_box;
use std::process::ExitCode;

use gridjudge::model::{KakuroBoard, Sudoku};
use gridjudge::solve::kakuro_flow;
use gridjudge::solve::maxflow::MaxFlow;
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

/// The measured region for `flow`: every board through one reused flow graph.
#[inline(never)]
fn measure_flow(boards: &[KakuroBoard]) -> usize {
    let mut graph = MaxFlow::default();
    let mut solved = 0;
    for b in boards {
        solved += usize::from(kakuro_flow::solve_with(black_box(b), &mut graph).is_ok());
    }
    solved
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((solver, files)) = args.split_first() else {
        eprintln!("usage: gridjudge-instructions dfs|dlx FILE...");
        return ExitCode::FAILURE;
    };
    if solver == "flow" {
        let mut boards = Vec::new();
        for f in files {
            let parsed = std::fs::read(f).map_err(|e| e.to_string()).and_then(|b| {
                gridjudge::format::hdu3338::parse_input(&b).map_err(|e| e.to_string())
            });
            match parsed {
                Ok(b) => boards.extend(b),
                Err(e) => {
                    eprintln!("{f}: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        let solved = measure_flow(&boards);
        println!("flow: solved {solved}/{}", boards.len());
        return if solved == boards.len() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    if solver != "dfs" && solver != "dlx" {
        eprintln!("unknown solver {solver:?} (expected dfs, dlx or flow)");
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
