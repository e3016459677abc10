//! Shrinking a failing case set: smaller candidates, tried in order, the first that
//! keeps the failure replaces the case; repeat until no candidate keeps it or the
//! budget runs out. Greedy and deterministic, like delta debugging (ddmin) on each
//! dimension in turn:
//!
//! 1. fewer cases: halves, quarters, … of the file, each case alone, then the file
//!    without one case;
//! 2. per case, a smaller board (Kakuro: keep the top-left `r × c` corner of the fill,
//!    halving first, or delete one interior row or column);
//! 3. per case, fewer givens / white cells: chunks of half, a quarter, … down to one
//!    cell at a time;
//! 4. per case, smaller numbers (Kakuro: each digit lowered to 1, to half, or by one,
//!    which lowers its two clues).
//!
//! Every candidate comes with its answer ([`CaseSet`]) and is checked by
//! [`CaseSet::is_valid`] before it costs a run. Candidates are made lazily from a list
//! of cheap moves, so a 100×100 board does not build tens of thousands of boards up
//! front. The order puts the biggest cuts first,
//! so most runs are spent where they remove the most.

use super::case_set::{CaseSet, Item};
use crate::model::KakuroFill;

/// One way to make a case set smaller; cheap to hold, applied only when its turn comes.
#[derive(Debug, Clone)]
enum Move {
    /// Keep only cases `a..b`.
    Range(usize, usize),
    /// Keep only case `i`.
    Only(usize),
    /// Drop case `i`.
    Without(usize),
    /// Case `item`: a smaller Kakuro board.
    Board(usize, Cut),
    /// Case `item`: empty these cells (Sudoku givens, Kakuro white cells).
    Clear(usize, Vec<usize>),
    /// Case `item`: Kakuro cell `cell` gets the smaller digit `to`.
    Digit(usize, usize, u8),
}

/// A smaller Kakuro board.
#[derive(Debug, Clone, Copy)]
enum Cut {
    /// The top-left `rows × cols` corner.
    Crop(usize, usize),
    /// Row `r` deleted.
    Row(usize),
    /// Column `c` deleted.
    Col(usize),
}

/// The candidates one step smaller than a case set, biggest cuts first; only valid
/// candidates come out. Lazy: a candidate is built and validated only when asked for,
/// so a large case set does not pay for candidates that are never tried.
#[derive(Debug)]
pub struct Candidates<'a> {
    set: &'a CaseSet,
    moves: std::vec::IntoIter<Move>,
}

impl Iterator for Candidates<'_> {
    type Item = CaseSet;

    fn next(&mut self) -> Option<CaseSet> {
        for m in self.moves.by_ref() {
            let c = apply(self.set, &m);
            if c.is_valid() {
                return Some(c);
            }
        }
        None
    }
}

/// The candidates one step smaller than `set`.
pub fn candidates(set: &CaseSet) -> Candidates<'_> {
    let mut moves = Vec::new();
    let n = set.items.len();
    if n > 1 {
        // Halves, quarters, … of the cases (down to pairs), then each case alone.
        let mut size = n.div_ceil(2);
        while size > 1 {
            moves.extend(
                (0..n)
                    .step_by(size)
                    .map(|a| Move::Range(a, (a + size).min(n))),
            );
            size = size.div_ceil(2);
        }
        moves.extend((0..n).map(Move::Only));
        moves.extend((0..n).map(Move::Without));
    }
    for (i, item) in set.items.iter().enumerate() {
        if let Item::Kakuro(fill) = item {
            moves.extend(board_cuts(fill).into_iter().map(|c| Move::Board(i, c)));
        }
    }
    for (i, item) in set.items.iter().enumerate() {
        let cells: Vec<usize> = match item {
            Item::Sudoku { puzzle, .. } => (0..puzzle.len())
                .filter(|&c| puzzle.cells()[c] != 0)
                .collect(),
            Item::Kakuro(fill) => (0..fill.digits.len())
                .filter(|&c| fill.digits[c] != 0)
                .collect(),
        };
        moves.extend(
            chunks(&cells)
                .into_iter()
                .map(|ch| Move::Clear(i, ch.to_vec())),
        );
    }
    for (i, item) in set.items.iter().enumerate() {
        if let Item::Kakuro(fill) = item {
            for (c, &d) in fill.digits.iter().enumerate() {
                // The smallest digit first, then halfway, then one less.
                let mut tos = vec![1, d / 2, d.saturating_sub(1)];
                tos.retain(|&t| t >= 1 && t < d);
                tos.dedup();
                moves.extend(tos.into_iter().map(|t| Move::Digit(i, c, t)));
            }
        }
    }
    Candidates {
        set,
        moves: moves.into_iter(),
    }
}

fn apply(set: &CaseSet, m: &Move) -> CaseSet {
    let mut out = set.clone();
    match m {
        Move::Range(a, b) => out.items = set.items[*a..*b].to_vec(),
        Move::Only(i) => out.items = vec![set.items[*i].clone()],
        Move::Without(i) => {
            out.items.remove(*i);
        }
        Move::Board(i, cut) => {
            if let Item::Kakuro(f) = &mut out.items[*i] {
                *f = match *cut {
                    Cut::Crop(r, c) => crop(f, r, c),
                    Cut::Row(r) => delete_row(f, r),
                    Cut::Col(c) => transpose(&delete_row(&transpose(f), c)),
                };
            }
        }
        Move::Clear(i, cells) => match &mut out.items[*i] {
            Item::Sudoku { puzzle, .. } => {
                let side = puzzle.side();
                for &c in cells {
                    puzzle.set(c / side, c % side, 0);
                }
            }
            Item::Kakuro(f) => {
                for &c in cells {
                    f.digits[c] = 0;
                }
            }
        },
        Move::Digit(i, c, to) => {
            if let Item::Kakuro(f) = &mut out.items[*i] {
                f.digits[*c] = *to;
            }
        }
    }
    out
}

/// `cells` split into chunks of half, a quarter, … one element, in that order (the
/// whole list first).
fn chunks(cells: &[usize]) -> Vec<&[usize]> {
    let mut out = Vec::new();
    if cells.is_empty() {
        return out;
    }
    if cells.len() > 1 {
        out.push(cells);
    }
    let mut size = cells.len().div_ceil(2).max(1);
    loop {
        out.extend(cells.chunks(size));
        if size == 1 {
            break;
        }
        size = size.div_ceil(2);
    }
    out
}

/// Smaller boards: the top-left corner with about half the rows or columns, then one
/// row or column fewer (the last one, or an interior one deleted).
fn board_cuts(fill: &KakuroFill) -> Vec<Cut> {
    let (rows, cols) = (fill.rows, fill.cols);
    let mut out = Vec::new();
    for (r, c) in [
        (rows.div_ceil(2).max(2), cols),
        (rows, cols.div_ceil(2).max(2)),
        (rows - 1, cols),
        (rows, cols - 1),
    ] {
        if (r, c) != (rows, cols)
            && r >= 2
            && c >= 2
            && !out
                .iter()
                .any(|x| matches!(x, Cut::Crop(a, b) if (*a, *b) == (r, c)))
        {
            out.push(Cut::Crop(r, c));
        }
    }
    if rows > 2 {
        out.extend((1..rows - 1).map(Cut::Row));
    }
    if cols > 2 {
        out.extend((1..cols - 1).map(Cut::Col));
    }
    out
}

fn crop(fill: &KakuroFill, rows: usize, cols: usize) -> KakuroFill {
    let mut digits = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        digits.extend_from_slice(&fill.digits[r * fill.cols..r * fill.cols + cols]);
    }
    KakuroFill { rows, cols, digits }
}

fn delete_row(fill: &KakuroFill, row: usize) -> KakuroFill {
    let mut digits = Vec::with_capacity((fill.rows - 1) * fill.cols);
    for r in (0..fill.rows).filter(|&r| r != row) {
        digits.extend_from_slice(&fill.digits[r * fill.cols..(r + 1) * fill.cols]);
    }
    KakuroFill {
        rows: fill.rows - 1,
        cols: fill.cols,
        digits,
    }
}

fn transpose(fill: &KakuroFill) -> KakuroFill {
    let mut digits = vec![0; fill.digits.len()];
    for r in 0..fill.rows {
        for c in 0..fill.cols {
            digits[c * fill.rows + r] = fill.digits[r * fill.cols + c];
        }
    }
    KakuroFill {
        rows: fill.cols,
        cols: fill.rows,
        digits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::spec::GenSpec;
    use crate::problem::Problem;

    fn set(line: &str) -> CaseSet {
        CaseSet::from_generated(&GenSpec::parse_line(line).unwrap().generate().unwrap())
    }

    #[test]
    fn every_candidate_is_valid_and_smaller() {
        for line in [
            "sudoku --clues 30 --count 3",
            "kakuro --rows 6 --cols 7 --count 2",
            "kakuro --rows 6 --cols 7 --variant classic --count 2",
        ] {
            let s = set(line);
            let size = s.size();
            let cands: Vec<CaseSet> = candidates(&s).collect();
            assert!(!cands.is_empty());
            for c in &cands {
                assert!(c.is_valid());
                assert!(c.size() < size, "{line}: {:?} !< {size:?}", c.size());
                // The known answer checks against the candidate's input.
                let checked = crate::check::check(c.problem, &c.input(), &c.answer(), None);
                assert_eq!(checked.verdict, crate::Verdict::Accepted, "{line}");
            }
        }
    }

    #[test]
    fn shrinking_with_a_predicate_reaches_the_minimum() {
        // "Fails" whenever some Kakuro case has a digit 9: one case, one white cell.
        let mut s = set("kakuro --rows 8 --cols 8 --count 3");
        let fails = |s: &CaseSet| {
            s.items
                .iter()
                .any(|i| matches!(i, Item::Kakuro(f) if f.digits.contains(&9)))
        };
        assert!(fails(&s));
        while let Some(c) = candidates(&s).find(|c| fails(c)) {
            s = c;
        }
        assert_eq!(s.items.len(), 1);
        let size = s.size();
        assert_eq!((size.cells, size.area), (1, 4), "{s:?}");
        assert_eq!(s.problem, Problem::Hdu3338);
    }

    #[test]
    fn chunks_cover_halves_down_to_singles() {
        let v: Vec<usize> = (0..5).collect();
        let c = chunks(&v);
        assert_eq!(c[0], &v[..]);
        assert_eq!(c[1], &v[..3]);
        assert_eq!(c.last(), Some(&&v[4..]));
        assert!(c.iter().filter(|x| x.len() == 1).count() >= 5);
        assert!(chunks(&[]).is_empty());
    }
}
