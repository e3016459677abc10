//! Programs judged wherever they live: a binary or a script under a private (0700)
//! folder is staged where the sandbox user can read it, so it is judged as usual
//! (as root the runs drop to a sandbox uid that could not enter that folder).

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};
use support::judge::fixtures;

fn private_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    dir
}

fn judge(cwd: &Path, command: &[&str]) -> (i32, serde_json::Value, String) {
    let cases = fixtures().join("cases");
    let out: Output = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .current_dir(cwd)
        .args(["judge", "poj3074", "--format", "json", "--cases"])
        .arg(&cases)
        .arg("--")
        .args(command)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\nstderr: {stderr}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    (out.status.code().unwrap(), json, stderr)
}

fn verdicts(json: &serde_json::Value) -> Vec<String> {
    json["problems"][0]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| format!("{} {}", c["verdict"].as_str().unwrap(), c["message"]))
        .collect()
}

#[test]
fn a_binary_in_a_private_folder_is_judged_ac() {
    let _machine = support::machine::shared();
    let dir = private_dir();
    let exe = dir.path().join("a.out");
    std::fs::copy(env!("CARGO_BIN_EXE_gridjudge"), &exe).unwrap();
    std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o700)).unwrap();
    let (code, json, stderr) = judge(dir.path(), &[exe.to_str().unwrap(), "solve", "poj3074"]);
    assert_eq!(code, 0, "{json:#}\n{stderr}");
    assert_eq!(verdicts(&json).len(), 2, "{json:#}");
    assert!(
        verdicts(&json).iter().all(|v| v.starts_with("AC")),
        "{json:#}"
    );
    // Under root the run really dropped to a sandbox uid: staging was what made it work.
    if gridjudge::sandbox::is_root() {
        assert!(json["guarantees"]["uid"].as_u64().is_some(), "{json:#}");
    }
}

#[test]
fn a_script_in_a_private_folder_is_run_by_its_interpreter() {
    let _machine = support::machine::shared();
    let dir = private_dir();
    let script = dir.path().join("sol.py");
    std::fs::copy(
        fixtures().join("cases/poj3074/submissions/wrong_answer/echo.py"),
        &script,
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o600)).unwrap();
    // Relative, as a user types it: it is resolved against the judge's folder.
    let (code, json, stderr) = judge(dir.path(), &["python3", "sol.py"]);
    assert_eq!(code, 1, "{json:#}\n{stderr}");
    let v = verdicts(&json);
    assert!(v.iter().all(|v| v.starts_with("WA")), "{v:?}\n{stderr}");
}
