//! The checkers compare an output as a stream: what they allocate does not grow with
//! the output's length. A Sudoku or Kakuro output followed by a million forgiven blank
//! lines or with a million blank lines inside (a presentation error), and Kattis default-validator outputs of a million tokens (trailing tokens,
//! numbers within a float tolerance, case-insensitive words, space-sensitive
//! whitespace), are checked with as many allocations as their thousand-line versions
//! (the test binary's allocator counts them per thread), and with the same messages.

use crate::solvers::kakuro::alloc_count::count;
use crate::support;

use gridjudge::check::check;
use gridjudge::package::default_output_validator::{judge, Flags};
use gridjudge::{Problem, Verdict};

/// A text of `n` times `unit` after `head`, built in one allocation.
fn text(head: &str, unit: &str, n: usize) -> String {
    let mut s = String::with_capacity(head.len() + unit.len() * n);
    s.push_str(head);
    for _ in 0..n {
        s.push_str(unit);
    }
    s
}

/// What the default validator says of `answer(n)` and `output(n)`, and its allocations,
/// for a short `n` and a long one.
fn judged(
    answer: impl Fn(usize) -> String,
    output: impl Fn(usize) -> String,
    flags: &[&str],
) -> [(Result<(), String>, u64); 2] {
    let flags = Flags::parse(flags).expect("flags");
    [1_000, 1_000_000].map(|n| {
        let (a, o) = (answer(n), output(n));
        let mut result = Ok(());
        let allocations = count(|| result = judge(a.as_bytes(), o.as_bytes(), &flags));
        (result, allocations)
    })
}

#[test]
fn the_builtin_checker_allocates_the_same_for_a_million_blank_lines() {
    for problem in [Problem::Poj3074, Problem::Hdu3338] {
        let input = support::samples::input(problem);
        let answer = support::samples::answer(problem);
        let outputs: Vec<Vec<u8>> = [1_000, 1_000_000]
            .into_iter()
            .map(|n| {
                let mut o = answer.clone();
                o.extend(std::iter::repeat_n(b"  \n".as_slice(), n).flatten());
                o
            })
            .collect();
        let run = |output: &[u8]| check(problem, &input, output, Some(&answer));
        let (a, b) = (count(|| run(&outputs[0])), count(|| run(&outputs[1])));
        assert_eq!(run(&outputs[1]).verdict, Verdict::Accepted, "{problem:?}");
        assert_eq!(
            a, b,
            "{problem:?}: {a} allocations for 1e3 lines, {b} for 1e6"
        );
        // Blank lines between the first two lines of the grids: a presentation error at
        // line 2, found without a slice per line of the rest.
        let first_line = answer.iter().position(|&b| b == b'\n').expect("a line") + 1;
        let spaced: Vec<Vec<u8>> = [1_000, 1_000_000]
            .into_iter()
            .map(|n| {
                let mut o = answer[..first_line].to_vec();
                o.extend(std::iter::repeat_n(b'\n', n));
                o.extend_from_slice(&answer[first_line..]);
                o
            })
            .collect();
        let (a, b) = (count(|| run(&spaced[0])), count(|| run(&spaced[1])));
        let outcome = run(&spaced[1]);
        assert_eq!(outcome.verdict, Verdict::PresentationError, "{problem:?}");
        assert!(
            outcome
                .message
                .starts_with("layout differs at line 2, col 1: expected "),
            "{problem:?}: {}",
            outcome.message
        );
        assert_eq!(
            a, b,
            "{problem:?}: {a} allocations for 1e3 blank lines inside, {b} for 1e6"
        );
    }
}

#[test]
fn the_default_validator_allocates_the_same_for_a_million_tokens() {
    // Trailing tokens: counted, not stored.
    let [(short, a), (long, b)] = judged(|_| "1 2 3\n".into(), |n| text("1 2 3", " x", n), &[]);
    assert_eq!(
        short.expect_err("trailing"),
        "trailing output: 1000 token(s) after the answer's 3 (first: \"x\")"
    );
    assert_eq!(
        long.expect_err("trailing"),
        "trailing output: 1000000 token(s) after the answer's 3 (first: \"x\")"
    );
    assert_eq!(a, b, "trailing: {a} allocations against {b}");
    // A long answer, an output that stops early.
    let [(_, a), (long, b)] = judged(|n| text("", "7 ", n), |_| "7 7".into(), &[]);
    assert_eq!(
        long.expect_err("short"),
        "team output ended after 2 token(s); the answer has 1000000 (next: \"7\")"
    );
    assert_eq!(a, b, "short: {a} allocations against {b}");
    // Numbers within a tolerance, words of another case, the same whitespace.
    let answer = |n| text("", "1.0 Yes\n", n);
    for (flags, output) in [
        (&["float_tolerance", "1e-6"][..], "1.0000001 yes\n"),
        (&["space_change_sensitive"][..], "1.0 Yes\n"),
        (&[][..], "1.0 YES "),
    ] {
        let [(short, a), (long, b)] = judged(answer, |n| text("", output, n), flags);
        assert_eq!((short, long), (Ok(()), Ok(())), "{flags:?}");
        assert_eq!(a, b, "{flags:?}: {a} allocations against {b}");
    }
}
