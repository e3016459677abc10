//! The checker targets `check_PROBLEM`, one per problem (`fuzz/fuzz_targets/check_ID.rs`
//! calls [`check_output`] with its problem's [`Sample`]): arbitrary bytes as a
//! contestant's output for the problem's spec sample.
//!
//! The verdict is AC, PE or WA; AC/PE exactly when the lenient reading validates; the
//! spec's blank edits of an AC output give the verdicts the spec promises; the same bytes
//! as a jury answer give AC or JE.

use crate::check::{check, read_and_verify};
use crate::format;
use crate::{Problem, Verdict};

/// A problem's spec sample: the judge input and its published output. A fuzz target
/// embeds its problem's (`include_bytes!` of `tests/data/samples/ID.in` and `.ans`);
/// the replay reads the same files.
#[derive(Debug, Clone, Copy)]
pub struct Sample<'a> {
    /// The problem.
    pub problem: Problem,
    /// The sample's judge input.
    pub input: &'a [u8],
    /// The sample's published output.
    pub answer: &'a [u8],
}

/// `bytes` with every LF turned into CR LF (the tests' CRLF edit too).
pub fn crlf(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 8);
    for &b in bytes {
        if b == b'\n' {
            out.push(b'\r');
        }
        out.push(b);
    }
    out
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

fn verdict_of(s: &Sample<'_>, output: &[u8]) -> (Verdict, String) {
    let o = check(s.problem, s.input, output, None);
    (o.verdict, o.message)
}

/// The body of `check_ID`: arbitrary bytes as a contestant's output for `s`.
pub fn check_output(s: &Sample<'_>, data: &[u8]) {
    let p = s.problem;
    let puzzles = match format::validate_input(p, s.input) {
        Ok(puzzles) => puzzles,
        Err(e) => panic!("{p}: the embedded sample input is invalid: {e}"),
    };
    let (verdict, message) = verdict_of(s, data);
    assert!(
        matches!(
            verdict,
            Verdict::Accepted | Verdict::PresentationError | Verdict::WrongAnswer
        ),
        "{p}: verdict {verdict} on a valid judge input ({message})"
    );
    assert!(
        verdict == Verdict::Accepted || !message.is_empty(),
        "{p}: {verdict} without a reason"
    );
    let lenient = read_and_verify(p, &puzzles, data);
    assert_eq!(
        lenient.is_ok(),
        verdict != Verdict::WrongAnswer,
        "{p}: verdict {verdict} ({message}) but the lenient reading says {lenient:?}"
    );

    // Blanks never decide between WA and not WA.
    let stripped: Vec<u8> = data.iter().copied().filter(|&b| !is_blank(b)).collect();
    let (v, m) = verdict_of(s, &stripped);
    assert_eq!(
        v == Verdict::WrongAnswer,
        verdict == Verdict::WrongAnswer,
        "{p}: {verdict} becomes {v} ({m}) once every blank is removed"
    );

    // The same bytes as the jury answer: the published output is AC against a valid
    // answer, and a broken answer is the judge's fault.
    let with_answer = check(p, s.input, s.answer, Some(data));
    let expected = if lenient.is_ok() {
        Verdict::Accepted
    } else {
        Verdict::JudgeError
    };
    assert_eq!(
        with_answer.verdict, expected,
        "{p}: with these bytes as the jury answer: {}",
        with_answer.message
    );

    let Ok(answers) = lenient else { return };
    // The canonical spelling of what was read is AC.
    let canonical = format::write_output(p, &answers);
    let (v, m) = verdict_of(s, &canonical);
    assert_eq!(
        v,
        Verdict::Accepted,
        "{p}: canonical rewrite of a {verdict} output: {m}"
    );
    if verdict == Verdict::Accepted {
        accepted_edits(s, data);
    }
}

/// The spec's whitespace rule applied to edits of an AC output.
fn accepted_edits(s: &Sample<'_>, out: &[u8]) {
    let p = s.problem;
    let expect = |edited: &[u8], want: Verdict, edit: &str| {
        let (v, m) = verdict_of(s, edited);
        assert_eq!(v, want, "{p}: AC output, {edit}: {m}");
    };

    // Trailing spaces at the end of the last line and trailing blank lines: AC.
    let mut trailing = out.to_vec();
    trailing.extend_from_slice(b"  \n\n \n");
    expect(&trailing, Verdict::Accepted, "trailing blanks appended");

    // A leading space: PE.
    let mut leading = vec![b' '];
    leading.extend_from_slice(out);
    expect(&leading, Verdict::PresentationError, "a space prepended");

    // CRLF line ends: PE (an AC output's LFs all end a line the canonical output has).
    if out.contains(&b'\n') {
        let crlf = crlf(out);
        expect(&crlf, Verdict::PresentationError, "LF turned into CRLF");
    }

    // A blank line between two non-blank lines: PE.
    let split = out
        .iter()
        .enumerate()
        .position(|(i, &b)| b == b'\n' && out[i + 1..].iter().any(|&c| !is_blank(c)));
    if let Some(i) = split {
        let mut doubled = out.to_vec();
        doubled.insert(i, b'\n');
        expect(
            &doubled,
            Verdict::PresentationError,
            "an empty line inserted",
        );
    }

    // A space between two cells that touch: PE. A tab for a separating space: PE.
    if let Some(i) = (1..out.len()).find(|&i| !is_blank(out[i - 1]) && !is_blank(out[i])) {
        let mut spaced = out.to_vec();
        spaced.insert(i, b' ');
        expect(
            &spaced,
            Verdict::PresentationError,
            "a space inserted between two cells",
        );
    }
    if let Some(i) = (1..out.len().saturating_sub(1))
        .find(|&i| out[i] == b' ' && !is_blank(out[i - 1]) && !is_blank(out[i + 1]))
    {
        let mut tabbed = out.to_vec();
        tabbed[i] = b'\t';
        expect(
            &tabbed,
            Verdict::PresentationError,
            "a separating space turned into a tab",
        );
        let mut joined = out.to_vec();
        joined.remove(i);
        expect(
            &joined,
            Verdict::PresentationError,
            "a separating space removed",
        );
    }
}
