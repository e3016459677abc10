//! The command line: one file per subcommand, each of which parses its arguments into
//! one of the library's plans ([`gridjudge::plan`]), calls it and renders what it
//! returns. The error type ([`Failure`]), the exit codes ([`exit`]) and the files in and
//! out ([`gridjudge::plan::io`]) are the library's, re-exported here for the commands.

pub mod check;
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

pub use gridjudge::error::Failure;
pub use gridjudge::exit;
pub use gridjudge::plan::io::{check_writable, display_name, read_input, write_file};

/// Writes `bytes` to stdout; a closed pipe is not an error, any other failure is
/// [`exit::IO_ERROR`].
pub fn write_stdout(bytes: &[u8]) -> Result<(), Failure> {
    write_out(bytes).map(|_open| ())
}

/// [`write_stdout`], telling whether the reader is still there (false: a closed pipe).
fn write_out(bytes: &[u8]) -> Result<bool, Failure> {
    gridjudge::plan::io::write_to(&mut std::io::stdout().lock(), bytes)
}

/// `-j N`: at least one worker (`-j 0` is a usage error, not "as many as cores").
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// Prints a plan's notice on a line of its own on stderr (`warning: …`, `note: …`,
/// `error: …`).
pub fn print_notice(notice: gridjudge::plan::Notice) {
    eprintln!("{notice}");
}
