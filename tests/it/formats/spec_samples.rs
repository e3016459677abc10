//! Every sample of the spec: it parses, is written back byte-identical, its published
//! output is AC, and the spec's whitespace rule holds on edits of that output (extra
//! blank → PE, CRLF → PE, trailing spaces and blank lines → AC, one cell changed → WA).

use crate::support;

use gridjudge::check::check;
use gridjudge::{format, Problem, Verdict};
use support::samples;

/// (problem, input, published output)
fn samples() -> Vec<(Problem, Vec<u8>, Vec<u8>)> {
    Problem::ALL
        .into_iter()
        .map(|p| (p, samples::input(p), samples::answer(p)))
        .collect()
}

fn verdict(p: Problem, input: &[u8], output: &[u8]) -> Verdict {
    let outcome = check(p, input, output, None);
    assert!(
        outcome.verdict == Verdict::Accepted || !outcome.message.is_empty(),
        "{p}: no reason for {outcome:?}"
    );
    outcome.verdict
}

#[test]
fn samples_parse_and_write_back_byte_identical() {
    for (p, input, _) in samples() {
        let puzzles = format::validate_input(p, &input).unwrap_or_else(|e| panic!("{p}: {e}"));
        assert!(!puzzles.is_empty());
        assert_eq!(
            format::write_input(p, &puzzles),
            input,
            "{p}: input written back differs"
        );
    }
}

#[test]
fn published_outputs_are_accepted_and_written_back_byte_identical() {
    for (p, input, output) in samples() {
        let outcome = check(p, &input, &output, Some(&output));
        assert_eq!(
            outcome.verdict,
            Verdict::Accepted,
            "{p}: {}",
            outcome.message
        );
        let puzzles = format::parse_input(p, &input).unwrap();
        let answers = format::read_output(p, &puzzles, &output).unwrap();
        assert_eq!(
            format::write_output(p, &answers),
            output,
            "{p}: output written back differs"
        );
    }
}

#[test]
fn an_extra_blank_between_two_tokens_is_pe() {
    for (p, input, output) in samples() {
        // After the first non-blank byte that is followed by another non-blank or a single space.
        let i = (0..output.len() - 1)
            .find(|&i| !output[i].is_ascii_whitespace() && output[i + 1] != b'\n')
            .expect("a token boundary");
        let mut edited = output.clone();
        edited.insert(i + 1, b' ');
        assert_eq!(
            verdict(p, &input, &edited),
            Verdict::PresentationError,
            "{p}"
        );
    }
}

#[test]
fn crlf_line_ends_are_pe() {
    for (p, input, output) in samples() {
        let crlf = gridjudge::fuzzing::check::crlf(&output);
        assert_eq!(verdict(p, &input, &crlf), Verdict::PresentationError, "{p}");
    }
}

#[test]
fn other_layout_changes_are_pe() {
    for (p, input, output) in samples() {
        let all_on_one_line: Vec<u8> = output
            .iter()
            .map(|&b| if b == b'\n' { b' ' } else { b })
            .collect();
        assert_eq!(
            verdict(p, &input, &all_on_one_line),
            Verdict::PresentationError,
            "{p}: one line"
        );
        let mut leading_blank_line = b"\n".to_vec();
        leading_blank_line.extend_from_slice(&output);
        assert_eq!(
            verdict(p, &input, &leading_blank_line),
            Verdict::PresentationError,
            "{p}: leading blank line"
        );
        let tab_at_end: Vec<u8> = output
            .iter()
            .flat_map(|&b| {
                if b == b'\n' {
                    vec![b'\t', b'\n']
                } else {
                    vec![b]
                }
            })
            .collect();
        assert_eq!(
            verdict(p, &input, &tab_at_end),
            Verdict::PresentationError,
            "{p}: trailing tab"
        );
    }
}

#[test]
fn trailing_spaces_blank_lines_and_a_missing_final_newline_are_ac() {
    for (p, input, output) in samples() {
        let spaces: Vec<u8> = output
            .iter()
            .flat_map(|&b| {
                if b == b'\n' {
                    vec![b' ', b' ', b'\n']
                } else {
                    vec![b]
                }
            })
            .collect();
        assert_eq!(
            verdict(p, &input, &spaces),
            Verdict::Accepted,
            "{p}: trailing spaces"
        );
        let mut blank_lines = output.clone();
        blank_lines.extend_from_slice(b"\n\n  \n");
        assert_eq!(
            verdict(p, &input, &blank_lines),
            Verdict::Accepted,
            "{p}: trailing blank lines"
        );
        let no_newline = &output[..output.len() - 1];
        assert_eq!(
            verdict(p, &input, no_newline),
            Verdict::Accepted,
            "{p}: no final newline"
        );
    }
}

#[test]
fn one_changed_cell_is_wa() {
    for (p, input, output) in samples() {
        // Change every cell in turn: each single change must be WA.
        for i in 0..output.len() {
            let b = output[i];
            let changed = match b {
                b'1'..=b'8' => b + 1,
                b'9' => b'1',
                b'A'..=b'O' => b + 1,
                b'P' => b'A',
                _ => continue,
            };
            let mut edited = output.clone();
            edited[i] = changed;
            let outcome = check(p, &input, &edited, None);
            assert_eq!(
                outcome.verdict,
                Verdict::WrongAnswer,
                "{p}: byte {i} changed: {}",
                outcome.message
            );
        }
    }
}

#[test]
fn wrong_answer_messages_say_what_broke() {
    let (input, output) = (samples::bytes("poj3074.in"), samples::bytes("poj3074.ans"));
    let mut edited = output.clone();
    edited[1] = b'5'; // 527… → 557…: the given 2 at (1,2) is changed
    assert_eq!(
        check(Problem::Poj3074, &input, &edited, None).message,
        "case 1: cell (1,2) is 5 but the puzzle gives 2"
    );
    let short = &output[..100];
    assert_eq!(
        check(Problem::Poj3074, &input, short, None).message,
        "output ends early: case 2 stops before row 3, col 1"
    );
    let mut long = output.clone();
    long.extend_from_slice(b"7\n");
    assert_eq!(
        check(Problem::Poj3074, &input, &long, None).message,
        "output continues after the last case: found '7' (output line 3, col 1)"
    );
    let (kin, kout) = (samples::bytes("hdu3338.in"), samples::bytes("hdu3338.ans"));
    let mut k = kout.clone();
    k[16] = b'6'; // row 2, col 3: 5 → 6
    assert_eq!(
        check(Problem::Hdu3338, &kin, &k, None).message,
        "case 1: run down from (1,3): sum 29, clue 28"
    );
}

#[test]
fn the_extension_sample_is_not_a_classic_input() {
    // hdu3338's second sample case needs 43 on 7 cells: fine with repeats, impossible
    // with distinct digits, so as a `kakuro` judge input it is a judge error. Its first
    // case happens to be a valid classic solution.
    let (input, output) = (samples::bytes("hdu3338.in"), samples::bytes("hdu3338.ans"));
    let first_case_in: Vec<u8> = input
        .split_inclusive(|&b| b == b'\n')
        .take(7)
        .flatten()
        .copied()
        .collect();
    let first_case_out: Vec<u8> = output
        .split_inclusive(|&b| b == b'\n')
        .take(6)
        .flatten()
        .copied()
        .collect();
    assert_eq!(
        check(Problem::Kakuro, &first_case_in, &first_case_out, None).verdict,
        Verdict::Accepted
    );
    let outcome = check(Problem::Kakuro, &input, &output, None);
    assert_eq!(outcome.verdict, Verdict::JudgeError);
    assert_eq!(
        outcome.message,
        "judge input is invalid: line 12, col 1: across clue 43 is impossible for 7 distinct digits (must be 28 to 42)"
    );
}

#[test]
fn the_16x16_answer_matches_the_published_rows() {
    let ans = samples::bytes("poj3076.ans");
    let lines: Vec<&[u8]> = ans.split(|&b| b == b'\n').collect();
    assert_eq!(lines[0], b"FPAHMJECNLBDKOGI");
    assert_eq!(lines[1], b"OJMIANBDPKCGFLHE");
    assert_eq!(lines[15], b"IAFJOECGLDPBHMNK");
}

#[test]
fn an_invalid_jury_answer_is_a_judge_error() {
    let (input, output) = (samples::bytes("poj2676.in"), samples::bytes("poj2676.ans"));
    let bad = output.replace_first_digit();
    let outcome = check(Problem::Poj2676, &input, &output, Some(&bad));
    assert_eq!(outcome.verdict, Verdict::JudgeError);
    assert!(
        outcome
            .message
            .starts_with("jury answer is invalid: case 1:"),
        "{}",
        outcome.message
    );
}

trait ReplaceFirstDigit {
    fn replace_first_digit(&self) -> Vec<u8>;
}

impl ReplaceFirstDigit for Vec<u8> {
    fn replace_first_digit(&self) -> Vec<u8> {
        let mut v = self.clone();
        if let Some(b) = v.iter_mut().find(|b| b.is_ascii_digit()) {
            *b = if *b == b'9' { b'1' } else { *b + 1 };
        }
        v
    }
}
