//! Kakuro validator: digits 1..9 on white cells, nothing on black cells, every run sums
//! to its clue, and (classic rules) no digit twice in a run.
//!
//! It walks the runs over the raw cells itself; it does not use the runs [`KakuroBoard`]
//! derives, so it stays independent of any shared derivation. Two walks: one pass over
//! the cells that only says whether all is well (the common case, fast), and, when not,
//! a walk of every run from its clue cell that names the first fault.

use super::Violation;
use crate::model::{Cell, KakuroBoard, KakuroFill};

/// Checks `fill` against `board`; `distinct` selects the classic rule (no repeated digit
/// within a run). Messages use 1-based `(row,col)`, e.g. `run across from (4,1): sum 23, clue 22`.
pub fn check_fill(board: &KakuroBoard, fill: &KakuroFill, distinct: bool) -> Result<(), Violation> {
    let (rows, cols) = (board.rows(), board.cols());
    if fill.rows != rows || fill.cols != cols || fill.digits.len() != rows * cols {
        return Err(Violation {
            cell: (0, 0),
            message: format!(
                "the answer is {}x{} but the board is {rows}x{cols}",
                fill.rows, fill.cols
            ),
        });
    }
    if sound(board, &fill.digits, distinct) {
        return Ok(());
    }
    first_violation(board, &fill.digits, distinct)
}

/// Whether the fill breaks no rule, in one pass over the cells: each row's across run and
/// each column's down run are added up as the pass goes through them, and compared with
/// their clue at the black cell (or border) that ends them. It relies on the board's
/// structure, checked when it was built: the border is black and every white cell is
/// in an across and a down run with a clue.
// PERF: the checker's common case, a good fill of a big board, walked once with no
// restart per run and no position worked out (the ordered walk of `first_violation`
// costs about three times as much on 100x100 boards). Any doubt goes to that walk, which
// names the first fault, or finds none.
fn sound(board: &KakuroBoard, digits: &[u8], distinct: bool) -> bool {
    let cols = board.cols();
    /// The run being added up: its clue (0: no run, the cell before was clueless),
    /// its sum and its digits so far (one bit each).
    #[derive(Clone, Copy, Default)]
    struct Open {
        clue: u16,
        sum: u32,
        seen: u16,
    }
    impl Open {
        /// Adds digit `d`; false on a repeat under the classic rule.
        #[inline]
        fn add(&mut self, d: u8, distinct: bool) -> bool {
            self.sum += u32::from(d);
            let bit = 1 << d;
            let repeat = distinct && self.seen & bit != 0;
            self.seen |= bit;
            !repeat
        }
        /// Closes the run and opens the next one with `clue`; false if its sum is off.
        #[inline]
        fn close(&mut self, clue: Option<u16>) -> bool {
            let met = self.sum == u32::from(self.clue);
            *self = Open {
                clue: clue.unwrap_or(0),
                ..Open::default()
            };
            met
        }
    }
    let mut down = vec![Open::default(); cols];
    for (row, digits) in board
        .cells()
        .chunks_exact(cols)
        .zip(digits.chunks_exact(cols))
    {
        let mut across = Open::default();
        for ((cell, &d), down) in row.iter().zip(digits).zip(down.iter_mut()) {
            match *cell {
                Cell::White => {
                    if !(matches!(d, 1..=9) && across.add(d, distinct) && down.add(d, distinct)) {
                        return false;
                    }
                }
                Cell::Black { down: below, right } => {
                    if !(d == 0 && across.close(right) && down.close(below)) {
                        return false;
                    }
                }
            }
        }
        if !across.close(None) {
            return false;
        }
    }
    down.iter_mut().all(|run| run.close(None))
}

/// The first rule the fill breaks, in reading order: first any cell holding the wrong
/// kind of value, then the runs in the order of their clue cells (across before down).
fn first_violation(board: &KakuroBoard, digits: &[u8], distinct: bool) -> Result<(), Violation> {
    let (rows, cols) = (board.rows(), board.cols());
    // PERF: flat indices over the two slices; `(row, col)` is worked out for a message
    // only (per-cell `board.cell(r, c)` with its multiply and bounds check was half the
    // time of this function on 100x100 boards).
    let cells = board.cells();
    for (i, (&cell, &d)) in cells.iter().zip(digits).enumerate() {
        match cell {
            Cell::White if !matches!(d, 1..=9) => {
                let (r, c) = (i / cols, i % cols);
                return Err(Violation {
                    cell: (r, c),
                    message: format!("cell ({},{}) holds {d}, not a digit 1-9", r + 1, c + 1),
                });
            }
            Cell::Black { .. } if d != 0 => {
                let (r, c) = (i / cols, i % cols);
                return Err(Violation {
                    cell: (r, c),
                    message: format!("cell ({},{}) is black but holds {d}", r + 1, c + 1),
                });
            }
            _ => {}
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            let Cell::Black { down, right } = cells[i] else {
                continue;
            };
            // Each run: its clue, the index step to the next cell, the most cells it can
            // have before the border, and the direction's name.
            for (clue, step, room, name) in [
                (right, 1, cols - 1 - c, "across"),
                (down, cols, rows - 1 - r, "down"),
            ] {
                let Some(clue) = clue else { continue };
                let mut sum = 0u32;
                // Digits seen so far in the run, one bit each.
                let mut seen = 0u16;
                for k in 1..room + 1 {
                    let at = i + k * step;
                    // Every cell holds the right kind of value now: a digit exactly on
                    // the white cells, so a 0 is a black cell and the run's end.
                    let d = digits[at];
                    if d == 0 {
                        break;
                    }
                    sum += u32::from(d);
                    if distinct {
                        if seen & (1 << d) != 0 {
                            // Where the digit first appeared: walk the run again.
                            let first = (1..k).map(|j| i + j * step).find(|&j| digits[j] == d);
                            let first = first.unwrap_or(at);
                            return Err(Violation {
                                cell: (at / cols, at % cols),
                                message: format!(
                                    "run {name} from ({},{}): digit {d} appears twice, at ({},{}) and ({},{})",
                                    r + 1,
                                    c + 1,
                                    first / cols + 1,
                                    first % cols + 1,
                                    at / cols + 1,
                                    at % cols + 1
                                ),
                            });
                        }
                        seen |= 1 << d;
                    }
                }
                if sum != u32::from(clue) {
                    return Err(Violation {
                        cell: (r, c),
                        message: format!(
                            "run {name} from ({},{}): sum {sum}, clue {clue}",
                            r + 1,
                            c + 1
                        ),
                    });
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 3x3: across clues 3 and 4 on rows 2 and 3; down clues 3 and 4 on columns 2 and 3.
    fn board() -> KakuroBoard {
        let b = |down, right| Cell::Black { down, right };
        let w = Cell::White;
        KakuroBoard::new(
            3,
            3,
            vec![
                Cell::BLACK,
                b(Some(3), None),
                b(Some(4), None),
                b(None, Some(3)),
                w,
                w,
                b(None, Some(4)),
                w,
                w,
            ],
        )
        .unwrap()
    }

    fn fill(d: [u8; 4]) -> KakuroFill {
        KakuroFill {
            rows: 3,
            cols: 3,
            digits: vec![0, 0, 0, 0, d[0], d[1], 0, d[2], d[3]],
        }
    }

    #[test]
    fn accepts_and_rejects() {
        check_fill(&board(), &fill([1, 2, 2, 2]), false).unwrap();
        check_fill(&board(), &fill([1, 2, 2, 2]), true).unwrap_err();
        check_fill(&board(), &fill([2, 1, 1, 3]), true).unwrap();
        let v = check_fill(&board(), &fill([1, 2, 2, 3]), false).unwrap_err();
        assert_eq!(v.message, "run down from (1,3): sum 5, clue 4");
        let v = check_fill(&board(), &fill([1, 2, 0, 2]), false).unwrap_err();
        assert_eq!(v.message, "cell (3,2) holds 0, not a digit 1-9");
        let v = check_fill(&board(), &fill([1, 2, 2, 2]), true).unwrap_err();
        assert_eq!(
            v.message,
            "run down from (1,3): digit 2 appears twice, at (2,3) and (3,3)"
        );
        let mut f = fill([1, 2, 2, 2]);
        f.digits[0] = 4;
        assert_eq!(
            check_fill(&board(), &f, false).unwrap_err().message,
            "cell (1,1) is black but holds 4"
        );
        // Below the first row too (only (1,1) was tried: its place comes out right from
        // index 0 whatever the arithmetic; found by cargo-mutants, `/` → `*`).
        let mut f = fill([1, 2, 2, 2]);
        f.digits[6] = 5;
        let v = check_fill(&board(), &f, false).unwrap_err();
        assert_eq!(
            (v.cell, v.message.as_str()),
            ((2, 0), "cell (3,1) is black but holds 5")
        );
        let v = check_fill(&board(), &fill([1, 2, 2, 10]), false).unwrap_err();
        assert_eq!(
            (v.cell, v.message.as_str()),
            ((2, 2), "cell (3,3) holds 10, not a digit 1-9")
        );
    }

    /// A fill whose stated shape disagrees with the board in any one way is refused
    /// (a solver that transposed or mislabelled its fill; found by cargo-mutants: the
    /// shape test had survived `||` turned into `&&`).
    #[test]
    fn a_fill_of_another_shape_is_refused() {
        let good = fill([1, 2, 2, 2]);
        let wrong_rows = KakuroFill {
            rows: 4,
            ..good.clone()
        };
        let wrong_cols = KakuroFill {
            cols: 2,
            ..good.clone()
        };
        let mut wrong_len = good.clone();
        wrong_len.digits.push(0);
        for f in [&wrong_rows, &wrong_cols, &wrong_len] {
            let v = check_fill(&board(), f, false).unwrap_err();
            assert!(v.message.contains("but the board is 3x3"), "{}", v.message);
        }
        check_fill(&board(), &good, false).unwrap();
    }

    /// A repeated digit in an across run is reported at both of its places (the first
    /// found by walking the run again from its start; cargo-mutants found that only a
    /// down run had been tested).
    #[test]
    fn a_repeat_across_names_both_places() {
        let v = check_fill(&board(), &fill([1, 1, 2, 3]), true).unwrap_err();
        assert_eq!(
            v.message,
            "run across from (2,1): digit 1 appears twice, at (2,2) and (2,3)"
        );
        assert_eq!(v.cell, (1, 2));
    }

    /// The one pass decides exactly what the ordered walk does, on random boards with
    /// fills that are right, or wrong in a few places (a digit changed, out of range, on
    /// a black cell, or two digits of a row swapped, which keeps the sums).
    #[test]
    fn the_one_pass_and_the_ordered_walk_agree() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut outcomes = [[0usize; 2]; 2];
        for _ in 0..20_000 {
            let (rows, cols) = (2 + next(7), 2 + next(7));
            let digits: Vec<u8> = (0..rows * cols)
                .map(|i| match (i / cols, i % cols, next(3)) {
                    (0, _, _) | (_, 0, _) | (_, _, 0) => 0,
                    _ => 1 + next(9) as u8,
                })
                .collect();
            let board = crate::gen::kakuro::board_from_fill(rows, cols, &digits);
            let mut fill = digits.clone();
            for _ in 0..next(3) {
                let (i, j) = (next(rows * cols), next(rows * cols));
                match next(3) {
                    0 => fill[i] = next(11) as u8,
                    1 if i / cols == j / cols => fill.swap(i, j),
                    _ => fill[i] = 1 + next(9) as u8,
                }
            }
            for distinct in [false, true] {
                let fast = sound(&board, &fill, distinct);
                let walk = first_violation(&board, &fill, distinct);
                assert_eq!(
                    fast,
                    walk.is_ok(),
                    "{rows}x{cols} {digits:?} -> {fill:?}: {walk:?}"
                );
                outcomes[usize::from(distinct)][usize::from(fast)] += 1;
            }
        }
        // Both answers, under both rules, many times.
        assert!(
            outcomes.iter().flatten().all(|&n| n > 1_000),
            "{outcomes:?}"
        );
    }
}
