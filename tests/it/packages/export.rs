//! `gridjudge export PROBLEM --kattis DIR [--format-version V] [--zip]`: the package's
//! layout in each format version, problem.yaml as written by a YAML emitter, an export
//! that fails half-way leaving nothing, its validators working without gridjudge
//! installed (they are a copy of the binary behind `build`/`run` scripts), a round trip
//! (`verify-submissions --package` on the export gives every example submission its
//! folder's verdict), and — the ignored tests that `.ci/run` runs with problemtools and
//! BAPCtools installed — every bundled problem's export passing its version's checker:
//! `verifyproblem DIR -p config data validators submissions` with 0 errors and 0 warnings
//! (legacy), 0 errors and no warning but problemtools' blanket notice that its 2023-07
//! support is incomplete (2023-07), `bt validate` and `bt run -a` with no error and no
//! warning (2025-09).

use crate::support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The gridjudge that exports: `GRIDJUDGE_EXPORT_BIN` where set, else this build's.
/// The checkers' tests export with a release binary (`.ci/run` gives
/// `target/release/gridjudge`): the validators are a copy of it, and BAPCtools refuses a
/// validator over 100 MiB, which a debug build is.
fn gridjudge(args: &[&str]) -> Output {
    let bin = std::env::var_os("GRIDJUDGE_EXPORT_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_gridjudge")));
    Command::new(bin)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn export(problem: &str, root: &Path, zip: bool) -> PathBuf {
    export_as(problem, root, zip, "legacy")
}

fn export_as(problem: &str, root: &Path, zip: bool, version: &str) -> PathBuf {
    let dir = root.join(problem);
    let mut args = vec![
        "export",
        problem,
        "--kattis",
        dir.to_str().unwrap(),
        "--format-version",
        version,
    ];
    if zip {
        args.push("--zip");
    }
    let out = gridjudge(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}

#[test]
fn an_export_is_a_complete_package_and_round_trips() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    let dir = export("poj3074", root.path(), true);
    for f in [
        "problem.yaml",
        ".timelimit",
        "problem_statement/problem.en.tex",
        "data/sample/1.in",
        "data/sample/1.ans",
        "input_validators/gridjudge/run",
        "output_validators/gridjudge/build",
        "submissions/accepted/dlx.cpp",
        "submissions/wrong_answer/no_box_rule.cpp",
        "submissions/time_limit_exceeded/busy_loop.c",
    ] {
        assert!(dir.join(f).is_file(), "{f} missing");
    }
    assert!(!dir
        .join("submissions/time_limit_exceeded/fork_bomb.c")
        .exists());
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    assert!(
        yaml.contains("validation: custom") && yaml.contains("uuid: "),
        "{yaml}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join(".timelimit"))
            .unwrap()
            .trim(),
        "1"
    );
    let zip = std::fs::read(root.path().join("poj3074.zip")).unwrap();
    assert_eq!(&zip[..2], b"PK");
    // The validators run from the package alone, with the Kattis protocol.
    let input = dir.join("data/sample/1.in");
    let answer = dir.join("data/sample/1.ans");
    let status = Command::new(dir.join("input_validators/gridjudge/run"))
        .stdin(std::fs::File::open(&input).unwrap())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(42));
    let feedback = tempfile::tempdir().unwrap();
    let status = Command::new(dir.join("output_validators/gridjudge/run"))
        .arg(&input)
        .arg(&answer)
        .arg(feedback.path())
        .stdin(std::fs::File::open(&answer).unwrap())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(42));
    // Round trip: every exported submission keeps its verdict (two judged at a time).
    let out = gridjudge(&[
        "verify-submissions",
        "--package",
        dir.to_str().unwrap(),
        "--format",
        "json",
        "-j",
        "2",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{json}");
    assert_eq!(json["mismatches"], 0);
    // The 9: every example but the compile errors, the memory and output limits and
    // the hostile probes, with the presentation error among the wrong answers.
    assert_eq!(json["total"], 9, "{json}");
    // An existing, non-empty target is refused.
    let again = gridjudge(&["export", "poj3074", "--kattis", dir.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(64));
}

/// problem.yaml is written by a YAML emitter: a title or owner with quotes, colons or
/// a leading dash comes back as written, and an export that fails half-way leaves no
/// folder behind, so the retry finds the destination free.
#[test]
fn problem_yaml_keeps_any_text_and_a_failed_export_leaves_nothing() {
    let _machine = support::machine::shared();
    let cases = tempfile::tempdir().unwrap();
    let dir = cases.path().join("mine");
    std::fs::create_dir_all(dir.join("data/secret")).unwrap();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("judge-cases/poj3074/data/sample");
    std::fs::copy(sample.join("1.in"), dir.join("data/secret/1.in")).unwrap();
    std::fs::copy(sample.join("1.ans"), dir.join("data/secret/1.ans")).unwrap();
    let title = "- \"Quoted\": a 'title' # not a comment";
    std::fs::write(
        dir.join("problem.toml"),
        format!(
            "problem = \"poj3074\"\ntitle = '''{title}'''\n[limits]\ntime_seconds = 1\nmemory_mib = 64\n[checker]\ntype = \"builtin\"\n"
        ),
    )
    .unwrap();
    // A submission that cannot be read: the export fails while writing.
    let accepted = dir.join("submissions/accepted");
    std::fs::create_dir_all(&accepted).unwrap();
    std::os::unix::fs::symlink("/nonexistent-gridjudge/sol.c", accepted.join("sol.c")).unwrap();
    let out = cases.path().join("pkg");
    let args = |owner: &str| {
        gridjudge(&[
            "export",
            "mine",
            "--cases",
            cases.path().to_str().unwrap(),
            "--kattis",
            out.to_str().unwrap(),
            "--rights-owner",
            owner,
        ])
    };
    let failed = args("x");
    assert_eq!(failed.status.code(), Some(66), "{failed:?}");
    assert!(!out.exists(), "a failed export left {}", out.display());
    let leftovers: Vec<_> = std::fs::read_dir(cases.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .filter(|n| n != "mine")
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    std::fs::remove_file(accepted.join("sol.c")).unwrap();
    let owner = "Ada: \"the\" setter";
    let ok = args(owner);
    assert_eq!(ok.status.code(), Some(0), "{ok:?}");
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    let doc = &yaml_rust2::YamlLoader::load_from_str(&yaml).unwrap()[0];
    assert_eq!(doc["name"].as_str(), Some(title), "{yaml}");
    assert_eq!(doc["rights_owner"].as_str(), Some(owner), "{yaml}");
    assert_eq!(doc["validation"].as_str(), Some("custom"));
    assert_eq!(doc["limits"]["memory"].as_i64(), Some(64));
}

/// Each format version's layout: its statement and output validator folders, its
/// problem.yaml keys (parsed back), `.timelimit` in legacy only, the whitespace rule of
/// 2025-09, and an unknown version refused.
#[test]
fn each_format_version_has_its_own_layout_and_keys() {
    let _machine = support::machine::shared();
    for (version, written, files, absent) in [
        (
            "2023-07",
            "2023-07-draft",
            &[
                "statement/problem.en.tex",
                "output_validator/gridjudge/run",
                "output_validator/gridjudge/build",
            ][..],
            &[
                ".timelimit",
                "problem_statement",
                "output_validators",
                "data/secret/test_group.yaml",
            ][..],
        ),
        (
            "2025-09",
            "2025-09",
            &[
                "statement/problem.en.tex",
                "output_validator/run",
                "output_validator/build",
                "output_validator/gridjudge",
                "data/sample/test_group.yaml",
                "data/secret/test_group.yaml",
                "data/valid_output/test_group.yaml",
                "data/valid_output/answer.in",
                "data/valid_output/answer.ans",
                "data/valid_output/answer.out",
            ][..],
            &[
                ".timelimit",
                "problem_statement",
                "output_validators",
                "submissions/submissions.yaml",
            ][..],
        ),
    ] {
        let root = tempfile::tempdir().unwrap();
        let dir = export_as("poj3074", root.path(), false, version);
        for f in files.iter().chain([
            &"problem.yaml",
            &"data/sample/1.in",
            &"data/secret/01_top95.ans",
            &"input_validators/gridjudge/run",
            &"submissions/accepted/dlx.cpp",
            &"submissions/wrong_answer/no_box_rule.cpp",
            &"submissions/time_limit_exceeded/busy_loop.c",
            &"submissions/run_time_error/segfault.c",
        ]) {
            assert!(dir.join(f).is_file(), "{version}: {f} missing");
        }
        for f in absent {
            assert!(!dir.join(f).exists(), "{version}: {f} should not exist");
        }
        let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
        let doc = &yaml_rust2::YamlLoader::load_from_str(&yaml).unwrap()[0];
        assert_eq!(
            doc["problem_format_version"].as_str(),
            Some(written),
            "{yaml}"
        );
        assert_eq!(doc["type"].as_str(), Some("pass-fail"), "{yaml}");
        assert_eq!(
            doc["name"]["en"].as_str(),
            Some("Sudoku (hard, exact cover)"),
            "{yaml}"
        );
        assert!(
            doc["uuid"].as_str().is_some_and(|u| u.len() == 36),
            "{yaml}"
        );
        assert!(doc["validation"].is_badvalue(), "{yaml}");
        assert_eq!(doc["limits"]["time_limit"].as_i64(), Some(1), "{yaml}");
        assert_eq!(doc["limits"]["memory"].as_i64(), Some(64), "{yaml}");
        assert_eq!(doc["limits"]["output"].as_i64(), Some(64), "{yaml}");
    }
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("x");
    let out = gridjudge(&[
        "export",
        "poj3074",
        "--kattis",
        dir.to_str().unwrap(),
        "--format-version",
        "2024-01",
    ]);
    assert_eq!(out.status.code(), Some(64), "{out:?}");
    assert!(!dir.exists());
}

/// A setter's own problem in a bundled problem's format is another problem: its uuid
/// differs from the bundled one's (and is stable across exports), and no rights owner is
/// claimed for it unless given.
#[test]
fn a_problem_of_your_own_gets_its_own_uuid_and_no_rights_owner() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    let cases = root.path().join("cases");
    let mine = cases.join("poj2676");
    std::fs::create_dir_all(mine.join("data/secret")).unwrap();
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("judge-cases/poj2676");
    std::fs::copy(bundled.join("problem.toml"), mine.join("problem.toml")).unwrap();
    std::fs::copy(
        bundled.join("data/sample/1.in"),
        mine.join("data/secret/mine.in"),
    )
    .unwrap();
    std::fs::copy(
        bundled.join("data/sample/1.ans"),
        mine.join("data/secret/mine.ans"),
    )
    .unwrap();
    let uuid_of = |out: &Path| {
        let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
        let doc = yaml_rust2::YamlLoader::load_from_str(&yaml)
            .unwrap()
            .remove(0);
        (
            doc["uuid"].as_str().unwrap().to_string(),
            doc["rights_owner"].is_badvalue(),
        )
    };
    let export_to = |name: &str, extra: &[&str]| {
        let out = root.path().join(name);
        let mut args = vec!["export", "poj2676", "--kattis", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let done = gridjudge(&args);
        assert_eq!(done.status.code(), Some(0), "{done:?}");
        out
    };
    let c = cases.to_str().unwrap();
    let (theirs, _) = uuid_of(&export_to("bundled", &[]));
    let (ours, no_owner) = uuid_of(&export_to("mine", &["--cases", c]));
    assert_ne!(
        ours, theirs,
        "a problem of your own shares the bundled uuid"
    );
    assert!(no_owner, "a rights owner was claimed");
    let (again, _) = uuid_of(&export_to("mine-again", &["--cases", c]));
    assert_eq!(ours, again, "the same problem, another uuid");
    let fixed = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
    let (given, no_owner) = uuid_of(&export_to(
        "given",
        &["--cases", c, "--uuid", fixed, "--rights-owner", "Ada"],
    ));
    assert_eq!(given, fixed);
    assert!(!no_owner);
    let bad = gridjudge(&["export", "poj2676", "--kattis", "x", "--uuid", "nope"]);
    assert_eq!(bad.status.code(), Some(64), "{bad:?}");
}

/// Every format version round-trips: gridjudge reads its own export back, and each
/// exported example submission gets its folder's verdict.
#[test]
fn every_format_version_round_trips_through_verify_submissions() {
    let _machine = support::machine::shared();
    for version in ["2023-07", "2025-09"] {
        let root = tempfile::tempdir().unwrap();
        let dir = export_as("poj3076", root.path(), false, version);
        let out = gridjudge(&[
            "verify-submissions",
            "--package",
            dir.to_str().unwrap(),
            "--format",
            "json",
        ]);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{version}: {e}: {}", String::from_utf8_lossy(&out.stderr)));
        assert_eq!(out.status.code(), Some(0), "{version}: {json}");
        assert_eq!(json["mismatches"], 0, "{version}: {json}");
        assert!(
            json["total"].as_u64().is_some_and(|n| n >= 3),
            "{version}: {json}"
        );
    }
}

/// A tool: `$VAR`, else `name` on PATH.
fn tool(var: &str, name: &str) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(var) {
        return Some(PathBuf::from(p));
    }
    std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    })
}

/// problemtools' verifyproblem: `$GRIDJUDGE_VERIFYPROBLEM`, else `verifyproblem` on PATH.
fn verifyproblem() -> Option<PathBuf> {
    tool("GRIDJUDGE_VERIFYPROBLEM", "verifyproblem")
}

/// The tool, or a skip line (a failure under CI=true, where it must be installed).
fn required(found: Option<PathBuf>, what: &str) -> Option<PathBuf> {
    if found.is_none() {
        use std::io::Write;
        assert!(
            std::env::var_os("CI").is_none_or(|v| v != "true"),
            "CI=true but {what} is missing"
        );
        let _ = writeln!(std::io::stderr(), "SKIPPED: {what} not installed");
    }
    found
}

const BUNDLED: [&str; 5] = ["poj3074", "poj2676", "hdu3338", "poj3076", "kakuro"];

/// problemtools checks 2023-07-draft with one warning it always gives ("Support for
/// version 2023-07-draft is very incomplete"): no error, and no other warning.
#[test]
#[ignore = "minutes: run by .ci/run with problemtools installed (GRIDJUDGE_EXPORT_BIN=target/release/gridjudge cargo test --test it -- packages::export:: --ignored)"]
fn every_2023_07_export_passes_verifyproblem_with_no_error_and_only_its_blanket_warning() {
    let _machine = support::machine::shared();
    let Some(tool) = required(
        verifyproblem(),
        "problemtools' verifyproblem (GRIDJUDGE_VERIFYPROBLEM)",
    ) else {
        return;
    };
    let root = tempfile::tempdir().unwrap();
    for problem in BUNDLED {
        let dir = export_as(problem, root.path(), false, "2023-07");
        let out = Command::new(&tool)
            .arg(&dir)
            .args(["-p", "config", "data", "validators", "submissions"])
            .current_dir(root.path())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        let summary = text
            .lines()
            .find(|l| l.contains(" tested: "))
            .unwrap_or("no summary line");
        eprintln!("2023-07 {summary}");
        let warnings: Vec<&str> = text.lines().filter(|l| l.contains("WARNING")).collect();
        assert!(
            summary.ends_with("tested: 0 errors, 1 warning")
                && warnings.len() == 1
                && warnings[0].contains("Support for version 2023-07-draft is very incomplete"),
            "{problem}:\n{text}"
        );
    }
}

/// BAPCtools (`bt`, which reads 2025-09 only): `bt validate` (input, answers, the output
/// validator's generic checks, valid_output) and `bt run -a` (every submission on every
/// case against its folder's expectations) exit 0, which BAPCtools does only with no
/// error and no warning. bt runs with a configuration folder of its own
/// (`XDG_CONFIG_HOME`): neither a personal configuration nor its record of the uuids of
/// packages seen elsewhere (another export of the same problem) bears on the result.
#[test]
#[ignore = "minutes: run by .ci/run with BAPCtools installed (GRIDJUDGE_EXPORT_BIN=target/release/gridjudge cargo test --test it -- packages::export:: --ignored)"]
fn every_2025_09_export_passes_bapctools_with_no_error_and_no_warning() {
    let _machine = support::machine::shared();
    let Some(bt) = required(tool("GRIDJUDGE_BT", "bt"), "BAPCtools' bt (GRIDJUDGE_BT)") else {
        return;
    };
    let root = tempfile::tempdir().unwrap();
    let config = tempfile::tempdir().unwrap();
    for problem in BUNDLED {
        let dir = export_as(problem, root.path(), false, "2025-09");
        for args in [
            &["validate", "--no-bar"][..],
            &["run", "-a", "--no-bar"][..],
        ] {
            let out = Command::new(&bt)
                .args(args)
                .env("XDG_CONFIG_HOME", config.path())
                .current_dir(&dir)
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            eprintln!(
                "2025-09 {problem}: bt {} exit {:?}",
                args.join(" "),
                out.status.code()
            );
            assert_eq!(out.status.code(), Some(0), "{problem}: bt {args:?}\n{text}");
            assert!(
                !text.contains("WARNING") && !text.contains("ERROR"),
                "{problem}:\n{text}"
            );
        }
    }
}

#[test]
#[ignore = "minutes: run by .ci/run with problemtools installed (GRIDJUDGE_EXPORT_BIN=target/release/gridjudge cargo test --test it -- packages::export:: --ignored)"]
fn every_export_passes_verifyproblem_with_no_error_and_no_warning() {
    let _machine = support::machine::shared();
    let Some(tool) = required(
        verifyproblem(),
        "problemtools' verifyproblem (GRIDJUDGE_VERIFYPROBLEM)",
    ) else {
        return;
    };
    let root = tempfile::tempdir().unwrap();
    for problem in BUNDLED {
        let dir = export(problem, root.path(), false);
        let out = Command::new(&tool)
            .arg(&dir)
            .args(["-p", "config", "data", "validators", "submissions"])
            .current_dir(root.path())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        let summary = text
            .lines()
            .find(|l| l.contains(" tested: "))
            .unwrap_or("no summary line");
        eprintln!("{summary}");
        assert!(
            summary.ends_with("tested: 0 errors, 0 warnings"),
            "{problem}:\n{text}"
        );
    }
}

/// Every example submission goes to the format's folder for its verdict, in every
/// language gridjudge compiles (a file or a folder), and each one left out is named
/// with its reason: a folder the format has no place for (compile errors, memory and
/// output limits), a hostile probe, a file of no language, a name another verdict
/// folder already took.
#[test]
fn every_submission_is_exported_or_named_with_its_reason() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    let cases = root.path().join("cases");
    let mine = cases.join("poj2676");
    std::fs::create_dir_all(mine.join("data/secret")).unwrap();
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("judge-cases/poj2676");
    std::fs::copy(bundled.join("problem.toml"), mine.join("problem.toml")).unwrap();
    for ext in ["in", "ans"] {
        std::fs::copy(
            bundled.join(format!("data/sample/1.{ext}")),
            mine.join(format!("data/secret/mine.{ext}")),
        )
        .unwrap();
    }
    let files = [
        "accepted/solve.py",
        "accepted/Main.java",
        "accepted/multi/main.cpp",
        "accepted/multi/grid.h",
        "accepted/notes.md",
        "presentation_error/trailing.c",
        "presentation_error/same.c",
        "wrong_answer/same.c",
        "memory_limit_exceeded/hog.rs",
        "output_limit_exceeded/flood.kt",
        "compile_error/broken.c",
        "time_limit_exceeded/fork_bomb.c",
        "time_limit_exceeded/spin.go",
    ];
    for f in files {
        let p = mine.join("submissions").join(f);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, "// an example\n").unwrap();
    }
    let out = root.path().join("out");
    let done = gridjudge(&[
        "export",
        "poj2676",
        "--kattis",
        out.to_str().unwrap(),
        "--cases",
        cases.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(0), "{stderr}");
    let mut got: Vec<String> = walkdir(&out.join("submissions"));
    got.sort();
    assert_eq!(
        got,
        [
            "accepted/Main.java",
            "accepted/multi/grid.h",
            "accepted/multi/main.cpp",
            "accepted/solve.py",
            "wrong_answer/same.c",
            "wrong_answer/trailing.c",
        ],
        "{stderr}"
    );
    let left: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("left out "))
        .collect();
    assert_eq!(
        left,
        [
            "left out submissions/time_limit_exceeded/fork_bomb.c: probes gridjudge's own sandbox, which another judge need not survive the same way",
            "left out submissions/time_limit_exceeded/spin.go: not a source of a language gridjudge compiles",
            "left out submissions/compile_error: the format has no folder for programs that do not compile",
            "left out submissions/memory_limit_exceeded: the format has no folder for a program over the memory limit, and what another judge gives it depends on how that judge enforces the limit",
            "left out submissions/output_limit_exceeded: the format has no folder for a program over the output limit, and what another judge gives it depends on how that judge enforces the limit (problemtools: TLE or WA)",
            "left out submissions/presentation_error/same.c: `submissions/wrong_answer/` already holds a submission named same.c",
        ],
        "{stderr}"
    );
    assert!(
        stderr.contains("5 submission(s)"),
        "the count names what was copied: {stderr}"
    );
}

/// The files under `dir`, as paths relative to it.
fn walkdir(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    out
}
