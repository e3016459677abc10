//! The kinds a problem definition is made of, each answered by a layer above: which
//! rules its answers obey ([`Rules`], for the validators and the checker), which judge
//! format its files are in ([`Syntax`], for the format module) and which reference
//! solvers answer it ([`SolverKind`], for the solve module).

use std::fmt;

/// Which rules a problem's answers obey.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// Sudoku of box size `b`.
    Sudoku {
        /// Box size.
        box_size: usize,
    },
    /// Kakuro; `distinct` digits per run for the classic rules, repeats allowed otherwise.
    Kakuro {
        /// Whether digits in a run must differ.
        distinct: bool,
    },
}

/// A judge format: how a problem's inputs and outputs are spelled. Each is one module of
/// `format` (of the same name), which reads and writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// One 81-character line per 9×9 puzzle (`.` empty), `end` closing the input.
    Poj3074,
    /// A case count, then 9 lines of 9 digits per puzzle (`0` empty).
    Poj2676,
    /// 16 lines of 16 letters `A`-`P` per puzzle (`-` empty), puzzles apart by a blank line.
    Poj3076,
    /// Kakuro boards: `n m`, then `n` lines of `m` seven-character cells, until end of file.
    Hdu3338,
}

impl Syntax {
    /// Whether the format can spell a case under `rules`: a Sudoku format holds one box
    /// size, the Kakuro format either rule set.
    pub fn holds(self, rules: Rules) -> bool {
        match (self, rules) {
            (Syntax::Poj3074 | Syntax::Poj2676, Rules::Sudoku { box_size }) => box_size == 3,
            (Syntax::Poj3076, Rules::Sudoku { box_size }) => box_size == 4,
            (Syntax::Hdu3338, Rules::Kakuro { .. }) => true,
            _ => false,
        }
    }
}

/// Which reference solver to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum SolverKind {
    /// Dancing links (Sudoku).
    Dlx,
    /// Bitmask depth-first search (Sudoku).
    Dfs,
    /// Max-flow with lower bounds (hdu3338).
    Flow,
    /// Combination-mask search (classic kakuro).
    Search,
}

impl SolverKind {
    /// The solvers that answer cases under `rules` correctly.
    pub fn for_rules(rules: Rules) -> &'static [SolverKind] {
        match rules {
            Rules::Sudoku { .. } => &[SolverKind::Dlx, SolverKind::Dfs],
            Rules::Kakuro { distinct: false } => &[SolverKind::Flow],
            Rules::Kakuro { distinct: true } => &[SolverKind::Search],
        }
    }

    /// Whether this solver answers cases under `rules` correctly.
    pub fn answers(self, rules: Rules) -> bool {
        SolverKind::for_rules(rules).contains(&self)
    }
}

impl fmt::Display for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SolverKind::Dlx => "dlx",
            SolverKind::Dfs => "dfs",
            SolverKind::Flow => "flow",
            SolverKind::Search => "search",
        })
    }
}
