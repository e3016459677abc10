//! Replays the fuzz corpus on stable: every file under `fuzz/regressions/TARGET/` (the
//! committed seeds and every crash ever found, minimised) runs through the body of fuzz
//! target `TARGET` (`gridjudge::fuzzing::targets`). A failure names the file.
//!
//! It does not fuzz: new inputs come from `cargo +nightly fuzz run` (see fuzz/README.md).
//! `fuzz/open-crashes/` holds crashes not fixed yet and is deliberately not replayed.

use crate::support;

use gridjudge::fuzzing::{check_output, parse, targets, Body, Sample};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn regressions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions")
}

/// The files of one target's folder, sorted (an unreadable folder fails the test).
fn files(dir: &Path) -> Vec<PathBuf> {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|e| {
            e.unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path()
        })
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// A target's body, run on its bytes.
type Run = Box<dyn Fn(&[u8])>;

/// The body of a target as a function of its bytes; a checker target reads its
/// problem's spec sample from `tests/data/samples` (its fuzz target embeds the same files).
fn runner(body: Body) -> Run {
    match body {
        Body::Parse(p) => Box::new(move |data| parse(p, data)),
        Body::Check(p) => {
            let (input, answer) = (support::samples::input(p), support::samples::answer(p));
            Box::new(move |data| {
                let sample = Sample {
                    problem: p,
                    input: &input,
                    answer: &answer,
                };
                check_output(&sample, data)
            })
        }
        Body::Bytes(f) => Box::new(f),
    }
}

#[test]
fn every_regression_file_passes_its_target() {
    let mut failures = Vec::new();
    let mut total = 0;
    for target in targets() {
        let name = &target.name;
        let run = runner(target.body);
        let dir = regressions().join(name);
        let files = files(&dir);
        assert!(
            !files.is_empty(),
            "{}: no seeds for target {name}",
            dir.display()
        );
        for file in files {
            let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            total += 1;
            if catch_unwind(AssertUnwindSafe(|| run(&data))).is_err() {
                failures.push(file.display().to_string());
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} regression files fail their fuzz target (panic messages above):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_regression_folder_is_a_target() {
    let dir = regressions();
    let entries =
        std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if !path.is_dir() {
            continue;
        }
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        assert!(
            targets().iter().any(|t| t.name == name),
            "{}: no fuzz target named {name:?} (see gridjudge::fuzzing::targets)",
            path.display()
        );
    }
}

#[test]
fn every_target_has_a_fuzz_target_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets");
    for target in targets() {
        let name = &target.name;
        let file = dir.join(format!("{name}.rs"));
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let calls: Vec<String> = match target.body {
            Body::Parse(p) => vec![format!("gridjudge::fuzzing::parse(Problem::{p:?}, data)")],
            Body::Check(p) => vec![
                "check_output(&SAMPLE, data)".to_string(),
                format!("problem: Problem::{p:?},"),
                format!("include_bytes!(\"../../tests/data/samples/{p}.in\")"),
                format!("include_bytes!(\"../../tests/data/samples/{p}.ans\")"),
            ],
            Body::Bytes(_) => vec![format!("gridjudge::fuzzing::{name}(")],
        };
        for call in calls {
            assert!(
                text.contains(&call),
                "{} does not contain `{call}`",
                file.display()
            );
        }
    }
}

/// The checker seeds are named for the verdict they must get (`ac_*`, `pe_*`, `wa_*`), so
/// the corpus covers all three from the start.
#[test]
fn checker_seeds_get_the_verdict_their_name_says() {
    use gridjudge::{check::check, Problem, Verdict};
    for p in Problem::ALL {
        let input = support::samples::input(p);
        for file in files(&regressions().join(format!("check_{p}"))) {
            let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let want = match name.strip_prefix("seed-").and_then(|n| n.get(..3)) {
                Some("ac_") => Verdict::Accepted,
                Some("pe_") => Verdict::PresentationError,
                Some("wa_") => Verdict::WrongAnswer,
                _ => continue,
            };
            let output = std::fs::read(&file).expect("a seed file");
            let got = check(p, &input, &output, None);
            assert_eq!(got.verdict, want, "{}: {}", file.display(), got.message);
        }
    }
}
