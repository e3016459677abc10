//! The structure-aware target `solve_sudoku`: the bytes, read through
//! [`arbitrary::Unstructured`], pick a Sudoku grid of box size 2, 3 or 4: random givens
//! (possibly clashing), or the givens of a random solved grid (known to be solvable),
//! possibly with a few cells changed.
//!
//! Both solvers (DLX and DFS) must return solutions that the independent validator
//! accepts (givens kept), agree on whether one exists and on the capped count, and find
//! one when one is known; solutions are AC through the checker.
//!
//! What the generator held back before (`fuzz/open-crashes/solve_sudoku/`): until
//! 2026-11-23, 16×16 grids with a row, column or box less than half full (they stalled
//! DLX for minutes); until conflict-weighted branching, solved 16×16 grids with more
//! than about a quarter of their cells emptied and the symmetric pattern solution above
//! 4×4 (both solvers' heavy tails, which conflict-weighted branching cuts).

use crate::check::check;
use crate::format;
use crate::model::Sudoku;
use crate::solve::{sudoku_dfs, sudoku_dlx};
use crate::verify;
use crate::{Answer, Problem, Puzzle, Verdict};
use arbitrary::Unstructured;

/// `solve_sudoku`: a random Sudoku grid (b = 2..=4) through both Sudoku solvers.
pub fn solve_sudoku(data: &[u8]) {
    let mut u = Unstructured::new(data);
    if let Ok((puzzle, known)) = random_sudoku(&mut u) {
        sudoku_invariants(&puzzle, known.as_ref());
    }
}

/// A random grid and, when the generator knows one, a solution of it.
///
/// Encoding: box size; mode; then for mode 0 pairs (cell, symbol) of givens until the
/// bytes run out; for modes 1 and 2 a variant (which solved grid, how many cells are
/// kept), a symbol permutation, row and column swaps inside bands and stacks of the
/// solved grid, keep-bits (one or two bytes per 8 cells), and (mode 2) a few (cell,
/// symbol) changes that may break solvability.
fn random_sudoku(u: &mut Unstructured<'_>) -> arbitrary::Result<(Sudoku, Option<Sudoku>)> {
    let b: usize = u.int_in_range(2..=4)?;
    let side = b * b;
    let n = side * side;
    let symbol = |u: &mut Unstructured<'_>| u.int_in_range(1..=side as u8);
    let mode: u8 = u.int_in_range(0..=2)?;
    if mode == 0 {
        let mut cells = vec![0u8; n];
        while !u.is_empty() {
            let i = u.choose_index(n)?;
            cells[i] = symbol(u)?;
        }
        return Ok((grid(b, cells), None));
    }
    // A solved grid, then shuffled by a symbol permutation and swaps of rows inside
    // bands and columns inside stacks: for b = 3 and 4 the spec sample's answer or the
    // pattern (b·(r mod b) + r div b + c) mod side + 1 (always the pattern for b = 2).
    // Then each cell is kept or emptied by keep-bits, keeping about 3/4, 1/2 or 1/4 of
    // the cells.
    //
    // Before conflict-weighted branching, 16×16 grids came only from the sample's answer
    // with about 3/4 of the cells kept, and 9×9 ones only from the sample with about half:
    // the pattern's symmetry and half-empty 16×16 grids stalled both solvers for seconds
    // (fuzz/open-crashes/solve_sudoku/). Since conflict-weighted branching neither does:
    // `cargo run --release --example sudoku_tail` builds its 16×16 grids from the same
    // pattern (`gen::sudoku::solved_grid` shuffles it) and measures at most 1,681 DFS
    // guesses and 17,536 DLX nodes over 14,000 of them, 50-85 % emptied. Variant 0 (b = 4)
    // and 1 (b < 4) are the old grids: the committed regressions of modes 1 and 2 carry
    // them and still decode as they did.
    let variant: u8 = u.int_in_range(0..=5)?;
    let base = if b >= 3 && variant < 3 {
        sample_solution(b)
    } else {
        pattern_solution(b)
    };
    let mut perm: Vec<u8> = (1..=side as u8).collect();
    for i in (1..side).rev() {
        perm.swap(i, u.choose_index(i + 1)?);
    }
    let mut rows: Vec<usize> = (0..side).collect();
    let mut cols: Vec<usize> = (0..side).collect();
    for _ in 0..side {
        let band = u.choose_index(b)? * b;
        let (x, y) = (u.choose_index(b)?, u.choose_index(b)?);
        rows.swap(band + x, band + y);
        let stack = u.choose_index(b)? * b;
        let (x, y) = (u.choose_index(b)?, u.choose_index(b)?);
        cols.swap(stack + x, stack + y);
    }
    let solved: Vec<u8> = (0..n)
        .map(|i| perm[usize::from(base[rows[i / side] * side + cols[i % side]]) - 1])
        .collect();
    let mut cells = solved.clone();
    // A cell is emptied when its keep-bit is 0: one byte per 8 cells (about half
    // kept), or two bytes or-ed (3/4) or and-ed (1/4).
    for chunk in 0..n.div_ceil(8) {
        let first: u8 = u.arbitrary()?;
        let keep = match variant % 3 {
            0 => first | u.arbitrary::<u8>()?,
            1 => first,
            _ => first & u.arbitrary::<u8>()?,
        };
        for bit in 0..8 {
            let i = chunk * 8 + bit;
            if i < n && keep & (1 << bit) == 0 {
                cells[i] = 0;
            }
        }
    }
    let solution = grid(b, solved);
    if mode == 1 {
        return Ok((grid(b, cells), Some(solution)));
    }
    for _ in 0..u.int_in_range(1..=3)? {
        let i = u.choose_index(n)?;
        cells[i] = symbol(u)?;
    }
    Ok((grid(b, cells), None))
}

/// The first grid of the spec sample's answer of poj3074 (`tests/data/samples/poj3074.ans`).
const SAMPLE_9: &[u8; 81] =
    b"527389416819426735436751829375692184194538267268174593643217958951843672782965341";

/// The spec sample's answer of poj3076 (`tests/data/samples/poj3076.ans`), row by row.
const SAMPLE_16: &[u8; 256] = b"FPAHMJECNLBDKOGIOJMIANBDPKCGFLHELNDKGFOIJEAHMBPCBGCELKHPOFIMAJDNMFHBELPOACKJGNIDCILNKDGAHBMOPEFJDOGPIHJMFNLECAKBJEKAFCNBGIDPLHOMEBOFPMIJDGHLNKCANCJDHBAEKMOFIGLPHMPLCGKFIAENBDJOAKIGNODLBPJCEFMHKDEMJIFNCHGAOPBLGLBCDPMHEONKJIAFPHNOBALKMJFIDCEGIAFJOECGLDPBHMNK";

/// The spec sample's answer for b = 3 and 4 (row-major values `1..=b²`).
fn sample_solution(b: usize) -> Vec<u8> {
    let (cells, first): (&[u8], u8) = if b == 3 {
        (SAMPLE_9, b'1')
    } else {
        (SAMPLE_16, b'A')
    };
    cells.iter().map(|&c| c - first + 1).collect()
}

/// The pattern solution (b·(r mod b) + r div b + c) mod b² + 1 of box size `b`.
fn pattern_solution(b: usize) -> Vec<u8> {
    let side = b * b;
    (0..side * side)
        .map(|i| {
            let (r, c) = (i / side, i % side);
            ((b * (r % b) + r / b + c) % side + 1) as u8
        })
        .collect()
}

/// A grid the generator built; its shape is right by construction.
fn grid(b: usize, cells: Vec<u8>) -> Sudoku {
    match Sudoku::from_cells(b, cells) {
        Ok(g) => g,
        Err(e) => panic!("fuzz generator built an invalid grid: {e}"),
    }
}

fn sudoku_invariants(puzzle: &Sudoku, known: Option<&Sudoku>) {
    let b = puzzle.box_size();
    if let Some(known) = known {
        if let Err(v) = verify::sudoku::check_solution(puzzle, known) {
            panic!("fuzz generator: the known solution is wrong: {v}");
        }
    }
    let dlx = sudoku_dlx::solve(puzzle);
    let dfs = sudoku_dfs::solve(puzzle);
    for (name, solution) in [("sudoku_dlx", &dlx), ("sudoku_dfs", &dfs)] {
        if let Some(s) = solution {
            if let Err(v) = verify::sudoku::check_solution(puzzle, s) {
                panic!("b={b}: {name} returned an invalid solution: {v}\n{puzzle:?}");
            }
        }
    }
    assert_eq!(
        dlx.is_some(),
        dfs.is_some(),
        "b={b}: sudoku_dlx finds a solution: {}, sudoku_dfs: {}\n{puzzle:?}",
        dlx.is_some(),
        dfs.is_some()
    );
    if known.is_some() {
        assert!(
            dlx.is_some(),
            "b={b}: no solution found for a solvable grid\n{puzzle:?}"
        );
    }
    if verify::sudoku::check_givens(puzzle).is_err() {
        assert!(
            dlx.is_none(),
            "b={b}: a grid with clashing givens was solved"
        );
    }
    let (c_dlx, c_dfs) = (sudoku_dlx::count(puzzle, 2), sudoku_dfs::count(puzzle, 2));
    assert_eq!(
        c_dlx, c_dfs,
        "b={b}: solution counts (capped at 2) differ\n{puzzle:?}"
    );
    assert_eq!(
        c_dlx > 0,
        dlx.is_some(),
        "b={b}: count {c_dlx} but solve says {}",
        dlx.is_some()
    );
    if c_dlx == 1 {
        assert_eq!(dlx, dfs, "b={b}: a unique solution, but the solvers differ");
    }
    // End to end through the judge formats: the solution is AC.
    let problem = match b {
        3 => Problem::Poj3074,
        4 => Problem::Poj3076,
        _ => return,
    };
    let Some(solution) = dlx else { return };
    let input = format::write_input(problem, &[Puzzle::Sudoku(puzzle.clone())]);
    let output = format::write_output(problem, &[Answer::Sudoku(solution)]);
    let outcome = check(problem, &input, &output, None);
    assert_eq!(
        outcome.verdict,
        Verdict::Accepted,
        "{problem}: {}",
        outcome.message
    );
}

#[cfg(test)]
mod tests {
    use super::{SAMPLE_16, SAMPLE_9};

    /// The cells of a sample answer file, blanks dropped.
    fn sample_cells(name: &str) -> Vec<u8> {
        let path = format!("{}/tests/data/samples/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        bytes
            .into_iter()
            .filter(|c| !c.is_ascii_whitespace())
            .collect()
    }

    /// The embedded grids are the spec samples' answers, as their comments say.
    #[test]
    fn the_embedded_grids_are_the_spec_samples_answers() {
        assert_eq!(&sample_cells("poj3074.ans")[..81], SAMPLE_9);
        assert_eq!(&sample_cells("poj3076.ans")[..256], SAMPLE_16);
    }
}
