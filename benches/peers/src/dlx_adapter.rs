//! The `dlx` crate 0.8.5 as a 9×9 Sudoku solver, shared by the criterion bench
//! (`benches/peers.rs`) and the instruction-count driver (`src/main.rs`): the puzzle's
//! reduced exact-cover problem (candidate options only, as in the crate's own
//! `examples/common/sudoku.rs`, without its HashMap), solved with
//! `mrv_chooser(prefer_any(), no_tiebreak())`, the solution decoded from `fmt_solution`.

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::x::make_problem;
use dlx::{OptOrder, Solver, Uint};

/// Solves one 9×9 puzzle (cells 0 = empty) with the `dlx` crate; returns the grid.
pub fn dlx_crate_solve(cells: &[u8; 81], out: &mut [u8; 81]) -> bool {
    // Used digits per row / column / box, to keep only candidate options.
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            let bit = 1 << v;
            rows[i / 9] |= bit;
            cols[i % 9] |= bit;
            boxes[(i / 27) * 3 + (i % 9) / 3] |= bit;
        }
    }
    // Item numbering: only the items still open, densely.
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
