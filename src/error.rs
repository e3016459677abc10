//! The one error type of a command: a [`Failure`] ends it with a message for stderr
//! and an exit code from [`exit`]. Each layer turns its own typed errors into one where
//! it defines them (`judge::config`, `package`, `package::export`), so the exit code of
//! every kind of mistake is decided once, beside the error, and the command line only
//! prints the message and exits with the code.

use crate::exit;
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
