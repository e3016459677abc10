//! What `problem.yaml` may say: an unknown `problem_format_version` is refused (64, the
//! version and the known ones named), a misspelt key is a warning naming the nearest
//! known key, and 2025-09 `{{constants}}` are substituted in the output validator and
//! `test_group.yaml` (never in the test data).

use super::write;
use crate::support;

use std::path::Path;
use std::process::{Command, Output};

fn judge(pkg: &Path, program: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["judge", "--format", "json", "--package"])
        .arg(pkg)
        .args(["--", "python3"])
        .arg(program)
        .output()
        .unwrap()
}

/// A package summing numbers, in the given version, with `yaml` added to problem.yaml.
fn package(root: &Path, version: &str, yaml: &str) -> std::path::PathBuf {
    let pkg = root.join("sum");
    write(
        &pkg,
        "problem.yaml",
        &format!("problem_format_version: {version}\nname: Sum\nuuid: 3f2504e0-4f89-41d3-9a0c-0305e82c3301\n{yaml}"),
    );
    write(&pkg, "data/secret/1.in", "3\n1 2 3\n");
    write(&pkg, "data/secret/1.ans", "6\n");
    pkg
}

const SUM: &str =
    "import sys\nw = sys.stdin.read().split()\nprint(sum(int(x) for x in w[1:1 + int(w[0])]))\n";

#[test]
fn an_unknown_version_is_refused_and_a_misspelt_key_is_named() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    let program = root.path().join("sum.py");
    std::fs::write(&program, SUM).unwrap();
    let pkg = package(root.path(), "2099-01", "");
    let out = judge(&pkg, &program);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(64), "{stderr}");
    assert!(
        stderr.contains("2099-01") && stderr.contains("2025-09"),
        "{stderr}"
    );
    assert!(stderr.contains("problem.yaml"), "{stderr}");

    let pkg = package(
        root.path(),
        "legacy",
        "limits:\n  time_multipler: 3\n  memory: 256\n",
    );
    let out = judge(&pkg, &program);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "unknown key `limits.time_multipler` (did you mean `limits.time_multiplier`?)"
        ),
        "{stderr}"
    );
}

#[test]
fn constants_reach_the_validator_and_test_group_yaml_but_not_the_data() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    let pkg = package(
        root.path(),
        "2025-09",
        "constants:\n  bonus: 0\n  flag: strict\n",
    );
    // Python with `{{bonus}}` unreplaced is a syntax error: a JE on every case.
    write(
        &pkg,
        "output_validator/validator.py",
        "import sys\ninp, ans, fb = sys.argv[1:4]\nassert sys.argv[4:] == ['strict'], sys.argv\nwant = int(open(ans).read()) + {{bonus}}\ngot = sys.stdin.read().split()\nsys.exit(42 if got == [str(want)] else 43)\n",
    );
    write(
        &pkg,
        "data/secret/test_group.yaml",
        "output_validator_args: [\"{{flag}}\"]\n",
    );
    // The data keeps its text: an input that says {{bonus}} is not rewritten.
    write(&pkg, "data/secret/2.in", "1\n{{bonus}}\n");
    write(&pkg, "data/secret/2.ans", "0\n");
    let program = root.path().join("sum.py");
    std::fs::write(
        &program,
        "import sys\nw = sys.stdin.read().split()\nprint(0 if w[1] == '{{bonus}}' else sum(int(x) for x in w[1:1 + int(w[0])]))\n",
    )
    .unwrap();
    let out = judge(&pkg, &program);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["overall"], "AC", "{json}");
    // An example submission gets the constants too: unreplaced, `{{bonus}}` is a
    // Python syntax error.
    write(
        &pkg,
        "submissions/accepted/sum.py",
        "import sys\nB = {{bonus}}\nw = sys.stdin.read().split()\nprint(0 if w[1] == '{' + '{bonus}}' else sum(int(x) for x in w[1:1 + int(w[0])]) + B)\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify-submissions", "--format", "json", "--package"])
        .arg(&pkg)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(out.status.code(), Some(0), "{json}");
    assert_eq!(json["mismatches"], 0, "{json}");
    assert_eq!(json["total"], 1, "{json}");
}
