//! `gridjudge solve` and `gridjudge count` on inputs whose output spans many chunks: the
//! commands read the input case by case and write their output a chunk (64 KiB) at a
//! time (`src/plan/solve.rs`), and these tests hold them to what one buffered write gave:
//! the same bytes, nothing written for an input that does not parse (however late its
//! fault), the solved cases written around an unsolvable one, and a reader that goes
//! away early ending the command quietly.

use crate::support;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use support::samples;

/// Copies of the sample's cases in a large judge input: (input, expected output).
/// poj3074: 2 puzzles × 1,000 = 164 KB of output, three chunks and a part.
fn poj3074_big(copies: usize) -> (String, String) {
    let puzzles: Vec<String> = samples::lines("poj3074.in")
        .into_iter()
        .filter(|l| l != "end")
        .collect();
    let answers = samples::text("poj3074.ans");
    let mut input = String::new();
    for _ in 0..copies {
        for p in &puzzles {
            input.push_str(p);
            input.push('\n');
        }
    }
    input.push_str("end\n");
    (input, answers.repeat(copies))
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_many_chunk_output_is_the_answers_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let (input, expected) = poj3074_big(1_000);
    assert!(expected.len() > 2 * 64 * 1024);
    let file = write(dir.path(), "big.in", &input);
    for solver in ["dfs", "dlx"] {
        let out = run(&[
            "solve",
            "poj3074",
            "--solver",
            solver,
            file.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{solver}");
        assert!(out.stderr.is_empty(), "{solver}");
        assert!(
            out.stdout == expected.as_bytes(),
            "{solver}: output differs"
        );
    }
    // count: one line per case.
    let out = run(&["count", "poj3074", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, "1\n".repeat(2_000).as_bytes());
}

/// poj3076 separates answers by an empty line: the separators survive the chunking.
#[test]
fn separators_between_answers_survive_the_chunks() {
    let dir = tempfile::tempdir().unwrap();
    let (one_in, one_ans) = (samples::text("poj3076.in"), samples::text("poj3076.ans"));
    let copies = 300; // 300 × 272 bytes: two chunks and a part
    let input = vec![one_in.as_str(); copies].join("\n");
    let expected = vec![one_ans.as_str(); copies].join("\n");
    let file = write(dir.path(), "big.in", &input);
    let out = run(&["solve", "poj3076", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout == expected.as_bytes(), "output differs");
}

/// A fault in the last line of a large input: exit 3 and nothing on stdout (the whole
/// input is read before any case is solved), the error located on its line.
#[test]
fn a_late_parse_error_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (input, _) = poj3074_big(1_000);
    let broken = input.replace("\nend\n", "x\nend\n");
    let file = write(dir.path(), "broken.in", &broken);
    for cmd in ["solve", "count"] {
        let out = run(&[cmd, "poj3074", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(3), "{cmd}");
        assert!(
            out.stdout.is_empty(),
            "{cmd}: wrote {} bytes",
            out.stdout.len()
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("line 2000, col 82"), "{cmd}: {err}");
    }
}

/// An unsolvable case in the middle: exit 1, it is named on stderr, and every other
/// case's answer is written in order.
#[test]
fn an_unsolvable_case_is_named_and_the_others_written() {
    let dir = tempfile::tempdir().unwrap();
    let (input, expected) = poj3074_big(1_000);
    let unsolvable =
        "12345678.........9...............................................................";
    let mut lines: Vec<&str> = input.lines().collect();
    lines.insert(1_200, unsolvable);
    let file = write(dir.path(), "one_bad.in", &(lines.join("\n") + "\n"));
    let out = run(&["solve", "poj3074", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("case 1201:"), "{err}");
    assert!(out.stdout == expected.as_bytes(), "output differs");
}

/// A reader that stops after the first bytes (`| head -c 100`): the command stops
/// without an error message and exits 0 (a closed pipe is the reader's choice).
#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let (input, expected) = poj3074_big(20_000); // 3.3 MB of output
    let file = write(dir.path(), "huge.in", &input);
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args([
            "solve",
            "poj3074",
            "--solver",
            "dfs",
            file.to_str().unwrap(),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 100];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // stdout is dropped (closed) here.
    let out = child.wait_with_output().unwrap();
    assert_eq!(&first[..], &expected.as_bytes()[..100]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// stdin works the same as a file (read whole, then case by case).
#[test]
fn stdin_is_read_whole_then_case_by_case() {
    let (input, expected) = poj3074_big(1_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["solve", "poj3074"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout == expected.as_bytes(), "output differs");
}

/// `count` prints each case's count, `>= N` at the limit: a unique puzzle, the empty
/// grid (every Sudoku), and one with no solution, with both solvers and two limits.
#[test]
fn count_prints_each_count_and_the_limit_reached() {
    let dir = tempfile::tempdir().unwrap();
    let unique = samples::lines("poj3074.in").remove(0);
    let empty = ".".repeat(81);
    let none = "12345678.........9...............................................................";
    let file = write(
        dir.path(),
        "mixed.in",
        &format!("{unique}\n{empty}\n{none}\nend\n"),
    );
    for solver in ["dfs", "dlx"] {
        for (limit, expected) in [("2", "1\n>= 2\n0\n"), ("5", "1\n>= 5\n0\n")] {
            let out = run(&[
                "count",
                "poj3074",
                "--solver",
                solver,
                "--limit",
                limit,
                file.to_str().unwrap(),
            ]);
            assert_eq!(out.status.code(), Some(0), "{solver} {limit}");
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                expected,
                "{solver} --limit {limit}"
            );
        }
    }
}
