//! A command's files in and out: the input read whole from a file or standard input
//! ([`read_input`], named [`display_name`] in messages), the output written a chunk at a
//! time as it is produced ([`Chunked`]), a closed pipe taken as the reader's choice
//! (`| head`), any other write error the command's failure (exit 74); a report and its
//! side files written together ([`Outputs`]), never through a link.

use crate::error::Failure;
use crate::exit;
use crate::report::Render;
use std::io::Write;
use std::path::Path;

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

/// How a path is named in messages (`<stdin>` for `-`).
pub fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Writes `bytes` to `sink` and flushes it: Ok(true) when written, Ok(false) when the
/// reader has gone (a closed pipe), any other failure [`exit::IO_ERROR`].
pub fn write_to(sink: &mut impl Write, bytes: &[u8]) -> Result<bool, Failure> {
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
    pub(crate) const CHUNK: usize = 64 << 10;

    /// An empty output to `sink`.
    pub fn to(sink: W) -> Self {
        Chunked {
            sink,
            buf: Vec::with_capacity(Self::CHUNK + (8 << 10)),
            open: true,
        }
    }

    /// The pending bytes, to append to.
    pub(crate) fn buf(&mut self) -> &mut Vec<u8> {
        &mut self.buf
    }

    /// Writes the pending bytes once they fill a chunk. Ok(false) when the reader has
    /// gone (a closed pipe: nothing more will be read, the caller may stop).
    pub(crate) fn write_full_chunk(&mut self) -> Result<bool, Failure> {
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
/// there (`crate::tree::write_file`); a failure is [`exit::IO_ERROR`].
pub fn write_file(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), Failure> {
    crate::tree::write_file(path, bytes.as_ref()).map_err(|e| match e {
        crate::tree::TreeError::Write { source, .. } => Failure::cannot_write(path, source),
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

/// A document's outputs, built once from the arguments: its rendering on stdout and
/// each side file with a rendering of its own (`--junit`, `--html`, `--bmf` …), the
/// writers taken from the list of formats (`report::formats::FORMATS`) by the command
/// line. The side files are checked writable before the run ([`check_writable`]);
/// each is written whole at the end, never through a link planted where it goes.
pub struct Outputs<'a, R: ?Sized> {
    stdout: Box<dyn Render<R> + 'a>,
    files: Vec<(&'a Path, Box<dyn Render<R> + 'a>)>,
}

impl<'a, R: ?Sized> Outputs<'a, R> {
    /// Outputs with `stdout`'s rendering on stdout and no side file yet.
    pub fn new(stdout: Box<dyn Render<R> + 'a>) -> Self {
        Outputs {
            stdout,
            files: Vec::new(),
        }
    }

    /// The same outputs, and `writer`'s rendering written to `path`.
    pub(crate) fn with_file(mut self, path: &'a Path, writer: Box<dyn Render<R> + 'a>) -> Self {
        self.files.push((path, writer));
        self
    }

    /// Renders `report` to stdout (a closed pipe is not an error) and to every side file.
    pub fn write(&self, report: &R) -> Result<(), Failure> {
        let render = |writer: &dyn Render<R>| {
            writer
                .render(report)
                .map_err(|e| Failure::internal(e.to_string()))
        };
        let text = render(self.stdout.as_ref())?;
        write_to(&mut std::io::stdout().lock(), text.as_bytes())?;
        for (path, writer) in &self.files {
            write_file(path, render(writer.as_ref())?)?;
        }
        Ok(())
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
