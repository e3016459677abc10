//! A program or script that lies inside the problem folder or package being judged
//! (`judge --package . -- ./a.out`, `-- python3 submissions/accepted/sum.py`, or
//! `judge PROBLEM -- ./a.out` from inside a problem folder) runs: the run hides that
//! folder from the program, so the program and the files its arguments name are copied
//! out of it first. With a uid drop, with `--run-as-self`, and as any user.

use crate::support;
use support::judge::copy_dir;

use std::path::Path;
use std::process::Command;

/// Runs `gridjudge ARGS` in `dir`; the overall verdict from the JSON report and stderr.
fn judge_in(dir: &Path, args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .arg(args[0])
        .args(["--format", "json"])
        .args(&args[1..])
        .current_dir(dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}: {stderr}"));
    (json["overall"].as_str().unwrap_or("").to_string(), stderr)
}

#[test]
fn programs_inside_the_package_run() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    let pkg = root.path().join("sum");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/packages/sum_py"),
        &pkg,
    );
    std::fs::write(
        pkg.join("submissions/accepted/sum.py"),
        "import sys\nw = sys.stdin.read().split()\nprint(sum(int(x) for x in w[1:1 + int(w[0])]))\n",
    )
    .unwrap();
    let built = Command::new("gcc")
        .args(["-O2", "-o", "a.out", "submissions/accepted/sum.c"])
        .current_dir(&pkg)
        .status()
        .unwrap();
    assert!(built.success());
    for extra in [&[][..], &["--run-as-self"]] {
        for program in [
            &["./a.out"][..],
            &["python3", "submissions/accepted/sum.py"],
        ] {
            let mut args = vec!["judge", "--package", "."];
            args.extend_from_slice(extra);
            args.push("--");
            args.extend_from_slice(program);
            let (overall, stderr) = judge_in(&pkg, &args);
            assert_eq!(overall, "AC", "{args:?}: {stderr}");
        }
    }
}

#[test]
fn a_program_inside_a_problem_folder_runs() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    let problem = root.path().join("poj3074");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/judge/cases/poj3074"),
        &problem,
    );
    let script = problem.join("echo.sh");
    std::fs::write(&script, "#!/bin/sh\nexec cat\n").unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let cases = root.path().to_str().unwrap();
    for extra in [&[][..], &["--run-as-self"]] {
        let mut args = vec!["judge", "poj3074", "--cases", cases];
        args.extend_from_slice(extra);
        args.extend(["--", "./echo.sh"]);
        // It runs and echoes its input: WA, not a JE for a program it could not start.
        let (overall, stderr) = judge_in(&problem, &args);
        assert_eq!(overall, "WA", "{args:?}: {stderr}");
    }
}
