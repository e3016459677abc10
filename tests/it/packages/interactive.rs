//! Interactive and multi-pass packages, end to end: a guess-the-number problem with a
//! Python interactor and one with a C++ interactor, judged with `verify-submissions
//! --package` on submissions that are right, wrong, too slow, silent, chatty and that
//! crash — one test per verdict rule of an interaction (who ends first, a rejection
//! while the program still writes, a program that waits forever, a program killed by
//! its limit while the interactor waits, an interactor that fails) — and a multi-pass
//! problem (the feedback folder kept between passes, `nextpass.in` beside a rejection,
//! too many passes). Every rule holds the same with the judge's relay between the two
//! (`--relay-interaction`), which reports the bytes each side wrote.

use super::write;
use crate::support;

use serde_json::Value;
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

/// The interactor of guess-the-number, in Python: the secret number is the input; at
/// most 10 guesses, each answered `lower`, `higher` or `correct`.
const INTERACTOR_PY: &str = r#"import sys
secret = int(open(sys.argv[1]).read().split()[0])
feedback = sys.argv[3]
def reject(why):
    with open(feedback + "/judgemessage.txt", "w") as f:
        f.write(why)
    sys.exit(43)
for n in range(1, 11):
    line = sys.stdin.readline()
    if not line:
        reject(f"guess {n}: end of file")
    try:
        guess = int(line)
    except ValueError:
        reject(f"guess {n} is not a number: {line.strip()!r}")
    if guess == secret:
        print("correct", flush=True)
        with open(feedback + "/judgemessage.txt", "w") as f:
            f.write(f"found in {n} guesses")
        sys.exit(42)
    print("lower" if guess > secret else "higher", flush=True)
reject("more than 10 guesses")
"#;

/// The same interactor in C++.
const INTERACTOR_CPP: &str = r#"#include <cstdio>
#include <cstdlib>
#include <string>
static std::string feedback;
static void verdict(int code, const char *why) {
    FILE *f = std::fopen((feedback + "/judgemessage.txt").c_str(), "w");
    if (f) { std::fputs(why, f); std::fclose(f); }
    std::exit(code);
}
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    feedback = argv[3];
    FILE *in = std::fopen(argv[1], "r");
    int secret = 0;
    if (!in || std::fscanf(in, "%d", &secret) != 1) return 1;
    for (int n = 1; n <= 10; n++) {
        int guess;
        if (std::scanf("%d", &guess) != 1) verdict(43, "no guess");
        if (guess == secret) { std::printf("correct\n"); std::fflush(stdout); verdict(42, "found"); }
        std::printf(guess > secret ? "lower\n" : "higher\n");
        std::fflush(stdout);
    }
    verdict(43, "more than 10 guesses");
}
"#;

/// Binary search, flushing each guess.
const SEARCH: &str = r#"lo, hi = 1, 100
while True:
    mid = (lo + hi) // 2
    print(mid, flush=True)
    reply = input()
    if reply == "correct":
        break
    if reply == "lower":
        hi = mid - 1
    else:
        lo = mid + 1
"#;

/// The submissions of the guess-the-number packages, by folder.
const SUBMISSIONS: &[(&str, &str)] = &[
    ("accepted/search.py", SEARCH),
    // After `correct` it waits for end of file (the interactor has ended, accepting)
    // and then still writes: no SIGPIPE, the interactor's AC stands.
    (
        "accepted/chatty.py",
        "lo, hi = 1, 100\nwhile True:\n    mid = (lo + hi) // 2\n    print(mid, flush=True)\n    reply = input()\n    if reply == 'correct':\n        break\n    if reply == 'lower':\n        hi = mid - 1\n    else:\n        lo = mid + 1\nimport sys\nsys.stdin.read()\nfor i in range(100):\n    print('thank you', i, flush=True)\n",
    ),
    // Writes guesses without reading: the interactor rejects after 10 while it still
    // writes; its SIGPIPE is no run-time error.
    (
        "wrong_answer/flood.py",
        "while True:\n    print(50, flush=True)\n",
    ),
    // Ends first, with exit 0, before finding the number: the interactor then reads
    // end of file and rejects.
    (
        "wrong_answer/quits.py",
        "print(50, flush=True)\ninput()\n",
    ),
    // The interactor rejects at once; the program then ignores end of file and sleeps
    // past its wall limit: WA, not TLE.
    (
        "wrong_answer/hangs.py",
        "import time\nprint('fifty', flush=True)\ntime.sleep(60)\n",
    ),
    // Crashes first; the interactor then reads end of file and rejects: RTE.
    (
        "run_time_error/crash.py",
        "print(50, flush=True)\ninput()\nraise SystemExit(3)\n",
    ),
    // Never writes and waits for input forever: stopped at its wall limit.
    (
        "time_limit_exceeded/silent.py",
        "import sys\nsys.stdin.read()\n",
    ),
    // Spins after its first guess while the interactor waits: its CPU limit.
    (
        "time_limit_exceeded/spin.py",
        "print(50, flush=True)\ninput()\nwhile True:\n    pass\n",
    ),
];

/// A guess-the-number package (2023-07 `type: interactive`, or legacy `validation:
/// custom interactive`) with this interactor file and these submissions.
fn guess_package(
    root: &Path,
    modern: bool,
    interactor: (&str, &str),
    submissions: &[(&str, &str)],
) -> String {
    let dir = root.join("guess");
    let _ = std::fs::remove_dir_all(&dir);
    if modern {
        write(
            &dir,
            "problem.yaml",
            "problem_format_version: 2023-07\nname: Guess\ntype: interactive\nlimits:\n  time_limit: 1\n  time_multipliers: {time_limit_to_tle: 1}\n",
        );
        write(
            &dir,
            &format!("output_validator/{}", interactor.0),
            interactor.1,
        );
    } else {
        write(
            &dir,
            "problem.yaml",
            "name: Guess\nvalidation: custom interactive\nlimits:\n  time_safety_margin: 1\n",
        );
        write(&dir, ".timelimit", "1\n");
        write(
            &dir,
            &format!("output_validators/guess/{}", interactor.0),
            interactor.1,
        );
    }
    write(&dir, "data/secret/1.in", "37\n");
    write(&dir, "data/secret/1.ans", "37\n");
    for (rel, text) in submissions {
        write(&dir, &format!("submissions/{rel}"), text);
    }
    dir.to_string_lossy().into_owned()
}

/// Runs gridjudge: the exit code and the first JSON document of stdout.
fn gridjudge_json(args: &[&str]) -> (Option<i32>, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .output()
        .expect("gridjudge runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let start = text.find('{').unwrap_or(0);
    let doc: Value = serde_json::Deserializer::from_str(&text[start..])
        .into_iter()
        .next()
        .and_then(Result::ok)
        .unwrap_or_else(|| panic!("no JSON: {text}\n{}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code(), doc)
}

fn row<'a>(doc: &'a Value, name: &str) -> &'a Value {
    doc["submissions"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["submission"] == name))
        .unwrap_or_else(|| panic!("no row {name}: {doc}"))
}

/// `verify-submissions` of the Python-interactor package, run once for every test of
/// a rule.
fn python_verified() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(|| {
        let _machine = support::machine::shared();
        let root = tempfile::tempdir().expect("temp dir");
        let dir = guess_package(
            root.path(),
            true,
            ("interactor.py", INTERACTOR_PY),
            SUBMISSIONS,
        );
        let (code, doc) =
            gridjudge_json(&["verify-submissions", "--package", &dir, "--format", "json"]);
        assert_eq!(code, Some(0), "{doc:#}");
        doc
    })
}

/// The verdict `name` got, and its message.
fn got(name: &str) -> (String, String) {
    let r = row(python_verified(), name);
    assert_eq!(r["ok"], true, "{r:#}");
    (
        r["got"].as_str().unwrap_or_default().to_string(),
        r["message"].as_str().unwrap_or_default().to_string(),
    )
}

#[test]
fn every_rule_holds_through_the_relay_and_it_counts_each_sides_bytes() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = guess_package(
        root.path(),
        true,
        ("interactor.py", INTERACTOR_PY),
        SUBMISSIONS,
    );
    let (code, doc) = gridjudge_json(&[
        "verify-submissions",
        "--package",
        &dir,
        "--relay-interaction",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0), "{doc:#}");
    for (name, _) in SUBMISSIONS {
        assert_eq!(
            row(&doc, name)["got"],
            row(python_verified(), name)["got"],
            "{name}"
        );
    }
    // 37 in 1..=100: guesses 50, 25, 37; answers lower, higher, correct.
    let search = format!("{dir}/submissions/accepted/search.py");
    let judge = |relay: bool| {
        let mut args = vec![
            "judge",
            "--package",
            &dir,
            "--source",
            &search,
            "--format",
            "json",
        ];
        if relay {
            args.push("--relay-interaction");
        }
        let (code, doc) = gridjudge_json(&args);
        assert_eq!(code, Some(0), "{doc:#}");
        doc["problems"][0]["cases"][0]["protocol"].clone()
    };
    let relayed = judge(true);
    assert_eq!(
        relayed["bytes"]["program"],
        "50\n25\n37\n".len(),
        "{relayed:#}"
    );
    assert_eq!(
        relayed["bytes"]["interactor"],
        "lower\nhigher\ncorrect\n".len(),
        "{relayed:#}"
    );
    // The JUnit report as properties of the case, the HTML report in the case's note.
    let (junit, html) = (root.path().join("r.xml"), root.path().join("r.html"));
    let (code, _) = gridjudge_json(&[
        "judge",
        "--package",
        &dir,
        "--source",
        &search,
        "--relay-interaction",
        "--format",
        "json",
        "--junit",
        &junit.to_string_lossy(),
        "--html",
        &html.to_string_lossy(),
    ]);
    assert_eq!(code, Some(0));
    let xml = std::fs::read_to_string(&junit).expect("JUnit report");
    assert!(
        xml.contains(r#"name="program_bytes" value="9""#)
            && xml.contains(r#"name="interactor_bytes" value="21""#),
        "{xml}"
    );
    let page = std::fs::read_to_string(&html).expect("HTML report");
    assert!(
        page.contains("program wrote 9 B, interactor 21 B"),
        "{page}"
    );
    let direct = judge(false);
    assert!(direct.get("bytes").is_none(), "{direct:#}");
}

/// Rejects the first line at once.
const REJECTING_INTERACTOR: &str = r#"import sys
line = sys.stdin.readline()
with open(sys.argv[3] + "/judgemessage.txt", "w") as f:
    f.write(f"rejected {line.strip()!r} at once")
sys.exit(43)
"#;

#[test]
fn an_interactor_rejecting_at_once_wins_over_a_program_crashing_on_its_end_of_file() {
    // The program's end of file comes with the interactor's exit; crashing on it at
    // once (abort, an uncaught EOFError) must not make the program "end first". Eight
    // cases each, since a race shows in some runs only.
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("reject");
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2023-07\nname: Reject\ntype: interactive\nlimits:\n  time_limit: 1\n",
    );
    write(&dir, "output_validator/interactor.py", REJECTING_INTERACTOR);
    for i in 1..=8 {
        write(&dir, &format!("data/secret/{i}.in"), "37\n");
        write(&dir, &format!("data/secret/{i}.ans"), "37\n");
    }
    write(
        &dir,
        "submissions/wrong_answer/abort_on_eof.c",
        "#include <stdio.h>\n#include <stdlib.h>\nint main(void) { char b[64]; puts(\"50\"); fflush(stdout); if (!fgets(b, sizeof b, stdin)) abort(); return 0; }\n",
    );
    write(
        &dir,
        "submissions/wrong_answer/eof_error.py",
        "print(50, flush=True)\ninput()\n",
    );
    let dir = dir.to_string_lossy().into_owned();
    for relay in [false, true] {
        let mut args = vec!["verify-submissions", "--package", &dir, "--format", "json"];
        if relay {
            args.push("--relay-interaction");
        }
        let (code, doc) = gridjudge_json(&args);
        assert_eq!(code, Some(0), "relay {relay}: {doc:#}");
        for name in ["wrong_answer/abort_on_eof.c", "wrong_answer/eof_error.py"] {
            assert_eq!(row(&doc, name)["got"], "WA", "relay {relay}: {doc:#}");
        }
    }
}

#[test]
fn interactor_accepts_a_right_program() {
    assert_eq!(got("accepted/search.py").0, "AC");
}

#[test]
fn interactor_that_accepted_first_keeps_the_program_from_sigpipe() {
    assert_eq!(got("accepted/chatty.py").0, "AC");
}

#[test]
fn interactor_rejecting_while_the_program_writes_is_wa_not_rte() {
    let (verdict, message) = got("wrong_answer/flood.py");
    assert_eq!(verdict, "WA");
    assert!(message.contains("more than 10 guesses"), "{message}");
}

#[test]
fn program_ending_first_gets_the_interactors_rejection() {
    let (verdict, message) = got("wrong_answer/quits.py");
    assert_eq!(verdict, "WA");
    assert!(message.contains("end of file"), "{message}");
}

#[test]
fn interactor_rejecting_first_wins_over_a_program_that_then_hangs() {
    let (verdict, message) = got("wrong_answer/hangs.py");
    assert_eq!(verdict, "WA");
    assert!(message.contains("not a number"), "{message}");
}

#[test]
fn program_crashing_first_is_rte_though_the_interactor_rejects() {
    assert_eq!(got("run_time_error/crash.py").0, "RE");
}

#[test]
fn program_waiting_forever_is_stopped_at_its_wall_limit() {
    let (verdict, message) = got("time_limit_exceeded/silent.py");
    assert_eq!(verdict, "TLE");
    assert!(message.contains("wall"), "{message}");
}

#[test]
fn program_killed_by_its_limit_while_the_interactor_waits_is_tle() {
    // Its CPU limit, or on a loaded machine its wall limit first: TLE either way.
    assert_eq!(got("time_limit_exceeded/spin.py").0, "TLE");
}

#[test]
fn a_cpp_interactor_of_a_legacy_package_judges_the_same_way() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let pick = |names: &[&str]| -> Vec<(&str, &str)> {
        SUBMISSIONS
            .iter()
            .filter(|(n, _)| names.contains(n))
            .copied()
            .collect()
    };
    let dir = guess_package(
        root.path(),
        false,
        ("interactor.cpp", INTERACTOR_CPP),
        &pick(&[
            "accepted/search.py",
            "wrong_answer/flood.py",
            "run_time_error/crash.py",
        ]),
    );
    let (code, doc) =
        gridjudge_json(&["verify-submissions", "--package", &dir, "--format", "json"]);
    assert_eq!(code, Some(0), "{doc:#}");
    assert_eq!(row(&doc, "wrong_answer/flood.py")["got"], "WA", "{doc:#}");
    // Every report of `judge --package` says who ended the interaction.
    let source = Path::new(&dir).join("submissions/accepted/search.py");
    let (junit, html) = (root.path().join("r.xml"), root.path().join("r.html"));
    let (code, doc) = gridjudge_json(&[
        "judge",
        "--package",
        &dir,
        "--source",
        source.to_str().expect("UTF-8"),
        "--format",
        "json",
        "--junit",
        junit.to_str().expect("UTF-8"),
        "--html",
        html.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, Some(0), "{doc:#}");
    let case = &doc["problems"][0]["cases"][0];
    assert_eq!(case["verdict"], "AC", "{case:#}");
    assert_eq!(case["protocol"]["passes"], 1, "{case:#}");
    assert_eq!(case["protocol"]["validator"], "exit 42", "{case:#}");
    assert!(case["protocol"]["ended_first"].is_string(), "{case:#}");
    let xml = std::fs::read_to_string(&junit).expect("JUnit written");
    assert!(
        xml.contains(r#"<property name="validator" value="exit 42"/>"#),
        "{xml}"
    );
    let page = std::fs::read_to_string(&html).expect("HTML written");
    assert!(page.contains("interactor exit 42"), "{page}");
}

#[test]
fn an_interactor_that_fails_is_a_judge_error() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = guess_package(
        root.path(),
        true,
        (
            "interactor.py",
            "import sys\nsys.stdin.readline()\nsys.exit(1)\n",
        ),
        &[("accepted/search.py", SEARCH)],
    );
    let source = Path::new(&dir).join("submissions/accepted/search.py");
    let (code, doc) = gridjudge_json(&[
        "judge",
        "--package",
        &dir,
        "--source",
        source.to_str().expect("UTF-8"),
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(3), "{doc:#}");
    let case = &doc["problems"][0]["cases"][0];
    assert_eq!(case["verdict"], "JE", "{case:#}");
    assert!(
        case["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("interactor")),
        "{case:#}"
    );
}

/// A multi-pass validator: pass 1 (`first N`) wants 2N, keeps N in the feedback folder
/// and asks for pass 2 (`second 2N`), which wants 4N and checks the kept N. Inputs
/// `bad` and `loop` misbehave: `nextpass.in` with a rejection, and passes forever.
const MULTI_VALIDATOR: &str = r#"import os, sys
inp, ans, fb = sys.argv[1], sys.argv[2], sys.argv[3]
words = open(inp).read().split()
out = sys.stdin.read().split()
def verdict(code, why):
    with open(os.path.join(fb, "judgemessage.txt"), "w") as f:
        f.write(why)
    sys.exit(code)
def next_pass(text):
    with open(os.path.join(fb, "nextpass.in"), "w") as f:
        f.write(text)
if words[0] == "bad":
    next_pass("second 2\n")
    verdict(43, "rejected with a next pass")
if words[0] == "loop":
    next_pass("loop\n")
    verdict(42, "again")
n = int(words[1])
if words[0] == "first":
    if out != [str(2 * n)]:
        verdict(43, f"pass 1: {out} is not {2 * n}")
    with open(os.path.join(fb, "kept"), "w") as f:
        f.write(str(n))
    next_pass(f"second {2 * n}\n")
    verdict(42, "pass 1 done")
kept = int(open(os.path.join(fb, "kept")).read())
if n != 2 * kept or out != [str(2 * n)]:
    verdict(43, f"pass 2: {out} is not {2 * n}")
verdict(42, "pass 2 done")
"#;

#[test]
fn multi_pass_keeps_the_feedback_folder_and_refuses_broken_validators() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("twice");
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2023-07\nname: Twice\ntype: multi-pass\nlimits:\n  time_limit: 1\n  validation_passes: 3\n",
    );
    write(&dir, "output_validator/validate.py", MULTI_VALIDATOR);
    write(&dir, "data/secret/1.in", "first 5\n");
    write(&dir, "data/secret/1.ans", "-\n");
    write(
        &dir,
        "submissions/accepted/double.py",
        "w = input().split()\nprint(2 * int(w[1]) if len(w) > 1 else 0)\n",
    );
    // Right in pass 1, wrong in pass 2: only a second pass catches it.
    write(
        &dir,
        "submissions/wrong_answer/once.py",
        "w = input().split()\nprint(2 * int(w[1]) if w[0] == 'first' else 1)\n",
    );
    let dir_s = dir.to_string_lossy().into_owned();
    let (code, doc) = gridjudge_json(&[
        "verify-submissions",
        "--package",
        &dir_s,
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0), "{doc:#}");
    let once = row(&doc, "wrong_answer/once.py");
    assert!(
        once["message"]
            .as_str()
            .is_some_and(|m| m.contains("pass 2")),
        "{once:#}"
    );
    // The judge's report counts the passes.
    let source = dir.join("submissions/accepted/double.py");
    let judge = |extra_cases: &[(&str, &str)]| {
        for (name, input) in extra_cases {
            write(&dir, &format!("data/secret/{name}.in"), input);
            write(&dir, &format!("data/secret/{name}.ans"), "-\n");
        }
        gridjudge_json(&[
            "judge",
            "--package",
            &dir_s,
            "--source",
            source.to_str().expect("UTF-8"),
            "--format",
            "json",
        ])
    };
    let (code, doc) = judge(&[("2", "bad\n"), ("3", "loop\n")]);
    assert_eq!(code, Some(3), "{doc:#}");
    let cases = &doc["problems"][0]["cases"];
    assert_eq!(cases[0]["verdict"], "AC", "{doc:#}");
    assert_eq!(cases[0]["protocol"]["passes"], 2, "{doc:#}");
    assert_eq!(cases[1]["verdict"], "JE", "{doc:#}");
    assert!(
        cases[1]["message"]
            .as_str()
            .is_some_and(|m| m.contains("nextpass.in") && m.contains("exit 43")),
        "{doc:#}"
    );
    assert_eq!(cases[2]["verdict"], "JE", "{doc:#}");
    assert!(
        cases[2]["message"]
            .as_str()
            .is_some_and(|m| m.contains("validation_passes is 3")),
        "{doc:#}"
    );
    assert_eq!(cases[2]["protocol"]["passes"], 3, "{doc:#}");
}

/// An interactor that writes the whole input, closes its output and then waits for the
/// answer ("pseudo-interactive"): the program reads to end of file.
const PSEUDO_INTERACTOR: &str = r#"import os, sys
numbers = open(sys.argv[1]).read().split()
sys.stdout.write("\n".join(numbers) + "\n")
sys.stdout.flush()
os.close(sys.stdout.fileno())
answer = sys.stdin.readline().strip()
if answer != str(sum(map(int, numbers))):
    with open(sys.argv[3] + "/judgemessage.txt", "w") as f:
        f.write(f"got {answer!r}")
    sys.exit(43)
sys.exit(42)
"#;

#[test]
fn an_interactor_closing_its_output_ends_the_programs_input() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("pseudo");
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Pseudo\ntype: interactive\nlimits:\n  time_limit: 1\n",
    );
    write(&dir, "output_validator/interactor.py", PSEUDO_INTERACTOR);
    write(&dir, "data/secret/1.in", "1 2 3 4\n");
    write(&dir, "data/secret/1.ans", "10\n");
    write(
        &dir,
        "submissions/accepted/to_eof.py",
        "import sys\nprint(sum(map(int, sys.stdin.read().split())))\n",
    );
    let dir = dir.to_string_lossy().into_owned();
    let (code, doc) =
        gridjudge_json(&["verify-submissions", "--package", &dir, "--format", "json"]);
    assert_eq!(code, Some(0), "{doc:#}");
}

/// Guess the number twice: after the first `correct` the interactor asks for a second
/// pass with another number, counting passes in the feedback folder.
const TWICE_INTERACTOR: &str = r#"import os, sys
secret = int(open(sys.argv[1]).read().split()[0])
fb = sys.argv[3]
count = os.path.join(fb, "passes")
passes = int(open(count).read()) + 1 if os.path.exists(count) else 1
open(count, "w").write(str(passes))
for n in range(1, 11):
    line = sys.stdin.readline()
    if not line or int(line) != secret:
        if line:
            print("lower" if int(line) > secret else "higher", flush=True)
            continue
        open(os.path.join(fb, "judgemessage.txt"), "w").write(f"pass {passes}: end of file")
        sys.exit(43)
    print("correct", flush=True)
    if passes == 1:
        open(os.path.join(fb, "nextpass.in"), "w").write(str(100 - secret) + "\n")
    sys.exit(42)
open(os.path.join(fb, "judgemessage.txt"), "w").write(f"pass {passes}: too many guesses")
sys.exit(43)
"#;

#[test]
fn an_interactive_multi_pass_problem_runs_both_passes_through_the_interactor() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("twice");
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2023-07\nname: Twice\ntype: [interactive, multi-pass]\nlimits:\n  time_limit: 1\n",
    );
    write(&dir, "output_validator/interactor.py", TWICE_INTERACTOR);
    write(&dir, "data/secret/1.in", "37\n");
    write(&dir, "data/secret/1.ans", "37\n");
    write(&dir, "submissions/accepted/search.py", SEARCH);
    // Right in the first pass only: it always starts at 37.
    write(
        &dir,
        "submissions/wrong_answer/fixed.py",
        "print(37, flush=True)\ninput()\n",
    );
    let dir_s = dir.to_string_lossy().into_owned();
    let (code, doc) = gridjudge_json(&[
        "verify-submissions",
        "--package",
        &dir_s,
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0), "{doc:#}");
    let fixed = row(&doc, "wrong_answer/fixed.py");
    assert!(
        fixed["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("pass 2")),
        "{fixed:#}"
    );
}

/// A testlib-convention interactor (`interactor INPUT OUTPUT ANSWER`, exit 0 OK, 1 WA,
/// 2 PE, 3 FAIL, the reason on stderr), with a header of its own beside it the way
/// `testlib.h` is.
const TESTLIB_HEADER: &str = "#define OK 0\n#define WA 1\n#define PE 2\n";
const TESTLIB_INTERACTOR: &str = r#"#include <cstdio>
#include "mini_testlib.h"
int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *in = std::fopen(argv[1], "r");
    FILE *tout = std::fopen(argv[2], "w");
    int secret = 0;
    if (!in || !tout || std::fscanf(in, "%d", &secret) != 1) return 3;
    for (int n = 1; n <= 10; n++) {
        char word[32];
        if (std::scanf("%31s", word) != 1) { std::fprintf(stderr, "wrong answer no guess\n"); return WA; }
        int guess;
        if (std::sscanf(word, "%d", &guess) != 1) { std::fprintf(stderr, "presentation error %s\n", word); return PE; }
        if (guess == secret) { std::printf("correct\n"); std::fflush(stdout); std::fprintf(tout, "%d\n", n); std::fprintf(stderr, "ok %d guesses\n", n); return OK; }
        std::printf(guess > secret ? "lower\n" : "higher\n");
        std::fflush(stdout);
    }
    std::fprintf(stderr, "wrong answer too many guesses\n");
    return WA;
}
"#;

#[test]
fn judge_interactor_runs_a_testlib_interactor_for_a_problem_folder() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("guess");
    write(
        &dir,
        "problem.toml",
        "problem = \"poj3074\"\ntitle = \"Guess\"\n[limits]\ntime_seconds = 1.0\nmemory_mib = 256\n[checker]\ntype = \"builtin\"\n",
    );
    write(&dir, "data/secret/1.in", "37\n");
    write(&dir, "data/secret/1.ans", "37\n");
    let tools = root.path().join("tools");
    write(&tools, "mini_testlib.h", TESTLIB_HEADER);
    write(&tools, "interactor.cpp", TESTLIB_INTERACTOR);
    let interactor = tools.join("interactor.cpp");
    let judge = |name: &str, program: &str| {
        let source = root.path().join(name);
        std::fs::write(&source, program).expect("write");
        gridjudge_json(&[
            "judge",
            dir.to_str().expect("UTF-8"),
            "--interactor",
            interactor.to_str().expect("UTF-8"),
            "--source",
            source.to_str().expect("UTF-8"),
            "--format",
            "json",
        ])
    };
    for (name, program, verdict, says) in [
        ("search.py", SEARCH, "AC", "ok 3 guesses"),
        (
            "flood.py",
            "while True:\n    print(50, flush=True)\n",
            "WA",
            "too many guesses",
        ),
        (
            "words.py",
            "print('fifty', flush=True)\ninput()\n",
            "PE",
            "fifty",
        ),
    ] {
        let (_, doc) = judge(name, program);
        let case = &doc["problems"][0]["cases"][0];
        assert_eq!(case["verdict"], verdict, "{name}: {case:#}");
        assert!(
            case["message"].as_str().is_some_and(|m| m.contains(says)),
            "{name}: {case:#}"
        );
    }
}

/// Binary search after 0.6 s of CPU time (on its own CPU clock): on a loaded CPU, a
/// program that keeps the interactor waiting for seconds while it waits for a CPU.
const SLOW_SEARCH_C: &str = r#"#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>
static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
int main(void) {
    volatile unsigned long sink = 0;
    while (cpu_ms() < 600)
        for (int i = 0; i < 10000; i++) sink += i;
    int lo = 1, hi = 100;
    char reply[32];
    for (;;) {
        int mid = (lo + hi) / 2;
        printf("%d\n", mid);
        fflush(stdout);
        if (scanf("%31s", reply) != 1) return 1;
        if (!strcmp(reply, "correct")) return 0;
        if (!strcmp(reply, "lower")) hi = mid - 1; else lo = mid + 1;
    }
}
"#;

#[test]
fn a_program_waiting_for_a_cpu_never_makes_the_interactor_a_judge_error() {
    let _machine = support::machine::alone();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = guess_package(
        root.path(),
        true,
        ("interactor.py", INTERACTOR_PY),
        &[("accepted/slow.c", SLOW_SEARCH_C)],
    );
    // Ten busy loops and the whole judge on CPU 0: the program gets about a tenth of
    // it, so its 0.6 s of CPU take some 6 s, past the interactor's own wall limit
    // (the program's 1 s plus 3 s) unless the program's wait is credited to it too.
    let mut hogs: Vec<std::process::Child> = (0..10)
        .map(|_| {
            Command::new("taskset")
                .args(["-c", "0", "sh", "-c", "while :; do :; done"])
                .spawn()
                .expect("start a busy loop")
        })
        .collect();
    let out = Command::new("taskset")
        .args(["-c", "0", env!("CARGO_BIN_EXE_gridjudge")])
        .args(["verify-submissions", "--package", &dir, "--format", "json"])
        .args(["--wall-limit", "1"])
        .output()
        .expect("gridjudge runs");
    for h in &mut hogs {
        let _ = h.kill();
        let _ = h.wait();
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let doc: Value = serde_json::from_str(text.trim())
        .unwrap_or_else(|e| panic!("{e}: {text}\n{}", String::from_utf8_lossy(&out.stderr)));
    let r = row(&doc, "accepted/slow.c");
    assert_eq!(r["got"], "AC", "{r:#}");
    assert_eq!(r["ok"], true, "{r:#}");
    assert_eq!(out.status.code(), Some(0), "{doc:#}");
}

#[test]
fn a_program_blocked_on_an_interactor_waiting_for_a_cpu_is_not_given_a_tle() {
    let _machine = support::machine::alone();
    let root = tempfile::tempdir().expect("temp dir");
    // The interactor spends 0.6 s of CPU before its first reply; the program spends
    // almost none and blocks on it.
    let slow_interactor = INTERACTOR_CPP.replace(
        "    for (int n = 1; n <= 10; n++) {",
        "    struct timespec t;\n    do clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);\n    \
         while (t.tv_sec * 1000 + t.tv_nsec / 1000000 < 600);\n    \
         for (int n = 1; n <= 10; n++) {",
    );
    let slow_interactor = format!("#include <ctime>\n{slow_interactor}");
    let quick_search = SLOW_SEARCH_C.replace("cpu_ms() < 600", "cpu_ms() < 0");
    let dir = guess_package(
        root.path(),
        true,
        ("interactor.cpp", &slow_interactor),
        &[("accepted/quick.c", &quick_search)],
    );
    // Ten busy loops and the whole judge on CPU 0: the interactor gets about a tenth of
    // it, so its 0.6 s of CPU take some 6 s, far past the program's 1 s wall limit,
    // which the program spends blocked on the interactor, unless the interactor's wait
    // is credited to the program too.
    let mut hogs: Vec<std::process::Child> = (0..10)
        .map(|_| {
            Command::new("taskset")
                .args(["-c", "0", "sh", "-c", "while :; do :; done"])
                .spawn()
                .expect("start a busy loop")
        })
        .collect();
    let out = Command::new("taskset")
        .args(["-c", "0", env!("CARGO_BIN_EXE_gridjudge")])
        .args(["verify-submissions", "--package", &dir, "--format", "json"])
        .args(["--wall-limit", "1"])
        .output()
        .expect("gridjudge runs");
    for h in &mut hogs {
        let _ = h.kill();
        let _ = h.wait();
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let doc: Value = serde_json::from_str(text.trim())
        .unwrap_or_else(|e| panic!("{e}: {text}\n{}", String::from_utf8_lossy(&out.stderr)));
    let r = row(&doc, "accepted/quick.c");
    assert_eq!(r["got"], "AC", "{r:#}");
    assert_eq!(r["ok"], true, "{r:#}");
    assert_eq!(out.status.code(), Some(0), "{doc:#}");
}
