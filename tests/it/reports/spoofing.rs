//! Display spoofing end to end: the hostile example submission
//! `judge-cases/poj3074/submissions/run_time_error/bidi_stderr.c` prints a right-to-left
//! override (U+202E), a line separator (U+2028) and a paragraph separator (U+2029) on
//! stdout and stderr. `gridjudge judge` and `gridjudge verify-submissions` must give it
//! RE and keep those characters out of every report they write, raw: the table, JSON,
//! JUnit, HTML, BMF and gab reports of `judge`, and the table, JSON and JUnit reports of
//! `verify-submissions`. The display formats show them as `<U+202E>`; the JSON reports
//! carry them as `\u` escapes that read back as the exact text.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::Command;

const RAW: [char; 3] = ['\u{202e}', '\u{2028}', '\u{2029}'];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn submission() -> PathBuf {
    root().join("judge-cases/poj3074/submissions/run_time_error/bidi_stderr.c")
}

fn gridjudge(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .output()
        .expect("run gridjudge");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 report");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains(RAW),
        "raw bidi or separator character on stderr: {stderr}"
    );
    (out.status.code(), stdout)
}

/// No raw U+202E, U+2028 or U+2029 (nor any other bidirectional formatting character).
fn assert_clean(what: &str, text: &str) {
    let bidi = |c: char| {
        RAW.contains(&c)
            || matches!(
                c,
                '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202d}'
            )
            || ('\u{2066}'..='\u{2069}').contains(&c)
    };
    if let Some(c) = text.chars().find(|&c| bidi(c)) {
        panic!("{what}: raw U+{:04X}:\n{text}", u32::from(c));
    }
}

/// The visible form of the submission's stderr line, as the table and JUnit show it.
const SHOWN: &str = "verdict AC <U+202E>exe.txt<U+2028>AC<U+2029>all 95 puzzles solved";
/// The exact stderr line, as the JSON reports read back.
const EXACT: &str = "verdict AC \u{202e}exe.txt\u{2028}AC\u{2029}all 95 puzzles solved";

#[test]
fn judge_reports_show_bidi_and_separators_as_escapes() {
    let _machine = support::machine::shared();
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str| dir.path().join(name).display().to_string();
    let (junit, html, bmf, gab) = (
        file("junit.xml"),
        file("report.html"),
        file("bmf.json"),
        file("gab.json"),
    );
    let source = submission().display().to_string();
    let common = [
        "judge", "poj3074", "--case", "sample/1", "--source", &source,
    ];

    let (code, table) = gridjudge(&common);
    assert_eq!(code, Some(1), "{table}");
    assert_clean("table", &table);
    assert!(
        table.contains(&format!("exit code 1; stderr: {SHOWN}")),
        "{table}"
    );

    let mut args = common.to_vec();
    args.extend([
        "--format", "json", "--junit", &junit, "--html", &html, "--bmf", &bmf, "--gab", &gab,
    ]);
    let (code, json) = gridjudge(&args);
    assert_eq!(code, Some(1), "{json}");
    assert_clean("json", &json);
    assert!(json.contains(r"\u202eexe.txt\u2028AC\u2029"), "{json}");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let case = &doc["problems"][0]["cases"][0];
    assert_eq!(case["verdict"], "RE");
    assert_eq!(
        case["message"].as_str(),
        Some(format!("exit code 1; stderr: {EXACT}").as_str())
    );

    let junit = std::fs::read_to_string(&junit).unwrap();
    assert_clean("junit", &junit);
    assert!(
        junit.contains("verdict AC &lt;U+202E&gt;exe.txt&lt;U+2028&gt;AC&lt;U+2029&gt;"),
        "{junit}"
    );
    let html = std::fs::read_to_string(&html).unwrap();
    assert_clean("html", &html);
    assert!(html.contains("&lt;U+202E&gt;exe.txt"), "{html}");
    for (what, path) in [("bmf", &bmf), ("gab", &gab)] {
        let text = std::fs::read_to_string(path).unwrap();
        assert_clean(what, &text);
        serde_json::from_str::<serde_json::Value>(&text).unwrap();
    }
}

/// A judge-cases folder holding poj3074 (its problem.toml and sample) with the hostile
/// submission as its only examples: in its own folder, and misfiled under `accepted`
/// (a mismatch, whose JUnit failure quotes the message).
fn one_submission_cases() -> tempfile::TempDir {
    let cases = tempfile::tempdir().unwrap();
    let problem = cases.path().join("poj3074");
    let from = root().join("judge-cases/poj3074");
    std::fs::create_dir_all(problem.join("data/sample")).unwrap();
    std::fs::create_dir_all(problem.join("submissions/run_time_error")).unwrap();
    std::fs::copy(from.join("problem.toml"), problem.join("problem.toml")).unwrap();
    for f in ["1.in", "1.ans"] {
        std::fs::copy(
            from.join("data/sample").join(f),
            problem.join("data/sample").join(f),
        )
        .unwrap();
    }
    for rel in ["run_time_error/bidi_stderr.c", "accepted/bidi_misfiled.c"] {
        let to = problem.join("submissions").join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(submission(), to).unwrap();
    }
    cases
}

#[test]
fn verify_submissions_reports_show_bidi_and_separators_as_escapes() {
    let _machine = support::machine::shared();
    let cases = one_submission_cases();
    let cases_arg = cases.path().display().to_string();
    let junit = cases.path().join("junit.xml").display().to_string();
    let common = ["verify-submissions", "poj3074", "--cases", &cases_arg];

    let (code, table) = gridjudge(&common);
    assert_eq!(code, Some(1), "{table}");
    assert_clean("table", &table);
    assert!(table.contains("<U+202E>exe.txt<U+2028>"), "{table}");
    assert!(
        table.contains("2 submission(s), 1 as expected, 1 mismatch(es)"),
        "{table}"
    );

    let mut args = common.to_vec();
    args.extend(["--format", "json", "--junit", &junit]);
    let (code, json) = gridjudge(&args);
    assert_eq!(code, Some(1), "{json}");
    assert_clean("json", &json);
    assert!(json.contains(r"\u202eexe.txt\u2028AC\u2029"), "{json}");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let row = &doc["submissions"][1];
    assert_eq!(
        (row["expected"].as_str(), row["got"].as_str()),
        (Some("RE"), Some("RE"))
    );
    assert_eq!(
        row["message"].as_str(),
        Some(format!("exit code 1; stderr: {EXACT}").as_str())
    );
    let junit = std::fs::read_to_string(&junit).unwrap();
    assert_clean("junit", &junit);
    assert!(junit.contains("run_time_error/bidi_stderr.c"), "{junit}");
    assert!(
        junit.contains(
            "expected AC, got RE at sample/1: exit code 1; stderr: verdict AC &lt;U+202E&gt;"
        ),
        "{junit}"
    );
}
