//! The first difference between a program's output and the jury's answer: the excerpt
//! a wrong answer's report shows beside the checker's message (problemtools' and
//! BAPCtools' diff), so the reader sees the line that went wrong without opening files.
//!
//! The two files are compared as the default output validator reads them, token by
//! token (a token is a run of bytes that are not ASCII white space), so a difference of
//! white space alone is no difference. The comparison streams both files a byte at a
//! time through a buffer: the judge's memory does not grow with the output, however
//! long its lines or tokens. Once the first differing token is found, the line holding
//! it is read again from each file and cut to [`WIDTH`] characters, control characters
//! escaped, so the excerpt is one visible line whatever the program printed.
//!
//! Only checkers that compare with the answer ask for it: gridjudge's own, and a
//! package's default output validator. A custom validator's `.ans` need not be the only
//! right output (or an output at all), so an excerpt from it could mislead.

use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// Most characters of a line an excerpt keeps (`…` marks a cut line).
pub const WIDTH: usize = 100;

/// Where the output first differs from the answer, and the two lines there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstDifference {
    /// The 1-based line of the output holding the first differing token (for an output
    /// that ended too early, the line where it ended).
    pub output_line: u64,
    /// The 1-based byte column of the output's first differing byte on that line (0
    /// when the output had no more tokens).
    pub output_column: u64,
    /// The 1-based line of the answer holding the token expected there.
    pub answer_line: u64,
    /// That line of the output, cut and escaped; `None` when the output had no more
    /// tokens.
    pub got: Option<String>,
    /// That line of the answer, cut and escaped; `None` when the answer had no more
    /// tokens (the output goes on past it).
    pub expected: Option<String>,
}

impl FirstDifference {
    /// The excerpt as text lines for a report: where, then the two lines.
    pub fn lines(&self) -> [String; 3] {
        let shown = |l: &Option<String>, end: &str| match l {
            Some(text) => text.clone(),
            None => end.to_string(),
        };
        let column = match self.output_column {
            0 => String::new(),
            c => format!(", column {c}"),
        };
        let at = if self.got.is_none() {
            format!(
                "first difference: the output ends, where line {} of the answer goes on",
                self.answer_line
            )
        } else if self.output_line == self.answer_line {
            format!("first difference at line {}{column}", self.output_line)
        } else {
            format!(
                "first difference at line {}{column} (line {} of the answer)",
                self.output_line, self.answer_line
            )
        };
        [
            at,
            format!("expected: {}", shown(&self.expected, "(end of the answer)")),
            format!("got:      {}", shown(&self.got, "(end of the output)")),
        ]
    }
}

/// The first difference of `output` from `answer`, token by token; `None` when their
/// tokens are the same (a difference the checker found in white space, numbers within
/// a tolerance, …) or a file cannot be read.
pub fn find(output: &Path, answer: &Path) -> Option<FirstDifference> {
    let mut got = Tokens::open(output)?;
    let mut want = Tokens::open(answer)?;
    loop {
        let (has_got, has_want) = (got.skip_space(), want.skip_space());
        let at = (got.line, want.line);
        let mut column = got.column;
        let differs = if has_got != has_want {
            true
        } else if !has_got {
            return None;
        } else {
            loop {
                column = got.column;
                let (a, b) = (got.token_byte(), want.token_byte());
                if a != b {
                    break true;
                }
                if a.is_none() {
                    break false;
                }
            }
        };
        if differs {
            return Some(FirstDifference {
                output_line: at.0,
                output_column: if has_got { column + 1 } else { 0 },
                answer_line: at.1,
                got: has_got.then(|| line_of(output, at.0)).flatten(),
                expected: has_want.then(|| line_of(answer, at.1)).flatten(),
            });
        }
    }
}

/// `path` opened for reading if it is a regular file, never blocking on a FIFO
/// ([`crate::tree::open_regular`]).
fn open(path: &Path) -> Option<File> {
    crate::tree::open_regular(path).ok()
}

/// A file read as tokens, a byte at a time, counting lines.
struct Tokens {
    reader: BufReader<File>,
    /// The 1-based line of the next byte.
    line: u64,
    /// The 0-based byte column of the next byte on its line.
    column: u64,
}

impl Tokens {
    fn open(path: &Path) -> Option<Tokens> {
        Some(Tokens {
            reader: BufReader::with_capacity(64 * 1024, open(path)?),
            line: 1,
            column: 0,
        })
    }

    fn peek(&mut self) -> Option<u8> {
        self.reader.fill_buf().ok()?.first().copied()
    }

    /// Skips white space; `true` when a token follows.
    fn skip_space(&mut self) -> bool {
        while let Some(b) = self.peek() {
            if !b.is_ascii_whitespace() {
                return true;
            }
            if b == b'\n' {
                self.line += 1;
                self.column = 0;
            } else {
                self.column += 1;
            }
            self.reader.consume(1);
        }
        false
    }

    /// The next byte of the current token; `None` at its end (white space or the end of
    /// the file, which is not consumed).
    fn token_byte(&mut self) -> Option<u8> {
        let b = self.peek().filter(|b| !b.is_ascii_whitespace())?;
        self.reader.consume(1);
        self.column += 1;
        Some(b)
    }
}

/// Line `n` (1-based) of `path`, cut to [`WIDTH`] characters and escaped; `None` when
/// the file is shorter. Reads at most a few times [`WIDTH`] bytes of any line.
fn line_of(path: &Path, n: u64) -> Option<String> {
    let mut reader = BufReader::new(open(path)?);
    let mut line = 1;
    while line < n {
        let mut skipped = Vec::new();
        // A line of any length is skipped a buffer at a time.
        let read = reader
            .by_ref()
            .take(64 * 1024)
            .read_until(b'\n', &mut skipped);
        match read {
            Ok(0) | Err(_) => return None,
            Ok(_) if skipped.last() == Some(&b'\n') => line += 1,
            Ok(_) => {}
        }
    }
    let mut kept = Vec::new();
    let cap = (WIDTH * 4 + 1) as u64;
    reader
        .by_ref()
        .take(cap)
        .read_until(b'\n', &mut kept)
        .ok()?;
    let longer = kept.len() as u64 == cap && kept.last() != Some(&b'\n');
    while matches!(kept.last(), Some(b'\n' | b'\r')) {
        kept.pop();
    }
    let text = String::from_utf8_lossy(&kept);
    let mut out = String::new();
    let mut cut = longer;
    for (count, c) in text.chars().enumerate() {
        if count == WIDTH {
            cut = true;
            break;
        }
        match c {
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", u32::from(c))),
            c => out.push(c),
        }
    }
    if cut {
        out.push('…');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(output: &[u8], answer: &[u8]) -> Option<FirstDifference> {
        let dir = tempfile::tempdir().expect("temp dir");
        let (o, a) = (dir.path().join("out"), dir.path().join("ans"));
        std::fs::write(&o, output).expect("write");
        std::fs::write(&a, answer).expect("write");
        find(&o, &a)
    }

    #[test]
    fn the_first_differing_token_names_its_lines() {
        let d = diff(b"1 2 3\n4 5 6\n7 9 8\n", b"1 2 3\n4 5 6\n7 8 9\n").expect("a difference");
        assert_eq!((d.output_line, d.output_column, d.answer_line), (3, 3, 3));
        assert_eq!(d.got.as_deref(), Some("7 9 8"));
        assert_eq!(d.expected.as_deref(), Some("7 8 9"));
        assert_eq!(d.lines()[0], "first difference at line 3, column 3");
        // Inside a token, the column of the byte; a prefix of the other token differs
        // where it ends.
        let d = diff(b"  123456789\n", b"123459876\n").expect("a difference");
        assert_eq!(d.output_column, 8);
        let d = diff(b"12\n", b"123\n").expect("a difference");
        assert_eq!(d.got.as_deref(), Some("12"));
        assert_eq!(d.output_column, 3);
    }

    #[test]
    fn white_space_alone_is_no_difference() {
        assert_eq!(diff(b"1  2\r\n3\n\n\n", b"1 2\n3"), None);
        assert_eq!(diff(b"", b"  \n"), None);
        // Tokens on other lines: the lines of each file are named.
        let d = diff(b"1\n\n2 x\n", b"1 2 3\n").expect("a difference");
        assert_eq!((d.output_line, d.answer_line), (3, 1));
        assert_eq!(
            d.lines()[0],
            "first difference at line 3, column 3 (line 1 of the answer)"
        );
    }

    #[test]
    fn an_output_that_ends_early_or_goes_on_says_so() {
        let d = diff(b"1 2\n", b"1 2\n3\n").expect("a difference");
        assert_eq!(d.got, None);
        assert_eq!(d.expected.as_deref(), Some("3"));
        assert_eq!(
            d.lines()[0],
            "first difference: the output ends, where line 2 of the answer goes on"
        );
        assert_eq!(d.lines()[2], "got:      (end of the output)");
        let d = diff(b"1 2\n3\n", b"1 2\n").expect("a difference");
        assert_eq!(d.expected, None);
        assert_eq!(d.lines()[1], "expected: (end of the answer)");
    }

    #[test]
    fn a_long_or_hostile_line_is_cut_and_escaped() {
        let mut long = vec![b'x'; 1 << 20];
        long.extend_from_slice(b"\x1b[2J\n");
        let d = diff(&long, b"y\n").expect("a difference");
        let got = d.got.expect("a line");
        assert_eq!(got.chars().count(), WIDTH + 1);
        assert!(got.ends_with('…'));
        let d = diff(b"a\x1b[31m\tb\n", b"a\n").expect("a difference");
        assert_eq!(d.got.as_deref(), Some("a\\x1b[31m\\tb"));
        // Binary garbage is no panic.
        assert!(diff(&[0xff, 0xfe, 0, 1, 2], b"1").is_some());
    }

    #[test]
    fn a_missing_file_gives_no_excerpt() {
        assert_eq!(
            find(Path::new("/nonexistent/a"), Path::new("/nonexistent/b")),
            None
        );
    }
}
