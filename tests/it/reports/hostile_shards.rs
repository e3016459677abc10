//! `report merge` of shard reports whose records claim more than they hold stays in
//! bounded memory and answers in one short line: a report claiming 2×10⁸ (or 5×10⁶)
//! shards is refused without a slot per claimed shard (nor a line naming each missing
//! one), and a shard cut short that claims 10¹⁸ cases merges with them counted, not
//! written out. Each merge runs under a soft address-space limit of 1 GiB.

use std::path::Path;
use std::process::{Command, Output};

/// `gridjudge report merge FILES` with a soft `ulimit -v` of 1 GiB.
fn merge(files: &[&Path]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -S -v 1048576 && exec \"$@\"")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["report", "merge", "--format", "json"])
        .args(files)
        .output()
        .expect("sh runs")
}

/// A judge report of shard `index`/`count` holding case `a` of problem `p`, whose
/// record says the run has `units` cases of `p`.
fn shard(dir: &Path, index: u64, count: u64, units: u64, interrupted: bool) -> std::path::PathBuf {
    let cut = if interrupted {
        r#""interrupted": {"cases_not_run": 1, "signal": "SIGINT"},"#
    } else {
        ""
    };
    let path = dir.join(format!("s{index}of{count}.json"));
    std::fs::write(
        &path,
        format!(
            r#"{{{cut} "program": "./a.out", "problems": [{{"problem": "p", "cases": [{{"case": "a", "verdict": "AC"}}]}}],
               "shard": {{"count": {count}, "index": {index}, "problems": [{{"problem": "p", "units": {units}}}]}}}}"#
        ),
    )
    .expect("write");
    path
}

#[test]
fn a_shard_count_past_what_the_reports_hold_is_one_short_line() {
    let tmp = tempfile::tempdir().expect("tempdir");
    for count in [200_000_000, 5_000_000, 1001] {
        let file = shard(tmp.path(), 1, count, 1, false);
        let out = merge(&[&file]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(64), "{count}: {err}");
        assert!(err.contains(&format!("{count} shards")), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.len() < 300, "{} bytes: {err:.300}", err.len());
    }
    // Within the bound, the missing shards are named a few at a time.
    let file = shard(tmp.path(), 1, 1000, 1, false);
    let out = merge(&[&file]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(64), "{err}");
    assert!(
        err.contains("2/1000") && err.contains("and 991 more"),
        "{err}"
    );
    assert!(err.len() < 300, "{} bytes: {err:.300}", err.len());
}

#[test]
fn a_shard_cut_short_claiming_1e18_cases_merges_with_them_counted() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let units: u64 = 1_000_000_000_000_000_000;
    let file = shard(tmp.path(), 1, 1, units, true);
    let out = merge(&[&file]);
    let err = String::from_utf8_lossy(&out.stderr);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {:?} {err}", out.status));
    assert_eq!(json["interrupted"]["cases_not_run"], units - 1, "{json}");
    // Claims that overflow the run's positions are refused, in one line.
    let file = shard(tmp.path(), 1, 1, u64::MAX, true);
    std::fs::write(
        &file,
        std::fs::read_to_string(&file).expect("read").replace(
            r#"[{"problem": "p", "units""#,
            r#"[{"problem": "q", "units": 1}, {"problem": "p", "units""#,
        ),
    )
    .expect("write");
    let out = merge(&[&file]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code().is_some_and(|c| c != 0), "{err}");
    assert!(err.contains("more than a run can hold"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}
