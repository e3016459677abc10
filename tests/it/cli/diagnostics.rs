//! Error messages that say what to do: a source file given as the program points at
//! `--source`, a case name that matches nothing lists the cases, and a `problem.toml`
//! that is not TOML keeps the parser's caret diagram under the faulty column.

use std::path::Path;
use std::process::{Command, Output};

fn gridjudge(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_source_file_given_as_the_program_points_at_source() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("good.cpp"), "int main() {}\n").unwrap();
    let cases = format!("{}/tests/fixtures/judge/cases", env!("CARGO_MANIFEST_DIR"));
    for cmd in ["judge", "stress"] {
        let out = gridjudge(
            tmp.path(),
            &[cmd, "poj3074", "--cases", &cases, "--", "good.cpp"],
        );
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(64), "{cmd}: {err}");
        assert!(err.contains("--source good.cpp"), "{cmd}: {err}");
    }
}

#[test]
fn a_case_that_matches_nothing_lists_the_cases() {
    let cases = format!("{}/tests/fixtures/judge/cases", env!("CARGO_MANIFEST_DIR"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = gridjudge(
        root,
        &[
            "judge",
            "poj3074",
            "--cases",
            &cases,
            "--reference",
            "--case",
            "nosuch",
        ],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(64), "{err}");
    assert!(err.contains("no case named \"nosuch\""), "{err}");
    assert!(err.contains("the cases: sample/1"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_toml_syntax_error_keeps_its_caret_diagram() {
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad");
    std::fs::create_dir_all(bad.join("data")).unwrap();
    std::fs::write(bad.join("data/1.in"), "x\n").unwrap();
    std::fs::write(
        bad.join("problem.toml"),
        "problem = \"poj3074\"\ntitle = \n[limits]\n",
    )
    .unwrap();
    let out = gridjudge(tmp.path(), &["judge", "./bad", "--reference"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(64), "{err}");
    assert!(
        err.contains("problem.toml: TOML parse error at line 2, column 9"),
        "{err}"
    );
    let lines: Vec<&str> = err.lines().collect();
    let caret = lines
        .iter()
        .position(|l| l.trim_end().ends_with('^'))
        .unwrap_or_else(|| panic!("no caret line: {err}"));
    assert!(lines[caret - 1].contains("title ="), "{err}");
}
