//! Kattis / ICPC problem packages: `verify-submissions --package` gives every
//! submission of `tests/data/packages/*` its folder's verdict (C, C++, Python and Rust
//! submissions; the default validator with flags, a custom C++ and a custom Python
//! validator; legacy and 2023-07 formats); `judge --package` judges one program; and the
//! packages gridjudge does not judge are refused with the documented codes.

use crate::support;

use std::path::Path;
use std::process::{Command, Output};

fn packages() -> String {
    format!("{}/tests/data/packages", env!("CARGO_MANIFEST_DIR"))
}

fn gridjudge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn every_submission_of_every_test_package_gets_its_folder_verdict() {
    let _machine = support::machine::shared();
    for (name, total, limit_from) in [
        ("addfloats", 8, "problemtools"),
        ("anyperm", 3, "problemtools"),
        ("modern_yesno", 2, "the package"),
        ("sum_py", 2, "problemtools"),
    ] {
        let dir = format!("{}/{name}", packages());
        let out = gridjudge(&["verify-submissions", "--package", &dir, "--format", "json"]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["total"], total, "{name}: {json}");
        assert_eq!(json["mismatches"], 0, "{name}: {json}");
        assert!(
            json["time_limit_from"]
                .as_str()
                .unwrap()
                .contains(limit_from),
            "{name}: {json}"
        );
        for s in json["submissions"].as_array().unwrap() {
            assert_eq!(s["expected"], s["got"], "{name}: {s}");
        }
    }
}

#[test]
fn judge_package_judges_one_program_with_the_package_validator() {
    let _machine = support::machine::shared();
    let dir = format!("{}/anyperm", packages());
    let src = format!("{dir}/submissions/accepted/descending.cpp");
    let out = gridjudge(&[
        "judge",
        "--package",
        &dir,
        "--source",
        &src,
        "--format",
        "json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cases: Vec<&str> = json["problems"][0]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["case"].as_str().unwrap())
        .collect();
    assert_eq!(cases, ["sample/1", "secret/n1", "secret/n3", "secret/n5"]);
    let wrong = format!("{dir}/submissions/wrong_answer/repeats_one.c");
    let out = gridjudge(&["judge", "--package", &dir, "--source", &wrong]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("bad or repeated value 1"));
    // A time limit from the command line: the package states none.
    let floats = format!("{}/addfloats", packages());
    let out = gridjudge(&[
        "judge",
        "--package",
        &floats,
        "--time-limit",
        "2.5",
        "--format",
        "json",
        "--",
        "/bin/cat",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["problems"][0]["limits"]["cpu_seconds"], 2.5);
    assert_eq!(json["problems"][0]["cases"][0]["verdict"], "WA");
}

fn package_with(root: &Path, yaml: &str) -> String {
    let dir = root.join("p");
    std::fs::create_dir_all(dir.join("data/secret")).unwrap();
    std::fs::write(dir.join("problem.yaml"), yaml).unwrap();
    std::fs::write(dir.join("data/secret/1.in"), "1\n").unwrap();
    std::fs::write(dir.join("data/secret/1.ans"), "1\n").unwrap();
    dir.to_str().unwrap().to_string()
}

#[test]
fn packages_gridjudge_does_not_judge_are_refused_with_the_documented_codes() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    for (yaml, code, says) in [
        (
            "problem_format_version: 2023-07\ntype: interactive\n",
            3,
            "needs its interactor",
        ),
        (
            "validation: custom interactive\n",
            3,
            "needs its interactor",
        ),
        // Interactive and multi-pass scoring problems are judged: they need their
        // validator too.
        (
            "validation: custom score interactive\n",
            3,
            "needs its interactor",
        ),
        (
            "problem_format_version: 2023-07\ntype: [scoring, multi-pass]\n",
            3,
            "needs its output validator",
        ),
        (
            "problem_format_version: 2023-07\ntype: [scoring, submit-answer]\n",
            64,
            "submit-answer problems are not supported",
        ),
        ("name: [unclosed\n", 3, "problem.yaml"),
        ("validation: custom\n", 3, "output_validators"),
        ("validator_flags: float_tolerance\n", 3, "float_tolerance"),
    ] {
        let dir = package_with(root.path(), yaml);
        let out = gridjudge(&["judge", "--package", &dir, "--", "/bin/cat"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{yaml}: {err}");
        assert!(err.contains(says), "{yaml}: {err}");
    }
    let out = gridjudge(&[
        "judge",
        "--package",
        "/nonexistent-gridjudge-package",
        "--",
        "/bin/cat",
    ]);
    assert_eq!(out.status.code(), Some(66));
}
