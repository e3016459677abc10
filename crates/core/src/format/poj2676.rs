//! POJ 2676: the case count T on the first line, then per case 9 lines of 9 digits
//! (`0` empty). Output: per case 9 lines of 9 digits, no blank line between cases.

use super::reader::Reader;
use super::sudoku_rows::{read_grid, write_grid, Alphabet};
use super::ParseError;
use crate::model::Sudoku;
use std::ops::ControlFlow;

pub(crate) const ABC: Alphabet = Alphabet {
    empty: b'0',
    first: b'1',
    side: 9,
    expected: "a digit 0-9",
};

/// Largest case count accepted (far above any judge file; guards against absurd headers).
const MAX_CASES: u64 = 1_000_000;

/// Parses the case count, then the cases one by one, handing each to `each` as it is
/// read, until the last or until `each` breaks; the number of cases read.
pub fn each_puzzle(
    bytes: &[u8],
    mut each: impl FnMut(Sudoku) -> ControlFlow<()>,
) -> Result<usize, ParseError> {
    let mut r = Reader::new(bytes);
    let t = r.number(1, MAX_CASES, "the number of cases T")?;
    r.expect_eol()?;
    let mut read = 0;
    for case in 0..t {
        if r.at_eof() {
            return Err(r.error(format!(
                "expected case {} of {t}, found end of file",
                case + 1
            )));
        }
        let grid = read_grid(&mut r, ABC, 3, 9)?;
        read += 1;
        if each(grid).is_break() {
            return Ok(read);
        }
    }
    r.expect_eof()?;
    Ok(read)
}

/// Writes puzzles in the input format.
pub fn write_input(grids: &[Sudoku], out: &mut Vec<u8>) {
    out.extend_from_slice(format!("{}\n", grids.len()).as_bytes());
    for g in grids {
        write_grid(g, ABC, 9, out);
    }
}

/// Writes solved grids, 9 lines each.
pub fn write_output<'a>(grids: impl IntoIterator<Item = &'a Sudoku>, out: &mut Vec<u8>) {
    for g in grids {
        write_grid(g, ABC, 9, out);
    }
}
