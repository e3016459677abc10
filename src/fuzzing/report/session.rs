//! The generator of `report_writers`: a random judging session of valid shape whose
//! text fields are built from hostile pieces (see the parent module for the shape).

use crate::judge::case_loop::{CaseResult, ProblemReport};
use crate::report::Session;
use crate::sandbox::limits::{Limits, MemoryMode};
use crate::sandbox::{signal_name, ExitStatus, Guarantees, LimitHit, RunOutcome};
use crate::Verdict;
use arbitrary::{Result, Unstructured};
use std::time::Duration;

/// Pieces of hostile text: what a contestant's stderr or a compiler's message may hold.
const HOSTILE: &[&str] = &[
    "\0",
    "\x1b[31m",
    "\x1b[2J\x1b[H",
    "\x1b]0;pwned\x07",
    "\x1b]8;;http://x/\x1b\\link\x1b]8;;\x1b\\",
    "\x1bc",
    "\r",
    "\r\n",
    "\n",
    "\n\n",
    "\t",
    "\x08",
    "\x07",
    "\x0b\x0c",
    "\x7f",
    "\u{85}",
    "\u{9b}2J",
    "\u{fffe}",
    "\u{ffff}",
    "\u{fffd}",
    "]]>",
    "<![CDATA[",
    "<!--",
    "-->",
    "<?xml version=\"1.0\"?>",
    "<!DOCTYPE x>",
    "</testcase>",
    "\"",
    "'",
    "<&>",
    "&amp;",
    "&#0;",
    "&#x1b;",
    "&bogus;",
    "\u{202e}",
    "\u{200f}",
    "\u{200e}",
    "\u{2067}",
    "\u{2028}",
    "\u{feff}",
    "\u{200b}",
    "e\u{301}",
    "é",
    "日本語",
    "🦀",
    "␛",
    "┆",
    "│",
    "—",
    "…",
    "error: ",
    "Error(",
    "; stderr: ",
    "AC",
    "WA: ",
    "sample/1",
    "secret/",
    "\\",
    "\\u0000",
    " ",
    "  ",
    "\u{2029}",
    "\u{61c}",
    "\u{202a}\u{202c}",
    "\u{2066}\u{2069}",
    "\u{ad}",
    "\u{e0041}\u{e007f}",
    "\\u2028",
];

/// A text field: a sequence of hostile pieces, arbitrary characters, ASCII words and
/// runs of one character: up to 130 (across the table's 100-column message width), or
/// one run in eight up to 5000 (across the writers' 8 KiB buffers).
///
/// PERF: every run up to 5000 (measured before this cap) made the average run 2,500 characters,
/// each rendered by six writers and parsed back: 90 executions a second per core
/// without a sanitizer, most of it in libFuzzer's comparison hooks on the long texts.
fn text(u: &mut Unstructured<'_>, max_pieces: usize) -> Result<String> {
    let mut s = String::new();
    for _ in 0..u.int_in_range(0..=max_pieces)? {
        match u.int_in_range(0..=5u8)? {
            0 | 1 => s.push_str(u.choose(HOSTILE)?),
            2 => s.push(u.arbitrary::<char>()?),
            3 => {
                for _ in 0..u.int_in_range(1..=12)? {
                    s.push(char::from(u.int_in_range(b' '..=b'~')?));
                }
            }
            4 => {
                // Any ASCII or C1 control.
                let c = u.int_in_range(0..=0x9fu32)?;
                s.push(char::from_u32(c).unwrap_or('?'));
            }
            _ => {
                let c = *u.choose(&['x', ' ', 'é', '\x1b', '\n', '\0', '<', '\u{202e}'])?;
                let n = if u.int_in_range(0..=7u8)? == 0 {
                    u.int_in_range(1..=5000)?
                } else {
                    u.int_in_range(1..=130)?
                };
                s.extend(std::iter::repeat_n(c, n));
            }
        }
    }
    Ok(s)
}

/// A duration from zero to `Duration::MAX`.
fn duration(u: &mut Unstructured<'_>) -> Result<Duration> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => Duration::ZERO,
        1 => Duration::from_micros(u.int_in_range(0..=10_000_000)?),
        2 => Duration::new(u.arbitrary()?, u.int_in_range(0..=999_999_999)?),
        _ => Duration::MAX,
    })
}

/// A byte count from zero to `u64::MAX`.
fn bytes(u: &mut Unstructured<'_>) -> Result<u64> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => 0,
        1 => u.int_in_range(0..=1 << 32)?,
        2 => u.arbitrary()?,
        _ => u64::MAX,
    })
}

fn limits(u: &mut Unstructured<'_>) -> Result<Limits> {
    Ok(Limits {
        cpu: duration(u)?,
        wall: duration(u)?,
        memory_bytes: bytes(u)?,
        memory_mode: if u.arbitrary()? {
            MemoryMode::PeakRss
        } else {
            MemoryMode::AddressSpace
        },
        output_bytes: bytes(u)?,
        processes: u.arbitrary()?,
        open_files: crate::sandbox::limits::OPEN_FILES,
    })
}

fn run_outcome(u: &mut Unstructured<'_>) -> Result<RunOutcome> {
    Ok(RunOutcome {
        status: if u.arbitrary()? {
            ExitStatus::Exited(u.arbitrary()?)
        } else {
            ExitStatus::Signaled(u.int_in_range(0..=70)?)
        },
        cpu: duration(u)?,
        wall: duration(u)?,
        wait: Duration::ZERO,
        ended_at_ns: 0,
        peak_memory_bytes: bytes(u)?,
        stdout_bytes: bytes(u)?,
        stderr_bytes: bytes(u)?,
        killed_for: *u.choose(&[
            None,
            Some(LimitHit::Wall),
            Some(LimitHit::Cpu),
            Some(LimitHit::Memory),
            Some(LimitHit::KernelOom),
            Some(LimitHit::Output),
        ])?,
        pgid: u.arbitrary()?,
        strays_killed: u.arbitrary()?,
        image_over_bytes: u.arbitrary()?,
        guarantees: Guarantees {
            uid: u.arbitrary()?,
            process_limit: u.arbitrary()?,
            no_network: u.arbitrary()?,
            address_space_limit: u.arbitrary()?,
            hidden_paths: u.arbitrary()?,
            pid_namespace: u.arbitrary()?,
            fresh_proc: u.arbitrary()?,
            landlock_abi: u.arbitrary()?,
            memory_cgroup: u.arbitrary()?,
            cgroup_v2: u.arbitrary()?,
            seccomp: u.arbitrary()?,
            private_workdir: u.arbitrary()?,
            minimal_root: false,
            private_ipc: false,
            cpu_all_processes: false,
        },
    })
}

/// How the judge writes a status (`exit 0`, `SIGSEGV`).
fn status_text(status: ExitStatus) -> String {
    match status {
        ExitStatus::Exited(code) => format!("exit {code}"),
        ExitStatus::Signaled(sig) => signal_name(sig),
    }
}

fn case_result(u: &mut Unstructured<'_>, limits: &Limits) -> Result<CaseResult> {
    let case = match u.int_in_range(0..=2u8)? {
        0 => format!("sample/{}", u.int_in_range(1..=20u8)?),
        1 => format!("secret/{}", text(u, 3)?),
        _ => text(u, 4)?,
    };
    let run = if u.arbitrary()? {
        Some(run_outcome(u)?)
    } else {
        None
    };
    // A limit verdict as the judge words it, or any verdict with any message.
    let judged = match &run {
        Some(r) if u.arbitrary()? => crate::judge::limit_verdict::limit_verdict(r, limits),
        _ => None,
    };
    let (verdict, message) = match judged {
        Some((Verdict::RuntimeError, m)) if u.arbitrary()? => (
            Verdict::RuntimeError,
            format!("{m}; stderr: {}", text(u, 6)?),
        ),
        Some(vm) => vm,
        None => (*u.choose(&Verdict::ALL)?, text(u, 10)?),
    };
    let secs = |d: Option<Duration>| d.map_or(0.0, |d| d.as_secs_f64());
    Ok(CaseResult {
        case,
        verdict,
        message,
        cpu_seconds: secs(run.as_ref().map(|r| r.cpu)),
        wall_seconds: secs(run.as_ref().map(|r| r.wall)),
        wait_seconds: secs(run.as_ref().map(|r| r.wait)),
        memory_bytes: run.as_ref().map_or(0, |r| r.peak_memory_bytes),
        status: match (&run, u.int_in_range(0..=3u8)?) {
            (Some(r), 0..=2) => Some(status_text(r.status)),
            (_, 3) => Some(text(u, 3)?),
            _ => None,
        },
        output_bytes: run.as_ref().map_or(0, |r| r.stdout_bytes),
        stderr_bytes: run.as_ref().map_or(0, |r| r.stderr_bytes),
        protocol: None,
        score: None,
        score_multiplier: None,
        first_difference: None,
        run,
    })
}

fn problem_report(u: &mut Unstructured<'_>) -> Result<ProblemReport> {
    let problem = match u.int_in_range(0..=1u8)? {
        0 => u.choose(&crate::Problem::ALL)?.id().to_string(),
        _ => text(u, 3)?,
    };
    let title = text(u, 4)?;
    let limits = limits(u)?;
    let failure = if u.int_in_range(0..=3u8)? == 0 {
        let any = *u.choose(&Verdict::ALL)?;
        let verdict = *u.choose(&[Verdict::CompileError, Verdict::JudgeError, any])?;
        Some((verdict, text(u, 12)?))
    } else {
        None
    };
    let mut cases = Vec::new();
    if failure.is_none() || u.arbitrary()? {
        for _ in 0..u.int_in_range(0..=8)? {
            cases.push(case_result(u, &limits)?);
        }
    }
    Ok(ProblemReport {
        problem,
        title,
        limits,
        cases,
        failure,
        scored: None,
    })
}

/// A random session; empty when the bytes run out at once.
pub(super) fn random_session(u: &mut Unstructured<'_>) -> Result<Session> {
    let program = text(u, 4)?;
    let mut problems = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        problems.push(problem_report(u)?);
    }
    Ok(Session {
        program,
        problems,
        interrupted: None,
        shard: None,
        recorded_guarantees: None,
        provenance: None,
    })
}
