//! The searches that decide a board together: a steady search that is never
//! restarted, a restarting one on a Luby schedule, and on small boards the
//! clause-learning search, taking turns over the root's deductions made once
//! ([`Pair::decide`]); also the per-cell search for a second fill that counting and
//! unique generation use ([`Pair::other_fill`], [`Pair::count_others`]).

use super::cdcl::{Answer, Cdcl};
use super::search::{Outcome, Search, SMALL_BOARD};
use super::{part_failure, parts, solve_part, ClassicInfeasible, PARTS_AFTER};
use crate::model::{KakuroBoard, KakuroFill};

/// The two searches of [`solve_within`](super::solve_within), sharing the root's deductions, and how they
/// take turns.
pub(super) struct Pair {
    pub(super) steady: Search,
    pub(super) restarting: Search,
    /// Whether the clause-learning search takes turns too (small boards, one fill
    /// wanted, the roots not narrowed by [`Pair::other_fill`]).
    pub(super) clauses_may_join: bool,
    /// The clause-learning search, once it has joined, and the fill it found.
    pub(super) clauses: Option<Cdcl>,
    pub(super) clauses_fill: Vec<u8>,
    /// The cell whose root [`Pair::other_fill`] searched last (`u32::MAX` before).
    pub(super) tried: u32,
}

/// Which search of a [`Pair`] found the fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Finder {
    Steady,
    Restarting,
    Clauses,
}

impl Pair {
    /// Both searches of `board`, after the root's deductions (made once, then copied).
    pub(super) fn new(board: &KakuroBoard) -> Result<Pair, ClassicInfeasible> {
        Pair::with_root(board, true, None)
    }

    /// As [`Pair::new`]; without `tighten`, the root's deductions leave out the
    /// relaxation's range of every cell (`Search::tighten`); with `point`, the
    /// relaxation starts from it (see [`Search::at_point`]).
    pub(super) fn with_root(
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
    pub(super) fn decide(
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
    pub(super) fn clauses_turn(
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
    pub(super) fn solution(&self, who: Finder) -> &[u8] {
        match who {
            Finder::Restarting => &self.restarting.solution,
            Finder::Steady => &self.steady.solution,
            Finder::Clauses => &self.clauses_fill,
        }
    }

    /// A fill other than `first` (per cell, a fill of the board) below the current
    /// roots: `Ok(Some(finder))` as from [`Pair::decide`], `Ok(None)` when there is
    /// none; see [`count_within`](super::count_within). The roots end where they began only when it finds
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
    /// [`near_fills`](super::near_fills)).
    pub(super) fn other_fill(
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
    pub(super) fn fix_chunk(
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
    pub(super) fn count_others(
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
    pub(super) fn first_from(&self, fill: &KakuroFill) -> Result<Vec<u8>, ClassicInfeasible> {
        let first: Vec<u8> = (self.steady.cell_pos.iter())
            .map(|&pos| fill.digits.get(pos as usize).copied().unwrap_or(0))
            .collect();
        if first.iter().any(|&d| !(1..=9).contains(&d)) {
            return Err(ClassicInfeasible::GaveUp { dead_ends: 0 });
        }
        Ok(first)
    }

    /// Both searches' current roots (trail positions), for [`Pair::back_to`].
    pub(super) fn roots(&self) -> [usize; 2] {
        [self.steady.root_len(), self.restarting.root_len()]
    }

    /// Narrows cell `c` to the candidates in `mask` as a deduction of both searches'
    /// root, and propagates. False when the root then fails (undo with
    /// [`Pair::back_to`]).
    pub(super) fn narrow_root(&mut self, c: u32, mask: u16) -> bool {
        let a = self.steady.narrow_root(c, mask);
        let b = self.restarting.narrow_root(c, mask);
        a && b
    }

    /// Both searches back to the roots `roots` (from [`Pair::roots`]).
    pub(super) fn back_to(&mut self, roots: [usize; 2]) {
        self.steady.back_to_root(roots[0]);
        self.restarting.back_to_root(roots[1]);
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, … (term `i ≥ 1`).
pub(super) fn luby(i: u64) -> u64 {
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

/// Dead ends per unit of the Luby restart sequence of [`solve`](super::solve): attempts get 300, 300,
/// 600, 300, 300, 600, 1200, … dead ends. Chosen (with the current
/// branching and value order) on 16 generated 100×100 classic boards
/// (`KKS_GENERATED=16` in `tests/it/solvers/kakuro_search_timing.rs`) and `gen_100x100` case 0,
/// release build, geometric mean over the 16 / case 0: unit 100: 0.95 s / 0.29 s;
/// 300: 0.67 s / 0.21 s; 1000: 1.42 s / 0.38 s. Before the value order (increasing
/// digits in the steady search, random ones in the restarting one) 100, 300 and 1000
/// were within 4 % of each other on the 16 boards; on case 0 alone 10000 was best
/// (the steady search alone solves it), and 3× worse on the 16 boards. Earlier
/// choices (100, then 1000) were made on single boards.
pub(super) const LUBY_UNIT: u64 = 300;
/// The steady search's turn is this fraction (1 / `STEADY_SHARE`) of the restarting
/// search's (see [`solve_within`](super::solve_within)).
pub(super) const STEADY_SHARE: u64 = 4;
/// The clause-learning search's turn, in conflicts, is this many times the restarting
/// search's, in dead ends (see [`Pair::decide`]). Chosen on the five dense boards it
/// decides (docs/kakuro-search.md): 2, 4 and 8 took `slow-search-8x8-dense-b` 2.7,
/// 1.5 and 0.8 s; boards the first slices decide never reach it.
pub(super) const CLAUSES_SHARE: u64 = 8;

#[cfg(test)]
mod tests {
    use super::luby;

    /// The schedule of the restarts: each doubling appears after two copies of all the
    /// terms before it (1, 1, 2, 1, 1, 2, 4, …).
    #[test]
    pub(super) fn luby_is_the_luby_sequence() {
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
