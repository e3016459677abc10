//! Random Kakuro boards with a known fill: a random layout obeying the rules (first row
//! and column black, runs of at most `max_run` cells), a random fill (distinct digits
//! per run for classic boards, any digit 1-9 for extension boards), and the clues
//! computed from the fill — so every generated board is solvable by construction.
//!
//! Any layout whose first row and column are black is a valid Kakuro structure: every
//! white cell's across and down runs start right after a black cell, which gets the
//! run's clue. Long runs are cut by turning a cell black; a classic fill that runs out
//! of digits for a cell also turns that cell black (that only shortens runs).

use super::Rng;
use crate::model::{Cell, Direction, KakuroBoard, KakuroFill};

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// Rows, including the black first row (at least 2).
    pub rows: usize,
    /// Columns, including the black first column (at least 2).
    pub cols: usize,
    /// Chance, in percent, that an interior cell starts white.
    pub white_percent: usize,
    /// Longest run allowed (9 for classic boards; larger is fine for extension boards).
    pub max_run: usize,
    /// Classic rules: digits distinct within each run.
    pub distinct: bool,
}

/// A generated board and the fill its clues were computed from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The board (clues from `fill`).
    pub board: KakuroBoard,
    /// A fill that solves `board` (under the classic rules when `distinct` was asked).
    pub fill: KakuroFill,
}

/// Generates a board with its fill. Panics when `rows` or `cols` is below 2 or
/// `max_run` is 0 (the caller chooses the parameters).
pub fn generate(p: &Params, rng: &mut Rng) -> Generated {
    assert!(
        p.rows >= 2 && p.cols >= 2 && p.max_run >= 1,
        "bad params {p:?}"
    );
    let (rows, cols) = (p.rows, p.cols);
    let mut white = vec![false; rows * cols];
    for r in 1..rows {
        for c in 1..cols {
            white[r * cols + c] = rng.chance(p.white_percent, 100);
        }
    }
    cut_long_runs(&mut white, rows, cols, p.max_run);
    let mut digits = vec![0u8; rows * cols];
    for r in 1..rows {
        for c in 1..cols {
            let i = r * cols + c;
            if !white[i] {
                continue;
            }
            if !p.distinct {
                digits[i] = rng.below(9) as u8 + 1;
                continue;
            }
            // Digits already in this cell's across run (to the left) and down run (above).
            let mut used = [false; 10];
            let mut cc = c;
            while white[r * cols + cc - 1] {
                cc -= 1;
                used[usize::from(digits[r * cols + cc])] = true;
            }
            let mut rr = r;
            while white[(rr - 1) * cols + c] {
                rr -= 1;
                used[usize::from(digits[rr * cols + c])] = true;
            }
            let free: Vec<u8> = (1..=9u8).filter(|&d| !used[usize::from(d)]).collect();
            if free.is_empty() {
                white[i] = false;
            } else {
                digits[i] = free[rng.below(free.len())];
            }
        }
    }
    let board = board_from_fill(rows, cols, &digits);
    Generated {
        board,
        fill: KakuroFill { rows, cols, digits },
    }
}

/// Turns black every cell that would make an across or down run longer than `max_run`.
fn cut_long_runs(white: &mut [bool], rows: usize, cols: usize, max_run: usize) {
    for r in 0..rows {
        let mut len = 0;
        for c in 0..cols {
            let i = r * cols + c;
            len = if white[i] { len + 1 } else { 0 };
            if len > max_run {
                white[i] = false;
                len = 0;
            }
        }
    }
    for c in 0..cols {
        let mut len = 0;
        for r in 0..rows {
            let i = r * cols + c;
            len = if white[i] { len + 1 } else { 0 };
            if len > max_run {
                white[i] = false;
                len = 0;
            }
        }
    }
}

/// The board whose white cells are the non-zero `digits` (row-major, first row and
/// column zero) and whose clues are the sums of those digits. Panics when a white cell
/// lies in the first row or column.
pub fn board_from_fill(rows: usize, cols: usize, digits: &[u8]) -> KakuroBoard {
    let at = |r: usize, c: usize| -> u16 {
        if r < rows && c < cols {
            u16::from(digits[r * cols + c])
        } else {
            0
        }
    };
    let run_sum = |mut r: usize, mut c: usize, dr: usize, dc: usize| -> Option<u16> {
        let mut sum = 0;
        loop {
            r += dr;
            c += dc;
            match at(r, c) {
                0 => break,
                d => sum += d,
            }
        }
        (sum > 0).then_some(sum)
    };
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            cells.push(if at(r, c) != 0 {
                Cell::White
            } else {
                Cell::Black {
                    down: run_sum(r, c, 1, 0),
                    right: run_sum(r, c, 0, 1),
                }
            });
        }
    }
    KakuroBoard::new(rows, cols, cells).unwrap_or_else(|e| panic!("generated board: {e}"))
}

/// `board` with one across clue and one down clue both moved by `delta` (so the totals
/// stay equal), each kept within `length ..= 9·length`; `None` when the chosen runs
/// cannot move that far or the board has no runs. The result may or may not be
/// solvable: that is for a solver (or a brute-force count) to say.
pub fn shift_clues(board: &KakuroBoard, delta: i32, rng: &mut Rng) -> Option<KakuroBoard> {
    let pick = |dir: Direction, rng: &mut Rng| {
        let ids: Vec<usize> = (0..board.runs().len())
            .filter(|&i| board.runs()[i].direction == dir)
            .collect();
        (!ids.is_empty()).then(|| ids[rng.below(ids.len())])
    };
    let (a, d) = (pick(Direction::Across, rng)?, pick(Direction::Down, rng)?);
    let mut cells = board.cells().to_vec();
    for id in [a, d] {
        let run = &board.runs()[id];
        let clue = i32::from(run.clue) + delta;
        let len = run.len() as i32;
        if clue < len || clue > 9 * len {
            return None;
        }
        let (r, c) = run.clue_at;
        if let Cell::Black { down, right } = &mut cells[r * board.cols() + c] {
            let slot = match run.direction {
                Direction::Across => right,
                Direction::Down => down,
            };
            *slot = Some(clue as u16);
        }
    }
    KakuroBoard::new(board.rows(), board.cols(), cells).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::kakuro::check_fill;

    #[test]
    fn generated_fills_solve_their_boards() {
        for seed in 0..200 {
            for distinct in [false, true] {
                let p = Params {
                    rows: 2 + (seed as usize % 9),
                    cols: 2 + (seed as usize * 7 % 11),
                    white_percent: 40 + (seed as usize % 50),
                    max_run: if distinct { 9 } else { 12 },
                    distinct,
                };
                let g = generate(&p, &mut Rng::new(seed));
                g.board.check_clues().unwrap();
                check_fill(&g.board, &g.fill, distinct).unwrap();
                assert!(g.board.runs().iter().all(|r| r.len() <= p.max_run));
            }
        }
    }

    #[test]
    fn shifted_clues_keep_totals() {
        let p = Params {
            rows: 6,
            cols: 6,
            white_percent: 70,
            max_run: 9,
            distinct: false,
        };
        let mut rng = Rng::new(3);
        let g = generate(&p, &mut rng);
        let s = shift_clues(&g.board, 1, &mut rng).unwrap();
        s.check_clues().unwrap();
        assert_ne!(s, g.board);
        assert!(check_fill(&s, &g.fill, false).is_err());
    }
}
