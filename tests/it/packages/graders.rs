//! Legacy custom graders end to end (`grading: custom`, the program in `graders/`): a
//! Python grader grading every group with its `grader_flags`, a C++ grader grading one
//! group beside the default grader, a failing and a babbling grader (judge errors
//! naming it), and the packages problemtools refuses (no grader, two graders, a grader
//! in a pass-fail problem).

use super::scoring::{data, got, json, row, validator, verify};
use super::write;
use crate::support;
use std::path::Path;

/// A grader: the first rejected child's verdict (else AC), the sum of the scores times
/// its first flag (1 without one).
const SUMMING: &str = "import sys\ntimes = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0\nrows = [l.split() for l in sys.stdin if l.strip()]\nverdict = next((v for v, _ in rows if v != 'AC'), 'AC')\nprint(verdict, sum(float(s) for _, s in rows) * times)\n";

/// A C++ grader: the worst verdict of its children, the minimum score plus 100.
const MIN_PLUS_100: &str = r#"#include <iostream>
#include <string>
int main() {
    std::string v, verdict = "AC";
    double s, best = 1e18;
    bool any = false;
    while (std::cin >> v >> s) {
        if (v != "AC" && verdict == "AC") verdict = v;
        if (s < best) best = s;
        any = true;
    }
    std::cout << verdict << " " << (any ? best : 0) + 100 << "\n";
}
"#;

/// A legacy scoring package: the sums of `data`, the validator writing `score.txt` 10
/// for a right answer and 4 for `partial`, every group continuing after a rejection.
fn package(dir: &Path) {
    write(
        dir,
        "problem.yaml",
        "name: Sum\ntype: scoring\nvalidation: custom score\nlimits:\n  memory: 64\n",
    );
    write(
        dir,
        "output_validators/v/validate.py",
        &validator("score.txt", Some("10"), "4"),
    );
    data(dir);
}

#[test]
fn a_python_grader_grades_every_group_with_its_flags() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("graded");
    package(&dir);
    write(
        &dir,
        "data/testdata.yaml",
        "on_reject: continue\ngrading: custom\nrange: 0 90\n",
    );
    write(&dir, "data/secret/g2/testdata.yaml", "grader_flags: 2\n");
    write(&dir, "graders/grader.py", SUMMING);
    let (code, doc) = json(&dir);
    assert_eq!(code, Some(0), "{doc:#}");
    // sample 10; g1 10 + 10; g2 (10 + 10 + 10) x 2; secret 80; data 90.
    assert_eq!(got(&doc, "accepted/sum.py"), ("AC".into(), 90.0, true));
    // g2: (4 + 4 + 4) x 2: 10 + 20 + 24.
    assert_eq!(
        got(&doc, "partially_accepted/partial.py"),
        ("AC".into(), 54.0, true)
    );
    assert_eq!(got(&doc, "wrong_answer/wrong.py"), ("WA".into(), 0.0, true));
    // g2: (10 + 10 + 0) x 2 and the first rejection's verdict.
    assert_eq!(
        got(&doc, "time_limit_exceeded/slow.py"),
        ("TLE".into(), 70.0, true)
    );
    // g2: 10 x 2, RTE from the grader.
    assert_eq!(
        got(&doc, "run_time_error/crash.py"),
        ("RE".into(), 50.0, true)
    );
    let groups = row(&doc, "run_time_error/crash.py")["groups"].to_string();
    assert!(
        groups.contains(r#""group":"secret/g2","max_score":90.0,"score":20.0,"verdict":"RE""#),
        "{groups}"
    );
}

#[test]
fn a_cpp_grader_grades_its_group_beside_the_default_grader_and_its_failures_are_judge_errors() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("graded");
    package(&dir);
    write(
        &dir,
        "data/testdata.yaml",
        "on_reject: continue\ngrader_flags: ignore_sample\n",
    );
    write(&dir, "data/secret/testdata.yaml", "grader_flags: sum\n");
    write(&dir, "data/sample/testdata.yaml", "grader_flags: sum\n");
    write(&dir, "data/secret/g1/testdata.yaml", "grading: custom\n");
    write(&dir, "graders/min.cpp", MIN_PLUS_100);
    for folder in ["time_limit_exceeded", "run_time_error", "wrong_answer"] {
        std::fs::remove_dir_all(dir.join("submissions").join(folder)).expect("rm");
    }
    let (code, doc) = json(&dir);
    assert_eq!(code, Some(0), "{doc:#}");
    // g1: min(10, 10) + 100; g2 by the default grader: 30; the sample ignored.
    assert_eq!(got(&doc, "accepted/sum.py"), ("AC".into(), 140.0, true));
    assert_eq!(
        got(&doc, "partially_accepted/partial.py"),
        ("AC".into(), 122.0, true)
    );

    // A grader ending with exit code 1: a judge error naming it, with its stderr.
    write(
        &dir,
        "graders/min.cpp",
        "#include <cstdio>\nint main() { std::fputs(\"no luck\\n\", stderr); return 1; }\n",
    );
    // (A judge error: exit 3.)
    let (code, text) = verify(&dir, "json");
    assert_eq!(code, Some(3), "{text}");
    assert!(
        text.contains("secret/g1: grader graders/min.cpp failed (exit code 1, not 0: no luck)"),
        "{text}"
    );
    // One that prints something else than `VERDICT SCORE`.
    write(
        &dir,
        "graders/min.cpp",
        "#include <cstdio>\nint main() { std::puts(\"AC\"); }\n",
    );
    let (code, doc) = json(&dir);
    assert_eq!(code, Some(3), "{doc:#}");
    let (verdict, _, ok) = got(&doc, "accepted/sum.py");
    assert_eq!((verdict.as_str(), ok), ("JE", false));
    assert!(
        doc.to_string()
            .contains(r#"grader graders/min.cpp printed \"AC\", not one line \"VERDICT SCORE\""#),
        "{doc:#}"
    );
    // One that does not build: the package's error, naming it.
    write(&dir, "graders/min.cpp", "int main() { return }\n");
    let (code, text) = verify(&dir, "table");
    assert_eq!(code, Some(3), "{text}");
    assert!(
        text.contains("graders/min.cpp: building grader graders/min.cpp failed"),
        "{text}"
    );
}

#[test]
fn packages_with_a_missing_or_misplaced_grader_are_refused_naming_the_file() {
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("graded");
    package(&dir);
    write(&dir, "data/secret/testdata.yaml", "grading: custom\n");
    let (code, text) = verify(&dir, "table");
    assert_eq!(code, Some(3), "{text}");
    assert!(
        text.contains(
            "data/secret/testdata.yaml: grading: custom (group secret), but graders/ holds no grader"
        ),
        "{text}"
    );
    write(&dir, "graders/a.py", SUMMING);
    write(&dir, "graders/b/b.py", SUMMING);
    let (code, text) = verify(&dir, "table");
    assert_eq!(code, Some(3), "{text}");
    assert!(
        text.contains("graders: 2 programs (a.py, b): a package has at most one custom grader"),
        "{text}"
    );
    std::fs::remove_dir_all(dir.join("graders/b")).expect("rm");
    write(&dir, "problem.yaml", "name: Sum\n");
    std::fs::remove_file(dir.join("data/secret/testdata.yaml")).expect("rm");
    let (code, text) = verify(&dir, "table");
    assert_eq!(code, Some(3), "{text}");
    assert!(
        text.contains("graders/a.py: a custom grader in a pass-fail problem"),
        "{text}"
    );
}
