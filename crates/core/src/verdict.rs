//! The judge's closed vocabulary of verdicts, shared by checkers, the judge loop and
//! every report. Nothing else in gridjudge spells a verdict as a string.
//!
//! A checker tells its verdict by its exit code, in one of two protocols
//! ([`ExitProtocol`]): testlib's (0 AC, 1 WA, 2 PE, 3 FAIL), which `gridjudge check`
//! speaks and Polygon-style checkers and interactors use, and the Kattis validator
//! protocol (42 accepted, 43 rejected), which `check --kattis`, `validate --kattis` and a
//! package's validators speak. This module is the one place either is spelled.

use std::fmt;

/// The outcome of judging one case.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Verdict {
    /// Accepted.
    #[serde(rename = "AC")]
    Accepted,
    /// Presentation error: the right answer in the wrong layout.
    #[serde(rename = "PE")]
    PresentationError,
    /// Wrong answer.
    #[serde(rename = "WA")]
    WrongAnswer,
    /// Time limit exceeded (CPU or wall).
    #[serde(rename = "TLE")]
    TimeLimitExceeded,
    /// Memory limit exceeded.
    #[serde(rename = "MLE")]
    MemoryLimitExceeded,
    /// Output limit exceeded.
    #[serde(rename = "OLE")]
    OutputLimitExceeded,
    /// Run-time error: non-zero exit or killed by a signal.
    #[serde(rename = "RE")]
    RuntimeError,
    /// Compilation error.
    #[serde(rename = "CE")]
    CompileError,
    /// Judge error: invalid case data, or the checker itself failed. Never the contestant's fault.
    #[serde(rename = "JE")]
    JudgeError,
}

impl Verdict {
    /// Every verdict, in report order.
    pub const ALL: [Verdict; 9] = [
        Verdict::Accepted,
        Verdict::PresentationError,
        Verdict::WrongAnswer,
        Verdict::TimeLimitExceeded,
        Verdict::MemoryLimitExceeded,
        Verdict::OutputLimitExceeded,
        Verdict::RuntimeError,
        Verdict::CompileError,
        Verdict::JudgeError,
    ];

    /// The two- or three-letter code (`AC`, `WA`, ...).
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::PresentationError => "PE",
            Verdict::WrongAnswer => "WA",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::OutputLimitExceeded => "OLE",
            Verdict::RuntimeError => "RE",
            Verdict::CompileError => "CE",
            Verdict::JudgeError => "JE",
        }
    }

    /// The Kattis submission-folder name for this verdict (`accepted`, `wrong_answer`, ...).
    pub fn folder(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::PresentationError => "presentation_error",
            Verdict::WrongAnswer => "wrong_answer",
            Verdict::TimeLimitExceeded => "time_limit_exceeded",
            Verdict::MemoryLimitExceeded => "memory_limit_exceeded",
            Verdict::OutputLimitExceeded => "output_limit_exceeded",
            Verdict::RuntimeError => "run_time_error",
            Verdict::CompileError => "compile_error",
            Verdict::JudgeError => "judge_error",
        }
    }

    /// Parses a code (`AC`) or a folder name (`accepted`).
    pub fn from_name(name: &str) -> Option<Verdict> {
        Verdict::ALL
            .into_iter()
            .find(|v| v.code().eq_ignore_ascii_case(name) || v.folder() == name)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A checker's or validator's exit-code protocol: what its exit code says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitProtocol {
    /// testlib: 0 accepted, 1 wrong answer, 2 presentation error, 3 the checker's own
    /// failure (FAIL, a judge error).
    Testlib,
    /// The Kattis validator protocol: 42 accepted (a valid input), 43 rejected (wrong
    /// answer or presentation, an invalid input); any other exit is a failure of the
    /// validator.
    Kattis,
}

impl ExitProtocol {
    /// The exit code that accepts.
    pub fn accepted(self) -> u8 {
        match self {
            ExitProtocol::Testlib => 0,
            ExitProtocol::Kattis => 42,
        }
    }

    /// The exit code that rejects (a wrong answer, an invalid input).
    pub fn rejected(self) -> u8 {
        match self {
            ExitProtocol::Testlib => 1,
            ExitProtocol::Kattis => 43,
        }
    }

    /// The exit code of `verdict` a checker of this protocol gives; `None` for a verdict
    /// the protocol has no code for (a run's verdicts: TLE, RE, …; JE in Kattis's).
    pub fn code(self, verdict: Verdict) -> Option<u8> {
        match (self, verdict) {
            (_, Verdict::Accepted) => Some(self.accepted()),
            (_, Verdict::WrongAnswer) => Some(self.rejected()),
            (ExitProtocol::Testlib, Verdict::PresentationError) => Some(2),
            (ExitProtocol::Kattis, Verdict::PresentationError) => Some(self.rejected()),
            (ExitProtocol::Testlib, Verdict::JudgeError) => Some(3),
            _ => None,
        }
    }

    /// The verdict a checker's exit `code` says; `None` for a code the protocol does not
    /// define (the checker failed: a judge error, with its own message). A Kattis
    /// rejection is a wrong answer; testlib's FAIL is `None` too, since what failed is
    /// the checker, whose message says why.
    pub fn verdict(self, code: i32) -> Option<Verdict> {
        match (self, code) {
            (ExitProtocol::Testlib, 0) | (ExitProtocol::Kattis, 42) => Some(Verdict::Accepted),
            (ExitProtocol::Testlib, 1) | (ExitProtocol::Kattis, 43) => Some(Verdict::WrongAnswer),
            (ExitProtocol::Testlib, 2) => Some(Verdict::PresentationError),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ExitProtocol::{Kattis, Testlib};

    /// Each protocol reads back the code it gives: testlib's four, Kattis's two, and
    /// nothing else (a code neither defines is the checker's failure).
    #[test]
    fn each_exit_protocol_reads_back_the_codes_it_gives() {
        for protocol in [Testlib, Kattis] {
            for v in Verdict::ALL {
                if let Some(code) = protocol.code(v) {
                    let back = protocol.verdict(i32::from(code));
                    let expected = match (protocol, v) {
                        (Kattis, Verdict::PresentationError) => Some(Verdict::WrongAnswer),
                        (Testlib, Verdict::JudgeError) => None,
                        _ => Some(v),
                    };
                    assert_eq!(back, expected, "{protocol:?} {v}");
                }
            }
        }
        assert_eq!((Testlib.accepted(), Testlib.rejected()), (0, 1));
        assert_eq!((Kattis.accepted(), Kattis.rejected()), (42, 43));
        assert_eq!(Testlib.code(Verdict::PresentationError), Some(2));
        assert_eq!(Testlib.code(Verdict::JudgeError), Some(3));
        assert_eq!(Kattis.code(Verdict::JudgeError), None);
        assert_eq!(Testlib.code(Verdict::TimeLimitExceeded), None);
        for code in [-1, 3, 4, 41, 44, 255] {
            assert_eq!(Kattis.verdict(code), None, "{code}");
        }
        assert_eq!(Testlib.verdict(42), None);
    }

    use super::*;

    #[test]
    fn names_round_trip() {
        for v in Verdict::ALL {
            assert_eq!(Verdict::from_name(v.code()), Some(v));
            assert_eq!(Verdict::from_name(v.folder()), Some(v));
        }
        assert_eq!(Verdict::from_name("nope"), None);
    }
}
