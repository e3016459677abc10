//! Kakuro validator: digits 1..9 on white cells, nothing on black cells, every run sums
//! to its clue, and (classic rules) no digit twice in a run.
//!
//! It walks each run from its clue cell over the raw cells itself; it does not use the
//! runs [`KakuroBoard`] derived, so it stays independent of any shared derivation.

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
    let digit = |r: usize, c: usize| fill.digits[r * cols + c];
    for r in 0..rows {
        for c in 0..cols {
            let d = digit(r, c);
            match board.cell(r, c) {
                Cell::White if !(1..=9).contains(&d) => {
                    return Err(Violation {
                        cell: (r, c),
                        message: format!("cell ({},{}) holds {d}, not a digit 1-9", r + 1, c + 1),
                    })
                }
                Cell::Black { .. } if d != 0 => {
                    return Err(Violation {
                        cell: (r, c),
                        message: format!("cell ({},{}) is black but holds {d}", r + 1, c + 1),
                    })
                }
                _ => {}
            }
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            let Cell::Black { down, right } = board.cell(r, c) else {
                continue;
            };
            for (clue, (dr, dc), name) in [(right, (0, 1), "across"), (down, (1, 0), "down")] {
                let Some(clue) = clue else { continue };
                let (mut rr, mut cc) = (r + dr, c + dc);
                let mut sum = 0u32;
                // Digits seen so far in the run, one bit each.
                let mut seen = 0u16;
                while rr < rows && cc < cols && board.cell(rr, cc).is_white() {
                    let d = digit(rr, cc);
                    sum += u32::from(d);
                    if distinct {
                        if seen & (1 << d) != 0 {
                            // Where the digit first appeared: walk the run again.
                            let (mut r0, mut c0) = (r + dr, c + dc);
                            while digit(r0, c0) != d {
                                r0 += dr;
                                c0 += dc;
                            }
                            return Err(Violation {
                                cell: (rr, cc),
                                message: format!(
                                    "run {name} from ({},{}): digit {d} appears twice, at ({},{}) and ({},{})",
                                    r + 1,
                                    c + 1,
                                    r0 + 1,
                                    c0 + 1,
                                    rr + 1,
                                    cc + 1
                                ),
                            });
                        }
                        seen |= 1 << d;
                    }
                    rr += dr;
                    cc += dc;
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
}
