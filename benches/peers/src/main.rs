//! Instruction-count driver for the peer crates, the counterpart of
//! `benches/instructions/` (which is gridjudge-only): solves a puzzle file with the
//! `sudoku` crate 0.8.0 or the `dlx` crate 0.8.5 inside `measure`, the only function
//! callgrind is told to count. See `icount.sh` in this folder.
//!
//! Usage: `gridjudge-peers sudoku|dlx FILE` (9×9 puzzles, one 81-character line each).
//!
//! Two more modes serve `whole_process.sh` (POJ 3074 input: 81-character lines, an
//! optional `end` line):
//! - `gridjudge-peers count2 dfs|dlx FILE`: gridjudge's solver counts each puzzle's
//!   solutions up to 2 and prints the count, one line per puzzle (the `gridjudge` CLI has
//!   no counting mode, so this is gridjudge's whole-process count ≤ 2 contender).
//! - `gridjudge-peers check PUZZLES OUTPUT`: every line of OUTPUT is a full valid grid
//!   that keeps its puzzle's givens (for files whose puzzles have several solutions,
//!   where solvers may print different first solutions).

mod dlx_adapter;

use std::hint::black_box;
use std::process::ExitCode;

use dlx_adapter::dlx_crate_solve;
use gridjudge::model::Sudoku;
use gridjudge::solve::sudoku_dfs::DfsSolver;
use gridjudge::solve::sudoku_dlx::DlxSolver;

#[inline(never)]
fn measure(which: &str, lines: &[String], raw: &[[u8; 81]]) -> usize {
    let mut solved = 0;
    if which == "sudoku" {
        for l in lines {
            let s = sudoku::Sudoku::from_str_line(black_box(l)).ok();
            solved += usize::from(s.and_then(|s| s.some_solution()).is_some());
        }
    } else {
        let mut grid = [0u8; 81];
        for p in raw {
            solved += usize::from(dlx_crate_solve(black_box(p), &mut grid));
        }
    }
    solved
}

/// The puzzle lines of `file` (81 characters or more; `end` and blank lines dropped).
fn puzzle_lines(file: &str) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(file).ok()?;
    Some(
        text.lines()
            .filter(|l| l.len() >= 81)
            .map(|l| l[..81].to_owned())
            .collect(),
    )
}

fn to_model(line: &str) -> Sudoku {
    let cells = line
        .bytes()
        .map(|c| if c == b'.' { 0 } else { c - b'0' })
        .collect();
    Sudoku::from_cells(3, cells).expect("well-formed 81-character puzzle")
}

/// Counts each puzzle's solutions up to 2 and prints them, one per line.
fn count2(which: &str, lines: &[String]) -> ExitCode {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut dfs = DfsSolver::new(3).expect("box size 3");
    let mut dlx = DlxSolver::new(3).expect("box size 3");
    for l in lines {
        let p = to_model(l);
        let n = if which == "dfs" {
            dfs.count(&p, 2)
        } else {
            dlx.count(&p, 2)
        };
        writeln!(out, "{n}").expect("stdout");
    }
    ExitCode::SUCCESS
}

/// Every output line is a valid full grid that keeps its puzzle's givens.
fn check(puzzles: &[String], outputs: &[String]) -> ExitCode {
    if puzzles.len() != outputs.len() {
        eprintln!("{} puzzles but {} solutions", puzzles.len(), outputs.len());
        return ExitCode::FAILURE;
    }
    let bad = puzzles
        .iter()
        .zip(outputs)
        .filter(|(p, o)| !valid_completion(p.as_bytes(), o.as_bytes()))
        .count();
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!("{bad} of {} solutions are not valid", puzzles.len());
        ExitCode::FAILURE
    }
}

fn valid_completion(puzzle: &[u8], grid: &[u8]) -> bool {
    let keeps = puzzle
        .iter()
        .zip(grid)
        .all(|(&p, &g)| (b'1'..=b'9').contains(&g) && (p == b'.' || p == g));
    let unit_ok = |cells: &mut dyn Iterator<Item = usize>| {
        cells.fold(0u16, |m, i| m | 1 << (grid[i] - b'0')) == 0x3fe
    };
    keeps
        && (0..9).all(|u| {
            unit_ok(&mut (0..9).map(|k| u * 9 + k))
                && unit_ok(&mut (0..9).map(|k| k * 9 + u))
                && unit_ok(&mut (0..9).map(|k| (u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3))
        })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [mode, which, file] if mode == "count2" && (which == "dfs" || which == "dlx") => {
            let Some(lines) = puzzle_lines(file) else {
                eprintln!("cannot read {file}");
                return ExitCode::FAILURE;
            };
            return count2(which, &lines);
        }
        [mode, puzzles, output] if mode == "check" => {
            let (Some(p), Some(o)) = (puzzle_lines(puzzles), puzzle_lines(output)) else {
                eprintln!("cannot read {puzzles} or {output}");
                return ExitCode::FAILURE;
            };
            return check(&p, &o);
        }
        _ => {}
    }
    let [which, file] = args.as_slice() else {
        eprintln!(
            "usage: gridjudge-peers sudoku|dlx FILE | count2 dfs|dlx FILE | check PUZZLES OUTPUT"
        );
        return ExitCode::FAILURE;
    };
    let Ok(text) = std::fs::read_to_string(file) else {
        eprintln!("cannot read {file}");
        return ExitCode::FAILURE;
    };
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let raw: Vec<[u8; 81]> = lines
        .iter()
        .map(|l| {
            let mut a = [0u8; 81];
            for (slot, c) in a.iter_mut().zip(l.bytes()) {
                *slot = if c == b'.' { 0 } else { c - b'0' };
            }
            a
        })
        .collect();
    let solved = measure(which, &lines, &raw);
    println!("{which}: solved {solved}/{}", lines.len());
    if solved == lines.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
