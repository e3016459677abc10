//! Sudoku (box size b = 2..=5) as exact cover, solved by the [`exact_cover`] engine.
//!
//! Owns the encoding only: for side `S = b²` and `N = S²` cells the matrix has `4N`
//! columns — cell `i` filled, row `r` has digit `d`, column `c` has digit `d`, box `x`
//! has digit `d` — and `N·S` rows, one per (cell, digit), each covering four columns.
//! The matrix is built once per [`DlxSolver`]; the givens of a puzzle are passed as
//! fixed rows, so solving a puzzle allocates nothing. Givens that clash (same digit
//! twice in a unit) overlap as fixed rows and give "no solution", never a panic.
//!
//! # Restarts (16×16 and 25×25)
//!
//! The time one layout of the matrix takes is heavy-tailed: on a grid the search fills
//! into a dead end far from its cause it can run for minutes, while the same grid in
//! another row and column order takes a few hundred nodes. So a 16×16 or 25×25 search
//! is abandoned after `FIRST_BUDGET` (4,096; 16,384 before the measurements of the
//! last section) nodes and run again on the matrix laid
//! out another way (`Layout`), with twice the budget, and so on
//! ([`ExactCover::search_within`]). Measured (2026-11-26, release, the scratch harness
//! described in `fuzz/open-crashes/README.md`, "DLX restarts"): the 20 inputs the
//! fuzzer had flagged as hangs took DLX up to > 3 M nodes (> 10 s, minutes for some)
//! and now at most 16,897; over 18,000 generated 16×16 grids (six families: 50, 70 and
//! 85 % of the cells emptied, two columns of every stack emptied, 0–19 random givens,
//! one to three cells changed) the 99th percentile went from > 1,000,000 nodes (the
//! harness's cap) to 16,647 and the worst to 49,833. The cost on hard puzzles that
//! need more than one budget anyway: the 45 poj3076 judge cases take 1,023,133 nodes
//! against 962,927 (+6 %; 15 of them restart); a first budget of 4,096 cost them +100 %,
//! of 65,536 +9 %.
//!
//! # Conflict weighting (16×16 and 25×25)
//!
//! Restarts vary only ties and row order, so a grid whose fewest-rows search goes wrong
//! in (nearly) every layout stays slow: the fuzzer found two 83-given 16×16 grids (one
//! with no solution) that took over 100,000 nodes in 199 and in all of 200 layouts,
//! while a CDCL SAT solver refutes the unsolvable one with 5 conflicts. So the 16×16
//! and 25×25 matrices choose their columns by conflict weight
//! ([`ExactCover::set_conflict_weighting`], dom/wdeg): a forced column (one row) first,
//! else the fewest rows per unit of weight, where a column's weight counts the dead
//! ends it was left empty at. Measured (2026-11-26, release, same runs side by side):
//! both grids in 122–801 nodes in every one of 50 layouts; the poj3076 judge cases'
//! 66 puzzles 1,017,817 → 237,945 nodes, worst 300,999 → 41,740, 15 → 4 restarting,
//! 348 → 131 ms in one process; `cargo run --release --example sudoku_tail 2000`
//! (14,000 generated grids): per-family maxima 379/115,621/16,605/114,865/16,924/
//! 108,727/49,280 → 331/6,160/5,570/17,536/7,019/4,105/524 nodes. A node costs more
//! when no column is forced (a full scan of the columns, no vector compare): the
//! 50 %-emptied family, whose searches hardly branch, took 269 → 285 ms for both
//! solvers. Restarts stay as a safety net (without them the same families' maxima are
//! the same but one, 17,536 → 20,447). 4×4 and 9×9 keep the plain choice (9×9 until a restart, below).
//!
//! The weights are carried from attempt to attempt of one search, halved each time
//! ([`ExactCover::search_within_weights`], mapped through each layout's column order),
//! as the DFS carries its own. Restarted from zeros, a grid can fail the same way in
//! every layout: the fuzzer found (2026-11-27, unsanitised build) a 16×16 grid whose
//! first two bands keep the same two columns of every stack and one row of the third
//! band about half its cells, with many solutions: 2,754,671 nodes in 8 attempts to
//! count two solutions (about 3 s), 32,102,255 in 11 (27 s) with its three givens below
//! that row removed; carried, 16,573 and 16,597 nodes in 2 attempts. Measured side by
//! side (2026-11-27, release): `cargo run --release --example sudoku_tail 2000`, family
//! 7 (that shape) max 508,090 → 49,397 nodes, sum 2,042,604 → 886,873, the other eight
//! families the same (family 3's max 17,536 → 16,652); the poj3076 judge cases (67
//! puzzles, solve and count to 2) 792,231 → 773,789 nodes, worst 100,220 → 108,091.
//! Carried in full instead of halved, the judge cases took 842,428 (worst 165,985);
//! carried only into odd attempts, 801,294.
//!
//! With the weights carried, a short attempt is worth more: what it learns steers the
//! next. The fuzzer found a 16×16 grid with an empty first band and the
//! middle bands keeping the same six columns on which every layout needs about 250,000
//! nodes from zero weights: 504,830 nodes for solve and count two (5 attempts each)
//! from a first budget of 16,384, 74,936 from 8,192, 8,572 from 4,096. So the first
//! budget is 4,096. Measured side by side (2026-11-27, release, solve + count two):
//! the poj3076 judge cases 773,789 → 931,358 nodes (+20 %; worst 140,620 → 139,588); the
//! 16×16 test grids of `tests/data/sudoku/` and `fuzz/open-crashes/` 320,967 → 268,006;
//! `cargo run --release --example sudoku_tail 2000` (ten families) every family's sum the
//! same or lower but family 5's (95,329 → 99,813), maxima 16,652 → 4,428 (family 3), 49,397
//! → 12,477 (7), 76,702 → 36,307 (9), 4,105 → 8,589 (5); family 9 over 20,000 grids sum
//! 30,094,349 → 18,161,279, max 482,399 → 368,303 (another grid: the tail is shorter, not
//! gone; `fuzz/open-crashes/README.md`, "Every DFS restart weighted"). 8,192 was between
//! (judge cases 857,511, family 9 max 79,394, sum 22,430,183); Luby budgets cost the judge
//! cases 947,733 (16,384) to 2,128,609 (4,096). Twelve other rules were measured and not
//! kept (growth ×1.5 or ×1.7, weights quartered or carried in full, odd attempts from zero
//! weights, the weights damped in the branching rule, ...; `fuzz/open-crashes/README.md`,
//! "DLX restart rules"): the 20,000-grid maximum of family 9 moves by a factor of five from
//! rule to rule, but none of the three run on 100,000 grids has fewer grids over 190,000
//! nodes (two), and all but one cost the judge cases more. On family 9's worst grid it is
//! the carried weights that fail: three of the layouts its restarts try need 7,744–17,714
//! nodes from zero weights, but more than their budgets from the weights the abandoned
//! attempts left.
//!
//! # Subset rule (restarts)
//!
//! Every restarted attempt (16×16, 25×25 and 9×9's) also applies the
//! exact-cover subset rule ([`ExactCover::set_subset_reduction`], on columns of at most
//! `box_size` rows): at a branching node, when every row of one column covers another,
//! the other's remaining rows go. In this encoding that is the box-line interaction
//! the generic DFS's restarts apply as "locked candidates": a box-digit column whose
//! cells lie in one line clears the digit from the rest of the line, a line-digit
//! column whose cells lie in one box clears it from the rest of the box. DLX could not
//! see it: the fuzzer's unsolvable 16×16 grid (2026-11-27,
//! `tests/data/sudoku/dfs-unsat-locked-candidates.poj3076.in`) took about 250,000 nodes
//! in every layout, 515,476 in 7 attempts per search (0.58 s release, 2.3 s per
//! execution of the fuzz target); now 4,352 in 2 (the second attempt 256 nodes; 39 ms
//! per fuzz execution). Cell columns are skipped as starting columns (a cell's rows
//! share no other column), which cut the rule's instructions by a quarter. Attempt 0
//! searches as before, so no first attempt's figure moves; applied there too, the
//! grid takes 41 nodes, but the pass at every branching node made the ten-family run
//! below slower as a whole (11.0 s against 8.3 s for 1,000 grids per family).
//!
//! Measured side by side (2026-11-27, release; `SUBSET=off` runs the examples without
//! the rule): the poj3076 judge cases (67 puzzles, solve and count to two) 931,358 →
//! 534,759 nodes, worst 139,588 → 60,539, the DLX part of their instructions about
//! 13 % lower (callgrind over `cargo run --release --example sudoku_tail 1 -
//! judge-cases/poj3076/data/secret/*.in`: 4,971.5 M → 4,808.7 M for the whole run, the
//! DFS's share unchanged; their wall-clock time the same within noise);
//! `sudoku_tail 2000`: every family's sum the same or lower but family 4's (442,613 →
//! 442,626), maxima 36,307 → 12,598 (family 9), 8,589 → 5,799 (5), 5,228 → 4,678 (1);
//! family 9 over 100,000 grids (`sudoku_tail 100000 - 9`) max 538,071 → 48,683 (the
//! tail of the restart-rule table: no grid over 190,000 nodes now), p99 9,371 → 4,969, sum
//! 89,977,401 → 76,486,326.
//!
//! # 9×9
//!
//! A 9×9 search keeps the plain fewest-rows order in the plain layout (the instruction
//! gate and the node counts of the tests pin it), but it too restarts,
//! past `FIRST_BUDGET_9` = 65,536 nodes, into weighted attempts laid out as above. The
//! fuzzer found a 9×9 grid of 12 givens with two or more solutions on
//! which the plain order took 41,819,820 nodes for solve and count to two (4.5 s;
//! `tests/data/sudoku/dlx-tail-9x9-fuzzer-12-givens.poj3074.in`); now 131,270, the
//! restarted attempts about 100 nodes each. No puzzle of `benches/data/sudoku/`
//! reaches the budget (11,935 puzzles, at most 31,547 nodes for solve and count
//! together), nor the 2,017 of the poj3074 judge cases, so their figures stay as they
//! were. Measured side by side (2026-11-27, release,
//! `cargo run --release --example sudoku9_tail`): with a first budget of 4,096 instead
//! (190 of `forum_hardest_1106`'s 375 puzzles restart), weighted restarts take that
//! set in 2,778,017 nodes (max 19,033) against 2,966,953 (31,547) unrestarted, and
//! unweighted restarts in 5,528,319 (88,081): restarting without the weighting is
//! worse than not restarting. A lower 9×9 budget would pay on the hardest puzzles
//! too, but moves the pinned figures; left for a change that re-measures them.
//!
//! [`exact_cover`]: crate::solve::exact_cover

use crate::model::{Sudoku, SudokuError};
use crate::solve::exact_cover::{ExactCover, SearchStats};

/// Search nodes of the first attempt on 16×16 and 25×25 before a search restarts
/// with another layout and twice the budget (see [`DlxSolver`]).
const FIRST_BUDGET: u64 = 1 << 12;

/// The same for 9×9: far above what any puzzle of the bundled 9×9 sets needs (at
/// most 31,547 nodes for solve and count to two, `forum_hardest_1106`), so their
/// searches never restart and keep the plain fewest-rows order their figures and
/// instruction limits were measured with (the module docs, "9×9").
const FIRST_BUDGET_9: u64 = 1 << 16;

/// A reusable DLX Sudoku solver for one box size: build once, solve many.
///
/// On 16×16 and 25×25 a search that places more than [`FIRST_BUDGET`] rows is
/// abandoned and restarted on the matrix laid out another way ([`Layout`]: the digit
/// order of every cell, the order of the cells' rows in each column, which column wins
/// a tie), with twice the budget, and so on: the abandoned attempts together cost at
/// most as much as the last one, and every finished attempt is a complete search, so
/// counts and "no solution" are the same as without restarts. 9×9 restarts only
/// past [`FIRST_BUDGET_9`] (which no bundled puzzle reaches: their node counts are
/// pinned by tests and the instruction gate); 4×4 never restarts. Restarted attempts
/// search by conflict weight and apply the subset rule (the module docs).
#[derive(Debug, Clone)]
pub struct DlxSolver {
    box_size: usize,
    side: usize,
    matrix: ExactCover,
    /// The matrix of the last restart's layout (attempt number, matrix), kept for the
    /// next puzzle that restarts as often.
    retry: Option<(usize, ExactCover)>,
    /// The budget of the first attempt when set ([`DlxSolver::with_first_budget`];
    /// tests make it tiny), else [`FIRST_BUDGET`] or [`FIRST_BUDGET_9`].
    first_budget: Option<u64>,
    /// Whether restarted attempts apply the subset rule (default; off only for
    /// measurements: [`DlxSolver::with_subset_rule`]).
    subset_rule: bool,
    /// Fixed rows (the givens) of the current puzzle.
    fixed: Vec<usize>,
    /// Rows of the first solution.
    rows: Vec<usize>,
    /// The layout the rows in `rows` belong to.
    solved_with: Layout,
    /// Conflict weights of the encoding's `4N` columns (9×9, 16×16 and 25×25; empty
    /// otherwise), carried from attempt to attempt of one search.
    weights: Vec<u32>,
    /// `weights` in the column order of the current attempt's layout.
    attempt_weights: Vec<u32>,
    stats: SearchStats,
    attempts: usize,
    /// Unit tests: for each attempt of the last search, the weights it started from
    /// and (when it was abandoned) those it ended with, in the encoding's order (empty
    /// for an unweighted attempt: 9×9's first).
    #[cfg(test)]
    weight_trace: Vec<(Vec<u32>, Option<Vec<u32>>)>,
}

/// How one attempt numbers the rows and columns of the matrix. Row `pos · S + slot`
/// (in insertion order, which is the order each column tries its rows) is cell
/// `(pos + first_cell) mod N` with digit [`Layout::digit`]`(cell, slot)`; column `c`
/// of the encoding is stored as `(c + column_offset) mod 4N`, which changes only the
/// column that wins a tie of the fewest-rows choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Layout {
    box_size: usize,
    side: usize,
    cells: usize,
    /// Whether this attempt branches by conflict weight and rotates each cell's digit
    /// order: always on 16×16 and 25×25, on 9×9 from the first restart on.
    weighted: bool,
    /// Added to every cell's digit order (when `weighted`).
    shift: usize,
    first_cell: usize,
    column_offset: usize,
}

impl Layout {
    /// The layout of attempt `attempt` (0 is the plain one every first search uses).
    fn new(box_size: usize, attempt: usize) -> Layout {
        let side = box_size * box_size;
        let cells = side * side;
        Layout {
            box_size,
            side,
            cells,
            weighted: box_size >= 4 || (box_size == 3 && attempt > 0),
            shift: attempt % side,
            first_cell: (97 * attempt) % cells,
            column_offset: (193 * attempt) % (4 * cells),
        }
    }

    /// The digit (0-based) of the `slot`-th row of `cell`. For 16×16 and 25×25 (and
    /// 9×9 restarts) the digits of each cell start at `cell mod side` (cyclically), as
    /// in the DFS's cell branches: in a cell column every cell tried the smallest digit
    /// first, which fills thin grids into lexicographic dead ends far from their cause
    /// (more than 20 s on `fuzz/open-crashes/solve_sudoku/slow-dlx-and-dfs-16x16-c`).
    /// 4×4 and 9×9's first attempt keep the plain order (the 9×9 figures and
    /// instruction limits were measured with it).
    #[inline]
    fn digit(&self, cell: usize, slot: usize) -> usize {
        if self.weighted {
            (slot + cell + self.shift) % self.side
        } else {
            slot
        }
    }

    /// The row of `cell` with digit `d` (0-based): the inverse of [`Layout::cell_digit`].
    #[inline]
    fn row(&self, cell: usize, d: usize) -> usize {
        let slot = if self.weighted {
            (d + 2 * self.side - (cell + self.shift) % self.side) % self.side
        } else {
            d
        };
        let pos = (cell + self.cells - self.first_cell) % self.cells;
        pos * self.side + slot
    }

    /// The cell and digit (0-based) of `row`.
    #[inline]
    fn cell_digit(&self, row: usize) -> (usize, usize) {
        let cell = (row / self.side + self.first_cell) % self.cells;
        (cell, self.digit(cell, row % self.side))
    }

    /// Where column `c` of the encoding is stored in this layout.
    #[inline]
    fn column(&self, c: usize) -> usize {
        (c + self.column_offset) % (4 * self.cells)
    }

    /// The exact-cover matrix in this layout.
    fn matrix(&self) -> ExactCover {
        let (b, side, n) = (self.box_size, self.side, self.cells);
        let mut matrix = ExactCover::new(4 * n);
        let col = |c: usize| self.column(c);
        for pos in 0..n {
            let cell = (pos + self.first_cell) % n;
            let (r, c) = (cell / side, cell % side);
            let x = (r / b) * b + c / b;
            for slot in 0..side {
                let d = self.digit(cell, slot);
                let added = matrix.add_row(&[
                    col(cell),
                    col(n + r * side + d),
                    col(2 * n + c * side + d),
                    col(3 * n + x * side + d),
                ]);
                debug_assert!(added.is_ok(), "the Sudoku matrix is well formed");
            }
        }
        // 16×16 and 25×25 (and 9×9 restarts) branch where the search keeps failing
        // (see the module docs); 4×4 and 9×9's first attempt keep the plain fewest-rows
        // choice their figures were taken with.
        matrix.set_conflict_weighting(self.weighted);
        // The subset rule (restarted attempts) has nothing to find in a cell column:
        // a cell's rows share no other column. PERF: skipping them cut the rule's
        // instructions on the poj3076 judge cases by a quarter (481 → 358 million,
        // callgrind, `sudoku_tail` on `judge-cases/poj3076/data/secret/*.in`).
        let cells: Vec<usize> = (0..n).map(col).collect();
        let skipped = matrix.skip_in_subset_rule(&cells);
        debug_assert!(skipped.is_ok(), "cell columns are columns");
        matrix
    }
}

impl DlxSolver {
    /// Builds the exact-cover matrix for box size `box_size` (2..=5).
    pub fn new(box_size: usize) -> Result<Self, SudokuError> {
        if !(Sudoku::MIN_BOX..=Sudoku::MAX_BOX).contains(&box_size) {
            return Err(SudokuError::BoxSize(box_size));
        }
        let side = box_size * box_size;
        let n = side * side;
        let plain = Layout::new(box_size, 0);
        // Conflict weights only where the matrix branches by them (9×9 restarts,
        // 16×16 and 25×25).
        let weights = if box_size >= 3 {
            vec![0; 4 * n]
        } else {
            Vec::new()
        };
        Ok(DlxSolver {
            box_size,
            side,
            matrix: plain.matrix(),
            retry: None,
            first_budget: None,
            subset_rule: true,
            fixed: Vec::with_capacity(n),
            rows: Vec::with_capacity(n),
            solved_with: plain,
            attempt_weights: weights.clone(),
            weights,
            stats: SearchStats::default(),
            attempts: 0,
            #[cfg(test)]
            weight_trace: Vec::new(),
        })
    }

    /// Sets the node budget of the first attempt on 9×9, 16×16 and 25×25 (default
    /// 65,536 for 9×9, 4,096 for the larger; each restart doubles it), also for the
    /// other box sizes this solver is rebuilt for. `u64::MAX` turns restarts off. For
    /// measurements and tests: the default is what the CLI uses.
    pub fn with_first_budget(mut self, budget: u64) -> Self {
        self.first_budget = Some(budget.max(1));
        self
    }

    /// Turns the subset rule of restarted attempts (the module docs, "Subset rule")
    /// off or on (the default), also for the other box sizes this solver is rebuilt
    /// for. For measurements side by side: the CLI always applies it.
    pub fn with_subset_rule(mut self, on: bool) -> Self {
        self.subset_rule = on;
        self
    }

    /// Box size this solver was built for.
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// Statistics of the last search (solutions found, search nodes over every
    /// attempt).
    pub fn last_stats(&self) -> SearchStats {
        self.stats
    }

    /// Attempts the last search took (1 when it did not restart).
    pub fn last_attempts(&self) -> usize {
        self.attempts
    }

    /// Solves `puzzle` into `out` (overwritten with the first solution found; left
    /// untouched when there is none). Returns whether a solution exists. A puzzle of
    /// another box size rebuilds the solver for it.
    pub fn solve_into(&mut self, puzzle: &Sudoku, out: &mut Sudoku) -> bool {
        if !self.run(puzzle, 1, true) {
            return false;
        }
        if out.box_size() != self.box_size {
            *out = puzzle.clone();
        }
        for &row in &self.rows {
            let (cell, d) = self.solved_with.cell_digit(row);
            out.set(cell / self.side, cell % self.side, (d + 1) as u8);
        }
        true
    }

    /// Number of solutions of `puzzle`, counting stops at `limit`.
    pub fn count(&mut self, puzzle: &Sudoku, limit: usize) -> usize {
        self.run(puzzle, limit, false);
        self.stats.solutions
    }

    /// Searches attempt after attempt (one for 4×4) until one finishes; true
    /// when a solution was found.
    fn run(&mut self, puzzle: &Sudoku, limit: usize, record: bool) -> bool {
        if puzzle.box_size() != self.box_size {
            match DlxSolver::new(puzzle.box_size()) {
                Ok(s) => {
                    let (budget, subset_rule) = (self.first_budget, self.subset_rule);
                    *self = s;
                    self.first_budget = budget;
                    self.subset_rule = subset_rule;
                }
                Err(_) => return false, // unreachable: a Sudoku's box size is valid
            }
        }
        let mut budget = match self.box_size {
            2 => u64::MAX,
            3 => self.first_budget.unwrap_or(FIRST_BUDGET_9),
            _ => self.first_budget.unwrap_or(FIRST_BUDGET),
        };
        let mut nodes = 0;
        self.weights.fill(0);
        #[cfg(test)]
        self.weight_trace.clear();
        for attempt in 0.. {
            let layout = Layout::new(self.box_size, attempt);
            self.fixed.clear();
            for (cell, &v) in puzzle.cells().iter().enumerate() {
                if v != 0 {
                    self.fixed.push(layout.row(cell, v as usize - 1));
                }
            }
            let matrix = match (attempt, &mut self.retry) {
                (0, _) => &mut self.matrix,
                (_, Some((built_for, m))) if *built_for == attempt => m,
                (_, slot) => &mut slot.insert((attempt, layout.matrix())).1,
            };
            // Restarted attempts (weighted ones) apply the subset rule, on columns
            // of at most `box_size` rows: a box-digit column whose cells lie in one
            // line, a line-digit column whose cells lie in one box (the module docs,
            // "Subset rule"). Attempt 0 searches as it always has.
            let subset = attempt > 0 && layout.weighted && self.subset_rule;
            matrix.set_subset_reduction(if subset { self.box_size as u32 } else { 0 });
            let first = if record { Some(&mut self.rows) } else { None };
            // 16×16, 25×25 and 9×9 restarts search by conflict weight, from the
            // weights the abandoned attempts left (see the module docs).
            let weighted = layout.weighted;
            if weighted {
                for (c, &w) in self.weights.iter().enumerate() {
                    self.attempt_weights[layout.column(c)] = w;
                }
            }
            #[cfg(test)]
            self.weight_trace.push((self.weights.clone(), None));
            // (A fixed row out of range cannot happen: `Layout::row` is below N·S, and
            // the weights are one per column.)
            let found = if weighted {
                matrix.search_within_weights(
                    &self.fixed,
                    limit,
                    first,
                    budget,
                    &mut self.attempt_weights,
                )
            } else {
                matrix.search_within(&self.fixed, limit, first, budget)
            }
            .unwrap_or(Some(SearchStats::default()));
            match found {
                Some(stats) => {
                    self.stats = SearchStats {
                        solutions: stats.solutions,
                        nodes: nodes + stats.nodes,
                    };
                    self.solved_with = layout;
                    self.attempts = attempt + 1;
                    break;
                }
                None => {
                    #[cfg(test)]
                    if let Some(last) = self.weight_trace.last_mut() {
                        // (An unweighted attempt has no weights: empty.)
                        let learnt = if weighted { self.weights.len() } else { 0 };
                        last.1 = Some(
                            (0..learnt)
                                .map(|c| self.attempt_weights[layout.column(c)])
                                .collect(),
                        );
                    }
                    if weighted {
                        // Halved: what the last attempt learnt counts most.
                        for (c, w) in self.weights.iter_mut().enumerate() {
                            *w = self.attempt_weights[layout.column(c)] / 2;
                        }
                    }
                    nodes += budget;
                    budget = budget.saturating_mul(2);
                }
            }
        }
        self.stats.solutions > 0
    }
}

/// The first solution of `puzzle` found by dancing links, or `None` if it has none.
pub fn solve(puzzle: &Sudoku) -> Option<Sudoku> {
    solve_with_stats(puzzle).0
}

thread_local! {
    /// One solver per thread and box size, built on first use: the free functions
    /// below solve puzzle after puzzle on the same matrix (its givens are fixed rows,
    /// and every search leaves it as built). PERF: building the 9×9 matrix (2,916 nodes)
    /// for every puzzle was about a third of `gridjudge solve poj3074 --solver dlx`'s
    /// time on magictour_top1465 (`perf`).
    static SOLVERS: std::cell::RefCell<[Option<DlxSolver>; Sudoku::MAX_BOX + 1]> =
        const { std::cell::RefCell::new([None, None, None, None, None, None]) };
}

/// Runs `f` on this thread's reusable solver for `box_size`; `None` for a box size
/// without one.
fn with_solver<T>(box_size: usize, f: impl FnOnce(&mut DlxSolver) -> T) -> Option<T> {
    SOLVERS.with(|cell| {
        let Ok(mut solvers) = cell.try_borrow_mut() else {
            // Only re-entrance could get here: a fresh solver does the same work.
            return DlxSolver::new(box_size).ok().map(|mut s| f(&mut s));
        };
        let slot = solvers.get_mut(box_size)?;
        if slot.is_none() {
            *slot = Some(DlxSolver::new(box_size).ok()?);
        }
        slot.as_mut().map(f)
    })
}

/// Like [`solve`], also returning the search statistics (search nodes).
pub fn solve_with_stats(puzzle: &Sudoku) -> (Option<Sudoku>, SearchStats) {
    let mut out = puzzle.clone();
    with_solver(puzzle.box_size(), |solver| {
        let found = solver.solve_into(puzzle, &mut out);
        (found, solver.last_stats())
    })
    .map_or((None, SearchStats::default()), |(found, stats)| {
        (found.then_some(out), stats)
    })
}

/// Number of solutions of `puzzle`, capped at `limit` (`min(#solutions, limit)`).
pub fn count(puzzle: &Sudoku, limit: usize) -> usize {
    with_solver(puzzle.box_size(), |solver| solver.count(puzzle, limit)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify;

    #[test]
    fn layouts_number_every_cell_and_digit_once() {
        for b in Sudoku::MIN_BOX..=Sudoku::MAX_BOX {
            for attempt in [0, 1, 2, 7, 30] {
                let layout = Layout::new(b, attempt);
                let (side, n) = (b * b, b * b * b * b);
                let mut seen = vec![false; n * side];
                for cell in 0..n {
                    for d in 0..side {
                        let row = layout.row(cell, d);
                        assert!(row < n * side, "b={b} attempt {attempt}");
                        assert!(!seen[row], "b={b} attempt {attempt}: row {row} twice");
                        seen[row] = true;
                        assert_eq!(layout.cell_digit(row), (cell, d), "b={b} #{attempt}");
                    }
                }
            }
        }
        // Restarts change the layout on 16×16 (else a restart would search the same
        // tree again), and attempt 0 is the plain one the 9×9 figures were taken with.
        assert_ne!(Layout::new(4, 1), Layout::new(4, 0));
        let plain = Layout::new(3, 0);
        assert_eq!(
            (plain.shift, plain.first_cell, plain.column_offset),
            (0, 0, 0)
        );
        assert_eq!(plain.row(10, 4), 10 * 9 + 4);
    }

    /// A 16×16 grid from the spec sample's solution, its symbols and rows shuffled,
    /// about `keep`% of the cells kept; with `break_one`, one cell changed (the grid
    /// may then have no solution).
    fn sparse_16x16(seed: u64, keep: u64, break_one: bool) -> Sudoku {
        let text = include_str!("../../../../tests/data/samples/poj3076.ans");
        let solved: Vec<u8> = text
            .bytes()
            .filter(|c| !c.is_ascii_whitespace())
            .map(|c| c - b'A' + 1)
            .collect();
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        let mut perm: Vec<u8> = (1..=16).collect();
        for i in (1..16).rev() {
            perm.swap(i, next(i as u64 + 1) as usize);
        }
        let band = 4 * next(4) as usize;
        let mut cells: Vec<u8> = (0..256)
            .map(|i| {
                // Swap two rows of one band: still a solution.
                let r = match i / 16 {
                    r if r == band => band + 1,
                    r if r == band + 1 => band,
                    r => r,
                };
                perm[usize::from(solved[r * 16 + i % 16]) - 1]
            })
            .collect();
        for c in cells.iter_mut() {
            if next(100) >= keep {
                *c = 0;
            }
        }
        if break_one {
            cells[next(256) as usize] = 1 + next(16) as u8;
        }
        Sudoku::from_cells(4, cells).unwrap()
    }

    /// The fuzzer's unsolvable 16×16 grid `unsat-fuzzer-d` (tests/data/sudoku): the
    /// fewest-rows order does not refute it within 50,000 nodes in any of the first
    /// four layouts (nor within 100,000 in 200, measured), conflict weighting does in
    /// each, in a few hundred. (Four: a plain search of 50,000 nodes takes seconds in
    /// a debug build.)
    #[test]
    fn conflict_weighting_refutes_what_the_plain_order_cannot() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/sudoku/unsat-fuzzer-d.poj3076.in"
        );
        let text = std::fs::read(path).unwrap();
        let cells: Vec<u8> = text
            .split(|&b| b == b'\n')
            .take(16)
            .flat_map(|line| {
                line.iter()
                    .map(|&c| if c == b'-' { 0 } else { c - b'A' + 1 })
            })
            .collect();
        assert_eq!(cells.len(), 256);
        for attempt in 0..4 {
            let layout = Layout::new(4, attempt);
            let fixed: Vec<usize> = (0..256)
                .filter(|&c| cells[c] != 0)
                .map(|c| layout.row(c, usize::from(cells[c]) - 1))
                .collect();
            let mut matrix = layout.matrix();
            let weighted = matrix.search_within(&fixed, 2, None, 50_000).unwrap();
            let weighted = weighted.expect("weighting refutes the grid");
            assert_eq!(weighted.solutions, 0, "attempt {attempt}");
            assert!(weighted.nodes < 1_000, "attempt {attempt}: {weighted:?}");
            matrix.set_conflict_weighting(false);
            let plain = matrix.search_within(&fixed, 2, None, 50_000).unwrap();
            assert_eq!(plain, None, "attempt {attempt}: the plain order finished");
        }
    }

    #[test]
    fn restarts_change_no_count() {
        let mut plain = DlxSolver::new(4).unwrap().with_first_budget(u64::MAX);
        let mut restarted = 0;
        for round in 0..60u64 {
            let p = sparse_16x16(round, [10, 30, 60][round as usize % 3], round % 4 == 3);
            // Budgets of a few nodes: nearly every search restarts, many times.
            let mut tight = DlxSolver::new(4).unwrap().with_first_budget(1 + round % 8);
            for limit in [1, 2, 5] {
                assert_eq!(tight.count(&p, limit), plain.count(&p, limit), "#{round}");
                restarted += usize::from(tight.last_attempts() > 1);
            }
            let (mut a, mut b) = (p.clone(), p.clone());
            let found = tight.solve_into(&p, &mut a);
            assert_eq!(found, plain.solve_into(&p, &mut b), "#{round}");
            if found {
                // Maybe another solution than the plain search's, but a valid one.
                assert!(verify::sudoku::check_solution(&p, &a).is_ok(), "#{round}");
                assert_eq!(tight.last_stats().solutions, 1);
            }
        }
        assert!(restarted > 100, "only {restarted} searches restarted");
    }

    /// A 16×16 grid in the poj3076 letters (`-` empty) of `tests/data/sudoku/`.
    fn letter_grid(text: &str) -> Sudoku {
        let cells: Vec<u8> = text
            .bytes()
            .filter(|c| !c.is_ascii_whitespace())
            .map(|c| if c == b'-' { 0 } else { c - b'A' + 1 })
            .collect();
        Sudoku::from_cells(4, cells).unwrap()
    }

    #[test]
    fn carried_weights_stay_in_their_columns() {
        // Conflict weights are carried from attempt to attempt in the encoding's column
        // numbering; each layout stores column c elsewhere. A column a given covers is
        // never left empty at a dead end, so it must come back with weight 0 whatever
        // the layouts: a weight moved to the wrong column lands on some of them. The
        // grids: the fuzzer's that needed carried weights (tests/data/sudoku/README.md),
        // with small first budgets so that they restart several times (the subset rule
        // of the restarts ends most of their searches by the third attempt from 200
        // nodes on: 15 searches checked, 1 without the budgets below 200).
        let grids = [
            include_str!("../../../../tests/data/sudoku/dlx-tail-fuzzer-nine-rows.poj3076.in"),
            include_str!("../../../../tests/data/sudoku/dlx-tail-nine-rows.poj3076.in"),
            include_str!("../../../../tests/data/sudoku/dlx-tail-two-bands.poj3076.in"),
        ];
        let mut checked = 0;
        for (g, text) in grids.iter().enumerate() {
            let p = letter_grid(text);
            for budget in [8, 16, 32, 64, 128, 200, 1_000, 4_000] {
                let mut tight = DlxSolver::new(4).unwrap().with_first_budget(budget);
                assert_eq!(tight.count(&p, 2), 2);
                if tight.last_attempts() < 3 || tight.weights.iter().all(|&w| w == 0) {
                    continue;
                }
                checked += 1;
                let n = 256;
                for (cell, &v) in p.cells().iter().enumerate() {
                    if v == 0 {
                        continue;
                    }
                    let (r, c, d) = (cell / 16, cell % 16, usize::from(v) - 1);
                    let x = (r / 4) * 4 + c / 4;
                    for col in [cell, n + r * 16 + d, 2 * n + c * 16 + d, 3 * n + x * 16 + d] {
                        assert_eq!(
                            tight.weights[col], 0,
                            "grid {g}, budget {budget}: column {col}"
                        );
                    }
                }
            }
        }
        assert!(
            checked >= 5,
            "only {checked} searches restarted with weights"
        );
    }

    #[test]
    fn restarts_carry_the_weights_halved() {
        // Each attempt after the first starts from the weights the one before ended
        // with, halved (the module docs: carried in full, or doubled, cost the judge
        // cases more). The grids and budgets of `carried_weights_stay_in_their_columns`.
        let grids = [
            include_str!("../../../../tests/data/sudoku/dlx-tail-fuzzer-nine-rows.poj3076.in"),
            include_str!("../../../../tests/data/sudoku/dlx-tail-two-bands.poj3076.in"),
        ];
        let mut restarts = 0;
        for text in grids {
            let p = letter_grid(text);
            for budget in [200, 1_000, 4_000] {
                let mut tight = DlxSolver::new(4).unwrap().with_first_budget(budget);
                assert_eq!(tight.count(&p, 2), 2);
                let trace = &tight.weight_trace;
                assert_eq!(trace.len(), tight.last_attempts());
                assert!(trace[0].0.iter().all(|&w| w == 0), "attempt 0 starts at 0");
                for (k, pair) in trace.windows(2).enumerate() {
                    let ended = pair[0].1.as_ref().expect("an abandoned attempt's weights");
                    assert!(ended.iter().any(|&w| w > 1), "attempt {k} learnt nothing");
                    let halved: Vec<u32> = ended.iter().map(|w| w / 2).collect();
                    assert!(
                        pair[1].0 == halved,
                        "attempt {} does not start from attempt {k}'s weights halved",
                        k + 1
                    );
                    restarts += 1;
                }
                assert!(trace.last().is_some_and(|t| t.1.is_none()));
            }
        }
        assert!(restarts >= 6, "only {restarts} restarts");
    }

    #[test]
    fn nodes_count_every_attempt() {
        let p = sparse_16x16(5, 10, false);
        let mut plain = DlxSolver::new(4).unwrap().with_first_budget(u64::MAX);
        assert_eq!(plain.count(&p, 2), 2);
        assert_eq!(plain.last_attempts(), 1);
        let mut tight = DlxSolver::new(4).unwrap().with_first_budget(3);
        assert_eq!(tight.count(&p, 2), 2);
        let attempts = tight.last_attempts();
        assert!(attempts > 2, "{attempts} attempts");
        // The abandoned attempts' budgets (3, 6, 12, …) are in the total.
        let abandoned: u64 = (0..attempts - 1).map(|k| 3 << k).sum();
        assert!(
            tight.last_stats().nodes > abandoned,
            "{:?}",
            tight.last_stats()
        );
        // The attempt that finished searched its own layout, not the first one again
        // (a restart in the same layout would only repeat the abandoned tree).
        assert_eq!(tight.solved_with, Layout::new(4, attempts - 1));
        assert_ne!(tight.solved_with, Layout::new(4, 0));
        let mut out = p.clone();
        assert!(tight.solve_into(&p, &mut out));
        assert!(tight.last_attempts() > 2);
        assert_eq!(tight.solved_with, Layout::new(4, tight.last_attempts() - 1));
        // 4×4 never restarts, whatever the budget; 9×9 does past its own.
        let mut small = DlxSolver::new(2).unwrap().with_first_budget(1);
        assert_eq!(small.count(&Sudoku::empty(2).unwrap(), 2), 2);
        assert_eq!(small.last_attempts(), 1);
        let mut nine = DlxSolver::new(3).unwrap().with_first_budget(3);
        assert_eq!(nine.count(&Sudoku::empty(3).unwrap(), 2), 2);
        assert!(nine.last_attempts() > 2, "{}", nine.last_attempts());
        assert_eq!(nine.solved_with, Layout::new(3, nine.last_attempts() - 1));
        // The budget stays when a puzzle of another size rebuilds the solver.
        assert_eq!(nine.count(&p, 2), 2);
        assert!(
            nine.last_attempts() > 2,
            "{} attempts",
            nine.last_attempts()
        );
        // The default 9×9 budget is far above what an easy search needs.
        let mut nine = DlxSolver::new(3).unwrap();
        assert_eq!(nine.count(&Sudoku::empty(3).unwrap(), 2), 2);
        assert_eq!(nine.last_attempts(), 1);
    }

    /// A 9×9 grid: the pattern solution, its symbols relabelled, `keep` in 100 of the
    /// cells kept; with `break_one`, one cell changed (the grid may have no solution).
    fn sparse_9x9(seed: u64, keep: usize, break_one: bool) -> Sudoku {
        let mut rng = crate::gen::Rng::new(seed);
        let perm = rng.permutation(9);
        let mut cells: Vec<u8> = (0..81)
            .map(|i| {
                let (r, c) = (i / 9, i % 9);
                let kept = rng.below(100) < keep;
                if kept {
                    1 + perm[(3 * (r % 3) + r / 3 + c) % 9] as u8
                } else {
                    0
                }
            })
            .collect();
        if break_one {
            cells[rng.below(81)] = 1 + rng.below(9) as u8;
        }
        Sudoku::from_cells(3, cells).unwrap()
    }

    #[test]
    fn nine_by_nine_restarts_are_weighted_and_change_no_count() {
        // Attempt 0 is the plain search the 9×9 figures were taken with; every restart
        // rotates the digits and branches by conflict weight (as 16×16 always does).
        let plain = Layout::new(3, 0);
        assert!(!plain.weighted);
        for attempt in 1..5 {
            assert!(Layout::new(3, attempt).weighted, "attempt {attempt}");
        }
        assert!(!Layout::new(2, 3).weighted);
        assert!(Layout::new(4, 0).weighted);
        let mut untouched = DlxSolver::new(3).unwrap().with_first_budget(u64::MAX);
        let (mut restarted, mut learnt) = (0, 0);
        for round in 0..60u64 {
            let p = sparse_9x9(round, [20, 35, 50][round as usize % 3], round % 4 == 3);
            // Budgets of a few nodes: nearly every search restarts, many times.
            let budget = 1 + round % 8;
            let mut tight = DlxSolver::new(3).unwrap().with_first_budget(budget);
            for limit in [1, 2, 5] {
                assert_eq!(
                    tight.count(&p, limit),
                    untouched.count(&p, limit),
                    "#{round}"
                );
                assert_eq!(untouched.last_attempts(), 1);
                restarted += usize::from(tight.last_attempts() > 1);
            }
            let (mut a, mut b) = (p.clone(), p.clone());
            let found = tight.solve_into(&p, &mut a);
            assert_eq!(found, untouched.solve_into(&p, &mut b), "#{round}");
            if found {
                assert!(verify::sudoku::check_solution(&p, &a).is_ok(), "#{round}");
            }
            // Attempt 0 learns nothing (it is unweighted); a restart's dead ends do.
            let trace = &tight.weight_trace;
            if let [(_, Some(ended)), (next, _), ..] = &trace[..] {
                assert!(ended.is_empty(), "#{round}: attempt 0 weighted");
                assert!(
                    next.iter().all(|&w| w == 0),
                    "#{round}: attempt 1's weights"
                );
            }
        }
        assert!(restarted > 60, "only {restarted} searches restarted");
        // On the fuzzer's 9×9 tail grid the weighted restarts reach dead ends, and
        // each passes what it learnt on, halved.
        let text =
            include_str!("../../../../tests/data/sudoku/dlx-tail-9x9-fuzzer-12-givens.poj3074.in");
        let cells: Vec<u8> = text
            .bytes()
            .take(81)
            .map(|c| if c == b'.' { 0 } else { c - b'0' })
            .collect();
        let p = Sudoku::from_cells(3, cells).unwrap();
        // (Without the subset rule: with it these restarts end before any dead end
        // weighs a column twice, at every budget from 4 to 512.)
        for budget in [4, 8, 16, 32, 64] {
            let mut tight = DlxSolver::new(3)
                .unwrap()
                .with_first_budget(budget)
                .with_subset_rule(false);
            assert_eq!(tight.count(&p, 2), 2);
            let trace = &tight.weight_trace;
            for (k, pair) in trace.windows(2).enumerate().skip(1) {
                let ended = pair[0].1.as_ref().expect("an abandoned attempt's weights");
                let halved: Vec<u32> = ended.iter().map(|w| w / 2).collect();
                assert!(pair[1].0 == halved, "budget {budget}, attempt {}", k + 1);
                learnt += usize::from(ended.iter().any(|&w| w > 1));
            }
        }
        // (2 of them do; unweighted restarts would learn none.)
        assert!(learnt > 0, "no 9×9 restart learnt weights");
    }
}
