//! `gridjudge generate --package DIR`: a package's `data/` built from
//! `generators/generators.yaml` (BAPCtools' format). A package of Python and C++
//! generators (`{seed}`, a numbered list group, `copy:`, `in:` literals, `count:`, a
//! generator that writes its `.ans`) builds the files `bt generate` builds (compared
//! byte for byte by `benches/peers/generate_vs_bt.sh`) and its accepted submission is
//! AC on them; two runs give the same bytes; `--check` names a changed, a missing and
//! an extra file and writes nothing; an unsupported key is refused by name with its
//! place; a generator reaches nothing outside its working folder; a link planted in
//! `data/` is never written through; a failing generator is named in the error; an
//! alias bomb is refused; an interactive problem's cases get an empty `.ans`; a failing
//! command is retried with the next seeds; without `solution:` the first accepted
//! submission makes the answers (and a `visualizer` is noted, not run); a
//! `generators:` entry, a folder generator, `include:` and a nested `test_group.yaml`
//! give `bt generate`'s bytes too; `invalid_*` groups get no `.ans` from the solution.

use super::write;
use crate::support;

use std::path::Path;
use std::process::{Command, Output};

fn gridjudge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .output()
        .expect("gridjudge runs")
}

fn generate(dir: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["generate", "--package", dir.to_str().expect("utf-8 path")];
    args.extend_from_slice(extra);
    gridjudge(&args)
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The files below `dir`, relative, in name order.
fn files(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .map(|r| r.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(base, &p, out);
            } else {
                out.push(p.strip_prefix(base).unwrap_or(&p).display().to_string());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out
}

pub const GENERATORS_YAML: &str = r#"solution: /submissions/accepted/sol.py
random_salt: abc
data:
  sample:
    data:
      "1":
        in: "2\n1 2"
        ans: "3"
      "2":
        copy: manual/case1
  secret:
    test_group.yaml:
      output_validator_args: [space_change_sensitive]
    data:
      - small: gen.py {seed} 3
      - cpp: gen.cpp {seed:2} 5
      - '': gen.py {seed} 4
      - both: both.py
      - group:
          data:
            x: gen.py {seed:7} 2
      - counted:
          generate: gen.py {seed} {count}
          count: 2
"#;

/// A sum problem whose data comes from generators.yaml: Python and C++ generators.
fn sum_package(dir: &Path) {
    write(
        dir,
        "problem.yaml",
        "problem_format_version: 2023-07\nname: Sum\nlimits:\n  time_limit: 2\n",
    );
    write(
        dir,
        "submissions/accepted/sol.py",
        "import sys\nt = sys.stdin.read().split()\nn = int(t[0])\nprint(sum(int(x) for x in t[1:1 + n]))\n",
    );
    write(
        dir,
        "generators/gen.py",
        "import random, sys\nrandom.seed(int(sys.argv[1]))\nn = int(sys.argv[2])\nprint(n)\nprint(*[random.randint(1, 100) for _ in range(n)])\n",
    );
    write(
        dir,
        "generators/gen.cpp",
        r#"#include <cstdio>
#include <cstdlib>
int main(int argc, char** argv) {
    unsigned long long s = strtoull(argv[1], 0, 10);
    int n = atoi(argv[2]);
    printf("%d\n", n);
    for (int i = 0; i < n; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        printf("%llu%c", (s >> 33) % 1000, i + 1 < n ? ' ' : '\n');
    }
}
"#,
    );
    write(
        dir,
        "generators/both.py",
        "with open('testcase.in', 'w') as f:\n    f.write('3\\n1 1 1\\n')\nwith open('testcase.ans', 'w') as f:\n    f.write('3\\n')\n",
    );
    write(dir, "generators/manual/case1.in", "1\n41\n");
    write(dir, "generators/manual/case1.ans", "41\n");
    write(dir, "generators/generators.yaml", GENERATORS_YAML);
}

#[test]
fn generators_yaml_builds_the_files_bt_builds_and_the_accepted_submission_is_ac() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("sum");
    sum_package(&dir);
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let data = dir.join("data");
    assert_eq!(
        files(&data),
        [
            "sample/1.ans",
            "sample/1.in",
            "sample/2.ans",
            "sample/2.in",
            "secret/1-group/x.ans",
            "secret/1-group/x.in",
            "secret/1-small.ans",
            "secret/1-small.in",
            "secret/2-cpp.ans",
            "secret/2-cpp.in",
            "secret/3.ans",
            "secret/3.in",
            "secret/4-both.ans",
            "secret/4-both.in",
            "secret/5-counted-1.ans",
            "secret/5-counted-1.in",
            "secret/6-counted-2.ans",
            "secret/6-counted-2.in",
            "secret/test_group.yaml",
        ]
    );
    // The bytes `bt generate` (BAPCtools 2026.10.0) wrote for this package: the seeds
    // are BAPCtools' (SHA-512 of salt and command).
    for (rel, want) in [
        ("sample/1.in", "2\n1 2\n"),
        ("sample/1.ans", "3\n"),
        ("sample/2.in", "1\n41\n"),
        ("secret/1-small.in", "3\n24 35 30\n"),
        ("secret/1-small.ans", "89\n"),
        ("secret/2-cpp.in", "5\n696 844 481 344 24\n"),
        ("secret/3.in", "4\n59 95 59 56\n"),
        ("secret/4-both.ans", "3\n"),
        ("secret/1-group/x.in", "2\n41 69\n"),
        ("secret/5-counted-1.in", "1\n82\n"),
        ("secret/6-counted-2.in", "2\n6 17\n"),
        (
            "secret/test_group.yaml",
            "output_validator_args: [space_change_sensitive]\n",
        ),
    ] {
        assert_eq!(read(&data, rel), want, "{rel}");
    }
    let sol = dir.join("submissions/accepted/sol.py");
    let out = gridjudge(&[
        "judge",
        "--package",
        dir.to_str().expect("utf-8"),
        "--source",
        sol.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

#[test]
fn two_runs_give_the_same_bytes_and_the_second_changes_nothing() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let (a, b) = (root.path().join("a"), root.path().join("b"));
    sum_package(&a);
    sum_package(&b);
    for dir in [&a, &b] {
        let out = generate(dir, &[]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    }
    let names = files(&a.join("data"));
    assert_eq!(names, files(&b.join("data")));
    for rel in &names {
        assert_eq!(
            read(&a.join("data"), rel),
            read(&b.join("data"), rel),
            "{rel}"
        );
    }
    let again = generate(&a, &[]);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again));
    let said = String::from_utf8_lossy(&again.stdout);
    assert!(
        said.contains(&format!("{n} files, {n} unchanged", n = names.len())),
        "{said}"
    );
    let check = generate(&a, &["--check"]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check));
}

#[test]
fn check_names_a_changed_a_missing_and_an_extra_file_and_writes_nothing() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("sum");
    sum_package(&dir);
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let data = dir.join("data");
    std::fs::write(data.join("secret/3.in"), "4\n1 1 1 1\n").expect("write");
    std::fs::remove_file(data.join("secret/1-small.ans")).expect("rm");
    std::fs::write(data.join("secret/stray.in"), "1\n1\n").expect("write");
    let check = generate(&dir, &["--check"]);
    assert_eq!(check.status.code(), Some(1), "{}", text(&check));
    let said = String::from_utf8_lossy(&check.stdout);
    for line in [
        " differs  data/secret/3.in",
        " missing  data/secret/1-small.ans",
        "   extra  data/secret/stray.in",
    ] {
        assert!(said.lines().any(|l| l == line), "no {line:?} in:\n{said}");
    }
    assert_eq!(read(&data, "secret/3.in"), "4\n1 1 1 1\n");
    assert!(!data.join("secret/1-small.ans").exists());
    assert!(data.join("secret/stray.in").exists());
}

#[test]
fn an_unsupported_or_unknown_key_is_refused_by_name_with_its_place() {
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("sum");
    sum_package(&dir);
    for (yaml, key, place) in [
        (
            "data:\n  secret:\n    data:\n      a:\n        generate: gen.py 1 2\n        match: '^1'\n",
            "`match`",
            "line 6 column 9",
        ),
        (
            "data:\n  secret:\n    data:\n      a:\n        generate: gen.py 1 2\n        colour: red\n",
            "`colour`",
            "line 6 column 9",
        ),
        ("data:\n  fuzz:\n    data: {}\n", "`data.fuzz`", "line 2 column 3"),
        ("solution: /s.py\nparallel: 2\n", "`parallel`", "line 2 column 1"),
    ] {
        write(&dir, "generators/generators.yaml", yaml);
        let out = generate(&dir, &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{yaml}: {}", text(&out));
        assert!(err.contains(key), "{key}: {err}");
        assert!(err.contains(place), "{place}: {err}");
        assert!(err.contains("generators/generators.yaml"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(!dir.join("data").exists(), "{err}");
    }
}

#[test]
fn a_generator_reaches_nothing_outside_its_working_folder() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("sum");
    sum_package(&dir);
    let victim = root.path().join("victim.txt");
    std::fs::write(&victim, "untouched\n").expect("write");
    // It tries the package, the victim, /tmp and its parent folder, then writes its input.
    let probe = format!(
        "import os\nfor p in [{pkg:?}, {victim:?}, '/tmp/gridjudge-generator-escape', '../escape.in']:\n    try:\n        with open(p, 'w') as f:\n            f.write('escaped')\n        print('wrote', p)\n        raise SystemExit(0)\n    except OSError:\n        pass\nwith open('testcase.in', 'w') as f:\n    f.write('1\\n5\\n')\n",
        pkg = dir.join("problem.yaml").display().to_string(),
        victim = victim.display().to_string(),
    );
    write(&dir, "generators/probe.py", &probe);
    write(
        &dir,
        "generators/generators.yaml",
        "solution: /submissions/accepted/sol.py\ndata:\n  secret:\n    data:\n      probe: probe.py\n",
    );
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(read(&dir, "data/secret/probe.in"), "1\n5\n");
    assert_eq!(read(&dir, "data/secret/probe.ans"), "5\n");
    assert_eq!(
        std::fs::read_to_string(&victim).ok().as_deref(),
        Some("untouched\n")
    );
    assert!(read(&dir, "problem.yaml").starts_with("problem_format_version"));
    assert!(!Path::new("/tmp/gridjudge-generator-escape").exists());
}

#[test]
fn a_link_planted_in_data_is_never_written_through() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("sum");
    sum_package(&dir);
    let victim = root.path().join("victim.txt");
    std::fs::write(&victim, "untouched\n").expect("write");
    std::fs::create_dir_all(dir.join("data/secret")).expect("mkdir");
    std::os::unix::fs::symlink(&victim, dir.join("data/secret/3.in")).expect("link");
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("data/secret/3.in"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&victim).ok().as_deref(),
        Some("untouched\n")
    );
    // A link to a file inside the package is refused as well: writes follow no link.
    std::fs::remove_file(dir.join("data/secret/3.in")).expect("rm");
    std::os::unix::fs::symlink(dir.join("problem.yaml"), dir.join("data/secret/3.in"))
        .expect("link");
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("link"),
        "{}",
        text(&out)
    );
    assert!(read(&dir, "problem.yaml").starts_with("problem_format_version"));
}

#[test]
fn a_failing_generator_is_named_in_the_error() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("sum");
    sum_package(&dir);
    write(
        &dir,
        "generators/fail.py",
        "import sys\nprint('no input for', sys.argv[1:], file=sys.stderr)\nsys.exit(1)\n",
    );
    write(
        &dir,
        "generators/generators.yaml",
        "solution: /submissions/accepted/sol.py\ndata:\n  secret:\n    data:\n      fine: gen.py 1 2\n      broken: fail.py {seed} 7\n",
    );
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    for part in [
        "generators/generators.yaml: line 6 column 7",
        "data/secret/broken",
        "`fail.py {seed} 7`",
        "exit code 1",
        "no input for",
    ] {
        assert!(err.contains(part), "no {part:?} in {err}");
    }
    assert!(!dir.join("data/secret/fine.in").exists(), "{err}");
}

#[test]
fn an_alias_bomb_or_deep_nesting_in_generators_yaml_is_refused() {
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("sum");
    sum_package(&dir);
    let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..9 {
        bomb += &format!(
            "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n",
            p = i - 1
        );
    }
    let deep = format!("data: {}{}\n", "[".repeat(100), "]".repeat(100));
    for (yaml, said) in [(bomb, "aliases expand"), (deep, "nested deeper")] {
        write(&dir, "generators/generators.yaml", &yaml);
        let out = generate(&dir, &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{}", text(&out));
        assert!(
            err.contains(said) && err.contains("generators.yaml"),
            "{err}"
        );
    }
}

#[test]
fn an_interactive_problems_cases_get_an_empty_answer() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("guess");
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2023-07\nname: Guess\ntype: interactive\n",
    );
    write(
        &dir,
        "generators/gen.py",
        "import sys\nprint(sys.argv[1])\n",
    );
    write(
        &dir,
        "generators/generators.yaml",
        "data:\n  secret:\n    data:\n      a: gen.py 7\n",
    );
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(read(&dir, "data/secret/a.in"), "7\n");
    assert_eq!(read(&dir, "data/secret/a.ans"), "");
}

#[test]
fn generators_entries_folders_includes_and_nested_test_groups_build_as_bt_builds_them() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("sum");
    sum_package(&dir);
    write(
        &dir,
        "generators/tree.py",
        "import sys\nfrom lib import values\nn = int(sys.argv[2])\nprint(n)\nprint(*values(int(sys.argv[1]), n))\n",
    );
    write(
        &dir,
        "generators/lib.py",
        "def values(seed, n):\n    return [(seed * (i + 7)) % 97 for i in range(n)]\n",
    );
    // Run from main.py, BAPCtools' entry point of a folder, not helper.py (first by name).
    write(
        &dir,
        "generators/folder/helper.py",
        "def line(seed, n):\n    return \" \".join(str((seed >> i) % 10 + 1) for i in range(n))\n",
    );
    write(
        &dir,
        "generators/folder/main.py",
        "import sys\nfrom helper import line\nn = int(sys.argv[2])\nprint(n)\nprint(line(int(sys.argv[1]), n))\n",
    );
    let yaml = GENERATORS_YAML
        .replace(
            "random_salt: abc\n",
            "random_salt: abc\ngenerators:\n  tree:\n    - tree.py\n    - lib.py\n",
        )
        .replace("  secret:\n", "  secret:\n    include:\n      - \"1\"\n")
        .replace(
            "      - group:\n          data:\n            x: gen.py {seed:7} 2\n",
            "      - group:\n          test_group.yaml:\n            output_validator_args:\n              - case_sensitive\n            description: 'a group'\n          data:\n            x: gen.py {seed:7} 2\n            y: tree {seed} 6\n",
        )
        + "      - listed: tree {seed:3} 4\n      - folder: folder {seed} 5\n";
    write(&dir, "generators/generators.yaml", &yaml);
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let data = dir.join("data");
    assert_eq!(files(&data).len(), 28, "{:?}", files(&data));
    // The bytes of `bt generate` (benches/peers/generate_vs_bt.sh builds this package).
    for (rel, want) in [
        ("secret/1.in", "2\n1 2\n"),
        ("secret/1.ans", "3\n"),
        ("secret/1-group/y.in", "6\n69 65 61 57 53 49\n"),
        ("secret/1-group/y.ans", "354\n"),
        ("secret/7-listed.in", "4\n10 53 96 42\n"),
        ("secret/8-folder.in", "5\n7 4 2 6 8\n"),
        ("secret/8-folder.ans", "27\n"),
        (
            "secret/1-group/test_group.yaml",
            "output_validator_args:\n  - case_sensitive\ndescription: 'a group'\n",
        ),
    ] {
        assert_eq!(read(&data, rel), want, "{rel}");
    }
}

#[test]
fn a_failing_command_is_retried_with_the_next_seeds() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("sum");
    sum_package(&dir);
    // Fails unless its seed is a multiple of 3; prints the seed it got.
    write(
        &dir,
        "generators/flaky.py",
        "import sys\ns = int(sys.argv[1])\nif s % 3:\n    sys.exit(1)\nprint(1)\nprint(s % 100)\n",
    );
    // python3 -c 'import hashlib; print(int(hashlib.sha512(b"flaky.py {seed}").hexdigest(), 16) % 2**31)'
    // is 1707707323 (1 modulo 3): the third try, seed 1707707325, is the first to pass.
    let yaml = |retries: u32| {
        format!("solution: /submissions/accepted/sol.py\ndata:\n  secret:\n    data:\n      flaky:\n        generate: flaky.py {{seed}}\n        retries: {retries}\n")
    };
    write(&dir, "generators/generators.yaml", &yaml(2));
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(
        text(&out).contains("`flaky.py {seed}` failed (exit code 1)"),
        "{}",
        text(&out)
    );
    write(&dir, "generators/generators.yaml", &yaml(3));
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(read(&dir, "data/secret/flaky.in"), "1\n25\n");
    assert_eq!(read(&dir, "data/secret/flaky.ans"), "25\n");
}

#[test]
fn without_a_solution_the_first_accepted_submission_makes_the_answers() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("sum");
    sum_package(&dir);
    write(&dir, "submissions/accepted/zzz_wrong.py", "print(0)\n");
    write(
        &dir,
        "generators/generators.yaml",
        "visualizer: /visualizer\ndata:\n  secret:\n    data:\n      a: gen.py 5 3\n",
    );
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("/submissions/accepted/sol.py, the first accepted submission"),
        "{err}"
    );
    assert!(
        err.contains("line 1 column 13: `visualizer` is not run"),
        "{err}"
    );
    let input = read(&dir, "data/secret/a.in");
    let sum: u64 = input
        .split_whitespace()
        .skip(1)
        .filter_map(|w| w.parse::<u64>().ok())
        .sum();
    assert_eq!(read(&dir, "data/secret/a.ans"), format!("{sum}\n"));
}

#[test]
fn invalid_groups_get_no_answer_from_the_solution() {
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("sum");
    sum_package(&dir);
    write(
        &dir,
        "generators/generators.yaml",
        "solution: /submissions/accepted/sol.py\ndata:\n  invalid_input:\n    data:\n      letters:\n        in: 'x y'\n  invalid_answer:\n    data:\n      neg:\n        in: \"1\\n1\"\n        ans: \"-1\"\n",
    );
    let out = generate(&dir, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(
        files(&dir.join("data")),
        [
            "invalid_answer/neg.ans",
            "invalid_answer/neg.in",
            "invalid_input/letters.in"
        ]
    );
    assert_eq!(read(&dir, "data/invalid_input/letters.in"), "x y\n");
}
