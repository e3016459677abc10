//! Verifying a problem's example submissions: every program under
//! `submissions/<verdict folder>/` is compiled and judged, and its verdict compared with
//! its [`Expectation`] (`gridjudge verify-submissions`): its folder's verdict, or a
//! package's expectation (`gridjudge::package::expectations`).
//!
//! A submission's verdict is its first non-AC case verdict (sample, then secret, by
//! name), or AC; a compile failure is its verdict at the case `compile`. The judging
//! itself is [`case_loop`]'s; what this workflow adds:
//!
//! - [`find_submissions`]: which files and folders are submissions (a verdict folder, a
//!   language of the [`language`] table that is installed; a folder is one submission of
//!   all its files) and which are skipped, with the reason;
//! - [`judge_submission`]: compile (the problem folder hidden from the compiler, as for
//!   any source) and judge one, into a [`SubmissionResult`];
//! - [`verify_problem`]: all of a problem's, with the time-limit margins of
//!   [`margins`]: accepted examples are recorded against the limit, time-limit-exceeded
//!   examples are judged once under limit × margin and their verdict read off the
//!   measured times.
//!
//! A package's submissions follow the same steps with problemtools' time-limit rule on
//! top (`gridjudge::package::submissions`); a scoring package's are scored afterwards
//! ([`SubmissionResult::apply_scoring`], [`scoring`](crate::judge::scoring)) and
//! compared with their expected score too. With `-j N`, N submissions are judged at a
//! time (see [`verify_problem`]). After a signal (see [`interrupt`]) no further
//! submission is judged and those in progress get no result.
//!
//! [`narrow`] turns `verify-submissions PROBLEM SUBMISSION... --case NAME` into the
//! submissions and cases to judge.

pub mod narrow;

use crate::document::submissions::{Scope, SubmissionRow, VerifyReport};
use crate::judge::case_loop::{self, CaseResult, JudgeSettings, ProblemReport};
use crate::judge::compile::{self, Program, Sources};
use crate::judge::expectation::{spec_verdict, CaseVerdict, Expectation, ScoreExpectation};
use crate::judge::language;
use crate::judge::margins::{self, ProblemMargins};
use crate::judge::problem::JudgeProblem;
use crate::sandbox::interrupt;
use crate::Verdict;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex, PoisonError};

/// One example submission: what it is expected to get (its folder's verdict, or a
/// package's expectation) and its file or folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// What it is expected to get.
    pub expected: Expectation,
    /// The source file, or the folder of a submission of several files.
    pub path: PathBuf,
    /// Its name below `submissions/`: `accepted/sol.cpp`.
    pub name: String,
    /// What it is expected to score, for a scoring problem.
    pub score: Option<ScoreExpectation>,
    /// What it is expected to score on test groups (`secret/group1`), for a scoring
    /// problem.
    pub group_scores: Vec<(String, ScoreExpectation)>,
    /// The file it runs, when `submissions.yaml` names one (`entrypoint`).
    pub entrypoint: Option<String>,
}

/// The submissions of a problem folder or package, and what was left out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found {
    /// In verdict-folder order ([`Verdict::ALL`]), then by name.
    pub submissions: Vec<Submission>,
    /// One line per folder or file left out, with the reason: a folder the caller does
    /// not know, a dangling symbolic link (named with its target), a file in no
    /// language of the table, a language not installed (notes and placeholders,
    /// [`language::is_ignored`], are not listed).
    pub skipped: Vec<String>,
}

/// The submissions under `dir/submissions/<verdict folder>/`, each expected to get its
/// folder's verdict exactly.
pub fn find_submissions(dir: &Path) -> Found {
    find_submissions_in(dir, &|name: &str| {
        Verdict::ALL
            .iter()
            .position(|v| v.folder() == name)
            .map(|rank| (rank, Expectation::Exactly(Verdict::ALL[rank])))
    })
}

/// The submissions under `dir/submissions/<folder>/` for the folders `folder` knows: it
/// gives a folder's rank (folders are listed in rank order) and its expectation.
pub(crate) fn find_submissions_in(
    dir: &Path,
    folder_expectation: &dyn Fn(&str) -> Option<(usize, Expectation)>,
) -> Found {
    let root = dir.join("submissions");
    let mut found = Found::default();
    let Ok(entries) = std::fs::read_dir(&root) else {
        return found;
    };
    let mut folders: Vec<(usize, String, PathBuf, Expectation)> = Vec::new();
    for path in entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()) {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match folder_expectation(&name) {
            Some((rank, expected)) => folders.push((rank, name, path, expected)),
            None => found.skipped.push(format!(
                "submissions/{name}/: not a verdict folder gridjudge checks"
            )),
        }
    }
    found.skipped.sort();
    folders.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    for (_, folder, path, expected) in folders {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&path)
            .map(|r| r.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        for path in files {
            let name = format!(
                "{folder}/{}",
                path.file_name()
                    .map(|n| n.to_string_lossy())
                    .unwrap_or_default()
            );
            if !path.exists() {
                let target = std::fs::read_link(&path)
                    .map(|t| t.display().to_string())
                    .unwrap_or_default();
                found
                    .skipped
                    .push(format!("{name}: a dangling symbolic link (to {target:?})"));
                continue;
            }
            if language::is_ignored(&path) {
                continue;
            }
            match Sources::within(&path, Some(dir)) {
                Ok(_) => found.submissions.push(Submission {
                    expected: expected.clone(),
                    path,
                    name,
                    score: None,
                    group_scores: Vec::new(),
                    entrypoint: None,
                }),
                Err(why) => found.skipped.push(format!("{name}: {why}")),
            }
        }
    }
    found
}

/// What one submission got.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SubmissionResult {
    /// The problem's short name.
    #[serde(skip)]
    pub problem: String,
    /// `accepted/sol.cpp`.
    pub submission: String,
    /// What it is expected to get (written as its description: `AC`, `WA|TLE`, …).
    pub expected: Expectation,
    /// The verdict it got (gridjudge's).
    pub got: Verdict,
    /// Every judged case's verdict and CPU time, against the real time limit.
    #[serde(skip)]
    pub cases: Vec<CaseVerdict>,
    /// The first non-AC case (or `compile`; empty when all were AC).
    pub case: String,
    /// Why.
    pub message: String,
    /// Its largest CPU time over the cases, seconds.
    pub max_cpu: f64,
    /// SHA-256 of its files ([`sha256_of_files`](crate::document::provenance::sha256_of_files)),
    /// `None` when they could not be read.
    pub sha256: Option<String>,
    /// What it is expected to score, for a scoring problem.
    #[serde(skip)]
    pub score_expected: Option<ScoreExpectation>,
    /// What it is expected to score on test groups, for a scoring problem.
    #[serde(skip)]
    pub group_scores_expected: Vec<(String, ScoreExpectation)>,
    /// Its scores, for a scoring problem ([`apply_scoring`](Self::apply_scoring)).
    #[serde(skip)]
    pub scored: Option<crate::judge::scoring::Scored>,
}

impl SubmissionResult {
    /// Whether it got what it is expected to get (and, for a scoring problem, scored
    /// what it is expected to score).
    pub(crate) fn as_expected(&self) -> bool {
        let score_ok = match (&self.score_expected, &self.scored) {
            (None, _) => true,
            (Some(e), Some(s)) => e.holds(s.score, s.best),
            (Some(_), None) => false,
        };
        // A test-group key is a glob: every group it names (as a whole) must score
        // what it says, and it must name one at least.
        let groups_ok = self.group_scores_expected.iter().all(|(glob, e)| {
            self.scored.as_ref().is_some_and(|s| {
                if glob == "secret" || glob.is_empty() {
                    return e.holds(s.score, None);
                }
                let mut named = s
                    .groups
                    .iter()
                    .filter(|g| crate::judge::expectation::glob_matches_whole(glob, &g.group))
                    .peekable();
                named.peek().is_some() && named.all(|g| e.holds(g.score, None))
            })
        });
        score_ok && groups_ok && self.expected.matches(self.got, &self.cases)
    }

    /// Scores it with `scoring`: the score and the groups' come from its case results
    /// (a compile failure has none and scores nothing); under legacy grading the
    /// verdict becomes the grader's, and a broken scoring rule makes it JE.
    pub fn apply_scoring(&mut self, scoring: &crate::judge::scoring::Scoring) {
        if self.cases.is_empty() {
            return;
        }
        let cases = self.cases.clone();
        let outcome = |id: &str| {
            cases
                .iter()
                .find(|c| c.case == id)
                .map(|c| crate::judge::scoring::CaseOutcome {
                    verdict: c.verdict,
                    score: c.score,
                    multiplier: c.multiplier,
                })
        };
        let scored = scoring.score(&outcome);
        let legacy = matches!(
            scoring.root.config,
            crate::judge::scoring::Config::Legacy(_)
        );
        if scored.verdict != spec_verdict(self.got) && legacy || scored.error.is_some() {
            self.got = scored.verdict;
            self.message = scored.error.clone().unwrap_or_else(|| {
                format!(
                    "the grader's verdict (first rejected case: {} {})",
                    self.case, self.message
                )
            });
        }
        self.scored = Some(scored);
    }

    /// Whether it is a judge error the folder did not expect (the judge's own failure).
    pub(crate) fn unexpected_judge_error(&self) -> bool {
        let judge_error = self.got == Verdict::JudgeError
            || self.expected.in_spec_verdicts()
                && self.cases.iter().any(|c| c.verdict == Verdict::JudgeError);
        judge_error && !self.as_expected()
    }

    /// The verdict the reports show: gridjudge's, or for an expectation in the package
    /// format's vocabulary the format's ([`spec_verdict`]).
    pub(crate) fn shown_verdict(&self) -> Verdict {
        if self.expected.in_spec_verdicts() {
            spec_verdict(self.got)
        } else {
            self.got
        }
    }

    /// Counts a case over `limit` seconds of CPU time as TLE (a run judged under a
    /// raised limit, read against the real one).
    pub(crate) fn cases_under(cases: &[CaseVerdict], limit: f64) -> Vec<CaseVerdict> {
        cases
            .iter()
            .map(|c| CaseVerdict {
                verdict: if c.cpu > limit {
                    Verdict::TimeLimitExceeded
                } else {
                    c.verdict
                },
                ..c.clone()
            })
            .collect()
    }

    /// The result of `sub` from its judging `report`: the first non-AC case, or the
    /// report's failure (a compile error).
    pub(crate) fn from_report(problem: &str, sub: &Submission, report: &ProblemReport) -> Self {
        let (got, case, message) = match (
            &report.failure,
            report.cases.iter().find(|c| c.verdict != Verdict::Accepted),
        ) {
            (Some((v, m)), _) => (*v, "compile".to_string(), m.clone()),
            (None, Some(c)) => (c.verdict, c.case.clone(), c.message.clone()),
            (None, None) => (report.overall(), String::new(), String::new()),
        };
        SubmissionResult {
            problem: problem.to_string(),
            submission: sub.name.clone(),
            expected: sub.expected.clone(),
            got,
            cases: report
                .cases
                .iter()
                .map(|c| CaseVerdict {
                    case: c.case.clone(),
                    verdict: c.verdict,
                    cpu: c.cpu_seconds,
                    score: c.score,
                    multiplier: c.score_multiplier,
                })
                .collect(),
            case,
            message,
            max_cpu: margins::slowest_case(report),
            sha256: crate::document::provenance::sha256_of_files(&[&sub.path]).ok(),
            score_expected: sub.score,
            group_scores_expected: sub.group_scores.clone(),
            scored: None,
        }
    }
}

/// Compiles a submission with the problem folder (its data and answers) out of
/// the compiler's sight, a package's include files beside it and its constants
/// substituted, and stages it for the sandbox user; `Err` is its verdict (CE, or JE for
/// the judge's own failure) and message.
pub fn compile_submission(
    sub: &Submission,
    problem: &JudgeProblem,
    settings: &JudgeSettings,
) -> Result<Program, (Verdict, String)> {
    let hidden = &problem.dir;
    let sources = Sources::within(&sub.path, Some(&problem.dir))
        .map_err(|why| (Verdict::JudgeError, format!("{}: {why}", sub.name)))?
        .with_includes(hidden)
        .with_substitutions(problem.source_substitutions.clone())
        .with_entry(sub.entrypoint.clone());
    compile::Compiler::new(&settings.launcher)
        .with_python(settings.python.clone())
        .hiding([hidden.to_path_buf()])
        .compile_sources(&sources)
        .and_then(|p| crate::judge::stage::stage(p, settings.drops_uid()))
        .map_err(|f| (f.verdict, f.message))
}

/// Compiles and judges one submission on every case of `problem`.
pub fn judge_submission(
    sub: &Submission,
    problem: &JudgeProblem,
    settings: &JudgeSettings,
) -> SubmissionResult {
    let quiet = |_: &CaseResult| {};
    let settings = &keeping_under(settings, sub, problem);
    let report = match compile_submission(sub, problem, settings) {
        Ok(program) => case_loop::judge_problem(problem, &program, settings, &quiet),
        Err((v, m)) => ProblemReport::failed(
            problem.name.clone(),
            problem.title.clone(),
            settings.run_limits(problem, settings.memory_mode),
            v,
            m,
        ),
    };
    SubmissionResult::from_report(&problem.name, sub, &report)
}

impl SubmissionResult {
    /// The row of a report of problem folders. A verdict shown in the package format's
    /// vocabulary keeps gridjudge's own in `judged` and, when they differ, at the head
    /// of the message.
    pub(crate) fn problem_row(&self) -> SubmissionRow {
        let shown = self.shown_verdict();
        let message = if shown != self.got {
            format!("{}: {}", self.got.code(), self.message)
        } else {
            self.message.clone()
        };
        let mut expected = match &self.score_expected {
            Some(score) => format!("{}, {}", self.expected.describe(), score.describe()),
            None => self.expected.describe(),
        };
        for (group, e) in &self.group_scores_expected {
            expected.push_str(&format!(", {group}: {}", e.describe()));
        }
        SubmissionRow {
            groups: self.scored.as_ref().map(|s| s.groups.clone()),
            score: self.scored.as_ref().map(|s| s.score),
            case: self.case.clone(),
            expected,
            got: shown,
            judged: Some(self.got),
            max_cpu: Some(self.max_cpu),
            message,
            ok: Some(self.as_expected()),
            problem: Some(self.problem.clone()),
            sha256: self.sha256.clone(),
            submission: self.submission.clone(),
        }
    }
}

/// The summary line of `results`: how many, as expected, mismatches.
pub fn summary(results: &[SubmissionResult]) -> String {
    let mismatches = results.iter().filter(|r| !r.as_expected()).count();
    crate::document::submissions::summary_line(results.len(), mismatches)
}

/// The report of verifying problem folders: `results` in order, the time-limit
/// `margins` lines, and the signal that cut the run short (its name), if any.
pub(crate) fn problems_report(
    results: &[SubmissionResult],
    margins: Vec<String>,
    interrupted: Option<String>,
) -> VerifyReport {
    let mut summary = summary(results);
    if let Some(name) = &interrupted {
        summary.push_str(&format!("; {}", VerifyReport::interrupted_note(name)));
    }
    VerifyReport {
        margin_data: None,
        schema_version: crate::document::SCHEMA_VERSION,
        shard: None,
        interrupted,
        judge_error: results.iter().any(SubmissionResult::unexpected_judge_error),
        margins: Some(margins),
        mismatches: results.iter().filter(|r| !r.as_expected()).count(),
        scope: Scope::Problems,
        provenance: None,
        skipped: Some(Vec::new()),
        warnings: Some(Vec::new()),
        submissions: results.iter().map(SubmissionResult::problem_row).collect(),
        summary,
        total: results.len(),
    }
}

/// One step of [`verify_problem`], for a progress display.
#[derive(Debug)]
pub enum Step<'a> {
    /// This submission is being compiled and judged.
    Start(&'a Submission),
    /// This result is in.
    Done(&'a SubmissionResult),
}

/// What [`verify_problem`] found.
#[derive(Debug, Clone)]
pub struct ProblemVerification {
    /// One result per submission judged, in the order given.
    pub results: Vec<SubmissionResult>,
    /// The time-limit margins of the accepted and TLE examples.
    pub margins: ProblemMargins,
}

/// Verifies `submissions` of a gridjudge problem with the time-limit safety `margin`
/// (see [`margins`]): accepted examples are recorded when accepted, TLE examples are
/// judged under limit × margin, every other one is judged as is.
///
/// With `settings.jobs` = N > 1, up to N submissions are compiled and judged at a time,
/// each on `jobs / N` workers of its own (so one submission alone keeps all N for its
/// cases): a set of examples spends much of its time waiting out the wall limits of
/// its sleeping and blocked programs, which then overlap with the others' runs; the
/// time-limit-exceeded examples, the longest, start first. Every
/// run still has its own sandbox uid (leased, see [`case_loop`]) and its time is
/// measured per process. The results are in the order given; the progress steps come
/// as they happen, on the caller's thread.
pub fn verify_problem(
    problem: &JudgeProblem,
    submissions: &[Submission],
    settings: &JudgeSettings,
    margin: f64,
    progress: &mut dyn FnMut(Step),
) -> ProblemVerification {
    let margins = Mutex::new(ProblemMargins::new(problem, margin));
    let workers = settings.jobs.clamp(1, submissions.len().max(1));
    let mut each = settings.clone();
    each.jobs = (settings.jobs / workers).max(1);
    let mut slots: Vec<Option<SubmissionResult>> = vec![None; submissions.len()];
    // The longest first: a time-limit-exceeded example runs to limit × margin on a case,
    // so started last it would keep one worker busy after the others are done.
    let mut order: Vec<usize> = (0..submissions.len()).collect();
    order.sort_by_key(|&i| !submissions[i].expected.is_time_limit_exceeded());
    let order = &order;
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Option<SubmissionResult>)>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (tx, next, margins, each) = (tx.clone(), &next, &margins, &each);
            scope.spawn(move || loop {
                if interrupt::signal().is_some() {
                    break;
                }
                let Some(&i) = order.get(next.fetch_add(1, Ordering::SeqCst)) else {
                    break;
                };
                let sub = &submissions[i];
                if tx.send((i, None)).is_err() {
                    break;
                }
                let result = verify_one(problem, sub, each, margins);
                if interrupt::signal().is_some() {
                    // Ended by the signal: no verdict to compare.
                    break;
                }
                if tx.send((i, Some(result))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // The steps are reported here, on the caller's thread, as they arrive.
        for (i, result) in rx {
            match result {
                None => progress(Step::Start(&submissions[i])),
                Some(result) => {
                    progress(Step::Done(&result));
                    slots[i] = Some(result);
                }
            }
        }
    });
    ProblemVerification {
        results: slots.into_iter().flatten().collect(),
        margins: margins.into_inner().unwrap_or_else(PoisonError::into_inner),
    }
}

/// `settings` for one submission of `problem`: `--keep-outputs` pointed at its own
/// folder (`KEEP/accepted/sol.cpp/PROBLEM/CASE.out`), and with `stop_when_settled` its
/// expectation as what ends its judging early.
fn keeping_under(
    settings: &JudgeSettings,
    sub: &Submission,
    problem: &JudgeProblem,
) -> JudgeSettings {
    let mut mine = settings.clone();
    if let Some(keep) = &mut mine.keep_outputs {
        keep.under = keep.under.join(&sub.name);
    }
    if settings.stop_when_settled {
        mine.settle = Some(case_loop::Settle {
            expectation: sub.expected.clone(),
            cpu_limit: problem.limits.time,
        });
    }
    mine
}

/// Compiles and judges one submission of [`verify_problem`], recording an accepted or
/// time-limit-exceeded example in `margins`.
fn verify_one(
    problem: &JudgeProblem,
    sub: &Submission,
    settings: &JudgeSettings,
    margins: &Mutex<ProblemMargins>,
) -> SubmissionResult {
    let quiet = |_: &CaseResult| {};
    let margins = || margins.lock().unwrap_or_else(PoisonError::into_inner);
    let settings = &keeping_under(settings, sub, problem);
    match compile_submission(sub, problem, settings) {
        Err((v, m)) => {
            let failed = ProblemReport::failed(
                problem.name.clone(),
                problem.title.clone(),
                settings.run_limits(problem, settings.memory_mode),
                v,
                m,
            );
            SubmissionResult::from_report(&problem.name, sub, &failed)
        }
        Ok(program) if sub.expected.is_time_limit_exceeded() => {
            let extended = margins().extended(problem);
            let report = case_loop::judge_problem(&extended, &program, settings, &quiet);
            margins().record_tle(&sub.name, &report);
            let (got, case, message) = margins::verdict_under(&report, problem.limits.time);
            let result = SubmissionResult::from_report(&problem.name, sub, &report);
            SubmissionResult {
                got,
                case,
                message,
                cases: SubmissionResult::cases_under(
                    &result.cases,
                    problem.limits.time.as_secs_f64(),
                ),
                ..result
            }
        }
        Ok(program) => {
            let report = case_loop::judge_problem(problem, &program, settings, &quiet);
            if sub.expected.is_accepted() && report.overall() == Verdict::Accepted {
                margins().record_ac(&sub.name, &report);
            }
            SubmissionResult::from_report(&problem.name, sub, &report)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn submissions_are_found_in_verdict_order_and_the_rest_is_named() {
        let dir = tempfile::tempdir().expect("temp dir");
        let subs = dir.path().join("submissions");
        for (folder, file) in [
            ("wrong_answer", "b.c"),
            ("accepted", "z.py"),
            ("accepted", "a.cpp"),
            ("accepted", "notes.md"),
            ("accepted", "prog.go"),
            ("accepted", ".gitkeep"),
            ("accepted", "old.c.disabled"),
            ("brute_force", "x.c"),
        ] {
            std::fs::create_dir_all(subs.join(folder)).expect("mkdir");
            std::fs::write(subs.join(folder).join(file), "").expect("write");
        }
        std::fs::create_dir_all(subs.join("accepted/multi")).expect("mkdir");
        let found = find_submissions(dir.path());
        let names: Vec<&str> = found.submissions.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            ["accepted/a.cpp", "accepted/z.py", "wrong_answer/b.c"]
        );
        assert_eq!(
            found.submissions[2].expected,
            Expectation::Exactly(Verdict::WrongAnswer)
        );
        assert_eq!(
            found.skipped,
            [
                "submissions/brute_force/: not a verdict folder gridjudge checks",
                "accepted/multi: no source of C, C++, Rust, Python 3, Python 2, Java, Kotlin",
                "accepted/prog.go: no source of C, C++, Rust, Python 3, Python 2, Java, Kotlin",
            ]
        );
        assert_eq!(find_submissions(&dir.path().join("none")), Found::default());
    }

    #[test]
    fn a_result_is_the_first_rejected_case_or_the_failure() {
        use crate::sandbox::limits::Limits;
        let sub = Submission {
            expected: Expectation::Exactly(Verdict::Accepted),
            path: PathBuf::from("accepted/a.c"),
            name: "accepted/a.c".into(),
            score: None,
            group_scores: Vec::new(),
            entrypoint: None,
        };
        let case = |name: &str, verdict, cpu| CaseResult {
            case: name.into(),
            verdict,
            message: String::new(),
            cpu_seconds: cpu,
            wall_seconds: cpu,
            wait_seconds: 0.0,
            memory_bytes: 0,
            status: None,
            output_bytes: 0,
            stderr_bytes: 0,
            protocol: None,
            score: None,
            score_multiplier: None,
            first_difference: None,
            run: None,
        };
        let mut report = ProblemReport {
            problem: "p".into(),
            title: String::new(),
            limits: Limits::new(std::time::Duration::from_secs(1), 1 << 20),
            cases: vec![
                case("sample/1", Verdict::Accepted, 0.5),
                case("secret/1", Verdict::WrongAnswer, 0.25),
                case("secret/2", Verdict::TimeLimitExceeded, 1.0),
            ],
            failure: None,
            scored: None,
        };
        let r = SubmissionResult::from_report("p", &sub, &report);
        assert_eq!((r.got, r.case.as_str()), (Verdict::WrongAnswer, "secret/1"));
        assert_eq!(r.max_cpu, 1.0);
        assert!(!r.as_expected() && !r.unexpected_judge_error());
        report.cases.clear();
        report.failure = Some((Verdict::CompileError, "main.c:1: error".into()));
        let r = SubmissionResult::from_report("p", &sub, &report);
        assert_eq!((r.got, r.case.as_str()), (Verdict::CompileError, "compile"));
        report.failure = None;
        let r = SubmissionResult::from_report("p", &sub, &report);
        assert_eq!(r.got, Verdict::JudgeError, "nothing judged is no verdict");
        assert!(r.unexpected_judge_error());
        report.cases = vec![case("sample/1", Verdict::Accepted, 0.5)];
        let r = SubmissionResult::from_report("p", &sub, &report);
        assert!(r.as_expected() && r.case.is_empty());
    }
}
