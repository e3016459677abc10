//! Measures the heavy tail of the 9×9 Sudoku searches, as `sudoku_tail` does for
//! 16×16: both solvers (DFS guesses, DLX search nodes summed over solve and count to
//! two, as the `solve_sudoku` fuzz target runs them) on the 9×9 puzzle sets of
//! `benches/data/sudoku/` and on generated families, printed as median, 90th and 99th
//! percentile, maximum and sum per family. Deterministic (fixed seeds):
//!
//! ```text
//! cargo run --release --example sudoku9_tail [PER_FAMILY] [DUMP_DIR|-] [FAMILY]
//! ```
//!
//! `PER_FAMILY` grids per generated family (default 20,000), `FAMILY` only that one
//! (`sets`, 0-2, or a file of 81-character lines, `end` optional); with `DUMP_DIR` (`-`: none) every grid over 100,000 guesses or
//! nodes is written there in the poj3074 format. Figures: `fuzz/open-crashes/README.md`,
//! "9×9 DLX restarts and DFS locked candidates".
//!
//! `SUBSET=off` in the environment runs DLX without the subset rule of its restarts
//! (`DlxSolver::with_subset_rule`), for before/after figures in one build.

#[path = "common/tail_summary.rs"]
mod tail_summary;

use gridjudge::gen::{sudoku as gen, Rng};
use gridjudge::model::Sudoku;
use gridjudge::solve::{sudoku_dfs::DfsSolver, sudoku_dlx::DlxSolver};
use tail_summary::summary;

/// The generated families, in the order of the output.
const FAMILIES: [&str; 3] = [
    "8-24 givens at random cells with random digits, none clashing (the fuzzer's mode 0)",
    "a solved grid with 17-30 cells kept",
    "a solved grid with 22-32 cells kept, then 1-3 cells overwritten",
];

/// The puzzle sets (one 81-character line per puzzle).
const SETS: [&str; 4] = [
    "top95.txt",
    "magictour_top1465.txt",
    "forum_hardest_1106.txt",
    "serg_benchmark.txt",
];

fn grid(family: usize, rng: &mut Rng) -> Vec<u8> {
    match family {
        0 => {
            let mut p = Sudoku::empty(3).unwrap_or_else(|e| panic!("{e}"));
            for _ in 0..8 + rng.below(17) {
                let (r, col, d) = (rng.below(9), rng.below(9), 1 + rng.below(9) as u8);
                if gen::peers(&p, r, col)
                    .iter()
                    .all(|&(y, x)| p.get(y, x) != d)
                {
                    p.set(r, col, d);
                }
            }
            p.cells().to_vec()
        }
        _ => {
            let solved = gen::solved_grid(3, rng);
            let kept = if family == 1 {
                17 + rng.below(14)
            } else {
                22 + rng.below(11)
            };
            let mut c = gen::remove_cells(&solved, 81 - kept, rng).cells().to_vec();
            if family == 2 {
                for _ in 0..1 + rng.below(3) {
                    c[rng.below(81)] = 1 + rng.below(9) as u8;
                }
            }
            c
        }
    }
}

/// Solve and count to two with both solvers: (DFS guesses, DLX nodes, DLX attempts).
fn measure(dfs: &mut DfsSolver, dlx: &mut DlxSolver, p: &Sudoku) -> (u64, u64, usize) {
    let mut out = p.clone();
    dfs.count(p, 2);
    let g = dfs.last_guesses();
    dlx.solve_into(p, &mut out);
    let (n1, a1) = (dlx.last_stats().nodes, dlx.last_attempts());
    dlx.count(p, 2);
    (g, n1 + dlx.last_stats().nodes, a1.max(dlx.last_attempts()))
}

fn report(
    what: &str,
    start: std::time::Instant,
    g: &mut [u64],
    nodes: &mut [u64],
    restarted: usize,
) {
    println!(
        "{what} ({} grids, {:.1?} both solvers, {restarted} restarted)",
        g.len(),
        start.elapsed()
    );
    println!("  dfs guesses  {}", summary(g));
    println!("  dlx nodes    {}", summary(nodes));
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let per: usize = match args.next() {
        Some(a) => a.parse().map_err(|e| format!("PER_FAMILY {a:?}: {e}"))?,
        None => 20_000,
    };
    let dump = args
        .next()
        .filter(|d| d != "-")
        .map(std::path::PathBuf::from);
    let only = args.next();
    if per == 0 {
        return Err("PER_FAMILY must be at least 1".into());
    }
    let mut dfs = DfsSolver::new(3)?;
    // `SUBSET=off`: DLX's restarts without the subset rule (for side-by-side runs).
    let subset = std::env::var("SUBSET").map_or(true, |v| v != "off");
    let mut dlx = DlxSolver::new(3)?.with_subset_rule(subset);
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data/sudoku");
    let sets: Vec<std::path::PathBuf> = match only.as_deref() {
        None | Some("sets") => SETS.iter().map(|s| data.join(s)).collect(),
        Some(f) if std::path::Path::new(f).is_file() => vec![f.into()],
        Some(_) => Vec::new(),
    };
    {
        for path in sets {
            let set = path.display().to_string();
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let (mut g, mut nodes, mut restarted) = (Vec::new(), Vec::new(), 0);
            let start = std::time::Instant::now();
            for (i, line) in text.lines().enumerate() {
                if line.trim() == "end" {
                    break;
                }
                let cells: Vec<u8> = line
                    .trim()
                    .bytes()
                    .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
                    .collect();
                let p = Sudoku::from_cells(3, cells)
                    .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
                let (a, b, attempts) = measure(&mut dfs, &mut dlx, &p);
                g.push(a);
                nodes.push(b);
                restarted += usize::from(attempts > 1);
            }
            report(&set, start, &mut g, &mut nodes, restarted);
        }
    }
    for (family, what) in FAMILIES.iter().enumerate() {
        if only.as_deref().is_some_and(|f| f != family.to_string()) {
            continue;
        }
        let mut rng = Rng::new(0x9a1e + family as u64);
        let (mut g, mut nodes, mut restarted) = (Vec::new(), Vec::new(), 0);
        let start = std::time::Instant::now();
        for _ in 0..per {
            let p = Sudoku::from_cells(3, grid(family, &mut rng))?;
            let (a, b, attempts) = measure(&mut dfs, &mut dlx, &p);
            g.push(a);
            nodes.push(b);
            restarted += usize::from(attempts > 1);
            if let Some(dir) = dump.as_ref().filter(|_| a > 100_000 || b > 100_000) {
                let line: String = p
                    .cells()
                    .iter()
                    .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
                    .collect();
                std::fs::write(
                    dir.join(format!("slow9-{family}-{a}-{b}.poj3074.in")),
                    line + "\nend\n",
                )?;
            }
        }
        report(
            &format!("family {family}: {what}"),
            start,
            &mut g,
            &mut nodes,
            restarted,
        );
    }
    Ok(())
}
