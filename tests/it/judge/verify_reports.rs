//! `verify-submissions --format json`, `--junit` and `--html`: every submission with its
//! expected and actual verdict in each, a mismatch failing in each; and a compile error
//! headed by the line that names the problem (`undefined reference to `main'`), with the
//! compiler's whole text in the JSON and JUnit reports.

use crate::support;
use support::judge::copy_dir;

use std::path::Path;
use std::process::Command;

fn fixture_cases() -> String {
    format!("{}/tests/fixtures/judge/cases", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn json_and_junit_list_every_submission_and_fail_on_a_mismatch() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    copy_dir(
        Path::new(&fixture_cases()).join("poj3074").as_path(),
        &root.path().join("poj3074"),
    );
    // A wrong program filed as accepted: a mismatch.
    std::fs::copy(
        root.path().join("poj3074/submissions/wrong_answer/echo.py"),
        root.path()
            .join("poj3074/submissions/accepted/echo_misfiled.py"),
    )
    .unwrap();
    let junit = root.path().join("report.xml");
    let html = root.path().join("report.html");
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify-submissions", "poj3074", "--cases"])
        .arg(root.path())
        .args(["--format", "json", "--junit"])
        .arg(&junit)
        .arg("--html")
        .arg(&html)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let subs = json["submissions"].as_array().unwrap();
    assert_eq!(subs.len(), 10, "{json}");
    assert_eq!(json["total"], 10);
    assert_eq!(json["mismatches"], 1);
    let bad: Vec<_> = subs.iter().filter(|s| s["ok"] == false).collect();
    assert_eq!(bad.len(), 1);
    assert_eq!(bad[0]["submission"], "accepted/echo_misfiled.py");
    assert_eq!(
        (bad[0]["expected"].as_str(), bad[0]["got"].as_str()),
        (Some("AC"), Some("WA"))
    );
    let ce = subs.iter().find(|s| s["got"] == "CE").unwrap();
    assert!(ce["message"].as_str().unwrap().lines().count() > 1, "{ce}");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 10, "{xml}");
    assert_eq!(xml.matches("<failure").count(), 1, "{xml}");
    assert!(xml.contains(r#"type="AC-WA""#), "{xml}");
    assert!(xml.contains("accepted/echo_misfiled.py"), "{xml}");
    // The HTML page: one row per submission, the mismatch named, the summary line.
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    for sub in subs {
        let name = sub["submission"].as_str().unwrap();
        assert!(page.contains(name), "{name} missing from the page");
    }
    assert!(page.contains("MISMATCH"), "{page}");
    assert!(
        page.contains(json["summary"].as_str().unwrap()),
        "the summary line: {page}"
    );
}

/// `-j 3` judges three submissions at a time: the same rows (submission, expected,
/// verdict, case), in the same order, as one at a time.
#[test]
fn submissions_judged_side_by_side_keep_their_order_and_verdicts() {
    let _machine = support::machine::shared();
    let rows = |jobs: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
            .args(["verify-submissions", "poj3074", "--cases", &fixture_cases()])
            .args(["--format", "json", "-j", jobs])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let rows: Vec<[String; 4]> = json["submissions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| ["submission", "expected", "got", "case"].map(|k| s[k].to_string()))
            .collect();
        rows
    };
    let one = rows("1");
    assert!(one.len() >= 9, "{one:?}");
    assert_eq!(rows("3"), one);
}

#[test]
fn a_compile_error_is_headed_by_the_line_naming_the_problem() {
    let _machine = support::machine::shared();
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("nomain.c");
    std::fs::write(&src, "int not_main(void) { return 0; }\n").unwrap();
    let junit = dir.path().join("j.xml");
    let run = |format: &str| {
        Command::new(env!("CARGO_BIN_EXE_gridjudge"))
            .args([
                "judge",
                "poj3074",
                "--cases",
                &fixture_cases(),
                "--format",
                format,
                "--source",
            ])
            .arg(&src)
            .arg("--junit")
            .arg(&junit)
            .output()
            .unwrap()
    };
    let table = String::from_utf8(run("table").stdout).unwrap();
    let row = table.lines().find(|l| l.contains("CE")).unwrap();
    assert!(row.contains("undefined reference to `main'"), "{table}");
    let json: serde_json::Value = serde_json::from_slice(&run("json").stdout).unwrap();
    let message = json["problems"][0]["failure"]["message"].as_str().unwrap();
    assert!(
        message.contains("undefined reference to `main'"),
        "{message}"
    );
    assert!(
        message.contains("ld returned 1 exit status"),
        "the whole text: {message}"
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("message=\"CE: (.text"), "{xml}");
    assert!(xml.contains("ld returned 1 exit status"), "{xml}");
}
