//! Snapshot tests of the judge's reports: the table,
//! JSON and JUnit reports of every example submission of the fixture problem
//! `tests/fixtures/judge/cases/poj3074` (one per verdict folder), kept in the top-level
//! `snapshots/`.
//!
//! What varies from run to run or machine to machine is redacted: CPU, wait and wall times,
//! memory, output sizes of killed runs, the sandbox guarantees (uid lease, root or
//! not), and the commit, start time, kernel and CPUs of the provenance (the version and
//! the program's SHA-256 are kept). Verdicts, messages, statuses, case names and the report layout are kept.

use crate::support;

use gridjudge::judge::case_loop::{judge_problem, JudgeSettings, ProblemReport};
use gridjudge::judge::compile;
use gridjudge::judge::problem::JudgeProblem;
use gridjudge::report::provenance::Provenance;
use gridjudge::report::{json, junit, table, Session};
use std::path::{Path, PathBuf};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/judge/cases/poj3074")
}

/// Compiles and judges one submission, as `gridjudge judge poj3074 --source FILE` does.
fn judge(rel: &str) -> Session {
    judge_source(&fixture().join("submissions").join(rel), rel)
}

/// Compiles and judges `source` on the fixture's cases; `rel` names it in the report.
fn judge_source(source: &Path, rel: &str) -> Session {
    let launcher = PathBuf::from(env!("CARGO_BIN_EXE_gridjudge"));
    let mut settings = JudgeSettings::new(launcher.clone());
    settings.jobs = 2;
    let problem = JudgeProblem::load(&fixture()).unwrap();
    let report = match compile::compile(source, &launcher) {
        Ok(program) => judge_problem(&problem, &program, &settings, &|_| {}),
        Err(f) => ProblemReport::failed(
            problem.name.clone(),
            problem.title.clone(),
            problem.run_limits(settings.memory_mode),
            f.verdict,
            f.message,
        ),
    };
    Session {
        program: format!("submissions/{rel}"),
        problems: vec![report],
        interrupted: None,
        shard: None,
        recorded_guarantees: None,
        // As `gridjudge judge --source FILE` says where the report came from.
        provenance: Some(Provenance::now(Some(&[source]))),
    }
}

const REDACTED: &str = "[redacted]";

/// Removes what varies between runs and machines, in the session itself (so the table's
/// column widths do not vary either): times and memory become 0; the messages and
/// statuses of TLE runs (wall or CPU limit, SIGKILL or SIGXCPU: it depends on the load),
/// the memory figure of MLE messages, kill statuses and output sizes of killed runs, the
/// sandbox guarantees (root or not, uid lease), and the repository path.
fn redact(session: &mut Session) {
    let repo = env!("CARGO_MANIFEST_DIR");
    if let Some(p) = &mut session.provenance {
        // The build, the time and the machine vary; the version and the program's hash
        // (of a file in the repository) do not.
        p.commit = Some(REDACTED.into());
        p.started = REDACTED.into();
        p.kernel = REDACTED.into();
        p.cpus = 0;
    }
    for p in &mut session.problems {
        if let Some((_, m)) = &mut p.failure {
            *m = m.replace(repo, "[repo]");
        }
        for c in &mut p.cases {
            c.cpu_seconds = 0.0;
            c.wall_seconds = 0.0;
            c.wait_seconds = 0.0;
            c.memory_bytes = 0;
            c.run = None; // the guarantees
            c.message = stable_text(&c.message.replace(repo, "[repo]"));
            match c.verdict.code() {
                "TLE" => {
                    c.message = format!("time limit: {REDACTED}");
                    c.status = Some(REDACTED.into());
                    c.output_bytes = 0;
                    c.stderr_bytes = 0;
                }
                "MLE" | "OLE" => {
                    // The peak and its precision vary; which of the sampler or the
                    // kernel stopped the program too.
                    if c.message.starts_with("peak memory ") {
                        c.message = format!("peak memory {REDACTED}");
                    }
                    c.status = Some(REDACTED.into());
                    c.output_bytes = 0;
                    c.stderr_bytes = 0;
                }
                _ => {}
            }
        }
    }
}

/// Replaces a thread or process id in parentheses (`thread 'main' (12779) panicked`) by
/// `([id])`, and the compiler's temporary folder (`/tmp/gridjudge-build-7bHE7g/`) by
/// `[build]/`.
fn stable_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('(') {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 1..];
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && tail[digits..].starts_with(')') {
            out.push_str("([id])");
            rest = &tail[digits + 1..];
        } else {
            out.push('(');
            rest = tail;
        }
    }
    out.push_str(rest);
    const BUILD: &str = "/tmp/gridjudge-build-";
    while let Some(i) = out.find(BUILD) {
        let end = out[i + BUILD.len()..]
            .find('/')
            .map_or(out.len(), |j| i + BUILD.len() + j);
        out.replace_range(i..end, "[build]");
    }
    out
}

/// Replaces the zeroed numbers of the JSON report by a visible marker.
fn redact_json(text: &str) -> String {
    let mut doc: serde_json::Value = serde_json::from_str(text).unwrap();
    doc["guarantees"] = REDACTED.into();
    for p in doc["problems"].as_array_mut().unwrap() {
        for c in p["cases"].as_array_mut().unwrap() {
            for key in [
                "cpu_seconds",
                "wait_seconds",
                "wall_seconds",
                "memory_bytes",
            ] {
                c[key] = REDACTED.into();
            }
            if matches!(c["verdict"].as_str(), Some("TLE" | "MLE" | "OLE")) {
                c["output_bytes"] = REDACTED.into();
                c["stderr_bytes"] = REDACTED.into();
            }
        }
    }
    // As the JSON report writes them: bidirectional and separator characters escaped.
    gridjudge::report::escape_invisible_in_json(serde_json::to_string_pretty(&doc).unwrap())
}

fn reports(rel: &str) -> String {
    reports_of(judge(rel))
}

fn reports_of(mut session: Session) -> String {
    redact(&mut session);
    let table =
        table::render(&session).replace("sandbox: nothing ran", "sandbox: [guarantees redacted]");
    let json = redact_json(&json::render(&session));
    let junit = junit::render(&session).unwrap();
    format!("== table ==\n{table}\n== json ==\n{json}\n\n== junit ==\n{junit}")
}

fn snapshot(name: &str, text: &str) {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    s.set_prepend_module_to_snapshot(false);
    s.set_description(
        "CPU, wall, memory, TLE messages, kill statuses and sandbox guarantees redacted",
    );
    s.bind(|| insta::assert_snapshot!(name, text));
}

macro_rules! judged {
    ($($test:ident => $rel:literal,)*) => {$(
        #[test]
        fn $test() {
            snapshot(stringify!($test), &reports($rel));
        }
    )*};
}

judged! {
    judge_accepted_bitmask_c => "accepted/bitmask.c",
    judge_accepted_bitmask_cpp => "accepted/bitmask_cpp.cpp",
    judge_compile_error => "compile_error/typo.c",
    judge_memory_limit_exceeded => "memory_limit_exceeded/hog.cpp",
    judge_output_limit_exceeded => "output_limit_exceeded/flood.c",
    judge_presentation_error => "presentation_error/spaces.c",
    judge_run_time_error => "run_time_error/panic.rs",
    judge_time_limit_exceeded => "time_limit_exceeded/spin.c",
    judge_wrong_answer => "wrong_answer/echo.py",
}

/// The bundled hostile example `judge-cases/poj3074/submissions/run_time_error/
/// bidi_stderr.c` (U+202E, U+2028, U+2029 on stderr) on the fixture's cases: the table
/// and JUnit show `<U+202E>`, the JSON report `\u202e`.
#[test]
fn judge_run_time_error_bidi() {
    let _machine = support::machine::shared();
    let rel = "run_time_error/bidi_stderr.c";
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("judge-cases/poj3074/submissions")
        .join(rel);
    snapshot(
        "judge_run_time_error_bidi",
        &reports_of(judge_source(&source, rel)),
    );
}
