//! Every problem of `Problem::ALL` has every part a problem needs beyond its definition
//! (`docs/adding-a-problem.md`): judge data, example submissions, fuzz targets with seeds
//! and dictionaries, the spec's sample, and its docs. One failure
//! lists everything missing, for every problem.

use gridjudge::Problem;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `.in` files of `dir` that have their `.ans` beside them.
fn answered_inputs(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "in"))
                .filter(|p| p.with_extension("ans").is_file())
                .count()
        })
        .unwrap_or(0)
}

/// The regular files of `dir` (0 when it is missing).
fn files_in(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| entries.flatten().filter(|e| e.path().is_file()).count())
        .unwrap_or(0)
}

/// What problem `id` lacks, one line each.
fn missing_parts(id: &str) -> Vec<String> {
    let root = root();
    let mut missing = Vec::new();
    let mut need = |ok: bool, what: String| {
        if !ok {
            missing.push(format!("{id}: {what}"));
        }
    };
    let cases = root.join("judge-cases").join(id);
    for file in ["problem.toml", "PROVENANCE.md", "generators.toml"] {
        need(
            cases.join(file).is_file(),
            format!("judge-cases/{id}/{file}"),
        );
    }
    for set in ["sample", "secret"] {
        need(
            answered_inputs(&cases.join("data").join(set)) > 0,
            format!("judge-cases/{id}/data/{set}/ with an .in and its .ans"),
        );
    }
    need(
        files_in(&cases.join("submissions/accepted")) > 0,
        format!("judge-cases/{id}/submissions/accepted/ with a program"),
    );
    let fuzz = root.join("fuzz");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).unwrap_or_default();
    for target in [format!("parse_{id}"), format!("check_{id}")] {
        need(
            fuzz.join("fuzz_targets")
                .join(format!("{target}.rs"))
                .is_file(),
            format!("fuzz/fuzz_targets/{target}.rs"),
        );
        need(
            manifest.contains(&format!("name = \"{target}\"")),
            format!("a [[bin]] {target} in fuzz/Cargo.toml"),
        );
        need(
            files_in(&fuzz.join("regressions").join(&target)) > 0,
            format!("seeds in fuzz/regressions/{target}/"),
        );
        need(
            fuzz.join("dicts").join(format!("{target}.dict")).is_file(),
            format!("fuzz/dicts/{target}.dict"),
        );
    }
    let samples = root.join("tests/data/samples");
    for ext in ["in", "ans"] {
        need(
            samples.join(format!("{id}.{ext}")).is_file(),
            format!("tests/data/samples/{id}.{ext}"),
        );
    }
    let docs = std::fs::read_to_string(root.join("docs/problems.md")).unwrap_or_default();
    need(
        docs.lines()
            .any(|l| l.starts_with('#') && l.contains(&format!("`{id}`"))),
        format!("a heading naming `{id}` in docs/problems.md"),
    );
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap_or_default();
    need(
        readme
            .lines()
            .any(|l| l.starts_with(&format!("| `{id}` |"))),
        format!("a row `| `{id}` |` in README.md's table of problems"),
    );
    missing
}

#[test]
fn every_problem_has_every_part() {
    let missing: Vec<String> = Problem::ALL
        .iter()
        .flat_map(|p| missing_parts(p.id()))
        .collect();
    assert!(
        missing.is_empty(),
        "missing (see docs/adding-a-problem.md):\n{}",
        missing.join("\n")
    );
}

#[test]
fn a_problem_without_its_parts_is_named_with_each_of_them() {
    let missing = missing_parts("no_such_problem");
    for part in [
        "judge-cases/no_such_problem/problem.toml",
        "fuzz/fuzz_targets/parse_no_such_problem.rs",
        "a [[bin]] check_no_such_problem in fuzz/Cargo.toml",
        "tests/data/samples/no_such_problem.ans",
        "docs/problems.md",
        "README.md",
    ] {
        assert!(
            missing.iter().any(|m| m.contains(part)),
            "{part} not named in {missing:#?}"
        );
    }
    assert_eq!(missing.len(), 18, "{missing:#?}");
}
