//! Package-shape rules end to end: a package breaking one the format states is refused
//! by `verify-submissions --package` with exit 3 and one line naming the file.

use super::scoring::{data, verify};
use super::write;

#[test]
fn a_package_breaking_a_shape_rule_is_refused_naming_the_file() {
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("shape");
    data(&dir);
    // 2025-09: groups of a bounded secret need their own max_score.
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Sum\ntype: scoring\n",
    );
    write(&dir, "data/secret/g1/test_group.yaml", "max_score: 40\n");
    write(
        &dir,
        "data/secret/g2/test_group.yaml",
        "score_aggregation: sum\n",
    );
    let (code, text) = verify(&dir, "table");
    assert_eq!(code, Some(3), "{text}");
    let line = text
        .lines()
        .find(|l| l.contains("test_group.yaml"))
        .unwrap_or_default();
    assert!(
        line.ends_with(
            "data/secret/g2/test_group.yaml: max_score: unbounded (the default for a group), \
             but secret's is bounded: give the group a max_score"
        ),
        "{text}"
    );
    // Legacy: range is for scoring problems.
    std::fs::remove_dir_all(dir.join("data/secret/g1")).expect("rm");
    std::fs::remove_dir_all(dir.join("data/secret/g2")).expect("rm");
    write(&dir, "data/secret/1.in", "1 1\n");
    write(&dir, "data/secret/1.ans", "2\n");
    write(&dir, "problem.yaml", "name: Sum\n");
    write(&dir, "data/testdata.yaml", "range: 0 100\n");
    let (code, text) = verify(&dir, "table");
    assert_eq!(code, Some(3), "{text}");
    assert!(
        text.contains("data/testdata.yaml: range: only scoring problems set it (type: scoring)"),
        "{text}"
    );
}
