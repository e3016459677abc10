//! The reports of a sharded run put back together: `gridjudge report merge` reads the
//! JSON reports of the N shards of one command line (`--shard K/N`, see
//! [`shard`](crate::judge::shard)) and joins them into the report the run would have
//! written on one machine, which every writer then renders (table, JSON, JUnit, HTML).
//!
//! A report is a judge session ([`SessionReport`]), a `verify-submissions` report
//! ([`VerifyReport`]) or a `verify` report ([`GateReport`], whose shards are whole
//! problems: [`gate_reports`]); [`read`] tells them apart by their keys. Each shard's
//! report carries a [`ShardRecord`]: its index, the count, and every problem of the run
//! with the number of units (cases, or submissions) the whole run has of it. From that
//! the merge deals the units back into the single run's order
//! ([`interleave`]) and checks that the reports are
//! the N shards of one run: the same count, every index once, the same problems and
//! program, each shard with exactly its share of units. A shard that a signal cut short
//! may lack the end of its share; the merged report then says the run was interrupted
//! and how many cases did not run.
//!
//! What is recomputed from the merged units rather than taken from a shard: verdicts,
//! counts and summary lines, and the time-limit margins of `verify-submissions` (from
//! each shard's slowest accepted and fastest TLE example, [`ProblemMargins`]). The
//! sandbox guarantees are the weakest that any shard reports, field by field.

use crate::judge::case_loop::{CaseResult, ProblemReport};
use crate::judge::margins::ProblemMargins;
use crate::judge::shard::{interleave, MAX_SHARDS};
use crate::report::gate::GateReport;
use crate::report::schema::{
    CaseRecord, GuaranteesRecord, ProblemRecord, SessionReport, ShardRecord, ShardUnits,
};
use crate::report::submissions::{SubmissionRow, VerifyReport};
use crate::report::{Interruption, Session};
use std::path::{Path, PathBuf};

/// One report read for merging.
#[derive(Debug, Clone)]
pub enum Document {
    /// `gridjudge judge --format json`.
    Session(SessionReport),
    /// `gridjudge verify-submissions --format json`.
    Verify(VerifyReport),
    /// `gridjudge verify --format json`.
    Gate(GateReport),
}

/// Why reports cannot be merged; the message names the file when one is at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MergeError(pub String);

fn error(message: impl Into<String>) -> MergeError {
    MergeError(message.into())
}

/// Reads one report: a judge session (it has `problems`) or a `verify-submissions`
/// report (it has `submissions`). `path` names the file in errors, with the line and
/// column of a JSON syntax error.
pub fn read(path: &Path, text: &str) -> Result<Document, MergeError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        error(format!(
            "{}:{}:{}: {e}",
            path.display(),
            e.line(),
            e.column()
        ))
    })?;
    crate::report::schema::check_schema_version(&value)
        .map_err(|e| error(format!("{}: {e}", path.display())))?;
    let shape = |e: serde_json::Error| error(format!("{}: {e}", path.display()));
    if value.get("command").and_then(|c| c.as_str()) == Some(crate::report::gate::COMMAND) {
        serde_json::from_value(value)
            .map(Document::Gate)
            .map_err(shape)
    } else if value.get("submissions").is_some() {
        serde_json::from_value(value)
            .map(Document::Verify)
            .map_err(shape)
    } else if value.get("problems").is_some() {
        serde_json::from_value(value)
            .map(Document::Session)
            .map_err(shape)
    } else {
        Err(error(format!(
            "{}: not a gridjudge report (a judge report has \"problems\", a verify-submissions report \"submissions\")",
            path.display()
        )))
    }
}

/// The position after `unit`'s units, from `position`; `Err` past what a run can hold.
fn advance(position: usize, unit: &ShardUnits) -> Result<usize, MergeError> {
    position.checked_add(unit.units).ok_or_else(|| {
        error(format!(
            "{}: {} units: more than a run can hold",
            short(&unit.problem),
            unit.units
        ))
    })
}

/// How many missing shards an error names (the others are counted).
const MISSING_NAMED: usize = 8;

/// `text` cut to at most [`SHORT`] characters (a name a report gives, in an error line).
fn short(text: &str) -> String {
    match text.char_indices().nth(SHORT) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// The characters of a report's name an error line keeps.
const SHORT: usize = 80;

/// The shard records of `parts`, checked to be the N shards of one run, and the parts
/// in shard order.
fn in_shard_order<T>(
    parts: Vec<(PathBuf, T)>,
    shard_of: impl Fn(&T) -> Option<&ShardRecord>,
) -> Result<(ShardRecord, Vec<(PathBuf, T)>), MergeError> {
    let not_a_shard = |path: &Path| {
        error(format!(
            "{}: not the report of a shard (judge or verify-submissions with --shard K/N writes one)",
            path.display()
        ))
    };
    let (first_path, first_part) = parts.first().ok_or_else(|| error("no report to merge"))?;
    let first = shard_of(first_part)
        .cloned()
        .ok_or_else(|| not_a_shard(first_path))?;
    if first.count == 0 || first.count > MAX_SHARDS {
        return Err(error(format!(
            "{}: a run of {} shards (a run has 1 to {MAX_SHARDS})",
            first_path.display(),
            first.count
        )));
    }
    let mut slots: Vec<Option<(PathBuf, T)>> = (0..first.count).map(|_| None).collect();
    for (path, part) in parts {
        let Some(shard) = shard_of(&part) else {
            return Err(not_a_shard(&path));
        };
        if shard.count != first.count || shard.problems != first.problems {
            return Err(error(format!(
                "{}: shard {}/{} of another run (its problems or shard count differ from the first report's)",
                path.display(),
                shard.index,
                shard.count
            )));
        }
        let slot = shard
            .index
            .checked_sub(1)
            .and_then(|i| slots.get_mut(i))
            .ok_or_else(|| {
                error(format!(
                    "{}: shard {}/{}",
                    path.display(),
                    shard.index,
                    shard.count
                ))
            })?;
        if let Some((other, _)) = slot {
            return Err(error(format!(
                "{}: shard {}/{} is given twice (also {})",
                path.display(),
                shard.index,
                shard.count,
                other.display()
            )));
        }
        *slot = Some((path, part));
    }
    let missing: Vec<String> = slots
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| format!("{}/{}", i + 1, first.count))
        .collect();
    if !missing.is_empty() {
        let more = match missing.len().saturating_sub(MISSING_NAMED) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        return Err(error(format!(
            "shard(s) {}{more} missing: merge the reports of all {} shards",
            missing[..missing.len().min(MISSING_NAMED)].join(", "),
            first.count
        )));
    }
    Ok((first, slots.into_iter().flatten().collect()))
}

/// Deals one problem's units back into the run's order. A shard short of its share is
/// an error unless it was interrupted (`cut_short`); the units it did not run are
/// counted.
fn deal<T>(
    parts: Vec<Vec<T>>,
    start: usize,
    units: usize,
    cut_short: &[bool],
    what: &str,
) -> Result<(Vec<T>, usize), MergeError> {
    let count = parts.len();
    let what = short(what);
    let (dealt, _) = interleave(parts, start, units).map_err(|e| error(format!("{what}: {e}")))?;
    let fewer = |shard: usize| {
        error(format!(
            "{what}: shard {}/{count} holds fewer units than its share and was not interrupted: the reports are not the shards of one run",
            shard + 1
        ))
    };
    let mut whole = Vec::with_capacity(dealt.len());
    let mut not_run = 0;
    let dealt_len = dealt.len();
    for (offset, unit) in dealt.into_iter().enumerate() {
        match unit {
            Some(u) => whole.push(u),
            None if cut_short[(start + offset) % count] => not_run += 1,
            None => return Err(fewer((start + offset) % count)),
        }
    }
    // The gaps after the last unit held, counted without being written out: every
    // shard with a position among them must have been cut short.
    let gaps = units - dealt_len;
    let first_gap = start + dealt_len;
    if let Some(shard) = (0..gaps.min(count))
        .map(|i| (first_gap + i) % count)
        .find(|&shard| !cut_short[shard])
    {
        return Err(fewer(shard));
    }
    Ok((whole, not_run + gaps))
}

/// The weakest of two records of the guarantees, field by field (a merged run is only
/// as confined as its least confined shard).
fn weakest(a: GuaranteesRecord, b: GuaranteesRecord) -> GuaranteesRecord {
    let min_abi = match (a.landlock_abi, b.landlock_abi) {
        (Some(x), Some(y)) => Some(x.min(y)),
        _ => None,
    };
    let max_processes = match (a.process_limit, b.process_limit) {
        (Some(x), Some(y)) => Some(x.max(y)),
        _ => None,
    };
    GuaranteesRecord {
        address_space_limit: a.address_space_limit && b.address_space_limit,
        cgroup_v2: a.cgroup_v2 && b.cgroup_v2,
        cpu_all_processes: a.cpu_all_processes && b.cpu_all_processes,
        fresh_proc: a.fresh_proc && b.fresh_proc,
        hidden_paths: a.hidden_paths && b.hidden_paths,
        landlock_abi: min_abi,
        memory_cgroup: a.memory_cgroup && b.memory_cgroup,
        minimal_root: a.minimal_root && b.minimal_root,
        no_network: a.no_network && b.no_network,
        pid_namespace: a.pid_namespace && b.pid_namespace,
        private_ipc: a.private_ipc && b.private_ipc,
        private_workdir: a.private_workdir && b.private_workdir,
        process_limit: max_processes,
        seccomp: a.seccomp && b.seccomp,
        uid: if b.uid.is_some() { a.uid } else { None },
    }
}

/// The number of a signal a report names (SIGHUP, SIGINT or SIGTERM, the ones that
/// interrupt a run; SIGTERM for any other name).
fn signal_number(name: &str) -> i32 {
    crate::sandbox::interrupt::SIGNALS
        .into_iter()
        .find(|&s| crate::sandbox::signal_name(s) == name)
        .unwrap_or(libc::SIGTERM)
}

/// The judge sessions of the N shards of one run, merged into the session of the
/// whole run.
pub fn sessions(parts: Vec<(PathBuf, SessionReport)>) -> Result<Session, MergeError> {
    let (shard, parts) = in_shard_order(parts, |p| p.shard.as_ref())?;
    let program = parts[0].1.program.clone();
    if let Some((path, _)) = parts.iter().find(|(_, p)| p.program != program) {
        return Err(error(format!(
            "{}: judged another program than {} ({:?} against {:?})",
            path.display(),
            parts[0].0.display(),
            short(
                parts
                    .iter()
                    .find(|(q, _)| q == path)
                    .map_or("", |(_, p)| &p.program)
            ),
            short(&program)
        )));
    }
    // The same command line may name another program's files in another shard (a
    // rebuilt binary): their hashes tell.
    let hash = |p: &SessionReport| p.provenance.as_ref().and_then(|v| v.program_sha256.clone());
    let first_hash = hash(&parts[0].1);
    if let Some((path, other)) = parts.iter().find(|(_, p)| {
        let h = hash(p);
        h.is_some() && first_hash.is_some() && h != first_hash
    }) {
        return Err(error(format!(
            "{}: judged another build of the program than {} (sha256 {} against {})",
            path.display(),
            parts[0].0.display(),
            hash(other).unwrap_or_default(),
            first_hash.unwrap_or_default()
        )));
    }
    // The run's provenance is its first shard's, started when the earliest shard did.
    let provenance = parts[0].1.provenance.clone().map(|mut p| {
        if let Some(earliest) = parts
            .iter()
            .filter_map(|(_, q)| q.provenance.as_ref().map(|v| v.started.clone()))
            .min()
        {
            p.started = earliest;
        }
        p
    });
    let cut_short: Vec<bool> = parts.iter().map(|(_, p)| p.interrupted.is_some()).collect();
    let mut guarantees: Option<GuaranteesRecord> = None;
    for g in parts.iter().filter_map(|(_, p)| p.guarantees) {
        guarantees = Some(guarantees.map_or(g, |w| weakest(w, g)));
    }
    let mut problems = Vec::new();
    let mut position = 0;
    let mut not_run = 0;
    for unit in &shard.problems {
        let records: Vec<Option<&ProblemRecord>> = parts
            .iter()
            .map(|(_, p)| p.problems.iter().find(|r| r.problem == unit.problem))
            .collect();
        let Some(any) = records.iter().flatten().next() else {
            // Not one shard judged a case of it: every share was cut short.
            not_run += unit.units;
            position = advance(position, unit)?;
            continue;
        };
        let failure = records.iter().flatten().find_map(|r| r.failure.clone());
        let cases: Vec<CaseResult> = if failure.is_some() {
            Vec::new()
        } else {
            let shares: Vec<Vec<CaseRecord>> = records
                .iter()
                .map(|r| r.map(|r| r.cases.clone()).unwrap_or_default())
                .collect();
            let (cases, missed) = deal(shares, position, unit.units, &cut_short, &unit.problem)?;
            not_run += missed;
            cases.iter().map(CaseRecord::result).collect()
        };
        position = advance(position, unit)?;
        problems.push(ProblemReport {
            problem: unit.problem.clone(),
            title: any.title.clone(),
            limits: any.limits.limits(),
            scored: any.scored(),
            cases,
            failure: failure.map(|f| (f.verdict, f.message)),
        });
    }
    let interrupted = parts
        .iter()
        .find_map(|(_, p)| p.interrupted.as_ref())
        .map(|i| Interruption {
            signal: signal_number(&i.signal),
            cases_not_run: not_run,
        });
    Ok(Session {
        program,
        problems,
        interrupted,
        shard: None,
        recorded_guarantees: guarantees.map(Into::into),
        provenance,
    })
}

/// The `verify-submissions` reports of the N shards of one run, merged: the report of
/// the whole run (its margins lines left empty) and the time-limit margins of every
/// problem, for the caller to render with its options.
pub fn verify_reports(
    parts: Vec<(PathBuf, VerifyReport)>,
) -> Result<(VerifyReport, Vec<ProblemMargins>), MergeError> {
    let (shard, parts) = in_shard_order(parts, |p| p.shard.as_ref())?;
    let first = &parts[0].1;
    // The same problem folders, or the same package under the same time limit (where
    // the limit came from may be worded by each shard).
    let same_kind = |p: &VerifyReport| match (p.package(), first.package()) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.folder == b.folder && a.name == b.name && a.time_limit_seconds == b.time_limit_seconds
        }
        _ => false,
    };
    if let Some((path, _)) = parts.iter().find(|(_, p)| !same_kind(p)) {
        return Err(error(format!(
            "{}: verified another package or time limit than {}",
            path.display(),
            parts[0].0.display()
        )));
    }
    let cut_short: Vec<bool> = parts
        .iter()
        .map(|(_, p)| p.interrupted_by().is_some())
        .collect();
    let mut rows: Vec<SubmissionRow> = Vec::new();
    let mut margins: Vec<ProblemMargins> = Vec::new();
    let mut position = 0;
    for unit in &shard.problems {
        let shares: Vec<Vec<SubmissionRow>> = parts
            .iter()
            .map(|(_, p)| {
                p.submissions
                    .iter()
                    .filter(|r| p.problem_of(r) == unit.problem)
                    .cloned()
                    .collect()
            })
            .collect();
        let (dealt, _) = deal(shares, position, unit.units, &cut_short, &unit.problem)?;
        rows.extend(dealt);
        position = advance(position, unit)?;
        let mut merged: Option<ProblemMargins> = None;
        for m in parts
            .iter()
            .flat_map(|(_, p)| p.margin_data.iter().flatten())
            .filter(|m| m.problem == unit.problem)
        {
            merged = Some(match merged {
                None => m.clone(),
                Some(acc) => acc.joined(m),
            });
        }
        margins.extend(merged);
    }
    let mismatches = parts.iter().map(|(_, p)| p.mismatches).sum();
    let interrupted_by = parts
        .iter()
        .find_map(|(_, p)| p.interrupted_by())
        .map(str::to_string);
    let mut summary = crate::report::submissions::summary_line(rows.len(), mismatches);
    if let Some(p) = first.package() {
        if let (Some(limit), Some(how)) = (p.time_limit_seconds, &p.time_limit_from) {
            summary.push_str(&format!("; time limit {limit:.3} s ({how})"));
        }
    }
    if let Some(name) = &interrupted_by {
        summary.push_str(&format!("; {}", VerifyReport::interrupted_note(name)));
    }
    let report = VerifyReport {
        interrupted: interrupted_by,
        judge_error: parts.iter().any(|(_, p)| p.judge_error),
        margin_data: None,
        margins: first.margins.as_ref().map(|_| Vec::new()),
        mismatches,
        scope: first.scope.clone(),
        schema_version: crate::report::schema::SCHEMA_VERSION,
        shard: None,
        skipped: first.skipped.clone(),
        // Each shard warns about its own submissions (and each about the package).
        warnings: {
            let mut all: Vec<String> = Vec::new();
            for w in parts.iter().flat_map(|(_, p)| p.warnings.iter().flatten()) {
                if !all.contains(w) {
                    all.push(w.clone());
                }
            }
            Some(all)
        },
        provenance: first.provenance.clone(),
        total: rows.len(),
        submissions: rows,
        summary,
    };
    Ok((report, margins))
}

/// Joins the N shards of one `gridjudge verify` run: each problem of the run (listed in
/// every shard's record, in order) comes from the shard that verified it (problem `i`,
/// from 0, from shard `i mod N + 1`), and the counts and summary are recomputed. The
/// reports must be the N shards of one run, each with exactly its problems, unless a
/// signal cut a shard short.
pub fn gate_reports(parts: Vec<(PathBuf, GateReport)>) -> Result<GateReport, MergeError> {
    let mut records = Vec::new();
    for (path, part) in &parts {
        let Some(record) = &part.shard else {
            return Err(error(format!(
                "{}: not a shard (it has no \"shard\" record: run with --shard K/N)",
                path.display()
            )));
        };
        records.push((path, record));
    }
    let Some((first_path, first)) = records.first().copied() else {
        return Err(error("no reports to merge"));
    };
    if records.len() != first.count {
        return Err(error(format!(
            "{}: {} reports for a run of {} shards",
            first_path.display(),
            records.len(),
            first.count
        )));
    }
    let mut by_index: Vec<Option<&GateReport>> = vec![None; first.count];
    for ((path, record), (_, part)) in records.iter().zip(&parts) {
        if record.count != first.count || record.problems != first.problems {
            return Err(error(format!(
                "{}: a shard of another run than {} (other shard count or problems)",
                path.display(),
                first_path.display()
            )));
        }
        let slot = by_index.get_mut(record.index.wrapping_sub(1));
        match slot {
            Some(s @ None) => *s = Some(part),
            _ => {
                return Err(error(format!(
                    "{}: shard {} twice or out of range",
                    path.display(),
                    record.index
                )))
            }
        }
    }
    let mut cursor = vec![0usize; first.count];
    let mut problems = Vec::new();
    let mut interrupted = None;
    for (i, folder) in first.problems.iter().enumerate() {
        let k = i % first.count;
        let Some(part) = by_index[k] else { continue };
        interrupted = interrupted.or_else(|| part.interrupted.clone());
        match part.problems.get(cursor[k]) {
            Some(p) if &p.package == folder => {
                problems.push(p.clone());
                cursor[k] += 1;
            }
            Some(p) => {
                return Err(error(format!(
                    "shard {}: problem {} where the run has {}",
                    k + 1,
                    p.package,
                    folder
                )))
            }
            None if part.interrupted.is_some() => {}
            None => {
                return Err(error(format!(
                    "shard {}: problem {folder} missing, and no signal cut the shard short",
                    k + 1
                )))
            }
        }
    }
    for (k, part) in by_index.iter().enumerate() {
        if part.is_some_and(|p| p.problems.len() > cursor[k]) {
            return Err(error(format!(
                "shard {}: more problems than its share of the run",
                k + 1
            )));
        }
    }
    let mut merged = GateReport::new(problems, interrupted, None);
    merged.provenance = parts.iter().find_map(|(_, p)| p.provenance.clone());
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Verdict;

    /// A shard's report of problem `p` (`units` cases in the whole run) holding `cases`.
    fn shard(
        index: usize,
        count: usize,
        units: usize,
        cases: &[&str],
        cut: bool,
    ) -> (PathBuf, SessionReport) {
        let case_list: Vec<String> = cases
            .iter()
            .map(|c| format!(r#"{{"case": "{c}", "verdict": "AC"}}"#))
            .collect();
        let interrupted = if cut {
            r#""interrupted": {"cases_not_run": 1, "signal": "SIGINT"},"#
        } else {
            ""
        };
        let text = format!(
            r#"{{{interrupted} "program": "./a.out", "problems": [{{"problem": "p", "cases": [{}]}}],
               "shard": {{"count": {count}, "index": {index}, "problems": [{{"problem": "p", "units": {units}}}]}}}}"#,
            case_list.join(",")
        );
        let path = PathBuf::from(format!("s{index}.json"));
        match read(&path, &text).unwrap() {
            Document::Session(s) => (path, s),
            Document::Verify(_) | Document::Gate(_) => unreachable!("a session"),
        }
    }

    /// `report merge` refuses a report of a later schema version, naming the file.
    #[test]
    fn a_report_of_a_later_schema_version_is_refused() {
        for doc in [
            serde_json::json!({"schema_version": 9, "problems": []}),
            serde_json::json!({"schema_version": 9, "submissions": []}),
            serde_json::json!({"schema_version": 9, "command": "verify"}),
        ] {
            let refused = read(Path::new("later.json"), &doc.to_string())
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(
                refused.contains("later.json: schema_version 9: written by a newer gridjudge"),
                "{refused}"
            );
        }
    }

    #[test]
    fn a_shard_cut_short_merges_with_the_cases_it_did_not_run_counted() {
        let parts = vec![
            shard(1, 2, 5, &["a", "c"], true),
            shard(2, 2, 5, &["b", "d"], false),
        ];
        let session = sessions(parts).unwrap();
        let names: Vec<&str> = session.problems[0]
            .cases
            .iter()
            .map(|c| c.case.as_str())
            .collect();
        assert_eq!(names, ["a", "b", "c", "d"]);
        let i = session.interrupted.unwrap();
        assert_eq!((i.signal, i.cases_not_run), (libc::SIGINT, 1));
        assert_eq!(session.overall(), Verdict::JudgeError, "no verdict stands");
    }

    #[test]
    fn a_shard_short_of_its_share_without_a_signal_is_refused() {
        let parts = vec![
            shard(1, 2, 5, &["a", "c"], false),
            shard(2, 2, 5, &["b", "d"], false),
        ];
        let e = sessions(parts).unwrap_err();
        assert!(e.0.contains("shard 1/2 holds fewer units"), "{e}");
    }

    #[test]
    fn the_merged_guarantees_are_the_weakest_of_the_shards() {
        let strong = GuaranteesRecord::from(crate::sandbox::Guarantees {
            uid: Some(61000),
            process_limit: Some(64),
            no_network: true,
            address_space_limit: false,
            hidden_paths: true,
            pid_namespace: true,
            fresh_proc: true,
            landlock_abi: Some(6),
            memory_cgroup: true,
            cgroup_v2: false,
            seccomp: true,
            private_workdir: true,
            minimal_root: true,
            private_ipc: true,
            cpu_all_processes: true,
        });
        let weak = GuaranteesRecord {
            uid: None,
            landlock_abi: Some(4),
            minimal_root: false,
            process_limit: Some(128),
            ..strong
        };
        let w = weakest(strong, weak);
        assert_eq!(w, weak);
        assert_eq!(weakest(weak, strong), weak);
        assert_eq!(weakest(strong, strong), strong);
    }
}
