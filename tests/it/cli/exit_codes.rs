//! The exit-code table of docs/commands.md, one test per cell that can happen: every command,
//! every code, by the cause the table names. (70, an internal error, is a gridjudge
//! bug: no input reaches it, which the fuzz targets check.)

use crate::support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use support::samples;

fn root() -> &'static str {
    env!("CARGO_MANIFEST_DIR")
}

fn fixture_cases() -> String {
    format!("{}/tests/fixtures/judge/cases", root())
}

/// Runs gridjudge with `args` and `stdin`; returns the exit code and stderr.
fn code(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// A poj3074 puzzle with no clash and no solution: row 1 needs a 9 in its last cell,
/// where column 9 already has one.
const UNSOLVABLE: &str =
    "12345678.........9...............................................................\nend\n";

#[test]
fn code_0() {
    let _machine = support::machine::shared();
    let (inp, ans) = (samples::arg("poj3074.in"), samples::arg("poj3074.ans"));
    assert_eq!(code(&["check", "poj3074", &inp, &ans, &ans], b"").0, 0);
    assert_eq!(code(&["validate", "poj3074", &inp], b"").0, 0);
    assert_eq!(code(&["solve", "poj3074", &inp], b"").0, 0);
    assert_eq!(code(&["count", "poj3074", &inp], b"").0, 0);
    let cases = fixture_cases();
    assert_eq!(
        code(&["judge", "poj3074", "--cases", &cases, "--reference"], b"").0,
        0
    );
    assert_eq!(code(&["completions", "bash"], b"").0, 0);
    assert_eq!(code(&["man"], b"").0, 0);
}

#[test]
fn code_1() {
    let _machine = support::machine::shared();
    let dir = tempfile::tempdir().unwrap();
    let inp = samples::arg("poj3074.in");
    let wrong = write(dir.path(), "wrong.out", &"1".repeat(81));
    assert_eq!(
        code(&["check", "poj3074", &inp, wrong.to_str().unwrap()], b"").0,
        1
    );
    let (c, err) = code(&["solve", "poj3074", "-"], UNSOLVABLE.as_bytes());
    assert_eq!(c, 1, "{err}");
    let cases = fixture_cases();
    // A program that prints nothing: WA on every case.
    assert_eq!(
        code(
            &["judge", "poj3074", "--cases", &cases, "--", "/bin/true"],
            b""
        )
        .0,
        1
    );
}

#[test]
fn code_2() {
    let _machine = support::machine::shared();
    let inp = samples::arg("poj3074.in");
    let crlf = gridjudge::fuzzing::check::crlf(&samples::bytes("poj3074.ans"));
    assert_eq!(code(&["check", "poj3074", &inp, "-"], &crlf).0, 2);
}

#[test]
fn code_3() {
    let _machine = support::machine::shared();
    let dir = tempfile::tempdir().unwrap();
    let bad = write(dir.path(), "bad.in", "x\n");
    let bad = bad.to_str().unwrap();
    let ans = samples::arg("poj3074.ans");
    assert_eq!(code(&["check", "poj3074", bad, &ans], b"").0, 3);
    let inp = samples::arg("poj3074.in");
    assert_eq!(code(&["check", "poj3074", &inp, &ans, bad], b"").0, 3);
    assert_eq!(code(&["validate", "poj3074", bad], b"").0, 3);
    assert_eq!(code(&["solve", "poj3074", bad], b"").0, 3);
    assert_eq!(code(&["count", "poj3074", bad], b"").0, 3);
    // A judge error in every case: the program cannot be started.
    let cases = fixture_cases();
    let gone = dir.path().join("gone");
    let (c, err) = code(
        &[
            "judge",
            "poj3074",
            "--cases",
            &cases,
            "--",
            gone.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(c, 3, "{err}");
}

#[test]
fn code_64() {
    let _machine = support::machine::shared();
    let inp = samples::arg("poj3074.in");
    let hdu = samples::arg("hdu3338.in");
    let usage: &[&[&str]] = &[
        &["check", "poj3074"],
        &["check", "poj3074", "-", "-"],
        &["validate"],
        &["solve", "nosuch", &inp],
        &["solve", "poj3074", "--solver", "flow", &inp],
        &["count", "hdu3338", &hdu],
        &["judge", "poj3074", "-j", "0", "--", "/bin/true"],
        &["judge", "poj3074", "--source", "main.go"],
        &["judge", "nosuch", "--reference"],
        &[
            "judge",
            "--all",
            "--reference",
            "--cases",
            "/nonexistent-gridjudge",
        ],
        &[
            "judge",
            "poj3074",
            "--reference",
            "--cases",
            "/nonexistent-gridjudge",
        ],
        &["verify-submissions", "nosuch"],
        &["completions", "tcsh"],
        &["frobnicate"],
    ];
    for args in usage {
        let (c, err) = code(args, b"");
        assert_eq!(c, 64, "{args:?}: {err}");
    }
}

/// The same mistake gets the same code in every command that reads a problem folder:
/// a broken `problem.toml` is the caller's configuration (64, the mistake named).
#[test]
fn a_broken_problem_toml_is_64_everywhere() {
    let _machine = support::machine::shared();
    let cases = tempfile::tempdir().unwrap();
    let dir = cases.path().join("broken");
    std::fs::create_dir_all(dir.join("data/secret")).unwrap();
    write(&dir.join("data/secret"), "1.in", "x\n");
    write(
        &dir,
        "problem.toml",
        "problem = \"poj3074\"\ntitle = \"T\"\ntime_multipler = 3\n[limits]\ntime_seconds = 1\nmemory_mib = 64\n[checker]\ntype = \"builtin\"\n",
    );
    let out = cases.path().join("out");
    let c = cases.path().to_str().unwrap();
    let o = out.to_str().unwrap();
    for args in [
        &["judge", "broken", "--cases", c, "--reference"][..],
        &["verify-submissions", "broken", "--cases", c],
        &["stress", "broken", "--cases", c, "--", "/bin/true"],
        &["export", "broken", "--cases", c, "--kattis", o],
    ] {
        let (code_, err) = code(args, b"");
        assert_eq!(code_, 64, "{args:?}: {err}");
        assert!(err.contains("time_multipler"), "{args:?}: {err}");
    }
    assert!(!out.exists(), "a refused export wrote nothing");
}

#[test]
fn code_66() {
    let _machine = support::machine::shared();
    let missing = "/nonexistent-gridjudge/file.in";
    let inp = samples::arg("poj3074.in");
    for args in [
        &["check", "poj3074", missing, &inp][..],
        &["check", "poj3074", &inp, missing],
        &["validate", "poj3074", missing],
        &["solve", "poj3074", missing],
        &["count", "poj3074", missing],
        &[
            "judge",
            "poj3074",
            "--source",
            "/nonexistent-gridjudge/main.cpp",
        ],
    ] {
        let (c, err) = code(args, b"");
        assert_eq!(c, 66, "{args:?}: {err}");
        assert!(err.contains("nonexistent-gridjudge"), "{err}");
    }
}

#[test]
fn code_74() {
    let _machine = support::machine::shared();
    // Standard output is /dev/full.
    let inp = samples::arg("poj3074.in");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["solve", "poj3074", &inp])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(74));
    // A report that cannot be written: told before judging (no report on stdout).
    let cases = fixture_cases();
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["judge", "poj3074", "--cases", &cases, "--reference"])
        .args(["--junit", "/nonexistent-gridjudge/j.xml"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(74), "{err}");
    assert!(err.contains("/nonexistent-gridjudge/j.xml"), "{err}");
    assert!(out.stdout.is_empty(), "judged before failing");
}
