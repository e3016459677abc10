//! Debugging a rejected program: `--keep-outputs DIR` keeps every judged case's output,
//! standard error and verdict (for `judge` and, per submission, `verify-submissions`),
//! `judge --fail-fast` stops a problem at its first rejected case, and `verify-submissions`
//! verifies only the submissions and the case it is given.

use crate::support;

use std::path::Path;
use std::process::{Command, Output};

fn gridjudge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("gridjudge runs")
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

#[test]
fn keep_outputs_keeps_each_cases_output_error_and_verdict() {
    let _machine = support::machine::shared();
    let keep = tempfile::tempdir().expect("temp dir");
    let dir = keep.path().join("kept");
    let source = "judge-cases/poj3074/submissions/wrong_answer/givens_unchanged.c";
    let out = gridjudge(&[
        "judge",
        "poj3074",
        "--source",
        source,
        "--format",
        "json",
        "--keep-outputs",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let doc = json(&out);
    let cases = doc["problems"][0]["cases"]
        .as_array()
        .expect("cases")
        .clone();
    assert_eq!(cases.len(), 9, "{doc:#}");
    for case in &cases {
        let id = case["case"].as_str().expect("case id");
        let base = dir.join("poj3074").join(id);
        let verdict = std::fs::read_to_string(base.with_extension("verdict"))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let mut lines = verdict.lines();
        assert_eq!(lines.next(), case["verdict"].as_str(), "{id}");
        assert_eq!(
            lines.next().unwrap_or(""),
            case["message"].as_str().unwrap_or("")
        );
        // The program prints the puzzle with its givens: the kept output is its own.
        let output = std::fs::read(base.with_extension("out")).expect("output kept");
        assert!(!output.is_empty(), "{id}: empty output kept");
        assert!(base.with_extension("err").is_file(), "{id}: no stderr kept");
    }
}

#[test]
fn fail_fast_stops_at_the_first_rejected_case() {
    let _machine = support::machine::shared();
    let source = "judge-cases/poj3074/submissions/wrong_answer/givens_unchanged.c";
    let whole = json(&gridjudge(&[
        "judge", "poj3074", "--source", source, "--format", "json",
    ]));
    let fast = json(&gridjudge(&[
        "judge",
        "poj3074",
        "--source",
        source,
        "--format",
        "json",
        "--fail-fast",
    ]));
    let n = |d: &serde_json::Value| d["problems"][0]["cases"].as_array().map_or(0, Vec::len);
    assert_eq!(n(&whole), 9, "{whole:#}");
    assert_eq!(n(&fast), 1, "{fast:#}");
    assert_eq!(fast["problems"][0]["cases"][0]["verdict"], "WA", "{fast:#}");
}

#[test]
fn verify_submissions_keeps_each_submissions_cases_in_its_own_folder() {
    let _machine = support::machine::shared();
    let keep = tempfile::tempdir().expect("temp dir");
    let out = gridjudge(&[
        "verify-submissions",
        "poj2676",
        "--keep-outputs",
        keep.path().to_str().unwrap(),
        "-j",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let kept = |sub: &str| keep.path().join(sub).join("poj2676/sample/1.verdict");
    let read = |sub: &str| std::fs::read_to_string(kept(sub)).unwrap_or_default();
    assert!(
        read("accepted/dfs_bitmask.c").starts_with("AC\n"),
        "{:?}",
        kept("accepted/dfs_bitmask.c")
    );
    assert!(read("wrong_answer/one_digit_changed.c").starts_with("WA\n"));
    assert!(read("presentation_error/spaces_between_digits.c").starts_with("PE\n"));
    assert!(Path::new(
        &keep
            .path()
            .join("accepted/dfs_bitmask.c/poj2676/sample/1.out")
    )
    .is_file());
}

/// The submission rows of a verify-submissions JSON report, as (name, case judged).
fn rows(doc: &serde_json::Value) -> Vec<(String, String)> {
    doc["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .map(|r| {
            (
                r["submission"].as_str().unwrap_or("").to_string(),
                r["case"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn verify_submissions_verifies_only_the_submissions_and_the_case_named() {
    let _machine = support::machine::shared();
    // A file from the current folder, a folder from the submissions folder; one case.
    let out = gridjudge(&[
        "verify-submissions",
        "poj2676",
        "judge-cases/poj2676/submissions/accepted/dfs_bitmask.c",
        "wrong_answer",
        "--case",
        "sample/1",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let doc = json(&out);
    assert_eq!(
        rows(&doc),
        [
            ("accepted/dfs_bitmask.c".to_string(), String::new()),
            (
                "wrong_answer/closed_stdout.rs".to_string(),
                "sample/1".to_string()
            ),
            (
                "wrong_answer/one_digit_changed.c".to_string(),
                "sample/1".to_string()
            ),
        ],
        "{doc:#}"
    );
    let summary = doc["summary"].as_str().expect("summary");
    assert!(
        summary.ends_with("poj2676: only accepted/dfs_bitmask.c, wrong_answer, case sample/1"),
        "{summary}"
    );
    // A package: every argument is a submission, and a case is named as in the package.
    let out = gridjudge(&[
        "verify-submissions",
        "--package",
        "tests/data/packages/sum_py",
        "submissions/wrong_answer/count.py",
        "--case",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let doc = json(&out);
    assert_eq!(
        rows(&doc),
        [("wrong_answer/count.py".to_string(), "secret/1".to_string())],
        "{doc:#}"
    );
}

#[test]
fn a_submission_or_case_that_does_not_exist_is_a_usage_error_listing_what_there_is() {
    let _machine = support::machine::shared();
    for (args, first, listed) in [
        (
            &["poj2676", "accepted/dfs_bitmask.cpp"][..],
            "accepted/dfs_bitmask.cpp: no submission of",
            "the submissions: accepted/dfs_bitmask.c,",
        ),
        (
            &["poj2676", "--case", "secret/1"][..],
            "poj2676: no case named \"secret/1\"",
            "the cases: sample/1, secret/gen-01-easy-30,",
        ),
        (
            &["--package", "tests/data/packages/sum_py", "accepted/sum.py"][..],
            "accepted/sum.py: no submission of",
            "the submissions: accepted/sum.c, wrong_answer/count.py",
        ),
    ] {
        let out = gridjudge(&[&["verify-submissions"], args].concat());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(64), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing judged");
        assert!(stderr.contains(first), "{args:?}: {stderr}");
        assert!(stderr.contains(listed), "{args:?}: {stderr}");
    }
}

/// `--python pypy3` checks and runs Python 3 programs with PyPy (as Kattis and
/// problemtools do), the default is the system's CPython, and an interpreter that is not
/// there is a usage error: a program whose exit status names its implementation (3 for
/// PyPy, 4 otherwise) shows it in its RE message. `stress --python` runs the same
/// interpreter, and the `reproduce.sh` it saves judges with it again.
#[test]
fn python_runs_with_the_interpreter_asked_for() {
    let _machine = support::machine::shared();
    let dir = tempfile::tempdir().expect("temp dir");
    let program = dir.path().join("which.py");
    std::fs::write(
        &program,
        "import platform, sys\nsys.exit(3 if platform.python_implementation() == 'PyPy' else 4)\n",
    )
    .expect("write the program");
    let judged = |extra: &[&str]| {
        let mut args = vec![
            "judge",
            "poj3074",
            "--case",
            "sample/1",
            "--format",
            "json",
            "--source",
            program.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        gridjudge(&args)
    };
    let message = |out: &Output| {
        json(out)["problems"][0]["cases"][0]["message"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    let cpython = judged(&[]);
    assert_eq!(cpython.status.code(), Some(1), "{cpython:?}");
    assert!(
        message(&cpython).contains("exit code 4"),
        "{}",
        message(&cpython)
    );
    let missing = judged(&["--python", "no-such-python"]);
    assert_eq!(missing.status.code(), Some(64), "{missing:?}");
    assert!(
        String::from_utf8_lossy(&missing.stderr).contains("--python no-such-python: not found"),
        "{missing:?}"
    );
    if !Path::new("/usr/bin/pypy3").is_file() {
        support::judge::skip(
            "python_runs_with_the_interpreter_asked_for",
            "no /usr/bin/pypy3",
        );
        return;
    }
    let pypy = judged(&["--python", "pypy3"]);
    assert_eq!(pypy.status.code(), Some(1), "{pypy:?}");
    assert!(message(&pypy).contains("exit code 3"), "{}", message(&pypy));
    // stress runs the interpreter asked for, and its reproduce.sh asks for it again.
    let out = dir.path().join("found");
    let stressed = gridjudge(&[
        "stress",
        "poj3074",
        "--iterations",
        "1",
        "--shrink-runs",
        "1",
        "--python",
        "pypy3",
        "--out",
        out.to_str().unwrap(),
        "--source",
        program.to_str().unwrap(),
    ]);
    assert_eq!(stressed.status.code(), Some(1), "{stressed:?}");
    let checker = std::fs::read_to_string(out.join("checker.txt")).expect("checker.txt");
    assert!(checker.contains("exit code 3"), "{checker}");
    let script = std::fs::read_to_string(out.join("reproduce.sh")).expect("reproduce.sh");
    assert!(script.contains("--python pypy3 --source"), "{script}");
    let again = Command::new("sh")
        .arg(out.join("reproduce.sh"))
        .output()
        .expect("sh runs");
    assert_eq!(again.status.code(), Some(1), "{again:?}");
    assert!(
        String::from_utf8_lossy(&again.stdout).contains("exit code 3"),
        "{again:?}"
    );
}

/// A wrong answer shows where its output first differs from the jury's answer: a
/// Sudoku solver that changes one digit gets the line and column of that digit, the
/// answer's line and its own, in the table (first three, then how many more), the JSON
/// report and the HTML page. A package judged by the default output validator gets the
/// same excerpt; one judged by a custom validator, whose answer need not be the only
/// right output, gets none.
#[test]
fn a_wrong_answer_shows_where_its_output_first_differs_from_the_answer() {
    let _machine = support::machine::shared();
    let dir = tempfile::tempdir().expect("temp dir");
    let program = "judge-cases/poj2676/submissions/wrong_answer/one_digit_changed.c";
    let table = gridjudge(&["judge", "poj2676", "--source", program]);
    assert_eq!(table.status.code(), Some(1), "{table:?}");
    let text = String::from_utf8_lossy(&table.stdout);
    let excerpts: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(": first difference at line 1, column 1"))
        .collect();
    assert_eq!(excerpts.len(), 3, "{text}");
    assert!(
        text.contains("\n  expected: 143628579\n  got:      243628579\n"),
        "{text}"
    );
    assert!(
        text.contains("… 3 more wrong answer(s) with a first difference"),
        "{text}"
    );
    let html = dir.path().join("report.html");
    let out = gridjudge(&[
        "judge",
        "poj2676",
        "--source",
        program,
        "--format",
        "json",
        "--html",
        html.to_str().unwrap(),
    ]);
    let report = json(&out);
    let cases = report["problems"][0]["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), 6);
    for case in cases {
        let d = &case["first_difference"];
        assert_eq!(d["output_line"], 1, "{case}");
        assert_eq!(d["output_column"], 1, "{case}");
        let (got, expected) = (d["got"].as_str().unwrap(), d["expected"].as_str().unwrap());
        assert_eq!(got.len(), 9, "{case}");
        assert_ne!(got[..1], expected[..1], "{case}");
        assert_eq!(got[1..], expected[1..], "{case}");
    }
    let page = std::fs::read_to_string(&html).expect("the HTML report");
    assert_eq!(
        page.matches("<pre class=\"difference\">").count(),
        6,
        "{page}"
    );
    assert!(
        page.contains(
            "first difference at line 1, column 1\nexpected: 143628579\ngot:      243628579</pre>"
        ),
        "{page}"
    );

    // A package: the default validator compares with the answer, a custom one does not.
    let pkg = dir.path().join("sum");
    for (rel, text) in [
        ("problem.yaml", "name: Sum\n"),
        ("data/sample/1.in", "1 2\n"),
        ("data/sample/1.ans", "3\n"),
        ("data/secret/a.in", "10 20\n5 6\n"),
        ("data/secret/a.ans", "30\n11\n"),
        ("off_by_one.py", "import sys\nfor l in sys.stdin:\n    a, b = map(int, l.split())\n    print(a + b + (a > 9))\n"),
    ] {
        let path = pkg.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let judged = || {
        json(&gridjudge(&[
            "judge",
            "--package",
            pkg.to_str().unwrap(),
            "--no-data-check",
            "--format",
            "json",
            "--source",
            pkg.join("off_by_one.py").to_str().unwrap(),
        ]))
    };
    let report = judged();
    let cases = &report["problems"][0]["cases"];
    assert_eq!(cases[0]["verdict"], "AC", "{report}");
    assert!(cases[0].get("first_difference").is_none(), "{report}");
    assert_eq!(cases[1]["verdict"], "WA", "{report}");
    assert_eq!(
        cases[1]["first_difference"],
        serde_json::json!({
            "output_line": 1, "output_column": 2, "answer_line": 1,
            "got": "31", "expected": "30"
        }),
        "{report}"
    );
    std::fs::write(pkg.join("problem.yaml"), "name: Sum\nvalidation: custom\n").unwrap();
    let validator = pkg.join("output_validators/same/same.py");
    std::fs::create_dir_all(validator.parent().unwrap()).unwrap();
    std::fs::write(
        &validator,
        "import sys\nsys.exit(42 if sys.stdin.read().split() == open(sys.argv[2]).read().split() else 43)\n",
    )
    .unwrap();
    let report = judged();
    let cases = &report["problems"][0]["cases"];
    assert_eq!(cases[1]["verdict"], "WA", "{report}");
    assert!(cases[1].get("first_difference").is_none(), "{report}");
}
