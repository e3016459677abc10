//! `gridjudge judge --baseline`: a run compared with a previous JSON report, and the
//! tracker formats (`--format bmf|gab`, `--gab FILE`, benches/criterion_to_bmf.py). A planted
//! 2× slow-down (the reference solver behind `slow_then_exec`, which burns a given CPU
//! time first) is flagged per case, and exits 1 with `--fail-on-slowdown` only.

use crate::support;

use std::path::Path;
use std::process::{Command, Output};
use support::judge::{bin_dir, compile_c, fixtures};

fn judge(slow: &Path, ms: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["judge", "poj3074", "--cases"])
        .arg(fixtures().join("cases"))
        .args(extra)
        .arg("--")
        .arg(slow)
        .args([ms, env!("CARGO_BIN_EXE_gridjudge"), "solve", "poj3074"])
        .output()
        .unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn a_planted_two_fold_slowdown_is_flagged_and_fails_on_request() {
    let _machine = support::machine::shared();
    let bin = bin_dir();
    let slow = compile_c(bin.path(), "slow_then_exec");
    let base = judge(&slow, "40", &["--format", "json"]);
    assert_eq!(base.status.code(), Some(0), "{}", text(&base));
    let old = bin.path().join("old.json");
    std::fs::write(&old, &base.stdout).unwrap();
    let old_s = old.to_str().unwrap();

    // The same program again: nothing flagged, exit 0 even with --fail-on-slowdown.
    let same = judge(&slow, "40", &["--baseline", old_s, "--fail-on-slowdown"]);
    assert_eq!(same.status.code(), Some(0), "{}", text(&same));
    assert!(
        text(&same).contains("2 case(s) compared, 0 verdict change(s) (0 regression(s)), 0 slower"),
        "{}",
        text(&same)
    );

    // Twice the CPU time: both cases flagged; exit 0 without --fail-on-slowdown.
    let slower = judge(&slow, "80", &["--baseline", old_s]);
    let t = text(&slower);
    assert_eq!(slower.status.code(), Some(0), "{t}");
    assert!(t.contains("poj3074/sample/1: CPU 0.0"), "{t}");
    assert_eq!(t.matches(" SLOWER").count(), 2, "{t}");
    assert!(t.contains(", 2 slower (> 1.25×"), "{t}");

    // With --fail-on-slowdown: exit 1, and the JSON report carries the deltas.
    let failed = judge(
        &slow,
        "80",
        &[
            "--baseline",
            old_s,
            "--fail-on-slowdown",
            "--format",
            "json",
        ],
    );
    assert_eq!(failed.status.code(), Some(1), "{}", text(&failed));
    let json: serde_json::Value = serde_json::from_slice(&failed.stdout).unwrap();
    let cases = json["baseline"]["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 2, "{json:#}");
    for c in cases {
        assert_eq!(c["slower"], true, "{c:#}");
        assert_eq!(c["verdict_regressed"], false, "{c:#}");
        let ratio = c["cpu_ratio"].as_f64().unwrap();
        assert!(ratio > 1.5, "{c:#}");
    }
}

#[test]
fn a_verdict_regression_exits_1_and_a_bad_or_unrelated_baseline_is_refused() {
    let _machine = support::machine::shared();
    let bin = bin_dir();
    let slow = compile_c(bin.path(), "slow_then_exec");
    let base = judge(&slow, "0", &["--format", "json"]);
    assert_eq!(base.status.code(), Some(0), "{}", text(&base));
    // The same cases with every verdict turned into WA in the *baseline*: now AC, so
    // only changes, no regressions.
    let doc = String::from_utf8_lossy(&base.stdout).replace("\"AC\"", "\"WA\"");
    let old = bin.path().join("old.json");
    std::fs::write(&old, doc).unwrap();
    let fixed = judge(&slow, "0", &["--baseline", old.to_str().unwrap()]);
    assert_eq!(fixed.status.code(), Some(0), "{}", text(&fixed));
    assert!(
        text(&fixed).contains("verdict WA → AC;"),
        "{}",
        text(&fixed)
    );

    // A program that now fails (exec of a missing file: RE) against an AC baseline.
    std::fs::write(&old, &base.stdout).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["judge", "poj3074", "--cases"])
        .arg(fixtures().join("cases"))
        .args(["--baseline", old.to_str().unwrap(), "--"])
        .arg(&slow)
        .args(["0", "/nonexistent/solver"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("verdict AC → RE REGRESSION"),
        "{}",
        text(&out)
    );
    assert!(text(&out).contains("(2 regression(s))"), "{}", text(&out));

    // A baseline of another problem shares no case: it would compare nothing and
    // pass, so it is refused before anything runs.
    let other = String::from_utf8_lossy(&base.stdout).replace("\"poj3074\"", "\"poj2676\"");
    std::fs::write(&old, other).unwrap();
    let unrelated = judge(&slow, "0", &["--baseline", old.to_str().unwrap()]);
    assert_eq!(unrelated.status.code(), Some(64), "{}", text(&unrelated));
    assert!(
        text(&unrelated).contains("--baseline shares no case with this run (it holds poj2676)"),
        "{}",
        text(&unrelated)
    );

    std::fs::write(&old, "{ not json").unwrap();
    let bad = judge(&slow, "0", &["--baseline", old.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(66), "{}", text(&bad));
    assert!(
        text(&bad).contains("old.json: not a gridjudge JSON report (line 1, column"),
        "{}",
        text(&bad)
    );
}

#[test]
fn tracker_formats_on_stdout_and_in_files() {
    let _machine = support::machine::shared();
    let bin = bin_dir();
    let slow = compile_c(bin.path(), "slow_then_exec");
    let gab = bin.path().join("gab.json");
    let out = judge(
        &slow,
        "0",
        &["--format", "bmf", "--gab", gab.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let bmf: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let case = &bmf["poj3074/sample/1"];
    assert!(case["cpu-time"]["value"].as_f64().unwrap() > 0.0, "{bmf:#}");
    assert!(
        case["wall-time"]["value"].as_f64().unwrap() > 0.0,
        "{bmf:#}"
    );
    assert!(
        case["peak-memory"]["value"].as_f64().unwrap() > 1e5,
        "{bmf:#}"
    );
    assert_eq!(bmf.as_object().unwrap().len(), 2, "{bmf:#}");
    let gab: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&gab).unwrap()).unwrap();
    let names: Vec<&str> = gab
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 6, "{gab:#}");
    assert!(
        names.contains(&"poj3074/secret/top95-first3 peak-memory"),
        "{names:?}"
    );
}

/// benches/criterion_to_bmf.py on a criterion folder laid out as criterion writes it.
#[test]
fn criterion_results_become_bmf_and_gab() {
    let _machine = support::machine::shared();
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("big/dlx/empty_25x25/new");
    std::fs::create_dir_all(&new).unwrap();
    std::fs::write(
        new.join("benchmark.json"),
        r#"{"group_id":"big","function_id":"dlx","value_str":"empty_25x25","throughput":null,"full_id":"big/dlx/empty_25x25","directory_name":"big/dlx/empty_25x25","title":"big/dlx/empty_25x25"}"#,
    )
    .unwrap();
    std::fs::write(
        new.join("estimates.json"),
        r#"{"mean":{"confidence_interval":{"confidence_level":0.95,"lower_bound":700.0,"upper_bound":800.0},"point_estimate":750.0,"standard_error":5.0},"median":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1.0,"upper_bound":2.0},"point_estimate":740.0,"standard_error":1.0}}"#,
    )
    .unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/criterion_to_bmf.py");
    let run = |format: &str, root: &Path| {
        Command::new("python3")
            .arg(&script)
            .args(["--format", format])
            .arg(root)
            .output()
            .unwrap()
    };
    let out = run("bmf", dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let bmf: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        bmf,
        serde_json::json!({"big/dlx/empty_25x25": {"latency": {
            "value": 750.0, "lower_value": 700.0, "upper_value": 800.0}}})
    );
    let out = run("gab", dir.path());
    let gab: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        gab,
        serde_json::json!([{"name": "big/dlx/empty_25x25", "unit": "ns", "value": 750.0,
            "range": "± 50.0", "extra": "median 740.0 ns"}])
    );
    // No results: 66; a broken result: 65, naming the file.
    let empty = tempfile::tempdir().unwrap();
    assert_eq!(run("bmf", empty.path()).status.code(), Some(66));
    std::fs::write(new.join("estimates.json"), "{\"mean\": 3}").unwrap();
    let out = run("bmf", dir.path());
    assert_eq!(out.status.code(), Some(65), "{}", text(&out));
    assert!(text(&out).contains("empty_25x25/new/estimates.json: not a criterion result"));
}

/// Every report says where it came from (the build, the time, the kernel, the program's
/// SHA-256), and a baseline of another program is compared and says so: a copy of the
/// same program with one byte more judged against the first run's report.
#[test]
fn a_report_says_where_it_came_from_and_a_baseline_of_another_program_is_named() {
    let _machine = support::machine::shared();
    let bin = bin_dir();
    let slow = compile_c(bin.path(), "slow_then_exec");
    let base = judge(&slow, "0", &["--format", "json"]);
    assert_eq!(base.status.code(), Some(0), "{}", text(&base));
    let doc: serde_json::Value = serde_json::from_slice(&base.stdout).unwrap();
    let p = &doc["provenance"];
    assert_eq!(p["gridjudge"], env!("CARGO_PKG_VERSION"), "{p}");
    assert!(p["kernel"].as_str().unwrap().starts_with("Linux "), "{p}");
    assert!(p["started"].as_str().unwrap().ends_with('Z'), "{p}");
    let sha = p["program_sha256"].as_str().unwrap().to_string();
    assert_eq!(sha.len(), 64, "{p}");
    // The commit is the checkout's, and `--version` names it too.
    let head = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    let version = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .arg("--version")
        .output()
        .unwrap();
    let version = String::from_utf8_lossy(&version.stdout).to_string();
    match head {
        Some(head) => {
            assert_eq!(p["commit"], head.as_str(), "{p}");
            assert_eq!(
                version.trim(),
                format!("gridjudge {} ({head})", env!("CARGO_PKG_VERSION"))
            );
        }
        None => eprintln!("SKIPPED: the commit check (not a git checkout)"),
    }
    let old = bin.path().join("old.json");
    std::fs::write(&old, &base.stdout).unwrap();
    let old_s = old.to_str().unwrap();

    // The same program: compared, and no note.
    let same = judge(&slow, "0", &["--baseline", old_s]);
    assert!(!text(&same).contains("baseline: NOTE"), "{}", text(&same));
    assert!(
        text(&same).contains(&format!("program sha256 {}", &sha[..12])),
        "{}",
        text(&same)
    );

    // Another program (the same one with a byte appended): still compared, and named.
    let other = bin.path().join("other");
    let mut bytes = std::fs::read(&slow).unwrap();
    bytes.push(0);
    std::fs::write(&other, bytes).unwrap();
    std::fs::set_permissions(&other, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let out = judge(&other, "0", &["--baseline", old_s, "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let notes = doc["baseline"]["notes"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}");
    let note = notes[0].as_str().unwrap();
    assert!(
        note.starts_with(&format!(
            "the baseline judged another program (sha256 {})",
            &sha[..12]
        )),
        "{note}"
    );
    assert_eq!(doc["baseline"]["cases"].as_array().unwrap().len(), 2);
    let table = judge(&other, "0", &["--baseline", old_s]);
    assert!(
        text(&table).contains("baseline: NOTE: the baseline judged another program"),
        "{}",
        text(&table)
    );
}
