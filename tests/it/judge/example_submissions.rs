//! The bundled example submissions (`judge-cases/PROBLEM/submissions/VERDICT/`, written for
//! this project in C, C++ and Rust, hostile ones included) must each get their folder's
//! verdict from `gridjudge verify-submissions`. This compiles about 70 programs and waits
//! out the wall limit of the sleeping and fork-bombing ones: about a minute on 2 cores.

use crate::support;

use std::process::Command;

#[test]
fn every_example_submission_gets_its_folders_verdict() {
    let _machine = support::machine::alone();
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify-submissions", "--all", "-j", "2", "--cases"])
        .arg(format!("{root}/judge-cases"))
        .output()
        .expect("run gridjudge verify-submissions");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mismatches: Vec<&str> = stdout.lines().filter(|l| l.contains("MISMATCH")).collect();
    assert!(
        mismatches.is_empty(),
        "verdicts differ from their folders:\n{}",
        mismatches.join("\n")
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    let summary = stdout
        .lines()
        .rev()
        .find(|l| l.contains("submission(s)"))
        .unwrap_or_default();
    let total: usize = summary
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(
        total >= 60,
        "expected every bundled submission to be judged: {summary}"
    );
    assert!(
        summary.contains(&format!("{total} as expected")),
        "{summary}"
    );
}
