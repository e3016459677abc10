//! The schema of the machine report: the document `gridjudge judge --format json` writes
//! and `--baseline` reads back, as typed structs that serialize and deserialize both
//! ways. [`json`](crate::report::json) writes a [`SessionReport`] made from a
//! [`Session`] ([`SessionReport::of`]); [`baseline`](crate::report::baseline)
//! reads a previous run's report into the same [`SessionReport`].
//!
//! The fields of every struct are in the order the document has always listed its keys:
//! alphabetical. A reader of the document may rely on that order; a new field goes where
//! its name sorts.
//!
//! Every JSON document gridjudge writes (this one, the verify-submissions report and the
//! `verify` report) carries `schema_version` ([`SCHEMA_VERSION`]): a change that is not
//! an addition raises it, and a reader refuses a document of a later version than its
//! own rather than misread it. A document without the key is of a gridjudge that did
//! not write it, read as version 0.
//!
//! Reading is lenient where the comparison with a baseline allows it: a document needs
//! `problems`, and each problem its `problem` name, each case its `case` name and
//! `verdict`; every other field may be missing (a report of an older gridjudge, a
//! hand-written baseline) and then takes its default: zero, empty, `null`, and `JE` for
//! an overall verdict that is not stated.

use crate::judge::case_loop::{CaseResult, ProblemReport};
use crate::judge::interaction::ProtocolNote;
use crate::judge::scoring::{GroupScore, Scored};
use crate::report::baseline::Comparison;
use crate::report::{Interruption, Session};
use crate::sandbox::limits::{Limits, MemoryMode};
use crate::sandbox::Guarantees;
use crate::Verdict;
use serde::{Deserialize, Serialize};

pub use crate::document::{ShardRecord, ShardUnits, SCHEMA_VERSION};

/// Refuses a document whose `schema_version` is later than [`SCHEMA_VERSION`]: it was
/// written by a newer gridjudge, whose fields this one could misread.
pub(crate) fn check_schema_version(document: &serde_json::Value) -> Result<(), String> {
    match document.get("schema_version").and_then(serde_json::Value::as_u64) {
        Some(v) if v > u64::from(SCHEMA_VERSION) => Err(format!(
            "schema_version {v}: written by a newer gridjudge (this one reads up to {SCHEMA_VERSION})"
        )),
        _ => Ok(()),
    }
}

/// The overall verdict of a document that states none: no verdict stands.
fn no_verdict() -> Verdict {
    Verdict::JudgeError
}

/// The whole session: the document `--format json` writes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionReport {
    /// The comparison with a baseline report, when the session was compared with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline: Option<Comparison>,
    /// The sandbox guarantees in force (`null` when nothing ran).
    #[serde(default)]
    pub guarantees: Option<GuaranteesRecord>,
    /// Set when a signal cut the session short.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<InterruptionRecord>,
    /// The session's verdict ([`Session::overall`]).
    #[serde(default = "no_verdict")]
    pub overall: Verdict,
    /// The problems judged, in judging order.
    pub problems: Vec<ProblemRecord>,
    /// What was judged (`gcc main.c`, `./a.out`).
    #[serde(default)]
    pub program: String,
    /// Which gridjudge judged, when, on which kernel, and the program's hash (`null` in
    /// a report that does not say).
    #[serde(default)]
    pub provenance: Option<crate::report::provenance::Provenance>,
    /// [`SCHEMA_VERSION`] (0 in a document that does not say).
    #[serde(default)]
    pub schema_version: u32,
    /// Set when the session is one shard of a run (`--shard K/N`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardRecord>,
    /// The summary line ([`Session::summary`]).
    #[serde(default)]
    pub summary: String,
}

/// One problem of the session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProblemRecord {
    /// Per-case results, in judging order.
    #[serde(default)]
    pub cases: Vec<CaseRecord>,
    /// Why the problem could not be judged at all (CE, or JE), or `null`.
    #[serde(default)]
    pub failure: Option<FailureRecord>,
    /// A scoring problem: the score of each test group (parents before subgroups).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<GroupScore>>,
    /// The limits the cases ran under.
    #[serde(default)]
    pub limits: LimitsRecord,
    /// The problem's verdict ([`ProblemReport::overall`]).
    #[serde(default = "no_verdict")]
    pub overall: Verdict,
    /// The problem folder's name.
    pub problem: String,
    /// A scoring problem: the submission's score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// `problem.toml`'s title.
    #[serde(default)]
    pub title: String,
}

impl ProblemRecord {
    /// The scores the document holds, as a report carries them (the best score and the
    /// judge error's text are not in the document).
    pub fn scored(&self) -> Option<Scored> {
        Some(Scored {
            verdict: self.overall,
            score: self.score?,
            best: None,
            groups: self.groups.clone().unwrap_or_default(),
            error: None,
        })
    }
}

/// A problem-level failure: its verdict and the whole message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FailureRecord {
    /// The compiler's or the judge's message.
    pub message: String,
    /// CE, or JE for the judge's own trouble.
    pub verdict: Verdict,
}

/// The limits of a problem's runs, as numbers.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct LimitsRecord {
    /// CPU time, seconds.
    pub cpu_seconds: f64,
    /// Memory, bytes.
    pub memory_bytes: u64,
    /// How the memory limit is enforced (`peak-rss`, `address-space`).
    pub memory_mode: MemoryMode,
    /// Largest output, bytes.
    pub output_bytes: u64,
    /// Wall-clock time, seconds.
    pub wall_seconds: f64,
}

/// One judged case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaseRecord {
    /// `sample/1`.
    pub case: String,
    /// CPU time, seconds.
    #[serde(default)]
    pub cpu_seconds: f64,
    /// Peak memory, bytes.
    #[serde(default)]
    pub memory_bytes: u64,
    /// The whole message, exactly.
    #[serde(default)]
    pub message: String,
    /// Size of the standard output, bytes.
    #[serde(default)]
    pub output_bytes: u64,
    /// The passes of an interactive or multi-pass case: how many, who ended the
    /// interaction first, how the validator (interactor) ended. Absent for a batch case.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<ProtocolNote>,
    /// A scoring problem's case: the score its output validator gave (`score.txt`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// A scoring problem's case: its `score_multiplier.txt`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_multiplier: Option<f64>,
    /// A wrong answer: where the output first differs from the jury's answer (the
    /// output's and the answer's line, and each line, cut to 100 characters). Absent
    /// when the checker does not compare with an answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_difference: Option<crate::judge::first_difference::FirstDifference>,
    /// How the program ended (`exit 0`, `SIGSEGV`), or `null` when it did not run.
    #[serde(default)]
    pub status: Option<String>,
    /// Size of the standard error, bytes.
    #[serde(default)]
    pub stderr_bytes: u64,
    /// The verdict.
    pub verdict: Verdict,
    /// The run-queue wait credited to the wall limit, seconds: time the run was
    /// runnable but waiting for a CPU, which the wall limit does not count.
    #[serde(default)]
    pub wait_seconds: f64,
    /// Wall time, seconds.
    #[serde(default)]
    pub wall_seconds: f64,
}

/// A session cut short by a signal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InterruptionRecord {
    /// Cases that were to be judged and have no result.
    pub cases_not_run: usize,
    /// The signal's name (`SIGTERM`).
    pub signal: String,
}

/// The sandbox guarantees in force ([`Guarantees`], field for field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuaranteesRecord {
    /// `RLIMIT_AS` was set.
    pub address_space_limit: bool,
    /// The memory cgroup was on the unified (v2) hierarchy.
    #[serde(default)]
    pub cgroup_v2: bool,
    /// The CPU time of every process of the run was counted and limited as one figure.
    #[serde(default)]
    pub cpu_all_processes: bool,
    /// A fresh `/proc` of the program's PID namespace was mounted.
    #[serde(default)]
    pub fresh_proc: bool,
    /// The problem folder (answers) was hidden from the program.
    #[serde(default)]
    pub hidden_paths: bool,
    /// The Landlock ABI of the filesystem confinement, or `null`.
    #[serde(default)]
    pub landlock_abi: Option<u32>,
    /// A memory cgroup counted the memory of all the program's processes.
    #[serde(default)]
    pub memory_cgroup: bool,
    /// The program ran in a minimal root of its own.
    #[serde(default)]
    pub minimal_root: bool,
    /// The program had an empty network namespace.
    pub no_network: bool,
    /// The program ran in its own PID namespace.
    #[serde(default)]
    pub pid_namespace: bool,
    /// The program had fresh IPC, UTS and cgroup namespaces.
    #[serde(default)]
    pub private_ipc: bool,
    /// The working folder was a private bounded tmpfs.
    #[serde(default)]
    pub private_workdir: bool,
    /// `RLIMIT_NPROC`, or `null`.
    pub process_limit: Option<u64>,
    /// The system-call filter was installed.
    #[serde(default)]
    pub seccomp: bool,
    /// The unprivileged uid the program ran as, or `null` (the judge's user).
    pub uid: Option<u32>,
}

impl From<Guarantees> for GuaranteesRecord {
    fn from(g: Guarantees) -> GuaranteesRecord {
        // Destructured, so that a new guarantee cannot be left out of the report.
        let Guarantees {
            uid,
            process_limit,
            no_network,
            address_space_limit,
            hidden_paths,
            pid_namespace,
            fresh_proc,
            landlock_abi,
            memory_cgroup,
            cgroup_v2,
            seccomp,
            private_workdir,
            minimal_root,
            private_ipc,
            cpu_all_processes,
        } = g;
        GuaranteesRecord {
            address_space_limit,
            cgroup_v2,
            cpu_all_processes,
            fresh_proc,
            hidden_paths,
            landlock_abi,
            memory_cgroup,
            minimal_root,
            no_network,
            pid_namespace,
            private_ipc,
            private_workdir,
            process_limit,
            seccomp,
            uid,
        }
    }
}

impl From<&Limits> for LimitsRecord {
    fn from(l: &Limits) -> LimitsRecord {
        LimitsRecord {
            cpu_seconds: l.cpu.as_secs_f64(),
            memory_bytes: l.memory_bytes,
            memory_mode: l.memory_mode,
            output_bytes: l.output_bytes,
            wall_seconds: l.wall.as_secs_f64(),
        }
    }
}

impl From<&CaseResult> for CaseRecord {
    fn from(c: &CaseResult) -> CaseRecord {
        CaseRecord {
            case: c.case.clone(),
            cpu_seconds: c.cpu_seconds,
            memory_bytes: c.memory_bytes,
            message: c.message.clone(),
            output_bytes: c.output_bytes,
            protocol: c.protocol.clone(),
            score: c.score,
            score_multiplier: c.score_multiplier,
            first_difference: c.first_difference.clone(),
            status: c.status.clone(),
            stderr_bytes: c.stderr_bytes,
            verdict: c.verdict,
            wall_seconds: c.wall_seconds,
            wait_seconds: c.wait_seconds,
        }
    }
}

impl From<&ProblemReport> for ProblemRecord {
    fn from(p: &ProblemReport) -> ProblemRecord {
        ProblemRecord {
            cases: p.cases.iter().map(CaseRecord::from).collect(),
            failure: p.failure.as_ref().map(|(verdict, message)| FailureRecord {
                message: message.clone(),
                verdict: *verdict,
            }),
            groups: p.scored.as_ref().map(|s| s.groups.clone()),
            limits: LimitsRecord::from(&p.limits),
            overall: p.overall(),
            problem: p.problem.clone(),
            score: p.scored.as_ref().map(|s| s.score),
            title: p.title.clone(),
        }
    }
}

impl From<&Interruption> for InterruptionRecord {
    fn from(i: &Interruption) -> InterruptionRecord {
        InterruptionRecord {
            cases_not_run: i.cases_not_run,
            signal: crate::sandbox::signal_name(i.signal),
        }
    }
}

impl SessionReport {
    /// The document of `session`, with the comparison with a baseline when there is one.
    pub fn of(session: &Session, baseline: Option<&Comparison>) -> SessionReport {
        SessionReport {
            baseline: baseline.cloned(),
            guarantees: session.guarantees().map(GuaranteesRecord::from),
            interrupted: session.interrupted.as_ref().map(InterruptionRecord::from),
            overall: session.overall(),
            problems: session.problems.iter().map(ProblemRecord::from).collect(),
            program: session.program.clone(),
            provenance: session.provenance.clone(),
            schema_version: SCHEMA_VERSION,
            shard: session.shard.clone(),
            summary: session.summary(),
        }
    }
}

impl From<GuaranteesRecord> for Guarantees {
    fn from(g: GuaranteesRecord) -> Guarantees {
        let GuaranteesRecord {
            address_space_limit,
            cgroup_v2,
            cpu_all_processes,
            fresh_proc,
            hidden_paths,
            landlock_abi,
            memory_cgroup,
            minimal_root,
            no_network,
            pid_namespace,
            private_ipc,
            private_workdir,
            process_limit,
            seccomp,
            uid,
        } = g;
        Guarantees {
            uid,
            process_limit,
            no_network,
            address_space_limit,
            hidden_paths,
            pid_namespace,
            fresh_proc,
            landlock_abi,
            memory_cgroup,
            cgroup_v2,
            seccomp,
            private_workdir,
            minimal_root,
            private_ipc,
            cpu_all_processes,
        }
    }
}

impl LimitsRecord {
    /// The limits as the writers show them (the process and descriptor limits, which
    /// no report shows, take their defaults).
    pub fn limits(&self) -> Limits {
        let seconds = |s: f64| std::time::Duration::try_from_secs_f64(s).unwrap_or_default();
        let mut limits = Limits::new(seconds(self.cpu_seconds), self.memory_bytes);
        limits.wall = seconds(self.wall_seconds);
        limits.memory_mode = self.memory_mode;
        limits.output_bytes = self.output_bytes;
        limits
    }
}

impl CaseRecord {
    /// The case as the writers take it (the raw run outcome is not in the document).
    pub fn result(&self) -> CaseResult {
        CaseResult {
            case: self.case.clone(),
            verdict: self.verdict,
            message: self.message.clone(),
            cpu_seconds: self.cpu_seconds,
            wall_seconds: self.wall_seconds,
            wait_seconds: self.wait_seconds,
            memory_bytes: self.memory_bytes,
            status: self.status.clone(),
            output_bytes: self.output_bytes,
            stderr_bytes: self.stderr_bytes,
            protocol: self.protocol.clone(),
            score: self.score,
            score_multiplier: self.score_multiplier,
            first_difference: self.first_difference.clone(),
            run: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::baseline::{compare, Baseline, Thresholds};
    use crate::report::json;
    use crate::report::test_support::{case, session};
    use crate::sandbox::{ExitStatus, RunOutcome};
    use std::time::Duration;

    /// A session with every part of the document: a case that ran (so guarantees), a
    /// hostile message, a problem failure, an interruption.
    fn full_session() -> Session {
        let mut ran = case(
            "sample/1",
            Verdict::WrongAnswer,
            "line 1: \u{202e}\"x\"\n\x1b[2J",
            0.5,
        );
        ran.cpu_seconds = 0.25;
        ran.memory_bytes = 3 << 20;
        ran.status = Some("exit 0".into());
        ran.output_bytes = 81;
        ran.run = Some(RunOutcome {
            status: ExitStatus::Exited(0),
            cpu: Duration::from_millis(250),
            wall: Duration::from_millis(500),
            wait: Duration::ZERO,
            ended_at_ns: 0,
            peak_memory_bytes: 3 << 20,
            stdout_bytes: 81,
            stderr_bytes: 0,
            killed_for: None,
            pgid: 7,
            strays_killed: 0,
            image_over_bytes: None,
            guarantees: Guarantees {
                uid: Some(61000),
                process_limit: Some(64),
                no_network: true,
                address_space_limit: false,
                hidden_paths: true,
                pid_namespace: true,
                fresh_proc: true,
                landlock_abi: Some(4),
                memory_cgroup: true,
                cgroup_v2: true,
                seccomp: true,
                private_workdir: true,
                minimal_root: true,
                private_ipc: true,
                cpu_all_processes: false,
            },
        });
        let mut s = session(
            "./a.out",
            "poj3074",
            vec![ran, case("secret/2", Verdict::Accepted, "", 0.1)],
            Some((Verdict::CompileError, "a.c:1: error".into())),
        );
        s.interrupted = Some(Interruption {
            signal: libc::SIGTERM,
            cases_not_run: 3,
        });
        s
    }

    #[test]
    fn the_json_report_parses_back_into_the_schema() {
        let s = full_session();
        let old = Baseline::parse(&json::render(&s)).unwrap();
        let cmp = compare(&s, &old, Thresholds::default());
        let text = json::render_with(&s, Some(&cmp));
        let back: SessionReport = serde_json::from_str(&text).unwrap();
        assert_eq!(back, SessionReport::of(&s, Some(&cmp)));
        let guarantees = back.guarantees.unwrap();
        assert_eq!(
            (guarantees.uid, guarantees.landlock_abi),
            (Some(61000), Some(4))
        );
        assert_eq!(back.interrupted.unwrap().signal, "SIGTERM");
        assert_eq!(
            back.problems[0].cases[0].message,
            s.problems[0].cases[0].message
        );
        assert_eq!(back.baseline.unwrap().cases.len(), 2);
    }

    /// The document lists its keys alphabetically at every level, as it always has: the
    /// same text as a `serde_json::Value` (whose maps sort their keys) would give.
    #[test]
    fn keys_are_in_alphabetical_order_at_every_level() {
        let s = full_session();
        let old = Baseline::parse(&json::render(&s)).unwrap();
        let cmp = compare(&s, &old, Thresholds::default());
        let doc = SessionReport::of(&s, Some(&cmp));
        let value = serde_json::to_value(&doc).unwrap();
        assert_eq!(
            serde_json::to_string_pretty(&doc).unwrap(),
            serde_json::to_string_pretty(&value).unwrap()
        );
    }

    #[test]
    fn a_minimal_document_takes_the_defaults() {
        let doc: SessionReport = serde_json::from_str(
            r#"{"problems": [{"problem": "p", "cases": [{"case": "a", "verdict": "AC"}]}]}"#,
        )
        .unwrap();
        assert_eq!(doc.overall, Verdict::JudgeError);
        assert_eq!(doc.problems[0].cases[0].verdict, Verdict::Accepted);
        assert_eq!(doc.problems[0].cases[0].cpu_seconds, 0.0);
        assert!(doc.guarantees.is_none() && doc.baseline.is_none());
    }
}
