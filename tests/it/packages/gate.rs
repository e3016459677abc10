//! `gridjudge verify`, the CI gate (`gridjudge::package::gate`): a contest of packages of
//! our own, one per format version, with a bad input planted for a checktestdata and a
//! Python validator, a bad answer the custom output validator rejects, and a submission
//! not as expected — every finding in one report (JSON, JUnit, HTML), none on the clean
//! package, the exit code of the worst kind of finding; a broken package does not stop
//! the others; a generators.yaml package is compared with (or written from) its
//! generators; shards of a contest merge into the report of the whole run.

use super::write;
use crate::support;
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

/// `a b` on one line, each from 1 to 1000: exit 42, else 43 saying why.
const RANGE_PY: &str = r#"import sys
words = sys.stdin.read().split()
if len(words) != 2 or not all(1 <= int(w) <= 1000 for w in words):
    print("expected two integers in [1, 1000], got %r" % words)
    sys.exit(43)
sys.exit(42)
"#;

/// [`RANGE_PY`] in checktestdata.
const RANGE_CTD: &str = "INT(1,1000) SPACE INT(1,1000) NEWLINE\nEOF\n";

/// An output validator that computes the sum from the input (not the answer file), so
/// that a wrong `.ans` is rejected as team output.
const SUM_VALIDATOR: &str = r#"import sys
a, b = map(int, open(sys.argv[1]).read().split())
team = sys.stdin.read().split()
if team != [str(a + b)]:
    open(sys.argv[3] + "judgemessage.txt", "w").write("not the sum %d: %r" % (a + b, team))
    sys.exit(43)
sys.exit(42)
"#;

const SUM_PY: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

/// A sum package at `dir` in `format` (`legacy`, `2023-07`, `2025-09`): a sample, two
/// secret cases, an accepted and a wrong-answer submission, and `extra` in problem.yaml.
fn sum_package(dir: &Path, format: &str, extra: &str) {
    let yaml = match format {
        "legacy" => format!("name: Sum\n{extra}"),
        v => format!("problem_format_version: {v}\nname: Sum\n{extra}"),
    };
    write(dir, "problem.yaml", &yaml);
    for (case, input, answer) in [
        ("sample/1", "1 2\n", "3\n"),
        ("secret/a", "10 20\n", "30\n"),
        ("secret/b", "1000 1000\n", "2000\n"),
    ] {
        write(dir, &format!("data/{case}.in"), input);
        write(dir, &format!("data/{case}.ans"), answer);
    }
    write(dir, "submissions/accepted/sum.py", SUM_PY);
    write(dir, "submissions/wrong_answer/forty_two.py", "print(42)\n");
}

fn gridjudge(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("gridjudge runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            stderr(out)
        )
    })
}

/// The check rows of `problem` in `report` whose status is `status`.
fn rows<'a>(report: &'a Value, problem: &str, status: &str) -> Vec<&'a Value> {
    report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .filter(|p| p["problem"] == problem)
        .flat_map(|p| p["checks"].as_array().expect("checks"))
        .filter(|c| c["status"] == status)
        .collect()
}

#[test]
fn a_contest_gets_every_finding_of_every_package_in_one_report() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let contest = root.path().join("contest");
    let ctd = gridjudge::sandbox::host::find_program("checktestdata").is_some();
    if !ctd {
        support::judge::skip(
            "a_contest_gets_every_finding_of_every_package_in_one_report",
            "checktestdata is not installed: the legacy package's validator is Python here",
        );
    }
    // clean: 2023-07, a Python validator; nothing to find.
    sum_package(&contest.join("clean"), "2023-07", "");
    write(
        &contest.join("clean"),
        "input_validators/range.py",
        RANGE_PY,
    );
    // badinput: legacy, checktestdata, `10 1001` planted.
    let bad_input = contest.join("badinput");
    sum_package(&bad_input, "legacy", "");
    if ctd {
        write(&bad_input, "input_format_validators/range.ctd", RANGE_CTD);
    } else {
        write(&bad_input, "input_format_validators/range.py", RANGE_PY);
    }
    write(&bad_input, "data/secret/planted.in", "10 1001\n");
    write(&bad_input, "data/secret/planted.ans", "1011\n");
    // badanswer: 2025-09, custom output validator, a wrong answer, a Python validator
    // that rejects nothing here, and a "wrong answer" submission that is accepted.
    let bad_answer = contest.join("badanswer");
    sum_package(&bad_answer, "2025-09", "type: pass-fail\n");
    write(&bad_answer, "input_validators/range.py", RANGE_PY);
    write(&bad_answer, "output_validator/validate.py", SUM_VALIDATOR);
    write(&bad_answer, "data/secret/a.ans", "31\n");
    write(
        &bad_answer,
        "submissions/wrong_answer/actually_right.py",
        SUM_PY,
    );
    write(
        &contest,
        "problems.yaml",
        "- id: clean\n  label: A\n- id: badinput\n  label: B\n- id: badanswer\n  label: C\n",
    );
    let out = gridjudge(
        &[
            "verify",
            "--package",
            "contest",
            "-j",
            "2",
            "--format",
            "json",
            "--junit",
            "gate.xml",
            "--html",
            "gate.html",
        ],
        root.path(),
    );
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let report = json(&out);
    assert_eq!(report["schema_version"], 1);
    let order: Vec<&str> = report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .filter_map(|p| p["problem"].as_str())
        .collect();
    assert_eq!(
        order,
        ["clean", "badinput", "badanswer"],
        "problems.yaml's order"
    );
    // No false alarm on the clean package: every row passed, both submissions as expected.
    let clean: Vec<&Value> = report["problems"][0]["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .filter(|c| c["status"] != "passed")
        .collect();
    assert!(clean.is_empty(), "{clean:?}");
    // 1 problem.yaml + 3 inputs × 1 validator + 3 answers.
    assert_eq!(rows(&report, "clean", "passed").len(), 7);
    assert_eq!(report["problems"][0]["submissions"]["mismatches"], 0);
    // The planted input, by the validator of its kind, with its message.
    let planted = rows(&report, "badinput", "error");
    assert_eq!(planted.len(), 1, "{planted:?}");
    assert_eq!(planted[0]["check"], "input validator range");
    assert!(
        planted[0]["file"]
            .as_str()
            .is_some_and(|f| f.ends_with("badinput/data/secret/planted.in")),
        "{planted:?}"
    );
    if ctd {
        assert!(
            planted[0]["message"]
                .as_str()
                .is_some_and(|m| m.contains("1001")),
            "{planted:?}"
        );
    }
    // The bad answer, by the output validator, with its judge message.
    let answer = rows(&report, "badanswer", "error");
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert_eq!(answer[0]["check"], "answer");
    assert!(
        answer[0]["file"]
            .as_str()
            .is_some_and(|f| f.ends_with("secret/a.ans"))
            && answer[0]["message"]
                .as_str()
                .is_some_and(|m| m.contains("not the sum 30")),
        "{answer:?}"
    );
    // The submission in the wrong folder is a mismatch; the others are as expected.
    let subs = &report["problems"][2]["submissions"];
    let mismatched: Vec<&str> = subs["submissions"]
        .as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["expected"] != r["got"])
        .filter_map(|r| r["submission"].as_str())
        .collect();
    assert_eq!(mismatched, ["wrong_answer/actually_right.py"]);
    assert_eq!(report["errors"], 2);
    assert_eq!(report["mismatches"], 1);
    // JUnit: a suite per problem, a case per check and per submission, an error per
    // data error, a failure per mismatch.
    let xml = std::fs::read_to_string(root.path().join("gate.xml")).expect("junit written");
    let checks = report["checks"].as_u64().expect("checks");
    let submissions = report["submissions"].as_u64().expect("submissions");
    assert_eq!(submissions, 7);
    assert_eq!(
        xml.matches("<testcase ").count() as u64,
        checks + submissions,
        "{xml}"
    );
    assert_eq!(xml.matches("<testsuite ").count(), 3, "{xml}");
    assert_eq!(xml.matches("<error ").count(), 2, "{xml}");
    assert_eq!(xml.matches("<failure ").count(), 1, "{xml}");
    let page = std::fs::read_to_string(root.path().join("gate.html")).expect("html written");
    for p in ["clean", "badinput", "badanswer"] {
        assert!(page.contains(&format!("data-problem=\"{p}\"")), "{p}");
    }
    assert!(page.contains("planted.in") && page.contains("not the sum 30"));
}

#[test]
fn the_exit_code_is_the_worst_kind_of_finding_and_a_broken_package_stops_nothing_else() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let pkg = root.path().join("sum");
    sum_package(&pkg, "2023-07", "");
    write(&pkg, "input_validators/range.py", RANGE_PY);
    let run = |args: &[&str]| gridjudge(args, root.path());
    let clean = run(&["verify", "--package", "sum"]);
    assert_eq!(clean.status.code(), Some(0), "{}", stderr(&clean));
    let table = String::from_utf8_lossy(&clean.stdout).into_owned();
    assert!(
        table.contains("== sum (Sum): OK") && table.contains("data: 7 of 7 checks passed"),
        "{table}"
    );
    // A submission not as expected, the data clean: 1.
    write(&pkg, "submissions/time_limit_exceeded/sum.py", SUM_PY);
    let mismatch = run(&["verify", "--package", "sum"]);
    assert_eq!(mismatch.status.code(), Some(1), "{}", stderr(&mismatch));
    std::fs::remove_dir_all(pkg.join("submissions/time_limit_exceeded")).expect("rm");
    // No input validator: a warning, which --werror counts as an error.
    std::fs::remove_dir_all(pkg.join("input_validators")).expect("rm");
    let warned = run(&["verify", "--package", "sum", "--format", "json"]);
    assert_eq!(warned.status.code(), Some(0), "{}", stderr(&warned));
    let warnings = rows(&json(&warned), "sum", "warning")
        .iter()
        .map(|w| w["message"].to_string())
        .collect::<Vec<_>>();
    assert!(
        warnings.iter().any(|w| w.contains("input validator")),
        "{warnings:?}"
    );
    let werror = run(&["verify", "--package", "sum", "--werror"]);
    assert_eq!(werror.status.code(), Some(3), "{}", stderr(&werror));
    // A contest (no list: its package folders in name order) with a broken package
    // first: one error row for it, the other package verified whole.
    let contest = root.path().join("contest");
    write(&contest, "aaa/problem.yaml", "name: [unclosed\n");
    support::judge::copy_dir(&pkg, &contest.join("sum"));
    write(&contest, "notes/README.md", "not a problem\n");
    let both = run(&["verify", "--package", "contest", "--format", "json"]);
    assert_eq!(both.status.code(), Some(3), "{}", stderr(&both));
    let report = json(&both);
    let broken = rows(&report, "aaa", "error");
    assert_eq!(broken.len(), 1, "{broken:?}");
    assert_eq!(broken[0]["check"], "package");
    assert!(broken[0]["message"]
        .as_str()
        .is_some_and(|m| m.contains("problem.yaml")));
    assert_eq!(report["problems"][1]["problem"], "sum");
    assert_eq!(report["problems"][1]["submissions"]["total"], 2);
    // Two shards of the contest, merged: the report of the whole run.
    let mut parts = Vec::new();
    for k in ["1/2", "2/2"] {
        let out = run(&[
            "verify",
            "--package",
            "contest",
            "--shard",
            k,
            "--format",
            "json",
        ]);
        let file = root.path().join(format!("shard-{}.json", &k[..1]));
        std::fs::write(&file, &out.stdout).expect("write shard");
        parts.push(file);
    }
    let merged = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["report", "merge", "--format", "json"])
        .args(&parts)
        .output()
        .expect("merge runs");
    assert_eq!(merged.status.code(), Some(3), "{}", stderr(&merged));
    let merged = json(&merged);
    for key in ["checks", "errors", "warnings", "submissions", "mismatches"] {
        assert_eq!(merged[key], report[key], "{key}");
    }
    let names = |r: &Value| r["problems"].as_array().map(|p| p.len());
    assert_eq!(names(&merged), names(&report));
}

#[test]
fn a_generators_package_is_compared_with_its_generators_or_written_from_them() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let pkg = root.path().join("gen");
    write(
        &pkg,
        "problem.yaml",
        "problem_format_version: 2023-07\nname: Sum\nlimits:\n  time_limit: 2\n",
    );
    write(&pkg, "submissions/accepted/sum.py", SUM_PY);
    write(&pkg, "input_validators/range.py", RANGE_PY);
    write(
        &pkg,
        "generators/gen.py",
        "import random, sys\nrandom.seed(int(sys.argv[1]))\nprint(sys.argv[2], random.randint(1, 1000))\n",
    );
    write(
        &pkg,
        "generators/generators.yaml",
        "solution: /submissions/accepted/sum.py\ndata:\n  sample:\n    data:\n      '1':\n        in: 1 2\n  secret:\n    data:\n      - small: gen.py {seed} 10\n      - big: gen.py {seed} 1000\n      - bad: gen.py {seed} 5000\n",
    );
    let run = |args: &[&str]| gridjudge(args, root.path());
    // Not generated: each file the generators make is missing from data/.
    let missing = run(&["verify", "--package", "gen", "--format", "json"]);
    assert_eq!(missing.status.code(), Some(3), "{}", stderr(&missing));
    let missing = json(&missing);
    let errors = rows(&missing, "gen", "error");
    assert!(
        errors.iter().any(|e| e["check"] == "generators"
            && e["file"]
                .as_str()
                .is_some_and(|f| f.ends_with("data/secret/1-small.in"))),
        "{errors:?}"
    );
    // Written first: the data is then validated, and the case out of the validator's
    // range is the one error.
    let written = run(&[
        "verify",
        "--package",
        "gen",
        "--generate",
        "--format",
        "json",
    ]);
    assert_eq!(written.status.code(), Some(3), "{}", stderr(&written));
    let report = json(&written);
    assert!(
        pkg.join("data/secret/2-big.in").is_file(),
        "{}",
        stderr(&written)
    );
    let errors = rows(&report, "gen", "error");
    assert_eq!(errors.len(), 1, "{report}");
    assert_eq!(errors[0]["check"], "input validator range");
    assert!(errors[0]["file"]
        .as_str()
        .is_some_and(|f| f.ends_with("secret/3-bad.in")));
    // Now the committed data is what the generators make; one changed file is named.
    let same = run(&["verify", "--package", "gen", "--format", "json"]);
    assert!(rows(&json(&same), "gen", "error")
        .iter()
        .all(|e| e["check"] != "generators"));
    write(&pkg, "data/secret/1-small.in", "1 1\n");
    let changed = run(&["verify", "--package", "gen", "--format", "json"]);
    assert_eq!(changed.status.code(), Some(3), "{}", stderr(&changed));
    let changed = json(&changed);
    let errors = rows(&changed, "gen", "error");
    assert!(
        errors.iter().any(|e| e["check"] == "generators"
            && e["file"]
                .as_str()
                .is_some_and(|f| f.ends_with("1-small.in"))
            && e["message"].as_str().is_some_and(|m| m.contains("differ"))),
        "{errors:?}"
    );
}

/// The `.verdict` files `--keep-outputs` left for the submission `name`: one per case
/// that was judged.
fn judged_cases(keep: &Path, name: &str) -> usize {
    fn walk(dir: &Path, name: &str, n: &mut usize) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, name, n);
            } else if path.extension().is_some_and(|e| e == "verdict")
                && path.to_string_lossy().contains(name)
            {
                *n += 1;
            }
        }
    }
    let mut n = 0;
    walk(keep, name, &mut n);
    n
}

/// A submission is judged until its expectation is settled: a legacy wrong-answer
/// example (its verdict is its first failing case's) stops at its first case, a 2025-09
/// one (WA permitted on every case, so a later case could still break the rule) is
/// judged on all three, and `--fail-fast` stops it at the first as the peers do.
#[test]
fn each_submission_is_judged_until_its_expectation_is_settled() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    for (format, extra, want) in [
        ("legacy", None, 1),
        ("2025-09", None, 3),
        ("2025-09", Some("--fail-fast"), 1),
    ] {
        let pkg = root.path().join(format!("sum-{format}-{}", want));
        sum_package(&pkg, format, "");
        let keep = root.path().join(format!("keep-{format}-{want}"));
        let mut args = vec![
            "verify",
            "--package",
            pkg.to_str().unwrap(),
            "--keep-outputs",
        ];
        args.push(keep.to_str().unwrap());
        args.extend(extra);
        let out = gridjudge(&args, root.path());
        assert_eq!(
            out.status.code(),
            Some(0),
            "{format} {extra:?}: {}",
            stderr(&out)
        );
        assert_eq!(
            judged_cases(&keep, "forty_two.py"),
            want,
            "{format} {extra:?}: cases judged"
        );
        assert_eq!(
            judged_cases(&keep, "sum.py"),
            3,
            "{format}: the accepted one"
        );
    }
}
