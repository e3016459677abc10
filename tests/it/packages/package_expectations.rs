//! What a package's example submissions are expected to get, end to end
//! (`verify-submissions --package` on packages built in temporary folders): verdicts
//! compared in the format's four (an MLE program in `run_time_error/` matches, its own
//! verdict kept in `judged`), `rejected/` and `submissions.yaml`, problemtools' time
//! limit rounded up to `time_resolution`, the time-limit margins with `--strict`, a
//! Python traceback quoted by its exception, a dangling link named, DOMjudge's
//! `@EXPECTED_RESULTS@` tag in a folder of no verdict, and `submissions.yaml`'s
//! `entrypoint`.

use super::write;
use crate::support;

use serde_json::Value;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::Command;

/// Reads the sum of two numbers; prints it.
const SUM: &str = "a, b = map(int, input().split())\nprint(a + b)\n";
/// Prints a wrong sum.
const WRONG: &str = "input()\nprint(-1)\n";
/// Spends about 0.1 s of CPU time, then prints the sum.
const SPIN: &str = "import time\nwhile time.process_time() < 0.1:\n    pass\na, b = map(int, input().split())\nprint(a + b)\n";

/// A package of one secret case (`1 2` → `3`) with `problem.yaml` and these files.
fn package(root: &Path, yaml: &str, files: &[(&str, &str)]) -> String {
    let dir = root.join("pkg");
    let _ = std::fs::remove_dir_all(&dir);
    write(&dir, "problem.yaml", yaml);
    write(&dir, "data/secret/1.in", "1 2\n");
    write(&dir, "data/secret/1.ans", "3\n");
    for (rel, text) in files {
        write(&dir, rel, text);
    }
    dir.to_string_lossy().into_owned()
}

/// Runs `verify-submissions --package DIR ARGS`: the exit code and stdout.
fn verify(dir: &str, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify-submissions", "--package", dir])
        .args(args)
        .output()
        .expect("gridjudge runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

fn json(dir: &str, args: &[&str]) -> (Option<i32>, Value) {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let (code, text) = verify(dir, &all);
    let start = text.find('{').unwrap_or(0);
    let doc: Value = serde_json::Deserializer::from_str(&text[start..])
        .into_iter()
        .next()
        .and_then(Result::ok)
        .unwrap_or_else(|| panic!("no JSON: {text}"));
    (code, doc)
}

fn row<'a>(doc: &'a Value, name: &str) -> &'a Value {
    doc["submissions"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["submission"] == name))
        .unwrap_or_else(|| panic!("no row {name}: {doc}"))
}

#[test]
fn finer_verdicts_map_to_the_formats_and_rejected_wants_a_failure() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = package(
        root.path(),
        "name: Sum\nlimits:\n  memory: 64\n",
        &[
            (".timelimit", "2\n"),
            ("submissions/accepted/sum.py", SUM),
            (
                "submissions/run_time_error/memory.py",
                "b = bytearray(400 * 1024 * 1024)\nfor i in range(0, len(b), 4096):\n    b[i] = 1\nprint(len(b))\n",
            ),
            (
                "submissions/run_time_error/divide.py",
                "def f(x):\n    return 1 // x\n\nprint(f(0))\n",
            ),
            ("submissions/rejected/sum.py", SUM),
            ("submissions/rejected/wrong.py", WRONG),
        ],
    );
    symlink(
        "/nonexistent/gone.py",
        Path::new(&dir).join("submissions/accepted/gone.py"),
    )
    .expect("symlink");
    let (code, doc) = json(&dir, &[]);
    assert_eq!(code, Some(1), "{doc}");
    assert_eq!(doc["mismatches"], 1, "{doc}");
    let memory = row(&doc, "run_time_error/memory.py");
    assert_eq!(
        (&memory["got"], &memory["judged"], &memory["ok"]),
        (&Value::from("RE"), &Value::from("MLE"), &Value::from(true)),
        "{memory}"
    );
    assert!(memory["message"]
        .as_str()
        .is_some_and(|m| m.starts_with("MLE: ")));
    let divide = row(&doc, "run_time_error/divide.py");
    let message = divide["message"].as_str().unwrap_or_default();
    let first = message.lines().next().unwrap_or_default();
    assert!(
        first.ends_with("stderr: ZeroDivisionError: integer division or modulo by zero"),
        "{message}"
    );
    assert!(message.contains("line 2, in f"), "{message}");
    let accepted_in_rejected = row(&doc, "rejected/sum.py");
    assert_eq!(accepted_in_rejected["expected"], "not AC");
    assert_eq!(accepted_in_rejected["ok"], false);
    assert_eq!(row(&doc, "rejected/wrong.py")["ok"], true);
    let skipped = doc["skipped"].to_string();
    assert!(
        skipped.contains("accepted/gone.py: a dangling symbolic link"),
        "{skipped}"
    );
    // The table: the exception is the message's headline.
    let (_, table) = verify(&dir, &[]);
    let line = table
        .lines()
        .find(|l| l.contains("divide.py"))
        .unwrap_or_default();
    assert!(line.contains("ZeroDivisionError"), "{table}");
    assert!(!line.contains("Traceback"), "{table}");
}

#[test]
fn submissions_yaml_sets_what_a_submission_may_get() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let yaml = "problem_format_version: 2025-09\nname: Sum\nlimits:\n  time_limit: 2\n";
    let files = |entries: &'static str| {
        vec![
            ("submissions/accepted/sum.py", SUM),
            ("submissions/accepted/wrong.py", WRONG),
            ("submissions/submissions.yaml", entries),
        ]
    };
    // The folder's key replaces accepted/'s rule: WA is permitted there.
    let dir = package(
        root.path(),
        yaml,
        &files("accepted:\n  permitted: [AC, WA]\n"),
    );
    let (code, doc) = json(&dir, &[]);
    assert_eq!(code, Some(0), "{doc}");
    let wrong = row(&doc, "accepted/wrong.py");
    assert_eq!(
        (&wrong["expected"], &wrong["got"], &wrong["ok"]),
        (
            &Value::from("permitted AC|WA"),
            &Value::from("WA"),
            &Value::from(true)
        )
    );
    // A glob adds its rule to the folder's (the specification's "additional
    // requirement"): accepted/ still permits only AC.
    let dir = package(
        root.path(),
        yaml,
        &files("accepted/wrong.py:\n  permitted: [AC, WA]\n"),
    );
    let (code, doc) = json(&dir, &[]);
    assert_eq!(code, Some(1), "{doc}");
    assert_eq!(
        row(&doc, "accepted/wrong.py")["expected"],
        "AC & permitted AC|WA"
    );
    // 2025-09 wants lists of verdicts; a broken submissions.yaml is a broken package.
    let dir = package(root.path(), yaml, &files("accepted:\n  permitted: AC\n"));
    let (code, text) = verify(&dir, &[]);
    assert_eq!(code, Some(3), "{text}");
    assert!(text.contains("submissions.yaml"), "{text}");
}

#[test]
fn the_time_limit_is_rounded_up_to_the_time_resolution() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    for (yaml, multiplier, resolution) in [
        ("name: Sum\n", 5.0, 1.0),
        (
            "problem_format_version: 2025-09\nlimits:\n  time_resolution: 0.5\n",
            2.0,
            0.5,
        ),
    ] {
        let dir = package(root.path(), yaml, &[("submissions/accepted/spin.py", SPIN)]);
        let (code, doc) = json(&dir, &[]);
        assert_eq!(code, Some(0), "{doc}");
        let slowest = row(&doc, "accepted/spin.py")["max_cpu"]
            .as_f64()
            .unwrap_or_default();
        let want = ((slowest * multiplier / resolution - 1e-9).ceil()).max(1.0) * resolution;
        assert_eq!(doc["time_limit_seconds"], want, "{doc}");
        assert!(
            doc["time_limit_from"]
                .as_str()
                .is_some_and(|s| s.contains("rounded up")),
            "{doc}"
        );
    }
    // Accepted submissions ran and failed: the default limit says so.
    let dir = package(
        root.path(),
        "name: Sum\n",
        &[("submissions/accepted/wrong.py", WRONG)],
    );
    let (code, doc) = json(&dir, &[]);
    assert_eq!(code, Some(1), "{doc}");
    assert_eq!(
        doc["time_limit_from"],
        "the default: no accepted submission was accepted (1 ran)"
    );
}

#[test]
fn strict_fails_a_package_whose_accepted_example_is_too_slow_for_its_margin() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    // time_limit_to_tle 20: the 0.1 s accepted example needs a limit of 2 s.
    let dir = package(
        root.path(),
        "problem_format_version: 2023-07-draft\nlimits:\n  time_limit: 1\n  time_multipliers:\n    time_limit_to_tle: 20\n",
        &[("submissions/accepted/spin.py", SPIN)],
    );
    let (code, doc) = json(&dir, &[]);
    assert_eq!(code, Some(0), "a warning without --strict: {doc}");
    let (code, doc) = json(&dir, &["--strict"]);
    assert_eq!(code, Some(1), "{doc}");
    let margins = doc["margins"].to_string();
    assert!(
        margins.contains("ERROR") && margins.contains("spin.py"),
        "{margins}"
    );
    let (code, text) = verify(&dir, &["--strict", "--suggest-limits"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("ERROR"), "{text}");
    // --time-safety-margin overrides the package's.
    let (code, doc) = json(&dir, &["--strict", "--time-safety-margin", "1.5"]);
    assert_eq!(code, Some(0), "{doc}");
}

#[test]
fn domjudges_expected_results_tag_gives_the_verdicts_outside_the_verdict_folders() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let tagged = |tag: &str, body: &str| format!("# @EXPECTED_RESULTS@: {tag}\n{body}");
    let dir = package(
        root.path(),
        "name: Sum\n",
        &[
            (".timelimit", "2\n"),
            ("submissions/accepted/sum.py", SUM),
            (
                "submissions/mixed/either.py",
                &tagged("CORRECT, WRONG-ANSWER", WRONG),
            ),
            (
                "submissions/mixed/silent.py",
                "# @EXPECTED_SCORE@: no-output\ninput()\n",
            ),
            ("submissions/mixed/slow.py", &tagged("TIMELIMIT", SUM)),
            ("submissions/mixed/untagged.py", SUM),
            (
                "submissions/mixed/manual.py",
                &tagged("CHECK-MANUALLY", SUM),
            ),
            // In a verdict folder the folder decides.
            ("submissions/wrong_answer/off.py", &tagged("CORRECT", WRONG)),
        ],
    );
    let (code, doc) = json(&dir, &[]);
    assert_eq!(code, Some(1), "{doc}");
    assert_eq!(doc["mismatches"], 1, "{doc}");
    let either = row(&doc, "mixed/either.py");
    assert_eq!(
        (&either["expected"], &either["got"], &either["ok"]),
        (
            &Value::from("AC|WA"),
            &Value::from("WA"),
            &Value::from(true)
        ),
        "{either}"
    );
    assert_eq!(row(&doc, "mixed/silent.py")["ok"], true, "{doc}");
    let slow = row(&doc, "mixed/slow.py");
    assert_eq!(
        (&slow["expected"], &slow["ok"]),
        (&Value::from("TLE"), &Value::from(false))
    );
    assert_eq!(row(&doc, "wrong_answer/off.py")["ok"], true, "{doc}");
    let skipped = doc["skipped"].to_string();
    assert!(
        skipped.contains("mixed/untagged.py: no @EXPECTED_RESULTS@ tag"),
        "{skipped}"
    );
    assert!(
        skipped.contains("mixed/manual.py: @EXPECTED_RESULTS@: \\\"CHECK-MANUALLY\\\""),
        "{skipped}"
    );
}

#[test]
fn submissions_yaml_entrypoint_names_the_file_a_submission_runs() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = package(
        root.path(),
        "problem_format_version: 2025-09\ntype: pass-fail\nlimits: {time_limit: 2}\n",
        &[
            // Without `entrypoint`, `main.py` would be the file run.
            ("submissions/accepted/pair/main.py", WRONG),
            ("submissions/accepted/pair/solve.py", SUM),
            (
                "submissions/submissions.yaml",
                "accepted/pair:\n  language: python3\n  entrypoint: solve.py\n",
            ),
        ],
    );
    let (code, doc) = json(&dir, &[]);
    assert_eq!(code, Some(0), "{doc}");
    assert_eq!(row(&doc, "accepted/pair")["got"], "AC", "{doc}");
}
