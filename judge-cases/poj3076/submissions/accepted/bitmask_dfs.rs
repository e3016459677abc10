//! poj3076 accepted (Rust): 16x16 bitmask depth-first search with naked and hidden singles.
//! At every node the candidates of all empty cells are recomputed from row, column and box
//! masks; a cell with no candidate or a unit where a missing digit has no place fails the
//! node; a hidden single (a digit with one place in a unit) or a naked single is placed
//! without branching; otherwise the search branches on the cell with the fewest candidates.
//! Reads data sets of 16 lines of `A`-`P`/`-` until end of file; prints each solution,
//! data sets separated by one empty line. Expected verdict: AC, well under 1 s per file.
use std::io::{self, BufWriter, Read, Write};

const N: usize = 16;
const CELLS: usize = N * N;
const ALL: u32 = 0xFFFF;

struct State {
    grid: [u8; CELLS],
    row: [u32; N],
    col: [u32; N],
    bx: [u32; N],
}

fn box_of(cell: usize) -> usize {
    (cell / 64) * 4 + (cell % N) / 4
}

fn unit_cells(u: usize, k: usize) -> usize {
    match u / N {
        0 => (u % N) * N + k,
        1 => k * N + u % N,
        _ => {
            let b = u % N;
            ((b / 4) * 4 + k / 4) * N + (b % 4) * 4 + k % 4
        }
    }
}

impl State {
    fn place(&mut self, cell: usize, bit: u32) {
        self.grid[cell] = bit.trailing_zeros() as u8 + 1;
        self.row[cell / N] |= bit;
        self.col[cell % N] |= bit;
        self.bx[box_of(cell)] |= bit;
    }
    fn unplace(&mut self, cell: usize, bit: u32) {
        self.grid[cell] = 0;
        self.row[cell / N] &= !bit;
        self.col[cell % N] &= !bit;
        self.bx[box_of(cell)] &= !bit;
    }
    fn cand(&self, cell: usize) -> u32 {
        ALL & !(self.row[cell / N] | self.col[cell % N] | self.bx[box_of(cell)])
    }

    fn search(&mut self) -> bool {
        // forced placements made at this node, undone on failure
        let mut forced: Vec<(usize, u32)> = Vec::new();
        loop {
            let mut progress = false;
            let mut best = usize::MAX;
            let mut best_count = 99;
            let mut any_empty = false;
            for cell in 0..CELLS {
                if self.grid[cell] != 0 {
                    continue;
                }
                any_empty = true;
                let c = self.cand(cell);
                let n = c.count_ones();
                if n == 0 {
                    self.undo(&forced);
                    return false;
                }
                if n == 1 {
                    self.place(cell, c);
                    forced.push((cell, c));
                    progress = true;
                } else if n < best_count {
                    best = cell;
                    best_count = n;
                }
            }
            if !any_empty {
                return true;
            }
            if progress {
                continue;
            }
            // hidden singles
            for u in 0..3 * N {
                let (mut once, mut twice, mut used) = (0u32, 0u32, 0u32);
                for k in 0..N {
                    let cell = unit_cells(u, k);
                    if self.grid[cell] != 0 {
                        used |= 1 << (self.grid[cell] - 1);
                    } else {
                        let c = self.cand(cell);
                        twice |= once & c;
                        once |= c;
                    }
                }
                if (once | used) != ALL {
                    self.undo(&forced);
                    return false;
                }
                let only = once & !twice;
                if only != 0 {
                    for k in 0..N {
                        let cell = unit_cells(u, k);
                        if self.grid[cell] == 0 {
                            let c = self.cand(cell) & only;
                            if c != 0 {
                                if c.count_ones() > 1 {
                                    self.undo(&forced);
                                    return false;
                                }
                                self.place(cell, c);
                                forced.push((cell, c));
                                progress = true;
                            }
                        }
                    }
                }
            }
            if progress {
                continue;
            }
            let mut c = self.cand(best);
            while c != 0 {
                let bit = c & c.wrapping_neg();
                c ^= bit;
                self.place(best, bit);
                if self.search() {
                    return true;
                }
                self.unplace(best, bit);
            }
            self.undo(&forced);
            return false;
        }
    }

    fn undo(&mut self, forced: &[(usize, u32)]) {
        for &(cell, bit) in forced.iter().rev() {
            self.unplace(cell, bit);
        }
    }
}

fn main() {
    let mut input = String::new();
    if io::stdin().read_to_string(&mut input).is_err() {
        return;
    }
    let rows: Vec<&str> = input.split_whitespace().collect();
    let mut out = BufWriter::new(io::stdout().lock());
    for (set, chunk) in rows.chunks(N).enumerate() {
        if chunk.len() < N {
            break;
        }
        let mut s = State {
            grid: [0; CELLS],
            row: [0; N],
            col: [0; N],
            bx: [0; N],
        };
        for (r, line) in chunk.iter().enumerate() {
            for (c, ch) in line.bytes().take(N).enumerate() {
                if (b'A'..=b'P').contains(&ch) {
                    s.place(r * N + c, 1 << (ch - b'A'));
                }
            }
        }
        s.search();
        if set > 0 {
            writeln!(out).ok();
        }
        for r in 0..N {
            let text: String = s.grid[r * N..(r + 1) * N]
                .iter()
                .map(|&d| (b'A' + d - 1) as char)
                .collect();
            writeln!(out, "{}", text).ok();
        }
    }
}
