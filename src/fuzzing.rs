//! The bodies of the cargo-fuzz targets in `fuzz/fuzz_targets/`, one `pub fn
//! TARGET(data: &[u8])` per target, listed in [`TARGETS`].
//!
//! They live in the library so that two callers share them: the fuzz targets (nightly,
//! libFuzzer) and `tests/fuzz_replay.rs`, which replays every committed seed and fixed
//! crash under `fuzz/regressions/TARGET/` on stable `cargo test`. A body returns
//! normally on every input that upholds its invariants and panics (with the broken
//! invariant in the message) otherwise; it never calls anything that depends on the
//! fuzzer, so a replay is exactly the fuzz run.
//!
//! - `parse_PROBLEM`: arbitrary bytes as a judge input. `parse_input` returns cases or a
//!   located error (line and column ≥ 1, inside the input or just past its end);
//!   accepted inputs round-trip through `write_input`; `validate_input` is `parse_input`
//!   plus more checks (never accepts what parsing rejects, and agrees on the cases).
//! - `check_PROBLEM`: arbitrary bytes as a contestant's output for the problem's spec
//!   sample (embedded with `include_bytes!`). The verdict is AC, PE or WA; AC/PE exactly
//!   when the lenient reading validates; the spec's blank edits of an AC output give the
//!   verdicts the spec promises; the same bytes as a jury answer give AC or JE.
//! - `solve_sudoku` (structure-aware): the bytes, read through [`arbitrary::Unstructured`],
//!   pick a Sudoku grid of box size 2, 3 or 4: random givens (possibly clashing), or the
//!   givens of a random solved grid (known to be solvable), possibly with a few cells
//!   changed. Both solvers (DLX and DFS) must return solutions that the independent
//!   validator accepts (givens kept), agree on whether one exists and on the capped
//!   count, and find one when one is known; solutions are AC through the checker.
//! - `solve_kakuro` (structure-aware): a random board up to 8×8 (first row and column
//!   black, runs of at most 4 cells, clued) with clues either summed from a random fill
//!   (known solvable under the extension rules) or random in `length ..= 9·length`. `kakuro_flow` and
//!   `kakuro_search` fills must validate (`check_fill` with `distinct` false / true);
//!   flow must solve a board with a known fill, search one with a known distinct fill;
//!   a classic fill implies an extension fill; `count` agrees with `solve`; boards
//!   round-trip through the hdu3338 format and solutions are AC through the checker.
//!
//! The bodies only assert: they never repair an input that breaks an invariant. The
//! generators of the structure-aware targets do steer away from inputs known to stall
//! the solvers (listed in `fuzz/open-crashes/README.md`), so that fuzzing time goes to
//! correctness.

use crate::check::{check, read_and_verify};
use crate::format::{self, ParseError};
use crate::model::{Cell, KakuroBoard, KakuroFill, Sudoku};
use crate::solve::{kakuro_flow, kakuro_search, sudoku_dfs, sudoku_dlx};
use crate::verify;
use crate::{Answer, Problem, Puzzle, Verdict};
use arbitrary::Unstructured;

/// The body of a fuzz target: returns on inputs that keep its invariants, panics otherwise.
pub type Body = fn(&[u8]);

/// Every fuzz target: its name (the file `fuzz/fuzz_targets/NAME.rs` and the folder
/// `fuzz/regressions/NAME/`) and its body.
pub const TARGETS: &[(&str, Body)] = &[
    ("parse_poj3074", parse_poj3074),
    ("parse_poj2676", parse_poj2676),
    ("parse_poj3076", parse_poj3076),
    ("parse_hdu3338", parse_hdu3338),
    ("parse_kakuro", parse_kakuro),
    ("check_poj3074", check_poj3074),
    ("check_poj2676", check_poj2676),
    ("check_poj3076", check_poj3076),
    ("check_hdu3338", check_hdu3338),
    ("check_kakuro", check_kakuro),
    ("solve_sudoku", solve_sudoku),
    ("solve_kakuro", solve_kakuro),
];

// ---------------------------------------------------------------------------------------
// Parsers
// ---------------------------------------------------------------------------------------

/// `parse_poj3074`: arbitrary bytes through the poj3074 input parser and validator.
pub fn parse_poj3074(data: &[u8]) {
    parse_invariants(Problem::Poj3074, data);
}

/// `parse_poj2676`: arbitrary bytes through the poj2676 input parser and validator.
pub fn parse_poj2676(data: &[u8]) {
    parse_invariants(Problem::Poj2676, data);
}

/// `parse_poj3076`: arbitrary bytes through the poj3076 input parser and validator.
pub fn parse_poj3076(data: &[u8]) {
    parse_invariants(Problem::Poj3076, data);
}

/// `parse_hdu3338`: arbitrary bytes through the hdu3338 input parser and validator.
pub fn parse_hdu3338(data: &[u8]) {
    parse_invariants(Problem::Hdu3338, data);
}

/// `parse_kakuro`: arbitrary bytes through the kakuro (classic) input parser and validator.
pub fn parse_kakuro(data: &[u8]) {
    parse_invariants(Problem::Kakuro, data);
}

/// Panics unless `e` is located inside `data` or just past the end of a line or of the
/// input: `1 ≤ line ≤ lines`, `1 ≤ col ≤ len(line) + 1` (lines split at LF, in bytes).
fn assert_located(problem: Problem, what: &str, data: &[u8], e: &ParseError) {
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    assert!(
        e.line >= 1 && e.line <= lines.len(),
        "{problem}: {what} error on line {} but the input has {} lines: {e}",
        e.line,
        lines.len()
    );
    let len = lines[e.line - 1].len();
    assert!(
        e.col >= 1 && e.col <= len + 1,
        "{problem}: {what} error at col {} but line {} has {len} bytes: {e}",
        e.col,
        e.line
    );
    assert!(
        !e.message.is_empty(),
        "{problem}: {what} error without a message"
    );
}

fn parse_invariants(problem: Problem, data: &[u8]) {
    let parsed = format::parse_input(problem, data);
    let validated = format::validate_input(problem, data);
    match (&parsed, &validated) {
        (Err(pe), Err(ve)) => {
            assert_located(problem, "parse", data, pe);
            assert_located(problem, "validate", data, ve);
            assert_eq!(
                pe, ve,
                "{problem}: validate_input reports another error than parse_input"
            );
        }
        (Err(pe), Ok(_)) => {
            panic!("{problem}: validate_input accepts what parse_input rejects: {pe}")
        }
        (Ok(_), Err(ve)) => assert_located(problem, "validate", data, ve),
        (Ok(p), Ok(v)) => assert_eq!(p, v, "{problem}: parse and validate disagree on the cases"),
    }
    let Ok(puzzles) = parsed else { return };
    assert!(
        !puzzles.is_empty(),
        "{problem}: parsed an input with no case"
    );
    round_trip(problem, data, &puzzles);
    if let Ok(valid) = validated {
        let written = format::write_input(problem, &valid);
        match format::validate_input(problem, &written) {
            Ok(again) => assert_eq!(
                again, valid,
                "{problem}: validated cases change when written"
            ),
            Err(e) => panic!("{problem}: a valid input, written back, no longer validates: {e}"),
        }
    }
}

/// `parse(write(parse(x))) == parse(x)`; the Sudoku formats have one spelling, so there the
/// bytes come back identical too (hdu3338 writes `XXX\XXX` back as `XXXXXXX`).
fn round_trip(problem: Problem, data: &[u8], puzzles: &[Puzzle]) {
    let written = format::write_input(problem, puzzles);
    let again = match format::parse_input(problem, &written) {
        Ok(again) => again,
        Err(e) => panic!(
            "{problem}: parsed input, written back, fails to parse: {e}\n{}",
            String::from_utf8_lossy(&written)
        ),
    };
    assert_eq!(again, puzzles, "{problem}: cases change when written back");
    match problem {
        Problem::Hdu3338 | Problem::Kakuro => assert!(
            format::write_input(problem, &again) == written,
            "{problem}: writing the cases is not idempotent"
        ),
        _ => assert!(
            written == data,
            "{problem}: input written back differs from the accepted input"
        ),
    }
}

// ---------------------------------------------------------------------------------------
// Checkers
// ---------------------------------------------------------------------------------------

/// A problem's spec sample: the judge input and its published output.
struct Sample {
    problem: Problem,
    input: &'static [u8],
    answer: &'static [u8],
}

macro_rules! sample {
    ($problem:expr, $name:literal) => {
        Sample {
            problem: $problem,
            input: include_bytes!(concat!("../tests/data/samples/", $name, ".in")),
            answer: include_bytes!(concat!("../tests/data/samples/", $name, ".ans")),
        }
    };
}

/// `check_poj3074`: arbitrary contestant bytes against the poj3074 spec sample.
pub fn check_poj3074(data: &[u8]) {
    check_invariants(&sample!(Problem::Poj3074, "poj3074"), data);
}

/// `check_poj2676`: arbitrary contestant bytes against the poj2676 spec sample.
pub fn check_poj2676(data: &[u8]) {
    check_invariants(&sample!(Problem::Poj2676, "poj2676"), data);
}

/// `check_poj3076`: arbitrary contestant bytes against the poj3076 spec sample.
pub fn check_poj3076(data: &[u8]) {
    check_invariants(&sample!(Problem::Poj3076, "poj3076"), data);
}

/// `check_hdu3338`: arbitrary contestant bytes against the hdu3338 spec sample.
pub fn check_hdu3338(data: &[u8]) {
    check_invariants(&sample!(Problem::Hdu3338, "hdu3338"), data);
}

/// `check_kakuro`: arbitrary contestant bytes against the kakuro sample.
pub fn check_kakuro(data: &[u8]) {
    check_invariants(&sample!(Problem::Kakuro, "kakuro"), data);
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

fn verdict_of(s: &Sample, output: &[u8]) -> (Verdict, String) {
    let o = check(s.problem, s.input, output, None);
    (o.verdict, o.message)
}

fn check_invariants(s: &Sample, data: &[u8]) {
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
fn accepted_edits(s: &Sample, out: &[u8]) {
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
        let crlf: Vec<u8> = out
            .iter()
            .flat_map(|&b| {
                if b == b'\n' {
                    vec![b'\r', b'\n']
                } else {
                    vec![b]
                }
            })
            .collect();
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

// ---------------------------------------------------------------------------------------
// Solvers (structure-aware)
// ---------------------------------------------------------------------------------------

/// `solve_sudoku`: a random Sudoku grid (b = 2..=4) through both Sudoku solvers.
pub fn solve_sudoku(data: &[u8]) {
    let mut u = Unstructured::new(data);
    if let Ok((puzzle, known)) = random_sudoku(&mut u) {
        sudoku_invariants(&puzzle, known.as_ref());
    }
}

/// A random grid and, when the generator knows one, a solution of it.
///
/// Encoding: box size; mode; then for mode 0 pairs (cell, symbol) of givens until the
/// bytes run out; for modes 1 and 2 a symbol permutation, row and column swaps inside
/// bands and stacks of a pattern solution, a keep-bit per cell, and (mode 2) a few
/// (cell, symbol) changes that may break solvability.
fn random_sudoku(u: &mut Unstructured<'_>) -> arbitrary::Result<(Sudoku, Option<Sudoku>)> {
    let b: usize = u.int_in_range(2..=4)?;
    let side = b * b;
    let n = side * side;
    let symbol = |u: &mut Unstructured<'_>| u.int_in_range(1..=side as u8);
    let mode: u8 = u.int_in_range(0..=2)?;
    if mode == 0 {
        let mut cells = vec![0u8; n];
        while !u.is_empty() {
            let i = u.choose_index(n)?;
            cells[i] = symbol(u)?;
        }
        return Ok((grid(b, cells), None));
    }
    // A solved grid: a real solution (the spec sample's answer for b = 3 and 4, the
    // pattern (b·(r mod b) + r div b + c) mod side + 1 for b = 2), then shuffled by a
    // symbol permutation and swaps of rows inside bands and columns inside stacks.
    // The pattern is not used above b = 2: its symmetry makes puzzles that stall both
    // solvers for seconds (see fuzz/open-crashes/solve_sudoku/).
    let base = base_solution(b);
    let mut perm: Vec<u8> = (1..=side as u8).collect();
    for i in (1..side).rev() {
        perm.swap(i, u.choose_index(i + 1)?);
    }
    let mut rows: Vec<usize> = (0..side).collect();
    let mut cols: Vec<usize> = (0..side).collect();
    for _ in 0..side {
        let band = u.choose_index(b)? * b;
        let (x, y) = (u.choose_index(b)?, u.choose_index(b)?);
        rows.swap(band + x, band + y);
        let stack = u.choose_index(b)? * b;
        let (x, y) = (u.choose_index(b)?, u.choose_index(b)?);
        cols.swap(stack + x, stack + y);
    }
    let solved: Vec<u8> = (0..n)
        .map(|i| perm[usize::from(base[rows[i / side] * side + cols[i % side]]) - 1])
        .collect();
    let mut cells = solved.clone();
    // Each cell is emptied when its keep-bit is 0: about half the cells, but only about
    // a quarter for b = 4 (two 0 bits needed), because sudoku_dfs takes seconds on some
    // 16×16 grids that are half empty (see fuzz/open-crashes/solve_sudoku/), which
    // would stall the fuzzer instead of testing correctness.
    for chunk in 0..n.div_ceil(8) {
        let mut keep: u8 = u.arbitrary()?;
        if b == 4 {
            keep |= u.arbitrary::<u8>()?;
        }
        for bit in 0..8 {
            let i = chunk * 8 + bit;
            if i < n && keep & (1 << bit) == 0 {
                cells[i] = 0;
            }
        }
    }
    let solution = grid(b, solved);
    if mode == 1 {
        return Ok((grid(b, cells), Some(solution)));
    }
    for _ in 0..u.int_in_range(1..=3)? {
        let i = u.choose_index(n)?;
        cells[i] = symbol(u)?;
    }
    Ok((grid(b, cells), None))
}

/// A solved grid of box size `b` (2..=4), row-major values `1..=b²`.
fn base_solution(b: usize) -> Vec<u8> {
    let side = b * b;
    let from = |bytes: &[u8], first: u8| -> Vec<u8> {
        bytes
            .iter()
            .filter(|c| !c.is_ascii_whitespace())
            .take(side * side)
            .map(|&c| c - first + 1)
            .collect()
    };
    match b {
        3 => from(include_bytes!("../tests/data/samples/poj3074.ans"), b'1'),
        4 => from(include_bytes!("../tests/data/samples/poj3076.ans"), b'A'),
        _ => (0..side * side)
            .map(|i| {
                let (r, c) = (i / side, i % side);
                ((b * (r % b) + r / b + c) % side + 1) as u8
            })
            .collect(),
    }
}

/// A grid the generator built; its shape is right by construction.
fn grid(b: usize, cells: Vec<u8>) -> Sudoku {
    match Sudoku::from_cells(b, cells) {
        Ok(g) => g,
        Err(e) => panic!("fuzz generator built an invalid grid: {e}"),
    }
}

fn sudoku_invariants(puzzle: &Sudoku, known: Option<&Sudoku>) {
    let b = puzzle.box_size();
    if let Some(known) = known {
        if let Err(v) = verify::sudoku::check_solution(puzzle, known) {
            panic!("fuzz generator: the known solution is wrong: {v}");
        }
    }
    let dlx = sudoku_dlx::solve(puzzle);
    let dfs = sudoku_dfs::solve(puzzle);
    for (name, solution) in [("sudoku_dlx", &dlx), ("sudoku_dfs", &dfs)] {
        if let Some(s) = solution {
            if let Err(v) = verify::sudoku::check_solution(puzzle, s) {
                panic!("b={b}: {name} returned an invalid solution: {v}\n{puzzle:?}");
            }
        }
    }
    assert_eq!(
        dlx.is_some(),
        dfs.is_some(),
        "b={b}: sudoku_dlx finds a solution: {}, sudoku_dfs: {}\n{puzzle:?}",
        dlx.is_some(),
        dfs.is_some()
    );
    if known.is_some() {
        assert!(
            dlx.is_some(),
            "b={b}: no solution found for a solvable grid\n{puzzle:?}"
        );
    }
    if verify::sudoku::check_givens(puzzle).is_err() {
        assert!(
            dlx.is_none(),
            "b={b}: a grid with clashing givens was solved"
        );
    }
    let (c_dlx, c_dfs) = (sudoku_dlx::count(puzzle, 2), sudoku_dfs::count(puzzle, 2));
    assert_eq!(
        c_dlx, c_dfs,
        "b={b}: solution counts (capped at 2) differ\n{puzzle:?}"
    );
    assert_eq!(
        c_dlx > 0,
        dlx.is_some(),
        "b={b}: count {c_dlx} but solve says {}",
        dlx.is_some()
    );
    if c_dlx == 1 {
        assert_eq!(dlx, dfs, "b={b}: a unique solution, but the solvers differ");
    }
    // End to end through the judge formats: the solution is AC.
    let problem = match b {
        3 => Problem::Poj3074,
        4 => Problem::Poj3076,
        _ => return,
    };
    let Some(solution) = dlx else { return };
    let input = format::write_input(problem, &[Puzzle::Sudoku(puzzle.clone())]);
    let output = format::write_output(problem, &[Answer::Sudoku(solution)]);
    let outcome = check(problem, &input, &output, None);
    assert_eq!(
        outcome.verdict,
        Verdict::Accepted,
        "{problem}: {}",
        outcome.message
    );
}

/// `solve_kakuro`: a random Kakuro board (at most 8×8) through both Kakuro solvers.
pub fn solve_kakuro(data: &[u8]) {
    let mut u = Unstructured::new(data);
    if let Ok((board, known)) = random_kakuro(&mut u) {
        kakuro_invariants(&board, known.as_ref());
    }
}

/// A random board and, when its clues were summed from a fill, that fill.
///
/// Encoding: rows and cols (2..=8); mode; then per inner cell a white/black choice
/// (about 3 white in 4, runs of at most 4); then per white cell a digit (mode 0) or per
/// run a clue in `length ..= 9·length` (mode 1).
fn random_kakuro(u: &mut Unstructured<'_>) -> arbitrary::Result<(KakuroBoard, Option<KakuroFill>)> {
    let rows: usize = u.int_in_range(2..=8)?;
    let cols: usize = u.int_in_range(2..=8)?;
    let from_fill = u.int_in_range(0..=1u8)? == 0;
    // Runs are capped at MAX_RUN cells (a cell after MAX_RUN whites is black): dense
    // boards with long runs can take kakuro_search minutes (see
    // fuzz/open-crashes/solve_kakuro/), which would stall the fuzzer.
    const MAX_RUN: usize = 4;
    let mut white = vec![false; rows * cols];
    for r in 1..rows {
        for c in 1..cols {
            // True when the MAX_RUN cells before (r, c) in direction (dr, dc) are white.
            let long = |dr: usize, dc: usize| {
                (1..=MAX_RUN).all(|k| match (r.checked_sub(k * dr), c.checked_sub(k * dc)) {
                    (Some(rr), Some(cc)) => white[rr * cols + cc],
                    _ => false,
                })
            };
            white[r * cols + c] = u.int_in_range(0..=3u8)? != 0 && !long(0, 1) && !long(1, 0);
        }
    }
    let mut fill = KakuroFill {
        rows,
        cols,
        digits: vec![0; rows * cols],
    };
    if from_fill {
        for (digit, &white) in fill.digits.iter_mut().zip(&white) {
            if white {
                *digit = u.int_in_range(1..=9)?;
            }
        }
    }
    // The run starting after black cell (r, c) in direction (dr, dc): its length and sum.
    let run = |r: usize, c: usize, dr: usize, dc: usize| {
        let (mut rr, mut cc, mut len, mut sum) = (r + dr, c + dc, 0u16, 0u16);
        while rr < rows && cc < cols && white[rr * cols + cc] {
            len += 1;
            sum += u16::from(fill.digits[rr * cols + cc]);
            rr += dr;
            cc += dc;
        }
        (len, sum)
    };
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            if white[r * cols + c] {
                cells.push(Cell::White);
                continue;
            }
            let mut clue = |dr, dc| -> arbitrary::Result<Option<u16>> {
                let (len, sum) = run(r, c, dr, dc);
                Ok(match (len, from_fill) {
                    (0, _) => None,
                    (_, true) => Some(sum),
                    (_, false) => Some(u.int_in_range(len..=9 * len)?),
                })
            };
            let right = clue(0, 1)?;
            let down = clue(1, 0)?;
            cells.push(Cell::Black { down, right });
        }
    }
    let board = match KakuroBoard::new(rows, cols, cells) {
        Ok(board) => board,
        Err(e) => panic!("a well-formed {rows}x{cols} board is rejected: {e}"),
    };
    Ok((board, from_fill.then_some(fill)))
}

fn kakuro_invariants(board: &KakuroBoard, known: Option<&KakuroFill>) {
    let (rows, cols) = (board.rows(), board.cols());
    // The board round-trips through the hdu3338 format.
    let input = format::write_input(Problem::Hdu3338, &[Puzzle::Kakuro(board.clone())]);
    match format::parse_input(Problem::Hdu3338, &input) {
        Ok(cases) => assert!(
            cases == [Puzzle::Kakuro(board.clone())],
            "a board changes through write_input/parse_input"
        ),
        Err(e) => panic!("a written board does not parse: {e}"),
    }
    if let Some(known) = known {
        if let Err(v) = verify::kakuro::check_fill(board, known, false) {
            panic!("fuzz generator: the known fill is wrong: {v}");
        }
    }
    let flow = kakuro_flow::solve(board);
    match &flow {
        Ok(f) => {
            if let Err(v) = verify::kakuro::check_fill(board, f, false) {
                panic!("{rows}x{cols}: kakuro_flow returned an invalid fill: {v}\n{board:?}");
            }
            assert!(
                board.check_clues().is_ok(),
                "{rows}x{cols}: a fill for a board whose clues fail check_clues"
            );
        }
        Err(why) => assert!(
            known.is_none(),
            "{rows}x{cols}: kakuro_flow says '{why}' but a fill exists\n{board:?}"
        ),
    }
    let search = kakuro_search::solve(board);
    match &search {
        Ok(f) => {
            if let Err(v) = verify::kakuro::check_fill(board, f, true) {
                panic!("{rows}x{cols}: kakuro_search returned an invalid fill: {v}\n{board:?}");
            }
            assert!(
                flow.is_ok(),
                "{rows}x{cols}: a classic fill exists but kakuro_flow finds none\n{board:?}"
            );
        }
        Err(why) => assert!(
            known.is_none_or(|k| verify::kakuro::check_fill(board, k, true).is_err()),
            "{rows}x{cols}: kakuro_search says '{why}' but a classic fill exists\n{board:?}"
        ),
    }
    let count = kakuro_search::count(board, 2);
    assert_eq!(
        count > 0,
        search.is_ok(),
        "{rows}x{cols}: kakuro_search::count is {count} but solve says {}",
        search.is_ok()
    );
    // End to end: each solver's fill is AC for its problem.
    for (problem, fill) in [
        (Problem::Hdu3338, flow.ok()),
        (Problem::Kakuro, search.ok()),
    ] {
        let Some(fill) = fill else { continue };
        let output = format::write_output(problem, &[Answer::Kakuro(fill)]);
        let outcome = check(problem, &input, &output, None);
        assert_eq!(
            outcome.verdict,
            Verdict::Accepted,
            "{problem}: {}",
            outcome.message
        );
    }
}
