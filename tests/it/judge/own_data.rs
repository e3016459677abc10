//! Bringing your own judge data: a flat folder of `.in` files, a folder with
//! no cases (the message shows the expected layout), `--case`, `--time-limit` and
//! `--memory-limit` overriding `problem.toml`, and the judge-cases folder found from
//! anywhere (`GRIDJUDGE_CASES`, or the checkout the binary was built from).

use crate::support;

use std::path::Path;
use std::process::{Command, Output};

fn gridjudge_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gridjudge"));
    cmd.args(args)
        .current_dir(dir)
        .env_remove("GRIDJUDGE_CASES");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn fixture(rel: &str) -> String {
    format!(
        "{}/tests/fixtures/judge/cases/poj3074/{rel}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A problem folder `root/flat` with problem.toml and the fixture's inputs, flat.
fn flat_problem(root: &Path, answers: bool) {
    let dir = root.join("flat");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(fixture("problem.toml"), dir.join("problem.toml")).unwrap();
    for (from, to) in [("data/sample/1", "a"), ("data/secret/top95-first3", "b")] {
        std::fs::copy(fixture(&format!("{from}.in")), dir.join(format!("{to}.in"))).unwrap();
        if answers {
            std::fs::copy(
                fixture(&format!("{from}.ans")),
                dir.join(format!("{to}.ans")),
            )
            .unwrap();
        }
    }
}

fn json_cases(out: &Output) -> Vec<(String, String)> {
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    });
    json["problems"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["cases"].as_array().unwrap().clone())
        .map(|c| {
            (
                c["case"].as_str().unwrap().to_string(),
                c["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// `out` exited 0; its stderr is the failure message.
fn assert_exit_0(out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
#[test]
fn a_flat_folder_of_inputs_without_answers_is_judged() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    flat_problem(root.path(), false);
    let out = gridjudge_in(
        root.path(),
        &[
            "judge",
            "flat",
            "--cases",
            ".",
            "--reference",
            "--format",
            "json",
        ],
        &[],
    );
    assert_exit_0(&out);
    assert_eq!(
        json_cases(&out),
        [
            ("secret/a".into(), "AC".into()),
            ("secret/b".into(), "AC".into())
        ]
    );
}

#[test]
fn a_folder_without_cases_shows_the_expected_layout() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("empty");
    std::fs::create_dir_all(dir.join("data/tests")).unwrap();
    std::fs::copy(fixture("problem.toml"), dir.join("problem.toml")).unwrap();
    let out = gridjudge_in(
        root.path(),
        &["judge", "empty", "--cases", ".", "--reference"],
        &[],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(64), "{err}");
    assert!(
        err.contains("data/sample/*.in") && err.contains("data/secret/*.in"),
        "{err}"
    );
}

#[test]
fn one_case_by_name_and_limits_from_the_command_line() {
    let _machine = support::machine::shared();
    let cases = format!("{}/tests/fixtures/judge/cases", env!("CARGO_MANIFEST_DIR"));
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    // `judge poj3074` on the fixture cases with the reference solver, then `extra`.
    let judge = |extra: &[&str]| {
        let mut args = vec!["judge", "poj3074", "--cases", &cases, "--reference"];
        args.extend_from_slice(extra);
        gridjudge_in(here, &args, &[])
    };
    for name in ["top95-first3", "secret/top95-first3"] {
        let out = judge(&["--format", "json", "--case", name]);
        assert_eq!(
            json_cases(&out),
            [("secret/top95-first3".into(), "AC".into())]
        );
    }
    let out = judge(&["--case", "nope"]);
    assert_eq!(out.status.code(), Some(64));
    // A memory limit far below what the solver needs: MLE; the file said 64 MiB.
    let out = judge(&["--format", "json", "--memory-limit", "0.5"]);
    assert!(
        json_cases(&out)
            .iter()
            .all(|(_, v)| v == "MLE" || v == "RE"),
        "{:?}",
        json_cases(&out)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["problems"][0]["limits"]["memory_bytes"], 524288);
    let out = judge(&["--format", "json", "--time-limit", "7.5"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["problems"][0]["limits"]["cpu_seconds"], 7.5);
    assert_eq!(json["problems"][0]["limits"]["wall_seconds"], 22.5);
    for bad in ["0", "-1", "inf", "x"] {
        let out = gridjudge_in(
            here,
            &["judge", "poj3074", "--reference", "--time-limit", bad],
            &[],
        );
        assert_eq!(out.status.code(), Some(64), "{bad}");
    }
}

#[test]
fn the_judge_cases_are_found_from_anywhere() {
    let _machine = support::machine::shared();
    // From a folder with no judge-cases: the bundled ones of this checkout.
    let elsewhere = tempfile::tempdir().unwrap();
    let out = gridjudge_in(
        elsewhere.path(),
        &[
            "judge",
            "poj3074",
            "--reference",
            "--format",
            "json",
            "--case",
            "sample/1",
        ],
        &[],
    );
    assert_exit_0(&out);
    assert_eq!(json_cases(&out), [("sample/1".into(), "AC".into())]);
    // GRIDJUDGE_CASES points elsewhere: that folder, and a clear message when it lacks the problem.
    flat_problem(elsewhere.path(), true);
    let dir = elsewhere.path().to_str().unwrap();
    let out = gridjudge_in(
        Path::new("/"),
        &["judge", "flat", "--reference", "--format", "json"],
        &[("GRIDJUDGE_CASES", dir)],
    );
    assert_exit_0(&out);
    let out = gridjudge_in(
        Path::new("/"),
        &["judge", "poj2676", "--reference"],
        &[("GRIDJUDGE_CASES", dir)],
    );
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("GRIDJUDGE_CASES"));
}
