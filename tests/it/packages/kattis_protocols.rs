//! The Kattis validator protocols: `check --kattis PROBLEM INPUT ANSWER
//! FEEDBACK_DIR < OUTPUT` exits 42 / 43 with the reason in `judgemessage.txt`, and 3 with
//! the reason on stderr for a broken INPUT or ANSWER (any code but 42/43 is a judge
//! error to Kattis); `validate --kattis PROBLEM < INPUT` exits 42 / 43. Flags a judge
//! passes after the fixed arguments are accepted.

use crate::support;

use std::io::Write;
use std::process::{Command, Stdio};
use support::samples;

const PROBLEMS: [&str; 5] = ["poj3074", "poj2676", "hdu3338", "poj3076", "kakuro"];

fn run(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn check_kattis_accepts_rejects_and_explains() {
    let _machine = support::machine::shared();
    for p in PROBLEMS {
        let feedback = tempfile::tempdir().unwrap();
        let fb = feedback.path().to_str().unwrap();
        let (inp, ans) = (
            samples::arg(&format!("{p}.in")),
            samples::arg(&format!("{p}.ans")),
        );
        let answer = std::fs::read(&ans).unwrap();
        let message = || std::fs::read_to_string(feedback.path().join("judgemessage.txt")).unwrap();
        let args = ["check", "--kattis", p, &inp, &ans, fb];
        assert_eq!(run(&args, &answer).0, 42, "{p}");
        assert!(message().starts_with("AC"), "{p}: {}", message());
        // With the flags a Kattis judge may pass along.
        let flagged = [
            "check",
            "--kattis",
            p,
            &inp,
            &ans,
            fb,
            "case_sensitive",
            "float_tolerance",
            "1e-6",
        ];
        assert_eq!(run(&flagged, &answer).0, 42, "{p}");
        // Wrong: truncated output.
        assert_eq!(run(&args, &answer[..answer.len() / 2]).0, 43, "{p}");
        assert!(!message().is_empty());
        // A presentation error is a wrong answer for Kattis, said so.
        let crlf = gridjudge::fuzzing::check::crlf(&answer);
        assert_eq!(run(&args, &crlf).0, 43, "{p}");
        assert!(message().starts_with("presentation"), "{p}: {}", message());
        // A broken jury answer: neither 42 nor 43, the reason on stderr.
        let (code, err) = run(&["check", "--kattis", p, &inp, &inp, fb], &answer);
        assert_eq!(code, 3, "{p}");
        assert!(err.contains("jury answer"), "{p}: {err}");
    }
}

#[test]
fn validate_kattis_accepts_valid_inputs_and_locates_the_rest() {
    let _machine = support::machine::shared();
    for p in PROBLEMS {
        let input = samples::bytes(&format!("{p}.in"));
        assert_eq!(run(&["validate", "--kattis", p], &input).0, 42, "{p}");
        let mut junk = input.clone();
        junk.extend_from_slice(b"junk\n");
        let (code, err) = run(&["validate", "--kattis", p], &junk);
        assert_eq!(code, 43, "{p}");
        assert!(err.contains("line") && err.contains("col"), "{p}: {err}");
        let (code, _) = run(
            &["validate", "--kattis", p, "some_flag"],
            &input[..input.len() / 2],
        );
        assert_eq!(code, 43, "{p}");
    }
    // Without --kattis, validator flags are a usage error.
    assert_eq!(
        run(&["validate", "poj3074", "-", "some_flag"], b"end\n").0,
        64
    );
}
