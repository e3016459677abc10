//! The structure-aware target `solve_kakuro`: a random board up to 8×8 (first row and
//! column black, runs of at most 4 cells, clued) with clues either summed from a random
//! fill (known solvable under the extension rules) or random in `length ..= 9·length`.
//!
//! `kakuro_flow` and `kakuro_search` fills must validate (`check_fill` with `distinct`
//! false / true); flow must solve a board with a known fill, search one with a known
//! distinct fill; a classic fill implies an extension fill; `count` agrees with `solve`;
//! boards round-trip through the hdu3338 format and solutions are AC through the checker.

use crate::check::check;
use crate::format;
use crate::model::{Cell, KakuroBoard, KakuroFill};
use crate::solve::{kakuro_flow, kakuro_search};
use crate::verify;
use crate::{Answer, Problem, Puzzle, Verdict};
use arbitrary::Unstructured;

/// `solve_kakuro`: a random Kakuro board (at most 8×8) through both Kakuro solvers.
pub fn solve_kakuro(data: &[u8]) {
    let mut u = Unstructured::new(data);
    if let Ok((board, known)) = random_kakuro(&mut u) {
        kakuro_invariants(&board, known.as_ref());
    }
}

/// A random board and, when its clues were summed from a fill, that fill.
///
/// Encoding: rows and cols (2..=8); mode; then per inner cell a white/black choice
/// (about 3 white in 4, runs of at most 4); then per white cell a digit (mode 0) or per
/// run a clue in `length ..= 9·length` (mode 1).
fn random_kakuro(u: &mut Unstructured<'_>) -> arbitrary::Result<(KakuroBoard, Option<KakuroFill>)> {
    let rows: usize = u.int_in_range(2..=8)?;
    let cols: usize = u.int_in_range(2..=8)?;
    let from_fill = u.int_in_range(0..=1u8)? == 0;
    // Runs are capped at MAX_RUN cells (a cell after MAX_RUN whites is black): dense
    // boards with long runs can take kakuro_search minutes (see
    // fuzz/open-crashes/solve_kakuro/), which would stall the fuzzer.
    const MAX_RUN: usize = 4;
    let mut white = vec![false; rows * cols];
    for r in 1..rows {
        for c in 1..cols {
            // True when the MAX_RUN cells before (r, c) in direction (dr, dc) are white.
            let long = |dr: usize, dc: usize| {
                (1..=MAX_RUN).all(|k| match (r.checked_sub(k * dr), c.checked_sub(k * dc)) {
                    (Some(rr), Some(cc)) => white[rr * cols + cc],
                    _ => false,
                })
            };
            white[r * cols + c] = u.int_in_range(0..=3u8)? != 0 && !long(0, 1) && !long(1, 0);
        }
    }
    let mut fill = KakuroFill {
        rows,
        cols,
        digits: vec![0; rows * cols],
    };
    if from_fill {
        for (digit, &white) in fill.digits.iter_mut().zip(&white) {
            if white {
                *digit = u.int_in_range(1..=9)?;
            }
        }
    }
    // The run starting after black cell (r, c) in direction (dr, dc): its length and sum.
    let run = |r: usize, c: usize, dr: usize, dc: usize| {
        let (mut rr, mut cc, mut len, mut sum) = (r + dr, c + dc, 0u16, 0u16);
        while rr < rows && cc < cols && white[rr * cols + cc] {
            len += 1;
            sum += u16::from(fill.digits[rr * cols + cc]);
            rr += dr;
            cc += dc;
        }
        (len, sum)
    };
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            if white[r * cols + c] {
                cells.push(Cell::White);
                continue;
            }
            let mut clue = |dr, dc| -> arbitrary::Result<Option<u16>> {
                let (len, sum) = run(r, c, dr, dc);
                Ok(match (len, from_fill) {
                    (0, _) => None,
                    (_, true) => Some(sum),
                    (_, false) => Some(u.int_in_range(len..=9 * len)?),
                })
            };
            let right = clue(0, 1)?;
            let down = clue(1, 0)?;
            cells.push(Cell::Black { down, right });
        }
    }
    let board = match KakuroBoard::new(rows, cols, cells) {
        Ok(board) => board,
        Err(e) => panic!("a well-formed {rows}x{cols} board is rejected: {e}"),
    };
    Ok((board, from_fill.then_some(fill)))
}

fn kakuro_invariants(board: &KakuroBoard, known: Option<&KakuroFill>) {
    let (rows, cols) = (board.rows(), board.cols());
    // The board round-trips through the hdu3338 format.
    let input = format::write_input(Problem::Hdu3338, &[Puzzle::Kakuro(board.clone())]);
    match format::parse_input(Problem::Hdu3338, &input) {
        Ok(cases) => assert!(
            cases == [Puzzle::Kakuro(board.clone())],
            "a board changes through write_input/parse_input"
        ),
        Err(e) => panic!("a written board does not parse: {e}"),
    }
    if let Some(known) = known {
        if let Err(v) = verify::kakuro::check_fill(board, known, false) {
            panic!("fuzz generator: the known fill is wrong: {v}");
        }
    }
    let flow = kakuro_flow::solve(board);
    match &flow {
        Ok(f) => {
            if let Err(v) = verify::kakuro::check_fill(board, f, false) {
                panic!("{rows}x{cols}: kakuro_flow returned an invalid fill: {v}\n{board:?}");
            }
            assert!(
                board.check_clues().is_ok(),
                "{rows}x{cols}: a fill for a board whose clues fail check_clues"
            );
        }
        Err(why) => assert!(
            known.is_none(),
            "{rows}x{cols}: kakuro_flow says '{why}' but a fill exists\n{board:?}"
        ),
    }
    let search = kakuro_search::solve(board);
    match &search {
        Ok(f) => {
            if let Err(v) = verify::kakuro::check_fill(board, f, true) {
                panic!("{rows}x{cols}: kakuro_search returned an invalid fill: {v}\n{board:?}");
            }
            assert!(
                flow.is_ok(),
                "{rows}x{cols}: a classic fill exists but kakuro_flow finds none\n{board:?}"
            );
        }
        Err(why) => assert!(
            known.is_none_or(|k| verify::kakuro::check_fill(board, k, true).is_err()),
            "{rows}x{cols}: kakuro_search says '{why}' but a classic fill exists\n{board:?}"
        ),
    }
    let count = kakuro_search::count(board, 2);
    assert_eq!(
        count > 0,
        search.is_ok(),
        "{rows}x{cols}: kakuro_search::count is {count} but solve says {}",
        search.is_ok()
    );
    // End to end: each solver's fill is AC for its problem.
    for (problem, fill) in [
        (Problem::Hdu3338, flow.ok()),
        (Problem::Kakuro, search.ok()),
    ] {
        let Some(fill) = fill else { continue };
        let output = format::write_output(problem, &[Answer::Kakuro(fill)]);
        let outcome = check(problem, &input, &output, None);
        assert_eq!(
            outcome.verdict,
            Verdict::Accepted,
            "{problem}: {}",
            outcome.message
        );
    }
}
