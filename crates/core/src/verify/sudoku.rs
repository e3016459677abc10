//! Sudoku validator: every row, column and box holds each symbol at most once (exactly
//! once in a solution), and a solution keeps every given of its puzzle.

use super::Violation;
use crate::model::Sudoku;

/// How a symbol is named in messages: digits up to 9×9, letters `A`.. above.
pub fn symbol_name(value: u8, side: usize) -> String {
    if side <= 9 {
        value.to_string()
    } else {
        char::from(b'A' + value.saturating_sub(1)).to_string()
    }
}

/// Which cells make up unit `index` of a kind, in order.
fn unit_cells(kind: Unit, index: usize, b: usize) -> impl Iterator<Item = (usize, usize)> {
    let side = b * b;
    (0..side).map(move |k| match kind {
        Unit::Row => (index, k),
        Unit::Column => (k, index),
        Unit::Box => ((index / b) * b + k / b, (index % b) * b + k % b),
    })
}

#[derive(Clone, Copy, PartialEq)]
enum Unit {
    Row,
    Column,
    Box,
}

/// Whether any unit of `grid` holds a symbol twice (empty cells ignored): one pass over
/// the cells with a bit set per row, column and box. PERF: the unit-by-unit walk of
/// [`first_repeat`], which also names the repeat, cost about 9,000 instructions per
/// 9×9 grid, 13 % of `gridjudge solve poj3074 --solver dfs` on magictour_top1465; this
/// pass costs about a tenth of that, and the walk runs only when it finds a repeat.
fn has_repeat(grid: &Sudoku) -> bool {
    let (b, side) = (grid.box_size(), grid.side());
    let mut rows = [0u32; 25];
    let mut cols = [0u32; 25];
    let mut boxes = [0u32; 25];
    let mut stack_of = [0usize; 25];
    for (c, s) in stack_of.iter_mut().enumerate().take(side) {
        *s = c / b;
    }
    for (r, row) in grid.cells().chunks_exact(side).enumerate() {
        let band = (r / b) * b;
        for (c, &v) in row.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = 1u32 << (v & 31);
            let x = band + stack_of[c];
            if (rows[r] | cols[c] | boxes[x]) & bit != 0 {
                return true;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[x] |= bit;
        }
    }
    false
}

/// First repeated symbol in any unit of `grid` (empty cells ignored).
fn first_repeat(grid: &Sudoku) -> Result<(), Violation> {
    if !has_repeat(grid) {
        return Ok(());
    }
    let (b, side) = (grid.box_size(), grid.side());
    for kind in [Unit::Row, Unit::Column, Unit::Box] {
        for index in 0..side {
            let mut seen: [Option<(usize, usize)>; 26] = [None; 26];
            for (r, c) in unit_cells(kind, index, b) {
                let v = grid.get(r, c);
                if v == 0 {
                    continue;
                }
                let slot = &mut seen[usize::from(v)];
                if let Some((r0, c0)) = *slot {
                    let name = symbol_name(v, side);
                    let message = match kind {
                        Unit::Row => format!(
                            "row {} has two {name}s, at columns {} and {}",
                            r + 1,
                            c0 + 1,
                            c + 1
                        ),
                        Unit::Column => format!(
                            "column {} has two {name}s, at rows {} and {}",
                            c + 1,
                            r0 + 1,
                            r + 1
                        ),
                        Unit::Box => format!(
                            "box {} has two {name}s, at ({},{}) and ({},{})",
                            index + 1,
                            r0 + 1,
                            c0 + 1,
                            r + 1,
                            c + 1
                        ),
                    };
                    return Err(Violation {
                        cell: (r, c),
                        message,
                    });
                }
                *slot = Some((r, c));
            }
        }
    }
    Ok(())
}

/// Checks that a puzzle's givens do not already clash.
pub fn check_givens(puzzle: &Sudoku) -> Result<(), Violation> {
    first_repeat(puzzle)
}

/// Checks that `answer` is a complete, valid grid of the same size that keeps every
/// given of `puzzle`.
pub fn check_solution(puzzle: &Sudoku, answer: &Sudoku) -> Result<(), Violation> {
    let side = answer.side();
    if answer.box_size() != puzzle.box_size() {
        return Err(Violation {
            cell: (0, 0),
            message: format!(
                "the answer is {side}x{side} but the puzzle is {0}x{0}",
                puzzle.side()
            ),
        });
    }
    // PERF: one branch-free pass (vectorized) decides; the walk below, which names the
    // first bad cell, runs only when there is one.
    let bad = puzzle
        .cells()
        .iter()
        .zip(answer.cells())
        .fold(false, |bad, (&given, &got)| {
            bad | (got == 0) | ((given != 0) & (given != got))
        });
    let first_bad = || {
        puzzle
            .cells()
            .iter()
            .zip(answer.cells())
            .enumerate()
            .find(|&(_, (&given, &got))| got == 0 || (given != 0 && given != got))
    };
    if let Some((i, (&given, &got))) = if bad { first_bad() } else { None } {
        let (r, c) = (i / side, i % side);
        let message = if got == 0 {
            format!("cell ({},{}) is empty", r + 1, c + 1)
        } else {
            format!(
                "cell ({},{}) is {} but the puzzle gives {}",
                r + 1,
                c + 1,
                symbol_name(got, side),
                symbol_name(given, side)
            )
        };
        return Err(Violation {
            cell: (r, c),
            message,
        });
    }
    // A full grid with no repeat in any unit holds each symbol exactly once per unit.
    if full_grid_has_repeat(answer) {
        first_repeat(answer)
    } else {
        Ok(())
    }
}

/// Whether a grid with every cell filled repeats a symbol in some unit. A unit of
/// `side` cells holds all `side` symbols exactly when the union of their bits is full,
/// so the pass only ORs (no test per cell) and compares `3·side` masks at the end.
/// PERF: with the branch-free given pass above, answer checking went from about 10 % of
/// `gridjudge solve --solver dfs` on 50,000 easy puzzles (`perf`) to about 3 %.
fn full_grid_has_repeat(grid: &Sudoku) -> bool {
    // Sizes known at compile time: the loops unroll (9×9 is what judges check by the
    // thousand).
    match grid.box_size() {
        2 => full_grid_has_repeat_of::<2>(grid.cells()),
        3 => full_grid_has_repeat_of::<3>(grid.cells()),
        4 => full_grid_has_repeat_of::<4>(grid.cells()),
        _ => full_grid_has_repeat_of::<5>(grid.cells()),
    }
}

fn full_grid_has_repeat_of<const B: usize>(cells: &[u8]) -> bool {
    let (b, side) = (B, B * B);
    let mut rows = [0u32; 25];
    let mut cols = [0u32; 25];
    let mut boxes = [0u32; 25];
    for (r, row) in cells.chunks_exact(side).enumerate().take(side) {
        let band = (r / b) * b;
        let mut row_mask = 0u32;
        for (stack, chunk) in row.chunks_exact(b).enumerate() {
            let mut box_part = 0u32;
            for (i, &v) in chunk.iter().enumerate() {
                let bit = 1u32 << (v & 31);
                box_part |= bit;
                cols[stack * b + i] |= bit;
            }
            boxes[band + stack] |= box_part;
            row_mask |= box_part;
        }
        rows[r] = row_mask;
    }
    let full = ((1u32 << side) - 1) << 1;
    rows[..side]
        .iter()
        .chain(&cols[..side])
        .chain(&boxes[..side])
        .any(|&m| m != full)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Sudoku {
        Sudoku::from_cells(
            3,
            s.bytes()
                .map(|b| if b == b'.' { 0 } else { b - b'0' })
                .collect(),
        )
        .unwrap()
    }

    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    const SOLVED: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

    /// The OR-only check of full grids agrees with the general one on every size, for
    /// a valid grid and for each single overwrite of a cell by another symbol.
    #[test]
    fn full_grid_check_agrees_with_the_general_one() {
        for b in 2..=5usize {
            let side = b * b;
            let mut grid = Sudoku::empty(b).unwrap();
            for r in 0..side {
                for c in 0..side {
                    grid.set(r, c, ((r * b + r / b + c) % side + 1) as u8);
                }
            }
            assert!(!has_repeat(&grid) && !full_grid_has_repeat(&grid));
            for i in (0..side * side).step_by(7) {
                for v in 1..=side as u8 {
                    let mut g = grid.clone();
                    g.set(i / side, i % side, v);
                    assert_eq!(
                        full_grid_has_repeat(&g),
                        has_repeat(&g),
                        "b {b}, cell {i}, {v}"
                    );
                }
            }
        }
    }

    #[test]
    fn accepts_the_sample() {
        check_givens(&grid(PUZZLE)).unwrap();
        check_solution(&grid(PUZZLE), &grid(SOLVED)).unwrap();
    }

    /// 16×16 and 25×25 symbols are named by their letters in messages (cargo-mutants:
    /// no test named a letter past `A`, so `'A' - (v - 1)` had survived).
    #[test]
    fn big_grids_name_their_letters() {
        assert_eq!(symbol_name(7, 9), "7");
        assert_eq!(symbol_name(1, 16), "A");
        assert_eq!(symbol_name(3, 16), "C");
        assert_eq!(symbol_name(16, 16), "P");
        assert_eq!(symbol_name(25, 25), "Y");
        let mut bad = Sudoku::empty(4).unwrap();
        bad.set(0, 2, 3);
        bad.set(0, 9, 3);
        let v = check_givens(&bad).unwrap_err();
        assert_eq!(v.message, "row 1 has two Cs, at columns 3 and 10");
    }

    #[test]
    fn names_the_first_broken_rule() {
        let mut bad = grid(SOLVED);
        bad.set(2, 1, 7); // row 3 already has a 7 at column 4
        let v = check_solution(&Sudoku::empty(3).unwrap(), &bad).unwrap_err();
        assert_eq!(v.message, "row 3 has two 7s, at columns 2 and 4");
        let v = check_solution(&grid(PUZZLE), &bad).unwrap_err();
        assert_eq!(v.message, "row 3 has two 7s, at columns 2 and 4");
        let mut changed = grid(SOLVED);
        changed.set(0, 1, 5);
        changed.set(0, 0, 2);
        let v = check_solution(&grid(PUZZLE), &changed).unwrap_err();
        assert_eq!(v.message, "cell (1,2) is 5 but the puzzle gives 2");
        let v = check_solution(&grid(PUZZLE), &grid(PUZZLE)).unwrap_err();
        assert_eq!(v.message, "cell (1,1) is empty");
    }

    /// The one-pass test of empty cells and changed givens must not let faults cancel
    /// out: a solution with two, three or four cells emptied (cargo-mutants: with `^`
    /// for `|` in the fold, two empty cells passed as a solution), or with two or
    /// three givens changed, is refused and the first fault named.
    #[test]
    fn several_faults_do_not_cancel_out() {
        let cells = [(4, 4), (7, 8), (8, 0), (0, 5)];
        for k in 2..=4 {
            let mut holes = grid(SOLVED);
            for &(r, c) in &cells[..k] {
                holes.set(r, c, 0);
            }
            for puzzle in [Sudoku::empty(3).unwrap(), grid(PUZZLE)] {
                let v = check_solution(&puzzle, &holes).unwrap_err();
                // The first in reading order: (0, 5) once it is emptied.
                let first = if k == 4 { "(1,6)" } else { "(5,5)" };
                assert_eq!(v.message, format!("cell {first} is empty"), "{k} holes");
            }
        }
        // Givens of PUZZLE at (1,2), (1,3), (1,4): 2, 7, 3. Two of them swapped (no
        // repeat in any unit), then a third changed.
        let mut swapped = grid(SOLVED);
        swapped.set(0, 1, 7);
        swapped.set(0, 2, 2);
        let v = check_solution(&grid(PUZZLE), &swapped).unwrap_err();
        assert_eq!(v.message, "cell (1,2) is 7 but the puzzle gives 2");
        swapped.set(0, 3, 2);
        let v = check_solution(&grid(PUZZLE), &swapped).unwrap_err();
        assert_eq!(v.message, "cell (1,2) is 7 but the puzzle gives 2");
        // Nothing but faults of one kind, so no other cell sends the check to the walk
        // (cargo-mutants: `got != 0`, or `given == 0`, `given == got`, `^` in the
        // given test, each let one of these pass): an empty answer to an empty
        // puzzle, and a full puzzle answered with every digit changed (d → d mod 9 + 1,
        // itself a valid grid).
        for b in 2..=5 {
            let empty = Sudoku::empty(b).unwrap();
            let v = check_solution(&empty, &empty).unwrap_err();
            assert_eq!(v.message, "cell (1,1) is empty", "b = {b}");
        }
        let relabelled =
            Sudoku::from_cells(3, grid(SOLVED).cells().iter().map(|&d| d % 9 + 1).collect())
                .unwrap();
        check_givens(&relabelled).unwrap();
        let v = check_solution(&grid(SOLVED), &relabelled).unwrap_err();
        assert_eq!(v.message, "cell (1,1) is 6 but the puzzle gives 5");
        check_solution(&grid(SOLVED), &grid(SOLVED)).unwrap();
    }

    /// The unit-by-unit walk alone, without the fast pass in front of it.
    fn walk_finds_repeat(grid: &Sudoku) -> bool {
        let (b, side) = (grid.box_size(), grid.side());
        [Unit::Row, Unit::Column, Unit::Box]
            .into_iter()
            .any(|kind| {
                (0..side).any(|index| {
                    let mut seen = [false; 26];
                    unit_cells(kind, index, b).any(|(r, c)| {
                        let v = usize::from(grid.get(r, c));
                        v != 0 && std::mem::replace(&mut seen[v], true)
                    })
                })
            })
    }

    #[test]
    fn the_fast_pass_agrees_with_the_unit_walk() {
        // Every box size, grids from valid to dense with clashes: a xorshift stream.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut with, mut without) = (0, 0);
        for b in 2..=5usize {
            let side = b * b;
            for _ in 0..400 {
                let fill = next() % 100;
                let cells: Vec<u8> = (0..side * side)
                    .map(|_| {
                        if next() % 100 < fill {
                            (next() % side as u64) as u8 + 1
                        } else {
                            0
                        }
                    })
                    .collect();
                let g = Sudoku::from_cells(b, cells).unwrap();
                let walk = walk_finds_repeat(&g);
                assert_eq!(has_repeat(&g), walk, "b = {b}: {:?}", g.cells());
                if walk {
                    with += 1
                } else {
                    without += 1
                }
            }
            // A valid full grid (shifted rows) has no repeat.
            let cells: Vec<u8> = (0..side * side)
                .map(|i| ((i / side * b + i / side / b + i % side) % side) as u8 + 1)
                .collect();
            let g = Sudoku::from_cells(b, cells).unwrap();
            assert!(!walk_finds_repeat(&g) && !has_repeat(&g), "b = {b}");
        }
        assert!(
            with > 100 && without > 100,
            "{with} with, {without} without"
        );
    }

    #[test]
    fn columns_and_boxes() {
        // Swapping two cells of a row keeps rows valid but breaks columns.
        let mut g = grid(SOLVED);
        let (a, b) = (g.get(0, 0), g.get(0, 1));
        g.set(0, 0, b);
        g.set(0, 1, a);
        let v = check_solution(&Sudoku::empty(3).unwrap(), &g).unwrap_err();
        assert!(
            v.message.starts_with("column 1 has two 2s"),
            "{}",
            v.message
        );
        // Shifted rows: rows and columns valid, boxes broken.
        let cells: Vec<u8> = (0..81).map(|i| ((i / 9 + i % 9) % 9 + 1) as u8).collect();
        let v = check_solution(
            &Sudoku::empty(3).unwrap(),
            &Sudoku::from_cells(3, cells).unwrap(),
        )
        .unwrap_err();
        assert_eq!(v.message, "box 1 has two 2s, at (1,2) and (2,1)");
    }
}
