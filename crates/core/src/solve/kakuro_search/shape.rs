//! The board's structure in the compact numbering the classic Kakuro search works in:
//! each white cell's across and down run, each run's cells, and beside each of those
//! the cell's other run. Built once per board, shared (read-only) by both searches of
//! [`solve`](super::solve) and by the sum-balance relaxation.

/// Cells are numbered `0..cells`, runs `0..runs`; see [`Search`](super::search).
#[derive(Debug)]
pub(super) struct Shape {
    /// Across and down run of each cell.
    pub(super) cell_runs: Vec<[u32; 2]>,
    /// Cells of run `r`: `run_cells[run_start[r]..run_start[r + 1]]`.
    pub(super) run_start: Vec<u32>,
    pub(super) run_cells: Vec<u32>,
    /// Beside each entry of `run_cells`, the cell's run other than `r`: the
    /// relaxation's path search steps through it without looking the cell up.
    pub(super) run_other: Vec<u32>,
}

impl Shape {
    /// The shape with `cell_runs`, and the runs' cells as `run_start` / `run_cells`.
    pub(super) fn new(cell_runs: Vec<[u32; 2]>, run_start: Vec<u32>, run_cells: Vec<u32>) -> Shape {
        let mut run_other = Vec::with_capacity(run_cells.len());
        for r in 0..run_start.len().saturating_sub(1) {
            for &y in &run_cells[run_start[r] as usize..run_start[r + 1] as usize] {
                let [a, d] = cell_runs[y as usize];
                run_other.push(if a == r as u32 { d } else { a });
            }
        }
        Shape {
            cell_runs,
            run_start,
            run_cells,
            run_other,
        }
    }

    /// Positions of run `r`'s entries in `run_cells` and `run_other`.
    #[inline]
    pub(super) fn span(&self, r: u32) -> std::ops::Range<usize> {
        self.run_start[r as usize] as usize..self.run_start[r as usize + 1] as usize
    }
}
