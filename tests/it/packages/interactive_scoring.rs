//! Interactive and multi-pass scoring packages end to end: the interactor (or the last
//! pass's validator) writes `score.txt` / `score_multiplier.txt` into the feedback
//! folder as a batch scoring validator does, and the groups are scored from it — a
//! 2025-09 `type: [interactive, scoring]` guess-the-number with a Python interactor, a
//! legacy `validation: custom interactive score` one with a C++ interactor, and a
//! 2025-09 `type: [multi-pass, scoring]` problem whose second pass scores.

use super::scoring::{got, json, row};
use super::write;
use crate::support;
use std::path::Path;

/// Guess-the-number's interactor in Python: at most 10 guesses; an accepted case's
/// `score_multiplier.txt` is 1 for at most 7 guesses, else 0.5.
const INTERACTOR_PY: &str = r#"import sys
secret = int(open(sys.argv[1]).read())
fb = sys.argv[3]
for n in range(1, 11):
    line = sys.stdin.readline()
    if not line:
        sys.exit(43)
    guess = int(line)
    if guess == secret:
        print("correct", flush=True)
        open(fb + "/score_multiplier.txt", "w").write("1" if n <= 7 else "0.5")
        sys.exit(42)
    print("lower" if guess > secret else "higher", flush=True)
sys.exit(43)
"#;

/// The same game in C++, its `score.txt` 11 minus the guesses.
const INTERACTOR_CPP: &str = r#"#include <cstdio>
#include <iostream>
#include <string>
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    FILE *in = std::fopen(argv[1], "r");
    int secret = 0;
    if (!in || std::fscanf(in, "%d", &secret) != 1) return 1;
    for (int n = 1; n <= 10; n++) {
        int guess;
        if (!(std::cin >> guess)) return 43;
        if (guess == secret) {
            std::cout << "correct" << std::endl;
            FILE *s = std::fopen((std::string(argv[3]) + "/score.txt").c_str(), "w");
            if (!s) return 1;
            std::fprintf(s, "%d\n", 11 - n);
            std::fclose(s);
            return 42;
        }
        std::cout << (guess > secret ? "lower" : "higher") << std::endl;
    }
    return 43;
}
"#;

/// Binary search on 1..=100: at most 7 guesses.
const BINARY: &str = "lo, hi = 1, 100\nwhile True:\n    m = (lo + hi) // 2\n    print(m, flush=True)\n    r = input()\n    if r == 'correct':\n        break\n    if r == 'lower':\n        hi = m - 1\n    else:\n        lo = m + 1\n";
/// 1, 2, 3, … until told so (or the interactor hangs up: it ends quietly then, so that
/// the interactor's rejection is the verdict whoever the judge sees end first).
const LINEAR: &str = "import sys\ng = 1\nwhile True:\n    print(g, flush=True)\n    r = sys.stdin.readline().strip()\n    if r in ('correct', ''):\n        break\n    g += 1\n";
/// Always 0 (ending quietly when the interactor hangs up).
const WRONG: &str = "import sys\nwhile True:\n    print(0, flush=True)\n    if not sys.stdin.readline():\n        break\n";

/// How many guesses [`BINARY`] takes to find `secret`.
fn binary_guesses(secret: i32) -> i32 {
    let (mut lo, mut hi, mut n) = (1, 100, 0);
    loop {
        let m = (lo + hi) / 2;
        n += 1;
        if m == secret {
            return n;
        }
        if m > secret {
            hi = m - 1
        } else {
            lo = m + 1
        }
    }
}

/// The secrets: sample 5, g1 3 and 8, g2 1, 64 and 100; the three submissions.
fn game(dir: &Path) {
    write(dir, "data/sample/1.in", "5\n");
    for (group, name, secret) in [
        ("g1", "1", 3),
        ("g1", "2", 8),
        ("g2", "1", 1),
        ("g2", "2", 64),
        ("g2", "3", 100),
    ] {
        write(
            dir,
            &format!("data/secret/{group}/{name}.in"),
            &format!("{secret}\n"),
        );
    }
    write(dir, "submissions/accepted/binary.py", BINARY);
    write(dir, "submissions/partially_accepted/linear.py", LINEAR);
    write(dir, "submissions/wrong_answer/wrong.py", WRONG);
}

#[test]
fn a_2025_09_interactive_scoring_package_scores_with_the_interactors_multiplier() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("guess");
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Guess\ntype: [interactive, scoring]\nlimits:\n  memory: 64\n",
    );
    write(&dir, "output_validator/interactor.py", INTERACTOR_PY);
    write(
        &dir,
        "data/secret/g1/test_group.yaml",
        "max_score: 40\nscore_aggregation: sum\n",
    );
    write(
        &dir,
        "data/secret/g2/test_group.yaml",
        "max_score: 60\nscore_aggregation: sum\n",
    );
    game(&dir);
    // linear: g1 20 (3 guesses) + 10 (8 guesses: half); g2 20 (1 guess), then more
    // than 10 guesses: WA.
    write(
        &dir,
        "submissions/submissions.yaml",
        "accepted/binary.py:\n  score: 100\npartially_accepted/linear.py:\n  score: 50\n  secret/g1:\n    score: 30\nwrong_answer/wrong.py:\n  score: 0\n",
    );
    let (code, doc) = json(&dir);
    assert_eq!(code, Some(0), "{doc:#}");
    assert_eq!(got(&doc, "accepted/binary.py"), ("AC".into(), 100.0, true));
    assert_eq!(
        got(&doc, "partially_accepted/linear.py"),
        ("WA".into(), 50.0, true)
    );
    assert_eq!(got(&doc, "wrong_answer/wrong.py"), ("WA".into(), 0.0, true));
    let groups = row(&doc, "partially_accepted/linear.py")["groups"].to_string();
    assert!(
        groups.contains(r#""group":"secret/g2","max_score":60.0,"score":20.0"#),
        "{groups}"
    );
}

#[test]
fn a_legacy_interactive_score_package_sums_the_interactors_score_files() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("guess");
    write(
        &dir,
        "problem.yaml",
        "name: Guess\nvalidation: custom interactive score\nlimits:\n  memory: 64\n",
    );
    write(
        &dir,
        "output_validators/guess/interactor.cpp",
        INTERACTOR_CPP,
    );
    write(
        &dir,
        "data/testdata.yaml",
        "on_reject: continue\ngrader_flags: ignore_sample\n",
    );
    write(&dir, "data/secret/testdata.yaml", "grader_flags: sum\n");
    write(&dir, "data/sample/testdata.yaml", "grader_flags: sum\n");
    game(&dir);
    // Legacy partially_accepted/ expects AC; linear is rejected on two cases.
    std::fs::remove_dir_all(dir.join("submissions/partially_accepted")).expect("rm");
    write(&dir, "submissions/wrong_answer/linear.py", LINEAR);
    let (code, doc) = json(&dir);
    assert_eq!(code, Some(0), "{doc:#}");
    let best: i32 = [3, 8, 1, 64, 100]
        .iter()
        .map(|s| 11 - binary_guesses(*s))
        .sum();
    assert_eq!(
        got(&doc, "accepted/binary.py"),
        ("AC".into(), f64::from(best), true)
    );
    // linear: 8 + 3 (g1), 10 (g2's first case), the other two rejected (0).
    assert_eq!(
        got(&doc, "wrong_answer/linear.py"),
        ("WA".into(), 21.0, true)
    );
}

#[test]
fn a_multi_pass_scoring_package_scores_with_the_last_passs_score_file() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("twice");
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Twice\ntype: [multi-pass, scoring]\nlimits:\n  memory: 64\n",
    );
    // Pass 1 asks for another pass with the same input; pass 2 scores 7 when right.
    write(
        &dir,
        "output_validator/validate.py",
        "import os, sys\nn = int(open(sys.argv[1]).read())\nfb = sys.argv[3]\nif sys.stdin.read().split() != [str(2 * n)]:\n    sys.exit(43)\nif not os.path.exists(fb + '/second'):\n    open(fb + '/second', 'w').write('')\n    open(fb + '/nextpass.in', 'w').write(str(n))\n    sys.exit(42)\nopen(fb + '/score.txt', 'w').write('7')\nsys.exit(42)\n",
    );
    write(&dir, "data/sample/1.in", "1\n");
    write(&dir, "data/secret/1.in", "2\n");
    write(&dir, "data/secret/2.in", "3\n");
    write(
        &dir,
        "submissions/accepted/double.py",
        "print(2 * int(input()))\n",
    );
    write(
        &dir,
        "submissions/submissions.yaml",
        "accepted/double.py:\n  score: 14\n",
    );
    let (code, doc) = json(&dir);
    assert_eq!(code, Some(0), "{doc:#}");
    assert_eq!(got(&doc, "accepted/double.py"), ("AC".into(), 14.0, true));
}
