//! Process exit codes of the `gridjudge` binary — the one place they are defined,
//! published with the library (as the reports' schema is) so that a caller of the
//! library and a script reading the binary's status agree on them. A [`Failure`]
//! carries one; docs/commands.md tabulates them.
//!
//! [`Failure`]: crate::error::Failure
//!
//! `check` and `validate` follow testlib (0 OK, 1 WA, 2 PE, 3 FAIL); everything else
//! uses the BSD `sysexits.h` codes for failures that are not about a verdict. `judge`,
//! `verify-submissions` and `stress` stopped by a signal exit 128 + its number, the
//! shell's convention ([`interrupted`]).

/// Success: AC, a valid input, every case solved, every judged case accepted.
pub const OK: u8 = 0;
/// `check`: wrong answer. `judge`: some case was rejected (any verdict but AC/JE).
/// `solve`: some case has no solution.
pub const REJECTED: u8 = 1;
/// `check`: presentation error.
pub const PRESENTATION: u8 = 2;
/// Judge failure: the judge's own input or answer is invalid, or a judge error (JE).
pub const JUDGE_FAILURE: u8 = 3;
/// Bad command line (sysexits `EX_USAGE`).
pub const USAGE: u8 = 64;
/// An input file is not what it should be: `report merge` given a file that is not a
/// gridjudge report (sysexits `EX_DATAERR`).
pub const DATA_ERROR: u8 = 65;
/// An input file could not be read (sysexits `EX_NOINPUT`).
pub const NO_INPUT: u8 = 66;
/// An internal error — a bug in gridjudge (sysexits `EX_SOFTWARE`).
pub const INTERNAL: u8 = 70;
/// Writing the output failed (sysexits `EX_IOERR`).
pub const IO_ERROR: u8 = 74;
/// `judge`, `verify-submissions`, `stress`: stopped by SIGHUP (128 + 1).
pub const INTERRUPTED_SIGHUP: u8 = 129;
/// `judge`, `verify-submissions`, `stress`: stopped by SIGINT, Ctrl-C (128 + 2).
pub const INTERRUPTED_SIGINT: u8 = 130;
/// `judge`, `verify-submissions`, `stress`: stopped by SIGTERM (128 + 15).
pub const INTERRUPTED_SIGTERM: u8 = 143;

/// The exit code of a judged run whose overall verdict is `verdict`: 0 for AC, 3 for a
/// judge error, 1 for any other verdict (the program was rejected).
pub fn of_verdict(verdict: crate::Verdict) -> u8 {
    match verdict {
        crate::Verdict::Accepted => OK,
        crate::Verdict::JudgeError => JUDGE_FAILURE,
        _ => REJECTED,
    }
}

/// The exit code of a command stopped by `signal`.
pub fn interrupted(signal: i32) -> u8 {
    match signal {
        libc::SIGHUP => INTERRUPTED_SIGHUP,
        libc::SIGINT => INTERRUPTED_SIGINT,
        libc::SIGTERM => INTERRUPTED_SIGTERM,
        _ => crate::sandbox::interrupt::exit_code(signal),
    }
}
