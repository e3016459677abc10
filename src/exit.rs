//! Process exit codes of the `gridjudge` binary — the one place they are defined,
//! published with the library (as the reports' schema is) so that a caller of the
//! library and a script reading the binary's status agree on them. A [`Failure`]
//! carries one; docs/commands.md tabulates them.
//!
//! [`Failure`]: crate::error::Failure
//!
//! `check` and `validate` follow testlib (0 OK, 1 WA, 2 PE, 3 FAIL: [`OK`],
//! [`REJECTED`], [`PRESENTATION`], [`JUDGE_FAILURE`]); everything else uses the BSD
//! `sysexits.h` codes for failures that are not about a verdict ([`USAGE`],
//! [`DATA_ERROR`], [`NO_INPUT`], [`INTERNAL`], [`IO_ERROR`]). `judge`,
//! `verify-submissions` and `stress` stopped by a signal exit 128 + its number, the
//! shell's convention ([`interrupted`]: [`INTERRUPTED_SIGHUP`], [`INTERRUPTED_SIGINT`],
//! [`INTERRUPTED_SIGTERM`]).

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

/// What each exit code means, in one line per code (the man pages' EXIT STATUS section;
/// docs/commands.md and the README give the table per command).
pub const MEANINGS: &[(&str, &str)] = &[
    ("0", "AC, valid, solved; every case accepted; every submission as expected."),
    ("1", "Rejected: WA (check), a case not AC (judge), a submission not as expected (verify-submissions), a failure found (stress), a case without a solution (solve)."),
    ("2", "Presentation error (check)."),
    ("3", "Judge failure: invalid judge data, a judge error (JE), a broken package."),
    ("64", "Usage: bad arguments, no such problem, a mistake in problem.toml, reports that are not the shards of one run."),
    ("65", "report merge: a file that is not a gridjudge report."),
    ("66", "A file or folder cannot be read."),
    ("70", "An internal error (a gridjudge bug), reported on one line."),
    ("74", "Output or a report file cannot be written."),
    ("129, 130, 143", "judge, verify-submissions, stress: stopped by SIGHUP, SIGINT or SIGTERM; the runs are ended, temporary folders removed and what finished is reported."),
];

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

#[cfg(test)]
mod tests {
    use super::*;

    /// `gridjudge check` exits with testlib's codes, which are also the binary's own.
    #[test]
    fn the_binarys_checker_codes_are_testlibs() {
        use crate::verdict::{ExitProtocol, Verdict};
        assert_eq!(ExitProtocol::Testlib.code(Verdict::Accepted), Some(OK));
        assert_eq!(
            ExitProtocol::Testlib.code(Verdict::WrongAnswer),
            Some(REJECTED)
        );
        assert_eq!(
            ExitProtocol::Testlib.code(Verdict::PresentationError),
            Some(PRESENTATION)
        );
        assert_eq!(
            ExitProtocol::Testlib.code(Verdict::JudgeError),
            Some(JUDGE_FAILURE)
        );
    }

    /// Every code the binary exits with is explained in the man pages' table, and the
    /// table names no other.
    #[test]
    fn every_exit_code_has_its_meaning_and_only_those() {
        let codes = [
            OK,
            REJECTED,
            PRESENTATION,
            JUDGE_FAILURE,
            USAGE,
            DATA_ERROR,
            NO_INPUT,
            INTERNAL,
            IO_ERROR,
            INTERRUPTED_SIGHUP,
            INTERRUPTED_SIGINT,
            INTERRUPTED_SIGTERM,
        ];
        let listed: Vec<u8> = MEANINGS
            .iter()
            .flat_map(|(list, _)| list.split(", ").map(|c| c.parse::<u8>().unwrap_or(255)))
            .collect();
        let mut sorted = listed.clone();
        sorted.sort_unstable();
        let mut expected = codes.to_vec();
        expected.sort_unstable();
        assert_eq!(sorted, expected, "{listed:?}");
    }
}
