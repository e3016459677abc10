//! Scoring packages end to end (`verify-submissions --package` on packages built in
//! temporary folders): a legacy package (testdata.yaml inheritance, the default
//! grader's `min` and `sum`, `ignore_sample`, `range`, `score.txt`) and a 2025-09 one
//! (`max_score`, pass-fail and sum groups, `score_multiplier.txt`, `submissions.yaml`
//! `score`), with right, partially right, wrong, too slow and crashing submissions.

use super::write;
use crate::support;

use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// Prints the sum.
pub(super) const SUM: &str = "a, b = map(int, input().split())\nprint(a + b)\n";
/// The sum for small numbers, `partial` for the rest.
pub(super) const PARTIAL: &str =
    "a, b = map(int, input().split())\nprint(a + b if a < 10 else 'partial')\n";
/// A wrong sum.
pub(super) const WRONG: &str = "input()\nprint(-1)\n";
/// Loops forever on the largest numbers.
pub(super) const SLOW: &str =
    "a, b = map(int, input().split())\nwhile a >= 50:\n    pass\nprint(a + b)\n";
/// Crashes on the larger numbers.
pub(super) const CRASH: &str = "a, b = map(int, input().split())\nassert a < 30\nprint(a + b)\n";

/// A Kattis output validator: the right sum is accepted (with `right` written to the
/// score file `file`, when given), `partial` is accepted with `partial` written there,
/// anything else is rejected.
pub(super) fn validator(file: &str, right: Option<&str>, partial: &str) -> String {
    let right = match right {
        Some(r) => format!("    open(fb + '/{file}', 'w').write('{r}')\n"),
        None => String::new(),
    };
    format!(
        "import sys\nans = open(sys.argv[2]).read().split()\nout = sys.stdin.read().split()\nfb = sys.argv[3]\nif out == ans:\n{right}    sys.exit(42)\nif out == ['partial']:\n    open(fb + '/{file}', 'w').write('{partial}')\n    sys.exit(42)\nsys.exit(43)\n"
    )
}

/// The cases: a sample `1 2`, group g1 (`1 1`, `2 2`) and g2 (`10 20`, `30 40`,
/// `50 60`).
pub(super) fn data(dir: &Path) {
    write(dir, "data/sample/1.in", "1 2\n");
    write(dir, "data/sample/1.ans", "3\n");
    for (group, name, a, b) in [
        ("g1", "1", 1, 1),
        ("g1", "2", 2, 2),
        ("g2", "1", 10, 20),
        ("g2", "2", 30, 40),
        ("g2", "3", 50, 60),
    ] {
        write(
            dir,
            &format!("data/secret/{group}/{name}.in"),
            &format!("{a} {b}\n"),
        );
        write(
            dir,
            &format!("data/secret/{group}/{name}.ans"),
            &format!("{}\n", a + b),
        );
    }
    for (folder, program) in [
        ("accepted/sum.py", SUM),
        ("partially_accepted/partial.py", PARTIAL),
        ("wrong_answer/wrong.py", WRONG),
        ("time_limit_exceeded/slow.py", SLOW),
        ("run_time_error/crash.py", CRASH),
    ] {
        write(dir, &format!("submissions/{folder}"), program);
    }
}

/// `verify-submissions --package DIR --format json --time-limit 1`: exit code and
/// document.
pub(super) fn verify(dir: &Path, format: &str) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify-submissions", "--package"])
        .arg(dir)
        .args(["--time-limit", "1", "--format", format])
        .output()
        .expect("gridjudge runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

pub(super) fn json(dir: &Path) -> (Option<i32>, Value) {
    let (code, text) = verify(dir, "json");
    let start = text.find('{').unwrap_or(0);
    // The document, then what stderr said (warnings).
    let doc = serde_json::Deserializer::from_str(&text[start..])
        .into_iter::<Value>()
        .next()
        .and_then(Result::ok)
        .unwrap_or_else(|| panic!("no JSON document: {text}"));
    (code, doc)
}

pub(super) fn row<'a>(doc: &'a Value, name: &str) -> &'a Value {
    doc["submissions"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["submission"] == name))
        .unwrap_or_else(|| panic!("no row {name}: {doc}"))
}

/// (got, score, ok) of a row.
pub(super) fn got(doc: &Value, name: &str) -> (String, f64, bool) {
    let r = row(doc, name);
    (
        r["got"].as_str().unwrap_or_default().to_string(),
        r["score"].as_f64().unwrap_or(f64::NAN),
        r["ok"].as_bool().unwrap_or(false),
    )
}

#[test]
fn a_legacy_scoring_package_grades_its_groups_with_the_default_grader() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("legacy");
    write(
        &dir,
        "problem.yaml",
        "name: Sum\ntype: scoring\nvalidation: custom score\nlimits:\n  memory: 64\n",
    );
    write(
        &dir,
        "output_validators/v/validate.py",
        &validator("score.txt", Some("10"), "4"),
    );
    write(
        &dir,
        "data/testdata.yaml",
        "on_reject: continue\ngrader_flags: ignore_sample\nrange: 0 40\n",
    );
    write(&dir, "data/secret/testdata.yaml", "grader_flags: sum\n");
    write(&dir, "data/sample/testdata.yaml", "grader_flags: sum\n");
    write(
        &dir,
        "data/secret/g1/testdata.yaml",
        "grader_flags: min\nrange: 0 10\non_reject: break\n",
    );
    write(&dir, "data/secret/g2/testdata.yaml", "range: 0 30\n");
    data(&dir);
    let (code, doc) = json(&dir);
    assert_eq!(code, Some(0), "{doc:#}");
    // g1: min(10, 10); g2: 10 + 10 + 10; secret: the sum; the sample ignored.
    assert_eq!(got(&doc, "accepted/sum.py"), ("AC".into(), 40.0, true));
    let groups = row(&doc, "accepted/sum.py")["groups"].to_string();
    assert!(
        groups.contains(r#""group":"secret/g2","max_score":30.0,"score":30.0"#),
        "{groups}"
    );
    // g2: 10 + 4 + 4, accepted but not the best.
    assert_eq!(
        got(&doc, "partially_accepted/partial.py"),
        ("AC".into(), 22.0, true)
    );
    assert_eq!(got(&doc, "wrong_answer/wrong.py"), ("WA".into(), 0.0, true));
    // The worst verdict of g2 (on_reject continue, inherited): TLE, and 10 + 20 points.
    assert_eq!(
        got(&doc, "time_limit_exceeded/slow.py"),
        ("TLE".into(), 30.0, true)
    );
    assert_eq!(
        got(&doc, "run_time_error/crash.py"),
        ("RE".into(), 20.0, true)
    );
    let (_, table) = verify(&dir, "table");
    assert!(table.contains("score of partially_accepted/partial.py: 22 (sample 10/40, secret 22/40, secret/g1 10/10, secret/g2 12/30)"), "{table}");

    // A full score in partially_accepted/, or less in accepted/, is what problemtools
    // warns about, not a mismatch (the slow one left out: its verdict is known).
    std::fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).expect("rm");
    write(&dir, "submissions/partially_accepted/full.py", SUM);
    write(&dir, "submissions/accepted/partial.py", PARTIAL);
    let (code, doc) = json(&dir);
    assert_eq!(code, Some(0), "{doc:#}");
    assert_eq!(
        got(&doc, "partially_accepted/full.py"),
        ("AC".into(), 40.0, true)
    );
    assert_eq!(got(&doc, "accepted/partial.py"), ("AC".into(), 22.0, true));
    // The JSON report carries the warnings too.
    let warnings = doc["warnings"].as_array().cloned().unwrap_or_default();
    assert!(
        warnings.iter().any(|w| w
            .as_str()
            .is_some_and(|w| w.starts_with("accepted/partial.py: accepted with score 22"))),
        "{doc:#}"
    );
    let (code, text) = verify(&dir, "table");
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains(
            "warning: partially_accepted/full.py: fully accepted, with the best score 40"
        ),
        "{text}"
    );
    assert!(
        text.contains("warning: accepted/partial.py: accepted with score 22, not the best score 40 (consider partially_accepted/)"),
        "{text}"
    );
    // A partially accepted one that is not accepted is still a mismatch.
    write(&dir, "submissions/partially_accepted/wrong.py", WRONG);
    let (code, doc) = json(&dir);
    assert_eq!(code, Some(1), "{doc:#}");
    assert_eq!(
        got(&doc, "partially_accepted/wrong.py"),
        ("WA".into(), 0.0, false)
    );
}

#[test]
fn a_2025_09_scoring_package_sums_bounded_groups_and_checks_the_expected_scores() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("modern");
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Sum\ntype: scoring\nlimits:\n  memory: 64\n",
    );
    write(
        &dir,
        "output_validator/validate.py",
        &validator("score_multiplier.txt", None, "0.5"),
    );
    write(&dir, "data/secret/g1/test_group.yaml", "max_score: 40\n");
    write(
        &dir,
        "data/secret/g2/test_group.yaml",
        "max_score: 60\nscore_aggregation: sum\n",
    );
    write(
        &dir,
        "submissions/submissions.yaml",
        "accepted/sum.py:\n  score: 100\npartially_accepted:\n  score: [60, 80]\nwrong_answer/wrong.py:\n  score: 0\ntime_limit_exceeded/slow.py:\n  score: 80\n  secret/g2:\n    score: [40, 40]\n  secret/g1:\n    score: 40\nrun_time_error/crash.py:\n  score: 60\n",
    );
    data(&dir);
    let (code, doc) = json(&dir);
    assert_eq!(code, Some(0), "{doc:#}");
    assert_eq!(got(&doc, "accepted/sum.py"), ("AC".into(), 100.0, true));
    // g1 passes (40), g2: 20 + 10 + 10.
    assert_eq!(
        got(&doc, "partially_accepted/partial.py"),
        ("AC".into(), 70.0, true)
    );
    assert_eq!(got(&doc, "wrong_answer/wrong.py"), ("WA".into(), 0.0, true));
    assert_eq!(
        got(&doc, "time_limit_exceeded/slow.py"),
        ("TLE".into(), 80.0, true)
    );
    assert_eq!(
        got(&doc, "run_time_error/crash.py"),
        ("RE".into(), 60.0, true)
    );

    let expected = row(&doc, "time_limit_exceeded/slow.py")["expected"].to_string();
    assert!(expected.contains("secret/g2: score 40"), "{expected}");

    // A group score not met is a mismatch.
    std::fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).expect("rm");
    write(
        &dir,
        "submissions/submissions.yaml",
        "run_time_error/crash.py:\n  secret/g2:\n    score: [30, 60]\n",
    );
    let (code, doc) = json(&dir);
    assert_eq!(code, Some(1), "{doc:#}");
    assert_eq!(
        got(&doc, "run_time_error/crash.py"),
        ("RE".into(), 60.0, false)
    );

    // Test-group keys are globs: every group a key names must score what it says
    // (g1 40, g2 20), and a key must name one.
    for (yaml, ok) in [
        (
            "secret/g{1,2}:\n    score: [20, 40]\n  secret/*1:\n    score: 40\n",
            true,
        ),
        ("secret/*:\n    score: [30, 60]\n", false),
        ("secret/h*:\n    score: [0, 100]\n", false),
    ] {
        write(
            &dir,
            "submissions/submissions.yaml",
            &format!("run_time_error/crash.py:\n  {yaml}"),
        );
        let (code, doc) = json(&dir);
        assert_eq!(code, Some(if ok { 0 } else { 1 }), "{yaml}: {doc:#}");
        assert_eq!(
            got(&doc, "run_time_error/crash.py"),
            ("RE".into(), 60.0, ok),
            "{yaml}"
        );
    }

    // A multiplier in a pass-fail group is the validator's fault: a judge error.
    write(
        &dir,
        "data/secret/g1/test_group.yaml",
        "max_score: 40\nscore_aggregation: pass-fail\n",
    );
    write(&dir, "submissions/submissions.yaml", "");
    write(
        &dir,
        "submissions/partially_accepted/partial.py",
        "a, b = map(int, input().split())\nprint('partial')\n",
    );
    let (code, doc) = json(&dir);
    assert_ne!(code, Some(0), "{doc:#}");
    let (verdict, _, ok) = got(&doc, "partially_accepted/partial.py");
    assert_eq!((verdict.as_str(), ok), ("JE", false), "{doc:#}");
}

#[test]
fn judge_package_reports_the_group_scores_in_every_format() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("modern");
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Sum\ntype: scoring\nlimits:\n  time_limit: 1\n  memory: 64\n",
    );
    write(&dir, "data/secret/g1/test_group.yaml", "max_score: 40\n");
    write(
        &dir,
        "data/secret/g2/test_group.yaml",
        "max_score: 60\nscore_aggregation: min\n",
    );
    data(&dir);
    write(
        &dir,
        "output_validator/validate.py",
        &validator("score.txt", None, "5"),
    );
    let program = dir.join("submissions/partially_accepted/partial.py");
    let (junit, html) = (root.path().join("j.xml"), root.path().join("r.html"));
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["judge", "--package"])
        .arg(&dir)
        .args(["--format", "json", "--junit"])
        .arg(&junit)
        .arg("--html")
        .arg(&html)
        .args(["--", "python3"])
        .arg(&program)
        .output()
        .expect("gridjudge runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let p = &doc["problems"][0];
    // g1 passes: 40; g2 is the minimum of 5, 5, 5.
    assert_eq!(
        (p["overall"].as_str(), p["score"].as_f64()),
        (Some("AC"), Some(45.0)),
        "{p:#}"
    );
    assert_eq!(p["groups"][1]["score"], 5.0, "{p:#}");
    assert_eq!(p["cases"][3]["score"], 5.0, "{p:#}");
    let xml = std::fs::read_to_string(&junit).expect("the JUnit report");
    assert!(
        xml.contains(r#"<property name="score secret/g2" value="5"/>"#),
        "{xml}"
    );
    let page = std::fs::read_to_string(&html).expect("the HTML report");
    assert!(
        page.contains("score 45 (secret/g1 40/40, secret/g2 5/60)"),
        "{page}"
    );
}
