//! Setter code in the sandbox: a hostile output validator
//! (`tests/data/packages/hostile_validator`) reaches nothing of the host (no
//! `/etc/shadow`, no `/root`, no host processes, no `/tmp`, no TCP, no links in its
//! feedback folder), sees its case files at `/jury/…`, runs as a uid of its own (never
//! the program's) and still judges AC and WA; a probing grader reaches nothing of the
//! host either; an interactor's CPU time is never the program's; a validator over its
//! output limit is a judge error naming the limit, and its processes and descriptors stop
//! at limits of its own.

use super::write;
use crate::support;

use serde_json::Value;
use std::process::Command;

/// `verify-submissions --package DIR --format json --no-data-check`: the exit code and
/// the document. The validators here probe the host or flood their output, and their
/// answers are not team output: the data check would refuse the packages before the
/// runs these tests are about.
fn verify(dir: &str) -> (Option<i32>, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify-submissions", "--package", dir, "--format", "json"])
        .arg("--no-data-check")
        .output()
        .expect("gridjudge runs");
    let doc = serde_json::from_slice(&out.stdout).unwrap_or_else(|_| {
        panic!(
            "no JSON: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code(), doc)
}

fn row<'a>(doc: &'a Value, name: &str) -> &'a Value {
    doc["submissions"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["submission"] == name))
        .unwrap_or_else(|| panic!("no row {name}: {doc:#}"))
}

#[test]
fn a_hostile_validator_sees_none_of_the_host_and_runs_as_a_uid_of_its_own() {
    let _machine = support::machine::shared();
    let dir = format!(
        "{}/tests/data/packages/hostile_validator",
        env!("CARGO_MANIFEST_DIR")
    );
    let (code, doc) = verify(&dir);
    // Any probe that succeeded turns the accepted submission into "leaks: …".
    let accepted = row(&doc, "accepted/double.py");
    assert_eq!(accepted["got"], "AC", "{accepted:#}");
    let wrong = row(&doc, "wrong_answer/off_by_one.py");
    assert_eq!(wrong["got"], "WA", "{wrong:#}");
    assert_eq!(code, Some(0), "{doc:#}");
    // "wrong answer (uid 61700, program uid 61002, 2 processes)"
    let message = wrong["message"].as_str().unwrap_or_default();
    let uid = |after: &str| -> u32 {
        let rest =
            &message[message.find(after).unwrap_or_else(|| panic!("{message}")) + after.len()..];
        rest.split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{message}"))
    };
    let (validator, program) = (uid("(uid "), uid("program uid "));
    assert!(
        (61700..62000).contains(&validator),
        "the validator's uid is leased from 61700: {message}"
    );
    assert_ne!(validator, program, "{message}");
}

/// An interactor that burns 0.8 s of CPU before it asks for the program's line.
const BURNING_INTERACTOR: &str = r#"import sys, time
start = time.process_time()
while time.process_time() - start < 0.8:
    pass
print("go", flush=True)
line = sys.stdin.readline()
with open(sys.argv[3] + "/judgemessage.txt", "w") as f:
    f.write("got %r" % line.strip())
sys.exit(42 if line.strip() == "done" else 43)
"#;

#[test]
fn an_interactors_cpu_time_is_never_the_programs() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("burn");
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2023-07\nname: Burn\ntype: interactive\nlimits:\n  time_limit: 3\n  time_multipliers: {time_limit_to_tle: 1}\n",
    );
    write(&dir, "output_validator/interactor.py", BURNING_INTERACTOR);
    write(&dir, "data/secret/1.in", "1\n");
    write(&dir, "data/secret/1.ans", "1\n");
    write(
        &dir,
        "submissions/accepted/wait.py",
        "input()\nprint('done', flush=True)\n",
    );
    let (code, doc) = verify(&dir.to_string_lossy());
    let r = row(&doc, "accepted/wait.py");
    assert_eq!(r["got"], "AC", "{r:#}");
    assert_eq!(code, Some(0), "{doc:#}");
    let cpu = r["max_cpu"].as_f64().unwrap_or(f64::MAX);
    assert!(cpu < 0.4, "the program is charged {cpu} s: {r:#}");
}

#[test]
fn a_validator_over_its_output_limit_is_a_judge_error_naming_it() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("flood");
    write(&dir, "problem.yaml", "name: Flood\nvalidation: custom\n");
    write(
        &dir,
        "output_validators/flood.py",
        "import sys\nsys.stdout.write('x' * (65 << 20))\nsys.stdout.flush()\nsys.exit(42)\n",
    );
    write(&dir, "data/secret/1.in", "1\n");
    write(&dir, "data/secret/1.ans", "1\n");
    write(&dir, "submissions/accepted/one.py", "print(1)\n");
    let (_, doc) = verify(&dir.to_string_lossy());
    let r = row(&doc, "accepted/one.py");
    assert_eq!(r["got"], "JE", "{r:#}");
    let message = r["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("output validator failed (OLE") && message.contains("limit"),
        "{message}"
    );
}

/// A grader that probes the host first: any probe that succeeds is a failure naming it
/// (exit 1, "leaks: …"); confined, it grades as the first rejection, the sum of scores.
const PROBING_GRADER: &str = r#"import os, sys
leaks = []
for name, attempt in [
    ("read /etc/shadow", lambda: open("/etc/shadow").read()),
    ("list /root", lambda: os.listdir("/root")),
    ("write /tmp", lambda: open("/tmp/gridjudge-hostile-grader-probe", "w").write("x")),
]:
    try:
        attempt()
        leaks.append(name)
    except Exception:
        pass
if len([p for p in os.listdir("/proc") if p.isdigit()]) > 8:
    leaks.append("host processes")
if os.getuid() < 61700:
    leaks.append("uid %d" % os.getuid())
if leaks:
    print("leaks: " + "; ".join(leaks), file=sys.stderr)
    sys.exit(1)
rows = [l.split() for l in sys.stdin if l.strip()]
verdict = next((v for v, _ in rows if v != "AC"), "AC")
print(verdict, sum(float(s) for _, s in rows))
"#;

#[test]
fn a_hostile_grader_sees_none_of_the_host() {
    use super::scoring::{data, got, json, validator};
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("graded");
    write(
        &dir,
        "problem.yaml",
        "name: Sum\ntype: scoring\nvalidation: custom score\nlimits:\n  memory: 64\n",
    );
    write(
        &dir,
        "output_validators/v/validate.py",
        &validator("score.txt", Some("10"), "4"),
    );
    data(&dir);
    write(
        &dir,
        "data/testdata.yaml",
        "on_reject: continue\ngrading: custom\nrange: 0 90\n",
    );
    write(&dir, "graders/grader.py", PROBING_GRADER);
    let (_, doc) = json(&dir);
    let (verdict, _, _) = got(&doc, "accepted/sum.py");
    assert_eq!(verdict, "AC", "{doc:#}");
}

/// An output validator that forks until it cannot and opens files until it cannot,
/// then reports both counts as its rejection message.
const GREEDY_VALIDATOR: &str = r#"import os, sys
r, w = os.pipe()
kids = 0
for _ in range(300):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        os.close(w)
        os.read(r, 1)
        os._exit(0)
    kids += 1
os.close(w)
for _ in range(kids):
    os.wait()
files = []
for _ in range(300):
    try:
        files.append(open("/jury/input"))
    except OSError:
        break
opened = len(files)
for f in files:
    f.close()
with open(sys.argv[3] + "judgemessage.txt", "w") as m:
    m.write("forked %d opened %d" % (kids, opened))
sys.exit(43)
"#;

/// A validator's processes and descriptors are bounded by limits of its own (64 each,
/// docs/sandbox.md): forking and opening work, and stop there, not at the host's
/// limits (300 of each would succeed unconfined).
#[test]
fn a_validators_processes_and_descriptors_are_bounded() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("greedy");
    write(&dir, "problem.yaml", "name: Greedy\nvalidation: custom\n");
    write(&dir, "output_validators/greedy.py", GREEDY_VALIDATOR);
    write(&dir, "data/secret/1.in", "1\n");
    write(&dir, "data/secret/1.ans", "1\n");
    write(&dir, "submissions/wrong_answer/one.py", "print(1)\n");
    let (_, doc) = verify(&dir.to_string_lossy());
    let r = row(&doc, "wrong_answer/one.py");
    assert_eq!(r["got"], "WA", "{r:#}");
    let message = r["message"].as_str().unwrap_or_default();
    let count = |word: &str| -> u32 {
        message
            .split_whitespace()
            .skip_while(|w| *w != word)
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no `{word} N` in {message:?}"))
    };
    let (kids, opened) = (count("forked"), count("opened"));
    assert!((8..64).contains(&kids), "forked {kids}: {message}");
    assert!((8..64).contains(&opened), "opened {opened}: {message}");
}
