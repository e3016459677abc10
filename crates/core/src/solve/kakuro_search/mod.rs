//! Classic Kakuro (digits distinct within each run) by depth-first search with
//! digit-set tables and run-level propagation. Owns the search and its "no solution"
//! reasons; nothing here is used by the validators.
//!
//! Where things are: this module holds the public entry points of solving and the
//! reasons a board has no fill; `pair` the searches that take turns on one board,
//! `counting` and `other_fills` what counting and unique generation ask of them;
//! `search` (with its `propagate`, `conflict`, `nogood`, `branching` and `trail`) one
//! depth-first search, `cdcl` the clause-learning search of small boards, `tables`,
//! `run_gac`, `balance`, `digit_fit` and `pick` the reasoning and the branching they
//! share, `parts` and `shape` the board's structure.
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
//! [`Search::filter_run`](search::Search::filter_run)) keeps in each cell exactly the digits that occur in some
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
//!   [`Search::choose_focused`](search::Search::choose_focused); the components are looked for once in as many
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

mod counting;
mod other_fills;
mod pair;

pub use counting::{count, count_within, enumerate_within};
pub use other_fills::{near_fills, other_fill, OtherFill};

use crate::model::{ClueFault, KakuroBoard, KakuroFill};
use pair::Pair;
use search::LEARN_AFTER;
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
