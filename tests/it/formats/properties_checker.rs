//! Property tests of the checkers and the input formats, for all five problems, on random valid cases from `gridjudge::gen`:
//!
//! - the canonical output of the generator's answers is AC;
//! - one symbol changed (to any other non-blank byte) is WA;
//! - whitespace edits are AC or PE exactly as the spec says: trailing spaces at line
//!   ends, trailing blank lines and a missing final newline are AC; one space or tab
//!   inside a line, a leading space, a CR before a LF, a blank line between lines, or
//!   two lines joined is PE (whatever AC-only edits come with it);
//! - arbitrary bytes (as output, input or jury answer) and random mutations of valid
//!   outputs and inputs never panic, and a valid input never gives JE;
//! - written inputs validate and read back as the same puzzles; an hdu3338 cell token
//!   widened to 8, 9 or 10 characters is rejected.
//!
//! Failures are persisted in `tests/proptest-regressions/properties_checker.txt`.

use crate::support;

use gridjudge::check::{check, check_parsed};
use gridjudge::gen::kakuro::{generate, Params};
use gridjudge::gen::{sudoku, Rng};
use gridjudge::problem::Rules;
use gridjudge::{format, Answer, Problem, Puzzle, Verdict};
use proptest::prelude::*;
use proptest::sample::Index;

fn config(cases: u32) -> ProptestConfig {
    support::proptest_config::persisted("tests/proptest-regressions/properties_checker.txt", cases)
}

/// A valid judge case: the input bytes, its puzzles, and the canonical output of a
/// valid answer.
#[derive(Debug)]
struct Case {
    input: Vec<u8>,
    puzzles: Vec<Puzzle>,
    output: Vec<u8>,
}

fn make_case(problem: Problem, seed: u64, count: usize) -> Case {
    let mut rng = Rng::new(seed);
    let mut puzzles = Vec::new();
    let mut answers = Vec::new();
    for _ in 0..count {
        match problem.rules() {
            Rules::Sudoku { box_size: b } => {
                let solved = sudoku::solved_grid(b, &mut rng);
                let removed = rng.below(solved.len() + 1);
                puzzles.push(Puzzle::Sudoku(sudoku::remove_cells(
                    &solved, removed, &mut rng,
                )));
                answers.push(Answer::Sudoku(solved));
            }
            Rules::Kakuro { distinct } => {
                let p = Params {
                    rows: 2 + rng.below(7),
                    cols: 2 + rng.below(7),
                    white_percent: 30 + rng.below(66),
                    max_run: 9,
                    distinct,
                };
                let g = generate(&p, &mut rng);
                puzzles.push(Puzzle::Kakuro(g.board));
                answers.push(Answer::Kakuro(g.fill));
            }
        }
    }
    Case {
        input: format::write_input(problem, &puzzles),
        output: format::write_output(problem, &answers),
        puzzles,
    }
}

fn any_problem() -> impl Strategy<Value = Problem> {
    prop::sample::select(Problem::ALL.to_vec())
}

/// `(problem, seed, number of cases)`.
fn case_params() -> impl Strategy<Value = (Problem, u64, usize)> {
    (any_problem(), any::<u64>(), 1usize..=3)
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// A whitespace edit that must leave the verdict AC.
#[derive(Debug, Clone)]
enum AcEdit {
    TrailingSpaces(Index, usize),
    TrailingNewlines(usize),
    NoFinalNewline,
}

/// A whitespace edit that must make the verdict PE.
#[derive(Debug, Clone)]
enum PeEdit {
    /// A space strictly inside a non-empty line.
    InnerSpace(Index, Index),
    /// A tab anywhere in a line (also at its end: only trailing *spaces* are forgiven).
    Tab(Index, Index),
    LeadingSpace(Index),
    CrBeforeLf(Index),
    BlankLineBefore(Index),
    JoinWithNext(Index),
}

fn ac_edit() -> impl Strategy<Value = AcEdit> {
    prop_oneof![
        (any::<Index>(), 1usize..4).prop_map(|(i, n)| AcEdit::TrailingSpaces(i, n)),
        (1usize..4).prop_map(AcEdit::TrailingNewlines),
        Just(AcEdit::NoFinalNewline),
    ]
}

fn pe_edit() -> impl Strategy<Value = PeEdit> {
    prop_oneof![
        (any::<Index>(), any::<Index>()).prop_map(|(l, a)| PeEdit::InnerSpace(l, a)),
        (any::<Index>(), any::<Index>()).prop_map(|(l, a)| PeEdit::Tab(l, a)),
        any::<Index>().prop_map(PeEdit::LeadingSpace),
        any::<Index>().prop_map(PeEdit::CrBeforeLf),
        any::<Index>().prop_map(PeEdit::BlankLineBefore),
        any::<Index>().prop_map(PeEdit::JoinWithNext),
    ]
}

/// Applies at most one PE edit, then the AC edits, to a canonical output (which ends
/// with a newline). Returns the edited bytes and whether the PE edit took effect.
fn apply(output: &[u8], pe: Option<&PeEdit>, acs: &[AcEdit]) -> (Vec<u8>, bool) {
    let body = output.strip_suffix(b"\n").unwrap_or(output);
    let mut lines: Vec<Vec<u8>> = body.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let mut pe_applied = false;
    if let Some(pe) = pe {
        let n = lines.len();
        pe_applied = match pe {
            PeEdit::InnerSpace(l, a) => {
                let line = &mut lines[l.index(n)];
                if line.len() >= 2 {
                    line.insert(1 + a.index(line.len() - 1), b' ');
                    true
                } else {
                    false
                }
            }
            PeEdit::Tab(l, a) => {
                let line = &mut lines[l.index(n)];
                line.insert(a.index(line.len() + 1), b'\t');
                true
            }
            PeEdit::LeadingSpace(l) => {
                let line = &mut lines[l.index(n)];
                if line.is_empty() {
                    false // a lone space on an empty line is a trailing space
                } else {
                    line.insert(0, b' ');
                    true
                }
            }
            PeEdit::CrBeforeLf(l) => {
                lines[l.index(n)].push(b'\r');
                true
            }
            PeEdit::BlankLineBefore(l) => {
                lines.insert(l.index(n), Vec::new());
                true
            }
            PeEdit::JoinWithNext(l) => {
                if n >= 2 {
                    let i = l.index(n - 1);
                    let next = lines.remove(i + 1);
                    lines[i].extend_from_slice(&next);
                    true
                } else {
                    false
                }
            }
        };
    }
    let mut final_newlines = 1;
    for ac in acs {
        match ac {
            AcEdit::TrailingSpaces(l, k) => {
                let n = lines.len();
                lines[l.index(n)].extend(std::iter::repeat_n(b' ', *k));
            }
            AcEdit::TrailingNewlines(k) => final_newlines = 1 + k,
            AcEdit::NoFinalNewline => final_newlines = 0,
        }
    }
    let mut out = lines.join(&b'\n');
    out.extend(std::iter::repeat_n(b'\n', final_newlines));
    (out, pe_applied)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A random edit of a byte string.
#[derive(Debug, Clone)]
enum Mutation {
    Set(Index, u8),
    Insert(Index, u8),
    Delete(Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::Set(i, b)),
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<Index>().prop_map(Mutation::Delete),
    ]
}

fn mutate(bytes: &[u8], ms: &[Mutation]) -> Vec<u8> {
    let mut v = bytes.to_vec();
    for m in ms {
        match m {
            Mutation::Set(i, b) if !v.is_empty() => {
                let k = i.index(v.len());
                v[k] = *b;
            }
            Mutation::Insert(i, b) => {
                let k = i.index(v.len() + 1);
                v.insert(k, *b);
            }
            Mutation::Delete(i) if !v.is_empty() => {
                v.remove(i.index(v.len()));
            }
            _ => {}
        }
    }
    v
}

proptest! {
    #![proptest_config(config(1000))]

    /// The generator's answers, written canonically, are AC (with and without the
    /// jury answer given).
    #[test]
    fn canonical_output_is_accepted((problem, seed, n) in case_params()) {
        let c = make_case(problem, seed, n);
        let outcome = check(problem, &c.input, &c.output, Some(&c.output));
        prop_assert_eq!(outcome.verdict, Verdict::Accepted, "{}\n{}", outcome.message, text(&c.output));
        prop_assert_eq!(check_parsed(problem, &c.puzzles, &c.output).verdict, Verdict::Accepted);
    }

    /// One non-blank byte replaced by any other non-blank byte: WA.
    #[test]
    fn one_symbol_changed_is_wrong_answer(
        (problem, seed, n) in case_params(),
        at in any::<Index>(),
        replacement in any::<u8>().prop_filter("non-blank", |&b| !is_blank(b)),
    ) {
        let c = make_case(problem, seed, n);
        let positions: Vec<usize> = (0..c.output.len()).filter(|&i| !is_blank(c.output[i])).collect();
        let i = positions[at.index(positions.len())];
        prop_assume!(c.output[i] != replacement);
        let mut out = c.output.clone();
        out[i] = replacement;
        let outcome = check_parsed(problem, &c.puzzles, &out);
        prop_assert_eq!(outcome.verdict, Verdict::WrongAnswer, "{}: byte {} -> {:?}\n{}",
            problem, i, replacement as char, text(&out));
    }

    /// Whitespace edits: AC-only edits stay AC; one PE edit (plus any AC edits) is PE.
    #[test]
    fn whitespace_edits_follow_the_spec(
        (problem, seed, n) in case_params(),
        pe in proptest::option::of(pe_edit()),
        acs in prop::collection::vec(ac_edit(), 0..4),
    ) {
        let c = make_case(problem, seed, n);
        let (out, pe_applied) = apply(&c.output, pe.as_ref(), &acs);
        let want = if pe_applied { Verdict::PresentationError } else { Verdict::Accepted };
        let outcome = check_parsed(problem, &c.puzzles, &out);
        prop_assert_eq!(outcome.verdict, want, "{}: {:?} {:?}: {}\n{:?}",
            problem, pe, acs, outcome.message, text(&out));
    }

    /// Arbitrary bytes as the output of a valid case: never a panic, never JE.
    #[test]
    fn arbitrary_output_never_panics(
        (problem, seed, n) in case_params(),
        junk in prop::collection::vec(any::<u8>(), 0..600),
    ) {
        let c = make_case(problem, seed, n);
        let v = check(problem, &c.input, &junk, None).verdict;
        prop_assert!(matches!(v, Verdict::Accepted | Verdict::PresentationError | Verdict::WrongAnswer), "{v}");
    }

    /// Random mutations of a valid output: never a panic, never JE.
    #[test]
    fn mutated_output_never_panics(
        (problem, seed, n) in case_params(),
        ms in prop::collection::vec(mutation(), 1..8),
    ) {
        let c = make_case(problem, seed, n);
        let out = mutate(&c.output, &ms);
        let v = check_parsed(problem, &c.puzzles, &out).verdict;
        prop_assert!(matches!(v, Verdict::Accepted | Verdict::PresentationError | Verdict::WrongAnswer), "{v}");
    }

    /// Arbitrary bytes everywhere (input, output, jury answer): never a panic.
    #[test]
    fn arbitrary_everything_never_panics(
        problem in any_problem(),
        input in prop::collection::vec(any::<u8>(), 0..400),
        output in prop::collection::vec(any::<u8>(), 0..400),
        answer in proptest::option::of(prop::collection::vec(any::<u8>(), 0..400)),
    ) {
        let _ = format::parse_input(problem, &input);
        let _ = check(problem, &input, &output, answer.as_deref());
    }

    /// Written inputs validate and read back as the same puzzles; random mutations of
    /// them never make the parser panic, and whatever still validates round-trips.
    #[test]
    fn inputs_round_trip_and_mutations_never_panic(
        (problem, seed, n) in case_params(),
        ms in prop::collection::vec(mutation(), 1..6),
    ) {
        let c = make_case(problem, seed, n);
        let read = format::validate_input(problem, &c.input);
        prop_assert_eq!(read.as_ref(), Ok(&c.puzzles), "{}", text(&c.input));
        let bad = mutate(&c.input, &ms);
        let _ = format::parse_input(problem, &bad);
        if let Ok(puzzles) = format::validate_input(problem, &bad) {
            let again = format::write_input(problem, &puzzles);
            prop_assert_eq!(format::validate_input(problem, &again), Ok(puzzles));
        }
    }

    /// An hdu3338 / kakuro cell token widened to 8-10 characters (repeating its last
    /// character) is rejected by the parser.
    #[test]
    fn widened_kakuro_token_is_rejected(
        kakuro in any::<bool>(),
        seed in any::<u64>(),
        which in any::<Index>(),
        extra in 1usize..=3,
    ) {
        let problem = if kakuro { Problem::Kakuro } else { Problem::Hdu3338 };
        let c = make_case(problem, seed, 1);
        // Token starts: after the header line, every 8th byte of each row line.
        let header_end = c.input.iter().position(|&b| b == b'\n').unwrap() + 1;
        let starts: Vec<usize> = (header_end..c.input.len())
            .filter(|&i| i == header_end || c.input[i - 1] == b' ' || c.input[i - 1] == b'\n')
            .filter(|&i| i < c.input.len() && c.input[i] != b'\n')
            .collect();
        let s = starts[which.index(starts.len())];
        let last = c.input[s + 6];
        let mut bad = c.input.clone();
        for _ in 0..extra {
            bad.insert(s + 7, last);
        }
        prop_assert!(format::parse_input(problem, &bad).is_err(),
            "accepted a {}-character token:\n{}", 7 + extra, text(&bad));
    }
}
