//! A package's data is checked before any program runs (`gridjudge::package::data_check`):
//! an input that a C++, Python, `build`/`run`, checktestdata or VIVA input validator
//! rejects, an input the group's flags make invalid, an answer an answer validator or
//! the custom output validator rejects, a missing answer the default validator needs, a
//! badly named case and a byte order mark end `judge --package` and `verify-submissions
//! --package` with exit 3, naming the file, the validator and its message, and so does a
//! case of a validation folder (`data/invalid_input`, `invalid_answer`, `invalid_output`,
//! `valid_output`) that the validators do not treat as it says; a clean package stays
//! AC with no finding at all, and a package without an input validator gets a warning.

use super::write;
use crate::support;
use std::path::Path;
use std::process::{Command, Output};

/// `a b` on one line, each from 1 to 1000 (at most the `max N` argument's N): exit 42,
/// else 43 with the reason on stderr.
const RANGE_CPP: &str = r#"#include <cstdio>
#include <cstring>
#include <cstdlib>
int main(int argc, char **argv) {
    long hi = 1000;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "max")) hi = atol(argv[i + 1]);
    long a, b;
    char rest;
    if (scanf("%ld %ld", &a, &b) != 2) { fprintf(stderr, "expected two integers\n"); return 43; }
    long values[2] = {a, b};
    for (long v : values)
        if (v < 1 || v > hi) { fprintf(stderr, "value %ld out of range [1,%ld]\n", v, hi); return 43; }
    if (scanf(" %c", &rest) == 1) { fprintf(stderr, "trailing data\n"); return 43; }
    return 42;
}
"#;

/// [`RANGE_CPP`] in Python.
const RANGE_PY: &str = r#"import sys
args = sys.argv[1:]
hi = int(args[args.index("max") + 1]) if "max" in args else 1000
words = sys.stdin.read().split()
if len(words) != 2:
    print("expected two integers, got %d words" % len(words))
    sys.exit(43)
for w in words:
    if not (1 <= int(w) <= hi):
        print("value %s out of range [1,%d]" % (w, hi))
        sys.exit(43)
sys.exit(42)
"#;

/// The contestants' solution.
const SUM_PY: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

/// A package of the sum problem in `format` (`legacy`, `2023-07`, `2025-09`) at
/// `root/sum`: a sample and two secret cases, all valid, and an accepted submission.
fn sum_package(root: &Path, format: &str) -> std::path::PathBuf {
    let dir = root.join("sum");
    let yaml = match format {
        "legacy" => "name: Sum\n".to_string(),
        v => format!("problem_format_version: {v}\nname: Sum\ntype: pass-fail\n"),
    };
    write(&dir, "problem.yaml", &yaml);
    for (case, input, answer) in [
        ("sample/1", "1 2\n", "3\n"),
        ("secret/a", "10 20\n", "30\n"),
        ("secret/b", "1000 1000\n", "2000\n"),
    ] {
        write(&dir, &format!("data/{case}.in"), input);
        write(&dir, &format!("data/{case}.ans"), answer);
    }
    write(&dir, "submissions/accepted/sum.py", SUM_PY);
    dir
}

/// The folder of the input validators in `format`.
fn validators(format: &str) -> &'static str {
    if format == "legacy" {
        "input_format_validators"
    } else {
        "input_validators"
    }
}

/// `judge --package DIR --source sum.py`.
fn judge(dir: &Path) -> Output {
    let source = dir.parent().expect("a parent").join("sum.py");
    std::fs::write(&source, SUM_PY).expect("write");
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["judge", "--package"])
        .arg(dir)
        .arg("--source")
        .arg(&source)
        .args(["--format", "json"])
        .output()
        .expect("gridjudge runs")
}

/// `verify-submissions --package DIR`.
fn verify(dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify-submissions", "--package"])
        .arg(dir)
        .output()
        .expect("gridjudge runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The `error:` line of `out` about `file`, which must exist.
fn error_line(out: &Output, file: &str) -> String {
    let text = stderr(out);
    text.lines()
        .find(|l| l.starts_with("error: ") && l.contains(file))
        .unwrap_or_else(|| panic!("no error about {file}: {text}"))
        .to_string()
}

/// Plants `10 1001` in `secret/big.in` of a package with the validator `rel` (`text`)
/// and checks that both commands refuse it, exit 3, naming the file, the validator and
/// its message; and that no program ran (no report on stdout).
fn planted_range_bug_is_reported(format: &str, files: &[(&str, &str)], name: &str) {
    let root = tempfile::tempdir().expect("temp dir");
    let dir = sum_package(root.path(), format);
    for (rel, text) in files {
        write(&dir, &format!("{}/{rel}", validators(format)), text);
    }
    let clean = judge(&dir);
    assert_eq!(clean.status.code(), Some(0), "{}", stderr(&clean));
    assert!(!stderr(&clean).contains("error:"), "{}", stderr(&clean));
    write(&dir, "data/secret/big.in", "10 1001\n");
    write(&dir, "data/secret/big.ans", "1011\n");
    for out in [judge(&dir), verify(&dir)] {
        assert_eq!(
            out.status.code(),
            Some(3),
            "{format} {name}: {}",
            stderr(&out)
        );
        let line = error_line(&out, "secret/big.in");
        assert!(line.contains(&format!("input validator {name}")), "{line}");
        assert!(line.contains("1001 out of range [1,1000]"), "{line}");
        assert!(
            out.stdout.is_empty(),
            "a program was judged: {}",
            stderr(&out)
        );
    }
}

#[test]
fn a_cpp_input_validator_rejecting_an_input_is_a_package_error() {
    let _machine = support::machine::shared();
    planted_range_bug_is_reported("legacy", &[("range.cpp", RANGE_CPP)], "range");
}

#[test]
fn a_python_input_validator_rejecting_an_input_is_a_package_error() {
    let _machine = support::machine::shared();
    planted_range_bug_is_reported("2023-07", &[("range.py", RANGE_PY)], "range");
}

#[test]
fn a_build_and_run_input_validator_rejecting_an_input_is_a_package_error() {
    let _machine = support::machine::shared();
    planted_range_bug_is_reported(
        "2025-09",
        &[
            (
                "shell/build",
                "#!/bin/sh\ncp check.py checker\nchmod +x run\n",
            ),
            (
                "shell/run",
                "#!/bin/sh\nexec python3 \"$(dirname \"$0\")/checker\" \"$@\"\n",
            ),
            ("shell/check.py", RANGE_PY),
        ],
        "shell",
    );
}

#[test]
fn a_checktestdata_validator_rejects_an_input_or_says_it_did_not_run() {
    let _machine = support::machine::shared();
    let ctd = "INT(1,1000) SPACE INT(1,1000) NEWLINE\nEOF\n";
    if gridjudge::sandbox::host::find_program("checktestdata").is_none() {
        let root = tempfile::tempdir().expect("temp dir");
        let dir = sum_package(root.path(), "legacy");
        write(&dir, "input_format_validators/range.ctd", ctd);
        let out = judge(&dir);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(
            stderr(&out).lines().any(|l| l.starts_with("warning: ")
                && l.contains("range.ctd")
                && l.contains("checktestdata is not installed")),
            "{}",
            stderr(&out)
        );
        support::judge::skip(
            "a_checktestdata_validator_rejects_an_input_or_says_it_did_not_run",
            "checktestdata is not installed: the script's rejection not checked (its warning is)",
        );
        return;
    }
    let root = tempfile::tempdir().expect("temp dir");
    let dir = sum_package(root.path(), "legacy");
    write(&dir, "input_format_validators/range.ctd", ctd);
    let clean = judge(&dir);
    assert_eq!(clean.status.code(), Some(0), "{}", stderr(&clean));
    write(&dir, "data/secret/big.in", "10 1001\n");
    write(&dir, "data/secret/big.ans", "1011\n");
    let out = judge(&dir);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let line = error_line(&out, "secret/big.in");
    assert!(line.contains("input validator range"), "{line}");
}

#[test]
fn the_groups_flags_reach_the_input_validator() {
    let _machine = support::machine::shared();
    for (format, file, yaml) in [
        ("legacy", "testdata.yaml", "input_validator_flags: max 5\n"),
        (
            "2025-09",
            "test_group.yaml",
            "input_validator_args:\n  range: [max, '5']\n",
        ),
        (
            "2025-09",
            "test_group.yaml",
            "input_validator_args: [max, '5']\n",
        ),
    ] {
        let root = tempfile::tempdir().expect("temp dir");
        let dir = sum_package(root.path(), format);
        write(&dir, &format!("{}/range.py", validators(format)), RANGE_PY);
        // 7 7 is valid in secret, not in the group whose flags say `max 5`.
        write(&dir, "data/secret/a.in", "7 7\n");
        write(&dir, "data/secret/a.ans", "14\n");
        write(&dir, &format!("data/secret/small/{file}"), yaml);
        write(&dir, "data/secret/small/c.in", "3 4\n");
        write(&dir, "data/secret/small/c.ans", "7\n");
        let out = judge(&dir);
        assert_eq!(out.status.code(), Some(0), "{format}: {}", stderr(&out));
        write(&dir, "data/secret/small/d.in", "7 4\n");
        write(&dir, "data/secret/small/d.ans", "11\n");
        let out = judge(&dir);
        assert_eq!(out.status.code(), Some(3), "{format}: {}", stderr(&out));
        let line = error_line(&out, "small/d.in");
        assert!(line.contains("value 7 out of range [1,5]"), "{line}");
        assert!(
            !stderr(&out).contains("secret/a.in"),
            "{format}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn an_answer_the_output_validator_rejects_as_team_output_is_a_package_error() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = sum_package(root.path(), "legacy");
    write(&dir, "input_format_validators/range.py", RANGE_PY);
    write(&dir, "problem.yaml", "name: Sum\nvalidation: custom\n");
    // The team's sum must be the answer's and at least 2.
    write(
        &dir,
        "output_validators/sum/validate.py",
        r#"import sys
team = sys.stdin.read().split()
answer = open(sys.argv[2]).read().split()
if len(team) != 1 or team != answer or int(team[0]) < 2:
    open(sys.argv[3] + "judgemessage.txt", "w").write("not a sum of two numbers from 1: %r" % team)
    sys.exit(43)
sys.exit(42)
"#,
    );
    let out = judge(&dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    write(&dir, "data/secret/a.ans", "1\n");
    for out in [judge(&dir), verify(&dir)] {
        assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
        let line = error_line(&out, "secret/a.ans");
        assert!(
            line.contains("answer: the output validator rejects the answer as team output")
                && line.contains("not a sum of two numbers from 1"),
            "{line}"
        );
    }
}

#[test]
fn a_missing_answer_the_default_validator_needs_is_a_package_error() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = sum_package(root.path(), "legacy");
    write(&dir, "input_format_validators/range.py", RANGE_PY);
    std::fs::remove_file(dir.join("data/secret/b.ans")).expect("rm");
    let out = judge(&dir);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let line = error_line(&out, "secret/b.ans");
    assert!(
        line.contains("missing: the default output validator"),
        "{line}"
    );
}

#[test]
fn bad_case_names_and_byte_order_marks_are_errors_duplicates_warnings() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = sum_package(root.path(), "2023-07");
    write(&dir, "input_validators/range.py", RANGE_PY);
    write(&dir, "data/secret/c.in", "10 20\n");
    write(&dir, "data/secret/c.ans", "30\n");
    let out = judge(&dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).lines().any(|l| l.starts_with("warning: ")
            && l.contains("secret/c.in: identical inputs")
            && l.contains("secret/a.in")),
        "{}",
        stderr(&out)
    );
    write(&dir, "data/secret/_x.in", "1 1\n");
    write(&dir, "data/secret/_x.ans", "2\n");
    write(&dir, "data/secret/d.in", "\u{feff}2 2\n");
    write(&dir, "data/secret/d.ans", "4\n");
    let out = judge(&dir);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(error_line(&out, "_x.in").contains("case name"));
    assert!(error_line(&out, "secret/d.in").contains("byte order mark"));
}

#[test]
fn a_clean_package_stays_accepted_and_one_without_an_input_validator_is_warned() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = sum_package(root.path(), "2025-09");
    let out = verify(&dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).lines().any(|l| l.starts_with("warning: ")
            && l.contains("input_validators: input validators: none")),
        "{}",
        stderr(&out)
    );
    write(&dir, "input_validators/range.py", RANGE_PY);
    for out in [judge(&dir), verify(&dir)] {
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let text = stderr(&out);
        assert!(
            !text.contains("error:") && !text.contains("warning:"),
            "a false alarm: {text}"
        );
    }
}

#[test]
fn a_viva_validator_rejects_an_input_or_says_it_did_not_run() {
    let _machine = support::machine::shared();
    let viva = "a:integer(1<=a && a<=1000) b:integer(1<=b && b<=1000);\n";
    let root = tempfile::tempdir().expect("temp dir");
    let dir = sum_package(root.path(), "2023-07");
    write(&dir, "input_validators/range.viva", viva);
    if gridjudge::sandbox::host::find_program("viva").is_none() {
        let out = judge(&dir);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(
            stderr(&out).lines().any(|l| l.starts_with("warning: ")
                && l.contains("range.viva")
                && l.contains("viva is not installed")),
            "{}",
            stderr(&out)
        );
        support::judge::skip(
            "a_viva_validator_rejects_an_input_or_says_it_did_not_run",
            "viva is not installed: the pattern's rejection not checked (its warning is)",
        );
        return;
    }
    let clean = judge(&dir);
    assert_eq!(clean.status.code(), Some(0), "{}", stderr(&clean));
    assert!(!stderr(&clean).contains("error:"), "{}", stderr(&clean));
    write(&dir, "data/secret/big.in", "10 1001\n");
    write(&dir, "data/secret/big.ans", "1011\n");
    for out in [judge(&dir), verify(&dir)] {
        assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
        let line = error_line(&out, "secret/big.in");
        assert!(line.contains("input validator range"), "{line}");
        assert!(
            line.contains("Failed constraint") && !line.contains("<<<"),
            "VIVA's message, without its frame lines: {line}"
        );
    }
}

/// An answer validator of the sum problem: the answer is one integer, the sum of the
/// two numbers of the input (whose path is the first argument); `min N` among the
/// arguments makes a smaller sum invalid.
const SUM_ANSWER_PY: &str = r#"import sys
a, b = map(int, open(sys.argv[1]).read().split())
args = sys.argv[2:]
low = int(args[args.index("min") + 1]) if "min" in args else 2
words = sys.stdin.read().split()
if len(words) != 1 or int(words[0]) != a + b or int(words[0]) < low:
    print("answer %r is not the sum %d of the input (at least %d)" % (words, a + b, low))
    sys.exit(43)
sys.exit(42)
"#;

#[test]
fn an_answer_validator_rejecting_an_answer_is_a_package_error() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = sum_package(root.path(), "2025-09");
    write(&dir, "input_validators/range.py", RANGE_PY);
    write(&dir, "answer_validators/sum.py", SUM_ANSWER_PY);
    let clean = judge(&dir);
    assert_eq!(clean.status.code(), Some(0), "{}", stderr(&clean));
    assert!(!stderr(&clean).contains("error:"), "{}", stderr(&clean));
    // The default output validator takes any answer as its own team output: only the
    // answer validator sees that 31 is not 10 + 20.
    write(&dir, "data/secret/a.ans", "31\n");
    for out in [judge(&dir), verify(&dir)] {
        assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
        let line = error_line(&out, "secret/a.ans");
        assert!(
            line.contains("answer validator sum") && line.contains("is not the sum 30"),
            "{line}"
        );
        assert!(out.stdout.is_empty(), "a program was judged");
    }
    // The group's answer_validator_args reach it.
    write(&dir, "data/secret/a.ans", "30\n");
    write(
        &dir,
        "data/secret/test_group.yaml",
        "answer_validator_args: {sum: [min, '100']}\n",
    );
    let out = judge(&dir);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(error_line(&out, "secret/a.ans").contains("at least 100"));
    assert!(
        !stderr(&out).contains("secret/b.ans"),
        "2000 is at least 100: {}",
        stderr(&out)
    );
}

#[test]
fn the_validation_folders_must_be_rejected_or_accepted_as_they_say() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = sum_package(root.path(), "2025-09");
    write(&dir, "input_validators/range.py", RANGE_PY);
    write(&dir, "answer_validators/sum.py", SUM_ANSWER_PY);
    let case = |folder: &str, name: &str, files: &[(&str, &str)]| {
        for (ext, text) in files {
            write(&dir, &format!("data/{folder}/{name}.{ext}"), text);
        }
    };
    case("invalid_input", "zero", &[("in", "0 5\n")]);
    case("invalid_answer", "off", &[("in", "1 2\n"), ("ans", "4\n")]);
    case(
        "invalid_output",
        "wrong",
        &[("in", "1 2\n"), ("ans", "3\n"), ("out", "4\n")],
    );
    case(
        "valid_output",
        "spaced",
        &[("in", "1 2\n"), ("ans", "3\n"), ("out", "  3  \n")],
    );
    for out in [judge(&dir), verify(&dir)] {
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(!stderr(&out).contains("error:"), "{}", stderr(&out));
    }
    // The validation cases test the validators and are never judged.
    let report: serde_json::Value =
        serde_json::from_slice(&judge(&dir).stdout).expect("a JSON report");
    let cases = report.to_string();
    assert!(
        !cases.contains("invalid_input") && !cases.contains("valid_output"),
        "a validation case was judged: {cases}"
    );
    // Each planted one is found: an invalid input every input validator accepts, an
    // invalid answer nothing rejects, an invalid output the output validator accepts,
    // a valid output it rejects, a valid-output case whose input is invalid.
    case("invalid_input", "fine", &[("in", "5 5\n")]);
    case(
        "invalid_answer",
        "right",
        &[("in", "1 2\n"), ("ans", "3\n")],
    );
    case(
        "invalid_output",
        "same",
        &[("in", "1 2\n"), ("ans", "3\n"), ("out", "3\n")],
    );
    case(
        "valid_output",
        "four",
        &[("in", "1 2\n"), ("ans", "3\n"), ("out", "4\n")],
    );
    case(
        "valid_output",
        "big",
        &[("in", "1 1001\n"), ("ans", "1002\n"), ("out", "1002\n")],
    );
    for out in [judge(&dir), verify(&dir)] {
        assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
        let line = error_line(&out, "invalid_input/fine.in");
        assert!(
            line.contains(
                "invalid_input: accepted by every check that ran on it (input validator range)"
            ),
            "{line}"
        );
        let line = error_line(&out, "invalid_answer/right.ans");
        assert!(
            line.contains("answer validator sum") && line.contains("answer"),
            "{line}"
        );
        let line = error_line(&out, "invalid_output/same.out");
        assert!(line.contains("invalid_output: accepted"), "{line}");
        let line = error_line(&out, "valid_output/four.out");
        assert!(
            line.contains("output: the output validator rejects the output as team output"),
            "{line}"
        );
        let line = error_line(&out, "valid_output/big.in");
        assert!(line.contains("1001 out of range"), "{line}");
        let text = stderr(&out);
        for passed in ["zero.in", "off.ans", "wrong.out", "spaced.out"] {
            assert!(
                !text
                    .lines()
                    .any(|l| l.starts_with("error: ") && l.contains(passed)),
                "{passed}: a false alarm: {text}"
            );
        }
    }
}
