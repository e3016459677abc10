//! Package files built to exhaust the judge's memory are refused in bounded memory: a
//! "billion laughs" of nested YAML aliases in `problem.yaml`, `testdata.yaml`,
//! `test_group.yaml` or `submissions.yaml` is one error line naming the file (exit 3),
//! and 2025-09 `constants` whose values name each other (`c00: "{{c01}}{{c01}}"`, 40
//! levels) are substituted in one pass, so an example submission naming `{{c00}}`
//! compiles to the 14 bytes of `c00`'s value. Each judge runs under a soft address-space
//! limit of 1 GiB, so a judge that expands them fails quickly instead of taking the
//! host.

use super::write;
use crate::support;

use std::path::Path;
use std::process::{Command, Output};

/// `gridjudge ARGS` with a soft `ulimit -v` of 1 GiB.
fn bounded(args: &[&std::ffi::OsStr]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -S -v 1048576 && exec \"$@\"")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .output()
        .expect("sh runs")
}

/// Ten levels of nine aliases each: 9^10 nodes expanded, 400 bytes written.
fn laughs(key: &str) -> String {
    let mut y = format!("{key}:\n  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let p = i - 1;
        y.push_str(&format!(
            "  l{i}: &l{i} [*l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}]\n"
        ));
    }
    y
}

fn package(root: &Path, yaml: &str) -> std::path::PathBuf {
    let pkg = root.join("sum");
    write(
        &pkg,
        "problem.yaml",
        &format!("problem_format_version: 2025-09\nname: Sum\nuuid: 3f2504e0-4f89-41d3-9a0c-0305e82c3301\n{yaml}"),
    );
    write(&pkg, "data/secret/1.in", "3\n1 2 3\n");
    write(&pkg, "data/secret/1.ans", "6\n");
    pkg
}

const SUM: &str =
    "import sys\nw = sys.stdin.read().split()\nprint(sum(int(x) for x in w[1:1 + int(w[0])]))\n";

/// `verify-submissions --package PKG`.
fn verify(pkg: &Path) -> Output {
    bounded(&[
        "verify-submissions".as_ref(),
        "--format".as_ref(),
        "json".as_ref(),
        "--package".as_ref(),
        pkg.as_os_str(),
    ])
}

fn assert_refused(out: &Output, file: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains(file) && stderr.contains("aliases expand"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.len() < 300, "{stderr}");
}

#[test]
fn nested_aliases_are_refused_in_each_package_yaml_file() {
    let _machine = support::machine::shared();
    for (file, at) in [
        ("problem.yaml", ""),
        ("testdata.yaml", "data/secret/testdata.yaml"),
        ("test_group.yaml", "data/secret/test_group.yaml"),
        ("submissions.yaml", "submissions/submissions.yaml"),
    ] {
        let root = tempfile::tempdir().expect("tempdir");
        let pkg = if at.is_empty() {
            package(root.path(), &laughs("x-laughs"))
        } else {
            let pkg = package(root.path(), "");
            let key = if file == "submissions.yaml" {
                "accepted/*"
            } else {
                "x-laughs"
            };
            write(&pkg, at, &laughs(key));
            pkg
        };
        write(&pkg, "submissions/accepted/sum.py", SUM);
        assert_refused(&verify(&pkg), file);
    }
}

#[test]
fn constants_naming_each_other_are_substituted_once() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("tempdir");
    let mut constants = String::from("constants:\n");
    for i in 0..40 {
        constants.push_str(&format!(
            "  c{i:02}: \"{{{{c{:02}}}}}{{{{c{:02}}}}}\"\n",
            i + 1,
            i + 1
        ));
    }
    constants.push_str("  c40: x\n");
    let pkg = package(root.path(), &constants);
    // c00's value as written: `{{c01}}{{c01}}`, 14 bytes.
    write(
        &pkg,
        "submissions/accepted/sum.py",
        &format!("{SUM}assert len(\"{{{{c00}}}}\") == 14\n"),
    );
    let out = verify(&pkg);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(json["mismatches"], 0, "{json}");
    assert_eq!(json["total"], 1, "{json}");
}
