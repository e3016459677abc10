//! The `judge` and `verify-submissions` commands end to end, on the fixture problem
//! `tests/fixtures/judge/cases/poj3074` (the spec sample plus three top95 puzzles, and
//! one example submission per verdict folder).

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use support::judge::fixtures;

fn cases() -> PathBuf {
    fixtures().join("cases")
}

fn submission(rel: &str) -> PathBuf {
    cases().join("poj3074/submissions").join(rel)
}

fn gridjudge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .output()
        .unwrap()
}

fn judge_json(extra: &[&str]) -> (i32, serde_json::Value) {
    let cases = cases();
    let mut args = vec![
        "judge",
        "poj3074",
        "--cases",
        cases.to_str().unwrap(),
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    let out = gridjudge(&args);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap(), json)
}

fn verdicts(json: &serde_json::Value) -> Vec<String> {
    json["problems"][0]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["verdict"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn accepted_source_is_ac_everywhere_with_json_and_junit() {
    let _machine = support::machine::shared();
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("report.xml");
    let src = submission("accepted/bitmask.c");
    let (code, json) = judge_json(&[
        "--source",
        src.to_str().unwrap(),
        "--junit",
        junit.to_str().unwrap(),
        "-j",
        "2",
    ]);
    assert_eq!(code, 0, "{json:#}");
    assert_eq!(json["overall"], "AC");
    assert_eq!(verdicts(&json), ["AC", "AC"]);
    let case = &json["problems"][0]["cases"][0];
    assert_eq!(case["case"], "sample/1");
    assert!(case["memory_bytes"].as_u64().unwrap() < 5_000_000);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains(r#"<testsuite name="poj3074" tests="2""#),
        "{xml}"
    );
    assert!(xml.contains(r#"<testcase name="sample/1""#), "{xml}");
    assert!(
        xml.contains(r#"<testcase name="secret/top95-first3""#),
        "{xml}"
    );
    assert!(!xml.contains("<failure"), "{xml}");
}

#[test]
fn wrong_output_is_wa_with_the_checker_message_in_json_and_junit() {
    let _machine = support::machine::shared();
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("report.xml");
    let (code, json) = judge_json(&[
        "--junit",
        junit.to_str().unwrap(),
        "--",
        "/bin/sh",
        "-c",
        "echo 123",
    ]);
    assert_eq!(code, 1);
    assert_eq!(json["overall"], "WA");
    assert_eq!(verdicts(&json), ["WA", "WA"]);
    let message = json["problems"][0]["cases"][0]["message"].as_str().unwrap();
    assert!(!message.is_empty());
    let xml = std::fs::read_to_string(&junit).unwrap();
    // Each WA case is a <failure type="WA"> whose text starts with the verdict and holds the
    // checker's whole message.
    assert_eq!(xml.matches(r#"type="WA">WA: "#).count(), 2, "{xml}");
    assert!(xml.contains(&format!(">WA: {message}</failure>")), "{xml}");
}

#[test]
fn table_has_a_row_per_case_and_a_summary() {
    let _machine = support::machine::shared();
    let cases = cases();
    let out = gridjudge(&[
        "judge",
        "poj3074",
        "--cases",
        cases.to_str().unwrap(),
        "--",
        "/bin/sh",
        "-c",
        "kill -SEGV $$",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("sample/1"), "{text}");
    assert!(text.contains("secret/top95-first3"), "{text}");
    assert_eq!(text.matches("killed by SIGSEGV").count(), 2, "{text}");
    assert!(text.contains("2 case(s): 2 RE — overall RE"), "{text}");
    assert!(text.contains("sandbox: own process group"), "{text}");
    if gridjudge::sandbox::is_root() {
        assert!(text.contains("unprivileged uid"), "{text}");
        assert!(text.contains("no network"), "{text}");
    }
    // No progress bar when stderr is not a terminal.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn compile_error_is_ce_with_the_compiler_message() {
    let _machine = support::machine::shared();
    let src = submission("compile_error/typo.c");
    let (code, json) = judge_json(&["--source", src.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(json["overall"], "CE");
    let failure = &json["problems"][0]["failure"];
    assert_eq!(failure["verdict"], "CE");
    let message = failure["message"].as_str().unwrap();
    assert!(message.contains("undefined_variable"), "{message}");
    assert!(message.contains("typo.c"), "{message}");
}

#[test]
fn every_example_submission_gets_its_folder_verdict() {
    let _machine = support::machine::shared();
    let cases = cases();
    let out = gridjudge(&[
        "verify-submissions",
        "poj3074",
        "--cases",
        cases.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("9 submission(s), 9 as expected, 0 mismatch(es)"),
        "{text}"
    );
}

#[test]
fn a_mismatching_submission_fails_verification() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    copy_problem(root.path());
    let wrong = root
        .path()
        .join("poj3074/submissions/accepted/actually_wrong.py");
    std::fs::copy(submission("wrong_answer/echo.py"), wrong).unwrap();
    for folder in [
        "time_limit_exceeded",
        "memory_limit_exceeded",
        "output_limit_exceeded",
        "run_time_error",
        "compile_error",
        "presentation_error",
    ] {
        std::fs::remove_dir_all(root.path().join("poj3074/submissions").join(folder)).unwrap();
    }
    let out = gridjudge(&[
        "verify-submissions",
        "poj3074",
        "--cases",
        root.path().to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("MISMATCH"), "{text}");
}

/// Copies the fixture problem into `root/poj3074` (problem.toml, data, submissions).
fn copy_problem(root: &Path) {
    fn copy_dir(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap().flatten() {
            let target = to.join(entry.file_name());
            if entry.path().is_dir() {
                copy_dir(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }
    copy_dir(&cases().join("poj3074"), &root.join("poj3074"));
}

#[test]
fn broken_case_data_is_refused_before_any_run_and_a_missing_answer_is_not() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    copy_problem(root.path());
    let ans = root.path().join("poj3074/data/secret/top95-first3.ans");
    let src = submission("accepted/bitmask.c");
    let judge = || {
        gridjudge(&[
            "judge",
            "poj3074",
            "--cases",
            root.path().to_str().unwrap(),
            "--source",
            src.to_str().unwrap(),
        ])
    };
    // An invalid jury answer: the data is checked before any run, exit 3 naming the
    // file, and no program is blamed.
    std::fs::write(&ans, "not an answer\n").unwrap();
    let out = judge();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("top95-first3.ans: the jury answer is not an accepted output"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        out.stdout.is_empty(),
        "a program was judged on invalid data"
    );
    // An input its validator rejects (a row with two 1s): the same, with line and column.
    let input = ans.with_extension("in");
    let good = std::fs::read_to_string(&input).unwrap();
    let bad = format!("11{}", &good[2..]);
    std::fs::write(&input, bad).unwrap();
    let out = judge();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains(
            "top95-first3.in: invalid poj3074 input: line 1, col 2: puzzle 1: row 1 has two 1s"
        ),
        "{stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "a program was judged on invalid data"
    );
    std::fs::write(&input, good).unwrap();
    // No jury answer: every checker is a special judge, the output is judged alone.
    std::fs::remove_file(&ans).unwrap();
    let out = judge();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
}

#[test]
fn every_problem_toml_mistake_is_one_usage_error() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    copy_problem(root.path());
    let toml = root.path().join("poj3074/problem.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let broken = text
        .replace("memory_mib = 64", "memory_mib = 64\nstack_mib = 8")
        .replace("time_seconds = 1.0", "time_seconds = -1")
        .replace("title = ", "name = ");
    std::fs::write(&toml, broken).unwrap();
    let out = gridjudge(&[
        "judge",
        "--all",
        "--cases",
        root.path().to_str().unwrap(),
        "--",
        "/bin/cat",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(64), "{stderr}");
    assert!(out.stdout.is_empty(), "judged anyway");
    for part in [
        "stack_mib",
        "time_seconds",
        "missing `title`",
        "unknown key `name`",
    ] {
        assert!(stderr.contains(part), "{part}: {stderr}");
    }
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}

#[test]
fn usage_errors_exit_64() {
    let _machine = support::machine::shared();
    let cases = cases();
    let c = cases.to_str().unwrap();
    // Nothing to judge.
    assert_eq!(
        gridjudge(&["judge", "poj3074", "--cases", c]).status.code(),
        Some(64)
    );
    // No such problem folder.
    assert_eq!(
        gridjudge(&["judge", "nope", "--cases", c, "--", "/bin/cat"])
            .status
            .code(),
        Some(64)
    );
    // Two things to judge.
    assert_eq!(
        gridjudge(&[
            "judge",
            "poj3074",
            "--cases",
            c,
            "--reference",
            "--",
            "/bin/cat"
        ])
        .status
        .code(),
        Some(64)
    );
}

#[test]
fn reference_solver_is_judged_on_every_case_of_every_problem() {
    let _machine = support::machine::shared();
    let cases = cases();
    let out = gridjudge(&[
        "judge",
        "--all",
        "--reference",
        "--cases",
        cases.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["problems"].as_array().unwrap().len(), 1);
    assert_eq!(verdicts(&json).len(), 2);
    assert_eq!(out.status.code(), Some(0), "{json:#}");
    assert_eq!(json["overall"], "AC");
}

#[test]
fn memory_modes_peak_rss_is_mle_address_space_is_a_failed_allocation() {
    let _machine = support::machine::shared();
    let src = submission("memory_limit_exceeded/hog.cpp");
    let (code, json) = judge_json(&["--source", src.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(verdicts(&json), ["MLE", "MLE"]);
    // With RLIMIT_AS the 1 GiB vector cannot be allocated: std::bad_alloc, abort.
    let (code, json) = judge_json(&["--source", src.to_str().unwrap(), "--memory-mode", "as"]);
    assert_eq!(code, 1);
    assert_eq!(verdicts(&json), ["RE", "RE"]);
    let message = json["problems"][0]["cases"][0]["message"].as_str().unwrap();
    assert!(message.starts_with("killed by SIGABRT"), "{message}");
    assert_eq!(json["guarantees"]["address_space_limit"], true);
}

#[test]
fn without_root_the_program_still_gets_no_network_where_user_namespaces_work() {
    let _machine = support::machine::shared();
    // Needs root to become an ordinary user for the test, and setpriv(1).
    if !gridjudge::sandbox::is_root() {
        support::judge::skip(
            "without_root_the_program_still_gets_no_network_where_user_namespaces_work",
            "not root: cannot become an ordinary user for the test",
        );
        return;
    }
    // uid 65534 must reach the binary and the cases wherever this checkout lies (a
    // `mktemp -d` clone is 0700): copies in a folder it can read.
    let shared = tempfile::tempdir().unwrap();
    std::fs::set_permissions(shared.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let exe = shared.path().join("gridjudge");
    std::fs::copy(env!("CARGO_BIN_EXE_gridjudge"), &exe).unwrap();
    copy_problem(shared.path());
    let as_nobody = |args: &[&str]| {
        Command::new("setpriv")
            .args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "env",
                "HOME=/tmp",
            ])
            .arg(&exe)
            .args(args)
            .output()
    };
    match as_nobody(&["--version"]) {
        Ok(out) if out.status.success() => {}
        _ => {
            support::judge::skip(
                "without_root_the_program_still_gets_no_network_where_user_namespaces_work",
                "setpriv missing or the binary is not reachable by uid 65534",
            );
            return;
        }
    }
    let cases = shared.path().to_path_buf();
    // Exit 0 (then WA) only when no device but loopback is visible.
    let script = "! grep -v -e lo: -e Inter -e face /proc/net/dev";
    let out = as_nobody(&[
        "judge",
        "poj3074",
        "--cases",
        cases.to_str().unwrap(),
        "--format",
        "json",
        "--",
        "/bin/sh",
        "-c",
        script,
    ])
    .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["guarantees"]["uid"], serde_json::Value::Null);
    if json["guarantees"]["no_network"] == true {
        assert_eq!(verdicts(&json), ["WA", "WA"], "{json:#}");
    } else {
        eprintln!("unprivileged user namespaces are disabled here; network not isolated");
    }
}

/// `judge . -- ../prog` inside a problem folder: the run hides that folder, so the
/// program's path (and a file argument's) must not pass through it. Both are found
/// and judged (WA on the first case here), never JE "exec failed".
#[test]
fn a_relative_program_through_the_hidden_problem_folder_is_judged() {
    let root = tempfile::tempdir().unwrap();
    copy_problem(root.path());
    let script = root.path().join("prog.sh");
    std::fs::write(&script, "#!/bin/sh\ncat >/dev/null\necho end\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let folder = root.path().join("poj3074");
    for command in [vec!["../prog.sh"], vec!["sh", "../prog.sh"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
            .args(["judge", ".", "--format", "json", "--"])
            .args(&command)
            .current_dir(&folder)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {text}");
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let v = verdicts(&json);
        assert!(
            !v.is_empty() && v.iter().all(|v| v == "WA"),
            "{command:?}: {v:?} {text}"
        );
    }
}

#[test]
fn wall_limit_overrides_the_problem_s_for_judge() {
    let _machine = support::machine::shared();
    // An idle sleeper: its own time is its sleep, so --wall-limit 1 ends it, not the
    // problem's 3 s; the report states the limit it ran under.
    let (code, json) = judge_json(&["--wall-limit", "1", "--", "/bin/sleep", "30"]);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(json["overall"], "TLE", "{json:#}");
    let problem = &json["problems"][0];
    assert_eq!(problem["limits"]["wall_seconds"], 1.0, "{json:#}");
    assert_eq!(problem["limits"]["cpu_seconds"], 1.0, "{json:#}");
    for case in problem["cases"].as_array().unwrap() {
        assert_eq!(case["verdict"], "TLE", "{json:#}");
        let message = case["message"].as_str().unwrap();
        assert!(message.contains("limit 1.000 s"), "{message}");
        assert!(case["wait_seconds"].as_f64().is_some(), "{json:#}");
    }
}

#[test]
fn wall_limit_is_a_positive_number_of_seconds() {
    let cases = cases();
    for bad in ["0", "-1", "soon"] {
        let out = gridjudge(&[
            "verify-submissions",
            "poj3074",
            "--cases",
            cases.to_str().unwrap(),
            "--wall-limit",
            bad,
        ]);
        assert_eq!(out.status.code(), Some(64), "--wall-limit {bad}");
    }
}
