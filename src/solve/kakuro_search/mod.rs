//! Classic Kakuro (digits distinct within each run) by depth-first search with
//! digit-set tables and run-level propagation. Owns the search and its "no solution"
//! reasons; nothing here is used by the validators.
//!
//! # Tables
//!
//! A run's state is `(k, used, sum)`: `k` cells still empty, the set `used` of digits
//! already placed in it, and the `sum` still missing. Built once from all 512 digit sets:
//!
//! - `ALLOWED[k][used][sum]`: the union of all sets `S` of `k` distinct digits, disjoint
//!   from `used`, summing to `sum` (the clue check up front, and the guard on every
//!   placement);
//! - `TARGET[k][sum]`: those sets themselves, as a 512-bit set of digit sets.
//!
//! ```text
//! digit mask bit:   8 7 6 5 4 3 2 1 0        SubsetBits: bit x of 512 = digit set x
//! digit:            9 8 7 6 5 4 3 2 1                    word x >> 6, bit x & 63
//! ALLOWED index:    (k · 512 + used) · 46 + sum      (k ≤ 9, sum ≤ 45)
//! ```
//!
//! # Propagation
//!
//! Each cell keeps a candidate mask. Whenever a cell of a run changes, the run is
//! queued; filtering a run makes it *generalised arc consistent*: a small dynamic
//! programme over the digit sets its empty cells can reach (see
//! [`Search::filter_run`]) keeps in each cell exactly the digits that occur in some
//! distinct, correctly summing completion of the run. A cell left with one digit is
//! placed at once; a cell with none, or a run with no completion, is a dead end.
//!
//! # Search
//!
//! - Branch on the empty cell with the fewest candidates per unit of *conflict weight*
//!   (dom/wdeg: the weight of its two runs, which grows each time a run's filter fails,
//!   plus its own, which grows each time it is on the boundary of a failed repair of
//!   the relaxation below), ties broken in a fixed breadth-first order from the first
//!   cell, so the filled region grows as a compact blob (see the `pick` module).
//! - A branch tries only the candidates within the range the relaxation allows the
//!   cell (two probes); the others count as refuted, with the probes' explanations.
//! - Every change (candidate shrink, placement) goes on a trail; backtracking pops the
//!   trail to the branch's mark. The trail holds at most one placement and 8 shrinks per
//!   cell, so it is sized once.
//! - [`solve`] searches the board *component by component*: once the empty cells fall
//!   apart into groups that share no run, the smallest group is solved on its own, and
//!   a dead end after it is solved never backtracks into it (see
//!   [`Search::choose_focused`]; the components are looked for once in as many
//!   decisions as the group has empty cells).
//! - A search for one fill backjumps (conflict-directed backjumping, CBJ): each dead
//!   end's conflict set, the decisions it depends on, is found by walking the trail
//!   (every candidate change records the run whose filter made it, see
//!   `Search::analyse`), and the search jumps back to the deepest of them, over
//!   decisions that played no part. Counting backtracks chronologically.
//! - [`solve`] restarts on a Luby sequence of dead-end budgets, each branch trying
//!   first the digit its cell last held (keeping the weights learnt so far), taking
//!   turns with a search that never restarts (see [`solve_within`]). The restarting
//!   search also keeps each dead end's conflict set as a *nogood* (these cells cannot
//!   all hold these digits) and propagates it in every later attempt, so the
//!   assignment its saved digits rebuild does not walk into the same trap (the
//!   `search::nogood` module).
//! - On boards of at most 256 white cells that the first turn does not decide, a
//!   clause-learning search over a Boolean encoding of the root's deductions (the
//!   `cdcl` module) takes turns with the two: it keeps why each dead end failed, as a
//!   clause, where the depth-first searches forget it when they backjump, and so proves
//!   the dense boards without a fill that they cannot (see [`Pair::decide`]).
//! - On bigger boards not decided within 2,000 dead ends, each part of 12 to 256 white
//!   cells that shares no run with the rest is decided as a board of its own, with
//!   that reasoning (the `parts` module): a dense region without a fill beside a big
//!   easy one decides the board.
//!
//! # Counting
//!
//! [`count`] first enumerates, in one exhaustive depth-first search over the whole
//! board (chronological backtracking, every combination). That decides small boards in
//! a few dead ends but never finishes a 100×100 one. Up to limit 1,000 it then goes on
//! by fills instead, with the searches of [`solve`]: a first fill `F`; every other fill
//! agrees with `F` on the cells before some cell `x_i` (in cell order) and differs from
//! it at `x_i`, so one search per cell, with `x_1 … x_{i−1}` fixed to `F` and `F(x_i)`
//! ruled out at the root, decides whether a second fill exists; below a root where it
//! finds a fill `G`, the other fills are counted the same way around `G`. The cells are
//! taken last first: with most of the board fixed, most of these roots fail at once,
//! and a board with many fills shows a second one near `F` within a few dead ends (the
//! restarting search tries `F`'s digits first). Fixing and releasing cells are root
//! deductions on the trail (`Search::narrow_root`, `Search::back_to_root`), so the
//! searches keep their weights from one cell to the next. On boards of at most 256
//! white cells the clause-learning search counts instead: a fill, the clause that rules
//! it out, another fill.
//! [`near_fills`] is that search with a window: each cell's search is over the cells
//! near it (the others fixed to `F`), and it goes on past the fills it finds, so one
//! pass shows the generator of unique boards most of the fills it must rule out.
//!
//! All memory (frames, trail, queue, buckets, masks) is allocated before the search
//! starts; the search loop itself never allocates.
//!
//! # The sum-balance relaxation
//!
//! Per-run GAC sees one run at a time; a random layout is full of nearly closed regions
//! whose across and down clues must balance (see the `balance` module). The search keeps a
//! feasible point of the relaxation "each cell between its smallest and largest
//! candidate, every run makes its clue, repeats allowed" (a flow), repairs it on every
//! candidate change along augmenting paths (searched from both ends at once), and meets
//! a dead end when no repair exists; the cells on the boundary of the side of the cut
//! the search exhausted first explain the dead end to the backjumping. At the root it
//! also narrows every cell to the range the relaxation allows (two probes per cell,
//! once; restarts keep the root's deductions).
//!
//! # The root's counting check
//!
//! Last of the root's deductions, the `digit_fit` module: for each digit, every run
//! that must contain it (every digit set its state allows does) needs a cell of its own
//! for it, and a run takes each digit once; two bipartite matchings per digit decide
//! it (0.6 ms on `gen_100x100` case 0). It rejects at once boards whose runs are forced
//! to be permutations of the same digits with too few places for one of them, which
//! the search could not finish in minutes (the 8×8 board of
//! `tests/data/kakuro/latin-8x8-no-fill.kakuro.in`), and names the digit
//! ([`ClassicInfeasible::DigitCount`]).
//!
//! # The counting filter during the search
//!
//! On boards of at most 256 white cells, once a search has met 64 dead ends, the same
//! count runs at every node as a filter (`Search::hall_filter`): for each digit, each
//! run's *required* digits come from the sum tables (the digits every completion of its
//! state uses), the runs of one direction that require the digit are matched into the
//! runs of the other through the empty cells that may hold it, and a cell keeps the
//! digit only if such a matching (for both directions) survives the cell taking it (one
//! alternating-path search from the partner the cell's other run loses). A missing
//! matching is a dead end explained by its Hall set: runs of one direction, all
//! requiring the digit, whose cells lead to fewer runs of the other direction; the
//! conflict analysis asks for those runs' cells, for a dead end and for each cut the
//! filter makes (the Hall set that refutes the cut is kept beside the trail). Within
//! one run the run filter is already exact for "distinct and summing" together, so the
//! new reasoning is across runs: which digits go where when crossing runs are forced to
//! be permutations of the same digits.
//!
//! PERF (release, whole process, 2-core machine shared with other builds, so rough):
//! the 8×8 boards `tests/data/kakuro/dense-8x8-a-no-fill.kakuro.in` and `…-d-…` go from
//! over 60 s to 0.01 s, the rows-of-28 boards of `benches/data/kakuro-dense` from over
//! 3 s to 0.01 s, and `count --limit 2` on the generated 10×10 boards at 95 % white
//! from over 20 s to 0.05 s. Infeasible boards where it cuts little pay for it:
//! `slow-search-6x7` about 3.4 → 4.5 s, `slow-search-8x8-dense-e` 1.6 → 1.5 s; the
//! published puzzles rarely reach 64 dead ends. Always on (from the first dead end) it
//! cost `marcelgarus_kakuro` about 6 % over 15 runs.
//!
//! The slowest corpus case: `gen_100x100` case 0 (6.5k cells, many fills), criterion
//! median 65.8 ms (interval 65.4–66.3; 2026-11-23, quiet machine), about 35 % under a
//! 100 ms goal. These steps took it from 104 ms (median of 21 runs of
//! `tests/it/solvers/kakuro_search_timing.rs`, `KKS_REPEAT=21`; criterion 101.6 ms before them),
//! each step measured that way and, where the search changed, on the 16 generated
//! boards too (geometric mean 409 → 374 ms over these search changes):
//! - a conflict analysis that visits only the marked cells' changes (104 → 100 ms with
//!   a stack of changes to visit, 90 → 81 ms with a bit set taken highest first);
//! - closed-form run filters for up to three empty cells (module `run_gac`; 100 → 90
//!   ms), then four (81 → 79 ms), and the digit-set programme's backward step fused
//!   (78 → 75 ms);
//! - no second filter of a run its own filter just made consistent (79 → 78 ms);
//! - the relaxation's first point seeded as `kakuro_flow` seeds its flow (75 → 71 ms;
//!   16 boards 409 → 401 ms);
//! - stale tree nodes of `pick` as a bit set (71 → 68 ms);
//! - the restarting search first in each turn (68 → 65 ms; 16 boards −6 %; see
//!   [`solve_within`]);
//! - the root's counting check (about 0.6 ms here; for boards like the 8×8 above).
//!
//! The replay test of the conflict analysis (`search/conflict.rs`) found a
//! pre-existing unsound backjump, since fixed: a search resumed at a dead end
//! whose conflict set was already known analysed it again from stale conflict runs.
//!
//! An earlier series of steps took it from a median of 2.0 s over 12 restart seeds, each
//! measured on that board and (from the value order on) on 16 generated 100×100
//! classic boards (`KKS_GENERATED=16`; before the series a geometric mean
//! of 6.1 s, partly with the other core busy, one board giving up after 2 M dead
//! ends; at its end 0.49–0.53 s, the slowest 2.5 s):
//! - the cells' own conflict weight, from the relaxation's cuts (2.0 → 0.9 s);
//! - explanations by the cut's boundary cells instead of all its runs' cells;
//! - at each branch, only the digits within the relaxation's range (most dead ends
//!   had been a digit outside it);
//! - the two-ended path search (0.87 → 0.74 s);
//! - ties broken in a fixed breadth-first order with a tournament tree instead of a
//!   fresh component search and scan at every decision (0.74 → 0.25 s; the order is
//!   what matters: ties in row-major order were 2× worse);
//! - the densest-digit value order (16 boards: 0.99 → 0.68 s), a Luby unit of 300, a
//!   quarter of each turn for the steady search (0.68 → 0.52 s), and a single pass of
//!   `tighten` (case 0: 184 → 111–131 ms).
//!
//! Left (profile of 2026-11-23): the relaxation's path search about 28 %,
//! conflict analysis 18 %, the digit-set programme (runs with five or more empty
//! cells) 14 %, the rest of propagation 10 %; the root's deductions (flow, GAC,
//! `tighten`) take about 10 ms of the 65. Analysing a frame's cuts only when the
//! frame fails made the search worse; redone later with the same
//! weights and the probes asked again at the failure, it left the search the same
//! but most frames with cuts do fail, so the second probes cost more (96 against
//! 90 ms). Building with `lto = "fat"` and `codegen-units = 1` takes case 0 to
//! 99–104 ms (not adopted: it moves every other measurement in this repository).
//! Tried without gain: the relaxation's value as the first digit, a third guided
//! search, row-major branching, chronological backtracking over exhausted frames, SAC
//! at every node, placement nogoods, partial restarts (history of this file); also
//! phase saving in the steady search, no phase saving in the restarting
//! one (much worse), no `tighten` at all (worse on the 16 boards).

/// Marker for "no cell": in the search's bucket lists, `pick`'s tree and `balance`'s
/// spare cells (here, so that none of them depends on another for it).
const NONE: u32 = u32::MAX;

mod balance;
mod cdcl;
mod digit_fit;
mod parts;
mod pick;
mod run_gac;
mod search;
mod shape;
mod tables;

use crate::model::{ClueFault, KakuroBoard, KakuroFill};
use cdcl::{Answer, Cdcl};
use search::{Outcome, Search, LEARN_AFTER, SMALL_BOARD};
use thiserror::Error;

/// Why a board has no classic Kakuro fill.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ClassicInfeasible {
    /// No set of `len` distinct digits sums to a clue, or across and down totals that
    /// differ: the board's clue check ([`KakuroBoard::check_clue_values`] under
    /// [`DigitRule::Distinct`](crate::model::DigitRule::Distinct)).
    #[error(transparent)]
    Clue(#[from] ClueFault),
    /// A white cell that does not lie in both an across and a down run (cannot happen
    /// for a board built by [`KakuroBoard::new`]; reported rather than trusted).
    #[error("cell ({}, {}) is not in both an across and a down run", at.0 + 1, at.1 + 1)]
    UncoveredCell {
        /// The cell, 0-based `(row, col)`.
        at: (usize, usize),
    },
    /// More runs must contain `digit` (every digit set their clues and lengths allow
    /// does) than the cells that may hold it can serve, a run taking each digit once:
    /// the root's counting check (see the `digit_fit` module).
    #[error("digit {digit} is needed in more runs than the cells that can hold it allow (a counting argument)")]
    DigitCount {
        /// The digit, 1..=9.
        digit: u8,
    },
    /// The clues are individually possible, but the search proved no fill exists.
    #[error("no classic fill exists (exhaustive search)")]
    NoSolution,
    /// [`solve_within`] gave up after its dead-end budget: nothing is proved either way.
    #[error("search gave up after {dead_ends} dead ends (undecided)")]
    GaveUp {
        /// Dead ends met in all attempts together.
        dead_ends: u64,
    },
}

/// Solves `board` under the classic rules (digits 1..=9, distinct within each run, each
/// run sums to its clue). Returns one fill, or why none exists. Unbounded: see
/// [`solve_within`] for a version that can give up.
// PERF: `cargo bench --bench kakuro -- search` (figures per file in benches/kakuro.rs).
// Release build, `tests/it/solvers/kakuro_search_timing.rs` (2026-11-23, quiet machine): every
// classic corpus case under 5 ms (marcelgarus_kakuro case 9: 4.6 ms) except
// gen_100x100 case 0: 65–67 ms (see the module doc). Allocation count is
// independent of the board and of the search effort (test
// `solvers_allocate_the_same_few_buffers_whatever_the_work`).
pub fn solve(board: &KakuroBoard) -> Result<KakuroFill, ClassicInfeasible> {
    solve_within(board, u64::MAX)
}

/// As [`solve`], but gives up with [`ClassicInfeasible::GaveUp`] once about
/// `max_dead_ends` dead ends have been met over all restarts. Two searches of the
/// board take turns, one restarting and one never restarted (see `Pair::decide`).
///
/// On a board too big for the small boards' reasoning, once its searches have met
/// 2,000 dead ends (`PARTS_AFTER`), the parts of it that share no run with the rest and are
/// small enough for that reasoning are decided, each alone, within the same budget:
/// one without a fill decides the board (see the `parts` module).
pub fn solve_within(
    board: &KakuroBoard,
    max_dead_ends: u64,
) -> Result<KakuroFill, ClassicInfeasible> {
    solve_part(board, max_dead_ends, &mut 0)
}

/// Dead ends a board's searches meet before its small parts are decided alone (see the
/// `parts` module): boards decided sooner keep their search exactly and allocate
/// nothing more (`gen_100x100` case 0, about 1,250 dead ends, has 7 parts of 12 to 83
/// cells and 13 smaller ones).
const PARTS_AFTER: u64 = 2_000;

/// Why `part` has no fill, with places on the whole board. A clue fault of the part
/// alone (its across and down totals differ) cannot name the whole board's clues: it
/// is a plain [`ClassicInfeasible::NoSolution`]. (The whole board's root refutes such
/// a part first: the sum-balance relaxation is a flow over every part.)
fn part_failure(part: &parts::Part, why: ClassicInfeasible) -> ClassicInfeasible {
    let (top, left) = part.origin;
    match why {
        ClassicInfeasible::Clue(_) => ClassicInfeasible::NoSolution,
        ClassicInfeasible::UncoveredCell { at } => ClassicInfeasible::UncoveredCell {
            at: (at.0 + top, at.1 + left),
        },
        other => other,
    }
}

/// [`solve_within`] on one board (or part of one), `spent` dead ends already met of
/// the budget `max_dead_ends`.
fn solve_part(
    board: &KakuroBoard,
    max_dead_ends: u64,
    spent: &mut u64,
) -> Result<KakuroFill, ClassicInfeasible> {
    let mut pair = Pair::new(board)?;
    pair.clauses_may_join = pair.steady.is_small();
    // The restarting search keeps what its dead ends refuted across its restarts
    // (see `search::nogood`).
    pair.restarting.enable_learning(LEARN_AFTER);
    let who = pair.decide(max_dead_ends, spent, Some(board))?;
    let mut fill = KakuroFill::empty_for(board);
    to_board(&pair.steady.cell_pos, pair.solution(who), &mut fill);
    Ok(fill)
}

/// Copies a fill per search cell (`digits[i]` for search cell `i`) into `fill`, per
/// board position (`cell_pos[i]` is cell `i`'s position); the other positions keep
/// what they hold.
fn to_board(cell_pos: &[u32], digits: &[u8], fill: &mut KakuroFill) {
    for (&pos, &digit) in cell_pos.iter().zip(digits) {
        fill.digits[pos as usize] = digit;
    }
}

/// The two searches of [`solve_within`], sharing the root's deductions, and how they
/// take turns.
struct Pair {
    steady: Search,
    restarting: Search,
    /// Whether the clause-learning search takes turns too (small boards, one fill
    /// wanted, the roots not narrowed by [`Pair::other_fill`]).
    clauses_may_join: bool,
    /// The clause-learning search, once it has joined, and the fill it found.
    clauses: Option<Cdcl>,
    clauses_fill: Vec<u8>,
    /// The cell whose root [`Pair::other_fill`] searched last (`u32::MAX` before).
    tried: u32,
}

/// Which search of a [`Pair`] found the fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Finder {
    Steady,
    Restarting,
    Clauses,
}

impl Pair {
    /// Both searches of `board`, after the root's deductions (made once, then copied).
    fn new(board: &KakuroBoard) -> Result<Pair, ClassicInfeasible> {
        Pair::with_root(board, true, None)
    }

    /// As [`Pair::new`]; without `tighten`, the root's deductions leave out the
    /// relaxation's range of every cell (`Search::tighten`); with `point`, the
    /// relaxation starts from it (see [`Search::at_point`]).
    fn with_root(
        board: &KakuroBoard,
        tighten: bool,
        point: Option<&[u8]>,
    ) -> Result<Pair, ClassicInfeasible> {
        let mut steady = Search::at_point(board, point)?;
        steady.tighten_root = tighten;
        if !steady.start() {
            return Err(steady.root_failure());
        }
        let mut restarting = steady.fork();
        restarting.phase_saving = true;
        Ok(Pair {
            steady,
            restarting,
            clauses_may_join: false,
            clauses: None,
            clauses_fill: Vec::new(),
            tried: u32::MAX,
        })
    }

    /// Decides the board below the searches' current root: a fill (per cell), or
    /// [`ClassicInfeasible::NoSolution`], or [`ClassicInfeasible::GaveUp`] once
    /// `spent` (the dead ends met so far, shared by every call) reaches
    /// `max_dead_ends`.
    ///
    /// Two searches take turns; each turn the restarting one may meet a Luby number of
    /// dead ends and the steady one a quarter of that:
    /// - `steady` is one exhaustive search that is never restarted, run in slices. It
    ///   proves small infeasible boards without redoing work.
    /// - `restarting` starts afresh every turn, with a Luby budget; its conflict
    ///   weights carry over, and each branch first tries the digit the cell last held
    ///   (phase saving), so each attempt rebuilds most of the last one and works on
    ///   where it failed, with the weights learnt since. Big boards with many fills
    ///   need this: a search that never restarts gets trapped under an early bad
    ///   choice far from where it fails.
    ///
    /// Either one finishing decides the board, so the pair costs at most 1.25 times
    /// the restarting search or 5 times the steady one (with the clause-learning search
    /// below, 9.25 and 37 times, or about 1.16 times the clause search, counting a
    /// conflict as a dead end); the budgets are unbounded, so it is complete. Both are
    /// deterministic. (Equal slices cost 23 % more on the 16
    /// generated boards of `tests/it/solvers/kakuro_search_timing.rs` and 15 % on
    /// `gen_100x100` case 0; a quarter makes the infeasible `slow-search-6x7` of
    /// `benches/data/kakuro-dense` take 4.1 s instead of 1.7.) The restarting search goes first
    /// in each turn: on a board with fills it is the one that finishes, and the steady
    /// search's slice of that turn is saved (`gen_100x100` case 0 68 → 65 ms, the 16
    /// generated boards 6 % faster; the infeasible 6x7 board, proved by the steady
    /// search, pays the restarting search's last slice: 2.7 → 3.1 s).
    ///
    ///
    /// On small boards ([`Pair::clauses_may_join`]) a third search takes each turn
    /// after the other two: the clause-learning search of the `cdcl` module, encoded
    /// from the root's deductions (built when the first turn's two slices did not
    /// decide the board), with `CLAUSES_SHARE` (8) times the restarting search's slice
    /// in conflicts. It decides the dense boards without a fill that the other two
    /// cannot (their dead ends forget why they failed: `slow-search-8x8-dense-b` of
    /// `benches/data/kakuro-dense` over 20 s before, 0.8 s with it); a board the first
    /// slices decide (nearly every published puzzle) never builds it.
    fn decide(
        &mut self,
        max_dead_ends: u64,
        spent: &mut u64,
        parts_of: Option<&KakuroBoard>,
    ) -> Result<Finder, ClassicInfeasible> {
        let mut parts_of = parts_of;
        let mut turn = 0u64;
        loop {
            let slice = LUBY_UNIT * luby(turn + 1);
            for (restarting, resume, share) in [(true, false, 1), (false, turn > 0, STEADY_SHARE)] {
                let search = if restarting {
                    &mut self.restarting
                } else {
                    &mut self.steady
                };
                let attempt = (slice / share)
                    .max(1)
                    .min(max_dead_ends.saturating_sub(*spent));
                match search.search(1, attempt, resume) {
                    Outcome::Done(0) => return Err(ClassicInfeasible::NoSolution),
                    Outcome::Done(_) if restarting => return Ok(Finder::Restarting),
                    Outcome::Done(_) => return Ok(Finder::Steady),
                    Outcome::OutOfBudget => {
                        *spent = spent.saturating_add(attempt);
                        if *spent >= max_dead_ends {
                            return Err(ClassicInfeasible::GaveUp { dead_ends: *spent });
                        }
                    }
                }
            }
            if self.clauses_may_join {
                let attempt = (CLAUSES_SHARE * slice)
                    .min(max_dead_ends.saturating_sub(*spent))
                    .max(1);
                if let Some(decided) = self.clauses_turn(attempt, max_dead_ends, spent) {
                    return decided;
                }
            }
            if let Some(board) = parts_of.filter(|_| *spent >= PARTS_AFTER) {
                parts_of = None;
                for part in parts::small_parts(board, SMALL_BOARD) {
                    if let Err(why) = solve_part(&part.board, max_dead_ends, spent) {
                        return Err(part_failure(&part, why));
                    }
                }
            }
            turn += 1;
        }
    }

    /// One turn of the clause-learning search (built on its first turn): up to
    /// `attempt` conflicts, counted in `spent`; `None` when the board is still
    /// undecided and the budget not spent.
    fn clauses_turn(
        &mut self,
        attempt: u64,
        max_dead_ends: u64,
        spent: &mut u64,
    ) -> Option<Result<Finder, ClassicInfeasible>> {
        let clauses = match &mut self.clauses {
            Some(clauses) => clauses,
            None => {
                let (shape, cand, clue) = self.restarting.root_domains();
                self.clauses.insert(Cdcl::new(&shape, &cand, &clue))
            }
        };
        let before = clauses.conflicts;
        match clauses.solve(attempt) {
            Answer::None => Some(Err(ClassicInfeasible::NoSolution)),
            Answer::Fill => {
                self.clauses_fill = clauses.fill();
                Some(Ok(Finder::Clauses))
            }
            Answer::Undecided => {
                *spent = spent.saturating_add(clauses.conflicts - before);
                (*spent >= max_dead_ends)
                    .then_some(Err(ClassicInfeasible::GaveUp { dead_ends: *spent }))
            }
        }
    }

    /// The fill [`Pair::decide`] found, per cell; `who` is what it returned.
    fn solution(&self, who: Finder) -> &[u8] {
        match who {
            Finder::Restarting => &self.restarting.solution,
            Finder::Steady => &self.steady.solution,
            Finder::Clauses => &self.clauses_fill,
        }
    }

    /// A fill other than `first` (per cell, a fill of the board) below the current
    /// roots: `Ok(Some(finder))` as from [`Pair::decide`], `Ok(None)` when there is
    /// none; see [`count_within`]. The roots end where they began only when it finds
    /// none. With `fresh` (the searches have not searched yet), the restarting search
    /// is copied from the steady one once its root is fixed to `first`, instead of
    /// being fixed too.
    ///
    /// The cells are tried in chunks from the end: the cells before a chunk are fixed
    /// at once ([`Search::narrow_root_all`], one propagation), the chunk's one by one
    /// (each one's root is needed), and each chunk is twice the last. Most second fills
    /// differ from `first` in the last cells, so most calls fix the board in one
    /// propagation and a few dozen; fixing every cell one by one was most of the time
    /// of `gen --unique` at 100×100 (13 of each call's 17–30 ms at `--white 95`).
    ///
    /// With a `window` of `w` cells, the search only looks near each cell: the chunks
    /// are `w` cells, and the cells more than `w` after a chunk are fixed too, so each
    /// search is over at most `2w` open cells; a search that gives up is passed over,
    /// and `Ok(None)` proves nothing. `keep_on` sees each other fill found (per cell,
    /// as `first`): `None` ends the search there (`Ok(Some(finder))`); `Some(x)` fixes
    /// cell `x` to `first` for the rest of the search, which goes on from the cell where
    /// that fill was found, each such search with its own `max_dead_ends` (see
    /// [`near_fills`]).
    fn other_fill(
        &mut self,
        first: &[u8],
        fresh: bool,
        window: Option<usize>,
        max_dead_ends: u64,
        spent: &mut u64,
        keep_on: &mut dyn FnMut(&[u8]) -> Option<u32>,
    ) -> Result<Option<Finder>, ClassicInfeasible> {
        /// Cells in the last chunk, the first one tried.
        const FIRST_CHUNK: usize = 64;
        let open: Vec<u32> = (0..first.len() as u32)
            .filter(|&c| !self.steady.is_placed(c))
            .collect();
        let mut base = self.roots();
        // The budget of the search going on: `spent` when it began, plus `max_dead_ends`.
        let mut budget = max_dead_ends;
        let digit = |c: u32| 1u16 << (first[c as usize] - 1);
        let first_chunk = window.unwrap_or(FIRST_CHUNK).max(1);
        let (mut end, mut chunk) = (open.len(), first_chunk);
        let mut roots = Vec::with_capacity(open.len().min(first_chunk));
        while end > 0 {
            let start = end.saturating_sub(chunk);
            // The root with the cells before the chunk (and, with a window, those
            // beyond it) fixed to `first`, and the chunk's roots.
            let beyond = window.map_or(open.len(), |w| end.saturating_add(w).min(open.len()));
            if !self.fix_chunk(first, &open, [start, end, beyond], fresh, &mut roots) {
                // Only when `first` is not a fill.
                return Err(ClassicInfeasible::GaveUp { dead_ends: *spent });
            }
            // The last cells first: most of the board is fixed, so most alternatives
            // fail at the root, and a board with many fills has one close to `first`.
            let mut found = None;
            for &(c, at) in roots.iter().rev() {
                self.back_to(at);
                if self.narrow_root(c, !digit(c)) {
                    self.restarting.seed_phases(first);
                    self.tried = c;
                    match self.decide(budget, spent, None) {
                        Ok(who) => {
                            found = Some((c, who));
                            break;
                        }
                        Err(ClassicInfeasible::NoSolution) => {}
                        Err(_) if window.is_some() => budget = spent.saturating_add(max_dead_ends),
                        Err(other) => return Err(other),
                    }
                }
            }
            self.back_to(base);
            let Some((c, who)) = found else {
                end = start;
                if window.is_none() {
                    chunk *= 2;
                }
                continue;
            };
            let Some(fix) = keep_on(self.solution(who)) else {
                return Ok(Some(who));
            };
            // Fixing `fix` keeps every fill the later cells were searched for.
            let fixed = match (fresh, first.get(fix as usize)) {
                (_, None | Some(0)) => false,
                (true, Some(_)) => self.steady.narrow_root(fix, digit(fix)),
                (false, Some(_)) => self.narrow_root(fix, digit(fix)),
            };
            if !fixed {
                return Err(ClassicInfeasible::GaveUp { dead_ends: *spent });
            }
            base = self.roots();
            budget = spent.saturating_add(max_dead_ends);
            end = open[..end]
                .iter()
                .rposition(|&o| o == c)
                .map_or(0, |i| i + 1);
            chunk = first_chunk;
        }
        Ok(None)
    }

    /// For [`Pair::other_fill`] and [`Pair::count_others`]: fixes the cells of `open`
    /// before `start` and from `beyond` on to `first` at once, then the cells of
    /// `start..end` one by one, each with its roots before it in `roots` (as
    /// [`Pair::roots`]); with `fresh`, the restarting search is a copy of the steady
    /// one afterwards. False when a root fails (only when `first` is not a fill).
    fn fix_chunk(
        &mut self,
        first: &[u8],
        open: &[u32],
        [start, end, beyond]: [usize; 3],
        fresh: bool,
        roots: &mut Vec<(u32, [usize; 2])>,
    ) -> bool {
        let digit = |c: u32| 1u16 << (first[c as usize] - 1);
        let outside = || {
            (open[..start].iter())
                .chain(&open[beyond..])
                .map(|&c| (c, digit(c)))
        };
        let fixed = if fresh {
            self.steady.narrow_root_all(outside())
        } else {
            self.steady.narrow_root_all(outside()) && self.restarting.narrow_root_all(outside())
        };
        if !fixed {
            return false;
        }
        roots.clear();
        for &c in &open[start..end] {
            if self.steady.is_placed(c) {
                continue;
            }
            // (When `fresh`, the copy's roots will be the steady search's.)
            let at = self.steady.root_len();
            roots.push((c, if fresh { [at, at] } else { self.roots() }));
            let fixed = if fresh {
                self.steady.narrow_root(c, digit(c))
            } else {
                self.narrow_root(c, digit(c))
            };
            if !fixed {
                return false;
            }
        }
        if fresh {
            // A copy holds the same trail, so the roots recorded above are its too.
            self.restarting = self.steady.fork();
            self.restarting.phase_saving = true;
        }
        true
    }

    /// The fills other than `first` (per cell, a fill of the board) below the current
    /// roots, up to `limit`; the roots end where they began. Split as in
    /// [`Pair::other_fill`] by the first cell (in cell order) where they differ from
    /// `first`: below the root of cell `c` (the cells before it fixed to `first`,
    /// `first`'s digit ruled out at `c`) a search finds a fill `G`, and the others
    /// there are counted the same way around `G`, one level deeper (so at most `limit`
    /// levels). [`ClassicInfeasible::GaveUp`] once `spent` reaches `max_dead_ends`.
    fn count_others(
        &mut self,
        first: &[u8],
        limit: usize,
        max_dead_ends: u64,
        spent: &mut u64,
    ) -> Result<usize, ClassicInfeasible> {
        /// Cells in the last chunk, the first one tried (as in `other_fill`).
        const FIRST_CHUNK: usize = 64;
        let open: Vec<u32> = (0..first.len() as u32)
            .filter(|&c| !self.steady.is_placed(c))
            .collect();
        let base = self.roots();
        let digit = |c: u32| 1u16 << (first[c as usize] - 1);
        let (mut end, mut chunk) = (open.len(), FIRST_CHUNK);
        let mut roots = Vec::with_capacity(open.len().min(FIRST_CHUNK));
        let mut found = 0;
        while end > 0 && found < limit {
            let start = end.saturating_sub(chunk);
            if !self.fix_chunk(first, &open, [start, end, open.len()], false, &mut roots) {
                self.back_to(base);
                return Err(ClassicInfeasible::GaveUp { dead_ends: *spent });
            }
            for &(c, at) in roots.iter().rev() {
                self.back_to(at);
                if !self.narrow_root(c, !digit(c)) {
                    continue;
                }
                self.restarting.seed_phases(first);
                let who = match self.decide(max_dead_ends, spent, None) {
                    Ok(who) => who,
                    Err(ClassicInfeasible::NoSolution) => continue,
                    Err(why) => {
                        self.back_to(base);
                        return Err(why);
                    }
                };
                found += 1;
                if found == limit {
                    break;
                }
                // The others below the same root, around this fill.
                let other = self.solution(who).to_vec();
                self.back_to(at);
                if self.narrow_root(c, !digit(c)) {
                    found += self.count_others(&other, limit - found, max_dead_ends, spent)?;
                }
                if found == limit {
                    break;
                }
            }
            self.back_to(base);
            end = start;
            chunk *= 2;
        }
        self.back_to(base);
        Ok(found)
    }

    /// `fill`'s digits per cell of the searches ([`Pair::other_fill`]'s `first`);
    /// [`ClassicInfeasible::GaveUp`] when a white cell has no digit 1–9.
    fn first_from(&self, fill: &KakuroFill) -> Result<Vec<u8>, ClassicInfeasible> {
        let first: Vec<u8> = (self.steady.cell_pos.iter())
            .map(|&pos| fill.digits.get(pos as usize).copied().unwrap_or(0))
            .collect();
        if first.iter().any(|&d| !(1..=9).contains(&d)) {
            return Err(ClassicInfeasible::GaveUp { dead_ends: 0 });
        }
        Ok(first)
    }

    /// Both searches' current roots (trail positions), for [`Pair::back_to`].
    fn roots(&self) -> [usize; 2] {
        [self.steady.root_len(), self.restarting.root_len()]
    }

    /// Narrows cell `c` to the candidates in `mask` as a deduction of both searches'
    /// root, and propagates. False when the root then fails (undo with
    /// [`Pair::back_to`]).
    fn narrow_root(&mut self, c: u32, mask: u16) -> bool {
        let a = self.steady.narrow_root(c, mask);
        let b = self.restarting.narrow_root(c, mask);
        a && b
    }

    /// Both searches back to the roots `roots` (from [`Pair::roots`]).
    fn back_to(&mut self, roots: [usize; 2]) {
        self.steady.back_to_root(roots[0]);
        self.restarting.back_to_root(roots[1]);
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, … (term `i ≥ 1`).
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The smallest k with i ≤ 2^k − 1.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Counts the classic fills of `board`, stopping at `limit` (so the result is
/// `min(number of fills, limit)`). An infeasible board counts 0.
pub fn count(board: &KakuroBoard, limit: usize) -> usize {
    // Unreachable with an unlimited budget.
    count_within(board, limit, u64::MAX).unwrap_or(0)
}

/// As [`count`], but gives up (`None`: undecided) after about `max_dead_ends` dead
/// ends. Used by the generators (`gen::kakuro_unique`) to keep their effort bounded.
///
/// First one exhaustive search over the whole board, as a depth-first enumeration:
/// it decides small boards within a few dead ends (two fills differ in the last
/// cells it decided), but does not finish big ones nor the dense small boards
/// without a fill. Limits above [`BY_FILLS_UP_TO`] go on with it to the end; the
/// others (1 and 2 ask: is there a fill, is it the only one), after `ENUMERATE_FIRST`
/// dead ends, go on:
///
/// - on boards of at most 256 white cells, with the clause-learning search (the `cdcl`
///   module, see [`count_by_clauses`]): a fill, the clause ruling it out, another
///   (`slow-search-6x7` of `benches/data/kakuro-dense` 0.27 s, where the enumeration
///   alone took 0.8 s; `-8x8-dense-b` 0.8 s, undecided by it in 10 s);
/// - on bigger boards, with the searches of [`solve_within`]: a first fill `F`, then,
///   for each cell `x_i` (in cell order), whether a fill agrees with `F` on `x_1 …
///   x_{i−1}` and differs from it at `x_i` (the fills other than `F`, split by the
///   first cell where they differ): one more search with those cells fixed to `F`'s
///   digits and `x_i`'s ruled out, all as deductions of the root. The last cells go
///   first, as a depth-first enumeration would meet them: with most of the board fixed
///   most alternatives fail at the root, and on a board with many fills a nearby second
///   fill is found after a few dead ends. The restarting search tries `F`'s digits
///   first (its phases). Below a root where a search finds a fill `G`, the other fills
///   are counted the same way around `G` (`Pair::count_others`), until `limit`.
// PERF: `count --limit 2` on the 60 generated 100×100 boards of
// `benches/peers/kakuro/corpus_100.sh` (release, one run each, cap 10 s, 2-core machine
// at load about 3, 2026-11-28): 56 decided, 30 under 1 s (fastest 0.13 s), about one
// `solve` each; the 4 undecided are boards `solve` takes over 3 s on. By enumeration
// alone none of the boards tried decided in 10 s. Details in docs/kakuro-search.md.
// Limits 3 to 1,000 cost the same (quiet machine, 2026-11-29, limits 2, 3, 10, 100,
// 1,000: default density seed 17 123–144 ms, `--white 95` seed 1 1.28–1.32 s); by
// enumeration, as before, limit 3 did not finish in 10 s on any of them.
//
// As in `solve_within`, the small parts of a big board are decided alone once the search
// for the first fill has met `PARTS_AFTER` dead ends: a part without a fill makes the
// count 0.
pub fn count_within(board: &KakuroBoard, limit: usize, max_dead_ends: u64) -> Option<usize> {
    if limit == 0 {
        return Some(0);
    }
    let mut first_budget = max_dead_ends;
    match Search::new(board) {
        Ok(mut search) => {
            if limit <= BY_FILLS_UP_TO {
                first_budget = max_dead_ends.min(ENUMERATE_FIRST);
            }
            if let Outcome::Done(found) = search.run(limit, first_budget) {
                return Some(found);
            }
            if search.is_small() && first_budget < max_dead_ends {
                return count_by_clauses(&mut search, limit, max_dead_ends, first_budget);
            }
        }
        Err(_) => return Some(0),
    }
    if first_budget >= max_dead_ends {
        return None;
    }
    count_by_fills(board, limit, max_dead_ends, first_budget, LEARN_AFTER)
}

/// [`count_within`] on small boards by the clause-learning search
/// (the `cdcl` module), encoded from `search`'s root: a fill, then the clause ruling
/// it out, then another; `spent` dead ends already met, each conflict one more.
fn count_by_clauses(
    search: &mut Search,
    limit: usize,
    max_dead_ends: u64,
    spent: u64,
) -> Option<usize> {
    let (shape, cand, clue) = search.root_domains();
    let mut clauses = Cdcl::new(&shape, &cand, &clue);
    let mut spent = spent;
    let mut found = 0;
    loop {
        let before = clauses.conflicts;
        let answer = clauses.solve(max_dead_ends.saturating_sub(spent));
        spent = spent.saturating_add(clauses.conflicts - before);
        match answer {
            Answer::None => return Some(found),
            Answer::Fill => {
                found += 1;
                if found == limit || !clauses.block_fill() {
                    return Some(found);
                }
            }
            Answer::Undecided => return None,
        }
        if spent >= max_dead_ends {
            return None;
        }
    }
}

/// As [`count_within`], but by the exhaustive enumeration alone (its first stage,
/// for every limit): the count the generators of small unique boards
/// (`gen::kakuro_unique`) were built on, kept so that their boards stay the same.
pub fn enumerate_within(board: &KakuroBoard, limit: usize, max_dead_ends: u64) -> Option<usize> {
    if limit == 0 {
        return Some(0);
    }
    match Search::new(board) {
        Ok(mut search) => match search.run(limit, max_dead_ends) {
            Outcome::Done(found) => Some(found),
            Outcome::OutOfBudget => None,
        },
        Err(_) => Some(0),
    }
}

/// [`count_within`] by the searches of [`solve_within`] (see there), `spent` dead ends
/// already met.
fn count_by_fills(
    board: &KakuroBoard,
    limit: usize,
    max_dead_ends: u64,
    spent: u64,
    learn_after: u64,
) -> Option<usize> {
    let mut pair = match Pair::new(board) {
        Ok(pair) => pair,
        Err(_) => return Some(0),
    };
    // As in `solve`; the nogoods learnt under one root are dropped when `other_fill`
    // goes back to a wider one.
    pair.restarting.enable_learning(learn_after);
    let mut spent = spent;
    let first = match pair.decide(max_dead_ends, &mut spent, Some(board)) {
        Ok(who) => pair.solution(who).to_vec(),
        Err(ClassicInfeasible::GaveUp { .. }) => return None,
        Err(_) => return Some(0),
    };
    match pair.count_others(&first, limit - 1, max_dead_ends, &mut spent) {
        Ok(others) => Some(1 + others),
        Err(_) => None,
    }
}

/// What [`other_fill`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OtherFill {
    /// The given fill is the board's only one.
    Only,
    /// Another fill of the board.
    Found(KakuroFill),
    /// The search gave up (after about `max_dead_ends` dead ends in all) while looking
    /// for a fill that differs from the given one at this white cell (a position in
    /// its `digits`) and agrees with it on the cells before.
    GaveUpAt(usize),
}

/// A classic fill of `board` other than `fill`, which must be one of its fills (else
/// [`ClassicInfeasible::GaveUp`]). The search of [`count`] for a second fill (see
/// [`count_within`]), from the last cells first, so the fill found differs from `fill`
/// in a region near the end of the board, often a small one: the generator of unique
/// boards (`gen::kakuro_unique`) blackens a cell there, or the cell where the search
/// gave up.
pub fn other_fill(
    board: &KakuroBoard,
    fill: &KakuroFill,
    max_dead_ends: u64,
) -> Result<OtherFill, ClassicInfeasible> {
    // Without the ranges at the root: nearly every cell is fixed to `fill` before any
    // search, so two probes per cell are mostly wasted (the generator of unique
    // 100×100 boards calls this about 800 times: 12.0 → 8.8 s for seed 1). The
    // relaxation starts from `fill` itself, a feasible point when it is a fill, so no
    // flow is computed (about a third of each call's cost at 100×100), and the cells
    // are fixed in one search, the other a copy (see `Pair::other_fill`): 8.4 → 5.2 s
    // for seed 1.
    let mut pair = Pair::with_root(board, false, Some(&fill.digits))?;
    let first = pair.first_from(fill)?;
    let mut spent = 0;
    let found = pair.other_fill(&first, true, None, max_dead_ends, &mut spent, &mut |_| None);
    match found {
        Ok(None) => Ok(OtherFill::Only),
        Ok(Some(who)) => {
            let mut other = KakuroFill::empty_for(board);
            to_board(&pair.steady.cell_pos, pair.solution(who), &mut other);
            Ok(OtherFill::Found(other))
        }
        Err(why @ ClassicInfeasible::GaveUp { .. }) => {
            match pair.steady.cell_pos.get(pair.tried as usize) {
                Some(&pos) => Ok(OtherFill::GaveUpAt(pos as usize)),
                None => Err(why),
            }
        }
        Err(why) => Err(why),
    }
}

/// Fills of `board` that differ from `fill` near one of its cells, found one after
/// another: the search of [`other_fill`] with a window of `window` cells (in the
/// search's cell order: by rows, the cells the root's deductions leave open, so a fill
/// shown differs from ours within `2 × window` of them): for each cell `c` from the
/// last, a fill that
/// agrees with `fill` on every cell before `c`, differs from it at `c` and agrees again
/// from `window` cells after `c`'s chunk of `window` cells on. Each fill found is shown
/// to `keep_on`, which names a white cell (a position in `fill.digits`) to fix to
/// `fill` from then on (the search goes on from `c`), or `None` to stop. Each search
/// gets about `max_dead_ends` dead ends and is passed over when it gives up, so
/// finding none proves nothing (that is [`other_fill`]'s job). Returns how many fills
/// it showed; [`ClassicInfeasible::GaveUp`] when `fill` is not a fill of `board` or a
/// named cell is not one of its white cells.
///
/// The generator of unique boards (`gen::kakuro_unique`) names a differing cell of each
/// fill and blackens them all, one search over the board where [`other_fill`] would
/// need one per blackened cell.
pub fn near_fills(
    board: &KakuroBoard,
    fill: &KakuroFill,
    window: usize,
    max_dead_ends: u64,
    keep_on: &mut dyn FnMut(&KakuroFill) -> Option<usize>,
) -> Result<usize, ClassicInfeasible> {
    let mut pair = Pair::with_root(board, false, Some(&fill.digits))?;
    let first = pair.first_from(fill)?;
    let cell_pos = pair.steady.cell_pos.clone();
    // Board positions back to search cells.
    let mut cell_of = vec![u32::MAX; fill.digits.len()];
    for (i, &pos) in cell_pos.iter().enumerate() {
        if let Some(slot) = cell_of.get_mut(pos as usize) {
            *slot = i as u32;
        }
    }
    let mut shown = 0;
    let mut other = KakuroFill::empty_for(board);
    let mut on_fill = |digits: &[u8]| -> Option<u32> {
        shown += 1;
        to_board(&cell_pos, digits, &mut other);
        // A position that is not a white cell fails the fixing (`u32::MAX`).
        keep_on(&other).map(|pos| cell_of.get(pos).copied().unwrap_or(u32::MAX))
    };
    let mut spent = 0;
    pair.other_fill(
        &first,
        true,
        Some(window),
        max_dead_ends,
        &mut spent,
        &mut on_fill,
    )?;
    Ok(shown)
}

/// The largest limit [`count_within`] counts by fills or by clauses after the first
/// `ENUMERATE_FIRST` dead ends of the enumeration; larger limits go on enumerating.
/// Counting by fills recurses once per fill found (see `Pair::count_others`), so this
/// bounds its depth.
const BY_FILLS_UP_TO: usize = 1_000;

/// Dead ends the exhaustive enumeration of [`count_within`] may meet before limits 1
/// and 2 go on with the searches of [`solve_within`]. On small boards it needs fewer
/// dead ends than they do (13 generated boards of 6–13 cells a side, the
/// `kakuro_count_effort` snapshot: 1–256 dead ends for two fills against 20–114 for the
/// first fill alone); on 100×100 boards it is hopeless (`count --limit 2` over 10 s on
/// every board tried). 1,000 dead ends of it take a few ms there.
const ENUMERATE_FIRST: u64 = 1_000;

/// Dead ends per unit of the Luby restart sequence of [`solve`]: attempts get 300, 300,
/// 600, 300, 300, 600, 1200, … dead ends. Chosen (with the current
/// branching and value order) on 16 generated 100×100 classic boards
/// (`KKS_GENERATED=16` in `tests/it/solvers/kakuro_search_timing.rs`) and `gen_100x100` case 0,
/// release build, geometric mean over the 16 / case 0: unit 100: 0.95 s / 0.29 s;
/// 300: 0.67 s / 0.21 s; 1000: 1.42 s / 0.38 s. Before the value order (increasing
/// digits in the steady search, random ones in the restarting one) 100, 300 and 1000
/// were within 4 % of each other on the 16 boards; on case 0 alone 10000 was best
/// (the steady search alone solves it), and 3× worse on the 16 boards. Earlier
/// choices (100, then 1000) were made on single boards.
const LUBY_UNIT: u64 = 300;
/// The steady search's turn is this fraction (1 / `STEADY_SHARE`) of the restarting
/// search's (see [`solve_within`]).
const STEADY_SHARE: u64 = 4;
/// The clause-learning search's turn, in conflicts, is this many times the restarting
/// search's, in dead ends (see [`Pair::decide`]). Chosen on the five dense boards it
/// decides (docs/kakuro-search.md): 2, 4 and 8 took `slow-search-8x8-dense-b` 2.7,
/// 1.5 and 0.8 s; boards the first slices decide never reach it.
const CLAUSES_SHARE: u64 = 8;

#[cfg(test)]
mod tests {
    use super::{
        count_by_clauses, count_by_fills, luby, near_fills, other_fill, solve, OtherFill, Outcome,
        Pair, Search, LEARN_AFTER,
    };
    use crate::gen::kakuro::{generate, shift_clues, Params};
    use crate::gen::Rng;
    use crate::model::kakuro::KakuroFill;

    /// The counting by fills and by clauses (limits 1 to 30) agrees with the
    /// exhaustive enumeration on small generated boards, with and without fills, with
    /// one fill and with many.
    #[test]
    fn counting_by_fills_agrees_with_the_enumeration() {
        let mut seen = [0usize; 3];
        let mut many = 0;
        for seed in 0..60u64 {
            let side = 4 + (seed % 4) as usize;
            let p = Params {
                rows: side,
                cols: side,
                white_percent: 60 + (seed % 35) as usize,
                max_run: 9,
                distinct: true,
            };
            let mut rng = Rng::new(seed);
            let made = generate(&p, &mut rng);
            let board = if seed % 3 == 0 {
                match shift_clues(&made.board, 1, &mut rng) {
                    Some(b) => b,
                    None => continue,
                }
            } else {
                made.board
            };
            let exact = match Search::new(&board) {
                Ok(mut search) => match search.run(30, u64::MAX) {
                    Outcome::Done(found) => found,
                    Outcome::OutOfBudget => unreachable!("unbounded"),
                },
                Err(_) => 0,
            };
            seen[exact.min(2)] += 1;
            many += usize::from(exact == 30);
            for limit in [1, 2, 3, 5, 8, 13, 30] {
                // With the restarting search learning nogoods from its first dead end
                // too (they must be dropped when `other_fill` widens the root).
                for learn_after in [LEARN_AFTER, 0] {
                    assert_eq!(
                        count_by_fills(&board, limit, u64::MAX, 0, learn_after),
                        Some(exact.min(limit)),
                        "seed {seed}, limit {limit}, learning after {learn_after}"
                    );
                }
                // (A board whose clues alone rule out a fill has no search to encode.)
                if let Ok(mut search) = Search::new(&board) {
                    assert_eq!(
                        count_by_clauses(&mut search, limit, u64::MAX, 0),
                        Some(exact.min(limit)),
                        "seed {seed}, limit {limit}, by clauses"
                    );
                }
            }
            // `other_fill`: another fill exactly when there are two.
            if let Ok(fill) = solve(&board) {
                let other = other_fill(&board, &fill, u64::MAX).expect("unbounded");
                assert!(
                    !matches!(other, OtherFill::GaveUpAt(_)),
                    "seed {seed}: unbounded"
                );
                assert_eq!(other == OtherFill::Only, exact == 1, "seed {seed}");
                if let OtherFill::Found(other) = other {
                    assert_ne!(other.digits, fill.digits, "seed {seed}");
                    crate::verify::kakuro::check_fill(&board, &other, true)
                        .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
                }
            }
        }
        assert!(
            seen.iter().all(|&n| n > 0) && many > 0,
            "boards with 0, 1, 2+ fills: {seen:?}, with 30+: {many}"
        );
    }

    /// `near_fills` shows only fills of the board (by the validator) that differ from
    /// ours within `2 × window` consecutive cells left open by the root and agree with ours on every
    /// cell named before; over the whole board (a window of every cell, no bound on
    /// dead ends) it shows a fill exactly when there are two.
    #[test]
    fn near_fills_agree_with_ours_on_the_named_cells() {
        let mut shown_in_all = 0;
        for seed in 0..24u64 {
            let side = 8 + (seed % 5) as usize;
            let p = Params {
                rows: side,
                cols: side + 2,
                white_percent: 80 + (seed % 16) as usize,
                max_run: 9,
                distinct: true,
            };
            let mut rng = Rng::new(seed);
            let made = generate(&p, &mut rng);
            let (board, fill) = (&made.board, &made.fill);
            // Rank of each cell left open by the root's deductions, in row order.
            let pair = Pair::with_root(board, false, Some(&fill.digits)).unwrap();
            let mut rank = vec![usize::MAX; fill.digits.len()];
            let open =
                (0..pair.steady.cell_pos.len() as u32).filter(|&c| !pair.steady.is_placed(c));
            for (i, c) in open.enumerate() {
                rank[pair.steady.cell_pos[c as usize] as usize] = i;
            }
            let whites = board.white_count();
            for window in [3, 8, 20, whites] {
                let budget = if window == whites { u64::MAX } else { 200 };
                let mut named: Vec<usize> = Vec::new();
                let mut keep_on = |other: &KakuroFill| {
                    crate::verify::kakuro::check_fill(board, other, true)
                        .unwrap_or_else(|e| panic!("seed {seed}, window {window}: {e:?}"));
                    let differing: Vec<usize> = (0..fill.digits.len())
                        .filter(|&i| fill.digits[i] != 0 && other.digits[i] != fill.digits[i])
                        .collect();
                    assert!(!differing.is_empty(), "seed {seed}: our own fill");
                    for &cell in &named {
                        assert_eq!(other.digits[cell], fill.digits[cell], "seed {seed}");
                    }
                    let span = rank[differing[differing.len() - 1]] - rank[differing[0]];
                    assert!(span < 2 * window, "seed {seed}, window {window}: {span}");
                    let cell = differing[rng.below(differing.len())];
                    named.push(cell);
                    Some(cell)
                };
                let shown = near_fills(board, fill, window, budget, &mut keep_on)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
                assert_eq!(shown, named.len());
                shown_in_all += shown;
                if window == whites {
                    let two = count_by_fills(board, 2, u64::MAX, 0, LEARN_AFTER) == Some(2);
                    assert_eq!(shown > 0, two, "seed {seed}");
                }
            }
            // With no dead end allowed, every search not decided at its root gives up;
            // they are passed over.
            let mut valid = |other: &KakuroFill| {
                crate::verify::kakuro::check_fill(board, other, true)
                    .unwrap_or_else(|e| panic!("seed {seed}, no dead end: {e:?}"));
                (0..fill.digits.len())
                    .find(|&i| fill.digits[i] != 0 && other.digits[i] != fill.digits[i])
            };
            near_fills(board, fill, 20, 0, &mut valid)
                .unwrap_or_else(|e| panic!("seed {seed}, no dead end: {e:?}"));
        }
        assert!(shown_in_all > 100, "only {shown_in_all} fills shown");
    }

    /// `other_fill` within a small budget: another fill (a fill of the board, by the
    /// validator), or ours the only one (the exhaustive count agrees), or the white cell
    /// whose search gave up.
    #[test]
    fn other_fill_within_a_budget_names_where_it_gave_up() {
        let mut gave_up = 0;
        for seed in 0..40u64 {
            let p = Params {
                rows: 18,
                cols: 18,
                white_percent: 95,
                max_run: 9,
                distinct: true,
            };
            let made = generate(&p, &mut Rng::new(seed));
            let (board, fill) = (&made.board, &made.fill);
            match other_fill(board, fill, seed % 4).unwrap_or_else(|e| panic!("{seed}: {e}")) {
                OtherFill::Only => {
                    assert_eq!(count_by_fills(board, 2, u64::MAX, 0, LEARN_AFTER), Some(1))
                }
                OtherFill::Found(other) => {
                    assert_ne!(other.digits, fill.digits, "seed {seed}");
                    crate::verify::kakuro::check_fill(board, &other, true)
                        .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
                }
                OtherFill::GaveUpAt(at) => {
                    gave_up += 1;
                    assert!(board.white_cells().any(|w| w == at), "seed {seed}: {at}");
                }
            }
        }
        assert!(gave_up > 0, "no search gave up");
    }

    /// The schedule of the restarts: each doubling appears after two copies of all the
    /// terms before it (1, 1, 2, 1, 1, 2, 4, …).
    #[test]
    fn luby_is_the_luby_sequence() {
        let first: Vec<u64> = (1..=31).map(luby).collect();
        let mut expected = vec![1];
        while expected.len() < 31 {
            let next = 2 * expected.last().copied().unwrap_or(1);
            expected = [expected.clone(), expected, vec![next]].concat();
        }
        assert_eq!(first, expected);
        assert_eq!(luby(1023), 512);
        assert_eq!(luby(1024), 1);
    }
}
