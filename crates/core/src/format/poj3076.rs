//! POJ 3076: 16×16 Sudoku. Data sets until end of file, separated by single empty
//! lines; each is 16 lines of 16 characters `A`-`P` or `-` (empty). Output: the
//! completed grids in the same layout, separated by one empty line.

use super::reader::Reader;
use super::sudoku_rows::{read_grid, write_grid, Alphabet};
use super::ParseError;
use crate::model::Sudoku;
use std::ops::ControlFlow;

pub(crate) const ABC: Alphabet = Alphabet {
    empty: b'-',
    first: b'A',
    side: 16,
    expected: "'-' or a letter A-P",
};

/// Parses the data sets one by one, handing each to `each` as it is read, up to the
/// end of the file or until `each` breaks; the number of data sets read.
pub fn each_puzzle(
    bytes: &[u8],
    mut each: impl FnMut(Sudoku) -> ControlFlow<()>,
) -> Result<usize, ParseError> {
    let mut r = Reader::new(bytes);
    let mut read = 0;
    loop {
        if r.at_eof() {
            return Err(r.expected(if read == 0 {
                "a data set (16 lines of 16 cells)"
            } else {
                "a data set after the empty line"
            }));
        }
        let grid = read_grid(&mut r, ABC, 4, 16)?;
        read += 1;
        if each(grid).is_break() || r.at_eof() {
            return Ok(read);
        }
        r.require(b'\n', "an empty line between data sets, or end of file")?;
    }
}

fn write_sets<'a>(grids: impl IntoIterator<Item = &'a Sudoku>, out: &mut Vec<u8>) {
    for (i, g) in grids.into_iter().enumerate() {
        if i > 0 {
            out.push(b'\n');
        }
        write_grid(g, ABC, 16, out);
    }
}

/// Writes puzzles in the input format.
pub fn write_input(grids: &[Sudoku], out: &mut Vec<u8>) {
    write_sets(grids, out);
}

/// Writes solved grids in the output format (the same layout).
pub fn write_output<'a>(grids: impl IntoIterator<Item = &'a Sudoku>, out: &mut Vec<u8>) {
    write_sets(grids, out);
}
