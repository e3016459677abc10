//! The HDU 3338 format, shared by `hdu3338` (Kakuro Extension) and `kakuro` (classic).
//!
//! Input: cases until end of file; each a line `n m` (2 ≤ n, m ≤ 100), then n lines of
//! m 7-character tokens separated by single spaces: `.......` white, `XXXXXXX` black,
//! `AAA\BBB` black with a 3-digit down clue `AAA` and right clue `BBB` (either may be
//! `XXX`). Output: per case n lines of m cells separated by single spaces, `_` for black
//! and the digit for white.
//!
//! The reader is strict (single spaces, LF line ends, no trailing blanks) and builds
//! each board through [`KakuroBoard::new`], so structural errors (a white cell on the
//! border, a run without a clue, a clue without a run) come back located at the cell's
//! line and column.

use super::reader::Reader;
use super::ParseError;
use crate::model::{Cell, ClueFault, DigitRule, KakuroBoard, KakuroFill};
use std::ops::ControlFlow;

/// Smallest allowed `n` and `m`.
pub const MIN_SIDE: u64 = 2;
/// Largest allowed `n` and `m`.
pub const MAX_SIDE: u64 = 100;
/// Width of a cell token.
const TOKEN: usize = 7;

/// A parsed case with the line of its `n m` header (for locating whole-board errors).
#[derive(Debug, Clone)]
pub struct LocatedBoard {
    /// The board.
    pub board: KakuroBoard,
    /// 1-based line of the case's `n m` header.
    pub header_line: usize,
}

impl LocatedBoard {
    /// The line and column of cell `(row, col)` (0-based) in the input.
    pub fn position(&self, row: usize, col: usize) -> (usize, usize) {
        (self.header_line + 1 + row, 1 + (TOKEN + 1) * col)
    }
}

/// Parses every case of a judge input.
pub fn parse_input(bytes: &[u8]) -> Result<Vec<KakuroBoard>, ParseError> {
    let mut boards = Vec::new();
    each_board(bytes, |b| {
        boards.push(b);
        ControlFlow::Continue(())
    })?;
    Ok(boards)
}

/// Parses the cases one by one, handing each board to `each` as it is read, up to the
/// end of the file or until `each` breaks; the number of cases read.
pub fn each_board(
    bytes: &[u8],
    mut each: impl FnMut(KakuroBoard) -> ControlFlow<()>,
) -> Result<usize, ParseError> {
    each_located(bytes, true, |case| each(case.board))
}

/// Parses every case, keeping where each one starts.
pub fn parse_located(bytes: &[u8]) -> Result<Vec<LocatedBoard>, ParseError> {
    parse_cases(bytes, true)
}

/// [`parse_located`], with or without the whole-row fast path (the tests compare both).
fn parse_cases(bytes: &[u8], fast: bool) -> Result<Vec<LocatedBoard>, ParseError> {
    let mut cases = Vec::new();
    each_located(bytes, fast, |case| {
        cases.push(case);
        ControlFlow::Continue(())
    })?;
    Ok(cases)
}

/// The one reading loop: each case, as it is read, to `each`, until the end of the
/// file (at least one case) or until `each` breaks; the number of cases read.
fn each_located(
    bytes: &[u8],
    fast: bool,
    mut each: impl FnMut(LocatedBoard) -> ControlFlow<()>,
) -> Result<usize, ParseError> {
    let mut r = Reader::new(bytes);
    let mut read = 0;
    loop {
        if r.at_eof() && read > 0 {
            return Ok(read);
        }
        let case = parse_case(&mut r, fast)?;
        read += 1;
        if each(case).is_break() {
            return Ok(read);
        }
    }
}

fn parse_case(r: &mut Reader<'_>, fast: bool) -> Result<LocatedBoard, ParseError> {
    let header_line = r.line();
    if r.at_eof() {
        return Err(r.expected("a case header 'n m'"));
    }
    let n = r.number(MIN_SIDE, MAX_SIDE, "the number of rows n")? as usize;
    r.require(b' ', "a single space between n and m")?;
    let m = r.number(MIN_SIDE, MAX_SIDE, "the number of columns m")? as usize;
    r.expect_eol()?;
    let mut cells = Vec::with_capacity(n * m);
    // m tokens, the spaces between them, and the line feed.
    let row_len = (TOKEN + 1) * m;
    for row in 0..n {
        // PERF: a well-formed row is read in one go; anything else (and so every error
        // message) goes through the byte-by-byte reader below.
        if let Some(line) = r.rest().get(..row_len).filter(|_| fast) {
            if fast_row(line, &mut cells) {
                r.skip_line(row_len);
                continue;
            }
        }
        for col in 0..m {
            if col > 0 {
                r.require(b' ', "a single space between cells")?;
            }
            if r.at_eof() || (col == 0 && r.peek() == Some(b'\n')) {
                return Err(r.error(format!(
                    "expected row {} of {n} ({m} cells), found {}",
                    row + 1,
                    super::reader::describe(r.peek())
                )));
            }
            cells.push(parse_token(r)?);
        }
        r.require(b'\n', "end of line after the last cell of the row")?;
    }
    let located = |e: crate::model::StructureError| match e.at {
        Some((row, col)) => ParseError::new(
            header_line + 1 + row,
            1 + (TOKEN + 1) * col,
            e.kind.to_string(),
        ),
        None => ParseError::new(header_line, 1, e.kind.to_string()),
    };
    let board = KakuroBoard::new(n, m, cells).map_err(located)?;
    Ok(LocatedBoard { board, header_line })
}

/// Appends the cells of `line` (one well-formed row: tokens separated by single spaces,
/// ending with `\n`) to `cells` and returns true; returns false, leaving `cells` as it
/// was, if anything in it is not exactly as [`parse_token`] wants it.
fn fast_row(line: &[u8], cells: &mut Vec<Cell>) -> bool {
    let start = cells.len();
    let last = line.len() / (TOKEN + 1);
    for (i, chunk) in line.chunks_exact(TOKEN + 1).enumerate() {
        let (token, sep) = chunk.split_at(TOKEN);
        // Single spaces between cells, the line feed after the last one only.
        let sep_ok = sep == if i + 1 == last { b"\n" } else { b" " };
        let cell = match token {
            b"......." => Some(Cell::White),
            b"XXXXXXX" => Some(Cell::BLACK),
            [a, b, c, b'\\', d, e, f] => match (fast_clue([*a, *b, *c]), fast_clue([*d, *e, *f])) {
                (Some(down), Some(right)) => Some(Cell::Black { down, right }),
                _ => None,
            },
            _ => None,
        };
        match cell {
            Some(cell) if sep_ok => cells.push(cell),
            _ => {
                cells.truncate(start);
                return false;
            }
        }
    }
    true
}

/// A clue token half: `Some(None)` for `XXX`, `Some(Some(v))` for three digits.
fn fast_clue(t: [u8; 3]) -> Option<Option<u16>> {
    if t == *b"XXX" {
        return Some(None);
    }
    t.iter()
        .try_fold(0u16, |v, &b| {
            b.is_ascii_digit().then(|| v * 10 + u16::from(b - b'0'))
        })
        .map(Some)
}

/// Reads one 7-character token.
fn parse_token(r: &mut Reader<'_>) -> Result<Cell, ParseError> {
    const CELL: &str = "a cell ('.......', 'XXXXXXX' or a clue 'AAA\\BBB')";
    match r.peek() {
        Some(b'.') => {
            for _ in 0..TOKEN {
                r.require(b'.', "'.' (a white cell is '.......')")?;
            }
            Ok(Cell::White)
        }
        Some(b'X') | Some(b'0'..=b'9') => {
            let down = clue(r, "a down clue (3 digits or 'XXX')")?;
            if down.is_none() && r.peek() == Some(b'X') {
                // `XXXXXXX`: a plain black cell.
                for _ in 0..4 {
                    r.require(b'X', "'X' (a black cell is 'XXXXXXX')")?;
                }
                return Ok(Cell::BLACK);
            }
            r.require(b'\\', "'\\' between the down and right clues")?;
            let right = clue(r, "a right clue (3 digits or 'XXX')")?;
            Ok(Cell::Black { down, right })
        }
        _ => Err(r.expected(CELL)),
    }
}

/// Reads `XXX` (no clue) or three digits.
fn clue(r: &mut Reader<'_>, what: &str) -> Result<Option<u16>, ParseError> {
    if r.peek() == Some(b'X') {
        for _ in 0..3 {
            r.require(b'X', what)?;
        }
        return Ok(None);
    }
    let mut value = 0u16;
    for _ in 0..3 {
        match r.peek() {
            Some(b @ b'0'..=b'9') => {
                value = value * 10 + u16::from(b - b'0');
                r.bump();
            }
            _ => return Err(r.expected(&format!("{what}: a digit"))),
        }
    }
    Ok(Some(value))
}

/// Checks what parsing does not: clue values in `length ..= 9·length` and equal across
/// and down totals, located at the clue cell or the case header.
pub fn check_clues(case: &LocatedBoard, index: usize) -> Result<(), ParseError> {
    case.board.check_clues().map_err(|fault| match fault.at() {
        Some((row, col)) => {
            let (line, col) = case.position(row, col);
            ParseError::new(line, col, fault.reason())
        }
        None => ParseError::new(
            case.header_line,
            1,
            format!("case {}: {}", index + 1, fault.reason()),
        ),
    })
}

fn clue_text(out: &mut Vec<u8>, clue: Option<u16>) {
    match clue {
        Some(v) => out.extend_from_slice(format!("{:03}", v.min(999)).as_bytes()),
        None => out.extend_from_slice(b"XXX"),
    }
}

/// Writes boards in the input format (a black cell without clues as `XXXXXXX`).
pub fn write_input(boards: &[KakuroBoard], out: &mut Vec<u8>) {
    for board in boards {
        out.extend_from_slice(format!("{} {}\n", board.rows(), board.cols()).as_bytes());
        for row in 0..board.rows() {
            for col in 0..board.cols() {
                if col > 0 {
                    out.push(b' ');
                }
                match board.cell(row, col) {
                    Cell::White => out.extend_from_slice(b"......."),
                    Cell::Black {
                        down: None,
                        right: None,
                    } => out.extend_from_slice(b"XXXXXXX"),
                    Cell::Black { down, right } => {
                        clue_text(out, down);
                        out.push(b'\\');
                        clue_text(out, right);
                    }
                }
            }
            out.push(b'\n');
        }
    }
}

/// Writes filled boards in the output format: `_` on black, the digit on white.
pub fn write_output<'a>(fills: impl IntoIterator<Item = &'a KakuroFill>, out: &mut Vec<u8>) {
    for fill in fills {
        let cols = fill.cols;
        // PERF: sized once, two bytes per cell (a byte at a time with a capacity check
        // each was 15 instructions per byte).
        out.reserve(fill.rows * (2 * cols).max(1));
        for row in 0..fill.rows {
            for col in 0..cols {
                let symbol = match fill.digits[row * cols + col] {
                    0 => b'_',
                    d => b'0' + d.min(9),
                };
                out.extend_from_slice(&[symbol, b' ']);
            }
            if cols > 0 {
                out.pop();
            }
            out.push(b'\n');
        }
    }
}

/// For classic Kakuro: every run of at most 9 cells and a clue reachable with distinct
/// digits (`1+2+…+len ≤ clue ≤ 9+8+…`), located at the clue cell.
pub fn check_classic(case: &LocatedBoard) -> Result<(), ParseError> {
    // The rule is the model's (`DigitRule::Distinct`); here it is only located and worded
    // for the judge input. PERF: through the one-pass clue check, without deriving the
    // runs (which was half of the checker's work on the 100x100 classic boards).
    let fault = match case.board.check_clue_values(DigitRule::Distinct) {
        Ok(()) => return Ok(()),
        Err(fault) => fault,
    };
    let ClueFault::NoDigitSet {
        at,
        direction,
        clue,
        len,
    } = fault
    else {
        // The totals, already checked by `check_clues`.
        let (line, col) = fault
            .at()
            .map_or((case.header_line, 1), |(r, c)| case.position(r, c));
        return Err(ParseError::new(line, col, fault.reason()));
    };
    let (min, max) = (len * (len + 1) / 2, (19 - len.min(9)) * len / 2);
    let (line, col) = case.position(at.0, at.1);
    let why = if len > 9 {
        format!("{direction} run of {len} cells cannot hold distinct digits 1-9")
    } else {
        format!(
            "{direction} clue {clue} is impossible for {len} distinct digits (must be {min} to {max})"
        )
    };
    Err(ParseError::new(line, col, why))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fill of no columns (no board has one: m is 2 to 100) is an empty line per row
    /// (cargo-mutants: `cols >= 0` removed the line end before it instead).
    #[test]
    fn a_fill_of_no_columns_writes_empty_lines() {
        let fill = KakuroFill {
            rows: 2,
            cols: 0,
            digits: Vec::new(),
        };
        let mut out = b"x\n".to_vec();
        write_output([&fill], &mut out);
        assert_eq!(out, b"x\n\n\n");
    }
    use proptest::prelude::*;

    /// Tokens and near misses: every way a row can be right or almost right.
    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            ".......", ".......", "XXXXXXX", "XXXXXXX", "005\\012", "XXX\\010", "017\\XXX",
            "XXX\\XXX", "999\\000", "......", "........", "XX.XXXX", "0a2\\XXX", "XXX/XXX",
            "XXXXXX", "12\\0034", ".....X.", "\t", "  ", " ", "\n", "\r\n", "X", "\u{e9}",
        ])
    }

    /// What `parse_cases` says, as comparable text (boards or the error).
    fn outcome(bytes: &[u8], fast: bool) -> String {
        match parse_cases(bytes, fast) {
            Ok(cases) => format!(
                "{:?}",
                cases
                    .iter()
                    .map(|c| (c.header_line, &c.board))
                    .collect::<Vec<_>>()
            ),
            Err(e) => format!("error: {e}"),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The whole-row fast path reads exactly what the byte-by-byte reader reads and
        /// fails exactly where it fails, with the same message.
        #[test]
        fn fast_rows_read_like_the_byte_reader(
            n in 2usize..5,
            m in 2usize..5,
            cells in prop::collection::vec(piece(), 4..40),
            mostly_valid in any::<bool>(),
        ) {
            let mut text = format!("{n} {m}\n");
            let mut it = cells.iter().cycle();
            for _ in 0..n {
                for col in 0..m {
                    if col > 0 {
                        text.push(' ');
                    }
                    let mut p = *it.next().unwrap_or(&".......");
                    if mostly_valid && (p.len() != 7 || p.contains(['\n', '\t', ' '])) {
                        // Keep the row layout; only the tokens vary.
                        p = ".......";
                    }
                    text.push_str(p);
                }
                text.push('\n');
            }
            let bytes = text.as_bytes();
            prop_assert_eq!(outcome(bytes, true), outcome(bytes, false), "{}", text);
        }
    }

    #[test]
    fn a_short_row_is_not_read_as_a_whole_one() {
        // Row 1 ends after one cell; its line feed sits where a space should be.
        let text = b"2 2\nXXXXXXX\n....... .......\nXXXXXXX XXXXXXX\n";
        assert_eq!(outcome(text, true), outcome(text, false));
        assert!(
            outcome(text, true).starts_with("error: line 2"),
            "{}",
            outcome(text, true)
        );
    }

    #[test]
    fn a_bad_token_after_good_rows_is_located_the_same_way() {
        let text = b"2 3\n....... XXXXXXX 005\\012\nXXXXXXX ...,... XXXXXXX\n";
        assert_eq!(outcome(text, true), outcome(text, false));
        assert!(
            outcome(text, true).contains("line 3"),
            "{}",
            outcome(text, true)
        );
    }

    #[test]
    fn the_fast_path_takes_every_well_formed_row() {
        // Each kind of token, first, inside and last in a row: the fast path must read it
        // (a refused good row would only be slower, which no error message shows).
        let black = |down, right| Cell::Black { down, right };
        for (token, cell) in [
            (".......", Cell::White),
            ("XXXXXXX", Cell::BLACK),
            ("005\\012", black(Some(5), Some(12))),
            ("XXX\\010", black(None, Some(10))),
            ("017\\XXX", black(Some(17), None)),
            ("XXX\\XXX", Cell::BLACK),
        ] {
            for (row, at) in [
                (format!("{token} XXXXXXX .......\n"), 0),
                (format!("XXXXXXX {token} .......\n"), 1),
                (format!("XXXXXXX ....... {token}\n"), 2),
            ] {
                let mut cells = vec![Cell::White];
                assert!(fast_row(row.as_bytes(), &mut cells), "{row:?}");
                assert_eq!(cells.len(), 4, "{row:?}");
                assert_eq!(cells[1 + at], cell, "{row:?}");
            }
        }
        // Rows of every length up to 20 cells (the line feed is looked for after the
        // last one; cargo-mutants: counting the cells as `len / 7` broke rows of 7 or more).
        for n in 1..=20 {
            let row = vec!["......."; n].join(" ") + "\n";
            let mut cells = Vec::new();
            assert!(fast_row(row.as_bytes(), &mut cells), "{n} cells");
            assert_eq!(cells, vec![Cell::White; n], "{n} cells");
        }
        let mut cells = Vec::new();
        for near_miss in ["....... XXXXXXX ", "...... XXXXXXXX\n", "......X XXXXXXX\n"] {
            assert!(!fast_row(near_miss.as_bytes(), &mut cells), "{near_miss:?}");
            assert!(cells.is_empty(), "{near_miss:?}");
        }
    }
}
