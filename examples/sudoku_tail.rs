//! Measures the heavy tail of the 16×16 Sudoku searches: both solvers (generic DFS
//! guesses, DLX search nodes) on ten generated families of 16×16 grids, printed as
//! median, 90th and 99th percentile, maximum and sum per family. Deterministic (fixed
//! seeds), so a change to a solver's branching or restarts can be compared side by
//! side, before and after, on the same grids:
//!
//! ```text
//! cargo run --release --example sudoku_tail [PER_FAMILY] [DUMP_DIR|-] [FAMILY]
//! ```
//!
//! `PER_FAMILY` grids per family (default 2,000), `FAMILY` only that family (0-9),
//! or instead of it one or more files of poj3076 grids: each grid's guesses, nodes,
//! attempts and times for solve and count to two (`PER_FAMILY` then unused);
//! with `DUMP_DIR` (`-`: none), every grid that takes
//! either solver more than 100,000 guesses or nodes is written there in the poj3076
//! format (`slow-FAMILY-DFS_GUESSES.poj3076.in`). Figures and what they led to:
//! `fuzz/open-crashes/README.md` ("DLX restarts", "Random restart choices and Luby budgets",
//! "Conflict-weighted branching", "Sudoku generator limits lifted", "DLX carried weights" and
//! "Every DFS restart weighted").
//!
//! `SUBSET=off` in the environment runs DLX without the subset rule of its restarts
//! (`DlxSolver::with_subset_rule`), for before/after figures in one build.

#[path = "common/tail_summary.rs"]
mod tail_summary;

use gridjudge::gen::{sudoku as gen, Rng};
use gridjudge::model::Sudoku;
use gridjudge::solve::{sudoku_dfs::DfsSolver, sudoku_dlx::DlxSolver};
use tail_summary::summary;

/// The families, in the order of the output.
const FAMILIES: [&str; 10] = [
    "50 % of the cells emptied",
    "70 % emptied",
    "85 % emptied",
    "two columns of every stack emptied, then 20 % more",
    "0-19 random givens (often no solution)",
    "60 % emptied, 1-3 cells overwritten (often no solution)",
    "two rows of every band emptied",
    "two bands keep the same two columns of every stack, a ninth row half its cells",
    "the first 5-12 rows keep ~half of their cells, the rest emptied",
    "first band 0-2 givens, middle bands the same 6 columns, last band 6-8 others",
];

fn grid(family: usize, rng: &mut Rng) -> Vec<u8> {
    let solved = gen::solved_grid(4, rng);
    let mut c = solved.cells().to_vec();
    match family {
        0..=2 => {
            c = gen::remove_cells(&solved, [128, 179, 218][family], rng)
                .cells()
                .to_vec()
        }
        3 | 6 => {
            for s in 0..4 {
                let a = rng.below(4);
                let b = (a + 1 + rng.below(3)) % 4;
                for i in 0..16 {
                    let (x, y) = (s * 4 + a, s * 4 + b);
                    if family == 3 {
                        c[i * 16 + x] = 0;
                        c[i * 16 + y] = 0;
                    } else {
                        c[x * 16 + i] = 0;
                        c[y * 16 + i] = 0;
                    }
                }
            }
            if family == 3 {
                for v in c.iter_mut() {
                    if rng.chance(1, 5) {
                        *v = 0;
                    }
                }
            }
        }
        7 | 8 => {
            let kept_rows = if family == 7 { 9 } else { 5 + rng.below(8) };
            let mut columns = 0;
            for s in 0..4 {
                let a = rng.below(4);
                let b = (a + 1 + rng.below(3)) % 4;
                columns |= 1 << (s * 4 + a) | 1 << (s * 4 + b);
            }
            for (i, v) in c.iter_mut().enumerate() {
                let keep = match family {
                    7 if i < 128 => columns >> (i % 16) & 1 == 1,
                    _ => rng.chance(1, 2),
                };
                if i / 16 >= kept_rows || !keep {
                    *v = 0;
                }
            }
        }
        9 => {
            // The fuzzer's empty-band grids (fuzz/open-crashes, "Empty-band grids"):
            // its keep-bytes (one per 8 cells) repeated, so every row of a band keeps
            // the same columns, the same ones in both halves of the row.
            let columns = |k: usize, rng: &mut Rng| {
                let mut set = 0u32;
                while set.count_ones() < k as u32 {
                    set |= 1 << rng.below(8);
                }
                set | set << 8
            };
            // The pattern (4·(r mod 4) + r div 4 + c) mod 16 as the fuzzer builds it:
            // symbols relabelled, rows swapped inside bands, columns inside stacks.
            let mut perm: Vec<u8> = (1..=16).collect();
            for i in (1..16).rev() {
                perm.swap(i, rng.below(i + 1));
            }
            let (mut rows, mut cols): (Vec<usize>, Vec<usize>) =
                ((0..16).collect(), (0..16).collect());
            for _ in 0..16 {
                let (band, stack) = (rng.below(4) * 4, rng.below(4) * 4);
                rows.swap(band + rng.below(4), band + rng.below(4));
                cols.swap(stack + rng.below(4), stack + rng.below(4));
            }
            for (i, v) in c.iter_mut().enumerate() {
                let (r, col) = (rows[i / 16], cols[i % 16]);
                *v = perm[(4 * (r % 4) + r / 4 + col) % 16];
            }
            let middle = columns(3, rng);
            let last = columns(3 + rng.below(2), rng);
            let givens = rng.below(3);
            let first: Vec<usize> = (0..givens).map(|_| rng.below(64)).collect();
            for (i, v) in c.iter_mut().enumerate() {
                let (r, col) = (i / 16, i % 16);
                let keep = match r {
                    0..=3 => first.contains(&i),
                    4..=11 => middle >> col & 1 == 1 || rng.chance(1, 32),
                    _ => last >> col & 1 == 1,
                };
                if !keep {
                    *v = 0;
                }
            }
        }
        4 => {
            c = vec![0; 256];
            for _ in 0..rng.below(20) {
                c[rng.below(256)] = 1 + rng.below(16) as u8;
            }
        }
        _ => {
            c = gen::remove_cells(&solved, 154, rng).cells().to_vec();
            for _ in 0..1 + rng.below(3) {
                c[rng.below(256)] = 1 + rng.below(16) as u8;
            }
        }
    }
    c
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let per: usize = match args.next() {
        Some(a) => a.parse().map_err(|e| format!("PER_FAMILY {a:?}: {e}"))?,
        None => 2_000,
    };
    let dump = args
        .next()
        .filter(|d| d != "-")
        .map(std::path::PathBuf::from);
    let rest: Vec<String> = args.collect();
    let mut dfs = DfsSolver::new(4)?;
    // `SUBSET=off`: DLX's restarts without the subset rule (for side-by-side runs).
    let subset = std::env::var("SUBSET").map_or(true, |v| v != "off");
    let mut dlx = DlxSolver::new(4)?.with_subset_rule(subset);
    if rest.iter().any(|a| std::path::Path::new(a).is_file()) {
        // Files of poj3076 grids: each grid's figures (solve, then count to two).
        for path in &rest {
            let text = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            let puzzles = gridjudge::format::parse_input(gridjudge::Problem::Poj3076, &text)
                .map_err(|e| format!("{path}: {e}"))?;
            for (i, puzzle) in puzzles.iter().enumerate() {
                let gridjudge::Puzzle::Sudoku(p) = puzzle else {
                    continue;
                };
                let start = std::time::Instant::now();
                let mut out = p.clone();
                let solved = dfs.solve_into(p, &mut out);
                let (g1, a1) = (dfs.last_guesses(), dfs.last_attempts());
                let count = dfs.count(p, 2);
                let (g2, a2) = (dfs.last_guesses(), dfs.last_attempts());
                let dfs_time = start.elapsed();
                let start = std::time::Instant::now();
                dlx.solve_into(p, &mut out);
                let (n1, b1) = (dlx.last_stats().nodes, dlx.last_attempts());
                dlx.count(p, 2);
                let (n2, b2) = (dlx.last_stats().nodes, dlx.last_attempts());
                println!(
                    "{path} #{}: solved {solved}, count {count}; dfs guesses {g1} + {g2} \
                     ({a1} + {a2} attempts, {dfs_time:.1?}); dlx nodes {n1} + {n2} \
                     ({b1} + {b2} attempts, {:.1?})",
                    i + 1,
                    start.elapsed()
                );
            }
        }
        return Ok(());
    }
    let only: Option<usize> = match rest.first() {
        Some(a) => Some(a.parse().map_err(|e| format!("FAMILY {a:?}: {e}"))?),
        None => None,
    };
    if per == 0 {
        return Err("PER_FAMILY must be at least 1".into());
    }
    for (family, what) in FAMILIES.iter().enumerate() {
        if only.is_some_and(|f| f != family) {
            continue;
        }
        let mut rng = Rng::new(0x5ca1e + family as u64);
        let (mut g, mut nodes) = (Vec::with_capacity(per), Vec::with_capacity(per));
        let start = std::time::Instant::now();
        for _ in 0..per {
            let cells = grid(family, &mut rng);
            let p = Sudoku::from_cells(4, cells)?;
            dfs.count(&p, 1);
            dlx.count(&p, 1);
            let (a, b) = (dfs.last_guesses(), dlx.last_stats().nodes);
            g.push(a);
            nodes.push(b);
            if let Some(dir) = dump.as_ref().filter(|_| a > 100_000 || b > 100_000) {
                let text: String = p
                    .cells()
                    .chunks(16)
                    .map(|r| {
                        let line: String = r
                            .iter()
                            .map(|&v| if v == 0 { '-' } else { (b'A' + v - 1) as char })
                            .collect();
                        line + "\n"
                    })
                    .collect();
                std::fs::write(dir.join(format!("slow-{family}-{a}.poj3076.in")), text)?;
            }
        }
        println!(
            "family {family}: {what} ({per} grids, {:.1?} both solvers)",
            start.elapsed()
        );
        println!("  dfs guesses  {}", summary(&mut g));
        println!("  dlx nodes    {}", summary(&mut nodes));
    }
    Ok(())
}
