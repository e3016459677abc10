//! Command-line plumbing shared by the subcommands: exit codes, file reading, and the
//! one error type that maps to an exit code. Each subcommand lives in its own file and
//! turns arguments into library calls.

pub mod check;
pub mod exit;
pub mod export;
pub mod gen;
pub mod judge;
pub mod man;
pub mod margins;
pub mod report;
pub mod solve;
pub mod stress;
pub mod track;
pub mod verify;
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

    /// A usage error ([`exit::USAGE`]).
    pub fn usage(message: impl Into<String>) -> Self {
        Failure::new(exit::USAGE, message)
    }

    /// The judge's own failure ([`exit::JUDGE_FAILURE`]).
    pub fn judge(message: impl Into<String>) -> Self {
        Failure::new(exit::JUDGE_FAILURE, message)
    }

    /// A gridjudge bug ([`exit::INTERNAL`]).
    pub fn internal(message: impl Into<String>) -> Self {
        Failure::new(exit::INTERNAL, message)
    }

    /// `path` cannot be written ([`exit::IO_ERROR`]).
    pub fn cannot_write(path: &Path, e: impl std::fmt::Display) -> Self {
        Failure::new(
            exit::IO_ERROR,
            format!("cannot write {}: {e}", path.display()),
        )
    }

    /// The same failure with `prefix: ` before its message (the command's name).
    pub fn context(self, prefix: &str) -> Self {
        Failure {
            message: format!("{prefix}: {}", self.message),
            ..self
        }
    }
}

/// A problem folder that cannot be read is 66; one whose `problem.toml` or layout is
/// wrong is the caller's configuration, 64 (every mistake named at once); one with a link
/// out of it, a special file or invalid data is broken, 3.
impl From<gridjudge::judge::config::ConfigError> for Failure {
    fn from(e: gridjudge::judge::config::ConfigError) -> Failure {
        use gridjudge::judge::config::ConfigError;
        let code = match e {
            ConfigError::Read { .. } => exit::NO_INPUT,
            ConfigError::Unsafe(_) | ConfigError::Data { .. } => exit::JUDGE_FAILURE,
            _ => exit::USAGE,
        };
        Failure::new(code, e.to_string())
    }
}

/// A package that cannot be read is 66, one of a type gridjudge does not judge 64, a
/// broken one 3.
impl From<gridjudge::package::PackageError> for Failure {
    fn from(e: gridjudge::package::PackageError) -> Failure {
        use gridjudge::package::PackageError;
        let code = match e {
            PackageError::Read { .. } => exit::NO_INPUT,
            PackageError::Unsupported { .. } => exit::USAGE,
            _ => exit::JUDGE_FAILURE,
        };
        Failure::new(code, e.to_string())
    }
}

/// An export that cannot read the problem is 66, one that cannot write the package 74,
/// one refused (no answer, a destination in use) 64.
impl From<gridjudge::package::export::ExportError> for Failure {
    fn from(e: gridjudge::package::export::ExportError) -> Failure {
        use gridjudge::package::export::ExportError;
        let code = match e {
            ExportError::Read { .. } => exit::NO_INPUT,
            ExportError::Write { .. } => exit::IO_ERROR,
            _ => exit::USAGE,
        };
        Failure::new(code, e.to_string())
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
    write_to(&mut std::io::stdout().lock(), bytes)
}

/// Writes `bytes` to `sink` and flushes it: Ok(true) when written, Ok(false) when the
/// reader has gone (a closed pipe), any other failure [`exit::IO_ERROR`].
fn write_to(sink: &mut impl Write, bytes: &[u8]) -> Result<bool, Failure> {
    match sink.write_all(bytes).and_then(|()| sink.flush()) {
        Ok(()) => Ok(true),
        // A closed pipe (`| head`) is the reader's choice, not an error.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(Failure::new(
            exit::IO_ERROR,
            format!("cannot write the output: {e}"),
        )),
    }
}

/// An output written a chunk at a time as a command produces it (to stdout:
/// [`ChunkedStdout`]; the tests give it a sink of their own).
///
/// PERF: `gridjudge solve` on 10,000 Sudoku puzzles kept its 820 KB output in one buffer
/// and faulted in 200 fresh pages for it (about 0.7 ms of system time on this VM, a
/// few percent of the run); one chunk, reused, is faulted in once.
pub struct Chunked<W: Write> {
    sink: W,
    buf: Vec<u8>,
    open: bool,
}

/// [`Chunked`] output to stdout.
pub type ChunkedStdout = Chunked<std::io::Stdout>;

impl ChunkedStdout {
    /// An empty output to stdout.
    pub fn new() -> Self {
        Chunked::to(std::io::stdout())
    }
}

impl Default for ChunkedStdout {
    fn default() -> Self {
        Self::new()
    }
}

impl<W: Write> Chunked<W> {
    /// Bytes gathered before they are written.
    pub const CHUNK: usize = 64 << 10;

    /// An empty output to `sink`.
    pub fn to(sink: W) -> Self {
        Chunked {
            sink,
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

    /// Writes the pending bytes (nothing once the reader has gone). Ok(false) when the
    /// reader has gone.
    pub fn flush(&mut self) -> Result<bool, Failure> {
        if self.open && !self.buf.is_empty() {
            self.open = write_to(&mut self.sink, &self.buf)?;
        }
        self.buf.clear();
        Ok(self.open)
    }
}

/// Writes a report or side file to `path` (the user's), never through a link planted
/// there (`gridjudge::tree::write_file`); a failure is [`exit::IO_ERROR`].
pub fn write_file(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), Failure> {
    gridjudge::tree::write_file(path, bytes.as_ref()).map_err(|e| match e {
        gridjudge::tree::TreeError::Write { source, .. } => Failure::cannot_write(path, source),
        other => Failure::new(exit::IO_ERROR, other.to_string()),
    })
}

/// Checks, before any work, that a report can be written to `path`: the file is
/// created (or opened for appending, leaving its contents) and closed; the report
/// replaces it at the end. An unwritable place is [`exit::IO_ERROR`], told at once
/// rather than after judging everything.
pub fn check_writable(path: &Path) -> Result<(), Failure> {
    use std::os::unix::fs::OpenOptionsExt;
    // A report never follows a link planted where it goes, nor blocks on a FIFO.
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map(drop)
        .map_err(|e| Failure::cannot_write(path, e))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A sink that records each write and counts every attempt, and fails every
    /// attempt from the `fail_at`-th on with `error`.
    struct Recorder {
        writes: Vec<Vec<u8>>,
        attempts: usize,
        fail_at: usize,
        error: std::io::ErrorKind,
    }

    impl Write for Recorder {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.attempts += 1;
            if self.attempts > self.fail_at {
                return Err(self.error.into());
            }
            self.writes.push(bytes.to_vec());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn recorder(fail_at: usize, error: std::io::ErrorKind) -> Chunked<Recorder> {
        Chunked::to(Recorder {
            writes: Vec::new(),
            attempts: 0,
            fail_at,
            error,
        })
    }

    /// The chunk size docs/commands.md promises ("64 KiB at a time").
    const CHUNK: usize = 64 * 1024;

    #[test]
    fn the_chunk_is_64_kib() {
        assert_eq!(Chunked::<Recorder>::CHUNK, CHUNK);
    }

    /// Nothing is written before a chunk is full; a full chunk is written whole, in
    /// one write; `flush` writes what is left, and nothing when nothing is left.
    #[test]
    fn chunks_are_written_when_full_and_the_rest_on_flush() {
        let mut out = recorder(usize::MAX, std::io::ErrorKind::Other);
        let line = [b'7'; 100];
        let mut sent = Vec::new();
        for _ in 0..(CHUNK / line.len()) {
            out.buf().extend_from_slice(&line);
            sent.extend_from_slice(&line);
            assert_eq!(out.write_full_chunk().ok(), Some(true));
        }
        assert!(
            out.sink.writes.is_empty(),
            "written before a chunk was full"
        );
        out.buf().extend_from_slice(&line);
        sent.extend_from_slice(&line);
        assert_eq!(out.write_full_chunk().ok(), Some(true));
        assert_eq!(out.sink.writes.len(), 1);
        assert!(out.sink.writes[0].len() >= CHUNK);
        out.buf().extend_from_slice(b"tail\n");
        sent.extend_from_slice(b"tail\n");
        assert_eq!(out.flush().ok(), Some(true));
        assert_eq!(out.flush().ok(), Some(true));
        assert_eq!(out.sink.writes.len(), 2, "an empty flush wrote");
        assert_eq!(out.sink.writes.concat(), sent);
    }

    /// A closed pipe: the output says the reader is gone, and writes nothing more.
    #[test]
    fn a_closed_pipe_stops_the_writes() {
        let mut out = recorder(1, std::io::ErrorKind::BrokenPipe);
        out.buf().extend_from_slice(b"first\n");
        assert_eq!(out.flush().ok(), Some(true));
        out.buf().extend_from_slice(b"second\n");
        assert_eq!(out.flush().ok(), Some(false));
        out.buf().extend_from_slice(&vec![b'x'; CHUNK]);
        assert_eq!(out.write_full_chunk().ok(), Some(false));
        assert_eq!(out.flush().ok(), Some(false));
        assert_eq!(out.sink.writes, vec![b"first\n".to_vec()]);
        assert_eq!(out.sink.attempts, 2, "tried to write after the pipe closed");
        assert!(out.buf().is_empty());
    }

    /// Any other write error is an I/O failure (exit 74), not a quiet stop.
    #[test]
    fn another_write_error_is_an_io_failure() {
        let mut out = recorder(0, std::io::ErrorKind::PermissionDenied);
        out.buf().extend_from_slice(b"x\n");
        let failure = out.flush().err().map(|f| (f.code, f.message));
        assert_eq!(
            failure.as_ref().map(|(code, _)| *code),
            Some(exit::IO_ERROR),
            "{failure:?}"
        );
        assert!(failure.is_some_and(|(_, m)| m.starts_with("cannot write the output")));
    }
}
