//! Reports of a judging session: a text table with a summary line, JSON, and JUnit XML;
//! tracker formats (Bencher's BMF, github-action-benchmark's JSON), a self-contained
//! HTML page, and the comparison with a baseline report.
//! Reports only format [`ProblemReport`]s; they never judge.
//!
//! Much of what a report shows comes from outside the judge: a contestant's stderr (in
//! RE messages), a compiler's message (which quotes the source), folder names. The table
//! and the JUnit report pass that text through [`visible`] or [`visible_line`], so that
//! it can neither drive a terminal (ANSI escapes) nor break an XML parser; the JSON
//! report keeps it exactly (JSON escapes every character).

pub mod baseline;
pub mod html;
pub mod json;
pub mod junit;
pub mod table;
pub mod tracker;

use crate::judge::case_loop::ProblemReport;
use crate::Verdict;
use std::borrow::Cow;

/// The Control Picture of ASCII control `c` (`␀`..`␟` for U+0000..=U+001F, `␡` for DEL).
fn control_picture(c: char) -> char {
    let code = u32::from(c);
    let picture = if code == 0x7f { 0x2421 } else { 0x2400 + code };
    char::from_u32(picture).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Whether `c` is replaced by [`visible`] (line feeds aside).
fn is_hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{fffe}' | '\u{ffff}')
}

/// `text` with every character that could drive a terminal or that XML 1.0 cannot carry
/// replaced by a visible stand-in of one character, line feeds kept:
///
/// - the ASCII controls U+0000..=U+001F (tab, carriage return and ESC included) become
///   their Unicode Control Pictures `␀`..`␟` (U+2400 + code), e.g. `\t` → `␉`,
///   `\r` → `␍`, ESC → `␛`, NUL → `␀`; DEL (U+007F) becomes `␡` (U+2421);
/// - the C1 controls U+0080..=U+009F (CSI, NEL, …) and the noncharacters U+FFFE and
///   U+FFFF become `�` (U+FFFD).
///
/// Everything else is kept as it is: non-ASCII text, right-to-left marks, quotes, `<&>`
/// and `]]>` (the XML writer escapes what XML needs). What is replaced is shown, never
/// dropped; the JSON report has the exact text.
pub fn visible(text: &str) -> Cow<'_, str> {
    replace(text, |c| c != '\n' && is_hidden(c))
}

/// [`visible`] for a field of one line (a case or problem name, the program, a JUnit
/// attribute): the line feed becomes `␊` (U+240A) as well.
pub fn visible_line(text: &str) -> Cow<'_, str> {
    replace(text, is_hidden)
}

fn replace(text: &str, hidden: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(&hidden) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match c {
                _ if !hidden(c) => c,
                '\0'..='\x1f' | '\x7f' => control_picture(c),
                _ => char::REPLACEMENT_CHARACTER,
            })
            .collect(),
    )
}

/// What was judged, for report headers: `gcc main.c`, `gridjudge solve`, `./a.out`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Session {
    /// A one-line description of the program.
    pub program: String,
    /// The per-problem results.
    pub problems: Vec<ProblemReport>,
}

impl Session {
    /// The guarantees in force, from the first case that ran (all cases of a session
    /// share the same settings).
    pub fn guarantees(&self) -> Option<crate::sandbox::Guarantees> {
        self.problems
            .iter()
            .flat_map(|p| &p.cases)
            .find_map(|c| c.run.as_ref().map(|r| r.guarantees))
    }

    /// One line naming the guarantees in force (`sandbox: uid 61000, …`).
    pub fn guarantees_line(&self) -> String {
        let Some(g) = self.guarantees() else {
            return "sandbox: nothing ran".to_string();
        };
        let mut parts = vec![
            "own process group, all processes killed at the end".to_string(),
            "CPU, wall and output limits, no core dumps".to_string(),
        ];
        parts.push(match (g.address_space_limit, g.memory_cgroup) {
            (true, true) => "memory: RLIMIT_AS, all processes in a memory cgroup".to_string(),
            (true, false) => "memory: RLIMIT_AS".to_string(),
            (false, true) => {
                "memory: sampled peak RSS of all processes (memory cgroup)".to_string()
            }
            (false, false) => "memory: sampled peak RSS".to_string(),
        });
        parts.push(match g.uid {
            Some(uid) => format!("unprivileged uid {uid}"),
            None => "runs as the judge's user".to_string(),
        });
        parts.push(match g.process_limit {
            Some(n) => format!("at most {n} processes"),
            None => "no process limit".to_string(),
        });
        parts.push(if g.no_network {
            "no network".to_string()
        } else {
            "network NOT isolated".to_string()
        });
        parts.push(if g.hidden_paths {
            "problem folder (answers) hidden".to_string()
        } else {
            "problem folder (answers) NOT hidden".to_string()
        });
        parts.push(match g.landlock_abi {
            Some(abi) => format!("filesystem confined (Landlock ABI {abi})"),
            None => "filesystem NOT confined".to_string(),
        });
        parts.push(match (g.pid_namespace, g.fresh_proc) {
            (true, true) => "own PID namespace and /proc".to_string(),
            (true, false) => "own PID namespace (host /proc visible)".to_string(),
            _ => "no PID namespace".to_string(),
        });
        parts.push(if g.minimal_root {
            "minimal root (working folder /box)".to_string()
        } else {
            "host's folders exist for the program".to_string()
        });
        parts.push(if g.private_ipc {
            "own IPC, UTS and cgroup namespaces".to_string()
        } else {
            "IPC NOT isolated".to_string()
        });
        parts.push(if g.cpu_all_processes {
            "CPU time of all processes (cgroup)".to_string()
        } else {
            "CPU time of the program and the children waited for".to_string()
        });
        let missing = g.missing();
        if !missing.is_empty() {
            parts.push(format!("MISSING: {}", missing.join(", ")));
        }
        format!("sandbox: {}", parts.join("; "))
    }

    /// The session's verdict: JE if any problem or case is JE; else the first non-AC
    /// problem verdict; else AC.
    pub fn overall(&self) -> Verdict {
        let verdicts: Vec<Verdict> = self.problems.iter().map(ProblemReport::overall).collect();
        if verdicts.contains(&Verdict::JudgeError)
            || self
                .problems
                .iter()
                .flat_map(|p| &p.cases)
                .any(|c| c.verdict == Verdict::JudgeError)
        {
            return Verdict::JudgeError;
        }
        crate::judge::case_loop::overall_verdict(verdicts)
    }

    /// Verdict counts over every case (and every problem that failed as a whole).
    pub fn counts(&self) -> Vec<(Verdict, usize)> {
        let mut counts = Vec::new();
        for v in Verdict::ALL {
            let n = self
                .problems
                .iter()
                .map(|p| {
                    p.cases.iter().filter(|c| c.verdict == v).count()
                        + usize::from(p.failure.as_ref().is_some_and(|(f, _)| *f == v))
                })
                .sum();
            if n > 0 {
                counts.push((v, n));
            }
        }
        counts
    }

    /// `12 cases: 11 AC, 1 WA — overall WA` style summary line.
    pub fn summary(&self) -> String {
        let cases: usize = self.problems.iter().map(|p| p.cases.len()).sum();
        let counts: Vec<String> = self
            .counts()
            .iter()
            .map(|(v, n)| format!("{n} {v}"))
            .collect();
        let max_cpu = self
            .problems
            .iter()
            .flat_map(|p| &p.cases)
            .map(|c| c.cpu_seconds)
            .fold(0.0, f64::max);
        let max_mem = self
            .problems
            .iter()
            .flat_map(|p| &p.cases)
            .map(|c| c.memory_bytes)
            .max()
            .unwrap_or(0);
        format!(
            "{} problem(s), {cases} case(s): {} — overall {}; max CPU {:.3} s, max memory {:.1} MiB",
            self.problems.len(),
            if counts.is_empty() { "nothing judged".to_string() } else { counts.join(", ") },
            self.overall(),
            max_cpu,
            max_mem as f64 / (1u64 << 20) as f64
        )
    }
}

/// Sessions for the writers' unit tests.
#[cfg(test)]
pub(crate) mod test_support {
    use super::Session;
    use crate::judge::case_loop::{CaseResult, ProblemReport};
    use crate::sandbox::limits::Limits;
    use crate::Verdict;
    use std::time::Duration;

    /// A case that did not run, with this name, verdict, message and wall time.
    pub fn case(name: &str, verdict: Verdict, message: &str, wall: f64) -> CaseResult {
        CaseResult {
            case: name.to_string(),
            verdict,
            message: message.to_string(),
            cpu_seconds: 0.0,
            wall_seconds: wall,
            memory_bytes: 0,
            status: None,
            output_bytes: 0,
            stderr_bytes: 0,
            run: None,
        }
    }

    /// One problem named `problem` with these cases and failure.
    pub fn session(
        program: &str,
        problem: &str,
        cases: Vec<CaseResult>,
        failure: Option<(Verdict, String)>,
    ) -> Session {
        Session {
            program: program.to_string(),
            problems: vec![ProblemReport {
                problem: problem.to_string(),
                title: "t".to_string(),
                limits: Limits::new(Duration::from_secs(1), 1 << 26),
                cases,
                failure,
            }],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_replaces_controls_by_pictures_and_keeps_line_feeds() {
        assert_eq!(
            visible("plain é 日本 \u{202e}<&>\"']]>"),
            "plain é 日本 \u{202e}<&>\"']]>"
        );
        assert!(matches!(visible("no controls"), Cow::Borrowed(_)));
        assert_eq!(
            visible("\x1b[31mred\x1b[0m\ta\r\nb\0\x7f"),
            "␛[31mred␛[0m␉a␍\nb␀␡"
        );
        assert_eq!(visible("\u{9b}2J\u{85}\u{fffe}\u{ffff}"), "�2J���");
        assert_eq!(visible_line("a\nb\r\n"), "a␊b␍␊");
        assert_eq!(visible_line("\x1f"), "␟");
    }
}
