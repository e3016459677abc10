//! A Kakuro board: black cells (optionally carrying a down and/or right clue), white
//! cells, and the runs derived from them.
//!
//! A *run* is a maximal horizontal (across) or vertical (down) line of white cells. Its
//! clue sits in the black cell immediately left of it (across) or above it (down).
//! [`KakuroBoard::new`] rejects boards whose *structure* is broken (a white cell on the
//! border row/column, a run without a clue, a clue without a run); the runs themselves
//! are derived on first use ([`KakuroBoard::runs`]), as the checker never needs them.
//! Whether the clue *values* are plausible (`length ≤ clue ≤ 9·length`, equal across and
//! down totals) is a separate question, [`KakuroBoard::check_clues`], because an
//! infeasible-but-well-shaped board is still something a solver must answer "no
//! solution" to: that check is written once, [`KakuroBoard::check_clue_values`], which the
//! validators and both Kakuro solvers call, each naming the fault in its own terms.

use std::fmt;
use std::sync::OnceLock;
use thiserror::Error;

/// One cell of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A white cell, to be filled with a digit 1..=9.
    White,
    /// A black cell.
    Black {
        /// Clue of the run below.
        down: Option<u16>,
        /// Clue of the run to the right.
        right: Option<u16>,
    },
}

impl Cell {
    /// A black cell without clues.
    pub const BLACK: Cell = Cell::Black {
        down: None,
        right: None,
    };

    /// True for a white cell.
    pub fn is_white(self) -> bool {
        matches!(self, Cell::White)
    }

    /// The clue of this cell in `dir`, if it is black and has one.
    pub fn clue(self, dir: Direction) -> Option<u16> {
        match (self, dir) {
            (Cell::Black { right, .. }, Direction::Across) => right,
            (Cell::Black { down, .. }, Direction::Down) => down,
            (Cell::White, _) => None,
        }
    }
}

/// Direction of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Left to right; clue in the cell left of the run.
    Across,
    /// Top to bottom; clue in the cell above the run.
    Down,
}

impl Direction {
    /// Both directions, across first.
    pub const BOTH: [Direction; 2] = [Direction::Across, Direction::Down];

    fn index(self) -> usize {
        match self {
            Direction::Across => 0,
            Direction::Down => 1,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Across => "across",
            Direction::Down => "down",
        })
    }
}

/// A run of white cells with its clue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// Across or down.
    pub direction: Direction,
    /// The required sum.
    pub clue: u16,
    /// The black cell holding the clue, `(row, col)`, 0-based.
    pub clue_at: (usize, usize),
    /// The run's cells as row-major indices, in reading order.
    pub cells: Vec<usize>,
}

impl Run {
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Never true for a run of a valid board; present for clippy.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether some digits make the clue under `rule` (the run check of
    /// [`KakuroBoard::check_clue_values`]).
    #[inline]
    pub fn clue_possible(&self, rule: DigitRule) -> bool {
        clue_possible(self.clue, self.len(), rule)
    }
}

/// Whether some `len` digits make `clue` under `rule`.
#[inline]
fn clue_possible(clue: u16, len: usize, rule: DigitRule) -> bool {
    let clue = usize::from(clue);
    match rule {
        DigitRule::Repeats => len <= clue && clue <= 9 * len,
        DigitRule::Distinct => {
            len <= 9 && len * (len + 1) / 2 <= clue && clue <= len * (19 - len) / 2
        }
    }
}

/// The white cells after the clue cell `at` in `dir`, in reading order (row-major
/// indices): the run of that clue.
fn run_from(
    rows: usize,
    cols: usize,
    cells: &[Cell],
    at: usize,
    dir: Direction,
) -> impl Iterator<Item = usize> + '_ {
    let (step, count) = match dir {
        Direction::Across => (1, cols - 1 - at % cols),
        Direction::Down => (cols, rows - 1 - at / cols),
    };
    (1..count + 1)
        .map(move |k| at + k * step)
        .take_while(|&k| cells[k].is_white())
}

/// What is wrong with a board's structure or clues.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StructureErrorKind {
    /// `cells.len() != rows * cols`, or a zero dimension.
    #[error("a {rows}x{cols} board needs {expected} cells, got {got}")]
    Shape {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// `rows * cols`.
        expected: usize,
        /// Cells given.
        got: usize,
    },
    /// A white cell in the first row or the first column.
    #[error("the first row and the first column must be black, found a white cell")]
    WhiteOnBorder,
    /// A run whose clue cell has no clue for that direction.
    #[error("the {0} run starting here has no clue in the cell {side}", side = if *.0 == Direction::Across { "to its left" } else { "above it" })]
    RunWithoutClue(Direction),
    /// A clue with no white cell after it.
    #[error("{0} clue {1} has no run ({next} is not white)", next = if *.0 == Direction::Across { "the next cell" } else { "the cell below" })]
    ClueWithoutRun(Direction, u16),
}

/// Which sums the digits of a run may make: the run check of
/// [`KakuroBoard::check_clue_values`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DigitRule {
    /// Digits 1..=9 may repeat in a run (HDU 3338, Kakuro Extension): a clue is possible
    /// iff `length ≤ clue ≤ 9·length`.
    Repeats,
    /// Digits in a run are distinct (classic Kakuro): a clue is possible iff the run has
    /// at most 9 cells and the clue lies between the sums of the smallest and of the
    /// largest `length` digits (every sum in between is made by some set of distinct
    /// digits).
    Distinct,
}

/// A clue value no fill can meet: the first fault [`KakuroBoard::check_clue_values`]
/// finds. The validators (through the judge input's located error) and both Kakuro
/// solvers report it as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ClueFault {
    /// A clue outside `length ..= 9·length` (under [`DigitRule::Repeats`]).
    OutOfRange {
        /// The clue cell, 0-based `(row, col)`.
        at: (usize, usize),
        /// Direction of the run.
        direction: Direction,
        /// The clue.
        clue: u16,
        /// The run's length.
        len: usize,
    },
    /// No set of `len` distinct digits sums to the clue (under [`DigitRule::Distinct`];
    /// includes every run longer than 9 cells and every clue above 45).
    NoDigitSet {
        /// The clue cell, 0-based `(row, col)`.
        at: (usize, usize),
        /// Direction of the run.
        direction: Direction,
        /// The clue.
        clue: u16,
        /// The run's length.
        len: usize,
    },
    /// The across clues and the down clues add up to different totals.
    TotalsDiffer {
        /// Sum of the across clues.
        across: u32,
        /// Sum of the down clues.
        down: u32,
    },
}

impl ClueFault {
    /// The fault of a run whose clue no digits make under `rule`: [`OutOfRange`] where
    /// digits repeat, [`NoDigitSet`] where they are distinct.
    ///
    /// [`OutOfRange`]: ClueFault::OutOfRange
    /// [`NoDigitSet`]: ClueFault::NoDigitSet
    fn impossible(
        rule: DigitRule,
        at: (usize, usize),
        direction: Direction,
        clue: u16,
        len: usize,
    ) -> ClueFault {
        match rule {
            DigitRule::Repeats => ClueFault::OutOfRange {
                at,
                direction,
                clue,
                len,
            },
            DigitRule::Distinct => ClueFault::NoDigitSet {
                at,
                direction,
                clue,
                len,
            },
        }
    }

    /// The clue cell the fault is about, 0-based; `None` for the totals.
    pub fn at(&self) -> Option<(usize, usize)> {
        match *self {
            ClueFault::OutOfRange { at, .. } | ClueFault::NoDigitSet { at, .. } => Some(at),
            ClueFault::TotalsDiffer { .. } => None,
        }
    }

    /// The fault in words, without its location (`across clue 50 is impossible for a
    /// run of 2 cells (must be 2 to 18)`).
    pub fn reason(&self) -> String {
        match *self {
            ClueFault::OutOfRange {
                direction,
                clue,
                len,
                ..
            } => format!(
                "{direction} clue {clue} is impossible for a run of {len} cells (must be {len} to {})",
                9 * len
            ),
            ClueFault::NoDigitSet {
                direction,
                clue,
                len,
                ..
            } => format!("no {len} distinct digits sum to the {direction} clue {clue}"),
            ClueFault::TotalsDiffer { across, down } => {
                format!("across clues total {across} but down clues total {down}")
            }
        }
    }
}

/// `cell (row, col): reason` (1-based), or the reason alone for the totals.
impl fmt::Display for ClueFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((r, c)) = self.at() {
            write!(f, "cell ({}, {}): ", r + 1, c + 1)?;
        }
        f.write_str(&self.reason())
    }
}

impl std::error::Error for ClueFault {}

/// A structural or clue error, located at a cell `(row, col)` (0-based) when it has one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}{kind}", match at { Some((r, c)) => format!("cell ({}, {}): ", r + 1, c + 1), None => String::new() })]
pub struct StructureError {
    /// The cell the error is about, 0-based; `None` for whole-board errors.
    pub at: Option<(usize, usize)>,
    /// What is wrong.
    pub kind: StructureErrorKind,
}

/// A Kakuro board with its derived runs.
///
/// The runs (and the run of every cell) are derived on first use of [`runs`] or
/// [`run_of`]: [`new`] checks the structure without building them.
///
/// [`runs`]: Self::runs
/// [`run_of`]: Self::run_of
/// [`new`]: Self::new
// PERF: the judge's checker builds the board of every judge input and never asks for its
// runs (the validator walks the cells itself). Deriving them in `new` was one allocation
// per run: on hdu3338 `06_gen_100x100` (7 boards of 100x100, 16,000 runs) 15.3 M of the
// checker's 40.5 M instructions (callgrind), board build and drop.
#[derive(Debug, Clone)]
pub struct KakuroBoard {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    derived: OnceLock<Derived>,
}

/// What [`KakuroBoard`] derives from its cells.
#[derive(Debug, Clone)]
struct Derived {
    runs: Vec<Run>,
    /// For each cell and direction, the index of its run in `runs` (`u32::MAX` for black).
    run_of: [Vec<u32>; 2],
}

/// Boards are equal when their cells are: the runs follow from them.
impl PartialEq for KakuroBoard {
    fn eq(&self, other: &Self) -> bool {
        self.rows == other.rows && self.cols == other.cols && self.cells == other.cells
    }
}

impl Eq for KakuroBoard {}

/// A digit per cell, row-major; `0` on black cells, `1..=9` on white cells once filled.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KakuroFill {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Row-major digits.
    pub digits: Vec<u8>,
}

impl KakuroFill {
    /// An all-zero fill for `board`.
    pub fn empty_for(board: &KakuroBoard) -> Self {
        KakuroFill {
            rows: board.rows(),
            cols: board.cols(),
            digits: vec![0; board.rows() * board.cols()],
        }
    }
}

/// Marker for "no run" in `run_of`.
const NO_RUN: u32 = u32::MAX;

impl KakuroBoard {
    /// Builds a board; fails on a broken structure (see module doc), reporting the first
    /// fault in this order: the shape, a white cell on the border (first row, then first
    /// column), then in one row-major scan a white cell whose run has no clue (across
    /// before down) or a clue without a run (across before down).
    pub fn new(rows: usize, cols: usize, cells: Vec<Cell>) -> Result<Self, StructureError> {
        if rows == 0 || cols == 0 || cells.len() != rows * cols {
            return Err(StructureError {
                at: None,
                kind: StructureErrorKind::Shape {
                    rows,
                    cols,
                    expected: rows * cols,
                    got: cells.len(),
                },
            });
        }
        let fault = |r: usize, c: usize, kind| StructureError {
            at: Some((r, c)),
            kind,
        };
        for r in 0..rows {
            for c in 0..cols {
                if (r == 0 || c == 0) && cells[r * cols + c].is_white() {
                    return Err(fault(r, c, StructureErrorKind::WhiteOnBorder));
                }
                if r > 0 && c > 0 {
                    break;
                }
            }
        }
        // The border is black, so every white cell has a cell left of it and above it, and
        // a clue's run starts at the next cell when that one is white.
        for (i, &cell) in cells.iter().enumerate() {
            match cell {
                Cell::White => {
                    for (dir, before) in [(Direction::Across, i - 1), (Direction::Down, i - cols)] {
                        let before = cells[before];
                        if !before.is_white() && before.clue(dir).is_none() {
                            let kind = StructureErrorKind::RunWithoutClue(dir);
                            return Err(fault(i / cols, i % cols, kind));
                        }
                    }
                }
                Cell::Black { .. } => {
                    for dir in Direction::BOTH {
                        let Some(clue) = cell.clue(dir) else { continue };
                        if run_from(rows, cols, &cells, i, dir).next().is_none() {
                            let kind = StructureErrorKind::ClueWithoutRun(dir, clue);
                            return Err(fault(i / cols, i % cols, kind));
                        }
                    }
                }
            }
        }
        Ok(KakuroBoard {
            rows,
            cols,
            cells,
            derived: OnceLock::new(),
        })
    }

    /// The runs and the run of every cell, derived once (the structure was checked by
    /// [`new`](Self::new): every clue has a run, every white cell is in two).
    fn derived(&self) -> &Derived {
        self.derived.get_or_init(|| {
            let (rows, cols, cells) = (self.rows, self.cols, &self.cells);
            let mut runs = Vec::new();
            let mut run_of = [vec![NO_RUN; rows * cols], vec![NO_RUN; rows * cols]];
            // Row-major over the clue cells, across before down: runs come out ordered by
            // their clue cell.
            for (i, &cell) in cells.iter().enumerate() {
                for dir in Direction::BOTH {
                    let Some(clue) = cell.clue(dir) else { continue };
                    let run_cells: Vec<usize> = run_from(rows, cols, cells, i, dir).collect();
                    let id = runs.len() as u32;
                    for &k in &run_cells {
                        run_of[dir.index()][k] = id;
                    }
                    runs.push(Run {
                        direction: dir,
                        clue,
                        clue_at: (i / cols, i % cols),
                        cells: run_cells,
                    });
                }
            }
            Derived { runs, run_of }
        })
    }

    /// Checks the clue values where digits may repeat: every clue within
    /// `length ..= 9·length`, and equal across and down totals. Both are necessary (not
    /// sufficient) for a solution to exist. The validators' check (the judge input is
    /// located by `format`); the same as `check_clue_values(DigitRule::Repeats)`.
    pub fn check_clues(&self) -> Result<(), ClueFault> {
        self.check_clue_values(DigitRule::Repeats)
    }

    /// The clue-value check, in one place for the validators ([`check_clues`]) and both
    /// Kakuro solvers: every run, in [`runs`] order, must have a clue some digits can
    /// make under `rule` ([`Run::clue_possible`]), and then the across and down clues
    /// must add up to the same total. Returns the first fault: a run fails as
    /// [`ClueFault::OutOfRange`] under [`DigitRule::Repeats`] and as
    /// [`ClueFault::NoDigitSet`] under [`DigitRule::Distinct`].
    ///
    /// [`check_clues`]: Self::check_clues
    /// [`runs`]: Self::runs
    // PERF: one pass over the cells, no run derived (the flow solver runs it on every
    // board it solves, the checker on every judge input).
    #[inline]
    pub fn check_clue_values(&self, rule: DigitRule) -> Result<(), ClueFault> {
        if self.clues_sound(rule) {
            return Ok(());
        }
        self.first_clue_fault(rule)
    }

    /// Whether every clue is possible and the totals agree, in one pass over the cells:
    /// each row's across run and each column's down run are measured as the pass goes
    /// through them and judged at the cell (or border) that ends them.
    // PERF: the validators' common case, a good board, with no walk per run (the ordered
    // walk of `first_clue_fault` was 3.7 M of the checker's 24.5 M instructions on hdu3338
    // `06_gen_100x100`); any doubt goes to that walk, which names the first fault.
    fn clues_sound(&self, rule: DigitRule) -> bool {
        /// A run being measured: its clue (`None` before the first clue of a line) and
        /// its length so far.
        #[derive(Clone, Copy, Default)]
        struct Open {
            clue: Option<u16>,
            len: usize,
        }
        /// Closes `run`, adding its clue to `total`, and opens one for `clue`; false if
        /// no digits make the closed run's clue.
        fn close(run: &mut Open, clue: Option<u16>, total: &mut u32, rule: DigitRule) -> bool {
            let possible = run.clue.is_none_or(|c| {
                *total += u32::from(c);
                clue_possible(c, run.len, rule)
            });
            *run = Open { clue, len: 0 };
            possible
        }
        let (mut across_total, mut down_total) = (0u32, 0u32);
        let mut down = vec![Open::default(); self.cols];
        for row in self.cells.chunks_exact(self.cols) {
            let mut across = Open::default();
            for (cell, down) in row.iter().zip(down.iter_mut()) {
                match *cell {
                    Cell::White => {
                        across.len += 1;
                        down.len += 1;
                    }
                    Cell::Black { down: below, right } => {
                        if !(close(&mut across, right, &mut across_total, rule)
                            && close(down, below, &mut down_total, rule))
                        {
                            return false;
                        }
                    }
                }
            }
            if !close(&mut across, None, &mut across_total, rule) {
                return false;
            }
        }
        for run in &mut down {
            if !close(run, None, &mut down_total, rule) {
                return false;
            }
        }
        across_total == down_total
    }

    /// The first clue fault in the order of [`runs`](Self::runs), each run's length walked
    /// from its clue (the runs need not be derived for this).
    fn first_clue_fault(&self, rule: DigitRule) -> Result<(), ClueFault> {
        let (rows, cols, cells) = (self.rows, self.cols, &self.cells);
        let (mut across, mut down) = (0u32, 0u32);
        for (i, &cell) in cells.iter().enumerate() {
            for direction in Direction::BOTH {
                let Some(clue) = cell.clue(direction) else {
                    continue;
                };
                let len = run_from(rows, cols, cells, i, direction).count();
                if !clue_possible(clue, len, rule) {
                    let at = (i / cols, i % cols);
                    return Err(ClueFault::impossible(rule, at, direction, clue, len));
                }
                match direction {
                    Direction::Across => across += u32::from(clue),
                    Direction::Down => down += u32::from(clue),
                }
            }
        }
        if across != down {
            return Err(ClueFault::TotalsDiffer { across, down });
        }
        Ok(())
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Row-major cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell at `(row, col)`.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.cols + col]
    }

    /// All runs, ordered by clue cell (row-major), across before down at the same cell.
    pub fn runs(&self) -> &[Run] {
        &self.derived().runs
    }

    /// Index into [`runs`](Self::runs) of the run through white cell `index` in `dir`;
    /// `None` for a black cell.
    pub fn run_of(&self, index: usize, dir: Direction) -> Option<usize> {
        match self.derived().run_of[dir.index()][index] {
            NO_RUN => None,
            id => Some(id as usize),
        }
    }

    /// Row-major indices of the white cells.
    pub fn white_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_white())
            .map(|(i, _)| i)
    }

    /// Number of white cells.
    pub fn white_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_white()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(down: Option<u16>, right: Option<u16>) -> Cell {
        Cell::Black { down, right }
    }

    #[test]
    fn runs_of_a_2x3_board() {
        use Cell::White as W;
        let cells = vec![
            Cell::BLACK,
            b(Some(3), None),
            b(Some(4), None),
            b(None, Some(7)),
            W,
            W,
        ];
        let board = KakuroBoard::new(2, 3, cells).unwrap();
        assert_eq!(board.runs().len(), 3);
        assert_eq!(board.runs()[0].direction, Direction::Down);
        assert_eq!(
            board.runs()[2],
            Run {
                direction: Direction::Across,
                clue: 7,
                clue_at: (1, 0),
                cells: vec![4, 5]
            }
        );
        assert_eq!(board.run_of(4, Direction::Across), Some(2));
        assert_eq!(board.run_of(0, Direction::Across), None);
        board.check_clues().unwrap();
    }

    #[test]
    fn structure_errors() {
        use Cell::White as W;
        let no_clue = KakuroBoard::new(2, 2, vec![Cell::BLACK, b(Some(3), None), Cell::BLACK, W])
            .unwrap_err();
        assert_eq!(
            no_clue.kind,
            StructureErrorKind::RunWithoutClue(Direction::Across)
        );
        assert_eq!(no_clue.at, Some((1, 1)));
        let no_run = KakuroBoard::new(
            2,
            2,
            vec![Cell::BLACK, b(Some(3), None), Cell::BLACK, Cell::BLACK],
        )
        .unwrap_err();
        assert_eq!(
            no_run.kind,
            StructureErrorKind::ClueWithoutRun(Direction::Down, 3)
        );
        let border =
            KakuroBoard::new(2, 2, vec![Cell::BLACK, W, Cell::BLACK, Cell::BLACK]).unwrap_err();
        assert_eq!(border.kind, StructureErrorKind::WhiteOnBorder);
        let range = KakuroBoard::new(
            2,
            2,
            vec![Cell::BLACK, b(Some(10), None), b(None, Some(10)), W],
        )
        .unwrap();
        let fault = range.check_clues().unwrap_err();
        assert!(matches!(fault, ClueFault::OutOfRange { .. }), "{fault:?}");
        assert!(
            fault.to_string().starts_with("cell (")
                && fault
                    .to_string()
                    .ends_with("clue 10 is impossible for a run of 1 cells (must be 1 to 9)"),
            "{fault}"
        );
        let totals = KakuroBoard::new(
            2,
            2,
            vec![Cell::BLACK, b(Some(3), None), b(None, Some(4)), W],
        )
        .unwrap();
        assert_eq!(
            totals.check_clues(),
            Err(ClueFault::TotalsDiffer { across: 4, down: 3 })
        );
        assert_eq!(
            totals.check_clues().unwrap_err().to_string(),
            "across clues total 4 but down clues total 3"
        );
    }

    #[test]
    fn clue_values_take_the_rules_run_check_then_the_totals() {
        use Cell::White as W;
        // Down 3 over one cell, across 4 over the same cell: runs possible under both
        // rules, totals differ.
        let board = KakuroBoard::new(
            2,
            2,
            vec![Cell::BLACK, b(Some(3), None), b(None, Some(4)), W],
        )
        .unwrap();
        for rule in [DigitRule::Repeats, DigitRule::Distinct] {
            assert!(board.runs().iter().all(|r| r.clue_possible(rule)));
            assert_eq!(
                board.check_clue_values(rule),
                Err(ClueFault::TotalsDiffer { across: 4, down: 3 })
            );
        }
        // A two-cell across run with clue 2: possible with repeats (1 + 1), not with
        // distinct digits; the run is named before any total is compared.
        let board = KakuroBoard::new(
            2,
            3,
            vec![
                Cell::BLACK,
                b(Some(1), None),
                b(Some(1), None),
                b(None, Some(2)),
                W,
                W,
            ],
        )
        .unwrap();
        assert_eq!(board.check_clue_values(DigitRule::Repeats), Ok(()));
        let fault = board.check_clue_values(DigitRule::Distinct).unwrap_err();
        assert_eq!(
            fault,
            ClueFault::NoDigitSet {
                at: (1, 0),
                direction: Direction::Across,
                clue: 2,
                len: 2
            }
        );
        assert_eq!(
            fault.to_string(),
            "cell (2, 1): no 2 distinct digits sum to the across clue 2"
        );
    }

    #[test]
    fn clue_possible_agrees_with_every_set_of_digits() {
        // Brute force: the sums of `len` digits 1..=9, with repeats (every multiset) and
        // distinct (every subset).
        let mut distinct = vec![std::collections::BTreeSet::new(); 11];
        for mask in 0u32..512 {
            let len = mask.count_ones() as usize;
            let sum: u32 = (0..9).filter(|d| mask & (1 << d) != 0).map(|d| d + 1).sum();
            distinct[len].insert(sum as u16);
        }
        for (len, sums) in distinct.iter().enumerate().skip(1) {
            for clue in 0..=100u16 {
                let run = Run {
                    direction: Direction::Across,
                    clue,
                    clue_at: (0, 0),
                    cells: (0..len).collect(),
                };
                let repeats = (len as u16..=9 * len as u16).contains(&clue);
                assert_eq!(
                    run.clue_possible(DigitRule::Repeats),
                    repeats,
                    "{len} {clue}"
                );
                assert_eq!(
                    run.clue_possible(DigitRule::Distinct),
                    sums.contains(&clue),
                    "{len} {clue}"
                );
            }
        }
    }
}

#[cfg(test)]
mod lazy_runs_tests;
