//! The judge's closed vocabulary of verdicts, shared by checkers, the judge loop and
//! every report. Nothing else in gridjudge spells a verdict as a string.

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

#[cfg(test)]
mod tests {
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
