//! Building the exact-cover matrix: the column headers ([`ExactCover::new`]), rows
//! appended to the link array ([`ExactCover::add_row`]) and the size guard that keeps
//! every link and row number within `u32`.

use super::{ExactCover, ExactCoverError, Frame, D, LANES, U, W};

impl ExactCover {
    /// An empty matrix with `columns` primary columns and no rows.
    pub fn new(columns: usize) -> Self {
        let mut w = Vec::with_capacity(columns * W);
        for k in 0..columns {
            // An empty column's header points to itself. (A matrix too large for u32
            // links is refused by `add_row`; its header links are never followed.)
            let at = (k * W) as u32;
            w.extend_from_slice(&[0, 0, at, at, k as u32]);
        }
        ExactCover {
            columns,
            w,
            len: vec![0; columns + LANES],
            row_of: vec![u32::MAX; columns],
            row_start: Vec::new(),
            // (Saturated: a matrix with 2^32 columns can take no rows, see `add_row`,
            // so any nonzero count makes every search end at once.)
            empty: u32::try_from(columns).unwrap_or(u32::MAX),
            stack: vec![Frame::default(); columns],
            fixed_cover: vec![false; columns],
            built_w: Vec::new(),
            built_len: Vec::new(),
            weights: Vec::new(),
            reduce_upto: 0,
            subset_skip: Vec::new(),
            hidden: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// Adds a row covering `columns` (0-based column indices, any order, no repeats)
    /// and returns its row index (0-based, in insertion order).
    pub fn add_row(&mut self, columns: &[usize]) -> Result<usize, ExactCoverError> {
        if columns.is_empty() {
            return Err(ExactCoverError::EmptyRow);
        }
        for (i, &c) in columns.iter().enumerate() {
            if c >= self.columns {
                return Err(ExactCoverError::ColumnOutOfRange {
                    column: c,
                    columns: self.columns,
                });
            }
            if columns[..i].contains(&c) {
                return Err(ExactCoverError::DuplicateColumn(c));
            }
        }
        let first = self.w.len();
        let row = self.row_start.len();
        let end = columns
            .len()
            .checked_mul(W)
            .and_then(|n| n.checked_add(first));
        if too_large(end, row) {
            return Err(ExactCoverError::TooLarge);
        }
        let k = columns.len();
        for (i, &c) in columns.iter().enumerate() {
            let node = (first + i * W) as u32;
            let header = c * W;
            // Append at the bottom of the column.
            let last = self.w[header + U];
            let left = (first + W * if i == 0 { k - 1 } else { i - 1 }) as u32;
            let right = (first + W * if i + 1 == k { 0 } else { i + 1 }) as u32;
            self.w
                .extend_from_slice(&[left, right, last, header as u32, c as u32]);
            self.w[last as usize + D] = node;
            self.w[header + U] = node;
            if self.len[c] == 0 {
                self.empty -= 1;
            }
            self.len[c] += 1;
            self.row_of.push(row as u32);
        }
        self.row_start.push(first as u32);
        Ok(row)
    }
}

/// Whether a row ending at word `end` (`None`: past `usize`), numbered `row`, would no
/// longer fit the `u32` node and row numbers: the last word must be at most `u32::MAX`
/// and the row number below it. A function of its own so that its edges are tested
/// without building a 16 GiB matrix.
fn too_large(end: Option<usize>, row: usize) -> bool {
    end.is_none_or(|e| e > u32::MAX as usize) || row >= u32::MAX as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_solution_and_errors() {
        let mut m = ExactCover::new(3);
        m.add_row(&[0, 1]).unwrap();
        m.add_row(&[1, 2]).unwrap();
        assert_eq!(m.count(10), 0);
        assert_eq!(m.solve_first(), None);
        assert_eq!(m.add_row(&[]), Err(ExactCoverError::EmptyRow));
        assert_eq!(m.add_row(&[1, 1]), Err(ExactCoverError::DuplicateColumn(1)));
        assert_eq!(
            m.add_row(&[3]),
            Err(ExactCoverError::ColumnOutOfRange {
                column: 3,
                columns: 3
            })
        );
        // An empty matrix has exactly one (empty) cover.
        assert_eq!(ExactCover::new(0).count(3), 1);
    }

    /// The size guard at its edges (cargo-mutants: no test reached it).
    #[test]
    fn the_size_guard_stops_exactly_past_u32() {
        let max = u32::MAX as usize;
        assert!(!too_large(Some(0), 0));
        assert!(!too_large(Some(max), 0), "the last word may be u32::MAX");
        assert!(too_large(Some(max + 1), 0));
        assert!(too_large(None, 0), "past usize");
        assert!(!too_large(Some(5), max - 1));
        assert!(too_large(Some(5), max), "row u32::MAX is not numbered");
        assert!(too_large(Some(max + 1), max));
    }
}
