//! Boards whose white cells fall apart into *parts* that share no run: a board has no
//! fill as soon as one part has none.
//!
//! The search already solves the components it meets on its own (its foci), but the
//! reasoning reserved for small boards — the counting filter during the search and the
//! clause-learning search, which cost too much per node on big boards — is chosen for
//! the whole board. So once the searches of a board of more than `SMALL_BOARD` white
//! cells have met `PARTS_AFTER` dead ends without deciding it, each of its parts of
//! `MIN_CELLS` to `SMALL_BOARD` cells is cut out as a board of its own (its bounding
//! box, with its clues) and decided alone: a dense region without a fill beside a big
//! easy region is refuted as quickly as if it were alone (five rows of seven cells that
//! must each be a permutation of 1..7, beside a generated 20×20 board: over 20 s
//! before, about 10 ms). When every part has a fill, the whole board's searches go on
//! where they stopped: solving the rest as a board of its own changes their path
//! through it, and on generated 100×100 boards that cost more than it saved
//! (`gen_100x100` case 0 107 → 301 ms). Boards decided within `PARTS_AFTER` dead ends
//! never look for parts.
//!
//! Data flow: [`small_parts`] builds the part boards; `Pair::decide` decides them.

use crate::model::{Cell, Direction, KakuroBoard};

/// Parts of fewer white cells are left to the whole board's search: it refutes them
/// within a few dead ends, and generated boards have many of them (hundreds of single
/// cells on some 100×100 boards), each of which would cost a search of its own.
pub(super) const MIN_CELLS: usize = 12;

/// One part of a board, as a board of its own.
pub(super) struct Part {
    /// The part's runs and cells, in a grid of their own.
    pub(super) board: KakuroBoard,
    /// Where the part's grid lies in the whole board: its top row and left column.
    pub(super) origin: (usize, usize),
}

/// The parts of `board` of `MIN_CELLS` to `small` white cells, the smallest first;
/// none when the board itself has at most `small` white cells (it gets the small
/// boards' reasoning as a whole) or is a single part.
pub(super) fn small_parts(board: &KakuroBoard, small: usize) -> Vec<Part> {
    let white = board.white_count();
    if white <= small {
        return Vec::new();
    }
    let runs = board.runs();
    // Union-find over the runs: a white cell joins its across and its down run.
    let mut parent: Vec<u32> = (0..runs.len() as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            let up = parent[parent[x as usize] as usize];
            parent[x as usize] = up;
            x = up;
        }
        x
    }
    for pos in board.white_cells() {
        let (Some(a), Some(d)) = (
            board.run_of(pos, Direction::Across),
            board.run_of(pos, Direction::Down),
        ) else {
            // Cannot happen on a board built by `KakuroBoard::new`; the search reports it.
            return Vec::new();
        };
        let (ra, rd) = (find(&mut parent, a as u32), find(&mut parent, d as u32));
        if ra != rd {
            parent[ra as usize] = rd;
        }
    }
    // White cells per part (the across runs' cells count each cell once).
    let mut size = vec![0usize; runs.len()];
    for (r, run) in runs.iter().enumerate() {
        if run.direction == Direction::Across {
            let root = find(&mut parent, r as u32) as usize;
            size[root] += run.len();
        }
    }
    let mut roots: Vec<usize> = (0..runs.len())
        .filter(|&r| parent[r] as usize == r && (MIN_CELLS..=small).contains(&size[r]))
        .collect();
    roots.sort_by_key(|&r| (size[r], r));
    let mut slot = vec![usize::MAX; runs.len()];
    for (i, &r) in roots.iter().enumerate() {
        slot[r] = i;
    }
    let mut groups: Vec<Vec<usize>> = vec![Vec::new(); roots.len()];
    for r in 0..runs.len() {
        let root = find(&mut parent, r as u32) as usize;
        if slot[root] != usize::MAX {
            groups[slot[root]].push(r);
        }
    }
    groups
        .iter()
        .filter_map(|group| cut_out(board, group))
        .collect()
}

/// The board of the runs `group` (indices into `board.runs()`): their bounding box
/// (the clue cells on its top row and left column), every other cell black without
/// clues. `None` if the result is not a board (cannot happen for the runs of a part:
/// a clue lies left of or above its run, so no white cell is on the box's border).
fn cut_out(board: &KakuroBoard, group: &[usize]) -> Option<Part> {
    let runs = board.runs();
    let cols = board.cols();
    let (mut top, mut left, mut bottom, mut right) = (usize::MAX, usize::MAX, 0, 0);
    for &r in group {
        let run = &runs[r];
        let (cr, cc) = run.clue_at;
        top = top.min(cr);
        left = left.min(cc);
        bottom = bottom.max(cr);
        right = right.max(cc);
        for &pos in &run.cells {
            bottom = bottom.max(pos / cols);
            right = right.max(pos % cols);
        }
    }
    let (rows, width) = (bottom - top + 1, right - left + 1);
    let mut cells = vec![
        Cell::Black {
            down: None,
            right: None
        };
        rows * width
    ];
    let local = |pos: usize| (pos / cols - top) * width + (pos % cols - left);
    for &r in group {
        let run = &runs[r];
        let (cr, cc) = run.clue_at;
        let at = local(cr * cols + cc);
        if let Cell::Black { down, right } = &mut cells[at] {
            match run.direction {
                Direction::Across => *right = Some(run.clue),
                Direction::Down => *down = Some(run.clue),
            }
        }
        for &pos in &run.cells {
            let at = local(pos);
            cells[at] = Cell::White;
        }
    }
    let board = KakuroBoard::new(rows, width, cells).ok()?;
    Some(Part {
        board,
        origin: (top, left),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::kakuro::{generate, Params};
    use crate::gen::Rng;

    /// Two generated boards side by side, the second below and right of the first.
    fn side_by_side(a: &KakuroBoard, b: &KakuroBoard) -> KakuroBoard {
        let (rows, cols) = (a.rows() + b.rows(), a.cols() + b.cols());
        let mut cells = vec![
            Cell::Black {
                down: None,
                right: None
            };
            rows * cols
        ];
        for r in 0..a.rows() {
            for c in 0..a.cols() {
                cells[r * cols + c] = a.cell(r, c);
            }
        }
        for r in 0..b.rows() {
            for c in 0..b.cols() {
                cells[(a.rows() + r) * cols + a.cols() + c] = b.cell(r, c);
            }
        }
        KakuroBoard::new(rows, cols, cells).expect("two boards side by side")
    }

    fn board(rows: usize, cols: usize, seed: u64) -> KakuroBoard {
        let p = Params {
            rows,
            cols,
            white_percent: 80,
            max_run: 9,
            distinct: true,
        };
        generate(&p, &mut Rng::new(seed)).board
    }

    /// The components of `board`'s white cells (linked when they share a run), by a
    /// flood fill over the grid: a white cell's run neighbours are the white cells
    /// next to it.
    fn components(board: &KakuroBoard) -> Vec<Vec<usize>> {
        let cols = board.cols();
        let mut seen = vec![false; board.rows() * cols];
        let mut out = Vec::new();
        for start in board.white_cells() {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut part = vec![start];
            let mut at = 0;
            while at < part.len() {
                let p = part[at];
                at += 1;
                for q in [p - 1, p + 1, p - cols, p + cols] {
                    if q < seen.len() && !seen[q] && board.cells()[q].is_white() {
                        seen[q] = true;
                        part.push(q);
                    }
                }
            }
            part.sort_unstable();
            out.push(part);
        }
        out
    }

    /// The parts are exactly the components of `MIN_CELLS` to `small` cells, smallest
    /// first, each with its runs' clues at the same places; a board of at most `small`
    /// cells is not split.
    #[test]
    fn small_parts_are_the_small_components_with_their_clues() {
        let mut cut = 0;
        for seed in 0..12u64 {
            let a = board(5 + seed as usize % 5, 7 + seed as usize % 3, seed);
            let b = board(20, 18 + seed as usize % 3, seed + 100);
            let whole = side_by_side(&a, &b);
            assert!(
                small_parts(&a, 256).is_empty(),
                "a small board is not split"
            );
            let small = 64;
            let parts = small_parts(&whole, small);
            let mut want: Vec<Vec<usize>> = components(&whole)
                .into_iter()
                .filter(|c| (MIN_CELLS..=small).contains(&c.len()))
                .collect();
            want.sort();
            let cols = whole.cols();
            let mut got: Vec<Vec<usize>> = Vec::new();
            for part in &parts {
                let (top, left) = part.origin;
                let pc = part.board.cols();
                let to_whole = |p: usize| (p / pc + top) * cols + p % pc + left;
                let mut cells: Vec<usize> = part.board.white_cells().map(to_whole).collect();
                cells.sort_unstable();
                got.push(cells);
                for run in part.board.runs() {
                    let w = whole
                        .run_of(to_whole(run.cells[0]), run.direction)
                        .expect("a white cell has two runs");
                    let wr = &whole.runs()[w];
                    assert_eq!(wr.clue, run.clue, "seed {seed}");
                    assert_eq!(wr.clue_at, (run.clue_at.0 + top, run.clue_at.1 + left));
                    let mapped: Vec<usize> = run.cells.iter().map(|&p| to_whole(p)).collect();
                    assert_eq!(wr.cells, mapped, "seed {seed}");
                }
            }
            let sizes: Vec<usize> = got.iter().map(Vec::len).collect();
            assert!(
                sizes.windows(2).all(|w| w[0] <= w[1]),
                "seed {seed}: {sizes:?}"
            );
            got.sort();
            assert_eq!(got, want, "seed {seed}");
            cut += got.len();
        }
        assert!(
            cut >= 12,
            "only {cut} parts cut out: the boards do not exercise it"
        );
    }
}
