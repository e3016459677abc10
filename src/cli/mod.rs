//! Command-line plumbing shared by the subcommands: exit codes, file reading, and the
//! one error type that maps to an exit code. Each subcommand lives in its own file and
//! turns arguments into library calls.

pub mod check;
pub mod exit;
pub mod export;
pub mod gen; // issue 16: gen, generate
pub mod judge;
pub mod margins;
pub mod package;
pub mod solve;
pub mod stress; // issue 16: stress
pub mod track;
pub mod verify_submissions;

use std::io::Write;
use std::path::Path;

/// A failure that ends the command: a message for stderr and an exit code.
#[derive(Debug)]
pub struct Failure {
    /// Exit code from [`exit`].
    pub code: u8,
    /// One line, already naming the file where there is one.
    pub message: String,
}

impl Failure {
    /// A failure with `code`.
    pub fn new(code: u8, message: impl Into<String>) -> Self {
        Failure {
            code,
            message: message.into(),
        }
    }
}

/// Reads a whole file, or stdin for `-`; an unreadable file is [`exit::NO_INPUT`].
pub fn read_input(path: &Path) -> Result<Vec<u8>, Failure> {
    let result = if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut buf).map(|_| buf)
    } else {
        std::fs::read(path)
    };
    result.map_err(|e| {
        Failure::new(
            exit::NO_INPUT,
            format!("cannot read {}: {e}", path.display()),
        )
    })
}

/// Writes `bytes` to stdout; a closed pipe is not an error, any other failure is
/// [`exit::IO_ERROR`].
pub fn write_stdout(bytes: &[u8]) -> Result<(), Failure> {
    write_out(bytes).map(|_open| ())
}

/// [`write_stdout`], telling whether the reader is still there (false: a closed pipe).
fn write_out(bytes: &[u8]) -> Result<bool, Failure> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(true),
        // A closed pipe (`| head`) is the reader's choice, not an error.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(Failure::new(
            exit::IO_ERROR,
            format!("cannot write the output: {e}"),
        )),
    }
}

/// An output written to stdout a chunk at a time as a command produces it.
///
/// PERF: `gridjudge solve` on 10,000 Sudoku puzzles kept its 820 KB output in one buffer
/// and faulted in 200 fresh pages for it (about 0.7 ms of system time on this VM, a
/// few percent of the run); one chunk, reused, is faulted in once.
pub struct ChunkedStdout {
    buf: Vec<u8>,
    open: bool,
}

impl ChunkedStdout {
    /// Bytes gathered before they are written.
    pub const CHUNK: usize = 64 << 10;

    /// An empty output.
    pub fn new() -> Self {
        ChunkedStdout {
            buf: Vec::with_capacity(Self::CHUNK + (8 << 10)),
            open: true,
        }
    }

    /// The pending bytes, to append to.
    pub fn buf(&mut self) -> &mut Vec<u8> {
        &mut self.buf
    }

    /// Writes the pending bytes once they fill a chunk. Ok(false) when the reader has
    /// gone (a closed pipe: nothing more will be read, the caller may stop).
    pub fn write_full_chunk(&mut self) -> Result<bool, Failure> {
        if self.buf.len() >= Self::CHUNK {
            self.flush()
        } else {
            Ok(self.open)
        }
    }

    /// Writes the pending bytes. Ok(false) when the reader has gone.
    pub fn flush(&mut self) -> Result<bool, Failure> {
        if self.open && !self.buf.is_empty() {
            self.open = write_out(&self.buf)?;
        }
        self.buf.clear();
        Ok(self.open)
    }
}

impl Default for ChunkedStdout {
    fn default() -> Self {
        Self::new()
    }
}

/// Checks, before any work, that a report can be written to `path`: the file is
/// created (or opened for appending, leaving its contents) and closed; the report
/// replaces it at the end. An unwritable place is [`exit::IO_ERROR`], told at once
/// rather than after judging everything.
pub fn check_writable(path: &Path) -> Result<(), Failure> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map(drop)
        .map_err(|e| {
            Failure::new(
                exit::IO_ERROR,
                format!("cannot write {}: {e}", path.display()),
            )
        })
}

/// `-j N`: at least one worker (`-j 0` is a usage error, not "as many as cores").
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// How a path is named in messages (`<stdin>` for `-`).
pub fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}
