//! Instruction-count driver for the peer crates, the counterpart of
//! `benches/instructions/` (which is gridjudge-only): solves a puzzle file with the
//! `sudoku` crate 0.8.0 or the `dlx` crate 0.8.5 inside `measure`, the only function
//! callgrind is told to count. See `icount.sh` in this folder.
//!
//! Usage: `gridjudge-peers sudoku|dlx FILE` (9×9 puzzles, one 81-character line each).

use std::hint::black_box;
use std::process::ExitCode;

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::x::make_problem;
use dlx::{OptOrder, Solver, Uint};

/// Same adapter as the criterion bench (benches/peers.rs): reduced problem, MRV.
fn dlx_crate_solve(cells: &[u8; 81], out: &mut [u8; 81]) -> bool {
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            let bit = 1 << v;
            rows[i / 9] |= bit;
            cols[i % 9] |= bit;
            boxes[(i / 27) * 3 + (i % 9) / 3] |= bit;
        }
    }
    let mut item = [u32::MAX; 324];
    let mut n = 0u32;
    for (k, slot) in item.iter_mut().enumerate() {
        let (kind, a, d) = (k / 81, (k % 81) / 9, (k % 9) as u16 + 1);
        let open = match kind {
            0 => cells[k] == 0,
            1 => rows[a] & (1 << d) == 0,
            2 => cols[a] & (1 << d) == 0,
            _ => boxes[a] & (1 << d) == 0,
        };
        if open {
            *slot = n;
            n += 1;
        }
    }
    let mut os: Vec<Vec<Uint>> = Vec::new();
    let mut opt_cell = Vec::new();
    for i in 0..81 {
        if cells[i] != 0 {
            continue;
        }
        let (r, c, x) = (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3);
        for d in 0..9 {
            let bit = 1 << (d + 1);
            if (rows[r] | cols[c] | boxes[x]) & bit == 0 {
                os.push(vec![
                    item[i] as Uint,
                    item[81 + r * 9 + d] as Uint,
                    item[162 + c * 9 + d] as Uint,
                    item[243 + x * 9 + d] as Uint,
                ]);
                opt_cell.push((i, d as u8 + 1));
            }
        }
    }
    let mut problem = make_problem(n as Uint, 0, &os, OptOrder::Seq);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solver = Solver::new(&mut problem);
    if !solver.next_solution(&mut chooser) {
        return false;
    }
    *out = *cells;
    for &o in solver.fmt_solution() {
        let (i, d) = opt_cell[o as usize];
        out[i] = d;
    }
    true
}

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
