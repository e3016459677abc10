//! Differential property tests of the Kakuro solvers (part of the verification
//! suite). Random small boards from `gridjudge::gen::kakuro` (random layout obeying the
//! rules, random fill, clues computed from the fill):
//!
//! - the flow solver solves every extension board, and its fill validates (also end to
//!   end: written input → validator → solver → written output → checker = AC);
//! - the classic search solves every classic board, and its fill validates;
//! - on boards of at most 10 white cells, possibly with clues shifted so that they may
//!   have no solution, a plain brute-force enumerator (in this file) agrees with the
//!   classic search on the number of fills (capped), and with the flow on whether an
//!   extension fill exists;
//! - the checkers agree with brute force on every extension fill of such boards: AC
//!   for hdu3338, and for classic kakuro AC exactly when no run repeats a digit;
//! - on boards up to 7x7, clues possibly shifted, the classic search finds a fill
//!   exactly when its exhaustive count (which never splits the board into components)
//!   does; on larger classic boards (up to 14x14) it finds a valid fill;
//! - on boards of several parts sharing no run (two small boards, clues possibly
//!   shifted, beside a generated 20x20 one), the classic search finds a fill exactly
//!   when every small board has one.
//!
//! Failures are persisted in `tests/proptest-regressions/properties_kakuro.txt`.

use crate::support;
use support::kakuro_corpus::beside;

use gridjudge::check::{check, check_parsed};
use gridjudge::gen::kakuro::{generate, shift_clues, Params};
use gridjudge::gen::Rng;
use gridjudge::model::{Cell, KakuroBoard};
use gridjudge::solve::{kakuro_flow, kakuro_search, solve_case, SolverKind};
use gridjudge::verify::kakuro::check_fill;
use gridjudge::{format, Answer, Problem, Puzzle, Verdict};
use proptest::prelude::*;

fn config(cases: u32) -> ProptestConfig {
    support::proptest_config::persisted("tests/proptest-regressions/properties_kakuro.txt", cases)
}

/// Board parameters: shrink towards small boards and few white cells.
fn params(
    min_side: usize,
    max_side: usize,
    max_run: usize,
    distinct: bool,
) -> impl Strategy<Value = Params> {
    (min_side..=max_side, min_side..=max_side, 10usize..=95).prop_map(
        move |(rows, cols, white_percent)| Params {
            rows,
            cols,
            white_percent,
            max_run,
            distinct,
        },
    )
}

/// The board as the judge input text (for failure messages).
fn show(board: &KakuroBoard) -> String {
    String::from_utf8_lossy(&format::write_input(
        Problem::Hdu3338,
        &[Puzzle::Kakuro(board.clone())],
    ))
    .into_owned()
}

/// Written input → validator → reference solver → written output → checker.
fn end_to_end(problem: Problem, board: &KakuroBoard) -> Result<(), String> {
    let input = format::write_input(problem, &[Puzzle::Kakuro(board.clone())]);
    let puzzles = format::validate_input(problem, &input).map_err(|e| format!("validate: {e}"))?;
    if puzzles != [Puzzle::Kakuro(board.clone())] {
        return Err("the written input reads back as another board".into());
    }
    let solver = gridjudge::solve::SolverKind::default_for(problem);
    let answer = solve_case(problem, solver, &puzzles[0]).map_err(|e| format!("solve: {e}"))?;
    let output = format::write_output(problem, &[answer]);
    let outcome = check(problem, &input, &output, None);
    if outcome.verdict != Verdict::Accepted {
        return Err(format!(
            "checker: {} {}\n{}",
            outcome.verdict,
            outcome.message,
            String::from_utf8_lossy(&output)
        ));
    }
    Ok(())
}

/// The brute-force enumerator: plain recursion over the white cells (row-major) with
/// digits 1-9, pruning by partial sums. It walks the runs from the raw cells itself.
struct Brute {
    /// Per white cell: its across and down run ids.
    cells: Vec<[usize; 2]>,
    /// Per run: clue.
    clue: Vec<u32>,
    /// Per run: cells not yet filled.
    left: Vec<u32>,
    /// Per run: digits placed so far (sum) and the set of them.
    sum: Vec<u32>,
    used: Vec<u16>,
    distinct: bool,
    limit: usize,
    found: usize,
    /// Row-major index of each white cell, and the digits placed so far.
    positions: Vec<usize>,
    digits: Vec<u8>,
    /// When set, every fill found is recorded here (row-major digits, 0 on black).
    fills: Option<Vec<Vec<u8>>>,
}

impl Brute {
    fn count(board: &KakuroBoard, distinct: bool, limit: usize) -> usize {
        Brute::new(board, distinct, limit, false).run().found
    }

    /// Up to `limit` fills (extension rules unless `distinct`), row-major digits.
    fn fills(board: &KakuroBoard, distinct: bool, limit: usize) -> Vec<Vec<u8>> {
        Brute::new(board, distinct, limit, true)
            .run()
            .fills
            .unwrap_or_default()
    }

    fn run(mut self) -> Self {
        self.go(0);
        self
    }

    fn new(board: &KakuroBoard, distinct: bool, limit: usize, record: bool) -> Self {
        let (rows, cols) = (board.rows(), board.cols());
        let mut run_id = std::collections::HashMap::new();
        let mut clue = Vec::new();
        let mut left = Vec::new();
        let mut cells = Vec::new();
        let mut positions = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if !board.cell(r, c).is_white() {
                    continue;
                }
                let mut ids = [0; 2];
                for (k, (dr, dc)) in [(0usize, 1usize), (1, 0)].into_iter().enumerate() {
                    let (mut sr, mut sc) = (r, c);
                    while board.cell(sr - dr, sc - dc).is_white() {
                        sr -= dr;
                        sc -= dc;
                    }
                    let head = (sr - dr, sc - dc, k);
                    let Cell::Black { down, right } = board.cell(head.0, head.1) else {
                        unreachable!()
                    };
                    let value = if k == 0 { right } else { down };
                    let id = *run_id.entry(head).or_insert_with(|| {
                        clue.push(u32::from(value.unwrap_or(0)));
                        left.push(0);
                        clue.len() - 1
                    });
                    left[id] += 1;
                    ids[k] = id;
                }
                cells.push(ids);
                positions.push(r * cols + c);
            }
        }
        let n = clue.len();
        Brute {
            cells,
            clue,
            left,
            sum: vec![0; n],
            used: vec![0; n],
            distinct,
            limit,
            found: 0,
            positions,
            digits: vec![0; rows * cols],
            fills: record.then(Vec::new),
        }
    }

    fn fits(&self, run: usize, d: u32) -> bool {
        if self.distinct && self.used[run] >> d & 1 == 1 {
            return false;
        }
        let sum = self.sum[run] + d;
        let k = self.left[run] - 1;
        sum + k <= self.clue[run] && self.clue[run] <= sum + 9 * k
    }

    fn go(&mut self, i: usize) {
        if self.found >= self.limit {
            return;
        }
        if i == self.cells.len() {
            self.found += 1;
            if let Some(f) = &mut self.fills {
                f.push(self.digits.clone());
            }
            return;
        }
        let [a, d] = self.cells[i];
        for digit in 1..=9u32 {
            if !self.fits(a, digit) || !self.fits(d, digit) {
                continue;
            }
            for run in [a, d] {
                self.sum[run] += digit;
                self.left[run] -= 1;
                self.used[run] |= 1 << digit;
            }
            self.digits[self.positions[i]] = digit as u8;
            self.go(i + 1);
            for run in [a, d] {
                self.sum[run] -= digit;
                self.left[run] += 1;
                self.used[run] &= !(1 << digit);
            }
        }
    }
}

#[test]
fn brute_force_on_a_known_board() {
    // 3x3, across clues 3 and 4, down clues 3 and 4: classic fills 2,1/1,3 only;
    // extension fills also 1,2/2,2.
    let b = |down, right| Cell::Black { down, right };
    let w = Cell::White;
    let board = KakuroBoard::new(
        3,
        3,
        vec![
            Cell::BLACK,
            b(Some(3), None),
            b(Some(4), None),
            b(None, Some(3)),
            w,
            w,
            b(None, Some(4)),
            w,
            w,
        ],
    )
    .unwrap();
    assert_eq!(Brute::count(&board, true, 100), 1);
    assert_eq!(Brute::count(&board, false, 100), 2);
    assert_eq!(kakuro_search::count(&board, 100), 1);
}

/// Brute-force counts are capped here.
const LIMIT: usize = 40;

proptest! {
    #![proptest_config(config(1000))]

    /// Flow solves every extension board (runs up to 11 cells), end to end.
    #[test]
    fn flow_solves_every_extension_board(p in params(2, 12, 11, false), seed in any::<u64>()) {
        let g = generate(&p, &mut Rng::new(seed));
        let fill = kakuro_flow::solve(&g.board)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{}", show(&g.board))))?;
        if let Err(v) = check_fill(&g.board, &fill, false) {
            return Err(TestCaseError::fail(format!("flow fill invalid: {v}\n{}", show(&g.board))));
        }
        end_to_end(Problem::Hdu3338, &g.board).map_err(TestCaseError::fail)?;
    }

    /// Search solves every classic board and its fill validates, end to end; flow
    /// solves it too (a classic board is an extension board). Boards up to 7x7: on
    /// dense 8x9 boards the debug-build search can take seconds (e.g. `Params { rows: 8,
    /// cols: 9, white_percent: 93, .. }`, `Rng::new(1863)`: 4 s).
    #[test]
    fn search_solves_every_classic_board(p in params(2, 7, 9, true), seed in any::<u64>()) {
        let g = generate(&p, &mut Rng::new(seed));
        let fill = kakuro_search::solve(&g.board)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{}", show(&g.board))))?;
        if let Err(v) = check_fill(&g.board, &fill, true) {
            return Err(TestCaseError::fail(format!("search fill invalid: {v}\n{}", show(&g.board))));
        }
        prop_assert!(kakuro_search::count(&g.board, 1) == 1);
        prop_assert!(kakuro_flow::solve(&g.board).is_ok());
        end_to_end(Problem::Kakuro, &g.board).map_err(TestCaseError::fail)?;
    }

    /// Boards of at most 10 white cells, clues possibly shifted: classic search count =
    /// brute-force classic count; flow finds a fill iff brute force finds an extension fill.
    #[test]
    fn small_boards_match_brute_force(
        p in params(3, 5, 9, true),
        distinct in any::<bool>(),
        delta in prop_oneof![2 => Just(0i32), 1 => -2i32..=2],
        seed in any::<u64>(),
    ) {
        let mut rng = Rng::new(seed);
        let g = generate(&Params { distinct, ..p }, &mut rng);
        if g.board.white_count() > 10 {
            return Ok(());
        }
        let board = if delta == 0 { g.board } else {
            match shift_clues(&g.board, delta, &mut rng) {
                Some(b) => b,
                None => return Ok(()),
            }
        };
        let classic = Brute::count(&board, true, LIMIT);
        prop_assert_eq!(kakuro_search::count(&board, LIMIT), classic, "classic count on\n{}", show(&board));
        match kakuro_search::solve(&board) {
            Ok(fill) => {
                prop_assert!(classic > 0, "search solved a board brute force cannot\n{}", show(&board));
                prop_assert!(check_fill(&board, &fill, true).is_ok(), "search fill invalid\n{}", show(&board));
            }
            Err(e) => prop_assert_eq!(classic, 0, "search says {} on\n{}", e, show(&board)),
        }
        let extension = Brute::count(&board, false, 1);
        match kakuro_flow::solve(&board) {
            Ok(fill) => {
                prop_assert_eq!(extension, 1, "flow solved a board brute force cannot\n{}", show(&board));
                if let Err(v) = check_fill(&board, &fill, false) {
                    return Err(TestCaseError::fail(format!("flow fill invalid: {v}\n{}", show(&board))));
                }
            }
            Err(e) => prop_assert_eq!(extension, 0, "flow says {} on\n{}", e, show(&board)),
        }
        if let Ok(Answer::Kakuro(f)) = solve_case(Problem::Hdu3338, SolverKind::Flow, &Puzzle::Kakuro(board.clone())) {
            prop_assert!(check_fill(&board, &f, false).is_ok());
        }
    }

    /// The checkers against brute force: on boards of at most 8 white cells, every
    /// extension fill (up to 30) is AC for hdu3338, and AC for classic kakuro exactly
    /// when no run repeats a digit (decided here from the raw cells), WA otherwise.
    #[test]
    fn checker_agrees_with_brute_force_on_every_fill(p in params(3, 5, 9, false), seed in any::<u64>()) {
        let g = generate(&p, &mut Rng::new(seed));
        if g.board.white_count() > 8 {
            return Ok(());
        }
        let puzzles = [Puzzle::Kakuro(g.board.clone())];
        for digits in Brute::fills(&g.board, false, 30) {
            let fill = gridjudge::model::KakuroFill { rows: p.rows, cols: p.cols, digits };
            let output = format::write_output(Problem::Hdu3338, &[Answer::Kakuro(fill.clone())]);
            let ext = check_parsed(Problem::Hdu3338, &puzzles, &output);
            prop_assert_eq!(ext.verdict, Verdict::Accepted, "{}", ext.message);
            let want = if repeats_in_a_run(&g.board, &fill.digits) { Verdict::WrongAnswer } else { Verdict::Accepted };
            let classic = check_parsed(Problem::Kakuro, &puzzles, &output);
            prop_assert_eq!(classic.verdict, want, "{}\n{}\n{}", classic.message, show(&g.board), String::from_utf8_lossy(&output));
        }
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// Medium boards (up to 7x7) with clues possibly shifted, so that many have no fill
    /// and the search has to exhaust them: `solve` (component by component, two searches
    /// in turns) finds a fill exactly when the exhaustive `count` with a limit of 2 does
    /// (which branches over the whole board and never closes a component), and its fill
    /// validates. (The unsound component closings of `tests/PLANTED_BUGS.md`, bug 6,
    /// pass this one: boards this small rarely need a backtrack across a
    /// split. `search_solves_larger_classic_boards` catches them.)
    #[test]
    fn search_solve_agrees_with_exhaustive_count_on_shifted_boards(
        p in params(4, 7, 9, true),
        delta in prop_oneof![1 => Just(0i32), 3 => -3i32..=3],
        seed in any::<u64>(),
    ) {
        let Some(board) = shifted_board(&p, delta, seed) else { return Ok(()) };
        // Limit 2, not 1: a search for one fill decomposes into components.
        let feasible = kakuro_search::count(&board, 2) > 0;
        solve_agrees_with(&board, feasible)?;
    }
}

proptest! {
    #![proptest_config(config(LARGER_CASES))]

    /// Larger classic boards (8x8 to 14x14, 30-75 % white): the search solves every
    /// one and its fill validates. On these the search splits the board into
    /// components and backtracks across the splits, which the small boards above
    /// rarely need: catches an unsound closing of components (`tests/PLANTED_BUGS.md`,
    /// bug 6).
    #[test]
    fn search_solves_larger_classic_boards(
        p in (8usize..=14, 8usize..=14, 30usize..=75).prop_map(|(rows, cols, white_percent)| Params {
            rows,
            cols,
            white_percent,
            max_run: 9,
            distinct: true,
        }),
        seed in any::<u64>(),
    ) {
        let g = generate(&p, &mut Rng::new(seed));
        let fill = kakuro_search::solve(&g.board)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{}", show(&g.board))))?;
        if let Err(v) = check_fill(&g.board, &fill, true) {
            return Err(TestCaseError::fail(format!("search fill invalid: {v}\n{}", show(&g.board))));
        }
    }
}

proptest! {
    #![proptest_config(config(BACKJUMP_CASES))]

    /// Backjumping (the search for one fill jumps over decisions not in a dead end's
    /// conflict set, and gives up on the whole board when that set is empty) never
    /// loses a fill: on 7x7 to 9x9 boards with clues shifted (often infeasible, with
    /// dead ends deep in the search), `solve` finds a fill exactly when the
    /// chronological exhaustive `count` does.
    #[test]
    fn backjumping_agrees_with_exhaustive_count_on_larger_shifted_boards(
        p in (7usize..=9, 7usize..=9, 40usize..=80).prop_map(|(rows, cols, white_percent)| Params {
            rows,
            cols,
            white_percent,
            max_run: 9,
            distinct: true,
        }),
        delta in -2i32..=2,
        seed in any::<u64>(),
    ) {
        let Some(board) = shifted_board(&p, delta, seed) else { return Ok(()) };
        let feasible = kakuro_search::count(&board, 2) > 0;
        solve_agrees_with(&board, feasible)?;
    }
}

/// Cases of `backjumping_agrees_with_exhaustive_count_on_larger_shifted_boards`.
const BACKJUMP_CASES: u32 = 500;

proptest! {
    #![proptest_config(config(64))]

    /// Boards of several parts that share no run, bigger than the search's small-board
    /// reasoning takes on as a whole: two boards up to 7x7, clues possibly shifted,
    /// beside a generated 20x20 board. `solve` finds a fill exactly when each small
    /// board has one (the exhaustive count of each alone), and its fill validates:
    /// deciding the small parts on their own (once the whole board's searches have met
    /// 2,000 dead ends) and going on with the whole board after them keeps the verdict.
    #[test]
    fn search_solve_agrees_with_its_parts(
        p1 in params(4, 7, 9, true),
        p2 in params(4, 7, 9, true),
        d1 in prop_oneof![1 => Just(0i32), 3 => -3i32..=3],
        d2 in prop_oneof![1 => Just(0i32), 3 => -3i32..=3],
        seed in any::<u64>(),
    ) {
        let (Some(a), Some(b)) = (shifted_board(&p1, d1, seed), shifted_board(&p2, d2, seed ^ 1))
        else {
            return Ok(());
        };
        let big = Params { rows: 20, cols: 20, white_percent: 90, max_run: 9, distinct: true };
        let big = generate(&big, &mut Rng::new(seed ^ 2)).board;
        let whole = beside(&beside(&a, &b), &big);
        prop_assume!(whole.white_count() > 256);
        let feasible = kakuro_search::count(&a, 2) > 0 && kakuro_search::count(&b, 2) > 0;
        solve_agrees_with(&whole, feasible)?;
    }
}

/// Cases of `search_solves_larger_classic_boards`.
const LARGER_CASES: u32 = 200;

/// Whether some across or down run of `board` holds a digit twice (walks the raw cells).
fn repeats_in_a_run(board: &KakuroBoard, digits: &[u8]) -> bool {
    let (rows, cols) = (board.rows(), board.cols());
    for (dr, dc) in [(0usize, 1usize), (1, 0)] {
        for r in 0..rows {
            for c in 0..cols {
                if board.cell(r, c).is_white() {
                    continue;
                }
                let mut seen = [false; 10];
                let (mut rr, mut cc) = (r + dr, c + dc);
                while rr < rows && cc < cols && board.cell(rr, cc).is_white() {
                    let d = usize::from(digits[rr * cols + cc]);
                    if seen[d] {
                        return true;
                    }
                    seen[d] = true;
                    rr += dr;
                    cc += dc;
                }
            }
        }
    }
    false
}

/// A generated board with its clues shifted by `delta` (unchanged for 0); `None` when
/// the shift leaves a clue out of range.
fn shifted_board(p: &Params, delta: i32, seed: u64) -> Option<KakuroBoard> {
    let mut rng = Rng::new(seed);
    let g = generate(p, &mut rng);
    if delta == 0 {
        Some(g.board)
    } else {
        shift_clues(&g.board, delta, &mut rng)
    }
}

/// `kakuro_search::solve` finds a fill exactly when `feasible` (the exhaustive count's
/// verdict), and its fill validates.
fn solve_agrees_with(board: &KakuroBoard, feasible: bool) -> Result<(), TestCaseError> {
    match kakuro_search::solve(board) {
        Ok(fill) => {
            prop_assert!(
                feasible,
                "search solved a board the exhaustive count cannot\n{}",
                show(board)
            );
            if let Err(v) = check_fill(board, &fill, true) {
                return Err(TestCaseError::fail(format!(
                    "search fill invalid: {v}\n{}",
                    show(board)
                )));
            }
        }
        Err(e) => prop_assert!(
            !feasible,
            "search says {} but the exhaustive count finds a fill on\n{}",
            e,
            show(board)
        ),
    }
    Ok(())
}
