//! Checkers: (in progress)
