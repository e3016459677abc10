//! POJ 3074: one 81-character line per puzzle (`1`-`9`, `.` empty), then a line `end`.
//! Output: one line of 81 digits per puzzle.

use super::reader::Reader;
use super::sudoku_rows::{read_grid, write_grid, Alphabet};
use super::ParseError;
use crate::model::Sudoku;
use std::ops::ControlFlow;

pub(crate) const ABC: Alphabet = Alphabet {
    empty: b'.',
    first: b'1',
    side: 9,
    expected: "'.' or a digit 1-9",
};

/// Parses the puzzles one by one, handing each to `each` as it is read, up to the
/// `end` line or until `each` breaks; the number of puzzles read.
pub fn each_puzzle(
    bytes: &[u8],
    mut each: impl FnMut(Sudoku) -> ControlFlow<()>,
) -> Result<usize, ParseError> {
    let mut r = Reader::new(bytes);
    let mut read = 0;
    loop {
        if r.rest().starts_with(b"end") {
            if read == 0 {
                return Err(r.error("expected at least one puzzle before 'end'"));
            }
            for _ in 0..3 {
                r.bump();
            }
            r.require(b'\n', "end of line after 'end'")?;
            r.expect_eof()?;
            return Ok(read);
        }
        if r.at_eof() {
            return Err(r.expected(if read == 0 {
                "a puzzle line (81 cells)"
            } else {
                "a puzzle line or 'end'"
            }));
        }
        let grid = read_grid(&mut r, ABC, 3, 1)?;
        read += 1;
        if each(grid).is_break() {
            return Ok(read);
        }
    }
}

/// Writes puzzles in the input format, `end`-terminated.
pub fn write_input(grids: &[Sudoku], out: &mut Vec<u8>) {
    for g in grids {
        write_grid(g, ABC, 1, out);
    }
    out.extend_from_slice(b"end\n");
}

/// Writes solved grids, one line of 81 digits each.
pub fn write_output<'a>(grids: impl IntoIterator<Item = &'a Sudoku>, out: &mut Vec<u8>) {
    for g in grids {
        write_grid(g, ABC, 1, out);
    }
}
