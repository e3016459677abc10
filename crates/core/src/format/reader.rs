//! A byte cursor that knows its line and column, for readers that validate as they read.
//!
//! Every judge format is strict ASCII with LF line ends; the reader gives each format
//! the primitives it needs (peek, expect a byte, read a bounded number) and builds
//! located [`ParseError`]s that say what was expected and what was found.

use super::ParseError;

/// A cursor over the input bytes with 1-based line and column tracking.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    col: usize,
}

/// How a byte (or the end of the input) is named in an error message.
pub(crate) fn describe(byte: Option<u8>) -> String {
    match byte {
        None => "end of file".to_string(),
        Some(b'\n') => "end of line".to_string(),
        Some(b'\r') => "a carriage return (CR)".to_string(),
        Some(b' ') => "a space".to_string(),
        Some(b'\t') => "a tab".to_string(),
        Some(b) if b.is_ascii_graphic() => format!("'{}'", b as char),
        Some(b) => format!("byte 0x{b:02x}"),
    }
}

impl<'a> Reader<'a> {
    /// A reader at line 1, column 1.
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Reader {
            bytes,
            pos: 0,
            line: 1,
            col: 1,
        }
    }

    /// Current line, 1-based.
    pub(crate) fn line(&self) -> usize {
        self.line
    }

    /// Current column, 1-based.
    pub(crate) fn col(&self) -> usize {
        self.col
    }

    /// The next byte, if any.
    pub(crate) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// The remaining bytes.
    pub(crate) fn rest(&self) -> &'a [u8] {
        &self.bytes[self.pos..]
    }

    /// True at end of input.
    pub(crate) fn at_eof(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    /// Consumes the rest of the current line, `len` bytes ending with its `\n` (the
    /// caller has checked them): the reader moves to the start of the next line.
    pub(crate) fn skip_line(&mut self, len: usize) {
        debug_assert!(self.rest().get(len.wrapping_sub(1)) == Some(&b'\n'));
        debug_assert!(!self.rest()[..len - 1].contains(&b'\n'));
        self.pos += len;
        self.line += 1;
        self.col = 1;
    }

    /// Consumes one byte.
    pub(crate) fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.pos += 1;
        if b == b'\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(b)
    }

    /// An error at the current position: "expected {expected}, found {next byte}".
    pub(crate) fn expected(&self, expected: &str) -> ParseError {
        ParseError::new(
            self.line,
            self.col,
            format!("expected {expected}, found {}", describe(self.peek())),
        )
    }

    /// An error at the current position with a free-form message.
    pub(crate) fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::new(self.line, self.col, message.into())
    }

    /// Consumes `byte` or fails with "expected {what}".
    pub(crate) fn require(&mut self, byte: u8, what: &str) -> Result<(), ParseError> {
        if self.peek() == Some(byte) {
            self.bump();
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    /// Consumes the LF that ends a line.
    pub(crate) fn expect_eol(&mut self) -> Result<(), ParseError> {
        self.require(b'\n', "end of line")
    }

    /// Requires the end of input.
    pub(crate) fn expect_eof(&self) -> Result<(), ParseError> {
        if self.at_eof() {
            Ok(())
        } else {
            Err(self.expected("end of file"))
        }
    }

    /// Reads a decimal number in `min..=max` without sign or leading zeros; `what` names it.
    pub(crate) fn number(&mut self, min: u64, max: u64, what: &str) -> Result<u64, ParseError> {
        let (line, col) = (self.line, self.col);
        if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
            return Err(self.expected(what));
        }
        if self.peek() == Some(b'0')
            && self
                .bytes
                .get(self.pos + 1)
                .is_some_and(|b| b.is_ascii_digit())
        {
            return Err(self.error(format!("expected {what} without leading zeros")));
        }
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(b) = self.peek().filter(u8::is_ascii_digit) {
            value = value.saturating_mul(10).saturating_add(u64::from(b - b'0'));
            self.bump();
        }
        if value < min || value > max {
            // A number may be megabytes of digits: show the first ones and the length.
            let digits = &self.bytes[start..self.pos];
            let shown = String::from_utf8_lossy(&digits[..digits.len().min(20)]);
            let found = if digits.len() > 20 {
                format!("{shown}… ({} digits)", digits.len())
            } else {
                shown.into_owned()
            };
            return Err(ParseError::new(
                line,
                col,
                format!("{what} must be {min} to {max}, found {found}"),
            ));
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both ends of the range are in it, one past either end is not (cargo-mutants:
    /// `value > max` as `>=` went unseen, which would refuse a 100×100 hdu3338 board).
    #[test]
    fn a_number_at_either_end_of_its_range_is_taken() {
        let read = |text: &str| Reader::new(text.as_bytes()).number(2, 100, "n");
        assert_eq!(read("2"), Ok(2));
        assert_eq!(read("100"), Ok(100));
        assert_eq!(
            read("1").map_err(|e| e.message),
            Err("n must be 2 to 100, found 1".into())
        );
        assert_eq!(
            read("101").map_err(|e| e.message),
            Err("n must be 2 to 100, found 101".into())
        );
        // Up to 20 digits are shown as they are; a longer number by its first 20 and
        // its length (cargo-mutants: `> 20` → `>= 20` had survived).
        assert_eq!(
            read("12345678901234567890").map_err(|e| e.message),
            Err("n must be 2 to 100, found 12345678901234567890".into())
        );
        assert_eq!(
            read("123456789012345678901").map_err(|e| e.message),
            Err("n must be 2 to 100, found 12345678901234567890… (21 digits)".into())
        );
    }
}
