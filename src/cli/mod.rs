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
pub mod reports;
pub mod solve;
pub mod stress;
pub mod track;
pub mod verify;
pub mod verify_submissions;

pub use gridjudge::error::Failure;
pub use gridjudge::exit;
pub use gridjudge::plan::io::{display_name, read_input, write_file};

/// Writes `bytes` to stdout; a closed pipe is not an error, any other failure is
/// [`exit::IO_ERROR`].
pub fn write_stdout(bytes: &[u8]) -> Result<(), Failure> {
    write_out(bytes).map(|_open| ())
}

/// [`write_stdout`], telling whether the reader is still there (false: a closed pipe).
fn write_out(bytes: &[u8]) -> Result<bool, Failure> {
    gridjudge::plan::io::write_to(&mut std::io::stdout().lock(), bytes)
}

/// A limit given on the command line: a finite number above 0.
pub fn positive_number(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 1e6 => Ok(v),
        Ok(v) => Err(format!("{v} is not in (0, 1000000]")),
        Err(e) => Err(e.to_string()),
    }
}

/// `-j N`: at least one worker (`-j 0` is a usage error, not "as many as cores").
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// A live progress display on stderr when it is a terminal (hidden otherwise): a bar of
/// `{pos}/{len}` when `counted` (its length set once known), else a spinner that ticks
/// by itself.
pub fn progress(counted: bool) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressStyle};
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let (bar, template) = if counted {
        let t = "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} {msg}";
        (ProgressBar::new(0), t)
    } else {
        (
            ProgressBar::new_spinner(),
            "{spinner} [{elapsed_precise}] {msg}",
        )
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    if !counted {
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
    }
    bar
}

/// Prints a plan's notice on a line of its own on stderr (`warning: …`, `note: …`,
/// `error: …`).
pub fn print_notice(notice: gridjudge::plan::Notice) {
    eprintln!("{notice}");
}
