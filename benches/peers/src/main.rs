//! Instruction-count driver for the peer crates, the counterpart of
//! `benches/instructions/` (which is gridjudge-only): solves a puzzle file with the
//! `sudoku` crate 0.8.0 or the `dlx` crate 0.8.5 inside `measure`, the only function
//! callgrind is told to count. See `icount.sh` in this folder.
//!
//! Usage: `gridjudge-peers sudoku|dlx FILE` (9×9 puzzles, one 81-character line each).

mod dlx_adapter;

use std::hint::black_box;
use std::process::ExitCode;

use dlx_adapter::dlx_crate_solve;

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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [which, file] = args.as_slice() else {
        eprintln!("usage: gridjudge-peers sudoku|dlx FILE");
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
