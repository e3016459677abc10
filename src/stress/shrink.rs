//! Shrinking a failing case set: smaller candidates, tried in order, the first that
//! keeps the failure replaces the case; repeat until no candidate keeps it or the
//! budget runs out. Greedy and deterministic, like delta debugging (ddmin) on each
//! dimension in turn:
//!
//! 1. fewer cases: each case alone, then the set without one case;
//! 2. per case, a smaller board (Kakuro: keep the top-left `r × c` corner of the fill,
//!    halving first, or delete one interior row or column);
//! 3. per case, fewer givens / white cells: chunks of half, a quarter, … down to one
//!    cell at a time;
//! 4. per case, smaller numbers (Kakuro: each digit lowered to the smallest value the
//!    rules allow, which lowers its two clues).
//!
//! Every candidate comes with its answer ([`CaseSet`]) and is checked by
//! [`CaseSet::is_valid`] before it costs a run. The order puts the biggest cuts first,
//! so most runs are spent where they remove the most.

use super::case_set::{CaseSet, Item};
use crate::model::KakuroFill;

/// The candidates one step smaller than `set`, biggest cuts first, valid ones only.
pub fn candidates(set: &CaseSet) -> Vec<CaseSet> {
    let mut out = Vec::new();
    let n = set.items.len();
    if n > 1 {
        for i in 0..n {
            out.push(with_items(set, vec![set.items[i].clone()]));
        }
        for i in 0..n {
            let mut items = set.items.clone();
            items.remove(i);
            out.push(with_items(set, items));
        }
    }
    for (i, item) in set.items.iter().enumerate() {
        let mut replace = |new: Item| {
            let mut s = set.clone();
            s.items[i] = new;
            out.push(s);
        };
        match item {
            Item::Sudoku { puzzle, solution } => {
                let givens: Vec<usize> = (0..puzzle.len())
                    .filter(|&c| puzzle.cells()[c] != 0)
                    .collect();
                for chunk in chunks(&givens) {
                    let mut p = puzzle.clone();
                    let side = p.side();
                    for &c in chunk {
                        p.set(c / side, c % side, 0);
                    }
                    replace(Item::Sudoku {
                        puzzle: p,
                        solution: solution.clone(),
                    });
                }
            }
            Item::Kakuro(fill) => {
                for f in smaller_boards(fill) {
                    replace(Item::Kakuro(f));
                }
                let whites: Vec<usize> = (0..fill.digits.len())
                    .filter(|&c| fill.digits[c] != 0)
                    .collect();
                for chunk in chunks(&whites) {
                    let mut f = fill.clone();
                    for &c in chunk {
                        f.digits[c] = 0;
                    }
                    replace(Item::Kakuro(f));
                }
                for &c in &whites {
                    for d in 1..fill.digits[c] {
                        let mut f = fill.clone();
                        f.digits[c] = d;
                        replace(Item::Kakuro(f));
                    }
                }
            }
        }
    }
    out.retain(CaseSet::is_valid);
    out
}

fn with_items(set: &CaseSet, items: Vec<Item>) -> CaseSet {
    CaseSet {
        problem: set.problem,
        items,
    }
}

/// `cells` split into chunks of half, a quarter, … one element, in that order.
fn chunks(cells: &[usize]) -> Vec<&[usize]> {
    let mut out = Vec::new();
    let mut size = cells.len().div_ceil(2).max(1);
    if cells.is_empty() {
        return out;
    }
    if cells.len() > 1 {
        out.push(cells);
    }
    loop {
        out.extend(cells.chunks(size));
        if size == 1 {
            break;
        }
        size = size.div_ceil(2);
    }
    out
}

/// Smaller boards from a fill: the top-left corner with about half the rows or columns,
/// then one row or column fewer (the last one, or an interior one deleted).
fn smaller_boards(fill: &KakuroFill) -> Vec<KakuroFill> {
    let (rows, cols) = (fill.rows, fill.cols);
    let mut out = Vec::new();
    let mut crop_to = |r: usize, c: usize| {
        if (r, c) != (rows, cols) && r >= 2 && c >= 2 {
            out.push(crop(fill, r, c));
        }
    };
    crop_to(rows.div_ceil(2).max(2), cols);
    crop_to(rows, cols.div_ceil(2).max(2));
    crop_to(rows - 1, cols);
    crop_to(rows, cols - 1);
    if rows > 2 {
        for r in 1..rows - 1 {
            out.push(delete_row(fill, r));
        }
    }
    if cols > 2 {
        for c in 1..cols - 1 {
            out.push(transpose(&delete_row(&transpose(fill), c)));
        }
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
            let cands = candidates(&s);
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
        while let Some(c) = candidates(&s).into_iter().find(|c| fails(c)) {
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
