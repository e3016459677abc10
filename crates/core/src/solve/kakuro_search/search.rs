//! The search state of the classic Kakuro search and its loop: cells and runs renumbered
//! compactly, candidate masks, the trail's entries, the frames, building the state from
//! a board and forking it, the root, and the depth-first loop. [`kakuro_search`](super)
//! drives it. The rest of [`Search`]'s implementation is split by what it does: every
//! change and its undo (bucket lists, run queue, narrowing, placing, the trail) in
//! `trail`; run filtering to a fixpoint and the root's deductions in `propagate`; the
//! branching choices and the component foci in `branching`; conflict analysis and
//! backjumping in `conflict`; the learned nogoods and their propagation in `nogood`.

use super::balance::Balance;
use super::pick::Pick;
use super::shape::Shape;
use super::tables::{tables, Tables};
use super::ClassicInfeasible;
use super::NONE;
use crate::model::{DigitRule, Direction, KakuroBoard};
use std::rc::Rc;

mod branching;
mod conflict;
mod nogood;
pub(super) use nogood::LEARN_AFTER;
mod propagate;
mod trail;

/// `Search::run_flags`: the run is in the queue.
const QUEUED: u8 = 1;
/// `Search::run_flags`: the run's filter has nothing to remove.
const CONSISTENT: u8 = 2;
/// Bucket of a cell that holds a digit.
const PLACED: u8 = u8::MAX;
/// The `reason` of a candidate change made by a branching decision, not by a run's
/// filter.
const DECISION: u32 = u32::MAX;
/// The `reason` of a candidate change made by the counting filter
/// ([`Search::hall_filter`]): it depends on every decision made before it.
const BY_COUNT: u32 = u32::MAX - 1;
/// `HALL_REASON | i`: the `reason` of a candidate change made by the counting filter,
/// explained by the runs of `Search::hall_why`'s entry `i`. Below `BY_COUNT`.
const HALL_REASON: u32 = 1 << 31;
/// `NOGOOD_REASON | i`: the `reason` of a candidate change made by learned nogood `i`
/// (see `nogood`). Below `HALL_REASON`.
const NOGOOD_REASON: u32 = 1 << 30;
/// The search runs the counting filter (`Search::hall_filter`) on boards of at most
/// this many white cells, and the clause-learning search joins only on them: their
/// cost per node grows with the board, and the boards they decide (crossing runs
/// forced to be permutations of the same digits) are small. Parts of a bigger board
/// that share no run with the rest and are this small are decided as boards of their
/// own (the `parts` module).
pub(super) const SMALL_BOARD: usize = 256;
/// The counting filter starts once a search has met this many dead ends (over all
/// its attempts).
const HALL_AFTER: u64 = 64;
/// Room for the counting filter's explanations, in runs per cell of the board.
const HALL_WHY_PER_CELL: usize = 32;
/// Levels the conflict sets of all frames may hold together, per cell of the board;
/// a frame whose set does not fit any more is treated as depending on every level
/// below it (sound, merely less sharp).
const CONFLICT_ROOM_PER_CELL: usize = 8;

/// How a search attempt ended.
pub(super) enum Outcome {
    /// Finished: this many fills (the limit reached, or the search exhausted).
    Done(usize),
    /// The dead-end budget ran out first.
    OutOfBudget,
}

/// One branching decision: where the trail stood, the cell, the digits not yet tried.
/// For backjumping: where its conflict set starts in `Search::conflict_levels`, and
/// whether that set is instead "every level below" (`all_below`: the set overflowed,
/// or the frame was closed by a solved component, so its untried digits were skipped
/// rather than refuted).
#[derive(Clone, Copy)]
struct Frame {
    mark: u32,
    cell: u32,
    untried: u16,
    all_below: bool,
    conflict_start: u32,
}

/// One undoable change.
#[derive(Clone, Copy)]
enum Change {
    /// Cell's candidate mask was `old`; `reason` is the run whose filter narrowed it,
    /// or `DECISION`; `prev` is the trail position of the cell's previous `Cand`
    /// change, `NONE` if none (for [`Search::analyse`]).
    Cand {
        cell: u32,
        old: u16,
        reason: u32,
        prev: u32,
    },
    /// A digit was placed in the cell.
    Place { cell: u32 },
}

/// The search state (copied whole by [`Search::fork`] for a second search of the same
/// board). Cells and runs are renumbered compactly: cell `i` is white cell
/// number `i` in row-major order, run `r` is `board.runs()[r]`.
#[derive(Clone)]
pub(super) struct Search {
    tables: &'static Tables,
    /// Board index of each cell.
    pub(super) cell_pos: Vec<u32>,
    /// The board's runs and cells (shared with a fork).
    shape: Rc<Shape>,
    /// Run state: empty cells, digits used, sum missing.
    run_left: Vec<u8>,
    run_used: Vec<u16>,
    run_sum: Vec<u8>,
    /// Digit of each cell, 0 while empty.
    digit: Vec<u8>,
    /// Candidate mask of each cell (for a filled cell: its digit's bit).
    cand: Vec<u16>,
    /// Bucket (candidate count) of each empty cell, `PLACED` once it holds a digit.
    bucket: Vec<u8>,
    /// Doubly linked bucket lists.
    next: Vec<u32>,
    prev: Vec<u32>,
    head: [u32; 10],
    /// Empty cells left.
    empty: usize,
    /// Undo log; at most one `Place` per cell and 8 `Cand` shrinks per cell.
    trail: Vec<Change>,
    /// Runs waiting to be filtered (a ring of capacity `runs`).
    queue: Vec<u32>,
    queue_head: usize,
    queue_len: usize,
    /// Per run: `QUEUED` (it is in `queue`) and `CONSISTENT` (see [`Search::propagate`]).
    run_flags: Vec<u8>,
    frames: Vec<Frame>,
    /// Conflict weight of each run: 1 + the number of dead ends its filter caused.
    weight: Vec<u32>,
    /// Conflict weight of each cell: the number of the relaxation's dead ends whose
    /// explanation it is part of (see [`Search::analyse`]); a cell's weight in the
    /// branching choice is its own plus its two runs'.
    cell_weight: Vec<u32>,
    /// The branching choice over the whole board (see [`pick`](super::pick)).
    pick: Pick,
    /// The first fill found, per cell.
    pub(super) solution: Vec<u8>,
    /// Components being solved, outermost first (see [`Search::choose_focused`]).
    focus: Vec<Focus>,
    /// The cell lists of `focus`: focus `i`'s cells run from its `list_start` to the
    /// next focus's (the last one's to the end). At most `2 · cells` long.
    focus_cells: Vec<u32>,
    /// Scratch for the component search: visit stamps of cells and runs, and the cells
    /// found, component after component (also the conflict analysis's scratch: the
    /// stamps mark what it has asked for, `bfs` holds a failed repair's boundary).
    cell_stamp: Vec<u32>,
    run_stamp: Vec<u32>,
    stamp: u32,
    bfs: Vec<u32>,
    /// The digit (as a one-bit mask) each cell last held, 0 if none yet.
    saved: Vec<u16>,
    /// Whether a branch tries the cell's saved digit first ("phase saving"): after a
    /// restart the search rebuilds most of the previous attempt's assignment at once
    /// and goes on from where that attempt failed, now with better weights.
    pub(super) phase_saving: bool,
    /// Whether the root's deductions include [`Search::tighten`] (set before the first
    /// [`Search::start`]): the searches for a fill want it, the search for a second
    /// fill next to a given one does not (see [`other_fill`](super::other_fill)).
    pub(super) tighten_root: bool,
    /// The runs (one, or two that share a cell) whose filter or placement check met the
    /// last contradiction.
    conflict: [u32; 2],
    /// The frame that decided each cell (valid while that decision is on the trail).
    frame_of: Vec<u32>,
    /// Trail position of each cell's latest `Cand` change, `NONE` if none.
    last_change: Vec<u32>,
    /// Conflict analysis: the trail positions of the changes still to be explained,
    /// one bit each.
    pending: Vec<u64>,
    /// Scratch: a set of levels (frame indices), one bit each.
    levels: Vec<u64>,
    /// The conflict sets of the frames, as level lists stacked in frame order (only
    /// the innermost frame's set ever grows).
    conflict_levels: Vec<u32>,
    /// A feasible point of the sum-balance relaxation (see [`balance`](super::balance)).
    balance: Balance,
    /// Whether the last contradiction came from the relaxation: its explanation runs
    /// then belong to the conflict too.
    conflict_wide: bool,
    /// Whether the last contradiction came from the counting check: the cells of its
    /// Hall set (in `bfs`) explain it.
    conflict_hall: bool,
    /// The learned nogoods (see `nogood`): whether this search learns them (from
    /// which of its dead ends on), their literals (cell, digit bit) one after another,
    /// where each starts, each one's two watched literals (indices into `ng_lits`),
    /// the nogoods watching each literal (`9 · cell + digit − 1`), the placed cells
    /// whose watches are still to visit, and the nogood a contradiction came from
    /// (`NONE` if none).
    learn: bool,
    learn_after: u64,
    ng_lits: Vec<(u32, u16)>,
    ng_start: Vec<u32>,
    ng_watch: Vec<[u32; 2]>,
    ng_lists: Vec<Vec<u32>>,
    ng_pending: Vec<u32>,
    conflict_nogood: u32,
    /// The counting check's buffers: each run's required digits, and the matchings'
    /// scratch (`4 · runs`).
    required: Vec<u16>,
    hall_scratch: Vec<u32>,
    /// The counting filter's visit stamps (in `hall_scratch`) and the cells it cuts
    /// a digit from.
    hall_stamp: u32,
    hall_cut: Vec<[u32; 3]>,
    /// The Hall sets of the cuts of one digit (`hall_cut` holds each cut's cell and
    /// range here).
    hall_tmp: Vec<u32>,
    /// The explanations of the counting filter's changes on the trail, in trail order:
    /// entry `i`'s runs are `hall_why[hall_why_start[i]..]` up to the next entry's.
    hall_why: Vec<u32>,
    hall_why_start: Vec<u32>,
    /// Dead ends met in every attempt so far (see `Search::hall_on`).
    dead_ends_seen: u64,
    /// Where the root's deductions end on the trail, once they are made.
    root_mark: Option<usize>,
    /// Decisions left before [`Search::choose_focused`] looks for components again.
    check_in: u32,
    /// Whether `levels` already holds the conflict set of the current dead end (a
    /// frame with no candidate in the relaxation's range). Kept across calls: a
    /// search that ran out of budget at such a dead end and is resumed must not
    /// analyse it again from a stale `conflict`.
    explained: bool,
    /// The digit the root's counting check found short of room, if it did.
    digit_short: Option<u8>,
    /// Unit tests: replay every conflict set the analysis finds and check that it
    /// implies its dead end (see `tests::assert_explained`).
    #[cfg(test)]
    check_explanations: bool,
    /// Unit tests: how many conflict sets were checked.
    #[cfg(test)]
    explanations_checked: u64,
    /// Unit tests: how many times a learned nogood removed a digit or was a dead end.
    #[cfg(test)]
    nogoods_fired: usize,
    /// Unit tests: how many removals by a learned nogood a conflict analysis walked.
    #[cfg(test)]
    nogood_removals_analysed: usize,
}

/// A component of the board being solved on its own: it was split off when the frame
/// stack was `frame_base` deep.
#[derive(Clone, Copy)]
struct Focus {
    frame_base: u32,
    list_start: u32,
}

impl Search {
    pub(super) fn new(board: &KakuroBoard) -> Result<Self, ClassicInfeasible> {
        Search::at_point(board, None)
    }

    /// As [`Search::new`]; with `point` (a digit per board position, such as a fill of
    /// the board), the sum-balance relaxation starts from it instead of from a flow
    /// computed from scratch, when every run's digits there sum to its clue.
    pub(super) fn at_point(
        board: &KakuroBoard,
        point: Option<&[u8]>,
    ) -> Result<Self, ClassicInfeasible> {
        let tables = tables();
        let runs = board.runs();
        // The clue check of every Kakuro board, with the classic run check: some set of
        // `len` distinct digits sums to the clue.
        board.check_clue_values(DigitRule::Distinct)?;
        let cols = board.cols();
        let n = board.white_count();
        let mut compact = vec![NONE; board.rows() * cols];
        let mut cell_pos = Vec::with_capacity(n);
        let mut cell_runs = Vec::with_capacity(n);
        for pos in board.white_cells() {
            let (Some(a), Some(d)) = (
                board.run_of(pos, Direction::Across),
                board.run_of(pos, Direction::Down),
            ) else {
                return Err(ClassicInfeasible::UncoveredCell {
                    at: (pos / cols, pos % cols),
                });
            };
            compact[pos] = cell_pos.len() as u32;
            cell_pos.push(pos as u32);
            cell_runs.push([a as u32, d as u32]);
        }
        let mut run_start = Vec::with_capacity(runs.len() + 1);
        let mut run_cells = Vec::with_capacity(2 * n);
        run_start.push(0);
        for run in runs {
            run_cells.extend(run.cells.iter().map(|&p| compact[p]));
            run_start.push(run_cells.len() as u32);
        }
        let run_sum: Vec<u8> = runs.iter().map(|r| r.clue as u8).collect();
        let shape = Rc::new(Shape::new(cell_runs, run_start, run_cells));
        let seeded = point.and_then(|p| {
            let x = cell_pos
                .iter()
                .map(|&pos| p.get(pos as usize).copied().unwrap_or(0));
            Balance::at_point(&shape, &run_sum, x.collect())
        });
        let balance = match seeded {
            Some(balance) => balance,
            None => Balance::new(&shape, &run_sum).ok_or(ClassicInfeasible::NoSolution)?,
        };
        // The counting filter's buffers, sized on the boards that run it (one entry
        // elsewhere, so that every board makes the same allocations).
        let hall = n <= SMALL_BOARD;
        let mut s = Search {
            tables,
            cell_pos,
            shape,
            run_left: runs.iter().map(|r| r.len() as u8).collect(),
            run_used: vec![0; runs.len()],
            run_sum,
            digit: vec![0; n],
            cand: vec![0x1FF; n],
            bucket: vec![PLACED; n],
            next: vec![NONE; n],
            prev: vec![NONE; n],
            head: [NONE; 10],
            empty: n,
            trail: Vec::with_capacity(10 * n),
            queue: vec![0; runs.len()],
            queue_head: 0,
            queue_len: 0,
            run_flags: vec![0; runs.len()],
            frames: Vec::with_capacity(n),
            weight: vec![1; runs.len()],
            cell_weight: vec![0; n],
            pick: Pick::new(n),
            solution: vec![0; n],
            focus: Vec::with_capacity(n + 1),
            focus_cells: Vec::with_capacity(2 * n + 1),
            cell_stamp: vec![0; n],
            run_stamp: vec![0; runs.len()],
            stamp: 0,
            bfs: Vec::with_capacity(n),
            saved: vec![0; n],
            phase_saving: false,
            tighten_root: true,
            conflict: [0; 2],
            frame_of: vec![0; n],
            last_change: vec![NONE; n],
            pending: vec![0; 10 * n / 64 + 1],
            levels: vec![0; n / 64 + 1],
            conflict_levels: Vec::with_capacity(CONFLICT_ROOM_PER_CELL * n),
            balance,
            conflict_wide: false,
            conflict_hall: false,
            learn: false,
            learn_after: 0,
            ng_lits: Vec::new(),
            ng_start: Vec::new(),
            ng_watch: Vec::new(),
            ng_lists: Vec::new(),
            ng_pending: Vec::new(),
            conflict_nogood: NONE,
            required: vec![0; runs.len()],
            hall_scratch: vec![0; 4 * runs.len()],
            hall_stamp: 0,
            hall_cut: Vec::with_capacity(if hall { 2 * n } else { 1 }),
            hall_tmp: Vec::with_capacity(if hall { 2 * n * runs.len() } else { 1 }),
            hall_why: Vec::with_capacity(if hall { HALL_WHY_PER_CELL * n } else { 1 }),
            hall_why_start: Vec::with_capacity(if hall { 10 * n } else { 1 }),
            dead_ends_seen: 0,
            root_mark: None,
            check_in: 0,
            explained: false,
            digit_short: None,
            #[cfg(test)]
            check_explanations: false,
            #[cfg(test)]
            explanations_checked: 0,
            #[cfg(test)]
            nogoods_fired: 0,
            #[cfg(test)]
            nogood_removals_analysed: 0,
        };
        // Insert in reverse so the first cells end up at the bucket heads.
        for c in (0..n as u32).rev() {
            s.link(c, 9);
        }
        Ok(s)
    }

    /// A copy of this search (after its root deductions) for a second search of the
    /// same board, with every growing buffer as large as [`Search::new`] made it: a plain
    /// clone sizes them to their current lengths, and the copy would allocate while it
    /// searches.
    pub(super) fn fork(&self) -> Search {
        fn room<T>(copy: &mut Vec<T>, capacity: usize) {
            copy.reserve_exact(capacity.saturating_sub(copy.len()));
        }
        let mut copy = self.clone();
        room(&mut copy.trail, self.trail.capacity());
        room(&mut copy.frames, self.frames.capacity());
        room(&mut copy.focus, self.focus.capacity());
        room(&mut copy.focus_cells, self.focus_cells.capacity());
        room(&mut copy.bfs, self.bfs.capacity());
        room(&mut copy.hall_cut, self.hall_cut.capacity());
        room(&mut copy.hall_tmp, self.hall_tmp.capacity());
        room(&mut copy.hall_why, self.hall_why.capacity());
        room(&mut copy.hall_why_start, self.hall_why_start.capacity());
        room(&mut copy.conflict_levels, self.conflict_levels.capacity());
        copy.balance.reserve_like(&self.balance);
        copy
    }

    /// Depth-first search from the root, for at most `limit` (≥ 1) fills and
    /// `budget` dead ends. The first fill is kept in `solution`.
    // PERF: no allocation in this loop: frames, trail (≤ 10 entries per cell), queue
    // and buckets were sized in `new` (except for a search that learns nogoods: their
    // watch lists grow as it learns).
    pub(super) fn run(&mut self, limit: usize, budget: u64) -> Outcome {
        self.search(limit, budget, false)
    }

    /// Back to the root: undoes every change after the root's own deductions, drops
    /// the frames and foci. The first call makes those deductions (every run filtered,
    /// then [`Search::tighten`]); later calls (restarts) keep them. False when the root
    /// already fails.
    pub(super) fn start(&mut self) -> bool {
        self.undo_to(self.root_mark.unwrap_or(0));
        self.clear_queue();
        self.frames.clear();
        self.conflict_levels.clear();
        self.focus.clear();
        self.check_in = 0;
        self.focus_cells.clear();
        self.focus_cells.extend(0..self.cell_pos.len() as u32);
        self.focus.push(Focus {
            frame_base: 0,
            list_start: 0,
        });
        if self.root_mark.is_some() {
            return true;
        }
        for r in 0..self.run_left.len() as u32 {
            self.enqueue(r);
        }
        let ok = self.propagate() && (!self.tighten_root || self.tighten()) && self.digits_fit();
        if ok {
            self.root_mark = Some(self.trail.len());
        }
        ok
    }

    /// Where the root's deductions end on the trail (0 before [`Search::start`]).
    pub(super) fn root_len(&self) -> usize {
        self.root_mark.unwrap_or(0)
    }

    /// The root's deductions as the clause-learning search (`cdcl`) encodes them: the
    /// board's shape, each cell's candidates and each run's clue. Goes back to the root
    /// first (the next [`Search::run`] starts there anyway; not for a search that is
    /// resumed).
    pub(super) fn root_domains(&mut self) -> (Rc<Shape>, Vec<u16>, Vec<u8>) {
        self.start();
        let clue = (0..self.run_sum.len())
            .map(|r| {
                let used = self.run_used[r];
                let placed: u32 = (0..9).filter(|d| used & (1 << d) != 0).map(|d| d + 1).sum();
                self.run_sum[r] + placed as u8
            })
            .collect();
        (Rc::clone(&self.shape), self.cand.clone(), clue)
    }

    /// Narrows empty cell `c` to its candidates in `mask` as one more deduction of the
    /// root (after [`Search::start`]), and propagates; later searches start from there.
    /// False when the root fails: [`Search::back_to_root`] then undoes it.
    pub(super) fn narrow_root(&mut self, c: u32, mask: u16) -> bool {
        // Already at the root after an earlier `narrow_root` or `back_to_root` (the
        // frames gone, the trail at the root): `start` would only refill the root
        // focus, O(cells), which made the fixing pass of `count` quadratic.
        if !self.frames.is_empty() || self.trail.len() != self.root_len() {
            self.start();
        }
        let mask = self.cand[c as usize] & mask;
        if self.digit[c as usize] != 0 {
            return mask != 0;
        }
        let ok = self.narrow(c, mask, DECISION) && self.settle();
        if ok {
            self.root_mark = Some(self.trail.len());
        } else {
            self.clear_queue();
        }
        ok
    }

    /// As [`Search::narrow_root`] for many cells at once: each is narrowed to its mask,
    /// then one propagation runs. The root is the same as one `narrow_root` per cell
    /// (the run filters reach the same fixpoint in any order) for far less work: one
    /// propagation instead of one per cell. False when the root then fails (undo with
    /// [`Search::back_to_root`]).
    pub(super) fn narrow_root_all(&mut self, cells: impl IntoIterator<Item = (u32, u16)>) -> bool {
        if !self.frames.is_empty() || self.trail.len() != self.root_len() {
            self.start();
        }
        for (c, mask) in cells {
            let cu = c as usize;
            let mask = self.cand[cu] & mask;
            if mask == 0 || self.digit[cu] == 0 && !self.narrow(c, mask, DECISION) {
                self.clear_queue();
                return false;
            }
        }
        let ok = self.settle();
        if ok {
            self.root_mark = Some(self.trail.len());
        } else {
            self.clear_queue();
        }
        ok
    }

    /// Back to the root that ended at trail position `mark` (a [`Search::root_len`]
    /// taken before the [`Search::narrow_root`] calls to undo).
    pub(super) fn back_to_root(&mut self, mark: usize) {
        if !self.frames.is_empty() || self.trail.len() != self.root_len() {
            self.start();
        }
        // A wider root: what was learned below the narrower one may not hold.
        self.forget_nogoods();
        self.undo_to(mark);
        self.clear_queue();
        self.root_mark = Some(mark);
    }

    /// Whether the board has at most `SMALL_BOARD` white cells (the boards that run the
    /// counting filter during the search).
    pub(super) fn is_small(&self) -> bool {
        self.cell_pos.len() <= SMALL_BOARD
    }

    /// Whether cell `c` holds a digit.
    pub(super) fn is_placed(&self, c: u32) -> bool {
        self.digit[c as usize] != 0
    }

    /// The digits (one per cell, 0 for none) a branch tries first from now on, with
    /// phase saving on: as if the search had last placed them.
    pub(super) fn seed_phases(&mut self, digits: &[u8]) {
        for (saved, &d) in self.saved.iter_mut().zip(digits) {
            if d != 0 {
                *saved = 1 << (d - 1);
            }
        }
    }

    /// Why the root failed, once [`Search::start`] has returned false.
    pub(super) fn root_failure(&self) -> ClassicInfeasible {
        match self.digit_short {
            Some(digit) => ClassicInfeasible::DigitCount { digit },
            None => ClassicInfeasible::NoSolution,
        }
    }

    /// As [`Search::run`]; with `resume`, the same search goes on from the dead end
    /// where its previous call ran out of budget (one search that is never restarted,
    /// run in slices).
    pub(super) fn search(&mut self, limit: usize, budget: u64, resume: bool) -> Outcome {
        let mut found = 0usize;
        let mut dead_ends = 0u64;
        // A single fill is searched component by component (`choose_focused`); counting
        // needs every combination, so it branches over the whole board.
        let decompose = limit == 1;
        // A search that ran out of budget stopped right after a dead end, before
        // backtracking from it.
        let mut ok = !resume && self.start();
        // Whether `levels` already holds the conflict set of the current dead end.
        if !resume {
            self.explained = false;
        }
        'descend: loop {
            if ok {
                if self.empty == 0 {
                    found += 1;
                    if found == 1 {
                        self.solution.copy_from_slice(&self.digit);
                    }
                    if found >= limit {
                        return Outcome::Done(found);
                    }
                } else {
                    let c = if decompose {
                        match self.choose_focused() {
                            Some(c) => c,
                            None => self.choose(),
                        }
                    } else {
                        self.choose()
                    };
                    self.frame_of[c as usize] = self.frames.len() as u32;
                    self.frames.push(Frame {
                        mark: self.trail.len() as u32,
                        cell: c,
                        untried: 0,
                        all_below: false,
                        conflict_start: self.conflict_levels.len() as u32,
                    });
                    let m = if decompose {
                        self.relaxed_digits(c)
                    } else {
                        self.cand[c as usize]
                    };
                    if m == 0 {
                        // No candidate within the relaxation's range: the frame fails
                        // as a whole, with the bounds' explanations as its conflict set.
                        let j = self.frames.len() - 1;
                        self.levels[..j / 64 + 1].fill(0);
                        self.levels[j / 64] |= 1 << (j % 64);
                        self.explained = true;
                        ok = false;
                        continue 'descend;
                    }
                    let first = if self.phase_saving && self.saved[c as usize] & m != 0 {
                        self.saved[c as usize] & m
                    } else if decompose {
                        self.densest(c, m)
                    } else {
                        // Counting tries every digit anyway.
                        m & m.wrapping_neg()
                    };
                    if let Some(frame) = self.frames.last_mut() {
                        frame.untried = m & !first;
                    }
                    ok = self.try_digit(c, first.trailing_zeros() as u8 + 1);
                    continue 'descend;
                }
            }
            dead_ends += 1;
            self.dead_ends_seen += 1;
            if dead_ends > budget {
                return Outcome::OutOfBudget;
            }
            if decompose {
                // One fill: jump back to the deepest decision the dead end depends on.
                if !self.explained {
                    self.analyse();
                    #[cfg(test)]
                    if self.check_explanations {
                        self.assert_explained(None);
                    }
                    if self.learn {
                        self.learn_nogood();
                    }
                }
                self.explained = false;
                match self.backjump() {
                    Some((cell, digit)) => {
                        ok = self.try_digit(cell, digit);
                        continue 'descend;
                    }
                    None => return Outcome::Done(found),
                }
            }
            // Counting: backtrack to the deepest frame with an untried digit.
            while let Some(&Frame {
                mark,
                cell,
                untried,
                ..
            }) = self.frames.last()
            {
                self.undo_to(mark as usize);
                if untried != 0 {
                    let depth = self.frames.len() - 1;
                    self.drop_foci_after(depth);
                    self.frames[depth].untried = untried & (untried - 1);
                    ok = self.try_digit(cell, untried.trailing_zeros() as u8 + 1);
                    continue 'descend;
                }
                self.frames.pop();
            }
            return Outcome::Done(found);
        }
    }
}
