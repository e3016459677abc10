//! `--shard K/N` and `report merge`: a run split into shards, as a CI matrix runs it,
//! merges into the report of the same run on one machine (every case or submission
//! once, in the same order, with the same verdicts and messages; only the measured
//! times and memory may differ), in JSON, JUnit and HTML; and reports that are not the
//! shards of one run are refused with their exit codes.

use crate::support;
use support::judge::copy_dir;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn gridjudge(args: &[&str], root: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .current_dir(root)
        .output()
        .unwrap()
}

/// Two problems (`alpha`: 6 cases, `beta`: 5) made of the fixture's puzzles, so that
/// the cases of the run do not divide evenly into the shards and cross problems.
fn two_problems(root: &Path, with_submissions: &[&str]) -> PathBuf {
    let cases = root.join("cases");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/judge/cases/poj3074");
    for (name, extra) in [("alpha", 4), ("beta", 3)] {
        let dir = cases.join(name);
        copy_dir(&fixture, &dir);
        let subs = dir.join("submissions");
        for folder in std::fs::read_dir(&subs).unwrap() {
            let folder = folder.unwrap().path();
            for file in std::fs::read_dir(&folder).unwrap() {
                let file = file.unwrap().path();
                let rel = file
                    .strip_prefix(&subs)
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .to_string();
                if !with_submissions.contains(&rel.as_str()) {
                    std::fs::remove_file(&file).unwrap();
                }
            }
        }
        for i in 0..extra {
            for ext in ["in", "ans"] {
                std::fs::copy(
                    dir.join(format!("data/secret/top95-first3.{ext}")),
                    dir.join(format!("data/secret/copy{i}.{ext}")),
                )
                .unwrap();
            }
        }
    }
    cases
}

/// The document without what is measured (times, memory, the uid of a worker, when the
/// run started).
fn unmeasured(mut doc: Value) -> Value {
    for p in doc["problems"].as_array_mut().unwrap() {
        for c in p["cases"].as_array_mut().unwrap() {
            let c = c.as_object_mut().unwrap();
            for key in ["cpu_seconds", "wall_seconds", "memory_bytes"] {
                c.remove(key);
            }
        }
    }
    let doc_map = doc.as_object_mut().unwrap();
    doc_map.remove("summary");
    if let Some(g) = doc_map.get_mut("guarantees").and_then(Value::as_object_mut) {
        g.remove("uid");
    }
    if let Some(p) = doc_map.get_mut("provenance").and_then(Value::as_object_mut) {
        assert!(p.remove("started").is_some(), "{p:?}");
    }
    doc
}

fn case_ids(doc: &Value) -> Vec<String> {
    doc["problems"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| {
            let name = p["problem"].as_str().unwrap().to_string();
            p["cases"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |c| format!("{name}:{}", c["case"].as_str().unwrap()))
        })
        .collect()
}

#[test]
fn four_shards_of_judge_merge_into_the_single_run() {
    let _machine = support::machine::shared();
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let cases = two_problems(root, &[]);
    let cases = cases.to_str().unwrap();
    let base = [
        "judge",
        "--all",
        "--reference",
        "--cases",
        cases,
        "--format",
        "json",
    ];
    let single = gridjudge(&base, root);
    assert_eq!(
        single.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&single.stderr)
    );
    let single: Value = serde_json::from_slice(&single.stdout).unwrap();
    assert_eq!(case_ids(&single).len(), 11);

    let mut seen = Vec::new();
    let mut files = Vec::new();
    for k in 1..=4 {
        let shard = format!("{k}/4");
        let mut args = base.to_vec();
        args.extend(["--shard", &shard]);
        let out = gridjudge(&args, root);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["shard"]["index"], k);
        assert_eq!(doc["shard"]["problems"][1]["units"], 5, "{doc}");
        let ids = case_ids(&doc);
        assert!((2..=3).contains(&ids.len()), "shard {shard}: {ids:?}");
        seen.extend(ids);
        let file = root.join(format!("shard-{k}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        files.push(file.to_str().unwrap().to_string());
    }
    let mut expected = case_ids(&single);
    expected.sort();
    seen.sort();
    assert_eq!(seen, expected, "every case in exactly one shard");

    // In any order, with the JUnit and HTML files of the whole run.
    let junit = root.join("all.xml");
    let html = root.join("all.html");
    let mut args: Vec<&str> = vec!["report", "merge"];
    args.extend(files.iter().rev().map(String::as_str));
    args.extend(["--format", "json", "--junit", junit.to_str().unwrap()]);
    args.extend(["--html", html.to_str().unwrap()]);
    let merged = gridjudge(&args, root);
    assert_eq!(
        merged.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    let merged: Value = serde_json::from_slice(&merged.stdout).unwrap();
    assert_eq!(
        case_ids(&merged),
        case_ids(&single),
        "the single run's order"
    );
    assert!(merged.get("shard").is_none());
    assert_eq!(unmeasured(merged.clone()), unmeasured(single.clone()));
    assert!(
        merged["summary"]
            .as_str()
            .unwrap()
            .starts_with("2 problem(s), 11 case(s): 11 AC"),
        "{}",
        merged["summary"]
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 11, "{xml}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("copy3") && page.contains("beta"),
        "the HTML lists the cases"
    );

    // The table of the whole run, as judge prints it.
    let mut args: Vec<&str> = vec!["report", "merge"];
    args.extend(files.iter().map(String::as_str));
    let table = gridjudge(&args, root);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains("11 case(s): 11 AC — overall AC"), "{text}");
    assert!(!text.contains("shard"), "{text}");
}

#[test]
fn reports_that_are_not_the_shards_of_one_run_are_refused() {
    let _machine = support::machine::shared();
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let cases = two_problems(root, &[]);
    let cases = cases.to_str().unwrap();
    let mut files = Vec::new();
    for (k, n) in [(1, 2), (2, 2), (1, 3)] {
        let shard = format!("{k}/{n}");
        let out = gridjudge(
            &[
                "judge",
                "alpha",
                "--reference",
                "--cases",
                cases,
                "--format",
                "json",
                "--shard",
                &shard,
            ],
            root,
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let file = root.join(format!("s{k}of{n}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        files.push(file.to_str().unwrap().to_string());
    }
    let (one, two, other) = (&files[0], &files[1], &files[2]);
    let single = root.join("single.json");
    let out = gridjudge(
        &[
            "judge",
            "alpha",
            "--reference",
            "--cases",
            cases,
            "--format",
            "json",
        ],
        root,
    );
    std::fs::write(&single, &out.stdout).unwrap();
    let garbage = root.join("garbage.json");
    std::fs::write(&garbage, "{\"problems\": [1, \n").unwrap();
    let not_a_report = root.join("other.json");
    std::fs::write(&not_a_report, "{\"hello\": 1}").unwrap();
    let single = single.to_str().unwrap();
    let checks: [(&[&str], i32, &str); 7] = [
        (&[one.as_str()], 64, "shard(s) 2/2 missing"),
        (
            &[one.as_str(), one.as_str(), two.as_str()],
            64,
            "given twice",
        ),
        (&[one.as_str(), other.as_str()], 64, "of another run"),
        (&[single, one.as_str()], 64, "not the report of a shard"),
        (&[garbage.to_str().unwrap()], 65, "garbage.json:2:"),
        (
            &[not_a_report.to_str().unwrap()],
            65,
            "not a gridjudge report",
        ),
        (&["nosuch.json"], 66, "nosuch.json"),
    ];
    for (files, code, message) in checks {
        let mut args = vec!["report", "merge"];
        args.extend(files);
        let out = gridjudge(&args, root);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{files:?}: {err}");
        assert!(err.starts_with("error: gridjudge report merge: "), "{err}");
        assert!(err.contains(message), "{files:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    }
    // A shard that does not parse is a usage error of its own.
    let out = gridjudge(
        &[
            "judge",
            "alpha",
            "--reference",
            "--cases",
            cases,
            "--shard",
            "5/4",
        ],
        root,
    );
    assert_eq!(
        out.status.code(),
        Some(64),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn three_shards_of_verify_submissions_merge_into_the_single_run() {
    let _machine = support::machine::shared();
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let subs = [
        "accepted/bitmask.c",
        "compile_error/typo.c",
        "presentation_error/spaces.c",
        "wrong_answer/echo.py",
    ];
    let cases = two_problems(root, &subs);
    let cases = cases.to_str().unwrap();
    let base = [
        "verify-submissions",
        "--all",
        "--cases",
        cases,
        "--format",
        "json",
    ];
    let single = gridjudge(&base, root);
    assert_eq!(
        single.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&single.stderr)
    );
    let single: Value = serde_json::from_slice(&single.stdout).unwrap();
    let mut files = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let mut args = base.to_vec();
        args.extend(["--shard", &shard]);
        let out = gridjudge(&args, root);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let file = root.join(format!("v{k}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        files.push(file.to_str().unwrap().to_string());
    }
    let mut args = vec!["report", "merge", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let merged = gridjudge(&args, root);
    assert_eq!(
        merged.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    let merged: Value = serde_json::from_slice(&merged.stdout).unwrap();
    let rows = |doc: &Value| -> Vec<(String, String, String)> {
        doc["submissions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    format!("{}:{}", r["problem"], r["submission"]),
                    r["got"].to_string(),
                    r["expected"].to_string(),
                )
            })
            .collect()
    };
    assert_eq!(rows(&merged), rows(&single));
    assert_eq!(merged["total"], 8);
    assert_eq!(merged["summary"], single["summary"]);
    assert_eq!(merged["mismatches"], 0);
    // The margins lines recomputed over the whole run: the same problems, the same
    // slowest accepted example.
    let names = |doc: &Value| -> Vec<String> {
        doc["margins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().split(':').next().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(&merged), names(&single));
    assert!(merged.get("margin_data").is_none() && merged.get("shard").is_none());
}
