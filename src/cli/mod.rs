//! Command-line plumbing shared by the subcommands: exit codes, file reading, and the
//! one error type that maps to an exit code. Each subcommand lives in its own file and
//! turns arguments into library calls.

pub mod check;
pub mod exit;
pub mod gen; // issue 16: gen, generate
pub mod judge;
pub mod solve;
pub mod stress; // issue 16: stress
pub mod verify_submissions;

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

/// How a path is named in messages (`<stdin>` for `-`).
pub fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}
