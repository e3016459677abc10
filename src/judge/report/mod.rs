//! Reports of a judging session: a text table with a summary line, JSON, and JUnit XML.
//! Reports only format [`ProblemReport`]s; they never judge.

pub mod json;
pub mod junit;
pub mod table;

use crate::judge::run::ProblemReport;
use crate::Verdict;

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
    pub fn guarantees(&self) -> Option<crate::judge::sandbox::Guarantees> {
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
        crate::judge::run::overall_verdict(verdicts)
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
