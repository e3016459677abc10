//! The `check` and `validate` commands as a judge system calls them: testlib exit codes
//! (0 AC, 1 WA, 2 PE, 3 judge failure), one line on stderr, a located message naming
//! the file, and distinct codes for usage errors (64) and unreadable files (66).

use crate::support;

use std::path::Path;
use std::process::Command;
use support::samples;

/// Runs gridjudge; returns (exit code, stderr).
fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .output()
        .expect("run gridjudge");
    (
        out.status.code().expect("exit code, not a signal"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write fixture");
    path.to_string_lossy().into_owned()
}

#[test]
fn check_exit_codes_follow_testlib() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = samples::dir();
    let input = s.join("poj2676.in").to_string_lossy().into_owned();
    let answer = s.join("poj2676.ans").to_string_lossy().into_owned();
    let good = std::fs::read(&answer).expect("sample");

    let (code, err) = run(&["check", "poj2676", &input, &answer, &answer]);
    assert_eq!((code, err.as_str()), (0, "AC 1 case(s)\n"));

    let mut wa = good.clone();
    wa[0] = b'2';
    let (code, err) = run(&["check", "poj2676", &input, &write(dir.path(), "wa", &wa)]);
    assert_eq!(
        (code, err.as_str()),
        (1, "WA case 1: cell (1,1) is 2 but the puzzle gives 1\n")
    );

    let crlf = gridjudge::fuzzing::check::crlf(&good);
    let (code, err) = run(&["check", "poj2676", &input, &write(dir.path(), "pe", &crlf)]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("PE layout differs at line 1, col 10"),
        "{err}"
    );

    let (code, err) = run(&[
        "check",
        "poj2676",
        &input,
        &answer,
        &write(dir.path(), "badans", &wa),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.starts_with("FAIL jury answer"), "{err}");

    let bad_input = write(dir.path(), "bad.in", b"1\n12x\n");
    let (code, err) = run(&["check", "poj2676", &bad_input, &answer]);
    assert_eq!(code, 3);
    assert_eq!(
        err,
        format!("FAIL judge input {bad_input}: line 2, col 3: expected a digit 0-9, found 'x'\n")
    );
}

#[test]
fn garbage_output_is_wa_never_a_crash() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = samples::dir()
        .join("hdu3338.in")
        .to_string_lossy()
        .into_owned();
    let garbage: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    for (name, bytes) in [
        ("garbage", garbage.as_slice()),
        ("empty", b"".as_slice()),
        ("blanks", b" \n\t\r\n".as_slice()),
    ] {
        let (code, err) = run(&["check", "hdu3338", &input, &write(dir.path(), name, bytes)]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(
            err.starts_with("WA ") && err.lines().count() == 1,
            "{name}: {err}"
        );
    }
}

#[test]
fn validate_names_file_line_and_column() {
    let dir = tempfile::tempdir().expect("tempdir");
    let s = samples::dir();
    for p in ["poj3074", "poj2676", "hdu3338", "poj3076", "kakuro"] {
        let (code, err) = run(&["validate", p, &s.join(format!("{p}.in")).to_string_lossy()]);
        assert_eq!(code, 0, "{p}: {err}");
    }
    let bad = write(dir.path(), "big.in", b"101 6\n");
    let (code, err) = run(&["validate", "hdu3338", &bad]);
    assert_eq!(code, 3);
    assert_eq!(
        err,
        format!("{bad}: line 1, col 1: the number of rows n must be 2 to 100, found 101\n")
    );
}

#[test]
fn usage_and_unreadable_files_have_their_own_codes() {
    let (code, err) = run(&["check", "poj9999", "a", "b"]);
    assert_eq!(code, 64, "{err}");
    let (code, _) = run(&["frobnicate"]);
    assert_eq!(code, 64);
    let (code, err) = run(&["validate", "poj3074", "/nonexistent/input.txt"]);
    assert_eq!(code, 66);
    assert!(
        err.starts_with("error: gridjudge validate: cannot read /nonexistent/input.txt: "),
        "{err}"
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let (code, err) = run(&["validate", "poj3074", &dir.path().to_string_lossy()]);
    assert_eq!(code, 66, "a directory is unreadable as a file: {err}");
    let (code, _) = run(&["--help"]);
    assert_eq!(code, 0);
}
